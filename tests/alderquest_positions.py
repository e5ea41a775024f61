"""Positions built by hand for the AlderQuest tests (the rulebook's examples).

``build(...)`` plays the set-up with chosen factions and Heroes, then puts runes,
tiles, minions and cards where a test wants them; everything not placed goes back to
its pouch or deck, so that every piece is still accounted for.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from dungeoncraft_widgets.alderquest import new_game
from dungeoncraft_widgets.alderquest.rules import POUCH, UNUSED_TRAPS, AlderQuestState

RED_BLUE = ("Thieves", "Bards", "Guardians", "Hunters")
HEROES = ("lily", "wren", "clarence", "rusk", "maggie", "tamsin")


def setup(seed: int = 1, factions=RED_BLUE, heroes=HEROES, players: int = 2) -> AlderQuestState:
    game = new_game(players=players, seed=seed)
    for f in factions:
        game.apply(f"faction {f}")
    for h in heroes:
        game.apply(f"hero {h}")
    return game


def build(game: AlderQuestState, *, board: list[str] | None = None,
          revealed: list[str] | None = None, rune_pouch: list[str] | None = None,
          held: tuple[list[str], list[str]] = ([], []),
          hands: tuple[list[str], list[str]] = ([], []),
          tiles: dict[str, list[tuple[str, bool]]] | None = None,
          minions: dict[str, dict[str, Any]] | None = None,
          quarrels: tuple[list[str], list[str]] = ([], []),
          armed: tuple[list[str], list[str]] = ([], []),
          collections: tuple[list[str], list[str]] = ([], []),
          snowflakes: list[str] | None = None) -> AlderQuestState:
    """Rearrange ``game`` (in its Action Phase or Set Tiles) into a chosen position.

    ``board``: columns bottom-up as lists of codes; ``rune_pouch``: the pouch's runes
    (None: everything else; otherwise the rest goes to the Rune Discard Pile);
    ``minions``: id -> {"team", "space", "upgraded", "acorn", "exhausted"}.
    """
    if board is not None:
        game.board = [list(col) for col in board]
    if revealed is not None:
        game.revealed = list(revealed)
    for t in (0, 1):
        game.teams[t]["held"] = sorted(held[t])
        game.teams[t]["hand"] = sorted(hands[t])
        game.teams[t]["collection"] = sorted(collections[t])
    if snowflakes is not None:
        game.snowflakes = list(snowflakes)
    game.tiles = {s: [[c, up] for c, up in v] for s, v in (tiles or {}).items()}
    # runes: what is not placed is in the pouch (or the discard pile)
    placed = Counter(game.revealed) + Counter(p for col in game.board for p in col)
    for t in (0, 1):
        placed += Counter(game.teams[t]["held"])
    everything = Counter({letter: 8 for letter in "BGHT"})
    tiles_placed = Counter(c for v in game.tiles.values() for c, _ in v)
    for t in (0, 1):
        tiles_placed += Counter(game.teams[t]["hand"]) + Counter(game.teams[t]["collection"])
    tiles_placed += Counter(game.snowflakes) + Counter(r for r in game.revealed if len(r) == 2)
    game.minions = {}
    for mid, spec in (minions or {}).items():
        for deck in game.minion_decks.values():
            if mid in deck:
                deck.remove(mid)
        game.minions[mid] = {"team": spec["team"], "space": spec["space"],
                             "upgraded": spec.get("upgraded", False),
                             "exhausted": spec.get("exhausted", False),
                             "acorn": spec.get("acorn"), "judo": False, "stunned": False}
        if spec.get("acorn"):
            tiles_placed[spec["acorn"]] += 1
    left = everything - Counter({k: v for k, v in placed.items() if len(k) == 1})
    runes = sorted(left.elements())
    if rune_pouch is None:
        game.rune_pouch, game.rune_discard = runes, []
    else:
        game.rune_pouch = sorted(rune_pouch)
        rest = Counter(runes) - Counter(rune_pouch)
        game.rune_discard = sorted(rest.elements())
    for t, colour in enumerate("rb"):
        full = Counter({f"{colour}{k}": n for k, n in POUCH.items()})
        board_tiles = Counter(p for col in game.board for p in col if p[0] == colour
                              and len(p) == 2)
        mine = Counter({k: v for k, v in tiles_placed.items() if k[0] == colour})
        game.teams[t]["pouch"] = sorted((full - mine - board_tiles).elements())
        game.teams[t]["traps"] = UNUSED_TRAPS
    for t in (0, 1):
        team = game.teams[t]
        for card in quarrels[t] + armed[t]:
            team["deck"].remove(card)
        team["quarrels"] = list(quarrels[t])
        team["armed"] = list(armed[t])
    game._legal = None
    assert game.components() == game.full_components(), \
        (game.components() - game.full_components(), game.full_components() - game.components())
    return game


def as_start(game: AlderQuestState) -> AlderQuestState:
    """Make a built position the game's start (an empty history, as a position editor
    does), so that undo and saves work from it."""
    game.history = []
    game.undo_floor, game.undo_reason = 0, ""
    game._legal = None
    game._start = game._snapshot()
    return game
