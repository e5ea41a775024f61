"""The card set of Hero versus Guardian, read from a JSON file.

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
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.errors import InvalidArgumentError, SaveFormatError

CARDS_FORMAT = "dungeoncraft_widgets/hero_vs_guardian/cards"
DEFAULT_CARDS = pathlib.Path(__file__).parent / "data" / "cards.json"
ROOM_TYPES = ("Trap", "Magic", "Brute", "Evil")
POWERS = ("Sacrifice", "Scouting", "Venturing", "Spell Casting", "Cursed Item")
TIMINGS = ("Combat", "Non-Combat")
DUNGEON_KINDS = ("room", "vacant", "vault", "effect")
TREASURE_KINDS = ("spell", "item")
EFFECTS = ("freeze", "capture_frozen", "next_roll", "next_retreat", "level_or_unfreeze")
ROLL_KINDS = ("scout", "venture", "retreat")
START_ROOMS = 16

__all__ = ["CARDS_FORMAT", "DEFAULT_CARDS", "ROOM_TYPES", "CardSet", "load_cards",
           "modifier_applies"]


@dataclass(frozen=True)
class CardSet:
    """All cards of one set, by id. ``cards[id]`` is the card's dict."""

    dungeon: tuple[str, ...]
    adventurers: tuple[str, ...]
    treasure: tuple[str, ...]
    by_id: Mapping[str, dict[str, Any]] = field(repr=False)
    vault: str = ""
    source: str = ""

    def __getitem__(self, card_id: str) -> dict[str, Any]:
        return self.by_id[card_id]

    def __deepcopy__(self, memo: dict[int, Any]) -> CardSet:
        return self  # read-only by convention: copies of a game (views, undo) share it

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    @property
    def start_rooms(self) -> tuple[str, ...]:
        """The 16 yellow-bordered rooms the Guardian builds the grid from."""
        return tuple(c for c in self.dungeon if self.by_id[c].get("start"))

    def name(self, card_id: str) -> str:
        """``'Cleric (A01)'``: a card's name with its id, for log lines."""
        return f"{self.by_id[card_id]['name']} ({card_id})" if card_id in self.by_id else card_id

    def points(self, card_id: str) -> int:
        return int(self.by_id[card_id].get("points", 0))

    def powers(self, card_id: str) -> tuple[str, ...]:
        card = self.by_id[card_id]
        if "power" in card:
            return (card["power"],)
        return tuple(card.get("powers", ()))

    def is_room(self, card_id: str) -> bool:
        """A Dungeon Room card (typed room, Vacant room, the Vault), not an Effect."""
        return card_id in self.by_id and self.by_id[card_id].get("kind") in ("room", "vacant",
                                                                               "vault")

    def is_cursed(self, card_id: str) -> bool:
        return "Cursed Item" in self.powers(card_id) if card_id in self.by_id else False


def modifier_applies(mod: Mapping[str, Any], roll: str, room_type: str | None,
                     adventurer_class: str | None) -> bool:
    """Does a modifier ``{"amount", "action"?, "vs"?, "class"?}`` apply to this roll?

    >>> modifier_applies({"amount": -1, "vs": "Brute"}, "venture", "Brute", "Cleric")
    True
    >>> modifier_applies({"amount": 1, "class": "Warrior"}, "scout", "Evil", "Cleric")
    False
    """
    if "action" in mod and mod["action"] != roll:
        return False
    if "vs" in mod and mod["vs"] != room_type:
        return False
    return not ("class" in mod and mod["class"] != adventurer_class)


def _bad(where: str, why: str) -> SaveFormatError:
    return SaveFormatError(f"card data: {where}: {why}")


def _check_modifiers(where: str, mods: object) -> None:
    if not isinstance(mods, list):
        raise _bad(where, "modifiers must be a list")
    for m in mods:
        if not isinstance(m, dict) or not isinstance(m.get("amount"), int):
            raise _bad(where, f"a modifier needs an integer 'amount': {m!r}")
        if "action" in m and m["action"] not in ROLL_KINDS:
            raise _bad(where, f"modifier action must be one of {ROLL_KINDS}: {m!r}")
        if "vs" in m and m["vs"] not in ROOM_TYPES:
            raise _bad(where, f"modifier 'vs' must be one of {ROOM_TYPES}: {m!r}")


