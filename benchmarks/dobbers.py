"""Dobbers: speed of the engine, and how the bots fare.

Run: ``python benchmarks/dobbers.py [--games N] [--bot-games N]``. Prints tables:

1. random full games per second on one core (CPU time of this process, so other load on
   the machine does not count), 1 to 4 players: the engine alone (``legal_actions`` +
   ``apply``) beside the same engine before its speed-up (``BEFORE``, recorded) and against
   the same games played through ``play_bots`` and ``RandomBot``, where every choice is
   made on ``state.view(player)`` (a copy with the hidden parts masked);
2. the RaceBot against random play and against itself (2 players): wins and rounds;
3. the solo RaceBot's turn counts against the rulebook's verdict table.

Random play never reaches the Key (it walks back as often as forward), so a random game
runs to the engine's round limit (30 rounds; solo: 30 turns): these are the longest
games the engine plays.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections import Counter

from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.dobbers import new_game
from dungeoncraft_widgets.dobbers.bots import RaceBot
from dungeoncraft_widgets.dobbers.rules import SOLO_VERDICTS, verdict


def random_games(games: int, players: int) -> tuple[float, float]:
    """(games per CPU second, mean actions per game) with the engine alone."""
    # A full garbage collection left due by what ran before (loading jsonschema's ~130,000
    # objects above all: up to 80 ms) is done now rather than inside the timed games.
    gc.collect()
    start = time.process_time()
    actions = 0
    for seed in range(games):
        state = new_game(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return games / (time.process_time() - start), actions / games


#: Engine games per CPU second before the speed-up (branch dobbers-speed), by players:
#: this table on main at 12c9eb6 (core merged), median of 3 runs on the project's shared
#: 2-core machine; recorded, so "speed-up" compares runs at different times (their spread
#: there: about 10%). Then, a 4-player action took about 28 us, half of it working out the
#: legal actions; now about 17 us: legal actions 5, core's apply and log events about 4,
#: core's Rng shuffling at the Draw Phase about 2, the benchmark's own choice 1.5, the rest
#: playing the cards (sampling profile and timings of each step).
BEFORE = {1: 230.3, 2: 122.7, 3: 82.1, 4: 59.4}


def viewed_games(games: int, players: int) -> float:
    """Games per CPU second when every choice is made on the player's view."""
    gc.collect()  # as in random_games
    start = time.process_time()
    for seed in range(games):
        state = new_game(players, seed=seed)
        play_bots(state, {p: RandomBot(seed + p) for p in range(players)})
    return games / (time.process_time() - start)


def match(bots: tuple[type, type], games: int) -> tuple[Counter, float]:
    """Wins by seat (``None``: nobody reached the Key) and the mean number of rounds."""
    wins: Counter = Counter()
    rounds = []
    for seed in range(games):
        state = new_game(2, seed=1000 + seed)
        play_bots(state, {p: bot(seed=seed + 17 * p) for p, bot in enumerate(bots)})
        wins[state.winner] += 1
        rounds.append(state.round + 1)
    return wins, statistics.mean(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bot-games", type=int, default=40)
    args = parser.parse_args()
    new_game(2, seed=0)  # load the data (and jsonschema) before timing

    print("1. Random full games per second, one core (goal: 100)")
    print(f"{'players':>8} {'engine g/s':>11} {'before g/s':>11} {'speed-up':>9} "
          f"{'actions/game':>13} {'us/action':>10} {'via views g/s':>14} {'engine/views':>13}")
    for players in (1, 2, 3, 4):
        rate, actions = random_games(args.games, players)
        viewed = viewed_games(max(2, args.games // 4), players)
        print(f"{players:>8} {rate:>11.1f} {BEFORE[players]:>11.1f} "
              f"{rate / BEFORE[players]:>9.2f} {actions:>13.0f} {1e6 / rate / actions:>10.1f} "
              f"{viewed:>14.1f} {rate / viewed:>13.1f}")

    print(f"\n2. Bots, 2 players, {args.bot_games} games each (seeds 1000..)")
    print(f"{'seat 0':<10} {'seat 1':<10} {'seat 0 wins':>12} {'seat 1 wins':>12} "
          f"{'no winner':>10} {'rounds':>7}")
    for pair in ((RaceBot, RandomBot), (RandomBot, RaceBot), (RaceBot, RaceBot)):
        wins, rounds = match(pair, args.bot_games)
        print(f"{pair[0].__name__:<10} {pair[1].__name__:<10} {wins[0]:>12} {wins[1]:>12} "
              f"{wins[None]:>10} {rounds:>7.1f}")

    print(f"\n3. Solo RaceBot, {args.bot_games} games (seeds 2000..): turns to the Key")
    turns = []
    for seed in range(args.bot_games):
        state = new_game(1, seed=2000 + seed)
        play_bots(state, {0: RaceBot(seed=seed)})
        turns.append(state.turns[0] + 1 if state.winner == 0 else None)
    won = [t for t in turns if t is not None]
    print(f"won {len(won)} of {len(turns)}; turns: mean {statistics.mean(won):.1f}, "
          f"median {statistics.median(won)}, from {min(won)} to {max(won)}")
    bands = Counter(verdict(t) for t in won)
    for _, text in SOLO_VERDICTS:
        print(f"{bands[text]:>5}  {text.split(':')[0]}")


if __name__ == "__main__":
    main()
