"""Adventure Land played by clicking in JupyterLab: a move, a refusal explained, Undo
until the next cards are turned over, what the bot did said above the board (its piece
marked for a moment), a battle decided with the buttons that carry exact odds (Win now
paying herbs and gold in one click), the risk overlay's tooltips and the move advisor
agreeing with odds.py; players named with HTML and dollars shown as typed; the end with its
table and New game; the board readable (never below 10 px, beside what you hold at 1400
px, whole at 800 px); the position editor. Screenshots at 1400, 800 and 390 px, light and
dark."""

from __future__ import annotations

import ast

from labtools import (
    open_and_run,
    run_in_kernel,
    set_theme,
    show_side_panel,
    write_notebook,
    zoom_in,
)
from playwright.sync_api import expect

NOTEBOOK = "adventure_land_app.ipynb"
CELLS = [
    "from dungeoncraft_widgets.adventure_land import AdventureLandApp\n"
    "app = AdventureLandApp(players=['You', 'Bot'], seed=3)\napp",
    # A position with risks: the sprite on A7, your adventurer on the river at C8, gold on E2.
    "from dungeoncraft_widgets.adventure_land.bots import GreedyBot\n"
    "from dungeoncraft_widgets.adventure_land.rules import (empty_position, place_adventurer,\n"
    "    place_item, place_sprite)\n"
    "pos = empty_position(['You', 'Bot'])\n"
    "place_sprite(pos, 'A7'); place_adventurer(pos, 0, 'C8', 1); place_item(pos, 'E2', 'G')\n"
    "risk_app = AdventureLandApp(state=pos, bots={1: GreedyBot(seed=1)})\nrisk_app",
    # A battle: strength 14 against an adventurer with 1 companion, swords +2 +1 +0, a herb
    # of 2 and 2 gold (seed 4 rolls 2, 1, 4 with the three swords).
    "from dungeoncraft_widgets.adventure_land.rules import fight_position\n"
    "fight_app = AdventureLandApp(state=fight_position(14, companions=1, swords=(2, 1, 0),\n"
    "    herbs=(2,), gold=2, seed=4), bots={})\nfight_app",
    # Players named with HTML and dollars, in Adventure 3 (scored at the end).
    "named = AdventureLandApp(players=['You', '<b>x</b>', 'Bot $3$'], adventure=3, seed=12)\n"
    "named",
    # A battle after two herbs (strength past the swords' +9): a die of 1, 3 points missing.
    "herbs_app = AdventureLandApp(state=fight_position(16, swords=(3,), herbs=(4, 4, 2),\n"
    "    gold=2, seed=0), bots={})\n"
    "for step in ('swords 3', 'herb 4', 'herb 4'):\n    herbs_app.act(step)\nherbs_app",
]
WIDTHS = (1400, 800, 390)

# The smallest text drawn on the boards (SVG units times the scale), and in the panels.
SMALLEST_TEXT = """() => {
  const texts = [...document.querySelectorAll('.dcw-app .dcw-board svg text')]
    .filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0);
  const board = Math.min(...texts.map(
    (t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a));
  const panels = [...document.querySelectorAll('.dcw-app *')].filter((e) => !e.closest('svg')
      && e.offsetParent !== null
      && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => parseFloat(getComputedStyle(e).fontSize));
  return [board, Math.min(...panels)];
}"""


def kernel(client, code: str) -> str:
    return run_in_kernel(client, code).strip()


