"""The confidence-interval lesson's picture: intervals from batches of engine runs.

:class:`IntervalDance` draws, for each of many batches of ``n`` runs of the engine (each
True or False), the interval ``p̂ ± 2 SE`` (``SE = sqrt(p̂ (1 - p̂) / n)``) beside the true
chance ``p``: the intervals that miss it are marked. A slider sets ``n``; "new batches"
draws others. Like the other lesson widgets it leaves a still picture in a saved notebook.

>>> from fractions import Fraction
>>> dance = IntervalDance(lambda count, seed: [k % 2 == 0 for k in range(count)],
...                       Fraction(1, 2), batches=5)
>>> dance.size.value = 20
>>> dance.covered
5
>>> "5 of 5" in dance.status.value
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w

from ..core.charts import EXACT_FILL, INK, SIMULATED_STROKE, TARGET_STROKE
from ..core.scene import Path, Scene, Text
from .widgets import _Frame, _LessonWidget, _scene

__all__ = ["IntervalDance"]


class IntervalDance(_LessonWidget):
    """``runs(count, seed)``: ``count`` engine runs (True or False) for a seed; ``exact``:
    the true chance; ``batches`` intervals drawn, each from ``size`` runs."""

    def __init__(self, runs: Callable[[int, int], Sequence[Any]], exact: Any, *,
                 batches: int = 40, start: int = 20, most: int = 100,
                 title: str = "Intervals p̂ ± 2 SE from batches of engine runs") -> None:
        self.runs_of, self.exact, self.batches = runs, Fraction(exact), batches
        self.title, self.seed = title, 0
        self.size = w.IntSlider(start, min=10, max=most, step=10, description="n:",
                                continuous_update=False)
        self.again = w.Button(description="new batches", icon="refresh")
        self.intervals: list[tuple[float, float, float]] = []
        self.covered = 0
        self.size.observe(lambda _change: self.redraw(), names="value")
        self.again.on_click(lambda _button: self.new_batches())
        super().__init__([self.size, self.again])

    def new_batches(self) -> None:
        """Draw every interval again from fresh engine runs (the next seed block)."""
        self.seed += 1
        self.redraw()

    def _draw(self) -> None:
        n = self.size.value
        flat = list(self.runs_of(n * self.batches, self.seed))
        self.intervals = []
        for b in range(self.batches):
            share = sum(map(bool, flat[b * n:(b + 1) * n])) / n
            half = 2 * math.sqrt(share * (1 - share) / n)
            self.intervals.append((share, share - half, share + half))
        p = float(self.exact)
        self.covered = sum(low <= p <= high for _s, low, high in self.intervals)

    def scene(self) -> Scene:
        self._draw()
        n, p = self.size.value, float(self.exact)
        scene: Scene = _scene(self.title, f"{self.batches} intervals from batches of {n} runs.",
                              height=340)
        frame = _Frame(scene, (0, 1), (0, self.batches + 1), x_label="chance",
                       y_label="batch", y_format="{:g}")
        scene.add(Path("true", f"M {frame.x(p):.1f} {frame.top} V {frame.bottom}",
                       classes=("line",), stroke=TARGET_STROKE, stroke_width=2,
                       label=f"the true chance {self.exact}"))
        for b, (share, low, high) in enumerate(self.intervals, 1):
            y = frame.y(b)
            hit = low <= p <= high
            scene.add(Path(f"interval-{b}", f"M {frame.x(max(0.0, low)):.1f} {y:.1f} "
                                            f"H {frame.x(min(1.0, high)):.1f}",
                           classes=("line",), stroke=EXACT_FILL if hit else SIMULATED_STROKE,
                           stroke_width=2 if hit else 3,
                           label=f"batch {b}: {share:.2f}, {'covers' if hit else 'misses'}"))
        scene.add(Text("legend", frame.right, 30, f"{self.covered} of {self.batches} cover "
                                                  f"the true chance", size=12, anchor="end",
                       fill=INK))
        self.status.value = (f"Batches of <b>{n}</b> runs: <b>{self.covered} of "
                             f"{self.batches}</b> intervals cover the true chance "
                             f"(seed block {self.seed}); the misses are drawn thicker.")
        return scene
