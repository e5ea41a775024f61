"""The key the lessons ship: ``dungeoncraft_widgets/lessons/keys.json``, written from
:mod:`.answers`. It holds, for each exercise, its lesson, question, hints and salted
digests (:mod:`..reading`), never a number that is an answer.

A salt is made once per exercise and kept when the key is written again, so the key
changes only when an answer, a mistake or a text does (``editions --check`` can then
tell whether it is up to date).

>>> from fractions import Fraction
>>> key = build_keys({}, only=["demo-half"])["exercises"]["demo-half"]
>>> sorted(key)
['answer', 'close', 'denominator', 'hint', 'lesson', 'mistakes', 'question', 'salt']
>>> key["answer"] == digest(exact_form(Fraction(1, 2)), key["salt"], "demo-half")
True
"""

from __future__ import annotations

import json
import pathlib
import secrets
from collections.abc import Iterable
from typing import Any

from ..reading import ITERATIONS, close_forms, digest, exact_form
from .answers import EXERCISES, answer, mistake_values

__all__ = ["KEYS", "build_keys", "keys_text", "write_keys"]

#: Where the key lives (package data: the student's check reads it).
KEYS = pathlib.Path(__file__).resolve().parents[1] / "keys.json"
FORMAT = 1


def build_keys(existing: dict[str, Any], only: Iterable[str] | None = None) -> dict[str, Any]:
    """The key for every exercise (or those in ``only``), reusing the salts in ``existing``
    (a key read back)."""
    old = existing.get("exercises", {}) if existing.get("iterations") == ITERATIONS else {}
    wanted = None if only is None else set(only)
    out: dict[str, Any] = {}
    for exercise_id, spec in EXERCISES.items():
        if wanted is not None and exercise_id not in wanted:
            continue
        salt = old.get(exercise_id, {}).get("salt") or secrets.token_hex(8)
        value = answer(exercise_id)

        def hashed(form: str, salt: str = salt, exercise_id: str = exercise_id) -> str:
            return digest(form, salt, exercise_id)

        mistakes = [[hashed(exact_form(m)), mistake.hint]
                    for m, mistake in zip(mistake_values(exercise_id), spec.mistakes,
                                          strict=True)]
        out[exercise_id] = {
            "lesson": spec.lesson, "question": spec.question, "hint": spec.hint,
            "denominator": spec.denominator, "salt": salt,
            "answer": hashed(exact_form(value)),
            # sorted: the order says nothing about which rounding is which
            "close": sorted(hashed(form) for form in close_forms(value)),
            "mistakes": mistakes,
        }
    return {"format": FORMAT, "hash": "pbkdf2-sha256", "iterations": ITERATIONS,
            "exercises": out}


def keys_text(key: dict[str, Any]) -> str:
    """The key as the text of ``keys.json``."""
    return json.dumps(key, indent=1, ensure_ascii=False) + "\n"


def write_keys(path: pathlib.Path = KEYS, check_only: bool = False) -> bool:
    """Write (or, with ``check_only``, compare) the key; True if it was (or would be)
    changed."""
    existing = json.loads(path.read_text("utf-8")) if path.exists() else {}
    text = keys_text(build_keys(existing))
    if path.exists() and path.read_text("utf-8") == text:
        return False
    if not check_only:
        path.write_text(text, "utf-8")
    return True

