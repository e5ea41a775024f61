"""Exact distributions of dice and sums of dice, on integer counts.

A :class:`Distribution` is a finite distribution on integers stored as integer
*counts* over a common *total*: two dice are 36 equally likely outcomes, of
which 6 sum to 7. All arithmetic (sums, shifts, maxima, conditioning) stays in
integers, so it is fast and exact; probabilities leave as ``sympy.Rational``
(exact, printable, usable in sympy expressions).

>>> two = dice_sum(2)
>>> two.counts[7], two.total
(6, 36)
>>> two.prob(7)
1/6
>>> two.at_least(10)
1/6
>>> (two + 3).support[:3]
(5, 6, 7)
>>> two.mean(), two.variance()
(7, 35/6)

Reusable by every game: nothing here knows a game.

Work is bounded before it starts (:class:`InvalidArgumentError` names the limit):
at most :data:`MAX_DICE` dice of at most :data:`MAX_SIDES` sides, a sum of dice
with ``dice * sides`` at most :data:`MAX_SUM_WORK` (its work grows with the square
of that), and a sum or maximum of two distributions over at most
:data:`MAX_PAIRS` pairs of values. No game comes near these: they leave room for a
class asking about a hundred dice.

>>> try:
...     dice_sum(3000)
... except InvalidArgumentError as error:
...     print(error)
n must be a whole number from 0 to 100 (no game rolls more dice), not 3000
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from math import gcd
from typing import TYPE_CHECKING

import sympy

from .checks import integer, whole_number
from .errors import InvalidArgumentError

if TYPE_CHECKING:  # only for type hints; the RNG is passed in by the caller
    from .rng import Rng

__all__ = ["MAX_DICE", "MAX_PAIRS", "MAX_SIDES", "MAX_SUM_WORK", "Distribution", "dice_sum",
           "max_of_dice"]

#: The most dice in one roll (no game rolls more than a handful).
MAX_DICE = 100
#: The most sides of a die (a d1000 is already a three-digit lottery).
MAX_SIDES = 1000
#: dice * sides for a sum of dice: the values and the work of each added die grow with it.
MAX_SUM_WORK = 2000
#: The most pairs of values a sum or maximum of two distributions goes through.
MAX_PAIRS = 4_000_000


def _check_dice(n: int, sides: int, minimum: int) -> None:
    whole_number(n, "n", minimum=minimum, maximum=MAX_DICE, why="no game rolls more dice")
    _check_sides(sides)


def _check_sides(sides: int) -> None:
    whole_number(sides, "sides", minimum=1, maximum=MAX_SIDES,
                 why="a d1000 is already a three-digit lottery")


def _check_pairs(a: Distribution, b: Distribution) -> None:
    pairs = len(a._counts) * len(b._counts)
    if pairs > MAX_PAIRS:
        raise InvalidArgumentError(
            f"combining distributions of {len(a._counts):,} and {len(b._counts):,} values "
            f"means {pairs:,} pairs, more than the {MAX_PAIRS:,} this library goes through")


class Distribution:
    """An exact finite distribution on integers: integer counts over a common total.

    Immutable and hashable; two distributions are equal when their
    probabilities are equal (``counts`` may differ by a common factor).

    >>> d6 = Distribution.die()
    >>> d6.support, d6.total
    ((1, 2, 3, 4, 5, 6), 6)
    >>> (d6 + d6).prob(2)
    1/36
    >>> Distribution.from_counts({0: 1, 1: 1}) == Distribution.from_counts({0: 5, 1: 5})
    True
    """

    __slots__ = ("_counts", "_total", "_hash")

    def __init__(self, counts: Mapping[int, int]) -> None:
        """The same as :meth:`from_counts` (the counts are checked)."""
        checked = Distribution.from_counts(counts)
        self._counts: dict[int, int] = checked._counts
        self._total: int = checked._total
        self._hash: int | None = None

    @classmethod
    def _unchecked(cls, counts: Mapping[int, int], total: int | None = None) -> Distribution:
        """The fast internal constructor: counts already known to be valid."""
        made = object.__new__(cls)
        counts = dict(sorted((v, c) for v, c in counts.items() if c))
        object.__setattr__(made, "_counts", counts)
        object.__setattr__(made, "_total", sum(counts.values()) if total is None else total)
        object.__setattr__(made, "_hash", None)
        return made

    # ----- constructors -------------------------------------------------------------------
    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> Distribution:
        """The distribution giving each value its count's share of the counts' sum.

        >>> coin = Distribution.from_counts({0: 1, 1: 1})
        >>> coin.prob(1), coin.total
        (1/2, 2)
        >>> try:
        ...     Distribution.from_counts({1: -1})
        ... except ValueError as error:
        ...     print(error)
        counts[1] must be a whole number >= 0, not -1
        """
        if not isinstance(counts, Mapping):
            raise InvalidArgumentError(
                f"counts must be a mapping value -> count, not {type(counts).__name__}")
        for value, count in counts.items():
            whole_number(value, "a value in counts")
            whole_number(count, f"counts[{value}]", minimum=0)
        if not any(counts.values()):
            raise InvalidArgumentError("counts must give some value a positive count")
        return cls._unchecked(counts)

    @classmethod
    def die(cls, sides: int = 6) -> Distribution:
        """A fair die showing 1 to ``sides``.

        >>> Distribution.die(4).pmf()
        {1: 1/4, 2: 1/4, 3: 1/4, 4: 1/4}
        """
        _check_sides(sides)
        return cls._unchecked(dict.fromkeys(range(1, sides + 1), 1), sides)

    @classmethod
    def constant(cls, k: int) -> Distribution:
        """The value ``k`` for certain.

        >>> Distribution.constant(3).pmf()
        {3: 1}
        """
        whole_number(k, "k")
        return cls._unchecked({k: 1}, 1)

    # ----- reading --------------------------------------------------------------------------
    @property
    def counts(self) -> dict[int, int]:
        """Value -> number of outcomes giving it (a fresh dict, in increasing value order)."""
        return dict(self._counts)

    @property
    def total(self) -> int:
        """The number of equally likely outcomes the counts are out of."""
        return self._total

    @property
    def support(self) -> tuple[int, ...]:
        """The values with a positive probability, increasing."""
        return tuple(self._counts)

    def count(self, value: int) -> int:
        """The number of outcomes giving ``value`` (0 when none).

        >>> dice_sum(2).count(12)
        1
        """
        return self._counts.get(value, 0)

    def count_at_least(self, threshold: int) -> int:
        """The number of outcomes giving at least ``threshold`` (an int, for fast exact sums).

        >>> dice_sum(2).count_at_least(11)
        3
        """
        return sum(c for v, c in self._counts.items() if v >= threshold)

    def pmf(self) -> dict[int, sympy.Rational]:
        """Value -> exact probability.

        >>> dice_sum(2).pmf()[7]
        1/6
        """
        return {v: sympy.Rational(c, self._total) for v, c in self._counts.items()}

    def prob(self, value: int) -> sympy.Rational:
        """P(X = value), exactly.

        >>> Distribution.die().prob(7)
        0
        """
        return sympy.Rational(self._counts.get(value, 0), self._total)

    def at_least(self, threshold: int) -> sympy.Rational:
        """P(X >= threshold), exactly.

        >>> dice_sum(3).at_least(11)
        1/2
        """
        return sympy.Rational(self.count_at_least(threshold), self._total)

    def at_most(self, threshold: int) -> sympy.Rational:
        """P(X <= threshold), exactly.

        >>> dice_sum(2).at_most(3)
        1/12
        """
        below = sum(c for v, c in self._counts.items() if v <= threshold)
        return sympy.Rational(below, self._total)

    def mean(self) -> sympy.Rational:
        """The expected value E[X], exactly.

        >>> Distribution.die().mean()
        7/2
        """
        return sympy.Rational(sum(v * c for v, c in self._counts.items()), self._total)

    def variance(self) -> sympy.Rational:
        """Var(X) = E[X^2] - E[X]^2, exactly.

        >>> Distribution.die().variance()
        35/12
        """
        first = sum(v * c for v, c in self._counts.items())
        second = sum(v * v * c for v, c in self._counts.items())
        return sympy.Rational(second * self._total - first * first, self._total**2)

    # ----- combining --------------------------------------------------------------------------
    def __add__(self, other: Distribution | int) -> Distribution:
        """The sum of two independent values (convolution), or a shift by an int."""
        if isinstance(other, Distribution):
            _check_pairs(self, other)
            out: dict[int, int] = {}
            for v, c in self._counts.items():
                for w, e in other._counts.items():
                    out[v + w] = out.get(v + w, 0) + c * e
            return Distribution._unchecked(out, self._total * other._total)
        if integer(other):
            return Distribution._unchecked({v + other: c for v, c in self._counts.items()},
                                           self._total)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other: int) -> Distribution:
        """A shift down by an int.

        >>> (Distribution.die() - 1).support
        (0, 1, 2, 3, 4, 5)
        """
        if integer(other):
            return self + (-other)
        return NotImplemented

    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of ``function(X)`` (outcomes with equal images merge).

        >>> Distribution.die().map(lambda v: v % 2).counts
        {0: 3, 1: 3}
        """
        out: dict[int, int] = {}
        for v, c in self._counts.items():
            image = whole_number(function(v), "map: the function's value")
            out[image] = out.get(image, 0) + c
        return Distribution._unchecked(out, self._total)

    def maximum(self, other: Distribution) -> Distribution:
        """The larger of two independent values.

        >>> Distribution.die().maximum(Distribution.die()).prob(6)
        11/36
        """
        if not isinstance(other, Distribution):
            raise InvalidArgumentError(
                f"other must be a Distribution, not {type(other).__name__}")
        _check_pairs(self, other)
        out: dict[int, int] = {}
        for v, c in self._counts.items():
            for w, e in other._counts.items():
                top = v if v >= w else w
                out[top] = out.get(top, 0) + c * e
        return Distribution._unchecked(out, self._total * other._total)

    def given(self, condition: Callable[[int], bool]) -> Distribution:
        """The distribution conditioned on ``condition(X)`` being true.

        >>> dice_sum(2).given(lambda s: s >= 10).prob(12)
        1/6
        """
        kept = {v: c for v, c in self._counts.items() if condition(v)}
        if not kept:
            raise InvalidArgumentError("condition: no value with a positive probability meets it")
        return Distribution._unchecked(kept)

    def sample(self, rng: Rng) -> int:
        """One value drawn with a seeded :class:`~dungeoncraft_widgets.core.rng.Rng`.

        >>> from dungeoncraft_widgets.core.rng import Rng
        >>> dice_sum(2).sample(Rng(1)) in range(2, 13)
        True
        """
        if not callable(getattr(rng, "randbelow", None)):
            raise InvalidArgumentError(f"rng must be an Rng, not {type(rng).__name__}")
        ticket = rng.randbelow(self._total)
        for v, c in self._counts.items():
            if ticket < c:
                return v
            ticket -= c
        raise AssertionError("counts do not add up to total")  # unreachable: total = sum

    def to_sympy_stats(self, name: str = "X"):
        """The same distribution as a ``sympy.stats`` random variable (for teaching).

        >>> from sympy.stats import P
        >>> X = dice_sum(2).to_sympy_stats()
        >>> P(X >= 10)
        1/6
        """
        from sympy.stats import FiniteRV

        return FiniteRV(name, self.pmf())

    # ----- value-object plumbing -----------------------------------------------------------------
    def _reduced(self) -> tuple[tuple[tuple[int, int], ...], int]:
        common = self._total
        for c in self._counts.values():
            common = gcd(common, c)
        return tuple((v, c // common) for v, c in self._counts.items()), self._total // common

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._reduced() == other._reduced()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._reduced())
        return self._hash

    def __repr__(self) -> str:
        return f"Distribution.from_counts({self._counts!r})"

    def __setattr__(self, name: str, value: object) -> None:
        if name in self.__slots__ and not hasattr(self, name):
            object.__setattr__(self, name, value)  # first assignment, in __init__
        elif name == "_hash":
            object.__setattr__(self, name, value)  # the cached hash
        else:
            raise AttributeError("Distribution is immutable")


@lru_cache(maxsize=256)
def _dice_sum(n: int, sides: int) -> Distribution:
    result = Distribution.constant(0)
    die = Distribution.die(sides)
    for _ in range(n):
        result = result + die
    return result


def dice_sum(n: int, sides: int = 6) -> Distribution:
    """The sum of ``n`` fair dice with ``sides`` sides (0 dice: the constant 0).

    Counts are over all ``sides ** n`` ordered rolls, so they can be read as
    "in how many ways".

    >>> dice_sum(3).count(10), dice_sum(3).total
    (27, 216)
    >>> dice_sum(0).pmf()
    {0: 1}
    """
    _check_dice(n, sides, 0)
    if n * sides > MAX_SUM_WORK:
        raise InvalidArgumentError(
            f"dice_sum: n * sides is at most {MAX_SUM_WORK:,} (the work grows with its "
            f"square), not {n} * {sides} = {n * sides:,}")
    return _dice_sum(n, sides)


def max_of_dice(n: int, sides: int = 6) -> Distribution:
    """The highest of ``n`` fair dice (``n`` at least 1).

    Counted directly: the highest is at most ``k`` in ``k ** n`` of the ``sides ** n``
    rolls, so exactly ``k`` in ``k ** n - (k - 1) ** n`` of them.

    >>> max_of_dice(2).count(6), max_of_dice(2).total
    (11, 36)
    """
    _check_dice(n, sides, 1)
    return Distribution._unchecked({k: k**n - (k - 1) ** n for k in range(1, sides + 1)},
                                   sides**n)

