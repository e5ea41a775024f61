"""Dubious Alliance in a notebook: trade, bluff and survive against bots.

Click a card of your hand to set it face down as your Unrevealed card; click
another chief's face-down card to offer them a trade (the words in "Your claim"
go with the offer: true or not, nobody checks); answer offers and say Done with
the buttons. The odds panel gives, from what you have seen, the exact chance
your card hurts you, that you survive the round, and that someone wins it.

>>> app = DubiousAllianceApp(players=["You", "Bot", "Bot", "Bot"], seed=2)
>>> app.state.current_player == app.seat          # the bots have played up to you
True
>>> app.board.simulate("click", "hand-" + app.state.hands[0][0])
>>> app.state.unrevealed[0] is not None
True
>>> app.act("offer 0 I trade with myself")
False
>>> app.message.value.startswith("✗ offer:")
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from ..core.bots import Bot
from ..core.engine import Action, GameState
from ..core.scene import Scene
from ..widgets.app import GameApp
from ..widgets.panels import probability_latex
from . import new_game
from .bots import TEMPERAMENTS, TemperamentBot
from .odds import odds_summary
from .rules import DubiousAllianceState, Offer, SetCard, Use
from .scene import action_for_click, table_scene

ODDS_LINES = (("hurts", "your Revealed card lowers your Survival"),
              ("survive", "you survive this round"),
              ("someone_wins", "someone reaches their Prestige goal this round"))


class DubiousAllianceApp(GameApp):
    """Play from seat 0; the other seats are bots of mixed temperaments by default."""

    def __init__(self, players: int | Sequence[str] = ("You", "Bot", "Bot", "Bot"),
                 seed: int | None = None, *, bots: Mapping[int, Bot] | None = None,
                 state: DubiousAllianceState | None = None, **kwargs: Any) -> None:
        if state is None:
            state = new_game(players if isinstance(players, int) else list(players), seed=seed)
        if bots is None:
            bots = {p: TemperamentBot(TEMPERAMENTS[(p - 1) % len(TEMPERAMENTS)], seed=p)
                    for p in range(1, len(state.players))}
        self.claim = w.Text(description="Your claim:",
                            placeholder="said with your next offer, e.g. 'a fine weapon'",
                            style={"description_width": "initial"},
                            layout=w.Layout(width="100%"))
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.odds_view = w.HTMLMath()
        super().__init__(state, seat=0, bots=bots, **kwargs)
        self.side.children = [self.claim, self.buttons, self.odds_view]
        self.refresh()

    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, DubiousAllianceState)
        return table_scene(view)

    def action_for_click(self, shape_id: str) -> Action | str | None:
        action = action_for_click(self.state, shape_id)
        if isinstance(action, Offer) and self.claim.value.strip():
            action = Offer(action.to, self.claim.value.strip())
        if action is None and self.state.current_player == self.seat:
            self.show_error("that card does nothing now: the buttons beside the table "
                            "list what you may do")
        return action

    def act(self, action: Action | str | None) -> bool:
        done = super().act(action)
        if done and isinstance(self.state.history[-1] if self.state.history else None, Offer):
            self.claim.value = ""
        return done

    def refresh(self) -> None:
        super().refresh()
        if not hasattr(self, "buttons"):
            return  # called by GameApp.__init__ before this class's widgets exist
        mine = self.state.current_player == self.seat and not self.state.is_over
        buttons = []
        for action in self.state.legal_actions() if mine else []:
            if isinstance(action, (SetCard, Offer, Use)):
                continue  # these are clicks on the table
            button = w.Button(description=str(action), layout=w.Layout(width="auto"))
            button.on_click(lambda _b, a=action: self.act(a))
            buttons.append(button)
        self.buttons.children = buttons
        self._refresh_odds()

    def _refresh_odds(self) -> None:
        view = self.view
        try:
            odds = odds_summary(view, self.seat)
        except ValueError:  # outside Trading the odds module has nothing to say
            self.odds_view.value = ("<i>Your exact odds appear here during Trading, once every "
                                    "Unrevealed card is face down.</i>")
            return
        lines = [f"{html.escape(text)}: {probability_latex(odds[key])}"
                 for key, text in ODDS_LINES]
        self.odds_view.value = "<b>Your odds (exact)</b><br>" + "<br>".join(lines)
