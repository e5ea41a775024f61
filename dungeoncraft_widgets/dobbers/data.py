"""The components of Dobbers: Quest for the Key, read from JSON files: the cards and the
board.

The rulebook prints neither a card list nor the board, so the shipped
``data/cards.json`` and ``data/board.json`` are **reconstructions** (their tops say so
and give the reasoning). An owner of the game can write the real cards or board in the
same formats and pass the file (or its parsed dict) to :func:`load_cards` /
:func:`load_board` or to ``new_game(cards=..., board=...)``.

**Cards** (``"format": "dungeoncraft_widgets/dobbers/cards"``, version 1; the file's
``format_notes`` say the same):

- ``heroes``: ``id``, ``name``, points (``red``, ``blue``, ``gold``, ``influence``)
  given every turn, an optional ``ability`` (``counts_as`` an alignment,
  ``item_type``, ``discount``, ``first_shield``, ``hand_size``, ``power``).
- ``starting`` and ``adventure``: Effect, Weapon, Armor and Item cards with
  ``count``, ``cost``, ``alignment``, points, ``keywords``, ``item_type`` (Items),
  ``effects``, ``aligned`` (what another card of the same alignment in play adds),
  ``forge`` (the boxed part a Forge card adds to its host) and ``destroy`` (what
  destroying the card on the turn it was played gives). ``starting_deck`` says
  how many of each starting card one player's core deck holds; ``variant_b`` which
  core card the 2-player variant B replaces with which Adventure card.
- ``locations``: ``cost``, ``ap``, ``capacity``, ``item_type`` with ``item_ap``,
  and the consequences ``victory``, ``results``, ``extra`` (the tan box) and
  ``defeat``; ``creatures``: ``cost``, ``ap``, ``alignment``, ``immune_to``,
  ``bonus``, ``victory``, ``defeat``.
- ``tokens`` (``kind`` action/travel/challenge/influence, ``value``, ``count``),
  ``events``, ``solo_cards`` and the six ``add_location`` cards.
- An effect is ``{"do": ..., ...}`` from the vocabulary of :mod:`.effects`
  (:data:`.effects.VOCABULARY`, which says where each verb may appear); any effect may
  carry ``unless_item``/``if_item`` (an Item type).

The art side of a Challenge card (what everyone sees while it is face down) shows which
card it is (its numbers and text are on the other side); a card covered in a stack shows
only its icon, which :func:`card_back` writes as ``"?creature"``, ``"?weapon"``, ...

>>> cards = load_cards()
>>> len(cards.heroes), len(cards.adventure), len(cards.locations), len(cards.creatures)
(16, 114, 18, 20)
>>> cards["silver"]["cost"], cards["silver"]["influence"]
(3, 2)
>>> cards.back("tree_golem"), cards.back("silver_sword")
('?creature', '?weapon')

**The board** (``"format": "dungeoncraft_widgets/dobbers/board"``, version 1)::

    {"squares": [{"id": "A", "kind": "start", "letter": "A", "x": 60, "y": 760},
                 {"id": "T1", "kind": "travel", "x": 70, "y": 670},
                 {"id": "E1", "kind": "encounter", "number": 1, "x": 150, "y": 590}, ...],
     "paths": [["A", "T1", 2], ...],        # neighbours and the shield between them
     "key": "E12"}                           # the last Encounter square

A :class:`Board` is plain data that a graph library takes as it is:
``board.paths`` are weighted edges (``networkx.Graph`` + ``add_weighted_edges_from``),
``board.squares`` the nodes with their attributes.

>>> board = load_board()
>>> board.key, board.starts["A"], board.shield("A", "T1")
('E12', 'A', 2)
>>> board.route_to_key("E7")[:3]
['E7', 'T11', 'E8']

Card sets and boards are never changed once loaded: a game and all its copies share them.
"""

from __future__ import annotations

import json
import os
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from ..core.checks import alternatives, shown
from ..core.data import check_schema, digest, read_json
from ..core.errors import DataFormatError, InvalidArgumentError
from .effects import VOCABULARY
from .points import POINTS

__all__ = ["ALIGNMENTS", "BOARD_FORMAT", "CARDS_FORMAT", "DEFAULT_BOARD", "DEFAULT_CARDS",
           "HIDDEN", "ICONS", "ITEM_TYPES", "Board", "CardSet", "card_back", "card_set",
           "deck_card", "load_board", "load_cards", "parse_back"]

CARDS_FORMAT = "dungeoncraft_widgets/dobbers/cards"
DEFAULT_CARDS = pathlib.Path(__file__).parent / "data" / "cards.json"
ALIGNMENTS = ("Dobberton", "Wild", "Rat Claw Clan", "Decay")
ITEM_TYPES = ("Navigation", "Protection", "Travel", "Combat")
EQUIPMENT_TYPES = ("Weapon", "Armor", "Item")
ADVENTURE_TYPES = ("Effect", *EQUIPMENT_TYPES)
TOKEN_KINDS = ("action", "travel", "challenge", "influence")
HERO_ABILITIES = ("counts_as", "item_type", "discount", "first_shield", "hand_size", "power")
#: What a player's view shows of a card it may not see (another hand, a deck).
HIDDEN = "?"

