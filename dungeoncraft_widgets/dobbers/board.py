"""The Dobbers board: squares, the blue shields between them, the starts and the Key.

The rulebook describes the board but does not print it, so the shipped
``data/board.json`` is a **reconstruction** (its top says so and why). An owner
can describe the real board in the same format and pass it to
:func:`load_board` or ``new_game(board=...)``. Format
(``"format": "dungeoncraft_widgets/dobbers/board"``, version 1)::

    {"squares": [{"id": "A", "kind": "start", "letter": "A", "x": 60, "y": 760},
                 {"id": "T1", "kind": "travel", "x": 70, "y": 670},
                 {"id": "E1", "kind": "encounter", "number": 1, "x": 150, "y": 590}, ...],
     "paths": [["A", "T1", 2], ...],        # neighbours and the shield between them
     "key": "E12"}                           # the last Encounter square

A :class:`Board` is plain data that a graph library takes as it is:
``board.paths`` are weighted edges (``networkx.Graph`` + ``add_weighted_edges_from``),
``board.squares`` the nodes with their attributes.

>>> board = load_board()
>>> board.key, board.starts["A"], board.shield("A", "T1")
('E12', 'A', 2)
>>> board.route_to_key("E7")[:3]
['E7', 'T11', 'E8']
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.data import check_schema, digest
from ..core.errors import DataFormatError, InvalidArgumentError
from .cards import DataFile

__all__ = ["BOARD_FORMAT", "DEFAULT_BOARD", "Board", "load_board"]

BOARD_FORMAT = "dungeoncraft_widgets/dobbers/board"
DEFAULT_BOARD = pathlib.Path(__file__).parent / "data" / "board.json"
KINDS = ("start", "travel", "encounter")

BOARD_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["format", "version", "squares", "paths", "key"],
    "properties": {
        "format": {"const": BOARD_FORMAT}, "version": {"const": 1},
        "reconstruction": {"type": "string"}, "reasoning": {"type": "array"},
        "format_notes": {"type": "object"},
        "squares": {"type": "array", "minItems": 3, "maxItems": 300, "items": {
            "type": "object", "required": ["id", "kind"], "additionalProperties": False,
            "properties": {"id": {"type": "string", "pattern": "^[A-Za-z0-9_]{1,12}$"},
                           "kind": {"enum": list(KINDS)},
                           "letter": {"type": "string", "pattern": "^[A-Z]$"},
                           "number": {"type": "integer", "minimum": 1, "maximum": 99},
                           "x": {"type": "number"}, "y": {"type": "number"}}}},
        "paths": {"type": "array", "minItems": 2, "maxItems": 1000, "items": {
            "type": "array", "prefixItems": [{"type": "string"}, {"type": "string"},
                                             {"type": "integer", "minimum": 1, "maximum": 9}],
            "minItems": 3, "maxItems": 3}},
        "key": {"type": "string"},
    },
}


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one object per data set
class Board:
    """A validated board. ``squares[id]`` is a square's dict (kind, letter or number, x, y)."""

    squares: Mapping[str, dict[str, Any]] = field(repr=False)
    paths: tuple[tuple[str, str, int], ...] = field(repr=False)
    key: str
    starts: Mapping[str, str]          # letter -> square id
    encounters: Mapping[int, str]      # Encounter Square Number -> square id
    neighbours: Mapping[str, Mapping[str, int]] = field(repr=False)  # square -> {next: shield}
    to_key: Mapping[str, int] = field(repr=False)  # moves from each square to the Key
    doc: Mapping[str, Any] = field(repr=False)
    digest: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self  # read-only: every copy of a game shares its board

    def shield(self, a: str, b: str) -> int:
        """The blue shield between neighbouring squares ``a`` and ``b``."""
        try:
            return self.neighbours[a][b]
        except KeyError:
            raise InvalidArgumentError(f"{a!r} and {b!r} are not neighbouring squares") from None

    def is_encounter(self, square: str) -> bool:
        return self.squares[square]["kind"] == "encounter"

    def label(self, square: str) -> str:
        """How the log names a square: ``'Encounter square 5'``, ``'start A'``, ``'the Key'``."""
        info = self.squares[square]
        if square == self.key:
            return "the Key"
        if info["kind"] == "encounter":
            return f"Encounter square {info['number']}"
        if info["kind"] == "start":
            return f"Starting Location {info['letter']}"
        return f"square {square}"

    def route_to_key(self, square: str) -> list[str]:
        """The squares from ``square`` to the Key, fewest moves first (both ends included).

        >>> load_board().route_to_key("E11")
        ['E11', 'T15', 'E12']
        """
        route = [square]
        while route[-1] != self.key:
            here = route[-1]
            route.append(min(self.neighbours[here], key=lambda n: (self.to_key[n], n)))
        return route


