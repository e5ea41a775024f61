"""The card set of Hero versus Guardian: its data model (:class:`CardSet`) and its loader.

The rulebook describes the cards but lists none, so the shipped
``data/cards.json`` is a **reconstruction** (its top says so and gives the
reasoning). An owner of the game can write the real cards in the same format
and pass the file (or the parsed dict) to :func:`load_cards` or to
``new_game(cards=...)``.

Format (``"format": "dungeoncraft_widgets/hero_vs_guardian/cards"``, version 1):

- ``dungeon``: cards with ``id``, ``name``, ``kind`` (``room`` with a
  ``room_type`` Trap/Brute/Evil/Magic; ``vacant``; ``vault``; ``effect``),
  ``points``, ``start`` (true for the 16 rooms that form the grid, the Vault
  among them), optional ``modifiers`` (on rolls against this room),
  ``location_modifiers`` (Vacant rooms and the Vault: on rolls against the
  other room at the location), ``power`` (``"Cursed Item"``) with
  ``item_modifiers``; effects have ``timing``, ``effect`` and ``amount``.
- ``adventurers``: ``id``, ``name``, ``class``, ``points``, ``powers`` and
  ``modifiers`` ``{"Trap": .., "Magic": .., "Brute": .., "Evil": ..}``.
- ``treasure``: ``kind`` ``spell`` (``timing``, ``effect``, ``amount``) or
  ``item`` (``powers``, ``modifiers``), ``points``.
- ``effect``: one of the effects of :data:`.effects.VOCABULARY`, which also says whether it
  may appear on a Spell or on a Dungeon Effect.
- A modifier is ``{"amount": int, "action": "scout"|"venture"|"retreat",
  "vs": room type, "class": Adventurer class}``; a missing key matches all.

>>> cards = load_cards()
>>> len(cards.dungeon), len(cards.adventurers), len(cards.treasure)
(38, 16, 22)
>>> cards[cards.vault]["points"]
8
"""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.checks import bounded_data
from ..core.data import check_schema, digest, read_json
from ..core.errors import DataFormatError, InvalidArgumentError
from .dungeon import START_ADVENTURERS, START_ROOMS
from .effects import EFFECT_TIMINGS, PLACES, VOCABULARY

CARDS_FORMAT = "dungeoncraft_widgets/hero_vs_guardian/cards"
DEFAULT_CARDS = pathlib.Path(__file__).parent / "data" / "cards.json"
ROOM_TYPES = ("Trap", "Magic", "Brute", "Evil")
POWERS = ("Sacrifice", "Scouting", "Venturing", "Spell Casting", "Cursed Item")
TIMINGS = ("Combat", "Non-Combat")
DUNGEON_KINDS = ("room", "vacant", "vault", "effect")
TREASURE_KINDS = ("spell", "item")
ROLL_KINDS = ("scout", "venture", "retreat")
MAX_CARDS = 200  # far above the 38/16/22 of the real game: bounds the work of loading
SHIPPED = "cards.json"

__all__ = ["CARDS_FORMAT", "CARDS_SCHEMA", "DEFAULT_CARDS", "ROOM_TYPES", "CardSet",
           "cards_from_option", "load_cards", "resolve_cards", "validate_cards"]


@dataclass(frozen=True)
class CardSet:
    """All cards of one set, by id. ``cards[id]`` is the card's dict.

    Read-only once made (a game shares it with its copies and views: ``shared_fields``).
    """

    dungeon: tuple[str, ...]
    adventurers: tuple[str, ...]
    treasure: tuple[str, ...]
    by_id: Mapping[str, dict[str, Any]] = field(repr=False)
    vault: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        # Asked thousands of times a game: worked out once (the set is read-only).
        by_id = self.by_id
        powers = {c: ((card["power"],) if "power" in card else tuple(card.get("powers", ())))
                  for c, card in by_id.items()}
        object.__setattr__(self, "_powers", powers)
        object.__setattr__(self, "_rooms", frozenset(
            c for c in self.dungeon if by_id[c].get("kind") in ("room", "vacant", "vault")))
        object.__setattr__(self, "_cursed", frozenset(
            c for c, p in powers.items() if "Cursed Item" in p))
        object.__setattr__(self, "_start", tuple(c for c in self.dungeon
                                                 if by_id[c].get("start")))

    def __getitem__(self, card_id: str) -> dict[str, Any]:
        return self.by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    @property
    def start_rooms(self) -> tuple[str, ...]:
        """The 16 yellow-bordered rooms the Guardian builds the grid from."""
        return self._start  # type: ignore[attr-defined]

    def name(self, card_id: str) -> str:
        """``'Cleric (A01)'``: a card's name with its id, for log lines."""
        return f"{self.by_id[card_id]['name']} ({card_id})" if card_id in self.by_id else card_id

    def points(self, card_id: str) -> int:
        return int(self.by_id[card_id].get("points", 0))

    def powers(self, card_id: str) -> tuple[str, ...]:
        return self._powers[card_id]  # type: ignore[attr-defined]

    def is_room(self, card_id: str) -> bool:
        """A Dungeon Room card (typed room, Vacant room, the Vault), not an Effect."""
        return card_id in self._rooms  # type: ignore[attr-defined]

    def is_cursed(self, card_id: str) -> bool:
        return card_id in self._cursed  # type: ignore[attr-defined]


