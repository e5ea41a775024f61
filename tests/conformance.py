"""The checks every registered game passes (see test_conformance.py).

``check_playouts(game, seeds)`` plays random games and checks at every step:
legal actions apply; an illegal action is refused with IllegalActionError and
leaves ``to_json()`` byte-identical; save/load round-trips; components are
conserved; views hide the RNG and history; and at the end that the game ended
within the module's ``MAX_ACTIONS``, replaying the history from the start
reproduces the state, ``undo`` (from the nearest checkpoint) returns to the
previous position, a save whose position does not follow from its history is
refused, and actions with fields of the wrong type cannot even be made.

From each game's own declaration of what a player cannot know (``hidden_zones``, see
core/engine.py): no view shows a piece hidden from its viewer and every view keeps each
hidden zone's size; undo is refused after any action that used the RNG or brought a piece
into a player's sight; once over, every action legal before the end is refused, the game
unchanged; and the pieces at the start are those the game's data files list, id by id.
"""

from __future__ import annotations

import dataclasses
import json
import resource
import signal
import types
import typing
from collections import Counter
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


def check_playouts(game: ModuleType, seeds: range, players: int, most: int | None = None,
                   every_step: bool = False) -> None:
    """Random playouts of ``game`` from each seed, every check on the way; ``most``: stop
    after that many actions (the opening of a game: the end's checks are then left out);
    ``every_step``: the hidden zones' checks on every step (else on about one in four of
    the thorough steps)."""
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
        check_components_from_data(state)
        check_hidden_zones(state)
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
            rng_before = state.rng.state
            zones_before = hidden_counts(state) if every_step or thorough else None
            state.apply(action)
            steps += 1
            assert state.components() == components, f"seed {seed}: pieces changed after {action}"
            if state.rng.state != rng_before:
                assert not state.can_undo, \
                    f"seed {seed}: {action} used the random generator, and undo may take it back"
            if zones_before is not None:
                shown = brought_into_sight(state, zones_before)
                if shown and not undoable_reveal(state, action):
                    assert not state.can_undo, \
                        f"seed {seed}: {action} showed {shown}, and undo may take it back"
            if state.is_over:
                check_refused_after_the_end(state, legal)
            if rng.randbelow(8) == 0 and thorough:
                text = state.to_json()
                loaded = game.load_game(text)
                assert loaded.to_json() == text, "save/load does not round-trip"
                state = loaded
            if rng.randbelow(8) == 0 and thorough:
                check_view(state)
            if every_step or (thorough and rng.randbelow(4) == 0):
                check_hidden_zones(state)
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


def _key(value: object) -> tuple:
    return (type(value).__name__, json.dumps(value, sort_keys=True))


def hidden_counts(state: GameState) -> list[tuple[Counter, Counter]]:
    """For every player, (the pieces of their hidden zones, the values of the position they
    see), counted: a piece in a hidden zone that also shows elsewhere (a note of which card
    a player chose, the card face up) is seen."""
    true = Counter(_key(v) for v in _leaves(state._dump()).values())
    out = []
    for p in range(len(state.players)):
        hidden = Counter(_key(v) for zone in state.hidden_zones(p).values() for v in zone)
        out.append((hidden, true - hidden))
    return out


def brought_into_sight(state: GameState, before: list[tuple[Counter, Counter]]
                       ) -> dict[int, list]:
    """For each player, the pieces that left their hidden zones since ``before`` (from
    :func:`hidden_counts`) and that they now see: what the action showed them."""
    out = {}
    for p, ((hidden0, seen0), (hidden1, seen1)) in enumerate(
            zip(before, hidden_counts(state), strict=True)):
        gained = (hidden0 - hidden1) & (seen1 - seen0)
        if gained:
            out[p] = sorted((json.loads(k[1]) for k in gained.elements()), key=str)
    return out


#: Actions after which a piece comes into some player's sight and yet undo may take them
#: back, by design: the demo game's 'play' (a card from the hand, as the GameApp tests use
#: it) and a Hero's 'pick' in Hero versus Guardian (the picker's own choice among cards
#: only they were shown: issue 24).
UNDOABLE_REVEALS = {"demo_game": {"play"}, "hero_vs_guardian": {"pick"}}


