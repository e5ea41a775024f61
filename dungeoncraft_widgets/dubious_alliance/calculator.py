"""RoundCalculator: a Dubious Alliance round's exact odds, typed in at the table.

A player at a real table types what they know during Trading (how many chiefs play,
where they sit from the Dealer, their chief, their Active cards, the card they set face
down and where it went, the cards still in their hand, other cards they have seen) and,
when someone offers a trade, the claim's tone and the claimant's record. The calculator
puts that on a table the engine understands (:func:`table_view`, a player's view of a
real :class:`DubiousAllianceState`) and asks the library's own odds
(:func:`.odds.chance_reveal_hurts`, :func:`.odds.chance_survive_round`,
:func:`.odds.chance_reaches_goal`, :func:`.odds.claim_belief`) for keeping the card and
for trading it, then says in a sentence which is better.

Cards are typed by name, in any case, and a unique start of a name is enough
("chainmail" for Chainmail Shirt); a name no card has is refused, naming it.

>>> calc = RoundCalculator()
>>> calc.chief.value = "gogog_bloodthroat"          # Survival 20, Prestige goal 15
>>> calc.active.value = "Gold Coins, Spiked Club"
>>> calc.face_down.value = "torch"
>>> calc.answers.keep.survive, calc.answers.keep.hurts
(1, 0)
>>> calc.answers.trade.hurts      # a random card you have not seen: 52 hurt, 118 unseen
26/59
>>> calc.active.value = "gold coins, golden thing"
>>> calc.message.value
"✗ your Active cards: 'golden thing' is not a card of this deck"
>>> "dcw-stale" in calc._dom_classes              # the old answer is greyed out
True
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from typing import Any

import ipywidgets as w
import sympy

from ..core.charts import bar_chart
from ..core.checks import one_of, whole_number
from ..core.english import chance, listing, ordinal
from ..core.errors import InvalidArgumentError
from ..widgets.board import BoardView
from ..widgets.panels import (
    LiveCalculator,
    NumberField,
    checked_number,
    probability_latex,
    table_html,
    text_label,
)
from .active import prestige, survival
from .data import Deck, deck_from_option, deck_option
from .odds import (
    BAD_WORDS,
    GOOD_WORDS,
    ClaimBelief,
    chance_reaches_goal,
    chance_reveal_hurts,
    chance_survive_round,
    claim_belief,
    face_down_cards,
    modelled,
    round_model,
)
from .rules import HAND_SIZE, UNKNOWN, DubiousAllianceState, new_game
from .trading import name_words

#: Where the card you set face down is now (followed through the public trades).
WHERE = ("you", "offerer", "other")
#: The tone of a claim that comes with an offer (None: no offer on the table).
TONES = {"praise": 1, "warning": -1, "neither": 0}
MAX_RECORD = 99  # earlier claims of one claimant: far more than a game holds


def find_card(deck: Deck, text: str, field: str) -> str:
    """The id of the card ``text`` names: its name (any case, apostrophes optional), its
    id, or a start of its name that only one card has.

    >>> from dungeoncraft_widgets.dubious_alliance import load_deck
    >>> deck = load_deck()
    >>> find_card(deck, "giants maul", "hand"), find_card(deck, "Chainmail", "hand")
    ('giants_maul', 'chainmail_shirt')
    >>> find_card(deck, "goblin", "hand")
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: hand: 'goblin' could be Goblin Ambush, \
Goblin Spear or Goblin Warrens: type more of the name
    """
    wanted = " ".join(name_words(text))
    if not wanted:
        raise InvalidArgumentError(f"{field}: {text.strip()!r} names no card")
    names = {cid: " ".join(name_words(card.name)) for cid, card in deck.cards.items()}
    exact = [cid for cid, name in names.items() if name == wanted or cid == text.strip()]
    if exact:
        return exact[0]
    starts = [cid for cid, name in names.items() if name.startswith(wanted)]
    shown = text.strip() if len(text.strip()) <= 30 else text.strip()[:30] + "…"
    if not starts:
        raise InvalidArgumentError(f"{field}: {shown!r} is not a card of this deck")
    if len(starts) > 1:
        options = sorted(deck.cards[c].name for c in starts)
        listed = listing(options if len(options) <= 3 else
                         [*options[:3], f"{len(options) - 3} more"], "or")
        raise InvalidArgumentError(f"{field}: {shown!r} could be {listed}: type more of the name")
    return starts[0]


def parse_cards(deck: Deck, text: str, field: str, *, most: int | None = None) -> list[str]:
    """Card ids from names separated by commas (or new lines), each checked.

    >>> from dungeoncraft_widgets.dubious_alliance import load_deck
    >>> parse_cards(load_deck(), "Torch, gold coins", "hand")
    ['torch', 'gold_coins']
    """
    if not isinstance(text, str) or len(text) > 3000:
        raise InvalidArgumentError(f"{field}: at most 3000 characters of card names")
    found = [find_card(deck, part, field) for part in text.replace("\n", ",").split(",")
             if part.strip()]
    if most is not None and len(found) > most:
        raise InvalidArgumentError(f"{field}: at most {most} cards, not {len(found)}")
    return found


@dataclass(frozen=True)
class CardChances:
    """The exact chances for the card you would reveal if you kept it or traded it:
    it hurts (negative Survival), you survive the round's check, you reach your goal."""

    hurts: sympy.Rational
    survive: sympy.Rational
    reach: sympy.Rational


