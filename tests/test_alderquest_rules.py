"""AlderQuest's rules one by one: set-up, the turn, the Board, the Battlefield, the end."""

import itertools
import json
from collections import Counter

import pytest
from alderquest_positions import build, setup

from dungeoncraft_widgets.alderquest import load_cards, load_game, new_game, rules
from dungeoncraft_widgets.alderquest.matching import (
    MAX_CASCADE_STEPS,
    Board,
    cascade,
    find_matches,
)
from dungeoncraft_widgets.core.errors import (
    DataFormatError,
    IllegalActionError,
    SaveFormatError,
)


def blue_to_act(game):
    """Hand the Action Phase to Blue (its Heroes ready, no runes to drop)."""
    game.slot = 1
    game.revealed = []
    game._legal = None
    return game


# ------------------------------------------------------------------ set-up
def test_setup_factions_alternate_red_first_and_the_opening_rows():
    game = new_game(seed=5)
    seats = []
    for faction in ("Hunters", "Guardians", "Bards", "Thieves"):
        seats.append(game.current_player)
        game.apply(f"faction {faction}")
    assert seats == [0, 1, 0, 1]
    assert game.teams[0]["factions"] == ["Hunters", "Bards"]
    assert sorted(len(col) for col in game.board) == [2, 2, 2, 2]
    assert len(game.rune_pouch) == 24 and Counter(game.rune_pouch) == Counter("BGHT" * 6)
    grid = {(c, r): game.board[c][r] for c in range(4) for r in range(2)}
    for (c, r), rune in grid.items():  # no faction touches itself, diagonals included
        near = [grid.get((c + dc, r + dr)) for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                if (dc, dr) != (0, 0)]
        assert rune not in near
    # Red's runes make the W (from the top left), Blue's the M
    assert [game.board[c][r] for c, r in ((0, 1), (1, 0), (2, 1), (3, 0))] == list("HBHB")
    for team in game.teams:
        assert Counter(code[1] for code in team["pouch"]) == {"1": 8, "2": 5, "3": 2, "s": 2,
                                                               "t": 2}
        assert team["traps"] == 6 and len(team["deck"]) == 20 and team["quarrels"] == []
    for hero in ("rusk", "lily", "wren", "clarence", "tamsin", "maggie"):
        game.apply(f"hero {hero}")
    assert {h: (d["team"], d["column"]) for h, d in game.heroes.items()} == {
        "rusk": (0, "b"), "wren": (0, "c"), "tamsin": (0, "d"),
        "lily": (1, "d"), "clarence": (1, "c"), "maggie": (1, "b")}
    assert game.current_player == 0 and game.step == "action" and len(game.revealed) == 3
    with pytest.raises(IllegalActionError, match="factions are being chosen"):
        new_game(seed=5).apply("hero lily")


def test_team_game_seats_heroes_and_turn_order():
    game = new_game(players=4, seed=2)
    seats = []
    for faction in ("Thieves", "Bards", "Guardians", "Hunters"):
        seats.append(game.current_player)
        game.apply(f"faction {faction}")
    assert seats == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError):
        game.apply("hero rusk")  # a Blue Hero for Red's first player
    for hero in ("maggie", "wren", "sebastian", "rusk", "lily", "tamsin", "clarence",
                 "barnaby"):
        game.apply(f"hero {hero}")
    cols = {h: d["column"] for h, d in game.heroes.items()}
    assert cols == {"maggie": "a", "lily": "b", "sebastian": "d", "clarence": "e",
                    "wren": "e", "tamsin": "d", "rusk": "b", "barnaby": "a"}
    assert "c" not in {d["column"] for d in game.heroes.values()}  # the centre is empty
    order = []
    for _ in range(5):
        order.append(game.current_player)
        while game.current_player == order[-1] and not game.is_over:
            game.apply(next(a for a in game.legal_actions()
                            if a.verb in ("drop", "draw", "set", "decline")))
    assert order == [0, 1, 2, 3, 0]
    three = new_game(players=3, seed=2)
    assert three.slots == [0, 1, 2, 1] and three.players == ("Red 1", "Blue", "Red 2")
    assert new_game(players=3, lone="red").slots == [0, 1, 0, 2]


# ------------------------------------------------------------------ the turn
def test_set_tiles_on_empty_spaces_else_the_fewest_tiles():
    game = setup(seed=1)
    game.step = "set"
    build(game, hands=(["r1"], []), tiles={"a1": [("r1", False)]},
          minions={"T01": {"team": 0, "space": "b1"}})
    spaces = {a.space for a in game.legal_actions()}
    assert "a1" not in spaces and "b1" not in spaces and len(spaces) == 22
    # every space taken by a tile or a minion: the fewest tiles (a minion's space has none)
    game = setup(seed=1)
    game.step = "set"
    pool = [c for c in game.teams[0]["pouch"] + game.teams[1]["pouch"] if c != "r1"]
    spaces = [s for s in game.field.ground if s != "b1"]
    tiles = {s: [(pool[i], False)] for i, s in enumerate(spaces)}
    tiles["d1"].append((pool[len(spaces)], False))
    build(game, hands=(["r1"], []), tiles=tiles, minions={"T01": {"team": 0, "space": "b1"}})
    assert {a.space for a in game.legal_actions()} == {"b1"}


