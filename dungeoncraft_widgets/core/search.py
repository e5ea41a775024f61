"""One search bot for every game: information-set Monte Carlo tree search.

A bot sees only its seat's view. To look ahead it needs whole games, so each
iteration *determinizes*: the game's ``sample_hidden(view, rng)`` fills in what
the seat cannot see (the others' hands, face-down cards, the order of a deck) at
random, consistently with what the view shows. The search then plays that
sampled game down a tree shared by all samples (single-observer ISMCTS, Cowling,
Powley and Whitehouse 2012): at each node it takes, among the actions legal in
this sample, the one with the best upper confidence bound (counting how often
each was available, since a sample may allow actions another does not), adds one
new node, plays on with the game's quick rule of thumb (``playout``) for at most
``depth`` actions, and scores every seat with the game's ``evaluate``. Each node
keeps the score of the seat that chose it, so every seat plays for itself (a
team's seats share one result). The move played is the root's most visited.

Only a game knows how to sample its hidden part, how to score a position and a
good quick move; it says so in one :class:`SearchGame` (each game's ``bots.py``
defines ``SEARCH``). :data:`LEVELS` are search budgets (``Budget``) each game
sets so that hard answers within 1 s a move on a 2-core laptop and medium within
0.2 s. Pure Python: it runs in JupyterLite too.

>>> from dungeoncraft_widgets import demo_game
>>> bot = SearchBot(demo_game.SEARCH, "medium", seed=1)
>>> game = demo_game.new_game(players=2, seed=3)
>>> action = bot.choose(game.view(0), game.legal_actions())
>>> action in game.legal_actions()
True
>>> bot.explain().startswith(str(action))
True
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from .checks import game_state, shown, whole_number
from .engine import Action, GameState, _Checkpoints
from .english import count
from .errors import DungeoncraftError, InvalidArgumentError
from .rng import Rng

#: The levels every game offers, weakest first.
LEVELS = ("easy", "medium", "hard")

#: How much the search explores (the UCB constant, for scores in [0, 1]).
EXPLORATION = 0.7


@dataclass(frozen=True)
class Budget:
    """How hard a level searches: ``iterations`` sampled games a move, each with a
    playout of at most ``depth`` actions by the game's rule of thumb (``heuristic``)
    or at random; ``seconds``: a safeguard that stops the search early on a slow
    machine (None: never, so a seeded bot always plays the same moves); ``widening``:
    a node with ``n`` visits tries at most ``1 + n ** widening`` of its actions, the
    rule of thumb's first (None: every action once before any twice); ``trust``: where
    the game has an ``advisor``, its choice is searched first and played unless another
    action scores more than ``trust`` better (None: the advisor is not asked)."""

    iterations: int
    depth: int
    heuristic: bool = True
    seconds: float | None = None
    widening: float | None = None
    trust: float | None = None

    def __post_init__(self) -> None:
        whole_number(self.iterations, "iterations", minimum=1)
        whole_number(self.depth, "depth", minimum=0)


@dataclass(frozen=True)
class SearchGame:
    """What only a game knows, for the search (see the module docstring).

    ``sample_hidden(view, rng)``: a whole game (see :func:`playable`) whose view for
    ``view.viewer`` shows exactly what ``view`` shows, its hidden part drawn at random.
    ``evaluate(state, seat)``: that seat's chance of winning in [0, 1]; on a finished
    game the result (1 a win, 0 a loss, 1/k a win shared by k).
    ``playout(state, legal, rng)``: a quick rule-of-thumb action.
    ``budgets``: a :class:`Budget` for each of :data:`LEVELS`.
    ``odds(view, action)``: an exact-odds clause for the explanation, or None.
    ``advisor(seed)``: a bot (today's rule-of-thumb bot, which reads only the view),
    asked at every move (so that its memory stays right); a level with ``trust`` plays
    its choice unless the search finds one clearly better.
    ``candidates(view, legal, advice)``: the actions worth searching (the advisor's
    ``advice`` among them; just that one: a routine move, played at once). Default: all.
    """

    name: str
    sample_hidden: Callable[[GameState, Rng], GameState]
    evaluate: Callable[[GameState, int], float]
    playout: Callable[[GameState, list[Action], Rng], Action]
    budgets: Mapping[str, Budget]
    odds: Callable[[GameState, Action], str | None] | None = None
    advisor: Callable[[int], Any] | None = None
    candidates: Callable[[GameState, list[Action], Action | None], list[Action]] | None = None

    def __post_init__(self) -> None:
        missing = [level for level in LEVELS if level not in self.budgets]
        if missing:
            raise InvalidArgumentError(f"{self.name}: budgets has no level {missing[0]!r}")


def playable(state: GameState, seed: int) -> GameState:
    """Make ``state`` (a copy of a view whose hidden part has been filled in) a game that
    ``apply`` accepts: no viewer, a fresh RNG from ``seed`` for whatever is still to be
    rolled or drawn, no history, and itself as its start (so undo and saves work on it).

    >>> from dungeoncraft_widgets import demo_game
    >>> view = demo_game.new_game(players=2, seed=1).view(0)
    >>> game = playable(view.copy(), 5)
    >>> game.viewer is None and game.rng is not None and game.history == []
    True
    """
    game_state(state, GameState)
    whole_number(seed, "seed", minimum=0)
    state.viewer = None
    state.seed = seed
    state.rng = Rng(seed)
    state.history = []
    state.undo_floor, state.undo_reason, state._irreversible = 0, "", None
    # A sample the search plays once and drops needs no start of its own (the copy of the
    # position it would take is most of a sample's cost); anywhere else it gets one.
    state._start = None if _SEARCHING.get() else state._snapshot()
    state._checkpoints = _Checkpoints(state._start)
    return state


#: True while a SearchBot searches (see playable).
_SEARCHING: ContextVar[bool] = ContextVar("searching", default=False)


class _Node:
    """A node of the search tree: the actions tried from here, each with its child."""

    __slots__ = ("children", "visits", "value", "available")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0       # iterations through this node
        self.value = 0.0      # their total score, for the seat that chose this node
        self.available = 0    # iterations in which this node's action was legal


@dataclass
class Choice:
    """What the last search found: each root action's visits and mean score."""

    action: Action
    visits: int
    score: float


@dataclass
class SearchReport:
    """The last move's search, for :meth:`SearchBot.explain` and the benchmarks."""

    choices: list[Choice] = field(default_factory=list)
    iterations: int = 0
    seconds: float = 0.0
    failed: int = 0   # iterations given up because the sampled game refused a legal action


class SearchBot:
    """Information-set MCTS at one of :data:`LEVELS`, for the game ``game`` describes.

    ``choose(view, legal)`` like every bot (it reads only the view); ``explain()``
    says why it chose as it did. ``budget`` overrides the level's budget.
    """

    def __init__(self, game: SearchGame, level: str = "hard", seed: int = 0, *,
                 budget: Budget | None = None) -> None:
        if not isinstance(game, SearchGame):
            raise InvalidArgumentError(f"game must be a SearchGame, not {shown(game)}")
        if level not in LEVELS:
            raise InvalidArgumentError(f"level must be one of {', '.join(LEVELS)}, "
                                       f"not {shown(level)}")
        whole_number(seed, "seed", minimum=0)
        self.game, self.level = game, level
        self.budget = budget or game.budgets[level]
        self.name = f"{level.capitalize()} search bot"
        self.rng = Rng(seed)
        self.report = SearchReport()
        self._view: GameState | None = None
        self._advisor = game.advisor(seed) if game.advisor is not None else None
        self.advised: Action | None = None  # the advisor's choice, when it was kept

    def __repr__(self) -> str:
        return f"SearchBot({self.game.name!r}, {self.level!r})"

    # ------------------------------------------------------------ choosing
    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        legal = list(legal)
        if not legal:
            raise InvalidArgumentError("legal: there is no legal action to choose from")
        self._view, self.advised = view, None
        advice = self._advisor.choose(view, legal) if self._advisor is not None else None
        if self.game.candidates is not None:
            legal = self.game.candidates(view, legal, advice)
        if len(legal) == 1:
            self.report = SearchReport([Choice(legal[0], 0, 0.0)])
            self.advised = advice if legal[0] == advice else None
            return legal[0]
        return self._search(view, legal, advice if self.budget.trust is not None else None)

    def _search(self, view: GameState, legal: list[Action], advice: Action | None) -> Action:
        budget = self.budget
        root = _Node()
        if advice is not None and advice in legal:
            root.children[advice] = _Node()  # tried first, in every sample
        seats = range(len(view.players))
        started = time.perf_counter()
        deadline = None if budget.seconds is None else started + budget.seconds
        token = _SEARCHING.set(True)
        try:
            done, failed = self._iterate(root, view, legal, seats, deadline)
        finally:
            _SEARCHING.reset(token)
        order = {a: i for i, a in enumerate(legal)}
        choices = [Choice(a, n.visits, n.value / n.visits if n.visits else 0.0)
                   for a, n in root.children.items() if a in order]
        # The most visited; ties by the better score, then the first legal.
        choices.sort(key=lambda c: (-c.visits, -c.score, order[c.action]))
        if not choices:
            choices = [Choice(legal[0], 0, 0.0)]
        if advice is not None and choices[0].action != advice:
            kept = next((c for c in choices if c.action == advice), None)
            if kept is not None and kept.visits and \
                    choices[0].score - kept.score <= budget.trust:  # type: ignore[operator]
                choices.remove(kept)
                choices.insert(0, kept)
                self.advised = advice
        self.report = SearchReport(choices, done, time.perf_counter() - started, failed)
        return choices[0].action

    def _iterate(self, root: _Node, view: GameState, legal: list[Action], seats: range,
                 deadline: float | None) -> tuple[int, int]:
        budget, game = self.budget, self.game
        done = failed = 0
        for done in range(1, budget.iterations + 1):  # noqa: B007 - counted for the report
            sample = game.sample_hidden(view, self.rng)
            try:
                path = self._descend(root, sample, legal)
                self._play_out(sample, budget)
            except DungeoncraftError:
                failed += 1  # (counted: the tests require none)
                continue
            scores = [game.evaluate(sample, s) for s in seats]
            root.visits += 1
            for node, player in path:
                node.visits += 1
                node.value += scores[player]
            if deadline is not None and time.perf_counter() > deadline:
                break
        return done, failed

    def _descend(self, root: _Node, game: GameState,
                 legal: list[Action]) -> list[tuple[_Node, int]]:
        """Walk the tree in ``game`` (choosing by UCB), add one node, and return the
        path as (node, the seat that chose it)."""
        path: list[tuple[_Node, int]] = []
        node, rng = root, self.rng
        widening, heuristic = self.budget.widening, self.budget.heuristic
        options = legal  # at the root: the seat's own legal actions
        while not game.is_over:
            player = game.current_player
            if player is None:
                break
            if options is None:
                options = game.legal_actions()
            children = node.children
            untried = [a for a in options if a not in children]
            for a in options:
                child = children.get(a)
                if child is not None:
                    child.available += 1
            # Progressive widening: a node tries a new action only while it has tried fewer
            # than about visits ** widening (so a move of fifty choices is not spread over
            # fifty single playouts); the game's rule of thumb is tried first.
            if untried and (widening is None or len(options) - len(untried)
                            < 1 + int(node.visits ** widening)):
                action = None
                if heuristic:
                    action = self.game.playout(game, options, rng)
                    if action in children:
                        action = None
                if action is None:
                    action = untried[rng.randbelow(len(untried))]
                child = children[action] = _Node()
                child.available = 1
                game.apply(action)
                path.append((child, player))
                return path
            # UCB with availability: a child is weighed against the iterations in which it
            # could have been chosen, not all of its parent's (a sample may forbid it).
            best, best_value = options[0], -1.0
            for a in options:
                child = children.get(a)
                if child is None:
                    continue  # (not tried yet: widening holds it back)
                value = child.value / child.visits + EXPLORATION * math.sqrt(
                    math.log(child.available) / child.visits) if child.visits else math.inf
                if value > best_value:
                    best, best_value = a, value
            game.apply(best)
            node = children[best]
            path.append((node, player))
            options = None
        return path

    def _play_out(self, game: GameState, budget: Budget) -> None:
        policy, rng = self.game.playout, self.rng
        for _ in range(budget.depth):
            if game.is_over or game.current_player is None:
                return
            legal = game.legal_actions()
            action = policy(game, legal, rng) if budget.heuristic else \
                legal[rng.randbelow(len(legal))]
            game.apply(action)

    # ------------------------------------------------------------ explaining
    def explain(self, words: Callable[[Action], str] = str) -> str:
        """Why the last move: the chosen action, its exact odds where the game has them,
        and how it fared in the search against the next best, in ``words`` (an app's
        ``action_label``; default the action's text)."""
        choices = self.report.choices
        if not choices:
            return "No move chosen yet."
        best = choices[0]
        chosen = words(best.action)
        if len(choices) == 1 and best.visits == 0:
            if self.advised is not None:
                return f"{chosen}: the rule of thumb's move, with nothing to weigh."
            return f"{chosen}: the only legal move."
        odds = self._odds(best.action)
        runner = choices[1] if len(choices) > 1 else None
        runner_words = _lower(words(runner.action)) if runner is not None else ""
        runner_odds = self._odds(runner.action) if runner is not None else None
        clause = (f"{odds}, against {runner_odds} for {runner_words}" if odds and runner_odds
                  else odds or "")
        searched = (f"it won {_percent(best.score)} of "
                    f"{count(best.visits, 'sampled game')} the bot played out")
        if runner is not None:
            searched += f", against {_percent(runner.score)} for {runner_words}"
        if self.advised is not None:
            searched += " (the rule of thumb's move, kept: nothing scored clearly better)"
        return chosen + ": " + (clause + "; " if clause else "") + searched + "."

    def _odds(self, action: Action) -> str | None:
        if self.game.odds is None or self._view is None:
            return None
        try:
            return self.game.odds(self._view, action)
        except DungeoncraftError:
            return None


def _percent(score: float) -> str:
    return f"about {round(100 * score)}%"


def _lower(text: str) -> str:
    """An action's words inside a sentence ("Challenge now" -> "challenge now")."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def search_game(game: str) -> SearchGame:
    """The ``SEARCH`` of ``dungeoncraft_widgets.<game>.bots`` ("adventure_land", ...)."""
    if not isinstance(game, str) or not game.isidentifier():
        raise InvalidArgumentError(f"game must be a game's package name, not {shown(game)}")
    try:
        module = importlib.import_module(f"dungeoncraft_widgets.{game}.bots"
                                         if game != "demo_game" else
                                         "dungeoncraft_widgets.demo_game")
    except ModuleNotFoundError as exc:
        raise InvalidArgumentError(f"game: there is no game called {game!r}") from exc
    found = getattr(module, "SEARCH", None)
    if not isinstance(found, SearchGame):
        raise InvalidArgumentError(f"game: {game} has no search bot (no SEARCH in its bots)")
    return found


def search_bot(game: str, level: str = "hard", seed: int = 0) -> SearchBot:
    """A :class:`SearchBot` for the game named by its package (``"dobbers"``).

    >>> search_bot("demo_game", "easy").name
    'Easy search bot'
    """
    return SearchBot(search_game(game), level, seed)


def with_budget(bot: SearchBot, **changes: Any) -> SearchBot:
    """The same bot with its budget changed (``seconds=None`` for repeatable tests)."""
    bot.budget = replace(bot.budget, **changes)
    return bot
