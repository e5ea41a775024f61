"""Fuzzing core's own functions (hypothesis): any argument gives an answer or a named
library error, within a bound of work, and the limits are refused before the work."""

from __future__ import annotations

import json
import os
import re

import pytest
import sympy
from conformance import assert_library_error, bounded_work
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import dungeoncraft_widgets
from dungeoncraft_widgets.core import DungeoncraftError, InvalidArgumentError, normalize_players
from dungeoncraft_widgets.core.charts import MAX_BARS, bar_chart
from dungeoncraft_widgets.core.data import parse_json
from dungeoncraft_widgets.core.deck import (
    hypergeom_at_least,
    hypergeom_pmf,
    multivariate_hypergeom_pmf,
    ordered_draws_probability,
)
from dungeoncraft_widgets.core.dice import Distribution, dice_sum, max_of_dice
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.scene import Scene, shape_from_dict

FUZZ = settings(max_examples=int(os.environ.get("DCW_FUZZ_EXAMPLES", 60)), deadline=None,
                derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck))

NUMBERS = st.one_of(st.integers(-3, 40), st.integers(), st.sampled_from(
    [0, 1, 6, 100, 101, 1000, 1001, 3000, 10**6, 10**9, 2**64, -1]), st.booleans(), st.none(),
    st.floats(), st.text(max_size=3))
JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


def answers_or_refuses(call, *args, **kwargs):
    """``call(*args, **kwargs)``'s result, or None after a named library error; never hangs."""
    try:
        with bounded_work():
            return call(*args, **kwargs)
    except DungeoncraftError as error:
        assert_library_error(error)
        return None


@FUZZ
@given(n=NUMBERS, sides=NUMBERS)
def test_dice(n, sides):
    for call in (dice_sum, max_of_dice):
        result = answers_or_refuses(call, n, sides)
        if result is not None:
            assert sum(result.pmf().values()) == 1
    die = answers_or_refuses(Distribution.die, sides)
    if die is not None:
        assert die.total == sides


@FUZZ
@given(a=st.dictionaries(st.integers(-10**6, 10**6), st.integers(0, 5), min_size=1,
                         max_size=60),
       b=st.dictionaries(st.integers(-10**6, 10**6), st.integers(0, 5), min_size=1,
                         max_size=60),
       junk=JUNK)
def test_distributions(a, b, junk):
    first = answers_or_refuses(Distribution.from_counts, a)
    second = answers_or_refuses(Distribution.from_counts, b)
    answers_or_refuses(Distribution.from_counts, junk)
    if first is not None and second is not None:
        assert (first + second).total == first.total * second.total
        assert first.maximum(second).total == first.total * second.total
        answers_or_refuses(first.maximum, junk)
        answers_or_refuses(first.sample, junk)


@FUZZ
@given(population=NUMBERS, successes=NUMBERS, draws=NUMBERS, k=NUMBERS)
def test_hypergeometric(population, successes, draws, k):
    for call in (hypergeom_pmf, hypergeom_at_least):
        result = answers_or_refuses(call, population, successes, draws, k)
        if result is not None:
            assert 0 <= result <= 1


@FUZZ
@given(counts=st.one_of(st.dictionaries(st.sampled_from("abcdefgh"), NUMBERS, max_size=8),
                        JUNK),
       allowed=st.one_of(st.lists(st.sets(st.sampled_from("abcdefgh")), max_size=30), JUNK),
       drawn=st.one_of(st.dictionaries(st.sampled_from("abcdefghz"), NUMBERS, max_size=8),
                       JUNK))
def test_decks(counts, allowed, drawn):
    result = answers_or_refuses(ordered_draws_probability, counts, allowed)
    if result is not None:
        assert 0 <= result <= 1
    result = answers_or_refuses(multivariate_hypergeom_pmf, counts, drawn)
    if result is not None:
        assert 0 <= result <= 1


@FUZZ
@given(probabilities=st.one_of(
    st.dictionaries(st.integers(-10**7, 10**7), st.fractions(0, 1).map(sympy.Rational),
                    max_size=6), JUNK),
       target=NUMBERS)
def test_bar_charts(probabilities, target):
    chart = answers_or_refuses(bar_chart, probabilities, target=target)
    if chart is not None and probabilities:
        assert max(probabilities) - min(probabilities) < MAX_BARS
        assert chart.to_svg().startswith("<svg")


