"""Every public function of the three older games and of the core answers or refuses by
name (issue 24): each argument of each function is given, in turn, values of the wrong
kind (None, another game's state, a view, a number, text, a list, a dict, NaN, a huge
number), the others good; every call returns, or raises a library error (a ValueError
subclass) that says what is wrong, within bounded time. Nothing else may escape.

``python tests/test_fuzz_public.py`` prints how many bad inputs were tried and which
escaped (run it against another checkout with ``PYTHONPATH`` to compare).
"""

from __future__ import annotations

import math
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from dungeoncraft_widgets import adventure_land as al
from dungeoncraft_widgets import demo_game
from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets import hero_vs_guardian as hvg
from dungeoncraft_widgets.core import charts, checks, deck, dice, english, saves
from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.errors import DungeoncraftError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.scene import Scene, shape_from_dict


def _al_game() -> Any:
    game = al.new_game(["You", "Bot"], seed=4, adventure=2)
    rng = Rng(4)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _hvg_game() -> Any:
    game = hvg.new_game(2, seed=3)
    rng = Rng(3)
    while game.phase != "round" or game.current_player != 0:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _da_game() -> Any:
    game = da.new_game(4, seed=2)
    while game.phase == "choose":
        game.apply(game.legal_actions()[0])
    return game


AL, HVG, DA = _al_game(), _hvg_game(), _da_game()
FIGHT = al.fight_position(12, companions=1, swords=(2,), herbs=(3,), gold=1, seed=1)
ROLLED = al.fight_position(16, companions=1, swords=(2,), herbs=(3,), gold=1, seed=1)
ROLLED.apply("swords 2")
SCOUT = hvg.scout_venture_position("venture", ["A06", "A01"], ["D06"], seed=1)
DEMO = demo_game.new_game(2, seed=1)
ORIGIN = next(w for w, _c in AL.adventurers[AL.current_player] if w != "box")

#: Values of the wrong kind for any argument.
BAD: list[Any] = [None, True, -1, 10**9, 10**100, 2.5, math.nan, "x", "", "A1" * 400, [],
                  {}, [None], {"x": [1]}, b"x", object(), DEMO, DEMO.view(0)]


def _other_games(own: Any) -> list[Any]:
    """The other games' states (and a view of one): never the game a function reads."""
    return [g for g in (AL, HVG, DA) if type(g) is not type(own)] + [
        g.view(0) for g in (AL, HVG, DA) if type(g) is not type(own)][:1]


