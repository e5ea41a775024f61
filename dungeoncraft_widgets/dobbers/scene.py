"""Dobbers drawn as two scenes: the board, and the cards.

:func:`board_scene` draws the board: the squares (starts with their letters, the
Encounter squares with their numbers, the Key), the blue shields between squares with
their costs, every Challenge stack as the player sees it (a face-down stack shows its
Location, art side up, and the icons of the Creature and Equipment covered under it; a
face-up one its cards and its need), the meeples, and for the player to act the squares
they can reach with the points left (lit) and their way to the Key (an orange line).

:func:`cards_scene` draws what is on the table around it: the points left this turn (red,
blue, gold, Influence, each apart), your Hero with its Equipment (a Forge card under its
host), your tokens and hand, the Adventure row (costs; a card just destroyed from a slot
marked on its replacement), the Challenge row (art side up: each card's name, cost and a
Location's capacity; its Action points and text are on the other side), and the other
players' Heroes, Equipment and hand sizes.

Text is large for the width (at least 16 units in a 560-unit board and 12 in a 236-unit
table of two columns), so both read at 10 px from 350 and about 200 pixels wide. Every shape
has a stable id:
``sq-E5`` (a square), ``stack-E5``, ``meeple-0``, ``shield-T3-E2``, ``path``;
``hand-2`` (the third card of the hand), ``adv-4``, ``row-L2``, ``slot-0-weapon``,
``token-1``, ``hero-0``. Card names come from data: they are only ever text.

>>> from dungeoncraft_widgets.dobbers import position
>>> game = position(["You", "Bot"], heroes=["toby"], hand=["silver"], at="T3",
...                 stacks={"E2": ["castle_walls", "tree_golem"]})
>>> view = game.view(0)
>>> board = board_scene(view, seat=0, reach={"E2": 3})
>>> board.find("stack-E2-text").text, "highlight" in board.find("sq-E2").classes
('?', True)
>>> cards_scene(view, seat=0).find("hand-0-name").text
'Silver'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.checks import game_state, shown
from ..core.checks import seat as check_seat
from ..core.english import count, possessive
from ..core.errors import InvalidArgumentError
from ..core.scene import Circle, Group, Path, Polygon, Rect, Scene, Text
from .actions import SLOTS
from .data import HIDDEN, parse_back
from .rules import DobbersState

__all__ = ["BOARD_WIDTH", "CARDS_WIDTH", "PLAYER_COLOURS", "board_scene", "card_points",
           "cards_scene", "describe"]

BOARD_WIDTH, CARDS_WIDTH = 560, 236
COLUMNS = 2   # cards side by side: the table reads at 10 px from about 200 px wide
SCALE = 0.54            # board.json coordinates -> scene units
OFFSET_X, OFFSET_Y = 6, 4
SMALL, NORMAL, LARGE = 12, 13, 15   # the cards' text sizes: never below 12 units
# The board's: at least 16 units in 560, so that it reads at 10 px from 350 px wide (a
# notebook column at 800 px with JupyterLab's side panel open) without scrolling.
B_SMALL, B_NORMAL, B_LARGE = 16, 17, 19
PLAYER_COLOURS = ("#d84315", "#283593", "#2e7d32", "#6a1b9a")
POINT_COLOURS = {"red": ("#c62828", "#ffffff"), "blue": ("#1565c0", "#ffffff"),
                 "gold": ("#f9a825", "#2b2000"), "influence": ("#6a1b9a", "#ffffff")}
POINT_WORDS = {"red": "red (any use)", "blue": "blue (travel)", "gold": "gold (challenge)",
               "influence": "Influence"}
CARD_FILL = {"Effect": "#fff3d6", "Weapon": "#f6d6cc", "Armor": "#d6e0f0",
             "Item": "#d9eed4", "Location": "#e6dcc8", "Creature": "#ecd6ec",
             "Solo": "#ffe0b2", "Event": "#ffe0b2", "Hero": "#f4efe3"}
INK = "#222222"
KIND_WORDS = {"start": "Starting Location", "travel": "square", "encounter": "Encounter square"}


def _xy(view: DobbersState, square: str) -> tuple[float, float]:
    info = view.board.squares[square]
    return OFFSET_X + info.get("x", 0) * SCALE, OFFSET_Y + info.get("y", 0) * SCALE


def _wrap(text: str, width: float, size: float, lines: int = 2) -> list[str]:
    """Words on lines no wider than ``width`` units (a character is about 0.56 of the
    size); the last line shortened with an ellipsis when the text does not fit."""
    per_line = max(4, int(width / (0.56 * size)))
    out: list[str] = []
    current = ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= per_line:
            current += " " + word
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:per_line - 1].rstrip() + "…"
    return [line if len(line) <= per_line else line[:per_line - 1] + "…" for line in out]


def card_points(view: DobbersState, card: str) -> dict[str, int]:
    """What a card prints: ``{"red": 2, "gold": 1}`` (colours it gives nothing left out)."""
    cards = game_state(view, DobbersState, "view").cards
    if not isinstance(card, str) or card not in cards:
        raise InvalidArgumentError(f"card must be a card of the card set, not {shown(card)}")
    info = cards[card]
    return {c: int(info[c]) for c in ("red", "blue", "gold", "influence") if info.get(c)}


def _points_words(points: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {POINT_WORDS[c]}" for c, n in points.items() if n) or "no points"


def _badges(group: Group, sid: str, x: float, y: float, points: Mapping[str, int]) -> float:
    """Coloured discs with the points in them, from ``x`` leftwards; returns the left end."""
    for colour in ("influence", "gold", "blue", "red"):
        n = points.get(colour)
        if not n:
            continue
        fill, ink = POINT_COLOURS[colour]
        group.add(Circle(f"{sid}-{colour}", x - 9, y, 9, fill=fill, stroke="#ffffff",
                         stroke_width=1))
        group.add(Text(f"{sid}-{colour}-n", x - 9, y, str(n), size=SMALL, weight="bold",
                       fill=ink))
        x -= 20
    return x


# ---------------------------------------------------------------------------- the board
def _stack_summary(view: DobbersState, square: str) -> tuple[str, list[str], str]:
    """(big text, icons, words) of a stack as this view shows it."""
    stack = view.stacks.get(square) or []
    cards = view.cards
    icons: list[str] = []
    words: list[str] = []
    face_up = all(up for _card, up in stack)
    for i, (card, up) in enumerate(stack):
        if card.startswith(HIDDEN):  # covered: its icon
            kind = parse_back(card)["type"]
            words.append(f"a face-down {kind}")
        elif not up:  # its art names it; its numbers and text are on the other side
            info = cards[card]
            kind = info["type"]
            words.append(f"{info['name']}, art side up" + (
                f" (capacity {info['capacity']})" if "capacity" in info else ""))
        else:
            info = cards[card]
            kind = info["type"]
            ap = info.get("ap", info.get("red", 0) + info.get("gold", 0))
            words.append(f"{info['name']} ({ap})")
        if i > 0:
            icons.append(kind[0])
    big = "?"
    if stack and face_up and view.turn_player is not None and view.heroes[view.turn_player]:
        big = str(view.stack_needs(view.turn_player, square))
    return big, icons, "; ".join(words)


def _capacity(view: DobbersState, square: str) -> int | None:
    stack = view.stacks.get(square) or []
    if not stack:
        return None
    return view.cards[stack[0][0]].get("capacity")  # the Location's art is on top


def board_scene(view: DobbersState, *, seat: int | None = None,
                reach: Mapping[str, int] | None = None, path: Sequence[str] | None = None,
                targets: Iterable[str] = (), selected: str | None = None) -> Scene:
    """The board as ``view`` shows it. ``reach``: squares the player can reach (lit, with
    the points each costs); ``path``: the way to the Key (drawn); ``targets``: squares to
    choose from for a card being placed (lit the other way); ``selected``: a square
    chosen; ``seat``: whose meeple is "you" in the words.

    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> game = new_game(["You", "Bot"], seed=1)
    >>> scene = board_scene(game.view(0))
    >>> scene.width, len([i for i in scene.ids() if i.startswith("sq-") and i.count("-") == 1])
    (560, 31)
    """
    board = game_state(view, DobbersState, "view").board
    legend, height = _legend(view, seat,
                             max(info.get("y", 0) for info in board.squares.values()) * SCALE + 54)
    scene = Scene(BOARD_WIDTH, round(height), title="Dobbers: the board")
    reach = dict(reach or {})
    targets = set(targets)
    drawn: set[frozenset] = set()
    for a, b, _shield in board.paths:
        (x1, y1), (x2, y2) = _xy(view, a), _xy(view, b)
        scene.add(Path(f"edge-{a}-{b}", f"M {x1:.1f} {y1:.1f} L {x2:.1f} {y2:.1f}",
                       classes=("line", "edge"), stroke="#8d7b5c", stroke_width=3))
    if path and len(path) > 1:
        d = " ".join(("M" if i == 0 else "L") + " {:.1f} {:.1f}".format(*_xy(view, sq))
                     for i, sq in enumerate(path))
        scene.add(Path("path", d, classes=("line", "path"), stroke="#ef6c00", stroke_width=9,
                       opacity=0.7, label="your way to the Key: " + ", ".join(path[1:])))
    for sid, info in board.squares.items():
        scene.add(_square(view, sid, info, reach, targets, selected,
                          on_path=bool(path) and sid in path[1:]))
    for a, b, shield in board.paths:
        key = frozenset((a, b))
        if key in drawn:
            continue
        drawn.add(key)
        mx, my = _between(view, a, b)
        outline = [(mx - 11, my - 13), (mx + 11, my - 13), (mx + 11, my + 3), (mx, my + 13),
                   (mx - 11, my + 3)]
        words = f"a blue shield of {shield} between {_name(view, a)} and {_name(view, b)}"
        scene.add(Group(f"shield-{a}-{b}", [
            Polygon(f"shield-{a}-{b}-body", outline, fill="#1565c0", stroke="#ffffff",
                    stroke_width=1.5),
            Text(f"shield-{a}-{b}-n", mx, my - 3, str(shield), size=B_NORMAL, weight="bold",
                 fill="#ffffff")], classes=("shield", "inert"), label=words))
        # inert: where two squares are close the shield covers part of one, and a click
        # there goes through to the square
    for p, where in enumerate(view.position):
        if where is None:
            continue
        scene.add(_meeple(view, p, where, seat))
    clickable = set(reach) | targets
    scene.clickable |= {f"sq-{s}" for s in clickable}
    scene.add(legend)
    scene.description = describe(view, seat)
    return scene


_RADIUS = {"encounter": 28, "start": 15, "travel": 11}


def _between(view: DobbersState, a: str, b: str) -> tuple[float, float]:
    """The middle of the part of the path between two squares that shows (their shapes
    cover its ends): where the shield goes."""
    (x1, y1), (x2, y2) = _xy(view, a), _xy(view, b)
    length = max(1e-6, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ra = _RADIUS[view.board.squares[a]["kind"]]
    rb = _RADIUS[view.board.squares[b]["kind"]]
    t = (ra + (length - ra - rb) / 2) / length
    return x1 + (x2 - x1) * t, y1 + (y2 - y1) * t


def _free_side(view: DobbersState, square: str,
               candidates: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The candidate direction (dx, dy) furthest from every path leaving ``square``: where
    a label or a meeple does not sit on a path or its shield."""
    x, y = _xy(view, square)
    ways = []
    for other in view.board.neighbours[square]:
        ox, oy = _xy(view, other)
        length = max(1e-6, ((ox - x) ** 2 + (oy - y) ** 2) ** 0.5)
        ways.append(((ox - x) / length, (oy - y) / length))

    def clearance(c: tuple[float, float]) -> float:
        size = (c[0] ** 2 + c[1] ** 2) ** 0.5
        return -max((c[0] * u + c[1] * v) / size for u, v in ways) if ways else 0

    return max(candidates, key=clearance)


