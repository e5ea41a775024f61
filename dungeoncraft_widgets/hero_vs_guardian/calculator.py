"""ScoutVentureCalculator: the exact odds of a Scout or Venture, and the best order.

A Hero player picks Adventurers (from the card data, or typed as
``name: modifier vs room 1, modifier vs room 2``), the rooms (type and any extra
modifier), the action, and sees the exact chance every room is done, the
outcomes as a chart, each Adventurer's capture risk, and the best order.

>>> calc = ScoutVentureCalculator()
>>> calc.adventurer_picker.value = ("Cleric (A01)", "Warrior (A05)")
>>> calc.room_types[0].value = "Evil"
>>> calc.odds.p_all  # Cleric first (+4 vs Evil: 5/6), else the Warrior (+2 vs Evil: 1/2)
11/12
>>> calc.order.value = ("Warrior (A05)", "Cleric (A01)")      # the other order
>>> calc.odds.capture_chance                                # the Warrior now risks most
(1/2, 1/12)
>>> calc.adventurer_picker.value = ("Rogue (A09)",)   # a plain click adds one (no Ctrl)
>>> calc.adventurer_picker.value
('Cleric (A01)', 'Warrior (A05)', 'Rogue (A09)')
>>> calc.adventurer_picker.value = ("Cleric (A01)",)  # a click on a chosen one removes it
>>> calc.adventurer_picker.value
('Warrior (A05)', 'Rogue (A09)')
>>> calc.adventurers_text.value = "Rogue: x"
>>> calc.message.value
'✗ Rogue: x: modifier vs room 1 must be a whole number'
>>> "dcw-stale" in calc._dom_classes                     # the old answer is greyed out
True
"""

from __future__ import annotations

import html
import itertools
from typing import Any

import ipywidgets as w

from ..core.charts import bar_chart
from ..core.english import approx, percent
from ..core.errors import InvalidArgumentError
from ..widgets.board import BoardView
from ..widgets.panels import LiveCalculator, probability_latex, table_html
from .data import ROOM_TYPES, CardSet, load_cards
from .dungeon import MAX_ROOMS, ORDER_TOKENS
from .odds import best_order, location_odds
from .scout_venture import adventurer_modifier


def parse_typed_adventurers(text: str, rooms: int) -> dict[str, tuple[tuple[int, ...], int]]:
    """``"Rogue: 1, 4; 2"`` per line -> {name: ((mod vs room 1, mod vs room 2), points)}.

    >>> parse_typed_adventurers("Rogue: 1, 4; 2", 2)
    {'Rogue': ((1, 4), 2)}
    """
    if len(text) > 2000:  # four Adventurers take a few lines; refuse a flood before parsing
        raise InvalidArgumentError("Adventurers: at most 2000 characters of typed Adventurers")
    out: dict[str, tuple[tuple[int, ...], int]] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        name, colon, rest = line.partition(":")
        name = name.strip()
        if not colon or not name:
            raise InvalidArgumentError(f"{line.strip()!r}: write 'name: modifiers; points'")
        mods_text, _, points_text = rest.partition(";")
        mods = [m.strip() for m in mods_text.split(",") if m.strip()]
        if len(mods) == 1:
            mods = mods * rooms  # one number: the same against every room
        if len(mods) != rooms:
            raise InvalidArgumentError(f"{name}: give {rooms} modifier(s), one per room")
        values = []
        for i, m in enumerate(mods, 1):
            try:
                values.append(int(m))
            except ValueError:
                raise InvalidArgumentError(
                    f"{name}: {m}: modifier vs room {i} must be a whole number") from None
        try:
            points = int(points_text) if points_text.strip() else 1
        except ValueError:
            raise InvalidArgumentError(f"{name}: points must be a whole number") from None
        out[name] = (tuple(values), points)
    return out


