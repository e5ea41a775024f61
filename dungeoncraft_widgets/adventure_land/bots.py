"""Bots for Adventure Land: the core :class:`RandomBot` and a :class:`GreedyBot`.

The greedy bot looks only at its seat's view. On its move it finds, with the
networkx movement graph (:mod:`.graph`), every item its adventurers can reach with
the moves left this turn, values each (points it brings in the adventure being
played; a fog creature at its chance to win times its laurels, minus what a lost
battle costs) and heads for the best one (the first step of a shortest path when it
needs two moves). In a battle it plays by the exact odds of :mod:`.odds`
(``fight_odds`` for the swords, ``fight_advice`` for gold, rerolls and herbs).

The search bot (:func:`search_bot`, levels easy, medium and hard) is the core
information-set search (:mod:`~dungeoncraft_widgets.core.search`) over :data:`SEARCH`,
this game's hooks: :func:`sample_hidden` (a whole game the seat's view could be a view
of), :func:`evaluate` (a chance of winning from the lead in points and what each player
holds and could take), :func:`playout` (a cheap GreedyBot) and :func:`odds_clause` (the
exact odds behind a battle's choices, for the bot's reason).

>>> from dungeoncraft_widgets.adventure_land import new_game
>>> from dungeoncraft_widgets.core.bots import RandomBot
>>> state = new_game(players=2, seed=3)
>>> result = play_game(state, [GreedyBot(seed=1), RandomBot(seed=2)])
>>> state.is_over, len(result)
(True, 2)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import networkx as nx

from ..core.actions import Action, shared
from ..core.bots import Bot, RandomBot
from ..core.errors import InvalidArgumentError
from ..core.rng import Rng
from ..core.search import Budget, SearchBot, SearchGame, playable
from . import odds
from .actions import END, GIVE_UP, GOLD, GiveUp, Gold, Herb, Move, Reroll, Swords
from .data import FIELDS, UNKNOWN
from .graph import movement_graph, reachable
from .movement import move_ends
from .rules import BACK_IN_BOX, AdventureLandState
from .scoring import creature_points

__all__ = ["SEARCH", "GreedyBot", "RandomBot", "evaluate", "expected_win_chance", "odds_clause",
           "play_game", "playout", "sample_hidden", "search_bot"]


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



# ------------------------------------------------------------------ the search bot's hooks
# What only Adventure Land knows, for the information-set search of core/search.py: how to
# fill in what a seat cannot see, a cheap score of a position and a quick playout policy.

def _check_count(what: str, pool: Counter, slots: int) -> list[int]:
    """The pool's pieces as a list, refusing a pool that does not fill the ``slots`` hidden
    places exactly (a view whose pieces do not add up)."""
    pieces = list(pool.elements())
    if len(pieces) != slots or any(k < 0 for k in pool.values()):
        raise InvalidArgumentError(f"view: the {what} do not add up ({len(pieces)} unaccounted "
                                   f"for, {slots} hidden places)")
    return pieces


def _used_swords_in_box(view: AdventureLandState) -> Counter:
    """The swords known to lie in the box: every sword used in a battle (the log's rolls name
    them), but the current battle's (still on the table); none once the stockpile's swords
    are used up, as a sword is then drawn from the box at random (which one is not told)."""
    if not view.sword_stack:
        return Counter()
    used: Counter = Counter()
    for event in view.log:
        if event.kind == "roll" and "swords" in event.data:
            used.update(event.data["swords"])
    fight = view.fight
    if fight is not None and fight["phase"] == "boost":
        used.subtract(fight["swords"])
    if any(k < 0 for k in used.values()) or sum(used.values()) > len(view.sword_box):
        return Counter()  # a log that does not go back to the start (an edited position)
    return +used


def sample_hidden(view: AdventureLandState, rng: Rng) -> AdventureLandState:
    """A whole game that ``view`` could be a view of, its hidden part drawn with ``rng``.

    What ``hidden_zones`` lists is filled in: the terrain cards not yet turned over, in a
    random order; the fog creatures not on the board nor won, in a random order; and the
    face-down herbs and swords (the stacks, the box's unknown part, the tiles on the board,
    the other players' tiles), dealt at random from the tiles unaccounted for: the game's
    set less what the view shows (the seat's own tiles, the herbs in the box, the current
    battle's swords and herbs) and less the swords the log shows used in battles (they are
    in the box). Everything public (the board, gold, companions, adventurers) is the view's.

    What the sample ignores: what the others' choices imply about their face-down tiles (a
    player who fights with no swords though holding some probably holds +0s; one who gives
    up holding herbs, low ones), and, once the stockpile's swords are used up and swords are
    drawn from the box, which swords the box still holds (all its swords are then unknown).

    >>> from dungeoncraft_widgets.adventure_land import new_game
    >>> game = new_game(players=2, seed=3)
    >>> sample = sample_hidden(game.view(0), Rng(1))
    >>> sample.view(0)._dump() == game.view(0)._dump(), sample.viewer is None
    (True, True)
    """
    game = view.copy()
    assert isinstance(game, AdventureLandState)
    pieces = view.pieces
    # The terrain cards: every card not turned over, shuffled.
    drawn = set(view.discard)
    deck = [f for f in FIELDS if f not in drawn]
    if len(deck) != len(view.deck):
        raise InvalidArgumentError("view: the terrain cards do not add up")
    rng.shuffle(deck)
    game.deck = deck
    # The fog creatures: the set less those on the board and those won.
    pool = Counter({int(s): k for s, k in pieces["creatures"]["strengths"].items()})
    pool.subtract(int(item[1:]) for item in view.board.values() if item[0] == "F")
    for stock in view.stock:
        pool.subtract(stock["creatures"])
    creatures = _check_count("fog creatures", pool, len(view.creature_stack))
    rng.shuffle(creatures)
    game.creature_stack = creatures
    _deal_tiles(game, view, "S", rng)
    _deal_tiles(game, view, "H", rng)
    return playable(game, rng.next64() % 2**63)  # type: ignore[return-value]


def _deal_tiles(game: AdventureLandState, view: AdventureLandState, kind: str,
                rng: Rng) -> None:
    """Deal the swords (``kind`` "S") or herbs ("H") the view does not show to the places it
    hides them (see :func:`sample_hidden`)."""
    name = "swords" if kind == "S" else "herbs"
    pool = Counter({int(v): k for v, k in view.pieces[name]["values"].items()})
    stack = view.sword_stack if kind == "S" else view.herb_stack
    box_known = _used_swords_in_box(view) if kind == "S" else Counter(view.herb_box)
    box = view.sword_box if kind == "S" else view.herb_box
    pool.subtract(v for v in stack if v != UNKNOWN)
    pool.subtract(box_known.elements())
    box_hidden = len(box) - sum(box_known.values()) if kind == "S" else 0
    on_board = sorted(f for f, item in view.board.items() if item[0] == kind)
    hidden_fields = [f for f in on_board if view.board[f][1] == "?"]
    pool.subtract(int(view.board[f][1:]) for f in on_board if view.board[f][1] != "?")
    for stock in view.stock:
        pool.subtract(v for v in stock[name] if v != UNKNOWN)
    if view.fight is not None:
        pool.subtract(view.fight[name])
    slots = (sum(1 for v in stack if v == UNKNOWN) + box_hidden + len(hidden_fields)
             + sum(1 for stock in view.stock for v in stock[name] if v == UNKNOWN))
    tiles = _check_count(name, pool, slots)
    rng.shuffle(tiles)
    deal = iter(tiles)
    new_stack = [next(deal) if v == UNKNOWN else v for v in stack]
    if kind == "S":
        game.sword_stack = new_stack
        game.sword_box = sorted([*box_known.elements(), *(next(deal) for _ in range(box_hidden))])
    else:
        game.herb_stack = new_stack
    board = dict(game.board)  # the swords' fields are filled in before the herbs'
    for f in hidden_fields:
        board[f] = f"{kind}{next(deal)}"
    game.board = board
    game.stock = [{**stock, name: [next(deal) if v == UNKNOWN else v for v in stock[name]]}
                  for stock in game.stock]


#: The evaluation's spread in points at the end and the start of the game: small enough
#: that a point or two of lead tells the search's moves apart.
_SPREAD = (1.5, 8.0)


def _holdings_worth(state: AdventureLandState, player: int) -> float:
    """A rough worth in points of what ``player`` has for the rest of the game besides the
    score: adventurers still in play (each can still take items; a lost battle costs one),
    their companions (fight strength; in Adventure 1 the next companion to join scores one
    more), and the tiles and gold held for battles."""
    worth = 0.0
    for where, comps in state.adventurers[player]:
        if where != "box":
            worth += 1.5 + 0.6 * comps
    stock = state.stock[player]
    worth += 0.4 * stock["gold"] + 0.3 * len(stock["herbs"]) + 0.6 * len(stock["swords"])
    return worth + 0.5 * _within_reach(state, player)


def _within_reach(state: AdventureLandState, player: int) -> float:
    """What ``player``'s adventurers could take next turn, roughly: the two best items each
    one straight move from one of them (a turn has two moves), by the playout's values."""
    board = state.board
    if not board:
        return 0.0
    sprite, at = state.sprite, state.at
    stock = state.stock[player]
    best: dict[str, float] = {}
    for where, comps in state.adventurers[player]:
        if where == "box":
            continue
        for field in move_ends(where, board, sprite, at):
            item = board.get(field)
            if item is not None:
                value = _quick_value(state, item, comps, stock)
                if value > best.get(field, 0.0):
                    best[field] = value
    top = sorted(best.values(), reverse=True)[:2]
    return sum(top)


