"""Hero versus Guardian in a notebook: play the Hero (or the Guardian) against a bot.

The board is the dungeon (Entries, face-down and revealed rooms with their names, Map and
Scout tokens, the locations the Hero may enter lit); beside it a panel says what just
happened, what is asked of you now (in a sentence, with the choices as buttons, the
exact odds on them), the score, and your cards (an Adventurer shows its class, points,
Powers, modifiers, Items and Level).

As the Hero, choose Scout or Venture and hover over or click a lit location: the exact
odds appear first (one chance, "if the rooms are unseen cards at random", with the chance
for each kind of room below), and the stones are spent only when you confirm (click the
location again, or the button). Then click Adventurers in the order they go in, *Enter*,
and roll one at a time. As the Guardian, design the dungeon by clicking a room in your
panel and then a location (or deal the rest at random); Restock and Rebuild the same
way, with the Hero's chance of Mapping each location he can reach shown on the board.

>>> app = HeroVsGuardianApp(role="hero", seed=4)
>>> app.state.players, app.state.phase
(('You', 'Guardian'), 'recruit')
>>> app.act("recruit random")
True
>>> target = sorted(app.state.targetable())[0]
>>> app.board.simulate("click", f"loc-{target}")      # Scout (the default): odds first
>>> app.state.attempt is None and app.selected == target and app.state.hero_stones
6
>>> "placed at random" in app.odds_view.value and "Worst case" in app.odds_view.value
True
>>> app.board.simulate("click", f"loc-{target}")      # the second click confirms
>>> app.state.attempt["kind"], app.state.hero_stones
('scout', 4)
>>> app.act("retreat")
False
>>> app.message.value.startswith("✗ ")
True

Playing the Guardian, the rooms are placed by clicking (or dealt at random):

>>> guardian = HeroVsGuardianApp(role="guardian", seed=3)
>>> room = guardian.state.unplaced[0]
>>> guardian.cards_board.simulate("click", f"pick-{room}")
>>> guardian.board.simulate("click", "loc-B2")
>>> guardian.state.grid["B2"] == [room]
True
>>> [b.description for b in guardian.buttons][:1]
['Deal the other 15 rooms at random']

Three players: you are the first Hero, a bot the second, another the Guardian.

>>> team = HeroVsGuardianApp(role="hero", seed=5, players=3)
>>> team.state.players, team.state.current_player == team.seat
(('You', 'Hero 2', 'Guardian'), True)
"""

from __future__ import annotations

import html
import itertools
import textwrap
from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as w
import sympy

from ..core.bots import Bot
from ..core.engine import Action, Event, GameState
from ..core.english import approx, count, listing, objective, percent, possessive, says
from ..core.english import chance as chance_words
from ..core.errors import DungeoncraftError, IllegalActionError, InvalidArgumentError
from ..core.scene import Path, Rect, Scene, Text
from ..widgets.app import Choice, FinalSummary, GameApp, split_level
from ..widgets.board import BoardEvent, BoardView
from ..widgets.panels import probability_latex, table_html
from .actions import (
    Arrange,
    Cast,
    Continue,
    Deal,
    Discard,
    Done,
    Draw,
    End,
    Enter,
    Entry,
    First,
    Keep,
    Lift,
    Lose,
    Order,
    Pass,
    Pick,
    Place,
    Play,
    Rebuild,
    Recruit,
    Restock,
    Retreat,
    Roll,
    Save,
    Scout,
    SetRoom,
    Shift,
    Stow,
    Take,
    Venture,
)
from .belief import location_chance, map_chance, room_belief
from .bots import GuardianBot, HeroBot
from .data import ROOM_TYPES
from .dungeon import HIDDEN, LOCATIONS, OPPOSITE, TARGET
from .effects import VOCABULARY
from .graph import Route, most_likely_route
from .odds import best_order, location_odds, roll_outcome
from .rebuild_restock import rebuild_limit
from .rules import HeroVsGuardianState, new_game
from .scene import CELL, _room_kind, _xy, dungeon_scene, fit, target_of
from .scout_venture import adventurer_modifier, save_options

__all__ = ["HeroVsGuardianApp", "venture_chances"]

CARDS_W = 300  # the card panel's width (its own board beside or below the dungeon): about
# the side column's width beside the dungeon, so its text is drawn near its own size


#: Choices asked in the question panel above the board; the others (cards to play, take
#: or draw, rooms to remove) are grouped under their headings in the side panel.
#: What each Adventurer Power does, short enough for a card line (the rulebook's Powers).
POWER_WORDS = {"Sacrifice": "captured in place of another", "Scouting": "+1 to its Scout rolls",
               "Venturing": "+1 to its Venture rolls",
               "Spell Casting": "a Spell a round costs 0"}

#: At most this many orders of Adventurers are compared for the advice (each about 50 ms):
#: more, and only the orders of the 3 strongest are (the advice says so).
ORDER_BUDGET = 40

MAIN_GROUPS = ("", "Confirm", "Your turn", "Roll", "Save", "Which room first", "Build")
GROUP_ORDER = (*MAIN_GROUPS, "Pick a room", "Play a card", "Take a card (1 stone)",
               "Draw (1 stone)")


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
                         adventurer_modifier(view.cards, a, "venture", kind,
                                             level=view.levels.get(a, 0))
                         for room, kind in zip(rooms, room_types, strict=True)]
                     for a in party}
            names = [f"room {i}" for i in range(len(rooms))]
            total += best_order("venture", table, names, room_order="guardian",
                                runners_up=0).best.odds.p_all
        out[loc] = total / len(combos)
    return out


def _card_lines(view: HeroVsGuardianState, card: str) -> list[str]:
    """What a person reads on a card: kind, points, Powers, modifiers, text (no codes)."""
    c = view.cards
    info = c[card]
    if card in c.adventurers:
        mods = info["modifiers"]
        powers = [f"{p}: {POWER_WORDS[p]}" if p in POWER_WORDS else p
                  for p in info.get("powers", ())] or ["no Power"]
        lines = [f"{info['class']} · {count(info['points'], 'point')} if captured", *powers,
                 " · ".join(f"{t} {mods[t]:+d}" for t in ROOM_TYPES)]
        extra = []
        items = view.items.get(card, ())
        if items:
            extra.append("Items: " + ", ".join(c[i]["name"] for i in items))
        if view.levels.get(card):
            extra.append(f"Level +{view.levels[card]}")
        if extra:
            lines.append(" · ".join(extra))
        return lines
    kind = info.get("kind")
    if kind in ("room", "vacant", "vault"):
        head = f"{_room_kind(info)} room · {count(info['points'], 'point')}"
    elif kind == "effect":
        head = f"Dungeon Effect · Timing: {info.get('timing', 'Non-Combat')}"
    elif kind == "spell":
        head = (f"Spell · Timing: {info.get('timing', 'Non-Combat')} · "
                f"{count(info['points'], 'point')}")
    else:
        head = f"Item · {count(info['points'], 'point')}"
    text = info.get("text", "")
    return [head, *textwrap.wrap(text, 40)[:3]]


