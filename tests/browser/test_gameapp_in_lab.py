"""GameApp in a real JupyterLab with the demo game: what just happened, the question and
its buttons with exact odds, undo refused past a reveal, the board fitting 800 px with the
side panel open and its text readable once zoomed in, usable at a 390 px phone width, the
final table and New game, light and dark themes (screenshots at 1400, 800 and 390 px in both); and a
calculator greying out its answer while an input is invalid."""

from __future__ import annotations

import re

from labtools import REPO, open_and_run, run_in_kernel, set_theme, show_side_panel, write_notebook

NOTEBOOK = "gameapp_demo.ipynb"
CELLS = [f"""import sys
sys.path.insert(0, {str(REPO / 'tests')!r})
from dungeoncraft_widgets.demo_game import DemoApp, new_game
from test_gameapp import HoarderBot
app = DemoApp(new_game(["You", "Bot"], seed=1), bots={{1: HoarderBot()}},
              new_state=lambda: new_game(["You", "Bot"], seed=2))
app""", """from dungeoncraft_widgets.adventure_land.calculator import FightCalculator
fight = FightCalculator()
fight"""]
WIDTHS = (1400, 800, 390)

SMALLEST_TEXT = """() => {
  const texts = [...document.querySelectorAll('.dcw-app .dcw-board svg text')]
    .filter((t) => t.textContent.trim());
  return [
    Math.min(...texts.map((t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a)),
    Math.min(...texts.map((t) => t.getBoundingClientRect().height)),
  ];
}"""


def kernel(client, code: str) -> str:
    return run_in_kernel(client, code).strip()


def screenshots(page, artifacts, theme: str) -> None:
    """The app at each width: the side panel open beside the notebook at 1400 and 800
    px, closed on a 390 px phone (as a phone user would have it)."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
        show_side_panel(page, width > 390)
        page.wait_for_timeout(400)
        page.locator(".dcw-app .dcw-status").scroll_into_view_if_needed()
        page.evaluate("document.querySelector('.dcw-app .dcw-status').scrollIntoView()")
        page.screenshot(path=str(artifacts / f"gameapp-{width}-{theme}.png"))


def test_demo_app_in_jupyterlab(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    app = page.locator(".dcw-app")
    question = app.locator(".dcw-question-text")
    question.get_by_text("Your hand is empty: draw the top card?").wait_for(timeout=60_000)

    # What is asked, in a sentence above its button; the button says what it does.
    app.get_by_role("button", name="Draw the top card").click()
    client = lab.kernel_client(NOTEBOOK)
    try:
        # What just happened, above the board: our draw and the bot's.
        summary = app.locator(".dcw-summary")
        summary.locator("li", has_text="Bot draws a card.").wait_for(timeout=20_000)
        card = kernel(client, "print(app.state.hands[0][0])")
        assert summary.locator("li").first.text_content() == f"You draw the {card}."
        assert summary.bounding_box()["y"] < app.locator(".dcw-board").bounding_box()["y"]
        # The card drawn is marked on the board for a moment.
        app.locator(f".dcw-board [data-id=hand-{card}].dcw-flash").wait_for(timeout=5_000)

        # Undo refuses to go back past the draw, and says why.
        undo = app.get_by_role("button", name="Undo")
        assert undo.is_disabled()
        assert undo.get_attribute("title") == ("Cannot take back “draw”: "
                                               "the card drawn has been seen.")

        # The next question, with exact odds on the draw button and the best marked.
        question.get_by_text("Draw the top card, or play a card").wait_for(timeout=20_000)
        expected = kernel(client, "print([c.text for c in app.choices(app.view)])")
        buttons = app.locator(".dcw-choice")
        labels = buttons.all_text_contents()
        assert [label.strip() for label in labels] == eval(expected)  # noqa: S307 - our kernel
        assert re.search(r"Draw the top card: (\d+/\d+ ≈|\d+(/\d+)? =) \d+\.\d%", labels[0])
        assert app.locator(".dcw-choice.dcw-best").count() == 1
        for button in buttons.all():                       # no label cut short
            assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1")

        # The log holds every line the seat may see, sent a few at a time.
        log_lines = int(kernel(client, "print(len(app.view.log))"))
        page.wait_for_function(
            f"document.querySelectorAll('.dcw-log li').length === {log_lines}")
        assert app.locator(".dcw-holdings", has_text="What you hold").is_visible()

        screenshots(page, artifacts, "light")

        # 800 px with the side panel open: the whole board fits; Zoom in draws its text
        # readable (it may then scroll sideways), and stays on.
        page.set_viewport_size({"width": 800, "height": 900})
        show_side_panel(page, True)
        page.wait_for_timeout(300)
        assert app.locator(".dcw-board-scroll").first.evaluate(
            "s => s.scrollWidth <= s.clientWidth + 1")
        app.get_by_role("button", name="Zoom in").click()
        page.wait_for_timeout(300)
        size, height = page.evaluate(SMALLEST_TEXT)
        assert size >= 9.99 and height >= 9.99, (size, height)
        board_width = app.locator(".dcw-board").bounding_box()["width"]
        assert board_width < 800 - page.locator("#jp-left-stack").bounding_box()["width"]
        page.screenshot(path=str(artifacts / "gameapp-800-side-panel-light.png"))

        # A 390 px phone: the board is still readable and a card can be played by a tap.
        page.set_viewport_size({"width": 390, "height": 844})
        show_side_panel(page, False)
        page.wait_for_timeout(400)
        size, _height = page.evaluate(SMALLEST_TEXT)
        assert size >= 9.99
        hand = app.locator(f".dcw-board [data-id=hand-{card}]")
        hand.scroll_into_view_if_needed()
        hand.click()
        app.locator(".dcw-summary li", has_text=f"You play the {card}.").wait_for(
            timeout=20_000)
        assert kernel(client, "print(app.state.history[2])") == f"play {card}"
        page.screenshot(path=str(artifacts / "gameapp-390-after-play-light.png"))

        # The end: the winner in words, the final table, New game.
        page.set_viewport_size({"width": 1400, "height": 900})
        show_side_panel(page, True)
        kernel(client, """
