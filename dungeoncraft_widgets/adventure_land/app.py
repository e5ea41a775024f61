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
from typing import Any, ClassVar

import ipywidgets as w
import networkx as nx
import sympy

from ..core.bots import Bot
from ..core.engine import Action, Event, GameState
from ..core.english import approx, chance, count, listing, possessive, subject
from ..core.errors import DungeoncraftError, InvalidArgumentError
from ..core.scene import Scene
from ..widgets.app import Choice, FinalSummary, GameApp, split_level
from ..widgets.board import BoardEvent, BoardView
from ..widgets.panels import ERROR_MARK, message_label
from . import odds
from .actions import End, GiveUp, Gold, Herb, Move, Reroll, Swords
from .battle import fight_strength
from .bots import GreedyBot
from .data import FIELDS, TERRAIN_ITEMS, UNKNOWN, place_name
from .graph import movement_graph, reachable
from .rules import (
    COLOURS,
    PLAYER_COUNTS,
    AdventureLandState,
    _rebase,
    empty_position,
    new_game,
    place_adventurer,
    place_item,
    place_sprite,
    remove_item,
    score_breakdown,
    set_card_drawn,
)
from .scene import ITEM_NAMES, board_scene, clickable_fields, target_of
from .scoring import laurels

__all__ = ["AdventureLandApp", "PositionEditor", "action_words"]

