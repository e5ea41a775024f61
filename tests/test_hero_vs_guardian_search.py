"""Hero versus Guardian's hooks for the search bot (core/search.py): sampling the hidden
cards from a view, the evaluation, the playout policy and the bot itself."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.search import SearchBot
from dungeoncraft_widgets.hero_vs_guardian import new_game
from dungeoncraft_widgets.hero_vs_guardian.bots import (
    BUDGETS,
    SEARCH,
    GuardianBot,
    HeroBot,
    evaluate,
    odds,
    sample_hidden,
    search_bot,
)
from dungeoncraft_widgets.hero_vs_guardian.rules import check_position


def _bots(players: int, seed: int) -> dict:
    bots = {h: HeroBot(seed=seed + h) for h in range(players - 1)}
    bots[players - 1] = GuardianBot(seed=seed)
    return bots


def _positions(players: int, seed: int, every: int):
    """Positions of a game of today's bots, every ``every`` actions (the game itself, so
    copy what is kept), and the finished game last."""
    game, bots = new_game(players=players, seed=seed), _bots(players, seed)
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        p = game.current_player
        game.apply(bots[p].choose(game.view(p), game.legal_actions()))
        step += 1
    yield game


def _sizes(zones: dict) -> dict:
    return {name: len(cards) for name, cards in zones.items()}


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_a_sample_shows_what_the_view_shows(players, seed):
    checked = 0
    for game in _positions(players, seed, every=9):
        for p in range(players):
            view = game.view(p)
            sample = sample_hidden(view, Rng(seed * 1000 + checked))
            checked += 1
            assert sample.viewer is None and sample.rng is not None
            check_position(sample)  # a real game: every card once, each where it may be
            assert sample.view(p)._dump() == view._dump()
            assert _sizes(sample.hidden_zones(p)) == _sizes(game.hidden_zones(p))
            if p == game.current_player:
                assert sample.legal_actions() == game.legal_actions()
    assert checked > 40


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (4, 7)])
def test_a_sample_is_a_game_random_play_finishes(players, seed):
    for i, game in enumerate(_positions(players, seed, every=60)):
        if game.is_over:
            continue
        p = game.current_player
        sample = sample_hidden(game.view(p), Rng(i))
        bot = RandomBot(seed=i)
        for _ in range(20_000):
            if sample.is_over:
                break
            sample.apply(bot.choose(sample, sample.legal_actions()))
        assert sample.is_over


def _mid_game(players: int, seed: int, steps: int):
    game, bots = new_game(players=players, seed=seed), _bots(players, seed)
    for _ in range(steps):
        p = game.current_player
        game.apply(bots[p].choose(game.view(p), game.legal_actions()))
    return game


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 8, 5), (2, 9, 80), (3, 10, 120)])
def test_samples_vary_and_read_only_the_view(players, seed, steps):
    game = _mid_game(players, seed, steps)
    for p in range(players):
        view = game.view(p)
        dumps = {repr(sample_hidden(view, Rng(k))._dump()) for k in range(6)}
        assert len(dumps) > 1  # something is hidden from every seat: the decks at least
        # Another game with the same view (a sample of this one) gives the same samples.
        other = sample_hidden(view, Rng(99))
        assert other.view(p)._dump() == view._dump()
        assert other._dump() != game._dump() or p == game.guardian
        for k in range(3):
            assert (sample_hidden(other.view(p), Rng(k))._dump()
                    == sample_hidden(view, Rng(k))._dump())


def test_a_hero_sample_keeps_the_rooms_he_has_seen():
    # Today's Hero Scouts: the rooms he saw at a Scouted location are where he saw them.
    for game in _positions(2, 11, every=5):
        scouted = [loc for loc, t in game.tokens.items() if t == "scout"]
        if scouted:
            break
    else:
        pytest.fail("no Scout in the game")
    for k in range(5):
        sample = sample_hidden(game.view(0), Rng(k))
        for loc in scouted:
            assert sample.grid[loc] == game.grid[loc]


def test_evaluate_is_a_chance_and_the_result_at_the_end():
    results = set()
    for players, seed in [(2, 12), (2, 13), (3, 14), (2, 17)]:  # a tie, two lost, one won
        for game in _positions(players, seed, every=15):
            values = [evaluate(game, s) for s in range(players)]
            assert all(0 <= v <= 1 for v in values)
            if game.is_over:
                winner = game.winner()
                results.add(winner)
                for s in range(players):
                    hero = s != game.guardian
                    want = 0.5 if winner == "tie" else float((winner == "heroes") == hero)
                    assert values[s] == want
            else:
                # The Heroes' seats share their team's chance; the Guardian has the rest.
                assert len(set(values[:-1])) == 1
                assert values[-1] == pytest.approx(1 - values[0])
    assert results == {"heroes", "guardian", "tie"}


def test_a_lead_is_worth_more():
    game = _mid_game(2, 18, 120)
    before = evaluate(game, 0)
    game.captured.append(game.adv_deck.pop())  # the Guardian captures 1-2 points more
    assert evaluate(game, 0) < before


def test_odds_are_exact_fractions_for_the_heros_rolls():
    from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
    from dungeoncraft_widgets.hero_vs_guardian.actions import Enter, Order, Roll, Venture
    game = scout_venture_position("venture", ["A01"], ["D10"], seed=4)
    assert odds(game.view(0), Venture("A1")) == "23/48 to clear A1 with Cleric (A01)"
    game.apply(Venture("A1"))
    game.apply(Order("A01"))
    game.apply(Enter())
    assert game.attempt["stage"] == "roll"
    assert odds(game.view(0), Roll()).endswith("for this roll")
    assert odds(game.view(1), Roll()).split()[0].count("/") == 1


def test_the_search_bot_chooses_a_legal_move():
    game = _mid_game(2, 21, 60)
    p = game.current_player
    legal = game.legal_actions()
    bot = search_bot("hard", seed=1)
    action = bot.choose(game.view(p), legal)
    assert action in legal
    assert bot.report.failed == 0
    assert bot.explain().startswith(str(action))
    assert set(BUDGETS) == {"easy", "medium", "hard"} and SEARCH.name == "hero_vs_guardian"


def test_the_search_bot_reads_only_the_view():
    game = _mid_game(2, 22, 90)
    p = game.current_player
    other = sample_hidden(game.view(p), Rng(5))  # another game with the same view
    budget = replace(BUDGETS["easy"], seconds=None)
    chosen = [SearchBot(SEARCH, "easy", 3, budget=budget).choose(g.view(p), g.legal_actions())
              for g in (game, other)]
    assert chosen[0] == chosen[1]


@pytest.mark.parametrize("side", [0, 1])
def test_an_easy_search_bot_finishes_a_game_against_todays_bot(side):
    game, bots = new_game(players=2, seed=23 + side), _bots(2, 23)
    bots[side] = search_bot("easy", seed=side)
    for _ in range(3000):
        if game.is_over:
            break
        p = game.current_player
        game.apply(bots[p].choose(game.view(p), game.legal_actions()))
    assert game.is_over
