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

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

import sympy

from .checks import integer, shown, whole_number
from .english import percent  # also imported from here by the games' apps and notebooks
from .errors import InvalidArgumentError
from .scene import Circle, Group, Path, Polygon, Rect, Scene, Text

#: The most bars (values from the lowest to the highest) a chart draws: more would be
#: thinner than a pixel at the usual width, and a scene of millions of shapes.
MAX_BARS = 400

WIN_FILL = "var(--jp-success-color1, #2e7d32)"
LOSE_FILL = "var(--jp-brand-color2, #64b5f6)"
TARGET_STROKE = "var(--jp-error-color1, #c62828)"


def bar_chart(probabilities: Mapping[int, sympy.Rational], *, target: int | None = None,
              title: str = "", x_label: str = "", target_label: str = "needed",
              width: float = 480,
              height: float = 220) -> Scene:
    """A scene: one bar per value, height by probability; values >= ``target`` marked.

    The values are whole numbers at most ``MAX_BARS`` (400) apart.
    """
    _check_bars(probabilities, target)
    _check_size(width, height)
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
    for value, p in probabilities.items():
        whole_number(value, "probabilities: a value charted")
        if not _probability(p):
            raise InvalidArgumentError(f"probabilities[{value}] must be a probability (a "
                                       f"number from 0 to 1), not {shown(p)}")
    if target is not None:
        whole_number(target, "target")
    if probabilities and max(probabilities) - min(probabilities) >= MAX_BARS:
        raise InvalidArgumentError(
            f"probabilities: the values span {max(probabilities) - min(probabilities) + 1:,} "
            f"bars; a chart draws at most {MAX_BARS} (more would be thinner than a pixel)")


def _check_size(width: object, height: object) -> None:
    for value, name in ((width, "width"), (height, "height")):
        if not _finite(value) or value <= 0 or value > 100_000:  # type: ignore[operator]
            raise InvalidArgumentError(f"{name} must be a number of pixels from 1 to 100,000, "
                                       f"not {shown(value)}")


def _finite(x: object) -> bool:
    """Whether ``x`` is a finite real number (not a bool)."""
    if isinstance(x, bool):
        return False
    if isinstance(x, sympy.Basic):
        return bool(x.is_number and x.is_real and x.is_finite)
    return isinstance(x, (int, float, Fraction)) and math.isfinite(x)


def _probability(p: object) -> bool:
    """Whether ``p`` is a number from 0 to 1 (an exact one, or a float estimate)."""
    if isinstance(p, bool):
        return False
    if isinstance(p, sympy.Basic):
        if not (p.is_number and p.is_real):
            return False
    elif not isinstance(p, (int, float, Fraction)):
        return False
    try:
        return bool(0 <= p <= 1)  # NaN is not
    except TypeError:
        return False


def _describe(probabilities: Mapping[int, sympy.Rational], target: int | None,
              title: str) -> str:
    parts = [f"{v}: {p}" for v, p in sorted(probabilities.items())]
    text = f"{title}. " if title else ""
    text += "Probabilities " + ", ".join(parts) + "."
    if target is not None:
        reach = sum((p for v, p in probabilities.items() if v >= target), sympy.Integer(0))
        text += f" At least {target}: {reach}."
    return text