ADVISED_MOVES = 4  # the move advisor shows this many moves (the menu has them all)
# Wider than this the board grows only taller than a window: the panels beside it get the room.
BOARD_MAX_WIDTH = "760px"


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

    search_game: ClassVar[str | None] = "adventure_land"  # the Bots: levels search this game

    def __init__(self, players: int | Sequence[str] = ("You", "Bot"), adventure: int = 1,
                 seed: int | None = None, *, bots: Mapping[int, Bot] | str | None = None,
                 state: AdventureLandState | None = None, **kwargs: Any) -> None:
        if state is None:
            state = new_game(default_names(players) if isinstance(players, int)
                             else list(players), seed=seed, adventure=adventure)
        bots, level = split_level(bots)  # "hard": the default bots, searching
        if bots is None:
            bots = {p: GreedyBot(seed=p) for p in range(1, len(state.players))}
        self.selected: str | None = None
        # A move clicked onto a fog creature, waiting for "Move and fight" once its odds are
        # shown: (origin, target, the moves).
        self.pending: tuple[str, str, tuple[Move, ...]] | None = None
        self._risk_cache: tuple[Any, odds.RiskMap | None] = (None, None)
        self.risk_toggle = w.Checkbox(
            False, description="Show risks and the best moves", indent=False,
            tooltip="Tint your adventurers and the fields in reach by the exact chance of "
            "losing an adventurer there before your next turn, and rank your moves",
            layout=w.Layout(width="auto"))
        self.advisor_title = w.HTML()
        self.advisor_box = w.VBox()
        self.advisor_box.add_class("dcw-choices")
        self.aim_view = w.HTML()
        self.aim_view.add_class("dcw-aim")
        super().__init__(state, seat=0, bots=bots, **kwargs, bot_level=level)
        self.board.layout.max_width = BOARD_MAX_WIDTH
        self.side.children = [self.aim_view, self.risk_toggle, self.advisor_title,
                              self.advisor_box]
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
        self.pending = None
        if str(view.board.get(target, "")).startswith("F") and target in reachable(
                view, origin):
            # A move into a battle says its odds before it is made, always.
            moves = (Move(origin, target),)
            if reachable(view, origin)[target] == 2:
                step = nx.shortest_path(movement_graph(view), origin, target)[1]
                moves = (Move(origin, step), Move(step, target))
            self.pending = (origin, target, moves)
            self.message.value = ""
            return None
        if reachable(view, origin).get(target) == 2:
            # Two moves: the first along a shortest path in the movement graph, then the last.
            step = nx.shortest_path(movement_graph(view), origin, target)[1]
            if not self.act(Move(origin, step)):
                return None
            if self.state.current_player != self.seat or self.state.fight is not None:
                return None  # a battle or the sprite interrupted the way
            # "What just happened" tells the whole path, both hops (as for the bots).
            first = self._mark
            if self.act(Move(step, target)):
                self._mark = min(self._mark, first)
                self.refresh()
            return None
        return Move(origin, target)

    def goal(self, view: GameState) -> str:
        """The goal, the end and how far it is: the swords and companions left to draw."""
        assert isinstance(view, AdventureLandState)
        swords, comps = len(view.sword_stack), view.companion_supply
        if view.is_over:
            where = "The game is over."
        elif view.end_triggered:
            where = ("The stockpile has no swords and no companions left: this round is the "
                     "last.")
        else:
            where = (f"Still in the stockpile: {count(swords, 'sword')} and "
                     f"{count(comps, 'companion')}.")
        return ("Goal: the most points. The game ends after the round in which the "
                "stockpile (the pieces not yet on the board) has no sword and no companion "
                f"left. {where}")

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

    def _battle_ahead(self, view: AdventureLandState) -> tuple[str, str, Any, int] | None:
        """The pending move into a battle, if it still can be made: (origin, target, the
        exact odds of the battle with the best play of what the seat holds, strength)."""
        if self.pending is None or view.fight is not None or view.current_player != self.seat:
            return None
        origin, target, _moves = self.pending
        item = str(view.board.get(target, ""))
        mine = [c for w_, c in view.adventurers[self.seat] if w_ == origin]
        if not item.startswith("F") or not mine:
            return None
        stock = view.stock[self.seat]
        strength = int(item[1:])
        battle = odds.fight_odds(strength, companions=mine[0], swords=tuple(stock["swords"]),
                                 herbs=tuple(stock["herbs"]), gold=stock["gold"])
        return origin, target, battle, mine[0]

    def question(self, view: GameState) -> str | None:
        assert isinstance(view, AdventureLandState)
        ahead = self._battle_ahead(view)
        if ahead is not None:
            origin, target, battle, comps = ahead
            lose = ("the adventurer and its " + count(comps, "companion") if comps else
                    "the adventurer")
            return (f"Moving from {origin} to {target} starts a battle against the fog creature "
                    f"of strength {target_strength(view, target)} there. With the best use of "
                    f"your swords, herbs and gold you win with chance {chance(battle.p_win)}; "
                    f"if you lose, {lose} go back in the box. Move and fight?")
        f = view.fight
        if f is None or f["player"] != self.seat:
            return None
        return fight_question(view, self.seat)

    def choices(self, view: GameState) -> list[Choice]:
        assert isinstance(view, AdventureLandState)
        ahead = self._battle_ahead(view)
        if ahead is not None and self.pending is not None:
            origin, target, battle, _comps = ahead
            moves = self.pending[2]

            def cancel() -> None:
                self.pending = None
            # No ★: whether a battle is worth it depends on the whole game; the odds are
            # what the player weighs here.
            return [Choice(f"Move to {target} and fight", moves if len(moves) > 1 else moves[0],
                           odds=battle.p_win, tooltip=f"Win exactly {battle.p_win}, with the "
                           "best choice of swords, then herbs and gold after the roll."),
                    Choice("Don't move there", cancel,
                           tooltip="Nothing happens: choose another move")]
        f = view.fight
        if f is None or f["player"] != self.seat:
            return []
        return fight_choices(view, self.seat)

    def holdings(self, view: GameState) -> list[tuple[str, str]]:
        assert isinstance(view, AdventureLandState)
        return holdings_rows(view, self.seat)

    def final_summary(self, view: GameState) -> FinalSummary:
        """The winner and the scores; in Adventures 2 and 3, scored at the end, also what
        each score is made of (on a second line under the player's name: a fourth column
        would not fit a phone)."""
        assert isinstance(view, AdventureLandState)
        final = super().final_summary(view)
        if view.adventure == 1:
            return final
        scores = view.scores()
        order = sorted(range(len(view.players)), key=lambda q: -scores[q])  # as the rows
        rows = tuple((place, f"{name}\n{score_made_of(view, q)}", points)
                     for (place, name, points), q in zip(final.rows, order, strict=True))
        return FinalSummary(final.headline, final.headers, rows)

    def refresh(self) -> None:
        super().refresh()
        if getattr(self, "advisor_box", None) is not None:
            self.aim_view.value = (f'<div class="dcw-holdings-title">How to score</div>'
                                   f"<div style='line-height:1.4'>"
                                   f"{html.escape(aim(self.view))}</div>")
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
        reach = reachable(view, origin)
        where = place_name(origin)
        self.message.value = (f"Your adventurer at {where} can reach "
                              f"{count(len(reach), 'field')}: click one."
                              if reach else f"Your adventurer at {where} cannot move now.")
        self.board.show(self.draw(view))
        return True

    def advised(self, move: Move) -> bool:
        """Make the advisor's ``move``; one into a battle first asks, with its odds (as a
        click on the board does)."""
        view = self.state.view(self.seat)
        if str(view.board.get(move.to, "")).startswith("F"):
            self.pending = (move.origin, move.to, (move,))
            self.refresh()
            return False
        return self.act(move)

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
            "<div style='line-height:1.4'>Your best moves by the points they bring now, "
            "then by the exact chance of losing that adventurer before your next turn "
            "(where it stands now in brackets). Click one to make it.</div>")
        buttons = []
        for item in advice:
            # A ★ only on a move that brings points: among moves that bring none, the
            # ranking is by risk alone, which is said in the words, not starred.
            best = item.best and item.expected_points > 0
            label = (f"{'★ ' if best else ''}{advisor_words(item)}")
            tip = (f"{action_words(item.action)}. Expected points: {item.expected_points}. "
                   f"Before your next turn: {item.risk.describe()}.")
            button = w.Button(description=label, tooltip=tip,
                              button_style="success" if best else "",
                              layout=w.Layout(width="auto", max_width="100%"))
            button.add_class("dcw-choice")
            button.on_click(lambda _b, a=item.action: self.advised(a))
            buttons.append(button)
        self.advisor_box.children = buttons


