"""The Dobbers board as a graph: reachability against the engine's own moves, the way to
the Key, and where a Defeat sends the Hero."""

from __future__ import annotations

import pytest
import sympy

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.dobbers import load_board, new_game, position
from dungeoncraft_widgets.dobbers.actions import Challenge, Move
from dungeoncraft_widgets.dobbers.graph import board_graph, path_to_key, reachable
from dungeoncraft_widgets.dobbers.odds import stack_cases

BOARD = load_board()
#: A position for questions about the board itself: Toby (no ability), no token, no stack.
BARE = position(at="A")


def test_the_graph_is_the_board():
    graph = board_graph(BOARD)
    assert set(graph.nodes) == set(BOARD.squares)
    assert graph.number_of_edges() == len(BOARD.paths)
    for a, b, shield in BOARD.paths:
        assert graph[a][b]["weight"] == shield
    assert graph.nodes["A"]["letter"] == "A" and graph.nodes["E5"]["number"] == 5


def brute_reach(origin, budget, gates, first=0, extra=0):
    """Every walk of the board within the budget (no networkx): the cheapest cost."""
    best = {}

    def walk(here, spent, first_move):
        for there, shield in BOARD.neighbours[here].items():
            cost = (max(0, shield - first) + extra) if first_move else shield
            total = spent + cost
            if total > budget or best.get(there, budget + 1) <= total:
                continue
            best[there] = total
            if there not in gates:
                walk(there, total, False)

    walk(origin, 0, True)
    best.pop(origin, None)
    return best


@pytest.mark.parametrize("origin", ["A", "E1", "E7", "T12"])
@pytest.mark.parametrize("budget", [0, 2, 5, 9])
def test_reachable_is_the_cheapest_walk(origin, budget):
    gates = {"E2", "E8", "E5"}
    assert reachable(BARE, square=origin, travel_points=budget, stacks=gates) == \
        brute_reach(origin, budget, gates)
    assert reachable(BARE, square=origin, travel_points=budget, stacks=gates, tokens=1,
                     first_shield=2) == brute_reach(origin, budget, gates, first=2, extra=1)


def engine_reach(game):
    """Every square the engine lets the player to act get to this turn, by its own moves
    (a Challenge reaches the stack's square and ends the way there)."""
    seen, todo = {}, [(game, 0)]
    while todo:
        state, spent = todo.pop()
        p = state.turn_player
        before = state.turn["blue"] + state.turn["red"]
        for action in state.legal_actions():
            if not isinstance(action, (Move, Challenge)):
                continue
            nxt = state.copy()
            nxt.apply(action)
            cost = spent + before - (nxt.turn["blue"] + nxt.turn["red"])
            square = action.square
            if square in seen and seen[square] <= cost:
                continue
            seen[square] = cost
            if isinstance(action, Move) and nxt.turn_player == p and not nxt.is_over:
                todo.append((nxt, cost))
    seen.pop(game.position[game.turn_player], None)
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_reachable_in_a_game_is_where_the_engine_lets_you_go(seed):
    rng = Rng(seed)
    heroes = ["bramble", "brindle", "toby"][seed % 3]
    here = rng.choice(sorted(BOARD.squares))
    hand = ["forest_path", "endurance", "hearty_mushroom"][: 1 + seed % 3]
    game = position(heroes=[heroes], hand=hand, at=here, trail=[here],
                    stacks={"E2": ["hollow_oak"], "E7": ["castle_walls", "giant_rat"]},
                    tokens=["travel-1"] if seed % 2 else ())
    p = game.turn_player
    for card in hand:
        game.apply(f"play {card}")
    while game.pending is not None:     # a drawn card asks nothing here, but be safe
        game.apply(game.legal_actions()[0])
    assert reachable(game) == engine_reach(game)
    assert reachable(game.view(p)) == reachable(game)


