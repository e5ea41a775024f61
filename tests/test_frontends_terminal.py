"""The terminal and plain Python: print(state), one-line reprs, tables in text."""

from __future__ import annotations

import IPython.lib.pretty
import pytest

import dungeoncraft_widgets
from dungeoncraft_widgets import demo_game
from dungeoncraft_widgets.core.display import ResultDisplay, state_text, status_line, text_table
from dungeoncraft_widgets.core.engine import GameState


@pytest.mark.parametrize("name", dungeoncraft_widgets.GAME_NAMES)
def test_print_state_says_whose_turn_and_how_many_actions_are_legal(name):
    game = dungeoncraft_widgets.GAMES[name]
    state_class = next(v for v in vars(game.rules).values()
                       if isinstance(v, type) and issubclass(v, GameState) and v.game_name)
    players = ["You"] + ["Bot"] * (max(2, state_class.min_players) - 1)
    state = game.new_game(players=players, seed=5)
    text = str(state)
    assert text == state_text(state)
    legal = len(state.legal_actions())
    mover = state.players[state.current_player]
    whose = "Your" if mover == "You" else f"{mover}'s"
    noun = "legal action" if legal == 1 else "legal actions"
    assert text.splitlines()[-1] == f"{whose} turn: {legal} {noun}."
    assert text.splitlines()[0].split(": ", 1)[1].startswith("You and Bot" if len(players) == 2
                                                                else "You, Bot")
    assert repr(state).startswith("<")  # repr is unchanged: one line


