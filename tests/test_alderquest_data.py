"""AlderQuest's reconstructed card and board data, and its loaders' errors."""

import copy
import json

import pytest

from dungeoncraft_widgets.alderquest import (
    DEFAULT_BOARDS,
    DEFAULT_CARDS,
    load_boards,
    load_cards,
    load_game,
    new_game,
)
from dungeoncraft_widgets.alderquest.effects import VOCABULARY
from dungeoncraft_widgets.core.errors import DataFormatError


@pytest.fixture()
def doc():
    return json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))


@pytest.fixture()
def boards_doc():
    return json.loads(DEFAULT_BOARDS.read_text(encoding="utf-8"))


def test_the_box_contents_and_the_reconstruction_note(doc, boards_doc):
    cards = load_cards()
    assert (len(cards.heroes), len(cards.minions), len(cards.quarrels)) == (8, 40, 40)
    for faction, d in cards.factions.items():
        assert sum(c["faction"] == faction for c in cards.minions.values()) == 10
        assert {c["class"] for c in cards.minions.values() if c["faction"] == faction} == set(
            d["classes"])
        assert d["exalted"]["effects"]
    assert len(cards.legendary) >= 4
    for data in (doc, boards_doc):
        assert data["reconstruction"].startswith("RECONSTRUCTION")
        assert len(data["reasoning"]) >= 4
    assert set(doc["vocabulary"]["effects"]) == set(VOCABULARY)


def test_every_named_card_with_its_printed_text():
    cards = load_cards()
    seb = cards.heroes["sebastian"]
    assert (seb["title"], seb["faction"], seb["ability"]["name"], seb["ability"]["cost"]) == (
        "Merciless Mariner", "Thieves", "Cannonball", 2)
    assert seb["ability"]["text"] == ("Destroy a rune held by an opponent. That opponent "
                                      "draws a tile.")
    maggie = cards.heroes["maggie"]["ability"]
    assert (maggie["name"], maggie["cost"]) == ("Misdirection", 3)
    assert [e["do"] for e in maggie["effects"]] == ["add_trap_to_pouch", "summon"]
    assert cards.heroes["lily"]["faction"] == cards.heroes["clarence"]["faction"] == "Guardians"
    names = {cards.minion_name(m, True): m for m in cards.minions}
    rabbit = cards.minions[names["Rabbit Cleric"]]
    assert rabbit["triggers"][0]["text"] == ("Tribute: Summon a Guardian minion into an "
                                             "adjacent space.")
    assert cards.minions[names["Porcupine Monk"]]["faction"] == "Guardians"
    racoon = cards.minions[names["Racoon Ninja"]]
    assert racoon["faction"] == "Thieves" and racoon["triggers"][0]["when"] == "reveal"
    assert racoon["triggers"][0]["effects"] == [{"do": "enemy_draws_tiles", "n": 2}]
    quarrels = {q["name"]: q for q in cards.quarrels.values()}
    assert quarrels["Resistance Trap"]["text"] == (
        "Trigger: Destroy the enemy minion that activated this trap and all surrounding "
        "enemy minions.")
    assert quarrels["Resistance Trap"]["type"] == "trap"
    assert (quarrels["Swift Heist"]["faction"], quarrels["Swift Heist"]["type"]) == (
        "Thieves", "trap")


def test_the_boards_fit_the_rulebook():
    boards = load_boards()
    game = new_game(seed=1)
    assert len(game.field.ground) == 24 and len(game.field.canopy) == 4
    assert boards.board_columns * 2 == 8  # the opening's 8 runes fill the bottom two rows
    # the Example Turn needs a canopy space with ground spaces north and south of it
    assert any(f"{s[0]}{int(s[1]) + 1}" in game.field.ground
               and f"{s[0]}{int(s[1]) - 1}" in game.field.ground for s in boards.canopy)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["minions"].pop(), "box holds 10 Thieves minions"),
    (lambda d: d["heroes"][0].pop("faction"),
     r"heroes\[0\] \(sebastian\): 'faction' is a required property"),
    (lambda d: d["quarrels"][3].update(type="curse"),
     r"quarrels\[3\] \(QB04\).type: 'curse' is not one of"),
    (lambda d: d["minions"][5].update(id=d["minions"][4]["id"]), "'B05' is used twice"),
    (lambda d: d["quarrels"][4]["effects"].append({"do": "destroy_enemy", "which": "activator"}),
     r"quarrels\[4\] \(QB05\).effects\[1\]: 'activator' is only for a Trap"),
    (lambda d: d["heroes"][1]["ability"]["effects"][1].update(faction="Bards"),
     "a Thieves card summons Thieves minions, not Bards"),
    (lambda d: d["minions"][0].update({"class": "Pirate"}), "'Pirate' is not a Bards class"),
    (lambda d: d["quarrels"][0]["effects"][0].update(n="2"),
     r"quarrels\[0\] \(QB01\).effects\[0\].n: '2' is not of type 'integer'"),
    (lambda d: d["minions"][0]["triggers"][0]["effects"][0].update(do="teleport"),
     "'teleport' is not one of"),
    (lambda d: d["legendary"][0]["effects"].append({"do": "summon", "faction": "Bards",
                                                    "where": "front"}),
     r"legendary\[0\] \(\w+\).effects\[\d\]: the effect 'summon' may appear on an exalted "
     "effect, a Hero ability, a minion trigger, a Scheme or a Trap, not on a legendary Quarrel"),
])
def test_a_malformed_card_file_names_the_card_and_field(doc, change, message):
    bad = copy.deepcopy(doc)
    change(bad)
    with pytest.raises(DataFormatError, match=message):
        load_cards(bad)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["matching_board"]["opening"]["W"].__setitem__(0, "A3"), "does not match"),
    (lambda d: d["matching_board"]["opening"].update(W=["A1", "B1", "C2", "D1"]),
     "must differ"),
    (lambda d: d["matching_board"]["opening"].update(W=["B2", "A2", "C2", "D1"],
                                                     M=["A1", "B1", "C1", "D2"]),
     "would touch itself"),
    (lambda d: d["battlefield"].update(rows=6), "the rulebook has 24"),
    (lambda d: d["battlefield"]["canopy"].__setitem__(0, "c3"), "4 different ground spaces"),
])
def test_a_malformed_boards_file_is_refused(boards_doc, change, message):
    bad = copy.deepcopy(boards_doc)
    change(bad)
    with pytest.raises(DataFormatError, match=message):
        load_boards(bad)


def test_an_owner_loads_their_own_file_and_it_is_saved_as_data(doc, tmp_path):
    doc["quarrels"][0]["name"] = "Siren's Song"
    path = tmp_path / "real_cards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_cards(path).quarrels["QB01"]["name"] == "Siren's Song"
    game = new_game(seed=3, cards=path)
    assert game.options["cards"] == {"document": doc}  # the data, never the path
    path.unlink()
    assert load_game(game.to_json()).cards.quarrels["QB01"]["name"] == "Siren's Song"
    with pytest.raises(DataFormatError, match="no file"):
        load_cards(path)
