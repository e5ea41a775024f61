"""Dubious Alliance data and saves: nothing malformed gets in, with a named error.

A deck file is checked when it is read (schema, then the rules a schema cannot
state) and a game keeps data, never a path; a saved position is checked against
``state_schema`` and then for cards and seats that make sense.
"""

import copy
import json

import pytest

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import DungeoncraftError, InvalidArgumentError
from dungeoncraft_widgets.core.errors import DataFormatError, SaveFormatError
from dungeoncraft_widgets.dubious_alliance.data import DATA_FILE, deck_option

DOC = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def edited(change):
    doc = copy.deepcopy(DOC)
    change(doc)
    return doc


def card_index(card_id):
    return next(i for i, c in enumerate(DOC["cards"]) if c["id"] == card_id)


BAD_DECKS = [
    # (what is wrong, the change, words the error must contain: card and field)
    ("a tracker with no level",
     lambda d: d["cards"][card_index("desertion")]["instructions"][0].pop("level"),
     "desertion", "needs the field 'level'"),
    ("a value given as text", lambda d: d["cards"][0].update(survival="2"),
     "cards[0].survival", "'2' is not of type"),
    ("an effect the engine does not know",
     lambda d: d["cards"][3]["instructions"].append({"when": "reveal", "do": "explode"})
     if "instructions" in d["cards"][3] else d["cards"][3].update(
         instructions=[{"when": "reveal", "do": "explode"}]),
     "cards[3].instructions[0].do", "explode"),
    ("every card with the same Prestige",
     lambda d: [c.update(prestige=1, survival=c["survival"] or 0) for c in d["cards"]],
     "prestige", "Dealer"),
    ("an id with a no-break space", lambda d: d["cards"][5].update(id="cave\u00a0troll"),
     "cards[5].id", "does not match"),
    ("types given as one word", lambda d: d["cards"][7].update(types="Monster"),
     "cards[7].types", "'Monster' is not of type 'array'"),
    ("two cards with one id", lambda d: d["cards"][9].update(id=d["cards"][8]["id"]),
     "cards[9]", "also the id"),
    ("two cards with one name", lambda d: d["cards"][9].update(name=d["cards"][8]["name"]),
     "cards[9]", ".name"),
    ("a field for another effect",
     lambda d: d["cards"][card_index("rust_monster")]["instructions"][0].update(level="traded"),
     "rust_monster", "instructions[0].level"),
    ("a type no card has",
     lambda d: d["cards"][card_index("smoky_forge")]["instructions"][0].update(type="Wepon"),
     "smoky_forge", "Wepon"),
    ("a misspelt field", lambda d: d["cards"][2].update(survivel=1),
     "cards[2]", "survivel"),
    ("half the values", lambda d: d["cards"][1].update(survival=None),
     "cards[1]", "both"),
    ("a limit for a type no card has", lambda d: d["limits"].update(Shield=1),
     "limits.Shield", "no card"),
    ("an effect where the vocabulary does not allow it",
     lambda d: d["cards"][card_index("healing_pool")]["instructions"][0].update(do="draw"),
     "healing_pool", "the effect 'draw' may appear on a reveal instruction, a gain "
     "instruction or a trading power, not on a respond power"),
    ("a power's field on a reveal instruction",
     lambda d: d["cards"][card_index("rust_monster")]["instructions"][0].update(whose="own"),
     "rust_monster", "instructions[0].whose"),
    ("a Player card ability at reveal",
     lambda d: d["player_cards"][0]["instructions"].append({"when": "reveal", "do": "draw"}),
     "player_cards[0]", "'respond' or 'trading'"),
]


@pytest.mark.parametrize(("what", "change", "where", "why"), BAD_DECKS,
                         ids=[b[0] for b in BAD_DECKS])
def test_a_malformed_deck_is_refused_naming_card_and_field(what, change, where, why):
    doc = edited(change)
    with pytest.raises(DataFormatError) as info:
        da.load_deck(doc)
    assert where in str(info.value) and why in str(info.value), str(info.value)
    with pytest.raises(DataFormatError):
        da.new_game(3, seed=1, deck=doc)


def test_deck_files_that_are_not_regular_json_objects(tmp_path):
    for name, content in [("binary.json", b"\xff\xfe\x00"), ("list.json", b"[1, 2]"),
                          ("deep.json", b"[" * 100 + b"]" * 100)]:
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(DataFormatError, match="Dubious Alliance cards"):
            da.load_deck(path)
    with pytest.raises(DataFormatError, match="not a regular file"):
        da.new_game(3, deck="/dev/zero")


