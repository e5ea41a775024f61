"""Dubious Alliance odds: exact answers against enumeration and Monte Carlo of the real engine.

The enumeration puts every possible set of unknown face-down cards on a real table,
plays the round out with the engine (everyone Done, nobody using a May power) and
counts; the Monte Carlo does the same with random cards from all unseen cards, and a
calibration plays whole random games and compares predictions with what happened.
"""

import copy
import itertools
import json
import math
from collections import Counter

import pytest
import sympy

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import InvalidArgumentError, Rng
from dungeoncraft_widgets.dubious_alliance.odds import (
    chance_reaches_goal,
    chance_reveal_hurts,
    chance_round_outcome,
    chance_someone_reaches_goal,
    chance_survive_round,
    claim_belief,
    known_slots,
    modelled,
    odds_report,
    odds_summary,
    round_model,
    unseen_cards,
)

DOC = json.loads(da.data.DATA_FILE.read_text())
KEYS = ("survive", "someone_wins", "round_won", "round_death")


def take(state, card):
    """Take ``card`` out of the deck or a hand (a hand gets the top deck card instead)."""
    if card in state.deck:
        state.deck.remove(card)
        return card
    hand = next(h for h in state.hands if card in h)
    hand[hand.index(card)] = state.deck.pop()
    return card


def to_trading(state, rng):
    while state.phase == "choose":
        state.apply(rng.choice(state.legal_actions()))


def test_odds_need_the_trading_phase_and_the_players_own_view():
    state = da.new_game(3, seed=1)
    with pytest.raises(InvalidArgumentError, match="Trading"):
        chance_reveal_hurts(state, 0)
    to_trading(state, Rng(1))
    with pytest.raises(InvalidArgumentError, match="another player"):
        chance_reveal_hurts(state.view(1), 0)
    with pytest.raises(InvalidArgumentError, match="player must be a whole number from 0 to 2"):
        chance_survive_round(state.view(0), 10**9)
    with pytest.raises(InvalidArgumentError, match="dealer_card_discarded"):
        chance_survive_round(state.view(0), 0, dealer_card_discarded="yes")
    assert set(odds_summary(state.view(0), 0)) == {"hurts", "survive", "someone_wins",
                                                   "round_won", "round_death", "left_out"}


def test_following_the_trades_finds_ones_own_card():
    state = da.new_game(4, seed=2)
    to_trading(state, Rng(2))
    a, b, c, d = state.order()
    mine = state.chosen[a]
    state.apply(f"offer {b}")
    state.apply("accept")
    state.apply(f"offer {c}")  # b passes a's card on to c
    state.apply("accept")
    seen = state.view(a)
    assert known_slots(seen, a) == [mine if q == c else None for q in range(4)]
    hurts = chance_reveal_hurts(seen, a)
    pool = unseen_cards(seen, a)
    assert mine not in pool and seen.hands[a][0] not in pool
    assert hurts == sympy.Rational(sum(n for x, n in pool.items()
                                       if (state.card(x).survival or 0) < 0), sum(pool.values()))
    assert 0 < hurts < 1


def test_the_armor_limit_decides_survival():
    """Issue 11: at Survival 1 with Chainmail Shirt (+2), setting Leather Jerkin (+1)
    Discards the Chainmail: Survival 0, death. The odds say 0, and the engine agrees."""
    state = da.new_game(3, seed=5, characters=["uzga_bonewitch", "brokk_ironhide",
                                               "murza_skullsplitter"])
    a, b, c = state.order()
    state.active[a] = [take(state, "chainmail_shirt")]
    while state.survival(a) > 1:
        gap = state.survival(a) - 1
        x = min((x for x in state.deck if state.card(x).survival is not None
                 and -gap <= state.card(x).survival < 0 and not state.card(x).instructions
                 and "Armor" not in state.card(x).types),
                key=lambda x: state.card(x).survival)
        state.deck.remove(x)
        state.active[a].insert(0, x)
    hand = state.hands[a]
    if "leather_jerkin" not in hand:
        take(state, "leather_jerkin")
        state.deck.append(hand[0])
        hand[0] = "leather_jerkin"
    state.apply("set leather_jerkin")
    while state.phase == "choose":
        state.apply(state.legal_actions()[0])
    assert state.current_player == a
    assert chance_survive_round(state.view(a), a) == 0
    assert chance_round_outcome(state.view(a), a)["death"][a] == 1
    while state.phase == "trade":
        state.apply("done")
    while state.phase == "resolve":
        state.apply("pass")
    assert state.outcome["dead"] == a and "chainmail_shirt" in state.discard


