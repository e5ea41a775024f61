"""DobbersApp: whole games played by clicking (2 players against the bot, and Solo), the
questions asked in words, the exact odds before a Challenge, refused clicks explained."""

from __future__ import annotations

import pytest
import sympy
from dobbers_ui import click, do, play_by_clicking, press, press_label

from dungeoncraft_widgets.dobbers import position
from dungeoncraft_widgets.dobbers.app import DobbersApp
from dungeoncraft_widgets.dobbers.odds import challenge_odds
from dungeoncraft_widgets.widgets.board import readable_width


def first(seat: int = 0, **kwargs):
    """position() for You and Bot where ``seat`` plays first (the first player is drawn
    at random, by the seed)."""
    for seed in range(40):
        game = position(["You", "Bot"], seed=seed, **kwargs)
        if game.turn_player == seat:
            return game
    raise AssertionError("no seed gives that seat the first turn")


def test_a_two_player_game_against_the_bot_played_by_clicking_to_the_end():
    app = DobbersApp(players=["You", "Bot"], seed=11)
    play_by_clicking(app, seed=1)
    assert app.state.is_over and app.state.winner is not None
    final = app.final_summary(app.view)
    winner = app.state.players[app.state.winner]
    assert final.headline.startswith(("You reach the Key first", "Bot reaches the Key first"))
    assert final.rows[0][1] == winner and final.rows[0][2] == "the Key"
    assert app.status.value == "Game over." and "Final scores" in app.final_view.value
    assert app.question(app.view) is None and app.choices(app.view) == []


@pytest.mark.slow
def test_a_solo_game_played_by_clicking_ends_with_the_rulebooks_verdict():
    app = DobbersApp(seed=4, solo=True)
    assert app.state.players == ("You",) and app.state.solo
    play_by_clicking(app, seed=2)
    state = app.state
    assert state.is_over and state.winner == 0
    headline = app.final_summary(app.view).headline
    assert headline.startswith(f"You reach the Key in {state.turns[0] + 1} turns! ")
    assert state.solo_verdict() in headline


def test_solo_shows_the_turn_and_what_the_solo_cards_did_between_turns():
    app = DobbersApp(seed=4, solo=True)
    do(app, app.state.legal_actions()[0])             # the Hero
    assert app.status.value.startswith("Solo Play, turn 1 (the game stops after turn 60).")
    assert "Goal: reach the Key" in app.status.value and "18 moves from it" in app.status.value
    seen_steps = False
    for _ in range(12):
        press_label(app, "End the turn")
        assert f"Solo Play: turn {app.state.turns[0] + 1}" in app.solo_view.value
        if "Between your turns, step by step" in app.solo_view.value:
            seen_steps = True
            assert "<ol>" in app.solo_view.value and "destroyed" in app.solo_view.value
            marks = [s for s in app.cards_board.scene["shapes"]
                     if s.get("id", "").startswith("adv-") and s.get("id", "").endswith("-card")]
            texts = str(marks)
            assert "✗ " in texts, "the slot of the destroyed card is marked"
            break
    assert seen_steps
    assert "dcw-best" in app.solo_view.value, "the verdict band of this turn is marked"


def test_the_exact_chance_is_shown_before_committing_to_a_challenge():
    game = first(heroes=["toby", "herb"], hand=["strength", "helpful"], at="T3",
                 equipped={"weapon": "silver_sword", "armor": "iron_bark",
                           "item": "traveling_kit"},
                 stacks={"E2": ["castle_walls", "tree_golem"]})
    app = DobbersApp(state=game)
    for slot in ("weapon", "armor", "item"):
        click(app.cards_board, f"slot-0-{slot}")
    click(app.board, "sq-E2")
    want = challenge_odds(app.state.view(0), 0, "E2")
    question = app.question(app.view)
    assert "Take on the Challenge on Encounter square 2?" in question
    assert "The shield costs 3" in question and "one of" in question
    commit, later = app.choices(app.view)
    assert commit.odds == want.chance and 0 < want.chance < 1
    assert commit.text.endswith(f"{want.chance} ≈ {float(want.chance):.1%}")
    assert not commit.best, "no ★ on a chance below 1: a Defeat's losses are not weighed"
    assert "(the shield costs 3)" in commit.text
    assert "If you lose (" in commit.hint and "travel points are spent" in commit.hint
    press_label(app, "Not now")                          # nothing happens
    assert app.selected is None and app.state.challenge is None
    click(app.board, "sq-E2")
    press_label(app, "Commit to the Challenge")
    assert app.state.challenge is not None
    assert "it needs 7; you bring 5 red + gold" in app.question(app.view)
    press_label(app, "Play every card first")
    fight = app.choices(app.view)[-1]
    assert fight.text == "★ Fight now: you win: 1 = 100.0%"
    press_label(app, "Fight now")
    assert any(e.kind == "victory" for e in app.state.log)


