"""The lessons' exercises (:class:`Exercise`, all in :data:`EXERCISES`): each answer is
computed by the library when it is checked (by :mod:`.check`, which imports this module).

Nothing here writes an answer down: every ``expected`` (and every common
mistake) is a small computation with the games' own odds functions, so the
answers stay out of the notebooks and follow the library if a rule or a data
file changes. The lessons and exercise ids:

- ``probability_fog_fights``: ``fog-1`` ... ``fog-8``;
- ``probability_scout_and_venture``: ``sv-1`` ... ``sv-5``;
- ``probability_conditioning``: ``cond-1`` ... ``cond-7``;
- ``probability_deck_building``: ``db-1`` ... ``db-5``.

>>> from dungeoncraft_widgets.lessons import exercises
>>> len(exercises("probability_fog_fights")), len(exercises("probability_conditioning"))
(8, 7)
>>> len(exercises("probability_deck_building"))
5
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Any

import sympy

from ..core.errors import InvalidArgumentError

R = sympy.Rational


@dataclass(frozen=True)
class Mistake:
    """A common wrong answer (computed, like the expected one) and what to say about it."""

    value: Callable[[], Any]
    hint: str


@dataclass(frozen=True)
class Exercise:
    """One exercise of a lesson.

    ``expected`` computes the answer with the library (called when an answer is
    checked, and remembered); ``tolerance`` is how far a float may be from it to
    count as "close"; ``denominator`` is the denominator a student naturally
    counts over (6 faces, 36 rolls), used to say how to write a right float
    exactly; ``hint`` is said for any wrong answer no mistake explains.
    """

    id: str
    lesson: str
    question: str
    expected: Callable[[], Any]
    tolerance: float = 0.0005
    denominator: int | None = None
    hint: str = ""
    mistakes: tuple[Mistake, ...] = ()


#: Every exercise, by id, in definition order (filled by :func:`exercise` below).
EXERCISES: dict[str, Exercise] = {}


def exercise(id: str, lesson: str, question: str, expected: Callable[[], Any], *,
             mistakes: tuple[tuple[Callable[[], Any], str], ...] = (), **options: Any
             ) -> Exercise:
    """Define an exercise (see :class:`Exercise`) and add it to :data:`EXERCISES`;
    ``mistakes`` as (value, hint) pairs.

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


# ------------------------------------------------------------------------- demo
exercise("demo-half", "demo", "the chance of heads with one fair coin", lambda: R(1, 2),
         denominator=2, mistakes=((lambda: R(1, 4),
                                   "that is two heads in a row; the question is about one coin"),),
         hint="count the outcomes: how many faces does a coin have, and how many are heads?")


# ----------------------------------------------------------------- fog fights
def _fight(creature: int, **kwargs):
    from ..adventure_land.odds import fight_odds
    return fight_odds(creature, **kwargs)


def _dice(n: int):
    from ..core.dice import dice_sum
    return dice_sum(n)


def _rulebook_fight(gold: int = 0):
    """The rulebook's example: 2 companions, swords +2 and +1, against a creature of 12."""
    return _fight(12, companions=2, swords=(2, 1), gold=gold)


def _three_swords(creature: int):
    return _fight(creature, companions=2, swords=(2, 1, 0), choose_swords=False)


