"""AlderQuest in a notebook: the Matching Board and the Battlefield side by side.

``AlderQuestApp(seed=None, team=False)`` plays Red (seat 0, "You") against a bot
(``team=True``: the team game, you and a bot partner against two bots). The Matching
Board and the Battlefield sit side by side on a wide screen and one above the other on
a narrow one; beside them, what you hold (runes, Quarrels, tiles) and the odds.

Play by clicking:

- a revealed rune above the Board, then a column (its head or any of its cells) drops
  it; the buttons above give every column's exact odds and the best plan for all three;
- two runes side by side on the Board swap them (a Hero of yours who has not acted does
  it); after choosing Slide, a rune then the empty space beside it;
- one of your minions, then a lit space (green: its next move; dashed: later in this
  activation) moves it there, step by step; an enemy Hero confronts it;
- one of your Heroes gives its actions as buttons; a Quarrel in your hand plays it;
- Set Tiles: a lit space; a tribute: a column.

Anything refused says the rule. After a Board move, the cascade can be replayed step by
step (each match, each fall, each new line) with the *Next step* button.

>>> app = AlderQuestApp(seed=3)
>>> app.question(app.view)
'Choose a faction for Red: you get two, Blue two, taken in turn (Red first).'
>>> app.act("faction Thieves") and app.act("faction Hunters")
True
>>> app.act("hero nobody")
False
>>> app.message.value
"✗ hero: 'nobody' is not a Hero of your factions still free"
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as w
import sympy

from ..core.bots import Bot
from ..core.engine import Action, Event, GameState
from ..core.english import approx, chance, count, listing, says
from ..core.errors import DungeoncraftError, InvalidArgumentError
from ..core.scene import Scene
from ..widgets.app import Choice, FinalSummary, GameApp, split_level
from ..widgets.board import BoardView
from .actions import (
    Carry,
    Choose,
    ChooseFaction,
    ChooseHero,
    Decline,
    DestroyMinion,
    Discard,
    Dismiss,
    Dodge,
    Draw,
    Drop,
    DropLine,
    Fire,
    Give,
    Leave,
    Move,
    Play,
    Reveal,
    SetTile,
    Slide,
    Stand,
    Stop,
    Summon,
    Swap,
    Tribute,
    UseAbility,
    UseTrigger,
)
from .battlefield import minion_at
from .bots import MatchBot, TributeBot
from .graph import Reach, minion_reach, threats, turns_to_tribute
from .matching import Board, CascadeResult, MatchRules, drop_line, play_onto, resolve
from .odds import (
    DropPlan,
    MoveOdds,
    Position,
    TileOdds,
    best_drops,
    move_odds,
    snowflake_race,
    tile_odds,
)
from .rules import COLOURS, TEAMS, AlderQuestState, new_game
from .scene import battlefield_scene, board_scene, hand_scene, piece_words

__all__ = ["AlderQuestApp", "cascade_frames"]

MAX_CHOICES = 12  # more than this: the action menu below has them all

GOAL = "Goal: the most Acorn points in your Collection when winter comes."
HOW_TO_SCORE = ("How to score: your minions carry the enemy's Acorn tiles up the Great Tree "
                "and drop them on the Matching Board; 3 of the enemy's Acorns in a line (a "
                "Snowflake counts as any Acorn) score for the team that matched them. Your "
                "faction runes pay for minions, Heroes and Quarrels. Winter comes when the "
                "4th Snowflake is matched.")

# What a ★ on a drop weighs, in the order it weighs it (said on the buttons' tooltips).
WEIGHED = ("★ weighs, in this order: the Acorn points you are expected to score (the "
           "score that decides the game), then how many of your runes you are expected to "
           "collect, then the chance of an exalt or a legendary Quarrel; it never goes to a "
           "drop that expects nothing, nor to one that may bring winter while you are not "
           "ahead on points (when you are ahead, winter is a win and counts first).")


def drop_worth(points: Any, runes: Any, either: Any, winter: Any, ahead: bool
               ) -> tuple | None:
    """What a drop (or a plan of drops) is worth to the player, as a tuple compared in
    order (greater is better), from the library's exact expectations: ``points`` (Acorn
    points scored), ``runes`` (ally runes collected), ``either`` (the chance of an exalt or
    a legendary Quarrel), ``winter`` (the chance it brings winter); ``ahead``: the
    player's team leads on points now (their drops only ever add to their own points, so
    winter then wins the game). None: it is never recommended (it expects nothing, or it
    may end the game while the player is not ahead).

    >>> drop_worth(0, 0, 0, 0, False) is None, drop_worth(1, 0, 0, 0, False)
    (True, (0, 1, 0, 0))
    >>> drop_worth(3, 2, 0, sympy.Rational(1, 4), False) is None   # may end it, behind
    True
    >>> drop_worth(0, 0, 0, 1, True)                               # ahead: winter wins
    (1, 0, 0, 0)
    """
    if winter and not ahead:
        return None
    if not (points or runes or either or winter):
        return None
    return (winter if ahead else 0, points, runes, either)


def best_index(worths: list[tuple | None]) -> int | None:
    """The index of the greatest worth (the first of equals), None if none is worth it.

    >>> best_index([None, (0, 1, 0, 0), (0, 1, 2, 0), (0, 1, 2, 0)]), best_index([None])
    (2, None)
    """
    best = None
    for i, value in enumerate(worths):
        if value is not None and (best is None or value > worths[best]):
            best = i
    return best


# ------------------------------------------------------------------ cascades, step by step
class _LineNeeded(Exception):
    """A preview reached a new line: what it brings is chance."""


def _unknown_line() -> str:
    raise _LineNeeded


def cascade_frames(before: list[list[str]], move: tuple[str, ...], rules: MatchRules,
                   lines: list[str] | None, height: int,
                   names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The frames of one Board move as the engine resolved it: the Board after the move,
    then for each round the matched cells ringed, the Board after they go and the runes
    fall, and each new line (``lines``: the new runes in the order they were drawn).
    ``lines`` None: a preview, which stops where a new line would be drawn (its last
    frame has ``random`` set). ``names``: faction letter -> name (default: the shipped
    factions').

    Each frame: ``cols`` (the Board), ``marked`` (cells matched), ``fresh`` (cells just
    filled), ``text`` (what happens, in words).

    >>> frames = cascade_frames([["G", "G"], ["T"], [], []], ("drop", "A", "G"),
    ...                         MatchRules("GT", "r"), [], 6)
    >>> [f["text"] for f in frames]
    ['The rune drops into column A.', '3 Guardians runes match (A1, A2 and A3): collected.', \
'The matched runes go; those above fall.']
    """
    faction = (names or _FACTION_NAMES).get
    board = Board(len(before), height, before)
    runes = iter(lines or ())
    draw = _unknown_line if lines is None else (lambda: next(runes, None))
    result = CascadeResult(exalted=rules.exalted)
    frames: list[dict[str, Any]] = []
    shown = [c[:] for c in before]

    def frame(text: str, marked=(), fresh=()) -> None:
        frames.append({"cols": [c[:] for c in board.cols], "marked": set(marked),
                       "fresh": set(fresh), "text": text})

    play_onto(board, move, result)
    kind = move[0]
    if kind == "drop":
        top = f"{move[1]}{len(board.cols[ord(move[1]) - 65])}"
        frame(f"The rune drops into column {move[1]}.", fresh={top})
    elif kind == "swap":
        frame(f"The runes at {move[1]} and {move[2]} swap.", fresh={move[1], move[2]})
    elif kind == "slide":
        frame(f"The rune at {move[1]} slides into column {move[2]} and falls.")
    shown = [c[:] for c in board.cols]

    def report(what: str, data: Any) -> None:
        nonlocal shown
        if what == "matches":
            cells = {cell for m in data for cell in m["cells"]}
            words = []
            for m in data:
                cells_named = listing(m["cells"])
                if m["kind"] == "acorn":
                    words.append(f"Acorns and Snowflakes match ({cells_named})")
                elif m["kind"] in rules.ally_factions:
                    words.append(f"{len(m['cells'])} {faction(m['kind'])} runes match "
                                 f"({cells_named}): collected")
                else:
                    words.append(f"{len(m['cells'])} {faction(m['kind'])} runes match "
                                 f"({cells_named}): an enemy match, discarded, a new line "
                                 "follows")
            frames.append({"cols": shown, "marked": cells, "fresh": set(),
                           "text": "; ".join(words) + "."})
            frame("The matched runes go; those above fall.")
        else:
            frame("A new line drops.", fresh=_line_cells(board, data))
        shown = [c[:] for c in board.cols]

    try:
        if kind == "line":
            line, _ = drop_line(board, draw)
            result.steps.append({"matches": [], "lines": [line]})
            frame("A new line drops.", fresh=_line_cells(board, line))
            shown = [c[:] for c in board.cols]
        resolve(board, rules, draw, result, report)
    except _LineNeeded:
        frames.append({"cols": shown, "marked": set(), "fresh": set(), "random": True,
                       "text": "Here a new line is drawn from the Rune Pouch: which runes "
                               "come is chance (the odds count every possible line)."})
    return frames