def _name(view: DobbersState, square: str) -> str:
    return view.board.label(square)


def _square(view: DobbersState, sid: str, info: Mapping[str, Any],
            reach: Mapping[str, int], targets: set[str], selected: str | None,
            on_path: bool = False) -> Group:
    x, y = _xy(view, sid)
    # a square on your way to the Key is outlined in the way's orange (the line between
    # squares is mostly hidden under them and their shields)
    edge, edge_width = ("#ef6c00", 3) if on_path else ("#6d5a46", 2)
    kind = info["kind"]
    classes = ["square", f"square-{kind}"]
    words = [_name(view, sid)]
    if view.stacks.get(sid):   # the stack and the meeples let clicks through to the square
        words.append(_stack_label(view, sid))
    words += [f"{possessive(view.players[p])} meeple" for p, w in enumerate(view.position)
              if w == sid]
    if sid in reach:
        classes.append("highlight")
        words.append(f"you can reach it for {count(reach[sid], 'point')}"
                     + (" (a Challenge)" if view.stacks.get(sid) else ""))
    if on_path:
        words.append("on your way to the Key")
    if sid in targets:
        classes.append("highlight-2")
        words.append("a place for the card you chose")
    if sid == selected:
        classes.append("selected")
    children: list[Any] = []
    if kind == "encounter":
        key = sid == view.board.key
        fill = "#ffd54f" if key else "#efe6d2"
        children.append(Rect(f"sq-{sid}", x - 23, y - 23, 46, 46, rx=6, fill=fill,
                             stroke=edge, stroke_width=edge_width, classes=tuple(classes),
                             label="; ".join(words), tooltip="; ".join(words)))
        dx, dy = _free_side(view, sid, [(-1, -1), (1, -1), (-1, 1), (1, 1)])
        label = f"{info['number']} KEY" if key else str(info["number"])
        children.append(Text(f"sq-{sid}-number", x + dx * 24, y + dy * 31, label,
                             size=B_SMALL, anchor="end" if dx < 0 else "start", weight="bold",
                             fill="#b26a00" if key else "", classes=("square-number",)))
        if view.stacks.get(sid):
            children.append(_stack_shape(view, sid, x, y))
    elif kind == "start":
        children.append(Circle(f"sq-{sid}", x, y, 15, fill="#cfd8dc", stroke="#455a64",
                               stroke_width=2, classes=tuple(classes),
                               label="; ".join(words), tooltip="; ".join(words)))
        children.append(Text(f"sq-{sid}-letter", x, y, info.get("letter", ""), size=B_LARGE,
                             weight="bold", fill=INK))
    else:
        children.append(Circle(f"sq-{sid}", x, y, 11, fill="#d7ccb8", stroke=edge,
                               stroke_width=edge_width, classes=tuple(classes),
                               label="; ".join(words), tooltip="; ".join(words)))
    return Group(f"square-{sid}", children)


