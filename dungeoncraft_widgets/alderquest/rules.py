"""AlderQuest: the whole game on the engine protocol.

Two teams, Red (``team 0``) and Blue (``team 1``). With 2 players each plays a team
(two factions, three Heroes); with 4 players it is 2 against 2, and with 3 players one
player plays both turns of one team (``lone="blue"`` or ``"red"``). The first name
given plays Red (the coin of L55 is the caller's to flip), and Red lays the 'W'
pattern and so takes the first turn (L63). Turns go round the *slots*: Red, Blue (2
players) or Red-left, Blue, Red-right, Blue (team game, L320).

Where things live: the actions in :mod:`.actions`; the rulebook's questions as pure
functions of plain data in :mod:`.matching` (the Matching Board: matches, gravity, the
cascade), :mod:`.battlefield` (spaces, movement, tiles, summoning, passing Acorns) and
:mod:`.effects` (what cards do: the effect vocabulary); the card and board data in
:mod:`.data`. This module holds the one state class: the set-up, the turn, performing
each action (one method per action type, ``@performs``) and the steps it sets off (a
stack of pending steps and decisions), saving, views and scoring.

>>> game = new_game(seed=3)
>>> game.players, game.phase
(('Red', 'Blue'), 'faction')
>>> for name in ("Thieves", "Bards", "Guardians", "Hunters"):
...     _ = game.apply(f"faction {name}")
>>> for hero in ("maggie", "wren", "lily", "rusk", "clarence", "tamsin"):
...     _ = game.apply(f"hero {hero}")
>>> game.phase, game.step, len(game.revealed)
('play', 'action', 3)
>>> print(game.text_board())  # doctest: +ELLIPSIS
Matching Board (revealed above it: ...)
    A  B  C  D
  6 .  .  .  .
  5 .  .  .  .
  4 .  .  .  .
  3 .  .  .  .
  2 T  H  T  H
  1 B  G  B  G
Snowflakes matched: 0 of 4
...
Turn 1: Red's turn (Red), Action Phase. Red acts: 3 revealed runes still to drop.

Where the rulebook is open to more than one reading, the choice is in :data:`RULE_NOTES`.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..core.actions import Action, shared, usage
from ..core.checks import integer, one_of, shown
from ..core.engine import GameState, normalize_players, performs
from ..core.english import count, listing, objective, possessive, says, subject, their
from ..core.errors import IllegalActionError, InvalidArgumentError, SaveFormatError
from ..core.saves import MAX_HISTORY
from .actions import (
    ACTION_TYPES,
    Carry,
    Choose,
    ChooseFaction,
    ChooseHero,
    Decline,
    DestroyMinion,
    Discard,
    Dismiss,
    Dodge,
    Draw,
    Drop,
    DropLine,
    Fire,
    Give,
    Leave,
    Move,
    Play,
    Reveal,
    SetTile,
    Slide,
    Stand,
    Stop,
    Summon,
    Swap,
    Tribute,
    UseAbility,
    UseTrigger,
)
from .battlefield import (
    SPECIAL,
    Field,
    destinations,
    dodges,
    enemy_acorns_face_up,
    enemy_tiles,
    gives,
    minion_at,
    movement,
    moves_per_activation,
    occupancy,
    revealed_tile,
    summon_space_ok,
    tile_spaces,
)
from .data import Boards, CardSet, data_from_option, data_option, opening_layout
from .effects import PLACES, SHAPES, TRIGGERS, VOCABULARY, effect_targets, unroll
from .matching import (
    COLOURS,
    MAX_CASCADE_STEPS,
    Board,
    CascadeResult,
    MatchRules,
    acorn_points,
    drop_line,
    find_matches,
    may_match_at,
    open_columns,
    play_onto,
    resolve,
    slides,
    swap_pairs,
)

PLAYER_COUNTS = (2, 3, 4)
#: The most actions a game has: the most a save holds (core.saves.MAX_HISTORY). A game that
#: reaches it without winter ends there (RULE_NOTES). Random games are long (median about
#: 7,000 actions, a few over 40,000) because winter needs each team's minions to find the
#: other's Snowflakes; one in thirty or so reaches the limit.
MAX_ACTIONS = MAX_HISTORY
TEAMS = ("Red", "Blue")
REVEAL = 3  # runes revealed each turn (L73)
QUARREL_HAND = 3  # draw a Quarrel in the Draw phase only when holding fewer (L225)
#: A Tile Pouch at set-up (L54) and the unused Trap tiles (8 a colour, L40, less 2).
POUCH = {"t": 2, "s": 2, "3": 2, "2": 5, "1": 8}
UNUSED_TRAPS = 6
RUNES_PER_FACTION = 8  # 32 rune tiles, 8 a faction (L38)
HIDDEN = "?"

RULE_NOTES = (
    "Solo play: the rulebook promises 'one ... player' formats and 'other solo variants "
    "(XX)' (L48) but never gives them, so there is no solo mode; 2, 3 and 4 players only.",
    "First player: 'flip a coin ... to determine who goes first (red team ...)' (L55) and "
    "'The player with the 'W' tile configuration always takes the first turn' (L63) agree "
    "if the coin decides who is Red and Red lays the 'W': the first name given plays Red, "
    "Red's runes make the W (boards.json, first_player_pattern) and Red moves first, as in "
    "the team game ('Red team still goes first', L320).",
    "Acorns: the box lists '16 ... Acorn Tiles (3 three-point, 6 two-point, 9 one-point)' "
    "(L34), which adds up to 18. Only the pouch matters in play (2 three-point, 5 two-point, "
    "8 one-point, L54); the rest stay in the box whichever count is right.",
    "Hero choice: 3 Heroes each (the Example Turn's 'all 3 of my Heroes', L264) out of the "
    "4 of your factions; no rule says how, so each seat picks in turn (Red first), the "
    "first pick standing at the seat's leftmost Hero column. In the team game each player "
    "takes one Hero of each ally faction ('one of each ally faction', L311).",
    "Set-up gives no runes, tiles or Quarrels: the first Quarrels and tiles come in the Draw "
    "phase ('draw one Quarrel card if you are holding fewer than three (3) in your hand, "
    "and draw a tile from your Tile Pouch', L225). The Quarrel deck of a team is its two "
    "factions' 20 Quarrels shuffled together; each faction's minion deck is shuffled and a "
    "Summon takes its top card ('placed at the bottom of their respective minion decks', "
    "L142, makes the deck's other end its top).",
    "Empty supplies: an empty Rune Pouch is refilled from the Rune Discard Pile ('The Board "
    "and discard are known as the rune \"cycle\", wherein matched runes ... will cycle "
    "indefinitely', L335); an empty Quarrel deck is reshuffled from its discard pile; an "
    "empty Tile Pouch, minion deck or unused Trap stack gives nothing.",
    "When the cycle turns: the rulebook never says when the pouch is refilled. A match is "
    "processed 'immediately' (L86): its runes are removed, 'discard them and drop a new "
    "line' (L90), and the new lines it sets off, with their own matches, are one cascade "
    "('New Lines can create cascading combo effects', L101). The runes a cascade discards "
    "(its matches' and a destroyed bottom row's) reach the Rune Discard Pile when that "
    "cascade is over, not while it goes on: the runes of the match being resolved are not "
    "yet back in the cycle when its new line is drawn. Holding back only that one match's "
    "runes would not do: two groups of three could take turns for ever. Read so, every "
    "cascade ends (each new line takes runes from a pouch and pile the cascade does not "
    "refill, and a round with no new line takes at least 3 pieces off the Board); an "
    "empty pouch and pile give a short line, or none.",
    "A match is every like rune in a row or column of 3 or more ('When 3 or more like runes "
    "are aligned either vertically or horizontally, a match occurs', L86). Runs of one kind "
    "that share a rune (an L, a T, a cross) are one match of as many runes as it holds: "
    "they are found at once and 'the matched runes' are removed together (L88), so an L or "
    "a T of 5 is a match-5 ('when a player creates a match-5, they draw a legendary "
    "Quarrel', L305), and exalts as a match-4 does. The other reading (two match-3s) is "
    "possible but would make every L and T worth no more than a match-3, and on the "
    "4-column Board no row can hold 5, so a legendary would then come only from 5 in one "
    "column. All matches found at once are removed together, then gravity, then each is "
    "processed; each enemy match drops its own new line.",
    "Exalting: 'The first time per game that a player creates an ally match-4 (or "
    "match-5), the matched faction becomes exalted' (L299), and 'Opponents can remove "
    "exalted status by creating a match-4 or match-5 of the exalted faction or can steal "
    "Exalted status by creating a match-4 or more of their own faction runes' (L301): any "
    "ally faction match of 4 or more exalts that faction (the first time, and later to "
    "change or steal it); an enemy match of 4 or more of the exalted faction removes it. A "
    "faction match of 5 or more, ally or enemy, draws a legendary Quarrel ('when a player "
    "creates a match-5, they draw a legendary Quarrel', L305); Acorn matches never do.",
    "Full Board: 'When the Board is completely full and one or more new runes would be "
    "added by a player, first destroy the bottom row' (L295): a drop, a tributed Acorn and "
    "a Drop a Line onto a full Board first destroy the bottom row, whose runes (Acorns and "
    "Snowflakes too) go to the Rune Discard Pile. A new line after a match always has room.",
    "Ally Acorns matched go to the Rune Discard Pile ('Ally Acorns: Your matched Acorn(s) "
    "are discarded, postponing your opponent's ability to score your Acorns', L244), the "
    "rune cycle, like every other discarded rune; an Acorn or Snowflake on the Board or in "
    "the cycle is a rune ('Rune: Refers to a tile that is either on the Board, in the rune "
    "discard, or held by a player as a resource', L335).",
    "The fourth Snowflake: the game ends as soon as the match holding it is processed "
    "('When four snowflakes have been matched ... the game ends', L251); the rest of the "
    "cascade does not happen.",
    "An end the rulebook lacks, for a game where winter has become impossible: 'When four "
    "snowflakes have been matched, winter has arrived and the game ends' (L251), and a "
    "Snowflake is matched only in a line of 3 or more (L86) with 'other Acorns of their "
    "same color or with Snowflakes which acts as either a blue or red Acorn' (L241). The "
    "4 Snowflakes of the two pouches (L54) stay in play until matched, while an Acorn "
    "leaves play for good when it is 'claimed by you and added to your \"Collection\"' "
    "(L243). So with k Snowflakes still unmatched, winter needs 3 - k Acorns of one "
    "colour in play (1 Snowflake left: 2 Acorns of one colour; 2 left: 1 Acorn; 3 or 4: "
    "the Snowflakes alone). After every match that scores Acorns or matches Snowflakes "
    "(the only things that change these counts) the engine checks, and once too few are "
    "left it ends the game there, scored as winter scores it. This is the engine's "
    "addition; a game that is merely slow (every piece still in play) goes on.",
    "An end for a game that goes on too long (the engine's addition; the rulebook's game "
    "ends only 'When four snowflakes have been matched, winter has arrived and the game "
    "ends', L251): a game may have at most MAX_ACTIONS actions (100,000, the most a saved "
    "game holds). A game that reaches that many without winter ends there, as if winter "
    "had come, and is scored as winter scores it (the highest Collection, then the "
    "tie-breakers of L253-256). Good play reaches winter in a few thousand actions; random "
    "play sometimes does not.",
    "Not changed, but worth knowing: a team's Snowflakes reach the Board only when the "
    "other team's minions reveal them ('If it's a Snowflake, add it to the rune discard "
    "pile and flip over your minion to its upgraded side', L166), so a team that never "
    "reveals the other's tiles can hold winter off; against such a player (or random "
    "play) a game can run long. The shipped bots reveal every enemy tile they reach.",
    "Tie-breakers ('If players are tied when the fourth Snowflake is matched, tiebreakers "
    "are considered in the following order', L251): the team controlling the exalted "
    "faction; the most Acorn tiles collected; 'Player with the fewest Acorn points on the "
    "Board' (L255), read as the points of one's own Acorns there (they can still be scored "
    "against you); the most minions on the Battlefield. Still tied: a draw.",
    "Set Tiles: 'set each of them into a space on the Battlefield where there are no "
    "minions and no other tiles, excluding canopy spaces. If all spaces are occupied by "
    "either a minion and/or a tile, a tile can be set in one of the spaces with the fewest "
    "number of tiles' (L70): the fallback spaces are those with the fewest tiles, minion "
    "or not. A space may hold several tiles; a minion meets the unrevealed enemy ones top "
    "first, one decision each.",
    "A minion carries one Acorn at most. The rulebook speaks of a minion and its one Acorn "
    "throughout: 'If it's an Acorn, your minion may carry it' (L164), 'If a minion is ever "
    "holding an enemy Acorn and occupying a canopy space ... the Acorn is \"Tributed\"' "
    "and 'you drop the Acorn into any column' (L178-180). 'Any Acorns held by these "
    "minions are dropped' (L140) is plural because a Squabble has two minions, each of "
    "which may hold one (both drop), and 'freely pass enemy Acorns to one another' (L170) "
    "because Acorns pass many times; neither says one minion holds two. So a minion holding "
    "an Acorn reveals another but leaves it face up, and only a minion holding none takes "
    "one passed. Carrying is optional, and a minion that stops on a face-up enemy Acorn "
    "(one dropped by a squabble) may pick it up: the Example Turn protects Red's revealed "
    "Acorn from being taken (L277).",
    "Summoning is not moving: tiles are met 'When you move a minion into a space with an "
    "unrevealed enemy tile' (L158), so a summoned minion meets no tiles where it lands. "
    "'A minion cannot be summoned nor move into a space with an ally minion' (L186), and "
    "'If a minion would be summoned into or move into a space with an enemy minion, the "
    "two minions squabble' (L188).",
    "The two moves of an activation are 'consecutive' (L132): once a minion moves, only its "
    "next move, 'stop' (ending its activation) or passing Acorns (which 'does not need to be "
    "followed or preceded by either minion moving', L170) may come before it is exhausted. "
    "A special move replaces one of its moves; Speed gives a third normal move.",
    "Charge ('moving as many spaces as possible in one direction, not interacting with "
    "enemy tiles in the intervening spaces', 'usable only if the movement will result in a "
    "squabble with an enemy minion', L204) goes straight until it meets a minion, which "
    "must be an enemy (a one-space Charge is a normal move); the stump stops it. Flight "
    "('moving two spaces in one direction, skipping over the intervening space', L205) "
    "lands two spaces away over anything, the stump included. 'Minions can move into a "
    "canopy space of the Tree ONLY by using a normal move from the space directly beneath "
    "it' (L174): neither Sneak, Flight nor Charge enters or leaves the canopy, and only a "
    "normal move confronts a Hero.",
    "Elbow Drop is not a squabble: 'your minion destroys the enemy minion unharmed and "
    "remains in play' (L146): the enemy below is destroyed (its Destroyed trigger fires), "
    "the attacker lands there and meets its tiles; Judo may dodge it as any attack ('the "
    "first time that this minion is attacked each turn', L210). Judo dodges to an "
    "adjacent ground space without a minion, meeting that space's tiles.",
    "Hero Squabble: 'When you move a minion beyond an outer Battlefield space in the "
    "direction of an enemy Hero' (L150): only toward a column where an enemy Hero stands, "
    "from the outer row in front of it; the carried Acorn drops face up on that outer "
    "space. The opponent 'discards a Quarrel if able' of their choice; 'you draw a "
    "Quarrel' even with 3 or more in hand.",
    "A revealed trap: its owner destroys the minion or fires one of their armed Traps "
    "(which is discarded once its effect is done); a fired Trap replaces destroying the "
    "minion ('either destroy your minion, or activate one of their armed trap cards', "
    "L165). The trap tile goes back to the owner's unused Trap tiles either way (L235).",
    "'Surrounding' (Resistance Trap) means the 8 ground spaces around, diagonals included: "
    "the rulebook says adjacent when it means the 4 orthogonal ones ('Adjacent: Always "
    "means orthogonally adjacent. Diagaonal exceptions are always specifically mentioned', "
    "L327).",
    "Triggers: Squabble fires for a minion in a squabble or a Hero Squabble ('Squabble – "
    "occurs whenever the minion squabbles (with a minion or Hero)', L345), Destroyed for "
    "an upgraded minion destroyed in any way ('Destroyed – occurs when the upgraded minion "
    "is destroyed', L347), Move when its activation ends, Tribute for a minion already "
    "upgraded when it tributes (a basic one flips instead, then Reveal). 'Activating a "
    "minion's triggered ability is always optional for the minion's controller' (L340).",
    "Tribute: the minion is exhausted (its activation ends) and its controller chooses the "
    "column (L180); the matches that follow are the controller's. Passing an Acorn to a "
    "minion in the canopy tributes it too ('If a minion is ever holding an enemy Acorn and "
    "occupying a canopy space', L178).",
    "Team game: 'Players have their own action budget on their turn, controlling only their "
    "two Heroes, but share their team's runes, minions, Quarrels, tiles, and Acorns "
    "scored' (L314): every player's turn is a whole turn (Ready, Set Tiles, Reveal, "
    "Action, Draw) with that player's two Heroes; team minions ready on each teammate's "
    "turn. A decision asked of the other team (a trap, Judo, a discard) is taken by its "
    "next player to move.",
    "Cannonball ('Destroy a rune held by an opponent. That opponent draws a tile.', L117) "
    "and every choice an effect leaves open: the player using the card chooses (the "
    "opponent's held runes are public). The 'left-most column that is not full' (L98) is "
    "the Board's own left (the Board has a printed top and bottom, L52), whoever drops.",
    "Quarrels: a Scheme's effects happen when played, and only then is it discarded ('After "
    "executing the effect, the Scheme is discarded', L229), so a draw it makes cannot "
    "shuffle it back into the deck; a fired Trap likewise goes to the discard pile after "
    "its trigger effect. A Trap is armed face up and its owner takes an unused Trap tile "
    "to hand (none left: no tile, L233).",
    "The Example Turn says 'Now that I have 6 runes' (L279) where the rules give 7 (4 "
    "Thieves from the match-4, 3 Guardians) and never drops its Hunter rune, though 'You "
    "must drop all three of the revealed runes into the Matching Board before you are "
    "allowed to end your turn' (L78); the engine follows the rules, and the test of the "
    "example drops the Hunter rune too. Its 'I have 2 tiles in my hand from a Confrontation "
    "last turn' (L265) leaves out the tile of Red's own last Draw; the test's position has "
    "the 2. Its '3 acorn points' and 'a Snowflake' come from a blue 2-point and the "
    "tributed 1-point Acorn matched with one Snowflake.",
)


#: What each decision asks, completing "You must ...".
DECISIONS = {"encounter": "reveal or dismiss the enemy tile",
             "carry": "carry the Acorn or leave it",
             "trap": "destroy the minion or fire an armed Trap",
             "judo": "dodge (Judo) or stand", "tribute": "choose the column for the tributed Acorn",
             "trigger": "use the trigger or decline it", "target": "choose a target for the effect",
             "swap": "choose the two runes to swap",
             "slide": "choose the rune to slide and the empty space",
             "pay": "choose a rune to pay with", "discard_quarrel": "discard a Quarrel"}


# The Action Phase lists the same few groups of actions step after step: each group is
# made once (a tuple of shared actions) for each of its few forms.
@functools.cache
def _drops(runes: tuple[str, ...], columns: tuple[str, ...]) -> tuple[Action, ...]:
    """Every revealed rune into every open column."""
    return tuple(shared(Drop, rune, column) for rune in runes for column in columns)


@functools.cache
def _board_actions(hero: str, can_swap: bool, can_slide: bool) -> tuple[Action, ...]:
    """A ready Hero's Board actions: Swap and Slide when the Board allows, Drop a Line."""
    return ((shared(Swap, hero),) * can_swap + (shared(Slide, hero),) * can_slide
            + (shared(DropLine, hero),))


