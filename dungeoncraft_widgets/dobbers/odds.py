"""Exact odds for Dobbers, from what a player knows: ``sympy.Rational``, never floats.

Every function reads a game or, better, a player's view (``state.view(p)``): what the
player knows is what the view shows, and nothing else.

**Your deck** (:func:`your_cards`). You know which cards are in your deck (not their
order), your discard pile (where a played Effect card goes once resolved), your hand and
the played cards still in play (a card whose Destroy ability is still open). At the Draw
Phase the hand and those cards go to the discard pile and five cards are drawn
(six for Pip); when the deck runs out the discard pile is shuffled into a new deck.

- :func:`next_hand` / :func:`next_hand_chance`: the points your next hand gives, as a
  distribution, and the chance of at least ``n``. A hand's points (:func:`hand_points`)
  are what its cards *print*, with your Hero and Equipment: every Effect played, every
  Equipment used, and an Equipment card in the hand taking its slot when it prints more
  of the points asked. Alignment bonuses, draws and other abilities come on top.
  ``quantity``: ``"travel"`` (blue + red), ``"challenge"`` (red + gold), ``"influence"``,
  or one colour.
- :func:`draw_chance`: the chance that drawing ``draws`` cards now (a draw effect
  mid-turn) covers a shortfall; a drawn Effect gives its points, a drawn Equipment card
  its gain over the card in a slot not yet used this turn.

**A Challenge stack** (:func:`stack_cases`, :func:`challenge_odds`). A face-down card is
equally likely to be any card the player has not seen that shows what it shows (its art
side, or its icon): :mod:`.sight` says what a player has seen (:func:`stack_cards`,
:func:`unseen_cards`) and enumerates the ways a stack may turn out.

**The race** (:func:`expected_turns`): the expected number of turns to the Key if you
buy nothing more, an exact Markov chain over your deck (see its docstring); its work is
bounded (about a second), and past the bound the answer is an estimate that says so.

>>> from dungeoncraft_widgets.dobbers import position
>>> game = position(heroes=["herb"], hand=["silver", "bottle_cap"], at="T3",
...                 stacks={"E2": ["castle_walls", "tree_golem"]})
>>> p = game.turn_player
>>> next_hand_chance(game.view(p), p, "travel", 3)   # the Kit and the Knife both drawn
5/18
>>> odds = challenge_odds(game.view(p), p, "E2")       # the shield to E2 costs 3: too much
Traceback (most recent call last):
...
dungeoncraft_widgets.core.errors.InvalidArgumentError: challenge: the shield to E2 costs 3 \
blue + red; Player 1 has 1 (the travel is refused before any Challenge)
"""

from __future__ import annotations

import zlib
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

import networkx as nx
import sympy

from ..core.checks import game_state, integer, one_of, seat, sequence, shown, whole_number
from ..core.english import approx, possessive
from ..core.errors import InvalidArgumentError
from ..core.rng import Rng
from . import challenge, travel
from .actions import SLOTS
from .data import HIDDEN, CardSet, card_set, deck_card
from .graph import path_to_key
from .points import HAND_SIZE, bonuses_due, contribution, hand_size, token_points, use_points
from .rules import DobbersState
from .sight import stack_cards, stack_outcomes, unseen_cards

__all__ = [
    "QUANTITIES", "ChallengeOdds", "RaceTurns", "StackCase", "YourCards", "at_least",
    "challenge_odds", "draw_chance", "expected_turns", "fewest_cards", "hand_points",
    "next_challenge",
    "next_hand", "next_hand_chance",
    "stack_cases", "stack_cards", "turn_points", "unseen_cards", "your_cards",
]

#: The points a question can ask about, and the colours that make them up.
QUANTITIES: dict[str, tuple[str, ...]] = {
    "travel": ("blue", "red"), "challenge": ("red", "gold"), "influence": ("influence",),
    "red": ("red",), "blue": ("blue",), "gold": ("gold",),
}
EQUIPMENT = ("Weapon", "Armor", "Item")
R = sympy.Rational


def _quantity(quantity: Any) -> tuple[str, ...]:
    return QUANTITIES[one_of(quantity, "quantity", QUANTITIES)]


