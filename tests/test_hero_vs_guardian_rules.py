"""Hero versus Guardian rules: the generic conformance checks plus targeted rule tests."""

import json

import pytest
from conformance import check_playouts, check_view

from dungeoncraft_widgets import hero_vs_guardian as hvg
from dungeoncraft_widgets.core.errors import (
    DataFormatError,
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
)
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.hero_vs_guardian import (
    load_game,
    new_game,
    resolve_attempt_position,
    scout_venture_position,
)
from dungeoncraft_widgets.hero_vs_guardian.dungeon import HIDDEN, targetable


# One short random playout more than the generic test_conformance.py (seeds 0 and 1 of
# every player count): the checks are quadratic in the length of a game.
def test_conformance_playout():
    check_playouts(hvg, range(3, 4), 2)


class Loaded(Rng):
    """The engine's RNG with the next die rolls fixed (shuffles stay random)."""

    def __init__(self, dice):
        super().__init__(0)
        self.dice = list(dice)

    def randint(self, a, b):
        return self.dice.pop(0) if self.dice and (a, b) == (1, 6) else super().randint(a, b)


def refused(game, action, *words):
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.to_json() == before
    for word in words:
        assert word in str(info.value), str(info.value)
    return str(info.value)


def started(seed=0, players=2, method="random"):
    """A game past its set-up; ``players``: how many, or their names."""
    game = new_game(players=players, seed=seed)
    players = len(game.players)
    game.apply("deal")
    game.apply("entry A1 west")
    game.apply("entry D1 east")
    game.apply(f"keep {game.opening[0]}")
    game.apply(f"keep {game.opening[0]}")
    for _ in range(players - 1):
        game.apply(f"recruit {method}")
        while game.phase == "pick":
            game.apply(game.legal_actions()[0])
    return game


# ---------------------------------------------------------------- set-up
def test_guardian_setup_rules():
    game = new_game(seed=3)
    assert game.current_player == game.guardian
    game.apply("place D02 B2")
    refused(game, "place D03 B2", "already holds a room")
    refused(game, "place D20 C2", "16 starting rooms")
    refused(game, "entry A1 west", "places the 16 starting rooms")
    game.apply("deal")
    assert all(len(game.grid[loc]) == 1 for loc in hvg.LOCATIONS)
    refused(game, "entry B2 west", "not on the west")
    game.apply("entry A3 west")
    refused(game, "entry A1 north", "opposite", "east")
    game.apply("entry D2 east")
    assert len(game.opening) == 5 and len(game.dungeon_deck) == 17
    seen = game.view(0)
    assert seen.opening == [HIDDEN] * 5 and set(seen.grid["B2"]) == {HIDDEN}
    game.apply(f"keep {game.opening[2]}")
    game.apply(f"keep {game.opening[0]}")
    assert len(game.guardian_hand) == 2 and len(game.dungeon_deck) == 20
    assert game.phase == "recruit" and game.current_player == 0


def test_hero_setup_pick_and_random():
    game = started(seed=4, method="pick")
    c = game.cards
    assert len(game.party[0]) == 3 and all(c.points(a) == 2 for a in game.party[0])
    assert len(game.hands[0]) == 2 and len(game.tavern) == 3 and len(game.market) == 3
    assert (game.hero_stones, game.guardian_stones) == (6, 2)
    three = started(seed=4, players=3)
    assert [len(p) for p in three.party] == [3, 3] and three.hero_stones == 7


def test_pick_refuses_other_cards():
    game = new_game(seed=2)
    for text in ("deal", "entry A1 west", "entry D1 east"):
        game.apply(text)
    game.apply(f"keep {game.opening[0]}")
    game.apply(f"keep {game.opening[0]}")
    game.apply("recruit pick")
    one_pointer = next(a for a in game.adv_deck if game.cards.points(a) != 2)
    refused(game, f"pick {one_pointer}", "worth 2 points")


# ---------------------------------------------------------------- rounds
def test_rounds_pass_final_option_and_carry_over():
    game = started(seed=5)
    assert game.current_player == 0 and game.turn == "hero"
    game.apply("draw treasure")                       # Hero acts: 5 stones left
    assert game.current_player == game.guardian
    game.apply("pass")                                 # Guardian keeps its stones
    assert game.current_player == 0 and game.guardian_stones == 2
    refused(game, "pass", "never answers his pass")    # the Hero must act or end
    game.apply("end")                                  # the Hero ends his turns
    assert game.current_player == game.guardian and game.hero_out
    hero = game.players[0]
    assert game.log[-1].text.startswith(f"{hero} ends their turns for this round")
    game.apply("draw dungeon")                         # the Guardian's final options...
    assert game.current_player == game.guardian and game.round_no == 1
    game.apply("pass")                                 # ...declined: the round ends
    assert game.round_no == 2
    assert game.hero_stones == 6 + 1                   # one stone carried over
    assert game.guardian_stones == 2


def test_a_hero_pass_at_the_start_hands_over_one_turn():
    """"The Hero has the option to either take the first action or pass at the start of each
    round" and "Passing allows an opponent to take 1 turn": the pass is no forfeit."""
    game = started(seed=5)
    game.apply("pass")                                 # the Guardian goes first this round
    assert game.current_player == game.guardian and not game.hero_out
    game.apply("draw dungeon")                         # his one turn...
    assert game.current_player == 0 and game.hero_stones == 6   # ...and the Hero keeps all 6
    game.apply("pass")                                 # a pass answers an action: allowed
    game.apply("pass")                                 # the Guardian passes back
    refused(game, "pass", "never answers his pass")
    for _ in range(6):                                 # six 1-stone actions, one a turn
        game.apply("draw treasure")
        if game.hero_stones:
            game.apply("pass")
    assert game.hero_stones == 0 and game.hero_out
    assert game.current_player == game.guardian        # the Guardian's final option
    game.apply("draw dungeon")
    assert game.round_no == 2 and game.hero_stones == 6     # nothing left to carry