class HeroVsGuardianApp(GameApp):
    """Play ``role`` ("hero" or "guardian") against sensible bots; with ``players`` 3 or 4
    the other Heroes (who take rounds in turn, scoring as a team) are bots too."""

    search_game: ClassVar[str | None] = "hero_vs_guardian"  # the Bots: levels search this game

    def __init__(self, role: str = "hero", seed: int | None = None, *, players: int = 2,
                 bots: Mapping[int, Bot] | str | None = None,
                 state: HeroVsGuardianState | None = None, **kwargs: Any) -> None:
        if role not in ("hero", "guardian"):
            raise DungeoncraftError(f"role must be 'hero' or 'guardian', not {role!r}")
        if state is None:
            if isinstance(players, bool) or not isinstance(players, int) \
                    or not 2 <= players <= 4:  # refused before any name is made
                raise InvalidArgumentError(f"players must be 2, 3 or 4, not {players!r}")
            names = ["Hero"] if players == 2 else [f"Hero {i + 1}" for i in range(players - 1)]
            names.append("Guardian")
            names[0 if role == "hero" else -1] = "You"
            state = new_game(players=names, seed=seed)
        seat = 0 if role == "hero" else state.guardian
        bots, level = split_level(bots)  # "hard": the default bots, searching
        if bots is None:
            bots = {p: (GuardianBot(seed=p) if p == state.guardian else HeroBot(seed=p))
                    for p in range(len(state.players)) if p != seat}
        self.role = role
        self.selected: str | None = None  # a location whose odds are shown, not yet paid for
        self.preview: str | None = None  # the lit location under the pointer
        self.picked: str | None = None  # the Guardian's room in hand, to be put somewhere
        self.corner: str | None = None  # a corner clicked for an Entry: which edge, asked
        self._cache: dict[Any, Any] = {}  # odds of this position, keyed with self.version
        self._searched: dict[tuple[str, str], bool] = {}  # (kind, loc): every order compared
        self.mode = w.ToggleButtons(options=[("Scout (2 stones)", "scout"),
                                             ("Venture (3 stones)", "venture")],
                                    value="scout", description="A lit location to:",
                                    style={"description_width": "initial"})
        self.mode.observe(lambda _c: self._redraw(), names="value")
        self.score_view = w.HTML()
        self.more_box = w.VBox()  # the grouped choices that are not the question's
        self.buttons: list[w.Button] = []
        self.odds_view = w.HTMLMath()
        self.cards_board = BoardView(min_text_px=10)  # scrolls rather than shrink its text
        self.cards_board.layout.max_width = "520px"
        self.route_to = w.Dropdown(options=[("none", None), *((loc, loc) for loc in LOCATIONS)],
                                   description="Likeliest route to:",
                                   style={"description_width": "initial"},
                                   layout=w.Layout(width="auto", max_width="100%"))
        self.route_view = w.HTMLMath()
        self._route: tuple[int, str, Route | str] | None = None
        self.route_to.observe(lambda _change: self.refresh(), names="value")
        super().__init__(state, seat=seat, bots=bots, **kwargs, bot_level=level)
        self.board.layout.max_width = "620px"
        self.board.on_hover(self._on_hover)
        self.cards_board.on_click(self._on_board_click)
        self.side.children = [self.mode, self.odds_view, self.more_box, self.score_view,
                              self.cards_board, self.route_to, self.route_view]
        self.refresh()

    # ---------------------------------------------------------------- hooks
    def summarize(self, events: list[Event], view: GameState) -> list[str]:
        """What happened since your last action, one sentence per event you may see (the
        small steps of set-up and of a build are left to the log)."""
        skip = {"order", "place", "set", "lift", "keep", "shuffle"}
        keeps = sum(e.kind == "keep" for e in events)
        lines = []
        for e in events:
            if e.kind == "keep" and keeps:  # "Guardian keeps 2 cards.", where the first was
                lines.append(f"{says(view.players[view.guardian], 'keep')} "
                             f"{count(keeps, 'Dungeon card')}.")
                keeps = 0
            elif e.kind not in skip:
                lines.append(e.text)
        return lines or [e.text for e in events[-1:]]

    def moved_ids(self, events: list[Event], view: GameState) -> set[str]:
        """The locations where something happened: rooms revealed, rolled against, set,
        lifted, moved, Mapped or Scouted."""
        return {f"loc-{loc}" for e in events for loc in (e.data.get("loc"), e.data.get("origin"))
                if isinstance(loc, str) and loc in LOCATIONS}

    def action_label(self, action: Action) -> str:
        """An action in words (the action menu and Undo's sentences)."""
        view = getattr(self, "view", None)
        if isinstance(view, HeroVsGuardianState) and self.state.current_player == self.seat:
            key = (self.version, len(self.state.history), id(view))
            labels = getattr(self, "_labels", None)
            if labels is None or labels[0] != key:  # the buttons' words, once per position
                labels = (key, {c.action: c.label for _t, group in self._groups(view)
                                for c in group if isinstance(c.action, Action)})
                self._labels = labels
            if action in labels[1]:
                return labels[1][action]
        name = self.state.cards.name
        words = {Scout: lambda a: f"Scout {a.loc}", Venture: lambda a: f"Venture {a.loc}",
                 Recruit: lambda a: ("Draw 3 Adventurers at random" if a.method == "random"
                                     else "Pick 3 Adventurers worth 2 points"),
                 Enter: lambda a: "Enter the Dungeon", Roll: lambda a: "Roll",
                 Retreat: lambda a: "Roll to Retreat", Continue: lambda a: "Let the roll happen",
                 Pass: lambda a: "Pass", End: lambda a: "End your turns this round",
                 Deal: lambda a: "Deal the rooms at random", Rebuild: lambda a: "Rebuild",
                 Restock: lambda a: "Restock", Arrange: lambda a: "Put the lifted rooms back",
                 Done: lambda a: "Done restocking", Lose: lambda a: "Lose the Adventurer",
                 Save: lambda a: f"Save the Adventurer with {name(a.card)}",
                 First: lambda a: f"Attempt {name(a.room)} first",
                 Stow: lambda a: f"Put {name(a.item)} back in your hand",
                 Take: lambda a: f"Take {name(a.card)}",
                 Draw: lambda a: f"Draw from the {a.deck} deck",
                 Discard: lambda a: f"Remove {name(a.card)} from the Dungeon",
                 Play: lambda a: f"Play {name(a.card)}" + (f" on {name(a.target)}"
                                                          if a.target else ""),
                 Cast: lambda a: f"Play {name(a.card)}" + (f" on {name(a.target)}"
                                                          if a.target else ""),
                 Order: lambda a: f"Put the next Order Token on {name(a.adventurer)}",
                 Lift: lambda a: f"Lift the rooms of {a.loc}",
                 SetRoom: lambda a: f"Put {name(a.card)} at {a.loc}",
                 Shift: lambda a: f"Move {name(a.card)} to {a.loc}",
                 Place: lambda a: f"Place {name(a.card)} at {a.loc}",
                 Entry: lambda a: f"Entry Token on the {a.side} edge of {a.loc}",
                 Keep: lambda a: f"Keep {name(a.card)}", Pick: lambda a: f"Pick {name(a.card)}"}
        if type(action) in words:
            return words[type(action)](action)
        return " ".join(name(x) if x in self.state.cards else x for x in str(action).split())

    def question(self, view: HeroVsGuardianState) -> str | None:  # noqa: C901 - one per step
        """What is asked of you now, in a sentence (None when it is not your turn)."""
        if view.is_over:
            return None
        if view.current_player != self.seat:
            who = view.players[view.current_player] if view.current_player is not None else ""
            return f"{says(who, 'be')} thinking…" if who else None
        at, b = view.attempt, view.build
        if view.phase == "design":
            return ("Design your Dungeon: click a room in your panel, then an empty location "
                    f"({count(len(view.unplaced), 'room')} to place), or deal the rest at random.")
        if view.phase == "entry":
            if self.corner is not None:
                return (f"{self.corner} is a corner: it touches two edges of the Dungeon. On "
                        "which edge does the Entry Token go?")
            if not view.entries:
                return ("Place the first Entry Token on an outside edge of the Dungeon: click a "
                        "location on the edge (for a corner, the buttons beside the board say "
                        "which edge).")
            return ("Place the second Entry Token on one of the four locations on the "
                    f"{OPPOSITE[view.entries[0][1]]} side: click one (or use the buttons "
                    "beside the board).")
        if view.phase == "keep":
            return f"Keep {2 - len(view.guardian_hand)} of the Dungeon cards you drew (click one)."
        if view.phase == "recruit":
            return "Choose your Adventurers: draw 3 at random, or pick 3 worth 2 points each."
        if view.phase == "pick":
            return f"Pick an Adventurer worth 2 points ({view.picks_left} more)."
        if b is not None:
            if b["kind"] == "rebuild" and b["stage"] == "lift":
                return ("Rebuild: click the locations whose rooms you lift (up to "
                        f"{rebuild_limit(view.tokens)}), then put the rooms back.")
            if b["kind"] == "rebuild":
                return ("Put the lifted rooms back: click a room in your panel, then a lifted "
                        "location (at most 2 a location, at least 1 where there was one).")
            return ("Restock: click a room in your hand, then a location without a token; or "
                    "click a room in a location you restocked, then a neighbouring location "
                    "to move it there. Press Done when finished.")
        if at is not None:
            return self._attempt_question(view, at)
        if self.seat == view.guardian:
            stones = count(view.guardian_stones, "Action Stone")
            if view.hero_out:
                return (f"The Hero's turns are over: your final options ({stones}). Rebuild, "
                        "Restock, draw or play a card, or pass to end the round.")
            return (f"Your option ({stones}): Rebuild, Restock, draw or play a card - or pass "
                    "and let the Hero act.")
        stones = count(view.hero_stones, "Action Stone")
        if not view.party[self.seat]:
            return (f"Your turn ({stones}). You have no Adventurer in play, so you cannot Scout "
                    "or Venture: take one from the Tavern or draw one (1 stone each), then put "
                    "it into play from your hand; or end your turns.")
        if self.selected is not None:
            word = "Scout" if self.mode.value == "scout" else "Venture"
            return (f"{word} {self.selected}? The odds are below; confirm to spend "
                    f"{count(2 if word == 'Scout' else 3, 'stone')} (or click another "
                    "location).")
        note = " The Guardian has just passed: act or end your turns." \
            if view.passed == "guardian" else ""
        return (f"Your turn ({stones}). Choose Scout or Venture and hover over or click a lit "
                f"location to see the exact odds first; or play, take or draw a card.{note}")

    def _attempt_question(self, view: HeroVsGuardianState, at: dict[str, Any]) -> str:
        c = view.cards
        stage, loc = at["stage"], at["loc"]
        word = "Scout" if at["kind"] == "scout" else "Venture"
        if stage == "order":
            return (f"{word} {loc}: click your Adventurers in the order they go in (one Order "
                    "Token each), then Enter: the rooms are revealed.")
        if stage == "first":
            if self.seat == view.guardian:
                return "Choose which room the Hero attempts first (click it)."
            return "Which room do you attempt first? Click it, or use a button."
        if stage == "roll":
            adv, room = at["order"][at["next"]], at["current"]
            needs = {kind: _needs(kind, view.roll_modifier(kind, adv, room, loc))
                     for kind in (at["kind"], "retreat")}
            text = (f"{_adv_name(view, adv)} is next, facing {c[room]['name']}: roll to {word} "
                    f"({needs[at['kind']]})")
            if Retreat() in self._my_legal():
                text += f", or roll to Retreat ({needs['retreat']})"
            return text + "."
        if stage == "window":
            hero = self._announced_chance(view)
            odds = "" if hero is None else f" (as it stands he succeeds with chance " \
                f"{chance_words(hero)})"
            return (f"The Hero announced a {at['pending']} roll{odds}: play a Combat card "
                    "against it, or let it happen.")
        if stage == "stow":
            adv = at["victim_stow"]
            return (f"{c[at['cursed']]['name']} attaches itself to {_adv_name(view, adv)}, who "
                    "already holds 2 Items: which Item goes back to your hand?")
        victim = _adv_name(view, at["victim"])
        if at.get("stand_in"):
            saved = _adv_name(view, at["stand_in"])
            return (f"The {victim} stands in for the {saved} and is about to be captured. Use "
                    f"the {victim}'s Armor to save the {victim}, or lose the {victim}?")
        helpers = [_adv_name(view, x) for x in _savers(view, at["victim"])]
        ways = [f"sacrifice the {h}" if h != "Armor" else "use the Armor" for h in helpers]
        ways[0] = ways[0][0].upper() + ways[0][1:]
        return (f"The {victim} failed and is about to be captured. {listing(ways, 'or')} to save "
                f"the {victim}, or lose the {victim}?")

    def choices(self, view: HeroVsGuardianState) -> list[Choice]:
        """The buttons of the decision asked in the question panel (the main ones)."""
        return [choice for title, group in self._groups(view) if title in MAIN_GROUPS
                for choice in group]

    def _side_groups(self, view: HeroVsGuardianState) -> list[tuple[str, list[Choice]]]:
        return [(title, group) for title, group in self._groups(view)
                if title not in MAIN_GROUPS]

    def holdings(self, view: HeroVsGuardianState) -> list[tuple[str, str]]:
        """What each side holds that the others may see (the card panel draws yours)."""
        out = []
        for h in range(view.n_heroes):
            party = ", ".join(_adv_name(view, a) for a in view.party[h]) or "none"
            out.append((f"{possessive(view.players[h])} Adventurers", party))
            out.append((f"{possessive(view.players[h])} hand",
                        count(len(view.hands[h]), "card")))
        out.append((f"{possessive(view.players[view.guardian])} hand",
                    count(len(view.guardian_hand), "card")))
        return out

    def final_summary(self, view: HeroVsGuardianState) -> FinalSummary:
        """The winner in words (the Heroes win or lose as a team) and the final scores."""
        heroes, _guardian = view.team_scores()
        drew = "you" if self.seat == view.guardian else "the Guardian"
        reason = {"vault": "the Treasure Vault was Ventured",
                  "deck": f"{drew} drew from an empty Dungeon deck",
                  "stalemate": "nothing changed for a whole round"}.get(view.end_reason or "", "")
        rows = [("Guardian" if p == view.guardian else "Hero", name, points)
                for p, (name, points) in enumerate(zip(view.players, view.scores(),
                                                       strict=True))]
        if view.n_heroes > 1:
            rows.append(("Heroes", "together", heroes))
        return FinalSummary(f"{_verdict(view)}: {reason}.", ("Side", "Player", "Points"),
                            tuple(rows))

    # ------------------------------------------------------------ drawing
    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, HeroVsGuardianState)
        notes = {}
        if self.seat == view.guardian and view.phase == "round" and not view.is_over:
            notes = {loc: (_map_note(chance), f"the Hero Maps {loc} with his next Venture with "
                           f"chance {chance_words(chance)}")
                     for loc, chance in self._map_chances(view).items()}
        scene = dungeon_scene(view, selected=self.selected or self.preview, notes=notes)
        legal = self._my_legal()
        clicks: dict[str, Any] = {}
        at, b = view.attempt, view.build
        for action in legal:
            if isinstance(action, (Scout, Venture)) and action.verb == self.mode.value:
                clicks[f"loc-{action.loc}"] = ("select", action.loc)
            elif isinstance(action, Lift):
                clicks[f"loc-{action.loc}"] = action
            elif isinstance(action, First):
                i = view.grid[at["loc"]].index(action.room)
                clicks[f"room-{at['loc']}-{i}"] = action
            elif isinstance(action, Entry):
                # A corner touches two edges: its click asks which (never picks one).
                key = f"loc-{action.loc}"
                clicks[key] = ("corner", action.loc) if key in clicks else action
        if self.picked is not None:
            for action in legal:
                if isinstance(action, (Place, SetRoom, Shift)) and action.card == self.picked:
                    clicks[f"loc-{action.loc}"] = action
        if b is not None and b["kind"] == "restock" and self.picked is None:
            for action in legal:
                if isinstance(action, Shift):
                    loc = next(x for x in LOCATIONS if action.card in view.grid[x])
                    clicks[f"room-{loc}-{view.grid[loc].index(action.card)}"] = (
                        "pick", action.card)
        # A room or a label drawn over a location answers a click as the location does.
        for loc in LOCATIONS:
            what = clicks.get(f"loc-{loc}")
            if what is not None:
                for shape in [f"room-{loc}-{i}" for i in range(len(view.grid[loc]))] + [
                        f"note-{loc}-bg"]:
                    if scene.find(shape) is not None:
                        clicks.setdefault(shape, what)
        scene.clickable = set(clicks)
        self._click_actions = clicks
        self._draw_route(scene, view)
        self.cards_board.show(self._cards_scene(view))
        return scene

    def _map_chances(self, view: HeroVsGuardianState) -> dict[str, sympy.Rational]:
        self._forget_old()
        key = ("map", self.version)
        if key not in self._cache:
            self._cache[key] = {loc: map_chance(view, loc)
                                for loc in sorted(view.targetable(), key=LOCATIONS.index)}
        return self._cache[key]

    def _draw_route(self, scene: Scene, view: HeroVsGuardianState) -> None:
        route = self._route_answer(view)
        if isinstance(route, Route) and len(route.path) > 1:
            centre = {loc: (x + CELL / 2, y + CELL / 2)
                      for loc in route.path for x, y in [_xy(loc)]}
            d = " ".join(("M" if i == 0 else "L") + " {:g} {:g}".format(*centre[loc])
                         for i, loc in enumerate(route.path))
            scene.add(Path("route", d, classes=("line", "route"), stroke="#e65100",
                           stroke_width=5, opacity=0.8, label=f"likeliest route: {route}"))

    def _cards_scene(self, view: HeroVsGuardianState) -> Scene:
        """Your cards (and what you may pick) as a second, narrow board."""
        scene = Scene(CARDS_W, 60, title="Your cards")
        c = view.cards
        legal = self._my_legal()
        clicks: dict[str, Any] = {}
        y = 6.0
        if self.seat == view.guardian:
            sections = []
            if view.phase == "design":
                sections.append(("Rooms to place (click one, then a location)", view.unplaced,
                                 "pick"))
            if view.phase == "keep":
                sections.append(("Dungeon cards drawn: keep 2", view.opening, "keep"))
            if view.build is not None and view.build["kind"] == "rebuild":
                sections.append(("Lifted rooms (click one, then a lifted location)",
                                 view.build["pool"], "pick"))
            sections.append(("Your hand", view.guardian_hand, "hand"))
            for title, cards, use in sections:
                y = self._section(scene, title, y)
                for card in cards:
                    action = self._card_action(view, card, use, legal)
                    y = self._card(scene, f"{use}-{card}", y, c.name(card),
                                   _card_lines(view, card), selected=card == self.picked)
                    if action is not None:
                        clicks[f"{use}-{card}"] = action
            hero = view.active
            y = self._section(scene, f"{possessive(view.players[hero])} Adventurers", y)
            for adv in view.party[hero] + view.frozen[hero]:
                y = self._card(scene, f"adv-{adv}", y, c.name(adv), _card_lines(view, adv),
                               "Frozen" if adv in view.frozen[hero] else "")
        else:
            hero = view.active if view.phase == "round" else self.seat
            order = view.attempt["order"] if view.attempt else []
            y = self._section(scene, f"{possessive(view.players[hero])} Adventurers", y)
            for adv in view.party[hero] + view.frozen[hero]:
                note = f"Order {order.index(adv) + 1}" if adv in order else (
                    "Frozen" if adv in view.frozen[hero] else "")
                y = self._card(scene, f"adv-{adv}", y, c.name(adv), _card_lines(view, adv),
                               note, selected=adv in order)
                if Order(adv) in legal:
                    clicks[f"adv-{adv}"] = Order(adv)
            if view.phase == "pick":
                y = self._section(scene, "Adventurers worth 2 points (click to pick)", y)
                for adv in dict.fromkeys(a for a in view.adv_deck if a in c):
                    if Pick(adv) in legal:
                        y = self._card(scene, f"pick-{adv}", y, c.name(adv),
                                       _card_lines(view, adv))
                        clicks[f"pick-{adv}"] = Pick(adv)
            y = self._section(scene, "Your hand", y)
            for card in view.hands[self.seat]:
                if card == HIDDEN:
                    continue
                y = self._card(scene, f"hand-{card}", y, c.name(card), _card_lines(view, card))
                plays = [a for a in legal if isinstance(a, Play) and a.card == card]
                if len(plays) == 1:
                    clicks[f"hand-{card}"] = plays[0]
            for title, cards in (("Tavern (1 stone to take)", view.tavern),
                                 ("Market (1 stone to take)", view.market)):
                y = self._section(scene, title, y)
                for card in cards:
                    y = self._card(scene, f"offer-{card}", y, c.name(card),
                                   _card_lines(view, card))
                    if Take(card) in legal:
                        clicks[f"offer-{card}"] = Take(card)
        scene.height = y + 6
        scene.clickable = set(clicks)
        self._card_clicks = clicks
        return scene

    def _card_action(self, view: HeroVsGuardianState, card: str, use: str,
                     legal: list[Action]) -> Any:
        if use == "keep":
            return Keep(card) if Keep(card) in legal else None
        if any(isinstance(a, (Place, SetRoom)) and a.card == card for a in legal):
            return ("pick", card)
        plays = [a for a in legal if isinstance(a, Play) and a.card == card]
        return plays[0] if len(plays) == 1 else None

    @staticmethod
    def _section(scene: Scene, title: str, y: float) -> float:
        text, font = fit(title, CARDS_W - 8, 13.5)
        scene.add(Text(f"title-{title}", 4, y + 11, text, size=font, anchor="start",
                       weight="bold"))
        return y + 24

    @staticmethod
    def _card(scene: Scene, sid: str, y: float, name: str, lines: list[str], note: str = "",
              selected: bool = False) -> float:
        height = 25 + 16 * len(lines)
        tooltip = "\n".join([name, *lines] + ([note] if note else []))
        scene.add(Rect(sid, 3, y, CARDS_W - 6, height - 4, rx=5, fill="#f4efe3",
                       stroke="#5b4a2f", classes=("card", "selected") if selected else ("card",),
                       label=f"{name}: {'; '.join(lines)}", tooltip=tooltip))
        scene.add(Text(f"{sid}-name", 10, y + 12, name, size=13.5, anchor="start",
                       weight="bold", fill="#222222"))
        for i, line in enumerate(lines):
            text, font = fit(line, CARDS_W - 18, 12)
            scene.add(Text(f"{sid}-line{i}", 10, y + 29 + 16 * i, text, size=font,
                           anchor="start", fill="#333333"))
        if note:
            scene.add(Text(f"{sid}-note", CARDS_W - 10, y + 12, note, size=12.5, anchor="end",
                           weight="bold", fill="#b35900"))
        return y + height

    def goal(self, view: GameState) -> str:
        """The goal, the two ways the game ends and how far each is."""
        assert isinstance(view, HeroVsGuardianState)
        hero = self.seat != view.guardian
        aim = ("Goal: more points than the Guardian. You score the rooms you Venture; the "
               "Guardian scores every Adventurer and Item captured, 1 point per 2 locations "
               "without a token, and the Vault's 8 while it stays in the Dungeon."
               if hero else
               "Goal: more points than the Hero. You score every Adventurer and Item you "
               "capture, 1 point per 2 locations without a token, and the Vault's 8 while it "
               "stays; the Hero scores the rooms he Ventures.")
        left = len(view.dungeon_deck)
        end = (" The game ends when the Hero Ventures the Treasure Vault, or when the "
               "Guardian draws from an empty Dungeon deck "
               f"({count(left, 'card')} left in it now)")
        heroes, guardian = view.team_scores()
        where = (f"; round {view.round_no}, " if view.phase == "round" else "; ") + (
            f"score {heroes} to {guardian}." if not view.is_over else "the game is over.")
        return aim + end + where

    def legend(self, view: GameState) -> list[tuple[str, str]]:
        return [("▶ brown triangle", "an Entry: the Hero's way in"),
                ("green frame", "a location the Hero may Scout or Venture"),
                ("white disc", "a Map token (every room Ventured)"),
                ("black disc", "a Scout token (the rooms seen)"),
                ("coloured strip", "a room: Trap, Brute, Evil, Magic; dark: face down"),
                ("orange note", "the Hero's chance to Map it")]

    def describe(self, view: GameState) -> str:
        assert isinstance(view, HeroVsGuardianState)
        heroes, guardian = view.team_scores()
        side = "Heroes" if view.n_heroes > 1 else view.players[0]
        warden = objective(view.players[view.guardian])  # after a comma: "you", not "You"
        score = f"{side} {heroes}, {warden} {guardian}"
        if view.is_over:
            return f"Game over. {score}: {_verdict(view)}."
        if view.phase == "round":
            hero = view.players[view.active]
            return (f"Round {view.round_no}: {says(hero, 'have')} "
                    f"{count(view.hero_stones, 'stone')}, {warden} "
                    f"{count(view.guardian_stones, 'stone')}. Score: {score}. "
                    + super().describe(view))
        return super().describe(view)

    # ------------------------------------------------------------- clicking
    def action_for_click(self, shape_id: str) -> Action | str | None:
        what = getattr(self, "_click_actions", {}).get(shape_id)
        if what is None:
            what = getattr(self, "_card_clicks", {}).get(shape_id)
        if what is None:
            if target_of(shape_id) is not None:
                raise IllegalActionError("that location cannot be chosen now")
            raise IllegalActionError("that card cannot be used now")
        if isinstance(what, tuple) and what[0] == "select":
            loc = what[1]
            if self.selected == loc:  # the second click confirms
                self.selected = None
                return Scout(loc) if self.mode.value == "scout" else Venture(loc)
            self.selected = loc
            return None
        if isinstance(what, tuple) and what[0] == "corner":
            self.corner = what[1]
            return None
        if isinstance(what, tuple) and what[0] == "pick":
            self.picked = None if self.picked == what[1] else what[1]
            return None
        self.picked = None
        return what

    def _on_hover(self, event: BoardEvent) -> None:
        loc = target_of(event.id)
        what = getattr(self, "_click_actions", {}).get(event.id)
        if loc is None or not (isinstance(what, tuple) and what[0] == "select"):
            return
        if loc != self.preview:
            self.preview = loc
            self.odds_view.value = self._odds_html()

    def act(self, action: Action | str | None) -> bool:
        self.corner = None
        kept = (self.selected, self.preview, self.picked)
        self.selected = self.preview = self.picked = None  # a new position: start afresh
        done = super().act(action)
        if not done:
            self.selected, self.preview, self.picked = kept
        return done

    def new_game(self) -> None:
        self.selected = self.preview = self.picked = None
        self._cache = {}
        super().new_game()

    def undo(self) -> bool:
        self.selected = self.preview = self.picked = None
        return super().undo()

    def _my_legal(self) -> list[Action]:
        if self.state.current_player != self.seat or self.state.is_over:
            return []
        return self.state.legal_actions()

    def _redraw(self) -> None:
        self.preview = None
        self.refresh()

    # ---------------------------------------------------------------- routes
    def _route_answer(self, view: HeroVsGuardianState) -> Route | str | None:
        """The likeliest route to the chosen location (cached until the game moves on)."""
        target = self.route_to.value if hasattr(self, "route_to") else None
        if target is None or view.phase != "round" or len(view.entries) != 2 \
                or self.seat == view.guardian:
            return None
        key = self.version  # changes with every action, undo and new game
        if self._route and self._route[:2] == (key, target):
            return self._route[2]
        answer: Route | str
        try:
            answer = most_likely_route(view, target, venture_chances(view))
        except DungeoncraftError as exc:
            answer = str(exc)
        self._route = (key, target, answer)
        return answer

    # ------------------------------------------------------------ the panel
    def refresh(self) -> None:
        if not hasattr(self, "more_box"):
            return  # GameApp.__init__ refreshes before this class's widgets exist
        super().refresh()
        view = self.view
        assert isinstance(view, HeroVsGuardianState)
        self._show_more(view)
        hero_side = self.seat != view.guardian
        for widget in (self.mode, self.route_to, self.route_view):
            widget.layout.display = "" if hero_side and not view.is_over else "none"
        choosing = any(isinstance(a, (Scout, Venture)) for a in self._my_legal())
        self.mode.layout.display = "" if choosing else "none"  # no toggle without its use
        self.score_view.value = self._score_html(view)
        self.odds_view.value = self._odds_html()
        route = self._route_answer(view)
        if route is None:
            self.route_view.value = ""
        elif isinstance(route, str):
            self.route_view.value = f"<i>{html.escape(route)}</i>"
        else:
            self.route_view.value = (
                f"{html.escape(' → '.join(route.path))}: every location Ventured "
                f"{probability_latex(route.probability)} (best order of your Adventurers; "
                "a face-down room counted as any of the four types, equally likely)")
        self.buttons = [b for b in self.choice_box.children if isinstance(b, w.Button)] + [
            b for row in self.more_box.children for part in row.children
            for b in getattr(part, "children", ()) if isinstance(b, w.Button)]

    def _show_more(self, view: HeroVsGuardianState) -> None:
        """The other choices, grouped under headings (cards to play, take, draw, ...)."""
        rows = []
        mine = self.state.current_player == self.seat and not self.state.is_over
        for title, group in (self._side_groups(view) if mine else []):
            buttons = []
            for choice in group:
                button = w.Button(description=choice.text, tooltip=choice.hint,
                                  button_style="success" if choice.best else "",
                                  layout=w.Layout(width="auto", max_width="100%"))
                button.add_class("dcw-choice")
                button.on_click(lambda _b, c=choice: self._choose(c))
                buttons.append(button)
            rows.append(w.VBox([w.HTML(f"<b>{html.escape(title)}</b>"),
                                w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]))
        self.more_box.children = rows

    def _pick(self, card: str) -> None:
        self.picked = None if self.picked == card else card

    def _groups(self, view: HeroVsGuardianState) -> list[tuple[str, list[Choice]]]:
        """The current choices, grouped: each group a title and its buttons."""
        legal = self._my_legal()
        if not legal:
            return []
        c = view.cards
        name = c.name
        groups: dict[str, list[Choice]] = {}

        def add(group: str, label: str, action: Any, **kw: Any) -> None:
            if isinstance(action, tuple):  # ("pick", card): a step of the app, not the game
                card = action[1]
                action = lambda card=card: self._pick(card)  # noqa: E731
            groups.setdefault(group, []).append(Choice(label, action, **kw))

        at = view.attempt
        picks: set[str] = set()
        lose_choice: list[Choice] = []
        for a in legal:
            if isinstance(a, Deal):
                add("", f"Deal the other {count(len(view.unplaced), 'room')} at random", a)
            elif isinstance(a, Entry):
                if self.corner is None:
                    add(f"Entry on the {a.side} edge", a.loc, a)
                elif a.loc == self.corner:
                    add("", f"On the {a.side} edge of {a.loc}", a)
            elif isinstance(a, Keep):
                add("Keep", f"Keep {name(a.card)}", a)
            elif isinstance(a, Recruit):
                add("", "Draw 3 Adventurers at random" if a.method == "random" else
                    "Pick 3 Adventurers worth 2 points", a)
            elif isinstance(a, Pick):
                add("Pick", name(a.card), a)
            elif isinstance(a, Pass):
                label = ("Pass: let the Guardian act once" if self.seat != view.guardian else
                         "Pass: end the round" if view.hero_out else "Pass: let the Hero act")
                add("Your turn", label + self._deck_warning(view), a)
            elif isinstance(a, End):
                kept = min(1, view.hero_stones)
                add("Your turn", "End your turns this round" + (" (1 stone carries over)"
                                                                 if kept else "")
                    + self._deck_warning(view), a)
            elif isinstance(a, (Scout, Venture)):
                if a.loc == self.selected and a.verb == self.mode.value:
                    found = self._preview_odds(view, a.verb, a.loc)
                    hint = "" if found is None else (
                        "Every room done with this chance if you then pick the order "
                        f"{' → '.join(_adv_name(view, x) for x in found[1])}: "
                        f"{self._weighed(view, a.verb, a.loc, found[0])}. You pick the "
                        "order next; the button that sends them in shows its own chance.")
                    # No ★: paying is not a plan yet; the order picked next is.
                    add("Confirm", f"{a.verb.capitalize()} {a.loc} for "
                        f"{count(2 if a.verb == 'scout' else 3, 'stone')}", a,
                        odds=None if found is None else found[0].p_all, tooltip=hint)
            elif isinstance(a, Order):
                pass  # clicked on the cards
            elif isinstance(a, Enter):
                team = " → ".join(_adv_name(view, x) for x in at["order"])
                label, odds, best, hint = self._enter_advice(view, at)
                add("", f"Enter {at['loc']} with {team}{label}", a, odds=odds, best=best,
                    tooltip=hint)
            elif isinstance(a, First):
                label = (f"Make the Hero face {name(a.room)} first" if self.seat == view.guardian
                         else f"Attempt {name(a.room)} first")
                add("Which room first", label, a)
            elif isinstance(a, Roll):
                adv, room = at["order"][at["next"]], at["current"]
                word = "Scout" if at["kind"] == "scout" else "Venture"
                chance = roll_outcome(at["kind"],
                                      view.roll_modifier(at["kind"], adv, room, at["loc"]))
                advice = self._retreat_advice(view, at)
                add("Roll", f"Roll: the {_adv_name(view, adv)} tries to {word} {c[room]['name']}"
                    f" (captured {percent(chance.captured)})", a, odds=chance.success,
                    best=advice is not None and advice.choice == "venture"
                    and advice.venture_value > 0,
                    tooltip=f"Captured with chance {chance.captured}."
                    + ("" if advice is None else " " + _retreat_words(advice)))
            elif isinstance(a, Retreat):
                adv, room = at["order"][at["next"]], at["current"]
                chance = roll_outcome("retreat", view.roll_modifier("retreat", adv, room,
                                                                    at["loc"]))
                advice = self._retreat_advice(view, at)
                add("Roll", f"Retreat: the {_adv_name(view, adv)} rolls to leave (captured "
                    f"{percent(chance.captured)})", a, odds=chance.success,
                    best=advice is not None and advice.choice == "retreat",
                    tooltip=f"Captured with chance {chance.captured}; on a success everyone "
                    "left goes home and the rooms done stay yours."
                    + ("" if advice is None else " " + _retreat_words(advice)))
            elif isinstance(a, Continue):
                hero = self._announced_chance(view)
                add("", "Let the roll happen: the Hero succeeds" if hero is not None else
                    "Let the roll happen", a, odds=hero)
            elif isinstance(a, Save):
                victim = _adv_name(view, at["victim"])
                cheapest = a.card == self._cheapest_loss(view, at["victim"])
                if a.card in view.items.get(at["victim"], ()):
                    scores = _guardian_scores(c.points(a.card))
                    add("Save", f"Use the {c[a.card]['name']} to save the {victim} ({scores})",
                        a, best=cheapest, tooltip=f"The {c[a.card]['name']} is captured in "
                        f"place of the {victim}.")
                else:
                    scores = _guardian_scores(self._loss(view, a.card))
                    helper = _adv_name(view, a.card)
                    add("Save", f"Sacrifice the {helper} to save the {victim} ({scores})", a,
                        best=cheapest, tooltip=f"The {helper} is captured in place of the "
                        f"{victim}.")
            elif isinstance(a, Lose):
                victim = at["victim"]
                groups.setdefault("Save", [])
                who = _adv_name(view, victim)
                losing = Choice(f"Lose the {who} ({_guardian_scores(self._loss(view, victim))})",
                                a, best=self._cheapest_loss(view, victim) == victim,
                                tooltip=f"The {who} is captured, with its Items.")
                lose_choice.append(losing)
            elif isinstance(a, Stow):
                add("", f"Put {c[a.item]['name']} back in your hand", a)
            elif isinstance(a, (Play, Cast)):
                label = self._play_label(view, a) + ("" if isinstance(a, Cast) else
                                                     self._stone_cost(view))
                # Against an announced roll the cards are the answer: beside "Let it happen".
                group = "" if at is not None and at.get("stage") == "window" else "Play a card"
                if any(ch.label == label for ch in groups.get(group, ())):
                    continue  # two copies of a card: one button plays one of them
                add(group, label, a)
            elif isinstance(a, Take):
                where = ("from the Tavern" if a.card in view.tavern else "from the Market"
                         if a.card in view.market else "back from its Adventurer")
                add("Take a card (1 stone)", f"{name(a.card)} {where}"
                    + self._stone_cost(view, said=False), a)
            elif isinstance(a, Draw):
                label = {"adventurers": "Draw the top Adventurer",
                         "treasure": "Draw the top Treasure card",
                         "dungeon": "Draw a Dungeon card" + (
                             " (the deck is empty: the game ends)" if not view.dungeon_deck
                             else "")}[a.deck]
                add("Draw (1 stone)", label + self._stone_cost(view, said=False), a)
            elif isinstance(a, Rebuild):
                add("Build", f"Rebuild: rearrange up to {rebuild_limit(view.tokens)} locations", a)
            elif isinstance(a, Restock):
                add("Build", "Restock: put rooms from your hand into the Dungeon", a)
            elif isinstance(a, Arrange):
                add("", "Stop lifting: put the rooms back", a)
            elif isinstance(a, Done):
                add("", "Done restocking", a)
            elif isinstance(a, Discard):
                add("Remove from the Dungeon (half its points to the Hero)", name(a.card), a)
            elif isinstance(a, (SetRoom, Place)):
                if a.card not in picks:
                    picks.add(a.card)
                    add("Pick a room", name(a.card) + (" (picked)" if a.card == self.picked
                                                       else ""), ("pick", a.card))
        if lose_choice:  # the saves first, then losing the Adventurer
            groups.setdefault("Save", []).extend(lose_choice)
        return sorted(groups.items(), key=lambda kv: GROUP_ORDER.index(kv[0])
                      if kv[0] in GROUP_ORDER else len(GROUP_ORDER))

    def _deck_warning(self, view: HeroVsGuardianState) -> str:
        """For the Hero's buttons that hand the Guardian a turn: the Dungeon deck is empty,
        so the Guardian may end the game by drawing (and win if ahead)."""
        if self.seat == view.guardian or view.dungeon_deck or view.guardian_stones < 1:
            return ""
        heroes, guardian = view.team_scores()
        return (" — the Dungeon deck is empty: the Guardian may end the game now by drawing"
                + (f" and win {guardian} to {heroes}" if guardian > heroes else ""))

    @staticmethod
    def _announced_chance(view: HeroVsGuardianState) -> Any:
        """The Hero's chance that the roll he announced succeeds, as things stand (before any
        Combat card), or None."""
        at = view.attempt
        if at is None or at.get("pending") is None or at.get("current") not in view.cards:
            return None
        adv = at["order"][at["next"]]
        return roll_outcome(at["pending"], view.roll_modifier(
            at["pending"], adv, at["current"], at["loc"])).success

    def _stone_cost(self, view: HeroVsGuardianState, *, said: bool = True) -> str:
        """What an action of 1 stone costs, for its button: " (1 stone)", and when it is the
        player's last stone what that brings (the Hero's turns end for this round)."""
        mine = view.guardian_stones if self.seat == view.guardian else view.hero_stones
        cost = " (1 stone" if said else ""
        if mine == 1:
            then = ("none left after it" if self.seat == view.guardian
                    else "your turns end for this round")
            cost += ("; " if said else " (") + f"your last stone: {then})"
        elif said:
            cost += ")"
        return cost

    def _enter_advice(self, view: HeroVsGuardianState,
                      at: dict[str, Any]) -> tuple[str, Any, bool, str]:
        """For the button that sends the chosen order in: (what to add to its label, the
        chance every room is done with THIS order, ★ or not, its tooltip). ★ only when
        this order expects at least the points of the best order compared, and more than 0."""
        kind, loc, order = at["kind"], at["loc"], list(at["order"])
        try:
            odds = location_chance(view, kind, loc, order, points=True)
        except DungeoncraftError:
            return "", None, False, ""
        net = self._net(view, kind, loc, odds)
        found = self._preview_odds(view, kind, loc)
        best_net = None if found is None else self._net(view, kind, loc, found[0])
        best = net > 0 and (best_net is None or net >= best_net)
        hint = f"This order: {self._weighed(view, kind, loc, odds)}."
        if found is not None and not best:
            team = " → ".join(_adv_name(view, x) for x in found[1])
            hint += (f" The best order compared, {team}, expects {_signed(best_net)} "
                     f"(every room done {chance_words(found[0].p_all)}).")
        if best:
            hint += (" No order compared expects more" + (
                "." if self._searched.get((kind, loc)) else
                " (the orders of your 3 strongest Adventurers were compared)."))
        return f" (expects {_short(net)} points); every room done", odds.p_all, best, hint

    def _retreat_advice(self, view: HeroVsGuardianState, at: dict[str, Any]) -> Any:
        """The library's optimal choice (Venture on or Retreat) for the Adventurer about to
        roll in a Venture where a Retreat is allowed, or None. It weighs the rooms' points,
        the captured Adventurers' and Items' points and the token the last room brings."""
        if at["kind"] != "venture" or not any(isinstance(a, Retreat) for a in
                                                self._my_legal()):
            return None
        team = at["order"][at["next"]:][:4]
        rooms = [r for r in view.grid[at["loc"]] if r not in at["done"]]
        if not team or not rooms or any(r not in view.cards for r in rooms):
            return None
        rooms.sort(key=lambda r: r != at["current"])
        loc, c = at["loc"], view.cards
        table = [[view.roll_modifier("venture", a, r, loc) for r in rooms] for a in team]
        points = [c.points(r) for r in rooms]
        points[-1] += self._token_worth(view, loc)  # the last room done Maps the location
        # The library lets only the 2nd Adventurer on Retreat, and what comes after a
        # decision depends only on who rolls next and the rooms done: a stand-in who rolled
        # first (worth 0) puts the Adventurer about to roll 2nd, with 0 rooms done.
        odds = location_odds("venture", [[0] * len(rooms), *table[:3]], room_points=points,
                             adventurer_points=[0, *(self._loss(view, a) for a in team[:3])],
                             retreat=[0, *(view.roll_modifier("retreat", a, rooms[0], loc)
                                           for a in team[:3])])
        return next(d for d in odds.retreat_policy
                    if d.adventurer_index == 1 and d.rooms_done == 0)

    @staticmethod
    def _loss(view: HeroVsGuardianState, card: str) -> int:
        """What the Guardian scores if ``card`` is captured (an Adventurer with its Items)."""
        c = view.cards
        return c.points(card) + sum(c.points(i) for i in view.items.get(card, ())
                                    if not c.is_cursed(i))

    def _cheapest_loss(self, view: HeroVsGuardianState, victim: str) -> str:
        """Of the victim and those that may be captured in its place, the one the Guardian
        scores least for (the victim on a tie: nothing else is spent)."""
        at = view.attempt
        assert at is not None
        options = [victim, *_savers(view, victim)]
        return min(options, key=lambda x: (view.cards.points(x) if x in view.items.get(
            victim, ()) else self._loss(view, x), x != victim))

    def _play_label(self, view: HeroVsGuardianState, a: Play | Cast) -> str:
        c = view.cards
        card, target = c[a.card], getattr(a, "target", None)
        free = f" free with the {_adv_name(view, a.caster)}'s Spell Casting" \
            if isinstance(a, Cast) else ""
        if a.card in c.adventurers:
            return f"Put {c.name(a.card)} into play"
        if card.get("kind") == "item":
            return f"Equip {c.name(target)} with {card['name']}"
        what = VOCABULARY.words(card, view, target) if "effect" in card else ""
        return f"Play {card['name']}{free}: {what}" if what else f"Play {card['name']}{free}"

    # --------------------------------------------------------------- scores
    def _score_html(self, view: HeroVsGuardianState) -> str:
        c = view.cards
        parts = []
        for h in range(view.n_heroes):
            ventured = view.ventured[h]
            removed = [r for r, who in view.removed if who == h]
            detail = count(len(ventured), "room") + " Ventured"
            if removed:
                detail += f", {count(len(removed), 'room')} removed by the Guardian (half)"
            parts.append(f"{html.escape(view.players[h])} <b>{view.hero_points(h)}</b> "
                         f"({html.escape(detail)})")
        captured_adv = [x for x in view.captured if x in c.adventurers]
        free = len(LOCATIONS) - len(view.tokens)
        vault = not any(c.vault in pile for pile in view.ventured)
        detail = (f"{count(len(captured_adv), 'Adventurer')} and "
                  f"{count(len(view.captured) - len(captured_adv), 'Item')} captured, "
                  f"{free} locations without a token: {count(free // 2, 'point')} (1 per 2)"
                  + (f", the Vault still in the Dungeon: {count(c.points(c.vault), 'point')}"
                     if vault else ""))
        parts.append(f"{html.escape(view.players[view.guardian])} "
                     f"<b>{view.guardian_points()}</b> ({html.escape(detail)})")
        return ("<div class='dcw-score' style='line-height: 1.4; margin: 4px 0'><b>Score</b>: "
                + " · ".join(parts) + "</div>")

    # ---------------------------------------------------------------- odds
    def _forget_old(self) -> None:
        """Odds of earlier positions are never asked again: drop them."""
        for key in [k for k in self._cache if k[1] != self.version]:
            del self._cache[key]

    def _preview_odds(self, view: HeroVsGuardianState, kind: str,
                      loc: str) -> tuple[Any, list[str]] | None:
        """(odds under the belief, the order) for a Scout/Venture of ``loc`` not paid yet:
        the order of Adventurers with the most points expected (:meth:`_net`), on a tie
        the likelier to do every room. Every order of the party is compared when there are
        at most :data:`ORDER_BUDGET` of them (Adventurers alike counted once), else every
        order of the 3 strongest; ``self._searched[loc]`` says which."""
        self._forget_old()
        key = ("preview", self.version, kind, loc)
        if key in self._cache:
            return self._cache[key]
        party = list(dict((_profile_key(view, a), a) for a in view.party[view.active]
                          ).values())  # two Adventurers alike: one of them is enough
        party.sort(key=lambda a: -sum(view.cards[a]["modifiers"].values()))
        need = max(1, len(view.grid[loc])) if kind == "scout" else 1
        orders = _orders(party, need)
        everyone = len(orders) <= ORDER_BUDGET
        if not everyone:
            orders = _orders(party[:3], need)
        best = None
        for order in orders:
            try:
                odds = location_chance(view, kind, loc, order, points=True)
            except DungeoncraftError:
                continue
            score = (self._net(view, kind, loc, odds), odds.p_all)
            if best is None or score > best[0]:
                best = (score, odds, order)
        self._searched[(kind, loc)] = everyone
        self._cache[key] = None if best is None else (best[1], best[2])
        return self._cache[key]

    @staticmethod
    def _token_worth(view: HeroVsGuardianState, loc: str) -> int:
        """What a Scout/Map Token newly placed on ``loc`` takes from the Guardian's score
        (1 point per 2 locations without a token): 1 or 0."""
        if loc in view.tokens:
            return 0
        free = len(LOCATIONS) - len(view.tokens)
        return free // 2 - (free - 1) // 2

    def _net(self, view: HeroVsGuardianState, kind: str, loc: str, odds: Any) -> Any:
        """The points a Scout/Venture is expected to win the Hero over the Guardian, exactly:
        the rooms Ventured, minus the Adventurers (and their Items) captured, plus the point
        the token on ``loc`` takes from the Guardian when every room is done."""
        return odds.value + odds.p_all * self._token_worth(view, loc)

    def _weighed(self, view: HeroVsGuardianState, kind: str, loc: str, odds: Any) -> str:
        """What the advice weighed, in words (for a tooltip and the odds panel)."""
        token = self._token_worth(view, loc)
        parts = [f"rooms Ventured {_signed(odds.hero_points)}"] if kind == "venture" else []
        parts.append(f"Adventurers and Items captured {_signed(-odds.guardian_points)}")
        if token:
            parts.append(f"the token on {loc} (1 point fewer for the Guardian) "
                         f"{_signed(odds.p_all * token)}")
        net = self._net(view, kind, loc, odds)
        return (f"expected {_signed(net)} point{'s' if net != 1 else ''} for you against "
                f"the Guardian ({', '.join(parts)})")

    def _odds_html(self) -> str:
        view = self.view
        assert isinstance(view, HeroVsGuardianState)
        if view.is_over or view.phase != "round":
            return ""
        if self.seat == view.guardian:
            chances = self._map_chances(view) if not view.is_over else {}
            if not chances:
                return ""
            rows = [(loc, str(p), percent(p)) for loc, p in chances.items()]
            return ("<b>The Hero's chance to Map each location he can reach</b>, with one "
                    "Venture of his best order (you choose the room order when it is not "
                    "Scouted):" + table_html(["location", "chance", "%"], rows))
        at = view.attempt
        if at is None:
            loc = self.selected or self.preview
            if loc is None:
                return ("<i>Choose Scout or Venture and hover over or click a lit location: "
                        "the exact odds appear here before you pay.</i>")
            return self._location_html(view, self.mode.value, loc)
        if at["stage"] == "order":
            team = at["order"] or None
            return self._location_html(view, at["kind"], at["loc"], team)
        return self._attempt_html(view, at)

    def _location_html(self, view: HeroVsGuardianState, kind: str, loc: str,
                       team: list[str] | None = None) -> str:
        word = kind.capitalize()
        if team is None:
            found = self._preview_odds(view, kind, loc)
            if found is None:
                return f"<i>You have no Adventurer who could {word} {loc}.</i>"
            odds, team = found
            whose = ("the order expecting the most points" if self._searched.get((kind, loc)) else
                     "the best order of your 3 strongest Adventurers")
        else:
            try:
                odds = location_chance(view, kind, loc, team, points=True)
            except DungeoncraftError as exc:
                return f"<i>{html.escape(str(exc))}</i>"
            whose = "the order chosen"
        names = " → ".join(_adv_name(view, a) for a in team)
        belief = room_belief(view, loc)
        head = (f"<b>{word} {html.escape(loc)}</b> with {whose} ({html.escape(names)}): "
                f"every room done {probability_latex(odds.p_all)}; "
                f"{html.escape(self._weighed(view, kind, loc, odds))}")
        if belief.hidden == 0:
            return head + ". The rooms are known."
        head += f", <i>{html.escape(odds.assumption)}</i>."
        rows = []
        for types, p in list(belief.types().items())[:8]:
            table = [[self._type_modifier(view, kind, a, t) for t in types] for a in team]
            if kind == "scout" and len(team) < len(types):
                continue
            chance = location_odds(kind, table).p_all
            rows.append((" + ".join(types), str(p), chance_words(chance)))
        worst = min((r for r in rows), key=lambda r: sympy.Rational(r[2].split()[0]),
                    default=None)
        tail = (f" Worst case over the room types: {worst[2]} if {worst[0]}."
                if worst else "")
        return head + tail + table_html(["if the room(s) are", "chance they are",
                                         f"{word} done"], rows)

    @staticmethod
    def _type_modifier(view: HeroVsGuardianState, kind: str, adv: str, room_type: str) -> int:
        """The Adventurer's own modifier against a room of this type (Vacant or the Vault:
        no room-type modifier), as if its Items and the room's text added nothing."""
        return adventurer_modifier(view.cards, adv, kind, room_type,
                                   level=view.levels.get(adv, 0))

    def _attempt_html(self, view: HeroVsGuardianState, at: dict[str, Any]) -> str:
        kind, loc = at["kind"], at["loc"]
        team = at["order"][at["next"]:]
        rooms = [r for r in view.grid[loc] if r not in at["done"]]
        if not team or not rooms or any(r not in view.cards for r in rooms):
            return ""
        if kind == "scout" and len(team) < len(rooms):
            return "<i>Too few Adventurers are left to Scout every room.</i>"
        if at["current"] in rooms:
            rooms.sort(key=lambda r: r != at["current"])
        table = [[view.roll_modifier(kind, a, r, loc) for r in rooms] for a in team[:4]]
        odds = location_odds(kind, table)
        risk = ", ".join(f"{_adv_name(view, a)} {chance_words(p) if p else p}"
                         for a, p in zip(team, odds.capture_chance, strict=False))
        return (f"<b>{kind.capitalize()} {html.escape(loc)}</b>: every room left done "
                f"{probability_latex(odds.p_all)}<br>Capture risk: {html.escape(risk)}")


