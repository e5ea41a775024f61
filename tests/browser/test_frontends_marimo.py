"""The apps and calculators under ``marimo run``: notebooks/marimo/adventure_land.py.

A move played (the action menu, then the board) and a calculator input changed,
each answered by the library's own Python through dungeoncraft_widgets.marimo.
"""

from __future__ import annotations

import re
import sys

import pytest
from labtools import REPO
from playwright.sync_api import expect
from servers import free_port, kernel_env, running


@pytest.fixture(scope="module")
def marimo_app(tmp_path_factory):
    port = free_port()
    base = tmp_path_factory.mktemp("marimo")
    command = [sys.executable, "-m", "marimo", "run",
               str(REPO / "notebooks" / "marimo" / "adventure_land.py"), "--headless",
               "--host", "127.0.0.1", "--port", str(port), "--no-token", "--no-sandbox"]
    env_home = {"HOME": str(base), "XDG_CONFIG_HOME": str(base / "config")}
    with running(command, f"http://127.0.0.1:{port}/", base / "marimo.log",
                 env=kernel_env(**env_home)) as url:
        yield url


def wait_until(page, condition, seconds: float = 30) -> None:
    """Poll ``condition`` (marimo draws widgets in shadow roots, which Playwright's
    locators enter but page scripts do not)."""
    for _ in range(int(seconds * 5)):
        if condition():
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"still false after {seconds} s: {condition}")


def log_length(mirror) -> int:
    text = mirror.locator("details.dcw-static-log summary").inner_text()
    return int(re.search(r"\d+", text).group())


def test_a_move_and_a_calculator_in_marimo_run(page, marimo_app, artifacts):
    page.goto(marimo_app)
    mirrors = page.locator(".dcw-mirror")
    mirrors.nth(2).wait_for(timeout=90_000)  # above the board, below it, the calculator
    board = page.locator(".dcw-board").first
    board.wait_for(timeout=30_000)
    above, below, calculator = mirrors.nth(0), mirrors.nth(1), mirrors.nth(2)
    assert "your turn" in above.inner_text().lower()

    # A move from the menu of legal actions: the app plays it, then the bot answers.
    before = log_length(below)
    below.get_by_role("button", name="Do it").click()
    wait_until(page, lambda: log_length(below) > before)

    # A click on the board reaches the app (the board is the library's BoardView).
    shapes_before = board.inner_html()
    board.locator(".dcw-clickable").last.click()  # drawn last: on top
    wait_until(page, lambda: board.inner_html() != shapes_before)
    page.screenshot(path=str(artifacts / "marimo-run-app.png"))

    # The calculator: typed values go to the FightCalculator, which answers exactly.
    calculator.get_by_label("Swords:").fill("2, 1")
    calculator.get_by_label("Swords:").press("Tab")
    calculator.get_by_label("Companions:").fill("2")
    calculator.get_by_label("Companions:").press("Tab")
    row = calculator.locator("tbody tr").nth(2)  # two swords
    expect(row).to_contain_text("13/18", timeout=30_000)
    assert "13/18 ≈ 72.2%" in calculator.inner_text()
    calculator.screenshot(path=str(artifacts / "marimo-run-calculator.png"))

    # Bad input: the calculator's own message, no traceback.
    calculator.get_by_label("Herbs:").fill("3, x")
    calculator.get_by_label("Herbs:").press("Tab")
    calculator.get_by_text("herbs: 'x' is not a whole number").wait_for(timeout=30_000)
