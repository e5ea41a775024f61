"""The search bot (core/search.py) in every game: it reads only its seat's view, it
never gives up on a sampled game, it explains itself, and games between search bots end.

The per-game hooks (sample_hidden, evaluate, playout) have their own tests in
tests/test_<game>_search.py; these hold for every game alike.
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from dungeoncraft_widgets import GAMES, demo_game
from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.search import (
    LEVELS,
    Budget,
    SearchBot,
    SearchGame,
    search_bot,
    search_game,
)

NAMES = [*GAMES, "demo_game"]


def module(name):
    return demo_game if name == "demo_game" else GAMES[name]


def small(search: SearchGame) -> Budget:
    """The hard level's playouts with few iterations and no clock: repeatable and quick."""
    return dataclasses.replace(search.budgets["hard"], iterations=12, seconds=None)


def positions(name, seeds=(1, 2), steps=(0, 7, 30)):
    """Positions with a decision to make (two legal actions or more), from play by the
    game's advisor (today's bot) where it has one, else random play."""
    advisor = search_game(name).advisor or (lambda seed: RandomBot(seed=seed))
    for seed in seeds:
        state = module(name).new_game(players=2 if name != "dubious_alliance" else 4, seed=seed)
        bots = {p: advisor(seed * 10 + p) for p in range(len(state.players))}
        done = 0
        for target in steps:
            while done < target and not state.is_over:
                p = state.current_player
                state.apply(bots[p].choose(state.view(p), state.legal_actions()))
                done += 1
            # on to the next decision with a choice in it
            while not state.is_over and len(state.legal_actions()) < 2:
                p = state.current_player
                state.apply(bots[p].choose(state.view(p), state.legal_actions()))
                done += 1
            if state.is_over:
                break
            yield state.copy()


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_search_bot_at_every_level(name):
    search = search_game(name)
    assert search.name == name
    for level in LEVELS:
        bot = search_bot(name, level)
        assert bot.budget == search.budgets[level]
    hard, medium, easy = (search.budgets[x] for x in ("hard", "medium", "easy"))
    assert hard.iterations >= medium.iterations >= easy.iterations
    assert hard.seconds is not None and hard.seconds <= 1.0
    assert medium.seconds is not None and medium.seconds <= 0.2


@pytest.mark.parametrize("name", NAMES)
def test_the_bot_reads_only_the_view(name):
    """Its choice is the same whether it is handed the real game's view or the view of
    another game that shows the seat the same (a sample of what it cannot see)."""
    search = search_game(name)
    checked = searched = 0
    for state in positions(name, steps=(0, 7, 30, 80)):
        seat = state.current_player
        view = state.view(seat)
        other = search.sample_hidden(view, Rng(99 + checked))
        assert other.view(seat)._dump() == view._dump()
        legal = state.legal_actions()
        assert other.legal_actions() == legal
        before = view._dump()
        first = SearchBot(search, "hard", seed=5, budget=small(search))
        second = SearchBot(search, "hard", seed=5, budget=small(search))
        assert first.choose(view, legal) == second.choose(other.view(seat), legal)
        assert view._dump() == before  # the bot changed nothing in what it was handed
        assert first.report.failed == 0 and second.report.failed == 0
        # (a routine move, a game's candidates hook says, is played without a search)
        assert first.report.iterations in (0, 12)
        searched += first.report.iterations > 0
        checked += 1
    assert checked >= 3 and searched >= 1


@pytest.mark.parametrize("name", NAMES)
def test_the_bot_says_why(name):
    search = search_game(name)
    for state in positions(name, seeds=(3, 4), steps=(10, 40, 90)):
        seat = state.current_player
        bot = SearchBot(search, "easy", seed=1, budget=small(search))
        action = bot.choose(state.view(seat), state.legal_actions())
        if bot.report.iterations:
            break
    else:
        raise AssertionError("no position with a searched move")
    text = bot.explain()
    assert text.startswith(str(action)) and text.endswith(".")
    assert "sampled game" in text and "%" in text
    assert bot.explain(lambda a: "Do it").startswith("Do it: ")


def test_levels_and_games_are_checked():
    with pytest.raises(InvalidArgumentError, match="level must be one of easy, medium, hard"):
        search_bot("demo_game", "expert")
    with pytest.raises(InvalidArgumentError, match="no game called 'chess'"):
        search_bot("chess")
    with pytest.raises(InvalidArgumentError, match="game must be a SearchGame"):
        SearchBot("demo_game")
    with pytest.raises(InvalidArgumentError, match="no level 'hard'"):
        SearchGame("x", demo_game.sample_hidden, demo_game.evaluate, demo_game.playout,
                   budgets={"easy": Budget(1, 1), "medium": Budget(1, 1)})
    bot = search_bot("demo_game", "easy")
    assert bot.explain() == "No move chosen yet."
    with pytest.raises(InvalidArgumentError, match="no legal action"):
        bot.choose(demo_game.new_game(seed=1).view(0), [])


def test_a_lone_legal_action_is_taken_without_search():
    game = demo_game.new_game(players=2, seed=4)
    bot = search_bot("demo_game", "hard")
    legal = game.legal_actions()[:1]
    assert bot.choose(game.view(0), legal) == legal[0]
    assert bot.explain() == f"{legal[0]}: the only legal move."


@pytest.mark.slow
def test_search_beats_random_play_in_the_demo_game():
    """A check that the search searches: the demo game rewards holding cards back
    (the points go to whoever plays them), which random play does not do."""
    won = 0.0
    for seed in range(24):
        game = demo_game.new_game(players=2, seed=seed)
        seat = seed % 2
        bots = {seat: SearchBot(demo_game.SEARCH, "hard", seed=seed),
                1 - seat: RandomBot(seed=seed)}
        while not game.is_over:
            p = game.current_player
            game.apply(bots[p].choose(game.view(p), game.legal_actions()))
        won += demo_game.evaluate(game, seat)
    assert won >= 16  # random play against random play: about 12


@pytest.mark.parametrize(("name", "players"),
                         [(name, n) for name in NAMES for n in module(name).PLAYER_COUNTS])
def test_a_game_of_playouts_alone_is_legal_quick_and_ends(name, players):
    """The rule of thumb the playouts use: every action legal, well under 1 ms a call on
    average, and a game it plays alone ends (a playout that stalls wastes the budget)."""
    playout = search_game(name).playout
    state, rng = module(name).new_game(players=players, seed=20 + players), Rng(players)
    spent, calls = 0.0, 0
    for _ in range(20_000):
        if state.is_over:
            break
        legal = state.legal_actions()
        started = time.perf_counter()
        action = playout(state, legal, rng)
        spent += time.perf_counter() - started
        calls += 1
        assert action in legal
        state.apply(action)
    assert state.is_over
    assert spent / calls < 0.001


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_a_game_between_search_bots_ends(name):
    """With the hard level's playouts (few iterations, to keep CI short): every seat a
    search bot, the game reaches its end (benchmarks/bots.py plays real hard games)."""
    search = search_game(name)
    players = 4 if name == "dubious_alliance" else 2
    state = module(name).new_game(players=players, seed=11)
    budget = dataclasses.replace(search.budgets["hard"], iterations=3, seconds=None)
    bots = {p: SearchBot(search, "hard", seed=p, budget=budget) for p in range(players)}
    for _ in range(20_000):
        if state.is_over:
            break
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
        assert bots[p].report.failed == 0
    assert state.is_over
    assert sum(search.evaluate(state, p) for p in range(players)) > 0
