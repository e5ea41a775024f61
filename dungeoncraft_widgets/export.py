"""Export a notebook to a web page that works offline, widgets and all.

``python -m dungeoncraft_widgets.export NOTEBOOK OUTDIR`` runs the notebook
(so the widgets' state is saved in it), converts it with nbconvert, and writes
``OUTDIR/NAME.html`` with everything the page loads in ``OUTDIR/static/``:
require.js, the Jupyter widget manager for plain pages
(``@jupyter-widgets/html-manager``), anywidget's module and MathJax 2 (which
typesets the exact fractions). nbconvert's own page loads all of these from CDNs
and shows blank widgets without a network; this one loads nothing from outside,
so it can be opened from a USB stick or put on any static web host.

The browser files come from the npm registry the first time (checked against the
registry's SHA-512) and are kept in a cache folder (``DCW_ASSET_CACHE``, default
``~/.cache/dungeoncraft_widgets``); ``--assets DIR`` uses a folder prepared by
:func:`gather_assets` instead, for machines with no network at all.

Needs ``pip install "dungeoncraft_widgets[export]"`` (nbconvert, nbclient and a
kernel).

>>> sorted(ASSETS)
['anywidget', 'html-manager', 'mathjax', 'require']
>>> local_urls()["mathjax_url"]
'static/mathjax/MathJax.js?config=TeX-AMS_SVG-full,Safe'
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import pathlib
import re
import shutil
import sys
import tarfile
import urllib.request
from dataclasses import dataclass
from typing import Any

from .core.errors import DungeoncraftError

STATIC = "static"
REGISTRY = os.environ.get("DCW_NPM_REGISTRY", "https://registry.npmjs.org").rstrip("/")


class ExportError(DungeoncraftError):
    """The notebook could not be exported (a missing file, a failed download, ...)."""


@dataclass(frozen=True)
class Asset:
    """Files of one npm package copied to ``static/<folder>``: members matching
    ``keep`` (globs relative to ``root`` inside the package)."""

    package: str
    version: str
    root: str
    keep: tuple[str, ...]


def _anywidget_version() -> str:
    try:
        from importlib.metadata import version

        return version("anywidget")
    except Exception:  # noqa: BLE001 - not installed: the version this library is tested with
        return "0.11.0"


# MathJax 2: ipywidgets' HTMLMath and nbconvert's page both call its API
# (MathJax.Hub). SVG output draws glyphs from JavaScript data: no web fonts, which
# a page opened from a file may not be allowed to load.
ASSETS: dict[str, Asset] = {
    "require": Asset("requirejs", "2.3.8", "", ("require.js",)),
    "html-manager": Asset("@jupyter-widgets/html-manager", "1.0.15", "dist",
                          ("embed-amd.js", "*.woff2", "*.woff")),
    "anywidget": Asset("anywidget", _anywidget_version(), "dist", ("index.js",)),
    "mathjax": Asset("mathjax", "2.7.9", "", (
        "MathJax.js", "config/TeX-AMS_SVG-full.js", "config/Safe.js", "extensions/*.js",
        "extensions/TeX/*.js", "jax/input/TeX/*.js", "jax/element/mml/**/*.js",
        "jax/output/SVG/*.js", "jax/output/SVG/autoload/*.js", "jax/output/SVG/fonts/TeX/**/*.js",
        "localization/en/**/*.js")),
}


def local_urls() -> dict[str, str]:
    """nbconvert's HTMLExporter settings that point at the files in ``static/``."""
    return {
        "require_js_url": f"{STATIC}/require/require.js",
        "widget_renderer_url": f"{STATIC}/html-manager/embed-amd.js",
        "mathjax_url": f"{STATIC}/mathjax/MathJax.js?config=TeX-AMS_SVG-full,Safe",
    }


# Before the widget manager loads: anywidget's module comes from static/ (the manager
# asks a CDN for any module requirejs cannot find), and so do the manager's fonts
# (found beside the URL requirejs gives its modules' names).
LOADER_CONFIG = (
    "<script>\n"
    # MathJax 2 reads this before it loads: text the library marks as never maths
    # (player names in labels: widgets.panels.text_label) is left as it is.
    "window.MathJax = {tex2jax: {ignoreClass: 'tex2jax_ignore|mathjax_ignore'}};\n"
    f"window.__jupyter_widgets_assets_path__ = '{STATIC}/html-manager/';\n"
    "require.config({paths: {"
    f"'anywidget': '{STATIC}/anywidget/index', "
    f"'@jupyter-widgets/html-manager/dist': '{STATIC}/html-manager', "
    f"'@jupyter-widgets': '{STATIC}/html-manager'}}}});\n"
    "</script>\n"
    # Widgets take JupyterLab's interface font, as they do in JupyterLab.
    "<style>.jupyter-widgets { font-family: var(--jp-ui-font-family, system-ui, sans-serif); "
    "font-size: var(--jp-widgets-font-size, 13px); }</style>\n")


