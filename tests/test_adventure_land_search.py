"""Adventure Land's hooks for the search bot: the sample is a game the view could be a view
of, drawn from the view alone; the evaluation, the playout and the bot itself."""

import time

import pytest

from dungeoncraft_widgets.adventure_land import MAX_ACTIONS, new_game
from dungeoncraft_widgets.adventure_land.actions import Move, Reroll, Swords
from dungeoncraft_widgets.adventure_land.bots import (
    SEARCH,
    GreedyBot,
    evaluate,
    odds_clause,
    playout,
    sample_hidden,
    search_bot,
)
from dungeoncraft_widgets.adventure_land.rules import fight_position
from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.search import Budget, SearchBot


def _positions(players, seed, adventure=1, every=9):
    """Positions of a game between greedy bots, every ``every`` actions (and the end)."""
    state = new_game(players=players, seed=seed, adventure=adventure)
    bots = [GreedyBot(seed + p) for p in range(players)]
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions()))
        step += 1
    yield state


def _sizes(state, seat):
    return {zone: len(pieces) for zone, pieces in state.hidden_zones(seat).items()}


def _results(state):
    scores = state.scores()
    top = max(scores)
    return [1 / scores.count(top) if s == top else 0.0 for s in scores]


@pytest.mark.parametrize("players,seed,adventure", [(2, 1, 1), (3, 2, 2), (4, 3, 3), (2, 4, 2)])
def test_a_sample_shows_what_the_view_shows_and_is_a_real_game(players, seed, adventure):
    checked = 0
    for state in _positions(players, seed, adventure):
        for seat in range(players):
            view = state.view(seat)
            sample = sample_hidden(view, Rng(seed * 100 + checked))
            assert sample.viewer is None and sample.rng is not None
            assert sample.view(seat)._dump() == view._dump()
            assert _sizes(sample, seat) == _sizes(state, seat)
            assert sample.components() == state.components()  # every piece exactly once
            if state.current_player == seat:
                assert sample.legal_actions() == state.legal_actions()
            checked += 1
        # The sample plays on to the end by random play: it is a whole game.
        sample = sample_hidden(state.view(0), Rng(checked))
        bot = RandomBot(checked)
        for _ in range(MAX_ACTIONS):
            if sample.is_over:
                break
            sample.apply(bot.choose(None, sample.legal_actions()))
        assert sample.is_over
    assert checked > 10


def test_the_sample_varies_with_the_rng_and_never_with_the_hidden_state():
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        for state in _positions(players, seed, every=15):
            if state.is_over:
                continue
            seat = state.current_player
            view = state.view(seat)
            one, two = sample_hidden(view, Rng(1)), sample_hidden(view, Rng(2))
            assert one._dump() != two._dump()  # the deck's order at least differs
            # Another game with the same view (a sample of it) gives the same samples.
            other = sample_hidden(view, Rng(99))
            assert other.view(seat)._dump() == view._dump()
            for k in (3, 4):
                assert (sample_hidden(other.view(seat), Rng(k))._dump()
                        == sample_hidden(view, Rng(k))._dump())
            assert view._dump() == state.view(seat)._dump()  # the view is left as it was


def test_the_swords_used_in_battles_are_known_to_be_in_the_box():
    # A battle with two swords; once it is over those swords lie in the box, in every sample.
    state = fight_position(8, companions=7, swords=(3, 2), seed=1)
    state.apply("swords 3,2")
    assert state.fight is None
    assert len(state.sword_stack) > 0  # (once it is empty, the box's swords are unknown)
    box = len(state.sword_box)
    for k in range(8):
        sample = sample_hidden(state.view(1), Rng(k))
        assert len(sample.sword_box) == box
        assert sample.sword_box.count(3) >= 1 and sample.sword_box.count(2) >= 1


def test_the_sample_refuses_a_view_whose_pieces_do_not_add_up():
    view = new_game(players=2, seed=3).view(0)
    view.creature_stack = view.creature_stack[:-1]
    with pytest.raises(ValueError, match="fog creatures do not add up"):
        sample_hidden(view, Rng(0))


def test_evaluate_is_a_chance_in_play_and_the_result_at_the_end():
    finished = 0
    for players, seed, adventure in ((2, 8, 1), (3, 9, 2), (4, 10, 3), (2, 11, 3)):
        for state in _positions(players, seed, adventure, every=5):
            values = [evaluate(state, p) for p in range(players)]
            assert all(0.0 <= v <= 1.0 for v in values)
            if state.is_over:
                assert values == _results(state)
                finished += 1
    assert finished == 4
    # A tie at the top is shared.
    state = new_game(players=2, seed=1)
    state.phase = "over"
    assert [evaluate(state, p) for p in range(2)] == [0.5, 0.5]


def test_the_playout_fights_to_win():
    state = fight_position(12, companions=2, swords=(3, 2, 1, 0), gold=1, herbs=(4,), seed=2)
    action = playout(state, state.legal_actions(), Rng(0))
    assert isinstance(action, Swords) and action.values  # dice to reach 12
    state = fight_position(8, companions=4, gold=3, seed=2)  # 5 + 3 gold: enough
    state.apply("swords -")
    assert str(playout(state, state.legal_actions(), Rng(0))) == "gold"


def test_odds_clauses_are_exact_and_quick():
    state = fight_position(12, companions=2, swords=(2, 1), seed=3)
    started = time.perf_counter()
    assert odds_clause(state, Swords((2, 1))) == "13/18 to win the battle with these swords"
    assert odds_clause(state, Swords(())).startswith("no chance")
    state.apply("swords 2,1")
    if state.fight is not None and state.stock[0]["gold"]:
        assert "rerolling" in odds_clause(state, Reroll(state.fight["dice"][0]))
    game = new_game(players=2, seed=3)
    view = game.view(0)
    fog = [a for a in view.legal_actions()
           if isinstance(a, Move) and view.board.get(a.to, " ")[0] == "F"]
    for move in fog:
        assert "against the fog creature" in odds_clause(view, move)
    assert odds_clause(view, game.legal_actions()[-1]) is None  # end: nothing to say
    assert time.perf_counter() - started < 0.5


def test_the_search_bot_chooses_legal_actions_and_reads_only_the_view():
    state = next(s for i, s in enumerate(_positions(2, 16, every=7)) if i == 2)
    seat = state.current_player
    legal = state.legal_actions()
    assert search_bot("hard", seed=1).choose(state.view(seat), legal) in legal
    # Handed another game with the same view, a seeded bot (no time limit) does the same.
    other = sample_hidden(state.view(seat), Rng(5))
    budget = Budget(iterations=60, depth=8)
    first = SearchBot(SEARCH, "medium", seed=3, budget=budget).choose(state.view(seat), legal)
    again = SearchBot(SEARCH, "medium", seed=3, budget=budget).choose(other.view(seat), legal)
    assert first == again


def test_an_easy_search_bot_plays_a_whole_game_against_the_greedy_bot():
    state = new_game(players=2, seed=17)
    bots = [search_bot("easy", seed=1), GreedyBot(2)]
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions()))
    assert state.is_over
    assert bots[0].explain()
