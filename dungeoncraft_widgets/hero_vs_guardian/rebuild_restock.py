"""Rebuild and Restock: how the Guardian rearranges and refills his Dungeon.

The rulebook's sections *Rebuild* and *Restock* with the rules that govern both. A
mixin of :class:`.rules.HeroVsGuardianState`: the build under way is ``state.build``
(a dict, saved with the game).
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from .actions import (
    Arrange,
    Discard,
    Done,
    Lift,
    Rebuild,
    Restock,
    SetRoom,
    Shift,
    made,
)
from .dungeon import (
    LOCATIONS,
    MAX_ROOMS,
    _ceil_half,
    neighbours,
)


class RebuildRestockRules:
    """Legal actions, refusals and effects of a Rebuild or Restock (see the module)."""

    build: dict[str, Any] | None

    def _rebuild_limit(self) -> int:
        free = len(self._unprotected())
        return min(free, max(3, _ceil_half(free)))

    def _build_actions(self) -> list[Action]:
        b = self.build
        assert b is not None
        if b["kind"] == "rebuild":
            if b["stage"] == "lift":
                acts: list[Action] = [made(Lift, loc) for loc in self._unprotected()
                                      if loc not in b["locs"]]
                if b["locs"]:
                    acts.append(Arrange())
                return acts
            acts = []
            pool = b["pool"]
            needs = self._rebuild_needs()
            for card in dict.fromkeys(pool):
                for loc in b["locs"]:
                    count = len(self.grid[loc])
                    if count >= MAX_ROOMS:
                        continue
                    filling = loc in b["need"] and count == 0
                    if len(pool) - 1 >= needs - (1 if filling else 0):
                        acts.append(made(SetRoom, card, loc))
                if card != self.cards.vault and len(pool) - 1 >= needs:
                    acts.append(made(Discard, card))
            return acts
        # restock
        over = [loc for loc in LOCATIONS if len(self.grid[loc]) > MAX_ROOMS]
        if over:
            loc = over[0]
            return self._restock_moves(loc, only_from=loc)
        acts = [Done()]
        targets = [loc for loc in self._unprotected() if len(self.grid[loc]) <= MAX_ROOMS]
        for card in dict.fromkeys(self.guardian_hand):
            if self.cards.is_room(card):
                acts += [made(SetRoom, card, loc) for loc in targets]
        for loc in b["locs"]:
            acts += self._restock_moves(loc, only_from=loc)
        removable = {a.card for a in acts if isinstance(a, Discard)}
        for loc in targets:
            if len(self.grid[loc]) >= 2:
                for r in self.grid[loc]:
                    if r != self.cards.vault and r not in removable:
                        removable.add(r)
                        acts.append(made(Discard, r))
        return acts

    def _restock_moves(self, loc: str, only_from: str) -> list[Action]:
        b = self.build
        assert b is not None
        acts: list[Action] = []
        rooms = self.grid[loc]
        if len(rooms) < 2:
            return acts
        for r in rooms:
            if r in b["moved"]:
                continue
            for n in neighbours(loc):
                if n not in self.tokens and len(self.grid[n]) < MAX_ROOMS:
                    acts.append(made(Shift, r, n))
        if len(rooms) > MAX_ROOMS:
            acts += [made(Discard, r) for r in rooms if r != self.cards.vault]
        return acts

    def _rebuild_allows(self, action: SetRoom | Discard) -> bool:
        """Whether a lifted room may be set at ``action.loc`` (or removed) now: the rule of
        ``_build_actions`` for one action, without building the list."""
        b = self.build
        assert b is not None
        pool = b["pool"]
        if b["stage"] != "arrange" or action.card not in pool:
            return False
        needs = self._rebuild_needs()
        if isinstance(action, Discard):
            return action.card != self.cards.vault and len(pool) - 1 >= needs
        loc = action.loc
        if loc not in b["locs"] or len(self.grid[loc]) >= MAX_ROOMS:
            return False
        filling = loc in b["need"] and not self.grid[loc]
        return len(pool) - 1 >= needs - (1 if filling else 0)

    def _rebuild_needs(self) -> int:
        b = self.build
        assert b is not None
        return sum(1 for loc in b["need"] if not self.grid[loc])

    def _explain_build(self, action: Action) -> str:
        b = self.build
        assert b is not None
        v = action.verb
        loc = getattr(action, "loc", None)
        card = getattr(action, "card", None)
        if v in ("set", "shift", "lift") and loc in self.tokens:
            return f"{v}: locations with a Map or Scout Token cannot be affected by a {b['kind']}"
        if v == "discard" and card == self.cards.vault:
            return "discard: the Treasure Vault cannot be removed from the Dungeon"
        if b["kind"] == "rebuild":
            if b["stage"] == "lift":
                if v == "lift" and len(b["locs"]) >= self._rebuild_limit():
                    return (f"lift: a Rebuild rearranges at most {self._rebuild_limit()} "
                            "locations (half the unmapped, unscouted ones, rounded up; at least 3)")
                if v == "lift":
                    return "lift: that location is already lifted"
                return f"{v}: lift locations, then 'arrange'"
            if v == "set":
                if card not in b["pool"]:
                    return "set: only the lifted rooms are rearranged"
                if loc not in b["locs"]:
                    return "set: lifted rooms go back into the lifted locations"
                if len(self.grid[loc]) >= MAX_ROOMS:
                    return "set: no more than 2 Dungeon Room Cards are allowed in a location"
                return "set: at least 1 Room Card must remain in each location that had one"
            if v == "discard":
                if card not in b["pool"]:
                    return "discard: only lifted rooms can be removed in a Rebuild"
                return "discard: at least 1 Room Card must remain in each location that had one"
            return f"{v}: put every lifted room back (set) or remove it (discard)"
        over = [x for x in LOCATIONS if len(self.grid[x]) > MAX_ROOMS]
        if over:
            return (f"{v}: {over[0]} holds 3 rooms; no more than 2 are allowed - move or remove "
                    "one first")
        if v == "set":
            if card not in self.guardian_hand or not self.cards.is_room(card):
                return "set: Restock places Room cards from the Guardian's hand"
            return "set: no more than 2 Dungeon Room Cards are allowed in a location"
        if v == "shift":
            if card in b["moved"]:
                return "shift: a room moves once per Restock"
            return ("shift: only rooms in a location you restocked move, to an adjacent location "
                    "without a Map/Scout Token and with room for it, leaving at least 1 behind")
        if v == "discard":
            return ("discard: remove only a room that shares its location (at least 1 Room Card "
                    "must remain), and never the Vault")
        return f"{v}: during a Restock: set, shift, discard or done"

    def _do_rebuild(self, a: Rebuild) -> None:
        self.guardian_stones -= 1
        self.build = {"kind": "rebuild", "stage": "lift", "locs": [], "pool": [], "need": [],
                      "moved": []}
        self.record("rebuild", f"The Guardian Rebuilds (up to {self._rebuild_limit()} "
                    "locations).", player=self.guardian)

    def _do_lift(self, a: Lift) -> None:
        b = self.build
        assert b is not None
        b["locs"].append(a.loc)
        if self.grid[a.loc]:
            b["need"].append(a.loc)
        b["pool"].extend(self.grid[a.loc])
        self.grid[a.loc] = []
        self.record("lift", f"The rooms of {a.loc} are lifted.", player=self.guardian,
                    loc=a.loc)
        if len(b["locs"]) >= self._rebuild_limit() or all(
                loc in b["locs"] for loc in self._unprotected()):
            self._do_arrange(Arrange())

    def _do_arrange(self, a: Arrange) -> None:
        b = self.build
        assert b is not None
        b["stage"] = "arrange"
        if not b["pool"]:
            self._finish_build()

    def _do_setroom(self, a: SetRoom) -> None:
        b = self.build
        assert b is not None
        g = self.guardian
        if b["kind"] == "rebuild":
            b["pool"].remove(a.card)
        else:
            self.guardian_hand.remove(a.card)
            if a.loc not in b["locs"]:
                b["locs"].append(a.loc)
        self.grid[a.loc].append(a.card)
        self.record("set", f"A room is put at {a.loc}.", player=g, loc=a.loc)
        if b["kind"] == "rebuild" and not b["pool"]:
            self._finish_build()

    def _do_shift(self, a: Shift) -> None:
        b = self.build
        assert b is not None
        g = self.guardian
        origin = next(loc for loc in LOCATIONS if a.card in self.grid[loc])
        self.grid[origin].remove(a.card)
        self.grid[a.loc].append(a.card)
        b["moved"].append(a.card)
        self.record("shift", f"A room moves from {origin} to {a.loc}.", player=g, loc=a.loc,
                    origin=origin)

    def _do_discard(self, a: Discard) -> None:
        b = self.build
        assert b is not None
        if b["kind"] == "rebuild":
            b["pool"].remove(a.card)
        else:
            origin = next(loc for loc in LOCATIONS if a.card in self.grid[loc])
            self.grid[origin].remove(a.card)
        self._remove_face_up(a.card)
        self.removed.append([a.card, self.active])
        self.record("remove", f"The Guardian removes {self.name(a.card)} from the Dungeon "
                    f"(half its points, rounded up, for {self.players[self.active]}).",
                    player=self.guardian, card=a.card)
        if b["kind"] == "rebuild" and not b["pool"]:
            self._finish_build()

    def _do_restock(self, a: Restock) -> None:
        self.guardian_stones -= 1
        self.build = {"kind": "restock", "stage": "set", "locs": [], "pool": [], "need": [],
                      "moved": []}
        self.record("restock", "The Guardian Restocks.", player=self.guardian)

    def _do_done(self, a: Done) -> None:
        self._finish_build()

    def _finish_build(self) -> None:
        b = self.build
        assert b is not None
        self.record(b["kind"], f"The {b['kind'].capitalize()} is done.", player=self.guardian)
        self.build = None
        self._after_guardian_action()

