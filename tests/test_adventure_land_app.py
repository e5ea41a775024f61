"""Adventure Land widgets (Python side): clicking moves, what the app says after the bots'
turns, battles as questions with exact odds, what everyone holds, the risk overlay and
move advisor, refusals, the editor."""

import pytest
import sympy

from dungeoncraft_widgets.adventure_land import odds
from dungeoncraft_widgets.adventure_land.app import (
    AdventureLandApp,
    PositionEditor,
    summary_sentences,
)
from dungeoncraft_widgets.adventure_land.bots import GreedyBot
from dungeoncraft_widgets.adventure_land.data import FIELDS
from dungeoncraft_widgets.adventure_land.rules import (
    _rebase,
    empty_position,
    fight_position,
    give,
    place_adventurer,
    place_item,
    place_sprite,
    score_breakdown,
)
from dungeoncraft_widgets.core.english import chance

FIELD_INDEX = {f: i for i, f in enumerate(FIELDS)}


class Scripted:
    """A bot that plays the given actions in order (then ends its turns)."""

    name = "scripted"

    def __init__(self, *actions):
        self.actions = list(actions)

    def choose(self, view, legal):
        while self.actions:
            action = self.actions.pop(0)
            if any(str(a) == action for a in legal):
                return next(a for a in legal if str(a) == action)
        return next(a for a in legal if str(a) in ("end", "swords -", "give-up"))


def quiet_table(players=("You", "Bot"), top=()):
    """An empty table whose next cards are mountains and forests far from the action."""
    s = empty_position(list(players))
    quiet = ("F1", "G1", "H1", "F2", "G2", "H2", "F3", "G3", "H3", "I3", "K1", "E1")
    for f in (*top, *quiet):
        s.deck.remove(f)
    s.deck.extend(reversed((*top, *quiet)))
    _rebase(s)
    return s


def test_click_select_then_move():
    app = AdventureLandApp(state=empty_position(), bots={1: GreedyBot()})
    k = next(k for k, (w, _c) in enumerate(app.state.adventurers[0]) if w == "row:3")
    app.board.simulate("click", f"adv-0-{k}")
    assert app.selected == "row:3"
    assert "can reach" in app.message.value and not app.message.value.startswith("✗")
    assert "dcw-error" not in app.message._dom_classes       # neutral, not the error colour
    clickable = app.board.scene["clickable"]
    assert "field-J3" in clickable and "field-J9" in clickable   # one and two moves
    app.board.simulate("click", "field-J3")
    assert [str(a) for a in app.state.history[:1]] == ["move row:3 J3"]


def test_click_on_a_field_two_moves_away_makes_both_moves():
    app = AdventureLandApp(players=["You", "Bot"], seed=5)
    app.select("row:3")
    reach = {i[len("field-"):] for i in app.board.scene["clickable"] if i.startswith("field-")}
    far = next(f for f in sorted(reach) if f not in app.state.destinations("row:3")
               and f not in app.state.board)
    app.board.simulate("click", f"field-{far}")
    mine = list(app.state.history[:2])
    assert len(mine) == 2 and mine[0].origin == "row:3" and mine[1].to == far
    # the whole path in "What just happened", both hops (issue 26: only the last showed)
    said = " ".join(app.summary_lines)
    assert f"moved from the start of row 3 to {mine[0].to}" in said and \
        f"moved from {mine[0].to} to {far}" in said, said


def test_refused_move_shows_the_rule_and_changes_nothing():
    app = AdventureLandApp(players=["You", "Bot"], seed=5)
    before = app.state.to_json()
    assert app.act("move row:3 A4") is False
    assert app.message.value.startswith("✗ move:") and "straight line" in app.message.value
    assert app.state.to_json() == before


