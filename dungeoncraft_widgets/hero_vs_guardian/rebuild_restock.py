"""Rebuild and Restock: the rulebook's rules of the Guardian's building, as pure functions.

The rulebook's sections *Rebuild* and *Restock* with the rules that govern both: which
locations a build may touch (:func:`unprotected`), how many a Rebuild lifts
(:func:`rebuild_limit`), what may be set, moved or removed at each step
(:func:`build_actions`, :func:`rebuild_allows`) and why anything else is refused
(:func:`refusal`). A build under way is plain data (:func:`new_build`: the game saves it as
``state.build``); each function takes it with the grid (location -> room ids), the tokens
(location -> "map"/"scout") and the card set.

>>> tokens = {"A1": "map", "B1": "scout"}
>>> len(unprotected(tokens)), rebuild_limit(tokens)    # half of 14, rounded up: 7
(14, 7)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.actions import Action, shared
from .actions import Arrange, Discard, Done, Lift, SetRoom, Shift
from .data import CardSet
from .dungeon import LOCATIONS, MAX_ROOMS, half_rounded_up, neighbours

__all__ = ["build_actions", "new_build", "overfull", "rebuild_allows", "rebuild_limit",
           "rebuild_needs", "refusal", "unprotected"]

Grid = Mapping[str, Sequence[str]]


def new_build(kind: str) -> dict[str, Any]:
    """A Rebuild or Restock just begun, as the plain data a game saves: its ``stage``
    ("lift", then "arrange"; a Restock "set"), the locations touched (``locs``: lifted, or
    restocked), the lifted rooms (``pool``), the lifted locations that had a room (``need``:
    each gets one back) and the rooms moved (``moved``: once each).

    >>> new_build("rebuild")["stage"], new_build("restock")["stage"]
    ('lift', 'set')
    """
    return {"kind": kind, "stage": "lift" if kind == "rebuild" else "set", "locs": [],
            "pool": [], "need": [], "moved": []}


def unprotected(tokens: Mapping[str, str]) -> list[str]:
    """Locations without a Map or Scout Token: the only ones a Rebuild or Restock touches."""
    return [loc for loc in LOCATIONS if loc not in tokens]


def rebuild_limit(tokens: Mapping[str, str]) -> int:
    """How many locations a Rebuild may lift: "half the unmapped and unscouted locations
    (round up). At least 3 locations" (never more than there are)."""
    free = len(unprotected(tokens))
    return min(free, max(3, half_rounded_up(free)))


def overfull(grid: Grid) -> list[str]:
    """Locations holding more rooms than allowed ("No more than 2 Dungeon Room Cards are
    allowed in a location"): a Restock's third room must go first."""
    return [loc for loc in LOCATIONS if len(grid[loc]) > MAX_ROOMS]


def rebuild_needs(build: Mapping[str, Any], grid: Grid) -> int:
    """Lifted locations that had a room and have none back yet (each must get one)."""
    return sum(1 for loc in build["need"] if not grid[loc])


def rebuild_allows(build: Mapping[str, Any], grid: Grid, card: str, loc: str | None,
                   vault: str) -> bool:
    """Whether a lifted room may be set at ``loc`` now (``loc`` None: removed), without
    listing every action: the rule :func:`build_actions` lists for one action."""
    pool = build["pool"]
    if build["stage"] != "arrange" or card not in pool:
        return False
    needs = rebuild_needs(build, grid)
    if loc is None:
        return card != vault and len(pool) - 1 >= needs
    if loc not in build["locs"] or len(grid[loc]) >= MAX_ROOMS:
        return False
    filling = loc in build["need"] and not grid[loc]
    return len(pool) - 1 >= needs - (1 if filling else 0)


