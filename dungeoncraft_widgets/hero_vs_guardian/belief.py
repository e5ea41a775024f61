"""What the Hero can believe about face-down rooms, exactly, and the odds that follow.

The Hero knows the card set, so he knows which Dungeon room cards he has not seen where
they are now. :func:`room_belief` turns that into an exact distribution of the rooms at
one location, under one stated assumption:

    **the face-down rooms are the unseen room cards placed at random** - every starting
    room not seen elsewhere is still in the Dungeon (the Guardian can never take a room
    back into his hand), the other face-down places hold unseen cards from the Dungeon deck
    chosen at random, and all of them are spread over the face-down places at random.

A real Guardian places his rooms on purpose (the Vault far from the Entries), so the
belief is shown beside the worst case over the room types (:attr:`RoomBelief.types`).
Rooms the Hero saw revealed at a location that the Guardian has not touched since (no
Rebuild lift, no Restock set or shift there) are known, not guessed.

:func:`location_chance` gives the exact chance of a Scout or Venture under that belief
(each possible set of rooms weighted by its chance, the room order chosen by whoever
chooses it once the rooms are revealed); :func:`map_chance` is the Guardian's question:
how likely is the Hero to Map this location with his next Venture, if the rooms are these?

>>> from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
>>> game = scout_venture_position("venture", ["A01"], ["D10"], seed=4)
>>> belief = room_belief(game.view(0), "A1")
>>> belief.hidden, len(belief.cases), sum(p for _, p in belief.cases)
(1, 16, 1)
>>> belief.types()[("Evil",)]
3/16
>>> location_chance(game.view(0), "venture", "A1", ["A01"]).p_all  # 46/6 over 16 rooms
23/48
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from ..core.checks import game_state, one_of, shown
from ..core.errors import InvalidArgumentError
from .dungeon import LOCATIONS, MAX_ROOMS, ORDER_TOKENS, check_location
from .odds import LocationOdds, MixedTables, best_order, location_odds
from .rules import HeroVsGuardianState
from .scout_venture import first_choices, roll_modifier, room_chooser

__all__ = ["ASSUMPTION", "RoomBelief", "known_rooms", "location_chance", "map_chance",
           "room_belief"]

ASSUMPTION = ("if the face-down rooms are the unseen room cards placed at random (every "
              "unseen starting room still in the Dungeon)")
_TOUCH = ("lift", "set", "shift")  # log events after which a location's rooms may differ


def _rational(x: Fraction) -> sympy.Rational:
    return sympy.Rational(x.numerator, x.denominator)


@dataclass(frozen=True)
class RoomBelief:
    """The Hero's exact belief about the rooms at ``location``.

    - ``known``: rooms there he knows (face up, or seen and untouched since);
    - ``hidden``: how many face-down rooms there he does not know;
    - ``cases``: each possible set of those rooms (card ids, sorted) with its exact chance;
    - ``assumption``: what the chances rest on (see the module).
    """

    location: str
    known: tuple[str, ...]
    hidden: int
    cases: tuple[tuple[tuple[str, ...], sympy.Rational], ...]
    assumption: str
    cards: Any  # the CardSet, to name types and points

    def _kind(self, card: str) -> str:
        info = self.cards[card]
        return info.get("room_type") or ("Vault" if info["kind"] == "vault" else "Vacant")

    def types(self) -> dict[tuple[str, ...], sympy.Rational]:
        """Chance of each combination of room types (Trap, Magic, Brute, Evil, Vacant, Vault)
        of the face-down rooms, sorted within a combination.

        >>> from dungeoncraft_widgets.hero_vs_guardian import new_game
        >>> sum(room_belief(new_game(seed=1), "B2").types().values())
        1
        """
        out: dict[tuple[str, ...], sympy.Rational] = {}
        for rooms, p in self.cases:
            key = tuple(sorted(self._kind(r) for r in rooms))
            out[key] = out.get(key, sympy.Integer(0)) + p
        return dict(sorted(out.items(), key=lambda kv: -kv[1]))

    def points(self) -> dict[int, sympy.Rational]:
        """Distribution of the face-down rooms' total points (what Venturing them scores)."""
        out: dict[int, sympy.Rational] = {}
        for rooms, p in self.cases:
            key = sum(self.cards.points(r) for r in rooms)
            out[key] = out.get(key, sympy.Integer(0)) + p
        return dict(sorted(out.items()))

    def chance(self, test: Any) -> sympy.Rational:
        """Chance that some face-down room here passes ``test(card_dict)`` (e.g. is Cursed)."""
        return sum((p for rooms, p in self.cases if any(test(self.cards[r]) for r in rooms)),
                   sympy.Integer(0))

    def __str__(self) -> str:
        head = f"{self.location}: {self.hidden} face-down room(s) unknown"
        if self.known:
            head += ", known: " + ", ".join(self.cards.name(r) for r in self.known)
        kinds = "; ".join(f"{' + '.join(k) or '-'} {p}" for k, p in list(self.types().items())[:6])
        return f"{head}. {kinds} ({self.assumption})"


