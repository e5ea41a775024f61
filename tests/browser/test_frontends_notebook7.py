"""The tour in Jupyter Notebook 7, started as a user would (``jupyter notebook``)."""

from __future__ import annotations

import json
import secrets
import shutil
import sys
import time
import urllib.request

import pytest
from labtools import REPO
from servers import free_port, kernel_env, running

# Notebook 7.6 raises this once while loading, inside its keyboard-shortcut settings
# code, whenever anywidget's front-end extension is installed (with that extension
# disabled it is gone); nothing on the page depends on it. Any other error fails.
KNOWN_UPSTREAM_ERROR = "Cannot read properties of undefined (reading 'schema')"


def wait_for_idle_kernel(url: str, token: str, seconds: float = 90) -> None:
    """Until the page's kernel runs, is idle and has the page connected (a Run All
    clicked earlier does nothing: Notebook 7's toolbar says idle before any kernel)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/api/kernels?token={token}",
                                        timeout=10) as answer:
                kernels = json.loads(answer.read())
        except OSError:  # the server can answer 500 while a kernel is starting: ask again
            kernels = []
        if any(k["execution_state"] == "idle" and k["connections"] for k in kernels):
            time.sleep(1)  # the page hears the kernel's status too
            return
        time.sleep(0.5)
    raise AssertionError(f"no idle kernel after {seconds} s")


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory):
    """A Notebook 7 server of its own (fresh settings: nothing left by JupyterLab tests)."""
    base = tmp_path_factory.mktemp("notebook7")
    root, runtime, settings = base / "root", base / "runtime", base / "settings"
    news = settings / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    runtime.mkdir()
    port, token = free_port(), secrets.token_hex(16)
    env = kernel_env(JUPYTER_RUNTIME_DIR=str(runtime), JUPYTERLAB_SETTINGS_DIR=str(settings),
                     JUPYTERLAB_WORKSPACES_DIR=str(base))
    command = [sys.executable, "-m", "notebook", "--no-browser", "--allow-root",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
               f"--ServerApp.root_dir={root}"]
    with running(command, f"http://127.0.0.1:{port}/api/status?token={token}",
                 base / "notebook.log", env=env, cwd=root) as _url:
        yield f"http://127.0.0.1:{port}", token


def test_tour_runs_in_notebook_7(browser, notebook7, artifacts):
    url, token = notebook7
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{url}/notebooks/notebooks/00_tour.ipynb?token={token}")
        # Notebook 7's own page (not JupyterLab's): its title bar and one document.
        page.locator("#jp-NotebookLogo").wait_for(timeout=60_000)
        wait_for_idle_kernel(url, token)
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
        page.screenshot(path=str(artifacts / "notebook7-tour.png"))
        context.close()
    unexpected = [e for e in errors if e != KNOWN_UPSTREAM_ERROR]
    assert unexpected == [], f"JavaScript errors on the page: {unexpected}"
