"""Exact odds for AlderQuest: the Matching Board's cascades, the runes to come, the tiles.

Everything a player can know at the table is public here: the Board, the Rune Discard
Pile, the runes held and revealed, so the Rune Pouch's contents are known exactly
(32 runes less all of those, with Acorns and Snowflakes that cycled in). A drop, swap,
slide or Drop a Line is deterministic until a new line is drawn (after an enemy match,
or on an empty Board); each new line is drawn rune by rune from the pouch, and an empty
pouch takes back the discard pile, as the engine does (``rules.RULE_NOTES``).

- :class:`Position`: a Board and the rune cycle, from a game (``Position.from_state``)
  or typed in (``Position.from_rows``).
- :func:`move_odds`: what a move does, its deterministic part and the exact distribution
  of every outcome over the new runes drawn (:class:`MoveOdds`).
- :func:`best_drops`: every order and column of the revealed runes, ranked by the exact
  expected runes collected (:class:`DropPlan`), with the chances of an exalt, a
  legendary Quarrel and winter.
- :func:`reveal_odds`: the chance the next runes revealed (from a game's or a typed-in
  position's pouch) hold at least k of a faction.
- :func:`tile_odds` / :func:`trap_chance`: the exact chance that each face-down enemy
  tile is a trap, from the 19-tile pouch and the public log (every draw, every trap tile
  armed into the hand, which spaces each Set Tiles filled, every reveal and dismissal);
  the one assumption left, and the range it spans, in :data:`TILE_NOTES`.
- :func:`snowflake_race`: how far winter is, and the chance this turn's drops bring it.

Chances are computed with exact integers and fractions and handed out as
``sympy.Rational``; the tests check each against a brute force over every sequence of
new runes and against a Monte Carlo run of the real engine.

>>> pos = Position.from_rows(["H---", "HT--"], allies="GT", colour="r",
...                          pouch={"G": 2, "T": 2})
>>> odds = move_odds(pos, ("drop", "A", "H"))
>>> odds.random, odds.p_enemy_match, odds.expected_collected, odds.p_ally_match
(True, 1, 1, 1/3)
>>> [(o.line, o.probability) for o in odds.outcomes][:2]
[(('G', 'G', 'T', 'T'), 1/6), (('G', 'T', 'G', 'T'), 1/6)]
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from ..core.checks import game_state, one_of, shown, whole_number
from ..core.deck import hypergeom_at_least
from ..core.english import possessive
from ..core.errors import InvalidArgumentError
from .matching import (
    COLOURS,
    RUNE_LETTERS,
    SNOWFLAKES_TO_END,
    Board,
    CascadeResult,
    MatchRules,
    acorn_points,
    check_move,
    check_piece,
    drop_line,
    find_matches,
    is_snowflake,
    may_match_at,
    may_match_line,
    play_onto,
    resolve,
)
from .rules import POUCH, REVEAL, UNUSED_TRAPS, AlderQuestState

__all__ = ["DropPlan", "MoveOdds", "Outcome", "Position", "TileOdds", "WinterOdds",
           "TILE_NOTES", "best_drops", "move_odds", "parse_move", "reveal_odds",
           "snowflake_race", "tile_events", "tile_odds", "trap_chance"]

ZERO, ONE = sympy.Integer(0), sympy.Integer(1)


def _rational(value: Fraction | int) -> sympy.Rational:
    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


def _team(team: object) -> int:
    return whole_number(team, "team", minimum=0, maximum=1, why="0 is Red, 1 is Blue")


def _state(state: object, name: str = "state") -> AlderQuestState:
    """An AlderQuest game or view whose factions are chosen (what every question here needs)."""
    game_state(state, AlderQuestState, name)
    if any(len(t["factions"]) != 2 for t in state.teams):  # type: ignore[attr-defined]
        raise InvalidArgumentError(f"{name}: the factions are not chosen yet (nothing to read "
                                   "on the Board or the Battlefield)")
    return state  # type: ignore[return-value]


def _position(pos: object) -> Position:
    if not isinstance(pos, Position):
        raise InvalidArgumentError(f"pos must be a Position (Position.from_state(game) or "
                                   f"Position.from_rows(...)), not {type(pos).__name__}")
    return pos


def _counter(what: str, value: Mapping[str, int] | Iterable[str] | None) -> Counter:
    if value is None:
        return Counter()
    if isinstance(value, str):
        raise InvalidArgumentError(f"{what} must be a mapping of rune -> count (or a list of "
                                   f"runes), not the text {value!r}")
    pairs = value.items() if isinstance(value, Mapping) else Counter(value).items()
    out: Counter = Counter()
    for rune, n in pairs:
        check_piece(rune, f"{what}: each rune")
        if whole_number(n, f"{what}: the count of {rune!r}", minimum=0, maximum=64):
            out[rune] = n
    return out


# ------------------------------------------------------------------ a position
@dataclass(frozen=True)
class Position:
    """What the Matching Board's odds depend on, all of it public.

    ``board``: the Matching Board; ``allies``: the acting team's two faction letters;
    ``colour``: its Acorn colour (``"r"`` or ``"b"``); ``pouch`` and ``discard``: the
    Rune Pouch and the Rune Discard Pile by kind (the discard pile refills an empty
    pouch); ``snowflakes``: how many are matched already; ``exalted``: the exalted
    faction's letter, if any.
    """

    board: Board
    allies: str
    colour: str
    pouch: Counter = field(default_factory=Counter)
    discard: Counter = field(default_factory=Counter)
    snowflakes: int = 0
    exalted: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise InvalidArgumentError(f"board must be a Board, not {type(self.board).__name__}")
        if not isinstance(self.allies, str) or len(self.allies) != 2 or \
                len(set(self.allies)) != 2 or not all(c in RUNE_LETTERS for c in self.allies):
            raise InvalidArgumentError(f"allies must be two faction letters such as 'GT', not "
                                       f"{self.allies!r}")
        one_of(self.colour, "colour", tuple(COLOURS))
        whole_number(self.snowflakes, "snowflakes", minimum=0, maximum=SNOWFLAKES_TO_END - 1,
                     why="matched before this move")
        if self.exalted is not None and self.exalted not in tuple(RUNE_LETTERS):
            raise InvalidArgumentError(f"exalted must be a faction letter or None, not "
                                       f"{shown(self.exalted)}")
        object.__setattr__(self, "pouch", _counter("pouch", self.pouch))
        object.__setattr__(self, "discard", _counter("discard", self.discard))

    @classmethod
    def from_rows(cls, rows: Sequence[str], *, allies: str, colour: str,
                  pouch: Mapping[str, int] | Iterable[str] | None = None,
                  discard: Mapping[str, int] | Iterable[str] | None = None,
                  snowflakes: int = 0, exalted: str | None = None,
                  height: int = 6) -> Position:
        """A position typed in: the Board as text rows, top row first (``-`` empty, one
        letter a rune; see :meth:`Board.from_rows`).

        >>> Position.from_rows(["GT--"], allies="GT", colour="r", pouch={"B": 3}).pouch
        Counter({'B': 3})
        """
        # (Board.from_rows checks the size before building anything)
        return cls(Board.from_rows(rows, height=height), allies, colour,
                   _counter("pouch", pouch), _counter("discard", discard), snowflakes, exalted)

    @classmethod
    def from_state(cls, state: AlderQuestState, team: int | None = None) -> Position:
        """The position of a game (or a player's view of it) for ``team`` (default: the
        team to act).

        >>> from dungeoncraft_widgets.alderquest import new_game
        >>> game = new_game(seed=3)
        >>> for name in ("Thieves", "Bards", "Guardians", "Hunters"):
        ...     _ = game.apply(f"faction {name}")
        >>> pos = Position.from_state(game, 0)
        >>> pos.allies, pos.colour, sum(pos.pouch.values())
        ('TG', 'r', 24)
        """
        _state(state)
        if team is None:
            team = state.current_team
        _team(team)
        factions = state.teams[team]["factions"]
        allies = "".join(state.cards.letter(f) for f in factions)
        exalted = None if state.exalted is None else state.cards.letter(state.exalted)
        return cls(state.board_obj(), allies, COLOURS[team], Counter(state.rune_pouch),
                   Counter(state.rune_discard), min(len(state.snowflakes),
                                                    SNOWFLAKES_TO_END - 1), exalted)

    def rules(self) -> MatchRules:
        return MatchRules(self.allies, self.colour, self.snowflakes, self.exalted)


def parse_move(text: str | Sequence[str], board: Board | None = None) -> tuple[str, ...]:
    """A Board move from its text: ``"drop T A"`` (a rune into a column), ``"swap B2:B3"``,
    ``"slide B2:C2"`` (the rune and the empty space beside it), ``"line"`` (Drop a Line),
    or the tuple ``matching.cascade`` takes.

    >>> parse_move("drop T A"), parse_move("swap B2:B3"), parse_move("slide B2:C2")
    (('drop', 'A', 'T'), ('swap', 'B2', 'B3'), ('slide', 'B2', 'C'))
    """
    if isinstance(text, (tuple, list)):
        move = tuple(text)
    elif isinstance(text, str):
        words = text.split()
        if not words:
            raise InvalidArgumentError("move: empty text")
        kind = words[0]
        if kind == "drop" and len(words) == 3:
            move = ("drop", words[2], words[1])
        elif kind in ("swap", "slide") and len(words) == 2 and words[1].count(":") == 1:
            a, b = words[1].split(":")
            move = ("swap", a, b) if kind == "swap" else ("slide", a, b[:1])
        elif kind == "line" and len(words) == 1:
            move = ("line",)
        else:
            raise InvalidArgumentError(f"move: {text!r} is not 'drop RUNE COLUMN', "
                                       "'swap A1:A2', 'slide A2:B2' or 'line'")
    else:
        raise InvalidArgumentError(f"move must be text or a tuple, not {type(text).__name__}")
    if board is not None:
        move = check_move(move, board)
    return move


# ------------------------------------------------------------------ the cascade
class _Pause(Exception):
    """Raised by the draw inside ``matching.resolve`` when a new line is needed: the Board
    is then between the matches' removal and the line (a line is drawn whole before any
    of it drops), so the analysis can branch on every line and carry on."""


def _pause() -> str:
    raise _Pause


@dataclass
class _Branch:
    """One way a cascade can go: its weight, the Board, the result so far and the pools."""

    weight: Fraction
    board: Board
    result: CascadeResult
    pouch: Counter
    discard: Counter
    flushed: int  # how many of result.discarded are already in ``discard``
    line: tuple[str, ...] = ()  # every new rune drawn on the way, in order
    random_lines: int = 0  # new lines drawn that could have come out more than one way
    lines: int = 0  # new lines drawn, random or not
    unsettled: bool = False  # stopped before a new line beyond the limits


def _copy_result(r: CascadeResult) -> CascadeResult:
    steps = [dict(s, lines=list(s["lines"])) for s in r.steps]
    return CascadeResult(exalted=r.exalted, collected=list(r.collected),
                         discarded=list(r.discarded), scored=list(r.scored),
                         snowflakes=list(r.snowflakes), exalt_changes=list(r.exalt_changes),
                         legendary=r.legendary, matches=list(r.matches), steps=steps,
                         ended=r.ended, starved=r.starved)


def _line_draws(k: int, pouch: Counter, discard: Counter
                ) -> list[tuple[tuple[str, ...], int, Counter, Counter]]:
    """Every ordered line of ``k`` runes drawn one by one (an empty pouch takes back the
    discard pile), with integer weights over one common denominator (see
    :func:`_line_total`), and the pools after it. A line shorter than ``k``: both ran out.
    """
    out: list[tuple[tuple[str, ...], int, Counter, Counter]] = []
    bag = dict(pouch)
    spare = dict(discard)

    def walk(seq: tuple[str, ...], weight: int, bag: dict, spare: dict) -> None:
        if len(seq) < k and not any(bag.values()):
            if not any(spare.values()):
                out.append((seq, weight, Counter(), Counter()))  # starved: no more runes
                return
            bag, spare = spare, {}
        if len(seq) == k:
            out.append((seq, weight, +Counter(bag), +Counter(spare)))
            return
        for rune in sorted(bag):
            n = bag[rune]
            if n:
                bag[rune] = n - 1
                walk(seq + (rune,), weight * n, bag, spare)
                bag[rune] = n

    walk((), 1, bag, spare)
    return out


def _is_random(k: int, pouch: Counter, discard: Counter) -> bool:
    """Whether a line of ``k`` runes could come out more than one way."""
    size = sum(pouch.values())
    if len(pouch) > 1 and k > 0:
        return True
    if k <= size:
        return False
    return len(discard) > 1  # the pouch runs out and the discard pile refills it


def _line_total(k: int, pouch: Counter, discard: Counter) -> int:
    """The common denominator of :func:`_line_draws`: the pools' sizes fall the same way
    whatever is drawn."""
    total, size, spare = 1, sum(pouch.values()), sum(discard.values())
    for _ in range(k):
        if size == 0:
            if spare == 0:
                break
            size, spare = spare, 0
        total *= size
        size -= 1
    return total


def _enemy_matches(step: dict, rules: MatchRules) -> int:
    return sum(1 for m in step["matches"] if m["kind"] != "acorn"
               and m["kind"] not in rules.ally_factions)


class _Cascades:
    """Every way a cascade can end, branching on each new line drawn; a branch about to
    draw more than ``max_lines`` random lines stops there, ``unsettled``. With
    ``merge_quiet`` the lines that make no match are merged into one leaf (its Board and
    pools are then not those of any one line: for callers that need only the gains)."""

    def __init__(self, rules: MatchRules, max_lines: int, merge_quiet: bool = False) -> None:
        self.rules, self.max_lines, self.merge_quiet = rules, max_lines, merge_quiet
        self.out: list[_Branch] = []

    def go_on(self, branch: _Branch, changed: list | None = None) -> None:
        """Resolve ``branch`` to its end or to its next new line."""
        try:
            resolve(branch.board, self.rules, _pause, branch.result, changed=changed)
        except _Pause:
            pass
        else:
            self.out.append(branch)
            return
        last = branch.result.steps[-1] if branch.result.steps else None
        enemies = _enemy_matches(last, self.rules) if last is not None else 0
        if last is not None and last["matches"] and len(last["lines"]) < enemies:
            self.lines(branch, enemies - len(last["lines"]), into_last=True)
        else:  # an emptied Board gets a new line (L291)
            self.lines(branch, 1, into_last=False)

    def lines(self, branch: _Branch, left: int, into_last: bool) -> None:
        """Drop ``left`` new lines (one step's), branching on every draw, then go on."""
        result = branch.result
        # the runes this cascade discards join the pile only when it is over (as the
        # engine: RULE_NOTES), so a line draws from the pouch and the pile as they were
        discard = branch.discard
        flushed = branch.flushed
        k = sum(1 for c in range(branch.board.width) if not branch.board.column_full(c))
        random = _is_random(k, branch.pouch, discard)
        if random and branch.random_lines >= self.max_lines or branch.lines >= FORCED_LINES:
            branch.unsettled = True
            self.out.append(branch)
            return
        draws = _line_draws(k, branch.pouch, discard)
        total = _line_total(k, branch.pouch, discard)
        # Most lines make no match: when the Board held none before the line, only the
        # rows and columns through the new runes need a look (as the engine's own drop).
        quiet = left == 1 and not find_matches(branch.board)
        heights = [len(col) for col in branch.board.cols]
        if quiet and random and self.merge_quiet:
            draws = self._drop_quiet(branch, draws, total, heights)
        for seq, weight, pouch, disc in draws:
            board = branch.board.copy() if random else branch.board
            res = _copy_result(result) if random else result
            line, starved = drop_line(board, iter(seq + (None,) * k).__next__)
            if into_last:
                res.steps[-1]["lines"].append(line)
            else:
                res.steps.append({"matches": [], "lines": [line]})
            res.starved |= starved
            child = _Branch(branch.weight * Fraction(weight, total), board, res, pouch, disc,
                            flushed, branch.line + seq, branch.random_lines + random,
                            branch.lines + 1)
            if starved and not seq and not into_last:
                self.out.append(child)  # an empty Board and nothing to draw: it stops
            elif left > 1 and not starved:
                self.lines(child, left - 1, into_last)
            elif quiet:
                new = [(c, heights[c]) for c, rune in enumerate(line) if rune is not None]
                if may_match_at(board, new):
                    self.go_on(child, new)
                else:
                    self.out.append(child)
            else:
                self.go_on(child)

    def _drop_quiet(self, branch: _Branch, draws: list, total: int, heights: list[int]
                    ) -> list:
        """Merge the full lines that make no match into one leaf (tried in place on the
        Board, then taken off again); returns the other draws."""
        cols = branch.board.cols
        open_cols = [c for c in range(branch.board.width) if heights[c] < branch.board.height]
        cells = [(c, heights[c]) for c in open_cols]
        loud, quiet = [], 0
        for draw in draws:
            seq = draw[0]
            if len(seq) < len(open_cols):
                loud.append(draw)  # a short line (the runes ran out): the usual way
                continue
            for c, rune in zip(open_cols, seq, strict=True):
                cols[c].append(rune)
            if may_match_at(branch.board, cells):
                loud.append(draw)
            else:
                quiet += draw[1]
            for c in open_cols:
                cols[c].pop()
        if quiet:
            result = _copy_result(branch.result)
            self.out.append(_Branch(branch.weight * Fraction(quiet, total), branch.board,
                                    result, branch.pouch, branch.discard, branch.flushed,
                                    branch.line, branch.random_lines + 1, branch.lines + 1))
        return loud


#: How many random new lines one move's cascade is followed through (a longer chain,
#: which needs a new enemy match after each line, is reported as unsettled).
MOVE_LINES = 1
#: The same for a whole drop plan of :func:`best_drops` (kept quick).
PLAN_LINES = 1
#: Lines that can come out one way only (the pouch holds one kind) are followed up to
#: this many in all (a bound on the work: every cascade ends, since its new lines take
#: runes from a pouch and pile it does not refill, but a long one is not followed).
FORCED_LINES = 12


def _branches(pos: Position, board: Board, move: tuple[str, ...],
              max_lines: int = MOVE_LINES, used: int = 0, clean: bool | None = None,
              merge_quiet: bool = False) -> list[_Branch]:
    """Every way ``move`` can end on ``board`` (not changed), with its chance; ``used``
    random lines were drawn already (by earlier moves of a plan); ``clean``: the Board
    is known to hold no match (else it is looked at whole first); ``merge_quiet``: see
    :class:`_Cascades`."""
    work = board.copy()
    result = CascadeResult(exalted=pos.exalted)
    if clean is None:
        clean = not _has_match(work)
    changed = play_onto(work, move, result)
    start = _Branch(Fraction(1), work, result, pos.pouch.copy(), pos.discard.copy(), 0,
                    random_lines=used)
    cascades = _Cascades(pos.rules(), max_lines, merge_quiet)
    if move[0] == "line":
        cascades.lines(start, 1, into_last=False)
    else:
        cascades.go_on(start, changed if clean else None)
    for leaf in cascades.out:  # what is left of the cascade's discards joins the pile
        leaf.discard = leaf.discard + Counter(leaf.result.discarded[leaf.flushed:])
        leaf.flushed = len(leaf.result.discarded)
    return cascades.out


def _has_match(board: Board) -> bool:
    return bool(find_matches(board))


# ------------------------------------------------------------------ one move
@dataclass(frozen=True)
class Outcome:
    """One way a move can end: ``line`` the new runes drawn in order (empty: none),
    its ``probability``, what the acting team ``collected`` (ally runes), ``scored``
    (enemy Acorns), the ``snowflakes`` matched, whether a faction of theirs was exalted
    (``exalt``), the legendary Quarrels drawn, whether winter came (``ended``), and the
    final ``board`` with the Rune Pouch and discard pile after it (``pouch``,
    ``discard``). ``unsettled``: the cascade needed one more random new line than the
    analysis follows (what it did up to there is counted)."""

    line: tuple[str, ...]
    probability: sympy.Rational
    collected: tuple[str, ...]
    scored: tuple[str, ...]
    snowflakes: int
    exalt: bool
    legendary: int
    ended: bool
    starved: bool
    unsettled: bool
    board: Board
    pouch: Counter = field(repr=False)
    discard: Counter = field(repr=False)
    result: CascadeResult = field(repr=False, compare=False)

    @property
    def points(self) -> int:
        return sum(acorn_points(t) for t in self.scored)


def _exalts(result: CascadeResult, allies: str) -> bool:
    return any(after is not None and after in allies for _b, after in result.exalt_changes)


@dataclass(frozen=True)
class MoveOdds:
    """What a Board move does, exactly.

    ``deterministic``: the cascade up to the first new line (its ``steps`` and ``board``;
    all of it when no line is drawn); ``random``: whether a new line is drawn;
    ``outcomes``: every way it can end, with its chance. The ``p_...`` chances are
    ``sympy.Rational``: an ally match (runes collected), an enemy match, a match of 4
    or more (any faction), an exalt (your faction exalted), a legendary Quarrel (a
    match-5), Acorn points scored, winter (the 4th Snowflake matched).

    ``p_unsettled``: the chance the cascade goes on past ``max_lines`` random new lines
    (each needs a fresh enemy match); those cascades are counted as far as they went, so
    every other chance and expectation is exact up to at most that much.
    """

    move: tuple[str, ...]
    deterministic: CascadeResult
    random: bool
    outcomes: tuple[Outcome, ...]
    expected_collected: sympy.Rational
    expected_points: sympy.Rational
    p_ally_match: sympy.Rational
    p_enemy_match: sympy.Rational
    p_match4: sympy.Rational
    p_exalt: sympy.Rational
    p_legendary: sympy.Rational
    p_score: sympy.Rational
    p_end: sympy.Rational
    p_unsettled: sympy.Rational
    max_lines: int


def _deterministic_part(pos: Position, move: tuple[str, ...]) -> CascadeResult:
    """The cascade up to the first new line (the board as it stood just before it)."""
    work = pos.board.copy()
    result = CascadeResult(exalted=pos.exalted)
    clean = not _has_match(work)
    changed = play_onto(work, move, result)
    if move[0] != "line":
        try:
            resolve(work, pos.rules(), _pause, result, changed=changed if clean else None)
        except _Pause:
            pass
    result.board = work
    return result


def move_odds(pos: Position, move: str | Sequence[str], max_lines: int = MOVE_LINES
              ) -> MoveOdds:
    """What ``move`` (see :func:`parse_move`) does from ``pos``: the deterministic part and
    the exact distribution over the new runes drawn, following the cascade through up to
    ``max_lines`` random new lines.

    >>> pos = Position.from_rows(["G---", "GT--"], allies="GT", colour="r", pouch={"B": 4})
    >>> m = move_odds(pos, "drop G A")
    >>> m.random, m.expected_collected, m.p_ally_match, m.outcomes[0].collected
    (False, 3, 1, ('G', 'G', 'G'))
    """
    move = parse_move(move, _position(pos).board)
    whole_number(max_lines, "max_lines", minimum=0, maximum=4)
    leaves = _branches(pos, pos.board, move, max_lines)
    outcomes = []
    for leaf in leaves:
        r = leaf.result
        outcomes.append(Outcome(leaf.line, _rational(leaf.weight), tuple(r.collected),
                                tuple(r.scored), len(r.snowflakes), _exalts(r, pos.allies),
                                r.legendary, r.ended, r.starved, leaf.unsettled, leaf.board,
                                leaf.pouch, leaf.discard, r))
    pairs = list(zip(leaves, outcomes, strict=True))

    def chance(test) -> sympy.Rational:
        return _rational(sum((leaf.weight for leaf, o in pairs if test(o)), Fraction(0)))

    def mean(value) -> sympy.Rational:
        return _rational(sum((leaf.weight * value(o) for leaf, o in pairs), Fraction(0)))

    allies = pos.allies
    return MoveOdds(
        move=move, deterministic=_deterministic_part(pos, move),
        random=any(o.line or o.unsettled for o in outcomes), outcomes=tuple(outcomes),
        expected_collected=mean(lambda o: len(o.collected)),
        expected_points=mean(lambda o: o.points),
        p_ally_match=chance(lambda o: any(m.kind in allies for m in o.result.matches)),
        p_enemy_match=chance(lambda o: any(m.kind != "acorn" and m.kind not in allies
                                           for m in o.result.matches)),
        p_match4=chance(lambda o: any(m.kind != "acorn" and m.size >= 4
                                      for m in o.result.matches)),
        p_exalt=chance(lambda o: o.exalt), p_legendary=chance(lambda o: o.legendary > 0),
        p_score=chance(lambda o: o.points > 0), p_end=chance(lambda o: o.ended),
        p_unsettled=chance(lambda o: o.unsettled), max_lines=max_lines)


# ------------------------------------------------------------------ the best drop
@dataclass(frozen=True)
class DropPlan:
    """One way to drop the revealed runes: ``steps`` ((rune, column), ...) in order, the
    exact ``expected_collected`` ally runes and ``expected_points`` (enemy Acorns scored)
    over the new runes that may be drawn, and the chances (``sympy.Rational``) of an
    exalt (your faction exalted by a match of 4+), a legendary Quarrel (a match-5), one
    or the other (not their sum: both may happen), and winter (the 4th Snowflake).
    ``p_unsettled``: the chance the plan draws more random new lines than followed
    (:data:`PLAN_LINES`); the plan is counted up to there, the rest of it as nothing."""

    steps: tuple[tuple[str, str], ...]
    expected_collected: sympy.Rational
    expected_points: sympy.Rational
    p_exalt: sympy.Rational
    p_legendary: sympy.Rational
    p_end: sympy.Rational
    p_exalt_or_legendary: sympy.Rational
    p_unsettled: sympy.Rational
    best: bool = False

    def words(self, names: Mapping[str, str] | None = None) -> str:
        """``'T in A, then G in C, then H in B'`` (runes named by ``names`` if given)."""
        names = names or {}
        return ", then ".join(f"{names.get(r, r)} in {c}" for r, c in self.steps)


# A plan's values: collected, points, exalt, legendary, winter, exalt-or-legendary, unsettled
_STATS = 7
_NOTHING = (0,) * _STATS


def _board_key(board_cols: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(c) for c in board_cols)


def _pools_key(c: Counter) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(c.items()))


