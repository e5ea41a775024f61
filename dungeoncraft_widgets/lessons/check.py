"""Mark a student's answer: ``check(answer, "fog-1")``.

The expected answers are not written anywhere a student sees: each exercise
(:mod:`.definitions`) *computes* its answer with the library when it is checked,
so neither the notebook's source nor its output holds it.

What a check accepts and what it says:

- an exact number (``Fraction(13, 18)``, ``sympy.Rational(13, 18)``, an int, or a
  string such as ``"13/18"``): "correct" or "not right yet";
- a float equal to the answer as far as a float can be (``4/6`` in Python is the
  float 0.666...): right, but asked to be written exactly, e.g. ``Fraction(4, 6)``;
- a float (or decimal string) within the exercise's stated tolerance: close,
  but not exact;
- a blank answer (``None``, ``...`` or ``""``): "not answered yet", never an error;
- a wrong answer that matches a known mistake: a hint about that mistake.

>>> from fractions import Fraction
>>> check(None, "demo-half")
not answered yet: demo-half (the chance of heads with one fair coin)
>>> check(Fraction(1, 2), "demo-half")
correct: demo-half: 1/2
>>> check(1 / 2, "demo-half").status
'exact-needed'
>>> check("1/4", "demo-half").hint
'that is two heads in a row; the question is about one coin'
"""

from __future__ import annotations

import html
import math
import numbers
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import sympy

from ..core.errors import InvalidArgumentError
from .definitions import EXERCISES, Exercise, Mistake, exercise

__all__ = ["CheckResult", "Exercise", "Mistake", "check", "exercise", "exercises"]

#: status -> the words a student reads first
STATUS_WORDS = {
    "correct": "correct",
    "exact-needed": "right, but not exact",
    "close": "close, but not exact",
    "wrong": "not right yet",
    "blank": "not answered yet",
    "unreadable": "cannot read this answer",
}
_SYMBOLS = {"correct": "✔", "exact-needed": "≈", "close": "≈", "wrong": "✘", "blank": "…",
            "unreadable": "?"}
MIME = "application/vnd.dungeoncraft.check+json"


def exercises(lesson: str | None = None) -> dict[str, Exercise]:
    """Every exercise (of one lesson, if given), by id, in definition order.

    >>> sorted(exercises("demo"))
    ['demo-half']
    """
    return {k: e for k, e in EXERCISES.items() if lesson is None or e.lesson == lesson}


@cache
def _answer(exercise_id: str) -> Fraction:
    return _exact_value(EXERCISES[exercise_id].expected())


@cache
def _mistake_values(exercise_id: str) -> tuple[Fraction, ...]:
    return tuple(_exact_value(m.value()) for m in EXERCISES[exercise_id].mistakes)


def _exact_value(value: Any) -> Fraction:
    """An exercise's own (computed) number as a Fraction; anything inexact is a bug."""
    kind, number = _read(value)
    if kind != "exact":
        raise TypeError(f"an exercise's answer must be exact, not {value!r}")
    return number


# ------------------------------------------------------------------ reading answers
_FRACTION = re.compile(r"^\s*([+-]?\d+)\s*/\s*([+-]?\d+)\s*$")
_INTEGER = re.compile(r"^\s*[+-]?\d+\s*$")
_DECIMAL = re.compile(r"^\s*[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?\s*$")


def _read(answer: Any) -> tuple[str, Any]:
    """("blank"|"exact"|"decimal"|"float"|"unreadable", value): what kind of answer this is
    (a "decimal" is a decimal string, read exactly: "0.5" is 1/2)."""
    if answer is None or answer is Ellipsis:
        return "blank", None
    if isinstance(answer, bool):
        return "unreadable", "True and False are not numbers"
    if isinstance(answer, (int, Fraction)):
        return "exact", Fraction(answer)
    if isinstance(answer, sympy.Basic):
        if answer.free_symbols:
            return "unreadable", f"{answer} is not a number (it has symbols in it)"
        if not answer.atoms(sympy.Float):  # exact: 1 - Rational(5, 18) and the like
            answer = sympy.simplify(answer)
            if answer.is_Rational:
                return "exact", Fraction(int(answer.p), int(answer.q))
        if answer.is_number and answer.is_real:
            return "float", float(answer)
        return "unreadable", f"{answer} is not a real number"
    if isinstance(answer, str):
        text = answer.strip()
        if not text:
            return "blank", None
        if _INTEGER.match(text):
            return "exact", Fraction(int(text))
        match = _FRACTION.match(text)
        if match:
            if int(match.group(2)) == 0:
                return "unreadable", f"{text!r} divides by zero"
            return "exact", Fraction(int(match.group(1)), int(match.group(2)))
        if _DECIMAL.match(text):
            return "decimal", Fraction(text)
        return "unreadable", (f"{text!r} is not a number: write a fraction such as "
                              "'13/18' or Fraction(13, 18)")
    if isinstance(answer, numbers.Real):  # float, numpy floats
        value = float(answer)
        if math.isnan(value) or math.isinf(value):
            return "unreadable", f"{value} is not a number a chance can be"
        return "float", value
    return "unreadable", (f"a {type(answer).__name__} is not a number: write a fraction "
                          "such as Fraction(13, 18)")