_INT = {"type": "integer", "minimum": 0, "maximum": 20}
_ID = {"type": "string", "pattern": "^[a-z0-9_+\\-]{1,40}$"}
_TEXT = {"type": "string", "maxLength": 600}
_EFFECT_LIST = {"type": "array", "maxItems": 10, "items": {"$ref": "#/$defs/effect"}}
_POINT_PROPS = {p: _INT for p in POINTS}
_BLOCK = {"type": "object", "additionalProperties": False,
          "properties": {**_POINT_PROPS, "effects": _EFFECT_LIST}}

CARDS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "heroes", "starting_deck", "starting", "adventure",
                 "locations", "creatures", "tokens", "events", "solo_cards", "add_location",
                 "variant_b"],
    "properties": {
        "format": {"const": CARDS_FORMAT},
        "version": {"const": 1},
        "reconstruction": _TEXT,
        "reasoning": {"type": "array", "items": {"type": "string"}},
        "format_notes": {"type": "object"},
        "heroes": {"type": "array", "minItems": 1, "maxItems": 64, "items": {
            "type": "object", "required": ["id", "name", "red", "influence"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": _TEXT, **_POINT_PROPS, "text": _TEXT,
                           "ability": {"type": "object", "required": ["kind"], "properties": {
                               "kind": {"enum": list(HERO_ABILITIES)},
                               "alignment": {"enum": list(ALIGNMENTS)},
                               "item_type": {"enum": list(ITEM_TYPES)},
                               "type": {"enum": ["Effect", "Equipment"]},
                               "n": {"type": "integer", "minimum": 1, "maximum": 5},
                               "effects": _EFFECT_LIST},
                               "additionalProperties": False}}}},
        "starting_deck": {"type": "object", "minProperties": 1,
                          "additionalProperties": {"type": "integer", "minimum": 1,
                                                   "maximum": 30}},
        "starting": {"type": "array", "minItems": 1, "maxItems": 100,
                     "items": {"$ref": "#/$defs/adventure"}},
        "variant_b": {"type": "object", "required": ["replace", "with"],
                      "additionalProperties": False,
                      "properties": {"replace": _ID, "with": _ID}},
        "adventure": {"type": "array", "minItems": 1, "maxItems": 400,
                      "items": {"$ref": "#/$defs/adventure"}},
        "locations": {"type": "array", "minItems": 1, "maxItems": 100, "items": {
            "type": "object", "required": ["id", "name", "cost", "ap", "capacity"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": _TEXT, "type": {"const": "Location"},
                           "count": {"type": "integer", "minimum": 1, "maximum": 20},
                           "cost": _INT, "ap": _INT,
                           "capacity": {"type": "integer", "minimum": 1, "maximum": 4},
                           "item_type": {"enum": list(ITEM_TYPES)}, "item_ap": _INT,
                           "victory": _EFFECT_LIST, "results": _EFFECT_LIST,
                           "extra": _EFFECT_LIST, "defeat": _EFFECT_LIST, "text": _TEXT}}},
        "creatures": {"type": "array", "minItems": 1, "maxItems": 100, "items": {
            "type": "object", "required": ["id", "name", "cost", "ap"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": _TEXT, "type": {"const": "Creature"},
                           "count": {"type": "integer", "minimum": 1, "maximum": 20},
                           "cost": _INT, "ap": _INT, "alignment": {"enum": list(ALIGNMENTS)},
                           "immune_to": {"type": "array", "items": {"type": "string",
                                                                    "maxLength": 40}},
                           "bonus": {"type": "object", "required": ["if_no", "ap"],
                                     "additionalProperties": False,
                                     "properties": {"if_no": {"enum": list(EQUIPMENT_TYPES)},
                                                    "ap": _INT}},
                           "victory": _EFFECT_LIST, "defeat": _EFFECT_LIST, "text": _TEXT}}},
        "tokens": {"type": "array", "minItems": 1, "maxItems": 100, "items": {
            "type": "object", "required": ["id", "kind", "value", "count"],
            "additionalProperties": False,
            "properties": {"id": _ID, "kind": {"enum": list(TOKEN_KINDS)},
                           "value": {"type": "integer", "minimum": -5, "maximum": 5,
                                     "not": {"const": 0}},
                           "count": {"type": "integer", "minimum": 1, "maximum": 30}}}},
        "events": {"type": "array", "maxItems": 100, "items": {
            "type": "object", "required": ["id", "name", "effects"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": _TEXT, "type": {"const": "Event"},
                           "effects": _EFFECT_LIST, "text": _TEXT}}},
        "solo_cards": {"type": "array", "maxItems": 100, "items": {
            "type": "object", "required": ["id", "name", "count", "instructions"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": _TEXT, "type": {"const": "Solo"},
                           "count": {"type": "integer", "minimum": 1, "maximum": 30},
                           "instructions": _EFFECT_LIST, "text": _TEXT}}},
        "add_location": {"type": "array", "minItems": 6, "maxItems": 6, "items": {
            "type": "object", "required": ["number", "row_position", "square", "start"],
            "additionalProperties": False,
            "properties": {"number": {"type": "integer", "minimum": 1, "maximum": 6},
                           "row_position": {"type": "integer", "minimum": 1, "maximum": 6},
                           "square": {"type": "integer", "minimum": 1, "maximum": 99},
                           "start": {"type": "string", "pattern": "^[A-Z]$"}}}},
    },
    "$defs": {
        "adventure": {
            "type": "object", "required": ["id", "name", "type", "count", "cost"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": _TEXT, "type": {"enum": list(ADVENTURE_TYPES)},
                           "count": {"type": "integer", "minimum": 1, "maximum": 30},
                           "cost": _INT, "alignment": {"enum": list(ALIGNMENTS)},
                           **_POINT_PROPS,
                           "keywords": {"type": "array", "maxItems": 5,
                                        "items": {"type": "string", "maxLength": 40}},
                           "item_type": {"enum": list(ITEM_TYPES)},
                           "effects": _EFFECT_LIST, "aligned": _BLOCK, "forge": _BLOCK,
                           "destroy": _BLOCK, "text": _TEXT}},
        "effect": {
            "type": "object", "required": ["do"], "additionalProperties": False,
            "properties": {
                "do": {"enum": list(VOCABULARY)}, "n": {"type": "integer", "minimum": 1,
                                                      "maximum": 6},
                "token": _ID, "who": {"const": "all"},
                "unless_item": {"enum": list(ITEM_TYPES)}, "if_item": {"enum": list(ITEM_TYPES)},
                "slot": {"enum": ["any", *EQUIPMENT_TYPES]},
                "options": {"type": "array", "minItems": 2, "maxItems": 4,
                            "items": _EFFECT_LIST},
                "which": {"enum": ["cheapest", "costliest"]}, "from": {"enum": ["row", "deck"]},
                "side": {"enum": ["left", "right"]},
                "sides": {"type": "array", "minItems": 1, "maxItems": 2,
                          "items": {"enum": ["left", "right"]}},
                **_POINT_PROPS}},
    },
}