def test_a_game_where_both_sides_keep_passing_ends():
    game = started(seed=5)
    for _ in range(3):
        game.apply("end")                              # the Hero does nothing...
        game.apply("pass")                             # ...nor does the Guardian
        if game.is_over:
            break
    assert game.is_over and game.end_reason == "stalemate" and game.round_no == 1
    assert "Nobody acted" in game.log[-3].text or any(e.kind == "stalemate" for e in game.log)
    # With 3 players the guard waits for a whole cycle: each Hero's round idle.
    team = started(seed=5, players=3)
    team.apply("end")
    team.apply("pass")
    assert not team.is_over and team.active == 1
    team.apply("draw treasure")                        # Hero 2 acts: the count starts again
    team.apply("pass")
    team.apply("end")
    team.apply("pass")
    for _ in range(2):
        assert not team.is_over
        team.apply("end")
        team.apply("pass")
    assert team.is_over and team.end_reason == "stalemate"


def test_multiplayer_heroes_take_rounds_in_turn():
    game = started(seed=6, players=4)
    assert game.active == 0 and game.hero_stones == 7
    game.apply("end")
    game.apply("pass")                                 # Guardian passes too: round over
    assert game.active == 1 and game.current_player == 1 and game.hero_stones == 7
    assert len(game.scores()) == 4 and game.team_scores()[0] == sum(game.scores()[:3])


def test_guardian_draw_on_empty_deck_ends_the_game():
    game = started(seed=7)
    game.dungeon_deck.clear()
    game.apply("end")
    game.apply("draw dungeon")
    assert game.is_over and game.end_reason == "deck" and game.legal_actions() == []
    refused(game, "pass", "over")


# ---------------------------------------------------------------- Scout / Venture
def test_target_must_be_connected():
    game = started(seed=8)
    refused(game, "scout C3", "not next to an Entry")
    refused(game, "venture Z9", "not a location")
    game.hero_stones = 1
    refused(game, "scout A1", "costs 2 Action Stones")


def test_scout_needs_enough_adventurers_and_reveals():
    game = scout_venture_position("scout", ["A01", "A05"], ["D02", "D06"], seed=1)
    game.rng = Loaded([5, 6])
    game.apply("scout A1")
    game.apply("order A01")
    refused(game, "enter", "at least as many Adventurers as there are rooms")
    game.apply("order A05")
    game.apply("enter")
    assert game.current_player == 0 and game.attempt["stage"] == "first"   # Hero chooses
    game.apply("first D06")
    game.apply("roll")
    game.apply("roll")
    assert game.tokens["A1"] == "scout" and set(game.grid["A1"]) <= set(game.face_up)
    assert game.hero_stones == 4
    assert [e.data["die"] for e in game.log if e.kind == "roll"] == [5, 6]
    assert "D02" in game.view(0).grid["A1"]


def test_failed_scout_goes_face_down_and_natural_one_rules():
    # Cleric (Trap +0) rolls a natural 1 against a Trap: captured.
    game = scout_venture_position("scout", ["A01", "A02"], ["D02"], seed=1)
    game.rng = Loaded([1, 4])
    for text in ("scout A1", "order A01", "order A02", "enter", "roll"):
        game.apply(text)
    assert game.attempt["stage"] == "save"              # the other Cleric could Sacrifice
    game.apply("lose")
    assert "A01" in game.captured
    game.apply("roll")                                   # 4 + 0 < 5: fails, not captured
    assert game.attempt is None and "A02" in game.party[0]
    assert "A1" not in game.tokens and "D02" not in game.face_up
    assert game.view(0).grid["A1"] == [HIDDEN]
    # A natural 1 that the modifier would make a success fails without capture.
    game = scout_venture_position("scout", ["A01"], ["D10"], seed=1)     # Cleric vs Evil +4
    game.rng = Loaded([1])
    for text in ("scout A1", "order A01", "enter", "roll"):
        game.apply(text)
    assert "A01" in game.party[0] and "A1" not in game.tokens


def test_venture_failure_captures_and_natural_one_saved_by_modifier():
    game = scout_venture_position("venture", ["A05"], ["D10"], seed=1)   # Warrior vs Evil +2
    game.rng = Loaded([3])
    for text in ("venture A1", "order A05", "enter", "roll"):
        game.apply(text)
    assert "A05" in game.captured and game.grid["A1"] == ["D10"]
    # Cleric (Evil +4) with a Level Token: 1 + 5 = 6 would succeed, so not captured.
    game = scout_venture_position("venture", ["A01"], ["D10"], seed=1, levels={"A01": 1})
    game.rng = Loaded([1])
    for text in ("venture A1", "order A01", "enter", "roll"):
        game.apply(text)
    assert "A01" in game.party[0] and game.grid["A1"] == ["D10"]
    assert game.hero_stones == 3


def test_venture_maps_and_scores():
    game = scout_venture_position("venture", ["A06", "A01"], ["D06", "D12"], seed=1)
    game.rng = Loaded([6, 6])
    for text in ("venture A1", "order A06", "order A01", "enter"):
        game.apply(text)
    assert game.current_player == game.guardian           # unscouted: the Guardian chooses
    game.apply("first D12")
    refused(game, "retreat", "only after the 1st Adventurer")
    game.apply("roll")
    game.apply("roll")
    assert game.tokens["A1"] == "map" and game.grid["A1"] == []
    points = game.cards.points("D06") + game.cards.points("D12")
    assert game.hero_points(0) == points
    assert {"A2", "B1"} <= game.targetable()


