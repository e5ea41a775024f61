"""Set-up: the sizes of the rows and of the opening hands, and how Events and the Solo
cards are shuffled into the Adventure deck.

The rulebook's set-up as functions of plain values; ``shuffle`` is the game's own (its
:class:`~dungeoncraft_widgets.core.rng.Rng`), so a seeded game deals the same cards.

>>> [opening_hand(i, 4) for i in range(4)], [opening_hand(i, 2) for i in range(2)]
([3, 4, 5, 5], [3, 5])
>>> from dungeoncraft_widgets.core.rng import Rng
>>> deck = events_shuffled_in(list("abcdef"), ["E1", "E2"], Rng(1).shuffle)
>>> sorted(deck[:4]).count("E1") + sorted(deck[:4]).count("E2"), len(deck)  # one per part
(1, 8)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .points import HAND_SIZE

__all__ = ["ADVENTURE_ROW", "ROW_SIZE", "SOLO_ROW_SIZE", "events_shuffled_in", "opening_hand",
           "row_size", "solo_shuffled_in"]

#: Cards in the Adventure row.
ADVENTURE_ROW = 6
#: Cards in each Challenge row (Locations, Creatures); Solo Play has six Creatures.
ROW_SIZE, SOLO_ROW_SIZE = 3, 6

Shuffle = Callable[[list[str]], None]


def row_size(players: int) -> int:
    """The cards of each Challenge row for ``players`` players.

    >>> row_size(1), row_size(3)
    (6, 3)
    """
    return SOLO_ROW_SIZE if players == 1 else ROW_SIZE


def opening_hand(order: int, players: int) -> int:
    """The cards the player ``order``-th in turn order (0: the first) opens with: the first
    player 3, the second 4 when there are 3 or more players, the others 5."""
    return 3 if order == 0 else 4 if order == 1 and players >= 3 else HAND_SIZE


def events_shuffled_in(deck: Sequence[str], events: Sequence[str],
                       shuffle: Shuffle) -> list[str]:
    """The Adventure deck with the Events in it (FAQ): the Events shuffled, the deck cut
    into as many equal parts as there are Events, one Event shuffled into each part."""
    if not events:  # an owner's card set without Events: nothing to cut the deck for
        return list(deck)
    events = list(events)
    shuffle(events)
    parts, size = len(events), len(deck)
    out: list[str] = []
    for i, event in enumerate(events):
        part = [*deck[size * i // parts: size * (i + 1) // parts], event]
        shuffle(part)
        out += part
    return out


def solo_shuffled_in(deck: Sequence[str], solo: Sequence[str], shuffle: Shuffle) -> list[str]:
    """The Adventure deck with the Solo cards shuffled into its top half (the end of the
    list is the top).

    >>> from dungeoncraft_widgets.core.rng import Rng
    >>> deck = solo_shuffled_in(list("abcd"), ["S"], Rng(2).shuffle)
    >>> deck[:2], sorted(deck[2:])                 # the bottom half stays as it was
    (['a', 'b'], ['S', 'c', 'd'])
    """
    half = (len(deck) + 1) // 2
    top = [*deck[len(deck) - half:], *solo]
    shuffle(top)
    return [*deck[:len(deck) - half], *top]
