"""Hero versus Guardian: the whole game on the engine protocol.

Players: the Hero(es) first, the Guardian last (``state.guardian``). With 3 or
4 players, 2 or 3 Heroes take rounds in turn against the Guardian (7 Action
Stones each) and score as a team. Locations are ``A1``..``D4``: columns A-D
west to east, rows 1-4 north to south.

Every multi-step decision is its own action, so a board can be driven by
clicks: the Guardian places rooms one by one (or ``deal``s the rest at
random), then the Entries and his opening hand; a Scout or Venture is
``scout B2`` / ``venture B2``, then ``order A03`` per Adventurer, ``enter``,
``first D07`` (the room order, when there is a choice), then ``roll`` or
``retreat`` per Adventurer, with ``save``/``lose`` (Sacrifice) and ``stow``
(Cursed Items) when they arise. Rebuild and Restock are also step by step.

>>> game = new_game(seed=1)
>>> game.players, game.phase
(('Hero', 'Guardian'), 'design')
>>> game.apply("deal") and game.phase
'entry'

Actions (``str(action)`` parses back; card ids as in ``data/cards.json``):

- set-up: ``place CARD LOC``, ``deal``, ``entry LOC SIDE``, ``keep CARD`` (Guardian);
  ``recruit random|pick``, ``pick CARD`` (each Hero);
- an option: ``pass`` (one turn to the other side); Hero ``end`` (his turns this round),
  ``scout LOC`` (2 stones), ``venture LOC`` (3), ``play CARD
  [TARGET]`` (1), ``cast CARD CASTER [TARGET]`` (0, Spell Casting), ``take CARD`` (1: a
  Tavern/Market card or an Item back), ``draw adventurers|treasure`` (1); Guardian
  ``rebuild``, ``restock``, ``play CARD [TARGET]``, ``draw dungeon`` (1 each);
- inside a Scout/Venture: ``order ADV``, ``enter``, ``first ROOM``, ``roll``, ``retreat``,
  Combat cards, ``continue`` (the Guardian lets the roll happen), ``save CARD``/``lose``,
  ``stow ITEM``;
- inside a Rebuild: ``lift LOC``, ``arrange``, ``set CARD LOC``, ``discard CARD``; a
  Restock: ``set CARD LOC``, ``shift CARD LOC``, ``discard CARD``, ``done``.

One state class, :class:`HeroVsGuardianState`: it holds the position and the turn and
performs each action (one method per action type, marked ``@performs``); the rulebook's
questions are pure functions it asks, in :mod:`.dungeon` (the grid, what the Hero may
target), :mod:`.scout_venture` (modifiers, rolls, captures, Sacrifice, the room order),
:mod:`.rebuild_restock` (the Guardian's building) and :mod:`.effects` (Spells and Dungeon
Effects). What a save holds is :data:`STATE_SCHEMA`, with the checks a loaded position
passes (:func:`check_position`), here.

For analysis, :func:`scout_venture_position` builds a game right before a Scout or
Venture and :func:`resolve_attempt_position` plays one out in the real engine.

How the rulebook is read where it is open is listed in :data:`RULE_NOTES`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import Any, ClassVar

from ..core.actions import Action, shared
from ..core.checks import one_of, shown
from ..core.engine import GameState, performs
from ..core.english import count, says, subject, their, verb_form
from ..core.errors import IllegalActionError, InvalidArgumentError, SaveFormatError
from .actions import (
    ACTION_TYPES,
    Arrange,
    Cast,
    Continue,
    Deal,
    Discard,
    Done,
    Draw,
    End,
    Enter,
    Entry,
    First,
    Keep,
    Lift,
    Lose,
    Order,
    Pass,
    Pick,
    Place,
    Play,
    Rebuild,
    Recruit,
    Restock,
    Retreat,
    Roll,
    Save,
    Scout,
    SetRoom,
    Shift,
    Stow,
    Take,
    Venture,
)
from .data import CardSet, cards_from_option, resolve_cards
from .dungeon import (
    CARRY_OVER,
    COLUMNS,
    COST,
    FACE_UP,
    GUARDIAN_STONES,
    HERO_STONES,
    HIDDEN,
    LEVEL_TOKENS,
    LOCATIONS,
    MAP_TOKENS,
    MAX_ITEMS,
    MAX_ROOMS,
    OPENING_DRAW,
    OPENING_KEEP,
    OPPOSITE,
    ORDER_TOKENS,
    ROWS,
    SIDES,
    START_ADVENTURERS,
    START_ROOMS,
    START_TREASURE,
    TARGET,
    half_rounded_up,
    side_locations,
    targetable,
)
from .effects import VOCABULARY, targets, wrong_target
from .rebuild_restock import (
    build_actions,
    new_build,
    rebuild_allows,
    rebuild_limit,
    refusal,
    unprotected,
)
from .scout_venture import (
    all_done,
    first_choices,
    has_power,
    new_attempt,
    roll_modifier,
    roll_result,
    room_chooser,
    save_options,
)

__all__ = ["RULE_NOTES", "STATE_SCHEMA", "HeroVsGuardianState", "check_position", "new_game",
           "resolve_attempt_position", "scout_venture_position"]

#: How the rulebook is read where it is open, each reading with the sentence it rests on.
RULE_NOTES = (
    "Turns. 'The Hero has the option to either take the first action or pass at the start of "
    "each round' and 'Passing allows an opponent to take 1 turn, not 2 or more in a row': a "
    "pass hands over exactly one turn and forfeits nothing. 'If the Guardian chooses to keep "
    "passing, the Hero must either end his/her turn or take action': the Hero may not answer "
    "the Guardian's pass with a pass; he acts or ends his turns for the round ('end', keeping "
    "1 stone to carry over). After the Hero has ended or spent his stones, the Guardian has "
    "his 'Final Action Option' until he passes or spends his stones; then the round ends.",
    "The end of a stalled game (a guard; the rulebook ends a game only when the Vault is "
    "Ventured or the Guardian draws from an empty deck): when a whole cycle of rounds, one "
    "round of each Hero, passes without changing anything (no card, room or token in another "
    "place, no die rolled, no card shuffled: only passes, ends, or actions that undo each "
    "other, such as a Restock that sets no room, 'The Guardian may place any number of Room "
    "Cards'), nothing can change any more and the game ends and is scored.",
    "Combat cards are played during a Scout or Venture: the Hero before any roll; the Guardian "
    "gets a window after the Hero announces a roll or a Retreat, if he holds a Combat card and "
    "a stone. Each costs 1 stone (Spell Casting: 0). 'Combat: Anytime after the Hero declares "
    "a Scout/Venture action and anytime before it ends.'",
    "Retreat rolls use the modifiers that do not name Scout or Venture rolls (Items, rooms and "
    "Vacant Rooms whose modifier has no action or the action 'retreat', a room-type 'vs' "
    "modifier against the room faced) and a Cursed Item's -1 ('All rolls on this card are at "
    "-1'); the Adventurer's own room-type modifiers, Level Tokens and the Scouting/Venturing "
    "Powers are for 'Scout and Venture rolls' only ('Die Roll Modifiers, see Scout or "
    "Venture').",
    "A Vacant room or the Vault has no room type: no Adventurer room-type modifier applies to "
    "rolls against it ('All Adventurers have room modifiers for Scouting and Venturing a Trap, "
    "Magic, Brute and Evil Room').",
    "Cursed Items: 'if an Adventurer fails any roll versus a Cursed Item, place it on that "
    "Adventurer' covers Scout, Venture and Retreat rolls. It leaves the location; the other "
    "room (if any) goes on to the next Adventurer. If the Adventurer is then captured, 'place "
    "the Cursed Item in the Guardian's hand'. A Cursed Item meeting an Adventurer whose 2 "
    "Items are both Cursed stays in the Dungeon (the Hero 'can't pick up a Cursed Item').",
    "Tokens. 'If the Hero is able to Scout all rooms on the location ... place a Scout Token' "
    "and 'If the Hero Ventures all rooms on the location, place a Map Token': the rooms are "
    "those revealed when the Adventurers enter, and every one must be Scouted (Ventured) by "
    "this attempt. A Cursed Item that left with an Adventurer was failed against, so that "
    "attempt places no token, Scout or Venture alike. A location with no room left is then "
    "Scouted or Mapped by the next Scout or Venture (every one of its rooms, none, is done).",
    "The Treasure Vault: 'the Hero cannot Venture the Treasure Vault first', so Venturing it "
    "Ventures every room of its location, and the Map Token is placed before the game ends "
    "('When the Hero removes the Treasure Vault ... the game ends').",
    "Sacrifice: any Adventurer in play of the Hero whose round it is, with the Sacrifice Power, "
    "may be captured instead; Armor saves only its wearer ('Armor can only save the Adventurer "
    "wearing that Armor'); the Armor itself is captured. 'A Cleric can be captured in place of "
    "another Adventurer, and if that Cleric has Armor, you can use the Armor to save that "
    "Cleric': after a Cleric stands in, its own Armor is offered (no second Adventurer).",
    "Level Tokens (Heroism) go back to the supply when their Adventurer is captured or Frozen "
    "('a Level Token remains on an Adventurer').",
    "Rooms the Guardian removes score half (rounded up) for the Hero whose round it was ('These "
    "cards score 1/2 of their point value for the Hero').",
    "Rebuild: 'rearrange the Room Cards in half the unmapped and unscouted locations (round "
    "up). At least 3 locations': the Guardian lifts up to max(3, half of them rounded up) "
    "such locations, then puts every lifted room back into them (at most 2 a location, at "
    "least 1 in each that had one) or removes it (never the Vault).",
    "Restock: the Guardian sets rooms from his hand into locations without Map/Scout Tokens; "
    "'the Room Cards already on those locations' may each move once to an adjacent such "
    "location; a third room in a location must be moved or removed before anything else ('No "
    "more than 2 Dungeon Room Cards are allowed in a location').",
    "A location with a Scout Token is not Scouted again (it may be Ventured).",
    "Scores at the end: everything the score needs is public ('a pile visible to all', the "
    "tokens, captured and Ventured cards), and the Vault is in the Dungeon until Ventured ('The "
    "Treasure Vault Card cannot be removed from the Dungeon by the Guardian'), so every view "
    "scores as the game does; when the game ends the Dungeon is turned face up for all.",
    "The Guardian's set-up choices (rooms, Entries, the 2 kept cards) are actions; 'deal' "
    "places the remaining starting rooms at random. The Hero's Adventurer deck is shown to "
    "the Hero while he picks 3 worth 2 points ('pick 3 cards from the deck with a 2 point "
    "value').",
)


# ------------------------------------------------------------------ what a save holds
# The JSON Schema of ``_dump()``: core checks a save's positions against it before
# ``_restore`` sees them; ``_restore`` then asks check_position (below the class) what a
# schema cannot say. A view's save shows hidden cards as "?".
_CARD = {"type": "string", "pattern": r"^(\?|[A-Za-z0-9][A-Za-z0-9_.-]{0,15})$"}
_CARDS = {"type": "array", "items": _CARD, "maxItems": 200}
_LOC = {"enum": list(LOCATIONS)}
_PER_HERO = {"type": "array", "minItems": 1, "maxItems": 3, "items": _CARDS}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 100_000}

_ATTEMPT = {
    "type": "object", "additionalProperties": False,
    "required": ["kind", "loc", "order", "next", "stage", "done", "revealed", "current",
                 "bonus", "retreat_bonus", "chooser", "pending", "victim", "stand_in",
                 "victim_stow", "cursed", "capture", "captured", "rolls"],
    "properties": {
        "kind": {"enum": ["scout", "venture"]}, "loc": _LOC,
        "order": {**_CARDS, "maxItems": 4}, "next": {"type": "integer", "minimum": 0,
                                                     "maximum": 4},
        "stage": {"enum": ["order", "first", "roll", "window", "stow", "save"]},
        "done": _CARDS, "revealed": _CARDS, "current": {"anyOf": [_CARD, {"type": "null"}]},
        "bonus": {"type": "integer", "minimum": -100, "maximum": 100},
        "retreat_bonus": {"type": "integer", "minimum": -100, "maximum": 100},
        "chooser": {"enum": ["hero", "guardian"]},
        "pending": {"enum": ["scout", "venture", "retreat", None]},
        "victim": {"anyOf": [_CARD, {"type": "null"}]},
        "stand_in": {"anyOf": [_CARD, {"type": "null"}]},
        "victim_stow": {"anyOf": [_CARD, {"type": "null"}]},
        "cursed": {"anyOf": [_CARD, {"type": "null"}]},
        "capture": {"type": "boolean"}, "captured": _CARDS,
        "rolls": {"type": "array", "maxItems": 8, "items": {
            "type": "array", "prefixItems": [
                {"enum": ["scout", "venture", "retreat"]}, _CARD, _CARD,
                {"type": "integer", "minimum": 1, "maximum": 6}, {"type": "integer"},
                {"type": "boolean"}], "items": False, "minItems": 6}},
    },
}
_BUILD = {
    "type": "object", "additionalProperties": False,
    "required": ["kind", "stage", "locs", "pool", "need", "moved"],
    "properties": {"kind": {"enum": ["rebuild", "restock"]},
                   "stage": {"enum": ["lift", "arrange", "set"]},
                   "locs": {"type": "array", "items": _LOC, "maxItems": 16, "uniqueItems": True},
                   "pool": _CARDS, "moved": _CARDS,
                   "need": {"type": "array", "items": _LOC, "maxItems": 16}},
}

#: The JSON Schema of ``HeroVsGuardianState._dump()``.
STATE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Hero versus Guardian position",
    "type": "object", "additionalProperties": False,
    "properties": {
        "phase": {"enum": ["design", "entry", "keep", "recruit", "pick", "round"]},
        "unplaced": _CARDS,
        "grid": {"type": "object", "required": list(LOCATIONS), "additionalProperties": False,
                 "properties": {loc: {**_CARDS, "maxItems": 3} for loc in LOCATIONS}},
        "face_up": _CARDS,
        "tokens": {"type": "object", "propertyNames": _LOC,
                   "additionalProperties": {"enum": ["map", "scout"]}},
        "token_supply": {"type": "integer", "minimum": 0, "maximum": MAP_TOKENS},
        "entries": {"type": "array", "maxItems": 2, "items": {
            "type": "array", "prefixItems": [_LOC, {"enum": list(SIDES)}], "items": False,
            "minItems": 2}},
        "dungeon_deck": _CARDS, "opening": _CARDS, "guardian_hand": _CARDS,
        "removed": {"type": "array", "maxItems": 200, "items": {
            "type": "array", "prefixItems": [_CARD, {"type": "integer", "minimum": 0,
                                                     "maximum": 2}],
            "items": False, "minItems": 2}},
        "captured": _CARDS, "out_of_game": _CARDS, "adv_deck": _CARDS, "tavern": _CARDS,
        "treasure_deck": _CARDS, "market": _CARDS,
        "hands": _PER_HERO, "party": _PER_HERO, "frozen": _PER_HERO, "ventured": _PER_HERO,
        "items": {"type": "object", "propertyNames": _CARD,
                  "additionalProperties": {**_CARDS, "maxItems": MAX_ITEMS}},
        "levels": {"type": "object", "propertyNames": _CARD,
                   "additionalProperties": {"type": "integer", "minimum": 1,
                                            "maximum": LEVEL_TOKENS}},
        "level_supply": {"type": "integer", "minimum": 0, "maximum": LEVEL_TOKENS},
        "carry": {"type": "array", "minItems": 1, "maxItems": 3,
                  "items": {"type": "integer", "minimum": 0, "maximum": 1}},
        "hero_stones": {"type": "integer", "minimum": 0, "maximum": 20},
        "guardian_stones": {"type": "integer", "minimum": 0, "maximum": 2},
        "active": {"type": "integer", "minimum": 0, "maximum": 2},
        "round_no": _COUNT, "turn": {"enum": ["hero", "guardian"]},
        "hero_out": {"type": "boolean"}, "passed": {"enum": ["hero", "guardian", None]},
        "changed": {"type": "boolean"},
        "round_start": {"anyOf": [{"type": "null"},
                                  {"type": "string", "pattern": "^[0-9a-f]{16}$"}]},
        "idle_rounds": {"type": "integer", "minimum": 0, "maximum": 3},
        "casters_used": _CARDS,
        "setup_hero": {"type": "integer", "minimum": 0, "maximum": 2},
        "picks_left": {"type": "integer", "minimum": 0, "maximum": 3},
        "attempt": {"anyOf": [{"type": "null"}, _ATTEMPT]},
        "build": {"anyOf": [{"type": "null"}, _BUILD]},
        "end_reason": {"enum": ["vault", "deck", "stalemate", None]},
    },
}
STATE_SCHEMA["required"] = list(STATE_SCHEMA["properties"])


#: What the stalemate guard leaves out when it compares a round's end with its start.
_ROUND_BOOKKEEPING = frozenset({"round_no", "hero_stones", "guardian_stones", "turn",
                                "hero_out", "passed", "changed", "round_start", "idle_rounds",
                                "casters_used", "carry", "active"})
#: What an action of a round does to the position, for the stalemate guard: a pass or an end
#: only hands over the turn; a Restock or a Rebuild may leave every room where it was (its
#: lifting and arranging are read with it; setting a room from the hand, moving or removing
#: one changes the Dungeon); anything else changes something (a card moves, a die is
#: rolled), except an Item taken back or played (again), which ``_perform`` sorts out.
_ROUND_EFFECT: dict[type, Any] = {
    Pass: "none", End: "none", Restock: "may be undone", Rebuild: "may be undone",
    Lift: "none", Arrange: "none", Done: "none",
    # a lifted room put back: the Rebuild's print tells; a room from the hand changes
    SetRoom: lambda state, a: "none" if state.build and state.build["kind"] == "rebuild"
    else "changes",
    # an Item taken back from an Adventurer (not a Tavern or Market card) or played on one
    Take: lambda state, a: "changes" if a.card in state.tavern or a.card in state.market
    else "may be undone",
    Play: lambda state, a: "may be undone" if state.cards[a.card].get("kind") == "item"
    else "changes"}


# ------------------------------------------------------------------ the state
class HeroVsGuardianState(GameState):
    """A game of Hero versus Guardian. See the module docstring."""

    game_name = "hero_vs_guardian"
    display_name = "Hero versus Guardian"  # print(state)'s title
    action_types = ACTION_TYPES
    min_players, max_players = 2, 4
    #: The position: what ``_dump`` writes and ``_restore`` reads, all plain JSON-like data.
    _FIELDS = ("phase", "unplaced", "grid", "face_up", "tokens", "token_supply", "entries",
               "dungeon_deck", "opening", "guardian_hand", "removed", "captured", "out_of_game",
               "adv_deck", "tavern", "treasure_deck", "market", "hands", "party", "frozen",
               "ventured", "items", "levels", "level_supply", "carry", "hero_stones",
               "guardian_stones", "active", "round_no", "turn", "hero_out", "passed",
               "changed", "round_start", "idle_rounds",
               "casters_used", "setup_hero", "picks_left", "attempt", "build", "end_reason")
    data_fields = _FIELDS
    shared_fields = ("cards",)  # the card set is read-only: copies and views share it
    # The legal actions just listed, and what belief.py read of the log: worked out again.
    cache_fields = ("_legal_memo", "_remembered")

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Parse an action; a missing last target of ``play``/``cast`` means none (``-``)."""
        if isinstance(text, str):
            words = text.split()
            if (words[:1] == ["play"] and len(words) == 2) or (words[:1] == ["cast"]
                                                               and len(words) == 3):
                text = f"{text} -"
        return super().parse_action(text)

    # ------------------------------------------------------------ set-up
    def _setup(self) -> None:
        # The card data is read once, here: the options keep the data (or the shipped set's
        # name and digest), never a path, so a save loads anywhere.
        self.cards: CardSet
        self.cards, self.options["cards"] = resolve_cards(self.options.get("cards"))
        c = self.cards
        self.phase = "design"
        self.unplaced = list(c.start_rooms)
        self.grid: dict[str, list[str]] = {loc: [] for loc in LOCATIONS}
        self.face_up: list[str] = []
        self.tokens: dict[str, str] = {}
        self.token_supply = MAP_TOKENS
        self.entries: list[list[str]] = []
        self.dungeon_deck = [d for d in c.dungeon if d not in c.start_rooms]
        self.opening: list[str] = []
        self.guardian_hand: list[str] = []
        self.removed: list[list[Any]] = []  # [card, hero credited]
        self.captured: list[str] = []
        self.out_of_game: list[str] = []
        self.adv_deck = list(c.adventurers)
        self.tavern: list[str] = []
        self.treasure_deck = list(c.treasure)
        self.market: list[str] = []
        n = self.n_heroes
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.party: list[list[str]] = [[] for _ in range(n)]
        self.frozen: list[list[str]] = [[] for _ in range(n)]
        self.ventured: list[list[str]] = [[] for _ in range(n)]
        self.items: dict[str, list[str]] = {}
        self.levels: dict[str, int] = {}
        self.level_supply = LEVEL_TOKENS
        self.carry = [0] * n
        self.hero_stones = 0
        self.guardian_stones = 0
        self.active = 0
        self.round_no = 0
        self.turn = "hero"
        self.hero_out = False  # the Hero has ended his turns (or spent his stones) this round
        self.passed: str | None = None  # "hero"/"guardian": the last option was that side's pass
        # The stalemate guard (RULE_NOTES): whether an action this round surely changed
        # the position ('changed'), else the position before the first action that might be
        # undone within the round (:meth:`_round_print`; None: no such action yet), and how
        # many rounds in a row changed nothing.
        self.changed = False
        self.round_start: str | None = None
        self.idle_rounds = 0
        self.casters_used: list[str] = []
        self.setup_hero = 0
        self.picks_left = 0
        self.attempt: dict[str, Any] | None = None
        self.build: dict[str, Any] | None = None
        self.end_reason: str | None = None
        self.record("setup", f"{says(self.players[self.guardian], 'design')} the Dungeon: 16 "
                    "rooms, "
                    "face down, in a 4 by 4 grid.")

    @property
    def guardian(self) -> int:
        """The Guardian's player index (the last player)."""
        return len(self.players) - 1

    @property
    def n_heroes(self) -> int:
        return len(self.players) - 1

    # ------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.phase in ("design", "entry", "keep"):
            return self.guardian
        if self.phase in ("recruit", "pick"):
            return self.setup_hero
        if self.build is not None:
            return self.guardian
        if self.attempt is not None:
            stage = self.attempt["stage"]
            if stage == "window" or (stage == "first" and self.attempt["chooser"] == "guardian"):
                return self.guardian
            return self.active
        return self.active if self.turn == "hero" else self.guardian

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    def hero_points(self, hero: int) -> int:
        """Points of one Hero: rooms he Ventured, and half (up) of rooms removed in his rounds."""
        c = self.cards
        return (sum(c.points(r) for r in self.ventured[hero])
                + sum(half_rounded_up(c.points(r)) for r, h in self.removed if h == hero))

    def guardian_points(self) -> int:
        """1 per 2 locations without a Map/Scout Token, the Vault's 8, captured cards.

        Every part is public, so a player's view counts the same as the game: the Vault is
        in the Dungeon until the Hero Ventures it (the Guardian can never remove it).
        """
        c = self.cards
        vault_in = not any(c.vault in pile for pile in self.ventured)
        return ((len(LOCATIONS) - len(self.tokens)) // 2
                + (c.points(c.vault) if vault_in else 0)
                + sum(c.points(x) for x in self.captured))

    def scores(self) -> tuple[int, ...]:
        """Each Hero's own points, then the Guardian's (Heroes win or lose as a team)."""
        return (*(self.hero_points(h) for h in range(self.n_heroes)), self.guardian_points())

    def team_scores(self) -> tuple[int, int]:
        """``(Heroes together, Guardian)``."""
        s = self.scores()
        return sum(s[:-1]), s[-1]

    def winner(self) -> str | None:
        """``'heroes'``, ``'guardian'`` or ``'tie'`` once over; None before."""
        if not self.is_over:
            return None
        heroes, guardian = self.team_scores()
        return "heroes" if heroes > guardian else "guardian" if guardian > heroes else "tie"

    # ------------------------------------------------------------ helpers
    def name(self, card: str) -> str:
        return self.cards.name(card)

    def mapped(self) -> set[str]:
        return {loc for loc, t in self.tokens.items() if t == "map"}

    def entry_locations(self) -> list[str]:
        return [loc for loc, _side in self.entries]

    def targetable(self) -> set[str]:
        """Locations the Hero may Scout or Venture now."""
        return targetable(self.entry_locations(), self.mapped())

    def owner_of(self, adv: str) -> int | None:
        for h in range(self.n_heroes):
            if adv in self.party[h] or adv in self.frozen[h]:
                return h
        return None

    def has_power(self, adv: str, power: str) -> bool:
        """Does an Adventurer have a Power (on its card, or from an attached Item)?"""
        return has_power(self.cards, adv, power, self.items.get(adv, ()))

    def _remove_face_up(self, card: str) -> None:
        if card in self.face_up:
            self.face_up.remove(card)

    def roll_modifier(self, roll: str, adv: str, room: str, loc: str) -> int:
        """The total modifier of ``adv`` rolling ``roll`` against ``room`` at ``loc`` now:
        :func:`.scout_venture.roll_modifier` of its Items and Level Tokens, the rooms at
        ``loc`` and the Combat cards played for the roll of the attempt under way.

        >>> game = scout_venture_position("scout", ["A01"], ["D10"])
        >>> game.roll_modifier("scout", "A01", "D10", "A1")   # a Cleric against an Evil room
        4
        """
        at = self.attempt
        return roll_modifier(self.cards, roll, adv, room, items=self.items.get(adv, ()),
                             level=self.levels.get(adv, 0), location=self.grid[loc],
                             bonus=0 if at is None else at["bonus"],
                             retreat_bonus=0 if at is None else at["retreat_bonus"])

    # ------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "design":
            acts: list[Action] = [Deal()]
            empty = [loc for loc in LOCATIONS if not self.grid[loc]]
            acts += [shared(Place, card, loc) for card in self.unplaced for loc in empty]
            return acts
        if phase == "entry":
            return [Entry(loc, side) for side in self._entry_sides()
                    for loc in side_locations(side)]
        if phase == "keep":
            return [Keep(card) for card in self.opening]
        if phase == "recruit":
            acts = [Recruit("random")]
            if self._two_pointers_left() >= START_ADVENTURERS:
                acts.append(Recruit("pick"))
            return acts
        if phase == "pick":
            return [Pick(a) for a in self.adv_deck if self.cards.points(a) == 2]
        if self.build is not None:
            return build_actions(self.build, self.grid, self.tokens, self.guardian_hand,
                                 self.cards)
        if self.attempt is not None:
            return self._attempt_actions()
        if self.turn == "hero":
            return self._hero_option_actions()
        return self._guardian_option_actions()

    def _entry_sides(self) -> tuple[str, ...]:
        if not self.entries:
            return SIDES
        return (OPPOSITE[self.entries[0][1]],)

    def _two_pointers_left(self) -> int:
        c = self.cards
        if HIDDEN not in self.adv_deck:
            return sum(1 for a in self.adv_deck if c.points(a) == 2)
        # A Hero's view while recruiting: the deck is face down, but it holds every
        # Adventurer not in sight (the Heroes before him drew or picked theirs openly).
        elsewhere = {a for group in (self.party, self.frozen) for cards in group for a in cards}
        elsewhere.update(self.tavern, self.captured)
        return sum(1 for a in c.adventurers if c.points(a) == 2 and a not in elsewhere)

    def _hero_plays(self, timing: str, stones: int) -> list[Action]:
        """Play/Cast actions of the active Hero for cards of this Timing."""
        c = self.cards
        hand = self.hands[self.active]
        acts: list[Action] = []
        casters = [a for a in self.party[self.active]
                   if self.has_power(a, "Spell Casting") and a not in self.casters_used]
        for card in dict.fromkeys(hand):
            kind = c[card].get("kind")
            if card in c.adventurers:
                if timing == "Non-Combat" and stones >= 1:
                    acts.append(shared(Play, card))
            elif kind == "item":
                if timing == "Non-Combat" and stones >= 1:
                    acts += [shared(Play, card, a) for p in self.party for a in p
                             if len(self.items.get(a, ())) < MAX_ITEMS]
            elif kind == "spell" and c[card].get("timing", "Non-Combat") == timing:
                whom = targets(self, c[card])
                if stones >= 1:
                    acts += [shared(Play, card, t) for t in whom]
                acts += [shared(Cast, card, caster, t) for caster in casters for t in whom]
        return acts

    def _hero_option_actions(self) -> list[Action]:
        stones = self.hero_stones
        h = self.active
        acts: list[Action] = [End()]
        if self.guardian_stones > 0 and self.passed != "guardian":
            acts.insert(0, Pass())  # "if the Guardian chooses to keep passing, the Hero must
            # either end his/her turn or take action": a pass never answers his pass
        party = self.party[h]
        for loc in sorted(self.targetable(), key=LOCATIONS.index):
            rooms = len(self.grid[loc])
            if stones >= COST["scout"] and self.tokens.get(loc) != "scout" \
                    and len(party) >= max(1, rooms) and rooms <= ORDER_TOKENS:
                acts.append(shared(Scout, loc))
            if stones >= COST["venture"] and party:
                acts.append(shared(Venture, loc))
        acts += self._hero_plays("Non-Combat", stones)
        if stones >= 1:
            acts += [shared(Take, card) for card in self.tavern + self.market]
            acts += [shared(Take, i) for a in party for i in self.items.get(a, ())
                     if not self.cards.is_cursed(i)]
            if self.adv_deck:
                acts.append(Draw("adventurers"))
            if self.treasure_deck:
                acts.append(Draw("treasure"))
        return acts

    def _guardian_option_actions(self) -> list[Action]:
        acts: list[Action] = [Pass(), Draw("dungeon")]
        free = unprotected(self.tokens)
        if any(self.grid[loc] for loc in free):
            acts.append(Rebuild())
        if any(self.cards.is_room(x) for x in self.guardian_hand) and free:
            acts.append(Restock())
        acts += self._guardian_plays("Non-Combat")
        return acts

    def _guardian_plays(self, timing: str) -> list[Action]:
        if self.guardian_stones < 1:
            return []
        c = self.cards
        acts: list[Action] = []
        for card in dict.fromkeys(self.guardian_hand):
            if c[card].get("kind") != "effect" or c[card].get("timing", "Non-Combat") != timing:
                continue
            acts += [shared(Play, card, t) for t in targets(self, c[card])]
        return acts

    # ------------------------------------------------------------ checking
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty once over)."""
        acts = super().legal_actions()
        # Remembered for the ``apply`` that usually follows with one of these very objects,
        # so the list is not built twice (random playouts and bots: about half the time).
        self._legal_memo = (self._memo_key(), acts)
        return acts

    def _memo_key(self) -> tuple[int, int, int | None]:
        return len(self.history), len(self.log), None if self.rng is None else self.rng.state

    def _check(self, action: Action) -> None:
        memo = self.__dict__.pop("_legal_memo", None)
        if memo is not None and memo[0] == self._memo_key() and any(
                a is action for a in memo[1]):
            return  # the very object legal_actions() just listed for this position
        quick = self._quick_legal(action)
        if quick or (quick is None and action in self._legal_actions()):
            return
        raise IllegalActionError(self._explain(action))

    def _quick_legal(self, action: Action) -> bool | None:
        """Legality of the actions with the longest lists (placing rooms), decided without
        building the list; None: ask ``_legal_actions``. (A test checks the two agree.)"""
        if isinstance(action, Place):
            return (self.phase == "design" and action.card in self.unplaced
                    and action.loc in self.grid and not self.grid[action.loc])
        if isinstance(action, (SetRoom, Discard)) and self.build is not None \
                and self.build["kind"] == "rebuild":
            return rebuild_allows(self.build, self.grid, action.card,
                                  action.loc if isinstance(action, SetRoom) else None,
                                  self.cards.vault)
        return None

    def _explain(self, action: Action) -> str:  # noqa: C901 - one message per rule
        """Why ``action`` is illegal now, naming the rule."""
        v = action.verb
        c = self.cards
        who = self.players[self.current_player] if self.current_player is not None else "nobody"
        loc = getattr(action, "loc", None)
        if loc is not None and loc not in LOCATIONS:
            return f"{v}: {loc!r} is not a location (A1-D4: columns A-D, rows 1-4)"
        for attr in ("card", "adventurer", "room", "item", "caster"):
            x = getattr(action, attr, None)
            if x is not None and x not in c:
                return f"{v}: there is no card {x!r}"
        setup_verbs = {"place", "deal", "entry", "keep", "recruit", "pick"}
        if self.phase != "round" and v not in setup_verbs:
            return f"{v}: the game is still being set up ({self.phase}); {who} is to act"
        if self.phase == "round" and v in setup_verbs:
            return f"{v}: set-up is over"
        if self.phase == "design":
            if v != "place" and v != "deal":
                return f"{v}: the Guardian first places the 16 starting rooms"
            if action.card not in self.unplaced:  # type: ignore[attr-defined]
                return "place: only the 16 starting rooms not yet placed go into the grid"
            return f"place: {loc} already holds a room (one starting room a location)"
        if self.phase == "entry":
            if v != "entry":
                return f"{v}: the Guardian now places the two Entry Tokens"
            side = action.side  # type: ignore[attr-defined]
            if side not in SIDES:
                return f"entry: side must be one of {', '.join(SIDES)}"
            if self.entries and side != OPPOSITE[self.entries[0][1]]:
                return ("entry: the second Entry Token goes on one of the four locations on "
                        f"the side opposite the first ({OPPOSITE[self.entries[0][1]]})")
            return f"entry: an Entry Token goes on the outside edge; {loc} is not on the {side}"
        if self.phase == "keep":
            return "keep: keep 2 of the 5 Dungeon cards you drew"
        if self.phase == "recruit":
            if v == "recruit" and action.method == "pick":  # type: ignore[attr-defined]
                return "recruit: fewer than 3 Adventurers worth 2 points remain to pick"
            return "recruit: choose 'random' (draw 3) or 'pick' (3 worth 2 points)"
        if self.phase == "pick":
            return "pick: pick an Adventurer worth 2 points from the Adventurer deck"
        if self.build is not None:
            return refusal(action, self.build, self.grid, self.tokens, self.guardian_hand,
                           self.cards)
        if self.attempt is not None:
            return self._explain_attempt(action)
        hero_turn = self.turn == "hero"
        hero_verbs = {"scout", "venture", "take", "cast"}
        guardian_verbs = {"rebuild", "restock"}
        combat_verbs = {"order", "enter", "first", "roll", "retreat", "continue", "save", "lose",
                        "stow"}
        if v in combat_verbs:
            return f"{v}: only during a Scout or Venture"
        if v in {"lift", "arrange", "set", "shift", "discard", "done"}:
            return f"{v}: only during a Rebuild or Restock"
        if v == "pass" and hero_turn:
            if self.passed == "guardian":
                return ("pass: the Guardian has just passed, so you act or end your turns for "
                        "this round ('end'): a pass never answers his pass")
            return "pass: the Guardian has no Action Stone left; act or end your turns ('end')"
        if v == "end" and not hero_turn:
            return "end: only a Hero ends his turns; the Guardian passes ('pass')"
        if hero_turn and v in guardian_verbs:
            return f"{v}: only the Guardian may {v}; it is {who}'s option"
        if not hero_turn and v in hero_verbs:
            return f"{v}: only a Hero may {v}; it is the Guardian's option"
        if hero_turn:
            stones = self.hero_stones
            if v in ("scout", "venture"):
                if stones < COST[v]:
                    return f"{v}: costs {COST[v]} Action Stones; {who} has {stones}"
                if loc in self.tokens and self.tokens[loc] == "map":
                    return f"{v}: {loc} is already Mapped"
                if loc not in self.targetable():
                    return (f"{v}: {loc} is not next to an Entry or to a Mapped location joined "
                            "to an Entry (never diagonal, never isolated)")
                if v == "scout" and self.tokens.get(loc) == "scout":
                    return f"scout: {loc} is already Scouted"
                return (f"{v}: needs at least as many Adventurers in play as rooms at {loc} "
                        "(Scout) or at least one (Venture)")
            if v == "draw" and action.deck == "dungeon":  # type: ignore[attr-defined]
                return "draw: only the Guardian draws Dungeon cards"
            if v in ("play", "take", "draw") and stones < 1:
                return f"{v}: costs 1 Action Stone; {who} has none"
            if v in ("play", "cast"):
                return self._explain_play(action, self.hands[self.active], "Non-Combat")
            if v == "take":
                card = action.card  # type: ignore[attr-defined]
                if c.is_cursed(card):
                    return "take: a Hero can't pick up a Cursed Item from an Adventurer"
                return ("take: only a face-up Tavern or Market card, or an Item on one of your "
                        "Adventurers in play")
            if v == "draw":
                return "draw: that deck is empty or unknown (adventurers or treasure)"
        else:
            if v == "draw" and action.deck != "dungeon":  # type: ignore[attr-defined]
                return "draw: the Guardian draws from the dungeon deck ('draw dungeon')"
            if v == "restock":
                return "restock: needs a Room card in the Guardian's hand"
            if v == "rebuild":
                return "rebuild: no location without a Map/Scout Token holds a room"
            if v == "play":
                if self.guardian_stones < 1:
                    return "play: costs 1 Action Stone; the Guardian has none"
                return self._explain_play(action, self.guardian_hand, "Non-Combat")
        return f"{action}: not a legal action now; {who} is to act"

    def _explain_play(self, action: Action, hand: list[str], timing: str) -> str:
        c = self.cards
        card = action.card  # type: ignore[attr-defined]
        target = getattr(action, "target", None)
        if card not in hand:
            return f"{action.verb}: {self.name(card)} is not in your hand"
        info = c[card]
        if info.get("kind") in ("room", "vacant", "vault"):
            return "play: Room cards go into the Dungeon with a Restock, not Play a Card"
        if info.get("timing", "Non-Combat") != timing:
            return (f"{action.verb}: {info['name']} has Timing: {info.get('timing')}; it can't be "
                    f"played now ({timing})")
        if action.verb == "cast":
            caster = action.caster  # type: ignore[attr-defined]
            if info.get("kind") != "spell":
                return "cast: Spell Casting lowers the cost of Spell cards only"
            if caster not in self.party[self.active] or not self.has_power(caster,
                                                                            "Spell Casting"):
                return "cast: the caster must be one of your Adventurers with Spell Casting"
            if caster in self.casters_used:
                return "cast: Spell Casting is once per round per Adventurer"
        if info.get("kind") == "item":
            if target is None or self.owner_of(target) is None or any(
                    target in f for f in self.frozen):
                return "play: an Item goes on an Adventurer in play (not Frozen)"
            return f"play: an Adventurer may have up to {MAX_ITEMS} Items"
        why = wrong_target(self, info) if "effect" in info else None
        if why is not None:
            return f"play: {why}"
        return f"{action.verb}: {info['name']} needs another target (not {target!r})"

    # ------------------------------------------------------------ performing
    # set-up -------------------------------------------------------------
    @performs(Place)
    def _place(self, a: Place) -> None:
        self.unplaced.remove(a.card)
        self.grid[a.loc].append(a.card)
        g = self.guardian
        self.record("place", f"A room is placed at {a.loc}.", player=g)
        if not self.unplaced:
            self.phase = "entry"

    @performs(Deal)
    def _deal(self, a: Deal) -> None:
        g = self.guardian
        cards = list(self.unplaced)
        self.rng.shuffle(cards)
        empty = [loc for loc in LOCATIONS if not self.grid[loc]]
        for loc, card in zip(empty, cards, strict=True):
            self.grid[loc].append(card)
        self.unplaced = []
        self.record("place", f"{says(self.players[g], 'place')} the remaining rooms.", player=g)
        self.record("deal", "Rooms dealt at random: " + ", ".join(
            f"{loc} {self.name(card)}" for loc, card in zip(empty, cards, strict=True)),
            player=g, visible_to=(g,), placed=dict(zip(empty, cards, strict=True)))
        self.phase = "entry"

    @performs(Entry)
    def _entry(self, a: Entry) -> None:
        self.entries.append([a.loc, a.side])
        self.record("entry", f"Entry Token on the {a.side} edge of {a.loc}.",
                    player=self.guardian, loc=a.loc, side=a.side)
        if len(self.entries) == 2:
            g = self.guardian
            self.rng.shuffle(self.dungeon_deck)
            self.record("shuffle", "The Dungeon deck is shuffled.", visible_to=(),
                        order=list(self.dungeon_deck))
            for _ in range(OPENING_DRAW):
                self.opening.append(self.dungeon_deck.pop())
            self.record("draw", f"{says(self.players[g], 'draw')} {OPENING_DRAW} Dungeon cards.",
                        player=g)
            self.record("draw", "Drawn: " + ", ".join(map(self.name, self.opening)) + ".", player=g,
                        visible_to=(g,), cards=list(self.opening))
            self.phase = "keep"

    @performs(Keep)
    def _keep(self, a: Keep) -> None:
        g = self.guardian
        self.opening.remove(a.card)
        self.guardian_hand.append(a.card)
        self.record("keep", "The Guardian keeps a card.", player=g)
        if len(self.guardian_hand) == OPENING_KEEP:
            self.dungeon_deck.extend(self.opening)
            self.opening = []
            self.rng.shuffle(self.dungeon_deck)
            self.record("shuffle", "The other 3 go back; the Dungeon deck is shuffled.",
                        visible_to=(), order=list(self.dungeon_deck))
            self.phase = "recruit"
            self.setup_hero = 0
            self.rng.shuffle(self.treasure_deck)
            self.record("shuffle", "The Treasure deck is shuffled.", visible_to=(),
                        order=list(self.treasure_deck))

    @performs(Recruit)
    def _recruit(self, a: Recruit) -> None:
        h = self.setup_hero
        if a.method == "random":
            self.rng.shuffle(self.adv_deck)
            self.record("shuffle", "The Adventurer deck is shuffled.", visible_to=(),
                        order=list(self.adv_deck))
            drawn = [self.adv_deck.pop() for _ in range(START_ADVENTURERS)]
            self.party[h].extend(drawn)
            self.record("recruit", f"{says(self.players[h], 'draw')} Adventurers: "
                        + ", ".join(map(self.name, drawn)) + ".", player=h, cards=drawn)
            self._finish_hero_setup()
        else:
            self.phase = "pick"
            self.mark_irreversible(f"{self.players[h]} has seen the Adventurer deck")
            self.picks_left = START_ADVENTURERS
            self.record("recruit", f"{says(self.players[h], 'pick')} 3 Adventurers worth 2 points.",
                        player=h)

    @performs(Pick)
    def _pick(self, a: Pick) -> None:
        h = self.setup_hero
        self.adv_deck.remove(a.card)
        self.party[h].append(a.card)
        self.record("pick", f"{says(self.players[h], 'pick')} {self.name(a.card)}.", player=h,
                    card=a.card)
        self.picks_left -= 1
        if self.picks_left == 0:
            self.rng.shuffle(self.adv_deck)
            self.record("shuffle", "The Adventurer deck is shuffled.", visible_to=(),
                        order=list(self.adv_deck))
            self._finish_hero_setup()

    def _finish_hero_setup(self) -> None:
        h = self.setup_hero
        drawn = [self.treasure_deck.pop() for _ in range(START_TREASURE)]
        self.hands[h].extend(drawn)
        self.record("draw", f"{says(self.players[h], 'draw')} {START_TREASURE} Treasure cards.",
                    player=h)
        self.record("draw", "Drawn: " + ", ".join(map(self.name, drawn)) + ".", player=h,
                    visible_to=(h,), cards=drawn)
        if h + 1 < self.n_heroes:
            self.setup_hero = h + 1
            self.phase = "recruit"
            return
        self._replenish()
        self.phase = "round"
        self._start_round(first=True)

    def _replenish(self) -> None:
        added = []
        while len(self.tavern) < FACE_UP and self.adv_deck:
            self.tavern.append(self.adv_deck.pop())
            added.append(self.tavern[-1])
        while len(self.market) < FACE_UP and self.treasure_deck:
            self.market.append(self.treasure_deck.pop())
            added.append(self.market[-1])
        if added:
            self.record("replenish", "Face up in the Tavern and Market: "
                        + ", ".join(map(self.name, added)) + ".", cards=added)
            self.mark_irreversible("new Tavern and Market cards have been turned face up")

    def _round_print(self) -> str:
        """A digest of the position without the round's own bookkeeping (stones, whose turn,
        the round's number), and of the RNG: two prints are equal only if nothing moved, no
        die was rolled and no card shuffled in between (the stalemate guard, RULE_NOTES)."""
        data = {f: getattr(self, f) for f in self._FIELDS if f not in _ROUND_BOOKKEEPING}
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        rng = self.rng.state  # type: ignore[union-attr]
        return hashlib.blake2b(f"{text}|{rng}".encode(), digest_size=8).hexdigest()

    def _perform(self, action: Action) -> None:
        # The stalemate guard: most actions surely change the position; the few that may be
        # undone within the round (a Restock or Rebuild, an Item taken back or played again)
        # have the position printed before the first of them, to compare at the round's end
        # (reading the position at every round cost a fifth of the engine's time).
        if self.phase == "round" and not self.changed:
            effect = _ROUND_EFFECT.get(type(action), "changes")
            if callable(effect):
                effect = effect(self, action)
            if effect == "changes":
                self.changed = True
            elif effect == "may be undone" and self.round_start is None:
                self.round_start = self._round_print()
        super()._perform(action)

    def _round_changed(self) -> bool:
        """Whether this round changed anything (the stalemate guard)."""
        if self.changed:
            return True
        return self.round_start is not None and self._round_print() != self.round_start

    def _start_round(self, first: bool = False) -> None:
        if not first:
            idle = not self._round_changed()
            self.idle_rounds = self.idle_rounds + 1 if idle else 0
            if self.idle_rounds >= self.n_heroes:  # every Hero's round idle: RULE_NOTES
                rounds = "round" if self.idle_rounds == 1 else f"{self.idle_rounds} rounds"
                self.record("stalemate", f"Nothing changed in the last {rounds} (nobody acted, "
                            "or what was done was undone), so the game ends: waiting longer "
                            "would change nothing.")
                self._end_game("stalemate")
                return
            self.carry[self.active] = min(CARRY_OVER, self.hero_stones)
            self.active = (self.active + 1) % self.n_heroes
            self._replenish()
        self.round_no += 1
        self.hero_stones = HERO_STONES[len(self.players)] + self.carry[self.active]
        self.carry[self.active] = 0
        self.guardian_stones = GUARDIAN_STONES
        self.turn = "hero"
        self.hero_out = False
        self.passed = None
        self.casters_used = []
        self.record("round", f"Round {self.round_no}: {says(self.players[self.active], 'have')} "
                    f"{count(self.hero_stones, 'Action Stone')}, the Guardian "
                    f"{self.guardian_stones}.", round=self.round_no, hero=self.active)
        self.changed, self.round_start = False, None

    # turn order ---------------------------------------------------------
    def _after_hero_action(self) -> None:
        if self.is_over:
            return
        self.passed = None
        if self.hero_stones <= 0:
            self.hero_out = True
        if self.guardian_stones > 0:
            self.turn = "guardian"
        elif not self.hero_out:
            self.turn = "hero"
        else:
            self._start_round()

    def _after_guardian_action(self) -> None:
        if self.is_over:
            return
        self.passed = None
        if not self.hero_out:
            self.turn = "hero"
        elif self.guardian_stones > 0:
            self.turn = "guardian"
        else:
            self._start_round()

    @performs(Pass)
    def _pass(self, a: Pass) -> None:
        if self.turn == "hero":  # one turn to the Guardian, then the option comes back
            self.record("pass", f"{says(self.players[self.active], 'pass')}: the Guardian may "
                        "act.", player=self.active)
            self.passed, self.turn = "hero", "guardian"
        elif self.hero_out:  # the Guardian's final option, declined: the round ends
            self.record("pass", f"{says(self.players[self.guardian], 'pass')}; the round ends.",
                        player=self.guardian)
            self._start_round()
        else:
            self.record("pass", f"{says(self.players[self.guardian], 'pass')}: "
                        f"{subject(self.players[self.active])} must act or end the round.",
                        player=self.guardian)
            self.passed, self.turn = "guardian", "hero"

    @performs(End)
    def _end_turns(self, a: End) -> None:
        name = self.players[self.active]
        kept = min(CARRY_OVER, self.hero_stones)
        self.record("end_turns", f"{says(name, 'end')} {their(name)} turns "
                    "for this round" + (" (1 stone carries over)." if kept else "."),
                    player=self.active)
        self.hero_out, self.passed = True, None
        if self.guardian_stones > 0:
            self.turn = "guardian"  # the Guardian's Final Action Option
        else:
            self._start_round()

    def _end_game(self, reason: str) -> None:
        """Stop play: the Dungeon is turned face up and the game is scored."""
        self.end_reason = reason
        c = self.cards
        where = next((loc for loc, rooms in self.grid.items() if c.vault in rooms), None)
        if where is not None:
            self.record("reveal_all", f"The Dungeon is turned face up: the Treasure Vault was at "
                        f"{where}.", grid={k: list(v) for k, v in self.grid.items()})
        heroes, guardian = self.team_scores()
        side = "the Heroes" if self.n_heroes > 1 else self.players[0]
        verdict = {"heroes": f"{side} {verb_form(side, 'win')}", "tie": "a tie",
                   "guardian": f"{self.players[self.guardian]} "
                               f"{verb_form(self.players[self.guardian], 'win')}"}
        self.record("score", f"Final score: {'Heroes' if self.n_heroes > 1 else side} "
                    f"{heroes}, {self.players[self.guardian]} {guardian}: "
                    f"{verdict[self.winner() or 'tie']}.", scores=list(self.scores()))
        self.mark_irreversible("the game is over and the Dungeon is face up")

    # hero option actions -------------------------------------------------
    def _strip(self, adv: str, treasure_to: str) -> None:
        """Take everything off an Adventurer leaving play (captured or Frozen)."""
        for item in self.items.pop(adv, []):
            if self.cards.is_cursed(item):
                self.guardian_hand.append(item)
            elif treasure_to == "captured":
                self.captured.append(item)
            else:
                self.treasure_deck.append(item)
        self.level_supply += self.levels.pop(adv, 0)

    def _capture(self, adv: str) -> None:
        h = self.owner_of(adv)
        assert h is not None
        if adv in self.party[h]:
            self.party[h].remove(adv)
        else:
            self.frozen[h].remove(adv)
        self._strip(adv, "captured")
        self.captured.append(adv)
        at = self.attempt
        if at is not None and adv in at["order"][at["next"]:]:
            at["order"].remove(adv)
            at["captured"].append(adv)
        elif at is not None:
            at["captured"].append(adv)
        self.record("capture", f"The Guardian captures {self.name(adv)}.", player=self.guardian,
                    card=adv)

    # playing cards -------------------------------------------------------
    @performs(Play)
    def _play(self, a: Play) -> None:
        # A card from a hidden hand, now seen by everyone: undo may not hide it again.
        self.mark_irreversible(f"{self.name(a.card)} has been played face up")
        if self.current_player == self.guardian:
            self.guardian_stones -= 1
            self.guardian_hand.remove(a.card)
            self._effect(a.card, a.target, self.guardian)
            if self.attempt is not None:  # a Combat card in the window
                if not self._guardian_plays("Combat"):
                    self._resolve_roll()
                return
            self._after_guardian_action()
            return
        self.hero_stones -= 1
        self._hero_play(a.card, a.target)

    @performs(Cast)
    def _cast(self, a: Cast) -> None:
        self.mark_irreversible(f"{self.name(a.card)} has been played face up")
        self.casters_used.append(a.caster)
        self.record("cast", f"{self.name(a.caster)} uses Spell Casting: the Spell costs 0.",
                    player=self.active, caster=a.caster)
        self._hero_play(a.card, a.target)

    def _hero_play(self, card: str, target: str | None) -> None:
        h = self.active
        self.hands[h].remove(card)
        info = self.cards[card]
        if card in self.cards.adventurers:
            self.party[h].append(card)
            self.record("play", f"{says(self.players[h], 'play')} {self.name(card)} into play.",
                        player=h, card=card)
        elif info["kind"] == "item":
            assert target is not None
            self.items.setdefault(target, []).append(card)
            self.record("play", f"{says(self.players[h], 'equip')} {self.name(target)} with "
                        f"{self.name(card)}.", player=h, card=card, target=target)
        else:
            self._effect(card, target, h)
        if self.attempt is None:
            self._after_hero_action()

    def _effect(self, card: str, target: str | None, player: int) -> None:
        """A Spell or Dungeon Effect card: apply it (:data:`.effects.VOCABULARY`) and remove
        it from the game."""
        info = self.cards[card]
        self.out_of_game.append(card)
        VOCABULARY.perform(info, self, card, target, player)

    @performs(Take)
    def _take(self, a: Take) -> None:
        h = self.active
        self.hero_stones -= 1
        if a.card in self.tavern:
            self.tavern.remove(a.card)
            where = "the Tavern"
        elif a.card in self.market:
            self.market.remove(a.card)
            where = "the Market"
        else:
            adv = next(x for x, items in self.items.items() if a.card in items)
            self.items[adv].remove(a.card)
            where = self.name(adv)
        self.hands[h].append(a.card)
        self.record("take", f"{says(self.players[h], 'take')} {self.name(a.card)} from {where}.",
                    player=h, card=a.card)
        self._after_hero_action()

    @performs(Draw)
    def _draw(self, a: Draw) -> None:
        if a.deck == "dungeon":
            g = self.guardian
            self.guardian_stones -= 1
            if not self.dungeon_deck:
                self.record("end", "The Guardian tries to draw, but the Dungeon deck is empty: "
                            "the game ends.", player=g)
                self._end_game("deck")
                return
            card = self.dungeon_deck.pop()
            self.guardian_hand.append(card)
            self.record("draw", "The Guardian draws a Dungeon card.", player=g)
            self.record("draw", f"Drawn: {self.name(card)}.", player=g, visible_to=(g,),
                        card=card)
            self.mark_irreversible("the Guardian has seen the card he drew")
            self._after_guardian_action()
            return
        h = self.active
        self.hero_stones -= 1
        deck = self.adv_deck if a.deck == "adventurers" else self.treasure_deck
        card = deck.pop()
        self.hands[h].append(card)
        self.record("draw", f"{says(self.players[h], 'draw')} the top {a.deck} card.", player=h)
        self.record("draw", f"Drawn: {self.name(card)}.", player=h, visible_to=(h,), card=card)
        self.mark_irreversible(f"{says(self.players[h], 'have')} seen the card drawn")
        self._after_hero_action()

    # ------------------------------------------------------------ a Scout or Venture
    def _attempt_actions(self) -> list[Action]:
        at = self.attempt
        assert at is not None
        stage = at["stage"]
        h = self.active
        if stage == "order":
            acts: list[Action] = []
            if len(at["order"]) < ORDER_TOKENS:
                acts += [shared(Order, a) for a in self.party[h] if a not in at["order"]]
            if at["order"] and (at["kind"] != "scout" or len(at["order"]) >= len(
                    self.grid[at["loc"]])):
                acts.append(Enter())
            return acts
        if stage == "first":
            return [First(r) for r in first_choices(self.grid[at["loc"]], at["done"],
                                                    at["kind"], self.cards.vault)]
        if stage == "roll":
            acts = [Roll()]
            if at["kind"] == "venture" and at["next"] >= 1:
                acts.append(Retreat())
            acts += self._hero_plays("Combat", self.hero_stones)
            return acts
        if stage == "window":
            return [Continue(), *self._guardian_plays("Combat")]
        if stage == "stow":
            adv = at["victim_stow"]
            return [Stow(i) for i in self.items.get(adv, ()) if not self.cards.is_cursed(i)]
        if stage == "save":
            return [Lose(), *(Save(x) for x in self._save_options(at["victim"]))]
        raise AssertionError(stage)

    def _save_options(self, victim: str) -> list[str]:
        """Cards that may be captured in place of ``victim`` now (:func:`.save_options`)."""
        at = self.attempt
        return save_options(self.cards, victim, self.items.get(victim, ()),
                            self.party[self.active], bool(at is not None and at["stand_in"]))

    def _explain_attempt(self, action: Action) -> str:
        at = self.attempt
        assert at is not None
        v = action.verb
        stage = at["stage"]
        if v == "first" and action.room == self.cards.vault and at["kind"] == "venture" \
                and len(self.grid[at["loc"]]) > 1:  # type: ignore[attr-defined]
            return ("first: the Treasure Vault is never Ventured first while another room "
                    "shares its location")
        if stage == "order":
            if v == "order":
                if len(at["order"]) >= ORDER_TOKENS:
                    return "order: there are only 4 Order Tokens"
                if action.adventurer in at["order"]:  # type: ignore[attr-defined]
                    return "order: one Order Token per Adventurer"
                return "order: only your Adventurers in play (not Frozen) can enter"
            if v == "enter":
                if not at["order"]:
                    return "enter: place at least one Order Token first"
                return ("enter: Scouting needs at least as many Adventurers as there are "
                        f"rooms ({len(self.grid[at['loc']])})")
            return f"{v}: place the Order Tokens, then 'enter'"
        if stage == "first":
            if v == "first":
                return ("first: the Treasure Vault is never Ventured first while another room "
                        "shares its location" if action.room == self.cards.vault  # type: ignore
                        else "first: that room is not at this location")
            return f"{v}: the {at['chooser']} first chooses which room comes first"
        if stage == "roll":
            if v == "retreat":
                if at["kind"] != "venture":
                    return "retreat: only during a Venture"
                return "retreat: only after the 1st Adventurer in the order has rolled"
            if v in ("play", "cast"):
                if v == "play" and self.hero_stones < 1:
                    return "play: costs 1 Action Stone; you have none"
                return self._explain_play(action, self.hands[self.active], "Combat")
            return (f"{v}: during a Scout/Venture only Combat cards, a roll or a Retreat may be "
                    "played")
        if stage == "window":
            if v == "play":
                if self.guardian_stones < 1:
                    return "play: costs 1 Action Stone; the Guardian has none"
                return self._explain_play(action, self.guardian_hand, "Combat")
            return f"{v}: the Guardian may play a Combat card now, or 'continue'"
        if stage == "stow":
            if v == "stow" and self.cards.is_cursed(action.item):  # type: ignore[attr-defined]
                return "stow: a Hero can't pick up a Cursed Item"
            return ("stow: the Adventurer already holds 2 Items; choose one (not Cursed) to "
                    "return to your hand")
        if stage == "save":
            if v == "save" and at.get("stand_in"):
                return (f"save: {self.name(at['victim'])} stands in for "
                        f"{self.name(at['stand_in'])}; only Armor it wears can save it now")
            if v == "save":
                return ("save: Sacrifice - an Adventurer with Sacrifice, or Armor worn by the "
                        "captured Adventurer, may be captured in its place")
            return f"{v}: an Adventurer is about to be captured: 'save CARD' or 'lose'"
        return f"{v}: not legal now"

    @performs(Scout, Venture)
    def _declare(self, a: Scout | Venture) -> None:
        kind, loc = a.verb, a.loc
        self.hero_stones -= COST[kind]
        self.attempt = new_attempt(kind, loc)
        word = "Scout" if kind == "scout" else "Venture"
        self.record(kind, f"{says(self.players[self.active], 'will')} {word} {loc} "
                    f"({count(len(self.grid[loc]), 'room')}).", player=self.active, loc=loc)

    @performs(Order)
    def _order(self, a: Order) -> None:
        at = self.attempt
        assert at is not None
        at["order"].append(a.adventurer)
        self.record("order", f"Order Token {len(at['order'])} on {self.name(a.adventurer)}.",
                    player=self.active)

    @performs(Enter)
    def _enter(self, a: Enter) -> None:
        at = self.attempt
        assert at is not None
        rooms = self.grid[at["loc"]]
        at["revealed"] = list(rooms)  # a token needs every one of these done (RULE_NOTES)
        hidden = [r for r in rooms if r not in self.face_up]
        self.face_up.extend(hidden)
        if hidden:
            self.mark_irreversible(f"the rooms at {at['loc']} have been revealed")
        self.record("reveal", f"At {at['loc']}: " + (", ".join(map(self.name, rooms)) or
                                                      "no room") + ".", loc=at["loc"],
                    cards=list(rooms))
        if len(rooms) > 1:
            at["chooser"] = room_chooser(at["kind"], self.tokens.get(at["loc"]) == "scout")
        self._next_room()

    def _next_room(self) -> None:
        """Choose the current room (or end the attempt when none is left)."""
        at = self.attempt
        assert at is not None
        left = [r for r in self.grid[at["loc"]] if r not in at["done"]]
        if not left:
            self._end_attempt()
            return
        if at["current"] in left:
            at["stage"] = "roll"
            return
        choices = first_choices(self.grid[at["loc"]], at["done"], at["kind"], self.cards.vault)
        if len(choices) == 1:
            at["current"] = choices[0]
            at["stage"] = "roll"
        else:
            at["stage"] = "first"

    @performs(First)
    def _first(self, a: First) -> None:
        at = self.attempt
        assert at is not None
        at["current"] = a.room
        chooser = self.guardian if at["chooser"] == "guardian" else self.active
        self.record("first", f"{self.name(a.room)} is attempted first.", player=chooser,
                    room=a.room)
        at["stage"] = "roll"

    @performs(Roll)
    def _roll(self, a: Roll) -> None:
        self._announce(self.attempt["kind"])  # type: ignore[index]

    @performs(Retreat)
    def _retreat(self, a: Retreat) -> None:
        self._announce("retreat")

    def _announce(self, roll: str) -> None:
        at = self.attempt
        assert at is not None
        at["pending"] = roll
        if self._guardian_plays("Combat"):
            at["stage"] = "window"
        else:
            self._resolve_roll()

    @performs(Continue)
    def _let_roll(self, a: Continue) -> None:
        self._resolve_roll()

    def _resolve_roll(self) -> None:
        at = self.attempt
        assert at is not None
        roll = at["pending"]
        adv = at["order"][at["next"]]
        at["next"] += 1
        room = at["current"]
        loc = at["loc"]
        modifier = self.roll_modifier(roll, adv, room, loc)
        at["bonus"] = 0
        if roll == "retreat":
            at["retreat_bonus"] = 0
        die = self.rng.randint(1, 6)
        total = die + modifier
        target = TARGET[roll]
        success, capture = roll_result(roll, die, modifier)
        word = {"scout": "Scout", "venture": "Venture", "retreat": "Retreat"}[roll]
        result = "succeeds" if success else ("fails and is captured" if capture else "fails")
        self.record("roll", f"{self.name(adv)} rolls {die} {modifier:+d} = {total} to {word} "
                    f"{self.name(room)} (needs {target}+): {result}.", player=self.active,
                    die=die, modifier=modifier, total=total, roll=roll, adventurer=adv,
                    room=room, success=success)
        at["rolls"].append([roll, adv, room, die, total, success])
        if success:
            if roll == "retreat":
                self.record("retreat", "The Venture ends in a successful Retreat.",
                            player=self.active)
                self._end_attempt()
                return
            at["done"].append(room)
            at["current"] = None
            if roll == "venture":
                self.grid[loc].remove(room)
                self._remove_face_up(room)
                self.ventured[self.active].append(room)
                if room == self.cards.vault:
                    # Never Ventured first, so every room here is Ventured now: Map it first.
                    if all_done(at):
                        self._place_token(loc, "map")
                    self.record("end", f"{says(self.players[self.active], 'venture')} the "
                                "Treasure Vault: the game ends.", player=self.active)
                    self.attempt = None
                    self._end_game("vault")
                    return
            self._continue_attempt()
            return
        at["capture"] = capture
        at["victim"] = adv
        if self.cards.is_cursed(room):  # "fails any roll versus a Cursed Item": Retreat too
            items = self.items.get(adv, [])
            if len(items) < MAX_ITEMS:
                self._attach_cursed(adv, room)
            elif any(not self.cards.is_cursed(i) for i in items):
                at["stage"] = "stow"
                at["victim_stow"] = adv
                at["cursed"] = room
                return
        self._after_failure()

    def _attach_cursed(self, adv: str, room: str) -> None:
        at = self.attempt
        assert at is not None
        self.grid[at["loc"]].remove(room)
        self._remove_face_up(room)
        self.items.setdefault(adv, []).append(room)
        if at["current"] == room:
            at["current"] = None
        self.record("cursed", f"{self.name(room)} attaches itself to {self.name(adv)}.",
                    player=self.active, adventurer=adv, card=room)

    @performs(Stow)
    def _stow(self, a: Stow) -> None:
        at = self.attempt
        assert at is not None
        adv = at["victim_stow"]
        self.items[adv].remove(a.item)
        self.hands[self.active].append(a.item)
        self.record("stow", f"{self.name(a.item)} goes back to the hand.", player=self.active,
                    card=a.item)
        self._attach_cursed(adv, at["cursed"])
        at["victim_stow"] = None
        at["cursed"] = None
        self._after_failure()

    def _after_failure(self) -> None:
        at = self.attempt
        assert at is not None
        if at["capture"]:
            if self._save_options(at["victim"]):
                at["stage"] = "save"
                return
            self._capture(at["victim"])
        self._finish_failure()

    def _finish_failure(self) -> None:
        at = self.attempt
        assert at is not None
        at["capture"] = False
        at["victim"] = None
        at["stand_in"] = None
        if at["pending"] == "retreat":
            at["pending"] = None
        self._continue_attempt()

    @performs(Save)
    def _sacrifice(self, a: Save) -> None:
        at = self.attempt
        assert at is not None
        victim = at["victim"]
        self.record("sacrifice", f"{self.name(a.card)} is captured in place of "
                    f"{self.name(victim)}.", player=self.active, card=a.card, victim=victim)
        if a.card in self.items.get(victim, ()):  # Armor: saves only its wearer
            self.items[victim].remove(a.card)
            self.captured.append(a.card)
        else:  # an Adventurer with Sacrifice stands in; its own Armor may still save it
            at["stand_in"] = victim
            at["victim"] = a.card
            if self._save_options(a.card):
                return  # asked again: the stand-in's Armor, or lose the stand-in
            self._capture(a.card)
        self._finish_failure()

    @performs(Lose)
    def _lose(self, a: Lose) -> None:
        at = self.attempt
        assert at is not None
        self._capture(at["victim"])
        self._finish_failure()

    def _continue_attempt(self) -> None:
        at = self.attempt
        assert at is not None
        left = [r for r in self.grid[at["loc"]] if r not in at["done"]]
        if not left:
            self._end_attempt()
            return
        if at["next"] >= len(at["order"]):
            self._end_attempt()
            return
        self._next_room()

    def _place_token(self, loc: str, token: str) -> None:
        if loc not in self.tokens:
            self.token_supply -= 1
        self.tokens[loc] = token  # a Map Token replaces a Scout Token

    def _end_attempt(self) -> None:
        at = self.attempt
        assert at is not None
        loc = at["loc"]
        rooms = self.grid[loc]
        done = all_done(at) and not (at["kind"] == "venture" and rooms)
        if at["kind"] == "scout" and done:
            self._place_token(loc, "scout")
            self.record("scouted", f"{loc} is Scouted: its rooms stay face up.", loc=loc)
        elif at["kind"] == "scout":
            for r in rooms:
                self._remove_face_up(r)
            self.record("scout", f"The Scout of {loc} ends; its rooms go face down.", loc=loc)
        elif done:
            self._place_token(loc, "map")
            self.record("mapped", f"{loc} is Mapped.", loc=loc)
        else:
            if self.tokens.get(loc) != "scout":
                for r in rooms:
                    self._remove_face_up(r)
            self.record("venture", f"The Venture of {loc} ends; {count(len(rooms), 'room')} "
                        f"{'remains' if len(rooms) == 1 else 'remain'}.", loc=loc)
        self.attempt = None
        self._after_hero_action()

    # ------------------------------------------------------------ a Rebuild or Restock
    @performs(Rebuild)
    def _rebuild_dungeon(self, a: Rebuild) -> None:
        self.guardian_stones -= 1
        self.build = new_build("rebuild")
        self.record("rebuild", f"The Guardian Rebuilds (up to {rebuild_limit(self.tokens)} "
                    "locations).", player=self.guardian)

    @performs(Lift)
    def _lift(self, a: Lift) -> None:
        b = self.build
        assert b is not None
        b["locs"].append(a.loc)
        if self.grid[a.loc]:
            b["need"].append(a.loc)
        b["pool"].extend(self.grid[a.loc])
        self.grid[a.loc] = []
        self.record("lift", f"The rooms of {a.loc} are lifted.", player=self.guardian,
                    loc=a.loc)
        if len(b["locs"]) >= rebuild_limit(self.tokens) or all(
                loc in b["locs"] for loc in unprotected(self.tokens)):
            self._arrange(Arrange())

    @performs(Arrange)
    def _arrange(self, a: Arrange) -> None:
        b = self.build
        assert b is not None
        b["stage"] = "arrange"
        if not b["pool"]:
            self._finish_build()

    @performs(SetRoom)
    def _set_room(self, a: SetRoom) -> None:
        b = self.build
        assert b is not None
        g = self.guardian
        if b["kind"] == "rebuild":
            b["pool"].remove(a.card)
        else:
            self.guardian_hand.remove(a.card)
            if a.loc not in b["locs"]:
                b["locs"].append(a.loc)
        self.grid[a.loc].append(a.card)
        self.record("set", f"A room is put at {a.loc}.", player=g, loc=a.loc)
        if b["kind"] == "rebuild" and not b["pool"]:
            self._finish_build()

    @performs(Shift)
    def _shift(self, a: Shift) -> None:
        b = self.build
        assert b is not None
        g = self.guardian
        origin = next(loc for loc in LOCATIONS if a.card in self.grid[loc])
        self.grid[origin].remove(a.card)
        self.grid[a.loc].append(a.card)
        b["moved"].append(a.card)
        self.record("shift", f"A room moves from {origin} to {a.loc}.", player=g, loc=a.loc,
                    origin=origin)

    @performs(Discard)
    def _discard(self, a: Discard) -> None:
        b = self.build
        assert b is not None
        if b["kind"] == "rebuild":
            b["pool"].remove(a.card)
        else:
            origin = next(loc for loc in LOCATIONS if a.card in self.grid[loc])
            self.grid[origin].remove(a.card)
        if a.card not in self.face_up:  # a face-down room goes to the pile visible to all
            self.mark_irreversible(f"{self.name(a.card)} has been removed face up")
        self._remove_face_up(a.card)
        self.removed.append([a.card, self.active])
        self.record("remove", f"The Guardian removes {self.name(a.card)} from the Dungeon "
                    f"(half its points, rounded up, for {self.players[self.active]}).",
                    player=self.guardian, card=a.card)
        if b["kind"] == "rebuild" and not b["pool"]:
            self._finish_build()

    @performs(Restock)
    def _restock(self, a: Restock) -> None:
        self.guardian_stones -= 1
        self.build = new_build("restock")
        self.record("restock", "The Guardian Restocks.", player=self.guardian)

    @performs(Done)
    def _done(self, a: Done) -> None:
        self._finish_build()

    def _finish_build(self) -> None:
        b = self.build
        assert b is not None
        self.record(b["kind"], f"The {b['kind'].capitalize()} is done.", player=self.guardian)
        self.build = None
        self._after_guardian_action()

    # ------------------------------------------------------------ save/load/views
    #: What ``_dump`` returns (a save's ``start`` and ``current`` positions), checked by core
    #: before ``_restore``, which then asks :func:`check_position` what a schema cannot say.
    state_schema: ClassVar[dict[str, Any]] = STATE_SCHEMA

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """The checks ``new_game`` makes of its options: ``cards`` only (None, a path or a
        card document; the data itself is checked when it is read).

        >>> HeroVsGuardianState.check_options({"rounds": 3})
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.InvalidArgumentError: unknown option(s) ['rounds']; \
the option is 'cards'
        """
        unknown = set(options) - {"cards"}
        if unknown:
            raise InvalidArgumentError(f"unknown option(s) {sorted(unknown, key=str)}; the "
                                       "option is 'cards'")
        cards = options.get("cards")
        if cards is not None and not isinstance(cards, (str, PurePath, Mapping)):
            raise InvalidArgumentError(f"cards must be a path, a dict of card data or None, "
                                       f"not {shown(cards)}")

    def check_position(self) -> None:
        """:func:`check_position` of this position (loading a save asks it of the start)."""
        check_position(self)

    def _dump(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self._FIELDS}

    def _restore(self, data: dict[str, Any]) -> None:
        self.cards = cards_from_option(self.options.get("cards"))
        for f in self._FIELDS:  # exactly these fields, no other key becomes an attribute
            setattr(self, f, data[f])
        check_position(self)

    def _hide(self, player: int | None) -> None:
        g = self.guardian
        if player != g:
            if not self.is_over:  # at the end the Dungeon is turned face up for everyone
                self.grid = {loc: [r if r in self.face_up else HIDDEN for r in rooms]
                             for loc, rooms in self.grid.items()}
            self.guardian_hand = [HIDDEN] * len(self.guardian_hand)
            self.opening = [HIDDEN] * len(self.opening)
            self.unplaced = [HIDDEN] * len(self.unplaced)
            if self.build is not None:
                self.build = dict(self.build, pool=[HIDDEN] * len(self.build["pool"]),
                                  moved=[HIDDEN] * len(self.build["moved"]))
        self.dungeon_deck = [HIDDEN] * len(self.dungeon_deck)
        if not (self.phase == "pick" and player == self.setup_hero):
            self.adv_deck = [HIDDEN] * len(self.adv_deck)
        self.treasure_deck = [HIDDEN] * len(self.treasure_deck)
        self.hands = [hand if h == player else [HIDDEN] * len(hand)
                      for h, hand in enumerate(self.hands)]

    def hidden_zones(self, player: int | None) -> dict[str, list]:
        """The decks, the other hands, and for any but the Guardian the face-down rooms
        (until the end), the Guardian's hand, opening and unplaced cards and the build's
        pool (GameState.hidden_zones)."""
        zones: dict[str, list] = {"dungeon deck": list(self.dungeon_deck),
                                  "treasure deck": list(self.treasure_deck)}
        if player != self.guardian:
            if not self.is_over:
                zones["grid"] = [r for _loc, rooms in sorted(self.grid.items()) for r in rooms
                                 if r not in self.face_up]
            zones["guardian hand"] = list(self.guardian_hand)
            zones["opening"] = list(self.opening)
            zones["unplaced"] = list(self.unplaced)
            if self.build is not None:
                zones["build pool"] = list(self.build["pool"])
                zones["build moved"] = list(self.build["moved"])
        if not (self.phase == "pick" and player == self.setup_hero):
            zones["adventurer deck"] = list(self.adv_deck)
        for h, hand in enumerate(self.hands):
            if h != player:
                zones[f"hand {h}"] = list(hand)
        return zones

    def text_board(self) -> str:
        """The Dungeon in text, for ``print(state)``: each location's rooms ("??" face
        down, else type and points), its token ([S] Scout, [M] Map), the Entries, and each
        side's stones, party and points. A view shows only what its player may see."""
        def room(card: str) -> str:
            if card == HIDDEN:
                return "??"
            data = self.cards.by_id.get(card, {})
            kind = data.get("room_type") or str(data.get("kind", card)).capitalize()
            return f"{kind} {data['points']}" if data.get("points") else kind

        width = 20
        lines = [("   " + "".join(c.ljust(width) for c in COLUMNS)).rstrip()]
        for row in ROWS:
            cells = []
            for column in COLUMNS:
                loc = f"{column}{row}"
                token = {"scout": "[S] ", "map": "[M] "}.get(self.tokens.get(loc, ""), "")
                cells.append((token + " + ".join(map(room, self.grid[loc])) or "-")
                             .ljust(width))
            lines.append(f"{row}  " + "".join(cells).rstrip())
        if self.entries:
            lines.append("Entries: " + ", ".join(f"{loc} {side}" for loc, side in self.entries))
        scores = self.scores()
        for h in range(self.n_heroes):
            party = ", ".join(self.cards.by_id[a]["name"] for a in self.party[h]) or "nobody"
            lines.append(f"{self.players[h]} (Hero): {scores[h]} points; party {party}; "
                         f"{len(self.hands[h])} cards in hand")
        lines.append(f"{self.players[self.guardian]} (Guardian): {scores[-1]} points; "
                     f"{len(self.guardian_hand)} cards in hand")
        lines.append(f"Round {self.round_no} ({self.phase} phase); stones: Hero "
                     f"{self.hero_stones}, Guardian {self.guardian_stones}")
        return "\n".join(lines)

    def components(self) -> Counter:
        zones = [self.unplaced, self.dungeon_deck, self.opening,
                 self.guardian_hand, [r for r, _ in self.removed], self.captured,
                 self.out_of_game, self.adv_deck, self.tavern, self.treasure_deck, self.market]
        cards: Counter = Counter()
        for zone in zones:
            cards.update(zone)
        for rooms in self.grid.values():
            cards.update(rooms)
        for group in (self.hands, self.party, self.frozen, self.ventured):
            for zone in group:
                cards.update(zone)
        for items in self.items.values():
            cards.update(items)
        if self.build is not None:
            cards.update(self.build["pool"])
        cards["level token"] = self.level_supply + sum(self.levels.values())
        cards["map/scout token"] = self.token_supply + len(self.tokens)
        return cards