def test_vault_never_ventured_first_and_ends_the_game():
    vault = "D01"
    game = scout_venture_position("venture", ["A06", "A07"], [vault, "D06"], seed=2)
    game.rng = Loaded([6, 6])
    for text in ("venture A1", "order A06", "order A07", "enter"):
        game.apply(text)
    # Only one room may come first, so no choice is asked: the other room is attempted.
    assert game.attempt["current"] == "D06"
    game.apply("roll")
    assert game.attempt["current"] == vault
    game.apply("roll")                                     # 6 - 0 (no type) >= 6
    assert game.is_over and game.end_reason == "vault"
    assert game.hero_points(0) == 8 + game.cards.points("D06")
    # the Guardian lost the Vault's 8 points
    assert game.guardian_points() == (16 - len(game.tokens)) // 2


def test_vault_first_refused_when_hero_chooses():
    game = scout_venture_position("venture", ["A06", "A07"], ["D01", "D06"], seed=2,
                                  scouted=True)
    for text in ("venture A1", "order A06", "order A07", "enter"):
        game.apply(text)
    assert game.attempt["current"] == "D06" and hvg.rules.Roll() in game.legal_actions()
    refused(game, "first D01", "never Ventured first")


def test_retreat_and_sacrifice():
    game = scout_venture_position("venture", ["A05", "A01", "A02"], ["D07", "D10"], seed=3,
                                  scouted=True)
    game.rng = Loaded([6, 2, 5])
    for text in ("venture A1", "order A05", "order A01", "order A02", "enter", "first D07"):
        game.apply(text)
    game.apply("roll")                    # Warrior vs Brute: 6+3 -> Ventured
    game.apply("retreat")                 # Cleric A01: 2 < 4 -> captured...
    assert game.attempt["stage"] == "save"
    game.apply("save A02")                # ...but A02 (Sacrifice) goes in its place
    assert "A02" in game.captured and "A01" in game.party[0]
    assert game.attempt is None           # nobody left to roll
    assert game.grid["A1"] == ["D10"] and "D10" in game.face_up   # Scouted: stays face up


def test_cursed_item_attaches_on_failure():
    cursed = "D28"
    game = scout_venture_position("scout", ["A05"], [cursed], seed=3)
    assert game.cards.is_cursed(cursed)
    game.rng = Loaded([3])
    for text in ("scout A1", "order A05", "enter", "roll"):
        game.apply(text)
    assert cursed in game.items["A05"] and game.grid["A1"] == []
    game.apply("pass")                                   # the Guardian's option
    refused(game, f"take {cursed}", "Cursed Item")


def test_roll_modifiers_add_up():
    game = scout_venture_position("venture", ["A05"], ["D07", "D24"], seed=1,
                                  items={"A05": ["T12"]}, levels={"A05": 1})
    # Warrior A05 vs Brute D07: +3 type, +1 level, +1 Sword, +1 Guard Room (WARRIOR +1)
    assert game.cards["D24"]["name"] == "Guard Room"
    assert game.roll_modifier("venture", "A05", "D07", "A1") == 6
    assert game.roll_modifier("retreat", "A05", "D07", "A1") == 1 + 1   # Sword vs Brute, Guard


# ---------------------------------------------------------------- cards in play
def test_timing_items_and_heroism():
    game = started(seed=9)
    pieces = game.components()
    hand = ["T04", "T09", "T12", "T14", "T01"]  # Blessing, Armor, Sword, Holy Water, Heroism
    old_hand = [t for t in game.hands[0] if t not in hand]
    game.market[:] = [t for t in game.market if t not in hand]
    game.treasure_deck[:] = [t for t in game.treasure_deck if t not in hand] + old_hand
    game.hands[0][:] = hand
    assert game.components() == pieces
    adv = game.party[0][0]
    refused(game, "play T04 -", "Timing: Combat")
    game.apply(f"play T09 {adv}")
    game.apply("pass")
    game.apply(f"play T12 {adv}")
    game.apply("pass")
    refused(game, f"play T14 {adv}", "up to 2 Items")
    game.apply(f"play T01 {adv}")
    assert game.levels[adv] == 1 and game.level_supply == 3


def test_freeze_and_dreadful_feeling():
    game = started(seed=10)
    game.guardian_hand[:] = ["D31", "D34"]      # Petrify, Dreadful Feeling (test set-up)
    game.dungeon_deck[:] = [d for d in game.dungeon_deck if d not in ("D31", "D34")]
    adv = game.party[0][0]
    game.items[adv] = ["T09"]
    game.treasure_deck.remove("T09") if "T09" in game.treasure_deck else None
    game.market[:] = [m for m in game.market if m != "T09"]
    game.hands[0] = [x for x in game.hands[0] if x != "T09"]
    game.apply("take " + game.tavern[0])
    refused(game, f"play D34 {adv}", "captures a Frozen Adventurer")
    game.apply(f"play D31 {adv}")
    assert adv in game.frozen[0] and "T09" in game.treasure_deck
    game.apply("pass")
    game.apply(f"play D34 {adv}")
    assert adv in game.captured


def test_log_sentences_read_as_english_with_a_player_called_you():
    game = started(seed=10, players=["Hero", "You"])   # "You" is the Guardian
    game.guardian_hand[:] = ["D31"]                     # Petrify (test set-up)
    game.dungeon_deck[:] = [d for d in game.dungeon_deck if d != "D31"]
    adv = game.party[0][0]
    game.apply("take " + game.tavern[0])
    game.apply(f"play D31 {adv}")
    assert game.log[-2].text.startswith("You play Petrify: ")   # not "You plays"
    game.apply("end")
    assert game.log[-1].text == "Hero ends their turns for this round (1 stone carries over)."
    hero = started(seed=10, players=["You", "Guardian"])
    hero.apply("end")
    assert hero.log[-1].text.startswith("You end your turns for this round")


