"""What cards give and cost: the points of a card played, of Equipment used (with its Forge
card), of a Destroy ability; the alignment bonuses that come into play; what acquiring a
card costs; what tokens add and take away; how many cards the Draw Phase draws.

The rulebook's answers as functions of the card data (a :class:`~.data.CardSet`) and plain
values (card ids, slot -> card mappings): the engine, the odds, the bots and the app all
ask them, about the game or about any position they imagine.

>>> from dungeoncraft_widgets.dobbers import load_cards
>>> cards = load_cards()
>>> describe_points(use_points(cards, "silver_sword", None))
'2 red, 1 gold and 1 Influence'
>>> hand_size(cards, "pip"), token_label(cards, "travel-1")
(6, '-1 Travel')
>>> ability = discount(cards, "ash", used=())           # Ash: Effect cards cost 1 less
>>> buy_cost(cards, "silver", ability, penalty=0), cards["silver"]["cost"]
(2, 3)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.english import listing
from .actions import SLOTS

if TYPE_CHECKING:  # pragma: no cover
    from .data import CardSet

__all__ = ["HAND_SIZE", "POINTS", "POOL", "alignments_in_play", "bonuses_due", "buy_cost",
           "contribution", "describe_points", "discount", "discount_applies", "discounted",
           "hand_size",
           "negative_tokens", "penalty", "points_of", "token_label", "token_points",
           "use_points"]

#: The four kinds of points: red Action points (universal), blue (Travel), gold
#: (Challenge) and Influence (acquiring cards).
POINTS = ("red", "blue", "gold", "influence")
#: The cards the Draw Phase draws (a Hero's ``hand_size`` ability adds to it).
HAND_SIZE = 5
#: The pool a token's points go to, by the token's kind.
POOL = {"action": "red", "travel": "blue", "challenge": "gold", "influence": "influence"}
_POINT_WORDS = {"red": "red", "blue": "blue", "gold": "gold", "influence": "Influence"}


@lru_cache(maxsize=1024)
def _points_text(points: tuple[tuple[str, int], ...]) -> str:
    # Remembered: every card played or used is logged with the few sums cards give.
    return listing([f"{n} {_POINT_WORDS[c]}" for c, n in points if n]) or "nothing"


def describe_points(points: Mapping[str, int]) -> str:
    """``{"red": 2, "influence": 1}`` as ``'2 red and 1 Influence'`` (``'nothing'``).

    >>> describe_points({"red": 2, "blue": 0, "influence": 1}), describe_points({})
    ('2 red and 1 Influence', 'nothing')
    """
    return _points_text(tuple(points.items()))


def points_of(block: Mapping[str, Any]) -> dict[str, int]:
    """The points a piece of card text gives (a Destroy ability, an alignment bonus, a
    ``gain`` effect): only those it has, in :data:`POINTS` order.

    >>> points_of({"gold": 1, "red": 2, "effects": []})
    {'red': 2, 'gold': 1}
    """
    return {c: block[c] for c in POINTS if block.get(c)}


def use_points(cards: CardSet, card: str, forge: str | None) -> dict[str, int]:
    """What using the Equipment ``card`` gives: its points and the boxed bonus of the Forge
    card under it (``forge``, or None), only the kinds it has.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> use_points(load_cards(), "wooden_knife", None)
    {'red': 1}
    """
    info = cards.by_id[card]
    forged = cards.by_id[forge]["forge"] if forge is not None else {}
    points = {}
    for c in POINTS:
        n = info.get(c, 0) + forged.get(c, 0)
        if n:
            points[c] = n
    return points


def hand_size(cards: CardSet, hero: str) -> int:
    """The cards the Draw Phase draws for a player with ``hero``.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> hand_size(load_cards(), "toby"), hand_size(load_cards(), "pip")  # Pip draws one more
    (5, 6)
    """
    ability = cards.by_id[hero].get("ability") or {}
    return HAND_SIZE + (ability["n"] if ability.get("kind") == "hand_size" else 0)


# ------------------------------------------------------------------ tokens
def token_label(cards: CardSet, token: str) -> str:
    """``'+1 Action'``, ``'-2 Travel'``."""
    return f"{cards.token_value(token):+d} {cards.token_kind(token).capitalize()}"


def token_points(cards: CardSet, token: str) -> tuple[str, int]:
    """(the pool, the points) spending a positive token adds to the turn.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> token_points(load_cards(), "challenge+1")
    ('gold', 1)
    """
    return POOL[cards.token_kind(token)], cards.token_value(token)


def negative_tokens(cards: CardSet, tokens: Sequence[str], kind: str) -> list[str]:
    """The negative tokens of ``kind`` among ``tokens``: what the next attempt of that kind
    (``travel``, ``challenge``, ``influence``) must overcome, and then gives back.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> negative_tokens(load_cards(), ["travel-1", "challenge-1", "travel+1"], "travel")
    ['travel-1']
    """
    return [t for t in tokens if cards.token_kind(t) == kind and cards.token_value(t) < 0]


def penalty(cards: CardSet, tokens: Sequence[str], kind: str) -> int:
    """The points the negative tokens of ``kind`` add to the next attempt of that kind.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> penalty(load_cards(), ["travel-1", "travel-2", "action+1"], "travel")
    3
    """
    if not tokens:  # the usual case, asked before every move and purchase
        return 0
    return sum(-cards.token_value(t) for t in negative_tokens(cards, tokens, kind))


# ------------------------------------------------------------------ acquiring
def discount(cards: CardSet, hero: str, used: Collection[str]) -> Mapping[str, Any] | None:
    """The Hero's discount ability, if it still applies this turn (``used``: the kinds of
    card it has lowered the cost of this turn; once a turn per kind), else None.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> discount(load_cards(), "marigold", used=())
    {'kind': 'discount', 'type': 'Equipment', 'n': 1}
    >>> discount(load_cards(), "marigold", used=["Equipment"]) is None   # used this turn
    True
    """
    ability = cards.by_id[hero].get("ability")
    if ability and ability["kind"] == "discount" and ability["type"] not in used:
        return ability
    return None


def discount_applies(ability: Mapping[str, Any] | None, card_type: str) -> bool:
    """Whether the Hero's discount ``ability`` (None: none) lowers the cost of a card of
    ``card_type`` (the ability names Effect or Equipment).

    >>> marigold = {"kind": "discount", "type": "Equipment", "n": 1}
    >>> discount_applies(marigold, "Armor"), discount_applies(marigold, "Effect")
    (True, False)
    """
    return ability is not None and ability["type"] == ("Effect" if card_type == "Effect"
                                                       else "Equipment")


def discounted(cost: int, card_type: str, ability: Mapping[str, Any] | None) -> int:
    """A printed cost after the Hero's discount ``ability`` for a card of ``card_type``.

    >>> discounted(5, "Armor", {"kind": "discount", "type": "Equipment", "n": 1})
    4
    """
    return max(0, cost - ability["n"]) if discount_applies(ability, card_type) else cost


def buy_cost(cards: CardSet, card: str, ability: Mapping[str, Any] | None, *,
             penalty: int) -> int:
    """The Influence acquiring the Adventure card ``card`` costs: its cost after the Hero's
    discount ``ability`` (:func:`discount`), plus the negative Influence tokens.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> buy_cost(load_cards(), "silver", None, penalty=1)     # cost 3, a -1 Influence token
    4
    """
    info = cards.by_id[card]
    return discounted(info["cost"], info["type"], ability) + penalty


# ------------------------------------------------------------------ alignment bonuses
def alignments_in_play(cards: CardSet, equipped: Mapping[str, str],
                       forged: Mapping[str, str],
                       played: Sequence[str | None] | None) -> dict[str, set[str]]:
    """The alignments of every card in play that can trigger a bonus, by key: each
    equipped slot (``eweapon``: the card and its Forge card) in slot order, then each card
    played this turn (``p2``: the third; ``played`` is None off the player's turn).

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> alignments_in_play(load_cards(), {"weapon": "dobber_spear"}, {}, ["rally", None])
    {'eweapon': {'Dobberton'}, 'p0': {'Dobberton'}}
    """
    by_id = cards.by_id
    out: dict[str, set[str]] = {}
    for slot in SLOTS:
        if slot in equipped:
            out[f"e{slot}"] = {by_id[c]["alignment"] for c in (equipped[slot], forged.get(slot))
                               if c is not None and "alignment" in by_id[c]}
    for i, card in enumerate(played or ()):
        if card:
            info = by_id[card]
            out[f"p{i}"] = {info["alignment"]} if "alignment" in info else set()
    return out


def bonuses_due(cards: CardSet, hero: str, equipped: Mapping[str, str],
                forged: Mapping[str, str], used: Mapping[str, str],
                played: Sequence[str | None] | None,
                done: Collection[str]) -> list[tuple[str, str, set[str]]]:
    """The alignment bonuses that come into play now, in order: (key, card, the
    alignments it shares with the rest), for each card with a bonus not yet given this
    turn (``done``: their keys, see :func:`alignments_in_play`) that another card in play
    shares an alignment with; an Equipment card's bonus needs it used this turn (``used``:
    slot -> the card used), and a Hero that counts as an alignment is one more card of it.
    ``played`` is this turn's played cards, None off the player's turn.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> cards, spear = load_cards(), {"weapon": "dobber_spear"}   # both Dobberton
    >>> bonuses_due(cards, "toby", spear, {}, {"weapon": "dobber_spear"}, ["rally"], done=[])
    [('eweapon', 'dobber_spear', {'Dobberton'}), ('p0', 'rally', {'Dobberton'})]
    >>> bonuses_due(cards, "toby", spear, {}, {}, ["rally"], done=[])   # the Spear not used
    [('p0', 'rally', {'Dobberton'})]
    """
    by_id = cards.by_id
    # Asked after every card played, equipped or used: usually no card has a bonus to come.
    if cards.aligned.isdisjoint(equipped.values()) and (
            played is None or cards.aligned.isdisjoint(played)):
        return []
    waiting = [(f"e{slot}", card) for slot in SLOTS
               if (card := equipped.get(slot)) is not None and used.get(slot) == card
               and "aligned" in by_id[card] and f"e{slot}" not in done]
    waiting += [(f"p{i}", card) for i, card in enumerate(played or ())
                if card and "aligned" in by_id[card] and f"p{i}" not in done]
    if not waiting:
        return []
    ability = by_id[hero].get("ability") or {}
    hero_alignment = {ability["alignment"]} if ability.get("kind") == "counts_as" else set()
    alignments = alignments_in_play(cards, equipped, forged, played)
    out = []
    for key, card in waiting:
        others = set(hero_alignment)
        for other, kinds in alignments.items():
            if other != key:
                others |= kinds
        shared = alignments[key] & others
        if shared:
            out.append((key, card, shared))
    return out


def contribution(cards: CardSet, card: str, forge: str | None,
                 points: Mapping[str, int]) -> list[Any]:
    """What an Equipment card gave this turn, as a Creature's immunity sees it:
    ``[keywords (with its Forge card's), type, red, gold]``.

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> contribution(load_cards(), "silver_sword", None, {"red": 2, "gold": 1})
    [['Silver'], 'Weapon', 2, 1]
    """
    by_id = cards.by_id
    keywords = set(by_id[card].get("keywords", ()))
    if forge is not None:
        keywords.update(by_id[forge].get("keywords", ()))
    return [sorted(keywords), by_id[card]["type"], points.get("red", 0), points.get("gold", 0)]