def test_refused_clicks_say_the_rule_and_change_nothing():
    app = DobbersApp(state=first(heroes=["herb"], hand=["silver"], at="T3"))
    before = app.state.to_json()
    click(app.board, "sq-E12")
    assert app.message.value == ("✗ the Key is out of reach this turn: the way there costs "
                                 "34 blue + red; you have 1")
    click(app.board, "sq-E2")
    assert app.message.value == ("✗ the shield to Encounter square 2 costs 3 blue + red "
                                 "(negative Travel tokens included); you have 1")
    gold = next(i for i, c in enumerate(app.state.adventure_row)
                if app.state.cards[c]["cost"] > 1)
    click(app.cards_board, f"adv-{gold}")
    assert app.message.value.startswith("✗ buy: ") and "Influence; You have 1" in \
        app.message.value
    assert app.state.to_json() == before


@pytest.mark.parametrize(("holding", "asked"), [(["outwit", "silver"], True),
                                                 (["outwit"], False), (["bottle_cap"], False)])
def test_an_outwit_is_asked_in_words_or_passed_for_you_when_you_cannot_pay(holding, asked):
    """Bot buys Silver (cost 3); You hold an Outwit and enough Influence (Outwit 1 +
    Silver 2): asked in words, a button per way to pay; otherwise passed for you."""
    game = first(seat=1, heroes=["brindle", "toby"], hand=["gold_coins"],
                 adventure_row=["silver", "helpful", "rot", "cull", "luck", "charm"])
    game.decks[0] += game.hands[0]
    game.hands[0] = []
    for card in holding:
        zone = game.decks[0] if card in game.decks[0] else game.adventure_deck
        zone.remove(card)
        game.hands[0].append(card)
    assert game.components() == game.expected_components()
    app = DobbersApp(state=game, bots={})
    game.apply("play gold_coins")
    game.apply("buy silver")
    assert game.window is not None and game.current_player == 0
    app._run_bots()
    app.refresh()
    if not asked:
        assert game.window is None and app.question(app.view) is None
        return
    assert app.question(app.view) == ("Bot acquires Silver (cost 3). Play Outwit now to take "
                                      "it into your discard pile instead, paying 3 Influence "
                                      "from your hand?")
    labels = [c.text for c in app.choices(app.view)]
    assert labels == ["Outwit, paying with Outwit and Silver", "Let it stand"]
    press_label(app, "Outwit, paying with")
    assert "silver" in game.discards[0] and game.window is None


def test_text_from_data_is_never_html():
    app = DobbersApp(players=["<b>Eve</b>", "Bot"], seed=5)
    while app.state.current_player == 0 and app.state.phase in ("hero", "start"):
        press(app, app.state.legal_actions()[0])
    assert "<b>Eve</b>" not in app.holdings_view.value
    assert "&lt;b&gt;Eve&lt;/b&gt;" in app.summary_view.value or app.summary_lines


def test_both_scenes_read_at_10_px_in_a_narrow_column():
    app = DobbersApp(players=["You", "Bot"], seed=11)
    play_by_clicking(app, seed=1, limit=40)
    assert readable_width(app.board.scene, 10) <= 470
    assert readable_width(app.cards_board.scene, 10) <= 200


