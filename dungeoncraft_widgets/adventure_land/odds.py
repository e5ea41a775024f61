"""Exact odds of a fight against a fog creature, with optimal use of gold and herbs.

Every question takes the position first: ``fight_odds`` and ``fight_advice`` a game (or
the fighter's view) whose battle is on, or a fog creature's strength and what the
adventurer has, for a battle asked about on its own; ``risk_map``, ``next_draws``,
``next_creature`` and ``advise_moves`` a game or a player's view.

The rules (rulebook, "Combat Strength of the Fog Creature", :mod:`.battle`):

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from typing import Protocol

import sympy

from ..core.actions import Action
from ..core.checks import game_state, seat, sequence, whole_number
from ..core.dice import Distribution, dice_sum
from ..core.display import ResultDisplay
from ..core.english import chance, percent
from ..core.errors import InvalidArgumentError
from ..core.rng import Rng
from .actions import Move
from .battle import MAX_SWORDS, fight_strength, sword_choices
from .data import FIELDS
from .graph import reachable
from .movement import RAYS, line_open
from .rules import AdventureLandState, score_breakdown
from .scoring import points_at_once, score_lines

__all__ = [
    "ASSUMPTIONS",
    "DrawOutlook",
    "FieldOutlook",
    "MoveAdvice",
    "PlaceRisk",
    "RiskMap",
    "advise_moves",
    "next_creature",
    "next_draws",
    "risk_map",
    "win_fraction",
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
    "swords": "a sword's extra value",
    "herbs": "a herb's value",
    "sword_bonus": "at most 3 swords of at most +3 each",
    "dice": "a die",
}


def _tiles(values: object, name: str, low: int, high: int, most: int) -> tuple[int, ...]:
    """``values`` (a list or tuple of at most ``most`` whole numbers from ``low`` to ``high``)
    as a tuple, checked by core's checks."""
    return tuple(sequence(values, name, lambda v, n: whole_number(v, n, minimum=low, maximum=high,
                                                                  why=_WHY[name]), most=most))


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
@dataclass(frozen=True, repr=False)
class FightOdds(ResultDisplay):
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
            ("P(win), optimal play", chance(self.p_win)),
        ]
        for count, p in self.p_win_by_swords.items():
            chosen = ", ".join(f"+{v}" for v in self.swords_by_count[count])
            what = (f"with {count} sword{'s' * (count != 1)} ({chosen})" if count else
                    "with no sword")
            rows.append((f"  {what}", chance(p)))
        rows += [
            ("Without gold", chance(self.p_win_no_gold)),
            ("Gold only as +1", chance(self.p_win_no_rerolls)),
        ]
        return rows

    def summary(self) -> str:
        """One line: the chance to win and the swords it takes (``repr`` shows it)."""
        swords = ", ".join(f"+{v}" for v in self.swords_used) or "none"
        return (f"P(win) = {chance(self.p_win)} against {self.creature}, "
                f"swords {swords}")

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


def _need(creature: int, base: int, sword_bonus: int, herbs: tuple[int, ...]) -> int:
    return creature - base - sword_bonus - sum(herbs)


def _choice_scaled(creature: int, base: int, chosen: tuple[int, ...], herbs: tuple[int, ...],
                   gold: int) -> int:
    """Win chance with the swords ``chosen``, as an integer over a denominator common to all
    choices (``SIDES ** MAX_SWORDS * _SCALE``)."""
    need = _need(creature, base, sum(chosen), herbs)
    return _p_win_count(len(chosen), gold, need) * SIDES ** (MAX_SWORDS - len(chosen))


def _ranked_sword_choices(creature: int, base: int, swords: tuple[int, ...],
                          herbs: tuple[int, ...], gold: int
                          ) -> tuple[dict[int, tuple[tuple, tuple[int, ...]]],
                                     tuple[tuple, tuple[int, ...]]]:
    """Every choice of swords the battle allows (:func:`~.battle.sword_choices`), ranked by
    (better, then fewer, then cheaper swords): the best per number of swords, and the best."""
    by_count: dict[int, tuple[tuple, tuple[int, ...]]] = {}
    best: tuple[tuple, tuple[int, ...]] | None = None
    for choice in sword_choices(swords):
        size = len(choice)
        key = (-_choice_scaled(creature, base, choice, herbs, gold), size, sum(choice), choice)
        if size not in by_count or key < by_count[size][0]:
            by_count[size] = (key, choice)
        if best is None or key < best[0]:
            best = (key, choice)
    assert best is not None  # the empty choice is always there
    return by_count, best


@lru_cache(maxsize=20_000)
def win_fraction(creature: int, companions: int, swords: tuple[int, ...] = (),
                 herbs: tuple[int, ...] = (), gold: int = 0) -> Fraction:
    """The optimal win chance of :func:`fight_odds` as a ``Fraction``, without argument
    checks or sympy numbers: for analysis loops over many fights (the risk map). Pass
    sorted tuples so that the cache serves equal hands.

    >>> win_fraction(12, 2, (1, 2), (), 0) == fight_odds(12, companions=2, swords=(2, 1)).p_win
    True
    """
    _by_count, (key, _choice) = _ranked_sword_choices(creature, fight_strength(companions),
                                                      swords, herbs, gold)
    return Fraction(-key[0], SIDES**MAX_SWORDS * _SCALE)


