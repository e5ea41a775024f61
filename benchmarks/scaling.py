"""Scaling: the same soak on 1 and 2 worker processes, the speed-up, the cost of a chunk.

Run: ``python benchmarks/scaling.py [--games 40] [--only adventure_land ...]``. For each
game, the soak of ``benchmarks/soak.py`` (every check; saves every 5 steps, tampered
starts every 20) of the same seeds runs here (1 process) and on 2 worker processes
through :func:`dungeoncraft_widgets.runs.run_seeds`; the figures must agree, and the
table gives wall seconds, games per second and the speed-up. The serial overhead per
chunk is a run of empty tasks through the pool (sending a chunk and its answer back).
From these figures, on paper: 10^6 games per game on a 64-core Dask cluster, assuming
the 2-process efficiency holds (the soak's games are independent; nothing is shared).
Numbers from a shared machine vary: run it on a quiet one.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import soak  # noqa: E402 - the soak's own task, run by name in the workers

from dungeoncraft_widgets.runs import run_seeds  # noqa: E402


def _nothing(seed: int) -> int:
    return seed


def chunk_overhead(pool: ProcessPoolExecutor, chunks: int = 200) -> float:
    """Seconds one chunk of one empty task costs on ``pool`` (sending, answering)."""
    run_seeds(_nothing, range(4), executor=pool, chunk_size=1, progress=False)  # start
    start = time.perf_counter()
    run_seeds(_nothing, range(chunks), executor=pool, chunk_size=1, progress=False)
    return (time.perf_counter() - start) / chunks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per game and run")
    parser.add_argument("--only", action="append", help="this game only (repeatable)")
    args = parser.parse_args()
    names = args.only or ["adventure_land", "dubious_alliance", "hero_vs_guardian", "dobbers"]
    settings = {"save_every": 5, "tamper_every": 20}
    rows = []
    with ProcessPoolExecutor(2) as pool:
        overhead = chunk_overhead(pool)
        for name in names:
            task = soak.SoakTask.of(name, **settings)
            seeds = range(args.games)
            start = time.perf_counter()
            here = run_seeds(task, seeds, progress=False)
            one = time.perf_counter() - start
            start = time.perf_counter()
            two_runs = run_seeds(task, seeds, executor=pool, chunk_size=max(1, args.games // 8),
                                 progress=False)
            two = time.perf_counter() - start
            assert two_runs == here, f"{name}: 2 processes gave other figures"
            steps = sum(counts["steps"] for counts, _failures in here)
            rows.append((name, args.games, steps, one, two))
    print(f"serial overhead per chunk (an empty task through the pool): "
          f"{overhead * 1e3:.2f} ms\n")
    print(f"{'game':18} {'games':>6} {'steps':>8} {'1 proc s':>9} {'2 proc s':>9} "
          f"{'speed-up':>8} {'s/game':>7} {'10^6 games, 64 cores':>22}")
    for name, games, steps, one, two in rows:
        speedup = one / two
        per_game = one / games
        efficiency = min(1.0, speedup / 2)
        hours = 1e6 * per_game / (64 * efficiency) / 3600
        print(f"{name:18} {games:>6} {steps:>8} {one:>9.1f} {two:>9.1f} {speedup:>8.2f} "
              f"{per_game:>7.2f} {hours:>19.1f} h")


if __name__ == "__main__":
    main()
