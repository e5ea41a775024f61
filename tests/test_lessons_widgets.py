"""The lessons' widgets (lessons/widgets.py): each picture moves with its slider or click,
and leaves a still picture for pages that run no widgets."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.scene import Scene
from dungeoncraft_widgets.lessons.widgets import (
    DeckThinner,
    DiceSum,
    EngineTally,
    ProbabilityTree,
    RunningMean,
    WaitingTime,
)


def shapes(widget) -> dict[str, dict]:
    scene = Scene.from_dict(widget.board.scene)
    out = {}

    def walk(items):
        for shape in items:
            out[shape.id] = shape.to_dict()
            walk(getattr(shape, "children", ()))

    walk(scene.shapes)
    return out


def test_running_mean_follows_the_slider_and_plays_new_fights():
    lln = RunningMean(lambda seed: seed % 3 != 0, Fraction(2, 3), runs=300, start=30)
    first = shapes(lln)["running"]["d"]
    lln.fights.value = 300
    assert shapes(lln)["running"]["d"] != first           # the line grows
    assert abs(lln.running[-1] - 2 / 3) < 0.01
    assert "300 fights" in lln.status.value and "± one standard error" in lln.status.value
    old = list(lln.results)
    lln.new_simulation()
    assert lln.seed == 1 and lln.results != old or lln.results == old  # new seeds were played
    assert "funnel" in shapes(lln) and "exact" in shapes(lln)
    with pytest.raises(InvalidArgumentError):
        RunningMean(lambda seed: True, 1, runs=5)


def test_running_mean_of_the_engine_settles_on_the_exact_chance():
    from dungeoncraft_widgets.adventure_land.odds import fight_odds
    from dungeoncraft_widgets.lessons.simulations import engine_fights

    exact = fight_odds(12, companions=2, swords=(2, 1)).p_win
    lln = RunningMean(engine_fights(12, companions=2, swords=(2, 1)), exact, runs=2000,
                      start=2000)
    assert abs(lln.running[-1] - float(exact)) < 4 * (float(exact) * (1 - float(exact))
                                                      / 2000) ** 0.5


def test_dice_sum_turns_normal_as_dice_are_added():
    clt = DiceSum(dice=1)
    gaps = []
    for n in (1, 2, 4, 8, 16):
        clt.dice.value = n
        gaps.append(float(clt.status.value.rsplit(" ", 1)[1].rstrip(".")))
        assert f"bar-{n}" in shapes(clt) and f"bar-{6 * n}" in shapes(clt)
    assert gaps == sorted(gaps, reverse=True) and gaps[-1] < 0.005


def test_probability_tree_adds_up_the_clicked_outcome_and_turns_round():
    tree = ProbabilityTree({"a": Fraction(1, 3), "b": Fraction(2, 3)},
                           {"a": {"x": Fraction(1, 2), "y": Fraction(1, 2)},
                            "b": {"x": Fraction(1, 4), "y": Fraction(3, 4)}}, reverse=True)
    assert "Click" in tree.status.value
    tree.board.simulate("click", "outcome-x")
    assert "<b>1/3</b>" in tree.status.value and "P(a | x) = 1/2" in tree.status.value
    assert shapes(tree)["outcome-x"]["fill"] != shapes(tree)["outcome-y"]["fill"]
    tree.board.simulate("click", "outcome-x")             # a second click lets go
    assert tree.chosen is None
    with pytest.raises(InvalidArgumentError, match="add up to 1"):
        ProbabilityTree({"a": Fraction(1, 2)}, {"a": {"x": Fraction(1)}})


def test_probability_tree_sliders_rebuild_the_tree():
    def model(v):
        return ({"W": v["p"], "not": 1 - v["p"]},
                {"W": {"yes": Fraction(1, 2), "no": Fraction(1, 2)},
                 "not": {"yes": Fraction(1, 4), "no": Fraction(3, 4)}})

    tree = ProbabilityTree(sliders={"p": (0.05, 0.95, 0.05, 0.5)}, model=model, reverse=True,
                           decimals=True)
    tree.board.simulate("click", "outcome-yes")
    before = tree.status.value
    tree.sliders["p"].value = 0.1
    assert tree.status.value != before and "P(W | yes) = 0.182" in tree.status.value
    with pytest.raises(InvalidArgumentError, match="need a model"):
        ProbabilityTree(sliders={"p": (0, 1, 0.1, 0.5)})


def test_deck_thinner_destroys_and_restores_cards_on_click_and_deals_in_the_engine():
    from dungeoncraft_widgets.lessons.simulations import dobbers_hands

    thin = DeckThinner({"bottle_cap": 8, "traveling_kit": 1, "wooden_knife": 1},
                       destroyable=["bottle_cap"],
                       deal=lambda deck, runs, seed: dobbers_hands(deck, runs=runs, seed=seed),
                       runs=50)
    assert thin.exact() == {0: Fraction(2, 9), 1: Fraction(5, 9), 2: Fraction(2, 9)}
    thin.board.simulate("click", "card-bottle_cap-0")
    thin.board.simulate("click", "card-bottle_cap-0")
    assert thin.deck["bottle_cap"] == 6 and "8 cards" in thin.status.value
    thin.board.simulate("click", "card-traveling_kit-0")   # not destroyable: nothing happens
    assert thin.deck["traveling_kit"] == 1
    thin.board.simulate("click", "card-bottle_cap-7")      # an empty place: one comes back
    assert thin.deck["bottle_cap"] == 7
    thin.deal_hands()
    assert thin.dealt is not None and len(thin.dealt) == 50 and "the engine" in thin.status.value
    for _ in range(10):                                    # never fewer cards than a hand
        thin.board.simulate("click", "card-bottle_cap-0")
    assert sum(thin.deck.values()) == 5


def test_engine_tally_adds_runs_and_starts_over():
    tally = EngineTally({"odd": Fraction(1, 2), "even": Fraction(1, 2)},
                        lambda seed: "odd" if seed % 2 else "even", title="parity")
    assert "No runs yet" in tally.status.value
    tally.play(100)
    assert tally.runs == 100 and tally.counts["odd"] == 50
    assert "simulated-odd" in shapes(tally)
    tally.reset()
    assert tally.runs == 0 and "simulated-odd" not in shapes(tally)
    bad = EngineTally({"a": 1}, lambda seed: "b")
    with pytest.raises(InvalidArgumentError, match="not one of"):
        bad.play(1)


@pytest.mark.parametrize("make", [
    lambda: RunningMean(lambda s: s % 2, Fraction(1, 2), runs=100),
    lambda: DiceSum(3),
    lambda: ProbabilityTree({"a": 1}, {"a": {"x": 1}}),
    lambda: DeckThinner({"cap": 5, "kit": 1}, counted=("kit",)),
    lambda: EngineTally({"a": 1}, lambda s: "a"),
    lambda: WaitingTime({1: Fraction(1, 2), 2: Fraction(1, 4)}, [1, 2, None, 1], least=1),
])
def test_every_widget_leaves_a_still_picture_with_its_controls(make):
    widget = make()
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "<svg" in data["text/html"] and data["text/plain"].startswith("<")
    assert "application/vnd.jupyter.widget-view+json" in data


def test_running_mean_of_a_number_draws_several_sequences_in_the_variance_funnel():
    dice = RunningMean(lambda seed: seed % 6 + 1, Fraction(7, 2), variance=Fraction(35, 12),
                       runs=120, start=60, unit="rolls", paths=4)
    drawn = shapes(dice)
    assert {"running", "running-1", "running-2", "running-3"} <= set(drawn)
    assert "60 rolls" in dice.status.value and "the exact mean is 7/2" in dice.status.value
    assert len(dice.paths) == 4 and all(len(path) == 120 for path in dice.paths)
    with pytest.raises(InvalidArgumentError, match="paths"):
        RunningMean(lambda seed: 1, 1, paths=0)


def test_dice_sum_marks_the_tail_and_compares_the_normal_with_and_without_correction():
    clt = DiceSum(dice=2, tail=11)
    assert "bar-win" in shapes(clt)["bar-11"]["classes"]
    assert "bar-win" not in shapes(clt)["bar-10"]["classes"]
    assert "P(sum ≥ 11) = 1/12" in clt.status.value
    clt.dice.value = 10                       # the threshold stays inside the new sums
    assert clt.at_least.min == 10 and clt.at_least.max == 60 and clt.at_least.value == 11
    clt.at_least.value = 45
    assert "P(sum ≥ 45) = " in clt.tail_text() and "threshold" in shapes(clt)
    assert DiceSum(dice=3).tail_text() == ""


def test_waiting_time_conditions_on_the_wait_so_far():
    half = Fraction(1, 2)
    geometric = {t: half ** t for t in range(1, 30)}
    wait = WaitingTime(geometric, [1, 2, 1, 3, 1, 2, 4, 1] * 10, unit="rolls", least=5)
    before = wait.conditional()
    wait.waited.value = 2
    assert wait.conditional() == before            # a geometric wait forgets
    assert wait.survival(2) == Fraction(1, 4) and "given T > 2" in wait.status.value
    deck = WaitingTime({1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)},
                       [1, 2, 3] * 20, least=5)
    deck.waited.value = 1
    assert deck.conditional()[1] == half           # a deck's wait remembers
    assert deck.waited.max == 2
    with pytest.raises(InvalidArgumentError, match="adding"):
        WaitingTime({0: 1}, [])