def test_the_odds_panel_and_the_race_button():
    app = DobbersApp(state=first(heroes=["brindle"], hand=[], at="T15",
                                 stacks={"E12": ["hollow_oak"]}))
    assert "Exact odds" in app.odds_view.value and "Your next hand" in app.odds_view.value
    app.race_button.click()
    assert "16/9" in app.race_view.value


def test_undo_takes_back_a_card_played_in_solo_play_where_nobody_saw_it():
    app = DobbersApp(state=position(["You"], heroes=["brindle"], hand=["silver", "helpful"]))
    click(app.cards_board, "hand-0")
    assert app.state.turn["influence"] == 1 + 2
    assert app.undo()
    assert app.state.turn["influence"] == 1 and app.state.hands[0] == ["silver", "helpful"]


def test_undo_never_takes_back_a_card_the_bot_has_seen():
    app = DobbersApp(state=first(heroes=["brindle"], hand=["silver", "helpful"]))
    click(app.cards_board, "hand-0")
    assert not app.undo()
    assert "the other players have seen Silver" in app.message.value
    assert app.state.turn["influence"] == 1 + 2


def test_odds_shown_are_exact():
    app = DobbersApp(state=first(heroes=["toby"], hand=[], at="T3",
                                 stacks={"E2": ["hollow_oak"]}))
    for choice in app.choices(app.view):
        assert choice.odds is None or isinstance(choice.odds, sympy.Rational)


@pytest.mark.slow
def test_a_three_player_duel_game_by_clicking():
    """The DUEL ending: You reach the Key first, a bot follows, and the duel is clicked."""
    app = DobbersApp(players=["You", "Bot 1", "Bot 2"], seed=19, duel=True)
    moves = play_by_clicking(app, seed=3)
    state = app.state
    assert state.is_over and state.end_reason == "duel" and state.arrivals == [0, 2]
    assert any(text.startswith("Let my total") for steps in moves for _k, text in steps)
    final = app.final_summary(app.view)
    assert len(final.rows) == 3 and final.rows[0][1] == state.players[state.winner]
    assert "wins the duel" in final.headline


def test_what_just_happened_tells_a_bots_turn_in_a_few_sentences():
    """Each run of the bot's plays (uses, equips, acquisitions, travels) is one sentence
    naming every card or square; the log keeps every line."""
    from dungeoncraft_widgets.dobbers.bots import RaceBot
    app = DobbersApp(players=["You", "Bot"], seed=14)
    me = RaceBot(seed=1)
    turns, fits = 0, 0
    while not app.state.is_over:
        do(app, me.choose(app.state.view(0), app.state.legal_actions()))
        events = app._events_since_mark()
        if app.state.current_player != 0 or not any(e.player == 1 for e in events):
            continue
        turns += 1
        lines = app.summarize(events, app.view)
        fits += len(lines) <= 8
        starts = [" ".join(line.split()[:2]) for line in lines]
        for a, b in zip(starts, starts[1:], strict=False):  # a run is one line
            assert a != b or a not in ("Bot plays", "Bot uses", "Bot travels",
                                       "Bot acquires", "Bot equips"), lines
        plays = [e.data["card"] for e in events if e.kind == "play" and e.player == 1]
        for card in set(plays):
            named = app.state.cards.name(card)
            said = " ".join(t for t in lines if t.startswith("Bot plays"))
            assert named in said, (said, plays)
        if plays and len([t for t in lines if t.startswith("Bot plays")]) == 1:
            said = next(t for t in lines if t.startswith("Bot plays"))
            for card in set(plays):
                n, named = plays.count(card), app.state.cards.name(card)
                assert (f"{named} (×{n})" if n > 1 else named) in said, (said, plays)
        assert not any(t == "Bot's turn." for t in lines)
    assert turns >= 5 and fits >= turns - 1, (turns, fits)


