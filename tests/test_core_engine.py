"""The engine's guarantees, on the demo game: apply is all or nothing, undo starts from the
nearest checkpoint, saves are verified, seeds and names are bounded, fields are typed."""

import json
from dataclasses import dataclass

import pytest

from dungeoncraft_widgets import demo_game
from dungeoncraft_widgets.core import (
    ActionFailedError,
    DungeoncraftError,
    GameState,
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
    normalize_players,
)
from dungeoncraft_widgets.core import engine as engine_module
from dungeoncraft_widgets.core.actions import Action, parse_action
from dungeoncraft_widgets.core.charts import bar_chart
from dungeoncraft_widgets.core.data import read_json
from dungeoncraft_widgets.core.saves import SAVE_SCHEMA, canonical
from dungeoncraft_widgets.core.scene import Group, Polygon, Rect, Scene
from dungeoncraft_widgets.demo_game import DemoState, Play


class Counting(DemoState):
    """The demo game with a checkpoint every 4 actions, counting the actions it performs;
    a drawn card does not stop undo here (so that every action can be taken back)."""

    checkpoint_every = 4
    performed = 0

    def _perform(self, action):
        Counting.performed += 1
        super()._perform(action)

    def mark_irreversible(self, reason):
        pass


class Faulty(Counting):
    """Fails half way through playing the 7 (after the card has left the hand, a line was
    logged and the RNG was used)."""

    failure: BaseException = KeyError("7")

    def _perform(self, action):
        if isinstance(action, Play) and action.card == 7:
            Counting.performed += 1
            self.hands[self.current_player].remove(7)
            self.record("play", "half a play")
            self.rng.next64()
            self.turn += 1
            raise self.failure
        super()._perform(action)


def faulty_game_at_seven(seed=0):
    """A Faulty game where the player to act holds the 7, after more than 4 actions."""
    for s in range(seed, seed + 200):
        state = Faulty(2, s)
        while not state.is_over:
            if Play(7) in state.legal_actions() and len(state.history) > 5:
                return state
            legal = state.legal_actions()
            state.apply(next((a for a in legal if a != Play(7)), legal[0]))
    raise AssertionError("no game reached the 7")


def test_a_failure_half_way_changes_nothing():
    state = faulty_game_at_seven()
    before, log, history = state.to_json(), state.log, state.history
    with pytest.raises(ActionFailedError, match="play 7.*KeyError") as info:
        state.apply(Play(7))
    assert isinstance(info.value.__cause__, KeyError)
    assert isinstance(info.value, DungeoncraftError)
    assert state.to_json() == before
    assert state.log is log and state.history is history
    state.apply(next(a for a in state.legal_actions() if a != Play(7)))  # the game goes on
    assert Faulty.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("failure", [IllegalActionError("a late refusal"), KeyboardInterrupt()])
def test_a_library_error_or_an_interrupt_half_way_is_raised_as_it_was(failure):
    state = faulty_game_at_seven()
    before = state.to_json()
    state.failure = failure
    with pytest.raises(type(failure)):
        state.apply(Play(7))
    assert state.to_json() == before


def test_putting_back_replays_from_the_nearest_checkpoint_only():
    state = faulty_game_at_seven()
    Counting.performed = 0
    with pytest.raises(ActionFailedError):
        state.apply(Play(7))
    # the failed action, then fewer than checkpoint_every actions replayed
    assert 1 <= Counting.performed <= Counting.checkpoint_every


def test_undo_from_a_checkpoint_equals_a_replay_from_the_start():
    state = Counting(3, seed=4)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert len(state.history) > 3 * Counting.checkpoint_every
    while state.can_undo:
        expected = state.replay(upto=len(state.history) - 1, from_start=True).to_json()
        Counting.performed = 0
        state.undo()
        assert Counting.performed < Counting.checkpoint_every
        assert state.to_json() == expected
    assert state.history == [] or not state.can_undo


def test_a_new_start_drops_the_old_checkpoints():
    """A position editor makes the edited position the start: undo must not use the
    checkpoints of the line of play before the edit."""
    state = Counting(2, seed=1)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    state.turn += 1  # an edit (the other player is to act), then it is the start
    state._start = state._snapshot()
    state.history = []
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    expected = state.replay(upto=5, from_start=True).to_json()
    state.undo()
    assert state.to_json() == expected


