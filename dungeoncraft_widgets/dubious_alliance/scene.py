"""Dubious Alliance as a :class:`~dungeoncraft_widgets.core.scene.Scene`: the table.

Seats sit round an oval table, the Dealer marked. Each seat shows the Player
card (chief, Survival now/beginning, Prestige now/goal), the Trade Tracker, the
face-down Unrevealed card, the Revealed card while cards are Resolved, and the
Active cards (most recent on top; Locations turned sideways, the current one
outlined). The Draw deck and the Discards lie in the middle; the latest claim
of each player is shown as speech. Draw ``state.view(player)`` to show only
what that player may see; their hand is then drawn along the bottom.

Shape ids are stable: ``seat-2``, ``unrevealed-2``, ``revealed-2``,
``active-2-cave_troll``, ``tracker-2``, ``claim-2``, ``hand-cave_troll``,
``deck``, ``discard``. :func:`action_for_click` turns a clicked id into the
legal action it stands for.

>>> from dungeoncraft_widgets.dubious_alliance import new_game
>>> state = new_game(4, seed=1)
>>> me = state.current_player
>>> scene = table_scene(state.view(me))
>>> card = state.hands[me][0]
>>> f"hand-{card}" in scene.clickable
True
>>> str(action_for_click(state, f"hand-{card}")) == f"set {card}"
True
"""

from __future__ import annotations

import math

from ..core import Action
from ..core.scene import Group, Rect, Scene, Text
from .rules import UNKNOWN, DubiousAllianceState, Force, Offer, SetCard, Use

WIDTH, HEIGHT = 960, 720
TABLE_CX, TABLE_CY = 480, 290
SEAT_W, SEAT_H = 220, 150
CARD_COLOURS = {"Monster": "#b5544a", "Trap": "#8a6d3b", "Location": "#4f7a5a",
                "Weapon": "#6b6f80", "Armor": "#5d7190", "Dragon": "#a8322d", "Event": "#7a5c99",
                "Item": "#a88a3d"}
LEVEL_TEXT = {"traded": "Traded", "did_not_trade": "Did Not Trade", "must_trade": "Must Trade"}


def _colour(state: DubiousAllianceState, card_id: str) -> str:
    for kind in ("Dragon", "Monster", "Trap", "Location", "Weapon", "Armor", "Event", "Item"):
        if kind in state.card(card_id).types:
            return CARD_COLOURS[kind]
    return "#888888"


def _describe_card(state: DubiousAllianceState, card_id: str) -> str:
    card = state.card(card_id)
    values = ("no values" if card.survival is None
              else f"Survival {card.survival:+d}, Prestige {card.prestige:+d}")
    text = f" {card.text}" if getattr(card, "text", "") else ""
    return f"{card.name} ({', '.join(card.types)}; {values}).{text}"


def seat_origin(state: DubiousAllianceState, seat: int) -> tuple[float, float]:
    """Top-left corner of a seat's box: seats round the table, seat 0 at the top.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> seat_origin(new_game(4, seed=1), 0)
    (370.0, 4.0)
    """
    angle = -math.pi / 2 + 2 * math.pi * seat / state.n
    x = TABLE_CX + 350 * math.cos(angle) - SEAT_W / 2
    y = TABLE_CY + 215 * math.sin(angle) - SEAT_H / 2
    return (max(4.0, min(WIDTH - SEAT_W - 4, x)), max(4.0, min(560 - SEAT_H, y)))


