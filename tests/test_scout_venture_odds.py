"""Exact Scout / Venture / Retreat odds (hero_vs_guardian.odds) checked three ways:

- brute force: every sequence of die faces (one face per Adventurer) is played
  through the rulebook's procedure written out again here, with its own reading
  of each roll — a different code path from the module's integer passes;
- the rulebook's own examples (the Cleric adds 4 Scouting an Evil room, ...);
- hypothesis properties, and a Monte Carlo run with a fixed-seed ``core.rng.Rng``
  whose sequential simulator takes the die as a function, so the same simulator
  can be driven by the game engine's rolls.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.hero_vs_guardian.odds import (
    BestOrder,
    best_order,
    location_odds,
    roll_odds,
    roll_outcome,
)

TARGET = {"scout": 5, "venture": 6, "retreat": 4}


# ----- the procedure, written out independently --------------------------------------------

def judge(kind: str, face: int, modifier: int) -> str:
    """'success', 'captured' or 'safe' for one face, straight from the rulebook's words."""
    reaches = face + modifier >= TARGET[kind]
    if face == 1:  # "A natural 1 is always considered a failed roll"
        return "safe" if reaches else "captured"  # a modified 1 that would succeed: no capture
    if reaches:
        return "success"
    return "safe" if kind == "scout" else "captured"  # Scouting captures only on a natural 1


def play(action, modifiers, faces, *, retreat_at=frozenset(), retreat=None):
    """Play one location with the given die faces (``faces[i]`` is the i-th Adventurer's).

    ``retreat_at``: the (Adventurer index, rooms done) states where the Adventurer rolls
    to Retreat instead. Returns (rooms done, captured indices, (Adventurer, rooms done) of each
    roll, who retreat-rolled, retreated?).
    """
    rooms = len(modifiers[0])
    done, captured, rolled, retreat_rolls = 0, [], [], []
    for i, face in enumerate(faces):
        if done == rooms:
            break
        rolled.append((i, done))
        if i > 0 and (i, done) in retreat_at:
            retreat_rolls.append(i)
            outcome = judge("retreat", face, retreat[i])
            if outcome == "success":
                return done, captured, rolled, retreat_rolls, True
        else:
            outcome = judge(action, face, modifiers[i][done])
            if outcome == "success":
                done += 1
        if outcome == "captured":
            captured.append(i)
    return done, captured, rolled, retreat_rolls, False


def brute_force(action, modifiers, *, room_points=None, adventurer_points=None,
                retreat_at=frozenset(), retreat=None):
    """Exact numbers by enumerating all 6**n die sequences (each equally likely)."""
    n, rooms = len(modifiers), len(modifiers[0])
    weight = Fraction(1, 6 ** n)
    out = {"rooms_done": [Fraction(0)] * (rooms + 1), "captured": [Fraction(0)] * (n + 1),
           "capture_chance": [Fraction(0)] * n, "roll_chance": [Fraction(0)] * n,
           "retreat_chance": [Fraction(0)] * n, "p_retreat": Fraction(0),
           "hero_points": Fraction(0), "guardian_points": Fraction(0), "reach": {}}
    for faces in itertools.product(range(1, 7), repeat=n):
        done, captured, rolled, retreat_rolls, retreated = play(
            action, modifiers, faces, retreat_at=retreat_at, retreat=retreat)
        out["rooms_done"][done] += weight
        out["captured"][len(captured)] += weight
        for i in captured:
            out["capture_chance"][i] += weight
            out["guardian_points"] += weight * (adventurer_points[i] if adventurer_points else 0)
        for i, done_then in rolled:
            out["roll_chance"][i] += weight
            out["reach"][i, done_then] = out["reach"].get((i, done_then), 0) + weight
        for i in retreat_rolls:
            out["retreat_chance"][i] += weight
        out["p_retreat"] += weight * retreated
        if room_points:
            out["hero_points"] += weight * sum(room_points[:done])
    out["value"] = out["hero_points"] - out["guardian_points"]
    return out


def decision_states(n, rooms):
    return [(i, j) for i in range(1, n) for j in range(rooms)]


