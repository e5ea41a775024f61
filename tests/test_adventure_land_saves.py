"""Adventure Land saves, data and edits: nothing malformed gets in, nothing is half-applied,
undo never teaches what was hidden, and every view tells the truth at the end."""

import json

import pytest

from dungeoncraft_widgets import adventure_land as al
from dungeoncraft_widgets.adventure_land.rules import (
    UNKNOWN,
    empty_position,
    give,
    place_adventurer,
    place_item,
)
from dungeoncraft_widgets.core.errors import (
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
)
from dungeoncraft_widgets.core.rng import Rng


@pytest.fixture(scope="module")
def saved():
    game = al.new_game(["You", "Bot"], seed=3, adventure=2)
    rng = Rng(3)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    return game.to_json()


def tampered(text, change):
    doc = json.loads(text)
    change(doc)
    return json.dumps(doc)


class state:  # noqa: N801 - reads as "the state(s) of the document"
    """The saved position(s) a change is made to: both the start and the current one, so
    that the change is seen whichever the engine restores first (a change of the current
    position alone is caught by replaying the history too)."""

    def __init__(self, doc):
        self.parts = [doc["start"]["state"], doc["current"]["state"]]

    def update(self, **values):
        for part in self.parts:
            part.update(values)

    def pop(self, key):
        for part in self.parts:
            part.pop(key)

    def __getitem__(self, key):
        return _Both([part[key] for part in self.parts])


class _Both:
    def __init__(self, items):
        self.items = items

    def __getitem__(self, key):
        return _Both([item[key] for item in self.items])

    def update(self, *args, **values):
        for item in self.items:
            item.update(*args, **values)

    def __setitem__(self, key, value):
        for item in self.items:
            item[key] = list(value) if isinstance(value, list) else value


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: state(d).update(is_over=True), "'is_over' was unexpected"),
    (lambda d: state(d).update(legal_actions=1), "'legal_actions' was unexpected"),
    (lambda d: state(d).update(rng=None), "'rng' was unexpected"),
    (lambda d: state(d).pop("deck"), "'deck' is a required property"),
    (lambda d: state(d).update(phase="setup"), "phase: 'setup' is not one of"),
    (lambda d: state(d)["stock"][0].update(gold=5), "pieces do not add up"),
    (lambda d: state(d)["stock"][0].update(gold="2"), r"stock\[0\].gold: '2' is not of type"),
    (lambda d: state(d)["stock"][1].update(herbs=[7]), r"stock\[1\].herbs\[0\]: 7 is not one"),
    (lambda d: state(d).update(sprite="A1"), "sprite: A1 is not a free river field"),
    (lambda d: state(d)["board"].update(A1="F9"), "board.A1: 'F9' does not match"),
    (lambda d: state(d)["adventurers"][0].__setitem__(0, ["row:5", 0]) or
     state(d)["adventurers"][0].__setitem__(1, ["row:5", 0]), "not a free start lane"),
    (lambda d: state(d).update(turn_player=3), "turn_player/retired"),
    (lambda d: state(d).update(track=[5, 0]), "only Adventure 1 scores during the game"),
    (lambda d: d["current"].update(state=[]) or d["start"].update(state=[]),
     r"\[\] is not of type 'object'"),
    (lambda d: d["options"].update(layout="/dev/zero"), "options.layout: a saved game holds"),
    (lambda d: d["options"]["layout"].update(digest="0123456789abcdef"),
     "another version of the shipped board.json"),
    (lambda d: d["options"]["pieces"].update(digest="0123456789abcdef"),
     "another version of the shipped pieces.json"),
    (lambda d: d["options"].pop("pieces"), "options.pieces"),
    (lambda d: d["options"].update(adventure=True), "options: adventure must be a whole number"),
])
def test_tampered_saves_are_refused_naming_what_is_wrong(saved, change, message):
    with pytest.raises(SaveFormatError, match=message):
        al.load_game(tampered(saved, change))