# ------------------------------------------------------------------ the real engine, by hand
def place(state, seat, card):
    """Make ``card`` the face-down card at ``seat`` (swapped with wherever it lies)."""
    here = state.unrevealed[seat]
    if here == card:
        return
    for pile in [state.deck, *state.hands]:
        if card in pile:
            pile[pile.index(card)] = here
            break
    else:
        other = state.unrevealed.index(card)
        state.unrevealed[other] = here
    state.unrevealed[seat] = card


def play_round(state):
    """Trading ends now, nobody uses a May power; returns what the odds predict."""
    while state.phase == "trade":
        state.apply("done")
    while state.phase == "resolve":
        state.apply("pass")
    out = state.outcome or {}
    survive = {q: state.survival(q) > 0 for q in range(state.n)}
    reaches = {q: survive[q] and state.prestige(q) >= state.goal(q) for q in range(state.n)}
    return {"winner": out.get("winner"), "dead": out.get("dead"), "survive": survive,
            "reaches": reaches}


def small_deck():
    """Twenty cards with the type limits and instructions on their holder (modelled) and
    two that reach other players (Brawl, Cave-In: left out); low Survival and goals."""
    doc = copy.deepcopy(DOC)
    keep = ["leather_jerkin", "chainmail_shirt", "dragonscale_mail", "spiked_club",
            "goblin_spear", "giants_maul", "rust_monster", "mimic", "torch", "gold_coins",
            "cave_troll", "dragons_breath", "heros_welcome", "bad_omen", "desertion",
            "brawl", "cave_in", "silver_goblet", "rotten_meat", "war_council"]
    doc["cards"] = [c for c in doc["cards"] if c["id"] in keep]
    for p in doc["player_cards"]:
        p["survival"], p["prestige_goal"] = 3, 4
    return doc


def table(seed, trades):
    """A 3-player table in Trading with Armor and Weapons Active; ``trades``: a-b and b-c
    trade (so every player traded and the Dealer's card is Revealed), else no trades."""
    state = da.new_game(3, seed=seed, deck=small_deck())
    to_trading(state, Rng(seed))
    a, b, c = state.order()
    kit = [x for x in ("chainmail_shirt", "spiked_club", "goblin_spear", "torch", "gold_coins")
           if x in state.deck]
    for i, x in enumerate(kit):
        state.deck.remove(x)
        state.active[(a, b, c)[i % 3]].append(x)
    if trades:
        state.apply(f"offer {b}")
        state.apply("accept")
        state.apply(f"offer {c}")
        state.apply("accept")
    while state.current_player != a:
        state.apply("done")
    return state, a


@pytest.mark.parametrize(("seed", "trades"), [(1, False), (2, True), (3, True)])
def test_exact_odds_equal_enumeration_of_the_real_engine(seed, trades):
    state, me = table(seed, trades)
    seen = state.view(me)
    model = round_model(seen, me)
    assert "brawl" in model.left_out or "cave_in" in model.left_out
    assert not modelled(seen, "brawl") and modelled(seen, "rust_monster")
    seats = model.unknown
    tally, total = Counter(), 0
    for combo in itertools.permutations(sorted(model.pool.elements()), len(seats)):
        trial = copy.deepcopy(state)
        for q, card in zip(seats, combo, strict=True):
            place(trial, q, card)
        result = play_round(trial)
        total += 1
        tally["survive"] += result["survive"][me]
        tally["round_won"] += result["winner"] is not None
        tally["round_death"] += result["dead"] is not None
        tally[("win", result["winner"])] += 1
        tally[("death", result["dead"])] += 1
        for q in range(3):
            tally[("reaches", q)] += result["reaches"][q]
    report = odds_report(seen, me)
    summary = report["summary"]
    assert chance_reaches_goal(seen, me) == report["reaches_goal"]
    assert chance_round_outcome(seen, me) == report["outcome"]
    assert total > 10
    for key in ("survive", "round_won", "round_death"):
        assert summary[key] == sympy.Rational(tally[key], total), key
    for q in range(3):
        assert report["reaches_goal"][q] == sympy.Rational(tally[("reaches", q)], total)
        assert report["outcome"]["win"].get(q, 0) == sympy.Rational(tally[("win", q)], total)
        assert report["outcome"]["death"].get(q, 0) == sympy.Rational(tally[("death", q)], total)
    assert summary["round_won"] > 0 or summary["round_death"] > 0, "the test must test something"