def _stack_label(view: DobbersState, sid: str) -> str:
    big, _icons, words = _stack_summary(view, sid)
    capacity = _capacity(view, sid)
    return f"a Challenge stack: {words}" + (
        f"; it needs {big} Challenge points" if big != "?" else "") + (
        f"; room for {capacity} cards under the Location" if capacity else "")


def _stack_shape(view: DobbersState, sid: str, x: float, y: float) -> Group:
    big, icons, _words = _stack_summary(view, sid)
    capacity = _capacity(view, sid)
    up = big != "?"
    group = Group(f"stack-{sid}", classes=("stack", "face-up" if up else "face-down", "inert"))
    group.add(Rect(f"stack-{sid}-card", x - 20, y - 20, 40, 40, rx=4,
                   fill="#fbe9e7" if up else "#5d4037", stroke="#3e2723", stroke_width=1))
    group.add(Text(f"stack-{sid}-text", x, y - 7, big, size=B_LARGE, weight="bold",
                   fill=INK if up else "#ffffff"))
    group.add(Text(f"stack-{sid}-icons", x, y + 10, "".join(icons) or f"≤{capacity}",
                   size=B_SMALL, weight="bold", fill=INK if up else "#ffcc80"))
    return group


def _meeple(view: DobbersState, p: int, where: str, seat: int | None) -> Group:
    x, y = _xy(view, where)
    here = [q for q, w in enumerate(view.position) if w == where]
    shift = (here.index(p) - (len(here) - 1) / 2) * 18
    kind = view.board.squares[where]["kind"]
    if kind == "encounter" and view.stacks.get(where):
        dx, _dy = _free_side(view, where, [(1, 0), (-1, 0)])   # beside the stack
        cx, cy = x + dx * 34, y - 11 + 22 * here.index(p)
    elif kind == "encounter":   # inside the empty square: its number stays readable
        i, n = here.index(p), len(here)   # one in the middle, or two a row
        cx = x if n == 1 else x + (-11 if i % 2 == 0 else 11)
        cy = y if n <= 2 else y + (-11 if i < 2 else 11)
    else:   # beside the square, off its paths: the letter and the shields stay readable
        dx, dy = _free_side(view, where, [(-1, -1), (1, -1), (-1, 1), (1, 1)])
        cx, cy = x + dx * 15 + shift, y + dy * 15
    name = view.players[p]
    hero = view.cards.name(view.heroes[p]) if view.heroes[p] else "no Hero yet"
    words = f"{possessive(name)} meeple ({hero}) on {_name(view, where)}"
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    return Group(f"meeple-{p}", [
        Circle(f"meeple-{p}-body", cx, cy, 12, fill=colour, stroke="#ffffff", stroke_width=2),
        Text(f"meeple-{p}-initial", cx, cy, _initial(view.players, p), size=B_SMALL, weight="bold",
             fill="#ffffff")], classes=("meeple", "you" if p == seat else "other", "inert"),
        label=words)


