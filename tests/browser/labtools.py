"""Helpers for the browser tests: a running JupyterLab, notebooks, kernel clients.

(Kept out of conftest.py so tests can import them by name.)
"""

from __future__ import annotations

import json
import pathlib
import urllib.request

REPO = pathlib.Path(__file__).resolve().parents[2]


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
        # "reset": a fresh workspace, so notebooks opened by earlier tests stay closed.
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"

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


def set_theme(page, theme: str) -> None:
    """Switch JupyterLab's theme ("JupyterLab Light" or "JupyterLab Dark") and wait for it."""
    page.evaluate("(theme) => window.jupyterapp.commands.execute("
                  "'apputils:change-theme', { theme })", theme)
    light = "true" if "Light" in theme else "false"
    page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'", timeout=20_000)
    page.wait_for_timeout(300)  # the theme's stylesheet applies


def show_side_panel(page, shown: bool) -> None:
    """Open (or close) JupyterLab's left side panel (the file browser)."""
    panel = page.locator("#jp-left-stack")
    if panel.is_visible() != shown:
        page.locator(".jp-SideBar.jp-mod-left [data-id=filebrowser]").click()
    panel.wait_for(state="visible" if shown else "hidden", timeout=10_000)


# Boxes that show a scrollbar of their own: a board scrolling sideways (it never shrinks its
# text) and the log are meant to; any other is a layout slip (a panel squeezed into a small
# scrolling box, a pixel of rounding, a field wider than its column).
_STRAY_SCROLLBARS = """(root) => [...root.querySelectorAll('*')].filter((e) => {
  if (e.closest('.dcw-board-scroll, .dcw-log')) return false;
  const style = getComputedStyle(e), box = e.getBoundingClientRect();
  if (!box.width || !box.height) return false;
  const x = ['auto', 'scroll'].includes(style.overflowX) && e.scrollWidth > e.clientWidth;
  const y = ['auto', 'scroll'].includes(style.overflowY) && e.scrollHeight > e.clientHeight;
  return x || y;
}).map((e) => `${e.className} (${e.scrollWidth}x${e.scrollHeight} in `
              + `${e.clientWidth}x${e.clientHeight})`)"""


def stray_scrollbars(locator) -> list[str]:
    """The boxes inside ``locator`` (e.g. a ``.dcw-app``) showing a scrollbar they should not."""
    return locator.evaluate(_STRAY_SCROLLBARS)


def zoom_in(locator) -> None:
    """Press Zoom in on every app inside ``locator`` (a page or one app) where it is not
    pressed yet: the boards fit their width by default, and draw their text at 10 px at
    least (scrolling sideways) once zoomed in (issue 26)."""
    for button in locator.locator(".dcw-zoom").all():
        if "mod-active" not in (button.get_attribute("class") or ""):
            button.scroll_into_view_if_needed()
            button.click()
            button.locator("xpath=self::*[contains(@class, 'mod-active')]").wait_for(
                timeout=10_000)
