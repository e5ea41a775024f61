"""The bots' levels in every app (issue 29): the "Bots:" menu (Rule of thumb, Easy,
Medium, Hard) in every app of the registry and in the demo game's, the search bot at
every bot seat from the bots' next move on and in a new game, ``bots="medium"`` and a
bad level refused with the levels named; and "Say why the bots moved": a sentence per
bot move from the bot's own ``explain()``, escaped on the page."""

from __future__ import annotations

import pytest

from dungeoncraft_widgets import GAMES
from dungeoncraft_widgets.core.bots import RandomBot
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.search import SearchBot
from dungeoncraft_widgets.demo_game import DemoApp, new_game
from dungeoncraft_widgets.widgets.app import NO_REASON, split_level

SEED = 3
NAMES = [*GAMES, "demo_game"]
#: The rule-of-thumb bots each app plays by default (today's bots): their class names.
DEFAULT_BOTS = {
    "adventure_land": {"GreedyBot"},
    "alderquest": {"TributeBot"},
    "dobbers": {"RaceBot"},
    "dubious_alliance": {"TemperamentBot"},
    "hero_vs_guardian": {"GuardianBot"},
    "demo_game": {"RandomBot"},
}


def make(name: str, **kwargs):
    """The game's app as it opens (the demo game's against a RandomBot)."""
    if name == "demo_game":
        kwargs.setdefault("bots", {1: RandomBot(seed=2)})
        return DemoApp(new_game(["You", "Bot"], seed=SEED), **kwargs)
    return GAMES[name].APP(seed=SEED, **kwargs)


@pytest.mark.parametrize("name", NAMES)
def test_every_app_offers_the_levels_and_keeps_todays_bots(name):
    app = make(name)
    assert app.search_game == name
    assert [label for label, _ in app.level_menu.options] == \
        ["Rule of thumb", "Easy", "Medium", "Hard"]
    assert app.level_menu.description == "Bots:"
    assert app.level_menu.value is None and app.bot_level is None
    assert "Hard: searches about 1 s a move" in app.level_menu.tooltip
    assert app.level_row.layout.display == ""            # there are bots to choose for
    assert app.level_menu in app.level_row.children and app.why_row.layout.display == ""
    parts = list(app.children)   # Bots: under the controls, Say why under what just happened
    assert app.action_menu in parts[parts.index(app.level_row) - 1].children
    assert parts.index(app.why_row) == parts.index(app.summary_view) + 1
    assert app.why_toggle.value is False and app.why_toggle.description == \
        "Say why the bots moved"
    assert app.bots and not any(isinstance(b, SearchBot) for b in app.bots.values())
    assert {type(b).__name__ for b in app.bots.values()} >= DEFAULT_BOTS[name]


@pytest.mark.parametrize("name", NAMES)
def test_choosing_hard_puts_the_search_bot_in_every_bot_seat(name):
    app = make(name)
    given = dict(app.bots)
    app.level_menu.value = "hard"                         # as the player chooses it
    assert set(app.bots) == set(given)
    assert all(isinstance(b, SearchBot) and b.level == "hard" and b.game.name == name
               for b in app.bots.values())
    assert app.bot_level == "hard"
    assert ">The bots now play at Hard from their next move (searches about 1 s a move).<" \
        in app.level_note.value
    app.level_menu.value = None                           # back to today's bots, as they were
    assert app.bots == given and app.bot_level is None
    assert ">The bots now play by rule of thumb from their next move (the game&#x27;s" \
        not in app.level_note.value                   # (not escaped twice, nor its quote)
    assert ">The bots now play by rule of thumb from their next move (the game's own" \
        in app.level_note.value


@pytest.mark.parametrize("name", NAMES)
def test_a_level_by_name_and_a_bad_one_refused(name):
    with pytest.raises(InvalidArgumentError, match="'easy', 'medium' or 'hard', not 'expert'"):
        make(name, bots="expert")
    app = make(name, bots="medium")
    assert app.bots and all(isinstance(b, SearchBot) and b.level == "medium"
                            for b in app.bots.values())
    assert app.level_menu.value == "medium" and ">The bots play at Medium.<" in \
        app.level_note.value
    assert app.state.current_player == app.seat or app.state.is_over  # the bots played
    app.set_bot_level(None)                               # the default bots, by rule of thumb
    assert {type(b).__name__ for b in app.bots.values()} >= DEFAULT_BOTS[name]


