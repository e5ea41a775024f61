"""Hero versus Guardian as a scene: the 4x4 dungeon with its Entries, rooms and tokens.

Pass what one seat may see (``state.view(seat)``): face-down rooms are then drawn as
backs with no name. The locations the Hero may Scout or Venture are highlighted; the
ones the player to act can Scout or Venture now are clickable (ids ``loc-A1``..).

>>> from dungeoncraft_widgets.hero_vs_guardian import new_game
>>> game = new_game(seed=2)
>>> for text in ("deal", "entry A2 west", "entry D3 east"):
...     _ = game.apply(text)
>>> scene = dungeon_scene(game.view(0))
>>> sorted(scene.clickable)
[]
>>> "loc-A2" in scene.ids() and target_of("loc-A2") == "A2"
True
"""

from __future__ import annotations

from ..core.errors import InvalidArgumentError
from ..core.scene import Circle, Group, Polygon, Rect, Scene, Text
from .rules import HIDDEN, LOCATIONS, HeroVsGuardianState, Scout, Venture

__all__ = ["describe", "dungeon_scene", "target_of"]

CELL = 96
MARGIN = 34
PANEL = 40
TYPE_FILL = {"Trap": "#b8860b", "Brute": "#a0522d", "Evil": "#6a3d9a", "Magic": "#1f78b4",
             None: "#7f8c8d"}


def _xy(loc: str) -> tuple[float, float]:
    return MARGIN + "ABCD".index(loc[0]) * CELL, MARGIN + int(loc[1]) * CELL - CELL


def _room_text(state: HeroVsGuardianState, card: str) -> str:
    if card not in state.cards:
        return "a face-down room"
    info = state.cards[card]
    kind = info.get("room_type") or ("Treasure Vault" if info["kind"] == "vault" else "Vacant")
    return f"{info['name']} ({kind}, {info['points']} points)"


def describe(state: HeroVsGuardianState) -> str:
    """A text alternative of the dungeon, one sentence per location that is not plain.

    >>> from dungeoncraft_widgets.hero_vs_guardian import new_game
    >>> describe(new_game(seed=1)).startswith("Round 0")
    True
    """
    parts = [f"Round {state.round_no}. Hero stones {state.hero_stones}, Guardian stones "
             f"{state.guardian_stones}."]
    entries = ", ".join(f"{loc} ({side})" for loc, side in state.entries)
    if entries:
        parts.append(f"Entries: {entries}.")
    for loc in LOCATIONS:
        token = state.tokens.get(loc)
        rooms = state.grid[loc]
        if token or any(r in state.cards for r in rooms):
            what = "; ".join(_room_text(state, r) for r in rooms) or "empty"
            parts.append(f"{loc}{' (' + token + ')' if token else ''}: {what}.")
    return " ".join(parts)