def all_policies(n, rooms):
    states = decision_states(n, rooms)
    for size in range(len(states) + 1):
        yield from (frozenset(c) for c in itertools.combinations(states, size))


def assert_matches(odds, expected, *, points: bool):
    assert list(odds.rooms_done) == expected["rooms_done"]
    assert odds.p_all == expected["rooms_done"][-1]
    assert list(odds.captured) == expected["captured"]
    assert list(odds.capture_chance) == expected["capture_chance"]
    assert list(odds.roll_chance) == expected["roll_chance"]
    assert odds.expected_captured == sum(expected["capture_chance"])
    assert odds.expected_rooms == sum(k * p for k, p in enumerate(expected["rooms_done"]))
    if odds.retreat_modifiers is not None:
        assert list(odds.retreat_chance) == expected["retreat_chance"]
        assert odds.p_retreat == expected["p_retreat"]
    if points:
        assert odds.hero_points == expected["hero_points"]
        assert odds.guardian_points == expected["guardian_points"]
        assert odds.value == expected["value"]


def random_case(rng: Rng, action: str, n: int, rooms: int):
    modifiers = [[rng.randint(-2, 5) for _ in range(rooms)] for _ in range(n)]
    room_points = [rng.randint(1, 6) for _ in range(rooms)]
    adventurer_points = [rng.randint(0, 3) for _ in range(n)]
    retreat = [rng.randint(-1, 4) for _ in range(n)]
    return modifiers, room_points, adventurer_points, retreat


SHAPES = [(a, n, r) for a in ("scout", "venture") for n in range(1, 5) for r in (1, 2)
          if not (a == "scout" and n < r)]


# ----- brute force ---------------------------------------------------------------------------

@pytest.mark.parametrize(("action", "n", "rooms"), SHAPES)
def test_no_retreat_matches_brute_force(action, n, rooms):
    rng = Rng(1000 + 10 * n + rooms)
    for _ in range(3):
        modifiers, room_points, adventurer_points, _ = random_case(rng, action, n, rooms)
        if action == "scout":
            odds = location_odds(action, modifiers, adventurer_points=adventurer_points)
            expected = brute_force(action, modifiers, adventurer_points=adventurer_points)
            assert odds.hero_points == 0
        else:
            odds = location_odds(action, modifiers, room_points=room_points,
                                 adventurer_points=adventurer_points)
            expected = brute_force(action, modifiers, room_points=room_points,
                                   adventurer_points=adventurer_points)
        assert_matches(odds, expected, points=True)
        assert odds.retreat_policy is None and odds.p_retreat == 0


@pytest.mark.parametrize(("n", "rooms", "seed"),
                         [(2, 1, 1), (2, 2, 2), (3, 1, 3), (3, 2, 4), (4, 1, 5),
                          pytest.param(4, 2, 6, marks=pytest.mark.slow),
                          pytest.param(4, 2, 7, marks=pytest.mark.slow)])
def test_optimal_retreat_beats_every_policy(n, rooms, seed):
    """The reported policy's value is the best over every (Adventurer, rooms done) policy,
    computed by brute force; its distributions match brute force under that policy."""
    rng = Rng(seed)
    modifiers, room_points, adventurer_points, retreat = random_case(rng, "venture", n, rooms)
    odds = location_odds("venture", modifiers, room_points=room_points,
                         adventurer_points=adventurer_points, retreat=retreat)
    values = {policy: brute_force("venture", modifiers, room_points=room_points,
                                  adventurer_points=adventurer_points, retreat_at=policy,
                                  retreat=retreat)["value"]
              for policy in all_policies(n, rooms)}
    assert odds.value == max(values.values())
    assert odds.never_retreat_value == values[frozenset()]
    chosen = frozenset((d.adventurer_index, d.rooms_done) for d in odds.retreat_when)
    assert values[chosen] == odds.value
    expected = brute_force("venture", modifiers, room_points=room_points,
                           adventurer_points=adventurer_points, retreat_at=chosen,
                           retreat=retreat)
    assert_matches(odds, expected, points=True)
    never = brute_force("venture", modifiers, room_points=room_points,
                        adventurer_points=adventurer_points, retreat=retreat)
    assert_matches(odds.never_retreat, never, points=True)
    # one decision per state where a Retreat may be chosen; never before the 1st roll
    assert sorted((d.adventurer_index, d.rooms_done) for d in odds.retreat_policy) == \
        decision_states(n, rooms)
    for decision in odds.retreat_policy:
        state = (decision.adventurer_index, decision.rooms_done)
        assert decision.reach_chance == expected["reach"].get(state, 0)
        best = max(decision.venture_value, decision.retreat_value)
        assert (decision.choice == "retreat") == (decision.retreat_value > decision.venture_value)
        assert best >= decision.venture_value


