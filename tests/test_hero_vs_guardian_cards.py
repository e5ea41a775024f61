"""The reconstructed card set of Hero versus Guardian, and its loader."""

import copy
import json

import pytest

from dungeoncraft_widgets.core.errors import DataFormatError, InvalidArgumentError
from dungeoncraft_widgets.hero_vs_guardian import DEFAULT_CARDS, load_cards, load_game, new_game
from dungeoncraft_widgets.hero_vs_guardian.data import ROOM_TYPES


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


def test_every_cleric_is_poor_versus_traps_and_excellent_versus_evil(cards):
    """The rulebook: 'a Cleric is excellent versus Evil Rooms (+4) and poor versus Trap Rooms
    (+0)'."""
    clerics = [cards[a] for a in cards.adventurers if cards[a]["class"] == "Cleric"]
    assert len(clerics) == 4
    assert all(c["modifiers"]["Trap"] == 0 and c["modifiers"]["Evil"] == 4 for c in clerics)


def test_each_adventurer_has_a_different_set_of_modifiers(cards):
    """The rulebook: 'Each Adventurer has a different set of modifiers'."""
    sets = [tuple(cards[a]["modifiers"][t] for t in ROOM_TYPES) for a in cards.adventurers]
    assert len(set(sets)) == len(sets) == 16


def _blessing(d):
    return next(c for c in d["treasure"] if c["name"] == "Blessing")


def _card(d, name):
    return next(c for group in ("dungeon", "treasure", "adventurers") for c in d[group]
                if c["name"] == name)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["dungeon"].__setitem__(0, dict(d["dungeon"][0], kind="room",
                                                  room_type="Trap")), "exactly one card has kind"),
    (lambda d: d["adventurers"][1].__setitem__("id", "A01"), r"adventurers\[1\] \(A01\).id: "
                                                             "this id is used by another card"),
    (lambda d: d["treasure"][8].__setitem__("modifiers", [{"amount": "x"}]),
     r"treasure\[8\] \(T09\).modifiers\[0\].amount: 'x' is not of type 'integer'"),
    (lambda d: d["dungeon"][1].__setitem__("start", False), "exactly 16 cards have start"),
    (lambda d: d["adventurers"][0]["modifiers"].pop("Evil"),
     r"adventurers\[0\] \(A01\).modifiers: 'Evil' is a required property"),
    (lambda d: d.__setitem__("format", "x"), "format: 'dungeoncraft_widgets/hero_vs_guardian"),
    (lambda d: _blessing(d).pop("amount"), r"\(T04\): 'amount' is a required property"),
    (lambda d: _blessing(d).__setitem__("amount", "2"), r"\(T04\).amount: '2' is not of type"),
    (lambda d: _blessing(d).__setitem__("effect", "teleport"), r"\(T04\).effect: 'teleport'"),
    # an effect where the engine cannot play it: a Spell that Freezes has no one to target
    (lambda d: _blessing(d).__setitem__("effect", "freeze"),
     r"\(T04\).effect: the effect 'freeze' may appear on a Dungeon Effect, not on a Spell"),
    (lambda d: d["adventurers"][2].__setitem__("id", "A\u00a003"), r"adventurers\[2\].*\.id"),
    (lambda d: d["adventurers"][2].__setitem__("powers", "Sacrifice"),
     r"\(A03\).powers: 'Sacrifice' is not of type 'array'"),
    (lambda d: d["dungeon"][3].__setitem__("room_type", "Monster"), r"\(D04\).room_type"),
    (lambda d: d["dungeon"][30].__setitem__("start", True), r"\(D31\).start"),
    # issue 24: what the loader accepts, the engine plays: a Blessing without a Timing was
    # played between attempts (and failed); each effect has the Timing the engine plays
    (lambda d: _blessing(d).pop("timing"), r"\(T04\).timing: the effect 'next_roll' is played "
                                           "with Timing: Combat, not None"),
    (lambda d: _blessing(d).__setitem__("timing", "Non-Combat"), r"\(T04\).timing"),
    (lambda d: _card(d, "Petrify").__setitem__("timing", "Combat"), r"\(D31\).timing"),
    (lambda d: _card(d, "Petrify").__setitem__("effect", "level_or_unfreeze"),
     r"\(D31\).effect: the effect 'level_or_unfreeze' may appear on a Spell"),
    (lambda d: d["adventurers"][0].__setitem__("powers", ["Cursed Item"]), r"\(A01\).powers"),
    (lambda d: d["treasure"][0].__setitem__("powers", ["Cursed Item"]), r"\(T01\).powers"),
    (lambda d: _card(d, "Petrify").update(power="Cursed Item", item_modifiers=[]),
     r"\(D31\).power: only a typed room"),
])
def test_bad_card_data_is_refused_naming_card_and_field(raw, change, message):
    broken = copy.deepcopy(raw)
    change(broken)
    with pytest.raises(DataFormatError, match=message):
        load_cards(broken)
    with pytest.raises(DataFormatError):
        new_game(seed=1, cards=broken)