def _seat(state: DubiousAllianceState, q: int, viewer: int | None) -> Group:
    x, y = seat_origin(state, q)
    name = state.players[q]
    chief = state.deck_data.player_cards[state.characters[q]]
    classes = ["seat"] + (["dealer"] if q == state.dealer else []) + \
        (["current"] if q == state.current_player else [])
    g = Group(f"seat-{q}", classes=classes,
              label=f"{name}, {chief.name}" + (", the Dealer" if q == state.dealer else ""))
    g.add(Rect(f"seat-{q}-box", x, y, SEAT_W, SEAT_H, rx=8, fill="var(--jp-layout-color1, #fff)",
               stroke="var(--jp-border-color1, #999)",
               classes=("selected",) if q == state.current_player else ()))
    g.add(Text(f"seat-{q}-name", x + 8, y + 12, f"{name}: {chief.name}", size=12,
               anchor="start", weight="bold"))
    life, goal = state.survival(q), state.goal(q)
    g.add(Rect(f"player-card-{q}", x + 6, y + 24, 58, 80, rx=4, fill="#d8c7a0", stroke="#6b5a36",
               label=f"Player card {chief.name}", tooltip=f"{chief.name}, {chief.title}. "
               f"{chief.text} Beginning Survival {chief.survival}, Prestige goal {goal}."))
    g.add(Text(f"survival-{q}", x + 35, y + 48, f"S {life}/{chief.survival}", size=11,
               fill="#a8322d", classes=("danger",) if life <= 5 else ()))
    g.add(Text(f"prestige-{q}", x + 35, y + 72, f"P {state.prestige(q)}/{goal}", size=11,
               fill="#2d5aa8"))
    level = "Dealer" if q == state.dealer else LEVEL_TEXT[state.tracker[q]]
    g.add(Text(f"tracker-{q}", x + 35, y + 118, level, size=10,
               label=f"Trade Tracker: {LEVEL_TEXT[state.tracker[q]]}",
               tooltip=f"Trade Tracker: {LEVEL_TEXT[state.tracker[q]]}"
               + (" (Dealer side up)" if q == state.dealer else ""),
               classes=("tracker", "danger") if state.tracker[q] == "must_trade"
               else ("tracker",)))
    slot = state.unrevealed[q]
    if slot is not None:
        known = slot != UNKNOWN and viewer == q
        g.add(Rect(f"unrevealed-{q}", x + 72, y + 24, 40, 56, rx=4, fill="#3b2f4a",
                   stroke="#c9b37e", classes=("face-down",),
                   label=f"{name}'s face-down Unrevealed card",
                   tooltip=("Your Unrevealed card: " + _describe_card(state, slot)) if known
                   else "A face-down Unrevealed card"))
    for i, e in enumerate(e for e in state.revealed if e["holder"] == q
                          and e["status"] in ("pending", "resolved")):
        card = state.card(e["card"])
        g.add(Rect(f"revealed-{q}-{i}", x + 72 + 6 * i, y + 86 + 4 * i, 40, 56, rx=4,
                   fill=_colour(state, e["card"]), stroke="#222", classes=("revealed",),
                   label=f"{name}'s Revealed card {card.name}",
                   tooltip=_describe_card(state, e["card"])))
    here = state.current_location(q)
    shown = state.active[q][-8:]
    for i, c in enumerate(shown):
        cx, cy = x + 130 + 10 * i, y + 30 + 4 * i
        card = state.card(c)
        classes = ["active"] + (["location"] if card.is_location else []) + \
            (["current-location"] if c == here else [])
        rect = Rect(f"active-{q}-{c}", cx, cy, 32, 46, rx=3, fill=_colour(state, c),
                    stroke="#fff" if c == here else "#222", stroke_width=2 if c == here else 1,
                    classes=tuple(classes), label=f"{name}'s Active card {card.name}",
                    tooltip=_describe_card(state, c) + (" Current Location." if c == here
                                                        else ""))
        if card.is_location:  # Locations lie sideways so everyone sees them
            g.add(Group(f"active-{q}-{c}-turned", [rect],
                        transform=f"rotate(90 {cx + 16} {cy + 23})"))
        else:
            g.add(rect)
    if len(state.active[q]) > len(shown):
        g.add(Text(f"active-{q}-more", x + 200, y + 130, f"+{len(state.active[q]) - 8}",
                   size=10))
    claim = next((c for c in reversed(state.claims) if c["from"] == q), None)
    if claim and claim["claim"]:
        g.add(Text(f"claim-{q}", x + SEAT_W / 2, y + SEAT_H - 8,
                   f"\u201c{claim['claim'][:40]}\u201d", size=10, classes=("claim",),
                   label=f"{name} claims: {claim['claim']}", tooltip=claim["claim"]))
    return g