def test_draw_phase_discards_then_draws_a_quarrel_only_below_three():
    game = build(setup(seed=1), revealed=[], quarrels=(["QT05", "QT06", "QT07"], []))
    game.apply("discard QT06")
    assert game.step == "draw" and game.teams[0]["discard"] == ["QT06"]
    with pytest.raises(IllegalActionError, match="Action Phase is over"):
        game.apply("line lily")
    hand, pouch = len(game.teams[0]["hand"]), len(game.teams[0]["pouch"])
    game.apply("draw")
    assert len(game.teams[0]["quarrels"]) == 3 and len(game.teams[0]["hand"]) == hand + 1
    assert len(game.teams[0]["pouch"]) == pouch - 1 and game.current_team == 1
    game = build(setup(seed=1), revealed=[], quarrels=(["QT05", "QT06", "QT07"], []))
    game.apply("draw")
    assert len(game.teams[0]["quarrels"]) == 3  # holding 3: no Quarrel drawn


# ------------------------------------------------------------------ the Board
def test_full_board_loses_its_bottom_row_first():
    rows = ["BGHT", "HTBG"] * 3
    board = [[rows[r][c] for r in range(6)] for c in range(4)]
    game = build(setup(seed=1), board=board, revealed=["G"])
    game.apply("drop G A")
    assert game.rune_discard == ["B", "G", "H", "T"]
    assert game.board[0] == ["H", "B", "H", "B", "H", "G"]
    assert any(e.kind == "full" for e in game.log)


def test_an_emptied_board_gets_a_new_line():
    game = build(setup(seed=1), board=[["T"], ["T"], [], []], revealed=["T", "G", "H"])
    game.apply("drop T C")
    kinds = [e.kind for e in game.log]
    assert kinds[kinds.index("match"):][:2] == ["match", "line"]
    assert sum(len(col) for col in game.board) >= 1 and game.teams[0]["held"] == ["T"] * 3


# Rows 1-5 of columns A-C and all of D: no three alike anywhere; A6 and B6 are Hunters,
# so a Hunter dropped into C makes an enemy match of three for Red (Thieves, Guardians).
_NO_MATCH = ["TGTGTH", "GBGBGH", "BTBTB", "TGTGTB"]


def test_a_cascade_never_draws_back_the_runes_it_discards():
    """Issue 23.1: with the Rune Pouch and the discard pile empty, the three Hunters
    matched used to come straight back as the new line, into the same three holes, for
    500 rounds, and then the match was left on the Board. The runes a cascade discards
    join the discard pile only when it is over: the line finds nothing to draw."""
    game = build(setup(seed=1), board=[list(c) for c in _NO_MATCH], revealed=["H"],
                 rune_pouch=[], held=([], ["H"] * 5 + ["G", "B", "B"]))
    assert game.rune_pouch == game.rune_discard == []
    game.apply("drop H C")
    matches = [e for e in game.log if e.kind == "match"]
    assert len(matches) == 1 and matches[0].data["match"] == "H"
    assert game.rune_discard == ["H", "H", "H"] and game.rune_pouch == []
    assert [len(c) for c in game.board] == [5, 5, 5, 6]
    assert not find_matches(game.board_obj()) and not any(e.kind == "guard" for e in game.log)
    assert game.components() == game.full_components()


def test_a_cascade_ends_even_when_two_matches_could_take_turns():
    """Holding back only the runes of the one match being resolved is not enough: with 3
    more Hunters in the discard pile, the first line brings those, they match, and the
    next line would bring back the first three, and so on. None of the cascade's own
    discards is drawn while it goes on, so the second line finds nothing and it stops."""
    game = build(setup(seed=1), board=[list(c) for c in _NO_MATCH], revealed=["H"],
                 rune_pouch=[], held=([], ["H"] * 2 + ["G", "B", "B"]))
    assert game.rune_discard == ["H", "H", "H"]
    game.apply("drop H C")
    lines = [e.data["line"] for e in game.log if e.kind == "line"]
    assert [e.data["match"] for e in game.log if e.kind == "match"] == ["H", "H"]
    assert lines == [["H", "H", "H", None]]  # the second line had nothing to draw
    assert game.rune_discard == ["H"] * 6 and not find_matches(game.board_obj())


def test_the_cascade_guard_stops_new_lines_but_leaves_no_match():
    """Only an analysis given endless new runes reaches the guard: after it no line is
    drawn, and the matches still on the Board are resolved all the same."""
    board = Board(4, 6, [list(c) for c in _NO_MATCH])
    result = cascade(board, "TG", "r", [("drop", "C", "H")], new_runes=itertools.cycle("H"))
    assert result.capped and len(result.steps) == MAX_CASCADE_STEPS + 1
    assert not find_matches(result.board)
    engine = build(setup(seed=1), board=[list(c) for c in _NO_MATCH], revealed=["H"])
    engine.apply("drop H C")  # a real pouch: a few rounds at most
    assert sum(e.kind == "match" for e in engine.log) < 10