def evaluate(state: AdventureLandState, seat: int) -> float:
    """``seat``'s chance of winning, roughly: on a finished game the result (1 a win, 1/k a
    win shared by k tied at the top, 0 a loss); during play a logistic of the seat's lead
    over the best other player, in points (``scores()``: Adventure 1's track, Adventures 2
    and 3 as if the game ended now) plus what each still holds for the rest of the game
    (:func:`_holdings_worth`, weighed by how much of the game is left), the more decisive
    the less of the stockpile is left (the game ends when its swords and companions are
    used up).

    >>> from dungeoncraft_widgets.adventure_land import new_game
    >>> evaluate(new_game(players=2, seed=1), 0)
    0.5
    """
    scores = state.scores()
    if state.is_over:
        top = max(scores)
        return 1 / scores.count(top) if scores[seat] == top else 0.0
    n = len(state.players)
    left = len(state.sword_stack) + state.companion_supply
    start = (28 - BACK_IN_BOX[n][2]) + (30 - BACK_IN_BOX[n][1])
    share = min(1.0, left / start)  # how much of the game is still to come
    values = [scores[p] + share * _holdings_worth(state, p) for p in range(n)]
    lead = values[seat] - max(v for p, v in enumerate(values) if p != seat)
    spread = _SPREAD[0] + _SPREAD[1] * share  # a lead of this many points: e:1 (73%)
    return 1 / (1 + math.exp(-lead / spread))