#: What a card covered in a Challenge stack shows: its icon (the Location's art is on top).
ICONS = ("?creature", "?weapon", "?armor", "?item")


def card_back(card: Mapping[str, Any]) -> str:
    """What everyone sees of a card covered in a Challenge stack: its icon.

    >>> card_back({"type": "Weapon", "cost": 4})
    '?weapon'
    """
    return f"?{str(card['type']).lower()}"


def parse_back(text: str) -> dict[str, Any]:
    """What a covered card's icon (see :func:`card_back`) says of it: its type.

    >>> parse_back("?item")
    {'type': 'Item'}
    >>> parse_back("?location:x:3")
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: back must be the icon of a card \
covered in a stack ('?creature', '?weapon', '?armor' or '?item'), not '?location:x:3'
    """
    if text not in ICONS if isinstance(text, str) else True:
        raise InvalidArgumentError(f"back must be the icon of a card covered in a stack "
                                   f"({alternatives(ICONS)}), not {shown(text)}")
    return {"type": text[1:].capitalize()}


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one object per data set
class CardSet:
    """A validated card set. ``cards[id]`` is any card's dict (heroes included)."""

    by_id: Mapping[str, dict[str, Any]] = field(repr=False)
    heroes: tuple[str, ...]
    starting: tuple[str, ...]      # one player's core deck, one id per physical card
    adventure: tuple[str, ...]     # the Adventure deck, one id per physical card
    locations: tuple[str, ...]
    creatures: tuple[str, ...]
    events: tuple[str, ...]
    solo: tuple[str, ...]          # the 18 Solo cards shuffled into the Adventure deck
    add_location: tuple[dict[str, Any], ...]  # the Add Location cards, by number
    tokens: tuple[str, ...]        # the token supply, one id per token
    doc: Mapping[str, Any] = field(repr=False)
    digest: str = ""

    def __getitem__(self, card_id: str) -> dict[str, Any]:
        return self.by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def name(self, card_id: str) -> str:
        """The printed name (``'Silver Sword'``); a face-down card's text as it is."""
        card = self.by_id.get(card_id)
        return card.get("name", card_id) if card else card_id  # a token has no name

    def type(self, card_id: str) -> str:
        """Effect, Weapon, Armor, Item, Location, Creature, Event, Solo or Hero."""
        return self.by_id[card_id]["type"]

    def back(self, card_id: str) -> str:
        """The icon the card shows covered in a stack (:func:`card_back`)."""
        return card_back(self.by_id[card_id])

    def is_equipment(self, card_id: str) -> bool:
        return self.by_id.get(card_id, {}).get("type") in EQUIPMENT_TYPES

    def point(self, card_id: str, colour: str) -> int:
        return int(self.by_id[card_id].get(colour, 0))

    def points(self, card_ids: Any) -> dict[str, int]:
        """What these cards give together when played or used: red, blue, gold and
        Influence printed on them (no alignment bonus, no draw).

        >>> load_cards().points(["silver", "helpful", "bottle_cap"])
        {'red': 1, 'blue': 0, 'gold': 0, 'influence': 4}
        """
        return {c: sum(int(self.by_id[card].get(c, 0)) for card in card_ids) for c in POINTS}

    @cached_property
    def cheapest(self) -> int:
        """The lowest printed cost of an Adventure, Location or Creature card: with less
        Influence (after discounts) nothing can be acquired, which the legal actions check
        first.

        >>> load_cards().cheapest
        2
        """
        return min(self.by_id[c]["cost"] for c in (*self.adventure, *self.locations,
                                                   *self.creatures) if "cost" in self.by_id[c])

    # Sets of card ids with a property, which the legal actions check a hand or a turn's
    # cards against at once (``isdisjoint``) before looking at any card.
    @cached_property
    def equipment(self) -> frozenset[str]:
        """The Weapon, Armor and Item cards."""
        return frozenset(c for c in self.by_id if self.is_equipment(c))

    @cached_property
    def aligned(self) -> frozenset[str]:
        """The cards with an alignment bonus."""
        return frozenset(c for c, info in self.by_id.items() if "aligned" in info)

    @cached_property
    def destroyers(self) -> frozenset[str]:
        """The cards with a Destroy ability."""
        return frozenset(c for c, info in self.by_id.items() if "destroy" in info)

    @cached_property
    def printed_points(self) -> Mapping[str, dict[str, int]]:
        """Each card's red, blue, gold and Influence, only those it has (what playing it
        gives before any bonus), in that order; read-only.

        >>> load_cards().printed_points["rally"]
        {'red': 2}
        """
        return {c: {p: info[p] for p in POINTS if info.get(p)} for c, info in self.by_id.items()}

    @cached_property
    def may_draw(self) -> dict[str, int]:
        """The Equipment cards whose draw is optional, at any time while in play (a
        ``may_draw`` effect: the ``draw`` action), with how many cards each draws.

        >>> load_cards().may_draw
        {'bow_and_arrow': 1}
        """
        return {c: sum(e["n"] for e in info.get("effects", ()) if e["do"] == "may_draw")
                for c, info in self.by_id.items()
                if any(e["do"] == "may_draw" for e in info.get("effects", ()))}

    @cached_property
    def outwits(self) -> frozenset[str]:
        """The cards that can be played as an Outwit (an ``outwit`` effect): a player
        holding none of them is only asked to pass.

        >>> sorted(load_cards().outwits)
        ['outwit']
        """
        return frozenset(c for c, info in self.by_id.items()
                         if any(e["do"] == "outwit" for e in info.get("effects", ())))

    def offer(self, row: Sequence[str | None]) -> tuple[tuple[str, int, str], ...]:
        """The different cards of an Adventure row, sorted, each with its cost and type.
        Remembered (the row changes only when a card leaves it; the legal actions ask after
        every action), with this card set, so an owner's set takes its cache with it.

        >>> load_cards().offer(["silver", None, "helpful", "silver"])
        (('helpful', 2, 'Effect'), ('silver', 3, 'Effect'))
        """
        key = tuple(row)
        found = self._offers.get(key)
        if found is None:
            if len(self._offers) >= 4096:  # a cache, kept small
                self._offers.clear()
            found = self._offers[key] = tuple(
                (card, self.by_id[card]["cost"], self.by_id[card]["type"])
                for card in sorted({c for c in row if c}))
        return found

    @cached_property
    def _offers(self) -> dict[tuple[str | None, ...], tuple[tuple[str, int, str], ...]]:
        return {}

    def token_value(self, token: str) -> int:
        return int(self.by_id[token]["value"])

    def token_kind(self, token: str) -> str:
        return self.by_id[token]["kind"]


