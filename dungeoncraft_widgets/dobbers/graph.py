"""The Dobbers board as a networkx graph: where a Hero can travel this turn, and the way
to the Key.

Squares are nodes (with their ``kind``, ``letter`` or ``number``, ``x`` and ``y``); the
blue shield between two neighbouring squares is the edge's ``weight``: the blue + red
points a move across it costs. A square holding a Challenge stack is a gate: a Hero may
move onto it (that is a Challenge) but not through it in the same move.

>>> from dungeoncraft_widgets.dobbers import load_board, position
>>> graph = board_graph(load_board())
>>> graph["E7"]["T11"]["weight"], graph.nodes["E7"]["kind"]
(2, 'encounter')

The questions take a game, a player's view or a position built with
:func:`~.rules.position` first, and ``player`` (default: the player whose turn it is):
the origin, the points, the negative Travel tokens, the Hero's first-shield ability and
the stacks come from there, and any of them can be given instead:

>>> game = position(at="E1")                        # Toby on Encounter square 1
>>> reachable(game, travel_points=3)                # 3 points from there
{'T3': 1, 'T1': 2, 'T2': 2}
>>> reachable(game, travel_points=4, stacks={"E2"})  # E2 holds a stack: the way stops there
{'T3': 1, 'T1': 2, 'T2': 2, 'A': 4, 'B': 4, 'E2': 4}
>>> path_to_key(game, square="E9").squares
['E9', 'T13', 'E10', 'T14', 'E11', 'T15', 'E12']

:func:`path_to_key` weighs every stack on the way by what the player knows or expects it
to need (:mod:`.sight`), with where a Defeat there would send the Hero back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import networkx as nx
import sympy

from ..core.checks import game_state, integer, seat, shown, whole_number
from ..core.english import approx
from ..core.errors import InvalidArgumentError
from .data import Board, load_board
from .rules import DobbersState
from .sight import stack_outcomes
from .travel import back_steps, trail_after, travel_cost, travel_modifiers

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
        raise InvalidArgumentError(f"{name} must be a square of the board, not "
                                   f"{shown(square)}")
    return square


def _needed(value: Any, name: str) -> sympy.Rational:
    """A stack's Challenge points: a whole number or an exact fraction (an expected need),
    never below 0; a float (NaN among them) is refused, as every chance here is exact.

    >>> _needed(Fraction(7, 2), "need")
    7/2
    """
    exact = integer(value) or isinstance(value, Fraction) or (
        isinstance(value, sympy.Rational) and value.is_finite)
    if not exact or value < 0:
        raise InvalidArgumentError(f"{name} must be a whole number or an exact fraction >= 0 "
                                   f"(Challenge points), not {shown(value)}")
    return sympy.Rational(value)


def _player(state: DobbersState, player: int | None) -> int:
    """``player`` (None: the player whose turn it is), a seat with a meeple on the board."""
    game_state(state, DobbersState)
    p = state.turn_player if player is None else seat(len(state.players), player)
    if state.position[p] is None:
        raise InvalidArgumentError(f"{state.players[p]} has no meeple on the board yet")
    return p


def reachable(state: DobbersState, player: int | None = None, *, square: str | None = None,
              travel_points: int | None = None, tokens: int | None = None,
              stacks: Iterable[str] | None = None,
              first_shield: int | None = None) -> dict[str, int]:
    """The squares ``player``'s Hero can reach this turn, each with the fewest blue + red
    points it costs, nearest first (the origin left out); a Hero on the Key travels no
    more.

    Each of these comes from the game unless given: ``square`` (the origin: the Hero's
    square), ``travel_points`` (blue + red left in the pool: only the player whose turn it
    is has any), ``tokens`` (the negative Travel tokens to overcome, added once, to the
    first move), ``first_shield`` (what the Hero's ability takes off the first shield
    crossed), ``stacks`` (squares with a Challenge stack: reached, never passed).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["bramble"], hand=[], at="E1", stacks={"E2": ["hollow_oak"]})
    >>> game.pool()["red"], reachable(game)     # Bramble's first shield costs 1 less
    (1, {'T3': 0, 'T1': 1, 'T2': 1})
    >>> reachable(game, travel_points=3)
    {'T3': 0, 'T1': 1, 'T2': 1, 'A': 3, 'B': 3, 'E2': 3}
    """
    p = _player(state, player)
    board = state.board
    origin = _square(board, state.position[p] if square is None else square)
    if p in state.arrivals:
        return {}
    if travel_points is None:
        if p != state.turn_player:
            raise InvalidArgumentError("travel_points: only the player whose turn it is "
                                       "has points in their pool; give the points")
        travel_points = state.turn["blue"] + state.turn["red"]
    used = p == state.turn_player and state.turn["first_shield"]
    lower, extra = travel_modifiers(state.cards, state.heroes[p], first_shield_used=used,
                                    tokens=state.tokens[p])
    budget = whole_number(travel_points, "travel_points", minimum=0)
    extra = whole_number(extra if tokens is None else tokens, "tokens", minimum=0)
    lower = whole_number(lower if first_shield is None else first_shield, "first_shield",
                         minimum=0)
    if stacks is None:
        stacks = [s for s, stack in state.stacks.items() if stack]
    gates = {_square(board, s, "stacks") for s in stacks}

    def cost(u: str, v: str, data: Mapping[str, Any]) -> int | None:
        if u in gates and u != origin:
            return None  # a stack is reached, never passed in the same move
        if u == origin:  # the first move: the tokens are overcome, the ability applies
            return travel_cost(data["weight"], lower, extra)
        return data["weight"]

    found = nx.single_source_dijkstra_path_length(_graph(board), origin, cutoff=budget,
                                                  weight=cost)
    return {s: d for s, d in sorted(found.items(), key=lambda kv: (kv[1], kv[0]))
            if s != origin}


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
                part += f" + stack {approx(step.need)}" + ("" if step.known else " expected")
            parts.append(part + ")")
        needs, total = approx(self.needs), approx(self.total)
        return (f"{self.squares[0]} -> " + " -> ".join(parts) + f": {self.shields} travel + "
                f"{needs} Challenge = {total} points")


def path_to_key(state: DobbersState, player: int | None = None, *, square: str | None = None,
                needs: Mapping[str, int | sympy.Rational] | None = None) -> KeyPath:
    """The cheapest way from ``player``'s square (or ``square``) to the Key, counting the
    shields and the stacks.

    Every stack on the board is weighed by what ``player`` (default: the player whose turn
    it is) knows of it (:func:`.sight.stack_outcomes`): a stack left face up after a Defeat
    by its known need, a face-down one by its expected need over what its cards may be;
    ``needs`` gives (or overrides) the Challenge points of stacks (square -> need), as on
    a board imagined without them. Each step onto a stack also says where a Defeat there
    would send the Hero (counting back along the way they came, the stack's square being
    zero, as the rulebook says).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(at="E11")
    >>> path_to_key(game, needs={"E12": 5})
    KeyPath(squares=['E11', 'T15', 'E12'], ...)
    >>> print(path_to_key(game, needs={"E12": 5}))
    E11 -> T15 (2) -> E12 (3 + stack 5): 5 travel + 5 Challenge = 10 points
    >>> print(path_to_key(game, needs={"E12": sympy.Rational(10, 3)}))
    E11 -> T15 (2) -> E12 (3 + stack 10/3 ≈ 3.33): 5 travel + 10/3 ≈ 3.33 Challenge = \
