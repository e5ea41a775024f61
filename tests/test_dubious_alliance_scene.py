"""Dubious Alliance table scene: valid, hides face-down cards, clicks map to legal actions."""

import pytest

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import Rng
from dungeoncraft_widgets.dubious_alliance.scene import action_for_click, table_scene


def random_states(players, seed, every=7):
    state, rng = da.new_game(players, seed=seed), Rng(seed)
    steps = 0
    while not state.is_over:
        if steps % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    yield state


@pytest.mark.parametrize("players", [3, 5, 7])
def test_scenes_are_valid_and_hide_what_the_viewer_may_not_see(players):
    for state in random_states(players, seed=players):
        for viewer in [None, *range(players)]:
            seen = state if viewer is None else state.view(viewer)
            scene = table_scene(seen)
            scene.validate()
            svg = scene.to_svg()
            assert "viewBox" in svg
            if viewer is None:
                continue
            hidden = [c for q, h in enumerate(state.hands) if q != viewer for c in h]
            hidden += [c for q, c in enumerate(state.unrevealed)
                       if c and (q != viewer or state.traded[q])]
            hidden += state.deck
            for c in hidden:
                assert f"{state.card(c).name} (" not in svg, (viewer, c)


def test_clicks_become_legal_actions():
    state = da.new_game(4, seed=3)
    rng = Rng(3)
    for _ in range(200):
        if state.is_over:
            break
        me = state.current_player
        scene = table_scene(state.view(me))
        for shape_id in scene.clickable:
            action = action_for_click(state, shape_id)
            assert action in state.legal_actions(), shape_id
        state.apply(rng.choice(state.legal_actions()))


def test_locations_lie_sideways_and_the_current_one_is_marked():
    state = da.new_game(3, seed=2)
    for c in ("healing_pool", "cave_troll", "empty_chamber"):
        if c in state.deck:
            state.deck.remove(c)
        else:
            hand = next(h for h in state.hands if c in h)
            hand[hand.index(c)] = state.deck.pop()
        state.active[0].append(c)
    scene = table_scene(state)
    assert scene.find("active-0-healing_pool-turned").transform.startswith("rotate(90")
    assert scene.find("active-0-cave_troll-turned") is None
    assert "current-location" in scene.find("active-0-empty_chamber").classes
    assert "current-location" not in scene.find("active-0-healing_pool").classes
    assert "Dealer" in scene.find(f"seat-{state.dealer}").label


def test_claims_are_shown_as_speech_and_the_current_seat_is_marked():
    state = da.new_game(3, seed=4)
    while state.phase == "choose":
        state.apply(state.legal_actions()[0])
    a, b, _c = state.order()
    state.apply(f"offer {b} <b>a safe place</b> to rest")
    scene = table_scene(state.view(b))
    speech = scene.find(f"claim-{a}")
    assert speech is not None and "safe place" in speech.text
    assert "<b>" not in scene.to_svg(), "claims are text, never markup"
    assert "selected" in scene.find(f"seat-{b}-box").classes