def _exact_text(value: Fraction, denominator: int | None) -> str:
    """How to write ``value`` exactly in Python, over ``denominator`` when that fits."""
    if value.denominator == 1:
        return str(value.numerator)
    if denominator and denominator % value.denominator == 0:
        scale = denominator // value.denominator
        return f"Fraction({value.numerator * scale}, {denominator})"
    return f"Fraction({value.numerator}, {value.denominator})"


# ------------------------------------------------------------------ the result
@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` says: ``status`` (a key of :data:`STATUS_WORDS`), ``message``
    and ``hint``. Shown in a notebook as a short coloured note."""

    exercise: str
    status: str
    message: str
    hint: str = ""
    question: str = field(default="", repr=False)

    @property
    def correct(self) -> bool:
        """True only for an exact right answer."""
        return self.status == "correct"

    @property
    def right_value(self) -> bool:
        """True for an exact right answer and for a float that equals it."""
        return self.status in ("correct", "exact-needed")

    def __str__(self) -> str:
        text = f"{STATUS_WORDS[self.status]}: {self.exercise}"
        if self.message:
            text += f": {self.message}" if self.status != "blank" else f" ({self.message})"
        if self.hint:
            text += f" Hint: {self.hint}"
        return text

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = {"correct": "var(--jp-success-color1, #2e7d32)",
                  "exact-needed": "var(--jp-warn-color1, #b26a00)",
                  "close": "var(--jp-warn-color1, #b26a00)",
                  "blank": "var(--jp-ui-font-color2, #666)"}.get(
                      self.status, "var(--jp-error-color1, #c62828)")
        hint = (f"<div style='margin-top:2px'><b>Hint:</b> {html.escape(self.hint)}</div>"
                if self.hint else "")
        return (f"<div class='dcw-check dcw-check-{self.status}' style='border-left:4px solid "
                f"{colour};padding:2px 8px'><b style='color:{colour}'>"
                f"{_SYMBOLS[self.status]} {html.escape(STATUS_WORDS[self.status].capitalize())}"
                f"</b> <span>({html.escape(self.exercise)})</span>"
                f"<div>{html.escape(self.message)}</div>{hint}</div>")

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, Any]:
        # The machine-readable part lets the tests find every check in an executed notebook.
        return {"text/plain": str(self), "text/html": self._repr_html_(),
                MIME: {"exercise": self.exercise, "status": self.status}}


def check(answer: Any, exercise: str) -> CheckResult:
    """Mark ``answer`` to the exercise named ``exercise`` (e.g. ``"fog-1"``).

    See the module docstring for what is accepted. An unknown exercise name is an
    :class:`~dungeoncraft_widgets.core.errors.InvalidArgumentError` naming the known ones.

    >>> from fractions import Fraction
    >>> check("0.5", "demo-half").status
    'correct'
    >>> print(check(0.49, "demo-half"))
    not right yet: demo-half: 0.49 is not the answer. Hint: count the outcomes: how many \
faces does a coin have, and how many are heads?
    >>> print(check(0.5001, "demo-half"))
    close, but not exact: demo-half: 0.5001 is within 0.0005 of the answer, but not exact: \
give it exactly, as a fraction (Fraction(a, b) or the text 'a/b').
    """
    known = exercises()
    if exercise not in known:
        raise InvalidArgumentError(
            f"exercise: no exercise is called {exercise!r}; known: {', '.join(known)}")
    spec = known[exercise]
    kind, value = _read(answer)
    if kind == "blank":
        return CheckResult(exercise, "blank", spec.question, question=spec.question)
    if kind == "unreadable":
        return CheckResult(exercise, "unreadable", value, question=spec.question)
    expected = _answer(spec.id)
    if kind in ("exact", "decimal") and value == expected:
        return CheckResult(exercise, "correct", str(answer if kind == "decimal" else value),
                           question=spec.question)
    if kind == "exact":
        return _wrong(spec, value, str(value))
    if kind == "decimal":  # a rounded decimal is "close", never "right but a float"
        value = float(value)
        if abs(value - float(expected)) <= spec.tolerance:
            return _close(spec, value)
        return _wrong(spec, value, repr(value))
    # a float
    if value == float(expected) or math.isclose(value, float(expected), rel_tol=1e-12,
                                                abs_tol=1e-15):
        return CheckResult(
            exercise, "exact-needed",
            f"{value!r} is the right value, but a float: in Python a / b makes a rounded "
            f"decimal (4/6 is 0.6666666666666666). Write it exactly, as "
            f"{_exact_text(expected, spec.denominator)}.", question=spec.question)
    if abs(value - float(expected)) <= spec.tolerance:
        return _close(spec, value)
    return _wrong(spec, value, repr(value))


def _close(spec: Exercise, value: float) -> CheckResult:
    return CheckResult(
        spec.id, "close",
        f"{value!r} is within {spec.tolerance:g} of the answer, but not exact: give it "
        "exactly, as a fraction (Fraction(a, b) or the text 'a/b').", question=spec.question)


def _wrong(spec: Exercise, value: Fraction | float, shown: str) -> CheckResult:
    for mistake, wrong in zip(spec.mistakes, _mistake_values(spec.id), strict=True):
        if value == wrong or (isinstance(value, float)
                              and math.isclose(value, float(wrong), rel_tol=1e-9)):
            return CheckResult(spec.id, "wrong", f"{shown} is not the answer.", mistake.hint,
                               question=spec.question)
    return CheckResult(spec.id, "wrong", f"{shown} is not the answer.", spec.hint,
                       question=spec.question)
