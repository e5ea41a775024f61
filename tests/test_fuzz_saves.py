"""Fuzzing saved games (hypothesis) for every registered game and the demo game.

Each example tampers with a real save: a key removed, a value of another type, a
number changed or made huge, deep nesting, an option naming ``/dev/zero``, start,
history and position made to disagree. Loading it must give a named library error
(``DungeoncraftError``) within a bound of work, or, where the tampered save is still
a consistent game, load that game exactly: what it writes is the document read, and
replaying its history from its start gives it again.

What core guarantees alone (anything in ``current``, the document's own keys, file
names, nesting, size) is refused for every game whatever the game does. What rests
on the game (a tampered ``start`` is checked by its ``state_schema`` and ``_restore``)
is tested the same way for every game: a game that does not check it yet fails here.
"""

from __future__ import annotations

import copy
import json
import os
from functools import cache

import pytest
from conformance import assert_library_error, bounded_work
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import dungeoncraft_widgets
from dungeoncraft_widgets import demo_game
from dungeoncraft_widgets.core import DungeoncraftError, Rng
from dungeoncraft_widgets.core.saves import canonical

GAMES = {"demo": demo_game, **dungeoncraft_widgets.GAMES}

# Short in the suite (derandomized: the same examples every run, no shrinking: a failure is
# reported as found); DCW_FUZZ_EXAMPLES=1000 runs it longer, benchmarks/soak.py longer still.
FUZZ = settings(max_examples=int(os.environ.get("DCW_FUZZ_EXAMPLES", 25)), deadline=None,
                derandomize=True, database=None,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck))


@cache
def saved_text(name: str) -> str:
    """A save of a game of ``name`` some way in (random legal play, fixed seed)."""
    game = GAMES[name]
    state = game.new_game(players=game.PLAYER_COUNTS[-1], seed=11)
    rng = Rng(11)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state.to_json()


