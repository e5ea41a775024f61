"""Each lesson's teacher and student editions: one source, nbgrader's markup, both run,
no answer given away.

The teacher's edition is ``notebooks/probability_*.ipynb`` (with the solutions, marked up as
nbgrader marks an assignment); the student's is written from it into ``notebooks/student/``,
exactly as ``nbgrader generate_assignment`` writes it (checked here with nbgrader itself).
Both editions are executed here once (nbclient, a real kernel): the teacher's must pass
every check, the student's must run top to bottom with every answer blank and show no
expected answer, in its source or outputs.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
from fractions import Fraction

import nbformat
import pytest
import sympy
from nbclient import NotebookClient

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.lessons import exercises
from dungeoncraft_widgets.lessons.check import MIME
from dungeoncraft_widgets.lessons.editions import (
    BLANK,
    STUDENT_NOTE,
    build,
    check_marks,
    lesson_sources,
    main,
    solution_marks,
    student_cell,
    write_editions,
)
from dungeoncraft_widgets.lessons.editions import (
    test_marks as graded_marks,
)
from dungeoncraft_widgets.lessons.teacher.answers import EXERCISES, answer
from dungeoncraft_widgets.lessons.teacher.course import make_course

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = [p.stem for p in lesson_sources(NOTEBOOKS)]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def test_the_lessons_and_their_student_editions_exist():
    assert LESSONS == sorted(["probability_bayes", "probability_conditioning",
                              "probability_deck_building", "probability_fog_fights",
                              "probability_scout_and_venture",
                              "probability_repeated_trials",
                              "probability_limit_theorems",
                              "probability_inclusion_exclusion",
                              "probability_markov_chains", "probability_confidence",
                              "probability_covariance"])
    for name in LESSONS:
        assert (NOTEBOOKS / "student" / f"{name}.ipynb").is_file()
    assert sorted(p.stem for p in (NOTEBOOKS / "student").glob("*.ipynb")) == LESSONS


def test_the_student_editions_are_exactly_what_the_sources_give(tmp_path):
    """No drift: rerun ``python -m dungeoncraft_widgets.lessons.editions`` after editing."""
    assert write_editions(NOTEBOOKS, check_only=True) == []
    for source in lesson_sources(NOTEBOOKS):
        assert build(source) == (NOTEBOOKS / "student" / source.name).read_text("utf-8")
    # and the command says so (the key too), and writes what is missing
    assert main([str(NOTEBOOKS), "--check"]) == 0
    copy = tmp_path / "notebooks"
    copy.mkdir()
    shutil.copyfile(NOTEBOOKS / "probability_bayes.ipynb", copy / "probability_bayes.ipynb")
    assert main([str(copy), "--check", "--no-key"]) == 1
    assert main([str(copy), "--no-key"]) == 0
    assert (copy / "student" / "probability_bayes.ipynb").is_file()
    assert main([str(copy), "--check", "--no-key"]) == 0
    assert main([str(tmp_path / "nowhere")]) == 2


@pytest.mark.parametrize("name", LESSONS)
def test_every_lessons_markup_is_nbgraders_and_its_source_is_saved_clean(name):
    notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text("utf-8"))
    ids = [k for k, e in EXERCISES.items() if e.lesson == name]
    assert ids and check_marks(notebook, ids) == []
    graded = [c for c in notebook["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    assert sorted(c["metadata"]["nbgrader"]["grade_id"] for c in graded) == sorted(ids)
    for cell in notebook["cells"]:   # the source keeps no outputs (nbgrader clears them anyway)
        assert not cell.get("outputs") and cell.get("execution_count") is None


def code(source: str, marks=None) -> dict:
    return {"cell_type": "code", "id": "x", "execution_count": 4, "outputs": [{}],
            "metadata": {"nbgrader": marks} if marks else {}, "source": source}


def test_a_solution_cell_keeps_its_answer_line_and_loses_its_working():
    cell = code(f"answer_a = None  {BLANK}\n### BEGIN SOLUTION\nrolls = 36 - 10\n"
                "answer_a = Fraction(rolls, 36)\n### END SOLUTION", solution_marks("x-answer"))
    student = student_cell(cell)
    assert "".join(student["source"]) == f"answer_a = None  {BLANK}\n"
    assert student["outputs"] == [] and student["execution_count"] is None
    assert student["metadata"]["deletable"] is False and "editable" not in student["metadata"]
    marks = student["metadata"]["nbgrader"]
    assert marks["solution"] and len(marks["checksum"]) == 32 and marks["cell_type"] == "code"
    assert "rolls" not in json.dumps(student)


def test_hidden_tests_are_cleared_and_the_check_cell_locked():
    cell = code('### BEGIN HIDDEN TESTS\nassert check(answer_1, "x").correct\n'
                '### END HIDDEN TESTS\ncheck(answer_1, "x")', graded_marks("x"))
    student = student_cell(cell)
    assert "".join(student["source"]) == 'check(answer_1, "x")'
    assert student["metadata"]["editable"] is False and student["metadata"]["deletable"] is False
    kept = student_cell(code("print(1)"))
    assert kept["source"] == ["print(1)"] and kept["outputs"] == [] and kept["metadata"] == {}


def test_solution_or_hidden_test_regions_outside_marked_cells_are_refused():
    with pytest.raises(InvalidArgumentError, match="outside a solution cell"):
        student_cell(code("### BEGIN SOLUTION\nx = 1\n### END SOLUTION"))
    with pytest.raises(InvalidArgumentError, match="outside an autograded cell"):
        student_cell(code("### BEGIN HIDDEN TESTS\nassert 1\n### END HIDDEN TESTS"))
    with pytest.raises(InvalidArgumentError, match="has no 'END SOLUTION'"):
        student_cell(code("### BEGIN SOLUTION\nx = 1", solution_marks("x-answer")))
    notebook = {"cells": [code("answer_1 = 3", solution_marks("x-answer"))]}
    assert check_marks(notebook, ["x", "y"]) == [
        "x: its answer cell has no line 'answer_... = None  # your answer here'",
        "x: no autograded cell x", "y: no solution cell y-answer"]


def test_the_student_note_names_no_teacher_edition():
    note = STUDENT_NOTE["source"]
    assert "probability_" not in note and "../" not in note and BLANK in note
    for name in LESSONS:
        student = json.loads((NOTEBOOKS / "student" / f"{name}.ipynb").read_text("utf-8"))
        assert "".join(student["cells"][0]["source"]) == note
        assert "../probability" not in json.dumps(student)


# ------------------------------------------------------------------------------ nbgrader
def nbgrader(course: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    """Run nbgrader in ``course`` with this interpreter (its alembic beside it on PATH)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env["PATH"]])
    env["PYTHONPATH"] = os.pathsep.join(
        [str(NOTEBOOKS.parent), *filter(None, [env.get("PYTHONPATH")])])
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.mark.slow  # runs nbgrader once per lesson
def test_nbgrader_generate_assignment_writes_the_same_student_edition(tmp_path):
    course = make_course(tmp_path / "course")
    for name in LESSONS:
        nbgrader(course, "generate_assignment", name, "--force")
        released = course / "release" / name / f"{name}.ipynb"
        assert released.read_text("utf-8") == (NOTEBOOKS / "student" / f"{name}.ipynb"
                                                ).read_text("utf-8"), name


