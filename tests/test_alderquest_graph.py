"""The Battlefield graph: minion_reach against every sequence of moves the engine allows,
the safest routes, tributes, threats; bad input refused."""

from __future__ import annotations

import copy

import pytest
import sympy
from alderquest_positions import build, setup

from dungeoncraft_widgets.alderquest import new_game
from dungeoncraft_widgets.alderquest.actions import Move
from dungeoncraft_widgets.alderquest.bots import TributeBot
from dungeoncraft_widgets.alderquest.graph import (
    battlefield_graph,
    minion_reach,
    threats,
    turns_to_tribute,
)
from dungeoncraft_widgets.alderquest.odds import tile_odds
from dungeoncraft_widgets.core.errors import InvalidArgumentError

AUTO = {"encounter": "dismiss", "carry": "leave", "trap": "destroy", "judo": "stand",
        "trigger": "decline"}


def settle(game):
    """Answer every decision the way that keeps the moving minion going (dismiss, leave,
    stand, decline; a tribute's first column; an effect's first target)."""
    while game.stack and not game.is_over:
        frame = game.stack[-1]
        answer = AUTO.get(frame["kind"])
        game.apply(answer if answer else game.legal_actions()[0])


def engine_targets(game, mid):
    """Every place the engine lets ``mid`` move to during its activation, by trying every
    sequence of its moves on copies of the game."""
    found = set()

    def walk(g):
        for action in g.legal_actions():
            if not isinstance(action, Move) or action.minion != mid:
                continue
            found.add(action.to)
            nxt = copy.deepcopy(g)
            nxt.apply(action)
            settle(nxt)
            if nxt.activation is not None and nxt.activation["minion"] == mid:
                walk(nxt)
    walk(game)
    return found


def mid_game_positions(count=8):
    """Positions from bot games where Red or Blue may move a ready minion."""
    out = []
    seed = 0
    while len(out) < count:
        game = new_game(seed=40 + seed)
        bots = {0: TributeBot(seed=seed), 1: TributeBot(seed=seed + 1)}
        for step in range(900):
            if game.is_over:
                break
            if step > 150 and step % 37 == 0 and game.phase == "play" and not game.stack \
                    and game.activation is None and game.step == "action":
                ready = [mid for mid, m in game.minions.items()
                         if m["team"] == game.current_team and not m["exhausted"]]
                if ready:
                    out.append((copy.deepcopy(game), ready[0]))
            player = game.current_player
            game.apply(bots[player].choose(game.view(player), game.legal_actions()))
        seed += 1
    return out


def test_battlefield_graph_edges():
    game = setup(seed=1)
    g = battlefield_graph(game)
    assert g.number_of_nodes() == 24 + 4 + 6
    assert sorted(g.predecessors("^c2")) == ["c2"] and sorted(g.successors("^c2")) == ["c2"]
    assert g.edges["c5", "rusk"]["kind"] == "confront" and g.edges["c5", "rusk"]["team"] == 0
    assert not g.has_edge("c3", "c4")  # the stump is no space
    assert g.edges["c2", "c4"]["kind"] == "flight"  # over the stump


def test_minion_reach_equals_every_move_the_engine_allows():
    checked = 0
    for game, mid in mid_game_positions():
        reach = minion_reach(game, mid)
        assert set(reach.routes) == engine_targets(game, mid), (mid, game.minions[mid])
        assert set(reach.first_steps) == set(game.destinations(mid))
        checked += 1
    assert checked >= 8
    # upgraded minions: Sneak, Flight, Charge and Speed, with enemies and allies about
    game = build(setup(seed=1), revealed=[], minions={
        "T06": {"team": 0, "space": "a1", "upgraded": True},      # charge
        "B06": {"team": 0, "space": "d2", "upgraded": True},      # flight (as Red's here)
        "H06": {"team": 0, "space": "e1", "upgraded": True},      # speed
        "T02": {"team": 0, "space": "b4", "upgraded": True},      # sneak
        "H07": {"team": 1, "space": "a4", "upgraded": True},
        "G06": {"team": 1, "space": "d4", "upgraded": True},      # judo
        "G01": {"team": 1, "space": "^b3"}},
        tiles={"b2": [("bt", False)], "a2": [("b2", True)]})
    for mid in ("T06", "B06", "H06", "T02"):
        reach = minion_reach(game, mid)
        assert set(reach.routes) == engine_targets(game, mid), mid
    assert minion_reach(game, "T06").routes["a4"].ends == "squabble"
    assert minion_reach(game, "H06").moves_left == 3


