"""Every exercise of the lessons, with its answer and its recognised mistakes.

Nothing here writes an answer down: each ``expected`` (and each mistake) is a small
computation with the games' own functions, so the key follows the library if a rule or
a data file changes. This module is the teacher's: the student's ``check`` never imports
it (it reads the digests in ``keys.json``, written from here by :mod:`.keys`).

>>> from dungeoncraft_widgets.lessons.teacher.answers import EXERCISES, answer
>>> sorted({e.lesson for e in EXERCISES.values()})[:3]
['demo', 'probability_bayes', 'probability_conditioning']
>>> answer("demo-half")
Fraction(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb
from typing import Any

import sympy

from ...core.errors import InvalidArgumentError
from .. import givens
from ..reading import read

__all__ = ["EXERCISES", "Exercise", "Mistake", "answer", "exercise", "influence_distribution",
           "mistake_values"]

R = sympy.Rational


@dataclass(frozen=True)
class Mistake:
    """A common wrong answer (computed, like the expected one) and what to say about it."""

    value: Callable[[], Any]
    hint: str


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``expected`` computes the answer with the library; ``denominator``
    is what a student naturally counts over (6 faces, 36 rolls), used to say how to
    write a right float exactly; ``hint`` is said for a wrong answer no mistake explains."""

    id: str
    lesson: str
    question: str
    expected: Callable[[], Any]
    denominator: int | None = None
    hint: str = ""
    mistakes: tuple[Mistake, ...] = ()


#: Every exercise, by id, in definition order.
EXERCISES: dict[str, Exercise] = {}


def exercise(id: str, lesson: str, question: str, expected: Callable[[], Any], *,
             mistakes: tuple[tuple[Callable[[], Any], str], ...] = (), **options: Any
             ) -> Exercise:
    """Define an exercise and add it to :data:`EXERCISES`; ``mistakes`` as (value, hint).

    >>> exercise("demo-half", "demo", "again", lambda: R(1, 2))
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: exercise 'demo-half' is defined twice
    """
    if id in EXERCISES:
        raise InvalidArgumentError(f"exercise {id!r} is defined twice")
    made = Exercise(id, lesson, question, expected,
                    mistakes=tuple(Mistake(v, h) for v, h in mistakes), **options)
    EXERCISES[id] = made
    return made


def _exact(value: Any, what: str) -> Fraction:
    reading = read(value)
    if reading.kind != "exact":
        raise TypeError(f"{what} must be exact, not {value!r}")
    return reading.value


@cache
def answer(exercise_id: str) -> Fraction:
    """The answer to an exercise, computed by the library."""
    return _exact(EXERCISES[exercise_id].expected(), f"the answer to {exercise_id}")


@cache
def mistake_values(exercise_id: str) -> tuple[Fraction, ...]:
    """The recognised mistakes' values, in order."""
    return tuple(_exact(m.value(), f"a mistake of {exercise_id}")
                 for m in EXERCISES[exercise_id].mistakes)


# ------------------------------------------------------------------------- demo
exercise("demo-half", "demo", "the chance of heads with one fair coin", lambda: R(1, 2),
         denominator=2, mistakes=((lambda: R(1, 4),
                                   "that is two heads in a row; the question is about one coin"),),
         hint="count the outcomes: how many faces does a coin have, and how many are heads?")


# ----------------------------------------------------------------- fog fights
def _fight(creature: int, **kwargs):
    from ...adventure_land.odds import fight_odds
    return fight_odds(creature, **kwargs)


def _dice(n: int):
    from ...core.dice import dice_sum
    return dice_sum(n)


def _rulebook_fight(gold: int = 0):
    """The rulebook's example: 2 companions, swords +2 and +1, against a creature of 12."""
    return _fight(12, companions=2, swords=(2, 1), gold=gold)


def _three_swords(creature: int):
    return _fight(creature, companions=2, swords=(2, 1, 0), choose_swords=False)


def _exercise_1(**changes):
    given = dict(givens.FOG_EXERCISE_1, **changes)
    return _fight(given["creature"], companions=given["companions"], swords=given["swords"],
                  choose_swords=False)


def _unordered_share(need: int) -> sympy.Rational:
    pairs = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    return R(sum(a + b >= need for a, b in pairs), len(pairs))


LESSON = "probability_fog_fights"
exercise("fog-1", LESSON, "the chance to win with 1 companion and swords +2 and +1 against 12",
         lambda: _exercise_1().p_win, denominator=36,
         hint="the certain part is 1 + 1 companion + 3 sword extras = 5: count the 36 rolls "
              "(a, b) with a + b at least 12 - 5.",
         mistakes=(
             (lambda: _exercise_1(companions=2).p_win,
              "that is the rulebook's example, with 2 companions; here there is 1."),
             (lambda: _dice(2).at_least(8),
              "'reach' means at least: the dice must make 7, and a sum of exactly 7 wins too. "
              "(It is also the chance to lose.)"),
             (lambda: _unordered_share(7),
              "you counted unordered pairs: (1, 2) and (2, 1) are different rolls, 36 in all, "
              "and equally likely."),
         ))
exercise("fog-2", LESSON, "the chance to reach 12 with three swords (+2, +1, +0)",
         lambda: _three_swords(12).p_win, denominator=216,
         hint="three dice must make at least 6: count the rolls summing to 3, 4 or 5 and "
              "take them away from 216.",
         mistakes=(
             (lambda: _dice(3).at_least(7),
              "the +0 sword still adds a die; the certain part is still 6, so the dice need 6."),
             (lambda: _rulebook_fight().p_win,
              "that is with two dice: the third sword adds a third die."),
             (lambda: _dice(3).at_most(5), "that is the chance to lose."),
         ))
exercise("fog-3", LESSON, "the expected strength with three swords (+2, +1, +0), 2 companions",
         lambda: _three_swords(16).strength.mean(), denominator=2,
         hint="expectation adds up: 1 + companions + sword extras + 3 times a die's mean.",
         mistakes=(
             (lambda: 6 + 3 * 3, "a die's mean is (1 + 2 + ... + 6) / 6 = 7/2, not 3."),
             (lambda: R(21, 2), "that is the dice alone: add the certain part, 6."),
             (lambda: R(31, 2), "the adventurer counts 1 too: 1 + 2 companions + 3 extras."),
         ))
exercise("fog-4", LESSON, "the chance to beat 16 with that strength, without gold",
         lambda: _three_swords(16).p_win, denominator=216,
         hint="the dice must make 16 - 6 = 10: count the rolls of three dice below 10.",
         mistakes=(
             (lambda: 1, "a mean above the target does not make the win certain: low rolls "
                         "still lose."),
             (lambda: _dice(3).at_least(11),
              "the dice need 16 - 6 = 10, not 11: 'reach' means at least."),
             (lambda: _dice(3).at_most(9), "that is the chance to lose."),
         ))
exercise("fog-5", LESSON, "the variance of the strength with three swords",
         lambda: _three_swords(16).strength.variance(), denominator=4,
         hint="the certain part does not vary; the three dice are independent, so their "
              "variances add.",
         mistakes=(
             (lambda: _dice(1).variance(), "that is one die; the strength has three."),
             (lambda: 9 * _dice(1).variance(),
              "Var(3X) = 9 Var(X) is one die tripled; three independent dice add their "
              "variances instead."),
             (lambda: _dice(2).variance(), "that is two dice: the +0 sword adds a die too."),
         ))


def _runs_needed(z: int = 4) -> int:
    p = _rulebook_fight(gold=1).p_win
    return int(sympy.ceiling(z * z * p * (1 - p) / R(5, 1000) ** 2))


exercise("fog-6", LESSON, "runs needed for 4 standard errors below 0.005",
         lambda: _runs_needed(4),
         hint="solve 4 * sqrt(p (1 - p) / N) <= 0.005 for N, and round up.",
         mistakes=(
             (lambda: _runs_needed(1), "square the 4 as well: N >= 16 p (1 - p) / 0.005^2."),
             (lambda: _runs_needed(2), "that is 2 standard errors; the question asks for 4."),
             (lambda: _runs_needed(4) - 1, "round up: N runs must be enough, not just short."),
         ))


