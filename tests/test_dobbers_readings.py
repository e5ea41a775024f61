"""Dobbers read against its rulebook a second time (issue 23): each finding played in a
position built for it (``position(...)``) or a short scripted game."""

import pytest

from dungeoncraft_widgets.core.errors import IllegalActionError
from dungeoncraft_widgets.dobbers import RULE_NOTES
from dungeoncraft_widgets.dobbers.rules import position


def empty_deck(game, p):
    """Move the player's deck to the box side (the set-aside cards), so that the next draw
    reshuffles the discard pile: what is in it then is what the test put there."""
    game.set_aside += game.decks[p]
    game.decks[p] = []
    game._legal = None


# ------------------------------------------------------------------ 1. Effects discarded
def test_a_played_effect_goes_to_the_discard_pile_once_resolved():
    # Example A: "place all four of those cards (Silver plus the three Bottle Caps) in
    # your discard pile"
    game = position(heroes=["toby"], hand=["bottle_cap", "bottle_cap", "bottle_cap"],
                    adventure_row=["silver"])
    p = game.turn_player
    for _ in range(3):
        game.apply("play bottle_cap")
    assert game.discards[p] == ["bottle_cap"] * 3 and game.turn["held"] == []
    game.apply("buy silver")
    while game.window is not None:
        game.apply("pass")
    assert sorted(game.discards[p]) == ["bottle_cap"] * 3 + ["silver"]
    assert game.components() == game.expected_components()


def test_a_mid_turn_reshuffle_takes_the_cards_already_played():
    game = position(heroes=["herb"], hand=["bottle_cap", "hearty_mushroom"])
    p = game.turn_player
    empty_deck(game, p)
    game.apply("play bottle_cap")
    game.apply("play hearty_mushroom")   # draws: the discard pile (the Cap) is reshuffled
    assert game.hands[p] == ["bottle_cap"]
    assert game.discards[p] == ["hearty_mushroom"]  # resolved after its draw


def test_cull_can_destroy_a_bottle_cap_spent_this_turn():
    game = position(heroes=["herb"], hand=["bottle_cap", "cull"])
    p = game.turn_player
    game.apply("play bottle_cap")
    game.apply("play cull")
    assert ["discard", "bottle_cap"] in game.pending["options"]
    game.apply("choose discard bottle_cap")
    assert "bottle_cap" in game.destroyed and "bottle_cap" not in game.discards[p]


def test_a_card_that_fetches_from_the_discard_pile_finds_a_card_played_this_turn():
    game = position(heroes=["herb"], hand=["helpful", "grave_dust"])
    p = game.turn_player
    game.apply("play helpful")
    game.apply("play grave_dust")
    assert game.turn["held"] == ["grave_dust"]   # its Destroy ability is still open
    game.apply("destroy grave_dust")
    game.apply("choose discard helpful")
    assert game.hands[p] == ["helpful"] and "grave_dust" in game.destroyed


def test_a_card_with_an_open_destroy_ability_stays_in_play_until_the_draw_phase():
    game = position(heroes=["herb"], hand=["trail_rations"])
    p = game.turn_player
    game.apply("play trail_rations")
    assert game.turn["held"] == ["trail_rations"] and "trail_rations" not in game.discards[p]
    assert "destroy trail_rations" in {str(a) for a in game.legal_actions()}
    game.apply("end")
    assert "trail_rations" in game.discards[p] + game.hands[p] + game.decks[p]
    assert game.components() == game.expected_components()


def test_a_card_played_and_discarded_still_counts_for_alignment_this_turn():
    # "triggered by another Decay card in play on the same turn": Rot (Decay, +2 gold
    # aligned) is in the discard pile when Wither (Decay) comes; its bonus still comes
    game = position(heroes=["toby"], hand=["rot", "wither"])
    p = game.turn_player
    game.apply("play rot")
    assert "rot" in game.discards[p] and game.turn["gold"] == 1 + 1
    game.apply("play wither")
    assert game.turn["gold"] == 1 + 1 + 2
    game.apply("skip")  # Wither's "you may destroy a card in a row"
    assert sorted(game.discards[p]) == ["rot", "wither"]


def test_the_note_on_discarding_quotes_the_rulebook():
    note = next(n for n in RULE_NOTES if n.startswith("Effect cards go to the discard"))
    assert "go into the discard pile after their effects have been resolved" in note
    assert "You cannot destroy a card that has been placed in your discard pile" in note