class _Advisor:
    """Expected values of every drop plan, sharing work between plans: a situation (the
    Board, the pools, the exalted faction, the Snowflakes, the random lines drawn so far)
    reached by two plans is worked out once, and a drop that makes no match is placed
    without running the cascade. Values are kept as integer numerators over their own
    denominator (exact, and many times quicker than adding fractions)."""

    def __init__(self, pos: Position, max_lines: int, after_line: bool) -> None:
        self.pos, self.max_lines, self.after_line = pos, max_lines, after_line
        self.width, self.height = pos.board.width, pos.board.height
        self.steps_memo: dict[Any, tuple[int, list]] = {}
        self.value_memo: dict[Any, dict] = {}

    def start(self) -> tuple:
        p = self.pos
        return (_board_key(p.board.cols), _pools_key(p.pouch), _pools_key(p.discard),
                p.exalted, p.snowflakes, 0)

    def columns(self, cols: tuple[tuple[str, ...], ...]) -> list[int]:
        full = all(len(c) >= self.height for c in cols)
        return [c for c in range(self.width) if full or len(cols[c]) < self.height]

    def drop(self, sit: tuple, rune: str, col: int, last: bool) -> tuple[int, list]:
        """(D, [(weight, gains, next situation or None)]): dropping ``rune`` into column
        ``col``; each way it can end has chance weight / D; None: the plan stops there
        (winter came, or the cascade is unsettled). ``last``: no drop comes after it."""
        max_lines = self.max_lines if last or self.after_line else 0
        key = (sit, rune, col, last)
        hit = self.steps_memo.get(key)
        if hit is not None:
            return hit
        cols, pouch, discard, exalted, snow, used = sit
        if len(cols[col]) < self.height and not all(len(c) >= self.height for c in cols):
            new = list(cols)
            new[col] = cols[col] + (rune,)
            row = len(cols[col])
            across = [c[row] if row < len(c) else None for c in new]
            if not may_match_line(new[col]) and not may_match_line(across):
                out = (1, [(1, _NOTHING[:6], (tuple(new), pouch, discard, exalted, snow,
                                              used))])
                self.steps_memo[key] = out
                return out
        p = self.pos
        pos = dataclasses.replace(p, board=Board(self.width, self.height, cols),
                                  pouch=Counter(dict(pouch)), discard=Counter(dict(discard)),
                                  snowflakes=snow, exalted=exalted)
        leaves = _branches(pos, pos.board, ("drop", chr(65 + col), rune), max_lines, used,
                           clean=True, merge_quiet=last)
        den = math.lcm(*(leaf.weight.denominator for leaf in leaves))
        ways = []
        for leaf in leaves:
            r = leaf.result
            gains = (len(r.collected), sum(acorn_points(t) for t in r.scored),
                     int(_exalts(r, p.allies)), int(r.legendary > 0), int(r.ended),
                     int(leaf.unsettled))
            nxt = None if r.ended or leaf.unsettled or last else (
                _board_key(leaf.board.cols), _pools_key(leaf.pouch), _pools_key(leaf.discard),
                r.exalted, min(snow + len(r.snowflakes), SNOWFLAKES_TO_END - 1),
                leaf.random_lines)
            ways.append((leaf.weight.numerator * (den // leaf.weight.denominator), gains, nxt))
        self.steps_memo[key] = (den, ways)
        return den, ways

    def values(self, sit: tuple | None, runes: tuple[str, ...]) -> dict:
        """suffix plan -> (denominator, numerators of the values in ``_STATS``) from
        ``sit`` with ``runes`` (sorted) still to drop; ``sit`` None: the plan has stopped,
        nothing more counts."""
        if not runes:
            return {(): (1, _NOTHING)}
        key = (sit, runes)
        hit = self.value_memo.get(key)
        if hit is not None:
            return hit
        out: dict = {}
        for i, rune in enumerate(runes):
            if i and runes[i - 1] == rune:
                continue  # the same rune twice: one order
            rest = runes[:i] + runes[i + 1:]
            columns = range(self.width) if sit is None else self.columns(sit[0])
            for col in columns:
                name = ((rune, chr(65 + col)),)
                if sit is None:
                    for suffix, v in self.values(None, rest).items():
                        out[name + suffix] = v
                    continue
                total, ways = self.drop(sit, rune, col, not rest)
                acc: dict = {}
                for weight, gains, nxt in ways:
                    c, pts, ex, leg, end, unsettled = gains
                    either = ex or leg
                    for suffix, (d, v) in self.values(nxt, rest).items():
                        val = (c * d + v[0], pts * d + v[1], d if ex else v[2],
                               d if leg else v[3], d if end else v[4], d if either else v[5],
                               d if unsettled else v[6])
                        prev = acc.get(suffix)
                        if prev is None:
                            acc[suffix] = [d, [weight * x for x in val]]
                            continue
                        if prev[0] != d:  # bring both to one denominator
                            both = math.lcm(prev[0], d)
                            up = both // prev[0]
                            prev[1] = [x * up for x in prev[1]]
                            prev[0], weight_d = both, weight * (both // d)
                        else:
                            weight_d = weight
                        nums = prev[1]
                        for j in range(_STATS):
                            nums[j] += weight_d * val[j]
                for suffix, (d, nums) in acc.items():
                    out[name + suffix] = (d * total, tuple(nums))
        self.value_memo[key] = out
        return out


def best_drops(pos: Position, revealed: Sequence[str], max_lines: int = PLAN_LINES,
               after_line: bool = False) -> list[DropPlan]:
    """Every order and column for dropping ``revealed`` (the runes above the Board, up to
    3), ranked by the exact expected number of ally runes collected, then the chance of
    an exalt or a legendary Quarrel, then the expected Acorn points. A plan is fixed in
    advance (the runes a new line brings do not change its later columns).

    A new line drawn by a plan's last drop is followed through ``max_lines`` random new
    lines. A random line drawn by an earlier drop leaves the rest of the plan unsettled
    (``DropPlan.p_unsettled``; what came before it is counted): the drops after it would
    have to be worked out anew for each of the up to 4^4 (or 5^4) lines, which takes
    seconds on a crowded Board; ``after_line=True`` does it all the same. Put a drop
    that makes an enemy match last and its plan is settled.

    >>> pos = Position.from_rows(["G---", "GT--"], allies="GT", colour="r", pouch={"B": 4})
    >>> plans = best_drops(pos, ["G", "T"])
    >>> plans[0].words(), plans[0].expected_collected, plans[0].best
    ('G in A, then T in A', 3, True)
    >>> len(plans)      # 2 orders x 4 columns x 4 columns
    32
    """
    _position(pos)
    if isinstance(revealed, str):
        raise InvalidArgumentError("revealed must be a list of runes such as ['T', 'G']")
    runes = tuple(sorted(_counter("revealed", list(revealed)).elements()))
    if not 1 <= len(runes) <= REVEAL:
        raise InvalidArgumentError(f"revealed: 1 to {REVEAL} runes, not {len(runes)}")
    whole_number(max_lines, "max_lines", minimum=0, maximum=3)
    advisor = _Advisor(pos, max_lines, after_line)
    plans = [DropPlan(steps, *(_rational(Fraction(x, den)) for x in nums))
             for steps, (den, nums) in advisor.values(advisor.start(), runes).items()]
    plans.sort(key=lambda p: (-p.expected_collected, -p.p_exalt_or_legendary,
                              -p.expected_points, p.steps))
    if plans:
        plans[0] = dataclasses.replace(plans[0], best=True)
    return plans


# ------------------------------------------------------------------ the runes to come
def reveal_odds(position: Position | AlderQuestState, rune: str, at_least: int,
                draws: int = REVEAL) -> sympy.Rational:
    """The chance that the next ``draws`` runes revealed from the Rune Pouch of
    ``position`` (a :class:`Position`, or a game or a player's view: the pouch is public)
    hold at least ``at_least`` of ``rune`` (an empty pouch takes back the Rune Discard
    Pile first, L335).

    >>> pos = Position.from_rows(["----"], allies="GT", colour="r",
    ...                          pouch={"T": 6, "G": 6, "B": 6, "H": 6})
    >>> reveal_odds(pos, "T", 1)
    151/253
    >>> pos = Position.from_rows(["----"], allies="GT", colour="r", pouch={"T": 1},
    ...                          discard={"T": 3, "B": 1})
    >>> reveal_odds(pos, "T", 3)   # its T, then 2 of the 4 discarded
    1/2
    """
    if isinstance(position, AlderQuestState):
        _state(position, "position")
        pouch_c, discard_c = Counter(position.rune_pouch), Counter(position.rune_discard)
    elif isinstance(position, Position):
        pouch_c, discard_c = position.pouch, position.discard
    else:
        raise InvalidArgumentError("position must be a Position or an AlderQuest game (or a "
                                   f"player's view of it), not {shown(position)}")
    _counter("rune", [rune])
    whole_number(draws, "draws", minimum=0, maximum=32)
    whole_number(at_least, "at_least", minimum=0, maximum=draws)
    size = sum(pouch_c.values())
    if size >= draws:
        return hypergeom_at_least(size, pouch_c[rune], draws, at_least)
    # the whole pouch is revealed, then the rest comes from the discard pile (L335)
    need = at_least - pouch_c[rune]
    if need <= 0:
        return ONE
    rest, spare, marked = draws - size, sum(discard_c.values()), discard_c[rune]
    if spare < rest:  # the discard pile is revealed whole too
        return ONE if marked >= need else ZERO
    return hypergeom_at_least(spare, marked, rest, need)


# ------------------------------------------------------------------ tiles
#: What the tile odds rest on: the rulebook's sentences and the one assumption left.
TILE_NOTES = (
    "The tiles a player cannot see: a Tile Pouch of 19 (2 trap, 2 snowflake, 2 three-point, "
    "5 two-point, 8 one-point, L54); 'draw a tile from your Tile Pouch' (L225), also after a "
    "Hero Squabble (L150) and some cards: a random tile of the pouch goes to the hand, "
    "unseen. 'When a player arms a Trap, they take a trap tile to their hand (to be placed "
    "at the start of their next turn)' (L233): a known trap joins the hand. Misdirection "
    "adds a trap tile to the pouch. Set Tiles (L70) sets 'each of them', the whole hand, so "
    "the tiles set at one Set Tiles (a batch) are the hand as it was: its armed traps and "
    "its draws. A dismissed tile goes back 'to your opponent's pouch without revealing it' "
    "(L160), so the pouch may hold a tile the viewer has partly guessed; a revealed trap "
    "goes to the unused stack (L235), a revealed Snowflake to the Rune Discard Pile.",
    "Public, and used: which spaces receive a tile at each Set Tiles and in what order (a "
    "minion meets the top tile of a stack first), every tile drawn, every trap tile taken "
    "to hand or added to the pouch, every tile revealed or dismissed. The viewer's chance "
    "for each face-down tile is the exact posterior given all of that, worked out "
    "forward through the game's public log with exact fractions (:func:`tile_odds`).",
    "The one assumption: the rulebook lets the owner choose which hand tile goes on which "
    "space ('set each of them into a space'), and 'You can always peek at your own "
    "facedown tiles' (L72). The chances assume the tiles of one Set Tiles are exchangeable "
    "from the viewer's side: each space of a batch is as likely as any other to hold its "
    "trap. An owner who puts traps where minions will walk makes a batch's tiles "
    "different; :meth:`TileOdds.placement_range` gives, beside the chance, the two "
    "extremes of that choice for the tile's own batch (the batch's traps set on this space "
    "first, or last; the other batches still in no particular order). It is not a bound "
    "over every strategy an owner could follow in every batch. Measured on the engine: "
    "bots that set blindly meet the traps the chance says; bots that set traps next to "
    "enemy minions meet many more, within the range (tests/test_alderquest_tile_odds.py).",
    "Also assumed: the owner's other choices (arming a Trap, which tile a minion meets "
    "first) say nothing about the face-down tiles beyond what the log shows, and the "
    "Acorns and Snowflakes not yet seen are equally likely to be any of the ones left "
    "(true: the engine draws uniformly, and no rule treats them differently while hidden).",
)


@dataclass(frozen=True)
class TileOdds:
    """What the unknown tiles of ``colour`` are, for a player of the other team.

    ``pool`` and ``unknown``: the make-up and number of all of them (pouch, hand and face
    down on the Battlefield), public by count. ``stacks``: for every space with face-down
    tiles of ``colour``, the exact chance that each is a trap, bottom to top (a minion
    meets the top one first). ``p_trap`` and ``kinds``: for a face-down tile picked at
    random (with none face down: the next tile drawn from the pouch); ``t`` trap, ``s``
    Snowflake, ``1 2 3`` Acorn points.

    ``exact`` says whether the chances come from the game's public log (``True``, see
    :data:`TILE_NOTES` for the one assumption, exchangeable placement within a Set
    Tiles), or, for a position typed in without its history, from the counts alone, as if
    each face-down tile were a blind draw (``False``).
    """

    colour: str
    pool: Counter
    unknown: int
    face_down: int
    kinds: dict[str, sympy.Rational]
    stacks: dict[str, tuple[sympy.Rational, ...]] = field(default_factory=dict)
    exact: bool = False
    _events: tuple = field(default=(), repr=False, compare=False)
    _worlds: tuple = field(default=(), repr=False, compare=False)

    @property
    def p_trap(self) -> sympy.Rational:
        return self.kinds.get("t", ZERO)

    @property
    def expected_points(self) -> sympy.Rational:
        """Acorn points the tile is worth on average (0 for a trap or a Snowflake)."""
        return sum((self.kinds.get(k, ZERO) * int(k) for k in "123"), ZERO)

    @property
    def expected_traps(self) -> sympy.Rational:
        """How many traps the face-down tiles hold on average."""
        return sum((p for ps in self.stacks.values() for p in ps), ZERO)

    def at(self, space: str) -> sympy.Rational:
        """The chance that the top face-down tile on ``space`` (the one a minion meets
        first) is a trap."""
        chances = self.stacks.get(space) if isinstance(space, str) else None
        if not chances:
            raise InvalidArgumentError(f"space: no face-down {self.colour} tile on {space!r}")
        return chances[-1]

    def p_no_trap(self, tiles: int) -> sympy.Rational:
        """The chance that none of ``tiles`` different unknown tiles, drawn blindly from
        all of them, is a trap (for tiles on chosen spaces: :meth:`p_no_trap_on`).

        >>> TileOdds("b", Counter({"t": 2, "1": 8}), 10, 3, {}).p_no_trap(2)
        28/45
        """
        traps = self.pool.get("t", 0)
        whole_number(tiles, "tiles", minimum=0)
        if tiles > self.unknown:
            raise InvalidArgumentError(f"tiles: only {self.unknown} unknown tiles")
        return sympy.Rational(math.comb(self.unknown - traps, tiles),
                              math.comb(self.unknown, tiles))

    def p_no_trap_on(self, spaces: Iterable[str]) -> sympy.Rational:
        """The exact chance that no face-down tile of ``colour`` on ``spaces`` is a trap
        (the tiles of one Set Tiles are not independent: this is not a product)."""
        if isinstance(spaces, str):
            raise InvalidArgumentError(f"spaces must be a list of spaces, not {spaces!r}")
        spaces = sorted(set(spaces))
        for s in spaces:
            if not isinstance(s, str) or s not in self.stacks:
                raise InvalidArgumentError(f"spaces: no face-down {self.colour} tile on {s!r}")
        if not self.exact:
            n = sum(len(self.stacks[s]) for s in spaces)
            return self.p_no_trap(n)
        batches, worlds = self._worlds
        met: Counter = Counter(b for s in spaces for b in batches[s])
        total = Fraction(0)
        for counts, weight in worlds:
            p = weight
            left = {b: (size, traps) for b, size, traps in counts}
            for b, k in met.items():
                size, traps = left[b]
                p *= Fraction(math.comb(size - traps, k), math.comb(size, k))
            total += p
        return _rational(total)

    def placement_range(self, space: str) -> tuple[sympy.Rational, sympy.Rational]:
        """(low, high): the chance for the top tile on ``space`` if its owner, rather
        than setting the tiles of that Set Tiles in any order, set the batch's traps on
        this space last (low) or first (high); the other batches stay exchangeable. A
        placement that what was seen since rules out (a trap revealed elsewhere in a
        batch that held one) is left out; ``at(space)`` always lies in the range.
        """
        self.at(space)
        if not self.exact:
            p = self.at(space)
            return p, p
        tile = len(self.stacks[space]) - 1
        found = [self.at(space)]
        for order in ("last", "first"):
            pinned = _tile_filter(self._events, pin=(space, tile, order))
            if pinned is not None:  # None: what was seen rules this placement out
                found.append(pinned[0][space][-1])
        return min(found), max(found)


def _public_tiles(state: AlderQuestState, colour: str) -> Counter:
    """Tiles of ``colour`` everyone can see: on the Board and in the rune cycle, revealed,
    matched, collected, face up on the Battlefield, carried."""
    seen: list[str] = [*state.rune_pouch, *state.rune_discard, *state.revealed,
                       *state.snowflakes]
    for col in state.board:
        seen += col
    for team in state.teams:
        seen += team["collection"] + team["held"]
    for tiles in state.tiles.values():
        seen += [code for code, up in tiles if up]
    seen += [m["acorn"] for m in state.minions.values() if m["acorn"]]
    return Counter(code[1] for code in seen if len(code) == 2 and code[0] == colour)


def tile_events(state: AlderQuestState, owner: int) -> list[tuple]:
    """What the game's public log says happened to ``owner``'s hidden tiles, in order:
    ``("draw",)`` (pouch to hand), ``("arm",)`` (a trap tile to hand), ``("add",)`` (a
    trap tile to the pouch), ``("set", space, turn)``, ``("dismiss", space)`` (the top
    face-down tile there back to the pouch), ``("reveal", space, is_trap)``.

    Read from the data of the events everyone sees, never their wording: ``turn``
    (``turn``), ``draw`` (``team``, ``tiles``: how many drawn), ``set`` (``team``,
    ``space``), ``play`` / ``effect`` (``team``, ``tile``, ``to``: "hand" when arming a
    Trap, "pouch" for Misdirection), ``minion`` (``act``: "dismiss" or "reveal",
    ``owner``, ``space``, and the revealed ``tile``).

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> tile_events(new_game(seed=1), 1)
    []
    """
    game_state(state, AlderQuestState)
    _team(owner)
    out: list[tuple] = []
    turn = 0
    for event in state.log:
        data = event.data
        if not data or event.visible_to is not None:
            continue
        kind = event.kind
        if kind == "turn":
            turn = data.get("turn", turn + 1)
        elif kind == "minion":
            if data.get("owner") == owner:
                act = data.get("act")
                if act == "dismiss":
                    out.append(("dismiss", data["space"]))
                elif act == "reveal":
                    out.append(("reveal", data["space"], data["tile"][1:] == "t"))
        elif data.get("team") == owner:
            if kind == "set":
                out.append(("set", data["space"], turn))
            elif kind == "draw":
                out.extend([("draw",)] * data.get("tiles", 0))
            elif kind in ("play", "effect") and "tile" in data:
                where = data.get("to")
                if where == "hand":
                    out.append(("arm",))
                elif where == "pouch":
                    out.append(("add",))
    return out


def _tile_filter(events: Sequence[tuple], traps: int = POUCH["t"],
                 size: int = sum(POUCH.values()), pin: tuple | None = None
                 ) -> tuple | None:
    """The exact posterior of the hidden tiles after ``events`` (see :func:`tile_events`),
    from a pouch of ``size`` tiles with ``traps`` traps. None: the events do not fit
    together (a tile revealed where none was set).

    A world is (traps in the pouch, traps in the hand, traps left in each batch); a
    draw takes a random pouch tile, a set a random hand tile (exchangeable placement),
    a dismissal or reveal a random tile of the batch the top tile came from. ``pin``
    ``(space, index, "first" | "last")``: that tile gets its batch's traps first or last.

    Returns (space -> chances bottom to top, space -> batch of each tile,
    [(((batch, size, traps) for each batch with tiles left), chance)], pouch size,
    hand size, the chance the next tile drawn from the pouch is a trap).
    """
    worlds: dict[tuple, Fraction] = {(traps, 0, ()): Fraction(1)}
    sizes: list[int] = []  # tiles left in each batch (public)
    batch_of_turn: dict[int, int] = {}
    stacks: dict[str, list[int]] = {}
    pouch, hand = size, 0
    pin_event = pin_turn = pin_batch = None
    if pin is not None:  # which set event places the pinned tile
        placed: dict[str, list[int]] = {}
        for i, ev in enumerate(events):
            if ev[0] == "set":
                placed.setdefault(ev[1], []).append(i)
            elif ev[0] in ("dismiss", "reveal") and placed.get(ev[1]):
                placed[ev[1]].pop()
        column = placed.get(pin[0], [])
        if pin[1] >= len(column):
            return None
        pin_event = column[pin[1]]
        pin_turn = events[pin_event][2]

    def split(fn: Any) -> None:
        nonlocal worlds
        out: dict[tuple, Fraction] = {}
        for world, w in worlds.items():
            for new, p in fn(*world):
                if p:
                    out[new] = out.get(new, Fraction(0)) + w * p
        worlds = out

    for i, ev in enumerate(events):
        what = ev[0]
        if what == "draw":
            if not pouch:
                return None
            n = pouch
            split(lambda a, h, ts, n=n: ((((a - 1, h + 1, ts), Fraction(a, n)),
                                          ((a, h, ts), Fraction(n - a, n)))))
            pouch, hand = pouch - 1, hand + 1
        elif what == "arm":
            split(lambda a, h, ts: (((a, h + 1, ts), 1),))
            hand += 1
        elif what == "add":
            split(lambda a, h, ts: (((a + 1, h, ts), 1),))
            pouch += 1
        elif what == "set":
            turn = ev[2]
            b = batch_of_turn.get(turn)
            if b is None:
                if not hand:
                    return None
                b = batch_of_turn[turn] = len(sizes)
                sizes.append(0)
                split(lambda a, h, ts: (((a, h, ts + (0,)), 1),))
                if turn == pin_turn:
                    # the pinned tile takes the batch's traps first (or last): its value
                    # comes from the whole hand, before any tile of the batch is set
                    pin_batch = len(sizes)
                    sizes.append(1)
                    first, nh = pin[2] == "first", hand  # type: ignore[index]

                    def reserve(a: int, h: int, ts: tuple, first: bool = first,
                                nh: int = nh) -> tuple:
                        trap = int(h > 0) if first else int(h == nh)
                        return (((a, h - trap, ts + (trap,)), 1),)
                    split(reserve)
                    hand -= 1
            if i == pin_event:
                stacks.setdefault(ev[1], []).append(pin_batch)
                continue
            if not hand:
                return None
            n = hand

            def set_one(a: int, h: int, ts: tuple, n: int = n, b: int = b) -> tuple:
                up = ts[:b] + (ts[b] + 1,) + ts[b + 1:]
                return (((a, h - 1, up), Fraction(h, n)), ((a, h, ts), Fraction(n - h, n)))
            split(set_one)
            hand -= 1
            sizes[b] += 1
            stacks.setdefault(ev[1], []).append(b)
        else:  # dismiss or reveal: the top tile on the space
            column = stacks.get(ev[1])
            if not column:
                return None
            b = column.pop()
            m = sizes[b]
            sizes[b] -= 1
            if what == "dismiss":
                def back(a: int, h: int, ts: tuple, m: int = m, b: int = b) -> tuple:
                    down = ts[:b] + (ts[b] - 1,) + ts[b + 1:]
                    return (((a + 1, h, down), Fraction(ts[b], m)),
                            ((a, h, ts), Fraction(m - ts[b], m)))
                split(back)
                pouch += 1
            elif ev[2]:
                split(lambda a, h, ts, m=m, b=b: (
                    ((a, h, ts[:b] + (ts[b] - 1,) + ts[b + 1:]), Fraction(ts[b], m)),))
            else:
                split(lambda a, h, ts, m=m, b=b: (((a, h, ts), Fraction(m - ts[b], m)),))
            if not worlds:
                return None  # a reveal the worlds say could not happen
    total = sum(worlds.values())
    if not total:
        return None
    chances: dict[str, tuple[sympy.Rational, ...]] = {}
    per_batch = [Fraction(0)] * len(sizes)
    for (_a, _h, ts), w in worlds.items():
        for b, t in enumerate(ts):
            if sizes[b]:
                per_batch[b] += w * Fraction(t, sizes[b])
    for space, column in stacks.items():
        if column:
            chances[space] = tuple(_rational(per_batch[b] / total) for b in column)
    merged: dict[tuple, Fraction] = {}
    for (_a, _h, ts), w in worlds.items():  # worlds alike on the Battlefield, as one
        key = tuple((b, sizes[b], t) for b, t in enumerate(ts) if sizes[b])
        merged[key] = merged.get(key, Fraction(0)) + w / total
    summary = list(merged.items())
    next_draw = sum((w * Fraction(a, pouch) for (a, _h, _ts), w in worlds.items()),
                    Fraction(0)) / total if pouch else None
    return chances, {s: c for s, c in stacks.items() if c}, summary, pouch, hand, next_draw


def tile_odds(state: AlderQuestState, team: int | None = None) -> TileOdds:
    """What the enemy's unknown tiles are, for ``team`` (default: the team to act), from
    everything ``team`` has seen: the 19-tile pouch, every draw, every trap tile taken to
    hand (arming a Trap) or added to the pouch (Misdirection), which spaces got tiles at
    which Set Tiles, and every tile revealed or dismissed (see :data:`TILE_NOTES`).

    The chance for each face-down tile is exact given the public log, assuming only that
    the tiles of one Set Tiles are exchangeable (:meth:`TileOdds.placement_range` shows
    what a chosen placement can do). A position without its history (typed in) gets the
    counts alone (``exact`` False).

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> odds = tile_odds(new_game(seed=1), 0)
    >>> odds.p_trap, odds.kinds["s"], odds.unknown, odds.exact
    (2/19, 2/19, 19, True)
    """
    game_state(state, AlderQuestState)
    if team is None:
        team = state.current_team if state.phase == "play" else 0
    _team(team)
    enemy = 1 - team
    colour = COLOURS[enemy]
    e = state.teams[enemy]
    face_down: dict[str, int] = {}
    for space, tiles in state.tiles.items():
        n = sum(1 for code, up in tiles if code[0] == colour and not up)
        if n:
            face_down[space] = n
    hidden = sum(face_down.values())
    unknown = len(e["pouch"]) + len(e["hand"]) + hidden
    pool = Counter({k: n for k, n in POUCH.items()})
    pool["t"] += UNUSED_TRAPS - e["traps"]
    seen = _public_tiles(state, colour)
    pool.subtract(seen)
    pool = +pool
    if sum(pool.values()) != unknown:
        raise InvalidArgumentError(f"the {colour} tiles do not add up ({sum(pool.values())} "
                                   f"unseen by count, {unknown} in pouch, hand and face down)")
    events = tuple(tile_events(state, enemy))
    found = _tile_filter(events)
    if found is not None:
        chances, batches, worlds, pouch, hand, next_draw = found
        if pouch != len(e["pouch"]) or hand != len(e["hand"]) or \
                {s: len(c) for s, c in chances.items()} != face_down:
            found = None  # the log does not account for this position (typed in)
    if found is None:
        p = Fraction(pool.get("t", 0), unknown) if unknown else Fraction(0)
        kinds = {k: sympy.Rational(n, unknown) for k, n in sorted(pool.items())} \
            if unknown else {}
        stacks = {s: (_rational(p),) * n for s, n in face_down.items()}
        return TileOdds(colour, pool, unknown, hidden, kinds, stacks, False)
    if hidden:
        p_trap = sum((p for c in chances.values() for p in c), ZERO) / hidden
    else:
        p_trap = _rational(next_draw) if next_draw is not None else ZERO
    # Acorns and Snowflakes not seen yet are alike while hidden: each unknown non-trap
    # tile is any of them with chances in proportion to what is left (TILE_NOTES).
    left = {k: POUCH[k] - seen.get(k, 0) for k in POUCH if k != "t"}
    rest = sum(left.values())
    kinds = {"t": p_trap} if p_trap else {}
    for k, n in sorted(left.items()):
        if n and rest:
            kinds[k] = (ONE - p_trap) * sympy.Rational(n, rest)
    return TileOdds(colour, pool, unknown, hidden, dict(sorted(kinds.items())), chances,
                    True, events, (batches, worlds))


def trap_chance(state: AlderQuestState, team: int | None = None,
                space: str | None = None) -> sympy.Rational:
    """The chance that the top face-down enemy tile on ``space`` is a trap (no space: a
    face-down enemy tile picked at random; see :func:`tile_odds`).

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> trap_chance(new_game(seed=1), 1)
    2/19
    """
    odds = tile_odds(state, team)
    return odds.p_trap if space is None else odds.at(space)


# ------------------------------------------------------------------ winter
@dataclass(frozen=True)
class WinterOdds:
    """How far winter is: ``matched`` Snowflakes of 4; where the others are (``on_board``,
    ``in_cycle`` (the rune pouch, the discard pile and the revealed runes), and per
    colour ``hidden`` (in a team's pouch, hand or face down: only the other team's
    minions can bring them out)); ``p_end_best`` the chance the best drop plan brings
    winter this turn, ``p_end_max`` the highest chance any plan has; ``leader``."""

    matched: int
    on_board: int
    in_cycle: int
    hidden: dict[str, int]
    p_end_best: sympy.Rational
    p_end_max: sympy.Rational
    points: tuple[int, int]

    @property
    def leader(self) -> int | None:
        red, blue = self.points
        return 0 if red > blue else 1 if blue > red else None

    def sentence(self, team_names: Sequence[str] = ("Red", "Blue")) -> str:
        """Winter in words, e.g. 'Winter comes when the 4th Snowflake is matched: 1 so
        far; ...'."""
        parts = [f"Winter comes when the 4th Snowflake is matched: {self.matched} so far"]
        if self.on_board:
            parts.append(f"{self.on_board} on the Board")
        if self.in_cycle:
            parts.append(f"{self.in_cycle} among the runes (pouch, discard, revealed)")
        named = False
        for t, colour in enumerate(COLOURS):
            n = self.hidden.get(colour, 0)
            if n:
                whose = possessive(team_names[t], capital=False)
                other = possessive(team_names[1 - t], capital=False)
                what = "" if named else (" Snowflake" if n == 1 else " Snowflakes")
                verb = "is" if n == 1 else "are"
                parts.append(f"{n} of {whose}{what} {verb} still hidden (only {other} "
                             f"minions can reveal {'it' if n == 1 else 'them'})")
                named = True
        return "; ".join(parts) + "."


def snowflake_race(state: AlderQuestState, plans: Sequence[DropPlan] | None = None
                   ) -> WinterOdds:
    """Where the Snowflakes are, and the chance the game ends with this turn's drops.

    ``plans``: the :func:`best_drops` of the runes revealed now (computed if not given
    and the Action Phase has runes to drop).

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> race = snowflake_race(new_game(seed=1))
    >>> race.matched, race.hidden, race.p_end_max
    (0, {'r': 2, 'b': 2}, 0)
    """
    game_state(state, AlderQuestState)
    if plans is not None and (isinstance(plans, str) or not isinstance(plans, Sequence)
                              or not all(isinstance(p, DropPlan) for p in plans)):
        raise InvalidArgumentError(f"plans must be the DropPlans of best_drops, not "
                                   f"{shown(plans)}")
    cycle = [*state.rune_pouch, *state.rune_discard, *state.revealed]
    on_board = sum(1 for col in state.board for p in col if is_snowflake(p))
    in_cycle = sum(1 for p in cycle if is_snowflake(p))
    hidden = {}
    for colour in COLOURS:
        hidden[colour] = POUCH["s"] - _public_tiles(state, colour).get("s", 0)
    if plans is None and state.phase == "play" and state.step == "action" and \
            state.revealed and not state.is_over:
        plans = best_drops(Position.from_state(state), state.revealed)
    plans = plans or []
    p_best = plans[0].p_end if plans else ZERO
    p_max = max((p.p_end for p in plans), default=ZERO)
    return WinterOdds(len(state.snowflakes), on_board, in_cycle, hidden, p_best, p_max,
                      (state.points(0), state.points(1)))
