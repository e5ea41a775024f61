"""A tiny card game for the docs and the tests of core and widgets (not in ``GAMES``).

It exists to prove the engine protocol with the least rules: the doctests of
:mod:`.widgets.app` and :mod:`.core.display` play it, and the tests run it through
the same conformance checks as the five games.

Nine cards numbered 1-9 are shuffled into a deck. On a turn a player either
draws the top card into their hidden hand, or plays a card from their hand
onto the table for its value in points. The game ends when the deck and every
hand are empty. Face-down cards (deck, hands) are hidden in views.

It shows what a game provides for saves: ``state_schema``, the JSON Schema of
what ``_dump`` returns (core checks a save's positions against it before
``_restore`` sees them), and a ``_restore`` that checks what a schema cannot.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import sympy

from dungeoncraft_widgets.core import Action, GameState, IllegalActionError, SaveFormatError
from dungeoncraft_widgets.core.english import count, listing, possessive, says
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.core.scene import Rect, Scene, Text
from dungeoncraft_widgets.core.search import Budget, SearchGame, playable
from dungeoncraft_widgets.widgets.app import Choice, GameApp

PLAYER_COUNTS = (2, 3)
MAX_ACTIONS = 40
UNKNOWN = 0

_CARDS = {"type": "array", "items": {"type": "integer", "minimum": UNKNOWN, "maximum": 9},
          "maxItems": 9}


@dataclass(frozen=True)
class Draw(Action):
    verb = "draw"


@dataclass(frozen=True)
class Pass(Action):
    verb = "pass"


@dataclass(frozen=True)
class Play(Action):
    verb = "play"
    card: int


class DemoState(GameState):
    game_name = "demo"
    action_types = (Draw, Play, Pass)
    min_players, max_players = 2, 3
    state_schema = {
        "type": "object",
        "required": ["deck", "hands", "table", "turn"],
        "additionalProperties": False,
        "properties": {
            "deck": _CARDS,
            "hands": {"type": "array", "items": _CARDS, "minItems": 2, "maxItems": 3},
            "table": {"type": "array", "items": _CARDS, "minItems": 2, "maxItems": 3},
            "turn": {"type": "integer", "minimum": 0, "maximum": 10 * MAX_ACTIONS},
        },
    }

    def _setup(self) -> None:
        self.deck = list(range(1, 10))
        self.rng.shuffle(self.deck)
        self.record("shuffle", "The deck is shuffled.", visible_to=(), order=list(self.deck))
        self.hands: list[list[int]] = [[] for _ in self.players]
        self.table: list[list[int]] = [[] for _ in self.players]
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn % len(self.players)

    @property
    def is_over(self) -> bool:
        return not self.deck and not any(self.hands)

    def scores(self) -> tuple[int, ...]:
        return tuple(sum(t) for t in self.table)

    def _legal_actions(self) -> list[Action]:
        hand = self.hands[self.current_player]
        actions = ([Draw()] if self.deck else []) + [Play(c) for c in sorted(hand)]
        return actions or [Pass()]

    def _check(self, action: Action) -> None:
        if isinstance(action, Draw) and not self.deck:
            raise IllegalActionError("draw: the deck is empty")
        if isinstance(action, Play) and action.card not in self.hands[self.current_player]:
            raise IllegalActionError(f"play: card {action.card} is not in your hand")
        if isinstance(action, Pass) and (self.deck or self.hands[self.current_player]):
            raise IllegalActionError("pass: you may pass only when you can neither draw nor play")

    def _perform(self, action: Action) -> None:
        p = self.current_player
        if isinstance(action, Draw):
            card = self.deck.pop()
            self.hands[p].append(card)
            others = tuple(i for i in range(len(self.players)) if i != p)
            self.record("draw", f"{says(self.players[p], 'draw')} a card.", player=p,
                        visible_to=others)
            self.record("draw", f"{says(self.players[p], 'draw')} the {card}.", player=p,
                        visible_to=(p,), card=card)
            self.mark_irreversible("the card drawn has been seen")
        elif isinstance(action, Play):
            self.hands[p].remove(action.card)
            self.table[p].append(action.card)
            self.record("play", f"{says(self.players[p], 'play')} the {action.card}.",
                        player=p, card=action.card)
        else:
            self.record("pass", f"{says(self.players[p], 'pass')}.", player=p)
        self.turn += 1

    def _dump(self) -> dict:
        return {"deck": self.deck, "hands": self.hands, "table": self.table, "turn": self.turn}

    def _restore(self, data: dict) -> None:
        self.deck, self.hands = data["deck"], data["hands"]
        self.table, self.turn = data["table"], data["turn"]
        if len(self.hands) != len(self.players) or len(self.table) != len(self.players):
            raise SaveFormatError("demo: one hand and one table row per player")
        cards = [c for c in self.components().elements() if c != f"card {UNKNOWN}"]
        if len(cards) != len(set(cards)):
            raise SaveFormatError("demo: a card is in two places")

    def _hide(self, player: int | None) -> None:
        self.deck = [UNKNOWN] * len(self.deck)
        self.hands = [h if i == player else [UNKNOWN] * len(h) for i, h in enumerate(self.hands)]

    def hidden_zones(self, player: int | None) -> dict[str, list]:
        """The deck, and every hand but ``player``'s (GameState.hidden_zones)."""
        zones = {"deck": list(self.deck)}
        for i, hand in enumerate(self.hands):
            if i != player:
                zones[f"hand {i}"] = list(hand)
        return zones

    def components(self) -> Counter:
        cards = self.deck + [c for h in self.hands for c in h] + [c for t in self.table for c in t]
        return Counter(f"card {c}" for c in cards)


