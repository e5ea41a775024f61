"""Exact Dobbers odds: each checked by brute force on small decks and by Monte Carlo of
the real engine (its own shuffles, reshuffles, rows and Challenges), with fixed seeds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest
import sympy

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng
from dungeoncraft_widgets.dobbers import position
from dungeoncraft_widgets.dobbers.odds import (
    challenge_odds,
    draw_chance,
    expected_turns,
    hand_points,
    next_hand,
    stack_cards,
    stack_cases,
    unseen_cards,
)
from dungeoncraft_widgets.dobbers.sight import pool_for
from dungeoncraft_widgets.lessons.stats import proportion, sample_mean

QUANTITIES = ("travel", "challenge", "influence")


def exact(dist_counts: Counter, total: int) -> dict:
    return {v: sympy.Rational(n, total) for v, n in sorted(dist_counts.items())}


def points_of(game, p, hand, quantity):
    return hand_points(game.cards, hand, quantity, hero=game.heroes[p],
                       equipped=game.equipped[p], forged=game.forged[p])


# ------------------------------------------------------------------ a hand's points
def test_hand_points_are_what_the_engine_gives_when_everything_is_played():
    hand = ["helpful", "lucky_swing", "thorn_whip", "bottle_cap", "iron_bark", "endurance"]
    game = position(heroes=["toby"], hand=hand, equipped={"weapon": "wooden_knife"})
    p = game.turn_player
    expected = {q: points_of(game, p, hand, q) for q in QUANTITIES}
    for action in ("equip thorn_whip", "equip iron_bark", "use weapon", "use armor",
                   "play helpful", "play lucky_swing", "play bottle_cap", "play endurance"):
        game.apply(action)
    pool = game.pool()
    assert expected == {"travel": pool["blue"] + pool["red"],
                        "challenge": pool["red"] + pool["gold"],
                        "influence": pool["influence"]}


def test_a_weaker_equipment_card_in_the_hand_adds_nothing():
    game = position(heroes=["herb"], equipped={"weapon": "silver_sword"})
    p = game.turn_player
    assert points_of(game, p, ["wooden_knife"], "challenge") == \
        points_of(game, p, [], "challenge") == 1 + 3


# ------------------------------------------------------------------ the next hand
def brute_next_hand(game, p, quantity):
    """Every set of physical cards the Draw Phase may deal, equally likely."""
    deck = list(game.decks[p])
    refill = game.discards[p] + game.hands[p] + game.turn["held"]
    size = 5
    if len(deck) >= size:
        hands = [list(h) for h in combinations(deck, size)]
    else:
        hands = [deck + list(h) for h in combinations(refill, min(size - len(deck),
                                                                   len(refill)))]
    counts = Counter(points_of(game, p, h, quantity) for h in hands)
    return exact(counts, len(hands))


def short_deck_game():
    """A deck of 2 cards left: the next hand reshuffles the discard pile (with the Silver
    played this turn, already there) and this turn's hand."""
    game = position(heroes=["brindle"], hand=["silver", "helpful", "dobber_spear"],
                    equipped={"item": "traveling_kit"})
    p = game.turn_player
    deck = game.decks[p]
    game.discards[p] += [c for c in deck if c != "wooden_knife"][:-1]
    kept = [c for c in deck if c == "wooden_knife"] + [c for c in deck if c != "wooden_knife"][-1:]
    game.decks[p] = kept
    game.apply("play silver")
    assert len(game.decks[p]) == 2 and game.components() == game.expected_components()
    return game


@pytest.mark.parametrize("make", [
    lambda: position(heroes=["herb"], hand=[]),
    lambda: position(heroes=["toby"], hand=["rot", "silver"], equipped={"weapon": "ember"}),
    short_deck_game,
])
@pytest.mark.parametrize("quantity", QUANTITIES)
def test_next_hand_is_the_brute_force_count(make, quantity):
    game = make()
    p = game.turn_player
    assert next_hand(game.view(p), p, quantity) == brute_next_hand(game, p, quantity)
    assert sum(next_hand(game, p, quantity).values()) == 1


