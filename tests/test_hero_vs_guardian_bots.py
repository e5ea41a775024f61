"""Bots for Hero versus Guardian: legal, finishing, and better than random."""

import pytest

from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.hero_vs_guardian import new_game
from dungeoncraft_widgets.hero_vs_guardian.bots import (
    GuardianBot,
    HeroBot,
    attempt_value,
    roll_chance,
    sequence_chance,
)
from dungeoncraft_widgets.hero_vs_guardian.odds import location_odds
from dungeoncraft_widgets.hero_vs_guardian.rules import OPPOSITE, side_locations


def manhattan(a, b):
    return abs("ABCD".index(a[0]) - "ABCD".index(b[0])) + abs(int(a[1]) - int(b[1]))


@pytest.mark.parametrize("table", [[[2]], [[4, 0], [0, 3]], [[1, 2], [3, 0], [0, 4]],
                                   [[5], [-1], [2], [0]]])
def test_bot_estimate_matches_exact_odds(table):
    for kind, target in (("scout", 5), ("venture", 6)):
        chances = [[roll_chance(target, m) for m in row] for row in table]
        if kind == "scout" and len(table) < len(table[0]):
            continue
        exact = location_odds(kind, table).p_all
        assert sequence_chance(chances) == pytest.approx(float(exact))


def test_attempt_value_counts_captures():
    # one Adventurer at 1/2 on a 2-point room, worth 2: wins 1, loses 1
    assert attempt_value([[0.5]], [2], [2]) == pytest.approx(0.0)
    assert attempt_value([[0.5]], [2], [2], venture=False) == pytest.approx(1 - 2 / 6)


def play(seed, hero, guardian):
    game = new_game(seed=seed)
    bots = {0: hero(seed=seed), 1: guardian(seed=seed + 1)}
    steps = 0
    while not game.is_over:
        player = game.current_player
        legal = game.legal_actions()
        action = bots[player].choose(game.view(player), legal)
        assert action in legal
        game.apply(action)
        steps += 1
    return game


def test_guardian_bot_hides_the_vault_far_from_the_entries():
    game = new_game(seed=3)
    play_bots(game, {1: GuardianBot(seed=4)}, max_actions=20)
    vault = next(loc for loc, rooms in game.grid.items() if game.cards.vault in rooms)
    entries = [loc for loc, _ in game.entries]
    best = max(min(manhattan(v, a), manhattan(v, b))
               for side in ("north", "west") for v in game.grid
               for a in side_locations(side) for b in side_locations(OPPOSITE[side]))
    assert min(manhattan(vault, e) for e in entries) == best   # the farthest the grid allows


def test_sensible_bots_do_better_than_random():
    seeds = range(4)
    random_margin = sensible_margin = 0
    for seed in seeds:
        for hero, total in ((RandomBot, "random"), (HeroBot, "sensible")):
            game = play(100 + seed, hero, RandomBot)
            heroes, guardian = game.team_scores()
            if total == "random":
                random_margin += heroes - guardian
            else:
                sensible_margin += heroes - guardian
    assert sensible_margin > random_margin
    guardian_wins = sum(play(200 + s, RandomBot, GuardianBot).winner() == "guardian"
                        for s in seeds)
    assert guardian_wins >= 3


def test_bots_play_a_three_player_game():
    game = new_game(players=3, seed=9)
    play_bots(game, {0: HeroBot(seed=1), 1: HeroBot(seed=2), 2: GuardianBot(seed=3)})
    assert game.is_over and game.winner() in ("heroes", "guardian", "tie")
