"""JupyterLite: the site lite/build.py makes, served from localhost as static files.

The Pyodide kernel installs the library from the site's own wheels (nothing from a
CDN or PyPI: any request that leaves localhost fails the test), the tour draws its
board, and a click on the board is answered by Python running in the browser.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time

import pytest
from labtools import REPO
from servers import free_port, running


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("lite") / "site"
    started = time.time()
    subprocess.run([sys.executable, str(REPO / "lite" / "build.py"), "--output-dir", str(out)],
                   check=True, capture_output=True, text=True)
    print(f"lite site built in {time.time() - started:.0f} s")
    return out


@pytest.fixture(scope="module")
def served(site, tmp_path_factory):
    port = free_port()
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site), str(port)]
    log = tmp_path_factory.mktemp("http") / "http.log"
    with running(command, f"http://127.0.0.1:{port}/", log) as url:
        yield url


def test_the_lock_file_lists_exactly_the_wheels_the_site_serves(site, artifacts):
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    for name, entry in packages.items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), f"{name}: {entry['file_name']} is not on the site"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(packages), f"{name} needs what the site lacks"
    served = {p.name for p in pyodide.glob("*.whl")}
    assert served == {e["file_name"] for e in packages.values()}
    for needed in ("dungeoncraft-widgets", "sympy", "networkx", "ipywidgets", "anywidget",
                   "jsonschema", "rpds-py", "micropip", "ipython"):
        assert needed in packages, needed
    assert packages["dungeoncraft-widgets"]["imports"] == ["dungeoncraft_widgets"]
    assert (pyodide / "pyodide.asm.wasm").is_file()
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
    assert kernel["disablePyPIFallback"] is True
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    (artifacts / "lite-size.txt").write_text(f"{size} bytes\n")


def test_the_tour_runs_in_the_browser_with_no_server(browser, served, artifacts):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    outside: list[str] = []
    errors: list[str] = []

    def local_only(route):
        if route.request.url.startswith(served) or route.request.url.startswith(("data:",
                                                                                  "blob:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()
    context.route("**/*", local_only)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        started = time.time()
        page.goto(served + "lab/index.html?path=00_tour.ipynb")
        page.locator(".jp-StatusBar-TextItem", has_text="Pyodide) | Idle").first.wait_for(
            timeout=180_000)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells").first.click()
        square = page.locator(".dcw-board [data-id=C2]").first
        square.wait_for(timeout=180_000)
        square.click()
        page.get_by_text("You chose C2 (with the pointer).").wait_for(timeout=60_000)
        (artifacts / "lite-timing.txt").write_text(
            f"kernel ready, tour run and click answered in {time.time() - started:.0f} s\n")
        page.wait_for_timeout(500)
        page.screenshot(path=str(artifacts / "lite-tour.png"))
        stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter"
                              ".stderr']")
        assert stderr.count() == 0, stderr.all_text_contents()
    finally:
        context.close()
    assert outside == [], f"the site asked outside localhost for {outside}"
    assert errors == [], errors