def _where(state: HeroVsGuardianState) -> list[tuple[str, list[str]]]:
    """Every zone a card can be in, with its name."""
    zones = [("unplaced", state.unplaced), ("dungeon_deck", state.dungeon_deck),
             ("opening", state.opening), ("guardian_hand", state.guardian_hand),
             ("removed", [r for r, _ in state.removed]), ("captured", state.captured),
             ("out_of_game", state.out_of_game), ("adv_deck", state.adv_deck),
             ("tavern", state.tavern), ("treasure_deck", state.treasure_deck),
             ("market", state.market)]
    zones += [(f"grid.{loc}", rooms) for loc, rooms in state.grid.items()]
    for group in ("hands", "party", "frozen", "ventured"):
        zones += [(f"{group}[{h}]", cards) for h, cards in enumerate(getattr(state, group))]
    zones += [(f"items.{adv}", items) for adv, items in state.items.items()]
    if state.build is not None:
        zones.append(("build.pool", state.build["pool"]))
    return zones


def _kinds(c: CardSet) -> dict[str, tuple[frozenset[str], str]]:
    """The cards each zone may hold, and how to say so."""
    rooms = frozenset(x for x in c.dungeon if c.is_room(x))
    adventurers, treasure = frozenset(c.adventurers), frozenset(c.treasure)
    items = frozenset(x for x in c.treasure if c[x].get("kind") == "item")
    played = frozenset(x for x in (*c.dungeon, *c.treasure) if "effect" in c[x])
    dungeon = frozenset(c.dungeon) - {c.vault}  # the Vault stays in the Dungeon
    # The starting rooms are dealt into the grid, and 'Room Cards cannot go back into the
    # Guardian's hand from the Dungeon': one reaches his hand only as a Cursed Item taken
    # off a captured Adventurer, and never the deck.
    deck = dungeon - set(c.start_rooms)
    hand = deck | frozenset(x for x in c.start_rooms if c.is_cursed(x))
    return {
        "unplaced": (frozenset(c.start_rooms), "a starting room"), "grid": (rooms, "a room"),
        "face_up": (rooms, "a room"),
        "dungeon_deck": (deck, "a Dungeon card of the deck (not a starting room)"),
        "opening": (deck, "a Dungeon card of the deck (not a starting room)"),
        "guardian_hand": (hand, "a Dungeon card of the deck or a Cursed Item"),
        "removed": (rooms - {c.vault}, "a room other than the Vault"),
        "captured": (adventurers | items, "an Adventurer or an Item"),
        "out_of_game": (played, "a Spell or a Dungeon Effect"),
        "adv_deck": (adventurers, "an Adventurer"), "tavern": (adventurers, "an Adventurer"),
        "treasure_deck": (treasure, "a Treasure card"), "market": (treasure, "a Treasure card"),
        "hands": (adventurers | treasure, "an Adventurer or a Treasure card"),
        "party": (adventurers, "an Adventurer"), "frozen": (adventurers, "an Adventurer"),
        "ventured": (rooms, "a room"),
        "items": (items | frozenset(x for x in rooms if c.is_cursed(x)),
                  "an Item or a Cursed Item"),
        "build": (rooms, "a room"),
    }


