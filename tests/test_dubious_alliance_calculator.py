"""The Dubious Alliance round calculator: what a player types at the table gives the
exact chances the real engine gives for that table.

A real game is set up and played to Trading; the calculator is given only what one
player sees there (their chief, Active cards, hand, face-down card and the Discards)
and its answers are compared with (1) every card their face-down slot could hold,
played out by the engine, and (2) a Monte Carlo run of the engine with a fixed seed,
with random unseen cards on every face-down slot the player does not know.
"""

import copy
import json

import pytest
import sympy
from test_dubious_alliance_odds import place, play_round, take

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import InvalidArgumentError, Rng
from dungeoncraft_widgets.core.english import chance
from dungeoncraft_widgets.dubious_alliance.calculator import (
    RoundCalculator,
    find_card,
    parse_cards,
    round_answers,
    table_view,
)
from dungeoncraft_widgets.dubious_alliance.odds import modelled, round_model, unseen_cards

DOC = json.loads(da.data.DATA_FILE.read_text())
CARDS = {c["id"]: c for c in DOC["cards"]}
CHIEFS = ["uzga_bonewitch", "brokk_ironhide", "murza_skullsplitter", "skarr_dragoneye"]


def hurts(card_id):
    return (CARDS[card_id]["survival"] or 0) < 0


def real_table(seed=7):
    """Four chiefs in Trading; the 2nd to check ("me") has low Survival and Prestige one
    or two short of the goal, with an Armor and a Weapon Active (so the limits matter);
    every other face-down card is a card the odds model (acts on its holder only)."""
    state = da.new_game(4, seed=seed, characters=CHIEFS)
    me = state.order()[1]
    state.active[me] = [take(state, x) for x in ("chainmail_shirt", "spiked_club")]
    for x in sorted(state.deck):  # Prestige without instructions, up to 2 short of the goal
        card = state.card(x)
        if not card.instructions and (card.prestige or 0) > 0 and (card.survival or 0) <= 0 \
                and state.prestige(me) + card.prestige <= state.goal(me) - 2 \
                and state.survival(me) + (card.survival or 0) >= 2:
            state.deck.remove(x)
            state.active[me].append(x)
    while state.survival(me) > 3:  # low Survival: the Monsters and the limits decide
        x = next(x for x in sorted(state.deck) if state.card(x).survival in (-1, -2)
                 and not state.card(x).instructions and not state.card(x).prestige
                 and state.survival(me) + state.card(x).survival >= 3)
        state.deck.remove(x)
        state.active[me].insert(0, x)
    while state.phase == "choose":  # each sets a modelled card of their hand
        p = state.current_player
        card = next((c for c in state.hands[p] if modelled(state, c)), state.hands[p][0])
        state.apply(f"set {card}")
    for q in range(4):
        if q != me and not modelled(state, state.unrevealed[q]):
            place(state, q, next(x for x in sorted(state.deck) if modelled(state, x)))
    return state, me


def typed(state, me):
    """What the player at seat ``me`` types: only what they see."""
    name = state.card
    return {"players": state.n, "place": state.order().index(me) + 1,
            "chief": state.characters[me],
            "active": [name(c).id for c in state.active[me]],
            "hand": list(state.hands[me]), "face_down": state.chosen[me],
            "seen": [c for q in range(state.n) if q != me for c in state.active[q]]
            + list(state.discard)}


@pytest.fixture(scope="module")
def table():
    state, me = real_table()
    return state, me, round_answers(**typed(state, me))


def test_the_position_typed_in_is_the_players_own_view(table):
    state, me, _answers = table
    view, seat, offerer = table_view(**typed(state, me))
    real = state.view(me)
    assert seat == me and offerer == state.order()[2]
    assert unseen_cards(view, seat) == unseen_cards(real, me)
    assert view.survival(seat) == real.survival(me) and view.goal(seat) == real.goal(me)
    assert round_model(view, seat).chance_left_out == round_model(real, me).chance_left_out


