"""AlderQuest: speed of the engine and of the Board's cascade, and how the bots fare.

Run: ``python benchmarks/alderquest.py [--games N] [--bot-games N] [--cap N]
[--baseline REV]``. Times are the CPU time of the process doing the work
(``time.process_time``), so a machine shared with other work still gives the figures of
one core. Prints:

1. random full games per second (2, 3 and 4 players; 3 and 4 players play the same
   team game): a uniformly random player (every legal action equally likely, seeds
   0..N-1) on the engine alone (legal_actions + apply), with the time per action and
   the length of a game in actions and turns; the same games on the engine of
   ``--baseline REV`` (default: the last commit before the engine was made faster, issue
   14), each package in its own process, so the ratio compares like with like and
   "same games" checks that no rule changed (every game's actions and result are
   compared); and actions per second when every choice is made on
   ``state.view(player)`` (``play_bots``).

   Why a random game is long: a turn is short (some 15 actions: the 3 drops the Action
   Phase needs, L78, a few Hero actions and minion steps, the Draw), but winter needs the
   fourth Snowflake matched (L251), and a Snowflake reaches the Board only after an enemy
   minion steps onto its face-down tile and reveals it (half the time a random player
   dismisses it back into the pouch unseen, L160), goes to the Rune Discard Pile (L166),
   comes back into the Rune Pouch and then lines up with two Acorns of one colour or
   other Snowflakes (L241). Over 30 seeds (2 players) random play took 65 to 6,149 turns
   (median 405), so 1,094 to 96,144 actions (median 6,300); of 100 seeds one reached the
   100,000-action limit, where the game ends (RULE_NOTES). 100 games a second would need
   well under 2 us an action, out of reach for a Python engine that keeps a log. Picking
   a kind of action first and then one of its kind makes games longer still (median
   13,000 actions over 8 seeds, one of 302,000, before the limit), so no such "fairer"
   random player is shown.
2. the cost of resolving a cascade (``matching.cascade``: a drop and everything it sets
   off) and of finding the matches on a Board, against the obvious alternative (test
   every straight line of 3 or more cells);
3. the bots against random play and against each other (2 players, both seats):
   games won, points, and how many games ended within ``--cap`` actions (the game
   ends only when each team's minions have revealed the other's Snowflakes, so a
   passive opponent can keep it going);
4. how long bot games last (issue 23: every game reaches winter): ``--length-games``
   seeded games for each of 2, 3 and 4 players, Match- and Tribute-seekers seated in
   turn, played to their end: the share that end, and the turns per seat (a seat of the
   turn order: the lone player of a 3-player game has two) as median, 90th percentile
   and maximum; then ``--random-games`` uniformly random 2-player games played to their
   end, and how each ended (winter, winter made impossible, the action limit);
5. the advice queries of the app and the notebook (warm, against the obvious way).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from dungeoncraft_widgets.alderquest import MAX_ACTIONS, load_cards, new_game
from dungeoncraft_widgets.alderquest.bots import MatchBot, TributeBot
from dungeoncraft_widgets.alderquest.matching import (
    Board,
    cascade,
    cells_by_definition,
    find_matches,
)
from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.rng import Rng

PIECES = list("BGHT") * 3 + ["r1", "b2", "bs"]


# The games of section 1, run in a fresh process on whichever package PYTHONPATH names
# (this checkout's or a baseline's): only what every version of the engine has.
GAMES_SCRIPT = """
import hashlib, json, sys, time
from dungeoncraft_widgets.alderquest import load_cards, new_game
from dungeoncraft_widgets.core.rng import Rng
load_cards()  # the first load validates the data: not timed
games, counts = int(sys.argv[1]), [int(n) for n in sys.argv[2:]]
out = {}
for players in counts:
    rows = []
    for seed in range(games):
        start = time.process_time()
        state = new_game(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        took = time.process_time() - start
        text = "\\n".join(map(str, state.history)) + repr(state.scores())
        copies = []
        for work in (state.copy, lambda: state.view(0)):  # the finished game, long log
            start = time.process_time()
            for _ in range(3):
                work()
            copies.append((time.process_time() - start) / 3)
        rows.append([took, len(state.history), state.turn,
                     hashlib.sha256(text.encode()).hexdigest(), *copies])
    out[players] = rows
print(json.dumps(out))
"""
BASELINE = "f34a40c"  # main (with the new core) before issue 14's engine speed-up


def random_games(games: int, counts: Sequence[int], package_root: Path) -> dict[str, list]:
    """Per player count: (seconds, actions, turns, digest, seconds to copy and to view the
    finished game) of random games on seeds 0..games-1, played in a new process on the
    package under ``package_root``."""
    done = subprocess.run([sys.executable, "-c", GAMES_SCRIPT, str(games), *map(str, counts)],
                          env={**os.environ, "PYTHONPATH": str(package_root)},
                          cwd=package_root,  # `python -c` imports from its cwd first
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def baseline_package(revision: str, into: Path) -> Path | None:
    """The package as it was at ``revision`` (git archive), or None (no git, no such
    revision)."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", revision,
                           "dungeoncraft_widgets"], capture_output=True)
    if done.returncode != 0:
        return None
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(into, filter="data")
    return into


