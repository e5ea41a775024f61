"""Reading a student's answer, and the salted digests :func:`~.check.check` compares it with.

An answer is read into a :class:`Reading`: what kind of thing was written and its exact
value. Every form a student is likely to write is understood:

>>> read("13/18").value, read("1 - 5/18").value, read("Fraction(26, 36)").value
(Fraction(13, 18), Fraction(13, 18), Fraction(13, 18))
>>> r = read("72.22%")
>>> r.kind, r.value, r.digits
('decimal', Fraction(3611, 5000), 4)
>>> from decimal import Decimal
>>> read(Decimal("0.72")).digits, read(0.72).digits, read(2.25).value
(2, 2, Fraction(9, 4))
>>> read(None).kind, read("  ").kind, read(True).kind
('blank', 'blank', 'unreadable')

The key a lesson ships (``keys.json``) holds no answer: for each exercise only salted
digests (PBKDF2-SHA256) of the answer's canonical form (:func:`exact_form`), of its
roundings to 2, 3 and 4 decimals (:func:`close_forms`) and of the recognised mistakes.
A digest cannot be turned back into a number; the only way from it to the answer is to
guess and hash, a slow hash per guess, which is what asking :func:`~.check.check` is.

>>> exact_form(Fraction(26, 36)), exact_form(Fraction(1000))
('=13/18', '=1000/1')
>>> sorted(close_forms(Fraction(13, 18)))
['~0.72', '~0.722', '~0.7222']
>>> sorted(close_forms(Fraction(5, 7)))   # rounded or cut
['~0.71', '~0.714', '~0.7142', '~0.7143']
>>> digest("=1/2", "salt", "demo") == digest("=1/2", "salt", "demo") != digest("=1/2", "s", "demo")
True
"""

from __future__ import annotations

import ast
import decimal
import hashlib
import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import sympy

__all__ = ["CLOSE_DIGITS", "ITERATIONS", "Reading", "close_forms", "decimal_form", "digest",
           "exact_form", "read"]

#: The decimals at which a rounded (or cut) answer counts as "close": 0.72 for 13/18.
CLOSE_DIGITS = (2, 3, 4)
#: PBKDF2 rounds per digest: slow enough that trying every fraction offline costs what
#: asking check() does, fast enough that a check answers at once.
ITERATIONS = 100_000
#: Names an answer written as text may call: Fraction(13, 18), Rational(13, 18), R(13, 18).
_CALLS = {"Fraction", "Rational", "R", "S"}


@dataclass(frozen=True)
class Reading:
    """What an answer is: ``kind`` is ``"blank"``, ``"exact"`` (an int, a fraction, an exact
    expression), ``"decimal"`` (a decimal written out: ``"0.72"``, ``Decimal("0.72")``,
    ``"72.2%"``), ``"float"`` or ``"unreadable"``; ``value`` is its exact value (a float's
    own binary value), ``digits`` the decimals a decimal or float was written with,
    ``shown`` how to show it back and ``problem`` why it could not be read."""

    kind: str
    value: Fraction | None = None
    digits: int | None = None
    shown: str = ""
    problem: str = ""


def _unreadable(problem: str) -> Reading:
    return Reading("unreadable", problem=problem)


def read(answer: Any) -> Reading:
    """Read ``answer`` (see the module docstring); never raises."""
    if answer is None or answer is Ellipsis:
        return Reading("blank")
    if isinstance(answer, bool):
        return _unreadable("True and False are not numbers")
    if isinstance(answer, (numbers.Integral, Fraction)):
        value = Fraction(int(answer)) if isinstance(answer, numbers.Integral) else answer
        return Reading("exact", value, shown=str(value))
    if isinstance(answer, decimal.Decimal):
        if not answer.is_finite():
            return _unreadable(f"{answer} is not a number a chance can be")
        return Reading("decimal", Fraction(answer), _decimals(answer), shown=str(answer))
    if isinstance(answer, sympy.Basic):
        return _read_sympy(answer)
    if isinstance(answer, str):
        return _read_text(answer)
    if isinstance(answer, numbers.Real):  # float, numpy floats
        value = float(answer)
        if math.isnan(value) or math.isinf(value):
            return _unreadable(f"{value} is not a number a chance can be")
        return Reading("float", Fraction(value), _decimals(decimal.Decimal(repr(value))),
                       shown=repr(value))
    return _unreadable(f"a {type(answer).__name__} is not a number: write a fraction such "
                       "as Fraction(13, 18)")


