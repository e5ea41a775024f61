"""Static fallbacks: what an app or a calculator shows where no widget runs.

GitHub, nbviewer, a notebook saved without its widget state, ``nbconvert
--to html``: none of them runs the widgets, so each output also carries a
``text/html`` picture of the widget as it was when shown. The picture is built
from the same widgets, walked from top to bottom: boards as their static SVG,
results as their HTML (exact fractions written plainly, ``13/18 ≈ 72.2%``, as no
typesetting may run there), every input with the value it held, the choices
with their odds, and the log folded away. A front end that runs widgets picks
the widget and ignores the picture.

>>> import ipywidgets as w
>>> box = w.VBox([w.IntText(12, description="Creature:"),
...               w.HTMLMath("<b>Chance</b>: $\\\\frac{13}{18} \\\\approx 72.2\\\\%$")])
>>> print(static_html(box))
<div class="dcw-static tex2jax_ignore mathjax_ignore" \
style="display:flex;flex-direction:column;gap:4px;max-width:100%">\
<div class="dcw-static-input"><b>Creature:</b> 12</div><div><b>Chance</b>: 13/18 ≈ 72.2%</div></div>
>>> plain_math("$\\\\frac{1}{2} \\\\approx 50.0\\\\%$")
'1/2 ≈ 50.0%'
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w

from .board import BoardView, LogView

#: A message starting with this is an error: drawn in the error colour, live
#: (:func:`.panels.message_label`) and in the still picture.
ERROR_MARK = "✗ "
_MATH = re.compile(r"\$\$?(.+?)\$\$?", re.S)
_FRACTION = re.compile(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}")
_SYMBOLS = {r"\approx": "≈", r"\%": "%", r"\cdot": "·", r"\times": "×", r"\leq": "≤",
            r"\geq": "≥", r"\le": "≤", r"\ge": "≥", r"\,": " ", r"\;": " ", r"\!": "",
            r"\left": "", r"\right": "", r"\quad": " "}
# Boxes with these classes are controls that mean nothing on a still page.
SKIPPED_CLASSES = {"dcw-controls", "dcw-static-skip"}
BOX_STYLE = "display:flex;flex-direction:{direction};{wrap}gap:4px;max-width:100%"


def plain_math(text: str) -> str:
    """``text`` with every ``$...$`` formula written plainly (fractions as ``a/b``).

    Only the simple formulas this library writes (fractions, ≈, %) are turned into
    text; anything else in a formula is left as it was, without the dollars.

    >>> plain_math("worth $\\\\frac{5}{36}$ more")
    'worth 5/36 more'
    """
    def one(match: re.Match[str]) -> str:
        formula = _FRACTION.sub(r"\1/\2", match.group(1))
        for command, symbol in _SYMBOLS.items():
            formula = formula.replace(command, symbol)
        return re.sub(r"\s+", " ", formula.replace("{", "").replace("}", "")).strip()
    return _MATH.sub(one, text)


def static_html(widget: w.Widget) -> str:
    """A still HTML picture of ``widget`` and everything in it (see the module docstring)."""
    return Renderer().html([widget])


class Renderer:
    """Walks widgets from top to bottom and writes them as HTML.

    Still (the default): inputs as "Description value", choice buttons as a list,
    controls (``dcw-controls``) left out. ``live=True`` (for :class:`~.mirror.LiveView`):
    inputs and buttons become form elements marked ``data-dcw-index``, the index of
    the widget in ``self.controls``, so the browser can report what was done to
    which widget. Widgets in ``exclude`` (e.g. a board shown live beside) are left out.
    """

    def __init__(self, *, live: bool = False, exclude: tuple[w.Widget, ...] = ()) -> None:
        self.live = live
        self.exclude = {id(x) for x in exclude}
        self.controls: list[w.Widget] = []

    def html(self, widgets: list[w.Widget]) -> str:
        out: list[str] = []
        if len(widgets) == 1 and isinstance(widgets[0], w.Box):
            self._render(widgets[0], out, top=True)
        else:
            inner: list[str] = []
            for widget in widgets:
                self._render(widget, inner)
            out.append(f'<div class="dcw-static tex2jax_ignore mathjax_ignore" '
                       f'style="{_box_style("column")}">{"".join(inner)}</div>')
        return "".join(out)

    def _render(self, widget: w.Widget, out: list[str], top: bool = False) -> None:
        classes = _classes(widget)
        if id(widget) in self.exclude or _hidden(widget) or \
                classes & (SKIPPED_CLASSES - ({"dcw-controls"} if self.live else set())):
            return
        css = " ".join(sorted(c for c in classes if c.startswith("dcw-")))
        if isinstance(widget, BoardView):
            if widget._static_svg:
                out.append(f'<div class="dcw-static-board {css}">{widget._static_svg}</div>')
        elif isinstance(widget, LogView):
            lines = widget.lines
            if lines:
                items = "".join(f"<li>{html.escape(line['text'])}</li>" for line in lines)
                out.append(f'<details class="dcw-static-log"><summary>Log ({len(lines)} '
                           f"line{'s' if len(lines) != 1 else ''})</summary><ol>{items}</ol>"
                           "</details>")
        elif isinstance(widget, w.Box):
            flow = widget.layout.flex_flow or ""
            direction = "row" if isinstance(widget, w.HBox) or "row" in flow else "column"
            inner: list[str] = []
            for child in widget.children:
                self._render(child, inner)
            if inner or top:
                # Nothing in a picture is maths (formulas are written plainly): MathJax,
                # which typesets HTML outputs in JupyterLab and nbconvert's pages, keeps off.
                cls = ("dcw-static tex2jax_ignore mathjax_ignore " if top
                       else "dcw-static-box ") + css
                out.append(f'<div class="{cls.strip()}" style="{_box_style(direction)}">'
                           f'{"".join(inner)}</div>')
        elif isinstance(widget, (w.HTML, w.HTMLMath)):
            if widget.value:
                value = plain_math(widget.value) if isinstance(widget, w.HTMLMath) else widget.value
                out.append(f'<div class="{css}">{value}</div>' if css else f"<div>{value}</div>")
        elif isinstance(widget, w.Label):
            if widget.value:
                text = html.escape(widget.value)
                if widget.value.startswith(ERROR_MARK):
                    out.append(f'<div class="dcw-static-error {css}" style="color:#c62828;'
                               f'font-weight:600">{text}</div>')
                else:
                    out.append(f'<div class="{css}">{text}</div>' if css else f"<div>{text}</div>")
        elif isinstance(widget, w.Button):
            if self.live:
                out.append(self._live_button(widget, css))
            elif "dcw-choice" in classes:
                weight = "font-weight:600;" if "dcw-best" in classes else ""
                out.append(f'<div class="dcw-static-choice" style="{weight}">'
                           f"▸ {html.escape(widget.description)}</div>")
        elif isinstance(widget, w.ValueWidget) and hasattr(widget, "description"):
            out.append(self._live_input(widget) if self.live else _input_html(widget))

    def _index(self, widget: w.Widget) -> int:
        self.controls.append(widget)
        return len(self.controls) - 1

    def _live_button(self, widget: w.Button, css: str) -> str:
        style = {"primary": "dcw-live-primary", "success": "dcw-live-best"}.get(
            widget.button_style, "")
        disabled = " disabled" if widget.disabled else ""
        tip = f' title="{html.escape(widget.tooltip)}"' if widget.tooltip else ""
        return (f'<button type="button" class="dcw-live-button {style} {css}" '
                f'data-dcw-index="{self._index(widget)}"{tip}{disabled}>'
                f"{html.escape(widget.description)}</button>")

    def _live_input(self, widget: w.Widget) -> str:
        index = self._index(widget)
        name = html.escape(widget.description or "")
        disabled = " disabled" if getattr(widget, "disabled", False) else ""
        attrs = f'data-dcw-index="{index}" aria-label="{name or "input"}"{disabled}'
        if isinstance(widget, w.Checkbox):
            checked = " checked" if widget.value else ""
            return (f'<label class="dcw-live-field"><input type="checkbox" {attrs}{checked}> '
                    f"{name}</label>")
        if isinstance(widget, (w.Dropdown, w.ToggleButtons, w.RadioButtons, w.Select,
                               w.SelectMultiple)):
            chosen = set(widget.index or ()) if isinstance(widget, w.SelectMultiple) else \
                {widget.index}
            options = "".join(f'<option value="{i}"{" selected" if i in chosen else ""}>'
                              f"{html.escape(str(label))}</option>"
                              for i, label in enumerate(widget._options_labels))
            multiple = f' multiple size="{min(6, len(widget._options_labels))}"' \
                if isinstance(widget, w.SelectMultiple) else ""
            field = f"<select {attrs}{multiple}>{options}</select>"
        elif isinstance(widget, w.Textarea):
            field = (f"<textarea {attrs} rows=\"3\" placeholder="
                     f'"{html.escape(widget.placeholder)}">{html.escape(widget.value)}</textarea>')
        elif isinstance(widget, (w.IntText, w.BoundedIntText, w.FloatText, w.BoundedFloatText)):
            field = f'<input type="number" {attrs} value="{html.escape(str(widget.value))}">'
        else:
            placeholder = html.escape(getattr(widget, "placeholder", "") or "")
            field = (f'<input type="text" {attrs} value="{html.escape(str(widget.value))}" '
                     f'placeholder="{placeholder}">')
        lead = f"<span>{name}</span> " if name else ""
        return f'<label class="dcw-live-field">{lead}{field}</label>'


def _box_style(direction: str) -> str:
    return BOX_STYLE.format(direction=direction,
                            wrap="flex-wrap:wrap;" if direction == "row" else "")


def _hidden(widget: w.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    if layout is None:
        return False
    return layout.display == "none" or layout.visibility == "hidden"


def _classes(widget: w.Widget) -> set[str]:
    return set(getattr(widget, "_dom_classes", ()) or ())


def _input_html(widget: w.Widget) -> str:
    """An input as "Description value": what was typed or chosen when shown."""
    name = html.escape(widget.description or "")
    if isinstance(widget, w.Checkbox):
        return f'<div class="dcw-static-input">{"☑" if widget.value else "☐"} {name}</div>'
    if hasattr(widget, "label") and isinstance(widget, (w.Dropdown, w.ToggleButtons,
                                                        w.RadioButtons, w.Select)):
        value = widget.label if widget.label is not None else ""
    elif isinstance(widget, w.SelectMultiple):
        value = ", ".join(widget.label) or "none"
    else:
        value = widget.value
    value = "" if value is None else str(value)
    shown = html.escape(value).replace("\n", "<br>") if value.strip() else "<i>empty</i>"
    lead = f"<b>{name}</b> " if name else ""
    return f'<div class="dcw-static-input">{lead}{shown}</div>'


def static_text(widget: w.Widget) -> str:
    """The words of the still picture, one line each (boards left out)."""
    text = re.sub(r"<svg.*?</svg>", "", static_html(widget), flags=re.S)
    text = re.sub(r"<(br|/div|/li|/tr|/p|/caption|/summary|table)[^>]*>", "\n", text)
    text = re.sub(r"</t[dh]>", "  ", text)
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


class StaticFallback:
    """Mixed into a widget: its output also carries ``text/html``, a still picture
    of it (see :func:`static_html`), for places that run no widgets; its repr is a
    short description rather than every trait."""

    def static_html(self) -> str:
        """A still HTML picture of this widget, as it is now."""
        return static_html(self)  # type: ignore[arg-type]

    def _repr_mimebundle_(self, **kwargs: Any):
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/html"] = self.static_html()
            data["text/plain"] = repr(self)
        return bundle

    #: The longest summary ``repr`` shows before cutting it with "…".
    repr_width = 80

    def repr_line(self) -> str:
        """The one line ``repr`` sums the widget up with: its first line of text."""
        words = static_text(self)  # type: ignore[arg-type]
        return words.splitlines()[0] if words else ""

    def __repr__(self) -> str:
        first = self.repr_line()
        if len(first) > self.repr_width:
            first = first[:self.repr_width - 1] + "…"
        return f"<{type(self).__name__}{': ' + first if first else ''}>"
