"""Adventure Land bots: legal, deterministic, and the greedy bot beats the random one."""

import pytest

from dungeoncraft_widgets.adventure_land import new_game
from dungeoncraft_widgets.adventure_land.actions import GiveUp, Herb, Swords
from dungeoncraft_widgets.adventure_land.bots import GreedyBot, expected_win_chance, play_game
from dungeoncraft_widgets.adventure_land.rules import (
    empty_position,
    fight_position,
    place_item,
)
from dungeoncraft_widgets.core.bots import RandomBot


@pytest.mark.parametrize("adventure", [1, 2, 3])
def test_greedy_beats_random(adventure):
    wins = 0
    for seed in range(6):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed)]
        bots[seat] = GreedyBot(seed)
        scores = play_game(new_game(players=2, seed=seed, adventure=adventure), bots)
        wins += scores[seat] > scores[1 - seat]
    assert wins >= 5


def test_greedy_games_with_more_players_are_legal_and_repeatable():
    for players in (3, 4):
        a = new_game(players=players, seed=9)
        b = new_game(players=players, seed=9)
        play_game(a, [GreedyBot(p) for p in range(players)])
        play_game(b, [GreedyBot(p) for p in range(players)])
        assert a.is_over and a.to_json() == b.to_json()


def test_greedy_takes_the_best_item_in_reach():
    s = empty_position()
    place_item(s, "C3", "S1")
    place_item(s, "J3", "G")
    action = GreedyBot().choose(s.view(0), s.legal_actions())
    assert action.to == "J3"                 # gold (2 points) before a sword


def test_greedy_avoids_a_hopeless_battle():
    s = empty_position()
    place_item(s, "C3", "F16")
    action = GreedyBot().choose(s.view(0), s.legal_actions())
    assert str(action) == "end"


def test_greedy_battle_decisions():
    s = fight_position(12, companions=2, swords=(2, 1, 0, 3), herbs=(4,), gold=1, seed=1)
    first = GreedyBot().choose(s.view(0), s.legal_actions())
    assert isinstance(first, Swords) and first in s.legal_actions()
    s.apply(first)
    while s.fight is not None:
        action = GreedyBot().choose(s.view(0), s.legal_actions())
        assert action in s.legal_actions()
        s.apply(action)
    hopeless = fight_position(16, herbs=(2,), seed=2)
    hopeless.apply("swords -")
    assert isinstance(GreedyBot().choose(hopeless.view(0), hopeless.legal_actions()),
                      (GiveUp, Herb))


def test_expected_win_chance_orders_fights():
    weak = expected_win_chance(14, 0, (), (), 0)
    strong = expected_win_chance(14, 3, (3, 2, 1), (4,), 2)
    assert 0 <= weak < strong <= 1
