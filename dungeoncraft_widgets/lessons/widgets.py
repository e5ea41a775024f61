"""The lessons' interactive pictures: move a slider or click, and the picture moves.

Each is an ipywidgets box holding a :class:`~dungeoncraft_widgets.widgets.BoardView`
(the library's board, drawing a :class:`~dungeoncraft_widgets.core.scene.Scene`) and its
controls; like the apps, a saved notebook keeps a still picture of it (the board's SVG
and the controls' values), for GitHub, nbviewer and exported pages.

- :class:`RunningMean`: the law of large numbers, the running share of wins as fights
  are added, inside its two-standard-error funnel around the exact chance;
- :class:`DiceSum`: the central limit theorem, the exact distribution of a sum of dice
  beside the normal curve, as dice are added;
- :class:`ProbabilityTree`: a two-stage tree; click an outcome of the second stage to add
  up its branches (total probability) and, if asked, turn the tree round (Bayes);
- :class:`DeckThinner`: a deck whose cards you click to Destroy: the exact chances of
  the next hand follow, beside hands the engine deals;
- :class:`EngineTally`: exact chances beside a tally of engine runs you add by clicking;
- :class:`WaitingTime`: how long until something comes, exact beside the engine's waits,
  given how long one has already waited (a geometric wait forgets, a deck's does not).

>>> from fractions import Fraction
>>> tally = EngineTally({"heads": Fraction(1, 2), "tails": Fraction(1, 2)},
...                     lambda seed: "heads" if seed % 2 else "tails", title="A coin")
>>> tally.play(10)
>>> tally.counts
Counter({'tails': 5, 'heads': 5})
>>> "10 runs" in tally.status.value
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w

from ..core.charts import (
    BAND_FILL,
    EXACT_FILL,
    FAINT_INK,
    GRID,
    INK,
    SIMULATED_STROKE,
    TARGET_STROKE,
    WIN_FILL,
    comparison_chart,
)
from ..core.errors import InvalidArgumentError
from ..core.scene import Circle, Group, Path, Polygon, Rect, Scene, Text
from ..widgets.board import BoardView
from ..widgets.fallback import StaticFallback
from .stats import proportion, sample_mean

__all__ = ["DeckThinner", "DiceSum", "EngineTally", "ProbabilityTree", "RunningMean",
           "WaitingTime"]

WIDTH, HEIGHT = 560.0, 300.0
MUTED = "var(--jp-layout-color3, #bbb)"


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]."""
    span = (high - low) or 1.0
    raw = span / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
    return [round(k * step, 12) for k in range(first, last + 1)]


class _Frame:
    """Data coordinates to the scene's pixels, with axes drawn."""

    def __init__(self, scene: Scene, x_range: tuple[float, float], y_range: tuple[float, float],
                 *, left: float = 58, right: float = 16, top: float = 40, bottom: float = 44,
                 x_label: str = "", y_label: str = "", y_format: str = "{:g}") -> None:
        self.x0, self.x1 = x_range
        self.y0, self.y1 = y_range
        self.left, self.right = left, scene.width - right
        self.top, self.bottom = top, scene.height - bottom
        for k, tick in enumerate(_ticks(self.y0, self.y1)):
            y = self.y(tick)
            scene.add(Path(f"grid-{k}", f"M {self.left} {y:.2f} H {self.right}",
                           classes=("line", "grid"), stroke=GRID, stroke_width=1))
            scene.add(Text(f"y-tick-{k}", self.left - 5, y, y_format.format(tick), size=10,
                           anchor="end", fill=FAINT_INK))
        for k, tick in enumerate(_ticks(self.x0, self.x1, 7)):
            x = self.x(tick)
            scene.add(Text(f"x-tick-{k}", x, self.bottom + 12, f"{tick:g}", size=10,
                           fill=FAINT_INK))
        scene.add(Path("axes", f"M {self.left} {self.top} V {self.bottom} H {self.right}",
                       classes=("line", "axis"), stroke=INK, stroke_width=1))
        if x_label:
            scene.add(Text("x-label", (self.left + self.right) / 2, scene.height - 10, x_label,
                           size=11, fill=INK))
        if y_label:
            scene.add(Text("y-label", self.left, self.top - 10, y_label, size=11,
                           anchor="start", fill=INK))

    def x(self, value: float) -> float:
        share = (value - self.x0) / ((self.x1 - self.x0) or 1)
        return self.left + share * (self.right - self.left)

    def y(self, value: float) -> float:
        share = (value - self.y0) / ((self.y1 - self.y0) or 1)
        return self.bottom - share * (self.bottom - self.top)


def _scene(title: str, description: str, height: float = HEIGHT) -> Scene:
    scene = Scene(WIDTH, height, title=title, description=description)
    scene.add(Rect("background", 0, 0, WIDTH, height, rx=4, fill="var(--jp-layout-color0, #fff)",
                   stroke="none", classes=("background",)))
    scene.add(Text("title", WIDTH / 2, 14, title, size=14, weight="bold", fill=INK))
    return scene


