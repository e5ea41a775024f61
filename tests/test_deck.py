"""core.deck: exact draw odds against brute-force enumeration and a seeded Monte Carlo."""

import itertools
from collections import Counter

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoncraft_widgets.core import InvalidArgumentError, Rng
from dungeoncraft_widgets.core.deck import (
    hypergeom_at_least,
    hypergeom_pmf,
    multivariate_hypergeom_pmf,
    ordered_draws_count,
    ordered_draws_probability,
)


def cards_of(counts):
    return [label for label, n in sorted(counts.items()) for _ in range(n)]


@pytest.mark.parametrize(("population", "successes", "draws"), [(6, 2, 3), (7, 3, 4), (5, 5, 2)])
def test_hypergeom_matches_enumeration(population, successes, draws):
    deck = [1] * successes + [0] * (population - successes)
    hands = list(itertools.combinations(range(population), draws))
    for k in range(draws + 1):
        hits = sum(1 for h in hands if sum(deck[i] for i in h) == k)
        assert hypergeom_pmf(population, successes, draws, k) == sympy.Rational(hits, len(hands))
        at_least = sum(1 for h in hands if sum(deck[i] for i in h) >= k)
        assert hypergeom_at_least(population, successes, draws, k) == \
            sympy.Rational(at_least, len(hands))
    assert isinstance(hypergeom_pmf(population, successes, draws, 0), sympy.Rational)


def test_multivariate_matches_enumeration():
    counts = {"a": 2, "b": 3, "c": 2}
    deck = cards_of(counts)
    hands = list(itertools.combinations(range(len(deck)), 3))
    tally = Counter(tuple(sorted(Counter(deck[i] for i in h).items())) for h in hands)
    for key, n in tally.items():
        assert multivariate_hypergeom_pmf(counts, dict(key)) == sympy.Rational(n, len(hands))
    assert sum(multivariate_hypergeom_pmf(counts, dict(k)) for k in tally) == 1


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from("abcd"), st.integers(0, 3), min_size=1),
       st.lists(st.sets(st.sampled_from("abcd")), min_size=0, max_size=3))
def test_ordered_draws_matches_enumeration(counts, allowed):
    deck = cards_of(counts)
    if len(allowed) > len(deck):
        with pytest.raises(InvalidArgumentError):
            ordered_draws_probability(counts, allowed)
        return
    seqs = list(itertools.permutations(range(len(deck)), len(allowed)))
    good = sum(1 for s in seqs if all(deck[i] in a for i, a in zip(s, allowed, strict=True)))
    assert ordered_draws_count(counts, allowed) == good
    assert ordered_draws_probability(counts, allowed) == sympy.Rational(good, len(seqs))


def test_ordered_draws_against_seeded_monte_carlo():
    counts = {0: 5, 1: 4, 2: 3, 3: 1}
    allowed = [{0, 1}, {0, 1, 2}, {0}]
    exact = ordered_draws_probability(counts, allowed)
    rng, trials, hits = Rng(2024), 20_000, 0
    deck = cards_of(counts)
    for _ in range(trials):
        d = list(deck)
        rng.shuffle(d)
        hits += all(d[i] in a for i, a in enumerate(allowed))
    p = float(exact)
    sigma = (p * (1 - p) / trials) ** 0.5
    assert abs(hits / trials - p) < 4 * sigma, (hits / trials, exact)


def test_bad_input_is_refused():
    with pytest.raises(InvalidArgumentError, match="successes"):
        hypergeom_pmf(5, 6, 2, 1)
    with pytest.raises(InvalidArgumentError, match="draws"):
        hypergeom_pmf(5, 2, -1, 0)
    with pytest.raises(InvalidArgumentError, match="labels"):
        multivariate_hypergeom_pmf({"a": 1}, {"b": 1})
