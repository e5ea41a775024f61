"""Odds from the live position (adventure_land/odds.py): next_draws, next_creature, risk_map
and advise_moves, checked against a brute force over every order of a small deck and against
Monte Carlo of the real engine from the same position."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
import sympy

from dungeoncraft_widgets.adventure_land import odds
from dungeoncraft_widgets.adventure_land.data import FIELDS
from dungeoncraft_widgets.adventure_land.rules import (
    _rebase,
    empty_position,
    fight_position,
    give,
    place_adventurer,
    place_item,
    place_sprite,
    set_card_drawn,
)
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng

#: The cards left in the small deck: three river fields (C8 and G9 west of the sprite on G8,
#: K4 east of it), a fog field, a mountain, a city and a forest.
UNDRAWN = ("C8", "G9", "K4", "D7", "A1", "J3", "I4")


def small_deck_position():
    """Three players; player 1 is to move. Player 1 has adventurers on E9 (river, west of the
    sprite), J4 (river, east), D7 (an undrawn fog field: a creature may appear under it) and K3
    (the sprite stopping on K4 would block it). One sword and one companion are left in the
    stockpile, so player 2's two cards may trigger the end, and player 0's turn then never
    comes."""
    s = empty_position(3, seed=4)
    for f in FIELDS:
        if f not in UNDRAWN:
            set_card_drawn(s, f)
    place_sprite(s, "G8")
    for k in range(8):                       # player 1's lane adventurers leave the lanes
        place_adventurer(s, 1, "box", origin=s.adventurers[1][k][0])
    place_adventurer(s, 1, "E9")
    place_adventurer(s, 1, "J4")
    place_adventurer(s, 1, "D7", 1)
    place_adventurer(s, 1, "K3")
    give(s, 1, swords=(2,), herbs=(3,), gold=1)
    give(s, 2, swords=s.sword_stack[1:])     # one sword is left on the table
    s.companion_box += s.companion_supply - 1
    s.companion_supply = 1
    s.turn_player = 1
    _rebase(s)
    return s


def brute_force(state):
    """Every order of the undrawn cards, played by the rules written out again here: player
    2 turns over cards until 2 non-fog ones, then (unless the last sword and companion are
    gone) player 0 the same; gold on a river card pulls the sprite, sweeping what it passes."""
    terrain, river = state.layout.terrain, state.layout.river
    index = {f: i for i, f in enumerate(river)}
    deck = [f for f in FIELDS if f not in state.discard]
    events, cards, drawn_count = Counter(), Counter(), Counter()
    orders = 0
    for order in permutations(deck):
        orders += 1
        swords, companions, sprite = len(state.sword_stack), state.companion_supply, \
            index[state.sprite]
        pos, swept, triggered = 0, set(), False
        creature = plays_0 = False
        for turn in (2, 0):
            if triggered:
                break
            plays_0 = turn == 0
            non_fog = 0
            while non_fog < 2 and pos < len(order):
                card = order[pos]
                pos += 1
                kind = terrain[card]
                if kind == "fog":
                    creature |= card == "D7"
                    continue
                non_fog += 1
                if kind == "mountain" and swords:
                    swords -= 1
                if kind == "city" and companions:
                    companions -= 1
                if kind == "river":
                    new = index[card]
                    passed = range(sprite + 1, new + 1) if new > sprite else range(new, sprite)
                    swept |= {river[i] for i in passed}
                    sprite = new
                if not swords and not companions:
                    triggered = True
        for field in ("E9", "J4"):
            events[f"swept {field}"] += field in swept
        events["creature D7"] += creature
        events["blocked K3"] += river[sprite] == "K4"
        cards[pos] += 1
        for card in order[:pos]:
            drawn_count[card] += 1
        events["player 0 plays"] += plays_0
    return ({k: Fraction(v, orders) for k, v in events.items()},
            {k: Fraction(v, orders) for k, v in cards.items()},
            {f: Fraction(drawn_count[f], orders) for f in deck})


@pytest.fixture(scope="module")
def position():
    return small_deck_position()


def test_exact_risks_equal_the_brute_force_over_every_order(position):
    events, cards, drawn = brute_force(position)
    risk = odds.risk_map(position, 1)
    assert risk.turns == (2, 0)
    assert risk.adventurers["E9"].p_swept == events["swept E9"]
    assert risk.adventurers["J4"].p_swept == events["swept J4"]
    assert risk.adventurers["D7"].p_creature == events["creature D7"]
    assert risk.adventurers["K3"].p_blocked == events["blocked K3"]
    assert risk.adventurers["K3"].p_swept == 0 and risk.adventurers["E9"].p_blocked == 0
    # The checks can fail: the events are neither certain nor impossible, and differ.
    assert 0 < events["swept E9"] < 1 and len(set(events.values())) >= 4
    assert 0 < events["player 0 plays"] < 1
    outlook = odds.next_draws(position, 1)
    assert outlook.cards == {k: sympy.Rational(v.numerator, v.denominator)
                             for k, v in cards.items()}
    assert outlook.p_drawn == {f: sympy.Rational(v.numerator, v.denominator)
                               for f, v in drawn.items()}
    assert outlook.p_turn[0] == events["player 0 plays"] and outlook.p_turn[2] == 1


def test_forced_fight_odds_are_the_fight_calculators_over_the_next_creature(position):
    risk = odds.risk_map(position, 1).adventurers["D7"]
    creature = odds.next_creature(position, 1)
    expected = sum(creature.prob(s) * odds.fight_odds(s, companions=1, swords=(2,), herbs=(3,),
                                                      gold=1).p_win for s in creature.support)
    assert risk.p_win_forced == expected and 0 < expected < 1
    assert risk.p_lost == risk.p_swept + risk.p_creature * (1 - expected)


def play_until_my_turn(state, me, seed):
    """One continuation of the real engine: hidden order reshuffled with ``seed``, the
    others move nothing, ``me`` fights forced battles by the optimal policy. Returns the
    log events up to the start of ``me``'s next turn (or the end of the game)."""
    rng = Rng(seed)
    s = state.copy()
    s.rng = Rng(seed + 1)
    undrawn = list(s.deck)
    rng.shuffle(undrawn)
    s.deck = undrawn
    rng.shuffle(s.creature_stack)
    start = len(s.log)
    s.apply("end")
    while not s.is_over:
        if s.fight is not None and s.fight["player"] == me:
            odds.play_fight(odds.EngineFight(s), odds.fight_odds(s))
            continue
        if s.turn_player == me:
            break
        s.apply("end")
    out = []
    for e in s.log[start:]:
        if e.kind == "turn" and e.player == me:
            break
        out.append(e)
    return out


