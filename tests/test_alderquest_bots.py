"""AlderQuest's bots: they play legal actions from their views, finish games, and lead
random players on points."""

import pytest

from dungeoncraft_widgets.alderquest import new_game
from dungeoncraft_widgets.alderquest.bots import MatchBot, TributeBot, cascade_value
from dungeoncraft_widgets.core.bots import RandomBot


def play(game, bots, limit):
    for _ in range(limit):
        if game.is_over:
            break
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal
        game.apply(action)
    return game


def test_tribute_bot_against_match_bot_finishes():
    game = play(new_game(seed=101), {0: TributeBot(seed=1), 1: MatchBot(seed=8)}, 3000)
    assert game.is_over and game.winner() == "red"
    assert game.points(0) > game.points(1)


@pytest.mark.parametrize("bot", [MatchBot, TributeBot])
def test_bots_lead_random_players(bot):
    leads = 0
    for seed in range(2):
        game = play(new_game(seed=300 + seed), {0: bot(seed=seed), 1: RandomBot(seed=seed)},
                    800)
        leads += game.points(0) > game.points(1)
    assert leads == 2


def test_bots_play_the_team_game():
    game = play(new_game(players=4, seed=5),
                {0: TributeBot(seed=1), 1: MatchBot(seed=2), 2: TributeBot(seed=3),
                 3: RandomBot(seed=4)}, 600)
    assert game.turn > 10


def test_cascade_value_prefers_ally_matches():
    game = new_game(seed=1)
    for f in ("Thieves", "Bards", "Guardians", "Hunters"):
        game.apply(f"faction {f}")
    game.board = [["T"], ["T"], [], ["B"]]
    assert cascade_value(game, 0, [("drop", "C", "T")]) == 3  # Red collects 3 Thieves
    assert cascade_value(game, 1, [("drop", "C", "T")]) == 0  # Blue discards them