CARDS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Hero versus Guardian card set",
    "type": "object",
    "required": ["format", "version", "dungeon", "adventurers", "treasure"],
    "properties": {
        "format": {"const": CARDS_FORMAT},
        "version": {"const": 1},
        "reconstruction": {"type": "string"},
        "reasoning": {"type": "array", "items": {"type": "string"}},
        "format_notes": {"type": "object"},
        "dungeon": {"type": "array", "minItems": START_ROOMS, "maxItems": MAX_CARDS,
                    "items": {"$ref": "#/$defs/dungeon"}},
        "adventurers": {"type": "array", "minItems": 3, "maxItems": MAX_CARDS,
                        "items": {"$ref": "#/$defs/adventurer"}},
        "treasure": {"type": "array", "minItems": 1, "maxItems": MAX_CARDS,
                     "items": {"$ref": "#/$defs/treasure"}},
    },
    "additionalProperties": False,
    "$defs": {
        # Actions name cards by id in plain text: ASCII letters, digits, '_', '.', '-' only.
        "id": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$"},
        "name": {"type": "string", "minLength": 1, "maxLength": 60},
        "text": {"type": "string", "maxLength": 400},
        "points": {"type": "integer", "minimum": 0, "maximum": 50},
        "amount": {"type": "integer", "minimum": -12, "maximum": 12},
        "modifier": {
            "type": "object", "required": ["amount"], "additionalProperties": False,
            "properties": {"amount": {"$ref": "#/$defs/amount"},
                           "action": {"enum": list(ROLL_KINDS)},
                           "vs": {"enum": list(ROOM_TYPES)},
                           "class": {"type": "string", "minLength": 1, "maxLength": 40}}},
        "modifiers": {"type": "array", "maxItems": 8, "items": {"$ref": "#/$defs/modifier"}},
        "powers": {"type": "array", "maxItems": 4, "uniqueItems": True,
                   "items": {"enum": list(POWERS)}},
        "dungeon": {
            "type": "object", "required": ["id", "name", "kind", "points"],
            "additionalProperties": False,
            "properties": {
                "id": {"$ref": "#/$defs/id"}, "name": {"$ref": "#/$defs/name"},
                "kind": {"enum": list(DUNGEON_KINDS)},
                "room_type": {"enum": [*ROOM_TYPES, None]},
                "points": {"$ref": "#/$defs/points"}, "start": {"type": "boolean"},
                "modifiers": {"$ref": "#/$defs/modifiers"},
                "location_modifiers": {"$ref": "#/$defs/modifiers"},
                "power": {"const": "Cursed Item"},
                "item_modifiers": {"$ref": "#/$defs/modifiers"},
                "timing": {"enum": list(TIMINGS)}, "effect": {"enum": list(VOCABULARY)},
                "amount": {"$ref": "#/$defs/amount"}, "text": {"$ref": "#/$defs/text"}},
            "allOf": [
                {"if": {"properties": {"kind": {"const": "room"}}},
                 "then": {"required": ["room_type"],
                          "properties": {"room_type": {"enum": list(ROOM_TYPES)}}}},
                {"if": {"properties": {"kind": {"enum": ["vacant", "vault"]}}},
                 "then": {"properties": {"room_type": {"const": None}}}},
                {"if": {"properties": {"kind": {"const": "effect"}}},
                 "then": {"required": ["effect"], "properties": {"start": {"const": False}}}},
                {"if": {"required": ["power"]}, "then": {"required": ["item_modifiers"]}},
            ]},
        "adventurer": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "class", "points", "powers", "modifiers"],
            "properties": {
                "id": {"$ref": "#/$defs/id"}, "name": {"$ref": "#/$defs/name"},
                "class": {"type": "string", "minLength": 1, "maxLength": 40},
                "points": {"$ref": "#/$defs/points"}, "powers": {"$ref": "#/$defs/powers"},
                "modifiers": {"type": "object", "required": list(ROOM_TYPES),
                              "additionalProperties": False,
                              "properties": {t: {"$ref": "#/$defs/amount"} for t in ROOM_TYPES}},
                "text": {"$ref": "#/$defs/text"}}},
        "treasure": {
            "type": "object", "required": ["id", "name", "kind", "points"],
            "additionalProperties": False,
            "properties": {
                "id": {"$ref": "#/$defs/id"}, "name": {"$ref": "#/$defs/name"},
                "kind": {"enum": list(TREASURE_KINDS)}, "points": {"$ref": "#/$defs/points"},
                "powers": {"$ref": "#/$defs/powers"}, "modifiers": {"$ref": "#/$defs/modifiers"},
                "timing": {"enum": list(TIMINGS)}, "effect": {"enum": list(VOCABULARY)},
                "amount": {"$ref": "#/$defs/amount"}, "text": {"$ref": "#/$defs/text"}},
            "allOf": [{"if": {"properties": {"kind": {"const": "spell"}}},
                       "then": {"required": ["effect"]}}]},
    },
}
for _group in ("dungeon", "treasure"):  # an effect that adds to a roll says by how much
    CARDS_SCHEMA["$defs"][_group]["allOf"].append(
        {"if": {"required": ["effect"],
                "properties": {"effect": {"enum": ["next_roll", "next_retreat"]}}},
         "then": {"required": ["amount"]}})