class _LessonWidget(StaticFallback, w.VBox):
    """A board with its controls above it and a status line below."""

    def __init__(self, controls: Sequence[w.Widget]) -> None:
        self.board = BoardView()
        self.status = w.HTML()
        super().__init__([w.HBox(list(controls)), self.board, self.status])
        self.add_class("dcw-lesson-widget")
        self.redraw()

    def redraw(self) -> None:
        self.board.show(self.scene())

    def scene(self) -> Scene:
        raise NotImplementedError


# ------------------------------------------------------------------ the law of large numbers
class RunningMean(_LessonWidget):
    """The running share of wins of ``play(seed)`` (True or False) over fights played one
    after another, beside the exact chance ``exact`` and its funnel, ``exact ± 2``
    standard errors ``sqrt(p (1 - p) / n)`` after ``n`` fights. The slider says how many
    fights are drawn; "new simulation" plays another sequence (new seeds).

    ``play`` may return any number: given the ``variance`` of one result, the line is the
    running mean of the results and the funnel ``exact ± 2 sqrt(variance / n)``; ``unit``
    names what is counted ("rolls") and ``paths`` draws that many independent sequences
    at once (each with its own seeds), to see them all close in on the same value.

    >>> from fractions import Fraction
    >>> lln = RunningMean(lambda seed: seed % 4 != 0, Fraction(3, 4), runs=400)
    >>> lln.fights.value = 400
    >>> lln.running[-1]
    0.75
    >>> "400 fights" in lln.status.value
    True
    >>> dice = RunningMean(lambda seed: seed % 6 + 1, Fraction(7, 2), variance=Fraction(35, 12),
    ...                    runs=60, start=60, unit="rolls", paths=3)
    >>> [round(path[-1], 2) for path in dice.paths], "60 rolls" in dice.status.value
    ([3.5, 3.5, 3.5], True)
    """

    def __init__(self, play: Callable[[int], Any], exact: Any, *, runs: int = 2000,
                 start: int = 100, seed: int = 0,
                 title: str = "The share of fights won, as fights are added",
                 variance: Any = None, unit: str = "fights", paths: int = 1) -> None:
        if runs < 10:
            raise InvalidArgumentError(f"runs must be at least 10, not {runs}")
        if paths < 1:
            raise InvalidArgumentError(f"paths must be at least 1, not {paths}")
        self.play_one, self.exact, self.runs, self.title = play, Fraction(exact), runs, title
        self.variance = None if variance is None else Fraction(variance)
        self.unit, self.paths_wanted = unit, paths
        self.seed = seed
        self.fights = w.IntSlider(min(start, runs), min=10, max=runs, step=10,
                                  description=f"{unit}:", continuous_update=False)
        self.again = w.Button(description="new simulation", icon="refresh")
        self.results: list[float] = []
        self.running: list[float] = []
        self.paths: list[list[float]] = []
        self._all: list[list[float]] = []
        self._simulate()
        self.fights.observe(lambda _change: self.redraw(), names="value")
        self.again.on_click(lambda _button: self.new_simulation())
        super().__init__([self.fights, self.again])

    def _simulate(self) -> None:
        self._all, self.paths = [], []
        for k in range(self.paths_wanted):
            start = (self.seed * self.paths_wanted + k) * self.runs
            results = [float(self.play_one(s)) for s in range(start, start + self.runs)]
            total, running = 0.0, []
            for i, value in enumerate(results, 1):
                total += value
                running.append(total / i)
            self._all.append(results)
            self.paths.append(running)
        self.results, self.running = self._all[0], self.paths[0]

    def new_simulation(self) -> None:
        """Play fresh sequences of fights (the next seeds) and draw them."""
        self.seed += 1
        self._simulate()
        self.redraw()

    def _spread(self) -> float:
        """The standard deviation of one result."""
        p = float(self.exact)
        return math.sqrt(p * (1 - p) if self.variance is None else float(self.variance))

    def scene(self) -> Scene:
        n = self.fights.value
        centre, sd = float(self.exact), self._spread()
        shares = self.variance is None
        shown = [path[:n] for path in self.paths]
        low = min(min(min(s) for s in shown), centre - 2 * sd / math.sqrt(10))
        high = max(max(max(s) for s in shown), centre + 2 * sd / math.sqrt(10))
        pad = 0.02 if shares else 0.04 * (high - low)
        low, high = low - pad, high + pad
        if shares:
            low, high = max(0.0, low), min(1.0, high)
        if shares:
            estimate = proportion(int(round(sum(self.results[:n]))), n)
            what, exact_words = "share of the fights won so far", "the exact chance"
        else:
            estimate = sample_mean(self.results[:n])
            what, exact_words = f"mean of the {self.unit} so far", "the exact mean"
        scene = _scene(self.title, f"The running {'share of wins' if shares else 'mean'} over "
                                   f"{n} {self.unit} ends at {estimate}; {exact_words} is "
                                   f"{self.exact} ≈ {centre:.3f}.")
        frame = _Frame(scene, (1, n), (low, high), x_label=f"{self.unit} played",
                       y_label=what)
        upper = [(frame.x(k), frame.y(min(high, centre + 2 * sd / math.sqrt(k))))
                 for k in _steps(n)]
        lower = [(frame.x(k), frame.y(max(low, centre - 2 * sd / math.sqrt(k))))
                 for k in reversed(_steps(n))]
        scene.add(Polygon("funnel", upper + lower, fill=BAND_FILL, stroke="none",
                          opacity=0.7, label=f"{exact_words}, 2 standard errors either way"))
        scene.add(Path("exact", f"M {frame.left} {frame.y(centre):.2f} H {frame.right}",
                       classes=("line",), stroke=EXACT_FILL, stroke_width=2,
                       label=f"exact {self.exact}"))
        for k, path in enumerate(shown):
            points = " L ".join(f"{frame.x(i):.1f} {frame.y(path[i - 1]):.2f}"
                                for i in _steps(n))
            scene.add(Path("running" if k == 0 else f"running-{k}", "M " + points,
                           classes=("line",), stroke=SIMULATED_STROKE,
                           stroke_width=1.5 if k == 0 else 1, opacity=1 if k == 0 else 0.55,
                           label=f"the running {'share of wins' if shares else 'mean'}"
                                 + ("" if k == 0 else f", sequence {k + 1}")))
        scene.add(Text("legend", frame.right, frame.top - 10,
                       f"exact {self.exact} ≈ {centre:.3f}; band: 2 standard errors either way",
                       size=11, anchor="end", fill=INK))
        first = "" if len(shown) == 1 else " (the first of the sequences drawn)"
        self.status.value = (f"After <b>{n:,} {self.unit}</b> the "
                             f"{'share won' if shares else 'mean'}{first} is <b>{estimate}</b> "
                             f"(± one standard error); {exact_words} is {self.exact} ≈ "
                             f"{centre:.3f}. Seed block {self.seed}.")
        return scene


