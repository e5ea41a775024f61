"""Bots for Hero versus Guardian: legal, finishing, and better than random."""


from dungeoncraft_widgets.core.bots import RandomBot, play_bots
from dungeoncraft_widgets.hero_vs_guardian import new_game
from dungeoncraft_widgets.hero_vs_guardian.bots import GuardianBot, HeroBot
from dungeoncraft_widgets.hero_vs_guardian.dungeon import OPPOSITE, side_locations


def manhattan(a, b):
    return abs("ABCD".index(a[0]) - "ABCD".index(b[0])) + abs(int(a[1]) - int(b[1]))


def test_the_hero_bot_orders_by_the_exact_odds():
    """The bot's choice is odds.best_order's (no float estimate of its own)."""
    from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
    from dungeoncraft_widgets.hero_vs_guardian.odds import best_order

    game = scout_venture_position("venture", ["A01", "A05", "A09"], ["D10"], seed=1,
                                  scouted=True)
    view = game.view(0)
    value, order = HeroBot()._best_order(view, "venture", "A1", view.party[0], ["D10"])
    table = {a: [view.roll_modifier("venture", a, "D10", "A1")] for a in view.party[0]}
    exact = best_order("venture", table, ["D10#0"], by="value", room_order="hero",
                       room_points=[view.cards.points("D10") + 2],
                       adventurer_points={a: view.cards.points(a) + 1 for a in table})
    assert order == list(exact.best.adventurers) and value == float(exact.best.odds.value)
    assert order[0] == "A01"                                   # the Cleric: +4 vs Evil


def play(seed, hero, guardian):
    game = new_game(seed=seed)
    bots = {0: hero(seed=seed), 1: guardian(seed=seed + 1)}
    steps = 0
    while not game.is_over:
        player = game.current_player
        legal = game.legal_actions()
        action = bots[player].choose(game.view(player), legal)
        assert action in legal
        game.apply(action)
        steps += 1
    return game


def test_guardian_bot_hides_the_vault_far_from_the_entries():
    game = new_game(seed=3)
    play_bots(game, {1: GuardianBot(seed=4)}, max_actions=20)
    vault = next(loc for loc, rooms in game.grid.items() if game.cards.vault in rooms)
    entries = [loc for loc, _ in game.entries]
    best = max(min(manhattan(v, a), manhattan(v, b))
               for side in ("north", "west") for v in game.grid
               for a in side_locations(side) for b in side_locations(OPPOSITE[side]))
    assert min(manhattan(vault, e) for e in entries) == best   # the farthest the grid allows


def test_sensible_bots_do_better_than_random():
    seeds = range(4)
    random_margin = sensible_margin = 0
    for seed in seeds:
        for hero, total in ((RandomBot, "random"), (HeroBot, "sensible")):
            game = play(100 + seed, hero, RandomBot)
            heroes, guardian = game.team_scores()
            if total == "random":
                random_margin += heroes - guardian
            else:
                sensible_margin += heroes - guardian
    assert sensible_margin > random_margin
    guardian_wins = sum(play(200 + s, RandomBot, GuardianBot).winner() == "guardian"
                        for s in seeds)
    assert guardian_wins >= 3


def test_bots_play_a_three_player_game():
    game = new_game(players=3, seed=9)
    play_bots(game, {0: HeroBot(seed=1), 1: HeroBot(seed=2), 2: GuardianBot(seed=3)})
    assert game.is_over and game.winner() in ("heroes", "guardian", "tie")


def test_a_vault_not_worth_venturing_does_not_hide_a_good_venture():
    """Seen in play: the Vault's location, sorted first, was below the bar, and the Hero bot
    then ended its turns round after round with 7 stones and a good known location."""
    from test_hero_vs_guardian_rules import started

    game = started(seed=3)
    # A1: a Trap room with the Vault behind it (poor odds); D1: an Evil room for the Cleric.
    game.grid["A1"], game.grid["C1"], game.grid["D1"], game.grid["D2"] = (
        ["D05", "D01"], ["D04"], ["D11"], ["D10"])
    game.face_up.extend(["D05", "D01", "D11"])          # both locations known to the Hero
    game.ventured[0].append("D13")                      # the Heroes have scored: the Vault
    game.grid["A3"] = []                                # would win the game
    bot, view = HeroBot(seed=0), game.view(0)
    assert bot._vault_wins(view, 0)
    vault_value, _ = bot._best_order(view, "venture", "A1", view.party[0], ["D05", "D01"])
    assert vault_value < bot.venture_at
    assert str(bot.choose(view, game.legal_actions())) == "venture D1"
