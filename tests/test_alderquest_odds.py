"""AlderQuest's exact odds, each checked two ways: a brute force over every sequence of new
runes through the engine's own ``matching.cascade``, and a Monte Carlo run of the real engine
(fixed seeds, within 4 standard errors)."""

from __future__ import annotations

import copy
import itertools
import math
import statistics
import time
from collections import Counter
from fractions import Fraction

import pytest
import sympy
from alderquest_positions import build, setup

from dungeoncraft_widgets.alderquest import bots, graph, new_game, scene
from dungeoncraft_widgets.alderquest.battlefield import enemy_tiles
from dungeoncraft_widgets.alderquest.matching import Board, cascade, find_matches
from dungeoncraft_widgets.alderquest.odds import (
    Position,
    best_drops,
    move_odds,
    parse_move,
    reveal_odds,
    snowflake_race,
    tile_events,
    tile_odds,
    trap_chance,
)
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng


# ------------------------------------------------------------------ helpers
def engine_runs(game, actions, n, seed=1):
    """``n`` copies of ``game`` with fresh RNG seeds, ``actions`` applied to each."""
    for i in range(n):
        g = copy.deepcopy(game)
        g.rng = Rng(seed + i)
        for action in actions:
            g.apply(action)
        yield g


def close(frequency: float, p, n: int) -> bool:
    p = float(p)
    se = math.sqrt(max(p * (1 - p), 1e-9) / n)
    return abs(frequency - p) <= 4 * se + 1e-9


def ordered_sequences(counts: Counter, length: int):
    """Every ordered draw of ``length`` runes without replacement, with its chance."""
    def walk(seq, p, left):
        if len(seq) == length:
            yield tuple(seq), p
            return
        total = sum(left.values())
        for rune in sorted(left):
            if left[rune]:
                rest = left.copy()
                rest[rune] -= 1
                yield from walk(seq + [rune], p * Fraction(left[rune], total), rest)
    yield from walk([], Fraction(1), counts)


def random_position(rng: Rng, pieces: str = "BGHT", runes: tuple[int, int] = (6, 12)):
    while True:
        cols = [[] for _ in range(4)]
        for _ in range(rng.randint(*runes)):
            c = rng.randbelow(4)
            if len(cols[c]) < 6:
                cols[c].append(rng.choice(pieces))
        board = Board(4, 6, cols)
        if not find_matches(board):
            return board


def random_move(rng: Rng, board: Board):
    """A random Board move, often one that makes an enemy match (B or H: a new line)."""
    kinds = ["drop", "drop", "swap", "line", "slide"]
    stacks = [c for c, col in enumerate(board.cols) if len(col) >= 2 and len(col) < 6
              and col[-1] == col[-2] and col[-1] in "BH"]
    if stacks and rng.random() < 0.6:
        c = rng.choice(stacks)
        return ("drop", chr(65 + c), board.cols[c][-1])
    while True:
        kind = rng.choice(kinds)
        if kind == "drop":
            col = rng.choice([c for c in "ABCD" if len(board.cols[ord(c) - 65]) < 6])
            return ("drop", col, rng.choice("BGHT"))
        if kind == "line":
            return ("line",)
        cells = board.cells()
        if kind == "swap":
            c, r = rng.choice(cells)
            others = [(c + dc, r + dr) for dc, dr in ((1, 0), (0, 1))
                      if c + dc < 4 and board.get(c + dc, r + dr) is not None]
            if others:
                x, y = rng.choice(others)
                return ("swap", f"{chr(65 + c)}{r + 1}", f"{chr(65 + x)}{y + 1}")
        else:
            options = [(c, r, c + d) for c, r in cells for d in (-1, 1)
                       if 0 <= c + d < 4 and len(board.cols[c + d]) <= r]
            if options:
                c, r, to = rng.choice(options)
                return ("slide", f"{chr(65 + c)}{r + 1}", chr(65 + to))


def outcome_key(collected, scored, snowflakes, ended, board):
    return (tuple(sorted(collected)), tuple(sorted(scored)), snowflakes, ended, str(board))


