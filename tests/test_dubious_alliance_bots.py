"""Dubious Alliance bots: legal, believable temperaments, and the tournament figures."""

from collections import Counter

import pytest

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.dubious_alliance.bots import (
    BAD_CLAIMS,
    GOOD_CLAIMS,
    TemperamentBot,
    claim_tone,
    play_game,
    tournament,
)


@pytest.mark.parametrize("players", da.PLAYER_COUNTS)
def test_bots_finish_games_with_legal_actions(players):
    seats = [("honest", "liar", "hoarder")[i % 3] for i in range(players)]
    state = play_game(seats, seed=players)
    assert state.is_over and len(state.history) < da.MAX_ACTIONS
    assert state.outcome["winner"] is not None or state.outcome["dead"] is not None \
        or "cannot fill" in state.outcome["reason"]
    replayed = state.replay()
    assert replayed.to_json() == state.to_json()


def test_claim_phrases_read_with_their_tone_and_obey_the_rules_of_claims():
    from dungeoncraft_widgets.dubious_alliance.trading import claim_problem

    assert all(claim_tone(c) == 1 for c in GOOD_CLAIMS)
    assert all(claim_tone(c) == -1 for c in BAD_CLAIMS)
    deck = da.load_deck()
    assert all(claim_problem(deck, c) is None for c in GOOD_CLAIMS + BAD_CLAIMS)


def offers_by_temperament(games=12, players=4):
    trades, offers, tones = Counter(), Counter(), {t: Counter() for t in ("honest", "liar",
                                                                           "hoarder")}
    for g in range(games):
        seats = [("honest", "liar", "hoarder", "liar")[(g + i) % 4] for i in range(players)]
        state = play_game(seats, seed=100 + g)
        for e in state.log:
            if e.kind == "offer":
                offers[seats[e.player]] += 1
                tones[seats[e.player]][claim_tone(e.data["claim"])] += 1
            if e.kind == "trade":
                for p in e.data["players"]:
                    trades[seats[p]] += 1
    return trades, offers, tones


def test_temperaments_behave_differently():
    trades, offers, tones = offers_by_temperament()
    per_seat = {"honest": 12, "liar": 24, "hoarder": 12}
    rate = {t: trades[t] / per_seat[t] for t in per_seat}
    assert rate["hoarder"] < rate["honest"] and rate["hoarder"] < rate["liar"]
    assert offers["liar"] / 24 > offers["hoarder"] / 12
    assert set(tones["liar"]) == {1}, "a liar always praises the card it pushes"
    assert tones["honest"][-1] > 0, "an honest orc warns about a poor card"
    assert tones["hoarder"][1] == 0


def test_honest_bot_sets_best_card_liar_sets_worst():
    state = da.new_game(3, seed=4)
    me = state.current_player
    view, legal = state.view(me), state.legal_actions()
    honest = TemperamentBot("honest").choose(view, legal)
    liar = TemperamentBot("liar").choose(view, legal)
    values = {a.card: TemperamentBot().value(view, me, a.card) for a in legal}
    assert values[honest.card] == max(values.values())
    assert values[liar.card] == min(values.values())


def test_must_trade_bot_accepts():
    state = da.new_game(3, seed=6)
    while state.phase == "choose":
        state.apply(state.legal_actions()[0])
    a, b, _c = state.order()
    state.tracker[b] = "must_trade"
    state.apply(f"offer {b} it has teeth")
    bot = TemperamentBot("hoarder")
    assert bot.choose(state.view(b), state.legal_actions()) == da.Accept()


def test_tournament_figures_add_up():
    result = tournament(games=9, players=3, seed=2)
    by = result["by_temperament"]
    assert sum(s["seats"] for s in by.values()) == 27
    assert sum(s["wins"] for s in by.values()) + result["no_winner"] == 9
    assert sum(s["deaths"] for s in by.values()) <= result["no_winner"]
    assert result["avg_rounds"] >= 1 and result["avg_actions"] > result["avg_rounds"]
