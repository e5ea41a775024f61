"""Adventure Land movement analysis (networkx) against the engine's own move rules."""

import networkx as nx
import pytest

from dungeoncraft_widgets import adventure_land as al
from dungeoncraft_widgets.adventure_land.actions import Move
from dungeoncraft_widgets.adventure_land.graph import (
    movement_graph,
    reachable,
    reachable_items,
    sprite_path,
    straight_moves,
)
from dungeoncraft_widgets.adventure_land.rules import (
    empty_position,
    place_adventurer,
    place_item,
    place_sprite,
)
from dungeoncraft_widgets.core import Rng
from dungeoncraft_widgets.core.errors import InvalidArgumentError


def positions(seeds, players=3):
    """Positions from random playouts where the player to act has made no move yet."""
    for seed in seeds:
        s = al.new_game(players=players, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            if s.fight is None and s.moves_made == 0 and rng.randbelow(3) == 0:
                yield s
            s.apply(rng.choice(s.legal_actions()))


def engine_reach(state, origin):
    """Fields the engine lets the adventurer at ``origin`` end on in 1 or 2 moves."""
    out = {f: 1 for f in state.destinations(origin)}
    for first in list(out):
        if state.board.get(first, " ")[0] == "F":
            continue  # a battle: the graph counts a fog field as the last stop
        after = state.copy()
        after.apply(Move(origin, first))
        if after.fight is None and after.current_player == state.current_player:
            for f in after.destinations(first):
                out.setdefault(f, 2)
    return out


def test_reachable_matches_the_engine_on_played_positions():
    checked = 0
    for s in positions(range(3)):
        for where, _c in s.adventurers[s.current_player]:
            if where == "box":
                continue
            assert set(reachable(s, where, moves=1)) == set(s.destinations(where))
            if checked < 60:
                assert reachable(s, where) == engine_reach(s, where), (where, s)
                checked += 1
    assert checked == 60


def test_straight_moves_rules():
    assert straight_moves(None, "K10") == set()
    assert straight_moves(None, "J10") == {"K10"}
    assert straight_moves(None, "row:2", sprite="C2") == {"A2", "B2"}
    assert straight_moves(None, "row:2", fog={"C2"}) == {"A2", "B2", "C2"}
    assert straight_moves(None, "E2", occupied={"E3", "E2"}) == {
        f"E{r}" for r in range(4, 11)} | {f"{c}2" for c in "FGHIJK"}


def test_reachable_fewest_moves_and_fog_last_stop():
    r = reachable(None, "A1", fog={"A5"})
    assert r["A4"] == 1 and r["A5"] == 1 and r["B4"] == 2 and "A6" not in r
    assert r["K10"] == 2 and "A1" not in r
    three = reachable(None, "A1", fog={"A5", "B1"}, moves=3)
    assert "A6" not in three                      # never west: column A is cut off at A5
    assert three["K10"] == 3                      # A1 -> A4 -> K4 -> K10
    assert "K10" not in reachable(None, "A1", fog={"A5", "B1"})
    one = reachable(None, "C3", moves=1)
    assert one == dict.fromkeys(straight_moves(None, "C3"), 1)


def test_movement_graph_shape():
    g = movement_graph(None, fog={"D7"}, sprite="E9", occupied={"B2"})
    assert isinstance(g, nx.DiGraph) and g.number_of_nodes() == 120
    assert g.out_degree("D7") == 0 and g.in_degree("E9") == 0 and g.in_degree("B2") == 0
    assert g.nodes["D7"]["kind"] == "fog" and g.nodes["row:1"]["kind"] == "lane"
    assert g.has_edge("A2", "C2")          # passing an adventurer


def test_the_position_comes_first_a_bare_board_answers_what_ifs():
    s = empty_position()
    place_item(s, "E5", "F12")
    place_adventurer(s, 0, "E2", 1)
    place_adventurer(s, 1, "E7")
    place_sprite(s, "F9")
    here = reachable(s, "E2")
    assert here == reachable(None, "E2", fog={"E5"}, sprite="F9", occupied={"E2", "E7"})
    assert here == reachable(s.view(1), "E2") == reachable(s.layout, "E2", fog={"E5"},
                                                           sprite="F9", occupied=set(s.at))
    assert "E6" not in here and "E6" in reachable(s, "E2", fog=())   # the creature away
    assert straight_moves(s, "E2") == set(s.destinations("E2"))
    assert movement_graph(s) is movement_graph(None, fog={"E5"}, sprite="F9",
                                               occupied={"E2", "E7"})
    assert sprite_path(s, "F9", "K4") == sprite_path(None, "F9", "K4")
    s.apply("move E2 E4")
    assert set(reachable(s, "E4").values()) == {1}                   # one move left
    with pytest.raises(InvalidArgumentError, match="where must be .*, not a str"):
        reachable("E2", "E3")


@pytest.mark.parametrize(("call", "message"), [
    (lambda: reachable(None, "L1"), "unknown field or lane"),
    (lambda: reachable(None, "A1", fog={"Z9"}), "fog: unknown field"),
    (lambda: reachable(None, "A1", fog={"E9"}, sprite="E9"), "both a fog"),
    (lambda: reachable(None, "A1", moves=0), "moves must be"),
    (lambda: reachable(None, "A1", moves=True), "moves must be"),
    (lambda: straight_moves(None, "A1", sprite="Q1"), "sprite: unknown"),
    (lambda: movement_graph(None, occupied={"B2"}, sprite="B2"), "both an adventurer"),
    (lambda: sprite_path(None, "A1", "E9"), "not a river field"),
])
def test_bad_input_is_refused(call, message):
    with pytest.raises(InvalidArgumentError, match=message):
        call()


def test_sprite_path_matches_the_engine():
    s = empty_position()
    place_sprite(s, "K4")
    place_adventurer(s, 1, "G8")
    place_adventurer(s, 1, "B8")
    s.deck.remove("C8")
    s.deck.append("C8")
    s.apply("end")
    swept = [e.data["field"] for e in s.log if e.kind == "swept" and e.player == 1]
    assert swept == ["G8"]
    passed = next(e.data["passed"] for e in s.log if e.kind == "sprite" and "passed" in e.data)
    assert passed == sprite_path(None, "K4", "C8")
    assert sprite_path(None, "C8", "K4")[-1] == "K4" and len(sprite_path(None, "A7", "K4")) == 17


def test_reachable_items_this_turn():
    s = empty_position()
    place_item(s, "C3", "G")
    place_item(s, "J9", "H3")
    place_item(s, "D7", "F8")
    items = reachable_items(s)
    assert items["C3"][:2] == (1, "G") and items["D7"][:2] == (1, "F8")
    assert items["J9"][0] == 2
    s.apply("move row:3 C3")
    s2 = reachable_items(s)
    assert all(d == 1 for d, _i, _o in s2.values())  # one move left


def test_engine_sprite_moves_follow_sprite_path():
    for seed in range(10):
        s = al.new_game(players=3, seed=seed)
        rng = Rng(seed)
        old = s.sprite
        while not s.is_over:
            before = len(s.log)
            s.apply(rng.choice(s.legal_actions()))
            for e in s.log[before:]:
                if e.kind == "sprite" and "passed" in e.data:
                    assert e.data["passed"] == sprite_path(None, old, e.data["field"])
                    old = e.data["field"]
