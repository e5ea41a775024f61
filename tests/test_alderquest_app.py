"""AlderQuest app: set-up by buttons, drops, swaps and minion moves by clicking, refusals in
words, exact odds on the buttons, the cascade replayed step by step, hidden tiles kept
hidden, and a game played to its end."""

from __future__ import annotations

import pytest
import sympy
from alderquest_positions import build, setup

from dungeoncraft_widgets.alderquest.actions import Choose, Drop, Move, Play, Swap
from dungeoncraft_widgets.alderquest.app import AlderQuestApp, _plan_words, cascade_frames
from dungeoncraft_widgets.alderquest.bots import MatchBot, TributeBot
from dungeoncraft_widgets.alderquest.matching import Board, MatchRules, cascade
from dungeoncraft_widgets.alderquest.odds import Position, best_drops, move_odds


def click(app, shape_id):
    """A click on whichever of the app's boards draws ``shape_id``."""
    for view in (app.board_view, app.board, app.hand_view):
        if shape_id in view.scene.get("clickable", ()):
            view.simulate("click", shape_id)
            return
    raise AssertionError(f"{shape_id} is not clickable on any board")


def position(**kw):
    """You (Red, seat 0, Thieves and Bards) to act in a built position; no bots."""
    game = build(setup(seed=1), **kw)
    game.players, game._legal = ("You", "Bot"), None
    return AlderQuestApp(state=game, bots={})


def test_set_up_by_buttons_then_a_drop_by_two_clicks():
    app = AlderQuestApp(seed=5)
    assert app.question(app.view).startswith("Choose a faction for Red")
    labels = [b.description for b in app.choice_box.children]
    assert [label.split(":")[0] for label in labels] == [
        "Take the Bards", "Take the Guardians", "Take the Hunters", "Take the Thieves"]
    assert labels[0] == "Take the Bards: once exalted, at the start of your turn, draw a Quarrel."
    while app.state.phase in ("faction", "hero"):
        app.choice_box.children[0].click()
    assert app.state.current_player == 0 and app.state.phase == "play"
    while app.state.step == "set":  # Set Tiles: a lit space
        click(app, f"sp-{app.state.tile_spaces()[0]}")
    rune = app.state.revealed[0]
    click(app, "rev-0")
    assert app.question(app.view).startswith(f"Drop the {app.state.faction_name(rune)} rune")
    assert {"col-A", "col-B"} <= {s for s in ("col-A", "col-B", "col-C", "col-D")
                                  if "highlight" in (app.board_view.scene and
                                                     _classes(app.board_view.scene, s))}
    before = len(app.state.history)
    click(app, "col-B")
    assert app.state.history[before] == Drop(rune, "B")
    assert app.frames and app.frames[0]["text"] == "The rune drops into column B."
    still = app.static_html()  # where no widget runs: both boards and the hand as pictures
    assert "Matching Board" in still and "Battlefield" in still and "Runes held" in still


def _classes(scene, shape_id):
    """A shape's classes, with its first shape's (where the scene puts a group's marks)."""
    def walk(shapes):
        for s in shapes:
            if s["id"] == shape_id:
                first = s.get("children", [{}])[0]
                return s.get("classes", []) + first.get("classes", [])
            found = walk(s.get("children", []))
            if found is not None:
                return found
        return None
    return walk(scene["shapes"]) or []


def test_refusals_say_the_rule_and_change_nothing():
    app = position(board=[["T", "B"], ["B", "T"], [], []], revealed=["G", "H", "T"])
    before = app.state.to_json()
    click(app, "col-A")  # no rune chosen
    assert app.message.value == ("✗ choose a revealed rune above the Board first, then its "
                                 "column")
    click(app, "cell-A1")
    click(app, "cell-B2")  # not touching
    assert "are not side by side or one above the other" in app.message.value
    assert "line 107" not in app.message.value and "L107" not in app.message.value
    click(app, "hero-wren")  # Blue's Hero
    assert "is an enemy Hero" in app.message.value
    assert app.state.to_json() == before


