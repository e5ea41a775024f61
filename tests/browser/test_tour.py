"""The tour notebook, opened and run in JupyterLab as a visitor would."""

from __future__ import annotations

import shutil

from labtools import REPO, open_and_run, run_in_kernel


def test_tour_runs_and_its_board_answers_clicks(page, lab, artifacts):
    shutil.copytree(REPO / "notebooks", lab.root / "notebooks", dirs_exist_ok=True)
    name = "notebooks/00_tour.ipynb"
    open_and_run(page, lab, name)
    square = page.locator(".dcw-board [data-id=C2]").first
    square.wait_for(timeout=60_000)
    square.click()
    page.get_by_text("You chose C2 (with the pointer).").wait_for(timeout=20_000)
    assert "dcw-selected" in square.get_attribute("class")
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "tour.png"), full_page=True)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_text_contents()

    client = lab.kernel_client(name)
    try:
        # Measured (the foundation issue asks for it): the kernel's peak memory
        # after importing the package and showing the tour's widgets.
        peak_mb = float(run_in_kernel(client, (
            "import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)")))
        print(f"tour kernel peak memory: {peak_mb:.0f} MB")
        (artifacts / "tour-memory.txt").write_text(f"{peak_mb:.0f} MB\n")
        assert peak_mb < 400, "the tour's kernel must fit Binder (under 400 MB)"
    finally:
        client.stop_channels()
