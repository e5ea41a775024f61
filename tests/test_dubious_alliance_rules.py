"""Dubious Alliance engine: targeted rule tests (the generic conformance checks run
for every registered game in test_conformance.py)."""

import dataclasses
import json
import re

import pytest

from dungeoncraft_widgets import dubious_alliance as da
from dungeoncraft_widgets.core import IllegalActionError, InvalidArgumentError
from dungeoncraft_widgets.core.errors import SaveFormatError
from dungeoncraft_widgets.core.rng import Rng

CHIEFS = ["gogog_bloodthroat", "uzga_bonewitch", "brokk_ironhide", "murza_skullsplitter",
          "grishnak_the_sly", "skarr_dragoneye", "vrak_the_envious"]


def game(n=3, seed=5, chiefs=None):
    return da.new_game(n, seed=seed, characters=chiefs or CHIEFS[:n])


def give(state, p, cards):
    """Put exactly ``cards`` in p's hand, swapping them with the deck (pieces conserved)."""
    for c in cards:
        for pile in [state.deck, *state.hands]:
            if c in pile and pile is not state.hands[p]:
                pile.remove(c)
                break
        else:
            assert c in state.hands[p], c
            continue
        state.hands[p].append(c)
    while len(state.hands[p]) > len(cards):
        extra = next(c for c in state.hands[p] if c not in cards)
        state.hands[p].remove(extra)
        state.deck.insert(0, extra)


def fetch(state, card):
    """Take ``card`` out of the deck or a hand (a hand gets a deck card instead)."""
    if card in state.deck:
        state.deck.remove(card)
        return card
    hand = next(h for h in state.hands if card in h)
    hand[hand.index(card)] = state.deck.pop()
    return card


def set_all(state, cards):
    """Every player (in turn order) sets the card cards[p]."""
    for _ in range(state.n):
        p = state.current_player
        if cards[p] not in state.hands[p]:
            give(state, p, [cards[p], *[c for c in state.hands[p] if c != cards[p]][:3]])
        state.apply(f"set {cards[p]}")


def everyone_done(state):
    while state.phase == "trade":
        state.apply("done")


def test_setup_dealer_is_lowest_prestige_draw_and_deck_reshuffled():
    for seed in range(6):
        state = game(4, seed)
        draws = [e for e in state.log if e.kind == "dealer_draw"]
        last = {}
        for e in draws:
            last[e.player] = state.card(e.data["card"]).draw_value()
        first_round = {e.player: state.card(e.data["card"]).draw_value() for e in draws[:4]}
        assert min(first_round.values()) == first_round[state.dealer] or len(draws) > 4
        assert last[state.dealer] == min(last[p] for p in last)
        assert state.tracker == ["traded"] * 4
        assert all(len(h) == 4 for h in state.hands)
        assert len(state.deck) == 121 - 16 and state.discard == []
        assert state.current_player == state.left(state.dealer)
        assert sorted(state.characters + state.box) == sorted(CHIEFS)


def test_bad_arguments_are_refused():
    with pytest.raises(InvalidArgumentError, match="players"):
        da.new_game(2)
    with pytest.raises(InvalidArgumentError, match="characters"):
        da.new_game(3, characters=["gogog_bloodthroat"] * 3)


def test_view_hides_hands_deck_and_face_down_cards():
    state = game()
    order = state.order()
    a, b, c = order
    cards = {p: state.hands[p][0] for p in order}
    set_all(state, cards)
    seen = state.view(a)
    assert seen.unrevealed[a] == cards[a]  # my own card, not yet traded
    assert seen.unrevealed[b] == da.UNKNOWN and seen.hands[b] == [da.UNKNOWN] * 3
    assert set(seen.deck) == {da.UNKNOWN} and seen.hands[a] == state.hands[a]
    assert all(e.visible_to in (None, (a,)) for e in seen.log)
    assert not any(cards[b] in json.dumps(e.data) for e in seen.log if e.kind in ("set", "hand"))
    state.apply(f"offer {b} a safe place to rest")
    state.apply("accept")
    for p in (a, b):
        assert state.view(p).unrevealed[p] == da.UNKNOWN, "after a trade nobody sees their card"
    assert state.unrevealed[a] == cards[b] and state.unrevealed[b] == cards[a]
    assert state.view(c).unrevealed[c] == cards[c]


