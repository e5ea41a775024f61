"""The Markov-chain lesson's picture: a random walker on a grid, step by step.

:class:`ChainWalk` draws where a walker that moves at random may be after ``n`` moves: each
space shaded by its chance, the absorbing spaces (the Great Tree's canopy on the AlderQuest
Battlefield) filling as the chance of having arrived grows. A slider moves ``n``; "walk" has
a walker (seeded) take its own random moves, drawn as a path over the chances. Like the
other lesson widgets (:mod:`.widgets`) it leaves a still picture in a saved notebook.

>>> from fractions import Fraction
>>> half = Fraction(1, 2)
>>> steps = {"a": {"b": half, "T": half}, "b": {"a": half, "T": half}}
>>> walk = ChainWalk(steps, "a", {"a": (0, 0), "b": (1, 0), "T": (2, 0)},
...                  walk=lambda seed: ["a", "b", "T"])
>>> walk.moves.value = 2
>>> walk.distribution()["T"]
0.75
>>> walk.play()
>>> "after 2 moves" in walk.status.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w

from ..core.charts import EXACT_FILL, INK, SIMULATED_STROKE
from ..core.errors import InvalidArgumentError
from ..core.scene import Circle, Path, Rect, Scene, Text
from .widgets import WIDTH, _LessonWidget, _scene

__all__ = ["ChainWalk"]

CELL = 52.0


class ChainWalk(_LessonWidget):
    """A Markov chain drawn on a grid. ``steps``: for every state that is not absorbing,
    the chances of the next state (each row adding up to 1); a state with no row is
    absorbing. ``places``: each state's (column, row) on the grid. ``walk(seed)``: one
    walk from ``start`` (a list of states, as a sampler of the real game gives it).

    The picture is the chain's distribution after ``n`` moves (``distribution``), computed
    from ``steps`` by moving the chances on one move at a time."""

    def __init__(self, steps: Mapping[Any, Mapping[Any, Any]], start: Any,
                 places: Mapping[Any, tuple[float, float]], *,
                 walk: Callable[[int], Sequence[Any]] | None = None, most: int = 60,
                 names: Mapping[Any, str] | None = None,
                 title: str = "Where a walker at random may be after n moves") -> None:
        for state, row in steps.items():
            if sum(Fraction(p) for p in row.values()) != 1:
                raise InvalidArgumentError(f"ChainWalk: the chances from {state!r} add up to "
                                           f"{sum(Fraction(p) for p in row.values())}, not 1")
        states = set(steps) | {t for row in steps.values() for t in row}
        missing = sorted(str(s) for s in states if s not in places)
        if missing or start not in steps:
            raise InvalidArgumentError(f"ChainWalk: no place for {', '.join(missing)}"
                                       if missing else f"ChainWalk: {start!r} is absorbing")
        self.steps = {s: {t: float(p) for t, p in row.items()} for s, row in steps.items()}
        self.start, self.places, self.title = start, dict(places), title
        self.names = {s: str(s) for s in places} | dict(names or {})
        self.walk_of, self.seed, self.path = walk, 0, None
        self.moves = w.IntSlider(0, min=0, max=most, description="moves:",
                                 continuous_update=False)
        self.walk_button = w.Button(description="walk", icon="play", disabled=walk is None)
        self.moves.observe(lambda _change: self.redraw(), names="value")
        self.walk_button.on_click(lambda _button: self.play())
        super().__init__([self.moves, self.walk_button])

    def distribution(self, moves: int | None = None) -> dict[Any, float]:
        """The chance of each state after ``moves`` moves (the slider's, by default)."""
        now = {self.start: 1.0}
        for _ in range(self.moves.value if moves is None else moves):
            after: dict[Any, float] = {}
            for state, p in now.items():
                for target, q in self.steps.get(state, {state: 1.0}).items():
                    after[target] = after.get(target, 0.0) + p * q
            now = after
        return now

    def play(self) -> None:
        """A new walker (the next seed) takes its random moves; the path is drawn."""
        if self.walk_of is not None:
            self.seed += 1
            self.path = list(self.walk_of(self.seed))
            self.redraw()

    def _xy(self, state: Any) -> tuple[float, float]:
        col, row = self.places[state]
        return 40 + col * CELL + CELL / 2, 40 + row * CELL + CELL / 2

    def scene(self) -> Scene:
        n = self.moves.value
        now = self.distribution()
        rows = max(r for _c, r in self.places.values()) + 1
        scene: Scene = _scene(self.title, f"The chance of each space after {n} moves.",
                              height=70 + rows * CELL)
        top = max(now.values())
        absorbed = sum(p for s, p in now.items() if s not in self.steps)
        for state in self.places:
            x, y = self._xy(state)
            p = now.get(state, 0.0)
            if state in self.steps:
                scene.add(Rect(f"space-{state}", x - CELL / 2 + 2, y - CELL / 2 + 2, CELL - 4,
                               CELL - 4, rx=4, fill=EXACT_FILL, opacity=0.08 + 0.92 * p / top,
                               stroke=INK, label=f"{self.names[state]}: {100 * p:.0f}%"))
            else:
                scene.add(Circle(f"space-{state}", x, y, 6 + 14 * p ** 0.5, fill="#3a7d44",
                                 stroke=INK, label=f"{self.names[state]}: {100 * p:.0f}%"))
            scene.add(Text(f"name-{state}", x, y - 10, self.names[state], size=10, fill=INK))
            scene.add(Text(f"chance-{state}", x, y + 8, f"{100 * p:.0f}%", size=10, fill=INK))
        if self.path is not None:
            shown = self.path[:n + 1]
            points = " L ".join("{:.1f} {:.1f}".format(*self._xy(s)) for s in shown)
            scene.add(Path("walk", "M " + points, classes=("line",), stroke=SIMULATED_STROKE,
                           stroke_width=2.5, fill="none",
                           label=f"one walker's first {len(shown) - 1} moves"))
        where = ""
        if self.path is not None:
            took = len(self.path) - 1
            at = self.names[self.path[min(n, took)]]
            where = f"; the walker (seed {self.seed}) is at {at}"
            if took <= n:
                where += f" (arrived after {took} moves)"
        # four decimals, never three: a lesson's answer may be a chance written with three
        scene.add(Text("legend", WIDTH - 12, 34, f"arrived after {n} moves: {absorbed:.4f}",
                       size=12, anchor="end", fill=INK))
        self.status.value = (f"The chance of having arrived after {n} moves: "
                             f"<b>{absorbed:.4f}</b>{where}.")
        return scene
