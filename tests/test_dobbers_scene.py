"""The Dobbers scenes: what they draw, that they hide what the view hides, that their text
is large enough and that names from data stay text."""

from __future__ import annotations

import re

import pytest

from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.dobbers import new_game, position
from dungeoncraft_widgets.dobbers.graph import path_to_key, reachable
from dungeoncraft_widgets.dobbers.scene import (
    BOARD_WIDTH,
    CARDS_WIDTH,
    board_scene,
    cards_scene,
    describe,
)
from dungeoncraft_widgets.widgets.board import readable_width


def texts(scene) -> list:
    out = []

    def walk(shapes):
        for s in shapes:
            out.append(s)
            walk(getattr(s, "children", ()))
    walk(scene.shapes)
    return out


def words_of(scene) -> str:
    return " ".join(f"{getattr(s, 'text', '')} {s.label} {s.tooltip}" for s in texts(scene)) \
        + " " + scene.description


def played(seed: int, actions: int):
    game = new_game(["You", "Bot"], seed=seed)
    bots = {0: RandomBot(seed), 1: RandomBot(seed + 1)}
    for _ in range(actions):
        if game.is_over:
            break
        p = game.current_player
        game.apply(bots[p].choose(game.view(p), game.legal_actions()))
    return game


def test_the_board_draws_every_square_shield_and_meeple():
    game = played(1, 60)
    scene = board_scene(game.view(0), seat=0)
    ids = set(scene.ids())
    assert {f"sq-{s}" for s in game.board.squares} <= ids
    assert {f"shield-{a}-{b}" for a, b, _s in game.board.paths} <= ids
    assert {f"meeple-{p}" for p in range(2)} <= ids
    for a, b, shield in game.board.paths:
        assert scene.find(f"shield-{a}-{b}-n").text == str(shield)
    assert scene.find(f"sq-{game.board.key}-number").text.endswith("KEY")
    assert scene.width == BOARD_WIDTH


def test_reach_and_the_way_to_the_key_are_drawn_and_clickable():
    game = position(["You", "Bot"], heroes=["brindle"], hand=["forest_path"], at="T3",
                    stacks={"E2": ["castle_walls"]})
    p = game.turn_player
    game.apply("play forest_path")
    view = game.view(p)
    reach = reachable(view)
    way = path_to_key(view).squares
    scene = board_scene(view, seat=p, reach=reach, path=way)
    for square in reach:
        assert "highlight" in scene.find(f"sq-{square}").classes
        assert f"sq-{square}" in scene.clickable
    assert "highlight" not in scene.find("sq-E12").classes
    assert scene.find("path").label.endswith(", ".join(way[1:]))
    stack = scene.find("stack-E2")
    assert "inert" in stack.classes, "a click on the stack reaches its square"
    assert "a Challenge stack" in scene.find("sq-E2").label
    shields = [i for i in scene.ids() if i.startswith("shield-") and i.count("-") == 2]
    assert len(shields) == len(view.board.paths)
    assert all("inert" in scene.find(i).classes for i in shields), \
        "a click on a shield over a square reaches the square"
    for square in way[1:]:   # outlined in the way's orange, and said
        assert "on your way to the Key" in scene.find(f"sq-{square}").label
    assert "on your way to the Key" not in scene.find(f"sq-{way[0]}").label


def test_meeples_keep_clear_of_the_square_numbers():
    game = position(["You", "Bot 1", "Bot 2"], heroes=["toby", "herb", "pip"], at="E10")
    game.position[1] = game.position[2] = "E10"
    scene = board_scene(game.view(0), seat=0)
    number = scene.find("sq-E10-number")
    width = 0.6 * number.size * len(number.text)
    left = number.x - width if number.anchor == "end" else number.x
    for p in range(3):
        body = scene.find(f"meeple-{p}-body")
        apart = (body.cx + body.r < left or body.cx - body.r > left + width
                 or body.cy + body.r < number.y - number.size / 2
                 or body.cy - body.r > number.y + number.size / 2)
        assert apart, f"meeple {p} on the square's number"
    assert [scene.find(f"meeple-{p}-initial").text for p in range(3)] == ["Y", "1", "2"]


def test_a_face_down_stack_shows_its_art_side_and_icons_only():
    game = position(["You", "Bot"], heroes=["toby"],
                    stacks={"E2": ["castle_walls", "silver_sword", "tree_golem"]})
    scene = board_scene(game.view(0), seat=0)
    assert scene.find("stack-E2-text").text == "?"
    assert scene.find("stack-E2-icons").text == "WC"       # Weapon, then the Creature
    label = scene.find("sq-E2").label
    assert "Castle Walls, art side up (capacity 3)" in label and "room for 3 cards" in label
    for name in ("Silver Sword", "Tree Golem"):   # covered: only their icons show
        assert name not in words_of(scene)
    assert "Castle Walls (3)" not in words_of(scene)   # nor the Location's points
    # beaten or lost, a stack is face up: its cards and what it needs
    game.stacks["E2"] = [[c, True] for c, _up in game.stacks["E2"]]
    up = board_scene(game.view(0), seat=0)
    assert up.find("stack-E2-text").text == str(game.stack_needs(game.turn_player, "E2"))
    assert "Tree Golem (4)" in up.find("sq-E2").label


