"""Dobbers: Quest for the Key: the deck-building race to the Key, for 1 to 4 players.

>>> from dungeoncraft_widgets import dobbers
>>> game = dobbers.new_game(["You", "Bot"], seed=3)
>>> dobbers.parse_action("buy silver")
Buy(card='silver', square=None)
>>> dobbers.PLAYER_COUNTS
(1, 2, 3, 4)

Modules: ``actions``; ``data`` (the card set and the board, their formats and loaders;
the shipped files are reconstructions); ``rules`` (the state: set-up, turns, legal
actions, one method per action, the queue, save/load, views; ``position`` builds a
position for analysis); the rulebook's questions as functions of plain data: ``points``
(what cards give and cost, alignment bonuses, tokens), ``challenge`` (what a stack needs
and takes), ``travel`` (move costs, the trail), ``deal`` (set-up), ``effects`` (the effect
vocabulary and the questions it asks); ``bots``; analysis, each taking a game, a view or a
position first: ``sight`` (what a player has seen of the cards), ``graph`` (networkx:
``reachable``, ``path_to_key``) and ``odds`` (exact: ``next_hand``, ``draw_chance``,
``challenge_odds``, ``next_challenge``, ``stack_cases``, ``expected_turns``); in a notebook:
``scene``, ``app`` (``DobbersApp``) and ``calculator`` (``DobbersCalculator``: a position
set up at a real table by clicking, its exact odds and what to buy). How the rulebook is
read where it is open: ``RULE_NOTES``.

>>> dobbers.DobbersApp.__name__, dobbers.path_to_key(dobbers.position(at="E11")).squares
('DobbersApp', ['E11', 'T15', 'E12'])
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.lazy import lazy_attributes
from .data import (
    BOARD_FORMAT,
    CARDS_FORMAT,
    DEFAULT_BOARD,
    DEFAULT_CARDS,
    Board,
    CardSet,
    card_back,
    load_board,
    load_cards,
    parse_back,
)
from .rules import (
    DEFAULT_ROUND_LIMIT,
    DEFAULT_SOLO_TURNS,
    MAX_ACTIONS,
    PLAYER_COUNTS,
    RULE_NOTES,
    DobbersState,
    new_game,
    position,
    verdict,
)

#: Random playouts per player count in the generic conformance test (kept short: a random
#: game runs to the round limit, and the checks are quadratic in its length).
CONFORMANCE_SEEDS = 1

__all__ = [
    "BOARD_FORMAT", "CARDS_FORMAT", "CONFORMANCE_SEEDS", "DEFAULT_BOARD", "DEFAULT_CARDS",
    "DEFAULT_ROUND_LIMIT", "DEFAULT_SOLO_TURNS", "MAX_ACTIONS", "PLAYER_COUNTS", "RULE_NOTES",
    "Board", "CardSet", "DobbersState", "card_back", "load_board", "load_cards", "load_game",
    "new_game", "parse_action", "parse_back", "position", "verdict",
]


def load_game(text: str) -> DobbersState:
    """Load a game saved with ``state.to_json()``.

    >>> g = new_game(seed=2)
    >>> load_game(g.to_json()).to_json() == g.to_json()
    True
    """
    return DobbersState.from_json(text)  # type: ignore[return-value]


def parse_action(text: str) -> Action:
    """Read an action from its text (``"play silver"``, ``"place L2 E5"``, ``"use weapon"``).

    >>> parse_action("place L2 E5")
    Place(row='L2', square='E5')
    """
    return DobbersState.parse_action(text)


_LAZY = {"APP": "app", "RaceBot": "bots", "SEARCH": "bots", "search_bot": "bots",
         "DobbersApp": "app", "board_graph": "graph",
         "reachable": "graph", "path_to_key": "graph", "hand_points": "odds",
         "next_hand": "odds", "next_hand_chance": "odds", "draw_chance": "odds",
         "challenge_odds": "odds", "stack_cases": "odds", "expected_turns": "odds",
         "fewest_cards": "odds",
         "next_challenge": "odds", "turn_points": "odds", "DobbersCalculator": "calculator"}
# The bots, the analysis and the widgets load on first use only: playing needs none of them.
__getattr__ = lazy_attributes(__name__, _LAZY)
