"""The Battlefield: its spaces (geometry, :class:`Field`) and the rulebook's questions about
minions and tiles on it, as pure functions of plain data (the position's ``minions``,
``tiles`` and ``heroes`` dicts, as a game holds them): where a minion may move
(:func:`destinations`, with special movement), where it may be summoned, where a tile may
be set, which tiles a minion meets, what revealing one does, where Judo dodges and who may
pass an Acorn. The engine asks them of its position, and the graph, the bots and the app
of any position, a hypothetical one included.

Spaces are named like ``b3``: the column letter (``a`` is the west, Red's left) and the
row from Red's edge (1) to Blue's (5). The stump in the middle is no space. A canopy
space is named after the ground space beneath it with a caret: ``^b3`` is the canopy
above ``b3``. Adjacent always means orthogonally adjacent (L327); a canopy space is
joined only to the ground space beneath it (L174).

>>> from dungeoncraft_widgets.alderquest.data import load_boards
>>> field = Field(load_boards())
>>> len(field.ground), field.canopy
(24, ('^b3', '^c2', '^c4', '^d3'))
>>> field.adjacent("b3"), field.normal_moves("b3")
(['b2', 'a3', 'b4'], ['b2', 'a3', 'b4', '^b3'])
>>> field.flights("b3"), field.sneaks("a1")
(['b1', 'd3', 'b5'], ['b2'])
>>> field.front(0, "c"), field.front(1, "c")
('c1', 'c5')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # named for types only: data.py imports effects.py, which imports this
    from .data import Boards

#: A position's minions (id -> team, space, upgraded, exhausted, acorn, judo, stunned),
#: tiles (space -> [code, face up] bottom to top) and Heroes (id -> team, slot, column).
Minions = Mapping[str, Mapping[str, Any]]
Tiles = Mapping[str, list[list[Any]]]
Heroes = Mapping[str, Mapping[str, Any]]

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))  # north, south, east, west
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


class Field:
    """The Battlefield's geometry, built from the boards data."""

    def __init__(self, boards: Boards) -> None:
        self.columns = "abcdefghi"[:boards.field_columns]
        self.rows = boards.field_rows
        self.stump = boards.stump
        self.ground: tuple[str, ...] = tuple(
            f"{c}{r}" for r in range(1, self.rows + 1) for c in self.columns
            if f"{c}{r}" != boards.stump)
        self.canopy: tuple[str, ...] = tuple(f"^{s}" for s in boards.canopy)
        self._ground_set = frozenset(self.ground)
        self._canopy_set = frozenset(self.canopy)
        # Every question below is asked thousands of times a game (legal actions list each
        # minion's moves), so each answer is worked out once here. The lists handed out are
        # shared: callers must not change them.
        self._adjacent = {s: self._around(s, DIRECTIONS) for s in self.ground}
        self._diagonal = {s: self._around(s, DIAGONALS) for s in self.ground}
        self._surrounding = {s: self._around(s, DIRECTIONS + DIAGONALS) for s in self.ground}
        self._normal = {s: self._adjacent[s] + ([f"^{s}"] if f"^{s}" in self._canopy_set
                                                else []) for s in self.ground}
        self._normal.update({c: [self.below(c)] for c in self.canopy})
        self._flights = {s: self._flights_from(s) for s in self.ground}
        self._rays = {s: [self._ray_from(s, d) for d in DIRECTIONS] for s in self.ground}
        self._rows = {s: int(s[1:]) for s in self.ground}

    def _xy(self, space: str) -> tuple[int, int]:
        return self.columns.index(space[0]), int(space[1:]) - 1

    def _at(self, x: int, y: int) -> str | None:
        if 0 <= x < len(self.columns) and 0 <= y < self.rows:
            name = f"{self.columns[x]}{y + 1}"
            return name if name in self._ground_set else None
        return None

    def _around(self, space: str, steps: tuple[tuple[int, int], ...]) -> list[str]:
        x, y = self._xy(space)
        found = [self._at(x + dx, y + dy) for dx, dy in steps]
        return sorted((s for s in found if s), key=self.ground.index)

    # ---------------------------------------------------------------- questions
    def is_ground(self, space: str) -> bool:
        return space in self._ground_set

    def is_canopy(self, space: str) -> bool:
        return space in self._canopy_set

    def below(self, canopy: str) -> str:
        """The ground space under a canopy space (``'^b3'`` -> ``'b3'``)."""
        return canopy[1:]

    def canopy_above(self, space: str) -> str | None:
        up = f"^{space}"
        return up if up in self._canopy_set else None

    def adjacent(self, space: str) -> list[str]:
        """Orthogonally adjacent ground spaces (the stump is not a space)."""
        if self.is_canopy(space):
            return [self.below(space)]
        return self._adjacent[space]

    def surrounding(self, space: str) -> list[str]:
        """The (up to 8) ground spaces around a ground space, diagonals included."""
        return self._surrounding[self.below(space) if self.is_canopy(space) else space]

    def normal_moves(self, space: str) -> list[str]:
        """Where a normal move goes: an adjacent ground space, or into the canopy above
        (only from directly beneath); out of the canopy only downwards (L174)."""
        return self._normal[space]

    def sneaks(self, space: str) -> list[str]:
        """Sneak: a diagonally adjacent ground space (never into or out of the canopy)."""
        return [] if self.is_canopy(space) else self._diagonal[space]

    def flights(self, space: str) -> list[str]:
        """Flight: two spaces in one direction, over whatever lies between (the stump too)."""
        return [] if self.is_canopy(space) else self._flights[space]

    def _flights_from(self, space: str) -> list[str]:
        x, y = self._xy(space)
        found = (self._at(x + 2 * dx, y + 2 * dy) for dx, dy in DIRECTIONS)
        return sorted((s for s in found if s), key=self.ground.index)

    def ray(self, space: str, direction: tuple[int, int]) -> list[str]:
        """The ground spaces from ``space`` (excluded) straight on until the edge or the
        stump (what a Charge passes over)."""
        return self._rays[space][DIRECTIONS.index(direction)]

    def rays(self, space: str) -> list[list[str]]:
        """:meth:`ray` in each of the :data:`DIRECTIONS`, in that order."""
        return self._rays[space]

    def _ray_from(self, space: str, direction: tuple[int, int]) -> list[str]:
        x, y = self._xy(space)
        out = []
        while True:
            x, y = x + direction[0], y + direction[1]
            nxt = self._at(x, y)
            if nxt is None:
                return out
            out.append(nxt)

    def row(self, space: str) -> int:
        """A ground space's row (1 at Red's edge); 0 for a canopy space (on no row)."""
        return self._rows.get(space, 0)

    def front(self, team: int, column: str) -> str:
        """The space in front of a Hero of ``team`` standing at ``column`` (Red: row 1)."""
        return f"{column}{1 if team == 0 else self.rows}"

    def edge_row(self, team: int) -> int:
        """The row of the outer spaces in front of ``team``'s Heroes."""
        return 1 if team == 0 else self.rows

    def distance(self, a: str, b: str) -> int:
        """Steps between two spaces, ignoring what is in the way (bots use it)."""
        if self.is_canopy(a):
            return 1 + self.distance(self.below(a), b)
        if self.is_canopy(b):
            return 1 + self.distance(a, self.below(b))
        (ax, ay), (bx, by) = self._xy(a), self._xy(b)
        return abs(ax - bx) + abs(ay - by)