def test_summary_says_what_the_bot_did_and_marks_what_moved():
    """'Bot moved C8 to F8, beat a fog creature of 8, +4; the water sprite swept your
    adventurer off E9', in this game's words."""
    s = quiet_table(top=("A1", "B1", "E9", "C1"))
    place_item(s, "F8", "F8")
    place_sprite(s, "A7")
    place_adventurer(s, 1, "C8", 7)                     # strength 8: wins at once
    place_adventurer(s, 0, "D9", 1)                     # swept when gold appears on E9
    app = AdventureLandApp(state=s, bots={1: Scripted("move C8 F8")})
    assert app.act("end")
    lines = app.summary_lines
    assert "Bot moved from C8 to F8 and beat the fog creature of 8 on F8 (+4 points)." in lines
    assert "The water sprite swept your adventurer and 1 companion off D9." in lines
    assert any(line.startswith("Bot turned over") for line in lines)
    k = s.at["F8"][1]
    assert f"adv-1-{k}" in app.board.flash_ids["ids"] and "sprite" in app.board.flash_ids["ids"]
    assert "What just happened" in app.summary_view.value


def test_your_own_results_are_in_the_summary():
    s = quiet_table()
    place_item(s, "C1", "C")
    app = AdventureLandApp(state=s, bots={1: Scripted()})
    app.act("move row:1 C1")
    assert app.summary_lines[0] == ("You moved from the start of row 1 to C1 and a companion "
                                    "joined (+1 point).")


def test_a_battle_is_a_question_with_buttons_carrying_exact_odds():
    state = fight_position(14, companions=1, swords=(2, 1, 0), herbs=(2,), gold=2, seed=4)
    app = AdventureLandApp(state=state, bots={})
    assert app.question_view.value.startswith("A fog creature of strength 14 stands on D7. "
                                              "Your adventurer has strength 2")
    assert [b.description for b in app.choice_box.children] == [
        "Fight with no swords: 0 = 0.0%", "Fight with +2: 1/6 ≈ 16.7%",
        "Fight with +2 and +1: 1237/1296 ≈ 95.4%", "★ Fight with +2, +1 and +0: 323/324 ≈ 99.7%"]
    expected = odds.fight_odds(14, companions=1, swords=(2, 1, 0), herbs=(2,), gold=2)
    assert expected.p_win == sympy.Rational(323, 324) and expected.swords_used == (2, 1, 0)
    app.choice_box.children[-1].click()                 # dice 2, 1, 4: strength 12
    assert app.summary_lines == [
        "Black fought with +2, +1 and +0 and rolled 2, 1 and 4: strength 12."]
    assert app.question_view.value == (
        "Strength 12 against 14 (dice 2, 1 and 4): 2 more points to win. You can still add "
        "your herb of 2 and 2 gold (+1 each, or a die rerolled). What do you do?")
    assert [b.description for b in app.choice_box.children] == [
        "★ Win now: use the herb of 2: 1 = 100.0%", "Pay a gold to reroll the 1: 1 = 100.0%",
        "Pay a gold to reroll the 2: 1 = 100.0%", "Pay a gold to reroll the 4: 31/36 ≈ 86.1%"]
    app.choice_box.children[0].click()
    assert state.fight is None and state.stock[0]["creatures"] == [14]
    assert app.summary_lines == [
        "Black used the herb of 2: strength 14.",
        "Black beat the fog creature of 14 on D7 (+7 points)."]


def test_a_creature_appearing_under_your_adventurer_in_the_bots_turn_is_asked_about():
    s = quiet_table(top=("D7", "A1", "A2"))             # the bot turns over D7 first
    place_adventurer(s, 0, "D7", 1)
    give(s, 0, gold=1)
    app = AdventureLandApp(state=s, bots={1: Scripted()})
    app.act("end")
    assert s.current_player == 0 and s.fight["field"] == "D7" and s.turn_player == 1
    strength = s.fight["strength"]
    assert app.question_view.value.startswith(
        f"A fog creature of strength {strength} appeared under your adventurer on D7 (Bot "
        f"turned over its card): it must fight now. Your adventurer has strength 2 (1 + 1 "
        f"companion).")
    assert f"Bot turned over D7 (a fog creature of {strength})." in app.summary_lines
    assert app.summary_lines[-1] == (f"A fog creature of {strength} appeared under your "
                                     "adventurer on D7.")
    assert app.choice_box.children and app.status.value == "It is your turn."


