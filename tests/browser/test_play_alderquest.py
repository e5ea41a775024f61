"""AlderQuest in JupyterLab: a game against the bot, played by clicking.

Factions and Heroes by their buttons; then whole turns by clicking: the tile set on a lit
space, each revealed rune clicked then its column, two touching runes clicked to swap
them, a minion clicked then a lit space, the cascade replayed with *Next step*, the turn
ended with its button. Random games run to thousands of actions (AlderQuest's winter
needs each side's minions to dig up the other's Snowflakes), so after TURNS turns played
by clicking the rest of the game is finished through the app's own Python objects (the
engine and the same bots), and the end is checked on the page. Screenshots at 1400, 800
and 390 px, and in the dark theme.
"""

from __future__ import annotations

from labtools import (
    open_and_run,
    run_in_kernel,
    set_theme,
    show_side_panel,
    write_notebook,
    zoom_in,
)

NOTEBOOK = "alderquest_app.ipynb"
CELLS = ["from dungeoncraft_widgets.alderquest.app import AlderQuestApp\n"
         "app = AlderQuestApp(seed=11)\napp"]
TURNS = 4
#: A lit space: the scene marks a group's first shape (its background), the group is clickable.
LIT = ".dcw-board [data-id^=sp-].dcw-clickable:has(> .dcw-highlight)"
SMALLEST_TEXT = """() => {
  const texts = [...document.querySelectorAll('.dcw-app .dcw-board svg text')]
    .filter((t) => t.textContent.trim() && t.getBoundingClientRect().height > 0);
  return Math.min(...texts.map((t) => t.getBoundingClientRect().height));
}"""
BOARDS_FIT = """() => [...document.querySelectorAll('.dcw-app .dcw-board-scroll')]
  .filter((b) => b.getClientRects().length && b.scrollWidth > b.clientWidth + 1)
  .map((b) => `${b.scrollWidth} px of board in ${b.clientWidth} px`)"""
FINISH = """
import time
from dungeoncraft_widgets.alderquest.bots import MatchBot, TributeBot
me, s, pressed, acted, start = TributeBot(seed=5), app.state, 0, 0, time.time()
# the seat through the app: its own button where one offers the bot's choice, else app.act
# (what a click on the board does); the bots play through the app as in a game
while not s.is_over and time.time() - start < 30:  # (the kernel call times out at 60 s)
    a = me.choose(s.view(0), s.legal_actions())
    button = next((b for b, c in zip(app.choice_box.children, app._shown_choices)
                   if c.action == a), None)
    if button is not None:
        button.click()
        pressed += 1
    else:
        assert app.act(a), app.message.value
        acted += 1
# a whole game runs to thousands of actions: the rest on the engine, with the same bots
bots = {0: me, **app.bots}
while not s.is_over:
    p = s.current_player
    s.apply(bots[p].choose(s.view(p), s.legal_actions()))
app.version += 1
app.refresh()
print(s.end_reason, pressed, acted)
"""


def kernel(client, code: str) -> str:
    return run_in_kernel(client, code).strip()


def shot(page, artifacts, name: str, width: int = 1400) -> None:
    page.set_viewport_size({"width": width, "height": 1000 if width > 390 else 844})
    show_side_panel(page, width > 390 and width < 1400)
    page.wait_for_timeout(500)
    page.evaluate("document.querySelector('.dcw-app .dcw-status').scrollIntoView()")
    page.screenshot(path=str(artifacts / f"alderquest-{name}-{width}.png"), full_page=False)


def sid(shape_id: str) -> str:
    return f'[data-id="{shape_id}"]'


