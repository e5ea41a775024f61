"""Bots for AlderQuest (the random bot is ``core.bots.RandomBot``).

Both see only ``state.view(seat)`` and rank the legal actions with the same engine
functions a player would use: every drop, swap, slide and tribute column is tried on a
copy of the Board with ``matching.cascade`` (the deterministic part; a new line's runes
are unknown, so a cascade that needs one stops there), and minions walk the Battlefield
by breadth-first distance to what they want.

- :class:`MatchBot` is match-seeking: it drops, swaps and slides for ally matches (more
  runes, the exalted status, legendary Quarrels), avoids handing runes to the opponent,
  and spends its runes on minions only when it has plenty.
- :class:`TributeBot` is tribute-seeking: it summons minions with its runes, walks them
  onto enemy tiles, carries Acorns to the canopy and drops them where they match; its
  Board play is the same as MatchBot's.

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
from ..core.rng import Rng
from .actions import (
    Carry,
    Choose,
    DestroyMinion,
    Dismiss,
    Draw,
    Fire,
    Leave,
    Move,
    Reveal,
    Stop,
    UseTrigger,
)
from .battlefield import enemy_acorns_face_up, enemy_tiles
from .matching import Board, acorn_points, cascade
from .rules import AlderQuestState

__all__ = ["MatchBot", "TributeBot", "cascade_value"]


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
    if not moves:
        return 0.0
    letters = "".join(view.cards.letter(f) for f in view.teams[team]["factions"])
    board = Board(view.boards.board_columns, view.boards.board_rows, view.board)
    exalted = view.cards.letter(view.exalted) if view.exalted else None
    result = cascade(board, letters, "rb"[team], moves, snowflakes_before=len(view.snowflakes),
                     exalted=exalted)
    value = len(result.collected) + 4.0 * result.points + 3.0 * result.legendary
    if result.exalted is not None and result.exalted in letters and (
            exalted is None or exalted not in letters):
        value += 3.0
    lead = view.points(team) - view.points(1 - team)
    value += (2.0 if lead + result.points > 0 else -3.0) * len(result.snowflakes)
    if result.ended:
        value += 100.0 if lead + result.points > 0 else -100.0
    return value


class _Planner:
    """The shared machinery; subclasses set how much they like minions."""

    name = "Planner"
    summon_below = 2  # keep summoning while fewer own minions than this are in play
    move_chance = 0.5  # chance of starting a minion's activation when it has a purpose

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # ---------------------------------------------------------------- choose
    def choose(self, view: AlderQuestState, legal: Sequence[Action]) -> Action:
        legal = list(legal)
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
        ahead = view.points(team) > view.points(1 - team)

        def far(action: Action) -> int:
            space = action.space  # type: ignore[attr-defined]
            near = min((view.field.distance(space, e) for e in enemies), default=9)
            kind = action.tile[1]  # type: ignore[attr-defined]
            # Acorns far from enemy minions; traps next to them (under one, it is never
            # met); a Snowflake in their way when ahead (winter ends the game), else far
            if kind == "t" or (kind == "s" and ahead):
                return -abs(near - 1)
            return near

        best = max(far(a) for a in legal)
        return self._pick([a for a in legal if far(a) == best])

    # ---------------------------------------------------------------- decisions
    def _decide(self, view: AlderQuestState, frame: dict[str, Any],
                legal: list[Action]) -> Action:
        kind = frame["kind"]
        team = view.team_of(frame["player"])
        if kind == "encounter":
            carrying = view.minions[frame["minion"]]["acorn"] is not None
            return Dismiss() if carrying and Dismiss() in legal else Reveal()
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
        # 2. a Hero action that makes an ally match
        for verb in ("swap", "slide"):
            if verb in by_verb:
                pairs = view.swap_pairs() if verb == "swap" else view.slides()
                best = max((self._board_choice(view, team, verb, Choose(p)) for p in pairs),
                           default=0)
                if best >= 3:
                    return by_verb[verb][0]
        held = view.teams[team]["held"]
        mine = [mid for mid, m in view.minions.items() if m["team"] == team]
        # 3. minions: summon while few, then walk them
        if "summon" in by_verb and len(mine) < self.summon_below:
            return self._pick(by_verb["summon"])
        for mid in mine:
            moves = [a for a in by_verb.get("move", []) if a.minion == mid]
            if moves and self.rng.random() < self.move_chance:
                step = self._best_step(view, mid, moves)
                if step is not None:
                    return step
        for give in by_verb.get("give", []):
            if view.field.is_canopy(view.minions[give.taker]["space"]):  # type: ignore
                return give
        # 4. spend spare runes: abilities, Quarrels, more minions
        if len(held) >= 3:
            for verb in ("use", "play", "summon"):
                if verb in by_verb:
                    return self._pick(by_verb[verb])
        return Draw() if Draw() in legal else self._pick(legal)

    def _targets(self, view: AlderQuestState, mid: str) -> set[str]:
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
        return out

    def _distances(self, view: AlderQuestState, targets: set[str], team: int) -> dict[str, int]:
        blocked = {m["space"] for m in view.minions.values() if m["team"] == team}
        dist = {t: 0 for t in targets}
        queue = deque(targets)
        while queue:
            s = queue.popleft()
            for n in view.field.normal_moves(s):
                if n not in dist and n not in blocked:
                    dist[n] = dist[s] + 1
                    queue.append(n)
        return dist

    def _best_step(self, view: AlderQuestState, mid: str, moves: list[Move]) -> Move | None:
        targets = self._targets(view, mid)
        if not targets:
            return None
        m = view.minions[mid]
        dist = self._distances(view, targets, m["team"])
        here = dist.get(m["space"], 99)
        scored = [(dist.get(a.to, 99), self.rng.random(), a) for a in moves
                  if a.to not in view.heroes or m["acorn"] is None]
        if not scored:
            return None
        best = min(scored)
        return best[2] if best[0] < here else None

    def _keep_moving(self, view: AlderQuestState, mid: str, legal: list[Action]) -> Action:
        moves = [a for a in legal if isinstance(a, Move)]
        step = self._best_step(view, mid, moves)
        return step if step is not None else Stop()


class MatchBot(_Planner):
    """Match-seeking: Board play first; minions only with spare runes. See the module doc."""

    name = "Match-seeker"
    summon_below = 1
    move_chance = 0.5


class TributeBot(_Planner):
    """Tribute-seeking: minions onto enemy tiles and Acorns into the canopy. See the
    module doc."""

    name = "Tribute-seeker"
    summon_below = 4
    move_chance = 1.0