def undoable_reveal(state: GameState, action: Action) -> bool:
    parts = type(state).__module__.split(".")
    name = parts[1] if len(parts) > 1 and parts[0] == "dungeoncraft_widgets" else ""
    return action.verb in UNDOABLE_REVEALS.get(name, set())


def check_hidden_zones(state: GameState) -> None:
    """From the game's own declaration (``hidden_zones``): every player's view (and the
    spectator's) shows none of the pieces hidden from its viewer, and keeps every hidden
    zone with as many pieces."""
    true = Counter(_key(v) for v in _leaves(state._dump()).values())
    for player in [None, *range(len(state.players))]:
        zones = state.hidden_zones(player)
        seen = state.view(player)
        masked = seen.hidden_zones(player)
        assert {z: len(v) for z, v in masked.items()} == {z: len(v) for z, v in zones.items()}, \
            f"player {player}'s view does not keep the hidden zones' sizes"
        shown = Counter(_key(v) for v in _leaves(seen._dump()).values())
        hidden = Counter(_key(v) for zone in zones.values() for v in zone)
        for key, n in hidden.items():
            # masking replaces each hidden piece: at most the copies not hidden may show
            if shown[key] > true[key] - n:
                where = [z for z, v in zones.items() if any(_key(x) == key for x in v)]
                raise AssertionError(f"player {player}'s view shows {key[1]}, hidden from "
                                     f"them in {where}")


def _data(state: GameState, name: str) -> dict:
    import sys
    from pathlib import Path

    folder = Path(sys.modules[type(state).__module__].__file__).parent / "data"
    return json.loads((folder / name).read_text())


def data_components(state: GameState) -> tuple[Counter, set[str]] | None:
    """What the game's data files list, as a Counter of the ids ``components()`` uses, and
    the names of the pieces they do not list (tokens and adventurers the rulebook fixes);
    None for a game with no data files (the demo game)."""
    parts = type(state).__module__.split(".")
    game = parts[1] if len(parts) > 2 and parts[0] == "dungeoncraft_widgets" else None
    if game == "adventure_land":
        pieces, board = _data(state, "pieces.json"), _data(state, "board.json")
        out = Counter({f"card {c}{r}": 1 for c in board["columns"]
                       for r in range(1, len(board["rows"]) + 1)})
        out.update({f"sword +{v}": n for v, n in pieces["swords"]["values"].items()})
        out.update({f"herb {v}": n for v, n in pieces["herbs"]["values"].items()})
        out.update({f"creature {v}": n for v, n in pieces["creatures"]["strengths"].items()})
        out["gold"] = pieces["gold"]
        colours = ("black", "green", "violet", "orange")[:len(state.players)]
        return out, {*(f"adventurer {c}" for c in colours), "companion", "water sprite"}
    if game == "hero_vs_guardian":
        cards = _data(state, "cards.json")
        return Counter(c["id"] for kind in ("dungeon", "adventurers", "treasure")
                       for c in cards[kind]), {"level token", "map/scout token"}
    if game == "dubious_alliance":
        cards = _data(state, "cards.json")
        return Counter(c["id"] for kind in ("cards", "player_cards") for c in cards[kind]), \
            {"trade tracker"}
    if game == "dobbers":  # its card data, with the options' decks (Solo, events)
        return state.expected_components(), set()
    if game == "alderquest":
        return state.full_components(), set()
    return None


def check_components_from_data(state: GameState) -> None:
    """Every piece the data files list is in the game, as many times as they list it (not
    only as many pieces in all), and nothing else but the rulebook's own tokens."""
    listed = data_components(state)
    if listed is None:
        return
    expected, others = listed
    have = state.components()
    assert Counter({k: have[k] for k in expected}) == expected, \
        f"pieces missing or extra against the data files: " \
        f"{dict((expected - have) + (have - expected) & (expected | have))}"
    extra = set(have) - set(expected) - others
    assert not extra, f"pieces the data files do not list: {sorted(extra)[:5]}"


