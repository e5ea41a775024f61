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
herbs and swords are then drawn without their values).

>>> from dungeoncraft_widgets.adventure_land.rules import empty_position, place_item
>>> s = empty_position(); place_item(s, "E9", "G")
>>> scene = board_scene(s, selected="row:3")
>>> "field-J3" in scene.clickable and "highlight" in scene.find("field-J3").classes
True
>>> target_of("field-J3"), target_of("adv-0-2", s)
('J3', 'row:3')
"""

from __future__ import annotations

from ..core.errors import InvalidArgumentError
from ..core.scene import Circle, Ellipse, Group, Path, Polygon, Rect, Scene, Text
from .graph import state_reachable
from .layout import COLUMNS, FIELDS, column_of, row_of
from .rules import COLOURS, UNKNOWN, AdventureLandState

__all__ = ["CELL", "board_scene", "field_centre", "target_of"]

CELL = 48
LEFT = 64   # room for the row lanes of the start area
TOP = 64    # room for the column lanes
LEGEND = 44  # room below the board for the legend
TERRAIN_FILL = {
    "city": "#d9c9a3", "forest": "#7fae6a", "river": "#7fb3d9", "mountain": "#b3a89a",
    "fog": "#c9c3d6",
}
PLAYER_FILL = {"black": "#222222", "green": "#2e8b3a", "violet": "#7b4fa8",
               "orange": "#e07b22"}
ITEM_NAMES = {"C": "a companion", "G": "gold", "H": "a herb", "S": "a sword", "F": "a fog creature"}


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
        body = Circle(f"{sid}-body", x + 12, y - 10, 6, fill="#f5f0e6", stroke="#5a4a2a",
                      stroke_width=1.5)
        return Group(sid, [body], classes=("item", "companion"), **style)
    if kind == "G":
        body = Circle(f"{sid}-body", x + 12, y - 10, 8, fill="#f2c12e", stroke="#8a6d00",
                      stroke_width=1)
    elif kind == "F":
        points = [(x + 12 + dx, y - 10 + dy) for dx, dy in
                  ((0, -11), (10, -3), (7, 9), (-7, 9), (-10, -3))]
        body = Polygon(f"{sid}-body", points, fill="#b8322e", stroke="#5c1210", stroke_width=1)
    else:
        body = Rect(f"{sid}-body", x + 1, y - 19, 22, 17, rx=3,
                    fill="#2f6b2a" if kind == "H" else "#55606e", stroke="#222", stroke_width=1)
    text = Text(f"{sid}-text", x + 12, y - 10, short, size=9, weight="bold",
                fill="#ffffff" if kind in "FHS" else "#3d2e00")
    classes = ("item", {"G": "gold", "F": "creature", "H": "herb", "S": "sword"}[kind])
    return Group(sid, [body, text], classes=classes, **style)


def board_scene(state: AdventureLandState, *, selected: str | None = None,
                highlights: dict[str, int] | None = None) -> Scene:
    """The board of ``state`` as a scene.

    ``selected``: the field or lane of one of the current player's adventurers; the
    fields it can reach this turn are highlighted and clickable. ``highlights``: any
    other field -> 1 or 2 mapping to highlight instead (e.g. a position editor's
    reachability). The current player's adventurers are clickable while they may move.

    >>> from dungeoncraft_widgets.adventure_land import new_game
    >>> svg = board_scene(new_game(seed=1)).to_svg()
    >>> svg.startswith("<svg") and "E9: river" in svg
    True
    """
    layout = state.layout
    width, height = LEFT + len(COLUMNS) * CELL + 8, TOP + 10 * CELL + 8 + LEGEND
    player = state.current_player
    scene = Scene(width, height, title=f"Adventure Land — adventure {state.adventure}: "
                  f"{state.adventure_name}")
    if selected is not None and highlights is None:
        if player is None or not any(w == selected for w, _c in state.adventurers[player]):
            raise InvalidArgumentError(f"selected: the player to act has no adventurer at "
                                       f"{selected!r}")
        highlights = state_reachable(state, selected)
    highlights = highlights or {}

    adventurer_at = {}
    for p, advs in enumerate(state.adventurers):
        for k, (where, comps) in enumerate(advs):
            if where != "box":
                adventurer_at[where, p] = (k, comps)

    terrain_group = Group("terrain", classes=("terrain",))
    for f in FIELDS:
        x, y = LEFT + column_of(f) * CELL, TOP + (row_of(f) - 1) * CELL
        terrain = layout.terrain[f]
        contents = []
        if f in state.board:
            contents.append(_item_text(state.board[f])[1])
        if f in state.at:
            p, k = state.at[f]
            comps = state.adventurers[p][k][1]
            contents.append(f"{state.players[p]}'s adventurer"
                            + (f" with {comps} companion{'s' * (comps != 1)}" if comps else ""))
        if f == state.sprite:
            contents.append("the water sprite")
        classes = ["field", f"terrain-{terrain}"]
        if f in highlights:
            classes.append("highlight" if highlights[f] == 1 else "highlight-2")
            contents.append(f"reachable in {highlights[f]} move{'s' * (highlights[f] != 1)}")
        tip = f"{f}: {terrain}" + (f" — {', '.join(contents)}" if contents else "")
        terrain_group.add(Rect(f"field-{f}", x, y, CELL, CELL, classes=tuple(classes),
                               label=f"{f}: {terrain}", tooltip=tip,
                               fill=TERRAIN_FILL[terrain], stroke="#ffffff", stroke_width=1))
        terrain_group.add(Text(f"field-{f}-name", x + 3, y + 7, f, size=8, anchor="start",
                               classes=("field-name", "muted"), fill="#333333"))
    scene.add(terrain_group)
    river = " ".join(("M" if i == 0 else "L") + " {:g} {:g}".format(*field_centre(f))
                     for i, f in enumerate(layout.river))
    scene.add(Path("river", river, classes=("line", "river"), stroke="#2a6fb0",
                   stroke_width=3, opacity=0.6, label="the river"))
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
        name = f"{state.players[p]}'s adventurer ({colour}) at {where}" + (
            f" with {comps} companion{'s' * (comps != 1)}" if comps else "")
        children = [Circle(f"{sid}-body", x, y, r, fill=PLAYER_FILL[colour], stroke="#ffffff",
                           stroke_width=1.5)]
        if comps:
            children.append(Text(f"{sid}-count", x, y, f"+{comps}", size=9, weight="bold",
                                 fill="#ffffff"))
        classes = ["adventurer", f"player-{p}"]
        if where == selected and p == player:
            classes.append("selected")
        scene.add(Group(sid, children, classes=tuple(classes), label=name, tooltip=name))
        if movable and p == player:
            scene.clickable.add(sid)
    for f in highlights:
        scene.clickable.add(f"field-{f}")
    scene.add(_legend(state, TOP + 10 * CELL + 14))
    scene.description = describe(state)
    return scene


def _legend(state: AdventureLandState, y: float) -> Group:
    """What the colours mean: the terrains, then each player's colour and name."""
    legend = Group("legend", classes=("legend",))
    x = float(LEFT)
    for terrain, fill in TERRAIN_FILL.items():
        legend.add(Rect(f"legend-{terrain}", x, y, 14, 14, fill=fill, stroke="#888"))
        legend.add(Text(f"legend-{terrain}-text", x + 18, y + 7, terrain, size=11,
                        anchor="start"))
        x += 26 + 7 * len(terrain)
    x, y = float(LEFT), y + 22
    for p, name in enumerate(state.players):
        colour = COLOURS[p]
        legend.add(Circle(f"legend-player-{p}", x + 7, y + 7, 7, fill=PLAYER_FILL[colour]))
        legend.add(Text(f"legend-player-{p}-text", x + 18, y + 7, f"{name} ({colour})",
                        size=11, anchor="start"))
        x += 40 + 7 * len(name) + 6 * len(colour)
    return legend


def describe(state: AdventureLandState) -> str:
    """A text alternative of the position (the scene's ``<desc>``).

    >>> from dungeoncraft_widgets.adventure_land.rules import empty_position
    >>> describe(empty_position()).splitlines()[0]
    'Black to act. Terrain cards left: 110.'
    """
    if state.is_over:
        head = f"The game is over ({state.end_reason})."
    else:
        head = f"{state.players[state.current_player]} to act."
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
        on_board = [f"{w}{f'+{c}' if c else ''}" for w, c in state.adventurers[p]
                    if w in state.layout.terrain]
        waiting = sum(1 for w, _c in state.adventurers[p] if ":" in w)
        lines.append(f"{name}: adventurers on {', '.join(on_board) or 'no field'}; "
                     f"{waiting} in the start area.")
    return "\n".join(lines)


def target_of(shape_id: str, state: AdventureLandState | None = None) -> str | None:
    """The field or adventurer origin a clicked shape id stands for (None: neither).

    >>> target_of("item-E9"), target_of("sprite")
    ('E9', None)
    """
    for prefix in ("field-", "item-"):
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
