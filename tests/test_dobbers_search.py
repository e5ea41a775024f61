"""Dobbers' hooks for the search bot (core.search): a sample of the hidden cards shows what
the view shows and is a real game, the evaluation and the playout policy, and the bot."""

from __future__ import annotations

import pytest

from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.dobbers import new_game
from dungeoncraft_widgets.dobbers.actions import Challenge
from dungeoncraft_widgets.dobbers.bots import (
    SEARCH,
    RaceBot,
    evaluate,
    odds,
    sample_hidden,
    search_bot,
)

# (players, seed, actions played by RaceBots first): set-up, early, mid and late game.
POINTS = [(2, 1, 0), (2, 3, 3), (2, 5, 40), (2, 7, 150), (3, 2, 90), (4, 4, 60), (1, 6, 80),
          (3, 8, 200)]


def _game(players: int, seed: int, steps: int, **options):
    game = new_game(players, seed=seed, **options)
    play_bots(game, {p: RaceBot(seed=seed * 10 + p) for p in range(players)},
              max_actions=steps)
    return game


def _sizes(zones: dict) -> dict:
    return {name: len(pieces) for name, pieces in zones.items()}


def _random_to_end(state, seed: int) -> None:
    rng = Rng(seed)
    for _ in range(30_000):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("a random game from the sample did not end")


@pytest.mark.parametrize(("players", "seed", "steps"), POINTS)
def test_sample_shows_what_the_view_shows(players, seed, steps):
    game = _game(players, seed, steps)
    assert not game.is_over
    for p in range(players):
        view = game.view(p)
        for k in range(3):
            sample = sample_hidden(view, Rng(100 * k + p))
            assert sample.viewer is None and sample.rng is not None
            again = sample.view(p)
            assert again._dump() == view._dump()
            assert _sizes(sample.hidden_zones(p)) == _sizes(game.hidden_zones(p))
            assert sample.components() == game.expected_components()
            if game.current_player == p:
                assert sample.legal_actions() == game.legal_actions()
                assert again.legal_actions() == view.legal_actions()
        _random_to_end(sample_hidden(view, Rng(p)), seed)


def test_sample_with_events_and_variants_is_consistent():
    for seed in (2, 9):
        game = _game(2, seed, 120, events=True, variant_a=True, variant_b=True)
        for p in range(2):
            view = game.view(p)
            sample = sample_hidden(view, Rng(seed))
            assert sample.view(p)._dump() == view._dump()
            assert sample.components() == game.expected_components()


def test_sample_varies_and_reads_only_the_view():
    game = _game(2, 5, 60)
    view = game.view(0)
    first = sample_hidden(view, Rng(1))
    hands = {tuple(sample_hidden(view, Rng(k)).decks[1]) for k in range(6)}
    assert len(hands) > 1  # the hidden cards are drawn at random
    # Another game with the same view (a sample) gives the same samples for the same rng.
    other_view = first.view(0)
    for k in range(4):
        assert sample_hidden(other_view, Rng(k))._dump() == sample_hidden(view, Rng(k))._dump()
    # and the real hidden cards are not what it copies: some sample differs from the game
    assert any(sample_hidden(view, Rng(k)).decks[1] != game.decks[1] for k in range(6))


def test_a_covered_card_is_filled_with_a_card_of_its_icon():
    for seed in range(6):
        game = _game(2, seed, 250)
        for p in range(2):
            sample = sample_hidden(game.view(p), Rng(seed))
            for square, stack in game.stacks.items():
                for (real, up), (guess, up2) in zip(stack, sample.stacks[square], strict=True):
                    assert up == up2 and game.cards.back(real) == game.cards.back(guess)


def test_evaluate_in_play_and_at_the_end():
    for players, seed in ((2, 1), (3, 2), (4, 3), (1, 4), (2, 8)):
        game = new_game(players, seed=seed)
        bots = {p: RaceBot(seed=p) for p in range(players)}
        while not game.is_over:
            for p in range(players):
                assert 0.0 <= evaluate(game, p) <= 1.0
            play_bots(game, bots, max_actions=25)
        for p in range(players):
            assert evaluate(game, p) == float(game.scores()[p])
    stopped = new_game(2, seed=3, round_limit=1)
    play_bots(stopped, {0: RandomBot(1), 1: RandomBot(2)})
    assert stopped.end_reason == "round limit"
    assert [evaluate(stopped, p) for p in range(2)] == [0.0, 0.0]


def test_evaluate_prefers_the_leader():
    game = _game(2, 7, 150)
    game.position[0], game.position[1] = game.board.route_to_key(game.position[1])[-2], \
        game.board.route_to_key(game.position[1])[0]
    assert evaluate(game, 0) > 0.5 > evaluate(game, 1)


def test_odds_of_a_challenge():
    for seed in range(10):
        game = _game(2, seed, 120)
        p = game.current_player
        for action in game.legal_actions():
            text = odds(game.view(p), action)
            assert (text is None) == (not isinstance(action, Challenge))


def test_search_bot_chooses_a_legal_action_and_plays_a_game():
    game = _game(2, 5, 50)
    p = game.current_player
    legal = game.legal_actions()
    assert search_bot("hard", seed=1).choose(game.view(p), legal) in legal
    game = new_game(2, seed=11)
    play_bots(game, {0: search_bot("easy", seed=2), 1: RaceBot(seed=3)})
    assert game.is_over
    assert set(SEARCH.budgets) == {"easy", "medium", "hard"}


def test_searched_decisions_are_legal_and_read_only_the_view():
    from dungeoncraft_widgets.core.search import with_budget

    searched = 0
    for seed in (3, 4):
        game = new_game(2, seed=seed)
        racers = {p: RaceBot(seed=p) for p in range(2)}
        while not game.is_over and searched < 3:
            p = game.current_player
            legal = game.legal_actions()
            view = game.view(p)
            bot = with_budget(search_bot("hard", seed=seed), iterations=6, seconds=None)
            action = bot.choose(view, legal)
            assert action in legal
            if len(bot.report.choices) > 1:  # a searched decision: the same from a sample
                searched += 1
                twin = sample_hidden(view, Rng(seed)).view(p)
                again = with_budget(search_bot("hard", seed=seed), iterations=6, seconds=None)
                assert again.choose(twin, legal) == action
                assert bot.explain().startswith(str(action))
            game.apply(racers[p].choose(view, legal))
    assert searched == 3
