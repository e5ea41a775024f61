"""Dubious Alliance as a :class:`~dungeoncraft_widgets.core.scene.Scene`: the table.

The chiefs sit in clockwise order, two to a row (each player's left is the next
seat). Each seat's panel says, in words that cannot be misread: the player and
their chief, the Dealer and the order of resolving, the Trade Tracker, the
Survival now with the Survival the chief began with, the Prestige with the goal
and a bar toward it, the face-down Unrevealed card (or the Revealed card while
cards are Resolved, with its name and values), the Active cards (the latest by
name and values, the current Location marked) and the player's latest claim,
on its own line where no card covers it. The Draw deck and the Discards are
counted along the top. Draw ``state.view(player)`` to show only what that
player may see; their hand is then drawn along the bottom, every card with its
name, types, values and what it does.

Shape ids are stable: ``seat-2``, ``seat-2-box``, ``survival-2``, ``prestige-2``,
``unrevealed-2``, ``revealed-2-0``, ``active-2``, ``active-2-cave_troll``,
``tracker-2``, ``claim-2``, ``hand-cave_troll``, ``deck``, ``discard``.
:func:`action_for_click` turns a clicked id into the legal action it stands for.

>>> from dungeoncraft_widgets.dubious_alliance import new_game
>>> state = new_game(4, seed=1)
>>> me = state.current_player
>>> scene = table_scene(state.view(me))
>>> card = state.hands[me][0]
>>> f"hand-{card}" in scene.clickable
True
>>> str(action_for_click(state, f"hand-{card}")) == f"set {card}"
True
>>> scene.find(f"survival-{me}").text.startswith("Survival ")
True
"""

from __future__ import annotations

import math
import textwrap

from ..core import Action
from ..core.checks import game_state, shown
from ..core.english import count, ordinal, possessive, says
from ..core.errors import InvalidArgumentError
from ..core.scene import Group, Rect, Scene, Text
from .actions import Offer, SetCard
from .data import Card, PlayerCard
from .effects import effect_text
from .rules import UNKNOWN, DubiousAllianceState
from .trading import LEVEL_NAMES, dealer_card_discarded

WIDTH = 600
TOP = 40  # below the line with the round, the deck and the Discards
SEAT_W, SEAT_H, PITCH = 294, 180, 188
HAND_W = 144
CHAR = 0.56  # average glyph width in em: how much text fits a width
SMALL = 12  # the smallest text drawn (the board keeps it readable)
CARD_COLOURS = {"Monster": "#a34a40", "Trap": "#7a5f2f", "Location": "#3f6b4a",
                "Weapon": "#555a6b", "Armor": "#4b5f80", "Dragon": "#962a26", "Event": "#6a4c8a",
                "Item": "#86692a"}
FACE_DOWN = "#3b2f4a"
SURVIVAL_COLOUR = "var(--jp-error-color1, #c62828)"
PRESTIGE_COLOUR = "var(--jp-brand-color1, #1976d2)"