def test_a_buy_is_asked_first_with_what_it_does_to_the_next_hand():
    """Before paying: a deck of 2 cards runs out at the Draw Phase, so the card bought may
    come at once; the expected points of the next hand with it are exact, checked against
    the engine's own Draw Phase after the buy (1,500 seeded runs)."""
    import re

    from dungeoncraft_widgets.core.rng import Rng
    from dungeoncraft_widgets.dobbers.actions import Buy
    from dungeoncraft_widgets.dobbers.odds import hand_points
    from dungeoncraft_widgets.lessons.stats import sample_mean

    game = first(heroes=["toby", "herb"], hand=["gold_coins", "gold_coins", "silver"],
                 adventure_row=["forest_path", "helpful", "luck", "rot", "cull", "charm"])
    deck = game.decks[0]
    game.discards[0] += deck[2:]
    del deck[2:]
    app = DobbersApp(state=game)
    for card in ("gold_coins", "gold_coins", "silver"):
        assert app.act(f"play {card}")
    history = len(app.state.history)
    click(app.cards_board, "adv-0")               # Forest Path: asked, nothing paid yet
    assert len(app.state.history) == history and app.selected is not None
    question = app.question(app.view)
    assert question.startswith("Buy Forest Path for 2 Influence, into your discard pile?")
    now, then = (sympy.Rational(x) for x in
                 re.search(r"goes from (\S+) .*to (\S+?)[ .]", question).groups())
    assert then > now
    runs, seen = 1500, []
    for seed in range(runs):
        run = app.state.copy()
        run.apply(Buy("forest_path"))
        while run.window is not None:   # the Bot could Outwit it: it has no Outwit card
            run.apply("pass")
        assert "forest_path" in run.discards[0]
        Rng(seed).shuffle(run.decks[0])
        run.rng = Rng(50_000 + seed)
        run.apply("end")
        seen.append(hand_points(run.cards, run.hands[0], "travel", hero="toby",
                                equipped=run.equipped[0], forged=run.forged[0]))
    assert sample_mean(seen).agrees_with(then), (float(then), sample_mean(seen))
    press_label(app, "Buy Forest Path into your discard pile")
    assert "forest_path" in app.state.discards[0]


def test_the_race_button_says_when_its_answer_is_an_estimate(monkeypatch):
    from functools import partial

    import dungeoncraft_widgets.dobbers.app as app_module
    from dungeoncraft_widgets.dobbers.odds import expected_turns
    monkeypatch.setattr(app_module, "expected_turns", partial(expected_turns, max_work=60))
    app = DobbersApp(state=first(heroes=["brindle"], hand=[], at="T15",
                                 stacks={"E12": ["hollow_oak"]}))
    app.race_button.click()
    assert "about" in app.race_view.value and "not exact: an estimate" in app.race_view.value


def test_play_everything_equips_the_equipment_in_hand_where_a_slot_is_empty():
    game = first(heroes=["toby", "herb"], hand=["wooden_knife", "traveling_kit", "strength"],
                 at="T3")
    app = DobbersApp(state=game)
    assert app.state.equipped[0] == {} or not any(app.state.equipped[0].values())
    press_label(app, "Play every card and use your Equipment")
    assert app.state.equipped[0].get("weapon") == "wooden_knife"
    assert app.state.equipped[0].get("item") == "traveling_kit"
    assert not app.state.hands[0], "nothing of the hand is left unplayed"


def test_an_equip_is_said_plainly_before_and_after_it_is_done():
    game = first(heroes=["toby", "herb"], hand=["traveling_kit"], at="T3")
    app = DobbersApp(state=game)
    equip = next(a for a in app.state.legal_actions() if type(a).__name__ == "Equip")
    assert app.action_label(equip) == "Equip Traveling Kit"
    assert app.act(equip)
    assert app.action_label(equip) == "Equip Traveling Kit"  # not "replacing" itself


def test_a_move_of_several_squares_is_told_whole():
    game = first(heroes=["brindle", "herb"], hand=["endurance"] * 3, at="T3")
    app = DobbersApp(state=game)
    press_label(app, "Play every card and use your Equipment")
    click(app.board, "sq-T5")
    assert app.state.position[0] == "T5"
    assert app.summary_lines == ["You travel to Encounter square 2, then square T4, then "
                                 "Encounter square 3, then square T5 (4 squares)."]
    press_label(app, "End the turn")
    assert not any("square T4" in line for line in app.summary_lines), "a new act, a new tale"
