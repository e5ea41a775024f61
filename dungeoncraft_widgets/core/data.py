"""Reading data files (cards, boards, saves) safely, and checking them against a schema.

Every game's loader (``load_cards``, ``load_deck``, ``load_layout``, ...) reads
its JSON through :func:`read_json` and checks it with :func:`check_schema`, so
that a bad file always gets a :class:`DataFormatError` naming the file, the
place in it and what is wrong, and never a ``KeyError`` in the middle of a game:

- :func:`read_json` takes a path or an already-parsed mapping; it reads regular
  files only (never ``/dev/zero`` or a pipe), at most ``MAX_BYTES``, as UTF-8,
  and refuses nesting deeper than ``MAX_DEPTH`` and anything but an object at
  the top;
- :func:`check_schema` validates against a JSON Schema (draft 2020-12, with
  ``jsonschema``) and reports the first error with its path (``cards[3].amount``);
- :func:`digest` is a short fingerprint of a document, so a save can name the
  shipped data set it was played with and notice when that data has changed;
- :func:`no_files`: while it is active, :func:`read_json` reads no file but the
  library's own: loading a saved game runs inside it, so a save naming
  ``/dev/zero`` or a file of the user's is refused, whichever game reads it;
- :func:`conforms`: the quick check behind :func:`check_schema` (jsonschema is
  imported only for a document that may break its schema).

>>> schema = {"type": "object", "properties": {"cards": {"type": "array", "items": {
...     "type": "object", "properties": {"amount": {"type": "integer"}}}}}}
>>> try:
...     check_schema({"cards": [{"id": "A1", "amount": "2"}]}, schema, "cards.json")
... except DataFormatError as error:
...     print(error)
cards.json: cards[0].amount: '2' is not of type 'integer'
>>> read_json("/dev/zero", "cards")
Traceback (most recent call last):
...
dungeoncraft_widgets.core.errors.DataFormatError: cards: /dev/zero is not a regular file
>>> digest({"b": 1, "a": [1, 2]}) == digest({"a": [1, 2], "b": 1})
True
>>> try:
...     with no_files("saved game"):
...         read_json("/etc/hostname", "layout")
... except DataFormatError as error:
...     print(error)  # doctest: +ELLIPSIS
layout: saved game: may not open /etc/hostname (a saved game holds its data, ...)
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from itertools import accumulate
from typing import Any

from .errors import DataFormatError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "check_schema", "conforms", "digest", "no_files",
           "parse_json", "read_json"]

MAX_BYTES = 5_000_000  # far above any real card list or board (saves: saves.MAX_SAVE_BYTES)
MAX_DEPTH = 32  # no data of any game nests deeper than about 6


def read_json(source: str | os.PathLike[str] | Mapping[str, Any], what: str) -> dict[str, Any]:
    """The JSON object in the file ``source`` (a path) or a deep copy of ``source`` (a mapping).

    ``what`` names the data in error messages ("Adventure Land layout").
    Raises :class:`DataFormatError` for anything that is not a readable JSON object.
    """
    if isinstance(source, Mapping):
        try:
            text = json.dumps(source, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as exc:
            raise DataFormatError(f"{what}: not JSON data ({exc})") from None
        return parse_json(text, what)
    if not isinstance(source, (str, os.PathLike)):
        raise DataFormatError(
            f"{what}: expected a file path or a dict, not {type(source).__name__}")
    path = pathlib.Path(source)
    _check_may_open(os.fspath(path), what)
    try:
        if not path.is_file():
            raise DataFormatError(f"{what}: {path} is not a regular file"
                                  if path.exists() else f"{what}: no file {path}")
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DataFormatError(f"{what}: cannot read {path} ({exc.strerror})") from None
    if len(raw) > MAX_BYTES:
        raise DataFormatError(f"{what}: {path} is larger than {MAX_BYTES:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataFormatError(f"{what}: {path} is not UTF-8 text") from None
    return parse_json(text, what)


def parse_json(text: str | bytes, what: str, *, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """``text`` parsed as a JSON object, with the same limits as :func:`read_json`
    (``max_bytes`` characters at most; saved games allow more than data files).

    >>> parse_json('{"a": [1, 2]}', "example")
    {'a': [1, 2]}
    >>> parse_json("[" * 100 + "]" * 100, "example")
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: example: nested deeper than 32 levels
    """
    if isinstance(text, bytes):
        if len(text) > 4 * max_bytes:  # four bytes at most per character
            raise DataFormatError(f"{what}: longer than {max_bytes:,} characters")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise DataFormatError(f"{what}: not UTF-8 text") from None
    if not isinstance(text, str):
        raise DataFormatError(f"{what}: expected JSON text, not {type(text).__name__}")
    if len(text) > max_bytes:
        raise DataFormatError(f"{what}: longer than {max_bytes:,} characters")
    _check_depth(text, what)
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # ValueError: also a number of 4,300+ digits
        raise DataFormatError(f"{what}: not valid JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise DataFormatError(f"{what}: expected a JSON object at the top, "
                              f"not {type(doc).__name__}")
    return doc


def _no_constant(name: str) -> Any:
    raise DataFormatError(f"JSON {name} is not a number this library accepts")


# A string (to its end even if unterminated, so the scan stays linear), and what is not a bracket.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _check_depth(text: str, what: str) -> None:
    # A cheap scan before parsing: deep nesting would otherwise end in RecursionError.
    # Strings (which may hold brackets) and everything else are dropped by regular
    # expressions; what is left is the brackets, whose running count is the depth.
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH:
        raise DataFormatError(f"{what}: nested deeper than {MAX_DEPTH} levels")


@lru_cache(maxsize=64)
def _validator(schema_text: str) -> Any:
    from jsonschema import Draft202012Validator  # only for a document that may be wrong

    schema = json.loads(schema_text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def check_schema(doc: Any, schema: Mapping[str, Any], what: str) -> None:
    """Raise :class:`DataFormatError` naming the first place where ``doc`` breaks ``schema``.

    A document that plainly keeps the schema is accepted by a small check of the
    keywords this library's schemas use (:func:`conforms`), without importing
    jsonschema (whose import takes over a second where ``rfc3987_syntax`` is installed,
    as it is beside Jupyter Server). Any other document, or a schema using anything
    else, goes to jsonschema, which has the last word and names the error.
    """
    if conforms(doc, schema) is True:
        return
    from jsonschema.exceptions import best_match

    error = best_match(_validator(json.dumps(schema, sort_keys=True)).iter_errors(doc))
    if error is not None:
        raise DataFormatError(f"{what}: {json_path(error.absolute_path)}: {error.message}")


# ------------------------------------------------------------ the quick check
class _Unsure(Exception):
    """A keyword, reference or value the quick check leaves to jsonschema."""


# Keywords that only annotate (jsonschema without a format checker asserts no "format").
_ANNOTATIONS = frozenset({"title", "description", "$comment", "$schema", "default", "examples",
                          "deprecated", "readOnly", "writeOnly", "format", "$defs",
                          "definitions"})
_TYPES: dict[str, Any] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def conforms(doc: Any, schema: Any) -> bool | None:
    """True if ``doc`` keeps the JSON Schema ``schema`` (draft 2020-12), False if it breaks
    it, None if the schema uses what this check does not know (then ask jsonschema).

    It knows the keywords of this library's schemas (type, enum, const, the bounds of
    numbers, strings, arrays and objects, pattern, properties, items, prefixItems,
    uniqueItems, the combinators, if/then/else and local ``$ref``), with jsonschema's
    own equality (``True`` is not ``1``).

    >>> schema = {"type": "object", "required": ["id"],
    ...           "properties": {"id": {"type": "string", "pattern": "^[A-Z][0-9]$"}}}
    >>> conforms({"id": "A1"}, schema), conforms({"id": "a1"}, schema)
    (True, False)
    >>> conforms({"id": "A1"}, {"dependentRequired": {"id": ["x"]}}) is None
    True
    """
    try:
        return _conforms(doc, schema, schema)
    except (_Unsure, AttributeError, TypeError, ValueError, KeyError, IndexError, re.error,
            RecursionError):
        return None


def _conforms(doc: Any, schema: Any, root: Any) -> bool:
    if schema is True or schema is False:
        return schema
    if not isinstance(schema, dict):
        raise _Unsure
    for key, value in schema.items():
        if key in _ANNOTATIONS or key in ("then", "else", "additionalProperties",
                                          "patternProperties", "items"):
            continue  # the last four are read with "if", "properties" and "prefixItems"
        check = _KEYWORDS.get(key)
        if check is None:
            raise _Unsure
        if not check(doc, value, schema, root):
            return False
    if ("properties" not in schema and ("additionalProperties" in schema
                                        or "patternProperties" in schema)
            and not _properties(doc, {}, schema, root)):
        return False
    if "prefixItems" not in schema and "items" in schema and not _items(doc, [], schema, root):
        return False
    return True


def _type(doc: Any, value: Any, _schema: Any, _root: Any) -> bool:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list):
        raise _Unsure
    return any(_TYPES[name](doc) for name in names)


def _number(doc: Any) -> bool:
    return isinstance(doc, (int, float)) and not isinstance(doc, bool)


def _bound(test: Any, kind: Any) -> Any:
    return lambda doc, value, _s, _r: not kind(doc) or test(doc, value)


def _pattern(doc: Any, value: str, _schema: Any, _root: Any) -> bool:
    return not isinstance(doc, str) or _regex(value).search(doc) is not None


@lru_cache(maxsize=512)
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _properties(doc: Any, value: Any, schema: Any, root: Any) -> bool:
    if not isinstance(doc, dict):
        return True
    patterns = schema.get("patternProperties", {})
    extra = schema.get("additionalProperties", True)
    for name, item in doc.items():
        matched = False
        if name in value:
            matched = True
            if not _conforms(item, value[name], root):
                return False
        for pattern, sub in patterns.items():
            if _regex(pattern).search(name):
                matched = True
                if not _conforms(item, sub, root):
                    return False
        if not matched and not _conforms(item, extra, root):
            return False
    return True


def _items(doc: Any, prefix: Any, schema: Any, root: Any) -> bool:
    if not isinstance(doc, list):
        return True
    if not isinstance(prefix, list):
        raise _Unsure
    rest = schema.get("items", True)
    if isinstance(rest, list):
        raise _Unsure  # the old array form of "items"
    for i, item in enumerate(doc):
        if not _conforms(item, prefix[i] if i < len(prefix) else rest, root):
            return False
    return True


def _if(doc: Any, value: Any, schema: Any, root: Any) -> bool:
    branch = "then" if _conforms(doc, value, root) else "else"
    return _conforms(doc, schema.get(branch, True), root)


def _ref(doc: Any, value: Any, _schema: Any, root: Any) -> bool:
    if not isinstance(value, str) or not (value == "#" or value.startswith("#/")):
        raise _Unsure  # a reference to another document, or by anchor
    target = root
    for part in value[2:].split("/") if value != "#" else ():
        part = part.replace("~1", "/").replace("~0", "~")
        target = target[int(part)] if isinstance(target, list) else target[part]
    return _conforms(doc, target, root)


def _unbool(value: Any) -> Any:
    return ("bool", value) if isinstance(value, bool) else value


def _equal(one: Any, two: Any) -> bool:
    """jsonschema's equality: lists and dicts item by item, a bool equal only to itself."""
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, list | tuple) and isinstance(two, list | tuple):
        return len(one) == len(two) and all(map(_equal, one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(_equal(one[k], two[k]) for k in one)
    if isinstance(one, list | tuple | dict) or isinstance(two, list | tuple | dict):
        return False
    return _unbool(one) == _unbool(two)


def _listed(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _Unsure  # not a schema jsonschema would accept: let it say so
    return value


def _unique(doc: Any, value: Any, _schema: Any, _root: Any) -> bool:
    if not value or not isinstance(doc, list):
        return True
    return not any(_equal(a, b) for i, a in enumerate(doc) for b in doc[i + 1:])


def _one_of(doc: Any, value: Any, _schema: Any, root: Any) -> bool:
    return sum(1 for sub in _listed(value) if _conforms(doc, sub, root)) == 1


_KEYWORDS: dict[str, Any] = {
    "type": _type,
    "enum": lambda doc, value, _s, _r: any(_equal(doc, e) for e in _listed(value)),
    "const": lambda doc, value, _s, _r: _equal(doc, value),
    "minimum": _bound(lambda d, v: d >= v, _number),
    "maximum": _bound(lambda d, v: d <= v, _number),
    "exclusiveMinimum": _bound(lambda d, v: d > v, _number),
    "exclusiveMaximum": _bound(lambda d, v: d < v, _number),
    "minLength": _bound(lambda d, v: len(d) >= v, lambda d: isinstance(d, str)),
    "maxLength": _bound(lambda d, v: len(d) <= v, lambda d: isinstance(d, str)),
    "minItems": _bound(lambda d, v: len(d) >= v, lambda d: isinstance(d, list)),
    "maxItems": _bound(lambda d, v: len(d) <= v, lambda d: isinstance(d, list)),
    "minProperties": _bound(lambda d, v: len(d) >= v, lambda d: isinstance(d, dict)),
    "maxProperties": _bound(lambda d, v: len(d) <= v, lambda d: isinstance(d, dict)),
    "required": lambda doc, value, _s, _r: not isinstance(doc, dict) or all(
        name in doc for name in _listed(value)),
    "pattern": _pattern,
    "properties": _properties,
    "propertyNames": lambda doc, value, _s, root: not isinstance(doc, dict) or all(
        _conforms(name, value, root) for name in doc),
    "prefixItems": _items,
    "uniqueItems": _unique,
    "if": _if,
    "allOf": lambda doc, value, _s, root: all(_conforms(doc, sub, root) for sub in _listed(value)),
    "anyOf": lambda doc, value, _s, root: any(_conforms(doc, sub, root) for sub in _listed(value)),
    "oneOf": _one_of,
    "not": lambda doc, value, _s, root: not _conforms(doc, value, root),
    "$ref": _ref,
}


def json_path(parts: Any) -> str:
    """A readable path into a document: ``cards[3].amount`` (``(top)`` for the root)."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


def digest(doc: Any) -> str:
    """A 16-hex-digit fingerprint of a JSON document (key order does not matter)."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# ------------------------------------------------------------------ no files
# Set while a saved game loads (by no_files); read by read_json, the one place the library
# opens a data file. Nothing outside the library is changed: no audit hook, no module.
_FORBIDDEN: ContextVar[str | None] = ContextVar("dungeoncraft_no_files", default=None)
_OWN = pathlib.Path(__file__).resolve().parents[1]  # the package: its shipped data


def _check_may_open(path: str, what: str) -> None:
    reason = _FORBIDDEN.get()
    if reason is None:
        return
    full = pathlib.Path(path).resolve()  # resolved, so neither ".." nor a link leads out
    if not full.is_relative_to(_OWN):
        where = f"{what}: " if what else ""
        raise DataFormatError(f"{where}{reason}: may not open {path} "
                              "(a saved game holds its data, it never names a file)")


@contextmanager
def no_files(reason: str) -> Iterator[None]:
    """While active (in this thread or task), :func:`read_json` reads data given as a
    mapping and the library's own files only: any other path raises
    :class:`DataFormatError` starting with ``reason``.

    Loading a saved game runs inside it. A save holds its data, never a path (each
    game's loader refuses a path where a save's options hold data), and every data
    file the library reads goes through :func:`read_json`, so loading opens no file of
    the user's, whichever game reads the save.
    """
    token = _FORBIDDEN.set(reason)
    try:
        yield
    finally:
        _FORBIDDEN.reset(token)