def check_position(state: HeroVsGuardianState) -> None:
    """Raise SaveFormatError naming what is wrong if a restored position cannot be a game.

    Checks what the schema cannot: one list per Hero; every card id known and of a kind its
    place may hold; every card in exactly one place ("?", in a player's view only, counting
    as any one unknown card); Map/Scout and Level Tokens adding up; Items and Levels only on
    Adventurers in play; at most 2 rooms a location (3 while a Restock places one); the set-up
    phase, the turn, the stones, a Scout/Venture or a Rebuild/Restock under way agreeing with
    the rest of the position.

    >>> from dungeoncraft_widgets.core.data import check_schema
    >>> game = new_game(seed=1)
    >>> check_schema(game.view(0)._dump(), STATE_SCHEMA, "saved game")
    >>> check_position(game)
    >>> game.token_supply = 3
    >>> check_position(game)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.SaveFormatError: saved game: Map/Scout Tokens on the board \
and in the supply do not add up to 16
    """
    def bad(text: str) -> SaveFormatError:
        return SaveFormatError(f"saved game: {text}")

    c = state.cards
    heroes = len(state.players) - 1
    for group in ("hands", "party", "frozen", "ventured", "carry"):
        if len(getattr(state, group)) != heroes:
            raise bad(f"{group} has {len(getattr(state, group))} entries for {heroes} Hero(es)")
    if not (state.active < heroes and state.setup_hero < heroes):
        raise bad("active or setup_hero names no Hero")
    # A game holds every card face up to itself; only a player's view (no RNG) shows "?".
    view = state.rng is None
    kinds = _kinds(c)
    seen: Counter[str] = Counter()
    for zone, cards in _where(state):
        allowed, what = kinds[zone.split(".")[0].split("[")[0]]
        for card in cards:
            if card == HIDDEN:
                if not view:
                    raise bad(f"{zone}: a game's position shows every card ('?' is for a "
                              "player's view)")
            elif card not in c:
                raise bad(f"{zone}: there is no card {card!r}")
            elif card not in allowed:
                raise bad(f"{zone}: {card} is not {what}")
        seen.update(cards)
    hidden = seen.pop(HIDDEN, 0)
    twice = sorted(card for card, n in seen.items() if n > 1)
    if twice:
        raise bad(f"card {twice[0]} is in two places")
    total = len(c.dungeon) + len(c.adventurers) + len(c.treasure)
    if len(seen) + hidden != total:
        raise bad(f"{len(seen) + hidden} cards are placed, the set has {total}")
    if state.token_supply + len(state.tokens) != MAP_TOKENS:
        raise bad(f"Map/Scout Tokens on the board and in the supply do not add up to {MAP_TOKENS}")
    if state.level_supply + sum(state.levels.values()) != LEVEL_TOKENS:
        raise bad(f"Level Tokens do not add up to {LEVEL_TOKENS}")
    in_play = {a for group in (state.party, state.frozen) for cards in group for a in cards}
    for adv in [*state.items, *state.levels]:
        if adv not in in_play:
            raise bad(f"Items or a Level on {adv!r}, which is not an Adventurer in play")
    visible = {card for rooms in state.grid.values() for card in rooms}
    if state.build is not None:
        visible.update(state.build["pool"])
    stray = [card for card in state.face_up if card not in visible and card != HIDDEN]
    if stray:
        raise bad(f"face_up names {stray[0]}, which is not in the Dungeon")
    if len(set(state.face_up)) != len(state.face_up) and HIDDEN not in state.face_up:
        raise bad("face_up names a room twice")
    for h, who in enumerate(state.removed):
        if who[1] >= heroes:
            raise bad(f"removed[{h}] credits Hero {who[1]}, and there are {heroes}")
    over = [loc for loc in LOCATIONS if len(state.grid[loc]) > MAX_ROOMS]
    if over and (state.build is None or state.build["kind"] != "restock" or len(over) > 1):
        raise bad(f"grid.{over[0]}: at most {MAX_ROOMS} rooms a location (a third only while "
                  "a Restock places it)")
    _check_setup(state, bad, heroes)
    _check_turn(state, bad)
    if state.attempt is not None:
        _check_attempt(state, bad, in_play)
    if state.build is not None:
        _check_build(state, bad)


