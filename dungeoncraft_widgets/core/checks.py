"""Argument checks with one message style, for every public function of every game.

A function that takes a number of dice, a seat, a choice among words or a game's state
checks it here first, so that bad input always gets an :class:`InvalidArgumentError`
that names the argument, says what it must be and shows what it was given:

>>> whole_number(3, "dice", minimum=1, maximum=3)
3
>>> try:
...     whole_number(4, "dice", minimum=1, maximum=3, why="one die per sword")
... except InvalidArgumentError as error:
...     print(error)
dice must be a whole number from 1 to 3 (one die per sword), not 4
>>> try:
...     whole_number(2.0, "herbs", minimum=0)
... except InvalidArgumentError as error:
...     print(error)
herbs must be a whole number >= 0, not 2.0
>>> try:
...     one_of("C", "solo_method", ("A", "B"))
... except InvalidArgumentError as error:
...     print(error)
solo_method must be one of 'A' or 'B', not 'C'

``bool`` is never a whole number here (``True`` is not 1 die), and nothing is converted:
``"3"`` and ``3.0`` are refused, so a typo cannot quietly mean something else.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from typing import Any, TypeVar

from .errors import DataFormatError, InvalidArgumentError

__all__ = ["alternatives", "bounded_data", "game_state", "integer", "one_of", "seat", "sequence",
           "shown", "whole_number"]

T = TypeVar("T")

#: Longest ``repr`` of a refused value quoted in a message (a huge list is cut).
SHOWN = 60


def shown(value: object) -> str:
    """``repr(value)``, cut to :data:`SHOWN` characters: what a message quotes.

    A huge whole number is named by its length (Python refuses to write one of more
    than 4,300 digits, and writing it would be slow anyway):

    >>> shown(10**5000), shown("x" * 100)[-6:]
    ('a 5,001-digit number', 'xxx...')
    """
    if integer(value) and value.bit_length() > 3 * SHOWN:  # type: ignore[attr-defined]
        digits = int(math.log10(abs(value))) + 1  # type: ignore[arg-type]
        return f"a {digits:,}-digit {'negative ' if value < 0 else ''}number"  # type: ignore
    text = repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def integer(value: object) -> bool:
    """Whether ``value`` is a whole number (an ``int`` that is not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _range_words(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum:,} to {maximum:,}"
    if minimum is not None:
        return f" >= {minimum:,}"
    if maximum is not None:
        return f" <= {maximum:,}"
    return ""


def whole_number(value: object, name: str, *, minimum: int | None = None,
                 maximum: int | None = None, why: str = "") -> int:
    """``value`` if it is a whole number from ``minimum`` to ``maximum`` (either may be
    None: no bound); else :class:`InvalidArgumentError` "NAME must be a whole number from
    MIN to MAX (WHY), not VALUE". ``why`` says what the bound stands for.

    >>> whole_number(0, "gold", minimum=0)
    0
    >>> try:
    ...     whole_number(True, "gold", minimum=0)
    ... except InvalidArgumentError as error:
    ...     print(error)
    gold must be a whole number >= 0, not True
    """
    for bound, word in ((minimum, "minimum"), (maximum, "maximum")):
        if bound is not None and not integer(bound):
            raise InvalidArgumentError(f"whole_number: {word} must be a whole number or None, "
                                       f"not {shown(bound)}")
    if not integer(value) or (minimum is not None and value < minimum) \
            or (maximum is not None and value > maximum):  # type: ignore[operator]
        because = f" ({why})" if why else ""
        raise InvalidArgumentError(f"{name} must be a whole number"
                                   f"{_range_words(minimum, maximum)}{because}, "
                                   f"not {shown(value)}")
    return value  # type: ignore[return-value]


def one_of(value: T, name: str, choices: Collection[T]) -> T:
    """``value`` if it is one of ``choices``; else "NAME must be one of A, B or C, not X".

    >>> one_of("red", "lone", ("blue", "red"))
    'red'
    """
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Collection) \
            or not choices:
        raise InvalidArgumentError(f"one_of: choices must be a collection of values, not "
                                   f"{shown(choices)}")
    try:
        known = value in choices
    except TypeError:  # an unhashable value asked of a set
        known = False
    if not known or isinstance(value, bool) != any(isinstance(c, bool) for c in choices):
        raise InvalidArgumentError(f"{name} must be one of {alternatives(choices)}, "
                                   f"not {shown(value)}")
    return value


