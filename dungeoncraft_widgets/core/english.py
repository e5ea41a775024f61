"""Player names in English sentences: "You take" but "Bot takes", counts with plurals.

Engines and apps write sentences about players whose names come from the user,
and one of them is often called "You". Every sentence that puts a player's name
in front of a verb, or before what they own, goes through these helpers so that
it reads as English whatever the name:

>>> says("Bot 2", "take"), says("You", "take")
('Bot 2 takes', 'You take')
>>> says("You", "be") + " the Dealer", says("Ada", "be") + " the Dealer"
('You are the Dealer', 'Ada is the Dealer')
>>> possessive("You") + " adventurer", possessive("Bot") + " adventurer"
('Your adventurer', "Bot's adventurer")
>>> "the sprite swept " + possessive("You", capital=False) + " adventurer off E9"
'the sprite swept your adventurer off E9'
>>> count(1, "field"), count(3, "field"), count(2, "companion"), count(0, "gold", "gold")
('1 field', '3 fields', '2 companions', '0 gold')
>>> listing(["a sword", "2 herbs", "gold"])
'a sword, 2 herbs and gold'
>>> ordinal(1), ordinal(12), ordinal(21), ordinal(113)
('1st', '12th', '21st', '113th')

Exact numbers for people (the fraction stays exact; the decimal is for the eye):

>>> from fractions import Fraction
>>> chance(Fraction(13, 18)), chance(Fraction(1, 2)), percent(Fraction(1, 3))
('13/18 ≈ 72.2%', '1/2 = 50.0%', '33.3%')
>>> approx(Fraction(10, 3)), approx(Fraction(17, 5)), approx(3)
('10/3 ≈ 3.33', '17/5 = 3.40', '3')
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .checks import shown, whole_number
from .errors import InvalidArgumentError

__all__ = ["approx", "chance", "count", "is_you", "listing", "objective", "ordinal", "percent",
           "percent_is_exact", "possessive", "says", "their", "verb_form"]

# Verbs whose third person singular is not the regular "-s" / "-es" / "-ies".
_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes", "were": "was",
              "are": "is", "can": "can", "may": "may", "must": "must", "will": "will"}
_SECOND_PERSON = {"be": "are", "were": "were"}


def _text(value: object, what: str) -> str:
    if type(value) is not str:
        raise InvalidArgumentError(f"{what} must be text, not {shown(value)}")
    return value


def is_you(name: str) -> bool:
    """Whether ``name`` addresses the reader (the seat called "You")."""
    return _text(name, "a player's name").strip().lower() == "you"


# Logs name the same few players with the same few verbs thousands of times a game:
# the helpers whose answer depends on their arguments only remember their answers (behind
# a check of the arguments' types: a list is not a name, and cannot be remembered).
def verb_form(name: str, verb: str) -> str:
    """The present-tense form of ``verb`` (given in its base form) that agrees with ``name``.

    >>> verb_form("You", "pass"), verb_form("Bot", "pass"), verb_form("Bot", "carry")
    ('pass', 'passes', 'carries')
    """
    return _verb_form(_text(name, "a player's name"), _text(verb, "a verb"))


@lru_cache(maxsize=1024)
def _verb_form(name: str, verb: str) -> str:
    if is_you(name):
        return _SECOND_PERSON.get(verb, verb)
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def says(name: str, verb: str) -> str:
    """``name`` as the subject of ``verb``: "You take", "Bot takes", "You are"."""
    return _says(_text(name, "a player's name"), _text(verb, "a verb"))


@lru_cache(maxsize=1024)
def _says(name: str, verb: str) -> str:
    return f"{subject(name)} {_verb_form(name, verb)}"


def subject(name: str) -> str:
    """``name`` as the subject of a sentence ("You" keeps its capital)."""
    return "You" if is_you(name) else name


def objective(name: str) -> str:
    """``name`` as the object of a verb: "offers you a trade", "offers Bot a trade"."""
    return "you" if is_you(name) else name


def possessive(name: str, *, capital: bool = True) -> str:
    """``name`` as an owner: "Your" (or "your"), "Bot's", "Ross's"."""
    return _possessive(_text(name, "a player's name"), bool(capital))


@lru_cache(maxsize=1024)
def _possessive(name: str, capital: bool) -> str:
    if is_you(name):
        return "Your" if capital else "your"
    return f"{name}'s"


def their(name: str) -> str:
    """The possessive pronoun for ``name`` after it was just named: "You end your turn",
    "Bot ends their turn" (not "Bot ends Bot's turn").

    >>> says("Bot", "end") + " " + their("Bot") + " turn", says("You", "end") + " " + their("You")
    ('Bot ends their turn', 'You end your')
    """
    return "your" if is_you(name) else "their"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1: "1 card", "2 cards", "0 cards"."""
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise InvalidArgumentError(f"count: n must be a whole number, not {shown(n)}")
    n = int(n)
    return _count(n, _text(noun, "a noun"),
                  None if plural is None else _text(plural, "a plural"))


