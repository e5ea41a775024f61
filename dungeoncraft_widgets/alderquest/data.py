"""AlderQuest's data model and its loaders: the cards (``data/cards.json``) and the two boards
(``data/boards.json``).

The rulebook prints the box contents and a handful of cards but no card list and
neither board's dimensions, so both shipped files are a **reconstruction**: each says
so at its top (``reconstruction``) and gives its reasoning (``reasoning``). An owner of
the game writes the real cards or boards in the same format and passes the file (or
its parsed dict) to :func:`load_cards` / :func:`load_boards`, or to
``new_game(cards=..., boards=...)``. Every file is read with ``core.data.read_json``,
checked against a JSON Schema and then against the rules a schema cannot state
(10 minions and 10 Quarrels a faction, unique ids, effects that make sense where they
are used); an error names the file, the card and the field.

Cards format (``"format": "dungeoncraft_widgets/alderquest/cards"``, version 1):
``factions`` (name, rune ``letter``, two ``classes``, the ``exalted`` effect card),
``heroes`` (``ability``: name, ``cost`` in runes, text, effects), ``minions``
(``class``, ``animal``, the upgraded side's ``movement`` and ``triggers``),
``quarrels`` (``type`` scheme or trap) and ``legendary`` Quarrels. An effect is
``{"do": <verb>, ...}`` from the vocabulary of :mod:`.effects` (``VOCABULARY``, also
written out in the file's ``vocabulary``), which checks where each may appear.

Boards format (``"format": "dungeoncraft_widgets/alderquest/boards"``): the Matching
Board's ``columns``, ``rows``, ``snowflake_spaces`` and ``opening`` (the cells of the
``W`` and ``M`` patterns in the bottom two rows), and the Battlefield's ``columns``,
``rows``, ``stump``, the ground spaces under the ``canopy`` and the Heroes' columns.

>>> cards = load_cards()
>>> len(cards.heroes), len(cards.minions), len(cards.quarrels)
(8, 40, 40)
>>> cards.heroes["sebastian"]["ability"]["name"], cards.heroes["sebastian"]["ability"]["cost"]
('Cannonball', 2)
>>> cards.minion_name("T01", upgraded=True), cards.minion_name("T01", upgraded=False)
('Racoon Ninja', 'Thief Ninja')
>>> boards = load_boards()
>>> boards.board_columns, boards.board_rows, boards.canopy
(4, 6, ('b3', 'c2', 'c4', 'd3'))
"""

from __future__ import annotations

import pathlib
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.data import check_schema, digest, read_json
from ..core.errors import DataFormatError
from .effects import PLACES, SHAPES, SUMMON_WHERE, TRIGGERS, VOCABULARY, WHICH

DATA = pathlib.Path(__file__).parent / "data"
DEFAULT_CARDS = DATA / "cards.json"
DEFAULT_BOARDS = DATA / "boards.json"
CARDS_FORMAT = "dungeoncraft_widgets/alderquest/cards"
BOARDS_FORMAT = "dungeoncraft_widgets/alderquest/boards"

#: The four factions and their runes, as printed (L19-27, L31-32).
FACTIONS = {"Bards": "B", "Guardians": "G", "Hunters": "H", "Thieves": "T"}
SINGULAR = {"Bards": "Bard", "Guardians": "Guardian", "Hunters": "Hunter", "Thieves": "Thief"}
PER_FACTION = {"heroes": 2, "minions": 10, "quarrels": 10}  # the box contents (L31-33)
MOVEMENTS = ("charge", "flight", "sneak", "judo", "speed")

__all__ = ["BOARDS_FORMAT", "CARDS_FORMAT", "DEFAULT_BOARDS", "DEFAULT_CARDS", "FACTIONS",
           "Boards", "CardSet", "load_boards", "load_cards"]

