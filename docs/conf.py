"""Sphinx configuration: the documentation site of dungeoncraft_widgets.

Build it (``pip install -e ".[docs]"``) with warnings as errors::

    python -m sphinx -W -b html docs docs/_build/html

What is written by hand: the pages in this folder (getting started, the front ends).
What is made while the site builds, in ``docs/generated/`` (not kept in git):

- ``api/``: the API reference, one page per public module, every public name (a
  module's ``__all__``, else what it defines) documented from its docstring, each once;
- ``games/``: a page per game, its ``RULE_NOTES`` and the reconstruction notes of its
  data files, read from the code and the data;
- ``notebooks/``: the tour, the lessons and the game notebooks, each run here with the
  library's own runner (``dungeoncraft_widgets.export.execute``: the widgets' whole state
  saved), so every page shows the notebook's outputs and still pictures.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import pathlib
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor

DOCS = pathlib.Path(__file__).resolve().parent
REPO = DOCS.parent
GENERATED = DOCS / "generated"
sys.path.insert(0, str(REPO))

import dungeoncraft_widgets  # noqa: E402

project = "dungeoncraft_widgets"
author = "The dungeoncraft_widgets maintainers"
copyright = "2026, " + author
release = version = dungeoncraft_widgets.__version__

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.viewcode", "sphinx.ext.doctest"]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "README.md"]
html_theme = "pydata_sphinx_theme"
html_title = "dungeoncraft_widgets"
html_static_path: list[str] = []
html_theme_options = {
    "github_url": "https://github.com/dungeoncraft/dungeoncraft_widgets",
    "navigation_with_keys": False,
    "show_toc_level": 2,
}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# The notebooks are run by generate_notebooks() below (the library's runner keeps each
# board's whole scene in the saved state); myst-nb renders what they hold.
nb_execution_mode = "off"
# A page has no kernel: the still picture each widget leaves (text/html) is shown, not a
# widget view that would need one.
nb_mime_priority_overrides = [
    ("html", "text/html", 0),
    ("html", "image/svg+xml", 1),
    ("html", "application/vnd.jupyter.widget-view+json", 50),
]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"show-inheritance": False}
# The lessons' check results carry the library's own mime type beside text/html.
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type"]

NOTEBOOKS = ["00_tour", "adventure_land", "hero_vs_guardian", "dubious_alliance", "dobbers",
             "alderquest", "probability_fog_fights", "probability_scout_and_venture",
             "probability_conditioning", "probability_deck_building",
             "probability_repeated_trials", "probability_limit_theorems",
             "probability_inclusion_exclusion",
             "probability_markov_chains", "probability_confidence", "probability_covariance"]
BINDER = ("https://mybinder.org/v2/gh/dungeoncraft/dungeoncraft_widgets/HEAD?urlpath=lab/tree/"
          "notebooks/")
GAME_TITLES = {"adventure_land": "Adventure Land", "hero_vs_guardian": "Hero versus Guardian",
               "dubious_alliance": "Dubious Alliance", "dobbers": "Dobbers: Quest for the Key",
               "alderquest": "AlderQuest"}


# ------------------------------------------------------------------ the API reference
def public_modules() -> list[str]:
    """Every module of the package whose name has no part starting with "_", packages
    before their modules; the front-end glue whose extra may be missing is kept."""
    import pkgutil

    names = ["dungeoncraft_widgets"]
    for info in pkgutil.walk_packages(dungeoncraft_widgets.__path__, "dungeoncraft_widgets."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names, key=lambda n: (n.count(".") > 1 and n.split(".")[1] in GAME_TITLES,
                                        n))


def public_names(module) -> list[str]:
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [name for name, value in vars(module).items() if not name.startswith("_")
            and getattr(value, "__module__", None) == module.__name__
            and (inspect.isclass(value) or inspect.isfunction(value))]


def directive(module_name: str, name: str, value) -> str:
    full = f"{module_name}.{name}"
    # A name that is also a module's (lessons.check: the function and its module).
    shadowed = "   :no-index:\n" if full in sys.modules else ""
    if inspect.isclass(value):
        return (f".. autoclass:: {full}\n   :members:\n"
                f"   :exclude-members: __init__, __new__\n{shadowed}")
    if inspect.isfunction(value) or inspect.isbuiltin(value):
        return f".. autofunction:: {full}\n{shadowed}"
    # A constant: its type and size (a dict's or tuple's own docstring would be the type's).
    size = f", {len(value)} items" if hasattr(value, "__len__") else ""
    shown = repr(value)
    line = f"   :value: {shown}\n" if len(shown) <= 60 and "\n" not in shown else ""
    return (f".. py:data:: {full}\n   :type: {type(value).__name__}\n{line}{shadowed}\n"
            f"   A constant ({type(value).__name__}{size}); its module's docstring says "
            "what it holds.\n")


DOCUMENTED: dict[int, str] = {}  # id of a class or function -> where the reference has it


def generate_api() -> list[str]:
    """One page per public module; every public object documented once, where the
    package's public face (its ``__all__``) names it first."""
    out = GENERATED / "api"
    out.mkdir(parents=True, exist_ok=True)
    seen: set[int] = set()
    pages = []
    for module_name in public_modules():
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # a front end's extra missing: its page says so
            continue
        parts = []
        for name in public_names(module):
            value = getattr(module, name, None)
            code = inspect.isclass(value) or inspect.isfunction(value)
            if value is None or inspect.ismodule(value) or not (code or name.isupper()):
                continue  # a plain value is documented where it is a CONSTANT
            key = id(value) if code or isinstance(value, (tuple, dict, frozenset)) else None
            if key is not None and key in seen:
                continue
            seen.add(key)
            if code:
                DOCUMENTED.setdefault(id(value), f"{module_name}.{name}")
            parts.append(directive(module_name, name, value))
        page = out / f"{module_name}.rst"
        title = f"``{module_name}``"
        page.write_text(f"{title}\n{'=' * len(title)}\n\n.. automodule:: {module_name}\n"
                        "   :no-members:\n\n" + "\n".join(parts), encoding="utf-8")
        pages.append(module_name)
    index = ["API reference", "=============", "",
             "Every public module and name, from its docstring (the examples in them are the",
             "library's doctests, run by the test suite). A game's public face is its",
             "package (``dungeoncraft_widgets.adventure_land``, ...): what it re-exports is",
             "documented there.", "", ".. toctree::", "   :maxdepth: 1", ""]
    index += [f"   {name}" for name in pages]
    (out / "index.rst").write_text("\n".join(index) + "\n", encoding="utf-8")
    return pages