def target_strength(view: AdventureLandState, field: str) -> int:
    """The combat strength of the fog creature standing on ``field``."""
    return int(str(view.board[field])[1:])


def advisor_words(advice: odds.MoveAdvice) -> str:
    """A move of the advisor in a few words: where from and to, the points it brings and
    the exact chance of losing the adventurer before the next turn (and where it is now).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_sprite
    >>> s = empty_position(); place_sprite(s, "K4"); place_adventurer(s, 0, "A7")
    >>> advisor_words(odds.advise_moves(s)[0])
    'A7 → A10: +0 points; risk 0 = 0.0% (now 2/95 ≈ 2.1%)'
    """
    where = place_name(advice.action.origin).removeprefix("the ")
    points = sympy.Rational(advice.expected_points)
    gain = (f"+{count(int(points), 'point')}" if points.q == 1 else
            f"about +{float(points):.1f} points ({points} expected)")
    text = (f"{where} → {advice.action.to}: {gain}; "
            f"risk {chance(advice.risk.p_lost)}")
    now = advice.risk_now
    if now is not None and now.p_lost != advice.risk.p_lost:
        text += f" (now {chance(now.p_lost)})"
    return text


# ------------------------------------------------------------- what the app says
def default_names(players: int) -> list[str] | int:
    """Names for a game against bots given only the number of players: "You" and the bots
    (a count the engine refuses is passed on as it is, for its error message).

    >>> default_names(2), default_names(4)
    (['You', 'Bot'], ['You', 'Bot 1', 'Bot 2', 'Bot 3'])
    """
    if players not in PLAYER_COUNTS:
        return players
    return ["You", "Bot"] if players == 2 else ["You"] + [f"Bot {i}" for i in range(1, players)]


