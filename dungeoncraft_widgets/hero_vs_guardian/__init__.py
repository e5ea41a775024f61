"""Hero versus Guardian: the whole game, its card data, dungeon mapping and bots.

>>> from dungeoncraft_widgets import hero_vs_guardian as hvg
>>> game = hvg.new_game(players=2, seed=3)
>>> game.players
('Hero', 'Guardian')
>>> hvg.parse_action("venture B2")
Venture(loc='B2')
>>> hvg.PLAYER_COUNTS
(2, 3, 4)

Modules: ``actions``; ``data`` (the card set and its loader; the shipped set is a
reconstruction); ``rules`` (the one state class: set-up, rounds, cards in play, save/load,
views; the positions for analysis); the rulebook's questions as pure functions in
``dungeon`` (geometry and the rulebook's numbers), ``scout_venture`` (modifiers, rolls,
captures, Sacrifice), ``rebuild_restock`` (the Guardian's Rebuild and Restock) and
``effects`` (Spells and Dungeon Effects); ``odds`` (exact Scout/Venture odds), ``belief``
(face-down rooms, exactly), ``graph`` (networkx dungeon mapping), ``bots``, ``scene``,
``app`` and ``calculator``.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.lazy import lazy_attributes
from .actions import ACTION_TYPES
from .data import CARDS_FORMAT, DEFAULT_CARDS, ROOM_TYPES, CardSet, load_cards
from .dungeon import LOCATIONS, MAX_ACTIONS, PLAYER_COUNTS
from .rules import (
    RULE_NOTES,
    HeroVsGuardianState,
    new_game,
    resolve_attempt_position,
    scout_venture_position,
)

#: Random playouts per player count in the generic conformance test (kept under ~30 s).
CONFORMANCE_SEEDS = 2  # one playout takes 2-7 s: the checks are quadratic in its length

__all__ = [
    "ACTION_TYPES", "CARDS_FORMAT", "CONFORMANCE_SEEDS", "DEFAULT_CARDS", "LOCATIONS",
    "MAX_ACTIONS", "PLAYER_COUNTS", "ROOM_TYPES", "RULE_NOTES", "CardSet", "HeroVsGuardianState",
    "load_cards", "load_game", "new_game", "parse_action", "resolve_attempt_position",
    "scout_venture_position",
]


def load_game(text: str) -> HeroVsGuardianState:
    """Load a game saved with ``state.to_json()``.

    >>> g = new_game(seed=2)
    >>> load_game(g.to_json()).to_json() == g.to_json()
    True
    """
    return HeroVsGuardianState.from_json(text)  # type: ignore[return-value]


def parse_action(text: str) -> Action:
    """Read an action from its text (``"scout A1"``, ``"order A03"``, ``"play T01 A03"``).

    >>> parse_action("play T04 -")
    Play(card='T04', target=None)
    >>> parse_action("play T04") == parse_action("play T04 -")
    True
    """
    return HeroVsGuardianState.parse_action(text)


_LAZY = {"APP": "app", "roll_odds": "odds", "location_odds": "odds", "best_order": "odds",
         "room_belief": "belief", "location_chance": "belief", "map_chance": "belief",
         "targetable_locations": "graph", "dungeon_graph": "graph",
         "most_likely_route": "graph", "HeroBot": "bots", "GuardianBot": "bots",
         "SEARCH": "bots", "search_bot": "bots",
         "dungeon_scene": "scene", "HeroVsGuardianApp": "app",
         "ScoutVentureCalculator": "calculator"}
# The analysis (sympy, networkx), bots and widgets load on first use only: playing needs none.
__getattr__ = lazy_attributes(__name__, _LAZY)