def card_set(value: Any, name: str = "cards") -> CardSet:
    """``value`` if it is a card set (:func:`load_cards`); else a message naming it.

    >>> card_set(None)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: cards must be a CardSet \
(load_cards(), or a game's .cards), not None
    """
    if not isinstance(value, CardSet):
        raise InvalidArgumentError(f"{name} must be a CardSet (load_cards(), or a game's "
                                   f".cards), not {shown(value)}")
    return value


def deck_card(cards: CardSet, value: Any, name: str) -> str:
    """``value`` if it names a card a deck holds (an Effect, Weapon, Armor or Item card of
    ``cards``); else a message naming it (a token, a Hero, a Location are not).

    >>> deck_card(load_cards(), "silver", "card")
    'silver'
    """
    if not isinstance(value, str) or value not in cards or cards.type(value) not in \
            ADVENTURE_TYPES:
        raise InvalidArgumentError(f"{name} must be an Effect, Weapon, Armor or Item card of "
                                   f"the card set, not {shown(value)}")
    return value


# ------------------------------------------------------------------ validation
def _bad(what: str, card: str, fieldname: str, why: str) -> DataFormatError:
    return DataFormatError(f"{what}: card {card!r}, field {fieldname!r}: {why}")


def _check_effects(what: str, card: str, fieldname: str, effects: Any, context: str,
                   tokens: Mapping[str, Any]) -> None:
    for i, e in enumerate(effects or ()):
        where = f"{fieldname}[{i}]"
        do = e["do"]
        VOCABULARY.check(e, context, f"{what}: card {card!r}, field {where!r}")
        if do in ("draw", "may_draw", "back", "discard") and "n" not in e:
            raise _bad(what, card, where, f"'{do}' needs a number 'n'")
        if do == "gain" and not any(e.get(p) for p in POINTS):
            raise _bad(what, card, where, "'gain' needs some red, blue, gold or influence")
        if do == "token" and e.get("token") not in tokens:
            raise _bad(what, card, where, f"'token' names no token of the set: "
                       f"{e.get('token')!r}")
        if do == "lose_equipment" and "slot" not in e:
            raise _bad(what, card, where, "'lose_equipment' needs a 'slot' (any, Weapon, "
                       "Armor or Item)")
        if do == "choice":
            if "options" not in e:
                raise _bad(what, card, where, "'choice' needs 'options'")
            for j, option in enumerate(e["options"]):
                _check_effects(what, card, f"{where}.options[{j}]", option, context, tokens)
        if do == "destroy_adventure" and not ("which" in e and "n" in e):
            raise _bad(what, card, where, "'destroy_adventure' needs 'which' and 'n'")
        if do == "solo_creature" and "from" not in e:
            raise _bad(what, card, where, "'solo_creature' needs 'from' (row or deck)")
        if do == "solo_arm" and "side" not in e:
            raise _bad(what, card, where, "'solo_arm' needs a 'side'")
        if do == "solo_destroy" and "sides" not in e:
            raise _bad(what, card, where, "'solo_destroy' needs 'sides'")
        if e.get("who") == "all" and context != "event":
            raise _bad(what, card, where, "'who': 'all' is for Events only")


