"""How fast are Adventure Land's exact fight odds, and how do they compare with sympy.stats?

Run: ``/work/venv/bin/python benchmarks/fight_odds.py`` (about a minute; ``--quick`` for a
smaller grid).

The grid: creature 8, 10, 12, 14, 16; 0-3 swords held (extra values +2, +0, +1 in that order);
gold 0-10; 0-3 herbs (values 2, 3, 4 in that order); one companion. For every point it times

- ``fight_odds`` in a warm process: the first time the point is asked (the memo holds what
  earlier points computed) and again (everything memoised); median and worst;
- ``fight_odds`` with its memo cleared before each call (the worst case per query);
- the obvious alternative, ``sympy.stats``: ``P(D1 + ... + Dn + k >= creature)`` with
  ``Die`` for the same distribution (the swords chosen, gold as +1: sympy.stats has no
  optimal-play model, so it answers only the no-reroll question) - and checks that the fraction
  is identical to ``p_win_no_rerolls`` (and, without gold, to ``p_win``);

and, in a fresh process, the cold first call (import, then one call).
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import sys
import time

import sympy
from sympy.core.cache import clear_cache
from sympy.stats import Die, P

from dungeoncraft_widgets.adventure_land import odds as odds_module
from dungeoncraft_widgets.adventure_land.odds import fight_odds

CREATURES = (8, 10, 12, 14, 16)
SWORDS = (2, 0, 1)
HERBS = (2, 3, 4)
COMPANIONS = 1
ROW_KEYS = ("first", "again", "cold", "sympy", "cached")


def clear_memo() -> None:
    odds_module._win_scaled.cache_clear()
    odds_module._p_win_count.cache_clear()


def timed(call) -> tuple[float, object]:
    """Seconds one call takes, with the garbage collector paused (as :mod:`timeit` does)."""
    gc.disable()
    try:
        start = time.perf_counter()
        result = call()
        return time.perf_counter() - start, result
    finally:
        gc.enable()


def sympy_no_reroll(creature: int, odds, clear: bool) -> tuple[float, sympy.Rational]:
    """sympy.stats' answer for the win chance with gold only as +1, and its time (with sympy's
    cache cleared first when ``clear``: otherwise a repeated question is a cache hit)."""
    if clear:
        clear_cache()
    constant = odds.base + odds.sword_bonus + odds.gold + sum(odds.herbs)

    def ask():
        dice = [Die(f"D{i}", 6) for i in range(len(odds.swords_used))]
        if not dice:  # no random variable: the answer is certain
            return sympy.Integer(int(constant >= creature))
        return P(sympy.Add(*dice) + constant >= creature)

    return timed(ask)


def cold_first_call(creature: int, kwargs: dict) -> tuple[float, float]:
    """Import time and first-call time of one query in a fresh Python process."""
    code = (
        "import time; t0 = time.perf_counter();"
        "from dungeoncraft_widgets.adventure_land.odds import fight_odds;"
        "t1 = time.perf_counter();"
        f"fight_odds({creature}, **{kwargs!r});"
        "t2 = time.perf_counter(); print(t1 - t0, t2 - t1)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[0]), float(out[1])


def main(quick: bool = False) -> None:
    golds = range(0, 11, 5 if quick else 1)
    points = [(c, s, g, h) for c in CREATURES for s in range(4) for g in golds for h in range(4)]

    fight_odds(8)  # warm the process: imports, sympy's first Rational
    clear_memo()
    rows: dict[int, dict[str, list[float]]] = {}
    queries = []
    for creature, swords, gold, herbs in points:
        kwargs = dict(companions=COMPANIONS, swords=SWORDS[:swords], herbs=HERBS[:herbs],
                      gold=gold)
        queries.append((creature, swords, kwargs))
    # Pass 1, a warm process: each query the first time (sharing the memo), then again. The
    # pass is made 3 times, the memo cleared before each, and each query's best kept: the
    # machine is shared, and this drops the calls that were merely preempted.
    firsts = [float("inf")] * len(queries)
    for _ in range(3):
        clear_memo()
        for i, (creature, _held, kwargs) in enumerate(queries):
            seconds, _ = timed(lambda: fight_odds(creature, **kwargs))  # noqa: B023
            firsts[i] = min(firsts[i], seconds)
    results = []
    for i, (creature, _held, kwargs) in enumerate(queries):
        again, odds = min((timed(lambda: fight_odds(creature, **kwargs))  # noqa: B023
                           for _ in range(3)), key=lambda timing: timing[0])
        results.append(odds)
        # Rows by the number of dice rolled (the swords fight_odds chose to use).
        row = rows.setdefault(len(odds.swords_used), {key: [] for key in ROW_KEYS})
        row["first"].append(firsts[i])
        row["again"].append(again)
    # Pass 2: the memo cleared before every query; 3 passes, each query's best kept (separate
    # passes, so that one burst of load on the shared machine cannot spoil all 3 tries).
    cold_times = [float("inf")] * len(queries)
    mismatches = 0
    for _ in range(3):
        for i, ((creature, _held, kwargs), odds) in enumerate(zip(queries, results,
                                                                  strict=True)):
            clear_memo()
            seconds, cold_odds = timed(lambda: fight_odds(creature, **kwargs))  # noqa: B023
            cold_times[i] = min(cold_times[i], seconds)
            mismatches += cold_odds.p_win != odds.p_win
    for cold, odds in zip(cold_times, results, strict=True):
        rows[len(odds.swords_used)]["cold"].append(cold)
    # Pass 3 (after pass 2, so that clearing sympy's cache does not slow fight_odds down):
    # sympy.stats on the same question.
    for (creature, _held, kwargs), odds in zip(queries, results, strict=True):
        sympy_time, sympy_p = sympy_no_reroll(creature, odds, clear=True)
        sympy_cached = sympy_no_reroll(creature, odds, clear=False)[0]
        if sympy_p != odds.p_win_no_rerolls or (kwargs["gold"] == 0 and sympy_p != odds.p_win):
            mismatches += 1
            print("MISMATCH", creature, kwargs, sympy_p, odds.p_win_no_rerolls, odds.p_win)
        row = rows[len(odds.swords_used)]
        row["sympy"].append(sympy_time)
        row["cached"].append(sympy_cached)

    ms = 1000.0
    print(f"Grid: creature {CREATURES}, 0-3 swords held {SWORDS}, gold {list(golds)}, "
          f"0-3 herbs {HERBS}, {COMPANIONS} companion: {len(points)} queries")
    print("Times in ms, median / worst. fight_odds: warm process, first time asked (memo shared"
          " with earlier queries; best of 3 passes),\nasked again (best of 3), and with its "
          "memo cleared before the call (best of 3 passes).\n"
          "sympy.stats P(D1+..+Dn + k >= creature) for the same strength distribution (the "
          "no-reroll question; it cannot model rerolls), its cache cleared before each query "
          "and, for information, kept.\nRatio: sympy.stats (cache cleared) / fight_odds (memo "
          "cleared), medians; with 0 swords there are no dice and sympy.stats is not used.\n")
    header = ("dice   | n   | fight_odds first  | fight_odds again  | memo cleared      | "
              "sympy.stats       | sympy (cached)    | ratio | ratio to first")
    print(header)
    print("-" * len(header))
    everything: dict[str, list[float]] = {key: [] for key in ROW_KEYS}
    for swords, row in sorted(rows.items()):
        for key in everything:
            everything[key].extend(row[key])
        print(_line(str(swords), row, ms, swords > 0))
    print(_line("all", everything, ms, False))
    print()
    slowest = max(range(len(queries)), key=lambda i: cold_times[i])
    creature, _, kwargs = queries[slowest]
    fresh = [cold_first_call(creature, kwargs) for _ in range(5)]
    imports, firsts = [f[0] for f in fresh], [f[1] for f in fresh]
    print(f"cold first call in 5 fresh processes, on the query slowest with the memo cleared "
          f"(creature {creature}, {kwargs}):\n  import median {statistics.median(imports) * ms:.0f}"
          f" ms, then the call median {statistics.median(firsts) * ms:.2f} ms, worst "
          f"{max(firsts) * ms:.2f} ms")
    worst = max(max(everything["first"]), max(everything["cold"]))
    print(f"slowest fight_odds query in a warm process (memo kept or cleared): {worst * ms:.2f} ms"
          f" (goal: under 10 ms)")
    with_dice = [r for k, r in rows.items() if k > 0]
    ratios = [s / c for r in with_dice for s, c in zip(r["sympy"], r["cold"], strict=True)]
    print(f"sympy.stats (cache cleared) / fight_odds (memo cleared), per query with dice: "
          f"min {min(ratios):.0f}x, median {statistics.median(ratios):.0f}x "
          f"(goal: at least 100x)")
    print(f"fractions identical to sympy.stats: {len(points) - mismatches} of {len(points)}")
    print()
    refusals()


def refusals() -> None:
    """Questions beyond the game are refused before any work (issue 12: 300 swords took 9.8 s
    before the limits)."""
    from dungeoncraft_widgets.adventure_land.odds import fight_advice
    from dungeoncraft_widgets.core.errors import InvalidArgumentError

    cases = [("fight_odds(12, swords=range(300))", lambda: fight_odds(12, swords=range(300))),
             ("fight_odds(12, swords=(1,) * 300)", lambda: fight_odds(12, swords=(1,) * 300)),
             ("fight_advice(12, (3,), herbs=range(1, 3000))",
              lambda: fight_advice(12, (3,), herbs=range(1, 3000)))]
    print("Refused before the work (InvalidArgumentError), microseconds:")
    for text, call in cases:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            try:
                call()
            except InvalidArgumentError as exc:
                message = str(exc)
            best = min(best, time.perf_counter() - start)
        print(f"  {text:<46} {best * 1e6:8.1f}  ({message})")


def _line(label: str, row: dict[str, list[float]], ms: float, with_sympy: bool) -> str:
    def pair(values: list[float]) -> str:
        return f"{statistics.median(values) * ms:7.3f} / {max(values) * ms:7.3f}"

    text = (f"{label:>6} | {len(row['first']):3d} | {pair(row['first'])} | "
            f"{pair(row['again'])} | {pair(row['cold'])} | ")
    if not with_sympy:
        return text + "-"
    sympy_median = statistics.median(row["sympy"])
    return text + (f"{pair(row['sympy'])} | {pair(row['cached'])} | "
                   f"{sympy_median / statistics.median(row['cold']):5.0f}x | "
                   f"{sympy_median / statistics.median(row['first']):5.0f}x")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
