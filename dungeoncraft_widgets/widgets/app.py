"""GameApp: play any game against bots, with the game explaining itself.

A game's ``app.py`` subclasses :class:`GameApp` and overrides ``draw`` (the
seat's view -> a Scene) and ``action_for_click`` (a clicked shape -> an action,
or None after updating its own selection). Everything the seat may not see
stays hidden: drawing, the summary and the log use ``state.view(seat)``.
Refused actions show the rule that forbids them in the message line, never a
traceback.

What the app shows, from top to bottom, and the hook that feeds each part
(every hook has a default, so an app that overrides nothing still works):

- the status line (``describe``): whose turn it is;
- **what just happened** (``summarize``): sentences about the seat's own results
  and the others' turns since the seat's last action; the pieces that changed
  are marked on the board for a moment (``moved_ids``);
- at the end, the winner in words and a table of final scores
  (``final_summary``) with a *New game* button (``new_state``);
- **what is asked of you** (``question``) when the decision is not an ordinary
  move, above its buttons (``choices``: :class:`Choice`, with exact odds);
- the board, and beside it **what you hold** (``holdings``) and the game's
  own panels (``self.side``);
- the action menu (every legal action, named by ``action_label``) and *Undo*,
  which takes back the seat's own last actions through the engine's
  ``state.undo()``, and so never goes back past a revealed random result or
  hidden information, nor past another seat's answer (a bot's card, a bot's
  reaction to an offer: the player has seen it); its tooltip says why not;
- the log, sent to the browser a few new lines at a time.

An app whose game has a search bot (``search_game``: the game's package name) also
offers **Bots:** *Rule of thumb* (the bots it was given), *Easy*, *Medium* or *Hard*
(:mod:`..core.search` at that level for every bot seat, from the bots' next move and
in every new game), and **Say why the bots moved**: a sentence per bot move under
what just happened, from the bot's own ``explain()`` (a move the player could not know
the bot had, a card from its hidden hand, is never named).

>>> from dungeoncraft_widgets import demo_game
>>> from dungeoncraft_widgets.core.bots import RandomBot
>>> from dungeoncraft_widgets.core.scene import Scene, Text
>>> class DemoApp(GameApp):
...     def draw(self, view):
...         scene = Scene(200, 40, title="demo")
...         scene.add(Text("hand", 100, 20, f"hand: {view.hands[self.seat]}"))
...         return scene
>>> app = DemoApp(demo_game.new_game(players=["You", "Bot"], seed=1),
...               bots={1: RandomBot(seed=2)})
>>> app.act("play 9")                     # not in hand: refused with the rule
False
>>> app.message.value
'✗ play: card 9 is not in your hand'
>>> app.act("draw")
True
>>> len(app.state.history)                # our draw and the bot's answer
2
>>> app.summary_lines                     # above the board: what just happened
['You draw the 1.', 'Bot draws a card.']
>>> app.undo_button.disabled, app.undo_button.tooltip
(True, 'Cannot take back “draw”: the card drawn has been seen.')

The levels, with the demo game's own app (``search_game = "demo_game"``):

>>> app = demo_game.DemoApp(demo_game.new_game(players=["You", "Bot"], seed=1), bots="medium")
>>> app.level_menu.value, type(app.bots[1]).__name__
('medium', 'SearchBot')
>>> app.why_toggle.value = True
>>> app.act("draw")
True
>>> app.summary_lines
['You draw the 1.', 'Bot draws a card.', 'Bot chose “draw”: the only legal move.']
>>> app.level_menu.value = None           # the bots it was given, from their next move
>>> type(app.bots[1]).__name__
'RandomBot'
"""

from __future__ import annotations

import copy
import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as w
import sympy
import traitlets

from ..core.bots import Bot, RandomBot, play_bots
from ..core.engine import Action, Event, GameState
from ..core.english import (
    chance,
    count,
    listing,
    objective,
    ordinal,
    possessive,
    says,
    subject,
)
from ..core.errors import DungeoncraftError, InvalidArgumentError
from ..core.rng import Rng
from ..core.scene import Scene
from ..core.search import LEVELS, playable, search_bot, search_game
from .board import BoardEvent, BoardView, LogView
from .fallback import StaticFallback
from .panels import ERROR_MARK, message_label, text_label

__all__ = ["BOT_LEVELS", "Choice", "FinalSummary", "GameApp", "split_level"]

MAX_SUMMARY_LINES = 8  # more than this: the latest ones, and a pointer to the log
MIN_TEXT_PX = 10  # the board's smallest text is never drawn smaller: it scrolls sideways

#: The "Bots:" menu: (label, level) with None for the bots the app was given, and what
#: each level means to a player (the games' budgets keep to these times on a laptop).
BOT_LEVELS = (("Rule of thumb", None), ("Easy", "easy"), ("Medium", "medium"),
              ("Hard", "hard"))
LEVEL_MEANINGS = {
    None: "Rule of thumb: the game's own quick bots, which answer at once",
    "easy": "Easy: a short search, a few sampled games a move",
    "medium": "Medium: searches about 0.2 s a move",
    "hard": "Hard: searches about 1 s a move",
}
#: Said once, with "Say why", when a bot that does not explain itself has moved.
NO_REASON = ("(The rule-of-thumb bots do not say why they move: choose a level under "
             "“Bots:” to hear why.)")


