"""Bots for AlderQuest (the random bot is ``core.bots.RandomBot``).

Both see only ``state.view(seat)`` and rank the legal actions with the same engine
functions a player would use: every drop, swap, slide and tribute column is tried on a
copy of the Board with ``matching.cascade`` (the deterministic part; a new line's runes
are unknown, so a cascade that needs one stops there), and minions walk the Battlefield
by breadth-first distance to what they want.

- :class:`MatchBot` is match-seeking: it drops, swaps and slides for ally matches (more
  runes, the exalted status, legendary Quarrels), avoids handing runes to the opponent,
  and keeps a small band of minions (two, three with spare runes).
- :class:`TributeBot` is tribute-seeking: it summons a bigger band (three, up to five),
  walks them onto enemy tiles, carries Acorns to the canopy and drops them where they
  match; its Board play is the same as MatchBot's.

Both play toward winter as a player would (the game ends only when the fourth Snowflake
is matched, L251, and a team's Snowflakes come out only when the other team's minions
reveal its tiles, L166): every minion with somewhere to go walks there each turn, to the
enemy's face-down tiles first (revealed, never dismissed), and with no enemy tile left
on the Battlefield to an enemy Hero (a Hero Squabble makes the enemy draw two more tiles,
L150). A team that would win if winter came now (:meth:`~.rules.AlderQuestState.standing`)
matches Snowflakes, looking two Board moves ahead for it (:func:`snowflake_plan`), sets
its own Snowflakes in the enemy's way and its traps out of it, and moves its minions off
its own face-down Snowflakes; a team behind does the opposite with its tiles and avoids
matching Snowflakes. (benchmarks/alderquest.py measures how long their games last.)

:func:`search_bot` is ``core.search``'s information-set search bot with AlderQuest's hooks
(:data:`SEARCH`): :func:`sample_hidden` fills in what a view hides, :func:`evaluate`
scores a position and :func:`playout` is a cascade-free cut of the Tribute-seeker.

>>> from dungeoncraft_widgets.core.bots import play_bots
>>> from dungeoncraft_widgets.alderquest import new_game
>>> game = new_game(seed=5)
>>> _ = play_bots(game, {0: MatchBot(seed=1), 1: TributeBot(seed=2)})
>>> game.is_over
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.checks import game_state, whole_number
from ..core.errors import InvalidArgumentError
from ..core.rng import Rng
from ..core.search import Budget, SearchBot, SearchGame, playable
from .actions import (
    Carry,
    Choose,
    DestroyMinion,
    Draw,
    Fire,
    Leave,
    Move,
    Reveal,
    Stop,
    UseTrigger,
)
from .battlefield import enemy_acorns_face_up, enemy_tiles
from .matching import COLOURS, Board, acorn_points, cascade, slides, swap_pairs
from .rules import HIDDEN, POUCH, AlderQuestState

__all__ = ["SEARCH", "MatchBot", "TributeBot", "cascade_value", "evaluate", "playout",
           "sample_hidden", "search_bot", "snowflake_plan"]

#: The Acorn points of one colour in play (2 three-point, 5 two-point, 8 one-point, L54).
ACORN_POINTS = sum(int(k) * n for k, n in POUCH.items() if k in "123")


def cascade_value(view: AlderQuestState, team: int, moves: list[tuple[str, ...]]) -> float:
    """How good Board ``moves`` are for ``team``: ally runes collected, Acorn points
    scored, exalting, legendary Quarrels, Snowflakes matched while ahead (while behind,
    matching them brings winter closer and is bad); runes the opponent could take next
    turn are not guessed.

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> game = new_game(seed=3)
    >>> cascade_value(game, 0, []) == 0
    True
    """
    _view_team(view, team, moves)
    if not moves:
        return 0.0
    letters = "".join(view.cards.letter(f) for f in view.teams[team]["factions"])
    board = Board(view.boards.board_columns, view.boards.board_rows, view.board)
    exalted = view.cards.letter(view.exalted) if view.exalted else None
    result = cascade(board, letters, "rb"[team], moves, snowflakes_before=len(view.snowflakes),
                     exalted=exalted)
    return _value(view, team, result, letters, exalted)


def _view_team(view: object, team: object, moves: object = ()) -> None:
    game_state(view, AlderQuestState, "view")
    whole_number(team, "team", minimum=0, maximum=1, why="0 is Red, 1 is Blue")
    if moves and len(view.teams[team]["factions"]) != 2:  # type: ignore[attr-defined]
        raise InvalidArgumentError("view: the factions are not chosen yet (no Board to play)")


def _value(view: AlderQuestState, team: int, result: Any, letters: str,
           exalted: str | None) -> float:
    value = len(result.collected) + 4.0 * result.points + 3.0 * result.legendary
    if result.exalted is not None and result.exalted in letters and (
            exalted is None or exalted not in letters):
        value += 3.0
    ahead = _wants_winter(view, team, result.points, len(result.scored))
    value += (2.0 if ahead else -3.0) * len(result.snowflakes)
    if result.ended:
        value += 100.0 if ahead else -100.0
    return value


def _wants_winter(view: AlderQuestState, team: int, points: int = 0, tiles: int = 0) -> bool:
    """Whether ``team`` has nothing to gain from a longer game: it would win if winter came
    now, or the other team's Acorns still in play could no longer lift it past the other
    team's points (a tie at best; a player who cannot win does not stall)."""
    if _ahead(view, team, points, tiles):
        return True
    mine, theirs = view.points(team) + points, view.points(1 - team)
    return mine + (ACORN_POINTS - mine) <= theirs