@dataclass(frozen=True)
class RoundAnswers:
    """Everything :class:`RoundCalculator` shows: ``keep`` and ``trade`` (a
    :class:`CardChances` each), ``belief`` (Bayes' rule on an offer's claim, or None),
    ``left_out`` (the chance that a card the model leaves out lies face down),
    ``discarded`` (your Revealed card will be Discarded: you are the Dealer and not
    everyone traded) and ``advice`` (the recommendation in a sentence)."""

    keep: CardChances
    trade: CardChances
    belief: ClaimBelief | None
    left_out: sympy.Rational
    discarded: bool
    face_down_modelled: bool
    trade_survival: dict[int, sympy.Rational]
    advice: str


def table_view(*, players: int, place: int, chief: str, active: list[str], hand: list[str],
               face_down: str, where: str = "you", everyone_traded: bool = False,
               seen: list[str] = (), record: dict[str, int] | None = None,
               deck: Any = None) -> tuple[DubiousAllianceState, int, int]:
    """A Trading position holding what one player knows, seen from their seat.

    ``place``: 1 checks first (the Dealer's left), ``players`` is the Dealer. The seats
    go round in checking order (the Dealer last); the player offering a trade sits next
    after you, the "other" player after them (where they sit changes none of your
    chances). ``where``: whose face-down card is yours
    now ("you", "offerer", "other"). ``record``: the offerer's earlier claims, checked
    at the Reveal: ``praise_true``, ``praise_false``, ``warning_true``,
    ``warning_false``. Everything you have not seen is face down, in the Draw deck or
    in the others' hands, exactly as in a real game. ``deck``: as :func:`new_game`'s
    (None: the shipped reconstruction). Returns ``(view, you, offerer)``.

    >>> view, me, offerer = table_view(players=4, place=2, chief="skarr_dragoneye",
    ...     active=[], hand=["torch"], face_down="gold_coins", where="offerer")
    >>> view.order().index(me) + 1, view.hands[me], view.unrevealed[me]
    (2, ['torch'], '?')
    """
    option = deck_option(deck)
    deck = deck_from_option(option)
    whole_number(players, "players", minimum=3, maximum=7,
                 why="Dubious Alliance is for 3 to 7 players")
    whole_number(place, "your place", minimum=1, maximum=players,
                 why=f"1 is the Dealer's left, {players} the Dealer")
    one_of(where, "where", WHERE)
    if chief not in deck.player_cards:
        raise InvalidArgumentError(f"your chief: {chief!r} is not a Player card of this deck")
    if len(hand) > HAND_SIZE - 1:
        raise InvalidArgumentError(f"your hand: at most {HAND_SIZE - 1} cards are left once "
                                   "one is set face down")
    places = {"your Active cards": active, "your hand": hand, "your face-down card": [face_down],
              "other cards seen": seen}
    first_seen: dict[str, str] = {}
    for field, cards in places.items():
        for card in cards:
            if card in first_seen:
                where_else = "twice in " + field if first_seen[card] == field else \
                    f"in {first_seen[card]} and in {field}"
                raise InvalidArgumentError(f"{deck.cards[card].name} is named {where_else}: "
                                           "each card lies in one place")
            first_seen[card] = field
    dealer = players - 1
    me = place - 1  # seats in checking order: seat 0 checks first, the Dealer last
    offerer, other = (me + 1) % players, (me + 2) % players
    holder = {"you": me, "offerer": offerer, "other": other}[where]
    others = [c for c in sorted(deck.player_cards) if c != chief][: players - 1]
    characters = others[:me] + [chief] + others[me:]
    names = [f"the {ordinal(q + 1)} to check" for q in range(players)]
    names[me] = "You"
    state = new_game(names, seed=0, characters=characters, deck=option)
    rest = [c for c in sorted(deck.cards) if c not in first_seen]
    if len(rest) < players:
        raise InvalidArgumentError(f"other cards seen: {len(first_seen)} cards named leave "
                                   f"too few of the deck's {len(deck.cards)} face down")
    origin = list(range(players))
    origin[me], origin[holder] = origin[holder], origin[me]
    # Stand-ins for the face-down cards you cannot see (the view hides them again).
    unrevealed = [face_down if origin[q] == me else rest.pop() for q in range(players)]
    traded = [everyone_traded] * players
    traded[me] = traded[holder] = everyone_traded or holder != me
    if not everyone_traded:
        for q in range(players):
            if q not in (me, holder):
                traded[q] = False
    # The record as the claim history the odds read: a claim (a word of praise or of
    # warning) about a card that hurt or did not, once for each claim counted.
    hurting = next((c for c in sorted(deck.cards) if deck.cards[c].hurts), None)
    harmless = next((c for c in sorted(deck.cards) if not deck.cards[c].hurts), None)
    history = []
    for key, hurt, claim in (("praise_true", False, GOOD_WORDS[0]),
                             ("praise_false", True, GOOD_WORDS[0]),
                             ("warning_true", True, BAD_WORDS[0]),
                             ("warning_false", False, BAD_WORDS[0])):
        times = checked_number((record or {}).get(key, 0), key, minimum=0, maximum=MAX_RECORD)
        card = hurting if hurt else harmless
        if times and card is None:
            raise InvalidArgumentError(f"{key}: this deck has no card that "
                                       f"{'hurts' if hurt else 'is harmless'}")
        history += [{"round": 0, "from": offerer, "to": me, "claim": claim, "card": card}
                    ] * times
    position = {
        "dealer": dealer, "deck": rest, "discard": list(seen),
        "hands": [list(hand) if q == me else [] for q in range(players)],
        "active": [list(active) if q == me else [] for q in range(players)],
        "unrevealed": unrevealed, "chosen": [face_down if q == me else UNKNOWN
                                            for q in range(players)],
        "origin": origin, "traded": traded, "done": [False] * players, "phase": "trade",
        "pending": None, "trade_turn": me, "revealed": [], "window": None, "claims": [],
        "claim_history": history, "offered": [], "traded_pairs": [], "used_trading": [],
    }
    for key, value in position.items():
        setattr(state, key, value)
    return state.view(me), me, offerer