def fit(text: str, width: float, size: float) -> str:
    """``text`` cut (with an ellipsis) to what fits ``width`` at font ``size``.

    >>> fit("Snarl's Hoard Chamber", 80, 12)
    "Snarl's Ho…"
    """
    most = max(1, int(width / (size * CHAR)))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines that fit ``width`` (the last one cut if needed).

    >>> wrap("May Discard any Revealed Card, then Discard Protection Scroll.", 130, 12, 3)
    ['May Discard any', 'Revealed Card, then', 'Discard Protection…']
    """
    most = max(1, int(width / (size * CHAR)))
    out = textwrap.wrap(text, most)
    if len(out) > lines:
        last = out[lines - 1]
        out = out[: lines - 1] + [last + "…" if len(last) < most else last[: most - 1] + "…"]
    return out


def _colour(state: DubiousAllianceState, card_id: str) -> str:
    for kind in ("Dragon", "Monster", "Trap", "Location", "Weapon", "Armor", "Event", "Item"):
        if kind in state.card(card_id).types:
            return CARD_COLOURS[kind]
    return "#666666"


def values_text(card: Card | PlayerCard) -> str:
    """A card's values in words: "Survival +2, Prestige +1" or "no values".

    >>> from dungeoncraft_widgets.dubious_alliance import load_deck
    >>> values_text(load_deck().cards["cave_troll"])
    'Survival −3, Prestige +2'
    """
    if getattr(card, "survival", None) is None or isinstance(card, PlayerCard):
        return "no values"
    return f"Survival {_signed(card.survival)}, Prestige {_signed(card.prestige)}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def short_values(card: Card) -> str:
    """"S+2 P+1" (a legend on the board says S is Survival, P Prestige)."""
    if card.survival is None:
        return "no values"
    return f"S{_signed(card.survival)} P{_signed(card.prestige)}"


def describe_card(state: DubiousAllianceState, card_id: str) -> str:
    """One line about a card: name, types, values, effect (for tooltips and the log)."""
    card = state.card(card_id)
    effect = effect_text(card)
    return f"{card.name} ({', '.join(card.types)}; {values_text(card)})." + \
        (f" {effect}" if effect else "")


def seat_origin(state: DubiousAllianceState, seat: int) -> tuple[float, float]:
    """Top-left corner of a seat's panel: clockwise order, two to a row.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> seat_origin(new_game(4, seed=1), 3)
    (306, 228)
    """
    return (3 + (seat % 2) * (SEAT_W + 9), TOP + (seat // 2) * PITCH)


def _seat(state: DubiousAllianceState, q: int, viewer: int | None) -> Group:
    x, y = seat_origin(state, q)
    name = state.players[q]
    chief = state.deck_data.player_cards[state.characters[q]]
    dealer = q == state.dealer
    current = q == state.current_player
    classes = ["seat"] + (["dealer"] if dealer else []) + (["current"] if current else [])
    rank = state.order().index(q) + 1
    g = Group(f"seat-{q}", classes=classes,
              label=f"{name}, {chief.name}" + (", the Dealer" if dealer else ""))
    g.add(Rect(f"seat-{q}-box", x, y, SEAT_W, SEAT_H, rx=8,
               fill="var(--jp-layout-color1, #fff)", stroke="var(--jp-border-color1, #999)",
               classes=("selected",) if current else (),
               label=f"{name}'s place at the table",
               tooltip=f"{chief.name}, {chief.title}. {chief.text}".strip()))
    g.add(Text(f"seat-{q}-name", x + 10, y + 15, fit(f"{name} · {chief.name}", SEAT_W - 20, 14),
               size=14, anchor="start", weight="bold",
               tooltip=f"{chief.name}, {chief.title}: {chief.text}"))
    order = "Dealer (last)" if dealer else f"resolves {ordinal(rank)}"
    level = LEVEL_NAMES[state.tracker[q]]
    g.add(Text(f"tracker-{q}", x + 10, y + 34,
               fit(f"{order} · Tracker: {level}", SEAT_W - 20, SMALL), size=SMALL,
               anchor="start", classes=("tracker",),
               weight="bold" if state.tracker[q] == "must_trade" else "normal",
               label=f"{'the Dealer, who resolves last' if dealer else order}; Trade Tracker: "
               f"{level}",
               fill=SURVIVAL_COLOUR if state.tracker[q] == "must_trade" else ""))
    life, start = state.survival(q), chief.survival
    g.add(Text(f"survival-{q}", x + 10, y + 56, f"Survival {life}", size=16, anchor="start",
               weight="bold", fill=SURVIVAL_COLOUR, classes=("survival",),
               label=f"{possessive(name)} Survival is {life}; {chief.name} began with {start}"))
    g.add(Text(f"survival-{q}-start", x + 10, y + 75, f"began with {start}", size=SMALL,
               anchor="start", classes=("note",)))
    prestige, goal = state.prestige(q), state.goal(q)
    g.add(Text(f"prestige-{q}", x + 150, y + 56, f"Prestige {prestige}", size=16,
               anchor="start", weight="bold", fill=PRESTIGE_COLOUR, classes=("prestige",),
               label=f"{possessive(name)} Prestige is {prestige}; the goal is {goal}"))
    to_go = max(goal - prestige, 0)
    g.add(Text(f"prestige-{q}-goal", x + 150, y + 75,
               f"goal {goal} · {to_go} to go" if to_go else f"goal {goal} · reached",
               size=SMALL, anchor="start", classes=("note",)))
    bar = 134 * min(prestige / goal, 1) if goal else 0
    g.add(Rect(f"prestige-{q}-bar", x + 150, y + 84, 134, 5, rx=2,
               fill="var(--jp-layout-color3, #bbb)", label=f"{prestige} of {goal} Prestige"))
    if bar > 0:
        g.add(Rect(f"prestige-{q}-bar-fill", x + 150, y + 84, bar, 5, rx=2,
                   fill=PRESTIGE_COLOUR))
    _card_slot(state, g, q, x + 8, y + 96, viewer)
    _active(state, g, q, x + 136, y + 96)
    claim = next((c for c in reversed(state.claims) if c["from"] == q), None)
    if claim is not None:
        said = f"“{claim['claim']}”" if claim["claim"] else "(no claim)"
        g.add(Text(f"claim-{q}", x + 10, y + SEAT_H - 10,
                   fit(f"says: {said}", SEAT_W - 20, SMALL), size=SMALL, anchor="start",
                   classes=("claim",), label=f"{name} says: {claim['claim']}",
                   tooltip=f"{name} says: {said}"))
    return g


def _card_slot(state: DubiousAllianceState, g: Group, q: int, x: float, y: float,
               viewer: int | None) -> None:
    """The face-down card, or the Revealed card(s) being Resolved, at (x, y): 120 x 64."""
    name = state.players[q]
    slot = state.unrevealed[q]
    if slot is not None:
        known = slot != UNKNOWN and viewer == q
        g.add(Rect(f"unrevealed-{q}", x, y, 120, 64, rx=5, fill=FACE_DOWN, stroke="#c9b37e",
                   classes=("face-down",), label=f"{possessive(name)} face-down Unrevealed card",
                   tooltip=("Your Unrevealed card: " + describe_card(state, slot)) if known
                   else f"{possessive(name)} face-down card"))
        g.add(Text(f"unrevealed-{q}-text", x + 60, y + 20, "face down", size=SMALL,
                   fill="#fff"))
        if known:
            g.add(Text(f"unrevealed-{q}-name", x + 60, y + 42,
                       fit(state.card(slot).name, 112, SMALL), size=SMALL, fill="#fff"))
        return
    held = [e for e in state.revealed if e["holder"] == q and e["status"] in ("pending",
                                                                              "resolved")]
    if not held and state.phase == "resolve" and q == state.dealer \
            and dealer_card_discarded(state.traded):
        for j, line in enumerate(("Revealed card", "Discarded: not", "everyone traded")):
            g.add(Text(f"unrevealed-{q}-discarded-{j}", x + 4, y + 12 + 16 * j, line,
                       size=SMALL, anchor="start", classes=("note",)))
        return
    if len(held) == 1:
        e = held[0]
        card = state.card(e["card"])
        g.add(Rect(f"revealed-{q}-0", x, y, 120, 64, rx=5, fill=_colour(state, e["card"]),
                   stroke="#222", classes=("revealed",),
                   label=f"{possessive(name)} Revealed card {card.name}",
                   tooltip=describe_card(state, e["card"])))
        for j, line in enumerate(wrap(card.name, 112, SMALL, 2)):
            g.add(Text(f"revealed-{q}-0-name-{j}", x + 60, y + 14 + 15 * j, line, size=SMALL,
                       fill="#fff", weight="bold"))
        g.add(Text(f"revealed-{q}-0-values", x + 60, y + 52, short_values(card), size=SMALL,
                   fill="#fff"))
        return
    for i, e in enumerate(held[:2]):  # a card taken from another player: two, one above
        card = state.card(e["card"])
        cy = y + 33 * i
        g.add(Rect(f"revealed-{q}-{i}", x, cy, 120, 31, rx=4, fill=_colour(state, e["card"]),
                   stroke="#222", classes=("revealed",),
                   label=f"{possessive(name)} Revealed card {card.name}",
                   tooltip=describe_card(state, e["card"])))
        g.add(Text(f"revealed-{q}-{i}-name-0", x + 60, cy + 9, fit(card.name, 112, SMALL),
                   size=SMALL, fill="#fff", weight="bold"))
        g.add(Text(f"revealed-{q}-{i}-values", x + 60, cy + 23, short_values(card), size=SMALL,
                   fill="#fff"))


def _active(state: DubiousAllianceState, g: Group, q: int, x: float, y: float) -> None:
    """The Active cards at (x, y): how many, then the latest ones by name and values."""
    active = state.active[q]
    here = state.current_location(q)
    g.add(Text(f"active-{q}", x, y + 6, f"Active: {count(len(active), 'card')}", size=SMALL,
               anchor="start", weight="bold",
               label=f"{possessive(state.players[q])} Active cards: "
               + (", ".join(describe_card(state, c) for c in active) or "none")))
    latest = list(reversed(active))
    shown = latest if len(latest) <= 3 else latest[:2]  # three lines fit above the claim
    for i, c in enumerate(shown):
        card = state.card(c)
        mark = "» " if c == here else ""
        g.add(Text(f"active-{q}-{c}", x, y + 22 + 15 * i, fit(mark + card.name, 90, SMALL),
                   size=SMALL, anchor="start",
                   classes=("active",) + (("current-location",) if mark else ()),
                   label=describe_card(state, c) + (" Current Location." if mark else ""),
                   tooltip=describe_card(state, c)))
        g.add(Text(f"active-{q}-{c}-values", x + 152, y + 22 + 15 * i, short_values(card),
                   size=SMALL, anchor="end"))
    if len(latest) > len(shown):
        g.add(Text(f"active-{q}-more", x, y + 22 + 15 * len(shown),
                   f"and {len(latest) - len(shown)} more (see list)", size=SMALL,
                   anchor="start", classes=("note",)))


NO_VALUES = "No values: it acts when Revealed, then is Discarded."


def _card_lines(card: Card) -> tuple[list[tuple[str, str]], list[str]]:
    """A hand card's value lines ((text, colour)) and effect lines, as they fit."""
    if card.survival is None:
        values = [(line, "") for line in wrap(NO_VALUES, HAND_W - 12, SMALL, 3)]
    else:
        values = [(f"Survival {_signed(card.survival)}", SURVIVAL_COLOUR),
                  (f"Prestige {_signed(card.prestige)}", PRESTIGE_COLOUR)]
    return values, wrap(effect_text(card), HAND_W - 12, SMALL, 6)


