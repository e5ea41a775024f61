"""GameApp: a board, the legal actions, a message line and the log, for any game.

A game's ``app.py`` subclasses :class:`GameApp` and overrides ``draw`` (the
seat's view -> a Scene) and ``action_for_click`` (a clicked shape -> an action,
or None after updating its own selection). Everything the seat may not see
stays hidden: drawing and the log use ``state.view(seat)``. Refused actions
show the rule that forbids them in the message line, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from ..core.bots import Bot, play_bots
from ..core.engine import Action, GameState
from ..core.errors import DungeoncraftError
from ..core.scene import Scene
from .board import BoardEvent, BoardView, LogView


class GameApp(w.VBox):
    """Play ``state`` from ``seat`` against ``bots`` (a mapping seat -> Bot).

    >>> import sys; sys.path.insert(0, "tests")
    >>> import demo_game
    >>> from dungeoncraft_widgets.core.bots import RandomBot
    >>> from dungeoncraft_widgets.core.scene import Scene, Text
    >>> class DemoApp(GameApp):
    ...     def draw(self, view):
    ...         scene = Scene(200, 40, title="demo")
    ...         scene.add(Text("hand", 100, 20, f"hand: {view.hands[self.seat]}"))
    ...         return scene
    >>> app = DemoApp(demo_game.new_game(players=2, seed=1), bots={1: RandomBot(seed=2)})
    >>> app.act("play 9")                     # not in hand: refused with the rule
    False
    >>> app.message.value
    '✗ play: card 9 is not in your hand'
    >>> app.act("draw")
    True
    >>> len(app.state.history)                # our draw and the bot's answer
    2
    """

    def __init__(self, state: GameState, *, seat: int = 0,
                 bots: Mapping[int, Bot] | None = None, **kwargs: Any) -> None:
        self.state = state
        self.seat = seat
        self.bots: dict[int, Bot] = dict(bots or {})
        self._turn_starts: list[int] = []  # history lengths before each of the seat's actions
        self.board = BoardView()
        self.board.on_click(self._on_board_click)
        self.status = w.Label()
        self.status.add_class("dcw-status")
        self.message = w.Label()
        self.message.add_class("dcw-message")
        self.action_menu = w.Dropdown(description="Action:", layout=w.Layout(width="auto"))
        self.play_button = w.Button(description="Do it", button_style="primary",
                                    tooltip="Apply the chosen action")
        self.play_button.on_click(lambda _b: self.act(self.action_menu.value))
        self.undo_button = w.Button(description="Undo", tooltip="Take back your last turn")
        self.undo_button.on_click(lambda _b: self.undo())
        self.log_view = LogView()
        self.side = w.VBox()  # game apps put odds panels and controls here
        controls = w.HBox([self.action_menu, self.play_button, self.undo_button])
        # The board takes the width it needs to be read; the side panel goes beside it
        # on a wide screen and below it on a narrow one (a phone).
        main = w.HBox([w.Box([self.board], layout=w.Layout(flex="3 1 560px", min_width="0")),
                       w.VBox([self.side], layout=w.Layout(flex="1 1 260px", min_width="0"))],
                      layout=w.Layout(flex_flow="row wrap", width="100%"))
        super().__init__([self.status, main, self.message, controls, self.log_view], **kwargs)
        self.add_class("dcw-app")
        self._run_bots()
        self.refresh()

    # --------------------------------------------------------- for subclasses
    def draw(self, view: GameState) -> Scene:
        """The seat's view of the game as a scene (subclasses override)."""
        raise NotImplementedError

    def action_for_click(self, shape_id: str) -> Action | str | None:
        """The action a click on ``shape_id`` means, or None (selection changed only)."""
        return None

    def describe(self, view: GameState) -> str:
        """The status line: whose turn it is, the scores."""
        if view.is_over:
            scores = ", ".join(f"{n} {s}" for n, s in zip(view.players, view.scores(), strict=True))
            return f"Game over. Scores: {scores}"
        player = view.current_player
        who = "your" if player == self.seat else f"{view.players[player]}'s"
        return f"It is {who} turn." if player is not None else ""

    # ------------------------------------------------------------------ acting
    def act(self, action: Action | str | None) -> bool:
        """Apply the seat's action; on refusal show why and change nothing."""
        if action is None:
            return False
        if self.state.current_player != self.seat:
            self.show_error("it is not your turn")
            return False
        start = len(self.state.history)
        try:
            self.state.apply(action)
        except DungeoncraftError as exc:
            self.show_error(str(exc))
            return False
        self._turn_starts.append(start)
        self.message.value = ""
        self._run_bots()
        self.refresh()
        return True

    def undo(self) -> None:
        if not self._turn_starts:
            self.show_error("there is nothing of yours to undo")
            return
        self.state = self.state.replay(upto=self._turn_starts.pop())
        self.message.value = "Your last turn was taken back."
        self.refresh()

    def show_error(self, text: str) -> None:
        self.message.value = f"✗ {text}"

    def _run_bots(self) -> None:
        play_bots(self.state, self.bots)

    def _on_board_click(self, event: BoardEvent) -> None:
        try:
            action = self.action_for_click(event.id)
        except DungeoncraftError as exc:
            self.show_error(str(exc))
            return
        if action is None:
            self.refresh()
        else:
            self.act(action)

    # ---------------------------------------------------------------- drawing
    def refresh(self) -> None:
        # The seat's view, made once per refresh (a copy of the game): subclasses that
        # add panels read ``self.view`` rather than copying the game again.
        self.view = view = self.state.view(self.seat)
        self.board.show(self.draw(view))
        self.status.value = self.describe(view)
        mine = self.state.current_player == self.seat and not self.state.is_over
        legal = self.state.legal_actions() if mine else []
        self.action_menu.options = [(str(a), a) for a in legal]
        self.action_menu.index = 0 if legal else None  # ipywidgets 8 leaves it unset
        self.action_menu.disabled = self.play_button.disabled = not legal
        self.undo_button.disabled = not self._turn_starts
        self.log_view.set_lines([(e.text, e.visible_to is not None) for e in view.log])


def on_change(widgets: list[w.Widget], callback: Callable[[], Any]) -> None:
    """Call ``callback()`` whenever any of ``widgets`` changes value."""
    for widget in widgets:
        widget.observe(lambda _change: callback(), names="value")
