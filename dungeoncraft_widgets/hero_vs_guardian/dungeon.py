"""The rulebook's facts about the Dungeon: its geometry and the game's numbers.

Locations are ``A1``..``D4``: columns A-D west to east, rows 1-4 north to south; the Hero
moves only between orthogonal neighbours ("not diagonally"). Pure functions of plain data:
the engine, the analysis and the apps all ask :func:`targetable` and :func:`neighbours`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.checks import shown
from ..core.errors import InvalidArgumentError

PLAYER_COUNTS = (2, 3, 4)
#: A bound on the actions of one game: the Guardian ends the game by drawing from an empty
#: Dungeon deck, which random play reaches within a few thousand actions.
MAX_ACTIONS = 20_000
COLUMNS = "ABCD"
ROWS = "1234"
LOCATIONS: tuple[str, ...] = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)
SIDES = ("north", "south", "west", "east")
OPPOSITE = {"north": "south", "south": "north", "west": "east", "east": "west"}
TARGET = {"scout": 5, "venture": 6, "retreat": 4}
COST = {"scout": 2, "venture": 3}
HERO_STONES = {2: 6, 3: 7, 4: 7}
GUARDIAN_STONES = 2
CARRY_OVER = 1
ORDER_TOKENS = 4
LEVEL_TOKENS = 4
MAP_TOKENS = 16
MAX_ITEMS = 2
MAX_ROOMS = 2
OPENING_DRAW = 5  # the Guardian draws 5 Dungeon cards at set-up...
OPENING_KEEP = 2  # ...and keeps 2
START_ROOMS = 16  # the yellow-bordered rooms of the 4 by 4 grid, the Vault among them
START_ADVENTURERS = 3
START_TREASURE = 2
FACE_UP = 3  # cards face up in the Tavern and in the Market
HIDDEN = "?"  # a card a view may not see


# ------------------------------------------------------------------ geometry
def _col(loc: str) -> int:
    return COLUMNS.index(loc[0])


def _row(loc: str) -> int:
    return ROWS.index(loc[1])


def neighbours(loc: str) -> list[str]:
    """The locations orthogonally next to ``loc`` (never diagonal).

    >>> neighbours("A1")
    ['B1', 'A2']
    """
    return list(NEIGHBOURS[loc])


def _neighbours(loc: str) -> tuple[str, ...]:
    c, r = _col(loc), _row(loc)
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        if 0 <= c + dc < 4 and 0 <= r + dr < 4:
            out.append(f"{COLUMNS[c + dc]}{ROWS[r + dr]}")
    return tuple(sorted(out, key=LOCATIONS.index))


#: Each location's orthogonal neighbours, in reading order (computed once: the engine asks
#: often).
NEIGHBOURS: dict[str, tuple[str, ...]] = {loc: _neighbours(loc) for loc in LOCATIONS}


def side_locations(side: str) -> tuple[str, ...]:
    """The four locations along one outside edge.

    >>> side_locations("west")
    ('A1', 'A2', 'A3', 'A4')
    """
    if side == "north":
        return tuple(f"{c}1" for c in COLUMNS)
    if side == "south":
        return tuple(f"{c}4" for c in COLUMNS)
    if side == "west":
        return tuple(f"A{r}" for r in ROWS)
    if side == "east":
        return tuple(f"D{r}" for r in ROWS)
    raise InvalidArgumentError(f"side must be one of {', '.join(SIDES)}, not {shown(side)}")


def check_location(loc: object, what: str = "location") -> str:
    """``loc`` if it names a location A1-D4, else InvalidArgumentError.

    >>> check_location("C3")
    'C3'
    """
    if not isinstance(loc, str) or loc not in LOCATIONS:
        raise InvalidArgumentError(f"{what} must be one of A1-D4 (columns A-D, rows 1-4), "
                                   f"not {shown(loc)}")
    return loc


def targetable(entries: Sequence[str], mapped: Sequence[str] | set[str]) -> set[str]:
    """Locations the Hero may Scout or Venture, given the Entry locations and the Mapped ones:
    not Mapped, and an Entry or next to a Mapped location joined to an Entry through Mapped
    locations (``graph.targetable_locations`` asks the same of a position, with networkx).

    >>> sorted(targetable(["A1", "D1"], {"A1"}))
    ['A2', 'B1', 'D1']
    """
    return set(_targetable(tuple(entries), frozenset(mapped)))


@lru_cache(maxsize=4096)
def _targetable(entries: tuple[str, ...], mapped: frozenset[str]) -> frozenset[str]:
    seen: set[str] = set()
    frontier = [e for e in entries if e in mapped]
    seen.update(frontier)
    while frontier:
        loc = frontier.pop()
        for n in NEIGHBOURS[loc]:
            if n in mapped and n not in seen:
                seen.add(n)
                frontier.append(n)
    out = {e for e in entries if e not in mapped}
    for loc in seen:
        out.update(n for n in NEIGHBOURS[loc] if n not in mapped)
    return frozenset(out)


def half_rounded_up(n: int) -> int:
    """Half of ``n``, rounded up: what a removed room scores, how many locations a Rebuild
    may lift.

    >>> half_rounded_up(5), half_rounded_up(4)
    (3, 2)
    """
    return (n + 1) // 2
