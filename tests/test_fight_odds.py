"""Tests for adventure_land/odds.py: fight odds against an independent brute force, the
rulebook's worked example, properties, and Monte Carlo of fights played by the policy."""

from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement, product

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoncraft_widgets.adventure_land.odds import (
    EngineFight,
    FightOdds,
    SimulatedFight,
    fight_advice,
    fight_odds,
    monte_carlo,
    play_fight,
)
from dungeoncraft_widgets.adventure_land.rules import fight_position
from dungeoncraft_widgets.core.dice import dice_sum
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng

# ----- an independent brute force ------------------------------------------------------------
# Written from the rulebook, not from odds.py: the state is the ordered dice, the gold left, the
# points already paid and the herbs left; every action is explicit (stop, one gold as +1, one
# herb, reroll die i) and the value is the best action's win chance, in Fractions.


@cache
def brute_value(creature: int, fixed: int, dice: tuple, gold: int, paid: int,
                herbs: tuple) -> Fraction:
    best = Fraction(int(fixed + sum(dice) + paid >= creature))  # stop now
    if gold:
        best = max(best, brute_value(creature, fixed, dice, gold - 1, paid + 1, herbs))
        for i in range(len(dice)):
            rerolled = sum(
                brute_value(creature, fixed, dice[:i] + (r,) + dice[i + 1:], gold - 1, paid,
                            herbs)
                for r in range(1, 7))
            best = max(best, rerolled / 6)
    for i in range(len(herbs)):
        rest = herbs[:i] + herbs[i + 1:]
        best = max(best, brute_value(creature, fixed, dice, gold, paid + herbs[i], rest))
    return best


def brute_p_win(creature, companions, swords, herbs, gold) -> Fraction:
    """Win chance using exactly ``swords``: the average over every ordered roll."""
    fixed = 1 + companions + sum(swords)
    rolls = list(product(range(1, 7), repeat=len(swords)))
    total = sum(brute_value(creature, fixed, roll, gold, 0, tuple(herbs)) for roll in rolls)
    return total / len(rolls)


def brute_best_swords(creature, companions, swords, herbs, gold):
    """The best win chance over every subset (by position) of at most 3 swords, and the
    subsets reaching it."""
    results = {}
    for size in range(min(3, len(swords)) + 1):
        for picked in combinations(range(len(swords)), size):
            chosen = tuple(swords[i] for i in picked)
            results[chosen] = brute_p_win(creature, companions, chosen, herbs, gold)
    best = max(results.values())
    return best, [chosen for chosen, p in results.items() if p == best]


def check_against_brute(creature, companions, swords, herbs, gold):
    odds = fight_odds(creature, companions=companions, swords=swords, herbs=herbs, gold=gold)
    best, best_choices = brute_best_swords(creature, companions, swords, herbs, gold)
    assert isinstance(odds.p_win, sympy.Rational)
    assert odds.p_win == sympy.Rational(best.numerator, best.denominator)
    # The tie-break: fewest swords, then the smallest sum of extra values.
    fewest = min(len(c) for c in best_choices)
    cheapest = min(sum(c) for c in best_choices if len(c) == fewest)
    assert len(odds.swords_used) == fewest
    assert sum(odds.swords_used) == cheapest
    assert sorted(odds.swords_used) in [sorted(c) for c in best_choices]
    # Each number of swords: the best subset of that size.
    for size, p in odds.p_win_by_swords.items():
        brute = max(brute_p_win(creature, companions, tuple(swords[i] for i in picked), herbs,
                                gold)
                    for picked in combinations(range(len(swords)), size))
        assert p == sympy.Rational(brute.numerator, brute.denominator)
    # Without gold, and with gold only as +1: the same swords, brute-forced with those limits.
    no_gold = brute_p_win(creature, companions, odds.swords_used, herbs, 0)
    assert odds.p_win_no_gold == sympy.Rational(no_gold.numerator, no_gold.denominator)
    plus_only = brute_p_win(creature, companions + gold, odds.swords_used, herbs, 0)
    assert odds.p_win_no_rerolls == sympy.Rational(plus_only.numerator, plus_only.denominator)
    return odds


