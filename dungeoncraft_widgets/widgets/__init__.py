"""Views: widgets that translate between a game state and the browser."""

from .board import BoardEvent, BoardView, LogView

__all__ = ["BoardEvent", "BoardView", "LogView"]