def _battle(where: AdventureLandState | int, phase: str) -> dict[str, object]:
    """What the battle of ``where`` (a game or the fighter's view, its battle in ``phase``)
    is fought with; or, for a fog creature's strength (a battle asked about on its own),
    only that strength."""
    if not isinstance(where, AdventureLandState):
        return {"creature": where}
    f = where.fight
    if f is None:
        raise InvalidArgumentError("where: there is no battle going on in this game")
    if f["phase"] != phase:
        raise InvalidArgumentError(
            "where: the swords of this battle are chosen and the dice rolled: ask fight_advice"
            if phase == "swords" else
            "where: the dice of this battle are not rolled yet: ask fight_odds")
    stock = where.stock[f["player"]]
    return {"creature": f["strength"],
            "companions": where.adventurers[f["player"]][f["adventurer"]][1],
            "swords": tuple(stock["swords"]), "herbs": tuple(stock["herbs"]),
            "gold": stock["gold"], "dice": tuple(f["dice"]), "sword_bonus": sum(f["swords"]),
            "paid": f["bonus"]}


def fight_odds(where: AdventureLandState | int, *, companions: int | None = None,
               swords: Sequence[int] | None = None, herbs: Sequence[int] | None = None,
               gold: int | None = None, choose_swords: bool = True) -> FightOdds:
    """The exact chance to beat a fog creature with optimal play, and what it depends on.

    ``where``: a game (or the fighter's view) whose battle waits for its swords: the
    creature, the adventurer's companions and what its owner holds are the game's; or a fog
    creature's combat strength, for a battle asked about on its own. ``companions``: how
    many are with the adventurer; ``swords``: the extra values of the sword tiles held;
    ``herbs``: the herb values held; ``gold``: gold pieces held (on a game, each replaces
    what the game says: what if I had one more gold?; else none by default). With
    ``choose_swords`` the best choice of at most 3 of the swords is used (among equally
    good choices: the fewest swords, then the smallest sum of extra values, then the one
    keeping the biggest swords); without it, exactly the swords given (at most 3).

    >>> odds = fight_odds(10, companions=1, swords=(0, 3), gold=2)
    >>> odds.swords_used, odds.p_win
    ((3, 0), 1291/1296)
    >>> odds.p_win_by_swords[1], odds.p_win_no_rerolls
    (8/9, 35/36)
    >>> odds.strength.support
    (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)
    >>> fight_odds(8, herbs=(4, 3)).p_win  # no dice needed
    1
    >>> from dungeoncraft_widgets.adventure_land.rules import fight_position
    >>> fight = fight_position(10, companions=1, swords=(0, 3), gold=2)
    >>> fight_odds(fight) == odds, fight_odds(fight, gold=0).p_win   # what if no gold?
    (True, 5/6)
    """
    battle = _battle(where, "swords")
    creature = battle["creature"]
    companions = battle.get("companions", 0) if companions is None else companions
    swords = battle.get("swords", ()) if swords is None else swords
    herbs = battle.get("herbs", ()) if herbs is None else herbs
    gold = battle.get("gold", 0) if gold is None else gold
    whole_number(creature, "creature", minimum=1, maximum=MAX_CREATURE, why=_WHY["creature"])
    whole_number(companions, "companions", minimum=0, maximum=MAX_COMPANIONS,
                 why=_WHY["companions"])
    swords = _tiles(swords, "swords", *SWORD_VALUES, most=MAX_SWORD_TILES)
    herbs = _tiles(herbs, "herbs", *HERB_VALUES, most=MAX_HERB_TILES)
    whole_number(gold, "gold", minimum=0, maximum=MAX_GOLD, why=_WHY["gold"])
    if not isinstance(choose_swords, bool):
        raise InvalidArgumentError(
            f"choose_swords must be True or False, not {type(choose_swords).__name__}")
    if not choose_swords and len(swords) > MAX_SWORDS:
        raise InvalidArgumentError(
            f"swords: at most {MAX_SWORDS} swords can be used in a fight, not {len(swords)}")

    base = fight_strength(companions)
    largest_first = tuple(sorted(swords, reverse=True))
    by_count, (best_key, best_choice) = _ranked_sword_choices(creature, base, swords, herbs,
                                                              gold)

    def p_count(chosen: tuple[int, ...]) -> int:
        return _choice_scaled(creature, base, chosen, herbs, gold)

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


@dataclass(frozen=True, repr=False)
class FightAdvice(ResultDisplay):
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

    def summary(self) -> str:
        """One line: the best next step and its chance (``repr`` shows it)."""
        return (f"strength {self.strength} against {self.creature}: {self.best.describe()}, "
                f"P(win) = {chance(self.best.p_win)}")

    def __str__(self) -> str:
        lines = [f"Strength {self.strength} against {self.creature} (dice "
                 f"{', '.join(map(str, self.dice)) or 'none'}): best is to "
                 f"{self.best.describe()}"]
        for option in self.options:
            lines.append(f"  {option.describe()}: P(win) = {chance(option.p_win)}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(o.describe())}</td><td>{html.escape(str(o.p_win))}</td>"
            f"<td>{html.escape(percent(o.p_win))}</td></tr>" for o in self.options)
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