# ------------------------------------------------------------------ one move
@pytest.mark.slow
def test_move_odds_equal_a_brute_force_over_every_line_of_new_runes():
    """Every ordered draw of the whole pouch, each run through matching.cascade: the outcomes
    that need no more runes than the pouch holds have exactly the chances move_odds
    gives (in the others the pouch runs dry: the runes the cascade discards are not back
    in the pile before it ends, as in the engine)."""
    rng = Rng(11)
    random_moves = 0
    for case in range(40):
        board = random_position(rng)
        pouch = Counter(rng.choice("BGHT") for _ in range(7))
        pouch["b1" if case % 3 == 0 else "G"] += 1  # an Acorn in the cycle, sometimes
        pos = Position(board, "GT", "r", pouch, Counter(), snowflakes=case % 4)
        move = random_move(rng, board)
        exact = move_odds(pos, move, max_lines=4)
        random_moves += exact.random
        mine: Counter = Counter()
        for o in exact.outcomes:
            if not o.unsettled and not o.starved:
                mine[outcome_key(o.collected, o.scored, o.snowflakes, o.ended, o.board)] += \
                    Fraction(o.probability.p, o.probability.q)
        brute: Counter = Counter()
        for seq, p in ordered_sequences(pouch, 8):
            r = cascade(board, "GT", "r", [move], new_runes=seq, snowflakes_before=case % 4)
            if not r.starved:
                brute[outcome_key(r.collected, r.scored, len(r.snowflakes), r.ended,
                                  r.board)] += p
        assert mine == brute, (str(board), move, dict(pouch))
        assert sum(o.probability for o in exact.outcomes) == 1
    assert random_moves >= 12  # new lines were really drawn in many of the cases


def test_move_odds_against_the_real_engine():
    # Red (Thieves, Guardians) drops a Hunter rune on two Hunters: an enemy match, then a
    # new line from a pouch of 3 T, 3 G, 3 B, 3 H, which may give Red an ally match.
    game = build(setup(seed=1), board=[["H", "H"], ["T", "G"], ["T"], ["G", "B"]],
                 revealed=["H"], rune_pouch=list("TTTGGGBBBHHH"))
    exact = move_odds(Position.from_state(game), "drop H A")
    assert exact.random and exact.p_enemy_match == 1 and exact.p_unsettled == 0
    assert exact.deterministic.steps[0]["matches"][0]["kind"] == "H"
    n = 1500
    ally = collected = 0
    for g in engine_runs(game, ["drop H A"], n):
        got = len(g.teams[0]["held"])
        ally += got > 0
        collected += got
    assert close(ally / n, exact.p_ally_match, n), (ally / n, exact.p_ally_match)
    # the mean number of runes collected, within 4 standard errors of its exact value
    var = sum(o.probability * len(o.collected) ** 2 for o in exact.outcomes) - \
        exact.expected_collected ** 2
    assert abs(collected / n - float(exact.expected_collected)) <= \
        4 * math.sqrt(float(var) / n) + 1e-9


def test_move_odds_what_a_swap_a_slide_and_a_line_do():
    pos = Position.from_rows(["T---", "GT--", "TG--"], allies="GT", colour="r",
                             pouch={"B": 4})
    swap = move_odds(pos, "swap A2:B2")  # T T T in column A
    assert not swap.random and swap.expected_collected == 3 and swap.p_ally_match == 1
    slide = move_odds(pos, "slide A3:B3")
    assert slide.outcomes[0].board.cols[1] == ["G", "T", "T"] and slide.p_ally_match == 0
    # Four B's drop on a full bottom row: an enemy match-4, whose new line has only the 2
    # B's left in the pouch (the 4 matched are not back in the cycle before the cascade
    # ends): a short line, and the cascade stops; then the 4 join the discard pile.
    loop = Position.from_rows(["TGGT"], allies="GT", colour="r", pouch={"B": 6})
    line = move_odds(loop, "line")
    assert line.p_enemy_match == 1 and line.p_match4 == 1 and line.p_unsettled == 0
    assert line.deterministic.steps == [] and len(line.outcomes) == 1
    end = line.outcomes[0]
    assert end.result.steps[0]["lines"] == [["B", "B", "B", "B"]]
    assert end.result.steps[1]["lines"] == [["B", "B", None, None]] and end.starved
    assert end.pouch == Counter() and end.discard == Counter({"B": 4})


