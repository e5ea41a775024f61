"""Samplers for the Markov-chain lesson, run through the games' own rules.

- :func:`battlefield_moves`: where a minion on an AlderQuest Battlefield space may move
  next, as the engine's :func:`~dungeoncraft_widgets.alderquest.battlefield.destinations`
  answers (a lone minion: no other minion, no Hero in reach);
- :func:`minion_walks`: minions moving at random, one legal move after another, until
  they climb into the Great Tree: how many moves, and where they climbed;
- :func:`dobbers_races`: the race to the Key played in the Dobbers engine by a racer who
  buys nothing: the turns it takes.

>>> sorted(battlefield_moves("a1"))
['a2', 'b1']
>>> walks = minion_walks("c2", runs=3, seed=0)
>>> all(w.moves >= 1 and w.tree.startswith("^") for w in walks)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..core.errors import InvalidArgumentError

__all__ = ["Walk", "alderquest_until_winter_nears", "battlefield_moves", "battlefield_spaces",
           "dobbers_races", "minion_walks"]


@cache
def _field():
    from ..alderquest.battlefield import Field
    from ..alderquest.data import load_boards
    return Field(load_boards())


def battlefield_spaces() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the ground spaces, the canopy spaces of the Great Tree), as the engine names them.

    >>> ground, canopy = battlefield_spaces()
    >>> len(ground), canopy
    (24, ('^b3', '^c2', '^c4', '^d3'))
    """
    field = _field()
    return tuple(field.ground), tuple(field.canopy)


@cache
def battlefield_moves(space: str) -> tuple[str, ...]:
    """The spaces a lone basic minion on ``space`` may move to next (normal moves: to an
    adjacent space, or up into the canopy from directly below), in the engine's order.

    >>> battlefield_moves("c2")
    ('c1', 'b2', 'd2', '^c2')
    """
    from ..alderquest.battlefield import destinations

    field = _field()
    if space not in field.ground and space not in field.canopy:
        raise InvalidArgumentError(f"battlefield_moves: {space!r} is no space of the "
                                   f"Battlefield (a1 ... e5, or ^b3, ^c2, ^c4, ^d3)")
    return tuple(destinations(field, {}, {}, space, 0, None, False, {}))


@dataclass(frozen=True)
class Walk:
    """One random walk: the ``path`` of spaces from the start, the number of ``moves``
    and the canopy space where the minion climbed into the ``tree``."""

    path: tuple[str, ...]

    @property
    def moves(self) -> int:
        return len(self.path) - 1

    @property
    def tree(self) -> str:
        return self.path[-1]


def minion_walks(start: str, runs: int = 1000, seed: int = 0) -> list[Walk]:
    """``runs`` minions leaving ``start``, each moving to one of the legal next spaces
    (:func:`battlefield_moves`) chosen at random with equal chances, until it climbs into
    the Great Tree. Seeded with the library's own random generator.

    >>> [w.moves for w in minion_walks("b3", runs=5, seed=1)]
    [43, 1, 15, 41, 51]
    """
    from ..core.rng import Rng

    _ground, canopy = battlefield_spaces()
    battlefield_moves(start)
    walks = []
    for run in range(runs):
        rng = Rng(seed * 1_000_003 + run)
        path = [start]
        while path[-1] not in canopy:
            path.append(rng.choice(battlefield_moves(path[-1])))
        walks.append(Walk(tuple(path)))
    return walks


def alderquest_until_winter_nears(matched: int = 2, seed: int = 0):
    """A real 2-player AlderQuest game played by two bots (``MatchBot``) until ``matched``
    Snowflakes are matched (or the game is over): the game, at that moment.

    >>> game = alderquest_until_winter_nears(1, seed=0)
    >>> len(game.snowflakes) >= 1
    True
    """
    from ..alderquest import new_game
    from ..alderquest.bots import MatchBot

    game = new_game(2, seed=seed)
    bots = {0: MatchBot(seed=seed), 1: MatchBot(seed=seed + 1000)}
    while len(game.snowflakes) < matched and not game.is_over:
        who = game.current_player
        game.apply(bots[who].choose(game.view(who), game.legal_actions()))
    return game


# ----------------------------------------------------------------------- Dobbers
def _settle(game) -> None:
    while game.pending is not None:
        game.apply(game.legal_actions()[0])


def _race_turn(game, p: int) -> None:
    """One turn of a racer who buys nothing: equip every Equipment card of the hand
    (the core deck's Kit and Knife: an empty slot each), play every Effect, use every
    slot, travel as far as the points pay (as the engine pays), then end the turn."""
    _settle(game)
    for card in [c for c in game.hands[p] if game.cards.type(c) in ("Weapon", "Item")]:
        game.apply(f"equip {card}")
        _settle(game)
    for card in [c for c in game.hands[p] if game.cards.type(c) == "Effect"]:
        game.apply(f"play {card}")
        _settle(game)
    for slot in ("weapon", "item"):
        if game.equipped[p].get(slot):
            game.apply(f"use {slot}")
    while not game.is_over:
        here = game.position[p]
        ahead = game.board.route_to_key(here)[1]
        cost = game.travel_cost(p, here, ahead)
        if cost > game.turn["blue"] + game.turn["red"] or game.stacks.get(ahead):
            break
        game.apply(f"move {ahead}")
    if not game.is_over:
        game.apply("end")
        _settle(game)


def _redeal(game, p: int) -> None:
    """The house rule of a deck that forgets: the hand just drawn, the deck and the
    discard pile are shuffled together and a new hand of the same size is dealt."""
    size = len(game.hands[p])
    pool = game.decks[p] + game.discards[p] + game.hands[p]
    game.rng.shuffle(pool)
    game.hands[p], game.decks[p], game.discards[p] = pool[:size], pool[size:], []


def dobbers_races(hero: str = "brindle", at: str = "E9", runs: int = 100, seed: int = 0, *,
                  reshuffle_every_turn: bool = False) -> list[int]:
    """The turns the Dobbers engine takes to bring ``hero``, standing at ``at`` with the
    core deck (the hand just played: the turn ends now), to the Key, ``runs`` times: a
    real 2-player game (the other player only ends their turns), every shuffle the
    engine's. The racer plays every card and travels as far as it can; it buys nothing.
    ``reshuffle_every_turn``: the house rule of a deck that forgets (every hand is dealt
    from all the cards not equipped, freshly shuffled; Equipment on the Hero stays).

    >>> dobbers_races(runs=3)
    [5, 5, 6]
    """
    from ..core.rng import Rng
    from ..dobbers import position

    out = []
    for run in range(runs):
        game = position(2, seed=seed + run, heroes=[hero], hand=[], at=at, trail=[at])
        if game.turn_player != 0:   # the Hero goes to the seat that plays first
            game = position(2, seed=seed + run, heroes=[None, hero], hand=[], at=at,
                            trail=[at])
        p = game.turn_player
        assert game.heroes[p] == hero
        game.rng = Rng(seed * 1_000_003 + run)
        game.rng.shuffle(game.decks[p])
        game.apply("end")
        _settle(game)
        turns = 0
        while not game.is_over:
            if game.turn_player != p:
                game.apply("end")
                _settle(game)
                continue
            turns += 1
            _race_turn(game, p)
            if reshuffle_every_turn and not game.is_over:
                _redeal(game, p)
                assert game.components() == game.expected_components()
        if game.winner != p:
            raise InvalidArgumentError(f"dobbers_races: run {run} ended without {hero} at "
                                       f"the Key")
        out.append(turns)
    return out