def test_replay_and_view_arguments_are_checked():
    state = demo_game.new_game(players=2, seed=3)
    state.apply("draw")
    for bad in (-1, 2, True, "1", 1.0):
        with pytest.raises(InvalidArgumentError, match="upto"):
            state.replay(upto=bad)
    for bad in (2, -1, True, "0"):
        with pytest.raises(InvalidArgumentError, match="player"):
            state.view(bad)


# ---------------------------------------------------------------- saves
def played(seed=2, actions=8):
    state = demo_game.new_game(players=2, seed=seed)
    for _ in range(actions):
        state.apply(state.legal_actions()[-1])
    return state


def test_a_save_is_canonical_json_that_the_documented_schema_accepts():
    from jsonschema import Draft202012Validator

    text = played().to_json()
    doc = json.loads(text)
    assert canonical(doc) == text
    Draft202012Validator.check_schema(SAVE_SCHEMA)
    assert not list(Draft202012Validator(SAVE_SCHEMA).iter_errors(doc))


def test_a_save_in_other_formatting_or_as_bytes_loads():
    state = played()
    text = state.to_json()
    assert demo_game.load_game(json.dumps(json.loads(text), indent=2)).to_json() == text
    assert DemoState.from_json(text.encode()).to_json() == text


def edited(text, edit):
    doc = json.loads(text)
    edit(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["current"]["state"]["table"][0].append(0), "current.state"),
    (lambda d: d["current"]["state"].update(turn=d["current"]["state"]["turn"] + 1),
     "current.state.turn"),
    (lambda d: d["current"]["log"][-1].update(text="edited"), "history step"),
    (lambda d: d["current"].update(rng=1), "random number generator"),
    (lambda d: d["history"].pop(), "saved log has 1 events more"),
    (lambda d: d["history"].append("draw"), "history step 9"),
    (lambda d: d["history"].append("draw 7"), "cannot be replayed"),
    (lambda d: d["history"].__setitem__(0, "play 1"), "history step 1"),
    (lambda d: d.update(undo_floor=[1, "edited"]), "undo_floor"),
    (lambda d: d["start"]["state"].update(turn="x"), "start.state: turn"),
    (lambda d: d["start"]["state"].pop("deck"), "start.state"),
    (lambda d: d["start"].update(state={}), "start.state"),
    (lambda d: d.pop("history"), "history"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.update(seed=2**64), "seed"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(seed=10**4000), "seed"),
    (lambda d: d.update(players=["A", "A"]), "players"),
    (lambda d: d.update(players=["A", "B\x07"]), "control character"),
    (lambda d: d.update(players=["A"]), "players"),
    (lambda d: d.update(viewer=0), "viewer"),
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(game="chess"), "chess"),
    (lambda d: d.update(format=None), "not a dungeoncraft_widgets saved game"),
])
def test_a_tampered_save_is_refused_naming_the_problem(edit, message):
    text = played().to_json()
    with pytest.raises(SaveFormatError, match=message):
        demo_game.load_game(edited(text, edit))


def test_the_first_differing_step_is_named():
    state = played(actions=10)
    text = state.to_json()
    doc = json.loads(text)
    log_length_after_3 = len(state.replay(upto=3, from_start=True).log)
    doc["current"]["log"][log_length_after_3 - 1]["text"] = "not what happened"
    with pytest.raises(SaveFormatError, match="history step 3"):
        demo_game.load_game(json.dumps(doc))


@pytest.mark.parametrize("text", [
    "[" * 100 + "]" * 100,
    '{"a": ' * 40 + "1" + "}" * 40,
    " " * 30_000_001,
    "not json",
    "[]",
    '{"format": "dungeoncraft_widgets/save", "version": 1, "game": "demo", "seed": 1e400}',
    b"\xff\xfe",
    None,
    12,
])
def test_what_is_not_a_save_is_refused(text):
    with pytest.raises(SaveFormatError):
        demo_game.load_game(text)


class DemoWithFile(DemoState):
    """A demo game that reads a data file named in its options (through the library's
    loader, core.data.read_json, as every game reads its data) when loading."""

    def _restore(self, data):
        path = self.options.get("deck_file")
        if path is not None:
            read_json(path, "deck")
        super()._restore(data)


@pytest.mark.parametrize("path", ["/dev/zero", "/etc/hostname", "../../../../dev/zero"])
def test_loading_a_save_opens_no_file(path):
    state = DemoWithFile(2, seed=1, deck_file=path)
    state.apply("draw")
    with pytest.raises(SaveFormatError, match="may not open"):
        DemoWithFile.from_json(state.to_json())


