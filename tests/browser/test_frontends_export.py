"""An exported page opened from its folder with the network off: boards drawn,
the calculator's exact answer shown, fractions typeset, nothing fetched from outside."""

from __future__ import annotations

from export_notebook import write

from dungeoncraft_widgets import export


def test_exported_page_works_offline(browser, tmp_path, artifacts):
    page_file = export.export(write(tmp_path / "exported.ipynb"), tmp_path / "site")
    size = sum(p.stat().st_size for p in page_file.parent.rglob("*") if p.is_file())
    (artifacts / "export-size.txt").write_text(f"{size} bytes with static/\n")

    context = browser.new_context(viewport={"width": 1200, "height": 900}, offline=True)
    outside: list[str] = []
    failed: list[str] = []
    errors: list[str] = []

    def only_files(route):
        if route.request.url.startswith(("file:", "data:", "blob:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()
    context.route("**/*", only_files)
    page = context.new_page()
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(page_file.as_uri())
        boards = page.locator(".dcw-board svg")
        boards.nth(1).wait_for(timeout=60_000)  # the game's board and the calculator's chart
        game = page.locator(".dcw-board").first
        assert game.locator("[data-id=field-A1]").count() == 1
        assert game.locator(".dcw-clickable").count() > 10
        # The game's log, as it was saved (no kernel to ask for it).
        assert page.locator(".dcw-log li").count() >= 5
        calculator = page.locator(".dcw-calculator")
        assert "13/18" in calculator.locator("tbody tr").nth(2).inner_text()  # two swords
        calculator.locator("[data-id=bar-18]").wait_for(timeout=10_000)
        page.locator(".jp-MarkdownOutput .MathJax_SVG").first.wait_for(timeout=30_000)  # ½
        calculator.locator(".widget-htmlmath .MathJax_SVG").first.wait_for(timeout=30_000)
        # A player's name keeps its dollars: never typeset as maths.
        page.locator(".widget-label", has_text="Bot $3$ offers you a trade.").wait_for(
            timeout=10_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(artifacts / "export-offline.png"), full_page=True)
    finally:
        context.close()
    assert outside == [], f"the page asked the network for {outside}"
    assert failed == [], failed
    assert errors == [], errors
