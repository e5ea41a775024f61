"""Dubious Alliance app: the questions in words, the buttons with exact odds, the summary,
what you hold, the odds panel kept away from MathJax, and the end in words."""

import re

import pytest

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.dubious_alliance.app import DubiousAllianceApp
from dungeoncraft_widgets.dubious_alliance.bots import TemperamentBot
from dungeoncraft_widgets.dubious_alliance.odds import chance_reveal_hurts, claim_belief


def offered_to_you(claim="fine, a trade then", names=("You", "Bot 1", "Bot 2", "Bot 3")):
    """A game where Bot 3 has just offered You a trade, saying ``claim``."""
    state = da.new_game(list(names), seed=11)
    while state.phase == "choose":
        state.apply(state.legal_actions()[0])
    while state.current_player != 3:
        state.apply("done")
    state.apply(da.Offer(0, claim))
    bots = {p: TemperamentBot("hoarder", seed=p) for p in (1, 2, 3)}
    return DubiousAllianceApp(state=state, bots=bots)


def test_an_incoming_offer_is_a_question_with_exact_odds_on_its_buttons():
    app = offered_to_you()
    view = app.view
    assert app.question(view) == ("Bot 3 offers you a trade, saying: “fine, a trade then”. "
                                  "Accept or decline?")
    accept, decline = app.choices(view)
    belief = claim_belief(view, 3, "fine, a trade then", player=0)
    assert accept.action == da.Accept() and accept.odds == 1 - belief.posterior_hurts
    assert decline.action == da.Decline() and decline.odds == 1 - chance_reveal_hurts(view, 0)
    assert not (accept.best and decline.best)
    # 3 bots have passed untraded: declining may cost the Dealer their card, which the
    # harmless chances do not weigh, so neither button is starred (issue 26)
    assert not accept.best and not decline.best and "Dealer" in decline.label
    assert re.fullmatch(r"(★ )?Accept — chance their card is harmless: \d+/\d+ ≈ \d+\.\d%",
                        accept.text)
    assert app.question_view.value == app.question(view)
    assert [b.description for b in app.choice_box.children] == [accept.text, decline.text]
    assert "Bayes' rule" in app.odds_view.value and "Can you trust" in app.odds_view.value
    app.choice_box.children[1].click()
    assert app.state.history[-1] == da.Decline() or app.state.history[-2] == da.Decline()


def test_a_must_trade_player_is_told_and_only_offered_accept():
    state = da.new_game(["You", "Bot", "Bot"], seed=3)
    state.tracker[0] = "must_trade"
    while state.phase == "choose":
        state.apply(state.legal_actions()[0])
    while state.current_player == 0 or state.pending:
        state.apply("done")
    state.apply(da.Offer(0, ""))
    app = DubiousAllianceApp(state=state, bots={})
    assert app.question(app.view).endswith("without a word. You are on Must Trade, so you "
                                           "must accept.")
    assert [c.action for c in app.choices(app.view)] == [da.Accept()]


def test_powers_are_asked_in_words():
    state = da.new_game(["You", "Bot", "Bot"], seed=2, characters=[
        "uzga_bonewitch", "brokk_ironhide", "grishnak_the_sly"])
    a, b, c = state.order()
    cards = {q: state.hands[q][0] for q in range(3)}
    if 0 != a:
        hurting = next(x for x in state.deck if (state.card(x).survival or 0) < 0)
        state.deck.remove(hurting)
        state.deck.append(state.hands[a][0])
        state.hands[a][0] = cards[a] = hurting
    for _ in range(3):
        state.apply(f"set {cards[state.current_player]}")
    while state.phase == "trade":
        state.apply("done")
    assert state.current_player == 0
    app = DubiousAllianceApp(state=state, bots={})
    entry = app.view.revealed[app.view.window["entry"]]
    name = state.card(entry["card"]).name
    assert app.question(app.view).endswith(f"Use Uzga Bonewitch's power on {name}?")
    labels = [c.text for c in app.choices(app.view)]
    assert labels == [f"Use Uzga Bonewitch's power: Discard {name}",
                      f"Pass: let {name} be Resolved"]


def test_summary_holdings_and_grammar_with_you():
    app = DubiousAllianceApp(players=["You", "Bot", "Bot", "Bot"], seed=2)
    app.act(app.state.legal_actions()[0])
    lines = app.summary_lines
    assert lines and all(" You sets" not in x and "You is" not in x for x in lines)
    assert any(re.search(r"set a card face down\.$", x) for x in lines)
    rows = dict(app.holdings(app.view))
    assert rows["Your Survival"].startswith(f"{app.view.survival(0)} (began with ")
    assert rows["Your Prestige"] == f"{app.view.prestige(0)} (goal {app.view.goal(0)})"
    assert set(rows) >= {"Your hand", "Your face-down card", "Your Active cards", "Bot 1"}
    everyone = " ".join(e.text for e in app.view.log) + app.status.value
    assert "You is" not in everyone and "You's" not in everyone and "You deals" not in everyone
    you_deal = da.new_game(["You", "Bot", "Bot"], seed=3)
    you_deal.dealer = 0
    scene = DubiousAllianceApp(state=you_deal, bots={}).draw(you_deal.view(0))
    assert scene.find("round").text.endswith("You deal") and "You deal;" in scene.description


