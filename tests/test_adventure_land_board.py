"""The shipped Adventure Land layout satisfies every fact in shared/rules/README.md."""

import json
from collections import Counter

import pytest

from dungeoncraft_widgets.adventure_land.data import (
    COLUMNS,
    DATA,
    FIELDS,
    LANES,
    TERRAIN_COUNTS,
    column_of,
    lanes_for,
    layout_from_option,
    layout_option,
    load_layout,
    load_pieces,
    neighbours,
    row_of,
)
from dungeoncraft_widgets.core.errors import DataFormatError

LAYOUT = load_layout()
T = LAYOUT.terrain


def test_board_is_11_by_10():
    assert len(FIELDS) == 110 and len(set(FIELDS)) == 110
    assert COLUMNS == "ABCDEFGHIJK"
    assert {row_of(f) for f in FIELDS} == set(range(1, 11))
    assert set(T) == set(FIELDS)


def test_terrain_counts_match_the_cards():
    assert Counter(T.values()) == {"city": 30, "forest": 20, "river": 18, "mountain": 28,
                                   "fog": 14}
    assert TERRAIN_COUNTS == {"city": 30, "forest": 20, "river": 18, "mountain": 28, "fog": 14}


def test_rulebook_example_fields():
    assert T["J3"] == "city"
    assert T["D7"] == "fog"
    assert T["I4"] == "forest"
    assert T["E9"] == "river"


def test_river_is_one_path_from_west_edge_to_east_edge():
    river = LAYOUT.river
    assert len(river) == 18 and set(river) == {f for f in FIELDS if T[f] == "river"}
    assert column_of(river[0]) == 0 and column_of(river[-1]) == 10
    for a, b in zip(river, river[1:], strict=False):
        assert b in neighbours(a)
    # A path, not a blob: no two river fields touch unless they follow each other.
    position = {f: i for i, f in enumerate(river)}
    for f in river:
        for n in neighbours(f):
            if n in position:
                assert abs(position[n] - position[f]) == 1, (f, n)


def test_cities_sizes_and_named_fields():
    cities = LAYOUT.cities
    assert sorted(len(c) for c in cities) == [3, 4, 5, 6, 12]
    assert frozenset({"B5", "B6", "C6", "C7"}) in cities
    assert frozenset({"E5", "F4", "F5"}) in cities
    capital = next(c for c in cities if len(c) == 12)
    assert "K10" in capital
    # Each city is connected (a component of city fields) and no two touch.
    for city in cities:
        for f in city:
            assert T[f] == "city"
    assert sum(len(c) for c in cities) == 30


def _sides_of_river():
    """The non-river fields split by the river: the part reaching row 1 and the rest."""
    land = {f for f in FIELDS if T[f] != "river"}
    north, todo = {"A1"}, ["A1"]
    while todo:
        for n in neighbours(todo.pop()):
            if n in land and n not in north:
                north.add(n)
                todo.append(n)
    return north, land - north


def test_river_splits_board_and_fog_lies_on_both_banks():
    north, south = _sides_of_river()
    assert "K10" in south and all(f in north for f in FIELDS if row_of(f) == 1)
    fog = [f for f in FIELDS if T[f] == "fog"]
    river = set(LAYOUT.river)
    for f in fog:
        assert any(n in river for n in neighbours(f)), f"fog field {f} is not beside the river"
    assert any(f in north for f in fog) and any(f in south for f in fog)


def test_start_lanes():
    assert lanes_for(3) == lanes_for(4) == ("row:1", "row:2", "row:3", "row:4", "col:A",
                                            "col:B", "col:C", "col:D")
    assert set(lanes_for(2)) == set(LANES) and len(LANES) == 10


def test_data_files_say_they_are_reconstructions():
    board = json.loads((DATA / "board.json").read_text())
    pieces = json.loads((DATA / "pieces.json").read_text())
    assert board["reconstruction"] is True and "RECONSTRUCTION" in board["about"]
    assert pieces["reconstruction"] is True
    assert LAYOUT.reconstruction


