"""BoardView: draws a :class:`~dungeoncraft_widgets.core.scene.Scene` in the notebook.

The browser side (``static/board.js``) draws SVG, updates only the shapes that
changed, and reports clicks, hovers and keyboard activation back here, where
``board.on_click(callback)`` hands them to Python code. After the first drawing,
:meth:`BoardView.show` sends only what changed (:func:`scene_patch`: the shapes,
keyed by id, whose own data changed, and the groups whose children changed), not
the whole scene; ``board.scene`` is always the whole scene on the Python side, and
the browser keeps its copy whole too (so JupyterLab saves the position shown).
:meth:`BoardView.freeze_all` puts the whole scenes in the widgets' state before a
notebook is saved from the kernel's messages (``dungeoncraft_widgets.export``). ``board.flash(ids)``
marks shapes for a moment (pieces that just moved); given ``min_text_px`` the
board never shrinks its smallest text below that size (it scrolls sideways).

>>> from dungeoncraft_widgets.core.scene import Scene, Rect
>>> scene = Scene(100, 50, title="One square")
>>> _ = scene.add(Rect("sq", 10, 10, 30, 30, label="the square"))
>>> scene.clickable.add("sq")
>>> board = BoardView(scene)
>>> clicks = []
>>> board.on_click(lambda event: clicks.append(event.id))
>>> board.simulate("click", "sq")      # what a click in the browser does
>>> clicks
['sq']
>>> board.flash({"sq"})                # marked for a moment in the browser
>>> board.flash_ids["ids"]
['sq']
>>> board                              # in a terminal
<BoardView 'One square': 1 shape, 1 clickable>
"""

from __future__ import annotations

import json
import math
import pathlib
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from ..core.errors import InvalidArgumentError
from ..core.scene import Scene

STATIC = pathlib.Path(__file__).parent / "static"
# The board's look and the panels' around it (app.css): whichever widget a page
# shows first brings both (widget CSS is global, every class starts with dcw-).
CSS = (STATIC / "board.css").read_text(encoding="utf-8") + (STATIC / "app.css").read_text(
    encoding="utf-8")
EVENT_TYPES = ("click", "hover")


@dataclass(frozen=True)
class BoardEvent:
    """What the browser reported: ``type`` ("click" or "hover"), the shape ``id``,
    and ``via`` ("pointer" or "keyboard")."""

    type: str
    id: str
    via: str = "pointer"