def _profile_key(view: HeroVsGuardianState, adv: str) -> str:
    """What of an Adventurer matters to a roll and a score: two alike are interchangeable."""
    card = {k: v for k, v in view.cards[adv].items() if k != "id"}
    return repr((sorted(card.items()), view.items.get(adv, ()), view.levels.get(adv, 0)))


def _orders(party: list[str], need: int) -> list[list[str]]:
    """Every order of ``need`` to 4 of ``party``.

    >>> len(_orders(["a", "b", "c"], 1)), len(_orders(["a", "b", "c"], 3))
    (15, 6)
    """
    return [list(o) for size in range(need, min(4, len(party)) + 1)
            for o in itertools.permutations(party, size)]


def _signed(x: Any) -> str:
    """A number of points with its sign, exact then decimal.

    >>> _signed(sympy.Rational(7, 6)), _signed(sympy.Rational(-1, 2)), _signed(0)
    ('+7/6 ≈ +1.17', '−1/2 = −0.50', '0')
    """
    if x == 0:
        return "0"
    sign = "+" if x > 0 else "−"
    return sign + approx(abs(sympy.Rational(x))).replace("= ", "= " + sign).replace(
        "≈ ", "≈ " + sign)


def _short(x: Any) -> str:
    """Points with a sign, to 2 decimals, for a button ("+1.41", "−0.50")."""
    return f"{float(x):+.2f}".replace("-", "−")


