"""Adventure Land speed and bot strength.

Run: ``python benchmarks/adventure_land.py`` (add ``--games 200`` for the bot duel's
size, ``--skip-duel`` to time only). One process, so one core.

1. Random 4-player games per second: legal actions + apply in a loop, against the
   obvious alternative, core ``play_bots`` (which hands every bot a ``view``, a copy).
2. The time of a ``reachable`` query: with the position's graph cached (what a widget
   or a bot does), with a cold cache (networkx graph built per query), and a plain
   Python breadth-first search over straight moves (no networkx), for comparison.
3. The exact odds from the live position (``odds.risk_map``, ``advise_moves``,
   ``next_draws``) on mid-game positions with 2, 3 and 4 players, warm (the goal: the whole
   risk map under 50 ms), against the obvious alternative: estimating the same chances by
   playing the real engine on; and that Monte Carlo itself, 10,000 seeded continuations of
   the engine from the same position, each estimate checked within 4 standard errors of the
   exact chance.
4. GreedyBot against RandomBot over seeded 2-player games (seats alternate), per
   adventure: games won, ties, mean score difference.
"""

from __future__ import annotations

import argparse
import time

from dungeoncraft_widgets.adventure_land import graph as al_graph
from dungeoncraft_widgets.adventure_land import new_game, odds
from dungeoncraft_widgets.adventure_land.bots import GreedyBot, play_game
from dungeoncraft_widgets.adventure_land.movement import move_ends
from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.rng import Rng


def random_games(count: int, players: int = 4) -> tuple[float, float]:
    """Games per second and mean actions per game, bots choosing from legal_actions()."""
    new_game(players=players, seed=0)  # warm up: data files read and checked once
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
    """Reachability without networkx: breadth-first over the engine's straight moves."""
    board = dict.fromkeys(fog, "F")
    seen, frontier = {}, [origin]
    for depth in range(1, moves + 1):
        nxt = []
        for node in frontier:
            if node in fog:
                continue
            for end in move_ends(node, board, sprite, occupied):
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
    timed("reachable, graph cached", lambda o: al_graph.reachable(state, o, moves=2))

    def cold(o):
        al_graph._graph.cache_clear()
        return al_graph.reachable(state, o, moves=2)

    timed("reachable, graph built per query", cold)
    timed("plain Python BFS (no networkx)", lambda o: plain_bfs(o, fog, state.sprite,
                                                                 occupied))
    # The three agree (checked here so a wrong fast path cannot win the table).
    for o in origins:
        assert al_graph.reachable(state, o, moves=2) == \
            {f: d for f, d in plain_bfs(o, fog, state.sprite, occupied).items()}
    return out


