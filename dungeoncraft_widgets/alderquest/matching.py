"""The Matching Board: runes in columns, matches of three or more, gravity and cascades.

Pure functions on a :class:`Board`; nothing here knows players or pouches, so the
engine, the analysis (``odds.py``), the bots and the app run the very same cascade, and
ask the same questions of a Board (which columns are open, which runes a Swap or a Slide
may move). A cascade is
deterministic except where it drops a new line: :func:`resolve` asks its ``draw``
callable for each new rune (the engine draws from the Rune Pouch; analysis passes a
chosen sequence with :func:`cascade`).

Pieces are short codes: ``B G H T`` are faction runes (Bards, Guardians, Hunters,
Thieves); tiles are a colour letter (``r`` red, ``b`` blue) and a kind: ``1 2 3``
acorn points, ``s`` snowflake, ``t`` trap (traps never reach the Board). A tile on the
Board is a rune like any other (L335): it can be swapped, slid, destroyed and cycled.

Cells are named like ``B2``: the column letter (``A`` is the Board's left) and the
row counted from the bottom (1). Columns are lists from the bottom up, so nothing
can float: gravity is built into the representation.

>>> board = Board.from_rows(["GG--", "TBTB"])
>>> print(board)
----
----
----
----
GG--
TBTB
>>> result = cascade(board, ally_factions="GT", colour="r", moves=[("drop", "C", "G")])
>>> [(m.kind, m.size) for m in result.matches]
[('G', 3)]
>>> result.collected
['G', 'G', 'G']
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.checks import one_of, shown, whole_number
from ..core.errors import InvalidArgumentError

COLOURS = "rb"
#: Matching the fourth Snowflake ends the game (L251).
SNOWFLAKES_TO_END = 4
#: A guard, never reached by the engine: after this many rounds of matches a cascade
#: draws no more new lines but still resolves every match left (so no match is ever left
#: on the Board). The engine's cascades end well before it: the runes a cascade discards
#: join the Rune Discard Pile only once it is over (RULE_NOTES), so every new line takes
#: runes from a pouch and pile that only shrink, and every round without a new line
#: takes at least 3 pieces off the Board. Only ``cascade`` given an endless ``new_runes``
#: can reach it.
MAX_CASCADE_STEPS = 500
MAX_WIDTH, MAX_HEIGHT = 26, 20

__all__ = ["PIECES", "RUNE_LETTERS", "Board", "CascadeResult", "Match", "acorn_points",
           "cascade", "cell_name", "cells_by_definition", "check_move", "check_piece",
           "find_matches", "is_acorn", "is_rune", "is_snowflake", "may_match_at",
           "may_match_line", "open_columns", "parse_cell", "resolve", "slides", "swap_pairs"]

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The faction runes' letters: Bards, Guardians, Hunters, Thieves (data.FACTIONS names them;
#: this module sits below the data loader, which imports the effects, which import it).
RUNE_LETTERS = "BGHT"
#: Every code that can stand on the Board: faction runes, Acorns, Snowflakes.
PIECES = frozenset([*RUNE_LETTERS, *(f"{c}{k}" for c in COLOURS for k in "123s")])


# ------------------------------------------------------------------ pieces
def is_rune(code: str) -> bool:
    """A faction rune (one letter).

    >>> is_rune("G"), is_rune("r2")
    (True, False)
    """
    return len(code) == 1


def is_acorn(code: str) -> bool:
    """An Acorn tile (``r1``..``b3``)."""
    return len(code) == 2 and code[1] in "123"


def is_snowflake(code: str) -> bool:
    return len(code) == 2 and code[1] == "s"


def check_piece(code: object, what: str = "rune") -> str:
    """``code`` if it can stand on the Board (a faction rune B G H T, an Acorn such as
    ``'r2'``, a Snowflake ``'bs'``); else InvalidArgumentError naming ``what``.

    >>> check_piece("G"), check_piece("b3")
    ('G', 'b3')
    >>> check_piece("X")
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: rune must be a faction rune \
(B, G, H or T), an Acorn such as 'r2' or a Snowflake such as 'bs', not 'X'
    """
    if code.__class__ is str and code in PIECES:
        return code  # type: ignore[return-value]
    raise InvalidArgumentError(f"{what} must be a faction rune ({', '.join(RUNE_LETTERS[:-1])} "
                               f"or {RUNE_LETTERS[-1]}), an Acorn such as 'r2' or a Snowflake "
                               f"such as 'bs', not {shown(code)}")


def acorn_points(code: str) -> int:
    """Points of an Acorn tile, 0 for anything else.

    >>> acorn_points("b3"), acorn_points("rs"), acorn_points("G")
    (3, 0, 0)
    """
    return int(code[1]) if is_acorn(code) else 0


# ------------------------------------------------------------------ cells
def cell_name(col: int, row: int) -> str:
    """``cell_name(1, 0)`` is ``'B1'`` (column and row from 0, the name from A1).

    >>> cell_name(0, 0), cell_name(3, 5)
    ('A1', 'D6')
    """
    return f"{chr(65 + col)}{row + 1}"


def parse_cell(name: str, width: int, height: int) -> tuple[int, int]:
    """``(col, row)`` of a cell name on a ``width`` x ``height`` Board.

    >>> parse_cell("B3", 4, 6)
    (1, 2)
    """
    if (not isinstance(name, str) or len(name) < 2 or not name[0].isupper()
            or not name[1:].isdigit()):
        raise InvalidArgumentError(f"cell must be a column letter and a row number "
                                   f"such as 'B2', not {name!r}")
    col, row = ord(name[0]) - 65, int(name[1:]) - 1
    if not (0 <= col < width and 0 <= row < height):
        raise InvalidArgumentError(f"cell {name!r} is off the {width} by {height} Board")
    return col, row


class Board:
    """The Matching Board: ``cols[c]`` lists column ``c``'s runes from the bottom up."""

    __slots__ = ("cols", "height", "width")

    def __init__(self, width: int, height: int, cols: Sequence[Sequence[str]] | None = None):
        for name, value, top in (("width", width, MAX_WIDTH), ("height", height, MAX_HEIGHT)):
            whole_number(value, f"Board {name}", minimum=3, maximum=top)
        self.width, self.height = width, height
        self.cols: list[list[str]] = [[] for _ in range(width)]
        if cols is not None:
            if isinstance(cols, str) or not isinstance(cols, Sequence) or len(cols) != width \
                    or any(isinstance(c, str) or not isinstance(c, Sequence)
                           or len(c) > height for c in cols):
                raise InvalidArgumentError(
                    f"a {width} by {height} Board has {width} columns (lists of pieces from "
                    f"the bottom up) of at most {height}, not {shown(cols)}")
            self.cols = [list(c) for c in cols]
            for col in self.cols:
                for piece in col:
                    check_piece(piece, "a piece on the Board")

    @classmethod
    def from_rows(cls, rows: Sequence[str], height: int | None = None) -> Board:
        """A Board from text rows, top row first, one character a cell, ``-`` (or ``.``)
        empty.

        Only one-letter runes can be written this way (tests and doctests).
        """
        # the size is checked first: a huge row is refused before anything is built
        if isinstance(rows, str) or not isinstance(rows, Sequence) or not rows or not all(
                isinstance(r, str) for r in rows):
            raise InvalidArgumentError(f"rows must be a list of text rows, top row first, not "
                                       f"{shown(rows)}")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise InvalidArgumentError("rows must all be as long as the Board is wide")
        whole_number(width, "the Board's width (the length of a row)", minimum=3,
                     maximum=MAX_WIDTH)
        whole_number(len(rows), "the number of rows", minimum=1, maximum=MAX_HEIGHT)
        if height is not None:
            whole_number(height, "height", minimum=len(rows), maximum=MAX_HEIGHT,
                         why="at least as many as the rows given")
        height = max(height or 6, len(rows))
        cols: list[list[str]] = [[] for _ in range(width)]
        for text in reversed(rows):
            for c, ch in enumerate(text):
                if ch not in ".-":
                    cols[c].append(ch)
        board = cls(width, height, cols)
        return board

    @classmethod
    def over(cls, width: int, height: int, cols: list[list[str]]) -> Board:
        """A Board that works on ``cols`` itself: no copy and no check (the engine's own
        Board, whose size was checked when the game was made or loaded; changing this
        Board changes those lists).

        >>> cols = [["G"], [], ["T"], []]
        >>> Board.over(4, 6, cols).drop(1, "B")
        >>> cols
        [['G'], ['B'], ['T'], []]
        """
        board = cls.__new__(cls)
        board.width, board.height, board.cols = width, height, cols
        return board

    def copy(self) -> Board:
        # a Board's own columns were checked when it was made: no need to check them again
        return Board.over(self.width, self.height, [list(c) for c in self.cols])

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Board) and other.cols == self.cols
                and other.height == self.height)

    def __repr__(self) -> str:
        return f"Board({self.width}, {self.height}, {self.cols!r})"

    def __str__(self) -> str:
        # One character a cell: the rune's letter, an Acorn's colour (r/b), * a Snowflake.
        def glyph(piece: str | None) -> str:
            if piece is None:
                return "-"
            return piece if len(piece) == 1 else "*" if piece[1] == "s" else piece[0]

        return "\n".join("".join(glyph(self.get(c, r)) for c in range(self.width))
                         for r in reversed(range(self.height)))

    def get(self, col: int, row: int) -> str | None:
        column = self.cols[col]
        return column[row] if row < len(column) else None

    def column_full(self, col: int) -> bool:
        return len(self.cols[col]) >= self.height

    def is_full(self) -> bool:
        return all(len(c) >= self.height for c in self.cols)

    def is_empty(self) -> bool:
        return not any(self.cols)

    def pieces(self) -> list[str]:
        return [p for col in self.cols for p in col]

    def count(self) -> Counter:
        return Counter(self.pieces())

    def grid(self) -> list[list[str | None]]:
        """Rows from the top down, ``None`` for an empty cell (how the Board is drawn)."""
        return [[self.get(c, r) for c in range(self.width)]
                for r in reversed(range(self.height))]

    def cells(self) -> list[tuple[int, int]]:
        """Every occupied cell, column by column."""
        return [(c, r) for c, col in enumerate(self.cols) for r in range(len(col))]

    # ---------------------------------------------------------------- changes
    def drop(self, col: int, rune: str) -> None:
        if self.column_full(col):
            raise InvalidArgumentError(f"column {chr(65 + col)} is full")
        self.cols[col].append(rune)

    def destroy_bottom_row(self) -> list[str]:
        """Remove every column's bottom rune (the rest fall one row); returns them."""
        out = [col.pop(0) for col in self.cols if col]
        return out

    def remove(self, cells: Iterable[tuple[int, int]]) -> list[str]:
        """Take the runes at ``cells`` off; what was above falls (gravity). Returns them."""
        by_col: dict[int, list[int]] = {}
        for c, r in cells:
            by_col.setdefault(c, []).append(r)
        out = []
        for c, rows in by_col.items():
            for r in sorted(set(rows), reverse=True):
                out.append(self.cols[c].pop(r))
        return out

    def swap(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        (ca, ra), (cb, rb) = a, b
        self.cols[ca][ra], self.cols[cb][rb] = self.cols[cb][rb], self.cols[ca][ra]

    def slide(self, cell: tuple[int, int], to_col: int) -> None:
        """Move a rune sideways into an empty space; it falls as far as it can."""
        c, r = cell
        rune = self.cols[c].pop(r)
        self.cols[to_col].append(rune)


def open_columns(columns: Sequence[Sequence[str]], height: int) -> list[str]:
    """The columns a rune may be dropped into: those not full; every column once the
    Board is full (the bottom row goes first, L295).

    >>> open_columns([["G"] * 6, [], ["T"], []], 6), open_columns([["G"] * 3] * 3, 3)
    (['B', 'C', 'D'], ['A', 'B', 'C'])
    """
    open_ = [COLUMN_LETTERS[c] for c, col in enumerate(columns) if len(col) < height]
    return open_ if open_ else [COLUMN_LETTERS[c] for c in range(len(columns))]


# A swap or slide decision lists its choices (some 30 cell pairs) and which they are
# depends only on the columns' heights: each shape of Board is worked out once.
@functools.cache
def swap_pairs(heights: tuple[int, ...]) -> tuple[str, ...]:
    """Every pair of adjacent runes a Swap may switch (L107), as ``'A1:A2'``, on a Board
    whose columns hold ``heights`` runes.

    >>> swap_pairs((2, 1, 0))
    ('A1:A2', 'A1:B1')
    """
    out = []
    for c, height in enumerate(heights):
        for r in range(height):
            here = cell_name(c, r)
            if r + 1 < height:
                out.append(f"{here}:{cell_name(c, r + 1)}")
            if c + 1 < len(heights) and r < heights[c + 1]:
                out.append(f"{here}:{cell_name(c + 1, r)}")
    return tuple(out)


@functools.cache
def slides(heights: tuple[int, ...]) -> tuple[str, ...]:
    """Every Slide (L108) on a Board whose columns hold ``heights`` runes: ``'B2:C2'``, a
    rune and the empty space beside it (it then falls as far as it can).

    >>> slides((2, 1, 0))
    ('A2:B2', 'B1:C1')
    """
    out = []
    for c, height in enumerate(heights):
        for r in range(height):
            for dc in (-1, 1):
                if 0 <= c + dc < len(heights) and heights[c + dc] <= r:
                    out.append(f"{cell_name(c, r)}:{cell_name(c + dc, r)}")
    return tuple(out)


# ------------------------------------------------------------------ matches
@dataclass(frozen=True)
class Match:
    """One match: like runes aligned by 3 or more (runs sharing a rune form one match).

    ``kind`` is a faction letter, or ``"acorn"`` for Acorns and Snowflakes; ``size`` is
    the number of runes in it.
    """

    kind: str
    cells: tuple[tuple[int, int], ...]
    runes: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def names(self) -> list[str]:
        return [cell_name(c, r) for c, r in self.cells]


def _runs(cells: list[tuple[int, int]], pieces: list[str | None],
          out: list[tuple[str, frozenset[tuple[int, int]]]]) -> None:
    """Append the runs of 3+ in one row or column (``None``: an empty cell)."""
    n = len(pieces)
    i = 0
    has_tiles = False
    while i < n:  # faction runes: equal letters
        p = pieces[i]
        if p is None or len(p) != 1:
            has_tiles |= p is not None
            i += 1
            continue
        j = i + 1
        while j < n and pieces[j] == p:
            j += 1
        if j - i >= 3:
            out.append((p, frozenset(cells[i:j])))
        i = j
    if not has_tiles:
        return
    for colour in COLOURS:  # Acorns of one colour, Snowflakes standing in for either
        i = 0
        while i < n:
            j = i
            while j < n and (q := pieces[j]) is not None and len(q) == 2 and (
                    q[1] == "s" or q[0] == colour and q[1] in "123"):
                j += 1
            if j - i >= 3:
                out.append(("acorn", frozenset(cells[i:j])))
            i = j + 1


def may_match_line(pieces: Sequence[str | None]) -> bool:
    """A quick look for three in a row (most lines have none): equal runes, or three
    tiles side by side (the colour rule is checked properly by :func:`_runs`).

    >>> may_match_line(["G", "G", "G"]), may_match_line(["r1", "bs", "b2"]), may_match_line("GTG")
    (True, True, False)

    Every drop looks at several lines, so this is written for speed: one pass keeping the
    two pieces before (pieces are 1 or 2 characters, so three lengths adding up to 6 are
    three tiles)."""
    a = b = None
    for c in pieces:
        if c is not None and b is not None and a is not None and (
                a == b == c or len(a) + len(b) + len(c) == 6):
            return True
        a, b = b, c
    return False


def find_matches(board: Board) -> list[Match]:
    """Every match on the Board now (3+ like runes in a row or a column).

    Acorns match Acorns of their colour, and Snowflakes act as either colour (L241).
    Runs of one kind that share a rune (L, T and cross shapes) make one match.

    >>> [m.names for m in find_matches(Board.from_rows(["G---", "GHHH", "GBTB"]))]
    [['A1', 'A2', 'A3'], ['B2', 'C2', 'D2']]
    """
    if board.__class__ is not Board:
        _board(board)
    runs: list[tuple[str, frozenset[tuple[int, int]]]] = []
    cols = board.cols
    for c, col in enumerate(cols):
        if len(col) >= 3 and may_match_line(col):
            _runs([(c, r) for r in range(len(col))], list(col), runs)
    # the rows, with None for an empty cell, in one call (quicker than cell by cell)
    for r, pieces in enumerate(itertools.zip_longest(*cols)):
        if may_match_line(pieces):
            _runs([(c, r) for c in range(board.width)], list(pieces), runs)
    if not runs:
        return []
    groups: list[tuple[str, set[tuple[int, int]]]] = []
    for kind, cells in runs:
        joined = [g for g in groups if g[0] == kind and g[1] & cells]
        merged = set(cells)
        for g in joined:
            merged |= g[1]
            groups.remove(g)
        groups.append((kind, merged))
    out = []
    for kind, group in groups:
        ordered = tuple(sorted(group))
        out.append(Match(kind, ordered, tuple(cols[c][r] for c, r in ordered)))
    out.sort(key=lambda m: (m.cells[0], m.kind))
    return out


def _board(board: object) -> Board:
    if not isinstance(board, Board):
        raise InvalidArgumentError(f"board must be a Board (matching.Board), not "
                                   f"{type(board).__name__}")
    return board


def cells_by_definition(board: Board) -> set[tuple[int, int]]:
    """The cells in matches, found the slow, obvious way: every straight line of 3 or more
    cells whose pieces are pairwise alike. It states the rule plainly, so tests check
    :func:`find_matches` against it and the benchmark measures what the fast one saves.

    >>> sorted(cells_by_definition(Board(4, 6, [["b1"], ["bs"], ["b2"], ["r1"]])))
    [(0, 0), (1, 0), (2, 0)]
    """
    grid = {(c, r): p for c, col in enumerate(board.cols) for r, p in enumerate(col)}

    def like(a: str, b: str) -> bool:
        if len(a) == 1 or len(b) == 1:
            return a == b
        return "s" in (a[1], b[1]) or a[0] == b[0]

    out: set[tuple[int, int]] = set()
    for c, r in grid:
        for dc, dr in ((1, 0), (0, 1)):
            for length in range(3, max(board.width, board.height) + 1):
                cells = [(c + dc * i, r + dr * i) for i in range(length)]
                if not all(x in grid for x in cells):
                    break
                pieces = [grid[x] for x in cells]
                if all(like(a, b) for a in pieces for b in pieces):
                    out.update(cells)
    return out


# ------------------------------------------------------------------ cascades
@dataclass
class CascadeResult:
    """Everything one cascade did, in order.

    ``collected`` ally runes (to the acting team's supply), ``discarded`` runes (to the
    Rune Discard Pile: enemy matches, ally Acorns, a destroyed bottom row), ``scored``
    enemy Acorns (to the Collection), ``snowflakes`` (to the snowflake spaces);
    ``exalted`` is the exalted faction afterwards (``exalt_changes`` each change);
    ``legendary`` how many legendary Quarrels to draw; ``steps`` one dict per round:
    the matches, then the new lines dropped. ``ended``: the fourth Snowflake was
    matched; ``starved``: a rune was needed and ``draw`` had none; ``capped``: the
    cascade reached :data:`MAX_CASCADE_STEPS` rounds and drew no more new lines after
    them (the engine never gets there).
    """

    exalted: str | None = None
    collected: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    scored: list[str] = field(default_factory=list)
    snowflakes: list[str] = field(default_factory=list)
    exalt_changes: list[tuple[str | None, str | None]] = field(default_factory=list)
    legendary: int = 0
    matches: list[Match] = field(default_factory=list)
    steps: list[dict] = field(default_factory=list)
    ended: bool = False
    starved: bool = False
    capped: bool = False
    board: Board | None = None

    @property
    def points(self) -> int:
        return sum(acorn_points(t) for t in self.scored)


@dataclass(frozen=True)
class MatchRules:
    """Who is matching: the acting team's two factions and colour, and the game so far."""

    ally_factions: str
    colour: str
    snowflakes_before: int = 0
    exalted: str | None = None


def drop_line(board: Board, draw: Callable[[], str | None]) -> tuple[list[str | None], bool]:
    """Drop a new line: a rune over each column that is not full, left to right (L98).

    Returns the runes by column (``None`` over a full column) and whether ``draw`` ran
    out of runes.
    """
    line: list[str | None] = [None] * board.width
    starved = False
    for c in range(board.width):
        if not board.column_full(c):
            rune = draw()
            if rune is None:
                starved = True
                break
            line[c] = rune
    for c, rune in enumerate(line):  # the revealed runes drop simultaneously
        if rune is not None:
            board.cols[c].append(rune)
    return line, starved


def _process(match: Match, rules: MatchRules, result: CascadeResult) -> int:
    """Apply one match's effect; returns how many new lines it asks for."""
    if match.kind == "acorn":
        for tile in match.runes:
            if is_snowflake(tile):
                result.snowflakes.append(tile)
            elif tile[0] == rules.colour:
                result.discarded.append(tile)  # ally Acorns are discarded (L244)
            else:
                result.scored.append(tile)
        return 0
    ally = match.kind in rules.ally_factions
    before = result.exalted
    if match.size >= 4:
        if ally:
            result.exalted = match.kind  # exalt, change or steal (L299-301)
        elif match.kind == result.exalted:
            result.exalted = None  # an opponent removes it
    if result.exalted != before:
        result.exalt_changes.append((before, result.exalted))
    if match.size >= 5:
        result.legendary += 1
    if ally:
        result.collected.extend(match.runes)
        return 0
    result.discarded.extend(match.runes)
    return 1


def may_match_at(board: Board, cells: Iterable[tuple[int, int]]) -> bool:
    """Whether a row or column through ``cells`` may hold a match (see :func:`may_match_line`);
    each line is looked at once. False says for sure that no line through them matches.

    >>> board = Board.from_rows(["G---", "GBT-"])
    >>> may_match_at(board, [(0, 1)]), may_match_at(board, [(1, 0)])
    (False, False)
    >>> board.drop(0, "G")
    >>> may_match_at(board, [(0, 2)])
    True
    """
    cols = board.cols
    columns_seen: set[int] = set()
    rows_seen: set[int] = set()
    for c, r in cells:
        if c not in columns_seen:
            columns_seen.add(c)
            if may_match_line(cols[c]):
                return True
        if r not in rows_seen:
            rows_seen.add(r)
            if may_match_line([col[r] if r < len(col) else None for col in cols]):
                return True
    return False


def _fallen(board: Board, cells: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells whose rune changed when ``cells`` were just removed: in each column, from
    the lowest removed one up (what was above fell). An emptied cell cannot make a match."""
    lowest: dict[int, int] = {}
    for c, r in cells:
        if r < lowest.get(c, r + 1):
            lowest[c] = r
    return [(c, r) for c, low in lowest.items() for r in range(low, len(board.cols[c]))]


def line_cells(board: Board, line: Sequence[str | None]) -> list[tuple[int, int]]:
    """The cells a new line (just dropped, see :func:`drop_line`) filled."""
    return [(c, len(board.cols[c]) - 1) for c, rune in enumerate(line) if rune is not None]


def resolve(board: Board, rules: MatchRules, draw: Callable[[], str | None],
            result: CascadeResult | None = None,
            report: Callable[[str, Any], None] | None = None,
            changed: Iterable[tuple[int, int]] | None = None) -> CascadeResult:
    """Resolve every match on ``board`` (changed in place) to the end of the cascade.

    Each round: find the matches, remove them together, apply gravity, process them
    (L86-90), then drop one new line per enemy match; an empty Board gets a new line
    (L291). Stops at once when the fourth Snowflake is matched. After
    :data:`MAX_CASCADE_STEPS` rounds (a guard the engine never reaches) no more new lines
    are drawn, but the matches left are still resolved: a cascade never ends with a match
    on the Board. ``report`` (if given)
    hears ``("matches", [step's matches])`` and ``("line", runes by column)`` as they
    happen, so a log can tell them in order. ``changed``: the cells a move changed on a
    Board that held no match before it (only their rows and columns are looked at first).
    """
    if result is None:
        result = CascadeResult(exalted=rules.exalted)
    tell = report or (lambda kind, what: None)
    rounds = 0
    while True:
        rounds += 1
        if rounds > MAX_CASCADE_STEPS and not result.capped:
            # without new runes every round removes 3 or more pieces: the loop ends
            result.capped = True
            draw = _nothing
        if changed is not None and not may_match_at(board, changed):
            matches = []
        else:
            matches = find_matches(board)
        changed = None
        if not matches:
            if board.is_empty():
                line, starved = drop_line(board, draw)
                result.starved |= starved
                result.steps.append({"matches": [], "lines": [line]})
                tell("line", line)
                if any(r is not None for r in line):
                    continue
            break
        cells = {cell for m in matches for cell in m.cells}
        board.remove(cells)
        # Matches were looked for on the whole Board, and every one found is now removed,
        # so the next round needs to look only along the lines through what fell and what
        # the new lines bring (it looks at the whole Board again if one of those may match).
        changed = _fallen(board, cells)
        lines_needed = 0
        for m in matches:
            # A rune in two matches of different kinds cannot happen (a cell has one kind);
            # one shared by a red and a blue Acorn run is one acorn match already.
            lines_needed += _process(m, rules, result)
        result.matches.extend(matches)
        step: dict = {"matches": [{"kind": m.kind, "cells": m.names, "runes": list(m.runes)}
                                  for m in matches], "lines": []}
        result.steps.append(step)
        tell("matches", step["matches"])
        if rules.snowflakes_before + len(result.snowflakes) >= SNOWFLAKES_TO_END:
            result.ended = True
            break
        for _ in range(lines_needed):
            line, starved = drop_line(board, draw)
            changed += line_cells(board, line)
            step["lines"].append(line)
            tell("line", line)
            if starved:
                result.starved = True
                break
    return result


def _nothing() -> None:
    """A ``draw`` with no runes left (the cascade guard's)."""
    return None


def play_onto(board: Board, move: tuple[str, ...],
              result: CascadeResult) -> list[tuple[int, int]] | None:
    """Apply one player move to ``board``: ``("drop", COL, RUNE)``, ``("swap", CELL,
    CELL)``, ``("slide", CELL, COL)``, ``("destroy", CELL)`` or ``("line",)`` (the new
    line itself is drawn by the caller's ``draw``). A drop onto a full Board first
    destroys the bottom row (L80, L295). Returns the cells changed when they are few
    (a drop, a swap), else None (the whole Board is looked at)."""
    kind = move[0]
    if kind == "drop":
        col = ord(move[1]) - 65
        if board.is_full():
            result.discarded.extend(board.destroy_bottom_row())
            board.drop(col, move[2])
            return None
        board.drop(col, move[2])
        return [(col, len(board.cols[col]) - 1)]
    if kind == "swap":
        a = parse_cell(move[1], board.width, board.height)
        b = parse_cell(move[2], board.width, board.height)
        board.swap(a, b)
        return [a, b]
    elif kind == "slide":
        board.slide(parse_cell(move[1], board.width, board.height), ord(move[2]) - 65)
    elif kind == "destroy":
        result.discarded.extend(board.remove([parse_cell(move[1], board.width, board.height)]))
    elif kind == "line":
        if board.is_full():
            result.discarded.extend(board.destroy_bottom_row())
    else:
        raise InvalidArgumentError(f"unknown Board move {kind!r}")
    return None


def check_move(move: object, board: Board) -> tuple[str, ...]:
    """``move`` as a tuple if it is a Board move that can be made on ``board`` now
    (see :func:`play_onto`); else InvalidArgumentError saying why.

    >>> board = Board.from_rows(["G---", "GT--"])
    >>> check_move(("drop", "B", "G"), board)
    ('drop', 'B', 'G')
    >>> check_move(("drop", "@", "G"), board)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: drop: no column '@' on a Board 4 \
wide (A to D)
    """
    shapes = {"drop": ("drop COLUMN RUNE", 3), "swap": ("swap CELL CELL", 3),
              "slide": ("slide CELL COLUMN", 3), "destroy": ("destroy CELL", 2),
              "line": ("line", 1)}
    if isinstance(move, str) or not isinstance(move, (tuple, list)) or not move \
            or not all(isinstance(part, str) for part in move):
        raise InvalidArgumentError(f"move must be a tuple of text such as ('drop', 'A', 'G'), "
                                   f"not {shown(move)}")
    kind = move[0]
    if kind not in shapes:
        raise InvalidArgumentError(f"unknown Board move {kind!r}: drop, swap, slide, destroy "
                                   "or line")
    words, size = shapes[kind]
    if len(move) != size:
        raise InvalidArgumentError(f"{kind}: the move is ({', '.join(words.split())}), not "
                                   f"{shown(tuple(move))}")
    width, height = board.width, board.height
    last = COLUMN_LETTERS[width - 1]

    def column(name: str) -> int:
        if len(name) != 1 or not 0 <= ord(name) - 65 < width:
            raise InvalidArgumentError(f"{kind}: no column {name!r} on a Board {width} wide "
                                       f"(A to {last})")
        return ord(name) - 65

    if kind == "drop":
        col = column(move[1])
        check_piece(move[2], "drop: the rune")
        if board.column_full(col) and not board.is_full():
            raise InvalidArgumentError(f"drop: column {move[1]} is full")
    elif kind == "swap":
        a, b = (parse_cell(c, width, height) for c in move[1:3])
        if board.get(*a) is None or board.get(*b) is None or \
                abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise InvalidArgumentError(f"swap: {move[1]} and {move[2]} must be two runes "
                                       "side by side or one above the other (L107)")
    elif kind == "slide":
        a = parse_cell(move[1], width, height)
        to = column(move[2])
        if board.get(*a) is None or abs(to - a[0]) != 1 or len(board.cols[to]) > a[1]:
            raise InvalidArgumentError(f"slide: the rune at {move[1]} must move sideways "
                                       "into an empty space beside it (L108)")
    elif kind == "destroy":
        if board.get(*parse_cell(move[1], width, height)) is None:
            raise InvalidArgumentError(f"destroy: there is no rune at {move[1]}")
    return tuple(move)


def cascade(board: Board, ally_factions: str, colour: str,
            moves: Sequence[tuple[str, ...]] = (), new_runes: Iterable[str] = (),
            snowflakes_before: int = 0, exalted: str | None = None) -> CascadeResult:
    """What ``moves`` do to a copy of ``board`` when new lines bring ``new_runes`` in order.

    The deterministic core the engine uses, callable on any position: ``ally_factions``
    are the acting team's two faction letters, ``colour`` its Acorn colour (``"r"`` or
    ``"b"``). If ``new_runes`` runs out while a line is being dropped the result says
    ``starved`` (analysis then branches on the possible draws). The board passed in is
    not changed; the final Board is ``result.board``.

    >>> b = Board.from_rows(["B---", "BHT-", "GBGT"])
    >>> r = cascade(b, "GT", "r", [("drop", "A", "B")], new_runes="GGTT")
    >>> r.discarded, r.steps[0]["lines"]
    (['B', 'B', 'B'], [['G', 'G', 'T', 'T']])
    >>> print(r.board)
    ----
    ----
    ----
    -GT-
    GHTT
    GBGT
    """
    _board(board)
    if isinstance(moves, str) or not isinstance(moves, Sequence):
        raise InvalidArgumentError(f"moves must be a list of Board moves, not {shown(moves)}")
    if len(moves) > 64:
        raise InvalidArgumentError(f"moves: at most 64 Board moves a cascade, not {len(moves)}")
    if not isinstance(ally_factions, str) or len(set(ally_factions)) != 2 or \
            len(ally_factions) != 2 or any(c not in RUNE_LETTERS for c in ally_factions):
        raise InvalidArgumentError(f"ally_factions must be two faction letters such as 'GT', "
                                   f"not {shown(ally_factions)}")
    one_of(colour, "colour", tuple(COLOURS))
    whole_number(snowflakes_before, "snowflakes_before", minimum=0,
                 maximum=SNOWFLAKES_TO_END - 1, why="matched before these moves")
    if exalted is not None:
        one_of(exalted, "exalted", tuple(RUNE_LETTERS))
    if isinstance(new_runes, str) and len(new_runes) > 0 and not new_runes.isupper():
        raise InvalidArgumentError("new_runes: a text of rune letters ('GGTT'), or a list of "
                                   f"pieces, not {shown(new_runes)}")
    try:
        source = iter(new_runes)
    except TypeError:
        raise InvalidArgumentError(f"new_runes must be runes to draw in order, not "
                                   f"{shown(new_runes)}") from None
    runes = itertools.islice(source, 10_000)  # drawn only as lines need them

    def draw() -> str | None:
        rune = next(runes, None)
        return None if rune is None else check_piece(rune, "new_runes: a rune")

    rules = MatchRules(ally_factions, colour, snowflakes_before, exalted)
    result = CascadeResult(exalted=exalted)
    work = board.copy()
    for col in work.cols:  # (a Board made with Board.over is not checked when made)
        for piece in col:
            check_piece(piece, "a piece on the Board")
    clean = not find_matches(work)  # a Board given with a match on it is scanned whole
    for move in moves:
        move = check_move(move, work)
        changed = play_onto(work, move, result)
        if move[0] == "line":
            line, starved = drop_line(work, draw)
            result.steps.append({"matches": [], "lines": [line]})
            result.starved |= starved
        resolve(work, rules, draw, result, changed=changed if clean else None)
        clean = True
        if result.ended:
            break
    result.board = work
    return result