def new_game(players=2, seed=None) -> DemoState:
    return DemoState(players, seed)


def load_game(text: str) -> DemoState:
    return DemoState.from_json(text)


def parse_action(text: str) -> Action:
    return DemoState.parse_action(text)


# ------------------------------------------------------------------ the app
# ------------------------------------------------------------------ the search bot's hooks
def sample_hidden(view: DemoState, rng: Rng) -> DemoState:
    """A whole game the viewer cannot tell from ``view``: the cards it has not seen
    (not in its hand, not on the table), dealt at random into the deck and the others' hands."""
    game = view.copy()
    seen = set(game.hands[view.viewer]) | {c for t in game.table for c in t}
    unseen = [c for c in range(1, 10) if c not in seen]
    rng.shuffle(unseen)
    game.deck = [unseen.pop() for _ in game.deck]
    game.hands = [h if i == view.viewer else [unseen.pop() for _ in h]
                  for i, h in enumerate(game.hands)]
    return playable(game, rng.next64() >> 1)


def evaluate(state: DemoState, seat: int) -> float:
    """The seat's share of the points played and held; at the end, the result."""
    scores = state.scores()
    if state.is_over:
        top = max(scores)
        return 1 / scores.count(top) if scores[seat] == top else 0.0
    return (scores[seat] + sum(state.hands[seat])) / 45


def playout(state: DemoState, legal: list[Action], rng: Rng) -> Action:
    """Draw while there are cards to draw, then play the highest."""
    return legal[0] if isinstance(legal[0], Draw) else legal[-1]


SEARCH = SearchGame(name="demo_game", sample_hidden=sample_hidden, evaluate=evaluate,
                    playout=playout,
                    budgets={"easy": Budget(10, 5, heuristic=False, seconds=0.05),
                             "medium": Budget(40, 20, seconds=0.2),
                             "hard": Budget(200, 40, seconds=1.0)})


CARD_W, CARD_H, GAP = 46, 64, 8