def test_a_hero_on_the_key_travels_no_more_and_bad_input_is_named():
    game = position(heroes=["toby"], at="E12")
    game.arrivals.append(game.turn_player)
    assert reachable(game) == {}
    with pytest.raises(InvalidArgumentError, match="square must be a square of the board, "
                                                   "not 'Z9'"):
        reachable(BARE, square="Z9", travel_points=3)
    with pytest.raises(InvalidArgumentError, match="travel_points must be a whole number"):
        reachable(BARE, travel_points=-1)
    with pytest.raises(InvalidArgumentError, match="state must be a DobbersState"):
        path_to_key(BOARD)  # the analysis takes a game, a view or a position first
    with pytest.raises(InvalidArgumentError, match="only the player whose turn"):
        reachable(game, player=1 - game.turn_player)


def test_the_way_to_the_key_on_a_bare_board_is_the_fewest_moves_on_this_tree():
    for square in BOARD.squares:
        path = path_to_key(BARE, square=square)
        assert path.squares == BOARD.route_to_key(square)
        assert path.shields == sum(BOARD.shield(a, b) for a, b in
                                   zip(path.squares, path.squares[1:], strict=False))
        assert path.needs == 0


def test_the_way_to_the_key_weighs_the_stacks_as_the_player_knows_them():
    game = position(heroes=["herb", "toby"], at="T12",
                    stacks={"E9": ["castle_walls", "tree_golem"], "E12": ["hollow_oak"]})
    p = game.turn_player
    view = game.view(p)
    path = path_to_key(view)
    e9 = next(s for s in path.steps if s.square == "E9")
    cases = stack_cases(view, p, "E9")
    assert e9.need == sum(c.chance * c.need for c in cases) and not e9.known
    assert sum(e9.back.values()) == 1
    e12 = path.steps[-1]
    # Hollow Oak's art side (cost 2, capacity 2) is no other Location's: its need is known
    assert e12.need == game.stack_needs(p, "E12") and e12.known
    # The whole game knows the cards: the needs are the engine's.
    full = path_to_key(game)
    assert [s.need for s in full.stacks] == [game.stack_needs(p, "E9"),
                                             game.stack_needs(p, "E12")]
    assert all(s.known for s in full.stacks)
    assert full.total == full.shields + full.needs


def test_a_defeat_lands_where_the_path_says():
    """Herb, weak, walks to E9 and loses: the engine sends him where path_to_key said."""
    game = position(heroes=["herb"], hand=["forest_path", "forest_path"], at="T12",
                    trail=["E8", "T12"], stacks={"E9": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    step = next(s for s in path_to_key(game).steps if s.square == "E9")
    assert set(step.back.values()) == {sympy.Integer(1)}
    game.apply("play forest_path")
    game.apply("play forest_path")
    game.apply("challenge E9")
    game.apply("fight")
    while game.pending is not None:
        game.apply(game.legal_actions()[0])
    assert game.position[p] == next(iter(step.back))


def test_defeats_in_random_games_land_where_the_path_says():
    """Random games: a Challenge onto the next square on the way to the Key that is lost
    sends the Hero where path_to_key (reading the whole game: the cards known) said."""
    checked = 0
    for seed in range(30):
        game = new_game(2, seed=seed)
        rng = Rng(seed)
        while not game.is_over and len(game.history) < 300 and checked < 6:
            legal = game.legal_actions()
            p = game.current_player
            fights = [a for a in legal if isinstance(a, Challenge)] \
                if p == game.turn_player and game.phase == "main" else []
            ahead = path_to_key(game, player=p).steps[0] if fights else None
            fight = next((a for a in fights if ahead and a.square == ahead.square), None)
            if fight is None:
                game.apply(rng.choice(legal))
                continue
            game.apply(fight)
            mark = len(game.log)
            game.apply("fight")
            lost = any(e.kind == "defeat" for e in game.log[mark:])
            while game.pending is not None:
                game.apply(rng.choice(game.legal_actions()))
            if lost:
                assert list(ahead.back) == [game.position[p]], (seed, ahead)
                checked += 1
    assert checked >= 3
