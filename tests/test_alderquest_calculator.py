"""AlderQuestCalculator: a Matching Board typed in at the table, its exact odds checked
against Monte Carlo runs of the real engine from the same position (fixed seeds, within
4 standard errors, the nearest wrong answer rejected), bad input refused in words, the
repr and the still picture."""

from __future__ import annotations

import copy
import math
from collections import Counter

import pytest
import sympy
from alderquest_positions import build, setup

from dungeoncraft_widgets.alderquest.calculator import AlderQuestCalculator, parse_rows
from dungeoncraft_widgets.alderquest.odds import best_drops, move_odds, reveal_odds
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.widgets.fallback import static_text


def engine_game(calc: AlderQuestCalculator):
    """The calculator's position in the real engine: Red (Thieves and Guardians) to drop
    the revealed runes, the pouch as the calculator worked it out."""
    pos = calc.position
    assert (pos.allies, pos.colour) == ("GT", "r")
    return build(setup(seed=1), board=[list(c) for c in pos.board.cols],
                 revealed=list(calc.revealed.value),
                 rune_pouch=sorted(pos.pouch.elements()))


def test_best_drops_match_the_engine_playing_them():
    calc = AlderQuestCalculator()
    best = calc.plans[0]
    assert best.p_unsettled == 0 and best.expected_collected == sympy.Rational(491, 231)
    game = engine_game(calc)
    n, total, square = 800, 0, 0
    for i in range(n):
        g = copy.deepcopy(game)
        g.rng = Rng(1 + i)
        for rune, column in best.steps:
            g.apply(f"drop {rune} {column}")
        got = len(g.teams[0]["held"])
        total, square = total + got, square + got * got
    mean = total / n
    se = math.sqrt((square / n - mean ** 2) / n)
    assert abs(mean - float(best.expected_collected)) < 4 * se, (mean, best.expected_collected)
    # the nearest wrong answer: the cascade not followed through the new line it draws
    wrong = next(p for p in best_drops(calc.position, list(calc.revealed.value), 0)
                 if p.steps == best.steps)
    assert wrong.expected_collected != best.expected_collected
    assert abs(mean - float(wrong.expected_collected)) > 4 * se


def test_the_chance_of_the_next_runes_revealed_matches_the_engine_drawing_them():
    calc = AlderQuestCalculator()
    calc.want_rune.value, calc.want_count.value = "G", 2
    exact = calc.reveal
    assert exact == reveal_odds(calc.position, "G", 2, 3)
    game = engine_game(calc)
    n, hits = 3000, 0
    for i in range(n):
        g = copy.deepcopy(game)
        g.rng = Rng(7 + i)
        g._reveal_runes()  # the engine's own reveal at the start of a turn
        hits += g.revealed.count("G") >= 2
    se = math.sqrt(float(exact * (1 - exact)) / n)
    assert abs(hits / n - float(exact)) < 4 * se
    wrong = reveal_odds(calc.position, "G", 1, 3)   # "at least 1", the nearest other question
    assert abs(hits / n - float(wrong)) > 4 * se


def test_the_engine_reveals_from_the_pouch_the_calculator_works_out():
    """The pouch the calculator works out is the engine's own after building the game."""
    calc = AlderQuestCalculator()
    calc.discard.value = ("B", "B")
    calc.held.value = ("T",)
    pos = calc.position
    assert pos.pouch == Counter({"B": 5, "G": 5, "H": 5, "T": 4})  # 8 each, less the rest
    assert pos.discard == Counter({"B": 2})


def test_answers_are_the_librarys():
    calc = AlderQuestCalculator()
    pos = calc.position
    assert calc.plans == best_drops(pos, ["T", "G", "H"], 1)
    assert calc.moves["line"] == move_odds(pos, "line", 1)
    assert calc.moves["line"].p_unsettled > 0            # said in words beside it
    assert "unsettled" in calc.moves_view.value
    assert static_text(calc.headline).startswith(
        "Best drops: Guardians in B, then Thieves in C, then Hunters in A: 491/231")
    assert repr(calc).startswith("<AlderQuestCalculator: Best drops: Guardians in B")