from dungeoncraft_widgets.demo_game import Play
while not app.state.is_over:
    legal = app.state.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    app.act(plays[-1] if plays else legal[0])
print(app.final_summary(app.view).headline)""")
        headline = kernel(client, "print(app.final_summary(app.view).headline)")
        final = app.locator(".dcw-final")
        final.locator(".dcw-final-headline", has_text=headline).wait_for(timeout=20_000)
        assert re.fullmatch(r"(You win|Bot wins|You and Bot tie) with \d+ points?( each)?\.",
                            headline)
        rows = final.locator(".dcw-final-scores tbody tr")
        assert rows.count() == 2
        assert rows.first.locator("td").first.text_content() == "1st"
        page.evaluate("document.querySelector('.dcw-app .dcw-status').scrollIntoView()")
        page.screenshot(path=str(artifacts / "gameapp-final-light.png"))

        app.get_by_role("button", name="New game").click()
        app.locator(".dcw-summary li", has_text="A new game has begun.").wait_for(
            timeout=20_000)
        final.wait_for(state="hidden", timeout=20_000)
        assert kernel(client, "print(app.state.seed, len(app.state.history))") == "2 0"
        log_lines = int(kernel(client, "print(len(app.view.log))"))
        page.wait_for_function(
            f"document.querySelectorAll('.dcw-log li').length === {log_lines}")

        # A calculator with an invalid input: the problem named, the old answer greyed out.
        calculator = page.locator(".dcw-calculator")
        calculator.get_by_placeholder("values, e.g. 3, 4").fill("3, x")
        calculator.get_by_text("herbs: 'x' is not a whole number").wait_for(timeout=20_000)
        chart = calculator.locator(".dcw-result", has=page.locator(".dcw-board"))
        # The greying fades in over 0.2 s (app.css): wait until this chart has faded.
        page.wait_for_function("e => parseFloat(getComputedStyle(e).opacity) < 0.5",
                               arg=chart.element_handle(), timeout=5_000)
        calculator.screenshot(path=str(artifacts / "calculator-invalid-input.png"))
        calculator.get_by_placeholder("values, e.g. 3, 4").fill("3")
        page.wait_for_function("!document.querySelector('.dcw-calculator.dcw-stale')")

        # Dark theme: the panels follow JupyterLab's colours.
        kernel(client, "app.act('draw')")
        app.locator(".dcw-summary li", has_text="Bot draws a card.").wait_for(timeout=20_000)
        set_theme(page, "JupyterLab Dark")
        background = summary.evaluate("e => getComputedStyle(e).backgroundColor")
        channels = [int(c) for c in re.findall(r"\d+", background)[:3]]
        assert sum(channels) / 3 < 100, f"a dark panel in the dark theme, not {background}"
        screenshots(page, artifacts, "dark")
    finally:
        client.stop_channels()