_ID = r"^[A-Za-z][A-Za-z0-9_-]{0,23}$"
_EFFECT = {
    "type": "object",
    "required": ["do"],
    "additionalProperties": False,
    "properties": {
        "do": {"enum": sorted(VOCABULARY)},
        "n": {"type": "integer", "minimum": 1, "maximum": 6},
        "faction": {"enum": sorted(FACTIONS)},
        "where": {"enum": list(SUMMON_WHERE)},
        "which": {"enum": list(WHICH)},
    },
}
_EFFECTS = {"type": "array", "items": _EFFECT, "minItems": 1, "maxItems": 8}
_TEXT = {"type": "string", "minLength": 1, "maxLength": 400}
_CARD_COMMON = {"id": {"type": "string", "pattern": _ID}, "name": _TEXT, "text": _TEXT,
                "effects": _EFFECTS}
CARDS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "factions", "heroes", "minions", "quarrels", "legendary"],
    "properties": {
        "format": {"const": CARDS_FORMAT},
        "version": {"const": 1},
        "reconstruction": {"type": "string"},
        "reasoning": {"type": "array", "items": {"type": "string"}},
        "vocabulary": {"type": "object"},
        "factions": {"type": "array", "minItems": 4, "maxItems": 4, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["name", "letter", "classes", "exalted"],
            "properties": {
                "name": {"enum": sorted(FACTIONS)},
                "letter": {"enum": sorted(FACTIONS.values())},
                "classes": {"type": "array", "items": {"type": "string", "pattern": _ID},
                            "minItems": 2, "maxItems": 2},
                "exalted": {"type": "object", "additionalProperties": False,
                            "required": ["name", "when", "text", "effects"],
                            "properties": {"name": _TEXT, "text": _TEXT,
                                           "when": {"const": "turn_start"},
                                           "effects": _EFFECTS}}}}},
        "heroes": {"type": "array", "maxItems": 64, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "faction", "ability"],
            "properties": {
                "id": {"type": "string", "pattern": r"^[a-z][a-z_]{1,23}$"},
                "name": _TEXT, "title": _TEXT, "faction": {"enum": sorted(FACTIONS)},
                "ability": {"type": "object", "additionalProperties": False,
                            "required": ["name", "cost", "text", "effects"],
                            "properties": {"name": _TEXT, "text": _TEXT, "effects": _EFFECTS,
                                           "cost": {"type": "integer", "minimum": 0,
                                                    "maximum": 6}}}}}},
        "minions": {"type": "array", "maxItems": 200, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "faction", "class", "animal", "movement", "triggers"],
            "properties": {
                "id": _CARD_COMMON["id"], "faction": {"enum": sorted(FACTIONS)},
                "class": {"type": "string"}, "animal": _TEXT,
                "movement": {"enum": [None, *MOVEMENTS]},
                "triggers": {"type": "array", "maxItems": 4, "items": {
                    "type": "object", "additionalProperties": False,
                    "required": ["when", "text", "effects"],
                    "properties": {"when": {"enum": list(TRIGGERS)}, "text": _TEXT,
                                   "effects": _EFFECTS}}}}}},
        "quarrels": {"type": "array", "maxItems": 200, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "faction", "type", "text", "effects"],
            "properties": {**_CARD_COMMON, "faction": {"enum": sorted(FACTIONS)},
                           "type": {"enum": ["scheme", "trap"]}}}},
        "legendary": {"type": "array", "minItems": 1, "maxItems": 60, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "type", "text", "effects"],
            "properties": {**_CARD_COMMON, "type": {"const": "scheme"}}}},
    },
}