def _tile_text(code: str) -> str:
    colour = {"r": "red", "b": "blue"}.get(code[0], "")
    kind = code[1:]
    if kind in ("1", "2", "3"):
        return f"a {colour} {kind}-point Acorn"
    if kind == "s":
        return f"a {colour} Snowflake"
    if kind == "t":
        return f"a {colour} trap tile"
    return f"a {colour} tile"


#: The position: what a save holds (``_dump``), a loaded one must give and a copy clones.
POSITION = ("phase", "step", "slot", "turn", "picks", "teams", "box", "hero_box", "heroes",
            "minion_decks", "legend_deck", "legend_discard", "minions", "tiles", "board",
            "rune_pouch", "rune_discard", "revealed", "snowflakes", "exalted", "activation",
            "stack", "winner_team", "end_reason")


def _schema() -> dict[str, Any]:
    """The JSON Schema of the position a save holds (what ``_dump`` returns)."""
    strings = {"type": "array", "items": {"type": "string"}}
    team = {"type": "object", "required": ["factions", "held", "pouch", "hand", "traps",
                                           "deck", "quarrels", "discard", "armed",
                                           "collection"],
            "additionalProperties": False,
            "properties": {**{k: strings for k in ("factions", "held", "pouch", "hand", "deck",
                                                   "quarrels", "discard", "armed",
                                                   "collection")},
                           "traps": {"type": "integer", "minimum": 0}}}
    minion = {"type": "object", "additionalProperties": False,
              "required": ["team", "space", "upgraded", "exhausted", "acorn", "judo",
                           "stunned"],
              "properties": {"team": {"enum": [0, 1]}, "space": {"type": ["string", "null"]},
                             "upgraded": {"type": "boolean"}, "exhausted": {"type": "boolean"},
                             "acorn": {"type": ["string", "null"]}, "judo": {"type": "boolean"},
                             "stunned": {"type": "boolean"}}}
    return {
        "type": "object",
        "required": list(POSITION),
        "additionalProperties": False,
        "properties": {
            "phase": {"enum": ["faction", "hero", "play", "over"]},
            "step": {"enum": [None, "set", "action", "draw"]},
            "slot": {"type": "integer", "minimum": 0, "maximum": 3},
            "turn": {"type": "integer", "minimum": 0},
            "picks": {"type": "integer", "minimum": 0, "maximum": 8},
            "teams": {"type": "array", "items": team, "minItems": 2, "maxItems": 2},
            "box": strings, "hero_box": strings,
            "heroes": {"type": "object", "additionalProperties": {
                "type": "object", "additionalProperties": False,
                "required": ["team", "slot", "column", "exhausted"],
                "properties": {"team": {"enum": [0, 1]}, "slot": {"type": "integer"},
                               "column": {"type": "string"}, "exhausted": {"type": "boolean"}}}},
            "minion_decks": {"type": "object", "additionalProperties": strings},
            "legend_deck": strings, "legend_discard": strings,
            "minions": {"type": "object", "additionalProperties": minion},
            "tiles": {"type": "object", "additionalProperties": {"type": "array", "items": {
                "type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}],
                "minItems": 2, "maxItems": 2}}},
            "board": {"type": "array", "items": strings},
            "rune_pouch": strings, "rune_discard": strings, "revealed": strings,
            "snowflakes": strings,
            "exalted": {"type": ["string", "null"]},
            "activation": {"type": ["object", "null"]},
            "stack": {"type": "array", "items": {"type": "object", "required": ["kind"]}},
            "winner_team": {"type": ["string", "null"]},
            "end_reason": {"type": ["string", "null"]},
        },
    }


