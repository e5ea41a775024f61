"""The Adventure Land board: fields, terrain, the river and the cities.

Fields are named like ``"E9"`` (column letter A-K west to east, row 1-10 north
to south). The start area lanes are ``"row:1"`` .. ``"row:5"`` (entering east
along the row) and ``"col:A"`` .. ``"col:E"`` (entering south down the column).

The terrain of each field comes from a layout file (``data/board.json`` ships
a *reconstruction*: the printed board is not public). A layout file is JSON::

    {"legend": {"C": "city", "F": "forest", "R": "river", "M": "mountain", "X": "fog"},
     "rows": ["MMFMMMFMMCM", ...10 strings of 11 letters, row 1 first...],
     "river": ["A7", "B7", ...the river fields in order, west edge to east edge...]}

>>> layout = load_layout()
>>> layout.terrain["E9"], layout.terrain["J3"], len(layout.cities)
('river', 'city', 5)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ..core.checks import bounded_data
from ..core.data import check_schema, digest, read_json
from ..core.errors import DataFormatError, InvalidArgumentError

__all__ = [
    "COLUMNS", "FIELDS", "FIELD_SET", "LANES", "LAYOUT_SCHEMA", "PIECES_SCHEMA", "ROWS",
    "TERRAIN_COUNTS", "TERRAIN_ITEMS", "UNKNOWN",
    "Layout", "column_of", "field_name", "lanes_for", "layout_from_option", "layout_option",
    "load_layout", "load_pieces", "neighbours", "pieces_from_option", "pieces_option",
    "place_name", "row_of",
]

COLUMNS = "ABCDEFGHIJK"
ROWS = 10
FIELDS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
FIELD_SET = frozenset(FIELDS)
UNKNOWN = -1  # a herb or sword value hidden from a player's view
#: The printed terrain cards: one per field, so a layout must have exactly these counts.
TERRAIN_COUNTS = {"city": 30, "forest": 20, "river": 18, "mountain": 28, "fog": 14}
#: What a terrain card turned over puts on its field: a companion (city), a herb (forest), a
#: sword (mountain), gold (river), a fog creature (fog), by item code letter.
TERRAIN_ITEMS = {"city": "C", "forest": "H", "mountain": "S", "river": "G", "fog": "F"}
#: Every lane of the start area (the first 8 are used with 3 or 4 players).
LANES: tuple[str, ...] = ("row:1", "row:2", "row:3", "row:4", "col:A", "col:B", "col:C",
                          "col:D", "row:5", "col:E")
DATA = Path(__file__).parent / "data"


def lanes_for(players: int) -> tuple[str, ...]:
    """The start lanes each player uses: rows 1-4 and columns A-D, plus row 5 and
    column E with two players.

    >>> lanes_for(2)[-2:], len(lanes_for(4))
    (('row:5', 'col:E'), 8)
    """
    return LANES if players == 2 else LANES[:8]


def place_name(where: str) -> str:
    """A field or start lane as a reader names it.

    >>> place_name("row:3"), place_name("col:E"), place_name("E9")
    ('the start of row 3', 'the start of column E', 'E9')
    """
    if where.startswith("row:"):
        return f"the start of row {where[4:]}"
    if where.startswith("col:"):
        return f"the start of column {where[4:]}"
    return where


def column_of(field: str) -> int:
    """Column index 0-10 of a field name (``"A1"`` -> 0)."""
    return COLUMNS.index(field[0])


def row_of(field: str) -> int:
    """Row number 1-10 of a field name (``"A1"`` -> 1)."""
    return int(field[1:])


def field_name(column: int, row: int) -> str:
    """The field at column index ``column`` (0-10) and row ``row`` (1-10).

    >>> field_name(4, 9)
    'E9'
    """
    return f"{COLUMNS[column]}{row}"


def neighbours(field: str) -> list[str]:
    """The orthogonal neighbours of a field on the 11x10 board.

    >>> sorted(neighbours("A1"))
    ['A2', 'B1']
    """
    c, r = column_of(field), row_of(field)
    out = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= c + dc < len(COLUMNS) and 1 <= r + dr <= ROWS:
            out.append(field_name(c + dc, r + dr))
    return out


@dataclass(frozen=True)
class Layout:
    """A board layout: terrain per field, the river in order, the cities.

    ``cities`` are the connected groups of city fields (largest first).
    ``source`` is the layout as JSON-able data (what a saved game stores). A layout is
    never changed once made: every state (and every copy and view of it) shares its own.
    """

    terrain: dict[str, str]
    river: tuple[str, ...]
    cities: tuple[frozenset[str], ...]
    source: dict[str, Any]
    reconstruction: bool

    @cached_property
    def digest(self) -> str:
        """A fingerprint of the layout's data (see :func:`layout_option`)."""
        return digest(self.source)

    def fields_of(self, terrain: str) -> list[str]:
        """Every field of one terrain, in board order."""
        return [f for f in FIELDS if self.terrain[f] == terrain]


