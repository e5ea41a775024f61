"""The Battlefield as a graph (networkx): where a minion can go, and who threatens whom.

:func:`battlefield_graph` builds a directed graph of the 24 ground spaces, the 4 canopy
spaces (joined only to the ground space beneath them, and only by normal moves, L174)
and the Heroes (a normal move from the outer space in front of an enemy Hero confronts
it, L150). Edges carry their ``kind``: ``normal``, ``confront``, ``sneak`` (diagonal)
and ``flight`` (two spaces on, over anything); a Charge depends on where the minions
stand, so it is no edge.

Reachability walks the moves the engine allows, asking the engine's own
:func:`.battlefield.destinations` at each step (of any position: where the minion would
be, carrying an Acorn or not), from a game or a player's view:

- :func:`minion_reach`: where a minion can end this activation (two moves, three with
  Speed, at most one special move; allies block, an enemy ends the path in a squabble,
  an Elbow Drop from the canopy does not), with the safest route to each space (fewest
  unrevealed enemy tiles met), the enemy tiles, minions and Heroes it can reach, and the
  exact chance a route's unknown tiles hold no trap (:func:`.odds.tile_odds`);
- :func:`turns_to_tribute`: the fewest activations to carry an enemy Acorn into the
  canopy (the other minions standing still);
- :func:`threats`: the spaces each enemy minion can reach in its next activation.

>>> from dungeoncraft_widgets.alderquest import new_game
>>> g = battlefield_graph(new_game(seed=1))
>>> g.number_of_nodes(), g.nodes["^b3"]["kind"], g.edges["b3", "^b3"]["kind"]
(28, 'canopy', 'normal')
>>> sorted(g.successors("^b3")), g.edges["a1", "b2"]["kind"], g.edges["b1", "b3"]["kind"]
(['b3'], 'sneak', 'flight')
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import sympy

from ..core.checks import game_state, whole_number
from ..core.errors import InvalidArgumentError
from .battlefield import (
    SPECIAL,
    destinations,
    enemy_acorns_face_up,
    movement,
    moves_per_activation,
    occupancy,
)
from .odds import TileOdds, tile_odds
from .rules import AlderQuestState

__all__ = ["Reach", "Route", "TributePlan", "battlefield_graph", "minion_reach", "threats",
           "turns_to_tribute"]

MAX_TURNS = 12  # turns_to_tribute looks this many activations ahead


def battlefield_graph(state: AlderQuestState) -> nx.DiGraph:
    """The Battlefield of a game (or a player's view) as a directed graph (see the module
    docstring): its spaces, and its Heroes (id -> team and column), each a node
    (``kind='hero'``) with a ``confront`` edge from the outer space in front of it, for
    the other team's minions only (the edge's ``team``).
    """
    game_state(state, AlderQuestState)
    field, heroes = state.field, state.heroes
    g = nx.DiGraph()
    for space in field.ground:
        g.add_node(space, kind="ground")
    for space in field.canopy:
        g.add_node(space, kind="canopy")
    for space in field.ground:
        for other in field.normal_moves(space):
            g.add_edge(space, other, kind="normal")
            if field.is_canopy(other):
                g.add_edge(other, space, kind="normal")  # out of the Tree: only down
        for other in field.sneaks(space):
            g.add_edge(space, other, kind="sneak")
        for other in field.flights(space):
            g.add_edge(space, other, kind="flight")
    for hero, h in heroes.items():
        g.add_node(hero, kind="hero", team=h["team"], column=h["column"])
        g.add_edge(field.front(h["team"], h["column"]), hero, kind="confront",
                   team=1 - h["team"])
    return g


@dataclass(frozen=True)
class Route:
    """How a minion gets to one place in an activation: the ``path`` (spaces, or a Hero
    last), the ``kinds`` of its moves, how it ends (``ends``: ``move``, ``squabble``,
    ``elbow``, ``tribute`` or ``confront``), the unrevealed enemy ``tiles_met`` on the
    way (each asks reveal or dismiss; a dismissed one cannot be a trap for it), whether
    the route is known to be ``trap_free`` (True: no unknown tile met, or none of those
    met is a trap where the tiles are known; None: unknown tiles on the way) and the exact
    chance ``p_trap_free`` that revealing every tile met springs no trap."""

    path: tuple[str, ...]
    kinds: tuple[str, ...]
    ends: str
    tiles_met: tuple[str, ...]
    trap_free: bool | None
    p_trap_free: sympy.Rational

    @property
    def moves(self) -> int:
        return len(self.path)


@dataclass(frozen=True)
class Reach:
    """Where ``minion`` can end this activation: ``routes`` (destination -> the safest
    :class:`Route`), the ``first_steps`` it may take now (destination -> kind, as the
    engine's ``destinations``), ``moves_left``; and what it can reach: unrevealed
    ``enemy_tiles`` (spaces), ``enemy_minions`` (squabbles, Elbow Drops), ``heroes`` to
    confront and ``tributes`` (canopy spaces where it would tribute)."""

    minion: str
    start: str
    moves_left: int
    routes: dict[str, Route]
    first_steps: dict[str, str]
    enemy_tiles: frozenset[str] = field(default_factory=frozenset)
    enemy_minions: frozenset[str] = field(default_factory=frozenset)
    heroes: frozenset[str] = field(default_factory=frozenset)
    tributes: frozenset[str] = field(default_factory=frozenset)

    @property
    def spaces(self) -> set[str]:
        """Every space where the minion can end (Heroes left out)."""
        return {s for s, r in self.routes.items() if r.ends != "confront"}


def _minion(state: AlderQuestState, minion: str) -> dict[str, Any]:
    game_state(state, AlderQuestState)
    m = state.minions.get(minion) if isinstance(minion, str) else None
    if m is None or m["space"] is None:
        raise InvalidArgumentError(f"minion: {minion!r} is not a minion on the Battlefield")
    return m


def _moves_now(state: AlderQuestState, minion: str, fresh: bool) -> tuple[int, bool]:
    """(moves left, special move used) of ``minion``'s activation: its own if it is
    moving, none if it is exhausted or another minion is moving, else (or ``fresh``) a
    whole new one."""
    m = state.minions[minion]
    act = state.activation
    if not fresh and act is not None and act["minion"] == minion:
        return act["left"], act["special"]
    if not fresh and (m["exhausted"] or act is not None):
        return 0, True
    return moves_per_activation(movement(state.cards.minions[minion], m)), False


def minion_reach(state: AlderQuestState, minion: str, *, fresh: bool = False) -> Reach:
    """Where ``minion`` can end its activation, and the safest route to each place.

    The moves left are the engine's: the minion's own activation if it is moving, two
    (three with Speed) if it is ready, none if it is exhausted; ``fresh=True`` asks for
    a whole new activation (what it can do next turn). Other minions stand still; a
    squabble (or a Judo dodge) ends the path; an Elbow Drop (from the canopy onto an
    enemy below) does not; carrying an enemy Acorn into the canopy (or picking up a face-
    up one on the way) tributes and ends it. Each step is the engine's own
    :func:`.battlefield.destinations`.

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> game = new_game(seed=3)
    >>> for a in ("faction Thieves", "faction Bards", "faction Guardians", "faction Hunters",
    ...           "hero lily", "hero wren", "hero clarence", "hero rusk", "hero maggie",
    ...           "hero tamsin"):
    ...     _ = game.apply(a)
    >>> game.minions["T01"] = {"team": 0, "space": "a1", "upgraded": False,
    ...                        "exhausted": False, "acorn": None, "judo": False,
    ...                        "stunned": False}
    >>> game.minion_decks["Thieves"].remove("T01")
    >>> reach = minion_reach(game, "T01")
    >>> sorted(reach.spaces)
    ['a1', 'a2', 'a3', 'b1', 'b2', 'c1']
    >>> reach.routes["b2"].path, reach.routes["b2"].p_trap_free
    (('b1', 'b2'), 1)
    """
    m = _minion(state, minion)
    left, special_used = _moves_now(state, minion, fresh)
    return _reach(state, minion, m["space"], m["acorn"] is not None, left, special_used,
                  _tile_chances(state, m["team"]))


def _tile_chances(state: AlderQuestState, team: int) -> TileOdds | None:
    """The exact tile odds for ``team``, where it cannot see some enemy tiles (None: it
    sees them all)."""
    hidden = any(code == f"{'rb'[1 - team]}?" for tiles in state.tiles.values()
                 for code, _up in tiles)
    return tile_odds(state, team) if hidden else None


def _reach(state: AlderQuestState, minion: str, start: str, carrying: bool, left: int,
           special_used: bool, odds: TileOdds | None) -> Reach:
    """:func:`minion_reach` of ``minion`` were it on ``start`` (carrying an enemy Acorn or
    not) with ``left`` moves (``special_used`` or not): any position can be asked about,
    the others standing where they are."""
    m = state.minions[minion]
    team = m["team"]
    fld = state.field
    occupied = {s: mid for s, mid in occupancy(state.minions).items() if mid != minion}
    kind = movement(state.cards.minions[minion], m)
    enemy_colour = "rb"[1 - team]
    traps_known = {s for s, tiles in state.tiles.items()
                   if any(code == f"{enemy_colour}t" and not up for code, up in tiles)}
    acorns_up = {s for s in fld.ground if enemy_acorns_face_up(state.tiles, team, s)}

    def met_on(space: str) -> tuple[str, ...]:
        tiles = state.tiles.get(space, ())
        n = sum(1 for code, up in tiles if code[0] == enemy_colour and not up)
        return (space,) * n

    # Breadth-first over (place, moves used, special used, carrying, tiles met, path).
    best: dict[str, tuple] = {}
    first: dict[str, str] = {}
    queue = deque([(start, (), (), special_used, carrying, ())])
    seen: dict[tuple, int] = {}
    while queue:
        place, path, kinds, used, carry, met = queue.popleft()
        if len(path) >= left:
            continue
        steps = destinations(fld, state.minions, state.heroes, place, team, kind, not used,
                             occupied)
        for nxt, k in steps.items():
            new_path, new_kinds = path + (nxt,), kinds + (k,)
            if not path:
                first.setdefault(nxt, k)
            ends = "move"
            new_met, new_carry = met, carry
            if k == "confront":
                ends = "confront"
            elif nxt in occupied:  # an enemy minion: it never is an ally here
                elbow = fld.is_canopy(place) and nxt == fld.below(place)
                ends = "elbow" if elbow else "squabble"
            if ends in ("move", "elbow"):
                if fld.is_canopy(nxt):
                    if carry:
                        ends = "tribute"
                else:
                    new_met = met + met_on(nxt)
                    new_carry = carry or nxt in acorns_up
            record = (len(set(new_met)), len(new_path), new_path, new_kinds, ends, new_met)
            if nxt not in best or record[:2] < best[nxt][:2]:
                best[nxt] = record
            if ends in ("move", "elbow"):
                key = (nxt, len(new_path), used or k in SPECIAL, new_carry)
                if seen.get(key, 99) > len(set(new_met)):
                    seen[key] = len(set(new_met))
                    queue.append((nxt, new_path, new_kinds, used or k in SPECIAL, new_carry,
                                  new_met))
    routes = {}
    for place, (_n, _l, path, kinds, ends, met) in best.items():
        if not met:
            free, chance = True, sympy.Integer(1)
        elif odds is not None:
            # exact from the public log (a Set Tiles' tiles are not independent); for a
            # position typed in without its history, as blind draws from the unknown tiles
            free, chance = None, sympy.Rational(odds.p_no_trap_on(met))
        else:
            sprung = any(s in traps_known for s in met)
            free, chance = (not sprung), sympy.Integer(0 if sprung else 1)
        routes[place] = Route(path, kinds, ends, met, free, chance)
    return Reach(
        minion, start, left, routes, first,
        enemy_tiles=frozenset(s for r in routes.values() for s in r.tiles_met),
        enemy_minions=frozenset(occupied[s] for s, r in routes.items()
                                if r.ends in ("squabble", "elbow")),
        heroes=frozenset(s for s, r in routes.items() if r.ends == "confront"),
        tributes=frozenset(s for s, r in routes.items() if r.ends == "tribute"))


@dataclass(frozen=True)
class TributePlan:
    """The fewest activations to tribute: ``turns`` (1: this activation), the ``via``
    Acorn (``'carried'``, the space of a face-up one, or the space of an unknown enemy
    tile, which is an Acorn with chance ``p_acorn``), the canopy space reached and the
    places the minion ends each activation (``stops``)."""

    turns: int
    via: str
    canopy: str
    stops: tuple[str, ...]
    p_acorn: sympy.Rational = sympy.Integer(1)


def turns_to_tribute(state: AlderQuestState, minion: str) -> TributePlan | None:
    """The fewest activations for ``minion`` to carry an enemy Acorn into the canopy, the
    others standing still: through Acorns it knows (carried, or face up on the ground),
    else through the nearest unknown enemy tile (an Acorn with the chance given). None if
    there is no way. The first activation is the current one when the minion can still
    move now, else its next.

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> game = new_game(seed=3)
    >>> for a in ("faction Thieves", "faction Bards", "faction Guardians", "faction Hunters",
    ...           "hero lily", "hero wren", "hero clarence", "hero rusk", "hero maggie",
    ...           "hero tamsin"):
    ...     _ = game.apply(a)
    >>> game.minions["T01"] = {"team": 0, "space": "a1", "upgraded": False,
    ...                        "exhausted": False, "acorn": "b2", "judo": False,
    ...                        "stunned": False}
    >>> game.minion_decks["Thieves"].remove("T01")
    >>> plan = turns_to_tribute(game, "T01")
    >>> plan.turns, plan.canopy, plan.stops
    (2, '^b3', ('a3', '^b3'))
    """
    m = _minion(state, minion)
    team = m["team"]
    chances = _tile_chances(state, team)

    def activation(space: str, carry: bool, now: bool) -> Reach:
        """The minion's reach from ``space``: this activation (``now``), else a new one."""
        left, special_used = _moves_now(state, minion, fresh=not now)
        return _reach(state, minion, space, carry, left, special_used, chances)

    def search(targets: set[str]) -> tuple[int, str, tuple[str, ...], str] | None:
        """(turns, canopy, stops, via): breadth-first over whole activations."""
        now = _moves_now(state, minion, fresh=False)[0] > 0
        start = (m["space"], "carried" if m["acorn"] is not None else "")
        frontier: list[tuple[tuple[str, str], tuple[str, ...]]] = [(start, ())]
        seen = {(start[0], bool(start[1]))}
        for turn in range(1, MAX_TURNS + 1):
            later = []
            for (space, via), stops in frontier:
                reach = activation(space, bool(via), now and turn == 1)
                for place, route in sorted(reach.routes.items()):
                    if route.ends == "tribute":
                        return turn, place, stops + (place,), via
                    if route.ends not in ("move", "elbow"):
                        continue
                    got = via or next((s for s in route.path if s in targets), "")
                    if (place, bool(got)) not in seen:
                        seen.add((place, bool(got)))
                        later.append(((place, got), stops + (place,)))
            frontier = later
            if not frontier:
                return None
        return None

    fld = state.field
    known = {s for s in fld.ground if enemy_acorns_face_up(state.tiles, team, s)}
    found = search(known)
    if found is not None:
        turns, canopy, stops, via = found
        return TributePlan(turns, via, canopy, stops)
    colour = "rb"[1 - team]
    unknown = {s for s, tiles in state.tiles.items()
               if any(code[0] == colour and not up for code, up in tiles)}
    if not unknown:
        return None
    found = search(unknown)
    if found is None:
        return None
    odds = tile_odds(state, team)
    p_acorn = sum((odds.kinds.get(k, sympy.Integer(0)) for k in "123"), sympy.Integer(0))
    turns, canopy, stops, via = found
    return TributePlan(turns, via, canopy, stops, p_acorn)


def threats(state: AlderQuestState, team: int) -> dict[str, list[str]]:
    """Which of ``team``'s enemy minions can reach each space in their next activation
    (space -> minion ids): a ``team`` minion standing there can be attacked, an
    unrevealed ``team`` tile there can be met. Stunned enemy minions do not ready next
    turn and threaten nothing.

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> game = new_game(seed=3)
    >>> threats(game, 0)
    {}
    """
    game_state(state, AlderQuestState)
    whole_number(team, "team", minimum=0, maximum=1, why="0 is Red, 1 is Blue")
    out: dict[str, list[str]] = {}
    for mid, m in sorted(state.minions.items()):
        if m["team"] == team or m["space"] is None or m["stunned"]:
            continue
        for place, route in minion_reach(state, mid, fresh=True).routes.items():
            if route.ends != "confront":
                out.setdefault(place, []).append(mid)
    return out