def test_monte_carlo_of_the_real_engine_agrees(position):
    """Seeded continuations of the engine from the same position, each estimate within 4
    standard errors of the exact chance (the benchmark runs 10,000; the suite 2,000)."""
    risk = odds.risk_map(position, 1).adventurers
    runs = 2000
    counts = Counter()
    for seed in range(runs):
        events = play_until_my_turn(position, 1, seed)
        swept = {e.data["field"] for e in events if e.kind == "swept"}
        counts["E9"] += "E9" in swept
        counts["J4"] += "J4" in swept
        battle = any(e.kind == "battle" and e.data["field"] == "D7" for e in events)
        counts["creature"] += battle
        counts["won"] += battle and any(e.kind == "won" and e.data["field"] == "D7"
                                        for e in events)
        stops = [e.data["field"] for e in events if e.kind == "sprite"]
        counts["blocked"] += (stops[-1] if stops else "G8") == "K4"
    exact = {"E9": risk["E9"].p_swept, "J4": risk["J4"].p_swept,
             "creature": risk["D7"].p_creature,
             "won": risk["D7"].p_creature * risk["D7"].p_win_forced,
             "blocked": risk["K3"].p_blocked}
    for name, p in exact.items():
        result = odds.MonteCarloResult(wins=counts[name], runs=runs)
        assert result.agrees_with(p), (name, result.estimate, float(p))


