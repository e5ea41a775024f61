"""Movement analysis with networkx: where can an adventurer go this turn?

Every function takes the position first, as networkx takes the graph first: a game or a
player's view (its fog creatures, water sprite and adventurers; for :func:`reachable`, the
moves left this turn), or a bare board (``None``, or a :class:`~.data.Layout`) with nothing
on it. ``fog``, ``sprite`` and ``occupied`` ask about another position: on a game they
replace the game's, on a bare board they are the whole position.

Fields are named like ``"E9"``; the start area lanes ``"row:1"`` .. ``"row:5"`` and
``"col:A"`` .. ``"col:E"``. One *straight move* goes south or east as far as wanted;
it may pass adventurers, companions and tiles but never a fog creature (``fog``) or
the water sprite (``sprite``); it may end on a fog creature (a battle: that is the last
stop), never on another adventurer (``occupied``) or the sprite.

>>> sorted(straight_moves(None, "row:3", fog={"D3"}))
['A3', 'B3', 'C3', 'D3']
>>> reachable(None, "E2", fog={"E5"}, sprite="H2", moves=2)["E5"]
1
>>> from dungeoncraft_widgets.adventure_land import new_game
>>> game = new_game(players=2, seed=4)
>>> reachable(game, "row:1") == reachable(game.view(0), "row:1")
True
>>> sprite_path(None, "A7", "E9")
['B7', 'B8', 'C8', 'D8', 'D9', 'E9']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import networkx as nx

from ..core.checks import game_state, shown, whole_number
from ..core.errors import InvalidArgumentError
from .data import FIELD_SET, FIELDS, Layout, load_layout
from .movement import RAYS, move_ends, sprite_passes
from .rules import AdventureLandState

__all__ = ["movement_graph", "reachable", "reachable_items", "sprite_path", "straight_moves"]

Where = AdventureLandState | Layout | None  # a position, or a bare board

ORIGINS = frozenset(RAYS)


def _field_set(name: str, fields: Iterable[str] | str | None) -> frozenset[str]:
    if fields is None:
        return frozenset()
    if isinstance(fields, str):
        fields = (fields,)
    if isinstance(fields, bytes) or not isinstance(fields, Iterable):  # a dict: its keys
        raise InvalidArgumentError(f"{name} must be a list of fields (A1 to K10), not "
                                   f"{shown(fields)}")
    try:
        out = frozenset(fields)
    except TypeError:  # a list inside it
        raise InvalidArgumentError(f"{name} must be a list of fields (A1 to K10), not "
                                   f"{shown(fields)}") from None
    if len(out) > len(FIELD_SET):
        raise InvalidArgumentError(f"{name}: at most {len(FIELD_SET)} fields")
    bad = sorted(f for f in out if f not in FIELD_SET)
    if bad:
        raise InvalidArgumentError(f"{name}: unknown field {bad[0]!r} (fields are A1 to K10)")
    return out


def _check(fog: Iterable[str], sprite: str | None,
           occupied: Iterable[str]) -> tuple[frozenset[str], str | None, frozenset[str]]:
    fog_set = _field_set("fog", fog)
    occupied_set = _field_set("occupied", occupied)
    if sprite is not None:
        if not isinstance(sprite, str) or sprite not in FIELD_SET:
            raise InvalidArgumentError(f"sprite: unknown field {sprite!r} (fields are A1 to K10)")
        if sprite in fog_set:
            raise InvalidArgumentError(f"sprite: {sprite} cannot be both a fog creature's "
                                       f"field and the water sprite's")
        if sprite in occupied_set:
            raise InvalidArgumentError(f"sprite: {sprite} cannot hold both an adventurer and "
                                       f"the water sprite")
    return fog_set, sprite, occupied_set


def _check_origin(origin: str) -> str:
    if not isinstance(origin, str) or origin not in ORIGINS:
        raise InvalidArgumentError(f"origin: unknown field or lane {origin!r} (fields A1 to K10, "
                                   f"lanes row:1 to row:5 and col:A to col:E)")
    return origin


def _creatures(fog: frozenset[str]) -> dict[str, str]:
    """A board with a fog creature on each ``fog`` field (what a move asks of the board)."""
    return dict.fromkeys(fog, "F")


def _position(where: Where, fog: Iterable[str] | str | None, sprite: str | None,
              occupied: Iterable[str] | str | None
              ) -> tuple[frozenset[str], str | None, frozenset[str]]:
    """The fog creatures, the sprite and the occupied fields of ``where``, with those given
    in their place, checked."""
    if isinstance(where, AdventureLandState):
        game_fog = frozenset(f for f, item in where.board.items() if item[0] == "F")
        if fog is None and sprite is None and occupied is None:
            return game_fog, where.sprite, frozenset(where.at)  # a game's own: checked
        fog = game_fog if fog is None else fog
        sprite = where.sprite if sprite is None else sprite
        occupied = where.at if occupied is None else occupied
    elif where is not None and not isinstance(where, Layout):
        game_state(where, AdventureLandState, "where")  # names what was given instead
    return _check(fog or (), sprite, occupied or ())


def straight_moves(where: Where, origin: str, *, fog: Iterable[str] | None = None,
                   sprite: str | None = None, occupied: Iterable[str] | None = None
                   ) -> set[str]:
    """The fields one straight move from ``origin`` (a field or a lane) can end on.

    >>> sorted(straight_moves(None, "I9"))
    ['I10', 'J9', 'K9']
    >>> sorted(straight_moves(None, "I9", occupied={"J9"}))
    ['I10', 'K9']
    >>> straight_moves(None, "Z1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: origin: unknown field or lane 'Z1' ...
    """
    fog_set, sprite, occupied_set = _position(where, fog, sprite, occupied)
    _check_origin(origin)
    return set(move_ends(origin, _creatures(fog_set), sprite, occupied_set - {origin}))


@lru_cache(maxsize=256)
def _graph(fog: frozenset[str], sprite: str | None, occupied: frozenset[str]) -> nx.DiGraph:
    g = nx.DiGraph()
    for f in FIELDS:
        g.add_node(f, kind="fog" if f in fog else "sprite" if f == sprite else
                   "occupied" if f in occupied else "field")
    edges = []
    board = _creatures(fog)
    for origin in RAYS:
        if origin not in FIELD_SET:
            g.add_node(origin, kind="lane")
        if origin in fog or origin == sprite:
            continue  # a battle ends the movement; the sprite's field is never stood on
        edges.extend((origin, end) for end in move_ends(origin, board, sprite, occupied))
    g.add_edges_from(edges)
    return nx.freeze(g)


def movement_graph(where: Where, *, fog: Iterable[str] | None = None,
                   sprite: str | None = None, occupied: Iterable[str] | None = None
                   ) -> nx.DiGraph:
    """The graph behind the other functions: a node per field and lane, an edge
    ``u -> v`` when one straight move from ``u`` can end on ``v``. Fog fields have no
    outgoing edges (a battle is the last stop). The graph is frozen (cached; copy it
    with ``nx.DiGraph(g)`` to change it). Node attribute ``kind``: field, fog, sprite,
    occupied or lane.

    >>> g = movement_graph(None, fog={"D7"})
    >>> g.has_edge("D2", "D7"), g.has_edge("D2", "D8"), g.out_degree("D7")
    (True, False, 0)
    """
    return _graph(*_position(where, fog, sprite, occupied))


def reachable(where: Where, origin: str, *, fog: Iterable[str] | None = None,
              sprite: str | None = None, occupied: Iterable[str] | None = None,
              moves: int | None = None) -> dict[str, int]:
    """Every field reachable from ``origin`` with up to ``moves`` straight moves, mapped
    to the fewest moves needed. A fog field can only be the last stop. ``moves``: on a
    game, by default the moves left this turn (none during a battle); on a bare board, 2.

    >>> r = reachable(None, "row:1", fog={"C1"})
    >>> r["C1"], r["B5"], "D1" in r
    (1, 2, False)
    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position
    >>> len(reachable(empty_position(), "row:1")), reachable(empty_position(), "J10", moves=1)
    (110, {'K10': 1})
    >>> reachable(None, "A1", moves=0)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: moves must be a whole number >= 1, not 0
    """
    if moves is None:
        if not isinstance(where, AdventureLandState):
            moves = 2
        else:
            moves = max(2 - where.moves_made, 0) if where.fight is None else 0
            if moves == 0:
                return {}
    whole_number(moves, "moves", minimum=1)
    fog_set, sprite, occupied_set = _position(where, fog, sprite, occupied)
    _check_origin(origin)
    # The moving adventurer's own field may stay in ``occupied``: moves never come back
    # north or west to it, so one cached graph serves every adventurer of a position.
    g = _graph(fog_set, sprite, occupied_set)
    lengths = nx.single_source_shortest_path_length(g, origin, cutoff=moves)
    return {f: d for f, d in lengths.items() if d > 0 and f in FIELD_SET}


def sprite_path(where: Where, start: str | None, end: str) -> list[str]:
    """The river fields (of ``where``'s layout) the water sprite passes going from
    ``start`` to new gold on ``end`` (``end`` included, ``start`` not; ``[end]`` when it
    first appears): the engine's own rule, :func:`~.movement.sprite_passes`, with the
    fields checked.

    >>> sprite_path(None, "K4", "I5")
    ['J4', 'J5', 'I5']
    >>> sprite_path(None, None, "E9")
    ['E9']
    """
    if isinstance(where, AdventureLandState):
        where = where.layout
    elif where is not None and not isinstance(where, Layout):
        game_state(where, AdventureLandState, "where")
    river = (where or load_layout()).river
    for name, f in (("start", start), ("end", end)):
        if f is not None and f not in river:
            raise InvalidArgumentError(f"{name}: {f!r} is not a river field")
    if start == end:
        return [end]
    return sprite_passes(river, start, end)


def reachable_items(state: AdventureLandState, player: int | None = None,
                    moves: int | None = None) -> dict[str, tuple[int, str, str]]:
    """Items the player's adventurers can reach this turn: field -> (fewest moves, item
    code, origin of the adventurer that gets there in fewest moves).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_item
    >>> s = empty_position(); place_item(s, "C3", "G")
    >>> reachable_items(s)["C3"][:2]
    (1, 'G')
    """
    game_state(state, AdventureLandState)
    player = state.current_player if player is None else player
    if player is None:
        return {}
    out: dict[str, tuple[int, str, str]] = {}
    for where, _comps in state.adventurers[player]:
        if where == "box":
            continue
        for f, d in reachable(state, where, moves=moves).items():
            item = state.board.get(f)
            if item is not None and (f not in out or d < out[f][0]):
                out[f] = (d, item, where)
    return out
