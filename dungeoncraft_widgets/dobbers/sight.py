"""What a player has seen of the cards, and every way a face-down Challenge stack may turn
out from there (exact ``Fraction`` chances; :mod:`.odds` gives them as sympy numbers).

A face-down card shows its art side: a Location its cost and capacity, a Creature in the
row its cost; covered in a stack only its icon. What a player has seen: every card face up
now (the rows, every Hero's Equipment, the discard piles, the Destroyed pile, face-up
stacks, the cards played this turn), their own deck and hand, a Creature's art side as it
showed in the row before it went into a stack, and a card the log names as it went under a
Location (bought from the Adventure row, or put there by themselves or a Solo card). Every
other card is *unseen*. A face-down card is equally likely to be any unseen card that shows
what it shows; the cards of one stack come from different decks (one Location, one
Creature, one card of each Equipment type), so they are independent. A card in another
player's hand or deck counts as unseen: this does not follow each opponent's purchases
through their deck.

Both the odds (:func:`.odds.stack_cases`, :func:`.odds.challenge_odds`) and the board's
graph (:func:`.graph.path_to_key`, which weighs every stack on the way) read stacks here;
what a stack of known cards needs is :func:`.challenge.stack_needs`.

>>> from dungeoncraft_widgets.dobbers import position
>>> game = position(heroes=["herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
>>> p = game.turn_player
>>> stack_cards(game.view(p), "E2")
['?location:5:3', '?creature']
>>> [(chance, need) for chance, need, *_ in stack_outcomes(game, p, "E2")]
[(Fraction(1, 1), 7)]
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any

from ..core.errors import InvalidArgumentError
from . import challenge
from .data import CardSet, parse_back

if TYPE_CHECKING:  # pragma: no cover
    from .rules import DobbersState

__all__ = ["Outcome", "is_card", "known_creature_costs", "pool_for", "stack_cards",
           "stack_outcomes", "unseen_cards"]

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
    return isinstance(card, str) and card in cards and cards.type(card) not in ("Token", "Hero")


def _stack_log(view: DobbersState) -> dict[str, list[str]]:
    """Each square's stack as the log tells it to this view: card ids where the log named
    them, else the art side the card showed (``?creature:5``) or its icon."""
    stacks: dict[str, list[str]] = {}
    for event in view.log:
        data, kind = event.data, event.kind
        square = data.get("square")
        if square is None:
            continue
        stack = stacks.setdefault(square, [])
        if kind == "setup":
            stacks[square] = ["?location"]
        elif kind == "place":
            back = str(data.get("back", "?"))
            if back.startswith("?location"):
                stacks[square] = [back]
            else:
                stack.append(back)
        elif kind in ("buy", "arm", "solo"):
            seen = data.get("card") or data.get("back")
            if seen is None:
                continue
            if kind == "arm" and "card" in data:  # the armer's own line: which card it was
                kind_back = f"?{view.cards.type(seen).lower()}"
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i] == kind_back:
                        stack[i] = seen
                        break
                continue
            if str(seen).startswith("?creature") or (is_card(view.cards, seen)
                                                     and view.cards.type(seen) == "Creature"):
                stack.append(seen)
            else:
                stack.insert(max(len(stack) - 1, 1), seen)
        elif kind == "challenge":
            stacks[square] = list(data.get("cards", []))
        elif kind == "victory":
            stacks[square] = stack[:1]
    return stacks


def _kind_of(cards: CardSet, card: str) -> str:
    return cards.type(card) if is_card(cards, card) else parse_back(card)["type"]


def _richer(view_card: str, logged: str | None, cards: CardSet) -> str:
    """What is known of one stack card: the view's, or more from the log of the same kind."""
    if not view_card.startswith("?") or logged is None:
        return view_card
    if _kind_of(cards, logged) != _kind_of(cards, view_card):
        return view_card
    if is_card(cards, logged):
        return logged
    return logged if len(logged) > len(view_card) else view_card


def stack_cards(view: DobbersState, square: str) -> list[str]:
    """What this view knows of each card of the stack on ``square`` (Location first,
    Creature last): a card id, or the face-down card's art side or icon (``?creature:5``:
    a Creature whose cost 5 showed in the row).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> stack_cards(game.view(0), "E2")
    ['?location:5:3', '?creature']
    """
    stack = view.stacks.get(square)
    if not stack:
        raise InvalidArgumentError(f"there is no Challenge stack on {square!r}")
    shown = [card for card, _up in stack]
    logged = _sight(view).log_stacks.get(square, [])
    if len(logged) != len(shown):
        logged = [None] * len(shown)  # the log does not tell this stack (a set position)
    return [_richer(card, seen, view.cards) for card, seen in zip(shown, logged, strict=True)]


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
    return Counter(_sight(view).unseen)


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


def pool_for(view: DobbersState, back: str, unseen: Counter, elsewhere: Counter) -> Counter:
    """The unseen cards a face-down card showing ``back`` may be (each as likely as the
    next): those whose art side shows the same; for a Creature of unknown cost, less one of
    each cost for every other face-down Creature whose cost is known.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> view = game.view(game.turn_player)
    >>> sorted(pool_for(view, "?location:5:3", unseen_cards(view), Counter()))
    ['castle_walls', 'dark_wood', 'rat_claw_camp', 'shamblemans_bog']
    """
    cards = view.cards
    info = parse_back(back)
    kind = info["type"]
    pool = Counter()
    for card, n in unseen.items():
        c = cards[card]
        if c["type"] != kind:
            continue
        if "cost" in info and c["cost"] != info["cost"]:
            continue
        if "capacity" in info and c.get("capacity") != info["capacity"]:
            continue
        pool[card] = n
    if kind == "Creature" and "cost" not in info:
        for cost, n in elsewhere.items():
            same = [c for c in pool if cards[c]["cost"] == cost]
            total = sum(pool[c] for c in same)
            # exchangeable within a cost: take the known ones off pro rata, exactly
            for c in same:
                pool[c] = Fraction(pool[c] * max(0, total - n), total) if total else 0
        pool = Counter({c: n for c, n in pool.items() if n > 0})
    if not pool:  # nothing unseen fits (an inconsistent owner's set): any card of the kind
        pool = Counter({c: 1 for c in set(cards.locations + cards.creatures + cards.adventure
                                          + cards.starting) if cards[c]["type"] == kind})
    return pool


def known_creature_costs(view: DobbersState, skip: str) -> Counter:
    """Costs of face-down Creatures seen elsewhere than on ``skip`` (the row, other
    stacks), each as often as it shows.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> view = game.view(game.turn_player)
    >>> view.creature_row, sorted(known_creature_costs(view, "E2").elements())
    (['?creature:4', '?creature:5', '?creature:2'], [2, 4, 5])
    """
    out: Counter = Counter()
    backs = [c for c in view.creature_row if c]
    sight = _sight(view)
    for square, stack in view.stacks.items():
        if square != skip and stack:
            backs += sight.stack_cards(square)
    for back in backs:
        if isinstance(back, str) and back.startswith("?creature:"):
            out[parse_back(back)["cost"]] += 1
    return out


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
        elsewhere = known_creature_costs(view, square) if card == "?creature" else Counter()
        pool = pool_for(view, card, unseen, elsewhere)
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
