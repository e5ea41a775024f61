"""Our hard search bot against OpenSpiel's ISMCTS, at equal time per move.

Run: ``python benchmarks/openspiel_match.py`` (``--games 10 --seconds 0.5`` for a longer
match, ``--game dobbers`` for one game). Needs the ``openspiel`` extra. One process, so one
core: the bots take turns and never think at once.

Both sides search the same information sets: OpenSpiel's ``ISMCTSBot`` (Cowling, Powley and
Whitehouse; UCT constant 2, the most visited move, OpenSpiel's defaults) plays the game through
:mod:`dungeoncraft_widgets.openspiel`, whose ``resample_from_infostate`` is the game's own
``SEARCH.sample_hidden``, with a ``RandomRolloutEvaluator`` (one random playout to the end of
the game per simulation, the usual OpenSpiel set-up); ours is ``search_bot(game, "hard")``,
whose playouts follow the game's rule of thumb for at most the level's depth and are then
scored by ``SEARCH.evaluate``. Equal time: our bot gets ``seconds_per_move`` as its budget's
time limit (with iterations enough never to stop first); ISMCTS a ``max_simulations`` timed
to take about as long (simulations per second measured on positions of a few random games
first). Seats alternate (our bot plays each seat in turn); games with more seats than two put
ISMCTS in all the others. Moves with one legal action are played at once by both and not
timed.

``openspiel_match`` is what ``benchmarks/bots.py`` imports; run alone, this prints a table.

Measured (2 December 2026, with the games' SEARCH hooks as first drafted, on a 2-core machine
shared with other jobs, load about 14: times are wall-clock and noisy, and both sides lose
alike). ISMCTS simulations a second (one random rollout each): demo game 330-450, Adventure
Land 18-21, Dubious Alliance (3 players) 10-34, Hero versus Guardian 4-11, Dobbers 4, AlderQuest
about 0.1 (its random games run to 11,000 actions). Our hard bot's record against it:

=================  =========  =====  ============  ============================
game               s a move   games  won-tied-lost  ISMCTS simulations a move
=================  =========  =====  ============  ============================
Adventure Land     0.2        4      3-0-1          4
Adventure Land     1          6      4-0-2          15
Hero vs Guardian   0.2        4      2-0-2          2 (its least; 0.56 s a move)
Hero vs Guardian   1          4      3-0-1          7
Dubious Alliance   0.2        6      4-0-2          2 (ours one seat of three)
Dubious Alliance   1          6      5-0-1          25 (34 a second in the match)
=================  =========  =====  ============  ============================
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script from a checkout: import the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from dungeoncraft_widgets import openspiel
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.search import search_bot, with_budget

#: The UCT constant OpenSpiel's ISMCTS examples and tests use.
UCT_C = 2.0
#: The fewest simulations ISMCTS can move on: its first only expands the root, which then
#: has no visits to choose by (OpenSpiel's get_final_policy asserts it has some).
MIN_SIMULATIONS = 2
#: Random positions ISMCTS is timed on before a match (spread over a few random games).
CALIBRATION_POSITIONS = 6


def _players(game: openspiel.EngineGame) -> int:
    return game.num_players()


def _ismcts(game: openspiel.EngineGame, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, evaluator, UCT_C, max_simulations=simulations,
                            random_state=np.random.RandomState(seed + 1))


def _positions(game: openspiel.EngineGame, count: int, seed: int) -> list:
    """``count`` positions with a choice to make, from random games (spread along them)."""
    rng = Rng(seed)
    found = []
    while len(found) < count:
        state = game.state_of(game.module.new_game(players=_players(game),
                                                   seed=rng.next64() >> 12))
        line = []
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1:
                line.append(state.clone())
            state.apply_action(legal[rng.randbelow(len(legal))])
        step = max(1, len(line) // 3)
        found += line[::step][:3]
    return found[:count]


def ismcts_rate(game: openspiel.EngineGame, seed: int = 0, simulations: int = 8) -> float:
    """ISMCTS simulations per second on this game (median over a few random positions)."""
    rates = []
    for state in _positions(game, CALIBRATION_POSITIONS, seed):
        bot = _ismcts(game, simulations, seed)
        started = time.perf_counter()
        bot.step(state)
        rates.append(simulations / (time.perf_counter() - started))
    return statistics.median(rates)


def openspiel_match(game: str, games: int, seconds_per_move: float, seed: int) -> dict:
    """Play our hard search bot against OpenSpiel's ISMCTS for ``games`` games of ``game``
    (its name: "hero_vs_guardian", ...), ``seconds_per_move`` each, seats alternated.

    Returns the counts (``wins``, ``ties``, ``losses``: ours, a tie being a shared result),
    ``score`` (our mean result, 1 a win, 1/k a win shared by k), each side's mean and 95th
    percentile seconds per move, ISMCTS's median ``simulations`` per move, the ``rate`` (its
    simulations per second) it was first timed at and ``rate_in_match`` (what it managed in
    the match, which sets each next move's simulations), and the players per game.
    """
    loaded = openspiel.load_game(game, players=2 if game != "dubious_alliance" else 3,
                                 seed=seed)
    rate = ismcts_rate(loaded, seed)
    simulations = max(MIN_SIMULATIONS, round(rate * seconds_per_move))
    ours_times: list[float] = []
    theirs_times: list[float] = []
    wins = ties = losses = 0
    total = 0.0
    spent_total, simulated = 0.0, 0
    sims_per_move: list[int] = []
    players = loaded.num_players()
    for number in range(games):
        seat = number % players
        bot = with_budget(search_bot(game, "hard", seed=seed + number),
                          iterations=10**7, seconds=seconds_per_move)
        rival = _ismcts(loaded, simulations, seed + 1000 + number)
        if simulated:
            rival._max_simulations = _simulations(seconds_per_move, simulated, spent_total)
        state = loaded.state_of(loaded.module.new_game(players=players, seed=seed + number))
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            started = time.perf_counter()
            if player == seat:
                engine = state.engine
                action = bot.choose(engine.view(player), engine.legal_actions())
                ours_times.append(time.perf_counter() - started)
                state.apply_action(state.id_of(action))
            else:
                sims_per_move.append(rival._max_simulations)
                action = rival.step(state)
                spent = time.perf_counter() - started
                theirs_times.append(spent)
                state.apply_action(action)
                # Keep the time equal as the game goes on: the rate seen so far in this
                # match sets the next move's simulations (positions differ in cost).
                spent_total += spent
                simulated += rival._max_simulations
                rival._max_simulations = _simulations(seconds_per_move, simulated, spent_total)
        result = state.returns()[seat]
        total += result
        if result >= 1.0:
            wins += 1
        elif result > 0.0:
            ties += 1
        else:
            losses += 1
    return {
        "game": game, "players": players, "games": games, "wins": wins, "ties": ties,
        "losses": losses, "score": total / games if games else 0.0,
        "seconds_ours": statistics.fmean(ours_times) if ours_times else 0.0,
        "seconds_ismcts": statistics.fmean(theirs_times) if theirs_times else 0.0,
        "p95_ours": _p95(ours_times), "p95_ismcts": _p95(theirs_times),
        "moves_ours": len(ours_times), "moves_ismcts": len(theirs_times),
        "simulations": statistics.median(sims_per_move) if sims_per_move else simulations,
        "rate": rate, "rate_in_match": simulated / spent_total if spent_total else rate,
    }


def _simulations(seconds: float, simulated: int, spent: float) -> int:
    """The simulations that take ``seconds`` at the rate seen so far."""
    return max(MIN_SIMULATIONS, round(seconds * simulated / spent))


def _p95(times: list[float]) -> float:
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append",
                        help="a game (repeat for more; default: hero_vs_guardian and "
                             "adventure_land)")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=0.2, help="seconds per move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    names = args.game or ["hero_vs_guardian", "adventure_land"]
    print(f"Our hard search bot against OpenSpiel's ISMCTS (random rollouts), "
          f"{args.seconds} s a move, {args.games} games a game, seats alternated")
    print(f"{'game':18} {'ISMCTS sims/s':>13} {'sims/move':>9} {'won':>4} {'tied':>4} "
          f"{'lost':>4} {'score':>6} {'s/move ours':>11} {'s/move ISMCTS':>13}")
    for name in names:
        row = openspiel_match(name, args.games, args.seconds, args.seed)
        print(f"{name:18} {row['rate_in_match']:13.1f} {row['simulations']:9.0f} {row['wins']:4d} "
              f"{row['ties']:4d} {row['losses']:4d} {row['score']:6.2f} "
              f"{row['seconds_ours']:11.3f} {row['seconds_ismcts']:13.3f}", flush=True)


if __name__ == "__main__":
    main()
