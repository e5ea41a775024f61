"""Challenge stacks: what a stack needs from a Hero, what its Creature is immune to, what a
Defeat's text does, which cards a stack still takes, and how a Victory is paid.

A stack is given by its cards' ids, the Location first, then Equipment, the Creature
last (the rulebook plays Equipment "between the Location and the Creature cards"); the
engine keeps it on the board as ``[card, face_up]`` pairs. These are the rulebook's
answers as functions of the card data and plain values, so the engine (a real stack),
the odds (every card a face-down stack may hold) and the bots ask the same questions.

>>> from dungeoncraft_widgets.dobbers import load_cards
>>> cards = load_cards()
>>> stack = ["castle_walls", "tree_golem"]
>>> stack_needs(cards, stack, item_types=set(), equipped={})  # Castle Walls 3, the Golem 4
7
>>> sorted(immunities(cards, stack)), defeat_moves(cards, stack, item_types=set())
(['Thorn'], 2)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .data import CardSet

__all__ = ["applies", "card_needs", "defeat_moves", "immune_points", "immunities", "item_types",
           "points_against", "stack_needs", "stack_types", "takes_creature",
           "takes_equipment", "victory_spends"]


def item_types(cards: CardSet, hero: str | None, item: str | None,
               used_item: str | None) -> set[str]:
    """The Item types a Hero counts as having actively equipped (for Locations and for
    effects that name an Item): the Hero's ``item_type`` ability and the equipped ``item``,
    unless it was swapped in after another Item was used this turn (``used_item``: the
    Item used this turn, or None).

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> sorted(item_types(load_cards(), "shaori", "traveling_kit", None))  # Shaori: Navigation
    ['Navigation', 'Travel']
    """
    out = set()
    if hero is not None:
        ability = cards[hero].get("ability") or {}
        if ability.get("kind") == "item_type":
            out.add(ability["item_type"])
    if item is not None and item in cards and (used_item is None or used_item == item):
        out.add(cards[item]["item_type"])
    return out


def applies(effect: Mapping[str, Any], item_types: Collection[str]) -> bool:
    """Whether an effect's Item condition holds for a Hero with ``item_types``:
    ``unless_item`` (an Item that spares the Hero) and ``if_item`` (one it needs).

    >>> applies({"do": "back", "n": 1, "unless_item": "Protection"}, {"Protection"})
    False
    """
    if "unless_item" in effect and effect["unless_item"] in item_types:
        return False
    return not ("if_item" in effect and effect["if_item"] not in item_types)


def card_needs(cards: CardSet, card: str, *, item_types: Collection[str],
               equipped: Collection[str]) -> int:
    """The Challenge points one card of a stack adds by itself: a Location its Action
    points (the Item-modified ones when the Hero has its Item type: ``item_types``), a
    Creature its points and its bonus (when the Hero has no card in the slot the bonus
    names: ``equipped``, the slots filled), Equipment its red and gold.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> card_needs(load_cards(), "tree_golem", item_types=set(), equipped={"weapon"})
    4
    """
    info = cards[card]
    kind = info["type"]
    if kind == "Location":
        return info["item_ap"] if info.get("item_type") in item_types else info["ap"]
    if kind == "Creature":
        bonus = info.get("bonus")
        if bonus and bonus["if_no"].lower() not in equipped:
            return info["ap"] + bonus["ap"]
        return info["ap"]
    return info.get("red", 0) + info.get("gold", 0)


def stack_needs(cards: CardSet, stack: Sequence[str], *, item_types: Collection[str],
                equipped: Collection[str], penalty: int = 0) -> int:
    """The Challenge points a Hero needs to beat a stack of known cards: what each card
    needs (:func:`card_needs`), the alignment bonuses of its Equipment inside the stack
    (another card of the stack shares its alignment), and ``penalty`` (negative Challenge
    tokens).

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> stack_needs(load_cards(), ["castle_walls", "tree_golem"],  # a Navigation Item: 2 + 4
    ...             item_types={"Navigation"}, equipped={}, penalty=1)  # and a -1 token
    7
    """
    total = penalty
    for i, card in enumerate(stack):
        total += card_needs(cards, card, item_types=item_types, equipped=equipped)
        info = cards[card]
        if not i or info["type"] == "Creature":
            continue
        aligned = info.get("aligned")
        if aligned and any(cards[other].get("alignment") == info.get("alignment")
                           for j, other in enumerate(stack) if j != i):
            total += aligned.get("red", 0) + aligned.get("gold", 0)
    return total


def immunities(cards: CardSet, stack: Iterable[str]) -> frozenset[str]:
    """The keywords and Equipment types the stack's cards are immune to (a card this side
    does not know, a face-down card's back, adds nothing)."""
    immune: set[str] = set()
    for card in stack:
        if card in cards:
            immune.update(cards[card].get("immune_to", ()))
    return frozenset(immune)


