"""Dubious Alliance rules: the engine for 3 to 7 players.

The table goes through these phases (``state.phase``):

- ``"choose"``: after the Dealer has dealt 4 cards to everyone, each player in
  turn from the Dealer's left sets one card of their hand face down as the
  Unrevealed card (``set CARD``). The choices are simultaneous at the table;
  here they are taken one after another, and nobody sees another's choice.
- ``"trade"``: players not yet Done take turns from the Dealer's left. On a turn
  a player offers a trade to one other player (``offer P CLAIM...``; the claim is
  free text, recorded, never checked for truth, but refused if it names a card or
  a number), uses a card's trading power (``force SOURCE P``, ``draw SOURCE``) or
  declares ``done``. An offer is answered at once by the player offered
  (``accept``/``decline``); a player on Must Trade who has not traded this round
  must accept. Two players trade at most once a round; a player makes a given
  player at most one offer a round (so trading always ends). Trading ends when
  all but the last player are Done.
- ``"resolve"``: the Trade Trackers are turned, every Unrevealed card is
  Revealed (the Dealer's is Discarded unless every player traded), and the
  Revealed cards are Resolved from the Dealer's left, the Dealer last. Before a
  card's instructions are done, each player with a usable Active card (or
  Player card) power is asked in turn from the card's holder: ``use SOURCE`` or
  ``pass`` (one card per player per Revealed card). Then Revealed cards with
  values become Active cards (type limits, the Gaining rule), the others are
  Discarded; Survival then Prestige are checked in the same order: a death
  ends the game for everyone, the first to reach their goal wins.

Undo never takes back a set card, a Trade, the Reveal or a Draw (see
:data:`RULE_NOTES`). How the rulebook is read where it is open is listed in
:data:`RULE_NOTES`, each reading with the sentence it rests on.

The state performs each action with one method marked ``@performs``; what the rulebook
answers (may this claim be said, must this player accept, which powers are in force,
what a limit pushes out, what an instruction does) it asks :mod:`.trading`,
:mod:`.active` and :mod:`.effects`, which the odds, the scene and the apps ask too.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Action, GameState, IllegalActionError, InvalidArgumentError
from ..core.checks import shown
from ..core.display import text_table
from ..core.engine import performs
from ..core.english import listing, objective, possessive, says, subject, verb_form
from ..core.errors import SaveFormatError
from .actions import (
    ACTION_TYPES,
    Accept,
    Decline,
    Done,
    DrawPower,
    Force,
    Offer,
    Pass,
    SetCard,
    Use,
)
from .active import current_location, in_force, prestige, pushed_out, survival
from .data import Card, Deck, PlayerCard, deck_from_option, deck_option
from .effects import TERMS, VOCABULARY, Moment, may_respond
from .trading import (
    LEVEL_NAMES,
    LEVELS,
    MAX_CLAIM,
    claim_problem,
    dealer_card_discarded,
    must_accept,
    next_level,
)

HAND_SIZE = 4
UNKNOWN = "?"
RULE_NOTES = (
    "Simultaneous choices are taken in turn from the Dealer's left, and nobody sees another's "
    "face-down card: 'Players each select one card from their Player's Hand and place it FACE "
    "DOWN.'",
    "Trading goes round the table: on a turn a player offers one trade (with an optional "
    "claim), uses a trading power, or says Done; an offer is answered at once; a player makes "
    "a given player at most one offer a round (so trading ends). Done players receive no "
    "offers (forced trades still reach them), except a Must Trade player who has not traded "
    "yet: 'The Player did not make a Trade the last two rounds and is now a target!'",
    "'The Player must accept the first Trade offered': a Must Trade player who has not "
    "traded this round cannot decline.",
    "'in any round of Trading where all Players do not make a Trade, the Dealer must discard "
    "their Revealed card' is read as 'not all Players': if any player made no trade, the "
    "Dealer's Revealed card is Discarded before resolving.",
    "'The Player with the lowest blue Prestige value card is the Dealer': players tied for "
    "the lowest draw again (a card without values counts 0, 'Treat all cards without a "
    "Prestige or Survival value as a zero (0) for any Draw checks'); a deck whose cards all "
    "have the same Prestige is refused when loaded, since no Dealer could ever be found.",
    "Claims: 'Players cannot read the name, text or details of the Card' and 'Players cannot "
    "identify any numbers or values (such as a negative or positive value) from the card': a "
    "claim naming any card of the deck (not only the claimant's, so a refusal reveals "
    "nothing), containing a digit or a number word (two to twenty, ..., hundred, dozen) or "
    "the value words plus, minus, positive, negative is refused. 'one' is allowed: 'this "
    "one' is a pronoun, not a value. 'Players do not have to tell the truth': claims are "
    "never checked against the card.",
    "Undo: 'Once an Unrevealed card is placed on the table it cannot be changed' and "
    "'Players may not undo a Trade once made': setting a card and a Trade are final, and so "
    "are the Reveal and every Draw (they show cards that were hidden).",
    "Gaining an Active card: 'When a card is added to the Active Hand follow its special "
    "instructions, even if it was Resolved before.' A player who gains a card that someone "
    "else Resolved (it was taken after being Resolved) follows its instructions again when "
    "it joins their Active cards. The player who Resolved a card and then adds it follows "
    "them once: the rulebook describes that as one handling ('take the top card from the "
    "Draw deck to Resolve and then add to your Active Hand'; step 6 'After all cards are "
    "Resolved, cards with Survival and Prestige values are moved'), and reading every card's "
    "instruction twice would make no card mean what it says. 'gain' instructions (the "
    "deck's own key word) are followed at every gaining.",
    "Death: 'If a Player's Survival score is ever zero (0) or lower, that Player has died' "
    "is read with the sentences around it: Survival is checked at the end of the round, in "
    "order from the Dealer's left ('After all Revealed cards are Resolved and placed as "
    "Active Cards, Players take turns checking their Survival'), and 'ever' means at any "
    "such check. A chief whose Survival is 0 or lower in the middle of a round (after a "
    "Draw, or a lost Armor) and who is healed before the check lives. The rulebook itself "
    "needs this reading: 'If a Player wins by killing another Player (probably by stealing a "
    "card), the Player still wins as long as they score before the Player who was killed' - "
    "the killing happens during the round, the death counts only at the victim's check.",
    "A card taken from another player is Resolved by its new holder unless it already was "
    "Resolved: 'If another Player takes a Player's Revealed Card, the Player does not get a "
    "replacement Revealed card.'",
    "Armor and Weapon limits: 'A Player may wear only one icon and must discard any previous "
    "when a new one is placed as an Active Card'; the Weapon limit's number is not printed "
    "and is read from the deck file ('limits'; 2 in the shipped reconstruction).",
    "Running out of cards: 'Reshuffle all discarded cards to replenish the Draw deck "
    "whenever it is emptied' says nothing of a Draw deck and Discards that together cannot "
    "deal 4 cards to everyone: the game then ends with no winner.",
)


def _ids(extra: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z0-9_.?-]{1,60}$"},
            "maxItems": 1000, **dict(extra)}


_SEAT = {"type": "integer", "minimum": 0, "maximum": 6}
_SEATS = {"type": "array", "items": _SEAT, "maxItems": 7}
_CARD_ID = {"type": "string", "pattern": "^[A-Za-z0-9_.?-]{1,60}$"}
_CLAIM = {"type": "string", "maxLength": MAX_CLAIM}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 1_000_000}
_PER_SEAT_BOOL = {"type": "array", "items": {"type": "boolean"}, "maxItems": 7}

#: JSON Schema (draft 2020-12) of ``DubiousAllianceState._dump()``; ``_restore`` then
#: checks what a schema cannot (cards that exist, each card in one place, seats in range).
STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["characters", "box", "tracker", "deck", "discard", "dealer", "hands",
                 "unrevealed", "chosen", "origin", "active", "revealed", "window", "claims",
                 "claim_history", "outcome", "turn", "round", "round_in_turn", "phase", "done",
                 "traded", "trade_turn", "pending", "offered", "traded_pairs", "used_trading"],
    "properties": {
        "characters": _ids(), "box": _ids(), "deck": _ids(), "discard": _ids(),
        "tracker": {"type": "array", "items": {"enum": list(LEVELS)}, "maxItems": 7},
        "dealer": _SEAT,
        "hands": {"type": "array", "items": _ids((("maxItems", HAND_SIZE),)), "maxItems": 7},
        "unrevealed": {"type": "array", "items": {"anyOf": [_CARD_ID, {"type": "null"}]},
                       "maxItems": 7},
        "chosen": {"type": "array", "items": {"anyOf": [_CARD_ID, {"type": "null"}]},
                   "maxItems": 7},
        "origin": {"type": "array", "items": {"anyOf": [_SEAT, {"type": "null"}]},
                   "maxItems": 7},
        "active": {"type": "array", "items": _ids(), "maxItems": 7},
        "revealed": {"type": "array", "maxItems": 7, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["card", "holder", "status", "used_by", "resolved_by"],
            "properties": {"card": _CARD_ID, "holder": _SEAT, "used_by": _SEATS,
                           "status": {"enum": ["pending", "resolved", "gained", "gone"]},
                           "resolved_by": {"anyOf": [_SEAT, {"type": "null"}]}}}},
        "window": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False, "required": ["entry", "queue"],
            "properties": {"entry": {"type": "integer", "minimum": 0, "maximum": 6},
                           "queue": {**_SEATS, "minItems": 1}}}]},
        "claims": {"type": "array", "maxItems": 42, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["round", "from", "to", "claim", "about"],
            "properties": {"round": _COUNT, "from": _SEAT, "to": _SEAT, "claim": _CLAIM,
                           "about": _SEAT}}},
        "claim_history": {"type": "array", "maxItems": 100_000, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["round", "from", "to", "claim", "card"],
            "properties": {"round": _COUNT, "from": _SEAT, "to": _SEAT, "claim": _CLAIM,
                           "card": _CARD_ID}}},
        "outcome": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False,
            "required": ["winner", "dead", "reason"],
            "properties": {"winner": {"anyOf": [_SEAT, {"type": "null"}]},
                           "dead": {"anyOf": [_SEAT, {"type": "null"}]},
                           "reason": {"type": "string", "maxLength": 500}}}]},
        "turn": _COUNT, "round": _COUNT,
        "round_in_turn": {"type": "integer", "minimum": 0, "maximum": HAND_SIZE},
        "phase": {"enum": ["choose", "trade", "resolve", "over"]},
        "done": _PER_SEAT_BOOL, "traded": _PER_SEAT_BOOL,
        "trade_turn": {"anyOf": [_SEAT, {"type": "null"}]},
        "pending": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False, "required": ["from", "to", "claim"],
            "properties": {"from": _SEAT, "to": _SEAT, "claim": _CLAIM}}]},
        "offered": {"type": "array", "maxItems": 42,
                    "items": {"type": "array", "items": _SEAT, "minItems": 2, "maxItems": 2}},
        "traded_pairs": {"type": "array", "maxItems": 21,
                         "items": {"type": "array", "items": _SEAT, "minItems": 2,
                                   "maxItems": 2}},
        "used_trading": {"type": "array", "maxItems": 200, "items": {
            "type": "array", "prefixItems": [_SEAT, _CARD_ID,
                                             {"type": "integer", "minimum": 0, "maximum": 7}],
            "minItems": 3, "maxItems": 3}},
    },
}


class DubiousAllianceState(GameState):
    """A game of Dubious Alliance (see the module docstring for the phases).

    >>> state = DubiousAllianceState(players=3, seed=1)
    >>> state.phase, len(state.hands[0])
    ('choose', 4)
    """

    game_name = "dubious_alliance"
    action_types = ACTION_TYPES
    min_players, max_players = 3, 7
    state_schema = STATE_SCHEMA
    #: The position is plain data (copied with core's clone); the deck and the options are
    #: never changed once the game is set up, so a copy or a view shares them.
    data_fields = tuple(STATE_SCHEMA["required"])
    shared_fields = ("_deck_cache", "options")

    # ------------------------------------------------------------ helpers
    @property
    def deck_data(self) -> Deck:
        cached = self.__dict__.get("_deck_cache")
        if cached is None:
            cached = deck_from_option(self.options.get("deck"))
            self.__dict__["_deck_cache"] = cached
        return cached

    def card(self, card_id: str) -> Card | PlayerCard:
        """The card (or Player card) with this id."""
        return self.deck_data.card(card_id)

    @property
    def n(self) -> int:
        return len(self.players)

    def order(self) -> list[int]:
        """Seats from the Dealer's left round to the Dealer (resolving and checking order)."""
        return [(self.dealer + 1 + i) % self.n for i in range(self.n)]

    def _order_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def left(self, p: int) -> int:
        return (p + 1) % self.n

    def right(self, p: int) -> int:
        return (p - 1) % self.n

    def beginning_survival(self, p: int) -> int:
        """The Survival printed on the player's Player card."""
        return self.deck_data.player_cards[self.characters[p]].survival

    def survival(self, p: int) -> int:
        """Beginning Survival plus the Survival of the player's Active cards."""
        return survival(self.deck_data, self.characters[p], self.active[p])

    def prestige(self, p: int) -> int:
        """The sum of the Prestige of the player's Active cards."""
        return prestige(self.deck_data, self.active[p])

    def goal(self, p: int) -> int:
        return self.deck_data.player_cards[self.characters[p]].prestige_goal

    def current_location(self, p: int) -> str | None:
        """The most recent Location among the player's Active cards (its instructions apply)."""
        return current_location(self.deck_data, self.active[p])

    def in_force(self, p: int) -> list[str]:
        """Sources of powers p may use: Player card, Active cards (a Location if current)."""
        return in_force(self.deck_data, self.characters[p], self.active[p])

    def _name(self, card_id: str) -> str:
        return self.card(card_id).name

    def power_name(self, source: str) -> str:
        """A power's source in words: "Protection Scroll", or "Uzga Bonewitch's power"."""
        card = self.card(source)
        return f"{possessive(card.name)} power" if isinstance(card, PlayerCard) else card.name

    def _p(self, p: int) -> str:
        return self.players[p]

    def _final(self, reason: str) -> None:
        """This action can never be taken back (the first reason given is kept)."""
        if getattr(self, "_irreversible", None) is None:
            self.mark_irreversible(reason)

    # -------------------------------------------------------------- set-up
    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """The checks ``new_game`` makes of its options before it reads the deck: only
        ``deck`` (None, a path or deck data) and ``characters`` (None or a list of different
        Player card ids; which ids, and how many, is checked against the deck and the
        players when the game is made or loaded).

        >>> DubiousAllianceState.check_options({"characters": "uzga_bonewitch"})
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.InvalidArgumentError: characters must be a list of \
different Player card ids, not 'uzga_bonewitch'
        """
        unknown = sorted(map(str, set(options) - {"deck", "characters"}))
        if unknown:
            raise InvalidArgumentError(f"unknown option {unknown[0]!r} (Dubious Alliance takes "
                                       "deck= and characters=)")
        deck = options.get("deck")
        if deck is not None and not isinstance(deck, (str, os.PathLike, Mapping)):
            raise InvalidArgumentError(f"deck must be a path, deck data or None, not "
                                       f"{shown(deck)}")
        chosen = options.get("characters")
        if chosen is not None and (
                not isinstance(chosen, (list, tuple)) or len(chosen) > cls.max_players
                or any(not isinstance(c, str) for c in chosen)
                or len(set(chosen)) != len(chosen)):
            raise InvalidArgumentError(f"characters must be a list of different Player card "
                                       f"ids, not {shown(chosen)}")

    def check_position(self) -> None:
        """Raise SaveFormatError naming the field if this position is not one a game could
        reach (loading a save asks it of the start; see :func:`_check_position`)."""
        _check_position(self, self._dump())

    def _check_options(self) -> None:
        self.check_options(self.options)
        deck = self.deck_data
        if len(deck.player_cards) < self.n:
            raise InvalidArgumentError(
                f"players: this deck has {len(deck.player_cards)} Player cards, so at most "
                f"{len(deck.player_cards)} players, not {self.n}")
        if len(deck.cards) < HAND_SIZE * self.n:
            raise InvalidArgumentError(
                f"players: this deck has {len(deck.cards)} cards, too few to deal "
                f"{HAND_SIZE} to each of {self.n} players")
        chosen = self.options.get("characters")
        ids = sorted(deck.player_cards)
        if chosen is not None and (
                not isinstance(chosen, (list, tuple)) or len(chosen) != self.n
                or len(set(map(str, chosen))) != self.n
                or any(not isinstance(c, str) or c not in deck.player_cards for c in chosen)):
            raise InvalidArgumentError(
                f"characters: give {self.n} different Player card ids from {ids}")

    def _setup(self) -> None:
        # Options are data, never paths: the deck is read and checked now, and the game
        # keeps the shipped set's name and digest, or the whole deck document.
        self.options["deck"] = deck_option(self.options.get("deck"))
        if self.options.get("characters") is not None:
            self.options["characters"] = list(self.options["characters"])
        self._check_options()
        deck = self.deck_data
        chosen = self.options.get("characters")
        ids = sorted(deck.player_cards)
        if chosen is None:
            pool = list(ids)
            self.rng.shuffle(pool)
            self.characters = pool[: self.n]
        else:
            self.characters = list(chosen)
        self.box = [c for c in ids if c not in self.characters]
        for p, c in enumerate(self.characters):
            pc = deck.player_cards[c]
            self.record("player_card", f"{says(self._p(p), 'be')} {pc.name} (Survival "
                        f"{pc.survival}, Prestige goal {pc.prestige_goal}).", player=p, card=c)
        self.tracker = ["traded"] * self.n
        self.discard: list[str] = []
        self._find_dealer()
        self.deck = sorted(deck.cards)
        self.rng.shuffle(self.deck)
        self.record("shuffle", "All cards are reshuffled into the Draw deck.", visible_to=(),
                    order=list(self.deck))
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        self.unrevealed: list[str | None] = [None] * self.n
        self.chosen: list[str | None] = [None] * self.n
        self.origin: list[int | None] = [None] * self.n
        self.active: list[list[str]] = [[] for _ in range(self.n)]
        self.revealed: list[dict[str, Any]] = []
        self.window: dict[str, Any] | None = None
        self.claims: list[dict[str, Any]] = []
        self.claim_history: list[dict[str, Any]] = []
        self.outcome: dict[str, Any] | None = None
        self.turn = 0
        self.round = 0
        self.round_in_turn = 0
        self.phase = "choose"
        self._reset_trading()
        self._deal()
        self._advance()

    def _find_dealer(self) -> None:
        """Draw for the lowest Prestige; the tied draw again (from a reshuffled deck if short)."""
        contenders = list(range(self.n))
        self.deck = []
        while True:
            if len(self.deck) < len(contenders):
                self.deck = sorted(self.deck_data.cards)
                self.rng.shuffle(self.deck)
                self.record("shuffle", "The Draw deck is shuffled.", visible_to=(),
                            order=list(self.deck))
            values = {}
            for p in contenders:
                c = self.deck.pop()
                values[p] = self.card(c).draw_value()
                self.record("dealer_draw", f"{says(self._p(p), 'draw')} {self._name(c)} "
                            f"(Prestige {values[p]}).", player=p, card=c)
            low = min(values.values())
            contenders = [p for p in contenders if values[p] == low]
            if len(contenders) == 1:
                break
            self.record("dealer_tie", "Tied for the lowest Prestige: they draw again.",
                        players=contenders)
        self.dealer = contenders[0]
        self.record("dealer", f"{says(self._p(self.dealer), 'be')} the Dealer.",
                    player=self.dealer)

    def _reset_trading(self) -> None:
        self.done = [False] * self.n
        self.traded = [False] * self.n
        self.trade_turn: int | None = None
        self.pending: dict[str, Any] | None = None
        self.offered: list[list[int]] = []
        self.traded_pairs: list[list[int]] = []
        self.used_trading: list[list[Any]] = []

    # ----------------------------------------------------------- drawing
    def _draw_one(self) -> str | None:
        """The top card of the Draw deck; the Discards are reshuffled in when it is empty."""
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.record("shuffle", "The Discards are reshuffled into the Draw deck.",
                        visible_to=(), order=list(self.deck))
        if not self.deck:
            return None
        self._final("a card was drawn from the Draw deck")
        return self.deck.pop()

    def _deal(self) -> None:
        self.turn += 1
        self.round_in_turn = 0
        if len(self.deck) + len(self.discard) < HAND_SIZE * self.n:
            self._end(None, None, "The Draw deck and the Discards cannot fill every hand: the "
                      "game ends with no winner.")
            return
        self.record("deal", f"{says(self._p(self.dealer), 'deal')} {HAND_SIZE} cards to each "
                    "player.", player=self.dealer, turn=self.turn)
        for _ in range(HAND_SIZE):
            for p in self.order():
                self.hands[p].append(self._draw_one())
        for p in range(self.n):
            self.record("hand", f"{possessive(self._p(p))} hand: "
                        + ", ".join(self._name(c) for c in self.hands[p]) + ".",
                        player=p, visible_to=(p,), cards=list(self.hands[p]))
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.round_in_turn += 1
        self.phase = "choose"
        self.unrevealed = [None] * self.n
        self.chosen = [None] * self.n
        self.origin = [None] * self.n
        self.claims = []  # this round's claims (past rounds' are in claim_history)
        self._reset_trading()

    def _end(self, winner: int | None, dead: int | None, reason: str) -> None:
        self.phase = "over"
        self.outcome = {"winner": winner, "dead": dead, "reason": reason}
        self.record("game_over", reason, winner=winner, dead=dead)

    # ---------------------------------------------------------- protocol
    @property
    def current_player(self) -> int | None:
        if self.phase == "choose":
            return next(p for p in self.order() if self.unrevealed[p] is None)
        if self.phase == "trade":
            return self.pending["to"] if self.pending else self.trade_turn
        if self.phase == "resolve" and self.window:
            return self.window["queue"][0]
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> tuple[int, ...]:
        """Each player's Prestige (the winner, if any, is ``outcome['winner']``)."""
        return tuple(self.prestige(p) for p in range(self.n))

    def winner(self) -> int | None:
        """The seat that won, once the game is over (None: no winner, or not over)."""
        return (self.outcome or {}).get("winner")

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, in words (None while it goes on): the name the other
        games give it (``outcome["reason"]``)."""
        return None if self.outcome is None else self.outcome["reason"]

    # ------------------------------------------------------ trading rules
    def _pair_traded(self, a: int, b: int) -> bool:
        return sorted((a, b)) in self.traded_pairs

    def trading_powers(self, p: int) -> list[tuple[str, int, dict[str, Any]]]:
        """Unused trading powers in force for p: (source, index, instruction)."""
        out = []
        for src in self.in_force(p):
            for i, ins in self.card(src).powers("trading"):
                if [p, src, i] in self.used_trading:
                    continue
                if self.prestige(p) < ins.get("if_prestige_at_least", -10**9):
                    continue
                out.append((src, i, ins))
        return out

    def _is_target(self, q: int) -> bool:
        """A Must Trade player who has not traded yet: "now a target!" even after Done."""
        return must_accept(self.tracker[q], self.traded[q])

    def _offer_targets(self, p: int) -> list[int]:
        return [q for q in self.order() if q != p and (not self.done[q] or self._is_target(q))
                and not self._pair_traded(p, q) and [p, q] not in self.offered]

    def _legal_actions(self) -> list[Action]:
        p = self.current_player
        if self.phase == "choose":
            return [SetCard(c) for c in sorted(set(self.hands[p]))]
        if self.phase == "trade":
            if self.pending:
                return [Accept()] if self._is_target(p) else [Accept(), Decline()]
            acts: list[Action] = [Offer(q) for q in self._offer_targets(p)]
            for src, _i, ins in self.trading_powers(p):
                if TERMS[ins["do"]].action is Force:
                    acts += [Force(src, q) for q in self.order()
                             if q != p and not self._pair_traded(p, q)]
                else:
                    acts.append(DrawPower(src))
            acts.append(Done())
            return list(dict.fromkeys(acts))
        if self.phase == "resolve" and self.window:
            entry = self.revealed[self.window["entry"]]
            return [Use(s) for s in self.respond_sources(p, entry)] + [Pass()]
        return []

    def _check(self, action: Action) -> None:
        p = self.current_player
        if self.phase == "choose":
            if not isinstance(action, SetCard):
                raise IllegalActionError(f"{action.verb}: every player first sets an Unrevealed "
                                         "card (set CARD)")
            if action.card not in self.hands[p]:
                raise IllegalActionError(f"set: {action.card} is not in your hand")
            return
        if self.phase == "trade":
            if self.pending:
                if isinstance(action, Decline) and self._is_target(p):
                    raise IllegalActionError("decline: a player on Must Trade must accept the "
                                             "first Trade offered")
                if not isinstance(action, (Accept, Decline)):
                    raise IllegalActionError(f"{action.verb}: answer the offer first "
                                             "(accept or decline)")
                return
            if isinstance(action, Offer):
                q = action.to
                problem = claim_problem(self.deck_data, action.claim)
                if problem is not None:
                    raise IllegalActionError(f"offer: this claim cannot be said: {problem}")
                if not 0 <= q < self.n or q == p:
                    raise IllegalActionError("offer: offer to another player's seat number")
                if self._pair_traded(p, q):
                    raise IllegalActionError("offer: a Player may not Trade again with the same "
                                             "Player in a round of Trading")
                if self.done[q] and not self._is_target(q):
                    raise IllegalActionError("offer: that player has declared Done")
                if [p, q] in self.offered:
                    raise IllegalActionError("offer: one offer to the same player per round of "
                                             "Trading")
                return
            if isinstance(action, (Force, DrawPower)):
                ok = [s for s, _i, ins in self.trading_powers(p)
                      if TERMS[ins["do"]].action is type(action)]
                if action.source not in ok:
                    kind = next(verb for verb, t in TERMS.items() if t.action is type(action))
                    raise IllegalActionError(f"{action.verb}: {action.source} gives you no unused "
                                             f"{kind} power in force this round of Trading")
                if isinstance(action, Force):
                    q = action.target
                    if not 0 <= q < self.n or q == p:
                        raise IllegalActionError("force: force a trade with another player")
                    if self._pair_traded(p, q):
                        raise IllegalActionError("force: a Player may not Trade again with the "
                                                 "same Player in a round of Trading")
                return
            if isinstance(action, Done):
                return
            raise IllegalActionError(f"{action.verb}: not during Trading")
        if self.phase == "resolve" and self.window:
            if isinstance(action, Pass):
                return
            if isinstance(action, Use):
                entry = self.revealed[self.window["entry"]]
                if action.source not in self.respond_sources(p, entry):
                    raise IllegalActionError(f"use: {action.source} has no power you may use on "
                                             "this Revealed card now")
                return
            raise IllegalActionError(f"{action.verb}: a Revealed card is being Resolved "
                                     "(use SOURCE or pass)")
        raise IllegalActionError(f"{action.verb} is not possible now")

    def _perform(self, action: Action) -> None:
        super()._perform(action)  # the method marked @performs for the action's type
        self._advance()  # then the table moves on until someone must decide

    @performs(SetCard)
    def _set_card(self, action: SetCard) -> None:
        p = self.current_player
        self.hands[p].remove(action.card)
        self.unrevealed[p] = self.chosen[p] = action.card
        self.origin[p] = p
        self._final("the Unrevealed card is on the table ('Once an Unrevealed card is "
                    "placed on the table it cannot be changed')")
        self.record("set", f"{says(self._p(p), 'set')} a card face down.", player=p)

    @performs(Offer)
    def _offer(self, action: Offer) -> None:
        p = self.current_player
        self.offered.append([p, action.to])
        self.pending = {"from": p, "to": action.to, "claim": action.claim}
        self.claims.append({"round": self.round, "from": p, "to": action.to,
                            "claim": action.claim, "about": self.origin[p]})
        said = f', saying "{action.claim}"' if action.claim else ""
        self.record("offer", f"{says(self._p(p), 'offer')} {objective(self._p(action.to))} a "
                    f"trade{said}.", player=p, to=action.to, claim=action.claim)

    @performs(Accept)
    def _accept(self, action: Accept) -> None:
        p = self.current_player
        offer, self.pending = self.pending, None
        self._swap(offer["from"], p, f"{says(self._p(p), 'accept')}: ")
        self._next_trade_turn(offer["from"])

    @performs(Decline)
    def _decline(self, action: Decline) -> None:
        p = self.current_player
        offer, self.pending = self.pending, None
        self.record("decline", f"{says(self._p(p), 'decline')}.", player=p)
        self._next_trade_turn(offer["from"])

    @performs(Force)
    def _force(self, action: Force) -> None:
        p = self.current_player
        index, ins = self._power(p, action)
        self.used_trading.append([p, action.source, index])
        self.record("force", f"{says(self._p(p), 'use')} {self.power_name(action.source)} to "
                    f"force a trade with {objective(self._p(action.target))}.", player=p,
                    target=action.target, source=action.source)
        VOCABULARY.perform(ins, self, Moment(p, action.source, target=action.target))
        self._next_trade_turn(p)

    @performs(DrawPower)
    def _draw_power(self, action: DrawPower) -> None:
        p = self.current_player
        index, ins = self._power(p, action)
        self.used_trading.append([p, action.source, index])
        self.record("draw_power", f"{says(self._p(p), 'use')} {self.power_name(action.source)} "
                    "to Draw.", player=p, source=action.source)
        VOCABULARY.perform(ins, self, Moment(p, action.source))
        self._next_trade_turn(p)

    @performs(Done)
    def _done(self, action: Done) -> None:
        p = self.current_player
        self.done[p] = True
        self.record("done", f"{says(self._p(p), 'be')} Done (Tusks up).", player=p)
        self._next_trade_turn(p)

    @performs(Use)
    def _use(self, action: Use) -> None:
        p, source = self.current_player, action.source
        entry = self.revealed[self.window["entry"]]
        ins = self.card(source).powers("respond")[0][1]
        entry["used_by"].append(p)
        self.window["queue"].pop(0)
        VOCABULARY.perform(ins, self, Moment(p, source, entry))
        if ins.get("cost") == "discard_this" and source in self.active[p]:
            self.active[p].remove(source)
            self.discard.append(source)
            self.record("discard", f"{says(self._p(p), 'Discard')} {self._name(source)}.",
                        player=p, card=source)

    @performs(Pass)
    def _pass(self, action: Pass) -> None:
        self.window["queue"].pop(0)

    def _power(self, p: int, action: Force | DrawPower) -> tuple[int, dict[str, Any]]:
        """(index, instruction) of the unused trading power ``action`` uses."""
        return next((i, ins) for s, i, ins in self.trading_powers(p)
                    if s == action.source and TERMS[ins["do"]].action is type(action))

    def _swap(self, a: int, b: int, prefix: str = "") -> None:
        # The new card is slid over face down: nobody looks at it until the Reveal.
        self.unrevealed[a], self.unrevealed[b] = self.unrevealed[b], self.unrevealed[a]
        self.origin[a], self.origin[b] = self.origin[b], self.origin[a]
        self.traded[a] = self.traded[b] = True
        self.traded_pairs.append(sorted((a, b)))
        self._final("a Trade was made ('Players may not undo a Trade once made')")
        self.record("trade", f"{prefix}{subject(self._p(a))} and {objective(self._p(b))} swap "
                    "Unrevealed cards.", players=[a, b])

    def _next_trade_turn(self, after: int) -> None:
        for q in self._order_from(after)[1:] + [after]:
            if not self.done[q]:
                self.trade_turn = q
                return
        self.trade_turn = None

    # ------------------------------------------------------ the table moves
    def _advance(self) -> None:
        """Do every automatic step until a player must decide (or the game ends)."""
        while True:
            if self.phase == "choose":
                if any(c is None for c in self.unrevealed):
                    return
                self.phase = "trade"
                self.record("trading", "Trading begins.", round=self.round)
                self.trade_turn = self.order()[0]
            if self.phase == "trade":
                if self.pending or sum(not d for d in self.done) > 1:
                    return
                self._end_trading()
            if self.phase == "resolve":
                if self.window:
                    entry = self.revealed[self.window["entry"]]
                    queue = self.window["queue"]
                    while queue and not self.respond_sources(queue[0], entry):
                        queue.pop(0)
                    if queue:
                        return
                    self.window = None
                    self._resolve(entry)
                    continue
                nxt = self._next_unresolved()
                if nxt is not None:
                    entry = self.revealed[nxt]
                    queue = [q for q in self._order_from(entry["holder"])
                             if self.respond_sources(q, entry)]
                    if queue:
                        self.window = {"entry": nxt, "queue": queue}
                    else:
                        self._resolve(entry)
                    continue
                self._finish_round()
            if self.phase == "over":
                return

    def _end_trading(self) -> None:
        self.record("trading_over", "Trading ends.", round=self.round)
        self.tracker = [next_level(level, traded)
                        for level, traded in zip(self.tracker, self.traded, strict=True)]
        # "Trade Trackers: Traded for you and Bot 2; Must Trade for Bot 3." (never "You Traded")
        groups = {level: [objective(self._p(p)) for p, t in enumerate(self.tracker) if t == level]
                  for level in LEVEL_NAMES}
        self.record("tracker", "Trade Trackers: " + "; ".join(
            f"{LEVEL_NAMES[level]} for {listing(who)}" for level, who in groups.items() if who)
            + ".", levels=list(self.tracker))
        discarded = dealer_card_discarded(self.traded)
        self.revealed = []
        cards = [self.unrevealed[p] for p in self.order()]
        pairs = zip(self.order(), cards, strict=True)
        self._final("the Unrevealed cards have been Revealed")
        self.record("reveal", "Revealed: " + ", ".join(
            f"{possessive(self._p(p), capital=False)} {self._name(c)}" for p, c in pairs) + ".",
            cards=cards,
            seats=self.order())
        for claim in self.claims:  # every claim's card is known now: the record is public
            self.claim_history.append({k: claim[k] for k in ("round", "from", "to", "claim")}
                                      | {"card": self.chosen[claim["about"]]})
        for p in self.order():
            card = self.unrevealed[p]
            self.unrevealed[p] = None
            if p == self.dealer and discarded:
                self.discard.append(card)
                self.record("dealer_discard", f"Not every player traded: {subject(self._p(p))}, "
                            f"the Dealer, {verb_form(self._p(p), 'Discard')} {self._name(card)}.",
                            player=p, card=card)
                continue
            self.revealed.append({"card": card, "holder": p, "status": "pending", "used_by": [],
                                  "resolved_by": None})
        self.phase = "resolve"

    def _next_unresolved(self) -> int | None:
        rank = {p: i for i, p in enumerate(self.order())}
        waiting = [(rank[e["holder"]], i) for i, e in enumerate(self.revealed)
                   if e["status"] == "pending"]
        return min(waiting)[1] if waiting else None

    def respond_sources(self, p: int, entry: dict[str, Any]) -> list[str]:
        """Sources with a respond power p may use on this Revealed card now."""
        if entry["status"] != "pending" or p in entry["used_by"]:
            return []
        card, holder = self.card(entry["card"]), entry["holder"]
        return list(dict.fromkeys(src for src in self.in_force(p)
                                  for _i, ins in self.card(src).powers("respond")
                                  if may_respond(ins, card, holder, p)))

    def _resolve(self, entry: dict[str, Any]) -> None:
        actor = entry["holder"]
        card = self.card(entry["card"])
        if card.powers("reveal"):
            self.record("resolve", f"{says(self._p(actor), 'Resolve')} {card.name}.",
                        player=actor, card=card.id)
        self._follow(actor, card, entry)
        entry["status"] = "resolved"
        entry["resolved_by"] = actor

    def _follow(self, actor: int, card: Card, entry: dict[str, Any] | None) -> None:
        """Carry out the card's reveal instructions for ``actor`` (``entry``: the card being
        Resolved, None for a drawn or gained one).

        An instruction that cannot be completed is ignored (the card is then still
        added to the Active cards if it has values, or Discarded if not).
        """
        for _i, ins in card.powers("reveal"):
            VOCABULARY.perform(ins, self, Moment(actor, card.id, entry))

    def _draw_resolve(self, actor: int, want: str | None) -> None:
        """Draw (until a card of type ``want``), Resolve it, add it to the Active cards."""
        if want is not None and not any(want in self.card(c).types
                                        for c in self.deck + self.discard):
            self.record("ignored", f"No {want} card is left to Draw.", player=actor)
            return
        while True:
            c = self._draw_one()
            if c is None:
                self.record("ignored", "The Draw deck is empty.", player=actor)
                return
            card = self.card(c)
            self.record("draw", f"{says(self._p(actor), 'Draw')} {card.name}.", player=actor,
                        card=c)
            if want is None or want in card.types:
                break
            self.discard.append(c)
        self._follow(actor, card, None)
        self._gain(actor, c)

    def _gain(self, p: int, c: str, quiet: bool = False, follow: bool = False) -> None:
        """Add ``c`` to p's Active cards (type limits, 'gain' instructions); ``follow``: p
        did not Resolve it, so its instructions are followed now (the Gaining rule)."""
        card = self.card(c)
        name = self._p(p)
        if not card.has_values:
            self.discard.append(c)
            if not quiet:
                self.record("discard", f"{card.name} has no values and is Discarded.", player=p,
                            card=c)
            return
        if follow and card.powers("reveal"):
            self.record("resolve", f"{says(name, 'gain')} {card.name} and "
                        f"{verb_form(name, 'follow')} its instructions (Gaining an Active "
                        "card: 'even if it was Resolved before').", player=p, card=c)
            self._follow(p, card, None)
        limits = self.deck_data.limits
        for old, kind in pushed_out(self.deck_data, self.active[p], c):
            self.active[p].remove(old)
            self.discard.append(old)
            self.record("discard", f"{says(name, 'may')} have only {limits[kind]} {kind}: "
                        f"{self._name(old)} is Discarded.", player=p, card=old)
        self.active[p].append(c)
        if not quiet:
            self.record("active", f"{card.name} becomes an Active card of {objective(name)}.",
                        player=p, card=c)
        for _i, ins in card.powers("gain"):
            VOCABULARY.perform(ins, self, Moment(p, c))

    def _finish_round(self) -> None:
        while True:
            rank = {p: i for i, p in enumerate(self.order())}
            waiting = sorted((rank[e["holder"]], i) for i, e in enumerate(self.revealed)
                             if e["status"] == "resolved")
            if not waiting:
                break
            entry = self.revealed[waiting[0][1]]
            entry["status"] = "gained"
            self._gain(entry["holder"], entry["card"], quiet=True,
                       follow=entry["resolved_by"] != entry["holder"])
        if self.revealed:
            self.record("active", "Revealed cards with values become Active cards; the others "
                        "are Discarded.", holders=[[e["holder"], e["card"]] for e in self.revealed
                                                   if e["status"] == "gained"])
        self.revealed = []
        # Survival then Prestige, from the Dealer's left: see RULE_NOTES on "ever".
        for p in self.order():
            name, s = self._p(p), self.survival(p)
            if s <= 0:
                self.record("death", f"{says(name, 'have')} Survival {s} and "
                            f"{verb_form(name, 'be')} killed.", player=p)
                self._end(None, p, f"{subject(name)} died: the band loses and no one wins.")
                return
            pr = self.prestige(p)
            if pr >= self.goal(p):
                self._end(p, None, f"{says(name, 'reach')} Prestige {pr} (goal "
                          f"{self.goal(p)}) and {verb_form(name, 'command')} the tribe.")
                return
        if self.round_in_turn >= HAND_SIZE:
            self.dealer = self.left(self.dealer)
            self.record("dealer", f"{says(self._p(self.dealer), 'be')} the Dealer.",
                        player=self.dealer)
            self._deal()
        else:
            self._start_round()

    # ---------------------------------------------------------- save/load
    def _dump(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.data_fields}

    def _restore(self, data: dict[str, Any]) -> None:
        self._check_options()
        _check_position(self, data)
        for k in self.data_fields:  # only the documented fields, never arbitrary keys
            setattr(self, k, data[k])

    def _hide(self, player: int | None) -> None:
        self.deck = [UNKNOWN] * len(self.deck)
        self.hands = [h if p == player else [UNKNOWN] * len(h) for p, h in enumerate(self.hands)]
        # Face-down cards: a player knows their own Unrevealed card only until they trade it.
        self.unrevealed = [None if c is None else
                           c if p == player and not self.traded[p] else UNKNOWN
                           for p, c in enumerate(self.unrevealed)]
        self.chosen = [c if p == player or c is None else UNKNOWN
                       for p, c in enumerate(self.chosen)]

    def hidden_zones(self, player: int | None) -> dict[str, list]:
        """The deck, the other hands and chosen cards, and every face-down Unrevealed card
        but ``player``'s own before they trade it (GameState.hidden_zones)."""
        zones = {"deck": list(self.deck)}
        for p in range(len(self.hands)):
            if p != player:
                zones[f"hand {p}"] = list(self.hands[p])
                if self.chosen[p] is not None:
                    zones[f"chosen {p}"] = [self.chosen[p]]
            card = self.unrevealed[p]
            if card is not None and not (p == player and not self.traded[p]):
                zones[f"unrevealed {p}"] = [card]
        return zones

    def text_board(self) -> str:
        """The table in text, for ``print(state)``: each chief's Survival, Prestige, hand
        and cards; a view shows only what its player may see ("?")."""
        def named(card: str | None) -> str:
            return "-" if card is None else "?" if card == UNKNOWN else self._name(card)

        rows = [("D" if p == self.dealer else "", self._p(p), self._name(self.characters[p]),
                 f"{self.survival(p)}", f"{self.prestige(p)}/{self.goal(p)}", len(self.hands[p]),
                 named(self.unrevealed[p]), ", ".join(map(named, self.active[p])) or "-")
                for p in range(self.n)]
        lines = [f"Turn {self.turn}, round {self.round}: {self.phase}.",
                 text_table(["", "player", "chief", "survival", "prestige", "hand", "face down",
                             "active"], rows)]
        if self.revealed:
            lines.append("Revealed: " + "; ".join(
                f"{self._p(e['holder'])}: {named(e['card'])} ({e['status']})"
                for e in self.revealed) + ".")
        for p in range(self.n):
            if self.hands[p] and UNKNOWN not in self.hands[p]:
                lines.append(f"{possessive(self._p(p))} hand: "
                             f"{', '.join(map(named, self.hands[p]))}.")
        return "\n".join(lines)

    def components(self) -> Counter:
        cards = list(self.deck) + list(self.discard) + self.characters + self.box
        cards += [c for h in self.hands for c in h] + [c for c in self.unrevealed if c]
        cards += [e["card"] for e in self.revealed if e["status"] in ("pending", "resolved")]
        cards += [c for a in self.active for c in a]
        out = Counter(cards)
        out["trade tracker"] = len(self.tracker)
        return out


