"""Bots: anything with ``choose(view, legal) -> action``.

A bot sees only ``state.view(player)`` (what its seat may see) and the list of
legal actions, so it cannot cheat. :func:`play_bots` runs the bots' turns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from .checks import game_state, shown, whole_number
from .engine import Action, GameState
from .errors import InvalidArgumentError
from .rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded RNG.

    >>> RandomBot(seed=1).name
    'Random'
    """

    name = "Random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        choices = list(legal)
        if not choices:
            raise InvalidArgumentError("legal: there is no legal action to choose from")
        return self.rng.choice(choices)


def play_bots(state: GameState, bots: Mapping[int, Bot], max_actions: int = 100_000) -> int:
    """Apply the bots' actions while a bot is to act; returns how many were applied.

    Stops when the game is over or a seat without a bot (a person) is to act.
    """
    game_state(state, GameState)
    if not isinstance(bots, Mapping) or not all(callable(getattr(b, "choose", None))
                                                for b in bots.values()):
        raise InvalidArgumentError(f"bots must map seats to bots (each with a choose method), "
                                   f"not {shown(bots)}")
    whole_number(max_actions, "max_actions", minimum=0)
    done = 0
    while not state.is_over and done < max_actions:
        player = state.current_player
        if player is None or player not in bots:
            break
        legal = state.legal_actions()
        state.apply(bots[player].choose(state.view(player), legal))
        done += 1
    return done