def paths(doc: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON document (key or index paths), the top included."""
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:30]):  # a long log: its first items are enough
            out += paths(value, (*prefix, i))
    return out


def deep(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


REPLACEMENTS = st.sampled_from([
    None, True, False, 0, -1, 1.5, 2**64, -(2**70), 10**30, "", "x", "-", "\u0000",
    "x" * 5000, [], {}, [None], {"": None}, "/dev/zero", deep(40),
])


def tamper(doc: dict, path: tuple, how: str, value: object) -> dict:
    doc = copy.deepcopy(doc)
    if not path:
        return doc if how != "replace" else {"value": value}
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    old = parent[last]
    if how == "remove":
        del parent[last]
    elif how == "replace":
        parent[last] = value
    elif how == "bump" and isinstance(old, int) and not isinstance(old, bool):
        parent[last] = old + 1
    elif how == "bump" and isinstance(old, str):
        parent[last] = old + "!"
    elif how == "add" and isinstance(old, dict):
        old["extra"] = value
    elif how == "add" and isinstance(old, list):
        old.append(value)
    else:
        parent[last] = value
    return doc


def load_outcome(name: str, text: str) -> str:
    """Load ``text``: "refused" (a named library error) or "loaded" (a consistent game)."""
    game = GAMES[name]
    try:
        with bounded_work():
            loaded = game.load_game(text)
    except DungeoncraftError as error:
        assert_library_error(error)
        return "refused"
    except Exception as error:  # noqa: BLE001 - anything else is the failure reported
        raise AssertionError(f"{name}: {type(error).__name__} escaped: {error}") from error
    written = loaded.to_json()
    assert written == canonical(json.loads(text)), "the loaded game is not the document read"
    if loaded.viewer is None and loaded._start is not None:
        with bounded_work():
            assert loaded.replay(from_start=True).to_json() == written
            if not loaded.is_over:
                loaded.apply(loaded.legal_actions()[0])
                assert game.load_game(loaded.to_json()).to_json() == loaded.to_json()
    return "loaded"


# Places where any change is refused by core itself, whatever the game.
CORE_CHECKED = ("current", "format", "version", "game", "viewer", "undo_floor")


def must_refuse(doc: dict, path: tuple, how: str) -> bool:
    """Whether core alone refuses this change, whatever the game."""
    if not path or path[0] in CORE_CHECKED:
        return True
    if len(path) == 1 and how == "remove":
        return True  # every key of the document is required
    if path[0] == "seed":  # any whole number in range is a seed (it only says where it began)
        seed = doc.get("seed")
        return type(seed) is not int or not 0 <= seed < 2**64
    return False


@pytest.mark.parametrize("name", list(GAMES))
@FUZZ
@given(data=st.data())
def test_a_tampered_save_is_refused_or_loads_as_a_consistent_game(name, data):
    original = json.loads(saved_text(name))
    places = [p for p in paths(original) if not p or p[0] != "start"]
    path = data.draw(st.sampled_from(places), label="path")
    how = data.draw(st.sampled_from(["remove", "replace", "bump", "add"]), label="how")
    value = data.draw(REPLACEMENTS, label="value")
    doc = tamper(original, path, how, value)
    if doc == original:
        return
    outcome = load_outcome(name, json.dumps(doc))
    if must_refuse(doc, path, how):
        assert outcome == "refused", f"{name}: accepted a change at {path} ({how} {value!r})"


@pytest.mark.parametrize("name", list(GAMES))
@FUZZ
@given(data=st.data())
def test_a_tampered_start_is_refused_or_loads_as_a_consistent_game(name, data):
    """Rests on the game: its state_schema and _restore check the start position."""
    original = json.loads(saved_text(name))
    places = paths(original["start"], ("start",))
    path = data.draw(st.sampled_from(places), label="path")
    how = data.draw(st.sampled_from(["remove", "replace", "bump", "add"]), label="how")
    value = data.draw(REPLACEMENTS, label="value")
    doc = tamper(original, path, how, value)
    if doc != original:
        load_outcome(name, json.dumps(doc))


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("key", ["layout", "cards", "deck", "characters", "adventure"])
def test_an_option_naming_a_file_is_refused_or_ignored(name, key):
    """No save makes loading open a file: /dev/zero would read forever."""
    doc = json.loads(saved_text(name))
    doc["options"][key] = "/dev/zero"
    load_outcome(name, json.dumps(doc))


@pytest.mark.parametrize("name", list(GAMES))
def test_start_history_and_position_must_agree(name):
    original = json.loads(saved_text(name))
    other_game = GAMES[name].new_game(players=len(original["players"]), seed=12)
    other = json.loads(other_game.to_json())
    for key in ("start", "current"):  # one position from another game
        doc = dict(original, **{key: other[key]})
        assert load_outcome(name, json.dumps(doc)) == "refused", key
    doc = dict(original, history=list(reversed(original["history"])))
    assert load_outcome(name, json.dumps(doc)) == "refused"
    doc = dict(original, history=original["history"][:-2])
    assert load_outcome(name, json.dumps(doc)) == "refused"


@pytest.mark.parametrize("name", list(GAMES))
def test_deep_nesting_and_huge_documents_are_refused_before_parsing(name):
    text = saved_text(name)
    deep_text = text.replace('"options":{', '"options":{"x":' + "[" * 50 + "]" * 50 + ",", 1)
    assert load_outcome(name, deep_text) == "refused"
    huge = text.replace('"options":{', '"options":{"x":"' + "x" * 31_000_000 + '",', 1)
    assert load_outcome(name, huge) == "refused"
    assert load_outcome(name, text.replace('"seed":', '"seed":1' + "0" * 5000 + "+", 1)) \
        == "refused"


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize(("key", "value"), [
    ("is_over", True), ("legal_actions", 1), ("rng", None), ("players", []), ("history", 7),
    ("_start", None), ("__class__", "x"), ("extra", 1)])
def test_a_start_position_with_a_key_the_game_does_not_save_is_refused(name, key, value):
    """A game must never set what a save says as attributes; core reads the start back."""
    doc = json.loads(saved_text(name))
    doc["start"]["state"][key] = value
    assert load_outcome(name, json.dumps(doc)) == "refused"
    doc = json.loads(saved_text(name))
    doc["start"]["state"] = {}
    assert load_outcome(name, json.dumps(doc)) == "refused"


@pytest.mark.parametrize("name", list(GAMES))
@FUZZ
@given(data=st.data())
def test_a_tampered_view_is_refused_or_loads_as_that_view(name, data):
    """A player's saved view has no history to check it by: the game's checks alone."""
    game = GAMES[name]
    state = game.load_game(saved_text(name))
    original = json.loads(state.view(0).to_json())
    path = data.draw(st.sampled_from(paths(original["current"], ("current",))), label="path")
    how = data.draw(st.sampled_from(["remove", "replace", "bump", "add"]), label="how")
    value = data.draw(REPLACEMENTS, label="value")
    doc = tamper(original, path, how, value)
    if doc != original:
        load_outcome(name, json.dumps(doc))