# At least k dice (k = 0..3) sum to at least `need`: a table for the playout's quick odds.
_AT_LEAST: list[list[float]] = []
for _k in range(4):
    _sums: Counter = Counter({0: 1})
    for _ in range(_k):
        _next: Counter = Counter()
        for _s, _n in _sums.items():
            for _d in range(1, 7):
                _next[_s + _d] += _n
        _sums = _next
    _AT_LEAST.append([sum(n for s, n in _sums.items() if s >= need) / 6 ** _k
                      for need in range(19)])


def _at_least(dice: int, need: int) -> float:
    if need <= 0:
        return 1.0
    return _AT_LEAST[dice][need] if need < 19 else 0.0


def _quick_fight(state: AdventureLandState, fight: dict, legal: list[Action]) -> Action:
    """The playout's battle: the swords that give the best rough chance (fewest on a tie),
    then pay what is missing (gold first), reroll the lowest die when that cannot win, or
    give up."""
    stock = state.stock[fight["player"]]
    comps = state.adventurers[fight["player"]][fight["adventurer"]][1]
    if fight["phase"] == "swords":
        held = sorted(stock["swords"], reverse=True)
        extra = stock["gold"] + sum(stock["herbs"])
        need = fight["strength"] - 1 - comps - extra
        best_k, best_p = 0, _at_least(0, need)
        for k in range(1, min(3, len(held)) + 1):
            p = _at_least(k, need - sum(held[:k]))
            if p > best_p + 1e-9:
                best_k, best_p = k, p
        return shared(Swords, tuple(held[:best_k]))
    deficit = fight["strength"] - (1 + comps + sum(fight["dice"]) + sum(fight["swords"])
                                   + fight["bonus"])
    gold, herbs = stock["gold"], stock["herbs"]
    if gold + sum(herbs) >= deficit:
        if gold:
            return GOLD
        enough = [h for h in herbs if h >= deficit]
        return shared(Herb, min(enough) if enough else max(herbs))
    if gold and fight["dice"] and min(fight["dice"]) < 6:
        return shared(Reroll, min(fight["dice"]))
    return GIVE_UP


def _quick_value(state: AdventureLandState, item: str, comps: int, stock: dict) -> float:
    """GreedyBot's value of taking ``item`` with an adventurer with ``comps`` companions,
    with a rough battle chance (every tile held counts) instead of the exact odds."""
    kind = item[0]
    adventure = state.adventure
    if kind == "F":
        strength = int(item[1:])
        swords = sorted(stock["swords"], reverse=True)[:3]
        need = strength - 1 - comps - sum(swords) - stock["gold"] - sum(stock["herbs"])
        p = _at_least(len(swords), need)
        laurel = creature_points(adventure, state.pieces, strength)
        return p * laurel - (1 - p) * (3.0 + comps)
    if kind == "C":
        return comps + 1 if adventure == 1 else 3.0 if adventure == 2 else 1.5
    if kind == "G":
        return 2.0 + (0.5 if adventure == 3 else 0.0)
    if kind == "H":
        return 1.0 + (3.0 if adventure == 2 else 0.0)
    if kind == "S":
        return 1.0 + (1.5 if adventure == 2 else 0.0)
    return 0.0