def _seen_elsewhere(view: Any) -> set[str]:
    """Room cards whose place the Hero knows and that are not face down in the Dungeon."""
    seen = set(view.face_up)
    for pile in view.ventured:
        seen.update(pile)
    seen.update(r for r, _h in view.removed)
    seen.update(view.captured)
    seen.update(view.out_of_game)
    for items in view.items.values():
        seen.update(items)
    for hand in view.hands:
        seen.update(c for c in hand if c in view.cards)
    if view.build is not None:
        seen.update(c for c in view.build["pool"] if c in view.cards and c in view.face_up)
    return seen


def _remembered(view: Any, seen: set[str]) -> dict[str, tuple[str, ...]]:
    """Locations whose face-down rooms the Hero saw revealed, untouched since."""
    # Read once per position (a bot asks for every location): kept on the object, keyed by
    # what it depends on.
    key = (len(view.log), len(seen), tuple(view.face_up))
    cached = view.__dict__.get("_remembered")
    if cached is not None and cached[0] == key:
        return cached[1]
    out = _read_memory(view, seen)
    view.__dict__["_remembered"] = (key, out)
    return out


def _read_memory(view: Any, seen: set[str]) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    touched: set[str] = set()
    for event in reversed(view.log):
        kind, data = event.kind, event.data
        if kind in _TOUCH:
            if "loc" not in data:  # an old log: anything may have moved
                break
            touched.update(x for x in (data.get("loc"), data.get("origin")) if x)
        elif kind == "reveal" and data.get("loc") in LOCATIONS:
            loc = data["loc"]
            if loc in touched or loc in out:
                continue
            still = tuple(c for c in data.get("cards", ()) if c in view.cards and c not in seen)
            face_down = [r for r in view.grid[loc] if r not in view.face_up]
            if still and len(still) == len(face_down):
                out[loc] = still
    return out


def room_belief(view: Any, location: str) -> RoomBelief:
    """The Hero's exact belief about the rooms at ``location`` (see the module).

    ``view`` is the Hero's view (or any state: only what the Hero sees is used).

    >>> from dungeoncraft_widgets.hero_vs_guardian import new_game
    >>> game = new_game(seed=1)
    >>> for text in ("deal", "entry A1 west", "entry D1 east"):
    ...     _ = game.apply(text)
    >>> belief = room_belief(game.view(0), "A1")
    >>> belief.hidden, belief.types()[("Vault",)]     # 16 starting rooms, one is the Vault
    (1, 1/16)
    """
    game_state(view, HeroVsGuardianState, "view")
    location = check_location(location)
    known, hidden, cases = _belief(view, location)
    return RoomBelief(location, known, hidden,
                      tuple((rooms, _rational(p)) for rooms, p in cases), ASSUMPTION, view.cards)


def known_rooms(view: Any, location: str) -> tuple[tuple[str, ...], int]:
    """``(rooms the Hero knows at location, how many face-down ones he does not)``."""
    rooms_here = list(view.grid[location])
    seen = _seen_elsewhere(view)
    face_up_here = tuple(r for r in rooms_here if r in view.face_up and r in view.cards)
    known_here = face_up_here + _remembered(view, seen).get(location, ())
    return known_here, len(rooms_here) - len(known_here)


