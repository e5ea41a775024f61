"""The rulebook's Example Turn (L258-285), step by step, from a position built to match it,
and the smaller examples (L92-94 the first drops, L117 Cannonball, L128 Summon, L142
Squabble, L152 Confront)."""

import copy

import pytest
from alderquest_positions import build, setup

from dungeoncraft_widgets.core.errors import IllegalActionError


def find_rng(game, action, good):
    """An RNG state under which ``action`` gives an outcome ``good`` accepts (a chosen draw)."""
    for state in range(5000):
        trial = copy.deepcopy(game)
        trial.rng.state = state
        trial.apply(action)
        if good(trial):
            return state
    raise AssertionError("no RNG state gives the wanted draw")


@pytest.fixture()
def example():
    """Blue is ending its turn; Red (Thieves + Guardians: Lily, Clarence, Maggie) is next,
    with 2 tiles in hand (a trap and a three-pointer), a basic Thief minion carrying a blue
    Acorn north of a canopy space, the Porcupine Monk, a revealed red Acorn, Swift Heist."""
    game = setup(seed=4)
    game.slot = 1  # Blue's turn, about to draw
    game = build(
        game,
        board=[["B", "T", "b2", "bs"], ["B", "T", "H"], ["G", "H", "T", "H"], ["B"]],
        revealed=[], rune_pouch=["G", "H", "T"], hands=(["r3", "rt"], []),
        tiles={"b2": [("r2", True)]},
        minions={"T01": {"team": 0, "space": "b4", "acorn": "b1", "exhausted": True},
                 "G06": {"team": 0, "space": "a2", "upgraded": True, "exhausted": True},
                 "B01": {"team": 1, "space": "d2"}, "H01": {"team": 1, "space": "e3"}},
        quarrels=(["QT01"], []))
    for hero in ("lily", "clarence", "maggie"):
        game.heroes[hero]["exhausted"] = True
    game.teams[1]["pouch"] = [t for t in game.teams[1]["pouch"] if t[1] != "s"] + ["bs"]
    game.teams[1]["pouch"].sort()
    assert game.components() == game.full_components()
    return game