def test_slide_falls_and_swap_matches():
    game = build(setup(seed=1), board=[["G", "T", "G"], ["H"], [], ["B"]], revealed=["H"])
    game.apply("slide lily")
    assert "A3:B3" in [a.target for a in game.legal_actions()]
    game.apply("choose A3:B3")  # the Guardian at A3 falls to B2
    assert game.board[:2] == [["G", "T"], ["H", "G"]]
    game.apply("swap clarence")
    game.apply("choose A2:B2")
    assert game.board[0] == ["G", "G"] and game.board[1] == ["H", "T"]


def test_exalted_status_is_stolen_or_removed_and_a_match_5_draws_a_legendary():
    game = build(setup(seed=1), board=[["B"], ["B"], ["B"], []], revealed=[])
    game.exalted = "Thieves"
    blue_to_act(game)
    game.revealed = ["B"]
    game.apply("drop B D")  # Blue's ally match-4 steals it
    assert game.exalted == "Bards" and game.teams[1]["held"] == ["B"] * 4
    game = build(setup(seed=1), board=[["T"], ["T"], ["T"], []], revealed=[])
    game.exalted = "Thieves"
    blue_to_act(game)
    game.revealed = ["T"]
    game.apply("drop T D")  # an enemy match-4 of the exalted faction removes it
    assert game.exalted is None
    game = build(setup(seed=1), board=[["G", "G", "G", "G"], [], [], []], revealed=["G"])
    game.apply("drop G A")
    assert game.exalted == "Guardians" and len(game.teams[0]["quarrels"]) == 1
    assert game.teams[0]["quarrels"][0] in game.cards.legendary
    legendary = game.teams[0]["quarrels"][0]
    game.teams[0]["held"] = ["G", "T"] + game.teams[0]["held"][2:]
    assert {a.rune for a in game.legal_actions() if a.verb == "play"} == {"G", "T"}
    assert all(a.card == legendary for a in game.legal_actions() if a.verb == "play")


def test_the_legendary_of_a_match_5_is_hidden_from_the_other_team():
    """Issue 23.3: the legendary Quarrel goes into the hidden hand; the public log line and
    its data say that one was drawn, not which (only the drawing team's secret line does)."""
    game = build(setup(seed=1), board=[["G", "G", "G", "G"], [], [], []], revealed=["G"])
    game.apply("drop G A")
    card = game.teams[0]["quarrels"][0]
    name = game.cards.name(card)
    assert card in game.cards.legendary
    public = [e for e in game.log if e.kind == "legendary"]
    assert len(public) == 1 and public[0].visible_to is None
    assert public[0].text == "A match-5: Red draws a legendary Quarrel."
    blue_log = json.dumps([e.to_dict() for e in game.view(1).log])
    assert name not in blue_log and f'"{card}"' not in blue_log
    assert game.view(1).teams[0]["quarrels"] == ["?"]
    red_log = [e.text for e in game.view(0).log]
    assert f"({name}.)" in red_log


def test_an_l_or_a_t_of_five_is_a_match_5():
    """Issue 23.5 (RULE_NOTES): a vertical and a horizontal run sharing a rune are one
    match of 5: it exalts and draws a legendary, as a straight 5 would (none fits in a row
    of the 4-column Board)."""
    # an L: A1-A3 up and A3-C3 across, completed by a Guardian dropped into A
    game = build(setup(seed=1), board=[["G", "G"], ["T", "B", "G"], ["B", "T", "G"], []],
                 revealed=["G"])
    game.apply("drop G A")
    match = next(e for e in game.log if e.kind == "match")
    assert sorted(match.data["cells"]) == ["A1", "A2", "A3", "B3", "C3"]
    assert game.teams[0]["held"] == ["G"] * 5 and game.exalted == "Guardians"
    assert [q in game.cards.legendary for q in game.teams[0]["quarrels"]] == [True]
    # a T: A3-C3 across and B1-B3 up, completed by a Guardian dropped into B
    game = build(setup(seed=1), board=[["T", "B", "G"], ["G", "G"], ["B", "T", "G"], []],
                 revealed=["G"])
    game.apply("drop G B")
    assert game.teams[0]["held"] == ["G"] * 5 and len(game.teams[0]["quarrels"]) == 1


def test_a_minion_carries_one_acorn_and_a_squabble_drops_both():
    """Issue 23.5 (RULE_NOTES, L140/L164/L178): a minion holding an Acorn reveals another
    and leaves it face up; no Acorn is passed to a minion holding one; when two carriers
    squabble, both Acorns drop."""
    game = build(setup(seed=1), revealed=[], tiles={"a2": [("b1", False)]},
                 minions={"T01": {"team": 0, "space": "a1", "acorn": "b3"},
                          "T02": {"team": 0, "space": "b1", "acorn": "b2"}})
    assert not any(a.verb == "give" for a in game.legal_actions())  # both hold one
    game.apply("move T01 a2")
    game.apply("reveal")
    assert game.tiles["a2"] == [["b1", True]] and game.minions["T01"]["acorn"] == "b3"
    assert not game.stack or game.stack[-1]["kind"] != "carry"
    game = build(setup(seed=1), revealed=[],
                 minions={"T01": {"team": 0, "space": "a3", "acorn": "b3"},
                          "H01": {"team": 1, "space": "b3", "acorn": "r2"}})
    game.apply("move T01 b3")
    assert game.minions == {} and sorted(game.tiles["b3"]) == [["b3", True], ["r2", True]]