def test_columns_offer_exact_odds_and_the_best_plan_is_marked():
    app = position(board=[["T", "T"], ["B"], ["G"], []], revealed=["T", "G", "H"])
    click(app, f"rev-{app.state.revealed.index('T')}")
    choices = app.choices(app.view)
    pos = Position.from_state(app.state, 0)
    a = next(c for c in choices if c.label.startswith("Column A"))
    assert a.odds == move_odds(pos, ("drop", "A", "T")).p_ally_match == 1
    assert a.best and a.text.startswith("★ Column A, expected: 3 of your runes, 0 Acorn points")
    app.cancel()
    app.refresh()
    plans = best_drops(pos, ["T", "G", "H"])
    first = app.choices(app.view)[0]
    assert first.best and first.label.startswith(_plan_words(app.view, plans[0]))
    assert first.odds == plans[0].p_exalt_or_legendary
    assert isinstance(first.odds, sympy.Rational)
    assert "Best drops" in app.odds_view.value


def test_two_runes_clicked_swap_them_through_a_hero():
    app = position(board=[["T", "B"], ["B", "T"], [], []], revealed=["G", "H", "T"])
    start = len(app.state.history)
    click(app, "cell-A1")
    click(app, "cell-B1")
    done = app.state.history[start:]
    assert isinstance(done[0], Swap) and done[1] == Choose("A1:B1")
    assert app.state.heroes[done[0].hero]["exhausted"]
    assert app.frames[0]["who"].endswith("swaps A1 and B1")


def test_cascade_frames_follow_the_engine_and_the_buttons_step_through_them():
    before = [["B", "B"], ["T"], ["G"], ["H"]]
    rules = MatchRules("GT", "r")
    frames = cascade_frames(before, ("drop", "A", "B"), rules, list("TGHT"), 6)
    engine = cascade(Board(4, 6, before), "GT", "r", [("drop", "A", "B")], "TGHT")
    assert frames[-1]["cols"] == engine.board.cols
    texts = [f["text"] for f in frames]
    assert texts[1].startswith("3 Bards runes match (A1, A2 and A3): an enemy match")
    assert texts[-1] == "A new line drops." and frames[-1]["fresh"] == {"A1", "B2", "C2", "D2"}
    assert frames[1]["marked"] == {"A1", "A2", "A3"}

    app = position(board=[["B", "B"], ["T"], ["G"], ["H"]], revealed=["B", "H", "H"])
    click(app, "rev-0")
    click(app, "col-A")
    assert len(app.frames) >= 4 and app.frame_index == 0
    assert app.frames[-1]["cols"] == app.state.board
    app.next_button.click()
    assert app.frame_index == 1 and "match" in app.step_text.value
    assert "danger" in _classes(app.board_view.scene, "cell-A1")  # the match ringed
    app.now_button.click()
    assert app.frame_index is None


def test_a_minion_moves_to_a_lit_space_step_by_step():
    app = position(revealed=["G", "H", "T"], minions={"T01": {"team": 0, "space": "a1"}})
    click(app, "mn-T01")
    scene = app.board.scene
    assert "highlight" in _classes(scene, "sp-a2") and "highlight-2" in _classes(scene, "sp-a3")
    assert app.question(app.view).startswith("Move your Thief Ninja (T01): 2 moves left")
    start = len(app.state.history)
    click(app, "sp-a3")
    assert app.state.history[start:] == [Move("T01", "a2"), Move("T01", "a3")]
    assert app.state.minions["T01"]["space"] == "a3"
    click(app, "mn-T01")  # its two moves are spent
    assert app.message.value.startswith("✗ move: your Thief Ninja (T01) is exhausted")
    app.state.minions["T01"]["exhausted"] = False  # a fresh activation, for the next refusal
    app.version += 1
    click(app, "mn-T01")
    click(app, "sp-e5")
    assert app.message.value.startswith("✗ move: your Thief Ninja (T01) cannot reach e5")


