"""GameApp (Python side) with the demo game: the summary, questions and choices, what
you hold, undo through the engine, the end and a new game, the incremental log."""

from __future__ import annotations

import html

import pytest
import sympy

from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.demo_game import DemoApp, DemoState, Draw, Play, new_game
from dungeoncraft_widgets.widgets.app import Choice, FinalSummary, GameApp


class PlayFirstBot:
    """Plays its lowest card when it has one, else draws (so its turns are often undoable)."""

    name = "play first"

    def choose(self, view, legal):
        plays = [a for a in legal if isinstance(a, Play)]
        return plays[0] if plays else legal[0]


class HoarderBot:
    """Draws until it holds three cards, then plays its lowest (its plays can be undone)."""

    name = "hoarder"

    def choose(self, view, legal):
        plays = [a for a in legal if isinstance(a, Play)]
        if plays and (len(view.hands[view.current_player]) >= 3 or Draw() not in legal):
            return plays[0]
        return legal[0]


class TwoStepState(DemoState):
    """The demo game with two actions per turn (so one turn holds a draw and a play)."""

    @property
    def current_player(self):
        return None if self.is_over else (self.turn // 2) % len(self.players)


def app_for(seed=1, bot=None, players=("You", "Bot"), **kwargs):
    return DemoApp(new_game(list(players), seed=seed), bots={1: bot or RandomBot(seed=2)},
                   **kwargs)


def sent_log(app):
    messages = []
    app.log_view.send = messages.append
    return messages


# ----------------------------------------------------------- what just happened
def test_summary_says_what_the_seat_and_the_bot_did_and_hides_the_bots_card():
    app = app_for(bot=PlayFirstBot())
    app.act(Draw())
    mine = app.state.hands[0][0]
    bots = app.state.hands[1][0]
    assert app.summary_lines == [f"You draw the {mine}.", "Bot draws a card."]
    shown = app.summary_view.value
    assert "What just happened" in shown and f"You draw the {mine}." in shown
    assert f"the {bots}" not in shown, "the bot's hidden card must not be named"
    assert app.summary_view.layout.display == ""


def test_summary_starts_again_after_each_action_of_the_seat():
    app = app_for(bot=PlayFirstBot())
    app.act(Draw())
    card = app.state.hands[0][0]
    app.act(Play(card))
    assert app.summary_lines[0] == f"You play the {card}."
    assert not any("draw the" in line for line in app.summary_lines)


def test_a_long_summary_points_to_the_log():
    class Chatty(DemoApp):
        def summarize(self, events, view):
            return [f"line {i}" for i in range(20)]
    app = Chatty(new_game(["You", "Bot"], seed=1), bots={1: RandomBot(seed=2)})
    app.act(Draw())
    assert "13 earlier lines: see the log below" in app.summary_view.value
    assert "line 19" in app.summary_view.value and "line 12" not in app.summary_view.value


def test_summary_text_is_escaped():
    app = app_for(players=("You", "<b>Bot</b>"))
    app.act(Draw())
    assert "&lt;b&gt;Bot&lt;/b&gt; draws a card." in app.summary_view.value


def test_the_board_fits_its_width_and_zooms_in_to_readable_text():
    """Issue 26: the whole board fits the width it is given; Zoom in keeps its text at
    10 px at least (it then scrolls sideways), and pressing again fits it again."""
    app = app_for()
    assert app.board.min_text_px == 0 and app.board.min_width_px == 0
    app.zoom_button.value = True
    assert app.board.min_text_px == 10 and app.board.min_width_px > 0
    app.refresh()
    assert app.board.min_text_px == 10                      # a refresh keeps the zoom
    app.zoom_button.value = False
    assert app.board.min_text_px == 0 and app.board.min_width_px == 0


def test_pieces_that_moved_are_flashed_once_per_turn():
    app = app_for(bot=PlayFirstBot())
    app.act(Draw())
    card = app.state.hands[0][0]
    assert app.board.flash_ids["ids"] == [f"hand-{card}"]
    serial = app.board.flash_ids["serial"]
    app.refresh()                                   # a plain redraw does not flash again
    assert app.board.flash_ids["serial"] == serial
    app.act(Play(card))
    assert f"table-{card}" in app.board.flash_ids["ids"]


# --------------------------------------------------------- what is asked of you
def test_question_and_choices_with_exact_odds_and_the_best_marked():
    app = app_for(bot=PlayFirstBot())
    app.act(Draw())
    assert app.question_view.value == ("Draw the top card, or play a card from your hand "
                                       "for its points?")
    assert app.question_panel.layout.display == ""
    buttons = app.choice_box.children
    hand = app.state.hands[0][0]
    unknown = [c for c in range(1, 10) if c != hand]   # the seat has seen only its card
    odds = sympy.Rational(sum(c > hand for c in unknown), len(unknown))
    sign = "=" if odds in (0, 1) else "≈"   # (the seat's card is 1 or higher than any)
    assert buttons[0].description.endswith(f"Draw the top card: {odds} {sign} "
                                           f"{float(odds) * 100:.1f}%")
    assert buttons[1].description.endswith(f"Play your {hand} for {hand} point"
                                           + ("" if hand == 1 else "s"))
    best = [b for b in buttons if "dcw-best" in b._dom_classes]
    assert len(best) == 1 and best[0].description.startswith("★ ")
    assert "Recommended" in best[0].tooltip and f"Chance: {odds} " in buttons[0].tooltip
    buttons[1].click()                                 # the button plays the card
    assert app.state.history[2] == Play(hand)


def test_a_lone_pass_comes_with_its_question():
    app = app_for(seed=3, bot=HoarderBot())
    while not (app.state.current_player == 0 and app.state.legal_actions() == [
            app.state.parse_action("pass")]):
        assert not app.state.is_over, "the demo game should reach a forced pass"
        legal = app.state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        app.act(plays[0] if plays else legal[0])
    assert app.question_view.value == "The deck and your hand are empty: pass your turn?"
    assert [b.description for b in app.choice_box.children] == ["Pass your turn"]


def test_choices_without_a_question_still_get_one_and_ordinary_moves_get_none():
    class Terse(DemoApp):
        def question(self, view):
            return None
    app = Terse(new_game(["You", "Bot"], seed=1), bots={1: RandomBot(seed=2)})
    assert app.question_view.value == "What do you do?"
    plain = type("Plain", (GameApp,), {"draw": DemoApp.draw})(
        new_game(["You", "Bot"], seed=1), bots={1: RandomBot(seed=2)})
    assert plain.question_panel.layout.display == "none" and not plain.choice_box.children


def test_a_choice_can_run_app_code_instead_of_an_action():
    calls = []

    class Helpful(DemoApp):
        def choices(self, view):
            return [Choice("Show me the rules", lambda: calls.append("rules"))]
    app = Helpful(new_game(["You", "Bot"], seed=1), bots={})
    app.choice_box.children[0].click()
    assert calls == ["rules"] and app.state.history == []


def test_a_choice_can_apply_several_actions_as_one_or_none_of_them():
    """'Win now: use the herb of 3 and 2 gold' is one click: a tuple of actions applied in
    order (said together, and taken back together: see the Adventure Land app's tests); a
    refused step leaves the game as it was."""
    app = DemoApp(TwoStepState(["You", "Bot"], seed=4), bots={1: HoarderBot()})
    app.act(Draw())
    app.act(Draw())                                  # the bot's turn, then ours again
    a, b = sorted(app.state.hands[0])[:2]
    before, history = app.state.to_json(), len(app.state.history)
    assert app.act((Play(a), Play(99))) is False
    assert app.message.value == "✗ play: card 99 is not in your hand"
    assert app.state.to_json() == before and len(app.state.history) == history
    app._choose(Choice(f"Play the {a} and the {b}", (Play(a), Play(b))))
    assert [str(x) for x in app.state.history[history:history + 2]] == [f"play {a}",
                                                                        f"play {b}"]
    assert app.summary_lines[:2] == [f"You play the {a}.", f"You play the {b}."]


def test_choice_shows_its_odds_exactly_and_says_when_the_percentage_is_rounded():
    assert Choice("Go", "draw", odds=sympy.Rational(1, 2)).text == "Go: 1/2 = 50.0%"
    assert Choice("Go", "draw", odds=sympy.Rational(1, 8)).text == "Go: 1/8 = 12.5%"
    assert Choice("Go", "draw", odds=sympy.Rational(1, 3)).text == "Go: 1/3 ≈ 33.3%"
    assert Choice("Go", "draw").text == "Go"


def test_choice_checks_its_odds():
    assert Choice("Go", "draw", odds=1).odds == sympy.Integer(1)
    with pytest.raises(InvalidArgumentError, match="must be exact"):
        Choice("Go", "draw", odds=0.5)
    with pytest.raises(InvalidArgumentError, match="not a chance"):
        Choice("Go", "draw", odds=sympy.Rational(3, 2))
    with pytest.raises(InvalidArgumentError, match="label"):
        Choice("  ", "draw")


# ----------------------------------------------------------------- what you hold
def test_holdings_table_names_the_others_with_grammar_and_escapes():
    app = app_for(players=("You", "Ann & <Co>"))
    app.act(Draw())
    value = app.holdings_view.value
    assert "What you hold" in value and "Your hand" in value
    assert html.escape("Ann & <Co>'s hand") in value
    assert "1 card (face down)" in value
    assert app.holdings_view.layout.display == ""


# ------------------------------------------------------------------------- undo
def test_undo_takes_back_the_seats_actions_through_the_engine():
    app = DemoApp(TwoStepState(["You", "Bot"], seed=4), bots={})
    app.act(Draw())                                  # a turn of two actions: draw, play
    card = app.state.hands[0][0]
    before = app.state.to_json()
    assert app.act(Play(card))
    assert not app.undo_button.disabled
    assert app.undo_button.tooltip == (f"Take back “play {card}” (“draw” stays: the card "
                                       "drawn has been seen).")
    calls = []
    real_undo = app.state.undo
    app.state.undo = lambda: calls.append(1) or real_undo()
    assert app.undo()
    assert len(calls) == 1, "the engine's undo is used, once per action taken back"
    assert app.state.to_json() == before
    assert app.summary_lines == [f"You took back “play {card}”. “draw” stays: the card "
                                 "drawn has been seen."]
    assert app.state.current_player == 0


def test_undo_never_takes_back_a_bots_answer_the_seat_has_seen():
    """You act, the bot answers (a card from its hidden hand): taking both back would let
    you play again knowing its card. Undo is refused, and its tooltip says why."""
    app = app_for(bot=HoarderBot())
    for _ in range(3):
        app.act(Draw())                              # the bot draws three cards too
    card = min(app.state.hands[0])
    assert app.act(Play(card))                       # the bot answers
    assert app.undo_button.disabled
    assert app.undo_button.tooltip == f"Cannot take back “play {card}”: Bot has answered since."
    before = app.state.to_json()
    assert app.undo() is False and app.state.to_json() == before
    assert app.message.value == f"✗ cannot take back “play {card}”: Bot has answered since"
    # Two bots: both named.
    three = DemoApp(new_game(["You", "Ann", "Bo"], seed=1),
                    bots={1: HoarderBot(), 2: HoarderBot()})
    for _ in range(3):
        three.act(Draw())
    three.act(Play(min(three.state.hands[0])))
    assert three.undo_button.tooltip.endswith(": Ann and Bo have answered since.")


def test_undo_refuses_past_a_draw_and_says_why():
    app = app_for(bot=PlayFirstBot())
    app.act(Draw())
    assert app.undo_button.disabled
    assert app.undo_button.tooltip == "Cannot take back “draw”: the card drawn has been seen."
    before = app.state.to_json()
    assert app.undo() is False
    assert app.message.value == "✗ cannot take back “draw”: the card drawn has been seen"
    assert app.state.to_json() == before


def test_undo_goes_back_as_far_as_allowed_within_a_turn():
    app = DemoApp(TwoStepState(["You", "Bot"], seed=4), bots={})  # the bot never answers
    app.act(Draw())
    card = app.state.hands[0][0]
    app.act(Play(card))                              # same turn: draw, then play
    assert app.undo_button.tooltip == (f"Take back “play {card}” (“draw” stays: the card "
                                       "drawn has been seen).")
    assert app.undo()
    assert app.state.hands[0] == [card] and len(app.state.history) == 1
    assert app.summary_lines == [f"You took back “play {card}”. “draw” stays: "
                                 "the card drawn has been seen."]
    assert app.undo_button.disabled


def test_undo_never_names_what_the_seat_could_not_see():
    app = DemoApp(new_game(["You", "Bot"], seed=2), bots={1: RandomBot(seed=9)})
    for _ in range(12):
        if app.state.is_over:
            break
        if not app.undo_button.disabled:
            hidden = [c for c in app.state.hands[1]]
            app.undo()
            shown = " ".join(app.summary_lines) + app.undo_button.tooltip
            assert not any(f"the {c}" in shown for c in hidden)
        legal = app.state.legal_actions()
        app.act(legal[-1])


# ------------------------------------------------------------------ the end
def play_to_the_end(app):
    while not app.state.is_over:
        legal = app.state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        app.act(plays[-1] if plays else legal[0])


def test_the_end_names_the_winner_and_shows_the_final_table():
    app = app_for(seed=5)
    play_to_the_end(app)
    scores = app.state.scores()
    winner = "You win" if scores[0] > scores[1] else "Bot wins"
    assert scores[0] != scores[1]
    assert app.status.value == "Game over."
    assert f"{winner} with {max(scores)} points." in app.final_view.value
    assert app.final_panel.layout.display == ""
    assert "<caption>Final scores</caption>" in app.final_view.value
    assert "<td>1st</td>" in app.final_view.value and "<td>2nd</td>" in app.final_view.value
    assert app.question_panel.layout.display == "none"
    assert app.action_menu.disabled
    assert app.act(Draw()) is False
    assert app.message.value == "✗ the game is over: press New game to play again"


def test_final_summary_words_a_tie_and_the_places():
    app = app_for()
    view = app.view
    view.table = [[5], [5]]
    final = app.final_summary(view)
    assert final == FinalSummary("You and Bot tie with 5 points each.",
                                 ("Place", "Player", "Points"), (("1st", "You", 5),
                                                                  ("1st", "Bot", 5)))
    view.players = ("Ann", "You")
    assert app.final_summary(view).headline == "Ann and you tie with 5 points each."
    view.table = [[1], [9]]
    assert app.final_summary(view).headline == "You win with 9 points."


def test_new_game_starts_again_and_the_bots_play_on():
    games = iter([new_game(["You", "Bot"], seed=11)])
    app = app_for(seed=5, new_state=lambda: next(games))
    play_to_the_end(app)
    messages = sent_log(app)
    generation = app.log_view.generation
    app.new_game_button.click()
    assert app.state.seed == 11 and app.state.history == []
    assert not app.state.is_over and app.final_panel.layout.display == "none"
    assert app.summary_lines[0] == "A new game has begun."
    assert app.log_view.generation == generation + 1 and messages[-1]["type"] == "reset"
    app.act(Draw())
    assert len(app.state.history) == 2, "the bot answers in the new game"


def test_default_new_game_is_the_same_game_with_a_fresh_seed():
    app = app_for(seed=5)
    first = app.state
    app.new_game()
    assert type(app.state) is type(first) and app.state.players == first.players
    assert app.state.seed != first.seed and app.state.history == []


# ------------------------------------------------------------------------ log
def test_the_log_is_sent_a_few_lines_at_a_time_and_whole_after_an_undo():
    app = DemoApp(TwoStepState(["You", "Bot"], seed=4), bots={})  # undo stays possible
    messages = sent_log(app)
    app.act(Draw())
    lines = len(app.log_view.lines)
    app.act(Play(min(app.state.hands[0])))
    last = messages[-1]
    assert last["type"] == "append" and last["start"] == lines
    assert [line["text"] for line in last["lines"]] == [
        e.text for e in app.view.log[lines:]]
    assert sum(len(m["lines"]) for m in messages) == len(app.log_view.lines), \
        "each line was sent once"
    app.undo()
    assert messages[-1]["type"] == "reset"
    assert len(messages[-1]["lines"]) == len(app.view.log)


def test_a_view_that_opens_late_asks_for_the_whole_log():
    app = app_for()
    messages = sent_log(app)
    app.log_view._receive(app.log_view, {"type": "want"}, [])
    assert messages[-1]["type"] == "reset" and len(messages[-1]["lines"]) == len(app.view.log)


# -------------------------------------------------------------------- grammar
def test_status_and_sentences_read_as_english_with_any_name():
    app = app_for(players=("You", "Bot"))
    assert app.describe(app.view) == "It is your turn."
    app.view.turn = 1
    assert app.describe(app.view) == "It is Bot's turn."
    other = DemoApp(new_game(["Ann", "Bo"], seed=1), bots={1: RandomBot(seed=2)})
    other.act(Draw())
    assert other.summary_lines[0].startswith("Ann draws the ")
    assert "Bo draws a card." in other.summary_lines


def test_version_changes_with_every_action_undo_and_new_game():
    app = DemoApp(TwoStepState(["You", "Bot"], seed=4), bots={})  # undo stays possible
    versions = [app.version]
    app.act(Draw())
    versions.append(app.version)
    app.act(Play(min(app.state.hands[0])))
    versions.append(app.version)
    app.undo()
    versions.append(app.version)
    app.refresh()                                  # a redraw is no change
    assert app.version == versions[-1]
    app.new_game()
    versions.append(app.version)
    assert len(set(versions)) == len(versions)


def test_text_from_players_is_never_typeset_as_maths():
    # A Label is typeset by JupyterLab's MathJax: "Bot $3$" would lose its dollars.
    # (Checked in JupyterLab 4.6: MathJax skips a Label with the class mathjax_ignore.)
    app = DemoApp(new_game(players=["You", "Bot $3$"], seed=1), bots={1: RandomBot(seed=2)})
    for label in (app.status, app.question_view, app.message):
        assert "mathjax_ignore" in label._dom_classes
