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
from fractions import Fraction
from statistics import mean
from typing import Any

from ..core import Action, InvalidArgumentError, Rng
from ..core.checks import one_of, sequence, whole_number
from ..core.search import Budget, SearchBot, SearchGame, playable
from .actions import Accept, Decline, Done, DrawPower, Force, Offer, Pass, SetCard, Use
from .odds import BAD_WORDS, GOOD_WORDS, claim_tone, face_down_cards, unseen_cards
from .rules import UNKNOWN, DubiousAllianceState, new_game

__all__ = ["BAD_CLAIMS", "BAD_WORDS", "GOOD_CLAIMS", "GOOD_WORDS", "SEARCH", "TEMPERAMENTS",
           "TemperamentBot", "claim_tone", "evaluate", "odds", "play_game", "playout",
           "sample_hidden", "search_bot", "tournament"]

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


# ------------------------------------------------------------------ the search bot's hooks
# What only Dubious Alliance knows, for core's information-set search (core.search):
# how to fill in a view's face-down cards, how good a position is, and a quick playout.

def sample_hidden(view: DubiousAllianceState, rng: Rng) -> DubiousAllianceState:
    """A whole game ``view.viewer`` cannot tell from ``view``: the cards they have not seen
    (:func:`.odds.unseen_cards`) dealt at random into the others' set cards, their hands
    and the Draw deck; every face-down card is the card its setter chose (the public
    trades say who set it), so the viewer's own card is where they know it went.

    What it reads into play: a card offered this round is drawn as the worse of two
    unseen cards (people offer what they want rid of). What the sample ignores: what
    the choice of a set card, a claim's words, a forced trade or a refusal imply (a
    liar's glowing claim or a hoarder's refusal says nothing here), and which cards are
    in the Draw deck after the Discards were reshuffled into it (any unseen card may be
    anywhere unseen). It reads nothing but the view and the deck's card list.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> game = new_game(4, seed=2)
    >>> sample = sample_hidden(game.view(1), Rng(5))
    >>> sample.view(1)._dump() == game.view(1)._dump(), sample.viewer
    (True, None)
    """
    me = view.viewer
    if me is None:
        raise InvalidArgumentError("sample_hidden: give one player's view (viewer None)")
    game = view.copy()
    pool = sorted(unseen_cards(view, me).elements())
    rng.shuffle(pool)
    revealed = _last_reveal(view) if game.phase in ("resolve", "over") else {}
    # A card someone offered this round is more likely one they wanted rid of: it is
    # drawn as the worse of two unseen cards.
    offered = {c["about"] for c in view.claims} if INFER_OFFERS else set()
    for p, card in enumerate(game.chosen):
        if p != me and card is not None:
            # After the Reveal the set cards lie face up: the Reveal says which was whose.
            known = revealed.get(p)
            if known is None and p in offered and len(pool) > 1:
                worse = -1 if _plain_value(game, pool[-1]) <= _plain_value(game, pool[-2]) else -2
                known = pool.pop(worse)
            game.chosen[p] = known if known is not None else pool.pop()
    game.unrevealed = [None if c is None else game.chosen[game.origin[p]]
                       for p, c in enumerate(game.unrevealed)]
    for p, hand in enumerate(game.hands):
        if p != me:
            game.hands[p] = [pool.pop() for _ in hand]
    # what is left is the Draw deck, in random order (as many as the view counts)
    if len(pool) != len(game.deck):
        raise InvalidArgumentError(f"sample_hidden: {len(pool)} unseen cards for a Draw deck "
                                   f"of {len(game.deck)}: the view does not add up")
    game.deck = pool
    return playable(game, rng.next64() % 2**63)


#: Whether :func:`sample_hidden` reads an offer as a sign of a poor card.
INFER_OFFERS = True


def _plain_value(state: DubiousAllianceState, card_id: str) -> float:
    """A card's worth to an average chief: Prestige, and some Survival."""
    card = state.card(card_id)
    return card.prestige + 0.6 * card.survival if card.has_values else 0.3


