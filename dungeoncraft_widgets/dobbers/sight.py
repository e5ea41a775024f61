"""What a player has seen of the cards, and every way a face-down Challenge stack may turn
out from there (exact ``Fraction`` chances; :mod:`.odds` gives them as sympy numbers).

A face-down card shows its art, which names it: every card of the Challenge row, and the
Location on top of a stack, are known by name (its numbers and text are on the other
side, but the card list says them); a card covered in a stack (a Creature, Equipment)
shows only its icon: the mystery (RULE_NOTES). What a player has seen: every card shown
now (the rows, the Locations on the board, every Hero's Equipment, the discard piles, the
Destroyed pile, face-up stacks), their own deck and hand, and a covered card the log names
to them (one they put there themselves; the solo player also knows what a Solo card moved
from a row). Every other card is *unseen*. A covered card is equally likely to be any
unseen card of its kind; the cards of one stack come from different decks (one Creature,
one card of each Equipment type), so they are independent. A card in another player's
hand or deck counts as unseen: this does not follow each opponent's purchases through
their deck.

Both the odds (:func:`.odds.stack_cases`, :func:`.odds.challenge_odds`) and the board's
graph (:func:`.graph.path_to_key`, which weighs every stack on the way) read stacks here;
what a stack of known cards needs is :func:`.challenge.stack_needs`.

>>> from dungeoncraft_widgets.dobbers import position
>>> game = position(heroes=["herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
>>> p = game.turn_player
>>> stack_cards(game.view(p), "E2")
['castle_walls', '?creature']
>>> [(chance, need) for chance, need, *_ in stack_outcomes(game, p, "E2")]
[(Fraction(1, 1), 7)]
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

from ..core.checks import game_state, seat, shown
from ..core.errors import InvalidArgumentError
from . import challenge
from .data import CardSet, card_set, parse_back
from .rules import DobbersState

__all__ = ["Outcome", "is_card", "pool_for", "stack_cards", "stack_outcomes", "unseen_cards"]

#: One way a stack may turn out: (chance, need, immunities, squares a Defeat moves back,
#: one card for each group of cards that would play the same).
Outcome = tuple[Fraction, int, frozenset[str], int, tuple[str, ...]]


def is_card(cards: CardSet, card: Any) -> bool:
    """Whether ``card`` names a card of the game (not a face-down card's back, a token or a
    Hero).

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> [is_card(load_cards(), c) for c in ("silver", "?creature:5", "toby")]
    [True, False, False]
    """
    cards = card_set(cards)
    return isinstance(card, str) and card in cards and cards.type(card) not in ("Token", "Hero")


def _stack_log(view: DobbersState) -> dict[str, list[str | None]]:
    """Each square's stack as the log tells it to this view: a Location by name (its art
    is on top), a covered card by name where a line this view may read names it (the
    player who put it there), else by its icon."""
    stacks: dict[str, list[str | None]] = {}
    cards = view.cards
    for event in view.log:
        data, kind = event.data, event.kind
        square = data.get("square")
        if square is None:
            continue
        if kind == "challenge":
            stacks[square] = list(data.get("cards", []))
            continue
        if kind == "victory":
            stacks[square] = stacks.get(square, [])[:1]
            continue
        if kind not in ("setup", "place", "buy", "arm", "solo"):
            continue
        seen = data.get("card") or data.get("back")
        if not isinstance(seen, str):
            continue
        what = _kind_of(cards, seen)
        stack = stacks.setdefault(square, [None])  # a Location the log does not name
        if what == "Location":
            stacks[square] = [seen]
        elif event.visible_to is not None and is_card(cards, seen):
            icon = f"?{what.lower()}"  # a line for the placer: which card went under
            for i in range(len(stack) - 1, 0, -1):
                if stack[i] == icon:
                    stack[i] = seen
                    break
        elif what == "Creature":
            stack.append(seen)
        else:  # Equipment goes between the Location and the Creature
            stack.insert(max(len(stack) - 1, 1), seen)
    return stacks


def _kind_of(cards: CardSet, card: str) -> str:
    return cards.type(card) if is_card(cards, card) else parse_back(card)["type"]


def _richer(view_card: str, logged: str | None, cards: CardSet) -> str:
    """What is known of one stack card: the view's, or its name from the log."""
    if not view_card.startswith("?") or logged is None or not is_card(cards, logged):
        return view_card
    return logged if _kind_of(cards, logged) == _kind_of(cards, view_card) else view_card


def stack_cards(view: DobbersState, square: str) -> list[str]:
    """What this view knows of each card of the stack on ``square`` (Location first,
    Creature last): a card id, or a covered card's icon (``?creature``).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> stack_cards(game.view(0), "E2")
    ['castle_walls', '?creature']
    """
    stack = game_state(view, DobbersState, "view").stacks.get(square) \
        if isinstance(square, str) else None
    if not stack:
        raise InvalidArgumentError(f"there is no Challenge stack on {shown(square)}")
    showing = [card for card, _up in stack]
    logged = _sight(view).log_stacks.get(square, [])
    if len(logged) != len(showing):
        logged = [None] * len(showing)  # the log does not tell this stack (a set position)
    return [_richer(card, seen, view.cards) for card, seen in zip(showing, logged, strict=True)]


class _Sight:
    """What one view knows of the cards, worked out once per position (the log is
    replayed once, not once per stack)."""

    def __init__(self, view: DobbersState) -> None:
        self.view = view
        self.log_stacks = _stack_log(view)
        self._unseen: Counter | None = None
        self._stack_cards: dict[str, list[str]] = {}

    def stack_cards(self, square: str) -> list[str]:
        if square not in self._stack_cards:
            self._stack_cards[square] = stack_cards(self.view, square)
        return self._stack_cards[square]

    @property
    def unseen(self) -> Counter:
        if self._unseen is None:
            self._unseen = _unseen_cards(self.view)
        return self._unseen