# Run last (then removed): boards and logs send updates as messages (patches, new lines),
# which a notebook saved from the kernel's messages would not hold; this puts the whole
# of each in the widgets' state.
# At the top of every page: it looks playable, but no Python runs behind it.
OFFLINE_NOTICE = (
    '<div class="dcw-offline-notice" role="note" style="position:sticky;top:0;z-index:100;'
    'margin:0;padding:8px 14px;background:#fff4d6;color:#3d3000;border-bottom:1px solid '
    '#d9b650;font:14px/1.4 system-ui,sans-serif">'
    '<strong>A saved page:</strong> every board, picture and exact number is shown as it '
    'was when the notebook ran, but no Python runs behind this page, so clicking the '
    'boards and buttons or typing in the calculators does nothing here. To play and '
    'change the numbers, open the notebook in JupyterLab, Voila or on Binder.</div>\n')

FREEZE = ("import sys\n"
          "if 'dungeoncraft_widgets.widgets.board' in sys.modules:\n"
          "    sys.modules['dungeoncraft_widgets.widgets.board'].BoardView.freeze_all()\n")
STATE_KEY = "application/vnd.jupyter.widget-state+json"


def _default_states() -> dict[tuple[str, ...], dict[str, Any]]:
    """The state of a new widget of each class ipywidgets offers, by its model and view
    module and name: what the browser's widget manager fills in for a key left out."""
    import ipywidgets

    defaults: dict[tuple[str, ...], dict[str, Any]] = {}
    for klass in vars(ipywidgets).values():
        if not (isinstance(klass, type) and issubclass(klass, ipywidgets.Widget)):
            continue
        try:
            widget = klass()
        except Exception:  # noqa: BLE001 - a class that needs arguments: keep its keys
            continue
        try:
            state = json.loads(json.dumps(widget.get_state()))
        except TypeError:  # binary values (images): keep its keys
            continue
        finally:
            widget.close()
        key = (state.get("_model_module"), state.get("_model_name"),
               state.get("_view_module"), state.get("_view_name"))
        if defaults.setdefault(key, state) != state:
            defaults[key] = {}  # two classes, one name, other defaults: leave out nothing
    return defaults


def compact_widget_state(notebook: Any) -> Any:
    """Make the widget state saved in ``notebook`` (an nbformat node) smaller, as
    ipywidgets' own embedding does: keys of Jupyter's own widgets that hold their default
    value are left out (the widget manager fills them in), and an anywidget's CSS is kept
    on the first model of its class only (anywidget loads it once per class, for every
    model of it). Returns the notebook.
    """
    states = notebook.get("metadata", {}).get("widgets", {}).get(STATE_KEY, {}).get("state")
    if not states:
        return notebook
    defaults = _default_states()
    css_seen: set[str] = set()
    for entry in states.values():
        state = entry.get("state", {})
        key = (state.get("_model_module"), state.get("_model_name"), state.get("_view_module"),
               state.get("_view_name"))
        default = defaults.get(key)
        if default is not None and str(key[0]).startswith("@jupyter-widgets/"):
            entry["state"] = {k: v for k, v in state.items()
                              if k not in default or default[k] != v}
        css_id = state.get("_anywidget_id")
        if css_id and state.get("_css"):
            if css_id in css_seen:
                entry["state"] = {k: v for k, v in entry["state"].items() if k != "_css"}
            css_seen.add(css_id)
    return notebook


def cache_dir() -> pathlib.Path:
    base = os.environ.get("DCW_ASSET_CACHE")
    if base:
        return pathlib.Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (pathlib.Path(xdg) if xdg else pathlib.Path.home() / ".cache") / "dungeoncraft_widgets"


def _fetch(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.read()
    except OSError as exc:
        raise ExportError(f"cannot download {url}: {exc} (run once with a network, or "
                          "give --assets with a folder made by gather_assets)") from None


def npm_tarball(package: str, version: str) -> bytes:
    """The npm package's tarball, from the cache or the registry (SHA-512 checked)."""
    cached = cache_dir() / "npm" / f"{package.replace('/', '+')}-{version}.tgz"
    if cached.is_file():
        return cached.read_bytes()
    meta = json.loads(_fetch(f"{REGISTRY}/{package}/{version}"))
    data = _fetch(meta["dist"]["tarball"])
    algorithm, _, expected = meta["dist"].get("integrity", "").partition("-")
    if algorithm != "sha512" or base64.b64encode(hashlib.sha512(data).digest()).decode() \
            != expected:
        raise ExportError(f"{package}@{version}: the download does not match the registry's "
                          "SHA-512")
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(cached)
    return data


def _matches(name: str, pattern: str) -> bool:
    """A glob over a path: ``*`` stays within a folder, ``**/`` spans any folders.

    >>> _matches("extensions/TeX/AMSmath.js", "extensions/*.js")
    False
    >>> _matches("fonts/TeX/Main/Regular/Main.js", "fonts/TeX/**/*.js")
    True
    """
    regex = re.escape(pattern).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*")
    return re.fullmatch(regex, name) is not None


def gather_assets(out: pathlib.Path) -> pathlib.Path:
    """Write the browser files the page needs into ``out`` (``out/<asset>/...``);
    returns ``out``. A folder written once can be reused with ``--assets``."""
    out = pathlib.Path(out)
    for folder, asset in ASSETS.items():
        target = out / folder
        if (target / ".complete").is_file():
            continue
        prefix = "package/" + (asset.root + "/" if asset.root else "")
        with tarfile.open(fileobj=io.BytesIO(npm_tarball(asset.package, asset.version))) as tar:
            for member in tar.getmembers():
                name = member.name.removeprefix(prefix)
                if not member.isfile() or not member.name.startswith(prefix) or \
                        not any(_matches(name, pattern) for pattern in asset.keep):
                    continue
                if ".." in pathlib.PurePosixPath(name).parts:
                    continue  # never write outside the folder
                path = target / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(tar.extractfile(member).read())
        if not any(target.rglob("*")):
            raise ExportError(f"{asset.package}@{asset.version}: none of {asset.keep} found")
        (target / ".complete").write_text(f"{asset.package}@{asset.version}\n")
    return out


def execute(notebook: Any, cwd: pathlib.Path, timeout: int = 600) -> Any:
    """Run every cell of ``notebook`` (an nbformat node) in ``cwd``; the widgets'
    state is saved in its metadata."""
    import nbformat
    from nbclient import NotebookClient

    # A last cell, removed again: the boards and logs put their whole content in the
    # saved state (FREEZE); then that state is made smaller (compact_widget_state).
    notebook.cells.append(nbformat.v4.new_code_cell(FREEZE))
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(cwd)}})
    try:
        client.execute()
    finally:
        notebook.cells.pop()
    return compact_widget_state(notebook)