def test_a_finished_game_prints_its_scores():
    state = demo_game.new_game(players=["You", "Bot"], seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert status_line(state).startswith("Game over. Scores: You ")


def test_a_game_draws_its_board_in_text_through_one_hook():
    class Drawn(demo_game.DemoState):
        display_name = "Demo game, drawn"

        def text_board(self):
            return "+---+\n| X |\n+---+"

    lines = str(Drawn(["You", "Bot"], seed=1)).splitlines()
    assert lines == ["Demo game, drawn: You and Bot", "+---+", "| X |", "+---+",
                     "Your turn: 1 legal action."]


def test_text_tables_line_up():
    table = text_table(["k", "name", "p"], [(1, "Cleric", "5/6"), (10, "Warrior", "1/2")])
    lines = table.splitlines()
    assert lines[2] == " 1  Cleric   5/6" and lines[3] == "10  Warrior  1/2"
    assert len({len(line) for line in lines[1:]}) == 1


def test_a_result_reprs_in_one_line_and_shows_its_table_at_the_prompt():
    class Odds(ResultDisplay):
        def summary(self):
            return "P(win) = 13/18 ≈ 72.2%"

        def table(self):
            return ["swords", "P(win)"], [(0, "0"), (2, "13/18")]

    assert repr(Odds()) == "<Odds: P(win) = 13/18 ≈ 72.2%>"
    shown = IPython.lib.pretty.pretty(Odds())
    assert shown.splitlines()[0] == "P(win) = 13/18 ≈ 72.2%"
    assert "13/18" in shown.splitlines()[-1]
    assert "<td>13/18</td>" in Odds()._repr_html_()


def test_dubious_alliance_prints_its_table_and_a_view_hides_what_it_should():
    import random

    from dungeoncraft_widgets.dubious_alliance import new_game

    state = new_game(players=["You", "Bot", "Bot"], seed=2)
    whole = str(state)
    assert "Bot 1's hand:" in whole and "Your hand:" in whole
    for name in ("Uzga Bonewitch", "Murza Skullsplitter", "Skarr Dragoneye"):
        assert name in whole
    mine = str(state.view(0))
    assert "Your hand:" in mine and "Bot 1's hand" not in mine
    chance = random.Random(1)
    while state.phase != "resolve":
        state.apply(chance.choice(state.legal_actions()))
    text = str(state.view(0))
    assert "Revealed: " in text and text.splitlines()[-1].startswith(("Your turn", "Bot"))
    for hidden in state.hands[1]:
        assert state.card(hidden).name not in text.split("Revealed")[0]


def test_the_round_model_reprs_in_one_line():
    import random

    from dungeoncraft_widgets.dubious_alliance import new_game, odds

    state = new_game(players=["You", "Bot", "Bot"], seed=2)
    chance = random.Random(1)
    while state.phase != "trade":
        state.apply(chance.choice(state.legal_actions()))
    model = odds.round_model(state.view(0), 0)
    text = repr(model)
    assert text.startswith("<RoundModel from seat 0: ") and len(text) < 160
    assert str(model.chance_left_out) in text


def test_odds_results_repr_in_one_line_and_print_their_table():
    from dungeoncraft_widgets.adventure_land import fight_advice, fight_odds
    from dungeoncraft_widgets.hero_vs_guardian import location_odds

    odds = fight_odds(12, companions=2, swords=(2, 1))
    assert repr(odds) == "<FightOdds: P(win) = 13/18 ≈ 72.2% against 12, swords +2, +1>"
    assert IPython.lib.pretty.pretty(odds) == str(odds)  # the prompt shows the table
    assert "with 2 swords (+2, +1)  13/18 ≈ 72.2%" in str(odds)
    advice = fight_advice(12, (3, 2), companions=2, sword_bonus=3, gold=1)
    assert repr(advice).startswith("<FightAdvice: strength 11 against 12: ")
    assert len(repr(advice)) < 120 and "\n" not in repr(advice)
    scout = location_odds("scout", [[4, 0], [2, 3]])
    assert repr(scout).startswith("<LocationOdds: Scout: 2 Adventurer(s), 2 room(s): all done ")
    assert len(repr(scout)) < 140 and str(scout).count("\n") >= 3


def test_best_order_with_two_adventurers_names_the_other_order_once():
    from dungeoncraft_widgets.hero_vs_guardian import best_order

    answer = best_order("scout", {"Cleric": [4, 0], "Warrior": [2, 3]},
                        ["Evil room", "Trap room"])
    lines = str(answer).splitlines()
    assert lines[1].startswith("  best: Cleric > Warrior")
    assert lines[2].startswith("  2, the worst: Warrior > Cleric")
    assert len(lines) == 3  # not printed again as "worst"
    assert answer._repr_html_().count("Warrior &gt; Cleric") == 1
    assert repr(answer).startswith("<BestOrder: best of 2 orders (by p_all): Cleric > Warrior")
    many = best_order("scout", {"Cleric": [4, 0], "Warrior": [2, 3], "Rogue": [1, 4]},
                      ["Evil room", "Trap room"])
    assert str(many).splitlines()[-1].startswith("  worst: ")


def test_adventure_land_and_hero_versus_guardian_print_their_boards():
    import random

    from dungeoncraft_widgets.adventure_land import new_game as adventure_land
    from dungeoncraft_widgets.hero_vs_guardian import new_game as hero_vs_guardian

    land = adventure_land(players=["You", "Bot"], seed=3)
    text = str(land)
    grid = [line for line in text.splitlines() if line[:3].strip().isdigit()]
    assert len(grid) == 10 and all(len(line.split()) >= 11 for line in grid)
    assert "1 You: 0 points" in text and "W water sprite" in text
    assert "S2" in text  # a sword on the board, face up in the full state
    assert "S2" not in str(land.view(0)) and "S?" in str(land.view(0))

    dungeon = hero_vs_guardian(players=2, seed=4)
    chance = random.Random(2)
    for _ in range(80):
        dungeon.apply(chance.choice(dungeon.legal_actions()))
    whole, hero = str(dungeon), str(dungeon.view(0))
    assert whole.startswith("Hero versus Guardian: ")
    assert "Vault 8" in whole and "Vault 8" not in hero and "??" in hero
    # a view counts only its own player's legal actions: none while another seat acts
    if dungeon.current_player == 0:
        assert hero.splitlines()[-1].endswith("legal actions.")
    else:
        assert hero.splitlines()[-1].endswith("turn.") and "legal actions" not in hero