def _connected_groups(fields: set[str]) -> list[frozenset[str]]:
    groups, left = [], set(fields)
    while left:
        start = left.pop()
        group, todo = {start}, [start]
        while todo:
            for n in neighbours(todo.pop()):
                if n in left:
                    left.remove(n)
                    group.add(n)
                    todo.append(n)
        groups.append(frozenset(group))
    return sorted(groups, key=lambda g: (-len(g), min(FIELDS.index(f) for f in g)))


WHAT = "Adventure Land layout"
SHIPPED_LAYOUT = "board.json"
SHIPPED_PIECES = "pieces.json"
_FIELD_PATTERN = "^[A-K]([1-9]|10)$"
#: The documented format of a layout file (JSON Schema, draft 2020-12); the semantic rules a
#: schema cannot state (terrain counts, a connected river from edge to edge) are checked after.
LAYOUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["legend", "rows", "river"],
    "properties": {
        "format": {"const": "dungeoncraft_widgets/adventure_land/layout"},
        "version": {"const": 1},
        "reconstruction": {"type": "boolean"},
        "about": {"type": "string"},
        "columns": {"const": COLUMNS},
        "legend": {
            "type": "object", "minProperties": 1, "maxProperties": 26,
            "propertyNames": {"minLength": 1, "maxLength": 1},
            "additionalProperties": {"enum": sorted(TERRAIN_COUNTS)},
        },
        "rows": {"type": "array", "minItems": ROWS, "maxItems": ROWS,
                 "items": {"type": "string", "minLength": len(COLUMNS),
                           "maxLength": len(COLUMNS)}},
        "river": {"type": "array", "minItems": 1, "maxItems": len(FIELDS),
                  "items": {"type": "string", "pattern": _FIELD_PATTERN}},
    },
    "additionalProperties": False,
}


def _build(data: dict[str, Any]) -> Layout:
    """A Layout from a layout document already checked against LAYOUT_SCHEMA."""
    legend, rows, river = data["legend"], data["rows"], data["river"]
    terrain: dict[str, str] = {}
    for r, line in enumerate(rows, start=1):
        for c, letter in enumerate(line):
            kind = legend.get(letter)
            if kind is None:
                raise DataFormatError(f"{WHAT}: rows[{r - 1}]: letter {letter!r} at "
                                      f"{field_name(c, r)} is not in the legend")
            terrain[field_name(c, r)] = kind
    counts = Counter(terrain.values())
    for kind, wanted in TERRAIN_COUNTS.items():
        if counts[kind] != wanted:
            raise DataFormatError(f"{WHAT}: rows: the game has {wanted} {kind} cards, so the "
                                  f"board needs {wanted} {kind} fields, not {counts[kind]}")
    river_fields = sorted(f for f in FIELDS if terrain[f] == "river")
    if sorted(river) != river_fields:
        raise DataFormatError(f"{WHAT}: river: must list every river field of 'rows' "
                              f"exactly once")
    for i, (a, b) in enumerate(zip(river, river[1:], strict=False)):
        if b not in neighbours(a):
            raise DataFormatError(f"{WHAT}: river[{i + 1}]: {b} is not a neighbour of {a}")
    if column_of(river[0]) != 0 or column_of(river[-1]) != len(COLUMNS) - 1:
        raise DataFormatError(f"{WHAT}: river: must run from the west edge (column A) "
                              f"to the east edge (column K)")
    cities = tuple(_connected_groups({f for f in FIELDS if terrain[f] == "city"}))
    source = {"legend": dict(legend), "rows": list(rows), "river": list(river),
              "reconstruction": bool(data.get("reconstruction", False))}
    return Layout(terrain, tuple(river), cities, source, source["reconstruction"])


@lru_cache(maxsize=16)
def _cached(text: str) -> Layout:
    doc = json.loads(text)
    check_schema(doc, LAYOUT_SCHEMA, WHAT)
    return _build(doc)