# ------------------------------------------------------------------ the state
class AlderQuestState(GameState):
    """A game of AlderQuest. See the module docstring."""

    game_name = "alderquest"
    display_name = "AlderQuest"
    action_types = ACTION_TYPES
    min_players, max_players = 2, 4

    # ------------------------------------------------------------ set-up
    def _load_data(self) -> None:
        self.cards: CardSet = data_from_option("cards", self.options.get("cards"))
        self.boards: Boards = data_from_option("boards", self.options.get("boards"))
        self.field = Field(self.boards)
        n = len(self.players)
        lone = self.options.get("lone", "blue")
        self.slots: list[int] = {2: [0, 1], 4: [0, 1, 2, 3]}.get(
            n, [0, 1, 2, 1] if lone == "blue" else [0, 1, 0, 2])
        self.team_game = len(self.slots) == 4
        self.team_players: list[list[int]] = [
            sorted({p for s, p in enumerate(self.slots) if s % 2 == t}) for t in (0, 1)]

    def _setup(self) -> None:
        self._load_data()
        c = self.cards
        rng = self.rng
        assert rng is not None
        self.phase = "faction"
        self.step: str | None = None
        self.slot = 0
        self.turn = 0
        self.picks = 0
        self.teams: list[dict[str, Any]] = []
        for colour in COLOURS:
            pouch = sorted(f"{colour}{k}" for k, n in POUCH.items() for _ in range(n))
            self.teams.append({"factions": [], "held": [], "pouch": pouch, "hand": [],
                               "traps": UNUSED_TRAPS, "deck": [], "quarrels": [],
                               "discard": [], "armed": [], "collection": []})
        self.box: list[str] = sorted(c.quarrels)  # Quarrels until their faction is taken
        self.hero_box: list[str] = sorted(c.heroes)
        self.heroes: dict[str, dict[str, Any]] = {}
        self.minion_decks: dict[str, list[str]] = {}
        for faction in c.factions:
            deck = sorted(m for m, card in c.minions.items() if card["faction"] == faction)
            rng.shuffle(deck)
            self.minion_decks[faction] = deck
        self.legend_deck = sorted(c.legendary)
        rng.shuffle(self.legend_deck)
        self.legend_discard: list[str] = []
        self.minions: dict[str, dict[str, Any]] = {}
        self.tiles: dict[str, list[list[Any]]] = {}
        self.board: list[list[str]] = [[] for _ in range(self.boards.board_columns)]
        self.rune_pouch: list[str] = sorted(c.letter(f) for f in c.factions
                                            for _ in range(RUNES_PER_FACTION))
        self.rune_discard: list[str] = []
        self.revealed: list[str] = []
        self.snowflakes: list[str] = []
        self.exalted: str | None = None
        self.activation: dict[str, Any] | None = None
        self.stack: list[dict[str, Any]] = []
        self.winner_team: str | None = None
        self.end_reason: str | None = None
        self.record("setup", f"{says(self.players[self.slots[0]], 'play')} Red and "
                    f"{'goes' if not self._you(self.slots[0]) else 'go'} first; "
                    f"{says(self.players[self.slots[1]], 'play')} Blue. Factions are chosen "
                    "in turn, Red first.")

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """An action from its text, every part given: ``"drop T"`` is refused (no
        column), not read as a drop into column ``''``, and ``"drop T A B"`` too (no field
        of an AlderQuest action holds a space).

        >>> AlderQuestState.parse_action("drop T")
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.IllegalActionError: drop: missing column (usage: \
drop RUNE COLUMN)
        """
        action = super().parse_action(text)
        fields = dataclasses.fields(action)  # type: ignore[arg-type]
        given = len(text.split()) - 1
        if given < len(fields):
            raise IllegalActionError(f"{action.verb}: missing {fields[given].name} (usage: "
                                     f"{usage(type(action))})")
        if given > len(fields):
            raise IllegalActionError(f"{action.verb}: too many parts (usage: "
                                     f"{usage(type(action))})")
        return action

    def _you(self, player: int) -> bool:
        return self.players[player].strip().lower() == "you"

    # ------------------------------------------------------------ who is who
    def slot_team(self, slot: int) -> int:
        return slot % 2

    def team_of(self, player: int) -> int:
        return self.slots.index(player) % 2

    @property
    def current_team(self) -> int:
        return self.slot_team(self.slot)

    def _decider(self, team: int) -> int:
        """The player who decides for ``team`` now: the player to move if it is their
        team's turn, else that team's next player to move."""
        for k in range(len(self.slots)):
            s = (self.slot + k) % len(self.slots)
            if self.slot_team(s) == team:
                return self.slots[s]
        raise AssertionError("every team has a slot")

    def team_name(self, team: int) -> str:
        """The team as the subject of a sentence: the player's name, or "The Red team"."""
        if self.team_game:
            return f"The {TEAMS[team]} team"
        return self.players[self.slots[team]]

    def team_says(self, team: int, verb: str) -> str:
        return says(self.team_name(team), verb)

    def team_possessive(self, team: int, capital: bool = True) -> str:
        if self.team_game:
            return f"{'The' if capital else 'the'} {TEAMS[team]} team's"
        return possessive(self.players[self.slots[team]], capital=capital)

    def faction_name(self, letter: str) -> str:
        return self.cards.faction_of_letter(letter)

    def minion_label(self, mid: str, capital: bool = False) -> str:
        """``"Red's Thief Ninja (T01)"`` / ``"your Racoon Ninja (T01)"``."""
        m = self.minions.get(mid)
        if m is None:
            return f"the minion {mid}"
        name = self.cards.minion_name(mid, m["upgraded"])
        return f"{self.team_possessive(m['team'], capital)} {name} ({mid})"

    def _say_minion(self, mid: str, text: str, **data: Any) -> None:
        self.record("minion", f"{self.minion_label(mid, capital=True)} {text}.", minion=mid,
                    **data)

    def _secret(self, team: int, text: str, **data: Any) -> None:
        self.record("secret", text, visible_to=self.team_players[team], **data)

    def hero_slot_heroes(self, slot: int) -> list[str]:
        """The Heroes of a seat's slot, by id (a new list each call)."""
        # Asked at every step of the Action Phase; Heroes are only ever added (set-up), so
        # the answer is kept while the same dict holds as many Heroes.
        cached = self.__dict__.get("_slot_heroes")
        if cached is None or cached[0] is not self.heroes or cached[1] != len(self.heroes):
            by_slot: dict[int, list[str]] = {}
            for h in sorted(self.heroes):
                by_slot.setdefault(self.heroes[h]["slot"], []).append(h)
            cached = (self.heroes, len(self.heroes), by_slot)
            self._slot_heroes = cached
        return list(cached[2].get(slot, ()))

    # ------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.stack:
            return self.stack[-1]["player"]
        if self.phase in ("faction", "hero"):
            return self.slots[self._pick_slot()]
        return self.slots[self.slot]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def points(self, team: int) -> int:
        """Acorn points in ``team``'s Collection."""
        return sum(acorn_points(t) for t in self.teams[team]["collection"])

    def scores(self) -> tuple[int, ...]:
        """Each player's team's Collection points (teammates share them)."""
        return tuple(self.points(self.team_of(p)) for p in range(len(self.players)))

    def standing(self, team: int) -> tuple[int, int, int, int, int]:
        """What decides the winner, in order (L251-256): points, controlling the exalted
        faction, Acorn tiles collected, fewer own Acorn points on the Board, minions."""
        mine = COLOURS[team]
        on_board = sum(acorn_points(p) for col in self.board for p in col if p[0] == mine)
        exalted = self.exalted is not None and self.exalted in self.teams[team]["factions"]
        return (self.points(team), int(exalted), len(self.teams[team]["collection"]),
                -on_board, sum(1 for m in self.minions.values() if m["team"] == team))

    def winner(self) -> str | None:
        """``'red'``, ``'blue'`` or ``'tie'`` once the game is over; None before."""
        if not self.is_over:
            return None
        red, blue = self.standing(0), self.standing(1)
        return "red" if red > blue else "blue" if blue > red else "tie"

    # ------------------------------------------------------------ small helpers
    def _pick_slot(self) -> int:
        return self.picks % len(self.slots)

    def _hold(self, team: int, rune: str) -> None:
        bisect.insort(self.teams[team]["held"], rune)

    def _to_pouch(self, team: int, code: str) -> None:
        bisect.insort(self.teams[team]["pouch"], code)

    def _to_rune_discard(self, code: str) -> None:
        bisect.insort(self.rune_discard, code)

    def board_obj(self) -> Board:
        return Board(self.boards.board_columns, self.boards.board_rows, self.board)

    def text_board(self) -> str:
        """Both boards in text, for ``print(state)`` (core/display.py): the Matching Board
        (top row first; ``r2`` an Acorn, ``bs`` a Snowflake, ``.`` an empty cell) with the
        runes revealed above it and the snowflake spaces, the Battlefield with Blue's edge
        at the top (a minion by id, ``*`` upgraded, ``+b2`` the Acorn it carries; tiles
        face up as ``b2``, face down in brackets, ``(r?)`` where the viewer cannot see;
        ``##`` the stump), the canopy and the Heroes at both edges, each team's points and
        supplies, and whose turn it is. A view shows only what its player may see.

        >>> game = new_game(seed=3)
        >>> print(game.text_board())
        Choosing factions: Red's pick (Red first, in turn).
        """
        lines: list[str] = []
        if self.phase == "faction":
            slot = self._pick_slot()
            return (f"Choosing factions: {possessive(self.players[self.slots[slot]])} pick "
                    "(Red first, in turn).")
        width = self.boards.board_columns
        revealed = " ".join(self.revealed) or "-"
        lines.append(f"Matching Board (revealed above it: {revealed})")
        lines.append("    " + " ".join(f"{chr(65 + c):<2}" for c in range(width)).rstrip())
        for r in reversed(range(self.boards.board_rows)):
            cells = [col[r] if r < len(col) else "." for col in self.board]
            lines.append(f"{r + 1:>3} " + " ".join(f"{x:<2}" for x in cells).rstrip())
        exalted = f"; exalted: {self.exalted}" if self.exalted else ""
        lines.append(f"Snowflakes matched: {len(self.snowflakes)} of 4{exalted}")
        lines.append("")
        lines.extend(self._battlefield_lines())
        lines.append("")
        for t, team in enumerate(self.teams):
            held = " ".join(team["held"]) or "none"
            lines.append(f"{TEAMS[t]} ({listing(team['factions']) or 'no factions yet'}): "
                         f"{count(self.points(t), 'point')}; runes held: {held}; "
                         f"{count(len(team['quarrels']), 'Quarrel')} in hand, "
                         f"{count(len(team['armed']), 'Trap')} armed; "
                         f"{count(len(team['hand']), 'tile')} in hand, "
                         f"{len(team['pouch'])} in the pouch")
        if self.is_over:
            lines.append(f"Game over: {self.end_reason}.")
        elif self.phase == "hero":
            slot = self._pick_slot()
            lines.append(f"Choosing Heroes: {possessive(self.players[self.slots[slot]])} pick.")
        else:
            step = {"set": "Set Tiles", "action": "Action Phase", "draw": "Draw"}[self.step]
            who = self.players[self.slots[self.slot]]
            lines.append(f"Turn {self.turn}: {possessive(who, capital=True)} turn "
                         f"({TEAMS[self.current_team]}), {step}. {self.prompt()}")
        return "\n".join(lines)

    def _battlefield_lines(self) -> list[str]:
        field = self.field
        cell = 11

        def heroes(team: int) -> str:
            mine = sorted((d["column"], self.cards.heroes[h]["name"])
                          for h, d in self.heroes.items() if d["team"] == team)
            return ", ".join(f"{name} ({col})" for col, name in mine) or "none yet"

        def minion(space: str) -> str:
            mid = minion_at(self.minions, space)
            if mid is None:
                return ""
            m = self.minions[mid]
            return (mid + ("*" if m["upgraded"] else "") + (f"+{m['acorn']}" if m["acorn"]
                                                             else ""))

        lines = [f"Battlefield (Blue's edge at the top): Blue's Heroes {heroes(1)}"]
        lines.append("    " + "".join(f"{c:<{cell}}" for c in field.columns).rstrip())
        for row in reversed(range(1, field.rows + 1)):
            cells = []
            for col in field.columns:
                space = f"{col}{row}"
                if space == field.stump:
                    cells.append("##")
                    continue
                parts = [minion(space)] + [code if up else f"({code})"
                                           for code, up in self.tiles.get(space, ())]
                cells.append(" ".join(p for p in parts if p) or ".")
            lines.append(f"{row:>3} " + "".join(f"{x:<{cell}}" for x in cells).rstrip())
        lines.append(f"Red's Heroes (the bottom edge): {heroes(0)}")
        lines.append("Canopy: " + ", ".join(f"{c} {minion(c) or '-'}" for c in field.canopy))
        return lines

    def swap_pairs(self) -> list[str]:
        """Every pair of adjacent runes on the Board, as ``'A1:A2'``
        (:func:`.matching.swap_pairs`)."""
        return list(swap_pairs(tuple(len(col) for col in self.board)))

    def open_columns(self) -> list[str]:
        """Columns a player may drop into now (:func:`.matching.open_columns`)."""
        return open_columns(self.board, self.boards.board_rows)

    def tile_spaces(self) -> list[str]:
        """Where a tile may be set now (:func:`.battlefield.tile_spaces`)."""
        return tile_spaces(self.field, self.minions, self.tiles)

    def destinations(self, mid: str, occupied: dict[str, str] | None = None) -> dict[str, str]:
        """Where ``mid`` may move next in its activation: destination -> kind of move
        (:func:`.battlefield.destinations`; ``occupied``: the position's occupancy, when
        the caller has it already)."""
        m = self.minions[mid]
        act = self.activation
        special_used = act is not None and act["minion"] == mid and act["special"]
        # (asked for every ready minion at every step: movement() written out here)
        kind = self.cards.minions[mid]["movement"] if m["upgraded"] else None
        return destinations(
            self.field, self.minions, self.heroes, m["space"], m["team"], kind,
            not special_used, occupancy(self.minions) if occupied is None else occupied)

    def _movement(self, mid: str) -> str | None:
        return movement(self.cards.minions[mid], self.minions[mid])

    # ------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        legal = self._compute_legal()
        # apply's check right after this call reuses the answer (see _check); the shared
        # action objects (core.actions.shared) are found by identity, quicker than hashing each one
        self._legal = (len(self.history), legal, {id(a) for a in legal})
        return list(legal)

    def _compute_legal(self, only: Action | None = None) -> list[Action]:
        """The legal actions; with ``only``, at least those of its kind (apply's check
        needs no more, so it skips the rest of the Action Phase)."""
        if self.stack:
            return self._decision_actions(self.stack[-1])
        if self.phase == "faction":
            taken = {f for t in self.teams for f in t["factions"]}
            return [shared(ChooseFaction, f) for f in self.cards.factions if f not in taken]
        if self.phase == "hero":
            return [shared(ChooseHero, h) for h in self._hero_choices()]
        team = self.teams[self.current_team]
        if self.step == "set":
            spaces = self.tile_spaces()
            return [shared(SetTile, t, s) for t in sorted(set(team["hand"])) for s in spaces]
        if self.step == "draw":
            return [*(shared(Discard, q) for q in sorted(set(team["quarrels"]))), shared(Draw)]
        return self._action_phase_actions(only)

    def _hero_choices(self) -> list[str]:
        slot = self._pick_slot()
        team = self.slot_team(slot)
        factions = self.teams[team]["factions"]
        mine = [h for h in self.hero_box if self.cards.heroes[h]["faction"] in factions]
        if self.team_game:
            have = {self.cards.heroes[h]["faction"] for h in self.hero_slot_heroes(slot)}
            mine = [h for h in mine if self.cards.heroes[h]["faction"] not in have]
        return mine

    def _action_phase_actions(self, only: Action | None = None) -> list[Action]:
        team_no = self.current_team
        team = self.teams[team_no]
        out: list[Action] = []
        act = self.activation
        verb = None if only is None else only.verb
        occupied = occupancy(self.minions)
        if act is not None:
            mid = act["minion"]
            out += [shared(Move, mid, d) for d in self.destinations(mid, occupied)]
            out.append(shared(Stop))
            return out + self._gives(team_no)
        if verb in (None, "drop") and self.revealed:
            out += _drops(tuple(sorted(set(self.revealed))), tuple(self.open_columns()))
        held = team["held"]
        if verb in ("drop", "play", "move", "give", "discard", "draw"):
            return out + self._late_actions(team_no, verb, only, occupied)
        # a Swap needs two adjacent runes, a Slide a rune beside an empty space
        can_swap = can_slide = False
        left = None  # the height of the column to the left
        for col in self.board:
            height = len(col)
            if height >= 2 or (left and height):
                can_swap = True
            if left is not None and left != height:
                can_slide = True
            left = height
        heroes = self.heroes
        for hero in self.hero_slot_heroes(self.slot):
            h = heroes[hero]
            if h["exhausted"] or (only is not None and getattr(only, "hero", hero) != hero):
                continue
            out += _board_actions(hero, can_swap, can_slide)
            if held:
                front = self.field.front(team_no, h["column"])
                if summon_space_ok(self.field, self.minions, team_no, front, occupied):
                    for f in team["factions"]:
                        letter = self.cards.letter(f)
                        if letter in held and self.minion_decks[f]:
                            out.append(shared(Summon, hero, letter))
            if len(held) >= self.cards.heroes[hero]["ability"]["cost"]:
                out.append(shared(UseAbility, hero))
        return out + self._late_actions(team_no, verb, only, occupied)

    def _late_actions(self, team_no: int, verb: str | None, only: Action | None,
                      occupied: dict[str, str]) -> list[Action]:
        """Quarrels, minions, passing Acorns and the Draw phase (``verb``: only those)."""
        team = self.teams[team_no]
        held = team["held"]
        out: list[Action] = []
        quarrels = sorted(set(team["quarrels"]))
        for card in quarrels if held and verb in (None, "play") else ():
            if card == "?":  # a view of another team's hand: which Quarrel it is is hidden
                continue
            if card in self.cards.legendary:
                out += [shared(Play, card, r) for r in sorted(set(held))]
            else:
                letter = self.cards.letter(self.cards.quarrels[card]["faction"])
                if letter in held:
                    out.append(shared(Play, card, letter))
        minions = self.minions
        for mid in sorted(minions) if verb in (None, "move") and minions else ():
            m = minions[mid]
            if m["team"] != team_no or m["exhausted"] or m["space"] is None or (
                    isinstance(only, Move) and only.minion != mid):
                continue
            out += [shared(Move, mid, d) for d in self.destinations(mid, occupied)]
        if verb in (None, "give"):
            out += self._gives(team_no)
        if not self.revealed and verb in (None, "discard", "draw"):
            # the Draw phase may begin (L74, L225)
            out += [*(shared(Discard, q) for q in quarrels), shared(Draw)]
        return out

    def slides(self) -> list[str]:
        """Every Slide on the Board: ``'B2:C2'``, the rune and the empty space beside it
        (:func:`.matching.slides`)."""
        return list(slides(tuple(len(col) for col in self.board)))

    def _gives(self, team: int) -> list[Action]:
        return [shared(Give, giver, taker)
                for giver, taker in gives(self.field, self.minions, team)]

    def _decision_actions(self, frame: dict[str, Any]) -> list[Action]:
        kind = frame["kind"]
        if kind == "encounter":
            return [shared(Reveal), shared(Dismiss)]
        if kind == "carry":
            m = self.minions[frame["minion"]]
            return [*(shared(Carry, t) for t in sorted(set(enemy_acorns_face_up(
                self.tiles, m["team"], frame["space"])))), shared(Leave)]
        if kind == "trap":
            armed = self.teams[frame["team"]]["armed"]
            return [shared(DestroyMinion), *(shared(Fire, c) for c in sorted(set(armed)))]
        if kind == "judo":
            space = self.minions[frame["minion"]]["space"]
            return [*(shared(Dodge, s) for s in dodges(self.field, space,
                                                        occupancy(self.minions))),
                    shared(Stand)]
        if kind == "tribute":
            return [shared(Tribute, c) for c in self.open_columns()]
        if kind == "trigger":
            return [shared(UseTrigger), shared(Decline)]
        if kind == "target":
            targets = effect_targets(self, frame["effect"], frame["ctx"]) or ()
            return [shared(Choose, t) for t in targets]
        if kind == "swap":
            return [shared(Choose, p) for p in self.swap_pairs()]
        if kind == "slide":
            return [shared(Choose, p) for p in self.slides()]
        if kind == "pay":
            return [shared(Choose, r) for r in sorted(set(self.teams[frame["team"]]["held"]))]
        if kind == "discard_quarrel":
            return [shared(Discard, q) for q in sorted(set(self.teams[frame["team"]]["quarrels"]))]
        raise AssertionError(f"no decision {kind!r}")

    # ------------------------------------------------------------ checking
    def _check(self, action: Action) -> None:
        cached = self.__dict__.get("_legal")
        if cached is not None and cached[0] == len(self.history):
            if id(action) in cached[2] or action in cached[1]:
                return
        elif action in self._compute_legal(only=action):
            return
        raise IllegalActionError(self._explain(action))

    def _explain(self, action: Action) -> str:  # noqa: C901 - one message per rule
        """Why ``action`` is illegal now, naming the rule."""
        v = action.verb
        if self.stack:
            frame = self.stack[-1]
            who = objective(self.players[frame["player"]])  # "first you must", "first Bot must"
            return (f"{v}: first {who} must {DECISIONS[frame['kind']]} "
                    f"({self._decision_text(frame)})")
        if self.phase == "faction":
            if v != "faction":
                return f"{v}: the factions are being chosen (Red first, in turn)"
            return f"faction: {action.name!r} is not a faction still free"  # type: ignore
        if self.phase == "hero":
            if v != "hero":
                return f"{v}: the Heroes are being chosen"
            return (f"hero: {action.hero!r} is not a Hero of your factions still free"  # type: ignore
                    + (" (in the team game each player takes one Hero of each ally faction)"
                       if self.team_game else ""))
        team_no = self.current_team
        team = self.teams[team_no]
        if self.step == "set":
            if v != "set":
                return f"{v}: first set the tiles in your hand on the Battlefield (L70)"
            if action.tile not in team["hand"]:  # type: ignore[attr-defined]
                return f"set: there is no {action.tile} tile in your hand"  # type: ignore
            return (f"set: a tile goes on a ground space with no minion and no tile (or, if "
                    f"there is none, one with the fewest tiles); not {action.space}")  # type: ignore
        if self.step == "draw":
            if v == "discard":
                return f"discard: there is no Quarrel {action.card!r} in your hand"  # type: ignore
            return f"{v}: the Action Phase is over (Quarrels were discarded); discard more or " \
                   "draw"
        act = self.activation
        if act is not None and v not in ("move", "stop", "give"):
            return (f"{v}: {self.minion_label(act['minion'])} is moving; its moves are "
                    "consecutive: move it again or stop it first")
        if v in ("draw", "discard"):
            if v == "discard" and action.card not in team["quarrels"]:  # type: ignore
                return f"discard: there is no Quarrel {action.card!r} in your hand"  # type: ignore
            return (f"{v}: drop all the revealed runes before the Draw phase "
                    f"({listing(self.revealed)}, L78)")
        if v == "drop":
            if action.rune not in self.revealed:  # type: ignore[attr-defined]
                return f"drop: {action.rune!r} is not a revealed rune (revealed: " \
                       f"{listing(self.revealed) or 'none'})"  # type: ignore[attr-defined]
            return f"drop: column {action.column!r} is full or not on the Board"  # type: ignore
        if v in ("swap", "slide", "line", "summon", "use"):
            hero = action.hero  # type: ignore[attr-defined]
            if hero not in self.heroes or self.heroes[hero]["slot"] != self.slot:
                return f"{v}: {hero!r} is not one of your Heroes"
            if self.heroes[hero]["exhausted"]:
                return (f"{v}: {self.cards.heroes[hero]['name']} is exhausted (one action "
                        "a Hero a turn, L105)")
            if v == "swap":
                return "swap: there must be two adjacent runes on the Board (L107)"
            if v == "slide":
                return "slide: there must be a rune beside an empty space (L108)"
            if v == "summon":
                return ("summon: spend a held rune of one of your factions; the space in "
                        "front of the Hero must hold no ally minion (L186) and the deck a "
                        "minion")
            cost = self.cards.heroes[hero]["ability"]["cost"]
            return f"use: the ability costs exactly {count(cost, 'rune')} that you hold"
        if v == "play":
            card = action.card  # type: ignore[attr-defined]
            if card not in team["quarrels"]:
                return f"play: {card!r} is not in your hand of Quarrels"
            return "play: a Quarrel costs one held rune of its faction (a legendary: any)"
        if v == "move":
            mid = action.minion  # type: ignore[attr-defined]
            m = self.minions.get(mid)
            if m is None or m["team"] != team_no:
                return f"move: {mid!r} is not one of your minions on the Battlefield"
            if act is not None and act["minion"] != mid:
                return "move: another minion is moving; its moves are consecutive"
            if m["exhausted"]:
                return f"move: {self.minion_label(mid)} is exhausted (L121)"
            return (f"move: {self.minion_label(mid)} cannot go to {action.to} "  # type: ignore
                    "(adjacent spaces only, the canopy only from directly below, never onto "
                    "an ally minion, a Hero only from the outer space in front of it)")
        if v == "stop":
            return "stop: no minion is moving"
        if v == "give":
            return "give: an Acorn passes between orthogonally adjacent ally minions, to one " \
                   "holding none (L170)"
        return f"{v}: not something to do now (the Action Phase: drop runes, Hero actions, " \
               "minions, Quarrels, then draw)"

    def _decision_text(self, frame: dict[str, Any]) -> str:
        """What a pending decision is about, in a sentence fragment."""
        kind = frame["kind"]
        if kind in ("encounter", "carry", "tribute"):
            mid = frame["minion"]
            return f"{self.minion_label(mid)} on {self.minions[mid]['space']}"
        if kind == "trap":
            return f"the trap tile revealed on {frame['space']}"
        if kind == "judo":
            return f"{self.minion_label(frame['minion'])} is attacked"
        if kind == "trigger":
            return f"the {self.cards.minion_name(frame['minion'], True)}'s " \
                   f"{frame['when']} trigger"
        if kind == "target":
            return VOCABULARY.words(frame["effect"])
        if kind in ("swap", "slide"):
            return f"{self.cards.heroes[frame['hero']]['name']}'s {kind}"
        if kind == "pay":
            return (f"{count(frame['left'], 'rune')} more to pay for "
                    f"{self.cards.heroes[frame['hero']]['ability']['name']}")
        return "after a Hero Squabble"

    def prompt(self) -> str:
        """What is asked of the player to act now, in a sentence."""
        if self.is_over:
            return "The game is over."
        who = self.players[self.current_player]  # type: ignore[index]
        if self.stack:
            frame = self.stack[-1]
            return (f"{subject(who)} must {DECISIONS[frame['kind']]}: "
                    f"{self._decision_text(frame)}.")
        if self.phase == "faction":
            return f"{says(who, 'choose')} a faction."
        if self.phase == "hero":
            return f"{says(who, 'choose')} a Hero."
        if self.step == "set":
            return f"{says(who, 'set')} a tile from the hand on the Battlefield."
        if self.step == "draw":
            return f"{says(who, 'discard')} Quarrels, or draw to end the turn."
        if self.revealed:
            return f"{says(who, 'act')}: {count(len(self.revealed), 'revealed rune')} " \
                   "still to drop."
        return f"{says(who, 'act')}, or draw to end the turn."

    # ------------------------------------------------------------ performing
    # Each action type has its method (``@performs``); a decision's answer takes its frame
    # off the stack. After every action the automatic steps on the stack run (_run).
    def _perform(self, action: Action) -> None:
        self._legal = None
        super()._perform(action)
        self._run()
        if len(self.history) + 1 >= MAX_ACTIONS and not self.is_over:
            # this is the last action a game may have (the history holds the others)
            self._finish(f"the game has reached {MAX_ACTIONS:,} actions, the most a game "
                         "may have: winter comes")

    def _push(self, frame: dict[str, Any]) -> None:
        self.stack.append(frame)

    def _ask(self, frame: dict[str, Any], team: int) -> None:
        frame["player"] = self._decider(team)
        frame["ask"] = True
        self.stack.append(frame)

    def _run(self) -> None:
        """Do the automatic steps on the stack until a decision or the end; then carry
        the turn on (Reveal after Set Tiles, the next turn after Draw)."""
        while not self.is_over:
            if self.stack:
                if self.stack[-1].get("ask"):
                    return
                frame = self.stack.pop()
                self._TASKS[frame["kind"]](self, frame)
                continue
            if self.phase == "play" and self.step == "set" and \
                    not self.teams[self.current_team]["hand"]:
                self._reveal_runes()
                continue
            return
        self._clear_stack()
        self.activation = None

    def _clear_stack(self) -> None:
        """Drop what is still pending (the game is over); a card played or fired whose
        effects were cut short still goes to its discard pile."""
        for frame in self.stack:
            if frame["kind"] == "discard_card":
                self._task_discard_card(frame)
        self.stack.clear()

    # ------------------------------------------------------------ decisions
    @performs(Reveal, Dismiss)
    def _answer_encounter(self, a: Reveal | Dismiss) -> None:
        self._encounter(self.stack.pop(), reveal=type(a) is Reveal)

    @performs(Carry, Leave)
    def _answer_carry(self, a: Carry | Leave) -> None:
        self._carry(self.stack.pop(), a.tile if type(a) is Carry else None)  # type: ignore

    @performs(DestroyMinion, Fire)
    def _answer_trap(self, a: DestroyMinion | Fire) -> None:
        self._spring_trap(self.stack.pop(), a.card if type(a) is Fire else None)  # type: ignore

    @performs(Dodge, Stand)
    def _answer_judo(self, a: Dodge | Stand) -> None:
        self._dodge(self.stack.pop(), a.space if type(a) is Dodge else None)  # type: ignore

    @performs(Tribute)
    def _tribute(self, a: Tribute) -> None:
        frame = self.stack.pop()
        mid = frame["minion"]
        m = self.minions[mid]
        tile, m["acorn"] = m["acorn"], None
        self._say_minion(mid, f"tributes {_tile_text(tile)}: it drops into column {a.column}")
        self._board_move(m["team"], ("drop", a.column, tile), None)

    @performs(UseTrigger, Decline)
    def _answer_trigger(self, a: UseTrigger | Decline) -> None:
        self._use_trigger(self.stack.pop(), type(a) is UseTrigger)

    @performs(Choose)
    def _choose(self, a: Choose) -> None:
        frame = self.stack.pop()
        self._CHOICES[frame["kind"]](self, frame, a.target)

    def _choose_target(self, frame: dict[str, Any], target: str) -> None:
        VOCABULARY.perform(frame["effect"], self, frame["ctx"], target)

    def _choose_swap(self, frame: dict[str, Any], target: str) -> None:
        a, b = target.split(":")
        self._board_move(self.current_team, ("swap", a, b),
                         f"{self.cards.heroes[frame['hero']]['name']} swaps the runes at {a} "
                         f"and {b}")

    def _choose_slide(self, frame: dict[str, Any], target: str) -> None:
        a, b = target.split(":")
        self._board_move(self.current_team, ("slide", a, b[0]),
                         f"{self.cards.heroes[frame['hero']]['name']} slides the rune at {a} "
                         f"to {b}")

    @performs(Discard)
    def _discard(self, a: Discard) -> None:
        if self.stack:  # a Hero Squabble asked it
            self._discard_quarrel(self.stack.pop()["team"], a.card)
            return
        self.step = "draw"  # the first discard ends the Action Phase
        self._discard_quarrel(self.current_team, a.card)

    # ------------------------------------------------------------ automatic steps
    def _task_draw_quarrel(self, frame: dict[str, Any]) -> None:
        self._draw_quarrel(frame["team"])

    def _task_enemy_discard(self, frame: dict[str, Any]) -> None:
        hand = self.teams[frame["team"]]["quarrels"]
        if len(set(hand)) == 1:
            self._discard_quarrel(frame["team"], hand[0])
        elif hand:
            self._ask({"kind": "discard_quarrel", "team": frame["team"]}, frame["team"])

    def _task_discard_card(self, frame: dict[str, Any]) -> None:
        """A played Scheme or a fired Trap goes to its discard pile, its effects done."""
        card = frame["card"]
        if card in self.cards.legendary:
            self.legend_discard.append(card)
        else:
            self.teams[frame["team"]]["discard"].append(card)

    def _task_destroy(self, frame: dict[str, Any]) -> None:
        if frame["minion"] in self.minions:
            self._destroy(frame["minion"], frame["space"])

    # ------------------------------------------------------------ set-up actions
    @performs(ChooseFaction)
    def _choose_faction(self, a: ChooseFaction) -> None:
        slot = self._pick_slot()
        team = self.slot_team(slot)
        self.teams[team]["factions"].append(a.name)
        for q in [q for q in self.box if self.cards.quarrels[q]["faction"] == a.name]:
            self.box.remove(q)
            self.teams[team]["deck"].append(q)
        self.record("faction", f"{says(self.players[self.slots[slot]], 'choose')} the "
                    f"{a.name} for {TEAMS[team]}.", faction=a.name, team=team)
        self.picks += 1
        if self.picks == 4:
            self._lay_out()

    def _lay_out(self) -> None:
        """The opening: the Matching Board's two rows (L57), the rune pouch, the decks."""
        c = self.cards
        rng = self.rng
        assert rng is not None
        first = [c.letter(f) for f in self.teams[0]["factions"]]
        second = [c.letter(f) for f in self.teams[1]["factions"]]
        layout = opening_layout(self.boards.opening, self.boards.first_pattern,
                                (*first, *second), self.boards.board_columns)  # type: ignore
        for cell in sorted(layout, key=lambda x: (int(x[1:]), x[0])):
            rune = layout[cell]
            self.rune_pouch.remove(rune)
            self.board[ord(cell[0]) - 65].append(rune)
        for team in self.teams:
            team["deck"].sort()
            rng.shuffle(team["deck"])
        self.phase, self.picks = "hero", 0
        self.record("setup", "The Matching Board's bottom two rows are set with 2 runes of "
                    "each faction (Red's laid out in a W shape, Blue's in an M shape); the "
                    "other 24 runes go into the Rune Pouch.",
                    board=[list(col) for col in self.board])

    @performs(ChooseHero)
    def _choose_hero(self, a: ChooseHero) -> None:
        slot = self._pick_slot()
        team = self.slot_team(slot)
        cols = self.boards.heroes["team" if self.team_game else "head_to_head"][TEAMS[team].lower()]
        if self.team_game:
            column = cols[slot // 2][len(self.hero_slot_heroes(slot))]
        else:
            column = cols[sum(1 for h in self.heroes.values() if h["team"] == team)]
        self.hero_box.remove(a.hero)
        self.heroes[a.hero] = {"team": team, "slot": slot, "column": column,
                               "exhausted": False}
        card = self.cards.heroes[a.hero]
        self.record("hero", f"{says(self.players[self.slots[slot]], 'take')} {card['name']} "
                    f"({card['faction']}), standing at column {column}.", hero=a.hero)
        self.picks += 1
        wanted = 8 if self.team_game else 6
        if self.picks == wanted:
            self.phase = "play"
            self._start_turn()

    # ------------------------------------------------------------ the turn
    def _start_turn(self) -> None:
        """Ready (L67); an exalted faction's effect for its controller; then Set Tiles."""
        team_no = self.current_team
        player = self.players[self.slots[self.slot]]
        self.turn += 1
        for hero in self.hero_slot_heroes(self.slot):
            self.heroes[hero]["exhausted"] = False
        for m in self.minions.values():
            m["judo"] = False
            if m["team"] == team_no:
                if m["stunned"]:
                    m["stunned"] = False  # stays exhausted this once
                else:
                    m["exhausted"] = False
        self.activation = None
        self.step = "set"
        self.record("turn", f"Turn {self.turn}: {possessive(player, capital=True)} turn "
                    f"({TEAMS[team_no]}).", turn=self.turn, slot=self.slot)
        if self.exalted is not None and self.exalted in self.teams[team_no]["factions"]:
            card = self.cards.factions[self.exalted]["exalted"]
            self.record("exalted", f"Exalted {self.exalted}: {card['name']}: {card['text']}")
            self._run_effects(card, {"kind": "exalted", "team": team_no,
                                     "source": self.exalted})

    def _reveal_runes(self) -> None:
        drawn = []
        for _ in range(REVEAL):
            rune = self._draw_rune()
            if rune is None:
                break
            drawn.append(rune)
        self.revealed = drawn
        self.step = "action"
        names = [self.faction_name(r) if len(r) == 1 else _tile_text(r) for r in drawn]
        self.record("reveal", f"{self.team_says(self.current_team, 'reveal')} "
                    f"{count(len(drawn), 'rune')} above the Board: "
                    f"{listing(names) or 'none left'}.", runes=list(drawn))

    def _draw_rune(self) -> str | None:
        """A rune from the Rune Pouch; an empty pouch takes back the Rune Discard Pile
        (which never holds the runes of a cascade still going on: see _board_move)."""
        assert self.rng is not None
        if not self.rune_pouch:
            refill = self.rune_discard
            if not refill:
                return None
            self.rune_pouch, self.rune_discard = sorted(refill), []
            self.record("refill", "The Rune Pouch is empty: the Rune Discard Pile goes back "
                        f"into it ({count(len(refill), 'rune')}).")
        return self.rune_pouch.pop(self.rng.randbelow(len(self.rune_pouch)))

    @performs(SetTile)
    def _set_tile(self, a: SetTile) -> None:
        team_no = self.current_team
        self.teams[team_no]["hand"].remove(a.tile)
        self.tiles.setdefault(a.space, []).append([a.tile, False])
        self.record("set", f"{self.team_says(team_no, 'set')} a tile face down on {a.space}.",
                    team=team_no, space=a.space)
        self._secret(team_no, f"({_tile_text(a.tile).capitalize()}.)", tile=a.tile)

    @performs(Draw)
    def _draw(self, a: Draw) -> None:
        team_no = self.current_team
        self.step = "draw"
        if len(self.teams[team_no]["quarrels"]) < QUARREL_HAND:
            self._draw_quarrel(team_no)
        self._draw_tile(team_no)
        self.slot = (self.slot + 1) % len(self.slots)
        self._start_turn()

    def _draw_quarrel(self, team_no: int) -> None:
        team = self.teams[team_no]
        if not team["deck"] and team["discard"]:
            assert self.rng is not None
            team["deck"], team["discard"] = sorted(team["discard"]), []
            self.rng.shuffle(team["deck"])
            self.record("shuffle", f"{self.team_possessive(team_no)} Quarrel discard pile is "
                        "shuffled into a new deck.")
        if not team["deck"]:
            self.record("draw", f"({self.team_possessive(team_no)} Quarrel deck is empty.)")
            return
        card = team["deck"].pop()
        team["quarrels"].append(card)
        self.mark_irreversible("a Quarrel has been drawn from the hidden deck")
        self.record("draw", f"{self.team_says(team_no, 'draw')} a Quarrel.")
        self._secret(team_no, f"({self.cards.name(card)}.)", card=card)

    def _draw_tile(self, team_no: int) -> None:
        team = self.teams[team_no]
        if not team["pouch"]:
            self.record("draw", f"({self.team_possessive(team_no)} Tile Pouch is empty.)",
                        team=team_no, tiles=0)
            return
        assert self.rng is not None
        code = team["pouch"].pop(self.rng.randbelow(len(team["pouch"])))
        bisect.insort(team["hand"], code)
        self.mark_irreversible("a tile has been drawn from the Tile Pouch")
        self.record("draw", f"{self.team_says(team_no, 'draw')} a tile.", team=team_no, tiles=1)
        self._secret(team_no, f"({_tile_text(code).capitalize()}.)", tile=code)

    def _discard_quarrel(self, team_no: int, card: str) -> None:
        team = self.teams[team_no]
        team["quarrels"].remove(card)
        self.mark_irreversible("a Quarrel from the hidden hand has been shown (discarded)")
        if card in self.cards.legendary:
            self.legend_discard.append(card)
        else:
            team["discard"].append(card)
        self.record("discard", f"{self.team_says(team_no, 'discard')} "
                    f"{self.cards.name(card)}.", card=card)

    # ------------------------------------------------------------ the Board
    @performs(Drop)
    def _drop(self, a: Drop) -> None:
        self.revealed.remove(a.rune)
        what = self.faction_name(a.rune) if len(a.rune) == 1 else _tile_text(a.rune)
        self._board_move(self.current_team, ("drop", a.column, a.rune),
                         f"the {what} rune drops into column {a.column}")

    def _hero_acts(self, hero: str, text: str | None) -> None:
        self.heroes[hero]["exhausted"] = True
        if text:
            self.record("hero", f"{self.cards.heroes[hero]['name']} {text}.", hero=hero)

    @performs(Swap)
    def _swap(self, a: Swap) -> None:
        self._hero_acts(a.hero, None)  # told once the runes are chosen
        self._ask({"kind": "swap", "hero": a.hero}, self.current_team)

    @performs(Slide)
    def _slide(self, a: Slide) -> None:
        self._hero_acts(a.hero, None)
        self._ask({"kind": "slide", "hero": a.hero}, self.current_team)

    @performs(DropLine)
    def _drop_line(self, a: DropLine) -> None:
        self._hero_acts(a.hero, "drops a new line")
        self._board_move(self.current_team, ("line",), None)

    def _board_move(self, team_no: int, move: tuple[str, ...], text: str | None) -> None:
        """A player's move on the Matching Board and the cascade after it (the matches
        are ``team_no``'s)."""
        # The cascade works on the game's own columns in place (no copy: a failed action is
        # put back by the engine). Between actions the Board holds no match, so only the
        # lines through the `changed` cells need a look at first.
        board = Board.over(self.boards.board_columns, self.boards.board_rows, self.board)
        result = CascadeResult()
        changed = play_onto(board, move, result)
        if result.discarded:
            self.record("full", "The Board is full: its bottom row is destroyed "
                        f"({listing(result.discarded)}).", runes=list(result.discarded))
        if text:
            self.record("board", f"{text[0].upper()}{text[1:]}.")
        if changed is not None and not may_match_at(board, changed) and not board.is_empty():
            self._discard_runes(result.discarded)
            return  # no match (most drops and swaps): no cascade, nothing else changes
        # The runes this cascade discards reach the Rune Discard Pile once it is over
        # (RULE_NOTES): its new lines never bring them back, so it always ends.
        draw = self._draw_rune
        team = self.teams[team_no]
        exalted = None if self.exalted is None else self.cards.letter(self.exalted)
        result.exalted = exalted
        rules = MatchRules("".join(self.cards.letter(f) for f in team["factions"]),
                           COLOURS[team_no], len(self.snowflakes), exalted)
        if move[0] == "line":
            line, _starved = drop_line(board, draw)
            result.steps.append({"matches": [], "lines": [line]})
            self._log_line(line)
        resolve(board, rules, draw, result,
                lambda kind, what: self._log_step(team_no, kind, what), changed)
        if result.capped:  # a guard only: see matching.MAX_CASCADE_STEPS
            self.record("guard", f"(The cascade reached {MAX_CASCADE_STEPS} rounds: no more "
                        "new lines are drawn; the matches left are resolved.)")
        self._discard_runes(result.discarded)
        self._apply_cascade(team_no, result)

    def _discard_runes(self, runes: list[str]) -> None:
        if runes:
            self.rune_discard.extend(runes)
            self.rune_discard.sort()

    def _log_line(self, line: list[str | None]) -> None:
        shown = [f"{chr(65 + c)}: {r if len(r) == 1 else _tile_text(r)}"
                 for c, r in enumerate(line) if r is not None]
        if shown:
            self.record("line", f"A new line drops ({'; '.join(shown)}).", line=line)

    def _log_step(self, team_no: int, kind: str, what: Any) -> None:
        """One round of a cascade, told as it happens (see matching.resolve)."""
        if kind == "line":
            self._log_line(what)
            return
        who = self.team_name(team_no)
        letters = [self.cards.letter(f) for f in self.teams[team_no]["factions"]]
        for m in what:
            cells = listing(m["cells"])
            if m["kind"] == "acorn":
                text = f"Acorns and Snowflakes match ({cells})"
            elif m["kind"] in letters:
                text = (f"{says(who, 'collect')} {len(m['cells'])} "
                        f"{self.faction_name(m['kind'])} runes ({cells}): an ally match")
            else:
                text = (f"{len(m['cells'])} {self.faction_name(m['kind'])} runes "
                        f"({cells}) are discarded: an enemy match")
            self.record("match", text + ".", match=m["kind"], cells=m["cells"],
                        runes=m["runes"])

    def _apply_cascade(self, team_no: int, result: CascadeResult) -> None:
        team = self.teams[team_no]
        who = self.team_name(team_no)
        for rune in result.collected:
            self._hold(team_no, rune)
        for tile in result.scored:
            bisect.insort(team["collection"], tile)
        if result.scored:
            self.record("score", f"{says(who, 'collect')} "
                        f"{listing([_tile_text(t) for t in result.scored])}: "
                        f"{count(result.points, 'point')}.", tiles=result.scored)
        if result.snowflakes:
            self.snowflakes.extend(result.snowflakes)
            self.record("snowflake", f"{count(len(result.snowflakes), 'Snowflake')} "
                        f"{'goes' if len(result.snowflakes) == 1 else 'go'} to the snowflake "
                        f"spaces ({len(self.snowflakes)} of 4).")
        for before, after in result.exalt_changes:
            old = before and self.faction_name(before)
            if after is None:
                self.record("exalted", f"The {old} are no longer exalted.", faction=None)
            else:
                new = self.faction_name(after)
                card = self.cards.factions[new]["exalted"]["name"]
                self.record("exalted", f"The {new} are exalted ({card})"
                            + (f" in place of the {old}." if old else "."), faction=new)
        self.exalted = None if result.exalted is None else self.faction_name(result.exalted)
        for _ in range(result.legendary):
            self._draw_legendary(team_no)
        if result.ended:
            self._finish("the fourth Snowflake is matched: winter has arrived")
        elif (result.scored or result.snowflakes) and not self.winter_possible():
            # (only these change what winter needs: Acorns leave play only when scored,
            # Snowflakes only when matched)
            left = 4 - len(self.snowflakes)
            self._finish("too few Acorns are left in play to match the last "
                         f"{'Snowflake' if left == 1 else f'{left} Snowflakes'}, so winter "
                         "comes")

    def winter_possible(self) -> bool:
        """Whether the Snowflakes not yet matched can still be: a match of Acorns is 3 in a
        line of one colour, Snowflakes standing in for either (L241); every Snowflake not
        matched is still in play, and an Acorn leaves play only for a Collection (L243).
        So with ``k`` Snowflakes left, winter needs 3 - ``k`` Acorns of one colour in play.

        >>> new_game(seed=1).winter_possible()
        True
        """
        left = 4 - len(self.snowflakes)
        if left <= 0 or left >= 3:
            return True
        in_play = Counter(code[0] for code in self.components().elements()
                          if len(code) == 2 and code[1] in "123")
        for team in self.teams:
            in_play.subtract(code[0] for code in team["collection"])
        return left + max(in_play["r"], in_play["b"]) >= 3

    def _draw_legendary(self, team_no: int) -> None:
        if not self.legend_deck and self.legend_discard:
            assert self.rng is not None
            self.legend_deck, self.legend_discard = sorted(self.legend_discard), []
            self.rng.shuffle(self.legend_deck)
        if not self.legend_deck:
            self.record("legendary", "(No legendary Quarrel is left to draw.)")
            return
        card = self.legend_deck.pop()
        self.teams[team_no]["quarrels"].append(card)
        self.mark_irreversible("a legendary Quarrel has been drawn")
        # into the hidden hand: the other team learns that a legendary was drawn, not which
        self.record("legendary", f"A match-5: {self.team_says(team_no, 'draw')} a legendary "
                    "Quarrel.", team=team_no)
        self._secret(team_no, f"({self.cards.name(card)}.)", card=card)

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self._clear_stack()
        self.activation = None
        self.winner_team = self.winner()
        red, blue = self.points(0), self.points(1)
        if self.winner_team == "tie":
            verdict = "The game is a draw, even after the tie-breakers."
        else:
            team = TEAMS.index(self.winner_team.capitalize())
            verdict = f"{self.team_says(team, 'win')}."
        self.record("over", f"Game over: {reason}. Red {count(red, 'point')}, Blue "
                    f"{count(blue, 'point')}. {verdict}", winner=self.winner_team)

    # ------------------------------------------------------------ hero actions
    @performs(Summon)
    def _summon_action(self, a: Summon) -> None:
        team_no = self.current_team
        self.teams[team_no]["held"].remove(a.rune)
        self._to_rune_discard(a.rune)
        self._hero_acts(a.hero, f"spends a {self.faction_name(a.rune)} rune to summon")
        h = self.heroes[a.hero]
        self._summon(team_no, self.faction_name(a.rune), self.field.front(team_no, h["column"]))

    @performs(UseAbility)
    def _use_ability(self, a: UseAbility) -> None:
        ability = self.cards.heroes[a.hero]["ability"]
        self._hero_acts(a.hero, f"uses {ability['name']} (cost "
                        f"{count(ability['cost'], 'rune')}): {ability['text']}")
        self._pay({"kind": "pay", "hero": a.hero, "team": self.current_team,
                   "left": ability["cost"], "paid": []}, None)

    def _pay(self, frame: dict[str, Any], rune: str | None) -> None:
        """Pay an ability one rune at a time; when it is paid, its effects follow."""
        team_no = frame["team"]
        if rune is not None:
            self.teams[team_no]["held"].remove(rune)
            self._to_rune_discard(rune)
            frame = dict(frame, left=frame["left"] - 1, paid=[*frame["paid"], rune])
        if frame["left"] > 0:
            self._ask(frame, team_no)
            return
        hero = frame["hero"]
        if frame["paid"]:
            self.record("pay", f"{self.team_says(team_no, 'pay')} "
                        f"{listing([self.faction_name(r) for r in frame['paid']])} "
                        f"for {self.cards.heroes[hero]['ability']['name']}.")
        self._run_effects(self.cards.heroes[hero]["ability"],
                          {"kind": "hero", "team": team_no, "source": hero, "hero": hero})

    @performs(Play)
    def _play(self, a: Play) -> None:
        team_no = self.current_team
        team = self.teams[team_no]
        team["held"].remove(a.rune)
        self._to_rune_discard(a.rune)
        team["quarrels"].remove(a.card)
        legendary = a.card in self.cards.legendary
        card = self.cards.legendary[a.card] if legendary else self.cards.quarrels[a.card]
        self.mark_irreversible("a Quarrel from the hidden hand has been played")
        if card["type"] == "trap":
            team["armed"].append(a.card)
            self.record("play", f"{self.team_says(team_no, 'arm')} the Trap {card['name']}: "
                        f"{card['text']}", card=a.card)
            if team["traps"]:
                team["traps"] -= 1
                trap = f"{COLOURS[team_no]}t"
                bisect.insort(team["hand"], trap)
                self.record("play", f"{self.team_says(team_no, 'take')} a trap tile to hand.",
                            team=team_no, tile=trap, to="hand")
            return
        self.record("play", f"{self.team_says(team_no, 'play')} {card['name']}: {card['text']}",
                    card=a.card)
        # "After executing the effect, the Scheme is discarded" (L229): it waits on the
        # stack below its effects, so a draw they make cannot shuffle it back in
        self._push({"kind": "discard_card", "team": team_no, "card": a.card})
        self._run_effects(card, {"kind": "legendary" if legendary else "scheme",
                                 "team": team_no, "source": a.card})

    # ------------------------------------------------------------ minion actions
    @performs(Move)
    def _move(self, a: Move) -> None:
        kind = self.destinations(a.minion)[a.to]
        self._start_move(a.minion, a.to, kind)

    @performs(Stop)
    def _stop(self, a: Stop) -> None:
        assert self.activation is not None
        self._say_minion(self.activation["minion"], "stops")
        self._end_activation()

    @performs(Give)
    def _give_action(self, a: Give) -> None:
        self._give(a.giver, a.taker)

    # ------------------------------------------------------------ minions on the Battlefield
    def _start_move(self, mid: str, dest: str, kind: str) -> None:
        m = self.minions[mid]
        act = self.activation
        if act is None:
            act = {"minion": mid, "left": moves_per_activation(self._movement(mid)),
                   "special": False, "moved": 0}
            self.activation = act
        act["left"] -= 1
        act["moved"] += 1
        if kind in SPECIAL:
            act["special"] = True
        self._push({"kind": "after_move", "minion": mid})
        if kind == "confront":
            self._confront(mid, dest)
            return
        how = {"normal": "moves", "sneak": "sneaks", "flight": "flies",
               "charge": "charges"}[kind]
        self._say_minion(mid, f"{how} from {m['space']} to {dest}")
        occupant = minion_at(self.minions, dest)
        if occupant is not None:
            elbow = self.field.is_canopy(m["space"]) and dest == self.field.below(m["space"])
            self._attack(mid, occupant, dest, elbow=elbow, then="arrive")
        else:
            self._arrive(mid, dest)

    def _attack(self, attacker: str, defender: str, space: str, *, elbow: bool,
                then: str) -> None:
        """``attacker`` comes onto ``defender``'s space: Judo may dodge, else they clash."""
        d = self.minions[defender]
        if self._movement(defender) == "judo" and not d["judo"]:
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
        if enemy_tiles(self.tiles, m["team"], frame["space"], face_up=False):
            self._ask({"kind": "encounter", "minion": mid, "space": frame["space"]},
                      m["team"])

    def _encounter(self, frame: dict[str, Any], reveal: bool) -> None:
        mid, space = frame["minion"], frame["space"]
        m = self.minions[mid]
        index = enemy_tiles(self.tiles, m["team"], space, face_up=False)[-1]  # the top one
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
            self._secret(owner, f"(It was {_tile_text(code)}.)", tile=code)
            return
        self.mark_irreversible("a tile on the Battlefield has been revealed")
        kind = revealed_tile(code)
        if kind == "acorn":
            self.tiles[space][index][1] = True
            self._say_minion(mid, f"reveals {_tile_text(code)} on {space}",
                             act="reveal", space=space, owner=owner, tile=code)
        elif kind == "trap":
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
                or not enemy_acorns_face_up(self.tiles, m["team"], frame["space"])):
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
        self._say_minion(mid, f"picks up {_tile_text(tile)}")

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
        self.record("trap", f"{self.team_says(owner, 'fire')} {self.cards.name(card)}.",
                    card=card, minion=mid)
        self._push({"kind": "discard_card", "team": owner, "card": card})  # after its effects
        self._run_effects(self.cards.quarrels[card], {
            "kind": "trap", "team": owner, "source": card, "activator": mid,
            "space": self.minions[mid]["space"] if mid in self.minions else frame["space"]})

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
        dropped = f"; it drops {_tile_text(m['acorn'])}" if m["acorn"] else ""
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
        self._say_minion(giver, f"passes {_tile_text(b['acorn'])} to "
                         f"{self.minion_label(taker)}")
        self._check_tribute(taker)

    def _summon(self, team: int, faction: str, space: str) -> None:
        """The top minion of ``faction``'s deck enters ``space`` exhausted (L110, L128);
        onto an enemy minion the two squabble (L188)."""
        deck = self.minion_decks[faction]
        mid = deck.pop()
        # the top card of a hidden deck is now face up: no taking it back (and summoning
        # again to see the next one)
        self.mark_irreversible("a minion has been summoned from the top of its hidden deck")
        self.minions[mid] = {"team": team, "space": None, "upgraded": False,
                             "exhausted": True, "acorn": None, "judo": False,
                             "stunned": False}
        # "Bot summons their Thief Ninja (T01)", not "Bot summons Bot's ..."
        name = self.cards.minion_name(mid, False)
        self.record("summon", f"{self.team_says(team, 'summon')} "
                    f"{their(self.team_name(team))} {name} ({mid}) onto {space}.",
                    minion=mid, space=space)
        occupant = minion_at(self.minions, space)
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

    # ------------------------------------------------------------ card effects
    def _run_effects(self, card: dict[str, Any], ctx: dict[str, Any]) -> None:
        self._push({"kind": "effects", "effects": unroll(card["effects"]), "ctx": ctx})

    def _queue_trigger(self, mid: str, when: str, space: str | None,
                       team: int | None = None) -> None:
        """Offer ``mid``'s ``when`` trigger to its controller (always optional, L340).
        ``team`` is given for a minion already destroyed (it was upgraded)."""
        if team is None:
            m = self.minions.get(mid)
            if m is None or not m["upgraded"]:
                return
            team = m["team"]
        if any(t["when"] == when for t in self.cards.minions[mid]["triggers"]):
            self._ask({"kind": "trigger", "minion": mid, "when": when, "space": space,
                       "team": team}, team)

    def _use_trigger(self, frame: dict[str, Any], use: bool) -> None:
        mid, when = frame["minion"], frame["when"]
        trig = next(t for t in self.cards.minions[mid]["triggers"] if t["when"] == when)
        name = self.cards.minion_name(mid, True)
        if not use:
            self.record("trigger", f"{self.team_says(frame['team'], 'decline')} the "
                        f"{name}'s {TRIGGERS[when]} trigger.", minion=mid)
            return
        self.record("trigger", f"{TRIGGERS[when]}: the {name} ({mid}): {trig['text']}",
                    minion=mid)
        self._run_effects(trig, {"kind": "trigger", "team": frame["team"], "source": mid,
                                 "minion": mid, "space": frame["space"]})

    def _effects_step(self, frame: dict[str, Any]) -> None:
        effects, ctx = frame["effects"], frame["ctx"]
        effect, rest = effects[0], effects[1:]
        if rest:
            self._push({"kind": "effects", "effects": rest, "ctx": ctx})
        targets = effect_targets(self, effect, ctx)
        if targets is None:
            VOCABULARY.perform(effect, self, ctx, None)
        elif not targets:
            self.record("effect", f"({VOCABULARY.words(effect)}: nothing to choose, so it does "
                        "nothing.)")
        elif len(targets) == 1:
            VOCABULARY.perform(effect, self, ctx, targets[0])
        else:
            enemy = SHAPES[effect["do"]].chosen_by == "enemy"
            chooser = 1 - ctx["team"] if enemy else ctx["team"]
            self._ask({"kind": "target", "effect": effect, "ctx": ctx}, chooser)

    # ------------------------------------------------------------ save/load/views
    state_schema: ClassVar[dict[str, Any]] = _schema()
    # A copy (``copy()``, a view) clones the position (plain data), shares what never
    # changes once the game is made (the card set, the boards, the seats) and works out
    # again what this state only remembers (its legal actions, its Heroes by slot).
    data_fields = POSITION
    shared_fields = ("cards", "boards", "field", "options", "slots", "team_players")
    cache_fields = ("_legal", "_slot_heroes")

    def _dump(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in POSITION}

    def _restore(self, data: dict[str, Any]) -> None:
        self._load_data()
        missing = [f for f in POSITION if f not in data]
        if missing:
            raise SaveFormatError(f"saved AlderQuest game: missing {', '.join(missing)}")
        for f in POSITION:
            setattr(self, f, data[f])
        # every position read (a save's start and current position, a view, a checkpoint)
        # is checked at once, so that what is wrong is said in the game's words
        self.check_position()

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """The checks ``new_game`` makes of its options, for a save's options too:
        InvalidArgumentError naming the option.

        >>> AlderQuestState.check_options({"lone": "green"})
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.InvalidArgumentError: lone must be one of 'blue' \
or 'red', not 'green'
        """
        if not isinstance(options, dict):
            raise InvalidArgumentError(f"options must be an object, not {shown(options)}")
        unknown = sorted(set(options) - {"cards", "boards", "lone"})
        if unknown:
            raise InvalidArgumentError(f"{unknown[0]}: not an option of AlderQuest (its "
                                       "options are cards, boards and lone)")
        if "lone" in options:
            one_of(options["lone"], "lone", ("blue", "red"))
        for kind in ("cards", "boards"):
            option = options.get(kind)
            if option is None:
                continue
            shipped = {"shipped", "digest"}
            if not isinstance(option, dict) or not (
                    set(option) == shipped and all(isinstance(option[k], str)
                                                   for k in shipped)
                    or set(option) == {"document"} and isinstance(option["document"], dict)):
                raise InvalidArgumentError(
                    f"{kind} must name the shipped file and its digest "
                    f"({{'shipped': ..., 'digest': ...}}) or hold the document "
                    f"({{'document': {{...}}}}), not {shown(option)}")

    def check_position(self) -> None:
        """Refuse (SaveFormatError naming the field and why) a position no game could
        reach: every id a real card, space or cell, every count within the box, every piece
        where the rules can put it, the turn and the pending steps consistent, all the
        pieces there. A player's view (no RNG) may hide what views hide ('?', 'r?')."""
        _PositionCheck(self).run()

    def _hide(self, player: int | None) -> None:
        viewer_team = None if player is None else self.team_of(player)
        for t, team in enumerate(self.teams):
            mask = f"{COLOURS[t]}{HIDDEN}"
            team["deck"] = [HIDDEN] * len(team["deck"])
            if t != viewer_team:
                team["pouch"] = [mask] * len(team["pouch"])
                team["hand"] = [mask] * len(team["hand"])
                team["quarrels"] = [HIDDEN] * len(team["quarrels"])
        mine = None if viewer_team is None else COLOURS[viewer_team]
        # face-down tiles show only their back (the colour); the owner may peek (L72)
        self.tiles = {s: [[code if up or code[0] == mine else f"{code[0]}{HIDDEN}", up]
                          for code, up in tiles] for s, tiles in self.tiles.items()}
        self.minion_decks = {f: [HIDDEN] * len(d) for f, d in self.minion_decks.items()}
        self.legend_deck = [HIDDEN] * len(self.legend_deck)

    def hidden_zones(self, player: int | None) -> dict[str, list]:
        """The decks, the other team's pouch, hand and Quarrels, the other team's face-down
        tiles (an owner may peek at its own) and the Minion and Legend decks
        (GameState.hidden_zones)."""
        viewer_team = None if player is None else self.team_of(player)
        zones: dict[str, list] = {}
        for t, team in enumerate(self.teams):
            zones[f"deck {t}"] = list(team["deck"])
            if t != viewer_team:
                for name in ("pouch", "hand", "quarrels"):
                    zones[f"{name} {t}"] = list(team[name])
        mine = None if viewer_team is None else COLOURS[viewer_team]
        zones["face-down tiles"] = [code for _s, tiles in sorted(self.tiles.items())
                                    for code, up in tiles if not up and code[0] != mine]
        for f, deck in sorted(self.minion_decks.items()):
            zones[f"minion deck {f}"] = list(deck)
        zones["legend deck"] = list(self.legend_deck)
        return zones

    def components(self) -> Counter:
        """Every rune, tile and card, wherever it is (conserved by every action)."""
        pieces = [*self.rune_pouch, *self.rune_discard, *self.revealed, *self.snowflakes]
        cards = [*self.box, *self.hero_box, *self.heroes, *self.legend_deck,
                 *self.legend_discard, *self.minions]
        for col in self.board:
            pieces += col
        for t, team in enumerate(self.teams):
            pieces += team["held"] + team["pouch"] + team["hand"] + team["collection"]
            pieces += [f"{COLOURS[t]}t"] * team["traps"]
            cards += team["deck"] + team["quarrels"] + team["discard"] + team["armed"]
        for tiles in self.tiles.values():
            pieces += [code for code, _up in tiles]
        pieces += [m["acorn"] for m in self.minions.values() if m["acorn"]]
        for deck in self.minion_decks.values():
            cards += deck
        # a Scheme or fired Trap whose effects are still going on
        cards += [f["card"] for f in self.stack if f["kind"] == "discard_card"]
        return Counter(pieces + cards)  # card ids never look like rune or tile codes

    def full_components(self) -> Counter:
        """What :meth:`components` counts in a complete game of this card set."""
        c = self.cards
        out: Counter = Counter()
        for f in c.factions:
            out[c.letter(f)] += RUNES_PER_FACTION
        for colour in COLOURS:
            for kind, n in POUCH.items():
                out[f"{colour}{kind}"] += n
            out[f"{colour}t"] += UNUSED_TRAPS
        for group in (c.quarrels, c.legendary, c.heroes, c.minions):
            out.update(list(group))
        return out

    #: The automatic steps of the stack of pending steps, by frame kind.
    _TASKS: ClassVar[dict[str, Callable[[AlderQuestState, dict[str, Any]], None]]] = {
        "after_move": _after_move, "encounter": _encounter_step, "pickup": _pickup_step,
        "arrive": _finish_arrive, "after_tribute": _after_tribute, "effects": _effects_step,
        "draw_quarrel": _task_draw_quarrel, "enemy_discard": _task_enemy_discard,
        "destroy": _task_destroy, "discard_card": _task_discard_card}
    #: What a ``choose`` answers, by the kind of decision asking it.
    _CHOICES: ClassVar[dict[str, Callable[[AlderQuestState, dict[str, Any], str], None]]] = {
        "target": _choose_target, "swap": _choose_swap, "slide": _choose_slide,
        "pay": _pay}




