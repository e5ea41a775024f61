"""The lessons' charts (core/charts.py): exact beside simulated in one call, and independent
simulations around the exact value; the statistics they draw (lessons/stats.py)."""

from __future__ import annotations

import math

import pytest
import sympy

from dungeoncraft_widgets.core.charts import band_chart, comparison_chart
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.scene import Circle, Path, Rect, Text
from dungeoncraft_widgets.lessons import (
    Estimate,
    fisher_exact,
    independent_runs,
    proportion,
    sample_mean,
    sample_variance,
    wilson_interval,
)

R = sympy.Rational


def texts(scene) -> dict[str, str]:
    return {s.id: s.text for s in scene.shapes if isinstance(s, Text)}


def test_comparison_chart_labels_axes_and_says_which_bars_are_exact_and_which_simulated():
    exact = {2: R(1, 4), 3: R(1, 2), 4: R(1, 4)}
    simulated = {2: proportion(26, 100), 3: proportion(47, 100), 4: proportion(27, 100)}
    chart = comparison_chart(exact, simulated, title="Two coins", x_label="heads + 2",
                             y_label="probability", simulated_label="simulated: 100 throws")
    words = texts(chart)
    assert words["legend-exact"] == "exact" and words["legend-simulated"] == "simulated: 100 throws"
    assert words["legend-whisker"] == "whiskers: 2 standard errors either way"
    assert words["x-label"] == "heads + 2" and chart.find("y-label").text == "probability"
    assert words["title"] == "Two coins"
    assert [words[f"x-{k}"] for k in exact] == ["2", "3", "4"]
    assert [words[k] for k in words if k.startswith("y-tick")] == ["0%", "20%", "40%", "60%"]
    bars = {s.id: s for s in chart.shapes if isinstance(s, Rect) and "bar" in s.classes}
    assert set(bars) == {f"{kind}-{k}" for kind in ("exact", "simulated") for k in exact}
    assert bars["exact-3"].height == pytest.approx(2 * bars["exact-2"].height)
    assert bars["exact-3"].tooltip == "3: exact 1/2 (50.0%)"
    assert "simulated 0.47" in bars["simulated-3"].tooltip
    # the whisker spans the estimate ± 2 standard errors, on the chart's scale
    whisker = chart.find("whisker-3")
    assert isinstance(whisker, Path)
    _, _, low, _, high, *_ = whisker.d.split()          # "M x low V high ..."
    scale = bars["exact-3"].height / 0.5
    assert float(low) - float(high) == pytest.approx(4 * simulated[3].se * scale, rel=0.02)
    assert "3: exact 1/2, simulated 0.47" in chart.description
    assert chart.to_svg().startswith("<svg")


def test_comparison_chart_text_categories_negative_values_and_a_target():
    chart = comparison_chart({"optimal": R(19, 16), "never": R(-2, 3)},
                             {"optimal": 1.2, "never": -0.6}, y_label="expected points")
    zero = chart.find("x-axis")
    bar = chart.find("exact-never")
    assert bar.y == pytest.approx(float(zero.d.split()[2]))   # hangs below the zero line
    assert "whisker-never" not in chart.ids()                  # plain floats: no whiskers
    assert not any(t.startswith("legend-whisker") for t in chart.ids())
    target = comparison_chart({k: R(1, 11) for k in range(2, 13)}, target=7)
    assert texts(target)["target-label"] == "needed: 7"
    assert "simulated-2" not in target.ids()


def test_comparison_chart_keeps_a_chance_axis_within_zero_and_one():
    chart = comparison_chart({0: R(999, 1000), 1: R(1, 1000)},
                             {0: proportion(2000, 2000), 1: proportion(1, 2000)})
    ticks = [t for k, t in texts(chart).items() if k.startswith("y-tick")]
    assert ticks[0] == "0%" and ticks[-1] == "100%"


def test_comparison_chart_refuses_a_simulated_category_with_no_exact_value():
    with pytest.raises(InvalidArgumentError, match="categories not in exact"):
        comparison_chart({1: R(1, 2)}, {2: 0.5})


