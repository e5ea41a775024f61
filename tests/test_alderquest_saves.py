"""AlderQuest saves and undo (issue 24): a save is a game that could have been played, its
options pass new_game's checks, and undo never takes back something a player has seen."""

import copy
import json
from collections import Counter

import pytest
from alderquest_positions import as_start, build, setup

from dungeoncraft_widgets.alderquest import AlderQuestState, load_game, new_game
from dungeoncraft_widgets.core.errors import (
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
)


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


# ------------------------------------------------------------------ saves describe real games
def saved(game):
    """A save of ``game`` whose start is its present position (no history)."""
    return json.loads(as_start(game).to_json())


def tamper(doc, edit):
    """The save with its start edited (and its position, the same: there is no history)."""
    doc = copy.deepcopy(doc)
    for key in ("start", "current"):
        edit(doc[key]["state"])
    return json.dumps(doc)


def refused(doc, edit, field):
    with pytest.raises(SaveFormatError) as info:
        load_game(tamper(doc, edit))
    assert field in str(info.value), str(info.value)
    return str(info.value)


@pytest.fixture(scope="module")
def position():
    """A game under way: minions, tiles, a pending trap decision, Quarrels in hand."""
    game = build(setup(seed=1), revealed=["T"], held=(["T", "G"], ["B"]),
                 tiles={"c4": [("rt", False)], "a2": [("r2", True), ("r1", False)]},
                 minions={"H01": {"team": 1, "space": "c5"},
                          "T01": {"team": 0, "space": "b1", "acorn": "b2"}},
                 quarrels=(["QT05"], ["QB05"]), armed=(["QG01"], []))
    return saved(game)


def test_a_save_of_a_position_loads_as_it_was(position):
    game = load_game(json.dumps(position))
    assert game.minions["T01"]["acorn"] == "b2" and game.history == []


@pytest.mark.parametrize("field,edit", [
    ("slot", lambda s: s.update(slot=3)),  # used to raise IndexError later
    ("stack[0].kind", lambda s: s["stack"].append({"kind": "nap", "ask": True,
                                                    "player": 0})),  # AssertionError
    ("teams[0].collection", lambda s: s["teams"][0].update(
        collection=["r3"]) or s["teams"][0]["pouch"].remove("r3")),  # Red scoring its own
    ("minions.T01.space", lambda s: s["minions"]["T01"].update(space="z9")),
    ("holds another minion", lambda s: s["minions"]["H01"].update(space="b1")),  # two on b1
    ("minions.T01.acorn", lambda s: s["minions"]["T01"].update(acorn="r2") or
     s["teams"][0]["pouch"].remove("r2") or s["teams"][1]["pouch"].append("b2")),
    ("tiles.c4", lambda s: s["tiles"]["c4"][0].__setitem__(1, True)),  # a trap face up
    ("tiles.^b3", lambda s: s["tiles"].update({"^b3": s["tiles"].pop("c4")})),
    ("turn", lambda s: s.update(turn=s["turn"] + 1)),
    ("heroes.lily", lambda s: s["heroes"]["lily"].update(team=1, slot=1)),
    ("not a free Hero column", lambda s: s["heroes"]["clarence"].update(
        column=s["heroes"]["lily"]["column"])),
    ("teams[1].armed", lambda s: s["teams"][1]["deck"].remove("QB06") or
     s["teams"][1]["armed"].append("QB06")),  # a Scheme armed
    ("teams[0].quarrels", lambda s: s["teams"][0]["quarrels"].append("QB01") or
     s["teams"][1]["deck"].remove("QB01")),  # an enemy faction's card
    ("revealed", lambda s: s.update(revealed=["T", "G", "H", "B"])),
    ("board", lambda s: s["board"][3].extend(["T", "T", "T"])),  # a match left standing
    ("snowflakes", lambda s: s.update(snowflakes=["rs", "rs", "bs", "bs"]) or
     [s["teams"][t]["pouch"].remove(c) for t, c in ((0, "rs"), (0, "rs"), (1, "bs"),
                                                     (1, "bs"))]),
    ("pieces", lambda s: s["rune_pouch"].append("T")),
    ("teams[1].pouch: 'b?' is hidden", lambda s: s["teams"][1]["pouch"].append("b?")),
    ("minion_decks.Thieves", lambda s: s["minion_decks"]["Thieves"].append("H05") or
     s["minion_decks"]["Hunters"].remove("H05")),
    ("activation", lambda s: s.update(activation={"minion": "H01", "left": 1,
                                                  "special": False, "moved": 1})),
    ("end_reason", lambda s: s.update(end_reason="bored")),
    ("stack", lambda s: s["stack"].append({"kind": "destroy", "minion": "H01",
                                           "space": "c5"})),  # not a decision on top
    ("stack[0].minion", lambda s: s["stack"].append({"kind": "carry", "minion": "B09",
                                                     "space": "a1", "ask": True,
                                                     "player": 1})),
    ("stack[0].effects", lambda s: s["stack"].extend([
        {"kind": "effects", "effects": [{"do": "steal_held_rune"}] * 5,
         "ctx": {"kind": "hero", "team": 0, "source": "lily", "hero": "lily"}},
        {"kind": "trigger", "minion": "T01", "when": "move", "space": "b1", "team": 0,
         "ask": True, "player": 0}])),
    # off the Battlefield while a decision of another minion is pending (the soak: it
    # loaded, and the game's next save was refused)
    ("minions.H01.space", lambda s: s["stack"].append(
        {"kind": "trigger", "minion": "T01", "when": "move", "space": "b1", "team": 0,
         "ask": True, "player": 0}) or s["minions"]["H01"].update(space=None)),
])
def test_an_edited_start_is_refused_naming_the_field(position, field, edit):
    """Issue 24: a start no game could reach is refused before anything is replayed,
    naming the field and why (no IndexError, AssertionError or quiet acceptance later)."""
    refused(position, edit, field)


