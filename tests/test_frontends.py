"""Front ends without a browser: static fallbacks, readable reprs, the LiveView that
marimo shows, the marimo notebooks, Binder's base environment, the table notebooks."""

from __future__ import annotations

import html
import importlib.util
import json
import pathlib
import subprocess
import sys

import ipywidgets as w
import pytest

from dungeoncraft_widgets.adventure_land import AdventureLandApp, FightCalculator
from dungeoncraft_widgets.core.scene import Rect, Scene
from dungeoncraft_widgets.marimo import views
from dungeoncraft_widgets.widgets import BoardView
from dungeoncraft_widgets.widgets.fallback import plain_math, static_html, static_text
from dungeoncraft_widgets.widgets.mirror import LiveView, split_around

REPO = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def calculator():
    calc = FightCalculator()
    calc.swords.value = "2, 1"
    calc.companions.value = 2
    return calc


@pytest.fixture
def app():
    return AdventureLandApp(players=["You", "Bot"], seed=7)


def bundle(widget) -> dict:
    data = widget._repr_mimebundle_()
    return data[0] if isinstance(data, tuple) else data


def test_a_calculator_saved_without_widget_state_shows_inputs_and_exact_numbers(calculator):
    data = bundle(calculator)
    assert "application/vnd.jupyter.widget-view+json" in data  # the live widget still wins
    page = data["text/html"]
    assert "<b>Creature:</b> 12" in page and "<b>Swords:</b> 2, 1" in page
    assert "13/18 ≈ 72.2%" in page and "$" not in page  # no typesetting needed
    assert "<td>13/18</td>" in page  # the table of chances by number of swords
    assert page.count("<svg") == 1  # the strength chart as a picture
    assert "dcw-controls" not in page


def test_an_app_saved_without_widget_state_shows_the_position(app):
    page = bundle(app)["text/html"]
    assert "It is your turn." in page
    assert app.board._static_svg in page
    assert "What just happened" in page
    assert "Any legal action" not in page and "Do it" not in page  # controls are left out
    assert "<details" in page and "Log (" in page


def test_a_static_picture_escapes_what_comes_from_data():
    label = w.Label("<script>alert(1)</script>")
    field = w.Text("<b>x</b>", description="Name:")
    page = static_html(w.VBox([label, field]))
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "&lt;b&gt;x&lt;/b&gt;" in page


def test_hidden_widgets_are_not_pictured():
    hidden = w.Label("secret")
    hidden.layout.display = "none"
    assert "secret" not in static_html(w.VBox([w.Label("shown"), hidden]))


def test_plain_math_writes_the_library_formulas_plainly():
    assert plain_math(r"$\frac{13}{18} \approx 72.2\%$") == "13/18 ≈ 72.2%"
    assert plain_math(r"worth $\dfrac{5}{36}$ or $\frac{1}{2}$") == "worth 5/36 or 1/2"
    assert plain_math("no formula") == "no formula"


def test_reprs_are_short_and_readable(app, calculator):
    # A calculator is summed up by its answer, a refused input by its message.
    assert repr(calculator) == "<FightCalculator: Chance to win with swords +2, +1: 13/18 ≈ 72.2%>"
    calculator.herbs.value = "x"
    assert repr(calculator).startswith("<FightCalculator: ✗ herbs: 'x' is not a whole number")
    assert repr(app).startswith("<AdventureLandApp: It is your turn.")
    assert len(repr(app)) < 120
    assert bundle(app)["text/plain"] == repr(app)
    scene = Scene(100, 50, title="Two")
    scene.add(Rect("a", 0, 0, 10, 10))
    scene.add(Rect("b", 20, 0, 10, 10))
    scene.clickable.add("a")
    assert repr(BoardView(scene)) == "<BoardView 'Two': 2 shapes, 1 clickable>"
    assert repr(BoardView()) == "<BoardView: 0 shapes, 0 clickable>"
    assert "FightCalculator" in static_text(calculator) or "Creature: 12" in static_text(
        calculator)


def test_a_live_view_passes_typed_values_and_clicks_to_the_widgets(calculator):
    view = LiveView([calculator])
    assert 'data-dcw-index=' in view.html and "13/18 ≈ 72.2%" in view.html
    view.simulate("set", calculator.creature, "14")
    assert calculator.creature.value == 14
    assert calculator.odds.p_win < 13 / 18 and str(calculator.odds.p_win) in view.html
    view.simulate("set", calculator.creature, "fourteen")  # not a number: ignored
    assert calculator.creature.value == 14
    view.simulate("set", calculator.herbs, "3, x")
    assert "herbs: &#x27;x&#x27; is not a whole number" in view.html
    view.simulate("set", calculator.choose, False)
    assert calculator.choose.value is False
    # Messages a stale view might send are ignored, not errors.
    view._receive(view, {"type": "set", "index": 999, "value": 1}, [])
    view._receive(view, "not a dict", [])