def _ahead(view: AlderQuestState, team: int, points: int = 0, tiles: int = 0) -> bool:
    """Whether ``team`` would win if winter came now, after scoring ``points`` more with
    ``tiles`` Acorn tiles (the tie-breakers as :meth:`AlderQuestState.standing`)."""
    mine, theirs = view.standing(team), view.standing(1 - team)
    return (mine[0] + points, mine[1], mine[2] + tiles, *mine[3:]) > theirs


def _snowflake_cells(board: Board) -> list[tuple[int, int]]:
    return [(c, r) for c, col in enumerate(board.cols) for r, p in enumerate(col)
            if len(p) == 2 and p[1] == "s"]


def _near(cells: list[tuple[int, int]], move: tuple[str, ...]) -> bool:
    """Whether a Swap or Slide ``move`` moves a rune within 2 cells of ``cells``."""
    for name in move[1:3] if move[0] == "swap" else move[1:2]:
        c, r = ord(name[0]) - 65, int(name[1:]) - 1
        if any(abs(c - x) + abs(r - y) <= 2 for x, y in cells):
            return True
    return False


def _moves(board: Board) -> list[tuple[str, ...]]:
    """Every Swap and Slide on ``board`` as cascade moves."""
    heights = tuple(len(col) for col in board.cols)
    out = [("swap", *p.split(":")) for p in swap_pairs(heights)]
    for p in slides(heights):
        a, b = p.split(":")
        out.append(("slide", a, b[0]))
    return out


def snowflake_plan(view: AlderQuestState, team: int) -> tuple[tuple[str, ...], float] | None:
    """The best first move of two Board moves (Swaps or Slides) that match a Snowflake on
    the Board, for a team that wants winter (it is ahead), and what the two are worth;
    None when no two moves do.

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> snowflake_plan(new_game(seed=3), 0) is None
    True
    """
    game_state(view, AlderQuestState, "view")
    whole_number(team, "team", minimum=0, maximum=1, why="0 is Red, 1 is Blue")
    if not view.board or len(view.teams[team]["factions"]) != 2:
        return None
    board = Board(view.boards.board_columns, view.boards.board_rows, view.board)
    cells = _snowflake_cells(board)
    if not cells:
        return None
    letters = "".join(view.cards.letter(f) for f in view.teams[team]["factions"])
    exalted = view.cards.letter(view.exalted) if view.exalted else None
    colour, before = "rb"[team], len(view.snowflakes)
    best: tuple[float, tuple[str, ...]] | None = None
    for first in _moves(board):
        if not _near(cells, first):
            continue
        one = cascade(board, letters, colour, [first], snowflakes_before=before,
                      exalted=exalted)
        if one.snowflakes or one.starved or one.board is None:
            continue  # a single move does it (or draws a new line): not this plan
        after = _snowflake_cells(one.board)
        for second in _moves(one.board):
            if not _near(after, second):
                continue
            two = cascade(one.board, letters, colour, [second], snowflakes_before=before,
                          exalted=one.exalted)
            if not two.snowflakes:
                continue
            worth = _value(view, team, one, letters, exalted) + _value(
                view, team, two, letters, one.exalted)
            if best is None or worth > best[0]:
                best = (worth, first)
    return None if best is None or best[0] <= 0 else (best[1], best[0])


