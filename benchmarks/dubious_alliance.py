"""Dubious Alliance speed: bot games per second and the time of the exact odds queries.

Run: ``python benchmarks/dubious_alliance.py``. Prints two tables, each with a
ratio against the obvious alternative:

1. games per second for temperament bots and for random bots (the cheapest
   possible players) at 3, 5 and 7 players;
2. the time of each odds query on a 7-player table during Trading, next to a
   Monte Carlo estimate of the same chance from 2,000 samples of the unseen
   cards (what one would write without exact counting), and the exact ordered
   draw count against brute-force enumeration of every ordered draw;
3. a bot tournament: wins, deaths and game length per temperament.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import Rng
from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.core.deck import ordered_draws_count
from dungeoncraft_widgets.dubious_alliance.active import prestige
from dungeoncraft_widgets.dubious_alliance.bots import play_game, tournament
from dungeoncraft_widgets.dubious_alliance.odds import (
    active_after,
    chance_reaches_goal,
    chance_reveal_hurts,
    chance_round_outcome,
    chance_someone_reaches_goal,
    chance_survive_round,
    claim_belief,
    odds_report,
    round_model,
)


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Best-of-3 mean seconds per call."""
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - t) / repeat)
    return best


def random_game(players: int, seed: int) -> da.DubiousAllianceState:
    state = da.new_game(players, seed=seed)
    bots = [RandomBot(seed * 7 + i) for i in range(players)]
    while not state.is_over:
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    return state


def games_per_second() -> None:
    print("Bot games per second")
    print(f"{'players':>8} {'temperament g/s':>16} {'random g/s':>11} {'actions/game':>13} "
          f"{'ratio':>6}")
    for players in (3, 5, 7):
        seats = [("honest", "liar", "hoarder")[i % 3] for i in range(players)]
        n = 10
        t = time.perf_counter()
        acts = sum(len(play_game(seats, seed=s).history) for s in range(n))
        temper = n / (time.perf_counter() - t)
        t = time.perf_counter()
        for s in range(n):
            random_game(players, s)
        rand = n / (time.perf_counter() - t)
        print(f"{players:>8} {temper:>16.1f} {rand:>11.1f} {acts / n:>13.0f} "
              f"{temper / rand:>6.2f}")


def trading_table(seed: int = 3) -> tuple[da.DubiousAllianceState, int]:
    """A 7-player game during Trading with someone within 3 Prestige of their goal."""
    rng = Rng(seed)
    state = da.new_game(7, seed=seed)
    while not (state.phase == "trade" and state.pending is None
               and min(state.goal(q) - state.prestige(q) for q in range(7)) <= 3):
        if state.is_over:
            seed += 1
            state = da.new_game(7, seed=seed)
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(4):  # some trades happen
        if state.phase != "trade":
            break
        legal = [a for a in state.legal_actions() if not isinstance(a, da.Done)]
        state.apply(rng.choice(legal or state.legal_actions()))
    me = next((q for q in state.order() if state.traded[q]), state.order()[0])
    return state, me


def monte_carlo_someone_wins(view: da.DubiousAllianceState, me: int, samples: int) -> float:
    """The same chance as chance_someone_reaches_goal, by sampling the same model."""
    rng = Rng(1)
    model = round_model(view, me)
    pool = list(model.pool.elements())
    hits = 0
    for _ in range(samples):
        rng.shuffle(pool)
        it = iter(pool)
        for q in range(view.n):
            card = model.known[q] if q not in model.unknown else next(it)
            active = active_after(view, q, card if q in model.revealed else None)
            if prestige(view.deck_data, active) >= view.goal(q):
                hits += 1
                break
    return hits / samples


def odds_times() -> None:
    state, me = trading_table()
    view = state.view(me)
    print("\nOdds queries on a 7-player table during Trading (seconds per query)")
    print(f"{'query':>30} {'exact':>10} {'alternative':>12} {'ratio alt/exact':>16}")
    model = round_model(view, me)
    print(f"  ({len(model.unknown)} unknown face-down cards, {sum(model.pool.values())} modelled "
          f"unseen cards, {len(model.left_out)} left out: chance {model.chance_left_out} "
          f"= {float(model.chance_left_out):.3f} that one is face down)")
    mc = timed(lambda: monte_carlo_someone_wins(view, me, 2000), 1)
    for name, fn in [("chance_reveal_hurts", chance_reveal_hurts),
                     ("chance_survive_round", chance_survive_round),
                     ("chance_someone_reaches_goal", chance_someone_reaches_goal),
                     ("chance_round_outcome", chance_round_outcome),
                     ("chance_reaches_goal", chance_reaches_goal),
                     ("odds_report (the whole panel)", odds_report),
                     ("claim_belief", lambda v, p: claim_belief(
                         v, state.left(p), "a safe place to rest", player=p))]:
        exact = timed(lambda fn=fn: fn(view, me), 20)
        print(f"{name:>30} {exact:>10.6f} {mc:>12.6f} {mc / exact:>16.1f}")
    print("  (alternative: Monte Carlo of chance_someone_reaches_goal, 2,000 samples, "
          f"estimate {monte_carlo_someone_wins(view, me, 2000):.3f} vs exact "
          f"{float(chance_someone_reaches_goal(view, me)):.3f})")
    counts = {0: 30, 1: 25, 2: 20, 3: 10, 4: 3}
    for draws in (2, 3):
        allowed = [{0, 1, 2}, {0, 1}, {0, 1, 2, 3}, {0}][:draws]
        exact = timed(lambda a=allowed: ordered_draws_count(counts, a), 20)
        deck = [v for v, n in counts.items() for _ in range(n)]

        def brute(a=allowed, deck=deck):
            return sum(1 for s in itertools.permutations(range(len(deck)), len(a))
                       if all(deck[i] in x for i, x in zip(s, a, strict=True)))

        slow = timed(brute, 1)
        print(f"{'ordered draws, ' + str(draws) + ' of 88':>30} {exact:>10.6f} {slow:>12.6f} "
              f"{slow / exact:>16.1f}")
    print("  (alternative: brute-force enumeration of every ordered draw)")


def tournament_table(games: int = 60) -> None:
    print(f"\nBot tournament ({games} games per table size; temperaments dealt round the seats)")
    print(f"{'players':>8} {'temperament':>12} {'seats':>6} {'wins':>5} {'win rate':>9} "
          f"{'deaths':>7} {'avg rounds':>11} {'avg actions':>12}")
    for players in (3, 4, 5, 7):
        r = tournament(games, players, seed=2026)
        for t, s in r["by_temperament"].items():
            print(f"{players:>8} {t:>12} {s['seats']:>6} {s['wins']:>5} {s['win_rate']:>9.2f} "
                  f"{s['deaths']:>7} {r['avg_rounds']:>11.1f} {r['avg_actions']:>12.0f}")
        print(f"{'':>8} {'(no winner)':>12} {'':>6} {r['no_winner']:>5}")


if __name__ == "__main__":
    games_per_second()
    odds_times()
    tournament_table()
