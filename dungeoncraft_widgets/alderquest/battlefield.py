"""The Battlefield: its spaces (geometry, :class:`Field`) and the rules of minions on it
(:class:`BattlefieldRules`, mixed into the game state): movement and special movement,
squabbles, Elbow Drops, Hero Squabbles, enemy tiles, passing and tributing Acorns.

Spaces are named like ``b3``: the column letter (``a`` is the west, Red's left) and the
row from Red's edge (1) to Blue's (5). The stump in the middle is no space. A canopy
space is named after the ground space beneath it with a caret: ``^b3`` is the canopy
above ``b3``. Adjacent always means orthogonally adjacent (L327); a canopy space is
joined only to the ground space beneath it (L174).

>>> from dungeoncraft_widgets.alderquest.data import load_boards
>>> field = Field(load_boards())
>>> len(field.ground), field.canopy
(24, ('^b3', '^c2', '^c4', '^d3'))
>>> field.adjacent("b3"), field.normal_moves("b3")
(['b2', 'a3', 'b4'], ['b2', 'a3', 'b4', '^b3'])
>>> field.flights("b3"), field.sneaks("a1")
(['b1', 'd3', 'b5'], ['b2'])
>>> field.front(0, "c"), field.front(1, "c")
('c1', 'c5')
"""

from __future__ import annotations

from typing import Any

from ..core.english import their
from .data import Boards

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))  # north, south, east, west
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
NO_ACORN = None


