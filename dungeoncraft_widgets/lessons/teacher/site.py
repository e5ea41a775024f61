"""The student site: the student editions and the library, no teacher's edition, no answer.

    python -m dungeoncraft_widgets.lessons.teacher.site OUT [--lite] [--export]

writes to ``OUT`` the files of the student site's repository (what the ``student`` branch
holds, the one the class's Binder link opens):

- ``notebooks/student/``: the student editions, and no other notebook;
- ``dungeoncraft_widgets/``: the library without :mod:`dungeoncraft_widgets.lessons.teacher`
  (``check`` needs only ``keys.json``);
- ``binder/``, ``pyproject.toml`` and ``lite/build.py`` as in the repository, and a
  ``README.md`` for students.

``--lite`` then builds the JupyterLite site from that tree (``OUT/_site/lite``: the student
editions only, in a browser, and a wheel built from the tree), and ``--export`` writes each
student edition as an offline web page (``OUT/_site/offline``), run so its widgets' still
pictures are in it.

>>> import tempfile
>>> tree = student_tree(pathlib.Path(tempfile.mkdtemp()) / "site")
>>> sorted(p.name for p in (tree / "notebooks").rglob("*.ipynb"))[:2]
['probability_bayes.ipynb', 'probability_conditioning.ipynb']
>>> (tree / "dungeoncraft_widgets" / "lessons" / "teacher").exists()
False
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
from collections.abc import Iterable

__all__ = ["REPO", "STUDENT_README", "student_tree"]

REPO = pathlib.Path(__file__).resolve().parents[3]
STUDENT_README = """# Probability lessons with dungeoncraft_widgets: the student editions

Open a lesson in `notebooks/student/` (in JupyterLab, on Binder or in the JupyterLite
site), write your answers where a cell says `# your answer here`, and run the `check(...)`
cell below each: it says whether your answer is right, close, or a known mistake, with a
hint. The answers are not in these files: `check` compares a digest of your answer with
the lessons' key.

The lessons: `probability_fog_fights.ipynb` (counting, convolution, expectation, simulation
error), `probability_scout_and_venture.ipynb` (sequential trials, expected value, backward
induction), `probability_conditioning.ipynb` (conditioning, total probability, the
hypergeometric distribution), `probability_bayes.ipynb` (Bayes' rule) and
`probability_deck_building.ipynb` (drawing without replacement, thinning, indicators).
Also `probability_markov_chains.ipynb` (Markov chains, expected stopping times, absorption),
`probability_confidence.ipynb` (confidence intervals, coverage, tests, Simpson's paradox)
and `probability_covariance.ipynb` (covariance, the variance of the hypergeometric).

This is a copy of the library made for a class; the library itself, its games and its
documentation are in the full repository.
"""


def _left_out(folder: str, names: list[str]) -> set[str]:
    """What the copy of the library leaves out: caches, and the teacher's tooling."""
    out = {n for n in names if n == "__pycache__" or n.endswith(".pyc")}
    if pathlib.Path(folder).name == "lessons" and "teacher" in names:
        out.add("teacher")
    return out


def student_tree(out: pathlib.Path, repo: pathlib.Path = REPO) -> pathlib.Path:
    """Write the student site's files to ``out`` (emptied first); returns ``out``."""
    out = pathlib.Path(out)
    if out.exists():
        shutil.rmtree(out)
    (out / "notebooks" / "student").mkdir(parents=True)
    package = repo / "dungeoncraft_widgets"
    shutil.copytree(package, out / "dungeoncraft_widgets", ignore=_left_out)
    for notebook in sorted((repo / "notebooks" / "student").glob("*.ipynb")):
        shutil.copyfile(notebook, out / "notebooks" / "student" / notebook.name)
    shutil.copytree(repo / "binder", out / "binder")
    (out / "lite").mkdir()
    shutil.copyfile(repo / "lite" / "build.py", out / "lite" / "build.py")
    shutil.copyfile(repo / "pyproject.toml", out / "pyproject.toml")
    (out / "README.md").write_text(STUDENT_README, "utf-8")
    return out


def _run(command: list[str], tree: pathlib.Path) -> None:
    print("$", " ".join(command), flush=True)
    env = dict(os.environ, PYTHONPATH=str(tree))   # the tree's library, not the repository's
    subprocess.run(command, check=True, cwd=tree, env=env)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dungeoncraft_widgets.lessons.teacher.site",
                                     description="Write the student site (no teacher's edition).")
    parser.add_argument("out", type=pathlib.Path, help="the folder to write")
    parser.add_argument("--lite", action="store_true", help="build its JupyterLite site too")
    parser.add_argument("--export", action="store_true",
                        help="export each student edition as an offline web page too")
    args = parser.parse_args(None if argv is None else list(argv))
    tree = student_tree(args.out)
    print(f"wrote the student site's files to {tree}")
    if args.lite:
        _run([sys.executable, "lite/build.py", "--output-dir", "_site/lite"], tree)
    if args.export:
        for notebook in sorted((tree / "notebooks" / "student").glob("*.ipynb")):
            _run([sys.executable, "-m", "dungeoncraft_widgets.export", str(notebook),
                  "_site/offline"], tree)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