def test_the_example_turn_step_by_step(example):
    game = example
    blue_pouch = len(game.teams[1]["pouch"])
    game.apply("draw")  # Blue's turn ends
    blue_pouch -= 1
    # 1. Ready: Red's 3 Heroes and 2 minions
    assert game.current_team == 0 and game.step == "set"
    assert not any(game.heroes[h]["exhausted"] for h in ("lily", "clarence", "maggie"))
    assert not game.minions["T01"]["exhausted"] and not game.minions["G06"]["exhausted"]
    # 2. Set Tiles: the trap north of the revealed Acorn, the three-pointer far away
    assert sorted(game.teams[0]["hand"]) == ["r3", "rt"]
    with pytest.raises(IllegalActionError, match="no minion and no tile"):
        game.apply("set rt b2")  # the revealed Acorn's own space holds a tile
    game.apply("set rt b3")
    game.apply("set r3 a5")
    assert game.tiles["b3"] == [["rt", False]] and game.tiles["a5"] == [["r3", False]]
    # 3. Reveal: a Hunter, a Thief and a Guardian rune
    assert game.step == "action" and sorted(game.revealed) == ["G", "H", "T"]
    # 4. The Thief moves south onto its own trap (nothing happens), then up into the canopy
    game.apply("move T01 b3")
    assert not game.stack and game.tiles["b3"] == [["rt", False]]
    game.apply("move T01 ^b3")
    assert game.stack[-1]["kind"] == "tribute"
    # 5. ... and tributes: the blue Acorn into the left-most column matches a Snowflake
    game.apply("tribute A")
    assert game.teams[0]["collection"] == ["b1", "b2"] and game.points(0) == 3
    assert game.snowflakes == ["bs"]
    assert game.minions["T01"]["exhausted"] and game.minions["T01"]["upgraded"]
    assert game.stack[-1] == {"kind": "trigger", "minion": "T01", "when": "reveal",
                              "space": "^b3", "team": 0, "player": 0, "ask": True}
    game.apply("trigger")  # the Racoon Ninja: you draw 2 tiles
    blue_pouch -= 2
    assert len(game.teams[1]["pouch"]) == blue_pouch and len(game.teams[1]["hand"]) == 3
    # 6. Drop the Thief rune; Lily swaps; a match-4 exalts the Thieves; all 4 collected
    game.apply("drop T D")
    assert game.teams[0]["held"] == []
    game.apply("swap lily")
    game.apply("choose C2:C3")
    assert game.teams[0]["held"] == ["T"] * 4 and game.exalted == "Thieves"
    assert game.heroes["lily"]["exhausted"]
    # 7. Drop the Guardian rune; Clarence swaps the lower Guardian: an enemy (Bards) match,
    #    gravity and a new line; 8. the new line makes a Guardian ally match
    game.apply("drop G D")
    game.apply("swap clarence")

    def guardians_collected(trial):
        matches = [e for e in trial.log if e.kind == "match"][-2:]
        return (trial.teams[0]["held"].count("G") == 3 and len(matches) == 2
                and matches[0].data["match"] == "B" and matches[1].data["match"] == "G")

    game.rng.state = find_rng(game, "choose C1:D1", guardians_collected)
    game.apply("choose C1:D1")
    assert sorted(game.teams[0]["held"]) == ["G"] * 3 + ["T"] * 4
    kinds = [e.kind for e in game.log[-5:]]
    assert kinds.index("match") < kinds.index("line") < len(kinds) - 1 - kinds[::-1].index(
        "match")  # the enemy match, then the new line, then the ally match
    # 9. The Porcupine Monk moves two spaces east to defend the revealed Acorn
    game.apply("move G06 b2")
    game.apply("move G06 c2")
    assert game.minions["G06"]["space"] == "c2" and game.activation is None
    # 10. 1 Guardian and 2 Thief runes pay Misdirection: a Trap tile into Red's pouch and a
    #     Thief minion onto the ally tile furthest from Red's side
    traps, in_pouch = game.teams[0]["traps"], game.teams[0]["pouch"].count("rt")
    game.apply("use maggie")
    for rune in ("G", "T", "T"):
        game.apply(f"choose {rune}")
    assert game.teams[0]["pouch"].count("rt") == in_pouch + 1
    assert game.teams[0]["traps"] == traps - 1
    assert [a.target for a in game.legal_actions()] == ["b2", "b3", "a5"]
    game.apply("choose a5")
    summoned = [m for m, v in game.minions.items() if v["space"] == "a5"]
    assert len(summoned) == 1 and game.minions[summoned[0]]["exhausted"]
    assert game.cards.minions[summoned[0]]["faction"] == "Thieves"
    # 11. The last Thief rune arms Swift Heist: a trap tile to hand
    # the rules give 7 runes (4 Thieves, 3 Guardians), not the example's 6: 4 are left
    assert sorted(game.teams[0]["held"]) == ["G", "G", "T", "T"]
    game.apply("play QT01 T")
    assert sorted(game.teams[0]["held"]) == ["G", "G", "T"]
    assert game.teams[0]["armed"] == ["QT01"] and game.teams[0]["traps"] == traps - 2
    assert game.teams[0]["hand"] == ["rt"]
    # (the Hunter rune must be dropped before the turn can end, L78)
    with pytest.raises(IllegalActionError, match="drop all the revealed runes"):
        game.apply("draw")
    game.apply(next(a for a in game.legal_actions() if a.verb == "drop"))
    # 12. Draw 1 tile and 1 Quarrel (fewer than 3 in hand)
    pouch = len(game.teams[0]["pouch"])
    game.apply("draw")
    assert len(game.teams[0]["hand"]) == 2 and "rt" in game.teams[0]["hand"]
    assert len(game.teams[0]["pouch"]) == pouch - 1 and len(game.teams[0]["quarrels"]) == 1
    assert all(game.heroes[h]["exhausted"] is False for h in ("wren", "rusk", "tamsin"))
    assert game.current_team == 1


def first_turn(**kwargs):
    game = setup(seed=2)
    return build(game, **kwargs)


def test_first_drop_makes_an_ally_match_of_thieves():
    # L92: the red player's first drop makes a Thief match-3, collected as an ally match
    game = first_turn(board=[["T"], ["T"], [], ["G"]], revealed=["T", "H", "G"])
    game.apply("drop T C")
    assert game.teams[0]["held"] == ["T", "T", "T"]
    assert game.board == [[], [], [], ["G"]] and game.revealed == ["H", "G"]


