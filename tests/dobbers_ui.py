"""Playing DobbersApp the way a person does: clicks on the board and the cards, and the
buttons under the question (a button is pressed through the app's own handler, which
ipywidgets would otherwise run inside a try that only logs an error). ``do(app, action)``
makes the app do ``action`` for the seat through those alone (and fails if it cannot), so
a test that plays a whole game with it shows every move a player needs can be made by
clicking."""

from __future__ import annotations

from dungeoncraft_widgets.dobbers.actions import (
    Arm,
    Buy,
    Challenge,
    Equip,
    Forge,
    Move,
    Place,
    Play,
    Power,
    StartChoice,
    Token,
    Use,
)


def press(app, action, steps: list | None = None) -> None:
    """Press the button under the question whose choice does ``action``."""
    for choice, button in zip(app.choices(app.view), app.choice_box.children, strict=True):
        if choice.action == action or str(choice.action) == str(action):
            assert button.description == choice.text
            if steps is not None:
                steps.append(("button", button.description))
            app._choose(choice)
            return
    raise AssertionError(f"no button does {action}: "
                         f"{[c.text for c in app.choices(app.view)]}")


def press_label(app, start: str, steps: list | None = None) -> None:
    for choice, button in zip(app.choices(app.view), app.choice_box.children, strict=True):
        if button.description.lstrip("★ ").startswith(start):
            assert button.description == choice.text
            if steps is not None:
                steps.append(("button", button.description))
            app._choose(choice)
            return
    raise AssertionError(f"no button starts {start!r}: "
                         f"{[b.description for b in app.choice_box.children]}")


def click(board, shape_id: str, steps: list | None = None) -> None:
    assert shape_id in board.scene["clickable"], f"{shape_id} does not answer a click"
    if steps is not None:
        steps.append(("shape", shape_id))
    board.simulate("click", shape_id)


def do(app, action) -> list[tuple[str, str]]:
    """Do ``action`` for the seat by clicking; returns the clicks: ("shape", shape id) on
    the board or the cards, ("button", its text) under the question."""
    state, seat = app.state, app.seat
    steps: list[tuple[str, str]] = []
    before = len(state.history)
    hand = state.hands[seat]
    if isinstance(action, Play):
        click(app.cards_board, f"hand-{hand.index(action.card)}", steps)
    elif isinstance(action, (Equip, Forge, Arm)):
        click(app.cards_board, f"hand-{hand.index(action.card)}", steps)
        if app.selected is not None:
            if isinstance(action, Arm):
                click(app.board, f"sq-{action.square}", steps)
            else:
                press(app, action, steps)
    elif isinstance(action, Use):
        click(app.cards_board, f"slot-{seat}-{action.slot}", steps)
    elif isinstance(action, Token):
        click(app.cards_board, f"token-{state.tokens[seat].index(action.token)}", steps)
    elif isinstance(action, Power):
        click(app.cards_board, f"hero-{seat}", steps)
    elif isinstance(action, Buy):
        click(app.cards_board, f"adv-{state.adventure_row.index(action.card)}", steps)
        if app.selected is not None:
            if action.square is None:
                press(app, action, steps)
            else:
                click(app.board, f"sq-{action.square}", steps)
    elif isinstance(action, Place):
        click(app.cards_board, f"row-{action.row}", steps)
        click(app.board, f"sq-{action.square}", steps)
    elif isinstance(action, Move):
        click(app.board, f"sq-{action.square}", steps)
    elif isinstance(action, Challenge):
        click(app.board, f"sq-{action.square}", steps)
        press_label(app, "Commit to the Challenge", steps)
    elif isinstance(action, StartChoice):
        click(app.board, f"sq-{state.board.starts[action.letter]}", steps)
    else:   # a decision asked in words: its button
        press(app, action, steps)
    assert app.message.value == "", app.message.value
    assert len(app.state.history) > before and app.state.history[before] == action, \
        (action, app.state.history[before:before + 1])
    return steps


def play_by_clicking(app, seed: int, limit: int = 3000) -> list[list[tuple[str, str]]]:
    """Play the seat's moves (chosen by a RaceBot) by clicking to the end of the game (or
    ``limit`` moves); returns the clicks of each move."""
    from dungeoncraft_widgets.dobbers.bots import RaceBot

    me = RaceBot(seed=seed)
    moves = []
    while not app.state.is_over and len(moves) < limit:
        assert app.state.current_player == app.seat, "the bots played up to the seat"
        view = app.state.view(app.seat)
        assert app.question(view), "every decision is asked in words"
        moves.append(do(app, me.choose(view, app.state.legal_actions())))
        assert app.summary_lines
    return moves
