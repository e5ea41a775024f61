"""The Adventure Land engine: every rule of the rulebook, for 2, 3 and 4 players.

Plain Python (no sympy, no networkx). A turn runs like this:

1. *Automatic*: the player's 2 terrain cards are turned over (one more per fog
   card, drawn after that fog card's battle, if any) and the items placed. A fog
   creature appearing under an adventurer starts a battle at once: its owner
   decides it (``current_player`` is then the owner, whoever's turn it is).
2. *The player's actions*: ``move FROM TO`` (up to two moves: one adventurer
   twice or two adventurers once each; ``FROM`` is the adventurer's field or
   start lane, e.g. ``move row:3 J3``), or ``end`` to stop moving. The turn
   ends by itself after the second move.

A battle is a few decisions by the adventurer's owner: ``swords 3,0`` (the
extra values of the swords used, at most 3; ``swords -`` for none) before the
dice, which the game rolls and logs; then, in any order, ``gold`` (+1),
``reroll 2`` (spend a gold to roll again one die now showing 2), ``herb 4``, or
``give-up``. The battle is won the moment the strength reaches the creature's,
and lost when nothing is left to add (or on ``give-up``).

>>> state = new_game(players=2, seed=1)
>>> state.current_player, state.phase
(0, 'move')
>>> len(state.discard) >= 10   # 8 opening cards + 2 for the first turn (+ fog extras)
True

Setting up a battle for a simulation (see :func:`fight_position`):

>>> fight = fight_position(12, companions=2, swords=(2, 1), herbs=(4,), seed=3)
>>> [str(a) for a in fight.legal_actions()][:3]
['swords -', 'swords 2', 'swords 1']
>>> _ = fight.apply("swords 2,1")
>>> fight.fight is None or fight.fight["phase"] == "boost"
True

Interpretations where the rulebook is silent are marked *Interpretation* below
and listed in ``RULE_NOTES``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from ..core.actions import Action
from ..core.engine import GameState
from ..core.errors import IllegalActionError, InvalidArgumentError
from ..core.rng import Rng
from .layout import (
    COLUMNS,
    FIELD_SET,
    FIELDS,
    Layout,
    column_of,
    lanes_for,
    load_layout,
    load_pieces,
    neighbours,
    row_of,
)

__all__ = [
    "COLOURS", "MAX_ACTIONS", "PLAYER_COUNTS", "RULE_NOTES", "UNKNOWN", "AdventureLandState",
    "End", "GiveUp", "Gold", "Herb", "Move", "Reroll", "Swords", "empty_position",
    "fight_position", "give", "new_game", "place_adventurer", "place_item", "place_sprite",
    "remove_item", "score_breakdown",
]

PLAYER_COUNTS = (2, 3, 4)
#: A bound on actions in one game: at most ~60 turns of 3 actions, plus every battle's
#: decisions (each battle removes a creature or an adventurer; each boost spends a tile).
MAX_ACTIONS = 1200
COLOURS = ("black", "green", "violet", "orange")
UNKNOWN = -1  # a hidden herb or sword value in a player's view
ADVENTURERS_PER_COLOUR = 10
COMPANIONS = 30
SWORDS_MAX_PER_FIGHT = 3
#: Player count -> (adventurers of each colour, companions, swords) back in the box.
BACK_IN_BOX = {2: (0, 8, 8), 3: (2, 5, 5), 4: (2, 2, 2)}

RULE_NOTES = (
    "Interpretation: the terrain cards are turned over automatically at the start of a turn "
    "(there is no choice in it); the log shows every card.",
    "Interpretation: the stockpile is what lies on the table: the game end is triggered when "
    "the sword stack and the companions on the table are both used up; the round is finished.",
    "Interpretation: when the terrain deck is used up the round is finished and the game ends "
    "(the rulebook does not say; without cards nothing more can appear).",
    "Interpretation: a player none of whose adventurers can make a move at the start of "
    "their turn sits out that turn (rulebook: 'the game continues without them'); if no "
    "player can move, the game ends at once.",
    "Interpretation: the water sprite's new field counts as passed: an adventurer standing on "
    "new gold takes it and is then removed (rulebook: 'he receives the gold before he is "
    "kicked out of the game by the water sprite'), also for the very first gold.",
    "Interpretation: gold spent in a battle goes back to the gold stockpile (as the gold rule "
    "says); swords and herbs used go back in the box; a sword stack that runs out is refilled "
    "by shuffling the used swords, not the ones set aside at set-up.",
    "Interpretation: a battle is won the moment the strength reaches the creature's, and lost "
    "automatically when the player has no gold and no herbs left to add.",
    "Interpretation: an item or companion appearing under an adventurer is always taken (the "
    "rulebook says 'can'; taking never hurts).",
    "Interpretation: a fog field is the last stop of a move; after winning there the "
    "adventurer may still use the turn's other move.",
)


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Move(Action):
    """Move the current player's adventurer at ``origin`` (a field or a start lane) to ``to``."""

    verb = "move"
    origin: str
    to: str


@dataclass(frozen=True)
class End(Action):
    """Stop moving: the turn passes on."""

    verb = "end"


@dataclass(frozen=True)
class Swords(Action):
    """Before the dice: use the swords with these extra values (at most 3; ``-`` for none)."""

    verb = "swords"
    values: tuple[int, ...]


@dataclass(frozen=True)
class Gold(Action):
    """Put back a gold piece for +1 combat strength."""

    verb = "gold"


@dataclass(frozen=True)
class Reroll(Action):
    """Put back a gold piece to roll again one die now showing ``die``."""

    verb = "reroll"
    die: int


@dataclass(frozen=True)
class Herb(Action):
    """Use a herb with this value."""

    verb = "herb"
    value: int


@dataclass(frozen=True)
class GiveUp(Action):
    """Give up the battle (nothing more is contributed; the battle is lost)."""

    verb = "give-up"


END = End()
GOLD = Gold()
GIVE_UP = GiveUp()


