"""Every worked example of the Dobbers rulebook, played in the engine.

The notes number them 1-14 (reading notes, section 2); each test names the rulebook passage.
"""

import pytest

from dungeoncraft_widgets.core.errors import IllegalActionError
from dungeoncraft_widgets.dobbers import new_game
from dungeoncraft_widgets.dobbers.rules import position

TOBY_GEAR = {"weapon": "silver_sword", "item": "traveling_kit", "armor": "iron_bark"}
TOBY_HAND = ["helpful", "strength", "bottle_cap", "bottle_cap", "bottle_cap"]


def pool(game):
    return {c: game.turn[c] for c in ("blue", "red", "gold", "influence")}


def pass_windows(game):
    """Every opponent lets an acquisition stand (no Outwit)."""
    while game.window is not None:
        game.apply("pass")


def use_all(game):
    for slot in ("weapon", "armor", "item"):
        if slot in game.equipped[game.turn_player]:
            game.apply(f"use {slot}")


def test_1_hearty_mushroom_gives_an_action_point_and_a_draw():
    game = position(heroes=["herb"], hand=["hearty_mushroom", "bottle_cap"])
    p = game.turn_player
    before = pool(game)["red"]
    game.apply("play hearty_mushroom")
    assert pool(game)["red"] == before + 1
    assert len(game.hands[p]) == 2  # the Bottle Cap and the card drawn
    assert "hearty_mushroom" in game.turn["played"]


def test_2_cull_gives_influence_and_destroys_from_hand_or_discard_to_draw():
    game = position(heroes=["herb"], hand=["cull", "bottle_cap", "silver"])
    p = game.turn_player
    game.discards[p].append(game.decks[p].pop())  # something in the discard pile
    game._legal = None
    in_discard = game.discards[p][0]
    before = pool(game)["influence"]
    game.apply("play cull")
    assert pool(game)["influence"] == before + 1
    legal = {str(a) for a in game.legal_actions()}
    assert {"choose hand bottle_cap", "choose hand silver", f"choose discard {in_discard}",
            "skip"} <= legal
    game.apply(f"choose discard {in_discard}")
    assert in_discard in game.destroyed and in_discard not in game.discards[p]
    # "When doing this, you may draw a card from your personal deck"
    assert {str(a) for a in game.legal_actions()} == {"choose draw 1", "skip"}
    game.apply("choose draw 1")
    assert len(game.hands[p]) == 3  # two kept and one drawn


def test_2_cull_s_draw_may_be_declined():
    game = position(heroes=["herb"], hand=["cull", "bottle_cap", "silver"])
    p = game.turn_player
    game.apply("play cull")
    game.apply("choose hand bottle_cap")
    game.apply("skip")
    assert game.hands[p] == ["silver"] and game.destroyed == ["bottle_cap"]
    assert game.discards[p] == ["cull"]


def test_2_cull_may_be_declined():
    game = position(heroes=["herb"], hand=["cull", "bottle_cap"])
    game.apply("play cull")
    game.apply("skip")
    assert game.destroyed == [] and game.hands[game.turn_player] == ["bottle_cap"]