def test_a_case_where_retreating_pays():
    # Weak Adventurers (+0 needs a 6) facing a room worth 1; a Retreat at +3 never captures.
    odds = location_odds("venture", [[0], [0], [0]], room_points=[1],
                         adventurer_points=[2, 3, 3], retreat=[0, 3, 3])
    assert [(d.adventurer_index, d.rooms_done) for d in odds.retreat_when] == [(1, 0), (2, 0)]
    assert odds.value > odds.never_retreat_value
    sixth = sympy.Rational(1, 6)
    # the 2nd rolls a Retreat whenever the 1st fails (5/6); the 3rd only after the 2nd's
    # natural 1 (a failed Retreat that the +3 saves from capture)
    assert odds.retreat_chance == (0, 5 * sixth, 5 * sixth * sixth)
    assert odds.p_retreat == 5 * sixth * 5 * sixth + 5 * sixth * sixth * 5 * sixth
    assert odds.capture_chance == (5 * sixth, 0, 0)


# ----- the rulebook's examples and rules -----------------------------------------------------

def test_cleric_scouting_an_evil_room_adds_4():
    # "a Cleric Scouting an Evil Room will add 4 to the roll": 5+ needs a 1, which fails anyway
    assert roll_odds(5, 4) == sympy.Rational(5, 6)
    outcome = roll_outcome("scout", 4)
    assert (outcome.success, outcome.captured, outcome.safe_failure) == (
        sympy.Rational(5, 6), 0, sympy.Rational(1, 6))
    odds = location_odds("scout", [[4]], adventurer_points=[2])
    assert odds.p_all == sympy.Rational(5, 6) and odds.capture_chance == (0,)


def test_cleric_venturing_a_magic_room_adds_2():
    # "a Cleric Venturing a Magic Room will add 2": 4, 5, 6 succeed; 1, 2, 3 are captured
    outcome = roll_outcome("venture", 2)
    assert (outcome.success, outcome.captured, outcome.safe_failure) == (
        sympy.Rational(1, 2), sympy.Rational(1, 2), 0)


def test_natural_one_fails_and_capture_rules():
    # Cleric vs Trap (+0) Scouting: 5, 6 succeed; only the natural 1 is captured
    assert roll_outcome("scout", 0).captured == sympy.Rational(1, 6)
    assert roll_outcome("scout", 0).safe_failure == sympy.Rational(3, 6)
    # a huge modifier never beats the natural 1, and saves it from capture in a Venture
    assert roll_outcome("venture", 9).success == sympy.Rational(5, 6)
    assert roll_outcome("venture", 9).captured == 0
    # +4 Venturing: a natural 1 makes 5 < 6: captured
    assert roll_outcome("venture", 4).captured == sympy.Rational(1, 6)
    # Retreat 4+, a natural 1 treated as in a Venture
    assert roll_outcome("retreat", 3).captured == 0
    assert roll_outcome("retreat", 2).captured == sympy.Rational(1, 6)
    assert roll_outcome("retreat", 0).success == sympy.Rational(1, 2)


def test_failure_passes_the_same_room_and_each_adventurer_rolls_once():
    # Nobody can succeed against the 1st room (-9): the 2nd room is never reached.
    odds = location_odds("venture", [[-9, 5], [-9, 5], [-9, 5]])
    assert odds.rooms_done == (1, 0, 0)
    assert odds.roll_chance == (1, 1, 1)
    assert odds.capture_chance == (1, 1, 1)
    # a certain-ish first room, then the 2nd Adventurer faces room 2
    odds = location_odds("scout", [[5, -9], [5, 9]])
    assert odds.p_all == sympy.Rational(5, 6) * sympy.Rational(5, 6)


