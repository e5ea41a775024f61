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

>>> hypergeom_pmf(52, 4, 5, 1)
3243/10829
>>> ordered_draws_probability({"red": 2, "black": 2}, [{"red"}, {"red"}])
1/6
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from functools import cache
from math import comb, perm

import sympy

from .errors import InvalidArgumentError

__all__ = ["hypergeom_at_least", "hypergeom_pmf", "multivariate_hypergeom_pmf",
           "ordered_draws_count", "ordered_draws_probability"]


def _count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidArgumentError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


def hypergeom_pmf(population: int, successes: int, draws: int, k: int) -> sympy.Rational:
    """P(exactly ``k`` marked cards among ``draws`` drawn from ``population``).

    >>> hypergeom_pmf(10, 3, 2, 2)
    1/15
    >>> hypergeom_pmf(10, 3, 2, 3)
    0
    """
    population, successes = _count("population", population), _count("successes", successes)
    draws, k = _count("draws", draws), _count("k", k)
    if successes > population or draws > population:
        raise InvalidArgumentError("successes and draws cannot exceed population")
    if k > draws:
        return sympy.Integer(0)
    return sympy.Rational(comb(successes, k) * comb(population - successes, draws - k),
                          comb(population, draws))


def hypergeom_at_least(population: int, successes: int, draws: int, k: int) -> sympy.Rational:
    """P(at least ``k`` marked cards among ``draws``).

    >>> hypergeom_at_least(10, 3, 2, 1)
    8/15
    """
    _count("k", k)
    return sum((hypergeom_pmf(population, successes, draws, j)
                for j in range(k, min(successes, draws) + 1)), sympy.Integer(0))


def multivariate_hypergeom_pmf(counts: Mapping[Hashable, int],
                               drawn: Mapping[Hashable, int]) -> sympy.Rational:
    """P(a hand of ``sum(drawn)`` cards holds exactly ``drawn[label]`` of each label).

    >>> multivariate_hypergeom_pmf({"a": 2, "b": 3, "c": 5}, {"a": 1, "b": 1, "c": 1})
    1/4
    """
    for label, n in counts.items():
        _count(f"counts[{label!r}]", n)
    unknown = [label for label in drawn if label not in counts]
    if unknown:
        raise InvalidArgumentError(f"drawn names labels not in counts: {unknown}")
    total, size = sum(counts.values()), sum(_count("drawn", v) for v in drawn.values())
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
    the work grows with the number of distinct patterns, not the deck size.

    >>> ordered_draws_count({"x": 3, "y": 1}, [{"x"}, {"x", "y"}])
    9
    """
    for label, n in counts.items():
        _count(f"counts[{label!r}]", n)
    sets = [frozenset(a) for a in allowed]
    groups: dict[tuple[bool, ...], int] = {}
    for label, n in counts.items():
        sig = tuple(label in s for s in sets)
        groups[sig] = groups.get(sig, 0) + n
    sigs = sorted(groups)
    start = tuple(groups[s] for s in sigs)
    ok = [tuple(g for g, s in enumerate(sigs) if s[i]) for i in range(len(sets))]

    @cache
    def ways(i: int, left: tuple[int, ...]) -> int:
        if i == len(sets):
            return 1
        total = 0
        for g in ok[i]:
            if left[g]:
                total += left[g] * ways(i + 1, left[:g] + (left[g] - 1,) + left[g + 1:])
        return total

    return ways(0, start)


def ordered_draws_probability(counts: Mapping[Hashable, int],
                              allowed: Sequence[Collection[Hashable]]) -> sympy.Rational:
    """P(the i-th card drawn has a label in ``allowed[i]``, for every i), exactly.

    >>> ordered_draws_probability({"hurt": 3, "safe": 7}, [{"safe"}, {"safe"}])
    7/15
    """
    total = sum(_count("counts", n) for n in counts.values())
    if len(allowed) > total:
        raise InvalidArgumentError("cannot draw more cards than the deck holds")
    return sympy.Rational(ordered_draws_count(counts, allowed), perm(total, len(allowed)))