def _last_reveal(view: DubiousAllianceState) -> dict[int, str]:
    """Who set each card shown at this round's Reveal (setter -> card), from the log."""
    for event in reversed(view.log):
        if event.kind == "reveal":
            return {view.origin[s]: c for s, c in zip(event.data["seats"], event.data["cards"],
                                                       strict=True)}
    return {}


def _incoming(state: DubiousAllianceState, p: int) -> list[str]:
    """The cards on their way to p's Active cards this round: p's face-down card (during
    Trading) and the Revealed cards p holds that are not yet Active."""
    out = [e["card"] for e in state.revealed
           if e["holder"] == p and e["status"] in ("pending", "resolved")]
    card = state.unrevealed[p]
    if card is not None and card != UNKNOWN:
        out.append(card)
    return out


#: How many Prestige points short of the goal halve a chief's weight in :func:`evaluate`.
NEED_SCALE = 1.6


def evaluate(state: DubiousAllianceState, seat: int) -> float:
    """``seat``'s chance of winning, roughly: on a finished game the result (1 the
    winner, 0 everyone else; a death or an empty deck: 0 for all, as no one wins);
    during play its share of a race to the goals (each chief weighed by how few Prestige
    points it lacks, counting the cards on their way to it this round), times the chance
    that nobody dies first (a death ends the game with no winner for anyone).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> game = new_game(3, seed=1)
    >>> 0 < evaluate(game, 0) < 1
    True
    """
    if state.phase == "over":
        return 1.0 if (state.outcome or {}).get("winner") == seat else 0.0
    deck = state.deck_data
    weights, alive = [], 1.0
    for p in range(len(state.players)):
        coming = [deck.card(c) for c in _incoming(state, p)]
        life = state.survival(p) + sum(c.survival or 0 for c in coming)
        need = state.goal(p) - state.prestige(p) - sum(c.prestige or 0 for c in coming)
        weights.append(2.0 ** (-max(need, 0) / NEED_SCALE))
        alive *= 1.0 - 0.5 ** max(life, 0)  # Survival 1: even odds of a blow that kills
    return alive * weights[seat] / sum(weights)


def _quick_value(state: DubiousAllianceState, me: int, life: int, need: int,
                 card_id: str) -> float:
    """:meth:`TemperamentBot.value` of a card, with ``me``'s Survival and Prestige need
    worked out once by the caller."""
    card = state.card(card_id)
    if not card.has_values:
        return 0.3
    if life + card.survival <= 0:
        return -100.0
    weight = 2.0 if life <= 8 else 0.6
    return card.prestige + weight * card.survival + (50.0 if card.prestige >= need else 0.0)


_MEAN_CARD: dict[int, tuple[float, float]] = {}


def _mean_card(state: DubiousAllianceState) -> tuple[float, float]:
    """The deck's mean (Prestige, Survival) over its cards with values (cached per deck)."""
    deck = state.deck_data
    found = _MEAN_CARD.get(id(deck))
    if found is None:
        valued = [c for c in deck.cards.values() if c.has_values]
        found = _MEAN_CARD[id(deck)] = (sum(c.prestige for c in valued) / len(valued),
                                        sum(c.survival for c in valued) / len(valued))
    return found