def test_scouting_needs_an_adventurer_per_room():
    with pytest.raises(InvalidArgumentError, match="modifiers"):
        location_odds("scout", [[1, 2]])
    assert location_odds("venture", [[1, 2]]).p_all == 0  # a Venture may go in short-handed


# ----- the symbolic formula ------------------------------------------------------------------

@pytest.mark.parametrize("target", [4, 5, 6, 7, 2])
def test_piecewise_formula_agrees_with_every_integer(target):
    m = sympy.Symbol("m", integer=True)
    formula = roll_odds(target, m)
    assert isinstance(formula, sympy.Piecewise)
    for modifier in range(-12, 13):
        faces = sum(1 for face in range(1, 7) if judge_target(face, modifier, target))
        assert formula.subs(m, modifier) == sympy.Rational(faces, 6) == roll_odds(target, modifier)
    plain = sympy.Symbol("k")
    assert roll_odds(target, plain).subs(plain, 3) == roll_odds(target, 3)
    assert formula.subs(m, 10 ** 6) == sympy.Rational(5, 6)  # the natural-1 ceiling


def judge_target(face, modifier, target):
    return face != 1 and face + modifier >= target


# ----- hypothesis properties -----------------------------------------------------------------

modifier = st.integers(-3, 6)


@st.composite
def tables(draw, min_n=1):
    rooms = draw(st.integers(1, 2))
    n = draw(st.integers(max(min_n, 1), 4))
    return [[draw(modifier) for _ in range(rooms)] for _ in range(n)]


@settings(max_examples=60, deadline=None)
@given(table=tables(), action=st.sampled_from(["scout", "venture"]))
def test_distributions_are_consistent(table, action):
    if action == "scout" and len(table) < len(table[0]):
        table = table + [[0] * len(table[0])]
    odds = location_odds(action, table)
    assert sum(odds.rooms_done) == 1 and sum(odds.captured) == 1
    assert odds.expected_captured == sum(odds.capture_chance)
    assert all(0 <= p <= 1 for p in odds.capture_chance + odds.roll_chance)
    assert odds.roll_chance[0] == 1
    # someone rolls only if the one before did, so the chance of rolling falls along the order
    assert all(a >= b for a, b in itertools.pairwise(odds.roll_chance))
    # every roll fails on a natural 1, so not even all-but-impossible is certain
    assert odds.p_all <= 1 - sympy.Rational(1, 6) ** len(table)
    if action == "scout":
        assert all(c <= sympy.Rational(1, 6) * r
                   for c, r in zip(odds.capture_chance, odds.roll_chance, strict=True))


@settings(max_examples=60, deadline=None)
@given(table=tables(), action=st.sampled_from(["scout", "venture"]), data=st.data())
def test_a_better_modifier_never_hurts(table, action, data):
    if action == "scout" and len(table) < len(table[0]):
        table = table + [[0] * len(table[0])]
    i = data.draw(st.integers(0, len(table) - 1))
    j = data.draw(st.integers(0, len(table[0]) - 1))
    better = [row[:] for row in table]
    better[i][j] += data.draw(st.integers(1, 4))
    before, after = location_odds(action, table), location_odds(action, better)
    assert after.p_all >= before.p_all
    assert after.expected_rooms >= before.expected_rooms


@settings(max_examples=40, deadline=None)
@given(table=tables(), extra=st.lists(modifier, min_size=2, max_size=2))
def test_one_more_adventurer_never_hurts_the_chance(table, extra):
    if len(table) == 4:
        table = table[:3]
    longer = table + [extra[:len(table[0])]]
    short, long_ = location_odds("venture", table), location_odds("venture", longer)
    assert long_.p_all >= short.p_all
    assert long_.capture_chance[:-1] == short.capture_chance  # the earlier rolls are the same