def _validate(doc: dict[str, Any], source: str) -> CardSet:
    if doc.get("format") != CARDS_FORMAT:
        raise SaveFormatError(f"card data: 'format' must be {CARDS_FORMAT!r}")
    by_id: dict[str, dict[str, Any]] = {}
    groups: dict[str, list[str]] = {}
    for group in ("dungeon", "adventurers", "treasure"):
        cards = doc.get(group)
        if not isinstance(cards, list) or not cards:
            raise _bad(group, "must be a non-empty list of cards")
        groups[group] = []
        for card in cards:
            if not isinstance(card, dict) or not isinstance(card.get("id"), str):
                raise _bad(group, f"every card needs a string 'id': {card!r}")
            cid = card["id"]
            if not cid or any(ch.isspace() or ch == "," for ch in cid) or cid in ("-", "?"):
                raise _bad(cid, "an id has no spaces or commas and is not '-' or '?'")
            if cid in by_id:
                raise _bad(cid, "the id is used twice")
            if not isinstance(card.get("name"), str) or not isinstance(card.get("points"), int):
                raise _bad(cid, "needs a 'name' (text) and 'points' (integer)")
            by_id[cid] = card
            groups[group].append(cid)
            for key in ("modifiers", "location_modifiers", "item_modifiers"):
                if key in card and not (group == "adventurers" and key == "modifiers"):
                    _check_modifiers(cid, card[key])
            for power in card.get("powers", [card["power"]] if "power" in card else []):
                if power not in POWERS:
                    raise _bad(cid, f"unknown power {power!r}; powers are {POWERS}")
            if "timing" in card and card["timing"] not in TIMINGS:
                raise _bad(cid, f"timing must be one of {TIMINGS}")
            if "effect" in card and card["effect"] not in EFFECTS:
                raise _bad(cid, f"effect must be one of {EFFECTS}")
    for cid in groups["dungeon"]:
        card = by_id[cid]
        if card.get("kind") not in DUNGEON_KINDS:
            raise _bad(cid, f"a Dungeon card's kind is one of {DUNGEON_KINDS}")
        if card["kind"] == "room" and card.get("room_type") not in ROOM_TYPES:
            raise _bad(cid, f"a room's room_type is one of {ROOM_TYPES}")
        if card["kind"] == "effect" and ("effect" not in card or card.get("start")):
            raise _bad(cid, "a Dungeon Effect card needs an 'effect' and is not a starting room")
    for cid in groups["adventurers"]:
        mods = by_id[cid].get("modifiers")
        if not isinstance(mods, dict) or set(mods) != set(ROOM_TYPES) \
                or not all(isinstance(v, int) for v in mods.values()):
            raise _bad(cid, f"an Adventurer's modifiers give an integer for each of {ROOM_TYPES}")
        if not isinstance(by_id[cid].get("class"), str):
            raise _bad(cid, "an Adventurer needs a 'class'")
    for cid in groups["treasure"]:
        card = by_id[cid]
        if card.get("kind") not in TREASURE_KINDS:
            raise _bad(cid, f"a Treasure card's kind is one of {TREASURE_KINDS}")
        if card["kind"] == "spell" and "effect" not in card:
            raise _bad(cid, "a Spell needs an 'effect'")
    vaults = [c for c in groups["dungeon"] if by_id[c]["kind"] == "vault"]
    if len(vaults) != 1:
        raise _bad("dungeon", f"there must be exactly one Treasure Vault, found {len(vaults)}")
    starts = [c for c in groups["dungeon"] if by_id[c].get("start")]
    if len(starts) != START_ROOMS or vaults[0] not in starts:
        raise _bad("dungeon", f"exactly {START_ROOMS} starting rooms (start: true), the Vault "
                   f"among them; found {len(starts)}")
    if sum(1 for c in groups["adventurers"] if by_id[c]["points"] == 2) < 3:
        raise _bad("adventurers", "at least 3 Adventurers worth 2 points (the 'pick' set-up)")
    return CardSet(tuple(groups["dungeon"]), tuple(groups["adventurers"]),
                   tuple(groups["treasure"]), by_id, vaults[0], source)


@lru_cache(maxsize=8)
def _load_path(path: str) -> CardSet:
    try:
        text = pathlib.Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidArgumentError(f"cards: cannot read {path!r}: {exc.strerror}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFormatError(f"card data {path!r} is not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise SaveFormatError(f"card data {path!r}: the top level must be an object")
    return _validate(doc, path)


def load_cards(source: str | pathlib.Path | Mapping[str, Any] | None = None) -> CardSet:
    """Read a card set: a path to a JSON file, its parsed dict, or None for the shipped one.

    Raises SaveFormatError naming the card and the problem if the data is wrong.

    >>> cards = load_cards()
    >>> cleric = cards["A01"]
    >>> cleric["class"], cleric["points"], cleric["powers"], cleric["modifiers"]["Evil"]
    ('Cleric', 2, ['Sacrifice'], 4)
    >>> load_cards({"format": "something else"})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.SaveFormatError: card data: 'format' must be \
'dungeoncraft_widgets/hero_vs_guardian/cards'
    """
    if source is None:
        return _load_path(str(DEFAULT_CARDS))
    if isinstance(source, (str, pathlib.Path)):
        return _load_path(str(source))
    if isinstance(source, Mapping):
        return _validate(json.loads(json.dumps(dict(source))), "<dict>")
    raise InvalidArgumentError(
        f"cards must be a path, a dict of card data or None, not {type(source).__name__}")