def _savers(view: HeroVsGuardianState, victim: str) -> list[str]:
    """Who may be captured in place of ``victim`` in the attempt under way (Sacrifice)."""
    at = view.attempt
    assert at is not None
    return save_options(view.cards, victim, view.items.get(victim, ()), view.party[view.active],
                        bool(at["stand_in"]))


def _adv_name(view: HeroVsGuardianState, adv: str) -> str:
    """An Adventurer's class ("Cleric"), with its code when another in play shares it
    ("Cleric (A02)"), so that "Cleric → Wizard → Cleric" never leaves a doubt."""
    c = view.cards
    if adv not in c.adventurers:
        return c[adv]["name"] if adv in c else adv
    in_play = [a for side in (*view.party, *view.frozen) for a in side]
    same = [a for a in in_play if a in c and c[a]["name"] == c[adv]["name"]]
    return c.name(adv) if len(same) > 1 else c[adv]["name"]


def _map_note(chance: sympy.Rational) -> str:
    """The Hero's chance to Map a location, short enough for its foot ("Hero maps 47/81").

    >>> _map_note(sympy.Rational(47, 81)), _map_note(sympy.Rational(1157, 1296))
    ('Hero maps 47/81', 'maps 1157/1296')
    """
    for text in (f"Hero maps {chance}", f"maps {chance}"):
        if fit(text, CELL - 20, 10) == (text, 10):
            return text
    return f"maps {percent(chance)}"


