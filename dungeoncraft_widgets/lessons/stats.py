"""Simulation results with their standard errors, and small exact tests.

A simulated frequency is an estimate: printed alone it hides how far off it may
be. :class:`Estimate` carries the standard error with it, and
:func:`independent_runs` repeats a whole simulation with fresh seeds, so a
lesson can show the spread of many independent runs (never one running total,
whose points are not independent of each other).

>>> est = proportion(30, 40)
>>> est.value, round(est.se, 4)
(0.75, 0.0685)
>>> print(est)
0.75 ± 0.07

``±`` always means one standard error. A count of none (or all) has no spread to
measure: it is said as what it is, with the "rule of three" 95% bound.

>>> print(proportion(0, 2000))
0 of 2,000 (below 0.0015 with 95% confidence)
>>> est.agrees_with(sympy.Rational(2, 3))
True
>>> fisher_exact([[8, 8], [3, 13]])
41887/310155
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import sympy

from ..core.checks import whole_number
from ..core.deck import hypergeom_pmf
from ..core.errors import InvalidArgumentError

__all__ = ["Estimate", "fisher_exact", "independent_runs", "proportion", "sample_mean",
           "sample_variance", "wilson_interval"]


@dataclass(frozen=True)
class Estimate:
    """A simulated ``value`` with its standard error ``se`` over ``runs`` runs.

    ``str()`` shows the value with one standard error, rounded to the digits the
    error allows; ``interval(z)`` is value ± z standard errors.
    """

    value: float
    se: float
    runs: int
    #: the number of successes, for a frequency (None for a mean)
    count: int | None = None

    def interval(self, z: float = 2.0) -> tuple[float, float]:
        """(low, high): the value ± ``z`` standard errors."""
        return self.value - z * self.se, self.value + z * self.se

    def agrees_with(self, exact: object, z: float = 4.0) -> bool:
        """Whether ``exact`` is within ``z`` standard errors (plus one run's worth)."""
        return abs(self.value - float(exact)) <= z * self.se + 1 / self.runs

    def digits(self) -> int:
        """Decimals worth printing: down to the first significant digit of the error."""
        if self.se <= 0:
            return 3
        return max(1, min(6, -math.floor(math.log10(self.se))))

    def __str__(self) -> str:
        if self.se == 0:
            # no spread seen: "0.000 ± 0.000" would claim a precision nobody measured
            if self.count == 0:
                return f"0 of {self.runs:,} (below {3 / self.runs:.2g} with 95% confidence)"
            if self.count == self.runs:
                return (f"{self.runs:,} of {self.runs:,} (above {1 - 3 / self.runs:.4g} with "
                        "95% confidence)")
            return f"{self.value:g} (all {self.runs:,} runs alike)"
        d = self.digits()
        return f"{self.value:.{d}f} ± {self.se:.{d}f}"

    def _repr_html_(self) -> str:
        if self.se == 0:
            return f"{self}"
        return f"{self} <small>(± 1 standard error, {self.runs:,} runs)</small>"


def proportion(successes: int, runs: int) -> Estimate:
    """The frequency ``successes / runs`` and its standard error ``sqrt(f (1 - f) / runs)``.

    >>> print(proportion(5, 100))
    0.05 ± 0.02
    """
    whole_number(runs, "runs", minimum=1)
    whole_number(successes, "successes", minimum=0, maximum=runs, why="the runs")
    f = successes / runs
    return Estimate(f, math.sqrt(f * (1 - f) / runs), runs, successes)


def sample_mean(values: Iterable[float]) -> Estimate:
    """The mean of ``values`` and its standard error ``s / sqrt(n)``.

    >>> print(sample_mean([1, 2, 3, 4, 5, 6] * 10))
    3.5 ± 0.2
    """
    data = [float(v) for v in values]
    n = len(data)
    if n < 2:
        raise InvalidArgumentError("values: a standard error needs at least 2 values")
    mean = sum(data) / n
    var = sum((v - mean) ** 2 for v in data) / (n - 1)
    return Estimate(mean, math.sqrt(var / n), n)


def sample_variance(values: Iterable[float]) -> Estimate:
    """The sample variance of ``values`` and its standard error, from the fourth central
    moment: ``sqrt((m4 - s^4 (n - 3) / (n - 1)) / n)``.

    >>> print(sample_variance([1, 2, 3, 4, 5, 6] * 1000))
    2.92 ± 0.03
    """
    data = [float(v) for v in values]
    n = len(data)
    if n < 4:
        raise InvalidArgumentError("values: a variance's standard error needs at least 4 values")
    mean = sum(data) / n
    var = sum((v - mean) ** 2 for v in data) / (n - 1)
    m4 = sum((v - mean) ** 4 for v in data) / n
    return Estimate(var, math.sqrt(max(0.0, m4 - var * var * (n - 3) / (n - 1)) / n), n)


def independent_runs(play_one: Callable[[int], float], sizes: Sequence[int], repeats: int,
                     seed: int = 0) -> dict[int, list[float]]:
    """``repeats`` independent simulations for each number of runs in ``sizes``.

    ``play_one(seed)`` plays one run with its own seed and returns its result (True/False
    or a number); every run of every simulation gets a different seed, so the
    simulations are independent. Returns ``{N: [average of N runs, ...]}``.

    >>> runs = independent_runs(lambda s: s % 2 == 0, [2, 4], repeats=3)
    >>> runs
    {2: [0.5, 0.5, 0.5], 4: [0.5, 0.5, 0.5]}
    """
    out: dict[int, list[float]] = {}
    next_seed = seed
    for n in sizes:
        results = []
        for _ in range(repeats):
            results.append(sum(float(play_one(s)) for s in range(next_seed, next_seed + n)) / n)
            next_seed += n
        out[n] = results
    return out


def wilson_interval(successes: int, runs: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a frequency (95% for ``z = 1.96``): honest even for
    small counts, where value ± 2 standard errors can leave [0, 1].

    >>> [round(x, 3) for x in wilson_interval(3, 16)]
    [0.066, 0.43]
    """
    proportion(successes, runs)  # checks the arguments
    f = successes / runs
    centre = (f + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(f * (1 - f) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    return centre - half, centre + half


def fisher_exact(table: Sequence[Sequence[int]]) -> sympy.Rational:
    """Two-sided Fisher exact test of a 2x2 table ``[[a, b], [c, d]]``, exactly.

    With the row and column totals fixed, ``a`` follows a hypergeometric
    distribution (:func:`~dungeoncraft_widgets.core.deck.hypergeom_pmf`); the
    p-value adds the chances of every table at most as likely as the one seen.
    Rows are the groups (e.g. liar, honest), columns the outcome (won, did not).

    >>> fisher_exact([[4, 0], [0, 4]])
    1/35
    """
    try:
        (a, b), (c, d) = table
    except (TypeError, ValueError):
        raise InvalidArgumentError("table must be [[a, b], [c, d]]") from None
    for name, v in zip(("a", "b", "c", "d"), (a, b, c, d), strict=True):
        whole_number(v, f"table entry {name}", minimum=0)
    rows, first_col, total = a + b, a + c, a + b + c + d
    seen = hypergeom_pmf(total, first_col, rows, a)
    lo, hi = max(0, rows - (b + d)), min(rows, first_col)
    return sum((p for p in (hypergeom_pmf(total, first_col, rows, k) for k in range(lo, hi + 1))
                if p <= seen), sympy.Integer(0))
