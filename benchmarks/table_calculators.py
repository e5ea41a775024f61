"""The table calculators of Dobbers and AlderQuest: how fast every answer comes, beside the
obvious alternative, a Monte Carlo run of the real engine from the same position.

Run: ``python benchmarks/table_calculators.py [--trials N] [--repeat K]``. For each
position (ones a real table reaches: a starting deck, a deck about to run out with a
Weapon and a stack ahead, a Board with a drop that draws a new line), it prints:

- the calculator's whole answer after an input changes (``calc.update()``: every table,
  line and recommendation it shows), warm (the library loaded; the AlderQuest
  calculator's memo of its Board searches emptied each time, as for a new Board), the
  median of ``--repeat`` runs, in milliseconds, and for Dobbers each part of it;
- the time ``--trials`` engine runs from the same position take to estimate one of those
  numbers (the next hand's Travel, the chance to clear the stack, the best drops'
  expected runes), with the standard error they leave, and the ratio of the two times.

Times are wall-clock on this machine (``time.perf_counter``), which other work on it
slows: run it alone for the figures the README quotes.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from alderquest_positions import build, setup  # noqa: E402

from dungeoncraft_widgets.alderquest.calculator import AlderQuestCalculator  # noqa: E402
from dungeoncraft_widgets.core.rng import Rng  # noqa: E402
from dungeoncraft_widgets.dobbers.calculator import DobbersCalculator  # noqa: E402
from dungeoncraft_widgets.dobbers.odds import hand_points  # noqa: E402


def median_ms(run, repeat: int) -> float:
    run()  # warm
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def dobbers_positions() -> dict[str, DobbersCalculator]:
    start = DobbersCalculator()  # a starting deck: 5 Bottle Caps left, a stack on E2
    short = DobbersCalculator()
    short.equipment["weapon"].value = "silver_sword"
    short.piles["hand"].value = ("strength", "helpful", "bottle_cap", "bottle_cap", "silver")
    short.piles["deck"].value = ("bottle_cap", "traveling_kit")
    short.piles["discard"].value = ("bottle_cap",) * 4 + ("wooden_knife", "helpful")
    near = DobbersCalculator()  # two squares from the Key, one stack between
    near.square.value = "T15"
    near.stack_square[0].value, near.stack_location[0].value = "E12", "hollow_oak"
    near.stack_rest[0].value = ()
    for calc in (start, short, near):
        assert calc.message.value == "", calc.message.value
    return {"starting deck, stack on E2": start, "deck of 2, a Weapon, stack on E2": short,
            "2 squares from the Key": near}


def dobbers_monte_carlo(calc: DobbersCalculator, trials: int) -> tuple[float, float, float]:
    """(seconds, the chance of the next hand's most likely Travel, its standard error):
    the turn ended in the engine ``trials`` times, the deck shuffled each time."""
    travel = calc.hands["travel"]
    value = max(travel, key=travel.get)
    hits = 0
    start = time.perf_counter()
    for seed in range(trials):
        options = calc.options()
        random.Random(seed).shuffle(options["deck"])
        game = calc.build(seed=seed, deck=options["deck"])
        me = game.turn_player
        game.apply("end")
        hits += hand_points(calc.cards, game.hands[me], "travel", hero=calc.hero.value,
                            equipped=game.equipped[me]) == value
    seconds = time.perf_counter() - start
    p = hits / trials
    return seconds, p, math.sqrt(p * (1 - p) / trials)


def alderquest_monte_carlo(calc: AlderQuestCalculator, trials: int
                           ) -> tuple[float, float, float]:
    """(seconds, mean runes collected by the best drops, its standard error)."""
    pos = calc.position
    game = build(setup(seed=1), board=[list(c) for c in pos.board.cols],
                 revealed=list(calc.revealed.value), rune_pouch=sorted(pos.pouch.elements()))
    best = calc.plans[0]
    got = []
    start = time.perf_counter()
    for i in range(trials):
        g = copy.deepcopy(game)
        g.rng = Rng(1 + i)
        for rune, column in best.steps:
            g.apply(f"drop {rune} {column}")
        got.append(len(g.teams[0]["held"]))
    seconds = time.perf_counter() - start
    return seconds, statistics.fmean(got), statistics.pstdev(got) / math.sqrt(trials)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"Monte Carlo: {args.trials} engine runs; exact: median of {args.repeat} warm runs\n")
    print(f"{'position':44} {'whole answer':>13} {'MC':>10} {'ratio':>7}  MC estimate ± SE "
          "vs exact")
    for name, calc in dobbers_positions().items():
        exact_ms = median_ms(calc.update, args.repeat)
        seconds, p, se = dobbers_monte_carlo(calc, args.trials)
        travel = calc.hands["travel"]
        value = max(travel, key=travel.get)
        ratio = 1000 * seconds / exact_ms
        print(f"Dobbers: {name:35} {exact_ms:10.1f} ms {seconds:8.2f} s {ratio:6.0f}x"
              f"  P(Travel = {value}) {p:.3f} ± {se:.3f} vs {travel[value]} "
              f"≈ {float(travel[value]):.3f}")
    calc = DobbersCalculator()
    view, me = calc.view, calc.view.turn_player
    from dungeoncraft_widgets.dobbers.graph import path_to_key
    from dungeoncraft_widgets.dobbers.odds import expected_turns, next_challenge, next_hand
    parts = {
        "build the position": lambda: calc.build(),
        "next hand (3 quantities)": lambda: [next_hand(view, me, q) for q in
                                             ("travel", "challenge", "influence")],
        "next Challenge this turn": lambda: next_challenge(view, me),
        "way to the Key": lambda: path_to_key(view, me),
        "expected turns (quick bound)": lambda: _race(expected_turns, view, me),
    }
    print("\nDobbers, the parts of the starting-deck answer:")
    for part, run in parts.items():
        print(f"  {part:32} {median_ms(run, args.repeat):8.1f} ms")

    print()
    aq = AlderQuestCalculator()
    for lines in (1, 2):
        aq.lines.value = lines
        assert aq.message.value == "", aq.message.value
        # a new Board each time: the calculator's memo of its searches emptied
        exact_ms = median_ms(lambda: (aq._searched.clear(), aq.update()),
                             args.repeat if lines == 1 else 1)
        seconds, mean, se = alderquest_monte_carlo(aq, args.trials)
        best = aq.plans[0]
        print(f"AlderQuest: Board, drop T G H, {lines} line{'s' if lines > 1 else ''}"
              f"{'':{14 - (lines > 1)}} {exact_ms:10.1f} ms {seconds:8.2f} s "
              f"{1000 * seconds / exact_ms:6.0f}x  runes {mean:.3f} ± {se:.3f} vs "
              f"{best.expected_collected} ≈ {float(best.expected_collected):.3f}")
    aq.lines.value = 1

    def ask() -> None:  # a new question about the same Board: no search again
        aq.want_count.value = 3 - aq.want_count.value
    print(f"AlderQuest: the same Board, another question (reveal odds) "
          f"{median_ms(ask, args.repeat):10.1f} ms")


def _race(expected_turns, view, me):
    try:
        return expected_turns(view, me, max_work=6_000)
    except ValueError as exc:  # the race can get stuck: the calculator says so in words
        return exc


if __name__ == "__main__":
    main()
