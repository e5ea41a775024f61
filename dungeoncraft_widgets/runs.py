"""Many seeded games at once: the same records whatever runs them.

The soak, bot tournaments and large Monte Carlo runs are all many independent seeded games.
:func:`run_seeds` calls a task once per seed and returns the records in seed order; it runs
here (``executor=None``) or on any :class:`concurrent.futures.Executor`: a
:class:`~concurrent.futures.ProcessPoolExecutor` for a laptop's cores, or a Dask
``distributed`` client's ``client.get_executor()`` for a cluster (the ``dask`` extra). Seeds
go out in chunks (one task per chunk, not per game), so each worker process imports the
library once and pays the sending once per chunk. A task is any picklable callable
``task(seed) -> record``; :class:`PlayGames` is the usual one (play one seeded game with
bots, record what it ended with), and :func:`play_games` runs it.

>>> records = play_games("adventure_land", range(3))
>>> [r.seed for r in records], all(r.over for r in records)
([0, 1, 2], True)
>>> records == play_games("adventure_land", range(3), chunk_size=1)
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .core.checks import whole_number
from .core.errors import InvalidArgumentError

__all__ = ["GameRecord", "PlayGames", "play_games", "run_seeds"]

Record = TypeVar("Record")


def run_seeds(task: Callable[[int], Record], seeds: Iterable[int], *,
              executor: Executor | None = None, chunk_size: int | None = None,
              progress: bool | None = None) -> list[Record]:
    """``[task(seed) for seed in seeds]``, in seed order, run by ``executor`` in chunks.

    ``executor`` None runs every chunk here, in order; otherwise each chunk is one
    ``executor.submit`` (``task`` must then be picklable: a module-level function, a
    :func:`functools.partial` of one, or a :class:`PlayGames`). ``chunk_size`` seeds per
    chunk (None: about four chunks per worker, at most 250 seeds each). ``progress``: a
    bar (a widget in a notebook, a line on stderr in a terminal) as chunks finish; None
    shows it for runs of more than 10 chunks. The records are the same whoever runs them,
    since each depends only on its seed.

    >>> run_seeds(abs, [-2, 3, -5], chunk_size=2)
    [2, 3, 5]
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run_seeds(abs, range(-3, 3), executor=pool, chunk_size=1)
    [3, 2, 1, 0, 1, 2]
    >>> run_seeds(abs, [1.5])
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: seeds must be whole numbers, not 1.5
    """
    if not callable(task):
        raise InvalidArgumentError(f"task must be a function of a seed, not {task!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise InvalidArgumentError("executor must be a concurrent.futures.Executor (or None "
                                   f"to run here), not {type(executor).__name__}")
    seeds = list(seeds)
    for seed in seeds:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidArgumentError(f"seeds must be whole numbers, not {seed!r}")
    if chunk_size is None:
        workers = getattr(executor, "_max_workers", None) or 2
        chunk_size = max(1, min(250, -(-len(seeds) // (4 * workers))))
    whole_number(chunk_size, "chunk_size", minimum=1)
    chunks = [seeds[i:i + chunk_size] for i in range(0, len(seeds), chunk_size)]
    bar = _Progress(len(seeds)) if (progress or progress is None and len(chunks) > 10) else None
    done: dict[int, list[Record]] = {}
    try:
        if executor is None:
            for index, chunk in enumerate(chunks):
                done[index] = _run_chunk(task, chunk)
                if bar:
                    bar.advance(len(chunk))
        else:
            futures = {executor.submit(_run_chunk, task, chunk): index
                       for index, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                done[futures[future]] = future.result()
                if bar:
                    bar.advance(len(done[futures[future]]))
    finally:
        if bar:
            bar.close()
    return [record for index in range(len(chunks)) for record in done[index]]


def _run_chunk(task: Callable[[int], Record], seeds: list[int]) -> list[Record]:
    """One chunk, in a worker: module-level so that every executor can pickle it."""
    return [task(seed) for seed in seeds]


class _Progress:
    """A progress bar: an ipywidgets bar in a running notebook kernel, else a stderr line."""

    def __init__(self, total: int) -> None:
        self.total, self.count, self.widget = total, 0, None
        shell = sys.modules.get("IPython") and sys.modules["IPython"].get_ipython()
        if shell is not None and getattr(shell, "kernel", None) is not None:
            import ipywidgets
            from IPython.display import display

            self.widget = ipywidgets.IntProgress(value=0, max=total, description="games")
            display(self.widget)

    def advance(self, n: int) -> None:
        self.count += n
        if self.widget is not None:
            self.widget.value = self.count
        else:
            print(f"\r{self.count:,} of {self.total:,} seeds done", end="", file=sys.stderr,
                  flush=True)

    def close(self) -> None:
        if self.widget is None:
            print(file=sys.stderr, flush=True)


@dataclass(frozen=True)
class GameRecord:
    """What one seeded game ended with: small, so that thousands travel back cheaply."""

    seed: int
    players: int
    options: tuple[tuple[str, Any], ...]
    actions: int
    over: bool
    scores: tuple[Any, ...]


def _random_bots(state: Any, seed: int) -> dict[int, Any]:
    from .core.bots import RandomBot

    return {p: RandomBot(seed=seed * 1_000 + p) for p in range(len(state.players))}


def _game_record(state: Any, seed: int, options: Mapping[str, Any], actions: int) -> GameRecord:
    return GameRecord(seed, len(state.players), tuple(sorted(options.items())), actions,
                      state.is_over, tuple(state.scores()))


@dataclass(frozen=True)
class PlayGames:
    """A picklable task: ``task(seed)`` plays one seeded game of ``game`` (a name in
    :data:`dungeoncraft_widgets.GAMES`) with bots, and returns ``record(state, seed, options,
    actions)`` (default: a :class:`GameRecord`).

    ``players`` and ``options`` may be lists: the game of seed ``s`` takes the ``s``-th
    entry of each in turn (every player count and rules option in turn, the same for a
    seed whoever runs it). ``bots(state, seed)`` gives the seats' bots (default: a
    seeded random legal action for every seat); both functions must be picklable to run
    on other processes. ``max_actions`` ends a game that has not ended (``over`` False).

    >>> task = PlayGames("dobbers", players=[2, 3])
    >>> record = task(5)
    >>> record.seed, record.players, record.over
    (5, 3, True)
    """

    game: str
    players: int | Sequence[int] | None = None
    options: Mapping[str, Any] | Sequence[Mapping[str, Any]] = field(default_factory=dict)
    bots: Callable[[Any, int], Mapping[int, Any]] = _random_bots
    record: Callable[[Any, int, Mapping[str, Any], int], Any] = _game_record
    max_actions: int = 100_000

    def __post_init__(self) -> None:
        from . import GAMES

        if self.game not in GAMES:
            raise InvalidArgumentError(f"no game is called {self.game!r}: one of "
                                       f"{', '.join(GAMES)}")

    def __call__(self, seed: int) -> Any:
        from . import GAMES
        from .core.bots import play_bots

        module = GAMES[self.game]
        players = self.players if self.players is not None else module.PLAYER_COUNTS
        if not isinstance(players, int):
            players = list(players)[seed % len(players)]
        options = self.options
        if not isinstance(options, Mapping):
            options = list(options)[seed % len(options)]
        state = module.new_game(players=players, seed=seed, **options)
        actions = play_bots(state, self.bots(state, seed), self.max_actions)
        return self.record(state, seed, options, actions)


def play_games(game: str, seeds: Iterable[int], *, players: int | Sequence[int] | None = None,
               options: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
               bots: Callable[[Any, int], Mapping[int, Any]] | None = None,
               record: Callable[[Any, int, Mapping[str, Any], int], Any] | None = None,
               executor: Executor | None = None, chunk_size: int | None = None,
               progress: bool | None = None) -> list[Any]:
    """Play ``game`` once per seed with bots (see :class:`PlayGames`) and return the records
    in seed order, run as :func:`run_seeds` runs them.

    >>> records = play_games("dubious_alliance", range(4), players=[3, 4])
    >>> [r.players for r in records]
    [3, 4, 3, 4]
    """
    task = PlayGames(game, players, options or {},
                     **({"bots": bots} if bots else {}), **({"record": record} if record else {}))
    return run_seeds(task, seeds, executor=executor, chunk_size=chunk_size, progress=progress)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dungeoncraft_widgets.runs GAME GAMES [--workers N] [--dask [ADDRESS]]``:
    play GAMES seeded random games of GAME, every player count in turn, and print how long
    they ran and how often each seat won."""
    import argparse
    import time
    from collections import Counter
    from concurrent.futures import ProcessPoolExecutor

    from . import GAMES
    from .core.english import count

    parser = argparse.ArgumentParser(prog="python -m dungeoncraft_widgets.runs",
                                     description=main.__doc__.split("\n")[0])
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("games", type=int)
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (1: here)")
    parser.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="a Dask scheduler's address, or none for a LocalCluster of "
                             "--workers processes (the dask extra)")
    args = parser.parse_args(argv)
    client = executor = None
    if args.dask is not None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            parser.error('--dask needs the dask extra: pip install "dungeoncraft_widgets[dask]"')
        client = Client(args.dask) if args.dask else Client(LocalCluster(
            n_workers=args.workers, threads_per_worker=1, dashboard_address=None))
        executor = client.get_executor()
    elif args.workers > 1:
        executor = ProcessPoolExecutor(args.workers)
    start = time.perf_counter()
    try:
        records = play_games(args.game, range(args.seed, args.seed + args.games),
                             executor=executor, progress=True)
    finally:
        if client is not None:
            client.close()
        elif executor is not None:
            executor.shutdown()
    seconds = time.perf_counter() - start
    by_count: dict[int, list[GameRecord]] = {}
    for record in records:
        by_count.setdefault(record.players, []).append(record)
    print(f"{len(records):,} games of {args.game} in {seconds:.1f} s "
          f"({len(records) / seconds:.1f} games/s)")
    for players, group in sorted(by_count.items()):
        wins: Counter[int] = Counter()
        for record in group:
            best = max(record.scores)
            wins.update(seat for seat, score in enumerate(record.scores) if score == best)
        shares = ", ".join(f"seat {seat + 1} {wins[seat] / len(group):.0%}"
                           for seat in range(players))
        actions = sum(r.actions for r in group) / len(group)
        print(f"{count(players, 'player')}: {count(len(group), 'game')}, {actions:.0f} "
              "actions on average; "
              f"best score (ties shared): {shares}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