_SPACE = r"^[a-z][1-9]$"
_CELL = r"^[A-Z][1-2]$"
BOARDS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "matching_board", "battlefield"],
    "properties": {
        "format": {"const": BOARDS_FORMAT},
        "version": {"const": 1},
        "reconstruction": {"type": "string"},
        "reasoning": {"type": "array", "items": {"type": "string"}},
        "matching_board": {
            "type": "object", "additionalProperties": False,
            "required": ["columns", "rows", "snowflake_spaces", "opening",
                         "first_player_pattern"],
            "properties": {
                "columns": {"type": "integer", "minimum": 3, "maximum": 12},
                "rows": {"type": "integer", "minimum": 3, "maximum": 12},
                "snowflake_spaces": {"const": 4},
                "opening": {"type": "object", "additionalProperties": False,
                            "required": ["W", "M"], "properties": {
                                p: {"type": "array", "minItems": 4, "maxItems": 4,
                                    "items": {"type": "string", "pattern": _CELL}}
                                for p in "WM"}},
                "first_player_pattern": {"enum": ["W", "M"]}}},
        "battlefield": {
            "type": "object", "additionalProperties": False,
            "required": ["columns", "rows", "stump", "canopy", "heroes"],
            "properties": {
                "columns": {"type": "integer", "minimum": 3, "maximum": 9},
                "rows": {"type": "integer", "minimum": 3, "maximum": 9},
                "stump": {"type": "string", "pattern": _SPACE},
                "canopy": {"type": "array", "items": {"type": "string", "pattern": _SPACE},
                           "minItems": 4, "maxItems": 4},
                "heroes": {"type": "object", "additionalProperties": False,
                           "required": ["head_to_head", "team"], "properties": {
                               "head_to_head": {"type": "object", "required": ["red", "blue"],
                                                "additionalProperties": False,
                                                "properties": {t: {
                                                    "type": "array", "minItems": 3,
                                                    "maxItems": 3, "items": {
                                                        "type": "string",
                                                        "pattern": "^[a-z]$"}}
                                                    for t in ("red", "blue")}},
                               "team": {"type": "object", "required": ["red", "blue"],
                                        "additionalProperties": False,
                                        "properties": {t: {
                                            "type": "array", "minItems": 2, "maxItems": 2,
                                            "items": {"type": "array", "minItems": 2,
                                                      "maxItems": 2, "items": {
                                                          "type": "string",
                                                          "pattern": "^[a-z]$"}}}
                                            for t in ("red", "blue")}}}}}},
    },
}


def _bad(what: str, where: str, why: str) -> DataFormatError:
    return DataFormatError(f"{what}: {where}: {why}")


def _check_schema(doc: Any, schema: dict[str, Any], what: str) -> None:
    """``core.data.check_schema``, with the card's id added after its place in a list:
    ``cards.json: heroes[0] (sebastian).ability.cost: ...``."""
    try:
        check_schema(doc, schema, what)
    except DataFormatError as error:
        text = str(error)
        found = re.match(rf"{re.escape(what)}: (\w+)\[(\d+)\]", text)
        if found and isinstance(doc.get(found[1]), list):
            items = doc[found[1]]
            index = int(found[2])
            cid = items[index].get("id") if index < len(items) and isinstance(
                items[index], dict) else None
            if isinstance(cid, str):
                end = found.end()
                text = f"{text[:end]} ({cid}){text[end:]}"
        raise DataFormatError(text) from None


# ------------------------------------------------------------------ cards
@dataclass(frozen=True)
class CardSet:
    """A validated card set. ``heroes``/``minions``/``quarrels``/``legendary`` map ids to
    the card's dict (never changed: games share one card set)."""

    factions: Mapping[str, dict[str, Any]]
    heroes: Mapping[str, dict[str, Any]]
    minions: Mapping[str, dict[str, Any]]
    quarrels: Mapping[str, dict[str, Any]]
    legendary: Mapping[str, dict[str, Any]]
    doc: Mapping[str, Any] = field(repr=False)
    digest: str = ""

    def letter(self, faction: str) -> str:
        return self.factions[faction]["letter"]

    def faction_of_letter(self, letter: str) -> str:
        # asked for every rune a log line names: the reverse map is made once (the card
        # set is frozen, so it is kept beside the fields, not as one)
        by_letter = self.__dict__.get("_by_letter")
        if by_letter is None:
            by_letter = {d["letter"]: f for f, d in self.factions.items()}
            object.__setattr__(self, "_by_letter", by_letter)
        return by_letter[letter]

    def minion_name(self, minion: str, upgraded: bool) -> str:
        """``'Racoon Ninja'`` (upgraded side) or ``'Thief Ninja'`` (basic side)."""
        card = self.minions[minion]
        if upgraded:
            return f"{card['animal']} {card['class']}"
        return f"{SINGULAR[card['faction']]} {card['class']}"

    def card(self, card_id: str) -> dict[str, Any]:
        for group in (self.quarrels, self.legendary, self.heroes, self.minions):
            if card_id in group:
                return group[card_id]
        raise KeyError(card_id)

    def name(self, card_id: str) -> str:
        """A Quarrel's or Hero's printed name (``'Swift Heist'``)."""
        return str(self.card(card_id).get("name", card_id))