def shapes() -> st.SearchStrategy:
    fields = st.sampled_from(["type", "id", "x", "y", "width", "height", "cx", "cy", "r", "rx",
                              "ry", "points", "d", "text", "anchor", "children", "classes",
                              "fill", "size", "weight", "transform", "label"])
    return st.dictionaries(fields, st.one_of(
        JUNK, st.sampled_from(["rect", "circle", "ellipse", "polygon", "path", "text", "group",
                               "start", "a", "b"])), max_size=8)


@FUZZ
@given(scene=st.one_of(JUNK, st.fixed_dictionaries(
    {"width": NUMBERS, "height": NUMBERS},
    optional={"shapes": st.lists(shapes(), max_size=4), "clickable": JUNK, "title": JUNK})))
def test_scenes_from_dicts(scene):
    made = answers_or_refuses(Scene.from_dict, scene)
    if made is not None:
        assert Scene.from_dict(made.to_dict()) == made
        made.to_svg()
    answers_or_refuses(shape_from_dict, scene)


PLAYERS = st.one_of(NUMBERS, st.lists(st.one_of(st.text(max_size=50), NUMBERS), max_size=6))


@pytest.mark.parametrize("name", list(dungeoncraft_widgets.GAMES))
@FUZZ
@given(players=PLAYERS, seed=NUMBERS)
def test_new_games(name, players, seed):
    game = dungeoncraft_widgets.GAMES[name]
    state = answers_or_refuses(game.new_game, players=players, seed=seed)
    if state is not None:
        assert game.load_game(state.to_json()).to_json() == state.to_json()
        answers_or_refuses(state.view, seed)
        answers_or_refuses(state.replay, seed)


@FUZZ
@given(players=PLAYERS)
def test_player_names(players):
    names = answers_or_refuses(normalize_players, players, 2, 4)
    if names is not None:
        assert len(set(names)) == len(names) and 2 <= len(names) <= 4


@FUZZ
@given(text=st.one_of(st.text(max_size=60), st.binary(max_size=60), JUNK,
                      st.integers(1, 200).map(lambda n: "[" * n + "]" * n),
                      st.integers(1, 200).map(lambda n: '{"a":' * n + "1" + "}" * n)))
def test_json_reading(text):
    """Text is read as the JSON object the standard parser reads, or refused by name; never
    anything else (a list, a half-read object)."""
    doc = answers_or_refuses(parse_json, text, "fuzz")
    if doc is not None:
        assert isinstance(doc, dict), f"parse_json answered {type(doc).__name__}, not an object"
        raw = text.decode("utf-8") if isinstance(text, bytes) else text
        assert doc == json.loads(raw), "parse_json read other data than the JSON in the text"


@FUZZ
@given(seed=NUMBERS, n=NUMBERS)
def test_rng(seed, n):
    rng = answers_or_refuses(Rng, seed)
    if rng is not None:
        value = answers_or_refuses(rng.randbelow, n)
        if value is not None:
            assert 0 <= value < n


@pytest.mark.parametrize(("call", "args"), [
    (dice_sum, (3000,)), (max_of_dice, (10**6,)), (Distribution.die, (10**9,)),
    (hypergeom_pmf, (10**9, 4, 5, 1)),
    (ordered_draws_probability, ({n: 300 for n in range(20)},
                                 [{j for j in range(20) if (i + j) % 3} for i in range(2000)])),
    (bar_chart, ({0: sympy.Rational(1, 2), 10**6: sympy.Rational(1, 2)},)),
    (Scene.from_dict, ({},)), (normalize_players, (10**9, 2, 4)),
])
def test_the_issue_s_examples_are_refused_saying_the_limit(call, args):
    with bounded_work(), pytest.raises(InvalidArgumentError) as info:
        call(*args)
    said = str(info.value)
    # the limit in words, or the range a whole number must be in ("from 1 to 1,000")
    assert any(word in said for word in ("at most", "missing", "players", "the most")) \
        or re.search(r"must be a whole number from [\d,]+ to [\d,]+", said), said


def test_two_thousand_ordered_draws_need_no_recursion():
    deck = {"red": 1000, "black": 1000}
    with bounded_work():
        alternate = ordered_draws_probability(deck, [{"red"}, {"black"}] * 1000)
        anything = ordered_draws_probability(deck, [{"red", "black"}] * 2000)
    assert anything == 1
    assert alternate == sympy.factorial(1000) ** 2 / sympy.factorial(2000)
