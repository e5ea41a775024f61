"""The generic GameApp parts with every game's app (``GAMES[name].APP``, as it opens):
the summary after the bots' turns, undo through the engine (never past a revealed random
result, never another seat's action), the end with its table, and New game with the bots
playing on."""

from __future__ import annotations

import pytest

from dungeoncraft_widgets import GAMES
from dungeoncraft_widgets.core.rng import Rng

SEED = 3
#: Constructor options beyond ``seed``, only where a game needs them to end here: random
#: play in Dobbers never reaches the Key, so a short round limit ends the game.
OPTIONS = {
    "dobbers": {"round_limit": 4},
}
#: Games played only so many of the seat's actions through the app, then to the end on the
#: engine with a bot in the seat: random play in AlderQuest can hold winter off for ever
#: (its RULE_NOTES), and its app works out exact odds after every action (~0.1 s).
FINISHED_ON_THE_ENGINE = {
    "alderquest": (40, lambda: GAMES["alderquest"].TributeBot(seed=9)),
}


@pytest.mark.slow  # whole games through the widgets (the generic parts: test_gameapp.py)
@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_with_undo_then_a_new_game(name):
    app = GAMES[name].APP(seed=SEED, **OPTIONS.get(name, {}))
    through_the_app, finisher = FINISHED_ON_THE_ENGINE.get(name, (5000, None))
    rng = Rng(1)
    undone = refused = 0
    for step in range(through_the_app):
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
                own = {s for s, _log in app._turn_starts}  # where the seat's actions are
                game_before = app.state.copy()
                assert app.undo(), app.message.value
                undone += 1
                assert len(app.state.history) < before
                assert all(i in own for i in range(len(app.state.history), before)), \
                    "undo took back another seat's action (the seat has seen it)"
                assert app.summary_lines[0].startswith("You took back “")
                # Never past a random result, worked out from the game before the undo
                # (not from its undo_floor): no action taken back drew from the RNG.
                for k in range(len(app.state.history), before):
                    assert game_before.replay(upto=k).rng.state == \
                        game_before.replay(upto=k + 1).rng.state, \
                        f"undo took back {game_before.history[k]}, which used the RNG"
                continue
        legal = app.state.legal_actions()
        assert app.act(rng.choice(legal)), app.message.value
        assert app.summary_lines, "something to say after every turn"
    print(f"{name}: undone {undone}, refused {refused}")
    assert undone + refused > 0
    if finisher is not None:
        state, bots = app.state, {**app.bots, app.seat: finisher()}
        for _ in range(GAMES[name].MAX_ACTIONS):
            if state.is_over:
                break
            player = state.current_player
            state.apply(bots[player].choose(state.view(player), state.legal_actions()))
        app.refresh()
    assert app.state.is_over
    assert app.status.value.startswith("Game over")
    assert app.final_panel.layout.display == "" and "Final scores" in app.final_view.value

    players = app.state.players
    app.new_game_button.click()
    assert not app.state.is_over and app.state.players == players
    assert app.state.current_player == app.seat and app.summary_lines[0] == "A new game has begun."
    assert app.final_panel.layout.display == "none"
    assert app.act(app.state.legal_actions()[0])