def test_win_now_pays_everything_in_one_click_even_after_herbs_were_used():
    """Herbs already used count beyond the swords' +9 (this once stopped the app in the
    middle of a battle), and 'Win now' pays the rest at once; Undo takes the gold back but
    never the roll, nor a herb (its value has been shown to the others: issue 24)."""
    state = fight_position(16, swords=(3,), herbs=(4, 4, 2), gold=2, seed=0)
    app = AdventureLandApp(state=state, bots={})
    for action in ("swords 3", "herb 4", "herb 4"):     # a die of 1: strength 13
        assert app.act(action), app.message.value
    assert state.fight["bonus"] + sum(state.fight["swords"]) == 11
    assert [b.description for b in app.choice_box.children] == [
        "★ Win now: use the herb of 2 and 1 gold piece as +1: 1 = 100.0%",
        "Pay a gold to reroll the 1: 1 = 100.0%"]
    app.choice_box.children[0].click()
    assert state.fight is None and state.stock[0]["creatures"] == [16]
    assert app.summary_lines == ["Black used the herb of 2 and 1 gold piece as +1: strength 16.",
                                 "Black beat the fog creature of 16 on D7 (+8 points)."]
    assert app.undo()
    assert state.fight["dice"] == [1] and state.fight["herbs"] == [4, 4, 2]
    assert state.stock[0]["gold"] == 2 and state.stock[0]["herbs"] == []
    assert app.summary_lines == ["You took back “Pay a gold for +1”. “Fight with +3”, “Use the "
                                 "herb of 4”, “Use the herb of 4” and “Use the herb of 2” stay: "
                                 "the herb of 2 has been shown."]


def test_holdings_show_yours_exactly_and_the_others_as_counts():
    s = quiet_table()
    give(s, 0, swords=(2,), herbs=(3,), gold=1, creatures=(10,))
    give(s, 1, swords=(0, 3), herbs=(4,))
    app = AdventureLandApp(state=s, bots={1: Scripted()})
    rows = app.holdings(app.view)
    assert [name for name, _ in rows] == ["You (black)", "Bot (green)"]  # one row each
    assert rows[0][1] == ("0 points · 1 gold · sword +2, herb 3 · fog creature 10 (5 laurels)\n"
                          "adventurers: 10 at the start")
    assert rows[1][1].startswith("0 points · 0 gold · 2 swords and 1 herb, face down · no fog")
    assert "What you hold" in app.holdings_view.value and "+3" not in app.holdings_view.value


def test_risk_overlay_and_move_advisor():
    s = quiet_table()
    place_sprite(s, "A7")
    place_adventurer(s, 0, "C8")
    place_item(s, "E2", "G")
    app = AdventureLandApp(state=s, bots={1: Scripted()})
    assert not app.advisor_box.children
    app.risk_toggle.value = True
    k = s.at["C8"][1]
    adv = next(x for x in app.board.scene["shapes"] if x["id"] == f"adv-0-{k}")
    exact = odds.risk_map(s, 0).adventurers["C8"].p_lost
    assert str(exact) in adv["tooltip"] and exact > 0
    buttons = app.advisor_box.children
    assert buttons and buttons[0].description.startswith("★") and "+2" in buttons[0].description
    buttons[0].click()
    assert str(app.state.history[0]).endswith(" E2")


def test_whole_game_against_the_bot_through_the_app():
    app = AdventureLandApp(players=["You", "Bot"], seed=8, adventure=2)
    while not app.state.is_over:
        legal = app.state.legal_actions()
        assert app.act(legal[0])
    assert app.status.value.startswith("Game over")
    final = app.final_summary(app.view)
    assert [row[2] for row in final.rows] == sorted(app.state.scores(), reverse=True)
    # Adventure 2 is scored at the end: each name comes with what its score is made of.
    for _place, cell, points in final.rows:
        name, made_of = cell.split("\n")
        player = app.state.players.index(name)
        lines = score_breakdown(app.state, player)
        assert sum(lines.values()) == points
        expected = "; ".join(f"{k}: {v}" for k, v in lines.items() if v) or "nothing"
        assert made_of == expected, f"{name}'s row reads {made_of!r}, their score is {expected!r}"
    # The rows must differ where the players' scores are made of different things (a table
    # showing one player's breakdown on every row would otherwise pass).
    assert len({cell.split("\n")[1] for _place, cell, _points in final.rows}) > 1
    assert app.final_summary(app.view).headline.endswith(" points.")


