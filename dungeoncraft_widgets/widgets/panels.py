"""Small pieces every calculator and odds panel uses: exact fractions typeset,
tables of numbers, reading the numbers people type (with errors that name the
field), and :class:`LiveCalculator`, whose answer follows its inputs.

>>> from sympy import Rational
>>> probability_latex(Rational(13, 18))
'$\\\\frac{13}{18} \\\\approx 72.2\\\\%$'
>>> parse_numbers("3, 5 6", "dice")
(3, 5, 6)
>>> parse_numbers("3, x", "dice")
Traceback (most recent call last):
...
dungeoncraft_widgets.core.errors.InvalidArgumentError: dice: 'x' is not a whole number
>>> parse_numbers(None, "dice")
Traceback (most recent call last):
...
dungeoncraft_widgets.core.errors.InvalidArgumentError: dice: expected text such as '3, 5', not None
>>> checked_number(7, "herb", minimum=2, maximum=4)
Traceback (most recent call last):
...
dungeoncraft_widgets.core.errors.InvalidArgumentError: herb: 7 is above 4, the largest allowed
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as w
import sympy
import traitlets

from ..core.checks import integer
from ..core.english import percent, percent_is_exact
from ..core.errors import DungeoncraftError, InvalidArgumentError
from .fallback import ERROR_MARK, StaticFallback, static_text

NOTE_MARK = "ℹ "   # a neutral note (a value clamped, a hint)
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,12}")  # ASCII digits only, and not absurdly long


def probability_latex(p: sympy.Rational | int) -> str:
    """An exact probability typeset as a fraction with its percentage beside it ("=" when
    the percentage is exact, as for 0, 1 or 1/2; else "≈").

    >>> probability_latex(0), probability_latex(sympy.Rational(1, 8))
    ('$0 = 0.0\\\\%$', '$\\\\frac{1}{8} = 12.5\\\\%$')
    """
    p = sympy.Rational(p)
    sign = "=" if percent_is_exact(p) else "\\approx"
    return f"${sympy.latex(p)} {sign} {percent(p)[:-1]}\\%$"


def checked_number(value: Any, name: str, *, minimum: int | None = None,
                   maximum: int | None = None) -> int:
    """``value`` as a whole number within ``minimum``..``maximum``, or an error naming ``name``.

    >>> checked_number(3, "gold", minimum=0)
    3
    >>> checked_number(2.5, "gold")
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: gold: 2.5 is not a whole number
    """
    if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
        value = int(value)
    if not integer(value):
        raise InvalidArgumentError(f"{name}: {value!r} is not a whole number")
    if minimum is not None and value < minimum:
        raise InvalidArgumentError(f"{name}: {value} is below {minimum}, the smallest allowed")
    if maximum is not None and value > maximum:
        raise InvalidArgumentError(f"{name}: {value} is above {maximum}, the largest allowed")
    return value


def parse_numbers(text: str, name: str, *, minimum: int | None = None,
                  maximum: int | None = None) -> tuple[int, ...]:
    """Whole numbers typed as ``"3, 5 6"`` (commas or spaces); errors name the field."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"{name}: expected text such as '3, 5', not {text!r}")
    out = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        if not _WHOLE_NUMBER.fullmatch(token):
            shown = token if len(token) <= 20 else token[:20] + "…"
            raise InvalidArgumentError(f"{name}: {shown!r} is not a whole number")
        out.append(checked_number(int(token), name, minimum=minimum, maximum=maximum))
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
        if isinstance(widget, PickPile):
            show_descriptions_whole([widget.adder])
        elif getattr(widget, "description", "") and hasattr(widget.style, "description_width"):
            widget.style.description_width = "initial"


