"""Fixtures for the real-browser tests: Debian's Chromium driven by Playwright,
and a JupyterLab server started by the test. See ../shared/recipes/browser-testing.md.

The browser is not optional: if it cannot be found the tests fail (they never skip).
Set DCW_CHROMIUM to use another Chromium than /usr/bin/chromium.
"""

from __future__ import annotations

import json
import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import sys
import time

import pytest
from labtools import REPO, Lab

ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = os.environ.get("DCW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


HERE = pathlib.Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    # Every test in this folder drives Chromium: marked "browser", so the quick loop
    # (-m "not browser", see the README) leaves them out without a mark on each.
    for item in items:
        if HERE in pathlib.Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def artifacts() -> pathlib.Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not pathlib.Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (install Debian's chromium "
                    "or set DCW_CHROMIUM); browser tests never skip")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A fresh page; any JavaScript error on it fails the test at teardown."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    base = tmp_path_factory.mktemp("lab")
    root, runtime, settings, workspaces = (base / d for d in ("root", "runtime", "settings", "ws"))
    for d in (root, runtime, settings, workspaces):
        d.mkdir()
    news = settings / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(runtime), JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(workspaces),
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    log = open(base / "lab.log", "w")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
         # window.jupyterapp: tests run JupyterLab commands (e.g. change the theme)
         "--LabApp.expose_app_in_browser=True"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    lab = Lab(f"http://127.0.0.1:{port}", token, root, runtime)
    deadline = time.time() + 90
    while True:
        try:
            lab.api("/api/status")
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                log.close()
                output = (base / "lab.log").read_text()
                raise RuntimeError("JupyterLab did not start:\n" + output) from None
            time.sleep(0.5)
    yield lab
    try:
        lab.api("/api/shutdown", method="POST")
        proc.wait(15)
    except Exception:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    log.close()
    shutil.rmtree(root, ignore_errors=True)




# The table notebooks (notebooks/table/) in Voila, and a phone to open them on: shared by
# test_frontends_voila.py and test_table_calculators.py.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    from servers import free_port, running

    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    command = [sys.executable, "-m", "voila", str(REPO / "notebooks" / "table"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    with running(command, f"http://127.0.0.1:{port}/", log) as url:
        yield url


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
