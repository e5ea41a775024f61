"""The rules of Dobbers beyond the worked examples: set-up, turns, equipment, stacks,
challenges, tokens, Outwit, DUEL, the variants, Events, Solo Play, views and saves."""

import json
import re

import pytest

from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.core.errors import (
    DataFormatError,
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
)
from dungeoncraft_widgets.dobbers import RULE_NOTES, load_game, new_game, parse_action
from dungeoncraft_widgets.dobbers.rules import position, verdict


def setup_game(players, seed=1, **options):
    game = new_game(players, seed=seed, **options)
    while game.phase in ("hero", "start"):
        game.apply(game.legal_actions()[0])
    return game


def pool(game):
    return {c: game.turn[c] for c in ("blue", "red", "gold", "influence")}


def settle(game):
    """Answer the questions the game asks of other players: no Outwit."""
    while game.window is not None:
        game.apply("pass")


# ------------------------------------------------------------------ set-up
@pytest.mark.parametrize(("players", "sizes"), [(1, [3]), (2, [3, 5]), (3, [3, 4, 5]),
                                               (4, [3, 4, 5, 5])])
def test_opening_hands(players, sizes):
    game = setup_game(players)
    order = game.turn_order_from(game.first)
    assert [len(game.hands[p]) for p in order] == sizes
    assert all(len(game.decks[p]) + len(game.hands[p]) == 10 for p in order)


def test_heroes_in_a_random_order_and_different_starts():
    orders = {tuple(new_game(4, seed=s).pick_order) for s in range(8)}
    assert len(orders) > 1
    game = setup_game(4)
    assert len(set(game.heroes)) == 4 and len(set(game.position)) == 4
    assert {game.board.squares[s]["kind"] for s in game.position} == {"start"}
    with pytest.raises(IllegalActionError, match="set-up is over"):
        game.apply("hero toby")


def test_rows_are_dealt_art_side_up_and_every_view_names_their_cards():
    # "art side up, hiding the text on other side": the art shows which card it is
    game = setup_game(2)
    assert len([c for c in game.adventure_row if c]) == 6
    assert len(game.location_row) == len(game.creature_row) == 3
    for p in (None, 0, 1):
        seen = game.view(p)
        assert seen.location_row == game.location_row
        assert seen.creature_row == game.creature_row
        assert seen.adventure_row == game.adventure_row  # the Adventure row is face up


def test_hands_and_deck_order_stay_hidden():
    game = setup_game(3)
    for p in range(3):
        seen = game.view(p)
        for q in range(3):
            if q == p:
                assert seen.hands[q] == game.hands[q]
                assert seen.decks[q] == sorted(game.decks[q])  # contents known, order not
            else:
                assert set(seen.hands[q]) <= {"?"} and set(seen.decks[q]) <= {"?"}
        assert set(seen.adventure_deck) == {"?"}
        private = [e for e in seen.log if e.kind == "draw" and e.visible_to]
        assert all(e.visible_to == (p,) for e in private)


def test_the_deck_reshuffles_when_a_draw_finds_it_empty():
    game = position(heroes=["herb"], hand=["hearty_mushroom"])
    p = game.turn_player
    game.discards[p] += game.decks[p]
    game.decks[p] = []
    game.apply("play hearty_mushroom")
    # the draw reshuffled the discard pile; the Mushroom, resolved, went there after it
    assert len(game.hands[p]) == 1 and game.discards[p] == ["hearty_mushroom"]
    assert any(e.kind == "shuffle" for e in game.log)


def test_draw_phase_discards_everything_and_draws_five():
    game = position(heroes=["herb"], hand=["silver", "bow_and_arrow", "rot"])
    p = game.turn_player
    game.apply("play silver")
    game.apply("end")
    assert {"silver", "bow_and_arrow", "rot"} <= set(game.discards[p])
    assert len(game.hands[p]) == 5
    assert game.turn_player != p


# ------------------------------------------------------------------ equipment
def test_equipping_replaces_the_old_card_into_the_hand():
    game = position(heroes=["herb"], hand=["dobber_spear"], equipped={"weapon": "wooden_knife"})
    p = game.turn_player
    game.apply("equip dobber_spear")
    assert game.equipped[p]["weapon"] == "dobber_spear" and "wooden_knife" in game.hands[p]
    game.apply("use weapon")  # replaced before use: the new Weapon works this turn
    assert pool(game)["red"] == 2 and pool(game)["gold"] == 1