# name -> (function, good positional args, good keyword args, the game it reads or None)
CASES: dict[str, tuple[Callable[..., Any], tuple, dict, Any]] = {
    # Adventure Land
    "al.advise_moves": (al.advise_moves, (AL,), {"player": AL.current_player}, AL),
    "al.board_scene": (al.board_scene, (AL,), {"selected": ORIGIN}, AL),
    "al.fight_advice": (al.fight_advice, (ROLLED,), {}, ROLLED),
    "al.fight_advice numbers": (al.fight_advice, (12, [3]), {"companions": 1, "sword_bonus": 2,
                                                              "herbs": [3], "gold": 1,
                                                              "paid": 0}, None),
    "al.fight_odds": (al.fight_odds, (FIGHT,), {}, FIGHT),
    "al.fight_odds numbers": (al.fight_odds, (12,), {"companions": 1, "swords": [2],
                                                     "herbs": [3], "gold": 1,
                                                     "choose_swords": True}, None),
    "al.fight_position": (al.fight_position, (12,), {"companions": 1, "swords": (2,),
                                                     "herbs": (3,), "gold": 1, "players": 2,
                                                     "seed": 1, "adventure": 1}, None),
    "al.lanes_for": (al.lanes_for, (2,), {}, None),
    "al.load_game": (al.load_game, (AL.to_json(),), {}, None),
    "al.movement_graph": (al.movement_graph, (AL,), {"fog": None, "sprite": None,
                                                     "occupied": None}, AL),
    "al.next_creature": (al.next_creature, (AL,), {"player": 0}, AL),
    "al.next_draws": (al.next_draws, (AL,), {"player": 0}, AL),
    "al.new_game": (al.new_game, (2, 1), {"adventure": 1}, None),
    "al.parse_action": (al.parse_action, ("end",), {}, None),
    "al.reachable": (al.reachable, (AL, ORIGIN), {"moves": 2}, AL),
    "al.risk_map": (al.risk_map, (AL,), {"player": AL.current_player, "origin": ORIGIN}, AL),
    "al.score_breakdown": (al.score_breakdown, (AL, 0), {}, AL),
    "al.straight_moves": (al.straight_moves, (AL, ORIGIN), {}, AL),
    # Hero versus Guardian
    "hvg.best_order": (hvg.best_order, ("scout", {"Cleric": [4, 0], "Warrior": [0, 3]},
                                        ["Evil room", "Trap room"]), {"by": "p_all"}, None),
    "hvg.dungeon_graph": (hvg.dungeon_graph, (HVG,), {}, HVG),
    "hvg.dungeon_scene": (hvg.dungeon_scene, (HVG,), {"selected": "A1"}, HVG),
    "hvg.location_chance": (hvg.location_chance, (SCOUT.view(0), "venture", "A1",
                                                  ["A06", "A01"]), {"points": True}, SCOUT),
    "hvg.location_odds": (hvg.location_odds, ("venture", [[2, 0], [3, 1]]),
                          {"room_points": [2, 4], "adventurer_points": [1, 2]}, None),
    "hvg.map_chance": (hvg.map_chance, (SCOUT, "A1"), {"rooms": ["D06"]}, SCOUT),
    "hvg.most_likely_route": (hvg.most_likely_route, (None, "B2", {"A2": "1/2", "B1": "1/4",
                                                                   "B2": "1/2"}),
                              {"entries": ["A1"], "mapped": ["A1"]}, None),
    "hvg.new_game": (hvg.new_game, (2, 1), {}, None),
    "hvg.parse_action": (hvg.parse_action, ("pass",), {}, None),
    "hvg.load_game": (hvg.load_game, (HVG.to_json(),), {}, None),
    "hvg.resolve_attempt_position": (hvg.resolve_attempt_position, ("scout", ["A01"], ["D10"]),
                                     {"seed": 1}, None),
    "hvg.roll_odds": (hvg.roll_odds, (4, 1), {}, None),
    "hvg.room_belief": (hvg.room_belief, (HVG.view(0), "A1"), {}, HVG),
    "hvg.scout_venture_position": (hvg.scout_venture_position, ("scout", ["A01"], ["D10"]),
                                   {"seed": 1, "levels": {"A01": 1}}, None),
    "hvg.targetable_locations": (hvg.targetable_locations, (HVG,), {}, HVG),
    # Dubious Alliance
    "da.action_for_click": (da.action_for_click, (DA, "card-0"), {}, DA),
    "da.chance_reaches_goal": (da.chance_reaches_goal, (DA.view(0), 0), {}, DA),
    "da.chance_reveal_hurts": (da.chance_reveal_hurts, (DA.view(0), 0), {}, DA),
    "da.chance_round_outcome": (da.chance_round_outcome, (DA.view(0), 0), {}, DA),
    "da.chance_someone_reaches_goal": (da.chance_someone_reaches_goal, (DA.view(0), 0), {},
                                       DA),
    "da.chance_survive_round": (da.chance_survive_round, (DA.view(0), 0), {}, DA),
    "da.claim_belief": (da.claim_belief, (DA.view(0), 1, "a troll"), {"player": 0}, DA),
    "da.claim_record": (da.claim_record, (DA.view(0), 1), {}, DA),
    "da.face_down_cards": (da.face_down_cards, (DA.view(0), 0, 1), {}, DA),
    "da.new_game": (da.new_game, (4, 1), {}, None),
    "da.load_game": (da.load_game, (DA.to_json(),), {}, None),
    "da.odds_report": (da.odds_report, (DA.view(0), 0), {}, DA),
    "da.odds_summary": (da.odds_summary, (DA.view(0), 0), {}, DA),
    "da.parse_action": (da.parse_action, ("done",), {}, None),
    "da.play_game": (da.play_game, (["hoarder", "liar", "honest"], 1), {"max_actions": 50},
                     None),
    "da.record_tally": (da.record_tally, (Counter(),), {}, None),
    "da.round_model": (da.round_model, (DA.view(0), 0), {}, DA),
    "da.table_scene": (da.table_scene, (DA,), {}, DA),
    "da.tournament": (da.tournament, (1, 3, 0), {}, None),
    "da.unseen_cards": (da.unseen_cards, (DA.view(0), 0), {}, DA),
    # the core
    "dice.dice_sum": (dice.dice_sum, (2,), {"sides": 6}, None),
    "dice.max_of_dice": (dice.max_of_dice, (2,), {"sides": 6}, None),
    "deck.hypergeom_pmf": (deck.hypergeom_pmf, (10, 3, 2, 1), {}, None),
    "deck.hypergeom_at_least": (deck.hypergeom_at_least, (10, 3, 2, 1), {}, None),
    "deck.multivariate_hypergeom_pmf": (deck.multivariate_hypergeom_pmf,
                                        ({"a": 2, "b": 1}, {"a": 1}), {}, None),
    "deck.ordered_draws_count": (deck.ordered_draws_count, ({"a": 2, "b": 1}, [["a"], ["b"]]),
                                 {}, None),
    "deck.ordered_draws_probability": (deck.ordered_draws_probability,
                                       ({"a": 2, "b": 1}, [["a"], ["b"]]), {}, None),
    "charts.bar_chart": (charts.bar_chart, ({1: sympy.Rational(1, 2), 2: sympy.Rational(1, 2)},),
                         {"target": 2, "title": "t", "width": 300, "height": 200}, None),
    "charts.comparison_chart": (charts.comparison_chart, ({"win": sympy.Rational(5, 6),
                                                           "lose": sympy.Rational(1, 6)},
                                                          {"win": 0.8, "lose": 0.2}), {}, None),
    "charts.band_chart": (charts.band_chart, (sympy.Rational(1, 2), {10: [0.4, 0.6]}), {},
                          None),
    "english.approx": (english.approx, (Fraction(1, 3),), {"places": 2}, None),
    "english.chance": (english.chance, (sympy.Rational(1, 3),), {}, None),
    "english.percent": (english.percent, (sympy.Rational(1, 3),), {}, None),
    "english.percent_is_exact": (english.percent_is_exact, (sympy.Rational(1, 4),), {}, None),
    "english.listing": (english.listing, (["a", "b"],), {"conjunction": "or"}, None),
    "english.ordinal": (english.ordinal, (3,), {}, None),
    "english.says": (english.says, ("You", "go"), {}, None),
    "english.possessive": (english.possessive, ("You",), {}, None),
    "english.count": (english.count, (2, "card"), {}, None),
    "english.their": (english.their, ("Bot",), {}, None),
    "english.objective": (english.objective, ("You",), {}, None),
    "checks.whole_number": (checks.whole_number, (3, "n"), {"minimum": 0, "maximum": 5}, None),
    "checks.one_of": (checks.one_of, ("a", "n", ("a", "b")), {}, None),
    "checks.seat": (checks.seat, (2, 1), {}, None),
    "checks.shown": (checks.shown, ([1, 2],), {}, None),
    "scene.Scene.from_dict": (Scene.from_dict, ({"width": 10, "height": 10, "shapes": [
        {"type": "rect", "id": "r", "x": 0, "y": 0, "width": 1, "height": 1}]},), {}, None),
    "scene.shape_from_dict": (shape_from_dict, ({"type": "circle", "id": "c", "cx": 1, "cy": 1,
                                                 "r": 1},), {}, None),
    "saves.read_save": (saves.read_save, (AL.to_json(), "adventure_land"), {}, None),
    "saves.canonical": (saves.canonical, ({"a": [1]},), {}, None),
    "bots.play_bots": (play_bots, (al.new_game(2, seed=1), {0: RandomBot(1), 1: RandomBot(2)}),
                       {"max_actions": 5}, None),
    "bots.RandomBot": (RandomBot, (1,), {}, None),
    "rng.Rng": (Rng, (1,), {}, None),
}


