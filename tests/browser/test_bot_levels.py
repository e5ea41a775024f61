"""The bots' levels in a real JupyterLab (issue 29): in the demo game, Adventure Land and
Hero versus Guardian, "Easy" picked in the Bots: menu (the sentence beside it says the
bots play at Easy from their next move), "Say why the bots moved" ticked, one move made
by clicking, and the bot's explanation shown under what just happened, as the kernel
has it. Screenshots of each, its top and its controls, and the demo's on a 390 px phone
(test-artifacts/bot-levels-*.png, looked at by the developer)."""

from __future__ import annotations

from labtools import open_and_run, run_in_kernel, show_side_panel, stray_scrollbars, write_notebook
from playwright.sync_api import expect

NOTEBOOK = "bot_levels.ipynb"
CELLS = [
    "from dungeoncraft_widgets.core.bots import RandomBot\n"
    "from dungeoncraft_widgets.demo_game import DemoApp, new_game\n"
    "demo = DemoApp(new_game(['You', 'Bot'], seed=1), bots={1: RandomBot(seed=2)})\ndemo",
    "from dungeoncraft_widgets.adventure_land import AdventureLandApp\n"
    "land = AdventureLandApp(players=['You', 'Bot'], seed=3)\nland",
    "from dungeoncraft_widgets.hero_vs_guardian.app import HeroVsGuardianApp\n"
    "hero = HeroVsGuardianApp(role='hero', seed=4)\nhero",
]


def kernel(client, code: str) -> str:
    return run_in_kernel(client, code).strip()


def choose_easy_and_say_why(app) -> None:
    """Pick Easy in the Bots: menu and tick Say why, as a player does."""
    app.locator(".dcw-bot-level select").select_option(label="Easy")
    app.locator(".dcw-bot-level-note").get_by_text(
        "The bots now play at Easy from their next move").wait_for(timeout=20_000)
    app.locator(".dcw-why input[type=checkbox]").check()


def the_reasons(page, app, client, name: str, who: str) -> list[str]:
    """The sentences under "Why the bots moved" once ``who`` has moved: those the kernel
    has, each beginning with the bot's name and the move it chose."""
    reasons = app.locator(".dcw-why-lines li")
    reasons.filter(has_text=f"{who} chose “").first.wait_for(timeout=60_000)
    shown = [t.strip() for t in reasons.all_text_contents()]
    expected = kernel(client, f"print('\\n'.join(s for *_, s in {name}.bot_moves if s))")
    assert shown == expected.splitlines()[-len(shown):]
    assert kernel(client, f"print({{type(b).__name__ for b in {name}.bots.values()}})") == \
        "{'SearchBot'}"
    return shown


def shoot(page, app, artifacts, name: str) -> None:
    """The app's top (what just happened and why), then its controls with the Bots: menu
    (the notebook scrolls: a screenshot of the element itself would cut it)."""
    app.locator(".dcw-summary").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"bot-levels-{name}.png"))
    app.locator(".dcw-bot-levels").evaluate("e => e.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"bot-levels-{name}-controls.png"))


def test_easy_bots_say_why_in_three_apps(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    apps = page.locator(".dcw-app")
    apps.nth(2).locator(".dcw-bot-level select").wait_for(timeout=90_000)
    demo, land, hero = apps.nth(0), apps.nth(1), apps.nth(2)
    client = lab.kernel_client(NOTEBOOK)
    try:
        # ---- the demo game: a draw (the bot can only draw), then a click on the deck
        choose_easy_and_say_why(demo)
        demo.get_by_role("button", name="Draw the top card").click()
        demo.locator(".dcw-why-lines li", has_text="Bot chose “draw”: the only legal move."
                     ).wait_for(timeout=30_000)
        demo.locator(".dcw-board [data-id=deck]").click()
        page.wait_for_function("document.querySelectorAll('.dcw-app')[0]"
                               ".querySelector('.dcw-why-lines li').textContent"
                               ".includes('sampled games')", timeout=30_000)
        [reason] = the_reasons(page, demo, client, "demo", "Bot")
        assert "sampled games the bot played out" in reason
        assert demo.locator(".dcw-why-title").text_content() == "Why the bots moved"
        shoot(page, demo, artifacts, "demo")
        page.set_viewport_size({"width": 390, "height": 844})   # a phone: the menu fits
        show_side_panel(page, False)
        page.wait_for_timeout(400)
        shoot(page, demo, artifacts, "demo-390")
        assert stray_scrollbars(demo) == []
        page.set_viewport_size({"width": 1400, "height": 900})

        # ---- Adventure Land: an adventurer moved by clicking, then the turn ended
        choose_easy_and_say_why(land)
        board = land.locator(".dcw-board")
        board.locator("[data-id=adv-0-2]").click()
        board.locator("[data-id=field-J3].dcw-highlight").wait_for(timeout=20_000)
        board.locator("[data-id=field-J3]").click()
        expect(land.get_by_role("button", name="Undo")).to_be_enabled(timeout=20_000)
        assert kernel(client, "print(land.state.history[0])") == "move row:3 J3"
        land.locator("select").first.select_option(label="End the turn")
        land.get_by_role("button", name="Do it").click()
        reasons = the_reasons(page, land, client, "land", "Bot")
        assert all(r.startswith("Bot chose “") and r.endswith(".") for r in reasons)
        shoot(page, land, artifacts, "adventure-land")

        # ---- Hero versus Guardian: the Hero draws, then passes; the Guardian acts once
        choose_easy_and_say_why(hero)
        hero.get_by_role("button", name="Draw 3 Adventurers at random").click()
        hero.get_by_role("button", name="Pass: let the Guardian act once").click()
        reasons = the_reasons(page, hero, client, "hero", "Guardian")
        assert all(r.startswith("Guardian chose “") for r in reasons)
        shoot(page, hero, artifacts, "hero-vs-guardian")
    finally:
        client.stop_channels()
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.all_text_contents()
