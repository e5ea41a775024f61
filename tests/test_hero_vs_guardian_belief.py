"""The Hero's belief about face-down rooms (issue 18): enumeration and the real engine."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
import sympy

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.hero_vs_guardian import (
    location_chance,
    map_chance,
    resolve_attempt_position,
    room_belief,
    scout_venture_position,
)


def small_position():
    """A1 and two other places face down; one deck room (D18) restocked among them."""
    game = scout_venture_position("venture", ["A06", "A01"], ["D10"], seed=1)
    hidden_places = ["A1", "C3", "D4"]
    game.grid["C3"].append("D18")                # a deck room Restocked beside C3's room
    game.dungeon_deck.remove("D18")
    game.face_up = [r for loc, rooms in game.grid.items() if loc not in hidden_places
                    for r in rooms]
    return game, hidden_places


def test_belief_equals_enumeration_of_every_arrangement():
    game, places = small_position()
    view = game.view(0)
    slots = [(loc, i) for loc in places for i in range(len(game.grid[loc]))]
    seen = set(view.face_up)
    unseen = [c for c in game.cards.dungeon if game.cards.is_room(c) and c not in seen]
    must = [c for c in unseen if c in game.cards.start_rooms]
    maybe = [c for c in unseen if c not in must]
    free = len(slots) - len(must)
    counts: Counter = Counter()
    total = 0
    for extra in itertools.combinations(maybe, free):    # which deck rooms are down there
        for arrangement in itertools.permutations(must + list(extra)):   # and where
            here = tuple(sorted(c for (loc, _), c in zip(slots, arrangement, strict=True)
                                if loc == "A1"))
            counts[here] += 1
            total += 1
    enumerated = {k: Fraction(v, total) for k, v in counts.items()}
    belief = room_belief(view, "A1")
    assert {k: Fraction(int(p.p), int(p.q)) for k, p in belief.cases} == enumerated
    assert sum(p for _, p in belief.cases) == 1 and len(must) == 3 and free == 1


def test_known_rooms_are_not_guessed():
    game = scout_venture_position("scout", ["A01"], ["D10"], seed=4)
    game.rng.state = 5
    for text in ("scout A1", "order A01", "enter"):
        game.apply(text)
    while game.attempt is not None:
        game.apply(game.legal_actions()[0])
    belief = room_belief(game.view(0), "A1")
    assert belief.known == ("D10",) and belief.hidden == 0     # seen, untouched since
    other = room_belief(game.view(0), "B1")
    assert all("D10" not in rooms for rooms, _ in other.cases)


def test_location_chance_matches_the_engine_by_monte_carlo():
    """Rooms drawn as the assumption says, each Venture played by the real engine."""
    game = scout_venture_position("venture", ["A06", "A01"], ["D10"], seed=2)
    exact = location_chance(game.view(0), "venture", "A1", ["A06", "A01"]).p_all
    rooms = list(game.cards.start_rooms)               # all 16 face down: A1 is any of them
    rng, runs, wins = Rng(7), 2000, 0
    for seed in range(runs):
        room = rooms[rng.randbelow(len(rooms))]
        out = resolve_attempt_position("venture", ["A06", "A01"], [room], seed=seed)
        wins += out["all_done"]
    p = float(exact)
    assert abs(wins / runs - p) < 4 * math.sqrt(p * (1 - p) / runs)
    assert isinstance(exact, sympy.Rational)


def test_map_chance_for_the_guardian_matches_the_engine():
    game = scout_venture_position("venture", ["A06", "A01"], ["D06"], seed=1)
    exact = map_chance(game, "A1")
    runs = 1500
    wins = sum(resolve_attempt_position("venture", ["A06", "A01"], ["D06"], seed=s)["all_done"]
               for s in range(runs))
    p = float(exact)
    assert abs(wins / runs - p) < 4 * math.sqrt(p * (1 - p) / runs)
    assert map_chance(game, "C3") == 0                 # not reachable next round
    with pytest.raises(InvalidArgumentError):
        map_chance(game, "A1", ["D06", "D07", "D08"])


def test_the_vault_and_its_points_in_the_belief():
    game, _ = small_position()
    belief = room_belief(game.view(0), "C3")
    assert belief.hidden == 2
    vault = belief.chance(lambda card: card["kind"] == "vault")
    assert 0 < vault < 1
    assert sum(belief.points().values()) == 1
    assert "at random" in str(belief)