def immune_points(immune: AbstractSet[str],
                  contributions: Iterable[Sequence[Any]]) -> tuple[int, int]:
    """(red, gold) given this turn by Equipment a stack is ``immune`` to: its keywords or
    its type (``contributions``: what each piece of Equipment gave, see
    :func:`.points.contribution`).

    >>> immune_points({"Silver"}, [[["Silver"], "Weapon", 2, 1], [[], "Armor", 1, 1]])
    (2, 1)
    """
    red = gold = 0
    for keywords, kind, r, g in contributions:
        if kind in immune or not immune.isdisjoint(keywords):
            red, gold = red + r, gold + g
    return red, gold


def points_against(red: int, gold: int, immune: tuple[int, int]) -> tuple[int, int]:
    """(red, gold) of a pool that count against a stack, less what its Creature is immune
    to (``immune``: :func:`immune_points`).

    >>> points_against(3, 2, immune=(2, 1))
    (1, 1)
    """
    return red - min(red, immune[0]), gold - min(gold, immune[1])


def victory_spends(gold: int, need: int) -> tuple[int, int]:
    """(red, gold) a Victory over a stack that needed ``need`` spends, gold first (``gold``:
    the gold that counts against the stack).

    >>> victory_spends(gold=2, need=5)
    (3, 2)
    """
    spent_gold = min(gold, need)
    return need - spent_gold, spent_gold


def defeat_moves(cards: CardSet, stack: Sequence[str], *, item_types: Collection[str]) -> int:
    """How many squares the Defeat texts of the stack's Location and Creature move a Hero
    with ``item_types`` back."""
    moved = 0
    for i, card in enumerate(stack):
        info = cards[card]
        if i and info["type"] != "Creature":
            continue
        for effect in info.get("defeat") or ():
            if effect.get("do") == "back" and applies(effect, item_types):
                moved += effect["n"]
    return moved


def takes_creature(stack: Sequence[Any] | None) -> bool:
    """A Creature goes under a Location that has no cards under it.

    >>> takes_creature(["castle_walls"]), takes_creature(["castle_walls", "tree_golem"])
    (True, False)
    """
    return bool(stack) and len(stack) == 1  # type: ignore[arg-type]


def stack_types(cards: CardSet, stack: Sequence[str] | None) -> list[str] | None:
    """The types of the cards under the Location if Equipment may still go there (a
    Creature is there and the Location's capacity is not reached), else None. A card
    covered in a player's view is its icon (``?weapon``): its type.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> stack_types(load_cards(), ["castle_walls", "tree_golem"]), stack_types(load_cards(),
    ...                                                                        ["castle_walls"])
    (['Creature'], None)
    """
    if not stack or len(stack) < 2:
        return None
    by_id = cards.by_id
    if len(stack) - 1 >= by_id[stack[0]]["capacity"]:  # full
        return None
    types = [by_id[card]["type"] if card in by_id else card[1:].capitalize()
             for card in stack[1:]]
    return types if "Creature" in types else None


def takes_equipment(cards: CardSet, stack: Sequence[str] | None, kind: str) -> bool:
    """Equipment of ``kind`` goes under a Location with a Creature, within its capacity,
    one card of each type.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> takes_equipment(load_cards(), ["castle_walls", "tree_golem"], "Weapon")
    True
    """
    types = stack_types(cards, stack)
    return types is not None and kind not in types