def fill(notebook: dict, answers: dict[str, str]) -> dict:
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        for name, value in answers.items():
            source = source.replace(f"{name} = None  {BLANK}", f"{name} = {value}")
        cell["source"] = source.splitlines(keepends=True)
    return notebook


@pytest.mark.slow  # nbgrader runs a whole lesson
@pytest.mark.notebook
def test_nbgrader_autograde_grades_a_filled_student_edition(tmp_path):
    from nbgrader.api import Gradebook

    name = "probability_deck_building"
    course = make_course(tmp_path / "course", lessons=[name])
    nbgrader(course, "generate_assignment", name, "--force")
    released = json.loads((course / "release" / name / f"{name}.ipynb").read_text("utf-8"))
    right = {k: answer(k) for k in exercises(name)}
    filled = fill(released, {
        "answer_1": repr(right["db-1"]),                                # exact: 1 point
        "answer_2": str(float(right["db-2"])),                          # a float: 0 points
        "answer_3": "Fraction(1, 2)",                                    # wrong: 0 points
        # answer_4 left blank: 0 points
        "answer_5": f'"{right["db-5"]}"',                                # exact text: 1 point
    })
    submitted = course / "submitted" / "alice" / name
    submitted.mkdir(parents=True)
    (submitted / f"{name}.ipynb").write_text(json.dumps(filled), "utf-8")
    done = nbgrader(course, "autograde", name, "--create")
    # a check cell shows its verdict as a display, never as a value nbgrader would read as
    # a partial grade ("treating other output as full credit")
    assert "full credit" not in done.stdout + done.stderr
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        graded = gradebook.find_submission_notebook(name, name, "alice")
        scores = {g.name: g.score for g in graded.grades}
        assert scores == {"db-1": 1, "db-2": 0, "db-3": 0, "db-4": 0, "db-5": 1}
        assert graded.score == 2 and graded.max_score == 5