@pytest.mark.parametrize(
    "creature, companions, swords, herbs, gold",
    [
        (8, 0, (), (), 0),
        (8, 0, (), (), 7),
        (8, 0, (0,), (), 0),
        (10, 1, (0, 3), (), 2),
        (12, 2, (2, 1), (), 1),
        (12, 2, (2, 1), (4,), 0),
        (14, 0, (0, 0, 1), (2,), 3),
        (16, 1, (3, 2, 1, 0), (), 2),
        (16, 0, (1, 1, 1), (3, 2), 2),
        (12, 0, (3, 3, 0, 0), (), 0),
        (30, 0, (1, 2, 3), (), 4),  # hopeless
    ],
)
def test_matches_brute_force(creature, companions, swords, herbs, gold):
    check_against_brute(creature, companions, swords, herbs, gold)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    creature=st.sampled_from([6, 8, 10, 12, 14, 16]),
    companions=st.integers(0, 3),
    swords=st.lists(st.integers(0, 3), max_size=4),
    herbs=st.lists(st.integers(2, 4), max_size=2),
    gold=st.integers(0, 3),
)
def test_matches_brute_force_random(creature, companions, swords, herbs, gold):
    check_against_brute(creature, companions, tuple(swords), tuple(herbs), gold)


def test_strength_distribution_is_before_gold_and_herbs():
    odds = fight_odds(12, companions=2, swords=(2, 1, 0, 0), herbs=(3,), gold=2)
    assert odds.base == 3
    assert odds.strength == dice_sum(len(odds.swords_used)) + (3 + sum(odds.swords_used))
    assert odds.sword_bonus == sum(odds.swords_used)


def test_forced_swords_are_used_exactly():
    forced = fight_odds(8, swords=(3, 0), choose_swords=False, herbs=(4, 4))
    chosen = fight_odds(8, swords=(3, 0), herbs=(4, 4))
    assert forced.swords_used == (3, 0)
    assert chosen.swords_used == ()  # certain win without any sword: spend none
    assert forced.p_win == chosen.p_win == 1
    expected = brute_p_win(12, 0, (0, 0), (), 1)
    assert fight_odds(12, swords=(0, 0), gold=1, choose_swords=False).p_win == expected


def test_tie_break_fewest_then_cheapest_then_keep_the_biggest():
    # Herbs 4 + 4 and the adventurer make 9; creature 11 needs 2 more: any one sword (a die is
    # at least 1, plus its extra value) wins for certain, so the +0 sword is spent.
    assert fight_odds(11, companions=1, swords=(3, 2, 0), herbs=(4, 4)).swords_used == (0,)
    # Creature 14 with herbs 4 + 4: the dice and extras must make 5; one sword cannot be
    # certain (1 + 3 < 5), two swords with extras summing to 3 are: (3, 0) or (2, 1); the
    # tie-break keeps the +3 sword.
    odds = fight_odds(14, swords=(3, 0, 2, 1), herbs=(4, 4))
    assert odds.p_win == 1 and odds.swords_used == (2, 1)


# ----- the rulebook's worked example -----------------------------------------------------------
def test_rulebook_worked_example():
    # Creature 12; adventurer + 2 companions; swords +2 and +1; dice 3 and 2: strength 11.
    advice = fight_advice(12, (3, 2), companions=2, sword_bonus=3, herbs=(4,))
    assert advice.strength == 11
    # "you use a herb tile worth 4 ... reached 15 ... able to defeat the fog creature".
    assert advice.best.kind == "stop" and advice.best.herbs_spent == (4,)
    assert advice.p_win == 1
    # "Instead of using a valuable herb tile, you could have reached 12 by giving up a gold".
    with_gold = fight_advice(12, (3, 2), companions=2, sword_bonus=3, herbs=(4,), gold=1)
    assert with_gold.best.kind == "stop"
    assert (with_gold.best.gold_spent, with_gold.best.herbs_spent) == (1, ())
    # "... or using a gold tile to roll the die again. If you had then rolled only a 1 or 2
    # again and didn't have any more gold/herbs, then the battle would have been lost."
    gold_only = fight_advice(12, (3, 2), companions=2, sword_bonus=3, gold=1)
    assert (gold_only.best.kind, gold_only.best.gold_spent) == ("stop", 1)
    reroll_two = [o for o in gold_only.options if o.kind == "reroll" and o.die == 2]
    assert reroll_two[0].p_win == sympy.Rational(4, 6)
    # No gold and no herbs: strength 11 < 12, the fight is lost; spend nothing.
    lost = fight_advice(12, (3, 2), companions=2, sword_bonus=3)
    assert lost.best.kind == "give up" and lost.p_win == 0
    assert lost.best.gold_spent == 0 and lost.best.herbs_spent == ()


