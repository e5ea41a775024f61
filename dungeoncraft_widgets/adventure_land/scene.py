"""Adventure Land as a :class:`~dungeoncraft_widgets.core.scene.Scene`.

The board is drawn as a readable terrain map (each field coloured by terrain, its
name in a corner; the river as a line through its fields), with the items, the
adventurers (coloured discs, the number of companions written on them), the
adventurers still waiting in the start area lanes, and the water sprite. With
``selected`` (an adventurer's field or lane) the fields it can reach this turn are
highlighted: ``highlight`` for one move, ``highlight-2`` for two.

Shape ids are stable: ``field-E9``, ``item-E9``, ``adv-0-3`` (player 0's adventurer
number 3), ``sprite``. :func:`target_of` turns a clicked id back into a field or an
adventurer's origin.

Pass ``state.view(player)`` to draw only what that player may see (face-down
herbs and swords are then drawn without their values). With ``risk`` (a
:class:`~dungeoncraft_widgets.adventure_land.odds.RiskMap`) the adventurers and the
fields in reach are tinted by the exact chance of losing an adventurer there before
the player's next turn, the fractions in their tooltips (``risk-`` labels on the
board give the percentage without hovering).

An adventurer's companions are drawn as companion tokens beside it (a number on a
token from 4 companions), so they are never mistaken for points.

>>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_item
>>> s = empty_position(); place_item(s, "E9", "G")
>>> scene = board_scene(s, selected="row:3")
>>> "field-J3" in scene.clickable and "highlight" in scene.find("field-J3").classes
True
>>> target_of("field-J3"), target_of("adv-0-2", s)
('J3', 'row:3')
"""

from __future__ import annotations

from ..core.checks import game_state
from ..core.english import chance, count, percent, possessive
from ..core.errors import InvalidArgumentError
from ..core.scene import Circle, Ellipse, Group, Path, Polygon, Rect, Scene, Text
from .data import COLUMNS, FIELDS, UNKNOWN, column_of, lanes_for, place_name, row_of
from .graph import reachable
from .rules import COLOURS, AdventureLandState

__all__ = ["CELL", "ITEM_NAMES", "board_scene", "clickable_fields", "field_centre", "risk_tint",
           "target_of"]

CELL = 48
LEFT = 64   # room for the row lanes of the start area
TOP = 64    # room for the column lanes
LEGEND = 138  # room below the board for the legend (terrains, tokens, the start, players)
# The smallest text of the board, in scene units: the app never draws text below 10 px, so
# the board is readable from SMALLEST_TEXT / 10 of its width (600 px) and scrolls below it.
SMALLEST_TEXT = 10
RISK_LEGEND = 22  # one more legend row when the risk overlay is drawn
TERRAIN_FILL = {
    "city": "#d9c9a3", "forest": "#7fae6a", "river": "#7fb3d9", "mountain": "#b3a89a",
    "fog": "#c9c3d6",
}
PLAYER_FILL = {"black": "#222222", "green": "#2e8b3a", "violet": "#7b4fa8",
               "orange": "#e07b22"}
ITEM_NAMES = {"C": "a companion", "G": "gold", "H": "a herb", "S": "a sword", "F": "a fog creature"}
COMPANION_FILL, COMPANION_STROKE = "#f5f0e6", "#5a4a2a"
RISK_RGB = (211, 47, 47)  # the tint of a risk (mixed into a field's own colour)


def field_centre(field: str) -> tuple[float, float]:
    """Centre of a field in scene coordinates.

    >>> field_centre("A1")
    (88.0, 88.0)
    """
    return (LEFT + (column_of(field) + 0.5) * CELL, TOP + (row_of(field) - 0.5) * CELL)


def _lane_centre(lane: str, player: int, players: int) -> tuple[float, float]:
    """Where a player's adventurer waits in a lane (side by side, one slot per player)."""
    offset = (player - (players - 1) / 2) * 13
    kind, value = lane.split(":")
    if kind == "row":
        return (LEFT / 2 + offset, TOP + (int(value) - 0.5) * CELL)
    return (LEFT + (COLUMNS.index(value) + 0.5) * CELL + offset, TOP / 2)