def test_band_chart_draws_every_independent_simulation_and_the_band():
    estimates = {10: [0.4, 0.6, 0.9], 1000: [0.49, 0.51, 0.7]}
    chart = band_chart(R(1, 2), estimates, title="coins")
    dots = [s for s in chart.shapes if isinstance(s, Circle) and s.id.startswith("dot-")]
    assert len(dots) == 6
    words = texts(chart)
    # 0.9 is 2.5 standard errors out at N=10; 0.7 is 12.6 out at N=1000
    assert words["inside-10"] == words["inside-1000"] == "2 of 3 in the band"
    assert words["legend-exact"] == "exact: 1/2"
    assert words["legend-band"] == "exact, 2 standard errors either way"
    assert words["legend-dots"] == "one dot: one independent simulation"
    assert words["x-label"] == "runs in each simulation (log scale)"
    assert chart.find("band").points and chart.find("exact")
    assert "3 simulations of 10 runs, 2 inside the band" in chart.description


def test_band_chart_needs_a_spread_when_the_exact_value_is_not_a_chance():
    with pytest.raises(InvalidArgumentError, match="spread"):
        band_chart(R(33, 2), {10: [16.0]})
    chart = band_chart(R(33, 2), {10: [16.0, 17.5]}, spread=math.sqrt(35 / 4),
                       y_label="mean strength")
    assert chart.find("y-label").text == "mean strength"


def test_estimates_and_their_standard_errors():
    est = proportion(30, 40)
    assert est.se == pytest.approx(math.sqrt(0.75 * 0.25 / 40))
    assert est.interval() == pytest.approx((0.75 - 2 * est.se, 0.75 + 2 * est.se))
    assert est.agrees_with(R(2, 3)) and not est.agrees_with(R(1, 4))
    assert str(proportion(1, 3)) == "0.3 ± 0.3"
    # no spread seen: said as a count, never "0.000 ± 0.000"
    assert str(proportion(0, 2000)) == "0 of 2,000 (below 0.0015 with 95% confidence)"
    assert str(proportion(400, 400)) == "400 of 400 (above 0.9925 with 95% confidence)"
    assert "±" not in proportion(0, 50)._repr_html_()
    assert str(Estimate(0.5, 0.0, 10)) == "0.5 (all 10 runs alike)"
    assert str(sample_mean([2, 2, 2])) == "2 (all 3 runs alike)"
    mean = sample_mean([1, 2, 3, 4, 5, 6] * 50)
    assert mean.value == 3.5 and mean.se == pytest.approx(math.sqrt(35 / 12 / 300), rel=0.01)
    for bad in ((5, 4), (-1, 4), (1, 0), (True, 3)):
        with pytest.raises(InvalidArgumentError):
            proportion(*bad)
    with pytest.raises(InvalidArgumentError):
        sample_mean([1])
    variance = sample_variance([1, 2, 3, 4, 5, 6] * 200)
    assert variance.value == pytest.approx(35 / 12, rel=0.01) and 0 < variance.se < 0.1
    assert variance.agrees_with(R(35, 12))


def test_independent_runs_give_every_run_its_own_seed():
    seen = []
    runs = independent_runs(lambda s: seen.append(s) or s % 3 == 0, [3, 6], repeats=2, seed=10)
    assert seen == list(range(10, 10 + 2 * 3 + 2 * 6))
    assert runs == {3: [1 / 3, 1 / 3], 6: [1 / 3, 1 / 3]}


def test_fisher_exact_and_the_wilson_interval():
    # the Dubious Alliance notebook's tournament: liar 8 of 16, honest 3 of 16
    p = fisher_exact([[8, 8], [3, 13]])
    assert 0.13 < float(p) < 0.14
    # a one-sided sum by hand from the hypergeometric terms, doubled by symmetry here
    assert fisher_exact([[3, 0], [0, 3]]) == R(1, 10)
    assert fisher_exact([[2, 2], [2, 2]]) == 1
    low, high = wilson_interval(8, 16)
    assert low < 0.5 < high and 0.25 < low < 0.3
    with pytest.raises(InvalidArgumentError):
        fisher_exact([[1, 2], [3]])
    with pytest.raises(InvalidArgumentError):
        fisher_exact([[1, -2], [3, 4]])