def test_equipment_in_hand_gives_nothing_and_one_use_per_type():
    game = position(heroes=["herb"], hand=["dobber_spear"], equipped={"armor": "iron_bark"})
    assert "use weapon" not in {str(a) for a in game.legal_actions()}
    game.apply("use armor")
    with pytest.raises(IllegalActionError, match="once|used this turn"):
        game.apply("use armor")


def test_forge_bonus_only_under_another_equipment_and_it_follows_its_host():
    alone = position(heroes=["herb"], hand=["thornblade"])
    alone.apply("equip thornblade")
    alone.apply("use weapon")
    assert pool(alone)["gold"] == 1  # no Forge bonus when played by itself
    game = position(heroes=["herb"], hand=["thorn_ward", "dobber_spear"],
                    equipped={"weapon": "wooden_knife"})
    p = game.turn_player
    game.apply("forge thorn_ward weapon")
    game.apply("use weapon")
    assert pool(game)["red"] == 2 and pool(game)["gold"] == 1  # knife 1 red + Forge +1 gold
    keywords = game.turn["contrib"][-1][0]
    assert keywords == ["Thorn"]  # the forged Equipment gains the Forge card's keywords
    with pytest.raises(IllegalActionError):
        game.apply("forge thorn_ward weapon")
    game.apply("equip dobber_spear")
    assert {"wooden_knife", "thorn_ward"} <= set(game.hands[p])


def test_destroy_only_on_the_turn_played():
    game = position(heroes=["herb"], hand=["trail_rations", "bottle_cap"])
    p = game.turn_player
    game.apply("play trail_rations")
    game.apply("destroy trail_rations")
    assert "trail_rations" in game.destroyed and len(game.hands[p]) == 3  # cap + 2 drawn
    game = position(heroes=["herb"], hand=["bottle_cap"])
    game.discards[game.turn_player].append(game.decks[game.turn_player].pop())
    card = game.discards[game.turn_player][-1]
    with pytest.raises(IllegalActionError, match="Destroy"):
        game.apply(f"destroy {card}")


def test_grave_dust_retrieves_from_the_discard_pile():
    game = position(heroes=["herb"], hand=["grave_dust"])
    p = game.turn_player
    game.discards[p].append("bottle_cap")
    game.decks[p].remove("bottle_cap")
    game.apply("play grave_dust")
    game.apply("destroy grave_dust")
    game.apply("choose discard bottle_cap")
    assert game.hands[p] == ["bottle_cap"]


# ------------------------------------------------------------------ acquiring and stacks
def test_locations_creatures_and_equipment_build_a_stack():
    game = position(heroes=["toby", "herb"], hand=["dobber_spear", "iron_bark"])
    p = game.turn_player
    game.turn["influence"] = 30
    game._legal = None
    legal = {str(a) for a in game.legal_actions()}
    assert not any(a.startswith("place C") for a in legal)  # no Location to go under yet
    assert not any(a.startswith("arm ") for a in legal)
    game.apply("place L1 E5")
    assert game.stacks["E5"][0][1] is False
    legal = {str(a) for a in game.legal_actions()}
    assert "arm dobber_spear E5" not in legal  # Equipment needs a Creature first
    assert "place L2 E5" not in legal  # not an open Encounter square any more
    game.apply("place C1 E5")
    assert "place C2 E5" not in {str(a) for a in game.legal_actions()}
    game.apply("arm dobber_spear E5")
    kinds = [game.cards.type(c) for c, _ in game.stacks["E5"]]
    assert kinds[0] == "Location" and kinds[-1] == "Creature" and "Weapon" in kinds
    capacity = game.cards[game.stacks["E5"][0][0]]["capacity"]
    arm_armor = "arm iron_bark E5" in {str(a) for a in game.legal_actions()}
    assert arm_armor == (capacity >= 3)  # the Creature and the Weapon are under it
    seen = game.view(1 - p).stacks["E5"]
    assert [c for c, _ in seen][1:] == ["?weapon", "?creature"]


