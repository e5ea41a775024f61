"""Exact Scout and Venture odds for Hero versus Guardian (one d6 per Adventurer).

The Hero puts 1 to 4 Adventurers in order and sends them into a location of 1
or 2 rooms. This module answers, exactly (``sympy.Rational``): how likely is
every room done, how many Adventurers will the Guardian capture, when should an
Adventurer Retreat, and which Adventurers should go in which order.

>>> odds = location_odds("venture", [[2], [4]], room_points=[3], adventurer_points=[2, 2])
>>> odds.p_all, odds.capture_chance
(11/12, (1/2, 1/12))
>>> odds.hero_points, odds.guardian_points, odds.value
(11/4, 7/6, 19/12)

How the rulebook is read (sections Scout, Venture, Retreat, Die Roll
Modifiers, Vacant Rooms, Final Scoring). Every interpretation is listed here:

1. **One roll.** A d6 plus the total modifier must reach the target: Scout 5+,
   Venture 6+, Retreat 4+. A natural 1 always fails, whatever the modifier
   ("A natural 1 is always considered a failed roll"), so no roll succeeds more
   often than 5/6.
2. **Capture.** Scouting captures an Adventurer only on a failed natural 1
   ("captured ... ONLY if a failed roll is a natural 1"). A failed Venture or
   Retreat roll captures. In all three, a natural 1 that the modifier would have
   turned into a success (``1 + modifier >= target``) fails *without* capture
   (the Venture note; "a natural 1 in a Retreat is treated like a natural 1 in a
   Venture"; the same sentence in Scout).
3. **The sequence.** The 1st Adventurer rolls for the 1st room attempted. A
   failure (captured or not) passes the same room to the next Adventurer; a
   success finishes that room and the next Adventurer rolls for the next room.
   Each Adventurer rolls at most once. It stops when every room is done or every
   Adventurer has rolled. ``modifiers[i][j]`` is the *total* modifier of the
   i-th Adventurer in order against the j-th room attempted: the Adventurer's
   room-type modifier (a Cleric adds 4 against an Evil room), Powers (Scouting
   +1, Venturing +1), Level Tokens (+1), Items, Spells, Dungeon Effects, the
   room card's own text and a Vacant Room's modifier for the other room at the
   location. The caller adds these up; this module does not know the cards.
4. **Scouting needs enough Adventurers**: "at least as many Adventurers as
   there are rooms", so Scouting 2 rooms with 1 Adventurer is refused.
5. **Retreat** (Venture only). From the 2nd Adventurer on, the Adventurer
   whose turn it is may roll to Retreat (4+) instead of rolling to Venture,
   whether the previous roll succeeded or failed. A successful Retreat ends the
   Venture and every remaining Adventurer leaves safely; rooms already Ventured
   stay Ventured (they went to the Hero's pile when they were won). A failed
   Retreat captures that Adventurer (unless it was a natural 1 the modifier
   would have saved) and the next Adventurer again chooses Retreat or Venture.
   ``retreat[i]`` is the i-th Adventurer's total Retreat modifier.
6. **Points.** A Ventured room scores its point value for the Hero ("Dungeon
   Rooms removed by the Hero score their full point value"); a Scouted room
   scores nothing, so ``room_points`` is refused for a Scout. A captured
   Adventurer scores its point value (plus its attached Items' values: include
   them in ``adventurer_points``) for the Guardian. The value of a Venture to
   the Hero is expected Hero points minus expected points captured. Left out,
   because they are not decided by these rolls: the Guardian's 1 point per 2
   locations without a Map/Scout Token, the 8 points of a Treasure Vault left in
   the Dungeon, and the game ending when the Vault is Ventured.
7. **Optimal retreat.** What happens after an Adventurer's turn depends only on
   which Adventurer is next and how many rooms are done, and points already won
   or lost are kept whatever comes next, so the best choice depends only on
   those two (a policy table). On a tie the Adventurer Ventures (a Retreat is
   taken only when strictly better). With ``retreat`` given, the distributions
   of the result describe play under that optimal policy; ``never_retreat``
   holds the same numbers when nobody Retreats.
8. **Not modelled**: Sacrifice (a Cleric captured in another's place) and Armor
   change *who* is captured, not whether a roll succeeds; pass the points of the
   Adventurer who would really be lost if you play them. A Cursed Item attached
   after a failed roll does not matter here: each Adventurer rolls only once.
9. **Room order.** Scouting 2 rooms, the Hero chooses which room comes first;
   Venturing a Scouted location too; Venturing an unscouted one, the Guardian
   chooses after the Order Tokens are placed; the Treasure Vault is never
   Ventured first when another room shares its location. :func:`best_order`
   offers ``room_order="given"``, ``"hero"`` or ``"guardian"`` for these cases.

Arithmetic inside is on integers (chances as numerators over ``6 ** n`` for
``n`` Adventurers), so it is fast; results leave as ``sympy.Rational``.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import sympy

from ..core.checks import one_of, sequence, shown, whole_number
from ..core.dice import Distribution
from ..core.display import ResultDisplay
from ..core.english import chance, ordinal
from ..core.errors import InvalidArgumentError
from .dungeon import MAX_ROOMS, ORDER_TOKENS, TARGET
from .scout_venture import roll_result

__all__ = [
    "ACTIONS",
    "MAX_ADVENTURERS",
    "MAX_CANDIDATES",
    "MAX_ROOMS",
    "RETREAT_TARGET",
    "SCOUT_TARGET",
    "VENTURE_TARGET",
    "BestOrder",
    "LocationOdds",
    "MixedTables",
    "OrderChoice",
    "RetreatDecision",
    "RollOutcome",
    "best_order",
    "location_odds",
    "roll_odds",
    "roll_outcome",
]

SCOUT_TARGET = TARGET["scout"]  # 5+
VENTURE_TARGET = TARGET["venture"]  # 6+
RETREAT_TARGET = TARGET["retreat"]  # 4+
ACTIONS = ("scout", "venture")
MAX_ADVENTURERS = ORDER_TOKENS  # four Order Tokens
# MAX_ROOMS (dungeon.py): "No more than 2 Dungeon Room Cards are allowed in a location"
MAX_CANDIDATES = 12  # best_order: 12 Adventurers give 13,000 orders of up to 4 (~0.5 s)
ROOM_ORDERS = ("given", "hero", "guardian")
RANK_BY = ("p_all", "value")

_D6 = Distribution.die(6)


# ----- checking arguments ---------------------------------------------------------------------

def _numbers(name: str, value: object, length: int, minimum: int | None = None
             ) -> tuple[int, ...]:
    """``value`` as ``length`` whole numbers (one per Adventurer, or one per room)."""
    items = sequence(value, name, lambda item, where: whole_number(item, where, minimum=minimum),
                     most=length)
    if len(items) != length:
        raise InvalidArgumentError(f"{name} must have {length} entries, not {len(items)}")
    return tuple(items)


def _modifier_table(modifiers: object) -> tuple[tuple[int, ...], ...]:
    rows = sequence(modifiers, "modifiers", lambda row, where: row, most=MAX_ADVENTURERS)
    if not rows:
        raise InvalidArgumentError(
            f"modifiers must have one row per Adventurer, 1 to {MAX_ADVENTURERS} rows, not 0")
    first = sequence(rows[0], "modifiers[0]", lambda item, where: item, most=MAX_ROOMS)
    if not first:
        raise InvalidArgumentError(
            f"modifiers[0] must have one entry per room, 1 to {MAX_ROOMS}, not 0")
    return tuple(_numbers(f"modifiers[{i}]", row, len(first)) for i, row in enumerate(rows))


# ----- one roll ----------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _roll_counts(kind: str, modifier: int) -> tuple[int, int, int]:
    """(successes, captures, safe failures) among the six faces, for one roll."""
    success = captured = 0
    for face, count in _D6.counts.items():
        won, lost = roll_result(kind, face, modifier)  # the engine's rule, face by face
        success += count if won else 0
        captured += count if lost else 0
    return success, captured, _D6.total - success - captured


def roll_odds(target: int, modifier: int | sympy.Expr) -> sympy.Expr:
    """The chance that a d6 plus ``modifier`` reaches ``target``; a natural 1 always fails.

    An integer ``modifier`` gives a ``sympy.Rational``. A sympy expression (a
    ``Symbol``) gives the exact piecewise formula, equal to the number for every
    integer value of the modifier: 0 when even a 6 falls short, one sixth per
    face that reaches the target, and never more than 5/6 (the natural 1).

    >>> roll_odds(5, 4)            # a Cleric Scouting an Evil room: only a natural 1 fails
    5/6
    >>> roll_odds(6, 2)            # a Cleric Venturing a Magic room: 4, 5 or 6
    1/2
    >>> m = sympy.Symbol("m", integer=True)
    >>> roll_odds(6, m)
    Piecewise((0, m <= -1), (m/6 + 1/6, m < 4), (5/6, True))
    >>> roll_odds(6, m).subs(m, 2)
    1/2
    """
    target = whole_number(target, "target")
    if isinstance(modifier, sympy.Basic) and not isinstance(modifier, sympy.Integer):
        if not isinstance(modifier, sympy.Expr) or not modifier.free_symbols:
            raise InvalidArgumentError(
                f"modifier must be a whole number or a sympy expression with a symbol, "
                f"not {shown(modifier)}")
        # faces 2..6 reach the target when face >= target - m: 7 - target + m of them
        return sympy.Piecewise(
            (sympy.Integer(0), modifier <= target - 7),
            ((modifier + 7 - target) / sympy.Integer(6), modifier < target - 2),
            (sympy.Rational(5, 6), True),
        )
    modifier = whole_number(int(modifier) if isinstance(modifier, sympy.Integer) else modifier,
                            "modifier")
    reaching = sum(1 for face in range(2, 7) if face + modifier >= target)
    return sympy.Rational(reaching, 6)


@dataclass(frozen=True, repr=False)
class RollOutcome(ResultDisplay):
    """The three outcomes of one roll: success, failure with capture, failure without.

    ``kind`` is "scout", "venture" or "retreat"; ``modifier`` the total
    modifier; ``success``, ``captured`` and ``safe_failure`` are
    ``sympy.Rational`` summing to 1.
    """

    kind: str
    modifier: int
    success: sympy.Rational
    captured: sympy.Rational
    safe_failure: sympy.Rational

    def summary(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return (f"{self.kind.capitalize()} {self.modifier:+d} (needs {TARGET[self.kind]}+): "
                f"success {self.success}, captured {self.captured}, "
                f"failure without capture {self.safe_failure}")

    def _repr_html_(self) -> str:
        return f"<p class='dcw-odds'>{html.escape(str(self))}</p>"


def roll_outcome(kind: str, modifier: int) -> RollOutcome:
    """Success, capture and safe-failure chances of one Scout, Venture or Retreat roll.

    >>> print(roll_outcome("scout", 4))     # Cleric vs an Evil room: the 1 fails, no capture
    Scout +4 (needs 5+): success 5/6, captured 0, failure without capture 1/6
    >>> print(roll_outcome("venture", 0))
    Venture +0 (needs 6+): success 1/6, captured 5/6, failure without capture 0
    """
    kind = one_of(kind, "kind", tuple(TARGET))
    modifier = whole_number(modifier, "modifier")
    success, captured, safe = _roll_counts(kind, modifier)
    return RollOutcome(kind, modifier, sympy.Rational(success, 6), sympy.Rational(captured, 6),
                       sympy.Rational(safe, 6))


# ----- the whole location: integer core -------------------------------------------------------

@dataclass
class _Tally:
    """Numerators over ``6 ** n`` (``denominator``) of everything a result reports."""

    denominator: int
    rooms_done: list[int]
    captured: list[int]
    capture: list[int]
    rolls: list[int]
    retreat_attempts: list[int]
    retreated: int
    hero_points: int
    guardian_points: int


def _optimal_retreats(step_counts, retreat_counts, room_points, adventurer_points):
    """Backward induction. Returns (value numerator over 6**n, {(i, j): (venture, retreat)}).

    ``scaled[i][j]`` is the expected net points still to come when Adventurer i is
    next with j rooms done, times ``6 ** (n - i)`` so it stays an integer.
    """
    n, rooms = len(step_counts), len(room_points)
    scaled = [[0] * (rooms + 1) for _ in range(n + 1)]
    choices: dict[tuple[int, int], tuple[int, int]] = {}
    for i in range(n - 1, -1, -1):
        scale = 6 ** (n - i - 1)
        lost = adventurer_points[i] * scale
        for j in range(rooms - 1, -1, -1):
            stay = scaled[i + 1][j]
            success, captured, safe = step_counts[i][j]
            venture = (success * (room_points[j] * scale + scaled[i + 1][j + 1])
                       + captured * (stay - lost) + safe * stay)
            if i == 0:  # nobody may Retreat before the 1st Adventurer has rolled
                scaled[i][j] = venture
                continue
            _, r_captured, r_safe = retreat_counts[i]
            retreat = r_captured * (stay - lost) + r_safe * stay  # a success ends it: 0 more
            choices[(i, j)] = (venture, retreat)
            scaled[i][j] = venture if venture >= retreat else retreat
    return scaled[0][0], choices


def _play(step_counts, retreat_counts, retreat_at, room_points, adventurer_points) -> _Tally:
    """Forward pass: the exact distribution of the procedure under a retreat policy."""
    n, rooms = len(step_counts), len(step_counts[0])
    full = 6 ** n
    tally = _Tally(full, [0] * (rooms + 1), [0] * (n + 1), [0] * n, [0] * n, [0] * n, 0, 0, 0)
    layer = {(0, 0): 1}  # (rooms done, captured so far) -> numerator over 6**i
    for i in range(n):
        up = 6 ** (n - i - 1)  # lifts a numerator over 6**(i+1) to one over 6**n
        after: dict[tuple[int, int], int] = {}
        lost = adventurer_points[i] if adventurer_points else 0
        for (done, taken), weight in layer.items():
            tally.rolls[i] += weight * 6 * up
            retreating = (i, done) in retreat_at
            if retreating:
                success, captured, safe = retreat_counts[i]
                tally.retreat_attempts[i] += weight * 6 * up
            else:
                success, captured, safe = step_counts[i][done]
            if success:
                mass = weight * success
                if retreating:  # the Venture ends; the others leave safely
                    tally.retreated += mass * up
                    tally.rooms_done[done] += mass * up
                    tally.captured[taken] += mass * up
                else:
                    if room_points:
                        tally.hero_points += mass * up * room_points[done]
                    if done + 1 == rooms:
                        tally.rooms_done[rooms] += mass * up
                        tally.captured[taken] += mass * up
                    else:
                        key = (done + 1, taken)
                        after[key] = after.get(key, 0) + mass
            if captured:
                mass = weight * captured
                tally.capture[i] += mass * up
                tally.guardian_points += mass * up * lost
                key = (done, taken + 1)
                after[key] = after.get(key, 0) + mass
            if safe:
                key = (done, taken)
                after[key] = after.get(key, 0) + weight * safe
        layer = after
    for (done, taken), weight in layer.items():  # every Adventurer has rolled
        tally.rooms_done[done] += weight
        tally.captured[taken] += weight
    return tally


@dataclass
class _Evaluation:
    """One order, in integers: the tally played under the policy, and the policy.

    The no-retreat tally is computed only when a result is built (``never``):
    ranking orders does not need it.
    """

    tally: _Tally
    value: int | None  # numerator over 6**n of the net points under the policy played
    choices: dict
    retreat_at: frozenset
    replay: tuple | None = None  # what _play needs for the never-retreat tally

    def never(self) -> _Tally:
        return _play(*self.replay)


def _evaluate(action, table, room_points, adventurer_points, retreat) -> _Evaluation:
    step_counts = [[_roll_counts(action, m) for m in row] for row in table]
    if retreat is None:
        tally = _play(step_counts, None, frozenset(), room_points, adventurer_points)
        value = None
        if adventurer_points is not None:
            value = tally.hero_points - tally.guardian_points
        return _Evaluation(tally, value, {}, frozenset())
    retreat_counts = [_roll_counts("retreat", m) for m in retreat]
    value, choices = _optimal_retreats(step_counts, retreat_counts, room_points,
                                       adventurer_points)
    retreat_at = frozenset(state for state, (go, back) in choices.items() if back > go)
    tally = _play(step_counts, retreat_counts, retreat_at, room_points, adventurer_points)
    if tally.hero_points - tally.guardian_points != value:  # the two passes must agree
        raise AssertionError("retreat policy: forward and backward passes disagree")
    return _Evaluation(tally, value, choices, retreat_at,
                       (step_counts, retreat_counts, frozenset(), room_points, adventurer_points))


# ----- results -----------------------------------------------------------------------------

@dataclass(frozen=True, repr=False)
class RetreatDecision(ResultDisplay):
    """The optimal choice of the Adventurer at ``adventurer_index`` (0-based, in
    order) when ``rooms_done`` rooms are done: ``choice`` is "retreat" or
    "venture"; ``venture_value`` and ``retreat_value`` are the expected net
    points still to come (Hero minus Guardian) after each choice; ``reach_chance``
    is the chance this decision comes up under the optimal policy."""

    adventurer_index: int
    rooms_done: int
    choice: str
    venture_value: sympy.Rational
    retreat_value: sympy.Rational
    reach_chance: sympy.Rational

    def summary(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return (f"{ordinal(self.adventurer_index + 1)} Adventurer, {self.rooms_done} room(s) "
                f"done: {self.choice} (Venture {self.venture_value}, "
                f"Retreat {self.retreat_value}; comes up with chance {self.reach_chance})")

    def _repr_html_(self) -> str:
        return f"<p class='dcw-odds'>{html.escape(str(self))}</p>"


@dataclass(frozen=True, repr=False)
class LocationOdds(ResultDisplay):
    """Exact odds of one Scout or Venture of a location (all chances ``sympy.Rational``).

    Fields (tuples are indexed by Adventurer in order, 0-based, or by count):

    - ``action``: "scout" or "venture"; ``modifiers``: the table used
      (``modifiers[i][j]``: i-th Adventurer against j-th room attempted);
      ``retreat_modifiers``: each Adventurer's Retreat modifier, or None.
    - ``p_all``: chance every room is done (Scouted or Ventured).
    - ``rooms_done``: chance of 0, 1, ... rooms done (index = rooms).
    - ``captured``: chance of 0, 1, ... Adventurers captured (index = count).
    - ``capture_chance``: each Adventurer's chance of capture.
    - ``roll_chance``: each Adventurer's chance of rolling at all.
    - ``expected_rooms``, ``expected_captured``: the means of the two above.
    - ``hero_points``, ``guardian_points``, ``value``: expected points of
      rooms Ventured, of Adventurers captured, and their difference (None when
      the points needed were not given; ``hero_points`` is 0 for a Scout).
    - ``p_retreat``: chance the Venture ends in a successful Retreat (0 without
      ``retreat``); ``retreat_chance``: each Adventurer's chance of rolling to
      Retreat.
    - ``retreat_policy``: a tuple of :class:`RetreatDecision`, one per state
      where a Retreat may be chosen (None without ``retreat``);
      ``never_retreat_value``: the value when nobody ever Retreats;
      ``never_retreat``: the full odds when nobody Retreats (None without
      ``retreat``).
    """

    action: str
    modifiers: tuple[tuple[int, ...], ...]
    p_all: sympy.Rational
    rooms_done: tuple[sympy.Rational, ...]
    captured: tuple[sympy.Rational, ...]
    capture_chance: tuple[sympy.Rational, ...]
    roll_chance: tuple[sympy.Rational, ...]
    expected_rooms: sympy.Rational
    expected_captured: sympy.Rational
    hero_points: sympy.Rational | None = None
    guardian_points: sympy.Rational | None = None
    value: sympy.Rational | None = None
    retreat_modifiers: tuple[int, ...] | None = None
    p_retreat: sympy.Rational = sympy.Integer(0)
    retreat_chance: tuple[sympy.Rational, ...] = ()
    retreat_policy: tuple[RetreatDecision, ...] | None = None
    never_retreat_value: sympy.Rational | None = None
    never_retreat: LocationOdds | None = None
    assumption: str = ""
    cases: tuple[tuple[sympy.Rational, sympy.Rational], ...] = ()

    @property
    def retreat_when(self) -> tuple[RetreatDecision, ...]:
        """The decisions of the optimal policy that are "retreat"."""
        return tuple(d for d in self.retreat_policy or () if d.choice == "retreat")

    def _lines(self) -> list[tuple[str, str]]:
        rows = [("all rooms done", chance(self.p_all)),
                ("rooms done", ", ".join(f"{k}: {p}" for k, p in enumerate(self.rooms_done))),
                ("Adventurers captured",
                 ", ".join(f"{k}: {p}" for k, p in enumerate(self.captured))),
                ("capture chance (in order)",
                 ", ".join(f"{ordinal(i + 1)} {p}" for i, p in enumerate(self.capture_chance))),
                ("expected captured", str(self.expected_captured))]
        if self.value is not None:
            rows.append(("expected points",
                         f"Hero {self.hero_points}, Guardian {self.guardian_points}, "
                         f"net {self.value}"))
        if self.retreat_policy is not None:
            when = "; ".join(f"{ordinal(d.adventurer_index + 1)} Adventurer with "
                             f"{d.rooms_done} room(s) done" for d in self.retreat_when)
            rows.append(("optimal retreat", when or "never"))
            rows.append(("retreat chance", str(self.p_retreat)))
            rows.append(("value: optimal / never retreat",
                         f"{self.value} / {self.never_retreat_value}"))
        return rows

    def _head(self) -> str:
        head = (f"{self.action.capitalize()}: {len(self.capture_chance)} Adventurer(s), "
                f"{len(self.rooms_done) - 1} room(s)")
        return head + (f", {self.assumption}" if self.assumption else "")

    def summary(self) -> str:
        """One line: every room done, and the Adventurers expected captured."""
        return (f"{self._head()}: all done {chance(self.p_all)}, "
                f"expected captured {self.expected_captured}")

    def __str__(self) -> str:
        return "\n".join([self._head()] + [f"  {name}: {text}" for name, text in self._lines()])

    def _repr_html_(self) -> str:
        head = html.escape(self._head())
        body = "".join(f"<tr><th>{html.escape(name)}</th><td>{html.escape(text)}</td></tr>"
                       for name, text in self._lines())
        return f"<table class='dcw-odds'><caption>{head}</caption>{body}</table>"


def _rational(numerator: int, denominator: int) -> sympy.Rational:
    return sympy.Rational(numerator, denominator)


def _odds_from(action, table, retreat, evaluation: _Evaluation, points_given: bool,
               *, never: _Tally | None = None) -> LocationOdds:
    tally = never or evaluation.tally
    den = tally.denominator
    rooms_done = tuple(_rational(x, den) for x in tally.rooms_done)
    captured = tuple(_rational(x, den) for x in tally.captured)
    hero = guardian = value = None
    if points_given:
        hero = _rational(tally.hero_points, den)
        guardian = _rational(tally.guardian_points, den)
        value = hero - guardian
    fields = dict(
        action=action,
        modifiers=table,
        p_all=rooms_done[-1],
        rooms_done=rooms_done,
        captured=captured,
        capture_chance=tuple(_rational(x, den) for x in tally.capture),
        roll_chance=tuple(_rational(x, den) for x in tally.rolls),
        expected_rooms=_rational(sum(k * x for k, x in enumerate(tally.rooms_done)), den),
        expected_captured=_rational(sum(tally.capture), den),
        hero_points=hero,
        guardian_points=guardian,
        value=value,
        retreat_modifiers=retreat,
        p_retreat=_rational(tally.retreated, den),
        retreat_chance=tuple(_rational(x, den) for x in tally.retreat_attempts),
    )
    if retreat is not None and never is None:
        n = len(table)
        reach = _reach_chances(evaluation, table, retreat)
        policy = tuple(
            RetreatDecision(i, j, "retreat" if (i, j) in evaluation.retreat_at else "venture",
                            _rational(go, 6 ** (n - i)), _rational(back, 6 ** (n - i)),
                            reach[(i, j)])
            for (i, j), (go, back) in sorted(evaluation.choices.items()))
        never = evaluation.never()
        fields.update(retreat_policy=policy,
                      never_retreat_value=_rational(never.hero_points - never.guardian_points,
                                                    never.denominator),
                      never_retreat=_odds_from(action, table, retreat, evaluation, points_given,
                                               never=never))
    return LocationOdds(**fields)


def _reach_chances(evaluation, table, retreat) -> dict[tuple[int, int], sympy.Rational]:
    """Chance each (Adventurer, rooms done) state comes up under the policy played."""
    n, rooms = len(table), len(table[0])
    step = [[_roll_counts("venture", m) for m in row] for row in table]
    back = [_roll_counts("retreat", m) for m in retreat]
    reach = {(0, 0): 1}  # numerators over 6**i
    out = {}
    for i in range(n):
        nxt: dict[tuple[int, int], int] = {}
        for j in range(rooms):
            weight = reach.get((i, j), 0)
            out[(i, j)] = _rational(weight, 6 ** i)
            if not weight:
                continue
            if (i, j) in evaluation.retreat_at:
                _, c, s = back[i]
                nxt[(i + 1, j)] = nxt.get((i + 1, j), 0) + weight * (c + s)
            else:
                ok, c, s = step[i][j]
                nxt[(i + 1, j)] = nxt.get((i + 1, j), 0) + weight * (c + s)
                nxt[(i + 1, j + 1)] = nxt.get((i + 1, j + 1), 0) + weight * ok
        reach = nxt
    return out


@dataclass(frozen=True)
class MixedTables:
    """Modifier tables that may each be the real one, with exact chances summing to 1
    (the rooms of a location not seen yet: see ``belief.location_chance``).

    ``cases``: ``(chance, table, room_points)`` each; ``table`` as in :func:`location_odds`
    (rows: Adventurers in order; columns: rooms in the order attempted), or None for a
    location with no room left (nothing to roll: every room, none, is done);
    ``room_points`` None or one per room. ``assumption``: what the chances rest on.

    >>> both = MixedTables(((sympy.Rational(1, 2), ((4,),), None),
    ...                     (sympy.Rational(1, 2), ((0,),), None)), "a fair coin")
    >>> location_odds("venture", both).p_all      # (5/6 + 1/6) / 2
    1/2
    """

    cases: tuple[tuple[sympy.Rational, tuple[tuple[int, ...], ...] | None,
                       tuple[int, ...] | None], ...]
    assumption: str = ""


def _mixed_odds(action: str, mixture: MixedTables,
                adventurer_points: Sequence[int] | None) -> LocationOdds:
    cases = [(Fraction(int(sympy.Rational(w).p), int(sympy.Rational(w).q)), t, rp)
             for w, t, rp in mixture.cases]
    if not cases or sum(w for w, _, _ in cases) != 1 or any(w < 0 for w, _, _ in cases):
        raise InvalidArgumentError("modifiers: the chances of a MixedTables must sum to 1")
    tables = [(w, _modifier_table(t), rp) for w, t, rp in cases if t is not None]
    empty = sum((w for w, t, _ in cases if t is None), Fraction(0))
    if not tables:
        one, none = sympy.Integer(1), sympy.Integer(0)
        return LocationOdds(action, (), one, (one,), (one,), (), (), none, none,
                            assumption=mixture.assumption, cases=((one, one),))
    n, rooms = len(tables[0][1]), len(tables[0][1][0])
    if any(len(t) != n or len(t[0]) != rooms for _, t, _ in tables):
        raise InvalidArgumentError("modifiers: every table of a MixedTables has the same shape")
    if adventurer_points is not None:
        adventurer_points = _numbers("adventurer_points", adventurer_points, n, 0)
    sums: dict[str, list[Fraction]] = {k: [Fraction(0)] * size for k, size in (
        ("rooms_done", rooms + 1), ("captured", n + 1), ("capture", n), ("rolls", n))}
    hero = guardian = Fraction(0)
    out_cases = []
    for w, table, rp in tables:
        points = _numbers("room_points", rp, rooms, 0) if rp is not None else (0,) * rooms
        tally = _evaluate(action, table, points, adventurer_points, None).tally
        den = tally.denominator
        for key in sums:
            for k, x in enumerate(getattr(tally, key)):
                sums[key][k] += w * Fraction(x, den)
        hero += w * Fraction(tally.hero_points, den)
        guardian += w * Fraction(tally.guardian_points, den)
        out_cases.append((_rational(w.numerator, w.denominator),
                          _rational(tally.rooms_done[-1], den)))
    sums["rooms_done"][-1] += empty  # a location left empty: done without a roll
    sums["captured"][0] += empty
    if empty:
        out_cases.append((_rational(empty.numerator, empty.denominator), sympy.Integer(1)))
    r = {k: tuple(_rational(x.numerator, x.denominator) for x in v) for k, v in sums.items()}
    values: dict[str, Any] = {}
    if adventurer_points is not None:
        values = dict(hero_points=_rational(hero.numerator, hero.denominator),
                      guardian_points=_rational(guardian.numerator, guardian.denominator))
        values["value"] = values["hero_points"] - values["guardian_points"]
    likeliest = max(tables, key=lambda c: c[0])[1]
    return LocationOdds(
        action=action, modifiers=likeliest, p_all=r["rooms_done"][-1],
        rooms_done=r["rooms_done"], captured=r["captured"], capture_chance=r["capture"],
        roll_chance=r["rolls"],
        expected_rooms=sum((k * p for k, p in enumerate(r["rooms_done"])), sympy.Integer(0)),
        expected_captured=sum(r["capture"], sympy.Integer(0)),
        assumption=mixture.assumption, cases=tuple(out_cases), **values)


def location_odds(
    action: str,
    modifiers: Sequence[Sequence[int]] | MixedTables,
    *,
    room_points: Sequence[int] | None = None,
    adventurer_points: Sequence[int] | None = None,
    retreat: Sequence[int] | None = None,
) -> LocationOdds:
    """Exact odds of Scouting (5+) or Venturing (6+) one location.

    ``modifiers[i][j]`` is the total modifier of the i-th Adventurer in order
    (1 to 4 of them) against the j-th room attempted (1 or 2 rooms). With
    ``adventurer_points`` (each Adventurer's capture value, Items included) the
    result has expected points; for a Venture give ``room_points`` too.
    ``retreat`` (each Adventurer's Retreat modifier, Venture only, needs both
    kinds of points) adds the optimal retreat policy. See the module docstring
    for every rule reading. ``modifiers`` may also be a :class:`MixedTables` (tables that
    may each be the real one, with their chances: rooms not seen yet, from
    ``belief.location_chance``): the result is the exact mixture, each case's chance in
    ``cases``.

    >>> cleric_scouts = location_odds("scout", [[4]])   # Cleric vs an Evil room
    >>> cleric_scouts.p_all, cleric_scouts.capture_chance
    (5/6, (0,))
    >>> odds = location_odds("venture", [[2, 0], [3, 1], [0, 3]], room_points=[2, 4],
    ...                      adventurer_points=[2, 2, 1], retreat=[0, 2, 1])
    >>> odds.p_all, odds.value, odds.never_retreat_value
    (11/18, 11/6, 65/36)
    >>> for decision in odds.retreat_when:
    ...     print(decision)
    3rd Adventurer, 0 room(s) done: retreat (Venture -1/2, Retreat -1/3; comes up with chance 1/6)
    """
    action = one_of(action, "action", ACTIONS)
    if isinstance(modifiers, MixedTables):
        if room_points is not None or retreat is not None:
            raise InvalidArgumentError("room_points/retreat: give them per case in the "
                                       "MixedTables (retreat: not with mixed tables)")
        return _mixed_odds(action, modifiers, adventurer_points)
    table = _modifier_table(modifiers)
    n, rooms = len(table), len(table[0])
    if action == "scout" and n < rooms:
        raise InvalidArgumentError(
            f"modifiers: Scouting {rooms} rooms needs at least {rooms} Adventurers, not {n}")
    if room_points is not None:
        if action == "scout":
            raise InvalidArgumentError(
                "room_points: a Scouted room scores nothing, so room_points is for 'venture'")
        room_points = _numbers("room_points", room_points, rooms, 0)
    if adventurer_points is not None:
        adventurer_points = _numbers("adventurer_points", adventurer_points, n, 0)
    if retreat is not None:
        if action != "venture":
            raise InvalidArgumentError("retreat: an Adventurer may Retreat only in a Venture")
        retreat = _numbers("retreat", retreat, n)
        if room_points is None or adventurer_points is None:
            missing = "room_points" if room_points is None else "adventurer_points"
            raise InvalidArgumentError(
                f"{missing}: the optimal retreat weighs points, so retreat needs "
                "room_points and adventurer_points")
    if action == "venture" and (room_points is None) != (adventurer_points is None):
        missing = "room_points" if room_points is None else "adventurer_points"
        raise InvalidArgumentError(f"{missing}: expected points of a Venture need both "
                                   "room_points and adventurer_points")
    evaluation = _evaluate(action, table, room_points or (0,) * rooms, adventurer_points,
                           retreat)
    return _odds_from(action, table, retreat, evaluation, adventurer_points is not None)


# ----- which Adventurers, in what order ------------------------------------------------------

@dataclass(frozen=True, repr=False)
class OrderChoice(ResultDisplay):
    """One way to go in: ``adventurers`` (names, in order), ``rooms`` (names, in
    the order attempted) and its exact ``odds`` (:class:`LocationOdds`)."""

    adventurers: tuple[str, ...]
    rooms: tuple[str, ...]
    odds: LocationOdds

    def summary(self) -> str:
        text = (f"{' > '.join(self.adventurers)} into {' then '.join(self.rooms)}: "
                f"all done {chance(self.odds.p_all)}, "
                f"expected captured {self.odds.expected_captured}")
        if self.odds.value is not None:
            text += f", net points {self.odds.value}"
        return text

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        return f"<div class='dcw-odds'><p>{html.escape(self.summary())}</p>" \
               f"{self.odds._repr_html_()}</div>"


@dataclass(frozen=True, repr=False)
class BestOrder(ResultDisplay):
    """The answer of :func:`best_order`.

    - ``best``: the best :class:`OrderChoice`; ``runners_up``: the next best,
      best first; ``worst``: the worst choice considered (how much order matters).
    - ``by``: the ranking ("p_all": most likely to do every room, ties broken by
      fewer expected points captured; "value": most expected net points, ties by
      ``p_all``); ``room_order``: "given", "hero" or "guardian";
      ``candidates``: how many Adventurer orders were compared.
    """

    best: OrderChoice
    runners_up: tuple[OrderChoice, ...]
    worst: OrderChoice
    by: str
    room_order: str
    candidates: int

    def summary(self) -> str:
        """One line: the best order of those compared (``repr`` shows it)."""
        return f"best of {self.candidates} orders (by {self.by}): {self.best.summary()}"

    def _ranked(self) -> list[tuple[str, OrderChoice]]:
        """(rank, choice) rows: the best, the runners-up, then the worst, which is named
        once: as a rank when it is among them (two orders: the other one is the worst)."""
        rows = [("best", self.best)]
        for k, choice in enumerate(self.runners_up, 2):
            last = choice == self.worst
            rows.append((f"{k}, the worst" if last else str(k), choice))
        if self.worst != self.best and all(c != self.worst for _, c in rows):
            rows.append(("worst", self.worst))
        return rows

    def __str__(self) -> str:
        lines = [f"Best of {self.candidates} orders (ranked by {self.by}):"]
        lines += [f"  {rank}: {choice.summary()}" for rank, choice in self._ranked()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = self._ranked()
        # The net points column only when points were given (else it would stand empty).
        points = any(c.odds.value is not None for _rank, c in rows)
        cells = "".join(
            "<tr><th>{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td>{}</tr>".format(
                html.escape(rank), html.escape(" > ".join(c.adventurers)),
                html.escape(" then ".join(c.rooms)), html.escape(str(c.odds.p_all)),
                html.escape(str(c.odds.expected_captured)),
                f"<td>{html.escape(str(c.odds.value))}</td>" if points else "")
            for rank, c in rows)
        ranked = RANKING_WORDS.get(self.by, self.by)
        caption = html.escape(f"Best of {self.candidates} orders (ranked by {ranked})")
        return (f"<table class='dcw-odds'><caption>{caption}</caption><tr><th></th>"
                "<th>Adventurers</th><th>rooms</th><th>all done</th><th>expected captured</th>"
                + ("<th>net points</th>" if points else "") + f"</tr>{cells}</table>")


#: The rankings of :func:`best_order` in words, for its tables.
RANKING_WORDS = {"p_all": "the chance every room is done",
                 "value": "the points expected, won minus captured"}


def _named(name: str, value: object, names: Sequence[str], minimum: int | None = None) -> dict:
    if not isinstance(value, Mapping):
        raise InvalidArgumentError(
            f"{name} must be a mapping Adventurer name -> integer, not {type(value).__name__}")
    missing = [a for a in names if a not in value]
    if missing:
        raise InvalidArgumentError(f"{name} has no entry for {', '.join(map(repr, missing))}")
    return {a: whole_number(value[a], f"{name}[{a!r}]", minimum=minimum) for a in names}


def best_order(
    action: str,
    adventurers: Mapping[str, Sequence[int] | Mapping[str, int]],
    rooms: Sequence[str],
    *,
    room_points: Sequence[int] | Mapping[str, int] | None = None,
    adventurer_points: Mapping[str, int] | None = None,
    retreat: Mapping[str, int] | None = None,
    by: str = "p_all",
    room_order: str = "given",
    max_adventurers: int = MAX_ADVENTURERS,
    runners_up: int = 3,
) -> BestOrder:
    """Which Adventurers to send, in what order, to Scout or Venture a location.

    ``adventurers`` maps each available Adventurer's name to its total
    modifiers against the ``rooms`` (a list in the order of ``rooms``, or a
    mapping room name -> modifier). Every ordered choice of 1 to
    ``max_adventurers`` of them is compared (a Scout needs at least one per
    room). ``by="p_all"`` (default) maximises the chance every room is done,
    ties broken by fewer expected points captured (Adventurers captured, without
    ``adventurer_points``), then by fewer Adventurers sent; ``by="value"``
    maximises expected net points (needs the points). ``room_order``: "given"
    (rooms in the order listed), "hero" (the Hero picks the room order too: a
    Scout, or a Venture of a Scouted location) or "guardian" (an unscouted
    Venture: the Guardian picks the room order worst for the Hero after seeing
    the Order Tokens). ``room_points``, ``adventurer_points`` and ``retreat``
    are as in :func:`location_odds`, keyed by name; with ``retreat`` every
    order is played with its own optimal retreat policy, and its ``p_all`` is
    the chance under that policy.

    >>> team = {"Cleric": [4, 0], "Warrior": [0, 3], "Rogue": [1, 4]}
    >>> answer = best_order("scout", team, ["Evil room", "Trap room"])
    >>> answer.best.adventurers, answer.best.odds.p_all
    (('Cleric', 'Rogue', 'Warrior'), 95/108)
    >>> print(answer.worst)
    Warrior > Cleric into Evil room then Trap room: all done 1/9 ≈ 11.1%, expected captured 2/9
    """
    action = one_of(action, "action", ACTIONS)
    if not isinstance(adventurers, Mapping) or not adventurers:
        raise InvalidArgumentError(
            "adventurers must be a non-empty mapping name -> modifiers against the rooms")
    if len(adventurers) > MAX_CANDIDATES:  # refused before any order is built
        raise InvalidArgumentError(
            f"adventurers: best_order compares every order of up to 4 of them, so it takes at "
            f"most {MAX_CANDIDATES} ({len(adventurers)} given; {MAX_CANDIDATES} already make "
            "about 13,000 orders, half a second): choose the ones worth sending")
    names = list(adventurers)
    if not all(isinstance(a, str) for a in names):
        raise InvalidArgumentError("adventurers: every name must be a str")
    room_names = sequence(rooms, "rooms", lambda room, where: room, most=MAX_ROOMS)
    if not 1 <= len(room_names) <= MAX_ROOMS or len(set(room_names)) != len(room_names):
        raise InvalidArgumentError(
            f"rooms must list 1 to {MAX_ROOMS} different rooms, not {room_names!r}")
    if not all(isinstance(r, str) for r in room_names):
        raise InvalidArgumentError("rooms: every room name must be a str")
    if by not in RANK_BY:
        raise InvalidArgumentError(f"by must be one of {', '.join(RANK_BY)}, not {by!r}")
    if room_order not in ROOM_ORDERS:
        raise InvalidArgumentError(
            f"room_order must be one of {', '.join(ROOM_ORDERS)}, not {room_order!r}")
    max_adventurers = whole_number(max_adventurers, "max_adventurers", minimum=1)
    if max_adventurers > MAX_ADVENTURERS:
        raise InvalidArgumentError(
            f"max_adventurers must be at most {MAX_ADVENTURERS} (Order Tokens), "
            f"not {max_adventurers}")
    runners_up = whole_number(runners_up, "runners_up", minimum=0)

    modifier_of: dict[str, dict[str, int]] = {}
    for a in names:
        given = adventurers[a]
        if isinstance(given, Mapping):
            modifier_of[a] = _named(f"adventurers[{a!r}]", given, room_names)
        else:
            row = _numbers(f"adventurers[{a!r}]", given, len(room_names))
            modifier_of[a] = dict(zip(room_names, row, strict=True))
    if room_points is not None:
        if isinstance(room_points, Mapping):
            points_of_room = _named("room_points", room_points, room_names, 0)
        else:
            points_of_room = dict(zip(room_names, _numbers(
                "room_points", room_points, len(room_names), 0), strict=True))
    if adventurer_points is not None:
        adventurer_points = _named("adventurer_points", adventurer_points, names, 0)
    if retreat is not None:
        retreat = _named("retreat", retreat, names)
    if by == "value" and (adventurer_points is None
                          or (action == "venture" and room_points is None)):
        raise InvalidArgumentError("by: ranking by 'value' needs adventurer_points "
                                   "(and room_points for a Venture)")
    # location_odds checks the combinations (retreat needs points, Scout has no room
    # points...) on one representative before the search, so errors come early.
    probe = names[:max(len(room_names), 1)]
    if action == "scout" and len(names) < len(room_names):
        raise InvalidArgumentError(
            f"adventurers: Scouting {len(room_names)} rooms needs at least "
            f"{len(room_names)} Adventurers, not {len(names)}")

    def arguments(order, room_sequence):
        table = tuple(tuple(modifier_of[a][r] for r in room_sequence) for a in order)
        rp = None if room_points is None else tuple(points_of_room[r] for r in room_sequence)
        ap = None if adventurer_points is None else tuple(adventurer_points[a] for a in order)
        rt = None if retreat is None else tuple(retreat[a] for a in order)
        return table, rp, ap, rt

    table, rp, ap, rt = arguments(probe, room_names)
    location_odds(action, table, room_points=rp, adventurer_points=ap, retreat=rt)

    room_sequences = [tuple(room_names)]
    if room_order != "given":
        room_sequences = list(itertools.permutations(room_names))
    smallest = len(room_names) if action == "scout" else 1
    scored = []  # (key, input position, order, rooms, evaluation)
    position = 0
    for size in range(smallest, min(max_adventurers, len(names)) + 1):
        for order in itertools.permutations(names, size):
            options = []
            for room_sequence in room_sequences:
                table, rp, ap, rt = arguments(order, room_sequence)
                evaluation = _evaluate(action, table, rp or (0,) * len(room_sequence), ap, rt)
                options.append((_rank_key(evaluation, by), room_sequence, evaluation))
            pick = min if room_order == "guardian" else max
            key, room_sequence, evaluation = pick(options, key=lambda o: o[0])
            scored.append((key, -position, order, room_sequence, evaluation))
            position += 1
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)

    def choice(entry) -> OrderChoice:
        _, _, order, room_sequence, evaluation = entry
        table, _, _, rt = arguments(order, room_sequence)
        odds = _odds_from(action, table, rt, evaluation, adventurer_points is not None)
        return OrderChoice(tuple(order), tuple(room_sequence), odds)

    return BestOrder(best=choice(scored[0]),
                     runners_up=tuple(choice(e) for e in scored[1:1 + runners_up]),
                     worst=choice(scored[-1]), by=by, room_order=room_order,
                     candidates=len(scored))


def _rank_key(evaluation: _Evaluation, by: str) -> tuple:
    """Larger is better for the Hero. Fractions compare exactly across 6**n."""
    tally = evaluation.tally
    den = tally.denominator
    p_all = Fraction(tally.rooms_done[-1], den)
    lost = tally.guardian_points if evaluation.value is not None else sum(tally.capture)
    size = len(tally.capture)
    if by == "value":
        return (Fraction(evaluation.value, den), p_all, -Fraction(lost, den), -size)
    return (p_all, -Fraction(lost, den), -size)
