"""AlderQuest's search-bot hooks (issue 29): a sample of the hidden part shows exactly what
the view shows and is a real game, depends on the view alone, and varies with its RNG;
evaluate gives the real result on finished games; the playout is legal and finishes
games; the search bot plays legal moves and finishes a game against today's bot."""

import pytest

from dungeoncraft_widgets.alderquest import new_game
from dungeoncraft_widgets.alderquest.bots import (
    SEARCH,
    MatchBot,
    TributeBot,
    evaluate,
    playout,
    sample_hidden,
    search_bot,
)
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.search import Budget, SearchBot, with_budget


def advance(game, steps, seed=0):
    """Play ``steps`` actions of today's bots (Match-seekers on even seats)."""
    bots = {p: (MatchBot if p % 2 == 0 else TributeBot)(seed + p)
            for p in range(len(game.players))}
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def sizes(state, seat):
    return {zone: len(pieces) for zone, pieces in state.hidden_zones(seat).items()}


# (players, seed, actions played before sampling): set-up, early play and a late position
POSITIONS = [(2, 1, 0), (2, 2, 9), (2, 3, 60), (2, 4, 400), (3, 5, 150), (4, 6, 40),
             (4, 7, 500)]


@pytest.mark.parametrize(("players", "seed", "steps"), POSITIONS)
def test_sample_shows_what_the_view_shows(players, seed, steps):
    game = advance(new_game(players=players, seed=seed), steps, seed)
    for seat in range(players):
        view = game.view(seat)
        sample = sample_hidden(view, Rng(seed + seat))
        assert sample.viewer is None and sample.rng is not None
        assert sample.view(seat)._dump() == view._dump()
        assert sizes(sample, seat) == sizes(game, seat)
        sample.check_position()  # a whole position: nothing masked is left
        assert sample.components() == game.components()
        if seat == game.current_player:
            assert sample.legal_actions() == game.legal_actions()


def test_destroyed_minions_stay_at_the_bottom_of_their_deck():
    game = advance(new_game(seed=4), 400, 4)
    destroyed = [e.data["minion"] for e in game.log if e.kind == "destroy"]
    assert destroyed  # the position tests what it means to
    for seat in (0, 1):
        for k in range(5):
            sample = sample_hidden(game.view(seat), Rng(k))
            for faction, deck in game.minion_decks.items():
                known = [m for m in game.minion_decks[faction] if m in destroyed]
                assert sample.minion_decks[faction][:len(known)] == \
                    game.minion_decks[faction][:len(known)]
                assert sorted(sample.minion_decks[faction]) == sorted(deck)


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 3, 60), (4, 7, 300)])
def test_a_sample_plays_to_the_end_at_random(players, seed, steps):
    game = advance(new_game(players=players, seed=seed), steps, seed)
    sample = sample_hidden(game.view(0), Rng(seed))
    rng = Rng(seed)
    for _ in range(60_000):
        if sample.is_over:
            break
        legal = sample.legal_actions()
        sample.apply(legal[rng.randbelow(len(legal))])
    assert sample.is_over


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 2, 9), (2, 4, 400), (4, 7, 300)])
def test_sample_depends_on_the_view_alone_and_varies_with_the_rng(players, seed, steps):
    game = advance(new_game(players=players, seed=seed), steps, seed)
    for seat in range(players):
        view = game.view(seat)
        first = sample_hidden(view, Rng(7))
        # another real game with the same view: a sample; it gives the same samples
        twin = sample_hidden(first.view(seat), Rng(7))
        assert twin._dump() == first._dump()
        again = sample_hidden(game.view(seat), Rng(7))
        assert again._dump() == first._dump()
        dumps = {str(sample_hidden(view, Rng(k)).hidden_zones(seat)) for k in range(6)}
        assert len(dumps) > 1  # the decks at least are hidden from everyone


def test_evaluate_during_play_and_at_the_end():
    for players, seed in ((2, 11), (2, 12), (4, 13)):
        game = new_game(players=players, seed=seed)
        rng = Rng(seed)
        for step in range(20_000):
            if game.is_over:
                break
            game.apply(playout(game, game.legal_actions(), rng))
            if step % 25 == 0:
                assert all(0 <= evaluate(game, s) <= 1 for s in range(players))
        assert game.is_over
        winner = game.winner()
        for seat in range(players):
            team = ("red", "blue")[game.team_of(seat)]
            expected = 0.5 if winner == "tie" else float(winner == team)
            assert evaluate(game, seat) == expected
        # teammates share the result; the two teams' results add up to 1
        assert sum(evaluate(game, s) for s in game.team_players[0]) / len(
            game.team_players[0]) + evaluate(game, game.team_players[1][0]) == 1


def test_search_bot_plays_legal_moves_from_the_view_alone():
    game = advance(new_game(seed=31), 60, 31)
    while game.current_player is not None and len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    view = game.view(seat)
    bot = with_budget(search_bot("hard", seed=3), iterations=30, seconds=None)
    action = bot.choose(view, game.legal_actions())
    assert action in game.legal_actions()
    assert bot.report.failed == 0
    assert bot.explain().startswith(str(action))
    # another state with the same view (a sample): the same choice
    other = sample_hidden(view, Rng(99)).view(seat)
    twin = with_budget(search_bot("hard", seed=3), iterations=30, seconds=None)
    assert twin.choose(other, game.legal_actions()) == action


def test_easy_search_bot_finishes_a_game_against_todays_bot():
    assert isinstance(search_bot("easy"), SearchBot) and set(SEARCH.budgets) >= {
        "easy", "medium", "hard"}
    # the easy level's playouts, fewer of them (the test's time): the game must end
    bot = SearchBot(SEARCH, "easy", seed=1, budget=Budget(2, 2, heuristic=False))
    game = new_game(seed=41)
    bots = {0: bot, 1: TributeBot(seed=2)}
    for _ in range(6_000):
        if game.is_over:
            break
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal
        game.apply(action)
    assert game.is_over
