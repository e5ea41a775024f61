"""Dungeon mapping with networkx: targetable locations and the likeliest route."""

import math
from fractions import Fraction

import networkx as nx
import pytest
import sympy

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.hero_vs_guardian import LOCATIONS, new_game, scout_venture_position
from dungeoncraft_widgets.hero_vs_guardian.dungeon import neighbours, side_locations, targetable
from dungeoncraft_widgets.hero_vs_guardian.graph import (
    dungeon_graph,
    most_likely_route,
    targetable_locations,
)

EDGE = sorted({loc for side in ("north", "south", "west", "east") for loc in side_locations(side)},
              key=LOCATIONS.index)


def brute_targetable(entries, mapped):
    """Straight from the rulebook: flood the Mapped locations from the Entries."""
    joined = set()
    changed = True
    while changed:
        changed = False
        for loc in mapped:
            if loc not in joined and (loc in entries or any(n in joined for n in neighbours(loc))):
                joined.add(loc)
                changed = True
    out = {e for e in entries if e not in mapped}
    for loc in joined:
        out |= {n for n in neighbours(loc) if n not in mapped}
    return out


def test_graph_shape():
    g = dungeon_graph(None, entries=["A1", "D4"], mapped=["B1"])
    assert g.number_of_nodes() == 16 and g.number_of_edges() == 24
    assert not g.has_edge("A1", "B2")                  # never diagonal
    assert g.nodes["B1"]["mapped"] and g.nodes["D4"]["entry"]
    bare = dungeon_graph()
    assert bare.number_of_edges() == 24 and not any(d["entry"] for _, d in bare.nodes(data=True))


def test_the_state_comes_first_and_keywords_ask_of_another_dungeon():
    game = scout_venture_position("venture", ["A01"], ["D10"])   # Entries A1 west, D1 east
    game.tokens = {"A1": "map"}
    assert targetable_locations(game) == game.targetable() == {"A2", "B1", "D1"}
    assert dungeon_graph(game).nodes["A1"]["mapped"] and dungeon_graph(game).nodes["D1"]["entry"]
    assert targetable_locations(game, mapped=[]) == {"A1", "D1"}
    assert targetable_locations(game.view(0), entries=["D4"]) == {"D4"}
    chances = {"B1": 1, "C1": "1/2"}
    assert most_likely_route(game, "C1", chances).path == ("A1", "B1", "C1")
    assert most_likely_route(game, "C1", chances, mapped=["A1", "B1"]).probability == \
        sympy.Rational(1, 2)
    with pytest.raises(InvalidArgumentError, match="state must be a HeroVsGuardianState"):
        targetable_locations("A1")
    with pytest.raises(InvalidArgumentError, match="at least one Entry"):
        targetable_locations(new_game(seed=1))   # no Entry placed yet


def test_targetable_matches_rules_and_brute_force():
    rng = Rng(11)
    for _ in range(300):
        entries = [rng.choice(EDGE), rng.choice(EDGE)]
        mapped = [loc for loc in LOCATIONS if rng.randbelow(3) == 0]
        expected = brute_targetable(entries, mapped)
        assert targetable_locations(None, entries=entries, mapped=mapped) == expected
        assert targetable(entries, mapped) == expected


def test_isolated_mapped_location_opens_nothing():
    assert targetable_locations(None, entries=["A1"], mapped=["C3"]) == {"A1"}
    assert targetable_locations(None, entries=["A1"], mapped=["A1", "C3"]) == {"A2", "B1"}


@pytest.mark.parametrize(("entries", "mapped", "message"), [
    (["B2"], [], "not on the outside edge"),
    (["A5"], [], "A1-D4"),
    (["A1"], ["E1"], "A1-D4"),
    ([], [], "at least one Entry"),
    ("A1", [], "list of locations"),
])
def test_bad_input(entries, mapped, message):
    with pytest.raises(InvalidArgumentError, match=message):
        targetable_locations(None, entries=entries, mapped=mapped)


def all_routes(target, chances, entries, mapped):
    """Every simple path from an Entry to the target through passable locations."""
    g = dungeon_graph(None, entries=entries, mapped=mapped)
    ok = {loc for loc in LOCATIONS if loc in mapped or chances.get(loc, 0) > 0}
    sub = g.subgraph(ok)
    for e in entries:
        if e in ok and target in ok:
            yield from nx.all_simple_paths(sub, e, target) if e != target else [[e]]


def test_route_is_the_most_likely_and_exact():
    rng = Rng(5)
    for _ in range(40):
        chances = {loc: Fraction(rng.randint(1, 6), 6) for loc in LOCATIONS
                   if rng.randbelow(5)}
        mapped = ["A1"] if rng.randbelow(2) else []
        entries = ["A1", "D4"]
        target = rng.choice([loc for loc in LOCATIONS if loc in chances])
        routes = list(all_routes(target, chances, entries, mapped))
        if not routes:
            with pytest.raises(InvalidArgumentError, match="no route"):
                most_likely_route(None, target, chances, entries=entries, mapped=mapped)
            continue
        best = max(sympy.prod([sympy.Rational(chances[loc].numerator, chances[loc].denominator)
                               for loc in path if loc not in mapped]) for path in routes)
        route = most_likely_route(None, target, chances, entries=entries, mapped=mapped)
        assert isinstance(route.probability, sympy.Rational)
        assert route.probability == best
        assert route.path[-1] == target and route.path[0] in entries


def test_route_probability_against_monte_carlo():
    chances = {"A1": "5/6", "A2": "1/2", "B2": "2/3", "B1": "1/6", "C2": "1/2"}
    route = most_likely_route(None, "C2", chances, entries=["A1"])
    assert route.path == ("A1", "A2", "B2", "C2")
    assert route.probability == sympy.Rational(5, 36)
    # A dungeon drawn at random from the chances given (not from the route's own steps):
    # each location passable with its chance; the route is reached when all of it is.
    given = {loc: Fraction(text) for loc, text in chances.items()}
    rng = Rng(2024)
    trials = 20000
    reached = 0
    for _ in range(trials):
        passable = {loc for loc, p in given.items()
                    if rng.randbelow(p.denominator) < p.numerator}
        reached += set(route.path) <= passable
    p = float(route.probability)
    se = math.sqrt(p * (1 - p) / trials)
    assert abs(reached / trials - p) < 4 * se
    # The nearest wrong answer (the entry's own chance left out: 1/6) is rejected.
    assert abs(reached / trials - 1 / 6) > 4 * se


def test_route_bad_chances():
    with pytest.raises(InvalidArgumentError, match="exact probability"):
        most_likely_route(None, "A2", {"A1": 0.5, "A2": 1}, entries=["A1"])
    with pytest.raises(InvalidArgumentError, match="between 0 and 1"):
        most_likely_route(None, "A2", {"A1": 2, "A2": 1}, entries=["A1"])
    with pytest.raises(InvalidArgumentError, match="target"):
        most_likely_route(None, "Q9", {}, entries=["A1"])
