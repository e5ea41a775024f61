"""Exact odds of a fight against a fog creature, with optimal use of gold and herbs.

The rules (rulebook, "Combat Strength of the Fog Creature"):

- the adventurer's strength is 1, plus 1 per companion, plus for each sword
  used (at most 3, chosen before rolling) one die and the sword's extra value;
- after the dice, each gold piece is either +1 or a reroll of one die (the
  new roll replaces the old one and may itself be rerolled with more gold);
  herbs add their values (points beyond what is needed are lost);
- the fight is won when the strength reaches the creature's.

Optimal play maximises the chance to win. Gold as +1 and herbs are certain
points, so they are only worth spending at the very end, when they finish the
fight; before that, the only decision is which die to reroll. The win chance
is therefore a dynamic programme over (the multiset of dice, gold left, points
still needed), memoised on that canonical state (herbs only lower the points
needed) and computed in integers. With ``n`` dice, a fight not yet won has
fewer than ``need - n`` gold left (each die shows at least 1), and winning
after ``k`` more rerolls needs ``6n + gold - k >= need``; so every winning line
has fewer than ``5n`` rerolls, and the win chance times ``6 ** 15`` is an
integer for up to 3 dice. Results leave as ``sympy.Rational``.

>>> odds = fight_odds(12, companions=2, swords=(2, 1), herbs=(4,), gold=1)
>>> odds.swords_used, odds.p_win
((2, 1), 1)
>>> fight_odds(12, companions=2, swords=(2, 1)).p_win
13/18
>>> fight_advice(12, (3, 2), companions=2, sword_bonus=3, gold=1).best.describe()
'stop and win: pay 1 gold as +1'
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Protocol

import sympy

from ..core.dice import Distribution, dice_sum
from ..core.errors import InvalidArgumentError
from ..core.rng import Rng

__all__ = [
    "FightAdvice",
    "FightOdds",
    "FightOption",
    "EngineFight",
    "FightTable",
    "MonteCarloResult",
    "SimulatedFight",
    "fight_advice",
    "fight_odds",
    "monte_carlo",
    "play_fight",
]

SIDES = 6
MAX_SWORDS = 3  # "up to maximum of 3" swords per fight
# Every winning line uses at most 5 rerolls per die (see the module docstring), so a win chance
# with at most MAX_SWORDS dice times SIDES ** _SCALE_REROLLS is an integer.
_SCALE_REROLLS = (SIDES - 1) * MAX_SWORDS
_SCALE = SIDES**_SCALE_REROLLS


# ----- input checks ----------------------------------------------------------------------------
# What the game can mean (rulebook, "Game Contents"): the questions beyond these are refused
# before any work, with the limit and its reason in the message.
MAX_CREATURE = 60     # the fog creatures have strengths 8 to 16; 60 leaves room for what-ifs
MAX_COMPANIONS = 30   # 30 companions in the game
MAX_GOLD = 18         # 18 gold pieces
MAX_SWORD_TILES = 28  # 28 swords, extra values 0 to 3
MAX_HERB_TILES = 20   # 20 herbs, values 2 to 4
SWORD_VALUES = (0, 3)
HERB_VALUES = (2, 4)
_WHY = {
    "creature": "the fog creatures have strengths 8 to 16",
    "companions": "the game has 30 companions",
    "gold": "the game has 18 gold pieces",
    "swords": "the game has 28 swords",
    "herbs": "the game has 20 herbs",
    "sword_bonus": "at most 3 swords of at most +3 each",
    "dice": "one die per sword, at most 3 swords",
}


def _int_arg(name: str, value: object, minimum: int, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, not {type(value).__name__}")
    if value < minimum:
        raise InvalidArgumentError(f"{name} must be at least {minimum}, not {value}")
    if maximum is not None and value > maximum:
        raise InvalidArgumentError(f"{name} must be at most {maximum} ({_WHY[name]}), "
                                   f"not {value}")
    return value


def _int_tuple(name: str, values: object, minimum: int, maximum: int | None = None,
               most: int | None = None) -> tuple[int, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InvalidArgumentError(
            f"{name} must be a sequence of ints, not {type(values).__name__}")
    out = []
    for value in values:
        if most is not None and len(out) == most:
            raise InvalidArgumentError(f"{name}: at most {most} ({_WHY[name]})")
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgumentError(
                f"{name} must hold ints, not {type(value).__name__} ({value!r})")
        if value < minimum or (maximum is not None and value > maximum):
            bounds = f"at least {minimum}" if maximum is None else f"{minimum} to {maximum}"
            raise InvalidArgumentError(f"{name}: every value must be {bounds}, not {value}")
        out.append(value)
    return tuple(out)


# ----- the exact dynamic programme -------------------------------------------------------------
@lru_cache(maxsize=400_000)
def _win_scaled(dice: tuple[int, ...], gold: int, need: int) -> int:
    """``_SCALE`` times the win chance with optimal play.

    ``dice``: the dice showing now, sorted; ``gold``: gold pieces left; ``need``: the points the
    dice and gold must still make (the creature's strength minus everything certain: adventurer,
    companions, sword values, herbs).
    """
    if sum(dice) + gold >= need:
        return _SCALE  # pay the rest with gold as +1: won
    if gold == 0 or SIDES * len(dice) + gold < need:
        return 0  # nothing left to spend, or even all sixes and every gold as +1 fall short
    # The best reroll is always of the lowest die: the win chance never falls when a die shows
    # more (by induction on the gold left), and rerolling the lowest die leaves dice at least
    # as high, one for one, as rerolling any other. (The tests check this against a brute
    # force that tries every die; fight_advice still values every option.)
    return _reroll_scaled(dice, dice[0], gold, need)


def _reroll_scaled(dice: tuple[int, ...], value: int, gold: int, need: int) -> int:
    """``_SCALE`` times the win chance after spending a gold piece to reroll a die at ``value``."""
    position = dice.index(value)
    rest = dice[:position] + dice[position + 1:]
    total = 0
    for roll in range(1, SIDES + 1):
        total += _win_scaled(tuple(sorted(rest + (roll,))), gold - 1, need)
    return total // SIDES  # exact: see _SCALE


def _sorted_rolls(count: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each sorted roll of ``count`` dice with its number of orders (they sum to 6 ** count)."""
    out = []
    for roll in combinations_with_replacement(range(1, SIDES + 1), count):
        orders = factorial(count)
        for repeat in Counter(roll).values():
            orders //= factorial(repeat)
        out.append((roll, orders))
    return tuple(out)