# ------------------------------------------------------------------ running the editions
def execute(path: pathlib.Path) -> nbformat.NotebookNode:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


@pytest.fixture(scope="module")
def executed() -> dict[tuple[str, str], nbformat.NotebookNode]:
    """Every lesson in both editions, run once (a cell error fails the test here)."""
    out = {}
    for name in LESSONS:
        out[name, "teacher"] = execute(NOTEBOOKS / f"{name}.ipynb")
        out[name, "student"] = execute(NOTEBOOKS / "student" / f"{name}.ipynb")
    return out


def checks(notebook) -> dict[str, str]:
    """exercise -> status of every check shown in an executed notebook."""
    found = {}
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {}).get(MIME)
            if data:
                assert data["exercise"] not in found, f"{data['exercise']} checked twice"
                found[data["exercise"]] = data["status"]
    return found


@pytest.mark.slow  # runs every lesson in both editions (a couple of minutes, once)
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_teachers_edition_passes_every_check(executed, name):
    assert checks(executed[name, "teacher"]) == {e: "correct" for e in exercises(name)}


@pytest.mark.slow
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_students_edition_runs_with_every_answer_blank(executed, name):
    notebook = executed[name, "student"]
    assert checks(notebook) == {e: "blank" for e in exercises(name)}
    answers = [c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("solution")]
    assert len(answers) == len(exercises(name))
    for cell in answers:
        assert all(line.endswith(f"= None  {BLANK}") for line in cell.source.splitlines())


@pytest.mark.slow
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_has_a_widget_that_leaves_a_still_picture(executed, name):
    for edition in ("teacher", "student"):
        pictures = [o for c in executed[name, edition].cells for o in c.get("outputs", [])
                    if WIDGET_MIME in o.get("data", {})]
        assert pictures, (name, edition)
        assert all("<svg" in o["data"]["text/html"] for o in pictures), (name, edition)


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_opens_with_objectives_prerequisites_and_class_time(name):
    first = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text("utf-8"))["cells"][0]
    text = "".join(first["source"])
    assert "### Objectives" in text and "**Prerequisites:**" in text
    minutes = re.search(r"\*\*Time in class:\*\* about (\d+) minutes", text)
    assert minutes and 45 <= int(minutes.group(1)) <= 75, name   # one class
    assert "**± in this lesson**" in text   # the one convention, stated once


def test_what_to_try_next_uses_only_what_the_lesson_imports():
    for name in LESSONS:
        notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text("utf-8"))
        sources = ["".join(c["source"]) for c in notebook["cells"]]
        code_text = "\n".join(s for s, c in zip(sources, notebook["cells"], strict=True)
                              if c["cell_type"] == "code")
        after = "\n".join(sources[next(i for i, s in enumerate(sources)
                                       if "What to try next" in s):])
        for function in set(re.findall(r"`(\w+)\(", after)):
            assert re.search(rf"\b(import|def) [^\n]*\b{function}\b|^\s+{function},$",
                             code_text, re.M), (name, function)