def test_acquired_equipment_may_go_straight_onto_a_stack():
    game = position(heroes=["toby", "herb"], adventure_row=["silver_sword", "silver"],
                    stacks={"E5": ["hollow_oak", "giant_rat"]})
    game.turn["influence"] = 7
    game._legal = None
    game.apply("buy silver_sword E5")
    assert [c for c, _ in game.stacks["E5"]] == ["hollow_oak", "silver_sword", "giant_rat"]
    assert game.window is None  # not acquired for the deck: nothing to Outwit


def test_challenge_row_refills_at_once_and_the_buyer_sees_no_text():
    game = position(heroes=["toby", "herb"])
    game.turn["influence"] = 10
    game._legal = None
    deck = len(game.location_deck)
    game.apply("place L2 E3")
    assert game.location_row[1] is not None and len(game.location_deck) == deck - 1
    placed = [e for e in game.log if e.kind == "place"][-1]
    location = game.cards[game.stacks["E3"][0][0]]
    assert location["name"] in placed.text and "art side up" in placed.text
    assert location["text"] not in placed.text and "Action" not in placed.text


def test_a_hero_on_a_beaten_square_does_not_face_cards_added_there_until_returning():
    game = position(heroes=["toby", "herb"], hand=["bottle_cap"], at="E2",
                    trail=["A", "T1", "E1", "T3", "E2"], stacks={"E2": ["hollow_oak"]})
    p = game.turn_player
    game.turn["red"], game.turn["influence"] = 10, 10
    game._legal = None
    game.apply("place C1 E2")  # a Creature under your own square
    assert game.position[p] == "E2" and game.challenge is None
    game.apply("move T4")
    assert "challenge E2" in {str(a) for a in game.legal_actions()}  # going back: face it
    assert "move E2" not in {str(a) for a in game.legal_actions()}


def test_pushed_back_onto_a_stack_faces_no_challenge():
    game = position(heroes=["toby", "herb"], at="T3", trail=["A", "T1", "E1", "T3"],
                    stacks={"E1": ["hollow_oak", "giant_rat"], "E2": ["old_bridge"]})
    p = game.turn_player
    game.turn["red"] = 3
    game._legal = None
    game.apply("challenge E2")
    game.apply("fight")  # 0 against 2: Old Bridge moves back 2 (E2 0, T3 1, E1 2)
    assert game.position[p] == "E1" and game.challenge is None
    assert game.stacks["E1"] == [["hollow_oak", False], ["giant_rat", False]]


def test_a_defeat_returns_the_hero_at_least_one_square():
    # Hollow Oak's Defeat moves back 1, the least a Defeat does
    game = position(heroes=["toby", "herb"], at="T3", trail=["A", "T1", "E1", "T3"],
                    stacks={"E2": ["hollow_oak", "rat_kings_guard"]})
    p = game.turn_player
    game.turn["red"] = 3
    game._legal = None
    game.apply("challenge E2")
    game.apply("fight")
    assert game.position[p] == "T3"


def test_immunity_removes_the_points_of_thorn_equipment():
    game = position(heroes=["herb"], equipped={"weapon": "thorn_whip"}, at="T3",
                    stacks={"E2": ["hollow_oak", "tree_golem"]})
    p = game.turn_player
    game.apply("use weapon")
    game.turn["red"] += 5
    game._legal = None
    game.apply("challenge E2")
    red, gold = game.challenge_points("E2")
    assert (game.turn["red"], game.turn["gold"]) == (4, 1)
    assert (red, gold) == (3, 0)  # the Thorn Whip's red and gold are taken off
    assert game.stack_needs(p, "E2") == 5
    game.apply("fight")
    assert game.position[p] != "E2"


def test_alignment_bonuses_apply_inside_a_stack():
    # Bone Club (Decay: 1 red, +2 gold with another Decay card) under a Decay Creature
    aligned = position(heroes=["herb"], stacks={"E2": ["hollow_oak", "bone_club",
                                                       "shambling_husk"]})
    assert aligned.stack_needs(aligned.turn_player, "E2") == 1 + 1 + 2 + 2
    other = position(heroes=["herb"], stacks={"E2": ["hollow_oak", "bone_club", "giant_rat"]})
    assert other.stack_needs(other.turn_player, "E2") == 1 + 1 + 1


