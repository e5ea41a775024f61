"""No module of the package imports itself back, directly or through others.

A cycle makes the import order matter (a name is missing while its module is half run),
so it is hidden by moving an import inside a function; this test reads every import
(those inside functions too, see package_imports.py) so such a cycle still shows.
"""

from __future__ import annotations

import textwrap

import networkx as nx
from package_imports import all_imports, import_graph, reached

SHOWN_CYCLES = 50


def _cycles(graph: nx.DiGraph) -> list[list[str]]:
    """The graph's simple cycles, shortest first, each starting at its smallest name."""
    found = []
    for cycle in nx.simple_cycles(graph):
        start = cycle.index(min(cycle))
        found.append(cycle[start:] + cycle[:start])
    return sorted(found, key=lambda c: (len(c), c))


def _cycle_text(graph: nx.DiGraph, cycle: list[str]) -> str:
    steps = []
    for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
        lines = ", ".join(map(str, graph.edges[a, b]["lines"]))
        steps.append(f"{a} (line {lines}) -> {b}")
    return "; ".join(steps)


def test_the_package_has_no_import_cycle():
    graph = import_graph()
    cycles = _cycles(graph)[:SHOWN_CYCLES]
    for cycle in cycles:
        print(_cycle_text(graph, cycle))
    assert not cycles, (f"{len(cycles)} import cycle(s) (the shortest {SHOWN_CYCLES} at most; "
                        "each step is 'module (line of the import) -> imported module'):\n"
                        + "\n".join(_cycle_text(graph, c) for c in cycles))


def _package(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return tmp_path


def test_the_graph_sees_imports_in_functions_and_resolves_relative_ones(tmp_path):
    root = _package(tmp_path, {
        "pkg/__init__.py": "from .a import thing\n",
        "pkg/a.py": "import sympy\nfrom . import b\nthing = 1\n",
        "pkg/b.py": "def later():\n    from .sub.c import deep\n",
        "pkg/sub/__init__.py": "from . import c\nfrom .. import a\n",
        "pkg/sub/c.py": "import pkg.b\nfrom pkg import thing\ndeep = 2\n",
    })
    graph = import_graph(root, "pkg")
    assert set(graph.edges) == {("pkg", "pkg.a"), ("pkg.a", "pkg.b"), ("pkg.b", "pkg.sub.c"),
                                ("pkg.sub", "pkg.sub.c"), ("pkg.sub", "pkg.a"),
                                ("pkg.sub.c", "pkg.b"), ("pkg.sub.c", "pkg")}
    assert graph.edges["pkg.b", "pkg.sub.c"]["lines"] == [2]
    # an import of pkg.sub.c does not count as one of pkg.sub (its __init__)
    assert _cycles(graph) == [["pkg.b", "pkg.sub.c"],
                                     ["pkg", "pkg.a", "pkg.b", "pkg.sub.c"]]


def test_imports_under_type_checking_are_left_out_and_outside_modules_kept(tmp_path):
    root = _package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": ("from typing import TYPE_CHECKING\nimport typing\n"
                     "if TYPE_CHECKING:\n    from .b import B\n"
                     "if typing.TYPE_CHECKING:\n    from . import b\nelse:\n    import networkx\n"),
        "pkg/b.py": "from .a import x\n",
    })
    assert _cycles(import_graph(root, "pkg")) == []
    imports = all_imports(root, "pkg")
    assert {i.top for i in imports["pkg.a"]} == {"typing", "networkx"}
    assert reached(imports, "pkg.b") == {"pkg.b": ["pkg.b"], "pkg.a": ["pkg.b", "pkg.a"]}