def test_someone_reaches_goal_counts_prestige_alone():
    state, me = table(2, True)
    seen = state.view(me)
    model = round_model(seen, me)
    hits = total = 0
    for combo in itertools.permutations(sorted(model.pool.elements()), len(model.unknown)):
        trial = copy.deepcopy(state)
        for q, card in zip(model.unknown, combo, strict=True):
            place(trial, q, card)
        play_round(trial)
        total += 1
        hits += any(trial.prestige(q) >= trial.goal(q) for q in range(3))
    assert chance_someone_reaches_goal(seen, me) == sympy.Rational(hits, total)


def test_monte_carlo_of_the_real_engine_from_all_unseen_cards():
    """Cards from *all* unseen cards (left-out ones too): P(event and none left out) is
    the exact conditional chance times P(none left out)."""
    state = da.new_game(4, seed=21)
    rng = Rng(21)
    to_trading(state, rng)
    a, b, c, d = state.order()
    for p, kit in ((a, ["chainmail_shirt", "spiked_club", "goblin_spear"]),
                   (b, ["leather_jerkin", "flaming_sword"]), (c, ["dragonscale_mail"])):
        for x in kit:
            if x in state.deck:
                state.deck.remove(x)
                state.active[p].append(x)
    for p in (a, b):  # low Survival: the limits and the Monsters decide lives
        while state.survival(p) > 3:
            x = next(x for x in state.deck if state.card(x).survival in (-1, -2)
                     and state.survival(p) + state.card(x).survival >= 3
                     and not state.card(x).instructions)
            state.deck.remove(x)
            state.active[p].insert(0, x)
    state.apply(f"offer {b}")
    state.apply("accept")  # from a's view now: the others' cards are unknown
    seen = state.view(a)
    report = odds_report(seen, a)
    model = report["model"]
    clean_p = 1 - model.chance_left_out
    unseen = sorted(unseen_cards(seen, a).elements())
    seats = model.unknown
    runs, counts = 1200, Counter()
    for _ in range(runs):
        cards = list(unseen)
        rng.shuffle(cards)
        trial = copy.deepcopy(state)
        for q, card in zip(seats, cards, strict=False):
            place(trial, q, card)
        clean = all(modelled(seen, card) for card in cards[:len(seats)])
        result = play_round(trial)
        counts["clean"] += clean
        counts["survive"] += clean and result["survive"][a]
        counts["round_death"] += clean and result["dead"] is not None
        counts["reaches_b"] += clean and result["reaches"][b]
    expected = {"clean": clean_p, "survive": report["summary"]["survive"] * clean_p,
                "round_death": report["summary"]["round_death"] * clean_p,
                "reaches_b": report["reaches_goal"][b] * clean_p}
    for key, p in expected.items():
        p = float(p)
        sd = (p * (1 - p) / runs) ** 0.5
        assert abs(counts[key] / runs - p) <= 4 * sd + 1e-9, (key, p, counts[key] / runs)
    assert 0 < expected["survive"] < expected["clean"], "the test must test something"
    assert 0 < model.chance_left_out < 1


