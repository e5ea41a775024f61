"""Dungeon mapping with networkx: where the Hero may go, and the likeliest way to the Vault.

The dungeon is a 4x4 grid graph on the locations ``A1``..``D4`` (orthogonal
neighbours only, never diagonal). The Hero may Scout or Venture a location
that is not Mapped and is either an Entry location or orthogonally next to a
Mapped location joined to an Entry through Mapped locations.

Every function takes the state (a game, or a player's view) first, and reads its Entries
and Map Tokens; ``entries=`` and ``mapped=`` ask the same of another dungeon (with
``state=None``, of a dungeon typed in).

>>> from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
>>> game = scout_venture_position("venture", ["A01"], ["D10"])     # Entries at A1 and D1
>>> sorted(targetable_locations(game)), sorted(targetable_locations(game, mapped=["A1", "A2"]))
(['A1', 'D1'], ['A3', 'B1', 'B2', 'D1'])
>>> route = most_likely_route(None, "C1", {"B1": "1/2", "C1": "2/3", "A2": 1},
...                           entries=["A1", "D4"], mapped=["A1"])
>>> route.path, route.probability
(('A1', 'B1', 'C1'), 1/3)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx
import sympy

from ..core.checks import game_state
from ..core.english import chance as chance_words
from ..core.errors import InvalidArgumentError
from .dungeon import LOCATIONS, SIDES, check_location, neighbours, side_locations
from .rules import HeroVsGuardianState

__all__ = ["Route", "dungeon_graph", "most_likely_route", "targetable_locations"]

_SOURCE = "entrance"  # a virtual node joined to every Entry location, for routing


def _locations(what: str, values: Iterable[str] | None) -> list[str]:
    if values is None:
        return []
    if isinstance(values, str):
        raise InvalidArgumentError(f"{what} must be a list of locations, not the text {values!r}")
    if not isinstance(values, (list, tuple, set, frozenset)):
        raise InvalidArgumentError(f"{what} must be a list of locations, not "
                                   f"{type(values).__name__}")
    if len(values) > len(LOCATIONS):  # before reading them: there are only 16 locations
        raise InvalidArgumentError(f"{what}: at most {len(LOCATIONS)} locations (the dungeon "
                                   f"has 16), not {len(values)}")
    return [check_location(v, f"{what}: a location") for v in values]


def _entries(entries: Iterable[str]) -> list[str]:
    out = _locations("entries", entries)
    if not out:
        raise InvalidArgumentError("entries: at least one Entry location is needed")
    edge = {loc for side in SIDES for loc in side_locations(side)}
    for loc in out:
        if loc not in edge:
            raise InvalidArgumentError(
                f"entries: {loc} is not on the outside edge (an Entry Token lies on the edge of "
                "an exterior location: column A or D, row 1 or 4)")
    return out


def _dungeon(state: HeroVsGuardianState | None, entries: Iterable[str] | None,
             mapped: Iterable[str] | None) -> tuple[Iterable[str], Iterable[str]]:
    """The Entries and Mapped locations asked about: ``state``'s, unless given."""
    if state is not None:
        game_state(state, HeroVsGuardianState)
        entries = state.entry_locations() if entries is None else entries
        mapped = sorted(state.mapped(), key=LOCATIONS.index) if mapped is None else mapped
    return (() if entries is None else entries), (() if mapped is None else mapped)


def dungeon_graph(state: HeroVsGuardianState | None = None, *,
                  entries: Iterable[str] | None = None,
                  mapped: Iterable[str] | None = None) -> nx.Graph:
    """The 4x4 dungeon of ``state`` (or the bare grid, with None) as a networkx graph; nodes
    carry ``mapped``, ``entry``, ``col``, ``row``.

    >>> g = dungeon_graph(None, entries=["A1"], mapped=["A1"])
    >>> g.number_of_nodes(), g.number_of_edges(), g.nodes["A1"]["mapped"]
    (16, 24, True)
    """
    entries, mapped = _dungeon(state, entries, mapped)
    entry_set = set(_entries(entries)) if entries else set()
    mapped_set = set(_locations("mapped", mapped))
    g = nx.Graph()
    for loc in LOCATIONS:
        g.add_node(loc, col="ABCD".index(loc[0]), row=int(loc[1]) - 1,
                   mapped=loc in mapped_set, entry=loc in entry_set)
    for loc in LOCATIONS:
        for n in neighbours(loc):
            g.add_edge(loc, n)
    return g


