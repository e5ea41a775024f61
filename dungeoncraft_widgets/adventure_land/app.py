"""Adventure Land in a notebook: play against bots, and a position editor.

:class:`AdventureLandApp` plays a whole game: click one of your adventurers (in the
start area or on the board) to see where it can go (one move and two moves told
apart), click a highlighted field to move there (a field two moves away is reached
along a shortest path); battles are decided in the fight
panel (with the exact odds of :mod:`.odds`) or with the action menu. Anything
refused shows the rule that forbids it, never a traceback.

:class:`PositionEditor` sets up a real table's position by clicking (fog creatures,
the sprite, adventurers, items) and shows where an adventurer can go.

>>> app = AdventureLandApp(players=["You", "Bot"], seed=3)
>>> app.select("row:3") and "field-J3" in app.board.scene["clickable"]
True
>>> app.act("move row:9 A1")
False
>>> app.message.value
'✗ move: You have no adventurer at row:9'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
import networkx as nx

from ..core.bots import Bot
from ..core.engine import Action, GameState
from ..core.errors import DungeoncraftError, InvalidArgumentError
from ..core.scene import Scene
from ..widgets.app import GameApp
from ..widgets.board import BoardEvent, BoardView
from .bots import GreedyBot
from .graph import movement_graph, state_reachable
from .layout import FIELDS
from .rules import (
    AdventureLandState,
    Move,
    empty_position,
    new_game,
    place_adventurer,
    place_item,
    place_sprite,
    remove_item,
    score_breakdown,
)
from .scene import board_scene, target_of

__all__ = ["AdventureLandApp", "PositionEditor"]


class AdventureLandApp(GameApp):
    """Play Adventure Land from seat 0 against bots (default: a GreedyBot per other seat)."""

    def __init__(self, players: int | Sequence[str] = ("You", "Bot"), adventure: int = 1,
                 seed: int | None = None, *, bots: Mapping[int, Bot] | None = None,
                 state: AdventureLandState | None = None, **kwargs: Any) -> None:
        if state is None:
            state = new_game(list(players) if not isinstance(players, int) else players,
                             seed=seed, adventure=adventure)
        if bots is None:
            bots = {p: GreedyBot(seed=p) for p in range(1, len(state.players))}
        self.selected: str | None = None
        self.fight_panel = w.HTML()
        self.fight_buttons = w.HBox()
        self.score_view = w.HTML()
        super().__init__(state, seat=0, bots=bots, **kwargs)
        self.side.children = [self.score_view, self.fight_panel, self.fight_buttons]
        self.refresh()

    # ---------------------------------------------------------- GameApp hooks
    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, AdventureLandState)
        mine = view.current_player == self.seat and view.fight is None
        if self.selected is not None and not (mine and any(
                w_ == self.selected for w_, _c in view.adventurers[self.seat])):
            self.selected = None
        scene = board_scene(view, selected=self.selected if mine else None)
        if mine:
            # Every field answers a click on your move: a field out of reach is refused
            # with the rule that forbids it, rather than ignored in silence.
            scene.clickable |= {f"field-{f}" for f in FIELDS}
        return scene

    def action_for_click(self, shape_id: str) -> Action | str | None:
        target = target_of(shape_id, self.state)
        if target is None:
            return None
        if shape_id.startswith("adv-"):
            self.select(target)
            return None
        if self.selected is None:
            raise InvalidArgumentError("select one of your adventurers first")
        origin, self.selected = self.selected, None
        view = self.state.view(self.seat)
        if state_reachable(view, origin).get(target) == 2:
            # Two moves: the first along a shortest path in the movement graph, then the last.
            fog = {f for f, item in view.board.items() if item[0] == "F"}
            graph = movement_graph(fog=fog, sprite=view.sprite, occupied=set(view.at))
            step = nx.shortest_path(graph, origin, target)[1]
            if not self.act(Move(origin, step)):
                return None
            if self.state.current_player != self.seat or self.state.fight is not None:
                return None  # a battle or the sprite interrupted the way
            origin = step
        return Move(origin, target)

    def describe(self, view: GameState) -> str:
        text = super().describe(view)
        assert isinstance(view, AdventureLandState)
        if not view.is_over and view.current_player == self.seat and view.fight is None:
            text += f" Moves left: {2 - view.moves_made} (select an adventurer, then a field)."
        return text

    def refresh(self) -> None:
        super().refresh()
        view = self.view
        rows = "".join(
            f"<tr><td>{_esc(name)}</td><td>{sum(score_breakdown(view, p).values())}</td></tr>"
            for p, name in enumerate(view.players))
        self.score_view.value = (f"<table class='dcw-scores'><tr><th>player</th><th>points</th>"
                                 f"</tr>{rows}</table>")
        self._refresh_fight(view)

    # ----------------------------------------------------------------- actions
    def select(self, origin: str) -> bool:
        """Select the seat's adventurer at ``origin`` (highlights where it can go)."""
        view = self.state.view(self.seat)
        if view.current_player != self.seat or view.fight is not None:
            self.show_error("select: it is not your move")
            return False
        if not any(w_ == origin for w_, _c in view.adventurers[self.seat]):
            self.show_error(f"select: you have no adventurer at {origin}")
            return False
        self.selected = origin
        reach = state_reachable(view, origin)
        self.message.value = (f"{origin}: {len(reach)} fields in reach"
                              if reach else f"{origin} cannot move now")
        self.board.show(self.draw(view))
        return True

    def _refresh_fight(self, view: AdventureLandState) -> None:
        f = view.fight
        if f is None or f["player"] != self.seat:
            self.fight_panel.value = ""
            self.fight_buttons.children = []
            return
        stock = view.stock[self.seat]
        comps = view.adventurers[self.seat][f["adventurer"]][1]
        lines = [f"<b>Battle on {_esc(f['field'])}</b>: fog creature {f['strength']}, "
                 f"your strength {view.fight_strength()}"
                 + (f" (dice {', '.join(map(str, f['dice']))})" if f["dice"] else "")]
        try:  # exact odds, when the odds module is there
            from . import odds
            if f["phase"] == "swords":
                o = odds.fight_odds(f["strength"], companions=comps, swords=stock["swords"],
                                    herbs=stock["herbs"], gold=stock["gold"])
                lines.append(f"Best swords: {', '.join(f'+{v}' for v in o.swords_used) or 'none'}"
                             f" — P(win) = {o.p_win} ≈ {float(o.p_win):.1%}")
            else:
                a = odds.fight_advice(f["strength"], tuple(f["dice"]), companions=comps,
                                      sword_bonus=sum(f["swords"]) + f["bonus"],
                                      herbs=tuple(stock["herbs"]), gold=stock["gold"])
                lines.append(f"Advice: {_esc(a.best.describe())} — P(win) = {a.p_win} ≈ "
                             f"{float(a.p_win):.1%}")
        except (ImportError, AttributeError, TypeError, ValueError):
            pass
        self.fight_panel.value = "<br>".join(lines)
        buttons = []
        for action in self.state.legal_actions():
            b = w.Button(description=str(action), layout=w.Layout(width="auto"))
            b.on_click(lambda _b, a=action: self.act(a))
            buttons.append(b)
        self.fight_buttons.children = buttons


