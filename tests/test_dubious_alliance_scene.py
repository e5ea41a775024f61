"""Dubious Alliance table scene: valid, hides face-down cards, clicks map to legal actions."""

import pytest

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import Rng
from dungeoncraft_widgets.core.scene import Rect, Text
from dungeoncraft_widgets.dubious_alliance.scene import CHAR, action_for_click, table_scene


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


def test_the_current_location_is_marked_and_the_latest_active_cards_named():
    state = da.new_game(3, seed=2)
    for c in ("healing_pool", "cave_troll", "empty_chamber"):
        if c in state.deck:
            state.deck.remove(c)
        else:
            hand = next(h for h in state.hands if c in h)
            hand[hand.index(c)] = state.deck.pop()
        state.active[0].append(c)
    scene = table_scene(state)
    assert scene.find("active-0").text == "Active: 3 cards"
    here = scene.find("active-0-empty_chamber")
    assert "current-location" in here.classes and here.text.startswith("» Empty")
    assert "current-location" not in scene.find("active-0-healing_pool").classes
    assert scene.find("active-0-cave_troll-values").text == "S−3 P+2"
    assert "Dealer" in scene.find(f"seat-{state.dealer}").label


def test_survival_and_prestige_cannot_be_misread():
    state = da.new_game(["You", "Bot", "Bot"], seed=2, characters=[
        "uzga_bonewitch", "brokk_ironhide", "grishnak_the_sly"])
    state.active[0] = [state.deck.pop() for _ in range(3)]
    scene = table_scene(state.view(0))
    life, began = scene.find("survival-0").text, scene.find("survival-0-start").text
    assert life == f"Survival {state.survival(0)}" and began == "began with 18"
    goal = scene.find("prestige-0-goal").text
    assert scene.find("prestige-0").text == f"Prestige {state.prestige(0)}"
    assert goal.startswith("goal 14 · ")
    assert not any("/" in t.text for t in walk(scene) if isinstance(t, Text)
                   and t.id.startswith(("survival", "prestige")))


def walk(scene):
    def inner(shapes):
        for shape in shapes:
            yield shape
            yield from inner(getattr(shape, "children", ()))
    yield from inner(scene.shapes)


def box(shape):
    """Approximate bounds of a rect or a text (the scene's own width estimate)."""
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.width, shape.y + shape.height
    width = len(shape.text) * shape.size * CHAR
    left = {"start": shape.x, "middle": shape.x - width / 2, "end": shape.x - width}[shape.anchor]
    return left, shape.y - shape.size / 2, left + width, shape.y + shape.size / 2


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("players", [3, 7])
def test_claims_and_texts_are_never_covered_and_text_is_readable(players):
    for state in random_states(players, seed=10 + players, every=5):
        seen = state.view(0)
        scene = table_scene(seen)
        shapes = list(walk(scene))
        texts = [s for s in shapes if isinstance(s, Text) and s.text.strip()]
        assert min(t.size for t in texts) >= 12
        for t in texts:
            left, _top, right, bottom = box(t)
            assert left >= 0 and right <= scene.width and bottom <= scene.height, (t.id, t.text)
        # every text fits inside its seat panel or hand card, and no two texts overlap
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                assert not overlaps(box(a), box(b)), (a.id, a.text, b.id, b.text)
        cards = [s for s in shapes if isinstance(s, Rect) and s.id.startswith(
            ("unrevealed-", "revealed-"))]
        for claim in (t for t in texts if t.id.startswith("claim-")):
            assert not any(overlaps(box(claim), box(c)) for c in cards), claim.id


def test_hand_cards_say_what_they_do_without_hovering():
    state = da.new_game(3, seed=1)
    me = state.current_player
    hand = state.hands[me]
    hand[0] = next(c for c in state.deck if state.card(c).text)
    state.deck.remove(hand[0])
    scene = table_scene(state.view(me))
    effect = " ".join(s.text for s in walk(scene) if s.id.startswith(f"hand-{hand[0]}-effect-"))
    assert effect.replace("…", "").split()[:3] == state.card(hand[0]).text.split()[:3]
    assert any(s.id == f"hand-{hand[0]}-values-0" for s in walk(scene))


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
