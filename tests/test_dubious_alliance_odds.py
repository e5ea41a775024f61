"""Dubious Alliance odds: exact answers against brute force and the engine's Monte Carlo."""

import copy
import itertools
import json
from collections import Counter

import pytest
import sympy

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import InvalidArgumentError, Rng
from dungeoncraft_widgets.dubious_alliance.odds import (
    chance_reveal_hurts,
    chance_round_outcome,
    chance_someone_reaches_goal,
    known_slots,
    odds_summary,
    unseen_cards,
)

DOC = json.loads(da.cards.DATA_FILE.read_text())


def plain_deck(doc=DOC, goal_scale=1, life_scale=1):
    """The deck without special instructions, powers or type limits: values only."""
    doc = copy.deepcopy(doc)
    for c in doc["cards"] + doc["player_cards"]:
        c.pop("instructions", None)
    for p in doc["player_cards"]:
        p["prestige_goal"] = max(1, p["prestige_goal"] // goal_scale)
        p["survival"] = max(1, p["survival"] // life_scale)
    doc["limits"] = {}
    return doc


def to_trading(state, rng):
    while state.phase == "choose":
        state.apply(rng.choice(state.legal_actions()))


def test_odds_need_the_trading_phase_and_the_players_own_view():
    state = da.new_game(3, seed=1)
    with pytest.raises(InvalidArgumentError, match="Trading"):
        chance_reveal_hurts(state, 0)
    to_trading(state, Rng(1))
    with pytest.raises(InvalidArgumentError, match="another player"):
        chance_reveal_hurts(state.view(1), 0)
    assert set(odds_summary(state.view(0), 0)) == {"hurts", "survive", "someone_wins",
                                                   "round_won", "round_death"}


def test_following_the_trades_finds_ones_own_card():
    state = da.new_game(4, seed=2)
    to_trading(state, Rng(2))
    a, b, c, d = state.order()
    mine = state.chosen[a]
    state.apply(f"offer {b}")
    state.apply("accept")
    state.apply(f"offer {c}")  # b passes a's card on to c
    state.apply("accept")
    seen = state.view(a)
    assert known_slots(seen, a) == [mine if q == c else None for q in range(4)]
    hurts = chance_reveal_hurts(seen, a)
    pool = unseen_cards(seen, a)
    assert mine not in pool and seen.hands[a][0] not in pool
    assert hurts == sympy.Rational(sum(n for x, n in pool.items()
                                       if (state.card(x).survival or 0) < 0), sum(pool.values()))
    # c now holds a's card, which a knows: if it reaches c's goal, someone surely wins
    assert 0 < hurts < 1


def test_someone_reaches_goal_matches_brute_force_enumeration():
    doc = plain_deck()
    doc["cards"] = doc["cards"][:24]  # a small deck keeps enumeration quick
    for p in doc["player_cards"]:
        p["prestige_goal"] = 3
        p["survival"] = 2  # a -2 card kills: deaths and wins both possible this round
    for seed in range(4):
        state = da.new_game(3, seed=seed, deck=doc)
        rng = Rng(seed)
        to_trading(state, rng)
        a, b, c = state.order()
        if seed % 2:
            state.apply(f"offer {b}")
            state.apply("accept")
        state.active[c] = [state.deck.pop()]  # some Prestige already on the table
        seen = state.view(a)
        known = known_slots(seen, a)
        pool = sorted(unseen_cards(seen, a).elements())
        discarded = not all(seen.traded)
        seats = [q for q in range(3) if known[q] is None
                 and not (q == seen.dealer and discarded)]
        hits = total = 0
        for combo in itertools.permutations(pool, len(seats)):
            cards = dict(zip(seats, combo, strict=True))
            cards.update({q: k for q, k in enumerate(known) if k is not None})
            if discarded:
                cards.pop(seen.dealer, None)
            total += 1
            hits += any(seen.prestige(q) + (state.card(k).prestige or 0) >= seen.goal(q)
                        for q, k in cards.items())
        assert chance_someone_reaches_goal(seen, a) == sympy.Rational(hits, total)
        check_round_outcome_by_enumeration(state, seen, a)


def check_round_outcome_by_enumeration(state, seen, me):
    known = known_slots(seen, me)
    discarded = not all(seen.traded)
    pool = sorted(unseen_cards(seen, me).elements())
    seats = [q for q in range(seen.n) if known[q] is None and not (q == seen.dealer and discarded)]
    tally, total = Counter(), 0
    for combo in itertools.permutations(pool, len(seats)):
        cards = dict(zip(seats, combo, strict=True))
        cards.update({q: k for q, k in enumerate(known) if k is not None})
        if discarded:
            cards.pop(seen.dealer, None)
        total += 1
        for q in seen.order():
            card = state.card(cards[q]) if q in cards else None
            life = seen.survival(q) + ((card.survival or 0) if card else 0)
            pres = seen.prestige(q) + ((card.prestige or 0) if card else 0)
            if life <= 0:
                tally[("death", q)] += 1
                break
            if pres >= seen.goal(q):
                tally[("win", q)] += 1
                break
        else:
            tally["neither"] += 1
    exact = chance_round_outcome(seen, me)
    assert exact["neither"] == sympy.Rational(tally["neither"], total)
    for kind in ("win", "death"):
        for q in range(seen.n):
            assert exact[kind].get(q, 0) == sympy.Rational(tally[(kind, q)], total), (kind, q)


def calibration(deck, rounds, seed):
    """Play random rounds; before the last Done, predict; after the round, observe."""
    rng = Rng(seed)
    keys = ("hurts", "survive", "someone_wins", "round_won", "round_death")
    sums = {k: [0, 0, 0.0] for k in keys}  # predicted, seen, variance
    game_seed = seed * 1000
    state = da.new_game(4, seed=game_seed, deck=deck)
    done_rounds = 0
    while done_rounds < rounds:
        if state.is_over:
            game_seed += 1
            state = da.new_game(4, seed=game_seed, deck=deck)
        while state.phase != "trade":  # set cards (and answer any leftover power windows)
            state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                break
        if state.is_over:
            continue
        while True:
            action = rng.choice(state.legal_actions())
            if action == da.Done() and sum(not d for d in state.done) == 2 and not state.pending:
                break
            state.apply(action)
        me = state.order()[0]
        odds = odds_summary(state.view(me), me)
        state.apply(action)
        done_rounds += 1
        while state.phase == "resolve":  # only the real deck has powers to answer
            state.apply(rng.choice(state.legal_actions()))
        reveal = next(e for e in reversed(state.log) if e.kind == "reveal")
        card = state.card(reveal.data["cards"][0])
        out = state.outcome or {}
        seen = {"hurts": (card.survival or 0) < 0, "survive": state.survival(me) > 0,
                "someone_wins": any(state.prestige(q) >= state.goal(q) for q in range(4)),
                "round_won": out.get("winner") is not None,
                "round_death": out.get("dead") is not None}
        for k, p in odds.items():
            sums[k][0] += p
            sums[k][1] += seen[k]
            sums[k][2] += float(p * (1 - p))
    return sums


@pytest.mark.parametrize(("goal_scale", "life_scale", "seed"), [(1, 1, 7), (3, 1, 8), (1, 4, 10)])
def test_odds_agree_with_the_engines_monte_carlo(goal_scale, life_scale, seed):
    sums = calibration(plain_deck(goal_scale=goal_scale, life_scale=life_scale), 400, seed)
    for key, (predicted, seen, var) in sums.items():
        if var == 0:
            assert predicted == seen, key
            continue
        z = (seen - float(predicted)) / var ** 0.5
        assert abs(z) < 4, (key, float(predicted), seen, z)
    assert sums["hurts"][2] > 0 and sums["someone_wins"][2] > 0, "the test must test something"
    assert sums["round_won"][2] > 0
    if life_scale > 1:
        assert sums["round_death"][2] > 1 and sums["survive"][2] > 1


def test_hurts_agrees_with_the_real_deck_engine():
    sums = calibration(DOC, 300, 9)
    predicted, seen, var = sums["hurts"]
    assert abs(seen - float(predicted)) < 4 * var ** 0.5
