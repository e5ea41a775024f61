"""The rulebook's Trading, as pure functions of plain data: what a claim may say, who must
accept, who is "now a target", how the Trade Tracker turns, when the Dealer's card goes.

The engine (:mod:`.rules`), the odds, the scene and the apps all ask these functions, so
a rule of Trading is written once.

>>> must_accept("must_trade", traded=False), must_accept("must_trade", traded=True)
(True, False)
>>> next_level("did_not_trade", traded=False)
'must_trade'
>>> dealer_card_discarded([True, False, True])
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .data import Deck

__all__ = ["LEVELS", "LEVEL_NAMES", "MAX_CLAIM", "NUMBER_WORDS", "claim_problem",
           "dealer_card_discarded", "must_accept", "name_words", "next_level"]

#: The Trade Tracker's levels, from the start ("Traded") to "now a target!".
LEVELS = ("traded", "did_not_trade", "must_trade")
LEVEL_NAMES = {"traded": "Traded", "did_not_trade": "Did Not Trade", "must_trade": "Must Trade"}
MAX_CLAIM = 120  # characters: a claim is a sentence said across the table
#: Words that state a number or a value; "one" is not among them ("this one" names nothing).
NUMBER_WORDS = frozenset(
    "zero two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy "
    "eighty ninety hundred dozen plus minus positive negative".split())


def name_words(text: str) -> list[str]:
    """Lower-case words of ``text``; apostrophes dropped ("Snarl's" -> "snarls"): how a
    claim (or a name typed in) is compared with the cards' names.

    >>> name_words("Snarl's Roar!")
    ['snarls', 'roar']
    """
    text = text.casefold().replace("\u2019", "'").replace("'", "")
    return "".join(ch if ch.isalnum() else " " for ch in text).split()


def claim_problem(deck: Deck, claim: str) -> str | None:
    """Why ``claim`` breaks the rules of claims with this deck (None if it does not).

    >>> from .data import load_deck
    >>> deck = load_deck()
    >>> claim_problem(deck, "a safe place to rest") is None
    True
    >>> print(claim_problem(deck, "it is Gold Coins, honest"))
    it names a card ('Gold Coins'): 'Players cannot read the name, text or details of the Card.'
    >>> print(claim_problem(deck, "two hands of glory"))
    it states a number ('two'): 'Players cannot identify any numbers or values ... from the card.'
    """
    if len(claim) > MAX_CLAIM:
        return f"it is longer than {MAX_CLAIM} characters"
    if any(unicodedata.category(ch)[0] == "C" for ch in claim):
        return "it holds a control character"
    if claim != " ".join(claim.split()):
        return "it is one line of words separated by single spaces (so it reads back the same)"
    words = name_words(claim)
    number = next((ch for ch in claim if ch.isnumeric()), None) or \
        next((w for w in words if w in NUMBER_WORDS), None)
    if number is not None:
        return (f"it states a number ({number!r}): 'Players cannot identify any numbers or "
                "values ... from the card.'")
    padded = f" {' '.join(words)} "
    for phrase, name in deck.name_phrases():
        if phrase in padded:
            return (f"it names a card ({name!r}): 'Players cannot read the name, text or "
                    "details of the Card.'")
    return None


def must_accept(level: str, traded: bool) -> bool:
    """Whether a player whose Trade Tracker shows ``level`` (and who has ``traded`` this
    round or not) must accept the first trade offered, and so is "now a target!" who
    still receives offers after saying Done: 'The Player must accept the first Trade
    offered.'

    >>> must_accept("did_not_trade", traded=False)
    False
    """
    return level == "must_trade" and not traded


def next_level(level: str, traded: bool) -> str:
    """The Trade Tracker once Trading ends: back to Traded after any trade, else one level
    on (Must Trade stays Must Trade).

    >>> next_level("must_trade", traded=False), next_level("must_trade", traded=True)
    ('must_trade', 'traded')
    """
    if traded:
        return "traded"
    return LEVELS[min(LEVELS.index(level) + 1, len(LEVELS) - 1)]


def dealer_card_discarded(traded: Sequence[bool]) -> bool:
    """Whether the Dealer's Revealed card is Discarded, given who has traded this round:
    'in any round of Trading where all Players do not make a Trade, the Dealer must
    discard their Revealed card', read as "not all Players" (see ``RULE_NOTES``).

    >>> dealer_card_discarded([True, True, True])
    False
    """
    return not all(traded)