def test_best_drops_agree_with_move_odds_chained_by_hand():
    """The advisor's shared, integer-valued work equals the plain recursion over
    move_odds (a new line followed at the last drop only, as documented)."""
    rng = Rng(5)
    for _ in range(6):
        board = random_position(rng, runes=(8, 14))
        pos = Position(board, "GT", "r", Counter(rng.choice("BGHT") for _ in range(12)),
                       Counter(), 0, None)
        revealed = [rng.choice("BGHT") for _ in range(3)]
        plans = {p.steps: p for p in best_drops(pos, revealed)}

        def value(pos, steps):
            (rune, col), rest = steps[0], steps[1:]
            odds = move_odds(pos, ("drop", col, rune), max_lines=0 if rest else 1)
            total = [Fraction(0)] * 5
            for o in odds.outcomes:
                p = Fraction(o.probability.p, o.probability.q)
                sub = [0] * 5
                if rest and not (o.ended or o.unsettled):
                    nxt = Position(o.board, "GT", "r", o.pouch, o.discard,
                                   min(3, pos.snowflakes + o.snowflakes),
                                   o.result.exalted)
                    sub = value(nxt, rest)
                gains = [len(o.collected), o.points, 1 if o.exalt else sub[2],
                         1 if o.legendary else sub[3], 1 if o.unsettled else sub[4]]
                total = [t + p * (g + (s if i < 2 else 0)) for i, (t, g, s) in
                         enumerate(zip(total, gains, sub, strict=True))]
            return total

        for steps in list(plans)[::7]:
            plan = plans[steps]
            ref = value(pos, steps)
            got = [plan.expected_collected, plan.expected_points, plan.p_exalt,
                   plan.p_legendary, plan.p_unsettled]
            assert [sympy.Rational(x.numerator, x.denominator) for x in ref] == got, steps
        top = max(plans.values(), key=lambda p: p.expected_collected)
        assert next(p for p in plans.values() if p.best).expected_collected == \
            top.expected_collected


def test_best_drops_against_the_real_engine():
    # T and G are Red's; the last drop of H makes an enemy match and a random line.
    game = build(setup(seed=1), board=[["H", "H"], ["T", "G"], ["T"], ["G", "B"]],
                 revealed=["T", "G", "H"], rune_pouch=list("TTGGGBBBHH"))
    plans = best_drops(Position.from_state(game), game.revealed)
    assert len(plans) == 6 * 4 ** 3 and plans[0].best and not plans[1].best
    plan = next(p for p in plans if p.steps[-1] == ("H", "A") and p.p_unsettled == 0
                and p.expected_collected != int(p.expected_collected))
    n = 800
    collected = [len(g.teams[0]["held"])
                 for g in engine_runs(game, [f"drop {r} {c}" for r, c in plan.steps], n)]
    mean = sum(collected) / n
    # The standard error from the spread of the runs (not from the 0-12 bound, 3 times wider).
    se = statistics.stdev(collected) / math.sqrt(n)
    assert abs(mean - float(plan.expected_collected)) <= 4 * se
    # The nearest wrong answer, another plan's expected count (a plan scored with the wrong
    # drops), is rejected at the same 4 standard errors.
    nearest = min({p.expected_collected for p in plans} - {plan.expected_collected},
                  key=lambda v: abs(v - plan.expected_collected))
    assert abs(mean - float(nearest)) > 4 * se, nearest
    assert plan.words() == ", then ".join(f"{r} in {c}" for r, c in plan.steps)


def test_best_drops_rank_the_ally_match_first_and_say_what_is_unsettled():
    pos = Position.from_rows(["----", "HT--", "HTG-"], allies="GT", colour="r",
                             pouch={"B": 3, "G": 3, "H": 3, "T": 3})
    plans = best_drops(pos, ["T", "H"])
    assert plans[0].steps[0] == ("T", "B") and plans[0].expected_collected >= 3
    early = [p for p in plans if p.steps[0] == ("H", "A")]  # an enemy match first
    assert early and all(p.p_unsettled == 1 for p in early)
    follow = best_drops(pos, ["T", "H"], after_line=True)
    assert all(p.p_unsettled < 1 for p in follow if p.steps[0] == ("H", "A"))