def _check_effects(what: str, where: str, effects: list[dict[str, Any]], context: str,
                   faction: str | None) -> None:
    """Effects must make sense where the card is used (``context``: the engine's kind of
    effect list, see ``effects.PLACES``; a Scheme has no 'activator')."""
    has_space = context in ("trap", "trigger")
    for i, e in enumerate(effects):
        at = f"{where}.effects[{i}]"
        do = e["do"]
        VOCABULARY.check(e, PLACES[context], f"{what}: {at}")
        params = SHAPES[do].takes
        for p in ("faction", "where", "which", "n"):
            if p in e and p not in params:
                raise _bad(what, at, f"'{do}' takes no '{p}'")
        for p in params:
            if p != "n" and p not in e:
                raise _bad(what, at, f"'{do}' needs '{p}'")
        which = e.get("which")
        if which in ("activator", "activator_and_surrounding") and context != "trap":
            raise _bad(what, at, f"'{which}' is only for a Trap's trigger (the minion that "
                                 "activated the trap)")
        if which == "activator_and_surrounding" and do != "destroy_enemy":
            raise _bad(what, at, "'activator_and_surrounding' is for destroy_enemy only")
        if (which == "adjacent" or e.get("where") == "adjacent") and not has_space:
            raise _bad(what, at, "'adjacent' needs a minion's space: only a minion's "
                                 "trigger or a Trap's trigger has one")
        if do == "summon":  # the vocabulary keeps it off the faction-less legendary Quarrels
            if e["faction"] != faction:
                raise _bad(what, at, f"a {faction} card summons {faction} minions, "
                                     f"not {e['faction']}")


def _validate_cards(doc: dict[str, Any], what: str) -> CardSet:
    _check_schema(doc, CARDS_SCHEMA, what)
    factions: dict[str, dict[str, Any]] = {}
    for i, f in enumerate(doc["factions"]):
        name = f["name"]
        if name in factions:
            raise _bad(what, f"factions[{i}]", f"{name} is listed twice")
        if f["letter"] != FACTIONS[name]:
            raise _bad(what, f"factions[{i}].letter", f"the {name} rune is "
                                                      f"{FACTIONS[name]!r}")
        if len(set(f["classes"])) != 2:
            raise _bad(what, f"factions[{i}].classes", "two different classes")
        _check_effects(what, f"factions[{i}].exalted", f["exalted"]["effects"], "exalted",
                       name)
        factions[name] = f
    seen: set[str] = set()
    groups: dict[str, dict[str, dict[str, Any]]] = {}
    for group in ("heroes", "minions", "quarrels", "legendary"):
        groups[group] = {}
        for i, card in enumerate(doc[group]):
            cid = card["id"]
            if cid in seen:
                raise _bad(what, f"{group}[{i}].id", f"{cid!r} is used twice")
            if re.fullmatch(r"[a-z][0-9]+", cid):
                raise _bad(what, f"{group}[{i}].id", f"{cid!r} looks like a Battlefield "
                                                     "space; choose another id")
            seen.add(cid)
            groups[group][cid] = card
            where = f"{group}[{i}] ({cid})"
            if group == "heroes":
                _check_effects(what, f"{where}.ability", card["ability"]["effects"], "hero",
                               card["faction"])
            elif group == "minions":
                if card["class"] not in factions[card["faction"]]["classes"]:
                    raise _bad(what, f"{where}.class", f"{card['class']!r} is not a "
                               f"{card['faction']} class {factions[card['faction']]['classes']}")
                for j, t in enumerate(card["triggers"]):
                    _check_effects(what, f"{where}.triggers[{j}]", t["effects"], "trigger",
                                   card["faction"])
            elif group == "quarrels":
                _check_effects(what, where, card["effects"], card["type"], card["faction"])
            else:
                _check_effects(what, where, card["effects"], "legendary", None)
    for group, wanted in PER_FACTION.items():
        counts = Counter(c["faction"] for c in groups[group].values())
        for faction in FACTIONS:
            if counts[faction] != wanted:
                raise _bad(what, group, f"the box holds {wanted} {faction} {group} "
                                        f"({wanted} a faction), not {counts[faction]}")
    return CardSet(factions, groups["heroes"], groups["minions"], groups["quarrels"],
                   groups["legendary"], doc, digest(doc))


