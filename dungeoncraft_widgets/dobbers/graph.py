"""The Dobbers board as a networkx graph: where a Hero can travel this turn, and the way
to the Key.

Squares are nodes (with their ``kind``, ``letter`` or ``number``, ``x`` and ``y``); the
blue shield between two neighbouring squares is the edge's ``weight``: the blue + red
points a move across it costs. A square holding a Challenge stack is a gate: a Hero may
move onto it (that is a Challenge) but not through it in the same move.

>>> from dungeoncraft_widgets.dobbers import load_board
>>> board = load_board()
>>> graph = board_graph(board)
>>> graph["E7"]["T11"]["weight"], graph.nodes["E7"]["kind"]
(2, 'encounter')
>>> reachable(board, "E1", 3)                       # 3 points from Encounter square 1
{'T3': 1, 'T1': 2, 'T2': 2}
>>> reachable(board, "E1", 4, stacks={"E2"})        # E2 holds a stack: the way stops there
{'T3': 1, 'T1': 2, 'T2': 2, 'A': 4, 'B': 4, 'E2': 4}
>>> path_to_key(board, "E9").squares
['E9', 'T13', 'E10', 'T14', 'E11', 'T15', 'E12']

With a game (or a player's view) the origin, the points, the negative Travel tokens, the
Hero's first-shield ability and the stacks come from the game, and :func:`path_to_key`
weighs every stack on the way by what it is known or expected to need (see
:mod:`.odds`), with where a Defeat there would send the Hero back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import networkx as nx
import sympy

from ..core.errors import InvalidArgumentError
from .data import Board, load_board
from .rules import DobbersState

__all__ = ["KeyPath", "PathStep", "board_graph", "path_to_key", "reachable"]


@lru_cache(maxsize=8)
def _graph(board: Board) -> nx.Graph:
    graph = nx.Graph()
    for sid, info in board.squares.items():
        graph.add_node(sid, **{k: v for k, v in info.items() if k != "id"})
    graph.add_weighted_edges_from(board.paths)
    nx.freeze(graph)
    return graph


def board_graph(board: Board | None = None) -> nx.Graph:
    """The board as an (unchangeable) ``networkx.Graph``: squares, and shields as weights.

    >>> g = board_graph()
    >>> g.number_of_nodes(), nx.is_connected(g)
    (31, True)
    """
    return _graph(load_board(board))


def _square(board: Board, square: Any, name: str = "square") -> str:
    if not isinstance(square, str) or square not in board.squares:
        raise InvalidArgumentError(f"{name}: no square {square!r} on the board")
    return square


def _points(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidArgumentError(f"{name} must be a whole number of points >= 0, not "
                                   f"{value!r}")
    return value


def _game_player(state: DobbersState, player: int | None) -> int:
    p = state.turn_player if player is None else player
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < len(state.players):
        raise InvalidArgumentError(f"player must be a seat from 0 to {len(state.players) - 1}, "
                                   f"not {player!r}")
    if state.position[p] is None:
        raise InvalidArgumentError(f"{state.players[p]} has no meeple on the board yet")
    return p


def reachable(where: DobbersState | Board | None, square: str | None = None,
              travel_points: int | None = None, *, tokens: int | None = None,
              stacks: Iterable[str] | None = None, first_shield: int | None = None,
              player: int | None = None) -> dict[str, int]:
    """The squares a Hero on ``square`` can reach this turn with ``travel_points`` (blue +
    red), each with the fewest points it costs, nearest first (the origin left out).

    ``tokens``: the negative Travel tokens to overcome (added once, to the first move);
    ``first_shield``: what the Hero's ability takes off the first shield crossed;
    ``stacks``: squares with a Challenge stack (reached, never passed). Given a game or a
    view, every one of these defaults to the game's, for ``player`` (default: the player
    whose turn it is, with the points left in their pool); a Hero on the Key travels no
    more.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["bramble"], hand=[], at="E1", stacks={"E2": ["hollow_oak"]})
    >>> game.pool()["red"], reachable(game)     # Bramble's first shield costs 1 less
    (1, {'T3': 0, 'T1': 1, 'T2': 1})
    >>> reachable(game, travel_points=3)
    {'T3': 0, 'T1': 1, 'T2': 1, 'A': 3, 'B': 3, 'E2': 3}
    """
    state = where if isinstance(where, DobbersState) else None
    board = state.board if state is not None else load_board(where)
    if state is not None:
        p = _game_player(state, player)
        if square is None:
            square = state.position[p]
        if p in state.arrivals:
            return {}
        if travel_points is None:
            if p != state.turn_player:
                raise InvalidArgumentError("travel_points: only the player whose turn it is "
                                           "has points in their pool; give the points")
            travel_points = state.turn["blue"] + state.turn["red"]
        if tokens is None:
            tokens = state.penalty(p, "travel")
        if stacks is None:
            stacks = [s for s, stack in state.stacks.items() if stack]
        if first_shield is None:
            ability = state.cards[state.heroes[p]].get("ability") or {}
            used = p == state.turn_player and state.turn["first_shield"]
            first_shield = ability["n"] if ability.get("kind") == "first_shield" \
                and not used else 0
    origin = _square(board, square)
    budget = _points(travel_points, "travel_points")
    extra = _points(tokens or 0, "tokens")
    discount = _points(first_shield or 0, "first_shield")
    gates = {_square(board, s, "stacks") for s in stacks or ()}

    def cost(u: str, v: str, data: Mapping[str, Any]) -> int | None:
        if u in gates and u != origin:
            return None  # a stack is reached, never passed in the same move
        if u == origin:  # the first move: the tokens are overcome, the ability applies
            return max(0, data["weight"] - discount) + extra
        return data["weight"]

    found = nx.single_source_dijkstra_path_length(_graph(board), origin, cutoff=budget,
                                                  weight=cost)
    return {s: d for s, d in sorted(found.items(), key=lambda kv: (kv[1], kv[0]))
            if s != origin}


def _walk(trail: list[str], squares: list[str]) -> list[str]:
    """The trail after moving onto ``squares`` in turn: a step back to the square before
    takes the last square off (as the engine keeps it)."""
    out = list(trail)
    for sq in squares:
        if len(out) >= 2 and out[-2] == sq:
            out.pop()
        else:
            out.append(sq)
    return out


@dataclass(frozen=True)
class PathStep:
    """One square on the way to the Key.

    ``shield``: the blue + red points the move onto it costs; ``need``: for a square with
    a Challenge stack, the Challenge points the stack needs (exact when the stack is face
    up or its cards are known, else the expected need over what its face-down cards may
    be, a ``sympy.Rational``), None without a stack; ``known``: whether ``need`` is
    certain; ``back``: where a Defeat there would send the Hero (square -> chance).
    """

    square: str
    shield: int
    need: sympy.Rational | None = None
    known: bool = True
    back: Mapping[str, sympy.Rational] = field(default_factory=dict)

    @property
    def cost(self) -> sympy.Rational:
        """What this step weighs on the path: the shield, plus the stack's need."""
        return sympy.Integer(self.shield) + (self.need or 0)


