"""Exact odds for Dubious Alliance, from what one player has seen.

During Trading a player knows their hand, the Active cards, the Discards, the
public trades (who swapped with whom) and the card they set face down; every
other card is *unseen*. Following the public trades tells them which face-down
card is the one they set (wherever it went).

**The model** (every answer states it; :func:`round_model` builds it):

1. every face-down card the player does not know is a different unseen card,
   drawn at random (exact when the others set their cards without regard to
   what they are, as random bots do; a person's choice carries information no
   deck count can see);
2. Trading ends now: no more trades or trading Draws, and the Dealer's card is
   Discarded unless every player has traded;
3. nobody uses a "May" power (Protection Scroll, Uzga's ability, ...) while the
   cards are Resolved: the powers in force at the table are listed;
4. what a Revealed card does to its holder is modelled exactly: its values, the
   type limits (a new Armor Discards the old one, a third Weapon the oldest
   Weapon: their Survival and Prestige go with them), and its instructions that
   act on its holder's own Active cards (Rust Monster, Mimic, Bad Omen, ...);
   Trade Tracker instructions change no value this round;
5. cards whose instructions reach other players' cards or Draw (Brawl, Cave-In,
   Pickpocket, Scouting Party, Underground River, ...) are *not* modelled: the
   chances are exact **given that none of them is among the unknown face-down
   cards** (the unknown cards are then random unseen cards among the others),
   and the model says exactly which cards those are and the exact chance that
   one of them is face down after all.

Every answer is a ``sympy.Rational``, built on :mod:`core.deck`. :func:`claim_belief`
adds Bayes' rule: how far to trust a claim, given what the claimant's earlier claims
turned out to be.

>>> from dungeoncraft_widgets.dubious_alliance import new_game
>>> state = new_game(4, seed=3)
>>> for _ in range(4):
...     _ = state.apply(state.legal_actions()[0])
>>> me = state.order()[0]
>>> chance_reveal_hurts(state.view(me), me) in (0, 1)   # not traded: they know their card
True
>>> 0 <= chance_someone_reaches_goal(state.view(me), me) <= 1
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sympy

from ..core import checks
from ..core.checks import game_state, seat, shown
from ..core.deck import ordered_draws_probability
from ..core.english import count, possessive
from ..core.errors import InvalidArgumentError
from . import trading
from .active import prestige, pushed_out, survival
from .data import Card, Deck
from .effects import TERMS
from .rules import DubiousAllianceState
from .trading import MAX_CLAIM

__all__ = ["BAD_WORDS", "GOOD_WORDS", "ClaimBelief", "RoundModel", "chance_reaches_goal",
           "chance_reveal_hurts", "chance_round_outcome", "chance_someone_reaches_goal",
           "chance_survive_round", "claim_belief", "claim_record", "claim_tone", "face_down_cards",
           "known_slots", "modelled", "odds_report", "odds_summary", "record_tally", "round_model",
           "unseen_cards"]

ZERO, ONE = sympy.Integer(0), sympy.Integer(1)

GOOD_WORDS = ("safe", "shiny", "glory", "weep", "envy", "treasure", "good")
BAD_WORDS = ("teeth", "trouble", "would not", "better in your", "bad", "bites")


def claim_tone(text: str) -> int:
    """+1 for a claim that praises a card, -1 for one that warns, 0 otherwise.

    The tone is read from word lists (:data:`GOOD_WORDS`, :data:`BAD_WORDS`) that the
    bots' phrases use; a claim in other words reads as neutral.

    >>> claim_tone("a safe place to rest"), claim_tone("it has teeth"), claim_tone("hm")
    (1, -1, 0)
    """
    low = text.lower()
    good = any(w in low for w in GOOD_WORDS)
    bad = any(w in low for w in BAD_WORDS)
    return int(good) - int(bad)


def _check(view: DubiousAllianceState, player: int, *, trading: bool = True) -> None:
    game_state(view, DubiousAllianceState, "view")
    seat(view.n, player)
    if view.viewer is not None and view.viewer != player:
        raise InvalidArgumentError(f"player must be the seat whose view this is ({view.viewer}), "
                                   f"not {player}: this view belongs to another player")
    if trading and view.phase != "trade":
        raise InvalidArgumentError("view: the odds are for the Trading phase, when every "
                                   "Unrevealed card is face down")


def unseen_cards(view: DubiousAllianceState, player: int) -> Counter:
    """The game cards ``player`` has not seen where they are now (a Counter of ids).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> sum(unseen_cards(state.view(0), 0).values())
    117
    """
    _seat(view, player)
    seen = list(view.hands[player]) + list(view.discard)
    seen += [c for a in view.active for c in a]
    seen += [e["card"] for e in view.revealed if e["status"] in ("pending", "resolved")]
    if view.chosen[player] is not None:
        seen.append(view.chosen[player])
    pool = Counter(list(view.deck_data.cards))
    pool.subtract(Counter(seen))
    return +pool


def known_slots(view: DubiousAllianceState, player: int) -> list[str | None]:
    """For each seat, the face-down card there if ``player`` knows it (None if not).

    A player knows only where their own card went, by following the public trades.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> a, b, _c = state.order()
    >>> _ = state.apply(f"offer {b}"); _ = state.apply("accept")
    >>> known_slots(state.view(a), a)[b] == state.chosen[a]
    True
    """
    _seat(view, player)
    mine = view.chosen[player]
    return [mine if origin == player else None for origin in view.origin]


def _seat(view: DubiousAllianceState, player: object) -> None:
    """``view`` is a game (or a view) of Dubious Alliance and ``player`` one of its seats."""
    game_state(view, DubiousAllianceState, "view")
    checks.seat(len(view.players), player)


def face_down_cards(view: DubiousAllianceState, player: int, seat: int) -> Counter:
    """The cards that may lie face down at ``seat``, as ``player`` knows (a Counter of ids,
    each once): the card they know is there (following the trades), else every card
    they have not seen.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> face_down_cards(state.view(0), 0, 0) == {state.chosen[0]: 1}
    True
    """
    _seat(view, player)
    checks.seat(len(view.players), seat, "seat")
    known = known_slots(view, player)[seat]
    return Counter([known]) if known is not None else unseen_cards(view, player)


def chance_reveal_hurts(view: DubiousAllianceState, player: int) -> sympy.Rational:
    """P(the card ``player`` will reveal has a negative Survival) (model point 1 only:
    it is a property of the card).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=4)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[-1])
    >>> me = state.order()[1]
    >>> _ = state.apply(f"offer {me}"); _ = state.apply("accept")
    >>> p = chance_reveal_hurts(state.view(me), me)
    >>> 0 < p < 1
    True
    """
    _check(view, player)
    counts, cards = face_down_cards(view, player, player), view.deck_data.cards
    hurt = sum(n for c, n in counts.items() if cards[c].hurts)
    return sympy.Rational(hurt, sum(counts.values()))


# ------------------------------------------------------------------ the round model
def modelled(view: DubiousAllianceState, card_id: str) -> bool:
    """Whether the model follows everything ``card_id`` does as a Revealed card: its
    instructions reach nothing but its holder's own cards (:data:`.effects.TERMS`).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> modelled(state, "rust_monster"), modelled(state, "brawl"), modelled(state, "torch")
    (True, False, True)
    """
    card = view.card(card_id)
    return all(TERMS[ins["do"]].holder_only(ins) for when in ("reveal", "gain")
               for _i, ins in card.powers(when))


def _discard_own(deck: Deck, active: list[str], card: Card, when: str) -> None:
    """What the card's ``when`` instructions Discard of its holder's own Active cards."""
    for _i, ins in card.powers(when):
        pick = TERMS[ins["do"]].holder_discards(deck, active, ins)
        if pick is not None:
            active.remove(pick)


def active_after(view: DubiousAllianceState, seat: int, card_id: str | None) -> list[str]:
    """``seat``'s Active cards once ``card_id`` (None: no card) is Resolved and gained, as
    the engine does it: its instructions on its holder's cards, then the type limits
    (:func:`.active.pushed_out`), then the card joins.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> state.active[0] = ["chainmail_shirt"]
    >>> active_after(state, 0, "leather_jerkin")   # one Armor only: the Chainmail goes
    ['leather_jerkin']
    """
    active = list(view.active[seat])
    if card_id is None:
        return active
    deck = view.deck_data
    card = deck.cards[card_id]
    _discard_own(deck, active, card, "reveal")
    if not card.has_values:
        return active
    for old, _kind in pushed_out(deck, active, card_id):
        active.remove(old)
    active.append(card_id)
    _discard_own(deck, active, card, "gain")
    return active


@dataclass(frozen=True, repr=False)
class RoundModel:
    """What this round's odds rest on, from one player's view (see the module docstring).

    ``known``: the face-down card of each seat if the player knows it; ``revealed``:
    the seats whose card will become Active (all but a Discarded Dealer's); ``pool``:
    the unseen cards the unknown face-down cards are drawn from (the modelled ones);
    ``left_out``: unseen cards not modelled; ``chance_left_out``: the exact chance that
    at least one unknown face-down card is among them; ``assumes``: the model in words,
    for this table (the May powers in force named).
    """

    viewer: int
    known: tuple[str | None, ...]
    revealed: tuple[int, ...]
    pool: Counter
    left_out: tuple[str, ...]
    chance_left_out: sympy.Rational
    assumes: tuple[str, ...]

    @property
    def unknown(self) -> tuple[int, ...]:
        """Seats whose card becomes Active and is unknown to the player, in check order."""
        return tuple(q for q in self.revealed if self.known[q] is None)

    def __repr__(self) -> str:
        unseen = sum(self.pool.values())
        return (f"<RoundModel from seat {self.viewer}: {count(len(self.unknown), 'unknown card')}"
                f" face down, drawn from {count(unseen, 'unseen card')}; "
                f"{len(self.left_out)} not modelled (chance {self.chance_left_out})>")

    def note(self) -> str:
        """The assumptions and what is left out, as one paragraph.

        >>> from dungeoncraft_widgets.dubious_alliance import new_game
        >>> state = new_game(3, seed=1)
        >>> for _ in range(3):
        ...     _ = state.apply(state.legal_actions()[0])
        >>> "May power" in round_model(state.view(0), 0).note()
        True
        """
        return " ".join(self.assumes)


def round_model(view: DubiousAllianceState, player: int,
                dealer_card_discarded: bool | None = None) -> RoundModel:
    """The model of this round from ``player``'s view (see the module docstring).

    ``dealer_card_discarded``: None assumes Trading ends now (the Dealer's card is
    Discarded unless everyone has traded).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> model = round_model(state.view(0), 0)
    >>> "brawl" in model.left_out and 0 < model.chance_left_out < 1
    True
    """
    _check(view, player)
    if dealer_card_discarded is not None and not isinstance(dealer_card_discarded, bool):
        raise InvalidArgumentError(f"dealer_card_discarded must be True, False or None, "
                                   f"not {shown(dealer_card_discarded)}")
    discarded = dealer_card_discarded if dealer_card_discarded is not None \
        else trading.dealer_card_discarded(view.traded)
    known = tuple(known_slots(view, player))
    revealed = tuple(q for q in view.order() if not (q == view.dealer and discarded))
    unseen = unseen_cards(view, player)
    pool = Counter({c: n for c, n in unseen.items() if modelled(view, c)})
    left_out = tuple(sorted(c for c in unseen if c not in pool))
    unknown = [q for q in revealed if known[q] is None]
    if len(unknown) > sum(pool.values()):
        raise InvalidArgumentError("view: too few modelled unseen cards for the face-down "
                                   "cards: this deck's odds cannot be modelled")
    clean = ordered_draws_probability(unseen, [set(pool)] * len(unknown)) if unknown else ONE
    names = view.players
    assumes = [
        "Assumes every face-down card you do not know is a different unseen card at random, "
        "that Trading ends now" + (" (the Dealer's card is Discarded: not everyone has traded)"
                                   if discarded else "") + ", and that nobody uses a May "
        "power while the cards are Resolved" + _powers_in_force(view) + ".",
        "Modelled exactly: each card's values, the Armor and Weapon limits (a new Armor "
        "Discards the old one with its values) and instructions on its holder's own cards.",
    ]
    mine_at = [q for q in range(view.n) if known[q] is not None]
    odd_known = [q for q in mine_at if q in revealed and not modelled(view, known[q])]
    if odd_known:
        q = odd_known[0]
        assumes.append(f"Not modelled: what your {view.card(known[q]).name} (now with "
                       f"{'you' if q == player else names[q]}) does to other cards.")
    if left_out and unknown:
        named = ", ".join(view.card(c).name for c in left_out[:4])
        more = f" and {len(left_out) - 4} more" if len(left_out) > 4 else ""
        assumes.append(
            f"Left out: {count(len(left_out), 'unseen card')} that Draw or reach other "
            f"players' cards ({named}{more}); the chances are exact if none of them is face "
            f"down, which has chance {_fraction(1 - clean)} of failing.")
    return RoundModel(player, known, revealed, pool, left_out, 1 - clean, tuple(assumes))


def _fraction(p: sympy.Rational) -> str:
    return str(sympy.Rational(p))


def _powers_in_force(view: DubiousAllianceState) -> str:
    powers = []
    for q in range(view.n):
        for src in view.in_force(q):
            if view.card(src).powers("respond"):
                powers.append(f"{possessive(view.players[q], capital=True)} "
                              f"{view.card(src).name}")
    return f" ({', '.join(powers)} could)" if powers else ""


def _after(view: DubiousAllianceState, model: RoundModel, q: int,
           card_id: str | None) -> tuple[int, int]:
    """(Survival, Prestige) of seat ``q`` once ``card_id`` is Active (the model's rules)."""
    active = active_after(view, q, card_id if q in model.revealed else None)
    deck = view.deck_data
    return survival(deck, view.characters[q], active), prestige(deck, active)


def _card_sets(view: DubiousAllianceState, model: RoundModel, q: int,
               keep) -> set[str]:
    """The pool cards that, face down before seat ``q``, satisfy ``keep((life, prestige))``."""
    return {c for c in model.pool if keep(_after(view, model, q, c))}


def _chance_at_seat(view: DubiousAllianceState, model: RoundModel, q: int, keep) -> Any:
    """P(seat q's (life, prestige) after this round satisfies ``keep``) under the model."""
    if q not in model.unknown:
        return ONE if keep(_after(view, model, q, model.known[q])) else ZERO
    good = _card_sets(view, model, q, keep)
    return sympy.Rational(sum(model.pool[c] for c in good), sum(model.pool.values()))


def chance_survive_round(view: DubiousAllianceState, player: int,
                         dealer_card_discarded: bool | None = None) -> sympy.Rational:
    """P(``player``'s Survival is above 0 at this round's check), under :func:`round_model`.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> chance_survive_round(state.view(0), 0)   # full Survival: no single card kills
    1
    """
    return _survive(view, round_model(view, player, dealer_card_discarded), player)


def _survive(view: DubiousAllianceState, model: RoundModel, player: int) -> Any:
    return _chance_at_seat(view, model, player, lambda after: after[0] > 0)


def chance_reaches_goal(view: DubiousAllianceState, player: int,
                        dealer_card_discarded: bool | None = None) -> dict[int, sympy.Rational]:
    """For every seat, P(that chief is alive at this round's check with Prestige at or above
    their goal), under :func:`round_model`. Such a chief wins unless someone checked before
    them wins or dies first (:func:`chance_round_outcome` gives who actually wins).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> chance_reaches_goal(state.view(0), 0)   # first round: goals are far off
    {0: 0, 1: 0, 2: 0}
    """
    return _reaches(view, round_model(view, player, dealer_card_discarded))


def _reaches(view: DubiousAllianceState, model: RoundModel) -> dict[int, Any]:
    return {q: _chance_at_seat(view, model, q,
                               lambda after, q=q: after[0] > 0 and after[1] >= view.goal(q))
            for q in range(view.n)}


def chance_someone_reaches_goal(view: DubiousAllianceState, player: int,
                                dealer_card_discarded: bool | None = None) -> sympy.Rational:
    """P(at least one chief's Prestige reaches their goal when this round's cards are Active,
    under :func:`round_model`.

    The unknown face-down cards are distinct cards: the chance that *nobody* reaches
    their goal is an ordered-draw probability, one allowed set of cards per seat.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> chance_someone_reaches_goal(state.view(0), 0)   # first round: goals are far off
    0
    """
    return _someone(view, round_model(view, player, dealer_card_discarded))


def _someone(view: DubiousAllianceState, model: RoundModel) -> Any:
    allowed = []
    for q in range(view.n):
        def short(after, q=q):
            return after[1] < view.goal(q)
        if q not in model.unknown:
            if not short(_after(view, model, q, model.known[q])):
                return ONE
            continue
        allowed.append(_card_sets(view, model, q, short))
    return 1 - ordered_draws_probability(model.pool, allowed)


def chance_round_outcome(view: DubiousAllianceState, player: int,
                         dealer_card_discarded: bool | None = None) -> dict[str, Any]:
    """How this round's checks may end, exactly (under :func:`round_model`): who wins,
    who dies, or neither.

    The checks go from the Dealer's left, the Dealer last, each player's Survival
    before their Prestige; the first death or win ends the game. Returns
    ``{"win": {seat: P}, "death": {seat: P}, "neither": P}`` (the chances add up
    to 1). Each term is an ordered-draw probability: the unknown cards of the
    earlier seats leave them alive and short of their goal, this seat's card
    kills them (or wins).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=5)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> me = state.order()[0]
    >>> out = chance_round_outcome(state.view(me), me)
    >>> out["neither"] + sum(out["win"].values()) + sum(out["death"].values())
    1
    """
    return _outcome(view, round_model(view, player, dealer_card_discarded))


def _outcome(view: DubiousAllianceState, model: RoundModel) -> dict[str, Any]:
    win: dict[int, Any] = {}
    death: dict[int, Any] = {}
    earlier: list[set[str]] = []  # allowed cards of the earlier unknown seats: alive, short

    for q in view.order():
        goal = view.goal(q)

        def dies(after):
            return after[0] <= 0

        def wins(after, goal=goal):
            return after[0] > 0 and after[1] >= goal

        if q not in model.unknown:
            after = _after(view, model, q, model.known[q])
            if dies(after) or wins(after):
                chance = ordered_draws_probability(model.pool, earlier) if earlier else ONE
                (death if dies(after) else win)[q] = chance
                break
            continue
        death[q] = ordered_draws_probability(model.pool, [*earlier,
                                                          _card_sets(view, model, q, dies)])
        win[q] = ordered_draws_probability(model.pool, [*earlier,
                                                        _card_sets(view, model, q, wins)])
        earlier.append(_card_sets(view, model, q, lambda a, d=dies, w=wins: not d(a)
                                  and not w(a)))
    ended = sum(win.values(), ZERO) + sum(death.values(), ZERO)
    return {"win": win, "death": death, "neither": 1 - ended}


def odds_summary(view: DubiousAllianceState, player: int) -> dict[str, sympy.Rational]:
    """The chances for ``player``: ``hurts``, ``survive``, ``someone_wins`` (reaches a goal),
    ``round_won`` and ``round_death`` (the round's checks end the game that way), all
    under :func:`round_model`, and ``left_out`` (the chance that its condition fails).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> odds_summary(state.view(0), 0)["round_death"]
    0
    """
    return odds_report(view, player)["summary"]


def odds_report(view: DubiousAllianceState, player: int) -> dict[str, Any]:
    """Everything the odds panel shows, from one model: ``summary`` (as
    :func:`odds_summary`), ``reaches_goal`` and ``outcome`` (as :func:`chance_reaches_goal`
    and :func:`chance_round_outcome`) and ``model`` (the :class:`RoundModel`).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> sorted(odds_report(state.view(0), 0))
    ['model', 'outcome', 'reaches_goal', 'summary']
    """
    model = round_model(view, player)
    outcome = _outcome(view, model)
    summary = {"hurts": chance_reveal_hurts(view, player),
               "survive": _survive(view, model, player),
               "someone_wins": _someone(view, model),
               "round_won": sum(outcome["win"].values(), ZERO),
               "round_death": sum(outcome["death"].values(), ZERO),
               "left_out": model.chance_left_out}
    return {"summary": summary, "reaches_goal": _reaches(view, model), "outcome": outcome,
            "model": model}


# ------------------------------------------------------------------ claims and Bayes
def claim_record(view: DubiousAllianceState, claimant: int) -> Counter:
    """What ``claimant``'s earlier claims turned out to be, from the public record.

    Every claim rides on an offer; at the Reveal, the card it was about is face up
    (following the public trades tells whose it was). Returns a Counter keyed by
    ``(hurts, tone)``: whether that card had a negative Survival, and the claim's
    tone (+1 praise, -1 warning, 0 neither).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> claim_record(new_game(3, seed=1), 1)
    Counter()
    """
    game_state(view, DubiousAllianceState, "view")
    seat(view.n, claimant, "claimant")
    out: Counter = Counter()
    for c in view.claim_history:
        if c["from"] == claimant:
            out[(view.card(c["card"]).hurts, claim_tone(c["claim"]))] += 1
    return out


def record_tally(record: Counter) -> dict[str, int]:
    """A claim record (:func:`claim_record`) in counts: ``claims``, ``true`` (a praise of
    a harmless card, a warning of one that hurts), ``false`` and ``neutral``.

    >>> from collections import Counter
    >>> record_tally(Counter({(False, 1): 2, (True, 1): 1, (True, 0): 1}))
    {'claims': 4, 'true': 2, 'false': 1, 'neutral': 1}
    """
    if not isinstance(record, Mapping) or not all(
            isinstance(k, tuple) and len(k) == 2 and checks.integer(n) and n >= 0
            for k, n in record.items()):
        raise InvalidArgumentError("record must be a claim record (claim_record: a Counter "
                                   f"of (hurts, tone) -> claims), not {checks.shown(record)}")
    claims = sum(record.values())
    true = sum(n for (hurts, tone), n in record.items() if tone != 0 and (tone < 0) == hurts)
    neutral = sum(n for (_hurts, tone), n in record.items() if tone == 0)
    return {"claims": claims, "true": true, "false": claims - true - neutral, "neutral": neutral}


@dataclass(frozen=True)
class ClaimBelief:
    """Bayes' rule for one claim about a face-down card (see :func:`claim_belief`).

    ``prior_hurts``: P(the card hurts) before hearing the claim; ``likelihood``:
    P(this tone | the card hurts) and P(this tone | it does not), from the
    claimant's record; ``posterior_hurts``: P(the card hurts | the claim);
    ``chance_true``: the chance the claim says the truth (None for a claim that says
    neither good nor bad); ``record``: the counts it rests on; ``assumes``: in words.
    """

    claimant: int
    claim: str
    tone: int
    prior_hurts: sympy.Rational
    likelihood: tuple[sympy.Rational, sympy.Rational]
    posterior_hurts: sympy.Rational
    chance_true: sympy.Rational | None
    record: dict[str, int]
    assumes: str

    def sentence(self, name: str) -> str:
        """The belief in one sentence, for a person."""
        told = self.record["claims"]
        history = (f"{possessive(name)} {count(told, 'earlier claim')}: "
                   f"{self.record['true']} true, {self.record['false']} false, "
                   f"{self.record['neutral']} neither" if told
                   else f"{name if name != 'You' else 'you'} made no claim yet whose card was "
                   "revealed")
        if self.chance_true is None:
            return (f"The claim says neither good nor bad; the card hurts with chance "
                    f"{_fraction(self.posterior_hurts)} ({history}).")
        before = 1 - self.prior_hurts if self.tone > 0 else self.prior_hurts
        return (f"Chance the claim is true: {_fraction(self.chance_true)} ({history}; "
                f"before the claim: {_fraction(before)}).")


def claim_belief(view: DubiousAllianceState, claimant: int, claim: str,
                 player: int | None = None) -> ClaimBelief:
    """How far to trust ``claim`` about ``claimant``'s face-down card, by Bayes' rule.

    A praising claim is *true* if the card does not hurt (its Survival is not
    negative), a warning is true if it hurts. The model (stated in ``assumes``):

    - prior: the claimant's face-down card is a random card among those ``player``
      has not seen (or the card ``player`` knows is there, following the trades);
    - likelihood: whether the card hurts or not, the claimant says praise, warning
      or neither with fixed but unknown chances, independent from claim to claim,
      each set of chances uniform a priori (a Dirichlet(1, 1, 1)); their earlier
      claims whose cards were revealed (:func:`claim_record`) update them, so the
      chance of this tone given "hurts" is (claims of this tone about hurting cards
      + 1) / (claims about hurting cards + 3) (Laplace's rule), and likewise for
      "does not hurt";
    - posterior: P(hurts | tone) = P(hurts) P(tone | hurts) / P(tone).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> a, b, _c = state.order()
    >>> belief = claim_belief(state.view(b), a, "a safe place to rest", player=b)
    >>> belief.chance_true == 1 - belief.prior_hurts   # no record yet: the claim adds nothing
    True
    """
    if not isinstance(claim, str) or len(claim) > MAX_CLAIM:
        raise InvalidArgumentError(f"claim must be text of at most {MAX_CLAIM} characters, "
                                   f"not {shown(claim)}")
    game_state(view, DubiousAllianceState, "view")
    player = view.viewer if player is None else player
    if player is None:
        raise InvalidArgumentError("player must be given for a full game (whose knowledge?), "
                                   "not None")
    _check(view, player, trading=False)
    if seat(view.n, claimant, "claimant") == player:
        raise InvalidArgumentError(f"claimant must be another player's seat, not {player} "
                                   "(the player's own)")
    slot = view.unrevealed[claimant]
    if slot is None:
        raise InvalidArgumentError("claimant has no face-down card now")
    pool, cards = face_down_cards(view, player, claimant), view.deck_data.cards
    hurting = sum(n for c, n in pool.items() if cards[c].hurts)
    prior = sympy.Rational(hurting, sum(pool.values()))
    record = claim_record(view, claimant)
    tone = claim_tone(claim)

    def likely(hurts: bool) -> sympy.Rational:
        total = sum(n for (h, _t), n in record.items() if h == hurts)
        return sympy.Rational(record[(hurts, tone)] + 1, total + 3)

    given_hurts, given_safe = likely(True), likely(False)
    evidence = prior * given_hurts + (1 - prior) * given_safe
    posterior = prior * given_hurts / evidence
    chance_true = None if tone == 0 else (posterior if tone < 0 else 1 - posterior)
    assumes = ("Assumes the card is a random card you have not seen, and that the claimant "
               "praises or warns with fixed unknown chances (uniform before any evidence), "
               "for hurting and for harmless cards alike, learnt from their claims whose "
               "cards were revealed; tone is read from the words (safe, shiny, glory ... / "
               "teeth, trouble, bad ...).")
    return ClaimBelief(claimant, claim, tone, prior, (given_hurts, given_safe), posterior,
                       chance_true, record_tally(record), assumes)