def table_scene(state: DubiousAllianceState) -> Scene:
    """The table as a scene (pass ``state.view(p)`` for what player ``p`` sees).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> scene = table_scene(new_game(3, seed=1))
    >>> scene.find("unrevealed-0") is None, scene.find("seat-0").label.startswith("Player 1")
    (True, True)
    """
    viewer = state.viewer
    scene = Scene(WIDTH, HEIGHT, title="Dubious Alliance", description=describe(state))
    scene.add(Rect("table", TABLE_CX - 200, TABLE_CY - 90, 400, 180, rx=90, fill="#5b4636",
                   stroke="#3a2c22", label="the table"))
    scene.add(Rect("deck", TABLE_CX - 70, TABLE_CY - 35, 50, 70, rx=4, fill="#3b2f4a",
                   stroke="#c9b37e", label=f"Draw deck, {len(state.deck)} cards",
                   tooltip=f"Draw deck: {len(state.deck)} cards"))
    scene.add(Text("deck-count", TABLE_CX - 45, TABLE_CY + 48, f"Draw {len(state.deck)}",
                   size=11, fill="#fff"))
    top = state.discard[-1] if state.discard else None
    scene.add(Rect("discard", TABLE_CX + 20, TABLE_CY - 35, 50, 70, rx=4,
                   fill=_colour(state, top) if top else "none", stroke="#c9b37e",
                   label=f"Discards, {len(state.discard)} cards",
                   tooltip=("Top Discard: " + _describe_card(state, top)) if top
                   else "No Discards"))
    scene.add(Text("discard-count", TABLE_CX + 45, TABLE_CY + 48,
                   f"Discards {len(state.discard)}", size=11, fill="#fff"))
    for q in range(state.n):
        scene.add(_seat(state, q, viewer))
    if viewer is not None:
        scene.add(Text("hand-title", 20, 568, f"Your hand ({len(state.hands[viewer])} cards)"
                       + (": click a card to set it face down" if state.phase == "choose" else ""),
                       size=12, anchor="start", weight="bold"))
        for i, c in enumerate(state.hands[viewer]):
            card = state.card(c)
            g = Group(f"hand-{c}-card", label=f"your hand: {card.name}")
            g.add(Rect(f"hand-{c}", 20 + i * 120, 580, 110, 120, rx=6, fill=_colour(state, c),
                       stroke="#222", classes=("hand",), label=f"Set {card.name} face down",
                       tooltip=_describe_card(state, c)))
            g.add(Text(f"hand-{c}-name", 75 + i * 120, 600, card.name[:18], size=10,
                       fill="#fff"))
            if card.survival is not None:
                g.add(Text(f"hand-{c}-values", 75 + i * 120, 680,
                           f"S {card.survival:+d}  P {card.prestige:+d}", size=11, fill="#fff"))
            scene.add(g)
    me = state.current_player
    if not state.is_over and me is not None and (viewer is None or viewer == me):
        for a in _legal(state):
            shape = _click_id(state, me, a)
            found = None if shape is None else scene.find(shape)
            if found is None:  # e.g. a spectator's picture draws no hand
                continue
            scene.clickable.add(shape)
            if "highlight" not in found.classes:
                found.classes = (*found.classes, "highlight")
    return scene


def _legal(state: DubiousAllianceState) -> list[Action]:
    # A view keeps every public part of the rules state, and its own hand, so the
    # legal actions of the viewer's own turn come out the same as on the game.
    return state.legal_actions()


def _click_id(state: DubiousAllianceState, me: int, action: Action) -> str | None:
    if isinstance(action, SetCard):
        return f"hand-{action.card}"
    if isinstance(action, Offer):
        return f"unrevealed-{action.to}"
    if isinstance(action, Use):
        if action.source in state.active[me]:
            return f"active-{me}-{action.source}"
        return f"player-card-{me}"
    return None


def action_for_click(state: DubiousAllianceState, shape_id: str) -> Action | None:
    """The legal action a click on ``shape_id`` stands for (None if none).

    Clicking a hand card sets it; clicking another player's face-down card offers
    them a trade (no claim); clicking an Active card (or your Player card) uses its
    power on the card being Resolved. Other actions (accept, done, force, pass)
    are buttons in the app.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> action_for_click(state, "deck") is None
    True
    """
    me = state.current_player
    if me is None:
        return None
    for a in state.legal_actions():
        if _click_id(state, me, a) == shape_id and not isinstance(a, Force):
            return a
    return None


def describe(state: DubiousAllianceState) -> str:
    """A text alternative of the table (the scene's ``<desc>``).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> describe(new_game(3, seed=1)).startswith("Round 1,")
    True
    """
    parts = [f"Round {state.round}, {state.players[state.dealer]} deals; phase {state.phase}."]
    for q in range(state.n):
        parts.append(f"{state.players[q]}: Survival {state.survival(q)}, Prestige "
                     f"{state.prestige(q)} of {state.goal(q)}, {LEVEL_TEXT[state.tracker[q]]}, "
                     f"{len(state.active[q])} Active cards.")
    if state.outcome:
        parts.append(state.outcome["reason"])
    return " ".join(parts)