def answer_forms(value: Fraction, denominator: int | None) -> set[str]:
    """How an answer could show up as text: 13/18, 26/36, 0.722, 72.2%, \\frac{13}{18}."""
    sign = "-" if value < 0 else ""
    size = abs(value)
    if size.denominator == 1:
        return {f"{sign}{size.numerator}", f"{sign}{size.numerator:,}"}
    p, q = size.numerator, size.denominator
    forms = {f"{sign}{p}/{q}", f"{sign}{float(size):.3f}", f"{sign}{100 * float(size):.1f}%",
             sympy.latex(sympy.Rational(value.numerator, value.denominator))}
    if denominator and denominator % q == 0:
        forms.add(f"{sign}{p * denominator // q}/{denominator}")
    if value == int(value * 4) / 4:
        forms.add(f"{sign}{float(size):g}")   # 16.5, 8.75
    return forms


def found_forms(text: str, forms: set[str]) -> set[str]:
    # a form counts only as a whole number: "2/3" is not found inside "12/36"
    return {f for f in forms if re.search(r"(?<![\w./])" + re.escape(f) + r"(?![\w/]|\.\d)", text)}


#: A simulated estimate with its standard error ("0.806 ± 0.003"): an estimate, honestly
#: called one, not the exact answer.
ESTIMATE = re.compile(r"-?\d[\d,]*(\.\d+)?\s*±\s*\d+(\.\d+)?")


def notebook_text(notebook) -> str:
    parts = []
    for cell in notebook.cells:
        parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            for data in output.get("data", {}).values():
                parts.append(data if isinstance(data, str) else json.dumps(data))
            parts.append(output.get("evalue", ""))
    return ESTIMATE.sub("(an estimate)", "\n".join(parts))


#: Answers too common to search a lesson's text for (a die's 2/3 is on every page).
COMMON = {Fraction(2, 3), Fraction(1, 10), Fraction(-1, 3), Fraction(7, 9), Fraction(10, 3),
          Fraction(5, 8), Fraction(7, 12)}


#: bayes-2 asks what the liar's praise does to the liar's prior (nothing): its answer is a
#: given the lesson states.
GIVEN = {"bayes-2"}


@pytest.mark.slow
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_students_edition_shows_no_expected_answer(executed, name):
    text = notebook_text(executed[name, "student"])
    for exercise_id in exercises(name):
        spec = EXERCISES[exercise_id]
        value = answer(exercise_id)
        forms = answer_forms(value, spec.denominator)
        if exercise_id in GIVEN:
            continue
        if value in COMMON:   # only its exact spellings, which no output prints by chance
            forms = {f for f in forms if "/" in f}
        assert not found_forms(text, forms), (exercise_id, found_forms(text, forms))


@pytest.mark.slow
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_search_does_find_the_answers_in_the_teachers_edition(executed, name):
    """The search above can fail: the teacher's edition shows every answer."""
    text = notebook_text(executed[name, "teacher"])
    for exercise_id in exercises(name):
        assert found_forms(text, answer_forms(answer(exercise_id),
                                              EXERCISES[exercise_id].denominator)), exercise_id


def test_answer_forms():
    forms = answer_forms(Fraction(13, 18), 36)
    assert forms == {"13/18", "26/36", "0.722", "72.2%", r"\frac{13}{18}"}
    assert found_forms("P = 12/36 and 0.7222", {"2/3", "0.722"}) == set()
    assert found_forms("it is 13/18.", forms) == {"13/18"}
    assert answer_forms(Fraction(-1, 3), 6) >= {"-1/3", "-2/6", "-0.333", r"- \frac{1}{3}"}
    assert ESTIMATE.sub("~", "won 0.806 ± 0.003 of 2,000; mean 16.57 ± 0.07") == \
        "won ~ of 2,000; mean ~"