def targetable_locations(state: HeroVsGuardianState | None, *,
                         entries: Iterable[str] | None = None,
                         mapped: Iterable[str] | None = None) -> set[str]:
    """Locations the Hero may Scout or Venture in ``state`` (never diagonal, never isolated):
    what ``state.targetable()`` answers, with networkx.

    ``entries``: the Entry locations (on the outside edge), ``mapped``: the locations with a
    Map Token, if not ``state``'s. Raises InvalidArgumentError for a name outside A1-D4, an
    Entry not on the edge, or no Entry at all (before the Guardian places them).

    >>> sorted(targetable_locations(None, entries=["B1", "C4"], mapped=[]))
    ['B1', 'C4']
    >>> sorted(targetable_locations(None, entries=["A1", "D4"], mapped=["A1", "C3"]))
    ['A2', 'B1', 'D4']
    """
    entries, mapped = _dungeon(state, entries, mapped)
    entry_list = _entries(entries)
    g = dungeon_graph(None, entries=entry_list, mapped=mapped)
    mapped_nodes = [n for n, d in g.nodes(data=True) if d["mapped"]]
    reached: set[str] = set()
    sub = g.subgraph(mapped_nodes)
    for component in nx.connected_components(sub):
        if component & set(entry_list):
            reached |= component
    out = {e for e in entry_list if not g.nodes[e]["mapped"]}
    for loc in reached:
        out.update(n for n in g.neighbors(loc) if not g.nodes[n]["mapped"])
    return out


@dataclass(frozen=True)
class Route:
    """The likeliest route: ``path`` from an Entry to the target, ``probability`` (exact) that
    every unmapped location on it is Ventured, ``steps`` (location, chance) to Venture."""

    path: tuple[str, ...]
    probability: sympy.Rational
    steps: tuple[tuple[str, sympy.Rational], ...]

    def __str__(self) -> str:
        return f"{' > '.join(self.path)}: {chance_words(self.probability)}"


def _chance(loc: str, value: object) -> Fraction:
    try:
        if isinstance(value, float):
            raise TypeError
        p = Fraction(str(value)) if not isinstance(value, (int, Fraction)) else Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise InvalidArgumentError(
            f"chances[{loc!r}] must be an exact probability (int, Fraction, sympy Rational or "
            f"text like '1/2'), not {value!r}") from None
    if not 0 <= p <= 1:
        raise InvalidArgumentError(f"chances[{loc!r}] must be between 0 and 1, not {value!r}")
    return p


def most_likely_route(state: HeroVsGuardianState | None, target: str,
                      chances: Mapping[str, object], *, entries: Iterable[str] | None = None,
                      mapped: Iterable[str] | None = None) -> Route:
    """The route to ``target`` in ``state``'s dungeon most likely to be Ventured through,
    with its exact probability (``entries``, ``mapped``: of another dungeon).

    ``chances`` maps unmapped locations to the chance of Venturing them (exact numbers);
    a missing location or chance 0 is impassable; Mapped locations cost nothing. The route
    is a shortest path on weights ``-log p`` (the product of chances is largest); the
    probability is then multiplied exactly. Raises InvalidArgumentError if no route exists.

    >>> r = most_likely_route(None, "B2", {"A2": "1/2", "B1": "1/4", "B2": "1/2"},
    ...                       entries=["A1"], mapped=["A1"])
    >>> r.path, r.probability
    (('A1', 'A2', 'B2'), 1/4)
    >>> print(r)
    A1 > A2 > B2: 1/4 = 25.0%
    """
    entries, mapped = _dungeon(state, entries, mapped)
    target = check_location(target, "target")
    entry_list = _entries(entries)
    g = dungeon_graph(None, entries=entry_list, mapped=mapped)
    if not isinstance(chances, Mapping):
        raise InvalidArgumentError("chances must be a mapping location -> probability")
    exact = {check_location(loc, "chances: a location"): _chance(loc, p)
             for loc, p in chances.items()}
    # Directed copy: entering a location costs -log(p) of that location (a Ventured
    # location is then Mapped, so the route may go on from it).
    d = nx.DiGraph()
    cost: dict[str, Fraction] = {}
    for loc in LOCATIONS:
        cost[loc] = Fraction(1) if g.nodes[loc]["mapped"] else exact.get(loc, Fraction(0))
    for u, v in g.edges():
        for a, b in ((u, v), (v, u)):
            if cost[a] > 0 and cost[b] > 0:
                d.add_edge(a, b, weight=-math.log(cost[b]))
    for e in entry_list:
        if cost[e] > 0:
            d.add_edge(_SOURCE, e, weight=-math.log(cost[e]))
    if _SOURCE not in d or target not in d or not nx.has_path(d, _SOURCE, target):
        raise InvalidArgumentError(f"no route to {target}: every way passes an impassable "
                                   "location (chance 0 or not given)")
    path = nx.shortest_path(d, _SOURCE, target, weight="weight")[1:]
    steps = tuple((loc, sympy.Rational(cost[loc].numerator, cost[loc].denominator))
                  for loc in path if not g.nodes[loc]["mapped"])
    probability = sympy.Integer(1)
    for _loc, p in steps:
        probability *= p
    return Route(tuple(path), sympy.Rational(probability), steps)