def games_table(games: int, baseline: str | None) -> None:
    """Section 1: see the module docstring."""
    counts = (2, 3, 4)
    root = Path(__file__).resolve().parent.parent
    ours = random_games(games, counts, root)
    before = None
    if baseline:
        with tempfile.TemporaryDirectory() as tmp:
            package = baseline_package(baseline, Path(tmp))
            if package is None:
                print(f"(no baseline: git cannot give the package at {baseline!r})")
            else:
                before = random_games(games, counts, package)
    print(f"1. Random full games: a uniformly random legal action each step, {games} "
          f"seeds, CPU time (the goal was 100 games/s)")
    print(f"{'players':>7} {'games/s':>8} {'us/action':>10} {'actions/game':>21} "
          f"{'turns':>6} {'a/turn':>7} {'via views a/s':>14}", end="")
    print(f" | {'before g/s':>10} {'us/action':>10} {'speed-up':>9} {'same games':>11}"
          if before else "")
    for players in counts:
        rows = ours[str(players)]
        took = sum(r[0] for r in rows)
        actions = [r[1] for r in rows]
        turns = statistics.median(r[2] for r in rows)
        spread = (f"{statistics.median(actions):.0f} "
                  f"({min(actions)}-{max(actions)})")
        line = (f"{players:>7} {len(rows) / took:>8.2f} {took / sum(actions) * 1e6:>10.1f} "
                f"{spread:>21} {turns:>6.0f} {sum(actions) / sum(r[2] for r in rows):>7.1f} "
                f"{viewed_actions(2000, players):>14.0f}")
        if before:
            old = before[str(players)]
            old_took = sum(r[0] for r in old)
            same = all(a[1:4] == b[1:4] for a, b in zip(rows, old, strict=True))
            line += (f" | {len(old) / old_took:>10.2f} "
                     f"{old_took / sum(r[1] for r in old) * 1e6:>10.1f} "
                     f"{old_took / took:>8.2f}x {'yes' if same else 'NO':>11}")
        print(line)
    print("\nCopying the finished games (median; several thousand actions, a long log): "
          "state.copy() and state.view(0)")
    for players in counts:
        line = f"{players:>7} players: copy {_median_ms(ours, players, 4):>8.2f} ms, view " \
               f"{_median_ms(ours, players, 5):>6.2f} ms"
        if before:
            line += (f" | before: copy {_median_ms(before, players, 4):>8.2f} ms, view "
                     f"{_median_ms(before, players, 5):>6.2f} ms")
        print(line)


def _median_ms(results: dict[str, list], players: int, column: int) -> float:
    return statistics.median(r[column] for r in results[str(players)]) * 1000


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