def _slots(cards: CardSet, value: Any, name: str) -> dict[str, str]:
    """``equipped``/``forged`` as a dict slot -> card: a card of that slot's type, or (a
    Forge card) one with a Forge bonus."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidArgumentError(f"{name} must be a dict slot -> card, not {shown(value)}")
    for slot, card in value.items():
        one_of(slot, f"{name}'s slot", SLOTS)
        deck_card(cards, card, f"{name}[{slot!r}]")
        if name == "equipped" and cards.type(card).lower() != slot:
            raise InvalidArgumentError(f"equipped[{slot!r}]: {card} is no {slot}")
        if name == "forged" and "forge" not in cards[card]:
            raise InvalidArgumentError(f"forged[{slot!r}]: {card} has no Forge bonus")
    return dict(value)


def _seat(state: DobbersState, player: Any) -> int:
    """``player``, a seat of ``state`` that has a Hero."""
    seat(len(game_state(state, DobbersState).players), player)
    if state.heroes[player] is None:
        raise InvalidArgumentError(f"{state.players[player]} has no Hero yet")
    return player


def _own(state: DobbersState, player: int, zone: list[str], what: str) -> Counter:
    if any(c == HIDDEN or c not in state.cards for c in zone):
        raise InvalidArgumentError(f"{what}: this view does not show {state.players[player]}'s "
                                   "cards (use the game, or that player's own view)")
    return Counter(zone)


def at_least(distribution: Mapping[int, sympy.Rational], n: int) -> sympy.Rational:
    """The chance a distribution (value -> chance) gives at least ``n``.

    >>> at_least({1: R(1, 4), 2: R(1, 2), 5: R(1, 4)}, 2)
    3/4
    """
    if not isinstance(distribution, Mapping) or not all(
            integer(v) and isinstance(p, (sympy.Rational, Fraction, int))
            for v, p in distribution.items()):
        raise InvalidArgumentError(f"distribution must map whole numbers to exact chances "
                                   f"(next_hand's answer), not {shown(distribution)}")
    n = whole_number(n, "n")
    return sum((p for v, p in distribution.items() if v >= n), sympy.Integer(0))


# ------------------------------------------------------------------ your own cards
@dataclass(frozen=True)
class YourCards:
    """What a player knows of their own cards: ``deck`` (still to draw, order unknown),
    ``discard`` (the discard pile), ``hand``, ``held`` (cards played this turn and still in
    play, their Destroy ability open: they go to the discard pile at the Draw Phase with the
    hand), the Hero, the ``equipped`` and
    ``forged`` cards by slot, the slots ``used`` this turn, and ``hand_size`` (the cards the
    Draw Phase draws)."""

    deck: Counter
    discard: Counter
    hand: Counter
    held: Counter
    hero: str
    equipped: Mapping[str, str]
    forged: Mapping[str, str]
    used: frozenset[str]
    hand_size: int


def your_cards(view: DobbersState, player: int) -> YourCards:
    """Read :class:`YourCards` from a game or ``player``'s own view.

    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> game = new_game(["You", "Bot"], seed=3)
    >>> while game.phase != "main": _ = game.apply(game.legal_actions()[0])
    >>> mine = your_cards(game.view(0), 0)
    >>> sum(mine.deck.values()) + sum(mine.hand.values()), mine.hand_size
    (10, 5)
    """
    p = _seat(view, player)
    size = hand_size(view.cards, view.heroes[p])
    mine = view.turn_player == p
    held = list(view.turn["held"]) if mine else []
    return YourCards(deck=_own(view, p, view.decks[p], "deck"),
                     discard=Counter(view.discards[p]), hand=_own(view, p, view.hands[p], "hand"),
                     held=Counter(held), hero=view.heroes[p],
                     equipped=dict(view.equipped[p]), forged=dict(view.forged[p]),
                     used=frozenset(view.turn["used"]) if mine else frozenset(),
                     hand_size=size)


def _printed(cards: CardSet, card: str, colours: tuple[str, ...]) -> int:
    info = cards[card]
    return sum(int(info.get(c, 0)) for c in colours)


def _slot_points(cards: CardSet, equipped: Mapping[str, str], forged: Mapping[str, str],
                 slot: str, colours: tuple[str, ...]) -> int:
    card = equipped.get(slot)
    if card is None:
        return 0
    gives = use_points(cards, card, forged.get(slot))
    return sum(gives.get(c, 0) for c in colours)


def _base(cards: CardSet, mine: YourCards, colours: tuple[str, ...]) -> tuple[int, dict]:
    """The Hero's and the equipped cards' points, and each slot's points."""
    slots = {s: _slot_points(cards, mine.equipped, mine.forged, s, colours) for s in SLOTS}
    return _printed(cards, mine.hero, colours) + sum(slots.values()), slots


def hand_points(cards: CardSet, hand: Iterable[str], quantity: str, *, hero: str,
                equipped: Mapping[str, str] | None = None,
                forged: Mapping[str, str] | None = None) -> int:
    """The points of ``quantity`` a turn with this hand prints: the Hero, every Equipment
    used, every Effect played, and an Equipment card of the hand in its slot when it prints
    more than the equipped one (see the module docstring).

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> cards = load_cards()
    >>> hand_points(cards, ["helpful", "bottle_cap", "dobber_spear"], "challenge",
    ...             hero="toby", equipped={"weapon": "wooden_knife"})   # 1+1 + 1 + (1+1)
    5
    """
    cards = card_set(cards)
    colours = _quantity(quantity)
    hand = sequence(hand, "hand", lambda c, name: deck_card(cards, c, name), most=200)
    one_of(hero, "hero", cards.heroes)
    equipped, forged = _slots(cards, equipped, "equipped"), _slots(cards, forged, "forged")
    mine = YourCards(Counter(), Counter(), Counter(), Counter(), hero, equipped, forged,
                     frozenset(), HAND_SIZE)
    total, slots = _base(cards, mine, colours)
    best = dict(slots)
    for card in hand:
        kind = cards.type(card)
        if kind in EQUIPMENT:
            slot = kind.lower()
            best[slot] = max(best[slot], _printed(cards, card, colours))
        elif kind == "Effect":
            total += _printed(cards, card, colours)
    return total + sum(best[s] - slots[s] for s in SLOTS)


# ------------------------------------------------------------------ drawing
def _groups(cards: CardSet, pool: Counter, colours: tuple[str, ...]) -> list[tuple[Any, int]]:
    """Cards grouped by what they add: ("effect", points) or (slot, points), with counts."""
    out: Counter = Counter()
    for card, n in pool.items():
        if n <= 0:
            continue
        kind = cards.type(card)
        points = _printed(cards, card, colours)
        out[(kind.lower(), points) if kind in EQUIPMENT else ("effect", points)] += n
    return sorted(out.items())


_NONE = -1  # no card of that slot drawn


