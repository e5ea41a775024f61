"""Adventure Land widgets (Python side): clicking moves, battles, refusals, the editor."""

from dungeoncraft_widgets.adventure_land.app import AdventureLandApp, PositionEditor
from dungeoncraft_widgets.adventure_land.bots import GreedyBot
from dungeoncraft_widgets.adventure_land.rules import empty_position, fight_position


def test_click_select_then_move():
    app = AdventureLandApp(state=empty_position(), bots={1: GreedyBot()})
    k = next(k for k, (w, _c) in enumerate(app.state.adventurers[0]) if w == "row:3")
    app.board.simulate("click", f"adv-0-{k}")
    assert app.selected == "row:3"
    clickable = app.board.scene["clickable"]
    assert "field-J3" in clickable and "field-J9" in clickable   # one and two moves
    app.board.simulate("click", "field-J3")
    assert [str(a) for a in app.state.history[:1]] == ["move row:3 J3"]
    assert app.state.adventurers[0][k][0] in ("J3", "box")   # box: swept away or lost


def test_click_on_a_field_two_moves_away_makes_both_moves():
    app = AdventureLandApp(players=["You", "Bot"], seed=5)
    app.select("row:3")
    reach = {i[len("field-"):] for i in app.board.scene["clickable"] if i.startswith("field-")}
    far = next(f for f in sorted(reach) if f not in app.state.destinations("row:3")
               and f not in app.state.board)
    app.board.simulate("click", f"field-{far}")
    mine = [a for a in app.state.history[:2]]
    assert len(mine) == 2 and mine[0].origin == "row:3" and mine[1].to == far


def test_refused_move_shows_the_rule_and_changes_nothing():
    app = AdventureLandApp(players=["You", "Bot"], seed=5)
    before = app.state.to_json()
    assert app.act("move row:3 A4") is False
    assert app.message.value.startswith("✗ move:") and "straight line" in app.message.value
    assert app.state.to_json() == before


def test_whole_game_against_the_bot_through_the_app():
    app = AdventureLandApp(players=["You", "Bot"], seed=8, adventure=2)
    while not app.state.is_over:
        legal = app.state.legal_actions()
        assert app.act(legal[0])
    assert "Game over" in app.status.value
    assert "points" in app.score_view.value


def test_fight_panel_shows_odds_and_buttons():
    state = fight_position(12, companions=2, swords=(2, 1), herbs=(4,), gold=1, seed=3)
    app = AdventureLandApp(state=state, bots={})
    assert "Battle on D7" in app.fight_panel.value and "P(win)" in app.fight_panel.value
    labels = [b.description for b in app.fight_buttons.children]
    assert "swords 2,1" in labels
    next(b for b in app.fight_buttons.children if b.description == "swords 2,1").click()
    assert state.fight is None or state.fight["phase"] == "boost"


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
    assert "highlight" in next(s for s in ed.board.scene["shapes"] if s["id"] == "terrain")[
        "children"][FIELDS_INDEX["E4"] * 2]["classes"]
    ed.apply_tool("B2", "sprite")
    assert ed.message.value.startswith("✗") and ed.state.sprite == "A7"
    ed.apply_tool("E6", "erase")
    assert "E6" not in ed.state.board and 10 in ed.state.creature_stack


FIELDS_INDEX = {f: i for i, f in enumerate(
    __import__("dungeoncraft_widgets.adventure_land.layout", fromlist=["FIELDS"]).FIELDS)}