def house_rule_chance(dice: tuple[int, ...], gold: int, need: int, *, once: bool = True,
                      first: int | None = None) -> Fraction:
    """The best chance that ``dice`` and ``gold`` make ``need`` when each gold piece is +1
    or a reroll of one die, and (``once``) a die may be rerolled only once; ``first``
    forces which die (by index) the first reroll takes.

    >>> house_rule_chance((2, 1), 1, 7)     # one reroll: the 1 becomes 5 or 6
    Fraction(1, 3)
    """
    @cache
    def best(state: tuple[tuple[int, bool], ...], gold: int, forced: int | None) -> Fraction:
        if sum(v for v, _ in state) + gold >= need:
            return Fraction(1)
        choices = [i for i, (_, used) in enumerate(state) if not (once and used)]
        if forced is not None:
            choices = [forced]
        if gold == 0 or not choices:
            return Fraction(0)
        return max(sum((best(tuple(sorted(state[:i] + ((r, True),) + state[i + 1:])),
                             gold - 1, None) for r in range(1, 7)), Fraction(0)) / 6
                   for i in choices)

    start = tuple((v, False) for v in dice)
    if first is not None:
        return best(start, gold, first)
    return best(tuple(sorted(start)), gold, None)


def _house(**changes) -> Fraction:
    given = dict(givens.FOG_EXERCISE_7, **changes)
    return house_rule_chance(given["dice"], given["gold"], given["need"],
                             once=given.get("once", True), first=given.get("first"))


exercise("fog-7", LESSON, "the best chance with dice 2 and 1, three gold, the dice and gold "
                          "to make 7, when a die may be rerolled only once",
         lambda: _house(), denominator=36,
         hint="work backwards: with one gold left, which die would you reroll, and with what "
              "chance does it win? Then choose the first reroll knowing that.",
         mistakes=(
             (lambda: _house(once=False),
              "that is the rulebook's rule, where the same die may be rerolled again; under "
              "the house rule a rerolled die stays."),
             (lambda: _house(first=0),
              "that rerolls the 2 first: rerolling the lower die throws away less."),
             (lambda: _house(gold=2), "that is with two gold pieces; there are three."),
         ))


def _rescue(conditional: bool = True):
    """The chance that rerolling the lower die wins the rulebook's example with one gold,
    given (``conditional``) that +1 alone would lose."""
    odds = _rulebook_fight(gold=1)
    if not conditional:
        return odds.reroll_worth
    return odds.reroll_worth / (1 - odds.p_win_no_rerolls)


exercise("fog-8", LESSON, "P(rerolling the lower die wins | +1 alone would lose), the "
                          "rulebook's example with one gold",
         lambda: _rescue(), denominator=36,
         hint="list the rolls that +1 cannot save; for each, count the faces of the new die "
              "that lift the sum to 6; divide by all the (roll, new face) pairs.",
         mistakes=(
             (lambda: _rescue(conditional=False),
              "that is the chance over all 216 (roll, new face) pairs; the question is "
              "given that +1 would lose: divide by the chance of those rolls."),
             (lambda: 1 - _rescue(), "that is the chance the reroll does not save it."),
         ))


# ------------------------------------------------------------- Scout and Venture
def _table(kind: str, adventurers, rooms):
    from ..simulations import modifier_table
    return modifier_table(kind, adventurers, rooms)


def _location(kind: str, adventurers, rooms, **kwargs):
    from ...hero_vs_guardian.odds import location_odds
    return location_odds(kind, _table(kind, adventurers, rooms), **kwargs)


def _points(adventurers, rooms):
    from ..simulations import adventurer_points, room_points
    return {"adventurer_points": adventurer_points(adventurers),
            "room_points": room_points(rooms)}


def _plan(adventurers, rooms):
    from ..simulations import retreat_modifiers
    return _location("venture", adventurers, rooms, **_points(adventurers, rooms),
                     retreat=retreat_modifiers(adventurers, rooms))


def _roll(kind: str, adventurers, rooms, i: int = 0):
    from ...hero_vs_guardian.odds import roll_odds
    from ...hero_vs_guardian.rules import TARGET
    return roll_odds(TARGET[kind], _table(kind, adventurers, rooms)[i][0])


LESSON = "probability_scout_and_venture"
exercise("sv-1", LESSON, "the chance the Warrior (+3) Ventures the Goblin Warren",
         lambda: _location("venture", *givens.SV_EXERCISE_1).p_all, denominator=6,
         hint="which faces f make f + 3 at least 6? Count them out of 6.",
         mistakes=(
             (lambda: R(1, 2), "face 3 counts: 3 + 3 = 6 reaches 6."),
             (lambda: R(5, 6), "faces 1 and 2 fall short: 1 + 3 and 2 + 3 are below 6."),
             (lambda: 1 - _location("venture", *givens.SV_EXERCISE_1).p_all,
              "that is the chance of capture."),
         ))
exercise("sv-2", LESSON, "the chance that nobody Ventures the room (+0, +1, +5)",
         lambda: _location("venture", *givens.SV_EXERCISE_2).rooms_done[0], denominator=216,
         hint="the room stays undone only if all three rolls fail: multiply the three chances "
              "of failing.",
         mistakes=(
             (lambda: 0, "you counted the natural 1 as a success: with +5 a natural 1 would "
                         "reach 6, but a natural 1 always fails."),
             (lambda: 1 - _location("venture", *givens.SV_EXERCISE_2).rooms_done[0],
              "that is the chance that someone succeeds."),
         ))
exercise("sv-3", LESSON, "the chance Warrior, Cleric, Rogue (in that order) Scout both rooms",
         lambda: _location("scout", *givens.SV_EXERCISE_3).p_all, denominator=216,
         hint="split into cases: the Warrior succeeds or fails at the Evil room; each case "
              "sends the next Adventurer to a different room.",
         mistakes=(
             (lambda: _location("scout", givens.SV_EXERCISE_3[0][:2],
                                givens.SV_EXERCISE_3[1]).p_all,
              "the Rogue is third: when one of the first two fails, the Rogue still rolls."),
         ))


def _guardian_points(naive: bool = False, count: bool = False):
    """The Guardian's expected points from a one-room Venture: each Adventurer rolls only
    if every one before it failed (``naive``: as if each rolled anyway)."""
    adventurers, rooms = givens.SV_EXERCISE_4
    if count:
        return _location("venture", adventurers, rooms).expected_captured
    if not naive:
        return _location("venture", adventurers, rooms,
                         **_points(adventurers, rooms)).guardian_points
    from ..simulations import adventurer_points
    return sum((points * (1 - _roll("venture", [a], rooms)) for a, points in
                zip(adventurers, adventurer_points(adventurers), strict=True)), R(0))


exercise("sv-4", LESSON, "the Guardian's expected points when the three Venture the Ogre Den",
         lambda: _guardian_points(), denominator=216,
         hint="an Adventurer is captured only if every one before it failed and it fails "
              "too: add points x P(it is captured) over the three.",
         mistakes=(
             (lambda: _guardian_points(naive=True),
              "the 2nd and 3rd Adventurers roll only if everyone before them failed: a success "
              "ends the Venture."),
             (lambda: _guardian_points(count=True),
              "that is how many Adventurers are captured on average: weigh each by its "
              "points."),
         ))
exercise("sv-5", LESSON, "the expected net points if the Wizard Ventures the Crypt",
         lambda: _location("venture", *givens.SV_EXERCISE_5,
                           **_points(*givens.SV_EXERCISE_5)).value,
         denominator=6,
         hint="net points = P(success) x room points - P(capture) x the Wizard's points.",
         mistakes=(
             (lambda: _location("venture", *givens.SV_EXERCISE_5,
                                **_points(*givens.SV_EXERCISE_5)).hero_points,
              "subtract what the Guardian scores when the Wizard is captured."),
             (lambda: R(4, 6) * 3 - R(2, 6) * 2,
              "success and capture are the other way round: the Wizard needs a 5 or 6."),
         ))