def _esc(text: str) -> str:
    import html
    return html.escape(str(text))


class PositionEditor(w.VBox):
    """Set up a position by clicking, and see where an adventurer can go.

    Choose a tool, then click fields: place a fog creature, gold, a companion, a herb,
    a sword, the water sprite, an adventurer of a player (with companions), erase; the
    ``select`` tool shows the reachable fields of the adventurer clicked.

    >>> ed = PositionEditor(players=2)
    >>> ed.apply_tool("D7", "creature 12"); ed.apply_tool("D2", "adventurer 1")
    >>> ed.apply_tool("D2", "select"); sorted(ed.reach)[:3]
    ['D3', 'D4', 'D5']
    >>> ed.reach["D7"], "D8" in ed.reach
    (1, False)
    """

    TOOLS = ("select", "creature 8", "creature 10", "creature 12", "creature 14",
             "creature 16", "gold", "companion", "herb", "sword", "sprite", "erase")

    def __init__(self, players: int = 2, **kwargs: Any) -> None:
        self.state = empty_position(players)
        self.reach: dict[str, int] = {}
        self.tool = w.Dropdown(options=self.TOOLS + tuple(
            f"adventurer {p + 1}" for p in range(players)), description="Tool:")
        self.companions = w.BoundedIntText(value=0, min=0, max=28, description="Companions:")
        self.moves = w.BoundedIntText(value=2, min=1, max=4, description="Moves:")
        self.message = w.Label()
        self.board = BoardView()
        self.board.on_click(self._on_click)
        super().__init__([w.HBox([self.tool, self.companions, self.moves]), self.board,
                          self.message], **kwargs)
        self.refresh()

    def apply_tool(self, field: str, tool: str | None = None) -> None:
        """Use ``tool`` (default: the chosen one) on ``field``; errors go to the message."""
        tool = tool or self.tool.value
        s = self.state
        try:
            if tool == "select":
                if field not in s.at:
                    raise InvalidArgumentError(f"select: no adventurer on {field}")
                self.reach = state_reachable(s, field, moves=self.moves.value)
                self.message.value = f"{field}: {len(self.reach)} fields in reach"
            elif tool == "erase":
                if field in s.at:
                    p, k = s.at[field]
                    place_adventurer(s, p, "box", origin=field)
                elif field == s.sprite:
                    place_sprite(s, None)
                else:
                    remove_item(s, field)
                self.reach = {}
            elif tool == "sprite":
                place_sprite(s, field)
            elif tool.startswith("adventurer"):
                place_adventurer(s, int(tool.split()[1]) - 1, field, self.companions.value)
            else:
                code = {"gold": "G", "companion": "C"}.get(tool)
                if code is None and tool.startswith("creature"):
                    code = f"F{tool.split()[1]}"
                elif code is None:  # herb/sword: the top tile of its stack, face down
                    stack = s.herb_stack if tool == "herb" else s.sword_stack
                    if not stack:
                        raise InvalidArgumentError(f"{tool}: none left")
                    code = f"{'H' if tool == 'herb' else 'S'}{stack[-1]}"
                place_item(s, field, code)
            if tool != "select":
                self.message.value = ""
        except DungeoncraftError as exc:
            self.message.value = f"✗ {exc}"
        self.refresh()

    def _on_click(self, event: BoardEvent) -> None:
        field = target_of(event.id, self.state)
        if field is not None and field in FIELDS:
            self.apply_tool(field)
        elif event.id.startswith("adv-") and field is not None:
            self.apply_tool(field)

    def refresh(self) -> None:
        scene = board_scene(self.state.view(None), highlights=self.reach)
        scene.clickable = {f"field-{f}" for f in FIELDS} | {
            i for i in scene.ids() if (i.startswith("adv-") and i.count("-") == 2)
            or (i.startswith("item-") and i.count("-") == 1)}
        self.board.show(scene)