def test_a_creature_bonus_when_the_hero_lacks_equipment():
    bare = position(heroes=["herb"], stacks={"E2": ["hollow_oak", "rat_claw_brute"]})
    assert bare.stack_needs(bare.turn_player, "E2") == 1 + 3 + 1
    armored = position(heroes=["herb"], equipped={"armor": "iron_bark"},
                       stacks={"E2": ["hollow_oak", "rat_claw_brute"]})
    assert armored.stack_needs(armored.turn_player, "E2") == 1 + 3


def test_victory_loot_goes_to_the_hand_discard_or_destroyed_and_results_follow():
    game = position(heroes=["toby", "herb"], at="T3", trail=["A", "T1", "E1", "T3"],
                    stacks={"E2": ["thorned_vines", "dobber_spear", "giant_rat"]})
    p = game.turn_player
    game.turn["red"] = 20
    game._legal = None
    game.apply("challenge E2")
    game.apply("fight")
    assert game.pending["kind"] == "loot"
    assert {str(a) for a in game.legal_actions()} == {
        "choose hand dobber_spear", "choose discard dobber_spear", "choose destroy dobber_spear"}
    game.apply("choose hand dobber_spear")
    assert "dobber_spear" in game.hands[p] and "giant_rat" in game.destroyed
    assert "travel-1" in game.tokens[p]  # Thorned Vines Results: no Protection Item
    assert game.stacks["E2"] == [["thorned_vines", True]]


def test_extra_challenge_boxes_can_be_left_out():
    for extra, tokens in ((True, ["challenge+1", "challenge-1"]), (False, ["challenge+1"])):
        game = position(heroes=["toby", "herb"], at="T3", stacks={"E2": ["forgotten_shrine"]},
                        extra_challenges=extra)
        game.turn["red"] = 10
        game._legal = None
        game.apply("challenge E2")
        game.apply("fight")
        assert sorted(game.tokens[game.turn_player]) == sorted(tokens)


def test_results_may_offer_a_choice():
    game = position(heroes=["toby", "herb"], hand=["rot"], at="T3",
                    stacks={"E2": ["bramble_thicket"]})
    p = game.turn_player
    game.turn["red"] = 10
    game._legal = None
    game.apply("challenge E2")
    game.apply("fight")
    assert {str(a) for a in game.legal_actions()} == {"choose option 1", "choose option 2"}
    game.apply("choose option 2")
    game.apply("choose hand rot")
    assert "rot" in game.discards[p] and game.tokens[p] == []


def test_victory_keeps_the_unspent_points_and_defeat_spends_none():
    game = position(heroes=["toby", "herb"], at="T3", stacks={"E2": ["hollow_oak"]})
    game.turn["red"], game.turn["gold"] = 6, 1
    game._legal = None
    game.apply("challenge E2")  # pays 3 red
    game.apply("fight")  # needs 1: paid with the gold
    assert pool(game)["red"] == 3 and pool(game)["gold"] == 0
    lost = position(heroes=["toby", "herb"], at="T3", stacks={"E2": ["dark_wood"]})
    lost.turn["red"], lost.turn["blue"] = 4, 1
    lost._legal = None
    lost.apply("challenge E2")   # the shield costs 3: 1 blue and 2 red
    lost.apply("fight")          # 2 red + Toby's 1 gold against Dark Wood's 4
    assert any(e.kind == "defeat" for e in lost.log)
    assert pool(lost)["red"] == 2 and pool(lost)["gold"] == 1   # kept for the turn


def test_negative_challenge_tokens_stay_until_a_challenge_is_won():
    game = position(heroes=["toby", "herb"], at="T3", stacks={"E2": ["hollow_oak"]},
                    tokens=["challenge-2"])
    p = game.turn_player
    assert game.stack_needs(p, "E2") == 3
    game.turn["red"] = 5
    game._legal = None
    game.apply("challenge E2")
    game.apply("fight")  # 2 + 1 gold (Toby) = 3: won
    assert game.tokens[p] == [] and "challenge-2" in game.token_supply


def test_positive_tokens_are_spent_like_effects():
    game = position(heroes=["herb"], tokens=["action+1", "influence+1", "travel-1"])
    legal = {str(a) for a in game.legal_actions()}
    assert {"token action+1", "token influence+1"} <= legal and "token travel-1" not in legal
    red = pool(game)["red"]
    game.apply("token action+1")
    assert pool(game)["red"] == red + 1 and "action+1" in game.token_supply