def test_next_creature_counts_what_has_been_seen():
    s = empty_position()
    assert odds.next_creature(s).pmf() == {8: sympy.Rational(4, 14), 10: sympy.Rational(4, 14),
                                           12: sympy.Rational(3, 14), 14: sympy.Rational(2, 14),
                                           16: sympy.Rational(1, 14)}
    place_item(s, "D7", "F16")
    give(s, 1, creatures=(14, 14))
    dist = odds.next_creature(s)
    assert dist.prob(16) == 0 and dist.prob(14) == 0 and dist.prob(8) == sympy.Rational(4, 11)


def test_the_view_never_leaks_the_deck_order():
    """Two games that differ only in the order of the hidden deck get the same answers."""
    a = small_deck_position()
    b = small_deck_position()
    b.deck.reverse()
    _rebase(b)
    assert a.deck != b.deck
    ra, rb = odds.risk_map(a, 1), odds.risk_map(b, 1)
    assert ra.adventurers == rb.adventurers
    assert odds.next_draws(a, 1) == odds.next_draws(b, 1)


def test_move_advisor_ranks_by_exact_expected_points():
    s = empty_position(adventure=1)
    place_item(s, "C2", "C")
    place_item(s, "E2", "G")
    place_item(s, "D7", "F8")
    place_adventurer(s, 0, "D3", 2, origin="row:3")
    advice = odds.advise_moves(s, 0)
    assert advice[0].best and sum(a.best for a in advice) == 1
    points = {str(a.action): a.expected_points for a in advice}
    assert points["move row:2 E2"] == 2 and points["move row:2 C2"] == 1
    win = odds.fight_odds(8, companions=2).p_win
    assert points["move D3 D7"] == win * 4                 # laurel 4, at the exact odds
    assert [a.expected_points for a in advice] == sorted(points.values(), reverse=True)
    assert odds.advise_moves(s, 1) == []                   # not player 1's move


def test_a_move_onto_a_fog_creature_risks_the_battle_first():
    """The advisor once called a move onto a creature that cannot be beaten 'lost 0': the
    battle on arriving is the first risk, at its exact odds."""
    s = empty_position(adventure=1)
    place_item(s, "F7", "F12")
    place_item(s, "D7", "F8")
    place_adventurer(s, 0, "F5", 1, origin="row:5")
    place_adventurer(s, 0, "D3", 2, origin="row:3")
    give(s, 0, swords=(2,), gold=1)
    advice = {str(a.action): a for a in odds.advise_moves(s, 0)}
    hopeless = advice["move F5 F7"].risk                   # strength 2 + d6 + 2 + 1 < 12
    assert hopeless.p_battle_won == 0 and hopeless.p_lost == 1
    fair = advice["move D3 D7"].risk
    win = odds.fight_odds(8, companions=2, swords=(2,), gold=1).p_win
    assert fair.p_battle_won == win and fair.p_lost == 1 - win   # then safe on a drawn fog field
    assert advice["move F5 F6"].risk.p_battle_won is None
    ranked = [str(a.action) for a in odds.advise_moves(s, 0)]
    assert ranked.index("move F5 F7") > ranked.index("move F5 F6")  # equal points: safer first
    assert "the battle here lost 1" in hopeless.describe()
    assert odds.risk_map(s, 0).fields["F7"].risk.p_lost == 1