def _decimals(number: decimal.Decimal) -> int:
    exponent = number.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _read_sympy(answer: sympy.Basic) -> Reading:
    if answer.free_symbols:
        return _unreadable(f"{answer} is not a number (it has symbols in it)")
    if not answer.atoms(sympy.Float):  # exact: 1 - Rational(5, 18) and the like
        simple = sympy.nsimplify(answer) if not answer.is_Rational else answer
        simple = sympy.simplify(simple)
        if simple.is_Rational:
            value = Fraction(int(simple.p), int(simple.q))
            return Reading("exact", value, shown=str(value))
    if answer.is_number and answer.is_real:
        return read(float(answer))
    return _unreadable(f"{answer} is not a real number")


def _read_text(answer: str) -> Reading:
    text = answer.strip()
    if not text:
        return Reading("blank")
    percent = text.endswith("%")
    body = text[:-1].strip() if percent else text
    try:
        tree = ast.parse(body, mode="eval")
        value, digits = _evaluate(tree.body, body)
    except (SyntaxError, ValueError, TypeError, ZeroDivisionError, OverflowError) as exc:
        why = f" ({exc})" if isinstance(exc, (ValueError, ZeroDivisionError)) else ""
        return _unreadable(f"{text!r} is not a number{why}: write a fraction such as "
                           "'13/18' or Fraction(13, 18)")
    if percent:
        value /= 100
        digits = None if digits is None else digits + 2
    if digits is None and not percent:
        return Reading("exact", value, shown=text)
    return Reading("decimal", value, digits or 0, shown=text)


def _evaluate(node: ast.AST, source: str) -> tuple[Fraction, int | None]:
    """The exact value of a small arithmetic expression, and the most decimals any decimal
    number in it was written with (None: none was)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
            and not isinstance(node.value, bool):
        if isinstance(node.value, int):
            return Fraction(node.value), None
        written = decimal.Decimal(ast.get_source_segment(source, node) or repr(node.value))
        return Fraction(written), _decimals(written)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        value, digits = _evaluate(node.operand, source)
        return (-value if isinstance(node.op, ast.USub) else value), digits
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult,
                                                            ast.Div, ast.Pow)):
        left, dl = _evaluate(node.left, source)
        right, dr = _evaluate(node.right, source)
        digits = max((d for d in (dl, dr) if d is not None), default=None)
        if isinstance(node.op, ast.Pow):
            if right.denominator != 1 or abs(right) > 64:
                raise ValueError("a power must be a small whole number")
            return left ** int(right), digits
        if isinstance(node.op, ast.Div) and right == 0:
            raise ZeroDivisionError("it divides by zero")
        operate = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
                   ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b}
        return operate[type(node.op)](left, right), digits
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in _CALLS and not node.keywords and 1 <= len(node.args) <= 2:
        parts = [_evaluate(a, source) for a in node.args]
        value = parts[0][0] if len(parts) == 1 else parts[0][0] / parts[1][0]
        return value, max((d for _, d in parts if d is not None), default=None)
    raise TypeError("only numbers, + - * / ** and Fraction(a, b) are read")


# ---------------------------------------------------------------------- forms and digests
def exact_form(value: Fraction) -> str:
    """The canonical text of an exact value: ``=p/q`` in lowest terms."""
    value = Fraction(value)
    return f"={value.numerator}/{value.denominator}"


def decimal_form(value: Fraction, digits: int, rounding: str = decimal.ROUND_HALF_UP) -> str:
    """``value`` written with ``digits`` decimals (rounded half up, or cut with
    ``decimal.ROUND_DOWN``), as a "close" form: ``~0.72``."""
    number = _exact_decimal(value, digits + 5)
    quantum = decimal.Decimal(1).scaleb(-digits)
    return "~" + str(number.quantize(quantum, rounding=rounding))


def _exact_decimal(value: Fraction, extra: int) -> decimal.Decimal:
    with decimal.localcontext() as context:
        context.prec = max(28, len(str(abs(value.numerator) // value.denominator)) + extra + 5)
        return decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator)


def close_forms(value: Fraction) -> set[str]:
    """The "close" forms of an answer: rounded and cut to each of :data:`CLOSE_DIGITS`
    decimals (none for a whole number: 999 is wrong, not close to 1000)."""
    value = Fraction(value)
    if value.denominator == 1:
        return set()
    return {decimal_form(value, d, rounding) for d in CLOSE_DIGITS
            for rounding in (decimal.ROUND_HALF_UP, decimal.ROUND_DOWN)}


@lru_cache(maxsize=4096)
def digest(form: str, salt: str, exercise: str, iterations: int = ITERATIONS) -> str:
    """The salted digest of one form of an answer (hex, 128 bits)."""
    return hashlib.pbkdf2_hmac("sha256", form.encode(), f"{salt}:{exercise}".encode(),
                               iterations).hex()[:32]