def test_influence_tokens_raise_the_next_cost_then_go():
    game = position(heroes=["herb"], adventure_row=["silver", "rot"], tokens=["influence-1"])
    p = game.turn_player
    game.turn["influence"] = 3
    game._legal = None
    assert "buy silver" not in {str(a) for a in game.legal_actions()}
    game.turn["influence"] = 4
    game._legal = None
    game.apply("buy silver")
    assert game.tokens[p] == [] and pool(game)["influence"] == 0


def test_hero_abilities():
    marigold = position(heroes=["marigold"], adventure_row=["iron_bark", "silver"])
    marigold.turn["influence"] = 4
    marigold._legal = None
    assert "buy iron_bark -" in {str(a) for a in marigold.legal_actions()}  # 5 - 1
    bramble = position(heroes=["bramble"], hand=[])
    start = bramble.position[bramble.turn_player]
    first = next(iter(bramble.board.neighbours[start]))
    assert bramble.travel_cost(bramble.turn_player, start, first) == 1
    pip = position(heroes=["pip"], hand=[])
    pip.apply("end")
    assert len(pip.hands[pip.first]) == 6
    juniper = position(heroes=["juniper"], stacks={"E2": ["thorned_vines"]})
    assert juniper.stack_needs(juniper.turn_player, "E2") == 2
    quill = position(heroes=["quill"], hand=["bottle_cap"])
    quill.apply("power")
    quill.apply("choose hand bottle_cap")
    assert "bottle_cap" in quill.destroyed and "power" not in {
        str(a) for a in quill.legal_actions()}


# ------------------------------------------------------------------ Outwit
def give(game, player, cards):
    """Set a player's hand: the old hand goes back into their deck, the cards are taken
    from their deck or the Adventure deck (so no card appears or vanishes)."""
    game.decks[player] += game.hands[player]
    game.hands[player] = []
    for card in cards:
        zone = game.decks[player] if card in game.decks[player] else game.adventure_deck
        zone.remove(card)
        game.hands[player].append(card)
    game._legal = None


def test_outwit_takes_the_card_just_acquired_on_the_opponents_turn():
    game = position(heroes=["toby", "herb"], adventure_row=["iron_bark", "silver"])
    p = game.turn_player
    q = 1 - p
    give(game, q, ["outwit", "silver", "silver", "bottle_cap"])
    game.turn["influence"] = 5
    game._legal = None
    game.apply("buy iron_bark")
    assert game.current_player == q
    payments = {str(a) for a in game.legal_actions()}
    assert payments == {"outwit outwit,silver,silver", "pass"}
    game.apply("outwit outwit,silver,silver")
    assert "iron_bark" in game.discards[q] and "iron_bark" not in game.discards[p]
    assert game.hands[q] == ["bottle_cap"]  # not refilled before the next Draw Phase
    assert game.current_player == p
    assert game.components() == game.expected_components()


def test_outwit_cannot_be_paid_without_enough_influence():
    game = position(heroes=["toby", "herb"], adventure_row=["iron_bark", "silver"])
    q = 1 - game.turn_player
    give(game, q, ["outwit", "silver", "bottle_cap"])
    game.turn["influence"] = 5
    game._legal = None
    game.apply("buy iron_bark")
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    with pytest.raises(IllegalActionError, match="Influence"):
        game.apply("outwit outwit,silver,bottle_cap")


def test_every_opponent_is_asked_so_the_question_reveals_nothing():
    game = position(3, heroes=["toby", "herb", "shaori"], adventure_row=["silver"])
    p = game.turn_player
    game.turn["influence"] = 3
    game._legal = None
    game.apply("buy silver")
    asked = []
    while game.window is not None:
        asked.append(game.current_player)
        game.apply("pass")
    assert asked == [(p + 1) % 3, (p + 2) % 3]


# ------------------------------------------------------------------ the Key and DUEL
def test_reaching_the_key_wins_at_once():
    game = position(heroes=["toby", "herb"], at="T15", hand=[])
    game.turn["red"] = 3
    game._legal = None
    game.apply("move E12")
    assert game.is_over and game.winner == game.turn_player
    assert game.scores()[game.winner] == 1 and sum(game.scores()) == 1
    for p in (None, 0, 1):
        assert game.view(p).scores() == game.scores() and game.view(p).winner == game.winner


