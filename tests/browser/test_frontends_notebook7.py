"""The tour in Jupyter Notebook 7 (served by the same Jupyter server as JupyterLab)."""

from __future__ import annotations

import shutil

from labtools import REPO

# Notebook 7.6 raises this once while loading, inside its keyboard-shortcut settings
# code, whenever anywidget's front-end extension is installed (with that extension
# disabled it is gone); nothing on the page depends on it. Any other error fails.
KNOWN_UPSTREAM_ERROR = "Cannot read properties of undefined (reading 'schema')"


def test_tour_runs_in_notebook_7(browser, lab, artifacts):
    shutil.copytree(REPO / "notebooks", lab.root / "notebooks", dirs_exist_ok=True)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{lab.url}/notebooks/notebooks/00_tour.ipynb?token={lab.token}")
        # Notebook 7's own page (not JupyterLab's): its title bar and one document.
        page.locator("#jp-NotebookLogo").wait_for(timeout=60_000)
        page.wait_for_function(
            "() => document.querySelector('.jp-Toolbar-kernelStatus, [data-status]') &&"
            " [...document.querySelectorAll('[data-status]')]"
            ".some((e) => e.getAttribute('data-status') === 'idle')", timeout=90_000)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells").first.click()
        square = page.locator(".dcw-board [data-id=C2]").first
        square.wait_for(timeout=90_000)
        square.click()
        page.get_by_text("You chose C2 (with the pointer).").wait_for(timeout=30_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(artifacts / "notebook7-tour.png"))
        stderr = page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert stderr.count() == 0, stderr.all_text_contents()
    finally:
        context.close()
    unexpected = [e for e in errors if e != KNOWN_UPSTREAM_ERROR]
    assert unexpected == [], f"JavaScript errors on the page: {unexpected}"