# ------------------------------------------------------------------ the rules
SPECIAL = ("sneak", "flight", "charge")  # the special moves (Judo and Speed are not moves)


def minion_at(minions: Minions, space: str) -> str | None:
    """The minion on ``space`` (ground or canopy), if any.

    >>> minion_at({"T01": {"space": "b2"}}, "b2"), minion_at({"T01": {"space": "b2"}}, "b3")
    ('T01', None)
    """
    for mid, m in minions.items():
        if m["space"] == space:
            return mid
    return None


def occupancy(minions: Minions) -> dict[str, str]:
    """Space -> the minion on it (one minion a space, L186).

    >>> occupancy({"T01": {"space": "b2"}, "G01": {"space": None}})
    {'b2': 'T01'}
    """
    return {m["space"]: mid for mid, m in minions.items() if m["space"] is not None}


def movement(card: Mapping[str, Any], minion: Mapping[str, Any]) -> str | None:
    """A minion's special movement (``card``: its card; the upgraded side only), or None.

    >>> movement({"movement": "sneak"}, {"upgraded": True}), movement({"movement": "sneak"},
    ...                                                                {"upgraded": False})
    ('sneak', None)
    """
    return card["movement"] if minion["upgraded"] else None


def moves_per_activation(kind: str | None) -> int:
    """Two consecutive moves an activation (L132), three with Speed.

    >>> moves_per_activation(None), moves_per_activation("speed")
    (2, 3)
    """
    return 3 if kind == "speed" else 2