def test_acorns_enemy_collected_own_discarded_snowflakes_wild():
    game = build(setup(seed=1), board=[["b1"], ["bs"], [], []], revealed=["b2"])
    game.apply("drop b2 C")
    assert game.teams[0]["collection"] == ["b1", "b2"] and game.points(0) == 3
    assert game.snowflakes == ["bs"]
    game = build(setup(seed=1), board=[["r1"], ["r2"], [], []], revealed=["r3"])
    game.apply("drop r3 C")
    assert game.teams[0]["collection"] == [] and game.rune_discard == ["r1", "r2", "r3"]
    game = build(setup(seed=1), board=[["r1"], ["bs"], [], []], revealed=["b2"])
    game.apply("drop b2 C")  # red, snowflake, blue: no colour has three
    assert game.board[2] == ["b2"] and game.snowflakes == []


def test_the_fourth_snowflake_ends_the_game_and_the_tie_breakers():
    game = build(setup(seed=1), board=[["b1", "G"], ["bs"], [], []], revealed=["b2"],
                 snowflakes=["rs", "rs", "bs"], collections=([], ["r3"]))
    game.apply("drop b2 C")
    assert game.is_over and game.scores() == (3, 3) and game.legal_actions() == []
    assert game.winner() == "red"  # tied on points: Red has collected more Acorn tiles
    assert "winter has arrived" in game.log[-1].text
    game = build(setup(seed=1), board=[["b1"], ["bs"], [], []], revealed=["b2"],
                 snowflakes=["rs", "rs", "bs"], collections=([], ["r1", "r2"]))
    game.exalted = "Bards"  # Blue controls the exalted faction: that breaks the tie first
    game.apply("drop b2 C")
    assert game.scores() == (3, 3) and game.winner() == "blue"


def test_winter_that_can_no_longer_come_ends_the_game():
    red = ["r1"] * 8 + ["r2"] * 5 + ["r3"] * 2
    blue = ["b1"] * 7 + ["b2"] * 4 + ["b3"]  # all but the three on the Board and revealed
    game = build(setup(seed=1), board=[["b1"], ["b2"], [], []], revealed=["b3"],
                 snowflakes=["rs", "bs"], collections=(blue, red))
    assert game.winter_possible()
    game.apply("drop b3 C")
    assert game.is_over and "too few Acorns" in game.end_reason


def test_winter_made_impossible_by_a_match_that_scores_nothing_ends_the_game():
    """Red matches two Snowflakes with its own 1-point Acorn (discarded, not scored): 3 of
    4 matched, and only one Acorn of each colour is left in play, so the last Snowflake
    can never be matched. The check used to run only after Acorns were scored."""
    red = ["r1"] * 7 + ["r2"] * 5 + ["r3"] * 2   # Blue has all the red Acorns but one
    blue = ["b1"] * 8 + ["b2"] * 5 + ["b3"]  # Red has all the blue ones but a 3-point
    game = build(setup(seed=1), board=[["rs"], ["bs"], [], []], revealed=["r1"],
                 snowflakes=["rs"], collections=(blue, red))
    assert game.winter_possible() and game.scores() == (21, 23)
    game.apply("drop r1 C")
    assert game.snowflakes == ["rs", "rs", "bs"] and game.rune_discard[-1] == "r1"
    assert not game.winter_possible()
    assert game.is_over and game.winner() == "blue"
    assert game.end_reason == ("too few Acorns are left in play to match the last Snowflake, "
                               "so winter comes")


def test_the_action_limit_ends_the_game(monkeypatch):
    """Issue 23.4: one limit, the save format's, and at it the game ends (RULE_NOTES): it
    never stalls with legal actions that are all refused."""
    from dungeoncraft_widgets.core.saves import MAX_HISTORY

    assert rules.MAX_ACTIONS == MAX_HISTORY
    game = build(setup(seed=1), revealed=["T", "G"], collections=(["b2"], ["r1"]))
    monkeypatch.setattr(rules, "MAX_ACTIONS", len(game.history) + 2)
    game.apply("drop T A")
    assert not game.is_over
    game.apply("drop G B")
    assert game.is_over and game.legal_actions() == [] and game.winner() == "red"
    assert "100,000" not in game.end_reason and "the most a game may have" in game.end_reason
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply("draw")


