"""Dubious Alliance in JupyterLab: a round with one trade, played by clicking."""

from __future__ import annotations

from labtools import open_and_run, run_in_kernel, write_notebook

NOTEBOOK = "dubious_alliance_app.ipynb"
CELLS = ["from dungeoncraft_widgets.dubious_alliance.app import DubiousAllianceApp\n"
         "app = DubiousAllianceApp(players=['You', 'Bot', 'Bot', 'Bot'], seed=2)\napp"]


def test_a_round_with_one_trade(page, lab, artifacts):
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    board = page.locator(".dcw-board")
    hand = board.locator("[data-id^=hand-].dcw-clickable")
    hand.first.wait_for(timeout=60_000)
    page.screenshot(path=str(artifacts / "dubious-alliance-start.png"))

    hand.first.click()                                   # set a card face down
    target = board.locator("[data-id=unrevealed-2].dcw-clickable")
    target.wait_for(timeout=20_000)
    page.get_by_placeholder("said with your next offer").fill("a fine weapon, honest")
    page.wait_for_timeout(300)                           # let the claim reach the kernel
    target.click()                                       # offer Bot 2 a trade

    log = page.locator(".dcw-log")
    log.locator("li", has_text="swap Unrevealed cards").wait_for(timeout=20_000)
    assert log.locator("li", has_text='"a fine weapon, honest"').count() == 1
    log.locator("li", has_text="Revealed:").first.wait_for(timeout=20_000)
    page.screenshot(path=str(artifacts / "dubious-alliance-after-trade.png"))

    client = lab.kernel_client(NOTEBOOK)
    try:
        trades = run_in_kernel(client, "print(sum(e.kind == 'trade' for e in app.state.log))")
        assert trades.strip() == "1"
        assert run_in_kernel(client, "print(app.state.round)").strip() == "2"
        # What the page shows of other players' hands: nothing (no card names leak).
        hidden = run_in_kernel(client, "print(sorted(app.state.card(c).name "
                               "for c in app.state.hands[1]))")
        names = eval(hidden)  # noqa: S307 - a list of names printed by our own kernel
        svg_text = board.locator("svg").inner_html()
        assert not any(f">{name}<" in svg_text for name in names)
    finally:
        client.stop_channels()
