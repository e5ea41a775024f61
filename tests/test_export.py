"""dungeoncraft_widgets.export: a notebook as a page that works offline."""

from __future__ import annotations

import json
import re

import pytest
from export_notebook import write

from dungeoncraft_widgets import export
from dungeoncraft_widgets.export import ExportError


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    base = tmp_path_factory.mktemp("export")
    assets = export.gather_assets(base / "assets")
    notebook = write(base / "page.ipynb")
    page = export.export(notebook, base / "out", assets=assets)
    return page


@pytest.mark.slow  # executes and exports a notebook (a kernel and nbconvert)
def test_every_script_the_page_loads_is_a_file_beside_it(exported):
    html = exported.read_text()
    sources = re.findall(r'<script[^>]+src="([^"]+)"', html)
    assert sources, "the page loads no script at all"
    for src in sources + [export.local_urls()["widget_renderer_url"]]:
        assert not src.startswith(("http:", "https:", "//")), src
        assert (exported.parent / src.split("?")[0]).is_file(), src
    assert (exported.parent / "static" / "anywidget" / "index.js").is_file()
    assert "cdn.jsdelivr" not in export.LOADER_CONFIG
    assert export.LOADER_CONFIG in html


@pytest.mark.slow  # executes and exports a notebook (a kernel and nbconvert)
def test_the_widget_state_is_in_the_page(exported):
    html = exported.read_text()
    found = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">\s*(.+?)\s*'
                      r"</script>", html, re.S)
    assert found, "no widget state embedded"
    state = json.loads(found.group(1))["state"]
    boards = [m for m in state.values() if m["model_name"] == "AnyModel"
              and "scene" in m["state"]]
    assert len(boards) >= 2  # the game's board and the calculator's chart
    assert any(m["state"].get("_esm") for m in state.values() if m["model_name"] == "AnyModel")
    assert re.search(r"13\\?/18", html)  # the exact answer, in the saved state
    logs = [m["state"]["snapshot"] for m in state.values() if "snapshot" in m["state"]]
    assert logs and logs[0], "the game's log is not in the saved state"
    assert all(line["text"] for line in logs[0]) and len(logs[0]) >= 5


@pytest.mark.slow  # executes and exports a notebook (a kernel and nbconvert)
def test_without_widget_state_the_outputs_still_show_position_and_numbers(tmp_path):
    import nbformat

    notebook = nbformat.read(write(tmp_path / "page.ipynb"), as_version=4)
    cells = len(notebook.cells)
    export.execute(notebook, tmp_path)
    assert len(notebook.cells) == cells  # the cell that keeps the logs is gone again
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs
               if o.get("output_type") == "execute_result"]
    app, calculator, _label = (o["data"] for o in outputs)
    for data in (app, calculator):
        assert "application/vnd.jupyter.widget-view+json" in data
        assert "<svg" in data["text/html"]
    assert "It is your turn." in app["text/html"]
    assert "13/18 ≈ 72.2%" in calculator["text/html"]
    assert "<b>Swords:</b> 2, 1" in calculator["text/html"]
    assert calculator["text/plain"].startswith("<FightCalculator")


def test_a_missing_notebook_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(ExportError, match="no such notebook"):
        export.export(tmp_path / "nothing.ipynb", tmp_path / "out")
    assert export.main([str(tmp_path / "nothing.ipynb"), str(tmp_path / "out")]) == 2
    assert "export: " in capsys.readouterr().err
    (tmp_path / "bad.ipynb").write_text("not json")
    with pytest.raises(ExportError, match="not a notebook"):
        export.export(tmp_path / "bad.ipynb", tmp_path / "out", run=False)


def test_a_download_that_does_not_match_the_registry_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("DCW_ASSET_CACHE", str(tmp_path))
    meta = {"dist": {"tarball": "https://example.invalid/x.tgz", "integrity": "sha512-AAAA"}}
    answers = iter([json.dumps(meta).encode(), b"tampered"])
    monkeypatch.setattr(export, "_fetch", lambda url: next(answers))
    with pytest.raises(ExportError, match="does not match"):
        export.npm_tarball("requirejs", "0.0.0")
    assert not any(tmp_path.rglob("*.tgz"))


@pytest.mark.slow  # executes and exports a notebook (a kernel and nbconvert)
def test_the_page_says_at_its_top_that_clicks_do_nothing_there(exported):
    html = exported.read_text()
    body = html.index("<body")
    notice = html.index('class="dcw-offline-notice"')
    assert body < notice < html.index("jp-Cell", body)  # before the first cell
    assert "does nothing here" in html and "no Python runs behind this page" in html


@pytest.mark.slow  # executes and exports a notebook (a kernel and nbconvert)
def test_the_saved_state_holds_each_boards_whole_last_scene(tmp_path):
    """A board changed after it was shown (a patch went to the browser) is saved with its
    whole last scene; a default-valued key of Jupyter's own widgets is left out."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(
        "from dungeoncraft_widgets.adventure_land import AdventureLandApp\n"
        "app = AdventureLandApp(players=['You', 'Bot'], seed=7)\n"
        "app"), nbformat.v4.new_code_cell(
        "app.act(app.state.legal_actions()[0])\n"
        "assert app.board.patches_sent == 1\n"
        "import json; print(json.dumps(app.board.scene['description']))")]
    export.execute(notebook, tmp_path)
    description = json.loads(notebook.cells[1].outputs[0]["text"])
    state = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    scenes = [m["state"]["scene"] for m in state.values() if "scene" in m["state"]]
    assert any(scene["description"] == description for scene in scenes)
    layouts = [m["state"] for m in state.values() if m["model_name"] == "LayoutModel"]
    assert layouts and all(None not in s.values() for s in layouts)


def test_without_the_export_extra_the_command_names_it(monkeypatch, capsys, tmp_path):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "nbconvert" else real(name, *a))
    assert export.main(["notebooks/00_tour.ipynb", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert "nbconvert is not installed" in err and 'pip install "dungeoncraft_widgets[export]"' \
        in err and "Traceback" not in err
    assert not (tmp_path / "site").exists()