@settings(max_examples=40, deadline=None)
@given(table=tables(min_n=2), data=st.data())
def test_retreat_value_and_points_identities(table, data):
    n, rooms = len(table), len(table[0])
    room_points = data.draw(st.lists(st.integers(0, 8), min_size=rooms, max_size=rooms))
    adv_points = data.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    retreat = data.draw(st.lists(modifier, min_size=n, max_size=n))
    odds = location_odds("venture", table, room_points=room_points,
                         adventurer_points=adv_points, retreat=retreat)
    assert odds.value >= odds.never_retreat_value
    assert odds.never_retreat.value == odds.never_retreat_value
    # Hero points: room j scores when more than j rooms are done
    assert odds.hero_points == sum(room_points[j] * sum(odds.rooms_done[j + 1:])
                                   for j in range(rooms))
    assert odds.guardian_points == sum(p * c for p, c in zip(adv_points, odds.capture_chance,
                                                             strict=True))
    assert odds.retreat_chance[0] == 0  # never before the 1st Adventurer has rolled
    if not odds.retreat_when:
        assert odds.value == odds.never_retreat_value and odds.p_retreat == 0


# ----- best order ----------------------------------------------------------------------------

def rank(odds, by="p_all"):
    lost = odds.guardian_points if odds.guardian_points is not None else odds.expected_captured
    if by == "value":
        return (odds.value, odds.p_all, -lost, -len(odds.modifiers))
    return (odds.p_all, -lost, -len(odds.modifiers))


TEAM = {"Cleric": {"Evil": 4, "Trap": 0}, "Warrior": {"Evil": 1, "Trap": 2},
        "Rogue": {"Evil": 0, "Trap": 4}, "Wizard": {"Evil": 2, "Trap": 1}}
POINTS = {"Cleric": 2, "Warrior": 2, "Rogue": 1, "Wizard": 3}
RETREAT = {"Cleric": 0, "Warrior": 1, "Rogue": 3, "Wizard": 2}


def every_order(names, smallest):
    for size in range(smallest, min(4, len(names)) + 1):
        yield from itertools.permutations(names, size)


@pytest.mark.parametrize("action", ["scout", "venture"])
@pytest.mark.parametrize("by", ["p_all", "value"])
def test_best_order_is_the_best_of_every_order(action, by):
    rooms = ["Evil", "Trap"]
    kwargs = {"adventurer_points": POINTS}
    if action == "venture":
        kwargs.update(room_points=[3, 5], retreat=RETREAT)
    answer = best_order(action, TEAM, rooms, by=by, runners_up=4, **kwargs)
    assert isinstance(answer, BestOrder)
    keys = []
    for order in every_order(list(TEAM), 2 if action == "scout" else 1):
        odds = location_odds(
            action, [[TEAM[a][r] for r in rooms] for a in order],
            adventurer_points=[POINTS[a] for a in order],
            **({"room_points": [3, 5], "retreat": [RETREAT[a] for a in order]}
               if action == "venture" else {}))
        keys.append((rank(odds, by), order))
    keys.sort(key=lambda k: k[0], reverse=True)
    assert answer.candidates == len(keys)
    assert rank(answer.best.odds, by) == keys[0][0]
    assert [rank(c.odds, by) for c in answer.runners_up] == [k[0] for k in keys[1:5]]
    assert rank(answer.worst.odds, by) == keys[-1][0]
    if by == "p_all" and action == "scout":
        assert answer.best.adventurers[0] == "Cleric"  # +4 against the Evil room goes first


def test_room_order_choices():
    team = {"A": [4, -1], "B": [0, 3]}
    given = best_order("venture", team, ["X", "Y"])
    hero = best_order("venture", team, ["X", "Y"], room_order="hero")
    guardian = best_order("venture", team, ["X", "Y"], room_order="guardian")
    for order in itertools.permutations(team):
        for rooms in (("X", "Y"), ("Y", "X")):
            p = location_odds("venture", [[team[a][["X", "Y"].index(r)] for r in rooms]
                                          for a in order]).p_all
            assert p <= hero.best.odds.p_all
    assert given.best.rooms == ("X", "Y")
    assert guardian.best.odds.p_all <= given.best.odds.p_all <= hero.best.odds.p_all
    # the Guardian's choice is the worse room order for the Hero's best Adventurer order
    order = guardian.best.adventurers
    worst = min(location_odds("venture", [[team[a][["X", "Y"].index(r)] for r in rooms]
                                          for a in order]).p_all
                for rooms in (("X", "Y"), ("Y", "X")))
    assert guardian.best.odds.p_all == worst