def test_a_save_round_trips_and_holds_no_path(saved, tmp_path):
    assert al.load_game(saved).to_json() == saved
    data = json.loads((al.data.DATA / "board.json").read_text())
    rows = [list(r) for r in data["rows"]]
    rows[0][0], rows[0][2] = "F", "M"
    data["rows"] = ["".join(r) for r in rows]
    path = tmp_path / "my_board.json"
    path.write_text(json.dumps(data))
    game = al.new_game(seed=5, layout=path)
    text = game.to_json()
    assert str(tmp_path) not in text and "my_board" not in text
    assert json.loads(text)["options"]["layout"]["rows"][0].startswith("FMM")
    path.unlink()                                   # the save does not need the file
    assert al.load_game(text).layout.terrain["A1"] == "forest"
    with pytest.raises(InvalidArgumentError, match="never a path"):
        al.AdventureLandState(2, 1, layout=str(path))


def test_own_pieces_play_and_save_with_their_data(tmp_path):
    """An owner of the printed game loads their own tile counts and laurels (the shipped
    pieces.json reconstructs them): the game is dealt and scored from them, and its save holds
    the data, never the path."""
    data = json.loads((al.data.DATA / "pieces.json").read_text())
    data["herbs"]["values"] = {"4": 20, "3": 0, "2": 0}        # any order in the file
    data["creatures"]["laurels"] = {"8": 1, "10": 2, "12": 3, "14": 4, "16": 5}
    path = tmp_path / "my_pieces.json"
    path.write_text(json.dumps(data))
    game = al.new_game(seed=5, pieces=path)
    assert set(game.herb_stack) == {4}
    assert {i for i in game.board.values() if i[0] == "H"} <= {"H4"}
    text = game.to_json()
    assert str(tmp_path) not in text and "my_pieces" not in text
    assert json.loads(text)["options"]["pieces"]["herbs"]["values"] == {"2": 0, "3": 0, "4": 20}
    path.unlink()                                   # the save does not need the file
    loaded = al.load_game(text)
    assert loaded.to_json() == text and loaded.pieces["creatures"]["laurels"]["16"] == 5
    scored = al.new_game(seed=5, adventure=2, pieces=data)
    strength = scored.creature_stack[0]
    give(scored, 0, creatures=(strength,))
    assert al.score_breakdown(scored, 0)["fog creatures"] == 2 * (strength - 6) // 2
    assert al.new_game(seed=5).to_json() != text
    assert json.loads(al.new_game(seed=5).to_json())["options"]["pieces"] == {
        "shipped": "pieces.json", "digest": al.data.shipped_pieces_digest()}
    with pytest.raises(InvalidArgumentError, match="never a path"):
        al.AdventureLandState(2, 1, pieces=str(path))
    data["herbs"]["values"] = {"2": 19}
    with pytest.raises(SaveFormatError, match="herbs.values: the game has 20 herbs"):
        al.new_game(seed=5, pieces=data)


def test_give_is_all_or_nothing_and_names_the_problem():
    s = empty_position()
    before = s.to_json()
    for call, message in [
        (lambda: give(s, 9, gold=2), r"player must be a whole number from 0 to 1 \(a seat of "
                                     r"this 2-player game\), not 9"),
        (lambda: give(s, 0, gold=2, herbs=(3, 9)), r"herbs\[1\] must be one of 2, 3 or 4, not 9"),
        (lambda: give(s, 0, gold=10**9), "gold must be a whole number from 0 to 18"),
        (lambda: give(s, 0, herbs="34"), "herbs must be a list, not '34'"),
        (lambda: give(s, 0, swords=(True,)), r"swords\[0\] must be one of 0, 1, 2 or 3, not True"),
        (lambda: give(s, 0, herbs=[2] * 21), "herbs holds at most 20 items, not 21"),
        (lambda: give(s, 0, herbs=(4,) * 7), "no 'H4' is left"),   # 6 herbs of 4 exist
    ]:
        with pytest.raises(InvalidArgumentError, match=message):
            call()
        assert s.to_json() == before


