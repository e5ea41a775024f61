"""The games as OpenSpiel games (dungeoncraft_widgets.openspiel, the ``openspiel`` extra).

OpenSpiel's own random simulation test plays each game; the rest checks what OpenSpiel's
algorithms rely on and its test cannot see: action ids, information-state strings and
resampling.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from dungeoncraft_widgets import GAMES, demo_game, openspiel
from dungeoncraft_widgets.core.rng import Rng

# (game, players, simulations): every game with 2 players (Dubious Alliance needs 3), one
# game with another count too. AlderQuest's random games run to some 11,000 actions (up to
# 23,000), each step checked by OpenSpiel's test: one game takes about a minute, hence slow.
SIMULATIONS = [("adventure_land", 2, 2), ("adventure_land", 3, 1), ("hero_vs_guardian", 2, 1),
               ("dubious_alliance", 3, 2), ("dobbers", 2, 1),
               pytest.param("alderquest", 2, 1, marks=pytest.mark.slow)]


@pytest.mark.parametrize(("name", "players", "sims"), SIMULATIONS)
def test_openspiel_random_simulation_accepts_every_game(name, players, sims):
    game = openspiel.load_game(name, players=players)
    assert game.num_players() == players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_the_demo_game_with_its_own_search_hooks_passes_the_random_simulation():
    for players in (2, 3):
        game = openspiel.load_game(demo_game, players=players)
        assert game.num_players() == players
        pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_every_game_is_registered_with_pyspiel_by_name():
    for name in GAMES:
        openspiel.register(name)
    names = pyspiel.registered_names()
    assert {f"python_dcw_{name}" for name in GAMES} <= set(names)
    game = pyspiel.load_game("python_dcw_dobbers(players=3)")
    assert game.num_players() == 3 and game.get_type().short_name == "python_dcw_dobbers"
    state = game.new_initial_state()
    assert state.current_player() in range(3) and state.legal_actions()


def test_a_game_offers_its_own_player_counts_only():
    with pytest.raises(ValueError, match="players must be 3 to 7"):
        openspiel.load_game("dubious_alliance", players=2)
    with pytest.raises(ValueError, match="no game named"):
        openspiel.load_game("chess")


def played(game, actions):
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def test_the_same_information_state_gives_the_same_action_ids():
    """Samples of one information state (ISMCTS's tree is keyed by it) number the same
    actions the same way, whatever the hidden cards are."""
    game = openspiel.load_game(demo_game, players=2)
    state = played(game, [0, 0, 0])  # draw, draw, draw: player 2 to move, holding a card
    player = state.current_player()
    key = state.information_state_string(player)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    wordings = set()
    for _ in range(20):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == key
        wordings.add(tuple(sample.action_to_string(player, a) for a in sample.legal_actions()))
    assert len(wordings) == 1
    ids = state.legal_actions()
    assert ids == list(range(len(ids)))
    texts = [state.action_to_string(player, a) for a in ids]
    assert texts == sorted(texts) and wordings == {tuple(texts)}


def test_an_action_id_is_its_place_among_the_legal_actions_sorted_by_text():
    game = openspiel.load_game("hero_vs_guardian", players=2)
    state = game.new_initial_state()
    rng = Rng(4)
    for _ in range(30):
        legal = sorted(state.engine.legal_actions(), key=str)
        assert [state.action_to_string(state.current_player(), a)
                for a in state.legal_actions()] == [str(a) for a in legal]
        choice = rng.choice(legal)
        state.apply_action(legal.index(choice))
        assert state.engine.history[-1] == choice


def test_information_state_strings_agree_exactly_when_the_views_do():
    """Player 2 cannot tell deals apart after player 1 draws (one face-down card); player 1
    sees the card drawn, so different cards give player 1 different strings."""
    game = openspiel.load_game(demo_game, players=2)
    states = [played(game, [0]) for _ in range(6)]  # each new state is the next seed's deal
    drawn = [s.engine.hands[0][0] for s in states]
    assert len(set(drawn)) > 1
    assert len({s.information_state_string(1) for s in states}) == 1
    for a, card_a in zip(states, drawn, strict=True):
        for b, card_b in zip(states, drawn, strict=True):
            same = a.information_state_string(0) == b.information_state_string(0)
            assert same == (card_a == card_b)
    # The observation has no memory but shows the position: it too tells the cards apart.
    assert len({s.observation_string(0) for s in states}) == len(set(drawn))
    assert states[0].information_state_string(0) != states[0].information_state_string(1)


def test_the_information_state_remembers_what_the_position_forgets():
    """Two lines of play reaching one position: the same observation, different histories
    (who drew which card first), so different information states."""
    game = openspiel.load_game(demo_game, players=2, seed=7)
    first = played(game, [0, 0])  # both draw
    game = openspiel.load_game(demo_game, players=2, seed=7)
    second = played(game, [0, 0])
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.observation_string(1) == second.observation_string(1)
    # after more moves the log lines counted in the string grow
    assert '"log_lines":2' in first.information_state_string(0)


def test_resampling_keeps_the_information_state_and_draws_the_rest():
    game = openspiel.load_game(demo_game, players=3)
    state = played(game, [0, 0, 0, 0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(30):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.current_player() == player and not sample.is_terminal()
        others.add(tuple(map(tuple, sample.engine.hands)))
        # a sample plays on: a whole game, not a view
        sample.apply_action(sample.legal_actions()[0])
    assert len(others) > 1  # the hidden cards differ from sample to sample


def test_a_resample_uses_the_stand_in_when_given_one():
    calls = []

    def sample_hidden(view, rng):
        calls.append(view.viewer)
        return demo_game.SEARCH.sample_hidden(view, rng)

    game = openspiel.load_game(demo_game, players=2, sample_hidden=sample_hidden)
    state = played(game, [0])
    state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert calls == [1]


def test_a_clone_carries_the_rng_and_plays_on_alike():
    game = openspiel.load_game("adventure_land", players=2)
    state = game.new_initial_state()
    twin = state.clone()
    for _ in range(25):
        if state.is_terminal():
            break
        action = state.legal_actions()[-1]
        state.apply_action(action)
        twin.apply_action(action)
        assert twin.information_state_string(0) == state.information_state_string(0)
    assert twin.engine.to_json() == state.engine.to_json()
    assert twin.history() == state.history()


def test_returns_are_the_results_of_the_finished_game():
    game = openspiel.load_game(demo_game, players=3)
    state = game.new_initial_state()
    assert state.returns() == [0.0, 0.0, 0.0]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    results = state.returns()
    assert results == [demo_game.evaluate(state.engine, seat) for seat in range(3)]
    assert sorted(results) in ([0.0, 0.0, 1.0], [0.0, 0.5, 0.5], [1 / 3] * 3)
    assert state.rewards() == results


def test_a_position_with_more_actions_than_the_bound_is_refused_clearly():
    game = openspiel.load_game(demo_game, players=2)
    state = played(game, [0])
    state.get_game().bound = 1  # player 2 may draw only: 1 action, within the bound
    assert state.legal_actions() == [0]
    state = played(game, [0, 0])  # player 1 may draw or play: 2 actions
    with pytest.raises(openspiel.TooManyActionsError, match="more than num_distinct_actions"):
        state.sorted_actions()


def test_openspiel_ismcts_plays_a_game_to_its_end():
    game = openspiel.load_game(demo_game, players=2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(3))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20,
                           random_state=np.random.RandomState(5))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_the_match_against_openspiel_ismcts_counts_every_game_and_times_both_sides():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from openspiel_match import openspiel_match

    row = openspiel_match("demo_game", games=2, seconds_per_move=0.02, seed=3)
    assert row["wins"] + row["ties"] + row["losses"] == 2 and row["players"] == 2
    assert 0.0 <= row["score"] <= 1.0
    assert row["moves_ours"] > 0 and row["moves_ismcts"] > 0
    assert row["simulations"] >= 2 and row["rate"] > 0
    assert row["seconds_ours"] < 1.0 and row["seconds_ismcts"] < 1.0  # 0.02 s, on a busy machine