_ROLLS = tuple(_sorted_rolls(count) for count in range(MAX_SWORDS + 1))


@lru_cache(maxsize=100_000)
def _p_win_count(count: int, gold: int, need: int) -> int:
    """Win chance with ``count`` fresh dice, over ``6 ** count * _SCALE``."""
    return sum(orders * _win_scaled(roll, gold, need) for roll, orders in _ROLLS[count])


def _p_win(count: int, gold: int, need: int) -> sympy.Rational:
    return sympy.Rational(_p_win_count(count, gold, need), SIDES**count * _SCALE)


# ----- paying the rest at the end -------------------------------------------------------------
def _cheapest_payment(deficit: int, herbs: tuple[int, ...], gold: int
                      ) -> tuple[int, tuple[int, ...]] | None:
    """The cheapest (gold as +1, herbs) covering ``deficit`` points, or None if none does.

    Cheapest (an interpretation: the rulebook calls a herb "valuable" next to one gold piece):
    fewest strength points spent (no herb point wasted where gold fits exactly), then fewest
    tiles, then the fewest gold pieces (gold kept can reroll in a later fight), then the
    smaller herbs (the biggest herbs kept).
    """
    if deficit <= 0:
        return 0, ()
    # Subsets of the herbs by their sum; a subset that already covers the deficit is not
    # extended (adding a herb could only waste more), which keeps this small.
    open_sets: dict[int, tuple[int, ...]] = {0: ()}
    for herb in sorted(herbs, reverse=True):
        for points, used in list(open_sets.items()):
            if points >= deficit:
                continue
            grown = points + herb
            candidate = tuple(sorted(used + (herb,), reverse=True))
            known = open_sets.get(grown)
            if known is None or (len(candidate), candidate) < (len(known), known):
                open_sets[grown] = candidate
    best = None
    for points, used in open_sets.items():
        gold_needed = max(0, deficit - points)
        if gold_needed > gold:
            continue
        key = (points + gold_needed, len(used) + gold_needed, gold_needed, used)
        if best is None or key < best[0]:
            best = (key, (gold_needed, used))
    return None if best is None else best[1]