def _sight(view: DobbersState) -> _Sight:
    """The view's :class:`_Sight`, kept on it while the position stays the same."""
    # Copies start without it (a cache field of the state); the key notices a position
    # changed in place since (an app's "what if I bought this card" copy).
    key = (id(view), view.viewer, len(view.log), len(view.history), tuple(view.adventure_row),
           tuple(len(h) for h in view.hands), tuple(len(s) for s in view.stacks.values()))
    cached = view.__dict__.get("_dcw_sight")
    if cached is None or cached[0] != key:
        cached = (key, _Sight(view))
        view.__dict__["_dcw_sight"] = cached
    return cached[1]


def unseen_cards(view: DobbersState) -> Counter:
    """Every card of the game the view cannot place: the whole card set less every card it
    shows and every stack card the log names (see the module docstring).

    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> game = new_game(["You", "Bot"], seed=3)
    >>> while game.phase != "main": _ = game.apply(game.legal_actions()[0])
    >>> unseen = unseen_cards(game.view(0))
    >>> unseen["tree_golem"] + sum(1 for c in game.view(0).stacks), unseen["bottle_cap"]
    (1, 8)
    """
    return Counter(_sight(game_state(view, DobbersState, "view")).unseen)


def _unseen_cards(view: DobbersState) -> Counter:
    cards = view.cards
    everything = Counter({c: n for c, n in view.expected_components().items()
                          if is_card(cards, c)})
    seen = Counter({c: n for c, n in view.components().items() if is_card(cards, c)})
    for square, stack in view.stacks.items():
        if not stack:
            continue
        shown = {card for card, _up in stack}
        for card in _sight(view).stack_cards(square):
            if is_card(cards, card) and card not in shown:
                seen[card] += 1
    return everything - seen


def pool_for(view: DobbersState, back: str, unseen: Counter) -> Counter:
    """The unseen cards a card covered in a stack, showing the icon ``back``, may be (each
    as likely as the next): the unseen cards of that kind.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> view = game.view(game.turn_player)
    >>> pool = pool_for(view, "?creature", unseen_cards(view))
    >>> pool["tree_golem"], sum(pool.values())   # 20 Creatures, 3 of them in the row
    (1, 17)
    """
    cards = game_state(view, DobbersState, "view").cards
    kind = parse_back(back)["type"]
    if not isinstance(unseen, Counter):
        raise InvalidArgumentError(f"unseen must be a Counter (unseen_cards' answer), not "
                                   f"{shown(unseen)}")
    pool = Counter({card: n for card, n in unseen.items() if cards[card]["type"] == kind})
    if not pool:  # nothing unseen fits (an inconsistent owner's set): any card of the kind
        pool = Counter({c: 1 for c in set(cards.locations + cards.creatures + cards.adventure
                                          + cards.starting) if cards[c]["type"] == kind})
    return pool


def _signature(cards: CardSet, card: str) -> tuple:
    """What of a card matters to a Challenge (cards alike here play alike)."""
    info = cards[card]
    keys = ("type", "ap", "item_type", "item_ap", "alignment", "red", "gold")
    aligned = info.get("aligned") or {}
    bonus = info.get("bonus") or {}
    return (*(info.get(k) for k in keys), tuple(info.get("immune_to", ())),
            aligned.get("red", 0) + aligned.get("gold", 0), tuple(sorted(bonus.items())),
            repr(info.get("defeat")))


def stack_outcomes(view: DobbersState, player: int, square: str) -> list[Outcome]:
    """Every way the stack on ``square`` may turn out for ``player``, from what this view
    knows, with its exact chance (the chances add up to 1), by need, immunities and
    Defeat moves."""
    seat(len(game_state(view, DobbersState, "view").players), player)
    sight = _sight(view)
    shown = sight.stack_cards(square)
    cards = view.cards
    unseen: Counter | None = None
    slots: list[list[tuple[str, Fraction]]] = []
    for card in shown:
        if is_card(cards, card):
            slots.append([(card, Fraction(1))])
            continue
        if unseen is None:
            unseen = sight.unseen
        pool = pool_for(view, card, unseen)
        total = sum(pool.values())
        by_kind: dict[tuple, tuple[str, Fraction]] = {}
        for c, n in sorted(pool.items()):
            sig = _signature(cards, c)
            first, weight = by_kind.get(sig, (c, Fraction(0)))
            by_kind[sig] = (first, weight + Fraction(n) / total)
        slots.append(list(by_kind.values()))
    # What every case is asked the same: the Hero's Items, slots and Challenge tokens.
    types, equipped = view.item_types(player), view.equipped[player]
    penalty = view.penalty(player, "challenge")
    merged: dict[tuple, list] = {}
    for combo in product(*slots):
        chance = Fraction(1)
        for _c, w in combo:
            chance *= w
        ids = tuple(c for c, _w in combo)
        key = (challenge.stack_needs(cards, ids, item_types=types, equipped=equipped,
                                     penalty=penalty),
               challenge.immunities(cards, ids),
               challenge.defeat_moves(cards, ids, item_types=types))
        if key in merged:
            merged[key][0] += chance
        else:
            merged[key] = [chance, ids]
    return [(chance, need, immune, back, ids) for (need, immune, back), (chance, ids) in sorted(
        merged.items(), key=lambda kv: (kv[0][0], sorted(kv[0][1]), kv[0][2]))]