def aim(view: AdventureLandState) -> str:
    """What scores in the adventure being played, in a few sentences (numbers from the
    pieces data, like the rules).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position
    >>> print(aim(empty_position(adventure=1)))
    Adventure 1, The Fellowship: points come at once. 2 for each gold; for a companion \
joining, as many as that adventurer then has companions; for a fog creature beaten, its \
laurels (half its strength). The game ends when the swords and the companions run out.
    """
    rules = view.pieces["adventures"][str(view.adventure)]
    head = f"Adventure {view.adventure}, {view.adventure_name}: "
    end = " The game ends when the swords and the companions run out."
    laurels = "laurels (half its strength)"
    if view.adventure == 1:
        return (head + f"points come at once. {rules['gold_at_once']} for each gold; for a "
                "companion joining, as many as that adventurer then has companions; for a "
                f"fog creature beaten, its {laurels}." + end)
    if view.adventure == 2:
        return (head + "points are counted at the end. Each fog creature beaten scores its "
                f"{laurels} × {rules['laurel_factor']}; your largest group of adventurers on "
                f"side-by-side fields scores {rules['group_factor']} per figure (adventurers "
                f"and companions); each gold {rules['gold_each']}; each herb and sword its "
                "value." + end)
    most, second = rules["most_creatures"]
    gold_most, gold_second = rules["most_gold"]
    return (head + "points are counted at the end. Each fog creature beaten scores its "
            f"{laurels}; the most fog creatures {most} (second most {second}); each gold "
            f"{rules['gold_each']}; the most gold {gold_most} (second most {gold_second}); in "
            "each city, the most figures (adventurers and companions) score the city's size, "
            "the second most half of it. Each figure outside the cities loses 1 point per fog "
            "creature still on the board." + end)


def _held(stock: dict[str, Any], *, dice: bool = True) -> str:
    """What a battle can still use after the roll: 'your herbs of 4 and 3 and 2 gold (+1
    each, or a die rerolled)', or "" for nothing."""
    parts = []
    if stock["herbs"]:
        herbs = sorted(stock["herbs"], reverse=True)
        parts.append(f"your herb{'s' * (len(herbs) > 1)} of {listing(map(str, herbs))}")
    if stock["gold"]:
        parts.append(f"{stock['gold']} gold (+1 each" + (", or a die rerolled)" if dice else ")"))
    return listing(parts)


def fight_question(view: AdventureLandState, player: int) -> str:
    """The battle ``player`` decides now, as a question: the creature, the strength so far
    and what can still be added.

    >>> from dungeoncraft_widgets.adventure_land.rules import fight_position
    >>> s = fight_position(12, companions=2, swords=(2, 1), gold=1, seed=3)
    >>> print(fight_question(s, 0))
    A fog creature of strength 12 stands on D7. Your adventurer has strength 3 (1 + 2 \
companions). Which swords do you fight with (at most 3)? Each rolls a die and adds its \
extra value; after the roll you can add 1 gold (+1 each, or a die rerolled).
    >>> s = fight_position(12, companions=2, swords=(2, 1), gold=1, seed=2)
    >>> _ = s.apply("swords 2,1")
    >>> print(fight_question(s, 0))
    Strength 9 against 12 (dice 1 and 2): 3 more points to win. You can still add 1 gold \
(+1 each, or a die rerolled). What do you do?
    """
    f = view.fight
    stock = view.stock[player]
    comps = view.adventurers[player][f["adventurer"]][1]
    creature, field = f["strength"], f["field"]
    held = _held(stock, dice=f["phase"] == "swords" or bool(f["dice"]))
    if f["phase"] == "swords":
        if view.turn_player != player:
            turner = subject(view.players[view.turn_player])
            where = (f"A fog creature of strength {creature} appeared under your adventurer "
                     f"on {field} ({turner} turned over its card): it must fight now.")
        else:
            where = f"A fog creature of strength {creature} stands on {field}."
        own = f" (1 + {count(comps, 'companion')})" if comps else " (no companions)"
        if stock["swords"]:
            ask = ("Which swords do you fight with (at most 3)? Each rolls a die and adds its "
                   "extra value; ")
        else:
            ask = "You have no swords, so no dice to roll; "
        after = (f"after the roll you can add {held}." if held else
                 "you have no herbs or gold to add after the roll.")
        return (f"{where} Your adventurer has strength {fight_strength(comps)}{own}. "
                f"{ask}{after}")
    now = view.fight_strength()
    dice = f" (dice {listing(map(str, f['dice']))})" if f["dice"] else ""
    left = f" You can still add {held}." if held else ""
    return (f"Strength {now} against {creature}{dice}: {count(creature - now, 'more point')} "
            f"to win.{left} What do you do?")