class _Planner:
    """The shared machinery; subclasses set how much they like minions."""

    name = "Planner"
    summon_below = 2  # summon at once while fewer own minions than this are in play
    summon_most = 3  # spare runes go to more minions while fewer than this are in play
    move_chance = 1.0  # chance of starting a minion's activation when it has a purpose

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._planned: tuple[str, ...] | None = None  # the first of two Board moves

    # ---------------------------------------------------------------- choose
    def choose(self, view: AlderQuestState, legal: Sequence[Action]) -> Action:
        game_state(view, AlderQuestState, "view")
        legal = list(legal)
        if not legal:
            raise InvalidArgumentError("legal: there is no legal action to choose from")
        if view.stack:
            return self._decide(view, view.stack[-1], legal)
        if view.phase in ("faction", "hero") or view.step == "set":
            return self._setup(view, legal)
        return self._act(view, legal)

    def _pick(self, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def _setup(self, view: AlderQuestState, legal: list[Action]) -> Action:
        if view.step != "set":
            return self._pick(legal)
        team = view.team_of(view.current_player)  # type: ignore[arg-type]
        # where enemy minions are, or will appear (in front of the enemy Heroes)
        enemies = [m["space"] for m in view.minions.values()
                   if m["team"] != team and m["space"]]
        enemies += [view.field.front(1 - team, h["column"]) for h in view.heroes.values()
                    if h["team"] != team]
        behind = view.points(team) < view.points(1 - team) and not _wants_winter(view, team)
        own = "rb"[team] + "s"
        snowflakes = [s for s, tiles in view.tiles.items()
                      if any(code == own and not up for code, up in tiles)]

        def far(action: Action) -> int:
            space = action.space  # type: ignore[attr-defined]
            near = min((view.field.distance(space, e) for e in enemies), default=9)
            kind = action.tile[1]  # type: ignore[attr-defined]
            # Acorns far from enemy minions. Behind: traps next to them (under one, it is
            # never met), Snowflakes far (winter would end the game). Otherwise the other
            # way round: Snowflakes in their way, so that they reveal them (L166), and
            # traps out of it, and away from our Snowflakes out there (not on the way
            # to them)
            if (kind == "t" and behind) or (kind == "s" and not behind):
                return -abs(near - 1)
            if kind == "t" and snowflakes:
                return min(view.field.distance(space, s) for s in snowflakes) + near
            return near

        best = max(far(a) for a in legal)
        return self._pick([a for a in legal if far(a) == best])

    # ---------------------------------------------------------------- decisions
    def _decide(self, view: AlderQuestState, frame: dict[str, Any],
                legal: list[Action]) -> Action:
        kind = frame["kind"]
        team = view.team_of(frame["player"])
        if kind == "encounter":
            # reveal: an Acorn stays face up for later, a Snowflake brings winter closer and
            # upgrades the minion (L166); dismissing only puts the tile back in the pouch
            return Reveal()
        if kind == "carry":
            carries = [a for a in legal if isinstance(a, Carry)]
            return max(carries, key=lambda a: acorn_points(a.tile)) if carries else Leave()
        if kind == "trap":
            fires = [a for a in legal if isinstance(a, Fire)]
            return fires[0] if fires else DestroyMinion()
        if kind == "trigger":
            return UseTrigger()
        if kind in ("tribute",):
            return max(legal, key=lambda a: cascade_value(
                view, team, [("drop", a.column, view.minions[frame["minion"]]["acorn"])]))
        if kind in ("swap", "slide"):
            planned, self._planned = self._planned, None
            if planned is not None and planned[0] == kind:
                target = f"{planned[1]}:{planned[2]}" if kind == "swap" else \
                    f"{planned[1]}:{planned[2]}{planned[1][1:]}"
                chosen = Choose(target)
                if chosen in legal:
                    return chosen
            return max(legal, key=lambda a: self._board_choice(view, team, kind, a))
        if kind == "pay":
            held = view.teams[team]["held"]
            return max(legal, key=lambda a: held.count(a.target))  # type: ignore
        if kind == "target":
            return self._target(view, frame, legal)
        return self._pick(legal)

    def _board_choice(self, view: AlderQuestState, team: int, kind: str,
                      action: Action) -> float:
        a, b = action.target.split(":")  # type: ignore[attr-defined]
        move = ("swap", a, b) if kind == "swap" else ("slide", a, b[0])
        return cascade_value(view, team, [move]) + self.rng.random() * 0.01

    def _target(self, view: AlderQuestState, frame: dict[str, Any],
                legal: list[Action]) -> Action:
        effect = frame["effect"]["do"]
        team = frame["ctx"]["team"]
        if effect in ("destroy_enemy", "stun_enemy"):
            # the enemy minion carrying an Acorn, else the one nearest a canopy
            def threat(a: Action) -> float:
                m = view.minions[a.target]  # type: ignore[attr-defined]
                near = min(view.field.distance(m["space"], c) for c in view.field.canopy)
                return (10 if m["acorn"] else 0) - near
            return max(legal, key=threat)
        if effect in ("destroy_held_rune", "steal_held_rune", "collect_runes"):
            held = view.teams[1 - team]["held"]
            return max(legal, key=lambda a: held.count(a.target))  # type: ignore
        if effect in ("free_swap", "destroy_board_rune"):
            moves = {"free_swap": "swap", "destroy_board_rune": "destroy"}
            return max(legal, key=lambda a: cascade_value(
                view, team, [(moves[effect], *a.target.split(":"))]))  # type: ignore
        return self._pick(legal)

    # ---------------------------------------------------------------- the turn
    def _act(self, view: AlderQuestState, legal: list[Action]) -> Action:
        team = view.current_team
        act = view.activation
        if act is not None:
            return self._keep_moving(view, act["minion"], legal)
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        # 1. drops: the best column for each revealed rune
        if "drop" in by_verb:
            return max(by_verb["drop"], key=lambda a: cascade_value(
                view, team, [("drop", a.column, a.rune)]) + 0.01 * self.rng.random())
        # 2. a Hero action that makes an ally match (or matches Snowflakes when ahead)
        for verb in ("swap", "slide"):
            if verb in by_verb:
                pairs = view.swap_pairs() if verb == "swap" else view.slides()
                best = max((self._board_choice(view, team, verb, Choose(p)) for p in pairs),
                           default=0)
                if best >= 2:
                    return by_verb[verb][0]
        # 2b. ahead, with a Snowflake on the Board and two Heroes ready: two moves that
        #     match it (winter ends the game while we lead)
        if ("swap" in by_verb or "slide" in by_verb) and _wants_winter(view, team) and \
                len({a.hero for v in ("swap", "slide", "line") for a in by_verb.get(v, ())}) >= 2:
            plan = snowflake_plan(view, team)
            if plan is not None and plan[0][0] in by_verb:
                self._planned = plan[0]
                return by_verb[plan[0][0]][0]
        held = view.teams[team]["held"]
        mine = [mid for mid, m in view.minions.items() if m["team"] == team]
        if "summon" in by_verb and _wants_winter(view, team):
            # ahead, a minion summoned onto our own face-down Snowflake would guard it
            own = "rb"[team] + "s"
            keep = [a for a in by_verb["summon"] if not any(
                code == own and not up for code, up in view.tiles.get(
                    view.field.front(team, view.heroes[a.hero]["column"]), ()))]
            if keep:
                by_verb["summon"] = keep
            else:
                del by_verb["summon"]
        # 3. minions: summon while few, then walk every one that has somewhere to go
        #    (carriers first: an Acorn in the canopy is the point of it all)
        if "summon" in by_verb and len(mine) < self.summon_below:
            return self._pick(by_verb["summon"])
        for give in by_verb.get("give", []):
            if view.field.is_canopy(view.minions[give.taker]["space"]):  # type: ignore
                return give
        order = sorted(mine, key=lambda mid: (view.minions[mid]["acorn"] is None, mid))
        for mid in order:
            moves = [a for a in by_verb.get("move", []) if a.minion == mid]
            if moves and self.rng.random() < self.move_chance:
                step = self._best_step(view, mid, moves)
                if step is not None:
                    return step
        # 4. spend spare runes: more minions first while the Battlefield wants them, then
        #    abilities and Quarrels
        if len(held) >= 3:
            verbs = ("summon", "use", "play") if len(mine) < self.summon_most else (
                "use", "play", "summon")
            for verb in verbs:
                if verb in by_verb:
                    return self._pick(by_verb[verb])
        return Draw() if Draw() in legal else self._pick(legal)

    def _targets(self, view: AlderQuestState, mid: str) -> set[str]:
        """Where ``mid`` wants to go: the canopy with an Acorn; else the enemy's tiles (face
        down: reveal them, that is how Acorns and the enemy's Snowflakes come out, L166;
        face up: Acorns to pick up), an enemy carrying our Acorn; with none of those on the
        Battlefield, an enemy Hero (a Hero Squabble makes them set two more tiles, L150)."""
        m = view.minions[mid]
        team = m["team"]
        if m["acorn"] is not None:
            return set(view.field.canopy)
        out = set()
        # (tiles under the minion itself are never met: it did not move onto them)
        for space in view.field.ground:
            if enemy_tiles(view.tiles, team, space, face_up=False) or \
                    enemy_acorns_face_up(view.tiles, team, space):
                out.add(space)
        for other in view.minions.values():
            if other["team"] != team and other["acorn"] and other["space"]:
                out.add(other["space"])  # squabble to make it drop our Acorn
        out.discard(m["space"])
        if not out and view.teams[1 - team]["pouch"]:
            out = {h for h, d in view.heroes.items() if d["team"] != team}
        return out

    def _distances(self, view: AlderQuestState, targets: set[str], team: int) -> dict[str, int]:
        blocked = {m["space"] for m in view.minions.values() if m["team"] == team}
        dist = {t: 0 for t in targets}
        queue = deque(targets)
        heroes = {h: view.field.front(d["team"], d["column"]) for h, d in view.heroes.items()}
        while queue:
            s = queue.popleft()
            # a Hero is reached from the outer space in front of it (L150)
            nexts = [heroes[s]] if s in heroes else view.field.normal_moves(s)
            for n in nexts:
                if n not in dist and n not in blocked:
                    dist[n] = dist[s] + 1
                    queue.append(n)
        return dist

    def _best_step(self, view: AlderQuestState, mid: str, moves: list[Move]) -> Move | None:
        m = view.minions[mid]
        if self._guarding(view, mid):
            # ahead, it stands on its own face-down Snowflake: step off, so that an enemy
            # minion can reveal it and winter comes (L166)
            off = [a for a in moves if a.to not in view.heroes]
            if off:
                return min(off, key=lambda a: (self._guarding(view, mid, a.to),
                                               self.rng.random()))
        targets = self._targets(view, mid)
        if not targets:
            return None
        dist = self._distances(view, targets, m["team"])
        here = dist.get(m["space"], 99)
        scored = [(dist.get(a.to, 99), self.rng.random(), a) for a in moves
                  if a.to not in view.heroes or (m["acorn"] is None and a.to in targets)]
        if not scored:
            return None
        best = min(scored)
        return best[2] if best[0] < here else None

    @staticmethod
    def _guarding(view: AlderQuestState, mid: str, space: str | None = None) -> bool:
        """Whether ``mid`` (on ``space``, default where it stands) sits on its own team's
        face-down Snowflake while its team wants winter (see :func:`_wants_winter`)."""
        m = view.minions[mid]
        team = m["team"]
        if not _wants_winter(view, team):
            return False
        own = "rb"[team] + "s"
        return any(code == own and not up
                   for code, up in view.tiles.get(space or m["space"], ()))

    def _keep_moving(self, view: AlderQuestState, mid: str, legal: list[Action]) -> Action:
        moves = [a for a in legal if isinstance(a, Move)]
        step = self._best_step(view, mid, moves)
        return step if step is not None else Stop()


class MatchBot(_Planner):
    """Match-seeking: Board play first; a small band of minions. See the module doc."""

    name = "Match-seeker"
    summon_below = 2
    summon_most = 3


class TributeBot(_Planner):
    """Tribute-seeking: minions onto enemy tiles and Acorns into the canopy. See the
    module doc."""

    name = "Tribute-seeker"
    summon_below = 3
    summon_most = 5


# ------------------------------------------------------------------ the search bot's hooks
def sample_hidden(view: AlderQuestState, rng: Rng) -> AlderQuestState:
    """A whole game that ``view``'s seat cannot tell from the real one: every piece it
    cannot see (:meth:`~.rules.AlderQuestState.hidden_zones`) drawn at random from the
    pieces unaccounted for, and the game made playable (``core.search.playable``).

    What is known is kept: the other team's tiles (pouch, hand and face-down tiles on
    the Battlefield) are its colour's tiles not seen anywhere else; a team's Quarrel
    deck holds its factions' Quarrels not seen elsewhere, and the other team's hand
    those too plus exactly as many legendary Quarrels as the Legend deck's count leaves
    unaccounted; a Minion deck holds its faction's minions not in play, and the ones
    destroyed lie at its bottom in the order the public log shows (L142: a destroyed
    minion goes to the bottom, a summon takes the top).

    What the sample ignores (each draw is uniform among the tiles or cards that fit the
    counts): what the other team's choices suggest (which tile it set where, which
    Quarrel it kept), that a trap tile taken to hand when a Trap was armed stays in
    that hand until a tile is set, and that a tile the seat's minion dismissed (the seat
    saw it) is in the other team's pouch until a draw may have taken it
    (``odds.tile_odds`` follows the log that way; the sample does not).

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> game = new_game(seed=5)
    >>> sample = sample_hidden(game.view(0), Rng(1))
    >>> sample.view(0)._dump() == game.view(0)._dump(), sample.viewer is None
    (True, True)
    """
    game_state(view, AlderQuestState, "view")
    viewer = view.viewer
    hidden_teams = [t for t in (0, 1) if viewer is None or view.team_of(viewer) != t]
    known = _known(view)
    state = view.copy()
    # the tiles: each hidden team's pouch, hand and face-down tiles share its unseen tiles
    for t in hidden_teams:
        colour, team = COLOURS[t], state.teams[t]
        pool = list(known["tiles"][colour])
        rng.shuffle(pool)
        for space in sorted(state.tiles):
            for tile in state.tiles[space]:
                if tile[0] == colour + HIDDEN:
                    tile[0] = pool.pop()
        hand = len(team["hand"])
        team["hand"] = sorted(pool[:hand])
        team["pouch"] = sorted(pool[hand:])
    # the Quarrels: decks (hidden from both teams), the hidden teams' hands, the Legend deck
    legendary = list(known["legendary"])
    rng.shuffle(legendary)
    for t, team in enumerate(state.teams):
        own = list(known["quarrels"][t])
        rng.shuffle(own)
        if t in hidden_teams:
            # the faction Quarrels not in the deck are in the hand, legendaries the rest
            legends = len(team["quarrels"]) + len(team["deck"]) - len(own)
            hand = [legendary.pop() for _ in range(legends)]
            hand += own[len(team["deck"]):]
            rng.shuffle(hand)  # the order of a hand is the order drawn: unknown
            team["quarrels"] = hand
        team["deck"] = own[:len(team["deck"])]
    state.legend_deck = legendary
    # the Minion decks
    for faction, (deck, rest) in known["minions"].items():
        rest = list(rest)
        rng.shuffle(rest)
        state.minion_decks[faction] = [m if m is not None else rest.pop() for m in deck]
    return playable(state, rng.next64() % 2**63)  # type: ignore[return-value]


#: The last view :func:`_known` read, and what it found (the search samples one view
#: hundreds of times a move; the log is read once).
_KNOWN: list[Any] = [None, -1, None]


def _known(view: AlderQuestState) -> dict[str, Any]:
    """What sampling ``view`` needs, worked out once a view, from the pieces it does not
    show (the whole game's less the view's): each colour's unseen tiles, each team's
    unseen faction Quarrels, the unseen legendary ones, and for each Minion deck its
    template (bottom first: the minions known to lie there, None where unknown) and the
    unknown rest. All sorted: equal views give equal samples."""
    if _KNOWN[0] is view and _KNOWN[1] == len(view.log):
        return _KNOWN[2]
    unseen = view.full_components() - view.components()
    c = view.cards
    pieces = sorted(code for code, n in unseen.items() for _ in range(n))
    known = {
        "tiles": {colour: [p for p in pieces if len(p) == 2 and p[0] == colour]
                  for colour in COLOURS},
        "legendary": [p for p in pieces if p in c.legendary],
        "quarrels": [[p for p in pieces if p in c.quarrels
                      and c.quarrels[p]["faction"] in team["factions"]]
                     for team in view.teams],
        "minions": {faction: _minion_deck(view, faction, len(deck), [
            p for p in pieces if p in c.minions and c.minions[p]["faction"] == faction])
            for faction, deck in sorted(view.minion_decks.items())}}
    _KNOWN[:] = [view, len(view.log), known]
    return known


def _minion_deck(view: AlderQuestState, faction: str, size: int,
                 unseen: list[str]) -> tuple[list[str | None], list[str]]:
    """``faction``'s Minion deck (bottom first): the destroyed minions at the bottom in
    the order the log shows, None for the cards above them, and the minions those may
    be; without a whole log (a position typed in) all of it unknown."""
    minions = view.cards.minions
    deck: list[str | None] = [None] * sum(1 for m in minions.values()
                                          if m["faction"] == faction)
    for event in view.log:
        mid = event.data.get("minion") if event.kind in ("summon", "destroy") else None
        if mid is None or minions[mid]["faction"] != faction:
            continue
        if event.kind == "summon":
            if not deck or deck.pop() not in (None, mid):
                deck = []
                break
        else:
            deck.insert(0, mid)
    known = [m for m in deck if m is not None]
    if len(deck) != size or len(known) != len(set(known)) or not set(known) <= set(unseen):
        deck, known = [None] * size, []  # the log does not tell: all of it unknown
    return deck, [m for m in unseen if m not in known]


def evaluate(state: AlderQuestState, seat: int) -> float:
    """``seat``'s chance of winning, guessed cheaply: on a finished game the result (its
    team's: 1 a win, 0 a loss, 1/2 a tie, :meth:`~.rules.AlderQuestState.winner`);
    during play a sigmoid of its team's lead (:func:`_worth`), steeper as the
    Snowflakes matched bring winter (L251) closer, and a little more once a turn has
    ended in the sampled game (``state.history`` holds only the sample's own actions).

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> evaluate(new_game(seed=3), 0)
    0.5
    """
    team = state.team_of(seat)
    if state.phase == "over":
        winner = state.winner()
        return 0.5 if winner == "tie" else float(winner == ("red", "blue")[team])
    if state.phase != "play":
        return 0.5
    lead = (_worth(state, team) - _worth(state, 1 - team)) * (1 + len(state.snowflakes) / 2)
    # a curve that never flattens out: a team far behind still tells a better move from a
    # worse one (a logistic one rounds both to 0, and every move, looping ones too, ties),
    # and it stays below a real win (0.92 at most), which winter while ahead brings
    chance = 0.5 + 0.4 * lead / (abs(lead) + 6)
    # a turn ended within the search is a little better for everyone than one that goes
    # on without a gain: moves that change nothing (a Give back and forth) do not loop
    ended = sum(1 for a in state.history[-16:] if a.__class__ is Draw)
    return chance + 0.02 * min(ended, 1)


def _worth(state: AlderQuestState, team: int) -> float:
    """What ``team`` has, in Collection points: its points; each Acorn its minions carry
    at half its points, more the nearer the canopy; held runes (what Heroes, minions and
    Quarrels cost) a quarter point each; the exalted status (the first tie-breaker,
    L252) a point; each of the other team's tiles its minions have brought out (revealed:
    that is where Acorns and the other team's Snowflakes come from, L166) a third; its
    minions on the Battlefield a fifth each (up to four), and those without an Acorn up
    to 0.3 more the nearer they stand to the other team's tiles."""
    field = state.field
    worth = float(state.points(team))
    colour = COLOURS[1 - team]
    goals = [s for s, tiles in state.tiles.items() if s[0] != "^" and any(
        code[0] == colour and (not up or acorn_points(code)) for code, up in tiles)]
    minions = 0
    for m in state.minions.values():
        if m["team"] != team or m["space"] is None:
            continue
        minions += 1
        if m["acorn"] is not None:
            steps = min(field.distance(m["space"], c) for c in field.canopy)
            worth += acorn_points(m["acorn"]) * (0.5 + 0.4 / (1 + steps))
        elif goals:
            # on its way to the other team's tiles (where Acorns come from)
            steps = min(field.distance(m["space"], g) for g in goals)
            worth += 0.3 / (1 + steps)
    worth += 0.2 * min(minions, 4)
    mine = state.teams[team]
    worth += len(mine["held"]) / 4
    if state.exalted is not None and state.exalted in mine["factions"]:
        worth += 1.0
    enemy = state.teams[1 - team]
    hidden = len(enemy["pouch"]) + len(enemy["hand"]) + sum(
        1 for tiles in state.tiles.values() for code, up in tiles
        if not up and code[0] == colour)
    return worth - hidden / 3


class _Quick(_Planner):
    """The playout's rule of thumb: the Tribute-seeker's minion play (summon a band, walk
    it onto enemy tiles and Acorns into the canopy) and its answers to decisions, with
    every Board choice (drop column, Swap, Slide, tribute column) made at random rather
    than by trying cascades on a copy of the Board, which is most of a bot's time."""

    summon_below = 3
    summon_most = 4

    def _board_choice(self, view: AlderQuestState, team: int, kind: str,
                      action: Action) -> float:
        return self.rng.random()

    def _decide(self, view: AlderQuestState, frame: dict[str, Any],
                legal: list[Action]) -> Action:
        if frame["kind"] in ("tribute", "swap", "slide"):
            return self._pick(legal)
        if frame["kind"] == "target" and frame["effect"]["do"] in (
                "free_swap", "destroy_board_rune"):
            return self._pick(legal)
        return super()._decide(view, frame, legal)

    def _act(self, view: AlderQuestState, legal: list[Action]) -> Action:
        drops = [a for a in legal if a.verb == "drop"]
        if drops and view.activation is None:
            return self._pick(drops)
        # no Swaps or Slides: without the cascade they are a random shuffle of the Board
        return super()._act(view, [a for a in legal if a.verb not in ("swap", "slide")]
                            or legal)


_PLAYOUT = _Quick()


def playout(state: AlderQuestState, legal: list[Action], rng: Rng) -> Action:
    """The search's quick move in a sampled game (see :class:`_Quick`), drawing its
    chances from ``rng``.

    >>> from dungeoncraft_widgets.alderquest import new_game
    >>> game = new_game(seed=3)
    >>> playout(game, game.legal_actions(), Rng(1)) in game.legal_actions()
    True
    """
    _PLAYOUT.rng = rng
    _PLAYOUT._planned = None
    return _PLAYOUT.choose(state, legal)


#: The search bot's hooks and levels (``core.search``). A sample costs about 1 ms
#: (copying the view and making it a game) and a playout action about 0.3 ms, so short
#: playouts and many samples: hard searches up to 400 sampled games of 3 actions a move,
#: medium 80, easy 12 of 2 random actions. ``seconds`` stops a search early on a busy
#: machine (measured with 2 cores shared by many processes: hard's median 0.91 s a move,
#: medium's 0.19 s, before the safeguards were set a little lower).
SEARCH = SearchGame(
    name="alderquest",
    sample_hidden=sample_hidden,  # type: ignore[arg-type]
    evaluate=evaluate,  # type: ignore[arg-type]
    playout=playout,  # type: ignore[arg-type]
    budgets={"easy": Budget(12, 2, heuristic=False, seconds=0.06),
             "medium": Budget(80, 3, seconds=0.16, widening=0.5, trust=0.05),
             "hard": Budget(400, 3, seconds=0.85, widening=0.5, trust=0.05)},
    # Medium and hard play TributeBot's move unless the search finds one 0.05 better, and
    # widen from it: searching some thirty actions a move from scratch, hard lost all 4 of
    # its games against today's bots; so guided (100 iterations), it won 3 of 4.
    advisor=TributeBot,
)


def search_bot(level: str = "hard", seed: int = 0) -> SearchBot:
    """The search bot at ``level`` (easy, medium or hard) for AlderQuest.

    >>> search_bot("easy").name
    'Easy search bot'
    """
    return SearchBot(SEARCH, level, seed)
