"""Bots for Adventure Land: the core :class:`RandomBot` and a :class:`GreedyBot`.

The greedy bot looks only at its seat's view. On its move it finds, with the
networkx movement graph (:mod:`.graph`), every item its adventurers can reach with
the moves left this turn, values each (points it brings in the adventure being
played; a fog creature at its chance to win times its laurels, minus what a lost
battle costs) and heads for the best one (the first step of a shortest path when it
needs two moves). In a battle it plays by the exact odds of :mod:`.odds`
(``fight_odds`` for the swords, ``fight_advice`` for gold, rerolls and herbs).

>>> from dungeoncraft_widgets.adventure_land import new_game
>>> from dungeoncraft_widgets.core.bots import RandomBot
>>> state = new_game(players=2, seed=3)
>>> result = play_game(state, [GreedyBot(seed=1), RandomBot(seed=2)])
>>> state.is_over, len(result)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from ..core.actions import Action, shared
from ..core.bots import Bot, RandomBot
from ..core.rng import Rng
from . import odds
from .actions import END, GIVE_UP, GOLD, Herb, Move, Reroll, Swords
from .data import UNKNOWN
from .graph import movement_graph, reachable
from .rules import BACK_IN_BOX, AdventureLandState
from .scoring import creature_points

__all__ = ["GreedyBot", "RandomBot", "expected_win_chance", "play_game"]


def _mean_value(view: AdventureLandState, kind: str) -> float:
    """The expected value of a face-down ``"herbs"`` or ``"swords"`` tile, from the game's
    tile counts (its pieces)."""
    values = view.pieces[kind]["values"]
    return sum(int(v) * k for v, k in values.items()) / sum(values.values())


def expected_win_chance(strength: int, companions: int, swords: Sequence[int],
                        herbs: Sequence[int], gold: int) -> float:
    """The exact chance to beat a fog creature of ``strength`` with what is held (face-down
    tiles not seen count nothing), as a float for ranking moves.

    >>> expected_win_chance(8, 7, (), (), 0), expected_win_chance(16, 0, (), (), 0)
    (1.0, 0.0)
    >>> expected_win_chance(12, 2, (2, 1), (), 0)   # 13/18
    0.7222222222222222
    """
    known_swords = [s for s in swords if s != UNKNOWN]
    known_herbs = [h for h in herbs if h != UNKNOWN]
    return float(odds.fight_odds(strength, companions=companions, swords=known_swords,
                                 herbs=known_herbs, gold=gold).p_win)


class GreedyBot:
    """Heads for the most valuable reachable item; fights when the odds are good.

    ``risk`` is how many points losing an adventurer (plus one per companion) is
    taken to cost when weighing a battle.
    """

    name = "Greedy"

    def __init__(self, seed: int = 0, risk: float = 3.0) -> None:
        self.rng = Rng(seed)
        self.risk = risk

    # ---------------------------------------------------------------- choose
    def choose(self, view: AdventureLandState, legal: Sequence[Action]) -> Action:
        legal = list(legal)
        if view.fight is not None:
            return self._fight(view)
        return self._move(view, legal)

    # -------------------------------------------------------------- battles
    @staticmethod
    def _fight(view: AdventureLandState) -> Action:
        """The exact odds' choice: the best swords before the dice, then the best next step
        (a reroll, the cheapest payment that wins, or giving up)."""
        if view.fight["phase"] == "swords":
            return shared(Swords, odds.fight_odds(view).swords_used)
        best = odds.fight_advice(view).best
        if best.kind == "reroll":
            return shared(Reroll, best.die)
        if best.kind == "stop":  # paid one piece at a time: gold first, then the herbs
            return GOLD if best.gold_spent else shared(Herb, best.herbs_spent[0])
        return GIVE_UP

    # ---------------------------------------------------------------- moves
    def _item_value(self, view: AdventureLandState, item: str, comps: int) -> float:
        """Points an item is worth to the adventurer picking it up (adventure-dependent)."""
        adventure = view.adventure
        kind = item[0]
        if kind == "C":
            return comps + 1 if adventure == 1 else 3.0 if adventure == 2 else 1.5
        if kind == "G":
            return 2.0 + (0.5 if adventure == 3 else 0.0)
        if kind == "H":
            return 1.0 + (_mean_value(view, "herbs") if adventure == 2 else 0.0)
        if kind == "S":
            return 1.0 + (_mean_value(view, "swords") if adventure == 2 else 0.0)
        return 0.0

    def _fight_value(self, view: AdventureLandState, item: str, comps: int) -> float:
        me = view.current_player
        stock = view.stock[me]
        strength = int(item[1:])
        p = expected_win_chance(strength, comps, stock["swords"], stock["herbs"], stock["gold"])
        laurel = creature_points(view.adventure, view.pieces, strength)
        return p * laurel - (1 - p) * (self.risk + comps)

    @staticmethod
    def _city_value(view: AdventureLandState, origin: str, field: str, comps: int) -> float:
        """Adventure 3: figures outside the cities lose a point per fog creature on the board
        at the end, so as the stockpile runs out, reaching a city is worth more (and leaving
        one costs as much)."""
        if view.adventure != 3:
            return 0.0
        terrain = view.layout.terrain
        inside_now = terrain.get(origin) == "city"
        inside_after = terrain[field] == "city"
        if inside_now == inside_after:
            return 0.0
        n = len(view.players)
        start = (28 - BACK_IN_BOX[n][2]) + (30 - BACK_IN_BOX[n][1])
        progress = 1 - (len(view.sword_stack) + view.companion_supply) / start
        creatures = sum(1 for item in view.board.values() if item[0] == "F")
        value = (1 + comps) * (max(creatures, 1) + 1) * progress
        return value if inside_after else -value

    def _move(self, view: AdventureLandState, legal: list[Action]) -> Action:
        moves_left = 2 - view.moves_made
        if moves_left <= 0 or not any(isinstance(a, Move) for a in legal):
            return END
        me = view.current_player
        best: tuple[float, int, float] | None = None
        target: tuple[str, str] | None = None
        for where, comps in view.adventurers[me]:
            if where == "box":
                continue
            reach = reachable(view, where, moves=moves_left)
            for field, needed in reach.items():
                item = view.board.get(field)
                shelter = self._city_value(view, where, field, comps)
                if item is None and shelter <= 0:
                    continue
                value = shelter
                if item is not None:
                    value += (self._fight_value(view, item, comps) if item[0] == "F"
                              else self._item_value(view, item, comps))
                if field in view.layout.river:
                    value -= 0.5  # the water sprite may sweep it away later
                key = (value, -needed, self.rng.random())
                if best is None or key > best:
                    best, target = key, (where, field)
        if best is None or best[0] <= 0 or target is None:
            return END
        where, field = target
        if (where, field) in _legal_pairs(legal):
            return Move(where, field)
        # Two moves needed: the first step of a shortest path in the movement graph.
        path = nx.shortest_path(movement_graph(view), where, field)
        step = Move(where, path[1])
        return step if step in legal else END


def _legal_pairs(legal: list[Action]) -> set[tuple[str, str]]:
    return {(a.origin, a.to) for a in legal if isinstance(a, Move)}


def play_game(state: AdventureLandState, bots: Sequence[Bot],
              max_actions: int = 5000) -> tuple[int, ...]:
    """Let ``bots`` (one per seat) play ``state`` to the end; returns the scores.

    Each bot sees only its seat's view (the core RandomBot ignores it, so it gets
    none: a view is a deep copy, the slow part of a bot game).
    """
    for _ in range(max_actions):
        if state.is_over:
            break
        player = state.current_player
        legal = state.legal_actions()
        bot = bots[player]
        view = None if isinstance(bot, RandomBot) else state.view(player)
        state.apply(bot.choose(view, legal))  # type: ignore[arg-type]
    return state.scores()