def _steps(n: int, most: int = 400) -> list[int]:
    """At most ``most`` fight counts from 1 to ``n`` to draw a line through."""
    if n <= most:
        return list(range(1, n + 1))
    return sorted({max(1, round(1 + k * (n - 1) / (most - 1))) for k in range(most)})


# -------------------------------------------------------------- the central limit theorem
class DiceSum(_LessonWidget):
    """The exact distribution of the sum of ``n`` dice (bars) beside the normal curve with
    the same mean and variance; the slider adds dice. The status line gives the largest
    gap between the two, which shrinks as dice are added.

    With ``tail`` (a sum), a second slider picks a sum ``t``: the bars of ``t`` and more are
    marked, and the status sets the exact chance of a sum of at least ``t`` beside the
    normal approximation, with and without the continuity correction (the normal's area
    from ``t - 1/2``, where the bar of ``t`` begins).

    >>> clt = DiceSum(dice=2)
    >>> clt.dice.value = 8
    >>> "8 dice" in clt.status.value
    True
    >>> tail = DiceSum(dice=2, tail=11)
    >>> print(tail.tail_text())
    P(sum ≥ 11) = 1/12 ≈ 0.0833; normal from 10.5: 0.0736, from 11: 0.0488
    >>> tail.at_least.value = 13          # more than two dice can make: nothing is marked
    >>> tail.at_least.value
    12
    """

    def __init__(self, dice: int = 1, most: int = 20, sides: int = 6,
                 tail: int | None = None) -> None:
        self.sides = sides
        self.dice = w.IntSlider(dice, min=1, max=most, description="dice:",
                                continuous_update=False)
        controls: list[w.Widget] = [self.dice]
        self.at_least: w.IntSlider | None = None
        if tail is not None:
            self.at_least = w.IntSlider(min(max(tail, dice), sides * dice), min=dice,
                                        max=sides * dice, description="at least:",
                                        continuous_update=False)
            self.at_least.observe(lambda _change: self.redraw(), names="value")
            controls.append(self.at_least)
        self.dice.observe(lambda _change: self._dice_changed(), names="value")
        super().__init__(controls)

    def _dice_changed(self) -> None:
        if self.at_least is not None:   # the sums the dice can make, keeping the threshold
            n = self.dice.value
            wanted = self.at_least.value
            with self.at_least.hold_trait_notifications():
                self.at_least.max = max(self.sides * n, self.at_least.min)
                self.at_least.min = n
                self.at_least.max = self.sides * n
                self.at_least.value = min(max(wanted, n), self.sides * n)
        self.redraw()

    def _moments(self) -> tuple[Any, float, float]:
        from ..core.dice import dice_sum

        distribution = dice_sum(self.dice.value, self.sides)
        return distribution, float(distribution.mean()), float(distribution.variance())

    def tail_text(self) -> str:
        """The exact chance of a sum of at least the threshold, beside the normal
        approximation from ``t - 1/2`` and from ``t``."""
        if self.at_least is None:
            return ""
        distribution, mean, var = self._moments()
        t = self.at_least.value
        exact = distribution.at_least(t)
        sd = math.sqrt(var)

        def upper(x: float) -> float:
            return 0.5 * math.erfc((x - mean) / (sd * math.sqrt(2)))

        return (f"P(sum ≥ {t}) = {exact} ≈ {float(exact):.4f}; normal from {t - 0.5:g}: "
                f"{upper(t - 0.5):.4f}, from {t}: {upper(t):.4f}")

    def scene(self) -> Scene:
        n = self.dice.value
        distribution, mean, var = self._moments()
        pmf = {s: float(p) for s, p in distribution.pmf().items()}
        sd = math.sqrt(var)
        threshold = None if self.at_least is None else self.at_least.value

        def normal(x: float) -> float:
            return math.exp(-(x - mean) ** 2 / (2 * var)) / (sd * math.sqrt(2 * math.pi))

        gap = max(abs(p - normal(s)) for s, p in pmf.items())
        top = max(max(pmf.values()), normal(mean)) * 1.1
        scene = _scene(f"The sum of {n} {'die' if n == 1 else 'dice'}",
                       f"Exact distribution of the sum of {n} dice beside the normal curve "
                       f"with the same mean and variance; the largest gap is {gap:.4f}.")
        frame = _Frame(scene, (n - 0.5, self.sides * n + 0.5), (0, top), x_label="sum",
                       y_label="probability")
        width = max(1.0, (frame.x(1) - frame.x(0)) * 0.8)
        for s, p in pmf.items():
            marked = threshold is not None and s >= threshold
            scene.add(Rect(f"bar-{s}", frame.x(s) - width / 2, frame.y(p), width,
                           frame.bottom - frame.y(p), fill=WIN_FILL if marked else EXACT_FILL,
                           stroke="none", classes=("bar", "bar-win") if marked else ("bar",),
                           tooltip=f"sum {s}: {distribution.pmf()[s]}"))  # exact, one sum
        xs = [n - 0.5 + k * (self.sides * n - n + 1) / 200 for k in range(201)]
        curve = " L ".join(f"{frame.x(x):.1f} {frame.y(normal(x)):.2f}" for x in xs)
        scene.add(Path("normal", "M " + curve, classes=("line",), stroke=TARGET_STROKE,
                       stroke_width=2, label="the normal curve with the same mean and variance"))
        if threshold is not None:
            x = frame.x(threshold - 0.5)
            scene.add(Path("threshold", f"M {x:.1f} {frame.top} V {frame.bottom}",
                           classes=("line",), stroke=INK, stroke_width=1,
                           label=f"sums of {threshold} and more, from {threshold - 0.5:g}"))
        scene.add(Text("legend", frame.right, frame.top - 10,
                       "bars: exact; curve: normal, same mean and variance", size=11,
                       anchor="end", fill=INK))
        # The fog lesson asks for a sum of dice's mean and variance: the picture shows the
        # shape, and leaves those numbers to the student.
        self.status.value = (f"<b>{n} {'die' if n == 1 else 'dice'}</b>: sums {n} to "
                             f"{self.sides * n}; largest gap between a bar and the curve "
                             f"{gap:.4f}.")
        if threshold is not None:
            self.status.value += "<br>" + self.tail_text() + "."
        return scene


