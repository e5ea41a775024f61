"""The exact chance that an unknown enemy tile is a trap (issue 16).

Checked three ways: against a brute force over every physical tile on small made-up
histories, on worked examples by hand, and against Monte Carlo runs of the real engine
with bots that arm Traps (the traps met add up to the chances given, within 4 standard
errors).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import sympy
from alderquest_positions import build, setup

from dungeoncraft_widgets.alderquest import new_game
from dungeoncraft_widgets.alderquest.battlefield import enemy_tiles
from dungeoncraft_widgets.alderquest.bots import TributeBot
from dungeoncraft_widgets.alderquest.odds import (
    TILE_NOTES,
    _tile_filter,
    tile_events,
    tile_odds,
    trap_chance,
)
from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.core.rng import Rng

R = sympy.Rational


# ------------------------------------------------------------------ a brute force
def brute(events, kinds, pin=None):
    """Every physical tile followed one by one: ``kinds`` is the pouch ('t' trap, 'n'
    anything else); a draw takes each pouch tile with equal chance, a set each hand tile
    (or, with ``pin`` = (space, index, 'first'|'last'), that tile is chosen from the whole
    hand at the batch's first set: a trap if any (first), a non-trap if any (last)).
    Returns space -> chances bottom to top, or None if what was seen cannot happen."""
    kinds = list(kinds)
    pin_event = pin_turn = None
    if pin is not None:
        placed = {}
        for i, ev in enumerate(events):
            if ev[0] == "set":
                placed.setdefault(ev[1], []).append(i)
            elif ev[0] in ("dismiss", "reveal"):
                placed[ev[1]].pop()
        pin_event = placed[pin[0]][pin[1]]
        pin_turn = events[pin_event][2]
    # a world: (pouch ids, hand ids, stacks, pinned id) -> weight
    worlds = {((*range(len(kinds)),), (), (), None): Fraction(1)}
    started = set()

    def add(out, key, w):
        out[key] = out.get(key, 0) + w

    for i, ev in enumerate(events):
        out = {}
        if ev[0] in ("arm", "add"):
            kinds.append("t")
            new = len(kinds) - 1
        for (pouch, hand, stacks, pinned), w in worlds.items():
            st = dict(stacks)
            if ev[0] == "draw":
                for k, tile in enumerate(pouch):
                    add(out, (pouch[:k] + pouch[k + 1:], tuple(sorted(hand + (tile,))), stacks,
                              pinned), w / len(pouch))
            elif ev[0] == "arm":
                add(out, (pouch, tuple(sorted(hand + (new,))), stacks, pinned), w)
            elif ev[0] == "add":
                add(out, (tuple(sorted(pouch + (new,))), hand, stacks, pinned), w)
            elif ev[0] == "set":
                options = [(hand, pinned, Fraction(1))]
                if ev[2] == pin_turn and ev[2] not in started:
                    traps = [t for t in hand if kinds[t] == "t"]
                    others = [t for t in hand if kinds[t] != "t"]
                    want = (traps or others) if pin[2] == "first" else (others or traps)
                    options = [(tuple(t for t in hand if t != x), x, Fraction(1, len(want)))
                               for x in want]
                for hand2, pinned2, p in options:
                    if i == pin_event:
                        choices = [(pinned2, hand2)]
                    else:
                        choices = [(t, hand2[:k] + hand2[k + 1:]) for k, t in enumerate(hand2)]
                    for tile, rest in choices:
                        st2 = dict(st)
                        st2[ev[1]] = st2.get(ev[1], ()) + (tile,)
                        add(out, (pouch, rest, tuple(sorted(st2.items())), pinned2),
                            w * p / len(choices))
            else:
                column = st[ev[1]]
                tile = column[-1]
                st[ev[1]] = column[:-1]
                key_st = tuple(sorted((s, c) for s, c in st.items() if c))
                if ev[0] == "dismiss":
                    add(out, (tuple(sorted(pouch + (tile,))), hand, key_st, pinned), w)
                elif (kinds[tile] == "t") == ev[2]:
                    add(out, (pouch, hand, key_st, pinned), w)
        if ev[0] == "set":
            started.add(ev[2])
        worlds = out
        if not worlds:
            return None
    total = sum(worlds.values())
    chances = {}
    for (_p, _h, stacks, _x), w in worlds.items():
        for space, column in stacks:
            row = chances.setdefault(space, [Fraction(0)] * len(column))
            for k, tile in enumerate(column):
                row[k] += w * (kinds[tile] == "t")
    return {s: tuple(R(x / total) for x in row) for s, row in chances.items()}


def random_history(seed, traps=2, others=3, steps=10):
    """A made-up history, consistent because a true world is played along."""
    rng = Rng(seed)
    pouch = ["t"] * traps + ["n"] * others
    hand, stacks, events, turn = [], {}, [], 0
    for _ in range(steps):
        options = ["arm", "add"] + ["draw"] * 3 * bool(pouch) + ["set"] * 2 * bool(hand)
        options += ["meet"] * 2 * any(stacks.values())
        what = rng.choice(options)
        if what == "draw":
            hand.append(pouch.pop(rng.randbelow(len(pouch))))
            events.append(("draw",))
        elif what == "arm":
            hand.append("t")
            events.append(("arm",))
        elif what == "add":
            pouch.append("t")
            events.append(("add",))
        elif what == "set":
            turn += 1
            rng.shuffle(hand)
            for tile in hand:
                space = rng.choice("abc")
                stacks.setdefault(space, []).append(tile)
                events.append(("set", space, turn))
            hand = []
        else:
            space = rng.choice(sorted(s for s, c in stacks.items() if c))
            tile = stacks[space].pop()
            if rng.random() < 0.4:
                pouch.append(tile)
                events.append(("dismiss", space))
            else:
                events.append(("reveal", space, tile == "t"))
    return events


# seed 19 builds a long history (some 10 s of brute force): the quick loop leaves it out
@pytest.mark.parametrize("seed", [pytest.param(s, marks=pytest.mark.slow) if s == 19 else s
                                  for s in range(30)])
def test_the_exact_chances_match_a_brute_force_over_every_tile(seed):
    events = random_history(seed)
    found = _tile_filter(events, traps=2, size=5)
    expected = brute(events, "ttnnn")
    assert found is not None and expected is not None
    assert found[0] == expected, events
    for space, column in expected.items():
        for order in ("first", "last"):
            pin = (space, len(column) - 1, order)
            pinned = _tile_filter(events, traps=2, size=5, pin=pin)
            truth = brute(events, "ttnnn", pin=pin)
            assert (pinned is None) == (truth is None), (events, pin)
            if truth is not None:
                assert pinned[0] == truth, (events, pin)


# ------------------------------------------------------------------ worked by hand
def test_an_armed_trap_and_a_draw_set_together():
    """Blue arms a Trap (a trap tile to hand), draws a tile from its 19 (2 traps), and
    sets both: each space holds the trap with chance 1/2, or the draw is a trap too."""
    events = [("arm",), ("draw",), ("set", "a2", 4), ("set", "b2", 4)]
    chances, *_ = _tile_filter(events)
    assert chances == {"a2": (R(21, 38),), "b2": (R(21, 38),)}
    # the count alone would say 3 traps among 20 unknown tiles: 3/20
    # revealing a2 as an Acorn leaves the trap on b2
    chances, *_ = _tile_filter(events + [("reveal", "a2", False)])
    assert chances == {"b2": (R(1),)}
    # revealing a trap on a2: b2 is a trap only if the draw was one, likelier now
    chances, *_ = _tile_filter(events + [("reveal", "a2", True)])
    assert chances == {"b2": (R(4, 21),)}  # Bayes: (2/19) / (2/19 + 17/19 * 1/2)
    # dismissing a2 unseen: b2 unchanged, the pouch may now hold the armed trap
    chances, _b, _w, pouch, hand, next_draw = _tile_filter(events + [("dismiss", "a2")])
    assert chances == {"b2": (R(21, 38),)} and (pouch, hand) == (19, 0)
    assert next_draw == Fraction(2 - Fraction(2, 19) + Fraction(21, 38), 19)


def test_a_stack_is_met_top_first_and_batches_are_kept_apart():
    events = [("draw",), ("set", "a2", 2), ("arm",), ("set", "a2", 4)]
    chances, *_ = _tile_filter(events)
    assert chances == {"a2": (R(2, 19), R(1))}
    chances, *_ = _tile_filter(events + [("reveal", "a2", True)])
    assert chances == {"a2": (R(2, 19),)}


def test_tile_events_follow_the_real_engine():
    """Blue arms a Trap and draws; at its next Set Tiles both tiles go down: Red's view
    gives each the exact 21/38 and the placement range (2/19, 1)."""
    game = build(setup(seed=1), revealed=[])
    game.slot = 1  # Blue's Action Phase, with a Trap Quarrel and a rune to pay for it
    game.step = "action"
    trap = next(q for q, c in game.cards.quarrels.items()
                if c["type"] == "trap" and c["faction"] in game.teams[1]["factions"])
    game.teams[1]["quarrels"] = [trap]
    game.teams[1]["held"] = [game.cards.letter(game.cards.quarrels[trap]["faction"])]
    game._legal = None
    game.apply(f"play {trap} {game.teams[1]['held'][0]}")
    game.apply("draw")
    while game.current_team == 0:  # Red: drop the runes, then draw
        game.apply(next(a for a in game.legal_actions() if a.verb in ("drop", "draw")))
    spaces = []
    while game.step == "set":
        action = game.legal_actions()[0]
        spaces.append(action.space)
        game.apply(action)
    assert len(spaces) == 2
    events = tile_events(game.view(0), 1)
    assert [e[0] for e in events] == ["arm", "draw", "set", "set"]
    odds = tile_odds(game.view(0), 0)
    assert odds.exact and odds.stacks == {s: (R(21, 38),) for s in spaces}
    assert odds.at(spaces[0]) == trap_chance(game.view(0), 0, spaces[0]) == R(21, 38)
    assert odds.placement_range(spaces[0]) == (R(2, 19), R(1))
    assert odds.p_trap == R(21, 38) and odds.expected_traps == R(21, 19)
    assert odds.p_no_trap_on(spaces) == 0  # the armed trap is on one of them
    assert sum(odds.kinds.values()) == 1 and odds.kinds["s"] == R(17, 38) * R(2, 17)
    # the count alone, for comparison: 3 traps among 20 unknown tiles (19 + the armed one)
    assert odds.pool["t"] == 3 and odds.unknown == 20
    # Blue sees its own tiles: the odds are the other way round from Blue's side
    assert tile_odds(game.view(1), 1).stacks == {}
    with pytest.raises(InvalidArgumentError, match="no face-down b tile"):
        odds.at("e5")


def test_a_position_without_its_history_gets_the_counts():
    game = build(setup(seed=1), revealed=[], tiles={"a2": [("bt", False)]})
    odds = tile_odds(game.view(0), 0)
    assert not odds.exact and odds.at("a2") == R(2, 19) == odds.p_trap
    assert odds.placement_range("a2") == (R(2, 19), R(2, 19))
    assert odds.p_no_trap_on(["a2"]) == R(17, 19)


def test_the_notes_quote_the_rulebook():
    text = " ".join(TILE_NOTES)
    for quote in ("they take a trap tile to their hand", "set each of them",
                  "You can always peek at your own facedown tiles", "without revealing it"):
        assert quote in text


# ------------------------------------------------------------------ the real engine
class TrapArmer:
    """Random play that arms every Trap it can (each puts a trap tile in the hand), sets
    its tiles without regard to what they are, and reveals every enemy tile it meets."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, view, legal):
        if legal[0].verb == "set":
            tile = self.rng.choice(view.teams[view.current_team]["hand"])
            return self.rng.choice([a for a in legal if a.tile == tile])
        traps = [a for a in legal if a.verb == "play" and a.card in view.cards.quarrels
                 and view.cards.quarrels[a.card]["type"] == "trap"]
        if traps:
            return self.rng.choice(traps)
        if legal[0].verb in ("reveal", "dismiss"):
            return next(a for a in legal if a.verb == "reveal")
        calm = [a for a in legal if a.verb not in ("play", "use")]
        moves = [a for a in calm if a.verb in ("move", "summon")]
        if moves and self.rng.random() < 0.7:
            return self.rng.choice(moves)
        return self.rng.choice(calm or legal)


def meet_tiles(make_bots, seeds, actions):
    """At every enemy tile a minion meets: (was it a trap, the exact chance, the
    placement range, the count alone), each from the minion's team's view."""
    out = []
    for seed in seeds:
        game = new_game(seed=seed)
        bots = make_bots(seed)
        for _ in range(actions):
            if game.is_over:
                break
            if game.stack and game.stack[-1]["kind"] == "encounter":
                frame = game.stack[-1]
                team = game.minions[frame["minion"]]["team"]
                odds = tile_odds(game.view(game.team_players[team][0]), team)
                assert odds.exact
                code = game.tiles[frame["space"]][
                    enemy_tiles(game.tiles, team, frame["space"], face_up=False)[-1]][0]
                out.append((code[1] == "t", float(odds.at(frame["space"])),
                            tuple(map(float, odds.placement_range(frame["space"]))),
                            odds.pool["t"] / odds.unknown))
            player = game.current_player
            game.apply(bots[player].choose(game.view(player), game.legal_actions()))
    return out


def within(observed, chances, sigmas=4.0):
    expected = sum(chances)
    se = math.sqrt(sum(p * (1 - p) for p in chances))
    return abs(observed - expected) <= sigmas * se, (observed, expected, se)


@pytest.mark.slow
def test_the_chances_add_up_on_the_real_engine_when_traps_are_armed():
    """Bots that arm every Trap they can and set their tiles blindly (the one
    assumption): the traps met add up to the exact chances, within 4 standard errors."""
    met = meet_tiles(lambda s: {0: TrapArmer(s), 1: TrapArmer(s + 100)}, range(12), 1200)
    traps = sum(t for t, *_ in met)
    assert len(met) >= 300 and traps >= 60
    ok, figures = within(traps, [p for _t, p, _r, _c in met])
    assert ok, figures
    # the chances do differ from tile to tile: the hand's traps sit on known spaces
    assert len({round(p, 6) for _t, p, _r, _c in met}) > 20


class TrapSetter(TributeBot):
    """A Tribute-seeker that always sets its traps next to enemy minions (or where they
    appear, in front of the enemy Heroes), whatever the score: an owner who chooses where
    its traps go."""

    def _setup(self, view, legal):
        traps = [a for a in legal if a.verb == "set" and a.tile[1] == "t"]
        if not traps:
            return super()._setup(view, legal)
        team = view.team_of(view.current_player)
        enemies = [m["space"] for m in view.minions.values()
                   if m["team"] != team and m["space"]]
        enemies += [view.field.front(1 - team, h["column"]) for h in view.heroes.values()
                    if h["team"] != team]

        def away(action):
            near = min((view.field.distance(action.space, e) for e in enemies), default=9)
            return abs(near - 1)

        best = min(away(a) for a in traps)
        return self._pick([a for a in traps if away(a) == best])


@pytest.mark.slow
def test_owners_who_choose_where_traps_go_stay_within_the_placement_range():
    """Bots that arm Traps and set them next to enemy minions: the exchangeable chance
    undercounts (the table should read the range), but the traps met lie within the
    range's ends, within 4 standard errors."""
    met = meet_tiles(lambda s: {0: TrapSetter(s), 1: TrapSetter(s + 100)}, range(8), 1000)
    traps = sum(t for t, *_ in met)
    low = [r[0] for _t, _p, r, _c in met]
    high = [r[1] for _t, _p, r, _c in met]
    assert all(lo <= p <= hi for (_t, p, (lo, hi), _c) in met)
    assert len(met) >= 200
    exchangeable = [p for _t, p, _r, _c in met]
    _, (obs, p_sum, p_se) = within(traps, exchangeable)
    _, (obs, hi_sum, hi_se) = within(traps, high)
    assert all(lo <= hi for lo, hi in zip(low, high, strict=True))
    # These owners put their traps where minions come: more traps are met than the
    # exchangeable chance says (the nearest wrong answer, rejected at 4 standard errors),
    # and no more than the range's high end allows.
    assert p_sum + 4 * p_se < traps <= hi_sum + 4 * hi_se, (traps, p_sum, hi_sum)
    assert not within(traps, [c for *_x, c in met])[0]  # the count alone fails here


def test_a_saved_game_and_every_view_give_the_same_chances():
    """The chances come from the log everyone sees: the whole game, Red's view, a
    spectator's view and the game saved and loaded agree (and the team game reads its
    own wording, 'The Blue team draws a tile.')."""
    for players in (2, 4):
        game = new_game(players, seed=11)
        bots = {p: TrapArmer(p) for p in range(players)}
        while not game.is_over and len(game.history) < 700:
            player = game.current_player
            game.apply(bots[player].choose(game.view(player), game.legal_actions()))
        odds = tile_odds(game, 0)
        assert odds.exact and odds.stacks and any(e[0] == "arm" for e in tile_events(game, 1))
        for other in (game.view(0), game.view(None), type(game).from_json(game.to_json())):
            assert tile_odds(other, 0).stacks == odds.stacks


def test_the_chances_do_not_read_the_wording_of_the_log(monkeypatch):
    """Every log line reworded (the engine's ``record`` gets other text, same data):
    the tile events and the exact chances are the same, from both sides, in a game
    where Traps are armed, tiles drawn, set, revealed and dismissed."""

    class Dismisser(TrapArmer):  # dismisses every enemy tile it meets
        def choose(self, view, legal):
            if legal[0].verb in ("reveal", "dismiss"):
                return next(a for a in legal if a.verb == "dismiss")
            return super().choose(view, legal)

    def play(seed):
        game = new_game(seed=seed)
        bots = {0: TrapArmer(seed), 1: Dismisser(seed + 100)}
        states = []
        while not game.is_over and len(game.history) < 500:
            player = game.current_player
            game.apply(bots[player].choose(game.view(player), game.legal_actions()))
            if len(game.history) % 25 == 0:
                states.append([(tile_events(game, t), tile_odds(game.view(t), t).stacks)
                               for t in (0, 1)])
        return game, states

    game, plain = play(7)
    kinds = {e[0] for t in (0, 1) for e in tile_events(game, t)}
    assert {"draw", "arm", "set", "reveal", "dismiss"} <= kinds
    assert any(stacks for snapshot in plain for _e, stacks in snapshot)
    # the data everyone sees names a tile only once it is public: revealed, or a trap
    # tile armed or added; a dismissed tile stays the owner's secret
    for seen in (game.view(None), game.view(0)):
        for event in seen.log:
            if event.visible_to is None and "tile" in event.data:
                assert event.data.get("act") == "reveal" or (
                    event.data["to"] in ("hand", "pouch") and event.data["tile"][1] == "t")
            if event.data.get("act") == "dismiss":
                assert "tile" not in event.data and event.visible_to is None
    record = type(game).record

    def reworded(self, kind, text, **kw):
        return record(self, kind, f"Something happened ({kind}): {text.upper()[::-1]}", **kw)

    monkeypatch.setattr(type(game), "record", reworded)
    game, changed = play(7)
    assert game.log[-1].text.startswith("Something happened")
    assert changed == plain
