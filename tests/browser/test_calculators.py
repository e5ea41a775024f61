"""The odds calculators in JupyterLab: typing changes the exact answer and the
chart; bad input shows a message, not a traceback, and greys out the old answer; a
number beyond the game (a herb of 7, a creature of -4) is refused, never quietly
changed. Screenshots for a look."""

from __future__ import annotations

from labtools import open_and_run, run_in_kernel, write_notebook

NOTEBOOK = "calculators.ipynb"
CELLS = [
    "from dungeoncraft_widgets.adventure_land.calculator import FightCalculator\n"
    "fight = FightCalculator()\nfight",
    "from dungeoncraft_widgets.hero_vs_guardian.calculator import ScoutVentureCalculator\n"
    "scout = ScoutVentureCalculator()\nscout",
]


def test_calculators_answer_what_is_typed(page, lab, artifacts):
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    calculators = page.locator(".dcw-calculator")
    calculators.nth(1).wait_for(timeout=60_000)
    fight, scout = calculators.nth(0), calculators.nth(1)

    fight.get_by_placeholder("extra values, e.g. 2, 0, 3").fill("2, 1")
    companions = fight.locator(".widget-inline-hbox", has_text="Companions:").locator("input")
    companions.fill("2")
    companions.press("Enter")
    fight.locator("[data-id=bar-18]").wait_for(timeout=20_000)  # 1 + 2 + 3 + two dice
    assert fight.locator("[data-id=bar-19]").count() == 0
    fight.get_by_placeholder("after rolling, e.g. 2, 5").fill("3, 2")
    fight.get_by_text("Best next step", exact=True).wait_for(timeout=20_000)
    fight.screenshot(path=str(artifacts / "fight-calculator.png"))

    client = lab.kernel_client(NOTEBOOK)
    try:
        assert run_in_kernel(client, "print(fight.odds.p_win)").strip() == "13/18"
        fight.get_by_placeholder("values, e.g. 3, 4").fill("3, x")
        fight.get_by_text("herbs: 'x' is not a whole number").wait_for(timeout=20_000)
        # Herbs are 2 to 4: a 7 is refused, and the last answer is greyed out meanwhile.
        fight.get_by_placeholder("values, e.g. 3, 4").fill("7")
        fight.get_by_text("herbs: 7 is above 4, the largest allowed").wait_for(timeout=20_000)
        page.wait_for_function("document.querySelector('.dcw-calculator').classList"
                               ".contains('dcw-stale')")
        headline = fight.locator(".dcw-result", has_text="Chance to win")
        # The greying fades in over 0.2 s (app.css): wait for it to finish, then read it.
        page.wait_for_function("e => parseFloat(getComputedStyle(e).opacity) < 0.5",
                               arg=headline.element_handle(), timeout=5_000)
        assert run_in_kernel(client, "print(fight.odds.p_win)").strip() == "13/18"  # unchanged
        fight.screenshot(path=str(artifacts / "fight-calculator-refused.png"))
        fight.get_by_placeholder("values, e.g. 3, 4").fill("")
        creature = fight.locator(".widget-inline-hbox", has_text="Creature:").locator("input")
        creature.fill("-4")
        creature.press("Enter")
        fight.get_by_text("creature: -4 is below 1, the smallest allowed").wait_for(
            timeout=20_000)
        assert run_in_kernel(client, "print(fight.creature.value)").strip() == "-4"  # as typed
        creature.fill("12")
        creature.press("Enter")
        page.wait_for_function("!document.querySelector('.dcw-calculator.dcw-stale')")

        scout.locator("select[multiple]").select_option(["Cleric (A01)", "Warrior (A05)"])
        scout.locator(".widget-dropdown", has_text="Room 1:").locator("select").select_option(
            "Evil")
        scout.get_by_text("Capture risk").wait_for(timeout=20_000)
        page.wait_for_timeout(1000)
        assert run_in_kernel(client, "print(scout.odds.p_all)").strip() == "11/12"
        assert scout.get_by_text("Cleric (A01) → Warrior (A05)").count() >= 1
        scout.screenshot(path=str(artifacts / "scout-venture-calculator.png"))
    finally:
        client.stop_channels()
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, stderr.all_text_contents()