def split_level(bots: Mapping[int, Bot] | str | None) -> tuple[Mapping[int, Bot] | None,
                                                                str | None]:
    """An app's ``bots`` argument as (the bots, the search level): a level string
    ("easy", "medium", "hard") means the app's default bots, searching at that level.

    >>> split_level("hard"), split_level(None)
    ((None, 'hard'), (None, None))
    >>> split_level("expert")
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: bots must be a mapping of seats \
to bots or a level: 'easy', 'medium' or 'hard', not 'expert'
    """
    if isinstance(bots, str):
        if bots not in LEVELS:
            levels = listing([repr(level) for level in LEVELS], "or")
            raise InvalidArgumentError(f"bots must be a mapping of seats to bots or a level: "
                                       f"{levels}, not {bots!r}")
        return None, bots
    return bots, None


@dataclass(frozen=True)
class Choice:
    """One button of a decision: what it does in words, and what it does.

    ``label`` says what the button does ("Sacrifice the Cleric to save the
    Warrior"); ``action`` is an Action (or its text) applied for the seat, a tuple
    of them applied in order as one choice ("Win now: use the herb of 3 and 2 gold"),
    or a callable run with no argument for a choice that only changes the app (e.g.
    "Cancel"); ``odds`` an exact chance (a sympy Rational or an integer, never a
    float) shown on the button as a fraction and a percentage; ``best`` marks the
    recommended choice; ``tooltip`` explains more.

    >>> from sympy import Rational
    >>> Choice("Fight with +2 and +1", "swords 2,1", odds=Rational(13, 18), best=True).text
    '★ Fight with +2 and +1: 13/18 ≈ 72.2%'
    >>> Choice("Fight", "fight", odds=0.72)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: Choice 'Fight': odds must be exact \
(a sympy Rational or a whole number), not the float 0.72
    """

    label: str
    action: Action | str | tuple[Action | str, ...] | Callable[[], Any]
    odds: sympy.Rational | None = None
    best: bool = False
    tooltip: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.label, str) or not self.label.strip():
            raise InvalidArgumentError("a Choice needs a label saying what it does in words")
        if self.odds is None:
            return
        if isinstance(self.odds, (bool, float)) or not isinstance(
                self.odds, (int, sympy.Rational, sympy.Integer)):
            kind = f"the float {self.odds!r}" if isinstance(self.odds, float) else repr(self.odds)
            raise InvalidArgumentError(f"Choice {self.label!r}: odds must be exact "
                                       f"(a sympy Rational or a whole number), not {kind}")
        odds = sympy.Rational(self.odds)
        if not 0 <= odds <= 1:
            raise InvalidArgumentError(f"Choice {self.label!r}: odds {odds} is not a chance "
                                       "(0 to 1)")
        object.__setattr__(self, "odds", odds)

    @property
    def text(self) -> str:
        """What the button says: the label, the exact odds and their percentage, ★ if best."""
        text = self.label
        if self.odds is not None:
            text += f": {chance(self.odds)}"
        return f"★ {text}" if self.best else text

    @property
    def hint(self) -> str:
        """The button's tooltip: the choice's own, the odds in words, "recommended"."""
        parts = [self.tooltip] if self.tooltip else []
        if self.odds is not None:
            parts.append(f"Chance: {chance(self.odds)}, exactly.")
        if self.best:
            parts.append("★ Recommended: the best choice here.")
        return " ".join(parts) or self.label


@dataclass(frozen=True)
class FinalSummary:
    """The end of a game: ``headline`` names the winner in words ("You win with 23
    points."), ``headers`` and ``rows`` the table of final scores."""

    headline: str
    headers: tuple[str, ...] = ("Place", "Player", "Points")
    rows: tuple[tuple[Any, ...], ...] = ()