def test_3_bow_and_arrow_gives_two_and_a_draw_if_no_other_weapon_was_used():
    game = position(heroes=["herb"], hand=["bow_and_arrow", "bottle_cap"])
    p = game.turn_player
    red = pool(game)["red"]
    game.apply("equip bow_and_arrow")
    game.apply("use weapon")
    assert pool(game)["red"] == red + 2 and len(game.hands[p]) == 1  # no draw yet: "may"
    # "You can do this at any time as long as it is in play": later in the turn
    game.apply("play bottle_cap")
    assert "draw weapon" in {str(a) for a in game.legal_actions()}
    game.apply("draw weapon")
    assert len(game.hands[p]) == 1 and pool(game)["red"] == red + 2  # one card, once
    assert "draw weapon" not in {str(a) for a in game.legal_actions()}
    with pytest.raises(IllegalActionError, match="once per turn"):
        game.apply("draw weapon")
    # the draw first: it uses the Bow & Arrow (its points come with it)
    game = position(heroes=["herb"], hand=[], equipped={"weapon": "bow_and_arrow"})
    game.apply("draw weapon")
    assert pool(game)["red"] == red + 2 and len(game.hands[game.turn_player]) == 1
    assert "use weapon" not in {str(a) for a in game.legal_actions()}
    # never drawn: the turn ends without it
    game = position(heroes=["herb"], hand=[], equipped={"weapon": "bow_and_arrow"})
    game.apply("use weapon")
    game.apply("end")
    assert len(game.hands[game.turn_player]) == 5
    # another Weapon already used this turn: the Bow & Arrow waits for the next turn
    game = position(heroes=["herb"], hand=["bow_and_arrow"], equipped={"weapon": "wooden_knife"})
    game.apply("use weapon")
    game.apply("equip bow_and_arrow")
    assert "wooden_knife" in game.hands[game.turn_player]
    assert not {"use weapon", "draw weapon"} & {str(a) for a in game.legal_actions()}
    with pytest.raises(ValueError, match="used this turn"):
        game.apply("use weapon")
    with pytest.raises(IllegalActionError, match="no other Weapon has been used"):
        game.apply("draw weapon")


def test_4_influence_example_a_toby_buys_silver_then_rot():
    game = position(heroes=["toby"], hand=TOBY_HAND, equipped=TOBY_GEAR,
                    adventure_row=["silver", "rot"])
    p = game.turn_player
    use_all(game)
    assert pool(game)["influence"] == 2  # Toby's base 1 and the Silver Sword's 1
    for card in ("helpful", "bottle_cap", "bottle_cap", "bottle_cap"):
        game.apply(f"play {card}")
    assert pool(game)["influence"] == 6
    game.apply("buy silver")
    pass_windows(game)
    assert pool(game)["influence"] == 3 and "silver" in game.discards[p]
    assert game.adventure_row[0] is not None  # replaced at once from the Adventure deck
    game.apply("buy rot")
    pass_windows(game)
    assert pool(game)["influence"] == 0 and "rot" in game.discards[p]
    assert set(TOBY_GEAR.values()) == set(game.equipped[p].values())  # Equipment stays
    assert game.cards["silver"]["influence"] == 2  # "When in play, Silver adds 2 Influence"


def test_5_influence_example_b_castle_walls_goes_face_down_ahead_of_the_opponent():
    game = position(heroes=["toby"], hand=TOBY_HAND, equipped=TOBY_GEAR)
    p = game.turn_player
    if game.location_row[0] != "castle_walls":  # put Castle Walls first in the Location row
        row = game.location_row
        zone = row if "castle_walls" in row else game.location_deck
        where = zone.index("castle_walls")
        zone[where], row[0] = row[0], "castle_walls"
        game._legal = None
    use_all(game)
    for card in ("helpful", "bottle_cap", "bottle_cap", "bottle_cap"):
        game.apply(f"play {card}")
    assert pool(game)["influence"] == 6
    opponent = 1 - p
    ahead = game.board.route_to_key(game.position[opponent])
    square = next(s for s in ahead if game.board.is_encounter(s))
    game.apply(f"place L1 {square}")
    assert pool(game)["influence"] == 1
    assert game.stacks[square] == [["castle_walls", False]]
    seen = game.view(opponent).stacks[square]
    assert seen == [["castle_walls", False]]  # "full art up": which card it is, face down
    placed = next(e for e in reversed(game.log) if e.kind == "place")
    assert "Castle Walls" in placed.text and game.cards["castle_walls"]["text"] not in \
        placed.text and "3 Action" not in placed.text  # "hiding its Action points and results"
    # "You have 1 Influence left. There are no cards ... with an influence cost of 1"
    cheapest = min(game.cards[c]["cost"] for c in game.adventure_row if c)
    assert cheapest > 1 and not any(a.verb in ("buy", "place") for a in game.legal_actions())
    game.apply("end")  # the played Bottle Caps and the rest of the hand are discarded
    assert game.discards[p].count("bottle_cap") == 3 and "strength" in game.discards[p]