def _check_position(state: DubiousAllianceState, data: dict[str, Any]) -> None:
    """What a schema cannot say about a saved position; SaveFormatError naming the field."""
    def bad(where: str, why: str) -> SaveFormatError:
        return SaveFormatError(f"saved Dubious Alliance position: {where}: {why}")

    n, deck = state.n, state.deck_data
    for key in ("tracker", "hands", "unrevealed", "chosen", "origin", "active", "done", "traded"):
        if len(data[key]) != n:
            raise bad(key, f"has {len(data[key])} entries for {n} players")
    seats = [data["dealer"], data["trade_turn"]]
    seats += [s for x in data["revealed"] for s in (x["holder"], x["resolved_by"], *x["used_by"])]
    seats += [s for c in data["claims"] + data["claim_history"] for s in (c["from"], c["to"])]
    seats += data["origin"] + [c["about"] for c in data["claims"]]
    seats += [s for pair in data["offered"] + data["traded_pairs"] for s in pair]
    seats += [u[0] for u in data["used_trading"]] + list((data["window"] or {}).get("queue", []))
    for key in ("pending", "outcome"):
        seats += [v for k, v in (data[key] or {}).items() if k in ("from", "to", "winner", "dead")]
    if any(s is not None and s >= n for s in seats):
        raise bad("seats", f"a seat number is {n} or more in a game of {n}")
    # an Unrevealed card on the table was set by someone, and each seat set one card (the
    # soak: a start with an origin blanked loaded, and the next Offer's claim named nobody)
    origins = [o for o, card in zip(data["origin"], data["unrevealed"], strict=True)
               if card is not None]
    if None in origins:
        raise bad("origin", "an Unrevealed card on the table has no player who set it")
    if len(set(origins)) != len(origins):
        raise bad("origin", "two Unrevealed cards were set by the same player")
    if sorted(data["characters"] + data["box"]) != sorted(deck.player_cards) \
            or len(set(data["characters"])) != n:
        raise bad("characters", "the chiefs in play and in the box are not this deck's "
                  "Player cards, each once")
    places = list(data["deck"]) + list(data["discard"])
    places += [c for h in data["hands"] for c in h] + [c for c in data["unrevealed"] if c]
    places += [x["card"] for x in data["revealed"] if x["status"] in ("pending", "resolved")]
    places += [c for a in data["active"] for c in a]
    counts = Counter(places)
    if state.rng is not None and (UNKNOWN in counts or UNKNOWN in data["chosen"]):
        raise bad("cards", f"a game's position shows every card ({UNKNOWN!r} is for a "
                  "player's view)")
    for card_id, times in counts.items():
        if card_id != UNKNOWN and card_id not in deck.cards:
            raise bad("cards", f"{card_id!r} is not a card of this deck")
        if card_id != UNKNOWN and times > 1:
            raise bad("cards", f"{card_id!r} lies in {times} places at once")
    if UNKNOWN not in counts and len(places) != len(deck.cards):
        raise bad("cards", f"{len(places)} cards on the table, the deck has {len(deck.cards)}")
    for key in ("chosen",):
        for c in data[key]:
            if c not in (None, UNKNOWN) and c not in deck.cards:
                raise bad(key, f"{c!r} is not a card of this deck")
    for c in data["claim_history"]:
        if c["card"] not in deck.cards:
            raise bad("claim_history", f"{c['card']!r} is not a card of this deck")
    for _seat, src, _i in data["used_trading"]:
        if src not in deck.cards and src not in deck.player_cards:
            raise bad("used_trading", f"{src!r} is not a card of this deck")
    phase, window = data["phase"], data["window"]
    if phase == "choose" and all(c is not None for c in data["unrevealed"]):
        raise bad("phase", "choosing, but every Unrevealed card is already set")
    if phase == "trade" and data["pending"] is None and data["trade_turn"] is None:
        raise bad("phase", "Trading, but nobody's turn and no offer waiting")
    if phase == "resolve" and (window is None or window["entry"] >= len(data["revealed"])):
        raise bad("window", "Resolving, but no Revealed card waits for an answer")
    if (phase == "over") != (data["outcome"] is not None):
        raise bad("outcome", "an outcome is given exactly when the game is over")


def new_game(players: int | Sequence[str] = 4, seed: int | None = None,
             characters: Sequence[str] | None = None,
             deck: str | os.PathLike[str] | Mapping[str, Any] | None = None
             ) -> DubiousAllianceState:
    """A new game: Player cards dealt (or ``characters`` chosen), Dealer found, hands dealt.

    ``deck``: a deck file or its parsed data (see :func:`load_deck`), checked now; the
    game keeps the data (or the shipped set's name and digest), never a path.

    >>> state = new_game(["Ann", "Bo", "Cy"], seed=1, characters=[
    ...     "gogog_bloodthroat", "uzga_bonewitch", "brokk_ironhide"])
    >>> state.survival(0), state.goal(0)
    (20, 15)
    >>> state.options["deck"]["shipped"]
    'cards.json'
    """
    options: dict[str, Any] = {}
    if characters is not None:
        options["characters"] = characters
    if deck is not None:
        options["deck"] = deck
    DubiousAllianceState.check_options(options)  # before the deck is read
    return DubiousAllianceState(players, seed, **options)