# ----- advice ------------------------------------------------------------------------------------
def brute_cheapest_payment(deficit, herbs, gold):
    """Minimal points, then tiles, over every subset of herbs by position and gold count."""
    best = None
    for size in range(len(herbs) + 1):
        for picked in combinations(range(len(herbs)), size):
            points = sum(herbs[i] for i in picked)
            for spent_gold in range(gold + 1):
                if points + spent_gold >= deficit:
                    key = (points + spent_gold, size + spent_gold)
                    best = key if best is None or key < best else best
    return best


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    creature=st.integers(6, 16),
    dice=st.lists(st.integers(1, 6), max_size=3),
    companions=st.integers(0, 2),
    sword_bonus=st.integers(0, 3),
    herbs=st.lists(st.integers(2, 4), max_size=3),
    gold=st.integers(0, 3),
)
def test_advice_matches_brute_force(creature, dice, companions, sword_bonus, herbs, gold):
    dice, herbs = tuple(dice), tuple(herbs)
    advice = fight_advice(creature, dice, companions=companions, sword_bonus=sword_bonus,
                          herbs=herbs, gold=gold)
    fixed = 1 + companions + sword_bonus
    best = brute_value(creature, fixed, dice, gold, 0, herbs)
    assert advice.p_win == sympy.Rational(best.numerator, best.denominator)
    assert advice.options[0] == advice.best
    for option in advice.options:
        if option.kind == "reroll":
            i = dice.index(option.die)
            p = sum(brute_value(creature, fixed, dice[:i] + (r,) + dice[i + 1:], gold - 1, 0,
                                herbs) for r in range(1, 7)) / 6
            assert option.p_win == sympy.Rational(p.numerator, p.denominator)
            assert option.gold_spent == 1
    payment = brute_cheapest_payment(creature - fixed - sum(dice), herbs, gold)
    if payment is None:
        assert advice.best.kind != "stop" and advice.p_win < 1
    else:
        stop = advice.best
        assert stop.kind == "stop" and stop.p_win == 1
        spent_points = sum(stop.herbs_spent) + stop.gold_spent
        assert fixed + sum(dice) + spent_points >= creature
        assert stop.gold_spent <= gold
        remaining = list(herbs)
        for h in stop.herbs_spent:
            remaining.remove(h)  # raises if a herb not held was spent
        assert (spent_points, len(stop.herbs_spent) + stop.gold_spent) == payment


def test_advice_text_and_html():
    advice = fight_advice(12, (2, 1), companions=2, sword_bonus=3, gold=2)
    assert advice.best.kind == "reroll" and advice.best.die == 1
    text = str(advice)
    assert "reroll a die showing 1" in text and "5/6" in text
    assert "<table>" in advice._repr_html_()


# ----- properties -------------------------------------------------------------------------
def ask(hand, **changes):
    """fight_odds of a hand (a dict with the creature's strength), with some of it changed."""
    hand = {**hand, **changes}
    return fight_odds(hand.pop("creature"), **hand)


hands = st.fixed_dictionaries({
    "creature": st.integers(1, 18),
    "companions": st.integers(0, 4),
    "swords": st.lists(st.integers(0, 3), max_size=5).map(tuple),
    "herbs": st.lists(st.integers(2, 4), max_size=3).map(tuple),
    "gold": st.integers(0, 6),
})


@settings(max_examples=80, deadline=None, derandomize=True)
@given(hands, st.integers(2, 4), st.integers(0, 3))
def test_more_resources_never_lower_p_win(hand, herb, sword):
    p = ask(hand).p_win
    assert ask(hand, gold=hand["gold"] + 1).p_win >= p
    assert ask(hand, companions=hand["companions"] + 1).p_win >= p
    assert ask(hand, herbs=hand["herbs"] + (herb,)).p_win >= p
    assert ask(hand, swords=hand["swords"] + (sword,)).p_win >= p
    assert ask(hand, creature=hand["creature"] + 1).p_win <= p


@settings(max_examples=60, deadline=None, derandomize=True)
@given(hands, st.randoms(use_true_random=False))
def test_order_of_tiles_does_not_matter_and_results_are_consistent(hand, shuffler):
    odds = ask(hand)
    swords, herbs = list(hand["swords"]), list(hand["herbs"])
    shuffler.shuffle(swords)
    shuffler.shuffle(herbs)
    again = ask(hand, swords=tuple(swords), herbs=tuple(herbs))
    assert (again.p_win, again.swords_used) == (odds.p_win, odds.swords_used)
    assert 0 <= odds.p_win_no_gold <= odds.p_win_no_rerolls <= odds.p_win <= 1
    assert odds.p_win == max(odds.p_win_by_swords.values())
    assert odds.p_win_by_swords[len(odds.swords_used)] == odds.p_win
    assert odds.gold_worth == odds.p_win - odds.p_win_no_gold >= 0
    assert odds.reroll_worth >= 0