def test_6_toby_base_action_points():
    game = position(heroes=["toby"], hand=[], equipped=TOBY_GEAR)
    use_all(game)
    assert pool(game)["blue"] == 1 and pool(game)["red"] == 4 and pool(game)["gold"] == 3


def test_7_travel_example_a_herb_moves_over_a_blue_2_shield():
    game = position(2, heroes=["herb", "toby"], hand=["bottle_cap"] * 4 + ["traveling_kit"])
    p = game.turn_player
    start = game.position[p]
    first = next(iter(game.board.neighbours[start]))
    assert game.board.shield(start, first) == 2
    assert f"move {first}" not in {str(a) for a in game.legal_actions()}  # 1 red only
    game.apply("equip traveling_kit")
    game.apply("use item")
    assert pool(game)["red"] == 1 and pool(game)["blue"] == 1
    game.apply(f"move {first}")
    assert game.position[p] == first and pool(game)["blue"] == pool(game)["red"] == 0


def test_7_a_five_card_first_hand_is_the_second_player_of_two():
    game = new_game(2, seed=5)
    while game.phase != "main":
        game.apply(game.legal_actions()[0])
    second = 1 - game.first
    assert len(game.hands[game.first]) == 3 and len(game.hands[second]) == 5


def test_8_castle_walls_and_tree_golem_need_seven_won_with_strength_and_helpful():
    game = position(heroes=["toby"], hand=TOBY_HAND, equipped=TOBY_GEAR, at="T3",
                    stacks={"E2": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    assert game.board.shield("T3", "E2") == 3
    use_all(game)
    game.apply("challenge E2")
    assert pool(game)["blue"] == 0 and pool(game)["red"] == 2 and pool(game)["gold"] == 3
    assert game.stacks["E2"] == [["castle_walls", True], ["tree_golem", True]]  # revealed
    assert game.stack_needs(p, "E2") == 7
    assert sum(game.challenge_points("E2")) == 5
    game.apply("play strength")
    game.apply("play helpful")
    game.apply("fight")
    assert game.position[p] == "E2"
    assert "tree_golem" in game.destroyed and game.stacks["E2"] == [["castle_walls", True]]


def test_8_the_same_challenge_without_the_two_cards_is_lost_and_stays_face_up():
    game = position(heroes=["toby", "herb"], hand=TOBY_HAND, equipped=TOBY_GEAR, at="T3",
                    trail=["A", "T1", "E1", "T3"], stacks={"E2": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    use_all(game)
    game.apply("challenge E2")
    game.apply("fight")
    assert game.position[p] == "E1"  # Castle Walls: move back 2, counted from E2 as 0
    assert all(up for _, up in game.stacks["E2"])
    assert game.view(1 - p).stacks["E2"] == [["castle_walls", True], ["tree_golem", True]]


def test_9_thorned_vines_needs_two_with_a_cloak():
    plain = position(heroes=["toby"], stacks={"E2": ["thorned_vines"]})
    assert plain.stack_needs(plain.turn_player, "E2") == 4
    cloaked = position(heroes=["toby"], equipped={"item": "traveling_cloak"},
                       stacks={"E2": ["thorned_vines"]})
    assert cloaked.cards["traveling_cloak"]["item_type"] == "Protection"
    assert cloaked.stack_needs(cloaked.turn_player, "E2") == 2


def test_10_a_four_shield_with_a_two_token_needs_six():
    game = position(heroes=["toby"], hand=["helpful", "forest_path", "endurance"], at="E9",
                    tokens=["travel-2"])
    p = game.turn_player
    assert game.board.shield("E9", "T13") == 4
    assert game.travel_cost(p, "E9", "T13") == 6
    for card in ("helpful", "forest_path"):
        game.apply(f"play {card}")
    assert pool(game)["red"] + pool(game)["blue"] == 4
    assert "move T13" not in {str(a) for a in game.legal_actions()}
    game.apply("play endurance")
    assert pool(game)["red"] + pool(game)["blue"] == 6
    game.apply("move T13")
    assert game.tokens[p] == [] and "travel-2" in game.token_supply  # overcome, returned


def test_11_shaori_endurance_triggers_the_shield_and_charm_triggers_ember_and_itself():
    game = position(heroes=["shaori"], equipped={"weapon": "ember", "item": "silver_shield"},
                    hand=["endurance", "luck", "bottle_cap", "bottle_cap", "charm"])
    p = game.turn_player
    use_all(game)
    gold = pool(game)["gold"]
    game.apply("play endurance")
    assert pool(game)["gold"] == gold + 1  # Silver Shield's Dobberton bonus
    game.apply("play luck")
    assert pool(game)["gold"] == gold + 1  # Luck triggers nothing
    influence, hand = pool(game)["influence"], len(game.hands[p])
    game.apply("play charm")
    assert pool(game)["gold"] == gold + 2  # Ember's Wild bonus
    assert pool(game)["influence"] == influence + 2  # Charm's 1 and its bonus 1
    assert len(game.hands[p]) == hand  # Charm left the hand, its bonus drew a card
    bonuses = [e.text for e in game.log if e.kind == "bonus"]
    assert [b.split("'")[0] for b in bonuses] == ["Silver Shield", "Ember", "Charm"]


def test_12_decay_cards_plus_one_travel_always_and_challenge_bonuses_together():
    alone = position(heroes=["toby"], equipped={"armor": "rotwood_plate"}, hand=[])
    alone.apply("use armor")
    assert pool(alone)["blue"] == 1 and pool(alone)["gold"] == 1  # Toby's own gold only
    game = position(heroes=["toby"], equipped={"armor": "rotwood_plate"}, hand=["rot"])
    game.apply("use armor")
    game.apply("play rot")
    assert pool(game)["blue"] == 1
    assert pool(game)["gold"] == 1 + 1 + 2 + 1  # Toby, Rot, Rot's bonus, the Plate's bonus


def test_13_moving_back_counts_from_the_location_as_zero():
    trail = ["A", "T1", "E1", "T3"]
    game = position(heroes=["toby", "herb"], hand=[], at="T3", trail=trail,
                    stacks={"E2": ["misty_crossroads", "rat_kings_guard"]})
    p = game.turn_player
    game.turn["red"] = 3  # enough to cross the shield, not to win
    game._legal = None
    game.apply("challenge E2")
    game.apply("fight")
    # Misty Crossroads: move back 3. E2 is 0, T3 is 1, E1 is 2, T1 is 3.
    assert game.position[p] == "T1" and game.trail[p] == ["A", "T1"]


@pytest.mark.parametrize("turns", [8])
def test_14_solo_method_a_destroys_positions_one_to_six_in_turn(turns):
    game = new_game(1, seed=11, solo_method="A")
    game.apply("hero toby")
    for n in range(1, turns + 1):
        row = list(game.adventure_row)
        destroyed = len(game.destroyed)
        game.apply("end")
        while game.current_player is not None and game.pending is not None:
            game.apply(game.legal_actions()[0])
        expected = row[(n - 1) % 6]
        between = [e for e in game.log if e.kind == "solo" and "Between turns" in e.text]
        assert f"position {(n - 1) % 6 + 1}" in between[-1].text
        if expected is not None:
            assert game.destroyed[destroyed] == expected


def test_14_solo_method_b_highest_after_odd_turns_lowest_after_even():
    game = new_game(1, seed=12, solo_method="B")
    game.apply("hero toby")
    for n in range(1, 5):
        costs = [(game.cards[c]["cost"], i) for i, c in enumerate(game.adventure_row) if c]
        destroyed = len(game.destroyed)
        game.apply("end")
        while game.pending is not None:
            game.apply(game.legal_actions()[0])
        wanted = max(costs)[0] if n % 2 else min(costs)[0]
        assert game.cards[game.destroyed[destroyed]]["cost"] == wanted