def _initial(players: Sequence[str], p: int) -> str:
    """The letter on a meeple: the name's first, or its last digit when another name starts
    with the same letter ("Bot 1" and "Bot 2" show 1 and 2).

    >>> _initial(["You", "Bot 1", "Bot 2"], 2), _initial(["You", "Bot"], 0)
    ('2', 'Y')
    """
    name = players[p]
    first = name[:1].upper()
    shared = sum(1 for other in players if other[:1].upper() == first) > 1
    return name[-1] if shared and name[-1:].isdigit() else first


def _legend(view: DobbersState, seat: int | None, top: float) -> tuple[Group, float]:
    """The key to the board (players, shields, stacks, the way to the Key) from ``top``
    down, one thing a row where the text is long; and where it ends (the board's height)."""
    legend = Group("legend", classes=("legend",))
    x, y = 10.0, top
    for p, name in enumerate(view.players):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        hero = view.cards.name(view.heroes[p]) if view.heroes[p] else ""
        text = f"{name}" + (f" ({hero})" if hero else "")
        width = 34 + 0.6 * B_SMALL * len(text)
        if x > 10 and x + width > BOARD_WIDTH:
            x, y = 10.0, y + 24
        legend.add(Circle(f"legend-{p}", x + 8, y, 8, fill=colour))
        legend.add(Text(f"legend-{p}-name", x + 20, y, text, size=B_SMALL, anchor="start"))
        x += width
    y += 26
    legend.add(Polygon("legend-shield", [(14, y - 9), (28, y - 9), (28, y + 1), (21, y + 9),
                                         (14, y + 1)], fill="#1565c0"))
    legend.add(Text("legend-shield-text", 34, y, "blue + red to cross", size=B_SMALL,
                    anchor="start"))
    if seat is not None:
        legend.add(Path("legend-path", f"M 228 {y} L 252 {y}", classes=("line",),
                        stroke="#ef6c00", stroke_width=8, opacity=0.55))
        legend.add(Text("legend-path-text", 258, y, "your way to the Key", size=B_SMALL,
                        anchor="start"))
    y += 24
    legend.add(Rect("legend-stack", 12, y - 9, 18, 18, rx=3, fill="#5d4037"))
    legend.add(Text("legend-stack-text", 34, y, "a stack: C Creature, W A I Equipment",
                    size=B_SMALL, anchor="start"))
    y += 22
    legend.add(Text("legend-capacity", 34, y, "(≤2: room for 2 cards under it)",
                    size=B_SMALL, anchor="start"))
    y += 24
    legend.add(Circle("legend-travel", 21, y, 9, fill="#d7ccb8", stroke="#6d5a46"))
    legend.add(Text("legend-travel-text", 34, y, "a travel square (T1, T2…: hover for which)",
                    size=B_SMALL, anchor="start"))
    y += 24
    legend.add(Rect("legend-encounter", 12, y - 9, 18, 18, rx=3, fill="#efe6d2",
                    stroke="#6d5a46"))
    legend.add(Text("legend-encounter-text", 34, y,
                    "an Encounter square (its number beside it)", size=B_SMALL,
                    anchor="start"))
    y += 24
    legend.add(Rect("legend-key", 12, y - 9, 18, 18, rx=3, fill="#ffd54f", stroke="#6d5a46"))
    legend.add(Text("legend-key-text", 34, y, "the Key: reach it to win", size=B_SMALL,
                    anchor="start"))
    return legend, y + 16


