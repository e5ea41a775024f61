"""BoardView in a real JupyterLab with a real kernel: clicks reach Python, Python
changes reach the page, the keyboard works, and nothing errors."""

from __future__ import annotations

import re
import time

from labtools import open_and_run, run_in_kernel, write_notebook

NOTEBOOK = "board_test.ipynb"
CELLS = [
    """from dungeoncraft_widgets.core.scene import Rect, Scene, Text
from dungeoncraft_widgets.widgets import BoardView

scene = Scene(330, 110, title="three squares")
for i in range(3):
    scene.add(Rect(f"sq{i}", 10 + i * 110, 10, 90, 90, label=f"square {i}",
                   tooltip=f"Square number {i}", fill="#9ccc65"))
    scene.add(Text(f"sq{i}-name", 55 + i * 110, 55, f"S{i}", size=20))
    scene.clickable.add(f"sq{i}")
board = BoardView(scene)
events = []
board.on_click(lambda event: events.append((event.id, event.via)))
board""",
]


def wait_for_kernel_value(client, code: str, expected: str, timeout: float = 20) -> str:
    deadline = time.time() + timeout
    while True:
        got = run_in_kernel(client, code).strip()
        if got == expected or time.time() > deadline:
            return got
        time.sleep(0.3)


def test_board_round_trip_in_jupyterlab(page, lab, artifacts):
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    square = page.locator(".dcw-board [data-id=sq1]")
    square.wait_for(timeout=60_000)
    page.screenshot(path=str(artifacts / "lab-board-before.png"))

    # A click in the browser arrives in the kernel.
    square.click()
    client = lab.kernel_client(NOTEBOOK)
    try:
        got = wait_for_kernel_value(client, "print(events)", "[('sq1', 'pointer')]")
        assert got == "[('sq1', 'pointer')]"

        # A change made in Python reaches the page, and only that shape changes.
        page.evaluate("window.keep = document.querySelector('.dcw-board [data-id=sq0]')")
        run_in_kernel(client, """
scene.shapes[2] = Rect("sq1", 120, 10, 90, 90, label="square 1", fill="#e53935")
scene.add(Text("note", 165, 105, "changed from Python", size=8))
board.show(scene)""")
        page.locator(".dcw-board [data-id=note]").wait_for(timeout=20_000)
        # It came as a patch (what changed, not the whole scene), applied once.
        assert run_in_kernel(client, "print(board.patches_sent)").strip() == "1"
        fill = square.evaluate("e => e.style.fill")
        assert fill == "rgb(229, 57, 53)"
        assert page.evaluate(
            "window.keep === document.querySelector('.dcw-board [data-id=sq0]')")

        # Keyboard: focus stays on sq1 after the click; ArrowRight, Enter activates sq2.
        page.locator(".dcw-board svg").focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        got = wait_for_kernel_value(client, "print(events[-1])", "('sq2', 'keyboard')")
        assert got == "('sq2', 'keyboard')"

        # The tooltip shows the scene's text.
        page.locator(".dcw-board [data-id=sq0]").hover()
        assert page.locator(".dcw-tooltip").text_content() == "Square number 0"
        page.screenshot(path=str(artifacts / "lab-board-after.png"))

        # No cell raised.
        stderr = "application/vnd.jupyter.stderr"
        outputs = page.locator(f".jp-OutputArea-output[data-mime-type='{stderr}']")
        assert outputs.count() == 0, outputs.all_text_contents()
        assert not re.search(r"Traceback|Error", page.locator(".jp-OutputArea").first.inner_text())
    finally:
        client.stop_channels()
