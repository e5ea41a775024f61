"""The drawing model: a scene is a list of shapes with stable ids.

A game's ``scene.py`` turns a state into a :class:`Scene`; the board widget
sends ``scene.to_dict()`` to the browser, which draws SVG and updates only the
shapes whose dict changed (matched by ``id``). ``scene.to_svg()`` draws the
same picture as a standalone SVG string, for places where no JavaScript runs.

The JSON format (``Scene.to_dict()``)::

    {
      "width": 400, "height": 300,          # the viewBox: 0 0 width height
      "title": "...", "description": "...", # the text alternative (<title>, <desc>)
      "clickable": ["id", ...],            # ids a click or Enter on is reported for
      "shapes": [SHAPE, ...]                # drawn in order, later on top
    }
    SHAPE = {
      "type": "rect" | "circle" | "ellipse" | "polygon" | "path" | "text" | "group",
      "id": "unique-id",                    # stable across updates of the same thing
      "classes": ["terrain", ...],          # CSS classes (drawn prefixed "dcw-")
      "label": "E9: river",                 # accessible name (aria-label)
      "tooltip": "E9: river, a gold tile",  # shown on hover and keyboard focus
      "fill": "#8ac", "stroke": "#333",     # optional; any CSS colour, var(--jp-...) too
      "stroke_width": 1, "opacity": 1,      # optional
      # geometry by type:
      "rect":    "x", "y", "width", "height", "rx"
      "circle":  "cx", "cy", "r"
      "ellipse": "cx", "cy", "rx", "ry"
      "polygon": "points": [[x, y], ...]
      "path":    "d": "M 0 0 L 10 10"
      "text":    "x", "y", "text", "size", "anchor" ("start"|"middle"|"end"), "weight"
      "group":   "children": [SHAPE, ...], "transform": "rotate(90 50 50)"
    }

Keys at their default value are left out of the dict. A text's ``y`` is its
vertical centre. Classes the board styles for every game (colours follow the
JupyterLab theme): ``highlight`` (a legal target), ``highlight-2`` (a
secondary one, dashed), ``selected``, ``danger``, ``muted`` and ``line`` (a
path drawn without fill); games add their own classes for meaning (they are
hooks for tests and themes) and give colours with ``fill``/``stroke``.

>>> scene = Scene(120, 60, title="Two squares")
>>> scene.add(Rect("a", 0, 0, 50, 50, label="square A", fill="#c33"))
Rect(id='a', ...)
>>> scene.add(Text("a-name", 25, 55, "A"))
Text(id='a-name', ...)
>>> scene.clickable.add("a")
>>> Scene.from_dict(scene.to_dict()) == scene
True
>>> "<desc>" in scene.to_svg() and 'viewBox="0 0 120 60"' in scene.to_svg()
True
"""

from __future__ import annotations

import dataclasses
import functools
import pathlib
from dataclasses import dataclass, field
from html import escape
from typing import Any, ClassVar

from .errors import InvalidArgumentError

CLASS_PREFIX = "dcw-"


@dataclass(eq=True)
class Shape:
    """Fields every shape has; subclasses add geometry."""

    kind: ClassVar[str] = ""
    geometry: ClassVar[tuple[str, ...]] = ()

    id: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "children":
                out["children"] = [c.to_dict() for c in value]
                continue
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
            always = f.name == "id" or f.name not in _STYLE_FIELDS  # geometry is always written
            if always or value != default:
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}(id={self.id!r}, ...)"


@dataclass(eq=True, repr=False)
class _Styled(Shape):
    classes: tuple[str, ...] = ()
    label: str = ""
    tooltip: str = ""
    fill: str = ""
    stroke: str = ""
    stroke_width: float = 0
    opacity: float = 1

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise InvalidArgumentError("a shape's id must be a non-empty string")
        if isinstance(self.classes, str):
            self.classes = (self.classes,)
        self.classes = tuple(self.classes)


@dataclass(eq=True, repr=False)
class Rect(_Styled):
    kind = "rect"
    x: float = 0
    y: float = 0
    width: float = 0
    height: float = 0
    rx: float = 0

    def __init__(self, id: str, x: float, y: float, width: float, height: float, *,
                 rx: float = 0, **style: Any) -> None:
        _Styled.__init__(self, id, **style)
        self.x, self.y, self.width, self.height, self.rx = x, y, width, height, rx


@dataclass(eq=True, repr=False)
class Circle(_Styled):
    kind = "circle"
    cx: float = 0
    cy: float = 0
    r: float = 0

    def __init__(self, id: str, cx: float, cy: float, r: float, **style: Any) -> None:
        _Styled.__init__(self, id, **style)
        self.cx, self.cy, self.r = cx, cy, r