# ---------------------------------------------------------------------------- the cards
CARD_W, CARD_H, GAP = 111, 62, 6


def _card(scene: Scene, sid: str, x: float, y: float, view: DobbersState, card: str, *,
          cost: int | None = None, note: str = "", classes: Iterable[str] = (),
          words: str = "") -> Group:
    """A card: its name (two lines at most), its type, its printed points, its cost."""
    info = view.cards[card]
    kind = info["type"]
    points = card_points(view, card)
    group = Group(f"{sid}-card", classes=("card", f"card-{kind.lower()}", *classes))
    text = f"{info['name']}: {kind}" + (f", costs {cost} Influence" if cost is not None else "") \
        + f"; {_points_words(points)}"
    if info.get("text"):
        text += f". {info['text']}"
    if words:
        text += f". {words}"
    group.add(Rect(sid, x, y, CARD_W, CARD_H, rx=6, fill=CARD_FILL.get(kind, "#eeeeee"),
                   stroke="#5b4a2f", stroke_width=1.5, classes=("card-face", *classes),
                   label=text, tooltip=text))
    room = CARD_W - 12 - (22 if cost is not None else 0)
    for i, line in enumerate(_wrap(info["name"], room, NORMAL)):
        group.add(Text(f"{sid}-name" if i == 0 else f"{sid}-name-{i}", x + 6, y + 12 + 15 * i,
                       line, size=NORMAL, anchor="start", weight="bold", fill=INK))
    if cost is not None:
        group.add(Circle(f"{sid}-cost-disc", x + CARD_W - 13, y + 13, 10, fill="#ffffff",
                         stroke="#6a1b9a", stroke_width=2))
        group.add(Text(f"{sid}-cost", x + CARD_W - 13, y + 13, str(cost), size=SMALL,
                       weight="bold", fill="#4a148c"))
    group.add(Text(f"{sid}-type", x + 6, y + CARD_H - 12, note or kind, size=SMALL,
                   anchor="start", fill="#5d4037"))
    _badges(group, sid, x + CARD_W - 3, y + CARD_H - 13, points)
    scene.add(group)
    return group


def _back_card(scene: Scene, sid: str, x: float, y: float, info: Mapping[str, Any],
               slot: str) -> None:
    """A Challenge row card, art side up: its name (the art shows which card it is), its
    cost and a Location's capacity; its Action points and text are on the other side."""
    kind = info["type"]
    room = CARD_W - 12 - 6 * len(slot)
    lines = _wrap(info["name"], room, NORMAL)
    lines.append(f"cost {info['cost']}" + (f" · room {info['capacity']}"
                                            if "capacity" in info else f" · {kind}"))
    text = (f"{slot}: {info['name']}, a {kind} art side up (its Action points and text are "
            f"on the other side): it costs {info['cost']} Influence"
            + (f" and has room for {info['capacity']} cards under it"
               if "capacity" in info else ""))
    group = Group(f"{sid}-card", classes=("card", "card-back"))
    group.add(Rect(sid, x, y, CARD_W, CARD_H, rx=6, fill="#5d4037", stroke="#3e2723",
                   stroke_width=1.5, classes=("card-face",), label=text, tooltip=text))
    group.add(Text(f"{sid}-slot", x + CARD_W - 6, y + 12, slot, size=SMALL, anchor="end",
                   weight="bold", fill="#ffcc80"))
    for i, line in enumerate(lines):
        last = i == len(lines) - 1
        group.add(Text(f"{sid}-line-{i}", x + 6, y + 12 + 16 * i, line,
                       size=SMALL if last else NORMAL, anchor="start",
                       weight="normal" if last else "bold", fill="#ffffff"))
    scene.add(group)


