"""Dobbers: speed of the engine, and how the bots fare.

Run: ``python benchmarks/dobbers.py [--games N] [--bot-games N]``. Prints tables:

1. random full games per second on one core (CPU time of this process, so other load on
   the machine does not count), 1 to 4 players: the engine alone (``legal_actions`` +
   ``apply``) beside the same engine before its speed-up (``BEFORE``, recorded) and against
   the same games played through ``play_bots`` and ``RandomBot``, where every choice is
   made on ``state.view(player)`` (a copy with the hidden parts masked);
2. the RaceBot against random play and against itself (2 players): wins and rounds; then
   games between RaceBots for 1 to 4 players: their length in turns per seat (median,
   90th percentile, max) and the share that end at the Key (not the round limit);
3. the solo RaceBot's turn counts against the rulebook's verdict table;
4. the exact odds a player asks for mid-turn (``odds.py``, ``graph.py``), each timed on
   positions from real games (a player's own view at the start of their turn), every
   position new to the caches (the library warm, the answer not remembered), beside the
   obvious alternative: enumerating every hand or every way the face-down cards may be,
   ``sympy.stats`` for a hypergeometric count, every walk of the board;
5. the expected turns to the Key (the Solo verdict's race), exact, against a Monte Carlo
   estimate of the same race with the engine.

Random play never reaches the Key (it walks back as often as forward), so a random game
runs to the engine's round limit: table 1 plays 30 rounds (solo: 30 turns, as before the
solo default became 60), the longest games the engine plays.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import networkx as nx
import sympy

from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.deck import hypergeom_at_least
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.dobbers import new_game, odds, position, sight
from dungeoncraft_widgets.dobbers.bots import RaceBot
from dungeoncraft_widgets.dobbers.challenge import stack_needs
from dungeoncraft_widgets.dobbers.graph import board_graph, path_to_key, reachable
from dungeoncraft_widgets.dobbers.rules import SOLO_VERDICTS, verdict


def random_games(games: int, players: int) -> tuple[float, float]:
    """(games per CPU second, mean actions per game) with the engine alone."""
    # A full garbage collection left due by what ran before (loading jsonschema's ~130,000
    # objects above all: up to 80 ms) is done now rather than inside the timed games.
    gc.collect()
    start = time.process_time()
    actions = 0
    for seed in range(games):
        # 30 rounds (solo: turns), the same games as BEFORE: a solo game's default limit
        # is 60 turns now (issue 23), which would double a random solo game's length.
        state = new_game(players, seed=seed, round_limit=30)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return games / (time.process_time() - start), actions / games


#: Engine games per CPU second before the speed-up (branch dobbers-speed), by players:
#: this table on main at c49e89c (core and dobbers-app merged), median of 3 runs on the
#: project's shared 2-core machine; recorded, so "speed-up" compares runs at different
#: times (their spread there: about 10%). Then a 4-player action took about 25 us, half of
#: it working out the legal actions; now about 17 us: legal actions 5, core's apply and
#: log events about 4, core's Rng shuffling at the Draw Phase about 2, the benchmark's own
#: choice 1.5, the rest playing the cards (sampling profile and timings of each step).
#: Since core's cheaper Event, shuffle and views (main at 2f826c4, 40 games, three runs on
#: the shared machine): 342-355, 207-211, 136-140 and 100-104 games/s for 1-4 players. A
#: 4-player action is now about 16 us: legal actions about 7.5 (in many small steps: the
#: lists hold 5 actions on average), playing it about 9 (a Draw Phase about 20, with a
#: reshuffle at most of them). Trimming single steps (a one-slice draw, an earlier "too
#: little Influence" test) changed nothing measurable (branch dobbers-speed2, issue 13).
BEFORE = {1: 257.6, 2: 137.8, 3: 88.6, 4: 66.6}


def viewed_games(games: int, players: int) -> float:
    """Games per CPU second when every choice is made on the player's view."""
    gc.collect()  # as in random_games
    start = time.process_time()
    for seed in range(games):
        state = new_game(players, seed=seed, round_limit=30)  # as random_games
        play_bots(state, {p: RandomBot(seed + p) for p in range(players)})
    return games / (time.process_time() - start)


