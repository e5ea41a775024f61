"""Actions: small frozen dataclasses with a readable ``str()`` that parses back.

A game declares its actions as subclasses of :class:`Action`, each with a
``verb`` and typed fields. ``str(action)`` is the verb followed by the fields
in order; :func:`parse_action` reads that text back into the same object.

Field types understood: ``int``, ``str``, ``bool`` (``yes``/``no``),
``tuple[int, ...]`` and ``tuple[str, ...]`` (comma separated, ``-`` when empty),
and ``X | None`` of those (``-`` for None). A ``str`` field that comes last
takes the rest of the line, so it may hold spaces (free text such as a claim).

Every action checks its fields against these annotations when it is made, so
an action that could not be written to a save and read back is refused at once
with :class:`IllegalActionError` naming the field and the type expected:
``bool`` is not an ``int`` and ``4.0`` is not an ``int``; a ``str`` field is one
word (not empty, no spaces or control characters, not ``-``), except the free
text of a last ``str`` field (words separated by single spaces, as the text form
reads it back, and not empty unless the field has a default); a tuple holds items of its
type; ``X | None`` also takes None. Numbers are read from ASCII digits only. Numbers, words,
tuples and free text have generous bounds (:data:`MAX_INT`, :data:`MAX_WORD`,
:data:`MAX_ITEMS`, :data:`MAX_TEXT`) that no game comes near.

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
>>> try:
...     Move(2.0, "E5")
... except IllegalActionError as error:
...     print(error)
move piece: expected a whole number (int), not 2.0 (float)
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

from .errors import IllegalActionError

EMPTY = "-"

A = TypeVar("A", bound="Action")

#: Largest size of an ``int`` field (either sign): no game counts anywhere near it.
MAX_INT = 2**31 - 1
#: Longest one-word ``str`` field (card ids and field names are a few characters).
MAX_WORD = 100
#: Most items in a tuple field.
MAX_ITEMS = 100
#: Longest free text (the last ``str`` field, e.g. a claim said while trading).
MAX_TEXT = 500
#: Longest text of a whole action (what parse_action reads, and a save's history holds).
MAX_ACTION_TEXT = 1000

# A word: no whitespace (str.split() would cut it) and no control characters.
_WORD = re.compile(r"[^\s\x00-\x1f\x7f-\x9f]+")
# A whole number as str(action) writes it.
_DIGITS = re.compile(r"-?[0-9]+", re.ASCII)


class Action:
    """Base class of every game's actions (subclasses are frozen dataclasses)."""

    verb: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__post_init__" not in cls.__dict__:
            # Each action type gets its own field checks, compiled when its first action is
            # made (the dataclass fields are not known yet here).
            cls.__post_init__ = _check_first  # type: ignore[attr-defined]

    def __post_init__(self) -> None:
        """Checks the fields (each subclass gets its own, see ``__init_subclass__``)."""

    def __str__(self) -> str:
        # Built once per action: a save writes the whole history as text.
        cached = self.__dict__.get("_text")
        if cached is None:
            parts = [self.verb]
            for name in _field_names(type(self)):
                parts.append(_format_value(getattr(self, name)))
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


def _field_names(cls: type) -> tuple[str, ...]:
    names = cls.__dict__.get("_field_names")
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        cls._field_names = names  # type: ignore[attr-defined]
    return names


def _hints(cls: type) -> dict[str, object]:
    cache = cls.__dict__.get("_parsed_hints")
    if cache is None:
        cache = typing.get_type_hints(cls)
        cls._parsed_hints = cache  # type: ignore[attr-defined]
    return cache


# ------------------------------------------------------------------- field checks
def _check_first(action: Action) -> None:
    cls = type(action)
    check, init = _compile_checks(cls)
    cls.__post_init__ = check  # type: ignore[attr-defined]
    if init is not None:
        cls.__init__ = init  # type: ignore[method-assign]
    check(action)


# Words and texts already found valid: most actions repeat a few card ids, so checking
# one is a set lookup. Cleared when large (it is only a cache).
_GOOD_WORDS: set[str] = set()
_GOOD_TEXTS: set[str] = set()
# Tuples already found valid. (True,) == (1,) and (1.0,) == (1,): a tuple found here still
# has the classes of its items checked, which is quick for the few items actions hold.
_GOOD_INT_TUPLES: set[tuple[int, ...]] = set()
_GOOD_WORD_TUPLES: set[tuple[str, ...]] = set()
_CACHE_LIMIT = 50_000

_DESCRIBE = {int: "a whole number (int)", bool: "yes or no (a bool)", str: "one word (str)"}


def _describe(hint: object, free_text: bool) -> str:
    if free_text:
        return "text (str)"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in typing.get_args(hint) if a is not type(None)]
        return f"{_describe(inner, False)} or None"
    if origin is tuple:
        item = typing.get_args(hint)[0]
        return f"a tuple of {'whole numbers' if item is int else 'words'}"
    return _DESCRIBE[hint]  # type: ignore[index]