class ScoutVentureCalculator(LiveCalculator):
    """See the module docstring. ``calc.odds`` and ``calc.best`` hold the last answers."""

    def __init__(self, cards: CardSet | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards = cards or load_cards()
        # "Cleric (A01)": names repeat across cards, the id tells them apart.
        self._by_name = {self.cards.name(a): a for a in self.cards.adventurers}
        self.odds = None
        self.best = None
        self._best_shown: tuple[str, ...] | None = None  # the best order the menu moved to
        self.action = w.ToggleButtons(
            options=[("Scout (5+)", "scout"), ("Venture (6+)", "venture")], value="venture",
            description="Action:")
        self.room_count = w.ToggleButtons(options=[("1 room", 1), ("2 rooms", 2)], value=1,
                                          description="Location:")
        self.room_types = [w.Dropdown(options=ROOM_TYPES, value=t, description=f"Room {i + 1}:")
                           for i, t in enumerate(("Trap", "Brute"))]
        self.room_extra = [w.IntText(0, description="extra ±", layout=w.Layout(width="150px"),
                                     tooltip="Vacant room, Items, Spells: added to every roll")
                           for _ in range(MAX_ROOMS)]
        self.room_points = [w.BoundedIntText(2, min=0, max=20, description="points",
                                             layout=w.Layout(width="150px"))
                            for _ in range(MAX_ROOMS)]
        names = list(self._by_name)
        self.adventurer_picker = w.SelectMultiple(
            options=names, value=tuple(names[:2]), rows=8,
            description="Adventurers:", tooltip="Click an Adventurer to add or remove it "
                                                "(no Ctrl-click needed); up to 4 go in")
        self.adventurer_picker.observe(self._toggle, names="value")
        self.adventurer_table = w.HTML()
        self.adventurers_text = w.Textarea(
            placeholder="or type your own, one per line:\nRogue: 1, 4; 2   (modifiers vs room 1, "
                        "room 2; points)", layout=w.Layout(width="340px", max_width="100%",
                                                    height="80px"))
        self.use_retreat = w.Checkbox(False, description="Retreat allowed (4+, modifier 0)")
        self.order = w.Dropdown(description="Order they go in:", layout=w.Layout(width="auto"))
        self.headline = w.HTMLMath()
        self.chart = BoardView()
        self.capture_table = w.HTML()
        self.best_table = w.HTML()
        rooms = w.VBox([w.HBox([t, e, p]) for t, e, p in
                        zip(self.room_types, self.room_extra, self.room_points, strict=True)])
        self.children = [
            w.HBox([self.action, self.room_count]), rooms,
            w.HBox([self.adventurer_picker, self.adventurer_table],
                   layout=w.Layout(flex_flow="row wrap")),
            self.adventurers_text, self.use_retreat,
            self.order,
            self.message, self.headline,
            w.HBox([w.Box([self.chart], layout=w.Layout(width="420px", max_width="100%")),
                    w.VBox([self.capture_table])], layout=w.Layout(flex_flow="row wrap")),
            self.best_table,
        ]
        self.watch([self.action, self.room_count, self.adventurer_picker, self.adventurers_text,
                    self.use_retreat, self.order, *self.room_types, *self.room_extra,
                    *self.room_points])
        self.update()

    def _toggle(self, change: dict[str, Any]) -> None:
        """A plain click selects one option only: read it as adding or removing that one,
        so choosing several never needs Ctrl-click."""
        old, new = tuple(change["old"]), tuple(change["new"])
        if getattr(self, "_toggling", False) or len(new) != 1 or len(old) < 1 or new == old:
            return
        (name,) = new
        if name in old and len(old) > 1:
            kept = tuple(n for n in old if n != name)  # clicked a chosen one: remove it
        elif name not in old:
            kept = (*old, name)  # clicked another: add it
        else:
            return
        self._toggling = True
        try:
            self.adventurer_picker.value = kept
        finally:
            self._toggling = False

    def _adventurer_rows(self) -> str:
        """Each Adventurer's modifiers, compact enough for a phone: the four room types in
        one cell (a wide table would scroll sideways), the chosen ones marked ✓."""
        chosen = set(self.adventurer_picker.value)
        rows = []
        for name, adventurer in self._by_name.items():
            card = self.cards[adventurer]
            mods = card["modifiers"]
            rows.append((("✓ " if name in chosen else "") + name, card["points"],
                         " ".join(f"{mods[t]:+d}" for t in ROOM_TYPES),
                         ", ".join(card.get("powers", ())) or "-"))
        return ("<div class='dcw-picker-table'><b>Each Adventurer's modifiers</b> (click "
                "a name on the left to add or remove it)" + table_html(
                    ["Adventurer", "points", " ".join(t[:5] for t in ROOM_TYPES), "Power"],
                    rows) + "</div>")

    def update(self) -> None:
        if getattr(self, "_updating", False) or getattr(self, "_toggling", False):
            return
        super().update()  # bad input: the message names it, the old answer is greyed out

    def _team(self) -> tuple[dict[str, list[int]], dict[str, int]]:
        action, count = self.action.value, self.room_count.value
        types = [t.value for t in self.room_types[:count]]
        extra = [e.value for e in self.room_extra[:count]]
        mods: dict[str, list[int]] = {}
        points: dict[str, int] = {}
        for name in self.adventurer_picker.value:
            adventurer = self._by_name[name]
            # The card's own modifier (the engine's: without Items or Level Tokens).
            mods[name] = [adventurer_modifier(self.cards, adventurer, action, t) + x
                          for t, x in zip(types, extra, strict=True)]
            points[name] = self.cards.points(adventurer)
        for name, (typed, pts) in parse_typed_adventurers(self.adventurers_text.value,
                                                          count).items():
            mods[name] = [m + x for m, x in zip(typed, extra, strict=True)]
            points[name] = pts
        if not mods:
            raise InvalidArgumentError("Adventurers: choose or type at least one")
        if len(mods) > ORDER_TOKENS:
            raise InvalidArgumentError(
                f"Adventurers: at most {ORDER_TOKENS} go in (one per Order token), "
                f"not {len(mods)}")
        return mods, points

    def _choose_order(self, team: list[str], best: tuple[str, ...] | None = None) -> list[str]:
        """The order picked in the menu; the menu lists every order of the whole ``team``
        first, then of fewer of them (a Scout: at least one per room). When the team or the
        best changes the menu moves to ``best``, so that it never shows a worse order than
        the table's best unasked."""
        need = self.room_count.value if self.action.value == "scout" else 1
        orders = [tuple(p) for size in range(len(team), need - 1, -1)
                  for p in itertools.permutations(team, size)]
        if [o for _label, o in self.order.options] != orders or (
                best is not None and best != self._best_shown):
            keep = best if best in orders else (
                self.order.value if self.order.value in orders else orders[0])
            if best is not None and best != self._best_shown:
                self._best_shown = best
            self._updating = True  # setting the menu must not start another update
            try:
                self.order.options = [(" → ".join(o) + (" (best)" if o == best else ""), o)
                                      for o in orders]
                self.order.value = keep
            finally:
                self._updating = False
        return list(self.order.value)

    def _points_words(self, action: str, odds: Any) -> str:
        """The points this order expects both ways, and a warning when even the best order
        expects to lose points (then staying out, 0, is better)."""
        if action != "venture" or odds.value is None:
            return ""
        text = (f"<br>Expected points: {html.escape(approx(odds.value))} (rooms won "
                f"{html.escape(approx(odds.hero_points))}, minus Adventurers captured "
                f"{html.escape(approx(odds.guardian_points))})")
        if self.best is not None and self.best.best.odds.value <= 0:
            text += ("<br><b>Every order expects to lose points</b> (the best: "
                     f"{html.escape(approx(self.best.best.odds.value))}): not Venturing "
                     "(0) is better.")
        return text

    def compute(self) -> None:
        for i, row in enumerate(zip(self.room_types, self.room_extra, self.room_points,
                                    strict=True)):
            for control in row:
                control.layout.display = "" if i < self.room_count.value else "none"
        self.adventurer_table.value = self._adventurer_rows()
        action, count = self.action.value, self.room_count.value
        mods, points = self._team()
        rooms = [f"room {i + 1} ({self.room_types[i].value})" for i in range(count)]
        room_points = [p.value for p in self.room_points[:count]] if action == "venture" else None
        retreat = {name: 0 for name in mods} if self.use_retreat.value and action == "venture" \
            else None
        # A Venture weighs points both ways (rooms won, Adventurers captured); a Scout
        # wins no points, so its aim is every room Scouted, then the fewest points lost.
        by = "value" if action == "venture" else "p_all"
        self.best = best_order(action, mods, rooms, room_points=room_points,
                               adventurer_points=points, retreat=retreat, by=by)
        order = self._choose_order(list(mods), tuple(self.best.best.adventurers))
        self.odds = location_odds(action, [mods[n] for n in order], room_points=room_points,
                                  adventurer_points=[points[n] for n in order],
                                  retreat=None if retreat is None else [0] * len(order))
        odds = self.odds
        self.headline.value = (
            f"<b>Chance every room is done</b> in this order ({' → '.join(order)}): "
            f"{probability_latex(odds.p_all)}" + self._points_words(action, odds))
        self.chart.show(bar_chart(dict(enumerate(odds.rooms_done)), target=count,
                                  title=f"Rooms {'scouted' if action == 'scout' else 'ventured'}",
                                  x_label="rooms done", target_label="all done",
                                  width=400, height=200))
        rows = [(name, str(p), percent(p))
                for name, p in zip(order, odds.capture_chance, strict=True)]
        self.capture_table.value = "<b>Capture risk</b>" + table_html(
            ["Adventurer", "chance", "%"], rows)
        def row(label: str, choice: Any) -> tuple[str, ...]:
            o = choice.odds
            worth = () if action != "venture" else (approx(o.value),)
            return (label, " → ".join(choice.adventurers), str(o.p_all),
                    approx(o.expected_captured), *worth)

        best_rows = [row("best", self.best.best)]
        best_rows += [row(str(k), c) for k, c in enumerate(self.best.runners_up, 2)]
        if self.best.worst not in (self.best.best, *self.best.runners_up):
            best_rows.append(row("worst", self.best.worst))
        ranked = ("by the points expected (rooms won minus the points of Adventurers "
                  "captured)" if action == "venture" else
                  "by the chance every room is Scouted, then the fewest points captured")
        headers = ["", "order", "all done", "expected captured",
                   *(["expected points"] if action == "venture" else [])]
        self.best_table.value = (f"<b>Best order</b> of {self.best.candidates} compared, "
                                 f"{ranked}" + table_html(headers, best_rows))
