"""Student editions of the lessons, written from the teacher's notebooks.

Each lesson has one source, ``notebooks/probability_*.ipynb``: the teacher's
edition, with the solutions. Its cells carry tags (JupyterLab: the property
inspector, "Cell Tags"):

- ``solution`` on a code cell: the student gets, for each name beginning with
  ``answer`` that the cell assigns at its top level, ``answer_1 = None  # your answer
  here``; the working (every other line) is left out;
- ``solution`` on a Markdown cell: left out of the student's edition;
- ``teacher``: a note for teachers only, left out.

Every other cell is copied as it is; outputs are cleared. The student's edition
is written to ``notebooks/student/`` with the same file name, so the two never
drift: rerun ``python -m dungeoncraft_widgets.lessons.editions`` after editing a
lesson (``--check`` only says whether the files are up to date; the test suite
does that too).

>>> cell = {"cell_type": "code", "metadata": {"tags": ["solution"]}, "outputs": [],
...         "execution_count": 3, "source": ["ways = 36 - 10\\n", "answer_1 = ways / 36"]}
>>> print("".join(student_cell(cell)["source"]))
answer_1 = None  # your answer here
"""

from __future__ import annotations

import argparse
import ast
import json
import pathlib
import sys
from collections.abc import Iterable
from typing import Any

from ..core.errors import InvalidArgumentError

__all__ = ["BLANK", "assigned_names", "build", "lesson_sources", "student_cell",
           "student_notebook", "write_editions"]

BLANK = "# your answer here"
STUDENT_DIR = "student"
LESSON_GLOB = "probability_*.ipynb"
_NOTE = ("*Student edition.* Write your answers where a cell says `{blank}` (replace "
         "`None`), then run the `check(...)` cell below it. This file is written from the "
         "teacher's edition, `../{name}`, by `python -m dungeoncraft_widgets.lessons.editions`.")


def _tags(cell: dict[str, Any]) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _lines(text: str) -> list[str]:
    """Text as a notebook stores it: a list of lines, each but the last ending in \\n."""
    lines = text.splitlines(keepends=True)
    if lines and lines[-1].endswith("\n"):
        lines[-1] = lines[-1][:-1]
    return lines


def assigned_names(code: str) -> list[str]:
    """The names a cell assigns at its top level, in order, each once.

    >>> assigned_names("x = 1\\ny, z = 2, 3\\nx += 1\\ndef f(): pass")
    ['x', 'y', 'z']
    """
    names: list[str] = []

    def add(target: ast.AST) -> None:
        if isinstance(target, ast.Name) and target.id not in names:
            names.append(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                add(element)

    for node in ast.parse(code).body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                add(target)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            add(node.target)
    return names


def student_cell(cell: dict[str, Any]) -> dict[str, Any] | None:
    """The student's version of one cell (None: left out)."""
    tags = _tags(cell)
    if "teacher" in tags or ("solution" in tags and cell["cell_type"] != "code"):
        return None
    out = {k: v for k, v in cell.items() if k not in ("outputs", "execution_count")}
    out["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k != "execution"}
    if cell["cell_type"] == "code":
        out["execution_count"] = None
        out["outputs"] = []
        if "solution" in tags:
            names = [n for n in assigned_names(_source(cell)) if n.startswith("answer")]
            if not names:
                raise InvalidArgumentError("a solution cell must assign the answer to a name "
                                           "beginning with 'answer' (the student fills it "
                                           f"in):\n{_source(cell)}")
            out["source"] = _lines("\n".join(f"{name} = None  {BLANK}" for name in names))
            out["metadata"]["tags"] = ["answer"]
    return out


def student_notebook(notebook: dict[str, Any], name: str) -> dict[str, Any]:
    """The student's edition of a teacher's notebook (a dict in the .ipynb format)."""
    cells = [c for c in (student_cell(cell) for cell in notebook["cells"]) if c is not None]
    note = {"cell_type": "markdown", "id": "student-edition-note",
            "metadata": {"tags": ["edition-note"]},
            "source": _lines(_NOTE.format(blank=BLANK, name=name))}
    out = {k: v for k, v in notebook.items() if k != "cells"}
    out["metadata"] = dict(notebook.get("metadata", {}), dungeoncraft_edition="student")
    out["cells"] = [note, *cells]
    return out


def _dump(notebook: dict[str, Any]) -> str:
    # The layout Jupyter itself writes (1-space indent, keys sorted), so saving in
    # JupyterLab changes nothing.
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def lesson_sources(notebooks: pathlib.Path) -> list[pathlib.Path]:
    """The teacher's notebooks (the lessons' sources) in a notebooks folder."""
    return sorted(notebooks.glob(LESSON_GLOB))


def build(source: pathlib.Path) -> str:
    """The student's edition of the lesson at ``source``, as the text of an .ipynb file."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    return _dump(student_notebook(notebook, source.name))


def write_editions(notebooks: pathlib.Path, check_only: bool = False) -> list[pathlib.Path]:
    """Write (or, with ``check_only``, compare) every student edition; returns the files
    that were (or would be) changed."""
    changed = []
    target_dir = notebooks / STUDENT_DIR
    for source in lesson_sources(notebooks):
        target = target_dir / source.name
        text = build(source)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            changed.append(target)
            if not check_only:
                target_dir.mkdir(exist_ok=True)
                target.write_text(text, encoding="utf-8")
    return changed


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dungeoncraft_widgets.lessons.editions",
        description="Write each lesson's student edition (notebooks/student/) from the "
                    "teacher's notebook.")
    parser.add_argument("notebooks", nargs="?", default="notebooks", type=pathlib.Path,
                        help="the notebooks folder (default: notebooks)")
    parser.add_argument("--check", action="store_true",
                        help="only say whether the student editions are up to date")
    args = parser.parse_args(None if argv is None else list(argv))
    if not lesson_sources(args.notebooks):
        print(f"no lessons ({LESSON_GLOB}) in {args.notebooks}", file=sys.stderr)
        return 2
    changed = write_editions(args.notebooks, check_only=args.check)
    for path in changed:
        print(("out of date: " if args.check else "wrote ") + str(path))
    return 1 if args.check and changed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
