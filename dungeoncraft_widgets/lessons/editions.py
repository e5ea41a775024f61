"""Student editions of the lessons, written from the teacher's notebooks, as nbgrader does.

Each lesson has one source, ``notebooks/probability_*.ipynb``: the teacher's edition,
marked up the way nbgrader marks an assignment (JupyterLab: the nbgrader "Create
Assignment" toolbar writes the same metadata):

- an **answer cell** is an nbgrader *solution* cell (``grade_id`` ``<exercise>-answer``)::

      answer_1 = None  # your answer here
      ### BEGIN SOLUTION
      answer_1 = Fraction(winning_rolls, len(rolls))
      ### END SOLUTION

  the student's edition keeps the first line and loses the solution region;
- a **check cell** is an nbgrader *autograded test* cell (``grade_id`` the exercise's id,
  1 point, locked)::

      ### BEGIN HIDDEN TESTS
      assert check(answer_1, "fog-1").correct, "fog-1 is not right yet"
      ### END HIDDEN TESTS
      check(answer_1, "fog-1").show()

  the student sees the ``check`` (and its verdict, shown as a display: nbgrader would read
  a cell's value as a partial grade); nbgrader's autograde puts the hidden assertion back
  and gives the point when it holds.

The student's edition opens with :data:`STUDENT_NOTE`, has every output cleared, the
answer cells undeletable and the check cells locked: exactly what ``nbgrader
generate_assignment`` writes from the same source with the course of
:mod:`.teacher.course` (the suite checks that they agree). It is written to
``notebooks/student/`` with the same file name: rerun ``python -m
dungeoncraft_widgets.lessons.editions`` after editing a lesson (it also writes the key,
``keys.json``, from the teacher's answers); ``--check`` only says whether both are up to
date, and what is wrong with a lesson's markup.

>>> cell = {"cell_type": "code", "id": "a1", "metadata": {"nbgrader": solution_marks("x-1")},
...         "outputs": [], "execution_count": 3,
...         "source": "answer_1 = None  # your answer here\\n### BEGIN SOLUTION\\n"
...                   "answer_1 = 26 / 36\\n### END SOLUTION"}
>>> student_cell(cell)["source"]
['answer_1 = None  # your answer here\\n']
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import pathlib
import re
import sys
from collections.abc import Iterable
from typing import Any

from ..core.errors import InvalidArgumentError

__all__ = ["BLANK", "STUDENT_NOTE", "answer_names", "build", "check_marks", "lesson_sources",
           "solution_marks", "student_cell", "student_notebook", "test_marks", "write_editions"]

BLANK = "# your answer here"
STUDENT_DIR = "student"
LESSON_GLOB = "probability_*.ipynb"
BEGIN_SOLUTION, END_SOLUTION = "BEGIN SOLUTION", "END SOLUTION"
BEGIN_TESTS, END_TESTS = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"
#: nbgrader's stub for a cleared solution region: nothing (the answer line stays).
CODE_STUB = ""
TEXT_STUB = "YOUR ANSWER HERE"
#: The first cell of every student's edition (nbgrader's header notebook holds the same).
STUDENT_NOTE = {
    "cell_type": "markdown", "id": "student-edition-note", "metadata": {},
    "source": "*Student edition.* Write each answer where a cell says `answer_… = None  "
              f"{BLANK}` (replace `None`), then run the `check(...)` cell below it: it says "
              "whether the answer is right, close, or a known mistake, with a hint. Your "
              "teacher may collect this notebook and grade it with nbgrader.",
}
_ANSWER_LINE = re.compile(r"^(answer\w*) = None  " + re.escape(BLANK) + r"$")
_CHECK = re.compile(r"""check\((answer\w*), "([\w-]+)"\)""")


def solution_marks(grade_id: str) -> dict[str, Any]:
    """nbgrader's metadata for a solution cell (what its toolbar writes)."""
    return {"grade": False, "grade_id": grade_id, "locked": False, "schema_version": 3,
            "solution": True, "task": False}


def test_marks(grade_id: str, points: int = 1) -> dict[str, Any]:
    """nbgrader's metadata for an autograded test cell."""
    return {"grade": True, "grade_id": grade_id, "locked": True, "points": points,
            "schema_version": 3, "solution": False, "task": False}


