"""Travel: what a move over a blue shield costs, how it is paid, and the trail a Hero leaves
(the way a Defeat counts back on).

The rulebook's answers as functions of the card data and plain values, asked by the
engine, the board's graph (:mod:`.graph`), the odds and the bots alike.

>>> from dungeoncraft_widgets.dobbers import load_cards
>>> cards = load_cards()
>>> lower, extra = travel_modifiers(cards, "bramble", first_shield_used=False,
...                                 tokens=["travel-1"])
>>> lower, extra, travel_cost(3, lower, extra)       # Bramble's first shield costs 1 less
(1, 1, 3)
>>> pay_travel(blue=1, red=3, cost=3)                # blue first, then red
(0, 1)
>>> trail_after(["A", "T1", "E1"], ["T1", "T2"])     # back to T1 takes E1 off the trail
['A', 'T1', 'T2']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.errors import InvalidArgumentError
from .points import penalty

if TYPE_CHECKING:  # pragma: no cover
    from .data import CardSet

__all__ = ["back_steps", "pay_travel", "shortest_way", "steps_back", "trail_after",
           "travel_cost", "travel_modifiers"]


def travel_modifiers(cards: CardSet, hero: str, *, first_shield_used: bool,
                     tokens: Sequence[str]) -> tuple[int, int]:
    """What changes the next shield a Hero crosses: (taken off by the Hero's first-shield
    ability, unless ``first_shield_used`` this turn; added by the negative Travel tokens
    among ``tokens``). The same for every move of the moment, so a list of moves works it
    out once."""
    ability = cards.by_id[hero].get("ability")
    lower = ability["n"] if ability and ability["kind"] == "first_shield" \
        and not first_shield_used else 0
    return lower, penalty(cards, tokens, "travel") if tokens else 0


def travel_cost(shield: int, lower: int = 0, extra: int = 0) -> int:
    """Blue + red points a move over ``shield`` costs: less ``lower``, plus ``extra``
    (:func:`travel_modifiers`)."""
    return max(0, shield - lower) + extra


def pay_travel(blue: int, red: int, cost: int) -> tuple[int, int]:
    """(blue, red) left after paying ``cost`` for a move: blue first, then red ("apply
    your 1 blue Action point and 2 of your red")."""
    spent = min(blue, cost)
    return blue - spent, red - (cost - spent)


def steps_back(trail: Sequence[str], square: str) -> bool:
    """Whether moving onto ``square`` goes back the way the Hero came (onto the square
    before the last of ``trail``): the trail then loses its last square instead of
    growing."""
    return len(trail) >= 2 and trail[-2] == square


def trail_after(trail: Sequence[str], squares: Iterable[str]) -> list[str]:
    """The trail after moving onto ``squares`` in turn (see :func:`steps_back`)."""
    out = list(trail)
    for square in squares:
        if steps_back(out, square):
            out.pop()
        else:
            out.append(square)
    return out


def back_steps(trail: Sequence[str], n: int) -> int:
    """How many squares a Hero moved back ``n`` squares really goes: the way they came,
    never past their start (the first square of ``trail``)."""
    return min(n, len(trail) - 1)


def shortest_way(neighbours: Mapping[str, Mapping[str, int]], start: str, end: str
                 ) -> list[str]:
    """The squares from ``start`` to ``end`` along the fewest paths (the first found of
    equal length): the trail of a Hero set on ``end`` without a way of their own.

    >>> from dungeoncraft_widgets.dobbers import load_board
    >>> shortest_way(load_board().neighbours, "A", "T3")
    ['A', 'T1', 'E1', 'T3']
    """
    before: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier and end not in before:
        nxt = []
        for square in frontier:
            for other in sorted(neighbours[square]):
                if other not in before:
                    before[other] = square
                    nxt.append(other)
        frontier = nxt
    if end not in before:
        raise InvalidArgumentError(f"no way from {start} to {end} on the board")
    way = [end]
    while way[-1] != start:
        way.append(before[way[-1]])  # type: ignore[arg-type]
    return way[::-1]
