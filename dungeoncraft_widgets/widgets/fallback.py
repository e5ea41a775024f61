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
<div class="dcw-static" style="display:flex;flex-direction:column;gap:4px;max-width:100%">\
<div class="dcw-static-input"><b>Creature:</b> 12</div><div><b>Chance</b>: 13/18 ≈ 72.2%</div></div>
>>> plain_math("$\\\\frac{1}{2} \\\\approx 50.0\\\\%$")
'1/2 ≈ 50.0%'
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w

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
    out: list[str] = []
    _render(widget, out, top=True)
    return "".join(out)


def _hidden(widget: w.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    if layout is None:
        return False
    return layout.display == "none" or layout.visibility == "hidden"


def _classes(widget: w.Widget) -> set[str]:
    return set(getattr(widget, "_dom_classes", ()) or ())


def _render(widget: w.Widget, out: list[str], top: bool = False) -> None:
    from .board import BoardView, LogView  # imported here: those modules use this one
    from .panels import ERROR_MARK

    if _hidden(widget) or _classes(widget) & SKIPPED_CLASSES:
        return
    if isinstance(widget, BoardView):
        if widget._static_svg:
            out.append(f'<div class="dcw-static-board">{widget._static_svg}</div>')
    elif isinstance(widget, LogView):
        lines = widget.lines
        if lines:
            items = "".join(f"<li>{html.escape(line['text'])}</li>" for line in lines)
            out.append(f"<details class=\"dcw-static-log\"><summary>Log ({len(lines)} "
                       f"line{'s' if len(lines) != 1 else ''})</summary><ol>{items}</ol></details>")
    elif isinstance(widget, w.Box):
        direction = "row" if isinstance(widget, w.HBox) else "column"
        flow = widget.layout.flex_flow or ""
        if isinstance(widget, w.HBox) or "row" in flow:
            direction = "row"
        style = BOX_STYLE.format(direction=direction,
                                 wrap="flex-wrap:wrap;" if direction == "row" else "")
        inner: list[str] = []
        for child in widget.children:
            _render(child, inner)
        if inner or top:
            cls = "dcw-static" if top else "dcw-static-box"
            out.append(f'<div class="{cls}" style="{style}">{"".join(inner)}</div>')
    elif isinstance(widget, (w.HTML, w.HTMLMath)):
        if widget.value:
            value = plain_math(widget.value) if isinstance(widget, w.HTMLMath) else widget.value
            out.append(f"<div>{value}</div>")
    elif isinstance(widget, w.Label):
        if widget.value:
            text = html.escape(widget.value)
            if widget.value.startswith(ERROR_MARK):
                out.append(f'<div class="dcw-static-error" style="color:#c62828;'
                           f'font-weight:600">{text}</div>')
            else:
                out.append(f"<div>{text}</div>")
    elif isinstance(widget, w.Button):
        if "dcw-choice" in _classes(widget):
            weight = "font-weight:600;" if "dcw-best" in _classes(widget) else ""
            out.append(f'<div class="dcw-static-choice" style="{weight}">'
                       f"▸ {html.escape(widget.description)}</div>")
    elif isinstance(widget, w.ValueWidget) and hasattr(widget, "description"):
        out.append(_input_html(widget))


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

    def __repr__(self) -> str:
        words = static_text(self)  # type: ignore[arg-type]
        first = words.splitlines()[0] if words else ""
        if len(first) > 80:
            first = first[:79] + "…"
        return f"<{type(self).__name__}{': ' + first if first else ''}>"