class GameApp(StaticFallback, w.VBox):
    """Play ``state`` from ``seat`` against ``bots`` (a mapping seat -> Bot, or a level of
    the search bot, "easy", "medium" or "hard", for a RandomBot at every other seat).

    ``new_state`` makes the game the *New game* button starts (default: the same
    game, players and options, with a fresh seed); the bots play again from a
    fresh copy of themselves as they were given. See the module docstring for
    what is shown and the hooks that feed it. Where no widget runs (GitHub, a
    notebook saved without widget state) its output shows a still picture: the
    status, what just happened, the board and the panels (``static_html``).

    ``bot_level`` (a game's app passes what :func:`split_level` found) starts the bots
    at that search level; ``search_game`` names the game's package for the search bot
    (None: the app offers no levels).
    """

    #: The game's package name for :func:`..core.search.search_bot` (None: no levels).
    search_game: ClassVar[str | None] = None

    def __init__(self, state: GameState, *, seat: int = 0,
                 bots: Mapping[int, Bot] | str | None = None,
                 new_state: Callable[[], GameState] | None = None,
                 bot_level: str | None = None, **kwargs: Any) -> None:
        self.state = state
        self.seat = seat
        given, level = split_level(bots)
        if given is None and level is not None:  # a level alone: search at every other seat
            given = {p: RandomBot(seed=p) for p in range(len(state.players)) if p != seat}
        level = level or bot_level
        if level is not None:
            split_level(level)  # refused with the levels named
            if self.search_game is None:
                raise InvalidArgumentError(f"bots: {type(self).__name__} has no search bot, "
                                           f"so no level {level!r}")
        self.bots: dict[int, Bot] = dict(given or {})
        self._fresh_bots = _copy_or_none(self.bots)  # the bots as given, for a new game
        # The rule-of-thumb bots (those given) while a search level plays in their seats.
        self._rule_bots: dict[int, Bot] = self.bots
        self.bot_level: str | None = None
        # (seat, action, the sentence saying why or None) for each bot move since the
        # seat's last action, in order: "Say why the bots moved" shows them.
        self.bot_moves: list[tuple[int, Action, str | None]] = []
        if level is not None:
            self._set_bots(level)
        self.new_state: Callable[[], GameState] = new_state or _same_game_again(state)
        # (history length, log length) before each of the seat's actions
        self._turn_starts: list[tuple[int, int]] = []
        self._mark = 0           # log length before the seat's last action
        self._notice: list[str] = []  # said first in the summary (an undo, a new game)
        self._last_action: Action | None = None  # the seat's, while nothing else is said
        self.summary_lines: list[str] = []
        # Changes whenever the game changes through the app (an action, an undo, a new
        # game): a key for what a subclass caches about the position.
        self.version = 0
        self._memo_cache: dict[str, Any] = {}  # see _memo
        # The whole board fits the width it is given; "Zoom in" draws its text readable
        # (MIN_TEXT_PX at least) and lets it scroll sideways for the detail.
        self.board = BoardView(min_text_px=0)
        self.board.on_click(self._on_board_click)
        self.status = text_label()
        self.status.add_class("dcw-status")
        self.goal_view = w.HTML()  # the goal, how the game ends and how far off that is
        self.goal_view.add_class("dcw-goal")
        self.legend_view = w.HTML()  # what the board's marks mean
        self.legend_view.add_class("dcw-legend")
        self.zoom_button = w.ToggleButton(
            False, description="Zoom in", icon="search-plus",
            tooltip="Draw the board's text at a readable size and scroll it sideways; "
            "press again to fit the whole board to the screen")
        self.zoom_button.observe(lambda _c: self._apply_zoom(), names="value")
        self.summary_view = w.HTML()
        self.summary_view.add_class("dcw-summary")
        self.question_view = text_label()
        self.question_view.add_class("dcw-question-text")
        self.choice_box = w.HBox()
        self.choice_box.add_class("dcw-choices")
        self.question_panel = w.VBox([self.question_view, self.choice_box])
        self.question_panel.add_class("dcw-question")
        self.final_view = w.HTML()
        self.new_game_button = w.Button(
            description="New game", button_style="primary", icon="refresh",
            tooltip="Start a new game against the same bots")
        self.new_game_button.layout.align_self = "flex-start"
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.final_panel = w.VBox([self.final_view, self.new_game_button])
        self.final_panel.add_class("dcw-final")
        self.message = message_label()
        self.holdings_view = w.HTML()
        self.holdings_view.add_class("dcw-holdings")
        self.action_menu = w.Dropdown(description="Any legal action:",
                                      style={"description_width": "initial"},
                                      layout=w.Layout(width="auto", max_width="100%"))
        self.play_button = w.Button(description="Do it", button_style="primary",
                                    tooltip="Apply the action chosen in the menu")
        self.play_button.on_click(lambda _b: self.act(self.action_menu.value))
        self.undo_button = w.Button(description="Undo", icon="undo",
                                    tooltip="Take back your last turn")
        self.undo_button.on_click(lambda _b: self.undo())
        self.log_view = LogView()
        self.side = w.VBox()  # game apps put odds panels and controls here
        self.level_menu = w.Dropdown(
            options=BOT_LEVELS, value=self.bot_level, description="Bots:",
            style={"description_width": "initial"},
            tooltip="; ".join(LEVEL_MEANINGS.values()) + ".",
            layout=w.Layout(width="auto"))
        self.level_menu.add_class("dcw-bot-level")
        # HTML (escaped), not a Label: the sentence wraps on a phone rather than being cut.
        self.level_note = w.HTML(layout=w.Layout(flex="1 1 240px", min_width="0"))
        self.level_note.add_class("dcw-bot-level-note")
        self._show_level_note(self._level_sentence(self.bot_level, now=False))
        self._menu_quiet = False  # True while the app itself sets the menu
        self.level_menu.observe(
            lambda change: None if self._menu_quiet else self.set_bot_level(change["new"]),
            names="value")
        self.why_toggle = w.Checkbox(
            False, description="Say why the bots moved", indent=False,
            tooltip="Under what just happened: a sentence for each bot move, saying why the "
            "bot chose it (the search bots at Easy, Medium and Hard say why)",
            layout=w.Layout(width="auto"))
        self.why_toggle.add_class("dcw-why")
        self.why_toggle.observe(lambda _c: self._show_summary(self.view), names="value")
        # The menu with the other controls, under the board (the action menu stays the
        # first menu of the app); "Say why" right under what just happened, which it adds
        # to. Only where there are bots to choose for: a solo game has none.
        self.level_row = w.HBox([self.level_menu, self.level_note],
                                layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.level_row.add_class("dcw-bot-levels")
        self.why_row = w.HBox([self.why_toggle])
        offered = "" if self.search_game and self._rule_bots else "none"
        self.level_row.layout.display = self.why_row.layout.display = offered
        controls = w.HBox([self.action_menu, self.play_button, self.undo_button])
        controls.add_class("dcw-controls")
        controls.layout.overflow = "visible"  # it wraps; no scrollbar for a 2px margin
        # The board takes the width it needs to be read; the side panel goes beside it
        # on a wide screen and below it on a narrow one (a phone). The board scrolls
        # sideways rather than shrink its text below a readable size.
        # The board scrolls sideways itself: its box never shows a scrollbar of its own (a
        # rounding pixel of height would draw one).
        self._board_box = w.Box([self.board], layout=w.Layout(flex="3 1 560px", min_width="0",
                                                             overflow="auto hidden"))
        # Zoom in sits right above the board, where a phone user looks for it.
        self.zoom_button.layout = w.Layout(width="auto")
        self.zoom_button.add_class("dcw-zoom")
        zoom_row = w.HBox([self.zoom_button], layout=w.Layout(justify_content="flex-end"))
        # The side column grows with what it holds: its panels never shrink into a small
        # scrolling box beside a shorter board, nor show a scrollbar for a rounding pixel.
        self.holdings_view.layout.flex = self.side.layout.flex = "0 0 auto"
        self.side.layout.overflow = "visible"
        side_box = w.VBox([self.holdings_view, self.side],
                          layout=w.Layout(flex="1 1 260px", min_width="0",
                                          overflow="auto hidden"))
        main = w.HBox([self._board_box, side_box],
                      layout=w.Layout(flex_flow="row wrap", width="100%"))
        super().__init__([self.status, self.goal_view, self.summary_view, self.why_row,
                          self.final_panel, self.question_panel, self.message, zoom_row, main,
                          self.legend_view, controls, self.level_row, self.log_view], **kwargs)
        self.add_class("dcw-app")
        self._run_bots()
        self.refresh()

    # --------------------------------------------------------- for subclasses
    def draw(self, view: GameState) -> Scene:
        """The seat's view of the game as a scene (subclasses override)."""
        raise NotImplementedError

    def action_for_click(self, shape_id: str) -> Action | str | None:
        """The action a click on ``shape_id`` means, or None (selection changed only)."""
        return None

    def describe(self, view: GameState) -> str:
        """The status line: whose turn it is ("Game over." at the end, when the final
        panel names the winner)."""
        if view.is_over:
            return "Game over."  # the winner and the scores are in the final panel
        player = view.current_player
        if player is None:
            return ""
        if player == self.seat:
            return "It is your turn."
        return f"It is {possessive(view.players[player], capital=False)} turn."

    def goal(self, view: GameState) -> str:
        """One sentence, always shown under the status: the goal, how the game ends and
        how far it is from ending ("First to 20 points wins; the game ends when ...; now
        ..."). Default: none."""
        return ""

    def legend(self, view: GameState) -> list[tuple[str, str]]:
        """What the board's marks mean, as (mark, meaning) pairs shown under the board:
        ("●", "an Adventurer"). Default: none."""
        return []

    def summarize(self, events: list[Event], view: GameState) -> list[str]:
        """Sentences saying what happened since the seat's last action: its own results
        and the others' turns. ``events``: the log events the seat may see, from its
        last action on. Default: the events' texts."""
        return [e.text for e in events]

    def moved_ids(self, events: list[Event], view: GameState) -> set[str]:
        """Scene ids to mark for a moment after those ``events`` (pieces that moved,
        cards that changed hands). Default: none."""
        return set()

    def question(self, view: GameState) -> str | None:
        """In words, what is asked of the seat now when the decision is not an ordinary
        move ("Bot 3 offers you a trade. Accept or decline?"). Default: None."""
        return None

    def choices(self, view: GameState) -> list[Choice]:
        """The buttons for the current decision, shown under the question. Default: none
        (the action menu still lists every legal action)."""
        return []

    def holdings(self, view: GameState) -> list[tuple[str, str]]:
        """What the seat holds and what is public of the others' holdings, as (what,
        how much) rows: ("Your hand", "the 3 and the 7"), ("Bot's hand", "2 cards")."""
        return []

    def final_summary(self, view: GameState) -> FinalSummary:
        """At the end: the winner named in words and the table of final scores.
        Default: the highest score wins; equal highest scores tie."""
        scores = view.scores()
        names = view.players
        top = max(scores)
        winners = [n for n, s in zip(names, scores, strict=True) if s == top]
        points = count(top, "point")
        if len(winners) == 1:
            headline = f"{says(winners[0], 'win')} with {points}."
        else:
            named = [subject(winners[0])] + [objective(n) for n in winners[1:]]
            headline = f"{listing(named)} tie with {points} each."
        ranked = sorted(zip(names, scores, strict=True), key=lambda pair: -pair[1])
        rows = tuple((ordinal(1 + sum(s > score for s in scores)), name, score)
                     for name, score in ranked)
        return FinalSummary(headline, ("Place", "Player", "Points"), rows)

    def action_label(self, action: Action) -> str:
        """An action in words, for the action menu and for Undo's sentences."""
        return str(action)

    # ------------------------------------------------------------------ acting
    def act(self, action: Action | str | Sequence[Action | str] | None) -> bool:
        """Apply the seat's action (or a tuple of actions, in order, as one choice); on
        refusal show why and change nothing."""
        if action is None:
            return False
        if self.state.is_over:
            self.show_error("the game is over: press New game to play again")
            return False
        if self.state.current_player != self.seat:
            self.show_error("it is not your turn")
            return False
        start, mark = len(self.state.history), len(self.state.log)
        steps: list[tuple[int, int]] = []
        refused = None
        for one in (action if isinstance(action, (tuple, list)) else (action,)):
            before = (len(self.state.history), len(self.state.log))
            try:
                self.state.apply(one)
            except DungeoncraftError as exc:
                refused = str(exc)
                # A refused step takes back the ones before it, as far as the engine allows.
                while len(self.state.history) > start and self.state.can_undo:
                    self.state.undo()
                break
            steps.append(before)
        steps = [step for step in steps if step[0] < len(self.state.history)]
        if not steps:
            if refused is not None:
                self.show_error(refused)
            return False
        self.version += 1
        self._turn_starts.extend(steps)
        self._mark, self._notice, self.bot_moves = mark, [], []
        self._last_action = self.state.history[start]
        self.message.value = ""
        self._run_bots()
        self.refresh()
        if refused is not None:
            self.show_error(refused)
        self._flash()
        return refused is None

    def undo(self) -> bool:
        """Take back the seat's last actions through ``state.undo()``, as far as the engine
        allows and never past another seat's action since (the player has seen it); say
        what was taken back, or why nothing can be."""
        plan = self._undo_plan()
        if isinstance(plan, str):
            self.show_error(plan)
            return False
        target, _mark, taken, kept = plan
        while len(self.state.history) > target:
            self.state.undo()
        self.version += 1
        sentence = f"You took back {self._quoted_actions(taken)}."
        if kept:
            sentence += f" {self._quoted_actions(kept)} {_stays(kept)}: {self.state.undo_reason}."
        self._turn_starts = [s for s in self._turn_starts if s[0] < target]
        self._mark, self._notice, self._last_action = len(self.state.log), [sentence], None
        self.bot_moves = []
        self.message.value = ""
        self.refresh()
        return True

    def new_game(self) -> None:
        """Start again with ``self.new_state()``; the bots play again from scratch, at the
        level chosen."""
        try:
            state = self.new_state()
        except DungeoncraftError as exc:
            self.show_error(f"new game: {exc}")
            return
        self.state = state
        self.version += 1
        fresh = _copy_or_none(self._fresh_bots)
        if fresh is not None:
            self._rule_bots = self.bots = fresh
        elif self.bot_level is not None:
            self.bots = self._rule_bots
        if self.bot_level is not None:
            self._set_bots(self.bot_level)  # fresh search bots too
        self._turn_starts, self._mark, self._last_action = [], 0, None
        self.bot_moves = []
        self._notice = ["A new game has begun."]
        self.message.value = ""
        self._run_bots()
        self.refresh()
        self._flash()

    def _memo(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()``, computed once per position and ``key`` (``self.version`` changes
        with every action): for what a game's app draws from the position more than once."""
        cache = self._memo_cache
        full = f"{self.version}:{key}"
        if full not in cache:
            if len(cache) > 64:
                cache.clear()
            cache[full] = make()
        return cache[full]

    def show_error(self, text: str) -> None:
        self.message.value = f"{ERROR_MARK}{self.reword(text)}"

    def reword(self, text: str) -> str:
        """A refusal or question put in the player's words: a game whose engine writes
        for developers (a rule cited by line, say) overrides this. Default: as written."""
        return text

    # ------------------------------------------------------------- bot levels
    def set_bot_level(self, level: str | None) -> bool:
        """Let the search bot at ``level`` ("easy", "medium", "hard") play every bot seat
        from its next move on, or (None) the rule-of-thumb bots the app was given; the
        menu shows it and a sentence says so. False (and why, in the message line) if
        the game has no search bot."""
        try:
            if level is not None:
                split_level(level)
            if self.search_game is None:
                raise InvalidArgumentError(f"{type(self).__name__} has no search bot")
            self._set_bots(level)
        except DungeoncraftError as exc:
            self.show_error(f"bots: {exc}")
            self._show_level(self.bot_level)  # back to the level that plays
            return False
        self._show_level(level)
        self._show_level_note(self._level_sentence(level, now=True))
        return True

    def _show_level_note(self, sentence: str) -> None:
        # (the widget's own line height is a control's, far apart once the text wraps)
        self.level_note.value = (f'<div style="line-height: 1.4">'
                                 f"{html.escape(sentence, quote=False)}</div>" if sentence else "")

    def _show_level(self, level: str | None) -> None:
        self._menu_quiet = True
        try:
            self.level_menu.value = level
        finally:
            self._menu_quiet = False

    def _set_bots(self, level: str | None) -> None:
        if level is None:
            self.bots = self._rule_bots
        else:
            assert self.search_game is not None
            # Each seat its own seeded bot: the same level plays the same moves again.
            self.bots = {p: search_bot(self.search_game, level, seed=p) for p in self._rule_bots}
        self.bot_level = level

    @staticmethod
    def _level_sentence(level: str | None, *, now: bool) -> str:
        """The sentence beside the menu ("The bots now play at Hard from their next move...")."""
        how = f"at {dict((v, k) for k, v in BOT_LEVELS)[level]}" if level else "by rule of thumb"
        if not now:
            return f"The bots play {how}." if level else ""
        return (f"The bots now play {how} from their next move "
                f"({LEVEL_MEANINGS[level].split(': ', 1)[1]}).")

    def _recording_bots(self) -> dict[int, Bot]:
        """The bots, each noting its moves (and why, where it says) in ``bot_moves``: a
        game's app that runs the bots itself asks these for the moves."""
        return {p: _Noted(self, p, bot) for p, bot in self.bots.items()}

    def bot_may_name(self, seat: int, action: Action, chosen: bool,
                     known: frozenset[Action]) -> bool:
        """Whether "Say why" may name ``action`` of the bot at ``seat`` (the move it chose,
        or one it weighed against it): only if the player could know the bot had that
        move, or else the sentence would show what the bot keeps hidden (a card in its
        hand, a room set face down). ``known``: the moves the player's own view of the
        position allows that seat. A game whose chosen moves show themselves (a card
        played face up) overrides this."""
        return action in known

    def _note_bot_move(self, seat: int, bot: Bot, action: Action) -> None:
        explain = getattr(bot, "explain", None)
        if not callable(explain):
            self.bot_moves.append((seat, action, None))
            return
        known = self._known_moves()
        name = subject(self.state.players[seat])
        if not self.bot_may_name(seat, action, True, known):
            sentence = (f"{name} does not say why it chose its move: that would show what "
                        f"{name} keeps hidden.")
        else:
            label = self.action_label(action)

            def words(move: Action) -> str:
                if move == action:
                    return label
                return self.action_label(move) if self.bot_may_name(
                    seat, move, False, known) else "another move"
            sentence = self._why(name, label, explain(words))
        self.bot_moves.append((seat, action, sentence))

    def _known_moves(self) -> frozenset[Action]:
        """The moves of the seat to act that the player could know it has: those legal
        in the player's own view made a game (what the player cannot see stays unknown
        there, so a move that needs it is missing), or where a view cannot be played as
        it is, those legal in each of a few games drawn to agree with the player's view
        (the game's ``sample_hidden``); none if neither works."""
        view = self.state.view(self.seat)
        try:
            return frozenset(playable(view.copy(), 0).legal_actions())
        except Exception:  # noqa: BLE001 - a rule needs what the view hides: sample it
            pass
        try:
            sample = search_game(self.search_game).sample_hidden if self.search_game else None
            if sample is None:
                return frozenset()
            known = frozenset(sample(view, Rng(1)).legal_actions())
            for seed in (2, 3, 4):
                known &= frozenset(sample(view, Rng(seed)).legal_actions())
            return known
        except Exception:  # noqa: BLE001 - nothing known is the safe answer
            return frozenset()

    @staticmethod
    def _why(name: str, label: str, explanation: str) -> str:
        """ "Bot chose “Draw”: it won about 60% of 40 sampled games ...": the bot's
        explanation (which begins with the action's words) as a sentence naming it."""
        reason = explanation.removeprefix(label).removeprefix(":").strip()
        if not reason:
            return f"{name} chose “{label}”."
        return f"{name} chose “{label}”: {reason}"

    def _why_lines(self) -> list[str]:
        """With "Say why" on: a sentence per bot move since the seat's last action (once
        a note that the rule-of-thumb bots do not say)."""
        if not self.why_toggle.value:
            return []
        lines = [s for _p, _a, s in self.bot_moves if s is not None]
        if any(s is None for _p, _a, s in self.bot_moves):
            lines.append(NO_REASON)
        return lines

    def _run_bots(self) -> None:
        play_bots(self.state, self._recording_bots())

    def _on_board_click(self, event: BoardEvent) -> None:
        try:
            action = self.action_for_click(event.id)
        except DungeoncraftError as exc:
            self.show_error(str(exc))
            return
        if action is None:
            self.refresh()
        elif not self.act(action):
            # Refused: the board is drawn again, so that a piece selected for the refused
            # move no longer looks selected (the message says why).
            self.board.show(self.draw(self.state.view(self.seat)))

    def _choose(self, choice: Choice) -> None:
        if callable(choice.action) and not isinstance(choice.action, (Action, str)):
            try:
                choice.action()
            except DungeoncraftError as exc:
                self.show_error(str(exc))
                return
            self.refresh()
        else:
            self.act(choice.action)

    # ------------------------------------------------------------------- undo
    def _undo_plan(self) -> tuple[int, int, list[Action], list[Action]] | str:
        """(history length and log length to go back to, the seat's actions taken back,
        its actions that stay), or a sentence saying why nothing can be taken back."""
        history = self.state.history
        starts = [s for s in self._turn_starts if s[0] < len(history)]
        if not starts:
            return "there is nothing of yours to take back yet"
        run = [starts[-1]]  # the seat's last turn: its actions with nobody else's between
        for s in reversed(starts[:-1]):
            if s[0] != run[0][0] - 1:
                break
            run.insert(0, s)
        allowed = [s for s in run if s[0] >= self.state.undo_floor]
        last = self._quoted_actions([history[run[-1][0]]])
        if not allowed:
            return f"cannot take back {last}: {self.state.undo_reason}"
        # Another seat has acted since: the player has seen its answer (a card from a bot's
        # hidden hand, a bot's reaction to an offer), and taking both back would let them
        # decide again knowing it. Undo never takes back another seat's action.
        own = {s for s, _m in starts}
        if any(i not in own for i in range(run[-1][0] + 1, len(history))):
            names = self._others_in(self.state.log[run[-1][1]:]) or ["another player"]
            return (f"cannot take back {last}: {listing(names)} "
                    f"{'has' if len(names) == 1 else 'have'} answered since")
        target, mark = allowed[0]
        return (target, mark, [history[s] for s, _m in run if s >= target],
                [history[s] for s, _m in run if s < target])

    def _quoted_actions(self, actions: Sequence[Action]) -> str:
        return listing([f"“{self.action_label(a)}”" for a in actions])

    def _others_in(self, events: Sequence[Event]) -> list[str]:
        """The other players who acted in ``events`` the seat could see, in order."""
        names: list[str] = []
        for e in events:
            if e.player is None or e.player == self.seat or not self._visible(e):
                continue
            name = self.state.players[e.player]
            if name not in names:
                names.append(name)
        return names

    def _visible(self, event: Event) -> bool:
        return event.visible_to is None or self.seat in event.visible_to

    # ---------------------------------------------------------------- drawing
    def refresh(self) -> None:
        # The seat's view, made once per refresh (a copy of the game): subclasses that
        # add panels read ``self.view`` rather than copying the game again.
        self.view = view = self.state.view(self.seat)
        self.board.show(self.draw(view))
        # Beside the side panel only where the board is readable there; else above it.
        self._board_box.layout.flex = f"3 1 {max(560, self.board.min_width_px)}px"
        self.status.value = self.describe(view)
        goal = self.goal(view)
        self.goal_view.value = (f"<div class='dcw-goal-text'>{html.escape(goal)}</div>"
                                if goal else "")
        self.goal_view.layout.display = "" if goal else "none"
        marks = self.legend(view)
        self.legend_view.value = ("<div class='dcw-legend-text'><b>Legend</b>: " + " · ".join(
            f"<span class='dcw-legend-mark'>{html.escape(m)}</span> {html.escape(t)}"
            for m, t in marks) + "</div>") if marks else ""
        self.legend_view.layout.display = "" if marks else "none"
        self._apply_zoom()
        mine = self.state.current_player == self.seat and not self.state.is_over
        legal = self.state.legal_actions() if mine else []
        self.action_menu.options = [(self.action_label(a), a) for a in legal]
        self.action_menu.index = 0 if legal else None  # ipywidgets 8 leaves it unset
        self.action_menu.disabled = self.play_button.disabled = not legal
        over = "none" if self.state.is_over else ""
        self.action_menu.layout.display = self.play_button.layout.display = over
        self._show_summary(view)
        self._show_question(view, mine)
        self._show_final(view)
        self._show_holdings(view)
        self._show_undo()
        self.log_view.set_lines([(e.text, e.visible_to is not None) for e in view.log])
        self._publish(view)

    def _apply_zoom(self) -> None:
        """Every board of the app fits its width, or (zoomed in) keeps its text readable
        and scrolls sideways."""
        least = MIN_TEXT_PX if self.zoom_button.value else 0
        for value in list(vars(self).values()):
            if isinstance(value, BoardView) and value.min_text_px != least:
                value.min_text_px = least

    def _events_since_mark(self) -> list[Event]:
        return [e for e in self.state.log[self._mark:] if self._visible(e)]

    def _show_summary(self, view: GameState) -> None:
        notice = list(self._notice)
        lines = self.summarize(self._events_since_mark(), view)
        if not notice and not lines and self._last_action is not None:  # nothing logged
            lines = [f"You chose “{self.action_label(self._last_action)}”."]
        self.summary_lines = notice + lines
        room = MAX_SUMMARY_LINES - len(notice)  # a notice (a new game, an undo) always shows
        if len(lines) > room:
            hidden = len(lines) - (room - 1)
            lines = [f"… {count(hidden, 'earlier line')}: see the log below."] + \
                lines[-(room - 1):]
        lines = notice + lines
        why = self._why_lines()
        self.summary_lines += why
        if len(why) > MAX_SUMMARY_LINES:
            why = [f"… {count(len(why) - MAX_SUMMARY_LINES + 1, 'earlier bot move')}."] + \
                why[-(MAX_SUMMARY_LINES - 1):]
        if not lines and not why:
            self.summary_view.value = ""
            self.summary_view.layout.display = "none"
            return
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        reasons = "".join(f"<li>{html.escape(line)}</li>" for line in why)
        self.summary_view.value = (
            '<div class="dcw-summary-title">What just happened</div>'
            f'<ul class="dcw-summary-lines" aria-live="polite">{items}</ul>' + (
                '<div class="dcw-summary-title dcw-why-title">Why the bots moved</div>'
                f'<ul class="dcw-summary-lines dcw-why-lines">{reasons}</ul>' if why else ""))
        self.summary_view.layout.display = ""

    def _show_question(self, view: GameState, mine: bool) -> None:
        choices = self.choices(view) if mine else []
        question = self.question(view) if mine else None
        if choices and not question:
            question = "What do you do?"  # never a lone button without its question
        buttons = []
        for choice in choices:
            button = w.Button(description=choice.text, tooltip=choice.hint,
                              button_style="success" if choice.best else "",
                              layout=w.Layout(width="auto", max_width="100%"))
            button.add_class("dcw-choice")
            if choice.best:
                button.add_class("dcw-best")
            button.on_click(lambda _b, c=choice: self._choose(c))
            buttons.append(button)
        self.question_view.value = self.reword(question or "")
        self._shown_choices = choices  # read by _publish (the odds trait)
        self.choice_box.children = buttons
        self.question_panel.layout.display = "" if question else "none"

    def _show_final(self, view: GameState) -> None:
        if not view.is_over:
            self.final_panel.layout.display = "none"
            self.final_view.value = ""
            return
        final = self.final_summary(view)
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in final.headers)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row)
                       + "</tr>" for row in final.rows)
        self.final_view.value = (
            f'<div class="dcw-final-headline">{html.escape(final.headline)}</div>'
            f'<table class="dcw-table dcw-final-scores"><caption>Final scores</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        self.final_panel.layout.display = ""

    def _show_holdings(self, view: GameState) -> None:
        rows = self.holdings(view)
        if not rows:
            self.holdings_view.value = ""
            self.holdings_view.layout.display = "none"
            return
        body = "".join(f"<tr><th scope='row'>{html.escape(str(what))}</th>"
                       f"<td>{html.escape(str(amount))}</td></tr>" for what, amount in rows)
        self.holdings_view.value = ('<div class="dcw-holdings-title">What you hold</div>'
                                    f'<table class="dcw-holdings-table">{body}</table>')
        self.holdings_view.layout.display = ""

    def _show_undo(self) -> None:
        plan = self._undo_plan()
        if isinstance(plan, str):
            self.undo_button.disabled = True
            self.undo_button.tooltip = plan[0].upper() + plan[1:] + "."
            return
        _target, _mark, taken, kept = plan
        tip = f"Take back {self._quoted_actions(taken)}"
        if kept:
            tip += f" ({self._quoted_actions(kept)} {_stays(kept)}: {self.state.undo_reason})"
        self.undo_button.disabled = False
        self.undo_button.tooltip = tip + "."

    def _flash(self) -> None:
        ids = self.moved_ids(self._events_since_mark(), self.view)
        if ids:
            self.board.flash(ids)

    # ------------------------------------------------ observable traits (issue 27)
    # What a notebook author may observe(), link() or read in marimo
    # (dungeoncraft_widgets.marimo.state): set by refresh(), read-only from outside.
    position = traitlets.Unicode(
        read_only=True, help="the seat's view of the game, as save text: load_game(position) "
        "reads it back (what the seat may not see is not in it)")
    last_action = traitlets.Unicode(
        read_only=True, help="the seat's last action, as text ('' before the first)")
    odds = traitlets.Dict(
        read_only=True, help="the exact chances on the choice buttons shown: label -> "
        "fraction text ('13/18'); empty when no choice shows odds")
    status_text = traitlets.Unicode(read_only=True, help="the status line: whose turn it is")

    def _publish(self, view: GameState) -> None:
        starts = [s for s, _log in self._turn_starts if s < len(self.state.history)]
        shown = getattr(self, "_shown_choices", [])
        with self.hold_trait_notifications():
            self.set_trait("position", view.to_json())
            self.set_trait("last_action", str(self.state.history[starts[-1]]) if starts else "")
            self.set_trait("odds", {c.label: str(c.odds) for c in shown if c.odds is not None})
            self.set_trait("status_text", self.status.value)


class _Noted:
    """A bot that notes each of its moves in its app (see ``GameApp._recording_bots``)."""

    def __init__(self, app: GameApp, seat: int, bot: Bot) -> None:
        self.app, self.seat, self.bot = app, seat, bot
        self.name = getattr(bot, "name", type(bot).__name__)

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        action = self.bot.choose(view, legal)
        self.app._note_bot_move(self.seat, self.bot, action)
        return action


def _stays(kept: Sequence[Action]) -> str:
    return "stays" if len(kept) == 1 else "stay"


def _copy_or_none(bots: Mapping[int, Bot] | None) -> dict[int, Bot] | None:
    """A deep copy of the bots (their seeds and memories as they are now), or None
    if a bot cannot be copied (then the same bots play on)."""
    if bots is None:
        return None
    try:
        return copy.deepcopy(dict(bots))
    except Exception:  # noqa: BLE001 - any bot that cannot be copied just plays on
        return None


def _same_game_again(state: GameState) -> Callable[[], GameState]:
    """The default ``new_state``: the same game, players and options, a fresh seed."""
    kind, players, options = type(state), list(state.players), copy.deepcopy(state.options)
    return lambda: kind(players, None, **copy.deepcopy(options))
