"""The end of a game in JupyterLab, in both roles' apps, as a newcomer meets it.

Hero versus Guardian (3 players) and Dubious Alliance (3 players), with players called
"<b>x</b>" and "Bot $3$": each game is played out by bots in the kernel up to the seat's
last few decisions, which the seat then takes through the app. Checked: the winner named
in words with the final table and a *New game* button that starts a new game; Undo refused
at the end (the Dungeon and the cards are face up: nothing may be taken back); the names
shown as typed (never bold, never typeset); no location still lit once the game is over;
no panel showing a scrollbar it should not, and no board text under 10 px, at 1400 px and
800 px (side panel open) and on a 390 px phone, in the light and the dark theme.
Screenshots: test-artifacts/playtest-end-*.png.
"""

from __future__ import annotations

import json
import re

from labtools import (
    open_and_run,
    run_in_kernel,
    set_theme,
    show_side_panel,
    stray_scrollbars,
    write_notebook,
    zoom_in,
)

NOTEBOOK = "playtest_endings.ipynb"
NAMES = ["You", "<b>x</b>", "Bot $3$"]
CELLS = [
    "import collections\n"
    "from dungeoncraft_widgets import dubious_alliance as da\n"
    "from dungeoncraft_widgets import hero_vs_guardian as hvg\n"
    "from dungeoncraft_widgets.dubious_alliance.app import DubiousAllianceApp\n"
    "from dungeoncraft_widgets.dubious_alliance.bots import TemperamentBot\n"
    "from dungeoncraft_widgets.hero_vs_guardian.app import HeroVsGuardianApp\n"
    "from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot, HeroBot\n"
    f"NAMES = {NAMES!r}\n"
    "def near_the_end(state, bots, seat, left):\n"
    "    '''``state`` as it was ``left`` of the seat's decisions before the bots' game ended.'''\n"
    "    kept = collections.deque(maxlen=left)\n"
    "    while not state.is_over:\n"
    "        player = state.current_player\n"
    "        if player == seat:\n"
    "            kept.append(state.copy())\n"
    "        state.apply(bots[player].choose(state.view(player), state.legal_actions()))\n"
    "    return kept[0]\n"
    "def finish(app, bot):\n"
    "    '''The seat's last decisions, taken through the app.'''\n"
    "    while not app.state.is_over:\n"
    "        assert app.act(bot.choose(app.state.view(app.seat), app.state.legal_actions()))\n"
    "hero_bots = {0: HeroBot(seed=1), 1: HeroBot(seed=2), 2: GuardianBot(seed=3)}\n"
    "hero = HeroVsGuardianApp(role='hero', state=near_the_end(\n"
    "    hvg.new_game(players=NAMES, seed=21), hero_bots, 0, 3),\n"
    "    bots={1: HeroBot(seed=2), 2: GuardianBot(seed=3)})\n"
    "finish(hero, HeroBot(seed=1))\n"
    "hero",
    "da_bots = {p: TemperamentBot('honest', seed=p) for p in range(3)}\n"
    "alliance = DubiousAllianceApp(state=near_the_end(da.new_game(NAMES, seed=7), da_bots, 0, 2),\n"
    "                              bots={1: TemperamentBot('liar', seed=1),\n"
    "                                    2: TemperamentBot('hoarder', seed=2)})\n"
    "finish(alliance, TemperamentBot('honest', seed=0))\n"
    "alliance",
]
SMALLEST_TEXT = """(app) => {
  const texts = [...app.querySelectorAll('.dcw-board svg text')]
    .filter((t) => t.textContent.trim());
  return Math.min(...texts.map(
    (t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a));
}"""


def kernel(client, code: str) -> str:
    return run_in_kernel(client, code).strip()


def look(page, app, artifacts, name: str) -> None:
    """The end at 1400 and 800 px (side panel open) and on a phone: screenshots, no stray
    scrollbar, no board text under 10 px."""
    for width in (1400, 800, 390):
        page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
        show_side_panel(page, width > 390)
        page.wait_for_timeout(500)
        app.locator(".dcw-status").evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        page.screenshot(path=str(artifacts / f"playtest-end-{name}-{width}.png"))
        stray = stray_scrollbars(app)
        if width == 390:  # a table wider than a phone scrolls by itself, nothing else does
            stray = [box for box in stray if not box.startswith("dcw-table dcw-final-scores")]
        assert stray == [], (name, width, stray)
        zoom_in(app)                          # the board fits; zoomed in, its text is readable
        assert app.evaluate(SMALLEST_TEXT) >= 9.9, (name, width)


def test_the_end_of_both_apps(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    apps = page.locator(".dcw-app")
    apps.nth(1).wait_for(timeout=120_000)
    client = lab.kernel_client(NOTEBOOK)
    try:
        for var, app in (("hero", apps.nth(0)), ("alliance", apps.nth(1))):
            final = json.loads(kernel(client, f"import json; f = {var}.final_summary({var}.view)"
                                              "; print(json.dumps([f.headline, f.rows]))"))
            headline, rows = final
            panel = app.locator(".dcw-final")
            panel.locator(".dcw-final-headline").get_by_text(headline, exact=True).wait_for(
                timeout=20_000)
            assert panel.locator("tbody tr").count() == len(rows)
            assert app.locator(".dcw-status").text_content().startswith("Game over.")
            undo = app.get_by_role("button", name="Undo")         # nothing taken back at the end
            assert undo.is_disabled() and undo.get_attribute("title").startswith("Cannot take")
            # Names as typed: "<b>x</b>" is text, not bold; "Bot $3$" keeps its dollars.
            cells = [c.removesuffix(" (wins)").removesuffix(" (died)")
                     for c in panel.locator("td").all_text_contents()]
            assert "<b>x</b>" in cells and "Bot $3$" in cells, cells
            assert app.locator("b").filter(has_text=re.compile(r"^x$")).count() == 0
            assert app.locator(":is(.dcw-final, .dcw-status, .dcw-summary, .dcw-holdings) "
                               "mjx-container").count() == 0
            assert app.get_by_role("button", name="New game").is_visible()
            if var == "hero":                                    # nothing lit once it is over
                assert app.locator(".dcw-board").first.locator(".dcw-highlight").count() == 0
            look(page, app, artifacts, var)
        set_theme(page, "JupyterLab Dark")
        page.set_viewport_size({"width": 1400, "height": 900})
        show_side_panel(page, True)
        for var, app in (("hero", apps.nth(0)), ("alliance", apps.nth(1))):
            app.locator(".dcw-status").evaluate("e => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            page.screenshot(path=str(artifacts / f"playtest-end-{var}-1400-dark.png"))
        set_theme(page, "JupyterLab Light")
        # New game: a new game begins, and says so.
        for var, app in (("hero", apps.nth(0)), ("alliance", apps.nth(1))):
            app.get_by_role("button", name="New game").click()
            app.locator(".dcw-summary li", has_text="A new game has begun.").wait_for(
                timeout=30_000)
            app.locator(".dcw-final").wait_for(state="hidden", timeout=20_000)
            assert kernel(client, f"print({var}.state.is_over)") == "False"
    finally:
        client.stop_channels()
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.all_text_contents()