def test_options_pass_the_checks_new_game_makes(position):
    for options, name in (({"lone": "green"}, "lone"), ({"round_limit": 3}, "round_limit"),
                          ({"cards": {"shipped": 3}}, "cards"),
                          ({"boards": "boards.json"}, "boards")):
        doc = copy.deepcopy(position)
        doc["options"].update(options)
        with pytest.raises(SaveFormatError, match=f"options: {name}"):
            load_game(json.dumps(doc))
    doc = copy.deepcopy(position)
    doc["options"]["lone"] = "red"  # a 2-player game has no lone player
    with pytest.raises(SaveFormatError, match="options.lone"):
        load_game(json.dumps(doc))
    doc = copy.deepcopy(position)
    doc["seed"] = 1.5
    with pytest.raises(SaveFormatError, match="seed"):
        load_game(json.dumps(doc))
    with pytest.raises(InvalidArgumentError, match="lone must be one of"):
        new_game(players=3, lone="green")
    with pytest.raises(InvalidArgumentError, match="lone must be one of"):
        AlderQuestState.check_options({"lone": "green"})


def test_a_view_loads_with_its_hidden_parts_but_not_with_more_hidden(position):
    game = load_game(json.dumps(position))
    for seat in (0, 1, None):
        doc = json.loads(game.view(seat).to_json())
        view = load_game(json.dumps(doc))
        assert view.viewer == seat and view.teams[0]["deck"][0] == "?"
        doc["current"]["state"]["teams"][0]["deck"].append("?")  # a card out of nowhere
        with pytest.raises(SaveFormatError, match="pieces do not add up"):
            load_game(json.dumps(doc))
    doc = json.loads(game.view(0).to_json())
    doc["current"]["state"]["teams"][1]["pouch"][0] = "r?"  # a red mask in Blue's pouch
    with pytest.raises(SaveFormatError, match=r"teams\[1\].pouch"):
        load_game(json.dumps(doc))
