"""The Hero versus Guardian app without a browser: odds before paying, the Guardian's
building by clicking, the questions in words (the browser test plays the same by clicks)."""

import sympy

from dungeoncraft_widgets.hero_vs_guardian import new_game, scout_venture_position
from dungeoncraft_widgets.hero_vs_guardian.app import HeroVsGuardianApp
from dungeoncraft_widgets.hero_vs_guardian.belief import location_chance


def test_odds_before_paying_are_the_belief_odds_and_cost_nothing():
    app = HeroVsGuardianApp(role="hero", state=scout_venture_position(
        "venture", ["A06", "A01"], ["D10"], seed=2))
    app.mode.value = "venture"
    app.board.simulate("hover", "loc-A1")
    assert app.state.hero_stones == 6 and app.state.attempt is None
    odds, order = app._preview_odds(app.view, "venture", "A1")
    assert odds.p_all == location_chance(app.view, "venture", "A1", order).p_all
    assert sympy.latex(odds.p_all) in app.odds_view.value and "placed at random" in \
        app.odds_view.value
    app.board.simulate("click", "room-A1-0")                 # a room clicked: its location
    confirm = [c for c in app.choices(app.view) if c.label == "Venture A1 for 3 stones"]
    assert confirm and confirm[0].odds == odds.p_all and confirm[0].best
    assert app.state.hero_stones == 6
    app._choose(confirm[0])
    assert app.state.hero_stones == 3 and app.state.attempt["kind"] == "venture"


def test_the_sacrifice_question_and_its_buttons_in_words():
    game = scout_venture_position("venture", ["A05", "A01"], ["D07"], seed=0,
                                  items={"A01": ["T09"]})          # the Cleric wears Armor
    app = HeroVsGuardianApp(role="hero", state=game)
    for text in ("venture A1", "order A05", "order A01", "enter", "roll"):
        assert app.act(text), app.message.value
    assert app.question(app.view) == ("The Warrior failed and is about to be captured. "
                                      "Sacrifice the Cleric to save the Warrior, or lose "
                                      "the Warrior?")
    labels = [c.label for c in app.choices(app.view)]
    assert labels == ["Sacrifice the Cleric to save the Warrior (the Guardian scores 4 points)",
                      "Lose the Warrior (the Guardian scores 1 point)"]     # what each costs
    assert app.act("save A01")                                  # the Cleric stands in...
    assert app.question(app.view) == ("The Cleric stands in for the Warrior and is about to "
                                      "be captured. Use the Cleric's Armor to save the "
                                      "Cleric, or lose the Cleric?")
    assert [c.label for c in app.choices(app.view)] == [
        "Use the Armor to save the Cleric (the Guardian scores 2 points)",
        "Lose the Cleric (the Guardian scores 4 points)"]


def test_the_guardian_restocks_and_rebuilds_by_clicking():
    game = new_game(["Hero", "You"], seed=11)
    for text in ("deal", "entry A1 west", "entry D1 east"):
        game.apply(text)
    game.apply(f"keep {game.opening[0]}")
    game.apply(f"keep {game.opening[0]}")
    room = next(c for c in game.dungeon_deck if game.cards.is_room(c))
    game.dungeon_deck.remove(room)
    game.guardian_hand.append(room)
    game.apply("recruit random")
    game.apply("draw treasure")                                 # the Hero acts: our option
    app = HeroVsGuardianApp(role="guardian", state=game, bots={})
    assert app.question(app.view).startswith("Your option")
    assert any(i.startswith("note-") for i in app.draw(app.view).ids())  # the Hero's chances
    assert app.act("restock")
    app.cards_board.simulate("click", f"hand-{room}")           # the room from the hand...
    assert app.picked == room
    app.board.simulate("click", "loc-C3")                       # ...into C3
    assert room in app.state.grid["C3"] and app.state.build is not None
    assert app.act("done")
    app.state.apply("draw treasure")                            # the Hero's turn (no bot)
    app.refresh()
    assert app.act("rebuild")
    app.board.simulate("click", "loc-B2")                       # lift B2 and C2 by clicking
    app.board.simulate("click", "loc-C2")
    assert app.state.build["locs"] == ["B2", "C2"]
    assert app.act("arrange")
    for card, loc in zip(list(app.state.build["pool"]), ["C2", "B2"], strict=True):
        app.cards_board.simulate("click", f"pick-{card}")
        app.board.simulate("click", f"loc-{loc}")
    assert app.state.build is None and app.message.value == ""


class Freezer:
    """A Guardian that plays Petrify whenever it may (a card from its hidden hand), else
    passes."""

    name = "freezer"

    def choose(self, view, legal):
        return next((a for a in legal if str(a).startswith("play")),
                    next((a for a in legal if str(a) == "pass"), legal[0]))


def _with_petrify(hand):
    game = scout_venture_position("scout", ["A01", "A05"], ["D10"], seed=3)
    for card in hand:
        game.dungeon_deck.remove(card)
        game.guardian_hand.append(card)
    game._start, game.history = game._snapshot(), []
    return game


def test_undo_never_takes_back_the_guardians_answer():
    """You act, the Guardian bot answers with a card from its hidden hand: taking both back
    would let you act again knowing that card (24 of 169 app actions did). Undo refuses,
    and says why: the card has been seen, or (a hidden answer) the Guardian has answered."""
    app = HeroVsGuardianApp(role="hero", state=_with_petrify(["D31"]), bots={1: Freezer()})
    assert app.act("pass")
    assert str(app.state.history[-1]).startswith("play D31")   # Petrify, face up now
    assert app.state.current_player == 0 and app.undo_button.disabled
    assert app.undo_button.tooltip == ("Cannot take back “Pass: let the Guardian act once”: "
                                       "Petrify (D31) has been played face up.")
    app = HeroVsGuardianApp(role="hero", state=_with_petrify([]), bots={1: Freezer()})
    assert app.act("pass")                                     # the Guardian passes back
    assert [str(a) for a in app.state.history] == ["pass", "pass"]
    assert app.undo_button.disabled
    assert app.undo_button.tooltip == "Cannot take back “Pass”: Guardian has answered since."
    before = app.state.to_json()
    assert app.undo() is False and app.state.to_json() == before