def enemy_tiles(tiles: Tiles, team: int, space: str, face_up: bool) -> list[int]:
    """Indexes (bottom to top) of ``team``'s enemy's tiles on ``space``, face up or down.

    >>> enemy_tiles({"b2": [["b1", False], ["r2", False], ["bt", True]]}, 0, "b2", False)
    [0]
    """
    enemy = "rb"[1 - team]
    return [i for i, (code, up) in enumerate(tiles.get(space, ()))
            if code[0] == enemy and bool(up) == face_up]


def enemy_acorns_face_up(tiles: Tiles, team: int, space: str) -> list[str]:
    """The face-up enemy Acorns on ``space``, which a ``team`` minion may pick up (L164).

    >>> enemy_acorns_face_up({"b2": [["b1", True], ["b2", False], ["r3", True]]}, 0, "b2")
    ['b1']
    """
    enemy = "rb"[1 - team]
    return [code for code, up in tiles.get(space, ()) if up and code[0] == enemy
            and code[1] in "123"]


def revealed_tile(code: str) -> str:
    """What revealing an enemy tile does (L162-166): an ``'acorn'`` turns face up where it
    lies, a ``'trap'`` lets its owner destroy the minion or fire a Trap, a
    ``'snowflake'`` goes to the Rune Discard Pile and upgrades the minion.

    >>> revealed_tile("b2"), revealed_tile("bt"), revealed_tile("bs")
    ('acorn', 'trap', 'snowflake')
    """
    kind = code[1]
    return "acorn" if kind in "123" else "trap" if kind == "t" else "snowflake"


def destinations(field: Field, minions: Minions, heroes: Heroes, space: str, team: int,
                 kind: str | None, special_ok: bool,
                 occupied: Mapping[str, str]) -> dict[str, str]:
    """Where a ``team`` minion on ``space`` may move next: destination -> kind of move
    (``normal``, ``confront``, ``sneak``, ``flight``, ``charge``). ``kind``: its special
    movement (:func:`movement`); ``special_ok``: its activation has not used its special
    move yet; ``occupied``: :func:`occupancy` of the position (the minion itself may be
    left out, or may stand elsewhere: any position can be asked about).

    A normal move goes to an adjacent space or up into the canopy from directly below
    (and down again, L174), never onto an ally; from the outer row in front of an enemy
    Hero it may confront it (L150). Sneak goes diagonally, Flight two spaces on over
    anything, Charge straight on to the first minion, which must be an enemy two or more
    spaces away; none of them enters or leaves the canopy.

    >>> from dungeoncraft_widgets.alderquest.data import load_boards
    >>> field = Field(load_boards())
    >>> minions = {"T01": {"team": 0, "space": "a3"}, "H01": {"team": 1, "space": "a5"}}
    >>> destinations(field, minions, {}, "a3", 0, "charge", True, occupancy(minions))
    {'a2': 'normal', 'b3': 'normal', 'a4': 'normal', 'a5': 'charge'}
    """
    # (asked for every ready minion at every step of the engine: written for speed)
    out: dict[str, str] = {}
    for s in field.normal_moves(space):
        other = occupied.get(s)
        if other is None or minions[other]["team"] != team:
            out[s] = "normal"
    if field.row(space) == field.edge_row(1 - team):
        for hero, h in heroes.items():
            if h["team"] != team and h["column"] == space[0]:
                out[hero] = "confront"
    if not special_ok or kind not in SPECIAL:
        return out
    if kind == "sneak":
        candidates = field.sneaks(space)
    elif kind == "flight":
        candidates = field.flights(space)
    else:
        candidates = []
        if not field.is_canopy(space):
            for path in field.rays(space):
                hit = next((i for i, s in enumerate(path) if s in occupied), None)
                # a Charge must end in a squabble with an enemy minion; one space is a
                # normal move, so a Charge covers two or more
                if hit is not None and hit >= 1 and \
                        minions[occupied[path[hit]]]["team"] != team:
                    candidates.append(path[hit])
    for s in candidates:
        other = occupied.get(s)
        if (other is None or minions[other]["team"] != team) and s not in out:
            out[s] = kind
    return out