def fight_advice(where: AdventureLandState | int, dice: Sequence[int] | None = None, *,
                 companions: int | None = None, sword_bonus: int | None = None,
                 herbs: Sequence[int] | None = None, gold: int | None = None,
                 paid: int | None = None) -> FightAdvice:
    """The best next step mid-fight, with the dice already rolled, and every option's odds.

    ``where``: a game (or the fighter's view) whose battle has its dice rolled: everything
    below is the game's unless given; or a fog creature's combat strength, for a battle
    asked about on its own (``dice`` must then be given; the rest is none by default).
    ``dice``: the values showing (one die per sword used, at most 3); ``sword_bonus``: the sum
    of the used swords' extra values; ``herbs`` and ``gold``: what is left to add; ``paid``: the
    points already added in this fight with herbs and gold as +1. If the fight can be won now,
    the advice is to stop and pay the cheapest way (fewest points, then fewest tiles, then
    keeping gold); otherwise to reroll the die that gives the best chance (ties: the lowest
    die), or to give up when nothing helps.

    >>> advice = fight_advice(12, (3, 2), companions=2, sword_bonus=3, gold=1, herbs=(4,))
    >>> advice.best.describe()
    'stop and win: pay 1 gold as +1'
    >>> [(o.kind, o.die, o.p_win) for o in fight_advice(12, (2, 1), companions=2,
    ...                                                  sword_bonus=3, gold=2).options]
    [('reroll', 1, 5/6), ('reroll', 2, 3/4), ('give up', None, 0)]

    Herbs already used count in ``paid``, not in ``sword_bonus`` (whose limit is the swords'):

    >>> fight_advice(14, (1,), sword_bonus=3, paid=7, herbs=(2,)).best.describe()
    'stop and win: pay herb 2'

    On a game, after the roll:

    >>> from dungeoncraft_widgets.adventure_land.rules import fight_position
    >>> fight = fight_position(12, companions=2, swords=(2, 1), gold=1, seed=2)
    >>> _ = fight.apply("swords 2,1"); fight.fight["dice"]
    [1, 2]
    >>> fight_advice(fight).options == fight_advice(12, (1, 2), companions=2, sword_bonus=3,
    ...                                             gold=1).options
    True
    """
    battle = _battle(where, "boost")
    creature = battle["creature"]
    if dice is None:
        if "dice" not in battle:
            raise InvalidArgumentError("dice: give the dice rolled (one per sword used)")
        dice = battle["dice"]
    companions = battle.get("companions", 0) if companions is None else companions
    sword_bonus = battle.get("sword_bonus", 0) if sword_bonus is None else sword_bonus
    herbs = battle.get("herbs", ()) if herbs is None else herbs
    gold = battle.get("gold", 0) if gold is None else gold
    paid = battle.get("paid", 0) if paid is None else paid
    whole_number(creature, "creature", minimum=1, maximum=MAX_CREATURE, why=_WHY["creature"])
    dice = _tiles(dice, "dice", 1, SIDES, most=MAX_SWORDS)
    whole_number(companions, "companions", minimum=0, maximum=MAX_COMPANIONS,
                 why=_WHY["companions"])
    whole_number(sword_bonus, "sword_bonus", minimum=0, maximum=MAX_SWORDS * SWORD_VALUES[1],
                 why=_WHY["sword_bonus"])
    herbs = _tiles(herbs, "herbs", *HERB_VALUES, most=MAX_HERB_TILES)
    whole_number(gold, "gold", minimum=0, maximum=MAX_GOLD, why=_WHY["gold"])
    whole_number(paid, "paid", minimum=0)
    certain = fight_strength(companions, bonus=sword_bonus + paid)
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
        self.companions = companions
        self.swords: tuple[int, ...] = ()
        self.dice: list[int] = []

    def roll(self, swords: tuple[int, ...]) -> list[int]:
        self.swords = tuple(swords)
        self.dice = [self.rng.randint(1, SIDES) for _ in swords]
        return list(self.dice)

    def reroll(self, value: int) -> int:
        new = self.rng.randint(1, SIDES)
        self.dice[self.dice.index(value)] = new
        return new

    def stop(self, gold: int, herbs: tuple[int, ...]) -> bool:
        strength = fight_strength(self.companions, self.dice, self.swords, gold + sum(herbs))
        return strength >= self.creature

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
    whole_number(runs, "runs", minimum=1)
    wins = sum(1 for i in range(runs) if play_one(i))
    return MonteCarloResult(wins=wins, runs=runs)


# ===== odds from the live position: what the next cards can do (issue 18) =====================
# Every field has exactly one terrain card, so the cards still in the deck are the fields not on
# the face-up discard pile, and the fog creatures still to come are the ones not yet seen. From
# one player's view the deck is in a uniformly random order; everything below is exact over that
# order (integers and Fractions inside, sympy.Rational out). What is *not* chance is left out and
# said so: the other players' moves (they stay where they are) and who wins battles forced on
# the others' adventurers (they stay too).

#: The model behind :func:`risk_map` and :func:`next_draws`, in words (shown with the results).
ASSUMPTIONS = (
    "Chance from the cards only: the deck is in random order from your view. The other players' "
    "adventurers stay where they are (their moves are their choice, not chance), the players "
    "who can still move now take their turns, every river card brings a gold (18 gold for 18 "
    "river cards), and a forced fight is fought with what you hold now. If the swords and "
    "companions run out, the round is finished and the turns after it never come.")
_NON_FOG = ("city", "forest", "river", "mountain")


def _r(value: Fraction | int) -> sympy.Rational:
    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


def _view_of(state, player: int | None):
    """``player``'s view of ``state`` (never the deck order), and the player."""
    game_state(state, AdventureLandState)
    player = state.current_player if player is None else seat(len(state.players), player)
    if player is None:
        raise InvalidArgumentError("player: the game is over, so nobody is to act; say whose "
                                   "pieces to ask about")
    return (state if state.viewer == player else state.view(player)), player


