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
- :func:`no_files` forbids opening files (but the library's own and Python's)
  while it is active: loading a saved game runs inside it, so a save naming
  ``/dev/zero`` or a file of the user's is refused, whichever game reads it.

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
import site
import sys
import sysconfig
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from itertools import accumulate
from typing import Any

from .errors import DataFormatError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "check_schema", "digest", "no_files", "parse_json",
           "read_json"]

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


def _import_jsonschema() -> Any:
    """jsonschema, imported without ``rfc3987_syntax``.

    When ``rfc3987_syntax`` is installed (Jupyter Server's ``jupyter_events`` brings it),
    jsonschema imports it for its optional "iri" format check, and it builds a lark
    grammar at import: about a second, on the first load of any game. Our schemas use
    no ``format`` keyword, so it is kept out (a module set to None in ``sys.modules``
    is one Python refuses to import; jsonschema then leaves that format out).
    """
    if "jsonschema" in sys.modules or "rfc3987_syntax" in sys.modules:
        import jsonschema
        return jsonschema
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]
    try:
        import jsonschema
    finally:
        del sys.modules["rfc3987_syntax"]
    return jsonschema


@lru_cache(maxsize=64)
def _validator(schema_text: str) -> Any:
    Draft202012Validator = _import_jsonschema().Draft202012Validator

    schema = json.loads(schema_text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def check_schema(doc: Any, schema: Mapping[str, Any], what: str) -> None:
    """Raise :class:`DataFormatError` naming the first place where ``doc`` breaks ``schema``."""
    best_match = _import_jsonschema().exceptions.best_match

    validator = _validator(json.dumps(schema, sort_keys=True))
    error = best_match(validator.iter_errors(doc))
    if error is not None:
        raise DataFormatError(f"{what}: {json_path(error.absolute_path)}: {error.message}")


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
_FORBIDDEN: ContextVar[str | None] = ContextVar("dungeoncraft_no_files", default=None)
_HOOKED = False


def _allowed_roots(path_entries: tuple[str, ...]) -> tuple[str, ...]:
    # The library's own folder (its shipped data) and Python's: where modules imported on
    # first use come from (the working directory excepted: a save could name a file there).
    paths = sysconfig.get_paths()
    roots = {str(pathlib.Path(__file__).resolve().parents[1]), sys.prefix, sys.base_prefix,
             sys.exec_prefix, site.getusersitepackages(),
             *(paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths),
             *(p for p in path_entries if p not in ("", ".") and os.path.isdir(p)
               and os.path.abspath(p) != os.getcwd())}
    return tuple(os.path.normpath(os.path.abspath(r)) for r in roots)


_roots_for = lru_cache(maxsize=8)(_allowed_roots)


def _check_may_open(path: str, what: str) -> None:
    reason = _FORBIDDEN.get()
    if reason is None:
        return
    full = os.path.normpath(os.path.abspath(path))
    roots = _roots_for(tuple(sys.path))
    if not any(full == root or full.startswith(root + os.sep) for root in roots):
        where = f"{what}: " if what else ""
        raise DataFormatError(f"{where}{reason}: may not open {path} "
                              "(a saved game holds its data, it never names a file)")


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and _FORBIDDEN.get() is not None and isinstance(args[0], (str, bytes)):
        _check_may_open(os.fsdecode(args[0]), "")


@contextmanager
def no_files(reason: str) -> Iterator[None]:
    """While active (in this thread), opening a file outside the library's and Python's own
    folders raises :class:`DataFormatError` starting with ``reason``, whatever code tries it.

    A Python audit hook (installed on first use) sees every ``open``; outside this context
    it returns at once.
    """
    global _HOOKED
    if not _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED = True
    token = _FORBIDDEN.set(reason)
    try:
        yield
    finally:
        _FORBIDDEN.reset(token)