def test_readable_text_and_escaped_html():
    odds = fight_odds(12, companions=2, swords=(2, 1), gold=1)
    text = str(odds)
    assert str(odds.p_win) in text and "%" in text and "+2, +1" in text
    page = odds._repr_html_()
    assert "<table" in page and str(odds.p_win) in page
    assert "≈" in page  # text goes through html.escape, which leaves it; no raw '<' from data


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: fight_odds(0), "creature"),
        (lambda: fight_odds("12"), "creature"),
        (lambda: fight_odds(12, companions=-1), "companions"),
        (lambda: fight_odds(12, swords=(-1,)), "swords"),
        (lambda: fight_odds(12, swords="123"), "swords"),
        (lambda: fight_odds(12, swords=(1.5,)), "swords"),
        (lambda: fight_odds(12, swords=5), "swords"),
        (lambda: fight_odds(12, herbs=(0,)), "herbs"),
        (lambda: fight_odds(12, herbs=(True,)), "herbs"),
        (lambda: fight_odds(12, gold=-1), "gold"),
        (lambda: fight_odds(12, gold=True), "gold"),
        (lambda: fight_odds(12, choose_swords="yes"), "choose_swords"),
        (lambda: fight_odds(12, swords=(1, 1, 1, 1), choose_swords=False), "swords"),
        (lambda: fight_advice(12, (7,)), "dice"),
        (lambda: fight_advice(12, (0, 3)), "dice"),
        (lambda: fight_advice(12, (1, 2, 3, 4)), "dice"),
        (lambda: fight_advice(12, (1,), sword_bonus=-1), "sword_bonus"),
        (lambda: fight_advice(12, (1,), gold=-2), "gold"),
        (lambda: monte_carlo(lambda i: True, 0), "runs"),
    ],
)
def test_bad_input_raises_naming_the_argument(call, name):
    with pytest.raises(InvalidArgumentError, match=name):
        call()


def test_fight_odds_result_type():
    odds = fight_odds(10)
    assert isinstance(odds, FightOdds) and isinstance(odds.p_win, sympy.Rational)
    # An adventurer alone (strength 1, no sword, no die) never beats a creature of 10.
    assert odds.base == 1 and odds.p_win == odds.p_win_no_gold == 0


# ----- Monte Carlo: fights played by the policy -------------------------------------------------
SCENARIOS = [
    # (creature, companions, swords, herbs, gold): chosen so that rerolls matter (the optimal
    # win chance is far from gold-as-+1 only), one with a sword choice to make.
    (12, 2, (2, 1), (), 1),
    (16, 0, (3, 0, 0, 0), (), 2),
    (16, 1, (1,), (2, 3), 5),
]


def assert_estimate_is_tight(result, odds):
    assert result.agrees_with(odds.p_win, z=4.0), (result, odds.p_win)
    # The check can fail: the policy's win rate is far from what gold as +1 alone gives.
    gap = abs(result.estimate - float(odds.p_win_no_rerolls))
    assert gap > result.half_width(float(odds.p_win), z=4.0)


@pytest.mark.parametrize("creature, companions, swords, herbs, gold", SCENARIOS)
def test_monte_carlo_of_simulated_fights(creature, companions, swords, herbs, gold):
    odds = fight_odds(creature, companions=companions, swords=swords, herbs=herbs, gold=gold)
    rng = Rng(1000 + creature)
    result = monte_carlo(
        lambda i: play_fight(SimulatedFight(rng, creature=creature, companions=companions),
                             odds),
        20_000)
    assert_estimate_is_tight(result, odds)


@pytest.mark.slow
@pytest.mark.parametrize("creature, companions, swords, herbs, gold", SCENARIOS)
def test_monte_carlo_of_the_engines_fights(creature, companions, swords, herbs, gold):
    """The real engine decides every fight (its RNG, its rules); the policy only chooses."""
    odds = fight_odds(creature, companions=companions, swords=swords, herbs=herbs, gold=gold)
    position = fight_position(creature, companions=companions, swords=swords, herbs=herbs,
                              gold=gold, seed=7)

    def one_fight(run: int) -> bool:
        state = position.copy()
        state.rng = Rng(run)
        won = play_fight(EngineFight(state), odds)
        assert state.fight is None  # the engine settled the battle
        assert won == (len(state.stock[0]["creatures"]) == 1)
        return won

    assert_estimate_is_tight(monte_carlo(one_fight, 10_000), odds)