def test_cells_are_set_by_clicking_and_rows_by_text():
    calc = AlderQuestCalculator()
    calc.brush.value = "G"
    calc.cell("C1").click()
    assert calc.position.board.cols[2] == ["G"]
    assert calc.rows_text.value.splitlines()[-1] == "HTGG"
    calc.rows_text.value = "r2 G - bs\nT G H B"
    calc.set_rows.click()
    assert calc.message.value == ""
    assert [c[:2] for c in calc.position.board.cols] == [["T", "r2"], ["G", "G"], ["H"],
                                                          ["B", "bs"]]
    assert parse_rows("TG-H")[-1] == ["T", "G", None, "H"]


@pytest.mark.parametrize("rows, words", [
    ("TG-\n", "row 1 ('TG-') has 3 cells"),
    ("X---", "'X': a piece must be a faction rune"),
    ("T---\n----", "A2 holds a piece over the empty A1"),
    ("T---\nT---\nT---", "holds a match already (A1, A2 and A3)"),
    ("\n".join(["TGHB"] * 7), "the Board has 6 rows, not 7"),
])
def test_bad_rows_are_refused_in_words(rows, words):
    calc = AlderQuestCalculator()
    calc.rows_text.value = rows
    calc.set_rows.click()
    assert calc.message.value.startswith("✗ ") and words in calc.message.value, \
        calc.message.value
    assert "dcw-stale" in calc._dom_classes


def test_impossible_counts_are_refused_in_words():
    calc = AlderQuestCalculator()
    calc.revealed.adder.value = "B"                     # a 4th revealed rune
    assert calc.message.value == ("✗ revealed: 3 runes at most are revealed above the "
                                  "Board, not 4")
    calc.revealed.remover.value = 3
    assert calc.message.value == ""
    calc.discard.value = ("r3",) * 3                     # 2 three-point Acorns a colour
    assert "hold 3 Red 3-point Acorns; the game has 2" in calc.message.value
    calc.discard.value = ()
    calc.want_count.value = 4                            # 4 of 3 runes
    assert calc.message.value == "✗ hold at least: 4 of 3 runes cannot be"
    calc.want_draws.value = 4
    assert calc.message.value == ""
    calc.snowflakes.value = 4
    assert "above 3, the largest allowed" in calc.message.value


def test_still_picture_shows_the_board_and_the_answers():
    calc = AlderQuestCalculator()
    text = static_text(calc)
    assert "A: H H; B: T G; C: T; D: G B (bottom up)" in text
    assert ("Revealed above the Board: 3 runes: Thieves rune (T), Guardians rune (G), "
            "Hunters rune (H)") in text
    assert "Chance the next 3 runes revealed hold at least 1 Thieves rune:" in text
    assert "Winter comes with the 4th Snowflake matched: 0 so far" in text


def test_parse_rows_refuses_a_flood():
    with pytest.raises(InvalidArgumentError, match="at most 6 rows"):
        parse_rows("T" * 1000)


