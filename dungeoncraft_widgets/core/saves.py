"""The saved-game document: its JSON Schema, its limits, and the canonical JSON it is written in.

``state.to_json()`` writes, and ``load_game(text)`` reads, one JSON object
(keys sorted, no spaces)::

    {
      "format": "dungeoncraft_widgets/save",   # what this is
      "version": 1,
      "game": "adventure_land",                # the game's name
      "players": ["You", "Bot"],               # 1 to 16 names, each 1 to 48 characters
      "seed": 12345,                           # 0 <= seed < 2**64 (None in a player's view)
      "options": {...},                        # the game's options: data, never file paths
      "viewer": null,                          # a player's view: their seat (else null)
      "start": SNAPSHOT,                       # the position the history starts from
      "history": ["move row:3 J3", ...],       # the actions since ``start``, as text
      "undo_floor": [2, "a die was rolled"],   # undo stops at this history length, and why
      "current": SNAPSHOT                      # the position now
    }
    SNAPSHOT = {"state": {...}, "rng": 98765, "log": [EVENT, ...]}
                                             # state: the game's own data (its ``state_schema``)
                                             # rng: the generator's state, 0 <= rng < 2**64
    EVENT = {"kind": "roll", "text": "You roll a 5.", "player": 0, "data": {...},
             "visible_to": [0]}               # player, data and visible_to are optional

A player's view (``state.view(p).to_json()``) saves what that player sees:
no ``start``, no ``history``, no ``seed`` and no ``rng``; it loads as a view.

:data:`SAVE_SCHEMA` says all this exactly (JSON Schema, draft 2020-12), and
:func:`read_save` checks a document against it before a game reads it. What a
schema cannot say, the engine verifies next (``GameState.from_json``): the
names are valid and distinct, ``start`` and ``current`` match the game's
``state_schema``, and replaying ``history`` from ``start`` gives exactly
``current`` (every event of its log, the RNG and the undo floor).

>>> doc = read_save('{"format": "dungeoncraft_widgets/save", "version": 1}', "demo")
Traceback (most recent call last):
...
dungeoncraft_widgets.core.errors.SaveFormatError: saved game: this is a saved None game, not 'demo'
>>> canonical({"b": [1, 2], "a": "x"})
'{"a":"x","b":[1,2]}'
>>> json_object({"b": "[1,2]", "a": '"x"'}) == canonical({"b": [1, 2], "a": "x"})
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .actions import MAX_ACTION_TEXT
from .data import check_schema, parse_json
from .errors import InvalidArgumentError, SaveFormatError

__all__ = ["MAX_HISTORY", "MAX_NAME_LENGTH", "MAX_SAVE_BYTES", "SAVE_FORMAT", "SAVE_SCHEMA",
           "SAVE_VERSION", "SEED_LIMIT", "canonical", "json_object", "read_save"]

SAVE_FORMAT = "dungeoncraft_widgets/save"
SAVE_VERSION = 1

#: Seeds (and the RNG's state) are whole numbers with 0 <= seed < SEED_LIMIT: the RNG keeps
#: 64 bits, so a larger seed would only repeat a smaller one's game.
SEED_LIMIT = 2**64
#: The most actions a game's history holds: five times the longest game any engine allows
#: (20,000 actions), so that loading (which replays the history) stays within seconds.
MAX_HISTORY = 100_000
#: The longest player name given (a repeated name gets " 2", " 3", ... after it).
MAX_NAME_LENGTH = 40
#: The largest saved game read, in characters (a 20,000-action game is about 3 MB).
MAX_SAVE_BYTES = 30_000_000

_NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH + 8}
_COUNT = {"type": "integer", "minimum": 0}
_RNG = {"type": "integer", "minimum": 0, "maximum": SEED_LIMIT - 1}

EVENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["kind", "text"],
    "additionalProperties": False,
    "properties": {
        "kind": {"type": "string", "minLength": 1, "maxLength": 64},
        "text": {"type": "string"},
        "player": _COUNT,
        "data": {"type": "object"},
        "visible_to": {"type": "array", "items": _COUNT, "maxItems": 64},
    },
}

SNAPSHOT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["state", "rng", "log"],
    "additionalProperties": False,
    "properties": {
        "state": {"type": "object"},
        "rng": {"oneOf": [{"type": "null"}, _RNG]},
        "log": {"type": "array", "items": EVENT_SCHEMA},
    },
}

#: The saved-game document (see the module docstring).
SAVE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "dungeoncraft_widgets saved game",
    "type": "object",
    "required": ["format", "version", "game", "players", "seed", "options", "viewer", "start",
                 "history", "undo_floor", "current"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": SAVE_FORMAT},
        "version": {"const": SAVE_VERSION},
        "game": {"type": "string"},
        "players": {"type": "array", "items": _NAME, "minItems": 1, "maxItems": 16},
        "seed": {"oneOf": [{"type": "null"}, _RNG]},
        "options": {"type": "object"},
        "viewer": {"oneOf": [{"type": "null"}, _COUNT]},
        "start": {"oneOf": [{"type": "null"}, SNAPSHOT_SCHEMA]},
        "history": {"type": "array", "maxItems": MAX_HISTORY,
                    "items": {"type": "string", "minLength": 1,
                                              "maxLength": MAX_ACTION_TEXT}},
        "undo_floor": {"type": "array", "minItems": 2, "maxItems": 2,
                       "prefixItems": [{"type": "integer", "minimum": 0,
                                        "maximum": MAX_HISTORY}, {"type": "string"}]},
        "current": SNAPSHOT_SCHEMA,
    },
    # A game saves its start, history, seed and RNG; a player's view (start null) saves
    # none of them, and a game (start present) is no one's view.
    "if": {"properties": {"start": {"type": "null"}}},
    "then": {"properties": {"history": {"maxItems": 0}, "seed": {"type": "null"},
                            "current": {"properties": {"rng": {"type": "null"}}}}},
    "else": {"properties": {"viewer": {"type": "null"}, "seed": {"type": "integer"},
                            "start": {"properties": {"rng": {"type": "integer"}}},
                            "current": {"properties": {"rng": {"type": "integer"}}}}},
}

_HISTORY_ITEM = SAVE_SCHEMA["properties"]["history"]["items"]

# The schema as checked by jsonschema, without the items of the two long lists, which
# validating one by one would make the slowest part of loading a long game: the history's
# texts are checked by _check_history (the same rule, in a loop), and for a game (start
# present) every event of ``current.log`` is compared with the replayed log, which is
# stricter still.
_LONG_LISTS_UNCHECKED: dict[str, Any] = {
    **SAVE_SCHEMA,
    "properties": {
        **SAVE_SCHEMA["properties"],
        "history": {"type": "array", "maxItems": MAX_HISTORY},
        "current": {**SNAPSHOT_SCHEMA, "properties": {**SNAPSHOT_SCHEMA["properties"],
                                                      "log": {"type": "array"}}}},
}
_HISTORY_UNCHECKED: dict[str, Any] = {
    **SAVE_SCHEMA,
    "properties": {**SAVE_SCHEMA["properties"], "history": _LONG_LISTS_UNCHECKED[
        "properties"]["history"]},
}


def read_save(text: str | bytes, game_name: str) -> dict[str, Any]:
    """The saved-game document in ``text``, checked against :data:`SAVE_SCHEMA`.

    Raises :class:`SaveFormatError` (its subclass ``DataFormatError`` for what is not
    JSON) naming the problem: too long, too deeply nested, not JSON, another game, a
    place where the document breaks the schema.
    """
    doc = parse_json(text, "saved game", max_bytes=MAX_SAVE_BYTES)
    if doc.get("format") != SAVE_FORMAT:
        raise SaveFormatError("saved game: not a dungeoncraft_widgets saved game "
                              "(no 'format' field)")
    if doc.get("game") != game_name:
        raise SaveFormatError(
            f"saved game: this is a saved {_short(doc.get('game'))} game, not {game_name!r}")
    if doc.get("version") != SAVE_VERSION:
        raise SaveFormatError(f"saved game: saved with format version {_short(doc.get('version'))}"
                              f", this library reads version {SAVE_VERSION}")
    is_game = doc.get("start") is not None
    check_schema(doc, _LONG_LISTS_UNCHECKED if is_game else _HISTORY_UNCHECKED, "saved game")
    _check_history(doc["history"])
    return doc


def _check_history(history: list[Any]) -> None:
    shortest, longest = _HISTORY_ITEM["minLength"], _HISTORY_ITEM["maxLength"]
    for i, text in enumerate(history):
        if type(text) is not str or not shortest <= len(text) <= longest:
            raise SaveFormatError(f"saved game: history[{i}]: not an action's text of "
                                  f"{shortest} to {longest} characters: {_short(text)}")


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), allow_nan=False)


def canonical(value: Any) -> str:
    """``value`` as the JSON a save is written in: keys sorted, no spaces, ASCII only."""
    try:
        return _ENCODER.encode(value)
    except (TypeError, ValueError) as error:  # not JSON data (bytes, NaN, an object)
        raise InvalidArgumentError(f"canonical: the value is not JSON data ({error})") from None


def json_object(parts: Mapping[str, str]) -> str:
    """A JSON object from keys and their values' JSON text, written as :func:`canonical`
    would write it (so a save is built from parts already written, such as the log)."""
    return "{" + ",".join(f"{json.dumps(key)}:{parts[key]}" for key in sorted(parts)) + "}"
