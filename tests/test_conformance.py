"""Every registered game (and the demo game) passes the generic checks."""

import json
from collections import Counter

import pytest
from conformance import check_playouts, check_view

import dungeoncraft_widgets
from dungeoncraft_widgets import demo_game
from dungeoncraft_widgets.core import Rng

GAMES = {"demo": demo_game, **dungeoncraft_widgets.GAMES}
CASES = [(name, n) for name, module in GAMES.items() for n in module.PLAYER_COUNTS]
#: The quick loop's playout: the first actions of one game at the smallest table.
OPENING = 60


@pytest.mark.parametrize("name", list(GAMES))
def test_the_opening_of_a_random_playout(name):
    """Every check of the playouts below, on the first OPENING actions of one seed (the
    hidden zones after every one: the set-up hides things that later lie face up)."""
    game = GAMES[name]
    check_playouts(game, range(1), game.PLAYER_COUNTS[0], most=OPENING, every_step=True)


@pytest.mark.slow  # whole games, every player count, many seeds: minutes in all
@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playouts(name, players):
    check_playouts(GAMES[name], range(getattr(GAMES[name], "CONFORMANCE_SEEDS", 30)), players)


@pytest.mark.slow  # every check (hidden zones included) on every step of whole games
@pytest.mark.parametrize(("name", "players"), CASES)
def test_hidden_zones_undo_and_the_end_on_every_step(name, players):
    """Other seeds than the quick test, whole games, and the hidden zones checked after
    every action (AlderQuest: the first 800 actions of one seed, its games running to
    thousands). Kept to a few seeds for CI's time; benchmarks/soak.py runs the same checks
    over as many games as you like."""
    long = name == "alderquest"
    check_playouts(GAMES[name], range(100, 101 if long else 102), players,
                   most=800 if long else None, every_step=True)


def test_demo_view_hides_hands_and_deck():
    state = demo_game.new_game(players=2, seed=3)
    state.apply("draw")
    state.apply("draw")
    seen = state.view(0)
    assert seen.hands[0] == state.hands[0]
    assert seen.hands[1] == [demo_game.UNKNOWN]
    assert set(seen.deck) == {demo_game.UNKNOWN}
    assert all("the " not in e.text or e.player == 0 for e in seen.log if e.kind == "draw")
    check_view(state)


def test_conformance_catches_a_broken_game():
    """The checks can fail: a game that loses a card on play is caught."""

    class Leaky(demo_game.DemoState):
        def _perform(self, action):
            super()._perform(action)
            if isinstance(action, demo_game.Play):
                self.table[self.current_player - 1].pop()

    class Module:
        PLAYER_COUNTS, MAX_ACTIONS = (2,), 40
        new_game = staticmethod(lambda players, seed: Leaky(players, seed))
        load_game = staticmethod(Leaky.from_json)
        parse_action = staticmethod(Leaky.parse_action)

    with pytest.raises(AssertionError, match="pieces changed"):
        check_playouts(Module, range(3), 2)


@pytest.mark.parametrize("name", list(GAMES))
def test_state_schema_describes_saved_positions(name):
    """Every game declares ``state_schema`` (the JSON Schema of what its ``_dump`` returns,
    which loading checks a save's positions against: ``core/engine.py``), a valid schema
    that the positions of its saves and of its players' views satisfy."""
    from jsonschema import Draft202012Validator

    game = GAMES[name]
    state = game.new_game(players=game.PLAYER_COUNTS[-1], seed=5)
    schema = type(state).state_schema
    assert schema is not None, f"{name}: no state_schema on {type(state).__name__}"
    Draft202012Validator.check_schema(schema)
    rng = Rng(5)
    for step in range(80):
        if state.is_over:
            break
        if step % 10 == 0:
            for seen in (state, state.view(0), state.view(None)):
                doc = json.loads(seen.to_json())
                for key in ("start", "current"):
                    if doc[key] is not None:
                        errors = sorted(Draft202012Validator(schema).iter_errors(doc[key]["state"]),
                                        key=str)
                        assert not errors, f"{name} {key}: {errors[0].message}"
        state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------ issue 24: trust
#: The games whose issue-24 items this branch covers (Dobbers and AlderQuest follow from
#: their own branches; the demo game's 'play' shows a card from the hand and may still be
#: taken back, as the GameApp tests use it to).
TRUSTED = ["adventure_land", "hero_vs_guardian", "dubious_alliance"]