def match(bots: tuple[type, type], games: int) -> tuple[Counter, float]:
    """Wins by seat (``None``: nobody reached the Key) and the mean number of rounds."""
    wins: Counter = Counter()
    rounds = []
    for seed in range(games):
        state = new_game(2, seed=1000 + seed)
        play_bots(state, {p: bot(seed=seed + 17 * p) for p, bot in enumerate(bots)})
        wins[state.winner] += 1
        rounds.append(state.round + 1)
    return wins, statistics.mean(rounds)


def bot_games(players: int, games: int, base: int = 5000) -> tuple[list[int], int]:
    """Games between RaceBots: each game's length in turns per seat (the rounds begun; solo:
    the turns) and how many ended at the Key."""
    lengths, keys = [], 0
    for seed in range(games):
        state = new_game(players, seed=base + seed)
        play_bots(state, {p: RaceBot(seed=seed + 17 * p) for p in range(players)})
        lengths.append(state.turns[0] + 1 if players == 1 else
                       min(state.round + 1, state.options["round_limit"]))
        keys += state.end_reason in ("key", "duel")
    return lengths, keys


def length_table(games: int) -> None:
    print(f"\nRaceBot games, {games} seeded games each (seeds 5000..): turns per seat, and the "
          "share that end at the Key")
    print(f"{'players':>8} {'median':>7} {'p90':>5} {'max':>5} {'at the Key':>11}")
    for players in (1, 2, 3, 4):
        lengths, keys = bot_games(players, games)
        lengths.sort()
        p90 = lengths[min(len(lengths) - 1, -(-9 * len(lengths) // 10) - 1)]
        print(f"{players:>8} {statistics.median(lengths):>7} {p90:>5} {max(lengths):>5} "
              f"{keys:>5}/{games} ({100 * keys / games:.0f}%)")


# ------------------------------------------------------------------ 4. mid-turn odds
def turn_views(games: int) -> list:
    """A player's own view at the start of each of their turns, in RaceBot games."""
    views = []
    for seed in range(games):
        state = new_game(2, seed=3000 + seed)
        bots = {0: RaceBot(seed=seed), 1: RaceBot(seed=seed + 1)}
        seen = -1
        while not state.is_over:
            p = state.current_player
            if state.phase == "main" and p == state.turn_player and state.turns[p] != seen \
                    and state.pending is None and state.window is None:
                seen = state.turns[p] if p == 0 else seen
                if p == 0:
                    views.append(state.view(0))
            state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    return views


def fresh(view):
    """The same view, new to every cache (a copy, the memo of hands cleared)."""
    odds._next_hand.cache_clear()
    return view.copy()


REPEATS = 3  # each position timed this many times, fresh each time; the best counts


def timed(work, views, repeats: int = REPEATS) -> list[float]:
    """ms per position: the best of ``repeats`` runs (the machine is shared: the best run is
    the query's own cost), the position new to the caches each time."""
    out = []
    for view in views:
        best = float("inf")
        for _ in range(repeats):
            v = fresh(view)
            gc.disable()   # a collection's pause is not the query's
            start = time.perf_counter()
            work(v)
            best = min(best, 1000 * (time.perf_counter() - start))
            gc.enable()
        out.append(best)
    return out


def enumerate_next_hand(view, quantity="travel"):
    """Every set of physical cards the Draw Phase may deal, counted one by one."""
    mine = odds.your_cards(view, 0)
    deck = list(mine.deck.elements())
    refill = list((mine.discard + mine.hand + mine.held).elements())
    size = mine.hand_size
    if len(deck) >= size:
        hands = combinations(deck, size)
    else:
        hands = (deck + list(h) for h in combinations(refill, min(size - len(deck),
                                                                   len(refill))))
    counts: Counter = Counter()
    total = 0
    for hand in hands:
        counts[odds.hand_points(view.cards, hand, quantity, hero=mine.hero,
                                equipped=mine.equipped, forged=mine.forged)] += 1
        total += 1
    return {v: sympy.Rational(n, total) for v, n in counts.items()}


def enumerate_draw(view, need=1, draws=2, quantity="challenge"):
    mine = odds.your_cards(view, 0)
    deck = list(mine.deck.elements())
    options = combinations(deck, draws) if len(deck) >= draws else \
        (deck + list(c) for c in combinations(list(mine.discard.elements()),
                                              min(draws - len(deck), len(mine.discard))))
    base = odds.hand_points(view.cards, [], quantity, hero=mine.hero, equipped=mine.equipped,
                            forged=mine.forged)
    good = total = 0
    for drawn in options:
        effects = [c for c in drawn if view.cards.type(c) == "Effect"]
        gain = odds.hand_points(view.cards, effects, quantity, hero=mine.hero,
                                equipped=mine.equipped, forged=mine.forged) - base
        for slot in ("weapon", "armor", "item"):
            if slot not in mine.used:
                gear = [c for c in drawn if view.cards.type(c).lower() == slot]
                gain += odds.hand_points(view.cards, gear, quantity, hero=mine.hero,
                                         equipped=mine.equipped, forged=mine.forged) - base
        good += gain >= need
        total += 1
    return sympy.Rational(good, total)


def enumerate_stack(view, square):
    """Every way the face-down cards may be, one physical card at a time."""
    unseen = sight.unseen_cards(view)
    slots = []
    for card in sight.stack_cards(view, square):
        if sight.is_card(view.cards, card):
            slots.append([(card, Fraction(1))])
            continue
        pool = sight.pool_for(view, card, unseen)
        total = sum(pool.values())
        slots.append([(c, Fraction(n) / total) for c, n in pool.items()])
    out: dict[int, Fraction] = {}
    for combo in product(*slots):
        chance = Fraction(1)
        for _c, w in combo:
            chance *= w
        need = stack_needs(view.cards, [c for c, _w in combo], item_types=view.item_types(0),
                           equipped=view.equipped[0], penalty=view.penalty(0, "challenge"))
        out[need] = out.get(need, Fraction(0)) + chance
    return out


def walk_reach(view):
    """Every walk of the board within the points (no shortest-path algorithm)."""
    here, budget = view.position[0], view.turn["blue"] + view.turn["red"]
    gates = {s for s, st in view.stacks.items() if st}
    best = {}

    def walk(at, spent):
        for nxt, shield in view.board.neighbours[at].items():
            cost = spent + shield
            if cost <= budget and best.get(nxt, budget + 1) > cost:
                best[nxt] = cost
                if nxt not in gates:
                    walk(nxt, cost)
    walk(here, 0)
    return best


def simple_paths(view):
    graph = board_graph(view.board)
    return min(sum(graph[a][b]["weight"] for a, b in zip(p, p[1:], strict=False))
               for p in nx.all_simple_paths(graph, view.position[0], view.board.key))


def sympy_stats_caps(view):
    """P(at least 3 Bottle Caps in the next hand) with sympy.stats (the deck alone)."""
    from sympy.stats import Hypergeometric, P
    mine = odds.your_cards(view, 0)
    n = sum(mine.deck.values())
    return P(Hypergeometric("X", n, mine.deck["bottle_cap"], min(5, n)) >= 3)


def deck_caps(view):
    mine = odds.your_cards(view, 0)
    n = sum(mine.deck.values())
    return hypergeom_at_least(n, mine.deck["bottle_cap"], min(5, n), 3)


GOAL_MS = 10  # every odds query a player makes mid-turn, warm (issue 15)


def report(name, ours, theirs=None, alt="", slowest=None) -> None:
    """One row of table 4; ``slowest`` (a list) collects (max ms, name, n) for the goal
    line."""
    med = statistics.median(ours)
    line = f"{name:<34} {len(ours):>5} {med:>9.2f} {max(ours):>9.2f}"
    if theirs:
        other = statistics.median(theirs)
        line += f" {alt:<26} {other:>9.2f} {other / med:>8.1f}x"
    print(line)
    if slowest is not None:
        slowest.append((max(ours), name, len(ours)))


def odds_table(games: int) -> None:
    views = turn_views(games)
    for view in views[:2]:   # the library warm: imports, data, first calls
        odds.next_hand(view, 0, "travel")
        path_to_key(view, 0)
    stacks = [(v, s) for v in views for s, st in v.stacks.items() if st]
    near = [(v, s) for v in views for s in v.board.neighbours[v.position[0]]
            if v.stacks.get(s) and s in reachable(v, 0)]
    print(f"\n4. Mid-turn odds, exact (ms per query; {len(views)} positions from {games} "
          "RaceBot games; each position new to the caches)")
    print(f"{'query':<34} {'n':>5} {'median':>9} {'max':>9} {'obvious alternative':<26} "
          f"{'median':>9} {'ratio':>9}")
    slowest: list[tuple[float, str, int]] = []
    report("next hand: travel distribution", timed(lambda v: odds.next_hand(v, 0, "travel"),
                                                   views),
           timed(enumerate_next_hand, views, 1), "enumerating every hand", slowest)
    report("next hand: >= 4 challenge", timed(
        lambda v: odds.next_hand_chance(v, 0, "challenge", 4), views),
        timed(lambda v: enumerate_next_hand(v, "challenge"), views, 1),
        "enumerating every hand", slowest)
    report("a draw of 2 covers 1 challenge", timed(
        lambda v: odds.draw_chance(v, 0, "challenge", 1, draws=2), views),
        timed(enumerate_draw, views, 1), "enumerating every draw", slowest)
    report(">= 3 Bottle Caps next hand", timed(deck_caps, views[:20]),
           timed(sympy_stats_caps, views[:20], 1), "sympy.stats Hypergeometric", slowest)
    if stacks:
        report("a stack's need (stack_cases)", timed_pairs(
            lambda v, s: odds.stack_cases(v, 0, s), stacks),
            timed_pairs(enumerate_stack, stacks, 1), "every face-down card", slowest)
    if near:
        report("the chance to beat a stack now", timed_pairs(
            lambda v, s: odds.challenge_odds(v, 0, s), near), slowest=slowest)
    report("reachable squares this turn", timed(lambda v: reachable(v, 0), views),
           timed(walk_reach, views, 1), "every walk of the board", slowest)
    report("the way to the Key (stacks weighed)", timed(lambda v: path_to_key(v, 0),
                                                        views),
           timed(simple_paths, views, 1), "every simple path (no stacks)", slowest)
    again = []
    for view in views:
        odds.next_hand(view, 0, "travel")
        best = float("inf")
        for _ in range(REPEATS):
            start = time.perf_counter()
            odds.next_hand(view, 0, "travel")
            best = min(best, 1000 * (time.perf_counter() - start))
        again.append(best)
    report("next hand, asked again (remembered)", again, slowest=slowest)
    worst, which, _n = max(slowest)
    print(f"Goal: every mid-turn query under {GOAL_MS} ms warm: "
          f"{'met' if worst < GOAL_MS else 'NOT met'}; the slowest of "
          f"{sum(n for _w, _q, n in slowest)} queries took {worst:.2f} ms ({which}).")
    race, refused = [], 0
    for view in views:   # the app's "Expected turns to the Key" button: not mid-turn
        try:
            race += timed(lambda v: odds.expected_turns(v, 0), [view], 1)
        except ValueError:   # a deck that never reaches the Key: the button says so
            refused += 1
    if race:
        print(f"Expected turns to the Key (a button, outside the goal): {len(race)} positions, "
              f"median {statistics.median(race):.1f} ms, max {max(race):.0f} ms; {refused} "
              "refused (the deck never reaches the Key); the Monte Carlo alternative: table 5.")


def timed_pairs(work, pairs, repeats: int = REPEATS) -> list[float]:
    return [timed(lambda v, s=square: work(v, s), [view], repeats)[0] for view, square in pairs]


# ------------------------------------------------------------------ 5. the race
def race_table(runs: int) -> None:
    game = position(heroes=["brindle"], hand=["helpful", "endurance"], at="E7",
                    trail=["E7"], stacks={"E10": ["hollow_oak"], "E12": ["forgotten_shrine"]})
    p = game.turn_player
    start = time.perf_counter()
    exact = odds.expected_turns(game, p).turns
    ms = 1000 * (time.perf_counter() - start)
    start = time.perf_counter()
    turns = []
    for seed in range(runs):
        run = game.copy()
        run.rng = Rng(seed)
        Rng(seed + 1).shuffle(run.decks[p])
        run.apply("end")
        count = 0
        while run.turn_player != p:
            run.apply(run.legal_actions()[-1])
        while True:
            count += 1
            if _race_turn(run, p):
                break
        turns.append(count)
    mc_ms = 1000 * (time.perf_counter() - start)
    mean = statistics.mean(turns)
    se = statistics.stdev(turns) / len(turns) ** 0.5
    print("\n5. Expected turns to the Key (Brindle at E7, the core deck + Helpful and "
          "Endurance, two stacks)")
    print(f"exact {exact} = {float(exact):.4f} in {ms:.0f} ms; the engine, {runs} races: "
          f"{mean:.3f} ± {se:.3f} in {mc_ms:.0f} ms")


def _race_turn(game, p) -> bool:
    """One turn of the race in the engine (the racer of expected_turns); True at the Key."""
    for card in [c for c in game.hands[p] if game.cards.type(c) != "Effect"]:
        slot = game.cards.type(card).lower()
        old = game.equipped[p].get(slot)
        value = sum(game.cards.point(card, c) for c in ("red", "blue", "gold"))
        if old is None or value > sum(game.cards.point(old, c) for c in ("red", "blue", "gold")):
            game.apply(f"equip {card}")
    for card in [c for c in game.hands[p] if game.cards.type(c) == "Effect"]:
        game.apply(f"play {card}")
        while game.pending is not None:
            game.apply(game.legal_actions()[-1])
    for slot in list(game.equipped[p]):
        if slot not in game.turn["used"]:
            game.apply(f"use {slot}")
    while True:
        here = game.position[p]
        if here == game.board.key:
            return True
        ahead = game.board.route_to_key(here)[1]
        cost = game.travel_cost(p, here, ahead)
        if cost > game.turn["blue"] + game.turn["red"]:
            break
        if game.stacks.get(ahead):
            red = game.turn["red"] - max(0, cost - game.turn["blue"])
            if red + game.turn["gold"] < game.stack_needs(p, ahead):
                break
            game.apply(f"challenge {ahead}")
            game.apply("fight")
            while game.pending is not None:
                game.apply(game.legal_actions()[-1])
        else:
            game.apply(f"move {ahead}")
        if game.is_over:
            return True
    game.apply("end")
    while game.turn_player != p and not game.is_over:
        game.apply("end" if game.window is None and game.pending is None
                   else game.legal_actions()[-1])
    return game.is_over


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bot-games", type=int, default=40)
    parser.add_argument("--length-games", type=int, default=200,
                        help="RaceBot games per player count for the length table")
    parser.add_argument("--only-lengths", action="store_true",
                        help="only the RaceBot games' length table")
    parser.add_argument("--odds-games", type=int, default=4)
    parser.add_argument("--race-runs", type=int, default=2000)
    parser.add_argument("--only-odds", action="store_true",
                        help="only tables 4 and 5 (the odds)")
    args = parser.parse_args()
    if args.only_lengths:
        length_table(args.length_games)
        return
    if args.only_odds:
        odds_table(args.odds_games)
        race_table(args.race_runs)
        return
    new_game(2, seed=0)  # load the data (and jsonschema) before timing

    print("1. Random full games per second, one core (goal: 100)")
    print(f"{'players':>8} {'engine g/s':>11} {'before g/s':>11} {'speed-up':>9} "
          f"{'actions/game':>13} {'us/action':>10} {'via views g/s':>14} {'engine/views':>13}")
    for players in (1, 2, 3, 4):
        rate, actions = random_games(args.games, players)
        viewed = viewed_games(max(2, args.games // 4), players)
        print(f"{players:>8} {rate:>11.1f} {BEFORE[players]:>11.1f} "
              f"{rate / BEFORE[players]:>9.2f} {actions:>13.0f} {1e6 / rate / actions:>10.1f} "
              f"{viewed:>14.1f} {rate / viewed:>13.1f}")

    print(f"\n2. Bots, 2 players, {args.bot_games} games each (seeds 1000..)")
    print(f"{'seat 0':<10} {'seat 1':<10} {'seat 0 wins':>12} {'seat 1 wins':>12} "
          f"{'no winner':>10} {'rounds':>7}")
    for pair in ((RaceBot, RandomBot), (RandomBot, RaceBot), (RaceBot, RaceBot)):
        wins, rounds = match(pair, args.bot_games)
        print(f"{pair[0].__name__:<10} {pair[1].__name__:<10} {wins[0]:>12} {wins[1]:>12} "
              f"{wins[None]:>10} {rounds:>7.1f}")

    length_table(args.length_games)

    print(f"\n3. Solo RaceBot, {args.bot_games} games (seeds 2000..): turns to the Key")
    turns = []
    for seed in range(args.bot_games):
        state = new_game(1, seed=2000 + seed)
        play_bots(state, {0: RaceBot(seed=seed)})
        turns.append(state.turns[0] + 1 if state.winner == 0 else None)
    won = [t for t in turns if t is not None]
    print(f"won {len(won)} of {len(turns)}; turns: mean {statistics.mean(won):.1f}, "
          f"median {statistics.median(won)}, from {min(won)} to {max(won)}")
    bands = Counter(verdict(t) for t in won)
    for _, text in SOLO_VERDICTS:
        print(f"{bands[text]:>5}  {text.split(':')[0]}")
    odds_table(args.odds_games)
    race_table(args.race_runs)


if __name__ == "__main__":
    main()
