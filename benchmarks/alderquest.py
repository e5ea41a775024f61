"""AlderQuest: speed of the engine and of the Board's cascade, and how the bots fare.

Run: ``python benchmarks/alderquest.py [--games N] [--bot-games N] [--cap N]``. Times are
this process's CPU time (``time.process_time``), so a machine shared with other work still
gives the figures of one core. Prints:

1. random full games per second (2, 3 and 4 players; 3 and 4 players play the same
   team game), actions per second and the median length of a game: the engine alone
   (legal_actions + apply), and actions per second when every choice is made on
   ``state.view(player)`` (``play_bots``);
2. the cost of resolving a cascade (``board.cascade``: a drop and everything it sets
   off) and of finding the matches on a Board, against the obvious alternative (test
   every straight line of 3 or more cells);
3. the bots against random play and against each other (2 players, both seats):
   games won, points, and how many games ended within ``--cap`` actions (the game
   ends only when each team's minions have revealed the other's Snowflakes, so a
   passive opponent can keep it going).
"""

from __future__ import annotations

import argparse
import statistics
import time

from dungeoncraft_widgets.alderquest import load_cards, new_game
from dungeoncraft_widgets.alderquest.board import (
    Board,
    cascade,
    cells_by_definition,
    find_matches,
)
from dungeoncraft_widgets.alderquest.bots import MatchBot, TributeBot
from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.rng import Rng

PIECES = list("BGHT") * 3 + ["r1", "b2", "bs"]


def random_games(games: int, players: int) -> tuple[float, float, float]:
    """(games per second, actions per second, median actions per game), engine alone."""
    lengths = []
    start = time.process_time()
    for seed in range(games):
        state = new_game(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        lengths.append(len(state.history))
    took = time.process_time() - start
    return games / took, sum(lengths) / took, statistics.median(lengths)


def viewed_actions(actions: int, players: int) -> float:
    """Actions per second when every choice is made on ``state.view(player)`` (as bots
    and apps do), over the first ``actions`` actions of random games."""
    start = time.process_time()
    done, seed = 0, 0
    while done < actions:
        state = new_game(players=players, seed=seed)
        done += play_bots(state, {p: RandomBot(seed + p) for p in range(players)},
                          max_actions=actions - done)
        seed += 1
    return done / (time.process_time() - start)


def positions(samples: int) -> list[tuple[Board, str, str, str]]:
    rng = Rng(7)
    out = []
    while len(out) < samples:
        cols = [[] for _ in range(4)]
        for _ in range(rng.randint(8, 20)):
            c = rng.randbelow(4)
            if len(cols[c]) < 6:
                cols[c].append(rng.choice(PIECES))
        board = Board(4, 6, cols)
        if find_matches(board):
            continue
        free = [c for c in range(4) if len(cols[c]) < 6]
        if free:
            out.append((board, chr(65 + rng.choice(free)), rng.choice("BGHT"),
                        "".join(rng.choice("BGHT") for _ in range(12))))
    return out


def cascade_timings(samples: int) -> tuple[float, float, float]:
    cases = positions(samples)
    start = time.process_time()
    for board, column, rune, line in cases:
        cascade(board, "GT", "r", [("drop", column, rune)], new_runes=line)
    per_cascade = (time.process_time() - start) / samples
    boards = [b for b, *_ in cases]
    start = time.process_time()
    for board in boards:
        find_matches(board)
    fast = (time.process_time() - start) / samples
    start = time.process_time()
    for board in boards:
        cells_by_definition(board)
    naive = (time.process_time() - start) / samples
    return per_cascade, fast, naive


def match(red_bot, blue_bot, games: int, cap: int) -> dict[str, float]:
    """``red_bot`` against ``blue_bot`` with seats swapped half the time."""
    wins = finished = 0
    mine, theirs = [], []
    for seed in range(games):
        side = seed % 2
        state = new_game(seed=1000 + seed)
        play_bots(state, {side: red_bot(seed=seed), 1 - side: blue_bot(seed=seed + 500)},
                  max_actions=cap)
        finished += state.is_over
        wins += state.is_over and state.winner() == ("red", "blue")[side]
        mine.append(state.points(side))
        theirs.append(state.points(1 - side))
    return {"finished": finished, "wins": wins, "points": statistics.mean(mine),
            "against": statistics.mean(theirs),
            "ahead": sum(a > b for a, b in zip(mine, theirs, strict=True))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--bot-games", type=int, default=6)
    parser.add_argument("--cap", type=int, default=3000)
    args = parser.parse_args()
    load_cards()  # the first load validates the data (and imports jsonschema): not timed

    print("1. Random full games (uniformly random legal actions); the goal was 100 games/s")
    print(f"{'players':>8} {'games/s':>8} {'actions/s':>10} {'median actions':>15} "
          f"{'via views a/s':>14} {'ratio':>6}")
    for players in (2, 3, 4):
        rate, actions, median = random_games(args.games, players)
        viewed = viewed_actions(2000, players)
        print(f"{players:>8} {rate:>8.2f} {actions:>10.0f} {median:>15.0f} {viewed:>14.0f} "
              f"{actions / viewed:>6.1f}")

    print("\n2. The Matching Board (4 by 6), time per call")
    per_cascade, fast, naive = cascade_timings(3000)
    print(f"{'cascade after a drop (board.cascade)':<44} {per_cascade * 1e6:>8.1f} us")
    print(f"{'find_matches (one pass a line)':<44} {fast * 1e6:>8.1f} us")
    print(f"{'every straight line of 3+ cells (naive)':<44} {naive * 1e6:>8.1f} us")
    print(f"{'ratio naive / find_matches':<44} {naive / fast:>8.1f}")

    print(f"\n3. Bots, 2 players, {args.bot_games} games each (seats alternate), "
          f"at most {args.cap} actions a game")
    print(f"{'bot':<16} {'opponent':<16} {'ended':>6} {'won':>4} {'ahead':>6} {'points':>7} "
          f"{'against':>8}")
    pairs = ((TributeBot, RandomBot), (MatchBot, RandomBot), (TributeBot, MatchBot),
             (RandomBot, RandomBot))
    for bot, other in pairs:
        r = match(bot, other, args.bot_games, args.cap)
        print(f"{bot.name:<16} {other.name:<16} {r['finished']:>6} {r['wins']:>4} "
              f"{r['ahead']:>6} {r['points']:>7.1f} {r['against']:>8.1f}")


if __name__ == "__main__":
    main()
