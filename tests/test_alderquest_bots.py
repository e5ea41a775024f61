"""AlderQuest's bots: they play legal actions from their views, play toward winter as a
player would (issue 23: reveal the enemy's tiles, match Snowflakes when ahead), finish their
games, and lead random players on points."""

import statistics

import pytest
from alderquest_positions import build, setup

from dungeoncraft_widgets.alderquest import new_game
from dungeoncraft_widgets.alderquest.bots import (
    MatchBot,
    TributeBot,
    cascade_value,
    snowflake_plan,
)
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


def red_turn(game, bot, most=20):
    """Let ``bot`` play Red's actions (decisions included) until Blue is to act."""
    done = []
    while game.current_player == 0 and not game.is_over and len(done) < most:
        action = bot.choose(game.view(0), game.legal_actions())
        done.append(str(action))
        game.apply(action)
    return done


def test_a_bot_game_finishes_and_the_leader_wins():
    game = play(new_game(seed=101), {0: TributeBot(seed=1), 1: MatchBot(seed=8)}, 3000)
    assert game.is_over and "winter" in game.end_reason
    red, blue = game.standing(0), game.standing(1)
    assert game.winner() == ("red" if red > blue else "blue")


@pytest.mark.slow
def test_every_seeded_bot_game_ends_in_tens_of_turns():
    """Issue 23: 2, 3 and 4 players, Match- and Tribute-seekers in turn: every game reaches
    winter, in a few tens of turns per seat (benchmarks/alderquest.py prints the table)."""
    for players in (2, 3, 4):
        lengths = []
        for seed in range(6):
            game = new_game(players=players, seed=seed)
            kinds = (MatchBot, TributeBot)
            bots = {p: kinds[(p + seed) % 2](seed=seed * 10 + p) for p in range(players)}
            play(game, bots, 20_000)
            assert game.is_over and "winter" in game.end_reason, (players, seed)
            lengths.append(game.turn / len(game.slots))
        assert statistics.median(lengths) < 40, (players, lengths)


def test_a_minion_goes_to_reveal_the_enemys_face_down_tile():
    game = build(setup(seed=1), revealed=[], tiles={"b3": [("b1", False)]},
                 minions={"T01": {"team": 0, "space": "b1"}})
    done = red_turn(game, MatchBot(seed=1))
    assert done[:3] == ["move T01 b2", "move T01 b3", "reveal"]
    assert "b3" not in game.tiles and game.minions["T01"]["acorn"] == "b1"


def test_ahead_a_bot_plays_two_moves_that_match_a_snowflake():
    # Row 1 reads bs G T H and row 2 - b1 b2 G: swapping B1:B2 and then C1:C2 lines up
    # bs, b1 and b2 (no single move does it). Red leads, so winter is welcome.
    board = [["bs"], ["G", "b1"], ["T", "b2"], ["H", "G"]]
    game = build(setup(seed=1), board=board, revealed=[], collections=(["b3"], []))
    first, worth = snowflake_plan(game.view(0), 0)
    assert first in (("swap", "B1", "B2"), ("swap", "C1", "C2")) and worth > 0
    done = red_turn(game, MatchBot(seed=1))
    assert done[0].startswith("swap") and game.snowflakes == ["bs"] and game.points(0) == 6
    # behind, the same Board is left alone
    game = build(setup(seed=1), board=board, revealed=[], collections=([], ["r3"]))
    assert snowflake_plan(game.view(0), 0) is not None  # it could, but it is behind:
    red_turn(game, MatchBot(seed=1))
    assert game.snowflakes == []


def test_ahead_a_minion_steps_off_its_own_snowflake():
    # nothing else to do: no enemy tile out, Blue's tiles all in hand (no Hero Squabble)
    def first(collections):
        blue = ["b1"] * 8 + ["b2"] * 5 + ["b3"] * 2 + ["bs"] * 2 + ["bt"] * 2
        for code in collections[0]:
            blue.remove(code)
        game = build(setup(seed=1), revealed=[], tiles={"a2": [("rs", False)]},
                     hands=([], blue), minions={"T01": {"team": 0, "space": "a2"}},
                     collections=collections)
        return red_turn(game, MatchBot(seed=1))[0]

    assert first((["b1"], [])) in ("move T01 a1", "move T01 a3", "move T01 b2")
    assert first(([], ["r1"])) == "draw"  # behind: it stays


def test_snowflakes_are_set_in_the_enemys_way_unless_behind():
    def where(collections):
        game = setup(seed=1)
        game.step = "set"
        build(game, hands=(["rs"], []), collections=collections)
        action = MatchBot(seed=1).choose(game.view(0), game.legal_actions())
        return game.field.row(action.space)

    assert where(([], [])) == 4  # next to Blue's spawn (the spaces in front of row 5)
    assert where(([], ["r2"])) == 1  # behind: as far from Blue as it can


def test_with_no_enemy_tile_left_a_minion_confronts_a_hero():
    game = build(setup(seed=1), revealed=[], minions={"T01": {"team": 0, "space": "c4"}})
    assert game.teams[1]["pouch"]  # a Hero Squabble makes Blue draw 2 tiles (L150)
    done = red_turn(game, MatchBot(seed=1), most=3)
    assert done[:2] == ["move T01 c5", "move T01 rusk"]
    assert "T01" not in game.minions and len(game.teams[1]["hand"]) == 2


def test_a_team_that_cannot_win_any_more_stops_holding_winter_off():
    """Blue has all 24 points of Red's Acorns: Red can at best tie, so it takes the match
    that brings the fourth Snowflake (a team only behind leaves it alone)."""
    red_acorns = ["r1"] * 8 + ["r2"] * 5 + ["r3"] * 2

    def drop(blue_collection):
        game = build(setup(seed=1), board=[["b1"], ["bs"], [], []], revealed=["b2"],
                     snowflakes=["rs", "rs", "bs"], collections=(["b3"], blue_collection))
        return str(MatchBot(seed=1).choose(game.view(0), game.legal_actions()))

    assert drop(red_acorns) == "drop b2 C"  # 3 + 3 points, winter: over, Blue wins
    assert drop(["r3", "r3", "r2", "r2"]) != "drop b2 C"  # 3 to 10: it can still win


def test_ahead_a_bot_does_not_summon_onto_its_own_snowflake():
    for seed in range(6):
        game = build(setup(seed=1), revealed=[], held=(["T", "T"], []),
                     tiles={"b1": [("rs", False)]}, collections=(["b1"], []))
        action = str(MatchBot(seed=seed).choose(game.view(0), game.legal_actions()))
        assert action.startswith("summon") and action != "summon lily T"  # b1: Lily's


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
