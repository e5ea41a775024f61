"""A tiny game that exists only to prove the engine protocol and its tests.

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

from dungeoncraft_widgets.core import Action, GameState, IllegalActionError, SaveFormatError

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
            self.record("draw", f"{self.players[p]} draws a card.", player=p)
            self.record("draw", f"{self.players[p]} draws the {card}.", player=p,
                        visible_to=(p,), card=card)
        elif isinstance(action, Play):
            self.hands[p].remove(action.card)
            self.table[p].append(action.card)
            self.record("play", f"{self.players[p]} plays the {action.card}.", player=p,
                        card=action.card)
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

    def components(self) -> Counter:
        cards = self.deck + [c for h in self.hands for c in h] + [c for t in self.table for c in t]
        return Counter(f"card {c}" for c in cards)


def new_game(players=2, seed=None) -> DemoState:
    return DemoState(players, seed)


def load_game(text: str) -> DemoState:
    return DemoState.from_json(text)


def parse_action(text: str) -> Action:
    return DemoState.parse_action(text)