def test_dropping_the_third_hunter_rune_is_an_enemy_match():
    # L94: remove the 3 Hunter runes, apply gravity, then drop a new line
    game = first_turn(board=[["H"], ["H", "G"], [], ["T"]], revealed=["T", "H", "G"])
    assert game.rune_discard == []
    game.apply("drop H C")
    assert game.teams[0]["held"] == []
    assert game.rune_discard == ["H", "H", "H"]  # discarded, not collected
    kinds = [e.kind for e in game.log[-6:]]
    match = next(e for e in game.log if e.kind == "match")
    assert match.data == {"match": "H", "cells": ["A1", "B1", "C1"], "runes": ["H", "H", "H"]}
    line = game.log[game.log.index(match) + 1]
    assert line.kind == "line" and line.data["line"][1] is not None  # B is not full
    assert "line" in kinds and sum(r is not None for r in line.data["line"]) == 4


def test_summon_in_front_of_clarence():
    # L128: spend a Thief rune and flip Clarence to summon a Thief minion in front of him
    game = first_turn(held=(["T"], []))
    game.apply("summon clarence T")
    (mid,) = game.minions
    assert game.minions[mid]["space"] == "c1" and game.minions[mid]["exhausted"]
    assert game.cards.minions[mid]["faction"] == "Thieves"
    assert game.heroes["clarence"]["exhausted"] and game.teams[0]["held"] == []
    assert "T" in game.rune_discard
    with pytest.raises(IllegalActionError, match="exhausted"):
        game.apply("summon clarence T")
    assert not any(a.verb == "move" for a in game.legal_actions())  # enters exhausted


def test_squabble_leaves_the_acorn_face_up():
    # L142: my Thief squabbles with the Hunter that grabbed my Acorn: both go to the bottom
    # of their decks, the Acorn stays face up on the space
    game = first_turn(minions={"T02": {"team": 0, "space": "c2"},
                               "H02": {"team": 1, "space": "d2",
                                       "acorn": "r2"}})
    game.apply("move T02 d2")
    assert game.minions == {}
    assert game.tiles["d2"] == [["r2", True]]
    assert game.minion_decks["Thieves"][0] == "T02" and game.minion_decks["Hunters"][0] == "H02"


def test_confronting_the_centre_hero():
    # L152: step in front of the opponent's centre Hero, then confront: they draw two tiles
    # and discard a Quarrel, I draw a Quarrel, my minion is destroyed
    game = first_turn(minions={"T03": {"team": 0, "space": "c4"}},
                      quarrels=([], ["QB01", "QH05"]))
    game.apply("move T03 c5")
    assert "rusk" in [a.to for a in game.legal_actions() if a.verb == "move"]
    hand, pouch = len(game.teams[1]["hand"]), len(game.teams[1]["pouch"])
    game.apply("move T03 rusk")
    assert game.current_player == 1 and game.stack[-1]["kind"] == "discard_quarrel"
    game.apply("discard QH05")
    assert len(game.teams[1]["hand"]) == hand + 2 and len(game.teams[1]["pouch"]) == pouch - 2
    assert game.teams[1]["quarrels"] == ["QB01"] and game.teams[1]["discard"] == ["QH05"]
    assert len(game.teams[0]["quarrels"]) == 1 and "T03" not in game.minions
    assert game.current_player == 0


def test_cannonball():
    # L117: exhaust Sebastian and discard any two runes: destroy a rune held by the
    # opponent, who then draws a tile
    game = setup(seed=3, heroes=("sebastian", "wren", "lily", "rusk", "clarence", "tamsin"))
    game = build(game, held=(["G", "T"], ["B", "H", "H"]))
    game.apply("use sebastian")
    game.apply("choose G")
    game.apply("choose T")
    assert game.stack[-1]["kind"] == "target"
    assert [a.target for a in game.legal_actions()] == ["B", "H"]
    hand = len(game.teams[1]["hand"])
    game.apply("choose H")
    assert game.teams[1]["held"] == ["B", "H"] and len(game.teams[1]["hand"]) == hand + 1
    assert game.teams[0]["held"] == [] and game.heroes["sebastian"]["exhausted"]
