"""Hero versus Guardian in JupyterLab: a Scout played by clicking, roll by roll."""

from __future__ import annotations

from labtools import open_and_run, run_in_kernel, write_notebook

NOTEBOOK = "hero_vs_guardian_app.ipynb"
CELLS = ["from dungeoncraft_widgets.hero_vs_guardian.app import HeroVsGuardianApp\n"
         "app = HeroVsGuardianApp(role='hero', seed=4)\napp"]


def test_scout_by_clicking(page, lab, artifacts):
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    app = page.locator(".dcw-app")
    app.get_by_role("button", name="recruit random").click()
    board = page.locator(".dcw-board")
    target = board.locator("[data-id^=loc-].dcw-clickable").first
    target.wait_for(timeout=60_000)
    location = target.get_attribute("data-id").removeprefix("loc-")

    target.click()                                            # Scout it (the default)
    adventurers = board.locator("[data-id^=adv-].dcw-clickable")
    adventurers.first.wait_for(timeout=20_000)
    first = adventurers.first.get_attribute("data-id")
    adventurers.first.click()                                 # Order token 1
    board.locator(f"[data-id={first}-note]", has_text="Order 1").wait_for(timeout=20_000)
    page.get_by_text("The rooms are face down; if they are:").wait_for(timeout=20_000)
    page.screenshot(path=str(artifacts / "hero-vs-guardian-ordering.png"))

    app.get_by_role("button", name="enter").click()
    client = lab.kernel_client(NOTEBOOK)
    try:
        for _ in range(6):                                    # roll until the Scout is over
            page.wait_for_timeout(400)
            if run_in_kernel(client, "print(app.state.attempt is None)").strip() == "True":
                break
            app.get_by_role("button", name="roll", exact=True).click()
        assert run_in_kernel(client, "print(app.state.attempt is None)").strip() == "True"
        page.locator(".dcw-log li", has_text="to Scout").first.wait_for(timeout=20_000)
        rolls = int(run_in_kernel(client, "print(sum(e.kind == 'roll' for e in app.state.log))"))
        assert rolls >= 1
        assert page.locator(".dcw-log li", has_text="to Scout").count() == rolls
        log_lines = run_in_kernel(client, "print(app.state.log[0].text)")
        assert log_lines.strip()
        assert location in run_in_kernel(client, "print([e.text for e in app.state.log])")
        # The likeliest route to a far location, drawn on the dungeon with its exact chance.
        page.locator(".widget-dropdown", has_text="Likeliest route to:").locator(
            "select").select_option("C3")
        board.locator("[data-id=route]").wait_for(timeout=20_000)
        page.get_by_text("every location Ventured").wait_for(timeout=20_000)
        page.screenshot(path=str(artifacts / "hero-vs-guardian-after-scout.png"))
    finally:
        client.stop_channels()