_FACTION_NAMES = {"B": "Bards", "G": "Guardians", "H": "Hunters", "T": "Thieves"}


def _faction_names(state: AlderQuestState) -> dict[str, str]:
    return {state.cards.letter(f): f for f in state.cards.factions}


def _line_cells(board: Board, line: list[str | None]) -> set[str]:
    return {f"{chr(65 + c)}{len(board.cols[c])}" for c, r in enumerate(line) if r is not None}


_LINE_REFERENCE = re.compile(r"\bL\d+(?:[-–]\d+)?\b")
_CITATION = re.compile(r"\s*\(L\d+(?:[-–]\d+)?(?:, L?\d+(?:[-–]\d+)?)*\)"
                       r"|,\s*L\d+(?:[-–]\d+)?(?=\))")


# ------------------------------------------------------------------ the app
class AlderQuestApp(GameApp):
    """Play AlderQuest from seat 0 (Red) against bots. See the module docstring."""

    search_game: ClassVar[str | None] = "alderquest"  # the Bots: levels search this game

    def reword(self, text: str) -> str:
        # The engine cites the rulebook by its line ("(L70)"); its sentence already says
        # the rule, and a line number means nothing at the table: drop the citation.
        text = _CITATION.sub("", text)
        return _LINE_REFERENCE.sub("the rulebook", text)

    def __init__(self, seed: int | None = None, team: bool = False, *,
                 bots: Mapping[int, Bot] | str | None = None, state: AlderQuestState | None = None,
                 **kwargs: Any) -> None:
        if state is None:
            names = ["You", "Bot 1", "Partner", "Bot 2"] if team else ["You", "Bot"]
            state = new_game(names, seed=seed)
        if not isinstance(state, AlderQuestState):
            raise InvalidArgumentError("state must be an AlderQuest game")
        bots, level = split_level(bots)  # "hard": the default bots, searching
        if bots is None:
            kinds = (MatchBot, TributeBot)
            bots = {p: kinds[p % 2](seed=p) for p in range(1, len(state.players))}
        self.selected: dict[str, Any] | None = None
        self.frames: list[dict[str, Any]] = []   # the last Board moves, step by step
        self.frame_index: int | None = None      # the frame shown (None: the Board now)
        self._snap: dict[str, Any] | None = None
        self._frames_at = 0  # the history length the frames end at
        self.board_view = BoardView(min_text_px=10)   # the Matching Board
        self.hand_view = BoardView(min_text_px=10)
        self.step_text = w.HTML()
        self.step_text.add_class("dcw-aq-step")
        self.prev_button = w.Button(description="◀ Previous step", layout=w.Layout(width="auto"))
        self.next_button = w.Button(description="Next step ▶", button_style="info",
                                    layout=w.Layout(width="auto"))
        self.now_button = w.Button(description="Show the Board now", layout=w.Layout(width="auto"))
        self.prev_button.on_click(lambda _b: self.step_cascade(-1))
        self.next_button.on_click(lambda _b: self.step_cascade(1))
        self.now_button.on_click(lambda _b: self.step_cascade(None))
        buttons = w.HBox([self.prev_button, self.next_button, self.now_button],
                         layout=w.Layout(flex_flow="row wrap"))
        self.cascade_box = w.VBox([self.step_text, buttons])
        self.cascade_box.add_class("dcw-aq-cascade")
        self.odds_view = w.HTML()
        self.odds_view.add_class("dcw-aq-odds")
        super().__init__(state, seat=0, bots=bots, **kwargs, bot_level=level)
        self.board_view.on_click(self._on_board_click)
        self.hand_view.on_click(self._on_board_click)
        # The two boards side by side, wrapping one under the other on a narrow screen.
        pair = w.Box([self.board_view, self.board],
                     layout=w.Layout(display="flex", flex_flow="row wrap", width="100%",
                                     align_items="flex-start"))
        # about the same scale for both: 296 and 472 units wide
        self.board_view.layout = w.Layout(flex="2 1 260px", max_width="340px")
        self.board.layout = w.Layout(flex="3 1 380px", max_width="540px")
        self._board_box.children = [pair]
        self.side.children = [self.hand_view, self.odds_view]
        # the replay goes right above the boards, where its steps are drawn
        kids = list(self.children)
        kids.insert(kids.index(self.message) + 1, self.cascade_box)
        self.children = kids
        self.refresh()

    # ------------------------------------------------------------ small helpers
    @property
    def team(self) -> int:
        """The seat's team (0: Red)."""
        return self.state.team_of(self.seat)

    def _mine(self) -> bool:
        s = self.state
        return not s.is_over and s.current_player == self.seat

    def _free(self) -> bool:
        """The seat is in its Action Phase with no decision pending."""
        s = self.state
        return self._mine() and s.phase == "play" and s.step == "action" and not s.stack

    def _frame(self) -> dict[str, Any] | None:
        s = self.state
        return s.stack[-1] if s.stack and self._mine() else None

    def _sel(self) -> dict[str, Any] | None:
        if self.selected is not None and self.selected.get("version") != self.version:
            self.selected = None
        act = self.state.activation
        if self.selected is None and act is not None and self._free():
            self.selected = {"kind": "minion", "mid": act["minion"], "version": self.version}
        return self.selected

    def _select(self, **what: Any) -> None:
        self.selected = dict(what, version=self.version)

    def cancel(self) -> None:
        """Forget the rune, minion, Hero or card chosen (nothing is played)."""
        self.selected = {"kind": "none", "version": self.version}

    def _plans(self) -> list[DropPlan]:
        view = self.view
        if not (self._free() and view.revealed):
            return []
        return self._memo("plans", lambda: best_drops(Position.from_state(view, self.team),
                                                      view.revealed))

    def _ahead(self) -> bool:
        view = self.view
        return view.points(self.team) > view.points(1 - self.team)

    def ranked_plans(self) -> list[tuple[DropPlan, bool]]:
        """Every drop plan of the revealed runes, the most worth first (by
        :func:`drop_worth` of the library's exact values; plans worth nothing last, in
        the library's order), each with whether it gets the ★ (only the first, and only
        if it is worth something)."""
        plans = self._plans()
        ahead = self._ahead()
        worths = [drop_worth(p.expected_points, p.expected_collected,
                             p.p_exalt_or_legendary, p.p_end, ahead) for p in plans]
        best = best_index(worths)
        order = sorted(range(len(plans)), key=lambda i: (
            worths[i] is None, tuple(-x for x in worths[i] or ()), i))
        return [(plans[i], i == best) for i in order]

    def _reach(self, mid: str) -> Reach:
        return self._memo(f"reach:{mid}", lambda: minion_reach(self.view, mid))

    # ------------------------------------------------------------ acting, recording
    def act(self, action: Action | str | None) -> bool:
        if action is not None and self._mine():
            self._snap = self._snapshot()
        done = super().act(action)
        if not done:
            self._snap = None
        return done

    def _snapshot(self) -> dict[str, Any]:
        s = self.state
        return {"board": [c[:] for c in s.board], "log": len(s.log),
                "history": len(s.history), "stack": [dict(f) for f in s.stack],
                "team": s.current_team if s.phase == "play" else 0,
                "snowflakes": len(s.snowflakes), "exalted": s.exalted,
                "acorns": {mid: m["acorn"] for mid, m in s.minions.items()},
                "who": s.current_player}

    def _run_bots(self) -> None:
        """The bots' turns one action at a time, each Board move kept for the replay."""
        self.frames, self.frame_index = [], None
        if self._snap is not None and len(self.state.history) > self._snap["history"]:
            self._record(self._snap, self.state.history[self._snap["history"]])
        self._snap = None
        # your own cascade is replayed at once; the bots' moves wait for Next step
        own = any(f["marked"] for f in self.frames)
        s = self.state
        bots = self._recording_bots()  # each move noted, with why ("Say why the bots moved")
        while not s.is_over:
            player = s.current_player
            if player is None or player not in bots:
                break
            snap = self._snapshot()
            s.apply(bots[player].choose(s.view(player), s.legal_actions()))
            self._record(snap, s.history[-1])
        if own:
            self.frame_index = 0
        self._frames_at = len(s.history)

    def _record(self, snap: dict[str, Any], action: Action) -> None:
        """The frames of ``action``'s Board move, if it made one."""
        s = self.state
        if snap["board"] == s.board and not any(
                e.kind in ("match", "line") for e in s.log[snap["log"]:]):
            return
        top = snap["stack"][-1] if snap["stack"] else {}
        team = snap["team"]
        move: tuple[str, ...] | None = None
        if isinstance(action, Drop):
            move = ("drop", action.column, action.rune)
        elif isinstance(action, DropLine):
            move = ("line",)
        elif isinstance(action, Choose) and top.get("kind") in ("swap", "slide"):
            a, b = action.target.split(":")
            move = ("swap", a, b) if top["kind"] == "swap" else ("slide", a, b[0])
        elif isinstance(action, Tribute) and top.get("kind") == "tribute":
            mid = top["minion"]
            move = ("drop", action.column, snap["acorns"].get(mid) or "")
            team = s.minions[mid]["team"] if mid in s.minions else team
        who = s.players[snap["who"]] if snap["who"] is not None else "?"
        lines = [r for e in s.log[snap["log"]:] if e.kind == "line"
                 for r in e.data.get("line", []) if r is not None]
        frames: list[dict[str, Any]] = []
        if move is not None and move[-1] != "":
            letters = "".join(s.cards.letter(f) for f in s.teams[team]["factions"])
            exalted = None if snap["exalted"] is None else s.cards.letter(snap["exalted"])
            rules = MatchRules(letters, COLOURS[team], snap["snowflakes"], exalted)
            try:
                frames = cascade_frames(snap["board"], move, rules, lines,
                                        s.boards.board_rows, _faction_names(s))
            except DungeoncraftError:
                frames = []
            if frames and frames[-1]["cols"] != s.board:
                frames = []  # an effect changed more than the move: before and after only
        if not frames:
            frames = [{"cols": snap["board"], "marked": set(), "fresh": set(),
                       "text": "The Board before."},
                      {"cols": [c[:] for c in s.board], "marked": set(), "fresh": set(),
                       "text": "The Board after."}]
        title = self.action_label(action)
        if move is not None and move[0] in ("swap", "slide"):
            hero = s.cards.heroes.get(top.get("hero", ""), {}).get("name", "a Hero")
            title = (f"{hero} swaps {move[1]} and {move[2]}" if move[0] == "swap" else
                     f"{hero} slides {move[1]} into column {move[2]}")
        for f in frames:
            f["who"] = f"{who}: {title}"
        self.frames.extend(frames)

    def preview_best(self) -> None:
        """Draw the best plan's drops and their cascades step by step, before committing
        (up to the first new line, whose runes are chance): the first plan of
        :meth:`ranked_plans`, the one with the ★ when one has it."""
        plans = [p for p, _starred in self.ranked_plans()]
        if not plans:
            raise InvalidArgumentError("there are no revealed runes to drop")
        view = self.view
        team = view.teams[self.team]
        letters = "".join(view.cards.letter(f) for f in team["factions"])
        exalted = None if view.exalted is None else view.cards.letter(view.exalted)
        rules = MatchRules(letters, COLOURS[self.team], len(view.snowflakes), exalted)
        cols = [c[:] for c in view.board]
        frames: list[dict[str, Any]] = []
        for rune, column in plans[0].steps:
            if len(cols[ord(column) - 65]) >= view.boards.board_rows and not all(
                    len(c) >= view.boards.board_rows for c in cols):
                break
            step = cascade_frames(cols, ("drop", column, rune), rules, None,
                                  view.boards.board_rows, _faction_names(view))
            for f in step:
                f["who"] = f"Preview of the best plan: {piece_words(view, rune)} in column {column}"
            frames += step
            if step[-1].get("random"):
                break
            cols = step[-1]["cols"]
        self.frames, self.frame_index, self._frames_at = frames, 0, len(self.state.history)

    def step_cascade(self, delta: int | None) -> None:
        """Show the next (1) or previous (-1) step of the last Board moves, or the Board
        as it is now (None)."""
        if delta is None or not self.frames:
            self.frame_index = None
        else:
            at = -1 if self.frame_index is None else self.frame_index
            nxt = at + delta
            self.frame_index = nxt if 0 <= nxt < len(self.frames) else None
        self._show_boards()
        self._show_cascade()

    def new_game(self) -> None:
        self.selected, self.frames, self.frame_index = None, [], None
        super().new_game()

    # ------------------------------------------------------------ drawing
    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, AlderQuestState)
        sel = self._sel() or {}
        lit: set[str] = set()
        later: set[str] = set()
        clickable: set[str] = set()
        frame = self._frame()
        if self._mine() and view.phase == "play":
            if view.step == "set" and not view.stack:
                lit = set(view.tile_spaces())
            elif frame is not None and frame["kind"] == "judo":
                lit = {a.space for a in self.state.legal_actions() if isinstance(a, Dodge)}
            elif frame is not None and frame["kind"] == "target":
                lit = {a.target for a in self.state.legal_actions() if isinstance(a, Choose)}
            elif sel.get("kind") == "minion" and sel["mid"] in view.minions:
                reach = self._reach(sel["mid"])
                lit = set(reach.first_steps)
                later = set(reach.routes) - lit
            clickable = {f"sp-{s}" for s in (*view.field.ground, *view.field.canopy)}
            clickable |= {f"mn-{m}" for m, d in view.minions.items() if d["space"]}
            clickable |= {f"hero-{h}" for h in view.heroes}
        danger = set()
        if view.phase == "play" and not view.is_over:
            mine = {m["space"] for m in view.minions.values()
                    if m["team"] == self.team and m["space"]}
            danger = mine & set(self._memo("threats", lambda: threats(view, self.team)))
        selected = {"minion": f"mn-{sel.get('mid')}", "hero": f"hero-{sel.get('hero')}"}.get(
            sel.get("kind", ""))
        return battlefield_scene(view, self.team, selected=selected, lit=lit, later=later,
                                 danger=danger, clickable=clickable)

    def _draw_board(self, view: AlderQuestState) -> Scene:
        sel = self._sel() or {}
        targets: set[str] = set()
        frame = self._frame()
        clickable: set[str] = set()
        if self._mine() and view.phase == "play":
            w = view.boards.board_columns
            clickable = {f"col-{chr(65 + c)}" for c in range(w)}
            clickable |= {f"cell-{chr(65 + c)}{r + 1}" for c in range(w)
                          for r in range(view.boards.board_rows)}
            clickable |= {f"rev-{i}" for i in range(len(view.revealed))}
            if sel.get("kind") == "rune" or (frame is not None and frame["kind"] == "tribute"):
                targets = {f"col-{c}" for c in view.open_columns()}
            elif not sel and self._free():
                targets = set(clickable) & {f"rev-{i}" for i in range(len(view.revealed))}
        selected = {"rune": f"rev-{sel.get('index')}", "cell": f"cell-{sel.get('cell')}"}.get(
            sel.get("kind", ""))
        if self.frame_index is not None and self.frames:
            f = self.frames[self.frame_index]
            kind = "Preview" if f["who"].startswith("Preview") else "Replay"
            caption = f"{kind}: step {self.frame_index + 1} of {len(self.frames)}"
            return board_scene(view, cols=f["cols"], marked=f["marked"], fresh=f["fresh"],
                               caption=caption, clickable=clickable)
        return board_scene(view, selected=selected, targets=targets, clickable=clickable)

    def _draw_hand(self, view: AlderQuestState) -> Scene:
        sel = self._sel() or {}
        t = view.teams[self.team]
        clickable = {f"q-{q}" for q in t["quarrels"]} | {f"tile-{i}" for i in
                                                        range(len(t["hand"]))}
        selected = {"quarrel": f"q-{sel.get('card')}", "tile": f"tile-{sel.get('index')}"}.get(
            sel.get("kind", ""))
        return hand_scene(view, self.team, selected=selected,
                          clickable=clickable if self._mine() else ())

    def refresh(self) -> None:
        if getattr(self, "frames", None) and self._frames_at != len(self.state.history):
            self.frames, self.frame_index = [], None  # the game moved on outside the app
        super().refresh()
        if not hasattr(self, "odds_view"):
            return
        self._show_boards()
        self._show_cascade()
        self._show_odds()

    def _show_boards(self) -> None:
        view = self.view
        if view.phase in ("faction",):
            self.board_view.layout.display = "none"
        else:
            self.board_view.layout.display = ""
        self.board_view.show(self._draw_board(view))
        self.hand_view.show(self._draw_hand(view))
        self._board_box.layout.flex = "3 1 680px"

    def _show_cascade(self) -> None:
        if not self.frames:
            self.cascade_box.layout.display = "none"
            return
        self.cascade_box.layout.display = ""
        i = self.frame_index
        if i is None and self.frames[0]["who"].startswith("Preview"):
            text = (f"A preview of the best plan's drops ({count(len(self.frames), 'step')}; "
                    "nothing is played): press Next step to see them one at a time.")
        elif i is None:
            text = (f"The Board moves since your last turn took "
                    f"{count(len(self.frames), 'step')}: press Next step to replay them one "
                    "at a time.")
        else:
            f = self.frames[i]
            text = f"Step {i + 1} of {len(self.frames)} ({f['who']}): {f['text']}"
        self.step_text.value = (f"<div style='line-height:1.4'><b>Cascade, step by step.</b> "
                                f"{html.escape(text)}</div>")
        self.prev_button.disabled = i is None or i == 0
        self.now_button.disabled = i is None

    def moved_ids(self, events: list[Event], view: GameState) -> set[str]:
        assert isinstance(view, AlderQuestState)
        return {f"mn-{e.data['minion']}" for e in events
                if e.data.get("minion") in view.minions and view.minions[e.data["minion"]]["space"]}

    # ------------------------------------------------------------ clicks
    def _on_board_click(self, event: Any) -> None:
        if self.frame_index is not None:
            self.frame_index = None  # a click means play on: back to the Board now
        try:
            action = self.action_for_click(event.id)
        except DungeoncraftError as exc:
            self.refresh()  # a selection may have changed before the refusal
            self.show_error(str(exc))
            return
        if action is None:
            self.message.value = ""
            self.refresh()
        else:
            self.act(action)

    def action_for_click(self, shape_id: str) -> Action | str | None:
        s = self.state
        if s.is_over:
            raise InvalidArgumentError("the game is over: press New game to play again")
        if not self._mine():
            raise InvalidArgumentError("it is not your turn")
        kind, _, rest = shape_id.partition("-")
        if s.phase in ("faction", "hero"):
            raise InvalidArgumentError("first choose with the buttons above")
        frame = self._frame()
        if kind == "rev":
            return self._rune_click(int(rest))
        if kind in ("col", "cell"):
            return self._board_click(kind, rest, frame)
        if kind == "sp":
            return self._space_click(rest, frame)
        if kind == "mn":
            return self._minion_click(rest, frame)
        if kind == "hero":
            return self._hero_click(rest, frame)
        if kind == "q":
            return self._quarrel_click(rest.split("-")[0], frame)
        if kind == "tile":
            self._select(kind="tile", index=int(rest))
            return None
        return None

    def _rune_click(self, index: int) -> Action | None:
        if not self._free():
            raise InvalidArgumentError(self._busy())
        sel = self._sel() or {}
        if sel.get("kind") == "rune" and sel["index"] == index:
            self.cancel()
            return None
        rune = self.state.revealed[index]
        self._select(kind="rune", index=index, rune=rune)
        return None

    def _busy(self) -> str:
        s = self.state
        if s.stack:
            return f"first {s.prompt()[0].lower()}{s.prompt()[1:].rstrip('.')}"
        if s.step == "set":
            return "first set your tile on a lit space of the Battlefield"
        if s.step == "draw":
            return "the Action Phase is over: discard Quarrels or draw"
        if s.activation is not None:
            return (f"{s.minion_label(s.activation['minion'])} is moving: move it again or "
                    "stop it first (its moves are consecutive)")
        return "that is not something to do now"

    def _board_click(self, kind: str, rest: str, frame: dict[str, Any] | None) -> Action | None:
        s = self.state
        column = rest[0]
        if frame is not None and frame["kind"] == "tribute":
            return Tribute(column)
        if frame is not None and frame["kind"] in ("swap", "slide"):
            return self._pair_click(rest if kind == "cell" else None, frame["kind"])
        if not self._free():
            raise InvalidArgumentError(self._busy())
        sel = self._sel() or {}
        if sel.get("kind") == "rune":
            self.selected = None
            return Drop(sel["rune"], column)
        if kind == "col":
            if s.revealed:
                raise InvalidArgumentError("choose a revealed rune above the Board first, "
                                           "then its column")
            raise InvalidArgumentError("every revealed rune is dropped this turn")
        # a cell: the first or second of two runes to swap
        if s.board_obj().get(ord(rest[0]) - 65, int(rest[1:]) - 1) is None:
            raise InvalidArgumentError(f"{rest} is empty: to drop a rune, click a revealed "
                                       "rune first, then a column")
        if sel.get("kind") == "cell" and sel["cell"] != rest:
            return self._swap_with_hero(sel["cell"], rest)
        self._select(kind="cell", cell=rest)
        return None

    def _swap_with_hero(self, a: str, b: str) -> Action | None:
        s = self.state
        pair = _pair(a, b)
        if pair is None:
            self._select(kind="cell", cell=b)
            raise InvalidArgumentError(f"swap: {a} and {b} are not side by side or one above "
                                       "the other; click two runes that touch")
        swaps = [x for x in s.legal_actions() if isinstance(x, Swap)]
        if not swaps:
            self.selected = None
            raise InvalidArgumentError("swap: a Swap is a Hero action, and every Hero of yours "
                                       "has acted this turn (one action a Hero a turn)")
        self.selected = None
        if not self.act(swaps[0]):
            return None
        return Choose(pair if pair in s.swap_pairs() else f"{b}:{a}")

    def _pair_click(self, cell: str | None, kind: str) -> Action | None:
        if cell is None:
            raise InvalidArgumentError(f"{kind}: click a rune on the Board, then "
                                       + ("one beside it" if kind == "swap" else
                                          "the empty space beside it"))
        sel = self._sel() or {}
        if sel.get("kind") == "cell" and sel["cell"] != cell:
            self.selected = None
            first = sel["cell"]
            if kind == "swap":
                pair = _pair(first, cell) or f"{first}:{cell}"
                pairs = self.state.swap_pairs()
                return Choose(pair if pair in pairs else f"{cell}:{first}")
            return Choose(f"{first}:{cell}")
        self._select(kind="cell", cell=cell)
        return None

    def _space_click(self, space: str, frame: dict[str, Any] | None) -> Action | None:
        s = self.state
        if frame is not None:
            if frame["kind"] == "judo":
                return Dodge(space)
            if frame["kind"] == "target":
                return Choose(space)
            raise InvalidArgumentError(self._busy())
        if s.step == "set":
            sel = self._sel() or {}
            hand = s.teams[self.team]["hand"]
            tile = hand[sel["index"]] if sel.get("kind") == "tile" and \
                sel["index"] < len(hand) else hand[0]
            return SetTile(tile, space)
        if not self._free():
            raise InvalidArgumentError(self._busy())
        sel = self._sel() or {}
        if sel.get("kind") != "minion":
            who = minion_at(s.minions, space) if s.field.is_ground(space) or \
                s.field.is_canopy(space) else None
            if who is not None:
                return self._minion_click(who, frame)
            raise InvalidArgumentError("choose one of your minions first, then where it goes")
        return self._move_to(sel["mid"], space)

    def _move_to(self, mid: str, target: str) -> Action | None:
        s = self.state
        reach = self._reach(mid)
        if target in reach.first_steps:
            return Move(mid, target)
        route = reach.routes.get(target)
        if route is None:
            if reach.moves_left == 0:
                raise InvalidArgumentError(f"move: {s.minion_label(mid)} is exhausted")
            raise InvalidArgumentError(
                f"move: {s.minion_label(mid)} cannot reach {target} this activation (two "
                "moves, three with Speed; the canopy only from directly below, out only "
                "downwards; never onto an ally)")
        # step by step along the safest route; stop at any question asked on the way
        for step in route.path[:-1]:
            if not self.act(Move(mid, step)):
                return None
            if not self._free() or s.activation is None or s.activation["minion"] != mid:
                return None
        return Move(mid, route.path[-1])

    def _minion_click(self, mid: str, frame: dict[str, Any] | None) -> Action | None:
        s = self.state
        m = s.minions.get(mid)
        if m is None:
            return None
        if frame is not None:
            if frame["kind"] == "target":
                return Choose(m["space"])
            raise InvalidArgumentError(self._busy())
        sel = self._sel() or {}
        if m["team"] != self.team:
            if sel.get("kind") == "minion":
                return self._move_to(sel["mid"], m["space"])
            raise InvalidArgumentError(f"{s.minion_label(mid)} is not yours: choose one of "
                                       "your minions, then this space to attack it")
        if sel.get("kind") == "minion" and sel["mid"] != mid:
            mover = s.minions[sel["mid"]]
            if mover["acorn"] and m["acorn"] is None and any(
                    isinstance(a, Give) and a.giver == sel["mid"] and a.taker == mid
                    for a in s.legal_actions()):
                return Give(sel["mid"], mid)
        if not self._free():
            raise InvalidArgumentError(self._busy())
        act = s.activation
        if act is not None and act["minion"] != mid:
            raise InvalidArgumentError(self._busy())
        if m["exhausted"]:
            raise InvalidArgumentError(f"move: {s.minion_label(mid)} is exhausted: it has "
                                       "acted this turn")
        if sel.get("kind") == "minion" and sel["mid"] == mid and act is None:
            self.cancel()
            return None
        self._select(kind="minion", mid=mid)
        return None

    def _hero_click(self, hero: str, frame: dict[str, Any] | None) -> Action | None:
        s = self.state
        h = s.heroes[hero]
        sel = self._sel() or {}
        if h["team"] != self.team:
            if sel.get("kind") == "minion":
                return self._move_to(sel["mid"], hero)
            raise InvalidArgumentError(f"{s.cards.heroes[hero]['name']} is an enemy Hero: "
                                       "a minion of yours on the outer space in front of it "
                                       "can confront it")
        if frame is not None or not self._free():
            raise InvalidArgumentError(self._busy())
        if h["slot"] != s.slot:
            raise InvalidArgumentError(f"{s.cards.heroes[hero]['name']} is your partner's "
                                       "Hero: it acts on their turn")
        if h["exhausted"]:
            raise InvalidArgumentError(f"{s.cards.heroes[hero]['name']} is exhausted: one "
                                       "action a Hero a turn")
        self._select(kind="hero", hero=hero)
        return None

    def _quarrel_click(self, card: str, frame: dict[str, Any] | None) -> Action | None:
        s = self.state
        if (frame is not None and frame["kind"] == "discard_quarrel") or s.step == "draw":
            return Discard(card)
        if frame is not None or not self._free():
            raise InvalidArgumentError(self._busy())
        plays = [a for a in s.legal_actions() if isinstance(a, Play) and a.card == card]
        if len(plays) == 1:
            return plays[0]
        if plays:
            self._select(kind="quarrel", card=card)
            return None
        data = s.cards.card(card)
        if data.get("faction"):
            letter = s.cards.letter(data["faction"])
            return Play(card, letter)  # refused by the engine, with its rule
        raise InvalidArgumentError("play: a legendary Quarrel costs one held rune of any "
                                   "faction, and you hold none")

    # ------------------------------------------------------------ words
    def describe(self, view: GameState) -> str:
        assert isinstance(view, AlderQuestState)
        head = super().describe(view)
        if view.is_over:
            return head
        if view.phase != "play":
            return f"{head} {GOAL} {HOW_TO_SCORE}"
        me, other = self.team, 1 - self.team
        left = 4 - len(view.snowflakes)
        return (f"Turn {view.turn}. {head} {GOAL} Winter: {len(view.snowflakes)} of 4 "
                f"Snowflakes matched, {left} to go. Points: {view.team_name(me)} "
                f"{view.points(me)}, {view.team_name(other)} {view.points(other)}.")

    def action_label(self, action: Action) -> str:  # noqa: C901 - one sentence a kind
        s = self.state
        c = s.cards
        hero = getattr(action, "hero", None)
        hname = c.heroes[hero]["name"] if hero in c.heroes else hero
        if isinstance(action, ChooseFaction):
            return f"Take the {action.name}"
        if isinstance(action, ChooseHero):
            card = c.heroes[action.hero]
            return (f"Take {card['name']} ({card['faction']}; {card['ability']['name']}, "
                    f"{count(card['ability']['cost'], 'rune')})")
        if isinstance(action, SetTile):
            return f"Set your {piece_words(s, action.tile)} face down on {action.space}"
        if isinstance(action, Drop):
            return f"Drop the {piece_words(s, action.rune)} into column {action.column}"
        if isinstance(action, Swap):
            return f"{hname}: swap two runes"
        if isinstance(action, Slide):
            return f"{hname}: slide a rune sideways"
        if isinstance(action, DropLine):
            return f"{hname}: drop a new line"
        if isinstance(action, Summon):
            return (f"{hname}: summon a {s.faction_name(action.rune)} minion "
                    f"(pay a {action.rune} rune)")
        if isinstance(action, UseAbility):
            ab = c.heroes[action.hero]["ability"]
            return f"{hname}: {ab['name']} ({count(ab['cost'], 'rune')}): {ab['text']}"
        if isinstance(action, Play):
            return f"Play {c.name(action.card)} (pay a {action.rune} rune)"
        if isinstance(action, Move):
            label = s.minion_label(action.minion) if action.minion in s.minions else \
                action.minion
            to = f"confront {c.heroes[action.to]['name']}" if action.to in c.heroes else \
                f"move to {action.to}"
            return f"{label[0].upper()}{label[1:]}: {to}"
        if isinstance(action, Stop):
            return "Stop the moving minion (its activation ends)"
        if isinstance(action, Give):
            giver = s.minion_label(action.giver)
            return (f"{giver[0].upper()}{giver[1:]} passes its Acorn to "
                    f"{s.minion_label(action.taker)}")
        if isinstance(action, Discard):
            return f"Discard {c.name(action.card)}"
        if isinstance(action, Draw):
            return "End the turn: draw (a Quarrel if you hold fewer than 3, and a tile)"
        if isinstance(action, Reveal):
            return "Reveal the enemy tile"
        if isinstance(action, Dismiss):
            return "Dismiss it unseen into its owner's pouch"
        if isinstance(action, Carry):
            return f"Carry the {piece_words(s, action.tile)}"
        if isinstance(action, Leave):
            return "Leave it where it lies"
        if isinstance(action, DestroyMinion):
            return "Destroy the minion"
        if isinstance(action, Fire):
            return f"Fire the Trap {c.name(action.card)}"
        if isinstance(action, Dodge):
            return f"Dodge to {action.space} (Judo)"
        if isinstance(action, Stand):
            return "Stand (do not dodge)"
        if isinstance(action, Tribute):
            return f"Drop the tributed Acorn into column {action.column}"
        if isinstance(action, UseTrigger):
            return "Use the trigger"
        if isinstance(action, Decline):
            return "Decline it"
        if isinstance(action, Choose):
            return self._choose_label(action.target)
        return str(action)

    def _choose_label(self, target: str) -> str:
        """A choice in words, from the decision it answers."""
        s = self.state
        kind = s.stack[-1]["kind"] if s.stack else ""
        if kind == "swap" and ":" in target:
            a, b = target.split(":")
            return f"Swap the runes at {a} and {b}"
        if kind == "slide" and ":" in target:
            a, b = target.split(":")
            return f"Slide the rune at {a} into the empty space {b}"
        if kind == "pay" and len(target) == 1:
            return f"Pay with a {s.faction_name(target)} rune ({target})"
        if target in s.minions:
            label = s.minion_label(target)
            return f"Choose {label}"
        return f"Choose {target}"

    def question(self, view: GameState) -> str | None:  # noqa: C901 - one question a moment
        assert isinstance(view, AlderQuestState)
        s = self.state
        if not self._mine():
            return None
        if view.phase == "faction":
            team = TEAMS[s.slot_team(s._pick_slot())]
            return (f"Choose a faction for {team}: you get two, Blue two, taken in turn "
                    "(Red first).")
        if view.phase == "hero":
            return "Choose a Hero: three in all, from your two factions; each has an ability."
        frame = self._frame()
        if frame is not None:
            extra = {"swap": " Click one rune, then one beside it.",
                     "slide": " Click a rune, then the empty space beside it.",
                     "tribute": " Click a column of the Matching Board, or choose below.",
                     "judo": " Click a lit space, or choose below."}.get(frame["kind"], "")
            return s.prompt() + extra
        if view.step == "set":
            return ("Set Tiles: click a lit space of the Battlefield to set your tile face "
                    "down there (a space with no minion and no tile). Only your team "
                    "sees what it is.")
        if view.step == "draw":
            return "Discard Quarrels (click them in your hand) or draw to end your turn."
        sel = self._sel() or {}
        if sel.get("kind") == "rune":
            return (f"Drop the {piece_words(view, sel['rune'])}: click a column, or choose "
                    "below (the chance of collecting runes with it, exactly).")
        if sel.get("kind") == "minion" and sel["mid"] in view.minions:
            reach = self._reach(sel["mid"])
            return (f"Move {view.minion_label(sel['mid'])}: "
                    f"{count(reach.moves_left, 'move')} left. Click a green space (its next "
                    "move) or a dashed one (further this activation: it goes step by step).")
        if sel.get("kind") == "hero":
            name = view.cards.heroes[sel["hero"]]["name"]
            return f"What does {name} do? A Hero acts once a turn, then is exhausted."
        if sel.get("kind") == "quarrel":
            return f"Play {view.cards.name(sel['card'])}: with which rune?"
        if view.revealed:
            runes = listing([piece_words(view, r) for r in view.revealed])
            return (f"Drop the revealed runes ({runes}): click one above the Board, then a "
                    "column. Before or between drops you may use Heroes, move minions and "
                    "play Quarrels. The best plans, with exact expectations:")
        return ("Every rune is dropped. Move minions, use Heroes or play Quarrels, or end "
                "your turn.")

    def choices(self, view: GameState) -> list[Choice]:  # noqa: C901
        assert isinstance(view, AlderQuestState)
        s = self.state
        if not self._mine():
            return []
        legal = s.legal_actions()
        frame = self._frame()
        if view.phase in ("faction", "hero") or frame is not None or view.step == "draw":
            out = []
            p_trap = odds = None
            if frame is not None and frame["kind"] == "encounter":
                odds = tile_odds(view, self.team)
                p_trap = odds.at(frame["space"])
            for a in legal[:MAX_CHOICES]:
                tip = ""
                if isinstance(a, ChooseFaction):  # what it does, on the button itself
                    info = s.cards.factions[a.name]
                    ex = info["exalted"]
                    tip = (f"The {a.name} ({listing(info['classes'])}): their runes are yours "
                           "to match; a match of 4 or more of them exalts the faction.")
                    out.append(Choice(f"Take the {a.name}: once exalted, {ex['text'][0].lower()}"
                                      f"{ex['text'][1:]}", a, tooltip=f"{tip} {ex['name']}."))
                    continue
                if isinstance(a, ChooseHero):
                    card = s.cards.heroes[a.hero]
                    out.append(Choice(f"{self.action_label(a)}: {card['ability']['text']}", a,
                                      tooltip=f"{card['name']}, {card['title']}"))
                    continue
                if isinstance(a, Reveal) and odds is not None:
                    out.append(Choice("Reveal it; the chance it is a trap", a, odds=p_trap,
                                      tooltip=self._trap_caveat(view, odds,
                                                                frame["space"])))
                    continue
                out.append(Choice(self.action_label(a), a, tooltip=tip))
            return out
        if view.step != "action":
            return []
        sel = self._sel() or {}
        if sel.get("kind") == "rune":
            return self._column_choices(view, sel["rune"]) + [Choice("Cancel", self.cancel)]
        if sel.get("kind") == "minion":
            out = [Choice("Stop it here (its activation ends)", Stop())] \
                if s.activation is not None else [Choice("Cancel", self.cancel)]
            gives = [a for a in legal if isinstance(a, Give) and a.giver == sel["mid"]]
            return out + [Choice(self.action_label(a), a) for a in gives]
        if sel.get("kind") == "hero":
            acts = [a for a in legal if getattr(a, "hero", None) == sel["hero"]]
            return [Choice(self.action_label(a), a) for a in acts] + \
                [Choice("Cancel", self.cancel)]
        if sel.get("kind") == "quarrel":
            plays = [a for a in legal if isinstance(a, Play) and a.card == sel["card"]]
            return [Choice(self.action_label(a), a) for a in plays] + \
                [Choice("Cancel", self.cancel)]
        if view.revealed:
            out = []
            for plan, starred in self.ranked_plans()[:3]:
                step = plan.steps[0]
                out.append(Choice(f"{_plan_words(view, plan)}, {_expects(plan)}; an exalt or "
                                  "a legendary Quarrel", Drop(step[0], step[1]),
                                  odds=plan.p_exalt_or_legendary, best=starred,
                                  tooltip=f"Drops {step[0]} into {step[1]} now; the rest of "
                                          "the plan is yours to follow."
                                          + _winter_words(plan.p_end) + " " + WEIGHED))
            if out:
                out.append(Choice("Show the best plan's cascade first", self.preview_best,
                                  tooltip="Draws the plan's drops and what they set off, "
                                          "step by step, on the Board; nothing is played"))
            return out
        if any(isinstance(a, Draw) for a in legal):
            return [Choice(self.action_label(Draw()), Draw())]
        return []

    def _column_choices(self, view: AlderQuestState, rune: str) -> list[Choice]:
        pos = Position.from_state(view, self.team)
        ahead = self._ahead()
        columns = view.open_columns()
        every = [self._memo(f"move:{rune}:{column}",
                            lambda c=column: move_odds(pos, ("drop", c, rune)))
                 for column in columns]
        best = best_index([drop_worth(o.expected_points, o.expected_collected, _either(o),
                                      o.p_end, ahead) for o in every])
        out = []
        for i, (column, odds) in enumerate(zip(columns, every, strict=True)):
            out.append(Choice(f"Column {column}, {_expects(odds)}; an ally match",
                              Drop(rune, column), odds=odds.p_ally_match, best=i == best,
                              tooltip=f"Enemy match (a new line): {chance(odds.p_enemy_match)}"
                                      f"; exalt: {chance(odds.p_exalt)}"
                                      + _winter_words(odds.p_end)
                                      + " This drop alone is weighed here (the plans for "
                                        "every revealed rune are under Cancel). " + WEIGHED))
        return out

    def holdings(self, view: GameState) -> list[tuple[str, str]]:
        assert isinstance(view, AlderQuestState)
        if view.phase == "faction":
            return []
        me = self.team
        rows = []
        for t in (me, 1 - me):
            team = view.teams[t]
            who = "Your" if t == me else view.team_possessive(t)
            held = Counter(team["held"])
            runes = listing([count(n, f"{view.faction_name(r)} rune") + f" ({r})"
                             if len(r) == 1 else count(n, piece_words(view, r))
                             for r, n in sorted(held.items())])
            rows.append((f"{who} runes", runes or "none"))
            if t == me:
                names = [view.cards.name(q) for q in team["quarrels"]]
                rows.append(("Your Quarrels", listing(names) or "none"))
            else:
                rows.append((f"{who} Quarrels", count(len(team["quarrels"]), "card")))
            if team["armed"]:
                rows.append((f"{who} armed Traps", listing([view.cards.name(q)
                                                             for q in team["armed"]])))
            rows.append((f"{who} Collection", f"{count(view.points(t), 'point')} "
                         f"({count(len(team['collection']), 'Acorn')})"))
            rows.append((f"{who} Tile Pouch", count(len(team["pouch"]), "tile")))
        pouch = Counter(view.rune_pouch)
        rows.append(("Rune Pouch (public)", listing(
            [f"{n} {r if len(r) == 1 else piece_words(view, r)}"
             for r, n in sorted(pouch.items())]) or "empty"))
        if view.exalted:
            rows.append(("Exalted", f"the {view.exalted}"))
        return rows

    def final_summary(self, view: GameState) -> FinalSummary:
        assert isinstance(view, AlderQuestState)
        winner = view.winner_team
        names = [view.team_name(t) for t in (0, 1)]
        if winner == "tie":
            headline = "The game is a draw, even after the tie-breakers."
        else:
            t = 0 if winner == "red" else 1
            other = view.points(1 - t)
            headline = (f"{says(names[t], 'win')} with {count(view.points(t), 'point')} "
                        f"against {other}" + (" (on the tie-breakers)."
                                              if other == view.points(t) else "."))
        if view.end_reason:
            headline += f" The game ended because {view.end_reason}."
        order = sorted((0, 1), key=lambda t: view.standing(t), reverse=True)
        rows = tuple((i + 1, f"{TEAMS[t]}: {names[t]}", view.points(t),
                      len(view.teams[t]["collection"])) for i, t in enumerate(order))
        return FinalSummary(headline, ("Place", "Team", "Points", "Acorns"), rows)

    def _trap_caveat(self, view: AlderQuestState, odds: TileOdds,
                     space: str | None = None) -> str:
        """Where the trap chances come from, what they assume, and (for the tile on
        ``space``) how far an owner who chose where its traps went could move them."""
        enemy = 1 - self.team
        if not odds.exact:
            return ("Counted from the enemy's 19 tiles less every one seen, as if each tile "
                    "were a blind draw: this position was typed in without its history.")
        who = f"the {TEAMS[enemy]} team" if view.team_game else view.team_name(enemy)
        text = ("Exact from what you have seen: the enemy's 19 tiles, the tiles drawn, the "
                "trap tiles taken to hand by arming Traps (set at the next Set Tiles), which "
                "spaces each Set Tiles filled, the tiles revealed or dismissed; if "
                f"{who} set the tiles of each Set Tiles in no particular order.")
        if space is not None and self._placement_words(odds, space):
            low, high = odds.placement_range(space)
            text += (f" But {view.team_says(enemy, 'choose')} where each tile goes: had the "
                     f"traps of that Set Tiles gone here last or first, the chance would be "
                     f"{chance(low)} to {chance(high)}.")
        elif space is None and any(self._placement_words(odds, s) for s in odds.stacks):
            text += (" But the owner chooses where each tile goes: a range is the chance had "
                     "the traps of that Set Tiles gone there last, or first.")
        return text

    @staticmethod
    def _placement_words(odds: TileOdds, space: str) -> str:
        low, high = odds.placement_range(space)
        return "" if low == high else f" (range {low} to {high})"

    # ------------------------------------------------------------ the odds panel
    def _show_odds(self) -> None:
        view = self.view
        if view.phase != "play" or view.is_over:
            self.odds_view.value = ""
            return
        parts: list[str] = [html.escape(HOW_TO_SCORE)]
        plans = self._plans()
        if plans:
            items = "".join(
                f"<li>{'★ ' if starred else ''}{html.escape(_plan_words(view, p))}, "
                f"{html.escape(_expects(p))}; exalt or legendary "
                f"{html.escape(chance(p.p_exalt_or_legendary))}"
                f"{html.escape(_winter_words(p.p_end))}</li>"
                for p, starred in self.ranked_plans()[:5])
            parts.append(f"<b>Best drops</b> (of {len(plans)} orders and columns, exact)"
                         f"<ol>{items}</ol><small>{html.escape(WEIGHED)}</small>")
        try:
            odds = self._memo("tiles", lambda: tile_odds(view, self.team))
        except DungeoncraftError:
            odds = None
        if odds is not None and odds.stacks:
            items = "".join(
                f"<li>{html.escape(space)}: {html.escape(chance(odds.at(space)))}"
                + html.escape(self._placement_words(odds, space))
                + (f" (and {count(len(chances) - 1, 'tile')} below)"
                   if len(chances) > 1 else "") + "</li>"
                for space, chances in sorted(odds.stacks.items()))
            parts.append(f"<b>Face-down enemy tiles</b>: the chance the top one is a trap"
                         f"<ul>{items}</ul>On average a face-down tile is worth "
                         f"{html.escape(approx(odds.expected_points))} Acorn points. "
                         f"{html.escape(self._trap_caveat(view, odds))}")
        sel = self._sel() or {}
        if sel.get("kind") == "minion" and sel["mid"] in view.minions:
            reach = self._reach(sel["mid"])
            plan = self._memo(f"tribute:{sel['mid']}",
                              lambda: turns_to_tribute(view, sel["mid"]))
            words = [f"it can end on {count(len(reach.spaces), 'space')}"]
            if reach.enemy_tiles:
                words.append(f"reach enemy tiles on {listing(sorted(reach.enemy_tiles))}")
            if reach.enemy_minions:
                words.append(f"attack {listing(sorted(reach.enemy_minions))}")
            if plan is not None:
                words.append(f"tribute in {count(plan.turns, 'activation')} at {plan.canopy}"
                             + ("" if plan.p_acorn == 1 else
                                f" (if the tile there is an Acorn: {chance(plan.p_acorn)})"))
            parts.append(f"<b>{html.escape(view.minion_label(sel['mid'], capital=True))}</b>: "
                         f"{html.escape('; '.join(words))}.")
        try:
            race = self._memo("winter", lambda: snowflake_race(view, plans or []))
            parts.append(html.escape(race.sentence((view.team_name(0), view.team_name(1)))))
        except DungeoncraftError:
            pass
        self.odds_view.value = "".join(f"<div class='dcw-aq-odds-part' style='line-height:1.4;"
                                       f"margin-bottom:0.5em'>{p}</div>" for p in parts)


