"""Exact deck odds for Dubious Alliance, from what one player has seen.

During Trading a player knows their hand, the Active cards, the Discards, the
public trades (who swapped with whom) and the card they set face down; every
other card is *unseen*. Following the public trades tells them which face-down
card is the one they set (wherever it went); every other face-down card is, to
them, a different card drawn at random from the unseen cards. That is the model
(exact when the other players choose their Unrevealed card without regard to
what it is, as random bots do; a person's choice carries information no deck
count can see). Values are the printed Survival/Prestige (a card without values
counts 0); special instructions and other players' Active-card powers are not
modelled. Every answer is a ``sympy.Rational``, built on :mod:`core.deck`.

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

import sympy

from ..core.deck import ordered_draws_probability
from ..core.errors import InvalidArgumentError
from .rules import DubiousAllianceState

__all__ = ["chance_reveal_hurts", "chance_round_outcome", "chance_someone_reaches_goal",
           "chance_survive_round", "known_slots", "odds_summary", "unseen_cards"]


def _check(view: DubiousAllianceState, player: int) -> None:
    if not isinstance(view, DubiousAllianceState):
        raise InvalidArgumentError("view must be a Dubious Alliance state or view")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < view.n:
        raise InvalidArgumentError(f"player must be a seat from 0 to {view.n - 1}")
    if view.viewer is not None and view.viewer != player:
        raise InvalidArgumentError("player: this view belongs to another player")
    if view.phase != "trade":
        raise InvalidArgumentError("view: the odds are for the Trading phase, when every "
                                   "Unrevealed card is face down")


def unseen_cards(view: DubiousAllianceState, player: int) -> Counter:
    """The game cards ``player`` has not seen where they are now (a Counter of ids).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> sum(unseen_cards(state.view(0), 0).values())
    117
    """
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
    mine = view.chosen[player]
    return [mine if origin == player else None for origin in view.origin]


def _own_card_counts(view: DubiousAllianceState, player: int) -> Counter:
    """Distribution (counts) of the card in ``player``'s own slot, by card id."""
    known = known_slots(view, player)[player]
    return Counter([known]) if known is not None else unseen_cards(view, player)


def chance_reveal_hurts(view: DubiousAllianceState, player: int) -> sympy.Rational:
    """P(the card ``player`` will reveal has a negative Survival).

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
    counts = _own_card_counts(view, player)
    hurt = sum(n for c, n in counts.items() if (view.card(c).survival or 0) < 0)
    return sympy.Rational(hurt, sum(counts.values()))


def _dealer_discarded(view: DubiousAllianceState, flag: bool | None) -> bool:
    # As if Trading ended now: the Dealer's card is Discarded unless everyone has traded.
    return (not all(view.traded)) if flag is None else bool(flag)


def chance_survive_round(view: DubiousAllianceState, player: int,
                         dealer_card_discarded: bool | None = None) -> sympy.Rational:
    """P(``player``'s Survival stays above 0 once this round's Revealed card is Active.

    ``dealer_card_discarded``: None assumes Trading ends now (the Dealer's card is
    Discarded unless everyone has traded).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> chance_survive_round(state.view(0), 0)   # full Survival: no single card kills
    1
    """
    _check(view, player)
    now = view.survival(player)
    if player == view.dealer and _dealer_discarded(view, dealer_card_discarded):
        return sympy.Integer(1 if now > 0 else 0)
    counts = _own_card_counts(view, player)
    alive = sum(n for c, n in counts.items() if now + (view.card(c).survival or 0) > 0)
    return sympy.Rational(alive, sum(counts.values()))


def chance_someone_reaches_goal(view: DubiousAllianceState, player: int,
                                dealer_card_discarded: bool | None = None) -> sympy.Rational:
    """P(at least one player's Prestige reaches their goal when this round's cards are Active.

    The face-down cards ``player`` does not know are distinct unseen cards
    (drawn without replacement): the chance that *nobody* reaches their goal is
    an ordered-draw probability, one allowed set of Prestige values per seat.

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> chance_someone_reaches_goal(state.view(0), 0)   # first round: goals are far off
    0
    """
    _check(view, player)
    known = known_slots(view, player)
    discarded = _dealer_discarded(view, dealer_card_discarded)
    pool = unseen_cards(view, player)
    by_prestige = Counter()
    for c, n in pool.items():
        by_prestige[view.card(c).prestige or 0] += n
    allowed = []
    for q in range(view.n):
        short = view.goal(q) - view.prestige(q)
        if short <= 0:
            return sympy.Integer(1)
        if q == view.dealer and discarded:
            continue  # the Dealer's card does not become Active
        if known[q] is not None:
            if (view.card(known[q]).prestige or 0) >= short:
                return sympy.Integer(1)
            continue
        allowed.append({v for v in by_prestige if v < short})
    return 1 - ordered_draws_probability(by_prestige, allowed)


def chance_round_outcome(view: DubiousAllianceState, player: int,
                         dealer_card_discarded: bool | None = None) -> dict[str, object]:
    """How this round's checks may end, exactly: who wins, who dies, or neither.

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
    _check(view, player)
    known = known_slots(view, player)
    discarded = _dealer_discarded(view, dealer_card_discarded)
    pool = Counter()
    for c, n in unseen_cards(view, player).items():
        card = view.card(c)
        pool[(card.survival or 0, card.prestige or 0)] += n
    labels = list(pool)
    win: dict[int, sympy.Rational] = {}
    death: dict[int, sympy.Rational] = {}
    earlier: list[set] = []  # allowed labels of the earlier unknown seats: alive, short of goal
    for q in view.order():
        life, pres, goal = view.survival(q), view.prestige(q), view.goal(q)

        def dies(label, life=life):
            return life + label[0] <= 0

        def wins(label, life=life, pres=pres, goal=goal):
            return life + label[0] > 0 and pres + label[1] >= goal

        if (q == view.dealer and discarded) or known[q] is not None:
            if q == view.dealer and discarded:
                label = (0, 0)
            else:
                card = view.card(known[q])
                label = (card.survival or 0, card.prestige or 0)
            if dies(label) or wins(label):
                chance = ordered_draws_probability(pool, earlier) if earlier else sympy.Integer(1)
                (death if dies(label) else win)[q] = chance
                break
            continue
        death[q] = ordered_draws_probability(pool, [*earlier, {x for x in labels if dies(x)}])
        win[q] = ordered_draws_probability(pool, [*earlier, {x for x in labels if wins(x)}])
        earlier.append({x for x in labels if not dies(x) and not wins(x)})
    ended = sum(win.values(), sympy.Integer(0)) + sum(death.values(), sympy.Integer(0))
    return {"win": win, "death": death, "neither": 1 - ended}


def odds_summary(view: DubiousAllianceState, player: int) -> dict[str, sympy.Rational]:
    """The chances for ``player``: ``hurts``, ``survive``, ``someone_wins`` (reaches a goal),
    ``round_won`` and ``round_death`` (the round's checks end the game that way).

    >>> from dungeoncraft_widgets.dubious_alliance import new_game
    >>> state = new_game(3, seed=1)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> odds_summary(state.view(0), 0)["round_death"]
    0
    """
    outcome = chance_round_outcome(view, player)
    return {"hurts": chance_reveal_hurts(view, player),
            "survive": chance_survive_round(view, player),
            "someone_wins": chance_someone_reaches_goal(view, player),
            "round_won": sum(outcome["win"].values(), sympy.Integer(0)),
            "round_death": sum(outcome["death"].values(), sympy.Integer(0))}