def dungeon_scene(state: HeroVsGuardianState) -> Scene:
    """The dungeon of ``state`` (best: a seat's view) as a :class:`~core.scene.Scene`."""
    if not isinstance(state, HeroVsGuardianState):
        raise InvalidArgumentError("state must be a Hero versus Guardian game or view")
    size = 2 * MARGIN + 4 * CELL
    scene = Scene(size, size + PANEL, title="Hero versus Guardian: the dungeon")
    reach = state.targetable() if len(state.entries) == 2 else set()
    # Legal actions are known only where the hand of the player to act is visible.
    seen = state.phase == "round" and not state.is_over and state.current_player is not None \
        and (state.current_player == state.guardian or HIDDEN not in state.hands[state.active])
    legal = state.legal_actions() if seen else []
    can_enter = {a.loc for a in legal if isinstance(a, (Scout, Venture))}
    attempt_loc = state.attempt["loc"] if state.attempt else None
    grid = Group("grid", classes=("dungeon",))
    for loc in LOCATIONS:
        x, y = _xy(loc)
        token = state.tokens.get(loc)
        rooms = state.grid[loc]
        classes = ["location"]
        if loc in reach:
            classes.append("highlight")
        if loc == attempt_loc:
            classes.append("selected")
        if token:
            classes.append(token)
        status = {"map": "Mapped", "scout": "Scouted"}.get(token or "", "")
        label = f"{loc}: " + (status + ", " if status else "") + (
            f"{len(rooms)} room{'s' * (len(rooms) != 1)}" if rooms else "no room")
        tip = label + ("; " + "; ".join(_room_text(state, r) for r in rooms) if rooms else "")
        if loc in reach:
            tip += "; the Hero may Scout or Venture here"
        grid.add(Rect(f"loc-{loc}", x + 2, y + 2, CELL - 4, CELL - 4, rx=6,
                      classes=tuple(classes), label=label, tooltip=tip,
                      fill="#e8e2d0" if token == "map" else "#cfc6b0", stroke="#5b4a2f",
                      stroke_width=1))
        grid.add(Text(f"loc-{loc}-name", x + 12, y + 12, loc, size=10, classes=("muted",),
                      fill="#333333"))
        for i, card in enumerate(rooms):
            rx, ry = x + 12 + i * 40, y + 26
            face_up = card in state.cards
            info = state.cards[card] if face_up else {}
            room_type = info.get("room_type")
            grid.add(Rect(f"room-{loc}-{i}", rx, ry, 34, 48, rx=3,
                          classes=("room", "face-up" if face_up else "face-down"),
                          label=_room_text(state, card), tooltip=_room_text(state, card),
                          fill=TYPE_FILL.get(room_type, "#7f8c8d") if face_up else "#4b3621",
                          stroke="#222222", stroke_width=1))
            short = (info["name"][:6] if face_up else "?")
            grid.add(Text(f"room-{loc}-{i}-text", rx + 17, ry + 24, short, size=8,
                          fill="#ffffff"))
        if token:
            grid.add(Circle(f"token-{loc}", x + CELL - 16, y + 16, 9,
                            classes=("token", token), label=f"{status} token on {loc}",
                            fill="#f5deb3" if token == "map" else "#222222",
                            stroke="#5b4a2f", stroke_width=1))
    scene.add(grid)
    for k, (loc, side) in enumerate(state.entries):
        x, y = _xy(loc)
        cx, cy = x + CELL / 2, y + CELL / 2
        tip = {"west": (x - 4, cy), "east": (x + CELL + 4, cy), "north": (cx, y - 4),
               "south": (cx, y + CELL + 4)}[side]
        out = {"west": (-22, 0), "east": (22, 0), "north": (0, -22), "south": (0, 22)}[side]
        base = (tip[0] + out[0], tip[1] + out[1])
        perp = (out[1] / 2, out[0] / 2)
        points = [list(tip), [base[0] + perp[0], base[1] + perp[1]],
                  [base[0] - perp[0], base[1] - perp[1]]]
        scene.add(Polygon(f"entry-{k}", points, classes=("entry",),
                          label=f"Entry on the {side} edge of {loc}", fill="#8b5a2b",
                          stroke="#3d2e00", stroke_width=1))
    hero = state.players[state.active] if state.n_heroes else "Hero"
    scene.add(Text("status", size / 2, size + PANEL / 2,
                   f"Round {state.round_no} — {hero}: {state.hero_stones} stones, Guardian: "
                   f"{state.guardian_stones} stones", size=12, classes=("status",)))
    scene.clickable.update(f"loc-{loc}" for loc in can_enter)
    scene.description = describe(state)
    return scene


def target_of(shape_id: str) -> str | None:
    """The location a clicked shape stands for (``'loc-B2'`` -> ``'B2'``), else None.

    >>> target_of("room-C3-1"), target_of("status")
    ('C3', None)
    """
    for prefix in ("loc-", "room-", "token-"):
        if shape_id.startswith(prefix):
            loc = shape_id[len(prefix):len(prefix) + 2]
            return loc if loc in LOCATIONS else None
    return None
