"""What scores in Adventure Land (rulebook, the three adventures), as pure functions of plain
data: the pieces (``data/pieces.json``, see :func:`~.data.load_pieces`), the adventurers as
``[where, companions]`` lists, the stocks in front of the players, the board as ``field ->
item code``. The engine, the exact odds (the points a move brings), the bots and the app all
ask these.

- Adventure 1 scores at once (:func:`points_at_once`): a gold taken, a companion joining (as
  many points as the adventurer then has companions), a fog creature beaten (its laurels).
- Adventures 2 and 3 score at the end (:func:`score_lines`).

>>> from .data import load_pieces
>>> pieces = load_pieces()
>>> points_at_once(1, pieces, "G"), points_at_once(1, pieces, "C", companions=3)
(2, 3)
>>> points_at_once(1, pieces, "F12"), points_at_once(2, pieces, "F12")
(6, 0)
>>> creature_points(2, pieces, 12)   # at the end of Adventure 2: laurels x 2
12
"""

from __future__ import annotations

from collections.abc import Collection, Container, Mapping, Sequence
from typing import Any

from .data import FIELD_SET, FIELDS, UNKNOWN, neighbours

__all__ = ["creature_points", "figures", "largest_group", "laurels", "points_at_once",
           "ranked_prize", "score_lines"]

Adventurers = Sequence[Sequence[Any]]  # one player's adventurers: [where, companions] each


def laurels(pieces: Mapping[str, Any], strength: int) -> int:
    """The laurels of a fog creature of ``strength`` (a reconstruction: half the strength).

    >>> from .data import load_pieces
    >>> laurels(load_pieces(), 16)
    8
    """
    return int(pieces["creatures"]["laurels"][str(strength)])


def creature_points(adventure: int, pieces: Mapping[str, Any], strength: int) -> int:
    """What beating a fog creature of ``strength`` scores in ``adventure``: its laurels (at
    once in Adventure 1), times the adventure's laurel factor in Adventures 2 and 3 (at the
    end)."""
    rules = pieces["adventures"][str(adventure)]
    factor = rules["laurels_at_once"] if adventure == 1 else rules["laurel_factor"]
    return laurels(pieces, strength) * factor


def points_at_once(adventure: int, pieces: Mapping[str, Any], item: str,
                   companions: int = 0) -> int:
    """The points scored the moment an adventurer takes ``item`` (``"G"`` gold, ``"C"`` a
    companion joining: ``companions`` is how many the adventurer has then) or beats the fog
    creature ``item`` (``"F12"``): Adventure 1 only; herbs and swords score nothing at once.

    >>> from .data import load_pieces
    >>> points_at_once(1, load_pieces(), "H3"), points_at_once(3, load_pieces(), "G")
    (0, 0)
    """
    if adventure != 1:
        return 0
    kind = item[0]
    if kind == "G":
        return int(pieces["adventures"]["1"]["gold_at_once"])
    if kind == "C":
        return companions
    if kind == "F":
        return creature_points(1, pieces, int(item[1:]))
    return 0


def ranked_prize(values: Sequence[int], player: int, prizes: Sequence[int]) -> int:
    """The prize for ``player``'s place by ``values``: one more than the number of players
    with more (tied players share a place and each scores its prize; see RULE_NOTES). A
    count of zero never places.

    >>> ranked_prize([5, 5, 3], 2, (7, 3)), ranked_prize([5, 3, 3], 2, (7, 3))
    (0, 3)
    """
    mine = values[player]
    if mine <= 0:
        return 0
    place = sum(1 for v in values if v > mine)
    return prizes[place] if place < len(prizes) else 0


def figures(adventurers: Adventurers, fields: Container[str] | None = None) -> int:
    """A player's adventurers still in play plus their companions, optionally only those
    on ``fields``.

    >>> figures([["E2", 2], ["row:1", 0], ["box", 0]]), figures([["E2", 2]], {"E3"})
    (4, 0)
    """
    total = 0
    for where, comps in adventurers:
        if where != "box" and (fields is None or where in fields):
            total += 1 + comps
    return total


def largest_group(adventurers: Adventurers) -> int:
    """Figures (adventurers + companions) in a player's largest group of adventurers on
    orthogonally adjacent fields (Adventure 2's 'The Magnificent'; a reconstruction).

    >>> largest_group([["E2", 2], ["E3", 0], ["G5", 4]])
    5
    """
    comps = {w: c for w, c in adventurers if w in FIELD_SET}
    best, seen = 0, set()
    for start in comps:
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            f = todo.pop()
            size += 1 + comps[f]
            for n in neighbours(f):
                if n in comps and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def score_lines(player: int, *, adventure: int, pieces: Mapping[str, Any],
                adventurers: Sequence[Adventurers], stocks: Sequence[Mapping[str, Any]],
                track: Sequence[int], board: Mapping[str, str],
                cities: Sequence[Collection[str]]) -> dict[str, int]:
    """The lines of ``player``'s score in ``adventure`` if the game ended now (they sum to
    the score): Adventure 1's ``track``; the end-of-game scoring of Adventures 2 and 3 from
    every player's ``adventurers`` and ``stocks`` (``{"gold", "herbs", "swords",
    "creatures"}``), the ``board`` and the ``cities`` of the layout. A tile hidden from a
    view (``UNKNOWN``) counts nothing.

    >>> from .data import load_layout, load_pieces
    >>> stock = {"gold": 2, "herbs": [3, UNKNOWN], "swords": [1], "creatures": [10]}
    >>> score_lines(0, adventure=2, pieces=load_pieces(), adventurers=[[["E2", 1], ["E3", 0]]],
    ...             stocks=[stock], track=[0], board={}, cities=load_layout().cities)
    {'fog creatures': 10, 'group': 9, 'gold': 4, 'herbs': 3, 'swords': 1}
    """
    if adventure == 1:
        return {"track": track[player]}
    rules = pieces["adventures"][str(adventure)]
    stock = stocks[player]
    beaten = sum(creature_points(adventure, pieces, s) for s in stock["creatures"])
    if adventure == 2:
        return {
            "fog creatures": beaten,
            "group": largest_group(adventurers[player]) * rules["group_factor"],
            "gold": stock["gold"] * rules["gold_each"],
            "herbs": sum(v for v in stock["herbs"] if v != UNKNOWN),
            "swords": sum(v for v in stock["swords"] if v != UNKNOWN),
        }
    n = len(stocks)
    lines = {
        "fog creatures": beaten,
        "most fog creatures": ranked_prize([len(s["creatures"]) for s in stocks], player,
                                           rules["most_creatures"]),
        "gold": stock["gold"] * rules["gold_each"],
        "most gold": ranked_prize([s["gold"] for s in stocks], player, rules["most_gold"]),
    }
    in_cities = 0
    for city in cities:
        counts = [figures(adventurers[q], city) for q in range(n)]
        in_cities += counts[player]
        lines[f"city {min(city, key=FIELDS.index)} ({len(city)})"] = ranked_prize(
            counts, player, (len(city), len(city) // 2))
    outside = figures(adventurers[player]) - in_cities
    creatures_left = sum(1 for item in board.values() if item[0] == "F")
    lines["outside the cities"] = -outside * creatures_left
    return lines