# ------------------------------------------------------------------ 2, 3. Solo cards
def on_top(game, *cards):
    """Put these Adventure deck cards on top of the deck, the first to be drawn first (the
    position's other cards stay where the shuffle put them)."""
    for card in reversed(cards):
        game.adventure_deck.remove(card)
        game.adventure_deck.append(card)
    # the cards drawn after them are plain Adventure cards: nothing else cascades
    plain = [c for c in game.adventure_deck[:-len(cards)] if game.cards.type(c) == "Effect"]
    for card in plain[:4]:
        game.adventure_deck.remove(card)
        game.adventure_deck.insert(len(game.adventure_deck) - len(cards), card)


def solo_position(row, **kw):
    game = position(1, heroes=["herb"], hand=["bottle_cap", "bottle_cap"], adventure_row=row,
                    **kw)
    return game, game.turn_player


def test_solo_cards_revealed_in_a_cascade_resolve_in_the_order_revealed():
    # Raiders at position 3 destroys positions 2 and 4: Prowling Creature is revealed
    # first (position 2), then Lurking Creature (position 4). Prowling Creature resolves
    # first: the Creature at row position 2 goes under the nearest bare Location ahead.
    game, p = solo_position(["rot", "luck", "helpful", "rot", "silver", "charm"])
    on_top(game, "raiders", "prowling_creature", "lurking_creature")
    from dungeoncraft_widgets.dobbers.challenge import takes_creature
    ahead = game.board.route_to_key(game.position[p])[1:]
    bare = [s for s in ahead if takes_creature(game.stacks.get(s))]
    assert len(bare) >= 2
    from_row = game.creature_row[1]          # Prowling Creature's: position 2
    game.apply("play bottle_cap")
    game.apply("play bottle_cap")
    game.apply("buy helpful")                # position 3 refills: Raiders
    order = [e.data.get("card") for e in game.log if e.kind == "reveal"]
    assert order[:3] == ["raiders", "prowling_creature", "lurking_creature"]
    assert game.stacks[bare[0]][-1][0] == from_row       # the first revealed, first served
    assert game.cards.type(game.stacks[bare[1]][-1][0]) == "Creature"
    assert game.components() == game.expected_components()


def test_events_revealed_by_an_event_resolve_in_the_order_revealed():
    # Market Day destroys the two cheapest cards: Heavy Rain is revealed in the first
    # slot, then Wandering Merchant in the second; Heavy Rain resolves first
    game = position(2, heroes=["toby"], hand=["bottle_cap", "bottle_cap", "bottle_cap"],
                    adventure_row=["helpful", "luck", "silver", "rot", "silver", "charm"],
                    events=True)
    on_top(game, "market_day", "heavy_rain", "wandering_merchant")
    for _ in range(3):
        game.apply("play bottle_cap")
    game.apply("buy rot")
    revealed = [e.data["card"] for e in game.log if e.kind == "reveal"]
    assert revealed == ["market_day", "heavy_rain", "wandering_merchant"]
    tokens = [e.text for e in game.log if e.kind == "token"]
    assert "-1 Travel" in tokens[0] and "+1 Influence" in tokens[-1]
    assert game.adventure_row[:2] != ["helpful", "luck"]


def test_method_a_destroys_the_card_in_its_position_when_a_copy_is_further_left():
    game, p = solo_position(["silver", "rot", "silver", "luck", "charm", "helpful"])
    on_top(game, "rally")
    game.turns[0] = 2          # this is the third turn: after it, position 3 goes
    game.apply("end")
    assert game.adventure_row[0] == "silver" and game.adventure_row[2] == "rally"
    assert game.destroyed == ["silver"]


def test_raiders_destroy_their_own_neighbours_though_a_copy_is_further_left():
    game, p = solo_position(["rot", "rot", "helpful", "rot", "silver", "charm"])
    on_top(game, "raiders", "rally", "endurance")
    game.apply("play bottle_cap")
    game.apply("play bottle_cap")
    game.apply("buy helpful")
    assert game.adventure_row[0] == "rot" and game.destroyed.count("rot") == 2
    assert game.adventure_row[1] == "rally" and game.adventure_row[3] == "endurance"


def test_armed_foe_takes_the_card_to_its_own_left():
    game, p = solo_position(["rot", "rot", "helpful", "silver", "silver", "charm"])
    on_top(game, "armed_foe", "rally")
    game.apply("play bottle_cap")
    game.apply("play bottle_cap")
    game.apply("buy helpful")     # Armed Foe at position 3: Rot at 2 is no Equipment
    assert game.adventure_row[0] == "rot" and game.adventure_row[1] == "rally"
    assert game.destroyed == ["rot"]


def test_a_row_card_chosen_for_destruction_is_chosen_by_its_position():
    game = position(heroes=["herb"], hand=["wither"],
                    adventure_row=["silver", "rot", "silver", "luck", "charm", "helpful"])
    on_top(game, "rally")
    game.apply("play wither")
    assert ["adventure", "1"] in game.pending["options"]
    assert ["adventure", "3"] in game.pending["options"]
    with pytest.raises(IllegalActionError):
        game.apply("choose adventure silver")   # which Silver? a position says
    game.apply("choose adventure 3")
    assert game.adventure_row[0] == "silver" and game.adventure_row[2] == "rally"