def test_trading_rules_one_trade_per_pair_and_claims_recorded():
    state = game()
    a, b, c = state.order()
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    with pytest.raises(IllegalActionError, match="claim"):
        state.apply(da.Offer(b, "two  spaces\nand a line"))
    state.apply(f"offer {b} shiny, honest")  # a lie, maybe: never checked
    assert state.claims[-1]["claim"] == "shiny, honest"
    assert any(e.kind == "offer" and '"shiny, honest"' in e.text for e in state.log)
    with pytest.raises(IllegalActionError, match="answer the offer"):
        state.apply("done")
    state.apply("accept")
    # b's turn: b may not trade again with a this round
    assert state.current_player == b
    with pytest.raises(IllegalActionError, match="same Player"):
        state.apply(f"offer {a}")
    state.apply(f"offer {c}")
    state.apply("decline")
    assert state.current_player == c
    state.apply(f"offer {a}")
    state.apply("decline")
    assert state.current_player == a
    state.apply("done")
    assert state.current_player == b
    with pytest.raises(IllegalActionError, match="one offer"):
        state.apply(f"offer {c}")
    state.apply("done")  # a and b Done: c is the last, so trading ends
    assert state.phase != "trade"
    tracker = next(e for e in reversed(state.log) if e.kind == "tracker").data["levels"]
    assert tracker[a] == tracker[b] == "traded" and tracker[c] == "did_not_trade"


def test_done_players_receive_no_offers():
    state = game()
    a, b, c = state.order()
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    state.apply("done")
    with pytest.raises(IllegalActionError, match="Done"):
        state.apply(f"offer {a}")


def test_a_must_trade_player_cannot_dodge_by_saying_done():
    state = game()
    a, b, c = state.order()
    state.tracker[a] = "must_trade"
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    state.apply("done")  # a says Done at once
    assert da.Offer(a) in state.legal_actions()
    state.apply(f"offer {a} a gift")
    assert state.current_player == a and state.legal_actions() == [da.Accept()]
    state.apply("accept")
    assert state.traded[a]
    with pytest.raises(IllegalActionError, match="Done|same Player"):
        state.apply(f"offer {a}")


def test_trade_tracker_levels_and_must_trade_accepts_first_offer():
    state = game(seed=11)
    a, b, c = state.order()
    levels = []
    for _ in range(3):
        set_all(state, {p: state.hands[p][0] for p in range(3)})
        state.apply(f"offer {b}")
        state.apply("accept")
        everyone_done(state)
        while state.phase == "resolve":
            state.apply("pass")
        levels.append(state.tracker[c])
        assert state.tracker[a] == state.tracker[b] == "traded"
        if state.is_over:
            pytest.fail("this seed should not end so soon")
    assert levels == ["did_not_trade", "must_trade", "must_trade"]
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    while state.current_player != a:
        state.apply("done")
    state.apply(f"offer {c} trust me")
    assert state.current_player == c
    assert state.legal_actions() == [da.Accept()]
    with pytest.raises(IllegalActionError, match="Must Trade"):
        state.apply("decline")
    state.apply("accept")
    everyone_done(state)
    assert state.tracker[c] == "traded"


def test_dealer_discards_revealed_card_unless_everyone_traded():
    state = game(seed=3)
    a, b, c = state.order()  # c is the Dealer
    assert c == state.dealer
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    dealer_card = state.unrevealed[c]
    everyone_done(state)
    assert any(e.kind == "dealer_discard" for e in state.log)
    assert dealer_card in state.discard or dealer_card not in state.active[c]
    # next round: a-b, b-c, so every player traded: nothing discarded
    while state.phase == "resolve":
        state.apply("pass")
    before = sum(e.kind == "dealer_discard" for e in state.log)
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    state.apply(f"offer {b}")
    state.apply("accept")
    state.apply(f"offer {c}")
    state.apply("accept")
    everyone_done(state)
    assert sum(e.kind == "dealer_discard" for e in state.log) == before


def test_resolve_order_dealer_last_and_armor_limit():
    state = game(seed=4)
    a, b, c = state.order()
    state.active[a] = []
    give(state, a, ["leather_jerkin", "chainmail_shirt", "torch", "gold_coins"])
    for card in ["leather_jerkin", "chainmail_shirt"]:
        cards = {a: card, b: state.hands[b][0], c: state.hands[c][0]}
        set_all(state, cards)
        everyone_done(state)
        while state.phase == "resolve":
            state.apply("pass")
        armor = [x for x in state.active[a] if "Armor" in state.card(x).types]
        assert armor == [card], "only one Armor: the previous is Discarded"
    assert "leather_jerkin" in state.discard
    reveal = next(e for e in state.log if e.kind == "reveal")
    assert reveal.data["cards"][-1] is not None and reveal.text.index(state.players[c]) > \
        reveal.text.index(state.players[a])


