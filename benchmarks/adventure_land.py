"""Adventure Land speed and bot strength.

Run: ``python benchmarks/adventure_land.py`` (add ``--games 200`` for the bot duel's
size, ``--skip-duel`` to time only). One process, so one core.

1. Random 4-player games per second: legal actions + apply in a loop, against the
   obvious alternative, core ``play_bots`` (which hands every bot a ``view``, a copy).
2. The time of a ``reachable`` query: with the position's graph cached (what a widget
   or a bot does), with a cold cache (networkx graph built per query), and a plain
   Python breadth-first search over straight moves (no networkx), for comparison.
3. GreedyBot against RandomBot over seeded 2-player games (seats alternate), per
   adventure: games won, ties, mean score difference.
"""

from __future__ import annotations

import argparse
import time

from dungeoncraft_widgets.adventure_land import graph as al_graph
from dungeoncraft_widgets.adventure_land import new_game
from dungeoncraft_widgets.adventure_land.bots import GreedyBot, play_game
from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.rng import Rng


def random_games(count: int, players: int = 4) -> tuple[float, float]:
    """Games per second and mean actions per game, bots choosing from legal_actions()."""
    new_game(players=players, seed=-1)  # warm up: data files read and checked once
    actions = 0
    start = time.perf_counter()
    for seed in range(count):
        state = new_game(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return count / (time.perf_counter() - start), actions / count


def random_games_play_bots(count: int, players: int = 4) -> float:
    start = time.perf_counter()
    for seed in range(count):
        state = new_game(players=players, seed=seed)
        play_bots(state, {p: RandomBot(seed + p) for p in range(players)})
    return count / (time.perf_counter() - start)


def plain_bfs(origin, fog, sprite, occupied, moves=2):
    """Reachability without networkx: breadth-first over graph._ends."""
    seen, frontier = {}, [origin]
    for depth in range(1, moves + 1):
        nxt = []
        for node in frontier:
            if node in fog:
                continue
            for end in al_graph._ends(node, fog, sprite, occupied):
                if end not in seen:
                    seen[end] = depth
                    nxt.append(end)
        frontier = nxt
    return seen


def reachable_times(repeat: int = 300) -> list[tuple[str, float]]:
    """Microseconds per query on a mid-game position (3 players, seed 0, 60 actions in)."""
    state = new_game(players=3, seed=0)
    rng = Rng(0)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    fog = frozenset(f for f, item in state.board.items() if item[0] == "F")
    occupied = frozenset(state.at)
    origins = [w for advs in state.adventurers for w, _c in advs if w != "box"]
    out = []

    def timed(label, fn):
        start = time.perf_counter()
        n = 0
        for _ in range(max(1, repeat // len(origins))):
            for o in origins:
                fn(o)
                n += 1
        out.append((label, (time.perf_counter() - start) / n * 1e6))

    al_graph._graph.cache_clear()
    timed("reachable, graph cached", lambda o: al_graph.reachable(
        o, fog=fog, sprite=state.sprite, occupied=occupied))

    def cold(o):
        al_graph._graph.cache_clear()
        return al_graph.reachable(o, fog=fog, sprite=state.sprite, occupied=occupied)

    timed("reachable, graph built per query", cold)
    timed("plain Python BFS (no networkx)", lambda o: plain_bfs(o, fog, state.sprite,
                                                                 occupied))
    # The three agree (checked here so a wrong fast path cannot win the table).
    for o in origins:
        assert al_graph.reachable(o, fog=fog, sprite=state.sprite, occupied=occupied) == \
            {f: d for f, d in plain_bfs(o, fog, state.sprite, occupied).items()}
    return out


def duel(games: int, adventure: int) -> tuple[int, int, float, float]:
    """GreedyBot vs RandomBot, 2 players, seats alternating: wins, ties, mean diff, s/game."""
    wins = ties = 0
    diff = 0
    start = time.perf_counter()
    for seed in range(games):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed)]
        bots[seat] = GreedyBot(seed)
        state = new_game(players=2, seed=seed, adventure=adventure)
        scores = play_game(state, bots)
        mine, theirs = scores[seat], scores[1 - seat]
        wins += mine > theirs
        ties += mine == theirs
        diff += mine - theirs
    return wins, ties, diff / games, (time.perf_counter() - start) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per adventure in the duel")
    parser.add_argument("--random-games", type=int, default=200)
    parser.add_argument("--skip-duel", action="store_true")
    args = parser.parse_args()

    rate, length = random_games(args.random_games)
    slow = random_games_play_bots(max(20, args.random_games // 5))
    print("Random 4-player games (one core)")
    print(f"  {'method':<40} {'games/s':>9}")
    print(f"  {'legal_actions + apply':<40} {rate:9.1f}   ({length:.0f} actions/game)")
    print(f"  {'core play_bots (a view per action)':<40} {slow:9.1f}")
    print(f"  ratio: {rate / slow:.1f}x")
    print()
    times = reachable_times()
    print("reachable() on a mid-game position, microseconds per query")
    for label, micro in times:
        print(f"  {label:<40} {micro:9.1f}")
    print(f"  ratio cold/cached: {times[1][1] / times[0][1]:.1f}x, "
          f"cached/plain BFS: {times[0][1] / times[2][1]:.1f}x")
    if args.skip_duel:
        return
    print()
    print(f"GreedyBot vs RandomBot, {args.games} seeded 2-player games per adventure")
    print(f"  {'adventure':<10} {'greedy wins':>12} {'ties':>5} {'mean diff':>10} {'s/game':>7}")
    for adventure in (1, 2, 3):
        wins, ties, diff, per = duel(args.games, adventure)
        print(f"  {adventure:<10} {wins:>8}/{args.games:<3} {ties:>5} {diff:>10.1f} {per:>7.2f}")


if __name__ == "__main__":
    main()