def bad_calls() -> Iterator[tuple[str, Callable[[], Any]]]:
    """(what, a call with one argument of the wrong kind), over every case and argument."""
    for name, (function, args, kwargs, game) in CASES.items():
        wrong = BAD + (_other_games(game) if game is not None else [])
        for i in range(len(args)):
            for value in wrong:
                bad_args = (*args[:i], value, *args[i + 1:])
                yield (f"{name} argument {i} = {_short(value)}",
                       lambda f=function, a=bad_args, k=kwargs: f(*a, **k))
        for key in kwargs:
            for value in wrong:
                yield (f"{name} {key}= {_short(value)}",
                       lambda f=function, a=args, k={**kwargs, key: value}: f(*a, **k))


def _short(value: Any) -> str:
    if isinstance(value, (al.AdventureLandState, hvg.HeroVsGuardianState,
                          da.DubiousAllianceState, demo_game.DemoState)):
        return f"a {type(value).__name__}{' view' if value.rng is None else ''}"
    return checks.shown(value)[:30]


def outcome(call: Callable[[], Any]) -> str:
    """'answered', 'refused' (a named library error) or what escaped."""
    from conformance import WorkBoundExceeded, bounded_work

    try:
        with bounded_work(seconds=20):
            call()
    except DungeoncraftError as error:
        cause: BaseException | None = error
        while cause is not None:
            if isinstance(cause, (MemoryError, RecursionError)):
                return f"{type(cause).__name__} behind {type(error).__name__}"
            cause = cause.__cause__ or cause.__context__
        return "refused" if str(error) else "refused without a word"
    except WorkBoundExceeded:
        return "no answer in 20 s"
    except Exception as error:  # noqa: BLE001 - what escapes is the finding
        return f"{type(error).__name__}: {str(error)[:80]}"
    return "answered"


