"""Playing DobbersApp the way a person does: clicks on the board and the cards, and the
buttons under the question. ``do(app, action)`` makes the app do ``action`` for the seat
through those alone (and fails if it cannot), so a test that plays a whole game with it
shows every move a player needs can be made by clicking."""

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


def press(app, action) -> None:
    """Press the button under the question whose choice does ``action``."""
    for choice, button in zip(app.choices(app.view), app.choice_box.children, strict=True):
        if choice.action == action or str(choice.action) == str(action):
            assert button.description == choice.text
            button.click()
            return
    raise AssertionError(f"no button does {action}: "
                         f"{[c.text for c in app.choices(app.view)]}")


def press_label(app, start: str) -> None:
    for button in app.choice_box.children:
        if button.description.lstrip("★ ").startswith(start):
            button.click()
            return
    raise AssertionError(f"no button starts {start!r}: "
                         f"{[b.description for b in app.choice_box.children]}")


def click(board, shape_id: str) -> None:
    assert shape_id in board.scene["clickable"], f"{shape_id} does not answer a click"
    board.simulate("click", shape_id)


def do(app, action) -> None:
    """Do ``action`` for the seat by clicking."""
    state, seat = app.state, app.seat
    before = len(state.history)
    hand = state.hands[seat]
    if isinstance(action, Play):
        click(app.cards_board, f"hand-{hand.index(action.card)}")
    elif isinstance(action, (Equip, Forge, Arm)):
        click(app.cards_board, f"hand-{hand.index(action.card)}")
        if app.selected is not None:
            if isinstance(action, Arm):
                click(app.board, f"sq-{action.square}")
            else:
                press(app, action)
    elif isinstance(action, Use):
        click(app.cards_board, f"slot-{seat}-{action.slot}")
    elif isinstance(action, Token):
        click(app.cards_board, f"token-{state.tokens[seat].index(action.token)}")
    elif isinstance(action, Power):
        click(app.cards_board, f"hero-{seat}")
    elif isinstance(action, Buy):
        click(app.cards_board, f"adv-{state.adventure_row.index(action.card)}")
        if app.selected is not None:
            if action.square is None:
                press(app, action)
            else:
                click(app.board, f"sq-{action.square}")
    elif isinstance(action, Place):
        click(app.cards_board, f"row-{action.row}")
        click(app.board, f"sq-{action.square}")
    elif isinstance(action, Move):
        click(app.board, f"sq-{action.square}")
    elif isinstance(action, Challenge):
        click(app.board, f"sq-{action.square}")
        press_label(app, "Commit to the Challenge")
    elif isinstance(action, StartChoice):
        click(app.board, f"sq-{state.board.starts[action.letter]}")
    else:   # a decision asked in words: its button
        press(app, action)
    assert app.message.value == "", app.message.value
    assert len(app.state.history) > before and app.state.history[before] == action, \
        (action, app.state.history[before:before + 1])