def hand_height(state: DubiousAllianceState, viewer: int) -> float:
    """The height of the hand's cards: room for the longest text among them."""
    lines = max((sum(map(len, _card_lines(state.card(c)))) for c in state.hands[viewer]),
                default=0)
    return 70 + 15 * lines


def _hand(state: DubiousAllianceState, scene: Scene, viewer: int, top: float) -> None:
    hand = state.hands[viewer]
    height = hand_height(state, viewer)
    choosing = state.phase == "choose" and state.current_player == viewer
    scene.add(Text("hand-title", 6, top + 10,
                   f"Your hand: {count(len(hand), 'card')}"
                   + (" (click one to set it face down)" if choosing else ""),
                   size=14, anchor="start", weight="bold"))
    for i, c in enumerate(hand):
        card = state.card(c)
        x, y = 3 + i * (HAND_W + 6), top + 24
        g = Group(f"hand-{c}-card", label=f"your hand: {card.name}")
        g.add(Rect(f"hand-{c}", x, y, HAND_W, height, rx=6, fill="var(--jp-layout-color1, #fff)",
                   stroke=_colour(state, c), stroke_width=2, classes=("hand",),
                   label=f"Set {card.name} face down", tooltip=describe_card(state, c)))
        g.add(Rect(f"hand-{c}-band", x + 1, y + 1, HAND_W - 2, 36, rx=5,
                   fill=_colour(state, c)))
        for j, line in enumerate(wrap(card.name, HAND_W - 10, 13, 2)):
            g.add(Text(f"hand-{c}-name-{j}", x + HAND_W / 2, y + 11 + 15 * j, line, size=13,
                       fill="#fff", weight="bold"))
        g.add(Text(f"hand-{c}-types", x + 6, y + 48, fit(", ".join(card.types), HAND_W - 12,
                                                          SMALL),
                   size=SMALL, anchor="start", classes=("note",)))
        values, effect = _card_lines(card)
        row = y + 66
        for j, (line, fill) in enumerate(values):
            g.add(Text(f"hand-{c}-values-{j}", x + 6, row, line, size=13 if fill else SMALL,
                       anchor="start", weight="bold" if fill else "normal", fill=fill))
            row += 16 if fill else 15
        for j, line in enumerate(effect):
            g.add(Text(f"hand-{c}-effect-{j}", x + 6, row + 4 + 15 * j, line, size=SMALL,
                       anchor="start"))
        scene.add(g)