def _belief(view: Any, location: str) -> tuple[tuple[str, ...], int,
                                               list[tuple[tuple[str, ...], Fraction]]]:
    """The belief in plain fractions: (known rooms, hidden count, cases)."""
    cards = view.cards
    rooms_here = list(view.grid[location])
    seen = _seen_elsewhere(view)
    face_up_here = tuple(r for r in rooms_here if r in view.face_up and r in cards)
    remembered = _remembered(view, seen)
    known_here = face_up_here + remembered.get(location, ())
    hidden_here = len(rooms_here) - len(known_here)
    if hidden_here <= 0:
        return known_here, 0, [((), Fraction(1))]
    placed_known = {c for loc_cards in remembered.values() for c in loc_cards}
    unseen = [c for c in cards.dungeon if cards.is_room(c) and c not in seen
              and c not in placed_known]
    starts = set(cards.start_rooms)
    must = [c for c in unseen if c in starts]  # unseen starting rooms: in the Dungeon
    maybe = [c for c in unseen if c not in starts]  # deck rooms: deck, hand or Dungeon
    slots = sum(1 for loc in LOCATIONS for r in view.grid[loc] if r not in view.face_up)
    slots -= sum(len(v) for v in remembered.values())
    if len(must) > slots:  # cannot happen in a real game; fall back to "any unseen card"
        must, maybe = [], unseen
    free = slots - len(must)
    cases = []
    for combo in itertools.combinations(sorted(unseen), hidden_here):
        from_maybe = sum(1 for c in combo if c not in must)
        if from_maybe > free:
            continue
        # P(these deck rooms are among the `free` chosen) * P(our places hold this set)
        chosen = Fraction(math.comb(len(maybe) - from_maybe, free - from_maybe),
                          math.comb(len(maybe), free)) if maybe else Fraction(1)
        p = chosen / math.comb(slots, hidden_here)
        if p:
            cases.append((combo, p))
    return known_here, hidden_here, cases


def _profile(view: Any, card: str) -> tuple:
    """What of a room matters to a roll and a score (cards alike in this are grouped)."""
    info = view.cards[card]
    return (info.get("room_type"), info["kind"], info.get("points", 0),
            repr(info.get("modifiers", ())), repr(info.get("location_modifiers", ())),
            view.cards.is_cursed(card))


def _modifier(view: Any, roll: str, adventurer: str, room: str, rooms: Sequence[str]) -> int:
    """The engine's modifier of ``adventurer`` against ``room`` if its location held
    ``rooms`` (revealed, no Combat card played yet), with its Items and Level Tokens now."""
    return roll_modifier(view.cards, roll, adventurer, room, items=view.items.get(adventurer, ()),
                         level=view.levels.get(adventurer, 0), location=rooms)