def _draw_ways(groups: list[tuple[Any, int]], draws: int, start: tuple) -> dict[tuple, int]:
    """Ways to draw ``draws`` cards from the groups: state (effect points, best weapon,
    armor, item points) -> number of ways (as sets of distinct cards)."""
    ways: dict[tuple, int] = {start: 1}
    left = sum(n for _key, n in groups)
    for (kind, points), n in groups:
        left -= n
        nxt: dict[tuple, int] = {}
        for (k, effect, *best), w in ways.items():
            for j in range(0, min(n, draws - k) + 1):
                if draws - k - j > left:
                    continue  # not enough cards left in later groups
                e, b = effect, best
                if j:
                    if kind == "effect":
                        e = effect + j * points
                    else:
                        i = SLOTS.index(kind)
                        b = [*best]
                        b[i] = max(b[i], points)
                key = (k + j, e, *b)
                nxt[key] = nxt.get(key, 0) + w * comb(n, j)
        ways = nxt
    return {key[1:]: w for key, w in ways.items() if key[0] == draws}


def _drawn(cards: CardSet, fixed: Counter, pool: Counter, draws: int,
           colours: tuple[str, ...]) -> tuple[dict[tuple, int], int]:
    """The ways of ``fixed`` (certainly drawn) plus ``draws`` from ``pool``, as
    (effect points, best per slot) -> ways, and the number of equally likely draws."""
    effect, best = 0, [_NONE] * len(SLOTS)
    for card, n in fixed.items():
        kind = cards.type(card)
        points = _printed(cards, card, colours)
        if kind in EQUIPMENT:
            i = SLOTS.index(kind.lower())
            best[i] = max(best[i], points)
        elif kind == "Effect":
            effect += n * points
    size = sum(pool.values())
    draws = min(draws, size)
    ways = _draw_ways(_groups(cards, pool, colours), draws, (0, effect, *best))
    return ways, comb(size, draws)


def _deal(deck: Counter, refill: Counter, draws: int) -> tuple[Counter, Counter, int]:
    """Who draws ``draws`` from ``deck`` and, when it runs out, the shuffled ``refill``:
    (cards certainly drawn, the pool the rest is drawn from, how many from it)."""
    size = sum(deck.values())
    if size >= draws:
        return Counter(), deck, draws
    return deck, refill, draws - size


@lru_cache(maxsize=512)
def _next_hand(cards: CardSet, key: tuple, colours: tuple[str, ...]) -> dict[int, Fraction]:
    deck, refill, size, hero, equipped, forged = key
    mine = YourCards(Counter(dict(deck)), Counter(), Counter(), Counter(), hero, dict(equipped),
                     dict(forged), frozenset(), size)
    base, slots = _base(cards, mine, colours)
    fixed, pool, draws = _deal(Counter(dict(deck)), Counter(dict(refill)), size)
    ways, total = _drawn(cards, fixed, pool, draws, colours)
    out: dict[int, Fraction] = {}
    for (effect, *best), w in ways.items():
        value = base + effect + sum(max(0, b - slots[s]) for s, b in zip(SLOTS, best,
                                                                          strict=True))
        out[value] = out.get(value, Fraction(0)) + Fraction(w, total)
    return out


def _frozen(mapping: Mapping[str, Any]) -> tuple:
    """A hashable copy of a count (zeros left out) or of a slot -> card mapping."""
    return tuple(sorted((k, v) for k, v in mapping.items() if not isinstance(v, int) or v > 0))


def next_hand(view: DobbersState, player: int, quantity: str) -> dict[int, sympy.Rational]:
    """The distribution of the points of ``quantity`` the next hand gives (value ->
    chance), if nothing else changes before the Draw Phase: the hand drawn from the deck,
    and when it runs short, from the discard pile with this turn's hand and held cards
    shuffled in. See :func:`hand_points` for what a hand gives.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["herb"], hand=[])
    >>> p = game.turn_player
    >>> next_hand(game.view(p), p, "travel")   # Herb's 1 red, the Kit's blue, the Knife's red
    {1: 2/9, 2: 5/9, 3: 2/9}
    """
    colours = _quantity(quantity)
    mine = your_cards(view, player)
    refill = mine.discard + mine.hand + mine.held
    key = (_frozen(mine.deck), _frozen(refill), mine.hand_size, mine.hero,
           _frozen(mine.equipped), _frozen(mine.forged))
    return {v: R(p.numerator, p.denominator)
            for v, p in sorted(_next_hand(view.cards, key, colours).items())}


def next_hand_chance(view: DobbersState, player: int, quantity: str, n: int) -> sympy.Rational:
    """The chance that the next hand gives at least ``n`` points of ``quantity``
    (see :func:`next_hand`)."""
    return at_least(next_hand(view, player, quantity), whole_number(n, "n", minimum=0))


def draw_chance(view: DobbersState, player: int, quantity: str, need: int,
                draws: int = 1) -> sympy.Rational:
    """The chance that drawing ``draws`` cards now gives at least ``need`` more points of
    ``quantity``: each drawn Effect its printed points, and in each slot not yet used this
    turn the best drawn Equipment card its gain over the equipped one (it is equipped, then
    used). The deck runs out: the discard pile is shuffled, with the Effect cards already
    played and resolved this turn (the hand and the cards still in play are not in it).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["toby"], hand=["hearty_mushroom"])
    >>> p = game.turn_player
    >>> draw_chance(game.view(p), p, "challenge", 1)    # the Knife is the one card that helps
    1/10
    """
    colours = _quantity(quantity)
    need = whole_number(need, "need", minimum=0)
    draws = whole_number(draws, "draws", minimum=1)
    mine = your_cards(view, player)
    if need == 0:
        return sympy.Integer(1)
    _base_points, slots = _base(view.cards, mine, colours)
    fixed, pool, k = _deal(mine.deck, mine.discard, draws)
    ways, total = _drawn(view.cards, fixed, pool, k, colours)
    good = 0
    for (effect, *best), w in ways.items():
        gain = sum(max(0, b - slots[s]) for s, b in zip(SLOTS, best, strict=True)
                   if s not in mine.used)
        if effect + gain >= need:
            good += w
    return R(good, total) if total else sympy.Integer(0)