@dataclass(eq=True, repr=False)
class Ellipse(_Styled):
    kind = "ellipse"
    cx: float = 0
    cy: float = 0
    rx: float = 0
    ry: float = 0

    def __init__(self, id: str, cx: float, cy: float, rx: float, ry: float,
                 **style: Any) -> None:
        _Styled.__init__(self, id, **style)
        self.cx, self.cy, self.rx, self.ry = cx, cy, rx, ry


@dataclass(eq=True, repr=False)
class Polygon(_Styled):
    kind = "polygon"
    points: tuple[tuple[float, float], ...] = ()

    def __init__(self, id: str, points, **style: Any) -> None:
        _Styled.__init__(self, id, **style)
        try:
            self.points = tuple((float(x), float(y)) for x, y in points)
        except (TypeError, ValueError):
            raise InvalidArgumentError(f"polygon {id!r}: points must be (x, y) pairs of "
                                       f"numbers, not {str(points)[:60]}") from None

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        out["points"] = [list(p) for p in self.points]
        return out


@dataclass(eq=True, repr=False)
class Path(_Styled):
    kind = "path"
    d: str = ""

    def __init__(self, id: str, d: str, **style: Any) -> None:
        _Styled.__init__(self, id, **style)
        self.d = d


@dataclass(eq=True, repr=False)
class Text(_Styled):
    kind = "text"
    x: float = 0
    y: float = 0
    text: str = ""
    size: float = 12
    anchor: str = "middle"
    weight: str = "normal"

    def __init__(self, id: str, x: float, y: float, text: str, *, size: float = 12,
                 anchor: str = "middle", weight: str = "normal", **style: Any) -> None:
        _Styled.__init__(self, id, **style)
        if anchor not in ("start", "middle", "end"):
            raise InvalidArgumentError(f"anchor must be start, middle or end, not {anchor!r}")
        self.x, self.y, self.text, self.size = x, y, str(text), size
        self.anchor, self.weight = anchor, weight


@dataclass(eq=True, repr=False)
class Group(_Styled):
    kind = "group"
    children: list[Shape] = field(default_factory=list)
    transform: str = ""

    def __init__(self, id: str, children=(), *, transform: str = "", **style: Any) -> None:
        _Styled.__init__(self, id, **style)
        self.children = list(children)
        self.transform = transform

    def add(self, shape: Shape) -> Shape:
        self.children.append(shape)
        return shape


_STYLE_FIELDS = {f.name for f in dataclasses.fields(_Styled)}
# What a shape's dict must hold besides its id (the arguments of each shape's __init__),
# and the type of each field (numbers are ints or floats).
_REQUIRED: dict[type, tuple[str, ...]] = {}
_NUMBER = (int, float)
_FIELD_TYPES: dict[str, Any] = {"id": str, "label": str, "tooltip": str, "fill": str,
                                "stroke": str, "stroke_width": _NUMBER, "opacity": _NUMBER,
                                "x": _NUMBER, "y": _NUMBER, "width": _NUMBER, "height": _NUMBER,
                                "rx": _NUMBER, "ry": _NUMBER, "cx": _NUMBER, "cy": _NUMBER,
                                "r": _NUMBER, "d": str, "text": str, "size": _NUMBER,
                                "anchor": str, "weight": str, "transform": str,
                                "points": list}
_TYPE_WORDS = {str: "text", _NUMBER: "a number", list: "a list"}

SHAPE_TYPES: dict[str, type[_Styled]] = {
    cls.kind: cls for cls in (Rect, Circle, Ellipse, Polygon, Path, Text, Group)}
_REQUIRED.update({Rect: ("x", "y", "width", "height"), Circle: ("cx", "cy", "r"),
                  Ellipse: ("cx", "cy", "rx", "ry"), Polygon: ("points",), Path: ("d",),
                  Text: ("x", "y", "text"), Group: ()})


#: The most shapes a scene read from a dict holds, and how deep groups nest in it.
MAX_SHAPES = 100_000
MAX_NESTING = 32