def table_scene(state: DubiousAllianceState) -> Scene:
    """The table as a scene (pass ``state.view(p)`` for what player ``p`` sees).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> scene = table_scene(new_game(3, seed=1))
    >>> scene.find("unrevealed-0") is None, scene.find("seat-0").label.startswith("Player 1")
    (True, True)
    """
    game_state(state, DubiousAllianceState)
    viewer = state.viewer
    rows = math.ceil(state.n / 2)
    hand_top = TOP + rows * PITCH + 4
    height = hand_top + (hand_height(state, viewer) + 30 if viewer is not None else 0) + 4
    scene = Scene(WIDTH, height, title="Dubious Alliance", description=describe(state))
    dealer = state.players[state.dealer]
    scene.add(Text("round", 6, 11, fit(f"Round {state.round_in_turn} of 4 in this deal · "
                                       f"{says(dealer, 'deal')}", 330, 13), size=13,
                   anchor="start", weight="bold"))
    scene.add(Text("legend", 6, 29, "Clockwise seats: your left is the next one. S Survival, "
                   "P Prestige, » current Location.", size=SMALL, anchor="start",
                   classes=("note",)))
    scene.add(Rect("deck", 410, 3, 16, 22, rx=2, fill=FACE_DOWN, stroke="#c9b37e",
                   label=f"Draw deck, {count(len(state.deck), 'card')}",
                   tooltip=f"Draw deck: {count(len(state.deck), 'card')}"))
    scene.add(Text("deck-count", 430, 14, f"Draw {len(state.deck)}", size=SMALL,
                   anchor="start"))
    top = state.discard[-1] if state.discard else None
    scene.add(Rect("discard", 490, 3, 16, 22, rx=2,
                   fill=_colour(state, top) if top else "none", stroke="#c9b37e",
                   label=f"Discards, {count(len(state.discard), 'card')}",
                   tooltip=("Top Discard: " + describe_card(state, top)) if top
                   else "No Discards"))
    scene.add(Text("discard-count", 510, 14, f"Discards {len(state.discard)}", size=SMALL,
                   anchor="start"))
    for q in range(state.n):
        scene.add(_seat(state, q, viewer))
    if viewer is not None:
        _hand(state, scene, viewer, hand_top)
    me = state.current_player
    if not state.is_over and me is not None and (viewer is None or viewer == me):
        for a in state.legal_actions():
            shape = _click_id(a)
            found = None if shape is None else scene.find(shape)
            if found is None:  # e.g. a spectator's picture draws no hand
                continue
            scene.clickable.add(shape)
            if "highlight" not in found.classes:
                found.classes = (*found.classes, "highlight")
    return scene


