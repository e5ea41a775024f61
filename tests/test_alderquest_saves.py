"""AlderQuest saves and undo (issue 24): a save is a game that could have been played, its
options pass new_game's checks, and undo never takes back something a player has seen."""

import json
from collections import Counter

import pytest
from alderquest_positions import as_start, build, setup

from dungeoncraft_widgets.alderquest import load_game
from dungeoncraft_widgets.core.errors import IllegalActionError


def no_undo(game, reason):
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match=reason):
        game.undo()


# ------------------------------------------------------------------ undo never un-sees
def test_a_summon_shows_the_top_of_the_hidden_deck_and_cannot_be_undone():
    game = as_start(build(setup(seed=1), revealed=[], held=(["T"], [])))
    top = game.minion_decks["Thieves"][-1]
    game.apply("summon lily T")
    assert top in game.minions
    no_undo(game, "summoned from the top of its hidden deck")
    # the save keeps the floor
    assert load_game(game.to_json()).undo_floor == 1


def test_a_quarrel_drawn_with_the_tile_pouch_empty_cannot_be_undone():
    """No random draw at all: the tile pouch is empty and the Rune Pouch and discard pile
    too (the next turn reveals nothing), but the Quarrel drawn was seen."""
    game = setup(seed=1)
    runes = sorted((Counter("BGHT" * 8) - Counter(r for col in game.board for r in col))
                   .elements())
    game = as_start(build(game, revealed=[], rune_pouch=[], hands=(game_pouch("r"), []),
                          held=(runes[:12], runes[12:])))
    assert game.teams[0]["pouch"] == [] and game.rune_pouch == game.rune_discard == []
    rng = game.rng.state
    game.apply("draw")
    assert game.rng.state == rng and len(game.teams[0]["quarrels"]) == 1
    no_undo(game, "drawn from the hidden deck")


def test_quarrels_drawn_by_an_ability_cannot_be_undone():
    game = setup(seed=1, factions=("Bards", "Thieves", "Guardians", "Hunters"),
                 heroes=("barnaby", "maggie", "lily", "rusk", "clarence", "tamsin"))
    game = as_start(build(game, revealed=[], held=(["B", "B"], [])))
    game.apply("use barnaby")
    game.apply("choose B")
    assert game.can_undo  # paying one rune of two shows nothing
    game.apply("choose B")
    assert len(game.teams[0]["quarrels"]) == 2
    no_undo(game, "drawn from the hidden deck")


def test_the_legendary_of_a_match_5_cannot_be_undone():
    game = as_start(build(setup(seed=1), board=[["G"] * 4, ["T", "B"], ["B"], ["H"]],
                          revealed=["G"]))
    rng = game.rng.state
    game.apply("drop G A")
    assert game.rng.state == rng and game.teams[0]["quarrels"][0] in game.cards.legendary
    no_undo(game, "legendary Quarrel has been drawn")


def test_a_discard_shows_a_card_and_cannot_be_undone():
    game = as_start(build(setup(seed=1), revealed=[], quarrels=(["QT05", "QT06"], [])))
    game.apply("discard QT06")
    no_undo(game, "shown")


def test_undo_still_takes_back_what_shows_nothing():
    game = as_start(build(setup(seed=1), board=[["G"], [], [], []], revealed=["T", "G"]))
    game.apply("drop T B")
    game.apply("swap lily")
    assert game.can_undo
    game.undo()
    game.undo()
    assert game.revealed == ["T", "G"] and game.history == []


def game_pouch(colour):
    from dungeoncraft_widgets.alderquest.rules import POUCH

    return sorted(f"{colour}{k}" for k, n in POUCH.items() for _ in range(n))
