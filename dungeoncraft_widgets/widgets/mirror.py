"""LiveView: ipywidgets shown and worked through one anywidget.

Some hosts run anywidgets but not ipywidgets (marimo). A LiveView draws a list of
ipywidgets (an app's panels, a calculator) as HTML with real inputs and buttons,
and turns what the reader does back into the same widgets' values and clicks: a
number typed sets the ``IntText``'s value, a press on *Do it* clicks the
``Button``. So the app or calculator itself answers, exactly as in JupyterLab:
there is one implementation of every behaviour, and this class only translates.
After each event, every view in its group is drawn again (an action in one part
of an app changes the others).

>>> import ipywidgets as w
>>> n = w.IntText(2, description="N:")
>>> doubled = w.Label("4")
>>> n.observe(lambda change: setattr(doubled, "value", str(2 * change["new"])), names="value")
>>> view = LiveView([n, doubled])
>>> 'type="number"' in view.html and ">4<" in view.html
True
>>> view.simulate("set", n, 5)          # what typing 5 in the browser does
>>> doubled.value, ">10<" in view.html
('10', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from .board import CSS, STATIC, BoardView
from .fallback import Renderer


class LiveView(anywidget.AnyWidget):
    """Shows ``widgets`` live (see the module docstring); ``exclude``: widgets inside
    them shown elsewhere (e.g. a board drawn by its own BoardView)."""

    _esm = STATIC / "mirror.js"
    _css = CSS + (STATIC / "mirror.css").read_text(encoding="utf-8")

    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, widgets: Sequence[w.Widget], *, exclude: Sequence[w.Widget] = (),
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.widgets = list(widgets)
        self.exclude = tuple(exclude)
        self.group: list[LiveView] = [self]  # views drawn again after an event in any
        self._controls: list[w.Widget] = []
        self.on_msg(self._receive)
        self.refresh()

    def refresh(self) -> None:
        """Draw the widgets again as they are now."""
        renderer = Renderer(live=True, exclude=self.exclude)
        self.html = renderer.html(self.widgets)
        self._controls = renderer.controls

    def refresh_group(self) -> None:
        for view in self.group:
            view.refresh()

    def simulate(self, kind: str, widget: w.Widget, value: Any = None) -> None:
        """Act as if the reader clicked ``widget`` (kind "click") or set it to
        ``value`` (kind "set", the value as the browser sends it)."""
        index = next(i for i, c in enumerate(self._controls) if c is widget)
        self._receive(self, {"type": kind, "index": index, "value": value}, [])

    def _receive(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        index = content.get("index")
        if not isinstance(index, int) or not 0 <= index < len(self._controls):
            return  # a stale message from a view drawn before the last change
        control = self._controls[index]
        if content.get("type") == "click" and isinstance(control, w.Button):
            if not control.disabled:
                control.click()
        elif content.get("type") == "set":
            _set_value(control, content.get("value"))
        self.refresh_group()


def _set_value(control: w.Widget, value: Any) -> None:
    """Give ``control`` the value the browser sent, in the type the widget holds;
    a value it cannot hold (letters in a number field) is ignored."""
    if isinstance(control, w.Checkbox):
        control.value = bool(value)
    elif isinstance(control, w.SelectMultiple):
        if isinstance(value, list) and all(isinstance(i, int) for i in value):
            control.index = tuple(i for i in value if 0 <= i < len(control.options))
    elif isinstance(control, (w.Dropdown, w.ToggleButtons, w.RadioButtons, w.Select)):
        if isinstance(value, int) and 0 <= value < len(control.options):
            control.index = value
    elif isinstance(control, (w.IntText, w.BoundedIntText)):
        try:
            control.value = int(str(value).strip())
        except (ValueError, traitlets.TraitError):
            pass  # not a whole number: the field keeps what it had
    elif isinstance(control, (w.FloatText, w.BoundedFloatText)):
        try:
            control.value = float(str(value).strip())
        except (ValueError, traitlets.TraitError):
            pass
    elif isinstance(control, (w.Text, w.Textarea)) and isinstance(value, str):
        control.value = value


def split_around(widget: w.Widget, board: BoardView) -> tuple[list[w.Widget], list[w.Widget]]:
    """The widgets drawn above ``board`` inside ``widget`` and those below or beside
    it, each as large as possible (boxes that hold the board are opened up)."""
    before: list[w.Widget] = []
    after: list[w.Widget] = []

    def walk(node: w.Widget, found: bool) -> bool:
        for child in getattr(node, "children", ()):
            if child is board:
                found = True
            elif _holds(child, board):
                found = walk(child, found)
            else:
                (after if found else before).append(child)
        return found

    walk(widget, False)
    return before, after


def _holds(widget: w.Widget, target: w.Widget) -> bool:
    return any(child is target or _holds(child, target)
               for child in getattr(widget, "children", ()))