@pytest.mark.parametrize("make", [lambda: position(heroes=["toby"], hand=["rot", "silver"],
                                                   equipped={"weapon": "ember"}),
                                  short_deck_game])
def test_next_hand_agrees_with_the_engines_own_draw_phase(make):
    """The hands the engine's own Draw Phase deals (1,500 seeded runs), each quantity."""
    game = make()
    p = game.turn_player
    want = {q: next_hand(game.view(p), p, q) for q in QUANTITIES}
    runs = 1500
    seen = {q: Counter() for q in QUANTITIES}
    for seed in range(runs):
        run = game.copy()
        Rng(seed).shuffle(run.decks[p])  # the order the player does not know
        run.rng = Rng(10_000 + seed)      # the engine's reshuffle
        run.apply("end")
        for q in QUANTITIES:
            seen[q][points_of(run, p, run.hands[p], q)] += 1
    for q in QUANTITIES:
        assert set(seen[q]) <= set(want[q]), q
        for value, chance in want[q].items():
            assert proportion(seen[q][value], runs).agrees_with(chance), (q, value, chance)


# ------------------------------------------------------------------ drawing mid-turn
def brute_draw(game, p, quantity, need, draws):
    deck, discard = list(game.decks[p]), list(game.discards[p])
    if len(deck) >= draws:
        options = [list(c) for c in combinations(deck, draws)]
    else:
        options = [deck + list(c) for c in combinations(discard, min(draws - len(deck),
                                                                       len(discard)))]
    base = points_of(game, p, [], quantity)
    good = 0
    for drawn in options:
        gain = 0
        effects = [c for c in drawn if game.cards.type(c) == "Effect"]
        gain += points_of(game, p, effects, quantity) - base
        for slot in ("weapon", "armor", "item"):
            if slot in game.turn["used"]:
                continue
            mine = [c for c in drawn if game.cards.type(c).lower() == slot]
            gain += points_of(game, p, mine, quantity) - base
        good += gain >= need
    return sympy.Rational(good, len(options))


@pytest.mark.parametrize("draws", [1, 2, 3])
@pytest.mark.parametrize("need", [1, 2, 3])
def test_a_draw_covers_a_shortfall_as_often_as_brute_force_says(draws, need):
    game = position(heroes=["toby"], hand=["hearty_mushroom"],
                    equipped={"weapon": "wooden_knife"})
    p = game.turn_player
    game.apply("use weapon")      # the Knife is used: a drawn Weapon comes too late
    assert draw_chance(game.view(p), p, "challenge", need, draws) == \
        brute_draw(game, p, "challenge", need, draws)
    short = short_deck_game()
    q = short.turn_player
    assert draw_chance(short.view(q), q, "travel", need, draws) == \
        brute_draw(short, q, "travel", need, draws)


def test_a_draw_agrees_with_the_engine_playing_hearty_mushroom():
    """The deck is empty: Hearty Mushroom's draw makes the engine shuffle the discard pile."""
    game = position(heroes=["toby"], hand=["hearty_mushroom"])
    p = game.turn_player
    game.discards[p] += game.decks[p]
    game.decks[p] = []
    want = draw_chance(game.view(p), p, "travel", 1)
    assert 0 < want < 1
    runs, good = 1200, 0
    base = points_of(game, p, [], "travel")
    for seed in range(runs):
        run = game.copy()
        run.rng = Rng(seed)
        run.apply("play hearty_mushroom")
        [drawn] = run.hands[p]
        good += points_of(run, p, [drawn], "travel") - base >= 1
    assert proportion(good, runs).agrees_with(want)