# ------------------------------------------------------------------ 4. optional draws
def test_quills_power_culls_and_the_draw_after_it_is_optional():
    game = position(heroes=["quill"], hand=["bottle_cap", "silver"])
    p = game.turn_player
    game.apply("power")
    game.apply("choose hand bottle_cap")
    assert game.pending["kind"] == "cull_draw" and game.pending["optional"]
    game.apply("skip")
    assert game.hands[p] == ["silver"]


def test_cull_asks_nothing_more_when_nothing_is_left_to_draw():
    game = position(heroes=["herb"], hand=["cull", "bottle_cap"])
    p = game.turn_player
    empty_deck(game, p)
    game.apply("play cull")
    game.apply("choose hand bottle_cap")
    assert game.pending is None and game.hands[p] == []


def test_bow_and_arrow_draws_at_the_end_of_a_long_turn_once_it_has_moved():
    # "You can do this at any time as long as it is in play": after a move and a purchase
    game = position(heroes=["herb"], hand=["bottle_cap", "bottle_cap"],
                    equipped={"weapon": "bow_and_arrow"}, adventure_row=["luck"])
    p = game.turn_player
    game.apply("use weapon")
    game.apply(next(str(a) for a in game.legal_actions() if str(a).startswith("move")))
    game.apply("play bottle_cap")
    game.apply("play bottle_cap")
    game.apply("buy luck")
    game.apply("pass")      # the other player lets the purchase stand
    game.apply("draw weapon")
    assert len(game.hands[p]) == 1


def test_the_racer_takes_the_draws_it_may_take():
    from dungeoncraft_widgets.dobbers.bots import RaceBot
    game = position(heroes=["herb"], hand=["cull", "bottle_cap"],
                    equipped={"weapon": "bow_and_arrow"})
    bot = RaceBot()
    assert str(bot.choose(game.view(game.turn_player), game.legal_actions())) == "draw weapon"
    game.apply("play cull")
    game.apply("choose hand bottle_cap")
    assert str(bot.choose(game.view(game.turn_player), game.legal_actions())) == \
        "choose draw 1"


# ------------------------------------------------------------------ 5. face-down cards
def test_every_view_names_the_row_cards_and_a_placed_location_by_their_art():
    game = position(heroes=["toby", "herb"], stacks={"E2": ["castle_walls", "silver_sword",
                                                            "tree_golem"]})
    for p in (None, 0, 1):
        seen = game.view(p)
        assert seen.location_row == game.location_row
        assert seen.creature_row == game.creature_row
        assert seen.stacks["E2"] == [["castle_walls", False], ["?weapon", False],
                                     ["?creature", False]]


