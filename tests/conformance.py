"""The checks every registered game passes (see test_conformance.py).

``check_playouts(game, seeds)`` plays random games and checks at every step:
legal actions apply; an illegal action is refused with IllegalActionError and
leaves ``to_json()`` byte-identical; save/load round-trips; components are
conserved; views hide the RNG and history; and at the end that the game ended
within the module's ``MAX_ACTIONS``, replaying the history from the start
reproduces the state, ``undo`` (from the nearest checkpoint) returns to the
previous position, a save whose position does not follow from its history is
refused, and actions with fields of the wrong type cannot even be made.
"""

from __future__ import annotations

import dataclasses
import json
import resource
import signal
import types
import typing
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType

import pytest

from dungeoncraft_widgets.core import Action, GameState, IllegalActionError, Rng, SaveFormatError


@dataclass(frozen=True)
class NotAnAction(Action):
    verb = "not-an-action"


def illegal_candidates(state: GameState, legal: list[Action]) -> list[Action | str]:
    """Actions that must be refused: unknown text, and real actions not legal now."""
    out: list[Action | str] = ["fly to the moon", "", NotAnAction()]
    for other in list(state.history[-10:]):
        if other not in legal:
            out.append(other)
    return out


def check_refused(state: GameState, action: Action | str, before: str | None = None) -> None:
    """``action`` is refused with a reason, and ``to_json()`` stays ``before``."""
    before = state.to_json() if before is None else before
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert str(info.value), "an IllegalActionError must say why"
    assert state.to_json() == before, f"refusing {action!r} changed the state"


def check_playouts(game: ModuleType, seeds: range, players: int, most: int | None = None
                   ) -> None:
    """Random playouts of ``game`` from each seed, every check on the way; ``most``: stop
    after that many actions (the opening of a game: the end's checks are then left out)."""
    # The whole-state checks (refusals compared by to_json, save/load, views) cost time in
    # proportion to the log. A game whose random playouts run to thousands of actions sets
    # CONFORMANCE_FULL_STEPS: they then run on its first FULL_STEPS steps and on every step
    # numbered by a power of two after that; the other checks still run on every step.
    full_steps = getattr(game, "CONFORMANCE_FULL_STEPS", None)
    for seed in seeds:
        state = game.new_game(players=players, seed=seed)
        assert game.new_game(players=players, seed=seed).to_json() == state.to_json(), \
            "the same seed must give the same game"
        components = state.components()
        rng = Rng(seed)
        steps = 0
        while not state.is_over and (most is None or steps < most):
            assert steps <= game.MAX_ACTIONS, f"seed {seed}: no end after {steps} actions"
            legal = state.legal_actions()
            assert legal, f"seed {seed}: not over, but no legal action"
            assert state.current_player is not None
            thorough = full_steps is None or steps < full_steps or steps & (steps - 1) == 0
            if thorough:
                before = state.to_json()
                for bad in illegal_candidates(state, legal):
                    check_refused(state, bad, before)
            action = rng.choice(legal)
            assert game.parse_action(str(action)) == action, f"{action!r} does not parse back"
            state.apply(action)
            steps += 1
            assert state.components() == components, f"seed {seed}: pieces changed after {action}"
            if rng.randbelow(8) == 0 and thorough:
                text = state.to_json()
                loaded = game.load_game(text)
                assert loaded.to_json() == text, "save/load does not round-trip"
                state = loaded
            if rng.randbelow(8) == 0 and thorough:
                check_view(state)
        if most is None or state.is_over:
            assert state.current_player is None
            assert state.legal_actions() == []
            assert len(state.scores()) == len(state.players)
        text = state.to_json()
        assert state.replay(from_start=True).to_json() == text, "replaying the history differs"
        check_tampered_saves_refused(game, text)
        if state.can_undo:
            before_last = state.replay(upto=len(state.history) - 1, from_start=True).to_json()
            state.undo()
            assert state.to_json() == before_last
        elif state.history:
            check_refused_undo(state)
    check_action_fields_typed(game, players)


def check_tampered_saves_refused(game: ModuleType, text: str) -> None:
    """A save whose current position, log or history disagrees with its start is refused."""
    doc = json.loads(text)
    tampered = []
    if doc["history"]:
        tampered.append(dict(doc, history=doc["history"][:-1]))  # a step left out
    if doc["current"]["log"]:
        log = [dict(e) for e in doc["current"]["log"]]
        log[-1]["text"] += " (edited)"
        tampered.append(dict(doc, current=dict(doc["current"], log=log)))
    rng = (doc["current"]["rng"] + 1) % 2**64
    tampered.append(dict(doc, current=dict(doc["current"], rng=rng)))
    tampered.append(dict(doc, undo_floor=[doc["undo_floor"][0] + 1, "edited"]))
    tampered.append(dict(doc, seed=2**64))
    for bad in tampered:
        with pytest.raises(SaveFormatError):
            game.load_game(json.dumps(bad))