def _item_text(item: str) -> tuple[str, str]:
    """(short text drawn, long description) of an item code."""
    kind, value = item[0], item[1:]
    known = value not in ("", "?", str(UNKNOWN))
    if kind == "H":
        return (f"H{value}" if known else "H", f"a face-down herb{f' ({value})' if known else ''}")
    if kind == "S":
        return (f"S+{value}" if known else "S",
                f"a face-down sword{f' (+{value})' if known else ''}")
    if kind == "F":
        return (value, f"a fog creature of strength {value}")
    return ("G" if kind == "G" else "", ITEM_NAMES[kind])


def _item_shape(field: str, item: str) -> Group:
    x, y = field_centre(field)
    short, long = _item_text(item)
    kind = item[0]
    sid = f"item-{field}"
    style = {"label": f"{field}: {long}", "tooltip": f"{field}: {long}"}
    if kind == "C":
        body = Circle(f"{sid}-body", x + 12, y - 10, 6, fill=COMPANION_FILL,
                      stroke=COMPANION_STROKE, stroke_width=1.5)
        return Group(sid, [body], classes=("item", "companion"), **style)
    if kind == "G":
        body = Circle(f"{sid}-body", x + 12, y - 10, 8, fill="#f2c12e", stroke="#8a6d00",
                      stroke_width=1)
    elif kind == "F":
        points = [(x + 12 + dx, y - 10 + dy) for dx, dy in
                  ((0, -11), (10, -3), (7, 9), (-7, 9), (-10, -3))]
        body = Polygon(f"{sid}-body", points, fill="#b8322e", stroke="#5c1210", stroke_width=1)
    else:
        body = Rect(f"{sid}-body", x, y - 19, 24, 18, rx=3,
                    fill="#2f6b2a" if kind == "H" else "#55606e", stroke="#222", stroke_width=1)
    text = Text(f"{sid}-text", x + 12, y - 10, short, size=SMALLEST_TEXT, weight="bold",
                fill="#ffffff" if kind in "FHS" else "#3d2e00")
    classes = ("item", {"G": "gold", "F": "creature", "H": "herb", "S": "sword"}[kind])
    return Group(sid, [body, text], classes=classes, **style)