def test_results_print_and_escape_names():
    answer = best_order("venture", {"<b>Bob</b>": [3], "Ann & Co": [1]}, ["<i>Pit</i>"],
                        room_points=[2], adventurer_points={"<b>Bob</b>": 1, "Ann & Co": 2},
                        retreat={"<b>Bob</b>": 0, "Ann & Co": 1})
    page = answer._repr_html_()
    assert "<b>Bob" not in page and "&lt;b&gt;Bob&lt;/b&gt;" in page
    assert "&lt;i&gt;Pit" in page and "Ann &amp; Co" in page
    assert "Bob" in str(answer) and str(answer.best.odds.p_all) in str(answer)
    odds_page = answer.best.odds._repr_html_()
    assert odds_page.startswith("<table") and "optimal retreat" in odds_page
    assert "all rooms done" in str(answer.best.odds)
    assert "needs 5+" in str(roll_outcome("scout", 1))
    assert "&lt;b&gt;Bob" in answer.best._repr_html_()
    assert "Retreat" in answer.best.odds.retreat_policy[0]._repr_html_()
    assert roll_outcome("scout", 1)._repr_html_().startswith("<p")


# ----- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize(("call", "argument"), [
    (lambda: location_odds("fight", [[1]]), "action"),
    (lambda: location_odds("venture", []), "modifiers"),
    (lambda: location_odds("venture", [[1]] * 5), "modifiers"),
    (lambda: location_odds("venture", [[1, 2, 3]]), "modifiers"),
    (lambda: location_odds("venture", [[1, 2], [1]]), "modifiers[1]"),
    (lambda: location_odds("venture", [[1.5]]), "modifiers[0][0]"),
    (lambda: location_odds("venture", [[True]]), "modifiers[0][0]"),
    (lambda: location_odds("venture", "11"), "modifiers"),
    (lambda: location_odds("scout", [[1]], room_points=[2]), "room_points"),
    (lambda: location_odds("venture", [[1]], room_points=[-1], adventurer_points=[1]),
     "room_points[0]"),
    (lambda: location_odds("venture", [[1]], room_points=[1]), "adventurer_points"),
    (lambda: location_odds("venture", [[1]], room_points=[1], adventurer_points=[1, 2]),
     "adventurer_points"),
    (lambda: location_odds("scout", [[1]], retreat=[1]), "retreat"),
    (lambda: location_odds("venture", [[1]], retreat=[1]), "room_points"),
    (lambda: location_odds("venture", [[1]], room_points=[1], adventurer_points=[1],
                           retreat=[1, 1]), "retreat"),
    (lambda: roll_odds(5, 1.5), "modifier"),
    (lambda: roll_odds("5", 1), "target"),
    (lambda: roll_outcome("run", 1), "kind"),
    (lambda: best_order("venture", {}, ["X"]), "adventurers"),
    (lambda: best_order("venture", {"A": [1]}, ["X", "X"]), "rooms"),
    (lambda: best_order("venture", {"A": [1]}, ["X"], by="luck"), "by"),
    (lambda: best_order("venture", {"A": [1]}, ["X"], room_order="random"), "room_order"),
    (lambda: best_order("venture", {"A": [1]}, ["X"], max_adventurers=5), "max_adventurers"),
    (lambda: best_order("venture", {"A": {"Y": 1}}, ["X"]), "adventurers['A']"),
    (lambda: best_order("venture", {"A": [1]}, ["X"], by="value"), "by"),
    (lambda: best_order("scout", {"A": [1, 1]}, ["X", "Y"]), "adventurers"),
    (lambda: best_order("venture", {"A": [1]}, ["X"], retreat={"A": 1}), "room_points"),
    (lambda: best_order("venture", {"A": [1]}, ["X"], room_points=[1],
                        adventurer_points={"B": 1}), "adventurer_points"),
])
def test_bad_input_names_the_argument(call, argument):
    with pytest.raises(InvalidArgumentError) as error:
        call()
    assert argument in str(error.value)