def test_the_cases_are_good_calls():
    """With every argument good, each case answers: the bad calls test what they mean to."""
    for name, (function, args, kwargs, _game) in CASES.items():
        assert outcome(lambda f=function, a=args, k=kwargs: f(*a, **k)) == "answered", name


@pytest.mark.slow  # some 2,500 calls: about a minute
def test_every_bad_argument_is_answered_or_refused_by_name():
    escaped = [(what, result) for what, call in bad_calls()
               if (result := outcome(call)) not in ("answered", "refused")]
    assert not escaped, f"{len(escaped)} escaped, e.g. {escaped[:8]}"


def test_a_sample_of_bad_arguments_is_answered_or_refused_by_name():
    """The quick loop's share: every 25th bad call."""
    for i, (what, call) in enumerate(bad_calls()):
        if i % 25 == 0:
            assert outcome(call) in ("answered", "refused"), what


JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8),
              st.sampled_from(["A1", "E5", "row:3", "T04", "D31", "A01", "scout", "venture",
                               "cave_troll", "?", "-", "box"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=10)


@settings(max_examples=int(os.environ.get("DCW_FUZZ_EXAMPLES", 60)), deadline=None,
          derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_junk_in_any_argument_is_answered_or_refused_by_name(data):
    """Hypothesis picks a case, one argument (or two) and junk for it, near misses included
    (a real card id or location where another is wanted)."""
    name = data.draw(st.sampled_from(sorted(CASES)), label="function")
    function, args, kwargs, _game = CASES[name]
    args, kwargs = list(args), dict(kwargs)
    places = [*range(len(args)), *kwargs]
    for place in data.draw(st.lists(st.sampled_from(places), min_size=1, max_size=2,
                                    unique=True), label="arguments") if places else []:
        value = data.draw(JUNK, label=str(place))
        if isinstance(place, int):
            args[place] = value
        else:
            kwargs[place] = value
    result = outcome(lambda: function(*args, **kwargs))
    assert result in ("answered", "refused"), f"{name}{tuple(args)} {kwargs}: {result}"


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    tried, results = 0, Counter()
    examples: dict[str, str] = {}
    for what, call in bad_calls():
        tried += 1
        result = outcome(call)
        kind = result if result in ("answered", "refused") else "escaped"
        results[kind] += 1
        if kind == "escaped":
            key = result.split(":")[0]
            examples.setdefault(f"{what.split(' ')[0]} {key}", f"{what}: {result}")
    print(f"{tried} bad inputs tried: {dict(results)}")
    for line in examples.values():
        print("  ", line)