def risk_tint(fill: str, p: float) -> str:
    """``fill`` (a ``#rrggbb`` colour) mixed with red by a chance ``p`` (0: unchanged).

    >>> risk_tint("#ffffff", 0), risk_tint("#ffffff", 1)
    ('#ffffff', '#e58282')
    """
    if p <= 0:
        return fill
    share = 0.15 + 0.45 * min(1.0, p)  # even a small chance shows; a certain loss is strong
    rgb = [int(fill[i:i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(c * (1 - share) + r * share) for c, r in zip(rgb, RISK_RGB, strict=True)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _companion_tokens(sid: str, x: float, y: float, comps: int) -> list:
    """The companions beside an adventurer's disc at (x, y): one token each up to 3, else
    one token with their number (a count of companions, never points)."""
    if comps <= 0:
        return []
    if comps <= 3:
        return [Circle(f"{sid}-comp-{i}", x + 14, y - 8 + 8 * i, 4.5, fill=COMPANION_FILL,
                       stroke=COMPANION_STROKE, stroke_width=1.2) for i in range(comps)]
    return [Circle(f"{sid}-comp-0", x + 15, y - 2, 7.5, fill=COMPANION_FILL,
                   stroke=COMPANION_STROKE, stroke_width=1.2),
            Text(f"{sid}-count", x + 15, y - 2, str(comps), size=SMALLEST_TEXT, weight="bold",
                 fill="#3d2e00")]


def board_scene(state: AdventureLandState, *, selected: str | None = None,
                highlights: dict[str, int] | None = None, risk=None,
                drawn: bool = False) -> Scene:
    """The board of ``state`` as a scene.

    ``selected``: the field or lane of one of the current player's adventurers; the
    fields it can reach this turn are highlighted and clickable. ``highlights``: any
    other field -> 1 or 2 mapping to highlight instead (e.g. a position editor's
    reachability). The current player's adventurers are clickable while they may move.
    ``risk``: a :class:`~dungeoncraft_widgets.adventure_land.odds.RiskMap` to draw as
    the risk overlay. ``drawn``: mark the fields whose terrain card is turned over (for a
    position editor: what the cards left can still bring depends on it).

    >>> from dungeoncraft_widgets.adventure_land import new_game
    >>> svg = board_scene(new_game(seed=1)).to_svg()
    >>> svg.startswith("<svg") and "E9: river" in svg
    True
    """
    game_state(state, AdventureLandState)
    layout = state.layout
    width = LEFT + len(COLUMNS) * CELL + 8
    height = TOP + 10 * CELL + 8 + LEGEND + RISK_LEGEND * ((risk is not None) + drawn)
    player = state.current_player
    scene = Scene(width, height, title=f"Adventure Land — adventure {state.adventure}: "
                  f"{state.adventure_name}")
    if selected is not None and highlights is None:
        if player is None or not any(w == selected for w, _c in state.adventurers[player]):
            raise InvalidArgumentError(f"selected: the player to act has no adventurer at "
                                       f"{selected!r}")
        highlights = reachable(state, selected)
    highlights = highlights or {}
    discarded = set(state.discard)
    field_risk = risk.fields if risk is not None else {}
    place_risk = risk.adventurers if risk is not None else {}

    adventurer_at = {}
    for p, advs in enumerate(state.adventurers):
        for k, (where, comps) in enumerate(advs):
            if where != "box":
                adventurer_at[where, p] = (k, comps)

    terrain_group = Group("terrain", classes=("terrain",))
    tips: dict[str, str] = {}
    marks = Group("risk-marks", classes=("risk",))
    for f in FIELDS:
        x, y = LEFT + column_of(f) * CELL, TOP + (row_of(f) - 1) * CELL
        terrain = layout.terrain[f]
        contents = []
        if f in state.board:
            contents.append(_item_text(state.board[f])[1])
        if f in state.at:
            p, k = state.at[f]
            comps = state.adventurers[p][k][1]
            contents.append(f"{possessive(state.players[p])} adventurer"
                            + (f" with {count(comps, 'companion')}" if comps else ""))
        if f == state.sprite:
            contents.append("the water sprite")
        turned = drawn and f in discarded
        if turned:
            contents.append("its terrain card is turned over")
        classes = ["field", f"terrain-{terrain}"] + (["drawn"] if turned else [])
        if f in highlights:
            classes.append("highlight" if highlights[f] == 1 else "highlight-2")
            contents.append(f"reachable in {count(highlights[f], 'move')}")
        tip = f"{f}: {terrain}" + (f" — {', '.join(contents)}" if contents else "")
        fill = TERRAIN_FILL[terrain]
        outlook = field_risk.get(f)
        if outlook is not None:
            lost = outlook.risk.p_lost
            fill = risk_tint(fill, float(lost))
            classes.append("risk")
            tip += "\n" + _field_risk_text(outlook)
            if lost:
                # The badge is for the eye (the exact chance is in the tooltip); a chance
                # that rounds to 0.0% still shows that there is one.
                badge = percent(lost)
                marks.add(Text(f"risk-{f}", x + CELL - 3, y + CELL - 7,
                               badge if badge != "0.0%" else "<0.1%",
                               size=SMALLEST_TEXT,
                               anchor="end", weight="bold", fill="#8e1b1b"))
        tips[f] = tip
        terrain_group.add(Rect(f"field-{f}", x, y, CELL, CELL, classes=tuple(classes),
                               label=f"{f}: {terrain}", tooltip=tip,
                               fill=fill, stroke="#ffffff", stroke_width=1))
        terrain_group.add(Text(f"field-{f}-name", x + 3, y + 8, f, size=SMALLEST_TEXT,
                               anchor="start",
                               classes=("field-name",), fill="#3d3d3d", opacity=0.8))
        if turned:
            terrain_group.add(Text(f"field-{f}-drawn", x + 5, y + CELL - 8, "✓", size=10,
                                   anchor="start", weight="bold", fill="#555555"))
    scene.add(_start_area(len(state.players)))
    scene.add(terrain_group)
    scene.add(_river(layout.river, tips))
    for f in sorted(state.board, key=FIELDS.index):
        scene.add(_item_shape(f, state.board[f]))
    if state.sprite is not None:
        x, y = field_centre(state.sprite)
        scene.add(Ellipse("sprite", x - 10, y + 10, 9, 6, classes=("sprite",),
                          fill="#1f8fd6", stroke="#0b3d66", stroke_width=1.5,
                          label=f"the water sprite on {state.sprite}",
                          tooltip=f"{state.sprite}: the water sprite"))
    movable = player is not None and state.fight is None and state.moves_made < 2
    for (where, p), (k, comps) in sorted(adventurer_at.items(), key=lambda kv: kv[1]):
        colour = COLOURS[p]
        if where in state.layout.terrain:
            x, y = field_centre(where)
            x, y = x - 8, y + 8
            r = 11
        else:
            x, y = _lane_centre(where, p, len(state.players))
            r = 6
        sid = f"adv-{p}-{k}"
        name = f"{possessive(state.players[p])} adventurer ({colour}) at {place_name(where)}" + (
            f" with {count(comps, 'companion')}" if comps else "")
        children = []
        tip = name
        danger = place_risk.get(where) if risk is not None and p == risk.player else None
        if danger is not None:
            tip += "\n" + _place_risk_text(danger)
            if danger.p_lost:
                children.append(Circle(f"{sid}-risk", x, y, r + 5, classes=("risk",),
                                       fill=risk_tint("#ffffff", float(danger.p_lost)),
                                       stroke="#8e1b1b", stroke_width=1.5))
        children.append(Circle(f"{sid}-body", x, y, r, fill=PLAYER_FILL[colour],
                               stroke="#ffffff", stroke_width=1.5))
        if r > 6:
            children.extend(_companion_tokens(sid, x, y, comps))
        classes = ["adventurer", f"player-{p}"]
        if where == selected and p == player:
            classes.append("selected")
        scene.add(Group(sid, children, classes=tuple(classes), label=name, tooltip=tip))
        if movable and p == player:
            scene.clickable.add(sid)
    if marks.children:
        scene.add(marks)
    clickable_fields(scene, highlights)
    scene.add(_legend(state, TOP + 10 * CELL + 14, risk is not None, drawn))
    scene.description = describe(state)
    return scene


def _start_area(players: int) -> Group:
    """The start area beside the board (west of its rows, north of its columns) as one
    light strip with its name in the corner: the waiting adventurers stand on it, and keep
    their colours on a dark theme."""
    lanes = lanes_for(players)
    rows = sum(1 for lane in lanes if lane.startswith("row:"))
    cols = len(lanes) - rows
    inner_x, inner_y = LEFT - 4, TOP - 4
    points = [(4, 4), (LEFT + cols * CELL - 2, 4), (LEFT + cols * CELL - 2, inner_y),
              (inner_x, inner_y), (inner_x, TOP + rows * CELL - 2), (4, TOP + rows * CELL - 2)]
    tip = ("The start area: adventurers wait here, each in its lane, and enter the board "
           "along their row or column.")
    return Group("start-area", [
        Polygon("start-area-strip", points, fill="#efe8d8", stroke="#c8bda3", stroke_width=1),
        Text("start-area-name", LEFT / 2 - 2, TOP / 2 - 8, "start", size=11, weight="bold",
             fill="#6b5d3f"),
    ], classes=("start-area",), label="the start area", tooltip=tip)


def _river(river: tuple[str, ...], tips: dict[str, str]) -> Group:
    """The river's course as a line through its fields, one piece per field (from the
    midpoint with the field before to the midpoint with the field after), so that a
    click or hover on the line answers for the field it crosses (``river-E9``)."""
    group = Group("river", classes=("river",), label="the river")
    centres = [field_centre(f) for f in river]
    for i, f in enumerate(river):
        x, y = centres[i]
        start = centres[i - 1] if i else (x - CELL / 2, y)
        end = centres[i + 1] if i + 1 < len(river) else (x + CELL / 2, y)
        d = (f"M {(start[0] + x) / 2:g} {(start[1] + y) / 2:g} L {x:g} {y:g} "
             f"L {(end[0] + x) / 2:g} {(end[1] + y) / 2:g}")
        group.add(Path(f"river-{f}", d, classes=("line", "river"), stroke="#2a6fb0",
                       stroke_width=3, opacity=0.6, label=f"{f}: the river",
                       tooltip=tips.get(f, f"{f}: river")))
    return group


def clickable_fields(scene: Scene, fields) -> None:
    """Make ``fields`` clickable wherever they are hit: the field itself, the item on it
    and the river's line through it (each of those ids stands for the field).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_item
    >>> s = empty_position(); place_item(s, "E9", "G")
    >>> scene = board_scene(s); clickable_fields(scene, ["E9"])
    >>> sorted(i for i in scene.clickable if "E9" in i)
    ['field-E9', 'item-E9', 'river-E9']
    """
    ids = set(scene.ids())
    for f in fields:
        scene.clickable |= {i for i in (f"field-{f}", f"item-{f}", f"river-{f}") if i in ids}


def _place_risk_text(risk) -> str:
    """An adventurer's risk before its owner's next turn, in words with exact fractions."""
    if not risk.p_lost and not risk.p_blocked:
        return "Before your next turn: safe from the cards."
    lines = [f"Before your next turn: lost {chance(risk.p_lost)}"]
    if risk.p_battle_won is not None:
        lines.append(f"the battle here lost: {1 - risk.p_battle_won}")
    if risk.p_swept:
        lines.append(f"swept away by the water sprite: {risk.p_swept}")
    if risk.p_creature:
        lines.append(f"a fog creature appears under it: {risk.p_creature}, then you win "
                     f"{risk.p_win_forced}")
    if risk.p_blocked:
        lines.append(f"blocked (no move): {risk.p_blocked}")
    return "\n".join(lines)


def _field_risk_text(outlook) -> str:
    """A field in reach: what moving there brings and risks."""
    lines = []
    if outlook.expected_points:
        lines.append(f"Moving here now: {outlook.expected_points} points expected")
    if outlook.item is None and outlook.p_item:
        lines.append(f"An item appears here before your next turn: {outlook.p_item}")
    risk = outlook.risk
    if risk.p_lost or risk.p_blocked:
        lines.append(_place_risk_text(risk).replace("Before your next turn: lost",
                                                    "If you end here, lost before your "
                                                    "next turn:"))
    else:
        lines.append("If you end here: safe from the cards until your next turn.")
    return "\n".join(lines)


def _legend(state: AdventureLandState, y: float, risk: bool = False,
            drawn: bool = False) -> Group:
    """What the colours and tokens mean: the terrains, the tokens (items, the water sprite,
    an adventurer with its companions, one waiting at the start), each player's colour and
    name, and the risk tint."""
    legend = Group("legend", classes=("legend",))
    x = float(LEFT)
    for terrain, fill in TERRAIN_FILL.items():
        legend.add(Rect(f"legend-{terrain}", x, y, 14, 14, fill=fill, stroke="#888"))
        legend.add(Text(f"legend-{terrain}-text", x + 18, y + 7, terrain, size=11,
                        anchor="start"))
        x += 26 + 7 * len(terrain)
    rows = [[("companion", "companion"), ("gold", "gold"), ("herb", "herb (2 to 4)"),
             ("sword", "sword (+0 to +3)")],
            [("creature", "fog creature (strength)"), ("sprite", "water sprite"),
             ("adventurer", "adventurer + 2 companions")],
            [("waiting", "beside the board: waiting at the start, enters along its row or "
              "column")]]
    for row in rows:
        x, y = float(LEFT), y + 24
        for kind, text in row:
            _legend_token(legend, kind, x + 8, y + 7)
            legend.add(Text(f"legend-token-{kind}-label", x + 22, y + 7, text, size=11,
                            anchor="start"))
            x += 40 + 6.3 * len(text)
    x, y = float(LEFT), y + 24
    for p, name in enumerate(state.players):
        colour = COLOURS[p]
        # A grey ring: a black disc stays visible on a dark theme's background.
        legend.add(Circle(f"legend-player-{p}", x + 7, y + 7, 7, fill=PLAYER_FILL[colour],
                          stroke="#999999", stroke_width=1))
        text = name if name.lower() == colour else f"{name} ({colour})"
        legend.add(Text(f"legend-player-{p}-text", x + 18, y + 7, text, size=11,
                        anchor="start"))
        x += 40 + 7 * len(text)
    if risk:
        x, y = float(LEFT), y + 24
        for i, p in enumerate((0.1, 0.5, 1.0)):
            legend.add(Rect(f"legend-risk-{i}", x + 16 * i, y, 14, 14,
                            fill=risk_tint("#ffffff", p), stroke="#888"))
        legend.add(Text("legend-risk-text", x + 54, y + 7,
                        "red: the chance to lose an adventurer there before your next turn",
                        size=11, anchor="start"))
    if drawn:
        x, y = float(LEFT), y + 24
        legend.add(Text("legend-drawn", x + 4, y + 7, "✓", size=11, anchor="start",
                        weight="bold", fill="#555555"))
        legend.add(Text("legend-drawn-text", x + 20, y + 7,
                        "its terrain card is turned over (the Tool \"card turned over\" "
                        "changes it)", size=11, anchor="start"))
    return legend


def _legend_token(legend: Group, kind: str, cx: float, cy: float) -> None:
    """One token of the legend, drawn as on the board, centred on (cx, cy)."""
    sid = f"legend-token-{kind}"
    if kind == "companion":
        legend.add(Circle(sid, cx, cy, 6, fill=COMPANION_FILL, stroke=COMPANION_STROKE,
                          stroke_width=1.5))
    elif kind == "gold":
        legend.add(Circle(sid, cx, cy, 7, fill="#f2c12e", stroke="#8a6d00", stroke_width=1))
        legend.add(Text(f"{sid}-text", cx, cy, "G", size=SMALLEST_TEXT, weight="bold",
                        fill="#3d2e00"))
    elif kind in ("herb", "sword"):
        legend.add(Rect(sid, cx - 9, cy - 7, 18, 14, rx=3,
                        fill="#2f6b2a" if kind == "herb" else "#55606e", stroke="#222"))
        legend.add(Text(f"{sid}-text", cx, cy, "H" if kind == "herb" else "S",
                        size=SMALLEST_TEXT,
                        weight="bold", fill="#ffffff"))
    elif kind == "creature":
        points = [(cx + dx * 0.8, cy + dy * 0.8) for dx, dy in
                  ((0, -11), (10, -3), (7, 9), (-7, 9), (-10, -3))]
        legend.add(Polygon(sid, points, fill="#b8322e", stroke="#5c1210"))
        legend.add(Text(f"{sid}-text", cx, cy + 1, "8", size=SMALLEST_TEXT, weight="bold",
                        fill="#ffffff"))
    elif kind == "waiting":  # as in a start lane: a small disc
        legend.add(Circle(sid, cx, cy, 6, fill="#777777", stroke="#ffffff", stroke_width=1.5))
    elif kind == "sprite":
        legend.add(Ellipse(sid, cx, cy, 8, 5.5, fill="#1f8fd6", stroke="#0b3d66",
                           stroke_width=1.5))
    else:  # an adventurer with two companions
        legend.add(Circle(sid, cx - 2, cy, 7, fill="#777777"))
        for i in range(2):
            legend.add(Circle(f"{sid}-comp-{i}", cx + 8, cy - 4 + 8 * i, 4, fill=COMPANION_FILL,
                              stroke=COMPANION_STROKE, stroke_width=1))


def describe(state: AdventureLandState) -> str:
    """A text alternative of the position (the scene's ``<desc>``).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position
    >>> describe(empty_position()).splitlines()[0]
    "Black's turn. Terrain cards left: 110."
    """
    if state.is_over:
        head = f"The game is over ({state.end_reason})."
    else:
        head = f"{possessive(state.players[state.current_player])} turn."
    lines = [f"{head} Terrain cards left: {len(state.deck)}."]
    if state.fight is not None:
        f = state.fight
        lines.append(f"Battle on {f['field']}: strength {state.fight_strength()} against "
                     f"{f['strength']}.")
    items = ", ".join(f"{f} {_item_text(i)[1]}" for f, i in sorted(state.board.items(),
                                                                       key=lambda kv:
                                                                       FIELDS.index(kv[0])))
    lines.append(f"Items: {items or 'none'}.")
    if state.sprite:
        lines.append(f"Water sprite: {state.sprite}.")
    for p, name in enumerate(state.players):
        on_board = [w + (f" ({count(c, 'companion')})" if c else "")
                    for w, c in state.adventurers[p] if w in state.layout.terrain]
        waiting = sum(1 for w, _c in state.adventurers[p] if ":" in w)
        lines.append(f"{name}: adventurers on {', '.join(on_board) or 'no field'}; "
                     f"{waiting} in the start area.")
    return "\n".join(lines)


def target_of(shape_id: str, state: AdventureLandState | None = None) -> str | None:
    """The field or adventurer origin a clicked shape id stands for (None: neither).

    >>> target_of("item-E9"), target_of("sprite")
    ('E9', None)
    """
    for prefix in ("field-", "item-", "river-"):
        if shape_id.startswith(prefix):
            name = shape_id[len(prefix):].split("-")[0]
            return name if name in FIELDS else None
    if shape_id.startswith("adv-") and state is not None:
        try:
            _, p, k = shape_id.split("-")[:3]
            where = state.adventurers[int(p)][int(k)][0]
        except (ValueError, IndexError):
            return None
        return None if where == "box" else where
    return None