def test_among_equal_points_the_advisor_first_takes_an_adventurer_out_of_danger():
    s = empty_position(adventure=1)
    place_sprite(s, "K4")
    place_adventurer(s, 0, "A7")                          # on the river, west of the sprite
    advice = odds.advise_moves(s, 0)
    best = advice[0]
    assert best.expected_points == 0 and best.action.origin == "A7"
    assert best.risk_now.p_lost > 0 and best.risk.p_lost < best.risk_now.p_lost
    lane = next(a for a in advice if a.action.origin.startswith("row:"))
    assert lane.risk_now is None                          # nothing happens in the start area
    assert best.risk_now == odds.risk_map(s, 0).adventurers["A7"]


def test_fight_advice_counts_herbs_already_used_beyond_the_swords_limit():
    """sword_bonus is capped at the swords' +9; what herbs and gold already added is
    ``paid`` (the app passed both as sword_bonus and failed mid-battle)."""
    advice = odds.fight_advice(16, (1,), sword_bonus=3, paid=8, herbs=(2,), gold=2)
    assert advice.strength == 13
    assert advice.best.kind == "stop" and advice.best.herbs_spent == (2,)
    assert advice.best.gold_spent == 1
    same = odds.fight_advice(16 - 8, (1,), sword_bonus=3, herbs=(2,), gold=2)
    assert [o.p_win for o in advice.options] == [o.p_win for o in same.options]
    with pytest.raises(ValueError, match="paid must be a whole number >= 0, not -1"):
        odds.fight_advice(16, (1,), paid=-1)


def test_risk_map_fields_in_reach_say_what_a_move_there_risks(position):
    risk = odds.risk_map(position, 1)
    k4 = risk.fields["K4"]                        # K3 can step onto K4, on the river
    assert k4.moves == 1 and k4.item is None
    assert k4.p_item == odds.next_draws(position, 1).p_drawn["K4"]
    assert k4.risk.p_swept == 1 - (1 - k4.p_item)  # only its own gold can sweep it there
    assert all(f.expected_points == 0 for f in risk.fields.values())   # nothing lies there


def test_players_who_can_never_move_again_turn_over_no_cards():
    """Found by the Monte Carlo check: a player whose adventurers are stuck for good is
    passed over by the engine, so their two cards are not turned over."""
    s = empty_position(3)
    for p in (0, 2):
        for k in range(8):
            place_adventurer(s, p, "box", origin=s.adventurers[p][k][0])
    place_adventurer(s, 0, "K10")                 # never moves again
    place_adventurer(s, 2, "A1")
    s.turn_player = 1
    _rebase(s)
    assert odds.next_draws(s, 1).turns == (2,)
    assert sum(k * p for k, p in odds.next_draws(s, 1).cards.items()) < 3


def test_fight_odds_and_advice_ask_the_battle_of_a_game():
    """The analysis takes the position first: a game's battle is asked as it stands (its
    creature, the adventurer's companions, what its owner holds, the dice rolled), the same
    odds as typing those numbers in; a keyword asks a what-if."""
    s = fight_position(14, companions=1, swords=(2, 1, 0), herbs=(2,), gold=2, seed=4)
    typed = odds.fight_odds(14, companions=1, swords=(2, 1, 0), herbs=(2,), gold=2)
    assert odds.fight_odds(s) == odds.fight_odds(s.view(0)) == typed
    assert odds.fight_odds(s, gold=0) == odds.fight_odds(14, companions=1, swords=(2, 1, 0),
                                                         herbs=(2,))
    with pytest.raises(InvalidArgumentError, match="the dice of this battle are not rolled"):
        odds.fight_advice(s)
    s.apply("swords 2,1")
    dice = tuple(s.fight["dice"])
    assert odds.fight_advice(s) == odds.fight_advice(14, dice, companions=1, sword_bonus=3,
                                                     herbs=(2,), gold=2)
    with pytest.raises(InvalidArgumentError, match="ask fight_advice"):
        odds.fight_odds(s)
    with pytest.raises(InvalidArgumentError, match="no battle going on"):
        odds.fight_odds(empty_position())
    with pytest.raises(InvalidArgumentError, match="dice: give the dice rolled"):
        odds.fight_advice(12)
