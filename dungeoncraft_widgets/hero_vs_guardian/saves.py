"""What a saved Hero versus Guardian game holds, and the checks a loaded one passes.

:data:`STATE_SCHEMA` is the JSON Schema (draft 2020-12) of ``state._dump()``: core checks a
save's snapshots against it (``HeroVsGuardianState.state_schema``) before ``_restore`` sees
them; ``_restore`` then calls :func:`check_position` for what a schema cannot say: every card exists
and is in exactly one place, the tokens add up, the lists per Hero have one entry per Hero.
A view's save shows hidden cards as ``"?"``: they count as unknown cards.

>>> from dungeoncraft_widgets.hero_vs_guardian import new_game
>>> from dungeoncraft_widgets.core.data import check_schema
>>> game = new_game(seed=1)
>>> check_schema(game._dump(), STATE_SCHEMA, "saved game")
>>> check_position(game)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.errors import SaveFormatError
from .dungeon import HIDDEN, LEVEL_TOKENS, LOCATIONS, MAP_TOKENS, MAX_ITEMS, SIDES

__all__ = ["STATE_SCHEMA", "check_position"]

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
        "acted": {"type": "boolean"}, "idle_rounds": {"type": "integer", "minimum": 0,
                                                      "maximum": 3},
        "casters_used": _CARDS,
        "setup_hero": {"type": "integer", "minimum": 0, "maximum": 2},
        "picks_left": {"type": "integer", "minimum": 0, "maximum": 3},
        "attempt": {"anyOf": [{"type": "null"}, _ATTEMPT]},
        "build": {"anyOf": [{"type": "null"}, _BUILD]},
        "end_reason": {"enum": ["vault", "deck", "stalemate", None]},
    },
}
STATE_SCHEMA["required"] = list(STATE_SCHEMA["properties"])


def _where(state: Any) -> list[tuple[str, list[str]]]:
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


def check_position(state: Any) -> None:
    """Raise SaveFormatError naming what is wrong if a restored position cannot be a game.

    Checks what the schema cannot: one list per Hero; every card id known; every card in
    exactly one place ("?" counting as any one unknown card); Map/Scout and Level Tokens
    adding up; Items and Levels only on Adventurers in play or Frozen.
    """
    c = state.cards
    heroes = len(state.players) - 1
    for group in ("hands", "party", "frozen", "ventured", "carry"):
        if len(getattr(state, group)) != heroes:
            raise SaveFormatError(f"saved game: {group} has {len(getattr(state, group))} "
                                  f"entries for {heroes} Hero(es)")
    if not (state.active < heroes and state.setup_hero < heroes):
        raise SaveFormatError("saved game: active or setup_hero names no Hero")
    seen: Counter[str] = Counter()
    for zone, cards in _where(state):
        for card in cards:
            if card != HIDDEN and card not in c:
                raise SaveFormatError(f"saved game: {zone}: there is no card {card!r}")
        seen.update(cards)
    hidden = seen.pop(HIDDEN, 0)
    twice = sorted(card for card, n in seen.items() if n > 1)
    if twice:
        raise SaveFormatError(f"saved game: card {twice[0]} is in two places")
    total = len(c.dungeon) + len(c.adventurers) + len(c.treasure)
    if len(seen) + hidden != total:
        raise SaveFormatError(f"saved game: {len(seen) + hidden} cards are placed, the set "
                              f"has {total}")
    if state.token_supply + len(state.tokens) != MAP_TOKENS:
        raise SaveFormatError("saved game: Map/Scout Tokens on the board and in the supply "
                              f"do not add up to {MAP_TOKENS}")
    if state.level_supply + sum(state.levels.values()) != LEVEL_TOKENS:
        raise SaveFormatError(f"saved game: Level Tokens do not add up to {LEVEL_TOKENS}")
    in_play = {a for group in (state.party, state.frozen) for cards in group for a in cards}
    for adv in [*state.items, *state.levels]:
        if adv not in in_play:
            raise SaveFormatError(f"saved game: Items or a Level on {adv!r}, which is not an "
                                  "Adventurer in play")
    visible = {card for rooms in state.grid.values() for card in rooms}
    if state.build is not None:
        visible.update(state.build["pool"])
    if state.attempt is not None and any(adv not in in_play
                                         for adv in state.attempt["order"][state.attempt["next"]:]):
        raise SaveFormatError("saved game: attempt.order names a card that is no Adventurer "
                              "in play")
    stray = [card for card in state.face_up if card not in visible and card != HIDDEN]
    if stray:
        raise SaveFormatError(f"saved game: face_up names {stray[0]}, which is not in the "
                              "Dungeon")