def _check_setup(state: HeroVsGuardianState, bad: Any, heroes: int) -> None:
    """The set-up phase agrees with what has been placed, drawn and recruited."""
    c, phase = state.cards, state.phase
    sides = [side for _loc, side in state.entries]
    for loc, side in state.entries:
        if loc not in side_locations(side):
            raise bad(f"entries: {loc} is not on the {side} edge")
    if len(sides) == 2 and sides[1] != OPPOSITE[sides[0]]:
        raise bad("entries: the two Entry Tokens are on opposite edges")
    if len(state.entry_locations()) != len(set(state.entry_locations())):
        raise bad("entries: two Entry Tokens on one location")
    placed = sum(len(rooms) for rooms in state.grid.values())
    early = phase in ("design", "entry", "keep")
    if phase == "design" and (state.entries or any(len(r) > 1 for r in state.grid.values())
                              or placed + len(state.unplaced) != START_ROOMS):
        raise bad("phase 'design': the 16 starting rooms are being placed, one a location, "
                  "before any Entry")
    if phase != "design" and state.unplaced:
        raise bad(f"unplaced: every starting room is placed by phase {phase!r}")
    if phase == "entry" and (len(state.entries) > 1 or placed != START_ROOMS):
        raise bad("phase 'entry': 16 rooms placed, and an Entry Token still to place")
    if phase != "design" and phase != "entry" and len(state.entries) != 2:
        raise bad(f"entries: both Entry Tokens are placed by phase {phase!r}")
    if phase == "keep" and not (state.opening and len(state.opening) + len(state.guardian_hand)
                                == OPENING_DRAW and len(state.guardian_hand) < OPENING_KEEP):
        raise bad(f"phase 'keep': the Guardian keeps {OPENING_KEEP} of the {OPENING_DRAW} cards "
                  "drawn")
    if phase != "keep" and state.opening:
        raise bad("opening: the cards drawn at set-up are kept or returned by now")
    if early and (state.round_no or any(state.party) or any(state.hands) or state.tavern
                  or state.market):
        raise bad(f"phase {phase!r}: no Hero has recruited or drawn yet")
    if phase in ("recruit", "pick"):
        h = state.setup_hero
        for other in range(heroes):
            if (other > h and (state.party[other] or state.hands[other])) or (
                    other < h and not state.party[other]):
                raise bad(f"phase {phase!r}: the Heroes recruit in turn, and Hero {other} "
                          f"has {'not yet' if other < h else 'already'}")
        if phase == "recruit" and (state.party[h] or state.hands[h]):
            raise bad(f"phase 'recruit': Hero {h} has not recruited yet")
        if phase == "pick" and not (1 <= state.picks_left <= START_ADVENTURERS
                                    and len(state.party[h]) + state.picks_left
                                    == START_ADVENTURERS):
            raise bad("picks_left: a Hero picks 3 Adventurers in all")
        if phase == "pick" and HIDDEN not in state.adv_deck and sum(
                1 for a in state.adv_deck if c.points(a) == 2) < state.picks_left:
            raise bad("phase 'pick': the Adventurer deck has too few worth 2 points left")
    if phase != "pick" and state.picks_left:
        raise bad("picks_left: only while a Hero picks his Adventurers")
    if phase == "round" and state.round_no < 1:
        raise bad("round_no: play is in round 1 or later")