# ----- the odds before a fight ----------------------------------------------------------------
@dataclass(frozen=True)
class FightOdds:
    """The exact odds of one fight with optimal play (what :func:`fight_odds` returns).

    Fields (all plain values, for tables and widgets):

    - ``creature``, ``companions``, ``swords``, ``herbs``, ``gold``, ``choose_swords``: the
      question asked (``swords`` and ``herbs`` as given, as tuples);
    - ``base``: the strength without swords, 1 for the adventurer plus the companions;
    - ``swords_used``: the extra values of the swords to use, largest first (one die each);
    - ``sword_bonus``: the sum of their extra values;
    - ``strength``: a :class:`~dungeoncraft_widgets.core.dice.Distribution` of the strength
      after the dice, before gold and herbs (``base + sword_bonus +`` the dice);
    - ``p_win``: the win chance with optimal play, a ``sympy.Rational``;
    - ``p_win_by_swords``: number of swords -> the win chance with the best that many of the
      swords given (0 up to at most 3 or the number held);
    - ``swords_by_count``: number of swords -> which swords (extra values) that is;
    - ``p_win_no_gold``: the win chance with ``swords_used`` and no gold at all;
    - ``p_win_no_rerolls``: the same but every gold piece only as +1 (no rerolls).

    ``gold_worth`` and ``reroll_worth`` are the differences these make.
    """

    creature: int
    companions: int
    swords: tuple[int, ...]
    herbs: tuple[int, ...]
    gold: int
    choose_swords: bool
    base: int
    swords_used: tuple[int, ...]
    sword_bonus: int
    strength: Distribution
    p_win: sympy.Rational
    p_win_by_swords: dict[int, sympy.Rational] = field(hash=False)
    swords_by_count: dict[int, tuple[int, ...]] = field(hash=False)
    p_win_no_gold: sympy.Rational
    p_win_no_rerolls: sympy.Rational

    @property
    def gold_worth(self) -> sympy.Rational:
        """How much the gold adds to the win chance (used as well as possible)."""
        return self.p_win - self.p_win_no_gold

    @property
    def reroll_worth(self) -> sympy.Rational:
        """How much rerolling adds, over spending every gold piece as +1."""
        return self.p_win - self.p_win_no_rerolls

    def to_dict(self) -> dict:
        """The result as JSON-able data (for a widget): exact chances as ``"p/q"`` strings
        beside floats, the strength distribution as counts over a total.

        >>> data = fight_odds(12, companions=2, swords=(2, 1), gold=1).to_dict()
        >>> data["p_win"], data["swords_used"], data["strength"]["total"]
        ('199/216', [2, 1], 36)
        """
        def chance(p: sympy.Rational) -> dict:
            return {"exact": str(p), "float": float(p)}

        return {
            "creature": self.creature, "companions": self.companions,
            "swords": list(self.swords), "herbs": list(self.herbs), "gold": self.gold,
            "choose_swords": self.choose_swords, "base": self.base,
            "swords_used": list(self.swords_used), "sword_bonus": self.sword_bonus,
            "strength": {"counts": {str(v): c for v, c in self.strength.counts.items()},
                         "total": self.strength.total},
            "p_win": str(self.p_win), "p_win_float": float(self.p_win),
            "p_win_by_swords": {str(k): chance(p) for k, p in self.p_win_by_swords.items()},
            "swords_by_count": {str(k): list(v) for k, v in self.swords_by_count.items()},
            "p_win_no_gold": chance(self.p_win_no_gold),
            "p_win_no_rerolls": chance(self.p_win_no_rerolls),
        }

    def _lines(self) -> list[tuple[str, str]]:
        swords = ", ".join(f"+{v}" for v in self.swords_used) or "none"
        rows = [
            ("Fog creature", str(self.creature)),
            ("Adventurer + companions", f"1 + {self.companions} = {self.base}"),
            ("Swords used", f"{swords} ({len(self.swords_used)} dice)"),
            ("Herbs", ", ".join(map(str, self.herbs)) or "none"),
            ("Gold", str(self.gold)),
            ("P(win), optimal play", f"{self.p_win} ≈ {_percent(self.p_win)}"),
        ]
        for count, p in self.p_win_by_swords.items():
            chosen = ", ".join(f"+{v}" for v in self.swords_by_count[count]) or "-"
            rows.append((f"  with {count} sword(s) ({chosen})", f"{p} ≈ {_percent(p)}"))
        rows += [
            ("Without gold", f"{self.p_win_no_gold} ≈ {_percent(self.p_win_no_gold)}"),
            ("Gold only as +1", f"{self.p_win_no_rerolls} ≈ {_percent(self.p_win_no_rerolls)}"),
        ]
        return rows

    def __str__(self) -> str:
        rows = self._lines()
        width = max(len(label) for label, _ in rows)
        return "\n".join(f"{label.ljust(width)}  {value}" for label, value in rows)

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><th style='text-align:left'>{html.escape(label.strip())}</th>"
            f"<td>{html.escape(value)}</td></tr>"
            for label, value in self._lines()
        )
        return f"<table class='dcw-fight-odds'>{body}</table>"