def _plan_words(view: AlderQuestState, plan: DropPlan) -> str:
    """'Thieves rune (T) in column A, then red Snowflake in column C' (no bare codes)."""
    return ", then ".join(f"{piece_words(view, r)} in column {c}" for r, c in plan.steps)


def _expects(odds: DropPlan | MoveOdds) -> str:
    """'expected: 10/3 ≈ 3.33 of your runes, 3 Acorn points' (exact means)."""
    points = odds.expected_points
    return (f"expected: {approx(odds.expected_collected)} of your runes, {approx(points)} "
            f"Acorn {'point' if points == 1 else 'points'}")


def _either(odds: MoveOdds) -> sympy.Rational:
    """The exact chance of an exalt or a legendary Quarrel (not their sum)."""
    return sum((o.probability for o in odds.outcomes if o.exalt or o.legendary),
               sympy.Integer(0))


def _winter_words(p_end: Any) -> str:
    return f" It may bring winter (the game's end): {chance(p_end)}." if p_end else ""


def _pair(a: str, b: str) -> str | None:
    """``'A1:A2'`` for two touching cells (lower column or row first), else None."""
    (ca, ra), (cb, rb) = (ord(a[0]), int(a[1:])), (ord(b[0]), int(b[1:]))
    if abs(ca - cb) + abs(ra - rb) != 1:
        return None
    return f"{a}:{b}" if (ca, ra) < (cb, rb) else f"{b}:{a}"


#: The play widget of this game (GAMES[name].APP: the apps are registered with the games).
APP = AlderQuestApp
