"""Charts as scenes: a bar chart of an exact distribution, drawn by the same board.

Each bar's tooltip gives its exact probability (a fraction) and a percentage;
bars at or above a target are marked, so "the chance to reach 12" is the part
of the chart in the winning colour.

>>> from sympy import Rational
>>> chart = bar_chart({2: Rational(1, 4), 3: Rational(1, 2), 4: Rational(1, 4)},
...                   target=3, title="Strength")
>>> [s.tooltip for s in chart.shapes if s.id == "bar-3"]
['3: 1/2 (50.0%)']
>>> chart.find("bar-4").classes, chart.find("bar-2").classes
(('bar', 'bar-win'), ('bar',))
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy

from .errors import InvalidArgumentError
from .scene import Path, Rect, Scene, Text

#: The most bars (values from the lowest to the highest) a chart draws: more would be
#: thinner than a pixel at the usual width, and a scene of millions of shapes.
MAX_BARS = 400

WIN_FILL = "var(--jp-success-color1, #2e7d32)"
LOSE_FILL = "var(--jp-brand-color2, #64b5f6)"
TARGET_STROKE = "var(--jp-error-color1, #c62828)"


def percent(p: sympy.Rational | int) -> str:
    """An exact probability as a percentage with one decimal (for people; the fraction is exact)."""
    return f"{float(p) * 100:.1f}%"


def bar_chart(probabilities: Mapping[int, sympy.Rational], *, target: int | None = None,
              title: str = "", x_label: str = "", target_label: str = "needed",
              width: float = 480,
              height: float = 220) -> Scene:
    """A scene: one bar per value, height by probability; values >= ``target`` marked.

    The values are whole numbers at most ``MAX_BARS`` (400) apart.
    """
    _check_bars(probabilities, target)
    values = sorted(probabilities)
    scene = Scene(width, height, title=title or "bar chart",
                  description=_describe(probabilities, target, title))
    if not values:
        scene.add(Text("empty", width / 2, height / 2, "nothing to show"))
        return scene
    left, right, top, bottom = 40.0, 10.0, 40.0, 40.0
    lo, hi = values[0], values[-1]
    slots = hi - lo + 1
    slot = (width - left - right) / slots
    peak = max(probabilities.values()) or 1
    plot_height = height - top - bottom
    if title:
        scene.add(Text("title", width / 2, 11, title, size=13, weight="bold"))
    scene.add(Path("axis", f"M {left} {height - bottom} H {width - right}",
                   classes=("line", "axis"), stroke="var(--jp-border-color1, #999)"))
    scene.add(Text("y-top", left - 4, top, percent(peak), size=9, anchor="end"))
    label_every = max(1, round(slots / 16))
    for v in range(lo, hi + 1):
        x = left + (v - lo) * slot
        p = probabilities.get(v, sympy.Integer(0))
        h = float(p / peak) * plot_height
        wins = target is not None and v >= target
        scene.add(Rect(f"bar-{v}", x + slot * 0.1, height - bottom - h, slot * 0.8, max(h, 0.5),
                       classes=("bar", "bar-win") if wins else ("bar",),
                       fill=WIN_FILL if wins else LOSE_FILL,
                       label=f"{v}: probability {p}", tooltip=f"{v}: {p} ({percent(p)})"))
        if (v - lo) % label_every == 0:
            scene.add(Text(f"x-{v}", x + slot / 2, height - bottom + 10, str(v), size=10))
    if target is not None and lo <= target <= hi + 1:
        x = left + (target - lo) * slot
        scene.add(Path("target", f"M {x} {top - 6} V {height - bottom + 2}",
                       classes=("line", "target"), stroke=TARGET_STROKE, stroke_width=2))
        scene.add(Text("target-label", x + 3, top - 8, f"{target_label}: {target}", size=10,
                       anchor="start", fill=TARGET_STROKE))
    if x_label:
        scene.add(Text("x-label", width / 2, height - 10, x_label, size=11))
    return scene


def _check_bars(probabilities: Mapping[int, sympy.Rational], target: int | None) -> None:
    if not isinstance(probabilities, Mapping):
        raise InvalidArgumentError("probabilities must be a mapping value -> probability, "
                                   f"not {type(probabilities).__name__}")
    if any(isinstance(v, bool) or not isinstance(v, int) for v in probabilities):
        raise InvalidArgumentError("probabilities: the values charted are whole numbers")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise InvalidArgumentError(f"target must be a whole number or None, not {target!r}")
    if probabilities and max(probabilities) - min(probabilities) >= MAX_BARS:
        raise InvalidArgumentError(
            f"probabilities: the values span {max(probabilities) - min(probabilities) + 1:,} "
            f"bars; a chart draws at most {MAX_BARS} (more would be thinner than a pixel)")


def _describe(probabilities: Mapping[int, sympy.Rational], target: int | None,
              title: str) -> str:
    parts = [f"{v}: {p}" for v, p in sorted(probabilities.items())]
    text = f"{title}. " if title else ""
    text += "Probabilities " + ", ".join(parts) + "."
    if target is not None:
        reach = sum((p for v, p in probabilities.items() if v >= target), sympy.Integer(0))
        text += f" At least {target}: {reach}."
    return text