def _percent(p: sympy.Rational) -> str:
    return f"{100 * float(p):.1f}%"


def _need(creature: int, base: int, sword_bonus: int, herbs: tuple[int, ...]) -> int:
    return creature - base - sword_bonus - sum(herbs)


def fight_odds(creature: int, *, companions: int = 0, swords: Iterable[int] = (),
               herbs: Iterable[int] = (), gold: int = 0, choose_swords: bool = True
               ) -> FightOdds:
    """The exact chance to beat a fog creature with optimal play, and what it depends on.

    ``creature``: its combat strength; ``companions``: how many are with the adventurer;
    ``swords``: the extra values of the sword tiles held; ``herbs``: the herb values held;
    ``gold``: gold pieces held. With ``choose_swords`` the best choice of at most 3 of the
    swords is used (among equally good choices: the fewest swords, then the smallest sum of
    extra values, then the one keeping the biggest swords); without it, exactly the swords
    given (at most 3).

    >>> odds = fight_odds(10, companions=1, swords=(0, 3), gold=2)
    >>> odds.swords_used, odds.p_win
    ((3, 0), 1291/1296)
    >>> odds.p_win_by_swords[1], odds.p_win_no_rerolls
    (8/9, 35/36)
    >>> odds.strength.support
    (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)
    >>> fight_odds(8, herbs=(4, 3)).p_win  # no dice needed
    1
    """
    _int_arg("creature", creature, 1, MAX_CREATURE)
    _int_arg("companions", companions, 0, MAX_COMPANIONS)
    swords = _int_tuple("swords", swords, *SWORD_VALUES, most=MAX_SWORD_TILES)
    herbs = _int_tuple("herbs", herbs, *HERB_VALUES, most=MAX_HERB_TILES)
    _int_arg("gold", gold, 0, MAX_GOLD)
    if not isinstance(choose_swords, bool):
        raise InvalidArgumentError(
            f"choose_swords must be True or False, not {type(choose_swords).__name__}")
    if not choose_swords and len(swords) > MAX_SWORDS:
        raise InvalidArgumentError(
            f"swords: at most {MAX_SWORDS} swords can be used in a fight, not {len(swords)}")

    base = 1 + companions
    largest_first = tuple(sorted(swords, reverse=True))

    def p_count(chosen: tuple[int, ...]) -> int:
        """Win chance with these swords, as an integer over a denominator common to all."""
        need = _need(creature, base, sum(chosen), herbs)
        return _p_win_count(len(chosen), gold, need) * SIDES ** (MAX_SWORDS - len(chosen))

    # Candidates: every distinct choice of at most 3 swords (as multisets of extra values).
    by_count: dict[int, tuple[int, tuple[int, ...]]] = {}
    best_key = None
    best_choice: tuple[int, ...] = ()
    counts = Counter(swords)
    sizes = range(min(MAX_SWORDS, len(swords)) + 1)
    for size in sizes:
        for choice in combinations_with_replacement(sorted(counts, reverse=True), size):
            if any(choice.count(v) > counts[v] for v in set(choice)):
                continue
            p = p_count(choice)
            key = (-p, size, sum(choice), choice)  # better, then fewer, then cheaper swords
            if size not in by_count or key < by_count[size][0]:
                by_count[size] = (key, choice)
            if best_key is None or key < best_key:
                best_key, best_choice = key, choice
    if not choose_swords:
        best_choice = largest_first

    sword_bonus = sum(best_choice)
    need = _need(creature, base, sword_bonus, herbs)
    count = len(best_choice)
    denominator = SIDES**MAX_SWORDS * _SCALE
    no_rerolls = dice_sum(count).count_at_least(need - gold)
    return FightOdds(
        creature=creature,
        companions=companions,
        swords=swords,
        herbs=herbs,
        gold=gold,
        choose_swords=choose_swords,
        base=base,
        swords_used=best_choice,
        sword_bonus=sword_bonus,
        strength=dice_sum(count) + (base + sword_bonus),
        p_win=sympy.Rational(p_count(best_choice), denominator),
        p_win_by_swords={k: sympy.Rational(-key[0], denominator)
                         for k, (key, _) in by_count.items()},
        swords_by_count={k: choice for k, (_, choice) in by_count.items()},
        p_win_no_gold=_p_win(count, 0, need),
        p_win_no_rerolls=sympy.Rational(no_rerolls, SIDES**count),
    )