def calibration(rounds, seed, deck=None):
    """Play random rounds; before the last Done, predict; after the round, observe.

    The prediction holds when no left-out card lies face down among the unknown cards
    (and nobody uses a May power: everyone passes): those rounds are counted."""
    rng = Rng(seed)
    sums = {k: [0, 0, 0.0] for k in ("hurts", *KEYS)}  # predicted, seen, variance
    game_seed = seed * 1000
    state = da.new_game(4, seed=game_seed, deck=deck)
    done_rounds = 0
    while done_rounds < rounds:
        if state.is_over:
            game_seed += 1
            state = da.new_game(4, seed=game_seed, deck=deck)
        while state.phase != "trade" and not state.is_over:
            legal = state.legal_actions()
            state.apply(da.Pass() if da.Pass() in legal else rng.choice(legal))
        if state.is_over:
            continue
        while True:
            action = rng.choice(state.legal_actions())
            if action == da.Done() and sum(not d for d in state.done) == 2 and not state.pending:
                break
            state.apply(action)
        me = state.order()[0]
        seen = state.view(me)
        odds = odds_summary(seen, me)
        model = round_model(seen, me)
        clean = all(modelled(seen, state.unrevealed[q]) for q in model.unknown)
        state.apply(action)
        done_rounds += 1
        while state.phase == "resolve":
            state.apply("pass")
        reveal = next(e for e in reversed(state.log) if e.kind == "reveal")
        card = state.card(reveal.data["cards"][0])
        out = state.outcome or {}
        seen_now = {"hurts": (card.survival or 0) < 0, "survive": state.survival(me) > 0,
                    "someone_wins": any(state.prestige(q) >= state.goal(q) for q in range(4)),
                    "round_won": out.get("winner") is not None,
                    "round_death": out.get("dead") is not None}
        for k in sums:
            if k != "hurts" and not clean:
                continue
            p = odds[k]
            sums[k][0] += p
            sums[k][1] += seen_now[k]
            sums[k][2] += float(p * (1 - p))
    return sums


