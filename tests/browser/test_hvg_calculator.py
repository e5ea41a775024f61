"""The Scout/Venture calculator in JupyterLab: Adventurers chosen by plain clicks (no
Ctrl-click), everyone's modifiers shown beside the picker, an invalid input greying out
the old answer."""

from __future__ import annotations

from labtools import open_and_run, run_in_kernel, write_notebook

NOTEBOOK = "hvg_calculator.ipynb"
CELLS = ["from dungeoncraft_widgets.hero_vs_guardian.calculator import ScoutVentureCalculator\n"
         "calc = ScoutVentureCalculator()\ncalc"]


def test_pick_adventurers_without_ctrl(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    calc = page.locator(".dcw-calculator")
    calc.get_by_text("Each Adventurer's modifiers").wait_for(timeout=60_000)
    table = calc.locator(".dcw-picker-table")
    assert table.locator("tr", has_text="Cleric (A01)").text_content().replace(" ", "") \
        .startswith("✓Cleric(A01)2+0+2+3+4")                  # Trap, Magic, Brute, Evil
    client = lab.kernel_client(NOTEBOOK)
    try:
        picker = calc.locator("select[multiple]")
        picker.locator("option", has_text="Rogue (A09)").click()    # a plain click adds it
        table.locator("tr", has_text="✓").nth(2).wait_for(timeout=20_000)
        assert run_in_kernel(client, "print(calc.adventurer_picker.value)").strip() == \
            "('Cleric (A01)', 'Cleric (A02)', 'Rogue (A09)')"
        picker.locator("option", has_text="Cleric (A02)").click()   # and a click removes one
        page.wait_for_timeout(800)
        assert run_in_kernel(client, "print(calc.adventurer_picker.value)").strip() == \
            "('Cleric (A01)', 'Rogue (A09)')"
        calc.screenshot(path=str(artifacts / "hvg-calculator-picker.png"))
        calc.locator("textarea").fill("Rogue: x")                  # invalid: greyed out
        calc.get_by_text("must be a whole number").wait_for(timeout=20_000)
        page.locator(".dcw-calculator.dcw-stale").wait_for(timeout=20_000)
        calc.screenshot(path=str(artifacts / "hvg-calculator-invalid.png"))
    finally:
        client.stop_channels()
