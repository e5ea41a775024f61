"""Adventure Land (HABA, 2015): the whole game, movement analysis and bots.

>>> from dungeoncraft_widgets import adventure_land as al
>>> game = al.new_game(players=2, seed=4)
>>> game.apply(game.legal_actions()[0]) is not None
True
>>> al.parse_action("move row:3 J3")
Move(origin='row:3', to='J3')
>>> al.PLAYER_COUNTS
(2, 3, 4)

Modules (the folder contract of CONTRIBUTING.md):

- ``actions``: the actions (``move FROM TO``, ``end``, ``swords 2,0``, ``gold``, ...);
- ``data``: the board (``Layout``, ``load_layout``) and the pieces (``load_pieces``); the
  shipped ``data/board.json`` and ``data/pieces.json`` are reconstructions, play with your
  own by ``new_game(layout=path, pieces=path)``;
- ``rules``: the engine, position editing (``empty_position``, ``place_item``, ...) and
  ``fight_position`` for simulations;
- the rulebook's questions as pure functions: ``movement`` (straight moves, the water
  sprite's path), ``battle`` (a battle's strength, the choices of swords), ``scoring``
  (what scores, at once and at the end);
- ``graph`` (networkx reachability), ``odds`` (exact fight odds, and the risks of the next
  cards from a live position: ``risk_map``, ``next_draws``, ``next_creature``,
  ``advise_moves``): each takes the position (a game or a view) first;
- ``bots`` (``GreedyBot``), ``scene`` (state -> drawing), ``app`` (the notebook widgets),
  ``calculator`` (``FightCalculator``).

``reachable``, ``fight_odds``, ``GreedyBot``, ``AdventureLandApp``, ... are also
importable from here; they load networkx/sympy/ipywidgets on first use only.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.lazy import lazy_attributes
from .actions import End, GiveUp, Gold, Herb, Move, Reroll, Swords
from .data import FIELDS, LANES, Layout, lanes_for, load_layout, load_pieces
from .rules import (
    MAX_ACTIONS,
    PLAYER_COUNTS,
    RULE_NOTES,
    AdventureLandState,
    fight_position,
    new_game,
    score_breakdown,
)

#: Random playouts per player count in the generic conformance test (kept under ~30 s).
CONFORMANCE_SEEDS = 2

__all__ = [
    "CONFORMANCE_SEEDS", "FIELDS", "LANES", "MAX_ACTIONS", "PLAYER_COUNTS", "RULE_NOTES",
    "AdventureLandState", "End", "GiveUp", "Gold", "Herb", "Layout", "Move", "Reroll", "Swords",
    "fight_position", "lanes_for", "load_game", "load_layout", "load_pieces", "new_game",
    "parse_action", "score_breakdown",
]


def load_game(text: str) -> AdventureLandState:
    """Load a game saved with ``state.to_json()``.

    >>> g = new_game(seed=2)
    >>> load_game(g.to_json()).to_json() == g.to_json()
    True
    """
    return AdventureLandState.from_json(text)  # type: ignore[return-value]


def parse_action(text: str) -> Action:
    """Read an action from its text (``"move E2 E9"``, ``"swords 2,0"``, ``"herb 4"``).

    >>> parse_action("swords 2,0")
    Swords(values=(2, 0))
    """
    return AdventureLandState.parse_action(text)


_LAZY = {"APP": "app", "fight_odds": "odds", "fight_advice": "odds", "risk_map": "odds",
         "next_draws": "odds", "next_creature": "odds", "advise_moves": "odds",
         "reachable": "graph",
         "straight_moves": "graph", "movement_graph": "graph", "GreedyBot": "bots",
         "SEARCH": "bots", "search_bot": "bots",
         "board_scene": "scene", "AdventureLandApp": "app", "PositionEditor": "app",
         "FightCalculator": "calculator"}


# The analysis (sympy, networkx), bots and widgets load on first use only: playing needs none.
__getattr__ = lazy_attributes(__name__, _LAZY)
