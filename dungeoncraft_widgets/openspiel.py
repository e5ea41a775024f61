"""Every game as an OpenSpiel game, so that any OpenSpiel algorithm can play it.

Needs the ``openspiel`` extra (``pip install "dungeoncraft_widgets[openspiel]"``, which
brings ``open_spiel`` and its ``numpy``). :func:`load_game` gives a ``pyspiel.Game`` of one of
the five games (or of any module with the engine protocol, such as
:mod:`~dungeoncraft_widgets.demo_game`), made with OpenSpiel's Python-game interface
(``pyspiel.Game`` / ``pyspiel.State`` subclasses, as ``open_spiel/python/games/`` does). Each
game is also registered with pyspiel as ``python_dcw_<name>`` (``pyspiel.load_game(
"python_dcw_dobbers(players=3)")`` once this module is imported).

How our engines map onto OpenSpiel's model:

- Chance: our engines roll and draw inside ``apply`` with the state's own seeded RNG, so the
  games are ``SAMPLED_STOCHASTIC``: there are no chance nodes, a transition draws its own
  chance, and a clone carries the RNG (it draws what the original would).
- Information: ``IMPERFECT_INFORMATION``. ``information_state_string(p)`` is the canonical
  JSON of ``state.view(p)``: its position (``_dump()``) and a digest of every log line ``p``
  has seen;
  ``observation_string(p)`` is the position alone (no memory of the past).
- Actions: OpenSpiel needs integers. An action's id is its index among the legal actions
  sorted by their text, so the id of an action is the same in every state with the same
  information state (its legal actions are the same); ``action_to_string`` gives the text.
  ``num_distinct_actions`` is a bound checked at every position (:class:`TooManyActionsError`).
- ``resample_from_infostate(p, sampler)`` (OpenSpiel's ISMCTS bot calls it) draws the hidden
  part with the game's search hooks, ``SEARCH.sample_hidden(view, rng)`` (``<game>.bots.SEARCH``,
  read only when first needed), so it is exactly what our own search bot samples.
- Returns: ``SEARCH.evaluate`` of the finished game for each seat (1 a win, 0 a loss, 1/k a
  win shared by k; a team's seats all get the team's result), rewarded at the end only; the sum
  over seats is not constant (a team's win gives several seats 1), so ``GENERAL_SUM``.

>>> from dungeoncraft_widgets import demo_game
>>> game = load_game(demo_game, players=2)
>>> game.get_type().short_name, game.num_players()
('python_dcw_demo_game', 2)
>>> state = game.new_initial_state()
>>> [state.action_to_string(a) for a in state.legal_actions()]
['draw']
>>> state.apply_action(0)
>>> state.current_player(), state.is_terminal()
(1, False)
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

try:
    import pyspiel
except ImportError as exc:  # (an ImportError still: the docs build skips the page)
    raise ImportError("dungeoncraft_widgets.openspiel needs OpenSpiel: "
                      "pip install 'dungeoncraft_widgets[openspiel]'") from exc

from .core.engine import Action, GameState
from .core.errors import DungeoncraftError, InvalidArgumentError
from .core.rng import Rng
from .core.saves import MAX_HISTORY, canonical

__all__ = ["GAME_PREFIX", "TooManyActionsError", "load_game", "register", "short_name"]

#: The prefix of our games' names in pyspiel's registry (Python games are ``python_...``).
GAME_PREFIX = "python_dcw_"

#: A bound on the legal actions of any position, per game (OpenSpiel's num_distinct_actions).
#: Measured on random games (the most seen: Adventure Land 114 with 2 players, Hero versus
#: Guardian 257, AlderQuest 69, Dobbers 44, Dubious Alliance 6), with a wide margin because
#: more players and rarer positions offer more; a position over it raises TooManyActionsError.
ACTION_BOUNDS = {
    "adventure_land": 2048,
    "hero_vs_guardian": 4096,
    "dubious_alliance": 256,
    "dobbers": 1024,
    "alderquest": 1024,
}
DEFAULT_ACTION_BOUND = 4096


class TooManyActionsError(DungeoncraftError, ValueError):
    """A position has more legal actions than the game's ``num_distinct_actions``."""


def short_name(name: str) -> str:
    """The pyspiel name of a game.

    >>> short_name("adventure_land")
    'python_dcw_adventure_land'
    """
    return GAME_PREFIX + name


