"""The reconstructed Dobbers cards and board, and their loaders."""

import copy
import json
from collections import Counter

import pytest

from dungeoncraft_widgets.core.errors import DataFormatError
from dungeoncraft_widgets.dobbers import (
    DEFAULT_BOARD,
    DEFAULT_CARDS,
    load_board,
    load_cards,
    load_game,
    new_game,
)


@pytest.fixture(scope="module")
def cards():
    return load_cards()


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture()
def raw():
    return json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))


@pytest.fixture()
def raw_board():
    return json.loads(DEFAULT_BOARD.read_text(encoding="utf-8"))


def test_counts_match_the_box_contents(cards, raw):
    assert len(cards.heroes) == 16
    assert len(cards.adventure) == 114
    assert len(cards.locations) + len(cards.creatures) == 38 and len(cards.locations) == 18
    assert len(cards.tokens) == 30
    assert len(cards.solo) + len(cards.add_location) == 24
    assert len(cards.events) == 8  # one for each eighth of the Adventure deck (FAQ)
    assert Counter(cards.starting) == {"bottle_cap": 8, "traveling_kit": 1, "wooden_knife": 1}
    types = Counter(cards.type(c) for c in cards.adventure)
    assert set(types) == {"Effect", "Weapon", "Armor", "Item"}


def test_both_files_say_they_are_reconstructions(raw, raw_board):
    for doc in (raw, raw_board):
        assert "RECONSTRUCTION" in doc["reconstruction"]
        assert list(doc)[:4] == ["format", "version", "reconstruction", "reasoning"]
        assert len(doc["reasoning"]) >= 5 and doc["format_notes"]


def test_the_values_the_rulebook_gives(cards):
    c = cards
    assert (c["silver"]["cost"], c["silver"]["influence"]) == (3, 2)
    assert c["bottle_cap"]["influence"] == 1 and c["helpful"]["influence"] == 1
    assert c["helpful"].get("red", 0) + c["strength"].get("red", 0) == 2
    assert {k: c["silver_sword"].get(k) for k in ("red", "gold", "influence")} == \
        {"red": 2, "gold": 1, "influence": 1}
    assert (c["iron_bark"]["red"], c["iron_bark"]["gold"]) == (1, 1)
    assert c["traveling_kit"]["blue"] == 1 and c["traveling_kit"]["type"] == "Item"
    assert c["bow_and_arrow"]["red"] == 2 and c["bow_and_arrow"]["effects"][0]["do"] == "may_draw"
    assert c["hearty_mushroom"]["red"] == 1 and c["hearty_mushroom"]["effects"][0]["n"] == 1
    assert c["cull"]["influence"] == 1 and c["cull"]["effects"][0]["do"] == "cull"
    assert (c["castle_walls"]["cost"], c["castle_walls"]["ap"]) == (5, 3)
    assert c["tree_golem"]["ap"] == 4 and c["tree_golem"]["immune_to"] == ["Thorn"]
    assert (c["thorned_vines"]["item_type"], c["thorned_vines"]["item_ap"]) == ("Protection", 2)
    assert c["traveling_cloak"]["item_type"] == "Protection"
    assert c["thornblade"]["forge"] == {"gold": 1}
    assert c["grave_dust"]["destroy"]["effects"] == [{"do": "retrieve"}]
    toby = c["toby"]
    assert (toby["red"], toby["influence"], toby["gold"]) == (1, 1, 1)
    assert all(c[h]["red"] == 1 for h in cards.heroes)
    assert {"Herb", "Shaori", "Toby"} <= {c[h]["name"] for h in cards.heroes}


def test_alignments_fit_the_examples(cards):
    def align(card):
        return cards[card].get("alignment")

    assert align("endurance") == align("silver_shield")
    assert align("ember") == align("charm") != align("endurance")
    assert align("luck") not in (align("endurance"), align("ember"))
    assert align("rotwood_plate") == align("rot") == "Decay"
    assert cards["rotwood_plate"]["blue"] == 1 and cards["rotwood_plate"]["aligned"] == {"gold": 1}
    assert cards["rot"]["aligned"] == {"gold": 2}
    # the example hands stay exact: nothing in them has a bonus its companions trigger
    for card in ("silver_sword", "iron_bark", "helpful", "endurance", "luck"):
        assert "aligned" not in cards[card]
    items = Counter(cards[c]["item_type"] for c in cards.adventure if cards.type(c) == "Item")
    assert items["Navigation"] == min(items.values())  # "The most rare of the Items"


