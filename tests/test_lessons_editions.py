"""Each lesson's teacher and student editions: one source, both run, no answer given away.

The teacher's edition is ``notebooks/probability_*.ipynb`` (with the solutions); the
student's is written from it into ``notebooks/student/``. Both are executed here once
(nbclient, a real kernel): the teacher's must pass every check, the student's must run top
to bottom with every answer blank and show no expected answer, in its source or outputs.
"""

from __future__ import annotations

import json
import pathlib
import re
from fractions import Fraction

import nbformat
import pytest
import sympy
from nbclient import NotebookClient

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.lessons import exercises
from dungeoncraft_widgets.lessons.check import MIME, _answer
from dungeoncraft_widgets.lessons.editions import (
    BLANK,
    build,
    lesson_sources,
    main,
    student_cell,
    write_editions,
)

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = [p.stem for p in lesson_sources(NOTEBOOKS)]


def test_the_lessons_and_their_student_editions_exist():
    assert LESSONS == ["probability_conditioning", "probability_deck_building",
                       "probability_fog_fights", "probability_scout_and_venture"]
    for name in LESSONS:
        assert (NOTEBOOKS / "student" / f"{name}.ipynb").is_file()


def test_the_student_editions_are_exactly_what_the_sources_give(tmp_path):
    """No drift: rerun ``python -m dungeoncraft_widgets.lessons.editions`` after editing."""
    assert write_editions(NOTEBOOKS, check_only=True) == []
    for source in lesson_sources(NOTEBOOKS):
        assert build(source) == (NOTEBOOKS / "student" / source.name).read_text("utf-8")
    # and the command says so, and writes what is missing
    assert main([str(NOTEBOOKS), "--check"]) == 0
    copy = tmp_path / "notebooks"
    copy.mkdir()
    (copy / "probability_x.ipynb").write_text(
        (NOTEBOOKS / "probability_fog_fights.ipynb").read_text("utf-8"), "utf-8")
    assert main([str(copy), "--check"]) == 1
    assert main([str(copy)]) == 0 and (copy / "student" / "probability_x.ipynb").is_file()
    assert main([str(copy), "--check"]) == 0
    assert main([str(tmp_path / "nowhere")]) == 2


def code(source: str, tags=()) -> dict:
    return {"cell_type": "code", "id": "x", "metadata": {"tags": list(tags)}, "outputs": [{}],
            "execution_count": 4, "source": source}


def test_a_solution_cell_becomes_blank_answers_and_keeps_no_working():
    cell = code("rolls = 36 - 10\nanswer_a = Fraction(rolls, 36)\nanswer_b, answer_c = 1, 2\n"
                "def helper(): pass\n", ["solution"])
    student = student_cell(cell)
    assert "".join(student["source"]) == (f"answer_a = None  {BLANK}\nanswer_b = None  {BLANK}\n"
                                          f"answer_c = None  {BLANK}")
    assert student["outputs"] == [] and student["execution_count"] is None
    assert student["metadata"]["tags"] == ["answer"]


def test_teacher_notes_and_solution_text_are_left_out_other_cells_kept():
    assert student_cell({"cell_type": "markdown", "metadata": {"tags": ["solution"]},
                         "source": "the answer is ..."}) is None
    assert student_cell(code("print(1)", ["teacher"])) is None
    kept = student_cell(code("print(1)"))
    assert kept["source"] == "print(1)" and kept["outputs"] == []


def test_a_solution_cell_without_an_answer_name_is_refused():
    with pytest.raises(InvalidArgumentError, match="beginning with 'answer'"):
        student_cell(code("x = 1", ["solution"]))


# ------------------------------------------------------------------ running the editions
def execute(path: pathlib.Path) -> nbformat.NotebookNode:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
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


@pytest.mark.slow  # runs every lesson in both editions (about a minute, once)
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_teachers_edition_passes_every_check(executed, name):
    assert checks(executed[name, "teacher"]) == {e: "correct" for e in exercises(name)}


@pytest.mark.slow  # runs every lesson in both editions (about a minute, once)
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_students_edition_runs_with_every_answer_blank(executed, name):
    notebook = executed[name, "student"]
    assert checks(notebook) == {e: "blank" for e in exercises(name)}
    answers = [c for c in notebook.cells if "answer" in c.metadata.get("tags", [])]
    assert len(answers) >= len(exercises(name))
    for cell in answers:
        assert all(line.endswith(f"= None  {BLANK}") for line in cell.source.splitlines())


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_opens_with_objectives_prerequisites_and_class_time(name):
    first = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text("utf-8"))["cells"][0]
    text = "".join(first["source"])
    assert "### Objectives" in text and "**Prerequisites:**" in text
    assert re.search(r"\*\*Time in class:\*\* about \d+ minutes", text)


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
    if value == int(value * 2) / 2:
        forms.add(f"{sign}{float(size):g}")   # 16.5, 8.75
    return forms


def found_forms(text: str, forms: set[str]) -> set[str]:
    # a form counts only as a whole number: "2/3" is not found inside "12/36"
    return {f for f in forms if re.search(r"(?<![\w./])" + re.escape(f) + r"(?![\w/]|\.\d)", text)}


def notebook_text(notebook) -> str:
    parts = []
    for cell in notebook.cells:
        parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            for data in output.get("data", {}).values():
                parts.append(data if isinstance(data, str) else json.dumps(data))
            parts.append(output.get("evalue", ""))
    return "\n".join(parts)


@pytest.mark.slow  # runs every lesson in both editions (about a minute, once)
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_students_edition_shows_no_expected_answer(executed, name):
    text = notebook_text(executed[name, "student"])
    for exercise_id, spec in exercises(name).items():
        answer = _answer(exercise_id)
        # every answer is searchable: no small whole numbers, which any text contains
        assert answer.denominator > 1 or abs(answer) >= 100, exercise_id
        forms = answer_forms(answer, spec.denominator)
        assert not found_forms(text, forms), (exercise_id, found_forms(text, forms))


@pytest.mark.slow  # runs every lesson in both editions (about a minute, once)
@pytest.mark.notebook
@pytest.mark.parametrize("name", LESSONS)
def test_the_search_does_find_the_answers_in_the_teachers_edition(executed, name):
    """The search above can fail: the teacher's edition shows every answer."""
    text = notebook_text(executed[name, "teacher"])
    for exercise_id, spec in exercises(name).items():
        assert found_forms(text, answer_forms(_answer(exercise_id), spec.denominator)), \
            exercise_id


def test_answer_forms():
    forms = answer_forms(Fraction(13, 18), 36)
    assert forms == {"13/18", "26/36", "0.722", "72.2%", r"\frac{13}{18}"}
    assert found_forms("P = 12/36 and 0.7222", {"2/3", "0.722"}) == set()
    assert found_forms("it is 13/18.", forms) == {"13/18"}
    assert answer_forms(Fraction(-1, 3), 6) >= {"-1/3", "-2/6", "-0.333", r"- \frac{1}{3}"}