def test_a_game_against_the_bot_by_clicking(page, lab, artifacts):
    page.set_viewport_size({"width": 1400, "height": 1000})
    write_notebook(lab.root / NOTEBOOK, CELLS)
    open_and_run(page, lab, NOTEBOOK)
    app = page.locator(".dcw-app")
    question = app.locator(".dcw-question-text")
    question.get_by_text("Choose a faction for Red").wait_for(timeout=60_000)
    client = lab.kernel_client(NOTEBOOK)
    try:
        shot(page, artifacts, "factions")
        # set-up: the first button each time (two factions, three Heroes)
        for _ in range(5):
            before = kernel(client, "print(len(app.state.history))")
            app.locator(".dcw-choice").first.click()
            for _wait in range(40):
                if kernel(client, "print(len(app.state.history))") != before:
                    break
                page.wait_for_timeout(250)
        assert kernel(client, "print(app.state.phase)") == "play"
        clicked = {"drop": 0, "swap": 0, "summon": 0, "move": 0, "steps": 0}
        for turn in range(TURNS):
            # Set Tiles: a lit space
            while kernel(client, "print(app.state.step)") == "set":
                lit = app.locator(LIT).first
                lit.click()
                page.wait_for_timeout(400)
            if turn == 0:
                shot(page, artifacts, "first-turn")
            # a swap by two clicks, while a Hero can still act
            pair = kernel(client, "from dungeoncraft_widgets.alderquest.rules import Swap\n"
                          "ok = any(isinstance(a, Swap) for a in app.state.legal_actions())\n"
                          "print(app.state.swap_pairs()[0] if ok and not app.state.stack "
                          "else '')")
            if pair and turn == 1:
                a, b = pair.split(":")
                app.locator(sid(f"cell-{a}")).click()
                page.wait_for_timeout(300)
                app.locator(sid(f"cell-{b}")).click()
                page.wait_for_timeout(800)
                done = kernel(client, "print(type(app.state.history[-1]).__name__, "
                                      "app.state.history[-1])")
                assert done.startswith("Choose") and pair in done, done
                clicked["swap"] += 1
            if turn == 0:  # the best plan drawn before it is played
                app.locator(".dcw-choice", has_text="cascade first").click()
                app.locator(".dcw-aq-cascade").get_by_text("Preview of the best plan").wait_for(
                    timeout=20_000)
                shot(page, artifacts, "preview")
                app.get_by_role("button", name="Show the Board now").click()
            # drop every revealed rune: the best plan's rune, then its column (clicked)
            for _drop in range(3):
                step = kernel(client, "s = app.state\nplans = app._plans()\n"
                                      "print(f'{s.revealed.index(plans[0].steps[0][0])} "
                                      "{plans[0].steps[0][1]}' if plans else '')")
                if not step:
                    break
                index, column = step.split()
                app.locator(sid(f"rev-{index}")).click()
                app.locator(".dcw-question-text", has_text="Drop the").wait_for(timeout=20_000)
                if turn == 0 and _drop == 0:
                    shot(page, artifacts, "rune-chosen")
                app.locator(sid(f"col-{column}")).click()
                page.wait_for_timeout(600)
                clicked["drop"] += 1
                if kernel(client, "print(app.frame_index is not None)") == "True":
                    app.get_by_role("button", name="Show the Board now").click()
            # a decision asked on the way (a tribute, a target): its first button
            for _answer in range(4):
                if kernel(client, "print(bool(app.state.stack) and "
                                  "app.state.current_player == 0)") != "True":
                    break
                app.locator(".dcw-choice").first.click()
                page.wait_for_timeout(600)
            # a Hero clicked, then its Summon button, when a held rune pays for it
            summoner = kernel(client, "from dungeoncraft_widgets.alderquest.rules import "
                                      "Summon\nprint(next((a.hero for a in app.state."
                                      "legal_actions() if isinstance(a, Summon)), '') if "
                                      "app._free() else '')")
            if summoner:
                app.locator(sid(f"hero-{summoner}")).click()
                app.locator(".dcw-question-text", has_text="What does").wait_for(timeout=20_000)
                app.locator(".dcw-choice", has_text="summon a").first.click()
                page.wait_for_timeout(800)
                clicked["summon"] += 1
            # a ready minion of ours: click it, then its first lit space
            mover = kernel(client, "s = app.state\nprint(next((m for m, d in "
                                   "sorted(s.minions.items()) if d['team'] == 0 and "
                                   "d['space'] and not d['exhausted']), '') if not s.stack "
                                   "and s.step == 'action' else '')")
            if mover:
                app.locator(sid(f"mn-{mover}")).click()
                page.wait_for_timeout(500)
                lit = app.locator(LIT)
                if lit.count():
                    shot(page, artifacts, "minion-reach")
                    lit.first.click()
                    page.wait_for_timeout(600)
                    clicked["move"] += 1
                for _answer in range(4):  # reveal/dismiss, carry, ...: the last button
                    if kernel(client, "print(bool(app.state.stack) and "
                                      "app.state.current_player == 0)") != "True":
                        break
                    app.locator(".dcw-choice").last.click()
                    page.wait_for_timeout(600)
                if kernel(client, "print(app.state.activation is not None)") == "True":
                    app.locator(".dcw-choice", has_text="Stop it here").click()
                    page.wait_for_timeout(500)
            # the cascade, step by step
            steps = app.locator(".dcw-aq-cascade")
            if steps.is_visible():
                at = kernel(client, "print(app.frame_index)")
                app.get_by_role("button", name="Next step ▶").click()
                steps.get_by_text("Step ").first.wait_for(timeout=10_000)
                page.wait_for_timeout(400)
                assert kernel(client, "print(app.frame_index)") != at
                clicked["steps"] += 1
                if clicked["steps"] == 1:
                    shot(page, artifacts, "cascade-step")
                if kernel(client, "print(app.frame_index is not None)") == "True":
                    app.get_by_role("button", name="Show the Board now").click()
            # end the turn
            turn_no = kernel(client, "print(app.state.turn)")
            app.locator(".dcw-choice", has_text="End the turn").click()
            for _wait in range(80):
                if kernel(client, "print(app.state.turn != " + turn_no + " and "
                                  "app.state.current_player == 0)") == "True":
                    break
                page.wait_for_timeout(250)
            app.locator(".dcw-summary").get_by_text("Bot").first.wait_for(timeout=20_000)
        print(clicked)
        assert clicked["drop"] >= 3 * TURNS - 1 and clicked["steps"] >= 1, clicked
        assert clicked["swap"] == 1 and clicked["move"] >= 1, clicked
        assert kernel(client, "print(sum(1 for e in app.state.log if e.kind == 'turn'))") \
            >= str(2 * TURNS)
        shot(page, artifacts, "mid-game")
        for width in (390, 360):  # every board whole in its cell: nothing scrolls sideways
            page.set_viewport_size({"width": width, "height": 844})
            page.wait_for_timeout(600)
            assert page.evaluate(BOARDS_FIT) == [], width
        zoom_in(page)  # the boards fit by default; zoomed in, no text is below 10 px
        shot(page, artifacts, "mid-game", 800)
        assert page.evaluate(SMALLEST_TEXT) >= 9.99
        shot(page, artifacts, "mid-game", 390)
        assert page.evaluate(SMALLEST_TEXT) >= 9.99
        page.set_viewport_size({"width": 360, "height": 844})
        page.wait_for_timeout(600)
        app.locator(".dcw-board").nth(1).scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "alderquest-battlefield-360.png"))
        assert page.evaluate(SMALLEST_TEXT) >= 9.99
        page.set_viewport_size({"width": 1400, "height": 1000})
        show_side_panel(page, False)
        set_theme(page, "JupyterLab Dark")
        shot(page, artifacts, "mid-game-dark")
        set_theme(page, "JupyterLab Light")
        # hidden information: Bot's face-down tiles show only their backs
        hidden = kernel(client, "print(sorted(s for s, t in app.state.tiles.items() "
                                "for c, up in t if c[0] == 'b' and not up)[:1])")
        if hidden != "[]":
            space = eval(hidden)[0]  # noqa: S307
            label = app.locator(sid(f"sp-{space}")).get_attribute("aria-label")
            assert "enemy tile, face down" in label, label

        # the rest of the game through the app's Python objects, then the end on the page
        reason = kernel(client, FINISH)
        assert "winter" in reason, reason
        print("finished:", reason)
        assert int(reason.split()[-2]) >= 10, reason  # buttons pressed from Python
        final = app.locator(".dcw-final")
        final.get_by_text("Final scores").wait_for(timeout=30_000)
        assert app.locator(".dcw-status").inner_text().strip() == "Game over."
        shot(page, artifacts, "game-over")
    finally:
        client.stop_channels()
