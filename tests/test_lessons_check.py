"""check(answer, exercise): what it accepts, what it says, and that its answers are right.

The answers come from the teacher's tooling (lessons/teacher/answers.py); check() itself
only knows the key's digests."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

import pytest
import sympy

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.lessons import check, exercises
from dungeoncraft_widgets.lessons.check import KEYS, MIME
from dungeoncraft_widgets.lessons.stats import proportion, sample_mean
from dungeoncraft_widgets.lessons.teacher.answers import EXERCISES, answer, mistake_values
from dungeoncraft_widgets.lessons.teacher.keys import build_keys, keys_text

LESSONS = ("probability_fog_fights", "probability_scout_and_venture", "probability_conditioning",
           "probability_bayes", "probability_deck_building",
           "probability_repeated_trials", "probability_limit_theorems",
           "probability_inclusion_exclusion", "probability_markov_chains",
           "probability_confidence", "probability_covariance")
PREFIXES = ("fog-", "sv-", "cond-", "bayes-", "db-",
            "rt-", "lt-", "ie-", "mc-", "ci-", "cov-")
ALL = {k: e for k, e in EXERCISES.items() if e.lesson in LESSONS}


def test_every_lesson_has_exercises_and_ids_name_their_lesson():
    for lesson, prefix in zip(LESSONS, PREFIXES, strict=True):
        ids = list(exercises(lesson))
        assert len(ids) >= 4 and all(i.startswith(prefix) for i in ids)
    assert set(exercises()) == set(EXERCISES)   # the key knows every exercise, and no other


def test_the_key_is_up_to_date_and_holds_digests_only():
    key = json.loads(KEYS.read_text("utf-8"))
    assert keys_text(build_keys(key)) == KEYS.read_text("utf-8"), \
        "run python -m dungeoncraft_widgets.lessons.editions"
    for exercise_id, entry in key["exercises"].items():
        assert set(entry) == {"lesson", "question", "hint", "denominator", "salt", "answer",
                              "close", "mistakes"}
        digests = [entry["answer"], *entry["close"], *(d for d, _ in entry["mistakes"])]
        assert all(len(d) == 32 and int(d, 16) >= 0 for d in digests), exercise_id
        assert entry["denominator"] is None or isinstance(entry["denominator"], int)


@pytest.mark.parametrize("blank", [None, ..., "", "   "])
def test_a_blank_answer_is_not_answered_yet_never_an_error(blank):
    result = check(blank, "fog-1")
    assert result.status == "blank" and not result.correct
    assert str(result).startswith("not answered yet: fog-1")


@pytest.mark.parametrize("written", [Fraction(7, 12), Fraction(21, 36), sympy.Rational(7, 12),
                                     "7/12", " 21 / 36 ", "1 - 5/12", "Fraction(21, 36)",
                                     sympy.Integer(1) - sympy.Rational(5, 12)])
def test_exact_answers_in_every_form_are_correct(written):
    assert answer("fog-1") == Fraction(7, 12)
    result = check(written, "fog-1")
    assert result.status == "correct" and result.correct and result.right_value


@pytest.mark.parametrize("exercise_id, written", [("fog-3", 16.5), ("fog-5", 8.75),
                                                  ("fog-6", 46407.0), ("fog-4", 0.625),
                                                  ("fog-3", Decimal("16.5")), ("fog-4", "0.625"),
                                                  ("fog-4", "62.5%"), ("fog-6", "46407")])
def test_a_float_or_decimal_that_is_exactly_the_answer_is_correct(exercise_id, written):
    """16.5 is exactly 33/2: not "a rounded decimal"."""
    result = check(written, exercise_id)
    assert result.status == "correct", result


def test_four_sixths_typed_as_a_float_is_right_but_must_be_written_exactly():
    result = check(4 / 6, "sv-1")
    assert result.status == "exact-needed" and result.right_value and not result.correct
    assert "right, but not exact" in str(result)
    assert "Write it exactly, as Fraction(4, 6)." in result.message
    # over the denominator the student counts with (36 rolls), not the reduced one
    assert "Fraction(21, 36)" in check(21 / 36, "fog-1").message


@pytest.mark.parametrize("exercise_id, written", [("fog-1", 0.58), ("db-5", 3.33),
                                                  ("db-5", "3.33"), ("fog-1", "58.33%"),
                                                  ("fog-1", Decimal("0.58")), ("fog-1", 0.583),
                                                  ("fog-1", 0.5833), ("db-5", 3.333333),
                                                  ("sv-1", 0.66), ("sv-1", 0.67)])
def test_a_rounded_decimal_is_close_write_it_exactly(exercise_id, written):
    """Rounded or cut to 2 to 4 decimals (more: agreeing to 4): "close — write it exactly"."""
    result = check(written, exercise_id)
    assert result.status == "close" and not result.right_value, result
    assert str(result).startswith("close — write it exactly")
    assert "agrees with the answer to" in result.message


@pytest.mark.parametrize("exercise_id, written", [("fog-1", 0.6), ("fog-1", 0.59),
                                                  ("db-5", 3.3), ("db-5", 3.34),
                                                  ("fog-6", 46406.5), ("fog-1", "57%")])
def test_a_decimal_that_is_not_the_answer_rounded_is_not_right(exercise_id, written):
    assert check(written, exercise_id).status == "wrong"


def test_a_wrong_answer_gets_the_exercises_general_hint():
    result = check(Fraction(1, 2), "fog-1")
    assert result.status == "wrong" and "not right yet" in str(result)
    assert result.hint == ALL["fog-1"].hint and result.hint


@pytest.mark.parametrize("exercise_id", sorted(ALL))
def test_each_recognised_mistake_gets_its_own_hint(exercise_id):
    spec = ALL[exercise_id]
    assert spec.mistakes, f"{exercise_id} recognises no common mistake"
    for mistake, value in zip(spec.mistakes, mistake_values(exercise_id), strict=True):
        result = check(value, exercise_id)
        assert result.status == "wrong" and result.hint == mistake.hint
        # a mistake typed as a float (4/6 style) is recognised too
        assert check(float(value), exercise_id).hint == mistake.hint


def test_the_natural_one_hint():
    assert "counted the natural 1 as a success" in check(0, "sv-2").hint


@pytest.mark.parametrize("written", ["abc", "1/0", True, [1, 2], sympy.Symbol("p"),
                                     float("nan"), Decimal("NaN"), "2 ** 1000", "__import__('os')"])
def test_an_unreadable_answer_is_said_plainly_not_raised(written):
    result = check(written, "fog-1")
    assert result.status == "unreadable" and not result.correct and result.message


def test_an_unknown_exercise_is_a_clear_error_naming_the_known_ones():
    with pytest.raises(InvalidArgumentError, match="no exercise is called 'fog-99'.*fog-1"):
        check(1, "fog-99")


def test_show_displays_the_verdict_and_returns_nothing(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    result = check(Fraction(7, 12), "fog-1")
    assert result.show() is None and shown == [result]


def test_the_notebook_display_carries_a_machine_readable_status():
    bundle = check(Fraction(7, 12), "fog-1")._repr_mimebundle_()
    assert bundle[MIME] == {"exercise": "fog-1", "status": "correct"}
    assert "Correct" in bundle["text/html"] and "7/12" in bundle["text/plain"]
    assert "&lt;b&gt;" in check("<b>", "fog-1")._repr_html_()   # the answer is escaped


@pytest.mark.parametrize("exercise_id", sorted(ALL))
def test_answers_are_exact_differ_from_every_mistake_and_hints_do_not_give_them(exercise_id):
    value = answer(exercise_id)
    assert isinstance(value, Fraction)
    assert value not in mistake_values(exercise_id)
    assert len(set(mistake_values(exercise_id))) == len(ALL[exercise_id].mistakes)
    spec = ALL[exercise_id]
    texts = [spec.hint, spec.question] + [m.hint for m in spec.mistakes]
    if value.denominator > 1:
        assert not any(f"{abs(value.numerator)}/{value.denominator}" in t for t in texts)


# ---------------------------------------------------------------- the answers themselves
def only_the_answer(estimate, exercise_id, counted=()):
    """The simulation agrees with the answer (4 standard errors) and rejects every documented
    wrong answer of the exercise, except those numbered in ``counted``: mistakes too near the
    answer for an affordable simulation (a draw with replacement, 0.2109 for 0.2154), which
    :func:`test_the_mistakes_too_near_to_simulate_are_rejected_by_counting` rejects by an
    exact count of the engine's own pieces instead."""
    assert estimate.agrees_with(answer(exercise_id)), (exercise_id, str(estimate))
    for i, wrong in enumerate(mistake_values(exercise_id)):
        if i not in counted:
            assert not estimate.agrees_with(wrong), \
                f"{exercise_id}: the documented wrong answer {wrong} passes too ({estimate})"


