"""The apps and calculators in marimo (``marimo edit`` and ``marimo run``).

marimo runs anywidgets (``mo.ui.anywidget``) but not ipywidgets, and the apps and
calculators are built from ipywidgets. :func:`show` turns any of them into
anywidgets marimo draws: the board is the app's own :class:`BoardView`, and the
panels and inputs around it are :class:`~dungeoncraft_widgets.widgets.mirror.LiveView`\\ s,
which draw the app's own ipywidgets and pass every click and typed value back to
them. Nothing is written twice: the app or calculator computes, refuses, explains
and plays the bots exactly as it does in JupyterLab, Notebook 7 and Voila.

In a marimo cell::

    import dungeoncraft_widgets.marimo as dcw_mo
    from dungeoncraft_widgets.adventure_land import FightCalculator

    dcw_mo.show(FightCalculator())

What the app or calculator shows is also a value marimo can react to:
:func:`state` gives a marimo element whose ``.value`` is the app's observable
traits (``position``, ``last_action``, ``odds``, ``status_text``) or the
calculator's ``answer_text``, kept in step; a cell that reads it runs again
after every move::

    live = dcw_mo.state(game)   # shown: one line, whose turn it is
    live                        # (in its own cell)
    live.value["last_action"]   # in another cell: runs again after each move

(Why not marimo's own inputs, ``mo.ui.number`` and friends, beside the board? Each
app's and calculator's inputs, their checks and messages, and the way every
answer follows them, would then be written a second time for marimo, and marimo
would redraw results only through its cell graph, which a click on the board does
not touch. A generic mirror of the same widgets keeps one source of truth for
every app, present and future, and needs no marimo code per game.)
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from .widgets.board import BoardView
from .widgets.mirror import LiveView, split_around


def views(widget: w.Widget) -> list[Any]:
    """The anywidgets that show ``widget`` (a BoardView, an app, a calculator or any
    ipywidget), top to bottom, without marimo: an app gives [panels above the
    board, its board, panels below]; anything else one LiveView."""
    if isinstance(widget, BoardView):
        return [widget]
    board = getattr(widget, "board", None)
    if not isinstance(board, BoardView):
        return [LiveView([widget])]
    above, below = split_around(widget, board)
    parts: list[Any] = [LiveView(above), board, LiveView(below)]
    group = [p for p in parts if isinstance(p, LiveView)]
    for view in group:
        view.group = group
    # A click on the board acts through the app; then the panels show the new turn.
    board.on_click(lambda _event: group[0].refresh_group())
    return parts


def show(widget: w.Widget) -> Any:
    """``widget`` as marimo shows it: one element, or a vertical stack of them."""
    import marimo as mo

    parts = [mo.ui.anywidget(part) for part in views(widget)]
    return parts[0] if len(parts) == 1 else mo.vstack(parts, gap=0.5)


OBSERVED = {"GameApp": ("position", "last_action", "odds", "status_text"),
            "LiveCalculator": ("answer_text",)}


class Observed(anywidget.AnyWidget):
    """The observable traits of an app (``position``, ``last_action``, ``odds``,
    ``status_text``) or a calculator (``answer_text``), synced copies that follow the
    originals: an anywidget, so marimo's ``.value`` of it is a dict of them. It shows
    one line: the app's status, or the calculator's answer.

    >>> from dungeoncraft_widgets.adventure_land import AdventureLandApp
    >>> app = AdventureLandApp(players=["You", "Bot"], seed=7)
    >>> live = Observed(app)
    >>> app.act(app.state.legal_actions()[0])
    True
    >>> live.last_action
    'move row:1 A1'
    """

    _esm = """
    function render({ model, el }) {
      const line = document.createElement("div");
      line.className = "dcw-observed";
      const show = () => {
        line.textContent = model.get("status_text") || model.get("answer_text") || "";
      };
      const names = ["change:status_text", "change:answer_text"];
      for (const name of names) model.on(name, show);
      show();
      el.append(line);
      return () => { for (const name of names) model.off(name, show); };
    }
    export default { render };
    """
    position = traitlets.Unicode("").tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)
    odds = traitlets.Dict().tag(sync=True)
    status_text = traitlets.Unicode("").tag(sync=True)
    answer_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, widget: w.Widget, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        names = [n for kind, names in OBSERVED.items()
                 if any(c.__name__ == kind for c in type(widget).__mro__) for n in names]
        if not names:
            raise TypeError(f"{type(widget).__name__} has no observable state: give a "
                            "GameApp or a LiveCalculator")
        self.source = widget
        self.links = [traitlets.dlink((widget, name), (self, name)) for name in names]


def state(widget: w.Widget) -> Any:
    """A marimo element whose ``.value`` is the observable state of ``widget`` (an app or
    a calculator), following it: see the module docstring."""
    import marimo as mo

    return mo.ui.anywidget(Observed(widget))