# --------------------------------------------------------------------- board tables
def _ray(start_col: int, start_row: int, dcol: int, drow: int) -> tuple[str, ...]:
    out, c, r = [], start_col, start_row
    while 0 <= c < len(COLUMNS) and 1 <= r <= 10:
        out.append(f"{COLUMNS[c]}{r}")
        c, r = c + dcol, r + drow
    return tuple(out)


#: For each origin (field or lane), its straight lines in order: fields further south,
#: fields further east (a lane has one line, entering the board).
RAYS: dict[str, tuple[tuple[str, ...], ...]] = {}
for _f in FIELDS:
    _c, _r = column_of(_f), row_of(_f)
    RAYS[_f] = tuple(r for r in (_ray(_c, _r + 1, 0, 1), _ray(_c + 1, _r, 1, 0)) if r)
for _i in range(1, 6):
    RAYS[f"row:{_i}"] = (_ray(0, _i, 1, 0),)
for _i, _letter in enumerate(COLUMNS[:5]):
    RAYS[f"col:{_letter}"] = (_ray(_i, 1, 0, 1),)
#: Every Move action there can be, made once (legal_actions hands out these objects).
_MOVES: dict[tuple[str, str], Move] = {
    (o, t): Move(o, t) for o, rays in RAYS.items() for ray in rays for t in ray}


def _pieces() -> dict[str, Any]:
    return load_pieces()


def _laurel(strength: int) -> int:
    return int(_pieces()["creatures"]["laurels"][str(strength)])