# ------------------------------------------------------------------ boards
@dataclass(frozen=True)
class Boards:
    """The validated board data: the Matching Board and the Battlefield (see module doc)."""

    board_columns: int
    board_rows: int
    opening: Mapping[str, tuple[str, ...]]
    first_pattern: str
    field_columns: int
    field_rows: int
    stump: str
    canopy: tuple[str, ...]
    heroes: Mapping[str, Any]
    doc: Mapping[str, Any] = field(repr=False)
    digest: str = ""


def opening_layout(opening: Mapping[str, tuple[str, ...]], first_pattern: str,
                   factions: tuple[str, str, str, str], width: int) -> dict[str, str]:
    """Cell -> rune letter of the Matching Board's opening two rows.

    ``factions``: the first player's two faction letters, then the other team's. Along
    each pattern the team's factions alternate, its first-chosen faction first.

    >>> layout = opening_layout({"W": ("A2", "B1", "C2", "D1"), "M": ("A1", "B2", "C1", "D2")},
    ...                         "W", ("T", "G", "B", "H"), 4)
    >>> [layout[c] for c in ("A2", "B2", "C2", "D2")], [layout[c] for c in ("A1", "B1", "C1", "D1")]
    (['T', 'H', 'T', 'H'], ['B', 'G', 'B', 'G'])
    """
    second = "M" if first_pattern == "W" else "W"
    out = {}
    for pattern, (a, b) in ((first_pattern, factions[:2]), (second, factions[2:])):
        for i, cell in enumerate(opening[pattern]):
            out[cell] = a if i % 2 == 0 else b
    return out


def _validate_boards(doc: dict[str, Any], what: str) -> Boards:
    _check_schema(doc, BOARDS_SCHEMA, what)
    mb, bf = doc["matching_board"], doc["battlefield"]
    width, height = mb["columns"], mb["rows"]
    cells = [c for p in "WM" for c in mb["opening"][p]]
    if len(set(cells)) != 8:
        raise _bad(what, "matching_board.opening", "the 8 cells of W and M must differ")
    for c in cells:
        if ord(c[0]) - 65 >= width:
            raise _bad(what, "matching_board.opening", f"{c} is off a {width}-column Board")
        if c[1] == "2" and f"{c[0]}1" not in cells:
            raise _bad(what, "matching_board.opening", f"{c} would float: {c[0]}1 is empty")
    layout = opening_layout({p: tuple(mb["opening"][p]) for p in "WM"}, "W",
                            ("A", "B", "C", "D"), width)
    for cell, rune in layout.items():
        col, row = ord(cell[0]) - 65, int(cell[1])
        near = {f"{chr(65 + col + dc)}{row + dr}" for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                if (dc or dr)}
        around = [layout[n] for n in near if n in layout]
        if rune in around:
            raise _bad(what, "matching_board.opening", f"{cell}'s faction would touch itself "
                       "(L57: neither orthogonally nor diagonally)")
        ally = {"A": "B", "B": "A", "C": "D", "D": "C"}[rune]
        if ally not in around:
            raise _bad(what, "matching_board.opening", f"{cell}'s faction would not be next "
                       "to its ally faction (L57)")
    cols, rows = bf["columns"], bf["rows"]
    letters = "abcdefghi"[:cols]
    ground = [f"{c}{r}" for c in letters for r in range(1, rows + 1)]
    if bf["stump"] not in ground:
        raise _bad(what, "battlefield.stump", f"{bf['stump']} is off the Battlefield")
    if len(ground) - 1 != 24:
        raise _bad(what, "battlefield", f"{cols} by {rows} less the stump is "
                   f"{len(ground) - 1} ground spaces; the rulebook has 24 (L134)")
    if len(set(bf["canopy"])) != 4 or any(s not in ground or s == bf["stump"]
                                          for s in bf["canopy"]):
        raise _bad(what, "battlefield.canopy", "4 different ground spaces under the canopy")
    for fmt, teams in bf["heroes"].items():
        for team, columns in teams.items():
            flat = columns if fmt == "head_to_head" else [c for pair in columns for c in pair]
            if len(set(flat)) != len(flat) or any(c not in letters for c in flat):
                raise _bad(what, f"battlefield.heroes.{fmt}.{team}",
                           f"different columns among {', '.join(letters)}")
    return Boards(width, height, {p: tuple(mb["opening"][p]) for p in "WM"},
                  mb["first_player_pattern"], cols, rows, bf["stump"], tuple(bf["canopy"]),
                  bf["heroes"], doc, digest(doc))


