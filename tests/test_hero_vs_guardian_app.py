"""The Hero versus Guardian app without a browser: odds before paying, the Guardian's
building by clicking, the questions in words (the browser test plays the same by clicks)."""

import pytest
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
    assert confirm and confirm[0].odds == odds.p_all and not confirm[0].best  # no plan yet
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


# ---- issue 26: every ★ is the best by the library's exact values --------------------------

def _net(app, kind, loc, order):
    odds = location_chance(app.view, kind, loc, order, points=True)
    return app._net(app.view, kind, loc, odds), odds


POSITIONS = [("venture", ["A06", "A01", "A09"], ["D10"], 2),
             ("venture", ["A05", "A13"], ["D07", "D10"], 0),
             ("venture", ["A01", "A09"], ["D06"], 5),
             ("scout", ["A06", "A09", "A01"], ["D10", "D07"], 1),
             ("venture", ["A13", "A06"], ["D03"], 7)]


@pytest.mark.slow
@pytest.mark.parametrize("kind, party, rooms, seed", POSITIONS)
def test_the_starred_order_expects_the_most_points_of_every_order(kind, party, rooms, seed):
    """Over every order of the party (brute force), the ★ goes to an order expecting the
    most points (rooms won minus Adventurers and Items captured plus the token), never to
    one expecting 0 or less; the Enter button shows the chance of the order chosen."""
    import itertools

    app = HeroVsGuardianApp(role="hero", state=scout_venture_position(
        kind, party, rooms, seed=seed), bots={})
    orders = [list(o) for n in range(len(rooms) if kind == "scout" else 1, len(party) + 1)
              for o in itertools.permutations(party, n)]
    nets = {tuple(o): _net(app, kind, "A1", o) for o in orders}
    top = max(n for n, _ in nets.values())
    found, order = app._preview_odds(app.view, kind, "A1")
    assert app._net(app.view, kind, "A1", found) == top
    for o in orders:
        trial = HeroVsGuardianApp(role="hero", state=scout_venture_position(
            kind, party, rooms, seed=seed), bots={})
        assert trial.act(f"{kind} A1")
        for a in o:
            assert trial.act(f"order {a}")
        enter = [c for c in trial.choices(trial.view) if c.label.startswith("Enter A1")]
        net, odds = nets[tuple(o)]
        assert enter[0].odds == odds.p_all                      # what will happen
        assert enter[0].best == (net == top and net > 0), (o, net, top)
        assert ("expects " + app_short(net)) in enter[0].label


def app_short(x):
    from dungeoncraft_widgets.hero_vs_guardian.app import _short
    return _short(x)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_roll_or_retreat_star_is_the_optimal_policy(seed):
    """After the 1st roll of a Venture, the ★ goes to Roll or Retreat as the library's
    optimal policy says (computed here from the table by hand), and both show their odds."""
    from dungeoncraft_widgets.hero_vs_guardian.odds import location_odds

    game = scout_venture_position("venture", ["A05", "A13", "A09"], ["D07", "D10"],
                                  seed=seed, scouted=True)     # the Hero picks the room order
    app = HeroVsGuardianApp(role="hero", state=game, bots={})
    for text in ("venture A1", "order A05", "order A13", "order A09", "enter", "first D07",
                 "roll"):
        assert app.act(text), app.message.value
    while not any(str(a) == "retreat" for a in app._my_legal()):  # a save asked first
        assert app.act(next(str(a) for a in app._my_legal() if str(a).startswith("lose")))
    view, at = app.view, app.state.attempt
    team = at["order"][at["next"]:]
    left = sorted((r for r in view.grid["A1"] if r not in at["done"]),
                  key=lambda r: r != at["current"])
    points = [view.cards.points(r) for r in left]
    points[-1] += app._token_worth(view, "A1")
    # by hand: the value of rolling on (the library, with nobody Retreating after) against
    # Retreating now, each the library's optimal play for those who come after
    rolls = [[view.roll_modifier("venture", a, r, "A1") for r in left] for a in team]
    retreats = [view.roll_modifier("retreat", a, left[0], "A1") for a in team]
    worth = [app._loss(view, a) for a in team]
    on = location_odds("venture", rolls, room_points=points, adventurer_points=worth,
                       retreat=retreats if len(team) > 1 else None) if len(team) > 1 else \
        location_odds("venture", rolls, room_points=points, adventurer_points=worth)
    from dungeoncraft_widgets.hero_vs_guardian.odds import roll_outcome
    back = roll_outcome("retreat", retreats[0])
    after = (location_odds("venture", rolls[1:], room_points=points,
                           adventurer_points=worth[1:], retreat=retreats[1:]).value
             if len(team) > 1 else 0)
    # a failed Retreat: captured (or not, on a natural 1 saved), the next one goes on
    retreat_value = -back.captured * worth[0] + (1 - back.success) * after
    venture_value = on.value
    first = type("D", (), {"choice": "retreat" if retreat_value > venture_value else "venture",
                           "venture_value": venture_value})
    buttons = {c.label.split(":")[0]: c for c in app.choices(view)}
    roll, retreat = buttons["Roll"], buttons["Retreat"]
    assert roll.odds is not None and retreat.odds is not None
    assert retreat.best == (first.choice == "retreat")
    assert roll.best == (first.choice == "venture" and first.venture_value > 0)