def test_face_down_enemy_tiles_stay_hidden_and_own_ones_show():
    app = position(revealed=["G", "H", "T"],
                   tiles={"a2": [("bt", False)], "b2": [("r2", False)]})
    scene = app.board.scene
    text = str(scene)
    assert "enemy tile, face down" in text and "trap" not in _labels(scene, "sp-a2")
    assert "your face-down tile (red 2-point Acorn" in _labels(scene, "sp-b2")


def _labels(scene, shape_id):
    def walk(shapes):
        for s in shapes:
            if s["id"] == shape_id:
                return s.get("label", "")
            found = walk(s.get("children", []))
            if found:
                return found
        return ""
    return walk(scene["shapes"])


def test_an_encounter_asks_with_the_exact_trap_chance():
    app = position(revealed=["G", "H", "T"], minions={"T01": {"team": 0, "space": "a1"}},
                   tiles={"a2": [("b1", False)]})
    click(app, "mn-T01")
    click(app, "sp-a2")
    assert app.question(app.view).startswith("You must reveal or dismiss the enemy tile")
    reveal = app.choices(app.view)[0]
    assert reveal.label == "Reveal it; the chance it is a trap" and reveal.odds > 0
    app.choice_box.children[1].click()  # dismiss
    assert app.state.tiles.get("a2") in (None, [])


def test_names_from_data_never_reach_the_page_as_html():
    from dungeoncraft_widgets.alderquest import new_game

    app = AlderQuestApp(state=new_game(["<b>You</b>", "Bot"], seed=2),
                        bots={1: MatchBot(seed=1)})
    app.act("faction Thieves")
    assert "<b>You</b>" not in app.summary_view.value
    assert "&lt;b&gt;You&lt;/b&gt;" in app.summary_view.value


@pytest.mark.slow
def test_a_game_to_its_end_then_a_new_game():
    """Forty actions of the seat through the app (a bot choosing), the rest of the game on
    the engine (random games run to thousands of actions), then the end in words."""
    app = AlderQuestApp(seed=1)
    me = TributeBot(seed=9)
    for _ in range(40):
        assert app.act(me.choose(app.state.view(0), app.state.legal_actions())), \
            app.message.value
        assert app.summary_lines
    state, bots = app.state, {0: me, 1: MatchBot(seed=1)}
    while not state.is_over:
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions()))
    app.refresh()
    assert app.status.value == "Game over."
    headline = app.final_view.value
    assert "Final scores" in headline and ("win" in headline or "draw" in headline)
    assert "winter has arrived" in headline or "winter comes" in headline
    app.new_game_button.click()
    assert app.state.phase == "faction" and not app.state.is_over


def test_team_game_seats_four():
    app = AlderQuestApp(seed=2, team=True)
    assert app.state.players == ("You", "Bot 1", "Partner", "Bot 2")
    assert set(app.bots) == {1, 2, 3} and app.state.current_player == 0


def test_a_hero_and_a_quarrel_by_clicking():
    app = position(revealed=["G", "H", "T"], held=(["T", "B"], []), quarrels=(["QT01"], []))
    click(app, "hero-lily")
    assert app.question(app.view) == ("What does Lily do? A Hero acts once a turn, then is "
                                      "exhausted.")
    labels = [c.label for c in app.choices(app.view)]
    assert "Lily: drop a new line" in labels and labels[-1] == "Cancel"
    click(app, "q-QT01")
    assert app.state.history[-1] == Play("QT01", "T")
    assert "T" not in app.state.teams[0]["held"]
    click(app, "hero-wren")
    assert app.message.value.startswith("✗ Wren is an enemy Hero")