# ----- Monte Carlo: the sequential procedure with a seeded die -------------------------------

def simulate(action, modifiers, resolve, *, retreat=None, retreat_at=frozenset()):
    """One location played roll by roll. ``resolve(kind, adventurer, room, modifier)`` returns
    'success', 'captured' or 'safe': a seeded die here, the game engine's resolution where one
    is given. Returns (rooms done, captured indices, retreated?)."""
    rooms = len(modifiers[0])
    done, captured = 0, []
    for i in range(len(modifiers)):
        if done == rooms:
            break
        if i > 0 and (i, done) in retreat_at:
            outcome = resolve("retreat", i, done, retreat[i])
            if outcome == "success":
                return done, captured, True
        else:
            outcome = resolve(action, i, done, modifiers[i][done])
            done += outcome == "success"
        if outcome == "captured":
            captured.append(i)
    return done, captured, False


def die_resolver(rng: Rng):
    def resolve(kind, adventurer, room, modifier):
        return judge(kind, rng.randint(1, 6), modifier)
    return resolve


def assert_close(exact, frequency, runs):
    """Within 4.5 standard errors (plus one run) of the exact chance."""
    p = float(exact)
    assert abs(frequency - p) <= 4.5 * math.sqrt(p * (1 - p) / runs) + 1 / runs, (exact, frequency)


@pytest.mark.parametrize(("action", "modifiers", "retreat"), [
    ("scout", [[4, 0], [0, 3], [1, 1]], None),
    ("venture", [[2, 0], [3, 1], [0, 3], [1, 2]], None),
    ("venture", [[0, 1], [0, 4], [1, 0], [2, 2]], [0, 3, 1, 2]),
])
def test_monte_carlo_agrees(action, modifiers, retreat):
    runs = 20000
    n, rooms = len(modifiers), len(modifiers[0])
    kwargs = {}
    if retreat:
        kwargs = {"room_points": [1, 1], "adventurer_points": [3] * n, "retreat": retreat}
    odds = location_odds(action, modifiers, **kwargs)
    retreat_at = frozenset((d.adventurer_index, d.rooms_done) for d in odds.retreat_when)
    if retreat:
        assert retreat_at  # this case is chosen so that retreating is sometimes right
    resolve = die_resolver(Rng(20260611))
    done_counts, captured_counts = [0] * (rooms + 1), [0] * n
    retreats = 0
    for _ in range(runs):
        done, captured, retreated = simulate(action, modifiers, resolve, retreat=retreat,
                                             retreat_at=retreat_at)
        done_counts[done] += 1
        retreats += retreated
        for i in captured:
            captured_counts[i] += 1
    for k in range(rooms + 1):
        assert_close(odds.rooms_done[k], done_counts[k] / runs, runs)
    for i in range(n):
        assert_close(odds.capture_chance[i], captured_counts[i] / runs, runs)
    assert_close(odds.p_retreat, retreats / runs, runs)


# ----- Monte Carlo of the real engine's Scout / Venture resolution -----------------------------

def card_modifier(cards, kind, adventurer, room):
    """Total modifier from the card data: the Adventurer's room-type modifier, its Scouting /
    Venturing Power, and the room card's own modifiers (the cases use no Vacant rooms, Items or
    Level Tokens)."""
    from dungeoncraft_widgets.hero_vs_guardian.scout_venture import modifier_applies

    adv, card = cards[adventurer], cards[room]
    total = adv["modifiers"][card["room_type"]]
    total += {"scout": "Scouting", "venture": "Venturing"}[kind] in cards.powers(adventurer)
    total += sum(m["amount"] for m in card.get("modifiers", ())
                 if modifier_applies(m, kind, card["room_type"], adv["class"]))
    return total


ENGINE_CASES = [
    # a Rogue with the Scouting Power, a Warrior, a Cleric: Falling Blocks (Trap, -1 to Scout)
    # then the Haunted Chapel (Evil, where the Cleric adds 4)
    ("scout", ["A10", "A05", "A01"], ["D05", "D10"], None),
    # a Warrior with the Venturing Power, a Rogue, a Cleric: the Ogre Den (Brute, -1 to
    # Venture) then Poison Darts (Trap)
    ("venture", ["A06", "A09", "A01"], ["D09", "D03"], None),
    # three weak Adventurers (+0) against a 1-point Brute room: retreating from the 2nd on is
    # the optimal policy, and the engine's helper plays exactly that policy
    ("venture", ["A09", "A13", "A10"], ["D06"], 1),
]


