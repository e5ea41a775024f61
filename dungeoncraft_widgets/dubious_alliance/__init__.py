"""Dubious Alliance: hidden-card trading and bluffing among orc war chiefs (3 to 7 players).

Play with :func:`new_game`; actions are text such as ``"set cave_troll"``,
``"offer 2 a safe place to rest"``, ``"accept"``, ``"done"``, ``"use protection_scroll"``
(see :mod:`.rules` for the phases). Exact odds from one player's view, under a
stated model (:func:`round_model`), are in :mod:`.odds` (``chance_reveal_hurts``,
``chance_survive_round``, ``chance_reaches_goal`` for each chief,
``chance_round_outcome``, and ``claim_belief``: Bayes' rule on a claimant's record),
bots with temperaments in :mod:`.bots`
(``TemperamentBot``, ``tournament``), the table drawn in :mod:`.scene`
(``table_scene``), and :class:`RoundCalculator` (:mod:`.calculator`: a round's exact
odds typed in at a real table, keep or trade); all importable from here. The deck is
a reconstruction read from ``data/cards.json`` (:func:`load_deck`); pass ``deck=`` (a
path or dict in that format) to play with your own cards: it is read and checked at
once, and the game keeps the data itself (never the path), so a saved game reloads anywhere.

How the rulebook is read where it is open (each reading with the sentence it rests
on) is listed in :data:`RULE_NOTES` (:mod:`.rules`).

The folder: the actions in :mod:`.actions`; the deck's data model and loader in
:mod:`.data`; the state in :mod:`.rules`; the rulebook's questions as pure functions in
:mod:`.trading` (claims, who must accept, the Trade Tracker), :mod:`.active` (the powers
in force, the Armor and Weapon limits, the values) and :mod:`.effects` (the instruction
vocabulary: what each card's instructions do, when, and in which words).

>>> state = new_game(players=3, seed=7)
>>> state.current_player == state.order()[0]
True
>>> state.apply("set " + state.hands[state.current_player][0])[0].kind
'set'
"""

from __future__ import annotations

from ..core import Action
from ..core.lazy import lazy_attributes
from .actions import (
    ACTION_TYPES,
    Accept,
    Decline,
    Done,
    DrawPower,
    Force,
    Offer,
    Pass,
    SetCard,
    Use,
)
from .data import Card, Deck, PlayerCard, load_deck
from .rules import RULE_NOTES, UNKNOWN, DubiousAllianceState, new_game

PLAYER_COUNTS = (3, 4, 5, 6, 7)
MAX_ACTIONS = 20_000
CONFORMANCE_SEEDS = 2

__all__ = [
    "ACTION_TYPES", "CONFORMANCE_SEEDS", "MAX_ACTIONS", "PLAYER_COUNTS", "UNKNOWN", "Accept",
    "Card", "Decline", "Deck", "Done", "DrawPower", "DubiousAllianceState", "Force", "Offer",
    "Pass", "PlayerCard", "RULE_NOTES", "SetCard", "Use", "load_deck", "load_game", "new_game",
    "parse_action",
]


def load_game(text: str) -> DubiousAllianceState:
    """A game saved with ``state.to_json()``.

    >>> state = new_game(3, seed=2)
    >>> load_game(state.to_json()).to_json() == state.to_json()
    True
    """
    return DubiousAllianceState.from_json(text)


_LAZY = {"APP": "app", "chance_reveal_hurts": "odds", "chance_survive_round": "odds",
         "chance_someone_reaches_goal": "odds", "odds_summary": "odds",
         "chance_reaches_goal": "odds", "chance_round_outcome": "odds", "odds_report": "odds",
         "round_model": "odds", "claim_belief": "odds", "claim_record": "odds",
         "record_tally": "odds", "unseen_cards": "odds", "face_down_cards": "odds",
         "TemperamentBot": "bots", "tournament": "bots", "SEARCH": "bots", "search_bot": "bots",
         "play_game": "bots", "table_scene": "scene", "action_for_click": "scene",
         "DubiousAllianceApp": "app", "RoundCalculator": "calculator",
         "round_answers": "calculator"}


# The analysis (sympy, networkx), bots and widgets load on first use only: playing needs none.
__getattr__ = lazy_attributes(__name__, _LAZY)


def parse_action(text: str) -> Action:
    """An action from its text.

    >>> parse_action("offer 2 a safe place to rest")
    Offer(to=2, claim='a safe place to rest')
    """
    return DubiousAllianceState.parse_action(text)