def playout(state: AdventureLandState, legal: list[Action], rng: Rng) -> Action:
    """The search's quick policy: a cheap GreedyBot. In a battle, :func:`_quick_fight`; on a
    move, the one-step move to the most valuable item (by GreedyBot's values, with a rough
    battle chance; a river field 0.5 less), else ``end`` (which always makes progress: the
    next turn turns cards over).

    >>> from dungeoncraft_widgets.adventure_land import new_game
    >>> game = new_game(players=2, seed=1)
    >>> playout(game, game.legal_actions(), Rng(0)) in game.legal_actions()
    True
    """
    fight = state.fight
    if fight is not None:
        return _quick_fight(state, fight, legal)
    board = state.board
    me = state.turn_player
    stock = state.stock[me]
    river = state.layout.river
    comps_at = {where: comps for where, comps in state.adventurers[me]}
    best: list[Action] = []
    best_value = 0.0
    for action in legal:
        if action.__class__ is not Move:
            continue
        item = board.get(action.to)
        if item is None:
            continue
        value = _quick_value(state, item, comps_at[action.origin], stock)
        if action.to in river:
            value -= 0.5
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif best and value > best_value - 1e-9:
            best.append(action)
    if not best:
        return END
    return best[0] if len(best) == 1 else best[rng.randbelow(len(best))]


def _fraction(p: Fraction) -> str:
    if p == 1:
        return "a sure win"
    if p == 0:
        return "no chance to win"
    return f"{p.numerator}/{p.denominator} to win"


def odds_clause(view: AdventureLandState, action: Action) -> str | None:
    """The exact chance behind ``action`` (:mod:`.odds`), for the search bot's reason: a move
    onto a fog creature, a choice of swords, a reroll; None for anything else.

    >>> from dungeoncraft_widgets.adventure_land.rules import fight_position
    >>> fight = fight_position(12, companions=2, swords=(2, 1), seed=3)
    >>> odds_clause(fight, Swords((2, 1)))
    '13/18 to win the battle with these swords'
    """
    fight = view.fight
    if isinstance(action, Move) and fight is None:
        item = view.board.get(action.to)
        if item is None or item[0] != "F":
            return None
        me = view.current_player
        comps = next(c for where, c in view.adventurers[me] if where == action.origin)
        stock = view.stock[me]
        p = odds.win_fraction(int(item[1:]), comps, tuple(sorted(stock["swords"])),
                              tuple(sorted(stock["herbs"])), stock["gold"])
        return f"{_fraction(p)} against the fog creature of {item[1:]} on {action.to}"
    if isinstance(action, Swords) and fight is not None and fight["phase"] == "swords":
        p = odds.fight_odds(view, swords=action.values, choose_swords=False).p_win
        return f"{_fraction(Fraction(int(p.p), int(p.q)))} the battle with these swords"
    if isinstance(action, Reroll) and fight is not None and fight["phase"] == "boost":
        for option in odds.fight_advice(view).options:
            if option.kind == "reroll" and option.die == action.die:
                p = option.p_win
                return f"{_fraction(Fraction(int(p.p), int(p.q)))} after rerolling the " \
                       f"{action.die}"
    if isinstance(action, (Gold, Herb, GiveUp)):
        return None
    return None


SEARCH = SearchGame(
    name="adventure_land",
    sample_hidden=sample_hidden,  # type: ignore[arg-type]
    evaluate=evaluate,  # type: ignore[arg-type]
    playout=playout,  # type: ignore[arg-type]
    # Depth 0: the tree itself plays the turn (each move, the battles' decisions, the next
    # player's replies) and evaluate() scores where it stands; playouts after it only added
    # the noise of cards and dice (hard won 4 of 6 against GreedyBot at depth 0, 3.5 at
    # depth 2, 2 at depth 10; then 7 of 9). Easy looks two random actions on, with few
    # iterations. The seconds are safeguards under the targets (1 s, 0.2 s, 0.05 s).
    # Widening (GreedyBot's cheap move tried first, then about sqrt(visits) others): a
    # move has some fifty choices, and at 150 iterations medium won 9 of 12 against
    # GreedyBot with it, 5 of 12 without.
    budgets={"easy": Budget(iterations=30, depth=2, heuristic=False, seconds=0.035),
             "medium": Budget(iterations=400, depth=0, seconds=0.17, widening=0.5),
             "hard": Budget(iterations=2000, depth=0, seconds=0.9, widening=0.5)},
    odds=odds_clause,  # type: ignore[arg-type]
)


def search_bot(level: str = "hard", seed: int = 0) -> SearchBot:
    """The information-set search bot for Adventure Land at ``level`` ("easy", "medium",
    "hard"): :class:`~dungeoncraft_widgets.core.search.SearchBot` over :data:`SEARCH`.

    >>> search_bot("easy").name
    'Easy search bot'
    """
    return SearchBot(SEARCH, level, seed)