def test_keeping_the_card_is_what_the_engine_plays(table):
    state, me, answers = table
    result = play_round(copy.deepcopy(state))
    assert answers.keep.survive == int(result["survive"][me])
    assert answers.keep.reach == int(result["reaches"][me])
    assert answers.keep.hurts == int(hurts(state.chosen[me]))


def test_trading_equals_every_card_played_by_the_real_engine(table):
    """Each modelled card you have not seen, put in your face-down slot and played out
    by the engine (everyone Done, nobody using a May power): the exact fractions."""
    state, me, answers = table
    pool = round_model(state.view(me), me).pool
    seen = set(state.hands[me]) | set(state.active[me]) | {state.chosen[me]}
    assert sum(pool.values()) > 80 and not seen & set(pool)
    survive = reach = 0
    for card in sorted(pool):
        trial = copy.deepcopy(state)
        place(trial, me, card)
        result = play_round(trial)
        survive += result["survive"][me]
        reach += result["reaches"][me]
    total = sum(pool.values())
    assert answers.trade.survive == sympy.Rational(survive, total)
    assert answers.trade.reach == sympy.Rational(reach, total)
    assert 0 < answers.trade.survive < 1 and 0 < answers.trade.reach < 1, \
        "the test must test something"
    unseen = [c for c in CARDS if c not in seen]
    assert answers.trade.hurts == sympy.Rational(sum(map(hurts, unseen)), len(unseen))
    chart = answers.trade_survival  # the chart: each Survival value a traded card may have
    assert sum(chart.values()) == 1
    assert sum(p for v, p in chart.items() if v < 0) == answers.trade.hurts
    assert chart[-3] == sympy.Rational(sum((CARDS[c]["survival"] or 0) == -3 for c in unseen),
                                       len(unseen))


def test_monte_carlo_of_the_real_engine_with_random_unseen_cards(table):
    """Random cards from *all* unseen cards on every slot the player does not know
    (their own, after a trade, and the others'): P(survive and no left-out card face
    down) is the calculator's survival chance times 1 - its left-out chance."""
    state, me, _answers = table
    answers = round_answers(**typed(state, me), where="other")  # you traded: all unknown
    view = state.view(me)
    unseen = sorted(unseen_cards(view, me).elements())
    rng = Rng(19)
    runs, counts = 1500, {"clean": 0, "survive": 0, "reach": 0}
    seats = [q for q in state.order() if q != state.dealer]  # the Dealer's is Discarded
    for _ in range(runs):
        cards = list(unseen)
        rng.shuffle(cards)
        trial = copy.deepcopy(state)
        for q, card in zip(seats, cards, strict=False):
            place(trial, q, card)
        clean = all(modelled(view, c) for c in cards[:len(seats)])
        result = play_round(trial)
        counts["clean"] += clean
        counts["survive"] += clean and result["survive"][me]
        counts["reach"] += clean and result["reaches"][me]
    clean_p = 1 - answers.left_out
    expected = {"clean": clean_p, "survive": answers.keep.survive * clean_p,
                "reach": answers.keep.reach * clean_p}
    for key, p in expected.items():
        p = float(p)
        sd = (p * (1 - p) / runs) ** 0.5
        assert abs(counts[key] / runs - p) <= 4 * sd + 1e-9, (key, p, counts[key] / runs)
    assert 0 < answers.keep.survive < 1 and 0 < answers.left_out < 1


