"""The Dubious Alliance deck: the cards' data model and the loader of ``data/cards.json``.

The shipped ``data/cards.json`` is a reconstruction (its ``reconstruction`` field says
why and what was kept from the rulebook); :func:`load_deck` reads that file or an
owner's own file in the same format. The file is read with :mod:`core.data` (regular
files only, size and nesting caps), checked against :data:`DECK_SCHEMA` (JSON Schema),
then against the rules a schema cannot state (unique ids and names, instructions that
mean something: each is checked against the instruction vocabulary of :mod:`.effects`;
types that exist, a Dealer that can be found); every error names the card and the field.

A game never stores a path: :func:`deck_option` gives what goes into a game's options
(and so into a save), either the shipped set's name with its digest or the whole
validated document, and :func:`deck_from_option` reads it back.

>>> deck = load_deck()
>>> len(deck.cards), len(deck.player_cards)
(121, 7)
>>> deck.player_cards["gogog_bloodthroat"].prestige_goal
15
>>> deck_option(None)["shipped"]
'cards.json'
"""

from __future__ import annotations

import copy
import os
import pathlib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.checks import bounded_data
from ..core.data import check_schema, digest, read_json
from ..core.errors import DataFormatError
from .effects import PLACES, POWER_FIELDS, TERMS, VOCABULARY, WHO, WHOSE
from .trading import LEVELS, name_words

DATA_FILE = pathlib.Path(__file__).parent / "data" / "cards.json"
SHIPPED = "cards.json"
FORMAT = "dubious_alliance/cards"
WHAT = "Dubious Alliance cards"

#: Card types the rulebook names (key words and sample cards); an instruction may name
#: these, or any type a card of the deck has.
RULEBOOK_TYPES = frozenset({"Armor", "Dragon", "Event", "Item", "Location", "Magic", "Monster",
                            "Trap", "Weapon"})
MIN_CARDS = 12  # 4 cards for each of the 3 players the smallest game has
MAX_CARDS = 1000
MAX_VALUE = 99

_ID = {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,60}$"}
_TYPE = {"type": "string", "pattern": "^[A-Za-z][A-Za-z'-]{0,29}$"}
_VALUE = {"type": ["integer", "null"], "minimum": -MAX_VALUE, "maximum": MAX_VALUE}
_TEXT = {"type": "string", "maxLength": 600}
_INSTRUCTION = {
    "type": "object", "required": ["when", "do"], "additionalProperties": False,
    "properties": {
        "when": {"enum": list(PLACES)},
        "do": {"enum": sorted(VOCABULARY)},
        "who": {"enum": list(WHO)}, "from": {"enum": ["left", "right"]},
        "level": {"enum": list(LEVELS)}, "type": _TYPE, "whose": {"enum": list(WHOSE)},
        "cost": {"enum": ["discard_this"]},
        "filter": {"type": "object", "additionalProperties": False, "minProperties": 1,
                   "properties": {"negative_survival": {"const": True}, "type": _TYPE}},
        "if_prestige_at_least": {"type": "integer", "minimum": -MAX_VALUE, "maximum": MAX_VALUE},
    },
}
#: JSON Schema (draft 2020-12) of a deck file; the ``vocabulary`` field of the shipped
#: file says in words what each instruction does.
DECK_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "cards", "player_cards"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": 1},
        "reconstruction": {"type": "string"},
        "limits": {"type": "object", "propertyNames": _TYPE,
                   "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 20}},
        "cards": {"type": "array", "minItems": MIN_CARDS, "maxItems": MAX_CARDS, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "types", "survival", "prestige"],
            "properties": {
                "id": _ID, "name": {"type": "string", "minLength": 1, "maxLength": 60},
                "types": {"type": "array", "items": _TYPE, "minItems": 1, "maxItems": 8,
                          "uniqueItems": True},
                "survival": _VALUE, "prestige": _VALUE, "text": _TEXT, "flavor": _TEXT,
                "instructions": {"type": "array", "items": _INSTRUCTION, "maxItems": 8},
            }}},
        "player_cards": {"type": "array", "minItems": 3, "maxItems": 50, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "survival", "prestige_goal"],
            "properties": {
                "id": _ID, "name": {"type": "string", "minLength": 1, "maxLength": 60},
                "title": {"type": "string", "maxLength": 60}, "text": _TEXT,
                "survival": {"type": "integer", "minimum": 1, "maximum": MAX_VALUE},
                "prestige_goal": {"type": "integer", "minimum": 1, "maximum": MAX_VALUE},
                "instructions": {"type": "array", "items": _INSTRUCTION, "maxItems": 8},
            }}},
    },
}
#: What a game's ``options["deck"]`` holds: the shipped set named with its digest, or a deck.
OPTION_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "object", "required": ["shipped", "digest"], "additionalProperties": False,
         "properties": {"shipped": {"const": SHIPPED},
                        "digest": {"type": "string", "pattern": "^[0-9a-f]{16}$"}}},
        {"type": "object", "required": ["format"], "not": {"required": ["shipped"]}},
    ]
}


