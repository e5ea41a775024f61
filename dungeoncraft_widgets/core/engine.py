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
  performs it, all or nothing: if the game's code fails half way (any
  exception), the game is put back exactly as it was and the caller gets
  :class:`ActionFailedError` chained to the original (a library error raised
  half way, such as a late IllegalActionError, is raised again once the game
  is back as it was);
- checkpoints: every ``checkpoint_every`` actions the game's data is kept as
  JSON text, so putting a game back (after a failure, for ``undo`` or
  ``replay(upto)``) restores the nearest checkpoint and replays the few actions
  since, rather than copying the state before every action or replaying a
  20,000-action game from its start;
- ``undo``: takes back the last action (the RNG is replayed too, so undoing
  never rerolls a die), but never goes back past an action after which chance
  or hidden information was revealed (``undo_floor``: an action that drew from
  the RNG, or whose game called :meth:`GameState.mark_irreversible`), so undoing
  can never teach a player what they could not know, as on online board-game sites;
- ``to_json`` / ``from_json``: the whole state, the RNG and the log, so a
  loaded game continues exactly as the saved one would have. The document and
  its JSON Schema are described in :mod:`~dungeoncraft_widgets.core.saves`.
  Loading checks the document against that schema and the game's own
  ``state_schema``, lets the game's ``_restore`` read the start and the saved
  position (its own checks), opens no file
  (:func:`~dungeoncraft_widgets.core.data.no_files`), replays the history from
  the start and refuses the save unless that gives exactly the saved position;
  anything the game's code raises while loading becomes a :class:`SaveFormatError`;