def test_players_given_as_a_number_are_you_and_the_bots():
    app = AdventureLandApp(players=3, seed=2)
    assert app.state.players == ("You", "Bot 1", "Bot 2")
    assert all(line.startswith(("Bot 1 ", "Bot 2 ", "You ", "The set-up"))
               for line in app.summary_lines)
    assert "Adventure 1, The Fellowship" in app.aim_view.value


def test_summary_sentences_of_a_whole_game_read_as_english():
    app = AdventureLandApp(players=["You", "Bot"], seed=4, adventure=1)
    lines = summary_sentences(app.state.log, app.state.view(0), 0)
    text = " ".join(lines)
    for wrong in ("You moves", "You's", "You has", "You turns"):
        assert wrong not in text


def test_position_editor_by_clicking():
    ed = PositionEditor(players=3)
    ed.tool.value = "creature 10"
    ed.board.simulate("click", "field-E6")
    ed.tool.value = "adventurer 2"
    ed.companions.value = 2
    ed.board.simulate("click", "field-E3")
    ed.tool.value = "sprite"
    ed.board.simulate("click", "field-A7")
    assert ed.state.board["E6"] == "F10" and ed.state.at["E3"][0] == 1 and ed.state.sprite == "A7"
    ed.tool.value = "select"
    ed.board.simulate("click", "field-E3")
    assert ed.reach["E6"] == 1 and "E7" not in ed.reach
    terrain = next(s for s in ed.board.scene["shapes"] if s["id"] == "terrain")
    e4 = next(c for c in terrain["children"] if c["id"] == "field-E4")
    assert "highlight" in e4["classes"]
    ed.apply_tool("B2", "sprite")
    assert ed.message.value.startswith("✗") and ed.state.sprite == "A7"
    ed.apply_tool("E6", "erase")
    assert "E6" not in ed.state.board and 10 in ed.state.creature_stack


def test_position_editor_risks_and_cards_turned_over():
    ed = PositionEditor(players=2)
    ed.apply_tool("A7", "sprite")
    ed.apply_tool("C8", "adventurer 1")
    ed.apply_tool("K4", "card turned over")
    assert "K4" in ed.state.discard
    ed.risk_toggle.value = True
    assert "Best moves for Black" in ed.advice.value
    shapes = {s["id"]: s for s in ed.board.scene["shapes"]}
    k = ed.state.at["C8"][1]
    assert str(odds.risk_map(ed.state, 0).adventurers["C8"].p_swept) in shapes[
        f"adv-0-{k}"]["tooltip"]
    terrain = next(s for s in ed.board.scene["shapes"] if s["id"] == "terrain")
    assert "field-K4-drawn" in {c["id"] for c in terrain["children"]}
    before = odds.risk_map(ed.state, 0).adventurers["C8"].p_swept
    ed.apply_tool("K4", "card turned over")                # back into the deck
    assert "K4" not in ed.state.discard
    assert odds.risk_map(ed.state, 0).adventurers["C8"].p_swept > before


def test_clicking_an_item_or_the_river_line_moves_to_its_field():
    s = quiet_table()
    place_item(s, "E2", "G")
    app = AdventureLandApp(state=s, bots={1: Scripted()})
    assert {"item-E2", "river-E9", "field-E2"} <= set(app.board.scene["clickable"])
    k = next(k for k, (w, _c) in enumerate(s.adventurers[0]) if w == "row:2")
    app.board.simulate("click", f"adv-0-{k}")
    app.board.simulate("click", "item-E2")              # the gold token, not the field
    assert str(s.history[0]) == "move row:2 E2"


@pytest.mark.parametrize("strength, companions, field", [(12, 0, "J3"), (8, 2, "J3"),
                                                         (10, 1, "J9")])
