"""Actions: small frozen dataclasses with a readable ``str()`` that parses back.

A game declares its actions as subclasses of :class:`Action`, each with a
``verb`` and typed fields. ``str(action)`` is the verb followed by the fields
in order; :func:`parse_action` reads that text back into the same object.

Field types understood: ``int``, ``str``, ``bool`` (``yes``/``no``),
``tuple[int, ...]`` and ``tuple[str, ...]`` (comma separated, ``-`` when empty),
and ``X | None`` of those (``-`` for None). A ``str`` field that comes last
takes the rest of the line, so it may hold spaces (free text such as a claim).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Move(Action):
...     verb = "move"
...     piece: int
...     to: str
>>> str(Move(2, "E5"))
'move 2 E5'
>>> parse_action("move 2 E5", [Move])
Move(piece=2, to='E5')
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import ClassVar

from .errors import IllegalActionError

EMPTY = "-"


class Action:
    """Base class of every game's actions (subclasses are frozen dataclasses)."""

    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        # Built once per action: a save writes the whole history as text.
        cached = self.__dict__.get("_text")
        if cached is None:
            parts = [self.verb]
            for f in dataclasses.fields(self):  # type: ignore[arg-type]
                parts.append(_format_value(getattr(self, f.name)))
            cached = " ".join(parts).rstrip()
            object.__setattr__(self, "_text", cached)  # not a field: equality is unchanged
        return cached


def _format_value(value: object) -> str:
    if value is None:
        return EMPTY
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) if value else EMPTY
    return str(value)


def _hints(cls: type) -> dict[str, object]:
    cache = cls.__dict__.get("_parsed_hints")
    if cache is None:
        cache = typing.get_type_hints(cls)
        cls._parsed_hints = cache  # type: ignore[attr-defined]
    return cache


def _convert(token: str, hint: object, where: str) -> object:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if token == EMPTY:
            return None
        return _convert(token, args[0], where)
    if origin is tuple:
        (item, _ellipsis) = typing.get_args(hint)
        if token == EMPTY:
            return ()
        return tuple(_convert(t, item, where) for t in token.split(","))
    if hint is bool:
        if token not in ("yes", "no"):
            raise IllegalActionError(f"{where}: expected yes or no, got {token!r}")
        return token == "yes"
    if hint is int:
        try:
            return int(token)
        except ValueError:
            raise IllegalActionError(f"{where}: expected a whole number, got {token!r}") from None
    return token


def parse_action(text: str, action_types: Iterable[type[Action]]) -> Action:
    """Parse ``text`` (as written by ``str(action)``) into one of ``action_types``.

    Raises :class:`IllegalActionError` naming what is wrong with the text.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is text or an Action, not {type(text).__name__}")
    tokens = text.split()
    if not tokens:
        raise IllegalActionError("empty action text")
    by_verb = {cls.verb: cls for cls in action_types}
    cls = by_verb.get(tokens[0])
    if cls is None:
        known = ", ".join(sorted(by_verb))
        raise IllegalActionError(f"unknown action {tokens[0]!r}; known actions: {known}")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    hints = _hints(cls)
    args = tokens[1:]
    values = []
    for i, f in enumerate(fields):
        hint = hints[f.name]
        last = i == len(fields) - 1
        if last and hint is str:
            values.append(" ".join(args[i:]))
            args = args[: i + 1]
            break
        if i >= len(args):
            raise IllegalActionError(f"{cls.verb}: missing {f.name} (usage: {usage(cls)})")
        values.append(_convert(args[i], hint, f"{cls.verb} {f.name}"))
    if len(args) > len(fields):
        raise IllegalActionError(f"{cls.verb}: too many parts (usage: {usage(cls)})")
    return cls(*values)


def usage(cls: type[Action]) -> str:
    """The text form of an action type, e.g. ``'move PIECE TO'``."""
    names = [f.name.upper() for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    return " ".join([cls.verb, *names])