@lru_cache(maxsize=1024)
def _count(n: int, noun: str, plural: str | None) -> str:
    if n == 1:
        return f"1 {noun}"
    if plural is None:
        if noun.endswith(("s", "sh", "ch", "x", "z")):
            plural = noun + "es"
        elif len(noun) > 1 and noun.endswith("y") and noun[-2] not in "aeiou":
            plural = noun[:-1] + "ies"
        else:
            plural = noun + "s"
    return f"{n} {plural}"


def listing(items: Sequence[str], conjunction: str = "and") -> str:
    """Items joined as in a sentence: "a", "a and b", "a, b and c"."""
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Iterable):
        raise InvalidArgumentError(f"listing: items must be a list, not {shown(items)}")
    conjunction = _text(conjunction, "a conjunction")
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def ordinal(n: int) -> str:
    """``n`` as an ordinal: "1st", "2nd", "3rd", "4th", "11th", "21st", "112th"."""
    whole_number(n, "ordinal: n")
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _number(x: Any, what: str) -> None:
    """Refuse anything but a real number (int, Fraction, float, a sympy number), and NaN or
    an infinity, naming it."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real) or not math.isfinite(float(x)):
        raise InvalidArgumentError(f"{what} must be a number, not {shown(x)}")


def _fraction(x: Any) -> Fraction:
    """An exact number (int, Fraction or sympy Rational; a float as the binary number it
    is) as a Fraction, sympy not needed."""
    _number(x, "the number")
    if isinstance(x, int | Fraction | float):
        return Fraction(x)
    if not (hasattr(x, "p") and hasattr(x, "q")):  # a sympy number that is not rational
        raise InvalidArgumentError(f"the number must be exact (a fraction), not {shown(x)}")
    return Fraction(int(x.p), int(x.q))  # a sympy Rational: its numerator and denominator


def percent(p: Any) -> str:
    """An exact probability as a percentage with one decimal: "72.2%"."""
    _number(p, "the probability")
    return f"{float(p) * 100:.1f}%"


def percent_is_exact(p: Any) -> bool:
    """Whether :func:`percent` writes the exact ``p`` exactly (one decimal is enough):
    "=" or "≈" before it.

    >>> percent_is_exact(Fraction(1, 8)), percent_is_exact(Fraction(1, 3))
    (True, False)
    """
    return (_fraction(p) * 1000).denominator == 1


def chance(p: Any) -> str:
    """An exact probability and its percentage: "13/18 ≈ 72.2%", or "1/2 = 50.0%" when the
    percentage (to one decimal) is exact."""
    return f"{p} {'=' if percent_is_exact(p) else '≈'} {percent(p)}"


def approx(x: Any, places: int = 2) -> str:
    """An exact number and its decimal: "3", "17/5 = 3.40", "10/3 ≈ 3.33"."""
    whole_number(places, "places", minimum=0, maximum=30)
    value = _fraction(x)
    if value.denominator == 1:
        return str(value.numerator)
    exact = (value * 10**places).denominator == 1
    return f"{x} {'=' if exact else '≈'} {float(value):.{places}f}"