def test_a_move_into_a_battle_says_its_odds_before_it_is_made(strength, companions, field):
    """Clicking a fog creature's field only asks: the question and the button give the exact
    chance of winning (fight_odds with what the player holds); nothing moves until
    "Move and fight"; "Don't move there" changes nothing (issue 26)."""
    from dungeoncraft_widgets.adventure_land.odds import fight_odds

    s = empty_position()
    place_item(s, field, f"F{strength}")
    k = next(k for k, (w, _c) in enumerate(s.adventurers[0]) if w == "row:3")
    s.adventurers[0][k][1] = companions
    _rebase(s)
    app = AdventureLandApp(state=s, bots={1: GreedyBot()})
    before = app.state.to_json()
    app.board.simulate("click", f"adv-0-{k}")
    app.board.simulate("click", f"field-{field}")
    assert app.state.to_json() == before and app.state.fight is None   # nothing happened
    p_win = fight_odds(strength, companions=companions).p_win
    question = app.question(app.view)
    assert f"strength {strength}" in question and chance(p_win) in question
    go, stay = app.choices(app.view)
    assert go.odds == p_win and not go.best and go.label == f"Move to {field} and fight"
    app._choose(stay)
    assert app.state.to_json() == before and app.question(app.view) is None
    app.board.simulate("click", f"adv-0-{k}")
    app.board.simulate("click", f"field-{field}")
    app._choose(app.choices(app.view)[0])
    assert app.state.fight is not None and app.state.fight["strength"] == strength


def test_after_a_refused_move_the_adventurer_no_longer_looks_selected():
    app = AdventureLandApp(state=empty_position(), bots={1: GreedyBot()})
    k = next(k for k, (w, _c) in enumerate(app.state.adventurers[0]) if w == "row:3")
    app.board.simulate("click", f"adv-0-{k}")
    assert "selected" in str(app.board.scene)
    from dungeoncraft_widgets.adventure_land.graph import reachable

    far = next(f for f in FIELDS if f not in reachable(app.state.view(0), "row:3"))
    app.board.simulate("click", f"field-{far}")               # out of reach: refused
    assert app.message.value.startswith("✗") and app.selected is None
    assert not any("selected" in s.get("classes", ()) for s in app.board.scene["shapes"]
                   if isinstance(s, dict))


def test_the_advisors_move_into_a_battle_asks_first_and_no_star_on_zero_points():
    """Issue 26: a move of the advisor into a fog creature asks with the exact odds first;
    a ★ only on a move bringing more than 0 points."""
    from dungeoncraft_widgets.adventure_land.odds import fight_odds

    s = empty_position()
    place_item(s, "J3", "F12")
    _rebase(s)
    app = AdventureLandApp(state=s, bots={1: GreedyBot()})
    app.risk_toggle.value = True
    advice = odds.advise_moves(app.view, 0)
    for item, button in zip(advice, app.advisor_box.children, strict=False):
        assert button.description.startswith("★") == (item.best and item.expected_points > 0)
    into = next(a for a in advice if a.action.to == "J3")
    before = app.state.to_json()
    assert app.advised(into.action) is False and app.state.to_json() == before
    go, _stay = app.choices(app.view)
    assert go.odds == fight_odds(12).p_win and "strength 12" in app.question(app.view)


@pytest.mark.parametrize("strength, companions, swords, gold, seed", [
    (16, 0, (), 0, 1), (12, 2, (2, 1), 1, 3), (8, 1, (0,), 2, 5), (14, 0, (3,), 0, 2)])
def test_the_starred_sword_choice_is_the_best_and_never_a_sure_loss(strength, companions,
                                                                   swords, gold, seed):
    """Over seeded battles: the ★ sits on the choice of swords with the highest exact
    chance (fight_odds), and on none when every choice loses for sure."""
    from dungeoncraft_widgets.adventure_land.app import fight_choices
    from dungeoncraft_widgets.adventure_land.odds import fight_odds

    s = fight_position(strength, companions=companions, swords=swords, gold=gold, seed=seed)
    choices = fight_choices(s.view(0), 0)
    best = fight_odds(s.view(0))
    starred = [c for c in choices if c.best]
    if best.p_win == 0:
        assert not starred
    else:
        assert len(starred) == 1 and starred[0].odds == best.p_win
        assert all(c.odds <= best.p_win for c in choices if c.odds is not None)