def _marks(cell: dict[str, Any]) -> dict[str, Any]:
    return cell.get("metadata", {}).get("nbgrader", {})


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _lines(text: str) -> list[str]:
    """Text as a notebook stores it (nbformat's ``split_lines``)."""
    return text.splitlines(keepends=True)


def _inside(text: str, begin: str, end: str) -> str:
    """The lines inside ``begin`` ... ``end`` regions."""
    out, inside = [], False
    for line in text.split("\n"):
        if begin in line:
            inside = True
        elif end in line:
            inside = False
        elif inside:
            out.append(line)
    return "\n".join(out)


def _without(text: str, begin: str, end: str, stub: str | None) -> str:
    """``text`` with every region from a line holding ``begin`` to one holding ``end``
    replaced by ``stub`` (indented like the begin line; None: removed), as nbgrader does."""
    out, inside = [], False
    for line in text.split("\n"):
        if begin in line:
            if inside:
                raise InvalidArgumentError(f"a {begin!r} region inside another:\n{text}")
            inside = True
            if stub is not None:
                indent = re.match(r"\s*", line).group(0)
                out.extend(indent + s for s in stub.split("\n"))
        elif end in line:
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise InvalidArgumentError(f"a {begin!r} region has no {end!r}:\n{text}")
    return "\n".join(out)


def _checksum(cell: dict[str, Any], source: str) -> str:
    """nbgrader's checksum of a graded, solution or locked cell (``utils.compute_checksum``)."""
    marks = _marks(cell)
    grade, solution = bool(marks.get("grade")), bool(marks.get("solution"))
    locked = False if solution else (True if grade else bool(marks.get("locked")))
    m = hashlib.md5()
    for part in (source, cell["cell_type"], str(grade), str(solution), str(locked),
                 marks["grade_id"]):
        m.update(part.encode("utf-8"))
    if grade:
        m.update(str(float(marks["points"])).encode("utf-8"))
    return m.hexdigest()


def answer_names(cell: dict[str, Any]) -> list[str]:
    """The answer names a solution cell gives the student (``answer_1 = None  ...``)."""
    return [m.group(1) for line in _source(cell).split("\n") if (m := _ANSWER_LINE.match(line))]


def student_cell(cell: dict[str, Any]) -> dict[str, Any]:
    """The student's version of one cell: nbgrader's LockCells, ClearSolutions,
    ClearOutput, ComputeChecksums and ClearHiddenTests, in its order."""
    out = copy.deepcopy({k: v for k, v in cell.items()})
    marks = _marks(out)
    source = _source(out)
    is_solution, is_grade = bool(marks.get("solution")), bool(marks.get("grade"))
    if marks:  # LockCells (nbgrader's defaults)
        if is_solution:
            out["metadata"]["deletable"] = False
        elif is_grade or marks.get("locked"):
            out["metadata"]["deletable"] = False
            out["metadata"]["editable"] = False
    stub = CODE_STUB if out["cell_type"] == "code" else TEXT_STUB
    cleared = _without(source, BEGIN_SOLUTION, END_SOLUTION, stub)
    if is_solution and cleared == source:  # a solution cell with no region: all of it
        cleared = stub
    elif cleared != source and not is_solution:
        raise InvalidArgumentError("a solution region outside a solution cell:\n" + source)
    if out["cell_type"] == "code":  # ClearOutput
        out["outputs"], out["execution_count"] = [], None
        for name in ("collapsed", "scrolled"):
            out["metadata"].pop(name, None)
    source = _without(cleared, BEGIN_TESTS, END_TESTS, None)
    if source != cleared and not is_grade:
        raise InvalidArgumentError("hidden tests outside an autograded cell:\n" + cleared)
    if marks:  # ComputeChecksums, after the hidden tests are cleared
        marks["checksum"] = _checksum(out, source)
        marks["cell_type"] = out["cell_type"]
    out["source"] = _lines(source)
    return out


def student_notebook(notebook: dict[str, Any]) -> dict[str, Any]:
    """The student's edition of a teacher's notebook (a dict in the .ipynb format)."""
    out = {k: v for k, v in notebook.items() if k != "cells"}
    out["metadata"] = {k: v for k, v in notebook.get("metadata", {}).items()
                       if k != "celltoolbar"}
    note = dict(STUDENT_NOTE, source=_lines(STUDENT_NOTE["source"]))
    out["cells"] = [student_cell(note), *(student_cell(c) for c in notebook["cells"])]
    return out