# ------------------------------------------------------------------ stacks
@dataclass(frozen=True)
class StackCase:
    """One way a stack may turn out: its ``chance``, the Challenge points it ``need``\\ s
    from the player, the keywords and types its cards are ``immune`` to, how many squares
    its Defeat text moves the Hero ``back``, and the ``cards`` (one card for each group of
    cards that would play the same)."""

    chance: sympy.Rational
    need: int
    immune: frozenset[str]
    back: int
    cards: tuple[str, ...]


def stack_cases(view: DobbersState, player: int, square: str) -> list[StackCase]:
    """Every way the stack on ``square`` may turn out for ``player``, from what this view
    knows (see the module docstring), with its exact chance; the chances add up to 1.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> p = game.turn_player
    >>> cases = stack_cases(game, p, "E2")            # the whole game: known cards
    >>> [(c.chance, c.need, sorted(c.immune), c.back) for c in cases]
    [(1, 7, ['Thorn'], 2)]
    >>> seen = stack_cases(game.view(p), p, "E2")     # Herb's view: Castle Walls (its art)
    >>> sum(c.chance for c in seen), min(c.need for c in seen), max(c.need for c in seen)
    (1, 4, 9)
    """
    return [StackCase(R(chance.numerator, chance.denominator), need, immune, back, ids)
            for chance, need, immune, back, ids in stack_outcomes(view, _seat(view, player),
                                                                  square)]


def _play_everything(view: DobbersState, p: int, hand: Iterable[str] | None = None
                     ) -> tuple[dict[str, int], list[list]]:
    """The points (by colour: blue, red, gold, influence) that playing every Effect card
    of the hand, using every Equipment not used yet and spending the positive tokens adds
    this turn, with the alignment bonuses that all of it sets off
    (:func:`.points.bonuses_due`, as the engine gives them), and what each Equipment gives
    (for immunities). Cards drawn by these cards are not counted."""
    cards, turn = view.cards, view.turn
    equipped, forged = view.equipped[p], view.forged[p]
    colours = ("blue", "red", "gold", "influence")
    got = dict.fromkeys(colours, 0)
    contrib: list[list] = []
    new = [c for c in (view.hands[p] if hand is None else hand)
           if c in cards and cards.type(c) == "Effect"]
    for card in new:
        for colour in colours:
            got[colour] += cards.point(card, colour)
    used = dict(turn["used"])
    for slot in SLOTS:
        if slot in equipped and slot not in used:
            used[slot] = equipped[slot]
            gives = use_points(cards, equipped[slot], forged.get(slot))
            contrib.append(contribution(cards, equipped[slot], forged.get(slot), gives))
            for colour in colours:
                got[colour] += gives.get(colour, 0)
    for token in view.tokens[p]:
        colour, value = token_points(cards, token)
        if value > 0 and colour in got:
            got[colour] += value
    # Alignment bonuses, once everything is in play.
    for key, card, _alignments in bonuses_due(
            cards, view.heroes[p], equipped, forged, used, [*turn["played"], *new],
            turn["bonus"]):
        aligned = cards[card]["aligned"]
        for colour in colours:
            got[colour] += aligned.get(colour, 0)
        if key.startswith("e"):
            contrib.append(contribution(cards, card, forged.get(key[1:]),
                                        {"red": aligned.get("red", 0),
                                         "gold": aligned.get("gold", 0)}))
    return got, contrib


@dataclass(frozen=True)
class ChallengeOdds:
    """The chance to beat a stack if you commit now (``chance``), with the ``shield``
    you pay to get there, the Challenge points you would bring (``have``: for each set
    of immunities a stack may have, after those are taken off), the stack's ``need`` as a
    distribution, whether it is ``known``, and the ``cases`` themselves."""

    square: str
    chance: sympy.Rational
    shield: int
    have: Mapping[frozenset, int]
    need: Mapping[int, sympy.Rational]
    known: bool
    cases: tuple[StackCase, ...]


def challenge_odds(view: DobbersState, player: int, square: str, *,
                   then_play_hand: bool = True) -> ChallengeOdds:
    """The exact chance that ``player`` beats the stack on ``square`` (a neighbouring
    square) if they commit now: the shield is paid from the pool now (blue first, then
    red); then, with ``then_play_hand``, every Effect card still in the hand is played,
    every Equipment not used this turn is used and every positive token spent (the
    rulebook lets cards be played after the reveal). Red + gold, less what a Creature is
    immune to, must reach the stack's need (:func:`stack_cases`).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["toby"], hand=["strength", "helpful"], at="T3",
    ...                 equipped={"weapon": "silver_sword", "armor": "iron_bark",
    ...                           "item": "traveling_kit"},
    ...                 stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> p = game.turn_player
    >>> for slot in ("weapon", "armor", "item"): _ = game.apply(f"use {slot}")
    >>> game.challenge_points()                      # the rulebook's Castle Walls example
    (4, 3)
    >>> odds = challenge_odds(game, p, "E2")         # knowing the cards: 7 is enough
    >>> odds.chance, odds.shield, dict(odds.need)
    (1, 3, {7: 1})
    >>> challenge_odds(game.view(p), p, "E2").chance  # Toby's view: Castle Walls, a mystery
    13/17
    """
    p = _seat(view, player)
    if view.turn_player != p or view.phase != "main":
        raise InvalidArgumentError("challenge: only the player whose turn it is can commit to "
                                   "a Challenge")
    here = view.position[p]
    if square not in view.board.neighbours.get(here, {}):
        raise InvalidArgumentError(f"challenge: {square} is not next to {here}")
    cost = view.travel_cost(p, here, square)
    turn = view.turn
    if cost > turn["blue"] + turn["red"]:
        raise InvalidArgumentError(
            f"challenge: the shield to {square} costs {cost} blue + red; "
            f"{view.players[p]} has {turn['blue'] + turn['red']} (the travel is refused "
            "before any Challenge)")
    _blue, red = travel.pay_travel(turn["blue"], turn["red"], cost)
    gold = turn["gold"]
    contrib = [list(c) for c in turn["contrib"]]
    if then_play_hand:
        more, more_contrib = _play_everything(view, p)
        red, gold = red + more["red"], gold + more["gold"]
        contrib += more_contrib
    cases = stack_cases(view, p, square)
    have: dict[frozenset, int] = {}
    chance = sympy.Integer(0)
    need: dict[int, sympy.Rational] = {}
    for case in cases:
        if case.immune not in have:
            have[case.immune] = sum(challenge.points_against(
                red, gold, challenge.immune_points(case.immune, contrib)))
        if have[case.immune] >= case.need:
            chance += case.chance
        need[case.need] = need.get(case.need, sympy.Integer(0)) + case.chance
    return ChallengeOdds(square, chance, cost, have, dict(sorted(need.items())),
                         len(need) == 1, tuple(cases))