def test_the_trap_chance_says_what_it_assumes():
    # a position typed in has no history: the counts alone, and it says so
    app = position(revealed=["G", "H", "T"], minions={"T01": {"team": 0, "space": "a1"}},
                   tiles={"a2": [("bt", False)]}, armed=([], ["QB01"]))
    assert "as if each tile were a blind draw" in app.odds_view.value
    assert "a2: 2/19" in app.odds_view.value
    # a real game: exact from the log, per space (tests/test_alderquest_tile_odds.py)
    from dungeoncraft_widgets.alderquest.bots import MatchBot

    app = AlderQuestApp(seed=3, bots={1: MatchBot(seed=1)})
    me = MatchBot(seed=2)
    def blue_face_down():
        return any(c[0] == "b" and not up for ts in app.state.tiles.values() for c, up in ts)

    while not blue_face_down() or app.state.current_player != 0 or app.state.stack:
        assert app.act(me.choose(app.state.view(0), app.state.legal_actions()))
    assert "Exact from what you have seen" in app.odds_view.value
    assert "Face-down enemy tiles" in app.odds_view.value


def test_the_best_plan_is_drawn_before_it_is_played():
    app = position(board=[["H", "H"], ["T"], ["G"], []], revealed=["H", "B", "B"])
    before = app.state.to_json()
    preview = next(b for b in app.choice_box.children if "cascade first" in b.description)
    preview.click()
    assert app.state.to_json() == before, "a preview plays nothing"
    assert app.frame_index == 0 and app.frames
    assert all(f["who"].startswith("Preview of the best plan") for f in app.frames)
    assert "Preview: step 1 of" in str(app.board_view.scene)
    assert app._plans()[0].words() == "B in D, then B in D, then H in A"
    assert [f["text"] for f in app.frames][2:] == [
        "The rune drops into column A.",
        "3 Hunters runes match (A1, A2 and A3): an enemy match, discarded, a new line follows.",
        "The matched runes go; those above fall.",
        "Here a new line is drawn from the Rune Pouch: which runes come is chance (the odds "
        "count every possible line)."]
    assert app.frames[-1]["random"] and app.frames[3]["marked"] == {"A1", "A2", "A3"}


@pytest.mark.slow
def test_random_clicks_in_the_team_game_never_break_it():
    """Clicks anywhere (and the odd undo) in the team game: every click either acts, changes
    a selection, or is refused in words with the game unchanged."""
    from dungeoncraft_widgets.core.rng import Rng

    app = AlderQuestApp(seed=3, team=True)
    rng = Rng(4)
    acted = refused = 0
    for step in range(250):
        if app.state.is_over:
            break
        if step % 40 == 39 and not app.undo_button.disabled:
            assert app.undo()
            continue
        boards = [b for b in (app.board_view, app.board, app.hand_view)
                  if b.scene.get("clickable")]
        if not boards or rng.random() < 0.25:  # a button, when clicks have nothing to do
            buttons = list(app.choice_box.children)
            if buttons:
                rng.choice(buttons).click()
            else:
                assert app.act(rng.choice(app.state.legal_actions()))
            continue
        board = rng.choice(boards)
        before, history = app.state.to_json(), len(app.state.history)
        board.simulate("click", rng.choice(sorted(board.scene["clickable"])))
        if app.message.value.startswith("✗"):
            refused += 1
            assert app.state.to_json() == before, app.message.value
        acted += len(app.state.history) > history
    assert acted >= 5 and refused >= 20, (acted, refused)


def _drop_moments(seed, moments=3, limit=400):
    """Apps at the seat's first ``moments`` turns whose revealed runes can bring it
    something (a game of ``seed``, a bot playing the seat in between)."""
    app = AlderQuestApp(seed=seed, bots={1: MatchBot(seed=seed)})
    me, found = MatchBot(seed=seed + 7), []
    for _ in range(limit):
        s = app.state
        if s.is_over or len(found) >= moments:
            break
        if s.current_player != 0:
            app._run_bots()
            continue
        if s.phase == "play" and s.step == "action" and len(s.revealed) == 3 and app._free():
            there = AlderQuestApp(state=s.copy(), bots={})
            if any(p.expected_collected or p.expected_points for p in there._plans()):
                found.append(there)
        assert app.act(me.choose(s.view(0), s.legal_actions()))
    return found