def test_engine_fight_follows_the_advice_step_by_step():
    # Dice 2 and 1 against 12 with 2 companions, +2 +1 and 2 gold: the advice is to reroll the 1.
    position = fight_position(12, companions=2, swords=(2, 1), gold=2, seed=7)
    for run in range(200):
        state = position.copy()
        state.rng = Rng(run)
        dice = state.apply("swords 2,1")[0].data["dice"]
        if state.fight is None:
            continue
        advice = fight_advice(12, dice, companions=2, sword_bonus=3, gold=2)
        legal = {str(a) for a in state.legal_actions()}
        if advice.best.kind == "reroll":
            assert f"reroll {advice.best.die}" in legal
        elif advice.best.kind == "stop":
            assert "gold" in legal and advice.best.gold_spent <= 2


def test_results_as_json_data():
    import json

    odds = fight_odds(14, companions=1, swords=(3, 0, 0, 0), herbs=(2,), gold=2)
    data = json.loads(json.dumps(odds.to_dict()))
    assert sympy.Rational(data["p_win"]) == odds.p_win
    assert data["swords_used"] == list(odds.swords_used)
    counts = {int(v): c for v, c in data["strength"]["counts"].items()}
    assert counts == odds.strength.counts
    advice = fight_advice(14, (1, 1, 2), companions=1, sword_bonus=3, herbs=(2,), gold=2)
    advice_data = json.loads(json.dumps(advice.to_dict()))
    assert [sympy.Rational(o["p_win"]) for o in advice_data["options"]] == [
        o.p_win for o in advice.options]


def test_engine_fight_needs_a_battle():
    from dungeoncraft_widgets.adventure_land import new_game

    with pytest.raises(InvalidArgumentError, match="state"):
        EngineFight(new_game(players=2, seed=1))


def test_advice_exhaustively_for_three_dice_and_two_gold():
    """Every roll of three dice, two gold, every creature that is not already beaten or
    hopeless: the best option's chance equals the brute force's (which tries every die)."""
    for dice in combinations_with_replacement(range(1, 7), 3):
        for creature in range(8, 23):
            advice = fight_advice(creature, dice, gold=2)
            best = brute_value(creature, 1, dice, 2, 0, ())
            assert advice.p_win == sympy.Rational(best.numerator, best.denominator)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: fight_odds(12, swords=range(300)), r"swords must be a list, not range\(0, 300\)"),
    (lambda: fight_odds(12, swords=(1,) * 300), r"swords holds at most 28 items, not 300"),
    (lambda: fight_odds(12, swords=(0, 4)),
     r"swords\[1\] must be a whole number from 0 to 3 \(a sword's extra value\), not 4"),
    (lambda: fight_odds(12, herbs=(7,)),
     r"herbs\[0\] must be a whole number from 2 to 4 \(a herb's value\), not 7"),
    (lambda: fight_odds(12, herbs=(2,) * 21), r"herbs holds at most 20 items, not 21"),
    (lambda: fight_odds(10**9),
     r"creature must be a whole number from 1 to 60 \(the fog creatures have strengths 8 to "
     r"16\), not 1000000000"),
    (lambda: fight_odds(12, gold=10**9),
     r"gold must be a whole number from 0 to 18 \(the game has 18 gold pieces\)"),
    (lambda: fight_odds(12, companions=31),
     r"companions must be a whole number from 0 to 30 \(the game has 30 companions\), not 31"),
    (lambda: fight_advice(12, (3,), herbs=range(1, 3000)), r"herbs must be a list"),
    (lambda: fight_advice(12, (3,), herbs=iter(lambda: 2, 0)), r"herbs must be a list"),
    (lambda: fight_advice(12, (3,), sword_bonus=10),
     r"sword_bonus must be a whole number from 0 to 9 \(at most 3 swords of at most \+3 "
     r"each\), not 10"),
])
def test_questions_beyond_the_game_are_refused_before_the_work(call, message):
    """Bounded arguments (issue 12): 300 swords took 9.8 s; an endless herb iterator never
    returned. Each is refused at once, naming the argument, the limit and why."""
    with pytest.raises(InvalidArgumentError, match=message):
        call()
