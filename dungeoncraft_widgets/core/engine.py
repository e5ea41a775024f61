"""The engine protocol every game follows.

A game is a subclass of :class:`GameState` plus a few module-level functions
(``new_game``, ``load_game``, ``parse_action``). The base class owns what is
the same in every game, so each game writes only its rules:

- ``players`` (names), ``seed``, ``options``, the state's own :class:`Rng`;
- ``history``: the actions applied since ``start`` (the position the game, or
  a loaded position, began at); ``log``: :class:`Event` s, every random result
  among them, each visible to everyone or to some players only;
- ``apply``: checks the action (the game's ``_check`` raises
  :class:`IllegalActionError` naming the rule) before anything changes, then
  performs it; ``undo`` replays the history but the last action (the RNG is
  replayed too, so undoing never rerolls a die), but never goes back past an
  action after which chance or hidden information was revealed (``undo_floor``:
  an action that drew from the RNG, or whose game called
  :meth:`GameState.mark_irreversible`), so undoing can never teach a player
  what they could not know, as on online board-game sites;
- ``to_json`` / ``from_json``: the whole state, the RNG and the log, so a
  loaded game continues exactly as the saved one would have;
- ``view(player)``: a copy that knows only what that player may see (the
  game's ``_hide`` masks its hidden parts; the RNG, seed and history go).

What a game implements: ``_setup``, ``_legal_actions``, ``_check``,
``_perform``, ``current_player``, ``is_over``, ``scores``, ``_dump``,
``_restore``, ``_hide`` and ``components``.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, parse_action
from .errors import DungeoncraftError, IllegalActionError, InvalidArgumentError, SaveFormatError
from .rng import Rng

__all__ = [
    "Action",
    "DungeoncraftError",
    "Event",
    "GameState",
    "IllegalActionError",
    "InvalidArgumentError",
    "Rng",
    "SaveFormatError",
    "normalize_players",
]

SAVE_FORMAT = "dungeoncraft_widgets/save"
SAVE_VERSION = 1


@dataclass(frozen=True)
class Event:
    """One line of a game's log.

    ``kind`` is a short machine word (``"roll"``, ``"move"``, ``"draw"``, ...),
    ``text`` what a person reads, ``data`` the exact values (every random
    result is in some event's data), ``visible_to`` the players who may see it
    (``None``: everyone).
    """

    kind: str
    text: str
    player: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        # Saved games write every event each time: the dict is built once per event.
        cached = self.__dict__.get("_dict")
        if cached is not None:
            return cached
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.player is not None:
            out["player"] = self.player
        if self.data:
            out["data"] = self.data
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        object.__setattr__(self, "_dict", out)  # not a field: equality is unchanged
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        vis = d.get("visible_to")
        return cls(d["kind"], d["text"], d.get("player"), d.get("data", {}),
                   None if vis is None else tuple(vis))

    def __str__(self) -> str:
        return self.text


def normalize_players(players: int | Sequence[str], minimum: int, maximum: int,
                      default_names: Sequence[str] = ()) -> tuple[str, ...]:
    """Player names from a count or a list; repeated names get a number.

    >>> normalize_players(2, 2, 4)
    ('Player 1', 'Player 2')
    >>> normalize_players(["You", "Bot", "Bot"], 2, 4)
    ('You', 'Bot 1', 'Bot 2')
    """
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise InvalidArgumentError("players must be a number of players or a list of names")
    if isinstance(players, int):
        count = players
        names = [default_names[i] if i < len(default_names) else f"Player {i + 1}"
                 for i in range(max(count, 0))]
    else:
        names = [str(n).strip() for n in players]
        count = len(names)
        if any(not n for n in names):
            raise InvalidArgumentError("players: a player's name is empty")
    if not minimum <= count <= maximum:
        raise InvalidArgumentError(
            f"players: this game is for {minimum} to {maximum} players, not {count}")
    totals = Counter(names)
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        if totals[n] > 1:
            seen[n] += 1
            n = f"{n} {seen[n]}"
        out.append(n)
    return tuple(out)


class GameState:
    """Base class of every game's state. See the module docstring."""

    game_name: ClassVar[str] = ""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    default_names: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: int | Sequence[str] = 2, seed: int | None = None,
                 **options: Any) -> None:
        self.players: tuple[str, ...] = normalize_players(
            players, self.min_players, self.max_players, self.default_names)
        if seed is None:
            seed = int.from_bytes(__import__("os").urandom(6), "big")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidArgumentError(f"seed must be a whole number, not {seed!r}")
        self.seed: int | None = seed
        self.options: dict[str, Any] = dict(options)
        self.rng: Rng | None = Rng(seed)
        self.log: list[Event] = []
        self.history: list[Action] = []
        self.viewer: int | None = None
        self.undo_floor = 0  # undo never takes the history below this length
        self.undo_reason = ""  # why: what was revealed at that point
        self._irreversible: str | None = None
        self._setup()
        self._start: dict[str, Any] | None = self._snapshot()

    # ------------------------------------------------------------------ hooks
    def _setup(self) -> None:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _check(self, action: Action) -> None:
        """Raise IllegalActionError naming the rule if ``action`` is illegal now.

        The default compares against ``legal_actions()``; games override it to
        say which rule forbids the action.
        """
        if action not in self._legal_actions():
            raise IllegalActionError(f"{action} is not one of the legal actions now")

    def _perform(self, action: Action) -> None:
        raise NotImplementedError

    def _dump(self) -> dict[str, Any]:
        """The game's own data as JSON-able values."""
        raise NotImplementedError

    def _restore(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def _hide(self, player: int | None) -> None:
        """Mask, in this copy, what ``player`` may not see (None: a spectator)."""
        raise NotImplementedError

    def components(self) -> Counter:
        """Every physical piece of the game, counted; conserved by every action."""
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> tuple[int, ...]:
        raise NotImplementedError

    # ------------------------------------------------------------- protocol
    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_action(text, cls.action_types)

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty once over)."""
        if self.is_over:
            return []
        return self._legal_actions()

    def apply(self, action: Action | str) -> list[Event]:
        """Apply ``action`` (an Action or its text); returns the new log events.

        Raises IllegalActionError, changing nothing, if the rules forbid it.
        """
        if self.viewer is not None or self.rng is None:
            raise IllegalActionError(
                "this is one player's view of the game; apply actions to the game itself")
        if isinstance(action, str):
            action = self.parse_action(action)
        if not isinstance(action, self.action_types):
            raise IllegalActionError(f"{action!r} is not an action of {self.game_name}")
        if self.is_over:
            raise IllegalActionError("the game is over")
        self._check(action)
        before = len(self.log)
        rng_before = self.rng.state
        self._irreversible = None
        self._perform(action)
        self.history.append(action)
        reason = self._irreversible
        if reason is None and self.rng.state != rng_before:
            reason = "a random result (a roll, a draw or a shuffle) has been revealed since"
        if reason is not None:
            self.undo_floor, self.undo_reason = len(self.history), reason
        self._irreversible = None
        return self.log[before:]

    def mark_irreversible(self, reason: str) -> None:
        """Called by a game's ``_perform``: the action being performed reveals hidden
        information (or the rules forbid taking it back), so ``undo`` stops here.
        ``reason`` completes "cannot undo: ..." (e.g. "the Revealed cards are face up")."""
        self._irreversible = reason

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take back the last action."""
        return self._start is not None and len(self.history) > self.undo_floor

    def record(self, kind: str, text: str, *, player: int | None = None,
               visible_to: Sequence[int] | None = None, **data: Any) -> Event:
        """Append an event to the log (games call this; data must be JSON-able)."""
        event = Event(kind, text, player, data, None if visible_to is None else tuple(visible_to))
        self.log.append(event)
        return event

    def undo(self) -> Action:
        """Take back the last action (replaying the rest); returns it."""
        if not self.history:
            raise IllegalActionError("there is no action to undo")
        if self._start is None:
            raise IllegalActionError("a player's view cannot be undone")
        if len(self.history) <= self.undo_floor:
            raise IllegalActionError(f"cannot undo {self.history[-1]}: {self.undo_reason}")
        last = self.history[-1]
        replayed = self.replay(upto=len(self.history) - 1)
        self.__dict__.update(replayed.__dict__)
        return last

    def replay(self, upto: int | None = None) -> GameState:
        """A new state: the start position with the history (or its first ``upto``) applied."""
        if self._start is None:
            raise IllegalActionError("a player's view has no history to replay")
        state = type(self)._from_snapshot(self.players, self.options, self._start)
        state.seed = self.seed
        for action in self.history[:upto]:
            state.apply(action)
        return state

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    def view(self, player: int | None) -> GameState:
        """What ``player`` (an index, or None for a spectator) may see."""
        seats = range(len(self.players))
        if player is not None and not (isinstance(player, int) and player in seats):
            raise InvalidArgumentError(f"player must be 0 to {seats[-1]} or None, not {player!r}")
        # What a view drops (RNG, history, start) is not copied at all, and the log
        # keeps only the lines the player may see (events are frozen: shared, not copied).
        log = [e for e in self.log
               if e.visible_to is None or (player is not None and player in e.visible_to)]
        memo = {id(self.log): log, id(self.history): [], id(self.rng): None}
        if self._start is not None:
            memo[id(self._start)] = None
        seen = copy.deepcopy(self, memo)
        # Set again: a game's own __deepcopy__ may not consult the memo.
        seen.rng, seen.seed, seen.history, seen._start, seen.log = None, None, [], None, log
        seen._hide(player)
        seen.viewer = player
        return seen

    # ------------------------------------------------------------ save/load
    def _snapshot(self, detached: bool = True) -> dict[str, Any]:
        """The state, RNG and log as plain data; ``detached``: sharing nothing with self
        (kept as a start position), else possibly shared (serialised at once)."""
        data = self._dump()
        return {
            "state": copy.deepcopy(data) if detached else data,
            "rng": None if self.rng is None else self.rng.state,
            "log": [e.to_dict() for e in self.log],
        }

    @classmethod
    def _from_snapshot(cls, players: Sequence[str], options: dict[str, Any],
                       snap: dict[str, Any]) -> GameState:
        state = cls.__new__(cls)
        state.players = tuple(players)
        state.options = dict(options)
        state.seed = None
        state.viewer = None
        state.history = []
        state.undo_floor, state.undo_reason, state._irreversible = 0, "", None
        state.rng = None
        if snap.get("rng") is not None:
            state.rng = Rng(0)
            state.rng.state = int(snap["rng"])
        state.log = [Event.from_dict(e) for e in snap.get("log", [])]
        state._restore(copy.deepcopy(snap["state"]))
        state._start = copy.deepcopy(snap)
        return state

    def to_json(self) -> str:
        """The whole game as JSON text: ``load_game(state.to_json())`` continues it exactly."""
        doc = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_name,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "viewer": self.viewer,
            "start": self._start,
            "history": [str(a) for a in self.history],
            "undo_floor": [self.undo_floor, self.undo_reason],
            "current": self._snapshot(detached=False),
        }
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Load a game saved by :meth:`to_json` (see each game's ``load_game``)."""
        try:
            doc = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise SaveFormatError(f"not a saved game: {exc}") from None
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise SaveFormatError("not a dungeoncraft_widgets saved game (no 'format' field)")
        if doc.get("version") != SAVE_VERSION:
            raise SaveFormatError(f"saved with format version {doc.get('version')}, "
                                  f"this library reads version {SAVE_VERSION}")
        if doc.get("game") != cls.game_name:
            raise SaveFormatError(
                f"this is a saved {doc.get('game')!r} game, not {cls.game_name!r}")
        try:
            state = cls._from_snapshot(doc["players"], doc["options"], doc["current"])
            state.seed = doc["seed"]
            state.viewer = doc["viewer"]
            state._start = doc["start"]
            state.history = [cls.parse_action(a) for a in doc["history"]]
            state.undo_floor, state.undo_reason = doc.get("undo_floor", (0, ""))
        except (KeyError, TypeError, IndexError) as exc:
            raise SaveFormatError(f"saved game is damaged: missing or wrong {exc}") from None
        return state

    # -------------------------------------------------------------- display
    def __repr__(self) -> str:
        if self.is_over:
            status = "over"
        elif self.current_player is None:
            status = "waiting"
        else:
            status = f"{self.players[self.current_player]} to act"
        names = ", ".join(self.players)
        return f"<{type(self).__name__} {names}: {status}, {len(self.history)} actions>"

    def text_board(self) -> str:
        """The board in plain text, for ``print(state)``: games that can draw theirs
        in text override this (default: nothing drawn)."""
        return ""

    def __str__(self) -> str:
        """``print(state)``: the game, its board in text and whose turn it is, with the
        number of legal actions (core/display.py)."""
        from .display import state_text  # here: display needs nothing else of engine

        return state_text(self)