@dataclass(frozen=True, repr=False)
class KeyPath:
    """The cheapest way to the Key: ``squares`` from the origin to the Key, the ``steps``
    after the origin, ``shields`` (blue + red points of travel), ``needs`` (Challenge
    points the stacks on the way need, expected where unknown) and ``total``."""

    squares: list[str]
    steps: tuple[PathStep, ...]

    @property
    def shields(self) -> int:
        return sum(s.shield for s in self.steps)

    @property
    def needs(self) -> sympy.Rational:
        return sum((s.need for s in self.steps if s.need is not None), sympy.Integer(0))

    @property
    def total(self) -> sympy.Rational:
        return self.shields + self.needs

    @property
    def stacks(self) -> list[PathStep]:
        """The steps onto a Challenge stack."""
        return [s for s in self.steps if s.need is not None]

    def __repr__(self) -> str:
        return f"KeyPath(squares={self.squares!r}, ...)"

    def __str__(self) -> str:
        parts = []
        for step in self.steps:
            part = f"{step.square} ({step.shield}"
            if step.need is not None:
                need = step.need if step.need.q == 1 else \
                    f"{step.need} ≈ {float(step.need):.2f}"
                part += f" + stack {need}" + ("" if step.known else " expected")
            parts.append(part + ")")
        needs, total = (f"{n}" if n.q == 1 else f"{n} ≈ {float(n):.2f}"
                        for n in (self.needs, self.total))
        return (f"{self.squares[0]} -> " + " -> ".join(parts) + f": {self.shields} travel + "
                f"{needs} Challenge = {total} points")


