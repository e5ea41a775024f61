"""The generic GameApp parts with each landed game's app: the summary after the bots'
turns, undo through the engine (never past a revealed random result), the end with its
table, and New game with the bots playing on."""

from __future__ import annotations

import pytest

from dungeoncraft_widgets.adventure_land import AdventureLandApp
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.dobbers import DobbersApp
from dungeoncraft_widgets.dubious_alliance.app import DubiousAllianceApp
from dungeoncraft_widgets.hero_vs_guardian.app import HeroVsGuardianApp

APPS = {
    "adventure_land": lambda: AdventureLandApp(players=["You", "Bot"], seed=8, adventure=2),
    "dubious_alliance": lambda: DubiousAllianceApp(players=["You", "Bot", "Bot"], seed=3),
    "hero_vs_guardian": lambda: HeroVsGuardianApp(role="hero", seed=4),
    # random play never reaches the Key: a short round limit ends the game
    "dobbers": lambda: DobbersApp(players=["You", "Bot"], seed=3, round_limit=4),
}


@pytest.mark.parametrize("name", APPS)
def test_a_whole_game_with_undo_then_a_new_game(name):
    app = APPS[name]()
    rng = Rng(1)
    undone = refused = 0
    for step in range(5000):
        if app.state.is_over:
            break
        assert app.state.current_player == app.seat, "the bots played up to the seat"
        if step % 7 == 3:
            before = len(app.state.history)
            if app.undo_button.disabled:
                refused += 1
                assert app.undo_button.tooltip.startswith(("Cannot take back", "There is nothing"))
                assert app.undo() is False and len(app.state.history) == before
            else:
                assert app.undo(), app.message.value
                undone += 1
                assert len(app.state.history) < before
                assert app.summary_lines[0].startswith("You took back “")
                assert len(app.state.history) >= app.state.undo_floor, "never past a reveal"
                continue
        legal = app.state.legal_actions()
        assert app.act(rng.choice(legal)), app.message.value
        assert app.summary_lines, "something to say after every turn"
    assert app.state.is_over
    print(f"{name}: undone {undone}, refused {refused}")
    assert undone + refused > 0
    assert app.status.value.startswith("Game over")
    assert app.final_panel.layout.display == "" and "Final scores" in app.final_view.value

    players = app.state.players
    app.new_game_button.click()
    assert not app.state.is_over and app.state.players == players
    assert app.state.current_player == app.seat and app.summary_lines[0] == "A new game has begun."
    assert app.final_panel.layout.display == "none"
    assert app.act(app.state.legal_actions()[0])
