"""The reconstructed card set of Hero versus Guardian, and its loader."""

import copy
import json

import pytest

from dungeoncraft_widgets.core.errors import InvalidArgumentError, SaveFormatError
from dungeoncraft_widgets.hero_vs_guardian import DEFAULT_CARDS, load_cards, new_game
from dungeoncraft_widgets.hero_vs_guardian.cards import ROOM_TYPES


@pytest.fixture(scope="module")
def cards():
    return load_cards()


@pytest.fixture()
def raw():
    return json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))


def test_counts_match_the_components(cards):
    assert (len(cards.dungeon), len(cards.adventurers), len(cards.treasure)) == (38, 16, 22)
    assert len(cards.start_rooms) == 16
    assert cards.vault in cards.start_rooms
    assert cards[cards.vault]["points"] == 8
    assert len(set(cards.dungeon + cards.adventurers + cards.treasure)) == 76


def test_file_says_it_is_a_reconstruction(raw):
    assert "RECONSTRUCTION" in raw["reconstruction"]
    assert len(raw["reasoning"]) >= 5
    assert list(raw)[:4] == ["format", "version", "reconstruction", "reasoning"]


def test_the_rulebook_cleric(cards):
    clerics = [cards[a] for a in cards.adventurers if cards[a]["class"] == "Cleric"]
    sample = {"Trap": 0, "Magic": 2, "Brute": 3, "Evil": 4}
    assert any(c["points"] == 2 and c["powers"] == ["Sacrifice"] and c["modifiers"] == sample
               for c in clerics)


def test_room_types_and_warriors(cards):
    types = {cards[d].get("room_type") for d in cards.start_rooms}
    assert set(ROOM_TYPES) <= types
    for a in cards.adventurers:
        if cards[a]["class"] == "Warrior":
            mods = cards[a]["modifiers"]
            assert mods["Brute"] == max(mods.values())


def test_rulebook_examples_are_in_the_set(cards):
    names = {cards[c]["name"]: c for c in cards.dungeon + cards.treasure}
    heroism = cards[names["Heroism"]]
    assert heroism["kind"] == "spell" and heroism["effect"] == "level_or_unfreeze"
    assert cards[names["Dreadful Feeling"]]["effect"] == "capture_frozen"
    cursed = [c for c in cards.dungeon if cards.is_cursed(c)]
    assert cursed and all(cards[c]["item_modifiers"] for c in cursed)
    vacant_mods = [m for c in cards.dungeon if cards[c]["kind"] == "vacant"
                   for m in cards[c]["location_modifiers"]]
    assert {"amount": 1, "class": "Warrior"} in vacant_mods       # WARRIOR +1
    assert {"amount": -1, "vs": "Brute"} in vacant_mods           # -1 VS. BRUTE ROOM
    assert {"amount": -1, "action": "scout"} in vacant_mods       # -1 SCOUTING
    powers = {p for c in cards.adventurers + cards.treasure for p in cards.powers(c)}
    assert {"Sacrifice", "Scouting", "Venturing", "Spell Casting"} <= powers
    assert sum(1 for a in cards.adventurers if cards[a]["points"] == 2) >= 9


def test_load_from_path_and_dict(raw, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert load_cards(path).dungeon == load_cards(raw).dungeon == load_cards().dungeon


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["dungeon"].__setitem__(0, dict(d["dungeon"][0], kind="room",
                                                  room_type="Trap")), "exactly one Treasure Vault"),
    (lambda d: d["adventurers"][1].__setitem__("id", "A01"), "used twice"),
    (lambda d: d["treasure"][8].__setitem__("modifiers", [{"amount": "x"}]), "integer 'amount'"),
    (lambda d: d["dungeon"][1].__setitem__("start", False), "exactly 16 starting rooms"),
    (lambda d: d["adventurers"][0]["modifiers"].pop("Evil"), "integer for each"),
    (lambda d: d.__setitem__("format", "x"), "'format' must be"),
])
def test_bad_card_data_is_refused(raw, change, message):
    broken = copy.deepcopy(raw)
    change(broken)
    with pytest.raises(SaveFormatError, match=message):
        load_cards(broken)


def test_bad_arguments(tmp_path):
    with pytest.raises(InvalidArgumentError, match="cards must be"):
        load_cards(42)
    with pytest.raises(InvalidArgumentError, match="cannot read"):
        load_cards(tmp_path / "missing.json")


def test_an_owner_can_play_with_other_cards(raw):
    raw["adventurers"][0]["modifiers"]["Evil"] = 5
    game = new_game(seed=1, cards=raw)
    assert game.cards["A01"]["modifiers"]["Evil"] == 5
    # the option travels with the save
    from dungeoncraft_widgets.hero_vs_guardian import load_game
    assert load_game(game.to_json()).cards["A01"]["modifiers"]["Evil"] == 5