@dataclass(frozen=True)
class Card:
    """One game card. ``survival``/``prestige`` are both None for a card without values."""

    id: str
    name: str
    types: tuple[str, ...]
    survival: int | None
    prestige: int | None
    instructions: tuple[dict[str, Any], ...] = ()
    text: str = ""
    flavor: str = ""

    @property
    def has_values(self) -> bool:
        return self.survival is not None

    @property
    def is_location(self) -> bool:
        return "Location" in self.types

    @property
    def hurts(self) -> bool:
        """Its Survival is below 0 (a card without values does not hurt)."""
        return (self.survival or 0) < 0

    def draw_value(self) -> int:
        """Prestige for Draw checks: a card without values counts as zero."""
        return self.prestige or 0

    def powers(self, when: str) -> list[tuple[int, dict[str, Any]]]:
        """(index, instruction) pairs of this card's instructions used at ``when``."""
        return [(i, ins) for i, ins in enumerate(self.instructions) if ins["when"] == when]


@dataclass(frozen=True)
class PlayerCard:
    """A war chief: beginning Survival, Prestige goal and an ability (instructions)."""

    id: str
    name: str
    title: str
    survival: int
    prestige_goal: int
    instructions: tuple[dict[str, Any], ...] = ()
    text: str = ""
    types: tuple[str, ...] = ("Player",)

    def powers(self, when: str) -> list[tuple[int, dict[str, Any]]]:
        return [(i, ins) for i, ins in enumerate(self.instructions) if ins["when"] == when]


@dataclass(frozen=True)
class Deck:
    """A whole deck: game cards and Player cards by id, plus the type limits."""

    cards: dict[str, Card]
    player_cards: dict[str, PlayerCard]
    limits: dict[str, int] = field(default_factory=dict)
    reconstruction: str = ""

    def card(self, card_id: str) -> Card | PlayerCard:
        if card_id in self.cards:
            return self.cards[card_id]
        return self.player_cards[card_id]

    def name_phrases(self) -> tuple[tuple[str, str], ...]:
        """(the name's words with a space on each side, the name) of every game card, for
        spotting names in claims."""
        cached = self.__dict__.get("_phrases")
        if cached is None:
            cached = tuple((f" {' '.join(name_words(c.name))} ", c.name)
                           for c in self.cards.values())
            object.__setattr__(self, "_phrases", cached)  # not a field: equality unchanged
        return cached


def _bad(where: str, why: str) -> DataFormatError:
    return DataFormatError(f"{WHAT}: {where}: {why}")