# ---------------------------------------------------------------- Guardian building
def test_restock_and_rebuild_constraints():
    game = started(seed=11)
    vault_loc = next(loc for loc, r in game.grid.items() if game.cards.vault in r)
    room = next(c for c in game.dungeon_deck if game.cards.is_room(c)
                and not game.cards.is_cursed(c))
    game.dungeon_deck.remove(room)
    game.guardian_hand.append(room)
    game.apply("draw treasure")
    game.apply("restock")
    game.apply(f"set {room} {vault_loc}")
    assert len(game.grid[vault_loc]) == 2
    refused(game, f"discard {game.cards.vault}", "Vault cannot be removed")
    game.apply(f"discard {room}")
    assert game.removed == [[room, 0]]
    assert game.hero_points(0) == (game.cards.points(room) + 1) // 2
    game.apply("done")
    game.apply("draw treasure")
    game.apply("rebuild")
    lifted = [loc for loc in hvg.LOCATIONS[:8]]
    for loc in lifted:
        game.apply(f"lift {loc}")
    assert game.build["stage"] == "arrange"                # 8 = half of 16: stops lifting
    pool = list(game.build["pool"])
    assert game.view(0).build["pool"] == [HIDDEN] * len(pool)
    refused(game, f"set {pool[0]} D4", "lifted rooms go back into the lifted locations")
    for card, loc in zip(pool, reversed(lifted), strict=True):
        game.apply(f"set {card} {loc}")
    assert game.build is None and all(len(game.grid[loc]) == 1 for loc in lifted)


# ---------------------------------------------------------------- hidden information
def test_views_hide_rooms_and_hands():
    game = started(seed=12)
    hero_view, guardian_view = game.view(0), game.view(game.guardian)
    assert all(r == HIDDEN for rooms in hero_view.grid.values() for r in rooms)
    assert hero_view.guardian_hand == [HIDDEN, HIDDEN]
    assert guardian_view.hands[0] == [HIDDEN] * len(game.hands[0])
    assert guardian_view.grid == game.grid
    assert hero_view.hands[0] == game.hands[0]
    text = hero_view.to_json()
    for card in game.guardian_hand:
        assert f'"{card}"' not in json.dumps(json.loads(text)["current"]["state"])
    check_view(game)


def test_bad_arguments():
    with pytest.raises(InvalidArgumentError):
        new_game(players=1)
    with pytest.raises(InvalidArgumentError, match="unknown option"):
        new_game(colour="red")
    with pytest.raises(InvalidArgumentError, match="rooms"):
        scout_venture_position("venture", ["A01"], ["D40"])
    with pytest.raises(InvalidArgumentError, match="kind"):
        scout_venture_position("fly", ["A01"], ["D02"])
    assert sorted(targetable(["A1"], [])) == ["A1"]


def test_resolve_attempt_position_matches_single_roll_odds():
    # Warrior (Brute +4, Venturing +1) Venturing a Brute room: 6+ on d6+5, natural 1 fails: 5/6.
    wins = sum(resolve_attempt_position("venture", ["A06"], ["D07"], seed=s)["all_done"]
               for s in range(600))
    assert abs(wins / 600 - 5 / 6) < 0.05
    out = resolve_attempt_position("venture", ["A05", "A01"], ["D10"], seed=3, retreat_from=1)
    assert out["rolls"][0][0] == "venture"
    assert all(r[0] == "retreat" for r in out["rolls"][1:])


def test_save_and_load_mid_attempt():
    game = scout_venture_position("venture", ["A05", "A01"], ["D07"], seed=5)
    for text in ("venture A1", "order A05"):
        game.apply(text)
    loaded = load_game(game.to_json())
    assert loaded.to_json() == game.to_json()
    loaded.apply("order A01")
    game.undo()
    assert game.attempt["order"] == []


def test_guardian_combat_window_and_spell_casting():
    game = scout_venture_position("venture", ["A13", "A06"], ["D07"], seed=4)
    game.guardian_hand.append("D36")                      # Dark Omen (Combat)
    game.dungeon_deck.remove("D36")
    game.hands[0].append("T04")                           # Blessing (Combat)
    game.treasure_deck.remove("T04")
    pieces = game.components()
    game.rng = Loaded([4])
    for text in ("venture A1", "order A06", "order A13", "enter"):
        game.apply(text)
    game.apply("cast T04 A13")                            # Wizard's Spell Casting: 0 stones
    assert game.hero_stones == 3 and game.attempt["bonus"] == 2
    refused(game, "cast T05 A13", "not in your hand")
    game.apply("roll")
    assert game.current_player == game.guardian and game.attempt["stage"] == "window"
    game.apply("play D36 -")                              # -2: the bonuses cancel
    assert game.guardian_stones == 1
    roll = [e for e in game.log if e.kind == "roll"][-1]
    # Warrior A06 vs Brute: +4 type, +1 Venturing, +2 Blessing, -2 Dark Omen
    assert roll.data["modifier"] == 5 and roll.data["die"] == 4 and roll.data["success"]
    assert game.components() == pieces


def test_stow_when_a_cursed_item_meets_two_items():
    game = scout_venture_position("scout", ["A05"], ["D28"], seed=3,
                                  items={"A05": ["T12", "T13"]})
    game.rng = Loaded([3])
    for text in ("scout A1", "order A05", "enter", "roll"):
        game.apply(text)
    assert game.attempt["stage"] == "stow"
    refused(game, "stow T09", "choose one")
    game.apply("stow T13")
    assert game.items["A05"] == ["T12", "D28"] and "T13" in game.hands[0]


def test_restock_third_room_must_move_first():
    game = started(seed=13)
    loc = "B2"
    extra = [c for c in game.dungeon_deck if game.cards.is_room(c)][:2]
    for card in extra:
        game.dungeon_deck.remove(card)
        game.guardian_hand.append(card)
    game.apply("draw treasure")
    game.apply("restock")
    game.apply(f"set {extra[0]} {loc}")
    game.apply(f"set {extra[1]} {loc}")
    assert len(game.grid[loc]) == 3
    refused(game, "done", "holds 3 rooms")
    first = game.grid[loc][0]
    refused(game, f"shift {first} D4", "shift")
    game.apply(f"shift {first} B3")
    assert len(game.grid[loc]) == 2 and len(game.grid["B3"]) == 2
    refused(game, f"shift {first} B4", "moves once")
    game.apply("done")
    assert game.build is None


