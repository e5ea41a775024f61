"""board.js on its own: a blank page, a fake anywidget model, many small scenes.

Fast (no Jupyter): the module is loaded from a Blob URL and rendered with a
ten-line model that records what it would send to Python.
"""

from __future__ import annotations

import re
import time

import pytest

from dungeoncraft_widgets.core.scene import Circle, Group, Rect, Scene, Text
from dungeoncraft_widgets.widgets.board import STATIC, BoardView, scene_patch

HOSTILE = "<img src=x onerror=alert(1)>"

MOUNT = """async ([source, scene]) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const module = await import(url);
  const listeners = {};
  const values = { scene, revision: 1 };
  window.sent = [];
  window.alerted = false;
  window.alert = () => { window.alerted = true; };
  window.model = {
    get: (key) => values[key],
    set: (key, value) => {
      values[key] = value;
      for (const f of listeners["change:" + key] || []) f();
    },
    on: (name, f) => { (listeners[name] ||= []).push(f); },
    off: (name, f) => { listeners[name] = (listeners[name] || []).filter((g) => g !== f); },
    save_changes: () => {},
    send: (message) => { window.sent.push(message); },
  };
  window.listeners = listeners;
  const el = document.getElementById("host");
  window.cleanup = module.default.render({ model: window.model, el });
}"""


def mount(page, scene: Scene) -> None:
    css = (STATIC / "board.css").read_text()
    page.set_content(f"<!doctype html><html><head><style>{css}</style></head>"
                     '<body><div id="host" style="width: 600px"></div></body></html>')
    page.evaluate(MOUNT, [(STATIC / "board.js").read_text(), scene.to_dict()])


def update(page, scene: Scene) -> None:
    page.evaluate("(scene) => window.model.set('scene', scene)", scene.to_dict())


