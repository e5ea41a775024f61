"""How the adventurers and the water sprite move: the rulebook's movement rules as pure
functions of plain data (a board as ``field -> item code``, a set of occupied fields, the
sprite's field), asked alike by the engine, the movement graph and the odds.

An adventurer moves in a straight line south or east, from its field or its start lane,
as far as wanted: it may pass adventurers and items but never a fog creature or the water
sprite; it may end on a fog creature (a battle: the line's last field) or an item, never on
another adventurer or the sprite.

>>> RAYS["row:3"][0][:3], RAYS["J10"]
(('A3', 'B3', 'C3'), (('K10',),))
>>> move_ends("row:3", {"D3": "F12"}, None, ())
['A3', 'B3', 'C3', 'D3']
>>> move_ends("E2", {}, "E6", {"E3"})
['E4', 'E5', 'F2', 'G2', 'H2', 'I2', 'J2', 'K2']
>>> sprite_passes(("A7", "B7", "B8", "C8"), "A7", "C8")
['B7', 'B8', 'C8']
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from .data import COLUMNS, FIELDS, ROWS, column_of, row_of

__all__ = ["RAYS", "line_open", "move_ends", "sprite_passes"]


def _ray(start_col: int, start_row: int, dcol: int, drow: int) -> tuple[str, ...]:
    out, c, r = [], start_col, start_row
    while 0 <= c < len(COLUMNS) and 1 <= r <= ROWS:
        out.append(f"{COLUMNS[c]}{r}")
        c, r = c + dcol, r + drow
    return tuple(out)


#: For each origin (field or lane), its straight lines in order: fields further south,
#: fields further east (a lane has one line, entering the board).
RAYS: dict[str, tuple[tuple[str, ...], ...]] = {}
for _f in FIELDS:
    _c, _r = column_of(_f), row_of(_f)
    RAYS[_f] = tuple(r for r in (_ray(_c, _r + 1, 0, 1), _ray(_c + 1, _r, 1, 0)) if r)
for _i in range(1, 6):
    RAYS[f"row:{_i}"] = (_ray(0, _i, 1, 0),)
for _i, _letter in enumerate(COLUMNS[:5]):
    RAYS[f"col:{_letter}"] = (_ray(_i, 1, 0, 1),)


def move_ends(origin: str, board: Mapping[str, str], sprite: str | None,
              occupied: Container[str]) -> list[str]:
    """The fields one straight move from ``origin`` can end on, line by line: ``board``
    maps fields to item codes (a fog creature, ``"F..."``, ends its line), ``sprite`` is
    the water sprite's field (it blocks the line), ``occupied`` the fields with an
    adventurer (passed, never ended on).

    >>> move_ends("I9", {}, None, {"J9"})
    ['I10', 'K9']
    """
    out = []
    for ray in RAYS[origin]:
        for f in ray:
            if f == sprite:
                break
            if f not in occupied:
                out.append(f)
            item = board.get(f)
            if item is not None and item[0] == "F":
                break
    return out


def line_open(ray: Sequence[str], occupied: Container[str], sprite: str | None) -> bool:
    """Whether a straight line has a field to end a move on: one not ``occupied`` before
    the water sprite (any item, even a fog creature, is a place to stop).

    >>> line_open(("E3", "E4"), {"E3"}, None), line_open(("E3", "E4"), {"E3"}, "E4")
    (True, False)
    """
    for f in ray:
        if f == sprite:
            return False
        if f not in occupied:
            return True
    return False


def sprite_passes(river: Sequence[str], start: str | None, end: str) -> list[str]:
    """The river fields (``river`` in order) the water sprite passes going from ``start``
    (None: not on the board yet) to new gold on ``end``: ``end`` included, ``start`` not;
    ``[end]`` when the sprite first appears (the field it appears on counts as passed).

    >>> sprite_passes(("A7", "B7", "B8", "C8"), "C8", "A7"), sprite_passes(("A7",), None, "A7")
    (['B8', 'B7', 'A7'], ['A7'])
    """
    if start is None:
        return [end]
    a, b = river.index(start), river.index(end)
    # The fields after the sprite's one, up to and including the new gold's.
    return list(river[a + 1: b + 1]) if b > a else list(reversed(river[b:a]))