def test_death_ends_game_for_everyone():
    state = game(seed=8)
    a, b, c = state.order()
    state.active[b] = []
    base = state.survival(b)
    # b's Active cards bring Survival to 2; then a Dragon's Breath (-5) kills b
    fillers = [x for x in ("cave_troll", "wyvern", "basilisk", "minotaur", "shadow_wraith",
                           "ogre_brute") if x in state.deck]
    for x in fillers:
        if state.survival(b) - 3 >= 2:
            state.deck.remove(x)
            state.active[b].append(x)
    while state.survival(b) > 2:
        x = next(x for x in state.deck if state.card(x).survival == -1)
        state.deck.remove(x)
        state.active[b].append(x)
    assert state.survival(b) == 2 < base
    set_all(state, {a: state.hands[a][0], b: "dragons_breath", c: state.hands[c][0]})
    everyone_done(state)
    while state.phase == "resolve":
        state.apply("pass")
    assert state.is_over and state.outcome["dead"] == b  # everyone passed: nobody saved b
    assert state.outcome["winner"] is None
    assert state.legal_actions() == [] and state.current_player is None


def test_first_in_order_to_reach_goal_wins():
    state = game(seed=9, chiefs=["grishnak_the_sly", "uzga_bonewitch", "vrak_the_envious"])
    a, b, c = state.order()
    plain = [x for x in state.deck if (state.card(x).prestige or 0) > 0
             and state.card(x).survival >= 0 and not state.card(x).instructions
             and "Armor" not in state.card(x).types and "Weapon" not in state.card(x).types
             and x not in ("gold_coins", "war_council")]
    for p in (a, b):
        state.active[p] = []
        while state.prestige(p) < state.goal(p) - 2:
            need = state.goal(p) - 2 - state.prestige(p)
            x = next(x for x in plain if state.card(x).prestige <= need)
            plain.remove(x)
            fetch(state, x)
            state.active[p].append(x)
        assert state.prestige(p) == state.goal(p) - 2
    set_all(state, {a: "gold_coins", b: "war_council", c: state.hands[c][0]})
    everyone_done(state)
    while state.phase == "resolve":
        state.apply("pass")
    assert state.is_over and state.outcome["winner"] == a


def test_draw_until_type_and_card_without_values():
    state = game(seed=6)
    a, b, c = state.order()
    # put a Monster deep in the deck and only non-Monsters on top
    monsters = [x for x in state.deck if "Monster" in state.card(x).types]
    others = [x for x in state.deck if "Monster" not in state.card(x).types
              and not state.card(x).instructions]
    state.deck = [x for x in state.deck if x not in others[:3]] + others[:3]
    set_all(state, {a: "snarl_awakens", b: state.hands[b][0], c: state.hands[c][0]})
    everyone_done(state)
    while state.phase == "resolve":
        state.apply("pass")
    drawn = [e.data["card"] for e in state.log if e.kind == "draw" and e.player == a]
    assert [state.card(x).types for x in drawn[:-1]] and "Monster" in state.card(drawn[-1]).types
    assert all(x in state.discard for x in drawn[:-1])
    assert drawn[-1] in state.active[a] or drawn[-1] in state.discard
    assert "snarl_awakens" in state.discard and "snarl_awakens" not in state.active[a]
    assert monsters


def test_protection_scroll_hinders_another_players_card_then_is_discarded():
    state = game(seed=2)
    a, b, c = state.order()
    fetch(state, "protection_scroll")
    state.active[c].append("protection_scroll")
    set_all(state, {a: "gold_coins", b: state.hands[b][0], c: state.hands[c][0]})
    everyone_done(state)
    assert state.phase == "resolve" and state.current_player == c
    assert da.Use("protection_scroll") in state.legal_actions()
    state.apply("use protection_scroll")
    assert "gold_coins" in state.discard and "protection_scroll" in state.discard
    assert "protection_scroll" not in state.active[c]
    while state.phase == "resolve":
        state.apply("pass")
    assert "gold_coins" not in state.active[a]