def _turns(view, player: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(cards still to come in the current turn, the turns before the round ends, the turns
    after it) that come before ``player``'s next turn."""
    if view.is_over:
        return 0, (), ()
    n = len(view.players)
    # Players whose adventurers can never move again take no turns (the engine finds them
    # out when their turn comes).
    stuck = view.stuck_for_good()
    movers = {p for p, advs in enumerate(view.adventurers) for k, (where, _c) in enumerate(advs)
              if where != "box" and (p, k) not in stuck}
    retired = set(view.retired) | (set(range(n)) - movers)
    before, after = [], []
    seg = before
    q = view.turn_player
    for _ in range(n):
        if q == n - 1:
            seg = after  # the round ends after this turn
        q = (q + 1) % n
        if q == player:
            break
        if q not in retired:
            seg.append(q)
    if view.end_triggered:
        after = []  # the game ends with this round
    pending = view.draws_left if view.turn_player != player or view.fight is not None else 0
    return pending, tuple(before), tuple(after)


def _compositions(counts: tuple[int, ...], draws: int):
    """Every way to draw ``draws`` cards from categories of these sizes, with its number of
    card sets (their sum is comb(sum(counts), draws))."""
    def rec(i: int, left: int):
        if i == len(counts) - 1:
            if left <= counts[i]:
                yield (left,), comb(counts[i], left)
            return
        for k in range(min(left, counts[i]) + 1):
            for rest, ways in rec(i + 1, left - k):
                yield (k, *rest), comb(counts[i], k) * ways
    if not counts:
        yield (), 1
        return
    yield from rec(0, draws)


class _Deck:
    """The undrawn cards and the draws before ``player``'s next turn, as a small list of exact
    outcomes: (chance, non-fog cards drawn ``T``, whether the deck runs out, how many of each
    non-fog terrain). Within a terrain, which cards are drawn is uniform; a fog card is drawn
    when it lies before the ``T``-th non-fog card (each fog card makes its turn draw one more)."""

    def __init__(self, view, player: int) -> None:
        terrain = view.layout.terrain
        drawn = set(view.discard)
        self.undrawn = [f for f in FIELDS if f not in drawn]
        self.undrawn_set = frozenset(self.undrawn)
        self._p_drawn: dict[str, Fraction] = {}
        self.sizes = tuple(sum(1 for f in self.undrawn if terrain[f] == t) for t in _NON_FOG)
        self.non_fog = sum(self.sizes)
        self.fog = len(self.undrawn) - self.non_fog
        pending, before, after = _turns(view, player)
        self.turns_before, self.turns_after = before, after
        need_a, need_b = pending + 2 * len(before), 2 * len(after)
        swords, companions = len(view.sword_stack), view.companion_supply
        outcomes: dict[tuple[int, bool, tuple[int, ...]], Fraction] = {}
        total_a = comb(self.non_fog, min(need_a, self.non_fog))
        for first, ways in _compositions(self.sizes, min(need_a, self.non_fog)):
            p = Fraction(ways, total_a)
            city, mountain = first[0], first[3]
            triggered = need_a > 0 and mountain >= swords and city >= companions
            if not need_b or triggered:
                key = (sum(first), need_a > self.non_fog, first)
                outcomes[key] = outcomes.get(key, 0) + p
                self.p_after_happens = Fraction(0)
                continue
            rest = tuple(k - d for k, d in zip(self.sizes, first, strict=True))
            left = self.non_fog - sum(first)
            draws_b = min(need_b, left)
            total_b = comb(left, draws_b)
            for second, ways_b in _compositions(rest, draws_b):
                both = tuple(a + b for a, b in zip(first, second, strict=True))
                key = (sum(both), need_a + need_b > self.non_fog, both)
                outcomes[key] = outcomes.get(key, 0) + p * Fraction(ways_b, total_b)
        self.outcomes = [(p, t, short, c) for (t, short, c), p in outcomes.items()]
        p_after = Fraction(0)
        if need_b:
            for first, ways in _compositions(self.sizes, min(need_a, self.non_fog)):
                if not (need_a > 0 and first[3] >= swords and first[0] >= companions):
                    p_after += Fraction(ways, total_a)
        self.p_after_happens = p_after

    def p_drawn(self, terrain: str) -> Fraction:
        """The chance that one given undrawn card of ``terrain`` is turned over."""
        known = self._p_drawn.get(terrain)
        if known is None:
            known = self._p_drawn[terrain] = self._chance_drawn(terrain)
        return known

    def _chance_drawn(self, terrain: str) -> Fraction:
        if terrain == "fog":
            n = self.non_fog
            return sum((p * (1 if short else Fraction(t, n + 1)) for p, t, short, _c in
                        self.outcomes), Fraction(0))
        i = _NON_FOG.index(terrain)
        if not self.sizes[i]:
            return Fraction(0)
        return sum((p * Fraction(c[i], self.sizes[i]) for p, _t, _s, c in self.outcomes),
                   Fraction(0))

    def fog_count(self, t: int, short: bool) -> dict[int, Fraction]:
        """How many fog cards come before the ``t``-th non-fog card (all, when short)."""
        f_total, n = self.fog, self.non_fog
        if short or f_total == 0:
            return {f_total: Fraction(1)}
        if t == 0:
            return {0: Fraction(1)}
        whole = comb(n + f_total, n)
        return {f: Fraction(comb(f + t - 1, f) * comb(f_total - f + n - t, n - t), whole)
                for f in range(f_total + 1) if comb(f + t - 1, f)}

    def river_counts(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for p, _t, _s, c in self.outcomes:
            out[c[2]] = out.get(c[2], 0) + p
        return out


@dataclass(frozen=True)
class DrawOutlook:
    """What :func:`next_draws` returns: the terrain cards turned over before ``player``'s next
    turn, exactly.

    - ``turns``: the players whose turns come first, in order; ``p_turn``: the chance each of
      those turns comes (a turn after the round's end does not come if the swords and
      companions run out first);
    - ``cards``: number of terrain cards turned over -> chance;
    - ``by_terrain``: terrain -> number of its cards turned over -> chance (each city card
      brings a companion, forest a herb, mountain a sword, river a gold, fog a fog creature);
    - ``p_drawn``: each undrawn field -> the chance its card is turned over.
    """

    player: int
    turns: tuple[int, ...]
    p_turn: dict[int, sympy.Rational]
    cards: dict[int, sympy.Rational]
    by_terrain: dict[str, dict[int, sympy.Rational]]
    p_drawn: dict[str, sympy.Rational]
    assumptions: str = ASSUMPTIONS

    def expected(self, terrain: str) -> sympy.Rational:
        """The expected number of ``terrain`` cards turned over."""
        return sum((k * p for k, p in self.by_terrain[terrain].items()), sympy.Integer(0))


def next_draws(state, player: int | None = None) -> DrawOutlook:
    """The exact distribution of what the terrain cards turned over before ``player``'s next
    turn put on the board (each other player turns over 2, plus one more per fog card), from
    the fields not yet drawn. ``state`` may be the game or ``player``'s view; only what
    ``player`` may see is used.

    >>> from dungeoncraft_widgets.adventure_land import new_game
    >>> outlook = next_draws(new_game(players=2, seed=1), 0)
    >>> outlook.turns, sum(outlook.cards.values())
    ((1,), 1)
    >>> sum(k * p for k, p in outlook.by_terrain["mountain"].items()) == \\
    ...     2 * outlook.p_drawn["A1"] * 0 + outlook.expected("mountain")
    True
    """
    view, player = _view_of(state, player)
    deck = _Deck(view, player)
    terrain = view.layout.terrain
    cards: dict[int, Fraction] = {}
    by_terrain: dict[str, dict[int, Fraction]] = {t: {} for t in (*_NON_FOG, "fog")}
    by_length: dict[tuple[int, bool], Fraction] = {}
    for p, t, short, counts in deck.outcomes:
        for i, name in enumerate(_NON_FOG):
            by_terrain[name][counts[i]] = by_terrain[name].get(counts[i], 0) + p
        by_length[t, short] = by_length.get((t, short), 0) + p
    for (t, short), p in by_length.items():
        for f, q in deck.fog_count(t, short).items():
            cards[t + f] = cards.get(t + f, 0) + p * q
            by_terrain["fog"][f] = by_terrain["fog"].get(f, 0) + p * q
    per_terrain = {name: deck.p_drawn(name) for name in (*_NON_FOG, "fog")}
    turns = deck.turns_before + deck.turns_after
    p_turn = {q: _r(1) for q in deck.turns_before}
    p_turn.update({q: _r(deck.p_after_happens) for q in deck.turns_after})
    return DrawOutlook(
        player=player, turns=turns, p_turn=p_turn,
        cards={k: _r(v) for k, v in sorted(cards.items()) if v},
        by_terrain={t: {k: _r(v) for k, v in sorted(d.items()) if v}
                    for t, d in by_terrain.items()},
        p_drawn={f: _r(per_terrain[terrain[f]]) for f in deck.undrawn})


def next_creature(state, player: int | None = None) -> Distribution:
    """The strength of the next fog creature to appear, given those already seen (on the
    board and won by the players), as an exact :class:`Distribution` (counts over a total):
    the stack is 4 of 8, 4 of 10, 3 of 12, 2 of 14 and 1 of 16.

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_item
    >>> s = empty_position(); place_item(s, "D7", "F16"); place_item(s, "F7", "F8")
    >>> next_creature(s).prob(16), next_creature(s).prob(8)
    (0, 1/4)
    """
    view, _player = _view_of(state, player)
    left = Counter(_all_strengths(view))
    for item in view.board.values():
        if item[0] == "F":
            left[int(item[1:])] -= 1
    for stock in view.stock:
        left.subtract(stock["creatures"])
    if sum(left.values()) <= 0 or min(left.values()) < 0:
        raise InvalidArgumentError("state: no fog creature is left to come")
    return Distribution.from_counts({s: k for s, k in left.items() if k > 0})


def _all_strengths(view) -> list[int]:
    return [int(s) for s, k in view.pieces["creatures"]["strengths"].items() for _ in range(k)]


@dataclass(frozen=True)
class PlaceRisk:
    """What may happen, before its owner's next turn, to an adventurer standing on ``where``
    (see :func:`risk_map`). All chances exact:

    - ``p_swept``: the water sprite passes it (gold appears further along the river);
    - ``p_creature``: a fog creature appears under it (its fog field's card is turned over);
      ``p_win_forced``: the chance of winning that forced fight with what its owner holds now
      (None when no creature can appear);
    - ``p_blocked``: it is still there but has no move at all (the sprite in its way);
    - ``p_battle_won``: for a move ending on a fog creature, the chance of winning that
      battle first (the other chances then apply to the winner); None without a battle;
    - ``p_lost``: it is out of the game (the battle on arriving lost, swept, or the forced
      fight lost).
    """

    where: str
    companions: int
    p_swept: sympy.Rational
    p_creature: sympy.Rational
    p_win_forced: sympy.Rational | None
    p_blocked: sympy.Rational
    p_battle_won: sympy.Rational | None = None

    @property
    def p_lost(self) -> sympy.Rational:
        win = self.p_win_forced if self.p_win_forced is not None else sympy.Integer(1)
        later = self.p_swept + self.p_creature * (1 - win)
        if self.p_battle_won is None:
            return later
        return 1 - self.p_battle_won + self.p_battle_won * later

    def describe(self) -> str:
        """The risk in a short sentence (exact fractions)."""
        parts = []
        if self.p_battle_won is not None:
            parts.append(f"the battle here lost {1 - self.p_battle_won}")
        if self.p_swept:
            parts.append(f"swept away {self.p_swept}")
        if self.p_creature:
            parts.append(f"a fog creature under it {self.p_creature} (then wins "
                         f"{self.p_win_forced})")
        if self.p_blocked:
            parts.append(f"no way out (every field around it taken) {self.p_blocked}")
        return "; ".join(parts) if parts else "safe from the cards"


@dataclass(frozen=True)
class FieldOutlook:
    """A field the player can reach (``moves``: 1 or 2 this turn, or next turn when it is not
    the player's move now): ``item`` on it now, ``p_item`` the chance it holds an item at the
    player's next turn from the cards alone (an item there stays unless another player takes
    it, which is their choice, not chance), ``expected_points`` of moving there now (see
    :func:`advise_moves`), and ``risk`` for the adventurer (the one reaching it in fewest
    moves, ``origin``) that would stand there."""

    field: str
    moves: int
    origin: str
    item: str | None
    p_item: sympy.Rational
    expected_points: sympy.Rational
    risk: PlaceRisk


@dataclass(frozen=True)
class RiskMap:
    """What :func:`risk_map` returns: ``adventurers`` (where -> :class:`PlaceRisk` for each
    of the player's adventurers in play), ``fields`` (field -> :class:`FieldOutlook` for each
    field in reach), the turns that come first and the model's ``assumptions``."""

    player: int
    turns: tuple[int, ...]
    adventurers: dict[str, PlaceRisk]
    fields: dict[str, FieldOutlook]
    assumptions: str = ASSUMPTIONS


class _RiverOutcomes:
    """The water sprite's exact fate before the player's next turn. For each number ``j`` of
    river cards turned over (chance ``p``), the drawn river fields are a uniform ``j``-subset
    of the undrawn ones and the last of them (where the sprite stops) uniform among those:
    ``tables`` holds, per ``j``, the number of (subset, last) pairs giving each (first swept,
    last swept, stop) river index, over ``C(u, j) * j``; integers, so that a query costs a
    few Fraction operations."""

    def __init__(self, view, deck: _Deck) -> None:
        river = view.layout.river
        self.river = river
        self.index = {f: i for i, f in enumerate(river)}
        undrawn = sorted(self.index[f] for f in deck.undrawn if f in self.index)
        self.sprite = None if view.sprite is None else self.index[view.sprite]
        self.p_none = Fraction(0)
        self.tables: list[tuple[Fraction, int, dict[tuple[int, int, int], int]]] = []
        u = len(undrawn)
        for j, pj in sorted(deck.river_counts().items()):
            if j == 0:
                self.p_none += pj
                continue
            table: dict[tuple[int, int, int], int] = {}

            def add(a: int, b: int, last: int, ways: int, table=table) -> None:
                lo, hi = self._swept_range(a, b)
                table[lo, hi, last] = table.get((lo, hi, last), 0) + ways

            for ia in range(u):
                a = undrawn[ia]
                if j == 1:
                    add(a, a, a, 1)
                    continue
                for ib in range(ia + 1, u):
                    b, inner = undrawn[ib], ib - ia - 1
                    with_ends = comb(inner, j - 2)
                    if not with_ends:
                        continue
                    add(a, b, a, with_ends)
                    add(a, b, b, with_ends)
                    if j >= 3:
                        for il in range(ia + 1, ib):
                            add(a, b, undrawn[il], comb(inner - 1, j - 3))
            self.tables.append((pj, comb(u, j) * j, table))
        # The chance each river index is swept, from difference arrays per j.
        self.swept = [Fraction(0)] * len(river)
        for pj, whole, table in self.tables:
            diff = [0] * (len(river) + 1)
            for (lo, hi, _last), ways in table.items():
                diff[lo] += ways
                diff[hi + 1] -= ways
            running = 0
            for i in range(len(river)):
                running += diff[i]
                if running:
                    self.swept[i] += pj * Fraction(running, whole)

    def _swept_range(self, a: int, b: int) -> tuple[int, int]:
        """The river indices the sprite passes when the cards drawn span ``a`` to ``b``."""
        if self.sprite is None:
            return a, b
        return min(a, self.sprite), max(b, self.sprite)

    def p_swept(self, index: int) -> Fraction:
        return self.swept[index]


def _p_blocked(where: str, occupied: set[str], view, rivers: _RiverOutcomes,
               undrawn: frozenset[str]) -> Fraction:
    """The chance the adventurer on ``where`` is not swept and has no move at all at its
    owner's next turn (others stay, but those the sprite sweeps away are gone)."""
    rays = RAYS[where]
    index, river = rivers.index, rivers.river
    # The sprite only ever stops on a river field whose card is undrawn (or stays put): a line
    # whose first free field comes before any such field is open whatever the cards.
    for ray in rays:
        for f in ray:
            if f == view.sprite or (f in index and f in undrawn):
                break
            if f not in occupied:
                return Fraction(0)
    own = index.get(where)
    total = Fraction(0)
    if rivers.p_none and not any(line_open(ray, occupied, view.sprite) for ray in rays):
        total += rivers.p_none
    # Only the river fields on its lines (swept or not, or the sprite's stop) matter.
    on_lines = sorted({index[f] for ray in rays for f in ray if f in index})
    for pj, whole, table in rivers.tables:
        blocked_ways = 0
        cache: dict[tuple, bool] = {}
        for (lo, hi, last), ways in table.items():
            if own is not None and lo <= own <= hi:
                continue  # swept, not blocked
            key = (last if last in on_lines else None,
                   tuple(i for i in on_lines if lo <= i <= hi))
            blocked = cache.get(key)
            if blocked is None:
                still = occupied - {river[i] for i in key[1]}
                blocked = not any(line_open(ray, still, river[last]) for ray in rays)
                cache[key] = blocked
            if blocked:
                blocked_ways += ways
        if blocked_ways:
            total += pj * Fraction(blocked_ways, whole)
    return total


def _place_risk(view, player: int, where: str, companions: int, occupied: set[str],
                deck: _Deck, rivers: _RiverOutcomes, creature: Distribution | None,
                p_fog: Fraction) -> PlaceRisk:
    p_swept = rivers.p_swept(rivers.index[where]) if where in rivers.index else Fraction(0)
    p_creature, p_win = Fraction(0), None
    terrain = view.layout.terrain
    if where in terrain and terrain[where] == "fog" and where in deck.undrawn_set \
            and creature is not None:
        p_creature = p_fog
        stock = view.stock[player]
        hand = (tuple(sorted(stock["swords"])), tuple(sorted(stock["herbs"])), stock["gold"])
        p_win = sum((Fraction(k, creature.total) * win_fraction(s, companions, *hand)
                     for s, k in creature.counts.items()), Fraction(0))
    p_blocked = _p_blocked(where, occupied - {where}, view, rivers, deck.undrawn_set)
    return PlaceRisk(where=where, companions=companions, p_swept=_r(p_swept),
                     p_creature=_r(p_creature), p_win_forced=None if p_win is None else _r(p_win),
                     p_blocked=_r(p_blocked))


class _Position:
    """Everything the risk map and the move advisor share for one view and player."""

    def __init__(self, state, player: int | None) -> None:
        self.view, self.player = _view_of(state, player)
        view = self.view
        self.deck = _Deck(view, self.player)
        self.rivers = _RiverOutcomes(view, self.deck)
        self.p_fog = self.deck.p_drawn("fog")
        try:
            self.creature: Distribution | None = next_creature(view, self.player)
        except InvalidArgumentError:
            self.creature = None
        self.occupied = set(view.at)
        self._win: dict[tuple[int, int], Fraction] = {}

    def risk(self, where: str, companions: int, occupied: set[str] | None = None) -> PlaceRisk:
        return _place_risk(self.view, self.player, where, companions,
                           self.occupied if occupied is None else occupied, self.deck,
                           self.rivers, self.creature, self.p_fog)

    def arrival_risk(self, to: str, companions: int, occupied: set[str]) -> PlaceRisk:
        """The risk of an adventurer with ``companions`` ending a move on ``to`` (the fields
        then ``occupied``): the battle there first if a fog creature stands on it, then the
        cards; a companion there joins it."""
        item = self.view.board.get(to)
        risk = self.risk(to, companions + (item == "C"), occupied)
        if item is not None and item[0] == "F":
            risk = replace(risk, p_battle_won=_r(self.win(int(item[1:]), companions)))
        return risk

    def p_item(self, field: str) -> Fraction:
        if field in self.view.board:
            return Fraction(1)
        if field not in self.deck.undrawn_set or field == self.view.sprite:
            return Fraction(0)
        return self.deck.p_drawn(self.view.layout.terrain[field])

    def win(self, strength: int, companions: int) -> Fraction:
        key = (strength, companions)
        if key not in self._win:
            stock = self.view.stock[self.player]
            self._win[key] = win_fraction(strength, companions, tuple(sorted(stock["swords"])),
                                          tuple(sorted(stock["herbs"])), stock["gold"])
        return self._win[key]

    def gain(self, origin: str, to: str) -> Fraction:
        """The expected change of the player's score (as if the game ended now) from moving
        the adventurer at ``origin`` to ``to``, taking what lies there."""
        view, p = self.view, self.player
        k = next(i for i, (w, _c) in enumerate(view.adventurers[p]) if w == origin)
        comps = view.adventurers[p][k][1]
        item = view.board.get(to)
        before = _score(view, p)
        if item is not None and item[0] == "F":
            strength = int(item[1:])
            won = self.win(strength, comps)
            win_score = _score_if(view, p, k, to, item, True)
            lose_score = _score_if(view, p, k, to, item, False)
            return won * win_score + (1 - won) * lose_score - before
        if item is not None and item[0] in "HS":
            values = _unseen_values(view, p, item[0])
            if not values:
                return Fraction(_score_if(view, p, k, to, None, True) - before)
            return sum((Fraction(_score_if(view, p, k, to, f"{item[0]}{v}", True) - before,
                                 len(values)) for v in values), Fraction(0))
        return Fraction(_score_if(view, p, k, to, item, True) - before)


def _score(view, player: int) -> int:
    return sum(score_breakdown(view, player).values())


def _score_if(view, player: int, k: int, to: str, item: str | None, wins: bool) -> int:
    """The player's score if adventurer ``k`` moved to ``to`` and took ``item`` (a battle won
    or lost, for a fog creature): the scoring's own rules asked about that position (the
    view itself is not changed)."""
    where, comps = to, view.adventurers[player][k][1]
    stock, board, track = dict(view.stock[player]), view.board, list(view.track)
    kind = item[0] if item else ""
    if kind == "C":
        comps += 1
    elif kind == "G":
        stock["gold"] += 1
    elif kind in ("H", "S"):
        tiles = "herbs" if kind == "H" else "swords"
        stock[tiles] = [*stock[tiles], int(item[1:])]
    elif kind == "F" and wins:
        stock["creatures"] = [*stock["creatures"], int(item[1:])]
    elif kind == "F":
        where, comps = "box", 0  # the battle lost: the adventurer and companions are out
    if kind and (kind != "F" or wins):  # the item (or the creature beaten) leaves the board
        board = {f: i for f, i in board.items() if f != to}
        track[player] += points_at_once(view.adventure, view.pieces, item, comps)
    mine = list(view.adventurers[player])
    mine[k] = [where, comps]
    adventurers, stocks = list(view.adventurers), list(view.stock)
    adventurers[player], stocks[player] = mine, stock
    return sum(score_lines(player, adventure=view.adventure, pieces=view.pieces,
                           adventurers=adventurers, stocks=stocks, track=track, board=board,
                           cities=view.layout.cities).values())


def _unseen_values(view, player: int, kind: str) -> list[int]:
    """The herb (``"H"``) or sword (``"S"``) values whose place ``player`` does not know: all
    of the game's tiles of that kind but those in the player's hand and, for herbs, those
    used in battles (face up in the box)."""
    name = "herbs" if kind == "H" else "swords"
    pool = Counter({int(v): k for v, k in view.pieces[name]["values"].items()})
    pool.subtract(view.stock[player][name])
    if kind == "H":
        pool.subtract(v for v in view.herb_box if v != -1)
    return sorted(pool.elements())


def risk_map(state, player: int | None = None, origin: str | None = None) -> RiskMap:
    """The exact risks of the next cards for ``player``'s pieces, before their next turn.

    For each of the player's adventurers: the chance of being swept off the river by the
    water sprite, of a fog creature appearing under it (and then of winning that forced
    fight with what the player holds), of being blocked; for each field in reach, the chance
    it holds an item at the player's next turn, the expected points of moving there now, and
    the same risks for an adventurer ending there. Only what ``player`` may see is used; the
    model's assumptions are in ``ASSUMPTIONS``. With ``origin`` (one of the player's
    adventurers, by its field or lane) the fields are those that adventurer reaches.

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_adventurer
    >>> from dungeoncraft_widgets.adventure_land.rules import place_sprite
    >>> s = empty_position(); place_sprite(s, "A7"); place_adventurer(s, 0, "C8")
    >>> risk = risk_map(s, 0).adventurers["C8"]
    >>> risk.p_swept   # swept if any of the 15 river cards from C8 on is among 2 of 95
    261/893
    >>> risk.p_swept == 1 - sympy.Rational(comb(80, 2), comb(95, 2))
    True
    """
    position = _Position(state, player)
    view, player = position.view, position.player
    adventurers = {}
    for where, comps in view.adventurers[player]:
        if where != "box":
            adventurers[where] = position.risk(where, comps)
    if origin is not None and (not isinstance(origin, str) or origin not in adventurers):
        raise InvalidArgumentError(f"origin: the player has no adventurer at {origin!r}")
    fields = {}
    moves = None if view.current_player == player else 2
    for where, comps in view.adventurers[player]:
        if where == "box" or (origin is not None and where != origin):
            continue
        for f, d in _reach(view, where, moves).items():
            if f in fields and fields[f].moves <= d:
                continue
            occupied = (position.occupied - {where}) | {f}
            fields[f] = FieldOutlook(
                field=f, moves=d, origin=where, item=view.board.get(f),
                p_item=_r(position.p_item(f)),
                expected_points=_r(position.gain(where, f)),
                risk=position.arrival_risk(f, comps, occupied))
    return RiskMap(player=player, turns=position.deck.turns_before + position.deck.turns_after,
                   adventurers=adventurers, fields=fields)


def _reach(view, where: str, moves: int | None) -> dict[str, int]:
    return reachable(view, where, moves=moves)


@dataclass(frozen=True)
class MoveAdvice:
    """One legal move (``action``) with the ``expected_points`` it brings now (exact), the
    ``risk`` of the adventurer where it ends and ``risk_now`` where it stands (None in the
    start area, where nothing can happen to it); ``best`` marks the advised one."""

    action: Action
    expected_points: sympy.Rational
    risk: PlaceRisk
    best: bool = False
    risk_now: PlaceRisk | None = None

    def describe(self) -> str:
        return (f"{self.action.origin} to {self.action.to}: {self.expected_points} points "
                f"expected; risk: {self.risk.describe()}")


def advise_moves(state, player: int | None = None) -> list[MoveAdvice]:
    """The player's legal moves now, ranked by the exact expected points they bring (the
    change of the player's score as if the game ended now: an item taken, a battle at its
    exact odds, a city entered in Adventure 3, ...); among equals, the one that most lowers
    the chance of losing the adventurer moved before the player's next turn first (taking
    one off the river before the sprite passes, say). Empty when the player has no move
    now.

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_item
    >>> s = empty_position(); place_item(s, "C1", "G"); place_item(s, "C2", "C")
    >>> best = advise_moves(s)[0]
    >>> str(best.action), best.expected_points, best.best
    ('move col:C C1', 2, True)
    """
    position = _Position(state, player)
    view = position.view
    if view.current_player != position.player or view.fight is not None:
        return []
    out = []
    now: dict[str, PlaceRisk | None] = {}
    for action in view.legal_actions():
        if not isinstance(action, Move):
            continue
        k = next(i for i, (w, _c) in enumerate(view.adventurers[position.player])
                 if w == action.origin)
        comps = view.adventurers[position.player][k][1]
        if action.origin not in now:
            now[action.origin] = (position.risk(action.origin, comps)
                                  if action.origin in view.layout.terrain else None)
        before = now[action.origin]
        occupied = (position.occupied - {action.origin}) | {action.to}
        risk = position.arrival_risk(action.to, comps, occupied)
        change = risk.p_lost - (before.p_lost if before is not None else 0)
        out.append((position.gain(action.origin, action.to), change, risk, before, action))
    out.sort(key=lambda m: (-m[0], m[1], str(m[4])))
    return [MoveAdvice(action=a, expected_points=_r(g), risk=r, best=i == 0, risk_now=b)
            for i, (g, _change, r, b, a) in enumerate(out)]