def test_multiplayer_item_on_another_heroes_adventurer():
    game = started(seed=14, players=3)
    other = game.party[1][0]
    item = next(t for t in game.treasure_deck if game.cards[t]["kind"] == "item")
    game.treasure_deck.remove(item)
    game.hands[0].append(item)
    game.apply(f"play {item} {other}")
    assert item in game.items[other] and game.current_player == game.guardian


# ---------------------------------------------------------------- issue 11: rule fixes
def test_a_sacrificed_cleric_can_be_saved_by_its_own_armor():
    """"A Cleric can be captured in place of another Adventurer, and if that Cleric has
    Armor, you can use the Armor to save that Cleric.\""""
    game = scout_venture_position("venture", ["A05", "A01"], ["D07"], seed=3,
                                  items={"A01": ["T09"]})      # the Cleric wears Armor
    game.rng = Loaded([2])                                      # Warrior +3 vs Brute: 5 < 6
    for text in ("venture A1", "order A05", "enter", "roll"):
        game.apply(text)
    assert game.attempt["stage"] == "save" and game.attempt["victim"] == "A05"
    refused(game, "save T09", "Sacrifice")                     # not the Warrior's Armor
    game.apply("save A01")                                      # the Cleric stands in...
    assert game.attempt["stage"] == "save" and game.attempt["victim"] == "A01"
    assert {str(a) for a in game.legal_actions()} == {"lose", "save T09"}
    game.apply("save T09")                                      # ...and its Armor saves it
    assert game.captured == ["T09"]
    assert set(game.party[0]) == {"A05", "A01"} and game.items.get("A01") == []
    # Without a second save the stand-in is captured, with its Armor.
    game = scout_venture_position("venture", ["A05", "A01"], ["D07"], seed=3,
                                  items={"A01": ["T09"]})
    game.rng = Loaded([2])
    for text in ("venture A1", "order A05", "enter", "roll", "save A01", "lose"):
        game.apply(text)
    assert sorted(game.captured) == ["A01", "T09"] and game.party[0] == ["A05"]


def test_venturing_the_vault_maps_its_location_before_the_end():
    """Never Ventured first, the Vault Ventured means every room there is: "If the Hero
    Ventures all rooms on the location, place a Map Token there" comes before the end."""
    game = scout_venture_position("venture", ["A06", "A07"], ["D01", "D06"], seed=2)
    game.rng = Loaded([6, 6])
    for text in ("venture A1", "order A06", "order A07", "enter", "roll", "roll"):
        game.apply(text)
    assert game.is_over and game.tokens["A1"] == "map"
    assert game.guardian_points() == (16 - 1) // 2              # 7, not 8: one more token
    assert game.components() == scout_venture_position(
        "venture", ["A06", "A07"], ["D01", "D06"], seed=2).components()


def test_retreat_against_a_cursed_item_is_at_minus_one_and_takes_it():
    """"All rolls on this card are at -1" and "if an Adventurer fails any roll versus a
    Cursed Item, place it on that Adventurer": a Retreat roll facing it too."""
    cursed = "D29"                                              # Cursed Helm (Evil)
    game = scout_venture_position("venture", ["A01", "A05", "A06"], ["D07", cursed], seed=3,
                                  scouted=True, items={"A05": ["T21"]})   # Rope: +1 Retreat
    assert game.roll_modifier("retreat", "A05", cursed, "A1") == 1 - 1
    game.rng = Loaded([6, 3])
    for text in ("venture A1", "order A01", "order A05", "order A06", "enter",
                 "first D07", "roll", "retreat"):                # Cleric takes D07; 3+0 < 4
        game.apply(text)
    roll = [e for e in game.log if e.kind == "roll"][-1]
    assert roll.data["roll"] == "retreat" and roll.data["modifier"] == 0
    assert game.items["A05"] == ["T21", cursed] and game.grid["A1"] == []
    assert game.attempt["stage"] == "save"                       # the Cleric could stand in
    game.apply("lose")                                           # captured: the curse goes
    assert cursed in game.guardian_hand and "T21" in game.captured   # to the Guardian's hand
    assert game.tokens["A1"] == "scout"                          # not Mapped: Helm not Ventured


def test_a_location_emptied_by_a_cursed_item_is_not_mapped_by_that_venture():
    """A Map Token only when the Hero "Ventures all rooms on the location": a Cursed Item
    that left with a failed Adventurer was not Ventured (and the same for a Scout)."""
    cursed = "D28"
    for kind in ("venture", "scout"):
        game = scout_venture_position(kind, ["A05"], [cursed], seed=3)
        game.rng = Loaded([3])
        for text in (f"{kind} A1", "order A05", "enter", "roll"):
            game.apply(text)
        assert game.grid["A1"] == [] and "A1" not in game.tokens, kind
    # The empty location is then Mapped by a Venture with no room to roll against, as
    # "all rooms" of none are Ventured; Scouting it leaves a Scout Token the same way.
    game.apply("pass")                                           # the Guardian's option
    game.apply("venture A1")
    game.apply(game.legal_actions()[0])                          # an Order Token
    game.apply("enter")
    assert game.tokens["A1"] == "map"


def test_rooms_revealed_by_enter_cannot_be_undone():
    game = scout_venture_position("scout", ["A01"], ["D10"], seed=4)
    game.apply("scout A1")
    game.apply("order A01")
    assert game.can_undo                                        # nothing seen yet
    game.apply("enter")                                         # the rooms are revealed
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match="revealed"):
        game.undo()