# ------------------------------------------------------------------ runes to come
def test_reveal_odds_exact_and_against_the_engine():
    def typed(pouch, discard=None):
        return Position.from_rows(["----"], allies="GT", colour="r", pouch=pouch,
                                  discard=discard)

    assert reveal_odds(typed({"T": 6, "G": 6, "B": 6, "H": 6}), "T", 2) == \
        sympy.Rational(math.comb(6, 2) * 18 + math.comb(6, 3), math.comb(24, 3))
    assert reveal_odds(typed({"T": 2}, {"G": 1}), "T", 3) == 0  # only 3 runes in all
    game = build(setup(seed=1), revealed=[], rune_pouch=list("TTTTGGGBBH"))
    game.slot = 1  # Blue ends its turn: Red reveals 3 runes from this pouch
    game._legal = None
    exact = reveal_odds(game, "T", 2)
    assert exact == reveal_odds(Position.from_state(game), "T", 2)
    n = 1500
    hits = sum(g.revealed.count("T") >= 2 for g in engine_runs(game, ["draw"], n))
    assert close(hits / n, exact, n), (hits / n, exact)


# ------------------------------------------------------------------ tiles
def test_tile_odds_count_what_has_been_seen():
    game = setup(seed=1)
    assert trap_chance(game, 0) == sympy.Rational(2, 19)
    odds = tile_odds(game, 0)
    assert odds.kinds == {"1": sympy.Rational(8, 19), "2": sympy.Rational(5, 19),
                          "3": sympy.Rational(2, 19), "s": sympy.Rational(2, 19),
                          "t": sympy.Rational(2, 19)}
    assert odds.expected_points == sympy.Rational(8 + 10 + 6, 19)
    # Blue's 2-point Acorn face up and a Blue Snowflake in the discard pile: 17 unknown
    game = build(setup(seed=1), revealed=[], tiles={"c4": [("b2", True)], "a4": [("bt", False)]})
    game.rune_discard.append("bs")
    game.teams[1]["pouch"].remove("bs")
    assert tile_odds(game.view(0), 0).unknown == 17 and trap_chance(game.view(0), 0) == \
        sympy.Rational(2, 17)
    game.teams[1]["traps"] -= 1  # an armed Trap put one more trap tile into Blue's hand
    game.teams[1]["hand"].append("bt")
    assert trap_chance(game.view(0), 0) == sympy.Rational(3, 18)
    assert odds.p_no_trap(2) == sympy.Rational(math.comb(17, 2), math.comb(19, 2))
    with pytest.raises(InvalidArgumentError,
                       match=r"team must be a whole number from 0 to 1 \(0 is Red, 1 is Blue\), "
                             "not 2"):
        tile_odds(game, 2)