def test_location_power_only_while_current():
    state = game(seed=2)
    a, b, c = state.order()
    fetch(state, "healing_pool")
    state.active[a].append("healing_pool")
    set_all(state, {a: "pit_trap", b: state.hands[b][0], c: state.hands[c][0]})
    everyone_done(state)
    assert da.Use("healing_pool") in state.legal_actions() and state.current_player == a
    state2 = game(seed=2)
    fetch(state2, "healing_pool")
    fetch(state2, "empty_chamber")
    state2.active[a] += ["healing_pool", "empty_chamber"]  # moved on: the Pool is a former one
    set_all(state2, {a: "pit_trap", b: state2.hands[b][0], c: state2.hands[c][0]})
    everyone_done(state2)
    assert state2.current_player != a or da.Use("healing_pool") not in state2.legal_actions()


def test_throne_room_forces_a_trade_once_per_round():
    state = game(seed=2, chiefs=["uzga_bonewitch", "brokk_ironhide", "murza_skullsplitter"])
    a, b, c = state.order()
    fetch(state, "the_throne_room")
    state.active[a].append("the_throne_room")
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    mine, theirs = state.unrevealed[a], state.unrevealed[c]
    state.apply(f"force the_throne_room {c}")
    assert state.unrevealed[a] == theirs and state.unrevealed[c] == mine
    state.apply("done")  # b
    state.apply("done")  # c
    assert state.phase != "trade"
    state2 = game(seed=2, chiefs=["uzga_bonewitch", "brokk_ironhide", "murza_skullsplitter"])
    set_all(state2, {p: state2.hands[p][0] for p in range(3)})
    with pytest.raises(IllegalActionError, match="force_trade"):
        state2.apply(f"force the_throne_room {c}")


def test_gogog_forces_only_with_prestige_two():
    state = game(seed=2)  # seat 0 is Gogog
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    while state.current_player != 0:
        state.apply("done")
    forces = [x for x in state.legal_actions() if isinstance(x, da.Force)]
    assert (state.prestige(0) >= 2) == bool(forces)
    assert da.DrawPower("gogog_bloodthroat") in state.legal_actions()
    before = len(state.active[0]) + len(state.discard)
    state.apply("draw gogog_bloodthroat")
    assert len(state.active[0]) + len(state.discard) > before
    if state.phase == "trade" and state.current_player == 0:
        assert da.DrawPower("gogog_bloodthroat") not in state.legal_actions()


def test_load_deck_rejects_bad_data_and_accepts_an_owners_deck():
    doc = json.loads(da.data.DATA_FILE.read_text())
    assert "RECONSTRUCTION" in doc["reconstruction"]
    bad = json.loads(json.dumps(doc))
    bad["cards"][0]["instructions"] = [{"when": "reveal", "do": "explode"}]
    with pytest.raises(ValueError, match="explode"):
        da.load_deck(bad)
    bad = json.loads(json.dumps(doc))
    bad["cards"][1]["survival"] = None
    with pytest.raises(ValueError, match="both"):
        da.load_deck(bad)
    small = json.loads(json.dumps(doc))
    small["cards"] = small["cards"][:40]
    state = da.new_game(3, seed=1, deck=small)
    assert sum(state.components()[c["id"]] for c in small["cards"]) == 40
    assert da.load_game(state.to_json()).to_json() == state.to_json()


def test_scroll_of_thievery_takes_a_revealed_card_no_replacement():
    state = game(seed=2)
    a, b, c = state.order()
    fetch(state, "scroll_of_thievery")
    state.active[c].append("scroll_of_thievery")
    set_all(state, {a: "gold_coins", b: state.hands[b][0], c: state.hands[c][0]})
    everyone_done(state)
    assert state.current_player == c and da.Use("scroll_of_thievery") in state.legal_actions()
    state.apply("use scroll_of_thievery")
    assert "scroll_of_thievery" in state.discard
    while state.phase == "resolve":
        state.apply("pass")
    assert "gold_coins" in state.active[c] and "gold_coins" not in state.active[a]
    assert not any(e["holder"] == a for e in state.revealed), "no replacement Revealed card"


def test_pickpocket_takes_the_left_players_revealed_card():
    state = game(seed=2)
    a, b, c = state.order()
    assert b == state.left(a)
    set_all(state, {a: "pickpocket", b: "gold_coins", c: state.hands[c][0]})
    everyone_done(state)
    while state.phase == "resolve":
        state.apply("pass")
    assert "gold_coins" in state.active[a] and "gold_coins" not in state.active[b]
    assert "pickpocket" in state.discard and "pickpocket" not in state.active[a]