def test_the_guardians_combat_answer_shows_the_heros_chance_beside_its_cards():
    """Against an announced roll the Combat cards are beside "Let the roll happen" (not in
    the side panel), the question and that button give the Hero's exact chance, the card
    buttons their stone cost, and two copies of a card make one button (issue 26)."""
    from dungeoncraft_widgets.hero_vs_guardian.odds import roll_outcome

    g = scout_venture_position("venture", ["A06", "A01"], ["D10"], seed=3)
    combat = [c for c in g.dungeon_deck if g.cards[c].get("kind") == "effect"
              and g.cards[c].get("timing") == "Combat"][:2]
    for c in combat:
        g.dungeon_deck.remove(c)
        g.guardian_hand.append(c)
    g._start, g.history = g._snapshot(), []
    for text in ("venture A1", "order A06", "enter", "roll"):
        g.apply(text)
    assert g.attempt["stage"] == "window" and g.current_player == g.guardian
    app = HeroVsGuardianApp(role="guardian", state=g, bots={})
    hero = roll_outcome("venture", g.roll_modifier("venture", "A06", "D10", "A1")).success
    assert sympy.latex(hero) in app.question(app.view) or str(hero) in app.question(app.view)
    let, *cards = app.choices(app.view)
    assert let.odds == hero and let.label.startswith("Let the roll happen")
    names = {g.cards[c]["name"] for c in combat}
    assert len(cards) == len(names) and all("(1 stone" in c.label for c in cards)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_as_the_hero_through_the_apps_buttons(seed):
    """Issue 26: the Hero's game can be finished by a newcomer pressing only what the app
    shows (tests/hvg_ui.py); at the end the goal line says it is over and the final panel
    names the winner."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from hvg_ui import play_to_end

    app = HeroVsGuardianApp(role="hero", seed=seed)
    presses = play_to_end(app, seed=seed)
    assert app.state.is_over and presses > 10
    assert "the game is over" in app.goal_view.value
    assert "wins" in app.final_view.value or "win" in app.final_view.value


def test_a_corner_clicked_for_an_entry_asks_which_edge():
    """Issue 26: a corner click picked an edge without the promised choice."""
    game = new_game(["Hero", "You"], seed=11)
    game.apply("deal")
    app = HeroVsGuardianApp(role="guardian", state=game, bots={})
    before = app.state.to_json()
    app.board.simulate("click", "loc-A1")                      # a corner: west or north
    assert app.state.to_json() == before
    assert "corner" in app.question(app.view)
    edges = [c for c in app.choices(app.view) if c.label.startswith("On the ")]
    assert sorted(c.label for c in edges) == ["On the north edge of A1",
                                              "On the west edge of A1"]
    app._choose(next(c for c in edges if "west" in c.label))
    assert app.state.entries == [("A1", "west")] or app.state.entries[0][1] == "west"


def test_the_heros_pass_warns_when_the_guardian_may_end_the_game_by_drawing():
    """Issue 26: the Guardian won by drawing from an empty Dungeon deck and no button said
    it could happen."""
    g = scout_venture_position("scout", ["A01", "A05"], ["D10"], seed=3)
    g.out_of_game.extend(g.dungeon_deck)
    g.dungeon_deck.clear()
    g.guardian_stones = 2
    g._start, g.history = g._snapshot(), []
    app = HeroVsGuardianApp(role="hero", state=g, bots={})
    labels = [c.label for _t, group in app._groups(app.view) for c in group]
    handing = [lab for lab in labels if lab.startswith(("Pass", "End"))]
    assert handing and all("the Dungeon deck is empty: the Guardian may end the game now"
                           in lab for lab in handing)
    assert "0 cards left in it now" in app.goal(app.view)