def test_duel_gives_the_others_one_more_turn_then_compares_red_and_gold():
    game = position(2, heroes=["toby", "herb"], at="T15", hand=[], duel=True)
    p = game.turn_player
    q = 1 - p
    game.turn["red"] = 3
    game._legal = None
    game.apply("move E12")
    assert not game.is_over and game.arrivals == [p]
    assert not any(a.verb in ("move", "challenge") for a in game.legal_actions())
    game.apply("end")
    assert game.turn_player == q
    game.position[q], game.trail[q] = "T15", ["C", "T15"]
    game.turn["red"] = 3
    game._legal = None
    game.apply("move E12")
    game.apply("end")
    assert game.phase == "duel" and game.current_player == p
    assert not any(a.verb in ("move", "buy") for a in game.legal_actions())
    game.turn["blue"] = 9  # blue counts for nothing in a duel
    game.apply("end")
    assert game.current_player == q
    game.turn["red"], game.turn["gold"] = game.duel["totals"][0], 0
    game.apply("end")  # a tie goes to the first to reach the Key
    assert game.is_over and game.winner == p


def test_duel_alone_at_the_key_wins_after_the_last_turns():
    game = position(3, heroes=["toby", "herb", "shaori"], at="T15", hand=[], duel=True)
    p = game.turn_player
    game.turn["red"] = 3
    game._legal = None
    game.apply("move E12")
    for _ in range(3):
        assert not game.is_over
        game.apply("end")
    assert game.is_over and game.winner == p


# ------------------------------------------------------------------ variants and Events
def test_variant_a_seeds_locations_from_add_location_cards_one_to_four():
    game = setup_game(2, variant_a=True)
    squares = {game.board.encounters[c["square"]] for c in game.cards.add_location[:4]}
    assert squares == set(game.stacks)
    assert all(len(s) == 1 and not s[0][1] for s in game.stacks.values())
    assert all(game.location_row)


def test_variant_b_swaps_a_bottle_cap_for_a_silver():
    game = setup_game(2, variant_b=True)
    for p in range(2):
        cards = game.decks[p] + game.hands[p]
        assert cards.count("bottle_cap") == 7 and cards.count("silver") == 1
    assert game.set_aside.count("bottle_cap") == 2
    assert game.components() == game.expected_components()


def test_variants_and_options_are_checked():
    with pytest.raises(InvalidArgumentError, match="2 players"):
        new_game(3, variant_b=True)
    with pytest.raises(InvalidArgumentError, match="solo_method"):
        new_game(1, solo_method="C")
    with pytest.raises(InvalidArgumentError, match="round_limit"):
        new_game(2, round_limit=0)
    with pytest.raises(InvalidArgumentError, match="DUEL"):
        new_game(1, duel=True)


def test_events_are_spread_one_per_eighth_and_resolve_when_revealed():
    game = new_game(2, seed=3, events=True)
    assert game.set_aside.count("heavy_rain") == 1
    while game.phase != "main":
        game.apply(game.legal_actions()[0])
    deck = game.adventure_deck + [c for c in game.adventure_row if c] + game.resolved
    assert sum(1 for c in deck if game.cards.type(c) == "Event") == 8
    part = (len(game.cards.adventure)) / 8
    full = game.adventure_deck[::-1]  # top first
    row_events = [c for c in game.resolved if game.cards.type(c) == "Event"]
    positions = [i + 6 + len(row_events) for i, c in enumerate(full)
                 if game.cards.type(c) == "Event"]
    assert all(b - a < 2 * part + 2 for a, b in zip(positions, positions[1:], strict=False))
    play_bots(game, {0: RandomBot(1), 1: RandomBot(2)}, max_actions=3000)
    assert any(e.kind == "reveal" and "Event" in e.text for e in game.log)
    assert all(game.cards.type(c) not in ("Event",) for c in game.adventure_row if c)


