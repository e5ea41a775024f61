"""The Dubious Alliance deck: card data, its loader and the instruction vocabulary.

The shipped ``data/cards.json`` is a reconstruction (its ``reconstruction`` field says
why and what was kept from the rulebook); :func:`load_deck` reads that file or an
owner's own file in the same format, checking every card against the vocabulary the
engine interprets (documented in the file's ``vocabulary`` field).

>>> deck = load_deck()
>>> len(deck.cards), len(deck.player_cards)
(121, 7)
>>> deck.player_cards["gogog_bloodthroat"].prestige_goal
15
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import SaveFormatError

DATA_FILE = pathlib.Path(__file__).parent / "data" / "cards.json"
FORMAT = "dubious_alliance/cards"

WHEN = ("reveal", "gain", "respond", "trading")
DO_BY_WHEN = {
    "reveal": ("draw", "discard_active", "take_revealed", "discard_revealed", "tracker"),
    "gain": ("draw", "discard_active", "take_revealed", "discard_revealed", "tracker"),
    "respond": ("discard_revealed", "take_revealed"),
    "trading": ("force_trade", "draw"),
}
WHO = ("self", "left", "right", "others", "all")
LEVELS = ("traded", "did_not_trade", "must_trade")
WHOSE = ("any", "own", "other")


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


def _bad(where: str, why: str) -> SaveFormatError:
    return SaveFormatError(f"card data: {where}: {why}")


def _check_instruction(where: str, ins: Any) -> dict[str, Any]:
    if not isinstance(ins, dict):
        raise _bad(where, "an instruction is an object")
    when, do = ins.get("when"), ins.get("do")
    if when not in WHEN:
        raise _bad(where, f"'when' must be one of {WHEN}, not {when!r}")
    if do not in DO_BY_WHEN[when]:
        raise _bad(where, f"'do' at {when} must be one of {DO_BY_WHEN[when]}, not {do!r}")
    if "who" in ins and ins["who"] not in WHO:
        raise _bad(where, f"'who' must be one of {WHO}")
    if when in ("reveal", "gain") and do == "take_revealed" and ins.get("from") not in ("left",
                                                                                       "right"):
        raise _bad(where, "take_revealed needs 'from': left or right")
    if do == "tracker" and ins.get("level") not in LEVELS:
        raise _bad(where, f"tracker needs 'level' in {LEVELS}")
    if when == "respond":
        if ins.get("whose", "any") not in WHOSE:
            raise _bad(where, f"'whose' must be one of {WHOSE}")
        if ins.get("cost") not in (None, "discard_this"):
            raise _bad(where, "'cost' must be 'discard_this' or absent")
        if not isinstance(ins.get("filter", {}), dict):
            raise _bad(where, "'filter' is an object")
    if "if_prestige_at_least" in ins and not isinstance(ins["if_prestige_at_least"], int):
        raise _bad(where, "'if_prestige_at_least' is a whole number")
    return dict(ins)


def _value(where: str, d: Mapping[str, Any], key: str) -> int | None:
    v = d.get(key)
    if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
        raise _bad(where, f"{key} must be a whole number or null")
    return v


def load_deck(source: str | pathlib.Path | Mapping[str, Any] | None = None) -> Deck:
    """Read a deck from a path, a parsed dict, or (None) the shipped reconstruction.

    Raises SaveFormatError naming the card and field that is wrong.

    >>> deck = load_deck()
    >>> deck.cards["protection_scroll"].powers("respond")[0][1]["do"]
    'discard_revealed'
    >>> deck.cards["gogogs_war_axe"].types
    ('Weapon', 'Item')
    """
    if source is None:
        source = DATA_FILE
    if isinstance(source, (str, pathlib.Path)):
        try:
            doc = json.loads(pathlib.Path(source).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise SaveFormatError(f"card data: cannot read {source}: {exc}") from None
    elif isinstance(source, Mapping):
        doc = source
    else:
        raise SaveFormatError("card data: source must be a path, a dict or None")
    if doc.get("format") != FORMAT:
        raise SaveFormatError(f"card data: 'format' must be {FORMAT!r}")
    cards: dict[str, Card] = {}
    for i, d in enumerate(doc.get("cards", [])):
        where = f"card {i} ({d.get('id', '?')})"
        cid = d.get("id")
        if not isinstance(cid, str) or not cid or any(ch in cid for ch in " ,\t\n"):
            raise _bad(where, "'id' must be text without spaces or commas")
        if cid in cards:
            raise _bad(where, "card ids must be unique")
        s, p = _value(where, d, "survival"), _value(where, d, "prestige")
        if (s is None) != (p is None):
            raise _bad(where, "survival and prestige are both numbers or both null")
        types = [str(t) for t in d.get("types", [])]
        if not types:
            raise _bad(where, "a card has at least one type")
        if ("Weapon" in types or "Armor" in types) and "Item" not in types:
            types.append("Item")  # rulebook: Weapon and Armor cards are also Item cards
        ins = tuple(_check_instruction(where, x) for x in d.get("instructions", []))
        if len([x for x in ins if x["when"] == "respond"]) > 1:
            raise _bad(where, "a card has at most one 'respond' power")
        cards[cid] = Card(cid, str(d.get("name", cid)), tuple(types), s, p, ins,
                          str(d.get("text", "")), str(d.get("flavor", "")))
    players: dict[str, PlayerCard] = {}
    for i, d in enumerate(doc.get("player_cards", [])):
        where = f"player card {i} ({d.get('id', '?')})"
        pid = d.get("id")
        if not isinstance(pid, str) or not pid or " " in pid or pid in players or pid in cards:
            raise _bad(where, "'id' must be unique text without spaces")
        s, g = _value(where, d, "survival"), _value(where, d, "prestige_goal")
        if s is None or g is None or s <= 0 or g <= 0:
            raise _bad(where, "survival and prestige_goal are positive whole numbers")
        ins = tuple(_check_instruction(where, x) for x in d.get("instructions", []))
        if any(x["when"] in ("reveal", "gain") for x in ins):
            raise _bad(where, "a Player card's ability is 'respond' or 'trading'")
        if len([x for x in ins if x["when"] == "respond"]) > 1:
            raise _bad(where, "a card has at most one 'respond' power")
        players[pid] = PlayerCard(pid, str(d.get("name", pid)), str(d.get("title", "")), s, g,
                                  ins, str(d.get("text", "")))
    if not cards or not players:
        raise SaveFormatError("card data: needs 'cards' and 'player_cards'")
    limits = doc.get("limits", {})
    if not isinstance(limits, dict) or not all(isinstance(v, int) and v >= 1
                                               for v in limits.values()):
        raise SaveFormatError("card data: 'limits' maps a card type to a whole number >= 1")
    return Deck(cards, players, dict(limits), str(doc.get("reconstruction", "")))