# ------------------------------------------------------------------ loading
@lru_cache(maxsize=4)
def _shipped(kind: str) -> CardSet | Boards:
    if kind == "cards":
        return _validate_cards(read_json(DEFAULT_CARDS, "cards.json"), "cards.json")
    return _validate_boards(read_json(DEFAULT_BOARDS, "boards.json"), "boards.json")


_VALIDATED: dict[tuple[str, str], CardSet | Boards] = {}


def _load(kind: str, source: Any) -> CardSet | Boards:
    if source is None:
        return _shipped(kind)
    if isinstance(source, (CardSet, Boards)):
        return source
    what = f"AlderQuest {kind}" if isinstance(source, Mapping) else str(source)
    doc = read_json(source, what)
    key = (kind, digest(doc))
    if key not in _VALIDATED:  # a save names its data once per load: validate each doc once
        if len(_VALIDATED) > 32:
            _VALIDATED.clear()
        _VALIDATED[key] = (_validate_cards(doc, what) if kind == "cards"
                           else _validate_boards(doc, what))
    return _VALIDATED[key]


def load_cards(source: str | pathlib.Path | Mapping[str, Any] | None = None) -> CardSet:
    """A card set: a JSON file's path, its parsed dict, or None for the shipped one.

    Raises :class:`DataFormatError` naming the card and field that is wrong.

    >>> bad = dict(load_cards().doc, quarrels=[])
    >>> load_cards(bad)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.DataFormatError: AlderQuest cards: quarrels: the box \
holds 10 Bards quarrels (10 a faction), not 0
    """
    return _load("cards", source)  # type: ignore[return-value]


def load_boards(source: str | pathlib.Path | Mapping[str, Any] | None = None) -> Boards:
    """The Matching Board and Battlefield data: a path, a dict, or None for the shipped one.

    >>> load_boards().heroes["head_to_head"]["red"]
    ['b', 'c', 'd']
    """
    return _load("boards", source)  # type: ignore[return-value]


def data_option(kind: str, source: Any) -> tuple[CardSet | Boards, dict[str, Any]]:
    """The validated data for ``new_game(cards=...)`` and what the save records of it:
    the shipped file's name and digest, or the whole validated document."""
    data = _load(kind, source)
    if source is None or data is _shipped(kind):
        name = "cards.json" if kind == "cards" else "boards.json"
        return data, {"shipped": name, "digest": data.digest}
    return data, {"document": data.doc}


def data_from_option(kind: str, option: Any) -> CardSet | Boards:
    """The data a saved game names: the shipped set (refused if it has changed since the
    save) or the document saved in it."""
    if option is None:
        return _shipped(kind)
    if not isinstance(option, Mapping):
        raise DataFormatError(f"saved game: option {kind!r} must be an object")
    if "shipped" in option:
        shipped = _shipped(kind)
        if option.get("digest") != shipped.digest:
            raise DataFormatError(
                f"saved game: it was played with a different shipped {option['shipped']} "
                f"(digest {option.get('digest')!r}, installed {shipped.digest!r}); the "
                "library's data has changed since the game was saved")
        return shipped
    if "document" in option:
        return _load(kind, option["document"])
    raise DataFormatError(f"saved game: option {kind!r} names neither a shipped set nor a "
                          "document")