# ------------------------------------------------------------------ Solo Play
def test_solo_setup_seeds_six_locations_and_six_creatures():
    game = new_game(1, seed=4)
    game.apply("hero toby")
    assert len(game.stacks) == 6 and game.location_row == [] and game.location_deck == []
    assert len(game.creature_row) == 6 and all(game.creature_row)
    numbers = {c["square"] for c in game.cards.add_location}
    assert {game.board.squares[s]["number"] for s in game.stacks} == numbers
    letters = {c["start"] for c in game.cards.add_location}
    start = game.position[0]
    assert game.board.squares[start]["letter"] in letters
    solo_cards = [c for c in game.adventure_deck if game.cards.type(c) == "Solo"]
    assert len(solo_cards) == 18
    top_half = game.adventure_deck[len(game.adventure_deck) // 2 - 9:]
    assert all(c in top_half for c in solo_cards)
    assert not any(a.verb == "place" and a.row.startswith("L") for a in game.legal_actions())


def test_solo_cards_resolve_where_they_are_revealed():
    game = new_game(1, seed=9)
    game.apply("hero toby")
    play_bots(game, {0: RandomBot(3)}, max_actions=2000)
    reveals = [e for e in game.log if e.kind == "reveal" and "Solo" in e.text]
    assert reveals
    assert all(game.cards.type(c) != "Solo" for c in game.adventure_row if c)
    assert game.resolved and game.components() == game.expected_components()


def test_solo_verdicts():
    assert verdict(13).startswith("13 turns or less")
    assert verdict(15).startswith("15 turns") and verdict(14).startswith("15 turns")
    assert verdict(16).startswith("18 turns") and verdict(18).startswith("18 turns")
    assert verdict(19).startswith("19 or more")


def test_the_round_limit_ends_a_game_with_no_winner():
    game = setup_game(2, round_limit=2)
    for _ in range(4):
        game.apply("end")
        settle(game)
    assert game.is_over and game.winner is None and game.scores() == (0, 0)


# ------------------------------------------------------------------ protocol
def test_actions_parse_back_and_buy_defaults_to_the_discard_pile():
    assert parse_action("buy silver") == parse_action("buy silver -")
    assert str(parse_action("outwit outwit,silver")) == "outwit outwit,silver"


def test_illegal_actions_name_the_rule():
    game = position(heroes=["toby", "herb"], hand=["bottle_cap"], at="T3",
                    stacks={"E2": ["hollow_oak"]}, adventure_row=["silver"])
    cases = {"move E2": "Challenge stack", "use weapon": "no weapon", "play silver":
             "not in", "fight": "no Challenge", "choose hand x": "nothing is being asked",
             "buy gold_coins": "not in the Adventure row", "move E9": "not next to"}
    for text, words in cases.items():
        before = game.to_json()
        with pytest.raises(IllegalActionError, match=words):
            game.apply(text)
        assert game.to_json() == before


def test_save_and_load_continue_exactly():
    game = setup_game(2, seed=8)
    play_bots(game, {0: RandomBot(1), 1: RandomBot(2)}, max_actions=200)
    text = game.to_json()
    loaded = load_game(text)
    assert loaded.to_json() == text
    a, b = game.copy(), load_game(text)
    play_bots(a, {0: RandomBot(5), 1: RandomBot(6)}, max_actions=100)
    play_bots(b, {0: RandomBot(5), 1: RandomBot(6)}, max_actions=100)
    assert a.to_json() == b.to_json()


def test_a_copy_shares_no_list_or_dict_with_the_game():
    """Copies and views copy the position (the state's data_fields, by core's clone):
    nothing they could change in place may be the game's own, at any point of a game."""
    from dungeoncraft_widgets.core.rng import Rng

    def containers(value, out):
        if isinstance(value, (list, dict)):
            out.add(id(value))
            for item in value.values() if isinstance(value, dict) else value:
                containers(item, out)
        return out

    game = new_game(4, seed=5, events=True)
    rng = Rng(5)
    for step in range(600):
        if game.is_over:
            break
        if step % 7 == 0:
            copy = game.copy()
            assert copy._dump() == game._dump()
            assert not containers(game._dump(), set()) & containers(copy._dump(), set())
        game.apply(rng.choice(game.legal_actions()))


def test_a_save_records_the_data_and_refuses_a_changed_shipped_set():
    game = new_game(2, seed=1)
    assert game.options["cards"]["shipped"] == "cards.json"
    doc = json.loads(game.to_json())
    doc["options"]["cards"]["digest"] = "0" * 16
    with pytest.raises(DataFormatError, match="differs from the installed"):
        load_game(json.dumps(doc))


def test_a_tampered_save_is_refused():
    game = setup_game(2, seed=2)
    doc = json.loads(game.to_json())
    doc["current"]["state"]["hands"][0].append("gold_coins")
    with pytest.raises(SaveFormatError, match="do not add up"):
        load_game(json.dumps(doc))
    doc = json.loads(game.to_json())
    doc["current"]["state"]["phase"] = "party"
    with pytest.raises(SaveFormatError, match="phase"):
        load_game(json.dumps(doc))


def test_a_view_loads_as_the_same_view_and_takes_no_action():
    game = setup_game(2, seed=2)
    for p in (None, 0, 1):
        seen = game.view(p)
        loaded = load_game(seen.to_json())
        assert loaded.viewer == p and loaded.to_json() == seen.to_json()
        with pytest.raises(IllegalActionError, match="one player's view"):
            loaded.apply("end")


def test_owner_data_is_saved_into_the_game():
    from dungeoncraft_widgets.dobbers import DEFAULT_CARDS

    doc = json.loads(DEFAULT_CARDS.read_text())
    doc["adventure"][0]["cost"] = 4  # a house rule: Silver costs 4
    game = new_game(2, seed=1, cards=doc)
    assert game.cards["silver"]["cost"] == 4 and game.options["cards"]["adventure"]
    loaded = load_game(game.to_json())
    assert loaded.cards["silver"]["cost"] == 4


def test_rule_notes_quote_the_rulebook():
    """Every reading rests on a sentence of the rulebook, quoted (a passage of 20 characters
    or more between single quotes; each was checked against the rulebook's text)."""
    assert len(RULE_NOTES) >= 16
    for note in RULE_NOTES:
        quotes = re.findall(r"'([^']{20,}?)'(?=[\s,;.)]|$)", note)
        assert quotes, note[:80]


def test_views_never_show_a_face_down_card_or_another_hand_in_random_play():
    from dungeoncraft_widgets.core.rng import Rng

    game = new_game(3, seed=21)
    rng = Rng(21)
    for step in range(400):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        if step % 5:
            continue
        for p in (None, 0, 1, 2):
            seen = game.view(p)
            for square, stack in seen.stacks.items():
                assert stack[0][0] == game.stacks[square][0][0]  # the Location's art
                assert all(up or card.startswith("?") for card, up in stack[1:])
            assert seen.location_row == game.location_row
            assert seen.creature_row == game.creature_row
            for q in range(3):
                if q != p:
                    assert set(seen.hands[q]) <= {"?"} and set(seen.decks[q]) <= {"?"}
            if seen.pending is not None and seen.pending["player"] != p:
                assert seen.pending["options"] == []


@pytest.mark.parametrize(("players", "options"), [
    (3, {"duel": True}), (2, {"variant_a": True, "variant_b": True}),
    (2, {"events": True, "extra_challenges": False}), (1, {"solo_method": "B", "events": True}),
])
def test_every_option_passes_the_generic_checks(players, options):
    """The conformance checks (legal moves apply, illegal ones change nothing, save/load,
    views, components, replay, undo) on short random games with each rulebook option."""
    from functools import partial
    from types import SimpleNamespace

    from conformance import check_playouts

    import dungeoncraft_widgets.dobbers as dobbers

    game = SimpleNamespace(new_game=partial(new_game, round_limit=6, **options),
                           load_game=load_game, parse_action=parse_action,
                           MAX_ACTIONS=dobbers.MAX_ACTIONS)
    check_playouts(game, range(1), players)


@pytest.mark.parametrize(("players", "options"), [(["You", "Bot"], {"duel": True}),
                                                  (["You"], {"events": True})])
def test_log_lines_read_as_english_for_you(players, options):
    import re

    from dungeoncraft_widgets.dobbers.bots import RaceBot

    game = new_game(players, seed=6, **options)
    play_bots(game, {p: RaceBot(seed=p) for p in range(len(players))})
    text = "\n".join(e.text for e in game.log)
    assert "You " in text
    wrong = re.findall(r"\bYou (?:is|has|\w+s)\b|\byou's\b|\bYou's\b", text)
    assert not [w for w in wrong if w not in ("You pass",)], wrong
