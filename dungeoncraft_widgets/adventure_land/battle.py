"""A battle against a fog creature (rulebook, "Combat Strength of the Fog Creature"): what
the adventurer's strength is and which swords can go into it, as pure functions of plain
numbers, asked alike by the engine, the exact odds, the bots and the app.

The adventurer's strength is 1, plus 1 per companion, plus for each sword used (at most 3,
chosen before rolling) one die and the sword's extra value, plus each gold piece put back
(+1) and each herb's value. The battle is won when it reaches the creature's strength.

>>> fight_strength(2), fight_strength(2, dice=(3, 5), swords=(2, 1), bonus=1)
(3, 15)
>>> sword_choices([0, 3, 3])
[(), (3,), (0,), (3, 3), (3, 0), (3, 3, 0)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations_with_replacement

__all__ = ["MAX_SWORDS", "fight_strength", "sword_choices"]

MAX_SWORDS = 3  # "up to maximum of 3" swords in a battle


def fight_strength(companions: int, dice: Iterable[int] = (), swords: Iterable[int] = (),
                   bonus: int = 0) -> int:
    """The adventurer's combat strength: 1, plus its ``companions``, plus the ``dice``
    rolled and the extra values of the ``swords`` used, plus ``bonus`` (gold put back as
    +1 and herbs used).

    >>> fight_strength(0, dice=(6,), swords=(3,))
    10
    """
    return 1 + companions + sum(dice) + sum(swords) + bonus


def sword_choices(swords: Iterable[int]) -> list[tuple[int, ...]]:
    """Every distinct choice of at most :data:`MAX_SWORDS` of the ``swords`` held (their
    extra values), each largest first: none, then the choices of one sword, two, three,
    each size from the biggest swords down.

    >>> sword_choices([1, 1])
    [(), (1,), (1, 1)]
    """
    held = Counter(swords)
    values = sorted(held, reverse=True)
    out: list[tuple[int, ...]] = [()]
    for size in range(1, min(MAX_SWORDS, sum(held.values())) + 1):
        for choice in combinations_with_replacement(values, size):
            if all(choice.count(v) <= held[v] for v in set(choice)):
                out.append(choice)
    return out