LESSON = "probability_fog_fights"
exercise("fog-1", LESSON, "the chance to win the rulebook's example without gold",
         lambda: _rulebook_fight().p_win, denominator=36,
         hint="list the 36 rolls (a, b) and count those with a + b at least 6.",
         mistakes=(
             (lambda: _dice(2).at_least(7),
              "'reach' means at least: a sum of exactly 6 wins too."),
             (lambda: _dice(2).at_least(5),
              "the certain part is 1 + 2 companions + 3 sword extras = 6, so the dice must "
              "make 12 - 6 = 6."),
             (lambda: R(15, 21),
              "you counted unordered pairs: (1, 2) and (2, 1) are different rolls, 36 in all, "
              "and equally likely."),
             (lambda: _dice(2).at_most(5), "that is the chance to lose."),
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
         lambda: _runs_needed(4), tolerance=0,
         hint="solve 4 * sqrt(p (1 - p) / N) <= 0.005 for N, and round up.",
         mistakes=(
             (lambda: _runs_needed(1), "square the 4 as well: N >= 16 p (1 - p) / 0.005^2."),
             (lambda: _runs_needed(2), "that is 2 standard errors; the question asks for 4."),
             (lambda: _runs_needed(4) - 1, "round up: N runs must be enough, not just short."),
         ))


def _advice():
    from ..adventure_land.odds import fight_advice
    return fight_advice(13, (2, 1), companions=2, sword_bonus=3, gold=2)


exercise("fog-7", LESSON, "the win chance with dice 2 and 1, strength 9 against 13, two gold",
         lambda: _advice().p_win, denominator=36,
         hint="the dice and gold must make 13 - 6 = 7; after one reroll one gold is left, as "
              "+1 or as another reroll.",
         mistakes=(
             (lambda: R(1, 2), "after a first reroll that falls short, the second gold can "
                               "reroll again."),
             (lambda: next(o.p_win for o in _advice().options if o.die == 2),
              "that is rerolling the 2 first: rerolling the lower die throws away less."),
         ))
exercise("fog-8", LESSON, "what the option to reroll adds to the rulebook's example, one gold",
         lambda: _rulebook_fight(gold=1).reroll_worth, denominator=216,
         hint="count the rolls where +1 is not enough but a reroll of the lower die can "
              "still win, and the chance it does.",
         mistakes=(
             (lambda: _rulebook_fight(gold=1).gold_worth,
              "that is what the gold adds in all; the question is what the reroll adds over "
              "using the gold as +1."),
             (lambda: _rulebook_fight(gold=1).p_win_no_rerolls - _rulebook_fight().p_win,
              "that is what +1 adds over no gold."),
             (lambda: _rulebook_fight(gold=1).p_win,
              "that is the chance to win; subtract the chance with gold only as +1."),
         ))


# ------------------------------------------------------------- Scout and Venture
def _table(kind: str, adventurers, rooms):
    from .simulations import modifier_table
    return modifier_table(kind, adventurers, rooms)


def _location(kind: str, adventurers, rooms, **kwargs):
    from ..hero_vs_guardian.odds import location_odds
    return location_odds(kind, _table(kind, adventurers, rooms), **kwargs)


def _points(adventurers, rooms):
    from .simulations import adventurer_points, room_points
    return {"adventurer_points": adventurer_points(adventurers),
            "room_points": room_points(rooms)}


#: The lesson's Adventurers and rooms (card ids of the shipped card set).
SV_EXERCISE_1 = (["A05"], ["D06"])                     # Warrior +3 Ventures Goblin Warren
SV_EXERCISE_2 = (["A09", "A12", "A06"], ["D06"])       # +0, +1, +5 Venture one room
SV_EXERCISE_3 = (["A09", "A01", "A05"], ["D10", "D02"])  # Rogue, Cleric, Warrior Scout
SV_EXERCISE_4 = (["A06", "A01", "A09"], ["D07", "D11"])  # Venture for points
SV_EXERCISE_5 = (["A13"], ["D12"])                     # a Wizard alone at the Crypt

LESSON = "probability_scout_and_venture"
exercise("sv-1", LESSON, "the chance the Warrior (+3) Ventures the Goblin Warren",
         lambda: _location("venture", *SV_EXERCISE_1).p_all, denominator=6,
         hint="which faces f make f + 3 at least 6? Count them out of 6.",
         mistakes=(
             (lambda: R(1, 2), "face 3 counts: 3 + 3 = 6 reaches 6."),
             (lambda: R(5, 6), "faces 1 and 2 fall short: 1 + 3 and 2 + 3 are below 6."),
             (lambda: 1 - _location("venture", *SV_EXERCISE_1).p_all,
              "that is the chance of capture."),
         ))
exercise("sv-2", LESSON, "the chance that nobody Ventures the room (+0, +1, +5)",
         lambda: _location("venture", *SV_EXERCISE_2).rooms_done[0], denominator=216,
         hint="the room stays undone only if all three rolls fail: multiply the three chances "
              "of failing.",
         mistakes=(
             (lambda: 0, "you counted the natural 1 as a success: with +5 a natural 1 would "
                         "reach 6, but a natural 1 always fails."),
             (lambda: 1 - _location("venture", *SV_EXERCISE_2).rooms_done[0],
              "that is the chance that someone succeeds."),
         ))
exercise("sv-3", LESSON, "the chance Rogue, Cleric, Warrior (in that order) Scout both rooms",
         lambda: _location("scout", *SV_EXERCISE_3).p_all, denominator=216,
         hint="follow the cases: the Rogue succeeds or fails; each case sends the next "
              "Adventurer to a different room.",
         mistakes=(
             (lambda: _location("scout", *(["A09", "A01"], ["D10", "D02"])).p_all,
              "the Warrior is third: when one of the first two fails, the Warrior still rolls."),
         ))
exercise("sv-4", LESSON, "the Guardian's expected points from the Venture",
         lambda: _location("venture", *SV_EXERCISE_4, **_points(*SV_EXERCISE_4))
         .guardian_points, denominator=216,
         hint="add, for each Adventurer, its points times its chance of capture.",
         mistakes=(
             (lambda: _location("venture", *SV_EXERCISE_4).expected_captured,
              "that is how many Adventurers are captured on average: weigh each by its "
              "points."),
             (lambda: _location("venture", *SV_EXERCISE_4, **_points(*SV_EXERCISE_4))
              .hero_points, "those are the Hero's points."),
         ))
exercise("sv-5", LESSON, "the expected net points if the Wizard Ventures the Crypt",
         lambda: _location("venture", *SV_EXERCISE_5, **_points(*SV_EXERCISE_5)).value,
         denominator=6,
         hint="net points = P(success) x room points - P(capture) x the Wizard's points.",
         mistakes=(
             (lambda: _location("venture", *SV_EXERCISE_5, **_points(*SV_EXERCISE_5))
              .hero_points, "subtract what the Guardian scores when the Wizard is captured."),
             (lambda: R(4, 6) * 3 - R(2, 6) * 2,
              "success and capture are the other way round: the Wizard needs a 5 or 6."),
         ))


# ---------------------------------------------------------------- conditioning
def _stack() -> Counter:
    from .simulations import creature_stack
    return creature_stack()


#: The creatures met so far in the conditioning exercise (cond-1).
CREATURES_MET = (8, 10, 14)


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
         lambda: _next_at_least(CREATURES_MET, 14), denominator=11,
         hint="take the three creatures met out of the stack; count what is left.",
         mistakes=(
             (lambda: _next_at_least((), 14, total=sum(_stack().values()) - 3),
              "the 14 already met is no longer in the stack."),
             (lambda: _next_at_least((), 14), "that is the chance before anything was met: "
                                               "condition on what you have seen."),
             (lambda: _next_at_least(CREATURES_MET, 14, total=sum(_stack().values())),
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
    from .simulations import sword_stack
    return sword_stack()


def _sword_pmf(k: int):
    from ..core.deck import hypergeom_pmf
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
    from .simulations import type_counts
    return type_counts()


def _deck_size() -> int:
    from ..dubious_alliance import load_deck
    return len(load_deck().cards)


def _monster_pmf(k: int):
    from ..core.deck import hypergeom_pmf
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

#: How many bot games the Bayes section measures claims in (seeds 0, 1, ...).
CLAIM_GAMES = 80


def claim_counts(temperament: str, games: int = CLAIM_GAMES) -> dict[str, int]:
    """Counts over the first offers of a card in a round by bots of ``temperament``:
    ``offers``, ``weapon`` (the card is a Weapon), ``praise``, ``weapon_praise``.

    >>> counts = claim_counts("liar", games=3)
    >>> counts["praise"] == counts["offers"]   # the liar praises every card it offers
    True
    """
    from .simulations import claim_records

    first = [r for r in claim_records(games) if r.temperament == temperament and not r.repeat]
    weapon = [r for r in first if "Weapon" in r.types]
    return {"offers": len(first), "weapon": len(weapon),
            "praise": sum(1 for r in first if r.tone > 0),
            "weapon_praise": sum(1 for r in weapon if r.tone > 0)}


def _posterior(temperament: str):
    c = claim_counts(temperament)
    prior = R(c["weapon"], c["offers"])
    if_weapon = R(c["weapon_praise"], c["weapon"])
    if_not = R(c["praise"] - c["weapon_praise"], c["offers"] - c["weapon"])
    return if_weapon * prior / (if_weapon * prior + if_not * (1 - prior))


def _naive_second(temperament: str):
    c = claim_counts(temperament)
    prior = R(c["weapon"], c["offers"])
    ratio = R(c["weapon_praise"], c["weapon"]) / R(c["praise"] - c["weapon_praise"],
                                                   c["offers"] - c["weapon"])
    odds = prior / (1 - prior) * ratio ** 2
    return odds / (1 + odds)


exercise("cond-5", LESSON, "P(Weapon | an honest bot praises the card it offers)",
         lambda: _posterior("honest"), tolerance=0.001,
         hint="Bayes' rule: P(praise | W) P(W) / (P(praise | W) P(W) + P(praise | not W) "
              "P(not W)), with the honest bot's counts.",
         mistakes=(
             (lambda: R(claim_counts("honest")["weapon_praise"], claim_counts("honest")["weapon"]),
              "that is P(praise | Weapon); Bayes' rule turns it round into P(Weapon | praise)."),
             (lambda: R(claim_counts("honest")["weapon"], claim_counts("honest")["offers"]),
              "that is the prior, before the praise; for the honest bot the praise is evidence."),
         ))
exercise("cond-6", LESSON, "P(Weapon | the liar praises the card it offers)",
         lambda: _posterior("liar"), tolerance=0.001,
         hint="the liar praises every card it offers: P(praise | W) = P(praise | not W).",
         mistakes=(
             (lambda: _posterior("honest"), "that is the honest bot's; use the liar's counts."),
             (lambda: 1, "the liar praises every card, Weapon or not."),
         ))
exercise("cond-7", LESSON, "P(Weapon | the honest bot praises the same card a second time)",
         lambda: _posterior("honest"), tolerance=0.001,
         hint="is the second praise new evidence? What decides the honest bot's words?",
         mistakes=(
             (lambda: _naive_second("honest"),
              "you multiplied by the likelihood ratio twice, as if the second praise were new, "
              "independent evidence. The honest bot praises by its card and its state, which "
              "did not change: the second praise follows from the first."),
         ))

# ------------------------------------------------------------- deck building (Dobbers)
def _core() -> Counter:
    from .simulations import dobbers_core_deck
    return dobbers_core_deck()


def _hypergeom(population: int, successes: int, draws: int, k: int):
    from ..core.deck import hypergeom_pmf
    return hypergeom_pmf(population, successes, draws, k)


def _both_in_hand(caps_destroyed: int = 0, hand: int = 5):
    """P(the Traveling Kit and the Wooden Knife both in a hand drawn from the core deck
    with ``caps_destroyed`` Bottle Caps Destroyed)."""
    size = sum(_core().values()) - caps_destroyed
    return _hypergeom(size, 2, hand, 2)


def _kit_or_knife(hand: int = 3):
    size = sum(_core().values())
    return 1 - _hypergeom(size, 2, hand, 0)


#: The deck of Exercises 2 and 5: the core deck and two Silver bought (Influence 2 each).
DECK_WITH_SILVER = {"bottle_cap": 8, "traveling_kit": 1, "wooden_knife": 1, "silver": 2}


def influence_distribution(deck: dict | None = None, hand: int = 5) -> dict:
    """The Influence a hand of ``hand`` cards prints, drawn from ``deck`` (card id -> how
    many), as value -> exact chance: a multivariate hypergeometric sum.

    >>> influence_distribution({"bottle_cap": 2, "wooden_knife": 1}, hand=2)
    {1: 2/3, 2: 1/3}
    """
    from itertools import product

    from ..core.deck import multivariate_hypergeom_pmf
    from ..dobbers import load_cards

    cards = load_cards()
    counts = dict(deck or DECK_WITH_SILVER)
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


def _caps_mean(deck: dict | None = None, hand: int = 5):
    counts = dict(deck or DECK_WITH_SILVER)
    return R(hand * counts["bottle_cap"], sum(counts.values()))


#: Exercise 4: the deck holds 2 cards; the discard pile (with this turn's cards) 11, among
#: them the Silver Sword just bought.
RESHUFFLE = (2, 11)


def _reshuffle_chance(deck_left: int = RESHUFFLE[0], discard: int = RESHUFFLE[1],
                      hand: int = 5):
    return R(hand - deck_left, discard)


LESSON = "probability_deck_building"
exercise("db-1", LESSON, "P(the first player's 3-card opening hand holds the Kit or the Knife)",
         lambda: _kit_or_knife(3), denominator=120,
         hint="it is easier the other way round: the chance that all 3 cards are Bottle "
              "Caps, then 1 minus that.",
         mistakes=(
             (lambda: 2 * R(3, 10), "you added P(Kit) and P(Knife), but both can be in the "
                                    "hand: that counts those hands twice."),
             (lambda: R(3, 10), "that is the Kit alone; the question is the Kit or the "
                                "Knife."),
             (lambda: _hypergeom(10, 2, 3, 0), "that is the chance of neither."),
             (lambda: 1 - R(8, 10) ** 3, "that draws with replacement: a card dealt is not "
                                         "put back, so the second is drawn from 9."),
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
exercise("db-3", LESSON, "P(both the Kit and the Knife in a hand of 5 after 3 Bottle Caps "
                         "are Destroyed)",
         lambda: _both_in_hand(3), denominator=21,
         hint="the deck now has 7 cards; choose the Kit and the Knife, then 3 of the other 5.",
         mistakes=(
             (lambda: _both_in_hand(0), "that is before the Bottle Caps were Destroyed."),
             (lambda: R(5, 7) ** 2, "the two events are not independent: once the Kit is in "
                                    "the hand, one place fewer is left for the Knife."),
             (lambda: 1 - _hypergeom(7, 2, 5, 0), "that is the chance of at least one of "
                                                  "them."),
         ))
exercise("db-4", LESSON, "P(the Silver Sword just bought is in the next hand), 2 cards left "
                         "in the deck",
         lambda: _reshuffle_chance(), denominator=11,
         hint="the deck's last 2 cards are drawn first, for sure; only the rest of the hand "
              "comes from the reshuffled discard pile.",
         mistakes=(
             (lambda: R(5, 13), "the deck's 2 cards are not shuffled back in: they are drawn "
                                "first, and only 3 cards come from the 11 reshuffled."),
             (lambda: R(5, 11), "only 3 of the hand's 5 cards come from the reshuffled pile."),
             (lambda: R(1, 11), "3 cards, not 1, are drawn from the reshuffled pile."),
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


__all__ = ["EXERCISES", "Exercise", "Mistake", "exercise",
           "CLAIM_GAMES", "DECK_WITH_SILVER", "RESHUFFLE", "influence_distribution",
           "CREATURES_MET", "SV_EXERCISE_1", "SV_EXERCISE_2", "SV_EXERCISE_3", "SV_EXERCISE_4",
           "SV_EXERCISE_5", "claim_counts"]