def _percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (the smallest value with ``share`` of them at or
    below it)."""
    ordered = sorted(values)
    return ordered[max(0, -(-int(share * 100) * len(ordered) // 100) - 1)]


def bot_game_lengths(games: int, counts: Sequence[int] = (2, 3, 4)) -> dict[int, dict]:
    """Per player count: seeded bot games (Match- and Tribute-seekers in turn) played to
    their end; turns per seat, whether each ended and how."""
    out = {}
    for players in counts:
        per_seat, ended, reasons = [], 0, []
        start = time.process_time()
        for seed in range(games):
            state = new_game(players=players, seed=seed)
            kinds = (MatchBot, TributeBot)
            bots = {p: kinds[(p + seed) % 2](seed=seed * 10 + p) for p in range(players)}
            play_bots(state, bots, max_actions=MAX_ACTIONS)
            ended += state.is_over
            reasons.append(state.end_reason or "")
            per_seat.append(state.turn / len(state.slots))
        out[players] = {"per_seat": per_seat, "ended": ended, "games": games,
                        "winter": sum("winter has arrived" in r for r in reasons),
                        "seconds": time.process_time() - start}
    return out


def random_game_ends(games: int) -> dict[str, float]:
    """Uniformly random 2-player games (seeds 0..games-1) played to their end (the
    engine ends every game by MAX_ACTIONS): how each ended."""
    how = {"winter": 0, "impossible": 0, "limit": 0, "not over": 0}
    actions = []
    for seed in range(games):
        state, rng = new_game(seed=seed), Rng(seed)
        while not state.is_over and len(state.history) < MAX_ACTIONS:
            state.apply(rng.choice(state.legal_actions()))
        reason = state.end_reason or ""
        key = ("not over" if not state.is_over else "winter" if "winter has arrived" in reason
               else "impossible" if "too few Acorns" in reason else "limit")
        how[key] += 1
        actions.append(len(state.history))
    return {**how, "median": statistics.median(actions), "max": max(actions)}


def lengths_table(games: int, random_games: int) -> None:
    """Section 4: see the module docstring."""
    print(f"\n4. How long bot games last: {games} seeded games each (Match- and "
          "Tribute-seekers seated in turn), played to their end")
    print(f"{'players':>7} {'ended':>9} {'by winter':>10} {'turns per seat: median':>23} "
          f"{'90th pct':>9} {'max':>6} {'s/game':>7}")
    for players, r in bot_game_lengths(games).items():
        per = r["per_seat"]
        print(f"{players:>7} {r['ended']:>4}/{r['games']:<4} {r['winter']:>10} "
              f"{statistics.median(per):>23.1f} {_percentile(per, 0.9):>9.1f} "
              f"{max(per):>6.1f} {r['seconds'] / r['games']:>7.2f}")
    if random_games:
        r = random_game_ends(random_games)
        ended = random_games - r["not over"]
        print(f"Random 2-player games: {ended} of {random_games} end ({r['winter']} by winter, "
              f"{r['impossible']} by winter made impossible, {r['limit']} at the "
              f"{MAX_ACTIONS:,}-action limit); actions: median {r['median']:.0f}, "
              f"max {r['max']:,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--bot-games", type=int, default=6)
    parser.add_argument("--cap", type=int, default=3000)
    parser.add_argument("--length-games", type=int, default=20,
                        help="seeded bot games per player count in section 4")
    parser.add_argument("--random-games", type=int, default=30,
                        help="random 2-player games played to their end in section 4")
    parser.add_argument("--only-lengths", action="store_true",
                        help="run section 4 alone")
    parser.add_argument("--baseline", default=BASELINE,
                        help="git revision whose engine plays the same random games "
                             "('' for none)")
    args = parser.parse_args()
    load_cards()  # the first load validates the data (and imports jsonschema): not timed
    if args.only_lengths:
        lengths_table(args.length_games, args.random_games)
        return

    games_table(args.games, args.baseline)
    print("\n2. The Matching Board (4 by 6), time per call")
    per_cascade, fast, naive = cascade_timings(3000)
    print(f"{'cascade after a drop (matching.cascade)':<44} {per_cascade * 1e6:>8.1f} us")
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
    lengths_table(args.length_games, args.random_games)
    advice_table()


# ------------------------------------------------------------------ 5. advice queries
ADVICE_GOAL_MS = 50.0


def advice_positions(count: int) -> list:
    """Mid-game positions from bot games: Red to drop 3 revealed runes, with minions of
    both teams on the Battlefield (the queries are asked on Red's view of them)."""
    out, seed = [], 0
    while len(out) < count and seed < 200:
        state = new_game(["You", "Bot"], seed=2000 + seed)
        bots = {0: TributeBot(seed=seed), 1: MatchBot(seed=seed + 1)}
        for step in range(3000):
            if state.is_over:
                break
            if (step > 300 and state.current_team == 0 and state.step == "action"
                    and len(state.revealed) == 3 and not state.stack
                    and state.activation is None
                    and {m["team"] for m in state.minions.values() if m["space"]} == {0, 1}
                    and any(not m["exhausted"] for m in state.minions.values()
                            if m["team"] == 0 and m["space"])):
                out.append(state)
                break
            player = state.current_player
            state.apply(bots[player].choose(state.view(player), state.legal_actions()))
        seed += 1
    return out


def _warm_ms(work, repeats: int = 5) -> float:
    """The median time of ``work()`` in ms once warm (run once first; the garbage
    collector paused while timed)."""
    import gc

    work()
    times = []
    for _ in range(repeats):
        gc.disable()
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
        gc.enable()
    return statistics.median(times)


def _ordered_draws(counts, length: int):
    """Every ordered draw of ``length`` runes without replacement, with its chance."""
    from fractions import Fraction

    def walk(seq, p, left):
        if len(seq) == length or not sum(left.values()):
            yield tuple(seq), p
            return
        total = sum(left.values())
        for rune in sorted(left):
            if left[rune]:
                rest = left.copy()
                rest[rune] -= 1
                yield from walk(seq + [rune], p * Fraction(left[rune], total), rest)
    yield from walk([], Fraction(1), counts)


def _move_brute(pos, move) -> None:
    """The obvious way to the odds of a move: every ordered line of new runes run
    through matching.cascade."""
    from collections import Counter

    outcomes: Counter = Counter()
    for seq, p in _ordered_draws(pos.pouch, pos.board.width):
        r = cascade(pos.board, pos.allies, pos.colour, [move], new_runes=seq,
                    snowflakes_before=pos.snowflakes, exalted=pos.exalted)
        outcomes[(len(r.collected), r.points, str(r.board))] += p


def _plans_one_by_one(pos, revealed) -> None:
    """The obvious way to rank drop plans: each plan on its own, move_odds chained drop
    by drop over every outcome (no work shared between plans)."""
    from itertools import permutations

    from dungeoncraft_widgets.alderquest.odds import Position, move_odds

    columns = [chr(65 + c) for c in range(pos.board.width)]

    def value(p, steps):
        (rune, col), rest = steps[0], steps[1:]
        if p.board.column_full(ord(col) - 65) and not p.board.is_full():
            return 0
        total = 0
        for o in move_odds(p, ("drop", col, rune), max_lines=0 if rest else 1).outcomes:
            sub = 0
            if rest and not (o.ended or o.unsettled):
                nxt = Position(o.board, p.allies, p.colour, o.pouch, o.discard,
                               min(3, p.snowflakes + o.snowflakes), o.result.exalted)
                sub = value(nxt, rest)
            total += o.probability * (len(o.collected) + sub)
        return total

    import itertools
    for order in set(permutations(revealed)):
        for cols in itertools.product(columns, repeat=len(order)):
            value(pos, tuple(zip(order, cols, strict=True)))


def _reach_by_engine(game, mid) -> None:
    """The obvious way to a minion's reach: try every sequence of its moves on copies of
    the game (answering each question so that it keeps moving)."""
    import copy

    from dungeoncraft_widgets.alderquest.actions import Move

    auto = {"encounter": "dismiss", "carry": "leave", "trap": "destroy", "judo": "stand",
            "trigger": "decline"}

    def walk(g):
        for action in g.legal_actions():
            if not isinstance(action, Move) or action.minion != mid:
                continue
            nxt = copy.deepcopy(g)
            nxt.apply(action)
            while nxt.stack and not nxt.is_over:
                answer = auto.get(nxt.stack[-1]["kind"])
                nxt.apply(answer if answer else nxt.legal_actions()[0])
            if nxt.activation is not None and nxt.activation["minion"] == mid:
                walk(nxt)
    walk(game)


def advice_table(count: int = 6) -> None:
    """5. Every advice query the app and the notebook ask, warm, beside the obvious way to
    the same answer; the goal: each under 50 ms."""
    from collections import Counter

    from dungeoncraft_widgets.alderquest.graph import minion_reach, threats, turns_to_tribute
    from dungeoncraft_widgets.alderquest.odds import (
        Position,
        best_drops,
        move_odds,
        reveal_odds,
        snowflake_race,
        tile_odds,
    )

    games = advice_positions(count)
    views = [g.view(0) for g in games]
    print(f"\n5. Advice queries, warm: median over {len(views)} mid-game positions (Red to drop "
          f"3 runes, minions of both teams out), worst in brackets; goal under "
          f"{ADVICE_GOAL_MS:.0f} ms")
    rows = []

    def row(name, ours, alt_name="", alt=None):
        rows.append((name, ours, alt_name, alt))

    poss = [Position.from_state(v, 0) for v in views]
    mine = [next(mid for mid, m in sorted(v.minions.items())
                 if m["team"] == 0 and m["space"] and not m["exhausted"]) for v in views]
    row("best_drops (every order and column)",
        [_warm_ms(lambda p=p, v=v: best_drops(p, v.revealed)) for p, v in zip(poss, views,
                                                                             strict=True)],
        "each plan alone, move_odds chained",
        [_warm_ms(lambda p=p, v=v: _plans_one_by_one(p, v.revealed), repeats=1)
         for p, v in zip(poss[:2], views[:2], strict=True)])
    # the first revealed rune into the lowest column
    drops = [("drop", chr(65 + min(range(p.board.width), key=lambda c, p=p: len(p.board.cols[c]))),
              v.revealed[0]) for p, v in zip(poss, views, strict=True)]
    row("move_odds (one drop)",
        [_warm_ms(lambda p=p, d=d: move_odds(p, d)) for p, d in zip(poss, drops, strict=True)],
        "every ordered new line via cascade",
        [_warm_ms(lambda p=p, d=d: _move_brute(p, d), repeats=1)
         for p, d in zip(poss[:2], drops[:2], strict=True)])
    row("reveal_odds (>= 2 of a faction in 3)",
        [_warm_ms(lambda p=p: reveal_odds(p, "T", 2)) for p in poss],
        "every ordered draw of 3",
        [_warm_ms(lambda p=p: sum(q for seq, q in _ordered_draws(p.pouch, 3)
                                  if seq.count("T") >= 2)) for p in poss])
    row("tile_odds / trap_chance", [_warm_ms(lambda v=v: tile_odds(v, 0)) for v in views])
    row("minion_reach (a ready minion)",
        [_warm_ms(lambda v=v, m=m: minion_reach(v, m)) for v, m in zip(views, mine,
                                                                       strict=True)],
        "every move sequence on the engine",
        [_warm_ms(lambda g=g, m=m: _reach_by_engine(g, m), repeats=1)
         for g, m in zip(games, mine, strict=True)])
    row("turns_to_tribute", [_warm_ms(lambda v=v, m=m: turns_to_tribute(v, m))
                             for v, m in zip(views, mine, strict=True)])
    row("threats (every enemy minion)", [_warm_ms(lambda v=v: threats(v, 0)) for v in views])
    plans = [best_drops(p, v.revealed) for p, v in zip(poss, views, strict=True)]
    row("snowflake_race (plans given)",
        [_warm_ms(lambda v=v, pl=pl: snowflake_race(v, pl)) for v, pl in zip(views, plans,
                                                                              strict=True)])
    print(f"{'query':<40} {'ours ms':>14} {'alternative':<36} {'alt ms':>9} {'ratio':>7}")
    slow = Counter()
    for name, ours, alt_name, alt in rows:
        med, worst = statistics.median(ours), max(ours)
        slow[name] = worst > ADVICE_GOAL_MS
        text = f"{med:>6.2f} ({worst:>5.1f})"
        if alt:
            amed = statistics.median(alt)
            ours_same = statistics.median(ours[:len(alt)])
            print(f"{name:<40} {text:>14} {alt_name:<36} {amed:>9.1f} "
                  f"{amed / max(ours_same, 1e-3):>7.0f}")
        else:
            print(f"{name:<40} {text:>14}")
    over = [n for n, s in slow.items() if s]
    print("every query under the goal in every position" if not over else
          f"over {ADVICE_GOAL_MS:.0f} ms somewhere: {', '.join(over)}")


if __name__ == "__main__":
    main()