def grid(n: int, clickable: bool = True, width: int = 20) -> Scene:
    scene = Scene(width * 30, (n // 20 + 1) * 30, title="grid", description="a grid of squares")
    for i in range(n):
        scene.add(Rect(f"sq{i}", (i % 20) * 30, (i // 20) * 30, 28, 28, label=f"square {i}",
                       tooltip=f"tip {i}", classes=("cell",)))
        if clickable:
            scene.clickable.add(f"sq{i}")
    return scene


def sent(page) -> list[dict]:
    return page.evaluate("window.sent")


def test_draws_every_shape_with_its_id_and_text_alternative(page):
    scene = grid(6)
    scene.add(Circle("dot", 50, 50, 10, fill="#c33"))
    scene.add(Group("g", [Text("label", 10, 10, "hello")], transform="translate(5 5)"))
    mount(page, scene)
    ids = page.eval_on_selector_all("[data-id]", "els => els.map(e => e.dataset.id)")
    assert ids == [*(f"sq{i}" for i in range(6)), "dot", "g", "label"]
    svg = page.locator("svg")
    assert svg.get_attribute("viewBox") == "0 0 600 30"
    assert page.locator("svg > desc").text_content() == "a grid of squares"
    assert page.locator("[data-id=label]").text_content() == "hello"
    assert page.locator("[data-id=g]").get_attribute("transform") == "translate(5 5)"
    assert page.locator("[data-id=sq0]").get_attribute("aria-label") == "square 0"
    assert "dcw-clickable" in page.locator("[data-id=sq0]").get_attribute("class")
    assert "dcw-cell" in page.locator("[data-id=sq0]").get_attribute("class")
    width = page.evaluate("document.querySelector('svg').getBoundingClientRect().width")
    assert width == pytest.approx(600, abs=1), "the board follows its container's width"


def test_update_keeps_unchanged_elements_and_touches_only_changes(page):
    scene = grid(5)
    mount(page, scene)
    page.evaluate("""() => {
      window.before = {};
      for (const el of document.querySelectorAll('[data-id]')) {
        window.before[el.dataset.id] = el;
        el.dcwKeyBefore = el.dcwKey;
      }
      window.mutated = new Set();
      new MutationObserver((records) => {
        for (const r of records) if (r.target.dataset?.id) window.mutated.add(r.target.dataset.id);
      }).observe(document.querySelector('svg'), { attributes: true, subtree: true });
    }""")
    changed = grid(5)
    changed.shapes[2] = Rect("sq2", 60, 0, 28, 28, label="square 2", tooltip="tip 2",
                             fill="#123456", classes=("cell",))
    del changed.shapes[4]
    changed.clickable.discard("sq4")
    changed.add(Circle("new", 5, 5, 3))
    update(page, changed)
    same = page.evaluate("""() => ['sq0', 'sq1', 'sq2', 'sq3'].map(
        id => document.querySelector(`[data-id=${id}]`) === window.before[id])""")
    assert same == [True, True, True, True], "elements are kept across updates (keyed by id)"
    touched = page.evaluate("[...window.mutated].sort()")
    assert touched == ["sq2"], "only the changed shape is touched"
    assert page.locator("[data-id=sq2]").evaluate("e => e.style.fill") == "rgb(18, 52, 86)"
    assert page.locator("[data-id=sq4]").count() == 0
    assert page.locator("[data-id=new]").count() == 1


def patch_message(old: Scene, new: Scene, start: int = 1) -> dict:
    return {"type": "patch", "from": start, "to": start + 1,
            **scene_patch(old.to_dict(), new.to_dict())}


def receive(page, message: dict) -> None:
    page.evaluate("(m) => { for (const f of window.listeners['msg:custom'] || []) f(m); }",
                  message)


def test_a_patch_from_python_updates_the_model_and_only_the_changed_shapes(page):
    scene = grid(5)
    mount(page, scene)
    page.evaluate("window.keep = document.querySelector('[data-id=sq0]')")
    changed = grid(5)
    changed.shapes[2] = Rect("sq2", 60, 0, 28, 28, label="square 2", fill="#123456")
    changed.add(Group("g", [Text("t", 10, 10, "new text")]))
    receive(page, patch_message(scene, changed))
    assert page.evaluate("window.model.get('scene')") == changed.to_dict()
    assert page.evaluate("window.model.get('revision')") == 2
    assert page.locator("[data-id=sq2]").evaluate("e => e.style.fill") == "rgb(18, 52, 86)"
    assert page.locator("[data-id=t]").text_content() == "new text"
    assert page.evaluate("window.keep === document.querySelector('[data-id=sq0]')")
    assert sent(page) == []


def test_a_patch_that_does_not_follow_asks_for_the_whole_scene(page):
    scene = grid(3)
    mount(page, scene)
    receive(page, patch_message(scene, grid(2), start=5))  # the model holds revision 1
    assert sent(page) == [{"type": "want"}]
    assert page.evaluate("window.model.get('scene')") == scene.to_dict()


def test_a_games_patches_draw_what_a_whole_scene_draws(page):
    """Adventure Land, a few actions: the board patched in the browser is the board drawn
    from the whole last scene, element for element."""
    from dungeoncraft_widgets.adventure_land import AdventureLandApp

    app = AdventureLandApp(players=["You", "Bot"], seed=7)
    scenes = [app.board.scene]
    for _ in range(4):
        app.act(app.state.legal_actions()[0])
        scenes.append(app.board.scene)
    mount(page, Scene.from_dict(scenes[0]))
    for i, (old, new) in enumerate(zip(scenes, scenes[1:], strict=False), start=1):
        receive(page, {"type": "patch", "from": i, "to": i + 1, **scene_patch(old, new)})
    assert page.evaluate("window.model.get('scene')") == scenes[-1]
    patched = page.evaluate("document.querySelector('svg').outerHTML")
    mount(page, Scene.from_dict(scenes[-1]))
    fresh = page.evaluate("document.querySelector('svg').outerHTML")
    assert re.sub(r'id="dcw\d+-\d+"', "", patched) == re.sub(r'id="dcw\d+-\d+"', "", fresh)


def test_order_and_groups_follow_the_scene(page):
    scene = Scene(100, 100)
    scene.add(Group("left", [Rect("a", 0, 0, 5, 5), Rect("b", 10, 0, 5, 5)]))
    scene.add(Group("right", []))
    mount(page, scene)
    moved = Scene(100, 100)
    moved.add(Group("right", [Rect("b", 10, 0, 5, 5)]))
    moved.add(Group("left", [Rect("a", 0, 0, 5, 5)]))
    update(page, moved)
    order = page.eval_on_selector_all("[data-id]", "els => els.map(e => e.dataset.id)")
    assert order == ["right", "b", "left", "a"]


def test_hostile_text_is_never_html(page):
    scene = Scene(100, 100, title=HOSTILE, description=HOSTILE)
    scene.add(Rect("r", 0, 0, 50, 50, label=HOSTILE, tooltip=HOSTILE, classes=("x",)))
    scene.add(Text("t", 20, 80, HOSTILE))
    scene.clickable.add("r")
    mount(page, scene)
    page.hover("[data-id=r]")
    assert page.locator("img").count() == 0
    assert page.locator("[data-id=t]").text_content() == HOSTILE
    assert page.locator(".dcw-tooltip").text_content() == HOSTILE
    assert page.locator("svg > title").text_content() == HOSTILE
    page.wait_for_timeout(100)
    assert page.evaluate("window.alerted") is False


def test_clicks_are_reported_only_for_clickable_shapes(page):
    scene = grid(3)
    scene.clickable.discard("sq1")
    scene.add(Text("over0", 14, 14, "X"))  # text over a square must not swallow the click
    mount(page, scene)
    box = page.locator("[data-id=over0]").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.click("[data-id=sq1]")
    page.click("[data-id=sq2]")
    clicks = [m for m in sent(page) if m["type"] == "click"]
    assert clicks == [{"type": "click", "id": "sq0", "via": "pointer"},
                      {"type": "click", "id": "sq2", "via": "pointer"}]


def test_hover_shows_tooltip_and_reports(page):
    mount(page, grid(3))
    page.hover("[data-id=sq1]")
    tip = page.locator(".dcw-tooltip")
    assert tip.is_visible()
    assert tip.text_content() == "tip 1"
    assert {"type": "hover", "id": "sq1", "via": "pointer"} in sent(page)
    # At the board's left edge the tooltip stays wholly inside the board.
    page.hover("[data-id=sq0]")
    board, tip_box = page.locator(".dcw-board").bounding_box(), tip.bounding_box()
    assert tip_box["x"] >= board["x"] - 0.5
    assert tip_box["x"] + tip_box["width"] <= board["x"] + board["width"] + 0.5


def test_keyboard_moves_between_clickable_shapes_and_activates(page):
    scene = grid(40)  # two rows of twenty
    mount(page, scene)
    page.focus("svg")
    focused = lambda: page.evaluate(  # noqa: E731
        "document.querySelector('.dcw-focused')?.dataset.id ?? null")
    assert focused() == "sq0", "focus starts on the first clickable shape in reading order"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert focused() == "sq22"
    page.keyboard.press("ArrowLeft")
    assert focused() == "sq21"
    page.keyboard.press("Enter")
    page.keyboard.press(" ")
    clicks = [m for m in sent(page) if m["type"] == "click"]
    assert clicks == [{"type": "click", "id": "sq21", "via": "keyboard"}] * 2
    active = page.evaluate("document.querySelector('svg').getAttribute('aria-activedescendant')")
    assert active == page.locator("[data-id=sq21]").get_attribute("id")
    assert page.locator(".dcw-live").text_content() == "square 21"


def test_a_shape_that_stops_being_clickable_loses_focus(page):
    scene = grid(3)
    mount(page, scene)
    page.focus("svg")
    assert page.locator(".dcw-focused").count() == 1
    scene.clickable.clear()
    update(page, scene)
    assert page.locator(".dcw-focused").count() == 0
    page.keyboard.press("Enter")
    assert [m for m in sent(page) if m["type"] == "click"] == []


def test_cleanup_removes_the_board_and_listeners(page):
    mount(page, grid(2))
    page.evaluate("window.cleanup()")
    assert page.locator("svg").count() == 0
    assert page.evaluate("(window.listeners['change:scene'] || []).length") == 0


def test_timing_of_300_shapes(page, artifacts):
    """Measured, not asserted: drawing 300 shapes and updating one of them."""
    scene = grid(300)
    t0 = time.perf_counter()
    mount(page, scene)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
    first = (time.perf_counter() - t0) * 1000
    draw_ms = page.evaluate("""(scene) => {
      const t = performance.now(); window.model.set('scene', scene);
      document.querySelector('svg').getBoundingClientRect(); return performance.now() - t; }""",
                            {**grid(300, clickable=False).to_dict()})
    one = grid(300, clickable=False)
    one.shapes[150] = Rect("sq150", 0, 0, 28, 28, fill="#c33", label="square 150")
    update_ms = page.evaluate("""(scene) => {
      const t = performance.now(); window.model.set('scene', scene);
      document.querySelector('svg').getBoundingClientRect(); return performance.now() - t; }""",
                              one.to_dict())
    assert page.locator("[data-id]").count() == 300
    line = (f"board.js, 300 shapes: first mount {first:.1f} ms (incl. module load), "
            f"full restyle {draw_ms:.1f} ms, update one shape {update_ms:.2f} ms")
    print(line)
    (artifacts / "board-timing.txt").write_text(line + "\n")
    page.screenshot(path=str(artifacts / "board-300-shapes.png"))


SMALLEST_TEXT = """(selector) => {
  const texts = [...document.querySelectorAll(selector)].filter((t) => t.textContent.trim());
  return [
    // the font size as drawn: the size in scene units times the board's scale
    Math.min(...texts.map((t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a)),
    // the glyph box's height on screen
    Math.min(...texts.map((t) => t.getBoundingClientRect().height)),
  ];
}"""


def smallest_text_px(page, selector: str = "svg text") -> tuple[float, float]:
    """(font size as drawn, glyph box height) of the smallest SVG text, in CSS px."""
    return tuple(page.evaluate(SMALLEST_TEXT, selector))


def test_board_keeps_text_readable_on_a_phone_and_follows_a_dark_theme(page, artifacts):
    """At 320 px the board scrolls sideways rather than shrink its text below 10 px;
    it keeps its proportions; theme colours come from --jp-*."""
    from dungeoncraft_widgets.adventure_land import board_scene, new_game

    scene = board_scene(new_game(players=2, seed=1))
    mount(page, scene)
    min_width = BoardView(scene, min_text_px=10).min_width_px   # Python's side of it
    page.evaluate("(width) => window.model.set('min_width_px', width)", min_width)
    page.evaluate("""() => {
      const host = document.getElementById('host');
      host.style.width = '320px';
      document.body.style.setProperty('--jp-layout-color2', '#2b2b2b');
      document.body.style.setProperty('--jp-ui-font-color1', '#eeeeee');
      document.body.style.background = '#111';
    }""")
    least = min(s.size for s in _texts(scene.shapes) if s.text.strip())
    box = page.locator("svg").bounding_box()
    assert box["width"] == pytest.approx(scene.width * 10 / least, abs=1) == min_width
    ratio = scene.height / scene.width
    assert abs(box["height"] / box["width"] - ratio) < 0.01, "the board keeps its proportions"
    scroller = page.locator(".dcw-board-scroll")
    assert scroller.evaluate("e => e.clientWidth") <= 320
    assert scroller.evaluate("e => e.scrollWidth > e.clientWidth"), "it scrolls sideways"
    board = page.locator(".dcw-board")
    page.wait_for_function("document.querySelector('.dcw-board.dcw-more-right')")
    assert "dcw-more-left" not in board.get_attribute("class"), "a shadow where it continues"
    size, height = smallest_text_px(page)
    assert size >= 9.99 and height >= 9.99
    legend = page.locator("[data-id=legend-city-text]")
    assert legend.evaluate("e => getComputedStyle(e).fill") == "rgb(238, 238, 238)"
    page.screenshot(path=str(artifacts / "board-phone-dark.png"))
    scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_function("document.querySelector('.dcw-board.dcw-more-left:not(.dcw-more-right)')")

    # Wide enough: no scrolling; no minimum (the default): fit the container.
    page.evaluate("document.getElementById('host').style.width = '900px'")
    assert page.locator("svg").bounding_box()["width"] == pytest.approx(900, abs=1)
    page.evaluate("""() => { document.getElementById('host').style.width = '320px';
                             window.model.set('min_width_px', 0); }""")
    assert page.locator("svg").bounding_box()["width"] <= 320.5


def _texts(shapes):
    for shape in shapes:
        if isinstance(shape, Text):
            yield shape
        if isinstance(shape, Group):
            yield from _texts(shape.children)


def test_flash_marks_shapes_for_a_moment_and_survives_a_redraw(page):
    mount(page, grid(3))
    page.evaluate("window.model.set('flash_ids', {ids: ['sq1', 'gone'], serial: 1, ms: 600})")
    flashed = page.locator(".dcw-flash")
    assert flashed.count() == 1 and flashed.get_attribute("data-id") == "sq1"
    animation = flashed.evaluate("e => getComputedStyle(e).animationName")
    assert animation == "dcw-flash-pulse"
    changed = grid(3)
    changed.shapes[1] = Rect("sq1", 30, 0, 28, 28, fill="#123456", label="square 1")
    update(page, changed)                       # redrawn while marked: still marked
    assert page.locator("[data-id=sq1]").evaluate("e => e.classList.contains('dcw-flash')")
    page.wait_for_timeout(800)
    assert page.locator(".dcw-flash").count() == 0, "the mark goes after its time"


def test_flash_is_still_for_readers_who_prefer_less_motion(browser):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        mount(page, grid(2))
        page.evaluate("window.model.set('flash_ids', {ids: ['sq0'], serial: 1, ms: 3000})")
        node = page.locator("[data-id=sq0]")
        assert node.evaluate("e => getComputedStyle(e).animationName") == "none"
        assert node.evaluate("e => getComputedStyle(e).strokeWidth") == "5px", "still marked"
    finally:
        context.close()


LOG_MOUNT = """async (source) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const module = await import(url);
  const listeners = {};
  window.sent = [];
  window.model = {
    get: () => undefined, set: () => {}, save_changes: () => {},
    on: (name, f) => { (listeners[name] ||= []).push(f); },
    off: (name, f) => { listeners[name] = (listeners[name] || []).filter((g) => g !== f); },
    send: (message) => { window.sent.push(message); },
  };
  window.deliver = (msg) => { for (const f of listeners["msg:custom"] || []) f(msg); };
  window.listeners = listeners;
  const el = document.getElementById("host");
  window.cleanup = module.default.render({ model: window.model, el });
}"""


def test_log_adds_only_new_lines_and_asks_for_the_whole_log_after_a_gap(page):
    page.set_content('<!doctype html><html><body><div id="host"></div></body></html>')
    page.evaluate(LOG_MOUNT, (STATIC / "log.js").read_text())
    assert page.evaluate("window.sent") == [{"type": "want"}], "a new view asks for the log"
    line = lambda text, private=False: {"text": text, "private": private}  # noqa: E731
    page.evaluate("(m) => window.deliver(m)", {"type": "reset", "generation": 3, "start": 0,
                                                "lines": [line("one"), line(HOSTILE, True)]})
    page.evaluate("window.kept = document.querySelector('.dcw-log li')")
    page.evaluate("(m) => window.deliver(m)", {"type": "append", "generation": 3, "start": 2,
                                                "lines": [line("three")]})
    items = page.locator(".dcw-log li")
    assert items.all_text_contents() == ["one", HOSTILE, "three"]
    assert page.locator("img").count() == 0
    assert items.nth(1).get_attribute("class") == "dcw-log-private"
    assert page.evaluate("window.kept === document.querySelector('.dcw-log li')"), \
        "old lines are kept, not redrawn"
    # A gap (a line missed) or another log (an undo elsewhere): ask again, once.
    page.evaluate("(m) => window.deliver(m)", {"type": "append", "generation": 3, "start": 5,
                                                "lines": [line("six")]})
    page.evaluate("(m) => window.deliver(m)", {"type": "append", "generation": 4, "start": 3,
                                                "lines": [line("x")]})
    assert page.evaluate("window.sent") == [{"type": "want"}] * 2
    assert items.count() == 3
    page.evaluate("(m) => window.deliver(m)", {"type": "reset", "generation": 4, "start": 0,
                                                "lines": [line("after undo")]})
    assert items.all_text_contents() == ["after undo"]
    page.evaluate("window.cleanup()")
    assert page.evaluate("window.listeners['msg:custom'].length") == 0