def _validate(doc: dict[str, Any], what: str) -> Board:
    check_schema(doc, BOARD_SCHEMA, what)
    squares: dict[str, dict[str, Any]] = {}
    starts: dict[str, str] = {}
    encounters: dict[int, str] = {}
    for sq in doc["squares"]:
        sid = sq["id"]
        if sid in squares:
            raise DataFormatError(f"{what}: square {sid!r}: the id is used twice")
        squares[sid] = sq
        if sq["kind"] == "start":
            if "letter" not in sq or sq["letter"] in starts:
                raise DataFormatError(f"{what}: square {sid!r}: a start needs its own letter")
            starts[sq["letter"]] = sid
        if sq["kind"] == "encounter":
            if "number" not in sq or sq["number"] in encounters:
                raise DataFormatError(f"{what}: square {sid!r}: an Encounter square needs its "
                                      "own number")
            encounters[sq["number"]] = sid
    neighbours: dict[str, dict[str, int]] = {s: {} for s in squares}
    for i, (a, b, shield) in enumerate(doc["paths"]):
        for end in (a, b):
            if end not in squares:
                raise DataFormatError(f"{what}: paths[{i}]: no square {end!r}")
        if a == b or b in neighbours[a]:
            raise DataFormatError(f"{what}: paths[{i}]: {a}-{b} is a loop or given twice")
        neighbours[a][b] = neighbours[b][a] = shield
    key = doc["key"]
    if key not in squares or squares[key]["kind"] != "encounter":
        raise DataFormatError(f"{what}: key: {key!r} is not an Encounter square")
    if len(starts) < 4:
        raise DataFormatError(f"{what}: squares: four players need at least 4 starts")
    to_key = {key: 0}
    frontier = [key]
    while frontier:
        nxt = []
        for here in frontier:
            for n in neighbours[here]:
                if n not in to_key:
                    to_key[n] = to_key[here] + 1
                    nxt.append(n)
        frontier = nxt
    for sid in squares:
        if sid not in to_key:
            raise DataFormatError(f"{what}: square {sid!r} has no path to the Key")
    return Board(squares=squares, paths=tuple((a, b, s) for a, b, s in doc["paths"]), key=key,
                 starts=starts, encounters=encounters, neighbours=neighbours, to_key=to_key,
                 doc=doc, digest=digest(doc))


BOARDS = DataFile(_validate, DEFAULT_BOARD, "board", Board)


def shipped_board() -> Board:
    """The shipped (reconstructed) board."""
    return BOARDS.shipped()


def load_board(source: str | os.PathLike[str] | Mapping[str, Any] | Board | None = None
               ) -> Board:
    """A board: a path to a JSON file, its parsed dict, or None for the shipped one.

    >>> load_board({"format": BOARD_FORMAT, "version": 1, "squares": [], "paths": [],
    ...             "key": "E1"})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: board data: squares: [] is too short
    """
    return BOARDS.load(source)


def board_option(board: Board) -> dict[str, Any]:
    """What a save records of a board (see :meth:`.cards.DataFile.option`)."""
    return BOARDS.option(board)


def board_from_option(option: Any) -> Board:
    """The board a save names (see :meth:`.cards.DataFile.from_option`)."""
    return BOARDS.from_option(option)