def test_the_mistakes_too_near_to_simulate_are_rejected_by_counting():
    """The answers whose nearest mistakes no simulation of a few seconds tells apart, counted
    outcome by outcome from the engines' own pieces (creature stack, swords, deck): each count
    is the answer, and none of the mistakes."""
    from itertools import combinations, permutations, product

    from dungeoncraft_widgets.dubious_alliance import load_deck
    from dungeoncraft_widgets.lessons.givens import CREATURES_MET, FOG_EXERCISE_1
    from dungeoncraft_widgets.lessons.simulations import creature_stack, sword_stack

    def counted(exercise_id, value):
        assert value == answer(exercise_id), exercise_id
        assert value not in mistake_values(exercise_id), exercise_id

    # fog-1: every ordered roll of the two dice, against 12 less the certain 1 + 1 + (2 + 1).
    fight = FOG_EXERCISE_1
    need = fight["creature"] - 1 - fight["companions"] - sum(fight["swords"])
    rolls = list(product(range(1, 7), repeat=len(fight["swords"])))
    counted("fog-1", Fraction(sum(sum(r) >= need for r in rolls), len(rolls)))
    creatures = sorted(creature_stack().elements())
    left = list(creatures)
    for met in CREATURES_MET:
        left.remove(met)
    counted("cond-1", Fraction(sum(c >= 14 for c in left), len(left)))
    pairs = list(permutations(range(len(creatures)), 2))           # two different creatures
    counted("cond-2", Fraction(sum(creatures[j] > creatures[i] for i, j in pairs), len(pairs)))
    swords = sorted(sword_stack().elements())
    hands = list(combinations(range(len(swords)), 4))
    counted("cond-3", Fraction(sum(sum(swords[i] == 3 for i in h) == 2 for h in hands),
                               len(hands)))
    # cond-4: the 4 cards dealt one by one without replacement, the Monster first, second...
    cards = load_deck()
    deck = len(cards.cards)
    monsters = sum("Monster" in cards.card(c).types for c in cards.cards)
    one = Fraction(0)
    for place in range(4):
        p, others, n = Fraction(1), deck - monsters, deck
        for k in range(4):
            if k == place:
                p *= Fraction(monsters, n)
            else:
                p, others = p * Fraction(others, n), others - 1
            n -= 1
        one += p
    counted("cond-4", one)


