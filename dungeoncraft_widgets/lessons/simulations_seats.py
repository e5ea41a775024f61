"""Samplers for the lesson on confidence intervals and tests, from the real engines.

- :func:`dubious_alliance_results`: who won each of many Dubious Alliance games played
  to the end by the engine's bots (``TemperamentBot``), seated at random;
- :func:`weapon_hands`: whether each first hand the engine deals holds a Weapon, hand
  after hand (four hands a game), to draw confidence intervals from.

>>> [len(r.seats) for r in dubious_alliance_results(2, ("honest", "liar", "hoarder"))]
[3, 3]
>>> weapon_hands(3, seed=0)
[False, True, False]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

__all__ = ["GameResult", "dubious_alliance_results", "weapon_hands"]


@dataclass(frozen=True)
class GameResult:
    """One finished game: the bots' ``seats`` (temperament by seat, seat 0 first in turn
    order) and the ``winner`` seat (None: nobody won)."""

    seats: tuple[str, ...]
    winner: int | None

    @property
    def winning_temperament(self) -> str | None:
        return None if self.winner is None else self.seats[self.winner]


def dubious_alliance_results(games: int, temperaments: tuple[str, ...] = (
        "honest", "liar", "hoarder", "honest"), seed: int = 0) -> list[GameResult]:
    """``games`` real games of Dubious Alliance (seeds ``seed``, ...), one bot of each
    entry of ``temperaments`` shuffled round the table with the game's seed, played to the
    end by the engine's own rules.

    >>> results = dubious_alliance_results(3)
    >>> all(r.winner is None or 0 <= r.winner < 4 for r in results)
    True
    """
    return list(_results(games, tuple(temperaments), seed))


@cache
def _results(games: int, temperaments: tuple[str, ...], seed: int) -> tuple[GameResult, ...]:
    from ..core.rng import Rng
    from ..dubious_alliance import new_game
    from ..dubious_alliance.bots import TemperamentBot

    out = []
    for g in range(seed, seed + games):
        seats = list(temperaments)
        Rng(g).shuffle(seats)
        state = new_game(len(seats), seed=g)
        bots = [TemperamentBot(t, seed=g * 31 + i) for i, t in enumerate(seats)]
        for _ in range(20_000):
            if state.is_over:
                break
            p = state.current_player
            state.apply(bots[p].choose(state.view(p), state.legal_actions()))
        out.append(GameResult(tuple(seats), state.winner()))
    return tuple(out)


def weapon_hands(hands: int, seed: int = 0) -> list[bool]:
    """For each of ``hands`` first hands the engine deals (4 cards a seat, 4 seats a
    game, games seeded ``seed``, ...): does it hold a Weapon?"""
    from .simulations import dubious_alliance_hands

    games = -(-hands // 4)
    dealt = [hand for game in dubious_alliance_hands(games, seed=seed) for hand in game]
    return [any("Weapon" in types for types in hand) for hand in dealt[:hands]]
