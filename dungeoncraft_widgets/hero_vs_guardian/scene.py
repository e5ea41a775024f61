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

from collections.abc import Mapping

from ..core.english import count
from ..core.errors import InvalidArgumentError
from ..core.scene import Circle, Group, Polygon, Rect, Scene, Text
from .actions import Scout, Venture
from .dungeon import HIDDEN, LOCATIONS
from .rules import HeroVsGuardianState

__all__ = ["describe", "dungeon_scene", "target_of"]

CELL = 112
MARGIN = 34
PANEL = 40
CHAR_WIDTH = 0.56  # of the font size: enough to say whether a name fits its strip
TYPE_FILL = {"Trap": "#b8860b", "Brute": "#a0522d", "Evil": "#6a3d9a", "Magic": "#1f78b4",
             None: "#7f8c8d"}


def _xy(loc: str) -> tuple[float, float]:
    return MARGIN + "ABCD".index(loc[0]) * CELL, MARGIN + int(loc[1]) * CELL - CELL


def _room_kind(info: dict) -> str:
    return info.get("room_type") or ("Vault" if info["kind"] == "vault" else "Vacant")


def _room_text(state: HeroVsGuardianState, card: str) -> str:
    if card not in state.cards:
        return "a face-down room"
    info = state.cards[card]
    text = f"{info['name']} ({_room_kind(info)} room, {info['points']} points)"
    if info.get("text"):
        text += f": {info['text']}"
    return text


def fit(text: str, width: float, size: float) -> tuple[str, float]:
    """``text`` and a font size (at most ``size``, at least 9) that fit ``width``; cut with
    an ellipsis only when even 9 is too wide.

    >>> fit("Crypt of the Lich", 98, 11)
    ('Crypt of the Lich', 10)
    """
    for s in (size, size - 0.5, size - 1, size - 1.5, size - 2):
        if s >= 9 and len(text) * s * CHAR_WIDTH <= width:
            return text, s
    most = int(width / (9 * CHAR_WIDTH))
    return (text if len(text) <= most else text[:most - 1] + "…"), 9.0


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


def dungeon_scene(state: HeroVsGuardianState, *, selected: str | None = None,
                  notes: Mapping[str, tuple[str, str]] | None = None) -> Scene:
    """The dungeon of ``state`` (best: a seat's view) as a :class:`~core.scene.Scene`;
    ``selected``: a location to mark (the one whose odds are shown); ``notes``: a short
    line (and its tooltip) written at the foot of some locations, below their rooms
    (ids ``note-A1``, ``note-A1-bg``), e.g. the Hero's chance to Map them.

    >>> from dungeoncraft_widgets.hero_vs_guardian import new_game
    >>> scene = dungeon_scene(new_game(seed=2), notes={"A1": ("maps 1/2", "one in two")})
    >>> scene.find("note-A1").text
    'maps 1/2'
    """
    notes = notes or {}
    if not isinstance(state, HeroVsGuardianState):
        raise InvalidArgumentError("state must be a Hero versus Guardian game or view")
    size = 2 * MARGIN + 4 * CELL
    scene = Scene(size, size + PANEL, title="Hero versus Guardian: the dungeon")
    # Lit: where the Hero may Scout or Venture (nowhere once the game is over).
    reach = state.targetable() if len(state.entries) == 2 and not state.is_over else set()
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
        if loc in (attempt_loc, selected):
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
        grid.add(Text(f"loc-{loc}-name", x + 12, y + 13, loc, size=11, weight="bold",
                      fill="#333333"))
        strip = 38 if len(rooms) <= 2 else 26
        if loc in notes and len(rooms) <= 2:
            strip = 33  # the rooms make room for the note at the foot
        for i, card in enumerate(rooms):
            rx, ry, rw = x + 7, y + 24 + i * (strip + 3), CELL - 14
            known = card in state.cards
            info = state.cards[card] if known else {}
            shown = card in state.face_up  # face up for everyone (else only the Guardian knows)
            fill = TYPE_FILL.get(info.get("room_type"), "#7f8c8d") if known else "#4b3621"
            grid.add(Rect(f"room-{loc}-{i}", rx, ry, rw, strip, rx=3,
                          classes=("room", "face-up" if known else "face-down",
                                   *(() if shown or not known else ("secret",))),
                          label=_room_text(state, card), tooltip=_room_text(state, card) + (
                              "" if shown or not known else " (face down: the Hero has not "
                              "seen it)"), fill=fill, stroke="#222222", stroke_width=1,
                          opacity=1 if shown or not known else 0.78))
            if not known:
                grid.add(Text(f"room-{loc}-{i}-text", rx + rw / 2, ry + strip / 2,
                              "face-down room", size=10, fill="#f5deb3"))
                continue
            name, font = fit(info["name"], rw - 6, 11)
            if strip > 30:
                grid.add(Text(f"room-{loc}-{i}-text", rx + rw / 2, ry + (13 if strip > 35
                                                                          else 11.5),
                              name, size=font, fill="#ffffff", weight="bold"))
                grid.add(Text(f"room-{loc}-{i}-kind", rx + rw / 2, ry + strip - 10,
                              f"{_room_kind(info)} · {info['points']} pt"
                              + ("s" if info["points"] != 1 else ""), size=9.5,
                              fill="#ffffff"))
            else:
                grid.add(Text(f"room-{loc}-{i}-text", rx + rw / 2, ry + strip / 2, name,
                              size=min(font, 10), fill="#ffffff", weight="bold"))
        if loc in notes:
            text, tip = notes[loc]
            grid.add(Rect(f"note-{loc}-bg", x + 8, y + CELL - 19, CELL - 16, 16, rx=3,
                          fill="#fff3e0", stroke="#e65100", stroke_width=1, label=tip,
                          tooltip=tip))
            text, font = fit(text, CELL - 20, 10)
            grid.add(Text(f"note-{loc}", x + CELL / 2, y + CELL - 11, text, size=font,
                          fill="#8a3b00"))
        if token:
            # The token, and what it means in a word (a newcomer cannot guess the discs).
            grid.add(Text(f"token-{loc}-word", x + CELL - 30, y + 13, status, size=10,
                          anchor="end", fill="#333333"))
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
    scene.add(Text("round", size / 2, size + PANEL / 2,
                   f"Round {state.round_no} · {hero}: {count(state.hero_stones, 'stone')} · "
                   f"{state.players[state.guardian]}: {count(state.guardian_stones, 'stone')}",
                   size=12, classes=("round-line",)))
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