def test_the_house_rule_answer_by_brute_force():
    """fog-7 by another road: the dice kept by position (not sorted), every choice of which
    die to reroll tried at each step."""
    from dungeoncraft_widgets.lessons.givens import FOG_EXERCISE_7

    need, gold = FOG_EXERCISE_7["need"], FOG_EXERCISE_7["gold"]

    def value(dice, used, gold):
        if sum(dice) + gold >= need:
            return Fraction(1)
        options = [i for i in range(len(dice)) if not used[i]]
        if not gold or not options:
            return Fraction(0)
        best = Fraction(0)
        for i in options:
            total = Fraction(0)
            for face in range(1, 7):
                new = list(dice)
                new[i] = face
                total += value(tuple(new), tuple(u or j == i for j, u in enumerate(used)),
                               gold - 1)
            best = max(best, total / 6)
        return best

    assert value(FOG_EXERCISE_7["dice"], (False, False), gold) == answer("fog-7")
    # and the rulebook's rules (a die may be rerolled again) are worth more
    assert answer("fog-7") < mistake_values("fog-7")[0]


def test_fog_fight_answers_match_the_game_engine():
    from dungeoncraft_widgets.lessons.givens import FOG_EXERCISE_1
    from dungeoncraft_widgets.lessons.simulations import engine_fight_records, engine_fights

    for exercise_id, fight in (("fog-1", FOG_EXERCISE_1),
                               ("fog-4", dict(creature=16, companions=2, swords=(2, 1, 0)))):
        play = engine_fights(**fight)
        runs = 1500
        wins = proportion(sum(play(s) for s in range(runs)), runs)
        # fog-1's unordered count (4/7 for 7/12) is rejected by counting
        only_the_answer(wins, exercise_id, counted={2} if exercise_id == "fog-1" else ())
    # 40,000 fights, about 6,500 of them with +1 alone losing: enough to tell fog-8's answer
    # from its complement (19/36 against 17/36)
    records = engine_fight_records(12, companions=2, swords=(2, 1), gold=1, runs=40_000,
                                   seed=90_000)
    low = [won for dice, won in records if sum(dice) <= 4]
    only_the_answer(proportion(sum(low), len(low)), "fog-8")