def test_a_claim_is_weighed_by_the_record_typed_in():
    """Laplace's rule on the four counts: P(praise | hurts) = (praised hurting + 1) /
    (cards that hurt + 3), P(praise | harmless) likewise; then Bayes' rule."""
    record = {"praise_true": 4, "praise_false": 1, "warning_true": 2, "warning_false": 0}
    answers = round_answers(players=3, place=1, chief="gogog_bloodthroat", active=[],
                            hand=["torch"], face_down="gold_coins", tone="praise",
                            record=record)
    unseen = [c for c in CARDS if c not in ("torch", "gold_coins")]
    prior = sympy.Rational(sum(map(hurts, unseen)), len(unseen))
    given_hurts = sympy.Rational(1 + 1, 1 + 2 + 3)
    given_safe = sympy.Rational(4 + 1, 4 + 0 + 3)
    posterior = prior * given_hurts / (prior * given_hurts + (1 - prior) * given_safe)
    belief = answers.belief
    assert belief.prior_hurts == prior == answers.trade.hurts
    assert belief.likelihood == (given_hurts, given_safe)
    assert belief.posterior_hurts == posterior
    assert belief.chance_true == 1 - posterior
    assert belief.record == {"claims": 7, "true": 6, "false": 1, "neutral": 0}
    assert answers.keep.hurts == int(hurts("gold_coins"))


def test_an_offer_of_your_own_card_back_is_known():
    answers = round_answers(players=5, place=3, chief="gogog_bloodthroat", active=[],
                            hand=[], face_down="cave_troll", where="offerer", tone="praise")
    assert hurts("cave_troll")
    assert answers.belief.prior_hurts == answers.belief.posterior_hurts == 1
    assert answers.trade.hurts == 1 and 0 < answers.keep.hurts < 1
    assert answers.advice.startswith("Keep your card") or "harmless" in answers.advice


def test_the_dealer_whose_card_is_discarded_is_told_so():
    answers = round_answers(players=3, place=3, chief="gogog_bloodthroat", active=[],
                            hand=[], face_down="cave_troll")
    assert answers.discarded and answers.keep.survive == 1 and answers.keep.hurts == 1
    assert "Discarded" in answers.advice
    traded = round_answers(players=3, place=3, chief="gogog_bloodthroat", active=[],
                           hand=[], face_down="cave_troll", everyone_traded=True)
    assert not traded.discarded


def test_advice_prefers_survival_and_names_both_chances():
    # Survival 1 (Uzga: 18, with -17 of Monsters Active would need many cards): use a deck
    # whose chiefs have Survival 2, so a card of Survival -2 kills and one of +1 does not.
    doc = copy.deepcopy(DOC)
    for p in doc["player_cards"]:
        p["survival"] = 2
    killer = next(c["id"] for c in doc["cards"] if c["survival"] == -2 and not
                  c.get("instructions"))
    answers = round_answers(players=3, place=1, chief="gogog_bloodthroat", active=[],
                            hand=[], face_down=killer, deck=doc)
    assert answers.keep.survive == 0 and 0 < answers.trade.survive < 1
    assert answers.advice.startswith("Trade your card: you survive with chance ")
    assert "never with yours" in answers.advice


@pytest.mark.parametrize(("text", "message"), [
    ("golden thing", "'golden thing' is not a card of this deck"),
    ("goblin", "could be Goblin Ambush, Goblin Spear or Goblin Warrens"),
    ("  ", "names no card"),
])
def test_card_names_are_read_or_refused_by_name(text, message):
    deck = da.load_deck()
    with pytest.raises(InvalidArgumentError, match=message):
        find_card(deck, text, "hand")
    assert find_card(deck, "GIANT'S MAUL", "hand") == find_card(deck, "giants_maul", "hand")
    assert parse_cards(deck, "Torch,\n chainmail", "hand") == ["torch", "chainmail_shirt"]