class Field:
    """The Battlefield's geometry, built from the boards data."""

    def __init__(self, boards: Boards) -> None:
        self.columns = "abcdefghi"[:boards.field_columns]
        self.rows = boards.field_rows
        self.stump = boards.stump
        self.ground: tuple[str, ...] = tuple(
            f"{c}{r}" for r in range(1, self.rows + 1) for c in self.columns
            if f"{c}{r}" != boards.stump)
        self.canopy: tuple[str, ...] = tuple(f"^{s}" for s in boards.canopy)
        self._ground_set = frozenset(self.ground)
        self._canopy_set = frozenset(self.canopy)
        # Every question below is asked thousands of times a game (legal actions list each
        # minion's moves), so each answer is worked out once here. The lists handed out are
        # shared: callers must not change them.
        self._adjacent = {s: self._around(s, DIRECTIONS) for s in self.ground}
        self._diagonal = {s: self._around(s, DIAGONALS) for s in self.ground}
        self._surrounding = {s: self._around(s, DIRECTIONS + DIAGONALS) for s in self.ground}
        self._normal = {s: self._adjacent[s] + ([f"^{s}"] if f"^{s}" in self._canopy_set
                                                else []) for s in self.ground}
        self._normal.update({c: [self.below(c)] for c in self.canopy})
        self._flights = {s: self._flights_from(s) for s in self.ground}
        self._rays = {s: [self._ray_from(s, d) for d in DIRECTIONS] for s in self.ground}
        self._rows = {s: int(s[1:]) for s in self.ground}

    def _xy(self, space: str) -> tuple[int, int]:
        return self.columns.index(space[0]), int(space[1:]) - 1

    def _at(self, x: int, y: int) -> str | None:
        if 0 <= x < len(self.columns) and 0 <= y < self.rows:
            name = f"{self.columns[x]}{y + 1}"
            return name if name in self._ground_set else None
        return None

    def _around(self, space: str, steps: tuple[tuple[int, int], ...]) -> list[str]:
        x, y = self._xy(space)
        found = [self._at(x + dx, y + dy) for dx, dy in steps]
        return sorted((s for s in found if s), key=self.ground.index)

    # ---------------------------------------------------------------- questions
    def is_ground(self, space: str) -> bool:
        return space in self._ground_set

    def is_canopy(self, space: str) -> bool:
        return space in self._canopy_set

    def below(self, canopy: str) -> str:
        """The ground space under a canopy space (``'^b3'`` -> ``'b3'``)."""
        return canopy[1:]

    def canopy_above(self, space: str) -> str | None:
        up = f"^{space}"
        return up if up in self._canopy_set else None

    def adjacent(self, space: str) -> list[str]:
        """Orthogonally adjacent ground spaces (the stump is not a space)."""
        if self.is_canopy(space):
            return [self.below(space)]
        return self._adjacent[space]

    def surrounding(self, space: str) -> list[str]:
        """The (up to 8) ground spaces around a ground space, diagonals included."""
        return self._surrounding[self.below(space) if self.is_canopy(space) else space]

    def normal_moves(self, space: str) -> list[str]:
        """Where a normal move goes: an adjacent ground space, or into the canopy above
        (only from directly beneath); out of the canopy only downwards (L174)."""
        return self._normal[space]

    def sneaks(self, space: str) -> list[str]:
        """Sneak: a diagonally adjacent ground space (never into or out of the canopy)."""
        return [] if self.is_canopy(space) else self._diagonal[space]

    def flights(self, space: str) -> list[str]:
        """Flight: two spaces in one direction, over whatever lies between (the stump too)."""
        return [] if self.is_canopy(space) else self._flights[space]

    def _flights_from(self, space: str) -> list[str]:
        x, y = self._xy(space)
        found = (self._at(x + 2 * dx, y + 2 * dy) for dx, dy in DIRECTIONS)
        return sorted((s for s in found if s), key=self.ground.index)

    def ray(self, space: str, direction: tuple[int, int]) -> list[str]:
        """The ground spaces from ``space`` (excluded) straight on until the edge or the
        stump (what a Charge passes over)."""
        return self._rays[space][DIRECTIONS.index(direction)]

    def rays(self, space: str) -> list[list[str]]:
        """:meth:`ray` in each of the :data:`DIRECTIONS`, in that order."""
        return self._rays[space]

    def _ray_from(self, space: str, direction: tuple[int, int]) -> list[str]:
        x, y = self._xy(space)
        out = []
        while True:
            x, y = x + direction[0], y + direction[1]
            nxt = self._at(x, y)
            if nxt is None:
                return out
            out.append(nxt)

    def row(self, space: str) -> int:
        """A ground space's row (1 at Red's edge); 0 for a canopy space (on no row)."""
        return self._rows.get(space, 0)

    def front(self, team: int, column: str) -> str:
        """The space in front of a Hero of ``team`` standing at ``column`` (Red: row 1)."""
        return f"{column}{1 if team == 0 else self.rows}"

    def edge_row(self, team: int) -> int:
        """The row of the outer spaces in front of ``team``'s Heroes."""
        return 1 if team == 0 else self.rows

    def distance(self, a: str, b: str) -> int:
        """Steps between two spaces, ignoring what is in the way (bots use it)."""
        if self.is_canopy(a):
            return 1 + self.distance(self.below(a), b)
        if self.is_canopy(b):
            return 1 + self.distance(a, self.below(b))
        (ax, ay), (bx, by) = self._xy(a), self._xy(b)
        return abs(ax - bx) + abs(ay - by)