def check_marks(notebook: dict[str, Any], exercise_ids: Iterable[str]) -> list[str]:
    """What is wrong with a lesson's markup (empty: nothing): each exercise must have
    one solution cell ``<id>-answer`` giving answer names, and one autograded cell ``<id>``
    that checks one of them and asserts it in hidden tests; every grade id once."""
    problems, seen = [], set()
    by_id = {}
    for cell in notebook["cells"]:
        marks = _marks(cell)
        if not marks:
            if BEGIN_SOLUTION in _source(cell) or BEGIN_TESTS in _source(cell):
                problems.append(f"cell {cell.get('id')}: solution or hidden tests with no "
                                "nbgrader marks")
            continue
        grade_id = marks.get("grade_id", "")
        if grade_id in seen:
            problems.append(f"grade id {grade_id!r} is used twice")
        seen.add(grade_id)
        by_id[grade_id] = cell
    for exercise in exercise_ids:
        answer_cell, test_cell = by_id.get(f"{exercise}-answer"), by_id.get(exercise)
        if answer_cell is None or not _marks(answer_cell).get("solution"):
            problems.append(f"{exercise}: no solution cell {exercise}-answer")
            continue
        names = answer_names(answer_cell)
        if not names:
            problems.append(f"{exercise}: its answer cell has no line 'answer_... = None  "
                            f"{BLANK}'")
        if test_cell is None or not _marks(test_cell).get("grade"):
            problems.append(f"{exercise}: no autograded cell {exercise}")
            continue
        text = _source(test_cell)
        visible = _without(text, BEGIN_TESTS, END_TESTS, None)
        checked = {m.groups() for m in _CHECK.finditer(visible)}
        hidden = _inside(text, BEGIN_TESTS, END_TESTS)
        if not any(e == exercise and n in names for n, e in checked):
            problems.append(f"{exercise}: its check cell does not check {exercise} with "
                            f"{' or '.join(names) or 'its answer'}")
        if BEGIN_TESTS not in text or f'"{exercise}").correct' not in hidden:
            problems.append(f"{exercise}: its check cell has no hidden assertion that the "
                            "answer is correct")
    return problems


def dump(notebook: dict[str, Any]) -> str:
    """A notebook as Jupyter (and nbgrader) write it: 1-space indent, keys sorted."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def lesson_sources(notebooks: pathlib.Path) -> list[pathlib.Path]:
    """The teacher's notebooks (the lessons' sources) in a notebooks folder."""
    return sorted(notebooks.glob(LESSON_GLOB))


def build(source: pathlib.Path) -> str:
    """The student's edition of the lesson at ``source``, as the text of an .ipynb file."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    return dump(student_notebook(notebook))


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
                    "teacher's notebook, and the key (keys.json) from the teacher's answers.")
    parser.add_argument("notebooks", nargs="?", default="notebooks", type=pathlib.Path,
                        help="the notebooks folder (default: notebooks)")
    parser.add_argument("--check", action="store_true",
                        help="only say whether the student editions and the key are up to date")
    parser.add_argument("--no-key", action="store_true",
                        help="leave the key alone (only the editions)")
    args = parser.parse_args(None if argv is None else list(argv))
    sources = lesson_sources(args.notebooks)
    if not sources:
        print(f"no lessons ({LESSON_GLOB}) in {args.notebooks}", file=sys.stderr)
        return 2
    status = 0
    if not args.no_key:
        try:  # the teacher's tooling: in the repository, not in the wheel or the student site
            from .teacher.answers import EXERCISES
            from .teacher.keys import KEYS, write_keys
        except ImportError:
            print("the key is written from the teacher's tooling "
                  "(dungeoncraft_widgets/lessons/teacher in the repository), which is not "
                  "here; --no-key writes the editions only", file=sys.stderr)
            return 2

        for source in sources:
            notebook = json.loads(source.read_text("utf-8"))
            ids = [k for k, e in EXERCISES.items() if e.lesson == source.stem]
            for problem in check_marks(notebook, ids):
                print(f"{source.name}: {problem}", file=sys.stderr)
                status = 1
        if write_keys(check_only=args.check):
            print(("out of date: " if args.check else "wrote ") + str(KEYS))
            status = 1 if args.check else status
    changed = write_editions(args.notebooks, check_only=args.check)
    for path in changed:
        print(("out of date: " if args.check else "wrote ") + str(path))
    return 1 if (args.check and changed) else status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