@pytest.mark.parametrize("seed", [32, 3, 11])
def test_every_view_scores_the_end_as_the_engine_does(seed):
    import random

    chooser = random.Random(seed)
    game = new_game(2, seed=seed)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    for player in (None, 0, 1):
        view = game.view(player)
        assert view.scores() == game.scores() and view.winner() == game.winner()
        assert game.cards.vault in [r for rooms in view.grid.values() for r in rooms] \
            or game.end_reason == "vault"                        # the Dungeon is face up
    assert game.log[-1].kind == "score"


# ---------------------------------------------------------------- issue 12: saves
def _tampered(change):
    game = started(seed=12)
    doc = json.loads(game.to_json())
    change(doc["current"]["state"])
    return json.dumps(doc)


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: s.__setitem__("is_over", True), "Additional properties"),
    (lambda s: s.__setitem__("legal_actions", 1), "Additional properties"),
    (lambda s: s["grid"]["A1"].append("D30"), "in two places"),
    (lambda s: s["grid"]["A1"].append("Z99"), "no card 'Z99'"),
    (lambda s: s.__setitem__("token_supply", 3), "Map/Scout Tokens"),
    (lambda s: s.__setitem__("hands", [[], []]), "hands has 2 entries"),
    (lambda s: s.__setitem__("hero_stones", "6"), "hero_stones"),
    (lambda s: s.pop("grid"), "'grid' is a required property"),
    (lambda s: s["levels"].__setitem__("A16", 1), "Level"),
])
def test_a_tampered_save_is_refused_with_a_named_error(change, message):
    with pytest.raises(SaveFormatError, match=message):
        load_game(_tampered(change))


def test_state_schema_describes_every_position():
    from dungeoncraft_widgets.core.data import check_schema

    game = scout_venture_position("venture", ["A05", "A01"], ["D07"], seed=5)
    for text in ("venture A1", "order A05", "enter"):
        game.apply(text)
    schema = hvg.HeroVsGuardianState.state_schema
    position, seen = game._dump(), game.view(0)._dump()
    assert seen != position, "the view should hide something (the Guardian's hand)"
    for what, doc in (("position", position), ("view", seen)):
        assert check_schema(doc, schema, what) is None
        # The schema is not empty: the same document with one field of the wrong type fails.
        with pytest.raises(DataFormatError, match="hero_stones"):
            check_schema(dict(doc, hero_stones="6"), schema, what)


def test_quick_legality_agrees_with_the_legal_actions():
    """The engine decides Place/SetRoom/Discard without the list (speed); it must agree."""
    from dungeoncraft_widgets.hero_vs_guardian.actions import Discard, Place, SetRoom

    checked = 0
    for seed in (2, 7):
        game = new_game(seed=seed)
        rng = Rng(seed)
        while not game.is_over and len(game.history) < 400:
            legal = game._legal_actions()
            cards = [c for c in game.cards.dungeon][:20]
            for action in [*(Place(c, loc) for c in cards for loc in hvg.LOCATIONS[:6]),
                           *(SetRoom(c, loc) for c in cards for loc in hvg.LOCATIONS[:6]),
                           *(Discard(c) for c in cards)]:
                quick = game._quick_legal(action)
                if quick is not None:
                    assert quick == (action in legal), (action, game.phase, game.build)
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 1000


def test_arguments_beyond_the_game_are_refused_before_the_work():

    from dungeoncraft_widgets.hero_vs_guardian.calculator import parse_typed_adventurers
    from dungeoncraft_widgets.hero_vs_guardian.graph import targetable_locations
    from dungeoncraft_widgets.hero_vs_guardian.odds import best_order

    with pytest.raises(InvalidArgumentError, match="at most 12"):
        best_order("venture", {f"A{i}": [1] for i in range(40)}, ["room"])
    with pytest.raises(InvalidArgumentError, match="2 to 4 players, not 1000000000"):
        new_game(players=10**9)
    with pytest.raises(InvalidArgumentError, match="at most 16 locations"):
        targetable_locations(None, entries=["A1"], mapped=["B2"] * 100_000)
    with pytest.raises(InvalidArgumentError, match="at most 4"):
        scout_venture_position("venture", list(range(10**6)), ["D02"])
    with pytest.raises(InvalidArgumentError, match="2000 characters"):
        parse_typed_adventurers("Rogue: 1\n" * 10_000, 1)


# ---------------------------------------------------------------- issue 24: games end
def started_with_rooms(seed=0, players=2):
    """A game past its set-up whose Guardian kept two rooms (so he may Restock)."""
    game = new_game(players=players, seed=seed)
    for text in ("deal", "entry A1 west", "entry D1 east"):
        game.apply(text)
    for card in [c for c in game.opening if game.cards.is_room(c)][:2]:
        game.apply(f"keep {card}")
    for _ in range(players - 1):
        game.apply("recruit random")
    return game


def test_a_restock_that_sets_nothing_counts_as_no_action():
    """'The Guardian may place any number of Room Cards': a Restock may set none, and a
    round of such Restocks changes nothing, so the stalemate guard ends the game (with every
    Hero out, GuardianBot Restocked and said done forever: 3,000 actions at round 539)."""
    game = started_with_rooms(seed=0)
    game.apply("end")                                  # the Hero does nothing...
    for _ in range(2):
        game.apply("restock")                          # ...the Guardian spends his stones
        game.apply("done")                             # on Restocks that set no room
    assert game.is_over and game.end_reason == "stalemate" and game.round_no == 1
    assert any("Nothing changed" in e.text for e in game.log if e.kind == "stalemate")
    # A Restock that sets a room is an action: the game goes on.
    game = started_with_rooms(seed=0)
    game.apply("end")
    game.apply("restock")
    room = next(c for c in game.guardian_hand if game.cards.is_room(c))
    loc = next(loc for loc in hvg.LOCATIONS if len(game.grid[loc]) == 1)
    game.apply(f"set {room} {loc}")
    game.apply("done")
    game.apply("pass")
    assert not game.is_over and game.round_no == 2


