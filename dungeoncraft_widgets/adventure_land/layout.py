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
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.errors import InvalidArgumentError, SaveFormatError

__all__ = [
    "COLUMNS", "FIELDS", "LANES", "ROWS", "TERRAIN_COUNTS", "Layout", "column_of",
    "field_name", "lanes_for", "load_layout", "neighbours", "row_of",
]

COLUMNS = "ABCDEFGHIJK"
ROWS = 10
FIELDS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
FIELD_SET = frozenset(FIELDS)
#: The printed terrain cards: one per field, so a layout must have exactly these counts.
TERRAIN_COUNTS = {"city": 30, "forest": 20, "river": 18, "mountain": 28, "fog": 14}
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
    ``source`` is the layout as JSON-able data (what a saved game stores).
    """

    terrain: dict[str, str]
    river: tuple[str, ...]
    cities: tuple[frozenset[str], ...]
    source: dict[str, Any]
    reconstruction: bool

    def __deepcopy__(self, memo: dict) -> Layout:
        return self  # immutable in use: copies of a state share their layout

    def city_of(self, field: str) -> frozenset[str] | None:
        """The city a field belongs to, or None."""
        for city in self.cities:
            if field in city:
                return city
        return None

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


def _build(data: dict[str, Any]) -> Layout:
    if not isinstance(data, dict):
        raise SaveFormatError("layout: expected a JSON object with 'legend', 'rows' and 'river'")
    try:
        legend, rows, river = data["legend"], data["rows"], data["river"]
    except KeyError as exc:
        raise SaveFormatError(f"layout: missing {exc}") from None
    if not isinstance(rows, list) or len(rows) != ROWS or any(
            not isinstance(r, str) or len(r) != len(COLUMNS) for r in rows):
        raise SaveFormatError(f"layout: 'rows' must be {ROWS} strings of {len(COLUMNS)} letters")
    terrain: dict[str, str] = {}
    for r, line in enumerate(rows, start=1):
        for c, letter in enumerate(line):
            kind = legend.get(letter) if isinstance(legend, dict) else None
            if kind not in TERRAIN_COUNTS:
                raise SaveFormatError(f"layout: letter {letter!r} at {field_name(c, r)} is not "
                                      f"in the legend as one of {sorted(TERRAIN_COUNTS)}")
            terrain[field_name(c, r)] = kind
    counts = Counter(terrain.values())
    for kind, wanted in TERRAIN_COUNTS.items():
        if counts[kind] != wanted:
            raise SaveFormatError(f"layout: the game has {wanted} {kind} cards, so the board "
                                  f"needs {wanted} {kind} fields, not {counts[kind]}")
    river_fields = sorted(f for f in FIELDS if terrain[f] == "river")
    if not isinstance(river, list) or sorted(river) != river_fields:
        raise SaveFormatError("layout: 'river' must list every river field exactly once")
    for a, b in zip(river, river[1:], strict=False):
        if b not in neighbours(a):
            raise SaveFormatError(f"layout: river fields {a} and {b} are not neighbours")
    if column_of(river[0]) != 0 or column_of(river[-1]) != len(COLUMNS) - 1:
        raise SaveFormatError("layout: the river must run from the west edge (column A) "
                              "to the east edge (column K)")
    cities = tuple(_connected_groups({f for f in FIELDS if terrain[f] == "city"}))
    source = {"legend": dict(legend), "rows": list(rows), "river": list(river)}
    return Layout(terrain, tuple(river), cities, source, bool(data.get("reconstruction", False)))


@lru_cache(maxsize=16)
def _cached(text: str) -> Layout:
    return _build(json.loads(text))


def load_layout(source: str | Path | dict[str, Any] | None = None) -> Layout:
    """Read a board layout from a path, a dict, or (None) the shipped reconstruction.

    Raises :class:`SaveFormatError` naming what is wrong with the layout.

    >>> load_layout().river[:3]
    ('A7', 'B7', 'B8')
    >>> load_layout({"legend": {}, "rows": [], "river": []})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.SaveFormatError: layout: 'rows' must be 10 strings ...
    """
    if source is None:
        source = DATA / "board.json"
    if isinstance(source, (str, Path)):
        try:
            text = Path(source).read_text(encoding="utf-8")
            data = json.loads(text)
        except (OSError, json.JSONDecodeError) as exc:
            raise SaveFormatError(f"layout: cannot read {source}: {exc}") from None
        return _cached(json.dumps(data, sort_keys=True))
    if isinstance(source, Layout):
        return source
    if not isinstance(source, dict):
        raise InvalidArgumentError("layout must be a path, a dict or None")
    return _cached(json.dumps(source, sort_keys=True))


@lru_cache(maxsize=1)
def load_pieces() -> dict[str, Any]:
    """The tile values and scoring data (``data/pieces.json``, partly a reconstruction).

    >>> load_pieces()["creatures"]["laurels"]["16"]
    8
    """
    return json.loads((DATA / "pieces.json").read_text(encoding="utf-8"))