def _refuse(cls: type[Action], name: str, hint: object, value: object, why: str = "") -> None:
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    free_text = _is_free_text(cls, name, hint)
    raise IllegalActionError(f"{cls.verb} {name}: expected {_describe(hint, free_text)}, "
                             f"not {shown} ({type(value).__name__}){why}")


def _word_ok(value: object) -> bool:
    if type(value) is not str or len(value) > MAX_WORD or value == EMPTY:
        return False
    if _WORD.fullmatch(value) is None:
        return False
    if len(_GOOD_WORDS) > _CACHE_LIMIT:
        _GOOD_WORDS.clear()
    _GOOD_WORDS.add(value)
    return True


def _int_ok(value: object) -> bool:
    return type(value) is int and -MAX_INT <= value <= MAX_INT


def _check_word(action: Action, name: str, value: object) -> None:
    if not _word_ok(value):
        cls = type(action)
        why = ""
        if type(value) is str:
            why = (": it is empty" if not value else
                   f": {MAX_WORD} characters at most" if len(value) > MAX_WORD else
                   ": it is the mark of no value" if value == EMPTY else
                   ": a word has no spaces or control characters")
        _refuse(cls, name, _hints(cls)[name], value, why)


def _check_text(action: Action, name: str, value: object, required: bool = False) -> None:
    """Free text: words separated by single spaces (as the text form reads them back);
    ``required`` (the field has no default): not empty."""
    cls = type(action)
    if type(value) is not str:
        _refuse(cls, name, str, value)
    if required and not value:
        _refuse(cls, name, str, value, ": it is empty")
    text = " ".join(value.split())  # type: ignore[union-attr]
    if len(text) > MAX_TEXT:
        _refuse(cls, name, str, value, f": {MAX_TEXT} characters at most")
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        _refuse(cls, name, str, value, ": no control characters")
    if text != value:
        _refuse(cls, name, str, value, ": one line of words separated by single spaces, as "
                "the text form reads it back")
    if len(_GOOD_TEXTS) > _CACHE_LIMIT:
        _GOOD_TEXTS.clear()
    _GOOD_TEXTS.add(text)


def _check_tuple(action: Action, name: str, value: object, item: type) -> None:
    good = _int_ok if item is int else _word_ok
    if (type(value) is not tuple or len(value) > MAX_ITEMS
            or not all(good(v) and (item is int or "," not in v) for v in value)):
        cls = type(action)
        why = f": {MAX_ITEMS} items at most" if type(value) is tuple and len(
            value) > MAX_ITEMS else ""
        _refuse(cls, name, _hints(cls)[name], value, why)
    seen = _GOOD_INT_TUPLES if item is int else _GOOD_WORD_TUPLES
    if len(seen) > _CACHE_LIMIT:
        seen.clear()
    seen.add(value)  # type: ignore[arg-type]


def _check_other(action: Action, name: str, value: object) -> None:
    cls = type(action)
    why = ""
    if type(value) is int:
        why = f": between -{MAX_INT} and {MAX_INT}"
    _refuse(cls, name, _hints(cls)[name], value, why)


def _is_free_text(cls: type, name: str, hint: object) -> bool:
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    return hint is str and fields[-1].name == name