def _check_instruction(where: str, ins: dict[str, Any], types: set[str]) -> None:
    """What the schema cannot say: the verb may stand at ``when`` (the vocabulary says),
    the fields mean something for it, the types named exist."""
    when, do = ins["when"], ins["do"]
    VOCABULARY.check(ins, PLACES[when], f"{WHAT}: {where}.do")
    terms = TERMS[do]
    # A reveal or gain instruction takes its verb's fields, a power those of its kind.
    allowed = terms.fields if when not in POWER_FIELDS else POWER_FIELDS[when]
    needs = terms.needs if when not in POWER_FIELDS else frozenset()
    for key in sorted(set(ins) - {"when", "do"} - allowed):
        raise _bad(f"{where}.{key}", f"means nothing for {when} {do!r} (it takes "
                   f"{', '.join(sorted(allowed)) or 'no other field'})")
    for key in sorted(needs - set(ins)):
        raise _bad(where, f"{when} {do!r} needs the field {key!r}")
    wanted = (("type", ins.get("type")), ("filter.type", ins.get("filter", {}).get("type")))
    for key, want in wanted:
        if want is not None and want not in types:
            raise _bad(f"{where}.{key}", f"no card has the type {want!r} "
                       f"(types in this deck: {', '.join(sorted(types))})")


def _check_powers(where: str, instructions: list[dict[str, Any]]) -> None:
    if sum(ins["when"] == "respond" for ins in instructions) > 1:
        raise _bad(f"{where}.instructions", "a card has at most one 'respond' power")


def validate_deck(doc: Mapping[str, Any]) -> Deck:
    """A :class:`Deck` from a parsed deck document, or DataFormatError naming card and field.

    >>> import json
    >>> doc = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    >>> doc["cards"][0]["types"] = "Monster"
    >>> validate_deck(doc)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: Dubious Alliance cards: \
cards[0].types: 'Monster' is not of type 'array'
    """
    check_schema(doc, DECK_SCHEMA, WHAT)
    raw_cards, raw_players = doc["cards"], doc["player_cards"]
    types = {t for d in raw_cards for t in d["types"]} | RULEBOOK_TYPES
    ids: dict[str, str] = {}
    names: dict[str, str] = {}
    cards: dict[str, Card] = {}
    for i, d in enumerate(raw_cards):
        where = f"cards[{i}] ({d['id']})"
        if d["id"] in ids:
            raise _bad(f"{where}.id", f"{d['id']!r} is also the id of {ids[d['id']]}")
        ids[d["id"]] = where
        folded = " ".join(d["name"].casefold().split())
        if folded in names:
            raise _bad(f"{where}.name", f"{d['name']!r} is also the name of {names[folded]} "
                       "(every card has its own name)")
        names[folded] = where
        if (d["survival"] is None) != (d["prestige"] is None):
            raise _bad(f"{where}.survival", "survival and prestige are both numbers "
                       "(a card with values) or both null (a card without values)")
        card_types = list(d["types"])
        if ("Weapon" in card_types or "Armor" in card_types) and "Item" not in card_types:
            card_types.append("Item")  # rulebook: Weapon and Armor cards are also Item cards
        instructions = d.get("instructions", [])
        for j, ins in enumerate(instructions):
            _check_instruction(f"{where}.instructions[{j}]", ins, types)
        _check_powers(where, instructions)
        cards[d["id"]] = Card(d["id"], d["name"], tuple(card_types), d["survival"],
                              d["prestige"], tuple(dict(x) for x in instructions),
                              d.get("text", ""), d.get("flavor", ""))
    if len({c.draw_value() for c in cards.values()}) < 2:
        raise _bad("cards[*].prestige", "every card has the same Prestige, so drawing for the "
                   "lowest can never find a Dealer (the rulebook: 'The Player with the lowest "
                   "blue Prestige value card is the Dealer')")
    players: dict[str, PlayerCard] = {}
    for i, d in enumerate(raw_players):
        where = f"player_cards[{i}] ({d['id']})"
        if d["id"] in ids:
            raise _bad(f"{where}.id", f"{d['id']!r} is also the id of {ids[d['id']]}")
        ids[d["id"]] = where
        instructions = d.get("instructions", [])
        for j, ins in enumerate(instructions):
            if ins["when"] not in ("respond", "trading"):
                raise _bad(f"{where}.instructions[{j}].when", "a Player card's ability is "
                           f"'respond' or 'trading', not {ins['when']!r}")
            _check_instruction(f"{where}.instructions[{j}]", ins, types)
        _check_powers(where, instructions)
        players[d["id"]] = PlayerCard(d["id"], d["name"], d.get("title", ""), d["survival"],
                                      d["prestige_goal"], tuple(dict(x) for x in instructions),
                                      d.get("text", ""))
    limits = dict(doc.get("limits", {}))
    for kind in limits:
        if kind not in types:
            raise _bad(f"limits.{kind}", f"no card has the type {kind!r}")
    return Deck(cards, players, limits, str(doc.get("reconstruction", "")))