def summon_space_ok(field: Field, minions: Minions, team: int, space: str,
                    occupied: Mapping[str, str] | None = None) -> bool:
    """A ``team`` minion may be summoned onto a ground space without an ally minion (L186)
    (``occupied``: :func:`occupancy`, when the caller has it already).

    >>> from dungeoncraft_widgets.alderquest.data import load_boards
    >>> field = Field(load_boards())
    >>> minions = {"T01": {"team": 0, "space": "b1"}}
    >>> summon_space_ok(field, minions, 0, "b1"), summon_space_ok(field, minions, 1, "b1")
    (False, True)
    """
    other = minion_at(minions, space) if occupied is None else occupied.get(space)
    return field.is_ground(space) and (other is None or minions[other]["team"] != team)


def tile_spaces(field: Field, minions: Minions, tiles: Tiles) -> list[str]:
    """Where a tile may be set (L70): the ground spaces with no minion and no tile, else
    (none is left) those with the fewest tiles, minion or not.

    >>> from dungeoncraft_widgets.alderquest.data import load_boards
    >>> field = Field(load_boards())
    >>> len(tile_spaces(field, {}, {})), "b2" in tile_spaces(field, {}, {"b2": [["r1", False]]})
    (24, False)
    """
    occupied = occupancy(minions)
    free = [s for s in field.ground if s not in occupied and not tiles.get(s)]
    if free:
        return free
    fewest = min(len(tiles.get(s, ())) for s in field.ground)
    return [s for s in field.ground if len(tiles.get(s, ())) == fewest]


def dodges(field: Field, space: str, occupied: Mapping[str, str]) -> list[str]:
    """Where Judo dodges an attack on ``space`` to: an adjacent ground space without a
    minion (L210).

    >>> from dungeoncraft_widgets.alderquest.data import load_boards
    >>> dodges(Field(load_boards()), "a1", {"b1": "T01"})
    ['a2']
    """
    return [s for s in field.adjacent(space) if s not in occupied]


def gives(field: Field, minions: Minions, team: int) -> list[tuple[str, str]]:
    """Every pass of an enemy Acorn (giver, taker) between orthogonally adjacent ``team``
    minions, to one holding none (L170); a minion below the canopy may pass it up.

    >>> from dungeoncraft_widgets.alderquest.data import load_boards
    >>> minions = {"T01": {"team": 0, "space": "b3", "acorn": "b2"},
    ...            "G01": {"team": 0, "space": "^b3", "acorn": None}}
    >>> gives(Field(load_boards()), minions, 0)
    [('T01', 'G01')]
    """
    out: list[tuple[str, str]] = []
    # most of the time no minion of the team carries an Acorn: nothing to pass
    if not [m for m in minions.values() if m["acorn"] is not None and m["team"] == team]:
        return out
    where = {m["space"]: mid for mid, m in minions.items()
             if m["team"] == team and m["space"] is not None}
    for space, mid in sorted(where.items()):
        if minions[mid]["acorn"] is None:
            continue
        for other in field.adjacent(space) + (
                [up] if (up := field.canopy_above(space)) else []):
            taker = where.get(other)
            if taker is not None and minions[taker]["acorn"] is None:
                out.append((mid, taker))
    return out