def check_refused_after_the_end(state: GameState, legal_before: list[Action]) -> None:
    """Once over, every action that was legal just before the end is refused, each leaving
    the game byte-identical, and nobody may act."""
    assert state.legal_actions() == [] and state.current_player is None
    before = state.to_json()
    for action in legal_before:
        check_refused(state, action, before)


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


# ------------------------------------------------------------------ trust (issue 24)
# A save is a game that could have been played: a start position edited by hand is refused
# with a named error, or loads as a game on which every ordinary call answers. Undo never
# un-sees. Every view lists exactly the legal actions of the player to act.

def start_save(text: str) -> dict:
    """The save ``text`` of a game rewritten as a save of its current position with no
    history (what a position editor saves): a start that no ``new_game`` made."""
    doc = json.loads(text)
    doc["start"] = json.loads(json.dumps(doc["current"]))
    doc["history"], doc["undo_floor"] = [], [0, ""]
    return doc


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in ``data`` (containers and leaves), as key paths."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, (*prefix, i))
    return out


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in (k, *_strings(v))]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def _replacements(value: object, others: list[str], rng: Rng) -> list[object]:
    """Values to put in place of ``value``: near misses of its own type first (a count one
    off, another card's id, a list with one more or one less), then other types."""
    if isinstance(value, bool):
        return [not value, 0, None]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 7, 10**9, True, None, "x"]
    if isinstance(value, str):
        return [rng.choice(others) if others else "x", "x", "", "?", None, 0]
    if isinstance(value, list):
        out: list[object] = [[], value[:-1] if value else [None], list(reversed(value))]
        if value:
            out.append([*value, value[rng.randbelow(len(value))]])  # one of them twice
        return [*out, "x", None]
    if isinstance(value, dict):
        out = [{}, None, {**value, "x": 0}]
        if value:
            key = rng.choice(sorted(value, key=str))
            out.append({k: v for k, v in value.items() if k != key})
        return out
    return [0, "x", [], {}]


def tampered_start(text: str, rng: Rng) -> tuple[str, str]:
    """A save of ``text``'s position as its start, with one place of that position changed
    (the same in its start and its current position, so the two agree): (what was changed,
    the save's text)."""
    doc = start_save(text)
    state = doc["start"]["state"]
    path = rng.choice(_paths(state)[1:])
    parent = state
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    new = rng.choice(_replacements(old, _strings(state), rng))
    for where in (doc["start"]["state"], doc["current"]["state"]):
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = json.loads(json.dumps(new))
    return f"{'.'.join(map(str, path))}: {json.dumps(old)[:40]} -> {json.dumps(new)[:40]}", \
        json.dumps(doc)


def tampered_options(text: str, rng: Rng) -> tuple[str, str]:
    """A save of ``text`` with one option given a value no ``new_game`` accepts ('x', 10**9,
    0, True, None, [] or an unknown option)."""
    doc = json.loads(text)
    keys = sorted(doc["options"])
    key = rng.choice([*keys, "no such option"])
    value = rng.choice(["x", 10**9, 0, True, -1, None, [], 2.5])
    doc["options"][key] = value
    return f"options.{key} = {json.dumps(value)}", json.dumps(doc)


def check_answers(game: ModuleType, state: GameState, components: object, rng: Rng,
                  steps: int = 4, where: str = "") -> None:
    """Every ordinary call on ``state`` answers (or refuses with a named error): the pieces
    are those of ``components``, whoever is to act has legal actions, every view scores and
    the acting player's view lists the game's legal actions, the game saves and loads
    back; then a few random legal actions all apply."""
    assert state.components() == components, f"{where}: the pieces are not the game's"
    for _ in range(steps + 1):
        repr(state), str(state)
        len(state.scores())
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [] and state.current_player is None, f"{where}: over, yet acting"
        else:
            assert legal and state.current_player is not None, \
                f"{where}: not over, but nobody may act"
        check_view_legal_actions(state, where)
        text = state.to_json()
        assert game.load_game(text).to_json() == text, f"{where}: save/load differs"
        if not legal:
            return
        state.apply(rng.choice(legal))
        assert state.components() == components, f"{where}: pieces changed"


