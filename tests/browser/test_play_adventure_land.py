"""Adventure Land played by clicking in JupyterLab, with a refused move explained."""

from __future__ import annotations

from labtools import open_and_run, run_in_kernel, write_notebook

NOTEBOOK = "adventure_land_app.ipynb"
CELLS = ["from dungeoncraft_widgets.adventure_land import AdventureLandApp\n"
         "app = AdventureLandApp(players=['You', 'Bot'], seed=3)\napp"]


def test_play_moves_by_clicking(page, lab, artifacts):
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    board = page.locator(".dcw-board")
    board.locator("[data-id=adv-0-2]").wait_for(timeout=60_000)
    message = page.locator(".dcw-message")

    # A field clicked before choosing an adventurer: told what to do.
    board.locator("[data-id=field-A5]").click()
    message.get_by_text("select one of your adventurers first").wait_for(timeout=20_000)

    # Choose the adventurer waiting at row 3: the fields it can reach light up.
    board.locator("[data-id=adv-0-2]").click()
    board.locator("[data-id=field-J3].dcw-highlight").wait_for(timeout=20_000)
    assert "dcw-selected" in board.locator("[data-id=adv-0-2]").get_attribute("class")
    page.screenshot(path=str(artifacts / "adventure-land-selected.png"))

    # Move it to J3 by clicking the field.
    board.locator("[data-id=field-J3]").click()
    client = lab.kernel_client(NOTEBOOK)
    try:
        page.wait_for_function(
            "document.querySelector('.dcw-board [data-id=adv-0-2] circle').getAttribute('cx')"
            " > 500", timeout=20_000)
        assert run_in_kernel(client, "print(app.state.history[0])").strip() == "move row:3 J3"

        # North is refused with the rule, and nothing changes.
        before = run_in_kernel(client, "print(app.state.to_json())")
        board.locator("[data-id=adv-0-2]").click()
        board.locator("[data-id=field-J1]").click()
        message.get_by_text("never moves north or west").wait_for(timeout=20_000)
        assert run_in_kernel(client, "print(app.state.to_json())") == before
        page.screenshot(path=str(artifacts / "adventure-land-refused.png"))

        # The log shows what happened.
        assert page.locator(".dcw-log li", has_text="row:3 -> J3").count() == 1
    finally:
        client.stop_channels()


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
    page.get_by_text("D2: ").first.wait_for(timeout=20_000)
    page.screenshot(path=str(artifacts / "adventure-land-editor.png"))