def test_a_game_stores_deck_data_never_a_path(tmp_path):
    path = tmp_path / "mine.json"
    small = edited(lambda d: d.update(cards=d["cards"][:40]))
    path.write_text(json.dumps(small))
    state = da.new_game(3, seed=1, deck=path)
    assert state.options["deck"]["cards"] == small["cards"]
    assert str(tmp_path) not in state.to_json()
    path.unlink()  # the save does not need the file any more
    assert da.load_game(state.to_json()).to_json() == state.to_json()
    shipped = da.new_game(3, seed=1, deck=DATA_FILE)
    assert shipped.options["deck"] == deck_option(None) == {"shipped": "cards.json",
                                                            "digest": deck_option(None)["digest"]}
    assert shipped.to_json() == da.new_game(3, seed=1).to_json()


def resaved(state, change):
    doc = json.loads(state.to_json())
    change(doc)
    return json.dumps(doc)


def test_a_save_naming_a_path_or_another_shipped_deck_is_refused():
    state = da.new_game(3, seed=4)
    text = resaved(state, lambda d: d["options"].update(deck="/dev/zero"))
    with pytest.raises(DataFormatError, match="never a path"):
        da.load_game(text)
    text = resaved(state, lambda d: d["options"]["deck"].update(digest="0123456789abcdef"))
    with pytest.raises(DataFormatError, match="shipped deck changed"):
        da.load_game(text)


TAMPERED = [
    ("an unknown field", lambda s: s.update(is_over=True), "is_over"),
    ("a card that does not exist", lambda s: s["discard"].append("golden_goose"),
     "golden_goose"),
    ("a card in two places", lambda s: s["discard"].append(s["deck"][0]), "2 places"),
    ("a card gone missing", lambda s: s["deck"].pop(), "cards on the table"),
    ("a seat beyond the table", lambda s: s.update(dealer=5), "seat number"),
    ("a chief twice", lambda s: s.update(characters=[s["characters"][0]] * 3),
     "characters"),
    ("a wrong type", lambda s: s.update(round="2"), "round"),
    ("an impossible phase", lambda s: s.update(phase="resolve", window=None), "window"),
    ("a hand too large", lambda s: s["hands"][0].extend(s["deck"][:2]), "hands[0]"),
]


@pytest.mark.parametrize(("what", "change", "words"), TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_tampered_save_is_refused_with_a_named_error(what, change, words):
    state = da.new_game(3, seed=4)
    text = resaved(state, lambda d: change(d["current"]["state"]))
    with pytest.raises(SaveFormatError) as info:
        da.load_game(text)
    assert words in str(info.value), str(info.value)


def test_bounded_arguments_are_refused_before_any_work():
    from dungeoncraft_widgets.dubious_alliance import bots

    with pytest.raises(InvalidArgumentError, match="players"):
        da.new_game(8)
    with pytest.raises(InvalidArgumentError, match="characters"):
        da.new_game(3, characters=["gogog_bloodthroat"] * 10**6)
    with pytest.raises(InvalidArgumentError, match="unknown option"):
        da.DubiousAllianceState(3, seed=1, board="big")
    with pytest.raises(InvalidArgumentError, match="games"):
        bots.tournament(games=10**9)
    with pytest.raises(InvalidArgumentError, match="players"):
        bots.tournament(games=2, players=8)
    with pytest.raises(InvalidArgumentError, match="max_actions"):
        bots.play_game(["honest"] * 3, seed=1, max_actions=10**9)
    few = edited(lambda d: d.update(player_cards=d["player_cards"][:4]))
    with pytest.raises(InvalidArgumentError, match="at most 4 players"):
        da.new_game(5, deck=few)


def test_every_view_names_the_engines_scores_and_winner_at_the_end():
    from dungeoncraft_widgets.dubious_alliance.bots import play_game

    for seed in range(4):
        state = play_game(["honest", "liar", "hoarder", "liar"], seed=seed)
        assert state.is_over
        for p in [None, *range(4)]:
            seen = state.view(p)
            assert seen.scores() == state.scores()
            assert seen.winner() == state.winner() and seen.outcome == state.outcome


def test_errors_are_library_errors():
    """A bad deck is refused with a DataFormatError, which callers catch as a library error
    or as a ValueError."""
    for caught in (DataFormatError, DungeoncraftError, ValueError):
        with pytest.raises(caught, match="cards"):
            da.load_deck({"cards": "not a list"})


def test_a_deck_of_a_million_cards_is_refused_before_it_is_copied():
    with pytest.raises(DataFormatError, match="cards: more than 100,000 values"):
        da.load_deck({"cards": [{"id": f"c{i}"} for i in range(10**6)]})