class NumberField(w.IntText):
    """A whole-number field that never changes what was typed in silence.

    A bounded ipywidgets field clamps in the browser without a word (a creature of
    -4 quietly becomes 1). This one keeps what was typed; :meth:`LiveCalculator.number`
    reads it and either refuses it with an error naming the field and the bounds
    (the default) or, with ``clamp=True``, uses the nearest bound and says so.

    >>> herb = NumberField(3, description="Herb:", minimum=2, maximum=4)
    >>> herb.value = 7
    >>> herb.read()
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: herb: 7 is above 4, the largest allowed
    >>> NumberField(0, description="Creature:", minimum=1, clamp=True).read()
    (1, 'creature: 0 is below 1, the smallest allowed, so 1 is used')
    """

    def __init__(self, value: int = 0, *, minimum: int | None = None,
                 maximum: int | None = None, clamp: bool = False, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(value, **kwargs)
        self.minimum, self.maximum, self.clamp = minimum, maximum, clamp
        self.name = name or self.description.rstrip(": ").lower() or "number"
        if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
            raise InvalidArgumentError(f"{self.name}: minimum {minimum} is above maximum {maximum}")
        if not self.tooltip and (minimum is not None or maximum is not None):
            self.tooltip = _range_words(minimum, maximum)

    def read(self) -> tuple[int, str]:
        """(value, note): the value typed, or an error naming the field and its bounds;
        a clamping field gives the nearest bound instead, and a note saying so."""
        try:
            value = checked_number(self.value, self.name, minimum=self.minimum,
                                   maximum=self.maximum)
        except InvalidArgumentError as exc:
            if not self.clamp or not integer(self.value):
                raise
            value = max(self.value, self.minimum) if self.minimum is not None else self.value
            value = min(value, self.maximum) if self.maximum is not None else value
            return value, f"{exc}, so {value} is used"
        return value, ""


def _range_words(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f"a whole number from {minimum} to {maximum}"
    if minimum is not None:
        return f"a whole number, {minimum} or more"
    return f"a whole number, {maximum} or less"


class LiveCalculator(StaticFallback, w.VBox):
    """A panel whose answer follows its inputs as they change.

    Subclasses call ``super().__init__()`` first, then build their widgets (with
    ``self.message`` among the children), call ``watch(controls)`` and implement
    ``compute()``, raising a library error (a ValueError subclass) for bad input;
    that error is shown in ``self.message``, never as a traceback, and the results
    of the last valid input are greyed out (each largest box or widget without a
    watched control in it gets the class ``dcw-result``; the panel gets
    ``dcw-stale``) so they do not look like the answer to what is typed now.
    ``compute`` reads number fields with :meth:`number`, which refuses (or clamps,
    and says so) values out of range. Where no widget runs, the output shows a
    still picture: each input with its value, and the results (``static_html``).

    >>> class Doubler(LiveCalculator):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.n = NumberField(2, description="N:", minimum=0, maximum=9)
    ...         self.answer = w.Label()
    ...         self.children = [self.n, self.message, self.answer]
    ...         self.watch([self.n])
    ...         self.update()
    ...     def compute(self):
    ...         self.answer.value = str(2 * self.number(self.n))
    >>> calc = Doubler()
    >>> calc.answer.value
    '4'
    >>> calc.n.value = 12
    >>> calc.message.value, calc.answer.value, "dcw-stale" in calc._dom_classes
    ('✗ n: 12 is above 9, the largest allowed', '4', True)
    >>> calc.n.value = 3
    >>> calc.message.value, calc.answer.value, "dcw-stale" in calc._dom_classes
    ('', '6', False)
    """

    # Observable (issue 27): the headline answer as plain text after each valid input
    # ("" while the input is refused), for observe(), link() and marimo's state().
    answer_text = traitlets.Unicode(
        read_only=True, help="the headline answer in words and exact numbers, '' while the "
        "input is refused")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.message = message_label()
        self.add_class("dcw-calculator")
        self._controls: list[w.Widget] = []
        self._notes: list[str] = []
        self._computing = False

    def watch(self, controls: Sequence[w.Widget]) -> None:
        for control in controls:
            control.observe(lambda _change: self.update(), names="value")
            # a pile's own menu and list are inputs too: never greyed out as a result
            self._controls.extend(getattr(control, "parts", ()))
        self._controls.extend(controls)
        show_descriptions_whole(controls)

    def compute(self) -> None:
        raise NotImplementedError

    def number(self, field: NumberField) -> int:
        """The value of ``field``, checked against its bounds: an error naming the field
        (shown in the message), or, for a clamping field, the nearest bound with a note."""
        value, note = field.read()
        if note:
            self._notes.append(note)
            field.value = value  # shown as used; no second update: we are computing
        return value

    def update(self) -> None:
        if self._computing:
            return
        self._computing, self._notes = True, []
        try:
            self.compute()
        except DungeoncraftError as exc:
            self._mark_stale(True)
            self.message.value = f"{ERROR_MARK}{exc}"
            self.set_trait("answer_text", "")
            return
        finally:
            self._computing = False
        self._mark_stale(False)
        self.add_class("dcw-has-results")  # from now on an error greys these out
        self.set_trait("answer_text", self.headline_text())
        self.message.value = NOTE_MARK + "; ".join(self._notes) + "." if self._notes else ""

    def headline_text(self) -> str:
        """The headline answer as plain text: the words of ``self.headline`` (an HTML or
        HTMLMath widget, where the calculator has one), formulas written plainly."""
        headline = getattr(self, "headline", None)
        if not isinstance(headline, w.DOMWidget):
            return ""
        return " ".join(static_text(headline).split())

    def _mark_stale(self, stale: bool) -> None:
        if not stale:
            self.remove_class("dcw-stale")
            return
        skip = {id(c) for c in self._controls} | {id(self.message)}

        def holds_input(widget: w.Widget) -> bool:
            return id(widget) in skip or (isinstance(widget, w.Box) and any(
                holds_input(child) for child in widget.children))

        def mark(widget: w.Widget) -> None:
            # The largest boxes with no input in them: a board (an anywidget, which
            # takes no classes itself) is greyed out through the box around it.
            if isinstance(widget, w.Box) and holds_input(widget):
                for child in widget.children:
                    mark(child)
            elif id(widget) not in skip and isinstance(widget, w.DOMWidget):
                widget.add_class("dcw-result")
        for child in self.children:
            mark(child)
        self.add_class("dcw-stale")

    repr_width = 100

    def repr_line(self) -> str:
        # A calculator with a ``headline`` (its main answer) is summed up by it, not by
        # the introduction above its inputs.
        headline = getattr(self, "headline", None)
        if headline is None:
            return super().repr_line()
        first = static_text(headline).strip().split("\n")[0]
        if self.message.value:
            first = f"{self.message.value} (last answer: {first})"
        return first


def text_label(value: str = "") -> w.Label:
    """A Label whose text is shown exactly as written: never HTML, and never typeset as
    maths (a Label is typeset by JupyterLab's MathJax, so a player called "Bot $3$" would
    otherwise lose its dollars; MathJax skips an element with the class mathjax_ignore).

    >>> "mathjax_ignore" in text_label("Bot $3$")._dom_classes
    True
    """
    label = w.Label(value)
    label.add_class("mathjax_ignore")
    return label


def message_label() -> w.Label:
    """A Label for messages (plain text: what users type is never HTML or maths). A message
    that starts with "✗ " is an error and drawn in the error colour; others are not."""
    label = text_label()
    label.add_class("dcw-message")

    def colour(change: dict[str, Any]) -> None:
        if str(change["new"]).startswith(ERROR_MARK):
            label.add_class("dcw-error")
        else:
            label.remove_class("dcw-error")
    label.observe(colour, names="value")
    return label


class PickPile(w.VBox):
    """A pile of things chosen by clicking, never by typing: pick one in the menu to add
    it (the menu goes back to its prompt), click one in the list below to take one away.
    ``value`` is the tuple of what is in the pile, in the order added; a calculator
    watches it like any input (:meth:`LiveCalculator.watch`) and checks it (what is
    too many is the calculator's to say, in words). ``ordered``: the list shows each
    entry in its place (a stack), else one line per kind with its count (a deck).

    >>> pile = PickPile([("Bottle Cap", "bottle_cap"), ("Silver", "silver")],
    ...                 description="Deck:", value=("silver",))
    >>> pile.adder.value = "bottle_cap"; pile.adder.value = "bottle_cap"
    >>> pile.value, pile.adder.label, pile.summary.value
    (('silver', 'bottle_cap', 'bottle_cap'), 'add…', '<b>Deck:</b> 3 cards: Bottle Cap ×2, Silver')
    >>> pile.remover.value = "bottle_cap"   # a click in the list takes one away
    >>> pile.value
    ('silver', 'bottle_cap')
    """

    value = traitlets.Tuple(help="what is in the pile, in the order added")

    def __init__(self, options: Sequence[tuple[str, Any]], *, description: str,
                 value: Sequence[Any] = (), ordered: bool = False, noun: str = "card",
                 prompt: str = "add…", rows: int = 4, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.description, self.ordered, self.noun = description, ordered, noun
        self.labels = {v: label for label, v in options}
        # "" is the prompt: a menu whose value is None shows nothing at all
        self.adder = w.Dropdown(options=[(prompt, ""), *options], value="",
                                description=description,
                                layout=w.Layout(width="auto", max_width="100%"))
        self.remover = w.Select(options=[], value=None, rows=rows,
                                tooltip="click one to take it away",
                                layout=w.Layout(width="auto", max_width="100%"))
        self.summary = w.HTML()
        self._busy = False
        self.adder.observe(self._add, names="value")
        self.remover.observe(self._remove, names="value")
        self.observe(lambda _change: self._show(), names="value")
        controls = w.Box([self.adder, self.remover],
                         layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        controls.add_class("dcw-static-skip")  # the summary says it on a still page
        self.children = [controls, self.summary]
        self.parts = (self.adder, self.remover, self.summary, controls)
        self.value = tuple(value)
        self._show()

    def label(self, value: Any) -> str:
        return self.labels.get(value, str(value))

    def _add(self, change: dict[str, Any]) -> None:
        if self._busy or change["new"] == "":
            return
        self._busy = True
        try:
            self.adder.value = ""
        finally:
            self._busy = False
        self.value = (*self.value, change["new"])

    def _remove(self, change: dict[str, Any]) -> None:
        if self._busy or change["new"] is None:
            return
        items = list(self.value)
        if self.ordered:
            del items[change["new"]]
        else:
            items.reverse()  # the last one added goes first
            items.remove(change["new"])
            items.reverse()
        self.value = tuple(items)

    def _show(self) -> None:
        counts: dict[Any, int] = {}
        for item in self.value:
            counts[item] = counts.get(item, 0) + 1
        if self.ordered:
            options = [(f"{i + 1}. {self.label(v)}", i) for i, v in enumerate(self.value)]
            words = ", ".join(self.label(v) for v in self.value)
        else:
            options = [(f"{self.label(v)} ×{n}" if n > 1 else self.label(v), v)
                       for v, n in counts.items()]
            words = ", ".join(label for label, _v in sorted(options))
        self._busy = True
        try:
            self.remover.options = options
            self.remover.value = None
        finally:
            self._busy = False
        n = len(self.value)
        many = self.noun if n == 1 else self.noun + "s"
        self.summary.value = (f"<b>{html.escape(self.description)}</b> "
                              f"{n} {many}{': ' + html.escape(words) if words else ''}")
