"""The Dobbers bot: legal, finishing, far better than random play, and a solo racer within
the rulebook's verdict table."""

from statistics import median

import pytest

from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.dobbers import load_cards, new_game
from dungeoncraft_widgets.dobbers.bots import RaceBot, card_value, expected_need
from dungeoncraft_widgets.dobbers.rules import position


def play(game, bots):
    steps = 0
    while not game.is_over:
        player = game.current_player
        legal = game.legal_actions()
        action = bots[player].choose(game.view(player), legal)
        assert action in legal
        game.apply(action)
        steps += 1
    return steps


def test_racers_finish_two_and_four_player_games():
    for players in (2, 4):
        game = new_game(players, seed=30 + players)
        play(game, {p: RaceBot(seed=p) for p in range(players)})
        assert game.end_reason == "key" and game.winner is not None


def test_the_racer_beats_random_play():
    wins = 0
    for seed in range(6):
        game = new_game(2, seed=200 + seed)
        racer = seed % 2
        play_bots(game, {racer: RaceBot(seed=seed), 1 - racer: RandomBot(seed=seed)})
        wins += game.winner == racer
    assert wins == 6


def test_the_solo_racer_lands_in_the_verdict_table():
    turns = []
    for seed in range(6):
        game = new_game(1, seed=300 + seed)
        play_bots(game, {0: RaceBot(seed=seed)})
        assert game.winner == 0 and game.solo_verdict() is not None
        turns.append(game.turns[0] + 1)
    assert 12 <= median(turns) <= 22


GEAR = {"weapon": "silver_sword", "armor": "iron_bark", "item": "compass"}
DEVELOPED = ["forest_path", "forest_path", "rot"]  # a deck past its start: it blocks
WEST = ["A", "T1", "E1", "T3", "E2", "T4", "E3", "T5", "E7", "T11"]
EAST = ["C", "T6", "E4", "T8", "E5", "T9", "E6", "T10", "E7", "T11"]


def racer_choice(mine, rivals, influence, **stacks):
    """What the RaceBot does with ``influence`` left once its cards are played, standing at
    the end of ``mine`` (a trail) while its rival stands at the end of ``rivals``."""
    game = position(2, heroes=["toby", "herb"], hand=DEVELOPED, equipped=GEAR, at=mine[-1],
                    trail=mine, stacks=stacks)
    p = game.turn_player
    game.position[1 - p], game.trail[1 - p] = rivals[-1], rivals
    game.turn["influence"] = influence
    game.turn["used"] = dict(GEAR)
    game.turn["played"], game.discards[p] = list(game.hands[p]), game.discards[p] + game.hands[p]
    game.hands[p] = []
    game._legal = None
    return RaceBot().choose(game.view(p), game.legal_actions())


def test_the_racer_builds_a_stack_under_itself_when_a_rival_is_right_behind():
    action = racer_choice(WEST[:9], EAST[:8], 6)
    assert str(action).startswith("place L") and action.square == "E7"


def test_the_racer_puts_a_creature_ahead_of_the_leader():
    action = racer_choice(WEST[:7], EAST, 8, E8=["hollow_oak"])
    assert str(action).startswith("place C") and action.square == "E8"


def test_the_racer_reads_only_what_its_view_shows():
    game = position(2, heroes=["toby", "herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    seen = game.view(game.turn_player)
    guess = expected_need(seen, game.turn_player, "E2")
    assert guess != game.stack_needs(game.turn_player, "E2")  # it cannot see 3 + 4
    assert 3 < guess < 12


def test_card_values_rank_upgrades():
    cards = load_cards()
    assert card_value(cards, "silver_sword") > card_value(cards, "dobber_spear") > \
        card_value(cards, "wooden_knife")


@pytest.mark.parametrize("kind", ["cull", "loot"])
def test_the_racer_answers_choices(kind):
    if kind == "cull":
        game = position(heroes=["herb"], hand=["cull", "bottle_cap", "silver"])
        game.apply("play cull")
        action = RaceBot().choose(game.view(game.turn_player), game.legal_actions())
        assert str(action) == "choose hand bottle_cap"
    else:
        game = position(heroes=["toby", "herb"], at="T3",
                        stacks={"E2": ["hollow_oak", "silver_sword", "giant_rat"]},
                        equipped={"weapon": "wooden_knife"})
        game.turn["red"] = 20
        game._legal = None
        game.apply("challenge E2")
        game.apply("fight")
        action = RaceBot().choose(game.view(game.turn_player), game.legal_actions())
        assert str(action) == "choose hand silver_sword"