@pytest.mark.parametrize("name", NAMES)
def test_say_why_tells_each_bot_move_in_its_own_words(name):
    app = make(name, bots="easy")
    app.why_toggle.value = True
    for _ in range(6):  # the seat's first actions until a bot has moved after one
        assert app.act(app.state.legal_actions()[0]), app.message.value
        if app.bot_moves or app.state.is_over:
            break
    assert app.bot_moves, "no bot moved after six of the seat's actions"
    for seat, action, sentence in app.bot_moves:
        player = app.state.players[seat]
        assert sentence.endswith(".")
        if sentence == (f"{player} does not say why it chose its move: that would show what "
                        f"{player} keeps hidden."):
            continue  # (a card set face down: its name would show it)
        assert sentence.startswith(f"{player} chose “{app.action_label(action)}”: ")
    seat, action, sentence = app.bot_moves[-1]
    best = app.bots[seat].report.choices[0]             # the last move's search, in words
    assert best.action == action
    if "keeps hidden" not in sentence:  # searched: how often; else (a routine move) why not
        assert (f"{best.visits} sampled game" in sentence) == (best.visits > 0), sentence
    assert app.summary_lines[-len(app.bot_moves):] == [s for _p, _a, s in app.bot_moves]
    assert "Why the bots moved" in app.summary_view.value
    app.why_toggle.value = False                          # off: the summary says nothing more
    assert sentence not in app.summary_lines
    assert "Why the bots moved" not in app.summary_view.value


def test_say_why_on_the_demo_game_searching():
    app = make("demo_game", bots="medium")
    app.why_toggle.value = True
    assert app.summary_lines == []                        # nothing has happened yet
    app.act("draw")                                       # the bot can only draw: it says so
    assert app.summary_lines[-1] == "Bot chose “draw”: the only legal move."
    app.act(app.state.legal_actions()[0])                 # now it has a choice, and weighs it
    sentence = app.summary_lines[-1]
    assert sentence.startswith("Bot chose “") and "the bot played out" in sentence
    assert sentence in app.summary_view.value
    # The moves it weighed and did not make are named only if the player could know it had
    # them: a card in its hidden hand is "another move".
    assert "another move" in sentence
    for _ in range(3):
        app.act(app.state.legal_actions()[0])
        hand = app.state.hands[1]
        assert not any(f"play {card}" in line for line in app.summary_lines for card in hand)
    # Today's bots do not say why: said once, not a sentence per move.
    app.level_menu.value = None
    app.act(app.state.legal_actions()[0])
    assert app.summary_lines.count(NO_REASON) == 1
    assert not any("chose" in line for line in app.summary_lines)


def test_the_sentences_go_in_escaped():
    """A player named with HTML is shown as typed, never as markup."""
    app = DemoApp(new_game(["You", "<b>x</b>"], seed=SEED), bots="easy")
    app.why_toggle.value = True
    app.act("draw")
    assert "<b>x</b> chose “draw”: the only legal move." in app.summary_lines
    assert "&lt;b&gt;x&lt;/b&gt; chose" in app.summary_view.value
    assert "<b>x</b>" not in app.summary_view.value


def test_new_game_and_undo_keep_the_level():
    app = make("demo_game")
    app.level_menu.value = "hard"
    first = app.bots[1]
    app.act("draw")
    app.new_game()                                        # a fresh bot, at the same level
    assert isinstance(app.bots[1], SearchBot) and app.bots[1].level == "hard"
    assert app.bots[1] is not first and app.bot_moves == []
    assert app.level_menu.value == "hard" and app.summary_lines == ["A new game has begun."]
    app.level_menu.value = None                           # and back: today's bot, afresh
    app.new_game()
    assert isinstance(app.bots[1], RandomBot)
    # Undo as before: the demo game's draw is never taken back (the card has been seen).
    app.act("draw")
    assert app.undo() is False
    assert app.message.value.endswith("the card drawn has been seen")


def test_a_level_needs_a_game_with_a_search_bot():
    class NoSearch(DemoApp):
        search_game = None

    with pytest.raises(InvalidArgumentError, match="NoSearch has no search bot"):
        NoSearch(new_game(["You", "Bot"], seed=1), bots="hard")
    app = NoSearch(new_game(["You", "Bot"], seed=1), bots={1: RandomBot()})
    assert app.level_row.layout.display == app.why_row.layout.display == "none"  # no levels
    assert app.set_bot_level("hard") is False and "no search bot" in app.message.value
    assert isinstance(app.bots[1], RandomBot)


def test_split_level():
    assert split_level("easy") == (None, "easy")
    bots = {1: RandomBot()}
    assert split_level(bots) == (bots, None)
    with pytest.raises(InvalidArgumentError, match="a level: 'easy', 'medium' or 'hard'"):
        split_level("Hard")
