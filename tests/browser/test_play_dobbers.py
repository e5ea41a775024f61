"""Dobbers in JupyterLab: a 2-player game against the bot and a Solo game, each played by
clicking in the browser from the choice of Hero to the end (about 100 and 180 clicks). The
clicks are chosen first by a RaceBot on the same seeded game in this process
(tests/dobbers_ui.py), then made on the page, each waited for in the kernel.
Screenshots at 1400, 800 and 390 px, light and dark, at the start of the seat's last turn
and at the end; before a commit to a Challenge (its exact chance on the button)."""

from __future__ import annotations

import re
import sys

from labtools import (
    REPO,
    open_and_run,
    run_in_kernel,
    set_theme,
    show_side_panel,
    write_notebook,
    zoom_in,
)

sys.path.insert(0, str(REPO / "tests"))
from dobbers_ui import play_by_clicking  # noqa: E402

from dungeoncraft_widgets.dobbers.app import DobbersApp  # noqa: E402

WIDTHS = (1400, 800, 390)
SMALLEST_TEXT = """() => {
  const texts = [...document.querySelectorAll('.dcw-app .dcw-board svg text')]
    .filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0);
  return Math.min(...texts.map((t) => parseFloat(t.getAttribute('font-size'))
                                     * t.getScreenCTM().a));
}"""


def cells(make: str) -> list[str]:
    return [f"""import sys
sys.path.insert(0, {str(REPO / 'tests')!r})
from dungeoncraft_widgets.dobbers.app import DobbersApp
app = {make}
app"""]


def recorded(make, bot_seed: int) -> tuple[list[list[tuple[str, str]]], int]:
    """The clicks of every move of the same game, played here first; and where the seat's
    last turn begins (after its last 'End the turn')."""
    moves = play_by_clicking(make(), seed=bot_seed)
    ends = [i for i, steps in enumerate(moves) if any(
        kind == "button" and text.startswith("End the turn") for kind, text in steps)]
    return moves, ends[-1] + 1


def state_key(client) -> str:
    return run_in_kernel(client, "print(len(app.state.history), app.selected is not None, "
                                 "app.message.value)").strip()


def click_steps(page, client, steps, shot=None) -> None:
    """Click each step in the browser, waiting for the kernel to take it in; ``shot(name)``
    takes a screenshot before a commit to a Challenge (its exact chance on the button) and
    before a buy (what it does to the next hand), the last of each kept."""
    app = page.locator(".dcw-app")
    for kind, what in steps:
        before = state_key(client)
        if shot is not None and kind == "button" and (
                "Commit to the Challenge" in what or what.startswith("Buy ")):
            app.locator(".dcw-question").scroll_into_view_if_needed()
            shot("commit" if "Commit" in what else "buy")
        if kind == "shape":
            target = app.locator(f".dcw-board [data-id='{what}'].dcw-clickable")
        else:
            target = app.locator(".dcw-choice").filter(
                has_text=re.compile("^" + re.escape(what) + "$"))
        target.first.wait_for(timeout=20_000)
        target.first.scroll_into_view_if_needed()
        target.first.click()
        for _ in range(100):
            now = state_key(client)
            if now != before:
                break
            page.wait_for_timeout(100)
        assert now != before, f"the click on {what} changed nothing"
        assert "✗" not in now, now
        page.wait_for_timeout(250)   # the board's update reaches the page


def screenshots(page, artifacts, name: str, theme: str) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
        show_side_panel(page, width > 390)
        page.wait_for_timeout(500)
        page.evaluate("document.querySelector('.dcw-app .dcw-status').scrollIntoView()")
        page.wait_for_timeout(200)
        if width <= 800:
            zoom_in(page)  # the boards fit by default; zoomed in, no text is below 10 px
            assert page.evaluate(SMALLEST_TEXT) >= 9.99, "board text below 10 px"
        page.screenshot(path=str(artifacts / f"dobbers-{name}-{width}-{theme}.png"))


def play(page, lab, artifacts, name: str, make: str, make_here, bot_seed: int,
         headline: str) -> str:
    moves, last_turn = recorded(make_here, bot_seed)
    notebook = f"dobbers_{name}.ipynb"
    write_notebook(lab.root / notebook, cells(make))
    page.set_viewport_size({"width": 1400, "height": 900})
    open_and_run(page, lab, notebook)
    app = page.locator(".dcw-app")
    app.locator(".dcw-question-text", has_text="Choose your Hero").wait_for(timeout=90_000)
    client = lab.kernel_client(notebook)
    try:
        # Every click up to the seat's last turn: the Hero (a button), with others a lit
        # start letter, then cards, squares and buttons.
        for steps in moves[:last_turn]:
            click_steps(page, client, steps, shot=lambda what: page.screenshot(
                path=str(artifacts / f"dobbers-{name}-{what}-1400-light.png")))
        page.wait_for_timeout(500)
        app.locator(".dcw-question-text").wait_for(timeout=20_000)
        screenshots(page, artifacts, f"{name}-last-turn", "light")
        page.set_viewport_size({"width": 1400, "height": 900})
        show_side_panel(page, True)
        page.wait_for_timeout(400)
        app.screenshot(path=str(artifacts / f"dobbers-{name}-whole-app-light.png"))
        # The last turn, clicked in the browser to the end of the game.
        page.locator(".dcw-app .dcw-board").nth(1).screenshot(
            path=str(artifacts / f"dobbers-{name}-cards-1400-light.png"))
        for steps in moves[last_turn:]:
            click_steps(page, client, steps, shot=lambda what: page.screenshot(
                path=str(artifacts / f"dobbers-{name}-{what}-1400-light.png")))
        final = app.locator(".dcw-final-headline")
        final.wait_for(timeout=20_000)
        text = final.text_content()
        assert text.startswith(headline), text
        assert run_in_kernel(client, "print(app.state.is_over)").strip() == "True"
        page.evaluate("document.querySelector('.dcw-app .dcw-status').scrollIntoView()")
        page.screenshot(path=str(artifacts / f"dobbers-{name}-final-light.png"))
        set_theme(page, "JupyterLab Dark")
        screenshots(page, artifacts, f"{name}-final", "dark")
        set_theme(page, "JupyterLab Light")
        errors = page.locator(".jp-OutputArea-output[data-mime-type="
                              "'application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.all_text_contents()
        return text
    finally:
        client.stop_channels()


def test_a_two_player_game_against_the_bot_by_clicking(page, lab, artifacts):
    play(page, lab, artifacts, "two-players", "DobbersApp(players=['You', 'Bot'], seed=14)",
         lambda: DobbersApp(players=["You", "Bot"], seed=14), 1,
         "You reach the Key first: You are the Hero of Dobberton!")


def test_a_solo_game_by_clicking(page, lab, artifacts):
    text = play(page, lab, artifacts, "solo", "DobbersApp(seed=6, solo=True)",
                lambda: DobbersApp(seed=6, solo=True), 2, "You reach the Key in 13 turns!")
    assert "13 turns or less" in text