# ------------------------------------------------------------------ Challenge stacks
def test_unseen_cards_are_the_card_set_less_what_the_view_shows():
    game = position(heroes=["toby", "herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    view = game.view(p)
    unseen = unseen_cards(view)
    assert unseen["castle_walls"] == 0      # its art, on top of the stack, names it
    assert unseen["tree_golem"] == 1        # covered: the mystery
    assert unseen["wooden_knife"] == 1      # the other player's, in their deck or hand
    assert unseen["bottle_cap"] == 8        # the other player's eight
    for card in game.adventure_row:         # face up: seen
        assert unseen[card] == sum(1 for c in game.adventure_deck if c == card)
    assert sum(unseen_cards(game).values()) == 0   # the whole game sees every card


def test_a_covered_creature_is_the_brute_force_marginal_of_the_creatures_not_shown():
    """Every way to deal the Creatures not shown (the row's three are known by their art) to
    the deck and the stack: the stack's Creature is each card as often as pool_for says."""
    game = position(heroes=["toby", "herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    p = game.turn_player
    view = game.view(p)
    unseen = unseen_cards(view)
    cards = view.cards
    shown = Counter(game.creature_row)
    physical = sorted((Counter(cards.creatures) - shown).elements())
    tally: Counter = Counter()
    for deal in permutations(range(len(physical)), 1):   # the card under Castle Walls
        tally[physical[deal[0]]] += 1
    brute = {c: Fraction(n, sum(tally.values())) for c, n in tally.items()}
    pool = pool_for(view, "?creature", unseen)
    total = sum(pool.values())
    assert {c: Fraction(n) / total for c, n in pool.items()} == brute
    assert pool == Counter(cards.creatures) - Counter(game.creature_row)  # less the row's


def test_the_log_tells_only_the_placer_which_creature_went_into_a_stack():
    game = position(heroes=["toby", "herb"], hand=["gold_coins", "gold_coins", "silver"],
                    at="T3", stacks={})
    p = game.turn_player
    for c in ("gold_coins", "gold_coins", "silver"):
        game.apply(f"play {c}")
    location, creature = game.location_row[0], game.creature_row[0]
    game.apply("place L1 E2")
    game.apply("place C1 E2")
    other = game.view(1 - p)   # the other player sees the Location's art and an icon
    assert stack_cards(other, "E2") == [location, "?creature"]
    assert other.stacks["E2"] == [[location, False], ["?creature", False]]
    assert stack_cards(game.view(p), "E2") == [location, creature]  # the placer knows it


def test_the_whole_game_knows_each_stack_exactly():
    rng = Rng(5)
    for seed in range(12):
        location = rng.choice(sorted(set(position(seed=seed).cards.locations)))
        creature = rng.choice(sorted(set(position(seed=seed).cards.creatures)))
        game = position(seed=seed, heroes=["toby"], stacks={"E2": [location, creature]})
        p = game.turn_player
        [case] = stack_cases(game, p, "E2")
        assert case.chance == 1 and case.need == game.stack_needs(p, "E2")


def play_everything(game, p):
    """Play every Effect, use every Equipment not used, spend positive action/challenge
    tokens (what challenge_odds counts after the commit)."""
    for card in [c for c in game.hands[p] if game.cards.type(c) == "Effect"]:
        game.apply(f"play {card}")
        while game.pending is not None:
            game.apply("skip" if "skip" in map(str, game.legal_actions())
                       else game.legal_actions()[0])
    for slot in ("weapon", "armor", "item"):
        if slot in game.equipped[p] and slot not in game.turn["used"]:
            game.apply(f"use {slot}")
    for token in list(game.tokens[p]):
        if game.cards.token_value(token) > 0 and game.cards.token_kind(token) in (
                "action", "challenge"):
            game.apply(f"token {token}")


@pytest.mark.parametrize("seed", range(10))
def test_knowing_the_cards_the_chance_is_the_engines_verdict(seed):
    rng = Rng(seed)
    cards = position().cards
    heroes = ["toby", "herb", "shaori", "fennick", "juniper"]
    location = rng.choice(sorted(set(cards.locations)))
    creature = rng.choice(["tree_golem", "silver_wisp", "shambleman", "rat_claw_brute",
                           "wild_boar", "giant_rat", "dark_wood_sprite"])
    equipment = rng.choice([{"weapon": "thorn_whip"}, {"weapon": "silver_sword"},
                            {"weapon": "thornblade", "armor": "thorn_mail"}, {}])
    hand = ["strength", "helpful", "lucky_swing", "rot", "forest_path", "endurance",
            "spore_cloud"]
    rng.shuffle(hand)
    hand = hand[:3]
    game = position(seed=seed, heroes=[rng.choice(heroes)], hand=hand, at="T3",
                    equipped=equipment, stacks={"E2": [location, creature]},
                    tokens=rng.choice([(), ("action+1",), ("challenge-1",)]))
    p = game.turn_player
    for card in ("forest_path", "endurance"):   # blue first, for the shield
        if card in game.hands[p]:
            game.apply(f"play {card}")
    if game.turn["blue"] + game.turn["red"] < 3:
        game.turn["red"] += 3   # enough to travel (the test is about the Challenge)
    odds = challenge_odds(game, p, "E2")
    assert odds.chance in (0, 1) and odds.known
    game.apply("challenge E2")
    play_everything(game, p)
    mark = len(game.log)
    game.apply("fight")
    won = any(e.kind == "victory" for e in game.log[mark:])
    assert won == (odds.chance == 1), (location, creature, equipment, hand, odds)


def test_the_chance_to_beat_a_face_down_stack_is_calibrated_against_the_engine():
    """Stacks of the first Location and Creature the engine's shuffle dealt (the Location
    known by its art, the Creature the mystery): the exact chances from the player's view add
    up to the Victories the engine gives (a z-score within 4)."""
    predicted, variance, wins, games = sympy.Integer(0), sympy.Integer(0), 0, 300
    middling = [0, 0, sympy.Integer(0)]
    for seed in range(games):
        dealt = position(seed=seed)   # the first Location and Creature the shuffle dealt
        stack = [dealt.location_row[0], dealt.creature_row[0]]
        game = position(seed=seed, heroes=["toby", "herb"], at="T3", stacks={"E2": stack},
                        equipped={"weapon": "silver_sword", "armor": "iron_bark",
                                  "item": "traveling_kit"})
        p = game.turn_player
        for slot in ("weapon", "armor", "item"):
            game.apply(f"use {slot}")
        chance = challenge_odds(game.view(p), p, "E2").chance
        game.apply("challenge E2")
        mark = len(game.log)
        game.apply("fight")
        won = any(e.kind == "victory" for e in game.log[mark:])
        predicted += chance
        variance += chance * (1 - chance)
        wins += won
        if 0 < chance < 1:
            middling[0] += 1
            middling[1] += won
            middling[2] += chance
    z = (wins - predicted) / sympy.sqrt(variance)
    assert abs(float(z)) < 4, (wins, float(predicted), float(z))
    assert middling[0] > games // 3, "most cases are uncertain: the test can fail"


def test_challenge_odds_refuse_what_the_engine_refuses():
    game = position(heroes=["herb"], hand=[], at="T3", stacks={"E2": ["castle_walls"]})
    p = game.turn_player
    with pytest.raises(InvalidArgumentError, match="E8 is not next to T3"):
        challenge_odds(game, p, "E8")
    with pytest.raises(InvalidArgumentError, match="only the player whose turn it is"):
        challenge_odds(game, 1 - p, "E2")
    with pytest.raises(InvalidArgumentError, match="quantity must be one of"):
        next_hand(game, p, "speed")
    with pytest.raises(InvalidArgumentError, match="does not show"):
        next_hand(game.view(1 - p), p, "travel")


# ------------------------------------------------------------------ the race to the Key
def race_brute_force(game, p):
    """Brindle at E9 with the core deck (Kit and Knife not equipped): the first two turns
    are the deck's two halves in a random order (90 equally likely places for the Kit and
    the Knife); from then on both are equipped and every hand is Bottle Caps."""
    route = game.board.route_to_key("E9")
    steps = [(game.board.shield(a, b), game.stack_needs(p, b) if game.stacks.get(b) else None)
             for a, b in zip(route, route[1:], strict=False)]
    total = Fraction(0)
    deck = ["cap"] * 8 + ["kit", "knife"]
    orders = {tuple(o) for o in permutations(deck)}  # the distinct orders, equally likely
    for order in orders:
        equipped, pos, turns = set(), 0, 0
        hands = [order[:5], order[5:]]
        while pos < len(steps):
            hand = hands[turns] if turns < 2 else ("cap",) * 5
            equipped |= {c for c in hand if c != "cap"}
            blue = 1 + ("kit" in equipped)
            red = 1 + ("knife" in equipped)
            gold = 0
            turns += 1
            while pos < len(steps):
                shield, need = steps[pos]
                if shield > blue + red:
                    break
                b = min(blue, shield)
                blue, red = blue - b, red - (shield - b)
                if need is not None:
                    if red + gold < need:
                        blue, red = blue + b, red + (shield - b)  # not taken on
                        break
                    g = min(gold, need)
                    gold, red = gold - g, red - (need - g)
                pos += 1
        total += turns
    return total / len(orders)


@pytest.mark.parametrize("stacks", [{}, {"E10": ["hollow_oak"]}, {"E12": ["forgotten_shrine"]}])
def test_expected_turns_is_the_brute_force_average(stacks):
    game = position(heroes=["brindle"], hand=[], at="E9", trail=["E9"], stacks=stacks)
    p = game.turn_player
    race = expected_turns(game, p)
    assert race.exact and race.turns == race_brute_force(game, p)


@pytest.mark.slow
def test_expected_turns_agrees_with_the_engine_played_by_a_racer_who_knows_the_stacks():
    """Solo games in the real engine (its shuffles, Solo cards, tokens): a racer who plays
    every card, travels as far as it can and takes a stack on only when it wins."""
    def setup(seed):
        return position(1, seed=seed, heroes=["herb"], at="T13", trail=["T13"],
                        hand=["helpful", "lucky_swing", "endurance"],
                        equipped={"weapon": "wooden_knife", "item": "traveling_kit"},
                        stacks={"E10": ["ruined_watchtower", "giant_rat"],
                                "E12": ["sinkhole", "giant_rat"]}, extra_challenges=False)

    want = None
    turns = []
    for seed in range(500):
        try:
            game = setup(seed)
        except InvalidArgumentError:  # the Solo set-up put one of these Locations elsewhere
            continue
        if want is None:
            want = expected_turns(game, 0).turns
        assert expected_turns(game, 0).turns == want  # the same deck and stacks: the same race
        game.rng = Rng(seed)
        game.apply("end")
        count = 0
        while not game.is_over:
            count += 1
            race_one_turn(game)
        assert game.winner == 0
        turns.append(count)
    assert len(turns) > 250
    assert sample_mean(turns).agrees_with(want), (float(want), sample_mean(turns))


def race_one_turn(game):
    def settle():
        while game.pending is not None:
            game.apply(game.legal_actions()[0])
    settle()
    for card in [c for c in game.hands[0] if game.cards.type(c) == "Effect"]:
        game.apply(f"play {card}")
        settle()
    for slot in ("weapon", "item"):
        game.apply(f"use {slot}")
    while not game.is_over:
        here = game.position[0]
        ahead = game.board.route_to_key(here)[1]
        cost = game.travel_cost(0, here, ahead)
        if cost > game.turn["blue"] + game.turn["red"]:
            break
        if not game.stacks.get(ahead):
            game.apply(f"move {ahead}")
            continue
        red = game.turn["red"] - max(0, cost - game.turn["blue"])
        if red + game.turn["gold"] < game.stack_needs(0, ahead):
            break
        game.apply(f"challenge {ahead}")
        game.apply("fight")
        settle()
    if not game.is_over:
        game.apply("end")
        settle()


def test_expected_turns_names_a_deck_that_never_gets_there():
    game = position(heroes=["toby"], hand=[], at="E9", trail=["E9"])
    p = game.turn_player
    with pytest.raises(InvalidArgumentError, match="never gets the Hero any further"):
        expected_turns(game, p)   # 3 points at most: the 4-shield after E9 stops Toby