def test_actions_that_undo_each_other_count_as_none():
    """Taking an Item back and playing it on the same Adventurer again, round after round,
    changes nothing: a whole cycle of such rounds ends the game."""
    game = started_with_rooms(seed=2)
    items = [c for c in game.hands[0] if game.cards[c].get("kind") == "item"]
    game.apply(f"play {items[0]} {game.party[0][0]}")  # an acting round: goes on
    game.apply("pass")
    game.apply("end")
    game.apply("pass")
    assert not game.is_over
    game.apply(f"take {items[0]}")                     # back in hand...
    game.apply("pass")
    game.apply(f"play {items[0]} {game.party[0][0]}")  # ...and on the same Adventurer
    game.apply("pass")
    game.apply("end")
    game.apply("pass")
    assert game.is_over and game.end_reason == "stalemate"


class StubbornGuardian:
    """GuardianBot's old habit: with the Hero out, Restock (whenever legal) and say done."""

    name = "stubborn"

    def choose(self, view, legal):
        for text in ("done", "restock", "pass"):
            action = hvg.parse_action(text)
            if action in legal:
                return action
        return legal[0]


class EndingHero:
    name = "ends"

    def choose(self, view, legal):
        for text in ("end", "recruit random"):
            action = hvg.parse_action(text)
            if action in legal:
                return action
        return legal[0]


def test_bots_that_only_waste_stones_end_the_game_by_the_rules():
    from dungeoncraft_widgets.core.bots import play_bots
    from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot

    for players in (2, 3):
        game = started_with_rooms(seed=1, players=players)
        bots = {h: EndingHero() for h in range(players - 1)}
        bots[game.guardian] = StubbornGuardian()
        done = play_bots(game, bots, max_actions=200)
        assert game.is_over and game.end_reason == "stalemate", done
        assert done <= 6 * players
    # GuardianBot no longer Restocks where it sets nothing.
    game = started_with_rooms(seed=1)
    done = play_bots(game, {0: EndingHero(), 1: GuardianBot(seed=0)}, max_actions=200)
    assert game.is_over and "restock" not in [str(a) for a in game.history[-6:]]


def test_hero_bot_against_guardian_bot_seed_0_ends():
    """The reported game: HeroBot against GuardianBot, seed 0, 2 players (3,000 actions at
    round 539 before); it now ends by the rules, well inside MAX_ACTIONS."""
    from dungeoncraft_widgets.core.bots import play_bots
    from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot, HeroBot

    for guardian_seed in (0, 1):
        game = new_game(2, seed=0)
        done = play_bots(game, {0: HeroBot(seed=0), 1: GuardianBot(seed=guardian_seed)},
                         max_actions=hvg.MAX_ACTIONS)
        assert game.is_over and game.end_reason in ("vault", "deck", "stalemate")
        assert done < 1500 and game.round_no < 200


@pytest.mark.slow  # 2 x 12 bot games a seed: about 30 s
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_game_ends_by_the_rules(players):
    """Every mix of HeroBot, GuardianBot and RandomBot ends (vault, deck or stalemate)
    within MAX_ACTIONS, from many seeds."""
    from dungeoncraft_widgets.core.bots import RandomBot, play_bots
    from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot, HeroBot

    longest = 0
    for seed in range(12):
        for hero_kind, guardian_kind in ((HeroBot, GuardianBot), (HeroBot, RandomBot),
                                         (RandomBot, GuardianBot), (RandomBot, RandomBot)):
            game = new_game(players, seed=seed)
            bots = {h: hero_kind(seed=seed * 7 + h) for h in range(players - 1)}
            bots[game.guardian] = guardian_kind(seed=seed)
            done = play_bots(game, bots, max_actions=hvg.MAX_ACTIONS)
            assert game.is_over, (seed, hero_kind.__name__, guardian_kind.__name__, done)
            longest = max(longest, done)
    assert longest < 2000


# ---------------------------------------------------------------- issue 24: real saves
def _start_edited(game, change):
    """``game`` saved as a position with no history (a position editor's save), with
    ``change`` made to that position."""
    doc = json.loads(game.to_json())
    doc["history"], doc["undo_floor"] = [], [0, ""]
    change(doc["current"]["state"])
    doc["start"] = json.loads(json.dumps(doc["current"]))
    return json.dumps(doc)


def _mid_game():
    game = started_with_rooms(seed=3)
    for text in ("draw treasure", "pass"):
        game.apply(text)
    return game


def _in_attempt():
    game = scout_venture_position("venture", ["A05", "A01"], ["D07", "D10"], seed=5)
    for text in ("venture A1", "order A05", "order A01", "enter"):
        game.apply(text)
    return game