def turn_points(view: DobbersState, player: int) -> dict[str, int]:
    """The points (``blue``, ``red``, ``gold``, ``influence``) ``player``'s turn holds once
    every Effect card of the hand is played, every Equipment not used yet is used and every
    positive token spent, with the alignment bonuses (cards drawn on the way not counted).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["toby"], hand=["silver", "helpful"])
    >>> turn_points(game, game.turn_player)     # Toby's 1 red, 1 gold, 1 Influence and both
    {'blue': 0, 'red': 2, 'gold': 1, 'influence': 4}
    """
    p = _seat(view, player)
    more, _contrib = _play_everything(view, p)
    return {colour: view.turn[colour] + n for colour, n in more.items()}


def next_challenge(view: DobbersState, player: int, *, hand: Iterable[str] | None = None
                   ) -> ChallengeOdds | None:
    """The chance that ``player`` clears the next Challenge on their way to the Key
    (:func:`.graph.path_to_key`) this turn, at the start of their Main Phase: every Effect
    card of the hand (or only those of ``hand``, a part of it) played, every Equipment not
    used yet used and every positive token spent, then the Hero travels there (blue first,
    then red, pay the shields on the way) and takes the stack on with the red + gold left,
    less what a Creature is immune to. ``shield`` is what the travel costs; the chance is
    0 when the blue + red do not reach it. None when no stack lies on the way.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["toby"], hand=["strength", "helpful", "silver"], at="T3",
    ...                 equipped={"weapon": "silver_sword"},
    ...                 stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> p = game.turn_player
    >>> odds = next_challenge(game, p)      # 5 red, 2 gold: 3 red for the shield, 4 left
    >>> odds.square, odds.shield, odds.chance, dict(odds.need), list(odds.have.values())
    ('E2', 3, 0, {7: 1}, [4])
    >>> next_challenge(game.view(p), p).chance  # Toby's view: Castle Walls and a mystery
    2/17
    """
    p = _seat(view, player)
    if view.turn_player != p or view.phase != "main":
        raise InvalidArgumentError("challenge: only the player whose turn it is can take a "
                                   "Challenge on this turn")
    if hand is not None:
        hand = sequence(hand, "hand", lambda c, _name: c, most=50)
        missing = Counter(hand) - Counter(view.hands[p])
        if missing:
            raise InvalidArgumentError(f"hand: {shown(sorted(missing)[0])} is not in "
                                       f"{possessive(view.players[p])} hand")
    ahead = _next_stack(view, p)
    return None if ahead is None else _clear_now(view, p, *ahead, hand)


def fewest_cards(view: DobbersState, player: int) -> tuple[ChallengeOdds, tuple[str, ...]] | None:
    """:func:`next_challenge` with the whole hand, and the fewest Effect cards of the hand
    (sorted by id; among as few, the first) that give the same chance; None when no stack
    lies on the way.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["toby"], hand=["strength", "helpful", "silver"], at="T3",
    ...                 equipped={"weapon": "silver_sword"},
    ...                 stacks={"E2": ["castle_walls", "?creature"]})
    >>> odds, cards = fewest_cards(game.view(game.turn_player), game.turn_player)
    >>> odds.chance, cards                   # the Silver gives Influence only
    (2/17, ('helpful', 'strength'))
    """
    p = _seat(view, player)
    whole = next_challenge(view, p)
    if whole is None:
        return None
    effects = sorted(c for c in view.hands[p] if view.cards.type(c) == "Effect")
    if not whole.chance:
        return whole, tuple(effects)
    ahead = _next_stack(view, p)
    for k in range(len(effects) + 1):
        for part in sorted(set(combinations(effects, k))):
            if _clear_now(view, p, *ahead, part).chance == whole.chance:
                return whole, part
    return whole, tuple(effects)  # (not reached: the whole hand gives its own chance)


def _next_stack(view: DobbersState, p: int) -> tuple[str, int, list[StackCase]] | None:
    """The next stack on the way to the Key: its square, the shields to it, its cases."""
    cost = 0
    for step in path_to_key(view, p).steps:
        cost += step.shield
        if step.need is not None:
            return step.square, cost, stack_cases(view, p, step.square)
    return None