def test_desertion_sets_the_trade_tracker():
    state = game(seed=2)
    a, b, c = state.order()
    set_all(state, {a: "desertion", b: state.hands[b][0], c: state.hands[c][0]})
    state.apply(f"offer {b}")
    state.apply("accept")  # a traded its Desertion away to b
    everyone_done(state)
    while state.phase == "resolve":
        state.apply("pass")
    assert state.tracker[b] == "must_trade" and state.tracker[a] == "traded"


def test_a_trade_cannot_be_undone_but_an_offer_can():
    state = game()
    a, b, c = state.order()
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    before = state.to_json()
    state.apply(f"offer {b} trust me")
    state.undo()
    assert state.to_json() == before
    state.apply(f"offer {b} trust me")
    state.apply("accept")
    after = state.to_json()
    with pytest.raises(IllegalActionError, match="undo a Trade"):
        state.undo()
    assert state.to_json() == after


# ---------------------------------------------------------------- issue 11: rule fidelity
def resolve_all(state):
    while state.phase == "resolve":
        state.apply("pass")


def test_a_card_taken_after_it_was_resolved_is_followed_again_when_gained():
    """'When a card is added to the Active Hand follow its special instructions, even if it
    was Resolved before.' b Resolves Rust Monster (b Discards an Armor); c then takes it
    with Treachery (from the right), and gaining it makes c Discard an Armor too."""
    state = game(4, seed=4)
    a, b, c, d = state.order()
    assert state.right(c) == b and d == state.dealer
    for p, armor in ((b, "leather_jerkin"), (c, "chainmail_shirt")):
        state.active[p] = [fetch(state, armor)]
    set_all(state, {a: state.hands[a][0], b: "rust_monster", c: "treachery",
                    d: state.hands[d][0]})
    everyone_done(state)
    resolve_all(state)
    assert "leather_jerkin" in state.discard, "b Resolved Rust Monster: b's Armor went"
    assert "chainmail_shirt" in state.discard, "c gained Rust Monster: c follows it again"
    assert "rust_monster" in state.active[c] and "rust_monster" not in state.active[b]
    assert any(e.kind == "resolve" and e.player == c and "Gaining an Active card" in e.text
               for e in state.log)


def test_a_card_resolved_and_gained_by_the_same_player_is_followed_once():
    state = game(3, seed=4)
    a, b, c = state.order()
    state.active[a] = [fetch(state, "torch"), fetch(state, "rope_and_grapple")]
    set_all(state, {a: "mimic", b: state.hands[b][0], c: state.hands[c][0]})
    everyone_done(state)
    resolve_all(state)
    assert state.active[a][:2] == ["torch", "mimic"], "Mimic Discards one Item, not two"


def test_undo_stops_at_a_set_card_a_trade_the_reveal_and_a_draw():
    state = game(3, seed=5)
    a, b, c = state.order()
    p = state.current_player
    state.apply(f"set {state.hands[p][0]}")
    assert not state.can_undo
    with pytest.raises(IllegalActionError, match="placed on the table"):
        state.undo()
    for q in (b, c):
        state.apply(f"set {state.hands[q][0]}")
    state.apply(f"offer {b} trust me")
    assert state.can_undo  # an offer reveals nothing and may be taken back
    state.apply("accept")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="undo a Trade"):
        state.undo()
    assert state.to_json() == before
    state.apply("done")  # b
    assert state.current_player == c and state.can_undo
    state.apply("done")  # c: Trading ends and the cards are Revealed
    assert state.phase != "trade"
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="cannot undo done: the Unrevealed cards have "
                                                 "been Revealed"):
        state.undo()
    assert state.to_json() == before


def test_undo_stops_after_a_draw_power():
    state = game(3, seed=2)  # seat 0 is Gogog: may Draw once during Trading
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    while state.current_player != 0:
        state.apply("done")
    state.apply("draw gogog_bloodthroat")
    with pytest.raises(IllegalActionError, match="drawn from the Draw deck"):
        state.undo()