def _bad(what: str, group: str, index: int, card_id: str, field: str, why: str) -> DataFormatError:
    return DataFormatError(f"{what}: {group}[{index}] ({card_id}).{field}: {why}")


def _name_the_card(error: DataFormatError, doc: dict[str, Any]) -> DataFormatError:
    """Add the card's id to a schema error's path: ``dungeon[3] (D04).room_type``."""
    match = re.match(r"^(.*?: )(dungeon|adventurers|treasure)\[(\d+)\](.*)$", str(error))
    if match:
        head, group, index, rest = match.groups()
        card = doc[group][int(index)]
        card_id = card.get("id") if isinstance(card, dict) else None
        if isinstance(card_id, str):
            return DataFormatError(f"{head}{group}[{index}] ({card_id[:20]}){rest}")
    return error


def validate_cards(doc: dict[str, Any], what: str = "card data") -> CardSet:
    """Check a parsed card document (schema, then what a schema cannot) and build its set.

    Every error is a :class:`DataFormatError` naming the card (its place and id) and the
    field: ``card data: adventurers[3] (A04).modifiers.Evil: '4' is not of type 'integer'``.
    """
    try:
        check_schema(doc, CARDS_SCHEMA, what)
    except DataFormatError as error:
        raise _name_the_card(error, doc) from None
    by_id: dict[str, dict[str, Any]] = {}
    groups: dict[str, list[str]] = {}
    for group in ("dungeon", "adventurers", "treasure"):
        groups[group] = []
        for index, card in enumerate(doc[group]):
            cid = card["id"]
            if cid in by_id:
                raise _bad(what, group, index, cid, "id", "this id is used by another card")
            by_id[cid] = card
            groups[group].append(cid)
    dungeon = groups["dungeon"]
    vaults = [c for c in dungeon if by_id[c]["kind"] == "vault"]
    if len(vaults) != 1:
        raise DataFormatError(f"{what}: dungeon: exactly one card has kind 'vault' (the "
                              f"Treasure Vault), not {len(vaults)}")
    starts = [c for c in dungeon if by_id[c].get("start")]
    if len(starts) != START_ROOMS:
        raise DataFormatError(f"{what}: dungeon: exactly {START_ROOMS} cards have start: true "
                              f"(the rooms of the 4 by 4 grid), not {len(starts)}")
    if not by_id[vaults[0]].get("start"):
        index = dungeon.index(vaults[0])
        raise _bad(what, "dungeon", index, vaults[0], "start",
                   "the Treasure Vault is one of the 16 starting rooms")
    for group in ("dungeon", "treasure"):
        for index, cid in enumerate(groups[group]):
            card = by_id[cid]
            if "timing" in card and "effect" not in card:
                raise _bad(what, group, index, cid, "timing",
                           "only Spells and Dungeon Effects have a Timing")
            if "effect" in card:
                VOCABULARY.check(card, PLACES.get(card["kind"], card["kind"]),
                                 f"{what}: {group}[{index}] ({cid}).effect")
                allowed = EFFECT_TIMINGS[card["effect"]]
                if card.get("timing") not in allowed:
                    raise _bad(what, group, index, cid, "timing",
                               f"the effect {card['effect']!r} is played with Timing: "
                               f"{' or '.join(allowed)}, not {card.get('timing')!r}")
            if "power" in card and card["kind"] != "room":
                raise _bad(what, group, index, cid, "power", "only a typed room (kind 'room') "
                           "can be a Cursed Item")
    for group in ("adventurers", "treasure"):
        for index, cid in enumerate(groups[group]):
            if "Cursed Item" in by_id[cid].get("powers", ()):
                raise _bad(what, group, index, cid, "powers", "a Cursed Item is a Dungeon "
                           "room card ('power': 'Cursed Item'), not an Adventurer or Treasure")
    if sum(1 for c in groups["adventurers"] if by_id[c]["points"] == 2) < START_ADVENTURERS:
        raise DataFormatError(f"{what}: adventurers: at least {START_ADVENTURERS} Adventurers "
                              "are worth 2 points (the 'pick' set-up)")
    return CardSet(tuple(dungeon), tuple(groups["adventurers"]), tuple(groups["treasure"]),
                   by_id, vaults[0], what)


