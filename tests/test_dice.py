"""Tests for core/dice.py: exact distributions against counting by hand."""

from collections import Counter
from itertools import product

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoncraft_widgets.core.dice import Distribution, dice_sum, max_of_dice
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng


def brute_sum(n, sides=6):
    """Counts of the sum of n dice by listing every ordered roll."""
    return Counter(sum(roll) for roll in product(range(1, sides + 1), repeat=n))


@pytest.mark.parametrize("n", range(0, 5))
@pytest.mark.parametrize("sides", [2, 4, 6])
def test_dice_sum_matches_enumeration(n, sides):
    dist = dice_sum(n, sides)
    assert dist.total == sides**n
    assert dist.counts == dict(brute_sum(n, sides))
    assert sum(dist.pmf().values()) == 1


def test_probabilities_are_sympy_rationals():
    dist = dice_sum(3)
    for value in (dist.prob(10), dist.at_least(11), dist.at_most(4), dist.mean(),
                  dist.variance()):
        assert isinstance(value, sympy.Rational)
    assert dist.prob(10) == sympy.Rational(27, 216)
    assert dist.at_least(11) == sympy.Rational(1, 2)
    assert dist.at_most(4) == sympy.Rational(4, 216)
    assert dist.mean() == sympy.Rational(21, 2)
    assert dist.variance() == sympy.Rational(35, 4)


def test_shift_and_constant():
    dist = Distribution.die() + 5
    assert dist.support == (6, 7, 8, 9, 10, 11)
    assert 5 + Distribution.die() == dist
    assert dist - 5 == Distribution.die()
    assert (Distribution.constant(3) + Distribution.die()).mean() == sympy.Rational(13, 2)


def test_max_of_dice_matches_enumeration():
    for n in (1, 2, 3):
        expected = Counter(max(r) for r in product(range(1, 7), repeat=n))
        assert max_of_dice(n).counts == dict(expected)


def test_map_and_given():
    parity = dice_sum(2).map(lambda s: s % 2)
    assert parity.prob(0) == sympy.Rational(1, 2)
    high = dice_sum(2).given(lambda s: s >= 10)
    assert high.counts == {10: 3, 11: 2, 12: 1}
    with pytest.raises(InvalidArgumentError, match="condition"):
        dice_sum(2).given(lambda s: s > 12)


def test_immutable_and_hashable():
    dist = dice_sum(2)
    with pytest.raises(AttributeError):
        dist._total = 3
    counts = dist.counts
    counts[7] = 0
    assert dist.count(7) == 6
    doubled, plain = Distribution.from_counts({1: 2, 2: 2}), Distribution.from_counts({1: 1, 2: 1})
    assert doubled == plain and len({doubled, plain}) == 1


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: Distribution.die(0), "sides"),
        (lambda: Distribution.die(True), "sides"),
        (lambda: dice_sum(-1), "n"),
        (lambda: Distribution.constant(1.5), "k"),
        (lambda: Distribution.from_counts({1: -1}), "counts"),
        (lambda: Distribution.from_counts({1: 0}), "counts"),
        (lambda: Distribution.from_counts([1, 2]), "counts"),
        (lambda: Distribution.from_counts({"a": 1}), "counts"),
    ],
)
def test_bad_input_names_the_argument(call, name):
    with pytest.raises(InvalidArgumentError, match=name):
        call()


def test_sample_agrees_with_exact_within_confidence_bound():
    dist = dice_sum(3)
    rng = Rng(2024)
    runs = 20000
    hits = sum(dist.sample(rng) >= 11 for _ in range(runs))
    p = float(dist.at_least(11))
    sigma = (p * (1 - p) / runs) ** 0.5
    assert abs(hits / runs - p) < 4 * sigma


def test_to_sympy_stats_agrees():
    from sympy.stats import E, P

    dist = dice_sum(2) + 1
    X = dist.to_sympy_stats()
    assert P(X >= 9) == dist.at_least(9)
    assert E(X) == dist.mean()


small = st.dictionaries(st.integers(-5, 5), st.integers(0, 4), min_size=1).filter(
    lambda d: any(d.values()))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(small, small, small)
def test_convolution_laws(a, b, c):
    x, y, z = (Distribution.from_counts(d) for d in (a, b, c))
    assert x + y == y + x
    assert (x + y) + z == x + (y + z)
    assert (x + y).mean() == x.mean() + y.mean()
    assert (x + y).variance() == x.variance() + y.variance()
    for t in range(-6, 7):
        assert x.at_least(t) + x.at_most(t - 1) == 1


def test_constructor_checks_like_from_counts():
    assert Distribution({2: 1, 3: 1}) == Distribution.from_counts({2: 1, 3: 1})
    with pytest.raises(InvalidArgumentError, match="counts"):
        Distribution({1: -1})