# ------------------------------------------------------------------------ probability trees
class ProbabilityTree(_LessonWidget):
    """A two-stage tree: ``first`` maps each first outcome to its chance, ``second`` maps
    each first outcome to the chances of the second outcomes given it. Click an outcome
    of the second stage (on the right) to mark its branches and add them up (the law of
    total probability); with ``reverse`` the status also turns the tree round, P(first |
    second) (Bayes' rule). ``sliders`` (name -> (low, high, step, start)) with a
    ``model(values) -> (first, second)`` rebuild the tree as they move.

    >>> from fractions import Fraction as F
    >>> tree = ProbabilityTree({"rain": F(1, 4), "dry": F(3, 4)},
    ...                        {"rain": {"wet": F(9, 10), "not": F(1, 10)},
    ...                         "dry": {"wet": F(1, 5), "not": F(4, 5)}}, reverse=True)
    >>> tree.board.simulate("click", "outcome-wet")
    >>> tree.chosen
    'wet'
    >>> print(tree.status.value)
    P(wet) = 9/40 + 3/20 = <b>3/8</b> (the law of total probability); turned round: \
P(rain | wet) = 3/5, P(dry | wet) = 2/5.
    """

    def __init__(self, first: Mapping[str, Any] | None = None,
                 second: Mapping[str, Mapping[str, Any]] | None = None, *,
                 title: str = "A probability tree", first_name: str = "first",
                 second_name: str = "second", reverse: bool = False,
                 sliders: Mapping[str, tuple[float, float, float, float]] | None = None,
                 model: Callable[[dict[str, float]], tuple[Mapping, Mapping]] | None = None,
                 decimals: bool = False) -> None:
        self.title, self.first_name, self.second_name = title, first_name, second_name
        self.reverse, self.model, self.decimals = reverse, model, decimals
        self.chosen: str | None = None
        self.sliders = {name: w.FloatSlider(start, min=low, max=high, step=step,
                                            description=f"{name}:", readout_format=".2f",
                                            continuous_update=False,
                                            style={"description_width": "initial"})
                        for name, (low, high, step, start) in (sliders or {}).items()}
        if self.sliders and model is None:
            raise InvalidArgumentError("sliders need a model(values) -> (first, second)")
        self.first, self.second = first or {}, second or {}
        for slider in self.sliders.values():
            slider.observe(lambda _change: self.redraw(), names="value")
        super().__init__(list(self.sliders.values()))
        self.board.on_click(self._clicked)

    def _clicked(self, event) -> None:
        if event.id.startswith("outcome-"):
            name = event.id.removeprefix("outcome-")
            self.chosen = None if self.chosen == name else name
            self.redraw()

    def _numbers(self) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        if self.model is not None:
            values = {k: Fraction(s.value).limit_denominator(1000) for k, s in
                      self.sliders.items()}
            first, second = self.model(values)
        else:
            first, second = self.first, self.second
        first = {a: Fraction(p) for a, p in first.items()}
        second = {a: {b: Fraction(q) for b, q in second[a].items()} for a in first}
        if sum(first.values()) != 1 or any(sum(row.values()) != 1 for row in second.values()):
            raise InvalidArgumentError("each stage's chances must add up to 1")
        return first, second

    def _text(self, value: Fraction) -> str:
        return f"{float(value):.3f}" if self.decimals else str(value)

    def scene(self) -> Scene:
        first, second = self._numbers()
        outcomes = list(dict.fromkeys(b for row in second.values() for b in row))
        leaves = [(a, b) for a in first for b in second[a]]
        height = max(HEIGHT, 60 + 44 * len(leaves))
        scene = _scene(self.title, f"A tree of the {self.first_name} then the "
                                   f"{self.second_name}, with {len(leaves)} branches.", height)
        root = (40.0, height / 2)
        mid_x, leaf_x, label_x = 190.0, 330.0, 470.0
        leaf_y = {leaf: 56 + (height - 80) * (k + 0.5) / len(leaves)
                  for k, leaf in enumerate(leaves)}
        scene.add(Circle("root", *root, 5, fill=INK, stroke="none"))
        scene.add(Text("stage-1", mid_x, 34, self.first_name, size=11, fill=FAINT_INK))
        scene.add(Text("stage-2", leaf_x, 34, self.second_name, size=11, fill=FAINT_INK))
        for i, a in enumerate(first):
            ys = [leaf_y[(a, b)] for b in second[a]]
            node = (mid_x, sum(ys) / len(ys))
            marked = self.chosen in second[a]
            scene.add(Path(f"edge-{i}", f"M {root[0]} {root[1]:.1f} L {node[0]} {node[1]:.1f}",
                           classes=("line",), stroke=INK if marked or not self.chosen else MUTED,
                           stroke_width=1.5))
            scene.add(Text(f"edge-{i}-p", (root[0] + node[0]) / 2, (root[1] + node[1]) / 2 - 8,
                           self._text(first[a]), size=11, fill=INK))
            scene.add(Rect(f"node-{i}", node[0] - 4, node[1] - 12, 92, 24, rx=4,
                           fill="var(--jp-layout-color1, #fff)", stroke=INK))
            scene.add(Text(f"node-{i}-name", node[0] + 42, node[1], a, size=11, fill=INK))
            for j, b in enumerate(second[a]):
                y = leaf_y[(a, b)]
                on = self.chosen == b
                colour = WIN_FILL if on else (MUTED if self.chosen else INK)
                scene.add(Path(f"edge-{i}-{j}", f"M {node[0] + 88} {node[1]:.1f} L {leaf_x} "
                                                f"{y:.1f}", classes=("line",), stroke=colour,
                               stroke_width=2.5 if on else 1.5))
                scene.add(Text(f"edge-{i}-{j}-p", (node[0] + 88 + leaf_x) / 2,
                               (node[1] + y) / 2 - 7, self._text(second[a][b]), size=10,
                               fill=INK))
                joint = first[a] * second[a][b]
                scene.add(Text(f"leaf-{i}-{j}", leaf_x + 6, y, f"{b}: {self._text(joint)}",
                               size=11, anchor="start", fill=colour,
                               weight="bold" if on else "normal",
                               tooltip=f"P({a} and {b}) = {first[a]} × {second[a][b]}"))
        for k, b in enumerate(outcomes):
            y = 56 + 22 * k
            on = self.chosen == b
            box = Rect(f"outcome-{b}", label_x, y - 10, 82, 20, rx=4,
                       fill=WIN_FILL if on else "var(--jp-layout-color2, #eee)", stroke=INK,
                       label=f"add up the branches where the {self.second_name} is {b}")
            scene.add(box)
            scene.clickable.add(box.id)
            scene.add(Text(f"outcome-{b}-name", label_x + 41, y, b, size=11,
                           fill="#fff" if on else INK))
        scene.add(Text("hint", label_x + 41, 40, "click one:", size=10, fill=FAINT_INK))
        self._status(first, second)
        return scene

    def _status(self, first, second) -> None:
        if self.chosen is None:
            self.status.value = (f"Each branch's number is a chance given the branch before "
                                 f"it; each end shows P({self.first_name} and "
                                 f"{self.second_name}). Click a {self.second_name} on the right.")
            return
        b = self.chosen
        parts = {a: first[a] * second[a].get(b, 0) for a in first}
        total = sum(parts.values())
        text = (f"P({b}) = " + " + ".join(self._text(p) for p in parts.values())
                + f" = <b>{self._text(total)}</b> (the law of total probability)")
        if self.reverse and total:
            text += "; turned round: " + ", ".join(
                f"P({a} | {b}) = {self._text(p / total)}" for a, p in parts.items())
        self.status.value = text + "."