def load_layout(source: str | Path | Mapping[str, Any] | Layout | None = None) -> Layout:
    """Read a board layout from a path, a dict, or (None) the shipped reconstruction.

    The document is checked against :data:`LAYOUT_SCHEMA` and then against the game's
    facts (terrain counts, the river's course); a bad one raises
    :class:`~dungeoncraft_widgets.core.errors.DataFormatError` naming the field.

    >>> load_layout().river[:3]
    ('A7', 'B7', 'B8')
    >>> load_layout({"legend": {"C": "city"}, "rows": ["C" * 11] * 9, "river": ["A1"]})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: Adventure Land layout: rows: \
['CCCCCCCCCCC', ...] is too short
    """
    if isinstance(source, Layout):
        return source
    if source is None:
        return _shipped_layout()
    if not isinstance(source, (str, Path, Mapping)):
        raise InvalidArgumentError(f"layout must be a file path, a dict or None, "
                                   f"not {type(source).__name__}")
    bounded_data(source, WHAT)  # a dict: refused at once if huge, before it is copied
    doc = read_json(source, WHAT)
    return _cached(json.dumps(doc, sort_keys=True))


@lru_cache(maxsize=1)
def _shipped_layout() -> Layout:
    return load_layout(DATA / SHIPPED_LAYOUT)


@lru_cache(maxsize=1)
def shipped_layout_digest() -> str:
    """The fingerprint of the shipped layout (what a saved game names it by)."""
    return _shipped_layout().digest


def layout_option(layout: Layout) -> dict[str, Any]:
    """What a game's options (and so its save) hold for ``layout``: the shipped set's name
    and digest, or the whole layout document (never a file path).

    >>> layout_option(load_layout())["shipped"]
    'board.json'
    """
    if layout.digest == shipped_layout_digest():
        return {"shipped": SHIPPED_LAYOUT, "digest": shipped_layout_digest()}
    return dict(layout.source)


def layout_from_option(option: Any) -> Layout:
    """The layout a saved game's ``options["layout"]`` names (see :func:`layout_option`).

    Never opens a file named in a save: a path is refused, a shipped set must have the
    installed digest.

    >>> layout_from_option({"shipped": "board.json", "digest": "0"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: options.layout: the game was saved ...
    """
    if isinstance(option, Mapping) and "shipped" in option:
        _check_shipped(option, SHIPPED_LAYOUT, shipped_layout_digest(), "layout")
        return load_layout()
    if not isinstance(option, Mapping):
        raise DataFormatError("options.layout: a saved game holds the layout's data (or the "
                              f"shipped set's name and digest), not {type(option).__name__}")
    return load_layout(option)


def _check_shipped(option: Mapping[str, Any], name: str, installed: str, what: str) -> None:
    if set(option) != {"shipped", "digest"} or option["shipped"] != name:
        raise DataFormatError(f"options.{what}: the shipped data set is {name!r} "
                              f"(with its 'digest'), not {dict(option)!r}")
    if option["digest"] != installed:
        raise DataFormatError(
            f"options.{what}: the game was saved with another version of the shipped "
            f"{name} (digest {str(option['digest'])[:16]!r}, installed {installed!r}), "
            f"so it cannot be continued here")


_COUNT = {"type": "integer", "minimum": 0, "maximum": 100}
_PRIZES = {"type": "array", "minItems": 2, "maxItems": 2, "items": _COUNT}  # most, second most
#: The documented format of data/pieces.json (tile values and adventure scoring).
PIECES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["swords", "herbs", "gold", "creatures", "adventures"],
    "properties": {
        "swords": {"type": "object", "required": ["values"], "properties": {"values": {
            "type": "object", "propertyNames": {"enum": ["0", "1", "2", "3"]},
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 28}}}},
        "herbs": {"type": "object", "required": ["values"], "properties": {"values": {
            "type": "object", "propertyNames": {"enum": ["2", "3", "4"]},
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 20}}}},
        "gold": {"const": 18},
        "creatures": {"type": "object", "required": ["strengths", "laurels"], "properties": {
            "strengths": {"type": "object",
                          "propertyNames": {"enum": ["8", "10", "12", "14", "16"]},
                          "additionalProperties": {"type": "integer", "minimum": 0,
                                                   "maximum": 14}},
            "laurels": {"type": "object",
                        "propertyNames": {"enum": ["8", "10", "12", "14", "16"]},
                        "additionalProperties": {"type": "integer", "minimum": 0,
                                                 "maximum": 100}}}},
        # What the scoring reads of each adventure (scoring.py); the rest is its description.
        "adventures": {"type": "object", "required": ["1", "2", "3"], "properties": {
            "1": {"type": "object", "required": ["name", "gold_at_once", "laurels_at_once"],
                  "properties": {"name": {"type": "string"},
                                 "gold_at_once": _COUNT, "laurels_at_once": _COUNT}},
            "2": {"type": "object",
                  "required": ["name", "laurel_factor", "group_factor", "gold_each"],
                  "properties": {"name": {"type": "string"}, "laurel_factor": _COUNT,
                                 "group_factor": _COUNT, "gold_each": _COUNT}},
            "3": {"type": "object",
                  "required": ["name", "laurel_factor", "gold_each", "most_creatures",
                               "most_gold"],
                  "properties": {"name": {"type": "string"}, "laurel_factor": _COUNT,
                                 "gold_each": _COUNT, "most_creatures": _PRIZES,
                                 "most_gold": _PRIZES}}}},
    },
}