def _validate_cards(doc: dict[str, Any], what: str) -> CardSet:
    check_schema(doc, CARDS_SCHEMA, what)
    by_id: dict[str, dict[str, Any]] = {}

    def add(card: dict[str, Any], kind: str | None = None) -> str:
        cid = card["id"]
        if cid in by_id:
            raise _bad(what, cid, "id", "the id is used twice")
        if kind is not None:
            card = dict(card, type=kind)
        by_id[cid] = card
        return cid

    tokens = {}
    pool: list[str] = []
    for t in doc["tokens"]:
        if t["value"] < 0 and t["kind"] == "action":
            raise _bad(what, t["id"], "kind", "a negative token modifies one kind of attempt: "
                       "travel, challenge or influence")
        add(t, "Token")
        tokens[t["id"]] = t
        pool += [t["id"]] * t["count"]
    heroes = tuple(add(h, "Hero") for h in doc["heroes"])
    for hid in heroes:
        ability = by_id[hid].get("ability")
        if ability:
            need = {"counts_as": "alignment", "item_type": "item_type", "discount": "type",
                    "first_shield": "n", "hand_size": "n", "power": "effects"}[ability["kind"]]
            if need not in ability:
                raise _bad(what, hid, "ability", f"a '{ability['kind']}' ability needs '{need}'")
            if ability["kind"] == "discount" and "n" not in ability:
                raise _bad(what, hid, "ability", "a 'discount' ability needs 'n'")
            _check_effects(what, hid, "ability.effects", ability.get("effects"), "power", tokens)
        if by_id[hid]["red"] < 1:
            raise _bad(what, hid, "red", "every Hero has at least 1 red Action point")
    deck_cards: dict[str, list[str]] = {}
    for group in ("starting", "adventure"):
        deck_cards[group] = []
        for card in doc[group]:
            cid = add(card)
            _check_adventure(what, card, tokens)
            deck_cards[group] += [cid] * card["count"]
    starting: list[str] = []
    for cid, n in doc["starting_deck"].items():
        if cid not in by_id or by_id[cid].get("type") not in ADVENTURE_TYPES:
            raise _bad(what, cid, "starting_deck", "names no card of 'starting' or 'adventure'")
        starting += [cid] * n
    swap = doc["variant_b"]
    if swap["replace"] not in doc["starting_deck"]:
        raise _bad(what, swap["replace"], "variant_b.replace", "names no card of the core deck")
    if by_id.get(swap["with"], {}).get("type") not in ADVENTURE_TYPES \
            or swap["with"] not in deck_cards["adventure"]:
        raise _bad(what, swap["with"], "variant_b.with", "names no card of the Adventure deck")
    if len(starting) < 5:
        raise DataFormatError(f"{what}: starting_deck: a core deck needs at least 5 cards")
    locations: list[str] = []
    for card in doc["locations"]:
        cid = add(card, "Location")
        if ("item_type" in card) != ("item_ap" in card):
            raise _bad(what, cid, "item_ap", "item_type and item_ap go together")
        if card.get("item_ap", 0) > card["ap"]:
            raise _bad(what, cid, "item_ap", "the Item-modified Action points are the lower "
                       "amount, at most 'ap'")
        for part in ("victory", "results", "extra", "defeat"):
            _check_effects(what, cid, part, card.get(part), "consequence", tokens)
        locations += [cid] * card.get("count", 1)
    creatures: list[str] = []
    for card in doc["creatures"]:
        cid = add(card, "Creature")
        for part in ("victory", "defeat"):
            _check_effects(what, cid, part, card.get(part), "consequence", tokens)
        creatures += [cid] * card.get("count", 1)
    events = []
    for card in doc["events"]:
        cid = add(card, "Event")
        _check_effects(what, cid, "effects", card["effects"], "event", tokens)
        events.append(cid)
    solo: list[str] = []
    for card in doc["solo_cards"]:
        cid = add(card, "Solo")
        _check_effects(what, cid, "instructions", card["instructions"], "solo", tokens)
        solo += [cid] * card["count"]
    numbers = sorted(c["number"] for c in doc["add_location"])
    if numbers != list(range(1, 7)):
        raise DataFormatError(f"{what}: add_location: the six cards are numbered 1 to 6, "
                              f"found {numbers}")
    for c in doc["add_location"]:
        if c["number"] <= 4 and c["row_position"] > 3:
            raise _bad(what, f"add_location {c['number']}", "row_position",
                       "cards 1-4 seed the board in the 2-player variant A, whose Location "
                       "row has 3 cards: use positions 1-3")
    squares = [c["square"] for c in doc["add_location"]]
    if len(set(squares)) != len(squares):
        raise DataFormatError(f"{what}: add_location: two cards name the same Encounter square")
    if len(locations) < 12:
        raise DataFormatError(f"{what}: locations: Solo Play needs at least 12 Location cards "
                              "(6 on the board and 6 in the row)")
    if len(creatures) < 6:
        raise DataFormatError(f"{what}: creatures: Solo Play needs at least 6 Creature cards")
    if len(heroes) < 4:
        raise DataFormatError(f"{what}: heroes: four players need at least 4 Heroes")
    if len(deck_cards["adventure"]) < 12:
        raise DataFormatError(f"{what}: adventure: at least 12 Adventure cards")
    return CardSet(by_id=by_id, heroes=heroes, starting=tuple(starting),
                   adventure=tuple(deck_cards["adventure"]), locations=tuple(locations),
                   creatures=tuple(creatures), events=tuple(events), solo=tuple(solo),
                   add_location=tuple(sorted(doc["add_location"], key=lambda c: c["number"])),
                   tokens=tuple(pool), doc=doc, digest=digest(doc))


