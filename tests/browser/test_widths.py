"""Every game's app (GAMES[name].APP, as the registry lists them) and the three calculators
fit the width they are given in a real JupyterLab (issue 26): at 1400, 800, 390 and 360 px,
with JupyterLab's file browser open (1400, 800) and closed, no board and no panel reaches past
its cell to the right, and no board scrolls sideways until the player presses Zoom in (then
its text is at least 10 px and it may scroll). Light and dark themes; screenshots go to
test-artifacts.
"""

from __future__ import annotations

from labtools import open_and_run, set_theme, show_side_panel, write_notebook

from dungeoncraft_widgets import GAMES

NOTEBOOK = "widths.ipynb"
CALCULATORS = [
    "from dungeoncraft_widgets.hero_vs_guardian.calculator import ScoutVentureCalculator\n"
    "ScoutVentureCalculator()",
    "from dungeoncraft_widgets.adventure_land.calculator import FightCalculator\n"
    "FightCalculator()",
    "from dungeoncraft_widgets.dubious_alliance.calculator import RoundCalculator\n"
    "RoundCalculator()",
]
CELLS = [f"from dungeoncraft_widgets import GAMES\napp_{name} = GAMES[{name!r}].APP()\n"
         f"app_{name}" for name in GAMES] + CALCULATORS
WIDTHS = (1400, 800, 390, 360)

# For each app and calculator: how far (px) its widest box reaches past the right edge of
# the output area holding it, and each board's sideways overflow (scrollWidth - clientWidth).
OVERFLOW = """() => [...document.querySelectorAll('.dcw-app, .dcw-calculator')].map((root) => {
  const area = root.closest('.jp-OutputArea-output') || root.parentElement;
  const right = area.getBoundingClientRect().right;
  let past = 0, worst = '';
  const clipped = (e) => {   // inside a box of the root that scrolls or clips it sideways
    for (let a = e.parentElement; a && a !== root.parentElement; a = a.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return true;
    }
    return false;
  };
  for (const e of [root, ...root.querySelectorAll('*')]) {
    if (clipped(e)) continue;   // a board's scroller or a table's box: its own scroll counts
    const box = e.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (box.right - right > past) {
      past = box.right - right;
      worst = e.className.baseVal ?? e.className;
    }
  }
  const boards = [...root.querySelectorAll('.dcw-board-scroll, .dcw-table')].map(
    (s) => s.scrollWidth - s.clientWidth);
  const kind = root.classList.contains('dcw-app') ? 'app' : 'calculator';
  return {kind, past: Math.round(past), worst: String(worst).slice(0, 80),
          scroll: Math.max(0, ...boards), rootScroll: area.scrollWidth - area.clientWidth};
})"""

SMALLEST_TEXT = """(root) => {
  const texts = [...root.querySelectorAll('.dcw-board svg text')].filter(
    (t) => t.textContent.trim() && t.getBoundingClientRect().width);
  return Math.min(...texts.map((t) => parseFloat(t.getAttribute('font-size'))
                                      * t.getScreenCTM().a));
}"""


def test_every_app_and_calculator_fits_every_width(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 900})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    page.locator(".dcw-app").nth(len(GAMES) - 1).wait_for(timeout=120_000)
    page.locator(".dcw-calculator").nth(len(CALCULATORS) - 1).wait_for(timeout=60_000)
    assert page.locator(".dcw-app").count() == len(GAMES)
    failures = []
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        set_theme(page, theme)
        for width in WIDTHS:
            for panel in (True, False):
                if panel and width < 800:
                    # JupyterLab itself leaves the notebook about 20 px beside an open file
                    # browser on a phone: nobody reads a notebook so; phones have it closed.
                    continue
                page.set_viewport_size({"width": width, "height": 900})
                show_side_panel(page, panel)
                page.wait_for_timeout(600)
                for k, found in enumerate(page.evaluate(OVERFLOW)):
                    where = (f"{list(GAMES)[k] if k < len(GAMES) else CALCULATORS[k - len(GAMES)]}"
                             f" at {width} px, file browser {'open' if panel else 'closed'}")
                    if found["past"] > 1 or found["rootScroll"] > 1:  # the cell scrolls
                        failures.append(f"{where}: {found['past']} px past its cell "
                                        f"({found['worst']})")
                    if found["scroll"] > 1:
                        failures.append(f"{where}: a board or table scrolls "
                                        f"{found['scroll']} px sideways before any zoom")
                name = f"widths-{width}-{'browser' if panel else 'full'}-{theme.split()[-1]}"
                for k, game in enumerate(GAMES):
                    app = page.locator(".dcw-app").nth(k)
                    app.scroll_into_view_if_needed(timeout=10_000)
                    app.screenshot(path=str(artifacts / f"{name}-{game}.png"), timeout=20_000)
    assert not failures, "\n".join(failures)

    # Zoom in: the text becomes readable (10 px at least) and the board may scroll.
    set_theme(page, "JupyterLab Light")
    page.set_viewport_size({"width": 390, "height": 900})
    show_side_panel(page, False)
    for k, game in enumerate(GAMES):
        app = page.locator(".dcw-app").nth(k)
        button = app.get_by_role("button", name="Zoom in")
        button.scroll_into_view_if_needed()
        button.click()
        page.wait_for_timeout(500)
        size = app.evaluate(SMALLEST_TEXT)
        assert size >= 9.99, (game, size)
        app.screenshot(path=str(artifacts / f"widths-390-zoomed-{game}.png"))
