"""DobbersCalculator: a position typed in at the table, its exact odds checked against
Monte Carlo runs of the real engine from the same position (fixed seeds; within 4
standard errors, and the nearest wrong answer is rejected), the recommendation, bad input
refused in words, the repr and the still picture."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
import sympy

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.dobbers import position
from dungeoncraft_widgets.dobbers.calculator import DobbersCalculator
from dungeoncraft_widgets.dobbers.odds import at_least, hand_points, next_challenge, next_hand
from dungeoncraft_widgets.widgets.fallback import static_text


def within(estimate_hits: int, trials: int, exact: sympy.Rational) -> float:
    """How many standard errors the Monte Carlo frequency lies from ``exact``."""
    p = float(exact)
    se = math.sqrt(max(p * (1 - p), 1e-12) / trials)
    return abs(estimate_hits / trials - p) / se


def short_deck_calc() -> DobbersCalculator:
    """A deck of 2 at the Draw Phase: the discard pile, with this hand, is shuffled in."""
    calc = DobbersCalculator()
    calc.piles["hand"].value = ("bottle_cap", "bottle_cap", "strength", "traveling_kit",
                                "wooden_knife")
    calc.piles["deck"].value = ("bottle_cap", "silver")
    calc.piles["discard"].value = ("bottle_cap",) * 4 + ("helpful",)
    assert calc.message.value == ""
    return calc


# ------------------------------------------------------------------ the position
def test_position_sets_deck_discard_rows_and_face_down_icons():
    game = position(heroes=["herb"], hand=["silver"], deck=["bottle_cap", "traveling_kit"],
                    discard=["wooden_knife", "silver"], challenge_row=["dark_wood"],
                    stacks={"E2": ["castle_walls", "?creature"]})
    p = game.turn_player
    assert game.decks[p] == ["bottle_cap", "traveling_kit"]
    assert game.discards[p] == ["wooden_knife", "silver"]
    assert game.location_row == ["dark_wood", None, None] and game.creature_row == [None] * 3
    # the starting cards not asked for were Destroyed: 8 Bottle Caps in all, 1 in the deck
    assert Counter(game.destroyed)["bottle_cap"] == 7
    hidden = game.stacks["E2"][1]
    assert game.cards.type(hidden[0]) == "Creature" and hidden[1] is False
    assert game.view(p).stacks["E2"][1] == ["?creature", False]


@pytest.mark.parametrize("options, words", [
    ({"deck": ["bottle_cap"] * 9}, "8 Bottle Caps at most"),
    ({"discard": ["silver"] * 9}, "no Silver is left"),
    ({"deck": ["giant_rat"]}, "Giant Rat is a Creature"),
    ({"challenge_row": ["silver"]}, "must be a Location or a Creature"),
])
def test_position_refuses_what_the_deck_cannot_hold(options, words):
    with pytest.raises(InvalidArgumentError, match=words):
        position(heroes=["herb"], **options)


# ------------------------------------------------------------------ Monte Carlo
@pytest.mark.slow
def test_next_hand_matches_the_engine_drawing_it():
    """End the turn in the real engine (which shuffles the discard pile in) and count the
    hand's points; the deck's order is unknown at the table: shuffled for each seed."""
    calc = short_deck_calc()
    cards = calc.cards
    trials = 1500
    seen: dict[str, Counter] = {q: Counter() for q in calc.hands}
    for seed in range(trials):
        options = calc.options()
        random.Random(seed).shuffle(options["deck"])
        game = calc.build(seed=seed, deck=options["deck"])
        me = game.turn_player  # the seat the seed gave "you"
        assert game.heroes[me] == "toby" and game.decks[me] == options["deck"]
        game.apply("end")
        for q in calc.hands:
            seen[q][hand_points(cards, game.hands[me], q, hero=calc.hero.value,
                                equipped=game.equipped[me])] += 1
    for q, dist in calc.hands.items():
        assert set(seen[q]) <= set(dist)
        for value, p in dist.items():
            assert within(seen[q][value], trials, p) < 4, (q, value, p, seen[q])
    # the nearest wrong answer: this turn's hand left out of the reshuffle
    me = calc.view.turn_player
    wrong_view = calc.view.copy()
    wrong_view.hands[me] = []
    wrong = next_hand(wrong_view, me, "travel")
    assert wrong != calc.hands["travel"]
    assert max(within(seen["travel"][v], trials, wrong.get(v, sympy.Integer(0)))
               for v in set(wrong) | set(seen["travel"])) > 4


def challenge_trial(calc: DobbersCalculator, seed: int) -> bool:
    """Play the hand and use the Equipment in the engine, commit to the stack, fight."""
    game = calc.build(seed=seed)
    me = game.turn_player
    for card in list(game.hands[me]):
        if game.cards.type(card) == "Effect":
            game.apply(f"play {card}")
    for slot in game.equipped[me]:
        game.apply(f"use {slot}")
    game.apply(f"challenge {calc.challenge.square}")
    game.apply("fight")
    return game.position[me] == calc.challenge.square


@pytest.mark.slow
def test_next_challenge_matches_the_engine_fighting_it():
    """The face-down Creature is a different unseen card for each seed, as for the player."""
    calc = DobbersCalculator()
    calc.equipment["weapon"].value = "silver_sword"
    calc.piles["hand"].value = ("strength", "helpful", "bottle_cap", "bottle_cap", "silver")
    assert calc.message.value == ""
    odds = calc.challenge
    assert odds.square == "E2" and 0 < odds.chance < 1
    trials = 1200
    wins = sum(challenge_trial(calc, seed) for seed in range(trials))
    assert within(wins, trials, odds.chance) < 4, (wins, odds.chance)
    # the nearest wrong answer: "more than the need" instead of "at least"
    have = next(iter(odds.have.values()))
    wrong = sum((c.chance for c in odds.cases if have > c.need), sympy.Integer(0))
    assert wrong != odds.chance and within(wins, trials, wrong) > 4


# ------------------------------------------------------------------ answers and words
def test_answers_are_the_librarys_and_the_fewest_cards_give_the_whole_chance():
    calc = DobbersCalculator()
    calc.equipment["weapon"].value = "silver_sword"
    calc.piles["hand"].value = ("strength", "helpful", "bottle_cap", "bottle_cap", "silver")
    view, me = calc.view, calc.view.turn_player
    assert calc.hands == {q: next_hand(view, me, q) for q in ("travel", "challenge",
                                                              "influence")}
    whole = next_challenge(view, me)
    assert calc.challenge == whole
    assert next_challenge(view, me, hand=calc.with_cards).chance == whole.chance
    assert len(calc.with_cards) < 5  # the Bottle Caps and the Silver add nothing to it
    text = static_text(calc)
    assert f"Clear the stack on Encounter square 2 this turn: {whole.chance}" in text
    assert "play Helpful and Strength and use Silver Sword" in text


def test_the_recommendation_is_the_best_by_the_exact_values():
    calc = short_deck_calc()
    view, me = calc.view, calc.view.turn_player
    # checked independently: the next hand's Travel to E2 with each card in the discard pile
    for card, p in calc.buys.items():
        with_card = view.copy()
        with_card.discards[me].append(card)
        assert p == at_least(next_hand(with_card, me, "travel"), 3)
    affordable = [c for c in calc.buys if view.buy_cost(me, c) <= calc.influence]
    assert calc.best_buy in affordable
    assert calc.buys[calc.best_buy] == max(calc.buys[c] for c in affordable)
    assert calc.buys[calc.best_buy] > calc.matter_now
    name = calc.cards.name(calc.best_buy)
    assert f"buy {name}: {calc.buys[calc.best_buy]}" in static_text(calc.headline)
    assert repr(calc).startswith("<DobbersCalculator: Chance of 3 Travel next turn")


def test_no_buy_is_advised_while_the_deck_holds_the_next_hand():
    calc = DobbersCalculator()  # 5 cards in the deck: a card bought now comes later
    assert calc.best_buy is None
    assert "your deck still holds 5 cards" in calc.buy_view.value


def test_bad_input_is_refused_in_words_and_the_fix_clears_it():
    calc = DobbersCalculator()
    calc.piles["deck"].adder.value = "bottle_cap"        # a 9th Bottle Cap
    assert calc.message.value.startswith("✗ deck: ") and "8 Bottle Caps at most" in \
        calc.message.value
    assert "dcw-stale" in calc._dom_classes and calc.answer_text == ""
    assert "✗" in repr(calc)
    calc.piles["deck"].remover.value = "bottle_cap"      # one click takes it away
    assert calc.message.value == "" and "dcw-stale" not in calc._dom_classes
    calc.stack_location[0].value = ""
    assert calc.message.value == "✗ stack 1: choose its Location (a stack starts with one)"
    calc.stack_location[0].value = "castle_walls"
    calc.stack_square[1].value, calc.stack_location[1].value = "E2", "dark_wood"
    assert "already has a stack" in calc.message.value
    calc.stack_square[1].value = ""
    calc.mode.value = "drawn"                             # the deck list lacks the hand's Kit
    assert calc.message.value.startswith("✗ hand: Traveling Kit is in the hand but not")
    assert calc.piles["deck"].summary.value.startswith("<b>Deck list:</b>")


def test_deck_list_and_drawn_since_the_reshuffle_give_the_same_position():
    calc = DobbersCalculator()
    calc.piles["deck"].value = ("bottle_cap", "bottle_cap", "silver")
    calc.piles["discard"].value = ("bottle_cap", "helpful")
    piles = calc.hands
    calc.mode.value = "drawn"
    calc.piles["deck"].value = ("bottle_cap",) * 6 + ("silver", "helpful", "traveling_kit",
                                                     "wooden_knife")
    calc.piles["discard"].value = ("bottle_cap", "helpful")
    assert calc.message.value == ""
    assert calc.hands == piles


def test_still_picture_shows_inputs_and_answers():
    calc = DobbersCalculator()
    text = static_text(calc)
    for line in ("Hero: Toby", "Hand: 5 cards: Bottle Cap ×3, Traveling Kit, Wooden Knife",
                 "Location (by its art): Castle Walls", "Under it: 1 card: a face-down Creature",
                 "Travel (blue + red)  1: 1  always 1", "Way to the Key: here → Encounter"):
        assert line in text
    assert "add…" not in text  # the pile's menus mean nothing on a still page


def test_the_race_says_when_it_is_an_estimate():
    calc = DobbersCalculator()
    calc.square.value = "T15"
    calc.stack_square[0].value = "E12"
    calc.stack_location[0].value = "hollow_oak"
    calc.stack_rest[0].value = ()
    race = calc.race
    assert not isinstance(race, str), race
    assert ("(exact)" in calc.race_view.value) == race.exact


# ------------------------------------------------------------------ everywhere
def test_the_table_notebook_holds_the_calculator_and_no_other_code():
    import json
    import pathlib

    path = pathlib.Path(__file__).parents[1] / "notebooks" / "table" / "dobbers.ipynb"
    cells = json.loads(path.read_text())["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1 and "DobbersCalculator()" in "".join(code[0]["source"])
    assert "in `notebooks/table/`, run `voila dobbers.ipynb`" in "".join(
        "".join(c["source"]) for c in cells)


@pytest.mark.slow
def test_the_marimo_example_runs_and_shows_anywidgets():
    import importlib.util
    import pathlib

    import marimo  # noqa: F401 - the example needs it
    path = pathlib.Path(__file__).parents[1] / "notebooks" / "marimo" / "dobbers.py"
    spec = importlib.util.spec_from_file_location("marimo_dobbers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    outputs, _defs = module.app.run()
    assert [type(o).__name__ for o in outputs if o is not None].count("anywidget") == 1
    html = " ".join(o.text for o in outputs if hasattr(o, "text"))
    assert "Jupyter widgets are not supported" not in html
