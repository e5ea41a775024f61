"""Dobbers in a notebook: race bots to the Key, or play Solo against the Solo cards.

``DobbersApp(players=["You", "Bot"], seed=None, solo=False, **options)`` shows the board
(the squares you can reach with the points left are lit, your way to the Key is drawn)
and beside it your cards: the points left this turn, each colour apart, your Hero and
Equipment, your tokens and hand, the Adventure and Challenge rows and the other players.

Play by clicking: a card of your hand plays it (Equipment: equip it, or more choices); a
piece of your Equipment uses it; a token spends it; an Adventure card asks first (what it
does to your next hand, exactly), then buys it into your discard pile or under a Location
on a lit square; a Challenge row card, then a lit square,
places it; a lit square travels there, and a square with a stack asks first, with the
exact chance of beating the stack (:func:`.odds.challenge_odds`). What the rules or a
card ask (Cull, choices, loot, Outwit on another player's turn) is asked in words above
the board, with a button per answer; when you could not pay for an Outwit you are not
asked. Anything refused says the rule. Options go to :func:`.rules.new_game` (``duel``,
``variant_a``, ``extra_challenges``, ``solo_method``, ...). Solo: the turn counter, what
the Solo cards did between your turns step by step, the rulebook's verdict at the end.

>>> app = DobbersApp(players=["You", "Bot"], seed=3)
>>> app.question(app.view)
'Choose your Hero: each has its own ability.'
>>> app.act("hero herb") and app.state.phase in ("start", "main")
True
>>> app.act("move Z9")
False
>>> app.message.value
"✗ move: there is no square 'Z9' on the board"
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as w
import networkx as nx
import sympy

from ..core.bots import Bot
from ..core.engine import Action, Event, GameState
from ..core.english import approx, count, listing, ordinal, says
from ..core.english import chance as english_chance
from ..core.errors import DungeoncraftError, InvalidArgumentError
from ..core.scene import Scene
from ..widgets.app import Choice, FinalSummary, GameApp, split_level
from ..widgets.board import BoardView
from .actions import (
    SLOTS,
    Arm,
    Buy,
    Challenge,
    Choose,
    Destroy,
    Draw,
    End,
    Equip,
    Fight,
    Forge,
    HeroChoice,
    Move,
    Outwit,
    Pass,
    Place,
    Play,
    Power,
    Skip,
    StartChoice,
    Token,
    Use,
)
from .bots import RaceBot
from .effects import describe_effects
from .graph import board_graph, path_to_key, reachable
from .odds import ChallengeOdds, challenge_odds, expected_turns, next_hand, your_cards
from .points import describe_points, hand_size, points_of
from .rules import SOLO_VERDICTS, DobbersState, new_game, verdict
from .scene import board_scene, cards_scene

__all__ = ["DobbersApp"]

PENDING_QUESTIONS = {
    "cull": "{src}: destroy a card from your hand or discard pile to draw one card?",
    "cull_draw": "{src}: you destroyed a card; draw a card from your personal deck?",
    "destroy_row": "{src}: destroy a card from the Adventure or Challenge row?",
    "retrieve": "{src}: which card of your discard pile goes back into your hand?",
    "discard": "{src}: which card of your hand do you discard?",
    "lose_equipment": "{src}: which piece of your Equipment do you lose?",
    "choice": "{src}: choose one of these results.",
    "loot": "You beat the stack: where does {card} go?",
    "solo_target": "A Solo card places a Creature: which Location gets it?",
}
# Log kinds whose runs (one player, one card each) the summary tells in one sentence.
RUN_VERBS = {"play": "play", "use": "use", "equip": "equip", "buy": "acquire"}
ZONE_WORDS = {"hand": "from your hand", "discard": "from your discard pile",
              "adventure": "from the Adventure row", "challenge": "from the Challenge row"}


class DobbersApp(GameApp):
    """Play Dobbers from seat 0 against RaceBots (see the module docstring)."""

    search_game: ClassVar[str | None] = "dobbers"  # the Bots: levels search this game

    def __init__(self, players: int | Sequence[str] = ("You", "Bot"), seed: int | None = None,
                 solo: bool = False, *, bots: Mapping[int, Bot] | str | None = None,
                 state: DobbersState | None = None, **options: Any) -> None:
        if state is None:
            names = [players] if isinstance(players, str) else players
            if solo:
                names = ["You"] if isinstance(names, int) else list(names)[:1]
            state = new_game(names if not isinstance(names, int) else names, seed=seed,
                             **options)
        if not isinstance(state, DobbersState):
            raise InvalidArgumentError("state must be a Dobbers game")
        bots, level = split_level(bots)  # "hard": the default bots, searching
        if bots is None:
            bots = {p: RaceBot(seed=p) for p in range(1, len(state.players))}
        self.selected: dict[str, Any] | None = None
        # A move of several squares is played a square at a time: where its first hop's
        # lines start, and its hops, so that "What just happened" tells the whole way.
        self._way_mark: int | None = None
        self._way: tuple[Action, ...] = ()
        self.cards_board = BoardView(min_text_px=10)
        self.odds_view = w.HTML()
        self.odds_view.add_class("dcw-dobbers-odds")
        self.solo_view = w.HTML()
        self.race_button = w.Button(description="Expected turns to the Key",
                                    tooltip="If you buy nothing more: an exact Markov chain "
                                            "over your deck (it may take a few seconds)",
                                    layout=w.Layout(width="auto"))
        self.race_button.on_click(lambda _b: self.show_expected_turns())
        self.race_view = w.HTML()
        self._race: tuple[int, str] | None = None
        self._click_map: dict[str, Action | str | Callable[[], Any]] = {}
        super().__init__(state, seat=0, bots=bots, bot_level=level)
        self.cards_board.on_click(self._on_board_click)
        self.side.children = [self.cards_board, self.odds_view, self.solo_view,
                              self.race_button, self.race_view]
        self.refresh()

    def _mine(self, view: DobbersState) -> bool:
        return (not view.is_over and view.current_player == self.seat
                and view.phase in ("main", "duel") and view.pending is None
                and view.window is None)

    def _reach(self, view: DobbersState) -> dict[str, int]:
        if not self._mine(view) or view.challenge is not None or view.phase != "main":
            return {}
        return self._memo("reach", lambda: reachable(view, self.seat))

    def _key_path(self, view: DobbersState):
        return self._memo("path", lambda: path_to_key(view, self.seat))

    def _path(self, view: DobbersState) -> list[str]:
        if view.position[self.seat] is None or view.is_over:
            return []
        return self._key_path(view).squares

    # ------------------------------------------------------------ drawing
    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, DobbersState)
        sel = self._valid_selection(view)
        targets = sel.get("targets", ()) if sel else ()
        if self._asked_square(view):
            targets = [card for zone, card in view.pending["options"] if zone == "square"]
        reach = {} if targets else self._reach(view)
        scene = board_scene(view, seat=self.seat, reach=reach, path=self._path(view),
                            targets=targets,
                            selected=sel.get("square") if sel else None)
        if view.current_player == self.seat and view.phase == "start":
            free = {a.letter for a in self.state.legal_actions()  # type: ignore[attr-defined]
                    if isinstance(a, StartChoice)}
            for letter in free:
                square = view.board.starts[letter]
                scene.clickable.add(f"sq-{square}")
                scene.find(f"sq-{square}").classes += ("highlight",)
        elif self._mine(view) and view.phase == "main" and view.challenge is None:
            # every square answers a click: one out of reach says why
            scene.clickable |= {f"sq-{s}" for s in view.board.squares}
        return scene

    def _cards(self, view: DobbersState) -> Scene:
        sel = self._valid_selection(view)
        clickable: set[str] = set()
        self._click_map = {}
        if self._mine(view):
            legal = self.state.legal_actions()
            playable = {str(a) for a in legal}
            clickable |= {f"hand-{i}" for i in range(len(view.hands[self.seat]))}
            for slot in SLOTS:
                if f"use {slot}" in playable:
                    clickable.add(f"slot-{self.seat}-{slot}")
            for i, token in enumerate(view.tokens[self.seat]):
                if f"token {token}" in playable:
                    clickable.add(f"token-{i}")
            if "power" in playable:
                clickable.add(f"hero-{self.seat}")
            if view.phase == "main" and view.challenge is None:
                clickable |= {f"adv-{i}" for i, c in enumerate(view.adventure_row)
                              if c and "cost" in view.cards[c]}
                clickable |= {f"row-{s}" for s in view.challenge_slots() if view.row_card(s)}
        costs = {i: view.buy_cost(self.seat, c) for i, c in enumerate(view.adventure_row)
                 if c and "cost" in view.cards[c] and view.heroes[self.seat]
                 and view.turn_player == self.seat}
        return cards_scene(view, seat=self.seat, clickable=clickable,
                           selected=sel.get("id") if sel else None, marks=self._marks(view),
                           costs=costs)

    def _marks(self, view: DobbersState) -> dict[str, str]:
        """What happened to each Adventure row slot since your last action."""
        marks: dict[str, str] = {}
        for e in self._events_since_mark():
            slot = e.data.get("slot")
            if slot is None or e.kind not in ("destroy", "reveal"):
                continue
            name = view.cards.name(e.data.get("card", ""))
            # "new", not a star: a ★ is kept for the recommended choice
            marks[f"adv-{slot}"] = f"✗ {name}" if e.kind == "destroy" else f"new {name}"
        return {k: v if len(v) <= 12 else v[:11] + "…" for k, v in marks.items()}

    def refresh(self) -> None:
        super().refresh()
        view = self.view
        self.cards_board.show(self._cards(view))
        self._show_odds(view)
        self._show_solo(view)

    def _flash(self) -> None:
        super()._flash()
        ids = self.moved_ids(self._events_since_mark(), self.view)
        if ids:
            self.cards_board.flash(ids)

    # ------------------------------------------------------------ clicks
    def _valid_selection(self, view: DobbersState) -> dict[str, Any] | None:
        if self.selected is None or not self._mine(view) or \
                self.selected.get("version") != self.version:
            self.selected = None
        return self.selected

    def _select(self, **what: Any) -> None:
        self.selected = dict(what, version=self.version)

    def action_for_click(self, shape_id: str) -> Action | str | None:
        view = self.state.view(self.seat)
        if view.is_over:
            raise InvalidArgumentError("the game is over: press New game to play again")
        if shape_id.startswith("sq-"):
            return self._square_click(view, shape_id[3:])
        if not self._mine(view):
            raise InvalidArgumentError("answer the question above first")
        if shape_id.startswith("hand-"):
            return self._hand_click(view, int(shape_id.split("-")[1]))
        if shape_id.startswith("slot-"):
            return Use(shape_id.rsplit("-", 1)[1])
        if shape_id.startswith("token-"):
            return Token(view.tokens[self.seat][int(shape_id.split("-")[1])])
        if shape_id.startswith("hero-"):
            return Power()
        if shape_id.startswith("adv-"):
            return self._adventure_click(view, int(shape_id.split("-")[1]))
        if shape_id.startswith("row-"):
            return self._row_click(view, shape_id[4:])
        return None

    def _asked_square(self, view: DobbersState) -> bool:
        """Whether a choice of a square is asked of the seat (a Solo card's Creature)."""
        return (view.pending is not None and view.pending["player"] == self.seat
                and any(zone == "square" for zone, _c in view.pending["options"]))

    def _square_click(self, view: DobbersState, square: str) -> Action | str | None:
        if self._asked_square(view):
            return Choose("square", square)
        if view.phase == "start":
            letter = view.board.squares[square].get("letter")
            if letter is None:
                raise InvalidArgumentError("choose one of the lit starting letters")
            return StartChoice(letter)
        sel = self._valid_selection(view)
        if sel and sel["kind"] in ("row", "adv", "hand"):
            if square not in sel["targets"]:
                raise InvalidArgumentError(f"{view.board.label(square)} cannot take that card: "
                                           "choose a lit square")
            self.selected = None
            return sel["actions"][square]
        here = view.position[self.seat]
        if square == here:
            raise InvalidArgumentError(f"your meeple is on {view.board.label(square)} already")
        reach = self._reach(view)
        if square not in reach:
            have = view.turn["blue"] + view.turn["red"]
            if square in view.board.neighbours[here]:
                cost = view.travel_cost(self.seat, here, square)
                raise InvalidArgumentError(
                    f"the shield to {view.board.label(square)} costs {cost} blue + red "
                    f"(negative Travel tokens included); you have {have}")
            cost = reachable(view, self.seat, travel_points=99).get(square)
            if cost is None:  # only past a stack: the stack is where a move stops
                raise InvalidArgumentError(
                    f"{view.board.label(square)} is beyond a Challenge stack: a move onto a "
                    "stack is a Challenge, and the way stops there")
            raise InvalidArgumentError(
                f"{view.board.label(square)} is out of reach this turn: the way there costs "
                f"{cost} blue + red; you have {have}")
        # the cheapest way there, as reachable() found it (a stack is never passed)
        gates = {s for s, stack in view.stacks.items() if stack and s != here}
        way = nx.dijkstra_path(board_graph(view.board), here, square,
                               weight=lambda u, v, d: None if u in gates else d["weight"])
        self._way_mark, self._way = len(self.state.log), tuple(Move(s) for s in way[1:])
        for step in way[1:-1]:
            if not self.act(Move(step)):
                return None
            if self.state.current_player != self.seat:
                return None
        view = self.state.view(self.seat)
        if view.stacks.get(square):
            self._select(kind="challenge", square=square, id=f"sq-{square}")
            return None
        return Move(square)

    def act(self, action: Any) -> bool:
        if action not in self._way:  # not a hop of the move being made
            self._way_mark, self._way = None, ()
        return super().act(action)

    def undo(self) -> bool:
        self._way_mark, self._way = None, ()
        return super().undo()

    def _events_since_mark(self) -> list[Event]:
        # the whole way of a move of several squares, not only its last hop
        start = self._mark if self._way_mark is None else min(self._mark, self._way_mark)
        return [e for e in self.state.log[start:] if self._visible(e)]

    def _hand_click(self, view: DobbersState, index: int) -> Action | str | None:
        hand = view.hands[self.seat]
        if not 0 <= index < len(hand):
            return None
        card = hand[index]
        if view.cards.type(card) == "Effect":
            return Play(card)
        legal = [a for a in self.state.legal_actions()
                 if isinstance(a, (Equip, Forge, Arm)) and a.card == card]  # type: ignore
        if len(legal) <= 1:
            return legal[0] if legal else Equip(card)
        targets = {a.square: a for a in legal if isinstance(a, Arm)}
        self._select(kind="hand", id=f"hand-{index}", card=card, targets=sorted(targets),
                     actions=targets, options=legal)
        return None

    def _adventure_click(self, view: DobbersState, slot: int) -> Action | str | None:
        card = view.adventure_row[slot]
        if card is None:
            return None
        legal = [a for a in self.state.legal_actions() if isinstance(a, Buy) and a.card == card]
        into_stacks = {a.square: a for a in legal if a.square is not None}
        if not legal:
            return Buy(card)   # refused: the engine says why
        # asked first, with what the card does to your next hand (what you pay for)
        self._select(kind="adv", id=f"adv-{slot}", card=card, targets=sorted(into_stacks),
                     actions=into_stacks, options=legal)
        return None

    def _row_click(self, view: DobbersState, slot: str) -> Action | str | None:
        legal = [a for a in self.state.legal_actions() if isinstance(a, Place) and a.row == slot]
        if not legal:
            card = view.row_card(slot)
            cost = view.cards[card]["cost"] if card else 0
            kind = "Location" if slot[0] == "L" else "Creature"
            if cost + view.penalty(self.seat, "influence") > view.turn["influence"]:
                raise InvalidArgumentError(
                    f"place: that {kind} costs {cost} Influence; you have "
                    f"{view.turn['influence']}")
            raise InvalidArgumentError(
                "place: a Location goes on an open Encounter square (one without a Location)"
                if kind == "Location" else
                "place: a Creature goes under a Location that has no cards under it")
        actions = {a.square: a for a in legal}
        self._select(kind="row", id=f"row-{slot}", slot=slot, targets=sorted(actions),
                     actions=actions, options=legal)
        return None

    def cancel(self) -> None:
        """Drop the card or square chosen (nothing is played)."""
        self.selected = None

    def play_everything(self) -> None:
        """Equip the Equipment in the hand that has an empty slot (nothing equipped is
        replaced), play every Effect card of the hand, use every Equipment not used yet,
        spend the positive tokens (stopping at any question a card asks)."""
        while self._mine(self.state.view(self.seat)):
            legal = self.state.legal_actions()
            equipped = self.state.equipped[self.seat]
            cards = self.state.cards
            step = next((a for a in legal if isinstance(a, Equip)
                         and not equipped.get(cards.type(a.card).lower())), None)
            step = step or next((a for kind in (Use, Play, Token) for a in legal
                                 if isinstance(a, kind)), None)
            if step is None or not self.act(step):
                return

    def _more_to_play(self, legal: list[Action]) -> bool:
        """Whether :meth:`play_everything` has something to do."""
        equipped, cards = self.state.equipped[self.seat], self.state.cards
        return any(isinstance(a, (Play, Use, Token)) or isinstance(a, Equip) and not
                   equipped.get(cards.type(a.card).lower()) for a in legal)

    # ------------------------------------------------------------ the question
    def question(self, view: GameState) -> str | None:
        assert isinstance(view, DobbersState)
        if view.is_over or view.current_player != self.seat:
            return None
        if view.phase == "hero":
            return "Choose your Hero: each has its own ability."
        if view.phase == "start":
            return "Choose where your meeple starts: click a lit letter on the board."
        if view.pending is not None:
            return self._pending_question(view)
        if view.window is not None:
            card = view.cards.name(view.window["card"])
            buyer = view.players[view.window["from"]]
            cost = view.cards[view.window["card"]]["cost"]
            return (f"{says(buyer, 'acquire')} {card} (cost {cost}). Play Outwit now to take it "
                    f"into your discard pile instead, paying {cost} Influence from your hand?")
        if view.phase == "duel":
            return (f"Duel! Your red + gold count: {view.duel_total()} now. Play cards and "
                    "use Equipment, then let your total stand.")
        if view.challenge is not None:
            square = view.challenge["square"]
            need = view.stack_needs(self.seat, square)
            red, gold = view.challenge_points(square)
            return (f"You committed to the Challenge on {view.board.label(square)}: it needs "
                    f"{need}; you bring {red + gold} red + gold. Play cards from your hand if "
                    "you can, then fight.")
        sel = self._valid_selection(view)
        if sel:
            return self._selection_question(view, sel)
        return ("Your turn: play cards, acquire cards, travel (click the board and your "
                "cards). When you are done, end the turn.")

    def _pending_question(self, view: DobbersState) -> str:
        pending = view.pending
        src = view.cards.name(pending.get("src", "")) if pending.get("src") else "A card"
        text = PENDING_QUESTIONS.get(pending["kind"], "{src} asks you to choose.")
        card = view.cards.name(pending.get("card", "")) if pending.get("card") else \
            "the card it leaves"
        if pending["kind"] == "discard" and pending.get("left", 1) > 1:
            text += f" ({count(pending['left'], 'card')} to discard)"
        return text.format(src=src, card=card)

    def _selection_question(self, view: DobbersState, sel: dict[str, Any]) -> str:
        if sel["kind"] == "challenge":
            odds = self._challenge_odds(view, sel["square"])
            need = ", ".join(str(n) for n in odds.need)
            have = sorted(set(odds.have.values()))
            return (f"Take on the Challenge on {view.board.label(sel['square'])}? The shield "
                    f"costs {odds.shield}; then, with every card you hold played, you bring "
                    f"{' or '.join(map(str, have))} red + gold; the stack needs "
                    + (f"{need}." if odds.known else f"one of {need} (its cards are face down)."))
        if sel["kind"] == "row":
            card = view.row_card(sel["slot"])
            kind = "Location" if sel["slot"][0] == "L" else "Creature"
            cost = view.cards[card]["cost"] if card else "?"
            where = "an open Encounter square" if kind == "Location" else \
                "a Location with no cards under it"
            name = view.cards.name(card) if card else kind
            return (f"Place {name} (the {kind} at {sel['slot']}, cost {cost} Influence, art "
                    f"side up) on {where}: click a lit square, or choose below.")
        name = view.cards.name(sel["card"])
        if sel["kind"] == "adv":
            where = ("into your discard pile, or under a Location with a Creature?"
                     if sel["targets"] else "into your discard pile?")
            return (f"Buy {name} for {view.buy_cost(self.seat, sel['card'])} Influence, "
                    f"{where} {self._buy_preview(view, sel['card'])}")
        return f"What do you do with {name}?"

    def _buy_preview(self, view: DobbersState, card: str) -> str:
        """What buying ``card`` into the discard pile does to the next hand, exactly: the
        expected points it brings of what the card gives most (``odds.next_hand`` with and
        without the card in the discard pile)."""
        mine = your_cards(view, self.seat)
        deck = sum(mine.deck.values())
        if deck >= mine.hand_size:
            return (f"Your deck still holds {count(deck, 'card')}: a card bought now first "
                    "reaches your hand after the next reshuffle.")
        info = view.cards[card]
        quantity, words = next(((q, w) for q, w, colours in (
            ("travel", "blue + red", ("blue", "red")), ("challenge", "red + gold", ("gold",)),
            ("influence", "Influence", ("influence",))) if any(info.get(c) for c in colours)),
            ("travel", "blue + red"))

        def mean(game: DobbersState) -> sympy.Rational:
            dist = next_hand(game, self.seat, quantity)
            return sum((v * p for v, p in dist.items()), sympy.Integer(0))

        with_card = view.copy()
        with_card.discards[self.seat].append(card)
        now, then = self._memo("buy-now:" + quantity, lambda: mean(view)), mean(with_card)
        return (f"Your deck runs out at the next Draw Phase, so it may come at once: your next "
                f"hand's expected {words} goes from {approx(now)} to "
                f"{approx(then)}.")

    def _challenge_odds(self, view: DobbersState, square: str) -> ChallengeOdds:
        return self._memo(f"odds:{square}", lambda: challenge_odds(view, self.seat, square))

    def choices(self, view: GameState) -> list[Choice]:
        assert isinstance(view, DobbersState)
        if view.is_over or view.current_player != self.seat:
            return []
        legal = self.state.legal_actions()
        if view.phase == "hero":
            return [Choice(f"{view.cards.name(a.hero)}: "  # type: ignore[attr-defined]
                           f"{_short_power(view.cards[a.hero].get('text', ''))}", a,
                           tooltip=view.cards[a.hero].get("text", ""))
                    for a in legal]
        if view.phase == "start":
            return [Choice(f"Start on {a.letter}", a) for a in legal]  # type: ignore
        if view.pending is not None:
            return [Choice(self._option_label(view, a), a) for a in legal]
        if view.window is not None:
            return [Choice(self.action_label(a), a) for a in legal]
        if view.phase == "duel":
            return [Choice("Play every card", self.play_everything),
                    Choice(f"Let my total ({view.duel_total()}) stand", End())]
        if view.challenge is not None:
            square = view.challenge["square"]
            red, gold = view.challenge_points(square)
            win = red + gold >= view.stack_needs(self.seat, square)
            out = []
            if self._more_to_play(legal):
                out.append(Choice("Play every card first", self.play_everything))
            out.append(Choice("Fight now: " + ("you win" if win else "you lose"), Fight(),
                              odds=sympy.Integer(int(win)), best=win))
            return out
        sel = self._valid_selection(view)
        if sel:
            if sel["kind"] == "challenge":
                odds = self._challenge_odds(view, sel["square"])
                # ★ only on a sure win: a Defeat costs the shield and squares back, which
                # no chance of winning below 1 is weighed against here
                return [Choice(f"Commit to the Challenge on {view.board.label(sel['square'])}"
                               f" (the shield costs {odds.shield}); your chance to win",
                               Challenge(sel["square"]), odds=odds.chance,
                               best=odds.chance == 1,
                               tooltip="The chance to win if you commit now and then play "
                                       "every card you hold. " + _defeat_words(odds)),
                        Choice("Not now", self.cancel)]
            return [Choice(self.action_label(a), a) for a in sel["options"]] + \
                [Choice("Cancel", self.cancel)]
        out = [Choice(self.action_label(a), a, tooltip=_destroy_words(view, a.card))
               for a in legal if isinstance(a, Destroy)]
        out += [Choice(self.action_label(a), a, tooltip="Once per turn, at any time while it "
                       "is in play (it is used too, if it was not yet)")
                for a in legal if isinstance(a, Draw)]
        if self._more_to_play(legal):
            out.append(Choice("Play every card and use your Equipment", self.play_everything,
                              tooltip="Equips the Equipment in your hand that has an empty "
                                      "slot (nothing equipped is replaced), plays every "
                                      "Effect card of your hand, uses every Equipment and "
                                      "spends your positive tokens"))
        out.append(Choice("End the turn (your hand goes to the discard pile, draw "
                          f"{hand_size(view.cards, view.heroes[self.seat])})", End()))
        return out

    def _option_label(self, view: DobbersState, action: Action) -> str:
        if isinstance(action, Skip):
            return "No, thank you"
        assert isinstance(action, Choose)
        zone, card = action.zone, action.card
        kind = view.pending["kind"]
        if kind == "choice":
            effects = view.pending["choices"][int(card) - 1]
            return f"Option {card}: " + describe_effects(view.cards, effects)
        if kind == "loot":
            return {"hand": "Into your hand", "discard": "Onto your discard pile",
                    "destroy": "Destroy it"}[zone]
        if zone == "slot":
            return f"Your {card}: {view.cards.name(view.equipped[self.seat][card])}"
        if zone == "draw":
            return f"Draw {count(int(card), 'card')}"
        if zone == "square":
            return view.board.label(card)
        if zone == "adventure":  # a position of the row (of two copies, that one)
            return (f"{view.cards.name(view.adventure_row[int(card) - 1])} (position {card}) "
                    "from the Adventure row")
        if zone == "challenge":
            return (f"{view.cards.name(view.row_card(card))} (art side up) at {card} of the "
                    "Challenge row")
        return f"{view.cards.name(card)} {ZONE_WORDS.get(zone, '')}".strip()

    # ------------------------------------------------------------ words
    def action_label(self, action: Action) -> str:
        cards, board = self.state.cards, self.state.board
        match action:
            case HeroChoice(hero=hero):
                return f"Choose {cards.name(hero)}"
            case StartChoice(letter=letter):
                return f"Start on {letter}"
            case Play(card=card):
                return f"Play {cards.name(card)}"
            case Equip(card=card):
                old = self.state.equipped[self.seat].get(cards.type(card).lower())
                if not old or old == card:  # (said after it is done: it is the one there)
                    return f"Equip {cards.name(card)}"
                return (f"Equip {cards.name(card)} in place of the {cards.name(old)} you "
                        "have equipped")
            case Forge(card=card, slot=slot):
                host = self.state.equipped[self.seat].get(slot)
                return f"Forge {cards.name(card)} under your {cards.name(host) if host else slot}"
            case Use(slot=slot):
                card = self.state.equipped[self.seat].get(slot)
                return f"Use {cards.name(card) if card else slot}"
            case Token(token=token):
                return f"Spend your {self.state.token_label(token)} token"
            case Power():
                return "Use your Hero's power"
            case Destroy(card=card):
                return f"Destroy {cards.name(card)} for its ability"
            case Draw(slot=slot):
                card = self.state.equipped[self.seat].get(slot)
                return f"Draw a card with {cards.name(card) if card else slot}"
            case Buy(card=card, square=None):
                return f"Buy {cards.name(card)} into your discard pile"
            case Buy(card=card, square=square):
                return f"Buy {cards.name(card)} and put it under the Location on " \
                       f"{board.label(square)}"
            case Place(row=row, square=square):
                kind = "Location" if row[0] == "L" else "Creature"
                return f"Place the {kind} at {row} on {board.label(square)}"
            case Arm(card=card, square=square):
                return f"Put {cards.name(card)} under the Location on {board.label(square)}"
            case Move(square=square):
                return f"Travel to {board.label(square)}"
            case Challenge(square=square):
                return f"Take on the Challenge on {board.label(square)}"
            case Fight():
                return "Fight"
            case Outwit(payment=payment):
                return "Outwit, paying with " + listing([cards.name(c) for c in payment])
            case Pass():
                return "Let it stand"
            case End():
                return "End the turn" if self.state.phase != "duel" else "Let my total stand"
            case Skip():
                return "No, thank you"
            case Choose(zone=zone, card=card):
                pending = self.state.pending
                if pending is not None and [zone, card] in pending["options"] \
                        and pending["player"] == self.seat:
                    return self._option_label(self.state, action)
                what = cards.name(card) if card in cards else board.label(card) \
                    if card in board.squares else card
                return f"Choose {what}" + (f" {ZONE_WORDS[zone]}" if zone in ZONE_WORDS else "")
        return str(action)

    def describe(self, view: GameState) -> str:
        assert isinstance(view, DobbersState)
        text = super().describe(view)
        if view.is_over:
            return text
        goal = SOLO_GOAL if view.solo else RACE_GOAL
        if view.phase in ("hero", "start"):
            return f"{text} {goal}{KEY_WAY}"
        board, limit = view.board, view.options["round_limit"]
        far = []
        for p, where in enumerate(view.position):
            if where is not None:
                moves = board.to_key.get(where, 0)
                who = "You are" if p == self.seat else f"{view.players[p]} is"
                far.append(f"{who} {count(moves, 'move')} from it" if moves else
                           f"{who} on it")
        where = "; ".join(far) + "." if far else ""
        if view.solo:
            stop = f" (the game stops after turn {limit})" if limit else ""
            return f"Solo Play, turn {view.turns[0] + 1}{stop}. {text} {goal} {where}"
        stop = f" of at most {limit}" if limit else ""
        return f"Round {view.round + 1}{stop}. {text} {goal} {where}"

    def summarize(self, events: list[Event], view: GameState) -> list[str]:
        """The log's lines, told short: a run of one player's plays (uses, equips,
        acquisitions, travels) is one sentence naming every card or square, a line repeated
        in a row is said once with how many times; "Bot's turn." goes (every line names its
        player), and so do the other players' reshuffles and your own "You end the turn"
        when the cards you drew follow: a bot's whole turn fits above the board (the log
        below keeps every line).

        >>> app = DobbersApp(seed=14)
        >>> bot = app.state.players.index("Bot")
        >>> events = [Event("play", "Bot plays Bottle Cap: 1 Influence.", bot,
        ...                 {"card": "bottle_cap"})] * 3 + [
        ...     Event("play", "Bot plays Helpful: 1 red and 1 Influence.", bot,
        ...           {"card": "helpful"}),
        ...     Event("move", "Bot travels to square T1 (2 points).", bot, {"square": "T1"}),
        ...     Event("move", "Bot travels to Encounter square 1 (1 point).", bot,
        ...           {"square": "E1"})]
        >>> app.summarize(events, app.view)
        ['Bot plays Bottle Cap (×3) and Helpful.', 'Bot travels to square T1, then \
Encounter square 1 (2 squares).']
        """
        assert isinstance(view, DobbersState)
        runs: list[list[Event]] = []
        notes: list[list[str]] = []  # a run's alignment bonuses and draws, said with it
        for i, e in enumerate(events):
            if e.kind == "turn" or e.kind == "shuffle" and e.player != self.seat:
                continue
            if e.kind == "end" and e.player == self.seat and any(
                    later.kind == "draw" and later.data.get("cards") for later in events[i + 1:]):
                continue  # "You draw Bottle Cap, ..." follows and says it
            if runs and runs[-1][0].kind in RUN_VERBS and e.player == runs[-1][0].player and (
                    e.kind == "bonus" or e.kind == "draw" and not e.data.get("cards")):
                notes[-1].append(e.text.split(": ", 1)[-1].rstrip(".") if e.kind == "bonus"
                                 else e.text.split(" ", 1)[-1].rstrip("."))
                continue
            if runs and _joins(runs[-1][0], e):
                runs[-1].append(e)
            else:
                runs.append([e])
                notes.append([])
        out: list[str] = []
        repeats: list[int] = []
        for run, said in zip(runs, notes, strict=True):
            text = run[0].text if len(run) == 1 else self._run_sentence(view, run)
            if said:  # "Bot plays Rot and Rally (bonuses: 2 gold; draws 1 card)."
                bonuses = [n for n in said if not n.startswith("draw")]
                parts = ([f"{'bonus' if len(bonuses) == 1 else 'bonuses'}: "
                          f"{', '.join(bonuses)}"] if bonuses else []) + [
                    n for n in said if n.startswith("draw")]
                text = f"{text.rstrip('.')} ({'; '.join(parts)})."
            if out and out[-1] == text:
                repeats[-1] += 1
                continue
            out.append(text)
            repeats.append(1)
        return [t if n == 1 else f"{t} (×{n})" for t, n in zip(out, repeats, strict=True)]

    def _run_sentence(self, view: DobbersState, run: list[Event]) -> str:
        """One sentence for a run of the same player's plays, uses, ... or travels."""
        name = view.players[run[0].player] if run[0].player is not None else "Someone"
        if run[0].kind == "move":
            squares = [view.board.label(e.data["square"]) for e in run]
            return (f"{says(name, 'travel')} to {', then '.join(squares)} "
                    f"({count(len(squares), 'square')}).")
        seen: dict[str, int] = {}
        for e in run:
            card = view.cards.name(e.data["card"]) if e.data.get("card") in view.cards \
                else str(e.data.get("card", "a card"))
            seen[card] = seen.get(card, 0) + 1
        names = [c if n == 1 else f"{c} (×{n})" for c, n in seen.items()]
        return f"{says(name, RUN_VERBS[run[0].kind])} {listing(names)}."

    def moved_ids(self, events: list[Event], view: GameState) -> set[str]:
        ids: set[str] = set()
        for e in events:
            square = e.data.get("square")
            if e.kind in ("move", "back", "start", "victory", "defeat") and e.player is not None:
                ids.add(f"meeple-{e.player}")
            if square and e.kind in ("place", "buy", "arm", "solo", "challenge", "setup"):
                ids.add(f"stack-{square}")
                ids.add(f"sq-{square}")
            if "slot" in e.data and e.kind in ("destroy", "reveal"):
                ids.add(f"adv-{e.data['slot']}")
        return ids

    def holdings(self, view: GameState) -> list[tuple[str, str]]:
        """Short rows beside the cards (which show the points, Equipment and hand)."""
        assert isinstance(view, DobbersState)
        me = self.seat
        if view.heroes[me] is None:
            return []
        hero = view.cards[view.heroes[me]]
        rows = [("Your Hero", f"{hero['name']}: {hero.get('text', '')}".strip(": "))]
        if view.tokens[me]:
            rows.append(("Tokens", listing([view.token_label(t) for t in view.tokens[me]])))
        rows.append(("Deck, discard", f"{len(view.decks[me])} and {len(view.discards[me])} "
                                      "cards"))
        for p, name in enumerate(view.players):
            if p == me or view.heroes[p] is None:
                continue
            where = view.board.label(view.position[p]) if view.position[p] else "no square"
            rows.append((f"{name} ({view.cards.name(view.heroes[p])})",
                         f"on {where}, {count(len(view.hands[p]), 'card')} in hand"))
        return rows

    def final_summary(self, view: GameState) -> FinalSummary:
        assert isinstance(view, DobbersState)
        board = view.board
        if view.winner is None:
            headline = "Nobody reached the Key: " + (
                "the game stopped at the round limit." if not view.solo else
                f"{count(view.turns[0], 'turn')} played.")
        elif view.solo:
            turns = view.turns[0] + 1
            headline = f"You reach the Key in {count(turns, 'turn')}! {verdict(turns)}"
        else:
            name = view.players[view.winner]
            how = " and wins the duel" if view.end_reason == "duel" else ""
            headline = f"{says(name, 'reach')} the Key first{how}: " + \
                f"{says(name, 'be')} the Hero of Dobberton!"
        order = sorted(range(len(view.players)), key=lambda p: (
            p != view.winner, board.to_key.get(view.position[p] or "", 99)))
        rows = []
        for place, p in enumerate(order, start=1):
            where = view.position[p]
            moves = board.to_key.get(where, 0) if where else 0
            rows.append((ordinal(place), view.players[p],
                         "the Key" if moves == 0 and where else f"{count(moves, 'move')} away",
                         view.turns[p] + (1 if p == view.winner else 0)))
        return FinalSummary(headline, ("Place", "Player", "Where", "Turns"), tuple(rows))

    # ------------------------------------------------------------ panels
    def _show_odds(self, view: DobbersState) -> None:
        if view.heroes[self.seat] is None or view.position[self.seat] is None or view.is_over:
            self.odds_view.value = ""
            return
        try:
            self.odds_view.value = self._memo("odds-panel", lambda: self._odds_html(view))
        except DungeoncraftError as exc:
            self.odds_view.value = f"<i>{html.escape(str(exc))}</i>"

    def _odds_html(self, view: DobbersState) -> str:
        me = self.seat
        path = self._key_path(view)
        parts = ['<div class="dcw-holdings-title">Exact odds</div>']
        stacks = path.stacks
        text = (f"Your way to the Key: {count(len(path.steps), 'move')}, "
                f"{path.shields} blue + red to travel")
        if stacks:
            need = path.needs
            shown = f"{need}" if need.q == 1 else f"{float(need):.1f} expected"
            text += (f", and {count(len(stacks), 'stack')} needing {shown} red + gold "
                     "between them")
        parts.append(f"<p>{html.escape(text)}.</p>")
        dist = next_hand(view, me, "travel")
        rows = []
        spent = 0
        for step in path.steps[:4]:
            spent += step.shield
            chance = sum((p for v, p in dist.items() if v >= spent), sympy.Integer(0))
            rows.append((f"{view.board.label(step.square)} ({spent})", english_chance(chance)))
            if step.need is not None:
                break
        body = "".join(f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td></tr>"
                       for a, b in rows)
        parts.append("<p>Your next hand (if you buy nothing more this turn) gives the blue + "
                     "red to reach:</p>"
                     f'<table class="dcw-table"><tbody>{body}</tbody></table>')
        if self._mine(view) and view.phase == "main" and view.challenge is None:
            here = view.position[me]
            lines = []
            for square in view.board.neighbours[here]:
                if view.stacks.get(square) and square in self._reach(view):
                    odds = self._challenge_odds(view, square)
                    lines.append(f"{view.board.label(square)}: {english_chance(odds.chance)}")
            if lines:
                parts.append("<p>Challenge now (then every card you hold played): "
                             + html.escape("; ".join(lines)) + "</p>")
        return "".join(parts)

    def _show_solo(self, view: DobbersState) -> None:
        if not view.solo or view.phase in ("hero",):
            self.solo_view.value = ""
            return
        turn = view.turns[0] + (0 if view.is_over and view.winner is None else 1)
        steps = [e.text for e in self._events_since_mark()
                 if e.player is None and e.kind in ("solo", "reveal", "destroy", "token", "draw")]
        parts = [f'<div class="dcw-holdings-title">Solo Play: turn {turn}</div>']
        if steps:
            items = "".join(f"<li>{html.escape(t)}</li>" for t in steps)
            parts.append(f"<p>Between your turns, step by step:</p><ol>{items}</ol>")
        band = verdict(max(1, turn))
        rows = "".join(
            f"<tr{' class=dcw-best' if text == band else ''}><td>"
            f"{'≤ ' + str(limit) if limit else '19 +'}</td><td>{html.escape(text.split(':', 1)[1])}"
            "</td></tr>" for limit, text in SOLO_VERDICTS)
        parts.append('<p>The verdict by the turns you take (this turn\'s band marked):</p>'
                     f'<table class="dcw-table dcw-verdicts"><tbody>{rows}</tbody></table>')
        self.solo_view.value = "".join(parts)

    def show_expected_turns(self) -> None:
        """Work out the expected number of turns to the Key (the race panel's button)."""
        view = self.state.view(self.seat)
        if view.is_over or view.position[self.seat] is None:
            self.race_view.value = "<i>There is no race to work out now.</i>"
            return
        try:
            race = expected_turns(view, self.seat)
        except DungeoncraftError as exc:
            # the library names its function ("expected_turns: ..."): a player needs only
            # the reason
            words = str(exc).split(": ", 1)[-1] if str(exc).startswith("expected_turns") \
                else str(exc)
            self.race_view.value = f"<p>No expected number of turns: {html.escape(words)}.</p>"
            return
        value = race.turns
        now = view.turns[self.seat] + 1
        text = ("Expected turns after this one, if you buy nothing more and never lose a "
                f"Challenge: {approx(value)}" if race.exact else
                "Expected turns after this one, if you buy nothing more and never lose a "
                f"Challenge: about {approx(value, places=1)} (not exact: {race.why})")
        if view.solo:
            total = now + value
            text += f"; the Key about turn {float(total):.1f}: {verdict(int(total + 0.5))}"
        self.race_view.value = f"<p>{html.escape(text)}</p>"

    # ------------------------------------------------------------ bots and Outwit
    def _run_bots(self) -> None:
        """The bots play; an Outwit you could not pay for is passed for you (every player
        with cards is asked, so passing reveals nothing)."""
        while True:
            super()._run_bots()
            state = self.state
            if state.is_over or state.current_player != self.seat or state.window is None:
                return
            if any(not isinstance(a, Pass) for a in state.legal_actions()):
                return
            state.apply(Pass())


def _joins(first: Event, event: Event) -> bool:
    """Whether ``event`` continues the run that ``first`` began (see ``summarize``)."""
    if event.kind != first.kind or event.player != first.player:
        return False
    what = "square" if event.kind == "move" else "card"
    return (event.kind == "move" or event.kind in RUN_VERBS) and what in event.data \
        and what in first.data


RACE_GOAL = "Goal: be the first to reach the Key (the yellow square marked KEY)."
SOLO_GOAL = ("Goal: reach the Key (the yellow square marked KEY) in as few turns as you "
             "can: 13 or less is the best verdict.")
KEY_WAY = (" Each move pays the shield on its path in blue (or red) points; a square with a "
           "Challenge stack must be beaten with red + gold.")


def _short_power(text: str) -> str:
    """A Hero's power, short enough for two buttons a row: its flavour name goes (the
    tooltip keeps the whole text), and the two long stock phrases are said briefly.

    >>> _short_power("Knows the Wild: counts as a Wild card in play for alignment bonuses.")
    'counts as a Wild card for alignment bonuses.'
    >>> _short_power("Steady: counts as having a Travel Item equipped at Locations.")
    'has a Travel Item at every Location.'
    """
    name, _, rest = text.partition(": ")
    power = rest if rest and "per turn" not in name else text
    power = re.sub(r"^counts as (a \w[\w ]*?) card in play for alignment bonuses",
                   r"counts as \1 card for alignment bonuses", power)
    return re.sub(r"^counts as having (an? \w+ Item) equipped at Locations",
                  r"has \1 at every Location", power)


def _defeat_words(odds: ChallengeOdds) -> str:
    """What losing the Challenge costs, from its exact cases."""
    lose = 1 - odds.chance
    if lose == 0:
        return "You cannot lose it."
    backs = sorted({max(1, c.back) for c in odds.cases
                    if odds.have.get(c.immune, 0) < c.need})
    back = (f"{count(backs[0], 'square')}" if len(backs) == 1 else
            f"{backs[0]} to {backs[-1]} squares") if backs else "one square"
    return (f"If you lose ({english_chance(lose)}): the shield's {odds.shield} travel points "
            f"are spent all the same, you go back {back} the way you came, and the stack's "
            "Defeat text may take Equipment.")


def _destroy_words(view: DobbersState, card: str) -> str:
    ability = view.cards[card].get("destroy", {})
    gives = points_of(ability)
    parts = [describe_points(gives)] if gives else []
    if ability.get("effects"):
        parts.append(describe_effects(view.cards, ability["effects"]))
    return f"Destroying {view.cards.name(card)} (out of the game) gives: " + \
        (listing(parts) or "nothing more")


#: The play widget of this game (GAMES[name].APP: the apps are registered with the games).
APP = DobbersApp
