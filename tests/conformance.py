"""The checks every registered game passes (see test_conformance.py).

``check_playouts(game, seeds)`` plays random games and checks at every step:
legal actions apply; an illegal action is refused with IllegalActionError and
leaves ``to_json()`` byte-identical; save/load round-trips; components are
conserved; views hide the RNG and history; and at the end that the game ended
within the module's ``MAX_ACTIONS``, replaying the history reproduces the
state, and ``undo`` returns to the previous position.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import ModuleType

import pytest

from dungeoncraft_widgets.core import Action, GameState, IllegalActionError, Rng


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


def check_playouts(game: ModuleType, seeds: range, players: int) -> None:
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
        while not state.is_over:
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
        assert state.current_player is None
        assert state.legal_actions() == []
        assert len(state.scores()) == len(state.players)
        assert state.replay().to_json() == state.to_json(), "replaying the history differs"
        if state.can_undo:
            before_last = state.replay(upto=len(state.history) - 1).to_json()
            state.undo()
            assert state.to_json() == before_last
        elif state.history:
            check_refused_undo(state)


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