# ------------------------------------------------------------------ the game pages
def _paragraphs(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [str(v) for v in value]
    return []


def _text(value: str) -> str:
    """Text from the code or data, as literal Markdown: what Markdown or HTML would read
    as markup is escaped."""
    return "".join("\\" + c if c in "\\`*_[]<>|~{}#$&" else c for c in value)


def generate_games() -> None:
    out = GENERATED / "games"
    out.mkdir(parents=True, exist_ok=True)
    for name, title in GAME_TITLES.items():
        game = dungeoncraft_widgets.GAMES[name]
        lines = [f"# {title}", "",
                 f"The engine: `dungeoncraft_widgets.{name}` ({{doc}}`the API "
                 f"<../api/dungeoncraft_widgets.{name}>`); players: "
                 f"{', '.join(map(str, game.PLAYER_COUNTS))}; the notebook: "
                 f"{{doc}}`../notebooks/{name}`.", "",
                 "## How the rulebook is read where it is open", "",
                 "`RULE_NOTES`, each resting on the rulebook's own words:", ""]
        lines += [f"{i}. {_text(note)}" for i, note in enumerate(game.RULE_NOTES, 1)]
        lines += ["", "## What was reconstructed", "",
                  "Where the rulebook leaves numbers out, the values are in the game's "
                  "`data/` files, each saying at its top that it is a reconstruction and "
                  "how it was reasoned (an owner of the real game can load their own):", ""]
        folder = REPO / "dungeoncraft_widgets" / name / "data"
        for path in sorted(folder.glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            lines += [f"### `{name}/data/{path.name}`", ""]
            for key in ("reconstruction", "about", "reasoning"):
                for text in _paragraphs(doc.get(key)):
                    lines += [f"- {_text(text)}" if key == "reasoning" else _text(text), ""]
        (out / f"{name}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


# ------------------------------------------------------------------ the notebooks
def _run(name: str) -> None:
    import nbformat

    from dungeoncraft_widgets.export import execute

    source = REPO / "notebooks" / f"{name}.ipynb"
    target = GENERATED / "notebooks" / f"{name}.ipynb"
    if target.is_file() and target.stat().st_mtime >= source.stat().st_mtime \
            and os.environ.get("DCW_DOCS_RERUN") != "1":
        return  # run already (set DCW_DOCS_RERUN=1 to run every notebook again)
    notebook = nbformat.read(source, as_version=4)
    execute(notebook, source.parent)
    notebook.cells.insert(1, nbformat.v4.new_markdown_cell(
        f"```{{note}}\nThis page is `notebooks/{name}.ipynb`, run when the site was built: "
        "its outputs and the still picture of every board and calculator, not live "
        "widgets (a page has no Python behind it). To play, open it in JupyterLab, or "
        f"[on Binder]({BINDER}{name}.ipynb).\n```"))
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, target)


def generate_notebooks() -> None:
    # Two at a time: each runs in its own kernel, and CI machines have two cores.
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(_run, NOTEBOOKS))
    board = REPO / "docs" / "board.svg"
    shutil.copyfile(board, GENERATED / "board.svg")


# ------------------------------------------------------------------ cross-references
# The docstrings write a sibling module's names relatively (":mod:`.rules`",
# ":func:`.odds.fight_odds`": the game package's rules, its odds): made absolute here,
# for Sphinx would otherwise look for any module ending so (each game has a rules.py).
_RELATIVE = __import__("re").compile(r"(:[\w:]+:`)(~?)\.([\w.]+)(`)")


def _exists(path: str) -> bool:
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(target, attr):
                return False
            target = getattr(target, attr)
        return True
    return False


def absolute_references(app, what, name, obj, options, lines) -> None:
    module = name if what == "module" else getattr(obj, "__module__", None) or name
    module = module if isinstance(module, str) else name
    candidates = [module]
    while "." in candidates[-1]:
        candidates.append(candidates[-1].rsplit(".", 1)[0])

    def absolute(match):
        for base in candidates:
            if _exists(f"{base}.{match.group(3)}"):
                return f"{match.group(1)}{match.group(2)}{base}.{match.group(3)}{match.group(4)}"
        return match.group(0)
    lines[:] = [_RELATIVE.sub(absolute, line) for line in lines]


_BARE = __import__("re").compile(r"(?<![\w.~])([A-Z]\w*)\b")


def qualified_annotations(app, what, name, obj, options, signature, return_annotation):
    """A bare class name in a signature (an annotation imported for type checking only,
    "CardSet") qualified with the game it belongs to, so it links to that game's class."""
    module = getattr(obj, "__module__", None) or ""
    if not module.startswith("dungeoncraft_widgets"):
        return None
    bases = [module]
    while "." in bases[-1]:
        bases.append(bases[-1].rsplit(".", 1)[0])

    def qualify(match):
        for base in bases:
            found = getattr(sys.modules.get(base), match.group(1), None)
            if inspect.isclass(found) and id(found) in DOCUMENTED:
                return f"~{DOCUMENTED[id(found)]}"
        return match.group(0)
    return (None if signature is None else _BARE.sub(qualify, signature),
            None if return_annotation is None else _BARE.sub(qualify, return_annotation))


def setup(app) -> None:
    app.connect("autodoc-process-docstring", absolute_references)
    app.connect("autodoc-process-signature", qualified_annotations)


GENERATED.mkdir(exist_ok=True)
generate_api()
generate_games()
generate_notebooks()