@pytest.mark.parametrize(("known", "message"), [
    ({"hand": ["torch"], "face_down": "torch"}, "Torch is named in your hand and in your "
     "face-down card: each card lies in one place"),
    ({"active": ["torch", "torch"]}, "Torch is named twice in your Active cards"),
    ({"hand": ["torch", "mimic", "ghoul", "harpy"]}, "your hand: at most 3 cards"),
    ({"players": 8}, r"players must be a whole number from 3 to 7 \(Dubious Alliance is for 3 "
     r"to 7 players\), not 8"),
    ({"place": 5}, r"your place must be a whole number from 1 to 4 \(1 is the Dealer's left, "
     r"4 the Dealer\), not 5"),
    ({"chief": "snarl"}, "your chief: 'snarl' is not a Player card"),
    ({"seen": sorted(set(CARDS) - {"gold_coins"})}, "other cards seen: 121 cards named "
     "leave too few of the deck's 121 face down"),
    ({"record": {"praise_true": -1}}, "praise_true: -1 is below 0"),
])
def test_impossible_tables_are_refused_naming_the_problem(known, message):
    base = {"players": 4, "place": 1, "chief": "gogog_bloodthroat", "active": [],
            "hand": [], "face_down": "gold_coins"}
    with pytest.raises(InvalidArgumentError, match=message):
        round_answers(**{**base, **known})


def test_the_widget_shows_the_exact_answers_and_greys_them_on_bad_input(table):
    state, me, answers = table
    known = typed(state, me)
    calc = RoundCalculator()
    calc.players.value = 4
    calc.place.value = 2
    calc.chief.value = known["chief"]
    calc.active.value = ", ".join(state.card(c).name for c in known["active"])
    calc.hand.value = ", ".join(state.card(c).name for c in known["hand"])
    calc.face_down.value = state.card(known["face_down"]).name.lower()
    assert calc.message.value == ""
    assert calc.answers.trade == answers.trade and calc.answers.keep == answers.keep
    assert chance(answers.trade.survive) in calc.table.value  # "6/7 ≈ 85.7%"
    assert calc.advice.value.startswith("<b>")
    assert calc.record["praise_true"].layout.display == "none"  # no offer: no record asked
    shown = calc.table.value
    calc.hand.value = "torch, torch, torch, torch"
    assert calc.message.value.startswith("✗ still in your hand: at most 3 cards")
    assert "dcw-stale" in calc._dom_classes and calc.table.value == shown
    calc.hand.value = ""
    assert calc.message.value == "" and "dcw-stale" not in calc._dom_classes
    calc.record["praise_true"].value = -3  # hidden without an offer, and not read
    assert calc.message.value == ""
    calc.where.value = "offerer"  # no offer: nobody to hold your card
    assert calc.message.value == "✗ where your card is: nobody offers you a trade now"
    calc.offer.value = "warning"
    assert calc.message.value == "✗ praised, it was harmless: -3 is below 0, the smallest allowed"
    calc.record["praise_true"].value = 0
    assert calc.message.value == "" and calc.record["praise_true"].layout.display == ""
    assert calc.answers.belief.prior_hurts == int(hurts(known["face_down"]))
    assert "Bayes" in calc.bayes.value
    calc.players.value = 9
    assert calc.message.value == "✗ players: 9 is above 7, the largest allowed"
    calc.players.value = 3  # the place menu follows: the 2nd of 3 is still there
    assert [v for _label, v in calc.place.options] == [1, 2, 3] and calc.place.value == 2
    assert calc.message.value == ""
    calc.players.value, calc.place.value = 6, 6
    calc.players.value = 4  # the Dealer of 6 is the Dealer of 4
    assert calc.place.value == 4 and calc.answers.discarded
    assert "Discarded" in calc.advice.value and calc.message.value == ""


def test_without_widgets_the_page_still_shows_the_inputs_and_the_answer():
    calc = RoundCalculator()
    calc.face_down.value = "Torch"
    still = calc.static_html()  # an exported notebook with no widget state
    assert "An offer&#x27;s claim: no offer" in still or "no offer" in still
    assert "Keep your card: it is harmless for sure" in still
    assert "17/30 ≈ 56.7%" in still  # 52 of the 120 cards unseen hurt: 68/120 harmless
    assert repr(calc).startswith("<RoundCalculator: If you keep your card, the chance you "
                                 "survive is 1 = 100.0%")
