"""Scout, Venture and Retreat: the rulebook's questions about one attempt, as pure functions.

The rulebook's sections *Scout*, *Venture (Mapping a Location)*, *Retreat (During a
Venture)*, *Die Roll Modifiers* and the Powers used on the way (*Sacrifice*, *Cursed Item*):
what a modifier gives (:func:`roll_modifier`, and the Adventurer's own part of it,
:func:`adventurer_modifier`), what a roll needs and what it does (:func:`roll_result`: the
capture rules), which room comes first and who chooses (:func:`first_choices`,
:func:`room_chooser`), who may stand in for a captured Adventurer (:func:`save_options`) and
what an attempt is as plain data (:func:`new_attempt`, :func:`all_done`). They take plain
data (card ids, lists, the card set), so the engine, the exact odds, the bots, the apps and
the calculators ask the same function, of the game or of a position typed in.

>>> from dungeoncraft_widgets.hero_vs_guardian import load_cards
>>> cards = load_cards()
>>> roll_modifier(cards, "scout", "A01", "D10")       # a Cleric against an Evil room
4
>>> roll_result("venture", 1, 5), roll_result("venture", 1, 4)  # a natural 1 always fails
((False, False), (False, True))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .data import ROOM_TYPES, CardSet
from .dungeon import TARGET

__all__ = ["adventurer_modifier", "all_done", "first_choices", "has_power", "modifier_applies",
           "new_attempt", "roll_modifier", "roll_result", "room_chooser", "save_options"]


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


def has_power(cards: CardSet, adventurer: str, power: str, items: Sequence[str] = ()) -> bool:
    """Does an Adventurer have ``power``, on its card or from one of its ``items`` (a Cursed
    Item gives none)?

    >>> from dungeoncraft_widgets.hero_vs_guardian import load_cards
    >>> cards = load_cards()
    >>> has_power(cards, "A01", "Sacrifice"), has_power(cards, "A01", "Scouting")
    (True, False)
    """
    if power in cards.powers(adventurer):
        return True
    return any(power in cards.powers(i) for i in items if not cards.is_cursed(i))


def adventurer_modifier(cards: CardSet, adventurer: str, roll: str, room_type: str | None, *,
                        items: Sequence[str] = (), level: int = 0) -> int:
    """The Adventurer's own part of a ``roll`` against a room of ``room_type``: its room-type
    modifier (none against a Vacant room or the Vault), its Level Tokens and +1 for the
    Scouting (Venturing) Power; all for Scout and Venture rolls only ("Die Roll Modifiers,
    see Scout or Venture"), so 0 for a Retreat roll.

    >>> from dungeoncraft_widgets.hero_vs_guardian import load_cards
    >>> cards = load_cards()
    >>> adventurer_modifier(cards, "A01", "venture", "Evil", level=1)   # a Cleric, +4 vs Evil
    5
    >>> adventurer_modifier(cards, "A01", "retreat", "Evil")
    0
    """
    if roll not in ("scout", "venture"):
        return 0
    total = cards[adventurer]["modifiers"][room_type] if room_type in ROOM_TYPES else 0
    total += level
    if roll == "scout" and has_power(cards, adventurer, "Scouting", items):
        total += 1
    if roll == "venture" and has_power(cards, adventurer, "Venturing", items):
        total += 1
    return total


def roll_modifier(cards: CardSet, roll: str, adventurer: str, room: str, *,
                  items: Sequence[str] = (), level: int = 0, location: Sequence[str] = (),
                  bonus: int = 0, retreat_bonus: int = 0) -> int:
    """The total modifier of ``adventurer`` rolling ``roll`` against ``room``.

    Sums :func:`adventurer_modifier`, the modifiers of its ``items`` (a Cursed Item's
    ``item_modifiers``), the room's own modifiers (and -1 against a Cursed Item, on every
    roll against it: "All rolls on this card are at -1"), the location modifiers of the
    other cards in ``location`` (the rooms there: a Vacant room's or the Vault's; a card not
    known, ``"?"``, adds nothing known) and the Combat cards played for this roll: ``bonus``
    (any roll) and ``retreat_bonus`` (a Retreat roll).

    >>> from dungeoncraft_widgets.hero_vs_guardian import load_cards
    >>> cards = load_cards()
    >>> roll_modifier(cards, "venture", "A01", "D10", level=1, bonus=-2)
    3
    """
    card = cards[room]
    room_type = card.get("room_type")
    klass = cards[adventurer].get("class")
    total = adventurer_modifier(cards, adventurer, roll, room_type, items=items, level=level)
    for item in items:
        key = "item_modifiers" if cards.is_cursed(item) else "modifiers"
        total += sum(m["amount"] for m in cards[item].get(key, ())
                     if modifier_applies(m, roll, room_type, klass))
    total += sum(m["amount"] for m in card.get("modifiers", ())
                 if modifier_applies(m, roll, room_type, klass))
    if cards.is_cursed(room):
        total -= 1  # a Retreat roll facing it too
    for other in location:
        if other != room and other in cards:
            total += sum(m["amount"] for m in cards[other].get("location_modifiers", ())
                         if modifier_applies(m, roll, room_type, klass))
    total += bonus
    if roll == "retreat":
        total += retreat_bonus
    return total


def roll_result(roll: str, die: int, modifier: int) -> tuple[bool, bool]:
    """``(success, captured)`` of a ``roll`` ("scout", "venture", "retreat") that shows
    ``die`` with ``modifier``: it needs ``TARGET[roll]`` (5+, 6+, 4+) and a natural 1 always
    fails. Scouting captures only on a failed natural 1; a failed Venture or Retreat roll
    captures, except a natural 1 that the modifier would have made a success.

    >>> roll_result("scout", 1, 0), roll_result("scout", 3, 0), roll_result("scout", 5, 0)
    ((False, True), (False, False), (True, False))
    >>> roll_result("retreat", 2, 1)
    (False, True)
    """
    target = TARGET[roll]
    total = die + modifier
    success = die != 1 and total >= target
    if roll == "scout":
        return success, die == 1 and total < target
    return success, not success and not (die == 1 and total >= target)


def first_choices(rooms: Sequence[str], done: Sequence[str], kind: str, vault: str) -> list[str]:
    """The rooms that may be attempted next at a location holding ``rooms``, ``done``
    already: any of them, but "the Hero cannot Venture the Treasure Vault first".

    >>> first_choices(["D01", "D05"], [], "venture", "D05"), first_choices(["D01", "D05"],
    ...     [], "scout", "D05")
    (['D01'], ['D01', 'D05'])
    """
    left = [r for r in rooms if r not in done]
    if kind == "venture" and len(left) > 1:
        left = [r for r in left if r != vault]
    return left


def room_chooser(kind: str, scouted: bool) -> str:
    """Who chooses which of two rooms comes first: the Hero Scouting, or Venturing a Scouted
    location; else the Guardian (after the Order Tokens are placed).

    >>> room_chooser("scout", False), room_chooser("venture", True), room_chooser("venture", False)
    ('hero', 'hero', 'guardian')
    """
    return "hero" if kind == "scout" or scouted else "guardian"


def save_options(cards: CardSet, victim: str, worn: Sequence[str], party: Sequence[str],
                 standing_in: bool) -> list[str]:
    """Cards that may be captured in place of ``victim`` (Sacrifice): an Adventurer of
    ``party`` with Sacrifice (not when ``victim`` is itself ``standing_in`` for another), or
    an Item with Sacrifice (Armor) among ``worn``, the Items ``victim`` wears: "Armor can only
    save the Adventurer wearing that Armor".

    >>> from dungeoncraft_widgets.hero_vs_guardian import load_cards
    >>> cards = load_cards()
    >>> save_options(cards, "A05", [], ["A01", "A05"], False)   # the Cleric may stand in
    ['A01']
    >>> save_options(cards, "A01", [], ["A01", "A05"], True)
    []
    """
    armor = [i for i in worn if not cards.is_cursed(i) and "Sacrifice" in cards.powers(i)]
    if standing_in:
        return armor  # "if that Cleric has Armor, you can use the Armor to save that Cleric"
    others = [a for a in party if a != victim and "Sacrifice" in cards.powers(a)]
    return others + armor


def new_attempt(kind: str, loc: str) -> dict[str, Any]:
    """A Scout or Venture of ``loc`` just declared, as the plain data a game saves: the Order
    Tokens placed (``order``) and the next to roll (``next``), the ``stage`` it waits in, the
    rooms ``done`` and ``revealed``, the ``current`` room, Combat cards' ``bonus``, who
    ``chooses`` the room order, the roll announced (``pending``), a ``victim`` and its
    ``stand_in``, a Cursed Item waiting for room (``victim_stow``, ``cursed``), and what
    happened (``captured``, ``rolls``).

    >>> new_attempt("scout", "B2")["stage"]
    'order'
    """
    return {"kind": kind, "loc": loc, "order": [], "next": 0, "stage": "order", "done": [],
            "revealed": [], "current": None, "bonus": 0, "retreat_bonus": 0, "chooser": "hero",
            "pending": None, "victim": None, "stand_in": None, "victim_stow": None,
            "cursed": None, "capture": False, "captured": [], "rolls": []}


def all_done(attempt: Mapping[str, Any]) -> bool:
    """Has ``attempt`` Scouted (Ventured) every room revealed at its location? A token needs
    it; a Cursed Item that left with an Adventurer was failed against, not done.

    >>> all_done({"revealed": ["D01"], "done": ["D01"]}), all_done({"revealed": ["D01"],
    ...                                                           "done": []})
    (True, False)
    """
    return all(r in attempt["done"] for r in attempt["revealed"])
