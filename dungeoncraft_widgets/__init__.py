"""Jupyter widgets, engines and exact odds for five tabletop games.

``GAMES`` maps each implemented game's name to its module; every module offers
``new_game(players=..., seed=...)``, ``load_game(text)`` and ``parse_action(text)``.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from types import ModuleType

try:
    __version__ = version("dungeoncraft_widgets")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

# Games are added here as they are implemented (names fixed by the foundation issue:
# adventure_land, hero_vs_guardian, dubious_alliance, dobbers, alderquest).
GAME_NAMES: tuple[str, ...] = ("adventure_land", "hero_vs_guardian", "dubious_alliance", "dobbers",
                               "alderquest")

GAMES: dict[str, ModuleType] = {
    name: importlib.import_module(f"{__name__}.{name}") for name in GAME_NAMES
}

__all__ = ["GAMES", "GAME_NAMES", "__version__"]