@pytest.mark.slow
@pytest.mark.parametrize(("action", "adventurers", "rooms", "retreat_from"), ENGINE_CASES)
def test_engine_monte_carlo_agrees(action, adventurers, rooms, retreat_from):
    from dungeoncraft_widgets.hero_vs_guardian import load_cards, resolve_attempt_position

    cards = load_cards()
    n = len(adventurers)
    table = [[card_modifier(cards, action, a, r) for r in rooms] for a in adventurers]
    kwargs, retreat_at, retreat = {}, frozenset(), None
    if retreat_from is not None:
        retreat = [0] * n  # no Item or card changes a Retreat roll here
        kwargs = {"room_points": [cards.points(r) for r in rooms],
                  "adventurer_points": [cards.points(a) for a in adventurers],
                  "retreat": retreat}
        retreat_at = frozenset((i, j) for i in range(retreat_from, n) for j in range(len(rooms)))
    odds = location_odds(action, table, **kwargs)
    if retreat_from is not None:
        assert {(d.adventurer_index, d.rooms_done) for d in odds.retreat_when} == retreat_at
    runs = 3000
    done_counts, captured_counts, retreats = [0] * (len(rooms) + 1), [0] * n, 0
    for seed in range(runs):
        out = resolve_attempt_position(action, adventurers, rooms, seed=seed, first=rooms[0],
                                       retreat_from=retreat_from)
        # every roll: the engine's modifier and verdict are the ones read from the rulebook here
        for kind, adventurer, room, die, total, success in out["rolls"]:
            i = adventurers.index(adventurer)
            modifier = retreat[i] if kind == "retreat" else table[i][rooms.index(room)]
            assert total - die == modifier
            assert success == (judge(kind, die, modifier) == "success")
        # the engine's dice replayed through the procedure here give the same outcome
        faces = [roll[3] for roll in out["rolls"]]
        done, captured, rolled, _, retreated = play(
            action, table, faces + [6] * (n - len(faces)), retreat_at=retreat_at,
            retreat=retreat)
        assert len(rolled) == len(faces)
        assert (done, [adventurers[i] for i in captured], retreated) == (
            out["rooms_done"], out["captured"], out["retreated"])
        done_counts[done] += 1
        retreats += retreated
        for i in captured:
            captured_counts[i] += 1
    for k, count in enumerate(done_counts):
        assert_close(odds.rooms_done[k], count / runs, runs)
    for i in range(n):
        assert_close(odds.capture_chance[i], captured_counts[i] / runs, runs)
    assert_close(odds.p_retreat, retreats / runs, runs)


def test_the_calculator_menu_shows_the_best_order_of_its_own_table():
    """Issue 26: the order menu stayed on 4/9 while the table's best gave 25/36. Whenever
    the team or the rooms change, the menu moves to the table's best order (by the points
    expected for a Venture), and the headline gives its odds and points."""
    from dungeoncraft_widgets.hero_vs_guardian.calculator import ScoutVentureCalculator

    calc = ScoutVentureCalculator()
    for action, rooms, picks in (("venture", 1, 2), ("scout", 2, 3), ("venture", 2, 3),
                                 ("scout", 1, 2)):
        calc.action.value, calc.room_count.value = action, rooms
        calc.adventurer_picker.value = tuple(list(calc._by_name)[3:3 + picks])
        assert calc.message.value == ""
        assert tuple(calc.order.value) == tuple(calc.best.best.adventurers)
        assert calc.odds.p_all == calc.best.best.odds.p_all
        assert "(best)" in dict((v, k) for k, v in calc.order.options)[calc.order.value]
        if action == "venture":
            assert calc.odds.value == max(c.odds.value for c in (calc.best.best,
                                                                 *calc.best.runners_up))
            assert "Expected points" in calc.headline.value
