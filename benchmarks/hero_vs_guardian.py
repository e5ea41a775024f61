"""Hero versus Guardian: speed of the engine and of dungeon mapping, and how the bots fare.

Run: ``python benchmarks/hero_vs_guardian.py [--games N] [--bot-games N]``. Prints tables:

1. random full games per second, engine alone (legal_actions + apply) against the same games
   driven through ``play_bots`` (every choice made on ``state.view(player)``); the goal is at
   least 100 engine games a second on one core, so that a soak of thousands of games is cheap;
2. the time of ``graph.targetable_locations`` (networkx) against the plain-Python
   ``dungeon.targetable`` the engine uses;
3. sensible bots against random ones: wins and average points (2 players).
"""

from __future__ import annotations

import argparse
import statistics
import time

from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.hero_vs_guardian import LOCATIONS, new_game
from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot, HeroBot
from dungeoncraft_widgets.hero_vs_guardian.dungeon import targetable
from dungeoncraft_widgets.hero_vs_guardian.graph import targetable_locations


def random_games(games: int, players: int) -> tuple[float, float]:
    """(games per second of one core's CPU time, mean actions per game), the engine alone.

    CPU time (``time.process_time``), not the wall clock: developers share the machine, and
    the question is what one core does.
    """
    new_game(players=players, seed=0)  # the card data is read and checked once, first
    start = time.process_time()
    actions = 0
    for seed in range(games):
        state = new_game(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return games / (time.process_time() - start), actions / games


def bot_games(games: int, players: int) -> float:
    start = time.process_time()
    for seed in range(games):
        state = new_game(players=players, seed=seed)
        play_bots(state, {p: RandomBot(seed + p) for p in range(players)})
    return games / (time.process_time() - start)


def mapping_timings(samples: int) -> tuple[float, float]:
    rng = Rng(1)
    cases = []
    for _ in range(samples):
        mapped = [loc for loc in LOCATIONS if rng.randbelow(3) == 0]
        cases.append((["A1", "D4"], mapped))
    start = time.perf_counter()
    for entries, mapped in cases:
        targetable_locations(None, entries=entries, mapped=mapped)
    nx_time = (time.perf_counter() - start) / samples
    start = time.perf_counter()
    for entries, mapped in cases:
        targetable(entries, mapped)
    plain_time = (time.perf_counter() - start) / samples
    return nx_time, plain_time


def match(hero_bot, guardian_bot, games: int) -> dict[str, float]:
    wins = {"heroes": 0, "guardian": 0, "tie": 0}
    hero_points, guardian_points = [], []
    for seed in range(games):
        state = new_game(seed=1000 + seed)
        play_bots(state, {0: hero_bot(seed=seed), 1: guardian_bot(seed=seed + 500)})
        wins[state.winner()] += 1
        h, g = state.team_scores()
        hero_points.append(h)
        guardian_points.append(g)
    return {"hero wins": wins["heroes"] / games, "guardian wins": wins["guardian"] / games,
            "hero points": statistics.mean(hero_points),
            "guardian points": statistics.mean(guardian_points)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot-games", type=int, default=30)
    args = parser.parse_args()

    print("1. Random full games per second (one core's CPU time)")
    print(f"{'players':>8} {'engine g/s':>11} {'actions/game':>13} {'via views g/s':>14} "
          f"{'ratio':>6}")
    for players in (2, 3, 4):
        rate, actions = random_games(args.games, players)
        viewed = bot_games(max(2, args.games // 4), players)
        print(f"{players:>8} {rate:>11.1f} {actions:>13.0f} {viewed:>14.1f} "
              f"{rate / viewed:>6.1f}")

    print("\n2. targetable locations, time per call")
    nx_time, plain_time = mapping_timings(2000)
    print(f"{'networkx graph.targetable_locations':<38} {nx_time * 1e6:>8.1f} us")
    print(f"{'plain BFS dungeon.targetable':<38} {plain_time * 1e6:>8.1f} us")
    print(f"{'ratio networkx / plain':<38} {nx_time / plain_time:>8.1f}")

    print(f"\n3. Bots, 2 players, {args.bot_games} games each (seeds 1000..)")
    print(f"{'Hero':<10} {'Guardian':<10} {'hero wins':>10} {'guard wins':>11} "
          f"{'hero pts':>9} {'guard pts':>10}")
    for hname, hbot in (("random", RandomBot), ("sensible", HeroBot)):
        for gname, gbot in (("random", RandomBot), ("sensible", GuardianBot)):
            r = match(hbot, gbot, args.bot_games)
            print(f"{hname:<10} {gname:<10} {r['hero wins']:>10.0%} {r['guardian wins']:>11.0%} "
                  f"{r['hero points']:>9.1f} {r['guardian points']:>10.1f}")


if __name__ == "__main__":
    main()
