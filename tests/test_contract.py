"""The folder contract of CONTRIBUTING.md, checked over every game in ``GAMES``.

Each test names the game and says what is wrong and where (the module, the line of the
import, the chain of imports that reaches it), so a failure reads as the change to make.
What a module imports is read from its source (tests/package_imports.py), imports inside
functions included and ``if TYPE_CHECKING:`` left out: a lazy import is still a
dependency of the layer it is in.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import pathlib
import textwrap

import pytest
from package_imports import PACKAGE, Import, all_imports, reached

import dungeoncraft_widgets
from dungeoncraft_widgets.core.engine import GameState
from dungeoncraft_widgets.widgets.app import GameApp

GAMES = dungeoncraft_widgets.GAMES
NAMES = list(GAMES)

#: The modules every game folder has (CONTRIBUTING.md, "A game folder"); graph.py and
#: calculator.py are there only where a game has a board to walk or a table calculator.
REQUIRED_MODULES = ("actions", "data", "rules", "odds", "bots", "scene", "app")
#: What the package of a game offers (its ``__init__.py``).
PUBLIC_NAMES = ("new_game", "load_game", "parse_action", "PLAYER_COUNTS", "MAX_ACTIONS",
                "RULE_NOTES", "APP")
#: What the rules layer may not import: outside libraries, and the game's own upper layers.
RULES_FORBID_LIBRARIES = ("sympy", "networkx", "ipywidgets", "anywidget")
RULES_FORBID_MODULES = ("odds", "graph", "bots", "scene", "app", "calculator")
#: What the analysis modules (odds.py, graph.py) may not import.
ANALYSIS = ("odds", "graph")
ANALYSIS_FORBID_LIBRARIES = ("ipywidgets", "anywidget")
ANALYSIS_FORBID_MODULES = ("scene", "app", "calculator")


def _imports() -> dict[str, list[Import]]:
    return all_imports()  # read once a run (it remembers)


def _game_modules(name: str) -> list[str]:
    root = f"{PACKAGE}.{name}"
    return [m for m in _imports() if m == root or m.startswith(root + ".")]


def _chain(chain: list[str]) -> str:
    return " -> ".join(m.rsplit(".", 1)[-1] for m in chain)


def _layer_problems(name: str, start: str, libraries: tuple[str, ...],
                    modules: tuple[str, ...], layer: str,
                    imports: dict[str, list[Import]] | None = None) -> list[str]:
    """What the modules reached from ``start`` (within the game) import that ``layer``
    may not: each as "where: imports what (reached by chain)"."""
    game = f"{PACKAGE}.{name}"
    imports = _imports() if imports is None else imports
    if start not in imports:
        return []  # a missing module is the required-modules test's to report
    chains = reached(imports, start, within=game)
    forbidden = {f"{game}.{m}" for m in modules}
    problems = []
    for module, chain in chains.items():
        if module in forbidden:
            problems.append(f"{_chain(chain)}: the {layer} reaches {module}")
            continue
        for each in imports[module]:
            if each.module is None and each.top in libraries:
                via = f" (reached by {_chain(chain)})" if len(chain) > 1 else ""
                problems.append(f"{each.where()}: imports {each.target}{via}")
    return problems


# ------------------------------------------------------------------------- the folder
@pytest.mark.parametrize("name", NAMES)
def test_a_game_folder_has_the_required_modules(name):
    folder = pathlib.Path(GAMES[name].__file__).parent  # data/ is a folder, not data.py
    missing = [m for m in REQUIRED_MODULES if not (folder / f"{m}.py").is_file()]
    assert not missing, (f"{name}: no {', '.join(f'{m}.py' for m in missing)} in "
                         f"{PACKAGE}/{name}/ (every game folder has "
                         f"{', '.join(REQUIRED_MODULES)})")


@pytest.mark.parametrize("name", NAMES)
def test_the_package_of_a_game_offers_the_public_names(name):
    game = GAMES[name]
    missing = [n for n in PUBLIC_NAMES if not hasattr(game, n)]
    assert not missing, f"{name}/__init__.py does not offer {', '.join(missing)}"
    notes = game.RULE_NOTES
    assert isinstance(notes, tuple) and notes and all(isinstance(n, str) and n.strip()
                                                      for n in notes), \
        f"{name}.RULE_NOTES must be a non-empty tuple of strings, not {notes!r:.80}"
    assert isinstance(game.APP, type) and issubclass(game.APP, GameApp), \
        f"{name}.APP must be the play widget's class (a GameApp), not {game.APP!r}"
    assert isinstance(game.PLAYER_COUNTS, tuple) and game.PLAYER_COUNTS, \
        f"{name}.PLAYER_COUNTS must be a non-empty tuple, not {game.PLAYER_COUNTS!r}"
    assert isinstance(game.MAX_ACTIONS, int) and game.MAX_ACTIONS > 0, \
        f"{name}.MAX_ACTIONS must be a whole number > 0, not {game.MAX_ACTIONS!r}"


# ------------------------------------------------------------------------- the state
def _state_class(name: str) -> type:
    game = GAMES[name]
    return type(game.new_game(players=game.PLAYER_COUNTS[0], seed=1))


@pytest.mark.parametrize("name", NAMES)
def test_the_state_is_one_class_with_no_mixins(name):
    cls = _state_class(name)
    mro = [c.__name__ for c in cls.__mro__]
    one_class = cls.__mro__ == (cls, GameState, object)
    assert one_class, \
        (f"{name}: {cls.__name__} ({inspect.getmodule(cls).__name__}) must derive from "
         f"GameState only, but its MRO is {' -> '.join(mro)}")
    own_copy = "__deepcopy__" in cls.__dict__
    assert not own_copy, \
        (f"{name}: {cls.__name__} defines __deepcopy__; declare data_fields, shared_fields "
         "and cache_fields instead (the base class copies)")


@pytest.mark.parametrize("name", NAMES)
def test_every_action_type_has_its_performer(name):
    cls = _state_class(name)
    assert cls.action_types, f"{name}: {cls.__name__}.action_types is empty"
    unperformed = [t.__name__ for t in cls.action_types if t not in cls.performers]
    assert not unperformed, (f"{name}: no @performs method on {cls.__name__} for "
                             f"{', '.join(unperformed)}")
    extra = [t.__name__ for t in cls.performers if t not in cls.action_types]
    assert not extra, (f"{name}: {cls.__name__} performs {', '.join(extra)}, which are not "
                       "in its action_types")
    if (pathlib.Path(GAMES[name].__file__).parent / "actions.py").is_file():
        actions = importlib.import_module(f"{PACKAGE}.{name}.actions")
        declared = getattr(actions, "ACTION_TYPES", None)
        assert declared is not None, f"{name}/actions.py has no ACTION_TYPES"
        same = set(declared) == set(cls.action_types)
        assert same, \
            (f"{name}: actions.ACTION_TYPES and {cls.__name__}.action_types differ: "
             f"{sorted(t.__name__ for t in set(declared) ^ set(cls.action_types))}")


@pytest.mark.parametrize("name", NAMES)
def test_perform_dispatches_through_the_table_not_a_chain(name):
    """A game overrides ``_perform`` only for work around every action (and calls
    ``super()._perform``); choosing the method by the action's type is the base class's."""
    cls = _state_class(name)
    owner = next(c for c in cls.__mro__ if "_perform" in c.__dict__)
    if owner is GameState:
        return
    lines, first = inspect.getsourcelines(owner.__dict__["_perform"])
    source = textwrap.dedent("".join(lines))
    where = f"{name}: {owner.__name__}._perform ({owner.__module__})"
    tree = ast.parse(source)
    assert not any(isinstance(node, ast.Match) for node in ast.walk(tree)), \
        f"{where} matches on the action: mark one method per type with @performs instead"
    chains = sorted(node.lineno + first - 1 for node in ast.walk(tree)
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "isinstance")
    assert not chains, (f"{where} tests the action's type (isinstance, line {chains[0]}): "
                        "mark one method per type with @performs instead")
    assert "super()._perform" in source, f"{where} does not call super()._perform(action)"


# ------------------------------------------------------------------------- the layers
@pytest.mark.parametrize("name", NAMES)
def test_the_rules_layer_imports_no_analysis_and_no_view(name):
    """rules.py and every game module it imports (directly or through others)."""
    problems = _layer_problems(name, f"{PACKAGE}.{name}.rules", RULES_FORBID_LIBRARIES,
                               RULES_FORBID_MODULES, "rules layer")
    assert not problems, (f"{name}: the rules layer (rules.py and what it imports) must not "
                          f"use {', '.join(RULES_FORBID_LIBRARIES)} or the game's "
                          f"{', '.join(RULES_FORBID_MODULES)}:\n" + "\n".join(problems))


@pytest.mark.parametrize(("name", "module"), [(n, m) for n in NAMES for m in ANALYSIS])
def test_the_analysis_imports_no_view(name, module):
    problems = _layer_problems(name, f"{PACKAGE}.{name}.{module}", ANALYSIS_FORBID_LIBRARIES,
                               ANALYSIS_FORBID_MODULES, f"{module}.py")
    assert not problems, (f"{name}: {module}.py (and the game modules it imports) must not "
                          f"use {', '.join(ANALYSIS_FORBID_LIBRARIES)} or the game's "
                          f"{', '.join(ANALYSIS_FORBID_MODULES)}:\n" + "\n".join(problems))


@pytest.mark.parametrize("name", NAMES)
def test_a_game_imports_no_other_game(name):
    others = [f"{PACKAGE}.{n}" for n in NAMES if n != name]
    problems = [f"{each.where()}: imports {each.module}"
                for module in _game_modules(name) for each in _imports()[module]
                if each.module and any(each.module == o or each.module.startswith(o + ".")
                                       for o in others)]
    assert not problems, f"{name} imports another game:\n" + "\n".join(problems)


@pytest.mark.parametrize("part", ["core", "widgets"])
def test_core_and_widgets_know_no_game(part):
    games = [f"{PACKAGE}.{n}" for n in NAMES]
    root = f"{PACKAGE}.{part}"
    problems = [f"{each.where()}: imports {each.module}"
                for module, imports in _imports().items()
                if module == root or module.startswith(root + ".")
                for each in imports
                if each.module and any(each.module == g or each.module.startswith(g + ".")
                                       for g in games)]
    assert not problems, f"{part}/ must know no game:\n" + "\n".join(problems)


def test_the_layer_check_sees_a_library_reached_through_a_rulebook_module():
    """The checks above can fail: a made-up game whose rules.py imports a rulebook module
    that imports sympy and the game's scene is reported with the chain."""
    game = f"{PACKAGE}.zz"
    fake = {
        f"{game}.rules": [Import(f"{game}.rules", f"{game}.moves", f"{game}.moves", 3)],
        f"{game}.moves": [Import(f"{game}.moves", "sympy", None, 7),
                          Import(f"{game}.moves", f"{game}.scene", f"{game}.scene", 8)],
        f"{game}.scene": [],
    }
    problems = _layer_problems("zz", f"{game}.rules", RULES_FORBID_LIBRARIES,
                               RULES_FORBID_MODULES, "rules layer", fake)
    assert problems == [f"{game}.moves line 7: imports sympy (reached by rules -> moves)",
                        "rules -> moves -> scene: the rules layer reaches "
                        f"{game}.scene"]
