"""An nbgrader course directory made from the teacher's editions.

    python -m dungeoncraft_widgets.lessons.teacher.course COURSE_DIR [--notebooks notebooks]

writes ``COURSE_DIR/nbgrader_config.py``, the student note nbgrader puts first in every
student's edition (``student_note.ipynb``) and one assignment per lesson,
``source/<lesson>/<lesson>.ipynb`` (a copy of ``notebooks/<lesson>.ipynb``). Then, in
``COURSE_DIR``, the usual nbgrader steps work as they are:

    nbgrader generate_assignment probability_fog_fights   # release/: the student's edition
    nbgrader autograde probability_fog_fights             # grades submitted/<student>/...

The configuration makes ``generate_assignment`` write the same student's edition as
``python -m dungeoncraft_widgets.lessons.editions`` (the suite checks it): a cleared
solution region leaves the answer line (``answer_1 = None  # your answer here``) and no
stub, and the note comes first. Each exercise is worth one point: its hidden test asserts
that ``check`` finds the answer correct (exactly; a float of the right value or a close
decimal scores nothing, as the visible check tells the student).

>>> import tempfile
>>> root = make_course(pathlib.Path(tempfile.mkdtemp()), NOTEBOOKS)
>>> sorted(p.name for p in (root / "source").iterdir())[:2]
['probability_bayes', 'probability_conditioning']
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import sys
from collections.abc import Iterable

from ..editions import CODE_STUB, STUDENT_NOTE, TEXT_STUB, dump, lesson_sources

__all__ = ["NOTEBOOKS", "NOTE_FILE", "make_course"]

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[3] / "notebooks"
NOTE_FILE = "student_note.ipynb"
CONFIG = f'''"""nbgrader's configuration for the dungeoncraft_widgets lessons (written by
python -m dungeoncraft_widgets.lessons.teacher.course)."""
c = get_config()  # noqa: F821 (nbgrader defines it)
c.CourseDirectory.course_id = "dungeoncraft-probability"
# A cleared solution region leaves the answer line above it, and no stub.
c.ClearSolutions.code_stub = {{"python": {CODE_STUB!r}}}
c.ClearSolutions.text_stub = {TEXT_STUB!r}
# The note that opens every student's edition.
c.IncludeHeaderFooter.header = {NOTE_FILE!r}
# The lessons simulate the real game engines: give a cell time.
c.Execute.timeout = 600
'''


def make_course(root: pathlib.Path, notebooks: pathlib.Path = NOTEBOOKS,
                lessons: Iterable[str] | None = None) -> pathlib.Path:
    """Write an nbgrader course directory at ``root`` (see the module docstring) with every
    lesson in ``notebooks`` (or only those named in ``lessons``); returns ``root``."""
    root = pathlib.Path(root)
    (root / "source").mkdir(parents=True, exist_ok=True)
    (root / "nbgrader_config.py").write_text(CONFIG, "utf-8")
    note = {"cells": [STUDENT_NOTE], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (root / NOTE_FILE).write_text(dump(note), "utf-8")
    wanted = None if lessons is None else set(lessons)
    for source in lesson_sources(notebooks):
        if wanted is not None and source.stem not in wanted:
            continue
        target = root / "source" / source.stem
        target.mkdir(exist_ok=True)
        shutil.copyfile(source, target / source.name)   # nbgrader clears any outputs
    return root


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dungeoncraft_widgets.lessons.teacher.course",
                                     description="Make an nbgrader course from the lessons.")
    parser.add_argument("course", type=pathlib.Path, help="the course directory to write")
    parser.add_argument("--notebooks", type=pathlib.Path, default=NOTEBOOKS)
    args = parser.parse_args(None if argv is None else list(argv))
    root = make_course(args.course, args.notebooks)
    print(f"wrote {root}: cd there, then 'nbgrader generate_assignment <lesson>' for each of "
          + ", ".join(p.name for p in sorted((root / "source").iterdir()) if p.is_dir()))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