def low_survival(state, p, target, keep=()):
    """Give p Active cards (from the deck, not ``keep``) that bring Survival to ``target``."""
    state.active[p] = []
    while state.survival(p) > target:
        gap = state.survival(p) - target
        x = max((x for x in state.deck if state.card(x).survival is not None and x not in keep
                 and -gap <= state.card(x).survival < 0 and not state.card(x).instructions
                 and (state.card(x).prestige or 0) == 0),
                key=lambda x: -state.card(x).survival, default=None)
        if x is None:
            x = next(x for x in state.deck if state.card(x).survival == -1 and x not in keep
                 and not state.card(x).instructions)
        state.deck.remove(x)
        state.active[p].append(x)
    assert state.survival(p) == target


def test_every_instruction_verb_is_declared_once_and_worded_from_the_vocabulary():
    from dungeoncraft_widgets.dubious_alliance.effects import TERMS, VOCABULARY, effect_text

    deck = da.load_deck()
    assert set(TERMS) == set(VOCABULARY)
    for card in [*deck.cards.values(), *deck.player_cards.values()]:
        assert all(ins["do"] in VOCABULARY for ins in card.instructions)
        if card.instructions:  # a deck of one's own may print no text: words from the data
            words = effect_text(dataclasses.replace(card, text=""))
            assert words.count(": ") == len(card.instructions) and words.endswith("."), words


def test_every_rule_note_quotes_the_rulebook_sentence_it_rests_on():
    assert da.RULE_NOTES is da.rules.RULE_NOTES and len(da.RULE_NOTES) >= 10
    for note in da.RULE_NOTES:
        assert re.search(r"'[A-Za-z][^']{15,}'", note), note


def test_survival_below_zero_in_mid_round_then_healed_lives():
    """RULE_NOTES: Survival is checked at the end of the round ('ever' = at any check)."""
    state = game(3, seed=2)  # seat 0: Gogog, who may Draw during Trading
    low_survival(state, 0, 2)
    state.deck.remove("hill_giant")
    state.deck.append("hill_giant")  # the top card: Survival -4
    cards = {p: state.hands[p][0] for p in range(3)}
    cards[0] = "shamans_blessing"  # Survival +3 once Active
    set_all(state, cards)
    while state.current_player != 0:
        state.apply("done")
    assert state.dealer != 0, "the seed makes Gogog a non-Dealer: his card is Revealed"
    state.apply("draw gogog_bloodthroat")
    assert "hill_giant" in state.active[0] and state.survival(0) == -2
    everyone_done(state)
    resolve_all(state)
    assert not any(e.kind == "death" for e in state.log)
    assert state.survival(0) == 1 and not (state.is_over and state.outcome["dead"] == 0)


def test_a_winner_who_scores_before_the_killed_player_wins():
    """'If a Player wins by killing another Player ..., the Player still wins as long as
    they score before the Player who was killed.'"""
    state = game(3, seed=9, chiefs=["grishnak_the_sly", "uzga_bonewitch", "vrak_the_envious"])
    a, b, c = state.order()
    low_survival(state, b, 1, keep=["rotten_meat"])
    state.active[a] = [fetch(state, x) for x in ("heros_welcome", "war_council", "gem_pouch",
                                                   "map_of_the_hoard", "wand_of_sparks")]
    state.active[a].append(fetch(state, "silver_goblet"))
    assert state.goal(a) - state.prestige(a) == 1
    set_all(state, {a: "gold_coins", b: "rotten_meat", c: state.hands[c][0]})
    everyone_done(state)
    resolve_all(state)
    assert state.outcome == {"winner": a, "dead": None, "reason": state.outcome["reason"]}
    assert state.survival(b) <= 0


def test_claims_naming_a_card_or_a_number_are_refused_and_change_nothing():
    state = game()
    a, b, c = state.order()
    set_all(state, {p: state.hands[p][0] for p in range(3)})
    before = state.to_json()
    for claim, why in [("it is the cave troll", "Cave Troll"), ("like snarls roar", "Roar"),
                       ("SNARL\u2019S ROAR for sure", "Snarl's Roar"), ("a torch", "Torch"),
                       ("worth 3 of yours", "'3'"), ("two hands of glory", "'two'"),
                       ("plus for your health", "'plus'"), ("x" * 121, "longer than 120")]:
        with pytest.raises(IllegalActionError, match=why.replace("'", "'?")):
            state.apply(da.Offer(b, claim))
        assert state.to_json() == before, claim
    for fine in ("this one would make Snarl weep", "a torchlit hall", "shiny, honest", ""):
        s2 = da.load_game(before)
        s2.apply(da.Offer(b, fine))


