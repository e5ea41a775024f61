"""Speed of the exact Scout/Venture odds against the same numbers from ``sympy.stats``.

Run: ``/work/venv/bin/python benchmarks/scout_venture_odds.py``

The case is the issue's: 4 Adventurers, 2 rooms, a Venture with Retreat.

- ``location_odds``: one order, with the optimal retreat policy, its distributions
  and the never-retreat numbers.
- ``best_order``: all 64 ordered choices of 1 to 4 of the 4 Adventurers.

The alternative is the obvious sympy route: ``sympy.stats.Die`` and ``P`` for each
roll's success / capture / safe-failure chance (cached per modifier, to be fair), then
the same sequential procedure and backward induction in ``sympy.Rational``; the
"uncached" rows ask ``P`` again for every roll of every order. One more
row shows the most direct use of sympy.stats: the chance that both rooms are done as
one ``P`` of an event on 4 joint dice. Every sympy answer is checked to equal ours.

The goal of issue 6 is under 10 ms for ``best_order`` in a warm process.
"""

from __future__ import annotations

import itertools
import statistics
import time
from functools import cache

import sympy
from sympy.stats import Die, P

from dungeoncraft_widgets.hero_vs_guardian.dungeon import TARGET
from dungeoncraft_widgets.hero_vs_guardian.odds import best_order, location_odds

TEAM = {"Cleric": [2, 4], "Warrior": [3, 1], "Rogue": [1, 0], "Wizard": [0, 2]}
ROOMS = ["Magic room", "Evil room"]
ROOM_POINTS = [3, 5]
ADVENTURER_POINTS = {"Cleric": 2, "Warrior": 2, "Rogue": 1, "Wizard": 3}
RETREAT = {"Cleric": 1, "Warrior": 0, "Rogue": 3, "Wizard": 2}
ORDER = ("Cleric", "Warrior", "Rogue", "Wizard")


def arguments(order):
    return dict(modifiers=[TEAM[a] for a in order], room_points=ROOM_POINTS,
                adventurer_points=[ADVENTURER_POINTS[a] for a in order],
                retreat=[RETREAT[a] for a in order])


# ----- the sympy.stats route -----------------------------------------------------------------

_die = Die("D", 6)


@cache
def roll_chances(kind: str, modifier: int):
    """(success, captured, safe failure) of one roll, by sympy.stats."""
    reaches = _die + modifier >= TARGET[kind]
    success = P(sympy.And(_die > 1, reaches))
    if kind == "scout":
        captured = P(sympy.And(sympy.Eq(_die, 1), sympy.Not(reaches)))
    else:
        captured = P(sympy.Not(reaches))
    return success, captured, 1 - success - captured


def sympy_location(modifiers, room_points, adventurer_points, retreat):
    """p_all, rooms-done distribution, capture chances, optimal and never-retreat values."""
    n, rooms = len(modifiers), len(modifiers[0])
    value = {}
    retreat_at = set()
    for i in range(n, -1, -1):
        for j in range(rooms, -1, -1):
            if i == n or j == rooms:
                value[i, j] = sympy.Integer(0)
                continue
            s, c, f = roll_chances("venture", modifiers[i][j])
            go = (s * (room_points[j] + value[i + 1, j + 1])
                  + c * (value[i + 1, j] - adventurer_points[i]) + f * value[i + 1, j])
            value[i, j] = go
            if i > 0:
                _, rc, rf = roll_chances("retreat", retreat[i])
                back = rc * (value[i + 1, j] - adventurer_points[i]) + rf * value[i + 1, j]
                if back > go:
                    value[i, j] = back
                    retreat_at.add((i, j))

    def forward(policy):
        done = [sympy.Integer(0)] * (rooms + 1)
        capture = [sympy.Integer(0)] * n
        net = sympy.Integer(0)
        stack = [(0, 0, sympy.Integer(1))]
        while stack:
            i, j, p = stack.pop()
            if i == n or j == rooms:
                done[j] += p
                continue
            kind, mod = ("retreat", retreat[i]) if (i, j) in policy else ("venture",
                                                                          modifiers[i][j])
            s, c, f = roll_chances(kind, mod)
            if kind == "retreat":
                done[j] += p * s
            else:
                net += p * s * room_points[j]
                stack.append((i + 1, j + 1, p * s))
            capture[i] += p * c
            net -= p * c * adventurer_points[i]
            stack.append((i + 1, j, p * (c + f)))
        return done, capture, net

    done, capture, net = forward(retreat_at)
    assert net == value[0, 0]
    _, _, never = forward(set())
    return {"p_all": done[-1], "rooms_done": done, "capture": capture,
            "value": value[0, 0], "never": never}


def sympy_best_order():
    results = []
    for size in range(1, 5):
        for order in itertools.permutations(TEAM, size):
            a = arguments(order)
            r = sympy_location(a["modifiers"], a["room_points"], a["adventurer_points"],
                               a["retreat"])
            lost = sum(c * ADVENTURER_POINTS[x] for c, x in zip(r["capture"], order, strict=True))
            results.append(((r["p_all"], -lost, -size), order, r))
    results.sort(key=lambda t: t[0], reverse=True)
    return results