@lru_cache(maxsize=1)
def _shipped() -> tuple[dict[str, Any], str, Deck]:
    doc = read_json(DATA_FILE, WHAT)
    return doc, digest(doc), validate_deck(doc)


_DECKS: OrderedDict[str, Deck] = OrderedDict()  # decks from data, by digest (a few kept)


def _from_doc(doc: Mapping[str, Any]) -> tuple[dict[str, Any], str, Deck]:
    bounded_data(doc, WHAT)  # before it is copied: a million cards are refused at once
    doc = read_json(doc, WHAT)  # a deep copy, with the same limits as a file
    key = digest(doc)
    deck = _DECKS.get(key)
    if deck is None:
        deck = validate_deck(doc)
        _DECKS[key] = deck
        while len(_DECKS) > 8:
            _DECKS.popitem(last=False)
    return doc, key, deck


def _read(source: str | os.PathLike[str] | Mapping[str, Any] | None
          ) -> tuple[dict[str, Any], str, Deck]:
    if source is None:
        return _shipped()
    if isinstance(source, Mapping):
        return _from_doc(source)
    if isinstance(source, (str, os.PathLike)):
        return _from_doc(read_json(source, WHAT))
    raise DataFormatError(f"{WHAT}: expected a file path, a dict or None, "
                          f"not {type(source).__name__}")


def load_deck(source: str | os.PathLike[str] | Mapping[str, Any] | None = None) -> Deck:
    """Read a deck from a path, a parsed dict, or (None) the shipped reconstruction.

    Raises DataFormatError (a ValueError) naming the card and field that is wrong.

    >>> deck = load_deck()
    >>> deck.cards["protection_scroll"].powers("respond")[0][1]["do"]
    'discard_revealed'
    >>> deck.cards["gogogs_war_axe"].types
    ('Weapon', 'Item')
    """
    return _read(source)[2]


def deck_option(source: str | os.PathLike[str] | Mapping[str, Any] | None) -> dict[str, Any]:
    """What a game stores for ``deck=source``: never a path, always checked data.

    The shipped set (or a copy of it) is stored by name and digest; any other deck
    is stored whole, so a saved game reloads on any machine.

    >>> deck_option(DATA_FILE) == deck_option(None) == deck_option(deck_option(None))
    True
    """
    if isinstance(source, Mapping) and "shipped" in source:
        deck_from_option(source)  # the shipped set by name: checked against its digest
        return dict(source)
    doc, key, _deck = _read(source)
    if key == _shipped()[1]:
        return {"shipped": SHIPPED, "digest": key}
    return doc


def deck_from_option(option: Any) -> Deck:
    """The deck a game's ``options["deck"]`` names; a save never opens a file.

    >>> try:
    ...     deck_from_option({"shipped": "cards.json", "digest": "0" * 16})
    ... except DataFormatError as error:
    ...     print(str(error)[:76])
    Dubious Alliance cards: this game was played with a shipped cards.json whose
    """
    if option is None:
        return _shipped()[2]
    if isinstance(option, str | os.PathLike):
        raise DataFormatError(f"{WHAT}: options.deck is a path ({str(option)[:80]!r}); a game "
                              "holds the deck data itself or the shipped set's name, never a path")
    check_schema(option, OPTION_SCHEMA, f"{WHAT} (options.deck)")
    if "shipped" in option:
        _doc, key, deck = _shipped()
        if option["digest"] != key:
            raise DataFormatError(
                f"{WHAT}: this game was played with a shipped {SHIPPED} whose digest was "
                f"{option['digest']}; the installed one's is {key} (the shipped deck changed "
                "since the game was saved)")
        return deck
    return _from_doc(copy.deepcopy(dict(option)))[2]