def _worth(o, ahead, either):
    from dungeoncraft_widgets.alderquest.app import drop_worth
    return drop_worth(o.expected_points, o.expected_collected, either, o.p_end, ahead)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_star_is_the_best_by_the_librarys_exact_values(seed):
    """Over seeded games: the ★ plan is the one of greatest worth among all the
    library's plans (points scored, then runes, then exalt or legendary; winter only when
    ahead), none expecting nothing has it, and a rune's ★ column is the best column by its
    own exact odds; the buttons show the very numbers compared."""
    from dungeoncraft_widgets.alderquest.app import _either
    moments = _drop_moments(seed)
    assert moments
    for app in moments:
        view = app.view
        ahead = view.points(0) > view.points(1)
        plans = best_drops(Position.from_state(view, 0), view.revealed)
        worths = [_worth(p, ahead, p.p_exalt_or_legendary) for p in plans]
        top = max((x for x in worths if x is not None), default=None)
        buttons = [c for c in app.choices(view) if isinstance(c.action, Drop)]
        starred = [c for c in buttons if c.best]
        if top is None:
            assert not starred
        else:
            assert len(starred) == 1
            plan = next(p for p, w in zip(plans, worths, strict=True) if w == top)
            assert starred[0].label.startswith(_plan_words(view, plan))
            assert starred[0].odds == plan.p_exalt_or_legendary
            assert f"{plan.expected_collected}" in starred[0].label
        assert buttons[0].best == (top is not None)
        rune = view.revealed[0]
        app._select(kind="rune", rune=rune)
        pos = Position.from_state(view, 0)
        cols = [c for c in app.choices(view) if isinstance(c.action, Drop)]
        odds = {c.action.column: move_odds(pos, ("drop", c.action.column, rune)) for c in cols}
        cw = {k: _worth(o, ahead, _either(o)) for k, o in odds.items()}
        best = max((x for x in cw.values() if x is not None), default=None)
        for c in cols:
            assert c.odds == odds[c.action.column].p_ally_match
            if c.best:
                assert cw[c.action.column] == best is not None
        assert sum(c.best for c in cols) == (best is not None)


def test_no_star_on_a_drop_that_expects_nothing():
    app = position(board=[["T", "B"], ["G", "H"], [], []], revealed=["G", "H", "T"])
    ranked = app.ranked_plans()
    assert ranked and all(p.expected_collected == 0 == p.expected_points for p, _s in ranked)
    assert not any(c.best for c in app.choices(app.view))


def test_every_board_fits_a_360_px_screen_with_readable_text():
    """Each board's narrowest width with its smallest text at 10 px (``min_width_px``) fits
    the about 240 px a JupyterLab cell has on a 360 px screen; nothing scrolls sideways."""
    app = AlderQuestApp(seed=11, bots={1: MatchBot(seed=1)})
    me = MatchBot(seed=3)
    while app.state.phase in ("faction", "hero"):
        app.choice_box.children[0].click()
    for _ in range(30):  # minions, tiles and Heroes on the Battlefield
        if app.state.current_player == 0 and not app.state.is_over:
            app.act(me.choose(app.state.view(0), app.state.legal_actions()))
    from dungeoncraft_widgets.widgets.app import MIN_TEXT_PX
    from dungeoncraft_widgets.widgets.board import readable_width

    assert all(b.min_width_px == 0 for b in (app.board_view, app.board, app.hand_view))
    app.zoom_button.value = True  # boards fit by default; zoomed in, text stays >= 10 px
    for board in (app.board_view, app.board, app.hand_view):
        width = readable_width(board.scene, MIN_TEXT_PX)
        assert 0 < board.min_width_px == width <= 240, (board.scene["title"], width)
    assert "Goal: the most Acorn points" in app.status.value and len(app.status.value) < 200