# ----- advice in the middle of a fight --------------------------------------------------------
@dataclass(frozen=True)
class FightOption:
    """One thing to do with the dice rolled: ``kind`` is ``"stop"`` (pay ``gold_spent`` gold as
    +1 and ``herbs_spent`` and win), ``"give up"`` (spend nothing, lose) or ``"reroll"`` (spend
    one gold to reroll a die showing ``die``); ``p_win`` is the exact win chance after it with
    optimal play."""

    kind: str
    p_win: sympy.Rational
    die: int | None = None
    gold_spent: int = 0
    herbs_spent: tuple[int, ...] = ()

    def describe(self) -> str:
        """A short sentence for a player.

        >>> FightOption("reroll", sympy.Rational(1, 2), die=2, gold_spent=1).describe()
        'reroll a die showing 2 (1 gold)'
        """
        if self.kind == "reroll":
            return f"reroll a die showing {self.die} (1 gold)"
        if self.kind == "give up":
            return "give up: lose the fight, spend nothing"
        paid = []
        if self.gold_spent:
            paid.append(f"{self.gold_spent} gold as +1")
        if self.herbs_spent:
            paid.append("herb" + ("s " if len(self.herbs_spent) > 1 else " ")
                        + ", ".join(map(str, self.herbs_spent)))
        return "stop and win: " + (("pay " + " and ".join(paid)) if paid else "nothing to pay")