exercise("sv-6", LESSON, "the expected net points of the Venture with the best Retreats, "
                         "worked out backwards",
         lambda: _plan(*givens.SV_EXERCISE_6).value, denominator=216,
         hint="start with the last Adventurer: Venture or Retreat, whichever is worth more. "
              "Then the 2nd, knowing what the 3rd will do; then the 1st, who must Venture.",
         mistakes=(
             (lambda: _plan(*givens.SV_EXERCISE_6).never_retreat_value,
              "that is never retreating: compare, for the 2nd and 3rd Adventurers, what "
              "Venturing and Retreating are worth."),
             (lambda: _location("venture", *givens.SV_EXERCISE_6,
                                **_points(*givens.SV_EXERCISE_6)).hero_points,
              "those are only the Hero's points: subtract the captured Adventurers' points."),
         ))


# ---------------------------------------------------------------- conditioning
def _stack() -> Counter:
    from ..simulations import creature_stack
    return creature_stack()


def _next_at_least(met, threshold: int, remove: bool = True, total: int | None = None):
    left = _stack()
    if remove:
        left.subtract(Counter(met))
    strong = sum(n for s, n in left.items() if s >= threshold)
    return R(strong, total if total is not None else sum(left.values()))


def _second_stronger(without_replacement: bool = True):
    stack = _stack()
    total = sum(stack.values())
    after = total - 1 if without_replacement else total
    return sum((R(n, total) * R(sum(m for t, m in stack.items() if t > s), after)
                for s, n in stack.items()), sympy.Integer(0))


LESSON = "probability_conditioning"
exercise("cond-1", LESSON, "P(next creature >= 14 | the first three were 8, 10 and 14)",
         lambda: _next_at_least(givens.CREATURES_MET, 14), denominator=11,
         hint="take the three creatures met out of the stack; count what is left.",
         mistakes=(
             (lambda: _next_at_least((), 14, total=sum(_stack().values()) - 3),
              "the 14 already met is no longer in the stack."),
             (lambda: _next_at_least((), 14), "that is the chance before anything was met: "
                                               "condition on what you have seen."),
             (lambda: _next_at_least(givens.CREATURES_MET, 14, total=sum(_stack().values())),
              "only 11 creatures are left, not 14."),
         ))
exercise("cond-2", LESSON, "P(the second creature is stronger than the first)",
         lambda: _second_stronger(), denominator=182,
         hint="condition on the first creature's strength s: P(first = s) times P(second "
              "> s | first = s), added over s.",
         mistakes=(
             (lambda: _second_stronger(without_replacement=False),
              "that draws with replacement: after the first creature only 13 are left."),
             (lambda: 2 * _second_stronger(),
              "that is P(the two differ); 'stronger' is only half of it."),
             (lambda: R(1, 2), "ties (two 8s, two 10s, ...) have a positive chance, so it is "
                               "less than 1/2."),
         ))


def _swords() -> Counter:
    from ..simulations import sword_stack
    return sword_stack()


def _sword_pmf(k: int):
    from ...core.deck import hypergeom_pmf
    swords = _swords()
    return hypergeom_pmf(sum(swords.values()), swords[3], 4, k)


exercise("cond-3", LESSON, "P(exactly 2 of the next 4 swords are +3)",
         lambda: _sword_pmf(2), denominator=comb(28, 4),
         hint="C(+3 swords, 2) x C(other swords, 2) / C(all swords, 4).",
         mistakes=(
             (lambda: comb(4, 2) * R(_swords()[3], 28) ** 2 * (1 - R(_swords()[3], 28)) ** 2,
              "that is drawing with replacement (binomial); a sword drawn is not put back."),
             (lambda: sum((_sword_pmf(k) for k in range(2, 5)), sympy.Integer(0)),
              "exactly 2, not at least 2."),
         ))


def _deck_types() -> Counter:
    from ..simulations import type_counts
    return type_counts()


def _deck_size() -> int:
    from ...dubious_alliance import load_deck
    return len(load_deck().cards)


def _monster_pmf(k: int):
    from ...core.deck import hypergeom_pmf
    return hypergeom_pmf(_deck_size(), _deck_types()["Monster"], 4, k)


exercise("cond-4", LESSON, "P(exactly one Monster in a first hand of 4)",
         lambda: _monster_pmf(1),
         hint="C(Monsters, 1) x C(other cards, 3) / C(all game cards, 4).",
         mistakes=(
             (lambda: 4 * R(_deck_types()["Monster"], _deck_size())
              * (1 - R(_deck_types()["Monster"], _deck_size())) ** 3,
              "that is drawing with replacement (binomial): a card dealt is not put back."),
             (lambda: 1 - _monster_pmf(0), "exactly one, not at least one."),
         ))


# ----------------------------------------------------------------------- Bayes
def _posterior(model: givens.ClaimModel, praises: int = 1) -> Fraction:
    """P(Weapon | ``praises`` praises) under the model, each praise taken (wrongly, for
    ``praises`` > 1) as new independent evidence."""
    weapon = model.prior * model.praise_if_weapon ** praises
    other = (1 - model.prior) * model.praise_if_other ** praises
    return weapon / (weapon + other)


def _praise_chance(temperament: str) -> Fraction:
    if temperament == "hoarder":
        return Fraction(0)   # the hoarder never praises nor warns
    m = givens.HONEST_BOT if temperament == "honest" else givens.LIAR_BOT
    return m.prior * m.praise_if_weapon + (1 - m.prior) * m.praise_if_other


def _liar_given_praise() -> Fraction:
    chances = givens.BOT_TEMPERAMENT_CHANCES
    joint = {t: p * _praise_chance(t) for t, p in chances.items()}
    return joint["liar"] / sum(joint.values())


def _weapon_given_praise(ignore_temperament: bool = False) -> Fraction:
    chances = givens.BOT_TEMPERAMENT_CHANCES
    models = {"honest": givens.HONEST_BOT, "liar": givens.LIAR_BOT}
    if ignore_temperament:   # averaging the two posteriors instead of weighing them
        return (_posterior(givens.HONEST_BOT) + _posterior(givens.LIAR_BOT)) / 2
    weapon_and_praise = sum(chances[t] * m.prior * m.praise_if_weapon
                            for t, m in models.items())
    praise = sum(chances[t] * _praise_chance(t) for t in chances)
    return weapon_and_praise / praise


LESSON = "probability_bayes"
exercise("bayes-1", LESSON, "P(Weapon | an honest bot praises the card it offers), in the model",
         lambda: _posterior(givens.HONEST_BOT), denominator=None,
         hint="Bayes' rule: P(praise | W) P(W) / (P(praise | W) P(W) + P(praise | not W) "
              "P(not W)), with the model's three numbers.",
         mistakes=(
             (lambda: givens.HONEST_BOT.praise_if_weapon,
              "that is P(praise | Weapon); Bayes' rule turns it round into P(Weapon | praise)."),
             (lambda: givens.HONEST_BOT.prior,
              "that is the prior, before the praise; for the honest bot the praise is evidence."),
             (lambda: givens.HONEST_BOT.prior * givens.HONEST_BOT.praise_if_weapon,
              "that is P(Weapon and praise): divide by P(praise), the chance of the evidence."),
         ))
exercise("bayes-2", LESSON, "P(Weapon | the liar praises the card it offers), in the model",
         lambda: _posterior(givens.LIAR_BOT),
         hint="the liar praises every card it offers: P(praise | W) = P(praise | not W).",
         mistakes=(
             (lambda: _posterior(givens.HONEST_BOT),
              "that is the honest bot's; use the liar's model."),
             (lambda: 1, "the liar praises every card, Weapon or not."),
         ))
exercise("bayes-3", LESSON, "P(Weapon | the honest bot praises the same card a second time)",
         lambda: _posterior(givens.HONEST_BOT),
         hint="is the second praise new evidence? What decides the honest bot's words?",
         mistakes=(
             (lambda: _posterior(givens.HONEST_BOT, praises=2),
              "you multiplied by the likelihood ratio twice, as if the second praise were new, "
              "independent evidence. The honest bot praises by its card and its state, which "
              "did not change: the second praise follows from the first."),
         ))