WHAT_PIECES = "Adventure Land pieces"
#: The numbered entries of the pieces: a tile value or creature strength -> a number. They are
#: kept in numeric order whatever the order of the file, since set-up builds the stacks in it.
_NUMBERED = (("swords", "values"), ("herbs", "values"), ("creatures", "strengths"),
             ("creatures", "laurels"))


def _checked_pieces(doc: dict[str, Any]) -> dict[str, Any]:
    """A pieces document checked against :data:`PIECES_SCHEMA` and the rulebook's totals,
    its numbered entries in numeric order."""
    check_schema(doc, PIECES_SCHEMA, WHAT_PIECES)
    totals = {"swords": 28, "herbs": 20}
    for kind, total in totals.items():
        if sum(doc[kind]["values"].values()) != total:
            raise DataFormatError(f"{WHAT_PIECES}: {kind}.values: the game has "
                                  f"{total} {kind}")
    creatures = doc["creatures"]
    if sum(creatures["strengths"].values()) != 14 or set(creatures["laurels"]) != set(
            creatures["strengths"]):
        raise DataFormatError(f"{WHAT_PIECES}: creatures: 14 fog creatures, each "
                              "strength with its laurel")
    for kind, entry in _NUMBERED:
        doc[kind][entry] = dict(sorted(doc[kind][entry].items(), key=lambda kv: int(kv[0])))
    return doc


@lru_cache(maxsize=16)
def _cached_pieces(text: str) -> dict[str, Any]:
    return _checked_pieces(json.loads(text))


def load_pieces(source: str | Path | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The tile values and scoring data from a path, a dict, or (None) the shipped
    ``data/pieces.json`` (partly a reconstruction: how many swords and herbs carry each
    value, the laurels, scoring details the rulebook leaves open), checked against
    :data:`PIECES_SCHEMA` and the rulebook's totals (28 swords, 20 herbs, 14 fog creatures).
    Play with your own: ``new_game(pieces=path)``.

    The same data gives the same document, shared by every game played with it: read it,
    never change it.

    >>> load_pieces()["creatures"]["laurels"]["16"]
    8
    >>> mine = load_pieces(); mine = {**mine, "herbs": {"values": {"2": 6, "3": 7, "4": 7}}}
    >>> load_pieces(mine)["herbs"]["values"]
    {'2': 6, '3': 7, '4': 7}
    >>> load_pieces({**mine, "gold": 17})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: Adventure Land pieces: gold: 18 was expected
    """
    if source is None:
        return _shipped_pieces()
    if not isinstance(source, (str, Path, Mapping)):
        raise InvalidArgumentError(f"pieces must be a file path, a dict or None, "
                                   f"not {type(source).__name__}")
    # Keys keep their order here (not sorted): the document is the one given, only checked.
    bounded_data(source, WHAT_PIECES)
    return _cached_pieces(json.dumps(read_json(source, WHAT_PIECES)))


@lru_cache(maxsize=1)
def _shipped_pieces() -> dict[str, Any]:
    return load_pieces(DATA / SHIPPED_PIECES)


@lru_cache(maxsize=1)
def shipped_pieces_digest() -> str:
    """The fingerprint of data/pieces.json (a saved game names the pieces by it)."""
    return digest(_shipped_pieces())


def pieces_option(pieces: dict[str, Any]) -> dict[str, Any]:
    """What a game's options (and so its save) hold for ``pieces``: the shipped set's name
    and digest, or the whole pieces document (never a file path).

    >>> pieces_option(load_pieces())["shipped"]
    'pieces.json'
    """
    if digest(pieces) == shipped_pieces_digest():
        return {"shipped": SHIPPED_PIECES, "digest": shipped_pieces_digest()}
    return dict(pieces)


def pieces_from_option(option: Any) -> dict[str, Any]:
    """The pieces a saved game's ``options["pieces"]`` names (see :func:`pieces_option`).

    Never opens a file named in a save: a path is refused, a shipped set must have the
    installed digest.
    """
    if isinstance(option, Mapping) and "shipped" in option:
        _check_shipped(option, SHIPPED_PIECES, shipped_pieces_digest(), "pieces")
        return load_pieces()
    if not isinstance(option, Mapping):
        raise DataFormatError("options.pieces: a saved game holds the pieces' data (or the "
                              f"shipped set's name and digest), not {type(option).__name__}")
    return load_pieces(option)