@dataclass(frozen=True)
class FightAdvice:
    """What :func:`fight_advice` returns: ``best`` (a :class:`FightOption`), ``options`` (every
    option, best first), ``p_win`` (the best option's win chance), ``strength`` (now, before gold
    and herbs) and ``creature``."""

    creature: int
    dice: tuple[int, ...]
    strength: int
    best: FightOption
    options: tuple[FightOption, ...]

    @property
    def p_win(self) -> sympy.Rational:
        return self.best.p_win

    def to_dict(self) -> dict:
        """The advice as JSON-able data (for a widget).

        >>> fight_advice(12, (3, 2), companions=2, sword_bonus=3, gold=1).to_dict()["best"]
        {'kind': 'stop', 'p_win': '1', 'p_win_float': 1.0, 'die': None, 'gold_spent': 1, \
'herbs_spent': [], 'text': 'stop and win: pay 1 gold as +1'}
        """
        def option(o: FightOption) -> dict:
            return {"kind": o.kind, "p_win": str(o.p_win), "p_win_float": float(o.p_win),
                    "die": o.die, "gold_spent": o.gold_spent, "herbs_spent": list(o.herbs_spent),
                    "text": o.describe()}

        return {"creature": self.creature, "dice": list(self.dice), "strength": self.strength,
                "best": option(self.best), "options": [option(o) for o in self.options]}

    def __str__(self) -> str:
        lines = [f"Strength {self.strength} against {self.creature} (dice "
                 f"{', '.join(map(str, self.dice)) or 'none'}): best is to "
                 f"{self.best.describe()}"]
        for option in self.options:
            lines.append(f"  {option.describe()}: P(win) = {option.p_win}"
                         f" ≈ {_percent(option.p_win)}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(o.describe())}</td><td>{html.escape(str(o.p_win))}</td>"
            f"<td>{html.escape(_percent(o.p_win))}</td></tr>" for o in self.options)
        head = html.escape(f"Strength {self.strength} against {self.creature}: best is to "
                           f"{self.best.describe()}")
        return (f"<div class='dcw-fight-advice'><p>{head}</p><table><tr><th>option</th>"
                f"<th>P(win)</th><th>%</th></tr>{rows}</table></div>")


def _ranked_moves(dice: tuple[int, ...], gold: int, herbs: tuple[int, ...], certain: int,
                  creature: int) -> list[tuple[str, int, int | None, int, tuple[int, ...]]]:
    """Every option as ``(kind, win chance times _SCALE, die, gold spent, herbs spent)``, best
    first (stopping beats an equally good reroll; among rerolls, the lower die first)."""
    need = creature - certain - sum(herbs)
    payment = _cheapest_payment(creature - certain - sum(dice), herbs, gold)
    ranked: list[tuple[tuple[int, int, int], tuple]] = []
    if payment is not None:
        ranked.append(((-_SCALE, 0, 0), ("stop", _SCALE, None, payment[0], payment[1])))
    else:
        ranked.append(((0, 1, 0), ("give up", 0, None, 0, ())))
    if gold > 0:
        for value in sorted(set(dice)):
            scaled = _reroll_scaled(dice, value, gold, need)
            ranked.append(((-scaled, 2, value), ("reroll", scaled, value, 1, ())))
    ranked.sort(key=lambda item: item[0])
    return [move for _, move in ranked]