def location_chance(view: Any, action: str, location: str, order: list[str] | tuple[str, ...],
                    *, points: bool = False) -> LocationOdds:
    """Exact odds of Scouting/Venturing ``location`` with the Adventurers ``order`` (in the
    order they go in), under :func:`room_belief`: one chance for the whole location.

    The rooms are revealed before any roll, so each possible set of rooms is played as it
    would be: the room order picked by the Hero (a Scout, or a Scouted location) or by the
    Guardian (worst for the Hero), the Vault never Ventured first. ``points=True`` adds the
    expected points (rooms Ventured, Adventurers and their Items captured). The result's
    ``cases`` holds each case's weight and odds.
    """
    game_state(view, HeroVsGuardianState, "view")
    one_of(action, "action", ("scout", "venture"))
    if not isinstance(order, (list, tuple)):
        raise InvalidArgumentError(f"order must be 1 to 4 Adventurer card ids, not "
                                   f"{shown(order)}")
    order = list(order)
    if not 1 <= len(order) <= ORDER_TOKENS or any(a not in view.cards.adventurers
                                                  for a in order):
        raise InvalidArgumentError(f"order must be 1 to 4 Adventurer card ids, not {order!r}")
    location = check_location(location)
    known, _hidden, cases = _belief(view, location)
    cards = view.cards
    grouped: Counter = Counter()
    example: dict[tuple, tuple[str, ...]] = {}
    profiles: dict[str, tuple] = {}
    for rooms, p in cases:
        for r in rooms:
            if r not in profiles:
                profiles[r] = _profile(view, r)
        key = tuple(sorted((profiles[r] for r in rooms), key=repr))
        grouped[key] += p
        example.setdefault(key, rooms)
    chooser = room_chooser(action, view.tokens.get(location) == "scout")
    worth = [cards.points(a) + sum(cards.points(i) for i in view.items.get(a, ())
                                   if not cards.is_cursed(i)) for a in order]
    weighted = []
    for key, weight in grouped.items():
        rooms = known + example[key]
        if not rooms:
            weighted.append((weight, None, None))
            continue
        firsts = first_choices(rooms, (), action, cards.vault)
        orders = [o for o in dict.fromkeys(itertools.permutations(rooms)) if o[0] in firsts]
        options = []
        for room_order in orders:
            table = tuple(tuple(_modifier(view, action, a, r, rooms) for r in room_order)
                          for a in order)
            rp = tuple(cards.points(r) for r in room_order) if action == "venture" else None
            options.append((location_odds(action, table).p_all if len(orders) > 1 else 0,
                            table, rp))
        pick = max if chooser == "hero" else min
        _, table, rp = pick(options, key=lambda o: o[0])
        weighted.append((weight, table, rp))
    if action == "scout" and any(t is not None and len(order) < len(t[0])
                                 for _, t, _ in weighted):
        raise InvalidArgumentError("order: Scouting needs at least as many Adventurers as "
                                   "there are rooms")
    mixture = MixedTables(tuple((_rational(w), t, rp if points else None)
                                for w, t, rp in weighted), ASSUMPTION)
    return location_odds(action, mixture, adventurer_points=worth if points else None)


def map_chance(state: Any, location: str, rooms: list[str] | None = None) -> sympy.Rational:
    """The Guardian's question: the chance the Hero Maps ``location`` with one Venture of
    his best order of the Adventurers now in play, if the rooms there are ``rooms`` (by
    default the rooms there now). The Guardian picks the room order worst for the Hero
    (unless the location is Scouted); 0 where the Hero cannot Venture next round.

    >>> from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
    >>> game = scout_venture_position("venture", ["A06", "A01"], ["D06"], seed=1)
    >>> map_chance(game, "A1"), map_chance(game, "A1", ["D06", "D10"])
    (17/18, 5/9)
    """
    game_state(state, HeroVsGuardianState)
    location = check_location(location)
    if rooms is not None and not isinstance(rooms, (list, tuple)):
        raise InvalidArgumentError(f"rooms must be 0 to 2 room card ids, not {shown(rooms)}")
    rooms = list(state.grid[location]) if rooms is None else list(rooms)
    if any(not isinstance(r, str) or r not in state.cards or not state.cards.is_room(r)
           for r in rooms) or len(rooms) > MAX_ROOMS:
        raise InvalidArgumentError(f"rooms must be 0 to 2 room card ids, not {rooms!r}")
    if location in state.mapped() or location not in state.targetable():
        return sympy.Integer(0)
    party = [a for a in state.party[state.active]][:8]
    if not rooms:
        return sympy.Integer(1 if party else 0)
    if not party:
        return sympy.Integer(0)
    names = [f"room {i}" for i in range(len(rooms))]
    table = {a: [_modifier(state, "venture", a, r, rooms) for r in rooms] for a in party}
    if len(rooms) == 2 and state.cards.vault in rooms:  # the other room always comes first
        rooms_first = sorted(range(2), key=lambda i: rooms[i] == state.cards.vault)
        table = {a: [row[i] for i in rooms_first] for a, row in table.items()}
        room_order = "given"
    else:
        room_order = "hero" if state.tokens.get(location) == "scout" else "guardian"
    return best_order("venture", table, names, room_order=room_order,
                      runners_up=0).best.odds.p_all
