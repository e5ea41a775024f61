"""Small pieces every calculator and odds panel uses: exact fractions typeset,
tables of numbers, and reading lists of numbers that people type.

>>> from sympy import Rational
>>> probability_latex(Rational(13, 18))
'$\\\\frac{13}{18} \\\\approx 72.2\\\\%$'
>>> parse_numbers("3, 5 6", "dice")
(3, 5, 6)
>>> parse_numbers("3, x", "dice")
Traceback (most recent call last):
...
dungeoncraft_widgets.core.errors.InvalidArgumentError: dice: 'x' is not a whole number
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import ipywidgets as w
import sympy

from ..core.charts import percent
from ..core.errors import DungeoncraftError, InvalidArgumentError


def probability_latex(p: sympy.Rational | int) -> str:
    """An exact probability typeset as a fraction with its percentage beside it."""
    return f"${sympy.latex(sympy.Rational(p))} \\approx {percent(p)[:-1]}\\%$"


def parse_numbers(text: str, name: str, *, minimum: int | None = None,
                  maximum: int | None = None) -> tuple[int, ...]:
    """Whole numbers typed as ``"3, 5 6"`` (commas or spaces); errors name the field."""
    out = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        try:
            value = int(token)
        except ValueError:
            raise InvalidArgumentError(f"{name}: {token!r} is not a whole number") from None
        if minimum is not None and value < minimum:
            raise InvalidArgumentError(f"{name}: {value} is below {minimum}")
        if maximum is not None and value > maximum:
            raise InvalidArgumentError(f"{name}: {value} is above {maximum}")
        out.append(value)
    return tuple(out)


def table_html(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An HTML table; every cell is escaped (cells may hold names from data)."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f'<table class="dcw-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def show_descriptions_whole(widgets: Sequence[w.Widget]) -> None:
    """Let each widget's description take the room it needs (no "Compan…" cut-offs)."""
    for widget in widgets:
        if getattr(widget, "description", "") and hasattr(widget.style, "description_width"):
            widget.style.description_width = "initial"


class LiveCalculator(w.VBox):
    """A panel whose answer follows its inputs as they change.

    Subclasses call ``super().__init__()`` first, then build their widgets (with
    ``self.message`` among the children), call ``watch(controls)`` and implement
    ``compute()``, raising a library error (a ValueError subclass) for bad input;
    that error is shown in ``self.message``, never as a traceback.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.message = message_label()
        self.add_class("dcw-calculator")

    def watch(self, controls: Sequence[w.Widget]) -> None:
        for control in controls:
            control.observe(lambda _change: self.update(), names="value")
        show_descriptions_whole(controls)

    def compute(self) -> None:
        raise NotImplementedError

    def update(self) -> None:
        try:
            self.compute()
        except DungeoncraftError as exc:
            self.message.value = f"✗ {exc}"
            return
        self.message.value = ""


def message_label() -> w.Label:
    """A Label for messages (plain text: what users type is never HTML)."""
    label = w.Label()
    label.add_class("dcw-message")
    return label