def test_place_adventurer_keeps_one_adventurer_per_lane():
    s = empty_position(3)
    place_adventurer(s, 0, "E4", origin="row:2")
    with pytest.raises(InvalidArgumentError, match="already waits at the start of row 1"):
        place_adventurer(s, 0, "row:1")
    with pytest.raises(InvalidArgumentError, match="no start lane with 3 players"):
        place_adventurer(s, 0, "row:5")
    place_adventurer(s, 0, "row:2", origin="E4")     # back to its own lane
    place_adventurer(s, 1, "E4")
    with pytest.raises(InvalidArgumentError, match="E4 is already taken"):
        place_adventurer(s, 0, "E4")
    with pytest.raises(InvalidArgumentError, match="player must be a whole number from 0 to 2"):
        place_adventurer(s, 3, "E5")
    place_item(s, "E6", "C")
    with pytest.raises(InvalidArgumentError, match="an adventurer stands on E4"):
        place_item(s, "E4", "G")
    assert al.load_game(s.to_json()).to_json() == s.to_json()


def test_undo_never_goes_back_past_a_card_turned_over_or_a_tile_seen():
    s = empty_position()
    place_item(s, "C1", "S2")
    s.apply("move row:1 B1")                   # nothing hidden seen: may be taken back
    assert s.can_undo
    s.undo()
    s.apply("move row:1 C1")                   # the sword's value is now known to player 0
    with pytest.raises(IllegalActionError, match="value of the sword taken on C1"):
        s.undo()
    s.apply("end")                             # player 1's terrain cards are turned over
    with pytest.raises(IllegalActionError, match="terrain cards have been turned over"):
        s.undo()


@pytest.mark.parametrize("adventure", [1, 2, 3])
def test_every_view_reports_the_engines_scores_at_the_end(adventure):
    game = al.new_game(["You", "Bot 1", "Bot 2"], seed=21, adventure=adventure)
    rng = Rng(21)
    checked = False
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        if adventure == 2 and not checked and any(game.stock[1]["herbs"]):
            seen = game.view(0)
            assert seen.scores_known()[1] is False and "face-down herb" in seen.score_note(1)
            assert seen.scores()[1] <= game.scores()[1]
            assert seen.scores_known()[0] is True        # your own tiles you know
            checked = True
    assert checked or adventure != 2
    for viewer in (None, 0, 1, 2):
        seen = game.view(viewer)
        assert seen.scores() == game.scores() and all(seen.scores_known())
        assert UNKNOWN not in seen.stock[1]["herbs"] + seen.stock[1]["swords"]
    reveal = next(e for e in game.log if e.kind == "reveal")
    assert reveal.visible_to is None and reveal.data["herbs"][1] == sorted(game.stock[1]["herbs"])


def test_log_lines_read_as_english_with_you():
    game = al.new_game(["You", "Bot"], seed=2)
    rng = Rng(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    text = "\n".join(e.text for e in game.log)
    for wrong in ("You moves", "You takes", "You's", "You has", "You uses", "You defeats",
                  "You ends", "You puts", "You gives", "You turns"):
        assert wrong not in text
    assert "You move" in text and "Bot moves" in text and "Your turn." in text


# ---------------------------------------------------------------- issue 24
def _start_edited(game, change):
    """``game`` saved as a position with no history (a position editor's save), with
    ``change`` made to that position."""
    doc = json.loads(game.to_json())
    doc["history"], doc["undo_floor"] = [], [0, ""]
    change(doc["current"]["state"])
    doc["start"] = json.loads(json.dumps(doc["current"]))
    return json.dumps(doc)


def _playing(seed=3, steps=40, adventure=2):
    game = al.new_game(["You", "Bot"], seed=seed, adventure=adventure)
    rng = Rng(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: s["deck"].__setitem__(0, "?"), "pieces do not add up"),
    (lambda s: s["deck"].append(s["discard"][0]), "pieces do not add up|maxItems"),
    (lambda s: s.update(gold_supply=s["gold_supply"] + 1), "pieces do not add up"),
    (lambda s: s["stock"][0]["swords"].append(3), "pieces do not add up"),
    (lambda s: s.update(turn_player=2), "turn_player"),
    (lambda s: s["adventurers"][1].__setitem__(0, next(
        [w, 0] for w, _c in s["adventurers"][0] if w[0] in "ABCDEFGHIJK" and w[1:].isdigit())),
     "already holds adventurers"),
    (lambda s: s.update(sprite="A1"), "sprite"),
    (lambda s: s.update(draws_left=3), "draws_left"),
])
def test_a_start_no_game_could_reach_is_refused_by_name(change, message):
    game = _playing()
    assert al.load_game(_start_edited(game, lambda s: None)).to_json()  # as it is: loads
    with pytest.raises(SaveFormatError, match=message):
        al.load_game(_start_edited(game, change))