def _check_adventure(what: str, card: dict[str, Any], tokens: Mapping[str, Any]) -> None:
    cid, kind = card["id"], card["type"]
    if kind == "Item" and "item_type" not in card:
        raise _bad(what, cid, "item_type", "an Item shows an Item type (Navigation, "
                   "Protection, Travel or Combat)")
    if kind != "Item" and "item_type" in card:
        raise _bad(what, cid, "item_type", "only Items have an Item type")
    if "forge" in card and kind == "Effect":
        raise _bad(what, cid, "forge", "only Equipment can be forged under Equipment")
    if "aligned" in card and "alignment" not in card:
        raise _bad(what, cid, "aligned", "an alignment bonus needs the card's 'alignment'")
    _check_effects(what, cid, "effects", card.get("effects"), "card", tokens)
    for part in ("aligned", "forge", "destroy"):
        if part in card:
            _check_effects(what, cid, f"{part}.effects", card[part].get("effects"), "card",
                           tokens)
    if any(e["do"] == "outwit" for e in card.get("effects", ())) and kind != "Effect":
        raise _bad(what, cid, "effects", "only an Effect card can Outwit")
    if any(e["do"] == "may_draw" for e in card.get("effects", ())) and kind == "Effect":
        raise _bad(what, cid, "effects", "'may_draw' is a draw at any time while the card is "
                   "in play: Equipment only")
    for part in ("aligned", "forge", "destroy"):
        if any(e["do"] == "may_draw" for e in card.get(part, {}).get("effects", ())):
            raise _bad(what, cid, f"{part}.effects", "'may_draw' belongs to the card's own "
                       "effects")


#: The most characters of JSON a card set or a board holds (the shipped ones: about 32,000
#: and 4,000), checked before a dict is copied or serialised.
MAX_DATA_CHARS = 1_000_000


def _small_enough(data: Mapping[str, Any], schema: Mapping[str, Any], what: str) -> None:
    """Refuse at once a dict too large to be a data file, before it is copied or serialised:
    a list longer than the format allows (``schema``'s top-level ``maxItems``), or more
    values and text than :data:`MAX_DATA_CHARS` characters of JSON could hold (counting
    only as far as that limit).

    >>> _small_enough({"adventure": [{}] * 10**6}, CARDS_SCHEMA, "card data")
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: card data: adventure holds 1,000,000 \
items; the format allows 400
    """
    for key, rule in schema.get("properties", {}).items():
        value = data.get(key)
        if isinstance(value, (list, tuple)) and len(value) > rule.get("maxItems", len(value)):
            raise DataFormatError(f"{what}: {key} holds {len(value):,} items; the format "
                                  f"allows {rule['maxItems']:,}")
    budget = MAX_DATA_CHARS
    todo: list[Any] = [data]
    while todo:
        value = todo.pop()
        # Every item takes a character and a separator at least: charged before looking in.
        if isinstance(value, Mapping):
            budget -= 2 + 4 * len(value)
        elif isinstance(value, (list, tuple)):
            budget -= 2 + 2 * len(value)
        elif isinstance(value, str):
            budget -= 2 + len(value)
        if budget < 0:
            raise DataFormatError(f"{what}: larger than a data file can be "
                                  f"({MAX_DATA_CHARS:,} characters of JSON)")
        if isinstance(value, Mapping):
            todo.extend(value.keys())
            todo.extend(v for v in value.values() if isinstance(v, (Mapping, list, tuple, str)))
        elif isinstance(value, (list, tuple)):
            todo.extend(v for v in value if isinstance(v, (Mapping, list, tuple, str)))


