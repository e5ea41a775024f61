"""Exact odds of drawing from a finite deck (without replacement).

Cards are counted by *label* (a card type, a value, anything hashable); every
result is exact: integers inside, ``sympy.Rational`` out. Nothing here knows a game.

- :func:`hypergeom_pmf` / :func:`hypergeom_at_least`: how many of ``draws``
  cards come from ``successes`` marked cards in a deck of ``population``.
- :func:`multivariate_hypergeom_pmf`: the chance of drawing exactly so many of
  each label.
- :func:`ordered_draws_probability`: the chance that the 1st, 2nd, ... card
  drawn each has a label in its own allowed set (e.g. "player 1's card leaves
  them alive and player 2's does not make them win").

Work is bounded before it starts (:class:`InvalidArgumentError` names the limit):
decks of at most :data:`MAX_CARDS` cards, and for ordered draws at most
:data:`MAX_LABEL_CHECKS` label-and-draw pairs. No game comes near them (its decks
hold about a hundred cards and its players draw a few). An ordered-draws count,
whose work cannot be known sooner, is stopped and refused once it has taken
:data:`MAX_STEPS` steps (about a second).

>>> hypergeom_pmf(52, 4, 5, 1)
3243/10829
>>> ordered_draws_probability({"red": 2, "black": 2}, [{"red"}, {"red"}])
1/6
>>> try:
...     hypergeom_pmf(10**9, 4, 5, 1)
... except InvalidArgumentError as error:
...     print(error)
population must be a whole number from 0 to 10,000 (cards in a deck), not 1000000000
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from math import comb, perm

import sympy

from .checks import whole_number
from .errors import InvalidArgumentError

__all__ = ["MAX_CARDS", "MAX_LABEL_CHECKS", "MAX_STEPS", "hypergeom_at_least",
           "hypergeom_pmf", "multivariate_hypergeom_pmf", "ordered_draws_count",
           "ordered_draws_probability"]

#: The most cards in a deck (a game's decks hold about a hundred; a class's, 52).
MAX_CARDS = 10_000
#: Ordered draws: the most (label, draw) pairs looked at to group the labels.
MAX_LABEL_CHECKS = 1_000_000
#: Ordered draws: the most steps of the count (a way the deck was drawn down so far, times a
#: pool of labels the next card may come from); the count stops, refused, beyond it.
MAX_STEPS = 2_000_000


def _count(name: str, value: object) -> int:
    """A number of cards: a whole number from 0 to :data:`MAX_CARDS`."""
    return whole_number(value, name, minimum=0, maximum=MAX_CARDS, why="cards in a deck")


def _check_counts(counts: object) -> int:
    """The number of cards in ``counts`` (label -> how many), checked."""
    if not isinstance(counts, Mapping):
        raise InvalidArgumentError(
            f"counts must be a mapping label -> number of cards, not {type(counts).__name__}")
    if len(counts) > MAX_CARDS:
        raise InvalidArgumentError(f"counts: at most {MAX_CARDS:,} labels, not {len(counts):,}")
    total = 0
    for label, n in counts.items():
        total += _count(f"counts[{label!r}]", n)
    if total > MAX_CARDS:
        raise InvalidArgumentError(f"counts: at most {MAX_CARDS:,} cards in all, not {total:,}")
    return total


def _hypergeom_ways(population: int, successes: int, draws: int, k: int) -> int:
    return comb(successes, k) * comb(population - successes, draws - k)


def _check_hypergeom(population: object, successes: object, draws: object) -> None:
    population = _count("population", population)
    successes, draws = _count("successes", successes), _count("draws", draws)
    if successes > population or draws > population:
        raise InvalidArgumentError("successes and draws cannot exceed population")


def hypergeom_pmf(population: int, successes: int, draws: int, k: int) -> sympy.Rational:
    """P(exactly ``k`` marked cards among ``draws`` drawn from ``population``).

    >>> hypergeom_pmf(10, 3, 2, 2)
    1/15
    >>> hypergeom_pmf(10, 3, 2, 3)
    0
    """
    _check_hypergeom(population, successes, draws)
    _count("k", k)
    if k > draws:
        return sympy.Integer(0)
    return sympy.Rational(_hypergeom_ways(population, successes, draws, k),
                          comb(population, draws))


def hypergeom_at_least(population: int, successes: int, draws: int, k: int) -> sympy.Rational:
    """P(at least ``k`` marked cards among ``draws``).

    >>> hypergeom_at_least(10, 3, 2, 1)
    8/15
    """
    _check_hypergeom(population, successes, draws)
    _count("k", k)
    others = population - successes
    first, last = max(k, draws - others), min(successes, draws)
    ways = 0
    if first <= last:
        # Each term from the one before: C(s, j+1) = C(s, j) (s-j)/(j+1), and likewise for
        # C(others, draws-j-1); exact integer steps, not a binomial from scratch each time.
        marked, unmarked = comb(successes, first), comb(others, draws - first)
        for j in range(first, last + 1):
            ways += marked * unmarked
            marked = marked * (successes - j) // (j + 1)
            unmarked = unmarked * (draws - j) // (others - draws + j + 1)
    return sympy.Rational(ways, comb(population, draws))


def multivariate_hypergeom_pmf(counts: Mapping[Hashable, int],
                               drawn: Mapping[Hashable, int]) -> sympy.Rational:
    """P(a hand of ``sum(drawn)`` cards holds exactly ``drawn[label]`` of each label).

    >>> multivariate_hypergeom_pmf({"a": 2, "b": 3, "c": 5}, {"a": 1, "b": 1, "c": 1})
    1/4
    """
    total = _check_counts(counts)
    if not isinstance(drawn, Mapping):
        raise InvalidArgumentError(
            f"drawn must be a mapping label -> number of cards, not {type(drawn).__name__}")
    unknown = [label for label in drawn if label not in counts]
    if unknown:
        raise InvalidArgumentError(f"drawn names labels not in counts: {unknown[:10]}")
    size = sum(_count(f"drawn[{label!r}]", v) for label, v in drawn.items())
    if size > total:
        raise InvalidArgumentError("cannot draw more cards than the deck holds")
    ways = 1
    for label, n in counts.items():
        ways *= comb(n, drawn.get(label, 0))
    return sympy.Rational(ways, comb(total, size))


def ordered_draws_count(counts: Mapping[Hashable, int],
                        allowed: Sequence[Collection[Hashable]]) -> int:
    """How many ordered sequences of distinct cards have card i's label in ``allowed[i]``.

    Cards with the same label are different cards (so the answer counts cards,
    not labels). Labels that fall in the same allowed sets are pooled first, so
    the work grows with the number of distinct patterns, not the deck size; the
    draws are then counted one after another (how many cards of each pool are
    left, and in how many ways), without recursion.

    >>> ordered_draws_count({"x": 3, "y": 1}, [{"x"}, {"x", "y"}])
    9
    """
    _check_counts(counts)
    if isinstance(allowed, (str, bytes)) or not isinstance(allowed, Sequence):
        raise InvalidArgumentError(
            f"allowed must be a list of sets of labels, not {type(allowed).__name__}")
    if len(counts) * len(allowed) > MAX_LABEL_CHECKS:
        raise InvalidArgumentError(
            f"{len(counts):,} labels and {len(allowed):,} draws: at most "
            f"{MAX_LABEL_CHECKS:,} label-and-draw pairs")
    try:
        sets = [frozenset(a) for a in allowed]
    except TypeError:  # an entry that is not a set of labels (None, a number, a list in it)
        raise InvalidArgumentError("allowed must be a list of sets of labels, each a list or "
                                   f"set of labels, not {str(allowed)[:60]}") from None
    groups: dict[tuple[bool, ...], int] = {}
    for label, n in counts.items():
        if n:
            sig = tuple(label in s for s in sets)
            groups[sig] = groups.get(sig, 0) + n
    sigs = sorted(groups)
    start = tuple(groups[s] for s in sigs)
    ok = [tuple(g for g, s in enumerate(sigs) if s[i]) for i in range(len(sets))]
    layer = {start: 1}  # cards left in each pool -> in how many ways the draws so far did it
    steps = 0
    for choices in ok:
        steps += len(layer) * len(choices)
        if steps > MAX_STEPS:
            raise InvalidArgumentError(
                f"{len(sets)} draws over {len(sigs)} different patterns of labels: counting "
                f"them takes more than {MAX_STEPS:,} steps, the most done here (about a second)")
        following: dict[tuple[int, ...], int] = {}
        for left, ways in layer.items():
            for g in choices:
                n = left[g]
                if n:
                    key = left[:g] + (n - 1,) + left[g + 1:]
                    following[key] = following.get(key, 0) + ways * n
        layer = following
        if not layer:
            return 0
    return sum(layer.values())


def ordered_draws_probability(counts: Mapping[Hashable, int],
                              allowed: Sequence[Collection[Hashable]]) -> sympy.Rational:
    """P(the i-th card drawn has a label in ``allowed[i]``, for every i), exactly.

    >>> ordered_draws_probability({"hurt": 3, "safe": 7}, [{"safe"}, {"safe"}])
    7/15
    """
    total = _check_counts(counts)
    if isinstance(allowed, Sequence) and len(allowed) > total:
        raise InvalidArgumentError("cannot draw more cards than the deck holds")
    return sympy.Rational(ordered_draws_count(counts, allowed), perm(total, len(allowed)))