class DemoApp(GameApp):
    """The demo game in a notebook: click a card of your hand to play it, the deck to
    draw; the question above the board offers the same with the exact odds.

    >>> from dungeoncraft_widgets.core.bots import RandomBot
    >>> app = DemoApp(new_game(["You", "Bot"], seed=1), bots={1: RandomBot(seed=2)})
    >>> app.question_view.value
    'Your hand is empty: draw the top card?'
    >>> [c.text for c in app.choices(app.view)]
    ['Draw the top card']
    """

    search_game = "demo_game"  # the Bots: levels search this game (core.search)

    def draw(self, view: DemoState) -> Scene:
        players = view.players
        scene = Scene(600, 110 + 90 * len(players), title="demo card game",
                      description=f"Deck: {count(len(view.deck), 'card')}.")
        scene.add(Rect("deck", 10, 30, CARD_W, CARD_H, rx=5, fill="#5c6bc0",
                       label=f"the deck, {count(len(view.deck), 'card')}",
                       tooltip="Draw the top card"))
        scene.add(Text("deck-count", 10 + CARD_W / 2, 30 + CARD_H / 2, str(len(view.deck)),
                       size=18, fill="#ffffff", weight="bold"))
        scene.add(Text("deck-title", 10, 14, "Deck", size=12, anchor="start", weight="bold"))
        mine = view.current_player == self.seat
        if mine and view.deck:
            scene.clickable.add("deck")
        for p, name in enumerate(players):
            y = 120 + 90 * p
            who = possessive(name)
            scene.add(Text(f"row-{p}", 10, y - 12, f"{who} hand and table "
                           f"({count(sum(view.table[p]), 'point')})", size=12, anchor="start",
                           weight="bold"))
            for i, card in enumerate(view.hands[p]):
                sid = f"hand-{card}" if p == self.seat else f"back-{p}-{i}"
                x = 10 + i * (CARD_W + GAP)
                face = card if card != UNKNOWN else None
                scene.add(Rect(sid, x, y, CARD_W, CARD_H, rx=5,
                               fill="#fff8e1" if face else "#5c6bc0",
                               label=f"your {face}" if face else "a face-down card",
                               tooltip=f"Play the {face} for {count(face, 'point')}"
                               if face else "face down"))
                if face:
                    scene.add(Text(f"{sid}-text", x + CARD_W / 2, y + CARD_H / 2, str(face),
                                   size=20, fill="#222222"))
                    if mine:
                        scene.clickable.add(sid)
            for i, card in enumerate(view.table[p]):
                x = 590 - CARD_W - i * (CARD_W + GAP)
                scene.add(Rect(f"table-{card}", x, y, CARD_W, CARD_H, rx=5, fill="#e8f5e9",
                               label=f"the {card} on the table"))
                scene.add(Text(f"table-{card}-text", x + CARD_W / 2, y + CARD_H / 2, str(card),
                               size=20, fill="#222222"))
            scene.add(Text(f"table-{p}-note", 590, y - 12, "played", size=10, anchor="end"))
        return scene

    def action_for_click(self, shape_id: str) -> Action | str | None:
        if shape_id == "deck":
            return Draw()
        return Play(int(shape_id.removeprefix("hand-")))

    def _unknown(self, view: DemoState) -> list[int]:
        """The cards the seat has not seen: any of them may be the deck's top card."""
        seen = set(view.hands[self.seat]) | {c for t in view.table for c in t}
        return [c for c in range(1, 10) if c not in seen]

    def question(self, view: DemoState) -> str | None:
        hand = view.hands[self.seat]
        if view.deck and hand:
            return "Draw the top card, or play a card from your hand for its points?"
        if view.deck:
            return "Your hand is empty: draw the top card?"
        if not hand:
            return "The deck and your hand are empty: pass your turn?"
        return None  # only plays are left: an ordinary move, made on the board

    def choices(self, view: DemoState) -> list[Choice]:
        hand = sorted(view.hands[self.seat])
        if not view.deck:
            return [] if hand else [Choice("Pass your turn", Pass())]
        if not hand:
            return [Choice("Draw the top card", Draw())]
        unknown = self._unknown(view)
        higher = sympy.Rational(sum(c > hand[-1] for c in unknown), len(unknown))
        out = [Choice("Draw the top card", Draw(), odds=higher, best=higher >= sympy.Rational(1, 2),
                      tooltip=f"The chance it is higher than your {hand[-1]}.")]
        out += [Choice(f"Play your {card} for {count(card, 'point')}", Play(card),
                       best=higher < sympy.Rational(1, 2) and card == hand[-1])
                for card in reversed(hand)]
        return out

    def holdings(self, view: DemoState) -> list[tuple[str, str]]:
        rows = [("Your hand", listing([f"the {c}" for c in sorted(view.hands[self.seat])])
                 or "nothing")]
        for p, name in enumerate(view.players):
            if p != self.seat:
                rows.append((f"{possessive(name)} hand", count(len(view.hands[p]), "card")
                             + " (face down)"))
        rows.append(("The deck", count(len(view.deck), "card")))
        return rows

    def bot_may_name(self, seat, action, chosen, known) -> bool:
        # A card played is face up on the table: the move chosen shows itself (the cards
        # it might have played instead stay unnamed: they are in its hidden hand).
        return action in known or (chosen and isinstance(action, Play))

    def moved_ids(self, events, view: DemoState) -> set[str]:
        return {f"table-{e.data['card']}" for e in events if e.kind == "play"} | {
            f"hand-{e.data['card']}" for e in events if e.kind == "draw" and "card" in e.data
            and e.data["card"] in view.hands[self.seat]}