@pytest.mark.slow  # Monte Carlo runs of the engine
def test_scout_and_venture_answers_match_the_game_engine():
    from dungeoncraft_widgets.lessons.givens import (
        SV_EXERCISE_2,
        SV_EXERCISE_3,
        SV_EXERCISE_4,
        SV_EXERCISE_6,
    )
    from dungeoncraft_widgets.lessons.simulations import adventurer_points, attempt

    runs = 1500
    nobody = sum(attempt("venture", *SV_EXERCISE_2, seed=s)["rooms_done"] == 0
                 for s in range(runs))
    only_the_answer(proportion(nobody, runs), "sv-2")
    both = sum(attempt("scout", *SV_EXERCISE_3, seed=s)["rooms_done"] == 2 for s in range(runs))
    only_the_answer(proportion(both, runs), "sv-3")
    points = dict(zip(SV_EXERCISE_4[0], adventurer_points(SV_EXERCISE_4[0]), strict=True))
    guardian = sample_mean(sum(points[a] for a in attempt("venture", *SV_EXERCISE_4,
                                                          seed=s)["captured"])
                           for s in range(runs))
    only_the_answer(guardian, "sv-4")
    # the optimal plan of sv-6: the 2nd Retreats, the 3rd Ventures (as location_odds says)
    points = dict(zip(SV_EXERCISE_6[0], adventurer_points(SV_EXERCISE_6[0]), strict=True))
    net = []
    for s in range(12_000):  # never retreating is worth -1.48 against -1.22: 12,000 runs
        result = attempt("venture", *SV_EXERCISE_6, seed=s, retreat_at={(1, 0)})
        net.append(3 * result["rooms_done"] - sum(points[a] for a in result["captured"]))
    only_the_answer(sample_mean(net), "sv-6")


@pytest.mark.slow  # Monte Carlo runs of the engines
def test_conditioning_answers_match_the_game_engines():
    from dungeoncraft_widgets.lessons.givens import CREATURES_MET
    from dungeoncraft_widgets.lessons.simulations import (
        adventure_land_setups,
        dubious_alliance_hands,
    )

    setups = adventure_land_setups(3000, seed=50_000)   # other seeds than the lesson's
    met = [s.creatures for s in setups if sorted(s.creatures[:3]) == sorted(CREATURES_MET)]
    # cond-1 has 287 such setups: all three of its mistakes are rejected by counting; the
    # draws with replacement of cond-2, 3 and 4 likewise (the engine's deal without
    # replacement is what the other checks here show)
    only_the_answer(proportion(sum(o[3] >= 14 for o in met), len(met)), "cond-1",
                    counted={0, 1, 2})
    stronger = sum(s.creatures[1] > s.creatures[0] for s in setups)
    only_the_answer(proportion(stronger, len(setups)), "cond-2", counted={0})
    two_threes = sum(sum(v == 3 for v in s.swords[:4]) == 2 for s in setups)
    only_the_answer(proportion(two_threes, len(setups)), "cond-3", counted={0})
    hands = [game[1] for game in dubious_alliance_hands(1500, seed=50_000)]
    one = sum(sum("Monster" in card for card in h) == 1 for h in hands)
    only_the_answer(proportion(one, len(hands)), "cond-4", counted={0})