def sympy_joint_p_all(modifiers):
    """Both rooms done (no retreat), as one P over 4 joint dice: the direct sympy.stats way."""
    dice = [Die(f"D{i}", 6) for i in range(len(modifiers))]

    def ok(i, j):
        return sympy.And(dice[i] > 1, dice[i] + modifiers[i][j] >= 6)

    paths = []
    for first, second in itertools.combinations(range(len(dice)), 2):
        paths.append(sympy.And(*[sympy.Not(ok(k, 0)) for k in range(first)], ok(first, 0),
                               *[sympy.Not(ok(k, 1)) for k in range(first + 1, second)],
                               ok(second, 1)))
    return P(sympy.Or(*paths))


# ----- timing -----------------------------------------------------------------------------

def timed(function, repeat):
    function()  # warm: caches, imports
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    a = arguments(ORDER)
    ours_location = location_odds("venture", a["modifiers"], room_points=a["room_points"],
                                  adventurer_points=a["adventurer_points"], retreat=a["retreat"])
    theirs_location = sympy_location(a["modifiers"], a["room_points"], a["adventurer_points"],
                                     a["retreat"])
    assert ours_location.p_all == theirs_location["p_all"]
    assert list(ours_location.rooms_done) == theirs_location["rooms_done"]
    assert list(ours_location.capture_chance) == theirs_location["capture"]
    assert ours_location.value == theirs_location["value"]
    assert ours_location.never_retreat_value == theirs_location["never"]

    kwargs = dict(room_points=ROOM_POINTS, adventurer_points=ADVENTURER_POINTS, retreat=RETREAT)
    ours_best = best_order("venture", TEAM, ROOMS, **kwargs)
    theirs_best = sympy_best_order()
    assert ours_best.best.adventurers == theirs_best[0][1]
    assert ours_best.best.odds.p_all == theirs_best[0][2]["p_all"]
    assert ours_best.best.odds.value == theirs_best[0][2]["value"]
    assert [c.adventurers for c in ours_best.runners_up] == [t[1] for t in theirs_best[1:4]]
    assert ours_best.worst.odds.p_all == theirs_best[-1][2]["p_all"]

    plain = location_odds("venture", a["modifiers"])
    joint = sympy_joint_p_all(a["modifiers"])
    assert joint == plain.p_all

    rows = []

    def row(name, ours, theirs, theirs_name):
        rows.append((name, ours * 1e3, theirs_name, theirs * 1e3, theirs / ours))

    t_ours = timed(lambda: location_odds("venture", a["modifiers"], room_points=a["room_points"],
                                         adventurer_points=a["adventurer_points"],
                                         retreat=a["retreat"]), 200)
    t_sym = timed(lambda: sympy_location(a["modifiers"], a["room_points"],
                                         a["adventurer_points"], a["retreat"]), 20)
    row("location_odds (4 adv, 2 rooms, retreat)", t_ours, t_sym, "sympy.stats rolls + Rational")
    t_ours = timed(lambda: best_order("venture", TEAM, ROOMS, **kwargs), 50)
    t_sym = timed(sympy_best_order, 3)
    row("best_order (64 orders, retreat)", t_ours, t_sym, "sympy.stats rolls + Rational")
    def uncached_location():
        roll_chances.cache_clear()
        sympy_location(a["modifiers"], a["room_points"], a["adventurer_points"], a["retreat"])

    def uncached_best_order():
        for size in range(1, 5):
            for order in itertools.permutations(TEAM, size):
                roll_chances.cache_clear()
                b = arguments(order)
                sympy_location(b["modifiers"], b["room_points"], b["adventurer_points"],
                               b["retreat"])

    t_ours = rows[0][1] / 1e3
    row("location_odds (4 adv, 2 rooms, retreat)", t_ours, timed(uncached_location, 5),
        "sympy.stats, P per roll")
    t_ours = rows[1][1] / 1e3
    row("best_order (64 orders, retreat)", t_ours, timed(uncached_best_order, 1),
        "sympy.stats, P per roll")
    t_ours = timed(lambda: location_odds("venture", a["modifiers"]), 200)
    t_sym = timed(lambda: sympy_joint_p_all(a["modifiers"]), 1)
    row("p_all, no retreat", t_ours, t_sym, "one joint P over 4 Dice")

    print(f"Exact Scout/Venture odds: ours vs sympy.stats (median ms, warm; "
          f"sympy {sympy.__version__})")
    print(f"{'computation':42} {'ours ms':>9}  {'alternative':31} {'alt ms':>9} {'ratio':>8}")
    for name, ours, alt_name, alt, ratio in rows:
        print(f"{name:42} {ours:9.3f}  {alt_name:31} {alt:9.1f} {ratio:7.0f}x")
    print(f"all fractions agree: p_all {ours_location.p_all}, value {ours_location.value}, "
          f"never-retreat value {ours_location.never_retreat_value}; best order "
          f"{' > '.join(ours_best.best.adventurers)} (p_all {ours_best.best.odds.p_all})")
    print(f"best_order goal < 10 ms: {'met' if rows[1][1] < 10 else 'NOT met'} "
          f"({rows[1][1]:.2f} ms)")


if __name__ == "__main__":
    main()