def test_data_text_never_reaches_mathjax_or_html():
    app = offered_to_you(claim="shiny, <b>$x$</b> honest",
                         names=("You", "$\\alpha$", "Bot 2", "<i>Ann</i>"))
    value = app.odds_view.value
    assert "<i>Ann</i>" not in value and "&lt;i&gt;Ann&lt;/i&gt;" in value
    names = re.findall(r'<span class="mathjax_ignore tex2jax_ignore">([^<]*)</span>', value)
    assert any("$\\alpha$" in n for n in names), "a $ in a name is kept from MathJax"
    outside = re.sub(r'<span class="mathjax_ignore tex2jax_ignore">[^<]*</span>', "", value)
    assert "alpha" not in outside and "$x$" not in outside
    assert "$" in outside, "the exact fractions are still typeset"


def test_a_claim_that_names_a_card_is_flagged_as_typed_and_refused():
    app = DubiousAllianceApp(players=["You", "Bot", "Bot", "Bot"], seed=2)
    app.claim.value = "it is the Cave Troll"
    assert app.claim_note.value.startswith("✗ This claim cannot be said: it names a card")
    app.claim.value = "a fine weapon"
    assert app.claim_note.value == ""


def test_the_end_names_the_winner_or_the_dead_in_words():
    app = DubiousAllianceApp(players=["You", "Bot", "Bot"], seed=5)
    while not app.state.is_over:
        app.act(app.state.legal_actions()[-1])
    final = app.final_summary(app.view)
    out = app.state.outcome
    if out["winner"] is not None:
        name = app.state.players[out["winner"]]
        assert final.headline.startswith(f"{name} {'win' if name == 'You' else 'wins'} with "
                                         "Prestige")
        assert final.rows[0][0] == f"{name} (wins)"
    else:
        assert final.headline.startswith("Nobody wins")
    seats = [app.state.players.index(r[0].removesuffix(" (wins)").removesuffix(" (died)"))
             for r in final.rows]
    assert [r[3] for r in final.rows] == [f"{app.state.prestige(q)} of {app.state.goal(q)}"
                                          for q in seats]
    assert app.final_panel.layout.display == "" and "Final scores" in app.final_view.value


def test_undo_says_a_trade_is_final():
    app = offered_to_you()
    app.act("accept")
    assert app.undo_button.disabled
    assert "Trade" in app.undo_button.tooltip and app.undo() is False


def test_odds_panel_gives_each_chiefs_chance_to_reach_the_goal():
    app = DubiousAllianceApp(players=["You", "Bot", "Bot", "Bot"], seed=2)
    while app.view.phase != "trade":
        app.act(app.state.legal_actions()[-1])
    value = app.odds_view.value
    assert "Each other chief reaches their goal this round" in value
    assert value.count("<tr><td>") == 3 and "Assumes" in value and "Left out" in value
    # exact fractions, typeset: "≈" beside a rounded percentage, "=" beside an exact one
    assert value.count("\\approx") + value.count(" = ") >= 6
    assert "0 \\approx" not in value and "$1 \\approx" not in value


def test_an_offer_carries_its_odds_and_its_claim_is_cleared_once_said():
    app = DubiousAllianceApp(players=["You", "Bot 1", "Bot 2"], seed=7)
    app.act(app.state.legal_actions()[0])                   # set a card: Trading begins
    while app.state.current_player == 0 and app.view.phase == "trade" and app.view.pending:
        app.act("decline")
    offers = [c for c in app.choices(app.view) if c.label.startswith("Offer ")]
    assert offers, [c.label for c in app.choices(app.view)]
    for choice in offers:                                   # the odds before the trade
        to = int(re.search(r"Bot (\d)", choice.label).group(1))
        said = next((c["claim"] for c in reversed(app.view.claims) if c["from"] == to), "")
        expected = 1 - claim_belief(app.view, to, said, player=0).posterior_hurts
        assert choice.odds == expected and "chance their card is harmless" in choice.label
    app.claim.value = "a fine weapon"
    offers[0].action()                                      # the bots answer, and play on
    assert isinstance(app.state.history[app._turn_starts[-1][0]], da.Offer)
    assert app.claim.value == ""                            # said once, not twice


def test_must_trade_is_said_in_colour_not_smeared_by_a_stroke():
    state = da.new_game(["You", "Bot", "Bot"], seed=3)
    state.tracker[1] = "must_trade"
    scene = DubiousAllianceApp(state=state, bots={}).draw(state.view(0))
    tracker = scene.find("tracker-1")
    assert "danger" not in tracker.classes and tracker.weight == "bold"  # a text, no outline
    assert tracker.text.endswith("Tracker: Must Trade")


