"""The dungeon scene: hidden rooms stay hidden, targets are highlighted and clickable."""

import pytest

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.scene import Scene
from dungeoncraft_widgets.hero_vs_guardian import new_game, scout_venture_position
from dungeoncraft_widgets.hero_vs_guardian.scene import dungeon_scene, target_of


def started(seed):
    game = new_game(seed=seed)
    for text in ("deal", "entry A1 west", "entry D1 east"):
        game.apply(text)
    game.apply(f"keep {game.opening[0]}")
    game.apply(f"keep {game.opening[0]}")
    game.apply("recruit random")
    return game


def test_hero_view_names_no_hidden_room():
    game = started(3)
    hero_svg = dungeon_scene(game.view(0)).to_svg()
    guardian_svg = dungeon_scene(game.view(game.guardian)).to_svg()
    for rooms in game.grid.values():
        name = game.cards[rooms[0]]["name"].replace("'", "&#x27;")
        assert name not in hero_svg
        assert name in guardian_svg or name[:6] in guardian_svg


def test_targets_highlighted_and_clickable():
    game = started(4)
    scene = dungeon_scene(game.view(0))
    assert scene.clickable == {"loc-A1", "loc-D1"}
    assert "highlight" in scene.find("loc-A1").classes
    assert "highlight" not in scene.find("loc-B2").classes
    assert {"entry-0", "entry-1"} <= set(scene.ids())
    assert Scene.from_dict(scene.to_dict()) == scene
    assert scene.find("round").y > scene.height - 40          # the round line is at the foot
    game.apply("pass")
    game.apply("pass")
    assert dungeon_scene(game.view(0)).find("round").y > scene.height - 40
    game.undo()
    game.undo()
    assert target_of("loc-D1") == "D1" and target_of("entry-0") is None
    # the Guardian's turn: nothing to click for him on the grid
    game.apply("pass")
    assert dungeon_scene(game.view(game.guardian)).clickable == set()


def test_scouted_rooms_and_tokens_drawn():
    game = scout_venture_position("venture", ["A10"], ["D02"], seed=1, scouted=True)
    scene = dungeon_scene(game.view(0))
    assert "face-up" in scene.find("room-A1-0").classes
    assert "face-down" in scene.find("room-B1-0").classes
    assert scene.find("token-A1") is not None and "scout" in scene.find("token-A1").classes
    assert "Pit Trap" in scene.description
    assert "loc-A1" in scene.clickable


def test_bad_state():
    with pytest.raises(InvalidArgumentError):
        dungeon_scene("not a game")