def test_the_bayes_answers_are_bayes_rule_in_the_model():
    from dungeoncraft_widgets.lessons.givens import HONEST_BOT, LIAR_BOT

    h = HONEST_BOT
    odds = h.prior / (1 - h.prior) * h.praise_if_weapon / h.praise_if_other
    assert answer("bayes-1") == odds / (1 + odds) == answer("bayes-3")
    assert answer("bayes-2") == LIAR_BOT.prior
    praise_honest = h.prior * h.praise_if_weapon + (1 - h.prior) * h.praise_if_other
    assert answer("bayes-4") == 1 / (1 + praise_honest)          # hoarders never praise
    assert answer("bayes-5") == (h.prior * h.praise_if_weapon + LIAR_BOT.prior) / (
        1 + praise_honest)


@pytest.mark.slow  # plays some 160 games of bots
def test_the_bayes_model_fits_the_engines_bots():
    """Each likelihood of the model lies within 3 standard errors of the engine's share, in
    other games than the lesson's."""
    from dungeoncraft_widgets.lessons.givens import HONEST_BOT, LIAR_BOT
    from dungeoncraft_widgets.lessons.simulations import claim_counts

    for name, model in (("honest", HONEST_BOT), ("liar", LIAR_BOT)):
        c = claim_counts(name, 160, seed=10_000)
        assert proportion(c["weapon"], c["offers"]).agrees_with(model.prior, z=3)
        assert proportion(c["weapon_praise"], c["weapon"]).agrees_with(
            model.praise_if_weapon, z=3)
        assert proportion(c["praise"] - c["weapon_praise"], c["offers"] - c["weapon"]
                          ).agrees_with(model.praise_if_other, z=3)


def test_deck_building_answers_match_the_game_engine():
    """Other seeds than the lesson's: the engine's own deals agree with every answer."""
    from dungeoncraft_widgets.dobbers import load_cards
    from dungeoncraft_widgets.lessons.givens import (
        DECK_WITH_SILVER,
        RESHUFFLE,
        RESHUFFLE_PILE,
        THINNED_DECK,
    )
    from dungeoncraft_widgets.lessons.simulations import dobbers_hands, dobbers_opening_hands

    openings = dobbers_opening_hands(1500, seed=70_000)
    either = sum("traveling_kit" in s or "wooden_knife" in s for _f, s in openings)
    only_the_answer(proportion(either, len(openings)), "db-1")
    hands = dobbers_hands(DECK_WITH_SILVER, runs=1500, seed=71)
    cards = load_cards()
    rich = sum(sum(cards.point(c, "influence") for c in h) >= 6 for h in hands)
    only_the_answer(proportion(rich, len(hands)), "db-2")
    only_the_answer(sample_mean(h.count("bottle_cap") for h in hands), "db-5")
    hands = dobbers_hands(THINNED_DECK, runs=1500, seed=72)
    either = sum("traveling_kit" in h or "wooden_knife" in h for h in hands)
    only_the_answer(proportion(either, len(hands)), "db-3")
    hands = dobbers_hands({"bottle_cap": RESHUFFLE[0]}, discard=RESHUFFLE_PILE, runs=12_000,
                          seed=73)  # the product of the two chances, 0.074, is near 0.055
    both = sum("silver_sword" in h and "traveling_kit" in h for h in hands)
    only_the_answer(proportion(both, len(hands)), "db-4")