def build_actions(build: Mapping[str, Any], grid: Grid, tokens: Mapping[str, str],
                  hand: Sequence[str], cards: CardSet) -> list[Action]:
    """Every legal step of the Rebuild or Restock ``build`` (the Guardian's ``hand``)."""
    if build["kind"] == "rebuild":
        if build["stage"] == "lift":
            acts: list[Action] = [shared(Lift, loc) for loc in unprotected(tokens)
                                  if loc not in build["locs"]]
            if build["locs"]:
                acts.append(Arrange())
            return acts
        acts = []
        pool = build["pool"]
        needs = rebuild_needs(build, grid)
        for card in dict.fromkeys(pool):
            for loc in build["locs"]:
                count = len(grid[loc])
                if count >= MAX_ROOMS:
                    continue
                filling = loc in build["need"] and count == 0
                if len(pool) - 1 >= needs - (1 if filling else 0):
                    acts.append(shared(SetRoom, card, loc))
            if card != cards.vault and len(pool) - 1 >= needs:
                acts.append(shared(Discard, card))
        return acts
    over = overfull(grid)
    if over:
        return _restock_moves(build, grid, tokens, over[0], cards.vault)
    acts = [Done()]
    targets = [loc for loc in unprotected(tokens) if len(grid[loc]) <= MAX_ROOMS]
    for card in dict.fromkeys(hand):
        if cards.is_room(card):
            acts += [shared(SetRoom, card, loc) for loc in targets]
    for loc in build["locs"]:
        acts += _restock_moves(build, grid, tokens, loc, cards.vault)
    removable = {a.card for a in acts if isinstance(a, Discard)}
    for loc in targets:
        if len(grid[loc]) >= 2:
            for r in grid[loc]:
                if r != cards.vault and r not in removable:
                    removable.add(r)
                    acts.append(shared(Discard, r))
    return acts


def _restock_moves(build: Mapping[str, Any], grid: Grid, tokens: Mapping[str, str], loc: str,
                   vault: str) -> list[Action]:
    """A restocked location's rooms moving to an adjacent location (each once, leaving one
    behind), or removed when it holds one too many."""
    acts: list[Action] = []
    rooms = grid[loc]
    if len(rooms) < 2:
        return acts
    for r in rooms:
        if r in build["moved"]:
            continue
        for n in neighbours(loc):
            if n not in tokens and len(grid[n]) < MAX_ROOMS:
                acts.append(shared(Shift, r, n))
    if len(rooms) > MAX_ROOMS:
        acts += [shared(Discard, r) for r in rooms if r != vault]
    return acts


def refusal(action: Action, build: Mapping[str, Any], grid: Grid, tokens: Mapping[str, str],
            hand: Sequence[str], cards: CardSet) -> str:
    """Why ``action`` is not a legal step of ``build`` now, naming the rule."""
    v = action.verb
    loc = getattr(action, "loc", None)
    card = getattr(action, "card", None)
    if v in ("set", "shift", "lift") and loc in tokens:
        return f"{v}: locations with a Map or Scout Token cannot be affected by a {build['kind']}"
    if v == "discard" and card == cards.vault:
        return "discard: the Treasure Vault cannot be removed from the Dungeon"
    if build["kind"] == "rebuild":
        if build["stage"] == "lift":
            limit = rebuild_limit(tokens)
            if v == "lift" and len(build["locs"]) >= limit:
                return (f"lift: a Rebuild rearranges at most {limit} "
                        "locations (half the unmapped, unscouted ones, rounded up; at least 3)")
            if v == "lift":
                return "lift: that location is already lifted"
            return f"{v}: lift locations, then 'arrange'"
        if v == "set":
            if card not in build["pool"]:
                return "set: only the lifted rooms are rearranged"
            if loc not in build["locs"]:
                return "set: lifted rooms go back into the lifted locations"
            if len(grid[loc]) >= MAX_ROOMS:
                return "set: no more than 2 Dungeon Room Cards are allowed in a location"
            return "set: at least 1 Room Card must remain in each location that had one"
        if v == "discard":
            if card not in build["pool"]:
                return "discard: only lifted rooms can be removed in a Rebuild"
            return "discard: at least 1 Room Card must remain in each location that had one"
        return f"{v}: put every lifted room back (set) or remove it (discard)"
    over = overfull(grid)
    if over:
        return (f"{v}: {over[0]} holds 3 rooms; no more than 2 are allowed - move or remove "
                "one first")
    if v == "set":
        if card not in hand or not cards.is_room(card):
            return "set: Restock places Room cards from the Guardian's hand"
        return "set: no more than 2 Dungeon Room Cards are allowed in a location"
    if v == "shift":
        if card in build["moved"]:
            return "shift: a room moves once per Restock"
        return ("shift: only rooms in a location you restocked move, to an adjacent location "
                "without a Map/Scout Token and with room for it, leaving at least 1 behind")
    if v == "discard":
        return ("discard: remove only a room that shares its location (at least 1 Room Card "
                "must remain), and never the Vault")
    return f"{v}: during a Restock: set, shift, discard or done"