exercise("bayes-4", LESSON, "P(Bot 3 is the liar | it praises), its temperament unknown",
         lambda: _liar_given_praise(),
         hint="Bayes' rule over the three temperaments: P(praise | liar) P(liar) divided by "
              "P(praise), which the law of total probability adds up over honest, liar and "
              "hoarder.",
         mistakes=(
             (lambda: givens.BOT_TEMPERAMENT_CHANCES["liar"],
              "that is the prior: a praise is likelier from a liar, so it is evidence."),
             (lambda: Fraction(1, 2),
              "the hoarder never praises, but the honest bot does, with its own chance: "
              "weigh the two by P(praise | temperament)."),
         ))
exercise("bayes-5", LESSON, "P(Weapon | Bot 3 praises), its temperament unknown",
         lambda: _weapon_given_praise(),
         hint="add, over the temperaments, P(temperament) P(Weapon and praise | temperament); "
              "divide by P(praise).",
         mistakes=(
             (lambda: _weapon_given_praise(ignore_temperament=True),
              "averaging the two posteriors weighs them equally; weigh them by how likely "
              "each temperament is after the praise."),
             (lambda: _posterior(givens.HONEST_BOT),
              "that is if Bot 3 were surely honest."),
         ))


# ------------------------------------------------------------- deck building (Dobbers)
def _core() -> Counter:
    from ..simulations import dobbers_core_deck
    return dobbers_core_deck()


def _hypergeom(population: int, successes: int, draws: int, k: int):
    from ...core.deck import hypergeom_pmf
    return hypergeom_pmf(population, successes, draws, k)


def influence_distribution(deck: dict | None = None, hand: int = 5) -> dict:
    """The Influence a hand of ``hand`` cards prints, drawn from ``deck`` (card id -> how
    many), as value -> exact chance: a multivariate hypergeometric sum.

    >>> influence_distribution({"bottle_cap": 2, "wooden_knife": 1}, hand=2)
    {1: 2/3, 2: 1/3}
    """
    from ...core.deck import multivariate_hypergeom_pmf
    from ...dobbers import load_cards

    cards = load_cards()
    counts = dict(deck or givens.DECK_WITH_SILVER)
    ids = sorted(counts)
    out: dict[int, sympy.Rational] = {}
    for drawn in product(*(range(min(counts[c], hand) + 1) for c in ids)):
        if sum(drawn) != hand:
            continue
        chance = multivariate_hypergeom_pmf(counts, dict(zip(ids, drawn, strict=True)))
        value = sum(n * cards.point(c, "influence") for c, n in zip(ids, drawn, strict=True))
        out[value] = out.get(value, sympy.Integer(0)) + chance
    return dict(sorted(out.items()))


def _influence_at_least(n: int, deck: dict | None = None):
    return sum((p for v, p in influence_distribution(deck).items() if v >= n), sympy.Integer(0))


def _kit_or_knife(deck: dict | None = None, hand: int = 5, *, both: bool = False,
                  replace: bool = False):
    """P(the Traveling Kit or the Wooden Knife, or ``both``, in a hand from ``deck``)."""
    counts = dict(deck or _core())
    size = sum(counts.values())
    if both:
        return _hypergeom(size, 2, hand, 2)
    if replace:
        return 1 - R(size - 2, size) ** hand
    return 1 - _hypergeom(size, 2, hand, 0)


def _caps_mean(deck: dict | None = None, hand: int = 5):
    counts = dict(deck or givens.DECK_WITH_SILVER)
    return R(hand * counts["bottle_cap"], sum(counts.values()))


def _reshuffle(*, both: bool = True, from_all: bool = False, hand: int = 5):
    deck_left, discard = givens.RESHUFFLE
    drawn = hand - deck_left
    if from_all:   # as if the deck's cards were shuffled back in
        return _hypergeom(deck_left + discard, 2, hand, 2)
    if not both:
        return R(drawn, discard)
    return _hypergeom(discard, 2, drawn, 2)


LESSON = "probability_deck_building"
exercise("db-1", LESSON, "P(the second player's 5-card opening hand holds the Kit or the Knife)",
         lambda: _kit_or_knife(), denominator=252,
         hint="it is easier the other way round: the chance that all 5 cards are Bottle "
              "Caps, then 1 minus that.",
         mistakes=(
             (lambda: 2 * R(5, 10), "you added P(Kit) and P(Knife), but both can be in the "
                                    "hand: that counts those hands twice."),
             (lambda: R(5, 10), "that is the Kit alone; the question is the Kit or the "
                                "Knife."),
             (lambda: _hypergeom(10, 2, 5, 0), "that is the chance of neither."),
             (lambda: _kit_or_knife(replace=True),
              "that draws with replacement: a card dealt is not put back, so the second is "
              "drawn from 9."),
             (lambda: _kit_or_knife(hand=3), "that is the first player's 3-card hand."),
         ))
exercise("db-2", LESSON, "P(a hand of 5 from the core deck with 2 Silver prints 6 Influence "
                         "or more)",
         lambda: _influence_at_least(6), denominator=792,
         hint="list the hands by how many Bottle Caps (1 each) and Silver (2 each) they hold; "
              "count each with C(8, c) C(2, s) C(2, 5 - c - s).",
         mistakes=(
             (lambda: _influence_at_least(7), "6 or more: a hand printing exactly 6 counts."),
             (lambda: influence_distribution()[6], "that is exactly 6; 7 and more count too."),
             (lambda: 1 - _influence_at_least(6), "that is the chance of less than 6."),
         ))
exercise("db-3", LESSON, "P(the Kit or the Knife in a hand of 5 after 3 Bottle Caps are "
                         "Destroyed and a Silver bought)",
         lambda: _kit_or_knife(givens.THINNED_DECK), denominator=56,
         hint="inclusion-exclusion: P(Kit) + P(Knife) - P(both), each from the 8 cards; or 1 "
              "minus the chance that the hand holds neither.",
         mistakes=(
             (lambda: _kit_or_knife(givens.THINNED_DECK, both=True),
              "that is both of them; the question is at least one."),
             (lambda: 2 * R(5, 8), "you added P(Kit) and P(Knife): subtract P(both), counted "
                                   "twice."),
             (lambda: _kit_or_knife(dict(givens.THINNED_DECK, silver=0)),
              "the Silver bought is in the deck too: 8 cards, not 7."),
             (lambda: _kit_or_knife(), "that is before the Bottle Caps were Destroyed."),
         ))
exercise("db-4", LESSON, "P(the Silver Sword and the Kit, both in the discard pile, are in the "
                         "next hand), 2 cards left in the deck",
         lambda: _reshuffle(), denominator=165,
         hint="the deck's last 2 cards are drawn first, for sure; the other 3 come from the 11 "
              "reshuffled: count the sets of 3 holding both cards.",
         mistakes=(
             (lambda: _reshuffle(from_all=True),
              "the deck's 2 cards are not shuffled back in: they are drawn first, and only 3 "
              "cards come from the 11 reshuffled."),
             (lambda: _reshuffle(both=False) ** 2,
              "the two events are not independent: once the Silver Sword is among the 3, two "
              "places are left for the Kit."),
             (lambda: _reshuffle(both=False), "that is one of the two cards; the question is "
                                              "both."),
         ))
exercise("db-5", LESSON, "the expected number of Bottle Caps in a hand of 5 from the core deck "
                         "with 2 Silver",
         lambda: _caps_mean(), denominator=3,
         hint="each of the 5 cards is a Bottle Cap with the same chance: add the 5 chances "
              "(expectation adds up, drawn with or without replacement).",
         mistakes=(
             (lambda: _caps_mean(_core()), "that is the core deck of 10; the 2 Silver make "
                                           "12 cards."),
             (lambda: R(8, 12), "that is the chance for one card; the hand has 5."),
         ))


# ------------------------------------------------------------- repeated trials
LESSON = "probability_repeated_trials"
HAND = 5     # Dobbers: a hand is 5 cards


def _scout_chance():
    """The chance that one Scout of the Warrior at the Haunted Chapel succeeds."""
    from ...hero_vs_guardian.odds import SCOUT_TARGET, roll_odds
    from ..simulations import modifier_table

    adventurer, room = givens.RT_SCOUT
    return roll_odds(SCOUT_TARGET, modifier_table("scout", [adventurer], [room])[0][0])


def _binomial(n: int, k: int, p, coefficient: bool = True):
    return (comb(n, k) if coefficient else 1) * p ** k * (1 - p) ** (n - k)


