"""The engine's own costs: apply, undo, save and load, for every registered game.

Run: ``python benchmarks/core_engine.py [--games N] [--long 20000] [--every 16,64,256]``.
Times are CPU times of this process (``time.process_time``), so that other work on a
shared machine disturbs them less.
Run it again with ``PYTHONPATH=<an older checkout>`` to compare (tables 1 and 2 use
only the public API). Prints:

1. random full games per second per game (engine alone: legal_actions + apply),
   and the time per applied action;
2. a long game (``--long`` actions, played preferring the actions that end a turn
   without doing anything, so the game lasts): ``to_json`` (time and size),
   ``load_game`` (which replays and verifies the history), one ``undo``, and
   against them the obvious alternative, a replay from the start;
3. the core's own pieces, per call: a log event (``Event``), a shuffle of 40 and of
   100 items, and a view of each long game from table 2 (its cost once grew with the log);
4. the checkpoint interval N: what one checkpoint costs (so its share per action) and
   the worst undo with checkpoints every N actions (it replays N - 1 actions); the
   engine's default keeps the first under 1% of an action and the second a few ms.
"""

from __future__ import annotations

import argparse
import time

import dungeoncraft_widgets
from dungeoncraft_widgets.core import engine
from dungeoncraft_widgets.core.engine import GameState
from dungeoncraft_widgets.core.rng import Rng

STALLING_VERBS = ("pass", "done", "end", "decline", "continue")


def random_games(game, players: int, games: int) -> tuple[float, float]:
    """(games per second, microseconds per applied action)."""
    start = time.process_time()
    actions = 0
    for seed in range(games):
        state = game.new_game(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.process_time() - start
    return games / elapsed, elapsed / max(actions, 1) * 1e6


def long_game(game, players: int, length: int):
    """A game played ``length`` actions long (or until it ends), stalling when it can."""
    state = game.new_game(players=players, seed=1)
    rng = Rng(1)
    while len(state.history) < length and not state.is_over:
        legal = state.legal_actions()
        stall = [a for a in legal if a.verb in STALLING_VERBS]
        state.apply(stall[0] if stall else rng.choice(legal))
    return state


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games per game")
    parser.add_argument("--long", type=int, default=20_000, help="length of the long game")
    parser.add_argument("--every", default="64,256,1024",
                        help="checkpoint intervals to compare (comma separated)")
    args = parser.parse_args()
    games = dungeoncraft_widgets.GAMES

    print(f"1. random games ({args.games} per game, fewest players)")
    print(f"{'game':18} {'games/s':>9} {'us/action':>10}")
    for name, game in games.items():
        rate, per_action = random_games(game, game.PLAYER_COUNTS[0], args.games)
        print(f"{name:18} {rate:9.1f} {per_action:10.1f}")

    print(f"\n2. a long game (up to {args.long:,} actions)")
    print(f"{'game':18} {'actions':>8} {'to_json ms':>11} {'MB':>6} {'load ms':>8} "
          f"{'undo ms':>8} {'replay-from-start ms':>21}")
    longs = {}
    for game in games.values():  # the first load imports jsonschema: not part of the times
        game.load_game(game.new_game(players=game.PLAYER_COUNTS[0], seed=0).to_json())
    for name, game in games.items():
        state = long_game(game, game.PLAYER_COUNTS[0], args.long)
        longs[name] = (game, state)
        text = state.to_json()
        to_json = timed(state.to_json)
        load = timed(lambda g=game, t=text: g.load_game(t), repeat=2)
        undo = float("nan")
        if state.can_undo:
            undo = timed(lambda s=state: s.copy().undo(), repeat=3) - timed(state.copy, repeat=3)
        replay = timed(lambda s=state: _replay_from_start(s), repeat=1)
        print(f"{name:18} {len(state.history):8,} {to_json * 1e3:11.1f} {len(text) / 1e6:6.2f} "
              f"{load * 1e3:8.1f} {undo * 1e3:8.1f} {replay * 1e3:21.1f}")

    pieces_table(longs)

    if not hasattr(GameState, "checkpoint_every"):
        return  # an older engine, without checkpoints
    print("\n4. checkpoint interval N: a checkpoint costs C per N actions; the worst undo (or a"
          "\n   failed action put back) restores one and replays N - 1 actions")
    print(f"{'game':18} {'C us':>6} " + " ".join(
        f"{'N=' + str(n) + ' us/act':>13} {'worst undo ms':>13}" for n in intervals(args)))
    default = GameState.checkpoint_every
    try:
        for name, (_game, state) in longs.items():
            cost = timed(lambda s=state: engine._CHECKPOINT_ENCODER.encode(s._dump()), repeat=20)
            cells = []
            for every in intervals(args):
                GameState.checkpoint_every = every
                length = (len(state.history) // every) * every - 1
                if length < every:
                    cells.append(f"{cost / every * 1e6:13.2f} {'-':>13}")
                    continue
                fresh = state.replay(upto=length, from_start=True)  # checkpoints every N
                worst = float("nan")
                if fresh.can_undo:
                    worst = timed(lambda s=fresh: s.copy().undo()) - timed(fresh.copy)
                cells.append(f"{cost / every * 1e6:13.2f} {worst * 1e3:13.1f}")
            print(f"{name:18} {cost * 1e6:6.1f} " + " ".join(cells))
    finally:
        GameState.checkpoint_every = default


def per_call(fn, calls: int) -> float:
    """Microseconds per call of ``fn`` (best of 3 runs of ``calls`` calls)."""
    return timed(lambda: [fn() for _ in range(calls)]) / calls * 1e6


def pieces_table(longs) -> None:
    print("\n3. the core's own pieces (us per call)")
    rng = Rng(1)
    forty, hundred = list(range(40)), list(range(100))
    event = per_call(lambda: engine.Event("roll", "Bot rolls 3.", 1, {"roll": 3}), 20_000)
    print(f"{'Event':>12} {event:8.2f}")
    print(f"{'shuffle 40':>12} {per_call(lambda: rng.shuffle(forty), 2_000):8.2f}")
    print(f"{'shuffle 100':>12} {per_call(lambda: rng.shuffle(hundred), 1_000):8.2f}")
    print(f"{'game':18} {'log events':>10} {'view(0) us':>11}")
    for name, (_game, state) in longs.items():
        state.view(0)  # the first view of a game reads its whole log
        print(f"{name:18} {len(state.log):10,} {per_call(lambda s=state: s.view(0), 20):11.1f}")


def intervals(args) -> list[int]:
    return [int(v) for v in args.every.split(",")]


def _replay_from_start(state):
    try:
        return state.replay(from_start=True)
    except TypeError:  # an older engine: replay always started from the start
        return state.replay()


if __name__ == "__main__":
    main()
