"""Hero versus Guardian in JupyterLab, played by clicking: the exact odds before any stone
is spent, a Venture roll by roll, the sacrifice asked in words, the Guardian building his
dungeon by clicking; screenshots at 1400, 800 and 390 px (looked at by the developer)."""

from __future__ import annotations

from labtools import (
    REPO,
    open_and_run,
    run_in_kernel,
    set_theme,
    show_side_panel,
    stray_scrollbars,
    write_notebook,
    zoom_in,
)

NOTEBOOK = "hero_vs_guardian_app.ipynb"
CELLS = [
    "from dungeoncraft_widgets.hero_vs_guardian.app import HeroVsGuardianApp\n"
    "from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position\n"
    "hero = HeroVsGuardianApp(role='hero', seed=4)\nhero",
    # A Warrior (+3 vs Brute) and a Cleric (Sacrifice) before Orc Barracks; seed 0's first
    # die is a 2, so the Warrior fails and the sacrifice is asked.
    "sacrifice = HeroVsGuardianApp(role='hero', state=scout_venture_position(\n"
    "    'venture', ['A05', 'A01'], ['D07'], seed=0))\nsacrifice",
    "guardian = HeroVsGuardianApp(role='guardian', seed=3)\nguardian",
]
WIDTHS = (1400, 800, 390)
SMALLEST_TEXT = """(app) => {
  const texts = [...app.querySelectorAll('.dcw-board svg text')]
    .filter((t) => t.textContent.trim());
  return Math.min(...texts.map(
    (t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a));
}"""


def kernel(client, code: str) -> str:
    return run_in_kernel(client, code).strip()


def shoot(page, app, artifacts, name: str) -> None:
    """The app at 1400 and 800 px (side panel open) and on a 390 px phone: its top (what
    happened, the question), its dungeon and its card panel; zoomed in, so that the text
    of the boards is readable (they fit their width otherwise)."""
    zoom_in(app)
    parts = {"top": app.locator(".widget-label.dcw-status"),
             "board": app.locator(".dcw-board").first,
             "cards": app.locator(".dcw-board").nth(1)}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
        show_side_panel(page, width > 390)
        page.wait_for_timeout(400)
        for part, locator in parts.items():
            locator.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(150)
            page.screenshot(path=str(artifacts / f"hvg-{name}-{width}-{part}.png"))
        smallest = app.evaluate(SMALLEST_TEXT)   # zoomed in: the boards scroll, text stays
        assert smallest >= 9.9, (name, width, smallest)
        assert stray_scrollbars(app) == [], (name, width)  # no panel squeezed into a box
    page.set_viewport_size({"width": 1400, "height": 900})
    show_side_panel(page, False)