def _clear_now(view: DobbersState, p: int, square: str, cost: int, cases: list[StackCase],
               hand: Iterable[str] | None) -> ChallengeOdds:
    turn = view.turn
    more, contrib = _play_everything(view, p, hand)
    blue, red = turn["blue"] + more["blue"], turn["red"] + more["red"]
    gold = turn["gold"] + more["gold"]
    need: dict[int, sympy.Rational] = {}
    for case in cases:
        need[case.need] = need.get(case.need, sympy.Integer(0)) + case.chance
    have: dict[frozenset, int] = {}
    chance = sympy.Integer(0)
    if cost <= blue + red:
        _blue, red = travel.pay_travel(blue, red, cost)
        contrib = [list(c) for c in turn["contrib"]] + contrib
        for case in cases:
            if case.immune not in have:
                have[case.immune] = sum(challenge.points_against(
                    red, gold, challenge.immune_points(case.immune, contrib)))
            if have[case.immune] >= case.need:
                chance += case.chance
    return ChallengeOdds(square, chance, cost, have, dict(sorted(need.items())),
                         len(need) == 1, tuple(cases))


# ------------------------------------------------------------------ the race to the Key
#: The work :func:`expected_turns` does at most, in units of about 6 microseconds (a step
#: of the exact solution, a turn of a sampled race, a tenth of a hand dealt): about a
#: second; an estimate may take half as much again. And the most turns one sampled race
#: may take.
MAX_WORK = 150_000
RACE_TURNS = 1000


@dataclass(frozen=True)
class RaceTurns:
    """What :func:`expected_turns` answers. ``turns``: the exact expected number of turns
    when ``exact``; else (the chain needed more than the work bound) an estimate, the mean
    of ``races`` races run through the same chain with its exact chances, as the app says.
    ``states``: the states of the chain worked out; ``work``: the work done, in the units
    of :data:`MAX_WORK` (at most the bound, and half as much again for an estimate);
    ``why``: why the answer is not exact (empty when it is)."""

    turns: sympy.Rational
    exact: bool
    states: int
    work: int
    races: int = 0
    why: str = ""

    def __str__(self) -> str:
        if self.exact:
            return f"{approx(self.turns)} turns"
        return f"about {approx(self.turns, places=1)} turns ({self.why})"


class _OutOfWork(Exception):
    """The chain's work bound is reached (caught in :meth:`_RaceChain.expected`)."""


def expected_turns(view: DobbersState, player: int, *,
                   max_work: int = MAX_WORK) -> RaceTurns:
    """The expected number of turns after this one until ``player`` reaches the Key, if
    they buy nothing more. Exact for this model of the race:

    - the turn now ends where the Hero stands; each later turn draws a hand as the engine
      does (the deck's order unknown, the discard pile reshuffled when it runs out);
    - an Equipment card in the hand that prints more red + blue + gold than the card in
      its slot is equipped (and stays); every Effect is played and every Equipment used:
      the points are the printed ones (as :func:`hand_points`; no alignment bonuses, draws
      or tokens);
    - the Hero travels along :func:`.graph.path_to_key` as far as blue + red pay the
      shields (blue first); a stack on the way is taken on when the red + gold left reach
      what it needs, and passed (its points spent, gold first); else the Hero waits in
      front of it. A face-down stack needs what its cards turn out to need
      (:func:`stack_cases`, taken as the Hero first reaches it), as if the Hero knew it
      (they never lose a Challenge: an optimistic race);
    - the board does not change (no other player, no Solo card, no consequences).

    The work is bounded (``max_work``, about a second by default): a chain too large to
    solve exactly within it is estimated instead, by races run through the same chain
    (the answer says so: ``exact`` False, ``why``). Raises an error naming why when the
    Hero may never reach the Key this way (a race can get stuck for good).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["brindle"], hand=[], at="T15", stacks={"E12": ["hollow_oak"]})
    >>> p = game.turn_player
    >>> race = expected_turns(game.view(p), p)   # the Kit and the Knife both needed: 1 or 2
    >>> race.turns, race.exact, str(race)
    (16/9, True, '16/9 ≈ 1.78 turns')
    >>> rough = expected_turns(game.view(p), p, max_work=60)
    >>> rough.exact, rough.races > 0, rough.why[:40]
    (False, True, 'an estimate from races run through the c')
    """
    p = _seat(view, player)
    max_work = whole_number(max_work, "max_work", minimum=1, maximum=10**9,
                            why="the work the answer may take")
    mine = your_cards(view, p)
    cards = view.cards
    route = path_to_key(view, p)
    steps: list[tuple[int, tuple[tuple[int, Fraction], ...] | None]] = []
    for step in route.steps:
        if step.need is None:
            steps.append((step.shield, None))
            continue
        dist: dict[int, Fraction] = {}
        for chance, need, *_ in stack_outcomes(view, p, step.square):
            dist[need] = dist.get(need, Fraction(0)) + chance
        steps.append((step.shield, tuple(sorted(dist.items()))))
    # The deck: every card in circulation, grouped by what it prints.
    circulation = mine.deck + mine.discard + mine.hand + mine.held
    hero = cards[mine.hero]
    equip = tuple(_equip_value(cards, mine.equipped, mine.forged, s) for s in SLOTS)
    groups: dict[tuple, int] = {(s, *v): 0 for s, v in zip(SLOTS, equip, strict=True)
                                if sum(v)}  # an equipped card may come back to the deck
    piles: dict[tuple, int] = {}
    for card, n in circulation.items():
        kind = cards.type(card)
        sig = (kind.lower() if kind in EQUIPMENT else "effect",
               *(cards.point(card, c) for c in ("blue", "red", "gold")))
        groups[sig] = groups.get(sig, 0) + n
        piles[sig] = piles.get(sig, 0) + mine.deck[card]
    kinds = tuple(sorted(groups))
    # The turn ends now: the hand and the held cards go to the discard pile, the deck stays.
    start = (0, tuple(piles.get(k, 0) for k in kinds), tuple(groups[k] for k in kinds), equip,
             None)
    chain = _RaceChain(steps, kinds, (hero.get("blue", 0), hero.get("red", 0),
                                      hero.get("gold", 0)), mine.hand_size, max_work)
    return chain.expected(start)