def test_a_new_game_says_so_however_long_its_opening():
    """The opening (chiefs, the Dealer's draws) is longer than the summary: "A new game has
    begun." stays first, above the pointer to the log (GameApp)."""
    app = DubiousAllianceApp(players=["You", "Bot 1", "Bot 2"], seed=7)
    app.new_game()
    assert len(app.summary_lines) > 8 and app.summary_lines[0] == "A new game has begun."
    shown = re.findall(r"<li>(.*?)</li>", app.summary_view.value)
    assert len(shown) == 8 and shown[0] == "A new game has begun."
    assert shown[1].startswith("… ") and shown[1].endswith("earlier lines: see the log below.")


def test_a_forced_trade_carries_its_odds_too():
    state = da.new_game(["You", "Bot 1", "Bot 2"], seed=2, characters=[
        "grishnak_the_sly", "brokk_ironhide", "uzga_bonewitch"])
    app = DubiousAllianceApp(state=state, bots={1: TemperamentBot("honest", seed=1),
                                                2: TemperamentBot("liar", seed=2)})
    while app.view.phase != "trade" or app.state.current_player != 0 or app.view.pending:
        app.act(app.state.legal_actions()[0])
    forces = [c for c in app.choices(app.view) if isinstance(c.action, da.Force)]
    assert forces, [c.label for c in app.choices(app.view)]
    for choice in forces:
        said = next((c["claim"] for c in reversed(app.view.claims)
                     if c["from"] == choice.action.target), "")
        belief = claim_belief(app.view, choice.action.target, said, player=0)
        assert choice.odds == 1 - belief.posterior_hurts
        assert choice.label.endswith("— chance their card is harmless")


class Declining:
    """Declines every offer, and offers a trade whenever it may (so the table goes round
    and You act again before anything is Revealed)."""

    name = "declining"

    def choose(self, view, legal):
        return next((a for a in legal if a == da.Decline()),
                    next((a for a in legal if isinstance(a, da.Offer)), legal[-1]))


def test_undo_never_takes_back_a_bots_reaction_to_your_offer():
    """You offer, the bot declines: taking both back would let you offer again knowing its
    answer. Undo is refused (issue 24), and its tooltip says why."""
    state = da.new_game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=5)
    bot = Declining()
    while not (state.phase == "trade" and state.current_player == 0
               and state.pending is None):
        state.apply(state.legal_actions()[0] if state.phase == "choose"
                    else bot.choose(None, state.legal_actions()))
    app = DubiousAllianceApp(state=state, bots={p: Declining() for p in (1, 2, 3)})
    offer = next(a for a in app.state.legal_actions() if isinstance(a, da.Offer))
    assert app.act(offer)
    taken = len(app.state.history)
    assert app.state.history[app.state.history.index(offer) + 1] == da.Decline()
    assert app.state.current_player == 0 and app.state.phase == "trade"
    assert app.undo_button.disabled
    assert app.undo_button.tooltip.startswith(f"Cannot take back “{app.action_label(offer)}”")
    assert app.undo_button.tooltip.endswith("answered since.")
    before = app.state.to_json()
    assert app.undo() is False and app.state.to_json() == before
    assert len(app.state.history) == taken


def _offer_after_trades(seed):
    """Bots 1 and 2 trade with each other (when they may), then Bot 3 offers You a trade."""
    state = da.new_game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=seed)
    while state.phase == "choose":
        state.apply(state.legal_actions()[0])
    while not state.pending:
        p = state.current_player
        others = [q for q in (1, 2) if q != p and not state.traded[q]]
        if state.pending:
            state.apply(da.Accept())
        elif p in (1, 2) and not state.traded[p] and others:
            state.apply(da.Offer(others[0], "fine"))
            state.apply(da.Accept())
        elif p == 3:
            state.apply(da.Offer(0, "fine"))
        else:
            state.apply("done")
    return DubiousAllianceApp(state=state, bots={})


@pytest.mark.parametrize("seed, safe", [(1, True), (10, True), (11, True), (2, False),
                                        (9, False), (3, False), (5, False)])
def test_a_star_on_accept_or_decline_only_where_nothing_else_is_at_stake(seed, safe):
    """A ★ goes only to the strictly likelier harmless card, and only when declining cannot
    cost the Dealer their card (everyone else has traded and neither of you is the Dealer:
    seeds 1, 10, 11); else (You are the Dealer, or nobody has traded) no ★ at all."""
    app = _offer_after_trades(seed)
    view = app.view
    others = [t for q, t in enumerate(view.traded) if q not in (0, 3)]
    assert (view.dealer not in (0, 3) and all(others)) == safe
    accept, decline = app.choices(view)
    assert accept.best == (safe and accept.odds > decline.odds)
    assert decline.best == (safe and decline.odds > accept.odds)
    assert ("Dealer" in decline.label) == (not safe)