def test_bad_arguments(tmp_path):
    with pytest.raises(InvalidArgumentError, match="cards must be"):
        load_cards(42)
    with pytest.raises(DataFormatError, match="no file"):
        load_cards(tmp_path / "missing.json")
    with pytest.raises(DataFormatError, match="not a regular file"):
        new_game(seed=1, cards="/dev/zero")
    (tmp_path / "list.json").write_text("[1, 2]")
    with pytest.raises(DataFormatError, match="object at the top"):
        load_cards(tmp_path / "list.json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataFormatError, match="UTF-8"):
        load_cards(tmp_path / "binary.json")


def test_options_hold_data_never_paths(raw, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    shipped = new_game(seed=1, cards=path)           # the same cards as shipped: named
    assert shipped.options["cards"]["shipped"] == "cards.json"
    assert str(tmp_path) not in shipped.to_json()
    raw["adventurers"][0]["points"] = 3
    path.write_text(json.dumps(raw), encoding="utf-8")
    own = new_game(seed=1, cards=path)               # an owner's cards: the data itself
    assert own.options["cards"]["adventurers"][0]["points"] == 3
    assert str(tmp_path) not in own.to_json()
    path.unlink()                                     # the save does not need the file
    assert load_game(own.to_json()).cards["A01"]["points"] == 3


@pytest.mark.parametrize(("cards", "message"), [
    ("/dev/zero", "never a file path"),
    ({"shipped": "cards.json", "digest": "0123456789abcdef"}, "another version"),
    ({"shipped": "other.json", "digest": "0123456789abcdef"}, "no shipped card set"),
    ({"format": "x"}, "card data"),
])
def test_a_save_naming_a_path_or_other_data_is_refused(cards, message):
    doc = json.loads(new_game(seed=1).to_json())
    doc["options"]["cards"] = cards
    with pytest.raises(DataFormatError, match=message):
        load_game(json.dumps(doc))


def test_an_owner_can_play_with_other_cards(raw):
    raw["adventurers"][0]["modifiers"]["Evil"] = 5
    game = new_game(seed=1, cards=raw)
    assert game.cards["A01"]["modifiers"]["Evil"] == 5
    # the option travels with the save
    assert load_game(game.to_json()).cards["A01"]["modifiers"]["Evil"] == 5


def _fuzzed(raw, rng):
    """The shipped cards with a few fields changed at random, each change of the right type
    (an effect, a Timing, a kind, a power, points, a start flag, an amount)."""
    from dungeoncraft_widgets.hero_vs_guardian.data import (
        DUNGEON_KINDS,
        POWERS,
        TIMINGS,
        TREASURE_KINDS,
    )
    from dungeoncraft_widgets.hero_vs_guardian.effects import VOCABULARY

    cards = copy.deepcopy(raw)
    for _ in range(1 + rng.randbelow(3)):
        group = rng.choice(["dungeon", "treasure", "adventurers"])
        card = rng.choice(cards[group])
        change = rng.randbelow(7)
        if change == 0:
            card["effect"] = rng.choice(sorted(VOCABULARY))
            card.setdefault("amount", 1)
        elif change == 1:
            card.pop("timing", None)
        elif change == 2:
            card["timing"] = rng.choice(TIMINGS)
        elif change == 3 and group != "adventurers":
            card["kind"] = rng.choice(DUNGEON_KINDS if group == "dungeon" else TREASURE_KINDS)
        elif change == 4 and group == "dungeon":
            card.update(power="Cursed Item", item_modifiers=[])
        elif change == 4:
            card["powers"] = [rng.choice(POWERS)]
        elif change == 5:
            card["points"] = rng.choice([0, 5, 50])
        else:
            card["amount"] = rng.choice([-12, 0, 12])
    return cards


@pytest.mark.slow  # some 100 games: about 30 s
def test_what_the_loader_accepts_the_engine_plays(raw):
    """Card files changed at random are refused by the loader, or play: 15 games of random
    and sensible bots on each, every one ending, none failing (ActionFailedError)."""
    from dungeoncraft_widgets.core.bots import RandomBot, play_bots
    from dungeoncraft_widgets.core.rng import Rng
    from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot, HeroBot

    rng, played = Rng(24), 0
    for _ in range(8):
        cards = _fuzzed(raw, rng)
        try:
            load_cards(cards)
        except DataFormatError:
            continue
        for seed in range(15):
            game = new_game(2 + seed % 3, seed=seed, cards=cards)
            bots = {h: (HeroBot if (seed + h) % 2 else RandomBot)(seed=seed + h)
                    for h in range(game.guardian)}
            bots[game.guardian] = (GuardianBot if seed % 2 else RandomBot)(seed=seed)
            play_bots(game, bots)
            assert game.is_over
            played += 1
    assert played >= 45


def test_a_card_set_of_a_million_cards_is_refused_before_it_is_copied(raw):
    """It took 2 s to refuse (the size was checked after writing it all out as JSON)."""
    huge = dict(raw, treasure=[dict(raw["treasure"][0], id=f"T{i}") for i in range(10**6)])
    with pytest.raises(DataFormatError, match="card data: more than 100,000 values"):
        load_cards(huge)
    with pytest.raises(DataFormatError, match="more than 100,000 values"):
        new_game(seed=1, cards=huge)