def test_pieces_match_the_rulebook_contents():
    p = load_pieces()
    assert sum(p["swords"]["values"].values()) == 28
    assert set(p["swords"]["values"]) == {"0", "1", "2", "3"}
    assert sum(p["herbs"]["values"].values()) == 20 and set(p["herbs"]["values"]) == {"2", "3",
                                                                                       "4"}
    assert p["gold"] == 18
    assert p["creatures"]["strengths"] == {"8": 4, "10": 4, "12": 3, "14": 2, "16": 1}


def test_user_layout_loads_from_dict_and_file(tmp_path):
    data = json.loads((DATA / "board.json").read_text())
    # Swap two non-river fields of different terrain: still a valid board.
    rows = [list(r) for r in data["rows"]]
    rows[0][0], rows[0][1] = "F", "M"  # A1 forest, B1 mountain... already M,M -> F,M
    rows[0][2] = "M"                   # C1 was F: keep the counts equal
    data["rows"] = ["".join(r) for r in rows]
    mine = load_layout(data)
    assert mine.terrain["A1"] == "forest" and mine.terrain["C1"] == "mountain"
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    assert load_layout(path).terrain == mine.terrain


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["rows"].pop(), r"rows: \[.*\] is too short"),
    (lambda d: d.update(rows=["Q" + r[1:] if i == 0 else r for i, r in enumerate(d["rows"])]),
     r"rows\[0\]: letter 'Q' at A1 is not in the legend"),
    (lambda d: d.update(rows=["C" + r[1:] if i == 0 else r for i, r in enumerate(d["rows"])]),
     "needs 30 city fields"),
    (lambda d: d["river"].reverse(), "river: must run from the west edge"),
    (lambda d: d["river"].pop(), "river: must list every river field"),
    (lambda d: d.pop("river"), "'river' is a required property"),
    (lambda d: d.update(river="A7"), "river: 'A7' is not of type 'array'"),
    (lambda d: d["river"].__setitem__(3, "Z9"), r"river\[3\]: 'Z9' does not match"),
    (lambda d: d["legend"].update(C="castle"), r"legend.C: 'castle' is not one of"),
    (lambda d: d.update(rows=[7] * 10), r"rows\[\d\]: 7 is not of type 'string'"),
    (lambda d: d.update(extra=1), "Additional properties are not allowed"),
])
def test_bad_layouts_are_refused_naming_the_field(change, message):
    data = json.loads((DATA / "board.json").read_text())
    change(data)
    with pytest.raises(DataFormatError, match=message):
        load_layout(data)


def test_unreadable_layout_file(tmp_path):
    with pytest.raises(DataFormatError, match="no file"):
        load_layout(tmp_path / "missing.json")
    with pytest.raises(DataFormatError, match="not a regular file"):
        load_layout("/dev/zero")
    (tmp_path / "list.json").write_text("[1, 2]")
    with pytest.raises(DataFormatError, match="object at the top"):
        load_layout(tmp_path / "list.json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataFormatError, match="UTF-8"):
        load_layout(tmp_path / "binary.json")


def test_layout_options_are_data_never_paths(tmp_path):
    shipped = layout_option(load_layout())
    assert shipped == {"shipped": "board.json", "digest": shipped["digest"]}
    assert layout_from_option(shipped) is load_layout()
    with pytest.raises(DataFormatError, match="another version of the shipped board.json"):
        layout_from_option({"shipped": "board.json", "digest": "0123456789abcdef"})
    with pytest.raises(DataFormatError, match="not str"):
        layout_from_option("/dev/zero")
    with pytest.raises(DataFormatError, match="the shipped data set is 'board.json'"):
        layout_from_option({"shipped": "/etc/passwd", "digest": shipped["digest"]})


@pytest.mark.parametrize("load", ["load_layout", "load_pieces"])
def test_huge_board_or_pieces_data_is_refused_before_it_is_copied(load):
    from dungeoncraft_widgets import adventure_land as al
    from dungeoncraft_widgets.core.errors import DataFormatError

    with pytest.raises(DataFormatError, match="more than 100,000 values"):
        getattr(al, load)({"fields": [["A1", "city"]] * 10**6})