def _module_name(module: ModuleType) -> str:
    return module.__name__.rsplit(".", 1)[-1]


def _search_hooks(module: ModuleType) -> Any:
    """The game's SearchGame: ``<game>.bots.SEARCH``, else ``<game>.SEARCH``."""
    try:
        bots = importlib.import_module(module.__name__ + ".bots")
    except ModuleNotFoundError as error:
        if error.name != module.__name__ + ".bots":
            raise  # bots.py is there but needs something missing: say so
        bots = None
    search = getattr(bots, "SEARCH", None) or getattr(module, "SEARCH", None)
    if search is None:
        raise InvalidArgumentError(
            f"{_module_name(module)}: no search hooks (SEARCH in its bots.py) to sample the "
            "hidden part or score a finished game")
    return search


class _Observer:
    """OpenSpiel's PyObserver for our games: strings only (no tensors).

    ``perfect_recall`` (the information state): the view's position and a digest of every
    log line the player has seen; otherwise (the observation) the view's position alone.
    """

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: EngineState, player: int) -> None:
        """Nothing to set: our games offer strings, not tensors."""

    def string_from(self, state: EngineState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string_of(player)
        return state.observation_string_of(player)


class EngineGame(pyspiel.Game):
    """An OpenSpiel game of one of our engines (made by :func:`register` for each module).

    Parameters: ``players`` (how many seats) and ``seed`` (the first game's seed; each
    ``new_initial_state`` takes the next, so repeated games differ but a run repeats; the
    clones OpenSpiel makes call it too, so to play a given deal use :meth:`state_of`).
    """

    module: ModuleType
    state_class: type[GameState]
    default_players: int
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", self.default_players))
        cls = self.state_class
        if not cls.min_players <= players <= cls.max_players:
            raise InvalidArgumentError(
                f"{_module_name(self.module)}: players must be {cls.min_players} to "
                f"{cls.max_players}, not {players}")
        self.players = players
        self.bound = ACTION_BOUNDS.get(_module_name(self.module), DEFAULT_ACTION_BOUND)
        length = getattr(self.module, "MAX_ACTIONS", MAX_HISTORY)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.bound, max_chance_outcomes=0, num_players=players,
            min_utility=0.0, max_utility=1.0, utility_sum=None,
            max_game_length=min(int(length), MAX_HISTORY))
        super().__init__(self.game_type, info, {"players": players,
                                                 "seed": int(params.get("seed", 0))})
        self._next_seed = int(params.get("seed", 0))
        self._search: Any = None
        # Stand-ins for SEARCH's hooks (load_game's sample_hidden / evaluate); None: SEARCH's
        self.sample_hidden_hook: Callable[[GameState, Rng], GameState] | None = None
        self.evaluate_hook: Callable[[GameState, int], float] | None = None

    @property
    def search(self) -> Any:
        """The game's search hooks, looked up at first use (they may land after import)."""
        if self._search is None:
            self._search = _search_hooks(self.module)
        return self._search

    def sample_hidden(self, view: GameState, rng: Rng) -> GameState:
        hook = self.sample_hidden_hook or self.search.sample_hidden
        return hook(view, rng)

    def evaluate(self, state: GameState, seat: int) -> float:
        hook = self.evaluate_hook or self.search.evaluate
        return float(hook(state, seat))

    def new_initial_state(self) -> EngineState:
        seed, self._next_seed = self._next_seed, self._next_seed + 1
        return EngineState(self, None, seed)

    def state_of(self, engine: GameState) -> EngineState:
        """An OpenSpiel state around one of our game states (a whole game, not a view)."""
        if engine.viewer is not None or engine.rng is None:
            raise InvalidArgumentError("state_of: give the game itself, not a player's view")
        return EngineState(self, engine)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise InvalidArgumentError(f"observation parameters are not supported: {params}")
        recall = True if iig_obs_type is None else bool(iig_obs_type.perfect_recall)
        return _Observer(recall)


