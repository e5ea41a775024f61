"""Shared by every game, knows no game: the engine protocol, dice, scenes, bots."""

from .actions import Action, parse_action
from .engine import Event, GameState, normalize_players
from .errors import (
    ActionFailedError,
    DataFormatError,
    DungeoncraftError,
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
)
from .rng import Rng

__all__ = [
    "Action", "ActionFailedError", "DataFormatError", "DungeoncraftError", "Event", "GameState",
    "IllegalActionError", "InvalidArgumentError", "Rng", "SaveFormatError", "normalize_players",
    "parse_action",
]
