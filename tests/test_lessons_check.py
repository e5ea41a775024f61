"""check(answer, exercise): what it accepts, what it says, and that its answers are right."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.lessons import check, exercises
from dungeoncraft_widgets.lessons.check import MIME, _answer, _mistake_values
from dungeoncraft_widgets.lessons.stats import proportion

LESSONS = ("probability_fog_fights", "probability_scout_and_venture", "probability_conditioning",
           "probability_deck_building")
ALL = {k: e for k, e in exercises().items() if e.lesson in LESSONS}
#: Exercises whose answers count the trade offers of many real games of bots (some 5 s,
#: once per run): their tests are slow.
SIMULATED = {"cond-5", "cond-6", "cond-7"}
EXERCISE_IDS = [pytest.param(e, marks=pytest.mark.slow) if e in SIMULATED else e
                for e in sorted(ALL)]


def test_every_lesson_has_exercises_and_ids_name_their_lesson():
    for lesson, prefix in zip(LESSONS, ("fog-", "sv-", "cond-", "db-"), strict=True):
        ids = list(exercises(lesson))
        assert len(ids) >= 5 and all(i.startswith(prefix) for i in ids)


@pytest.mark.parametrize("blank", [None, ..., "", "   "])
def test_a_blank_answer_is_not_answered_yet_never_an_error(blank):
    result = check(blank, "fog-1")
    assert result.status == "blank" and not result.correct
    assert str(result).startswith("not answered yet: fog-1")


@pytest.mark.parametrize("answer", [Fraction(13, 18), Fraction(26, 36), sympy.Rational(13, 18),
                                    "13/18", " 26 / 36 ", sympy.Integer(1) - sympy.Rational(5, 18)])
def test_exact_answers_in_every_form_are_correct(answer):
    result = check(answer, "fog-1")
    assert result.status == "correct" and result.correct and result.right_value


def test_an_integer_answer_and_a_decimal_string_that_is_exact():
    runs = int(_answer("fog-6"))
    assert check(runs, "fog-6").correct and check(str(runs), "fog-6").correct
    assert check(sympy.Integer(runs), "fog-6").correct
    assert check("0.625", "fog-4").correct     # a decimal string is read exactly


def test_four_sixths_typed_as_a_float_is_right_but_must_be_written_exactly():
    result = check(4 / 6, "sv-1")
    assert result.status == "exact-needed" and result.right_value and not result.correct
    assert "right, but not exact" in str(result)
    assert "Write it exactly, as Fraction(4, 6)." in result.message
    # over the denominator the student counts with (36 rolls), not the reduced one
    assert "Fraction(26, 36)" in check(26 / 36, "fog-1").message


def test_a_float_within_the_tolerance_is_close_but_not_exact_and_says_the_tolerance():
    result = check(0.722, "fog-1")
    assert result.status == "close" and not result.right_value
    assert "within 0.0005" in result.message and "not exact" in result.message
    assert check("0.722", "fog-1").status == "close"      # a rounded decimal string too
    assert check(0.73, "fog-1").status == "wrong"          # outside the stated tolerance


def test_a_wrong_answer_gets_the_exercises_general_hint():
    result = check(Fraction(1, 2), "fog-1")
    assert result.status == "wrong" and "not right yet" in str(result)
    assert result.hint == ALL["fog-1"].hint and result.hint


@pytest.mark.parametrize("exercise_id", EXERCISE_IDS)
def test_each_recognised_mistake_gets_its_own_hint(exercise_id):
    spec = ALL[exercise_id]
    assert spec.mistakes, f"{exercise_id} recognises no common mistake"
    for mistake, value in zip(spec.mistakes, _mistake_values(exercise_id), strict=True):
        result = check(value, exercise_id)
        assert result.status == "wrong" and result.hint == mistake.hint
        # a mistake typed as a float (4/6 style) is recognised too
        assert check(float(value), exercise_id).hint == mistake.hint


def test_the_natural_one_hint():
    assert "counted the natural 1 as a success" in check(0, "sv-2").hint


@pytest.mark.parametrize("answer", ["abc", "1/0", True, [1, 2], sympy.Symbol("p"),
                                    float("nan")])
def test_an_unreadable_answer_is_said_plainly_not_raised(answer):
    result = check(answer, "fog-1")
    assert result.status == "unreadable" and not result.correct and result.message


def test_an_unknown_exercise_is_a_clear_error_naming_the_known_ones():
    with pytest.raises(InvalidArgumentError, match="no exercise is called 'fog-99'.*fog-1"):
        check(1, "fog-99")


def test_the_notebook_display_carries_a_machine_readable_status():
    bundle = check(Fraction(13, 18), "fog-1")._repr_mimebundle_()
    assert bundle[MIME] == {"exercise": "fog-1", "status": "correct"}
    assert "Correct" in bundle["text/html"] and "13/18" in bundle["text/plain"]
    assert "&lt;b&gt;" in check("<b>", "fog-1")._repr_html_()   # the answer is escaped


@pytest.mark.parametrize("exercise_id", EXERCISE_IDS)
def test_answers_are_exact_differ_from_every_mistake_and_hints_do_not_give_them(exercise_id):
    answer = _answer(exercise_id)
    assert isinstance(answer, Fraction)
    assert answer not in _mistake_values(exercise_id)
    spec = ALL[exercise_id]
    texts = [spec.hint, spec.question] + [m.hint for m in spec.mistakes]
    if answer.denominator > 1:
        assert not any(f"{abs(answer.numerator)}/{answer.denominator}" in t for t in texts)


# ---------------------------------------------------------------- the answers themselves
def test_fog_fight_answers_match_the_game_engine():
    from dungeoncraft_widgets.lessons.simulations import engine_fights

    for exercise_id, fight in (("fog-1", dict(creature=12, companions=2, swords=(2, 1))),
                               ("fog-4", dict(creature=16, companions=2, swords=(2, 1, 0)))):
        play = engine_fights(**fight)
        runs = 1500
        wins = proportion(sum(play(s) for s in range(runs)), runs)
        assert wins.agrees_with(_answer(exercise_id)), (exercise_id, wins)


@pytest.mark.slow  # Monte Carlo runs of the engine
def test_scout_and_venture_answers_match_the_game_engine():
    from dungeoncraft_widgets.lessons.definitions import SV_EXERCISE_2, SV_EXERCISE_3
    from dungeoncraft_widgets.lessons.simulations import attempt

    runs = 1500
    nobody = sum(attempt("venture", *SV_EXERCISE_2, seed=s)["rooms_done"] == 0
                 for s in range(runs))
    assert proportion(nobody, runs).agrees_with(_answer("sv-2"))
    both = sum(attempt("scout", *SV_EXERCISE_3, seed=s)["rooms_done"] == 2 for s in range(runs))
    assert proportion(both, runs).agrees_with(_answer("sv-3"))


@pytest.mark.slow  # Monte Carlo runs of the engines
def test_conditioning_answers_match_the_game_engines():
    from dungeoncraft_widgets.lessons.definitions import CREATURES_MET
    from dungeoncraft_widgets.lessons.simulations import (
        adventure_land_setups,
        dubious_alliance_hands,
    )

    setups = adventure_land_setups(3000, seed=50_000)   # other seeds than the lesson's
    met = [s.creatures for s in setups if sorted(s.creatures[:3]) == sorted(CREATURES_MET)]
    assert proportion(sum(o[3] >= 14 for o in met), len(met)).agrees_with(_answer("cond-1"))
    stronger = sum(s.creatures[1] > s.creatures[0] for s in setups)
    assert proportion(stronger, len(setups)).agrees_with(_answer("cond-2"))
    two_threes = sum(sum(v == 3 for v in s.swords[:4]) == 2 for s in setups)
    assert proportion(two_threes, len(setups)).agrees_with(_answer("cond-3"))
    hands = [game[1] for game in dubious_alliance_hands(1500, seed=50_000)]
    one = sum(sum("Monster" in card for card in h) == 1 for h in hands)
    assert proportion(one, len(hands)).agrees_with(_answer("cond-4"))


@pytest.mark.slow  # the SIMULATED answers
def test_the_bayes_answers_are_bayes_rule_on_the_measured_counts():
    from dungeoncraft_widgets.lessons.definitions import claim_counts

    honest, liar = claim_counts("honest"), claim_counts("liar")
    # Bayes' rule on frequencies is counting the praised cards that are Weapons:
    assert _answer("cond-5") == Fraction(honest["weapon_praise"], honest["praise"])
    # the liar praises everything, so the praise changes nothing:
    assert liar["praise"] == liar["offers"]
    assert _answer("cond-6") == Fraction(liar["weapon"], liar["offers"])
    assert _answer("cond-7") == _answer("cond-5")
    assert 0 < _answer("cond-6") < _answer("cond-5") < 1


def test_deck_building_answers_match_the_game_engine():
    """Other seeds than the lesson's: the engine's own deals agree with every answer."""
    from dungeoncraft_widgets.lessons.definitions import DECK_WITH_SILVER, RESHUFFLE
    from dungeoncraft_widgets.lessons.simulations import (
        dobbers_core_deck,
        dobbers_hands,
        dobbers_opening_hands,
    )

    openings = dobbers_opening_hands(300, seed=70_000)
    either = sum("traveling_kit" in f or "wooden_knife" in f for f, _s in openings)
    assert proportion(either, len(openings)).agrees_with(_answer("db-1"))
    hands = dobbers_hands(DECK_WITH_SILVER, runs=1500, seed=71)
    from dungeoncraft_widgets.dobbers import load_cards
    cards = load_cards()
    rich = sum(sum(cards.point(c, "influence") for c in h) >= 6 for h in hands)
    assert proportion(rich, len(hands)).agrees_with(_answer("db-2"))
    mean = sum(h.count("bottle_cap") for h in hands) / len(hands)
    assert abs(mean - float(_answer("db-5"))) < 0.1
    thinned = dict(dobbers_core_deck(), bottle_cap=5)
    hands = dobbers_hands(thinned, runs=1500, seed=72)
    both = sum("traveling_kit" in h and "wooden_knife" in h for h in hands)
    assert proportion(both, len(hands)).agrees_with(_answer("db-3"))
    left, pile = RESHUFFLE
    pile_cards = {"bottle_cap": pile - 5, "traveling_kit": 1, "wooden_knife": 1, "helpful": 1,
                  "rot": 1, "silver_sword": 1}
    hands = dobbers_hands({"bottle_cap": left}, discard=pile_cards, runs=1500, seed=73)
    assert proportion(sum("silver_sword" in h for h in hands), len(hands)).agrees_with(
        _answer("db-4"))
