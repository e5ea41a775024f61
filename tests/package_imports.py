"""What each module of a package imports, read from its source with ``ast`` (nothing runs).

Used by test_import_cycles.py (the graph of imports between the package's modules) and
test_contract.py (what a game's layers may import). Counted: every ``import`` and
``from ... import`` of a module, at module level or inside a function or class, except
under ``if TYPE_CHECKING:`` (which never runs). Relative imports are resolved;
``from pkg import name`` is an import of ``pkg.name`` when that is a module, else of
``pkg``; the parents of an imported module (whose ``__init__`` Python also runs) are
not counted, so ``import pkg.a.b`` is an edge to ``pkg.a.b`` only.
"""

from __future__ import annotations

import ast
import pathlib
from dataclasses import dataclass
from functools import cache

import networkx as nx

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = "dungeoncraft_widgets"


@dataclass(frozen=True)
class Import:
    """One import statement's target: ``module`` is a module of the package (or None for
    an outside one), ``top`` the first part of the imported name (``sympy``), ``line``
    where it is in ``source``."""

    source: str
    target: str
    module: str | None
    line: int

    @property
    def top(self) -> str:
        return self.target.split(".")[0]

    def where(self) -> str:
        """``pkg.mod line 12``: for messages."""
        return f"{self.source} line {self.line}"


def package_modules(root: pathlib.Path = ROOT, package: str = PACKAGE
                    ) -> dict[str, pathlib.Path]:
    """Every module of ``package`` under ``root``: dotted name -> file
    (``pkg/a/__init__.py`` is ``pkg.a``)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(tree: ast.AST):
    """Every import statement in ``tree``, skipping the bodies of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)  # the else branch does run
            continue
        stack.extend(ast.iter_child_nodes(node))


def module_imports(name: str, path: pathlib.Path, known: set[str] | dict[str, object]
                   ) -> list[Import]:
    """The imports of module ``name`` (its file ``path``), each resolved against the
    package's ``known`` modules."""
    is_package = path.name == "__init__.py"
    out = []
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = name.split(".")
                # a package's own __init__ is its level-1 anchor; a plain module's is its parent
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in known else stem
                       for alias in node.names]
        for target in dict.fromkeys(targets):
            module = _owner(target, known)
            out.append(Import(name, target, module, node.lineno))
    return sorted(out, key=lambda i: (i.line, i.target))


def _owner(target: str, known) -> str | None:
    """The package module ``target`` names (``pkg.mod.Class`` -> ``pkg.mod``), or None."""
    parts = target.split(".")
    while parts:
        if ".".join(parts) in known:
            return ".".join(parts)
        parts.pop()
    return None


@cache  # the cycle and contract tests read the same files: once a run
def all_imports(root: pathlib.Path = ROOT, package: str = PACKAGE) -> dict[str, list[Import]]:
    """Every module of the package -> its imports (do not change what it gives)."""
    modules = package_modules(root, package)
    return {name: module_imports(name, path, modules) for name, path in modules.items()}


def import_graph(root: pathlib.Path = ROOT, package: str = PACKAGE) -> nx.DiGraph:
    """The package's modules, with an edge a -> b where a imports b (attribute ``lines``:
    where)."""
    graph = nx.DiGraph()
    for name, imports in all_imports(root, package).items():
        graph.add_node(name)
        for each in imports:
            if each.module is not None and each.module != name:
                graph.add_edge(name, each.module)
                graph.edges[name, each.module].setdefault("lines", []).append(each.line)
    return graph


def reached(imports: dict[str, list[Import]], start: str,
            within: str | None = None) -> dict[str, list[str]]:
    """Every package module ``start`` imports, directly or through others (only through
    modules under ``within``, when given), each with the chain of imports that reaches
    it (``[start, ..., module]``)."""
    chains = {start: [start]}
    todo = [start]
    while todo:
        name = todo.pop(0)
        for each in imports.get(name, ()):
            module = each.module
            if module is None or module in chains:
                continue
            if within is not None and not (module == within or
                                           module.startswith(within + ".")):
                continue
            chains[module] = chains[name] + [module]
            todo.append(module)
    return chains
