"""A small seeded random number generator whose whole state is one integer.

Why not :mod:`random`: a game's RNG is saved with the game, and one integer is
a readable, portable save; the algorithm (SplitMix64) is fixed here, so the
same seed gives the same game on every Python version.

>>> rng = Rng(7)
>>> [rng.randint(1, 6) for _ in range(5)]
[2, 2, 3, 6, 6]
>>> saved = rng.state
>>> a = rng.randint(1, 6); rng.state = saved
>>> a == rng.randint(1, 6)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .checks import whole_number

T = TypeVar("T")

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: deterministic, fast enough for games, state = one int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        whole_number(seed, "seed")
        self.state = _mix(seed & _MASK)

    def copy(self) -> Rng:
        """A generator in the same state (it draws what this one would next)."""
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling: no bias)."""
        if n.__class__ is not int or n <= 0:  # the quick test first: this is called often
            whole_number(n, "randbelow: n", minimum=1)
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``, both ends included."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """A float in [0, 1) (for bots' tie-breaking; never for rules' chances)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates shuffle in place.

        The same draws as ``j = self.randbelow(i + 1)`` for i from the end down (so the
        same permutation and the same final state), with next64, _mix and randbelow
        written out in one loop: the calls were most of a shuffle's cost.

        >>> a, b = Rng(3), Rng(3)
        >>> items = list(range(10)); a.shuffle(items)
        >>> slow = list(range(10))
        >>> for i in range(9, 0, -1):
        ...     j = b.randbelow(i + 1); slow[i], slow[j] = slow[j], slow[i]
        >>> items == slow and a.state == b.state
        True
        """
        state = self.state
        try:
            for i in range(len(items) - 1, 0, -1):
                n = i + 1
                limit = _TWO64 - _TWO64 % n
                while True:
                    state = (state + _GOLDEN) & _MASK
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    z ^= z >> 31
                    if z < limit:
                        break
                j = z % n
                items[i], items[j] = items[j], items[i]
        finally:
            self.state = state  # as far as it drew, as randbelow would have left it