def _chances(view: DubiousAllianceState, me: int) -> CardChances:
    return CardChances(chance_reveal_hurts(view, me), chance_survive_round(view, me),
                       chance_reaches_goal(view, me)[me])


def round_answers(*, tone: str | None = None, **known: Any) -> RoundAnswers:
    """The exact chances for keeping your card and for trading it (see :func:`table_view`
    for what ``known`` holds), and the advice. ``tone``: an offer's claim praises your
    way to their card ("praise"), warns ("warning"), says "neither", or None: no offer,
    and the trade is for the card of a player you choose (unknown to you).

    >>> answers = round_answers(players=3, place=1, chief="gogog_bloodthroat", active=[],
    ...                         hand=[], face_down="torch", tone="praise")
    >>> answers.keep.hurts, answers.belief.posterior_hurts   # no record: the claim adds nothing
    (0, 13/30)
    >>> answers.advice.split(";")[0]
    'Keep your card: it is harmless for sure'
    """
    if tone is not None:  # None: no offer
        one_of(tone, "tone", TONES)
    if tone is None and known.get("where") == "offerer":
        raise InvalidArgumentError("where your card is: nobody offers you a trade now")
    view, me, offerer = table_view(**known)
    keep = _chances(view, me)
    # The trade: your face-down card and the offerer's swap places (the origins follow).
    swapped = view.copy()
    swapped.origin[me], swapped.origin[offerer] = swapped.origin[offerer], swapped.origin[me]
    swapped.unrevealed[me] = swapped.unrevealed[offerer] = UNKNOWN
    if known.get("everyone_traded"):
        swapped.traded = [True] * view.n
    else:
        swapped.traded[me] = swapped.traded[offerer] = True
        if all(swapped.traded):  # "not everyone traded": the seat left stays untraded
            swapped.traded[next(q for q in range(view.n) if q not in (me, offerer))] = False
    trade = _chances(swapped, me)
    belief = None
    if tone is not None:
        claim = {"praise": GOOD_WORDS[0], "warning": BAD_WORDS[0], "neither": ""}[tone]
        belief = claim_belief(view, offerer, claim, player=me)
    model = round_model(view, me)
    discarded = me not in model.revealed
    advice = _advice(view, me, keep, trade, belief, discarded)
    return RoundAnswers(keep, trade, belief, model.chance_left_out, discarded,
                        modelled(view, known["face_down"]), survival_values(swapped, me), advice)


