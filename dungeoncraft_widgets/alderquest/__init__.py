"""AlderQuest: the match-3 rune Board and the minion Battlefield as one engine.

>>> from dungeoncraft_widgets import alderquest as aq
>>> game = aq.new_game(players=2, seed=4)
>>> game.players, game.phase
(('Red', 'Blue'), 'faction')
>>> aq.parse_action("move T01 ^b3")
Move(minion='T01', to='^b3')
>>> aq.PLAYER_COUNTS
(2, 3, 4)

Modules: ``actions`` (the actions, whose text parses back), ``data`` (the card and
board data model and its loaders; the shipped files are a reconstruction, load your own
with ``load_cards`` / ``load_boards``), ``rules`` (the one state class: set-up, the turn,
performing actions, saving and views), the rulebook's questions as pure functions that
the engine, the analysis, the bots and the app all ask: ``matching`` (the Matching Board:
matches, gravity and the cascade, on any position), ``battlefield`` (the Battlefield's
spaces, movement, tiles) and ``effects`` (what cards do: the effect vocabulary);
``bots`` (``MatchBot``, ``TributeBot``, and ``search_bot``: the search bot of
``core.search`` at easy, medium or hard), ``odds`` (exact Board and tile odds:
``best_drops``, ``move_odds``, ``reveal_odds``, ``tile_odds``, ``snowflake_race``),
``graph`` (the Battlefield as a networkx graph: ``minion_reach``, ``turns_to_tribute``,
``threats``), ``scene`` and ``app`` (``AlderQuestApp``: play in a notebook) and
``calculator`` (``AlderQuestCalculator``: a Matching Board typed in at a real table, its
exact odds). How the rulebook is read where it is open: :data:`RULE_NOTES`.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.lazy import lazy_attributes
from .actions import ACTION_TYPES
from .data import (
    BOARDS_FORMAT,
    CARDS_FORMAT,
    DEFAULT_BOARDS,
    DEFAULT_CARDS,
    Boards,
    CardSet,
    load_boards,
    load_cards,
)
from .matching import Board, CascadeResult, Match, cascade, find_matches
from .rules import (
    MAX_ACTIONS,
    PLAYER_COUNTS,
    RULE_NOTES,
    AlderQuestState,
    new_game,
    position,
)

#: Random playouts per player count in the generic conformance test (kept to a few seconds).
CONFORMANCE_SEEDS = 1
#: Random playouts run to thousands of actions: the whole-state checks run on the first
#: steps and then on steps numbered by powers of two (see tests/conformance.py).
CONFORMANCE_FULL_STEPS = 150

__all__ = [
    "ACTION_TYPES", "BOARDS_FORMAT", "CARDS_FORMAT", "CONFORMANCE_FULL_STEPS", "CONFORMANCE_SEEDS",
    "DEFAULT_BOARDS",
    "DEFAULT_CARDS", "MAX_ACTIONS", "PLAYER_COUNTS", "RULE_NOTES", "AlderQuestState", "Board",
    "Boards", "CardSet", "CascadeResult", "Match", "cascade", "find_matches", "load_boards",
    "load_cards", "load_game", "new_game", "parse_action", "position",
]


def load_game(text: str) -> AlderQuestState:
    """Load a game saved with ``state.to_json()``.

    >>> g = new_game(seed=2)
    >>> load_game(g.to_json()).to_json() == g.to_json()
    True
    """
    return AlderQuestState.from_json(text)  # type: ignore[return-value]


def parse_action(text: str) -> Action:
    """Read an action from its text (``"drop T A"``, ``"use maggie"``, ``"choose C2:C3"``).

    >>> parse_action("drop T A")
    Drop(rune='T', column='A')
    >>> parse_action("choose C2:C3")
    Choose(target='C2:C3')
    """
    return AlderQuestState.parse_action(text)


_LAZY = {"APP": "app", "MatchBot": "bots", "TributeBot": "bots", "AlderQuestApp": "app",
         "SEARCH": "bots", "search_bot": "bots",
         "Position": "odds", "move_odds": "odds", "best_drops": "odds", "reveal_odds": "odds",
         "tile_odds": "odds", "trap_chance": "odds", "snowflake_race": "odds",
         "battlefield_graph": "graph", "minion_reach": "graph", "turns_to_tribute": "graph",
         "threats": "graph", "board_scene": "scene", "battlefield_scene": "scene",
         "AlderQuestCalculator": "calculator"}
# The bots, the analysis and the widgets load on first use only: playing needs none of them.
__getattr__ = lazy_attributes(__name__, _LAZY)