# ------------------------------------------------------------------ the rules
class BattlefieldRules:
    """Minions on the Battlefield. Mixed into the game state: it uses the state's
    ``minions``, ``tiles``, ``heroes``, ``teams``, ``activation`` and its stack of
    pending steps (``_push``, ``_ask``), and calls back into the state for what lies
    elsewhere (tributes drop onto the Matching Board, triggers run effects)."""

    field: Field
    cards: Any
    minions: dict[str, dict[str, Any]]
    tiles: dict[str, list[list[Any]]]
    heroes: dict[str, dict[str, Any]]
    teams: list[dict[str, Any]]
    activation: dict[str, Any] | None
    minion_decks: dict[str, list[str]]

    # ---------------------------------------------------------------- looking
    def minion_at(self, space: str) -> str | None:
        """The minion on ``space`` (ground or canopy), if any."""
        for mid, m in self.minions.items():
            if m["space"] == space:
                return mid
        return None

    def occupancy(self) -> dict[str, str]:
        return {m["space"]: mid for mid, m in self.minions.items() if m["space"] is not None}

    def movement(self, mid: str) -> str | None:
        """A minion's special movement (upgraded side only), or None."""
        m = self.minions[mid]
        return self.cards.minions[mid]["movement"] if m["upgraded"] else None

    def enemy_tiles(self, team: int, space: str, face_up: bool) -> list[int]:
        """Indexes of ``team``'s enemy's tiles on ``space``, face up or face down."""
        enemy = "rb"[1 - team]
        return [i for i, (code, up) in enumerate(self.tiles.get(space, ()))
                if code[0] == enemy and bool(up) == face_up]

    def enemy_acorns_face_up(self, team: int, space: str) -> list[str]:
        enemy = "rb"[1 - team]
        return [code for code, up in self.tiles.get(space, ()) if up and code[0] == enemy
                and code[1] in "123"]

    def destinations(self, mid: str, occupied: dict[str, str] | None = None) -> dict[str, str]:
        """Where ``mid`` may move next in its activation: destination -> kind of move
        (``normal``, ``confront``, ``sneak``, ``flight``, ``charge``)."""
        minions = self.minions
        m = minions[mid]
        space, team = m["space"], m["team"]
        occupied = self.occupancy() if occupied is None else occupied

        def open_to(s: str) -> bool:
            other = occupied.get(s)
            return other is None or minions[other]["team"] != team

        # (called for every ready minion at every step: open_to is written out here)
        out: dict[str, str] = {}
        for s in self.field.normal_moves(space):
            other = occupied.get(s)
            if other is None or minions[other]["team"] != team:
                out[s] = "normal"
        if self.field.row(space) == self.field.edge_row(1 - team):
            for hero, h in self.heroes.items():
                if h["team"] != team and h["column"] == space[0]:
                    out[hero] = "confront"
        if not m["upgraded"]:
            return out  # a basic minion has no special movement
        kind = self.movement(mid)
        act = self.activation
        special_used = act is not None and act["minion"] == mid and act["special"]
        if special_used or kind not in ("sneak", "flight", "charge"):
            return out
        if kind == "sneak":
            candidates = self.field.sneaks(space)
        elif kind == "flight":
            candidates = self.field.flights(space)
        else:
            candidates = []
            if not self.field.is_canopy(space):
                for path in self.field.rays(space):
                    hit = next((i for i, s in enumerate(path) if s in occupied), None)
                    # a Charge must end in a squabble with an enemy minion; one space is a
                    # normal move, so a Charge covers two or more
                    if hit is not None and hit >= 1 and open_to(path[hit]):
                        candidates.append(path[hit])
        for s in candidates:
            if open_to(s) and s not in out:
                out[s] = kind
        return out

    def summon_space_ok(self, team: int, space: str,
                        occupied: dict[str, str] | None = None) -> bool:
        """A minion may be summoned onto a ground space without an ally minion (L186)
        (``occupied``: :meth:`occupancy`, when the caller has it already)."""
        other = self.minion_at(space) if occupied is None else occupied.get(space)
        return self.field.is_ground(space) and (
            other is None or self.minions[other]["team"] != team)

    # ---------------------------------------------------------------- moving
    def _start_move(self, mid: str, dest: str, kind: str) -> None:
        m = self.minions[mid]
        act = self.activation
        if act is None:
            act = {"minion": mid, "left": 3 if self.movement(mid) == "speed" else 2,
                   "special": False, "moved": 0}
            self.activation = act
        act["left"] -= 1
        act["moved"] += 1
        if kind in ("sneak", "flight", "charge"):
            act["special"] = True
        self._push({"kind": "after_move", "minion": mid})
        if kind == "confront":
            self._confront(mid, dest)
            return
        how = {"normal": "moves", "sneak": "sneaks", "flight": "flies",
               "charge": "charges"}[kind]
        self._say_minion(mid, f"{how} from {m['space']} to {dest}")
        occupant = self.minion_at(dest)
        if occupant is not None:
            elbow = self.field.is_canopy(m["space"]) and dest == self.field.below(m["space"])
            self._attack(mid, occupant, dest, elbow=elbow, then="arrive")
        else:
            self._arrive(mid, dest)

    def _attack(self, attacker: str, defender: str, space: str, *, elbow: bool,
                then: str) -> None:
        """``attacker`` comes onto ``defender``'s space: Judo may dodge, else they clash."""
        d = self.minions[defender]
        if self.movement(defender) == "judo" and not d["judo"]:
            self._ask({"kind": "judo", "minion": defender, "attacker": attacker,
                       "space": space, "elbow": elbow, "then": then}, d["team"])
            return
        self._clash(attacker, defender, space, elbow=elbow, then=then)

    def _dodge(self, frame: dict[str, Any], to: str | None) -> None:
        defender, attacker, space = frame["minion"], frame["attacker"], frame["space"]
        self.minions[defender]["judo"] = True  # the first attack each turn, dodged or not
        if to is None:
            self._say_minion(defender, "stands its ground (Judo)")
            self._clash(attacker, defender, space, elbow=frame["elbow"], then=frame["then"])
            return
        self._say_minion(defender, f"dodges from {space} to {to} (Judo)")
        # the attacker takes the space once the dodging minion's own step is resolved
        self._push({"kind": "arrive", "minion": attacker, "space": space,
                    "then": frame["then"]})
        self._arrive(defender, to)

    def _clash(self, attacker: str, defender: str, space: str, *, elbow: bool,
               then: str) -> None:
        if elbow:
            self._say_minion(attacker, "drops from the Great Tree onto "
                             f"{self.minion_label(defender)} (Elbow Drop!)")
            self._push({"kind": "arrive", "minion": attacker, "space": space, "then": then})
            self._destroy(defender, space)
            return
        self.record("squabble", f"{self.minion_label(attacker, capital=True)} and "
                    f"{self.minion_label(defender)} squabble on {space}: both are destroyed.",
                    attacker=attacker, defender=defender, space=space)
        upgraded = {mid: self.minions[mid]["upgraded"] for mid in (attacker, defender)}
        self.minions[attacker]["space"] = space  # its Acorn drops where the Squabble is
        # Triggers in order: the attacker's (Squabble, Destroyed), then the defender's.
        for mid in (defender, attacker):
            team = self.minions[mid]["team"]
            self._destroy(mid, space)
            if upgraded[mid]:
                self._queue_trigger(mid, "squabble", space, team=team)

    def _arrive(self, mid: str, dest: str) -> None:
        """``mid`` ends a step on ``dest``: the canopy (tribute) or a ground space (tiles)."""
        self.minions[mid]["space"] = dest
        if self.field.is_canopy(dest):
            self._check_tribute(mid)
            return
        self._push({"kind": "pickup", "minion": mid, "space": dest})
        self._push({"kind": "encounter", "minion": mid, "space": dest})

    def _encounter_step(self, frame: dict[str, Any]) -> None:
        """The next unrevealed enemy tile on the minion's space asks reveal or dismiss."""
        mid = frame["minion"]
        m = self.minions.get(mid)
        if m is None or m["space"] != frame["space"]:
            return
        if self.enemy_tiles(m["team"], frame["space"], face_up=False):
            self._ask({"kind": "encounter", "minion": mid, "space": frame["space"]},
                      m["team"])

    def _encounter(self, frame: dict[str, Any], reveal: bool) -> None:
        mid, space = frame["minion"], frame["space"]
        m = self.minions[mid]
        index = self.enemy_tiles(m["team"], space, face_up=False)[-1]  # the top one
        code = self.tiles[space][index][0]
        owner = 1 - m["team"]
        self._push({"kind": "encounter", "minion": mid, "space": space})  # then the next
        if not reveal:
            self._take_tile(space, index)
            self._to_pouch(owner, code)
            # public: which tile went back, not what it was (that is the owner's secret)
            self._say_minion(mid, f"dismisses an unrevealed tile on {space} into "
                             f"{self.team_possessive(owner, capital=False)} pouch",
                             act="dismiss", space=space, owner=owner)
            self._secret(owner, f"(It was {self.tile_text(code)}.)", tile=code)
            return
        self.mark_irreversible("a tile on the Battlefield has been revealed")
        kind = code[1]
        if kind in "123":
            self.tiles[space][index][1] = True
            self._say_minion(mid, f"reveals {self.tile_text(code)} on {space}",
                             act="reveal", space=space, owner=owner, tile=code)
        elif kind == "t":
            self._take_tile(space, index)
            self.teams[owner]["traps"] += 1  # back to the unused trap tiles (L235)
            self._say_minion(mid, f"reveals a trap tile on {space}!",
                             act="reveal", space=space, owner=owner, tile=code)
            self._ask({"kind": "trap", "minion": mid, "space": space, "team": owner}, owner)
        else:
            self._take_tile(space, index)
            self._to_rune_discard(code)
            self._say_minion(mid, f"reveals a Snowflake on {space}; it goes to the Rune "
                             "Discard Pile", act="reveal", space=space, owner=owner, tile=code)
            self._upgrade(mid)

    def _pickup_step(self, frame: dict[str, Any]) -> None:
        m = self.minions.get(frame["minion"])
        if (m is None or m["space"] != frame["space"] or m["acorn"] is not None
                or not self.enemy_acorns_face_up(m["team"], frame["space"])):
            return
        self._ask({"kind": "carry", "minion": frame["minion"], "space": frame["space"]},
                  m["team"])

    def _carry(self, frame: dict[str, Any], tile: str | None) -> None:
        mid, space = frame["minion"], frame["space"]
        if tile is None:
            self._say_minion(mid, f"leaves the Acorn on {space}")
            return
        index = next(i for i, (code, up) in enumerate(self.tiles[space])
                     if code == tile and up)
        self._take_tile(space, index)
        self.minions[mid]["acorn"] = tile
        self._say_minion(mid, f"picks up {self.tile_text(tile)}")

    def _spring_trap(self, frame: dict[str, Any], card: str | None) -> None:
        """The trap's owner destroys the minion, or fires one of their armed Traps."""
        mid, owner = frame["minion"], frame["team"]
        if card is None:
            self.record("trap", f"{self.team_says(owner, 'spring')} the trap: "
                        f"{self.minion_label(mid)} is destroyed.", minion=mid)
            if mid in self.minions:
                self._destroy(mid, self.minions[mid]["space"])
            return
        team = self.teams[owner]
        team["armed"].remove(card)
        team["discard"].append(card)
        self.record("trap", f"{self.team_says(owner, 'fire')} {self.cards.name(card)}.",
                    card=card, minion=mid)
        self._run_effects(self.cards.quarrels[card], {
            "kind": "trap", "team": owner, "source": card, "activator": mid,
            "space": self.minions[mid]["space"] if mid in self.minions else frame["space"]})

    # ---------------------------------------------------------------- heroes
    def _confront(self, mid: str, hero: str) -> None:
        """A Hero Squabble (L150): the opponent draws two tiles and discards a Quarrel if
        able, you draw a Quarrel, then the Confront trigger; finally the minion is
        destroyed."""
        m = self.minions[mid]
        team, enemy = m["team"], 1 - m["team"]
        self._say_minion(mid, f"confronts {self.cards.heroes[hero]['name']} (a Hero "
                         "Squabble)")
        space = m["space"]
        self._push({"kind": "destroy", "minion": mid, "space": space})
        self._queue_trigger(mid, "squabble", space)
        self._queue_trigger(mid, "confront", space)
        self._push({"kind": "draw_quarrel", "team": team})
        self._push({"kind": "enemy_discard", "team": enemy})
        for _ in range(2):
            self._draw_tile(enemy)

    # ---------------------------------------------------------------- changes
    def _destroy(self, mid: str, space: str | None) -> None:
        """Destroy a minion: a carried Acorn drops face up (under the canopy if it was
        there), the card goes to the bottom of its deck (L142); then Destroyed."""
        label = self.minion_label(mid, capital=True)
        m = self.minions.pop(mid)
        where = m["space"] or space
        if m["acorn"] is not None and where is not None:
            ground = self.field.below(where) if self.field.is_canopy(where) else where
            self.tiles.setdefault(ground, []).append([m["acorn"], True])
        self.minion_decks[self.cards.minions[mid]["faction"]].insert(0, mid)
        if self.activation is not None and self.activation["minion"] == mid:
            self.activation = None
        dropped = f"; it drops {self.tile_text(m['acorn'])}" if m["acorn"] else ""
        self.record("destroy", f"{label} is destroyed{dropped}.", minion=mid, space=where)
        if m["upgraded"]:
            self._queue_trigger(mid, "destroyed", where, team=m["team"])

    def _upgrade(self, mid: str) -> None:
        m = self.minions.get(mid)
        if m is None or m["upgraded"]:
            return
        m["upgraded"] = True
        self._say_minion(mid, f"flips to its upgraded side: the "
                         f"{self.cards.minion_name(mid, True)}")
        self._queue_trigger(mid, "reveal", m["space"])

    def _check_tribute(self, mid: str) -> None:
        """A minion holding an enemy Acorn in a canopy space tributes it (L178-180)."""
        m = self.minions.get(mid)
        if m is None or m["acorn"] is None or not self.field.is_canopy(m["space"] or ""):
            return
        m["exhausted"] = True
        if self.activation is not None and self.activation["minion"] == mid:
            self.activation["left"] = 0
        self._push({"kind": "after_tribute", "minion": mid, "upgraded": m["upgraded"]})
        self._ask({"kind": "tribute", "minion": mid}, m["team"])

    def _after_tribute(self, frame: dict[str, Any]) -> None:
        mid = frame["minion"]
        if mid not in self.minions:
            return
        if frame["upgraded"]:
            self._queue_trigger(mid, "tribute", self.minions[mid]["space"])
        else:
            self._upgrade(mid)

    def _give(self, giver: str, taker: str) -> None:
        a, b = self.minions[giver], self.minions[taker]
        b["acorn"], a["acorn"] = a["acorn"], None
        self._say_minion(giver, f"passes {self.tile_text(b['acorn'])} to "
                         f"{self.minion_label(taker)}")
        self._check_tribute(taker)

    def _summon(self, team: int, faction: str, space: str) -> None:
        """The top minion of ``faction``'s deck enters ``space`` exhausted (L110, L128);
        onto an enemy minion the two squabble (L188)."""
        deck = self.minion_decks[faction]
        mid = deck.pop()
        self.minions[mid] = {"team": team, "space": None, "upgraded": False,
                             "exhausted": True, "acorn": None, "judo": False,
                             "stunned": False}
        # "Bot summons their Thief Ninja (T01)", not "Bot summons Bot's ..."
        name = self.cards.minion_name(mid, False)
        self.record("summon", f"{self.team_says(team, 'summon')} "
                    f"{their(self.team_name(team))} {name} ({mid}) onto {space}.",
                    minion=mid, space=space)
        occupant = self.minion_at(space)
        if occupant is not None:
            self._attack(mid, occupant, space, elbow=False, then="place")
        else:
            self.minions[mid]["space"] = space

    def _finish_arrive(self, frame: dict[str, Any]) -> None:
        mid = frame["minion"]
        if mid not in self.minions:
            return
        if frame["then"] == "place":
            self.minions[mid]["space"] = frame["space"]
        else:
            self._arrive(mid, frame["space"])

    def _end_activation(self, frame: dict[str, Any] | None = None) -> None:
        act = self.activation
        if act is None:
            return
        mid = act["minion"]
        self.activation = None
        m = self.minions.get(mid)
        if m is None:
            return
        m["exhausted"] = True
        if act["moved"]:
            self._queue_trigger(mid, "move", m["space"])

    def _after_move(self, frame: dict[str, Any]) -> None:
        act = self.activation
        if act is None or act["minion"] != frame["minion"]:
            return
        m = self.minions.get(frame["minion"])
        if m is None:
            self.activation = None
        elif act["left"] <= 0 or m["exhausted"]:
            self._end_activation()

    def _take_tile(self, space: str, index: int) -> str:
        code = self.tiles[space].pop(index)[0]
        if not self.tiles[space]:
            del self.tiles[space]
        return code
