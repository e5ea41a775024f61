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
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = os.environ.get("DCW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
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


class Lab:
    """A running JupyterLab: its URL, token, notebook folder and runtime folder."""

    def __init__(self, url: str, token: str, root: pathlib.Path, runtime: pathlib.Path):
        self.url, self.token, self.root, self.runtime = url, token, root, runtime

    def api(self, path: str, method: str = "GET"):
        req = urllib.request.Request(self.url + path, method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}"

    def kernel_client(self, notebook: str):
        """A second client on the kernel behind ``notebook`` (for checks from Python)."""
        from jupyter_client import BlockingKernelClient

        sessions = [s for s in self.api("/api/sessions") if s["path"].endswith(notebook)]
        assert sessions, f"no kernel session for {notebook}"
        kernel_id = sessions[0]["kernel"]["id"]
        connection = self.runtime / f"kernel-{kernel_id}.json"
        client = BlockingKernelClient(connection_file=str(connection))
        client.load_connection_file()
        client.start_channels()
        client.wait_for_ready(timeout=30)
        return client


def run_in_kernel(client, code: str) -> str:
    """Run ``code`` in the kernel; return what it printed; fail on an error."""
    out: list[str] = []
    errors: list[str] = []

    def hook(msg):
        kind = msg["header"]["msg_type"]
        if kind == "stream":
            out.append(msg["content"]["text"])
        elif kind == "error":
            errors.append("\n".join(msg["content"]["traceback"]))
    client.execute_interactive(code, store_history=False, output_hook=hook, timeout=60)
    assert not errors, errors[0]
    return "".join(out)


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
         "--LabApp.news_url=None", "--LabApp.extension_manager=readonly"],
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


def write_notebook(path: pathlib.Path, cells: list[str]) -> None:
    """A notebook of code cells (nbformat 4) written without extra dependencies."""
    nb = {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": src} for i, src in enumerate(cells)],
    }
    path.write_text(json.dumps(nb))


def open_and_run(page, lab: Lab, name: str) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, and run all cells."""
    page.goto(lab.notebook_url(name))
    page.locator(".jp-StatusBar-TextItem", has_text="ipykernel) | Idle").first.wait_for(
        timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells").first.click()