def _compile_checks(cls: type[Action]) -> tuple[Callable[[Action], None], Callable | None]:
    """``cls``'s field checks as a ``__post_init__``, and as an ``__init__`` that checks and
    sets the fields (None where the dataclass's own must stay: defaults made by a factory,
    keyword-only fields, slots, an ``__init__`` of the game's own).

    Both are generated, like dataclasses' own ``__init__``: a field of the right type costs
    one comparison or set lookup, and the ``__init__`` (which sets the fields in the
    instance's dict, as a frozen dataclass may) makes an action quicker than the dataclass's
    own, checks included; games build thousands of actions a second for ``legal_actions``.
    """
    hints = _hints(cls)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    checks = []
    for f in fields:
        hint, name = hints[f.name], f.name
        optional = False
        if typing.get_origin(hint) in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if len(args) != 1 or len(typing.get_args(hint)) != 2:
                raise TypeError(f"{cls.__name__}.{name}: only X | None unions are supported")
            hint, optional = args[0], True
        if hint is int:
            bad = "v.__class__ is not int or not -MAX_INT <= v <= MAX_INT"
            fix = f"check_other(self, {name!r}, v)"
        elif hint is bool:
            bad, fix = "v.__class__ is not bool", f"check_other(self, {name!r}, v)"
        elif hint is str and _is_free_text(cls, name, hints[name]):
            # A last str field with no default is never empty: "play" is not Play(card='').
            required = f.default is dataclasses.MISSING
            bad = ("v.__class__ is not str or " + ("not v or " if required else "")
                   + "v not in GOOD_TEXTS")
            fix = f"check_text(self, {name!r}, v, {required})"
        elif hint is str:
            bad, fix = "v.__class__ is not str or v not in GOOD_WORDS", \
                f"check_word(self, {name!r}, v)"
        elif typing.get_origin(hint) is tuple and typing.get_args(hint)[1:] == (...,) \
                and typing.get_args(hint)[0] in (int, str):
            item = typing.get_args(hint)[0].__name__
            bad = (f"v.__class__ is not tuple or v not in GOOD_{item.upper()}_TUPLES "
                   f"or any(x.__class__ is not {item} for x in v)")
            fix = f"check_tuple(self, {name!r}, v, {item})"
        else:
            raise TypeError(f"{cls.__name__}.{name}: action fields are int, str, bool, "
                            f"tuple[int, ...], tuple[str, ...] or X | None, not {hint}")
        if optional:
            bad = f"v is not None and ({bad})"
        checks += [f"    if {bad}:", f"        {fix}"]

    def body(value_of: Callable[[str], str]) -> list[str]:
        out = []
        for f, i in zip(fields, range(0, len(checks), 2), strict=True):
            out += [f"    v = {value_of(f.name)}", checks[i], checks[i + 1]]
        return out

    namespace: dict[str, Any] = {
        "MAX_INT": MAX_INT, "GOOD_WORDS": _GOOD_WORDS, "GOOD_TEXTS": _GOOD_TEXTS,
        "GOOD_INT_TUPLES": _GOOD_INT_TUPLES, "GOOD_STR_TUPLES": _GOOD_WORD_TUPLES,
        "check_word": _check_word, "check_text": _check_text, "check_tuple": _check_tuple,
        "check_other": _check_other, "int": int, "str": str}
    source = ["def __post_init__(self):", *body(lambda name: f"self.{name}"), "    return None"]
    own_init = cls.__dict__.get("__init__")
    simple = (own_init is not None and own_init.__code__.co_filename == "<string>"
              and "__slots__" not in cls.__dict__
              and all(f.init and not f.kw_only and f.default_factory is dataclasses.MISSING
                      for f in fields))
    if simple:
        parameters = []
        for f in fields:
            if f.default is dataclasses.MISSING:
                parameters.append(f.name)
            else:
                namespace[f"DEFAULT_{f.name}"] = f.default
                parameters.append(f"{f.name}=DEFAULT_{f.name}")
        source += [f"def __init__({', '.join(['self', *parameters])}):",
                   *body(lambda name: name), "    d = self.__dict__",
                   *(f"    d[{f.name!r}] = {f.name}" for f in fields)]
    exec("\n".join(source), namespace)  # noqa: S102 - code built above from field names
    check = namespace["__post_init__"]
    check.__qualname__ = f"{cls.__qualname__}.__post_init__"
    init = namespace.get("__init__")
    if init is not None:
        init.__qualname__ = f"{cls.__qualname__}.__init__"
    return check, init


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
        # ASCII digits only: int() also reads '٤' (Arabic-Indic four), '1_000' and '+4',
        # none of which str(action) ever writes.
        if _DIGITS.fullmatch(token) is None:
            raise IllegalActionError(f"{where}: expected a whole number (ASCII digits), "
                                     f"got {token[:40]!r}")
        return int(token)
    return token


def parse_action(text: str, action_types: Iterable[type[Action]]) -> Action:
    """Parse ``text`` (as written by ``str(action)``) into one of ``action_types``.

    Raises :class:`IllegalActionError` naming what is wrong with the text.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is text or an Action, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalActionError(f"an action's text has {MAX_ACTION_TEXT:,} characters at most, "
                                 f"not {len(text):,}")
    tokens = text.split()
    if not tokens:
        raise IllegalActionError("empty action text")
    by_verb = _by_verb(tuple(action_types))
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
            if i >= len(args) and f.default is dataclasses.MISSING:
                raise IllegalActionError(f"{cls.verb}: missing {f.name} (usage: {usage(cls)})")
            values.append(" ".join(args[i:]))
            args = args[: i + 1]
            break
        if i >= len(args):
            raise IllegalActionError(f"{cls.verb}: missing {f.name} (usage: {usage(cls)})")
        values.append(_convert(args[i], hint, f"{cls.verb} {f.name}"))
    if len(args) > len(fields):
        raise IllegalActionError(f"{cls.verb}: too many parts (usage: {usage(cls)})")
    return cls(*values)


@lru_cache(maxsize=64)
def _by_verb(action_types: tuple[type[Action], ...]) -> dict[str, type[Action]]:
    return {cls.verb: cls for cls in action_types}


@lru_cache(maxsize=1 << 16, typed=True)
def shared(cls: type[A], *fields: object) -> A:
    """The one instance of ``cls(*fields)``: actions are frozen values, and an engine lists
    the same legal actions after every action of a long game, so each is built (and its
    fields checked, and its text written) once. ``typed``: ``Move(1)`` and ``Move(True)``
    are not taken for each other (the second is refused when made).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Lift(Action):
    ...     verb = "lift"
    ...     room: str
    >>> shared(Lift, "A1") is shared(Lift, "A1") and shared(Lift, "A1") == Lift("A1")
    True
    """
    return cls(*fields)


def usage(cls: type[Action]) -> str:
    """The text form of an action type, e.g. ``'move PIECE TO'``."""
    names = [f.name.upper() for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    return " ".join([cls.verb, *names])