25/3 ≈ 8.33 points
    """
    p = _player(state, player)
    board = state.board
    origin = _square(board, state.position[p] if square is None else square)
    weights: dict[str, sympy.Rational] = {}
    known: dict[str, bool] = {}
    backs: dict[str, dict[int, Fraction]] = {}
    for sq, stack in state.stacks.items():
        if not stack or sq == origin:
            continue
        outcomes = stack_outcomes(state, p, sq)
        mean = sum((chance * need for chance, need, *_ in outcomes), Fraction(0))
        weights[sq] = sympy.Rational(mean.numerator, mean.denominator)
        known[sq] = len({need for _chance, need, *_ in outcomes}) == 1
        moved: dict[int, Fraction] = {}
        for chance, _need, _immune, back, _cards in outcomes:
            moved[back] = moved.get(back, Fraction(0)) + chance
        backs[sq] = moved
    if needs is not None and not isinstance(needs, Mapping):
        raise InvalidArgumentError(f"needs must be a dict square -> Challenge points, not "
                                   f"{shown(needs)}")
    for sq, need in (needs or {}).items():
        _square(board, sq, "needs")
        weights[sq] = _needed(need, f"needs[{sq!r}]")
        known[sq] = True
        backs.setdefault(sq, {})
    graph = _graph(board)

    def cost(u: str, v: str, data: Mapping[str, Any]) -> sympy.Rational:
        return data["weight"] + weights.get(v, 0)

    try:
        squares = nx.dijkstra_path(graph, origin, board.key, weight=cost)
    except nx.NetworkXNoPath:  # pragma: no cover - a loaded board always reaches the Key
        raise InvalidArgumentError(f"no way from {origin} to the Key") from None
    trail = list(state.trail[p]) if state.trail[p] else [origin]
    if trail[-1] != origin:
        trail = [origin]
    steps = []
    for i, sq in enumerate(squares[1:], start=1):
        way = trail_after(trail, squares[1:i + 1])  # the trail a Defeat on ``sq`` counts back on
        landing: dict[str, sympy.Rational] = {}
        for moved, chance in backs.get(sq, {}).items():
            stop = way[-1 - back_steps(way, max(moved, 1))]
            landing[stop] = landing.get(stop, sympy.Integer(0)) + sympy.Rational(
                chance.numerator, chance.denominator)
        need = weights.get(sq)
        steps.append(PathStep(sq, graph[squares[i - 1]][sq]["weight"],
                              None if need is None else sympy.Rational(need),
                              known.get(sq, True), landing))
    return KeyPath(squares, tuple(steps))