def test_play_by_clicking_with_summary_battle_and_risks(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    apps = page.locator(".dcw-app")
    apps.nth(4).locator(".dcw-question-text").wait_for(timeout=90_000)
    app, risk_app, fight_app = apps.nth(0), apps.nth(1), apps.nth(2)
    board = app.locator(".dcw-board")
    message = app.locator(".dcw-message")
    client = lab.kernel_client(NOTEBOOK)
    try:
        # A field clicked before choosing an adventurer: told what to do.
        board.locator("[data-id=field-A5]").click()
        message.get_by_text("select one of your adventurers first").wait_for(timeout=20_000)

        # Choose the adventurer waiting at row 3: the fields it can reach light up, and the
        # note saying so is not drawn in the error colour.
        board.locator("[data-id=adv-0-2]").click()
        board.locator("[data-id=field-J3].dcw-highlight").wait_for(timeout=20_000)
        message.get_by_text("can reach").wait_for(timeout=20_000)
        assert "dcw-error" not in (message.get_attribute("class") or "")

        # Move it to J3 by clicking the field.
        board.locator("[data-id=field-J3]").click()
        page.wait_for_function(
            "document.querySelector('.dcw-board [data-id=adv-0-2] circle').getAttribute('cx')"
            " > 500", timeout=20_000)
        assert kernel(client, "print(app.state.history[0])") == "move row:3 J3"
        undo = app.get_by_role("button", name="Undo")        # nothing hidden was seen yet
        expect(undo).to_be_enabled(timeout=20_000)
        expect(undo).to_have_attribute("title", "Take back “Move from the start of row 3 to J3”.")

        # North is refused with the rule, and nothing changes.
        before = kernel(client, "print(app.state.to_json())")
        board.locator("[data-id=adv-0-2]").click()
        board.locator("[data-id=field-J1]").click()
        message.get_by_text("never moves north or west").wait_for(timeout=20_000)
        assert kernel(client, "print(app.state.to_json())") == before

        # End the turn from the menu (actions are named in words): the bot plays, and what
        # it did is said above the board, its moved piece marked for a moment.
        app.locator("select").first.select_option(label="End the turn")
        app.get_by_role("button", name="Do it").click()
        summary = app.locator(".dcw-summary")
        summary.locator("li", has_text="Bot moved").first.wait_for(timeout=30_000)
        assert summary.bounding_box()["y"] < board.bounding_box()["y"]
        expected = kernel(client, "print('\\n'.join(app.summary_lines))").splitlines()
        assert [t.strip() for t in summary.locator("li").all_text_contents()] == expected
        moved = kernel(client, "print(sorted(app.moved_ids(app._events_since_mark(), "
                               "app.view)))")
        flashed = board.locator(".dcw-flash").first
        flashed.wait_for(timeout=5_000)
        assert flashed.get_attribute("data-id") in moved
        # The next cards are turned over: Undo would give the turn back knowing them.
        expect(undo).to_be_disabled(timeout=20_000)
        expect(undo).to_have_attribute("title", "Cannot take back “End the turn”: terrain "
                                       "cards have been turned over since.")
        assert app.locator(".dcw-holdings th").all_text_contents() == ["You (black)",
                                                                       "Bot (green)"]
        page.evaluate("(el) => el.scrollIntoView()", app.element_handle())
        page.screenshot(path=str(artifacts / "adventure-land-after-bot.png"))

        # The risk overlay: the adventurer on the river is ringed, its tooltip gives the
        # exact chance; a river field in reach says what ending there risks.
        rboard = risk_app.locator(".dcw-board")
        risk_app.get_by_text("Show risks and the best moves").click()
        k = kernel(client, "print(pos.at['C8'][1])")
        rboard.locator(f"[data-id=adv-0-{k}-risk]").wait_for(timeout=20_000)
        lost = kernel(client, "from dungeoncraft_widgets.adventure_land import odds\n"
                              "print(odds.risk_map(risk_app.view, 0).adventurers['C8'].p_lost)")
        rboard.locator(f"[data-id=adv-0-{k}]").hover()
        tooltip = rboard.locator(".dcw-tooltip")
        tooltip.get_by_text(f"lost {lost}").wait_for(timeout=10_000)
        assert "swept away by the water sprite" in tooltip.text_content()
        rboard.locator("[data-id=field-D8]").hover(position={"x": 40, "y": 8})
        tooltip.get_by_text("If you end here").wait_for(timeout=10_000)
        assert tooltip.text_content().startswith("D8: river")
        # The river's line answers for the field it crosses (its corner in D8 is at 24, 0).
        rboard.locator("[data-id=field-A1]").hover(position={"x": 24, "y": 24})
        tooltip.get_by_text("A1: mountain").wait_for(timeout=10_000)
        rboard.locator("[data-id=river-D8]").hover(position={"x": 24, "y": 0}, force=True)
        tooltip.get_by_text("If you end here").wait_for(timeout=10_000)
        # The move advisor: the best move first, marked, with its points and its risk.
        best = risk_app.locator(".dcw-choice").first
        assert best.text_content().startswith("★") and "+2 points" in best.text_content()
        words = kernel(client, "from dungeoncraft_widgets.adventure_land.app import "
                               "advisor_words\nprint([advisor_words(a) for a in "
                               "odds.advise_moves(risk_app.view, 0)[:4]])")
        expect(risk_app.locator(".dcw-choice")).to_have_text(
            [("★ " if i == 0 else "") + w for i, w in enumerate(ast.literal_eval(words))])
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
            show_side_panel(page, width > 390)
            page.wait_for_timeout(400)
            risk_app.scroll_into_view_if_needed()
            page.evaluate("(el) => el.scrollIntoView()", risk_app.element_handle())
            page.screenshot(path=str(artifacts / f"adventure-land-risk-{width}.png"))
            readable(page, f"{width} px")
            for button in page.locator(".dcw-app .dcw-choice").all():  # no label cut short
                if button.is_visible():
                    assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
            if width == 1400:   # what you hold beside the board, not below it
                holdings = app.locator(".dcw-holdings").bounding_box()
                assert holdings["x"] >= board.bounding_box()["x"] + 500
        # 800 px without the side panel: the whole board in view, no sideways scrolling.
        page.set_viewport_size({"width": 800, "height": 900})
        show_side_panel(page, False)
        page.wait_for_timeout(400)
        assert board.evaluate("b => { const s = b.querySelector('.dcw-board-scroll');"
                              " return s.scrollWidth <= s.clientWidth + 1; }")
        readable(page, "800 px")
        page.evaluate("(el) => el.scrollIntoView()", app.element_handle())
        page.screenshot(path=str(artifacts / "adventure-land-800-whole-board.png"))
        set_theme(page, "JupyterLab Dark")
        page.set_viewport_size({"width": 800, "height": 900})
        page.evaluate("(el) => el.scrollIntoView()", risk_app.element_handle())
        page.screenshot(path=str(artifacts / "adventure-land-risk-800-dark.png"))
        set_theme(page, "JupyterLab Light")
        page.set_viewport_size({"width": 1400, "height": 900})
        show_side_panel(page, False)
        best.click()
        risk_app.locator(".dcw-summary li").first.wait_for(timeout=20_000)
        assert kernel(client, "print(risk_app.state.history[0])").endswith(" E2")

        # A battle: a question in words, buttons with exact odds, the best marked.
        question = fight_app.locator(".dcw-question-text")
        assert question.text_content().startswith("A fog creature of strength 14 stands on D7")
        choice = fight_app.locator(".dcw-choice.dcw-best")
        assert choice.text_content() == "★ Fight with +2, +1 and +0: 323/324 ≈ 99.7%"
        page.evaluate("(el) => el.scrollIntoView()", fight_app.element_handle())
        page.screenshot(path=str(artifacts / "adventure-land-battle-swords.png"))
        choice.click()
        question.get_by_text("2 more points to win").wait_for(timeout=20_000)
        herb = fight_app.get_by_role("button", name="★ Win now: use the herb of 2: 1 = 100.0%")
        herb.wait_for(timeout=20_000)
        page.screenshot(path=str(artifacts / "adventure-land-battle-boost.png"))
        herb.click()
        fight_app.locator(".dcw-summary li", has_text="beat the fog creature of 14").wait_for(
            timeout=20_000)
        assert kernel(client, "print(fight_app.state.stock[0]['creatures'])") == "[14]"

        # After two herbs, Win now pays the herb of 2 and a gold in one click.
        herbs_app = apps.nth(4)
        win = herbs_app.get_by_role(
            "button", name="★ Win now: use the herb of 2 and 1 gold piece as +1: 1 = 100.0%")
        win.click()
        herbs_app.locator(".dcw-summary li", has_text="beat the fog creature of 16").wait_for(
            timeout=20_000)
        assert kernel(client, "print(herbs_app.state.stock[0])") == (
            "{'gold': 1, 'herbs': [], 'swords': [], 'creatures': [16]}")

        named_players_and_the_end(page, apps.nth(3), client, artifacts)
    finally:
        client.stop_channels()
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.all_text_contents()


def readable(page, where: str) -> None:
    """No text on the boards (zoomed in: they fit their width otherwise) or in the panels
    below 10 px."""
    zoom_in(page)
    board, panels = page.evaluate(SMALLEST_TEXT)
    assert board >= 9.99 and panels >= 9.99, (where, board, panels)


def named_players_and_the_end(page, named, client, artifacts) -> None:
    """Names with HTML and dollars shown as typed (never markup, never maths); the end of
    an Adventure 3 game: the winner in words, the table with what each score is made of,
    and New game."""
    page.set_viewport_size({"width": 390, "height": 844})
    show_side_panel(page, False)
    kernel(client, "named.act('end')")
    summary = named.locator(".dcw-summary")
    summary.locator("li", has_text="<b>x</b> moved").first.wait_for(timeout=30_000)
    assert summary.locator("li", has_text="Bot $3$ ").count() >= 1
    assert named.locator(".dcw-summary b, mjx-container").count() == 0
    assert named.locator(".dcw-holdings th", has_text="<b>x</b> (green)").count() == 1
    assert named.locator(".dcw-board text", has_text="Bot $3$ (violet)").count() == 1
    assert named.locator(".dcw-aim", has_text="Adventure 3, Escape to the Cities").count() == 1
    page.evaluate("(el) => el.scrollIntoView()", named.element_handle())
    page.screenshot(path=str(artifacts / "adventure-land-names-390.png"))
    headline = kernel(client, "while not named.state.is_over:\n"
                              "    named.act(named.state.legal_actions()[0])\n"
                              "print(named.final_summary(named.view).headline)")
    final = named.locator(".dcw-final")
    final.locator(".dcw-final-headline", has_text=headline).wait_for(timeout=30_000)
    assert headline.endswith(" points.") and " win" in headline
    assert final.locator("th").all_text_contents() == ["Place", "Player", "Points"]
    players = final.locator("tbody td:nth-child(2)").all_inner_texts()  # name, then made of
    assert sorted(p.splitlines()[0] for p in players) == sorted(["You", "<b>x</b>", "Bot $3$"])
    made_of = kernel(client, "from dungeoncraft_widgets.adventure_land.app import "
                             "score_made_of\nprint(score_made_of(named.view, 0))")
    assert any(p.splitlines() == ["You", made_of] for p in players), players
    page.evaluate("(el) => el.scrollIntoView()", final.element_handle())
    page.screenshot(path=str(artifacts / "adventure-land-final-390.png"))
    set_theme(page, "JupyterLab Dark")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.evaluate("(el) => el.scrollIntoView()", named.element_handle())
    page.screenshot(path=str(artifacts / "adventure-land-final-1400-dark.png"))
    set_theme(page, "JupyterLab Light")
    named.get_by_role("button", name="New game").click()
    named.locator(".dcw-summary li", has_text="A new game has begun.").wait_for(timeout=30_000)
    final.wait_for(state="hidden", timeout=20_000)


def test_position_editor_by_clicking(page, lab, artifacts):
    name = "adventure_land_editor.ipynb"
    write_notebook(lab.root / name, [
        "from dungeoncraft_widgets.adventure_land import PositionEditor\n"
        "editor = PositionEditor(players=2)\neditor"])
    open_and_run(page, lab, name)
    board = page.locator(".dcw-board")
    board.locator("[data-id=field-D7]").wait_for(timeout=60_000)
    page.get_by_text("Set up your table").wait_for(timeout=20_000)   # it explains itself
    tool = page.locator(".widget-dropdown", has_text="Tool:").locator("select")
    tool.select_option("fog creature 12")
    board.locator("[data-id=field-D7]").click()
    board.locator("[data-id=item-D7]").wait_for(timeout=20_000)
    tool.select_option("Black's adventurer")
    board.locator("[data-id=field-D2]").click()
    adventurer = board.locator("[aria-label*='adventurer (black) at D2']")
    adventurer.wait_for(timeout=20_000)
    tool.select_option("select an adventurer: where can it go?")
    adventurer.click()
    board.locator("[data-id=field-D7].dcw-highlight").wait_for(timeout=20_000)
    assert board.locator("[data-id=field-D8].dcw-highlight").count() == 0, "no leaping fog"
    page.get_by_text("can reach").first.wait_for(timeout=20_000)
    # The water sprite, an adventurer on the river, and the risks of the next cards.
    tool.select_option("water sprite")
    board.locator("[data-id=field-A7]").click(position={"x": 40, "y": 8})
    board.locator("[data-id=sprite]").wait_for(timeout=20_000)
    tool.select_option("Black's adventurer")
    board.locator("[data-id=field-C8]").click(position={"x": 40, "y": 8})
    tool.select_option("terrain card turned over (or back)")
    board.locator("[data-id=field-K4]").click(position={"x": 40, "y": 40})
    board.locator("[data-id=field-K4-drawn]").wait_for(timeout=20_000)
    page.get_by_text("Show risks and the best moves").click()
    page.get_by_text("Best moves for Black").wait_for(timeout=20_000)
    client = lab.kernel_client(name)
    try:
        k = kernel(client, "print(editor.state.at['C8'][1])")
        swept = kernel(client, "from dungeoncraft_widgets.adventure_land import odds\n"
                               "print(odds.risk_map(editor.state, 0).adventurers['C8'].p_swept)")
    finally:
        client.stop_channels()
    board.locator(f"[data-id=adv-0-{k}]").hover()
    board.locator(".dcw-tooltip").get_by_text(f"swept away by the water sprite: {swept}").wait_for(
        timeout=10_000)
    page.screenshot(path=str(artifacts / "adventure-land-editor.png"))
    # A phone at the table: the editor's board scrolls rather than shrink its text.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    least = page.evaluate("() => Math.min(...[...document.querySelectorAll('.dcw-board svg "
                          "text')].filter((t) => t.textContent.trim()).map((t) => parseFloat("
                          "t.getAttribute('font-size')) * t.getScreenCTM().a))")
    assert least >= 9.99, least
    page.screenshot(path=str(artifacts / "adventure-land-editor-390.png"))
