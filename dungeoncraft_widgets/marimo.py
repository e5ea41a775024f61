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

(Why not marimo's own inputs, ``mo.ui.number`` and friends, beside the board? Each
app's and calculator's inputs, their checks and messages, and the way every
answer follows them, would then be written a second time for marimo, and marimo
would redraw results only through its cell graph, which a click on the board does
not touch. A generic mirror of the same widgets keeps one source of truth for
every app, present and future, and needs no marimo code per game.)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

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