# ------------------------------------------------------------------------------ thinning
class DeckThinner(_LessonWidget):
    """A deck (card id -> how many) drawn as cards: click a card to Destroy it (click a
    Destroyed one to bring it back). The chances for the next hand of ``hand`` cards
    follow: each card's, and the number of ``counted`` cards (e.g. the travel cards) in
    it, exact beside ``deal(deck, runs, seed)`` hands the engine deals ("deal").

    >>> thin = DeckThinner({"cap": 3, "kit": 1}, hand=2, counted=("kit",), names={"cap": "Cap"})
    >>> thin.board.simulate("click", "card-cap-0")
    >>> thin.deck
    {'cap': 2, 'kit': 1}
    >>> "3 cards" in thin.status.value
    True
    """

    def __init__(self, deck: Mapping[str, int], *, hand: int = 5,
                 counted: Sequence[str] = ("traveling_kit", "wooden_knife"),
                 names: Mapping[str, str] | None = None, destroyable: Sequence[str] | None = None,
                 deal: Callable[[dict[str, int], int, int], list[Sequence[str]]] | None = None,
                 runs: int = 500, title: str = "Click a card to Destroy it") -> None:
        self.full = dict(deck)
        self.deck = dict(deck)
        self.hand, self.counted, self.names = hand, tuple(counted), dict(names or {})
        self.destroyable = set(destroyable if destroyable is not None else deck)
        self.deal, self.runs, self.title = deal, runs, title
        self.dealt: list[Sequence[str]] | None = None
        self.deal_button = w.Button(description=f"deal {runs} hands in the engine",
                                    disabled=deal is None)
        self.deal_button.on_click(lambda _b: self.deal_hands())
        self.deal_seed = 0
        super().__init__([self.deal_button] if deal is not None else [])
        self.board.on_click(self._clicked)

    def _clicked(self, event) -> None:
        if not event.id.startswith("card-"):
            return
        card, index = event.id.removeprefix("card-").rsplit("-", 1)
        if card not in self.destroyable:
            return
        present = self.deck[card]
        if int(index) < present and sum(self.deck.values()) > self.hand:
            self.deck[card] -= 1
        elif int(index) >= present:
            self.deck[card] += 1
        self.dealt = None
        self.redraw()

    def deal_hands(self) -> None:
        """Deal ``runs`` hands from the deck as it is now, in the engine."""
        if self.deal is not None:
            self.deal_seed += 1
            self.dealt = self.deal(dict(self.deck), self.runs, self.deal_seed)
            self.redraw()

    def exact(self) -> dict[int, Fraction]:
        """P(k of the counted cards in the next hand), exactly."""
        from ..core.deck import hypergeom_pmf

        size = sum(self.deck.values())
        marked = sum(self.deck.get(c, 0) for c in self.counted)
        return {k: Fraction(str(hypergeom_pmf(size, marked, min(self.hand, size), k)))
                for k in range(min(marked, self.hand) + 1)}

    def scene(self) -> Scene:
        size = sum(self.deck.values())
        draws = min(self.hand, size)
        exact = self.exact()
        simulated = None
        if self.dealt is not None:
            seen = Counter(sum(card in self.counted for card in h) for h in self.dealt)
            simulated = {k: proportion(seen[k], len(self.dealt)) for k in exact}
        counted = " or ".join(self.names.get(c, c) for c in self.counted)
        chart = comparison_chart(exact, simulated, title="", x_label=f"cards that are {counted}"
                                 " in the hand", y_label="probability",
                                 simulated_label=f"the engine: {self.runs} hands",
                                 width=WIDTH, height=250)
        scene = _scene(self.title, f"A deck of {size} cards; the next hand of {draws}.",
                       height=130 + chart.height)
        x = 12.0
        for card, full in self.full.items():
            for i in range(full):
                present = i < self.deck[card]
                rect = Rect(f"card-{card}-{i}", x, 30, 46, 64, rx=5,
                            fill=(EXACT_FILL if card in self.counted else
                                  "var(--jp-layout-color2, #eee)") if present else "none",
                            stroke=INK if present else MUTED,
                            label=f"{self.names.get(card, card)}"
                                  f"{'' if present else ' (Destroyed)'}")
                scene.add(rect)
                if card in self.destroyable:
                    scene.clickable.add(rect.id)
                scene.add(Text(f"card-{card}-{i}-name", x + 23, 62,
                               self.names.get(card, card)[:7], size=9,
                               fill=("#fff" if card in self.counted else INK) if present
                               else MUTED))
                x += 50
        scene.add(Text("deck-size", 12, 108, f"deck: {size} cards; each card is in the next "
                                             f"hand of {draws} with chance {draws}/{size}",
                       size=11, anchor="start", fill=INK))
        parts = []
        for shape in chart.shapes:
            if shape.id != "background":
                _prefix(shape, "chart-")
                parts.append(shape)
        scene.add(Group("chart", parts, transform="translate(0 120)"))
        self.status.value = (f"<b>{size} cards</b> in the deck; the hand holds {counted}: "
                             + ", ".join(f"{k}: {p}" for k, p in exact.items())
                             + ("" if simulated is None else
                                "; the engine: " + ", ".join(f"{k}: {e}" for k, e in
                                                             simulated.items()))
                             + ".")
        return scene