class DataFile:
    """One kind of data file of this game (the cards, the board): its shipped version,
    read once, an owner's version read at once and checked (cached by content), and what a
    save records of it (options are data, never paths).

    ``validate(doc, what)`` checks a parsed document and returns the data set, which has
    ``digest`` and ``doc``; ``what`` names the data in messages ("card set", "board").
    """

    def __init__(self, validate: Any, path: pathlib.Path, what: str, kind: type,
                 schema: Mapping[str, Any]) -> None:
        self.validate, self.path, self.what, self.kind = validate, path, what, kind
        self.schema = schema
        self.name = path.name
        self._parsed = lru_cache(maxsize=16)(lambda text, label: validate(json.loads(text),
                                                                           label))
        self._shipped: Any = None

    def shipped(self) -> Any:
        """The shipped (reconstructed) data set, read once."""
        if self._shipped is None:
            self._shipped = self.validate(read_json(self.path, self.name), self.name)
        return self._shipped

    def load(self, source: Any) -> Any:
        """A data set from a path, a parsed dict, a data set, or None (the shipped one)."""
        if source is None:
            return self.shipped()
        if isinstance(source, self.kind):
            return source
        if isinstance(source, Mapping):
            label = f"{self.what.split()[0]} data"
            _small_enough(source, self.schema, label)  # before copying a huge dict
            return self._parsed(json.dumps(read_json(source, label), sort_keys=True), label)
        if isinstance(source, (str, os.PathLike)):
            path = pathlib.Path(source)
            return self._parsed(json.dumps(read_json(path, path.name), sort_keys=True),
                                path.name)
        raise InvalidArgumentError(f"{self.what.split()[-1]} must be a path, a dict of data "
                                   f"or None, not {type(source).__name__}")

    def option(self, data: Any) -> dict[str, Any]:
        """What a save records: the shipped set's name and digest, or the whole document."""
        if data.digest == self.shipped().digest:
            return {"shipped": self.name, "digest": data.digest}
        return dict(data.doc)

    def from_option(self, option: Any) -> Any:
        """The data set a save names. It never opens a file but the shipped one, and refuses
        a shipped set whose digest has changed since the game was saved."""
        if option is None:
            return self.shipped()
        if isinstance(option, Mapping) and "shipped" in option:
            shipped = self.shipped()
            if option.get("shipped") != self.name or option.get("digest") != shipped.digest:
                raise DataFormatError(
                    f"this game was played with the shipped {self.what} "
                    f"{option.get('shipped')!r} {option.get('digest')!r}, which differs from "
                    f"the installed one ({shipped.digest}): load it with the same version of "
                    "the library")
            return shipped
        if isinstance(option, Mapping):
            return self.load(option)
        raise DataFormatError(f"{self.what}: a save names the shipped {self.what} or holds "
                              "its data")


CARDS = DataFile(_validate_cards, DEFAULT_CARDS, "card set", CardSet, CARDS_SCHEMA)


def load_cards(source: str | os.PathLike[str] | Mapping[str, Any] | CardSet | None = None
               ) -> CardSet:
    """A card set: a path to a JSON file, its parsed dict, or None for the shipped one.

    Raises :class:`DataFormatError` naming the card and the field when the data is wrong.

    >>> cards = load_cards()
    >>> cards["tree_golem"]["ap"], cards["tree_golem"]["immune_to"]
    (4, ['Thorn'])
    >>> import copy; doc = copy.deepcopy(dict(cards.doc))
    >>> doc["adventure"][0]["cost"] = "three"
    >>> load_cards(doc)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: card data: adventure[0].cost: 'three' \
is not of type 'integer'
    """
    return CARDS.load(source)


def cards_option(cards: CardSet) -> dict[str, Any]:
    """What a save records of a card set (see :meth:`DataFile.option`)."""
    return CARDS.option(cards)


def cards_from_option(option: Any) -> CardSet:
    """The card set a save names (see :meth:`DataFile.from_option`)."""
    return CARDS.from_option(option)


# ------------------------------------------------------------------ the board
BOARD_FORMAT = "dungeoncraft_widgets/dobbers/board"
DEFAULT_BOARD = pathlib.Path(__file__).parent / "data" / "board.json"
KINDS = ("start", "travel", "encounter")