class BoardView(anywidget.AnyWidget):
    """A board drawn from a scene; see the module docstring."""

    _esm = STATIC / "board.js"
    _css = CSS

    scene = traitlets.Dict().tag(sync=True)
    # Counts the scenes shown: a patch names the revision it applies to, so the browser
    # can tell when it missed one (it then asks for the whole scene).
    revision = traitlets.Int(0).tag(sync=True)
    # Shapes marked for a moment: {"ids": [...], "serial": n, "ms": duration}. The serial
    # changes every time, so flashing the same ids twice flashes twice.
    flash_ids = traitlets.Dict().tag(sync=True)
    # The smallest size (CSS px) the scene's smallest text may be drawn at: a narrow
    # container scrolls sideways rather than shrink text below it. 0 (the default, for
    # charts in boxes of a fixed size): the scene always fits its container's width.
    # GameApp's board uses 10.
    min_text_px = traitlets.Float(0)
    # The width (CSS px) below which the board scrolls (from min_text_px; 0: none).
    min_width_px = traitlets.Int(0).tag(sync=True)

    _open: weakref.WeakSet[BoardView] = weakref.WeakSet()

    def __init__(self, scene: Scene | dict[str, Any] | None = None, **kwargs: Any) -> None:
        self._quiet = False  # set while the traits change under a patch sent instead
        self._unsynced = False  # the browser has patches the synced state does not
        self.patches_sent = 0  # how many updates went as a patch (for tests, benchmarks)
        super().__init__(**kwargs)
        self._handlers: dict[str, list[Callable[[BoardEvent], Any]]] = {t: [] for t in EVENT_TYPES}
        if scene is not None:
            self.show(scene)
        self.observe(lambda _change: self._set_min_width(), names="min_text_px")
        self.on_msg(self._receive)
        BoardView._open.add(self)

    def show(self, scene: Scene | dict[str, Any]) -> None:
        """Draw ``scene`` (a Scene or its dict); the browser gets what changed (a patch)
        when that is smaller than the whole scene."""
        if isinstance(scene, dict):
            scene = Scene.from_dict(scene)
        if not isinstance(scene, Scene):
            raise InvalidArgumentError(
                f"scene must be a Scene or its dict, not {type(scene).__name__}")
        new = scene.to_dict()
        old = self.scene
        if new == old:
            return
        patch = scene_patch(old, new) if old else None
        if patch is not None and _size(patch) * 2 < _size(new):
            revision = self.revision + 1
            self._quiet = True
            try:
                self.scene, self.revision = new, revision
            finally:
                self._quiet = False
            self.send({"type": "patch", "from": revision - 1, "to": revision, **patch})
            self._unsynced = True
            self.patches_sent += 1
        else:
            with self.hold_sync():
                self.scene, self.revision = new, self.revision + 1
            self._unsynced = False
        self._set_min_width()

    def notify_change(self, change: Any) -> None:
        if self._quiet and change["name"] in ("scene", "revision"):
            # A patch goes instead: observers are told, but the trait is not sent.
            traitlets.HasTraits.notify_change(self, change)
            return
        super().notify_change(change)

    def freeze(self) -> None:
        """Send the whole scene as the widget's state, if patches were sent since: a
        notebook saved from the kernel's messages (nbclient, the offline export) then
        keeps the position shown."""
        if self._unsynced:
            self.send_state(["scene", "revision"])
            self._unsynced = False

    @classmethod
    def freeze_all(cls) -> None:
        """:meth:`freeze` every board (and :meth:`LogView.freeze` every log) of this
        kernel: run before a notebook's widgets are saved."""
        for board in list(cls._open):
            board.freeze()
        LogView.freeze_all()

    def _set_min_width(self) -> None:
        self.min_width_px = readable_width(self.scene, self.min_text_px)

    def flash(self, ids: set[str] | list[str], seconds: float = 3.0) -> None:
        """Mark the shapes ``ids`` for about ``seconds`` (a pulse, or a still mark for
        readers who prefer reduced motion); ids not in the scene are ignored."""
        serial = self.flash_ids.get("serial", 0) + 1
        self.flash_ids = {"ids": sorted(ids), "serial": serial, "ms": int(seconds * 1000)}

    def on_click(self, callback: Callable[[BoardEvent], Any], remove: bool = False) -> None:
        """Call ``callback(event)`` when a clickable shape is clicked or activated by keyboard."""
        self._register("click", callback, remove)

    def on_hover(self, callback: Callable[[BoardEvent], Any], remove: bool = False) -> None:
        """Call ``callback(event)`` when the pointer or keyboard focus reaches a clickable shape."""
        self._register("hover", callback, remove)

    def _register(self, kind: str, callback: Callable[[BoardEvent], Any], remove: bool) -> None:
        if remove:
            self._handlers[kind].remove(callback)
        else:
            self._handlers[kind].append(callback)

    def simulate(self, kind: str, shape_id: str, via: str = "pointer") -> None:
        """Act as if the browser reported an event (for tests and scripts)."""
        self._receive(self, {"type": kind, "id": shape_id, "via": via}, [])

    def _receive(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        kind = content.get("type")
        if kind == "want":  # a view missed a patch (or opened late): the whole scene
            self.send_state(["scene", "revision"])
            self._unsynced = False
            return
        shape_id = content.get("id")
        if kind not in self._handlers or not isinstance(shape_id, str):
            return
        if shape_id not in self.scene.get("clickable", ()):
            return  # a stale click on a shape that is no longer clickable
        event = BoardEvent(kind, shape_id, str(content.get("via", "pointer")))
        for callback in list(self._handlers[kind]):
            callback(event)

    def __repr__(self) -> str:
        """The title and the size of what is drawn, e.g.
        ``<BoardView 'One square': 1 shape, 1 clickable>``."""
        shapes = _count_shapes(self.scene.get("shapes", ()))
        clickable = len(self.scene.get("clickable", ()))
        title = self.scene.get("title", "")
        return (f"<BoardView{' ' + repr(title) if title else ''}: "
                f"{shapes} shape{'s' if shapes != 1 else ''}, {clickable} clickable>")

    def _repr_mimebundle_(self, **kwargs: Any):
        # Where no widget manager runs (GitHub, nbviewer, exported HTML) the
        # static SVG of the same scene is shown instead.
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None and self._static_svg:
            data["text/html"] = self._static_svg
        return bundle

    @property
    def _static_svg(self) -> str:
        """The scene as a static SVG (for pages without a widget manager), drawn when it
        is asked for, not on every update of the board."""
        return Scene.from_dict(self.scene).to_svg() if self.scene else ""


def _size(data: Any) -> int:
    return len(json.dumps(data, separators=(",", ":")))


def _flatten(shapes: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Each shape's own data (without its children) by id, and the ids of the children of
    the scene (key "") and of each group."""
    own: dict[str, Any] = {}
    kids: dict[str, list[str]] = {}

    def walk(parent: str, items: list[dict[str, Any]]) -> None:
        kids[parent] = [item["id"] for item in items]
        for item in items:
            own[item["id"]] = {k: v for k, v in item.items() if k != "children"}
            if item.get("type") == "group":
                walk(item["id"], item.get("children", []))
    walk("", shapes)
    return own, kids


def scene_patch(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What changed from the scene dict ``old`` to ``new``, as ``board.js`` applies it:
    ``set`` (each changed or new shape's own data, by id, without children), ``kids``
    (the new list of child ids of each group, or of the scene as "", whose list changed)
    and ``meta`` (the scene's other keys that changed: title, clickable, ...). A shape
    in no list any more is gone.

    >>> from dungeoncraft_widgets.core.scene import Rect, Scene
    >>> a = Scene(100, 50); _ = a.add(Rect("x", 0, 0, 5, 5)); _ = a.add(Rect("y", 9, 0, 5, 5))
    >>> b = Scene(100, 50, title="moved"); _ = b.add(Rect("x", 2, 0, 5, 5))
    >>> patch = scene_patch(a.to_dict(), b.to_dict())
    >>> patch["set"]
    {'x': {'type': 'rect', 'id': 'x', 'x': 2, 'y': 0, 'width': 5, 'height': 5, 'rx': 0}}
    >>> patch["kids"], patch["meta"]
    ({'': ['x']}, {'title': 'moved'})
    """
    old_own, old_kids = _flatten(old.get("shapes", []))
    new_own, new_kids = _flatten(new.get("shapes", []))
    return {
        "set": {i: shape for i, shape in new_own.items() if old_own.get(i) != shape},
        "kids": {i: ids for i, ids in new_kids.items() if old_kids.get(i) != ids},
        "meta": {k: v for k, v in new.items() if k != "shapes" and old.get(k) != v},
    }


def apply_patch(scene: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The scene dict ``scene`` with ``patch`` (from :func:`scene_patch`) applied: what
    ``board.js`` does in the browser, for tests.

    >>> from dungeoncraft_widgets.core.scene import Group, Rect, Scene, Text
    >>> a = Scene(100, 50); _ = a.add(Group("g", [Text("t", 1, 1, "one")]))
    >>> b = Scene(100, 50); _ = b.add(Rect("r", 0, 0, 1, 1))
    >>> _ = b.add(Group("g", [Text("t", 1, 1, "two")]))
    >>> apply_patch(a.to_dict(), scene_patch(a.to_dict(), b.to_dict())) == b.to_dict()
    True
    """
    own, kids = _flatten(scene.get("shapes", []))
    for shape_id, shape in patch.get("set", {}).items():
        own[shape_id] = shape
        if shape.get("type") != "group":
            kids.pop(shape_id, None)
    kids.update(patch.get("kids", {}))

    def build(shape_id: str) -> dict[str, Any]:
        shape = dict(own[shape_id])
        if shape.get("type") == "group":
            shape["children"] = [build(i) for i in kids.get(shape_id, [])]
        return shape
    out = {k: v for k, v in scene.items() if k != "shapes"}
    out.update(patch.get("meta", {}))
    out["shapes"] = [build(i) for i in kids.get("", [])]
    return out


def _count_shapes(shapes: Any) -> int:
    return sum(1 + _count_shapes(s.get("children", ())) for s in shapes)


def readable_width(scene: dict[str, Any], min_text_px: float) -> int:
    """The narrowest width (CSS px) at which the scene's smallest text is still drawn
    at ``min_text_px`` (0 if there is no text, or no minimum).

    >>> from dungeoncraft_widgets.core.scene import Scene, Text
    >>> scene = Scene(600, 100)
    >>> _ = scene.add(Text("a", 10, 10, "A1", size=8))
    >>> readable_width(scene.to_dict(), 10)      # 8 units drawn at 10 px: 1.25 px a unit
    750
    """
    def sizes(shapes):
        for shape in shapes:
            if shape.get("type") == "text" and str(shape.get("text", "")).strip():
                yield float(shape.get("size", 12))
            yield from sizes(shape.get("children", ()))
    least = min((s for s in sizes(scene.get("shapes", ())) if s > 0), default=0)
    if not least or min_text_px <= 0:
        return 0
    return math.ceil(float(scene.get("width", 0)) * min_text_px / least)


class LogView(anywidget.AnyWidget):
    """A game log: lines of plain text, newest at the bottom (``static/log.js``).

    The lines are not a synced trait: a long game's log would be sent whole on every
    change. :meth:`set_lines` sends only the lines added since the last call (or the
    whole log once, after an undo or a new game changed what came before); a view
    that opens later, or misses a message, asks for the whole log.

    >>> log = LogView()
    >>> sent = []
    >>> log.send = sent.append                  # what would go to the browser
    >>> log.set_lines([("You draw a card.", False)])
    >>> log.set_lines([("You draw a card.", False), ("You draw the 7.", True)])
    >>> [(m["type"], m["start"], [line["text"] for line in m["lines"]]) for m in sent]
    [('append', 0, ['You draw a card.']), ('append', 1, ['You draw the 7.'])]
    >>> log.set_lines([("A new game.", False)])  # not a continuation: sent whole
    >>> sent[-1]["type"], log.generation
    ('reset', 1)
    >>> log.freeze()                            # kept in the saved widget state
    >>> log.snapshot
    [{'text': 'A new game.', 'private': False}]
    """

    _esm = STATIC / "log.js"
    _css = CSS

    # The log as it was when :meth:`freeze` was last called, kept in the widget's state
    # for pages saved with their widgets (an exported page has no kernel to ask).
    snapshot = traitlets.List().tag(sync=True)
    _open: weakref.WeakSet[LogView] = weakref.WeakSet()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lines: list[tuple[str, bool]] = []
        self.generation = 0  # changes when the log is replaced rather than extended
        self.on_msg(self._receive)
        LogView._open.add(self)

    def freeze(self) -> None:
        """Keep the log as it is now in the widget's saved state (``snapshot``)."""
        self.snapshot = self.lines

    @classmethod
    def freeze_all(cls) -> None:
        """:meth:`freeze` every log shown in this kernel (before its widgets are saved)."""
        for log in list(cls._open):
            log.freeze()

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The log as the browser shows it: ``{"text": ..., "private": ...}`` per line."""
        return _as_dicts(self._lines)

    def set_lines(self, lines: list[tuple[str, bool]]) -> None:
        """``lines``: (text, private) pairs; private lines are seen by this seat only."""
        old = self._lines
        lines = [(str(text), bool(private)) for text, private in lines]
        if len(lines) >= len(old) and lines[:len(old)] == old:
            if len(lines) > len(old):
                self._lines = lines
                self.send({"type": "append", "generation": self.generation,
                           "start": len(old), "lines": _as_dicts(lines[len(old):])})
            return
        self._lines = lines
        self.generation += 1
        self._send_whole()

    def _send_whole(self) -> None:
        self.send({"type": "reset", "generation": self.generation, "start": 0,
                   "lines": _as_dicts(self._lines)})

    def _receive(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "want":
            self._send_whole()  # a view opened, or found a gap: it gets the whole log


def _as_dicts(lines: list[tuple[str, bool]]) -> list[dict[str, Any]]:
    return [{"text": text, "private": private} for text, private in lines]