def _scouts_at_least(at_least: int | None = None, *, coefficient: bool = True):
    n = givens.RT_BINOMIAL["scouts"]
    least = givens.RT_BINOMIAL["at_least"] if at_least is None else at_least
    return sum((_binomial(n, k, _scout_chance(), coefficient) for k in range(least, n + 1)),
               R(0))


def _last_scout(coefficient=lambda k, r: comb(k - 1, r - 1)):
    r, k = givens.RT_NEGATIVE_BINOMIAL["needed"], givens.RT_NEGATIVE_BINOMIAL["on_scout"]
    p = _scout_chance()
    return coefficient(k, r) * p ** r * (1 - p) ** (k - r)


def _reroll_win(rolls_extra: int = 1):
    p = _fight(givens.RT_REROLL["creature"], companions=givens.RT_REROLL["companions"],
               swords=givens.RT_REROLL["swords"]).p_win
    return 1 - (1 - p) ** (givens.RT_REROLL_GOLD + rolls_extra)


def _reroll_chance():
    return _fight(givens.RT_REROLL["creature"], companions=givens.RT_REROLL["companions"],
                  swords=givens.RT_REROLL["swords"]).p_win


def _wait_mean(reshuffle_first: bool = True):
    """E[turns until the bought card is in hand]: after the reshuffle the card lies at a
    uniformly random place of the new deck, and each hand takes the next places."""
    d = sum(givens.RT_WAIT_DECK.values())
    m = sum(givens.RT_WAIT_DISCARD.values())
    if d >= HAND:
        raise InvalidArgumentError("rt-4 expects the deck to run out in the next draw")
    if not reshuffle_first:   # as if the deck's cards were shuffled in with the pile
        d, m = 0, d + m
    places = [HAND - d] + [HAND] * ((m - (HAND - d)) // HAND)
    places += [m - sum(places)] if sum(places) < m else []
    return sum((R(n, m) * turn for turn, n in enumerate(places, 1)), R(0))


exercise("rt-1", LESSON, "P(at least 4 of 6 separate Scouts of the Warrior at the Haunted "
                         "Chapel succeed)",
         lambda: _scouts_at_least(), denominator=729,
         hint="each Scout is a trial with the same chance p; the number of successes in 6 "
              "independent trials is binomial: add P(k) = C(6, k) p^k (1 - p)^(6 - k) over the "
              "k asked for.",
         mistakes=(
             (lambda: _binomial(6, 4, _scout_chance()),
              "that is exactly 4; the question is at least 4 (4, 5 or 6)."),
             (lambda: _scouts_at_least(coefficient=False),
              "each count k of successes happens in C(6, k) orders of the Scouts: multiply by "
              "the number of orders."),
             (lambda: _scouts_at_least(5), "that is 5 or more; 4 counts too."),
         ))
exercise("rt-2", LESSON, "P(winning the fight: 2 companions, a sword +1 against 10, 3 gold "
                         "pieces all spent on rerolls)",
         lambda: _reroll_win(), denominator=1296,
         hint="each roll of the die is a new, independent trial with the same chance; the "
              "fight is lost only if every roll misses: how many rolls do 3 gold pieces give?",
         mistakes=(
             (lambda: _reroll_win(0),
              "3 gold pieces buy 3 rerolls, but the first roll is free: 4 rolls in all."),
             (lambda: 4 * _reroll_chance(),
              "chances of events that can happen together do not add up: the fight is lost "
              "only if all the rolls miss (and 1 minus that)."),
             (lambda: _reroll_chance() * (1 - _reroll_chance()) ** 3,
              "that is the chance of winning on the last roll only; the fight can be won on "
              "any of them."),
         ))
exercise("rt-3", LESSON, "P(the 3rd successful Scout of the Warrior is his 5th Scout)",
         lambda: _last_scout(), denominator=243,
         hint="the 5th Scout must succeed, and exactly 2 of the 4 before it: a binomial "
              "chance for the first 4, times p (the negative binomial).",
         mistakes=(
             (lambda: _last_scout(lambda k, r: comb(k, r)),
              "that is exactly 3 successes among 5 Scouts in any order; the 5th must be the "
              "third success, so only the first 4 are in any order."),
             (lambda: _last_scout(lambda k, r: 1),
              "that is one order of the Scouts; count the orders of the first 4 too."),
         ))
exercise("rt-4", LESSON, "the expected number of turns until the Silver just bought is in "
                         "hand: 1 card left in the deck, 11 in the discard pile",
         lambda: _wait_mean(), denominator=11,
         hint="the deck's last card comes first, then the Silver lies at a random place of "
              "the 11 reshuffled: which places does each hand take? Average the turn over the "
              "places.",
         mistakes=(
             (lambda: R(sum(givens.RT_WAIT_DISCARD.values()), HAND),
              "that is 1/p for a geometric wait with p = 5/11: but the deck remembers, the "
              "Silver cannot miss forever; count the places of the new deck each hand takes."),
             (lambda: _wait_mean(reshuffle_first=False),
              "the card left in the deck is drawn first, it is not shuffled in with the pile: "
              "the first hand takes only 4 places of the new deck."),
         ))


# ------------------------------------------------------------- limit theorems
LESSON = "probability_limit_theorems"


def _face_variance():
    from ...core.dice import Distribution
    return Distribution.die(6).variance()


def _ceiling(x) -> int:
    return int(sympy.ceiling(x))


def _chebyshev_runs(square: bool = True, variance: bool = True):
    eps, risk = givens.LT_CLOSE, givens.LT_RISK
    spread = _face_variance() if variance else sympy.sqrt(_face_variance())
    return _ceiling(spread / ((eps ** 2 if square else eps) * risk))


def _normal_runs(errors: int = 2, variance: bool = True):
    spread = _face_variance() if variance else sympy.sqrt(_face_variance())
    return _ceiling(errors ** 2 * spread / givens.LT_CLOSE ** 2)


def _sixes(at_least: int | None = None, exactly: bool = False):
    n = givens.LT_SIXES["dice"]
    k = givens.LT_SIXES["at_least"] if at_least is None else at_least
    p = R(1, 6)
    if exactly:
        return _binomial(n, k, p)
    return sum((_binomial(n, j, p) for j in range(k, n + 1)), R(0))


def _share_variance(runs: int | None = None):
    p = _fight(givens.LT_FIGHT["creature"], companions=givens.LT_FIGHT["companions"],
               swords=givens.LT_FIGHT["swords"]).p_win
    return p * (1 - p) / (givens.LT_FIGHTS if runs is None else runs)


exercise("lt-1", LESSON, "the fewest rolls for which Chebyshev's inequality guarantees the mean "
                         "face is within a tenth of 7/2 except with chance at most a twentieth",
         lambda: _chebyshev_runs(),
         hint="Chebyshev: P(|mean - 7/2| >= e) <= Var(mean) / e^2, and Var(mean) = Var(face) "
              "/ n; find the smallest whole n that makes the bound a twentieth or less.",
         mistakes=(
             (lambda: _chebyshev_runs(square=False),
              "Chebyshev divides by the square of the distance, e^2, a hundredth."),
             (lambda: _chebyshev_runs(variance=False),
              "Chebyshev's bound uses the variance of a face (35/12), not its standard "
              "deviation."),
             (lambda: _chebyshev_runs() - 1,
              "with that n the bound is still a little above a twentieth: round up."),
             (lambda: _face_variance() / (givens.LT_CLOSE ** 2 * givens.LT_RISK),
              "the number of rolls is a whole number: take the smallest whole n at least "
              "that large."),
         ))
exercise("lt-2", LESSON, "P(at least 3 sixes among the 6 dice of two three-sword fights)",
         lambda: _sixes(),
         denominator=46656,
         hint="the number of sixes among independent dice is binomial with p = 1/6; add the "
              "chances of 3, 4, 5 and 6 sixes (or 1 minus those of 0, 1 and 2).",
         mistakes=(
             (lambda: _sixes(4), "that is more than 3 (4 or more); 3 counts too."),
             (lambda: _sixes(exactly=True), "that is exactly 3; the question is at least 3."),
             (lambda: 1 - _sixes(), "that is fewer than 3; the question is at least 3."),
         ))
exercise("lt-3", LESSON, "the fewest rolls for which two standard errors of the mean face are "
                         "at most a tenth",
         lambda: _normal_runs(),
         hint="the standard error of the mean of n rolls is sqrt(Var(face) / n): make 2 of "
              "them a tenth or less and solve for the smallest whole n.",
         mistakes=(
             (lambda: _normal_runs(1), "that is one standard error; the question asks for two "
                                       "(about 95% by the central limit theorem)."),
             (lambda: _normal_runs(variance=False),
              "the standard error is sqrt(variance / n): square both sides, the variance of a "
              "face is 35/12."),
             (lambda: _normal_runs() - 1, "with that n two standard errors are still a little "
                                          "above a tenth: round up."),
             (lambda: 4 * _face_variance() / givens.LT_CLOSE ** 2,
              "the number of rolls is a whole number: take the smallest whole n at least "
              "that large."),
         ))
exercise("lt-4", LESSON, "the variance of the share of fights won in 400 fights (2 companions, "
                         "swords +2 and +1, against 12)",
         lambda: _share_variance(), denominator=None,
         hint="the number of wins is binomial: Var(wins) = n p (1 - p); the share is wins / n, "
              "and Var(X / n) = Var(X) / n^2.",
         mistakes=(
             (lambda: _share_variance(1), "that is the variance of one fight; the share of 400 "
                                          "fights varies 400 times less."),
             (lambda: _share_variance(1) * givens.LT_FIGHTS,
              "that is the variance of the number of wins; the share is the number divided by "
              "400, and a variance divides by 400 squared."),
             (lambda: _share_variance(givens.LT_FIGHTS ** 2),
              "divide n p (1 - p) by n squared once: p (1 - p) / n."),
         ))


# --------------------------------------------------------- inclusion-exclusion
LESSON = "probability_inclusion_exclusion"


def _all_held(deck: dict, wanted, hand: int = HAND, most: int | None = None):
    """P(a hand holds at least one card of each kind in ``wanted``): 1 minus the union of
    the events "misses kind i", by inclusion-exclusion (``most``: only the terms missing at
    most that many kinds)."""
    from itertools import combinations

    size = sum(deck.values())
    total = R(0)
    for r in range(len(wanted) + 1 if most is None else most + 1):
        for missed in combinations(wanted, r):
            left = size - sum(deck[k] for k in missed)
            total += (-1) ** r * R(comb(left, hand), comb(size, hand))
    return total


def _da_cards():
    from ...dubious_alliance import load_deck
    return [set(card.types) for card in load_deck().cards.values()]


def _da_avoiding(types) -> int:
    return sum(1 for card in _da_cards() if not card & set(types))


def _da_all_present(types, hand: int = 4, overlap: bool = True):
    """P(a hand of 4 holds a card of every type in ``types``), by inclusion-exclusion over
    the types missed; ``overlap=False`` counts the cards avoiding types as if no card had
    two of them."""
    from itertools import combinations

    cards = _da_cards()
    size = len(cards)
    total = R(0)
    for r in range(len(types) + 1):
        for missed in combinations(types, r):
            if overlap:
                left = _da_avoiding(missed)
            else:
                left = size - sum(sum(1 for c in cards if t in c) for t in missed)
            total += (-1) ** r * R(comb(left, hand), comb(size, hand))
    return total


def _da_kinds_mean(types, hand: int = 4):
    size = len(_da_cards())
    return sum((1 - R(comb(_da_avoiding([t]), hand), comb(size, hand)) for t in types), R(0))


exercise("ie-1", LESSON, "P(a hand of 5 holds the Kit, the Knife and a Silver), the core deck "
                         "and two Silver",
         lambda: _all_held(givens.IE_DECK, givens.IE_WANTED), denominator=792,
         hint="1 minus P(the hand misses the Kit, or the Knife, or both Silver): add the three "
              "misses, take off the three pairs, add back the three at once; each is a count "
              "of the hands made of the other cards.",
         mistakes=(
             (lambda: _all_held(givens.IE_DECK, givens.IE_WANTED, most=1),
              "the hands missing two of the kinds are counted twice in the sum of the single "
              "misses: take them off once, then add back the hands that miss all three."),
             (lambda: _all_held(givens.IE_DECK, givens.IE_WANTED, most=2),
              "the hands that miss all three kinds: added three times, taken off three "
              "times; add them back once."),
         ))
exercise("ie-2", LESSON, "P(a Dubious Alliance first hand of 4 holds an Item and an Event)",
         lambda: _da_all_present(givens.IE_TWO_TYPES),
         hint="1 - P(no Item) - P(no Event) + P(neither), each a count of the hands made of "
              "the cards that avoid those types.",
         mistakes=(
             (lambda: 1 - _da_all_present(givens.IE_TWO_TYPES),
              "that is the chance that one of them is missing; the question is both there."),
             (lambda: 1 - R(comb(_da_avoiding(["Item"]), 4) + comb(_da_avoiding(["Event"]), 4),
                            comb(len(_da_cards()), 4)),
              "the hands with neither an Item nor an Event were taken off twice: add them back "
              "once."),
         ))
exercise("ie-3", LESSON, "P(a Dubious Alliance first hand of 4 holds an Item, an Event and a "
                         "Magic card)",
         lambda: _da_all_present(givens.IE_THREE_TYPES),
         hint="sum over the sets S of types missed, (-1)^|S| times the chance that the hand "
              "avoids every type of S; count the cards avoiding S in the deck itself (a "
              "card may have two types).",
         mistakes=(
             (lambda: _da_all_present(givens.IE_THREE_TYPES, overlap=False),
              "some cards have two types (Magic Items, ...): count the cards that avoid the "
              "types in the deck itself, not by subtracting each type's number."),
             (lambda: _da_all_present(givens.IE_TWO_TYPES),
              "that is an Item and an Event; the Magic card must be there too."),
         ))
exercise("ie-4", LESSON, "the expected number of the types Item, Event and Magic present in "
                         "a Dubious Alliance first hand of 4",
         lambda: _da_kinds_mean(givens.IE_THREE_TYPES),
         hint="an indicator per type: the mean is the sum of the three chances that a type is "
              "present, no inclusion-exclusion needed.",
         mistakes=(
             (lambda: 3 * _da_all_present(givens.IE_THREE_TYPES),
              "that is 3 times the chance that all three are present; add the chance of each "
              "type being there."),
         ))


# ------------------------------------------------------- Markov chains (lessons-b)
MC = "probability_markov_chains"


def _walk_chain():
    """The wandering minion's chain: (ground spaces, canopy spaces, Q, R) in sympy."""
    from ..simulations_chains import battlefield_moves, battlefield_spaces

    ground, canopy = battlefield_spaces()
    place = {s: i for i, s in enumerate(ground)}
    q, r = sympy.zeros(len(ground), len(ground)), sympy.zeros(len(ground), len(canopy))
    for s in ground:
        moves = battlefield_moves(s)
        for t in moves:
            if t in place:
                q[place[s], place[t]] += R(1, len(moves))
            else:
                r[place[s], canopy.index(t)] += R(1, len(moves))
    return ground, canopy, q, r


def _moves_to_tree(start: str, activations: bool = False):
    ground, _canopy, q, _r = _walk_chain()
    step = q * q if activations else q   # an activation: two moves, the Tree may end it early
    times = (sympy.eye(len(ground)) - step).LUsolve(sympy.ones(len(ground), 1))
    return times[ground.index(start)]


def _climb(start: str, space: str):
    ground, canopy, q, r = _walk_chain()
    ends = (sympy.eye(len(ground)) - q).LUsolve(r)
    return ends[ground.index(start), canopy.index(space)]


def _forgetful_race(other_after_one=None, after_both: bool = True):
    """The race of ``MC_RACE`` when every hand is dealt from all the cards not equipped:
    the Hero waits until both the Kit and the Knife are equipped (the first shield needs
    all four points), then the race goes as with both equipped."""
    from ...dobbers import position
    from ...dobbers.odds import expected_turns
    from ..simulations import dobbers_core_deck

    hero, at = givens.MC_RACE
    deck = dobbers_core_deck()
    size, hand = sum(deck.values()), 5
    p_both = Fraction(comb(size - 2, hand - 2), comb(size, hand))
    p_one = Fraction(2 * comb(size - 2, hand - 1), comb(size, hand))
    p_other = (Fraction(hand, size - 1) if other_after_one is None else other_after_one)
    after_one = 1 / p_other                                   # geometric
    until_both = (1 + p_one * after_one) / (1 - (1 - p_both - p_one))
    if not after_both:
        return until_both
    game = position(heroes=[hero], hand=[], at=at, trail=[at],
                    equipped={"weapon": "wooden_knife", "item": "traveling_kit"})
    rest = expected_turns(game, game.turn_player)
    assert rest.exact
    return until_both - 1 + Fraction(int(rest.turns.p), int(rest.turns.q))


def _real_race():
    from ...dobbers import position
    from ...dobbers.odds import expected_turns

    hero, at = givens.MC_RACE
    game = position(heroes=[hero], hand=[], at=at, trail=[at])
    return expected_turns(game, game.turn_player).turns


exercise("mc-1", MC, "the expected turns of the race from E9 (Brindle, the core deck) when "
                     "every hand is dealt from all the cards not equipped",
         lambda: _forgetful_race(), denominator=7,
         hint="the states are what is equipped: nothing, one of the two, both. Write the "
              "expected turns from each as 1 plus the average over the next state, solve, "
              "and add the turns the race still takes once both are equipped.",
         mistakes=(
             (lambda: _real_race(), "that is the real deck, whose second hand is the rest "
                                    "of the first; here every hand is a fresh shuffle."),
             (lambda: _forgetful_race(after_both=False),
              "that is the turns until both are equipped; the race to the Key goes on "
              "after that."),
             (lambda: _forgetful_race(other_after_one=Fraction(1, 2)),
              "once one card is equipped it is out of the deck: the other is among the "
              "hand's 5 of 9 cards."),
         ))
exercise("mc-2", MC, "the expected number of moves a minion moving at random from a1 takes "
                     "to climb into the Great Tree",
         lambda: _moves_to_tree(givens.MC_WALK_START), denominator=5,
         hint="one unknown per ground space: t(s) = 1 + the average of t over the spaces the "
              "minion may move to (0 for a canopy space). Solve the 24 equations with sympy.",
         mistakes=(
             (lambda: 4, "that is the shortest way; a minion at random wanders far longer."),
             (lambda: _moves_to_tree(givens.MC_WALK_START, activations=True),
              "that counts activations (two moves each); the question asks for moves."),
             (lambda: _moves_to_tree("c2"), "that is from c2, under the Tree; the minion "
                                            "starts in the corner a1."),
         ))
exercise("mc-3", MC, "the expected number of activations (two moves each, the second not "
                     "made once in the Tree) a minion at random from b1 takes to climb into "
                     "the Great Tree",
         lambda: _moves_to_tree(givens.MC_ACTIVATION_START, activations=True), denominator=5,
         hint="a chain whose step is one activation: its transition matrix among the ground "
              "spaces is Q times Q (two moves, neither into the Tree); or count moves and "
              "think about which moves can end in the Tree.",
         mistakes=(
             (lambda: _moves_to_tree(givens.MC_ACTIVATION_START) / 2,
              "half the moves would be right only if the Tree were always reached on a "
              "second move; from b1 it is reached on a first one."),
             (lambda: _moves_to_tree(givens.MC_ACTIVATION_START),
              "that counts moves; an activation is two of them."),
         ))
exercise("mc-4", MC, "the chance that a minion at random from b1 climbs into the Great Tree "
                     "at ^c2",
         lambda: _climb(*givens.MC_CLIMB), denominator=2200,
         hint="one unknown per ground space: h(s) = the average of h over the next spaces, "
              "with h = 1 at ^c2 and 0 at the other canopy spaces (or B = (I - Q)^-1 R).",
         mistakes=(
             (lambda: R(1, 4), "the four canopy spaces are not equally likely: ^c2 and ^b3 "
                               "are nearer b1."),
             (lambda: _climb(givens.MC_CLIMB[0], "^b3"), "that is ^b3; the question is ^c2."),
             (lambda: _climb(givens.MC_WALK_START, givens.MC_CLIMB[1]),
              "that is from a1; the minion starts at b1."),
         ))


# ------------------------------------------ confidence intervals and tests (lessons-b)
CI = "probability_confidence"


def _ci_sample_size(z: Fraction | int = 2, half=None, p=None) -> int:
    p = givens.CI_SAMPLE_SIZE["p"] if p is None else p
    half = givens.CI_SAMPLE_SIZE["half_width"] if half is None else half
    need = Fraction(z * z) * p * (1 - p) / half ** 2     # z sqrt(p(1-p)/n) <= half
    return -(-need.numerator // need.denominator)


def _weapon_chance() -> Fraction:
    from ...core.deck import hypergeom_pmf
    from ...dubious_alliance import load_deck

    deck = load_deck()
    weapons = sum(1 for c in deck.cards if "Weapon" in deck.card(c).types)
    return 1 - Fraction(str(hypergeom_pmf(len(deck.cards), weapons, 4, 0)))


def _coverage(n: int | None = None, p: Fraction | None = None, z: int = 2) -> Fraction:
    """P(p̂ - z SE <= p <= p̂ + z SE) over the binomial count, exactly (squared, so rational)."""
    n = givens.CI_BATCH if n is None else n
    p = _weapon_chance() if p is None else p
    total = Fraction(0)
    for k in range(n + 1):
        share = Fraction(k, n)
        if (share - p) ** 2 <= z * z * share * (1 - share) / n:
            total += comb(n, k) * p ** k * (1 - p) ** (n - k)
    return total


def _club_rate(who: str, size: int | None = None) -> Fraction:
    rows = givens.CI_CLUB.items() if size is None else [(size, givens.CI_CLUB[size])]
    wins = sum(t[who][0] for _s, t in rows)
    seats = sum(t[who][1] for _s, t in rows)
    return Fraction(wins, seats)


def _standardised(who: str, mix: str) -> Fraction:
    """``who``'s rate at each table size, weighted by ``mix``'s share of seats at each."""
    seats = {s: t[mix][1] for s, t in givens.CI_CLUB.items()}
    total = sum(seats.values())
    return sum((Fraction(seats[s], total) * _club_rate(who, s) for s in seats), Fraction(0))


exercise("ci-1", CI, "the fewest games for which p̂ ± 2 SE reaches at most 1/30 either way "
                     "when a seat wins with chance 1/4",
         lambda: _ci_sample_size(),
         hint="the half-width is 2 sqrt(p (1 - p) / n): set it at most 1/30, solve for n, and "
              "take the first whole number of games that does it.",
         mistakes=(
             (lambda: _ci_sample_size(z=1), "that makes one standard error 1/30; the interval "
                                            "reaches two either way."),
             (lambda: _ci_sample_size(p=Fraction(1, 2)),
              "that is the worst case p = 1/2; the question gives p = 1/4."),
             (lambda: _ci_sample_size(z=Fraction(196, 100)),
              "that uses 1.96; this lesson's interval is p̂ ± 2 SE."),
             (lambda: _ci_sample_size(half=Fraction(1, 60)),
              "that makes the whole interval 1/30 wide; 1/30 is how far it reaches either "
              "way."),
         ))
exercise("ci-2", CI, "the exact chance that p̂ ± 2 SE from 20 first hands covers the true "
                     "chance of a Weapon in a first hand of 4",
         lambda: _coverage(),
         hint="for each count k of hands with a Weapon (0 to 20), decide whether the interval "
              "from k/20 holds p (square both sides: no square root needed), and add the "
              "binomial chances of the k that do.",
         # (only mistakes a float can be recognised as: a simple fraction)
         mistakes=(
             (lambda: R(95, 100), "95% is what the interval is named for; its real coverage "
                                  "with 20 hands is another number: add it up."),
         ))
exercise("ci-3", CI, "in the club's season, the honest bot's pooled win rate minus the liar's",
         lambda: _club_rate("honest") - _club_rate("liar"),
         hint="pool: all the honest bot's wins over all its seats, at both table sizes; the "
              "same for the liar; subtract.",
         mistakes=(
             (lambda: _club_rate("liar") - _club_rate("honest"),
              "that is the liar's minus the honest bot's; the question is the other way."),
             (lambda: ((_club_rate("honest", 3) - _club_rate("liar", 3))
                       + (_club_rate("honest", 5) - _club_rate("liar", 5))) / 2,
              "that averages the two table sizes' differences; pool the wins and the seats."),
         ))
exercise("ci-4", CI, "the honest bot's win rate standardised to the liar's mix of table sizes",
         lambda: _standardised("honest", "liar"),
         hint="weight the honest bot's rate at 3 players and at 5 by the shares of the liar's "
              "seats that were at 3 and at 5.",
         mistakes=(
             (lambda: _standardised("honest", "honest"),
              "those are the honest bot's own weights: that is its pooled rate again."),
             (lambda: _standardised("liar", "honest"),
              "that is the liar standardised to the honest bot's mix; the question is the "
              "honest bot in the liar's."),
             (lambda: (_club_rate("honest", 3) + _club_rate("honest", 5)) / 2,
              "equal weights; the liar's seats were not half at each size."),
         ))


def _rule_fires(p: Fraction | None = None, at_least: int | None = None) -> Fraction:
    n = givens.CI_RULE["n"]
    at_least = givens.CI_RULE["at_least"] if at_least is None else at_least
    p = _weapon_chance() if p is None else p
    return sum((comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(at_least, n + 1)),
               Fraction(0))


exercise("ci-5", CI, "the power of the rule '22 or more of 60 hands hold a Weapon' against "
                     "the true chance of a Weapon in a first hand",
         lambda: _rule_fires(),
         hint="the power is the chance that the rule fires when the true chance is the real "
              "one (with p = 1/4 it would be the size, a false alarm): a binomial tail, 22 "
              "included, with p the chance of a Weapon in a hand of 4.",
         # (only mistakes a float can be recognised as: a simple fraction)
         mistakes=(
             (lambda: R(givens.CI_RULE["at_least"], givens.CI_RULE["n"]),
              "that is the rule's threshold as a share of the hands, not the chance that the "
              "rule fires."),
         ))


# ------------------------------------------------- covariance (lessons-b, a third lesson)
COV = "probability_covariance"


def _indicator_cov(deck, hand: int = 5) -> Fraction:
    """Cov(I_j, I_k) of two different cards of ``deck`` in a hand of ``hand``."""
    size = sum(deck.values())
    return Fraction(hand * (hand - 1), size * (size - 1)) - Fraction(hand, size) ** 2


def _count_var(kind: str, deck=None, hand: int = 5, binomial: bool = False) -> Fraction:
    """Var(how many ``kind`` cards in a hand), from the hypergeometric distribution."""
    from ...core.deck import hypergeom_pmf

    deck = givens.DECK_WITH_SILVER if deck is None else deck
    size, k = sum(deck.values()), deck[kind]
    if binomial:
        return hand * Fraction(k, size) * (1 - Fraction(k, size))
    pmf = {j: Fraction(str(hypergeom_pmf(size, k, hand, j))) for j in range(min(k, hand) + 1)}
    mean = sum(j * p for j, p in pmf.items())
    return sum((j - mean) ** 2 * p for j, p in pmf.items())


def _hand_joint(deck=None, hand: int = 5) -> dict:
    """P(Influence = i, travel cards = t), every way to fill a hand (the multivariate
    hypergeometric), with the cards' own printed Influence."""
    from ...core.deck import multivariate_hypergeom_pmf
    from ...dobbers import load_cards

    cards = load_cards()
    deck = dict(givens.DECK_WITH_SILVER if deck is None else deck)
    kinds = list(deck)
    out: dict = {}

    def fill(i, left, picked):
        if i == len(kinds):
            if left == 0:
                value = sum(cards.point(c, "influence") * m for c, m in picked.items())
                t = sum(m for c, m in picked.items() if c in ("traveling_kit", "wooden_knife"))
                p = Fraction(str(multivariate_hypergeom_pmf(deck, picked)))
                out[value, t] = out.get((value, t), Fraction(0)) + p
            return
        for m in range(min(deck[kinds[i]], left) + 1):
            fill(i + 1, left - m, {**picked, kinds[i]: m})

    fill(0, hand, {})
    return out


def _hand_moment(which: str, deck=None) -> Fraction:
    dist = _hand_joint(deck)
    e_i = sum(p * i for (i, _t), p in dist.items())
    e_t = sum(p * t for (_i, t), p in dist.items())
    if which == "cov":
        return sum(p * (i - e_i) * (t - e_t) for (i, t), p in dist.items())
    return sum(p * (i - e_i) ** 2 for (i, _t), p in dist.items())


exercise("cov-1", COV, "the variance of the number of Bottle Caps in a hand of 5 from the core "
                       "deck with 2 Silver",
         lambda: _count_var("bottle_cap"), denominator=99,
         hint="a sum of 8 indicators, one per Bottle Cap: add their 8 variances and their 56 "
              "covariances, or use n (K/N)(1 - K/N)(N - n)/(N - 1).",
         mistakes=(
             (lambda: _count_var("bottle_cap", binomial=True),
              "that is the binomial's n p (1 - p): drawing with replacement. Without it, the "
              "variance is smaller by (N - n)/(N - 1)."),
             (lambda: _count_var("bottle_cap", deck=dict(givens.DECK_WITH_SILVER, silver=0)),
              "that is the core deck of 10; the 2 Silver make 12 cards."),
         ))
exercise("cov-2", COV, "Cov(Influence, travel cards) in a hand of 5 from the core deck with 2 "
                       "Silver",
         lambda: _hand_moment("cov"), denominator=66,
         hint="Influence = C + 2S: Cov(C + 2S, T) = Cov(C, T) + 2 Cov(S, T), and each is the "
              "number of pairs of cards times the covariance of two different cards' "
              "indicators.",
         mistakes=(
             (lambda: 16 * _indicator_cov(givens.DECK_WITH_SILVER),
              "that is Cov(Bottle Caps, T) alone: the Silver print Influence too, 2 each."),
             (lambda: 0, "they are not independent: a place in the hand taken by a travel card "
                         "is not free for Influence."),
             (lambda: _hand_moment("cov", dobbers_deck_core()),
              "that is the core deck without the Silver."),
         ))
exercise("cov-3", COV, "Var(Influence) of a hand of 5 from the core deck with 2 Silver",
         lambda: _hand_moment("var"), denominator=33,
         hint="Var(C + 2S) = Var(C) + 4 Var(S) + 4 Cov(C, S); Cov(C, S) is 8 x 2 covariances "
              "of two different cards.",
         mistakes=(
             (lambda: _count_var("bottle_cap") + 4 * _count_var("silver"),
              "the Caps and the Silver compete for the same 5 places: add 4 Cov(C, S), which "
              "is negative."),
             (lambda: _count_var("bottle_cap") + 2 * _count_var("silver")
              + 4 * 16 * _indicator_cov(givens.DECK_WITH_SILVER),
              "Var(2S) is 4 Var(S), not 2 Var(S)."),
         ))


def dobbers_deck_core():
    from ..simulations import dobbers_core_deck
    return dict(dobbers_core_deck())
exercise("cov-4", COV, "Var(Influence + travel cards) of a hand of 5 from the core deck with 2 "
                       "Silver",
         lambda: _hand_moment("var") + _count_var("traveling_kit", deck=dict(
             givens.DECK_WITH_SILVER, traveling_kit=2, wooden_knife=0))
         + 2 * _hand_moment("cov"), denominator=396,
         hint="Var(I + T) = Var(I) + Var(T) + 2 Cov(I, T), with the answers above; or see what "
              "I + T is, card by card.",
         mistakes=(
             (lambda: _hand_moment("var") + _count_var("traveling_kit", deck=dict(
                 givens.DECK_WITH_SILVER, traveling_kit=2, wooden_knife=0)),
              "Influence and travel are not independent: add 2 Cov(I, T)."),
             (lambda: 0, "not every card prints exactly one point: a Silver prints 2."),
         ))