def check_view_legal_actions(state: GameState, where: str = "") -> None:
    """Every player's view scores and draws; the acting player's view lists exactly the
    game's legal actions."""
    for player in [None, *range(len(state.players))]:
        seen = state.view(player)
        repr(seen), str(seen)
        assert len(seen.scores()) == len(state.players)
        if player is not None and player == state.current_player:
            assert [str(a) for a in seen.legal_actions()] == \
                [str(a) for a in state.legal_actions()], \
                f"{where}: player {player}'s view lists other legal actions than the game"


def tampered_start_outcome(game: ModuleType, text: str, rng: Rng) -> str:
    """Load a tampered start of ``text`` (:func:`tampered_start`): 'refused' (by a named
    error) or 'sound' (it loads, and :func:`check_answers` holds); anything else fails."""
    from dungeoncraft_widgets.core import DungeoncraftError

    what, bad = tampered_start(text, rng)
    components = game.load_game(text).components()
    try:
        loaded = game.load_game(bad)
    except DungeoncraftError as error:
        assert_library_error(error)
        return "refused"
    except Exception as error:  # noqa: BLE001 - reported with what was changed
        raise AssertionError(f"{what}: loading raised {type(error).__name__}: {error}") from error
    try:
        check_answers(game, loaded, components, rng, where=what)
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001
        raise AssertionError(f"{what}: loaded, then {type(error).__name__}: {error}") from error
    return "sound"


def tampered_options_outcome(game: ModuleType, text: str, rng: Rng) -> str:
    """'refused' for a save with an option ``new_game`` refuses; 'sound' if ``new_game``
    accepts it too and the save loads as a game on which every call answers
    (:func:`check_answers`); anything else fails."""
    from dungeoncraft_widgets.core import DungeoncraftError

    what, bad = tampered_options(text, rng)
    doc = json.loads(bad)
    # a save names a shipped data set by reference, which stands for new_game's None
    options = {name: None if isinstance(value, dict) and set(value) == {"shipped", "digest"}
               else value for name, value in doc["options"].items()}
    try:
        game.new_game(players=len(doc["players"]), seed=0, **options)
    except (DungeoncraftError, TypeError):  # TypeError: a keyword new_game does not take
        accepted = False
    else:
        accepted = True
    try:
        loaded = game.load_game(bad)
    except DungeoncraftError as error:
        assert_library_error(error)
        return "refused"
    except Exception as error:  # noqa: BLE001
        raise AssertionError(f"{what}: loading raised {type(error).__name__}: {error}") from error
    assert accepted, f"{what}: new_game refuses this option, but a save with it loaded"
    check_answers(game, loaded, loaded.components(), rng, where=what)
    return "sound"


HIDDEN_MARKS = ("?",)


def _leaves(data: object, prefix: tuple = ()) -> dict[tuple, object]:
    if isinstance(data, dict):
        out: dict[tuple, object] = {}
        for key, value in data.items():
            out.update(_leaves(value, (*prefix, key)))
        return out
    if isinstance(data, list):
        out = {}
        for i, value in enumerate(data):
            out.update(_leaves(value, (*prefix, i)))
        return out
    return {prefix: data}


def _value_key(value: object) -> object:
    return (type(value).__name__, value)


def sight(state: GameState, player: int | None) -> tuple:
    """What ``player`` sees of ``state`` as counts: the values their view shows where the
    game has them (seen), and the game's values where the view hides them (hidden)."""
    from collections import Counter

    true = _leaves(state._dump())
    shown = _leaves(state.view(player)._dump())
    seen: Counter = Counter()
    hidden: Counter = Counter()
    for path, value in true.items():
        if path in shown and shown[path] == value and type(shown[path]) is type(value):
            seen[_value_key(value)] += 1
        else:
            hidden[_value_key(value)] += 1
    return seen, hidden


def revealed(before: list[tuple], after: list[tuple]) -> dict[int | None, list]:
    """For each player, the values an action moved from what they could not see to what
    they see (``before``/``after``: :func:`sight` of every player)."""
    out = {}
    for player, ((seen0, hidden0), (seen1, hidden1)) in enumerate(zip(before, after,
                                                                      strict=True)):
        gained = (seen1 - seen0) & (hidden0 - hidden1)
        if gained:
            out[player] = sorted(gained, key=str)
    return out
