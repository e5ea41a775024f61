"""Soak test: long random play of every registered game, with bad input mixed in at every step.

Run: ``python benchmarks/soak.py [--games 10000] [--only hero_vs_guardian] [--seed 0]
[--workers 2] [--dask [ADDRESS]]`` (outside CI: 10,000 games of every game takes hours).
The games go through :func:`dungeoncraft_widgets.runs.run_seeds`: here, on ``--workers``
processes, or on a Dask cluster, with the same figures. For each game, every player count
and rules option in turn (``SOAK_OPTIONS``), it plays random legal actions and at every
step checks:

- illegal candidates are refused with a named library error and leave ``to_json()``
  byte-identical: garbage text, an action of no game, earlier actions not legal now,
  actions of the right field types drawn at random (unless legal), and actions with
  fields of the wrong type (refused when made);
- the game saves and loads back exactly (``--save-every``: every step by default),
  and a save with its position, log, RNG or history changed is refused;
- every player's view (and a spectator's) hides the RNG, seed and history, keeps only
  the log lines its player may see, refuses actions, and its save loads as the same view
  (or is refused with a named error: a game may refuse to load a view).

The checks of issue 24 (a save is a game that could have been played, undo never
un-sees, views agree with the game), from ``tests/conformance.py``:

- every view lists exactly its player's legal actions: the game's for the player to act,
  none for the others (every step);
- after any action that showed a player a value their view hid before (a card, a tile,
  the top of a deck: ``conformance.revealed``), undo is refused (every step);
- a save of the position as a start with no history, one place of it changed, is refused
  with a named error or loads as a game on which every ordinary call answers, with the
  game's pieces (``conformance.tampered_start_outcome``); a save with an option that
  ``new_game`` refuses ('x', 10**9, 0, True, ...) is refused
  (``conformance.tampered_options_outcome``) (``--tamper-every`` steps).

At the end of each game: the game ended within the module's ``MAX_ACTIONS``, has no
legal action, gives a score per player, replays from its start to the same game, and
``undo`` gives the position before (or is refused past revealed information).

Prints, per game: games, steps, checks made and failures (with the seed and step of
the first few, to replay them). Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import sys
import threading
import time
import traceback
import types
import typing
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import dungeoncraft_widgets
from dungeoncraft_widgets.core import Action, DungeoncraftError, IllegalActionError, Rng
from dungeoncraft_widgets.core.actions import MAX_INT
from dungeoncraft_widgets.runs import run_seeds

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import conformance  # noqa: E402 - the checks the test suite makes, shared

WORDS = ["x", "-", "0", "A1", "E5", "row:3", "T01", "A03", "D06", "zz", "dungeon", "box"]

#: Actions that show the other players only the acting player's own choice of a card they
#: know to be there, which the reveal check (it reads the positions, not the cards) cannot
#: tell from a reveal: Hero versus Guardian's 'pick' takes an Adventurer from the deck, whose
#: contents everyone knows (every Adventurer not in sight), in front of everyone.
CHOICES_SHOWN = {"hero_vs_guardian": {"pick"}}


@dataclass(frozen=True)
class NotAnAction(Action):
    verb = "not-an-action"


class Failure(Exception):
    pass


class GameTookTooLong(BaseException):  # noqa: N818 - not an Exception: nothing may catch it
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Failure(message)


def _inner(hint: object) -> tuple[object, bool]:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(hint) if a is not type(None)), True
    return hint, False


def random_value(rng: Rng, hint: object) -> object:
    inner, optional = _inner(hint)
    if optional and rng.randbelow(4) == 0:
        return None
    if inner is int:
        return rng.choice([-1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 30, MAX_INT])
    if inner is bool:
        return rng.randbelow(2) == 1
    if inner is str:
        return rng.choice([w for w in WORDS if w != "-"])
    item = typing.get_args(inner)[0]
    return tuple(random_value(rng, item) for _ in range(rng.randbelow(4)))


def wrong_value(rng: Rng, hint: object, free_text: bool) -> object:
    inner, optional = _inner(hint)
    choices: list[object] = [4.5, ["x"], {"a": 1}, b"x"] + ([] if optional else [None])
    if inner is int:
        choices += [True, "4", 2**40]
    elif inner is bool:
        choices += [1, "yes"]
    elif free_text:  # the last str field: any words, separated by single spaces
        choices += [4, " a", "a  b", "a\nb", "x\x00"]
    elif inner is str:
        choices += [4, "", "a b", "-", "x\x00"]
    else:
        choices += ["", [1], (4.5,)]
    return rng.choice(choices)


def same_but_free_text(action: Action, other: Action) -> bool:
    """Equal, but for the free text of a last ``str`` field (which any text fills)."""
    if type(action) is not type(other):
        return False
    fields = dataclasses.fields(action)  # type: ignore[arg-type]
    hints = typing.get_type_hints(type(action))
    if fields and hints[fields[-1].name] is str:
        fields = fields[:-1]
    return all(getattr(action, f.name) == getattr(other, f.name) for f in fields)


class Soak:
    """One game module soaked: counts of what was checked, and the failures found."""

    def __init__(self, name: str, game: types.ModuleType, save_every: int,
                 tamper_every: int = 10) -> None:
        self.name, self.game, self.save_every = name, game, save_every
        self.tamper_every = tamper_every
        self.counts: Counter[str] = Counter()
        self.failures: list[str] = []
        self.state_type = type(game.new_game(players=game.PLAYER_COUNTS[0], seed=0))

    def play(self, seed: int, players: int, options: dict | None = None) -> None:
        game, rng, options = self.game, Rng(seed), options or {}
        state = game.new_game(players=players, seed=seed, **options)
        check(game.new_game(players=players, seed=seed, **options).to_json() == state.to_json(),
              "the same seed gave another game")
        components = state.components()
        step = 0
        try:
            while not state.is_over:
                check(step <= game.MAX_ACTIONS, f"no end after {step} actions")
                legal = state.legal_actions()
                check(bool(legal) and state.current_player is not None,
                      "not over, but nobody to act or no legal action")
                before = state.to_json()
                for bad in self.bad_candidates(state, legal, rng):
                    self.refused(state, bad, before)
                action = rng.choice(legal)
                check(game.parse_action(str(action)) == action, f"{action!r} does not parse back")
                seen = [conformance.sight(state, p) for p in range(len(state.players))]
                state.apply(action)
                step += 1
                self.counts["steps"] += 1
                check(state.components() == components, f"pieces changed after {action}")
                self.undo_never_unsees(state, seen, action)
                if step % self.save_every == 0:
                    state = self.round_trip(state, rng)
                self.views(state, rng)
                if step % self.tamper_every == 0 and not state.is_over:
                    self.tampered_start(state, rng)
            self.ending(state, rng)
        except Exception as error:  # noqa: BLE001 - every failure is recorded, then go on
            where = f"{self.name} players={players} {options or ''} seed={seed} step={step}"
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            if not isinstance(error, Failure):
                frame = traceback.extract_tb(error.__traceback__)[-1]
                detail += f" (at {frame.filename.split('/')[-1]}:{frame.lineno})"
            self.failures.append(f"{where}: {detail}")
        self.counts["games"] += 1

    # ------------------------------------------------------------ the checks
    def bad_candidates(self, state, legal, rng: Rng) -> list[object]:
        out: list[object] = ["fly to the moon", "", NotAnAction(), 7, None,
                             " ".join(rng.choice(WORDS) for _ in range(3))]
        out += [a for a in state.history[-5:] if a not in legal]
        for _ in range(3):
            kind = rng.choice(self.state_type.action_types)
            hints = typing.get_type_hints(kind)
            fields = dataclasses.fields(kind)
            try:
                action = kind(*[random_value(rng, hints[f.name]) for f in fields])
            except IllegalActionError:
                continue
            if not any(same_but_free_text(action, other) for other in legal):
                out.append(action)
            if fields:  # the same type with one field of the wrong type: refused when made
                i = rng.randbelow(len(fields))
                args = [random_value(rng, hints[f.name]) for f in fields]
                free_text = i == len(fields) - 1 and hints[fields[i].name] is str
                args[i] = wrong_value(rng, hints[fields[i].name], free_text)
                try:
                    kind(*args)
                except IllegalActionError as error:
                    check(fields[i].name in str(error), f"{error} does not name the field")
                    self.counts["wrong types refused"] += 1
                else:
                    raise Failure(f"{kind.__name__}{tuple(args)!r} was made")
        return out

    def refused(self, state, bad: object, before: str) -> None:
        try:
            state.apply(bad)
        except DungeoncraftError as error:
            check(bool(str(error)), f"refusing {bad!r} said nothing")
        else:
            raise Failure(f"{bad!r} was applied although illegal")
        check(state.to_json() == before, f"refusing {bad!r} changed the game")
        self.counts["illegal refused"] += 1

    def round_trip(self, state, rng: Rng):
        text = state.to_json()
        loaded = self.game.load_game(text)
        check(loaded.to_json() == text, "save/load does not round-trip")
        self.counts["round trips"] += 1
        if rng.randbelow(10) == 0:
            self.tampered(text, rng)
        return loaded

    def tampered(self, text: str, rng: Rng) -> None:
        doc = json.loads(text)
        choice = rng.randbelow(4)
        if choice == 0 and doc["history"]:
            doc["history"] = doc["history"][:-1]
        elif choice == 1:
            doc["current"]["rng"] = (doc["current"]["rng"] + 1) % 2**64
        elif choice == 2 and doc["current"]["log"]:
            doc["current"]["log"][-1]["text"] += "!"
        else:
            key = rng.choice(sorted(doc["current"]["state"]))
            value = rng.choice([None, 7, "x", [], {}])
            if doc["current"]["state"][key] == value:
                return
            doc["current"]["state"][key] = value
        try:
            self.game.load_game(json.dumps(doc))
        except DungeoncraftError:
            self.counts["tampered saves refused"] += 1
        else:
            raise Failure("a tampered save was accepted")

    def undo_never_unsees(self, state, seen: list, action: Action) -> None:
        """After an action that showed a player what their view hid, undo is refused."""
        shown = conformance.revealed(seen, [conformance.sight(state, p)
                                            for p in range(len(state.players))])
        if not shown or action.verb in CHOICES_SHOWN.get(self.name, ()):
            return
        self.counts["reveals"] += 1
        player, values = next(iter(shown.items()))
        check(not state.can_undo, f"{action} showed player {player} {values[:3]}, and undo "
              "may take it back")
        self.refused_undo(state)
        self.counts["undo after a reveal refused"] += 1

    def tampered_start(self, state, rng: Rng) -> None:
        """A start edited by hand, and an option new_game refuses: named refusals, or (an
        edit that is still a real position) a game on which every call answers."""
        text = state.to_json()
        seed = Rng(rng.randbelow(2**32))
        try:
            outcome = conformance.tampered_start_outcome(self.game, text, seed)
        except AssertionError as error:
            raise Failure(f"tampered start: {error}") from None
        self.counts[f"tampered starts {outcome}"] += 1
        try:
            outcome = conformance.tampered_options_outcome(self.game, text, seed)
        except AssertionError as error:
            raise Failure(f"tampered options: {error}") from None
        self.counts[f"tampered options {outcome}"] += 1

    def views(self, state, rng: Rng) -> None:
        try:
            conformance.check_view_legal_actions(state, "view")
        except AssertionError as error:
            raise Failure(str(error)) from None
        self.counts["view legal actions"] += 1
        for player in [None, *range(len(state.players))]:
            seen = state.view(player)
            doc = json.loads(seen.to_json())
            check(doc["seed"] is None and doc["history"] == [] and doc["current"]["rng"] is None
                  and doc["start"] is None, "a view shows the seed, history or RNG")
            for event in seen.log:
                check(event.visible_to is None or player in event.visible_to,
                      f"player {player} sees a hidden log line")
            legal = state.legal_actions()
            if legal:
                self.refused(seen, rng.choice(legal), seen.to_json())
            if rng.randbelow(10) == 0:  # a game may refuse a view's save, but by name
                try:
                    loaded = self.game.load_game(seen.to_json())
                except DungeoncraftError:
                    self.counts["view saves refused"] += 1
                else:
                    check(loaded.to_json() == seen.to_json(), "a view loads as another one")
            self.counts["view checks"] += 1

    def ending(self, state, rng: Rng) -> None:
        check(state.current_player is None and state.legal_actions() == [],
              "over, but someone may still act")
        check(len(state.scores()) == len(state.players), "not one score per player")
        text = state.to_json()
        check(state.replay(from_start=True).to_json() == text, "replaying the history differs")
        if state.can_undo:
            expected = state.replay(upto=len(state.history) - 1, from_start=True).to_json()
            state.undo()
            check(state.to_json() == expected, "undo does not give the position before")
        elif state.history:
            self.refused_undo(state)

    def refused_undo(self, state) -> None:
        before = state.to_json()
        try:
            state.undo()
        except IllegalActionError:
            check(state.to_json() == before, "a refused undo changed the game")
        else:
            raise Failure("undo past revealed information was allowed")


#: Rules options soaked in turn with every player count (a pair new_game refuses is left out).
SOAK_OPTIONS: dict[str, list[dict]] = {
    "dobbers": [{}, {"duel": True}, {"events": True}, {"variant_a": True},
                {"variant_b": True}, {"solo_method": "B"}, {"extra_challenges": False}],
    "alderquest": [{}, {"lone": "red"}],
    "adventure_land": [{"adventure": 1}, {"adventure": 2}, {"adventure": 3}],
}

_SOAKS: dict[tuple, Soak] = {}  # one Soak per worker process and game, made once


@dataclass(frozen=True)
class SoakTask:
    """Soak one seeded game: ``task(seed) -> (counts, failures)``, the same whoever runs it.

    The seed picks the player count and options in turn (``cases[seed % len(cases)]``).
    Picklable, so :func:`dungeoncraft_widgets.runs.run_seeds` can send it to processes or
    a Dask cluster (whose workers must be able to import this module)."""

    name: str
    save_every: int = 1
    tamper_every: int = 10
    game_timeout: float = 600
    cases: tuple = ()

    @classmethod
    def of(cls, name: str, **settings) -> SoakTask:
        game = dungeoncraft_widgets.GAMES[name]
        cases = []
        for players in game.PLAYER_COUNTS:
            for options in SOAK_OPTIONS.get(name, [{}]):
                try:
                    game.new_game(players=players, seed=0, **options)
                except DungeoncraftError:
                    continue  # e.g. a solo method with more than one player
                cases.append((players, tuple(sorted(options.items()))))
        return cls(name, cases=tuple(cases), **settings)

    def __call__(self, seed: int) -> tuple[dict[str, int], list[str]]:
        key = (self.name, self.save_every, self.tamper_every)
        if key not in _SOAKS:
            _SOAKS[key] = Soak(self.name, dungeoncraft_widgets.GAMES[self.name],
                               max(1, self.save_every), max(1, self.tamper_every))
        soak = _SOAKS[key]
        soak.counts, soak.failures = Counter(), []
        players, options = self.cases[seed % len(self.cases)]
        # a time limit needs SIGALRM, which only a process's main thread can set (a Dask
        # worker runs tasks in threads: there, no limit)
        timed = threading.current_thread() is threading.main_thread()
        if timed:
            signal.signal(signal.SIGALRM, _too_long)
            signal.setitimer(signal.ITIMER_REAL, self.game_timeout)
        try:
            soak.play(seed, players, dict(options))
        except GameTookTooLong as error:
            soak.failures.append(f"{self.name} players={players} seed={seed}: {error}")
            soak.counts["games"] += 1
        finally:
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0)
        return dict(soak.counts), list(soak.failures)


def _too_long(_signum, _frame):
    raise GameTookTooLong("a game took too long")


def soak_games(names, games: int, first_seed: int = 0, executor=None, chunk_size=None,
               progress=None, **settings) -> list[tuple[str, Counter, list[str]]]:
    """Soak ``games`` seeded games of each game in ``names``: (name, counts, failures)."""
    results = []
    for name in names:
        task = SoakTask.of(name, **settings)
        start = time.perf_counter()
        records = run_seeds(task, range(first_seed, first_seed + games), executor=executor,
                            chunk_size=chunk_size, progress=progress)
        counts: Counter[str] = Counter()
        failures: list[str] = []
        for record_counts, record_failures in records:
            counts.update(record_counts)
            failures += record_failures
        counts["seconds"] = round(time.perf_counter() - start)
        results.append((name, counts, failures))
        print(f"{name}: {counts['games']} games, {counts['steps']} steps, "
              f"{len(failures)} failures in {counts['seconds']} s", file=sys.stderr, flush=True)
    return results


def executor_for(workers: int, dask: str | None):
    """None (run here), a process pool of ``workers``, or a Dask client's executor."""
    if dask is not None:
        from distributed import Client, LocalCluster

        # the workers import this module and tests/conformance.py by name
        here = Path(__file__).resolve().parent
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [str(here), str(here.parent / "tests"), os.environ.get("PYTHONPATH", "")])

        client = Client(dask) if dask else Client(LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True))
        return client.get_executor()
    if workers > 1:
        return ProcessPoolExecutor(workers)
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per registered game")
    parser.add_argument("--only", action="append", help="soak only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--save-every", type=int, default=1,
                        help="save and load every so many steps (1: every step)")
    parser.add_argument("--game-timeout", type=float, default=600,
                        help="seconds one game may take before it counts as a failure")
    parser.add_argument("--tamper-every", type=int, default=10,
                        help="a tampered start and options every so many steps")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes (1: run here, in this process)")
    parser.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="run on a Dask cluster: its scheduler's address, or none for a "
                             "LocalCluster of --workers processes (the dask extra)")
    parser.add_argument("--chunk-size", type=int, default=None, help="seeds per task")
    args = parser.parse_args()
    names = args.only or list(dungeoncraft_widgets.GAMES)
    executor = executor_for(args.workers, args.dask)
    results = soak_games(names, args.games, args.seed, executor, args.chunk_size,
                         progress=True, save_every=args.save_every,
                         tamper_every=args.tamper_every, game_timeout=args.game_timeout)
    print(table(results))
    failures = [f for _name, _counts, found in results for f in found]
    for failure in failures[:20]:
        print("FAILED", failure)
    sys.exit(1 if failures else 0)


COLUMNS = ["games", "steps", "checks", "illegal refused", "wrong types refused",
           "round trips", "tampered saves refused", "view checks", "view legal actions",
           "reveals", "undo after a reveal refused", "tampered starts refused",
           "tampered starts sound", "tampered options refused", "tampered options sound",
           "seconds"]


def table(results) -> str:
    """The soak's figures, a row per game (and the total of checks in 'checks')."""
    lines = [f"{'game':18} " + " ".join(f"{c:>{max(len(c), 8)}}" for c in COLUMNS)
             + f" {'failures':>8}"]
    for name, counts, failures in results:
        counts["checks"] = sum(n for key, n in counts.items()
                               if key not in ("games", "steps", "seconds", "checks"))
        lines.append(f"{name:18} " + " ".join(f"{counts[c]:>{max(len(c), 8)}}"
                                              for c in COLUMNS) + f" {len(failures):>8}")
    return "\n".join(lines)


if __name__ == "__main__":
    # run as the module ``soak``, so that its tasks pickle by name for other processes
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import soak

    soak.main()
