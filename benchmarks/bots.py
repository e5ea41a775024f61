"""How well the search bot plays: seeded tournaments per game, level and opponent.

One search bot (``core/search.py``) sits at one seat; the other seats are today's
rule-of-thumb bots (the ones each app seats by default) or random play. The search
bot's seat rotates with the seed (so it plays every role: Hero and Guardian, Red and
Blue, first and last). For each game, level and opponent it prints the games played,
the search bot's win rate (a win shared by k counts 1/k; in Dubious Alliance,
4 players, "finished first" against three of today's bots) with its 95% Wilson
interval, the seconds per searched move (median and 95th percentile; a move with one
legal action, or one the game plays by rule of thumb at once, is not searched) and the actions per game, and how many games ended.
It also plays hard against hard (every such game must end) and, with ``--openspiel``,
our hard bot against OpenSpiel's ISMCTS bot at equal time per move
(``benchmarks/openspiel_match.py``).

    python benchmarks/bots.py                       # every game, the default numbers
    python benchmarks/bots.py --game dobbers --games 20 --levels hard --against today
    python benchmarks/bots.py --workers 2 --openspiel

Games run on ``--workers`` processes through :func:`dungeoncraft_widgets.runs.run_seeds`,
so each game's record depends only on its seed. Seconds per move are measured in
the worker: with two workers on two cores each game has a core to itself.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from dungeoncraft_widgets import GAMES
from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.core.search import LEVELS, SearchBot, search_game

#: Players per game in the tournaments: two, or for Dubious Alliance (3-7) four, so
#: that the search bot meets three of today's bots.
PLAYERS = {"adventure_land": 2, "hero_vs_guardian": 2, "dubious_alliance": 4,
           "dobbers": 2, "alderquest": 2}

#: Games per match against today's bots by default (against random play, half as many):
#: the long games (AlderQuest's hundreds of moves, Hero versus Guardian's dungeon) get
#: fewer, so that the whole table takes well under an hour on two cores.
DEFAULT_GAMES = {"adventure_land": 10, "hero_vs_guardian": 6, "dubious_alliance": 8,
                 "dobbers": 6, "alderquest": 2}

MAX_ACTIONS = 20_000


def today_bots(game: str, state, seed: int) -> dict:
    """Today's rule-of-thumb bots for every seat, as each game's app seats them."""
    n = len(state.players)
    if game == "adventure_land":
        from dungeoncraft_widgets.adventure_land.bots import GreedyBot
        return {p: GreedyBot(seed=seed * 10 + p) for p in range(n)}
    if game == "hero_vs_guardian":
        from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot, HeroBot
        return {p: (GuardianBot(seed=seed * 10 + p) if p == state.guardian
                    else HeroBot(seed=seed * 10 + p)) for p in range(n)}
    if game == "dubious_alliance":
        from dungeoncraft_widgets.dubious_alliance.bots import TEMPERAMENTS, TemperamentBot
        return {p: TemperamentBot(TEMPERAMENTS[(p + seed) % len(TEMPERAMENTS)],
                                  seed=seed * 10 + p) for p in range(n)}
    if game == "dobbers":
        from dungeoncraft_widgets.dobbers.bots import RaceBot
        return {p: RaceBot(seed=seed * 10 + p) for p in range(n)}
    if game == "alderquest":
        from dungeoncraft_widgets.alderquest.bots import MatchBot, TributeBot
        return {p: (MatchBot, TributeBot)[p % 2](seed=seed * 10 + p) for p in range(n)}
    raise ValueError(f"no game is called {game!r}")


@dataclass(frozen=True)
class MatchRecord:
    seed: int
    seat: int
    result: float           # the search bot's: 1 a win, 0 a loss, 1/k a shared win
    seconds: tuple[float, ...]  # per searched move
    actions: int
    over: bool


@dataclass(frozen=True)
class Match:
    """A picklable task: ``match(seed)`` plays one game with a search bot of ``level``
    at seat ``seed % players`` against ``against`` ("today", "random" or a level)."""

    game: str
    players: int
    level: str
    against: str

    def __call__(self, seed: int) -> MatchRecord:
        search = search_game(self.game)
        state = GAMES[self.game].new_game(players=self.players, seed=seed)
        seat = seed % self.players
        if self.against == "today":
            bots = today_bots(self.game, state, seed)
        elif self.against == "random":
            bots = {p: RandomBot(seed=seed * 10 + p) for p in range(self.players)}
        else:
            bots = {p: SearchBot(search, self.against, seed=seed * 10 + p)
                    for p in range(self.players)}
        bots[seat] = SearchBot(search, self.level, seed=seed * 10 + seat)
        seconds, actions = [], 0
        while not state.is_over and actions < MAX_ACTIONS:
            player = state.current_player
            legal = state.legal_actions()
            started = time.perf_counter()
            action = bots[player].choose(state.view(player), legal)
            if player == seat and bots[seat].report.iterations:  # (a move it searched)
                seconds.append(time.perf_counter() - started)
            state.apply(action)
            actions += 1
        result = search.evaluate(state, seat) if state.is_over else 0.0
        return MatchRecord(seed, seat, result, tuple(seconds), actions, state.is_over)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate of ``wins`` in ``n`` games.

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(game: str, match: Match, records: list[MatchRecord], wall: float) -> dict:
    n = len(records)
    wins = sum(r.result for r in records)
    seconds = [s for r in records for s in r.seconds]
    low, high = wilson(wins, n)
    return {"game": game, "players": match.players, "level": match.level,
            "against": match.against, "games": n, "wins": wins, "rate": wins / n if n else 0,
            "low": low, "high": high,
            "median": statistics.median(seconds) if seconds else 0.0,
            "p95": percentile(seconds, 0.95), "max": max(seconds, default=0.0),
            "actions": statistics.mean(r.actions for r in records) if records else 0,
            "ended": sum(r.over for r in records), "wall": wall}


def run_match(match: Match, seeds: range, executor) -> list[MatchRecord]:
    from dungeoncraft_widgets.runs import run_seeds
    return run_seeds(match, seeds, executor=executor, chunk_size=1, progress=False)


def table(rows: list[dict]) -> str:
    head = ("| game | players | search bot | against | games | won | win rate (95% CI) | "
            "s/move median | 95th % | actions/game | ended |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    for r in rows:
        wins = f"{r['wins']:g}"
        lines.append(
            f"| {r['game']} | {r['players']} | {r['level']} | {r['against']} | {r['games']} | "
            f"{wins} | {r['rate']:.0%} ({r['low']:.0%}–{r['high']:.0%}) | "
            f"{r['median']:.3f} | {r['p95']:.3f} | {r['actions']:.0f} | "
            f"{r['ended']}/{r['games']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game (repeatable; default: all five)")
    parser.add_argument("--games", type=int, help="games per match (default: per game)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--against", default="today,random",
                        help="opponents: today, random, or a level (comma separated)")
    parser.add_argument("--hard-vs-hard", type=int, default=1, metavar="N",
                        help="also play N games of hard against hard per game (0: none)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--openspiel", action="store_true",
                        help="also play hard against OpenSpiel's ISMCTS bot")
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    rows = []
    for game in games:
        n = args.games or DEFAULT_GAMES[game]
        players = PLAYERS[game]
        matches = [Match(game, players, level, against)
                   for against in args.against.split(",") for level in args.levels.split(",")]
        if args.hard_vs_hard:
            matches.append(Match(game, 2 if players == 2 else players, "hard", "hard"))
        for match in matches:
            count = args.hard_vs_hard if match.against == "hard" else \
                max(1, n // 2) if match.against == "random" else n
            seeds = range(args.first_seed, args.first_seed + count)
            started = time.perf_counter()
            records = run_match(match, seeds, executor)
            row = summarize(game, match, records, time.perf_counter() - started)
            rows.append(row)
            print(table([row]).splitlines()[-1], file=sys.stderr, flush=True)
    print(table(rows))
    if args.openspiel:
        sys.path.insert(0, __file__.rsplit("/", 1)[0])
        from openspiel_match import main as openspiel_main  # noqa: PLC0415
        openspiel_main([])
    if executor is not None:
        executor.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