def low_deck(goal_scale, life_scale):
    doc = copy.deepcopy(DOC)
    for p in doc["player_cards"]:
        p["prestige_goal"] = max(1, p["prestige_goal"] // goal_scale)
        p["survival"] = max(1, p["survival"] // life_scale)
    return doc


@pytest.mark.slow
@pytest.mark.parametrize(("goal_scale", "life_scale", "seed"), [(3, 1, 8), (1, 4, 10)])
def test_odds_agree_with_random_games_of_the_real_deck(goal_scale, life_scale, seed):
    sums = calibration(300, seed, low_deck(goal_scale, life_scale))
    for key, (predicted, seen, var) in sums.items():
        if var == 0:
            assert predicted == seen, key
            continue
        z = (seen - float(predicted)) / var ** 0.5
        assert abs(z) < 4, (key, float(predicted), seen, z)
    assert sums["hurts"][2] > 0 and sums["round_won"][2] > 0, "the test must test something"
    if life_scale > 1:
        assert sums["round_death"][2] > 1 and sums["survive"][2] > 1


def test_model_names_what_it_leaves_out_and_the_powers_in_force():
    state = da.new_game(3, seed=1, characters=["uzga_bonewitch", "brokk_ironhide",
                                               "grishnak_the_sly"])
    to_trading(state, Rng(1))
    me = state.current_player
    model = round_model(state.view(me), me)
    text = model.note()
    assert "Uzga Bonewitch" in text and "Brokk Ironhide" in text  # their May powers
    assert "Armor and Weapon limits" in text and "Left out" in text
    assert all(not modelled(state, c) for c in model.left_out)
    assert {"brawl", "cave_in", "pickpocket", "treachery", "scouting_party",
            "underground_river"} <= set(model.left_out)
    k, clean, total = len(model.unknown), sum(model.pool.values()), sum(
        unseen_cards(state.view(me), me).values())
    assert k >= 1 and model.chance_left_out == 1 - sympy.Rational(
        math.perm(clean, k), math.perm(total, k))


# ------------------------------------------------------------------ claims: Bayes' rule
def test_claim_belief_is_bayes_rule_with_a_dirichlet_record():
    """Checked against direct integration over the unknown chances (sympy, exact)."""
    state = da.new_game(3, seed=3)
    to_trading(state, Rng(3))
    a, b, c = state.order()
    state.claim_history = [  # b's record: praised 3 harmless and 1 hurting card, warned once
        {"round": 0, "from": b, "to": a, "claim": "a safe place", "card": "torch"},
        {"round": 0, "from": b, "to": a, "claim": "shiny", "card": "gold_coins"},
        {"round": 0, "from": b, "to": c, "claim": "glory", "card": "war_council"},
        {"round": 0, "from": b, "to": c, "claim": "so shiny", "card": "cave_troll"},
        {"round": 0, "from": b, "to": a, "claim": "it has teeth", "card": "ghoul"},
        {"round": 0, "from": c, "to": a, "claim": "so shiny", "card": "cave_troll"},
    ]
    belief = claim_belief(state.view(a), b, "a safe place to rest", player=a)
    t1, t2 = sympy.symbols("t1 t2", positive=True)

    def predictive(n_praise, n_warn, n_neutral, tone):
        # E[chance of `tone`] under Dirichlet(1,1,1) updated by the counts
        density = t1 ** n_praise * t2 ** n_warn * (1 - t1 - t2) ** n_neutral
        pick = {1: t1, -1: t2, 0: 1 - t1 - t2}[tone]

        def integral(f):
            return sympy.integrate(sympy.integrate(f, (t2, 0, 1 - t1)), (t1, 0, 1))

        return integral(density * pick) / integral(density)

    pool = unseen_cards(state.view(a), a)
    prior = sympy.Rational(sum(n for x, n in pool.items() if (state.card(x).survival or 0) < 0),
                           sum(pool.values()))
    given_hurts = predictive(1, 1, 0, 1)   # hurting cards: cave_troll praised, ghoul warned
    given_safe = predictive(3, 0, 0, 1)    # harmless cards: 3 praised
    posterior = prior * given_hurts / (prior * given_hurts + (1 - prior) * given_safe)
    assert belief.likelihood == (given_hurts, given_safe) == (sympy.Rational(2, 5),
                                                               sympy.Rational(4, 6))
    assert belief.prior_hurts == prior and belief.posterior_hurts == posterior
    assert belief.chance_true == 1 - posterior
    assert belief.record == {"claims": 5, "true": 4, "false": 1, "neutral": 0}
    assert "4 true, 1 false" in belief.sentence("Bot 2")


class RateBot:
    """Sets a random card, trades at random, and praises/warns/says nothing with chances
    drawn uniformly (Dirichlet(1,1,1)) per game, for hurting and harmless cards apart:
    the world claim_belief assumes."""

    def __init__(self, rng):
        self.rng = rng
        self.rates = {h: self._simplex() for h in (True, False)}

    def _simplex(self):
        u, v = sorted((self.rng.random(), self.rng.random()))
        return (u, v - u, 1 - v)

    def claim(self, hurts):
        r = self.rng.random()
        praise, warn, _ = self.rates[hurts]
        return "a safe place" if r < praise else "it has teeth" if r < praise + warn else "hm"


def test_claim_belief_is_calibrated_on_real_engine_games():
    rng = Rng(77)
    predicted, seen, var, claims = 0, 0, 0.0, 0
    for game_seed in range(70):
        state = da.new_game(3, seed=game_seed)
        bots = [RateBot(rng) for _ in range(3)]
        pending = []  # (claim index in the round, predicted chance it is true)
        while not state.is_over and state.round <= 12:
            legal = state.legal_actions()
            p = state.current_player
            if state.phase == "trade" and not state.pending and rng.randbelow(3):
                offers = [x for x in legal if isinstance(x, da.Offer)]
                if offers:
                    target = rng.choice(offers).to
                    hurts = (state.card(state.unrevealed[p]).survival or 0) < 0
                    text = bots[p].claim(hurts)
                    belief = claim_belief(state.view(target), p, text, player=target)
                    if belief.chance_true is not None:
                        pending.append((len(state.claim_history) + len(state.claims),
                                        belief.chance_true))
                    state.apply(da.Offer(target, text))
                    continue
            action = da.Pass() if da.Pass() in legal else rng.choice(legal)
            state.apply(action)
        for index, chance in pending:
            if index < len(state.claim_history):
                record = state.claim_history[index]
                tone = 1 if record["claim"] == "a safe place" else -1
                hurts = (state.card(record["card"]).survival or 0) < 0
                predicted += chance
                seen += (tone < 0) == hurts
                var += float(chance * (1 - chance))
                claims += 1
    z = (seen - float(predicted)) / var ** 0.5
    assert claims > 300 and abs(z) < 4, (claims, float(predicted), seen, z)