def seat(players: int, player: object, name: str = "player") -> int:
    """``player`` if it is a seat of a game of ``players`` players (0 to players - 1).

    >>> seat(2, 1)
    1
    >>> try:
    ...     seat(2, 2)
    ... except InvalidArgumentError as error:
    ...     print(error)
    player must be a whole number from 0 to 1 (a seat of this 2-player game), not 2
    """
    whole_number(players, "players", minimum=1)
    return whole_number(player, name, minimum=0, maximum=players - 1,
                        why=f"a seat of this {players}-player game")


def game_state(value: object, kind: type[T], name: str = "state") -> T:
    """``value`` if it is a state (or a view) of the game ``kind``; else a message naming
    what was given, instead of an AttributeError deep inside an analysis.

    >>> from .engine import GameState
    >>> try:
    ...     game_state(None, GameState)
    ... except InvalidArgumentError as error:
    ...     print(error)
    state must be a GameState (a game or a player's view of it), not None
    """
    if not isinstance(value, kind):
        given = "None" if value is None else f"a {type(value).__name__}"
        raise InvalidArgumentError(f"{name} must be a {kind.__name__} (a game or a player's "
                                   f"view of it), not {given}")
    return value


def sequence(value: object, name: str, item: Callable[[Any, str], T], *,
             most: int) -> list[T]:
    """``value`` as a list, if it is a list or tuple of at most ``most`` items, each
    checked by ``item(each, "NAME[i]")`` (which returns it or raises).

    >>> sequence([1, 2], "dice", lambda v, n: whole_number(v, n, minimum=1, maximum=6), most=3)
    [1, 2]
    >>> try:
    ...     sequence([1, 7], "dice", lambda v, n: whole_number(v, n, minimum=1, maximum=6),
    ...              most=3)
    ... except InvalidArgumentError as error:
    ...     print(error)
    dice[1] must be a whole number from 1 to 6, not 7
    """
    if not isinstance(value, (list, tuple)):
        raise InvalidArgumentError(f"{name} must be a list, not {shown(value)}")
    if len(value) > most:
        raise InvalidArgumentError(f"{name} holds at most {most:,} items, not {len(value):,}")
    return [item(each, f"{name}[{i}]") for i, each in enumerate(value)]


def bounded_data(value: object, what: str, *, most: int = 100_000) -> None:
    """Refuse data of more than ``most`` values in all (counting every list item, dict key
    and value) with a :class:`~.errors.DataFormatError`, in time bounded by ``most``, not by
    the data's size: a card set given as a dict of a million cards is refused at once,
    before it is copied or checked.

    >>> bounded_data({"cards": [{"id": "A1"}] * 3}, "card data")
    >>> try:
    ...     bounded_data({"cards": [0] * 10**6}, "card data")
    ... except DataFormatError as error:
    ...     print(error)
    card data: more than 100,000 values (a real one holds a few thousand)
    """
    stack, seen = [value], 0
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            seen += 2 * len(item)
            values: Any = item.values()
        elif isinstance(item, (list, tuple)):
            seen += len(item)
            values = item
        else:
            continue
        if seen > most:
            raise DataFormatError(f"{what}: more than {most:,} values (a real one holds a few "
                                  "thousand)")
        stack.extend(v for v in values if isinstance(v, (dict, list, tuple)))


def alternatives(values: Iterable[object]) -> str:
    """Values quoted as a sentence's alternatives: "'A', 'B' or 'C'" (for messages).

    >>> alternatives(["A", "B", "C"])
    "'A', 'B' or 'C'"
    """
    items = [repr(v) for v in values]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"