def _trust_playout(name: str, seed: int, steps: int, tamper_every: int) -> Counter:
    """A random playout with the checks of issue 24 at every step: every view lists its
    player's legal actions, undo is refused after any action that showed a player what
    their view hid, and every ``tamper_every`` steps an edited start and a refused option."""
    from conformance import (
        check_view_legal_actions,
        revealed,
        sight,
        tampered_options_outcome,
        tampered_start_outcome,
    )

    game = GAMES[name]
    state, rng, counts = game.new_game(players=game.PLAYER_COUNTS[0], seed=seed), Rng(seed), \
        Counter()
    for step in range(1, steps + 1):
        if state.is_over:
            break
        check_view_legal_actions(state, f"{name} seed {seed} step {step}")
        action = rng.choice(state.legal_actions())
        before = [sight(state, p) for p in range(len(state.players))]
        state.apply(action)
        shown = revealed(before, [sight(state, p) for p in range(len(state.players))])
        if shown and not (name == "hero_vs_guardian" and action.verb == "pick"):
            assert not state.can_undo, f"{action} showed {shown}, and undo may take it back"
            counts["reveals"] += 1
        if step % tamper_every == 0 and not state.is_over:
            text = state.to_json()
            counts[f"start {tampered_start_outcome(game, text, Rng(step))}"] += 1
            counts[f"options {tampered_options_outcome(game, text, Rng(step))}"] += 1
    return counts


@pytest.mark.parametrize("name", TRUSTED)
def test_views_undo_and_edited_saves_can_be_trusted(name):
    """The quick share of the soak's issue-24 checks: 60 actions of one game."""
    counts = _trust_playout(name, 0, 60, 6)
    assert counts["start refused"] + counts["start sound"] >= 5


@pytest.mark.slow  # whole games, many tampered saves: a minute or more a game
@pytest.mark.parametrize("name", TRUSTED)
def test_views_undo_and_edited_saves_can_be_trusted_over_whole_games(name):
    total: Counter = Counter()
    for seed in range(3):
        total += _trust_playout(name, seed, 3000, 7)
    assert total["reveals"] > 0 and total["start refused"] > 0


# ------------------------------------------------------------------ issue 31: hidden zones
def test_a_face_down_card_in_a_pending_dobbers_choice_is_hidden_from_every_view():
    """A path random play never reaches: a Solo card takes the Creature deck's top card, unseen,
    and no bare Location lies ahead of the Hero, so the player chooses where it goes. The
    card waits in the pending choice; no view may show it (the hidden zones' checks)."""
    from conformance import check_hidden_zones

    from dungeoncraft_widgets.dobbers.challenge import takes_creature
    from dungeoncraft_widgets.dobbers.rules import position

    row = ["rot", "luck", "helpful", "rot", "silver", "charm"]
    game = position(1, heroes=["herb"], hand=["bottle_cap", "bottle_cap"], adventure_row=row)
    hero = game.position[game.turn_player]
    ahead = game.board.route_to_key(hero)[1:]
    creatures = list(game.cards.creatures)
    # every Location ahead gets a Creature under it, and one more bare Location off the route
    stacks = {s: [game.stacks[s][0][0], creatures[i % len(creatures)]]
              for i, s in enumerate(ahead) if takes_creature(game.stacks.get(s))}
    used = {stack[0][0] for stack in game.stacks.values() if stack}
    spare = next(c for c in game.cards.locations if c not in used)
    off_route = next(s for s in game.board.squares if s not in ahead and s != hero
                     and s.startswith("E") and not game.stacks.get(s))
    stacks[off_route] = [spare]
    game = position(1, heroes=["herb"], hand=["bottle_cap", "bottle_cap"], adventure_row=row,
                    stacks=stacks)
    for card in ("lurking_creature",):  # drawn next, as the row refills
        game.adventure_deck.remove(card)
        game.adventure_deck.append(card)
    for text in ("play bottle_cap", "play bottle_cap", "buy helpful"):
        game.apply(text)
    assert game.pending is not None and game.pending["where"] == "deck"
    assert "pending" in game.hidden_zones(0)
    check_hidden_zones(game)
    assert game.view(0).pending["card"] != game.pending["card"]


@pytest.mark.parametrize("name", list(GAMES))
def test_after_the_end_every_action_is_refused(name):
    """A whole game played quickly (random actions; AlderQuest's bots, as random play there
    may hold winter off): once over, each action legal just before the end is refused and
    leaves the game byte-identical."""
    from conformance import check_refused_after_the_end

    game = GAMES[name]
    state, rng = game.new_game(players=game.PLAYER_COUNTS[0], seed=1), Rng(1)
    bots = ({p: game.TributeBot(seed=p) for p in range(len(state.players))}
            if name == "alderquest" else None)
    legal: list = []
    for _ in range(game.MAX_ACTIONS):
        if state.is_over:
            break
        legal = state.legal_actions()
        if bots is None:
            action = rng.choice(legal)
        else:
            player = state.current_player
            action = bots[player].choose(state.view(player), legal)
        state.apply(action)
    assert state.is_over and legal
    check_refused_after_the_end(state, legal)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_pieces_are_those_of_the_data_files(name, players):
    """Every game at every table size begins with every piece its data files list, each as
    often as listed; a card lost during set-up is caught (not only a changed count)."""
    from conformance import check_components_from_data

    state = GAMES[name].new_game(players=players, seed=4)
    check_components_from_data(state)
    if name == "adventure_land":
        state.deck[-1] = state.deck[0]  # one card twice, another gone: the count is the same
        with pytest.raises(AssertionError, match="data files"):
            check_components_from_data(state)