@pytest.mark.parametrize("value", ["x", 10**9, 0, True, 1.0, None, [], -1])
def test_the_adventure_option_passes_the_checks_of_new_game(value):
    """adventure=1.0 was taken as 1, 'x' and 10**9 loaded from a save: an option is what
    new_game accepts, a whole number 1, 2 or 3."""
    with pytest.raises(InvalidArgumentError, match="adventure must be a whole number"):
        al.new_game(2, seed=1, adventure=value)
    doc = json.loads(_playing(steps=5).to_json())
    doc["options"]["adventure"] = value
    with pytest.raises(SaveFormatError, match="adventure"):
        al.load_game(json.dumps(doc))
    doc["options"] = dict(json.loads(_playing(steps=5).to_json())["options"], rounds=value)
    with pytest.raises(SaveFormatError, match="unknown option.*rounds"):
        al.load_game(json.dumps(doc))


def test_a_herb_shown_in_battle_and_the_final_reveal_cannot_be_taken_back():
    """A herb is face down in front of its owner; used in a battle its value is shown to
    everyone (no die is rolled): undo stops there. So at the end, when every tile is
    shown."""
    s = al.fight_position(16, swords=(), herbs=(4, 2), gold=0, seed=0)
    s.apply("swords -")                         # no sword: no die, nothing random
    assert s.can_undo
    s.apply("herb 4")
    assert not s.can_undo
    with pytest.raises(IllegalActionError, match="herb of 4 has been shown"):
        s.undo()
    game = al.new_game(["You", "Bot"], seed=5)
    rng = Rng(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert not game.can_undo and "face-down tile" in game.undo_reason


@pytest.mark.parametrize("adventure", [1, 2, 3])
def test_a_views_score_is_the_true_one_or_says_what_it_cannot_count(adventure):
    """At every step of seeded games, each view's score of each player is the game's, or
    the view says what it leaves out (face-down tiles it has not seen), and is then a lower
    bound; the acting player's view lists exactly the game's legal actions."""
    differed = 0
    for seed in (1, 2):
        game = al.new_game(["You", "Bot 1", "Bot 2"], seed=seed, adventure=adventure)
        rng = Rng(seed)
        while not game.is_over:
            true = game.scores()
            for viewer in (None, 0, 1, 2):
                seen = game.view(viewer)
                for p, score in enumerate(seen.scores()):
                    if score != true[p]:
                        differed += 1
                        assert seen.score_note(p).startswith("not counting") and score < true[p]
                        assert seen.scores_known()[p] is False
                    elif seen.score_note(p):
                        assert seen.scores_known()[p] is False  # may still come out equal
                    else:
                        assert seen.scores_known()[p] is True
                listed = seen.legal_actions()
                assert listed == (game.legal_actions() if viewer == game.current_player
                                  else [])
            game.apply(rng.choice(game.legal_actions()))
    assert differed > 0 if adventure == 2 else differed == 0