def fight_advice(creature: int, dice: Iterable[int], *, companions: int = 0,
                 sword_bonus: int = 0, herbs: Iterable[int] = (), gold: int = 0
                 ) -> FightAdvice:
    """The best next step mid-fight, with the dice already rolled, and every option's odds.

    ``dice``: the values showing (one die per sword used, at most 3); ``sword_bonus``: the sum
    of the used swords' extra values. If the fight can be won now, the advice is to stop and pay
    the cheapest way (fewest points, then fewest tiles, then keeping gold); otherwise to reroll
    the die that gives the best chance (ties: the lowest die), or to give up when nothing helps.

    >>> advice = fight_advice(12, (3, 2), companions=2, sword_bonus=3, gold=1, herbs=(4,))
    >>> advice.best.describe()
    'stop and win: pay 1 gold as +1'
    >>> [(o.kind, o.die, o.p_win) for o in fight_advice(12, (2, 1), companions=2,
    ...                                                  sword_bonus=3, gold=2).options]
    [('reroll', 1, 5/6), ('reroll', 2, 3/4), ('give up', None, 0)]
    """
    _int_arg("creature", creature, 1, MAX_CREATURE)
    dice = _int_tuple("dice", dice, 1, SIDES, most=MAX_SWORDS)
    _int_arg("companions", companions, 0, MAX_COMPANIONS)
    _int_arg("sword_bonus", sword_bonus, 0, MAX_SWORDS * SWORD_VALUES[1])
    herbs = _int_tuple("herbs", herbs, *HERB_VALUES, most=MAX_HERB_TILES)
    _int_arg("gold", gold, 0, MAX_GOLD)
    certain = 1 + companions + sword_bonus
    options = tuple(
        FightOption(kind, sympy.Rational(scaled, _SCALE), die=die, gold_spent=spent,
                    herbs_spent=herbs_spent)
        for kind, scaled, die, spent, herbs_spent in _ranked_moves(
            tuple(sorted(dice)), gold, herbs, certain, creature))
    return FightAdvice(creature=creature, dice=dice, strength=certain + sum(dice),
                       best=options[0], options=options)


# ----- playing a fight by the optimal policy (for Monte Carlo checks) --------------------------
class FightTable(Protocol):
    """Where a fight is played: a simulation (:class:`SimulatedFight`) or an adapter that turns
    these calls into a game engine's actions.

    ``roll(swords)`` commits the swords and returns one die per sword; ``reroll(value)`` spends a
    gold piece to reroll a die showing ``value`` and returns the new value; ``stop(gold, herbs)``
    pays ``gold`` gold as +1 and those herbs and returns whether the fight was won;
    ``give_up()`` ends the fight lost, spending nothing.
    """

    def roll(self, swords: tuple[int, ...]) -> list[int]: ...

    def reroll(self, value: int) -> int: ...

    def stop(self, gold: int, herbs: tuple[int, ...]) -> bool: ...

    def give_up(self) -> bool: ...


class SimulatedFight:
    """A :class:`FightTable` that rolls with a seeded :class:`Rng` and keeps score itself.

    >>> odds = fight_odds(8, companions=1, swords=(2,), gold=1)
    >>> rng = Rng(5)
    >>> wins = sum(play_fight(SimulatedFight(rng, creature=8, companions=1), odds)
    ...            for _ in range(600))
    >>> odds.p_win * 600, abs(wins - 500) < 40  # 40 is over 4 standard deviations
    (500, True)
    """

    def __init__(self, rng: Rng, *, creature: int, companions: int = 0) -> None:
        self.rng = rng
        self.creature = creature
        self.strength = 1 + companions
        self.dice: list[int] = []

    def roll(self, swords: tuple[int, ...]) -> list[int]:
        self.dice = [self.rng.randint(1, SIDES) for _ in swords]
        self.strength += sum(swords)
        return list(self.dice)

    def reroll(self, value: int) -> int:
        new = self.rng.randint(1, SIDES)
        self.dice[self.dice.index(value)] = new
        return new

    def stop(self, gold: int, herbs: tuple[int, ...]) -> bool:
        return self.strength + sum(self.dice) + gold + sum(herbs) >= self.creature

    def give_up(self) -> bool:
        return False


def play_fight(table: FightTable, odds: FightOdds) -> bool:
    """Play one fight on ``table`` by the optimal policy behind ``odds``; True if won.

    The swords are ``odds.swords_used``; after the roll, each step follows :func:`fight_advice`
    (computed here in integers, without building sympy numbers, so simulations run fast).
    """
    dice = table.roll(odds.swords_used)
    gold, herbs = odds.gold, odds.herbs
    certain = odds.base + odds.sword_bonus
    while True:
        kind, _, die, gold_spent, herbs_spent = _ranked_moves(
            tuple(sorted(dice)), gold, herbs, certain, odds.creature)[0]
        if kind == "stop":
            return table.stop(gold_spent, herbs_spent)
        if kind == "give up":
            return table.give_up()
        dice[dice.index(die)] = table.reroll(die)
        gold -= 1


