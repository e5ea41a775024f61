"""Mark a student's answer: ``check(answer, "fog-1")``.

The answers are nowhere a student can read them: not in the notebook, not in this
module, not in anything it imports. The lessons ship a key (``keys.json``) of salted
digests (:mod:`.reading`); ``check`` reads the answer into its canonical form, digests
it and compares. The teacher's tooling (:mod:`.teacher`, not on the student site)
computes the answers with the library and writes the key.

What a check accepts and what it says:

- an exact number (``Fraction(13, 18)``, ``sympy.Rational(13, 18)``, an int, a float or
  ``Decimal`` whose value is exactly the answer (2.25, 0.5, 1000.0), or text such as
  ``"13/18"``, ``"1 - 5/18"``, ``"0.125"``): "correct" or "not right yet";
- a float that is the right fraction rounded by Python (``1/7`` is 0.142857...): right, but
  asked to be written exactly, e.g. ``Fraction(2, 14)``;
- a decimal with 2 to 4 decimals that is the answer rounded or cut there (0.72 for 13/18,
  1.67 for 5/3, ``"72.22%"``, ``Decimal("0.72")``): "close — write it exactly";
- a blank answer (``None``, ``...`` or ``""``): "not answered yet", never an error;
- a wrong answer that matches a known mistake: a hint about that mistake.

>>> from fractions import Fraction
>>> check(None, "demo-half")
not answered yet: demo-half (the chance of heads with one fair coin)
>>> check(Fraction(1, 2), "demo-half")
correct: demo-half: 1/2
>>> check("1/4", "demo-half").hint
'that is two heads in a row; the question is about one coin'
"""

from __future__ import annotations

import html
import json
import pathlib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from ..core.errors import InvalidArgumentError
from .reading import CLOSE_DIGITS, Reading, decimal_form, digest, exact_form, read

__all__ = ["CheckResult", "ExerciseInfo", "check", "exercises"]

KEYS = pathlib.Path(__file__).with_name("keys.json")

#: status -> the words a student reads first
STATUS_WORDS = {
    "correct": "correct",
    "exact-needed": "right, but not exact",
    "close": "close — write it exactly",
    "wrong": "not right yet",
    "blank": "not answered yet",
    "unreadable": "cannot read this answer",
}
_SYMBOLS = {"correct": "✔", "exact-needed": "≈", "close": "≈", "wrong": "✘", "blank": "…",
            "unreadable": "?"}
MIME = "application/vnd.dungeoncraft.check+json"
#: The largest denominator a float is read back to (0.14285714285714285 is 1/7); a hand
#: of 4 of Dubious Alliance's 121 cards has C(121, 4) = 8,495,410 (the read-back must still
#: give the very same float, so a larger bound accepts no other answer).
_FLOAT_DENOMINATOR = 10**8


@dataclass(frozen=True)
class ExerciseInfo:
    """What a student may know about an exercise: its ``id``, ``lesson`` and ``question``."""

    id: str
    lesson: str
    question: str


@cache
def _keys() -> dict[str, Any]:
    return json.loads(KEYS.read_text("utf-8"))


def exercises(lesson: str | None = None) -> dict[str, ExerciseInfo]:
    """Every exercise (of one lesson, if given), by id, in the lessons' order.

    >>> sorted(exercises("demo"))
    ['demo-half']
    >>> exercises("demo")["demo-half"].question
    'the chance of heads with one fair coin'
    """
    return {k: ExerciseInfo(k, e["lesson"], e["question"])
            for k, e in _keys()["exercises"].items() if lesson is None or e["lesson"] == lesson}