def _title(scene: Scene, sid: str, y: float, text: str, note: str = "") -> float:
    scene.add(Text(sid, 4, y + 9, text, size=LARGE, anchor="start", weight="bold",
                   classes=("section-title",)))
    if note:
        scene.add(Text(f"{sid}-note", CARDS_WIDTH - 4, y + 9, note, size=SMALL, anchor="end",
                       classes=("muted",)))
    return y + 24


def _grid(n: int, y: float) -> list[tuple[float, float]]:
    return [(4 + (i % COLUMNS) * (CARD_W + GAP), y + (i // COLUMNS) * (CARD_H + GAP))
            for i in range(n)]


def _rows(n: int) -> float:
    """The height ``n`` cards take in the grid."""
    return -(-n // COLUMNS) * (CARD_H + GAP)


def cards_scene(view: DobbersState, *, seat: int = 0, clickable: Iterable[str] = (),
                selected: str | None = None, marks: Mapping[str, str] | None = None,
                costs: Mapping[int, int] | None = None) -> Scene:
    """The cards around the board, as ``seat`` sees them: the points left, your Hero,
    Equipment, tokens and hand, the rows, the other players. ``clickable``: shape ids that
    answer a click now; ``selected``: the id of a card chosen; ``marks``: a note per
    Adventure row slot (``"adv-3": "✗ Silver"``: what was destroyed there); ``costs``: what
    each Adventure row slot costs the seat now (a Hero's discount).

    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> game = new_game(["You", "Bot"], seed=1)
    >>> while game.phase != "main": _ = game.apply(game.legal_actions()[0])
    >>> scene = cards_scene(game.view(0))
    >>> scene.width, scene.find("pool-influence-label").text
    (236, 'Influence')
    """
    seat = check_seat(len(game_state(view, DobbersState, "view").players), seat, "seat")
    scene = Scene(CARDS_WIDTH, 100, title="Dobbers: your cards and the rows")
    marks = dict(marks or {})
    y = 4.0
    mine = view.heroes[seat] is not None
    if mine:
        y = _pool(scene, view, seat, y)
        y = _hero(scene, view, seat, y, selected)
        hand = view.hands[seat]
        y = _title(scene, "title-hand", y, "Your hand",
                   f"deck {len(view.decks[seat])} · discard {len(view.discards[seat])}")
        if not hand:
            scene.add(Text("hand-empty", 4, y + 8, "(no cards in your hand)", size=SMALL,
                           anchor="start", classes=("muted",)))
            y += 24
        for i, ((x, yy), card) in enumerate(zip(_grid(len(hand), y), hand, strict=True)):
            _card(scene, f"hand-{i}", x, yy, view, card,
                  classes=("selected",) if selected == f"hand-{i}" else ())
        y += _rows(len(hand))
        played = [c for c in view.turn["played"] if c] if view.turn_player == seat else []
        if played:
            names = ", ".join(view.cards.name(c) for c in played)
            for i, line in enumerate(_wrap(f"Played this turn: {names}", CARDS_WIDTH - 8,
                                           SMALL, lines=3)):
                scene.add(Text(f"played-{i}", 4, y + 6 + 15 * i, line, size=SMALL,
                               anchor="start", classes=("played",)))
            y += 8 + 15 * min(3, len(_wrap(f"Played this turn: {names}", CARDS_WIDTH - 8,
                                           SMALL, lines=3)))
    y = _title(scene, "title-adventure", y, "Adventure row", "⬤ = cost")
    row = view.adventure_row
    for i, ((x, yy), card) in enumerate(zip(_grid(len(row), y), row, strict=True)):
        sid = f"adv-{i}"
        if card is None:
            scene.add(Rect(sid, x, yy, CARD_W, CARD_H, rx=6, fill="none", stroke="#9e9e9e",
                           classes=("empty",), label=f"Adventure row position {i + 1}: empty"))
            continue
        cost = (costs or {}).get(i, view.cards[card].get("cost"))  # a Solo card: none
        _card(scene, sid, x, yy, view, card, cost=cost, note=marks.get(sid, ""),
              classes=("selected",) if selected == sid else (),
              words=f"Adventure row position {i + 1}")
    y += _rows(len(row))
    slots = view.challenge_slots()
    if slots:
        y = _title(scene, "title-challenge", y, "Challenge row", "art side up")
        cells = [(s, view.row_card(s)) for s in slots]
        for (x, yy), (slot, back) in zip(_grid(len(cells), y), cells, strict=True):
            sid = f"row-{slot}"
            if back is None:
                scene.add(Rect(sid, x, yy, CARD_W, CARD_H, rx=6, fill="none",
                               stroke="#9e9e9e", classes=("empty",),
                               label=f"Challenge row {slot}: empty"))
                continue
            _back_card(scene, sid, x, yy, view.cards[back], slot)
            if selected == sid:
                scene.find(sid).classes += ("selected",)
        y += _rows(len(cells))
    for p in range(len(view.players)):
        if p != seat:
            y = _other(scene, view, p, y)
    scene.height = round(y + 4)
    scene.clickable |= {i for i in clickable if scene.find(i) is not None}
    scene.description = describe(view, seat)
    return scene


def _turn_started(view: DobbersState, seat: int) -> bool:
    """Whether ``seat``'s turn is under way (not over and waiting for the next, as while a
    Solo card asks something between turns)."""
    if view.turn_player != seat or view.phase not in ("main", "duel"):
        return False
    for event in reversed(view.log):
        if event.player == seat and event.kind in ("turn", "end"):
            return event.kind == "turn"
    return True


def _pool(scene: Scene, view: DobbersState, seat: int, y: float) -> float:
    mine = _turn_started(view, seat)
    y = _title(scene, "title-pool", y, "Points left this turn" if mine else "Your points",
               "" if mine else "(on your turn)")
    width = (CARDS_WIDTH - 8 - GAP) / 2
    for i, colour in enumerate(("red", "blue", "gold", "influence")):
        fill, ink = POINT_COLOURS[colour]
        x, yy = 4 + (i % 2) * (width + GAP), y + (i // 2) * 34
        n = view.turn[colour] if mine else 0
        words = f"{n} {POINT_WORDS[colour]} left this turn" if mine else POINT_WORDS[colour]
        group = Group(f"pool-{colour}", classes=("pool", colour), label=words, tooltip=words)
        group.add(Rect(f"pool-{colour}-box", x, yy, width, 28, rx=6, fill=fill,
                       opacity=1 if mine else 0.5))
        group.add(Text(f"pool-{colour}-n", x + 16, yy + 14, str(n) if mine else "–",
                       size=LARGE, weight="bold", fill=ink))
        label = {"red": "red: any use", "blue": "blue: travel", "gold": "gold: fights",
                 "influence": "Influence"}[colour]
        group.add(Text(f"pool-{colour}-label", x + 30, yy + 14, label, size=SMALL,
                       anchor="start", fill=ink))
        scene.add(group)
    return y + 72


def _hero(scene: Scene, view: DobbersState, seat: int, y: float, selected: str | None
          ) -> float:
    hero = view.heroes[seat]
    info = view.cards[hero]
    y = _title(scene, "title-hero", y, f"Your Hero: {info['name']}")
    base = {c: int(info[c]) for c in ("red", "blue", "gold", "influence") if info.get(c)}
    text = f"{info['name']}: every turn {_points_words(base)}. {info.get('text', '')}"
    group = Group(f"hero-{seat}-card", classes=("hero",))
    group.add(Rect(f"hero-{seat}", 4, y, CARD_W, CARD_H, rx=6, fill=CARD_FILL["Hero"],
                   stroke="#5b4a2f", stroke_width=1.5, label=text, tooltip=text))
    for i, line in enumerate(_wrap(info["name"], CARD_W - 12, NORMAL)):
        group.add(Text(f"hero-{seat}-name-{i}", 10, y + 12 + 15 * i, line, size=NORMAL,
                       anchor="start", weight="bold", fill=INK))
    group.add(Text(f"hero-{seat}-type", 10, y + CARD_H - 12, "Hero", size=SMALL,
                   anchor="start", fill="#5d4037"))
    _badges(group, f"hero-{seat}", 4 + CARD_W - 3, y + CARD_H - 13, base)
    scene.add(group)
    used = view.turn["used"] if view.turn_player == seat else {}
    for i, slot in enumerate(SLOTS):
        card = view.equipped[seat].get(slot)
        x = 4 + ((i + 1) % COLUMNS) * (CARD_W + GAP)
        yy = y + ((i + 1) // COLUMNS) * (CARD_H + GAP + 16)
        sid = f"slot-{seat}-{slot}"
        if card is None:
            scene.add(Rect(sid, x, yy, CARD_W, CARD_H, rx=6, fill="none", stroke="#9e9e9e",
                           classes=("empty-slot",), label=f"no {slot} equipped"))
            scene.add(Text(f"{sid}-empty", x + CARD_W / 2, yy + CARD_H / 2,
                           f"no {slot}", size=SMALL, classes=("muted",)))
            continue
        note = "used ✓" if used.get(slot) == card else slot.capitalize()
        _card(scene, sid, x, yy, view, card, note=note,
              classes=("selected",) if selected == sid else (),
              words=("used this turn" if used.get(slot) == card else "not used yet this turn"))
        forge = view.forged[seat].get(slot)
        if forge is not None:
            bonus = {c: int(v) for c, v in view.cards[forge]["forge"].items()
                     if c in ("red", "blue", "gold", "influence") and v}
            words = f"{view.cards.name(forge)} forged under it: +{_points_words(bonus)}"
            scene.add(Text(f"forge-{seat}-{slot}", x + 4, yy + CARD_H + 8,
                           f"+ {_wrap(view.cards.name(forge), CARD_W - 20, SMALL, 1)[0]}",
                           size=SMALL, anchor="start", classes=("forge",), label=words,
                           tooltip=words))
    y += 2 * (CARD_H + GAP + 16)
    tokens = view.tokens[seat]
    if tokens:
        x = 4.0
        scene.add(Text("tokens-title", 4, y + 10, "Tokens:", size=SMALL, anchor="start",
                       weight="bold"))
        x += 56
        for i, token in enumerate(tokens):
            label = view.token_label(token)
            good = view.cards.token_value(token) > 0
            words = (f"a {label} token: spend it for its points this turn" if good else
                     f"a {label} token: added to your next {view.cards.token_kind(token)} "
                     "attempt")
            w = 12 + 7 * len(label)
            if x + w > CARDS_WIDTH - 4:   # the next line
                x, y = 60.0, y + 26
            scene.add(Group(f"token-{i}-chip", [
                Rect(f"token-{i}", x, y, w, 20, rx=10, fill="#e8f5e9" if good else "#ffebee",
                     stroke="#2e7d32" if good else "#c62828", label=words, tooltip=words),
                Text(f"token-{i}-text", x + w / 2, y + 10, label, size=SMALL, fill=INK)]))
            x += w + 6
        y += 28
    return y


def _other(scene: Scene, view: DobbersState, p: int, y: float) -> float:
    name = view.players[p]
    hero = view.heroes[p]
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    scene.add(Circle(f"other-{p}-dot", 12, y + 9, 8, fill=colour))
    head = f"{name}" + (f": {view.cards.name(hero)}" if hero else "")
    scene.add(Text(f"other-{p}", 26, y + 9, head, size=LARGE, anchor="start", weight="bold"))
    y += 24
    where = view.position[p]
    parts = [f"on {_name(view, where)}" if where else "not on the board yet",
             f"{count(len(view.hands[p]), 'card')} in hand",
             f"deck {len(view.decks[p])}, discard {len(view.discards[p])}"]
    if view.tokens[p]:
        parts.append("tokens " + ", ".join(view.token_label(t) for t in view.tokens[p]))
    for i, line in enumerate(_wrap(" · ".join(parts), CARDS_WIDTH - 8, SMALL, lines=3)):
        scene.add(Text(f"other-{p}-line-{i}", 4, y + 6, line, size=SMALL, anchor="start"))
        y += 16
    y += 4
    equipped = [(s, view.equipped[p][s]) for s in SLOTS if s in view.equipped[p]]
    for (x, yy), (slot, card) in zip(_grid(len(equipped), y), equipped, strict=True):
        _card(scene, f"other-{p}-{slot}", x, yy, view, card, note=slot.capitalize())
    y += _rows(len(equipped))
    return y + 4


# ---------------------------------------------------------------------------- in words
def describe(view: DobbersState, seat: int | None = None) -> str:
    """A text alternative of the position (the scenes' ``<desc>``).

    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> describe(new_game(["You", "Bot"], seed=1).view(0)).splitlines()[0]
    'Dobbers. Heroes are being chosen.'
    """
    if seat is not None:
        check_seat(len(game_state(view, DobbersState, "view").players), seat, "seat")
    if game_state(view, DobbersState, "view").phase in ("hero", "start"):
        head = "Heroes are being chosen." if view.phase == "hero" else "Starts are being chosen."
    elif view.is_over:
        head = "The game is over."
    else:
        head = f"{possessive(view.players[view.turn_player])} turn."
    lines = [f"Dobbers. {head}"]
    for p, name in enumerate(view.players):
        hero = view.cards.name(view.heroes[p]) if view.heroes[p] else "no Hero"
        where = _name(view, view.position[p]) if view.position[p] else "off the board"
        lines.append(f"{name}: {hero}, on {where}, {count(len(view.hands[p]), 'card')} in hand.")
    stacks = [f"{_name(view, s)}: {_stack_summary(view, s)[2]}" for s, st in
              sorted(view.stacks.items()) if st]
    lines.append("Stacks: " + ("; ".join(stacks) if stacks else "none") + ".")
    return "\n".join(lines)
