"""The rulebook's Active cards, as pure functions of a deck and lists of card ids: which
powers are in force (a Location's only while it is the current one), what the Armor and
Weapon limits push out when a card joins, which card "your most recent" names, and the
Survival and Prestige they add up to.

The engine (:mod:`.rules`), the odds, the scene and the calculator all ask these
functions, so the key words are read in one place.

>>> from .data import load_deck
>>> deck = load_deck()
>>> active = ["healing_pool", "leather_jerkin", "the_throne_room"]
>>> current_location(deck, active), in_force(deck, "uzga_bonewitch", active)
('the_throne_room', ['uzga_bonewitch', 'leather_jerkin', 'the_throne_room'])
>>> pushed_out(deck, active, "chainmail_shirt")   # one Armor only
[('leather_jerkin', 'Armor')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .data import Deck

__all__ = ["current_location", "in_force", "latest", "prestige", "pushed_out", "survival"]


def current_location(deck: Deck, active: Sequence[str]) -> str | None:
    """The most recent Location among ``active`` (None if none): 'The most recent Location
    card in the Active Hand is the Player's current Location.'

    >>> from .data import load_deck
    >>> current_location(load_deck(), ["torch"]) is None
    True
    """
    for c in reversed(active):
        if deck.cards[c].is_location:
            return c
    return None


def in_force(deck: Deck, character: str, active: Sequence[str]) -> list[str]:
    """The sources of the powers a player may use: their Player card, then their Active
    cards, a Location only while it is the current one ('Former Location cards remain in
    the Active Hand, but ignore their instructions').

    >>> from .data import load_deck
    >>> in_force(load_deck(), "uzga_bonewitch", ["healing_pool", "the_throne_room"])
    ['uzga_bonewitch', 'the_throne_room']
    """
    here = current_location(deck, active)
    cards = deck.cards
    return [character] + [c for c in active if not cards[c].is_location or c == here]


def latest(deck: Deck, active: Sequence[str], kind: str | None = None) -> str | None:
    """The most recent card of ``active`` (of type ``kind`` if given), the one "Discard
    your most recent ... card" names; None if there is none.

    >>> from .data import load_deck
    >>> latest(load_deck(), ["gogogs_war_axe", "torch", "spiked_club"], "Weapon")
    'spiked_club'
    """
    cards = deck.cards
    return next((c for c in reversed(active) if kind is None or kind in cards[c].types), None)


def pushed_out(deck: Deck, active: Sequence[str], card_id: str) -> list[tuple[str, str]]:
    """The cards of ``active`` Discarded when ``card_id`` joins them, each with the type
    whose limit pushes it out: the deck's type limits (Armor: 'A Player may wear only one
    icon and must discard any previous when a new one is placed'; Weapon: 2 in the
    shipped deck), the oldest of a type first.

    >>> from .data import load_deck
    >>> pushed_out(load_deck(), ["gogogs_war_axe", "spiked_club"], "giants_maul")
    [('gogogs_war_axe', 'Weapon')]
    """
    cards = deck.cards
    card = cards[card_id]
    left, out = list(active), []
    for kind, limit in deck.limits.items():
        if kind in card.types:  # a card of two limited types: the second counts what is left
            same = [a for a in left if kind in cards[a].types]
            for old in same[: max(0, len(same) + 1 - limit)]:
                left.remove(old)
                out.append((old, kind))
    return out


def survival(deck: Deck, character: str, active: Sequence[str]) -> int:
    """The Survival printed on the Player card plus that of the Active cards.

    >>> from .data import load_deck
    >>> survival(load_deck(), "gogog_bloodthroat", ["cave_troll"])
    17
    """
    cards = deck.cards
    return deck.player_cards[character].survival + sum(cards[c].survival or 0 for c in active)


def prestige(deck: Deck, active: Sequence[str]) -> int:
    """The sum of the Prestige of the Active cards.

    >>> from .data import load_deck
    >>> prestige(load_deck(), ["cave_troll", "gold_coins"])
    4
    """
    cards = deck.cards
    return sum(cards[c].prestige or 0 for c in active)