# ----------------------------------------------------------------- exact beside simulated
EXACT_FILL = "var(--jp-brand-color1, #1565c0)"
SIMULATED_FILL = "var(--jp-warn-color2, #ffb74d)"
SIMULATED_STROKE = "var(--jp-warn-color0, #e65100)"
INK = "var(--jp-ui-font-color1, #222)"
FAINT_INK = "var(--jp-ui-font-color2, #666)"
GRID = "var(--jp-border-color2, #ddd)"
BAND_FILL = "var(--jp-brand-color3, #bbdefb)"


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values from at or below ``low`` to at or above ``high`` (about ``count``).

    >>> _nice_ticks(0, 0.83)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    >>> _nice_ticks(-6.6, 0)
    [-8, -6, -4, -2, 0]
    >>> _nice_ticks(0.9, 0.95)
    [0.9, 0.92, 0.94, 0.96]
    """
    import math

    span = high - low or abs(high) or 1.0
    raw = span / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(k * step, 12) for k in range(first, last + 1)]


def _tick_text(value: float, ticks: list[float], percent_axis: bool) -> str:
    if percent_axis:
        step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
        digits = 0 if step * 100 >= 1 - 1e-9 else 1
        return f"{value * 100:.{digits}f}%"
    return f"{value:g}"


def _simulated_parts(value: object) -> tuple[float, float | None]:
    """(estimate, standard error or None) from a float or an object with .value and .se."""
    if hasattr(value, "value") and hasattr(value, "se"):
        return float(value.value), float(value.se)
    return float(value), None


def _background(scene: Scene) -> None:
    # JupyterLab shows an SVG output as an image, where the theme's variables do not reach:
    # the fallback colours (dark ink) then need their own light card, in a dark theme too.
    scene.add(Rect("background", 0, 0, scene.width, scene.height, rx=4,
                   fill="var(--jp-layout-color0, #fff)", stroke="none", classes=("background",)))


def _legend(scene: Scene, x: float, y: float, entries: list[tuple[str, str, str, str]]) -> None:
    """Legend rows at (x, y) going down: (id, swatch kind, colour, text)."""
    for k, (key, kind, colour, text) in enumerate(entries):
        row = y + 15 * k
        if kind == "box":
            scene.add(Rect(f"legend-{key}-swatch", x, row - 5, 14, 10, fill=colour,
                           stroke=SIMULATED_STROKE if colour == SIMULATED_FILL else colour,
                           classes=("legend",)))
        elif kind == "line":
            scene.add(Path(f"legend-{key}-swatch", f"M {x} {row} H {x + 14}",
                           classes=("line", "legend"), stroke=colour, stroke_width=2))
        elif kind == "dot":
            scene.add(Circle(f"legend-{key}-swatch", x + 7, row, 3.5, fill=colour,
                             stroke="none", classes=("legend",)))
        scene.add(Text(f"legend-{key}", x + 19, row, text, size=11, anchor="start",
                       fill=INK))


def _y_axis(scene: Scene, left: float, top: float, bottom: float, width: float,
            ticks: list[float], y_of, label: str, percent_axis: bool) -> None:
    for k, tick in enumerate(ticks):
        y = y_of(tick)
        scene.add(Path(f"grid-{k}", f"M {left} {y:.2f} H {width - 10}",
                       classes=("line", "grid"), stroke=GRID, stroke_width=1))
        scene.add(Text(f"y-tick-{k}", left - 5, y, _tick_text(tick, ticks, percent_axis),
                       size=10, anchor="end", fill=FAINT_INK))
    scene.add(Path("y-axis", f"M {left} {top} V {bottom}", classes=("line", "axis"),
                   stroke=INK, stroke_width=1))
    if label:
        middle = (top + bottom) / 2
        scene.add(Group("y-label-group", [Text("y-label", 12, middle, label, size=11,
                                               fill=INK)],
                        transform=f"rotate(-90 12 {middle:.2f})"))


def comparison_chart(exact: Mapping[object, object],
                     simulated: Mapping[object, object] | None = None, *,
                     title: str = "", x_label: str = "", y_label: str = "probability",
                     exact_label: str = "exact", simulated_label: str = "simulated",
                     target: int | None = None, target_label: str = "needed",
                     percent_axis: bool | None = None, width: float = 560,
                     height: float = 300) -> Scene:
    """Bars of exact values beside simulated ones, in one picture with a legend.

    ``exact`` maps each category (numbers are sorted, text keeps its order) to an exact
    value; ``simulated`` maps the same categories to a float or to an estimate with
    ``.value`` and ``.se`` (e.g. :class:`dungeoncraft_widgets.lessons.Estimate`), drawn
    with a whisker of two standard errors either way. Negative values hang below a zero
    line. ``target`` (numeric categories) draws a dashed line where the winning values
    start. The axes are labelled and the legend says which bars are exact and which
    simulated; every bar's tooltip gives its number (the exact one as a fraction).

    >>> from sympy import Rational
    >>> chart = comparison_chart({"win": Rational(5, 6), "lose": Rational(1, 6)},
    ...                          {"win": 0.84, "lose": 0.16}, title="A roll",
    ...                          simulated_label="simulated: 6000 rolls")
    >>> chart.find("exact-win").tooltip, chart.find("simulated-lose").tooltip
    ('win: exact 5/6 (83.3%)', 'lose: simulated 0.16')
    >>> chart.find("legend-simulated").text
    'simulated: 6000 rolls'
    """
    if not isinstance(exact, Mapping):
        raise InvalidArgumentError(f"exact must be a mapping category -> exact value, not "
                                   f"{shown(exact)}")
    if simulated is not None and not isinstance(simulated, Mapping):
        raise InvalidArgumentError(f"simulated must be a mapping category -> estimate, not "
                                   f"{shown(simulated)}")
    for key, value in exact.items():
        if not _finite(value):
            raise InvalidArgumentError(f"exact[{shown(key)}] must be a number, not "
                                       f"{shown(value)}")
    _check_size(width, height)
    keys = list(exact)
    if keys and all(integer(k) for k in keys):
        keys = sorted(keys)
    simulated = dict(simulated or {})
    unknown = [k for k in simulated if k not in exact]
    if unknown:
        raise InvalidArgumentError(f"simulated: categories not in exact: {unknown}")
    exact_values = {k: float(v) for k, v in exact.items()}
    sim = {k: _simulated_parts(v) for k, v in simulated.items()}
    if percent_axis is None:
        percent_axis = y_label.startswith(("probability", "chance", "frequency"))
    scene = Scene(width, height, title=title or "exact and simulated",
                  description=_compare_description(title, keys, exact, sim))
    _background(scene)
    left, right, top, bottom = 58.0, 12.0, 58.0, height - 48.0
    if title:
        scene.add(Text("title", width / 2, 13, title, size=14, weight="bold", fill=INK))
    legend = [("exact", "box", EXACT_FILL, exact_label)]
    if sim:
        legend.append(("simulated", "box", SIMULATED_FILL, simulated_label))
        if any(se is not None for _, se in sim.values()):
            legend.append(("whisker", "line", INK, "whiskers: 2 standard errors either way"))
    _legend(scene, left + 6, 30, legend[:2])
    if len(legend) > 2:
        _legend(scene, left + 6 + (width - left) / 2, 30, legend[2:])
    if not keys:
        scene.add(Text("empty", width / 2, height / 2, "nothing to show", fill=INK))
        return scene
    def whisker(v: float, se: float | None) -> tuple[float, float]:
        lo, hi = v - 2 * (se or 0), v + 2 * (se or 0)
        return (max(lo, 0.0), min(hi, 1.0)) if percent_axis else (lo, hi)  # a chance's range

    values = list(exact_values.values())
    for v, se in sim.values():
        values += whisker(v, se)
    ticks = _nice_ticks(min(0.0, *values), max(0.0, *values))
    low, high = ticks[0], ticks[-1]
    scale = (bottom - top) / ((high - low) or 1.0)

    def y_of(v: float) -> float:
        return bottom - (v - low) * scale

    _y_axis(scene, left, top, bottom, width, ticks, y_of, y_label, percent_axis)
    zero = y_of(0.0)
    scene.add(Path("x-axis", f"M {left} {zero:.2f} H {width - right}", classes=("line", "axis"),
                   stroke=INK, stroke_width=1))
    slot = (width - left - right) / len(keys)
    bar = min(slot * (0.4 if sim else 0.7), 64.0)
    label_every = max(1, round(len(keys) / 14))
    for i, key in enumerate(keys):
        x0 = left + (i + 0.5) * slot - (bar if sim else bar / 2)
        e = exact_values[key]
        scene.add(Rect(f"exact-{key}", x0, min(zero, y_of(e)), bar, max(abs(y_of(e) - zero), 0.5),
                       fill=EXACT_FILL, stroke="none", classes=("bar", "exact"),
                       label=f"{key}: exact {exact[key]}",
                       tooltip=f"{key}: exact {exact[key]} ({percent(exact[key])})"
                       if percent_axis else f"{key}: exact {exact[key]} (≈ {e:.4g})"))
        if key in sim:
            v, se = sim[key]
            xs = x0 + bar
            text = f"{v:.4g}" if se is None else f"{v:.4g} ± {se:.2g} (1 standard error)"
            scene.add(Rect(f"simulated-{key}", xs, min(zero, y_of(v)), bar,
                           max(abs(y_of(v) - zero), 0.5), fill=SIMULATED_FILL,
                           stroke=SIMULATED_STROKE, stroke_width=1,
                           classes=("bar", "simulated"), label=f"{key}: simulated {text}",
                           tooltip=f"{key}: simulated {text}"))
            if se is not None:
                mid = xs + bar / 2
                lo, hi = (y_of(w) for w in whisker(v, se))
                scene.add(Path(f"whisker-{key}",
                               f"M {mid:.2f} {lo:.2f} V {hi:.2f} M {mid - 3:.2f} {lo:.2f} "
                               f"H {mid + 3:.2f} M {mid - 3:.2f} {hi:.2f} H {mid + 3:.2f}",
                               classes=("line", "whisker"), stroke=INK, stroke_width=1.2))
        if i % label_every == 0:
            scene.add(Text(f"x-{key}", left + (i + 0.5) * slot, bottom + 12, str(key), size=11,
                           fill=INK))
    if target is not None and keys and isinstance(keys[0], int) and keys[0] <= target:
        position = sum(1 for k in keys if k < target)
        x = left + position * slot
        scene.add(Path("target", f"M {x:.2f} {top - 4} V {bottom}", classes=("line", "target"),
                       stroke=TARGET_STROKE, stroke_width=2))
        scene.add(Text("target-label", x + 4, top + 6, f"{target_label}: {target}", size=11,
                       anchor="start", fill=TARGET_STROKE))
    if x_label:
        scene.add(Text("x-label", left + (width - left - right) / 2, height - 12, x_label,
                       size=12, fill=INK))
    return scene


def _compare_description(title: str, keys: list, exact: Mapping, sim: Mapping) -> str:
    parts = []
    for k in keys:
        text = f"{k}: exact {exact[k]}"
        if k in sim:
            v, se = sim[k]
            text += f", simulated {v:.4g}" + ("" if se is None else f" ± {se:.2g}")
        parts.append(text)
    return (f"{title}. " if title else "") + "; ".join(parts) + "."


def band_chart(exact: object, estimates: Mapping[int, Sequence[float]], *,
               spread: float | None = None, title: str = "",
               x_label: str = "runs in each simulation (log scale)",
               y_label: str = "simulated frequency", z: float = 2.0,
               width: float = 560, height: float = 320) -> Scene:
    """Many independent simulations around the exact value, with the band they should fill.

    ``estimates`` maps a number of runs ``N`` to the results of several independent
    simulations of ``N`` runs each (one dot each). The band is ``exact ± z`` standard
    errors, ``spread / sqrt(N)``; ``spread`` is the standard deviation of one run, by
    default ``sqrt(p (1 - p))`` for a chance ``p = exact``. About 95% of the dots fall
    inside a band of ``z = 2``: that, not one running total, is how a simulation agrees
    with an exact answer.

    >>> from sympy import Rational
    >>> chart = band_chart(Rational(1, 2), {10: [0.4, 0.6], 100: [0.52, 0.47]})
    >>> len([s for s in chart.shapes if s.id.startswith("dot-")])
    4
    >>> chart.find("legend-band").text
    'exact, 2 standard errors either way'
    """
    if not _finite(exact):
        raise InvalidArgumentError(f"exact must be a number, not {shown(exact)}")
    if not isinstance(estimates, Mapping) or not all(
            integer(n) and isinstance(runs, (list, tuple)) and all(_finite(x) for x in runs)
            for n, runs in estimates.items()):
        raise InvalidArgumentError("estimates must map a number of runs to a list of the "
                                   f"simulations' results, not {shown(estimates)}")
    if spread is not None and (not _finite(spread) or spread < 0):
        raise InvalidArgumentError(f"spread must be a number >= 0, not {shown(spread)}")
    _check_size(width, height)
    p = float(exact)
    if spread is None:
        if not 0 <= p <= 1:
            raise InvalidArgumentError("spread: give the standard deviation of one run when "
                                       "the exact value is not a chance")
        spread = math.sqrt(p * (1 - p))
    sizes = sorted(estimates)
    if not sizes or sizes[0] < 1:
        raise InvalidArgumentError("estimates: give at least one number of runs (>= 1)")
    scene = Scene(width, height, title=title or "independent simulations",
                  description=_band_description(title, p, estimates, spread, z))
    _background(scene)
    left, right, top, bottom = 58.0, 16.0, 76.0, height - 48.0
    if title:
        scene.add(Text("title", width / 2, 13, title, size=14, weight="bold", fill=INK))
    _legend(scene, left + 6, 30, [("exact", "line", TARGET_STROKE, f"exact: {exact}"),
                                  ("dots", "dot", EXACT_FILL,
                                   "one dot: one independent simulation")])
    _legend(scene, left + 6 + (width - left) / 2, 30,
            [("band", "box", BAND_FILL, f"exact, {z:g} standard errors either way")])
    lo_n, hi_n = math.log10(sizes[0]), math.log10(sizes[-1])
    pad = 0.25

    def x_of(n: float) -> float:
        span = (hi_n - lo_n) or 1.0
        return left + (width - left - right) * (math.log10(n) - lo_n + pad) / (span + 2 * pad)

    values = [v for vs in estimates.values() for v in vs]
    half = z * spread / math.sqrt(sizes[0])
    low = min(p - half, *values)
    high = max(p + half, *values)
    ticks = _nice_ticks(low, high)
    if 0 <= p <= 1:  # a chance: the axis stays within [0, 1]
        ticks = [t for t in ticks if 0 <= t <= 1]
    low, high = ticks[0], ticks[-1]
    scale = (bottom - top) / ((high - low) or 1.0)

    def y_of(v: float) -> float:  # values beyond the axis are drawn at its end
        return bottom - (min(max(v, low), high) - low) * scale

    _y_axis(scene, left, top, bottom, width, ticks, y_of, y_label, False)
    ns = [10 ** (lo_n - pad + k * ((hi_n - lo_n) + 2 * pad) / 60) for k in range(61)]
    upper = [(x_of(n), y_of(p + z * spread / math.sqrt(n))) for n in ns]
    lower = [(x_of(n), y_of(p - z * spread / math.sqrt(n))) for n in reversed(ns)]
    scene.add(Polygon("band", upper + lower, fill=BAND_FILL, stroke="none", opacity=0.8,
                      classes=("band",)))
    scene.add(Path("exact", f"M {left} {y_of(p):.2f} H {width - right}",
                   classes=("line", "exact"), stroke=TARGET_STROKE, stroke_width=2))
    scene.add(Path("x-axis", f"M {left} {bottom} H {width - right}", classes=("line", "axis"),
                   stroke=INK, stroke_width=1))
    for n in sizes:
        runs = list(estimates[n])
        x = x_of(n)
        scene.add(Text(f"x-{n}", x, bottom + 12, f"{n:,}", size=11, fill=INK))
        inside = sum(1 for v in runs if abs(v - p) <= z * spread / math.sqrt(n))
        for j, v in enumerate(runs):
            jitter = (j - (len(runs) - 1) / 2) * min(1.2, 18 / max(len(runs), 1))
            scene.add(Circle(f"dot-{n}-{j}", x + jitter, y_of(v), 2.6, fill=EXACT_FILL,
                             stroke="none", opacity=0.75, classes=("dot",),
                             tooltip=f"simulation {j + 1} of {n:,} runs: {v:.4g}"))
        scene.add(Text(f"inside-{n}", x, top - 9, f"{inside} of {len(runs)} in the band",
                       size=10, fill=FAINT_INK))
    scene.add(Text("x-label", left + (width - left - right) / 2, height - 12, x_label, size=12,
                   fill=INK))
    return scene


def _band_description(title: str, p: float, estimates: Mapping[int, Sequence[float]],
                      spread: float, z: float) -> str:
    import math

    parts = []
    for n in sorted(estimates):
        runs = estimates[n]
        inside = sum(1 for v in runs if abs(v - p) <= z * spread / math.sqrt(n))
        parts.append(f"{len(runs)} simulations of {n} runs, {inside} inside the band")
    return (f"{title}. " if title else "") + f"Exact value {p:.4g}; " + "; ".join(parts) + "."
