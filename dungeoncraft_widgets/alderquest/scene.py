"""AlderQuest drawn as scenes: the Matching Board, the Battlefield and the hand.

Every rune carries its letter as well as its colour (colour is never the only cue):
``B`` Bards, ``G`` Guardians, ``H`` Hunters, ``T`` Thieves; an Acorn is a round tile
with its points and its colour's initial (``r2``: a red 2-point Acorn), a Snowflake
shows ``❄``. Shape ids the app answers clicks on:

- Matching Board: ``rev-0`` .. (the revealed runes), ``col-A`` .. (the column heads),
  ``cell-B2`` .. (every cell, empty ones too);
- Battlefield: ``sp-b3`` / ``sp-^b3`` (spaces, canopy spaces), ``mn-T01`` (minions),
  ``hero-lily`` (Heroes);
- hand: ``q-QT01`` (Quarrels), ``armed-QT01``, ``tile-0`` (tiles in hand).

>>> from dungeoncraft_widgets.alderquest import new_game
>>> game = new_game(["You", "Bot"], seed=3)
>>> for a in ("faction Thieves", "faction Bards", "faction Guardians", "faction Hunters"):
...     _ = game.apply(a)
>>> scene = board_scene(game.view(0))
>>> scene.find("cell-A1").label
'A1: Bards rune (B)'
>>> battlefield_scene(game.view(0)).find("sp-^b3").label
'^b3: the canopy above b3, empty'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..core.checks import game_state, whole_number
from ..core.scene import Circle, Group, Rect, Scene, Text
from .matching import check_piece
from .rules import AlderQuestState

__all__ = ["FACTION_COLOURS", "battlefield_scene", "board_scene", "hand_scene", "piece_words"]

#: Faction colours, each with a text colour that reads on it (the letter is always drawn).
FACTION_COLOURS = {"B": ("#7e57c2", "#ffffff"), "G": ("#f2c230", "#1b1b1b"),
                   "H": ("#2e7d32", "#ffffff"), "T": ("#455a64", "#ffffff")}
TEAM_COLOURS = {"r": "#c62828", "b": "#1565c0"}
TEAM_LIGHT = {"r": "#ffcdd2", "b": "#bbdefb"}
ACORN_FILL = "#a1887f"
SNOW_FILL = "#e1f5fe"
CELL = 58            # the Matching Board's cell
SPACE = 84           # the Battlefield's space
#: The Battlefield's smallest text: 472 units wide, at 10 px text it still fits the
#: 240 px of a notebook cell on a 360 px screen
MIN_FIELD_TEXT = 20
#: The hand's smallest text (340 units: 227 px at 10 px text)
MIN_HAND_TEXT = 15
FIELD_KEY = ("Green discs round the Tree: its canopy,", "entered only from the space below.",
             "Green frame: a move now; dashed: later;", "red: an enemy minion can reach it.",
             "Heroes: ✓ ready, zz exhausted; the", "letter is their faction.")
BOARD_X, BOARD_Y = 44, 150
FIELD_X, FIELD_Y = 36, 84
KIND_WORDS = {"1": "1-point Acorn", "2": "2-point Acorn", "3": "3-point Acorn",
              "s": "Snowflake", "t": "trap tile", "?": "tile, face down"}


def _marks_inside(group: Group) -> Group:
    """Move a group's marks (``highlight``, ``highlight-2``, ``danger``) onto its first
    shape: the board's CSS strokes a shape, and a group's children keep their own
    strokes. ``selected`` and ``muted`` stay on the group (the CSS handles those)."""
    move = tuple(c for c in group.classes if c in ("highlight", "highlight-2", "danger"))
    if move and group.children:
        first = group.children[0]
        first.classes = tuple(first.classes) + move  # type: ignore[attr-defined]
        group.classes = tuple(c for c in group.classes if c not in move)
    return group


def piece_words(view: AlderQuestState, code: str) -> str:
    """A rune or tile in words: ``'Thieves rune (T)'``, ``'red 2-point Acorn'``.

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> piece_words(new_game(seed=1), "b3")
    'blue 3-point Acorn'
    """
    game_state(view, AlderQuestState, "view")
    if not (isinstance(code, str) and len(code) == 2 and code[0] in "rb" and code[1] in "t?"):
        check_piece(code, "code")
    if len(code) == 1:
        return f"{view.faction_name(code)} rune ({code})"
    colour = {"r": "red", "b": "blue"}[code[0]]
    return f"{colour} {KIND_WORDS.get(code[1], 'tile')}"


def _piece_glyph(view: AlderQuestState, pid: str, code: str, cx: float, cy: float,
                 size: float, classes: tuple[str, ...] = (), label: str | None = "") -> Group:
    """A rune (rounded square, letter) or a tile on the Board (round, points or ❄).
    ``label`` None: no name of its own (inside a clickable shape that names it, so a
    click on it goes to that shape)."""
    half = size / 2
    label = "" if label is None else label or piece_words(view, code)
    if len(code) == 1:
        fill, ink = FACTION_COLOURS.get(code, ("#9e9e9e", "#000000"))
        body = Rect(f"{pid}-body", cx - half, cy - half, size, size, rx=8, fill=fill,
                    stroke="#212121", stroke_width=1.5)
        text = Text(f"{pid}-text", cx, cy, code, size=size * 0.45, weight="bold", fill=ink)
    elif code[1] == "s":
        body = Circle(f"{pid}-body", cx, cy, half, fill=SNOW_FILL,
                      stroke=TEAM_COLOURS[code[0]], stroke_width=4)
        text = Text(f"{pid}-text", cx, cy, "❄", size=size * 0.5, fill="#0d47a1")
    else:
        body = Circle(f"{pid}-body", cx, cy, half, fill=ACORN_FILL,
                      stroke=TEAM_COLOURS[code[0]], stroke_width=4)
        text = Text(f"{pid}-text", cx, cy, code, size=size * 0.4, weight="bold",
                    fill="#1b1b1b")
    return _marks_inside(Group(pid, [body, text], classes=classes, label=label))


# ------------------------------------------------------------------ the Matching Board
def board_scene(view: AlderQuestState, *, cols: Sequence[Sequence[str]] | None = None,
                selected: str | None = None, marked: Collection[str] = (),
                fresh: Collection[str] = (), targets: Collection[str] = (),
                clickable: Collection[str] = (), caption: str = "") -> Scene:
    """The Matching Board (``cols`` instead of the game's: a step of a cascade), the
    revealed runes above it and the snowflake spaces below. ``selected``: a shape id;
    ``marked``: cells in a match (drawn ringed); ``fresh``: cells just filled;
    ``targets``: shape ids lit as where a click goes; ``caption``: a line under it."""
    game_state(view, AlderQuestState, "view")
    width, height = view.boards.board_columns, view.boards.board_rows
    cols = view.board if cols is None else cols
    w = BOARD_X + width * CELL + 20
    scene = Scene(w, BOARD_Y + height * CELL + 120, title="The Matching Board",
                  description=_board_description(view, cols))
    scene.add(Text("board-title", w / 2, 16, "Matching Board", size=16, weight="bold"))
    scene.add(Text("rev-title", 12, 42, "Revealed:", size=13, anchor="start"))
    for i, code in enumerate(view.revealed):
        rid = f"rev-{i}"
        classes = ("selected",) if rid == selected else ("highlight",) if rid in targets else ()
        scene.add(_piece_glyph(view, rid, code, 110 + i * (CELL + 6), 70, CELL - 8, classes,
                               f"revealed: {piece_words(view, code)}"))
    if not view.revealed:
        scene.add(Text("rev-none", 84, 70, "none: all dropped" if view.step == "action"
                       else "none yet", size=13, anchor="start", classes=("muted",)))
    top = BOARD_Y - 34
    for c in range(width):
        letter = chr(65 + c)
        cid = f"col-{letter}"
        classes = ("highlight",) if cid in targets else ()
        scene.add(Group(cid, [
            Rect(f"{cid}-box", BOARD_X + c * CELL + 4, top, CELL - 8, 28, rx=6,
                 fill="var(--jp-layout-color2, #eeeeee)", stroke="#9e9e9e", stroke_width=1),
            Text(f"{cid}-text", BOARD_X + c * CELL + CELL / 2, top + 14, f"▼ {letter}",
                 size=14, weight="bold")], classes=classes, label=f"column {letter}"))
        _marks_inside(scene.shapes[-1])  # type: ignore[arg-type]
    for r in range(height):
        y = BOARD_Y + (height - 1 - r) * CELL
        scene.add(Text(f"row-{r + 1}", BOARD_X - 16, y + CELL / 2, str(r + 1), size=13))
        for c in range(width):
            name = f"{chr(65 + c)}{r + 1}"
            code = cols[c][r] if r < len(cols[c]) else None
            cid = f"cell-{name}"
            classes: tuple[str, ...] = ("cell",)
            if cid == selected:
                classes += ("selected",)
            elif cid in targets:
                classes += ("highlight",)
            elif name in marked:
                classes += ("danger",)
            elif name in fresh:
                classes += ("highlight-2",)
            x = BOARD_X + c * CELL
            words = f"{name}: {piece_words(view, code)}" if code else f"{name}: empty"
            cell = Group(cid, [Rect(f"{cid}-bg", x + 1, y + 1, CELL - 2, CELL - 2, rx=4,
                                    fill="var(--jp-layout-color1, #ffffff)", stroke="#bdbdbd",
                                    stroke_width=1)], classes=classes, label=words)
            if code:
                cell.add(_piece_glyph(view, f"{cid}-piece", code, x + CELL / 2, y + CELL / 2,
                                      CELL - 12, label=None))
            if name in marked:
                cell.add(Text(f"{cid}-mark", x + CELL - 9, y + 10, "✓", size=13,
                              weight="bold", fill="#c62828"))
            scene.add(_marks_inside(cell))
    base = BOARD_Y + height * CELL + 8
    scene.add(Text("snow-title", w / 2, base + 12, f"Snowflakes: {len(view.snowflakes)} of 4 "
                   "matched", size=13))
    for i in range(4):
        x = BOARD_X + i * CELL + CELL / 2
        if i < len(view.snowflakes):
            scene.add(_piece_glyph(view, f"snow-{i}", view.snowflakes[i], x, base + 46, 34,
                                   label=f"snowflake space {i + 1}: a "
                                   f"{piece_words(view, view.snowflakes[i])}"))
        else:
            scene.add(Circle(f"snow-{i}", x, base + 46, 17, fill="none", stroke="#90a4ae",
                             stroke_width=2, label=f"snowflake space {i + 1}: empty"))
    if caption:
        scene.add(Text("board-caption", w / 2, base + 88, caption, size=13, weight="bold",
                       fill="var(--jp-warn-color1, #e65100)"))
    scene.clickable |= set(clickable)
    return scene


def _board_description(view: AlderQuestState, cols: Sequence[Sequence[str]]) -> str:
    rows = []
    for r in reversed(range(view.boards.board_rows)):
        rows.append(" ".join(
            (cols[c][r] if r < len(cols[c]) else "-") for c in range(len(cols))))
    return "Rows from the top: " + "; ".join(rows)


# ------------------------------------------------------------------ the Battlefield
def _space_xy(view: AlderQuestState, space: str) -> tuple[float, float]:
    """The centre of a ground space, or of a canopy space (drawn over the stump, beside
    the ground space it overhangs)."""
    field = view.field
    if field.is_canopy(space):
        below = field.below(space)
        bx, by = _space_xy(view, below)
        sx, sy = _space_xy(view, field.stump)
        return bx + (sx - bx) * 0.66, by + (sy - by) * 0.66
    col = field.columns.index(space[0])
    row = int(space[1:])
    return (FIELD_X + col * SPACE + SPACE / 2,
            FIELD_Y + (field.rows - row) * SPACE + SPACE / 2)


def _minion_glyph(view: AlderQuestState, mid: str, m: Mapping[str, Any], cx: float,
                  cy: float, r: float, classes: tuple[str, ...]) -> Group:
    card = view.cards.minions[mid]
    letter = view.cards.letter(card["faction"])
    fill, ink = FACTION_COLOURS.get(letter, ("#9e9e9e", "#000000"))
    colour = "rb"[m["team"]]
    name = view.cards.minion_name(mid, m["upgraded"])
    state = []
    if m["upgraded"]:
        state.append("upgraded")
    if m["exhausted"]:
        state.append("exhausted")
    if m["acorn"]:
        state.append(f"carrying a {piece_words(view, m['acorn'])}")
    words = (f"{view.team_possessive(m['team'])} {name} ({mid}) on {m['space']}"
             + (f": {', '.join(state)}" if state else ""))
    g = Group(f"mn-{mid}", [
        Circle(f"mn-{mid}-body", cx, cy, r, fill=fill, stroke=TEAM_COLOURS[colour],
               stroke_width=5),
        Text(f"mn-{mid}-text", cx, cy, letter + ("★" if m["upgraded"] else ""),
             size=max(MIN_FIELD_TEXT, r * 0.75), weight="bold", fill=ink)],
        classes=classes, label=words, opacity=0.6 if m["exhausted"] else 1)
    if m["acorn"]:
        g.add(Circle(f"mn-{mid}-acorn", cx - r * 0.8, cy + r * 0.8, 13, fill=ACORN_FILL,
                     stroke=TEAM_COLOURS[m["acorn"][0]], stroke_width=2))
        g.add(Text(f"mn-{mid}-acorn-text", cx - r * 0.8, cy + r * 0.8,
                   m["acorn"][1] if m["acorn"][1] != "?" else "?", size=MIN_FIELD_TEXT,
                   weight="bold",
                   fill="#1b1b1b"))
    if m["exhausted"]:
        g.add(Text(f"mn-{mid}-zz", cx + r * 0.95, cy - r * 0.9, "zz", size=MIN_FIELD_TEXT,
                   weight="bold", fill="#1b1b1b"))
    return g


def battlefield_scene(view: AlderQuestState, seat_team: int = 0, *,
                      selected: str | None = None, lit: Collection[str] = (),
                      later: Collection[str] = (), danger: Collection[str] = (),
                      clickable: Collection[str] = ()) -> Scene:
    """The Battlefield from Red's edge (row 1 at the bottom): ground and canopy spaces,
    the stump, tiles (face down: ``?`` unless ``seat_team`` owns them), minions (letter
    and ★ when upgraded; faded with ``zz`` when exhausted; a small Acorn when carrying
    one) and the Heroes at both edges. ``lit``: spaces a click moves to now;
    ``later``: spaces reachable later in the activation; ``danger``: threatened."""
    game_state(view, AlderQuestState, "view")
    whole_number(seat_team, "seat_team", minimum=0, maximum=1, why="0 is Red, 1 is Blue")
    field = view.field
    w = FIELD_X + len(field.columns) * SPACE + 16
    h = FIELD_Y + field.rows * SPACE + 84 + 24 * len(FIELD_KEY)
    scene = Scene(w, h, title="The Battlefield",
                  description="Ground spaces a1 to e5 around the Great Tree (its stump is "
                  f"{field.stump}); canopy spaces {', '.join(field.canopy)}.")
    scene.add(Text("field-title", w / 2, 16, "Battlefield", size=MIN_FIELD_TEXT,
                   weight="bold"))
    mine = "rb"[seat_team]

    def space_classes(space: str) -> tuple[str, ...]:
        sid = f"sp-{space}"
        if sid == selected:
            return ("selected",)
        if space in lit:
            return ("highlight",)
        if space in later:
            return ("highlight-2",)
        if space in danger:
            return ("danger",)
        return ()

    occupant = {m["space"]: mid for mid, m in view.minions.items() if m["space"]}
    for space in field.ground:
        x, y = _space_xy(view, space)
        tiles = view.tiles.get(space, [])
        words = f"{space}: " + (", ".join(
            _tile_words(view, code, up, mine) for code, up in tiles) or "empty")
        g = Group(f"sp-{space}", [Rect(f"sp-{space}-bg", x - SPACE / 2 + 2, y - SPACE / 2 + 2,
                                       SPACE - 4, SPACE - 4, rx=6, fill="#dcedc8",
                                       stroke="#689f38", stroke_width=1.5)],
                  classes=space_classes(space), label=words)
        g.add(Text(f"sp-{space}-name", x + SPACE / 2 - 5, y + SPACE / 2 - 14, space,
                   size=MIN_FIELD_TEXT,
                   anchor="end", fill="#33691e"))
        for i, (code, up) in enumerate(tiles[:3]):
            tx, ty = x - SPACE / 2 + 16 + i * 26, y - SPACE / 2 + 16
            kind = code[1]
            seen = up or code[0] == mine
            g.add(Rect(f"sp-{space}-tile-{i}", tx - 12, ty - 12, 24, 24, rx=3,
                       fill=TEAM_LIGHT[code[0]], stroke=TEAM_COLOURS[code[0]],
                       stroke_width=3 if up else 1.5))
            g.add(Text(f"sp-{space}-tile-{i}-text", tx, ty,
                       (kind.upper() if kind in "st" else kind) if seen and kind != "?" else "?",
                       size=MIN_FIELD_TEXT, weight="bold", fill="#1b1b1b"))
        if len(tiles) > 3:
            g.add(Text(f"sp-{space}-more", x + 30, y + 4, f"+{len(tiles) - 3}",
                       size=MIN_FIELD_TEXT, fill="#1b1b1b"))
        scene.add(_marks_inside(g))
    sx, sy = _space_xy(view, field.stump)
    scene.add(Circle("stump", sx, sy, SPACE * 0.2, fill="#6d4c41", stroke="#3e2723",
                     stroke_width=2, label="the Great Tree's stump (no space)"))
    for space in field.canopy:
        x, y = _space_xy(view, space)
        scene.add(Circle(f"sp-{space}", x, y, 19, fill="#81c784", stroke="#1b5e20",
                         stroke_width=2, classes=space_classes(space),
                         label=f"{space}: the canopy above {field.below(space)}"
                         + ("" if space in occupant else ", empty")))
    for mid, m in sorted(view.minions.items()):
        if not m["space"]:
            continue
        x, y = _space_xy(view, m["space"])
        r = 17 if field.is_canopy(m["space"]) else 24
        classes = ("selected",) if f"mn-{mid}" == selected else \
            ("highlight",) if m["space"] in lit else ()
        scene.add(_marks_inside(_minion_glyph(view, mid, m, x, y + (0 if r == 17 else 6), r,
                                              classes)))
    for hero, hd in sorted(view.heroes.items()):
        col = field.columns.index(hd["column"])
        team = hd["team"]
        x = FIELD_X + col * SPACE + SPACE / 2
        y = FIELD_Y - 29 if field.edge_row(team) == field.rows else \
            FIELD_Y + field.rows * SPACE + 31
        card = view.cards.heroes[hero]
        letter = view.cards.letter(card["faction"])
        words = (f"{view.team_possessive(team)} Hero {card['name']} ({card['faction']}) at "
                 f"column {hd['column']}" + (": exhausted" if hd["exhausted"] else ": ready"))
        classes = ("selected",) if f"hero-{hero}" == selected else \
            ("highlight",) if hero in lit else ()
        if hd["exhausted"]:
            classes += ("muted",)
        fill, _ink = FACTION_COLOURS.get(letter, ("#9e9e9e", "#000"))
        scene.add(Group(f"hero-{hero}", [
            Rect(f"hero-{hero}-bg", x - SPACE / 2 + 3, y - 26, SPACE - 6, 52, rx=8,
                 fill=TEAM_LIGHT["rb"[team]], stroke=TEAM_COLOURS["rb"[team]], stroke_width=3),
            Rect(f"hero-{hero}-flag", x - SPACE / 2 + 6, y - 22, 7, 44, rx=3, fill=fill),
            # the name shortened where it would not fit at a readable size (whole in
            # the label); the faction is the flag's colour and its letter
            Text(f"hero-{hero}-name", x + 5, y - 10, _short(card["name"], 4),
                 size=MIN_FIELD_TEXT, weight="bold", fill="#1b1b1b"),
            Text(f"hero-{hero}-state", x + 5, y + 12,
                 f"{letter} " + ("zz" if hd["exhausted"] else "✓"),
                 size=MIN_FIELD_TEXT, weight="bold", fill="#1b1b1b")],
            classes=classes, label=words))
        _marks_inside(scene.shapes[-1])  # type: ignore[arg-type]
    for i, line in enumerate(FIELD_KEY):
        scene.add(Text(f"field-key-{i + 1}" if i else "field-key", w / 2,
                       h - 14 - 24 * (len(FIELD_KEY) - 1 - i), line, size=MIN_FIELD_TEXT))
    scene.clickable |= set(clickable)
    return scene


def _short(name: str, most: int) -> str:
    """``name``, or its first letters and a full stop where it is longer than ``most``.

    >>> _short("Lily", 4), _short("Sebastian", 4)
    ('Lily', 'Seb.')
    """
    return name if len(name) <= most else name[:most - 1] + "."


def _tile_words(view: AlderQuestState, code: str, up: bool, mine: str) -> str:
    owner = "your" if code[0] == mine else "an enemy"
    if code[1] == "?":
        return f"{owner} tile, face down"
    what = piece_words(view, code)
    if up:
        return f"a {what}, face up"
    return f"{owner} face-down tile ({what}, only your team sees it)"


# ------------------------------------------------------------------ the hand
def hand_scene(view: AlderQuestState, team: int, *, selected: str | None = None,
               clickable: Collection[str] = ()) -> Scene:
    """What ``team`` holds, drawn: its runes, its Quarrels (click one to play or discard
    it), its armed Traps and the tiles in its hand."""
    game_state(view, AlderQuestState, "view")
    whole_number(team, "team", minimum=0, maximum=1, why="0 is Red, 1 is Blue")
    t = view.teams[team]
    quarrels = [q for q in t["quarrels"] if q != "?"]
    rows = 3 + (1 if t["armed"] else 0)
    scene = Scene(340, 36 + rows * 74, title="Your hand",
                  description="Runes held, Quarrels, armed Traps and tiles in hand.")
    y = 14
    scene.add(Text("held-title", 8, y, f"Runes held ({len(t['held'])}):", size=MIN_HAND_TEXT,
                   anchor="start", weight="bold"))
    for i, rune in enumerate(t["held"][:9]):  # 34 units: its letter is 15 or more
        scene.add(_piece_glyph(view, f"held-{i}", rune, 24 + i * 36, y + 30, 34))
    if not t["held"]:
        scene.add(Text("held-none", 8, y + 28, "none", size=MIN_HAND_TEXT, anchor="start"))
    y += 74
    scene.add(Text("q-title", 8, y, f"Quarrels ({len(quarrels)}): click one to play it",
                   size=MIN_HAND_TEXT, anchor="start", weight="bold"))
    _cards(view, scene, "q", quarrels, y + 12, selected)
    y += 74
    if t["armed"]:
        scene.add(Text("armed-title", 8, y, "Armed Traps:", size=MIN_HAND_TEXT, anchor="start",
                       weight="bold"))
        _cards(view, scene, "armed", t["armed"], y + 12, selected)
        y += 74
    scene.add(Text("tile-title", 8, y, f"Tiles in hand ({len(t['hand'])}):", size=MIN_HAND_TEXT,
                   anchor="start", weight="bold"))
    for i, code in enumerate(t["hand"][:8]):
        tid = f"tile-{i}"
        classes = ("selected",) if tid == selected else ()
        scene.add(Group(tid, [
            Rect(f"{tid}-bg", 8 + i * 40, y + 12, 34, 34, rx=4, fill=TEAM_LIGHT[code[0]],
                 stroke=TEAM_COLOURS[code[0]], stroke_width=2),
            Text(f"{tid}-text", 25 + i * 40, y + 29,
                 code[1].upper() if code[1] in "st" else code[1], size=MIN_HAND_TEXT,
                 weight="bold",
                 fill="#1b1b1b")],
            classes=classes, label=f"tile in hand: {piece_words(view, code)}"))
    scene.clickable |= {i for i in clickable if scene.find(i) is not None}
    return scene


def _cards(view: AlderQuestState, scene: Scene, prefix: str, cards: Sequence[str], y: float,
           selected: str | None) -> None:
    for i, card in enumerate(cards[:3] if prefix == "armed" else cards[:4]):
        cid = f"{prefix}-{card}"
        if scene.find(cid) is not None:
            cid = f"{cid}-{i}"
        data = view.cards.card(card)
        faction = data.get("faction")
        letter = view.cards.letter(faction) if faction else "★"
        fill, ink = FACTION_COLOURS.get(letter, ("#ffd54f", "#1b1b1b"))
        name = data.get("name", card)
        short = name if len(name) <= 8 else name[:7] + "…"  # whole in the tooltip
        kind = "Trap" if data.get("type") == "trap" else "legendary" if not faction \
            else "Scheme"
        classes = ("selected",) if cid == selected else ()
        scene.add(Group(cid, [
            Rect(f"{cid}-bg", 4 + i * 84, y, 82, 48, rx=6,
                 fill="var(--jp-layout-color1, #ffffff)", stroke="#616161", stroke_width=1.5),
            Rect(f"{cid}-flag", 4 + i * 84, y, 82, 18, rx=6, fill=fill),
            Text(f"{cid}-kind", 45 + i * 84, y + 9, "Legend." if kind == "legendary" else kind,
                 size=MIN_HAND_TEXT,
                 weight="bold", fill=ink),
            Text(f"{cid}-name", 45 + i * 84, y + 32, short, size=MIN_HAND_TEXT)],
            classes=classes, label=f"{name} ({kind}): {data.get('text', '')}",
            tooltip=f"{name} ({kind}): {data.get('text', '')}"))