def _click_id(action: Action) -> str | None:
    if isinstance(action, SetCard):
        return f"hand-{action.card}"
    if isinstance(action, Offer):
        return f"unrevealed-{action.to}"
    return None


def action_for_click(state: DubiousAllianceState, shape_id: str) -> Action | None:
    """The legal action a click on ``shape_id`` stands for (None if none).

    Clicking a hand card sets it; clicking another player's face-down card offers
    them a trade (no claim). Every other decision (accept, done, force, use a power,
    pass) is a button in the app, under the question it answers.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> action_for_click(state, "deck") is None
    True
    """
    game_state(state, DubiousAllianceState)
    if not isinstance(shape_id, str):
        raise InvalidArgumentError(f"shape_id must be a shape's id (text), not {shown(shape_id)}")
    if state.current_player is None:
        return None
    for a in state.legal_actions():
        if _click_id(a) == shape_id:
            return a
    return None


def describe(state: DubiousAllianceState) -> str:
    """A text alternative of the table (the scene's ``<desc>``).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> describe(new_game(3, seed=1)).startswith("Round 1,")
    True
    """
    parts = [f"Round {state.round}, {says(state.players[state.dealer], 'deal')}; "
             f"phase {state.phase}."]
    for q in range(state.n):
        parts.append(f"{state.players[q]}: Survival {state.survival(q)} (began with "
                     f"{state.beginning_survival(q)}), Prestige {state.prestige(q)} of goal "
                     f"{state.goal(q)}, Trade Tracker {LEVEL_NAMES[state.tracker[q]]}, "
                     f"{count(len(state.active[q]), 'Active card')}.")
    if state.outcome:
        parts.append(state.outcome["reason"])
    return " ".join(parts)