class BlindSetter:
    """Random play that sets tiles without regard to what they are (a tile of the hand
    picked uniformly) and never takes a trap tile from the unused stack."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, view, legal):
        if legal[0].verb == "set":
            hand = view.teams[view.current_team]["hand"]
            tile = self.rng.choice(hand)
            return self.rng.choice([a for a in legal if a.tile == tile])
        calm = [a for a in legal if a.verb not in ("play", "use")]
        moves = [a for a in calm if a.verb in ("move", "summon")]
        if moves and self.rng.random() < 0.7:
            return self.rng.choice(moves)
        return self.rng.choice(calm or legal)


@pytest.mark.slow
def test_trap_chance_is_calibrated_on_the_real_engine():
    """At every enemy tile a minion meets in random games, the chance trap_chance gives
    from the minion's team's view; the traps actually met add up to the sum of those
    chances, within 4 standard errors."""
    expected = variance = 0.0
    traps = met = 0
    for seed in range(12):
        game = new_game(seed=seed)
        bots = {0: BlindSetter(seed), 1: BlindSetter(seed + 100)}
        for _ in range(1200):
            if game.is_over:
                break
            if game.stack and game.stack[-1]["kind"] == "encounter":
                frame = game.stack[-1]
                team = game.minions[frame["minion"]]["team"]
                p = float(trap_chance(game.view(game.team_players[team][0]), team))
                code = game.tiles[frame["space"]][
                    enemy_tiles(game.tiles, team, frame["space"], face_up=False)[-1]][0]
                traps += code[1] == "t"
                met += 1
                expected += p
                variance += p * (1 - p)
            player = game.current_player
            game.apply(bots[player].choose(game.view(player), game.legal_actions()))
    assert met >= 150
    assert abs(traps - expected) <= 4 * math.sqrt(variance), (traps, expected, met)


# ------------------------------------------------------------------ winter
def test_snowflake_race_and_the_chance_winter_comes_this_turn():
    # three Snowflakes matched; b1 b2 on the bottom row; a Snowflake in the pouch may come
    # in the new line after Red's enemy match of H in column A (the line lands on row 2).
    game = build(setup(seed=1), board=[["H", "H"], ["b1", "G"], ["b2"], ["T"]],
                 revealed=["H"], rune_pouch=["B", "B", "G", "T", "T"],
                 snowflakes=["rs", "rs", "bs"])
    game.teams[1]["pouch"].remove("bs")  # Blue's last Snowflake has cycled into the runes
    game.rune_pouch = sorted(game.rune_pouch + ["bs"])
    race = snowflake_race(game)
    assert race.matched == 3 and race.in_cycle == 1 and race.on_board == 0
    assert race.hidden == {"r": 0, "b": 0} and race.p_end_best == race.p_end_max
    exact = move_odds(Position.from_state(game), "drop H A")
    assert 0 < exact.p_end < 1 and race.p_end_max == exact.p_end
    n = 1200
    ended = sum(g.is_over for g in engine_runs(game, ["drop H A"], n))
    assert close(ended / n, exact.p_end, n), (ended / n, exact.p_end)
    words = race.sentence(("You", "Bot"))
    assert words.startswith("Winter comes when the 4th Snowflake is matched: 3 so far")
    fresh = snowflake_race(setup(seed=1)).sentence(("You", "Bot"))
    assert fresh == ("Winter comes when the 4th Snowflake is matched: 0 so far; 2 of your "
                     "Snowflakes are still hidden (only Bot's minions can reveal them); 2 of "
                     "Bot's are still hidden (only your minions can reveal them).")


# ------------------------------------------------------------------ refusals
@pytest.mark.parametrize("call, message", [
    (lambda: Position.from_rows(["GT--"], allies="X", colour="r"), "allies must be two"),
    (lambda: Position.from_rows(["GT--"], allies="GT", colour="g"),
     "colour must be one of 'r' or 'b', not 'g'"),
    (lambda: Position.from_rows(["GT--"], allies="GT", colour="r", pouch={"Z9": 1}),
     "must be a faction rune"),
    (lambda: Position.from_rows(["GT--"], allies="GT", colour="r", pouch={"G": -1}),
     "pouch: the count of 'G' must be a whole number from 0 to 64, not -1"),
    (lambda: parse_move("jump A"), "is not 'drop RUNE COLUMN'"),
    (lambda: move_odds(Position.from_rows(["GT--"], allies="GT", colour="r"), "swap A1:C1"),
     "side by side"),
    (lambda: move_odds(Position.from_rows(["GT--"], allies="GT", colour="r"), "drop T Q"),
     "no column"),
    (lambda: best_drops(Position.from_rows(["GT--"], allies="GT", colour="r"), "TGH"),
     "list of runes"),
    (lambda: reveal_odds(Position.from_rows(["GT--"], allies="GT", colour="r", pouch={"T": 3}),
                         "T", 5), "at_least must be a whole number from 0 to 3, not 5"),
    (lambda: reveal_odds({"T": 3}, "T", 1), "position must be a Position or an AlderQuest game"),
])
def test_bad_input_is_refused_with_the_reason(call, message):
    with pytest.raises(InvalidArgumentError, match=message):
        call()


def test_ordered_sequences_helper_sums_to_one():
    assert sum(p for _s, p in ordered_sequences(Counter("AABC"), 3)) == 1
    assert len(list(itertools.islice(ordered_sequences(Counter("AB"), 2), 5))) == 2


# ------------------------------------------------------------------ issue 24: named errors
def test_analysis_refuses_what_the_engine_would_refuse():
    """Each used to fail somewhere else, with an exception naming nothing (or to answer)."""
    board = Board.from_rows(["G---", "GT--"])
    pos = Position(board, "GT", "r", {"B": 4})
    with pytest.raises(InvalidArgumentError, match="no column '@'"):
        cascade(board, "GT", "r", [("drop", "@", "G")])  # used to drop into column D
    with pytest.raises(InvalidArgumentError, match="must be a faction rune"):
        move_odds(pos, "drop X A")  # an unknown rune X
    with pytest.raises(InvalidArgumentError, match=r"slide: the move is \(slide, CELL"):
        move_odds(pos, ("slide", "A1"))  # IndexError
    with pytest.raises(InvalidArgumentError, match=r"swap: the move is \(swap, CELL"):
        move_odds(pos, ("swap",))  # ValueError
    with pytest.raises(InvalidArgumentError, match="rows must be a list of text rows"):
        Board.from_rows([])  # IndexError
    with pytest.raises(InvalidArgumentError, match="allies must be two faction letters"):
        Position(board, "XY", "r")
    with pytest.raises(InvalidArgumentError, match="new_runes: a rune must be"):
        cascade(board, "GT", "r", [("line",)], new_runes=["Q"])


def test_a_huge_typed_board_is_refused_before_it_is_built():
    start = time.process_time()
    with pytest.raises(InvalidArgumentError, match="width .* from 3 to 26, not 1000000"):
        Position.from_rows(["-" * 10**6], allies="GT", colour="r")
    with pytest.raises(InvalidArgumentError, match="number of rows .* from 1 to 20"):
        Board.from_rows(["GGTT"] * 1000)
    assert time.process_time() - start < 0.05


def _dobbers_game():
    from dungeoncraft_widgets import dobbers

    return dobbers.new_game(seed=1)


@pytest.mark.parametrize("call", [
    lambda s: Position.from_state(s), lambda s: tile_odds(s, 0), lambda s: trap_chance(s, 0),
    lambda s: tile_events(s, 0), lambda s: snowflake_race(s),
    lambda s: reveal_odds(s, "T", 1), lambda s: move_odds(s, "drop T A"),
    lambda s: best_drops(s, ["T"]),
    lambda s: graph.battlefield_graph(s), lambda s: graph.minion_reach(s, "T01"),
    lambda s: graph.turns_to_tribute(s, "T01"), lambda s: graph.threats(s, 0),
    lambda s: scene.board_scene(s), lambda s: scene.battlefield_scene(s),
    lambda s: scene.hand_scene(s, 0), lambda s: scene.piece_words(s, "T"),
    lambda s: bots.cascade_value(s, 0, [("drop", "A", "T")]),
    lambda s: bots.snowflake_plan(s, 0), lambda s: bots.MatchBot().choose(s, ["draw"]),
])
@pytest.mark.parametrize("given", [None, "dobbers", 3])
def test_analysis_given_no_alderquest_game_names_it(call, given):
    """None, a number or another game's state: a named error, never AttributeError."""
    state = _dobbers_game() if given == "dobbers" else given
    with pytest.raises(InvalidArgumentError, match="must be a (AlderQuestState|Position)"):
        call(state)


def test_bad_teams_and_moves_on_a_real_game_are_named():
    game = build(setup(seed=1), revealed=["T"])
    for team in (2, -1, "0", None):
        for call in (lambda t: bots.cascade_value(game, t, [("drop", "A", "T")]),
                     lambda t: scene.battlefield_scene(game, t),
                     lambda t: scene.hand_scene(game, t), lambda t: graph.threats(game, t)):
            with pytest.raises(InvalidArgumentError, match="team must be a whole number"):
                call(team)
    with pytest.raises(InvalidArgumentError, match="the factions are not chosen yet"):
        move_odds(Position.from_state(new_game(seed=1)), "drop T A")
    with pytest.raises(InvalidArgumentError, match="plans must be the DropPlans"):
        snowflake_race(game, [1])
    with pytest.raises(InvalidArgumentError, match="tiles must be a whole number"):
        tile_odds(game, 1).p_no_trap(-1)