def _check_turn(state: HeroVsGuardianState, bad: Any) -> None:
    """Whose option it is agrees with the stones and passes (so someone can act)."""
    if state.phase != "round":
        if state.attempt is not None or state.build is not None:
            raise bad("a Scout, Venture, Rebuild or Restock is under way before play began")
        return
    limit = HERO_STONES[len(state.players)] + CARRY_OVER
    if state.hero_stones > limit:
        raise bad(f"hero_stones: a Hero has at most {limit} Action Stones, not "
                  f"{state.hero_stones}")
    if state.end_reason is not None:
        if state.attempt is not None or state.build is not None:
            raise bad("end_reason: the game is over, yet an attempt or a build goes on")
        if state.end_reason == "vault" and not any(c_ == state.cards.vault
                                                   for pile in state.ventured for c_ in pile):
            raise bad("end_reason 'vault': the Treasure Vault has not been Ventured")
        return
    if state.idle_rounds >= state.n_heroes:
        raise bad("idle_rounds: the game ends when every Hero's round changed nothing")
    if state.attempt is not None and state.build is not None:
        raise bad("attempt and build: one thing at a time")
    if state.attempt is None and state.build is None:
        if state.turn == "hero" and state.hero_out:
            raise bad("turn: the Hero has ended his turns this round")
        if state.turn == "guardian" and state.guardian_stones < 1 and not state.hero_out:
            raise bad("turn: the Guardian has no Action Stone for his option")
        if state.turn == "guardian" and state.guardian_stones < 1 and state.hero_out:
            raise bad("turn: the round is over (no stones left)")
    if state.build is not None and state.turn != "guardian":
        raise bad("build: the Guardian builds on his own turn")
    if state.attempt is not None and state.turn != "hero":
        raise bad("attempt: a Scout or Venture is the Hero's action")
    if (state.passed == "hero" and state.turn != "guardian") or (
            state.passed == "guardian" and state.turn != "hero"):
        raise bad("passed: a pass hands the next turn to the other side")