def to_html(notebook: Any) -> str:
    """The notebook as one offline page: nbconvert's lab template, with every script
    it loads pointed at ``static/``."""
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab", **local_urls())
    page, _resources = exporter.from_notebook_node(notebook)
    tag = f'<script src="{local_urls()["require_js_url"]}"></script>'
    if tag not in page:
        raise ExportError("nbconvert's page does not load require.js where expected")
    page = page.replace(tag, tag + "\n" + LOADER_CONFIG, 1)
    body = re.search(r"<body[^>]*>", page)
    if body is None:
        raise ExportError("nbconvert's page has no <body>")
    return page[:body.end()] + OFFLINE_NOTICE + page[body.end():]


def export(notebook_path: str | os.PathLike[str], outdir: str | os.PathLike[str], *,
           run: bool = True, assets: str | os.PathLike[str] | None = None,
           timeout: int = 600) -> pathlib.Path:
    """Export ``notebook_path`` to ``outdir/NAME.html`` (see the module docstring);
    returns the page's path. ``run=False`` keeps the outputs and widget state the
    notebook was saved with."""
    import nbformat

    source = pathlib.Path(notebook_path)
    if not source.is_file():
        raise ExportError(f"{source}: no such notebook")
    try:
        notebook = nbformat.read(source, as_version=4)
    except Exception as exc:  # noqa: BLE001 - nbformat raises many kinds
        raise ExportError(f"{source}: not a notebook ({exc})") from None
    if run:
        execute(notebook, source.resolve().parent, timeout)
    out = pathlib.Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    static = out / STATIC
    if assets is not None:
        for folder in ASSETS:
            if not (pathlib.Path(assets) / folder).is_dir():
                raise ExportError(f"{assets}: no {folder}/ folder (make one with gather_assets)")
            shutil.copytree(pathlib.Path(assets) / folder, static / folder, dirs_exist_ok=True)
    else:
        gather_assets(static)
    page = out / f"{source.stem}.html"
    page.write_text(to_html(notebook), encoding="utf-8")
    return page


# What the export imports (the [export] extra), and what a kernel for the notebook needs.
NEEDS = ("nbformat", "nbconvert", "nbclient", "ipykernel")


def missing_modules() -> list[str]:
    """The modules of the [export] extra that are not installed (none when it is).

    >>> missing_modules()
    []
    """
    import importlib.util

    return [name for name in NEEDS if importlib.util.find_spec(name) is None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dungeoncraft_widgets.export",
        description="Export a notebook to an HTML page whose widgets work offline.")
    parser.add_argument("notebook", help="the .ipynb file")
    parser.add_argument("outdir", help="folder for NAME.html and static/")
    parser.add_argument("--no-execute", action="store_true",
                        help="keep the saved outputs and widget state instead of running it")
    parser.add_argument("--assets", help="a folder made by gather_assets (no download)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    args = parser.parse_args(argv)
    missing = missing_modules()
    if missing:
        print(f"export: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not "
              f"installed: the export needs the [export] extra: "
              f"pip install \"dungeoncraft_widgets[export]\" (in a clone: "
              f"pip install -e \".[export]\")", file=sys.stderr)
        return 2
    try:
        page = export(args.notebook, args.outdir, run=not args.no_execute, assets=args.assets,
                      timeout=args.timeout)
    except DungeoncraftError as exc:
        print(f"export: {exc}", file=sys.stderr)
        return 2
    size = sum(p.stat().st_size for p in page.parent.rglob("*") if p.is_file())
    print(f"wrote {page} ({size / 1e6:.1f} MB with {STATIC}/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
