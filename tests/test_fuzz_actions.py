"""Fuzzing actions (hypothesis) for every registered game and the demo game.

- An action built in Python with a field of the wrong type is refused when it is made,
  with IllegalActionError naming the field, generically from the dataclass annotations.
- Any action of the right types, any text and any object given to ``apply`` is either
  applied (it was legal) or refused with a named library error, and a refused one
  leaves the game exactly as it was (``to_json`` byte-identical), within a bound of work.
"""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
import unicodedata
from functools import cache

import pytest
from conformance import assert_library_error, bounded_work
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import dungeoncraft_widgets
from dungeoncraft_widgets import demo_game
from dungeoncraft_widgets.core import Action, DungeoncraftError, IllegalActionError, Rng
from dungeoncraft_widgets.core.actions import MAX_INT

GAMES = {"demo": demo_game, **dungeoncraft_widgets.GAMES}
FUZZ = settings(max_examples=int(os.environ.get("DCW_FUZZ_EXAMPLES", 40)), deadline=None,
                derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck))


@cache
def state_type(name: str) -> type:
    game = GAMES[name]
    return type(game.new_game(players=game.PLAYER_COUNTS[0], seed=0))


@cache
def positions(name: str) -> tuple[str, ...]:
    """Saves of a few positions of a random game (the start, the middle, near the end)."""
    game = GAMES[name]
    state = game.new_game(players=game.PLAYER_COUNTS[-1], seed=21)
    rng, out = Rng(21), [state.to_json()]
    for step in range(1, 200):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        if step in (7, 30, 120):
            out.append(state.to_json())
    return tuple(out)


def optional_inner(hint: object) -> tuple[object, bool]:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(hint) if a is not type(None)), True
    return hint, False


WORDS = st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=12)


def values_for(hint: object) -> st.SearchStrategy:
    """Values of the annotated type (possibly illegal in the game, never of the wrong type)."""
    inner, optional = optional_inner(hint)
    if inner is int:
        base = st.integers(-MAX_INT, MAX_INT)
    elif inner is bool:
        base = st.booleans()
    elif inner is str:
        base = st.from_regex(r"[A-Za-z0-9:_]{1,8}", fullmatch=True)
    elif typing.get_args(inner)[0] is int:
        base = st.lists(st.integers(-20, 20), max_size=5).map(tuple)
    else:
        base = st.lists(st.from_regex(r"[A-Za-z0-9]{1,6}", fullmatch=True), max_size=4).map(tuple)
    return st.one_of(st.none(), base) if optional else base


ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), WORDS,
    st.binary(max_size=8), st.lists(st.integers(), max_size=3),
    st.lists(st.integers(), max_size=3).map(tuple), st.dictionaries(WORDS, st.integers()),
    st.just(2**64), st.just(" ".join(["x"] * 3)), st.just("-"), st.just(""))


def is_of_type(value: object, hint: object, free_text: bool, required: bool = True) -> bool:
    """Whether an action field annotated ``hint`` takes ``value`` (``free_text``: the last
    ``str`` field, any words; ``required``: it has no default, so it is never empty)."""
    inner, optional = optional_inner(hint)
    if value is None:
        return optional
    if inner is int:
        return type(value) is int and -MAX_INT <= value <= MAX_INT
    if inner is bool:
        return type(value) is bool
    if inner is str:
        if type(value) is not str:
            return False
        controls = any(unicodedata.category(ch) == "Cc" for ch in value)
        if free_text:
            return (value == " ".join(value.split()) and not controls and len(value) <= 500
                    and (bool(value) or not required))
        return value != "-" and value.split() == [value] and not controls and len(value) <= 100
    item = typing.get_args(inner)[0]
    return type(value) is tuple and all(
        is_of_type(v, item, False) and (item is int or "," not in v) for v in value)


def action_types(name: str) -> list[type[Action]]:
    return [t for t in state_type(name).action_types if dataclasses.fields(t)]


@pytest.mark.parametrize("name", list(GAMES))
@FUZZ
@given(data=st.data())
def test_a_field_of_the_wrong_type_is_refused_naming_it(name, data):
    kind = data.draw(st.sampled_from(action_types(name)), label="action type")
    fields = dataclasses.fields(kind)
    hints = typing.get_type_hints(kind)
    args = [data.draw(values_for(hints[f.name]), label=f.name) for f in fields]
    i = data.draw(st.integers(0, len(fields) - 1), label="field")
    wrong = data.draw(ANYTHING, label="value")
    free_text = i == len(fields) - 1 and hints[fields[i].name] is str
    args[i] = wrong
    required = fields[i].default is dataclasses.MISSING
    if is_of_type(wrong, hints[fields[i].name], free_text, required):
        kind(*args)  # of the right type after all: made without complaint
        return
    with pytest.raises(IllegalActionError, match=fields[i].name):
        kind(*args)


