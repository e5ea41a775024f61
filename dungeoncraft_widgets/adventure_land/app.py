"""Adventure Land in a notebook: play against bots, and a position editor.

:class:`AdventureLandApp` plays a whole game: click one of your adventurers (in the
start area or on the board) to see where it can go (one move and two moves told
apart), click a highlighted field to move there (a field two moves away is reached
along a shortest path). Above the board it says what the bots just did; a battle is
a question with buttons that carry their exact odds, the best one marked; beside the
board, what everyone holds. *Show risks* tints your adventurers and the fields in
reach by the exact chance of losing an adventurer there before your next turn, and the
move advisor ranks your moves by the points they bring. Anything refused shows the
rule that forbids it, never a traceback.

:class:`PositionEditor` sets up a real table's position by clicking (fog creatures,
the sprite, adventurers, items, the terrain cards already turned over) and shows
where an adventurer can go, the risks and the best moves.

>>> app = AdventureLandApp(players=["You", "Bot"], seed=3)
>>> app.select("row:3") and "field-J3" in app.board.scene["clickable"]
True
>>> app.act("move row:9 A1")
False
>>> app.message.value
'✗ move: You have no adventurer at row:9'
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
import networkx as nx

from ..core.bots import Bot
from ..core.charts import percent
from ..core.engine import Action, Event, GameState
from ..core.english import count, listing, possessive
from ..core.errors import DungeoncraftError, InvalidArgumentError
from ..core.scene import Scene
from ..widgets.app import Choice, GameApp
from ..widgets.board import BoardEvent, BoardView
from ..widgets.panels import ERROR_MARK, message_label
from . import odds
from .bots import GreedyBot
from .graph import movement_graph, state_reachable
from .layout import FIELDS
from .rules import (
    UNKNOWN,
    AdventureLandState,
    End,
    GiveUp,
    Gold,
    Herb,
    Move,
    Reroll,
    Swords,
    _laurel,
    _rebase,
    empty_position,
    new_game,
    place_adventurer,
    place_item,
    place_name,
    place_sprite,
    remove_item,
    set_card_drawn,
)
from .scene import board_scene, clickable_fields, target_of

__all__ = ["AdventureLandApp", "PositionEditor", "action_words"]

ADVISED_MOVES = 4  # the move advisor shows this many moves (the menu has them all)


def action_words(action: Action) -> str:
    """An action in words, for buttons and menus.

    >>> action_words(Move("row:3", "J3")), action_words(Swords((2, 1))), action_words(Reroll(2))
    ('Move from the start of row 3 to J3', 'Fight with +2 and +1', 'Pay a gold to reroll the 2')
    """
    if isinstance(action, Move):
        return f"Move from {place_name(action.origin)} to {action.to}"
    if isinstance(action, Swords):
        return f"Fight with {_swords_words(action.values)}"
    if isinstance(action, Gold):
        return "Pay a gold for +1"
    if isinstance(action, Reroll):
        return f"Pay a gold to reroll the {action.die}"
    if isinstance(action, Herb):
        return f"Use the herb of {action.value}"
    if isinstance(action, GiveUp):
        return "Give up the battle (the adventurer and its companions are lost)"
    if isinstance(action, End):
        return "End the turn"
    return str(action)


def _swords_words(values: Sequence[int]) -> str:
    return listing([f"+{v}" for v in values]) if values else "no swords"


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
        self._risk_cache: tuple[Any, odds.RiskMap | None] = (None, None)
        self.risk_toggle = w.Checkbox(
            False, description="Show risks and the best moves", indent=False,
            tooltip="Tint your adventurers and the fields in reach by the exact chance of "
            "losing an adventurer there before your next turn, and rank your moves",
            layout=w.Layout(width="auto"))
        self.advisor_title = w.HTML()
        self.advisor_box = w.VBox()
        self.advisor_box.add_class("dcw-choices")
        super().__init__(state, seat=0, bots=bots, **kwargs)
        self.side.children = [self.risk_toggle, self.advisor_title, self.advisor_box]
        self.risk_toggle.observe(lambda _change: self.refresh(), names="value")
        self.refresh()

    # ---------------------------------------------------------- GameApp hooks
    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, AdventureLandState)
        mine = view.current_player == self.seat and view.fight is None
        if self.selected is not None and not (mine and any(
                w_ == self.selected for w_, _c in view.adventurers[self.seat])):
            self.selected = None
        risk = self.risk(view) if getattr(self, "risk_toggle", None) is not None \
            and self.risk_toggle.value else None
        scene = board_scene(view, selected=self.selected if mine else None, risk=risk)
        if mine:
            # Every field answers a click on your move: a field out of reach is refused
            # with the rule that forbids it, rather than ignored in silence.
            clickable_fields(scene, FIELDS)
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
            left = 2 - view.moves_made
            text += (f" You may make {count(left, 'more move', 'more moves')}: select an "
                     f"adventurer, then a field (or End the turn).")
        return text

    def action_label(self, action: Action) -> str:
        return action_words(action)

    def summarize(self, events: list[Event], view: GameState) -> list[str]:
        return summary_sentences(events, view, self.seat)

    def moved_ids(self, events: list[Event], view: GameState) -> set[str]:
        ids = set()
        for e in events:
            if e.kind == "move" and "adventurer" in e.data:
                ids.add(f"adv-{e.player}-{e.data['adventurer']}")
            elif e.kind == "draw" and e.data["field"] in view.board:
                ids.add(f"item-{e.data['field']}")
            elif e.kind == "sprite" and view.sprite is not None:
                ids.add("sprite")
        return ids

    def question(self, view: GameState) -> str | None:
        assert isinstance(view, AdventureLandState)
        f = view.fight
        if f is None or f["player"] != self.seat:
            return None
        comps = view.adventurers[self.seat][f["adventurer"]][1]
        if f["phase"] == "swords":
            return (f"A fog creature of strength {f['strength']} stands on {f['field']}. Your "
                    f"adventurer has strength {1 + comps} (1 + {count(comps, 'companion')}). "
                    f"Which swords do you fight with? Each sword rolls a die and adds its "
                    f"extra value; gold and herbs can be added after the roll.")
        now = view.fight_strength()
        dice = ", ".join(map(str, f["dice"])) or "no dice"
        return (f"Strength {now} against {f['strength']} (dice: {dice}): "
                f"{count(f['strength'] - now, 'more point')} to win. What do you do?")

    def choices(self, view: GameState) -> list[Choice]:
        assert isinstance(view, AdventureLandState)
        f = view.fight
        if f is None or f["player"] != self.seat:
            return []
        return fight_choices(view, self.seat)

    def holdings(self, view: GameState) -> list[tuple[str, str]]:
        assert isinstance(view, AdventureLandState)
        return holdings_rows(view, self.seat)

    def refresh(self) -> None:
        super().refresh()
        if getattr(self, "advisor_box", None) is not None:
            self._show_advisor(self.view)

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
        where = place_name(origin)
        self.message.value = (f"Your adventurer at {where} can reach "
                              f"{count(len(reach), 'field')}: click one."
                              if reach else f"Your adventurer at {where} cannot move now.")
        self.board.show(self.draw(view))
        return True

    def risk(self, view: AdventureLandState) -> odds.RiskMap | None:
        """The seat's risk map (for the selected adventurer's reach, if one is selected),
        cached until the game or the selection changes."""
        key = (self.version, len(self.state.history), self.selected)
        if self._risk_cache[0] != key:
            try:
                origin = self.selected if self.selected in {
                    w_ for w_, _c in view.adventurers[self.seat]} else None
                self._risk_cache = (key, odds.risk_map(view, self.seat, origin=origin))
            except DungeoncraftError:
                self._risk_cache = (key, None)
        return self._risk_cache[1]

    def _show_advisor(self, view: AdventureLandState) -> None:
        if not self.risk_toggle.value or view.current_player != self.seat \
                or view.fight is not None or view.is_over:
            self.advisor_title.value = ""
            self.advisor_box.children = []
            return
        advice = odds.advise_moves(view, self.seat)[:ADVISED_MOVES]
        self.advisor_title.value = (
            '<div class="dcw-holdings-title">Move advisor</div>'
            "<div>Your moves by the points they bring now (exact), with the chance of "
            "losing that adventurer before your next turn:</div>")
        buttons = []
        for item in advice:
            label = (f"{'★ ' if item.best else ''}{item.action.origin} → {item.action.to}: "
                     f"+{_points(item.expected_points)}, risk {percent(item.risk.p_lost)}")
            tip = (f"{action_words(item.action)}. Expected points: {item.expected_points}. "
                   f"Before your next turn: {item.risk.describe()}.")
            button = w.Button(description=label, tooltip=tip,
                              button_style="success" if item.best else "",
                              layout=w.Layout(width="auto", max_width="100%"))
            button.add_class("dcw-choice")
            button.on_click(lambda _b, a=item.action: self.act(a))
            buttons.append(button)
        self.advisor_box.children = buttons


def _points(p) -> str:
    """Expected points for a button: whole numbers as they are, else one decimal."""
    return str(p) if p.q == 1 else f"{float(p):.1f}"


# ------------------------------------------------------------- what the app says
def fight_choices(view: AdventureLandState, player: int) -> list[Choice]:
    """The buttons of the battle the player decides now, each with its exact chance to win
    (optimal play after it), the best one marked.

    Before the dice: the best choice of swords for each number of swords. After: every
    option of :func:`~.odds.fight_advice` (win now by paying, reroll a die, give up).

    >>> from dungeoncraft_widgets.adventure_land.rules import fight_position
    >>> s = fight_position(12, companions=2, swords=(2, 1), gold=1, seed=3)
    >>> [c.text for c in fight_choices(s, 0)]
    ['Fight with no swords: 0 = 0.0%', 'Fight with +2: 1/6 ≈ 16.7%', \
'★ Fight with +2 and +1: 199/216 ≈ 92.1%']
    """
    f = view.fight
    stock = view.stock[player]
    comps = view.adventurers[player][f["adventurer"]][1]
    if f["phase"] == "swords":
        fight = odds.fight_odds(f["strength"], companions=comps, swords=stock["swords"],
                                herbs=stock["herbs"], gold=stock["gold"])
        out = []
        for size in sorted(fight.p_win_by_swords):
            choice = fight.swords_by_count[size]
            dice = count(len(choice), "die", "dice")
            tip = (f"Roll {dice} and add {sum(choice)}: strength {1 + comps + sum(choice)} "
                   f"+ {dice} against {f['strength']}, then gold and herbs as well as "
                   f"possible.")
            out.append(Choice(f"Fight with {_swords_words(choice)}", Swords(choice),
                              odds=fight.p_win_by_swords[size], best=choice == fight.swords_used,
                              tooltip=tip))
        return out
    advice = odds.fight_advice(f["strength"], tuple(f["dice"]), companions=comps,
                               sword_bonus=sum(f["swords"]) + f["bonus"],
                               herbs=tuple(stock["herbs"]), gold=stock["gold"])
    out = []
    for option in advice.options:
        if option.kind == "stop":
            paid = [f"the herb of {h}" for h in option.herbs_spent]
            if option.gold_spent:
                paid.append(count(option.gold_spent, "gold piece") + " as +1")
            label = f"Win now: use {listing(paid)}" if paid else "Win now"
            action: Action = (Herb(option.herbs_spent[0]) if option.herbs_spent else Gold())
            tip = ("Pays what is missing, the cheapest way" +
                   (" (one step at a time: this button pays the first)" if
                    len(option.herbs_spent) + option.gold_spent > 1 else "") + ".")
        elif option.kind == "reroll":
            label = f"Pay a gold to reroll the {option.die}"
            action = Reroll(option.die)
            tip = "The new roll replaces the old one; then play on as well as possible."
        else:
            label = "Give up (the adventurer and its companions are lost)"
            action = GiveUp()
            tip = "Nothing you hold can win this battle now."
        out.append(Choice(label, action, odds=option.p_win, best=option is advice.best,
                          tooltip=tip))
    return out


def holdings_rows(view: AdventureLandState, seat: int) -> list[tuple[str, str]]:
    """What the seat holds (exact values) and what is public of the others (their
    face-down swords and herbs as counts), with everyone's points so far.

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, give
    >>> s = empty_position(["You", "Bot"]); give(s, 0, swords=(2,), gold=1); give(s, 1, herbs=(3,))
    >>> rows = dict(holdings_rows(s.view(0), 0))
    >>> rows["Your tiles"], rows["Bot's tiles"]
    ('sword +2', '1 herb (face down)')
    """
    rows = []
    order = [seat] + [p for p in range(len(view.players)) if p != seat]
    scores = view.scores()
    for p in order:
        name = view.players[p]
        stock = view.stock[p]
        own = possessive(name)
        swords, herbs = stock["swords"], stock["herbs"]
        if UNKNOWN in swords or UNKNOWN in herbs:
            tiles = listing([t for t in (count(len(swords), "sword") if swords else "",
                                         count(len(herbs), "herb") if herbs else "") if t])
            tiles += " (face down)"
        else:
            tiles = "; ".join(t for t in (
                (("sword " if len(swords) == 1 else "swords ")
                 + ", ".join(f"+{v}" for v in sorted(swords))) if swords else "",
                (("herb " if len(herbs) == 1 else "herbs ")
                 + ", ".join(map(str, sorted(herbs)))) if herbs else "") if t)
        creatures = stock["creatures"]
        beaten = (f"{', '.join(map(str, sorted(creatures)))} "
                  f"({count(sum(_laurel(c) for c in creatures), 'laurel')})"
                  if creatures else "none")
        on_board = [where + (f" ({count(c, 'companion')})" if c else "")
                    for where, c in view.adventurers[p] if where in view.layout.terrain]
        waiting = sum(1 for where, _c in view.adventurers[p] if ":" in where)
        parts = on_board + ([f"{waiting} at the start"] if waiting else [])
        note = view.score_note(p)
        rows += [(f"{own} tiles", tiles or "none"),
                 (f"{own} gold", str(stock["gold"])),
                 (f"{own} fog creatures", beaten),
                 (f"{own} adventurers", ", ".join(parts) or "none left"),
                 (f"{own} points", str(scores[p]) + (f" ({note})" if note else ""))]
    return rows


def summary_sentences(events: Sequence[Event], view: AdventureLandState, seat: int) -> list[str]:
    """What happened in ``events`` (the log the seat may see), turn by turn: the cards turned
    over and what they brought, each move with what it took (and the points), battles won
    and lost, the water sprite's sweeps, players passing, the last round.

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_item
    >>> s = empty_position(["You", "Bot"]); place_item(s, "C1", "G")
    >>> start = len(s.log); _ = s.apply("move row:1 C1")
    >>> summary_sentences(s.log[start:], s.view(0), 0)
    ['You moved from the start of row 1 to C1 and took the gold (+2 points).']
    """
    names = view.players
    out: list[str] = []
    clauses: list[str] = []  # what the turn's player did, said in one sentence
    cards: list[str] = []
    who: int | None = None
    last_to: str | None = None
    moved = False

    def flush() -> None:
        if cards:
            drawer = names[who] if who is not None else "The set-up"
            out.append(f"{drawer} turned over {listing(cards)}.")
            cards.clear()
        if clauses:
            out.append(f"{names[who]} {', then '.join(clauses)}.")
            clauses.clear()

    def say(sentence: str) -> None:
        flush()
        out.append(sentence)

    def after_move(player: int | None, field: str | None, text: str, alone: str) -> None:
        if clauses and player == who and field == last_to:
            clauses[-1] += f" and {text}"
        else:
            say(alone)

    for e in events:
        d = e.data
        if e.kind == "turn":
            flush()
            who, last_to, moved = e.player, None, False
        elif e.kind == "draw":
            if clauses:
                flush()
            cards.append(_card_words(d["field"], d["terrain"], view))
        elif e.kind == "move":
            if cards:
                flush()
            who = e.player if who is None else who
            clauses.append(f"moved from {place_name(d['origin'])} to {d['to']}")
            last_to, moved = d["to"], True
        elif e.kind in ("companion", "gold") or (e.kind == "take" and e.visible_to is None):
            gain = {"companion": "a companion joined", "gold": "took the gold"}.get(
                e.kind, f"took a {d.get('tile', 'tile')}")
            points = f" (+{count(d['points'], 'point')})" if d.get("points") else ""
            item = {"companion": "A companion", "gold": "Gold"}.get(
                e.kind, f"A {d.get('tile', 'tile')}")
            taken = "joined it" if e.kind == "companion" else "was taken"
            after_move(e.player, d.get("field"), gain + points,
                       f"{item} appeared under {possessive(names[e.player], capital=False)} "
                       f"adventurer on {d.get('field')} and {taken}{points}.")
        elif e.kind == "take" and e.player == seat:
            # Your own tile's value, which only you see.
            shown = d["value"] if d["tile"] == "herb" else f"+{d['value']}"
            if clauses and clauses[-1].endswith(f"took a {d['tile']}"):
                clauses[-1] += f" ({shown})"
        elif e.kind == "won":
            points = f" (+{count(d['points'], 'point')})" if d.get("points") else ""
            text = f"beat the fog creature of {d['strength']} on {d['field']}{points}"
            after_move(e.player, d["field"], text, f"{names[e.player]} {text}.")
        elif e.kind == "lost":
            lost = ("the adventurer" + (f" and {count(d['companions'], 'companion')}"
                                        if d.get("companions") else ""))
            text = (f"lost the battle against the fog creature of {d['strength']} on "
                    f"{d['field']} ({lost} went back in the box)")
            after_move(e.player, d["field"], text.replace("lost", "then lost", 1),
                       f"{names[e.player]} {text}.")
        elif e.kind in ("roll", "boost") and e.player == seat:
            say(e.text)  # your own battle, step by step
        elif e.kind == "swept":
            comps = f" and {count(d['companions'], 'companion')}" if d.get("companions") else ""
            say(f"The water sprite swept {possessive(names[e.player], capital=False)} "
                f"adventurer{comps} off {d['field']}.")
        elif e.kind in ("sit-out", "out", "last-round", "over"):
            say(e.text)
        elif e.kind == "end" and e.player == who and not moved:
            clauses.append("moved nothing")
    flush()
    return [line[0].upper() + line[1:] for line in out if line]


def _card_words(field: str, terrain: str, view: AdventureLandState) -> str:
    item = {"city": "a companion", "forest": "a herb", "mountain": "a sword",
            "river": "gold", "fog": "a fog creature"}[terrain]
    on = view.board.get(field)
    if terrain == "fog" and on is not None and on[0] == "F":
        item = f"a fog creature of {on[1:]}"
    return f"{field} ({item})"


# -------------------------------------------------------------------- the editor
class PositionEditor(w.VBox):
    """Set up a position by clicking, and see where an adventurer can go, the risks of the
    next cards and the best moves.

    Choose a tool, then click fields: place a fog creature, gold, a companion, a herb,
    a sword, the water sprite, an adventurer of a player (with companions), erase, or
    mark a field's terrain card as turned over (on the face-up discard pile); the
    ``select`` tool shows the reachable fields of the adventurer clicked. *Show risks*
    draws the risk overlay for the player to move and lists their best moves.

    >>> ed = PositionEditor(players=2)
    >>> ed.apply_tool("D7", "creature 12"); ed.apply_tool("D2", "adventurer 1")
    >>> ed.apply_tool("D2", "select"); sorted(ed.reach)[:3]
    ['D3', 'D4', 'D5']
    >>> ed.reach["D7"], "D8" in ed.reach
    (1, False)
    """

    TOOLS = ("select", "creature 8", "creature 10", "creature 12", "creature 14",
             "creature 16", "gold", "companion", "herb", "sword", "sprite", "card turned over",
             "erase")

    def __init__(self, players: int = 2, **kwargs: Any) -> None:
        self.state = empty_position(players)
        self.reach: dict[str, int] = {}
        self.tool = w.Dropdown(options=self.TOOLS + tuple(
            f"adventurer {p + 1}" for p in range(players)), description="Tool:")
        self.companions = w.BoundedIntText(value=0, min=0, max=28, description="Companions:")
        self.moves = w.BoundedIntText(value=2, min=1, max=4, description="Moves:")
        self.to_move = w.Dropdown(options=[(f"player {p + 1}", p) for p in range(players)],
                                  description="To move:")
        self.risk_toggle = w.Checkbox(False, description="Show risks and the best moves",
                                      indent=False, layout=w.Layout(width="auto"))
        self.message = message_label()
        self.advice = w.HTML()
        self.board = BoardView()
        self.board.on_click(self._on_click)
        for control in (self.tool, self.companions, self.moves, self.to_move):
            control.style.description_width = "initial"
        self.to_move.observe(lambda _c: self._set_player(), names="value")
        self.risk_toggle.observe(lambda _c: self.refresh(), names="value")
        super().__init__([w.HBox([self.tool, self.companions, self.moves],
                                 layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.to_move, self.risk_toggle],
                                 layout=w.Layout(flex_flow="row wrap")),
                          self.board, self.message, self.advice], **kwargs)
        self.refresh()

    def _set_player(self) -> None:
        self.state.turn_player = self.to_move.value
        self.state.moves_made = 0
        _rebase(self.state)
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
                self.message.value = (f"The adventurer on {field} can reach "
                                      f"{count(len(self.reach), 'field')}.")
            elif tool == "erase":
                if field in s.at:
                    p, _k = s.at[field]
                    place_adventurer(s, p, "box", origin=field)
                elif field == s.sprite:
                    place_sprite(s, None)
                elif field in s.board:
                    remove_item(s, field)
                else:
                    set_card_drawn(s, field, False)
                self.reach = {}
            elif tool == "card turned over":
                set_card_drawn(s, field, field not in s.discard)
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
                self.reach = {}  # the position changed: select again to see the reach
        except DungeoncraftError as exc:
            self.message.value = f"{ERROR_MARK}{exc}"
        self.refresh()

    def _on_click(self, event: BoardEvent) -> None:
        field = target_of(event.id, self.state)
        if field is not None and field in FIELDS:
            self.apply_tool(field)
        elif event.id.startswith("adv-") and field is not None:
            self.apply_tool(field)

    def refresh(self) -> None:
        risk = None
        self.advice.value = ""
        if self.risk_toggle.value:
            player = self.state.turn_player
            try:
                risk = odds.risk_map(self.state, player)
                self.advice.value = _advice_html(odds.advise_moves(self.state, player),
                                                 self.state.players[player])
            except DungeoncraftError as exc:
                self.message.value = f"{ERROR_MARK}{exc}"
        scene = board_scene(self.state.view(None), highlights=self.reach, risk=risk,
                            drawn=True)
        scene.clickable = {i for i in scene.ids() if i.startswith("adv-") and i.count("-") == 2}
        clickable_fields(scene, FIELDS)
        self.board.show(scene)


def _advice_html(advice: list, name: str) -> str:
    if not advice:
        return ""
    rows = "".join(
        f"<tr><td>{'★ ' if a.best else ''}{html.escape(action_words(a.action))}</td>"
        f"<td>{html.escape(str(a.expected_points))}</td>"
        f"<td>{html.escape(str(a.risk.p_lost))} ({html.escape(percent(a.risk.p_lost))})</td></tr>"
        for a in advice[:8])
    return (f"<div class='dcw-holdings-title'>Best moves for {html.escape(name)}</div>"
            "<table class='dcw-table'><thead><tr><th>move</th><th>points expected</th>"
            "<th>lost before the next turn</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")
