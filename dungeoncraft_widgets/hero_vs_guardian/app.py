"""Hero versus Guardian in a notebook: play the Hero (or the Guardian) against a bot.

The board shows the dungeon (Entries, face-down and revealed rooms, Map and
Scout tokens, the locations the Hero may enter lit) and beside it the Hero's
Adventurers (Items, Levels, Order tokens), the Tavern, the Market and the hand
this seat may see. To Scout or Venture: choose the action, click a lit
location, click Adventurers in the order they go in, press *enter*; then
*roll* (or *retreat*) one Adventurer at a time and watch each roll in the log.
Before the rooms are revealed, and before every roll, the odds panel shows the
exact chances of what is left (:mod:`.odds`). Refused actions show the rule.

>>> app = HeroVsGuardianApp(role="hero", seed=4)
>>> app.state.phase, app.state.current_player == app.seat
('recruit', True)
>>> app.act("recruit random")
True
>>> target = sorted(app.state.targetable())[0]
>>> app.board.simulate("click", f"loc-{target}")      # Scout (the default action)
>>> app.state.attempt["kind"], app.state.attempt["loc"] == target
('scout', True)
>>> app.act("retreat")
False
>>> app.message.value.startswith("✗ ")
True

Playing the Guardian, set-up is by the menu and buttons (``deal`` places the rooms):

>>> guardian = HeroVsGuardianApp(role="guardian", seed=3)
>>> [b.description for b in guardian.buttons.children]
['deal']
>>> guardian.act("deal") and guardian.state.phase
'entry'

Three players: you are the first Hero, a bot the second, another the Guardian.

>>> team = HeroVsGuardianApp(role="hero", seed=5, players=3)
>>> team.state.players, team.state.current_player == team.seat
(('Hero 1', 'Hero 2', 'Guardian'), True)
"""

from __future__ import annotations

import dataclasses
import html
import itertools
from collections.abc import Mapping
from typing import Any

import ipywidgets as w
import sympy

from ..core.bots import Bot
from ..core.engine import Action, GameState
from ..core.errors import DungeoncraftError, IllegalActionError
from ..core.scene import Group, Path, Rect, Scene, Text
from ..widgets.app import GameApp
from ..widgets.panels import probability_latex, table_html
from .bots import GuardianBot, HeroBot
from .calculator import card_modifier
from .cards import ROOM_TYPES
from .graph import Route, most_likely_route
from .odds import best_order, location_odds
from .rules import (
    HIDDEN,
    LOCATIONS,
    First,
    HeroVsGuardianState,
    Order,
    Play,
    Scout,
    Take,
    Venture,
    new_game,
)
from .scene import CELL, _xy, dungeon_scene, target_of

PANEL_X = 470        # the side panel starts right of the dungeon
CARD_W, CARD_H = 300, 40
MAX_BUTTONS = 30     # more legal actions than this (Guardian set-up): the menu has them


def venture_chances(view: HeroVsGuardianState) -> dict[str, sympy.Rational]:
    """Each unmapped location's chance to be Ventured by the Hero's best order of the
    Adventurers in play; a face-down room is taken to be of each type with chance 1/4.

    >>> from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
    >>> game = scout_venture_position("venture", ["A01"], ["D10"], seed=4)
    >>> venture_chances(game.view(0))["A1"]  # the Cleric: (1/6 + 1/2 + 2/3 + 5/6) / 4
    13/24
    """
    party = view.party[view.active][:4]
    out: dict[str, sympy.Rational] = {}
    for loc in LOCATIONS:
        if loc in view.mapped():
            continue
        rooms = view.grid[loc]
        if not rooms:
            out[loc] = sympy.Integer(1)
            continue
        if not party:
            out[loc] = sympy.Integer(0)
            continue
        total = sympy.Integer(0)
        combos = list(itertools.product(ROOM_TYPES, repeat=rooms.count(HIDDEN)))
        for types in combos:
            guessed = iter(types)  # the face-down rooms take these types, in order
            room_types = [next(guessed) if room == HIDDEN else None for room in rooms]
            table = {a: [view.roll_modifier("venture", a, room, loc) if kind is None else
                         card_modifier(view.cards, view.cards[a], "venture", kind)
                         + view.levels.get(a, 0)
                         for room, kind in zip(rooms, room_types, strict=True)]
                     for a in party}
            names = [f"room {i}" for i in range(len(rooms))]
            total += best_order("venture", table, names, room_order="guardian",
                                runners_up=0).best.odds.p_all
        out[loc] = total / len(combos)
    return out