def shape_from_dict(d: dict[str, Any], _depth: int = 0) -> Shape:
    """Rebuild a shape from its ``to_dict()`` form (InvalidArgumentError if it is not one).

    >>> shape_from_dict({"type": "circle", "id": "c", "cx": 1, "cy": 2, "r": 3})
    Circle(id='c', ...)
    >>> shape_from_dict({"type": "circle", "id": "c"})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: shape 'c': missing cx, cy, r
    """
    if not isinstance(d, dict):
        raise InvalidArgumentError(f"a shape is a dict, not {type(d).__name__}")
    cls = SHAPE_TYPES.get(d.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise InvalidArgumentError(f"unknown shape type {str(d.get('type'))[:40]!r}")
    where = f"shape {str(d.get('id'))[:40]!r}"
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(str(k)[:40] for k in d if k != "type" and k not in known)
    if unknown:
        raise InvalidArgumentError(f"{where}: no such field(s) for a {cls.kind}: {unknown}")
    missing = [k for k in ("id", *_REQUIRED[cls]) if k not in d]
    if missing:
        raise InvalidArgumentError(f"{where}: missing {', '.join(missing)}")
    kwargs = {k: v for k, v in d.items() if k != "type"}
    if "children" in kwargs:
        if _depth >= MAX_NESTING:
            raise InvalidArgumentError(f"{where}: groups nest deeper than {MAX_NESTING} levels")
        if not isinstance(kwargs["children"], list):
            raise InvalidArgumentError(f"{where}: children is a list of shapes")
        kwargs["children"] = [shape_from_dict(c, _depth + 1) for c in kwargs["children"]]
    if "classes" in kwargs:
        if not isinstance(kwargs["classes"], (list, tuple)) or not all(
                isinstance(c, str) for c in kwargs["classes"]):
            raise InvalidArgumentError(f"{where}: classes is a list of strings")
        kwargs["classes"] = tuple(kwargs["classes"])
    for key, value in kwargs.items():
        expected = _FIELD_TYPES.get(key)
        if expected is not None and (isinstance(value, bool) or not isinstance(value, expected)):
            raise InvalidArgumentError(f"{where}: {key} must be {_TYPE_WORDS[expected]}, "
                                       f"not {type(value).__name__}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise InvalidArgumentError(f"{where}: {exc}") from None


def _walk(shapes: list[Shape]) -> list[Shape]:
    """Every shape of ``shapes``, depth first, without recursion: InvalidArgumentError for
    something that is not a shape, or groups nested deeper than :data:`MAX_NESTING` (a
    group inside itself among them), before anything walks them recursively (drawing)."""
    out: list[Shape] = []
    stack: list[tuple[Any, int]] = [(s, 0) for s in reversed(shapes)]
    while stack:
        shape, depth = stack.pop()
        if not isinstance(shape, _Styled):
            raise InvalidArgumentError(f"scene: {type(shape).__name__} is not a shape "
                                       "(Rect, Circle, Ellipse, Polygon, Path, Text or Group)")
        out.append(shape)
        if isinstance(shape, Group):
            if depth >= MAX_NESTING:
                raise InvalidArgumentError(f"scene: groups nest deeper than {MAX_NESTING} "
                                           f"levels (at {shape.id[:40]!r})")
            if len(out) + len(stack) > MAX_SHAPES:
                raise InvalidArgumentError(f"scene: at most {MAX_SHAPES:,} shapes")
            stack.extend((child, depth + 1) for child in reversed(shape.children))
    return out


@dataclass(eq=True)
class Scene:
    """A picture of a game: see the module docstring for its JSON form."""

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    clickable: set[str] = field(default_factory=set)
    title: str = ""
    description: str = ""

    def add(self, shape: Shape) -> Shape:
        self.shapes.append(shape)
        return shape

    def ids(self) -> list[str]:
        """Every shape id, depth first (ids are unique in a scene)."""
        return [s.id for s in _walk(self.shapes)]

    def find(self, shape_id: str) -> Shape | None:
        return next((s for s in _walk(self.shapes) if s.id == shape_id), None)

    def validate(self) -> None:
        """Raise InvalidArgumentError for repeated ids or clickable ids not drawn."""
        ids = self.ids()
        seen: set[str] = set()
        for i in ids:
            if i in seen:
                raise InvalidArgumentError(f"scene: shape id {i!r} is used twice")
            seen.add(i)
        missing = self.clickable - seen
        if missing:
            raise InvalidArgumentError(f"scene: clickable ids not drawn: {sorted(missing)}")

    def to_dict(self) -> dict[str, Any]:
        self.validate()
        return {
            "width": self.width,
            "height": self.height,
            "title": self.title,
            "description": self.description,
            "clickable": sorted(self.clickable),
            "shapes": [s.to_dict() for s in self.shapes],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Scene:
        """Rebuild a scene from its ``to_dict()`` form (InvalidArgumentError naming what is
        wrong if it is not one).

        >>> Scene.from_dict({})
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.InvalidArgumentError: scene: missing width, height
        """
        if not isinstance(d, dict):
            raise InvalidArgumentError(f"scene: a scene is a dict, not {type(d).__name__}")
        missing = [k for k in ("width", "height") if k not in d]
        if missing:
            raise InvalidArgumentError(f"scene: missing {', '.join(missing)}")
        for key in ("width", "height"):
            if isinstance(d[key], bool) or not isinstance(d[key], _NUMBER) or d[key] <= 0:
                raise InvalidArgumentError(f"scene: {key} must be a positive number")
        shapes, clickable = d.get("shapes", []), d.get("clickable", [])
        if not isinstance(shapes, list) or len(shapes) > MAX_SHAPES:
            raise InvalidArgumentError(f"scene: shapes is a list of at most {MAX_SHAPES:,}")
        if not isinstance(clickable, list) or not all(isinstance(c, str) for c in clickable):
            raise InvalidArgumentError("scene: clickable is a list of shape ids")
        for key in ("title", "description"):
            if not isinstance(d.get(key, ""), str):
                raise InvalidArgumentError(f"scene: {key} must be text")
        scene = cls(d["width"], d["height"], [shape_from_dict(s) for s in shapes],
                    set(clickable), d.get("title", ""), d.get("description", ""))
        if len(scene.ids()) > MAX_SHAPES:
            raise InvalidArgumentError(f"scene: at most {MAX_SHAPES:,} shapes")
        scene.validate()
        return scene

    def to_svg(self) -> str:
        """A standalone SVG string of the scene (no JavaScript needed)."""
        return scene_to_svg(self)

    def _repr_svg_(self) -> str:
        return self.to_svg()


# ---------------------------------------------------------------- static SVG
# A static SVG carries its stylesheet: the widget's own board.css, so both look alike.
_BOARD_CSS = pathlib.Path(__file__).parents[1] / "widgets" / "static" / "board.css"


@functools.cache
def _board_css() -> str:
    return _BOARD_CSS.read_text(encoding="utf-8")


def _attr(name: str, value: Any) -> str:
    return f' {name}="{escape(str(value), quote=True)}"'


def _num(v: float) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def _shape_svg(s: Shape, clickable: set[str], out: list[str]) -> None:
    assert isinstance(s, _Styled)
    classes = [CLASS_PREFIX + "shape"] + [CLASS_PREFIX + c for c in s.classes]
    if s.id in clickable:
        classes.append(CLASS_PREFIX + "clickable")
    attrs = _attr("data-id", s.id) + _attr("class", " ".join(classes))
    style = []
    if s.fill:
        style.append(f"fill:{s.fill}")
    if s.stroke:
        style.append(f"stroke:{s.stroke}")
    if s.stroke_width:
        style.append(f"stroke-width:{_num(s.stroke_width)}")
    if s.opacity != 1:
        style.append(f"opacity:{_num(s.opacity)}")
    if style:
        attrs += _attr("style", ";".join(style))
    if s.label:
        attrs += _attr("aria-label", s.label)
    title = f"<title>{escape(s.tooltip or s.label)}</title>" if (s.tooltip or s.label) else ""
    if isinstance(s, Rect):
        attrs += "".join(_attr(k, _num(getattr(s, k))) for k in ("x", "y", "width", "height"))
        if s.rx:
            attrs += _attr("rx", _num(s.rx))
        out.append(f"<rect{attrs}>{title}</rect>")
    elif isinstance(s, Circle):
        attrs += "".join(_attr(k, _num(getattr(s, k))) for k in ("cx", "cy", "r"))
        out.append(f"<circle{attrs}>{title}</circle>")
    elif isinstance(s, Ellipse):
        attrs += "".join(_attr(k, _num(getattr(s, k))) for k in ("cx", "cy", "rx", "ry"))
        out.append(f"<ellipse{attrs}>{title}</ellipse>")
    elif isinstance(s, Polygon):
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in s.points)
        out.append(f"<polygon{attrs}{_attr('points', pts)}>{title}</polygon>")
    elif isinstance(s, Path):
        out.append(f"<path{attrs}{_attr('d', s.d)}>{title}</path>")
    elif isinstance(s, Text):
        attrs += _attr("x", _num(s.x)) + _attr("y", _num(s.y))
        attrs += _attr("font-size", _num(s.size)) + _attr("text-anchor", s.anchor)
        if s.weight != "normal":
            attrs += _attr("font-weight", s.weight)
        out.append(f"<text{attrs}>{escape(s.text)}</text>")
    elif isinstance(s, Group):
        if s.transform:
            attrs += _attr("transform", s.transform)
        out.append(f"<g{attrs}>{title}")
        for child in s.children:
            _shape_svg(child, clickable, out)
        out.append("</g>")


def scene_to_svg(scene: Scene) -> str:
    scene.validate()
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg"'
        f'{_attr("viewBox", f"0 0 {_num(scene.width)} {_num(scene.height)}")}'
        f'{_attr("width", _num(scene.width))}{_attr("height", _num(scene.height))}'
        ' style="max-width:100%;height:auto" role="img" class="dcw-board-static"'
        f' font-family="sans-serif"{_attr("aria-label", scene.title or "game board")}>',
        f"<title>{escape(scene.title)}</title>",
        f"<desc>{escape(scene.description or scene.title)}</desc>",
        f"<style>{_board_css()}</style>",
    ]
    for s in scene.shapes:
        _shape_svg(s, scene.clickable, out)
    out.append("</svg>")
    return "".join(out)