# ------------------------------------------------------------------ checking a position
#: The keys each kind of pending step holds (besides "kind", and "ask"/"player" for a
#: decision), and the decisions among them.
FRAME_KEYS = {
    "after_move": ("minion",), "encounter": ("minion", "space"), "pickup": ("minion", "space"),
    "arrive": ("minion", "space", "then"), "after_tribute": ("minion", "upgraded"),
    "effects": ("effects", "ctx"), "draw_quarrel": ("team",), "enemy_discard": ("team",),
    "destroy": ("minion", "space"), "discard_card": ("team", "card"),
    "carry": ("minion", "space"), "trap": ("minion", "space", "team"),
    "judo": ("minion", "attacker", "space", "elbow", "then"), "tribute": ("minion",),
    "trigger": ("minion", "when", "space", "team"), "target": ("effect", "ctx"),
    "swap": ("hero",), "slide": ("hero",), "pay": ("hero", "team", "left", "paid"),
    "discard_quarrel": ("team",)}
ASKED = frozenset(DECISIONS)
TILE_KINDS = ("1", "2", "3", "s", "t")


class _PositionCheck:
    """The checks of :meth:`AlderQuestState.check_position`, one method a part."""

    def __init__(self, state: AlderQuestState) -> None:
        self.s = state
        self.view = state.rng is None  # a player's view: its hidden parts are masked
        self.letters = {state.cards.letter(f) for f in state.cards.factions}

    def bad(self, where: str, why: str) -> SaveFormatError:
        return SaveFormatError(f"saved AlderQuest game: {where}: {why}")

    def run(self) -> None:
        s = self.s
        if ("lone" in s.options) != (len(s.players) == 3):
            raise self.bad("options.lone", "a 3-player game says which team one player "
                           "plays (lone), and only a 3-player game")
        self.turn()
        self.teams()
        self.heroes()
        self.minions()
        self.tiles()
        self.runes()
        self.stack()
        self.pieces()

    # ---------------------------------------------------------------- pieces
    def piece(self, where: str, code: object, *, tiles: bool = True,
              traps: bool = False, colour: str | None = None, hidden: bool = False) -> str:
        """A rune ('T'), or a tile ('r2', 'bs', 'rt' where ``traps``) of ``colour``;
        in a view, 'r?' where ``hidden``."""
        if not isinstance(code, str):
            raise self.bad(where, f"{shown(code)} is not a rune or tile code")
        if code.endswith(HIDDEN) and not self.view:
            raise self.bad(where, f"{code!r} is hidden, and only a player's view hides")
        if len(code) == 1:
            if code in self.letters:
                return code
        elif len(code) == 2 and code[0] in COLOURS and tiles:
            kind = code[1]
            ok = (kind in "123s" or kind == "t" and traps
                  or kind == HIDDEN and hidden and self.view)
            if ok and (colour is None or code[0] == colour):
                return code
            if ok:
                raise self.bad(where, f"{shown(code)} is not a {'red' if colour == 'r' else 'blue'}"
                               " tile")
        raise self.bad(where, f"{shown(code)} is not a piece that can be here")

    def card(self, where: str, card: object, group: Any, what: str) -> str:
        if isinstance(card, str) and card in group:
            return card
        if card == HIDDEN:
            if self.view:
                return card
            raise self.bad(where, "'?' is hidden, and only a player's view hides")
        raise self.bad(where, f"{shown(card)} is not {what}")

    # ---------------------------------------------------------------- the turn
    def turn(self) -> None:
        s = self.s
        n = len(s.slots)
        if not 0 <= s.slot < n:
            raise self.bad("slot", f"{s.slot} is not a seat of this {len(s.players)}-player "
                           f"game's turn order (0 to {n - 1})")
        chosen = [f for t in s.teams for f in t["factions"]]
        wanted = 8 if s.team_game else 6
        if s.phase == "faction":
            if s.picks != len(chosen) or s.picks >= 4:
                raise self.bad("picks", f"{s.picks} factions picked, but the teams hold "
                               f"{len(chosen)}")
        elif s.phase == "hero":
            if len(chosen) != 4 or s.picks != len(s.heroes) or s.picks >= wanted:
                raise self.bad("picks", f"{s.picks} Heroes picked, but {len(s.heroes)} are "
                               "on the Battlefield (the factions must all be chosen)")
        elif len(chosen) != 4 or s.picks != wanted or len(s.heroes) != wanted:
            raise self.bad("picks", f"the game is under way: 4 factions and {wanted} Heroes "
                           f"are chosen ({wanted} picks), not {len(chosen)} and "
                           f"{len(s.heroes)} ({s.picks})")
        if s.phase in ("faction", "hero"):
            if s.step is not None or s.turn != 0:
                raise self.bad("step", "no turn has begun while factions and Heroes are "
                               "chosen (step None, turn 0)")
        elif s.phase == "play" and s.step is None:
            raise self.bad("step", "a turn under way is in its set, action or draw step")
        if s.phase in ("play", "over") and (s.turn < 1 or s.slot != (s.turn - 1) % n):
            raise self.bad("turn", f"turn {s.turn} is played by slot {(s.turn - 1) % n}, "
                           f"not {s.slot} (turns go round the slots from turn 1)")
        if s.revealed and s.step != "action":
            raise self.bad("revealed", "runes are revealed only for the Action Phase")
        if len(s.revealed) > REVEAL:
            raise self.bad("revealed", f"at most {REVEAL} runes are revealed a turn, not "
                           f"{len(s.revealed)}")
        over = s.phase == "over"
        if over != (s.end_reason is not None) or over != (s.winner_team is not None):
            raise self.bad("end_reason", "a game over has its end and winner, and only then")
        if over and s.winner_team != s.winner():
            raise self.bad("winner_team", f"{s.winner_team!r}, but the Collections and the "
                           f"tie-breakers give {s.winner()!r}")
        if len(s.snowflakes) > 4 or any(c not in ("rs", "bs") for c in s.snowflakes):
            raise self.bad("snowflakes", "the snowflake spaces hold up to 4 Snowflakes")
        if len(s.snowflakes) == 4 and not over:
            raise self.bad("snowflakes", "the fourth Snowflake ends the game (L251)")
        if not over and not self.view and s.phase == "play" and not s.winter_possible():
            raise self.bad("snowflakes", "winter can no longer come (too few Acorns are left "
                           "in play), so the game would be over")
        if s.exalted is not None and s.exalted not in chosen:
            raise self.bad("exalted", f"{shown(s.exalted)} is not a faction in the game")

    # ---------------------------------------------------------------- teams
    def teams(self) -> None:
        s = self.s
        c = s.cards
        seen: set[str] = set()
        for t, team in enumerate(s.teams):
            at = f"teams[{t}]"
            colour = COLOURS[t]
            factions = team["factions"]
            for f in factions:
                if f not in c.factions or f in seen:
                    raise self.bad(f"{at}.factions", f"{shown(f)} is not a faction still free")
                seen.add(f)
            if len(factions) != ((s.picks + 1 - t) // 2 if s.phase == "faction" else 2):
                raise self.bad(f"{at}.factions", f"{len(factions)} factions; the picks "
                               "alternate, Red first, two each")
            for r in team["held"]:
                self.piece(f"{at}.held", r, tiles=False)
            for key in ("pouch", "hand"):
                for code in team[key]:
                    self.piece(f"{at}.{key}", code, traps=True, colour=colour, hidden=True)
            for code in team["collection"]:
                if not (isinstance(code, str) and len(code) == 2 and code[0] == COLOURS[1 - t]
                        and code[1] in "123"):
                    raise self.bad(f"{at}.collection", f"{shown(code)}: a Collection holds "
                                   "the other team's Acorns (L243, L331)")
            own = {q for q, card in c.quarrels.items() if card["faction"] in factions}
            for key in ("deck", "discard", "armed", "quarrels"):
                pool = own | set(c.legendary) if key == "quarrels" else own
                for card in team[key]:
                    self.card(f"{at}.{key}", card, pool,
                              f"a Quarrel of {possessive(TEAMS[t])} factions")
            for card in team["armed"]:
                if card != HIDDEN and c.quarrels[card]["type"] != "trap":
                    raise self.bad(f"{at}.armed", f"{card} is a Scheme: only Traps are armed")
        for q in s.box:
            card = self.card("box", q, c.quarrels, "a Quarrel")
            if c.quarrels[card]["faction"] in seen:
                raise self.bad("box", f"{q}: the Quarrels of a chosen faction are its team's")
        for q in [*s.legend_deck, *s.legend_discard]:
            self.card("legend_deck", q, c.legendary, "a legendary Quarrel")

    # ---------------------------------------------------------------- Heroes
    def heroes(self) -> None:
        s = self.s
        c = s.cards
        layout = s.boards.heroes["team" if s.team_game else "head_to_head"]
        columns: set[tuple[int, str]] = set()
        per_slot: Counter = Counter()
        for h in s.hero_box:
            self.card("hero_box", h, c.heroes, "a Hero")
        for hero, d in s.heroes.items():
            at = f"heroes.{hero}"
            self.card("heroes", hero, c.heroes, "a Hero")
            if hero in s.hero_box:
                raise self.bad(at, "a Hero on the Battlefield is not in the box too")
            team, slot = d["team"], d["slot"]
            if not 0 <= slot < len(s.slots) or s.slot_team(slot) != team:
                raise self.bad(f"{at}.slot", f"slot {slot} is not a seat of the "
                               f"{TEAMS[team]} team")
            if c.heroes[hero]["faction"] not in s.teams[team]["factions"]:
                raise self.bad(at, f"a {c.heroes[hero]['faction']} Hero on the "
                               f"{TEAMS[team]} team, whose factions are "
                               f"{listing(s.teams[team]['factions']) or 'not chosen'}")
            allowed = layout[TEAMS[team].lower()]
            if s.team_game:
                allowed = allowed[slot // 2]
            if d["column"] not in allowed or (team, d["column"]) in columns:
                raise self.bad(f"{at}.column", f"{shown(d['column'])} is not a free Hero "
                               f"column of the {TEAMS[team]} team ({listing(list(allowed))})")
            columns.add((team, d["column"]))
            per_slot[slot] += 1
        most = 2 if s.team_game else 3
        if any(n > most for n in per_slot.values()):
            raise self.bad("heroes", f"each seat has {most} Heroes at most")

    # ---------------------------------------------------------------- minions
    def minions(self) -> None:
        s = self.s
        c = s.cards
        decks = s.minion_decks
        if set(decks) != set(c.factions):
            raise self.bad("minion_decks", "one deck a faction")
        for f, deck in decks.items():
            for mid in deck:
                card = self.card(f"minion_decks.{f}", mid, c.minions, "a minion card")
                if card != HIDDEN and c.minions[card]["faction"] != f:
                    raise self.bad(f"minion_decks.{f}", f"{mid} is a "
                                   f"{c.minions[card]['faction']} minion")
        spaces: set[str] = set()
        for mid, m in s.minions.items():
            at = f"minions.{mid}"
            self.card("minions", mid, c.minions, "a minion card")
            faction = c.minions[mid]["faction"]
            if faction not in s.teams[m["team"]]["factions"]:
                raise self.bad(f"{at}.team", f"a {faction} minion on the {TEAMS[m['team']]} "
                               "team")
            if any(mid in deck for deck in decks.values()):
                raise self.bad(at, "a minion on the Battlefield is not in its deck too")
            space = m["space"]
            if space is None:
                # off the Battlefield only between its summoning and its arrival: the
                # stack holds that arrival, or the defender's Judo question before it
                # (the soak found any pending step let it through; the next save failed)
                if not any(frame.get("kind") == "arrive" and frame.get("minion") == mid
                           or frame.get("kind") == "judo" and frame.get("attacker") == mid
                           for frame in s.stack if isinstance(frame, dict)):
                    raise self.bad(f"{at}.space", "a minion is on a space (it is off the "
                                   "Battlefield only while its summoning is decided)")
            elif not (s.field.is_ground(space) or s.field.is_canopy(space)):
                raise self.bad(f"{at}.space", f"{shown(space)} is not a space")
            elif space in spaces:
                raise self.bad(f"{at}.space", f"{space} holds another minion (one minion a "
                               "space, L184)")
            else:
                spaces.add(space)
            if m["acorn"] is not None and not (
                    isinstance(m["acorn"], str) and len(m["acorn"]) == 2
                    and m["acorn"][0] == COLOURS[1 - m["team"]] and m["acorn"][1] in "123"):
                raise self.bad(f"{at}.acorn", f"{shown(m['acorn'])}: a minion carries an "
                               "enemy Acorn (L164)")
            if m["stunned"] and not m["exhausted"]:
                raise self.bad(f"{at}.stunned", "a stunned minion is exhausted")
        act = s.activation
        if act is not None:
            mid = act.get("minion")
            if (s.step != "action" or mid not in s.minions
                    or s.minions[mid]["team"] != s.current_team
                    or set(act) != {"minion", "left", "special", "moved"}
                    or not integer(act["left"]) or not 0 <= act["left"] <= 3
                    or not integer(act["moved"]) or not 1 <= act["moved"] <= 3
                    or not isinstance(act["special"], bool)):
                raise self.bad("activation", "a minion of the team to act, moving in the "
                               "Action Phase ({'minion', 'left', 'special', 'moved'})")

    # ---------------------------------------------------------------- tiles
    def tiles(self) -> None:
        s = self.s
        for space, stack in s.tiles.items():
            at = f"tiles.{space}"
            if not s.field.is_ground(space):
                raise self.bad(at, f"{shown(space)} is not a ground space (tiles lie on the "
                               "ground, L70)")
            if not stack:
                raise self.bad(at, "a space with no tiles is not listed")
            for code, up in stack:
                self.piece(at, code, traps=True, hidden=True)
                if up and (code[1] not in "123"):
                    raise self.bad(at, f"{code} face up: only Acorns lie face up (a revealed "
                                   "trap or Snowflake leaves the Battlefield, L165-166)")

    # ---------------------------------------------------------------- the Board and runes
    def runes(self) -> None:
        s = self.s
        if len(s.board) != s.boards.board_columns or any(
                len(col) > s.boards.board_rows for col in s.board):
            raise self.bad("board", f"the Matching Board has {s.boards.board_columns} "
                           f"columns of at most {s.boards.board_rows}")
        for c_, col in enumerate(s.board):
            for code in col:
                self.piece(f"board[{c_}]", code)
        for key in ("rune_pouch", "rune_discard", "revealed"):
            for code in getattr(s, key):
                self.piece(key, code)
        if s.phase not in ("faction", "over") and find_matches(s.board_obj()):
            raise self.bad("board", "a match is on the Board (every match is processed at "
                           "once, L86)")

    # ---------------------------------------------------------------- pending steps
    def stack(self) -> None:
        s = self.s
        if s.stack and s.phase in ("faction", "hero", "over"):
            raise self.bad("stack", "no step is pending outside a turn under way")
        for i, frame in enumerate(s.stack):
            at = f"stack[{i}]"
            kind = frame.get("kind")
            keys = FRAME_KEYS.get(kind) if isinstance(kind, str) else None
            if keys is None:
                raise self.bad(f"{at}.kind", f"{shown(kind)} is not a step or decision of "
                               "the game")
            asked = bool(frame.get("ask"))
            extra = set(frame) - {"kind", "ask", "player", *keys}
            if any(k not in frame for k in keys) or extra or (asked and kind not in ASKED):
                raise self.bad(at, f"a {kind!r} step holds {listing(list(keys))}")
            if asked and not (integer(frame.get("player"))
                              and 0 <= frame["player"] < len(s.players)):
                raise self.bad(f"{at}.player", "a decision is asked of a seat of the game")
            self.frame(at, frame)
        if s.stack and not s.stack[-1].get("ask"):
            raise self.bad("stack", "between actions the step on top is a decision")

    def frame(self, at: str, frame: dict[str, Any]) -> None:
        s = self.s
        c = s.cards
        for key, value in frame.items():
            where = f"{at}.{key}"
            if key in ("minion", "attacker"):
                self.card(where, value, c.minions, "a minion card")
                # a decision about a minion's own move needs it in play (a trigger's
                # or a trap's may come after it is destroyed)
                if frame.get("ask") and frame["kind"] in ("encounter", "carry", "tribute",
                                                          "judo") and value not in s.minions:
                    raise self.bad(where, f"{value} is not on the Battlefield")
            elif key == "team" and value not in (0, 1):
                raise self.bad(where, "0 (Red) or 1 (Blue)")
            elif key == "space" and value is not None and not (
                    isinstance(value, str)
                    and (s.field.is_ground(value) or s.field.is_canopy(value))):
                raise self.bad(where, f"{shown(value)} is not a space")
            elif key == "hero" and value not in s.heroes:
                raise self.bad(where, f"{shown(value)} is not a Hero in the game")
            elif key == "card":
                self.card(where, value, {**c.quarrels, **c.legendary}, "a Quarrel")
            elif key == "then" and value not in ("arrive", "place"):
                raise self.bad(where, "'arrive' or 'place'")
            elif key in ("upgraded", "elbow", "ask") and not isinstance(value, bool):
                raise self.bad(where, "true or false")
            elif key == "when" and value not in TRIGGERS:
                raise self.bad(where, f"{shown(value)} is not a trigger")
            elif key == "left" and not (integer(value) and 1 <= value <= 32):
                raise self.bad(where, "the runes still to pay")
            elif key == "paid" and not (isinstance(value, list) and all(
                    isinstance(r, str) and len(r) == 1 and r in self.letters for r in value)):
                raise self.bad(where, "the runes paid so far")
        kind = frame["kind"]
        if kind in ("effects", "target"):
            self.effects(at, frame)
        if kind == "trigger" and not any(t["when"] == frame["when"]
                                         for t in c.minions[frame["minion"]]["triggers"]):
            raise self.bad(f"{at}.when", f"{frame['minion']} has no {frame['when']} trigger")

    def effects(self, at: str, frame: dict[str, Any]) -> None:
        """An effects list is the rest of a real card's (and a target's effect one of
        them), under the context of who plays it."""
        s = self.s
        c = s.cards
        ctx = frame["ctx"]
        if not isinstance(ctx, dict) or ctx.get("team") not in (0, 1) or \
                ctx.get("kind") not in PLACES:
            raise self.bad(f"{at}.ctx", "the effects' context: who plays them and from where")
        kind, source = ctx["kind"], ctx.get("source")
        try:
            lists = {"hero": lambda: [c.heroes[source]["ability"]],
                     "scheme": lambda: [c.quarrels[source]], "trap": lambda: [c.quarrels[source]],
                     "legendary": lambda: [c.legendary[source]],
                     "trigger": lambda: c.minions[source]["triggers"],
                     "exalted": lambda: [c.factions[source]["exalted"]]}[kind]()
        except (KeyError, TypeError):
            raise self.bad(f"{at}.ctx.source", f"{shown(source)} is not a {kind} card "
                           "of the game") from None
        full = [unroll(card["effects"]) for card in lists]
        if frame["kind"] == "effects":
            rest = frame["effects"]
            ok = isinstance(rest, list) and rest and any(
                len(rest) <= len(f) and f[len(f) - len(rest):] == rest for f in full)
        else:
            ok = any(frame["effect"] in f for f in full)
        if not ok:
            raise self.bad(f"{at}.effects", f"not the effects of {source}")

    # ---------------------------------------------------------------- every piece
    def pieces(self) -> None:
        s = self.s
        have, want = s.components(), s.full_components()
        if not self.view:
            if have != want:
                diff = (have - want) + (want - have)
                raise self.bad("pieces", "the pieces do not add up "
                               f"({', '.join(sorted(diff))})")
            return
        # a view: what it hides must be exactly what is missing from what it shows
        masked = {k: have.pop(k, 0) for k in (HIDDEN, f"r{HIDDEN}", f"b{HIDDEN}")}
        extra = have - want
        if extra:
            raise self.bad("pieces", f"the pieces do not add up ({', '.join(sorted(extra))})")
        missing = want - have
        for colour in COLOURS:
            gone = sum(n for k, n in missing.items() if _is_tile(k) and k[0] == colour)
            if gone != masked[f"{colour}{HIDDEN}"]:
                raise self.bad("pieces", f"the {colour}? tiles hidden are not the tiles "
                               "missing")
        cards = sum(n for k, n in missing.items() if not _is_tile(k) and len(k) != 1)
        if cards != masked[HIDDEN] or any(len(k) == 1 for k in missing):
            raise self.bad("pieces", "the pieces do not add up (the hidden cards are not the "
                           "cards missing)")


def _is_tile(code: str) -> bool:
    """A tile code ('r2', 'bt'), not a rune or a card id ('L1', 'T01')."""
    return len(code) == 2 and code[0] in COLOURS and code[1] in TILE_KINDS


def default_names(players: int, lone: str = "blue") -> list[str]:
    """The seat names for a player count (Red first).

    >>> default_names(2), default_names(3), default_names(4)
    (['Red', 'Blue'], ['Red 1', 'Blue', 'Red 2'], ['Red 1', 'Blue 1', 'Red 2', 'Blue 2'])
    """
    if players == 2:
        return ["Red", "Blue"]
    if players == 3:
        return ["Red 1", "Blue", "Red 2"] if lone == "blue" else ["Red", "Blue 1", "Blue 2"]
    return ["Red 1", "Blue 1", "Red 2", "Blue 2"]


def new_game(players: int | Sequence[str] = 2, seed: int | None = None, *,
             cards: Any = None, boards: Any = None, lone: str = "blue") -> AlderQuestState:
    """A new game of AlderQuest.

    ``players``: 2 (head to head), 3 or 4 (two against two), or their names, Red's first
    (in the team game the seat order is Red-left, Blue, Red-right, Blue). ``lone``: with
    3 players, which team is played by one player ("blue" or "red"). ``cards`` and
    ``boards``: a data file's path or parsed dict (None: the shipped reconstruction);
    read and checked at once, and saved into the game as data.

    >>> game = new_game(players=3, seed=1)
    >>> game.players, game.slots
    (('Red 1', 'Blue', 'Red 2'), [0, 1, 2, 1])
    >>> new_game(players=5)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: players: this game is for 2 to 4 \
players, not 5
    """
    AlderQuestState.check_options({"lone": lone})
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:
            normalize_players(players, 2, 4)
        players = default_names(players, lone)
    else:
        normalize_players(players, 2, 4)  # refuses what is neither a count nor a list of names
    _cards, cards_option = data_option("cards", cards)
    _boards, boards_option = data_option("boards", boards)
    options: dict[str, Any] = {"cards": cards_option, "boards": boards_option}
    if not isinstance(players, int) and len(players) == 3:
        options["lone"] = lone
    AlderQuestState.check_options(options)  # the checks a saved game's options pass too
    return AlderQuestState(players, seed, **options)


#: The Heroes a :func:`position` chooses, in the order the set-up picks them (Red, Blue, ...).
POSITION_HEROES = ("lily", "wren", "clarence", "rusk", "maggie", "tamsin")


def position(factions: Sequence[str] = ("Thieves", "Bards", "Guardians", "Hunters"),
             seed: int = 0, *, minions: dict[str, Any] | None = None,
             tiles: dict[str, Sequence[str]] | None = None) -> AlderQuestState:
    """A 2-player game at Red's first Action Phase with the Battlefield set as asked.

    ``factions``: the four in the order they are picked (Red, Blue, Red, Blue);
    ``minions``: minion id -> its space, or a dict with ``space`` and optionally
    ``upgraded``, ``exhausted`` and ``acorn`` (the code of an enemy Acorn it carries, such
    as ``"b2"``); the minion's team is its faction's. Every other minion is in its deck;
    ``tiles``: space -> the face-down tiles set on it, bottom first, each by its team's
    colour (``"r"`` or ``"b"``): a tile nobody but its owner has seen, for which one of that
    team's Tile Pouch stands in, drawn at random (``seed``), as a tile set from the pouch
    is (a player's view shows only ``"r?"``). The Matching Board stays as the set-up left
    it. Anything else is refused with an InvalidArgumentError naming it.

    >>> game = position(minions={"T01": "a1", "B03": {"space": "b2", "acorn": "r1"}})
    >>> game.minions["T01"]["team"], game.minions["B03"]["team"], game.minions["B03"]["acorn"]
    (0, 1, 'r1')
    >>> game = position(tiles={"d3": ["b"]})
    >>> game.view(0).tiles, game.tiles["d3"][0][0][0]
    ({'d3': [['b?', False]]}, 'b')
    >>> position(minions={"T01": "a1", "G05": "a1"})
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: minions: G05 and T01 both stand on a1
    """
    state = new_game(2, seed)
    if isinstance(factions, str) or not isinstance(factions, Sequence) or \
            sorted(factions) != sorted(state.cards.factions):
        raise InvalidArgumentError(f"factions must be the four factions in the order they are "
                                   f"picked, not {shown(factions)}")
    for faction in factions:
        state.apply(f"faction {faction}")
    for hero in POSITION_HEROES:
        state.apply(f"hero {hero}")
    spaces = set(state.field.ground) | set(state.field.canopy)
    if not isinstance(tiles, (dict, type(None))) or len(tiles or ()) > len(spaces):
        raise InvalidArgumentError(f"tiles must map spaces to tile colours, not {shown(tiles)}")
    for space, stack in (tiles or {}).items():
        if space not in state.field.ground:
            raise InvalidArgumentError(f"tiles: {shown(space)} is not a space where a tile "
                                       "can be set")
        if isinstance(stack, str) or not isinstance(stack, Sequence) or len(stack) > 19:
            raise InvalidArgumentError(f"tiles[{space!r}] must be a list of colours such as "
                                       f"['b'], not {shown(stack)}")
        for colour in stack:
            if colour not in ("r", "b"):
                raise InvalidArgumentError(f"tiles[{space!r}]: a tile is 'r' (Red's) or 'b' "
                                           f"(Blue's), not {shown(colour)}")
            pouch = state.teams["rb".index(colour)]["pouch"]
            if not pouch:
                raise InvalidArgumentError(f"tiles: {('Red', 'Blue')['rb'.index(colour)]}'s Tile "
                                           "Pouch holds no more tiles")
            assert state.rng is not None
            tile = pouch.pop(state.rng.randbelow(len(pouch)))
            state.tiles.setdefault(space, []).append([tile, False])
    if minions is None:
        state._legal = None
        return state
    if not isinstance(minions, dict) or len(minions) > 40:
        raise InvalidArgumentError(f"minions must map minion ids to spaces, not {shown(minions)}")
    team_of = {f: t for t in (0, 1) for f in state.teams[t]["factions"]}
    placed: dict[str, str] = {}
    for mid, spec in minions.items():
        spec = {"space": spec} if isinstance(spec, str) else spec
        info = state.cards.minions.get(mid) if isinstance(mid, str) else None
        if info is None:
            raise InvalidArgumentError(f"minions: {shown(mid)} is not a minion of the card set")
        if not isinstance(spec, dict) or spec.get("space") not in spaces:
            raise InvalidArgumentError(f"minions: {mid}: {shown(spec)} is not a space of the "
                                       "Battlefield")
        space = spec["space"]
        if space in placed:
            raise InvalidArgumentError(f"minions: {' and '.join(sorted((placed[space], mid)))} "
                                       f"both stand on {space}")
        placed[space] = mid
        team = team_of[info["faction"]]
        acorn = spec.get("acorn")
        if acorn is not None and (not isinstance(acorn, str) or len(acorn) != 2 or
                                  acorn[0] != "rb"[1 - team] or acorn[1] not in "123"):
            raise InvalidArgumentError(f"minions: {mid} can carry an enemy Acorn only "
                                       f"({'rb'[1 - team]}1 to {'rb'[1 - team]}3), not "
                                       f"{shown(acorn)}")
        if acorn is not None:
            pouch = state.teams[1 - team]["pouch"]
            if acorn not in pouch:
                raise InvalidArgumentError(f"minions: no {acorn} Acorn is left for {mid}")
            pouch.remove(acorn)
        for deck in state.minion_decks.values():
            if mid in deck:
                deck.remove(mid)
        state.minions[mid] = {"team": team, "space": space,
                              "upgraded": bool(spec.get("upgraded", False)),
                              "exhausted": bool(spec.get("exhausted", False)),
                              "acorn": acorn, "judo": False, "stunned": False}
    state._legal = None
    return state