def _check_attempt(state: HeroVsGuardianState, bad: Any, in_play: set[str]) -> None:
    """A Scout or Venture under way: its Adventurers, rooms and stage agree."""
    at, c = state.attempt, state.cards
    assert at is not None
    loc, stage, order, nxt = at["loc"], at["stage"], at["order"], at["next"]
    rooms = state.grid[loc]
    party = state.party[state.active]
    for key in ("done", "revealed", "captured", "order", "current", "victim", "stand_in",
                "victim_stow", "cursed"):
        value = at[key]
        for card in (value if isinstance(value, list) else [value]):
            if card is not None and card != HIDDEN and card not in c:
                raise bad(f"attempt.{key}: there is no card {card!r}")
    for roll in at["rolls"]:
        if roll[1] not in c or roll[2] not in c:
            raise bad("attempt.rolls names a card that does not exist")
    if len(set(order)) != len(order) or any(a not in party for a in order[nxt:]):
        raise bad("attempt.order: Order Tokens go on different Adventurers in play of the "
                  "Hero whose round it is")
    if any(a not in c.adventurers for a in order):
        raise bad("attempt.order names a card that is no Adventurer")
    if nxt > len(order) or (stage in ("first", "roll", "window") and nxt >= len(order)):
        raise bad("attempt.next: no Adventurer is left to roll")
    if stage == "order" and (nxt or at["done"] or at["rolls"]):
        raise bad("attempt: nothing is rolled before the Adventurers enter")
    if stage != "order" and not at["revealed"] and rooms:
        raise bad("attempt.revealed: the rooms are revealed when the Adventurers enter")
    if any(r not in c.dungeon or not c.is_room(r) for r in at["revealed"] + at["done"]):
        raise bad("attempt: revealed and done rooms are rooms")
    if (at["current"] is not None or stage in ("roll", "window")) and (
            at["current"] not in rooms or at["current"] in at["done"]):
        raise bad(f"attempt.current: the room faced is one at {loc} not yet done")
    if stage == "first" and len([r for r in rooms if r not in at["done"]]) < 2:
        raise bad("attempt: the room order is chosen only between two rooms")
    if stage == "window" and at["pending"] is None:
        raise bad("attempt: the Guardian's window follows a roll announced")
    if at["pending"] == "retreat" and at["kind"] != "venture":
        raise bad("attempt.pending: only a Venture is Retreated from")
    if stage == "stow" and (at["victim_stow"] not in party or at["cursed"] not in rooms
                            or not c.is_cursed(at["cursed"])):
        raise bad("attempt: a Cursed Item waits for room on an Adventurer in play")
    if stage == "save" and (at["victim"] not in in_play):
        raise bad("attempt.victim: the Adventurer to be captured is in play")