class EngineFight:
    """A :class:`FightTable` that plays the fight in a real Adventure Land game state.

    ``state`` is a game waiting for the ``swords`` decision of a battle (for example
    :func:`~dungeoncraft_widgets.adventure_land.rules.fight_position`); every die comes from
    the state's own RNG and every step is an ordinary action (``swords 2,1``, ``reroll 2``,
    ``gold``, ``herb 4``, ``give-up``), so the engine's rules decide the outcome.

    >>> from dungeoncraft_widgets.adventure_land.rules import fight_position
    >>> odds = fight_odds(12, companions=2, swords=(2, 1), herbs=(4,))
    >>> state = fight_position(12, companions=2, swords=(2, 1), herbs=(4,), seed=3)
    >>> play_fight(EngineFight(state), odds), state.fight is None
    (True, True)
    """

    def __init__(self, state) -> None:
        if getattr(state, "fight", None) is None:
            raise InvalidArgumentError("state: there is no battle going on in this state")
        self.state = state
        self.player = state.fight["player"]
        self.won = False

    def _apply(self, action: str) -> list:
        events = self.state.apply(action)
        if any(event.kind == "won" for event in events):
            self.won = True
        return events

    def roll(self, swords: tuple[int, ...]) -> list[int]:
        text = "swords " + (",".join(map(str, swords)) if swords else "-")
        events = self._apply(text)
        return list(next(e for e in events if e.kind == "roll").data["dice"])

    def reroll(self, value: int) -> int:
        events = self._apply(f"reroll {value}")
        return next(e for e in events if e.kind == "roll").data["new"]

    def stop(self, gold: int, herbs: tuple[int, ...]) -> bool:
        for herb in herbs:
            if self.state.fight is not None:
                self._apply(f"herb {herb}")
        for _ in range(gold):
            if self.state.fight is not None:
                self._apply("gold")
        if self.state.fight is not None:  # only if the payment fell short (it never should)
            self._apply("give-up")
        return self.won

    def give_up(self) -> bool:
        if self.state.fight is not None:
            self._apply("give-up")
        return self.won


@dataclass(frozen=True)
class MonteCarloResult:
    """``wins`` out of ``runs``; ``estimate`` and a normal-approximation bound on its error."""

    wins: int
    runs: int

    @property
    def estimate(self) -> float:
        return self.wins / self.runs

    def half_width(self, p: float, z: float = 4.0) -> float:
        """``z`` standard errors of a frequency over ``runs`` when the true chance is ``p``."""
        return z * (p * (1 - p) / self.runs) ** 0.5

    def agrees_with(self, p: sympy.Rational, z: float = 4.0) -> bool:
        """Whether the exact ``p`` is within ``z`` standard errors (plus one run's worth)."""
        exact = float(p)
        return abs(self.estimate - exact) <= self.half_width(exact, z) + 1 / self.runs


def monte_carlo(play_one: Callable[[int], bool], runs: int) -> MonteCarloResult:
    """Run ``play_one(i)`` for ``i`` in ``range(runs)`` and count the wins.

    ``play_one`` gets the run's index (to seed a new game, say) and returns whether the fight
    was won.

    >>> odds = fight_odds(12, companions=2, swords=(2, 1), gold=1)
    >>> rng = Rng(11)
    >>> result = monte_carlo(
    ...     lambda i: play_fight(SimulatedFight(rng, creature=12, companions=2), odds), 2000)
    >>> result.agrees_with(odds.p_win)
    True
    """
    _int_arg("runs", runs, 1)
    wins = sum(1 for i in range(runs) if play_one(i))
    return MonteCarloResult(wins=wins, runs=runs)
