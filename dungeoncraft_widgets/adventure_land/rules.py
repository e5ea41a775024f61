"""The Adventure Land engine: every rule of the rulebook, for 2, 3 and 4 players.

Plain Python (no sympy, no networkx). A turn runs like this:

1. *Automatic*: the player's 2 terrain cards are turned over (one more per fog
   card, drawn after that fog card's battle, if any) and the items placed. A fog
   creature appearing under an adventurer starts a battle at once: its owner
   decides it (``current_player`` is then the owner, whoever's turn it is).
2. *The player's actions*: ``move FROM TO`` (up to two moves: one adventurer
   twice or two adventurers once each; ``FROM`` is the adventurer's field or
   start lane, e.g. ``move row:3 J3``), or ``end`` to stop moving. The turn
   ends by itself after the second move, or when no adventurer can move (the
   cards are drawn first, then that is decided); a player whose adventurers can
   never move again takes no more turns.

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

The rulebook's questions the engine asks on the way are pure functions of plain data, which
the odds, the bots and the app ask too: :mod:`.movement` (how a move and the water sprite
go), :mod:`.battle` (a battle's strength, the choices of swords) and :mod:`.scoring` (what
scores, at once and at the end). Interpretations where the rulebook is silent are listed in
``RULE_NOTES``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.actions import Action, shared
from ..core.checks import game_state, one_of, seat, sequence, shown, whole_number
from ..core.engine import GameState, performs
from ..core.english import count, listing, objective, possessive, says, verb_form
from ..core.errors import IllegalActionError, InvalidArgumentError, SaveFormatError
from .actions import (
    ACTION_TYPES,
    END,
    GIVE_UP,
    GOLD,
    End,
    GiveUp,
    Gold,
    Herb,
    Move,
    Reroll,
    Swords,
)
from .battle import MAX_SWORDS, fight_strength, sword_choices
from .data import (
    COLUMNS,
    FIELD_SET,
    FIELDS,
    LANES,
    TERRAIN_ITEMS,
    UNKNOWN,
    Layout,
    column_of,
    lanes_for,
    layout_from_option,
    layout_option,
    load_layout,
    load_pieces,
    pieces_from_option,
    pieces_option,
    place_name,
    row_of,
)
from .movement import RAYS, line_open, move_ends, sprite_passes
from .scoring import points_at_once, score_lines

__all__ = [
    "COLOURS", "MAX_ACTIONS", "PLAYER_COUNTS", "RULE_NOTES", "AdventureLandState",
    "empty_position",
    "fight_position", "give", "new_game", "place_adventurer", "place_item", "place_name",
    "place_sprite", "remove_item", "score_breakdown", "set_card_drawn",
]

PLAYER_COUNTS = (2, 3, 4)
#: A bound on actions in one game: at most ~60 turns of 3 actions, plus every battle's
#: decisions (each battle removes a creature or an adventurer; each boost spends a tile).
MAX_ACTIONS = 1200
COLOURS = ("black", "green", "violet", "orange")
ADVENTURERS_PER_COLOUR = 10
COMPANIONS = 30
#: Player count -> (adventurers of each colour, companions, swords) back in the box.
BACK_IN_BOX = {2: (0, 8, 8), 3: (2, 5, 5), 4: (2, 2, 2)}

RULE_NOTES = (
    "Reading: the terrain cards are turned over automatically at the start of a turn (there "
    "is no choice in it); the log shows every card.",
    "Reading of 'The game ends when there are no more swords and no more companions in the "
    "stockpile. The ongoing round is finished thus ensuring that each player gets the same "
    "number of turns.' with 'If there are no sword tiles left in the stockpile on the table, "
    "shuffle the discarded ones in the box face down and draw one.': the stockpile is what "
    "lies on the table. Once its swords and companions are both used up the end is "
    "triggered, and it stays triggered: a mountain card turned over later takes one sword at "
    "random from the box, and the stockpile on the table stays empty (as a companion comes "
    "'from the box' when none is left on the table). Refilling the stockpile instead would "
    "make the end condition false again, and a third of the games would then run until the "
    "terrain cards ran out, an ending the rulebook never mentions.",
    "Reading of 'the box': the swords set aside at set-up are 'put back in the box', and the "
    "swords and herbs used in a battle, won or lost, are out of the game ('used sword(s), "
    "herb(s) ... put back in the box'; 'Items used in a battle are out of the game'). The box "
    "is one place, as it is for companions: a sword drawn from the box may be one set aside "
    "at set-up or one used in a battle.",
    "Guard, not a rule: the rulebook has no ending for an empty terrain deck, and a game set "
    "up by the rules never needs one (the 28 mountain and 30 city cards outnumber the at most "
    "26 swords and 28 companions of the stockpile, so the end is triggered while cards are "
    "left). An empty deck only stops the draws; an edited position whose round ends with "
    "the deck empty and the end not triggered ends then, and the log says so.",
    "Reading of 'In the rare event that none of the adventurers can move anymore the game "
    "ends immediately ... If only a few of the players are no longer able to move their "
    "adventurers, they keep their victory points but the game continues without them.': "
    "'anymore' means for good. A turn begins with its card draw (the turn's first action) "
    "and only then is it decided whether the player can move; one who cannot (say, blocked "
    "by the water sprite, which a later card may move) moves nothing that turn. A player "
    "none of whose adventurers can ever move again (all out of the game, or blocked only by "
    "pieces that can never move or leave) takes no more turns, and the game ends at once "
    "when no adventurer can ever move again. An adventurer may still leave a river field "
    "while a river card is left in the deck (the sprite) and a fog field while its card is "
    "left (a battle); otherwise a blocked adventurer that cannot move stays where it is.",
    "Reading: the water sprite's new field counts as passed: an adventurer standing on new "
    "gold takes it and is then removed ('he receives the gold before he is kicked out of "
    "the game by the water sprite'), also for the very first gold.",
    "Reading of gold spent in a battle: 'You gain a combat strength level of 1 for each gold "
    "piece which you put back in the stockpile' and 'You may roll one die for each piece of "
    "gold you put back in the stockpile', against, for a lost battle, 'The adventurer, his "
    "companion(s), used sword(s), herb(s) and gold are taken out of the game and put back in "
    "the box.' Spent gold goes back to the gold stockpile, battle won or lost: the two gold "
    "sentences are the rule for gold itself and say where each piece goes at the moment it "
    "is used, so a lost battle has no used gold left to put in the box. The other reading "
    "would change nothing in play: with 18 gold for 18 river cards the stockpile holds a gold "
    "for every river card still in the deck either way, and spent gold scores nothing.",
    "Reading: a battle is won the moment the strength reaches the creature's, and lost "
    "automatically when the player has no gold and no herbs left to add.",
    "Reading: an item or companion appearing under an adventurer is always taken (the "
    "rulebook says 'can'; taking never hurts).",
    "Reading: a fog field is the last stop of a move; after winning there the adventurer "
    "may still use the turn's other move.",
    "Reading of Adventure 3's prizes for the most and second most (fog creatures, gold, "
    "figures in a city): the example gives the most to a player 'tied with another player' "
    "in full, so tied players share a place and each scores its prize. What the text leaves "
    "open, whether after a tie for the most the next player has 'the second most', is read "
    "by places: a player's place is one more than the number of players with more, so after "
    "two players tie for the most the next is third and scores no second prize (with two "
    "players ahead, nobody would say they have 'the second most gold of all players'); when "
    "two tie behind a single leader, both score the second prize. A count of zero never "
    "places.",
    "Reading: herbs and swords are kept face down ('Check the value of the herb or sword "
    "tile, then place it face down in front of you'), so the others see only how many a "
    "player has; at the end every player's tiles are shown, since Adventure 2 scores them.",
)


# ---------------------------------------------------------------------------- moves
#: Every Move action there can be, made once (legal_actions hands out these objects).
_MOVES: dict[tuple[str, str], Move] = {
    (o, t): shared(Move, o, t) for o, rays in RAYS.items() for ray in rays for t in ray}


# ------------------------------------------------------------------- the save's schema
_STATE_KEYS = (
    "deck", "discard", "sword_stack", "sword_box", "herb_stack", "herb_box", "creature_stack",
    "gold_supply", "companion_supply", "companion_box", "sprite", "board", "adventurers",
    "stock", "track", "retired", "turn_player", "moves_made", "draws_left", "fight", "phase",
    "end_triggered", "end_reason",
)
_FIELD_RE = "^[A-K]([1-9]|10)$"
_STRENGTHS = [8, 10, 12, 14, 16]


def _whole(maximum: int, minimum: int = 0) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": maximum}


def _values(allowed: list[int], most: int) -> dict[str, Any]:
    """A list of at most ``most`` tile values (UNKNOWN, -1, where a view hides one)."""
    return {"type": "array", "maxItems": most,
            "items": {"type": "integer", "enum": [UNKNOWN, *allowed]}}


STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": list(_STATE_KEYS),
    "additionalProperties": False,
    "properties": {
        "deck": {"type": "array", "maxItems": 110,
                 "items": {"type": "string", "pattern": "^([A-K]([1-9]|10)|\\?)$"}},
        "discard": {"type": "array", "maxItems": 110, "uniqueItems": True,
                    "items": {"type": "string", "pattern": _FIELD_RE}},
        "sword_stack": _values([0, 1, 2, 3], 28),
        "sword_box": _values([0, 1, 2, 3], 28),
        "herb_stack": _values([2, 3, 4], 20),
        "herb_box": _values([2, 3, 4], 20),
        "creature_stack": _values(_STRENGTHS, 14),
        "gold_supply": _whole(18),
        "companion_supply": _whole(30),
        "companion_box": _whole(30),
        "sprite": {"type": ["string", "null"], "pattern": _FIELD_RE},
        "board": {"type": "object", "maxProperties": 110,
                  "propertyNames": {"pattern": _FIELD_RE},
                  "additionalProperties": {
                      "type": "string",
                      "pattern": "^(C|G|H[234?]|S[0-3?]|F(8|10|12|14|16))$"}},
        "adventurers": {"type": "array", "minItems": 2, "maxItems": 4, "items": {
            "type": "array", "minItems": 10, "maxItems": 10, "items": {
                "type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [
                    {"type": "string",
                     "pattern": "^([A-K]([1-9]|10)|row:[1-5]|col:[A-E]|box)$"},
                    _whole(30)]}}},
        "stock": {"type": "array", "minItems": 2, "maxItems": 4, "items": {
            "type": "object", "required": ["gold", "herbs", "swords", "creatures"],
            "additionalProperties": False, "properties": {
                "gold": _whole(18), "herbs": _values([2, 3, 4], 20),
                "swords": _values([0, 1, 2, 3], 28),
                "creatures": {"type": "array", "maxItems": 14,
                              "items": {"type": "integer", "enum": _STRENGTHS}}}}},
        "track": {"type": "array", "minItems": 2, "maxItems": 4, "items": _whole(10_000)},
        "retired": {"type": "array", "maxItems": 4, "uniqueItems": True, "items": _whole(3)},
        "turn_player": _whole(3),
        "moves_made": _whole(2),
        "draws_left": _whole(110),
        "fight": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False,
            "required": ["player", "adventurer", "field", "strength", "phase", "swords",
                         "dice", "bonus", "herbs", "gold"],
            "properties": {
                "player": _whole(3), "adventurer": _whole(9),
                "field": {"type": "string", "pattern": _FIELD_RE},
                "strength": {"type": "integer", "enum": _STRENGTHS},
                "phase": {"enum": ["swords", "boost"]},
                "swords": {"type": "array", "maxItems": 3, "items": _whole(3)},
                "dice": {"type": "array", "maxItems": 3, "items": _whole(6, 1)},
                "bonus": _whole(200),
                "herbs": {"type": "array", "maxItems": 20, "items": _whole(4, 2)},
                "gold": _whole(18)}}]},
        "phase": {"enum": ["move", "over"]},
        "end_triggered": {"type": "boolean"},
        "end_reason": {"type": "string", "maxLength": 200},
    },
}


def _check_position(state: AdventureLandState, data: dict[str, Any]) -> None:
    """What the schema cannot say about a saved position: places, counts and references
    that agree with each other (SaveFormatError naming the first that does not)."""
    def bad(text: str) -> SaveFormatError:
        return SaveFormatError(f"saved Adventure Land position: {text}")

    n = len(state.players)
    for key in ("adventurers", "stock", "track"):
        if len(data[key]) != n:
            raise bad(f"{key}: {len(data[key])} entries for {n} players")
    if data["turn_player"] >= n or any(p >= n for p in data["retired"]):
        raise bad(f"turn_player/retired: players are 0 to {n - 1}")
    lanes, fields = set(lanes_for(n)), {}
    for p, advs in enumerate(data["adventurers"]):
        seen_lanes = set()
        for k, (where, comps) in enumerate(advs):
            place = f"adventurers[{p}][{k}]"
            if where == "box":
                if comps:
                    raise bad(f"{place}: an adventurer in the box has no companions")
            elif where in FIELD_SET:
                if where in fields:
                    raise bad(f"{place}: {where} already holds adventurers{fields[where]}")
                fields[where] = f"[{p}][{k}]"
            elif where not in lanes or where in seen_lanes:
                raise bad(f"{place}: {where} is not a free start lane of a {n}-player game")
            else:
                seen_lanes.add(where)
    sprite, board, fight = data["sprite"], data["board"], data["fight"]
    if sprite is not None and (sprite not in state.layout.river or sprite in fields):
        raise bad(f"sprite: {sprite} is not a free river field")
    for f in board:
        if f in fields and not (fight is not None and fight["field"] == f):
            raise bad(f"board.{f}: an item lies under an adventurer")
    if fight is None:
        if data["draws_left"] and data["phase"] != "over":
            raise bad("draws_left: cards wait to be drawn only while a battle is decided")
    else:
        if data["phase"] == "over" or fight["player"] >= n:
            raise bad("fight: no battle can go on here")
        where = data["adventurers"][fight["player"]][fight["adventurer"]][0]
        if where != fight["field"] or board.get(fight["field"]) != f"F{fight['strength']}":
            raise bad(f"fight: no adventurer of player {fight['player']} faces a fog "
                      f"creature of {fight['strength']} on {fight['field']}")
        if fight["phase"] == "swords" and (fight["dice"] or fight["swords"] or fight["bonus"]):
            raise bad("fight: nothing is rolled or added before the swords are chosen")
        if len(fight["dice"]) != len(fight["swords"]):
            raise bad("fight: one die is rolled per sword used")
    if state.options["adventure"] != 1 and any(data["track"]):
        raise bad("track: only Adventure 1 scores during the game")


def _all_components(players: int, pieces: Mapping[str, Any]) -> Counter:
    """Every piece of a game with ``players`` players (what ``components`` must count)."""
    c: Counter = Counter(f"card {f}" for f in FIELDS)
    for p in range(players):
        c[f"adventurer {COLOURS[p]}"] = ADVENTURERS_PER_COLOUR
    c.update({f"sword +{v}": k for v, k in pieces["swords"]["values"].items()})
    c.update({f"herb {v}": k for v, k in pieces["herbs"]["values"].items()})
    c.update({f"creature {v}": k for v, k in pieces["creatures"]["strengths"].items()})
    c["gold"] = int(pieces["gold"])
    c["companion"] = COMPANIONS
    c["water sprite"] = 1
    return +c


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
    - ``fight``: the battle being decided, or None; ``phase``: ``"move"`` or ``"over"``;
    - ``turn_player``: whose turn it is, which is not always who acts now
      (``current_player``): another player decides a battle on their own adventurer.
    """

    game_name = "adventure_land"
    action_types = ACTION_TYPES
    min_players, max_players = 2, 4
    default_names = tuple(c.capitalize() for c in COLOURS)
    # What a copy (``copy()``, every view) copies: the position as plain data, with ``at``
    # (its index of the adventurers by field); the layout and the options are never changed
    # once the game is set up (nor are the pieces), so copies share them.
    data_fields = (*_STATE_KEYS, "at")
    shared_fields = ("layout", "pieces", "options")

    # ---------------------------------------------------------------- set-up
    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """The checks ``new_game`` makes of its options: ``adventure`` a whole number 1, 2
        or 3 (not ``1.0``, not ``True``); ``layout`` and ``pieces`` None, a path or a dict
        (their data is checked when it is read); no other option.

        >>> AdventureLandState.check_options({"adventure": 1.0})
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.InvalidArgumentError: adventure must be a whole \
number from 1 to 3, not 1.0
        """
        unknown = set(options) - {"adventure", "layout", "pieces"}
        if unknown:
            raise InvalidArgumentError(f"unknown option(s) {sorted(unknown, key=str)}: "
                                       "Adventure Land takes adventure=, layout= and pieces=")
        whole_number(options.get("adventure", 1), "adventure", minimum=1, maximum=3)
        for key in ("layout", "pieces"):
            value = options.get(key)
            if value is not None and not isinstance(value, (str, Path, Mapping)):
                raise InvalidArgumentError(f"{key} must be a path, a dict or None, not "
                                           f"{shown(value)}")

    def check_position(self) -> None:
        """Raise SaveFormatError naming what is wrong if this position is not one a game
        could reach (places, counts and references that agree; in a whole game, every
        piece of the set exactly once)."""
        _check_position(self, self._dump())
        self._check_pieces()

    def _check_pieces(self) -> None:
        if self.rng is None:
            return  # a view's save has hidden parts
        expected = _all_components(len(self.players), self.pieces)
        found = self.components()
        if found != expected:
            diff = (found - expected) + (expected - found)
            raise SaveFormatError(f"saved Adventure Land position: the pieces do not add "
                                  f"up ({', '.join(sorted(diff))} differ from the game's)")

    def _setup(self) -> None:
        self.check_options(self.options)
        adventure = self.options.setdefault("adventure", 1)
        layout = self.options.get("layout")
        if isinstance(layout, (str, Path)):
            raise InvalidArgumentError("layout: give new_game(layout=path) the file; the game "
                                       "itself keeps the layout's data, never a path")
        self.layout: Layout = (layout_from_option(layout) if isinstance(layout, Mapping)
                               else load_layout(layout))
        self.options["layout"] = layout_option(self.layout)
        pieces = self.options.get("pieces")
        if isinstance(pieces, (str, Path)):
            raise InvalidArgumentError("pieces: give new_game(pieces=path) the file; the game "
                                       "itself keeps the pieces' data, never a path")
        self.pieces: dict[str, Any] = (pieces_from_option(pieces) if isinstance(pieces, Mapping)
                                       else load_pieces(pieces))
        self.options["pieces"] = pieces_option(self.pieces)
        n = len(self.players)
        pieces = self.pieces
        adv_back, comp_back, sword_back = BACK_IN_BOX[n]

        self.deck = list(FIELDS)
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        swords = [int(v) for v, k in pieces["swords"]["values"].items() for _ in range(k)]
        self.rng.shuffle(swords)
        # The swords set aside are the top ones of the shuffled stack (nobody sees them); the
        # box also receives every sword used in a battle (see RULE_NOTES).
        self.sword_box = sorted(swords[:sword_back])
        self.sword_stack = swords[sword_back:]
        self.herb_stack = [int(v) for v, k in pieces["herbs"]["values"].items() for _ in range(k)]
        self.rng.shuffle(self.herb_stack)
        self.herb_box: list[int] = []
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
        self.retired: list[int] = []  # players whose adventurers can never move again
        self.turn_player = 0
        self.moves_made = 0
        self.draws_left = 0
        self.fight: dict[str, Any] | None = None
        self.phase = "setup"
        self.end_triggered = False
        self.end_reason = ""
        self._index()
        self.record("setup", f"Adventure {adventure}: {self.adventure_name}. "
                    f"{count(len(lanes), 'adventurer')} of each colour wait in the start area; "
                    f"{count(comp_back, 'companion')} and {count(sword_back, 'sword')} go back "
                    f"in the box.")
        # The 8 opening cards (fog cards draw extra ones), then the first turn begins.
        self.draws_left = 8
        self._advance()

    @property
    def adventure(self) -> int:
        return int(self.options["adventure"])

    @property
    def adventure_name(self) -> str:
        return str(self.pieces["adventures"][str(self.adventure)]["name"])

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
        2 and 3 as if the game ended now.

        In a player's view during the game, face-down tiles the viewer has not seen are
        left out (Adventure 2 scores them): :meth:`scores_known` says whose score that
        makes a lower bound, :meth:`score_note` what it leaves out. At the end every tile
        is shown, so every view's scores are the game's.
        """
        return tuple(sum(_breakdown(self, p).values()) for p in range(len(self.players)))

    def scores_known(self) -> tuple[bool, ...]:
        """For each player, whether :meth:`scores` is their exact score from where this
        state (or view) stands.

        >>> game = new_game(["You", "Bot"], seed=3, adventure=2)
        >>> game.scores_known(), game.view(0).scores_known()
        ((True, True), (True, True))
        """
        return tuple(not self.score_note(p) for p in range(len(self.players)))

    def score_note(self, player: int) -> str:
        """What :meth:`scores` cannot count for ``player`` here ("" when nothing): the
        face-down herbs and swords hidden from this view, in Adventure 2.

        >>> s = empty_position(adventure=2); give(s, 1, herbs=(3,), swords=(2, 0))
        >>> s.view(0).score_note(1)
        'not counting 1 face-down herb (2 to 4 points) and 2 face-down swords (0 to 3 points each)'
        """
        if self.adventure != 2:
            return ""
        stock = self.stock[player]
        herbs = sum(1 for v in stock["herbs"] if v == UNKNOWN)
        swords = sum(1 for v in stock["swords"] if v == UNKNOWN)
        parts = []
        if herbs:
            parts.append(f"{count(herbs, 'face-down herb')} (2 to 4 points{' each' * (herbs > 1)})")
        if swords:
            parts.append(f"{count(swords, 'face-down sword')} "
                         f"(0 to 3 points{' each' * (swords > 1)})")
        return f"not counting {listing(parts)}" if parts else ""

    # ------------------------------------------------------------ movement
    def destinations(self, origin: str) -> list[str]:
        """The fields the adventurer at ``origin`` can end one straight move on
        (:func:`~.movement.move_ends` on this position).

        A fog creature's field ends the line (a battle); the water sprite blocks it; a
        field with another adventurer can be passed but not ended on.
        """
        return move_ends(origin, self.board, self.sprite, self.at)

    def can_move(self, player: int) -> bool:
        """Whether any of ``player``'s adventurers has a move now."""
        at, sprite = self.at, self.sprite
        for where, _c in self.adventurers[player]:
            if where != "box":
                for ray in RAYS[where]:
                    if line_open(ray, at, sprite):
                        return True
        return False

    def stuck_for_good(self) -> set[tuple[int, int]]:
        """The adventurers (``(player, index)``) that can never move again, whatever cards
        come (see ``RULE_NOTES``): each is blocked, on every line it could take, by
        adventurers that are stuck for good themselves (or by a water sprite no card left
        can move), and cannot be taken off its field (by the sprite, while a river card is
        left, or by a battle, while its fog field's card is left).

        >>> s = empty_position(); place_adventurer(s, 0, "K10"); place_adventurer(s, 1, "J10")
        >>> sorted(s.stuck_for_good())
        [(0, 9), (1, 9)]
        """
        terrain = self.layout.terrain
        drawn = set(self.discard)  # the deck is every other field (in a view, face down)
        undrawn = [f for f in FIELDS if f not in drawn]
        river_left = any(terrain[f] == "river" for f in undrawn)
        fog_left = {f for f in undrawn if terrain[f] == "fog"} if self.creature_stack \
            else set()
        river = self.layout.river
        stuck = {(p, k): where for p, advs in enumerate(self.adventurers)
                 for k, (where, _c) in enumerate(advs)
                 if where != "box" and not (river_left and where in river)
                 and where not in fog_left}
        wall = None if river_left else self.sprite  # a sprite that can never move again
        changed = True
        while changed:
            changed = False
            blocked = {where for where in stuck.values() if where in FIELD_SET}
            for key, where in list(stuck.items()):
                if any(line_open(ray, blocked, wall) for ray in RAYS[where]):
                    del stuck[key]
                    changed = True
        return set(stuck)

    def _legal_actions(self) -> list[Action]:
        fight = self.fight
        if fight is not None:
            stock = self.stock[fight["player"]]
            if fight["phase"] == "swords":
                return [shared(Swords, v) for v in sword_choices(stock["swords"])]
            out: list[Action] = []
            if stock["gold"]:
                out.append(GOLD)
                out.extend(shared(Reroll, d) for d in sorted(set(fight["dice"])))
            out.extend(shared(Herb, v) for v in sorted(set(stock["herbs"])))
            out.append(GIVE_UP)
            return out
        out = []
        if self.moves_made < 2:
            board, at, sprite = self.board, self.at, self.sprite
            for where, _c in self.adventurers[self.turn_player]:
                if where != "box":
                    for f in move_ends(where, board, sprite, at):
                        out.append(_MOVES[(where, f)])
        out.append(END)
        return out

    def _check(self, action: Action) -> None:
        fight = self.fight
        fight_actions = (Swords, Gold, Reroll, Herb, GiveUp)
        if fight is not None and not isinstance(action, fight_actions):
            raise IllegalActionError(
                f"battle: {says(self.players[fight['player']], 'have')} to finish the battle "
                f"on {fight['field']} first (swords, gold, reroll, herb or give-up)")
        if fight is None and isinstance(action, fight_actions):
            raise IllegalActionError(f"{action.verb}: there is no battle going on")
        if isinstance(action, Move):
            self._check_move(action)
        elif isinstance(action, Swords):
            if fight["phase"] != "swords":
                raise IllegalActionError("swords: swords are chosen before the dice are rolled, "
                                         "and the dice are already rolled")
            if len(action.values) > MAX_SWORDS:
                raise IllegalActionError("swords: at most 3 swords may be used in a battle")
            have = Counter(self.stock[fight["player"]]["swords"])
            if Counter(action.values) - have:
                raise IllegalActionError(
                    f"swords: you have no such swords (your swords: "
                    f"{', '.join(f'+{v}' for v in sorted(have.elements())) or 'none'})")
            largest_first = tuple(sorted(action.values, reverse=True))
            if action.values != largest_first:  # one text per choice, as legal_actions lists it
                raise IllegalActionError(f"swords: name the swords largest first, as "
                                         f"'{Swords(largest_first)}'")
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
            raise IllegalActionError(f"move: {says(self.players[p], 'have')} no adventurer "
                                     f"at {origin}")
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
        super()._perform(action)  # the method marked @performs for the action's type
        self._advance()  # then the automatic steps: cards, turns, until someone decides

    @performs(Move)
    def _move(self, move: Move) -> None:
        p = self.turn_player
        k = next(i for i, (w, _c) in enumerate(self.adventurers[p]) if w == move.origin)
        adv = self.adventurers[p][k]
        if move.origin in self.at:
            del self.at[move.origin]
        adv[0] = move.to
        self.at[move.to] = (p, k)
        self.moves_made += 1
        comps = f" with {count(adv[1], 'companion')}" if adv[1] else ""
        self.record("move", f"{says(self.players[p], 'move')} from {place_name(move.origin)} "
                    f"to {move.to}{comps}.", player=p, origin=move.origin, to=move.to,
                    adventurer=k, companions=adv[1])
        item = self.board.pop(move.to, None)
        if item is not None:
            self._collect(p, k, move.to, item)

    @performs(End)
    def _end(self, _end: End) -> None:
        self.record("end", f"{says(self.players[self.turn_player], 'end')} the turn.",
                    player=self.turn_player)
        self._end_turn()

    def _collect(self, p: int, k: int, field: str, item: str) -> None:
        """Adventurer k of player p is on ``field`` with ``item`` (taken off the board)."""
        name = self.players[p]
        adv = self.adventurers[p][k]
        kind = item[0]
        if kind == "C":
            adv[1] += 1
            points = points_at_once(self.adventure, self.pieces, item, adv[1])
            self.track[p] += points
            self.record("companion", f"A companion joins {possessive(name, capital=False)} "
                        f"adventurer on {field} ({adv[1]} now)"
                        + (f": +{points} points." if points else "."),
                        player=p, field=field, points=points, adventurer=k)
        elif kind == "G":
            self.stock[p]["gold"] += 1
            points = points_at_once(self.adventure, self.pieces, item)
            self.track[p] += points
            self.record("gold", f"{says(name, 'take')} the gold on {field}"
                        + (f": +{points} points." if points else "."), player=p, field=field,
                        points=points)
        elif kind in "HS":
            value = int(item[1:])
            what = "herb" if kind == "H" else "sword"
            self.stock[p]["herbs" if kind == "H" else "swords"].append(value)
            self.record("take", f"{says(name, 'take')} a {what} on {field}.", player=p,
                        field=field, tile=what)
            self.record("take", f"{says(name, 'take')} a {what} on {field}: "
                        f"{value if kind == 'H' else f'+{value}'}.", player=p,
                        visible_to=(p,), field=field, tile=what, value=value)
            # The taker has seen the tile's value: undoing would let them choose again.
            self.mark_irreversible(f"the value of the {what} taken on {field} has been seen")
        elif kind == "F":
            self.board[field] = item  # the creature stays on its field during the battle
            strength = int(item[1:])
            self.fight = {"player": p, "adventurer": k, "field": field, "strength": strength,
                          "phase": "swords", "swords": [], "dice": [], "bonus": 0,
                          "herbs": [], "gold": 0}
            self.record("battle", f"{possessive(name)} adventurer on {field} fights a fog "
                        f"creature of strength {strength}.", player=p, field=field,
                        strength=strength, adventurer=k)

    # -------------------------------------------------------------- battles
    def fight_strength(self) -> int:
        """The current battle's combat strength so far (adventurer, companions, dice,
        sword extras, gold and herbs: :func:`~.battle.fight_strength`)."""
        f = self.fight
        if f is None:
            raise IllegalActionError("fight_strength: there is no battle going on")
        comps = self.adventurers[f["player"]][f["adventurer"]][1]
        return fight_strength(comps, f["dice"], f["swords"], f["bonus"])

    @performs(Swords)
    def _swords(self, action: Swords) -> None:
        f = self.fight
        p = f["player"]
        name = self.players[p]
        stock = self.stock[p]
        for v in action.values:
            stock["swords"].remove(v)
        f["swords"] = list(action.values)
        dice = [self.rng.randint(1, 6) for _ in action.values]
        f["dice"] = dice
        f["phase"] = "boost"
        if action.values:
            used = (f"{says(name, 'use')} {listing([f'+{v}' for v in action.values])} "
                    f"and {verb_form(name, 'roll')} {', '.join(map(str, dice))}")
        else:
            used = f"{says(name, 'use')} no swords"
        self.record("roll", f"{used}: strength {self.fight_strength()} against "
                    f"{f['strength']}.", player=p, swords=list(action.values),
                    dice=list(dice), strength=self.fight_strength())
        self._settle_fight()

    @performs(Gold)
    def _gold(self, _gold: Gold) -> None:
        f = self.fight
        p = f["player"]
        self.stock[p]["gold"] -= 1
        self.gold_supply += 1
        f["bonus"] += 1
        f["gold"] += 1
        self.record("boost", f"{says(self.players[p], 'put')} back a gold for +1: strength "
                    f"{self.fight_strength()}.", player=p, strength=self.fight_strength())
        self._settle_fight()

    @performs(Reroll)
    def _reroll(self, action: Reroll) -> None:
        f = self.fight
        p = f["player"]
        self.stock[p]["gold"] -= 1
        self.gold_supply += 1
        f["gold"] += 1
        i = f["dice"].index(action.die)
        new = self.rng.randint(1, 6)
        f["dice"][i] = new
        self.record("roll", f"{says(self.players[p], 'put')} back a gold to roll the "
                    f"{action.die} again: {new}; strength {self.fight_strength()}.", player=p,
                    old=action.die, new=new, strength=self.fight_strength())
        self._settle_fight()

    @performs(Herb)
    def _herb(self, action: Herb) -> None:
        f = self.fight
        p = f["player"]
        self.stock[p]["herbs"].remove(action.value)
        # The herb was face down in front of its owner: the others have seen its value now.
        self.mark_irreversible(f"the herb of {action.value} has been shown")
        f["herbs"].append(action.value)
        f["bonus"] += action.value
        self.record("boost", f"{says(self.players[p], 'use')} a herb of {action.value}: "
                    f"strength {self.fight_strength()}.", player=p, value=action.value,
                    strength=self.fight_strength())
        self._settle_fight()

    @performs(GiveUp)
    def _give_up(self, _give_up: GiveUp) -> None:
        self._lose_fight(f"{says(self.players[self.fight['player']], 'give')} up")

    def _settle_fight(self) -> None:
        f = self.fight
        p = f["player"]
        stock = self.stock[p]
        if self.fight_strength() >= f["strength"]:
            self._win_fight()
        elif not stock["gold"] and not stock["herbs"]:
            self._lose_fight(f"{says(self.players[p], 'have')} nothing more to add")

    def _win_fight(self) -> None:
        f = self.fight
        p = f["player"]
        creature = self.board.pop(f["field"])
        self.stock[p]["creatures"].append(f["strength"])
        self._to_box(f)
        points = points_at_once(self.adventure, self.pieces, creature)
        self.track[p] += points
        self.record("won", f"{says(self.players[p], 'defeat')} the fog creature on "
                    f"{f['field']} (strength {self.fight_strength()} against {f['strength']})"
                    + (f": +{points} points." if points else "."), player=p, field=f["field"],
                    strength=f["strength"], points=points)
        self.fight = None

    def _lose_fight(self, why: str) -> None:
        f = self.fight
        p = f["player"]
        self._to_box(f)
        name = self.players[p]
        comps = self.adventurers[p][f["adventurer"]][1]
        self.record("lost", f"{why} and {verb_form(name, 'lose')} the battle on {f['field']}: "
                    f"the adventurer" + (" and its companions" if comps else "")
                    + " go back in the box.", player=p, field=f["field"],
                    strength=f["strength"], companions=comps)
        self._remove_adventurer(p, f["adventurer"])
        self.fight = None

    def _to_box(self, fight: dict[str, Any]) -> None:
        """The swords and herbs used in a battle go out of the game, into the box."""
        self.sword_box.extend(fight["swords"])
        self.sword_box.sort()
        self.herb_box.extend(fight["herbs"])
        self.herb_box.sort()

    def _remove_adventurer(self, p: int, k: int) -> None:
        adv = self.adventurers[p][k]
        self.at.pop(adv[0], None)
        self.companion_box += adv[1]
        adv[0], adv[1] = "box", 0
        if all(where == "box" for where, _c in self.adventurers[p]):
            name = self.players[p]
            self.record("out", f"{says(name, 'have')} no adventurer left in the game: the game "
                        f"continues without {objective(name)}.", player=p)

    # ------------------------------------------------------ cards and turns
    def _advance(self) -> None:
        """Run the automatic steps (card draws, turn changes) until someone must decide."""
        while self.fight is None and self.phase != "over":
            if self.draws_left > 0:
                if not self.deck:
                    self.draws_left = 0
                    self.record("stock", "No terrain card is left to turn over.")
                    continue
                self.draws_left -= 1
                self._draw_card()
            elif self.phase == "setup":
                self._start_turn(0)
            elif self.moves_made >= 2:
                self._end_turn()
            elif not self.can_move(self.turn_player):
                # Drawn first, then decided (RULE_NOTES): this turn the player cannot move.
                if self.moves_made == 0:
                    name = self.players[self.turn_player]
                    self.record("sit-out", f"{says(name, 'can')} move no adventurer now: the "
                                f"turn passes.", player=self.turn_player)
                self._end_turn()
            else:
                return

    def _draw_card(self) -> None:
        field = self.deck.pop()
        self.discard.append(field)
        # Nothing random happens here (the deck was shuffled at set-up), but the card was
        # hidden: undoing must not let anyone choose again knowing it.
        self.mark_irreversible("terrain cards have been turned over since")
        terrain = self.layout.terrain[field]
        # A fog creature is placed face up: the card's line names its strength.
        creature = self.creature_stack[-1] if terrain == "fog" and self.creature_stack else None
        what = f"{terrain}" + (f": a fog creature of strength {creature}" if creature else "")
        if self.phase == "setup":
            text = f"Set-up: terrain card {field} ({what})."
        else:
            text = f"{says(self.players[self.turn_player], 'turn')} over terrain card {field} " \
                   f"({what})."
        data = {"creature": creature} if creature else {}
        self.record("draw", text, field=field, terrain=terrain, **data)
        item: str | None = None
        kind = TERRAIN_ITEMS[terrain]
        if kind == "C":
            if self.companion_supply:
                self.companion_supply -= 1
                item = "C"
            elif self.companion_box:
                self.companion_box -= 1
                item = "C"
                self.record("stock", "No companion is left on the table: one comes from the box.")
            else:
                self.record("stock", "No companion is left at all: none is placed.")
        elif kind == "H":
            if self.herb_stack:
                item = f"H{self.herb_stack.pop()}"
            else:
                self.record("stock", "No herb is left: none is placed.")
        elif kind == "S":
            if self.sword_stack:
                item = f"S{self.sword_stack.pop()}"
            elif self.sword_box:
                # The box's swords shuffled face down and one drawn: one of them at random.
                item = f"S{self.sword_box.pop(self.rng.randbelow(len(self.sword_box)))}"
                self.record("stock", "No sword is left in the stockpile: one is drawn from "
                            "the box.")
            else:
                self.record("stock", "No sword is left, in the stockpile or in the box: none "
                            "is placed.")
        elif kind == "G":
            if self.gold_supply:
                self.gold_supply -= 1
                item = "G"
        else:  # a fog creature
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
            self.record("last-round", "No swords and no companions are left in the stockpile: "
                        "this round is finished, then the game ends.")

    def _move_sprite(self, field: str) -> None:
        passed = sprite_passes(self.layout.river, self.sprite, field)
        origin = self.sprite
        self.sprite = field
        self.record("sprite", f"The water sprite goes to {field}.", field=field, passed=passed,
                    origin=origin)
        for f in passed:
            occupant = self.at.get(f)
            if occupant is not None:
                p, k = occupant
                comps = self.adventurers[p][k][1]
                self.record("swept", f"The water sprite sweeps "
                            f"{possessive(self.players[p], capital=False)} adventurer on {f}"
                            + (f" and {count(comps, 'companion')}" if comps else "")
                            + " out of the game.", player=p, field=f, companions=comps)
                self._remove_adventurer(p, k)

    def _start_turn(self, player: int) -> None:
        """Begin ``player``'s turn, passing over players who can never move again."""
        n = len(self.players)
        stuck = None
        for _ in range(n + 1):
            if self.can_move(player):
                movers = {player}
            else:
                stuck = self.stuck_for_good() if stuck is None else stuck
                movers = {p for p, advs in enumerate(self.adventurers)
                          for k, (where, _c) in enumerate(advs)
                          if where != "box" and (p, k) not in stuck}
            if not movers:
                self._game_over("no adventurer can move any more")
                return
            if player in movers:
                self.turn_player = player
                self.phase = "move"
                self.moves_made = 0
                self.draws_left = 2
                self.record("turn", f"{possessive(self.players[player])} turn.", player=player)
                return
            if player not in self.retired:
                self.retired.append(player)
                name = self.players[player]
                self.record("sit-out", f"{says(name, 'have')} no adventurer that can ever move "
                            f"again: the game continues without {objective(name)}.",
                            player=player)
            if player == n - 1 and self._round_ends():
                return
            player = (player + 1) % n
        raise AssertionError("unreachable: some player can move")  # pragma: no cover

    def _round_ends(self) -> bool:
        if not self.deck and not self.end_triggered:
            # A guard (RULE_NOTES): a game set up by the rules triggers the end before this.
            self.end_triggered = True
            self.end_reason = "the terrain cards are used up"
            self.record("last-round", "No terrain card is left and the stockpile is not used up: "
                        "the game ends with this round (a guard: the rulebook never needs it).")
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
        self.mark_irreversible("the game is over and every face-down tile has been shown")
        # Every face-down tile in front of a player is shown: Adventure 2 scores them.
        shown = []
        for name, stock in zip(self.players, self.stock, strict=True):
            tiles = [f"herbs {', '.join(map(str, sorted(stock['herbs'])))}"
                     if stock["herbs"] else "",
                     f"swords {', '.join(f'+{v}' for v in sorted(stock['swords']))}"
                     if stock["swords"] else ""]
            tiles = [t for t in tiles if t]
            shown.append(f"{name}: {listing(tiles) if tiles else 'none'}")
        self.record("reveal", f"The face-down tiles are shown: {'; '.join(shown)}.",
                    herbs=[sorted(s["herbs"]) for s in self.stock],
                    swords=[sorted(s["swords"]) for s in self.stock])
        scores = self.scores()
        final = ", ".join(f"{name} {s}" for name, s in zip(self.players, scores, strict=True))
        self.record("over", f"The game ends ({reason}). Scores: {final}.", reason=reason,
                    scores=list(scores))

    # ---------------------------------------------------------- save / load
    #: The JSON Schema (draft 2020-12) of what ``_dump`` returns: a save's snapshots are
    #: checked against it before ``_restore``, which then checks what a schema cannot.
    state_schema: dict[str, Any] = STATE_SCHEMA

    def _dump(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck), "discard": list(self.discard),
            "sword_stack": list(self.sword_stack), "sword_box": list(self.sword_box),
            "herb_stack": list(self.herb_stack), "herb_box": list(self.herb_box),
            "creature_stack": list(self.creature_stack),
            "gold_supply": self.gold_supply, "companion_supply": self.companion_supply,
            "companion_box": self.companion_box, "sprite": self.sprite,
            "board": dict(self.board),
            "adventurers": [[list(a) for a in advs] for advs in self.adventurers],
            "stock": [{k: (list(v) if isinstance(v, list) else v) for k, v in s.items()}
                      for s in self.stock],
            "track": list(self.track), "retired": list(self.retired),
            "turn_player": self.turn_player,
            "moves_made": self.moves_made, "draws_left": self.draws_left,
            "fight": None if self.fight is None else {
                k: (list(v) if isinstance(v, list) else v) for k, v in self.fight.items()},
            "phase": self.phase, "end_triggered": self.end_triggered,
            "end_reason": self.end_reason,
        }

    def _set_data(self, data: dict[str, Any]) -> None:
        """Set the game data from a trusted ``_dump`` (copies, undo backups)."""
        for key in _STATE_KEYS:
            setattr(self, key, data[key])
        self._index()

    def _restore(self, data: dict[str, Any]) -> None:
        """Set the game data from a saved snapshot, refusing (SaveFormatError, naming what
        is wrong) anything the game could not have reached: core checked ``state_schema``
        before this is called; here, the counts and places a schema cannot check."""
        options = self.options
        if not isinstance(options, dict) or "adventure" not in options:
            raise SaveFormatError("options: the adventure (1, 2 or 3) is missing")
        if options["adventure"] not in (1, 2, 3) or isinstance(options["adventure"], bool):
            raise SaveFormatError(f"options.adventure: must be 1, 2 or 3, "
                                  f"not {options['adventure']!r}")
        self.pieces = pieces_from_option(options.get("pieces"))
        self.layout = layout_from_option(options.get("layout"))
        _check_position(self, data)
        self._set_data(data)
        self._check_pieces()

    def _hide(self, player: int | None) -> None:
        self.deck = ["?"] * len(self.deck)
        self.sword_stack = [UNKNOWN] * len(self.sword_stack)
        self.sword_box = [UNKNOWN] * len(self.sword_box)
        self.herb_stack = [UNKNOWN] * len(self.herb_stack)
        self.creature_stack = [UNKNOWN] * len(self.creature_stack)
        self.board = {f: (item[0] + "?" if item[0] in "HS" else item)
                      for f, item in self.board.items()}
        if self.phase == "over":
            return  # every player's tiles were shown at the end
        for p, stock in enumerate(self.stock):
            if p != player:
                stock["herbs"] = [UNKNOWN] * len(stock["herbs"])
                stock["swords"] = [UNKNOWN] * len(stock["swords"])

    def hidden_zones(self, player: int | None) -> dict[str, list]:
        """The stacks and the box, herbs and swords face down on the board, and the other
        players' tiles until the end (GameState.hidden_zones)."""
        zones = {"deck": list(self.deck), "sword stack": list(self.sword_stack),
                 "sword box": list(self.sword_box), "herb stack": list(self.herb_stack),
                 "creature stack": list(self.creature_stack),
                 "board": [item for f, item in sorted(self.board.items()) if item[0] in "HS"]}
        if self.phase != "over":
            for p, stock in enumerate(self.stock):
                if p != player:
                    zones[f"herbs {p}"] = list(stock["herbs"])
                    zones[f"swords {p}"] = list(stock["swords"])
        return zones

    def text_board(self) -> str:
        """The board in text, for ``print(state)``: terrain in lower case (c city, f forest,
        m mountain, r river, ~ fog), adventurers by player number, items by their code
        (C companion, G gold, H herb, S sword, F fog creature; "?" hidden), W the sprite."""
        terrain = {"city": "c", "forest": "f", "mountain": "m", "river": "r", "fog": "~"}
        here: dict[str, str] = {}
        lanes: dict[str, str] = {}
        for p, team in enumerate(self.adventurers):
            for where, _companions in team:
                target = lanes if where.startswith(("row:", "col:")) else here
                target[where] = target.get(where, "") + str(p + 1)
        width = 5
        lines = ["      " + "".join(c.ljust(width) for c in COLUMNS)
                 + "  waiting (player numbers)"]
        lines.append("      " + "".join(lanes.get(f"col:{c}", "").ljust(width)
                                        for c in COLUMNS).rstrip())
        for row in range(1, len(FIELDS) // len(COLUMNS) + 1):
            cells = []
            for column in COLUMNS:
                field = f"{column}{row}"
                mark = here.get(field, "") + self.board.get(field, "")
                mark += "W" if self.sprite == field else ""
                cells.append((terrain.get(self.layout.terrain[field], "?") + mark).ljust(width))
            lines.append(f"{row:>3} {lanes.get(f'row:{row}', ''):>2}" + "".join(cells).rstrip())
        lines.append("c city, f forest, m mountain, r river, ~ fog; 1-4 adventurers; C companion, "
                     "G gold, H herb, S sword, F fog creature, W water sprite")
        for p, name in enumerate(self.players):
            stock = self.stock[p]
            lines.append(f"{p + 1} {name}: {self.scores()[p]} points; gold {stock['gold']}, "
                         f"herbs {len(stock['herbs'])}, swords {len(stock['swords'])}, "
                         f"creatures {len(stock['creatures'])}")
        return "\n".join(lines)

    def components(self) -> Counter:
        c: Counter = Counter()
        c.update(f"card {f}" for f in self.deck)
        c.update(f"card {f}" for f in self.discard)
        swords = self.sword_stack + self.sword_box
        herbs = self.herb_stack + self.herb_box
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


# --------------------------------------------------------------------------- scoring
def score_breakdown(state: AdventureLandState, player: int) -> dict[str, int]:
    """The lines of ``player``'s score in the state's adventure, as if the game ended now
    (they sum to the score): :func:`~.scoring.score_lines` of this position.

    >>> s = new_game(players=2, seed=5, adventure=2)
    >>> sorted(score_breakdown(s, 0))
    ['fog creatures', 'gold', 'group', 'herbs', 'swords']
    """
    game_state(state, AdventureLandState)
    seat(len(state.players), player)
    return _breakdown(state, player)


def _breakdown(state: AdventureLandState, player: int) -> dict[str, int]:
    return score_lines(player, adventure=state.adventure, pieces=state.pieces,
                       adventurers=state.adventurers, stocks=state.stock, track=state.track,
                       board=state.board, cities=state.layout.cities)


# ------------------------------------------------------------------------ constructors
def new_game(players: int | Sequence[str] = 2, seed: int | None = None, *, adventure: int = 1,
             layout: str | Path | dict[str, Any] | None = None,
             pieces: str | Path | dict[str, Any] | None = None) -> AdventureLandState:
    """A new game: ``players`` a count (2-4) or names; ``adventure`` 1, 2 or 3;
    ``layout`` a board file or dict (None: the shipped reconstruction, see
    :func:`~.data.load_layout`); ``pieces`` a pieces file or dict (None: the shipped
    ``data/pieces.json``, see :func:`~.data.load_pieces`).

    >>> s = new_game(["You", "Bot"], seed=7, adventure=3)
    >>> s.players, s.adventure_name
    (('You', 'Bot'), 'Escape to the Cities')
    """
    AdventureLandState.check_options({"adventure": adventure, "layout": layout,
                                      "pieces": pieces})
    options: dict[str, Any] = {"adventure": adventure}
    # Read (and checked) now: the game keeps the data, never a path.
    if layout is not None:
        options["layout"] = layout_option(load_layout(layout))
    if pieces is not None:
        options["pieces"] = pieces_option(load_pieces(pieces))
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
    one_of(strength, "strength", _STRENGTHS)
    place_adventurer(state, 0, field, companions, origin="row:1")
    _take_from_stock(state, f"F{strength}")
    state.board[field] = f"F{strength}"
    _turn_over(state, field)
    give(state, 0, gold=gold, swords=swords, herbs=herbs)
    state.moves_made = 1
    state.fight = {"player": 0, "adventurer": state.at[field][1], "field": field,
                   "strength": strength, "phase": "swords", "swords": [], "dice": [],
                   "bonus": 0, "herbs": [], "gold": 0}
    state.record("battle", f"Position: {possessive(state.players[0])} adventurer with "
                 f"{count(companions, 'companion')} on {field} fights a fog creature of "
                 f"strength {strength}.", player=0, field=field, strength=strength, adventurer=0)
    _rebase(state)
    return state


# ------------------------------------------------------------------- position editing
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
    pieces = state.pieces
    state.deck = state.discard + state.deck
    state.discard = []
    all_swords = Counter(int(v) for v, k in pieces["swords"]["values"].items() for _ in range(k))
    all_swords.subtract(Counter(state.sword_box))
    state.sword_stack = list(all_swords.elements())
    state.rng.shuffle(state.sword_stack)
    state.herb_stack = [int(v) for v, k in pieces["herbs"]["values"].items() for _ in range(k)]
    state.rng.shuffle(state.herb_stack)
    state.herb_box = []
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
    state.retired = []
    state.board = {}
    state.fight = None
    state.phase, state.turn_player, state.moves_made, state.draws_left = "move", 0, 0, 0
    state.end_triggered, state.end_reason = False, ""
    state.log = [state.log[0]]  # keep the shuffle record; the rest described a cleared table
    state.record("setup", "An empty table (a position to edit).")
    _rebase(state)
    return state


_ITEM_CODE = re.compile(r"^(C|G|H[234]|S[0-3]|F(8|10|12|14|16))$")


def _take_from_stock(state: AdventureLandState, code: str) -> None:
    if not isinstance(code, str) or not _ITEM_CODE.match(code):
        raise InvalidArgumentError(f"item must be C, G, H2-H4, S0-S3 or F8/F10/F12/F14/F16, "
                                   f"not {code!r}")
    kind, value = code[0], code[1:]
    if kind == "C" and state.companion_supply:
        state.companion_supply -= 1
    elif kind == "C" and state.companion_box:
        state.companion_box -= 1
    elif kind == "G" and state.gold_supply:
        state.gold_supply -= 1
    elif kind == "H" and int(value) in state.herb_stack:
        state.herb_stack.remove(int(value))
    elif kind == "S" and int(value) in state.sword_stack:
        state.sword_stack.remove(int(value))
    elif kind == "S" and int(value) in state.sword_box:
        state.sword_box.remove(int(value))
    elif kind == "F" and int(value) in state.creature_stack:
        state.creature_stack.remove(int(value))
    else:
        raise InvalidArgumentError(f"item: no {code!r} is left in the stockpile")


def _turn_over(state: AdventureLandState, field: str) -> None:
    """The terrain card of ``field`` goes to the face-up discard pile (if not there yet)."""
    if field in state.deck:
        state.deck.remove(field)
        state.discard.append(field)


def _check_field(field: object, name: str = "field") -> str:
    if not isinstance(field, str) or field not in FIELD_SET:
        raise InvalidArgumentError(f"{name}: {field!r} is not a field of the board (A1 to K10)")
    return field


def place_item(state: AdventureLandState, field: str, item: str) -> None:
    """Put an item from its stockpile on an empty field: ``"C"`` companion, ``"G"`` gold,
    ``"H3"`` herb, ``"S2"`` sword, ``"F12"`` fog creature. The field's terrain card is
    then turned over (an item lies only where its card was drawn). Starts the state
    afresh there.

    >>> s = empty_position()
    >>> place_item(s, "D7", "F12"); s.board, s.discard, len(s.deck)
    ({'D7': 'F12'}, ['D7'], 109)
    """
    _check_field(field)
    if field in state.board:
        raise InvalidArgumentError(f"field: {field} already holds {state.board[field]}")
    if field in state.at:
        raise InvalidArgumentError(f"field: an adventurer stands on {field} (an item "
                                   f"appearing there is taken at once)")
    _take_from_stock(state, item)
    state.board[field] = item
    _turn_over(state, field)
    _rebase(state)


def remove_item(state: AdventureLandState, field: str) -> str:
    """Take the item off ``field`` back to its stockpile (for a position editor); returns it.
    The field's card stays turned over (see :func:`set_card_drawn`).

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


def set_card_drawn(state: AdventureLandState, field: str, drawn: bool = True) -> None:
    """Say whether the terrain card of ``field`` has been turned over (it lies on the
    face-up discard pile) or is still in the deck: what the cards left can put on the
    board depends on it. A field with an item or the water sprite has its card drawn.

    >>> s = empty_position(); set_card_drawn(s, "E9"); "E9" in s.deck, s.discard
    (False, ['E9'])
    >>> set_card_drawn(s, "E9", False); "E9" in s.deck
    True
    """
    _check_field(field)
    if drawn:
        _turn_over(state, field)
    else:
        if field in state.board or field == state.sprite:
            raise InvalidArgumentError(f"field: the card of {field} was drawn (something lies "
                                       f"there)")
        if field in state.discard:
            state.discard.remove(field)
            state.deck.insert(state.rng.randbelow(len(state.deck) + 1), field)
    _rebase(state)


def place_sprite(state: AdventureLandState, field: str | None) -> None:
    """Put the water sprite on a river field (None: off the board); the sprite stands where
    gold appeared, so the field's card is turned over.

    >>> s = empty_position(); place_sprite(s, "E9"); s.sprite
    'E9'
    """
    if field is not None and field not in state.layout.river:
        raise InvalidArgumentError(f"field: the water sprite stays on the river, not {field!r}")
    if field is not None and field in state.at:
        raise InvalidArgumentError(f"field: an adventurer stands on {field}")
    state.sprite = field
    if field is not None:
        _turn_over(state, field)
    _rebase(state)


def place_adventurer(state: AdventureLandState, player: int, where: str, companions: int = 0,
                     *, origin: str | None = None) -> None:
    """Put one of ``player``'s adventurers (the one at ``origin``: default the first in
    the box, else the last one waiting in a lane) on ``where`` (a field, a start lane of
    this game that the player's adventurer does not hold yet, or ``"box"``), with
    ``companions`` from the stockpile.

    >>> s = empty_position(); place_adventurer(s, 1, "E2", 2); s.at["E2"], s.adventurers[1][-1]
    ((1, 9), ['E2', 2])
    """
    seat(len(state.players), player)
    whole_number(companions, "companions", minimum=0, maximum=COMPANIONS,
                 why=f"the game has {COMPANIONS} companions")
    advs = state.adventurers[player]
    lanes = lanes_for(len(state.players))
    if where in FIELD_SET:
        if where in state.at or where == state.sprite:
            raise InvalidArgumentError(f"where: {where} is already taken")
        if where in state.board:
            raise InvalidArgumentError(f"where: {where} holds an item (move there to take it)")
    elif where in LANES:
        if where not in lanes:
            raise InvalidArgumentError(f"where: {place_name(where)} is no start lane with "
                                       f"{len(state.players)} players")
        if any(w == where for w, _c in advs) and where != origin:
            raise InvalidArgumentError(f"where: this player's adventurer already waits at "
                                       f"{place_name(where)} (one per lane)")
    elif where != "box":
        raise InvalidArgumentError(f"where: {where!r} is not a field, a lane or 'box'")
    if origin is None:
        ks = [k for k, (w, _c) in enumerate(advs) if w == "box"] or \
             [k for k, (w, _c) in enumerate(advs) if w in LANES]
        if not ks:
            raise InvalidArgumentError("origin: every adventurer of this player is on the board")
        k = ks[0] if advs[ks[0]][0] == "box" else ks[-1]
    else:
        ks = [k for k, (w, _c) in enumerate(advs) if w == origin]
        if not ks:
            raise InvalidArgumentError(f"origin: the player has no adventurer at {origin!r}")
        k = ks[0]
    if where != "box" and companions > state.companion_supply + state.companion_box + advs[k][1]:
        raise InvalidArgumentError("companions: not that many left in the stockpile")
    state.companion_supply += advs[k][1]
    advs[k][1] = 0
    if where == "box":
        advs[k][0] = "box"
    else:
        for _ in range(companions):
            _take_from_stock(state, "C")
        advs[k][0], advs[k][1] = where, companions
    _rebase(state)


def give(state: AdventureLandState, player: int, *, gold: int = 0, herbs: Sequence[int] = (),
         swords: Sequence[int] = (), creatures: Sequence[int] = ()) -> None:
    """Give ``player`` tiles from the stockpiles (gold, herb values, sword extra values,
    fog creature strengths). All or nothing: if any tile is missing, nothing is given.

    >>> s = empty_position(); give(s, 0, gold=2, herbs=(4,))
    >>> s.stock[0]["gold"], s.stock[0]["herbs"]
    (2, [4])
    >>> give(s, 9, gold=2)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: player must be a whole number \
from 0 to 1 (a seat of this 2-player game), not 9
    """
    seat(len(state.players), player)
    whole_number(gold, "gold", minimum=0, maximum=18, why="the game has 18 gold pieces")
    tiles = {"herbs": (herbs, "H", 20, (2, 3, 4)), "swords": (swords, "S", 28, (0, 1, 2, 3)),
             "creatures": (creatures, "F", 14, tuple(_STRENGTHS))}
    codes = ["G"] * gold
    for name, (values, letter, most, allowed) in tiles.items():
        checked = sequence(values, name, lambda v, n, allowed=allowed: one_of(v, n, allowed),
                           most=most)
        codes.extend(f"{letter}{v}" for v in checked)
    backup = state._dump()
    try:
        for code in codes:
            _take_from_stock(state, code)
    except InvalidArgumentError:
        state._set_data(backup)
        raise
    stock = state.stock[player]
    stock["gold"] += gold
    stock["herbs"] += [int(v) for v in herbs]
    stock["swords"] += [int(v) for v in swords]
    stock["creatures"] += [int(v) for v in creatures]
    _rebase(state)
