"""Bots for Dubious Alliance with three temperaments: honest, liar and hoarder.

Each bot sees only its seat's view and the legal actions (``choose(view, legal)``).

- **honest**: sets its best card, offers a trade only when its card is poor and
  says so plainly (in indirect words, as the rulebook asks); trusts other claims.
- **liar**: sets its worst card and pushes it on everyone with glowing claims;
  distrusts every claim; uses its Active cards to hinder whoever is winning.
- **hoarder**: sets its best card and keeps it: trades only when its Trade
  Tracker is about to force it, accepts only what it must.

Claims are drawn from phrase lists whose tone (:func:`.odds.claim_tone`, from
:data:`GOOD_WORDS` and :data:`BAD_WORDS`) other bots read; a person's claim in other
words reads as neutral.

>>> result = tournament(games=2, players=4, seed=1)
>>> sorted(result["by_temperament"])
['hoarder', 'honest', 'liar']
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import mean
from typing import Any

from ..core import Action, InvalidArgumentError, Rng
from ..core.checks import one_of, sequence, whole_number
from .actions import Accept, Decline, Done, DrawPower, Force, Offer, Pass, SetCard, Use
from .odds import BAD_WORDS, GOOD_WORDS, claim_tone, unseen_cards
from .rules import UNKNOWN, DubiousAllianceState, new_game

__all__ = ["BAD_CLAIMS", "BAD_WORDS", "GOOD_CLAIMS", "GOOD_WORDS", "TEMPERAMENTS",
           "TemperamentBot", "claim_tone", "play_game", "tournament"]

TEMPERAMENTS = ("honest", "liar", "hoarder")
MAX_GAMES = 10_000  # a tournament of bots: about 40 games a second on one core
MAX_ACTIONS = 20_000  # bot games end within a few hundred actions

GOOD_CLAIMS = ("a safe place to rest", "shiny, and heavy in the hand", "glory for the taking",
               "it would make Snarl weep", "the chief would envy it")
BAD_CLAIMS = ("it has teeth", "smells of trouble", "I would not keep it either",
              "better in your hands than mine")
class TemperamentBot:
    """A bot of one temperament (``"honest"``, ``"liar"`` or ``"hoarder"``).

    >>> TemperamentBot("liar", seed=3).name
    'liar'
    """

    def __init__(self, temperament: str = "honest", seed: int = 0) -> None:
        self.name = one_of(temperament, "temperament", TEMPERAMENTS)
        self.rng = Rng(seed)

    # ------------------------------------------------------------- values
    def value(self, view: DubiousAllianceState, me: int, card_id: str) -> float:
        """How much a card is worth to ``me`` now: Prestige, Survival (more when low)."""
        card = view.card(card_id)
        if not card.has_values:
            return 0.3  # an Event: usually a Draw, worth a little
        life = view.survival(me)
        if life + card.survival <= 0:
            return -100.0
        weight = 2.0 if life <= 8 else 0.6
        need = view.goal(me) - view.prestige(me)
        bonus = 50.0 if card.prestige >= need else 0.0
        return card.prestige + weight * card.survival + bonus

    def expected_unknown(self, view: DubiousAllianceState, me: int) -> float:
        pool = unseen_cards(view, me)
        total = sum(pool.values())
        return sum(n * self.value(view, me, c) for c, n in pool.items()) / max(total, 1)

    def my_card_value(self, view: DubiousAllianceState, me: int) -> float:
        known = view.unrevealed[me]
        if known is not None and known != UNKNOWN:
            return self.value(view, me, known)
        return self.expected_unknown(view, me)

    # ------------------------------------------------------------- choose
    def choose(self, view: DubiousAllianceState, legal: Sequence[Action]) -> Action:
        me = view.current_player
        first = legal[0]
        if isinstance(first, SetCard):
            ranked = sorted(legal, key=lambda a: (self.value(view, me, a.card), a.card))
            return ranked[0] if self.name == "liar" else ranked[-1]
        if isinstance(first, (Accept, Decline)):
            return self._answer(view, me, legal)
        if any(isinstance(a, (Use, Pass)) for a in legal):
            return self._respond(view, me, legal)
        return self._trade_turn(view, me, legal)

    def _answer(self, view: DubiousAllianceState, me: int, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]  # Must Trade
        mine = self.my_card_value(view, me)
        theirs = self.expected_unknown(view, me)
        if self.name == "honest":
            theirs += 1.5 * claim_tone(view.pending.get("claim", ""))
        if view.tracker[me] == "did_not_trade" and not view.traded[me]:
            theirs += 2.0  # take a trade now rather than be forced next round
        if self.name == "hoarder":
            theirs -= 2.0
        return Accept() if theirs > mine else Decline()

    def _trade_turn(self, view: DubiousAllianceState, me: int, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, DrawPower) and self.name != "hoarder":
                return a
        mine = self.my_card_value(view, me)
        pool = self.expected_unknown(view, me)
        offers = [a for a in legal if isinstance(a, Offer)]
        forces = [a for a in legal if isinstance(a, Force)]
        pressured = view.tracker[me] != "traded" and not view.traded[me]
        if self.name == "hoarder":
            wants = pressured
        elif self.name == "liar":
            wants = mine < pool + 1.0
        else:
            wants = mine < pool or (pressured and mine < pool + 2.0)
        if wants and forces and mine < pool - 1.0:
            return self.rng.choice(forces)
        if wants and offers:
            target = self.rng.choice(offers).to
            return Offer(target, self._claim(view, me, mine, pool))
        return Done()

    def _claim(self, view: DubiousAllianceState, me: int, mine: float, pool: float) -> str:
        if self.name == "hoarder":
            return "fine, a trade then"  # says nothing about the card
        if self.name == "liar" or mine >= pool:
            return self.rng.choice(GOOD_CLAIMS)
        return self.rng.choice(BAD_CLAIMS)

    def _respond(self, view: DubiousAllianceState, me: int, legal: Sequence[Action]) -> Action:
        uses = [a for a in legal if isinstance(a, Use)]
        if not uses:
            return Pass()
        entry = view.revealed[view.window["entry"]]
        card, holder = view.card(entry["card"]), entry["holder"]
        if holder == me:
            bad = self.value(view, me, entry["card"]) < -1.0
            return uses[0] if bad else Pass()
        near = view.goal(holder) - view.prestige(holder) <= (card.prestige or 0) + 1
        hinder = self.name == "liar" or near
        good_for_them = (card.prestige or 0) >= 2 or (card.survival or 0) >= 2
        return uses[0] if hinder and good_for_them and self.name != "hoarder" else Pass()


def play_game(temperaments: Sequence[str], seed: int, max_actions: int = 20_000,
              **options: Any) -> DubiousAllianceState:
    """Play one game with a bot of each given temperament per seat; returns the final state.

    >>> state = play_game(["honest", "liar", "hoarder"], seed=2)
    >>> state.is_over
    True
    """
    whole_number(max_actions, "max_actions", minimum=1, maximum=MAX_ACTIONS,
                 why="bot games end within a few hundred")
    whole_number(seed, "seed", minimum=0, maximum=2**64 - 1)
    seats = sequence(temperaments, "temperaments",
                     lambda t, name: one_of(t, name, TEMPERAMENTS), most=7)
    if len(seats) < 3:
        raise InvalidArgumentError(f"temperaments must name one per player, 3 to 7, "
                                   f"not {len(seats)}")
    state = new_game(len(seats), seed=seed, **options)
    bots = [TemperamentBot(t, seed=seed * 31 + i) for i, t in enumerate(seats)]
    for _ in range(max_actions):
        if state.is_over:
            break
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    return state


def tournament(games: int = 60, players: int = 4, seed: int = 0) -> dict[str, Any]:
    """Bot games with temperaments dealt round the seats; wins, deaths and game length.

    Returns ``{"games", "no_winner", "avg_rounds", "avg_actions", "by_temperament":
    {t: {"seats", "wins", "deaths", "win_rate"}}}``.

    >>> result = tournament(games=3, players=3, seed=4)
    >>> sum(s["wins"] for s in result["by_temperament"].values()) + result["no_winner"]
    3
    """
    whole_number(games, "games", minimum=1, maximum=MAX_GAMES,
                 why="a bigger tournament takes minutes: run several")
    whole_number(players, "players", minimum=3, maximum=7,
                 why="Dubious Alliance is for 3 to 7 players")
    rng = Rng(seed)
    stats = {t: {"seats": 0, "wins": 0, "deaths": 0} for t in TEMPERAMENTS}
    rounds, actions, no_winner = [], [], 0
    for g in range(games):
        seats = [TEMPERAMENTS[(g + i) % 3] for i in range(players)]
        rng.shuffle(seats)
        state = play_game(seats, seed=seed * 100_003 + g)
        for t in seats:
            stats[t]["seats"] += 1
        out = state.outcome or {}
        if out.get("winner") is not None:
            stats[seats[out["winner"]]]["wins"] += 1
        else:
            no_winner += 1
        if out.get("dead") is not None:
            stats[seats[out["dead"]]]["deaths"] += 1
        rounds.append(state.round)
        actions.append(len(state.history))
    for s in stats.values():
        s["win_rate"] = s["wins"] / s["seats"] if s["seats"] else 0.0
    return {"games": games, "no_winner": no_winner, "avg_rounds": mean(rounds),
            "avg_actions": mean(actions), "by_temperament": stats}
