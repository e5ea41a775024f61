"""The student site holds no teacher's edition and no answer, in any form, and check works
there without the teacher's tooling; nothing a student's edition imports imports it."""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from dungeoncraft_widgets.lessons.teacher.answers import EXERCISES, answer
from dungeoncraft_widgets.lessons.teacher.site import student_tree

REPO = pathlib.Path(__file__).resolve().parents[1]


def python(code: str, path: pathlib.Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(path))
    return subprocess.run([sys.executable, "-c", code], cwd=path, env=env, capture_output=True,
                          text=True, timeout=300)


def student_imports() -> str:
    """Every import line of every student edition, as one script."""
    lines = []
    for path in sorted((REPO / "notebooks" / "student").glob("*.ipynb")):
        for cell in json.loads(path.read_text("utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            for statement in re.findall(r"^(?:from \S+ import \([^)]*\)|from .+|import .+)$",
                                        source, re.M):
                lines.append(statement)
    return "\n".join(lines)


def test_nothing_a_students_edition_imports_imports_the_teachers_tooling():
    script = student_imports() + """
import sys
from dungeoncraft_widgets.lessons import check
assert check("1/2", "demo-half").correct
print(sorted(m for m in sys.modules if m.startswith("dungeoncraft_widgets")))
"""
    done = python(script, REPO)
    assert done.returncode == 0, done.stderr
    loaded = done.stdout
    assert "dungeoncraft_widgets.lessons.check" in loaded and "lessons.widgets" in loaded
    assert "teacher" not in loaded


def answer_texts(value: Fraction) -> set[str]:
    """How an answer could be written in code or data: 29/36, Fraction(29, 36), R(29, 36),
    Rational(29, 36), and its decimal to 4 places."""
    p, q = value.numerator, value.denominator
    if q == 1:
        return {str(p)} if abs(p) >= 100 else set()
    texts = {f"{p}/{q}", f"Fraction({p}, {q})", f"Rational({p}, {q})", f"R({p}, {q})"}
    if q not in (2, 4, 5, 8, 10, 16, 20, 25):   # a decimal that does not end soon
        texts.add(f"{float(value):.4f}")
    return texts


#: Answers found in any page of a dice library: counting searches them in the key and
#: check's own files (below) but not in every doctest of every game.
COMMON = {Fraction(2, 3), Fraction(1, 10), Fraction(-1, 3), Fraction(7, 9), Fraction(10, 3),
          Fraction(5, 8), Fraction(7, 12)}


#: Where an answer is rightly written down: bayes-2 asks what the liar's praise does to the
#: liar's prior (nothing), so its answer is that given.
GIVEN = {("bayes-2", "dungeoncraft_widgets/lessons/givens.py")}


def find(text: str, texts: set[str]) -> set[str]:
    return {t for t in texts if re.search(r"(?<![\w./])" + re.escape(t) + r"(?![\w/]|\.\d)",
                                          text)}


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> pathlib.Path:
    return student_tree(tmp_path_factory.mktemp("student") / "site")


def test_the_student_site_holds_the_student_editions_and_no_teachers(tree):
    notebooks = sorted(str(p.relative_to(tree)) for p in tree.rglob("*.ipynb"))
    assert notebooks == sorted(f"notebooks/student/{p.name}"
                               for p in (REPO / "notebooks").glob("probability_*.ipynb"))
    assert not (tree / "dungeoncraft_widgets" / "lessons" / "teacher").exists()
    assert (tree / "binder" / "postBuild").is_file() and (tree / "lite" / "build.py").is_file()
    assert (tree / "dungeoncraft_widgets" / "lessons" / "keys.json").is_file()
    assert "../probability" not in "".join(p.read_text("utf-8") for p in tree.rglob("*.ipynb"))


@pytest.mark.slow  # every answer's forms in every file (some 8 s)
def test_no_file_of_the_student_site_holds_an_answer(tree):
    texts = {p: p.read_text("utf-8", errors="replace") for p in tree.rglob("*")
             if p.is_file() and p.suffix in (".py", ".json", ".js", ".css", ".md", ".ipynb",
                                             ".txt", ".toml")}
    lessons_dir = tree / "dungeoncraft_widgets" / "lessons"
    checked = 0
    for exercise_id, spec in EXERCISES.items():
        if spec.lesson == "demo":   # check's docstring shows it at work: its answer is public
            continue
        value = answer(exercise_id)
        forms = answer_texts(value)
        for path, text in texts.items():
            if (value in COMMON and lessons_dir not in path.parents) or \
                    (exercise_id, str(path.relative_to(tree))) in GIVEN:
                continue
            hits = find(text, forms)
            assert not hits, (exercise_id, str(path.relative_to(tree)), hits)
        checked += bool(forms)
    assert checked >= 25


def test_the_readme_and_contributing_show_no_answer():
    for name in ("README.md", "CONTRIBUTING.md"):
        text = (REPO / name).read_text("utf-8")
        for exercise_id, spec in EXERCISES.items():
            if spec.lesson != "demo" and answer(exercise_id) not in COMMON:
                assert not find(text, answer_texts(answer(exercise_id))), (name, exercise_id)


def test_the_search_finds_answers_where_they_are():
    """The search above can fail: the teacher's answers module, run, prints them."""
    text = "\n".join(f"{k}: {answer(k)} = Fraction({answer(k).numerator}, "
                     f"{answer(k).denominator})" for k in EXERCISES)
    assert all(find(text, answer_texts(answer(k))) for k in EXERCISES
               if answer_texts(answer(k)))


def test_check_works_on_the_student_site_without_the_teachers_tooling(tree):
    right, wrong = answer("fog-7"), answer("fog-7") + Fraction(1, 36)
    done = python(f"""
from fractions import Fraction
from dungeoncraft_widgets.lessons import check
print(check(Fraction({right.numerator}, {right.denominator}), "fog-7").status)
print(check(Fraction({wrong.numerator}, {wrong.denominator}), "fog-7").status)
try:
    import dungeoncraft_widgets.lessons.teacher
except ModuleNotFoundError:
    print("no teacher")
from dungeoncraft_widgets.lessons.editions import main
print(main(["notebooks/student"]))
""", tree)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["correct", "wrong", "no", "teacher", "2"]
    assert "not here; --no-key writes the editions only" in done.stderr
