"""Dubious Alliance's hooks for the search bot: samples that show exactly the view, a
result-true evaluation, a quick playout that ends games, and the bot itself."""


import pytest

from dungeoncraft_widgets.core import Rng
from dungeoncraft_widgets.core.search import Budget, SearchBot, with_budget
from dungeoncraft_widgets.dubious_alliance import new_game
from dungeoncraft_widgets.dubious_alliance.actions import Accept, Offer, SetCard
from dungeoncraft_widgets.dubious_alliance.bots import (
    SEARCH,
    TemperamentBot,
    evaluate,
    odds,
    sample_hidden,
    search_bot,
)
from dungeoncraft_widgets.dubious_alliance.rules import UNKNOWN

TEMPERAMENTS = ("honest", "liar", "hoarder")


def bots_for(players, seed):
    return [TemperamentBot(TEMPERAMENTS[(i + seed) % 3], seed=seed * 10 + i)
            for i in range(players)]


def positions(players, seed, every=7, most=400):
    """States along a game of today's bots (every ``every``-th action), and its end."""
    state, bots = new_game(players, seed=seed), bots_for(players, seed)
    for step in range(most):
        if state.is_over:
            break
        if step % every == 0:
            yield state.copy()
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    yield state


def zone_sizes(state, p):
    return {zone: len(pieces) for zone, pieces in state.hidden_zones(p).items()}


def play_randomly(state, seed, most=5000):
    rng = Rng(seed)
    for _ in range(most):
        if state.is_over:
            return state
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (7, 4)])
def test_a_sample_shows_exactly_the_view_and_is_a_real_game(players, seed):
    checked = 0
    for state in positions(players, seed):
        for p in range(players):
            view = state.view(p)
            sample = sample_hidden(view, Rng(seed * 1000 + checked))
            assert sample.viewer is None and sample.rng is not None
            assert sample.view(p)._dump() == view._dump()
            assert zone_sizes(sample, p) == zone_sizes(state, p)
            assert sample.components() == state.components()
            assert UNKNOWN not in sample.deck + sum(sample.hands, [])
            if not state.is_over and state.current_player == p:
                assert sample.legal_actions() == state.legal_actions()
            checked += 1
    assert checked > 3 * players
    # a sample is a game: random play takes it to the end
    for state in list(positions(players, seed, every=25))[:3]:
        if not state.is_over:
            p = state.current_player
            assert play_randomly(sample_hidden(state.view(p), Rng(seed)), seed).is_over


def test_every_face_down_card_is_its_setters_card_and_the_viewer_knows_their_own():
    state = new_game(4, seed=6)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    a = state.current_player
    b = next(q for q in state.order() if q != a)
    state.apply(Offer(b))
    state.apply(Accept())
    sample = sample_hidden(state.view(a), Rng(3))
    assert sample.unrevealed[b] == state.chosen[a]  # a's card went to b, as a saw
    assert all(sample.unrevealed[q] == sample.chosen[sample.origin[q]] for q in range(4))


def test_the_sample_varies_with_the_rng_and_never_reads_the_real_hidden_state():
    for state in list(positions(4, 8, every=11))[:-1]:
        p = state.current_player
        view = state.view(p)
        first, second = sample_hidden(view, Rng(1)), sample_hidden(view, Rng(2))
        assert first._dump() != second._dump()  # the deck alone is never shown
        # another real game with the same view (a sample of it) samples the same
        other = sample_hidden(view, Rng(99))
        assert other._dump() != state._dump()
        assert other.view(p)._dump() == view._dump()
        assert sample_hidden(other.view(p), Rng(1))._dump() == first._dump()


def test_the_sample_after_the_reveal_keeps_each_setters_card():
    for state in positions(4, 5, every=1, most=200):
        if state.phase == "resolve":
            break
    assert state.phase == "resolve"
    p = state.current_player
    sample = sample_hidden(state.view(p), Rng(4))
    assert sample.chosen == state.chosen
    assert sample.revealed == state.revealed


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12), (6, 13)])
def test_evaluate_is_a_chance_during_play_and_the_result_at_the_end(players, seed):
    for state in positions(players, seed, every=5):
        values = [evaluate(state, p) for p in range(players)]
        assert all(0.0 <= v <= 1.0 for v in values)
        if state.is_over:
            winner = state.outcome["winner"]
            assert values == [1.0 if p == winner else 0.0 for p in range(players)]
        else:
            assert all(0.0 < v < 1.0 for v in values)


def test_evaluate_on_a_death_or_an_empty_deck_is_a_loss_for_everyone():
    state = new_game(3, seed=1)
    state._end(None, 1, "Player 2 died: the band loses and no one wins.")
    assert [evaluate(state, p) for p in range(3)] == [0.0, 0.0, 0.0]


def test_odds_are_exact_fractions_of_the_unseen_cards():
    state = new_game(3, seed=1)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    p = state.current_player
    view = state.view(p)
    said = odds(view, Offer((p + 1) % 3))
    assert said.endswith("chance that the card received hurts") and "/117" in said
    own = state.card(state.chosen[p]).survival or 0
    assert odds(view, state.legal_actions()[-1]) == \
        ("certainty that the card kept hurts" if own < 0 else "no chance that the card kept hurts")
    assert odds(view, SetCard("brawl")) is None


def test_the_search_bot_chooses_legally_and_sees_only_the_view():
    state = new_game(4, seed=3)
    bots = bots_for(4, 3)
    for _ in range(12):
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    p, legal = state.current_player, state.legal_actions()
    bot = search_bot("hard", seed=2)
    assert bot.choose(state.view(p), legal) in legal
    assert bot.report.failed == 0 and bot.explain()
    # the same choices from the real game and from a sample that shows the same view
    sample = sample_hidden(state.view(p), Rng(7))
    choices = []
    for game in (state, sample):
        bot = with_budget(SearchBot(SEARCH, "medium", seed=5), seconds=None, iterations=30)
        choices.append([(c.action, c.visits, c.score)
                        for c in (bot.choose(game.view(p), legal), bot.report.choices)[1]])
    assert choices[0] == choices[1]


def test_a_game_of_the_easy_search_bot_against_todays_bots_ends():
    state = new_game(3, seed=4)
    bots = bots_for(3, 4)
    searcher = SearchBot(SEARCH, "easy", seed=1, budget=Budget(6, 6, heuristic=False))
    for _ in range(3000):
        if state.is_over:
            break
        p, legal = state.current_player, state.legal_actions()
        if p == 0:
            action = searcher.choose(state.view(p), legal)
            assert action in legal
        else:
            action = bots[p].choose(state.view(p), legal)  # (with a claim said)
        state.apply(action)
    assert state.is_over


def test_every_level_has_a_budget_with_a_time_safeguard():
    for level, most in (("easy", 0.1), ("medium", 0.25), ("hard", 1.0)):
        budget = SEARCH.budgets[level]
        assert budget.seconds is not None and budget.seconds <= most
    assert not SEARCH.budgets["easy"].heuristic
    assert SEARCH.budgets["easy"].iterations < SEARCH.budgets["medium"].iterations \
        < SEARCH.budgets["hard"].iterations