def _prefix(shape: Any, prefix: str) -> None:
    """Give a chart's shape (and its children) ids that cannot clash with the scene's."""
    shape.id = prefix + shape.id
    for child in getattr(shape, "children", ()):
        _prefix(child, prefix)


# --------------------------------------------------------------------------- engine tally
class EngineTally(_LessonWidget):
    """Exact chances (``exact``: outcome -> chance) beside a tally of ``play(seed)`` runs of
    the engine (each returns an outcome); the buttons add 1, 10 or 100 runs, or start over.
    The simulated bars carry whiskers of 2 standard errors either way.
    """

    def __init__(self, exact: Mapping[Any, Any], play: Callable[[int], Any], *,
                 title: str = "", x_label: str = "outcome", seed: int = 0) -> None:
        self.exact_values, self.play_one = dict(exact), play
        self.title, self.x_label = title, x_label
        self.counts: Counter = Counter()
        self.seed = seed * 1_000_003
        self.runs = 0
        buttons = []
        for n in (1, 10, 100):
            button = w.Button(description=f"play {n}")
            button.on_click(lambda _b, n=n: self.play(n))
            buttons.append(button)
        reset = w.Button(description="start over")
        reset.on_click(lambda _b: self.reset())
        super().__init__([*buttons, reset])

    def play(self, n: int) -> None:
        """Add ``n`` runs of the engine (each with the next seed) to the tally."""
        for _ in range(n):
            outcome = self.play_one(self.seed + self.runs)
            if outcome not in self.exact_values:
                raise InvalidArgumentError(f"play returned {outcome!r}, not one of "
                                           f"{list(self.exact_values)}")
            self.counts[outcome] += 1
            self.runs += 1
        self.redraw()

    def reset(self) -> None:
        self.counts, self.runs = Counter(), 0
        self.redraw()

    def scene(self) -> Scene:
        simulated = ({k: proportion(self.counts[k], self.runs) for k in self.exact_values}
                     if self.runs else None)
        scene = comparison_chart(self.exact_values, simulated, title=self.title,
                                 x_label=self.x_label,
                                 simulated_label=f"the engine: {self.runs:,} runs")
        if self.runs:
            self.status.value = (f"<b>{self.runs:,} runs</b> of the engine: " + ", ".join(
                f"{k}: {self.counts[k]} ({simulated[k]})" for k in self.exact_values)
                + " (± one standard error).")
        else:
            self.status.value = "No runs yet: click <b>play 1</b>, 10 or 100."
        return scene