def test_an_app_in_marimo_is_its_board_between_two_live_views(app):
    above, board, below = views(app)
    assert board is app.board
    assert isinstance(above, LiveView) and isinstance(below, LiveView)
    assert "It is your turn." in above.html and "<svg" not in above.html
    assert "Do it" in below.html
    before = len(app.state.history)
    do_it = app.play_button
    below.simulate("click", do_it)
    assert len(app.state.history) > before
    assert above.html != "" and app.summary_lines
    assert html.escape(app.summary_lines[-1]) in above.html


def test_a_board_click_redraws_the_panels(app):
    above, board, below = views(app)
    old = below.html + above.html
    clickable = sorted(board.scene["clickable"])
    for shape in clickable:
        board.simulate("click", shape)
        if below.html + above.html != old:
            break
    assert below.html + above.html != old


def test_split_around_opens_the_boxes_that_hold_the_board(app):
    above, below = split_around(app, app.board)
    assert app.status in above and app.log_view in below
    assert all(app.board not in getattr(x, "children", ()) for x in above + below)


@pytest.mark.parametrize("name", ["adventure_land", "hero_vs_guardian", "dubious_alliance"])
def test_each_marimo_example_runs_and_shows_anywidgets(name):
    import marimo  # noqa: F401 - the example needs it

    spec = importlib.util.spec_from_file_location(
        f"marimo_{name}", REPO / "notebooks" / "marimo" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    outputs, _defs = module.app.run()
    shown = [type(o).__name__ for o in outputs if o is not None]
    assert shown, f"{name}: nothing shown"
    html = " ".join(o.text for o in outputs if hasattr(o, "text"))
    assert "Jupyter widgets are not supported" not in html


@pytest.mark.parametrize("name", ["fog_fight", "scout_venture", "dubious_alliance_round"])
def test_table_notebooks_hold_one_calculator_and_no_other_code(name):
    notebook = json.loads((REPO / "notebooks" / "table" / f"{name}.ipynb").read_text())
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1
    source = "".join(code[0]["source"])
    assert "Calculator()" in source and source.count("\n") <= 3
    text = "".join("".join(c["source"]) for c in notebook["cells"])
    # How to open it, in pieces a phone's width can wrap (a long path would overflow).
    assert f"in `notebooks/table/`, run `voila {name}.ipynb`" in text


def test_binder_base_lists_what_repo2docker_installs_first():
    out = subprocess.run([sys.executable, str(REPO / ".ci" / "binder_base.py"),
                          str(REPO / "binder" / "runtime.txt")],
                         check=True, capture_output=True, text=True).stdout.split()
    names = {line.split("==")[0] for line in out}
    assert {"notebook", "jupyterlab", "ipywidgets", "jupyter_server"} <= names


# ------------------------------------------------ observable traits (issue 27)
def test_an_apps_position_last_action_and_status_can_be_observed(app):
    import dungeoncraft_widgets

    seen = []
    app.observe(lambda change: seen.append(change["name"]),
                names=["position", "last_action", "status_text"])
    assert app.last_action == "" and "your turn" in app.status_text.lower()
    action = app.state.legal_actions()[0]
    assert app.act(action)
    assert app.last_action == str(action)
    assert {"position", "last_action"} <= set(seen)
    view = dungeoncraft_widgets.GAMES["adventure_land"].load_game(app.position)
    assert view.viewer == app.seat and view.to_json() == app.state.view(app.seat).to_json()
    with pytest.raises(Exception, match="read-only"):
        app.last_action = "end"


def test_the_odds_shown_on_choices_are_a_trait():
    import sympy

    from dungeoncraft_widgets import demo_game
    from dungeoncraft_widgets.core.scene import Text
    from dungeoncraft_widgets.widgets.app import Choice, GameApp

    class Asking(GameApp):
        def draw(self, view):
            scene = Scene(100, 40)
            scene.add(Text("t", 50, 20, "demo"))
            return scene

        def choices(self, view):
            return [Choice("Draw", "draw", odds=sympy.Rational(13, 18), best=True),
                    Choice("Wait", "draw")]

    asking = Asking(demo_game.new_game(players=["You", "Bot"], seed=1))
    assert asking.odds == {"Draw": "13/18"}


def test_a_calculators_answer_follows_its_inputs_and_links(calculator):
    import traitlets

    assert calculator.answer_text == "Chance to win with swords +2, +1: 13/18 ≈ 72.2%"
    shown = w.Label()
    traitlets.dlink((calculator, "answer_text"), (shown, "value"))
    calculator.swords.value = "2, x"
    assert calculator.answer_text == "" == shown.value
    calculator.companions.value = 5
    calculator.swords.value = "3"
    assert shown.value == calculator.answer_text
    assert shown.value.startswith("Chance to win with swords +3: ")


def test_marimo_state_is_an_anywidget_whose_value_follows_the_app(app):
    from dungeoncraft_widgets.marimo import Observed, state

    live = Observed(app)
    assert live.get_state()["status_text"] == app.status_text
    app.act(app.state.legal_actions()[0])
    assert live.get_state()["last_action"] == app.last_action != ""
    assert live.get_state()["position"] == app.position
    element = state(FightCalculator())
    assert element.value["answer_text"].startswith("Chance to win")
    with pytest.raises(TypeError, match="no observable state"):
        Observed(w.Label())