def playout(state: DubiousAllianceState, legal: list[Action], rng: Rng) -> Action:
    """A quick honest rule of thumb on a sampled game (a cheap cut of the honest
    :class:`TemperamentBot`): set the best card; trade a card worse than an average card
    (an unseen card is valued as the deck's mean card); accept a trade when one's own
    face-down card is worse than average; take a trading Draw; use a power to stop a
    card that would hurt its own holder, or would bring another chief to their goal.
    Every trade and offer is final and offers are one per pair a round, so playouts end.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> game = new_game(3, seed=1)
    >>> playout(game, game.legal_actions(), Rng(0)) in game.legal_actions()
    True
    """
    if len(legal) == 1:
        return legal[0]
    me = state.current_player
    life, need = state.survival(me), state.goal(me) - state.prestige(me)
    first = legal[0]
    if isinstance(first, SetCard):
        return max(legal, key=lambda a: _quick_value(state, me, life, need, a.card))
    mean_prestige, mean_survival = _mean_card(state)
    average = mean_prestige + (2.0 if life <= 8 else 0.6) * mean_survival
    if isinstance(first, (Accept, Decline)):
        mine = _quick_value(state, me, life, need, state.unrevealed[me])
        if state.tracker[me] == "did_not_trade" and not state.traded[me]:
            average += 2.0
        return first if average > mine else legal[1]
    if isinstance(first, (Use, Pass)) or isinstance(legal[-1], Pass):
        return _quick_respond(state, me, legal)
    for a in legal:
        if isinstance(a, DrawPower):
            return a
    mine = _quick_value(state, me, life, need, state.unrevealed[me])
    if mine < average:
        offers = [a for a in legal if isinstance(a, (Offer, Force))]
        if offers:
            return offers[rng.randbelow(len(offers))]
    return legal[-1]  # Done


def _quick_respond(state: DubiousAllianceState, me: int, legal: list[Action]) -> Action:
    uses = [a for a in legal if isinstance(a, Use)]
    if not uses:
        return legal[-1]
    entry = state.revealed[state.window["entry"]]
    card, holder = state.card(entry["card"]), entry["holder"]
    if holder == me:
        hurts = card.has_values and state.survival(me) + card.survival <= 0
        return uses[0] if hurts or (card.survival or 0) <= -2 else legal[-1]
    near = state.goal(holder) - state.prestige(holder) <= (card.prestige or 0)
    return uses[0] if near else legal[-1]


def odds(view: DubiousAllianceState, action: Action) -> str | None:
    """The exact chance, from the view, that the face-down card this action leaves the
    viewer with hurts them (has a negative Survival): the card offered or forced from
    another seat, or their own if they decline or say Done. None for other actions.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> game = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = game.apply(game.legal_actions()[0])
    >>> p = game.current_player
    >>> odds(game.view(p), Offer((p + 1) % 3))
    'a 50/117 chance that the card received hurts'
    """
    me = view.viewer
    if me is None or view.phase != "trade":
        return None
    # (In the third person: the app shows it as a bot's reason, to another player.)
    if isinstance(action, (Offer, Force)):
        seat, words = (action.to if isinstance(action, Offer) else action.target), "received"
    elif isinstance(action, Accept) and view.pending:
        seat, words = view.pending["from"], "received"
    elif isinstance(action, (Decline, Done)):
        seat, words = me, "kept"
    else:
        return None
    cards = face_down_cards(view, me, seat)
    hurt = sum(n for c, n in cards.items() if (view.card(c).survival or 0) < 0)
    chance = Fraction(hurt, sum(cards.values()))
    if chance == 0:
        return f"no chance that the card {words} hurts"
    if chance == 1:
        return f"certainty that the card {words} hurts"
    return f"a {chance.numerator}/{chance.denominator} chance that the card {words} hurts"


#: The levels: hard within 1 s a move, medium within 0.2 s, easy a short search with
#: random playouts (measured in 4-player games against today's bots on a loaded 2-core
#: machine: medians 0.30 s, 0.13 s and 0.035 s a move; 95th percentiles 0.43, 0.19, 0.056).
SEARCH = SearchGame(
    name="dubious_alliance", sample_hidden=sample_hidden, evaluate=evaluate, playout=playout,
    budgets={"easy": Budget(30, 8, heuristic=False, seconds=0.06),
             "medium": Budget(40, 16, seconds=0.18),
             "hard": Budget(200, 16, seconds=0.9)},
    odds=odds)


def search_bot(level: str = "hard", seed: int = 0) -> SearchBot:
    """The search bot for Dubious Alliance at ``level`` (easy, medium or hard).

    >>> search_bot("easy").name
    'Easy search bot'
    """
    return SearchBot(SEARCH, level, seed)