@pytest.mark.parametrize(("make", "change", "message"), [
    (_mid_game, lambda s: s["dungeon_deck"].__setitem__(0, "?"), "'?' is for a player's view"),
    (_mid_game, lambda s: s["grid"]["B2"].append(s["party"][0][0]), "grid.B2: A.* is not a room"),
    (_mid_game, lambda s: s["market"].append(s["dungeon_deck"].pop()), "market: D.* is not a "
                                                                       "Treasure card"),
    (_mid_game, lambda s: s["party"][0].append(s["party"][0][0]), "in two places"),
    (_mid_game, lambda s: s["guardian_hand"].append(s["grid"]["A1"].pop()),
     "guardian_hand: D.* is not a Dungeon card of the deck"),
    (_mid_game, lambda s: s.__setitem__("opening", [s["dungeon_deck"].pop()]), "opening"),
    (_mid_game, lambda s: s.__setitem__("hero_stones", 20), "hero_stones"),
    (_mid_game, lambda s: s.__setitem__("turn", "guardian") or s.__setitem__("guardian_stones",
                                                                             0), "turn"),
    (_mid_game, lambda s: s.__setitem__("entries", [["A1", "west"], ["A4", "west"]]),
     "opposite edges"),
    (_mid_game, lambda s: s.__setitem__("entries", [["B2", "west"], ["D1", "east"]]),
     "not on the west edge"),
    (_mid_game, lambda s: s["grid"]["B2"].extend(s["grid"]["C2"] + s["grid"]["C3"])
     or s["grid"]["C2"].clear() or s["grid"]["C3"].clear(), "at most 2 rooms"),
    (_mid_game, lambda s: s.__setitem__("phase", "keep"), "phase 'keep'"),
    (_mid_game, lambda s: s.__setitem__("round_no", 0), "round_no"),
    (_mid_game, lambda s: s.__setitem__("idle_rounds", 1), "idle_rounds"),
    (_mid_game, lambda s: s.__setitem__("end_reason", "vault"), "Vault has not been Ventured"),
    (_in_attempt, lambda s: s["attempt"].__setitem__("next", 2), "attempt.next"),
    (_in_attempt, lambda s: s["attempt"].__setitem__("current", "D30"), "attempt.current"),
    (_in_attempt, lambda s: s["attempt"]["order"].append("A05"), "attempt.order"),
    (_in_attempt, lambda s: s["attempt"].__setitem__("victim", "Z9"), "no card 'Z9'"),
    (_in_attempt, lambda s: s.__setitem__("turn", "guardian"), "attempt"),
])
def test_a_start_no_game_could_reach_is_refused_by_name(make, change, message):
    """Replaying the history proves a save agrees with its start, not that the start is a
    real position: an edited start is refused, naming what is wrong."""
    game = make()
    assert load_game(_start_edited(game, lambda s: None)).to_json()  # as it is: loads
    with pytest.raises(SaveFormatError, match=message):
        load_game(_start_edited(game, change))


@pytest.mark.parametrize("value", ["x", 10**9, 0, True, [], 2.5])
def test_options_pass_the_checks_of_new_game(value):
    game = _mid_game()
    doc = json.loads(game.to_json())
    doc["options"]["cards"] = value
    with pytest.raises(SaveFormatError, match="cards"):
        load_game(json.dumps(doc))
    doc = json.loads(game.to_json())
    doc["options"]["round_limit"] = value                     # no such option
    with pytest.raises(SaveFormatError, match="unknown option.*round_limit"):
        load_game(json.dumps(doc))
    with pytest.raises(InvalidArgumentError, match="unknown option"):
        new_game(round_limit=value)


# ---------------------------------------------------------------- issue 24: undo never un-sees
def test_a_card_played_or_removed_face_up_cannot_be_taken_back():
    """Play and Discard show a card that was hidden (a hand, a face-down room): undo stops."""
    game = started_with_rooms(seed=2)
    items = [c for c in game.hands[0] if game.cards[c].get("kind") == "item"]
    game.apply(f"play {items[0]} {game.party[0][0]}")
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match="played face up"):
        game.undo()
    game.apply("restock")                                   # the Guardian's turn
    assert game.can_undo                                    # nothing shown yet
    room = next(c for c in game.guardian_hand if game.cards.is_room(c))
    loc = next(loc for loc in hvg.LOCATIONS if len(game.grid[loc]) == 1
               and loc not in game.tokens)
    game.apply(f"set {room} {loc}")
    hidden = next(r for r in game.grid[loc] if r != room and r not in game.face_up)
    assert game.can_undo
    game.apply(f"discard {hidden}")                         # a face-down room, now public
    assert not game.can_undo and "removed face up" in game.undo_reason


def test_the_adventurer_deck_shown_to_a_picking_hero_cannot_be_taken_back():
    game = new_game(seed=4)
    for text in ("deal", "entry A1 west", "entry D1 east"):
        game.apply(text)
    for _ in range(2):
        game.apply(f"keep {game.opening[0]}")
    game.apply("recruit pick")
    assert HIDDEN not in game.view(0).adv_deck and not game.can_undo


def test_every_view_lists_the_legal_actions_of_its_player():
    """The acting player's view lists exactly the game's legal actions (the Hero recruiting
    reads a face-down deck: it counts what is not in sight); the others' views list none."""
    checked = 0
    for seed, players in ((1, 2), (2, 3)):
        game, rng = new_game(players, seed=seed), Rng(seed)
        while not game.is_over and len(game.history) < 300:
            legal = game.legal_actions()
            for p in range(players):
                listed = game.view(p).legal_actions()
                assert listed == (legal if p == game.current_player else [])
                checked += 1
            game.apply(rng.choice(legal))
    assert checked > 500


def test_a_game_ended_by_the_stalemate_guard_saves_and_loads():
    """Its last position has every Hero's round idle: a real position, once the game is over."""
    game = started_with_rooms(seed=0)
    for text in ("end", "restock", "done", "restock", "done"):
        game.apply(text)
    assert game.end_reason == "stalemate" and game.idle_rounds == 1
    doc = json.loads(game.to_json())
    doc["start"], doc["history"] = doc["current"], []
    doc["undo_floor"] = [0, ""]
    assert load_game(json.dumps(doc)).is_over
    assert load_game(game.to_json()).to_json() == game.to_json()


def test_a_rebuild_that_puts_every_room_back_changes_nothing():
    """A Rebuild may leave every room where it was: such a round is idle too; one that
    moves a room is not."""
    for swap in (False, True):
        game = started_with_rooms(seed=4)
        game.apply("end")
        game.apply("rebuild")
        locs = [loc for loc in hvg.LOCATIONS if len(game.grid[loc]) == 1
                and loc not in game.tokens][:3]
        rooms = [game.grid[loc][0] for loc in locs]
        for loc in locs:
            game.apply(f"lift {loc}")
        if game.build is not None and game.build["stage"] == "lift":
            game.apply("arrange")
        order = rooms[1:] + rooms[:1] if swap else rooms
        for room, loc in zip(order, locs, strict=True):
            game.apply(f"set {room} {loc}")
        game.apply("pass")
        assert game.is_over == (not swap), swap