class HeroVsGuardianApp(GameApp):
    """Play ``role`` ("hero" or "guardian") against sensible bots; with ``players`` 3 or 4
    the other Heroes (who take rounds in turn, scoring as a team) are bots too."""

    def __init__(self, role: str = "hero", seed: int | None = None, *, players: int = 2,
                 bots: Mapping[int, Bot] | None = None,
                 state: HeroVsGuardianState | None = None, **kwargs: Any) -> None:
        if role not in ("hero", "guardian"):
            raise DungeoncraftError(f"role must be 'hero' or 'guardian', not {role!r}")
        state = state or new_game(players=players, seed=seed)
        seat = 0 if role == "hero" else state.guardian
        if bots is None:
            bots = {p: (GuardianBot(seed=p) if p == state.guardian else HeroBot(seed=p))
                    for p in range(len(state.players)) if p != seat}
        self.mode = w.ToggleButtons(options=[("Scout (2 stones)", "scout"),
                                             ("Venture (3 stones)", "venture")],
                                    value="scout", description="Click a lit location to:",
                                    style={"description_width": "initial"})
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.odds_view = w.HTMLMath()
        self.route_to = w.Dropdown(options=[("-", None), *((loc, loc) for loc in LOCATIONS)],
                                   description="Likeliest route to:",
                                   style={"description_width": "initial"})
        self.route_view = w.HTMLMath()
        self._route: tuple[int, str, Route | str] | None = None  # (self.version, target, answer)
        self.route_to.observe(lambda _change: self.refresh(), names="value")
        super().__init__(state, seat=seat, bots=bots, **kwargs)
        self.side.children = [self.mode, self.buttons, self.odds_view, self.route_to,
                              self.route_view]
        self.refresh()

    # ------------------------------------------------------------ drawing
    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, HeroVsGuardianState)
        scene = dungeon_scene(view)
        legal = self._my_legal()
        ids: dict[str, Action] = {}
        y = 10.0
        hero = view.active
        at = view.attempt
        order = at["order"] if at else []
        y = self._section(scene, "Adventurers of " + view.players[hero], y)
        for adv in view.party[hero] + view.frozen[hero]:
            extra = []
            if adv in order:
                extra.append(f"Order {order.index(adv) + 1}")
            if adv in view.frozen[hero]:
                extra.append("Frozen")
            if view.levels.get(adv):
                extra.append(f"Level +{view.levels[adv]}")
            items = ", ".join(view.cards[i]["name"] for i in view.items.get(adv, ()))
            mods = view.cards[adv]["modifiers"]
            detail = " ".join(f"{t[0]}{mods[t]:+d}" for t in ROOM_TYPES)
            y = self._card(scene, f"adv-{adv}", y, view.cards.name(adv),
                           f"{view.cards[adv]['points']} pts  {detail}  {items}",
                           ", ".join(extra), selected=adv in order)
            ids[f"adv-{adv}"] = Order(adv)
        for title, cards in (("Tavern", view.tavern), ("Market", view.market)):
            y = self._section(scene, title, y)
            for card in cards:
                y = self._card(scene, f"offer-{card}", y, view.cards.name(card),
                               self._card_line(view, card))
                ids[f"offer-{card}"] = Take(card)
        hand = view.guardian_hand if self.seat == view.guardian else view.hands[self.seat]
        y = self._section(scene, "Your hand", y)
        for card in hand:
            if card == HIDDEN:
                continue
            y = self._card(scene, f"hand-{card}", y, view.cards.name(card),
                           self._card_line(view, card))
            ids[f"hand-{card}"] = Play(card)
        if at and at["stage"] == "first":
            for i, room in enumerate(view.grid[at["loc"]]):
                ids[f"room-{at['loc']}-{i}"] = First(room)
        scene.width = PANEL_X + CARD_W + 10
        scene.height = max(scene.height, y + 10)
        # What a click means now: only shapes whose action is legal are clickable.
        self._click_actions = {i: a for i, a in ids.items() if a in legal}
        scene.clickable |= set(self._click_actions)
        if self.state.current_player == self.seat and view.phase == "round" and not at:
            scene.clickable |= {f"loc-{loc}" for loc in view.targetable()}
        route = self._route_answer(view)
        if isinstance(route, Route) and len(route.path) > 1:
            centre = {loc: (x + CELL / 2, y + CELL / 2)
                      for loc in route.path for x, y in [_xy(loc)]}
            d = " ".join(("M" if i == 0 else "L") + " {:g} {:g}".format(*centre[loc])
                         for i, loc in enumerate(route.path))
            scene.add(Path("route", d, classes=("line", "route"), stroke="#e65100",
                           stroke_width=5, opacity=0.8, label=f"likeliest route: {route}"))
        return scene

    # ---------------------------------------------------------------- routes
    def _route_answer(self, view: HeroVsGuardianState) -> Route | str | None:
        """The likeliest route to the chosen location (cached until the game moves on)."""
        target = self.route_to.value if hasattr(self, "route_to") else None
        if target is None or view.phase != "round" or len(view.entries) != 2:
            return None
        key = self.version  # changes with every action, undo and new game
        if self._route and self._route[:2] == (key, target):
            return self._route[2]
        answer: Route | str
        try:
            answer = most_likely_route(target, venture_chances(view),
                                       [loc for loc, _side in view.entries], view.mapped())
        except DungeoncraftError as exc:
            answer = str(exc)
        self._route = (key, target, answer)
        return answer

    def _section(self, scene: Scene, title: str, y: float) -> float:
        scene.add(Text(f"title-{title}", PANEL_X, y + 10, title, size=13, anchor="start",
                       weight="bold"))
        return y + 24

    def _card(self, scene: Scene, sid: str, y: float, name: str, line: str, note: str = "",
              selected: bool = False) -> float:
        group = Group(f"{sid}-card")
        group.add(Rect(sid, PANEL_X, y, CARD_W, CARD_H - 4, rx=5, fill="#f4efe3",
                       stroke="#5b4a2f", classes=("card", "selected") if selected else ("card",),
                       label=f"{name}: {line}", tooltip=f"{name}\n{line}" + (
                           f"\n{note}" if note else "")))
        group.add(Text(f"{sid}-name", PANEL_X + 8, y + 11, name, size=11, anchor="start",
                       weight="bold", fill="#222222"))
        group.add(Text(f"{sid}-line", PANEL_X + 8, y + 26, line[:52], size=9, anchor="start",
                       fill="#444444"))
        if note:
            group.add(Text(f"{sid}-note", PANEL_X + CARD_W - 8, y + 11, note, size=10,
                           anchor="end", weight="bold", fill="#b35900"))
        scene.add(group)
        return y + CARD_H

    @staticmethod
    def _card_line(view: HeroVsGuardianState, card: str) -> str:
        info = view.cards[card]
        kind = info.get("kind", "")
        parts = [kind, f"{info.get('points', 0)} pts"]
        if "effect" in info:
            parts.append(f"{info['effect']} {info.get('amount', '')}".strip())
        if info.get("powers"):
            parts.append(", ".join(info["powers"]))
        return "  ".join(str(p) for p in parts if p)

    def describe(self, view: GameState) -> str:
        assert isinstance(view, HeroVsGuardianState)
        if view.is_over:
            heroes, guardian = view.team_scores()
            side = "Heroes" if view.n_heroes > 1 else "Hero"
            verdict = {"heroes": f"the {side} win", "guardian": "the Guardian wins",
                       "tie": "a tie"}[view.winner() or "tie"]
            return f"Game over. {side} {heroes}, Guardian {guardian}: {verdict}."
        return super().describe(view)

    # ------------------------------------------------------------- clicking
    def action_for_click(self, shape_id: str) -> Action | str | None:
        if shape_id in getattr(self, "_click_actions", {}):
            return self._click_actions[shape_id]
        loc = target_of(shape_id)
        if loc is not None:
            return Scout(loc) if self.mode.value == "scout" else Venture(loc)
        raise IllegalActionError("that card cannot be used now")

    def _my_legal(self) -> list[Action]:
        if self.state.current_player != self.seat or self.state.is_over:
            return []
        return self.state.legal_actions()

    # ------------------------------------------------------------ the panel
    def refresh(self) -> None:
        super().refresh()
        if not hasattr(self, "buttons"):
            return  # GameApp.__init__ draws once before this class's widgets exist
        clicks = set(getattr(self, "_click_actions", {}).values())
        rest = [a for a in self._my_legal()
                if a not in clicks and not isinstance(a, (Scout, Venture))]
        if len(rest) > MAX_BUTTONS:  # e.g. placing rooms: keep the one-word actions (deal)
            rest = [a for a in rest if not dataclasses.fields(a)]
        buttons = []
        for action in rest:
            button = w.Button(description=self._describe_action(action),
                              layout=w.Layout(width="auto"), tooltip=str(action))
            button.on_click(lambda _b, a=action: self.act(a))
            buttons.append(button)
        self.buttons.children = buttons
        self.mode.disabled = self.seat == self.state.guardian
        self.odds_view.value = self._odds_html()
        route = self._route_answer(self.view)
        if route is None:
            self.route_view.value = ""
        elif isinstance(route, str):
            self.route_view.value = f"<i>{html.escape(route)}</i>"
        else:
            self.route_view.value = (
                f"{html.escape(' → '.join(route.path))}: every location Ventured "
                f"{probability_latex(route.probability)} (best order of your Adventurers; "
                "a face-down room counted as any of the four types, equally likely)")

    def _describe_action(self, action: Action) -> str:
        """An action's text with card names: 'play Elven Boots (T18) Rogue (A11)'."""
        words = str(action).split()
        return " ".join(self.state.cards.name(x) if x in self.state.cards else x for x in words)

    def _odds_html(self) -> str:
        """Exact odds of the attempt under way (before Enter: for each possible room type)."""
        view = self.view
        at = view.attempt
        if not at:
            return ("<i>Choose Scout or Venture and click a lit location: the exact odds "
                    "appear here before you commit.</i>")
        kind, loc = at["kind"], at["loc"]
        team = at["order"][at["next"]:] if at["stage"] != "order" else (
            at["order"] or view.party[view.active])
        rooms = [r for r in view.grid[loc] if r not in at["done"]]
        if not team or not rooms:
            return ""
        if kind == "scout" and len(team) < len(rooms):
            return "<i>Scouting needs at least as many Adventurers as rooms.</i>"
        team = team[:4]
        known = all(r in view.cards for r in rooms)
        head = (f"<b>{html.escape(kind.capitalize())} {html.escape(loc)}</b>, Adventurers in "
                f"order: {html.escape(', '.join(view.cards.name(a) for a in team))}<br>")
        if known:
            table = [[view.roll_modifier(kind, a, r, loc) for r in rooms] for a in team]
            odds = location_odds(kind, table)
            risk = ", ".join(f"{html.escape(view.cards[a]['name'])} {p}"
                             for a, p in zip(team, odds.capture_chance, strict=True))
            return (head + f"Every room done: {probability_latex(odds.p_all)}<br>"
                    f"Capture risk: {risk}")
        # Face-down rooms: the odds for each combination of room types.
        rows = []
        for types in itertools.product(ROOM_TYPES, repeat=len(rooms)):
            table = [[card_modifier(view.cards, view.cards[a], kind, t) + view.levels.get(a, 0)
                      for t in types] for a in team]
            odds = location_odds(kind, table)
            rows.append((" + ".join(types), str(odds.p_all), f"{float(odds.p_all):.0%}"))
        return (head + "The rooms are face down; if they are:"
                + table_html(["rooms", "all done", "%"], rows))