def check_apply(name: str, text: str, action: object) -> None:
    game = GAMES[name]
    state = game.load_game(text)
    before = state.to_json()
    try:
        with bounded_work():
            state.apply(action)
    except DungeoncraftError as error:
        assert_library_error(error)
        assert state.to_json() == before, f"{name}: refusing {action!r} changed the game"
        return
    except Exception as error:  # noqa: BLE001 - anything else is the failure reported
        raise AssertionError(f"{name}: {type(error).__name__} escaped {action!r}: {error}") \
            from error
    # Applied: it was legal, and the game it made saves and loads.
    assert game.load_game(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("name", list(GAMES))
@FUZZ
@given(data=st.data())
def test_any_action_of_the_right_types_is_applied_or_refused_changing_nothing(name, data):
    text = data.draw(st.sampled_from(positions(name)), label="position")
    kind = data.draw(st.sampled_from(state_type(name).action_types), label="action type")
    hints = typing.get_type_hints(kind)
    args = [data.draw(values_for(hints[f.name]), label=f.name) for f in dataclasses.fields(kind)]
    try:
        action = kind(*args)
    except IllegalActionError:
        return  # e.g. a free text of the wrong shape: refused when made
    check_apply(name, text, action)


@pytest.mark.parametrize("name", list(GAMES))
@FUZZ
@given(data=st.data())
def test_any_text_or_object_is_applied_or_refused_changing_nothing(name, data):
    text = data.draw(st.sampled_from(positions(name)), label="position")
    state = GAMES[name].load_game(text)
    verbs = [t.verb for t in state_type(name).action_types]
    legal_texts = [str(a) for a in state.legal_actions()]
    words = st.one_of(st.sampled_from(verbs), WORDS, st.sampled_from(["-", ",", "yes", "9" * 30]))
    thing = data.draw(st.one_of(
        ANYTHING,
        st.lists(words, min_size=1, max_size=5).map(" ".join),
        st.sampled_from(legal_texts or ["x"]).map(lambda t: t + " extra"),
        st.just("x" * 100_000),
        st.builds(lambda c: c(), st.sampled_from([object, dict, list])),
    ), label="action")
    check_apply(name, text, thing)


@pytest.mark.parametrize("name", list(GAMES))
def test_an_action_of_another_game_is_refused(name):
    others = [n for n in GAMES if n != name]
    text = positions(name)[-1]
    for other in others:
        for kind in state_type(other).action_types:
            if kind not in state_type(name).action_types:
                hints = typing.get_type_hints(kind)
                fields = dataclasses.fields(kind)
                args = [{int: 1, bool: True, str: "x"}.get(optional_inner(hints[f.name])[0], ())
                        for f in fields]
                check_apply(name, text, kind(*args))
                break


def test_positions_are_real_saves():
    for name in GAMES:
        for text in positions(name):
            assert json.loads(text)["game"] == state_type(name).game_name


@pytest.mark.parametrize("name", list(GAMES))
def test_a_failure_half_way_leaves_every_game_as_it_was(name):
    """apply is all or nothing in every game: its own _perform, made to fail after doing its
    work (and, every other time, after using the RNG), leaves the game byte-identical."""
    base = state_type(name)

    class Failing(base):  # type: ignore[misc, valid-type]
        fail = False

        def _perform(self, action):
            super()._perform(action)
            if self.fail:
                if len(self.history) % 2:
                    self.rng.next64()
                raise ZeroDivisionError("made to fail")

    game = GAMES[name]
    state = Failing.from_json(game.new_game(players=game.PLAYER_COUNTS[-1], seed=8).to_json())
    rng = Rng(8)
    for step in range(150):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        if step % 7 == 3:
            before = state.to_json()
            state.fail = True
            with pytest.raises(DungeoncraftError, match="made to fail"):
                state.apply(action)
            state.fail = False
            assert state.to_json() == before, f"{name}: a failed {action} changed the game"
        state.apply(action)
    assert Failing.from_json(state.to_json()).to_json() == state.to_json()