@pytest.mark.parametrize("seed", range(6))
def test_no_scene_shows_what_the_view_hides(seed):
    """Random games: no card the seat cannot see is named anywhere in either scene."""
    game = played(seed, 40 + 30 * seed)
    view = game.view(0)
    hidden = set()
    for zone in (game.hands[1], game.decks[1], game.adventure_deck, game.location_deck,
                 game.creature_deck):
        hidden.update(c for c in zone if c)
    for stack in game.stacks.values():   # covered; the Location's art is on top
        hidden.update(card for card, up in stack[1:] if not up)
    seen = set(game.hands[0]) | set(game.discards[0]) | set(game.discards[1]) | \
        set(game.adventure_row) | set(game.equipped[0].values()) | \
        set(game.equipped[1].values()) | set(game.decks[0]) | set(game.destroyed) | \
        {c for st in game.stacks.values() for c, up in st if up} | \
        {st[0][0] for st in game.stacks.values()} | set(game.location_row) | \
        set(game.creature_row) | \
        set(game.forged[0].values()) | set(game.forged[1].values()) | \
        {c for c in game.turn["played"] if c}
    shown = {game.cards.name(c) for c in seen if c in game.cards}
    # a hidden card's name, unless it is part of a shown one ("Silver" in "Silver Sword")
    names = {game.cards.name(c) for c in hidden - seen if c}
    names = {n for n in names if not any(n in other for other in shown)}
    text = words_of(board_scene(view, seat=0)) + words_of(cards_scene(view, seat=0))
    for name in names:
        assert not re.search(rf"\b{re.escape(name)}\b", text), name
    for stack in game.stacks.values():   # a face-down Location: its art, not its text side
        if not stack[0][1]:
            assert game.cards[stack[0][0]]["text"] not in text


def test_the_cards_show_points_apart_the_hero_equipment_forge_tokens_and_hand():
    game = position(["You", "Bot"], heroes=["toby"], hand=["silver", "rot"],
                    equipped={"weapon": "silver_sword", "item": "traveling_kit"},
                    forged={"weapon": "thorn_ward"}, tokens=["action+1", "travel-1"])
    p = game.turn_player
    game.apply("use weapon")
    scene = cards_scene(game.view(p), seat=p, clickable={"hand-0", "slot-0-item"})
    pool = game.pool()
    for colour in ("red", "blue", "gold", "influence"):
        assert scene.find(f"pool-{colour}-n").text == str(pool[colour])
    assert scene.find(f"slot-{p}-weapon-type").text == "used ✓"
    assert scene.find(f"forge-{p}-weapon").text == "+ Thorn Ward"
    assert [scene.find(f"hand-{i}-name").text for i in range(2)] == ["Silver", "Rot"]
    assert scene.find("token-0-text").text == "+1 Action"
    assert "-1 Travel" in scene.find("token-1").label
    other = 1 - p
    assert f"other-{other}" in scene.ids()
    assert scene.width == CARDS_WIDTH


def test_text_is_never_smaller_than_12_units_and_reads_at_10_px_narrow():
    """The board reads at 10 px in 350 px (a notebook column at 800 px with JupyterLab's
    side panel open), the cards in 200."""
    game = played(3, 120)
    for scene, smallest in ((board_scene(game.view(0), seat=0), 16),
                            (cards_scene(game.view(0), seat=0), 12)):
        sizes = [s.size for s in texts(scene) if getattr(s, "text", "").strip()]
        assert min(sizes) >= smallest
    assert readable_width(board_scene(game.view(0), seat=0).to_dict(), 10) <= 350
    assert readable_width(cards_scene(game.view(0), seat=0).to_dict(), 10) <= 200


def test_names_from_data_stay_text_in_the_static_svg():
    game = new_game(["<script>x</script>", "Bot"], seed=2)
    while game.phase != "main":
        game.apply(game.legal_actions()[0])
    svg = board_scene(game.view(0), seat=0).to_svg() + cards_scene(game.view(0)).to_svg()
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_describe_says_the_position_in_words():
    game = position(["You", "Bot"], heroes=["toby", "herb"], at="T3",
                    stacks={"E2": ["castle_walls"]})
    text = describe(game.view(0), 0)
    assert "Toby" in text and "Herb" in text
    assert "Encounter square 2: Castle Walls, art side up (capacity 3)" in text

