"""Adventure Land drawn as a scene: terrain, items, adventurers, sprite, reachability."""

import pytest

from dungeoncraft_widgets.adventure_land import new_game
from dungeoncraft_widgets.adventure_land.graph import reachable
from dungeoncraft_widgets.adventure_land.rules import (
    empty_position,
    give,
    place_adventurer,
    place_item,
    place_sprite,
)
from dungeoncraft_widgets.adventure_land.scene import board_scene, describe, target_of
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.scene import Scene


def position():
    s = empty_position()
    place_item(s, "C3", "H3")
    place_item(s, "J3", "C")
    place_item(s, "D7", "F12")
    place_sprite(s, "E9")
    place_adventurer(s, 0, "E2", 2)
    give(s, 0, swords=(2,))
    return s


def test_terrain_map_and_river():
    scene = board_scene(position())
    assert "terrain-river" in scene.find("field-E9").classes
    assert "terrain-city" in scene.find("field-J3").classes
    assert scene.find("field-E9").label == "E9: river"
    river = scene.find("river")
    assert [c.id for c in river.children][:3] == ["river-A7", "river-B7", "river-B8"]
    assert scene.find("river-E9").tooltip == scene.find("field-E9").tooltip
    assert target_of("river-E9") == "E9"
    assert Scene.from_dict(scene.to_dict()) == scene


def test_items_adventurers_and_sprite():
    s = position()
    scene = board_scene(s)
    assert "creature" in scene.find("item-D7").classes and "12" in scene.find("item-D7").label
    assert "companion" in scene.find("item-J3").classes
    adv = scene.find(f"adv-0-{s.at['E2'][1]}")
    assert "2 companions" in adv.label
    tokens = [c for c in adv.children if c.id.startswith(adv.id + "-comp-")]
    assert len(tokens) == 2 and all(c.fill == "#f5f0e6" for c in tokens)   # companion tokens
    assert not any(getattr(c, "text", "").startswith("+") for c in adv.children)
    assert "water sprite" in scene.find("sprite").label
    # adventurers waiting in the start area are drawn too, all of player 0's clickable
    assert sum(i.startswith("adv-1-") for i in scene.ids() if i.count("-") == 2) == 10
    assert {i for i in scene.clickable if i.startswith("adv-")} == {
        f"adv-0-{k}" for k in range(10)}


def test_selected_adventurer_highlights_one_and_two_moves():
    s = position()
    scene = board_scene(s, selected="E2")
    reach = reachable(s, "E2")
    for field, moves in reach.items():
        classes = scene.find(f"field-{field}").classes
        assert ("highlight" if moves == 1 else "highlight-2") in classes
        assert f"field-{field}" in scene.clickable
    assert "highlight" in scene.find("field-E8").classes
    assert "field-E10" not in scene.clickable            # behind the sprite
    assert "selected" in scene.find(f"adv-0-{s.at['E2'][1]}").classes
    with pytest.raises(InvalidArgumentError, match="no adventurer at"):
        board_scene(s, selected="F5")


def test_hidden_values_are_not_drawn():
    s = position()
    mine = board_scene(s.view(0))
    assert mine.find("item-C3-text").text == "H"
    assert mine.find("item-C3").label == "C3: a face-down herb"
    full = board_scene(s)                     # the full state (e.g. after the game) shows it
    assert full.find("item-C3-text").text == "H3" and "(3)" in full.find("item-C3").label


def test_text_alternative_and_targets():
    s = position()
    text = describe(s)
    assert "Black's turn" in text and "E2 (2 companions)" in text
    assert "D7 a fog creature of strength 12" in text
    assert "Water sprite: E9" in text
    assert target_of("field-E9") == "E9" and target_of("item-D7-body") == "D7"
    assert target_of(f"adv-0-{s.at['E2'][1]}", s) == "E2" and target_of("river") is None


def test_scene_of_played_games_is_valid():
    """Through 40 actions of a game, the scene stays valid and draws every item on the board,
    every adventurer on a field (as ``adv-player-index``) and the sprite where it is."""
    state = new_game(players=4, seed=2)
    drawn = 0
    for _ in range(40):
        if state.is_over:
            break
        scene = board_scene(state)
        scene.validate()
        ids = set(scene.ids())
        assert {f"item-{f}" for f in state.board} <= ids
        on_fields = {f"adv-{p}-{k}" for where, (p, k) in state.at.items()}
        assert on_fields <= ids, f"adventurers not drawn: {sorted(on_fields - ids)}"
        assert ("sprite" in ids) == (state.sprite is not None)
        drawn += len(on_fields)
        state.apply(state.legal_actions()[-1 if state.fight else 0])
    assert drawn > 0, "no adventurer ever reached the board: the check checked nothing"


def test_risk_overlay_tints_by_the_exact_chance_and_says_it_in_tooltips():
    from dungeoncraft_widgets.adventure_land.odds import risk_map

    s = empty_position()
    place_sprite(s, "A7")
    place_adventurer(s, 0, "C8", 1)
    place_adventurer(s, 0, "E2")
    risk = risk_map(s, 0)
    scene = board_scene(s, risk=risk)
    adv = scene.find(f"adv-0-{s.at['C8'][1]}")
    lost = risk.adventurers["C8"].p_lost
    assert str(lost) in adv.tooltip and "swept away by the water sprite" in adv.tooltip
    assert any(c.id.endswith("-risk") for c in adv.children)
    safe = scene.find(f"adv-0-{s.at['E2'][1]}")
    assert "safe from the cards" in safe.tooltip and not any(
        c.id.endswith("-risk") for c in safe.children)
    d8 = scene.find("field-D8")                       # on the river, in reach
    assert str(risk.fields["D8"].risk.p_lost) in d8.tooltip and d8.fill != "#7fb3d9"
    assert scene.find("risk-D8").text.endswith("%")
    assert scene.find("field-A1").fill == "#b3a89a"    # nothing can happen there: untinted
    assert "legend-risk-text" in scene.ids()
    assert "legend-risk-text" not in board_scene(s).ids()


def test_legend_explains_every_token():
    scene = board_scene(position())
    labels = {scene.find(i).text for i in scene.ids() if i.endswith("-label")}
    for word in ("companion", "gold", "herb", "sword", "fog creature", "water sprite",
                 "adventurer + 2 companions", "waiting at the start"):
        assert any(word in label for label in labels), word


def test_the_board_is_readable_from_600_px():
    """Every text is at least 10 units in a 600-unit scene: at 10 px the board fits in
    600 px (an 800 px window with the notebook's margins), and scrolls only below."""
    from dungeoncraft_widgets.adventure_land.odds import risk_map
    from dungeoncraft_widgets.widgets.board import readable_width

    s = empty_position()
    place_sprite(s, "A7")
    place_adventurer(s, 0, "C8", 5)
    scene = board_scene(s, risk=risk_map(s, 0), drawn=True)
    assert scene.width == 600 and readable_width(scene.to_dict(), 10) == 600
    legend_right = max(shape_right(c) for c in scene.find("legend").children)
    assert legend_right <= scene.width, "the legend fits across the board"


def shape_right(shape):
    """A rough right edge of a legend shape (text: about 0.6 of its size per character)."""
    if hasattr(shape, "text"):
        return shape.x + 0.6 * shape.size * len(shape.text)
    return getattr(shape, "x", 0) + getattr(shape, "width", 0)