@lru_cache(maxsize=1)
def _shipped() -> tuple[CardSet, str]:
    doc = read_json(DEFAULT_CARDS, SHIPPED)
    return validate_cards(doc, SHIPPED), digest(doc)


@lru_cache(maxsize=16)
def _validated(fingerprint: str, text: str) -> CardSet:
    return validate_cards(json.loads(text), "card data")


def _from_document(doc: dict[str, Any]) -> tuple[CardSet, dict[str, Any]]:
    shipped, shipped_digest = _shipped()
    fingerprint = digest(doc)
    if fingerprint == shipped_digest:
        return shipped, {"shipped": SHIPPED, "digest": fingerprint}
    cards = _validated(fingerprint, json.dumps(doc, sort_keys=True))
    return cards, doc


def resolve_cards(source: object = None) -> tuple[CardSet, dict[str, Any]]:
    """The card set for ``new_game(cards=source)`` and what the game stores in its options.

    ``source``: None (the shipped set), a path (read at once), a card document (a dict), or
    what a save stores: ``{"shipped": "cards.json", "digest": ...}``. The stored value is
    never a path: it names the shipped set with its digest, or is the whole card document.

    >>> cards, stored = resolve_cards()
    >>> sorted(stored), stored["shipped"]
    (['digest', 'shipped'], 'cards.json')
    """
    if source is None:
        shipped, shipped_digest = _shipped()
        return shipped, {"shipped": SHIPPED, "digest": shipped_digest}
    if isinstance(source, (str, pathlib.Path)):
        return _from_document(read_json(source, "card data"))
    if isinstance(source, Mapping):
        if set(source) == {"shipped", "digest"}:
            return cards_from_option(dict(source)), dict(source)
        bounded_data(source, "card data")  # before it is copied: a million cards at once
        return _from_document(read_json(source, "card data"))
    raise InvalidArgumentError(
        f"cards must be a path, a dict of card data or None, not {type(source).__name__}")


def cards_from_option(value: object) -> CardSet:
    """The card set a saved game names in ``options["cards"]`` (never read from a file).

    >>> cards_from_option({"shipped": "cards.json", "digest": "0000000000000000"})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: saved game: it was played with another \
version of the shipped cards.json (digest 0000000000000000; installed ...)
    """
    if value is None:
        return _shipped()[0]
    if isinstance(value, dict) and set(value) == {"shipped", "digest"}:
        shipped, shipped_digest = _shipped()
        if value["shipped"] != SHIPPED:
            raise DataFormatError(f"saved game: no shipped card set {value['shipped']!r} "
                                  f"(the shipped set is {SHIPPED})")
        if value["digest"] != shipped_digest:
            raise DataFormatError(
                f"saved game: it was played with another version of the shipped {SHIPPED} "
                f"(digest {str(value['digest'])[:16]}; installed {shipped_digest})")
        return shipped
    if isinstance(value, dict):
        bounded_data(value, "saved game's card data")
        return _from_document(read_json(value, "saved game's card data"))[0]
    raise DataFormatError("saved game: options.cards must hold the card data (or name the "
                          "shipped set with its digest), never a file path")


def load_cards(source: str | pathlib.Path | Mapping[str, Any] | None = None) -> CardSet:
    """Read a card set: a path to a JSON file, its parsed dict, or None for the shipped one.

    Raises DataFormatError naming the card and the field if the data is wrong.

    >>> cards = load_cards()
    >>> cleric = cards["A01"]
    >>> cleric["class"], cleric["points"], cleric["powers"], cleric["modifiers"]["Evil"]
    ('Cleric', 2, ['Sacrifice'], 4)
    >>> load_cards({"format": "something else"})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: card data: (top): 'version' is a \
required property
    """
    return resolve_cards(source)[0]