def fight_choices(view: AdventureLandState, player: int) -> list[Choice]:
    """The buttons of the battle the player decides now, each with its exact chance to win
    (optimal play after it), the best one marked.

    Before the dice: the best choice of swords for each number of swords. After: every
    option of :func:`~.odds.fight_advice`: win now by paying what is missing (one button
    pays it all), reroll a die, or give up when nothing can win any more.

    >>> from dungeoncraft_widgets.adventure_land.rules import fight_position
    >>> s = fight_position(12, companions=2, swords=(2, 1), gold=1, seed=3)
    >>> [c.text for c in fight_choices(s, 0)]
    ['Fight with no swords: 0 = 0.0%', 'Fight with +2: 1/6 ≈ 16.7%', \
'★ Fight with +2 and +1: 199/216 ≈ 92.1%']
    >>> s = fight_position(10, swords=(3,), herbs=(4, 3, 2), seed=2)
    >>> _ = s.apply("swords 3"); [c.text for c in fight_choices(s, 0)]
    ['★ Win now: use the herbs of 3 and 2: 1 = 100.0%']
    >>> fight_choices(s, 0)[0].action
    (Herb(value=3), Herb(value=2))
    """
    f = view.fight
    comps = view.adventurers[player][f["adventurer"]][1]
    if f["phase"] == "swords":
        fight = odds.fight_odds(view)
        out = []
        for size in sorted(fight.p_win_by_swords):
            choice = fight.swords_by_count[size]
            dice = count(len(choice), "die", "dice")
            tip = (f"Roll {dice} and add {sum(choice)}: strength "
                   f"{fight_strength(comps, swords=choice)} "
                   f"+ {dice} against {f['strength']}, then gold and herbs as well as "
                   f"possible.")
            out.append(Choice(f"Fight with {_swords_words(choice)}", Swords(choice),
                              odds=fight.p_win_by_swords[size],
                              best=choice == fight.swords_used and fight.p_win > 0,
                              tooltip=tip))
        return out
    advice = odds.fight_advice(view)
    out = []
    for option in advice.options:
        if option.kind == "stop":
            herbs = sorted(option.herbs_spent, reverse=True)
            paid = [f"the herb{'s' * (len(herbs) > 1)} of {listing(map(str, herbs))}"] \
                if herbs else []
            if option.gold_spent:
                paid.append(count(option.gold_spent, "gold piece") + " as +1")
            label = f"Win now: use {listing(paid)}" if paid else "Win now"
            steps = tuple(Herb(h) for h in herbs) + (Gold(),) * option.gold_spent
            action: Action | tuple[Action, ...] = steps[0] if len(steps) == 1 else steps
            tip = "Pays what is missing, the cheapest way, and wins the battle."
            out.append(Choice(label, action, odds=option.p_win,
                              best=option is advice.best and option.p_win > 0,
                              tooltip=tip))
        elif option.kind == "reroll":
            out.append(Choice(f"Pay a gold to reroll the {option.die}", Reroll(option.die),
                              odds=option.p_win,
                              best=option is advice.best and option.p_win > 0,
                              tooltip="The new roll replaces the old one; then play on as "
                              "well as possible."))
        else:  # nothing can win any more: no odds to show, and nothing to recommend
            out.append(Choice("Give up: the adventurer and its companions are lost",
                              GiveUp(), tooltip="Nothing you hold can win this battle now."))
    return out