def _check_build(state: HeroVsGuardianState, bad: Any) -> None:
    """A Rebuild or Restock under way: its locations and rooms agree."""
    b = state.build
    assert b is not None
    free = set(unprotected(state.tokens))
    if any(loc not in free for loc in b["locs"]):
        raise bad("build.locs: a Rebuild or Restock touches no location with a Map or Scout "
                  "Token")
    if any(loc not in b["locs"] for loc in b["need"]) or len(set(b["need"])) != len(b["need"]):
        raise bad("build.need: the lifted locations that had a room")
    if b["kind"] == "rebuild":
        if b["stage"] == "set" or b["moved"] or len(b["locs"]) > rebuild_limit(state.tokens):
            raise bad("build: a Rebuild lifts up to half the free locations (at least 3), "
                      "then puts their rooms back")
        if b["stage"] == "lift" and any(state.grid[loc] for loc in b["locs"]):
            raise bad("build: a lifted location is empty until its rooms are put back")
    else:
        if b["stage"] != "set" or b["pool"] or b["need"]:
            raise bad("build: a Restock sets rooms from the Guardian's hand")
        placed = {r for rooms in state.grid.values() for r in rooms}
        placed.update(r for r, _hero in state.removed)  # moved, then removed
        if any(r not in placed for r in b["moved"]) or len(set(b["moved"])) != len(b["moved"]):
            raise bad("build.moved: rooms in the Dungeon (or removed since), each moved once")