def test_routes_are_the_safest_and_carry_their_exact_trap_chance():
    game = build(setup(seed=1), revealed=[], minions={"T01": {"team": 0, "space": "a1"}},
                 tiles={"a2": [("bt", False)], "b2": [("b1", False), ("bs", False)]})
    view = game.view(0)
    reach = minion_reach(view, "T01")
    assert reach.routes["a2"].tiles_met == ("a2",) and reach.routes["a2"].trap_free is None
    assert reach.routes["a3"].path == ("a2", "a3")
    assert reach.routes["b2"].path == ("b1", "b2")  # both ways meet b2's two tiles
    assert reach.routes["c1"].trap_free is True and reach.routes["c1"].tiles_met == ()
    odds = tile_odds(view, 0)
    traps, unknown = odds.pool["t"], odds.unknown
    assert reach.routes["b2"].p_trap_free == sympy.Rational(
        (unknown - traps) * (unknown - traps - 1), unknown * (unknown - 1))
    assert reach.enemy_tiles == {"a2", "b2"}
    # the whole game (a teacher's look): the tiles are known, the trap is a trap
    full = minion_reach(game, "T01")
    assert full.routes["a2"].trap_free is False and full.routes["a2"].p_trap_free == 0
    assert full.routes["b2"].trap_free is True


def test_tribute_reach_and_the_fewest_turns():
    game = build(setup(seed=1), revealed=[],
                 minions={"T01": {"team": 0, "space": "b2", "acorn": "b2"},
                          "G01": {"team": 0, "space": "e2"}},
                 tiles={"e3": [("b1", True)], "d5": [("b3", False)]})
    reach = minion_reach(game, "T01")
    assert reach.tributes == {"^b3", "^c2"}  # b2 -> b3 -> ^b3, or b2 -> c2 -> ^c2
    assert turns_to_tribute(game, "T01").turns == 1
    plan = turns_to_tribute(game, "G01")  # to the face-up Acorn on e3, then to ^d3
    assert (plan.turns, plan.via, plan.canopy) == (2, "e3", "^d3")
    # played out on the engine: G01 picks up the Acorn and tributes in its second turn
    game.apply("move G01 e3")
    assert game.stack[-1]["kind"] == "carry"
    game.apply("carry b1")
    game.apply("move G01 d3")
    game.apply("draw")
    game.slot, game.revealed, game._legal = 0, [], None  # Red again (Blue passes)
    for m in game.minions.values():
        m["exhausted"] = False
    game.apply("move G01 ^d3")
    assert game.stack[-1]["kind"] == "tribute"
    # no known Acorn: through the nearest unknown enemy tile, with its chance
    game = build(setup(seed=1), revealed=[], minions={"T01": {"team": 0, "space": "a1"}},
                 tiles={"a3": [("b1", False)]})
    plan = turns_to_tribute(game.view(0), "T01")
    assert plan.via == "a3" and plan.p_acorn == sympy.Rational(15, 19)


def test_threats_next_turn():
    game = build(setup(seed=1), revealed=[],
                 minions={"T01": {"team": 0, "space": "c2"},
                          "H01": {"team": 1, "space": "c4", "exhausted": True},
                          "B01": {"team": 1, "space": "a5"}})
    danger = threats(game, 0)
    assert "H01" in danger["b3"] and "H01" in danger["d3"]  # exhausted now, ready next turn
    assert "c2" not in danger  # c4 to c2 is 3 moves round the stump
    game.minions["H01"]["stunned"] = True
    assert "H01" not in threats(game, 0).get("b3", [])


def test_bad_input_is_refused():
    game = setup(seed=1)
    with pytest.raises(InvalidArgumentError, match="not a minion on the Battlefield"):
        minion_reach(game, "Z99")
    with pytest.raises(InvalidArgumentError,
                       match=r"team must be a whole number from 0 to 1 \(0 is Red, 1 is Blue\), "
                             "not 5"):
        threats(game, 5)


def test_a_routes_trap_chance_is_the_exact_one_from_the_public_log():
    """The chance a route springs no trap agrees with tile_odds on the spaces it meets
    (tiles of one Set Tiles are not independent, so it is not the blind count)."""
    game = new_game(2, seed=5)
    bots = {0: TributeBot(seed=0), 1: TributeBot(seed=1)}
    checked = single = 0
    for step in range(400):
        seat = game.current_player
        view = game.view(seat)
        game.apply(bots[seat].choose(view, view.legal_actions()))
        if step % 25:
            continue
        view = game.view(0)
        odds = tile_odds(view, 0)
        for mid, m in game.minions.items():
            if m["team"] != 0 or m["space"] is None:
                continue
            for route in minion_reach(view, mid).routes.values():
                if route.tiles_met and route.trap_free is None:
                    assert odds.exact
                    assert route.p_trap_free == odds.p_no_trap_on(route.tiles_met)
                    checked += 1
                    # Independent of p_no_trap_on (which weighs the Set Tiles batches): a
                    # route meeting one face-down tile springs no trap with one minus that
                    # tile's own chance, from the per-tile stacks.
                    stacks = [odds.stacks[sp] for sp in route.tiles_met]
                    if len(stacks) == 1 and len(stacks[0]) == 1:
                        assert route.p_trap_free == 1 - stacks[0][0]
                        single += 1
                    # And a certainty must be the truth of the real game's hidden tiles.
                    real_trap = any(code == odds.colour + "t" and not up
                                    for sp in route.tiles_met for code, up in game.tiles[sp])
                    if route.p_trap_free in (0, 1):
                        assert (route.p_trap_free == 0) == real_trap
    assert checked and single