def holdings_rows(view: AdventureLandState, seat: int) -> list[tuple[str, str]]:
    """One row per player, the seat first: their points, gold, swords and herbs (the seat's
    values; the others' face-down tiles as counts), the fog creatures they beat, and where
    their adventurers are (with their companions).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, give
    >>> s = empty_position(["You", "Bot"]); give(s, 0, swords=(2,), gold=1); give(s, 1, herbs=(3,))
    >>> rows = dict(holdings_rows(s.view(0), 0))
    >>> print(rows["You (black)"])
    0 points · 1 gold · sword +2 · no fog creatures
    adventurers: 10 at the start
    >>> print(rows["Bot (green)"])
    0 points · 0 gold · 1 herb, face down · no fog creatures
    adventurers: 10 at the start
    """
    rows = []
    order = [seat] + [p for p in range(len(view.players)) if p != seat]
    scores = view.scores()
    for p in order:
        stock = view.stock[p]
        swords, herbs = sorted(stock["swords"], reverse=True), sorted(stock["herbs"],
                                                                      reverse=True)
        if UNKNOWN in swords or UNKNOWN in herbs:
            tiles = listing([t for t in (count(len(swords), "sword") if swords else "",
                                         count(len(herbs), "herb") if herbs else "") if t])
            tiles += ", face down"
        else:
            tiles = ", ".join(t for t in (
                f"sword{'s' * (len(swords) > 1)} {listing([f'+{v}' for v in swords])}"
                if swords else "",
                f"herb{'s' * (len(herbs) > 1)} {listing(map(str, herbs))}" if herbs else "")
                if t) or "no swords or herbs"
        creatures = sorted(stock["creatures"])
        beaten = (f"fog creature{'s' * (len(creatures) > 1)} {listing(map(str, creatures))} "
                  f"({count(sum(laurels(view.pieces, c) for c in creatures), 'laurel')})"
                  if creatures else "no fog creatures")
        # Adventure 2 scores face-down tiles too: the count says so (the tiles follow).
        points = count(scores[p], "point") + (" + face-down tiles" if view.score_note(p) else "")
        on_board = [where + (f" ({count(c, 'companion')})" if c else "")
                    for where, c in view.adventurers[p] if where in view.layout.terrain]
        waiting = sum(1 for where, _c in view.adventurers[p] if ":" in where)
        places = ([f"on {listing(on_board)}"] if on_board else []) + (
            [f"{waiting} at the start"] if waiting else [])
        where = f"adventurers: {'; '.join(places)}" if places else "no adventurer left"
        name, colour = view.players[p], COLOURS[p]
        rows.append((name if name.lower() == colour else f"{name} ({colour})",
                     f"{points} · {stock['gold']} gold · {tiles} · {beaten}\n{where}"))
    return rows


def score_made_of(view: AdventureLandState, player: int) -> str:
    """What ``player``'s score is made of, in the adventure's own terms (the lines that
    are not zero).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, give
    >>> s = empty_position(["You", "Bot"], adventure=2); give(s, 0, gold=2, herbs=(3,))
    >>> score_made_of(s, 0), score_made_of(s, 1)
    ('gold: 4; herbs: 3', 'nothing')
    """
    parts = [f"{label}: {value}" for label, value in score_breakdown(view, player).items()
             if value]
    return "; ".join(parts) or "nothing"


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
    paid: dict[str, Any] = {"herbs": [], "gold": 0}  # the seat's battle: herbs and gold paid

    def flush() -> None:
        if paid["herbs"] or paid["gold"]:
            used = [f"the herb{'s' * (len(paid['herbs']) > 1)} of "
                    f"{listing(map(str, paid['herbs']))}"] if paid["herbs"] else []
            if paid["gold"]:
                used.append(f"{count(paid['gold'], 'gold piece')} as +1")
            out.append(f"{subject(names[seat])} used {listing(used)}"
                       + (f": strength {paid['strength']}." if "strength" in paid else "."))
            paid.clear()
            paid.update(herbs=[], gold=0)
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
            cards.append(_card_words(d["field"], d["terrain"], d.get("creature")))
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
                clauses[-1] += f" (value {shown})"
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
        elif e.kind == "battle" and (e.player != who or d["field"] != last_to):
            # A fog card turned over under an adventurer: a battle out of its owner's turn.
            say(f"A fog creature of {d['strength']} appeared under "
                f"{possessive(names[e.player], capital=False)} adventurer on {d['field']}.")
        elif e.kind == "roll" and e.player == seat:  # your own battle, step by step
            if "dice" in d:
                rolled = (f"fought with {_swords_words(d['swords'])} and rolled "
                          f"{listing(map(str, d['dice']))}" if d["swords"] else
                          "fought with no swords")
            else:
                rolled = f"paid a gold to reroll the {d['old']} and rolled {d['new']}"
            strength = f": strength {d['strength']}" if "strength" in d else ""
            say(f"{subject(names[seat])} {rolled}{strength}.")
        elif e.kind == "boost" and e.player == seat:
            if clauses or cards:
                flush()
            if "value" in d:
                paid["herbs"].append(d["value"])
            else:
                paid["gold"] += 1
            if "strength" in d:
                paid["strength"] = d["strength"]
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