def test_a_view_saves_and_loads_as_a_view():
    state = played()
    seen = state.view(1)
    loaded = demo_game.load_game(seen.to_json())
    assert loaded.viewer == 1 and loaded.to_json() == seen.to_json()
    with pytest.raises(IllegalActionError, match="view"):
        loaded.apply(state.legal_actions()[0])
    doc = json.loads(seen.to_json())
    doc["history"] = ["draw"]
    with pytest.raises(SaveFormatError):
        demo_game.load_game(json.dumps(doc))


class Revealing(Counting):
    """Playing a card shows it: undo stops there."""

    def _perform(self, action):
        super()._perform(action)
        if isinstance(action, Play):
            GameState.mark_irreversible(self, "the card is face up")


def test_the_undo_floor_is_saved_and_checked():
    state = Revealing(2, seed=6)
    while not any(isinstance(a, Play) for a in state.history) or len(state.history) < 9:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if isinstance(a, Play)), legal[0]))
    assert state.undo_floor > 0 and state.undo_reason == "the card is face up"
    text = state.to_json()
    loaded = Revealing.from_json(text)
    assert (loaded.undo_floor, loaded.undo_reason) == (state.undo_floor, state.undo_reason)
    assert loaded.can_undo == state.can_undo
    lowered = edited(text, lambda d: d.update(undo_floor=[0, ""]))
    with pytest.raises(SaveFormatError, match="undo_floor"):
        Revealing.from_json(lowered)


def test_a_game_longer_than_a_save_holds_is_refused(monkeypatch):
    monkeypatch.setattr(engine_module, "MAX_HISTORY", 3)
    state = demo_game.new_game(players=2, seed=1)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="3 actions"):
        state.apply(state.legal_actions()[0])
    assert state.to_json() == before


# ---------------------------------------------------------------- seeds, names, fields
@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_seeds_in_range_are_accepted(seed):
    assert demo_game.new_game(seed=seed).seed == seed


@pytest.mark.parametrize("seed", [-1, 2**64, pytest.param(10**5000, id="5001 digits"),
                                  True, 4.0, "7"])
def test_seeds_out_of_range_are_refused(seed):
    with pytest.raises(InvalidArgumentError, match="seed"):
        demo_game.new_game(seed=seed)


def test_repeated_names_stay_distinct():
    assert normalize_players(["Bot", "Bot", "Bot 1"], 2, 4) == ("Bot 2", "Bot 3", "Bot 1")
    assert normalize_players(["A", "A 1", "A", "A 2"], 2, 4) == ("A 3", "A 1", "A 4", "A 2")
    assert normalize_players(["  Ada ", "Bob"], 2, 4) == ("Ada", "Bob")


@pytest.mark.parametrize(("players", "message"), [
    (10**9, "2 to 4 players"),
    ([f"p{i}" for i in range(10**5)], "2 to 4 players"),
    (["Ada", "x" * 41], "40 characters"),
    (["Ada", "Bo\nb"], "control character"),
    (["Ada", "Bob\u202e"], "control character"),
    (["Ada", ""], "empty"),
    (["Ada", 7], "text"),
    ("Ada", "number of players or a list"),
])
def test_bad_players_are_refused(players, message):
    with pytest.raises(InvalidArgumentError, match=message):
        normalize_players(players, 2, 4)


def test_names_with_emoji_joiners_are_fine():
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    assert normalize_players([family, "Bob"], 2, 4)[0] == family


@pytest.mark.parametrize("card", [True, 4.0, "4", None, 2**40, [4]])
def test_a_wrongly_typed_action_cannot_be_made(card):
    with pytest.raises(IllegalActionError, match="play card"):
        Play(card)