def test_hero_and_guardian_by_clicking(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    apps = page.locator(".dcw-app")
    apps.nth(2).wait_for(timeout=90_000)
    hero, sacrifice, guardian = apps.nth(0), apps.nth(1), apps.nth(2)
    client = lab.kernel_client(NOTEBOOK)
    try:
        # ---- the Hero: odds before paying -------------------------------------------
        hero.get_by_role("button", name="Draw 3 Adventurers at random").click()
        lit = hero.locator(".dcw-board [data-id^=loc-].dcw-clickable").first
        lit.wait_for(timeout=30_000)
        where = lit.get_attribute("data-id").removeprefix("loc-")
        free = {"x": 54, "y": 96}  # the location's own area, below its room
        lit.hover(position=free)                              # hovering shows the odds...
        odds = hero.locator(".widget-htmlmath", has_text="placed at random")
        odds.wait_for(timeout=20_000)
        assert kernel(client, "print(hero.state.hero_stones)") == "6"   # ...and costs nothing
        lit.click(position=free)                              # a click selects, not pays
        confirm = hero.locator(".dcw-choice", has_text=f"Scout {where} for 2 stones")
        confirm.wait_for(timeout=20_000)
        assert "≈" in confirm.text_content() and "/" in confirm.text_content()
        assert kernel(client, "print(hero.state.hero_stones, hero.state.attempt)") == "6 None"
        assert hero.locator(".dcw-question-text").text_content().startswith(f"Scout {where}?")
        hero.locator(".dcw-board [data-id^=loc-].dcw-selected").wait_for(timeout=20_000)
        shoot(page, hero, artifacts, "hero-odds-before-paying")
        confirm.click()                                       # now the stones are spent
        first = hero.locator(".dcw-board [data-id^=adv-].dcw-clickable").first
        first.wait_for(timeout=20_000)
        assert kernel(client, "print(hero.state.hero_stones)") == "4"
        undo = hero.get_by_role("button", name="Undo")        # what Undo takes back, in words
        assert undo.get_attribute("title").startswith(f"Take back “Scout {where}”")
        first.click()                                         # Order Token 1
        hero.locator(".dcw-board text", has_text="Order 1").wait_for(timeout=20_000)
        hero.get_by_role("button", name=f"Enter {where} with").click()
        hero.locator(".dcw-question-text", has_text="a 1 always fails").wait_for(
            timeout=20_000)                                   # what the roll needs, in words
        for _ in range(6):                                    # roll until the Scout ends
            page.wait_for_timeout(500)
            if kernel(client, "print(hero.state.attempt is None)") == "True":
                break
            hero.locator(".dcw-choice", has_text="Roll:").first.click()
        assert kernel(client, "print(hero.state.attempt is None)") == "True"
        hero.locator(".dcw-summary li", has_text="to Scout").first.wait_for(timeout=20_000)
        assert hero.locator(".widget-label.dcw-status").text_content().count("Score:") == 1

        # ---- the sacrifice, asked in words --------------------------------------------
        sacrifice.locator(".widget-toggle-buttons button", has_text="Venture").click()
        sacrifice.locator(".dcw-board [data-id=room-A1-0]").click()  # a room: its location
        sacrifice.locator(".dcw-choice", has_text="Venture A1 for 3 stones").click()
        sacrifice.locator(".dcw-board [data-id=adv-A05].dcw-clickable").click()
        sacrifice.locator(".dcw-board text", has_text="Order 1").wait_for(timeout=20_000)
        sacrifice.locator(".dcw-board [data-id=adv-A01].dcw-clickable").click()
        sacrifice.get_by_role("button", name="Enter A1 with Warrior → Cleric").click()
        roll = sacrifice.locator(".dcw-choice", has_text="Roll: the Warrior tries to Venture")
        roll.wait_for(timeout=20_000)
        assert "2/3" in roll.text_content()                   # +3 vs Brute: 3, 4, 5 or 6
        roll.click()
        question = sacrifice.locator(".dcw-question-text")
        question.get_by_text("The Warrior failed and is about to be captured. Sacrifice the "
                             "Cleric to save the Warrior, or lose the Warrior?").wait_for(
                                 timeout=20_000)
        save = sacrifice.locator(".dcw-choice", has_text="Sacrifice the Cleric to save the Warrior")
        lose = sacrifice.locator(".dcw-choice", has_text="Lose the Warrior")
        assert lose.is_visible() and "★" in lose.text_content()   # the Warrior is worth less
        assert "(the Guardian scores 1 point)" in lose.text_content()      # the cost, shown
        assert "(the Guardian scores 2 points)" in save.text_content()
        shoot(page, sacrifice, artifacts, "sacrifice-question")
        save.click()
        sacrifice.locator(".dcw-summary li", has_text="captured in place of").wait_for(
            timeout=20_000)
        assert kernel(client, "print(sacrifice.state.captured)") == "['A01']"

        # ---- the Guardian, placing rooms by clicking ----------------------------------
        room = kernel(client, "print(guardian.state.unplaced[0])")
        guardian.locator(f".dcw-board [data-id=pick-{room}]").click()
        guardian.locator(f".dcw-board [data-id=pick-{room}].dcw-selected").wait_for(
            timeout=20_000)
        guardian.locator(".dcw-board [data-id=loc-B2]").click(position={"x": 54, "y": 54})
        guardian.locator(".dcw-board [data-id=room-B2-0]").wait_for(timeout=20_000)
        assert kernel(client, "print(guardian.state.grid['B2'])") == f"['{room}']"
        guardian.get_by_role("button", name="Deal the other 15 rooms at random").click()
        guardian.locator(".dcw-question-text", has_text="first Entry Token").wait_for(
            timeout=20_000)
        guardian.locator(".dcw-board [data-id=room-A2-0]").click()     # west (the first side)
        guardian.locator(".dcw-question-text", has_text="second Entry").wait_for(
            timeout=20_000)
        guardian.locator(".dcw-board [data-id=room-D3-0]").click()     # the opposite side
        guardian.locator(".dcw-question-text", has_text="Keep").wait_for(timeout=20_000)
        for _ in range(2):
            card = guardian.locator(".dcw-board [data-id^=keep-].dcw-clickable").first
            card.click()
            page.wait_for_timeout(500)
        guardian.locator(".dcw-board [data-id^=note-]").first.wait_for(
            timeout=60_000)                                   # the Hero bot has played
        assert kernel(client, "print(guardian.state.phase, guardian.state.current_player)") \
            == "round 1"
        assert guardian.locator(".widget-htmlmath", has_text="chance to Map").is_visible()
        # Each location's chance is written below its rooms, never over them.
        for note in guardian.locator(".dcw-board [data-id^=note-][data-id$=-bg]").all():
            loc = note.get_attribute("data-id")[len("note-"):-len("-bg")]
            under = note.bounding_box()
            for room in guardian.locator(f".dcw-board [data-id^=room-{loc}-]").all():
                if room.get_attribute("data-id").count("-") != 2:
                    continue                                  # the room's texts
                box = room.bounding_box()
                assert box["y"] + box["height"] <= under["y"] + 0.5, (loc, box, under)
        shoot(page, guardian, artifacts, "guardian-option")
        set_theme(page, "JupyterLab Dark")                    # and in a dark theme
        guardian.locator(".dcw-board").first.evaluate("e => e.scrollIntoView()")
        page.screenshot(path=str(artifacts / "hvg-guardian-option-1400-dark.png"))
        hero.locator(".dcw-board").nth(1).evaluate("e => e.scrollIntoView()")
        page.screenshot(path=str(artifacts / "hvg-hero-cards-1400-dark.png"))
        set_theme(page, "JupyterLab Light")
    finally:
        client.stop_channels()
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.all_text_contents()


END_CELLS = [
    "import sys\n"
    f"sys.path.insert(0, {str(REPO / 'tests')!r})\n"
    "from hvg_ui import play_to_end\n"
    "from dungeoncraft_widgets.hero_vs_guardian.app import HeroVsGuardianApp\n"
    "hero = HeroVsGuardianApp(role='hero', seed=2)\nhero",
]


def test_the_hero_plays_to_the_end(page, lab, artifacts):
    """Issue 26: the Hero's game to its end. The first Scout by clicking on the page (the
    location, its confirm button, an Adventurer card, Enter, the rolls); then the rest of
    the game through the app's own buttons and board clicks from the kernel
    (tests/hvg_ui.py: a browser test of 50 rounds of clicks would take many minutes), and
    the end seen on the page: the goal line, the winner, New game."""
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / "hvg_end.ipynb", END_CELLS)
    open_and_run(page, lab, "hvg_end.ipynb")
    hero = page.locator(".dcw-app").first
    hero.wait_for(timeout=90_000)
    client = lab.kernel_client("hvg_end.ipynb")
    try:
        goal = hero.locator(".dcw-goal-text")
        assert "The game ends when the Hero Ventures the Treasure Vault" in goal.text_content()
        hero.get_by_role("button", name="Draw 3 Adventurers at random").click()
        lit = hero.locator(".dcw-board [data-id^=loc-].dcw-clickable").first
        lit.wait_for(timeout=30_000)
        where = lit.get_attribute("data-id").removeprefix("loc-")
        lit.click(position={"x": 54, "y": 96})
        hero.locator(".dcw-choice", has_text=f"Scout {where} for 2 stones").click()
        hero.locator(".dcw-board [data-id^=adv-].dcw-clickable").first.click()
        enter = hero.locator(".dcw-choice", has_text=f"Enter {where} with")
        enter.wait_for(timeout=20_000)
        assert "every room done" in enter.text_content()      # the chance of THIS order
        enter.click()
        for _ in range(6):
            page.wait_for_timeout(500)
            if kernel(client, "print(hero.state.attempt is None)") == "True":
                break
            hero.locator(".dcw-choice", has_text="Roll:").first.click()
        assert kernel(client, "print(hero.state.attempt is None)") == "True"
        presses = int(kernel(client, "print(play_to_end(hero, seed=2))"))
        assert presses > 10
        hero.locator(".dcw-goal-text", has_text="the game is over").wait_for(timeout=30_000)
        hero.locator(".dcw-status", has_text="Game over").wait_for(timeout=30_000)
        assert hero.get_by_role("button", name="New game").is_visible()
        hero.locator(".dcw-status").evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(artifacts / "hvg-hero-end-1400.png"))
    finally:
        client.stop_channels()
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.all_text_contents()