# ------------------------------------------------------------------ everywhere
def test_the_table_notebook_holds_the_calculator_and_no_other_code():
    import json
    import pathlib

    path = pathlib.Path(__file__).parents[1] / "notebooks" / "table" / "alderquest.ipynb"
    cells = json.loads(path.read_text())["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1 and "AlderQuestCalculator()" in "".join(code[0]["source"])
    assert "in `notebooks/table/`, run `voila alderquest.ipynb`" in "".join(
        "".join(c["source"]) for c in cells)


@pytest.mark.slow
def test_the_marimo_example_runs_and_shows_anywidgets():
    import importlib.util
    import pathlib

    import marimo  # noqa: F401 - the example needs it
    path = pathlib.Path(__file__).parents[1] / "notebooks" / "marimo" / "alderquest.py"
    spec = importlib.util.spec_from_file_location("marimo_alderquest", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    outputs, _defs = module.app.run()
    assert [type(o).__name__ for o in outputs if o is not None].count("anywidget") == 1
    html = " ".join(o.text for o in outputs if hasattr(o, "text"))
    assert "Jupyter widgets are not supported" not in html


# ------------------------------------------------------------------ the Battlefield
def test_the_battlefield_answers_are_the_librarys():
    from dungeoncraft_widgets.alderquest.graph import minion_reach, threats
    from dungeoncraft_widgets.alderquest.rules import position

    calc = AlderQuestCalculator()
    for mid, space, acorn in (("T01", "a1", ""), ("B03", "b2", "r1")):
        calc.minion_pick.value, calc.minion_space.value = mid, space
        calc.minion_acorn.value = acorn
        calc.place.click()
    assert calc.message.value == ""
    game = position(("Thieves", "Bards", "Guardians", "Hunters"),
                    minions={"T01": {"space": "a1"}, "B03": {"space": "b2", "acorn": "r1"}})
    for mid in ("T01", "B03"):
        assert calc.reach[mid] == tuple(sorted(minion_reach(game, mid, fresh=True).spaces))
    assert calc.threatened == {"T01": tuple(threats(game, 0)["a1"]),
                               "B03": tuple(threats(game, 1)["b2"])}
    assert calc.threatened["T01"] == ("B03",) and "b2" in calc.reach["T01"]
    assert "T01 (Red)  a1  a1, a2, a3, b1, b2, c1  B03" in static_text(calc.battle_view)
    # placed again: it moves; on an occupied space: refused in words
    calc.minion_pick.value, calc.minion_space.value, calc.minion_acorn.value = "T01", "b2", ""
    calc.place.click()
    assert calc.message.value == "✗ minions: B03 and T01 both stand on b2"
    calc.placed.remover.value = 1                      # a click takes it off the Battlefield
    assert calc.message.value == "" and list(calc.reach) == ["B03"]


def test_a_minion_carries_only_an_enemy_acorn():
    calc = AlderQuestCalculator()
    calc.minion_pick.value, calc.minion_space.value, calc.minion_acorn.value = "T01", "a1", "r2"
    calc.place.click()
    assert calc.message.value == ("✗ minions: T01 can carry an enemy Acorn only (b1 to b3), "
                                  "not 'r2'")


@pytest.mark.slow
def test_the_trap_chance_of_a_face_down_tile_matches_the_tiles_set():
    """Over seeds, the tile standing for the enemy's face-down one is a trap as often as
    the calculator's chance says (the stand-in is drawn from the owner's Tile Pouch, as
    the engine sets tiles)."""
    from dungeoncraft_widgets.alderquest.rules import position

    calc = AlderQuestCalculator()
    calc.set_tile.click()                                  # a Blue tile on d3
    calc.tile_space.value = "b1"
    calc.set_tile.click()
    calc.set_tile.click()                                  # two Blue tiles on b1
    assert calc.message.value == "" and calc.traps == {"d3": sympy.Rational(2, 19),
                                                       "b1": sympy.Rational(2, 19)}
    n, hits = 2000, 0
    for seed in range(n):
        game = position(seed=seed, tiles={"d3": ["b"], "b1": ["b", "b"]})
        hits += game.tiles["b1"][-1][0] == "bt"
        assert game.view(0).tiles["b1"] == [["b?", False], ["b?", False]]
    se = math.sqrt(float(calc.traps["b1"] * (1 - calc.traps["b1"])) / n)
    assert abs(hits / n - float(calc.traps["b1"])) < 4 * se
    assert "b1: 2/19 ≈ 10.5%" in static_text(calc.battle_view)