def survival_values(view: DubiousAllianceState, player: int) -> dict[int, sympy.Rational]:
    """The chance of each Survival value on the card ``player`` will reveal: the card
    they know is there (following the trades), else a random card they have not seen.
    A card without values counts 0, as :func:`.odds.chance_reveal_hurts` counts it.

    >>> view, me, _ = table_view(players=3, place=1, chief="gogog_bloodthroat", active=[],
    ...                          hand=[], face_down="cave_troll")
    >>> survival_values(view, me)
    {-3: 1}
    """
    counts = face_down_cards(view, player, player)
    total = sum(counts.values())
    values: Counter = Counter()
    for card, n in counts.items():
        values[view.card(card).survival or 0] += n
    return {v: sympy.Rational(n, total) for v, n in sorted(values.items())}


def _say(p: sympy.Rational) -> str:
    p = sympy.Rational(p)
    if p == 1:
        return "for sure"
    if p == 0:
        return "never"
    return f"with chance {chance(p)}"


def _harmless(p: sympy.Rational) -> str:
    """'is harmless for sure', 'is never harmless', 'is harmless with chance 1/2 = 50.0%'."""
    return "is never harmless" if p == 0 else f"is harmless {_say(p)}"


def _advice(view: DubiousAllianceState, me: int, keep: CardChances, trade: CardChances,
            belief: ClaimBelief | None, discarded: bool) -> str:
    """The recommendation. Without an offer: survival first, then the goal, then a
    harmless card. With an offer, the claim speaks only of harm (Bayes' rule on it gives
    no survival or goal chances): keep a card that surely wins, give up one that surely
    kills, else take the card more likely harmless, as the game's app advises."""
    if discarded:
        return ("Your Revealed card will be Discarded (you are the Dealer and not everyone "
                "traded): keeping or trading changes nothing for you this round. It counts "
                "only if every player trades this round.")
    trade_lead = "Accept the trade" if belief else "Trade your card"
    mine, theirs = 1 - keep.hurts, 1 - (belief.posterior_hurts if belief else trade.hurts)
    their = "their card (given their claim and their record)" if belief else \
        "a card you trade for"
    if belief is not None and keep.survive == keep.reach == 1:
        text = (f"Keep your card: with it you reach your goal of {view.goal(me)} Prestige "
                "for sure.")
    elif belief is not None and keep.survive == 0 < trade.survive:
        text = (f"{trade_lead}: you never survive with your card, with a card you trade "
                f"for {_say(trade.survive)} (before weighing the claim).")
    elif belief is None and keep.survive != trade.survive:
        if keep.survive > trade.survive:
            text = (f"Keep your card: you survive {_say(keep.survive)} with it, "
                    f"{_say(trade.survive)} with a traded card.")
        else:
            text = (f"{trade_lead}: you survive {_say(trade.survive)} with a traded card, "
                    f"{_say(keep.survive)} with yours.")
    elif belief is None and keep.reach != trade.reach:
        lead = "Keep your card" if keep.reach > trade.reach else trade_lead
        text = (f"{lead}: you reach your goal of {view.goal(me)} Prestige "
                f"{_say(keep.reach)} if you keep your card, {_say(trade.reach)} after a trade.")
    elif mine > theirs:
        text = f"Keep your card: it {_harmless(mine)}; {their} {_harmless(theirs)}."
    elif theirs > mine:
        text = f"{trade_lead}: {their} {_harmless(theirs)}; yours {_harmless(mine)}."
    else:
        text = ("Keeping and trading are alike: both cards give the same chances (each "
                f"{_harmless(mine)}).")
    if belief is not None and belief.chance_true is not None:
        text += f" Their claim is true {_say(belief.chance_true)}."
    return text