def _hashed(form: str, exercise: str) -> str:
    key = _keys()
    return digest(form, key["exercises"][exercise]["salt"], exercise, key["iterations"])


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
        """True for an exact right answer and for a float that is it, rounded."""
        return self.status in ("correct", "exact-needed")

    def show(self) -> None:
        """Display this result in the notebook (as a display, not a cell's value: nbgrader
        reads a test cell's value as a partial grade, and this is none)."""
        try:
            from IPython.display import display
        except ImportError:  # pragma: no cover (no IPython: a terminal)
            print(self)
        else:
            display(self)

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
        words = STATUS_WORDS[self.status]
        return (f"<div class='dcw-check dcw-check-{self.status}' style='border-left:4px solid "
                f"{colour};padding:2px 8px'><b style='color:{colour}'>"
                f"{_SYMBOLS[self.status]} {html.escape(words[0].upper() + words[1:])}"
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

    >>> check("0.5", "demo-half").status, check(0.5, "demo-half").status
    ('correct', 'correct')
    >>> print(check(0.49, "demo-half"))
    not right yet: demo-half: 0.49 is not the answer. Hint: count the outcomes: how many \
faces does a coin have, and how many are heads?
    >>> print(check("50%", "demo-half"))
    correct: demo-half: 50%
    """
    known = _keys()["exercises"]
    if exercise not in known:
        raise InvalidArgumentError(
            f"exercise: no exercise is called {exercise!r}; known: {', '.join(known)}")
    spec = known[exercise]
    reading = read(answer)
    if reading.kind == "blank":
        return CheckResult(exercise, "blank", spec["question"], question=spec["question"])
    if reading.kind == "unreadable":
        return CheckResult(exercise, "unreadable", reading.problem, question=spec["question"])
    if _hashed(exact_form(reading.value), exercise) == spec["answer"]:
        return CheckResult(exercise, "correct", reading.shown, question=spec["question"])
    candidate = _float_fraction(reading)
    if candidate is not None:
        if _hashed(exact_form(candidate), exercise) == spec["answer"]:
            return CheckResult(
                exercise, "exact-needed",
                f"{reading.shown} is the right value, but rounded: in Python a / b makes a "
                f"rounded decimal (1/7 is 0.14285714285714285). Write it exactly, as "
                f"{_exact_text(candidate, spec['denominator'])}.", question=spec["question"])
    digits = _close_digits(reading, exercise, spec)
    if digits is not None:
        return CheckResult(
            exercise, "close",
            f"{reading.shown} agrees with the answer to {digits} decimals, but it is not "
            "exact: write it exactly, as a fraction (Fraction(a, b) or the text 'a/b').",
            question=spec["question"])
    shown = reading.shown if reading.kind != "exact" else str(reading.value)
    for form in {exact_form(reading.value)} | (
            {exact_form(candidate)} if candidate is not None else set()):
        mine = _hashed(form, exercise)
        for wrong, hint in spec["mistakes"]:
            if wrong == mine:
                return CheckResult(exercise, "wrong", f"{shown} is not the answer.", hint,
                                   question=spec["question"])
    return CheckResult(exercise, "wrong", f"{shown} is not the answer.", spec["hint"],
                       question=spec["question"])


def _float_fraction(reading: Reading) -> Fraction | None:
    """The simple fraction a float is the rounding of (0.14285714285714285: 1/7), if any."""
    if reading.kind != "float":
        return None
    candidate = reading.value.limit_denominator(_FLOAT_DENOMINATOR)
    if candidate == reading.value or float(candidate) != float(reading.value):
        return None
    return candidate


def _close_digits(reading: Reading, exercise: str, spec: dict[str, Any]) -> int | None:
    """The decimals at which a decimal or float answer agrees with the answer, if it does:
    written with 2 to 4 decimals, it must be the answer rounded or cut there; with more,
    it must round to the answer's 4 decimals."""
    if reading.kind not in ("decimal", "float") or not spec["close"] or reading.digits is None:
        return None
    if reading.digits < CLOSE_DIGITS[0]:
        return None
    digits = min(reading.digits, CLOSE_DIGITS[-1])
    if _hashed(decimal_form(reading.value, digits), exercise) in spec["close"]:
        return digits
    return None