# ----------------------------------------------------------------------------- state
class AdventureLandState(GameState):
    """A game of Adventure Land (see the module docstring for the turn and actions).

    Public data (all plain lists/dicts, saved as they are):

    - ``board``: field -> item code: ``"C"`` companion, ``"G"`` gold, ``"H3"`` herb 3,
      ``"S2"`` sword +2, ``"F12"`` fog creature of strength 12 (``"H?"``/``"S?"`` in views);
    - ``adventurers[p]``: list of ``[where, companions]``; ``where`` is a field, a lane
      (``"row:3"``) or ``"box"`` (set aside or out of the game);
    - ``stock[p]``: ``{"gold", "herbs", "swords", "creatures"}`` in front of player p;
    - ``sprite``: the water sprite's field (None until the first gold);
    - ``fight``: the battle being decided, or None; ``phase``: ``"move"`` or ``"over"``.
    """

    game_name = "adventure_land"
    action_types = (Move, End, Swords, Gold, Reroll, Herb, GiveUp)
    min_players, max_players = 2, 4
    default_names = tuple(c.capitalize() for c in COLOURS)

    # ---------------------------------------------------------------- set-up
    def _setup(self) -> None:
        adventure = self.options.setdefault("adventure", 1)
        if isinstance(adventure, bool) or adventure not in (1, 2, 3):
            raise InvalidArgumentError(f"adventure must be 1, 2 or 3, not {adventure!r}")
        layout = self.options.get("layout")
        self.layout: Layout = load_layout(layout)
        if layout is not None:
            self.options["layout"] = self.layout.source
        n = len(self.players)
        pieces = _pieces()
        adv_back, comp_back, sword_back = BACK_IN_BOX[n]

        self.deck = list(FIELDS)
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        swords = [int(v) for v, k in pieces["swords"]["values"].items() for _ in range(k)]
        self.rng.shuffle(swords)
        # The swords set aside are the top ones of the shuffled stack (nobody sees them).
        self.sword_box = swords[:sword_back]
        self.sword_stack = swords[sword_back:]
        self.sword_used: list[int] = []
        self.herb_stack = [int(v) for v, k in pieces["herbs"]["values"].items() for _ in range(k)]
        self.rng.shuffle(self.herb_stack)
        self.herb_used: list[int] = []
        self.creature_stack = [int(s) for s, k in pieces["creatures"]["strengths"].items()
                               for _ in range(k)]
        self.rng.shuffle(self.creature_stack)
        self.record("shuffle", "The terrain cards, fog creatures, swords and herbs are shuffled.",
                    visible_to=(), terrain=list(self.deck), swords=list(swords),
                    herbs=list(self.herb_stack), creatures=list(self.creature_stack))
        self.gold_supply = int(pieces["gold"])
        self.companion_supply = COMPANIONS - comp_back
        self.companion_box = comp_back
        self.sprite: str | None = None
        self.board: dict[str, str] = {}
        lanes = lanes_for(n)
        # One adventurer per lane; the rest of each colour (adv_back) is set aside in the box.
        assert adv_back == ADVENTURERS_PER_COLOUR - len(lanes)
        self.adventurers = [[[lane, 0] for lane in lanes] + [["box", 0] for _ in range(adv_back)]
                            for _ in range(n)]
        self.stock = [{"gold": 0, "herbs": [], "swords": [], "creatures": []} for _ in range(n)]
        self.track = [0] * n  # Adventure 1's scoring track
        self.turn_player = 0
        self.moves_made = 0
        self.draws_left = 0
        self.fight: dict[str, Any] | None = None
        self.phase = "setup"
        self.end_triggered = False
        self.end_reason = ""
        self._index()
        self.record("setup", f"Adventure {adventure}: {self.adventure_name}. "
                    f"{len(lanes)} adventurers each wait in the start area; "
                    f"{comp_back} companions and {sword_back} swords go back in the box.")
        # The 8 opening cards (fog cards draw extra ones), then the first turn begins.
        self.draws_left = 8
        self._advance()

    @property
    def adventure(self) -> int:
        return int(self.options["adventure"])

    @property
    def adventure_name(self) -> str:
        return str(_pieces()["adventures"][str(self.adventure)]["name"])

    def _index(self) -> None:
        """Rebuild ``at`` (field -> (player, adventurer index)) from ``adventurers``."""
        self.at: dict[str, tuple[int, int]] = {}
        for p, advs in enumerate(self.adventurers):
            for k, (where, _comps) in enumerate(advs):
                if where in FIELD_SET:
                    self.at[where] = (p, k)

    # -------------------------------------------------------------- protocol
    @property
    def current_player(self) -> int | None:
        if self.fight is not None:
            return self.fight["player"]
        if self.phase == "over":
            return None
        return self.turn_player

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> tuple[int, ...]:
        """Victory points: Adventure 1's track, or the end-of-game scoring of Adventures
        2 and 3 as if the game ended now."""
        return tuple(sum(score_breakdown(self, p).values()) for p in range(len(self.players)))

    # ------------------------------------------------------------ movement
    def destinations(self, origin: str) -> list[str]:
        """The fields the adventurer at ``origin`` can end one straight move on.

        A fog creature's field ends the line (a battle); the water sprite blocks it; a
        field with another adventurer can be passed but not ended on.
        """
        out = []
        board, at, sprite = self.board, self.at, self.sprite
        for ray in RAYS[origin]:
            for f in ray:
                if f == sprite:
                    break
                item = board.get(f)
                if f not in at:
                    out.append(f)
                if item is not None and item[0] == "F":
                    break
        return out

    def can_move(self, player: int) -> bool:
        """Whether any of ``player``'s adventurers has a move now."""
        for where, _c in self.adventurers[player]:
            if where != "box" and self.destinations(where):
                return True
        return False

    def _legal_actions(self) -> list[Action]:
        fight = self.fight
        if fight is not None:
            stock = self.stock[fight["player"]]
            if fight["phase"] == "swords":
                return [Swords(v) for v in _sword_choices(stock["swords"])]
            out: list[Action] = []
            if stock["gold"]:
                out.append(GOLD)
                out.extend(Reroll(d) for d in sorted(set(fight["dice"])))
            out.extend(Herb(v) for v in sorted(set(stock["herbs"])))
            out.append(GIVE_UP)
            return out
        out = []
        if self.moves_made < 2:
            for where, _c in self.adventurers[self.turn_player]:
                if where != "box":
                    for f in self.destinations(where):
                        out.append(_MOVES[(where, f)])
        out.append(END)
        return out

    def _check(self, action: Action) -> None:
        fight = self.fight
        fight_actions = (Swords, Gold, Reroll, Herb, GiveUp)
        if fight is not None and not isinstance(action, fight_actions):
            raise IllegalActionError(
                f"battle: {self.players[fight['player']]} must first finish the battle on "
                f"{fight['field']} (swords, gold, reroll, herb or give-up)")
        if fight is None and isinstance(action, fight_actions):
            raise IllegalActionError(f"{action.verb}: there is no battle going on")
        if isinstance(action, Move):
            self._check_move(action)
        elif isinstance(action, Swords):
            if fight["phase"] != "swords":
                raise IllegalActionError("swords: swords are chosen before the dice are rolled, "
                                         "and the dice are already rolled")
            if len(action.values) > SWORDS_MAX_PER_FIGHT:
                raise IllegalActionError("swords: at most 3 swords may be used in a battle")
            have = Counter(self.stock[fight["player"]]["swords"])
            if Counter(action.values) - have:
                raise IllegalActionError(
                    f"swords: you have no such swords (your swords: "
                    f"{', '.join(f'+{v}' for v in sorted(have.elements())) or 'none'})")
        elif fight is not None:
            if fight["phase"] != "boost":
                raise IllegalActionError(f"{action.verb}: first choose the swords for this "
                                         f"battle (swords -, if none)")
            stock = self.stock[fight["player"]]
            if isinstance(action, (Gold, Reroll)) and not stock["gold"]:
                raise IllegalActionError(f"{action.verb}: you have no gold left")
            if isinstance(action, Reroll) and action.die not in fight["dice"]:
                raise IllegalActionError(f"reroll: no die shows {action.die} "
                                         f"(dice: {fight['dice'] or 'none'})")
            if isinstance(action, Herb) and action.value not in stock["herbs"]:
                raise IllegalActionError(f"herb: you have no herb of value {action.value}")

    def _check_move(self, move: Move) -> None:
        if self.moves_made >= 2:
            raise IllegalActionError("move: a turn has at most two moves (one adventurer twice "
                                     "or two adventurers once each)")
        p = self.turn_player
        origin, to = move.origin, move.to
        if origin == "box" or not any(w == origin for w, _c in self.adventurers[p]):
            raise IllegalActionError(f"move: {self.players[p]} has no adventurer at {origin}")
        if to not in FIELD_SET:
            raise IllegalActionError(f"move: {to!r} is not a field of the board (A1 to K10)")
        line = next((ray for ray in RAYS[origin] if to in ray), None)
        if line is None:
            if origin in FIELD_SET and (column_of(to) < column_of(origin)
                                        or row_of(to) < row_of(origin)):
                raise IllegalActionError("move: an adventurer never moves north or west")
            raise IllegalActionError("move: an adventurer moves in a straight line south or "
                                     "east (from a lane: along its row or column)")
        for f in line[:line.index(to)]:
            if f == self.sprite:
                raise IllegalActionError(f"move: an adventurer may not leap over the water "
                                         f"sprite (at {f})")
            item = self.board.get(f)
            if item is not None and item[0] == "F":
                raise IllegalActionError(f"move: an adventurer may not leap over a fog "
                                         f"creature (at {f})")
        if to == self.sprite:
            raise IllegalActionError("move: a move must not end on the water sprite")
        if to in self.at:
            raise IllegalActionError(f"move: a move must not end on a field with another "
                                     f"adventurer ({to})")

    def _perform(self, action: Action) -> None:
        if isinstance(action, Move):
            self._do_move(action)
        elif isinstance(action, End):
            self.record("end", f"{self.players[self.turn_player]} ends the turn.",
                        player=self.turn_player)
            self._end_turn()
        else:
            self._fight_step(action)
        self._advance()

    def _do_move(self, move: Move) -> None:
        p = self.turn_player
        k = next(i for i, (w, _c) in enumerate(self.adventurers[p]) if w == move.origin)
        adv = self.adventurers[p][k]
        if move.origin in self.at:
            del self.at[move.origin]
        adv[0] = move.to
        self.at[move.to] = (p, k)
        self.moves_made += 1
        comps = f" with {adv[1]} companion{'s' * (adv[1] != 1)}" if adv[1] else ""
        self.record("move", f"{self.players[p]} moves {move.origin} -> {move.to}{comps}.",
                    player=p, origin=move.origin, to=move.to)
        item = self.board.pop(move.to, None)
        if item is not None:
            self._collect(p, k, move.to, item)

    def _collect(self, p: int, k: int, field: str, item: str) -> None:
        """Adventurer k of player p is on ``field`` with ``item`` (taken off the board)."""
        name = self.players[p]
        adv = self.adventurers[p][k]
        kind = item[0]
        if kind == "C":
            adv[1] += 1
            points = adv[1] if self.adventure == 1 else 0
            self.track[p] += points
            self.record("companion", f"A companion joins {name}'s adventurer on {field} "
                        f"({adv[1]} now)" + (f": +{points} points." if points else "."),
                        player=p, field=field)
        elif kind == "G":
            self.stock[p]["gold"] += 1
            points = 2 if self.adventure == 1 else 0
            self.track[p] += points
            self.record("gold", f"{name} takes the gold on {field}"
                        + (f": +{points} points." if points else "."), player=p, field=field)
        elif kind in "HS":
            value = int(item[1:])
            what = "herb" if kind == "H" else "sword"
            self.stock[p]["herbs" if kind == "H" else "swords"].append(value)
            self.record("take", f"{name} takes a {what} on {field}.", player=p, field=field)
            self.record("take", f"{name} takes a {what} on {field}: "
                        f"{value if kind == 'H' else f'+{value}'}.", player=p,
                        visible_to=(p,), field=field, value=value)
        elif kind == "F":
            self.board[field] = item  # the creature stays on its field during the battle
            strength = int(item[1:])
            self.fight = {"player": p, "adventurer": k, "field": field, "strength": strength,
                          "phase": "swords", "swords": [], "dice": [], "bonus": 0,
                          "herbs": [], "gold": 0}
            self.record("battle", f"{name}'s adventurer on {field} fights a fog creature of "
                        f"strength {strength}.", player=p, field=field, strength=strength)

    # -------------------------------------------------------------- battles
    def fight_strength(self) -> int:
        """The current battle's combat strength so far (adventurer, companions, dice,
        sword extras, gold and herbs)."""
        f = self.fight
        if f is None:
            raise IllegalActionError("fight_strength: there is no battle going on")
        comps = self.adventurers[f["player"]][f["adventurer"]][1]
        return 1 + comps + sum(f["dice"]) + sum(f["swords"]) + f["bonus"]

    def _fight_step(self, action: Action) -> None:
        f = self.fight
        p = f["player"]
        name = self.players[p]
        stock = self.stock[p]
        if isinstance(action, Swords):
            for v in action.values:
                stock["swords"].remove(v)
            f["swords"] = list(action.values)
            dice = [self.rng.randint(1, 6) for _ in action.values]
            f["dice"] = dice
            f["phase"] = "boost"
            used = ", ".join(f"+{v}" for v in action.values) or "no swords"
            self.record("roll", f"{name} uses {used} and rolls {dice or 'no dice'}: "
                        f"strength {self.fight_strength()} against {f['strength']}.",
                        player=p, swords=list(action.values), dice=list(dice))
        elif isinstance(action, Gold):
            stock["gold"] -= 1
            self.gold_supply += 1
            f["bonus"] += 1
            f["gold"] += 1
            self.record("boost", f"{name} puts back a gold for +1: strength "
                        f"{self.fight_strength()}.", player=p)
        elif isinstance(action, Reroll):
            stock["gold"] -= 1
            self.gold_supply += 1
            f["gold"] += 1
            i = f["dice"].index(action.die)
            new = self.rng.randint(1, 6)
            f["dice"][i] = new
            self.record("roll", f"{name} puts back a gold to roll the {action.die} again: "
                        f"{new}; strength {self.fight_strength()}.", player=p,
                        old=action.die, new=new)
        elif isinstance(action, Herb):
            stock["herbs"].remove(action.value)
            f["herbs"].append(action.value)
            f["bonus"] += action.value
            self.record("boost", f"{name} uses a herb of {action.value}: strength "
                        f"{self.fight_strength()}.", player=p, value=action.value)
        elif isinstance(action, GiveUp):
            self._lose_fight("gives up")
            return
        self._settle_fight()

    def _settle_fight(self) -> None:
        f = self.fight
        stock = self.stock[f["player"]]
        if self.fight_strength() >= f["strength"]:
            self._win_fight()
        elif not stock["gold"] and not stock["herbs"]:
            self._lose_fight("has nothing more to add")

    def _win_fight(self) -> None:
        f = self.fight
        p = f["player"]
        del self.board[f["field"]]
        self.stock[p]["creatures"].append(f["strength"])
        self.sword_used.extend(f["swords"])
        self.herb_used.extend(f["herbs"])
        points = _laurel(f["strength"]) if self.adventure == 1 else 0
        self.track[p] += points
        self.record("won", f"{self.players[p]} defeats the fog creature on {f['field']} "
                    f"(strength {self.fight_strength()} against {f['strength']})"
                    + (f": +{points} points." if points else "."), player=p, field=f["field"])
        self.fight = None

    def _lose_fight(self, why: str) -> None:
        f = self.fight
        p = f["player"]
        self.sword_used.extend(f["swords"])
        self.herb_used.extend(f["herbs"])
        self._remove_adventurer(p, f["adventurer"])
        self.record("lost", f"{self.players[p]} {why} and loses the battle on {f['field']}: "
                    f"the adventurer and companions go back in the box.", player=p,
                    field=f["field"])
        self.fight = None

    def _remove_adventurer(self, p: int, k: int) -> None:
        adv = self.adventurers[p][k]
        self.at.pop(adv[0], None)
        self.companion_box += adv[1]
        adv[0], adv[1] = "box", 0

    # ------------------------------------------------------ cards and turns
    def _advance(self) -> None:
        """Run the automatic steps (card draws, turn changes) until someone must decide."""
        while self.fight is None and self.phase != "over":
            if self.draws_left > 0:
                if not self.deck:
                    self.draws_left = 0
                    continue
                self.draws_left -= 1
                self._draw_card()
            elif self.phase == "setup":
                self._start_turn(0)
            elif self.phase == "move" and self.moves_made >= 2:
                self._end_turn()
            else:
                return

    def _draw_card(self) -> None:
        field = self.deck.pop()
        self.discard.append(field)
        terrain = self.layout.terrain[field]
        who = "Set-up" if self.phase == "setup" else self.players[self.turn_player]
        self.record("draw", f"{who}: terrain card {field} ({terrain}).", field=field,
                    terrain=terrain)
        item: str | None = None
        if terrain == "city":
            if self.companion_supply:
                self.companion_supply -= 1
                item = "C"
            elif self.companion_box:
                self.companion_box -= 1
                item = "C"
                self.record("stock", "No companion is left on the table: one comes from the box.")
            else:
                self.record("stock", "No companion is left at all: none is placed.")
        elif terrain == "forest":
            if self.herb_stack:
                item = f"H{self.herb_stack.pop()}"
            else:
                self.record("stock", "No herb is left: none is placed.")
        elif terrain == "mountain":
            if not self.sword_stack and self.sword_used:
                self.sword_stack = self.sword_used
                self.sword_used = []
                self.rng.shuffle(self.sword_stack)
                self.record("stock", "The sword stack is empty: the used swords are shuffled "
                            "into a new stack.")
                self.record("shuffle", "Sword stack order.", visible_to=(),
                            swords=list(self.sword_stack))
            if self.sword_stack:
                item = f"S{self.sword_stack.pop()}"
            else:
                self.record("stock", "No sword is left: none is placed.")
        elif terrain == "river":
            if self.gold_supply:
                self.gold_supply -= 1
                item = "G"
        else:  # fog
            self.draws_left += 1  # drawn after this card's battle, if any
            if self.creature_stack:
                item = f"F{self.creature_stack.pop()}"
        if item is not None:
            occupant = self.at.get(field)
            if occupant is None:
                self.board[field] = item
            else:
                self._collect(occupant[0], occupant[1], field, item)
            if item == "G":  # after an adventurer standing there took the gold
                self._move_sprite(field)
        if not self.end_triggered and not self.sword_stack and not self.companion_supply:
            self.end_triggered = True
            self.end_reason = "the swords and companions are used up"
            self.record("end", "No swords and no companions are left in the stockpile: "
                        "this round is finished, then the game ends.")

    def _move_sprite(self, field: str) -> None:
        river = self.layout.river
        if self.sprite is None:
            passed = [field]
        else:
            a, b = river.index(self.sprite), river.index(field)
            # The fields after the sprite's one, up to and including the new gold's.
            passed = list(river[a + 1: b + 1]) if b > a else list(reversed(river[b:a]))
        self.sprite = field
        self.record("sprite", f"The water sprite goes to {field}.", field=field, passed=passed)
        for f in passed:
            occupant = self.at.get(f)
            if occupant is not None:
                p, k = occupant
                comps = self.adventurers[p][k][1]
                self._remove_adventurer(p, k)
                self.record("sprite", f"The water sprite sweeps {self.players[p]}'s adventurer "
                            f"on {f}" + (f" and {comps} companion{'s' * (comps != 1)}"
                                         if comps else "") + " out of the game.", player=p,
                            field=f)

    def _start_turn(self, player: int) -> None:
        """Begin ``player``'s turn, skipping players who cannot move."""
        n = len(self.players)
        for _ in range(n + 1):
            if not any(self.can_move(q) for q in range(n)):
                self._game_over("no adventurer can move any more")
                return
            if self.can_move(player):
                self.turn_player = player
                self.phase = "move"
                self.moves_made = 0
                self.draws_left = 2
                self.record("turn", f"Turn: {self.players[player]}.", player=player)
                return
            self.record("sit-out", f"{self.players[player]} cannot move any adventurer and "
                        f"sits out.", player=player)
            if player == n - 1 and self._round_ends():
                return
            player = (player + 1) % n
        raise AssertionError("unreachable: some player can move")  # pragma: no cover

    def _round_ends(self) -> bool:
        if not self.deck and not self.end_triggered:
            self.end_triggered = True
            self.end_reason = "the terrain cards are used up"
        if self.end_triggered:
            self._game_over(self.end_reason)
            return True
        return False

    def _end_turn(self) -> None:
        p = self.turn_player
        n = len(self.players)
        if p == n - 1 and self._round_ends():
            return
        self._start_turn((p + 1) % n)

    def _game_over(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self.draws_left = 0
        final = ", ".join(f"{name} {s}" for name, s in zip(self.players, self.scores(),
                                                           strict=True))
        self.record("over", f"The game ends ({reason}). Scores: {final}.")

    # ---------------------------------------------------------- save / load
    def _dump(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck), "discard": list(self.discard),
            "sword_stack": list(self.sword_stack), "sword_used": list(self.sword_used),
            "sword_box": list(self.sword_box), "herb_stack": list(self.herb_stack),
            "herb_used": list(self.herb_used), "creature_stack": list(self.creature_stack),
            "gold_supply": self.gold_supply, "companion_supply": self.companion_supply,
            "companion_box": self.companion_box, "sprite": self.sprite,
            "board": dict(self.board),
            "adventurers": [[list(a) for a in advs] for advs in self.adventurers],
            "stock": [{k: (list(v) if isinstance(v, list) else v) for k, v in s.items()}
                      for s in self.stock],
            "track": list(self.track), "turn_player": self.turn_player,
            "moves_made": self.moves_made, "draws_left": self.draws_left,
            "fight": None if self.fight is None else {
                k: (list(v) if isinstance(v, list) else v) for k, v in self.fight.items()},
            "phase": self.phase, "end_triggered": self.end_triggered,
            "end_reason": self.end_reason,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        self.layout = load_layout(self.options.get("layout"))
        for key, value in data.items():
            setattr(self, key, value)
        self._index()

    def __deepcopy__(self, memo: dict) -> AdventureLandState:
        """A fast deep copy (``copy()``, ``view()``): the game data is copied through
        ``_dump``/``_restore``; log events, actions and the start snapshot are never
        changed in place, so the copy shares them (a view only filters the log)."""
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        if self.rng is not None:
            new.rng = Rng(0)
            new.rng.state = self.rng.state
        new.options = copy.deepcopy(self.options)
        new.log = list(self.log)
        new.history = list(self.history)
        new._restore(self._dump())
        return new

    def _hide(self, player: int | None) -> None:
        self.deck = ["?"] * len(self.deck)
        self.sword_stack = [UNKNOWN] * len(self.sword_stack)
        self.sword_box = [UNKNOWN] * len(self.sword_box)
        self.herb_stack = [UNKNOWN] * len(self.herb_stack)
        self.creature_stack = [UNKNOWN] * len(self.creature_stack)
        self.board = {f: (item[0] + "?" if item[0] in "HS" else item)
                      for f, item in self.board.items()}
        for p, stock in enumerate(self.stock):
            if p != player:
                stock["herbs"] = [UNKNOWN] * len(stock["herbs"])
                stock["swords"] = [UNKNOWN] * len(stock["swords"])

    def components(self) -> Counter:
        c: Counter = Counter()
        c.update(f"card {f}" for f in self.deck)
        c.update(f"card {f}" for f in self.discard)
        swords = self.sword_stack + self.sword_used + self.sword_box
        herbs = self.herb_stack + self.herb_used
        creatures = list(self.creature_stack)
        gold = self.gold_supply
        companions = self.companion_supply + self.companion_box
        for item in self.board.values():
            if item[0] == "S":
                swords.append(item[1:])
            elif item[0] == "H":
                herbs.append(item[1:])
            elif item[0] == "F":
                creatures.append(item[1:])
            elif item == "G":
                gold += 1
            elif item == "C":
                companions += 1
        for stock in self.stock:
            swords += stock["swords"]
            herbs += stock["herbs"]
            creatures += stock["creatures"]
            gold += stock["gold"]
        if self.fight is not None:
            swords += self.fight["swords"]
            herbs += self.fight["herbs"]
        for p, advs in enumerate(self.adventurers):
            c[f"adventurer {COLOURS[p]}"] += len(advs)
            companions += sum(comps for _w, comps in advs)
        c.update(f"sword +{v}" for v in swords)
        c.update(f"herb {v}" for v in herbs)
        c.update(f"creature {v}" for v in creatures)
        c["gold"] += gold
        c["companion"] += companions
        c["water sprite"] += 1
        return c

    # ------------------------------------------------------------ helpers
    def figures(self, player: int, fields: Sequence[str] | frozenset[str] | None = None) -> int:
        """Adventurers still in play plus their companions, optionally only on ``fields``."""
        total = 0
        for where, comps in self.adventurers[player]:
            if where != "box" and (fields is None or where in fields):
                total += 1 + comps
        return total


def _sword_choices(swords: list[int]) -> list[tuple[int, ...]]:
    """Every distinct choice of at most 3 swords, by extra value (best values first)."""
    values = sorted(swords, reverse=True)
    seen: dict[tuple[int, ...], None] = {(): None}
    for k in range(1, min(SWORDS_MAX_PER_FIGHT, len(values)) + 1):
        for combo in combinations(values, k):
            seen[combo] = None
    return list(seen)


# --------------------------------------------------------------------------- scoring
def _ranked_bonus(values: Sequence[int], player: int, prizes: Sequence[int]) -> int:
    """Prize for ``player``'s rank by ``values`` (ties share a rank; zero never places)."""
    mine = values[player]
    if mine <= 0:
        return 0
    better = sorted({v for v in values if v > mine}, reverse=True)
    rank = len(better)
    return prizes[rank] if rank < len(prizes) else 0


def _largest_group(state: AdventureLandState, player: int) -> int:
    """Figures (adventurers + companions) in the player's largest group of adventurers on
    orthogonally adjacent fields (Adventure 2's 'The Magnificent'; a reconstruction)."""
    comps = {w: c for w, c in state.adventurers[player] if w in FIELD_SET}
    best, seen = 0, set()
    for start in comps:
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            f = todo.pop()
            size += 1 + comps[f]
            for n in neighbours(f):
                if n in comps and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def score_breakdown(state: AdventureLandState, player: int) -> dict[str, int]:
    """The lines of ``player``'s score in the state's adventure (they sum to the score).

    >>> s = new_game(players=2, seed=5, adventure=2)
    >>> sorted(score_breakdown(s, 0))
    ['fog creatures', 'gold', 'group', 'herbs', 'swords']
    """
    rules = _pieces()["adventures"][str(state.adventure)]
    stock = state.stock[player]
    laurels = sum(_laurel(s) for s in stock["creatures"])
    if state.adventure == 1:
        return {"track": state.track[player]}
    if state.adventure == 2:
        return {
            "fog creatures": laurels * rules["laurel_factor"],
            "group": _largest_group(state, player) * rules["group_factor"],
            "gold": stock["gold"] * rules["gold_each"],
            "herbs": sum(stock["herbs"]),
            "swords": sum(stock["swords"]),
        }
    n = len(state.players)
    creatures = [len(state.stock[q]["creatures"]) for q in range(n)]
    gold = [state.stock[q]["gold"] for q in range(n)]
    lines = {
        "fog creatures": laurels * rules["laurel_factor"],
        "most fog creatures": _ranked_bonus(creatures, player, rules["most_creatures"]),
        "gold": stock["gold"] * rules["gold_each"],
        "most gold": _ranked_bonus(gold, player, rules["most_gold"]),
    }
    in_cities = 0
    for city in state.layout.cities:
        counts = [state.figures(q, city) for q in range(n)]
        in_cities += counts[player]
        lines[f"city {min(city, key=FIELDS.index)} ({len(city)})"] = _ranked_bonus(
            counts, player, (len(city), len(city) // 2))
    outside = state.figures(player) - in_cities
    creatures_left = sum(1 for item in state.board.values() if item[0] == "F")
    lines["outside the cities"] = -outside * creatures_left
    return lines


# ------------------------------------------------------------------------ constructors
def new_game(players: int | Sequence[str] = 2, seed: int | None = None, *, adventure: int = 1,
             layout: str | Path | dict[str, Any] | None = None) -> AdventureLandState:
    """A new game: ``players`` a count (2-4) or names; ``adventure`` 1, 2 or 3;
    ``layout`` a board file or dict (None: the shipped reconstruction).

    >>> s = new_game(["You", "Bot"], seed=7, adventure=3)
    >>> s.players, s.adventure_name
    (('You', 'Bot'), 'Escape to the Cities')
    """
    options: dict[str, Any] = {"adventure": adventure}
    if layout is not None:
        options["layout"] = load_layout(layout).source
    return AdventureLandState(players, seed, **options)


def fight_position(strength: int, *, companions: int = 0, swords: Sequence[int] = (),
                   herbs: Sequence[int] = (), gold: int = 0, players: int = 2,
                   seed: int = 0, adventure: int = 1) -> AdventureLandState:
    """A state in which player 0's adventurer (with ``companions``) has just met a fog
    creature of ``strength``, owning these swords (extra values), herbs and gold.

    The battle waits for the ``swords`` decision; every later die comes from the
    state's RNG (``seed``), so a Monte Carlo run builds one position per seed, or
    copies one and sets ``state.rng = Rng(trial)``. The pieces are taken from the
    stockpiles, so the position is a real game position (components conserved,
    save/load and undo work from it).

    >>> s = fight_position(8, companions=1, gold=2, seed=1)
    >>> s.current_player, s.fight["strength"], s.fight_strength()
    (0, 8, 2)
    >>> s.apply("swords -") and s.fight["phase"]
    'boost'
    """
    state = empty_position(players, seed=seed, adventure=adventure)
    fog = state.layout.fields_of("fog")
    field = "D7" if "D7" in fog else fog[0]  # the rulebook example's fog field
    place_item(state, field, f"F{_int(strength, 'strength', 1)}")
    place_adventurer(state, 0, field, companions, origin="row:1")
    give(state, 0, gold=gold, swords=swords, herbs=herbs)
    state.moves_made = 1
    state.fight = {"player": 0, "adventurer": state.at[field][1], "field": field,
                   "strength": strength, "phase": "swords", "swords": [], "dice": [],
                   "bonus": 0, "herbs": [], "gold": 0}
    state.record("battle", f"Position: {state.players[0]}'s adventurer with {companions} "
                 f"companions on {field} fights a fog creature of strength {strength}.",
                 player=0, field=field, strength=strength)
    _rebase(state)
    return state


# ------------------------------------------------------------------- position editing
def _int(value: object, name: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InvalidArgumentError(f"{name} must be a whole number >= {minimum}, not {value!r}")
    return value


def _rebase(state: AdventureLandState) -> None:
    """Make the edited position the state's start (history empty; undo/replay from here)."""
    state._index()
    state.history = []
    state._start = state._snapshot()


def empty_position(players: int | Sequence[str] = 2, *, seed: int = 0,
                   adventure: int = 1) -> AdventureLandState:
    """An empty table at the start of player 0's moves: every tile in its stockpile, every
    adventurer in its start lane, no terrain card turned over (a base for a position editor,
    for tests and for simulations). Edit it with :func:`place_item`,
    :func:`place_adventurer`, :func:`place_sprite` and :func:`give`.

    >>> s = empty_position(3)
    >>> s.board, len(s.deck), s.current_player
    ({}, 110, 0)
    """
    state = AdventureLandState(players, seed, adventure=adventure)
    n = len(state.players)
    _adv_back, comp_back, _sword_back = BACK_IN_BOX[n]
    pieces = _pieces()
    state.deck = state.discard + state.deck
    state.discard = []
    all_swords = Counter(int(v) for v, k in pieces["swords"]["values"].items() for _ in range(k))
    all_swords.subtract(Counter(state.sword_box))
    state.sword_stack = list(all_swords.elements())
    state.rng.shuffle(state.sword_stack)
    state.sword_used = []
    state.herb_stack = [int(v) for v, k in pieces["herbs"]["values"].items() for _ in range(k)]
    state.rng.shuffle(state.herb_stack)
    state.herb_used = []
    state.creature_stack = [int(s) for s, k in pieces["creatures"]["strengths"].items()
                            for _ in range(k)]
    state.rng.shuffle(state.creature_stack)
    state.gold_supply = int(pieces["gold"])
    state.companion_supply = COMPANIONS - comp_back
    state.companion_box = comp_back
    state.sprite = None
    lanes = lanes_for(n)
    state.adventurers = [[[lane, 0] for lane in lanes]
                         + [["box", 0] for _ in range(ADVENTURERS_PER_COLOUR - len(lanes))]
                         for _ in range(n)]
    state.stock = [{"gold": 0, "herbs": [], "swords": [], "creatures": []} for _ in range(n)]
    state.track = [0] * n
    state.board = {}
    state.fight = None
    state.phase, state.turn_player, state.moves_made, state.draws_left = "move", 0, 0, 0
    state.end_triggered, state.end_reason = False, ""
    state.log = [state.log[0]]  # keep the shuffle record; the rest described a cleared table
    state.record("setup", "An empty table (a position to edit).")
    _rebase(state)
    return state


def _take_from_stock(state: AdventureLandState, code: str) -> None:
    kind = code[:1]
    try:
        if kind == "C":
            if state.companion_supply:
                state.companion_supply -= 1
            elif state.companion_box:
                state.companion_box -= 1
            else:
                raise ValueError
        elif kind == "G":
            if not state.gold_supply:
                raise ValueError
            state.gold_supply -= 1
        elif kind == "H":
            state.herb_stack.remove(int(code[1:]))
        elif kind == "S":
            state.sword_stack.remove(int(code[1:]))
        elif kind == "F":
            state.creature_stack.remove(int(code[1:]))
        else:
            raise InvalidArgumentError(f"item must be C, G, H<value>, S<value> or F<strength>, "
                                       f"not {code!r}")
    except ValueError as exc:
        if isinstance(exc, InvalidArgumentError):
            raise
        raise InvalidArgumentError(f"item: no {code!r} is left in the stockpile") from None


def place_item(state: AdventureLandState, field: str, item: str) -> None:
    """Put an item from its stockpile on an empty field: ``"C"`` companion, ``"G"`` gold,
    ``"H3"`` herb, ``"S2"`` sword, ``"F12"`` fog creature. Starts the state afresh there.

    >>> s = empty_position()
    >>> place_item(s, "D7", "F12"); s.board
    {'D7': 'F12'}
    """
    if field not in FIELD_SET:
        raise InvalidArgumentError(f"field: {field!r} is not a field of the board")
    if field in state.board:
        raise InvalidArgumentError(f"field: {field} already holds {state.board[field]}")
    _take_from_stock(state, item)
    state.board[field] = item
    _rebase(state)


def remove_item(state: AdventureLandState, field: str) -> str:
    """Take the item off ``field`` back to its stockpile (for a position editor); returns it.

    >>> s = empty_position(); place_item(s, "D7", "F12"); remove_item(s, "D7"), s.board
    ('F12', {})
    """
    if field not in state.board:
        raise InvalidArgumentError(f"field: there is no item on {field!r}")
    item = state.board.pop(field)
    kind = item[0]
    if kind == "C":
        state.companion_supply += 1
    elif kind == "G":
        state.gold_supply += 1
    else:
        {"H": state.herb_stack, "S": state.sword_stack, "F": state.creature_stack}[kind].append(
            int(item[1:]))
    _rebase(state)
    return item


def place_sprite(state: AdventureLandState, field: str | None) -> None:
    """Put the water sprite on a river field (None: off the board).

    >>> s = empty_position(); place_sprite(s, "E9"); s.sprite
    'E9'
    """
    if field is not None and field not in state.layout.river:
        raise InvalidArgumentError(f"field: the water sprite stays on the river, not {field!r}")
    if field is not None and field in state.at:
        raise InvalidArgumentError(f"field: an adventurer stands on {field}")
    state.sprite = field
    _rebase(state)


def place_adventurer(state: AdventureLandState, player: int, where: str, companions: int = 0,
                     *, origin: str | None = None) -> None:
    """Put one of ``player``'s adventurers (the one at ``origin``: default the first in
    the box, else the last one waiting in a lane) on ``where`` (a field, a lane or
    ``"box"``), with ``companions`` from the stockpile.

    >>> s = empty_position(); place_adventurer(s, 1, "E2", 2); s.at["E2"], s.adventurers[1][-1]
    ((1, 9), ['E2', 2])
    """
    if not (isinstance(player, int) and 0 <= player < len(state.players)):
        raise InvalidArgumentError(f"player must be 0 to {len(state.players) - 1}")
    _int(companions, "companions")
    if where not in FIELD_SET and where not in RAYS and where != "box":
        raise InvalidArgumentError(f"where: {where!r} is not a field, a lane or 'box'")
    if where in state.at or where == state.sprite:
        raise InvalidArgumentError(f"where: {where} is already taken")
    advs = state.adventurers[player]
    if origin is None:
        ks = [k for k, (w, _c) in enumerate(advs) if w == "box"] or \
             [k for k, (w, _c) in enumerate(advs) if w in RAYS and w not in FIELD_SET]
        if not ks:
            raise InvalidArgumentError("origin: every adventurer of this player is on the board")
        k = ks[0] if advs[ks[0]][0] == "box" else ks[-1]
    else:
        ks = [k for k, (w, _c) in enumerate(advs) if w == origin]
        if not ks:
            raise InvalidArgumentError(f"origin: the player has no adventurer at {origin!r}")
        k = ks[0]
    if companions > state.companion_supply + state.companion_box + advs[k][1]:
        raise InvalidArgumentError("companions: not that many left in the stockpile")
    state.companion_supply += advs[k][1]
    advs[k][1] = 0
    for _ in range(companions):
        _take_from_stock(state, "C")
    advs[k][0], advs[k][1] = where, companions if where != "box" else 0
    if where == "box":
        state.companion_box += companions
    _rebase(state)


def give(state: AdventureLandState, player: int, *, gold: int = 0, herbs: Sequence[int] = (),
         swords: Sequence[int] = (), creatures: Sequence[int] = ()) -> None:
    """Give ``player`` tiles from the stockpiles (gold, herb values, sword extra values,
    fog creature strengths).

    >>> s = empty_position(); give(s, 0, gold=2, herbs=(4,))
    >>> s.stock[0]["gold"], s.stock[0]["herbs"]
    (2, [4])
    """
    _int(gold, "gold")
    codes = ["G"] * gold + [f"H{v}" for v in herbs] + [f"S{v}" for v in swords] + \
        [f"F{v}" for v in creatures]
    backup = state._dump()
    try:
        for code in codes:
            _take_from_stock(state, code)
    except InvalidArgumentError:
        state._restore(backup)
        raise
    stock = state.stock[player]
    stock["gold"] += gold
    stock["herbs"] += [int(v) for v in herbs]
    stock["swords"] += [int(v) for v in swords]
    stock["creatures"] += [int(v) for v in creatures]
    _rebase(state)