def _card_words(field: str, terrain: str, creature: int | None) -> str:
    item = f"a fog creature of {creature}" if creature else ITEM_NAMES[TERRAIN_ITEMS[terrain]]
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
    #: What the tools are called in the menu (the values above stay short, for scripts).
    TOOL_WORDS = {"select": "select an adventurer: where can it go?", "herb": "herb (face down)",
                  "sword": "sword (face down)", "sprite": "water sprite",
                  "card turned over": "terrain card turned over (or back)",
                  "erase": "erase (take away what is on a field)"}

    def __init__(self, players: int = 2, **kwargs: Any) -> None:
        self.state = empty_position(players)
        self.reach: dict[str, int] = {}
        names = self.state.players
        self.tool = w.Dropdown(options=[
            (self.TOOL_WORDS.get(t, t.replace("creature", "fog creature")), t)
            for t in self.TOOLS] + [(f"{possessive(names[p])} adventurer", f"adventurer {p + 1}")
                                    for p in range(players)], description="Tool:")
        self.companions = w.BoundedIntText(
            value=0, min=0, max=28, description="Companions:",
            tooltip="how many companions an adventurer placed now brings along")
        self.moves = w.BoundedIntText(value=2, min=1, max=4, description="Moves:",
                                      tooltip="how many moves 'select' looks ahead")
        self.to_move = w.Dropdown(options=[(names[p], p) for p in range(players)],
                                  description="To move:")
        self.risk_toggle = w.Checkbox(False, description="Show risks and the best moves",
                                      indent=False, layout=w.Layout(width="auto"))
        self.message = message_label()
        self.advice = w.HTML()
        help_text = w.HTML(
            "<div class='dcw-editor-help' style='line-height:1.4'>Set up your table: "
            "choose in <b>Tool</b> what to "
            "place, then click fields (an adventurer brings the <b>Companions</b> number "
            "along; mark each field whose terrain card is already turned over, since what the "
            "next cards can bring depends on it). <b>select</b> shows where an adventurer "
            "can go; <b>Show risks</b> gives the exact risks of the next cards and the best "
            "moves for the player <b>To move</b>.</div>")
        # Never shrunk below readable text (10 px): it scrolls sideways on a phone instead.
        self.board = BoardView(min_text_px=10)
        self.board.layout.max_width = BOARD_MAX_WIDTH
        self.board.on_click(self._on_click)
        for control in (self.tool, self.companions, self.moves, self.to_move):
            control.style.description_width = "initial"
        self.to_move.observe(lambda _c: self._set_player(), names="value")
        self.risk_toggle.observe(lambda _c: self.refresh(), names="value")
        super().__init__([help_text, w.HBox([self.tool, self.companions, self.moves],
                                            layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.to_move, self.risk_toggle],
                                 layout=w.Layout(flex_flow="row wrap")),
                          self.message, self.board, self.advice], **kwargs)
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
                self.reach = reachable(s, field, moves=self.moves.value)
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
    left = "style='text-align:left'"
    rows = "".join(
        f"<tr><td {left}>{'★ ' if a.best else ''}{html.escape(action_words(a.action))}</td>"
        f"<td>{html.escape(approx(a.expected_points, 1))}</td>"
        f"<td>{html.escape(chance(a.risk.p_lost))}</td>"
        f"<td>{html.escape(chance(a.risk_now.p_lost) if a.risk_now else '-')}</td>"
        "</tr>" for a in advice[:8])
    return (f"<div class='dcw-holdings-title'>Best moves for {html.escape(name)}</div>"
            f"<table class='dcw-table'><thead><tr><th {left}>move</th><th>points expected</th>"
            "<th>lost before the next turn</th><th>lost where it stands now</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


#: The play widget of this game (GAMES[name].APP: the apps are registered with the games).
APP = AdventureLandApp