def test_a_copy_shares_no_list_of_the_position_with_the_original():
    """The copy made from each field's schema (slices for lists of plain values, a slice per
    row for lists of lists) leaves no list shared: changing the copy changes nothing of the
    original, in every game."""
    import copy

    import dungeoncraft_widgets
    from dungeoncraft_widgets.core import Rng

    def lists(value, path=""):
        if isinstance(value, list):
            yield path, value
            for i, item in enumerate(value):
                yield from lists(item, f"{path}[{i}]")
        elif isinstance(value, dict):
            for key, item in value.items():
                yield from lists(item, f"{path}.{key}")

    for name, game in dungeoncraft_widgets.GAMES.items():
        state = game.new_game(players=game.PLAYER_COUNTS[-1], seed=4)
        rng = Rng(4)
        for _ in range(60):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        twin = copy.deepcopy(state)
        for field in type(state).data_fields:
            mine = {id(v) for _, v in lists(state.__dict__[field])}
            for path, value in lists(twin.__dict__[field], field):
                assert id(value) not in mine, f"{name}: the copy shares {path}"
        assert twin.to_json() == state.to_json()


# ------------------------------------------------------------------ issue 24: named errors
@dataclass(frozen=True)
class Move(Action):
    verb = "move"
    piece: int
    to: str


@dataclass(frozen=True)
class Say(Action):
    verb = "say"
    claim: str = ""


def test_a_missing_last_field_is_refused_not_read_as_empty():
    """'play' was Play(card=''), 'drop T' Drop(column=''): a last text field with no default
    is never empty, parsed or made; one with a default may be left out."""
    with pytest.raises(IllegalActionError, match="move: missing to"):
        parse_action("move 2", [Move])
    with pytest.raises(IllegalActionError, match="to: .*it is empty"):
        Move(2, "")
    assert parse_action("move 2 E5", [Move]) == Move(2, "E5")
    assert parse_action("say", [Say]) == Say("") and str(Say("")) == "say"
    assert parse_action("say I hold a troll", [Say]) == Say("I hold a troll")


@pytest.mark.parametrize("token", ["٤", "1_0", "+4", "４", "0x4", "4.0"])
def test_whole_numbers_are_ascii_digits(token):
    """int() reads '٤' (Arabic-Indic four) as 4: a number in an action's text is ASCII
    digits, as str(action) writes it."""
    with pytest.raises(IllegalActionError, match="piece: expected a whole number"):
        parse_action(f"move {token} E5", [Move])
    assert parse_action("move -3 E5", [Move]) == Move(-3, "E5")


def test_groups_nested_too_deep_are_refused_by_name():
    scene = Scene(10, 10)
    group = scene.add(Group("g0"))
    for i in range(1, 5000):
        group = group.add(Group(f"g{i}"))
    with pytest.raises(InvalidArgumentError, match="groups nest deeper than 32"):
        scene.to_svg()
    loop = Group("loop")
    loop.add(loop)  # a group inside itself
    with pytest.raises(InvalidArgumentError, match="groups nest deeper"):
        Scene(10, 10, [loop]).to_dict()
    with pytest.raises(InvalidArgumentError, match="int is not a shape"):
        Scene(10, 10, [Rect("r", 0, 0, 1, 1), 5]).to_svg()
    shallow = Scene(10, 10)
    group = shallow.add(Group("h0"))
    for i in range(1, 32):
        group = group.add(Group(f"h{i}"))
    assert shallow.to_svg().count("<g") == 32


@pytest.mark.parametrize("points", [[[1]], [[1, "x"]], 5, [[1, 2, 3]]])
def test_a_polygon_of_bad_points_is_refused_by_name(points):
    with pytest.raises(InvalidArgumentError, match="points must be"):
        Polygon("p", points)


@pytest.mark.parametrize("p", ["x", float("nan"), 2, -0.5, True, None])
def test_a_bar_chart_of_non_probabilities_is_refused_by_name(p):
    with pytest.raises(InvalidArgumentError, match=r"probabilities\[1\] must be a probability"):
        bar_chart({1: p})


def test_a_view_lists_its_own_players_legal_actions_only():
    """The acting player's view lists exactly the game's legal actions; another player's
    view, and a spectator's, list none (what another may do can hang on what the view does
    not show), and print(view) then says whose turn it is without counting."""
    game = demo_game.new_game(players=["You", "Bot"], seed=3)
    game.apply("draw")
    mover = game.current_player
    assert game.view(mover).legal_actions() == game.legal_actions() != []
    other = 1 - mover
    assert game.view(other).legal_actions() == [] and game.view(None).legal_actions() == []
    assert str(game.view(other)).splitlines()[-1] == f"{game.players[mover]}'s turn."
    assert "legal action" in str(game.view(mover)).splitlines()[-1]
    loaded = demo_game.load_game(game.view(mover).to_json())  # a view's save: the same
    assert loaded.legal_actions() == game.legal_actions()