def test_the_odds_of_a_stack_are_conditioned_on_its_location_known_by_name():
    from fractions import Fraction

    from dungeoncraft_widgets.dobbers.odds import challenge_odds, stack_cases
    from dungeoncraft_widgets.dobbers.sight import unseen_cards
    game = position(heroes=["toby", "herb"], at="T3", hand=[],
                    equipped={"weapon": "silver_sword", "armor": "iron_bark",
                              "item": "traveling_kit"},
                    stacks={"E2": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    view = game.view(p)
    cases = stack_cases(view, p, "E2")
    assert {c.cards[0] for c in cases} == {"castle_walls"}
    # by hand: Castle Walls' 3 and any Creature not shown, each as likely
    unseen = unseen_cards(view)
    creatures = {c: n for c, n in unseen.items() if game.cards.type(c) == "Creature"}
    total = sum(creatures.values())
    for slot in ("weapon", "armor", "item"):
        game.apply(f"use {slot}")
    view = game.view(p)
    red, gold = 4 - (3 - 1), 3           # the shield (3) is paid with 1 blue and 2 red
    by_hand = Fraction(sum(n for c, n in creatures.items()
                           if red + gold >= 3 + game.cards[c]["ap"]), total)
    assert challenge_odds(view, p, "E2").chance == by_hand
    assert by_hand not in (0, 1)


def test_the_placer_knows_the_creature_it_put_under_a_location_and_no_one_else_does():
    from dungeoncraft_widgets.dobbers.odds import stack_cases
    game = position(heroes=["toby", "herb"], hand=["gold_coins", "gold_coins", "silver"],
                    stacks={"E5": ["castle_walls"]})
    p = game.turn_player
    for card in ("gold_coins", "gold_coins", "silver"):
        game.apply(f"play {card}")
    creature = game.creature_row[0]
    game.apply("place C1 E5")
    assert [c.cards for c in stack_cases(game.view(p), p, "E5")] == [
        ("castle_walls", creature)]
    other = stack_cases(game.view(1 - p), 1 - p, "E5")
    assert len(other) > 1 and {c.cards[0] for c in other} == {"castle_walls"}
    public = [e.text for e in game.view(1 - p).log if e.kind == "place"]
    assert not any(game.cards.name(creature) in text for text in public)


def test_a_creature_a_solo_card_takes_from_the_deck_is_unseen_by_all():
    game, p = solo_position(["rot", "luck", "helpful", "rot", "silver", "charm"])
    on_top(game, "lurking_creature")
    game.apply("play bottle_cap")
    game.apply("play bottle_cap")
    game.apply("buy helpful")
    square = next(e.data["square"] for e in game.log if e.kind == "solo")
    assert game.view(p).stacks[square][-1][0] == "?creature"
    assert not any("card" in e.data for e in game.log if e.kind == "solo")


def test_the_racer_expects_a_stack_to_need_its_locations_own_points():
    from statistics import mean

    from dungeoncraft_widgets.dobbers.bots import expected_need
    game = position(heroes=["toby", "herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    average = mean(game.cards[c]["ap"] for c in game.cards.creatures)
    assert expected_need(game.view(p), p, "E2") == pytest.approx(3 + average)


def test_the_app_shows_the_challenge_row_by_name_without_its_text_side():
    from dungeoncraft_widgets.dobbers.scene import cards_scene
    game = position(["You", "Bot"], heroes=["toby", "herb"])
    scene = cards_scene(game.view(0), seat=0)
    card = game.location_row[0]
    shape = scene.find("row-L1")
    assert game.cards.name(card) in shape.label and game.cards[card]["text"] not in shape.label
    assert f"{game.cards[card]['ap']} Action" not in shape.label


# ------------------------------------------------------------------ 6. a Defeat
def test_a_defeat_spends_no_red_or_gold_and_the_turn_goes_on_with_them():
    # Castle Walls and the Tree Golem need 7; Toby brings 5 without Strength and Helpful
    game = position(heroes=["toby", "herb"], at="T3", hand=["strength", "helpful"],
                    equipped={"weapon": "silver_sword", "armor": "iron_bark",
                              "item": "traveling_kit"},
                    stacks={"E2": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    for slot in ("weapon", "armor", "item"):
        game.apply(f"use {slot}")
    game.apply("challenge E2")
    game.apply("fight")
    assert any(e.kind == "defeat" for e in game.log)
    assert (game.turn["red"], game.turn["gold"]) == (2, 3)   # as before the fight
    assert game.position[p] != "E2"                          # moved back
    # the points are still there: the two cards make 7, and the stack can be faced again
    game.apply("play strength")
    game.apply("play helpful")
    assert game.turn["red"] + game.turn["gold"] >= 7


# ------------------------------------------------------------------ bots: every game ends
def test_a_racer_held_up_at_a_shield_changes_its_plan_and_buys_the_travel_card():
    """Toby's core deck never pays the 4-shield after E9 (3 blue + red at most); the +1
    Travel Moss Vest waits in the row. While it may still get through the RaceBot buys
    Influence and draws; held up two turns, it buys the Vest, and crosses."""
    from dungeoncraft_widgets.dobbers.bots import RaceBot
    game = position(heroes=["toby", "herb"], hand=["bottle_cap"] * 3, at="E9",
                    adventure_row=["moss_vest", "silver", "rot", "strength", "charm", "luck"])
    p = game.turn_player
    bots = {p: RaceBot(seed=1), 1 - p: RaceBot(seed=2)}
    bought: dict[int, list[str]] = {}
    while game.turns[p] < 4 and not game.is_over:
        q = game.current_player
        action = bots[q].choose(game.view(q), game.legal_actions())
        if q == p and action.verb == "buy":
            bought.setdefault(game.turns[p], []).append(action.card)
        game.apply(action)
    assert "moss_vest" not in bought.get(0, []) + bought.get(1, [])
    assert "moss_vest" in bought[2]
    assert game.position[p] != "E9"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_seeded_racebot_game_ends_at_the_key(players):
    """Seeded games between RaceBots end at the Key, not at the round limit (the benchmark's
    table: 500 games per player count)."""
    from dungeoncraft_widgets.core.bots import play_bots
    from dungeoncraft_widgets.dobbers import new_game
    from dungeoncraft_widgets.dobbers.bots import RaceBot
    for seed in range(30):
        game = new_game(players, seed=7000 + seed)
        play_bots(game, {p: RaceBot(seed=seed + 17 * p) for p in range(players)})
        assert game.end_reason == "key", (players, seed, game.end_reason)