def test_log_sentences_read_as_english_with_a_player_called_you():
    from dungeoncraft_widgets.core.english import verb_form
    from dungeoncraft_widgets.dubious_alliance.bots import TemperamentBot

    state = da.new_game(["You", "Bot", "Bot", "Bot"], seed=12)
    bots = [TemperamentBot(t, seed=i) for i, t in enumerate(["honest", "liar", "hoarder",
                                                             "honest"])]
    while not state.is_over:
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    verbs = ["be", "set", "offer", "accept", "decline", "use", "Discard", "take", "have",
             "Resolve", "Draw", "draw", "gain", "follow", "deal", "reach", "command"]
    wrong = [f"You {verb_form('Bot', v)} " for v in verbs] + ["You's", "You is", "You has"]
    texts = [e.text for e in state.log]
    assert any(t.startswith("You are ") for t in texts)
    for text in texts:
        assert not any(w in text for w in wrong), text
        assert not any(f"{w} You " in text for w in ("offers", "with", "from", "of", "and")), text
        # Lists of players and cards: "your Gas Cloud", "Traded for you", not "You Gas Cloud".
        assert not (text.startswith(("Revealed:", "Trade Trackers:")) and "You " in text), text
    reveal = next(t for t in texts if t.startswith("Revealed:"))
    assert "your " in reveal and "'s " in reveal, reveal
    tracker = next(t for t in texts if t.startswith("Trade Trackers:"))
    assert " for " in tracker and "you" in tracker, tracker


# ---------------------------------------------------------------- issue 24: real saves
def _start_edited(state, change):
    """``state`` saved as a position with no history (a position editor's save), with
    ``change`` made to that position."""
    doc = json.loads(state.to_json())
    doc["history"], doc["undo_floor"] = [], [0, ""]
    change(doc["current"]["state"])
    doc["start"] = json.loads(json.dumps(doc["current"]))
    return json.dumps(doc)


def _trading():
    state = game(4, seed=7)
    while state.phase == "choose":
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: s["deck"].__setitem__(0, "?"), "'\\?' is for a player's view"),
    (lambda s: s["hands"][0].append(s["deck"][0]), "lies in 2 places"),
    (lambda s: s["deck"].pop(), "cards on the table, the deck has"),
    (lambda s: s.update(dealer=4), "seat number is 4 or more"),
    (lambda s: s.update(trade_turn=5), "seat number"),
    (lambda s: s["hands"][1].append("no_such_card"), "'no_such_card' is not a card"),
    (lambda s: s.update(characters=[s["characters"][0]] * 4), "characters"),
    (lambda s: s.update(phase="resolve"), "window: Resolving"),
    (lambda s: s.update(phase="over"), "outcome"),
    # the soak (7 players, seed 99): loaded, and the next Offer's claim was about nobody
    (lambda s: s["origin"].__setitem__(1, None), "origin: an Unrevealed card on the table "
                                                 "has no player who set it"),
    (lambda s: s["origin"].__setitem__(1, s["origin"][0]), "origin: two Unrevealed"),
])
def test_a_start_no_game_could_reach_is_refused_by_name(change, message):
    state = _trading()
    assert da.load_game(_start_edited(state, lambda s: None)).to_json()  # as it is: loads
    with pytest.raises(SaveFormatError, match=message):
        da.load_game(_start_edited(state, change))


@pytest.mark.parametrize("value", ["x", 10**9, 0, True, None, [], 2.5])
def test_options_pass_the_checks_of_new_game(value):
    text = _trading().to_json()
    doc = json.loads(text)
    doc["options"]["round_limit"] = value                     # no such option
    with pytest.raises(SaveFormatError, match="unknown option 'round_limit'"):
        da.load_game(json.dumps(doc))
    with pytest.raises(InvalidArgumentError, match="characters"):
        da.new_game(4, seed=1, characters=value if value is not None else "x")
    doc = json.loads(text)
    doc["options"]["characters"] = value if value is not None else [0]
    with pytest.raises(SaveFormatError, match="characters"):
        da.load_game(json.dumps(doc))


def test_the_acting_players_view_lists_the_games_legal_actions():
    checked = 0
    for seed in (3, 4):
        state, rng = da.new_game(5, seed=seed), Rng(seed)
        while not state.is_over and len(state.history) < 400:
            legal = state.legal_actions()
            for p in range(state.n):
                assert state.view(p).legal_actions() == (
                    legal if p == state.current_player else [])
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 1000