def _default_names(count: int) -> list[str]:
    heroes = ["Hero"] if count == 2 else [f"Hero {i + 1}" for i in range(count - 1)]
    return [*heroes, "Guardian"]


def new_game(players: int | Sequence[str] = 2, seed: int | None = None,
             **options: Any) -> HeroVsGuardianState:
    """A new game: ``players`` is 2-4 (or names, the Guardian last); ``cards=`` a card set.

    >>> game = new_game(players=3, seed=5)
    >>> game.players, game.guardian
    (('Hero 1', 'Hero 2', 'Guardian'), 2)
    >>> new_game(players=5)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: players: this game is for 2 to 4 \
players, not 5
    """
    HeroVsGuardianState.check_options(options)
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:  # refused before any name is made
            raise InvalidArgumentError(f"players: this game is for 2 to 4 players, not {players}")
        players = _default_names(players)
    elif isinstance(players, (list, tuple)) and not 2 <= len(players) <= 4:
        raise InvalidArgumentError(f"players: this game is for 2 to 4 players, not "
                                   f"{len(players)}")
    return HeroVsGuardianState(players, seed, **options)


# ------------------------------------------------------------------ positions for analysis
def scout_venture_position(kind: str, adventurers: Sequence[str], rooms: Sequence[str], *,
                           seed: int = 0, items: dict[str, list[str]] | None = None,
                           levels: dict[str, int] | None = None, scouted: bool = False,
                           cards: Any = None) -> HeroVsGuardianState:
    """A 2-player game right before a Scout or Venture of location ``A1``.

    ``adventurers``: the Hero's Adventurer card ids in play (1-4); ``rooms``: the 1 or 2
    Dungeon room ids at ``A1`` (an Entry location, so it is targetable); ``items``/``levels``:
    optional Items (Treasure ids) and Level Tokens per Adventurer; ``scouted``: A1 already
    has a Scout Token (rooms face up; the Hero then picks the room order in a Venture). The
    Guardian holds no cards, so no Combat card interrupts; ``kind`` ("scout"/"venture") is
    checked to be legal. Every other card is in its deck. Drive it with the real actions:
    ``scout A1`` / ``venture A1``, ``order ID`` per Adventurer, ``enter``, ``first ROOM``
    when asked, then ``roll`` / ``retreat`` (``lose``/``save``/``stow`` when asked); or let
    :func:`resolve_attempt_position` do that. Rolls come from the state's seeded RNG, so a
    Monte Carlo over seeds samples the real engine.

    >>> game = scout_venture_position("scout", ["A01"], ["D10"], seed=4)
    >>> [str(a) for a in game.legal_actions() if str(a).endswith("A1")]
    ['scout A1', 'venture A1']
    >>> for text in ("scout A1", "order A01", "enter", "roll"):
    ...     _ = game.apply(text)
    >>> [e.data["die"] for e in game.log if e.kind == "roll"]
    [3]
    """
    one_of(kind, "kind", tuple(COST))
    for what, given, most in (("adventurers", adventurers, ORDER_TOKENS),
                              ("rooms", rooms, MAX_ROOMS)):
        if isinstance(given, str) or not isinstance(given, (list, tuple)) or len(given) > most:
            raise InvalidArgumentError(f"{what} must be a list of at most {most} card ids")
    game = new_game(2, seed, **({} if cards is None else {"cards": cards}))
    c = game.cards
    adventurers, rooms = list(adventurers), list(rooms)
    if not 1 <= len(adventurers) <= ORDER_TOKENS or len(set(adventurers)) != len(adventurers) \
            or any(a not in c.adventurers for a in adventurers):
        raise InvalidArgumentError(f"adventurers must be 1-4 different Adventurer card ids, "
                                   f"not {adventurers!r}")
    if not 1 <= len(rooms) <= MAX_ROOMS or len(set(rooms)) != len(rooms) \
            or any(not c.is_room(r) for r in rooms):
        raise InvalidArgumentError(f"rooms must be 1 or 2 different Dungeon room ids, "
                                   f"not {rooms!r}")
    for what, given in (("items", items), ("levels", levels)):
        if given is not None and not isinstance(given, Mapping):
            raise InvalidArgumentError(f"{what} must be a dict by Adventurer card id, not "
                                       f"{shown(given)}")
    if any(not isinstance(v, (list, tuple)) for v in (items or {}).values()):
        raise InvalidArgumentError("items: a list of Treasure Item ids per Adventurer")
    items = {a: list(v) for a, v in (items or {}).items()}
    levels = dict(levels or {})
    used_items = [i for v in items.values() for i in v]
    if any(a not in adventurers for a in [*items, *levels]) \
            or any(i not in c.treasure or c[i]["kind"] != "item" for i in used_items) \
            or len(set(used_items)) != len(used_items) \
            or any(len(v) > MAX_ITEMS for v in items.values()):
        raise InvalidArgumentError("items/levels: only for the given Adventurers; at most 2 "
                                   "different Treasure Items each")
    if any(not isinstance(n, int) or n < 0 for n in levels.values()) \
            or sum(levels.values()) > LEVEL_TOKENS:
        raise InvalidArgumentError(f"levels: at most {LEVEL_TOKENS} Level Tokens in all")
    others = [r for r in c.start_rooms if r not in rooms]
    others.sort(key=lambda r: r != c.vault)  # the Vault (if not at A1) goes far away, to D4
    spare = list(reversed(LOCATIONS[1:]))
    game.grid = {loc: [] for loc in LOCATIONS}
    game.grid["A1"] = list(rooms)
    for loc, room in zip(spare, others, strict=False):
        game.grid[loc] = [room]
    placed = {r for v in game.grid.values() for r in v}
    game.unplaced = []
    game.dungeon_deck = [d for d in c.dungeon if d not in placed]
    game.entries = [["A1", "west"], ["D1", "east"]]
    if scouted:
        game.tokens = {"A1": "scout"}
        game.token_supply = MAP_TOKENS - 1
        game.face_up = list(rooms)
    game.party = [list(adventurers)]
    game.items = items
    game.levels = {a: n for a, n in levels.items() if n}
    game.level_supply = LEVEL_TOKENS - sum(levels.values())
    game.adv_deck = [a for a in c.adventurers if a not in adventurers]
    game.treasure_deck = [t for t in c.treasure if t not in used_items]
    game.phase = "round"
    game.round_no = 1
    game.hero_stones = HERO_STONES[2]
    game.guardian_stones = GUARDIAN_STONES
    game.log = []
    game.record("position", f"A position before a {kind}: {', '.join(map(c.name, adventurers))} "
                f"facing {', '.join(map(c.name, rooms))} at A1.")
    game._start = game._snapshot()
    game.history = []
    declare = Scout("A1") if kind == "scout" else Venture("A1")
    if declare not in game.legal_actions():
        raise InvalidArgumentError(f"{kind} A1 is not legal here (a Scout needs at least as "
                                   "many Adventurers as rooms)")
    return game


def resolve_attempt_position(kind: str, adventurers: Sequence[str], rooms: Sequence[str], *,
                             seed: int = 0, first: str | None = None,
                             retreat_from: int | None = None,
                             **position: Any) -> dict[str, Any]:
    """Play one Scout/Venture in the real engine and say what happened.

    The Adventurers enter in the order given; ``first`` names the room attempted first (else
    the first legal choice); with ``retreat_from=i`` the i-th Adventurer in the order (0 is
    the first) and every later one Retreats instead of Venturing; Sacrifice is never used and
    Items displaced by a Cursed Item go back in list order. Other keywords go to
    :func:`scout_venture_position`. Returns ``rooms_done`` (rooms Scouted or Ventured),
    ``all_done`` (every room at the location), ``captured`` (card ids), ``retreated`` and
    ``rolls`` (``[roll, adventurer, room, die, total, success]`` each).

    >>> out = resolve_attempt_position("venture", ["A06", "A01"], ["D06"], seed=1)
    >>> sorted(out)
    ['all_done', 'captured', 'retreated', 'rolls', 'rooms_done']
    >>> out["rolls"][0][:3]
    ['venture', 'A06', 'D06']
    """
    game = scout_venture_position(kind, adventurers, rooms, seed=seed, **position)
    game.apply(Scout("A1") if kind == "scout" else Venture("A1"))
    for adv in adventurers:
        game.apply(Order(adv))
    game.apply(Enter())
    while game.attempt is not None:
        at = game.attempt
        stage = at["stage"]
        if stage == "first":
            choices = first_choices(game.grid["A1"], at["done"], kind, game.cards.vault)
            game.apply(First(first if first in choices else choices[0]))
        elif stage == "roll":
            retreat = (kind == "venture" and retreat_from is not None
                       and at["next"] >= max(1, retreat_from))
            game.apply(Retreat() if retreat else Roll())
        elif stage == "save":
            game.apply(Lose())
        elif stage == "stow":
            game.apply(game.legal_actions()[0])
        else:  # pragma: no cover - no Guardian card can open a window here
            raise AssertionError(stage)
    last = [e for e in game.log if e.kind == "roll"]
    rolls = [[e.data["roll"], e.data["adventurer"], e.data["room"], e.data["die"],
              e.data["total"], e.data["success"]] for e in last]
    done = [r[2] for r in rolls if r[5] and r[0] != "retreat"]
    captured = [e.data["card"] for e in game.log if e.kind == "capture"]
    all_done = (game.tokens.get("A1") == ("scout" if kind == "scout" else "map")
                or game.end_reason == "vault")
    return {"rooms_done": len(done), "all_done": all_done, "captured": captured,
            "retreated": any(r[0] == "retreat" and r[5] for r in rolls), "rolls": rolls}

