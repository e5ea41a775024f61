"""DobbersCalculator: a Dobbers turn's exact odds, set up at a real table by clicking.

A player picks what they know from the card list (never typing an id): their Hero and
Equipment, the cards in their hand, deck and discard pile (or only their deck list and
what was drawn since the last reshuffle), the square their Hero stands on, the Challenge
stacks ahead (the Location known by its art, what was seen of the rest), the Challenge row
and the Adventure row. The calculator builds that position (:func:`.rules.position`,
the player to act at the start of their Main Phase), takes the player's own view of it
and asks the library's odds:

- the next hand's Travel, Challenge and Influence points (:func:`.odds.next_hand`);
- the chance to clear the next Challenge on the way to the Key this turn, and the fewest
  cards of the hand that give that chance (:func:`.odds.next_challenge`);
- the way to the Key (:func:`.graph.path_to_key`) and the expected turns
  (:func:`.odds.expected_turns`, bounded in time: it says when it is an estimate);
- which card of the Adventure row, bought now, most raises the chance that matters now
  (the next hand's Travel to the next Challenge, or, when that is sure, its Challenge
  points against the stack): the best by those exact values.

>>> calc = DobbersCalculator()
>>> calc.hero.label, calc.square.value, calc.piles["hand"].value
('Toby', 'T3', ('bottle_cap', 'bottle_cap', 'bottle_cap', 'traveling_kit', 'wooden_knife'))
>>> calc.hands["travel"]                  # 5 Bottle Caps left in the deck: the next hand
{1: 1}
>>> calc.challenge.square, calc.challenge.chance    # E2: 3 to get there, 1 red + 1 gold
('E2', 0)
>>> calc.piles["deck"].adder.value = "bottle_cap"   # a 9th Bottle Cap: refused in words
>>> calc.message.value
"✗ deck: Player 1 has 8 Bottle Caps at most (the starting deck's), not 9"
>>> "dcw-stale" in calc._dom_classes
True
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

import ipywidgets as w
import sympy

from ..core.english import approx, chance, count, listing, percent
from ..core.errors import DungeoncraftError, InvalidArgumentError
from ..widgets.panels import LiveCalculator, PickPile, probability_latex, table_html
from .actions import SLOTS
from .data import Board, CardSet, load_board, load_cards
from .graph import path_to_key
from .odds import (
    at_least,
    expected_turns,
    fewest_cards,
    next_hand,
    turn_points,
    your_cards,
)
from .rules import ICONS, DobbersState, position

#: The work bound of the expected turns as the calculator first asks (the units of
#: :data:`.odds.MAX_WORK`, about 6 microseconds each): the answer stays under 100 ms;
#: "Work longer" asks for the library's full bound.
QUICK_WORK = 3_000
LONG_WORK = 150_000
QUANTITY_WORDS = {"travel": "Travel (blue + red)", "challenge": "Challenge (red + gold)",
                  "influence": "Influence"}
ICON_WORDS = {"?creature": "a face-down Creature", "?weapon": "a face-down Weapon",
              "?armor": "a face-down Armor", "?item": "a face-down Item"}
STACKS = 2
START_HAND = ("bottle_cap", "bottle_cap", "bottle_cap", "traveling_kit", "wooden_knife")


class DobbersCalculator(LiveCalculator):
    """See the module docstring. After each valid input: ``calc.game`` (the position
    built), ``calc.view`` (its player's view), ``calc.hands`` (quantity -> the next hand's
    distribution), ``calc.challenge`` (:class:`.odds.ChallengeOdds` or None),
    ``calc.with_cards`` (the fewest hand cards for that chance), ``calc.path``,
    ``calc.race`` (:class:`.odds.RaceTurns`, or the reason there is none, a str) and
    ``calc.buys`` (card -> the chance that matters with it bought) with
    ``calc.best_buy``."""

    def __init__(self, cards: CardSet | None = None, board: Board | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards, self.board = cards or load_cards(), board or load_board()
        cards = self.cards
        self.race_work = QUICK_WORK
        self.game = self.view = self.challenge = self.path = self.race = None
        self.hands: dict[str, dict[int, sympy.Rational]] = {}
        self.with_cards: tuple[str, ...] = ()
        self.buys: dict[str, sympy.Rational] = {}
        self.best_buy: str | None = None
        names = sorted((cards.name(c), c) for c in cards.by_id)
        deck_cards = [(n, c) for n, c in names
                      if cards.type(c) in ("Effect", "Weapon", "Armor", "Item")]
        wide = w.Layout(width="auto", max_width="100%")
        self.hero = w.Dropdown(options=[(cards.name(h), h) for h in cards.heroes],
                               value="toby", description="Hero:", layout=wide)
        self.equipment = {slot: w.Dropdown(
            options=[("none", "")] + [(n, c) for n, c in names if cards.type(c) ==
                                        slot.capitalize()],
            value="", description=f"{slot.capitalize()}:", layout=wide) for slot in SLOTS}
        self.mode = w.ToggleButtons(
            options=[("Deck and discard", "piles"), ("Deck list + drawn", "drawn")],
            value="piles", description="I know:",
            tooltip="Deck and discard: the cards in each. Deck list + drawn: every card you "
                    "own (not the hand or the equipped ones) and those drawn since the last "
                    "reshuffle, before this hand")
        self.piles = {
            "hand": PickPile(deck_cards, description="Hand:", value=START_HAND),
            "deck": PickPile(deck_cards, description="Deck:", value=("bottle_cap",) * 5),
            "discard": PickPile(deck_cards, description="Discard:"),
        }
        squares = [(self._square_words(s), s) for s in self.board.squares
                   if s != self.board.key]
        self.square = w.Dropdown(options=squares, value="T3", description="Hero on:",
                                 layout=wide)
        encounters = [("no stack", "")] + [(self._square_words(s), s)
                                             for s in self.board.squares
                                             if self.board.is_encounter(s)]
        locations = [("none", "")] + [(n, c) for n, c in names if cards.type(c) == "Location"]
        below = [(words, icon) for icon, words in ICON_WORDS.items()] + [
            (f"{n} (face up)", c) for n, c in names if cards.type(c) in
            ("Creature", "Weapon", "Armor", "Item")]
        self.stack_square = [w.Dropdown(options=encounters, value=v, description="Stack on:",
                                        layout=wide) for v in ("E2", "")][:STACKS]
        self.stack_location = [w.Dropdown(options=locations, value=v,
                                          description="Location (by its art):", layout=wide)
                               for v in ("castle_walls", "")][:STACKS]
        self.stack_rest = [PickPile(below, description="Under it:", ordered=True,
                                    value=v, rows=3) for v in (("?creature",), ())][:STACKS]
        creatures = [("empty", "")] + [(n, c) for n, c in names if cards.type(c) == "Creature"]
        self.challenge_row = [w.Dropdown(options=locations if i < 3 else creatures, value="",
                                         description=f"{'L' if i < 3 else 'C'}{i % 3 + 1}:",
                                         layout=wide) for i in range(6)]
        offer = [("empty", "")] + sorted({(cards.name(c), c) for c in cards.adventure})
        self.adventure_row = [w.Dropdown(options=offer, value=v, description=f"{i + 1}:",
                                         layout=wide)
                              for i, v in enumerate(("silver", "helpful", "strength",
                                                     "dobber_spear", "", ""))]
        self.work_button = w.Button(description="Work longer (about a second)",
                                    tooltip="The expected turns with the library's full "
                                            "work bound", layout=w.Layout(width="auto"))
        self.work_button.on_click(lambda _b: self._work_longer())
        self.headline = w.HTMLMath()
        self.headline.add_class("dcw-calc-headline")
        self.hand_table = w.HTML()
        self.challenge_view = w.HTMLMath()
        self.path_view = w.HTML()
        self.race_view = w.HTML()
        self.buy_view = w.HTMLMath()

        def section(title: str, *children: w.Widget) -> w.VBox:
            box = w.VBox([w.HTML(f"<b>{html.escape(title)}</b>"), *children],
                         layout=w.Layout(max_width="100%"))
            box.add_class("dcw-calc-section")
            return box

        flow = w.Layout(flex_flow="row wrap", max_width="100%")
        self.children = [
            section("You", w.Box([self.hero, *self.equipment.values()], layout=flow)),
            section("Your cards", self.mode, *self.piles.values()),
            section("The board", self.square,
                    *[w.VBox([sq, loc, rest]) for sq, loc, rest in
                      zip(self.stack_square, self.stack_location, self.stack_rest,
                          strict=True)]),
            section("Challenge row (art side up)", w.Box(self.challenge_row, layout=flow)),
            section("Adventure row", w.Box(self.adventure_row, layout=flow)),
            self.message, self.headline, self.hand_table, self.challenge_view,
            self.path_view, w.VBox([self.race_view, self.work_button]), self.buy_view,
        ]
        self.watch([self.hero, *self.equipment.values(), self.mode, *self.piles.values(),
                    self.square, *self.stack_square, *self.stack_location, *self.stack_rest,
                    *self.challenge_row, *self.adventure_row])
        self.update()

    # ------------------------------------------------------------------ input
    def _square_words(self, square: str) -> str:
        label = self.board.label(square)
        label = label[0].upper() + label[1:]
        return label if square in label else f"{label} ({square})"

    def _own_cards(self) -> tuple[list[str], list[str]]:
        """(deck, discard) from the piles, as the mode reads them."""
        hand = Counter(self.piles["hand"].value)
        if self.mode.value == "piles":
            return list(self.piles["deck"].value), list(self.piles["discard"].value)
        owned, drawn = Counter(self.piles["deck"].value), Counter(self.piles["discard"].value)
        for card, n in drawn.items():
            if owned[card] < n:
                raise InvalidArgumentError(
                    f"drawn since the reshuffle: {count(n, self.cards.name(card))} drawn, but "
                    f"the deck list holds {owned[card]}")
        missing = hand - (owned - drawn)
        if missing:
            raise InvalidArgumentError(
                f"hand: {self.cards.name(min(missing))} is in the hand but not left in the "
                "deck list after what was drawn")
        return sorted((owned - drawn - hand).elements()), sorted(drawn.elements())

    def _name_piles(self) -> None:
        words = {"piles": ("Deck:", "Discard:"),
                 "drawn": ("Deck list:", "Drawn since the reshuffle:")}[self.mode.value]
        for pile, description in zip((self.piles["deck"], self.piles["discard"]), words,
                                     strict=True):
            if pile.description != description:
                pile.description = pile.adder.description = description
                pile._show()

    def _stacks(self) -> dict[str, list[Any]]:
        stacks: dict[str, list[Any]] = {}
        for i, (sq, loc, rest) in enumerate(zip(self.stack_square, self.stack_location,
                                                self.stack_rest, strict=True)):
            if not sq.value:
                continue
            if sq.value in stacks:
                raise InvalidArgumentError(f"stack {i + 1}: {self._square_words(sq.value)} "
                                           "already has a stack")
            if not loc.value:
                raise InvalidArgumentError(f"stack {i + 1}: choose its Location (a stack "
                                           "starts with one)")
            stacks[sq.value] = [loc.value] + [c if c in ICONS else [c, True]
                                              for c in rest.value]
        return stacks

    def options(self) -> dict[str, Any]:
        """What the inputs say, as :func:`.rules.position`'s keyword arguments (without
        ``heroes``: see :meth:`build`)."""
        deck, discard = self._own_cards()
        return dict(
            hand=list(self.piles["hand"].value),
            equipped={s: d.value for s, d in self.equipment.items() if d.value},
            at=self.square.value, deck=deck, discard=discard, stacks=self._stacks(),
            challenge_row=[d.value for d in self.challenge_row if d.value],
            adventure_row=[d.value for d in self.adventure_row if d.value])

    def build(self, seed: int = 0, **changes: Any) -> DobbersState:
        """The position the inputs describe (with ``changes`` to its options), the player
        to act at the start of their Main Phase; another player sits at the table, as the
        engine needs two. ``seed``: what nobody at the table knows (the other decks, the
        stand-ins for face-down cards, the next reshuffle)."""
        hero = self.hero.value
        other = next(h for h in self.cards.heroes if h != hero)
        options = {**self.options(), **changes}
        game = position(seed=seed, heroes=[hero, other], **options)
        if game.turn_player != 0:  # the seed chose who starts: the player to act is "you"
            game = position(seed=seed, heroes=[other, hero], **options)
        return game

    # ------------------------------------------------------------------ answers
    def compute(self) -> None:
        self._name_piles()
        self.game = game = self.build()
        me = game.turn_player
        self.view = view = game.view(me)
        self.hands = {q: next_hand(view, me, q) for q in QUANTITY_WORDS}
        self.path = path_to_key(view, me)
        self.challenge, self.with_cards = fewest_cards(view, me) or (None, ())
        self._race(view, me)
        self._buys(view, me)
        self._show(view, me)

    def _race(self, view: DobbersState, me: int) -> None:
        try:
            self.race = expected_turns(view, me, max_work=self.race_work)
        except DungeoncraftError as exc:
            self.race = str(exc).removeprefix("expected_turns: ")

    def _work_longer(self) -> None:
        self.race_work = LONG_WORK
        try:
            if self.view is not None:
                self._race(self.view, self.view.turn_player)
                self._show_race()
        finally:
            self.race_work = QUICK_WORK

    def matter(self, view: DobbersState, me: int) -> tuple[str, str, Any]:
        """The chance that matters now: (quantity, words, threshold or need distribution).
        The next hand's Travel to the next Challenge (or the Key); once that is sure, its
        Challenge points against that stack's need."""
        spent = 0
        for step in self.path.steps:
            spent += step.shield
            if step.need is not None:
                break
        travel = at_least(next_hand(view, me, "travel"), spent)
        target = view.board.label(step.square) if self.path.steps else "the Key"
        if travel < 1 or self.challenge is None:
            return "travel", f"{spent} Travel next turn (to reach {target})", spent
        return ("challenge", f"enough red + gold next turn for the stack on {target} (before "
                "the shields are paid)", self.challenge.need)

    def _chance(self, view: DobbersState, me: int, quantity: str, target: Any
                ) -> sympy.Rational:
        dist = next_hand(view, me, quantity)
        if isinstance(target, int):
            return at_least(dist, target)
        # the stack's need is as likely as the cases say, and apart from the hand drawn
        return sum((p * at_least(dist, n) for n, p in target.items()), sympy.Integer(0))

    def _buys(self, view: DobbersState, me: int) -> None:
        quantity, self.matter_words, target = self.matter(view, me)
        self.matter_now = self._chance(view, me, quantity, target)
        self.influence = turn_points(view, me)["influence"]
        self.buys, self.best_buy = {}, None
        for card in dict.fromkeys(c for c in view.adventure_row if c):
            with_card = view.copy()
            with_card.discards[me].append(card)  # a card bought goes to the discard pile
            self.buys[card] = self._chance(with_card, me, quantity, target)
        affordable = [c for c in self.buys if view.buy_cost(me, c) <= self.influence]
        if affordable:
            best = max(affordable, key=lambda c: (self.buys[c], -view.buy_cost(me, c)))
            if self.buys[best] > self.matter_now:
                self.best_buy = best

    # ------------------------------------------------------------------ words
    def _show(self, view: DobbersState, me: int) -> None:
        cards = self.cards
        name = cards.name
        headline = (f"<b>Chance of {html.escape(self.matter_words)}</b>: "
                    f"{probability_latex(self.matter_now)}")
        if self.best_buy is not None:
            headline += (f"; buy {html.escape(name(self.best_buy))}: "
                         f"{probability_latex(self.buys[self.best_buy])}")
        self.headline.value = headline
        rows = []
        for quantity, words in QUANTITY_WORDS.items():
            dist = self.hands[quantity]
            spread = ", ".join(f"{v}: {p}" for v, p in dist.items())
            top = max(dist)
            line = (f"at least {top}: {chance(dist[top])}" if len(dist) > 1
                    else f"always {top}")
            rows.append((words, spread, line))
        self.hand_table.value = ("<b>Next hand</b> (points → chance; drawn after this turn, if "
                                 "you buy nothing)" + table_html(["", "exactly", "in words"],
                                                                 rows))
        odds = self.challenge
        if odds is None:
            self.challenge_view.value = "<b>Next Challenge</b>: no stack lies on your way."
        else:
            where = html.escape(view.board.label(odds.square))
            need = (f"{min(odds.need)}" if odds.known
                    else f"{min(odds.need)} to {max(odds.need)}")
            have = sorted(set(odds.have.values()))
            played = [name(c) for c in self.with_cards]
            used = [name(view.equipped[me][s]) for s in SLOTS if s in view.equipped[me]]
            if odds.chance:
                how = " and ".join(part for part in (
                    f"play {listing(played)}" if played else "",
                    f"use {listing(used)}" if used else "") if part) or "play nothing"
                how = f"The fewest cards for it: {how}."
            elif have:
                how = (f"You would bring {listing([str(h) for h in have], 'or')} red + gold "
                       f"against a need of {need}.")
            else:
                pool = turn_points(view, me)
                how = (f"Your hand gives {pool['blue'] + pool['red']} blue + red; the shields "
                       f"there cost {odds.shield}.")
            self.challenge_view.value = (
                f"<b>Clear the stack on {where} this turn</b>: "
                f"{probability_latex(odds.chance)} (shields {odds.shield}, need {need}). "
                f"{html.escape(how)}")
        path = self.path
        self.path_view.value = (
            "<b>Way to the Key</b>: " + html.escape(" → ".join(
                view.board.label(s) if s != path.squares[0] else "here"
                for s in path.squares)) +
            f" ({count(len(path.steps), 'move')}, {path.shields} blue + red of shields"
            + (f", {count(len(path.stacks), 'stack')} needing {approx(path.needs)} red + gold"
               + ("" if all(s.known for s in path.stacks) else " expected")
               if path.stacks else "")
            + ").")
        self._show_race()
        self._show_buys(view, me)

    def _show_race(self) -> None:
        race = self.race
        if isinstance(race, str):
            text = f"Expected turns to the Key, if you buy nothing more: no answer: {race}."
        elif race.exact:
            text = (f"Expected turns to the Key after this one, if you buy nothing more: "
                    f"{race.turns} ≈ {approx(race.turns)} (exact).")
        else:
            text = (f"Expected turns to the Key after this one, if you buy nothing more: "
                    f"about {approx(race.turns, places=1)}, an estimate: the exact chain "
                    f"needed more than the {'quick' if self.race_work == QUICK_WORK else 'full'}"
                    " work bound.")
        self.race_view.value = html.escape(text)
        self.work_button.layout.display = ("" if not isinstance(race, str) and not race.exact
                                           and self.race_work == QUICK_WORK else "none")

    def _show_buys(self, view: DobbersState, me: int) -> None:
        now = self.matter_now
        name = self.cards.name
        head = (f"<b>Buy?</b> The chance that matters now, of {html.escape(self.matter_words)}"
                f": {probability_latex(now)}. ")
        if not self.buys:
            self.buy_view.value = head + "The Adventure row is empty."
            return
        rows = [(name(c), view.buy_cost(me, c), str(p), percent(p),
                 "" if view.buy_cost(me, c) <= self.influence else "too dear")
                for c, p in sorted(self.buys.items(), key=lambda cp: -cp[1])]
        if self.best_buy is not None:
            best = self.best_buy
            advice = (f"Buy {html.escape(name(best))}: your chance goes from "
                      f"{probability_latex(now)} to {probability_latex(self.buys[best])}.")
        else:
            mine = your_cards(view, me)
            deck = sum(mine.deck.values())
            why = (f"your deck still holds {count(deck, 'card')}, so a card bought now "
                   "reaches your hand only after the next reshuffle"
                   if deck >= mine.hand_size else "none you can afford raises it")
            advice = f"No card bought now raises it: {html.escape(why)}."
        self.buy_view.value = (head + advice + table_html(
            ["card", "cost", "chance with it", "%", ""], rows)
            + f"<small>You have {self.influence} Influence this turn.</small>")