# ---------------------------------------------------------------------- waiting times
class WaitingTime(_LessonWidget):
    """A waiting time ``T`` (1, 2, ...): its exact distribution ``exact`` (t -> chance; what
    the chances leave over is "later than the last t given") beside ``waits`` the engine
    measured (None: not within the measured time). The slider "already waited" ``s``
    conditions on ``T > s`` and draws the rest of the wait, ``T - s``: for a wait of
    independent trials (geometric) the bars stay where they were, the wait forgets; for a
    wait with a memory they move. A black line over each bar marks the distribution of
    ``T`` itself. The slider goes as far as ``least`` of the engine's waits are still
    waiting.

    >>> from fractions import Fraction as F
    >>> wait = WaitingTime({1: F(1, 2), 2: F(1, 2)}, [1, 2, 2, 1], unit="turns", shown=2,
    ...                    least=2)
    >>> wait.waited.value = 1
    >>> wait.conditional()
    {1: Fraction(1, 1), 2: Fraction(0, 1)}
    >>> "given T > 1" in wait.status.value
    True
    """

    def __init__(self, exact: Mapping[int, Any], waits: Sequence[int | None], *,
                 title: str = "How long until it comes?", unit: str = "rolls",
                 shown: int = 8, least: int = 30) -> None:
        self.exact = {int(t): Fraction(p) for t, p in sorted(exact.items())}
        if any(t < 1 for t in self.exact) or sum(self.exact.values()) > 1:
            raise InvalidArgumentError("exact must give chances of waits 1, 2, ... adding "
                                       "up to at most 1")
        self.waits, self.title, self.unit, self.shown = list(waits), title, unit, shown
        # the longest wait already waited that leaves a chance and enough measured waits
        most = 0
        # (and leaves exact chances to show: never past the last t given)
        while (most + 1 < max(self.exact, default=0)
               and 1 - sum(p for t, p in self.exact.items() if t <= most + 1) > 0
               and self._beyond(most + 1) >= least):
            most += 1
        self.waited = w.IntSlider(0, min=0, max=most, description="already waited:",
                                  continuous_update=False, disabled=most == 0,
                                  style={"description_width": "initial"})
        self.waited.observe(lambda _change: self.redraw(), names="value")
        super().__init__([self.waited])

    def _beyond(self, s: int) -> int:
        return sum(1 for t in self.waits if t is None or t > s)

    def survival(self, s: int) -> Fraction:
        """P(T > s), exactly."""
        return 1 - sum((p for t, p in self.exact.items() if t <= s), Fraction(0))

    def conditional(self) -> dict[int, Fraction]:
        """P(T - s = k | T > s) for k = 1 .. ``shown``, exactly, s the slider's value."""
        s = self.waited.value
        left = self.survival(s)
        return {k: self.exact.get(s + k, Fraction(0)) / left for k in range(1, self.shown + 1)}

    def scene(self) -> Scene:
        s = self.waited.value
        exact = self.conditional()
        base = {k: self.exact.get(k, Fraction(0)) for k in range(1, self.shown + 1)}
        later = [t for t in self.waits if t is None or t > s]
        simulated = {k: proportion(sum(1 for t in later if t == s + k), len(later))
                     for k in exact}
        top = max(max(float(p) for p in exact.values()), max(float(p) for p in base.values()),
                  max(e.value + 2 * e.se for e in simulated.values())) * 1.12
        scene = _scene(self.title, f"The rest of the wait given {self.unit} already waited: "
                                   f"{s}; exact bars beside {len(later)} of the engine's waits.")
        frame = _Frame(scene, (0.5, self.shown + 0.5), (0, top),
                       x_label=f"{self.unit} still to wait (T - {s})",
                       y_label=f"probability, given T > {s}")
        slot = frame.x(1) - frame.x(0)
        for k in exact:
            x = frame.x(k)
            p = float(exact[k])
            scene.add(Rect(f"exact-{k}", x - 0.4 * slot, frame.y(p), 0.38 * slot,
                           frame.bottom - frame.y(p), fill=EXACT_FILL, stroke="none",
                           classes=("bar",), tooltip=f"exact: {exact[k]}"))
            e = simulated[k]
            scene.add(Rect(f"simulated-{k}", x + 0.02 * slot, frame.y(e.value), 0.38 * slot,
                           frame.bottom - frame.y(e.value), fill=SIMULATED_STROKE,
                           stroke="none", opacity=0.75, classes=("bar",),
                           tooltip=f"the engine: {e}"))
            lo, hi = e.interval()
            scene.add(Path(f"whisker-{k}", f"M {x + 0.21 * slot:.1f} {frame.y(max(lo, 0)):.2f}"
                                           f" V {frame.y(min(hi, top)):.2f}",
                           classes=("line",), stroke=INK, stroke_width=1))
            b = frame.y(float(base[k]))
            scene.add(Path(f"unconditional-{k}", f"M {x - 0.45 * slot:.1f} {b:.2f} "
                                                 f"H {x + 0.45 * slot:.1f}",
                           classes=("line",), stroke=INK, stroke_width=2,
                           label=f"P(T = {k}), before any waiting"))
        scene.add(Text("legend", frame.right, frame.top - 10,
                       "blue: exact; orange: the engine (whiskers 2 standard errors); "
                       "black: T itself", size=10, anchor="end", fill=INK))
        parts = ", ".join(f"{k}: {exact[k]} / engine {simulated[k]}"
                          for k in list(exact)[:3])
        self.status.value = (f"<b>given T > {s}</b> (exact chance {self.survival(s)}; "
                             f"{len(later):,} of the engine's {len(self.waits):,} waits): the "
                             f"rest of the wait is {parts}, ...; before waiting, "
                             + ", ".join(f"{k}: {base[k]}" for k in list(base)[:3]) + ".")
        return scene