def path_to_key(where: DobbersState | Board | None, square: str | None = None, *,
                player: int | None = None,
                needs: Mapping[str, int | sympy.Rational] | None = None) -> KeyPath:
    """The cheapest way from ``square`` to the Key, counting the shields and the stacks.

    On a bare board, ``needs`` gives the Challenge points of the stacks (square -> need).
    Given a game or a view, the origin defaults to ``player``'s square (default: the player
    whose turn it is), and every stack on the board is weighed by what that player knows
    of it (:func:`.odds.stack_cases`): a stack left face up after a Defeat by its known
    need, a face-down one by its expected need over what its cards may be; each step onto
    a stack also says where a Defeat there would send the Hero (counting back along the
    way they came, the stack's square being zero, as the rulebook says).

    >>> path_to_key(None, "E11", needs={"E12": 5})
    KeyPath(squares=['E11', 'T15', 'E12'], ...)
    >>> print(path_to_key(None, "E11", needs={"E12": 5}))
    E11 -> T15 (2) -> E12 (3 + stack 5): 5 travel + 5 Challenge = 10 points
    """
    state = where if isinstance(where, DobbersState) else None
    board = state.board if state is not None else load_board(where)
    p = None
    if state is not None:
        p = _game_player(state, player)
        if square is None:
            square = state.position[p]
    origin = _square(board, square)
    weights: dict[str, sympy.Rational] = {}
    known: dict[str, bool] = {}
    backs: dict[str, dict[int, sympy.Rational]] = {}
    if state is not None:
        from .odds import stack_cases  # the odds module reads the board through this one

        for sq, stack in state.stacks.items():
            if not stack or sq == origin:
                continue
            cases = stack_cases(state, p, sq)
            weights[sq] = sum((c.chance * c.need for c in cases), sympy.Integer(0))
            known[sq] = len({c.need for c in cases}) == 1
            moved: dict[int, sympy.Rational] = {}
            for c in cases:
                moved[c.back] = moved.get(c.back, sympy.Integer(0)) + c.chance
            backs[sq] = moved
    for sq, need in (needs or {}).items():
        _square(board, sq, "needs")
        weights[sq] = sympy.Rational(need)
        known[sq] = True
        backs.setdefault(sq, {})
    graph = _graph(board)

    def cost(u: str, v: str, data: Mapping[str, Any]) -> sympy.Rational:
        return data["weight"] + weights.get(v, 0)

    try:
        squares = nx.dijkstra_path(graph, origin, board.key, weight=cost)
    except nx.NetworkXNoPath:  # pragma: no cover - a loaded board always reaches the Key
        raise InvalidArgumentError(f"no way from {origin} to the Key") from None
    trail = list(state.trail[p]) if state is not None and state.trail[p] else [origin]
    if trail[-1] != origin:
        trail = [origin]
    steps = []
    for i, sq in enumerate(squares[1:], start=1):
        way = _walk(trail, squares[1:i + 1])  # the trail a Defeat on ``sq`` counts back on
        landing: dict[str, sympy.Rational] = {}
        for moved, chance in backs.get(sq, {}).items():
            stop = way[-1 - min(max(moved, 1), len(way) - 1)]
            landing[stop] = landing.get(stop, sympy.Integer(0)) + chance
        need = weights.get(sq)
        steps.append(PathStep(sq, graph[squares[i - 1]][sq]["weight"],
                              None if need is None else sympy.Rational(need),
                              known.get(sq, True), landing))
    return KeyPath(squares, tuple(steps))

