"""Views: widgets that translate between a game state and the browser."""

from .app import Choice, FinalSummary, GameApp
from .board import BoardEvent, BoardView, LogView
from .panels import LiveCalculator, NumberField

__all__ = ["BoardEvent", "BoardView", "Choice", "FinalSummary", "GameApp", "LiveCalculator",
           "LogView", "NumberField"]