BOARD_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["format", "version", "squares", "paths", "key"],
    "properties": {
        "format": {"const": BOARD_FORMAT}, "version": {"const": 1},
        "reconstruction": {"type": "string"}, "reasoning": {"type": "array"},
        "format_notes": {"type": "object"},
        "squares": {"type": "array", "minItems": 3, "maxItems": 300, "items": {
            "type": "object", "required": ["id", "kind"], "additionalProperties": False,
            "properties": {"id": {"type": "string", "pattern": "^[A-Za-z0-9_]{1,12}$"},
                           "kind": {"enum": list(KINDS)},
                           "letter": {"type": "string", "pattern": "^[A-Z]$"},
                           "number": {"type": "integer", "minimum": 1, "maximum": 99},
                           "x": {"type": "number"}, "y": {"type": "number"}}}},
        "paths": {"type": "array", "minItems": 2, "maxItems": 1000, "items": {
            "type": "array", "prefixItems": [{"type": "string"}, {"type": "string"},
                                             {"type": "integer", "minimum": 1, "maximum": 9}],
            "minItems": 3, "maxItems": 3}},
        "key": {"type": "string"},
    },
}


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one object per data set
class Board:
    """A validated board. ``squares[id]`` is a square's dict (kind, letter or number, x, y)."""

    squares: Mapping[str, dict[str, Any]] = field(repr=False)
    paths: tuple[tuple[str, str, int], ...] = field(repr=False)
    key: str
    starts: Mapping[str, str]          # letter -> square id
    encounters: Mapping[int, str]      # Encounter Square Number -> square id
    neighbours: Mapping[str, Mapping[str, int]] = field(repr=False)  # square -> {next: shield}
    to_key: Mapping[str, int] = field(repr=False)  # moves from each square to the Key
    doc: Mapping[str, Any] = field(repr=False)
    digest: str = ""

    def shield(self, a: str, b: str) -> int:
        """The blue shield between neighbouring squares ``a`` and ``b``."""
        try:
            return self.neighbours[a][b]
        except KeyError:
            raise InvalidArgumentError(f"{a!r} and {b!r} are not neighbouring squares") from None

    def is_encounter(self, square: str) -> bool:
        return self.squares[square]["kind"] == "encounter"

    def label(self, square: str) -> str:
        """How the log names a square: ``'Encounter square 5'``, ``'start A'``, ``'the Key'``."""
        info = self.squares[square]
        if square == self.key:
            return "the Key"
        if info["kind"] == "encounter":
            return f"Encounter square {info['number']}"
        if info["kind"] == "start":
            return f"Starting Location {info['letter']}"
        return f"square {square}"

    def route_to_key(self, square: str) -> list[str]:
        """The squares from ``square`` to the Key, fewest moves first (both ends included).

        >>> load_board().route_to_key("E11")
        ['E11', 'T15', 'E12']
        """
        route = [square]
        while route[-1] != self.key:
            here = route[-1]
            route.append(min(self.neighbours[here], key=lambda n: (self.to_key[n], n)))
        return route


def _validate_board(doc: dict[str, Any], what: str) -> Board:
    check_schema(doc, BOARD_SCHEMA, what)
    squares: dict[str, dict[str, Any]] = {}
    starts: dict[str, str] = {}
    encounters: dict[int, str] = {}
    for sq in doc["squares"]:
        sid = sq["id"]
        if sid in squares:
            raise DataFormatError(f"{what}: square {sid!r}: the id is used twice")
        squares[sid] = sq
        if sq["kind"] == "start":
            if "letter" not in sq or sq["letter"] in starts:
                raise DataFormatError(f"{what}: square {sid!r}: a start needs its own letter")
            starts[sq["letter"]] = sid
        if sq["kind"] == "encounter":
            if "number" not in sq or sq["number"] in encounters:
                raise DataFormatError(f"{what}: square {sid!r}: an Encounter square needs its "
                                      "own number")
            encounters[sq["number"]] = sid
    neighbours: dict[str, dict[str, int]] = {s: {} for s in squares}
    for i, (a, b, shield) in enumerate(doc["paths"]):
        for end in (a, b):
            if end not in squares:
                raise DataFormatError(f"{what}: paths[{i}]: no square {end!r}")
        if a == b or b in neighbours[a]:
            raise DataFormatError(f"{what}: paths[{i}]: {a}-{b} is a loop or given twice")
        neighbours[a][b] = neighbours[b][a] = shield
    key = doc["key"]
    if key not in squares or squares[key]["kind"] != "encounter":
        raise DataFormatError(f"{what}: key: {key!r} is not an Encounter square")
    if len(starts) < 4:
        raise DataFormatError(f"{what}: squares: four players need at least 4 starts")
    to_key = {key: 0}
    frontier = [key]
    while frontier:
        nxt = []
        for here in frontier:
            for n in neighbours[here]:
                if n not in to_key:
                    to_key[n] = to_key[here] + 1
                    nxt.append(n)
        frontier = nxt
    for sid in squares:
        if sid not in to_key:
            raise DataFormatError(f"{what}: square {sid!r} has no path to the Key")
    return Board(squares=squares, paths=tuple((a, b, s) for a, b, s in doc["paths"]), key=key,
                 starts=starts, encounters=encounters, neighbours=neighbours, to_key=to_key,
                 doc=doc, digest=digest(doc))


BOARDS = DataFile(_validate_board, DEFAULT_BOARD, "board", Board, BOARD_SCHEMA)


def load_board(source: str | os.PathLike[str] | Mapping[str, Any] | Board | None = None
               ) -> Board:
    """A board: a path to a JSON file, its parsed dict, or None for the shipped one.

    >>> load_board({"format": BOARD_FORMAT, "version": 1, "squares": [], "paths": [],
    ...             "key": "E1"})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: board data: squares: [] is too short
    """
    return BOARDS.load(source)


def board_option(board: Board) -> dict[str, Any]:
    """What a save records of a board (see :meth:`DataFile.option`)."""
    return BOARDS.option(board)


def board_from_option(option: Any) -> Board:
    """The board a save names (see :meth:`DataFile.from_option`)."""
    return BOARDS.from_option(option)