def test_the_board(board):
    assert board.key == "E12" and board.is_encounter(board.key)
    assert sorted(board.starts) == ["A", "B", "C", "D"]
    assert sorted(board.encounters) == list(range(1, 13))
    for start in board.starts.values():
        assert all(shield == 2 for shield in board.neighbours[start].values())
        route = board.route_to_key(start)
        assert len(route) - 1 == 18
        assert sum(board.shield(a, b) for a, b in zip(route, route[1:], strict=False)) == 39
    shields = {s for _, _, s in board.paths}
    assert {2, 3, 4} <= shields
    assert any(board.is_encounter(b) and s == 3 for a, b, s in board.paths)


def test_solo_cards_name_real_squares_and_starts(cards, board):
    for card in cards.add_location:
        assert card["square"] in board.encounters and card["start"] in board.starts
    assert all(c["row_position"] <= 3 for c in cards.add_location[:4])


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["adventure"][3].update(cost="3"), "adventure[3].cost: '3' is not of type"),
    (lambda d: d["adventure"].append(dict(d["adventure"][0])), "card 'silver', field 'id'"),
    (lambda d: d["locations"][0].update(item_ap=9), "card 'castle_walls', field 'item_ap'"),
    (lambda d: d["adventure"][0].update(item_type="Travel"),
     "card 'silver', field 'item_type'"),
    (lambda d: d["locations"][1]["results"][0].update(token="nonsense"),
     "card 'thorned_vines', field 'results[0]'"),
    (lambda d: d["adventure"][0].update(effects=[{"do": "back", "n": 1}]),
     "card 'silver', field 'effects[0]'"),
    (lambda d: d["starting_deck"].update(mystery=2), "card 'mystery', field 'starting_deck'"),
    (lambda d: d["heroes"][0].update(red=0), "card 'toby', field 'red'"),
    (lambda d: d["add_location"][0].update(number=5), "numbered 1 to 6"),
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d["tokens"][0].update(value=-1), "card 'action\\+1', field 'kind'"),
])
def test_bad_card_data_gets_a_named_error(raw, change, message):
    change(raw)
    with pytest.raises(DataFormatError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_cards(raw)


def test_bad_board_data_gets_a_named_error(raw_board):
    doc = copy.deepcopy(raw_board)
    doc["paths"].append(["E12", "nowhere", 2])
    with pytest.raises(DataFormatError, match="paths\\[30\\]: no square 'nowhere'"):
        load_board(doc)
    doc = copy.deepcopy(raw_board)
    doc["paths"] = [p for p in doc["paths"] if p[:2] != ["T15", "E12"]]
    with pytest.raises(DataFormatError, match="no path to the Key"):
        load_board(doc)
    doc = copy.deepcopy(raw_board)
    doc["key"] = "T15"
    with pytest.raises(DataFormatError, match="key: 'T15' is not an Encounter square"):
        load_board(doc)


def test_cards_that_name_squares_the_board_lacks_are_refused(raw_board):
    doc = copy.deepcopy(raw_board)
    doc["squares"] = [s for s in doc["squares"] if s["id"] != "E9"]
    doc["paths"] = [p for p in doc["paths"] if "E9" not in p[:2]] + [["T12", "T13", 3]]
    with pytest.raises(DataFormatError, match="Add Location card 6 names Encounter square 9"):
        new_game(2, board=doc)


def test_owners_load_their_own_files(tmp_path, raw, raw_board):
    raw["locations"][0]["ap"] = 4
    path = tmp_path / "my_cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    cards = load_cards(path)
    assert cards["castle_walls"]["ap"] == 4
    game = new_game(2, seed=1, cards=path, board=raw_board)
    assert game.options["cards"]["locations"][0]["ap"] == 4  # the data, not the path
    assert game.options["board"] == {"shipped": "board.json", "digest": load_board().digest}
    assert load_game(game.to_json()).cards["castle_walls"]["ap"] == 4
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataFormatError, match="my_cards.json: not valid JSON"):
        load_cards(path)