def _equip_value(cards: CardSet, equipped: Mapping[str, str], forged: Mapping[str, str],
                 slot: str) -> tuple[int, int, int]:
    return tuple(_slot_points(cards, equipped, forged, slot, (c,))
                 for c in ("blue", "red", "gold"))  # type: ignore[return-value]


class _RaceChain:
    """The Markov chain of :func:`expected_turns`. A state: (index on the route, the deck
    still to draw and the cards in circulation, by group, the points of each equipped slot,
    the need of the stack ahead once it is known). ``work`` counts what is done (hands
    dealt, moves walked, steps of the solution, turns of sampled races) against
    ``max_work``."""

    def __init__(self, steps, kinds, hero, hand_size, max_work) -> None:
        self.steps, self.kinds, self.hero = steps, kinds, hero
        self.hand_size, self.max_work = hand_size, max_work
        self.work = 0
        self.memo: dict[tuple, list] = {}
        self._turns: dict[tuple, list] = {}   # the same deck recurs all along the route
        self._moves: dict[tuple, list] = {}

    def spend(self, units: int) -> None:
        if self.work + units > self.max_work:
            raise _OutOfWork
        self.work += units

    # -- one turn
    def hands(self, pile: tuple, circ: tuple):
        """(probability, hand by group, new pile) of the Draw Phase from ``pile``."""
        size, h = sum(pile), self.hand_size
        if size >= h:
            yield from self._subsets(pile, h)
            return
        rest = tuple(c - k for c, k in zip(circ, pile, strict=True))  # reshuffled
        for p, drawn, left in self._subsets(rest, min(h - size, sum(rest))):
            yield p, tuple(a + b for a, b in zip(pile, drawn, strict=True)), left

    @staticmethod
    def _subsets(pool: tuple, k: int):
        """(probability, how many of each group, what is left) of drawing ``k`` cards."""
        total = comb(sum(pool), k)
        counts: list[tuple[tuple[int, ...], int]] = [((), 1)]
        for n in pool:
            counts = [(picked + (j,), w * comb(n, j)) for picked, w in counts
                      for j in range(0, min(n, k - sum(picked)) + 1)]
        for picked, w in counts:
            if sum(picked) == k:
                yield (Fraction(w, total), picked,
                       tuple(n - j for n, j in zip(pool, picked, strict=True)))

    def draws(self, pile: tuple, circ: tuple, equip: tuple) -> list:
        """(probability, points, pile, circulation, equipment) after a Draw Phase."""
        key = (pile, circ, equip)
        if key in self._turns:
            return self._turns[key]
        out: dict[tuple, Fraction] = {}
        for p, hand, left in self.hands(pile, circ):
            self.spend(10)  # a hand costs about ten steps of the solution
            equip2, circ2, effect = list(equip), list(circ), [0, 0, 0]
            for i, kind in enumerate(self.kinds):
                n = hand[i]
                if not n:
                    continue
                if kind[0] == "effect":
                    for c in range(3):
                        effect[c] += n * kind[1 + c]
                    continue
                slot = SLOTS.index(kind[0])
                if sum(kind[1:]) > sum(equip2[slot]):  # a better card: equipped for good
                    old = equip2[slot]
                    equip2[slot] = kind[1:]
                    circ2[i] -= 1
                    if (kind[0], *old) in self.kinds:  # back to the hand, then the deck
                        circ2[self.kinds.index((kind[0], *old))] += 1
            points = tuple(self.hero[c] + effect[c] + sum(e[c] for e in equip2)
                           for c in range(3))
            key2 = (points, left, tuple(circ2), tuple(equip2))
            out[key2] = out.get(key2, Fraction(0)) + p
        self._turns[key] = result = list(out.items())
        return result

    def turn(self, state: tuple) -> dict[tuple, Fraction]:
        """Every (next state: probability) after one turn from ``state``."""
        pos, pile, circ, equip, known = state
        out: dict[tuple, Fraction] = {}
        for (points, left, circ2, equip2), p in self.draws(pile, circ, equip):
            moves = self._moves.get((pos, known, points))
            if moves is None:
                moves = self._moves[pos, known, points] = self._travel(pos, known, *points)
            self.spend(len(moves))  # a chance multiplied in for each
            for q, nxt_pos, nxt_known in moves:
                nxt = (nxt_pos, left, circ2, equip2, nxt_known)
                out[nxt] = out.get(nxt, Fraction(0)) + p * q
        return out

    def _travel(self, pos: int, known, blue: int, red: int, gold: int):
        """(probability, route index reached, need of the stack waited at) of one turn's
        travel with these points."""
        results: list[tuple[Fraction, int, Any]] = []

        def walk(i: int, blue: int, red: int, gold: int, known, q: Fraction) -> None:
            if i == len(self.steps):
                results.append((q, i, None))
                return
            shield, needs = self.steps[i]
            if shield > blue + red:
                results.append((q, i, known))
                return
            blue2, red2 = travel.pay_travel(blue, red, shield)
            if needs is None:
                walk(i + 1, blue2, red2, gold, None, q)
                return
            options = ((known, Fraction(1)),) if known is not None else needs
            for need, w in options:
                if red2 + gold >= need:
                    spent_red, spent_gold = challenge.victory_spends(gold, need)
                    walk(i + 1, blue2, red2 - spent_red, gold - spent_gold, None, q * w)
                else:
                    results.append((q * w, i, need))

        walk(pos, blue, red, gold, known, Fraction(1))
        return results

    # -- expected turns
    def expected(self, start: tuple) -> RaceTurns:
        """E[turns] from ``start``: E[s] = 1 + sum P(s -> t) E[t] (0 at the Key), solved
        exactly one strongly connected part at a time, the last parts of the race first;
        past the work bound, estimated by races through the chain."""
        try:
            self._explore(start)
            value = self._solve(start)
        except _OutOfWork:
            return self._estimate(start)
        return RaceTurns(sympy.Rational(value.numerator, value.denominator), True,
                         len(self.memo), self.work)

    def _explore(self, start: tuple) -> None:
        todo, seen = [start], {start}
        while todo:
            s = todo.pop()
            nxt = self.turn(s)
            self.memo[s] = list(nxt.items())
            if all(t == s for t in nxt):
                raise InvalidArgumentError("expected_turns: this deck never gets the Hero any "
                                           "further along the way to the Key")
            for t in nxt:
                if t[0] < len(self.steps) and t not in seen:
                    seen.add(t)
                    todo.append(t)

    def _solve(self, start: tuple) -> Fraction:
        self.spend(2 * sum(len(succ) for succ in self.memo.values()))  # the graph's edges
        graph = nx.DiGraph()
        graph.add_nodes_from(self.memo)
        graph.add_edges_from((s, t) for s, succ in self.memo.items() for t, _q in succ
                             if t in self.memo)
        parts = nx.condensation(graph)
        for part in parts:  # a part the race never leaves, short of the Key: stuck for good
            members = parts.nodes[part]["members"]
            if not any(t not in members for s in members for t, _q in self.memo[s]):
                raise InvalidArgumentError(
                    "expected_turns: the Hero may never reach the Key this way: some races "
                    "get stuck for good (a shield or a stack this deck cannot pass from "
                    "there)")
        value: dict[tuple, Fraction] = {}
        for part in reversed(list(nx.topological_sort(parts))):
            members = sorted(parts.nodes[part]["members"])
            index = {s: i for i, s in enumerate(members)}
            rows, rhs = [], []
            for s in members:
                row = {index[s]: Fraction(1)}
                constant = Fraction(1)
                for t, q in self.memo[s]:
                    if t in index:
                        row[index[t]] = row.get(index[t], Fraction(0)) - q
                    elif t in value:
                        constant += q * value[t]
                rows.append(row)
                rhs.append(constant)
            for s, v in zip(members, _solve_sparse(rows, rhs, len(members), self.spend),
                            strict=True):
                value[s] = v
        return value[start]

    def _estimate(self, start: tuple) -> RaceTurns:
        """The chain is too large to solve within the work bound: races run through it
        (each turn's next state drawn with the chain's exact chances, the Rng seeded by
        the start: the same position, the same estimate), within half the bound again."""
        spent, self.work, self.max_work = self.work, 0, max(1, self.max_work // 2)
        rng = Rng(zlib.crc32(repr(start).encode()))
        cumulative: dict[tuple, tuple[list[Fraction], list[tuple]]] = {}
        total = races = 0
        try:
            while races < 2000:
                s, turns = start, 0
                while s[0] < len(self.steps):
                    if s not in cumulative:
                        succ = self.memo.get(s) or list(self.turn(s).items())
                        self.spend(len(succ))
                        acc, run = [], Fraction(0)
                        for _t, q in succ:
                            run += q
                            acc.append(run)
                        cumulative[s] = (acc, [t for t, _q in succ])
                    acc, nexts = cumulative[s]
                    u = Fraction(rng.next64(), 1 << 64)
                    s = nexts[min(bisect_right(acc, u), len(nexts) - 1)]
                    turns += 1
                    self.spend(len(nexts).bit_length())  # the comparisons of the search
                    if turns > RACE_TURNS:
                        raise InvalidArgumentError(
                            f"expected_turns: a race took more than {RACE_TURNS} turns: the "
                            "Hero may never reach the Key this way")
                total += turns
                races += 1
        except _OutOfWork:
            if races == 0:
                raise InvalidArgumentError("expected_turns: not one race reached the Key "
                                           "within the work bound") from None
        why = (f"an estimate from races run through the chain, {races} of them: its "
               f"{len(self.memo)}+ states are more than the work bound solves exactly")
        return RaceTurns(sympy.Rational(total, races), False, len(self.memo) or len(cumulative),
                         spent + self.work, races, why)


def _solve_sparse(rows: list[dict[int, Fraction]], rhs: list[Fraction], n: int,
                  spend: Any = None) -> list[Fraction]:
    """Solve the sparse linear system exactly (Gaussian elimination on dict rows);
    ``spend(units)`` is told the work of each row step (and may stop it)."""
    rows = [dict(r) for r in rows]
    rhs = list(rhs)
    pivot_of: list[int] = []
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r].get(col)), None)
        if pivot is None:
            raise InvalidArgumentError("expected_turns: the Key cannot be reached from "
                                       "every state of the race")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        pr = rows[col]
        inv = 1 / pr[col]
        for r in range(n):
            if r == col:
                continue
            f = rows[r].get(col)
            if not f:
                continue
            f *= inv
            row = rows[r]
            if spend is not None:
                spend(len(pr))
            for c, v in pr.items():
                nv = row.get(c, Fraction(0)) - f * v
                if nv:
                    row[c] = nv
                else:
                    row.pop(c, None)
            rhs[r] -= f * rhs[col]
        pivot_of.append(col)
    return [rhs[i] / rows[i][i] for i in range(n)]