- ``view(player)``: a copy that knows only what that player may see (the
  game's ``_hide`` masks its hidden parts; the RNG, seed and history go); its
  ``legal_actions()`` are its player's: the game's when that player is to act,
  none otherwise.

What a game implements: ``_setup``, ``_legal_actions``, ``_check``,
``current_player``, ``is_over``, ``scores``, ``_dump``, ``_restore``, ``_hide``,
``hidden_zones`` (what each player cannot know, zone by zone: what ``_hide`` masks)
and ``components``; one method per action type, marked ``@performs(ActionType)``
(the base class's ``_perform`` looks the action's type up in that table, so a game
declares once which method performs what; a game with work before or after every
action overrides ``_perform`` and calls ``super()._perform(action)``); and
``state_schema``, the JSON Schema of what ``_dump`` returns.

Copies (``copy()``, every ``view``) are made by the base class from what the game
declares of its attributes: ``data_fields`` hold plain JSON-like data (copied with
:func:`clone`, much quicker than ``copy.deepcopy``), ``shared_fields`` are never
changed in place once set (card sets, boards: shared by the copy), ``cache_fields``
are remembered answers (the copy works them out again); anything else is deep-copied.

A game that edits a position directly (a position editor) makes it the new start
afterwards (``_start = _snapshot()`` with an empty history), which also drops the
checkpoints of the old line of play.
"""

from __future__ import annotations

import copy
import json
import os
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, parse_action
from .checks import integer, seat, shown, whole_number
from .data import check_schema, no_files
from .errors import (
    ActionFailedError,
    DungeoncraftError,
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
)
from .rng import Rng
from .saves import (
    MAX_HISTORY,
    MAX_NAME_LENGTH,
    SAVE_FORMAT,
    SAVE_VERSION,
    SEED_LIMIT,
    canonical,
    json_object,
    read_save,
)

__all__ = [
    "Action",
    "ActionFailedError",
    "DungeoncraftError",
    "Event",
    "GameState",
    "IllegalActionError",
    "InvalidArgumentError",
    "Rng",
    "SaveFormatError",
    "normalize_players",
]


_NO_DATA: Any = object()  # Event's default data: a new dict each time

_ATOMS = frozenset({str, int, bool, float, type(None)})


def clone(value: Any) -> Any:
    """A copy of JSON-like data (lists, dicts, strings, numbers, None), quicker than
    ``copy.deepcopy``: every view copies a game's whole position, and most of it is
    lists of strings, which are taken as they are.

    >>> data = {"a": [1, "x", {"b": [None]}]}
    >>> copied = clone(data)
    >>> copied == data, copied["a"][2] is data["a"][2]
    (True, False)
    """
    if type(value) is list:
        return [v if type(v) in _ATOMS else clone(v) for v in value]
    if type(value) is dict:
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in value.items()}
    return value


_PLAIN_TYPES = {"string", "integer", "number", "boolean", "null"}


def _plain_schema(schema: Any) -> bool:
    """Whether ``schema`` allows only plain values (strings, numbers, booleans, None)."""
    if not isinstance(schema, dict):
        return False
    if "enum" in schema:
        return all(type(v) in _ATOMS for v in schema["enum"])
    kind = schema.get("type")
    kinds = set(kind) if isinstance(kind, list) else {kind}
    return bool(kinds) and kinds <= _PLAIN_TYPES


def _copier(schema: Any) -> Any:
    """A function that copies a value of ``schema``'s shape, for the shapes a position is
    made of: a list of plain values is one slice (at C speed), a list of such lists a
    slice per row, an object of plain values one ``dict.copy``; anything the schema does not
    pin down goes through :func:`clone`. Each copier checks the type it expects, so a value
    of another shape is still copied whole (by ``clone``)."""
    if not isinstance(schema, dict):
        return clone
    if _plain_schema(schema):
        return None  # a plain value: kept as it is
    if schema.get("type") == "array" and "prefixItems" not in schema:
        inner = _copier(schema.get("items"))
        if inner is None:
            return lambda v: v[:] if type(v) is list else clone(v)
        if inner is not clone:
            return lambda v: [inner(x) for x in v] if type(v) is list else clone(v)
    if schema.get("type") == "array" and "prefixItems" in schema and all(
            _plain_schema(item) for item in schema["prefixItems"]) and (
            schema.get("items") in (None, False) or _plain_schema(schema.get("items"))):
        return lambda v: v[:] if type(v) is list else clone(v)
    if schema.get("type") == "object" and not schema.get("properties") and _plain_schema(
            schema.get("additionalProperties")):
        return lambda v: v.copy() if type(v) is dict else clone(v)
    return clone


def performs(*action_types: type[Action]) -> Any:
    """Marks a method of a game's state as the one that performs ``action_types``.

    The state's class collects the marked methods into ``performers`` (action type ->
    method) when it is made; ``GameState._perform`` calls ``performers[type(action)]``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Knock(Action):
    ...     verb = "knock"
    >>> class Door(GameState):
    ...     action_types = (Knock,)
    ...     @performs(Knock)
    ...     def _knock(self, action):
    ...         self.record("knock", "Knock knock.")
    >>> Door.performers[Knock].__name__
    '_knock'
    """
    if not action_types or not all(isinstance(t, type) and issubclass(t, Action)
                                   for t in action_types):
        raise TypeError("performs(...) takes the action types the method performs")

    def mark(method: Any) -> Any:
        method.performs = action_types
        return method

    return mark


@dataclass(frozen=True, init=False)
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

    def __init__(self, kind: str, text: str, player: int | None = None,
                 data: dict[str, Any] = _NO_DATA,
                 visible_to: tuple[int, ...] | None = None) -> None:
        # Games log 1-2 events per action: the frozen dataclass's own __init__ (one
        # object.__setattr__ per field) was most of an event's cost. Setting the
        # instance's dict is what a frozen dataclass may do; fields, equality and repr
        # are the dataclass's.
        fields = self.__dict__
        fields["kind"], fields["text"], fields["player"] = kind, text, player
        fields["data"] = {} if data is _NO_DATA else data
        fields["visible_to"] = visible_to

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

    def to_json(self) -> str:
        """The event as the JSON text a save holds (written once per event, then kept)."""
        cached = self.__dict__.get("_json")
        if cached is None:
            cached = canonical(self.to_dict())
            object.__setattr__(self, "_json", cached)
        return cached

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        vis = d.get("visible_to")
        return cls(d["kind"], d["text"], d.get("player"), d.get("data", {}),
                   None if vis is None else tuple(vis))

    def __str__(self) -> str:
        return self.text


# Characters a name may not hold: controls, format characters (bidirectional overrides,
# zero-width spaces; but the joiners of emoji and scripts are fine), line separators.
_BAD_NAME_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_JOINERS = {"\u200c", "\u200d"}


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise InvalidArgumentError(f"players: a player's name is text, not {type(name).__name__}")
    name = name.strip()
    if not name:
        raise InvalidArgumentError("players: a player's name is empty")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidArgumentError(
            f"players: a player's name has {MAX_NAME_LENGTH} characters at most "
            f"(it is shown on the board), not {len(name)}")
    for ch in name:
        if unicodedata.category(ch) in _BAD_NAME_CATEGORIES and ch not in _JOINERS:
            raise InvalidArgumentError(
                f"players: the name {name[:20]!r} holds the control character U+{ord(ch):04X}")
    return name


def normalize_players(players: int | Sequence[str], minimum: int, maximum: int,
                      default_names: Sequence[str] = ()) -> tuple[str, ...]:
    """Player names from a count or a list; repeated names get a number.

    Names are trimmed, at most ``MAX_NAME_LENGTH`` (40) characters, and hold no
    control characters; the count is checked before any name is made.

    >>> normalize_players(2, 2, 4)
    ('Player 1', 'Player 2')
    >>> normalize_players(["You", "Bot", "Bot"], 2, 4)
    ('You', 'Bot 1', 'Bot 2')
    >>> normalize_players(["Bot", "Bot", "Bot 1"], 2, 4)
    ('Bot 2', 'Bot 3', 'Bot 1')
    >>> try:
    ...     normalize_players(10**9, 2, 4)
    ... except InvalidArgumentError as error:
    ...     print(error)
    players: this game is for 2 to 4 players, not 1000000000
    """
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise InvalidArgumentError("players must be a number of players or a list of names")
    count = players if isinstance(players, int) else len(players)
    if not minimum <= count <= maximum:
        raise InvalidArgumentError(
            f"players: this game is for {minimum} to {maximum} players, not {count}")
    if isinstance(players, int):
        names = [default_names[i] if i < len(default_names) else f"Player {i + 1}"
                 for i in range(count)]
    else:
        names = [_check_name(n) for n in players]
    totals = Counter(names)
    taken = {n for n in names if totals[n] == 1}  # names given once are kept as they are
    numbers: Counter[str] = Counter()
    out = []
    for name in names:
        if totals[name] > 1:
            numbers[name] += 1
            numbered = f"{name} {numbers[name]}"
            while numbered in taken:
                numbers[name] += 1
                numbered = f"{name} {numbers[name]}"
            taken.add(numbered)
            name = numbered
        out.append(name)
    return tuple(out)


# A checkpoint's data is written once and read by this library only: no spaces, no check
# for circular references (a game's data is a tree), key order as it is.
_CHECKPOINT_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


@dataclass(frozen=True)
class _Mark:
    """One checkpoint: the game after its first ``length`` actions."""

    length: int
    last: Action | None  # the action that ended there (a check that the history still agrees)
    state: str  # the game's _dump() as JSON text: compact, and loads as fresh objects
    rng: int
    log_length: int
    undo_floor: int
    undo_reason: str


class _Checkpoints:
    """The checkpoints of one line of play from one start position.

    Never changed in place (adding one makes a new object), so copies of a game share it;
    it belongs to the ``start`` it was made from, so a position editor that sets a new
    start leaves it behind.
    """

    __slots__ = ("start", "marks", "start_text")

    def __init__(self, start: dict[str, Any] | None, marks: tuple[_Mark, ...] = (),
                 start_text: str | None = None) -> None:
        self.start, self.marks = start, marks
        self.start_text = start_text  # the start as JSON, written once (to_json)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Checkpoints:
        return self

    def __copy__(self) -> _Checkpoints:
        return self

    def upto(self, length: int) -> _Checkpoints:
        kept = tuple(m for m in self.marks if m.length <= length)
        if len(kept) == len(self.marks):
            return self
        return _Checkpoints(self.start, kept, self.start_text)


class _SeenLogs:
    """The log lines each viewer may see, kept on the game between views and extended
    by the events logged since: bots take a view at every decision, and filtering the
    whole log each time made a view cost more the longer the game ran.

    It belongs to one log list and trusts the lines it has read only while that list
    still holds them (the same length at least, the same last event read); a log
    replaced, cleared or cut (undo, a failed action put back) makes a new one. Copies of
    the game get an empty one: it is only a cache.
    """

    __slots__ = ("log", "read", "last", "lines")

    def __init__(self, log: list[Event] | None) -> None:
        self.log, self.read, self.last = log, 0, None
        self.lines: dict[int | None, list[Event]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _SeenLogs:
        return _SeenLogs(None)

    __copy__ = __deepcopy__  # type: ignore[assignment]

    @staticmethod
    def of(state: GameState) -> _SeenLogs:
        seen, log = state.__dict__.get("_seen_logs"), state.log
        if (seen is None or seen.log is not log or len(log) < seen.read
                or (seen.read and log[seen.read - 1] is not seen.last)):
            seen = state.__dict__["_seen_logs"] = _SeenLogs(log)
        return seen

    def lines_for(self, player: int | None) -> list[Event]:
        """A new list of the events ``player`` (None: a spectator) may see."""
        log, read = self.log, self.read
        assert log is not None
        if read < len(log):
            new = log[read:]
            for viewer, lines in self.lines.items():
                lines += _visible(new, viewer)
            self.read, self.last = len(log), log[-1]
        lines = self.lines.get(player)
        if lines is None:
            lines = self.lines[player] = _visible(log[:self.read], player)
        return lines[:]


def _visible(events: list[Event], player: int | None) -> list[Event]:
    if player is None:
        return [e for e in events if e.visible_to is None]
    return [e for e in events if e.visible_to is None or player in e.visible_to]


class GameState:
    """Base class of every game's state. See the module docstring."""

    game_name: ClassVar[str] = ""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    default_names: ClassVar[tuple[str, ...]] = ()
    #: The JSON Schema (draft 2020-12) of what ``_dump()`` returns: a save's ``start`` and
    #: ``current`` are checked against it before ``_restore`` sees them (None: not checked).
    state_schema: ClassVar[dict[str, Any] | None] = None
    #: A checkpoint every so many actions. The cost of one (the game's data as JSON, some
    #: 10-100 us) is shared by that many actions, and undo or a failed action replays fewer
    #: than that many (see benchmarks/core_engine.py for the measurement behind 256).
    checkpoint_every: ClassVar[int] = 256
    #: Action type -> the method that performs it (collected from ``@performs``).
    performers: ClassVar[dict[type[Action], Any]] = {}
    #: Attributes holding plain JSON-like data: a copy gets its own, made by :func:`clone`.
    data_fields: ClassVar[tuple[str, ...]] = ()
    #: Attributes never changed in place once set (card sets, boards): a copy shares them.
    shared_fields: ClassVar[tuple[str, ...]] = ()
    #: Attributes that only remember answers (legal actions, lookups): None in a copy.
    cache_fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table = dict(cls.performers)
        for name, member in cls.__dict__.items():
            for kind in getattr(member, "performs", ()):
                if kind in table and table[kind].__name__ != name \
                        and table[kind] is cls.__dict__.get(table[kind].__name__):
                    raise TypeError(f"{cls.__name__}: {kind.__name__} is performed by both "
                                    f"{table[kind].__name__} and {name}")
                table[kind] = member
        cls.performers = table
        cls._copy_kinds = None  # worked out at the first copy (state_schema may come later)

    def __init__(self, players: int | Sequence[str] = 2, seed: int | None = None,
                 **options: Any) -> None:
        self.players: tuple[str, ...] = normalize_players(
            players, self.min_players, self.max_players, self.default_names)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        whole_number(seed, "seed", minimum=0)
        if seed >= SEED_LIMIT:
            raise InvalidArgumentError(
                "seed must be a whole number below 2**64 (the random number generator keeps "
                f"64 bits, so a larger seed would repeat a smaller one's game), not {shown(seed)}")
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
        self._checkpoints = _Checkpoints(self._start)

    # ------------------------------------------------------------------ hooks
    def _setup(self) -> None:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _check(self, action: Action) -> None:
        """Raise IllegalActionError naming the rule if ``action`` is illegal now.

        The default compares against ``legal_actions()``; games override it to
        say which rule forbids the action. It must change nothing.
        """
        if action not in self._legal_actions():
            raise IllegalActionError(f"{action} is not one of the legal actions now")

    def _perform(self, action: Action) -> None:
        """Perform a checked action: the method marked ``@performs`` for its type."""
        self.performers[type(action)](self, action)

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

    def hidden_zones(self, player: int | None) -> dict[str, list[Any]]:
        """What ``player`` (None: a spectator) cannot know: zone name -> the pieces in it
        (card ids, tile codes, values), as this state holds them.

        The declaration ``_hide`` keeps: ``view(player)`` shows none of these pieces, and
        on that view the same call names the same zones with as many (masked) pieces each,
        so a view drops no hidden piece. The conformance test checks both, and that undo
        stops after any action that takes a piece out of a player's hidden zones into
        sight. A zone left out is a promise that the player may see it.

        >>> from dungeoncraft_widgets.demo_game import new_game
        >>> game = new_game(players=2, seed=1)
        >>> sorted(game.hidden_zones(0)), len(game.view(0).hidden_zones(0)["deck"])
        (['deck', 'hand 1'], 9)
        """
        raise NotImplementedError

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Raise InvalidArgumentError naming the option if ``options`` are not ones
        ``new_game`` accepts: a game's ``new_game`` calls this, and so does loading a save
        (whose options must pass the very same checks). Default: no options to check."""

    def check_position(self) -> None:
        """Raise SaveFormatError naming the field and the reason if this position is not one
        a game could reach: every index in range, every card and square real, every count
        within what the components allow, the pieces all there. Loading a save calls it on
        its start (and on a player's view), before replaying anything; a game's
        ``position(...)`` helper calls it on what it builds. Default: nothing to check."""

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
        """Every action the current player may take now (empty once over).

        A player's view lists its own player's actions only, exactly the game's when that
        player is to act, and none while another player (or nobody) is: what another player
        may do can hang on what the view does not show (their hand), and a spectator acts
        never.
        """
        if self.is_over or (self.rng is None and (self.viewer is None
                                                  or self.viewer != self.current_player)):
            return []
        return self._legal_actions()

    def apply(self, action: Action | str) -> list[Event]:
        """Apply ``action`` (an Action or its text); returns the new log events.

        All or nothing: raises IllegalActionError, changing nothing, if the rules forbid
        it, and ActionFailedError, with the game exactly as it was, if the game's code
        fails while performing it.
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
        history = self.history
        if len(history) >= MAX_HISTORY:
            raise IllegalActionError(f"this game has reached {MAX_HISTORY:,} actions, the most "
                                     "a saved game holds")
        before = len(self.log)
        rng_before = self.rng.state
        self._irreversible = None
        try:
            self._check(action)
        except DungeoncraftError:
            raise  # the rules refuse it; _check changes nothing
        except BaseException as exc:
            self._fail(action, exc, before, rng_before)
        try:
            self._perform(action)
        except BaseException as exc:
            self._fail(action, exc, before, rng_before)
        history.append(action)
        reason = self._irreversible
        if reason is None and self.rng.state != rng_before:
            reason = "a random result (a roll, a draw or a shuffle) has been revealed since"
        if reason is not None:
            self.undo_floor, self.undo_reason = len(history), reason
        self._irreversible = None
        if len(history) % self.checkpoint_every == 0:
            self._add_checkpoint()
        return self.log[before:]

    def _fail(self, action: Action, exc: BaseException, log_length: int, rng: int) -> None:
        """Put the game back as it was before ``action`` and raise a library error."""
        try:
            restored = self._rebuild(len(self.history))
            if len(restored.log) != log_length or restored.rng.state != rng:  # type: ignore
                raise ActionFailedError("replaying the history does not give the position "
                                        "(was the state changed outside apply?)")
        except BaseException as again:
            raise ActionFailedError(
                f"{action}: the game failed while performing it ({_name(exc)}) and could not "
                f"be put back as it was ({_name(again)})") from exc
        restored.log = self.log  # the same lists, events and actions as before the action
        del restored.log[log_length:]
        restored.history = self.history
        self._become(restored)
        if isinstance(exc, DungeoncraftError) or not isinstance(exc, Exception):
            raise exc  # a library error (or KeyboardInterrupt): as it was raised
        raise ActionFailedError(
            f"{action}: the game failed while performing it ({_name(exc)}); "
            "nothing was changed") from exc

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
        event = Event(kind, text, player, data,
                      None if visible_to is None else tuple(visible_to))
        self.log.append(event)
        return event

    def undo(self) -> Action:
        """Take back the last action (from the nearest checkpoint); returns it."""
        if not self.history:
            raise IllegalActionError("there is no action to undo")
        if self._start is None:
            raise IllegalActionError("a player's view cannot be undone")
        if len(self.history) <= self.undo_floor:
            raise IllegalActionError(f"cannot undo {self.history[-1]}: {self.undo_reason}")
        last = self.history[-1]
        self._become(self._rebuild(len(self.history) - 1))
        return last

    def replay(self, upto: int | None = None, *, from_start: bool = False) -> GameState:
        """A new state: the start position with the history (or its first ``upto``) applied.

        From the nearest checkpoint, or with ``from_start`` every action from the start
        (a check that the game is deterministic).
        """
        if self._start is None:
            raise IllegalActionError("a player's view has no history to replay")
        length = len(self.history)
        if upto is None:
            upto = length
        whole_number(upto, "upto", minimum=0, maximum=length, why="the actions played")
        if not from_start:
            return self._rebuild(upto)
        state = type(self)._from_snapshot(self.players, self.options, self._start)
        state.seed = self.seed
        for action in self.history[:upto]:
            state.apply(action)
        return state

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        # The start, the checkpoints, the log's events and the actions are never changed in
        # place: a copy shares them (the lists are new). A view hands in ``memo`` what it
        # replaces (its own log, no history, no RNG), so those are not copied for nothing.
        new = type(self).__new__(type(self))
        memo[id(self)] = new
        fields = new.__dict__
        kinds = type(self)._copy_kinds or type(self)._work_out_copy_kinds()
        for key, value in self.__dict__.items():
            kind = kinds.get(key, "deep")
            if kind.__class__ is not str:  # a copier made from the field's schema
                fields[key] = kind(value)
            elif kind == "data":
                fields[key] = clone(value)
            elif kind == "shared":
                fields[key] = value
            elif kind == "cache":
                fields[key] = None  # worked out again when first asked
            elif id(value) in memo:
                fields[key] = memo[id(value)]
            elif kind == "list":
                fields[key] = list(value)
            elif kind == "rng":
                fields[key] = None if value is None else value.copy()
            else:
                fields[key] = copy.deepcopy(value, memo)
        return new

    @classmethod
    def _work_out_copy_kinds(cls) -> dict[str, Any]:
        """How a copy treats each attribute. A data field whose ``state_schema`` says it is
        a list of plain values (or a list of such lists) is copied by slices, at C speed:
        most of a position is decks and hands of card ids, and a view copies it all."""
        properties = (cls.state_schema or {}).get("properties", {})
        kinds: dict[str, Any] = {}
        for f in cls.data_fields:
            copier = _copier(properties.get(f))
            kinds[f] = "shared" if copier is None else "data" if copier is clone else copier
        kinds.update({f: "shared" for f in cls.shared_fields})
        kinds.update({f: "cache" for f in cls.cache_fields})
        kinds.update({"_start": "shared", "_checkpoints": "shared", "log": "list",
                      "history": "list", "rng": "rng"})
        if "options" not in cls.shared_fields:
            kinds["options"] = "deep"
        cls._copy_kinds = kinds
        return kinds

    def view(self, player: int | None) -> GameState:
        """What ``player`` (an index, or None for a spectator) may see."""
        if player is not None:  # None: a spectator
            seat(len(self.players), player)
        # What a view drops (RNG, history, start) is not copied at all, and the log
        # keeps only the lines the player may see (events are frozen: shared, not copied).
        log = _SeenLogs.of(self).lines_for(player)
        memo = {id(self.log): log, id(self.history): [], id(self.rng): None}
        if self._start is not None:
            memo[id(self._start)] = None
        seen = copy.deepcopy(self, memo)
        # Set again: a game's own __deepcopy__ may not consult the memo.
        seen.rng, seen.seed, seen.history, seen._start, seen.log = None, None, [], None, log
        seen._checkpoints = _Checkpoints(None)
        seen._hide(player)
        seen.viewer = player
        return seen

    # ------------------------------------------------------------ checkpoints
    def _valid_checkpoints(self) -> _Checkpoints:
        """This game's checkpoints, dropping any that no longer agree with its history."""
        points = self.__dict__.get("_checkpoints")
        if points is None or points.start is not self._start:
            points = _Checkpoints(self._start)  # a new start (a position editor): none yet
        history, marks = self.history, points.marks
        # Marks are made in order along the line of play; only the last ones can be stale
        # (a history made shorter, or changed outside apply).
        while marks and (marks[-1].length > len(history)
                         or history[marks[-1].length - 1] != marks[-1].last):
            marks = marks[:-1]
        if marks is not points.marks:
            points = _Checkpoints(points.start, marks, points.start_text)
        self._checkpoints = points
        return points

    def _add_checkpoint(self) -> None:
        points = self._valid_checkpoints()
        length = len(self.history)
        if points.marks and points.marks[-1].length >= length:
            return
        try:
            text = _CHECKPOINT_ENCODER.encode(self._dump())
        except (TypeError, ValueError):
            return  # not JSON-able: to_json will say so; a checkpoint is only a shortcut
        mark = _Mark(length, self.history[-1], text, self.rng.state,  # type: ignore[union-attr]
                     len(self.log), self.undo_floor, self.undo_reason)
        self._checkpoints = _Checkpoints(points.start, (*points.marks, mark), points.start_text)

    def _rebuild(self, upto: int) -> GameState:
        """A new state: this game after its first ``upto`` actions (nearest checkpoint, then
        replay); it shares this game's start and the checkpoints up to there."""
        points = self._valid_checkpoints()
        mark = next((m for m in reversed(points.marks) if m.length <= upto), None)
        if mark is None:
            state = type(self)._from_snapshot(self.players, self.options, self._start,
                                              keep_start=True)
        else:
            state = type(self)._blank(self.players, self.options)
            state.rng = Rng(0)
            state.rng.state = mark.rng
            state.log = self.log[:mark.log_length]
            state._restore(json.loads(mark.state))
            state.history = self.history[:mark.length]
            state.undo_floor, state.undo_reason = mark.undo_floor, mark.undo_reason
            state._start = self._start
        state.seed = self.seed
        state._checkpoints = points.upto(upto)
        for action in self.history[len(state.history):upto]:
            state.apply(action)
        return state

    def _become(self, other: GameState) -> None:
        """Take on ``other``'s whole state (undo, a failed action put back). Attributes only
        this object has (set on it from outside, or caches) stay: they are not game state."""
        self.__dict__.update(other.__dict__)

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
    def _blank(cls, players: Sequence[str], options: dict[str, Any]) -> GameState:
        """A state with the base class's fields only (the game's come from ``_restore``)."""
        state = cls.__new__(cls)
        state.players = tuple(players)
        state.options = dict(options)
        state.seed = None
        state.viewer = None
        state.history = []
        state.undo_floor, state.undo_reason, state._irreversible = 0, "", None
        state.rng = None
        state.log = []
        state._start = None
        state._checkpoints = _Checkpoints(None)
        return state

    @classmethod
    def _from_snapshot(cls, players: Sequence[str], options: dict[str, Any],
                       snap: dict[str, Any], keep_start: bool = False) -> GameState:
        """A state at ``snap`` (a start position: ``keep_start`` shares it, else a copy)."""
        state = cls._blank(players, options)
        if snap.get("rng") is not None:
            state.rng = Rng(0)
            state.rng.state = int(snap["rng"])
        state.log = [Event.from_dict(e) for e in snap.get("log", [])]
        state._restore(copy.deepcopy(snap["state"]))
        state._start = snap if keep_start else copy.deepcopy(snap)
        state._checkpoints = _Checkpoints(state._start)
        return state

    def to_json(self) -> str:
        """The whole game as JSON text: ``load_game(state.to_json())`` continues it exactly.

        Built from parts kept written: each event's and action's text is made once, and
        the start position's once per start.
        """
        rng = None if self.rng is None else self.rng.state
        current = json_object({
            "log": "[" + ",".join([e.to_json() for e in self.log]) + "]",
            "rng": json.dumps(rng),
            "state": canonical(self._dump()),
        })
        return json_object({
            "format": json.dumps(SAVE_FORMAT),
            "version": json.dumps(SAVE_VERSION),
            "game": json.dumps(self.game_name),
            "players": canonical(list(self.players)),
            "seed": json.dumps(self.seed),
            "options": canonical(self.options),
            "viewer": json.dumps(self.viewer),
            "start": self._start_json(),
            "history": canonical([str(a) for a in self.history]),
            "undo_floor": canonical([self.undo_floor, self.undo_reason]),
            "current": current,
        })

    def _start_json(self) -> str:
        points = self._valid_checkpoints()
        if points.start_text is None:
            points.start_text = canonical(self._start)
        return points.start_text

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Load a game saved by :meth:`to_json` (see each game's ``load_game``), verified.

        Raises :class:`SaveFormatError` naming what is wrong: the document breaks
        :data:`~dungeoncraft_widgets.core.saves.SAVE_SCHEMA` or the game's ``state_schema``,
        names a file, or its history does not lead from its start to its position.
        """
        doc = read_save(text, cls.game_name)
        try:
            with no_files("saved game"):
                state = cls._load(doc)
                # The game written again must be the document read: this compares every
                # event, the RNG, the undo floor and the position with the replayed ones.
                written = state.to_json()
                same = written == (text.decode() if isinstance(text, bytes) else text)
                if not same and written != canonical(doc):
                    raise SaveFormatError("saved game: its position does not follow from its "
                                          "start and history: " + _difference(doc, state))
        except SaveFormatError:
            raise
        except DungeoncraftError as exc:
            raise SaveFormatError(f"saved game: {exc}") from exc
        except Exception as exc:  # the game's code failed on data it did not expect
            raise SaveFormatError(f"saved game is damaged: the game could not read it "
                                  f"({_name(exc)})") from exc
        return state

    @classmethod
    def _load(cls, doc: dict[str, Any]) -> GameState:
        players = tuple(doc["players"])
        try:
            names = normalize_players(list(players), cls.min_players, cls.max_players)
        except InvalidArgumentError as exc:
            raise SaveFormatError(f"saved game: {exc}") from None
        if names != players:
            raise SaveFormatError(f"saved game: players: the names {list(players)} are not "
                                  "distinct, trimmed names")
        viewer = doc["viewer"]
        if viewer is not None and viewer >= len(players):
            raise SaveFormatError(f"saved game: viewer: there is no player {viewer}")
        seed = doc["seed"]
        if seed is not None and not (integer(seed) and 0 <= seed < SEED_LIMIT):
            raise SaveFormatError(f"saved game: seed must be None or a whole number from 0 to "
                                  f"2**64 - 1, not {shown(seed)}")
        try:  # the options pass the very checks new_game makes
            cls.check_options(doc["options"])
        except InvalidArgumentError as exc:
            raise SaveFormatError(f"saved game: options: {exc}") from exc
        start = doc["start"]
        if cls.state_schema is not None:
            for key in ("start", "current"):
                if doc[key] is not None:
                    check_schema(doc[key]["state"], cls.state_schema, f"saved game: {key}.state")
        if start is None:  # a player's view: nothing to replay
            state = cls._from_snapshot(players, doc["options"], doc["current"], keep_start=True)
            state._start, state._checkpoints = None, _Checkpoints(None)
            state.viewer = viewer
            state.undo_floor, state.undo_reason = doc["undo_floor"]
            state.check_position()
            return state
        state = cls._from_snapshot(players, doc["options"], start, keep_start=True)
        # A start the game could not have reached (edited by hand) is refused here, in the
        # game's words, before anything is replayed from it.
        state.check_position()
        if canonical(state._snapshot(detached=False)) != canonical(start):
            raise SaveFormatError("saved game: start: the game does not read it back as saved "
                                  "(a value it does not know, or a missing one)")
        # The game reads the saved position too, so that what its own checks find wrong there
        # (a card that does not exist, pieces that do not add up) is said in its words; the
        # replay below then finds any other difference.
        cls._blank(players, doc["options"])._restore(copy.deepcopy(doc["current"]["state"]))
        state.seed = doc["seed"]
        for step, text in enumerate(doc["history"], 1):
            try:
                action = cls.parse_action(text)
                state.apply(action)
            except DungeoncraftError as exc:
                raise SaveFormatError(f"saved game: history step {step} ({text[:60]!r}) "
                                      f"cannot be replayed: {exc}") from exc
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


def _name(exc: BaseException) -> str:
    text = str(exc)
    if len(text) > 200:
        text = text[:197] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _difference(doc: dict[str, Any], state: GameState) -> str:
    """Where a saved position and the replayed one first differ, in words."""
    texts = [str(a) for a in state.history]
    if texts != doc["history"]:
        step = next(i for i, (a, b) in enumerate(zip(texts, doc["history"], strict=True), 1)
                    if a != b)
        return f"history step {step} is not written as the game writes it ({texts[step - 1]!r})"
    if canonical(state.options) != canonical(doc["options"]):
        return "the game changed its options while reading them"
    saved = doc["current"]
    replayed = state._snapshot(detached=False)
    saved_log, log = saved["log"], state.log
    for i, event in enumerate(log):
        if i >= len(saved_log) or canonical(saved_log[i]) != event.to_json():
            return f"the log differs from event {i} on ({_step_of(state, i)})"
    if len(saved_log) > len(log):
        return f"the saved log has {len(saved_log) - len(log)} events more than the replay"
    if saved["rng"] != replayed["rng"]:
        return "the random number generator's state differs after the last step"
    saved_state, state_data = saved["state"], json.loads(canonical(replayed["state"]))
    for key in sorted(set(saved_state) | set(state_data)):
        if canonical(saved_state.get(key)) != canonical(state_data.get(key)):
            return f"current.state.{key} differs from the replayed position"
    if doc["undo_floor"] != [state.undo_floor, state.undo_reason]:
        return (f"undo_floor is {doc['undo_floor'][:1]}, but replaying the history gives "
                f"[{state.undo_floor}]")
    return "the document differs from the game written again"


def _step_of(state: GameState, event_index: int) -> str:
    """Which action wrote event ``event_index`` of ``state``'s log (replayed from its start)."""
    if state._start is None:
        return "in the position"
    first = len(state._start.get("log", []))
    if event_index < first:
        return "in the start position"
    probe = type(state)._from_snapshot(state.players, state.options, state._start)
    probe.seed = state.seed
    for step, action in enumerate(state.history, 1):
        probe.apply(action)
        if len(probe.log) > event_index:
            return f"written by history step {step}, {str(action)[:60]!r}"
    return "after the last step"