def _needs(kind: str, modifier: int) -> str:
    """What a roll needs, in words that match the odds on its button.

    >>> _needs("scout", 4), _needs("venture", 0)
    ('the die +4 must reach 5; a 1 always fails', 'the die must reach 6; a 1 always fails')
    """
    die = "the die" if modifier == 0 else f"the die {modifier:+d}"
    return f"{die} must reach {TARGET[kind]}; a 1 always fails"


def _retreat_words(decision: Any) -> str:
    """What the Venture-or-Retreat advice weighed, in words."""
    better = "Rolling on" if decision.choice == "venture" else "Retreating"
    return (f"{better} is best: rolling on expects {_signed(decision.venture_value)} points, "
            f"retreating {_signed(decision.retreat_value)} (rooms' points won, minus the "
            "points of Adventurers and Items captured, plus the token of a Mapped location).")


def _guardian_scores(points: int) -> str:
    return f"the Guardian scores {count(points, 'point')}"


def _verdict(view: HeroVsGuardianState) -> str:
    """"You win", "The Heroes win", "Guardian wins", "A tie"."""
    side = "The Heroes" if view.n_heroes > 1 else view.players[0]
    return {"heroes": f"{side} win" if view.n_heroes > 1 else says(side, "win"),
            "guardian": says(view.players[view.guardian], "win"),
            "tie": "A tie"}[view.winner() or "tie"]


#: The play widget of this game (GAMES[name].APP: the apps are registered with the games).
APP = HeroVsGuardianApp