@pytest.mark.slow
def test_random_games_all_end():
    """Thirty random 2-player games (a uniformly random legal action each step) all end:
    by winter, by winter made impossible, or at the action limit; and no cascade on the
    way needed the guard."""
    from dungeoncraft_widgets.core.rng import Rng

    for seed in range(30):
        game, rng = new_game(seed=seed), Rng(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        assert len(game.history) <= rules.MAX_ACTIONS and game.end_reason
        assert not any(e.kind == "guard" for e in game.log), seed


# ------------------------------------------------------------------ the Battlefield
def test_canopy_only_from_below_and_out_only_downwards():
    game = build(setup(seed=1), revealed=[],
                 minions={"T02": {"team": 0, "space": "b4", "upgraded": True},
                          "G02": {"team": 0, "space": "^d3"}})
    assert "^b3" not in game.destinations("T02")  # not from b4, and not by a Sneak
    assert set(game.destinations("T02")) == {"a4", "c4", "b5", "b3", "a3", "a5", "c5"}
    assert set(game.destinations("G02")) == {"d3"}
    game.apply("move G02 d3")
    assert "^d3" in game.destinations("G02")


def test_special_movement_sneak_flight_charge_speed():
    game = build(setup(seed=1), revealed=[],
                 minions={"T06": {"team": 0, "space": "a1", "upgraded": True},
                          "B06": {"team": 1, "space": "b3", "upgraded": True},
                          "H07": {"team": 1, "space": "a4", "upgraded": True}})
    assert game.destinations("B06") == {"b2": "normal", "a3": "normal", "b4": "normal",
                                        "^b3": "normal", "b1": "flight", "d3": "flight",
                                        "b5": "flight"}  # over the stump too
    assert game.destinations("T06")["a4"] == "charge"  # straight on to the enemy
    game.minions["H07"]["team"] = 0  # an ally in the way: no Charge
    assert "a4" not in game.destinations("T06")
    game.minions["H07"]["team"] = 1
    game.apply("move T06 a4")  # the Charge squabbles
    assert "T06" not in game.minions and "H07" not in game.minions
    game = build(setup(seed=1), revealed=[],
                 minions={"H06": {"team": 1, "space": "e5", "upgraded": True}})
    blue_to_act(game)
    for step in ("e4", "e3", "e2"):  # Speed: a third normal move
        game.apply(f"move H06 {step}")
    assert game.activation is None and game.minions["H06"]["exhausted"]


def test_moves_are_consecutive_and_stop_ends_them():
    game = build(setup(seed=1), revealed=["T"],
                 minions={"T03": {"team": 0, "space": "c1", "upgraded": True},
                          "G02": {"team": 0, "space": "a1"}})
    game.apply("move T03 d1")
    with pytest.raises(IllegalActionError, match="consecutive"):
        game.apply("drop T A")
    with pytest.raises(IllegalActionError, match="consecutive"):
        game.apply("move G02 a2")
    game.apply("stop")
    assert game.minions["T03"]["exhausted"] and game.stack[-1]["kind"] == "trigger"
    game.apply("trigger")  # the Weasel Ninja's Move trigger: the opponent draws a tile
    assert len(game.teams[1]["hand"]) == 1
    with pytest.raises(IllegalActionError, match="exhausted"):
        game.apply("move T03 e1")


def test_judo_dodges_the_first_attack():
    game = build(setup(seed=1), revealed=[],
                 minions={"G06": {"team": 0, "space": "c2", "upgraded": True},
                          "H01": {"team": 1, "space": "c1"}})
    blue_to_act(game)
    game.apply("move H01 c2")
    assert game.current_player == 0 and game.stack[-1]["kind"] == "judo"
    assert {str(a) for a in game.legal_actions()} == {"dodge b2", "dodge d2", "stand"}
    game.apply("dodge d2")
    assert game.minions["G06"]["space"] == "d2" and game.minions["H01"]["space"] == "c2"
    game.apply("move H01 d2")  # attacked again this turn: no second dodge
    assert "G06" not in game.minions and "H01" not in game.minions
    assert game.stack[-1]["kind"] == "trigger"  # the Porcupine Monk's Destroyed trigger


def test_elbow_drop_destroys_the_minion_below():
    game = build(setup(seed=1), revealed=[],
                 minions={"T01": {"team": 0, "space": "^b3"},
                          "H02": {"team": 1, "space": "b3", "acorn": "r3"}})
    game.apply("move T01 b3")
    assert "H02" not in game.minions and game.minions["T01"]["space"] == "b3"
    assert game.tiles["b3"] == [["r3", True]] and not game.stack  # Red's own Acorn
    game = build(setup(seed=1), revealed=[],
                 minions={"T01": {"team": 0, "space": "^b3"},
                          "H02": {"team": 1, "space": "b3"}})
    game.apply("move T01 b3")
    assert set(game.minions) == {"T01"}


def test_enemy_tiles_dismissed_or_revealed():
    tiles = {"a2": [("bt", False)], "a3": [("b2", False)], "b1": [("bs", False)]}
    game = build(setup(seed=1), revealed=[], tiles=tiles,
                 minions={"T01": {"team": 0, "space": "a1"}})
    pouch = list(game.teams[1]["pouch"])
    game.apply("move T01 a2")
    assert game.stack[-1]["kind"] == "encounter"
    game.apply("dismiss")  # unseen, into Blue's pouch
    assert game.teams[1]["pouch"] == sorted(pouch + ["bt"]) and "a2" not in game.tiles
    game.apply("move T01 a3")
    game.apply("reveal")
    assert game.tiles["a3"] == [["b2", True]] and game.stack[-1]["kind"] == "carry"
    game.apply("carry b2")
    assert game.minions["T01"]["acorn"] == "b2" and "a3" not in game.tiles
    # a snowflake: to the Rune Discard Pile, and the minion flips (its Reveal trigger)
    game = build(setup(seed=1), revealed=[], tiles=tiles,
                 minions={"T01": {"team": 0, "space": "a1"}})
    game.apply("move T01 b1")
    game.apply("reveal")
    assert game.rune_discard == ["bs"] and game.minions["T01"]["upgraded"]
    game.apply("trigger")
    assert len(game.teams[1]["hand"]) == 2


def test_revealed_trap_destroys_or_fires_resistance_trap():
    tiles = {"c4": [("rt", False)]}
    minions = {"H01": {"team": 1, "space": "c5"}, "H02": {"team": 1, "space": "d5"},
               "B01": {"team": 1, "space": "b3"}, "B02": {"team": 1, "space": "a4"}}
    game = build(setup(seed=1), revealed=[], tiles=tiles, minions=minions,
                 armed=(["QG01"], []))
    blue_to_act(game)
    traps = game.teams[0]["traps"]
    game.apply("move H01 c4")
    game.apply("reveal")
    assert game.current_player == 0 and {str(a) for a in game.legal_actions()} == {
        "destroy", "fire QG01"}
    assert game.teams[0]["traps"] == traps + 1 and "c4" not in game.tiles
    game.apply("fire QG01")
    # the activator and every enemy minion on the 8 spaces around it; a4 is not around
    assert set(game.minions) == {"B02"} and game.teams[0]["discard"] == ["QG01"]
    game = build(setup(seed=1), revealed=[], tiles=tiles, minions=minions)
    blue_to_act(game)
    game.apply("move H01 c4")
    game.apply("reveal")
    game.apply("destroy")
    assert "H01" not in game.minions and len(game.minions) == 3


def test_passing_into_the_canopy_tributes():
    game = build(setup(seed=1), revealed=[], board=[["b1"], ["bs"], [], []],
                 minions={"T02": {"team": 0, "space": "b3", "acorn": "b2"},
                          "G02": {"team": 0, "space": "^b3", "exhausted": True}})
    game.apply("give T02 G02")
    assert game.stack[-1]["kind"] == "tribute"
    game.apply("tribute C")
    assert game.points(0) == 3 and game.minions["G02"]["upgraded"]


def test_hero_squabble_only_toward_a_hero():
    game = build(setup(seed=1), revealed=[],
                 minions={"T01": {"team": 0, "space": "a5"}, "T02": {"team": 0, "space": "d5"}})
    assert not any(d in game.heroes for d in game.destinations("T01"))
    assert "wren" in game.destinations("T02")


def test_stun_skips_the_next_ready():
    game = build(setup(seed=1), revealed=[], held=(["T"], []), quarrels=(["QT07"], []),
                 minions={"H01": {"team": 1, "space": "c4"}})
    game.apply("play QT07 T")
    assert game.minions["H01"]["exhausted"] and game.minions["H01"]["stunned"]
    game.apply("draw")
    assert game.current_team == 1 and game.minions["H01"]["exhausted"]
    assert not any(a.verb == "move" for a in game.legal_actions())


def test_a_trap_quarrel_is_armed_with_a_trap_tile():
    game = build(setup(seed=1), revealed=[], held=(["T"], []), quarrels=(["QT02"], []))
    game.apply("play QT02 T")
    assert game.teams[0]["armed"] == ["QT02"] and game.teams[0]["hand"] == ["rt"]
    assert game.teams[0]["traps"] == 5


def test_a_scheme_is_discarded_only_after_its_effect():
    """Issue 23.2 (L229): Ballad of Plenty draws 2 Quarrels from an empty deck and an empty
    discard pile; it used to be discarded first, shuffled back in and drawn by itself."""
    bards = [f"QB{i:02d}" for i in range(1, 11)]
    hunters = [f"QH{i:02d}" for i in range(1, 11)]
    game = build(setup(seed=1), revealed=[], held=([], ["B"]), quarrels=([], bards + hunters))
    blue_to_act(game)
    assert game.teams[1]["deck"] == [] and game.teams[1]["discard"] == []
    game.apply("play QB07 B")
    blue = game.teams[1]
    assert "QB07" not in blue["quarrels"] and blue["discard"] == ["QB07"]
    assert len(blue["quarrels"]) == 19
    assert game.components() == game.full_components()


def test_a_fired_trap_is_discarded_only_after_its_effect():
    """Holy Ward (destroy the activator, draw a Quarrel) fired with an empty deck and pile:
    the draw finds nothing, then the Trap goes to the discard pile."""
    red = [f"QT{i:02d}" for i in range(1, 11)] + [f"QG{i:02d}" for i in range(1, 11)
                                                  if i != 3]
    game = build(setup(seed=1), revealed=[], tiles={"c4": [("rt", False)]},
                 minions={"H01": {"team": 1, "space": "c5"}},
                 quarrels=(red, []), armed=(["QG03"], []))
    blue_to_act(game)
    game.apply("move H01 c4")
    game.apply("reveal")
    game.apply("fire QG03")
    assert "H01" not in game.minions and game.teams[0]["discard"] == ["QG03"]
    assert "QG03" not in game.teams[0]["quarrels"] and game.teams[0]["armed"] == []


def test_a_scheme_cut_short_by_winter_is_still_discarded():
    """Winter's Herald (drop two new lines) whose first line brings the fourth Snowflake:
    the game ends at once (RULE_NOTES), and the legendary still reaches its discard pile."""
    runes = sorted("BGHT" * 8)
    runes.remove("T")
    game = build(setup(seed=1), board=[[], ["b1"], ["bs"], []], revealed=[],
                 held=(["T"], runes), rune_pouch=[], snowflakes=["rs", "rs", "bs"])
    game.teams[1]["pouch"].remove("b2")  # the one rune in the Rune Pouch: it drops into A
    game.rune_pouch = ["b2"]
    game.legend_deck.remove("L1")
    game.teams[0]["quarrels"].append("L1")
    assert game.components() == game.full_components()
    game.apply("play L1 T")
    assert game.is_over and game.points(0) == 3 and len(game.snowflakes) == 4
    assert game.legend_discard == ["L1"] and not game.stack
    assert game.components() == game.full_components()


# ------------------------------------------------------------------ hidden information
def test_views_hide_tiles_pouches_hands_and_deck_order():
    game = build(setup(seed=1), revealed=[], hands=(["r1"], ["b3"]),
                 tiles={"a1": [("r2", False), ("b1", False)], "a2": [("b2", True)]},
                 quarrels=(["QT05"], ["QB05"]))
    red, blue, nobody = game.view(0), game.view(1), game.view(None)
    assert red.tiles["a1"] == [["r2", False], ["b?", False]]  # the owner peeks (L72)
    assert blue.tiles["a1"] == [["r?", False], ["b1", False]]
    assert nobody.tiles["a1"] == [["r?", False], ["b?", False]]
    assert red.tiles["a2"] == blue.tiles["a2"] == [["b2", True]]
    assert red.teams[0]["hand"] == ["r1"] and red.teams[1]["hand"] == ["b?"]
    assert red.teams[1]["pouch"] == ["b?"] * len(game.teams[1]["pouch"])
    assert red.teams[0]["quarrels"] == ["QT05"] and red.teams[1]["quarrels"] == ["?"]
    assert set(red.teams[0]["deck"]) == {"?"}
    assert all(set(d) == {"?"} for d in red.minion_decks.values())
    assert red.rune_pouch == game.rune_pouch  # the rune pouch's contents are public
    game.apply("draw")
    secret = game.log[-2] if game.log[-2].kind == "secret" else game.log[-3]
    assert secret.visible_to == (0,)
    assert secret not in game.view(1).log and secret in game.view(0).log
    assert json.loads(game.view(1).to_json())["current"]["rng"] is None


def test_print_draws_both_boards_and_whose_turn_it_is():
    """Issue 27: print(state) draws the Matching Board and the Battlefield (text_board),
    and a view draws only what its player may see."""
    game = build(setup(seed=1), revealed=["T", "G"],
                 tiles={"a2": [("r2", True), ("b1", False)], "c4": [("rt", False)]},
                 minions={"T01": {"team": 0, "space": "b1", "acorn": "b2", "upgraded": True},
                          "H01": {"team": 1, "space": "^b3"}})
    text = str(game)
    assert text.startswith("AlderQuest: Red and Blue\nMatching Board (revealed above it: T G)")
    assert "  2 T  H  T  H" in text and "  1 B  G  B  G" in text  # the opening rows
    assert "  1 .          T01*+b2" in text and "(rt)" in text and "##" in text
    assert "Canopy: ^b3 H01" in text and "Blue's Heroes Tamsin (b), Rusk (c), Wren (d)" in text
    assert "Turn 1: Red's turn (Red), Action Phase." in text
    assert text.endswith("Red's turn: 19 legal actions.")
    blue = game.view(1).text_board()
    assert "(r?)" in blue and "(rt)" not in blue and "(b1)" in blue
    assert game.text_board() == game.text_board()  # nothing changes for drawing it


# ------------------------------------------------------------------ saving and data
def test_save_load_round_trip_tampering_and_changed_data():
    game = setup(seed=7)
    text = game.to_json()
    assert load_game(text).to_json() == text
    doc = json.loads(text)
    assert doc["options"]["cards"] == {"shipped": "cards.json",
                                       "digest": load_cards().digest}
    tampered = json.loads(text)
    tampered["current"]["state"]["rune_pouch"].pop()
    with pytest.raises(SaveFormatError, match="pieces do not add up"):
        load_game(json.dumps(tampered))
    changed = json.loads(text)
    changed["options"]["cards"]["digest"] = "0" * 16
    with pytest.raises(DataFormatError, match="different shipped cards.json"):
        load_game(json.dumps(changed))
    own = json.loads(json.dumps(load_cards().doc))
    own["heroes"][0]["ability"]["cost"] = 1
    mine = new_game(seed=7, cards=own)
    assert mine.options["cards"] == {"document": own}
    assert load_game(mine.to_json()).cards.heroes["sebastian"]["ability"]["cost"] == 1


def test_illegal_actions_are_refused_with_the_rule_and_change_nothing():
    game = build(setup(seed=1), revealed=["T"], minions={"T01": {"team": 0, "space": "a1"}})
    before = game.to_json()
    for action, rule in (("drop G A", "not a revealed rune"), ("draw", "drop all"),
                         ("move T01 c3", "cannot go to c3"), ("use sebastian", "not one of"),
                         ("summon lily T", "summon: spend a held rune"),
                         ("give T01 T02", "Acorn passes"), ("stop", "no minion is moving"),
                         ("reveal", "not something to do now")):
        with pytest.raises(IllegalActionError, match=rule):
            game.apply(action)
        assert game.to_json() == before


def test_log_reads_as_english_for_you():
    game = new_game(players=["You", "Bot"], seed=3)
    assert game.log[0].text.startswith("You play Red and go first; Bot plays Blue.")
    assert game.prompt() == "You choose a faction."
    for f in ("Thieves", "Bards", "Guardians", "Hunters"):
        game.apply(f"faction {f}")
    assert game.log[-2].text == "Bot chooses the Hunters for Blue."
    for hero in ("lily", "wren", "clarence", "rusk", "maggie", "tamsin"):
        game.apply(f"hero {hero}")
    assert any(e.text.startswith("Turn 1: Your turn (Red).") for e in game.log)
    assert any(e.text.startswith("You reveal 3 runes") for e in game.log)
    build(game, revealed=[], minions={"T01": {"team": 0, "space": "a1"}},
          tiles={"a2": [("bt", False)]})
    game.apply("move T01 a2")
    assert game.log[-1].text == "Your Thief Ninja (T01) moves from a1 to a2."
    assert game.prompt() == ("You must reveal or dismiss the enemy tile: your Thief Ninja "
                             "(T01) on a2.")
    with pytest.raises(IllegalActionError, match="first you must reveal or dismiss"):
        game.apply("draw")


def test_saved_states_and_views_follow_the_state_schema():
    from dungeoncraft_widgets.alderquest.rules import AlderQuestState
    from dungeoncraft_widgets.core.data import check_schema
    from dungeoncraft_widgets.core.rng import Rng

    game, rng = new_game(players=4, seed=9), Rng(9)
    for step in range(400):
        if step % 50 == 0:
            for seen in (game, game.view(0), game.view(None)):
                check_schema(seen._dump(), AlderQuestState.state_schema, "state")
        game.apply(rng.choice(game.legal_actions()))
    bad = json.loads(game.to_json())
    bad["current"]["state"]["minions"] = {"Z99": {}}
    with pytest.raises(DataFormatError, match="Z99"):
        check_schema(bad["current"]["state"], AlderQuestState.state_schema, "state")


def test_a_copy_is_independent_and_shares_only_what_never_changes():
    from dungeoncraft_widgets.core.bots import RandomBot, play_bots

    game = new_game(seed=8)
    play_bots(game, {0: RandomBot(1), 1: RandomBot(2)}, max_actions=300)
    copied = game.copy()
    assert copied.to_json() == game.to_json()
    assert copied.legal_actions() == game.legal_actions()
    assert copied.log[5] is game.log[5] and copied.log is not game.log  # events shared
    before = game.to_json()
    copied.apply(copied.legal_actions()[-1])
    assert game.to_json() == before  # the original is untouched
    assert len(copied.history) == len(game.history) + 1


def test_an_action_made_anew_is_as_legal_as_the_listed_one():
    game = new_game(seed=3)
    listed = game.legal_actions()[0]
    again = game.parse_action(str(listed))  # equal, but not the very object listed
    assert again == listed and again is not listed
    game.apply(again)
    assert game.history[-1] == listed


def test_every_view_lists_legal_actions_without_naming_hidden_quarrels():
    """A spectator's or the other team's view lists what the player to act may do, minus
    the Quarrels it cannot see (their cards are '?'), instead of failing on them."""
    from dungeoncraft_widgets.core.rng import Rng

    game, rng, hidden_seen = new_game(players=2, seed=0), Rng(0), 0
    for _ in range(400):
        actions = game.legal_actions()
        for seat in (None, 0, 1):
            view = game.view(seat)
            listed = view.legal_actions()
            assert all("?" not in str(a) or not str(a).startswith("play") for a in listed)
            if seat == game.current_player:
                assert listed == actions
            hidden_seen += "?" in view.to_json()
        game.apply(actions[rng.randbelow(len(actions))])
    assert hidden_seen


def test_every_rule_note_quotes_the_sentence_it_rests_on():
    """Issue 23: each reading in RULE_NOTES quotes the rulebook (a quote of 12 characters
    or more, its line given as Lnnn right after it). The quotes were checked word for word
    against the rulebook (shared/rules/002_17a43396344d4d3b.txt, not shipped)."""
    import re

    from dungeoncraft_widgets.alderquest import RULE_NOTES

    for note in RULE_NOTES:
        cited = re.findall(r"(?:^|[\s(])'(.{12,}?)'\)?[,;]? ?\(?L\d+", note)
        assert cited, f"no quoted sentence with its line in: {note[:70]}"


def test_an_action_text_with_a_part_missing_or_extra_is_refused():
    """Issue 24: "drop T" used to read as Drop('T', ''), "move T01" as a move to ''."""
    from dungeoncraft_widgets.alderquest import parse_action

    for text, why in (("drop T", "drop: missing column"), ("move T01", "move: missing to"),
                      ("play QT01", "play: missing rune"), ("choose", "choose: missing target"),
                      ("tribute", "tribute: missing column"),
                      ("drop T A B", "drop: too many parts"), ("stop now", "too many parts")):
        with pytest.raises(IllegalActionError, match=why):
            parse_action(text)
    assert parse_action("drop T A") == parse_action("  drop  T   A ")
    game = build(setup(seed=1), revealed=["T"])
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="missing column"):
        game.apply("drop T")
    assert game.to_json() == before