class RoundCalculator(LiveCalculator):
    """See the module docstring. ``calc.answers`` holds the last answers."""

    def __init__(self, deck: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.deck_option = deck_option(deck)  # read and checked once, kept as data
        self.deck = deck_from_option(self.deck_option)
        self.answers: RoundAnswers | None = None
        chiefs = sorted(self.deck.player_cards.values(), key=lambda c: c.name)
        self.players = NumberField(4, minimum=3, maximum=7, description="Players:")
        self.place = w.Dropdown(description="You check:")
        self.chief = w.Dropdown(
            options=[(f"{c.name} (Survival {c.survival}, goal {c.prestige_goal})", c.id)
                     for c in chiefs], value=chiefs[0].id, description="Your chief:")
        self.active = w.Textarea("", description="Your Active cards:",
                                 placeholder="names, e.g. Chainmail Shirt, Gold Coins")
        # It opens with an answer (a card of the deck set face down), not an error.
        example = next((c.name for c in self.deck.cards.values() if c.name == "Torch"), "") \
            if hasattr(self.deck, "cards") else ""
        self.face_down = w.Text(example, description="Your face-down card:",
                                placeholder="the card you set, e.g. Torch")
        self.where = w.Dropdown(options=[("in front of you", "you"),
                                         ("with the player offering", "offerer"),
                                         ("with another player", "other")],
                                value="you", description="It is now:")
        self.hand = w.Text("", description="Still in your hand:",
                           placeholder="names, e.g. Mimic, Torch")
        self.seen = w.Textarea("", description="Other cards seen:",
                               placeholder="others' Active cards, the Discards")
        self.everyone_traded = w.Checkbox(False, description="every player has traded "
                                          "this round")
        self.offer = w.ToggleButtons(
            options=[("no offer", "none"), ("praises", "praise"), ("warns", "warning"),
                     ("says neither", "neither")], value="none",
            description="An offer's claim:",
            tooltips=["nobody offers you a trade", "the claim praises their card",
                      "the claim warns about it", "the claim says neither"])
        self.record = {
            key: NumberField(0, minimum=0, maximum=MAX_RECORD, description=label)
            for key, label in (("praise_true", "praised, it was harmless:"),
                               ("praise_false", "praised, it hurt:"),
                               ("warning_true", "warned, it hurt:"),
                               ("warning_false", "warned, it was harmless:"))}
        self.record_title = text_label("Their earlier claims, checked at the Reveal:")
        self.understood = w.HTML()  # names from the deck: escaped
        self.headline = w.HTMLMath()
        self.table = w.HTML()
        self.bayes = w.HTML()
        # The chart is also what brings the panels' style sheet (app.css) to the page. Its
        # text is never drawn below 9 px (at 230 units wide it fits a phone unscrolled).
        self.chart = BoardView(min_text_px=9)
        self.advice = w.HTML()
        self.advice.add_class("dcw-da-advice")
        self.note = w.HTML()
        self._set_places()
        self.players.observe(lambda _change: self._set_places(), names="value")
        # Shown only with an offer (at the top level: a box would clip full-width fields).
        self.record_rows = [self.record_title, *self.record.values()]
        # One input a row, each as wide as the screen allows (a phone: the whole width).
        for field in (self.players, self.place, self.chief, self.active, self.face_down,
                      self.where, self.hand, self.seen, *self.record.values()):
            field.layout.width, field.layout.max_width = "100%", "34em"
        self.children = [
            self.players, self.place, self.chief, self.active, self.face_down, self.where,
            self.hand, self.seen, self.everyone_traded, self.offer, *self.record_rows,
            self.message, self.understood, self.advice, self.headline, self.table,
            w.Box([self.chart], layout=w.Layout(width="100%", max_width="340px")),
            self.bayes, self.note,
        ]
        self.watch([self.players, self.place, self.chief, self.active, self.face_down,
                    self.where, self.hand, self.seen, self.everyone_traded, self.offer,
                    *self.record.values()])
        self.update()

    def _set_places(self) -> None:
        """The menu of places follows the number of players (kept when it still fits)."""
        try:
            n = self.players.read()[0]
        except InvalidArgumentError:
            return  # the message says what is wrong with the number of players
        options = [(f"{ordinal(k)}" + (" (the Dealer's left)" if k == 1 else "")
                    + (" (you are the Dealer)" if k == n else ""), k) for k in range(1, n + 1)]
        if list(self.place.options) == options:
            return
        keep = min(self.place.value or 1, n)  # the Dealer stays the Dealer
        was, self._computing = self._computing, True  # the menu starts no other update
        try:
            self.place.options = options
            self.place.value = keep
        finally:
            self._computing = was

    def compute(self) -> None:
        deck = self.deck
        players = self.number(self.players)
        self._set_places()
        active = parse_cards(deck, self.active.value, "your Active cards")
        face_down = parse_cards(deck, self.face_down.value, "your face-down card", most=1)
        if not face_down:
            raise InvalidArgumentError("your face-down card: type the card you set face down")
        hand = parse_cards(deck, self.hand.value, "still in your hand", most=HAND_SIZE - 1)
        seen = parse_cards(deck, self.seen.value, "other cards seen")
        tone = None if self.offer.value == "none" else self.offer.value
        for row in self.record_rows:  # the record is asked for only with an offer
            row.layout.display = "none" if tone is None else ""
        record = {} if tone is None else \
            {key: self.number(field) for key, field in self.record.items()}
        answers = round_answers(players=players, place=self.place.value, chief=self.chief.value,
                                active=active, hand=hand, face_down=face_down[0],
                                where=self.where.value,
                                everyone_traded=self.everyone_traded.value, seen=seen,
                                record=record, tone=tone,
                                deck=self.deck_option)
        self.answers = answers
        self._show(answers, active, face_down[0])

    def _show(self, answers: RoundAnswers, active: list[str], face_down: str) -> None:
        chief = self.deck.player_cards[self.chief.value]
        life, points = survival(self.deck, chief.id, active), prestige(self.deck, active)
        card = self.deck.cards[face_down]
        values = (f"Survival {card.survival:+d}, Prestige {card.prestige:+d}"
                  if card.has_values else "no values")
        self.understood.value = html.escape(
            f"{chief.name}: Survival {life}, Prestige {points} of {chief.prestige_goal}. "
            f"Your face-down card: {card.name} ({values}).")
        self.advice.value = f"<b>{html.escape(answers.advice)}</b>"
        keep, trade = answers.keep, answers.trade
        label = "trade, before the claim" if answers.belief else "trade for an unknown card"
        where = {"you": "your card", "offerer": "your card (it is with the player offering)",
                 "other": "the card in front of you (unknown)"}[self.where.value]
        self.headline.value = (f"<b>If you keep {where}</b>, the chance you survive is "
                               f"{probability_latex(keep.survive)}, the chance you reach your "
                               f"goal {probability_latex(keep.reach)}.")
        rows = [("the card hurts (Survival below 0)", keep.hurts, trade.hurts),
                ("you survive this round", keep.survive, trade.survive),
                ("you reach your goal this round", keep.reach, trade.reach)]
        self.table.value = table_html(["chance", "keep", label],
                                      [(text, chance(a), chance(b)) for text, a, b in rows])
        self.chart.show(bar_chart(
            answers.trade_survival, target=0, target_label="harmless", width=230, height=150,
            title="Survival on the card after a trade", x_label="Survival"))
        belief = answers.belief
        if belief is None:
            self.bayes.value = ""
        else:
            given_hurts, given_safe = belief.likelihood
            says = {1: "they praise", -1: "they warn of",
                    0: "they say neither good nor bad of"}[belief.tone]
            self.bayes.value = "<b>Can you trust the claim? Bayes' rule</b>" + table_html(
                ["", "chance"],
                [("their card hurts, before the claim", chance(belief.prior_hurts)),
                 (f"{says} a card that hurts", chance(given_hurts)),
                 ("… of a harmless card", chance(given_safe)),
                 ("their card hurts, after the claim", chance(belief.posterior_hurts))])
        notes = ["Exact if every face-down card you do not know is a random card you have not "
                 "seen, Trading ends now and nobody uses a May power (a Healing Pool, a "
                 "Protection Scroll, a chief's ability) while the cards are Resolved."]
        if belief is not None:
            notes.append("The trade column is before the claim; Bayes' rule weighs the claim "
                         "by their record (their chances of praising or warning, for cards "
                         "that hurt and for harmless ones, uniform before any evidence).")
        if not answers.face_down_modelled:
            notes.append(f"Your {card.name} also reaches other players' cards or Draws: "
                         "only what it does to you is counted.")
        if answers.left_out:
            notes.append("Cards that Draw or reach other players' cards (Brawl, Cave-In, "
                         "...) are left out: one of them lies face down among the cards "
                         f"you do not know with chance {chance(answers.left_out)}.")
        if answers.discarded:
            notes.append("You are the Dealer and not everyone has traded: your Revealed card "
                         "is Discarded, so your Survival and Prestige stay as they are.")
        self.note.value = "<small>" + " ".join(html.escape(n) for n in notes) + "</small>"
