"""Adventure Land played by clicking in JupyterLab: a move, a refusal explained, what the
bot did said above the board (its piece marked for a moment), a battle decided with the
buttons that carry exact odds, the risk overlay's tooltips and the move advisor; the
position editor. Screenshots at 1400, 800 and 390 px (light, and dark at 800 px)."""

from __future__ import annotations

from labtools import open_and_run, run_in_kernel, set_theme, show_side_panel, write_notebook

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
]
WIDTHS = (1400, 800, 390)


def kernel(client, code: str) -> str:
    return run_in_kernel(client, code).strip()


def test_play_by_clicking_with_summary_battle_and_risks(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    apps = page.locator(".dcw-app")
    apps.nth(2).locator(".dcw-question-text").wait_for(timeout=60_000)
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
        assert app.locator(".dcw-holdings").get_by_text("Bot's tiles").count() == 1
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
        assert best.text_content().startswith("★") and "+2" in best.text_content()
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
            show_side_panel(page, width > 390)
            page.wait_for_timeout(400)
            risk_app.scroll_into_view_if_needed()
            page.evaluate("(el) => el.scrollIntoView()", risk_app.element_handle())
            page.screenshot(path=str(artifacts / f"adventure-land-risk-{width}.png"))
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
    finally:
        client.stop_channels()
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.all_text_contents()


def test_position_editor_by_clicking(page, lab, artifacts):
    name = "adventure_land_editor.ipynb"
    write_notebook(lab.root / name, [
        "from dungeoncraft_widgets.adventure_land import PositionEditor\n"
        "editor = PositionEditor(players=2)\neditor"])
    open_and_run(page, lab, name)
    board = page.locator(".dcw-board")
    board.locator("[data-id=field-D7]").wait_for(timeout=60_000)
    tool = page.locator(".widget-dropdown", has_text="Tool:").locator("select")
    tool.select_option("creature 12")
    board.locator("[data-id=field-D7]").click()
    board.locator("[data-id=item-D7]").wait_for(timeout=20_000)
    tool.select_option("adventurer 1")
    board.locator("[data-id=field-D2]").click()
    adventurer = board.locator("[aria-label*='adventurer (black) at D2']")
    adventurer.wait_for(timeout=20_000)
    tool.select_option("select")
    adventurer.click()
    board.locator("[data-id=field-D7].dcw-highlight").wait_for(timeout=20_000)
    assert board.locator("[data-id=field-D8].dcw-highlight").count() == 0, "no leaping fog"
    page.get_by_text("can reach").first.wait_for(timeout=20_000)
    # The water sprite, an adventurer on the river, and the risks of the next cards.
    tool.select_option("sprite")
    board.locator("[data-id=field-A7]").click(position={"x": 40, "y": 8})
    board.locator("[data-id=sprite]").wait_for(timeout=20_000)
    tool.select_option("adventurer 1")
    board.locator("[data-id=field-C8]").click(position={"x": 40, "y": 8})
    tool.select_option("card turned over")
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