def wrong_values(hint: object) -> list[object]:
    """Values that a field annotated ``hint`` must refuse."""
    optional = typing.get_origin(hint) in (typing.Union, types.UnionType)
    if optional:
        hint = next(a for a in typing.get_args(hint) if a is not type(None))
    values: list[object] = [] if optional else [None]
    if hint is int:
        return [*values, True, 4.0, "4", 2**40]
    if hint is bool:
        return [*values, 1, "yes"]
    if hint is str:
        return [*values, 4, b"x", ["x"]]
    return [*values, "", [1], (None,)]  # tuples


def check_action_fields_typed(game: ModuleType, players: int) -> None:
    """Every action type of the game refuses fields of the wrong type, naming the field."""
    state_type = type(game.new_game(players=players, seed=0))
    for action_type in state_type.action_types:
        fields = dataclasses.fields(action_type)
        hints = typing.get_type_hints(action_type)
        good = [_valid_value(hints[f.name]) for f in fields]
        for i, f in enumerate(fields):
            for wrong in wrong_values(hints[f.name]):
                args = [*good[:i], wrong, *good[i + 1:]]
                with pytest.raises(IllegalActionError, match=f.name):
                    action_type(*args)


def _valid_value(hint: object) -> object:
    if typing.get_origin(hint) is not None and typing.get_origin(hint) is not tuple:
        return None  # X | None
    if hint is int:
        return 1
    if hint is bool:
        return True
    if hint is str:
        return "x"
    return ()


def check_refused_undo(state: GameState) -> None:
    """Undo past a revealed random result or hidden card is refused and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="undo"):
        state.undo()
    assert state.to_json() == before


def check_view(state: GameState) -> None:
    for player in [None, *range(len(state.players))]:
        seen = state.view(player)
        doc = json.loads(seen.to_json())
        assert doc["seed"] is None and doc["history"] == [] and doc["current"]["rng"] is None
        for event in seen.log:
            assert event.visible_to is None or player in event.visible_to
        check_refused(seen, state.legal_actions()[0] if state.legal_actions() else "x")


class WorkBoundExceeded(BaseException):  # noqa: N818 - not an Exception: nothing may catch it
    """Raised in the middle of work that outlived :func:`bounded_work`'s time."""


@contextmanager
def bounded_work(seconds: float = 10.0, memory: int = 2 * 2**30,
                 wall_seconds: float = 120.0) -> Iterator[None]:
    """Stop the work inside (WorkBoundExceeded) after ``seconds`` of CPU time (or, should it
    block without working, ``wall_seconds`` of wall-clock time), and let it allocate at most
    ``memory`` more bytes of address space (MemoryError beyond).

    A detector of hangs and runaway allocations, not a speed test: a bad input must be
    refused long before either bound, and CPU time is what a loaded machine does not
    stretch. Neither bound can be caught by the library's ``except Exception`` (the first
    is a BaseException; the second is looked for in the error's chain by
    :func:`assert_library_error`).
    """
    def stop(signum: int, _frame: object) -> None:
        what = "CPU" if signum == signal.SIGPROF else "wall-clock"
        raise WorkBoundExceeded(f"still working after {seconds if what == 'CPU' else wall_seconds}"
                                f" s of {what} time")

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGPROF, signal.SIGALRM)}
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as handle:
        used = int(handle.read().split()[0]) * resource.getpagesize()
    cap = used + memory if hard == resource.RLIM_INFINITY else min(used + memory, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, wall_seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def assert_library_error(error: BaseException) -> None:
    """``error`` is a named library error, and not a runaway (memory, recursion) in disguise."""
    from dungeoncraft_widgets.core import DungeoncraftError

    assert isinstance(error, DungeoncraftError), f"{type(error).__name__} escaped: {error}"
    assert str(error), "a library error must say what is wrong"
    cause: BaseException | None = error
    while cause is not None:
        assert not isinstance(cause, (MemoryError, RecursionError)), \
            f"unbounded work behind {error!r}: {cause!r}"
        cause = cause.__cause__ or cause.__context__