def mid_game(players: int, seed: int, actions: int = 40):
    """A position some way into a random game, at the start of a player's move."""
    state = new_game(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    while state.current_player is None or state.fight is not None or state.moves_made:
        state.apply(rng.choice(state.legal_actions()))
    return state


def risk_times(repeat: int = 20) -> list[tuple[int, float, float, float, int, int]]:
    """Per player count: best-of ``repeat`` milliseconds of risk_map, advise_moves and
    next_draws on a mid-game position (warm: the first call is not timed), and the number of
    adventurers and fields the risk map covers."""
    out = []
    for players, seed in ((2, 0), (3, 0), (4, 1)):
        state = mid_game(players, seed)
        me = state.current_player
        odds.risk_map(state, me)
        times = []
        for call in (odds.risk_map, odds.advise_moves, odds.next_draws):
            best = float("inf")
            for _ in range(repeat):
                start = time.perf_counter()
                result = call(state, me)
                best = min(best, time.perf_counter() - start)
            times.append(best * 1000)
            if call is odds.risk_map:
                size = (len(result.adventurers), len(result.fields))
        out.append((players, *times, *size))
    return out


def continuation(state, me: int, seed: int) -> list:
    """One continuation of the real engine from ``state``: the hidden order reshuffled with
    ``seed``, ``me`` ends the turn, the others move nothing (the risk map's assumption),
    ``me`` fights any forced battle by the optimal policy. The log events until ``me``'s next
    turn begins (or the game ends)."""
    rng = Rng(seed)
    s = state.copy()
    s.rng = Rng(seed + 1)
    rng.shuffle(s.deck)
    rng.shuffle(s.creature_stack)
    start = len(s.log)
    s.apply("end")
    while not s.is_over and not (s.turn_player == me and s.fight is None):
        if s.fight is not None and s.fight["player"] == me:
            odds.play_fight(odds.EngineFight(s), odds.fight_odds(s))
        elif s.fight is not None:  # another player's battle: it does not touch ours
            s.apply("swords -" if s.fight["phase"] == "swords" else "give-up")
        else:
            s.apply("end")
    events = []
    for e in s.log[start:]:
        if e.kind == "turn" and e.player == me:
            break
        events.append(e)
    return events


def monte_carlo_check(runs: int) -> tuple[list[tuple[str, float, float, float, bool]], float]:
    """The risk map's chances on a mid-game position (3 players) against ``runs`` seeded
    continuations of the engine: (event, exact, estimate, 4 standard errors, within), and
    the seconds the continuations took."""
    # A position where one adventurer may be swept and a fog creature may appear under another
    # (and no item can appear under the others, which would change what the forced fight
    # is fought with: the risk map counts what the player holds now).
    state = mid_game(3, 1, 80)
    me = state.current_player
    risk = odds.risk_map(state, me)
    watched = {where: r for where, r in risk.adventurers.items() if r.p_swept or r.p_creature}
    counts: dict[str, int] = {}
    start = time.perf_counter()
    for seed in range(runs):
        events = continuation(state, me, seed)
        swept = {e.data["field"] for e in events if e.kind == "swept" and e.player == me}
        battles = {e.data["field"] for e in events if e.kind == "battle" and e.player == me}
        won = {e.data["field"] for e in events if e.kind == "won" and e.player == me}
        for where in watched:
            counts[f"{where} swept"] = counts.get(f"{where} swept", 0) + (where in swept)
            counts[f"{where} fog creature"] = counts.get(f"{where} fog creature", 0) + (
                where in battles)
            counts[f"{where} forced fight won"] = counts.get(
                f"{where} forced fight won", 0) + (where in won)
    seconds = time.perf_counter() - start
    rows = []
    for where, r in watched.items():
        for name, exact in ((f"{where} swept", r.p_swept),
                            (f"{where} fog creature", r.p_creature),
                            (f"{where} forced fight won",
                             r.p_creature * (r.p_win_forced or 0))):
            if not exact:
                continue
            result = odds.MonteCarloResult(wins=counts[name], runs=runs)
            rows.append((name, float(exact), result.estimate,
                         result.half_width(float(exact)), result.agrees_with(exact)))
    return rows, seconds


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
    parser.add_argument("--continuations", type=int, default=10_000,
                        help="Monte Carlo continuations checked against the risk map")
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
    print()
    print("Exact odds from the live position, warm, ms (best of 20); goal: risk map < 50 ms")
    print(f"  {'players':<8} {'risk_map':>9} {'advise_moves':>13} {'next_draws':>11} "
          f"{'adventurers':>12} {'fields':>7}")
    for players, risk_ms, advice_ms, draws_ms, advs, fields in risk_times():
        print(f"  {players:<8} {risk_ms:9.1f} {advice_ms:13.1f} {draws_ms:11.1f} {advs:>12} "
              f"{fields:>7}")
    rows, seconds = monte_carlo_check(args.continuations)
    print()
    print(f"Monte Carlo of the engine: {args.continuations:,} seeded continuations from a "
          f"3-player mid-game position ({seconds:.1f} s, {seconds / args.continuations * 1000:.2f}"
          f" ms each; the exact risk map of that position takes milliseconds)")
    print(f"  {'event':<34} {'exact':>8} {'estimate':>9} {'4 SE':>7}  within")
    for name, exact, estimate, half, ok in rows:
        print(f"  {name:<34} {exact:8.4f} {estimate:9.4f} {half:7.4f}  {'yes' if ok else 'NO'}")
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
