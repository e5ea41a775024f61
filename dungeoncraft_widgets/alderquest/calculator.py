"""AlderQuestCalculator: the Matching Board's exact odds, set up at a real table.

A player sets the 4 by 6 Matching Board rune by rune (choose a piece, then click the cells;
or paste the rows as text), their team and its two factions, the runes revealed above the
Board (up to 3), and what they know of the rune cycle: the Rune Discard Pile and the runes
the teams have collected (the Rune Pouch is the rest of the 32 runes, with any Acorns and
Snowflakes that cycled in). The calculator builds the library's :class:`.odds.Position`
and answers:

- the best drops of the revealed runes (:func:`.odds.best_drops`), with the exact expected
  runes collected and the chances of an exalt, a legendary Quarrel and winter, cascades
  included, and every swap, slide and Drop a Line (:func:`.odds.move_odds`) with the chance
  of an ally match, an enemy match and a match of 4; the lines followed are a choice, and
  it says what is left unsettled;
- the chance the next runes revealed (or the next new line) hold what the player needs
  (:func:`.odds.reveal_odds`);
- the Snowflake race: how many are matched, on the Board, in the cycle, and the chance the
  best drops bring winter this turn;
- optionally, the Battlefield's minions (each placed on its space, with an enemy Acorn it
  carries; :func:`.rules.position`): where each can end a fresh activation
  (:func:`.graph.minion_reach`) and which enemy minions can reach it (:func:`.graph.threats`).

>>> calc = AlderQuestCalculator()
>>> calc.rows_text.value = "----\\n----\\n----\\n----\\nG---\\nGT--"
>>> calc.set_rows.click()
>>> calc.cell("A2").description, calc.position.board.cols[0]
('G', ['G', 'G'])
>>> calc.revealed.value = ("G",)
>>> calc.plans[0].words(), calc.plans[0].expected_collected
('G in A', 3)
>>> calc.brush.value = "T"
>>> for name in ("D1", "D2", "D3", "D4", "D5", "D6", "C1", "C2"):
...     calc.cell(name).click()
>>> calc.message.value    # 9 Thieves runes: there are 8
'✗ the Board, the revealed runes, the discard pile and the runes collected hold 9 T \
runes; the game has 8'
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

import ipywidgets as w
import sympy

from ..core.english import count, listing, percent
from ..core.errors import InvalidArgumentError
from ..widgets.panels import (
    LiveCalculator,
    NumberField,
    PickPile,
    probability_latex,
    show_descriptions_whole,
    table_html,
)
from .data import FACTIONS, load_cards
from .graph import minion_reach, threats
from .matching import (
    COLOURS,
    RUNE_LETTERS,
    SNOWFLAKES_TO_END,
    Board,
    cell_name,
    check_piece,
    find_matches,
    is_snowflake,
    slides,
    swap_pairs,
)
from .odds import (
    DropPlan,
    MoveOdds,
    Position,
    best_drops,
    move_odds,
    reveal_odds,
    trap_chance,
)
from .rules import POUCH, REVEAL, RUNES_PER_FACTION, AlderQuestState, position

WIDTH, HEIGHT = 4, 6
NAMES = {letter: name for name, letter in FACTIONS.items()}
TEAM_WORDS = {"r": "Red", "b": "Blue"}
TILE_WORDS = {"1": "1-point Acorn", "2": "2-point Acorn", "3": "3-point Acorn",
              "s": "Snowflake"}
#: Every piece, in words: faction runes, then each colour's Acorns and Snowflakes.
PIECE_WORDS = {**{r: f"{NAMES[r]} rune ({r})" for r in RUNE_LETTERS},
               **{f"{c}{k}": f"{TEAM_WORDS[c]} {words} ({c}{k})" for c in COLOURS
                  for k, words in TILE_WORDS.items()}}
#: How many of each piece the game has.
SUPPLY = {**dict.fromkeys(RUNE_LETTERS, RUNES_PER_FACTION),
          **{f"{c}{k}": POUCH[k] for c in COLOURS for k in TILE_WORDS}}
FACTION_COLOURS = {"B": "#f3c4e8", "G": "#c8e6c9", "H": "#ffe0b2", "T": "#cfd8dc"}
#: The Board moves worked out at most, each the library's move_odds (a crowded Board has
#: about 40 swaps and slides).
MOVES_SHOWN = 6
DEFAULT_ROWS = ("----", "----", "----", "----", "HG-B", "HTTG")


def parse_rows(text: str) -> list[list[str | None]]:
    """The Board's rows typed as text, top row first: a row is 4 cells, written as 4
    characters (``-`` or ``.`` empty, a rune letter) or as 4 words separated by spaces
    (an Acorn or a Snowflake such as ``r2`` or ``bs``). Fewer than 6 rows: the top rows
    are empty.

    >>> parse_rows("T--G\\nr2 G - bs")[-2:]
    [['T', None, None, 'G'], ['r2', 'G', None, 'bs']]
    """
    if not isinstance(text, str) or len(text) > 400:
        raise InvalidArgumentError("rows: at most 6 rows of 4 cells as text")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise InvalidArgumentError("rows: type the Board's rows, top row first, such as "
                                   "'T-G-'")
    if len(lines) > HEIGHT:
        raise InvalidArgumentError(f"rows: the Board has {HEIGHT} rows, not {len(lines)}")
    rows = []
    for i, line in enumerate(lines):
        cells = line.split() if " " in line else list(line)
        if len(cells) != WIDTH:
            raise InvalidArgumentError(f"rows: row {i + 1} ({line!r}) has {len(cells)} cells; "
                                       f"the Board is {WIDTH} wide")
        row: list[str | None] = []
        for cell in cells:
            if cell in ("-", "."):
                row.append(None)
            else:
                row.append(check_piece(cell, f"rows: row {i + 1}: {cell!r}: a piece"))
        rows.append(row)
    return [[None] * WIDTH for _ in range(HEIGHT - len(rows))] + rows


class AlderQuestCalculator(LiveCalculator):
    """See the module docstring. After each valid input: ``calc.position`` (the
    :class:`.odds.Position`), ``calc.plans`` (the :func:`.odds.best_drops`, best first; empty
    without revealed runes), ``calc.moves`` (move text -> :class:`.odds.MoveOdds`, the
    swaps, slides and Drop a Line) and ``calc.reveal`` (the chance asked for)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.position: Position | None = None
        self.plans: list[DropPlan] = []
        self.moves: dict[str, MoveOdds] = {}
        self.reveal: sympy.Rational | None = None
        self._searched: dict[tuple, tuple[list[DropPlan], dict[str, MoveOdds]]] = {}
        self.grid: list[list[str | None]] = parse_rows("\n".join(DEFAULT_ROWS))
        pieces = [(words, code) for code, words in PIECE_WORDS.items()]
        wide = w.Layout(width="auto", max_width="100%")
        self.team = w.ToggleButtons(options=[("Red", "r"), ("Blue", "b")], value="r",
                                    description="Your team:")
        pairs = [(f"{NAMES[a]} + {NAMES[b]}", a + b) for i, a in enumerate(RUNE_LETTERS)
                 for b in RUNE_LETTERS[i + 1:]]
        self.allies = w.Dropdown(options=pairs, value="GT", description="Your factions:",
                                 layout=wide)
        self.brush = w.Dropdown(options=[("empty (clear a cell)", ""), *pieces], value="T",
            description="Piece to place:", layout=wide)
        self.cells: dict[str, w.Button] = {}
        rows = []
        for r in reversed(range(HEIGHT)):
            buttons = []
            for c in range(WIDTH):
                name = cell_name(c, r)
                button = w.Button(layout=w.Layout(width="3.2em", height="2.4em", margin="1px",
                                                  border="1px solid #bbb"), tooltip=name)
                button.on_click(lambda _b, c=c, r=r: self._paint(c, r))
                self.cells[name] = button
                buttons.append(button)
            label = w.HTML(f"<small>{r + 1}</small>", layout=w.Layout(width="1.2em"))
            rows.append(w.HBox([label, *buttons]))
        rows.append(w.HBox([w.HTML("", layout=w.Layout(width="1.2em"))] + [
            w.HTML(f"<small>{chr(65 + c)}</small>",
                   layout=w.Layout(width="3.2em", margin="1px")) for c in range(WIDTH)]))
        self.board_grid = w.VBox(rows)
        self.board_grid.add_class("dcw-static-skip")  # the rows say it on a still page
        self.rows_text = w.Textarea(value="\n".join(DEFAULT_ROWS), description="Rows:",
                                    placeholder="top row first, e.g. T-G- (or r2 G - bs)",
                                    layout=w.Layout(width="auto", max_width="100%",
                                                    height="9em"))
        self.set_rows = w.Button(description="Set the Board from these rows",
                                 layout=w.Layout(width="auto"))
        self.set_rows.on_click(lambda _b: self._from_text())
        self.board_words = w.HTML()
        self.revealed = PickPile(pieces, description="Revealed above the Board:", noun="rune",
                                 value=("T", "G", "H"), ordered=True, rows=3)
        self.discard = PickPile(pieces, description="Rune Discard Pile:", noun="piece")
        self.held = PickPile([(words, code) for words, code in pieces if len(code) == 1],
                             description="Runes the teams collected:", noun="rune")
        self.cycled = PickPile([(words, code) for words, code in pieces if len(code) == 2],
                               description="Acorns or Snowflakes in the pouch:", noun="piece")
        self.snowflakes = NumberField(0, minimum=0, maximum=SNOWFLAKES_TO_END - 1,
                                      description="Snowflakes matched so far:")
        self.exalted = w.Dropdown(options=[("none", "")] + [(NAMES[r], r) for r in RUNE_LETTERS],
                                  value="", description="Exalted faction:", layout=wide)
        # 3 lines take a minute on a crowded Board: not offered
        self.lines = w.ToggleButtons(options=[("1 line", 1), ("2 lines (seconds)", 2)],
                                     value=1, description="New lines followed:",
                                     tooltip="How many random new lines a cascade is followed "
                                             "through; 2 take a few seconds")
        self.want_rune = w.Dropdown(options=[(NAMES[r], r) for r in RUNE_LETTERS], value="T",
                                    description="Chance the next", layout=wide)
        self.want_draws = w.ToggleButtons(options=[("3 revealed", REVEAL),
                                                   ("4 (a new line)", WIDTH)],
                                          value=REVEAL, description="runes:")
        self.want_count = NumberField(1, minimum=0, maximum=WIDTH, description="hold at least:")
        self.cards = load_cards()
        self.game: AlderQuestState | None = None
        self.reach: dict[str, tuple[str, ...]] = {}
        self.threatened: dict[str, tuple[str, ...]] = {}
        field_spaces = position().field
        self.minion_pick = w.Dropdown(options=[(self._minion_words(m), m)
                                               for m in sorted(self.cards.minions)],
                                      description="Minion:", layout=wide)
        self.minion_space = w.Dropdown(options=[*field_spaces.ground, *field_spaces.canopy],
                                       value="a1", description="on:", layout=wide)
        self.minion_acorn = w.Dropdown(options=[("no Acorn", "")] + [
            (f"carrying {PIECE_WORDS[f'{c}{k}'].split(' (')[0]}", f"{c}{k}")
            for c in COLOURS for k in "123"], value="", description="", layout=wide)
        self.place = w.Button(description="Place it", layout=w.Layout(width="auto"))
        self.place.on_click(lambda _b: self._place())
        self.placed = PickPile([], description="On the Battlefield:", noun="minion",
                               ordered=True, rows=3)
        self.placed.adder.layout.display = "none"  # placed with the menus above
        self.tile_space = w.Dropdown(options=list(field_spaces.ground), value="d3",
                                     description="Face-down tile on:", layout=wide)
        self.tile_team = w.Dropdown(options=[("Red's", "r"), ("Blue's", "b")], value="b",
                                    description="", layout=wide)
        self.set_tile = w.Button(description="Set it", layout=w.Layout(width="auto"))
        self.set_tile.on_click(lambda _b: self._set_tile())
        self.tiles = PickPile([], description="Face-down tiles:", noun="tile", ordered=True,
                              rows=3)
        self.tiles.adder.layout.display = "none"
        self.traps: dict[str, sympy.Rational] = {}
        self.battle_view = w.HTML()
        self.progress = w.HTML()
        self.headline = w.HTMLMath()
        self.headline.add_class("dcw-calc-headline")
        self.plans_view = w.HTML()
        self.moves_view = w.HTML()
        self.reveal_view = w.HTMLMath()
        self.winter_view = w.HTMLMath()
        self.pouch_view = w.HTML()

        def section(title: str, *children: w.Widget) -> w.VBox:
            box = w.VBox([w.HTML(f"<b>{html.escape(title)}</b>"), *children],
                         layout=w.Layout(max_width="100%"))
            box.add_class("dcw-calc-section")
            return box

        flow = w.Layout(flex_flow="row wrap", max_width="100%")
        self.children = [
            section("Your team", w.Box([self.team, self.allies], layout=flow)),
            section("The Matching Board", self.brush, self.board_grid, self.board_words,
                    self.rows_text, self.set_rows),
            section("The runes", self.revealed, self.discard, self.held, self.cycled,
                    w.Box([self.snowflakes, self.exalted], layout=flow)),
            section("What you need", w.Box([self.want_rune, self.want_draws,
                                            self.want_count], layout=flow)),
            section("The Battlefield (optional)",
                    w.Box([self.minion_pick, self.minion_space, self.minion_acorn,
                           self.place], layout=flow), self.placed,
                    w.Box([self.tile_space, self.tile_team, self.set_tile], layout=flow),
                    self.tiles),
            self.lines, self.progress,
            self.message, self.headline, self.plans_view, self.moves_view, self.reveal_view,
            self.winter_view, self.pouch_view, self.battle_view,
        ]
        self.watch([self.team, self.allies, self.revealed, self.discard, self.held,
                    self.cycled, self.snowflakes, self.exalted, self.lines, self.want_rune,
                    self.want_draws, self.want_count, self.placed, self.tiles])
        # the grid and the text are inputs too (never greyed out as results)
        self._controls.extend([self.brush, self.board_grid, self.rows_text, self.set_rows,
                               *self.cells.values(), self.minion_pick, self.minion_space,
                               self.minion_acorn, self.place, self.tile_space,
                               self.tile_team, self.set_tile])
        show_descriptions_whole([self.brush, self.rows_text, self.minion_pick,
                                 self.minion_space, self.tile_space])
        self.update()

    # ------------------------------------------------------------------ the Battlefield
    def _minion_words(self, mid: str) -> str:
        info = self.cards.minions[mid]
        return f"{mid} {info['animal']} {info['class']} ({info['faction']})"

    def _place(self) -> None:
        mid, space, acorn = (self.minion_pick.value, self.minion_space.value,
                             self.minion_acorn.value)
        value = f"{mid}@{space}@{acorn}"
        self.placed.labels[value] = (f"{self._minion_words(mid)} on {space}"
                                     + (f", carrying {acorn}" if acorn else ""))
        kept = tuple(v for v in self.placed.value if v.split("@")[0] != mid)
        self.placed.value = (*kept, value)  # a minion placed again moves there

    def _set_tile(self) -> None:
        value = f"{self.tile_space.value}@{self.tile_team.value}"
        self.tiles.labels[value] = (f"a face-down {TEAM_WORDS[self.tile_team.value]} tile on "
                                    f"{self.tile_space.value}")
        self.tiles.value = (*self.tiles.value, value)

    def battlefield(self) -> AlderQuestState | None:
        """The game the Battlefield inputs describe (None: no minion placed): the teams'
        factions as chosen above, Red to act."""
        if not self.placed.value and not self.tiles.value:
            return None
        allies = self.allies.value
        enemies = [r for r in RUNE_LETTERS if r not in allies]
        mine, theirs = [NAMES[a] for a in allies], [NAMES[e] for e in enemies]
        red, blue = (mine, theirs) if self.team.value == "r" else (theirs, mine)
        minions: dict[str, Any] = {}
        for value in self.placed.value:
            mid, space, acorn = value.split("@")
            minions[mid] = {"space": space, "acorn": acorn or None}
        tiles: dict[str, list[str]] = {}
        for value in self.tiles.value:
            space, colour = value.split("@")
            tiles.setdefault(space, []).append(colour)
        return position((red[0], blue[0], red[1], blue[1]), minions=minions, tiles=tiles)

    def _battle(self) -> None:
        self.game = game = self.battlefield()
        self.reach, self.threatened = {}, {}
        if game is None:
            self.battle_view.value = ""
            return
        me = COLOURS.index(self.team.value)
        view = game.view(me)  # two players: Red is seat 0, Blue seat 1
        # a face-down tile of the other team: the chance it is a trap, from what you see
        self.traps = {space: trap_chance(view, me, space) for space, stack in game.tiles.items()
                      if stack and stack[-1][0][0] != self.team.value and not stack[-1][1]}
        danger = {t: threats(view, t) for t in (0, 1)}
        rows = []
        for mid, m in sorted(game.minions.items()):
            self.reach[mid] = tuple(sorted(minion_reach(view, mid, fresh=True).spaces))
            self.threatened[mid] = tuple(danger[m["team"]].get(m["space"], ()))
            rows.append((f"{mid} ({TEAM_WORDS['rb'[m['team']]]})", m["space"],
                         ", ".join(self.reach[mid]) or "nowhere",
                         ", ".join(self.threatened[mid]) or "none"))
        traps = "".join(f"<li>{html.escape(space)}: {html.escape(str(p))} ≈ "
                        f"{html.escape(percent(p))}</li>"
                        for space, p in sorted(self.traps.items()))
        self.battle_view.value = (
            ("<b>The Battlefield</b>: where each minion can end a fresh activation, and which "
             "enemy minions can reach it in theirs (the others standing still)"
             + table_html(["minion", "on", "can reach", "can be reached by"], rows)
             if rows else "")
            + (f"<b>Trap chance</b> of the enemy's top face-down tile (from its Tile Pouch "
               f"of 19 and what you have seen):<ul>{traps}</ul>" if traps else ""))

    # ------------------------------------------------------------------ the Board
    def cell(self, name: str) -> w.Button:
        """The button of cell ``name`` (``"A1"`` bottom left)."""
        return self.cells[name]

    def _paint(self, c: int, r: int) -> None:
        self.grid[HEIGHT - 1 - r][c] = self.brush.value or None
        self._text_from_grid()
        self.update()

    def _from_text(self) -> None:
        try:
            self.grid = parse_rows(self.rows_text.value)
        except InvalidArgumentError as exc:
            self._refuse(exc)
            return
        self.update()

    def _refuse(self, exc: Exception) -> None:
        self._mark_stale(True)
        self.message.value = f"✗ {exc}"
        self.set_trait("answer_text", "")

    def _text_from_grid(self) -> None:
        tiles = any(p and len(p) == 2 for row in self.grid for p in row)
        sep = " " if tiles else ""
        self.rows_text.value = "\n".join(sep.join(p or "-" for p in row) for row in self.grid)

    def _show_grid(self) -> None:
        for r in range(HEIGHT):
            for c in range(WIDTH):
                piece = self.grid[HEIGHT - 1 - r][c]
                button = self.cells[cell_name(c, r)]
                button.description = piece or "·"
                button.tooltip = f"{cell_name(c, r)}: {PIECE_WORDS.get(piece, 'empty')}"
                button.style.button_color = FACTION_COLOURS.get(piece or "", "#ffffff") \
                    if piece is None or len(piece) == 1 else (
                        "#e3f2fd" if is_snowflake(piece) else "#fff3e0")

    def board(self) -> Board:
        """The Board of the grid, columns from the bottom up; a piece over an empty cell
        is refused (runes fall)."""
        cols: list[list[str]] = []
        for c in range(WIDTH):
            col = []
            for r in range(HEIGHT):
                piece = self.grid[HEIGHT - 1 - r][c]
                if piece is None:
                    above = [cell_name(c, k) for k in range(r + 1, HEIGHT)
                             if self.grid[HEIGHT - 1 - k][c] is not None]
                    if above:
                        raise InvalidArgumentError(
                            f"the Board: {above[0]} holds a piece over the empty "
                            f"{cell_name(c, r)} (pieces fall to the bottom)")
                    break
                col.append(piece)
            cols.append(col)
        return Board(WIDTH, HEIGHT, cols)

    def build(self) -> Position:
        """The :class:`.odds.Position` the inputs describe (the pouch worked out): more
        pieces of a kind than the game has are refused, as is a Board that holds a match
        (it would have cleared)."""
        board = self.board()
        revealed = list(self.revealed.value)
        if len(revealed) > REVEAL:
            raise InvalidArgumentError(f"revealed: {REVEAL} runes at most are revealed above "
                                       f"the Board, not {len(revealed)}")
        on_board = Counter(p for col in board.cols for p in col)
        seen = on_board + Counter(revealed) + Counter(self.discard.value) + \
            Counter(self.held.value) + Counter(self.cycled.value)
        for piece, n in sorted(seen.items()):
            if n > SUPPLY[piece]:
                what = f"{piece} runes" if len(piece) == 1 else \
                    PIECE_WORDS[piece].split(" (")[0] + "s"
                raise InvalidArgumentError(
                    f"the Board, the revealed runes, the discard pile and the runes collected "
                    f"hold {n} {what}; the game has {SUPPLY[piece]}")
        matches = find_matches(board)
        if matches:
            cells = listing([cell_name(c, r) for c, r in matches[0].cells])
            raise InvalidArgumentError(f"the Board holds a match already ({cells}): it would "
                                       "have cleared; set the Board as it stands after it")
        pouch = Counter({r: RUNES_PER_FACTION - seen[r] for r in RUNE_LETTERS}) + \
            Counter(self.cycled.value)
        snowflakes = self.number(self.snowflakes)
        return Position(board, self.allies.value, self.team.value, +pouch,
                        Counter(self.discard.value), snowflakes, self.exalted.value or None)

    # ------------------------------------------------------------------ answers
    def compute(self) -> None:
        self._show_grid()
        self.position = pos = self.build()
        lines = self.lines.value
        revealed = list(self.revealed.value)
        # The Board search is the slow part: what only changes the question asked below
        # (the rune wanted, the count) does not search again.
        key = (tuple(map(tuple, pos.board.cols)), pos.allies, pos.colour,
               tuple(sorted(pos.pouch.items())), tuple(sorted(pos.discard.items())),
               pos.snowflakes, pos.exalted, tuple(revealed), lines)
        if key not in self._searched:
            if lines > 1:  # more lines followed may take seconds on a crowded Board: say so
                self.progress.value = (f"⏳ Working out every drop and move through "
                                       f"{lines} new lines…")
            try:
                plans = best_drops(pos, revealed, lines) if revealed else []
                heights = tuple(len(c) for c in pos.board.cols)
                moves = [f"swap {p}" for p in swap_pairs(heights)] + \
                    [f"slide {p}" for p in slides(heights)] + ["line"]
                if len(self._searched) >= 16:
                    self._searched.pop(next(iter(self._searched)))
                self._searched[key] = plans, {m: move_odds(pos, m, lines) for m in moves}
            finally:
                self.progress.value = ""
        self.plans, self.moves = self._searched[key]
        want = self.number(self.want_count)
        draws = self.want_draws.value
        if want > draws:
            raise InvalidArgumentError(f"hold at least: {want} of {draws} runes cannot be")
        self.reveal = reveal_odds(pos, self.want_rune.value, want, draws)
        self._battle()
        self._show(pos, want, draws)

    # ------------------------------------------------------------------ words
    def _show(self, pos: Position, want: int, draws: int) -> None:
        names = {r: NAMES[r] for r in RUNE_LETTERS}
        allies = " and ".join(NAMES[a] for a in pos.allies)
        self.board_words.value = "<small>" + html.escape(
            "; ".join(f"{chr(65 + c)}: " + (" ".join(col) or "empty")
                      for c, col in enumerate(pos.board.cols))) + " (bottom up)</small>"
        if self.plans:
            best = self.plans[0]
            self.headline.value = (
                f"<b>Best drops</b>: {html.escape(best.words(names))}: "
                f"{best.expected_collected} {allies} runes expected "
                f"(≈ {float(best.expected_collected):.2f})")
        else:
            top = max(self.moves.items(), key=lambda mo: mo[1].expected_collected)
            self.headline.value = (f"<b>No runes revealed</b>; best Board move: "
                                   f"{html.escape(top[0])}: {top[1].expected_collected} expected")
        rows = []
        for plan in self.plans[:MOVES_SHOWN]:
            rows.append((plan.words(names), str(plan.expected_collected),
                         str(plan.p_exalt_or_legendary), str(plan.p_end),
                         "" if not plan.p_unsettled else f"{plan.p_unsettled} unsettled"))
        unsettled = [p for p in self.plans[:MOVES_SHOWN] if p.p_unsettled]
        note = (f"Every plan shown is settled: its cascades are followed to the end "
                f"({count(self.lines.value, 'new line')} followed)." if not unsettled else
                "Unsettled: the chance a plan draws a random new line before its last drop "
                "(what it did up to there is counted): put the drop that makes an enemy match "
                "last, or follow more lines.")
        self.plans_view.value = (
            (f"<b>Drops</b>: the best {min(len(self.plans), MOVES_SHOWN)} of "
             f"{count(len(self.plans), 'plan')}"
             + table_html(["drops", "runes expected", "exalt or legendary", "winter", ""],
                          rows) + f"<small>{html.escape(note)}</small>")
            if self.plans else "")
        ranked = sorted(self.moves.items(), key=lambda mo: (-mo[1].expected_collected,
                                                            -mo[1].p_ally_match, mo[0]))
        rows = [(m, str(o.expected_collected), str(o.p_ally_match), str(o.p_enemy_match),
                 str(o.p_match4), "" if not o.p_unsettled else f"{o.p_unsettled} unsettled")
                for m, o in ranked[:MOVES_SHOWN]]
        self.moves_view.value = (
            f"<b>Swaps, slides and Drop a Line</b> (if your Hero may), the best "
            f"{len(rows)} of {len(self.moves)}" + table_html(
                ["move", "runes expected", "ally match", "enemy match", "match of 4+", ""],
                rows))
        rune = NAMES[self.want_rune.value]
        words = "the next 3 runes revealed" if draws == REVEAL else "the next new line of 4"
        self.reveal_view.value = (
            f"<b>Chance {html.escape(words)} hold at least {count(want, rune + ' rune')}"
            f"</b>: {probability_latex(self.reveal)}")
        on_board = sum(1 for col in pos.board.cols for p in col if is_snowflake(p))
        end = self.plans[0].p_end if self.plans else sympy.Integer(0)
        worst = max((p.p_end for p in self.plans), default=sympy.Integer(0))
        self.winter_view.value = (
            f"<b>Winter</b> comes with the {SNOWFLAKES_TO_END}th Snowflake matched: "
            f"{pos.snowflakes} so far, {on_board} on the Board. The best drops bring it "
            f"this turn: {probability_latex(end)}; the drops most likely to: "
            f"{probability_latex(worst)}.")
        size = sum(pos.pouch.values())
        pouch = ", ".join(f"{n} × {PIECE_WORDS[p].split(' (')[0]}" for p, n in
                          sorted(pos.pouch.items()))
        each = ", ".join(f"{NAMES[r]} {percent(sympy.Rational(pos.pouch[r], size))}"
                         for r in RUNE_LETTERS) if size else "none"
        self.pouch_view.value = html.escape(
            f"The Rune Pouch, as worked out: {pouch or 'empty'} ({count(size, 'piece')}); "
            f"the chance of each rune at the next draw: {each}.")
