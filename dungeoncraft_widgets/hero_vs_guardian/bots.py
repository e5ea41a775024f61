"""Bots for Hero versus Guardian (the random bot is ``core.bots.RandomBot``).

- :class:`HeroBot` Scouts before it Ventures, picks the target and the order of its
  Adventurers by the exact odds of :mod:`.odds` (``best_order`` on rooms it knows,
  ``belief.location_chance`` on face-down rooms), Retreats when the next roll is poor, equips Items,
  plays Adventurers and Spells, and heads for the Treasure Vault once it is seen.
- :class:`GuardianBot` designs the Dungeon with the Vault as far from both Entries as it
  can, the costliest rooms nearest the Vault; covers the Vault with a second room or
  moves it away (Rebuild) when the Hero comes close; plays its Effects; draws (which ends
  the game on an empty deck) while it is ahead.

Both see only ``state.view(seat)``.

>>> from dungeoncraft_widgets.core.bots import play_bots
>>> from dungeoncraft_widgets.hero_vs_guardian import new_game
>>> game = new_game(seed=7)
>>> _ = play_bots(game, {0: HeroBot(seed=1), 1: GuardianBot(seed=2)})
>>> game.is_over
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.rng import Rng
from ..core.search import Budget, SearchBot, SearchGame, playable
from .actions import (
    Arrange,
    Cast,
    Continue,
    Deal,
    Discard,
    Done,
    Draw,
    End,
    Enter,
    Entry,
    First,
    Lift,
    Lose,
    Order,
    Pass,
    Place,
    Play,
    Rebuild,
    Recruit,
    Restock,
    Retreat,
    Roll,
    Save,
    Scout,
    SetRoom,
    Take,
    Venture,
)
from .belief import _remembered, _seen_elsewhere, known_rooms, location_chance
from .dungeon import HIDDEN, LOCATIONS, OPPOSITE, SIDES, neighbours, side_locations
from .odds import _roll_counts, best_order, roll_outcome
from .rebuild_restock import build_actions, new_build
from .rules import HeroVsGuardianState, _where
from .scout_venture import roll_modifier, room_chooser

__all__ = ["SEARCH", "GuardianBot", "HeroBot", "evaluate", "odds", "playout", "sample_hidden",
           "search_bot"]


def _manhattan(a: str, b: str) -> int:
    return abs("ABCD".index(a[0]) - "ABCD".index(b[0])) + abs(int(a[1]) - int(b[1]))


MAP_BONUS = 2  # points a Mapped location is worth to the Hero beyond its rooms: the way on


class HeroBot:
    """A Hero that weighs its chances. See the module docstring."""

    name = "Sensible Hero"

    def __init__(self, seed: int = 0, venture_at: float = 0.3, retreat_below: float = 0.5):
        self.rng = Rng(seed)
        self.venture_at = venture_at
        self.retreat_below = retreat_below
        self.plan: list[str] = []

    # what the Hero knows -------------------------------------------------
    @staticmethod
    def known_rooms(view: HeroVsGuardianState, loc: str) -> list[str] | None:
        """The rooms at ``loc`` if the Hero knows them (face up, or seen revealed there and
        untouched since: ``belief.room_belief``), else None."""
        known, hidden = known_rooms(view, loc)
        return list(known) if hidden == 0 else None

    # chances (exact, from odds.py) ---------------------------------------
    @staticmethod
    def _chance(view: HeroVsGuardianState, roll: str, adv: str, room: str, loc: str) -> float:
        """The chance one roll against a revealed room succeeds (``odds.roll_outcome``)."""
        return float(roll_outcome(roll, view.roll_modifier(roll, adv, room, loc)).success)

    @staticmethod
    def _adv_worth(view: HeroVsGuardianState, adv: str) -> int:
        c = view.cards
        return c.points(adv) + sum(c.points(i) for i in view.items.get(adv, ())
                                   if not c.is_cursed(i)) + 1  # and the rolls it will not make

    def _best_order(self, view: HeroVsGuardianState, kind: str, loc: str,
                    party: list[str], rooms: list[str] | None = None) -> tuple[float, list[str]]:
        """(value, order): the best Adventurers and order, by ``odds.best_order`` (known rooms)
        or ``belief.location_chance`` (face-down rooms, as the Hero believes them). The value
        of a Venture is expected points won minus points captured; of a Scout, its chance."""
        c = view.cards
        party = sorted(party, key=lambda a: -sum(c[a]["modifiers"].values()))[:5]
        need = max(1, len(view.grid[loc])) if kind == "scout" else 1
        if not party or len(party) < need:
            return -99.0, []
        if rooms is None:
            return self._blind_order(view, kind, loc, party, need)
        if not rooms:
            return float(MAP_BONUS), party[:1]
        room_order = room_chooser(kind, view.tokens.get(loc) == "scout")
        if kind == "venture" and len(rooms) > 1 and c.vault in rooms:
            rooms = sorted(rooms, key=lambda r: r == c.vault)  # never Ventured first
            room_order = "given"
        names = [f"{r}#{i}" for i, r in enumerate(rooms)]
        # The modifiers the engine will give once the rooms are revealed (no card played yet).
        table = {a: [roll_modifier(c, kind, a, r, items=view.items.get(a, ()),
                                   level=view.levels.get(a, 0), location=rooms)
                     for r in rooms] for a in party}
        if kind == "scout":
            answer = best_order("scout", table, names, room_order=room_order, runners_up=0)
            return float(answer.best.odds.p_all), list(answer.best.adventurers)
        points = [c.points(r) for r in rooms]
        points[-1] += MAP_BONUS
        answer = best_order("venture", table, names, room_order=room_order, runners_up=0,
                            by="value", room_points=points,
                            adventurer_points={a: self._adv_worth(view, a) for a in party})
        return float(answer.best.odds.value), list(answer.best.adventurers)

    def _blind_order(self, view: HeroVsGuardianState, kind: str, loc: str, party: list[str],
                     need: int) -> tuple[float, list[str]]:
        """Face-down rooms: a few orders of the strongest Adventurers, each weighed exactly
        under the Hero's belief (``belief.location_chance``)."""
        best: tuple[float, list[str]] = (-99.0, [])
        for size in range(need, min(3, len(party)) + 1):
            for order in itertools.permutations(party[:3], size):
                odds = location_chance(view, kind, loc, list(order), points=kind == "venture")
                if kind == "venture":
                    value = float(odds.value) + MAP_BONUS * float(odds.p_all)
                else:
                    value = float(odds.p_all)
                if value > best[0]:
                    best = (value, list(order))
        return best

    # choosing --------------------------------------------------------------
    def choose(self, view: HeroVsGuardianState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view.current_player
        if view.phase == "recruit":
            return Recruit("pick") if Recruit("pick") in legal else legal[0]
        if view.phase == "pick":
            classes = {view.cards[a]["class"] for a in view.party[me]}
            return max(legal, key=lambda a: (view.cards[a.card]["class"] not in classes,
                                             sum(view.cards[a.card]["modifiers"].values())))
        at = view.attempt
        if at is not None:
            return self._in_attempt(view, legal, at)
        return self._option(view, legal, me)

    def _in_attempt(self, view: HeroVsGuardianState, legal: Sequence[Action],
                    at: dict[str, Any]) -> Action:
        stage = at["stage"]
        if stage == "order":
            for adv in self.plan:
                if Order(adv) in legal:
                    return Order(adv)
            if Enter() in legal:
                return Enter()
            return legal[0]
        if stage == "first":  # the room most likely to be done by the next Adventurer
            adv = at["order"][at["next"]]
            return max((a for a in legal if isinstance(a, First)),
                       key=lambda a: self._chance(view, at["kind"], adv, a.room, at["loc"]))
        if stage == "save":
            victim = at["victim"]
            saves = [a for a in legal if isinstance(a, Save)]
            for s in saves:
                if s.card in view.items.get(victim, ()):
                    return s  # Armor worn by the victim
            worth = view.cards.points(victim)
            cheaper = [s for s in saves if view.cards.points(s.card) < worth]
            return cheaper[0] if cheaper else Lose()
        if stage == "roll":
            adv = at["order"][at["next"]]
            p = self._chance(view, at["kind"], adv, at["current"], at["loc"])
            if Retreat() in legal and p < self.retreat_below:
                return Retreat()
            if p < 0.7:
                for a in legal:
                    if isinstance(a, (Play, Cast)) and view.cards[a.card].get(
                            "effect") == "next_roll":
                        return a
            return Roll()
        return legal[0]

    def _vault_wins(self, view: HeroVsGuardianState, me: int) -> bool:
        """Would Venturing the Vault now end the game with the Heroes ahead?"""
        heroes, guardian = view.team_scores()
        vault = view.cards.points(view.cards.vault)
        return heroes + vault > guardian - vault

    def _option(self, view: HeroVsGuardianState, legal: Sequence[Action], me: int) -> Action:
        party = view.party[me]
        stones = view.hero_stones
        c = view.cards
        # 1. Venture a location whose rooms are known, if it is worth it (the Vault only
        #    when taking it wins the game).
        ventures = [a for a in legal if isinstance(a, Venture)]
        scored = []
        for a in ventures:
            rooms = self.known_rooms(view, a.loc)
            if rooms is None:
                continue
            if c.vault in rooms and not self._vault_wins(view, me):
                continue
            value, order = self._best_order(view, "venture", a.loc, party, rooms)
            scored.append((c.vault in rooms, value, a, order))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        # The Vault first when it is worth it; a Vault below the bar must not hide the rest.
        worth = [t for t in scored if t[1] >= self.venture_at]
        if worth:
            self.plan = worth[0][3]
            return worth[0][2]
        # 2. Scout a location not known yet (nearest the middle: the Vault is rarely at an
        #    Entry).
        scouts = [a for a in legal if isinstance(a, Scout)
                  and self.known_rooms(view, a.loc) is None]
        if scouts and len(party) >= 2:
            a = min(scouts, key=lambda s: (len(view.grid[s.loc]),
                                           abs(1.5 - "ABCD".index(s.loc[0]))
                                           + abs(1.5 - (int(s.loc[1]) - 1))))
            self.plan = self._best_order(view, "scout", a.loc, party)[1]
            return a
        # 3. Build up: Adventurers, Items, Heroism; then cards from the Tavern/Market.
        for a in legal:
            if isinstance(a, Play) and a.card in c.adventurers:
                return a
        items = [a for a in legal if isinstance(a, Play) and c[a.card].get("kind") == "item"
                 and a.target in party]
        if items:
            return min(items, key=lambda a: len(view.items.get(a.target, ())))
        heroism = [a for a in legal if isinstance(a, (Play, Cast))
                   and c[a.card].get("effect") == "level_or_unfreeze"]
        if heroism:
            frozen = [a for a in heroism if any(a.target in f for f in view.frozen)]
            return (frozen or heroism)[0]
        # 4. Venture blind when nothing is left to Scout and the odds are good anyway.
        if not scouts and ventures:
            blind = [(self._best_order(view, "venture", a.loc, party), a) for a in ventures
                     if self.known_rooms(view, a.loc) is None]
            if blind:
                (value, order), a = max(blind, key=lambda t: t[0][0])
                if value >= 2 * self.venture_at:
                    self.plan = order
                    return a
        if stones > 1:
            if len(party) < 6:
                for a in legal:
                    if isinstance(a, Take) and a.card in view.tavern:
                        return a
            for a in legal:
                if isinstance(a, Take) and a.card in view.market:
                    return a
            if Draw("adventurers") in legal and len(party) < 6:
                return Draw("adventurers")
        return End()  # nothing worth a stone: end the round (a pass would only wait)


class GuardianBot:
    """A Guardian that guards the Treasure Vault. See the module docstring."""

    name = "Sensible Guardian"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)
        self.layout: dict[str, str] = {}
        self.entries: list[tuple[str, str]] = []
        self.rebuild_plan: list[Action] = []

    # set-up ----------------------------------------------------------------
    def _design(self, view: HeroVsGuardianState) -> None:
        c = view.cards
        best: list[tuple[int, str, tuple[str, str], tuple[str, str]]] = []
        for side in SIDES:
            for e1 in side_locations(side):
                for e2 in side_locations(OPPOSITE[side]):
                    for vault in LOCATIONS:
                        d = min(_manhattan(vault, e1), _manhattan(vault, e2))
                        best.append((d, vault, (e1, side), (e2, OPPOSITE[side])))
        top = max(b[0] for b in best)
        choice = self.rng.choice([b for b in best if b[0] == top])
        _, vault, first, second = choice
        self.entries = [first, second]
        rooms = sorted((r for r in view.unplaced if r != c.vault),
                       key=lambda r: (c.points(r), -sum(m["amount"] for m in
                                                        c[r].get("modifiers", ()))),
                       reverse=True)
        others = sorted((loc for loc in LOCATIONS if loc != vault),
                        key=lambda loc: _manhattan(loc, vault))
        self.layout = {vault: c.vault, **dict(zip(others, rooms, strict=False))}

    def _danger(self, view: HeroVsGuardianState) -> tuple[str | None, set[str]]:
        vault_loc = next((loc for loc, rooms in view.grid.items()
                          if view.cards.vault in rooms), None)
        return vault_loc, view.targetable()

    # choosing --------------------------------------------------------------
    def choose(self, view: HeroVsGuardianState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        c = view.cards
        if view.phase == "design":
            if not self.layout:
                self._design(view)
            for loc, card in self.layout.items():
                if Place(card, loc) in legal:
                    return Place(card, loc)
            return Deal()
        if view.phase == "entry":
            for loc, side in self.entries:
                if Entry(loc, side) in legal:
                    return Entry(loc, side)
            return legal[0]
        if view.phase == "keep":
            return max(legal, key=lambda a: self._card_value(view, a.card))
        if view.build is not None:
            return self._build(view, legal)
        at = view.attempt
        if at is not None:
            if at["stage"] == "window":
                omen = [a for a in legal if isinstance(a, Play)]
                if omen and (c.vault in view.grid[at["loc"]] or at["pending"] == "retreat"):
                    return omen[0]
                return Continue()
            if at["stage"] == "first":  # the room hardest for the next Adventurer
                adv = at["order"][at["next"]]
                return min((a for a in legal if isinstance(a, First)),
                           key=lambda a: view.roll_modifier(at["kind"], adv, a.room, at["loc"]))
            return legal[0]
        return self._option(view, legal)

    def _card_value(self, view: HeroVsGuardianState, card: str) -> float:
        info = view.cards[card]
        effect = info.get("effect")
        if effect == "next_roll":
            return 5
        if effect == "freeze":
            return 4
        if view.cards.is_cursed(card):
            return 3.5
        if info.get("kind") == "room":
            return 2 + info["points"] / 10
        return 1

    def _option(self, view: HeroVsGuardianState, legal: Sequence[Action]) -> Action:
        c = view.cards
        vault_loc, reach = self._danger(view)
        heroes, guardian = view.team_scores()
        if vault_loc is not None and vault_loc in reach:
            alone = len(view.grid[vault_loc]) == 1
            if alone and Restock() in legal and self._restock_set(view) is not None:
                return Restock()
            if Rebuild() in legal and self._plan_rebuild(view, vault_loc, reach):
                return Rebuild()
        freeze = [a for a in legal if isinstance(a, Play) and c[a.card].get("effect") == "freeze"]
        if freeze:
            return max(freeze, key=lambda a: c.points(a.target) + len(view.items.get(a.target,
                                                                                     ())))
        capture = [a for a in legal if isinstance(a, Play)
                   and c[a.card].get("effect") == "capture_frozen"]
        if capture:
            return capture[0]
        if guardian > heroes and Draw("dungeon") in legal:
            return Draw("dungeon")
        if view.hero_out:
            # A Restock only where it sets a room worth setting: an empty one spends a stone
            # and changes nothing (and a round of such changes counts as idle).
            if Restock() in legal and self._restock_set(view) is not None:
                return Restock()
            return Draw("dungeon")
        return Pass()

    def _restock_set(self, view: HeroVsGuardianState,
                     legal: Sequence[Action] | None = None) -> SetRoom | None:
        """The room a Restock would set (onto the Vault's location, else onto a reachable
        location holding one room, else next to one), among ``legal`` (default: what a new
        Restock could set now); None: no set worth a stone."""
        if legal is None:
            legal = build_actions(new_build("restock"), view.grid, view.tokens,
                                  view.guardian_hand, view.cards)
        vault_loc, reach = self._danger(view)
        sets = [a for a in legal if isinstance(a, SetRoom)]
        for a in sets:
            if a.loc == vault_loc and len(view.grid[a.loc]) == 1:
                return a
        near = [a for a in sets if a.loc in reach and len(view.grid[a.loc]) == 1]
        if near:
            return near[0]
        ones = [a for a in sets if len(view.grid[a.loc]) == 1
                and any(n in reach for n in neighbours(a.loc))]
        return ones[0] if ones else None

    def _plan_rebuild(self, view: HeroVsGuardianState, vault_loc: str, reach: set[str]) -> bool:
        """Plan: lift the Vault's location and the one farthest from the Hero, swap them."""
        candidates = [loc for loc in LOCATIONS if loc not in view.tokens and loc != vault_loc
                      and view.grid[loc] and loc not in reach]
        if not candidates:
            return False
        far = max(candidates, key=lambda loc: (min(_manhattan(loc, r) for r in reach),
                                               len(view.grid[loc]) == 1))
        self.rebuild_plan = [Lift(vault_loc), Lift(far), Arrange(),
                             SetRoom(view.cards.vault, far)]
        self.rebuild_target = vault_loc
        return True

    def _build(self, view: HeroVsGuardianState, legal: Sequence[Action]) -> Action:
        b = view.build
        assert b is not None
        while self.rebuild_plan and b["kind"] == "rebuild":
            step = self.rebuild_plan[0]
            if step in legal:
                self.rebuild_plan.pop(0)
                return step
            self.rebuild_plan.pop(0)
        if b["kind"] == "rebuild":
            if Arrange() in legal:
                return Arrange()
            sets = [a for a in legal if isinstance(a, SetRoom)]
            target = getattr(self, "rebuild_target", None)
            for a in sets:
                if a.loc == target:
                    return a
            return sets[0] if sets else legal[0]
        # Restock: a room onto the Vault's location (so it is never Ventured first), else
        # onto a reachable location holding one room; then done.
        if b["locs"] == []:
            chosen = self._restock_set(view, legal)
            if chosen is not None:
                return chosen
        if Done() in legal:
            return Done()
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else legal[0]


# ------------------------------------------------------------------ the search bot's hooks
# What only Hero versus Guardian knows, for the information-set MCTS of core/search.py:
# how to fill in a view's hidden cards, how good a position is, and a quick move.

def _shifted_rooms(view: HeroVsGuardianState, grid: dict[str, list[str]]) -> list[str]:
    """The rooms a Restock under way has moved (``build["moved"]``, hidden from the Heroes):
    one room at the destination of each Shift logged since the Restock began, the latest
    arrival first (which room moved is not said, so a room there is guessed)."""
    shifts: list[str] = []
    for event in reversed(view.log):
        if event.kind == "restock":
            break
        if event.kind == "shift":
            shifts.append(event.data.get("loc", ""))
    moved: list[str] = []
    for loc in reversed(shifts):
        there = [r for r in grid.get(loc, ()) if r not in moved]
        if there:
            moved.append(there[-1])
    return moved[:len(view.build["moved"])] if view.build is not None else []


def sample_hidden(view: HeroVsGuardianState, rng: Rng) -> HeroVsGuardianState:
    """A whole game whose ``view(view.viewer)`` shows what ``view`` shows, its hidden cards
    drawn at random (with ``rng``) from the cards the viewer has not seen.

    What the sample keeps: every card the view shows stays where it is; the cards nobody
    in the viewer's seat has seen are exactly the ones the view does not show (the card set
    is public), and each goes only where the rules allow it (``rules._kinds``): face-down
    rooms are rooms, every unseen starting room is still in the Dungeon (it never goes
    back into the Guardian's hand), the Adventurer and Treasure decks hold their own
    cards, and the other Heroes' hands hold as many Adventurers as the decks' sizes leave.
    Rooms the Hero saw revealed at a location untouched since (``belief``) are put back
    there, and rooms face up in a Rebuild's pool go back into the pool.

    What it ignores: what a card played or kept implies about the rest of a hand (the
    Guardian's choices are taken as random, as ``belief`` does), which cards a Hero drew
    from the Tavern or Market before they left sight, and, in a Restock under way, which
    room a Shift moved (one of the rooms at its destination is taken).

    >>> from dungeoncraft_widgets.hero_vs_guardian import new_game
    >>> game, bots = new_game(seed=3), [HeroBot(seed=1), GuardianBot(seed=2)]
    >>> for _ in range(60):
    ...     p = game.current_player
    ...     _ = game.apply(bots[p].choose(game.view(p), game.legal_actions()))
    >>> sample = sample_hidden(game.view(0), Rng(1))
    >>> sample.view(0)._dump() == game.view(0)._dump(), sample.viewer
    (True, None)
    """
    me = view.viewer
    s = view.copy()
    c = s.cards
    seen = {card for _zone, cards in _where(s) for card in cards if card != HIDDEN}
    if s.build is not None:
        seen.update(s.build["moved"])  # names of rooms placed elsewhere, not places
    unseen = [x for x in (*c.dungeon, *c.adventurers, *c.treasure) if x not in seen]
    if me != s.guardian:
        _fill_dungeon(view, s, unseen, rng)
    else:
        dungeon = set(c.dungeon)  # all the Guardian does not see: the deck's order
        deck = [x for x in unseen if x in dungeon]
        rng.shuffle(deck)
        s.dungeon_deck = deck[:len(s.dungeon_deck)]
    _fill_heroes_cards(s, unseen, rng)
    return playable(s, rng.next64() % 2**63)


def _fill_dungeon(view: HeroVsGuardianState, s: HeroVsGuardianState, unseen: list[str],
                  rng: Rng) -> None:
    """The Guardian's hidden cards, for a Hero's view (see :func:`sample_hidden`)."""
    c = s.cards
    dungeon = set(c.dungeon)
    pending = [x for x in unseen if x in dungeon]
    # Rooms the Hero remembers at their locations, and face-up rooms lifted by a Rebuild.
    remembered = _remembered(view, _seen_elsewhere(view))
    for loc, cards in remembered.items():
        slots = [i for i, r in enumerate(s.grid[loc]) if r == HIDDEN]
        for i, card in zip(slots, cards, strict=False):
            if card in pending:
                s.grid[loc][i] = card
                pending.remove(card)
    room_slots: list[tuple[list[str], int]] = [
        (rooms, i) for _loc, rooms in sorted(s.grid.items()) for i, r in enumerate(rooms)
        if r == HIDDEN]
    room_slots += [(s.unplaced, i) for i in range(len(s.unplaced))]
    if s.build is not None:
        pool = s.build["pool"] = list(s.build["pool"])
        up = [r for r in s.face_up if r in pending and c.is_room(r)]
        for i in range(len(pool)):
            if up:
                pool[i] = up.pop()
                pending.remove(pool[i])
            else:
                room_slots.append((pool, i))
    starts = set(c.start_rooms)
    must = [x for x in pending if x in starts]  # unseen starting rooms: in the Dungeon
    rooms = [x for x in pending if x not in starts and c.is_room(x)]
    rng.shuffle(must)
    rng.shuffle(rooms)
    extra = max(0, len(room_slots) - len(must))
    fill = must[:len(room_slots)] + rooms[:extra]
    rng.shuffle(fill)
    for (zone, i), card in zip(room_slots, fill, strict=False):
        zone[i] = card
    placed = set(fill)
    # The rest (deck rooms, Dungeon Effects, any starting room left over: a Cursed Item
    # taken back) goes to the Guardian's hand, his opening draw and the Dungeon deck.
    rest = [x for x in pending if x not in placed]
    rng.shuffle(rest)
    deck_ok = set(c.dungeon) - starts
    rest.sort(key=lambda x: x in deck_ok)  # a starting room can only be in the hand
    hand, opening = len(s.guardian_hand), len(s.opening)
    s.guardian_hand = rest[:hand]
    s.opening = rest[hand:hand + opening]
    s.dungeon_deck = rest[hand + opening:hand + opening + len(s.dungeon_deck)]
    if s.build is not None:
        s.build["moved"] = _shifted_rooms(view, s.grid)


def _fill_heroes_cards(s: HeroVsGuardianState, unseen: list[str], rng: Rng) -> None:
    """The decks of Adventurers and Treasure and the hidden Heroes' hands."""
    c = s.cards
    adventurers, treasure_cards = set(c.adventurers), set(c.treasure)
    advs = [x for x in unseen if x in adventurers]
    treasure = [x for x in unseen if x in treasure_cards]
    rng.shuffle(advs)
    rng.shuffle(treasure)
    hand_slots = [(hand, i) for hand in s.hands for i, x in enumerate(hand) if x == HIDDEN]
    adv_hidden = sum(1 for x in s.adv_deck if x == HIDDEN)
    in_hands = max(0, min(len(hand_slots), len(advs) - adv_hidden))
    cards = advs[:in_hands] + treasure[:len(hand_slots) - in_hands]
    rng.shuffle(cards)
    for (hand, i), card in zip(hand_slots, cards, strict=False):
        hand[i] = card
    advs, treasure = advs[in_hands:], treasure[len(hand_slots) - in_hands:]
    if adv_hidden:
        s.adv_deck = advs[:len(s.adv_deck)]
    s.treasure_deck = treasure[:len(s.treasure_deck)]


def evaluate(state: HeroVsGuardianState, seat: int) -> float:
    """``seat``'s chance of winning, roughly: the Heroes' lead over the Guardian (team
    points: the Heroes win or lose together), plus what they can still expect to score
    while the Dungeon deck lasts with the Adventurers and Items they have in play, and
    the Vault's exposure (:func:`_vault_danger`), through a logistic curve that sharpens
    as the deck runs out. A finished game: 1 a win, 0 a loss, 1/2 a tie.

    >>> from dungeoncraft_widgets.hero_vs_guardian import new_game
    >>> game = new_game(seed=1)
    >>> 0 < evaluate(game, 0) < 1, evaluate(game, 0) + evaluate(game, 1) == 1
    (True, True)
    """
    hero = seat != state.guardian
    if state.is_over:
        winner = state.winner()
        return 0.5 if winner == "tie" else float((winner == "heroes") == hero)
    heroes, guardian = state.team_scores()
    left = len(state.dungeon_deck)  # the game ends when the Guardian draws from it empty
    party = sum(len(p) for p in state.party)  # Adventurers in play (not frozen)
    items = sum(len(i) for i in state.items.values())
    lead = (heroes - guardian + EVAL_PER_CARD * left + EVAL_PER_ADVENTURER * party
            + EVAL_PER_ITEM * items + _vault_danger(state) + EVAL_BIAS)
    p = 1 / (1 + math.exp(-lead / (EVAL_SCALE + EVAL_SCALE_PER_CARD * left)))
    return p if hero else 1 - p


def _vault_danger(state: HeroVsGuardianState) -> float:
    """Points the Heroes' chance is worth for the Vault's exposure: the Vault Ventured is
    a 16-point swing and ends the game, so a Vault the Hero can reach soon counts for him
    (:data:`VAULT_DANGER` by how many steps it lies from the locations he can target;
    before the Entries are placed, by its distance from the edge of the grid)."""
    vault = state.cards.vault
    loc = next((loc for loc, rooms in state.grid.items() if vault in rooms), None)
    if loc is None:
        return 0.0
    if len(state.entries) < 2:
        col, row = "ABCD".index(loc[0]), int(loc[1]) - 1
        steps = 1 + min(col, 3 - col, row, 3 - row)
    else:
        steps = min((_manhattan(loc, t) for t in state.targetable()), default=9)
    danger = VAULT_DANGER[steps] if steps < len(VAULT_DANGER) else 0.0
    return danger / len(state.grid[loc])  # a second room there shields it


#: Hero points a Vault 0, 1, 2 steps from a location the Hero can target is worth to him.
VAULT_DANGER = (3.75, 1.9, 0.75)

#: The evaluation's constants, fitted (maximum likelihood, coordinate search) to 1,100
#: positions of 36 games of today's bots (the Heroes won 28%): Hero points still to come
#: per Dungeon card left, per Adventurer in play and per Item on one, the Guardian's
#: edge, and the curve's width (wider while much is left to play).
EVAL_PER_CARD, EVAL_PER_ADVENTURER, EVAL_PER_ITEM, EVAL_BIAS = 0.15, 1.0, 0.75, -5.0
EVAL_SCALE, EVAL_SCALE_PER_CARD = 1.75, 0.35


def _success(kind: str, modifier: int) -> float:
    """One roll's chance of success (``odds._roll_counts``: cached, no sympy)."""
    return _roll_counts(kind, modifier)[0] / 6


def _strength(state: HeroVsGuardianState, adv: str) -> int:
    return sum(state.cards[adv]["modifiers"].values()) + state.levels.get(adv, 0)


#: The playout's Guardian for what it plans across actions (a Rebuild's steps): one for all
#: playouts (a stale plan is dropped step by step, see ``GuardianBot._build``).
_PLAYOUT_GUARDIAN = GuardianBot(seed=0)


def playout(state: HeroVsGuardianState, legal: list[Action], rng: Rng) -> Action:
    """A quick move for the search's playouts: today's bots cut down to what costs no exact
    odds. The Hero Ventures a location whose rooms he knows (face up, or Scouted: a Scout
    Token keeps the Guardian away) when its rolls look good, else Scouts, builds up and
    draws; the Guardian plays as :class:`GuardianBot`, but designs only the Vault (in the
    middle, the rest dealt at random). Never a Pass or an End while something useful is
    left, so a playout moves the game on.

    >>> from dungeoncraft_widgets.hero_vs_guardian import new_game
    >>> game = new_game(seed=2)
    >>> playout(game, game.legal_actions(), Rng(0))
    Place(card='D01', loc='C3')
    """
    if len(legal) == 1:
        return legal[0]
    if state.current_player == state.guardian:
        return _guardian_move(state, legal, rng)
    return _hero_move(state, legal, rng)


def _guardian_move(state: HeroVsGuardianState, legal: list[Action], rng: Rng) -> Action:
    c = state.cards
    if state.phase == "design":
        if c.vault in state.unplaced:
            middle = [a for a in legal if isinstance(a, Place) and a.card == c.vault
                      and a.loc in ("B2", "B3", "C2", "C3")]
            if middle:
                return middle[rng.randbelow(len(middle))]
        return Deal() if Deal() in legal else legal[0]
    if state.phase == "entry":
        vault = next((loc for loc, rooms in state.grid.items() if c.vault in rooms), "A1")
        return max(legal, key=lambda a: _manhattan(a.loc, vault) if isinstance(a, Entry)
                   else -1)
    return _PLAYOUT_GUARDIAN.choose(state, legal)


def _hero_move(state: HeroVsGuardianState, legal: list[Action], rng: Rng) -> Action:
    c = state.cards
    me = state.current_player
    if state.phase == "recruit":
        return Recruit("pick") if Recruit("pick") in legal else legal[0]
    if state.phase == "pick":
        classes = {c[a]["class"] for a in state.party[me]}
        return max(legal, key=lambda a: (c[a.card]["class"] not in classes,
                                         sum(c[a.card]["modifiers"].values())))
    at = state.attempt
    if at is not None:
        return _hero_attempt(state, legal, at)
    party = state.party[me]
    # Venture a location the Hero knows, when the best roll against each room looks good
    # (the Vault only when taking it wins).
    vault_wins: bool | None = None  # worked out only for a Vault the Hero knows
    best: tuple[float, Action | None] = (0.45, None)
    scouts = []
    for a in legal:
        if isinstance(a, Venture):
            rooms = state.grid[a.loc]
            if not (state.tokens.get(a.loc) == "scout" or all(r in state.face_up
                                                             for r in rooms)):
                continue
            if c.vault in rooms:
                if vault_wins is None:
                    heroes, guardian = state.team_scores()
                    vault_wins = heroes + 2 * c.points(c.vault) > guardian
                if not vault_wins:
                    continue
            p = 1.0
            for r in rooms:
                p *= max((_success("venture", state.roll_modifier("venture", adv, r, a.loc))
                          for adv in party), default=0.0)
            value = p + (c.vault in rooms)
            if value > best[0]:
                best = (value, a)
        elif isinstance(a, Scout) and state.tokens.get(a.loc) != "scout":
            scouts.append(a)
    if best[1] is not None:
        return best[1]
    if scouts and len(party) >= 2:
        return min(scouts, key=lambda s: (len(state.grid[s.loc]),
                                          abs(1.5 - "ABCD".index(s.loc[0]))
                                          + abs(1.5 - (int(s.loc[1]) - 1))))
    for a in legal:
        if isinstance(a, Play) and a.card in c.adventurers:
            return a
    items = [a for a in legal if isinstance(a, Play) and c[a.card].get("kind") == "item"
             and a.target in party and not state.items.get(a.target)]
    if items:
        return items[0]
    if state.hero_stones > 1:
        for a in legal:
            if isinstance(a, Take) and (a.card in state.tavern and len(party) < 6
                                        or a.card in state.market):
                return a
        if Draw("adventurers") in legal and len(party) < 6:
            return Draw("adventurers")
    ventures = [a for a in legal if isinstance(a, Venture)]
    if ventures and len(party) >= 3:  # nothing else to do: a blind try beats idling
        return ventures[rng.randbelow(len(ventures))]
    return End() if End() in legal else legal[0]


def _hero_attempt(state: HeroVsGuardianState, legal: list[Action],
                  at: dict[str, Any]) -> Action:
    stage = at["stage"]
    if stage == "order":
        want = max(len(state.grid[at["loc"]]), 1) + (at["kind"] == "venture")
        if Enter() in legal and len(at["order"]) >= want:
            return Enter()
        orders = [a for a in legal if isinstance(a, Order)]
        if orders:
            return max(orders, key=lambda a: _strength(state, a.adventurer))
        return Enter() if Enter() in legal else legal[0]
    if stage == "first":
        adv = at["order"][at["next"]]
        return max((a for a in legal if isinstance(a, First)),
                   key=lambda a: state.roll_modifier(at["kind"], adv, a.room, at["loc"]))
    if stage == "save":
        victim = at["victim"]
        saves = [a for a in legal if isinstance(a, Save)]
        for s in saves:
            if s.card in state.items.get(victim, ()):
                return s
        cheaper = [s for s in saves if state.cards.points(s.card)
                   < state.cards.points(victim)]
        return cheaper[0] if cheaper else Lose()
    if stage == "roll":
        adv = at["order"][at["next"]]
        p = _success(at["kind"], state.roll_modifier(at["kind"], adv, at["current"],
                                                     at["loc"]))
        if Retreat() in legal and p < 0.5:
            return Retreat()
        return Roll()
    return legal[0]


def odds(view: HeroVsGuardianState, action: Action) -> str | None:
    """The exact chance behind a Hero's roll or attempt, for the search bot's explanation
    (``odds.roll_outcome`` for a Roll or a Retreat under way, ``belief.location_chance``
    for a Scout or Venture with the strongest Adventurers, as many as the rooms need);
    None for anything else.

    >>> from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
    >>> game = scout_venture_position("venture", ["A01"], ["D10"], seed=4)
    >>> odds(game.view(0), Venture("A1"))
    '23/48 to clear A1 with Cleric (A01)'
    """
    at = view.attempt
    if isinstance(action, (Roll, Retreat)) and at is not None and at["stage"] == "roll":
        kind = "retreat" if isinstance(action, Retreat) else at["kind"]
        adv = at["order"][at["next"]]
        chance = roll_outcome(kind, view.roll_modifier(kind, adv, at["current"], at["loc"]))
        verb = "to get away" if kind == "retreat" else "for this roll"
        return f"{chance.success} {verb}"
    if isinstance(action, (Scout, Venture)) and at is None:
        kind = "scout" if isinstance(action, Scout) else "venture"
        party = sorted(view.party[view.current_player], key=lambda a: -_strength(view, a))
        need = max(1, len(view.grid[action.loc]))
        if len(party) < need:
            return None
        order = party[:need if kind == "scout" else min(len(party), need + 1, 3)]
        chance = location_chance(view, kind, action.loc, order).p_all
        names = ", ".join(view.cards.name(a) for a in order)
        return f"{chance} to {'Scout' if kind == 'scout' else 'clear'} {action.loc} with {names}"
    return None


#: The search's budgets (core/search.py), measured on this machine (see the report):
#: hard within 1 s a move, medium within 0.2 s, easy a quick look with random playouts.
#: Medium and hard keep today's bot's move unless the search finds one 0.05 better: a
#: sampled game shows the Hero the rooms it has not Scouted, so a search alone undervalues
#: Scouting (alone, hard won 5 of 13 against today's bots, 0 of 7 as the Hero; so guided,
#: at 200 iterations, 6 of 10).
BUDGETS = {
    "easy": Budget(iterations=25, depth=4, heuristic=False, seconds=0.05),
    "medium": Budget(iterations=150, depth=8, seconds=0.18, trust=0.05),
    "hard": Budget(iterations=700, depth=12, seconds=0.93, trust=0.05),
}


class TodaysBot:
    """Today's bots as one: the GuardianBot in the Guardian's seat, a HeroBot in a Hero's
    (the search's advisor, which may sit in either)."""

    name = "Today's bot"

    def __init__(self, seed: int = 0) -> None:
        self.hero, self.guardian = HeroBot(seed=seed), GuardianBot(seed=seed)

    def choose(self, view: HeroVsGuardianState, legal: Sequence[Action]) -> Action:
        bot = self.guardian if view.viewer == view.guardian else self.hero
        return bot.choose(view, legal)


SEARCH = SearchGame(name="hero_vs_guardian", sample_hidden=sample_hidden, evaluate=evaluate,
                    playout=playout, budgets=BUDGETS, odds=odds, advisor=TodaysBot)


def search_bot(level: str = "hard", seed: int = 0) -> SearchBot:
    """The information-set MCTS bot of core/search.py for this game, at ``level``.

    >>> search_bot("easy").name
    'Easy search bot'
    """
    return SearchBot(SEARCH, level, seed)
