"""Dobbers read against its rulebook a second time (issue 23): each finding played in a
position built for it (``position(...)``) or a short scripted game."""

import pytest

from dungeoncraft_widgets.core.errors import IllegalActionError
from dungeoncraft_widgets.dobbers import RULE_NOTES
from dungeoncraft_widgets.dobbers.rules import position


def empty_deck(game, p):
    """Move the player's deck to the box side (the set-aside cards), so that the next draw
    reshuffles the discard pile: what is in it then is what the test put there."""
    game.set_aside += game.decks[p]
    game.decks[p] = []
    game._legal = None


# ------------------------------------------------------------------ 1. Effects discarded
def test_a_played_effect_goes_to_the_discard_pile_once_resolved():
    # Example A: "place all four of those cards (Silver plus the three Bottle Caps) in
    # your discard pile"
    game = position(heroes=["toby"], hand=["bottle_cap", "bottle_cap", "bottle_cap"],
                    adventure_row=["silver"])
    p = game.turn_player
    for _ in range(3):
        game.apply("play bottle_cap")
    assert game.discards[p] == ["bottle_cap"] * 3 and game.turn["held"] == []
    game.apply("buy silver")
    while game.window is not None:
        game.apply("pass")
    assert sorted(game.discards[p]) == ["bottle_cap"] * 3 + ["silver"]
    assert game.components() == game.expected_components()


def test_a_mid_turn_reshuffle_takes_the_cards_already_played():
    game = position(heroes=["herb"], hand=["bottle_cap", "hearty_mushroom"])
    p = game.turn_player
    empty_deck(game, p)
    game.apply("play bottle_cap")
    game.apply("play hearty_mushroom")   # draws: the discard pile (the Cap) is reshuffled
    assert game.hands[p] == ["bottle_cap"]
    assert game.discards[p] == ["hearty_mushroom"]  # resolved after its draw


def test_cull_can_destroy_a_bottle_cap_spent_this_turn():
    game = position(heroes=["herb"], hand=["bottle_cap", "cull"])
    p = game.turn_player
    game.apply("play bottle_cap")
    game.apply("play cull")
    assert ["discard", "bottle_cap"] in game.pending["options"]
    game.apply("choose discard bottle_cap")
    assert "bottle_cap" in game.destroyed and "bottle_cap" not in game.discards[p]


def test_a_card_that_fetches_from_the_discard_pile_finds_a_card_played_this_turn():
    game = position(heroes=["herb"], hand=["helpful", "grave_dust"])
    p = game.turn_player
    game.apply("play helpful")
    game.apply("play grave_dust")
    assert game.turn["held"] == ["grave_dust"]   # its Destroy ability is still open
    game.apply("destroy grave_dust")
    game.apply("choose discard helpful")
    assert game.hands[p] == ["helpful"] and "grave_dust" in game.destroyed


def test_a_card_with_an_open_destroy_ability_stays_in_play_until_the_draw_phase():
    game = position(heroes=["herb"], hand=["trail_rations"])
    p = game.turn_player
    game.apply("play trail_rations")
    assert game.turn["held"] == ["trail_rations"] and "trail_rations" not in game.discards[p]
    assert "destroy trail_rations" in {str(a) for a in game.legal_actions()}
    game.apply("end")
    assert "trail_rations" in game.discards[p] + game.hands[p] + game.decks[p]
    assert game.components() == game.expected_components()


def test_a_card_played_and_discarded_still_counts_for_alignment_this_turn():
    # "triggered by another Decay card in play on the same turn": Rot (Decay, +2 gold
    # aligned) is in the discard pile when Wither (Decay) comes; its bonus still comes
    game = position(heroes=["toby"], hand=["rot", "wither"])
    p = game.turn_player
    game.apply("play rot")
    assert "rot" in game.discards[p] and game.turn["gold"] == 1 + 1
    game.apply("play wither")
    assert game.turn["gold"] == 1 + 1 + 2
    game.apply("skip")  # Wither's "you may destroy a card in a row"
    assert sorted(game.discards[p]) == ["rot", "wither"]


def test_the_note_on_discarding_quotes_the_rulebook():
    note = next(n for n in RULE_NOTES if n.startswith("Effect cards go to the discard"))
    assert "go into the discard pile after their effects have been resolved" in note
    assert "You cannot destroy a card that has been placed in your discard pile" in note