class _Cache:
    """What a state remembers between calls: its legal actions in id order, its strings and
    each player's log digest. OpenSpiel clones a Python state by deep-copying its attributes
    one by one; this copy shares the (immutable) actions and copies the small dicts."""

    __slots__ = ("legal", "strings", "chains")

    def __init__(self) -> None:
        self.legal: list[Action] | None = None
        self.strings: dict[tuple[bool, int], str] = {}
        # player -> (log lines read, lines that player saw, their chained digest)
        self.chains: dict[int, tuple[int, int, str]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Cache:
        twin = _Cache()
        twin.legal, twin.strings, twin.chains = self.legal, dict(self.strings), dict(self.chains)
        return twin


class EngineState(pyspiel.State):
    """An OpenSpiel state around one of our game states (``engine``).

    A new game's engine is made at first use: OpenSpiel clones a Python state by making a
    new initial state and then copying the original's attributes over it, so a clone
    never makes (and then throws away) a game of its own.
    """

    def __init__(self, game: EngineGame, engine: GameState | None, seed: int = 0) -> None:
        super().__init__(game)
        self._engine = engine
        self._seed = seed
        self._cache = _Cache()

    @property
    def engine(self) -> GameState:
        """Our game state (a whole game, never a view)."""
        if self._engine is None:
            game = self.get_game()
            self._engine = game.module.new_game(players=game.players, seed=self._seed)
        return self._engine

    # ----------------------------------------------------------- OpenSpiel's API
    def current_player(self) -> int:
        if self.engine.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.engine.current_player

    def sorted_actions(self) -> list[Action]:
        """The legal actions in id order (sorted by their text)."""
        if self._cache.legal is None:
            legal = sorted(self.engine.legal_actions(), key=str)
            bound = self.get_game().bound
            if len(legal) > bound:
                raise TooManyActionsError(
                    f"{self.engine.game_name}: a position with {len(legal)} legal actions, "
                    f"more than num_distinct_actions ({bound}); raise ACTION_BOUNDS")
            self._cache.legal = legal
        return self._cache.legal

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(range(len(self.sorted_actions())))

    def action_of(self, action_id: int) -> Action:
        """Our action behind ``action_id`` in this state."""
        legal = self.sorted_actions()
        if not 0 <= action_id < len(legal):
            raise InvalidArgumentError(f"action id {action_id} is not legal here "
                                       f"({len(legal)} legal actions)")
        return legal[action_id]

    def id_of(self, action: Action) -> int:
        """The id of our ``action`` in this state."""
        return self.sorted_actions().index(action)

    def _apply_action(self, action_id: int) -> None:
        self.engine.apply(self.action_of(action_id))
        chains = self._cache.chains  # the digests so far go on: only new lines are hashed
        self._cache = _Cache()
        self._cache.chains = chains

    def _action_to_string(self, player: int, action_id: int) -> str:
        return str(self.action_of(action_id))

    def is_terminal(self) -> bool:
        return self.engine.is_over

    def returns(self) -> list[float]:
        if not self.engine.is_over:
            return [0.0] * len(self.engine.players)
        game = self.get_game()
        return [game.evaluate(self.engine, seat) for seat in range(len(self.engine.players))]

    def rewards(self) -> list[float]:
        return self.returns()  # rewarded at the end only: the last reward is the return

    def information_state_string_of(self, player: int) -> str:
        """The canonical JSON of what ``player`` knows: their view's position, how many log
        lines they have seen and a digest of those lines (perfect recall).

        A digest, not the lines: a string holding the whole log would grow with the game
        (AlderQuest's random games run to 20,000 actions), and algorithms ask for it at
        every step; the digest is chained line by line, so each step hashes only its new
        lines. Equal views give equal strings; a different line seen, a different one.
        """
        key = (True, player)
        text = self._cache.strings.get(key)
        if text is None:
            seen, digest = self._log_digest(player)
            # the observation's keys all sort after these two: still canonical JSON
            text = f'{{"log_digest":"{digest}","log_lines":{seen},' \
                   f"{self.observation_string_of(player)[1:]}"
            self._cache.strings[key] = text
        return text

    def _log_digest(self, player: int) -> tuple[int, str]:
        """(how many log lines ``player`` has seen, the chained digest of them): what
        ``view(player).log`` holds, worked out from the lines added since last time."""
        log = self.engine.log
        done, seen, digest = self._cache.chains.get(player, (0, 0, ""))
        if done > len(log):  # the log was cut back (an undo): start again
            done, seen, digest = 0, 0, ""
        for event in log[done:]:
            if event.visible_to is None or player in event.visible_to:
                digest = hashlib.blake2b((digest + event.to_json()).encode(),
                                         digest_size=16).hexdigest()
                seen += 1
        self._cache.chains[player] = (len(log), seen, digest)
        return seen, digest

    def observation_string_of(self, player: int) -> str:
        """The canonical JSON of what ``player`` sees now (their view's position)."""
        key = (False, player)
        text = self._cache.strings.get(key)
        if text is None:
            text = self._position(self.engine.view(player), player)
            self._cache.strings[key] = text
        return text

    def _position(self, view: GameState, player: int) -> str:
        current = None if view.is_over else view.current_player
        return canonical({"viewer": player, "to_move": current, "position": view._dump()})

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> EngineState:
        """A state with the same information state for ``player_id``, its hidden part drawn
        by the game's ``sample_hidden`` (seeded from ``probability_sampler``, OpenSpiel's
        source of uniform numbers in [0, 1))."""
        seed = int(probability_sampler() * 2**53)
        view = self.engine.view(player_id)
        sample = self.get_game().sample_hidden(view, Rng(seed))
        return EngineState(self.get_game(), sample)

    def __str__(self) -> str:
        return str(self.engine)


def _default_players(module: ModuleType) -> int:
    counts = getattr(module, "PLAYER_COUNTS", None)
    if counts:
        return 2 if 2 in counts else min(counts)
    return 2


_REGISTERED: dict[str, type[EngineGame]] = {}


def register(module: ModuleType | str) -> type[EngineGame]:
    """Register a game module (or a game's name) with pyspiel as ``python_dcw_<name>``, once;
    later calls return the class already registered.

    >>> register("dobbers").game_type.short_name
    'python_dcw_dobbers'
    """
    if isinstance(module, str):
        from . import GAMES, demo_game

        if module not in GAMES and module != "demo_game":
            raise InvalidArgumentError(f"no game named {module!r}; the games: "
                                       f"{', '.join(GAMES)}")
        module = GAMES.get(module, demo_game)
    name = _module_name(module)
    known = _REGISTERED.get(name)
    if known is not None:
        return known
    state_class = type(module.new_game(players=_default_players(module), seed=0))
    default = _default_players(module)
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"dungeoncraft_widgets {name.replace('_', ' ')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=state_class.max_players,
        min_num_players=state_class.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": default, "seed": 0})
    game_class = type(f"{state_class.__name__}Game", (EngineGame,), {
        "module": module, "game_type": game_type, "state_class": state_class,
        "default_players": default})
    pyspiel.register_game(game_type, game_class)
    _REGISTERED[name] = game_class
    return game_class


def load_game(game: ModuleType | str, players: int | None = None, seed: int = 0,
              sample_hidden: Callable[[GameState, Rng], GameState] | None = None,
              evaluate: Callable[[GameState, int], float] | None = None) -> EngineGame:
    """The OpenSpiel game of ``game`` (a name such as ``"adventure_land"``, its pyspiel name,
    or a module with the engine protocol) for ``players`` seats (None: 2, or the fewest the
    game allows). ``sample_hidden`` / ``evaluate`` stand in for the game's SEARCH hooks (for
    a game without them yet); None: SEARCH's, read when first needed."""
    if isinstance(game, str):
        game = game.removeprefix(GAME_PREFIX)
    params: dict[str, Any] = {"seed": seed}
    if players is not None:
        params["players"] = players
    loaded = register(game)(params)
    loaded.sample_hidden_hook, loaded.evaluate_hook = sample_hidden, evaluate
    return loaded


def main(argv: list[str] | None = None) -> int:
    """``python -m dungeoncraft_widgets.openspiel GAME [--players N] [--games N]``: OpenSpiel's
    own random simulation test on the game, then one game of OpenSpiel's ISMCTS bot against
    random play, both through this adapter."""
    import argparse

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    parser = argparse.ArgumentParser(description=main.__doc__.split(":", 1)[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args(argv)
    game = load_game(args.game, players=args.players)
    pyspiel.random_sim_test(game, num_sims=args.games, serialize=False, verbose=False)
    name, seats = game.get_type().short_name, game.num_players()
    print(f"{name} ({seats} players): {args.games} random games passed OpenSpiel's "
          "random_sim_test")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=1.0, max_simulations=4, random_state=rng)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else legal[rng.randint(len(legal))]
        state.apply_action(action)
        moves += 1
    print(f"OpenSpiel's ISMCTS bot (seat 0) against random play: {moves} moves, "
          f"returns {[round(r, 3) for r in state.returns()]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
