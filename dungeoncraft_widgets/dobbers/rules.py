"""Dobbers: Quest for the Key on the engine protocol: the deck-building race to the Key.

One to four players (one: Solo Play Mode, the Solo cards as the opponent). This module
holds the game's one state class, :class:`DobbersState`: set-up, the turn (Main Phase,
Draw Phase, the next player, the round limit), the legal actions and why others are
refused, one method per action (``@performs``), the queue of effects and engine steps,
save/load and views. The rulebook's questions are answered by the modules named for
them, as functions of plain data the odds, the bots and the app ask too:

- :mod:`.points`: what a card gives played, used or Destroyed, alignment bonuses, what
  acquiring costs, tokens, the Draw Phase's hand size;
- :mod:`.challenge`: what a Challenge stack needs, its immunities, which cards it takes;
- :mod:`.travel`: what a move costs and how it is paid, the trail back;
- :mod:`.deal`: the rows and opening hands, Events and Solo cards shuffled in;
- :mod:`.effects`: the effect vocabulary of ``cards.json`` and the questions it asks.

A game goes: each player takes a Hero (``hero toby``) in a random order and a
start (``start A``); then turns. On your turn every action of the Main Phase is
legal in any order, as often as you can pay for it (see :mod:`.actions`); ``end``
is the Draw Phase. A decision the rules or a card ask for is ``choose ZONE CARD``
(or ``skip`` when optional); after an opponent acquires an Adventure card, every
other player holding cards is asked in turn order whether to ``outwit`` it or
``pass`` (everyone is asked, so the question does not reveal who holds an Outwit).

>>> game = new_game(["You", "Bot"], seed=3)
>>> game.phase, game.players[game.current_player] in game.players
('hero', True)
>>> game.apply("hero toby")[0].text.startswith(game.players[game.pick_order[0]])
True

What each player may see (``state.view(p)``): the other hands and every deck are
hidden ("?"; your own deck in a sorted order); a face-down Challenge card shows its art,
which names it (the Challenge row, a Location on the board), and a card covered in a stack
only its icon (``?creature``, ``?weapon``). How the rulebook is read where it is open:
:data:`RULE_NOTES`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from ..core.actions import Action, shared
from ..core.checks import alternatives, integer, one_of, seat, sequence, shown, whole_number
from ..core.engine import GameState, performs
from ..core.english import count, listing, objective, possessive, says, their, verb_form
from ..core.errors import (
    DataFormatError,
    IllegalActionError,
    InvalidArgumentError,
    SaveFormatError,
)
from . import challenge, points, travel
from .actions import (
    ACTION_TYPES,
    SLOTS,
    Arm,
    Buy,
    Challenge,
    Choose,
    Destroy,
    Draw,
    End,
    Equip,
    Fight,
    Forge,
    HeroChoice,
    Move,
    Outwit,
    Pass,
    Place,
    Play,
    Power,
    Skip,
    StartChoice,
    Token,
    Use,
)
from .data import (
    EQUIPMENT_TYPES,
    HIDDEN,
    ICONS,
    Board,
    CardSet,
    board_from_option,
    board_option,
    cards_from_option,
    cards_option,
    load_board,
    load_cards,
)
from .deal import ADVENTURE_ROW, events_shuffled_in, opening_hand, row_size, solo_shuffled_in
from .effects import ANSWERS, VOCABULARY, holds, queued

__all__ = ["DEFAULT_ROUND_LIMIT", "DEFAULT_SOLO_TURNS", "MAX_ACTIONS", "PLAYER_COUNTS",
           "RULE_NOTES", "DobbersState", "new_game", "position", "verdict"]

PLAYER_COUNTS = (1, 2, 3, 4)
#: The rulebook's only ending is the Key; so that every game ends (random play wanders),
#: a game stops with no winner after this many rounds, or in Solo Play this many turns
#: (more than the longest game between the bots: a solo game runs longer, and "19 or more
#: turns" is a verdict of its own). ``round_limit=None`` lifts it.
DEFAULT_ROUND_LIMIT, DEFAULT_SOLO_TURNS = 30, 60
#: A bound on the actions of a default game: 30 rounds of up to 4 turns (or 60 solo
#: turns), each turn bounded by the cards and points a player can have.
MAX_ACTIONS = 30_000
SOLO_VERDICTS = (
    (13, "13 turns or less: Either you're a Dobber deck-building savant or incredibly lucky!"),
    (15, "15 turns: Your hero skills are quite formidable!"),
    (18, "18 turns: At least you didn't give up!"),
    (None, "19 or more turns: Hero work is a hard business and not all take to it quickly."),
)

RULE_NOTES = (
    "Results apply after a Victory only, following the Victory text: §Victory says 'Next move "
    "on to the Results section and follow those instructions', and §Results begins 'Even "
    "though you've overcome the Challenge of the Location'. The tan Extra challenge box "
    "('even in Victory there is a cost') follows the Results; new_game(extra_challenges=False) "
    "leaves the tan boxes out ('For an easier game, you can exclude these tan boxes').",
    "Travel Example A (Herb's first turn with a five-card hand) is read as the second player "
    "of a two-player game ('both players draw five cards'); the first player always opens "
    "with 3 cards, the second with 4 when there are 3 or more players, the others with 5.",
    "Points pool: a card's points join 'any other Action points you have not used this turn' "
    "(Hearty Mushroom example). A move pays blue first, then red ('apply your 1 blue Action "
    "point and 2 of your red'); Gold never pays for travel ('You cannot use gold Action points "
    "to Travel'). Influence pools too, so what is left at the end of a turn is lost; Example "
    "B's 'You have 1 Influence left ... and you discard your last Bottle Cap' is the Draw "
    "Phase discarding what is left, and Example A's same sentence (with 0 left) is read as "
    "copied from B.",
    "Effect cards go to the discard pile as soon as their effects are resolved ('Effect "
    "cards played during your turn go into the discard pile after their effects have been "
    "resolved'; Example A: 'place all four of those cards (Silver plus the three Bottle Caps) "
    "in your discard pile'), so a mid-turn reshuffle, Cull and a card that fetches from the "
    "discard pile find them. Points are pooled, so the FAQ's 'Once you have used any Action "
    "points, Influence or resolved any abilities given to you by the card' is met when the "
    "points join the pool and the card's effects (its draws, its choices) are over. Only a "
    "card whose Destroy ability is still open stays in play, until its owner destroys it or "
    "the Draw Phase discards it ('You can destroy a card on the turn you played it from your "
    "hand after resolving and applying its other abilities and effects. You cannot destroy a "
    "card that has been placed in your discard pile'). A card played this turn still counts "
    "for alignment bonuses for the rest of the turn, from the discard pile ('triggered by "
    "another Decay card in play on the same turn'; 'Effect cards you play from your hand').",
    "'Silver' and 'Silver Coins' are one card (Example A acquires Silver and then replaces "
    "'Silver Coins in the Adventure row').",
    "Equipment gives its points and abilities when used ('use weapon'), once per turn per "
    "type: 'You can use the Abilities and Effects provided by an Equipment card, then replace "
    "it with a new card, but you cannot use ... the new Equipment card on the same turn', and "
    "'you can replace an Equipment card before using its Abilities and Effects allowing you to "
    "use ... the new Equipment card on the same turn'. The Hero's own points come every turn "
    "by themselves (Toby's red: 'One he has automatically because he's a Hero'). An Item "
    "swapped in after another Item was used is not 'actively equipped' for a Location's Item "
    "advantage that turn. An Equipment card's optional draw is an action of its own, 'draw "
    "weapon' (Bow & Arrow: 'Once per turn, you may draw a card from your personal deck.' 'You "
    "can do this at any time as long as it is in play and no other Weapon has been used by "
    "your Hero this turn'): at any time of the turn while the card is in play, once, refused "
    "once another card of its type was used; taken before the card's use, it is the use "
    "(its points come with it).",
    "Alignment bonuses: a card's bonus applies once per turn as soon as another card of its "
    "alignment is in play on the same turn (Equipment on the Hero, or an Effect played this "
    "turn: 'Alignment bonuses are triggered either by Equipment cards that your Hero has in "
    "play or by Effect cards you play from your hand'); an Equipment card's own bonus needs "
    "the card to be used that turn. A Forge card's alignment joins its host's ('considered to "
    "be of both alignments') but it is not another card in play.",
    "A Forge card's boxed bonus comes with its host's use ('added to the Equipment card that it "
    "is played under'); forged under a host already used this turn, it first counts next "
    "turn. Keywords join; the Item type stays the host's ('not all the abilities').",
    "Immunity is by keyword (the Tree Golem: 'The Creature is immune to Equipment with the "
    "keyword \"Thorn\" in it'); "
    "the FAQ's 'type of equipment' is read as that kind of Equipment, and a card may also name "
    "Weapon, Armor or Item. 'The Action points given to your hero from that type of equipment "
    "is removed from your Hero's total': this turn's red and gold from such Equipment are "
    "taken off what is left of each colour.",
    "What a face-down card shows: its art, which names it ('The cards below are both face "
    "down, showing the full illustration that represents that location or creature'). So "
    "every Challenge row card and a Location placed on the board are known by name to all "
    "(Example B acquires 'Castle Walls' from the row and places it 'full art up, hiding its "
    "Action points and results text'; the Challenge example names 'the Castle Walls location "
    "card'); only their numbers and text are on the hidden side (the Item-modified points "
    "too: 'This is the side that has text'), and since the card list is public the odds read "
    "them from the name, as a player who knows the cards would. A card covered in a stack "
    "shows its icon only ('Allow the creature icon in the lower left of the card to be "
    "visible'; 'Each player will be able to see if there is a weapon, armor or item card "
    "already on that location'): it is the mystery ('a mystery Creature card under it', in a "
    "multi-player example where every Creature comes from the row; 'Keeping the cards in this"
    " arrangement is intended to keep most of the details of the Challenge hidden from "
    "players'). Its placer knows it (they chose it; the solo player moves every card a Solo "
    "card takes from a row); the other players know only its icon until a Challenge turns the"
    " stack over, though they saw the row: the engine does not follow a card into a stack for"
    " them. A Creature a Solo card takes from the top of its deck is unseen by all: nobody "
    "saw its art ('Make sure to keep the cards face down until instructed to turn them "
    "over').",
    "Equipment inside a stack adds its red and gold (blue is for travel only, as for a Hero); "
    "its alignment bonus applies when another card in the stack, usually the Creature, shares "
    "its alignment ('the creature will gain any Alignment bonus from the equipment').",
    "A Challenge is all or nothing: after paying the shield, red + gold (less immune points "
    "and negative Challenge tokens added to the stack) against the whole stack ('You win the "
    "Challenge when the total Action points your Hero has on the turn in question is equal to "
    "or greater than the total Action points on the cards in the Challenge Stack'). Cards may "
    "still be played after the reveal (Castle Walls: 'Playing the Effect cards Strength and "
    "Helpful from your hand ... bringing your total to 7!'). A Victory spends the points the "
    "stack needed, gold first, and the rest stays for the turn ('this player continues their "
    "turn as they would after overcoming any other Challenge'). A Defeat spends no red or "
    "gold: 'all or nothing' forbids a partial Victory ('Can I partially defeat a Challenge "
    "stack? No. ... You cannot specify some action points go toward certain parts of the "
    "challenge stack'), and the rulebook never says a lost Challenge uses points up (its "
    "Defeat: 'Usually this means you'll be moving back spaces and sometimes losing "
    "equipment'); the shield's travel points are paid either way.",
    "Defeat: 'count back in the direction you came from, counting from the Location where the "
    "challenge occurred. That Location square is zero': the Hero goes back along the way they "
    "came (a trail of the squares they travelled, voluntary moves back taken off it), never "
    "past their start. A Defeat never leaves the Hero on the Location they failed to move "
    "onto ('Usually this means you'll be moving back spaces'): if its text moves them back "
    "nothing, they return to the square they came from (one back).",
    "A Hero pushed back onto a stack does not face it ('You only face Challenges you "
    "voluntarily move your Hero to'); moving onto, or back onto, any square with cards "
    "stacked on it is a Challenge, a beaten Location included ('you still have to overcome its "
    "Action points'). Cards added to your own square are not faced until you come back. "
    "Travel goes either way between neighbouring squares, several moves a turn ('If your Hero "
    "leaves the square where there is a Challenge stack and voluntarily move back to it, you "
    "do have to face the Challenge stack').",
    "Negative tokens add to the next attempt of their kind (travel: the shield; challenge: "
    "the stack; influence: the cost) and are returned once an attempt succeeds; a failed "
    "Challenge keeps them ('stay with your Hero until they have been overcome').",
    "Cull destroys from the hand or the discard pile as its text says ('Some cards have "
    "conditions that contradict these rules. In that case, follow the instructions on the "
    "card instead'); the rule 'You cannot destroy a card that has been placed in your discard "
    "pile' is about a card's own Destroy ability. Its draw is optional and comes only with "
    "the destroying ('You also may destroy a card from your hand or discard pile ... When "
    "doing this, you may draw a card from your personal deck'): asked after it.",
    "Outwit: after an opponent acquires an Adventure card for their deck, every other player "
    "with cards in hand is asked in turn order, holding an Outwit or not, so that the "
    "question reveals nothing ('When you play Outwit on your opponent's turn, it gives you "
    "the ability to acquire a card for your personal deck on their turn'); the first who plays "
    "Outwit pays the card's "
    "cost with Influence from cards played from the hand (Outwit and other Influence cards, "
    "just enough; the Hero and Equipment give their Influence on their owner's turn: 'base "
    "Influence that you get to use each turn') and takes the card into their discard pile. "
    "Only cards acquired into the opponent's deck can be Outwitted ('acquire a card for your "
    "personal deck'); the hand is not refilled before the next Draw Phase.",
    "DUEL: the first to the Key finishes the turn; every other player has one more turn; all "
    "who reach the Key duel with red + gold from their Hero, Equipment and cards (blue counts "
    "for nothing), in the order they arrived; the highest total wins and a tie goes to the "
    "earliest arrival ('the player who reached the Key first wins'), for any number of "
    "duelists. A Hero on the Key does not travel again.",
    "Solo: the Hero starts on the sixth Add Location card's letter ('Use the Starting "
    "Location Letter on the sixth and final card to determine where you will place your "
    "Dobber Meeple'). Method B ('destroy the card with the highest influence cost') breaks a "
    "tie by the leftmost card; the destroyed card is replaced from the deck ('ensures that "
    "each turn you have at least one new card'). The verdict table ('13 turns or less', '15 "
    "turns', '18 turns', '19 or more turns') has gaps, read as bands: 14-15 turns get the "
    "15-turn verdict, 16-18 the 18-turn verdict.",
    "Solo cards and Events resolve in the order they are revealed ('Resolve all of the "
    "instructions on each card in the order that they are revealed'): a card revealed while "
    "another resolves (Raiders destroying its neighbours, Market Day, a card leaving the row) "
    "waits until that card and every card revealed before it are done, then resolves where "
    "it lies and leaves the row. A position of the Adventure row is a slot ('Sometimes its "
    "position in the Adventure row is significant'; Method A: 'destroy the card in position "
    "one'): Method A, a Solo card's neighbours and a card chosen for destruction are the "
    "cards in those slots, whatever copies lie elsewhere in the row. Acquiring names a card: "
    "of two copies in the row the leftmost is taken and its slot refilled ('Whenever a card "
    "has been acquired from the Adventure row, immediately replace it').",
    "2-player variant A ('Use cards one through four from the Add Location cards') places the "
    "Locations of Add Location cards 1-4, in number order, on their Encounter squares from "
    "the 3-card Location row; players still choose their starts (the Starting Location Letter "
    "is for Solo Play). Variant B ('Replace one Bottlecap from each player's core starting "
    "deck with a Silver card from the Adventure deck') may be combined with A.",
    "Meeples may share a square (nothing forbids it after set-up, where each takes 'a "
    "different starting location'). Heroes are chosen in a random order ('Randomly choose the "
    "order that players get to select a Hero'); the first to choose also plays first (the "
    "rulebook does not say who starts).",
    "An Event or Solo card revealed while an Adventure row card is replaced resolves at once, "
    "before anything else (after the cards revealed before it), then leaves the row and is "
    "replaced ('Immediately follow the instructions then replace it with the next card'); a "
    "Challenge row card destroyed from its row ('the ability to destroy cards in the "
    "Adventure or Challenge rows') goes to the Destroyed pile, where everyone sees it.",
    "The rulebook's only ending is the Key ('The winner is the first player who moves their "
    "Dobber meeple onto the last Encounter Square on the game board'; Solo: 'Just keep track "
    "of your total number of turns'); so that every game ends, a game stops with no winner "
    "after round_limit rounds (30 by default; Solo: 60 turns, the solo verdicts running to "
    "'19 or more turns'; each more than the longest game between the bots; None for no "
    "limit). This is the engine's safeguard, not a rule.",
)


def _wrapped(head: str, items: Sequence[str], between: str, indent: str,
             width: int = 90) -> list[str]:
    """``head`` and ``items`` on lines of at most ``width`` characters, never breaking an
    item; lines after the first start with ``indent``."""
    lines, line = [], head
    for i, item in enumerate(items):
        if i == 0:
            line += item
        elif len(line) + len(between) + len(item) <= width:
            line += between + item
        else:
            lines.append(line + between.rstrip())
            line = indent + item
    return [*lines, line]


@lru_cache(maxsize=4096)
def _placements(row: str, squares: tuple[str, ...]) -> tuple[Action, ...]:
    """``place ROW SQUARE`` for each square: an affordable Location may go on any of up to
    a dozen open squares, and the same lists come up turn after turn."""
    return tuple(shared(Place, row, square) for square in squares)


def verdict(turns: int) -> str:
    """The Solo Play verdict for a game won in ``turns`` turns.

    >>> verdict(12)[:8], verdict(14)[:8], verdict(17)[:8], verdict(25)[:8]
    ('13 turns', '15 turns', '18 turns', '19 or mo')
    """
    whole_number(turns, "turns", minimum=1, maximum=10_000, why="the turns a solo game took")
    for limit, text in SOLO_VERDICTS:
        if limit is None or turns <= limit:
            return text
    raise AssertionError("unreachable")


# The actions without fields, and the Use of each slot: listed after almost every action.
_END, _PASS, _FIGHT, _SKIP, _POWER = (shared(kind) for kind in (End, Pass, Fight, Skip, Power))
_USE = {slot: shared(Use, slot) for slot in SLOTS}
_DRAW = {slot: shared(Draw, slot) for slot in SLOTS}
# The families of actions the three parts of the legal actions list (_compute_legal).
_CARD_KINDS = frozenset({Play, Equip, Forge, Use, Draw, Token, Power, Destroy})
_ACQUIRE_KINDS = frozenset({Buy, Place, Arm})
_TRAVEL_KINDS = frozenset({Move, Challenge})

# state_schema's parts.
_IDS = {"type": "array", "items": {"type": "string"}}
#: What each Equipment gave this turn (:func:`.points.contribution`): [keywords, type, red, gold].
_CONTRIBUTIONS = {"type": "array", "items": {
    "type": "array", "minItems": 4, "maxItems": 4,
    "prefixItems": [_IDS, {"type": "string"}, {"type": "integer"}, {"type": "integer"}]}}
_SLOT_MAP = {"type": "object", "additionalProperties": {"type": "string"},
             "propertyNames": {"enum": list(SLOTS)}}
_INTS = {"type": "array", "items": {"type": "integer"}}
_OPT_INT = {"type": ["integer", "null"]}

class DobbersState(GameState):
    """A game of Dobbers. See the module docstring.

    Two seats are named: ``turn_player``, whose turn it is (the Main Phase being played,
    whose points are ``turn``), and :attr:`current_player`, who acts now: the same seat,
    except while another player answers a question during that turn (an Outwit offer, a
    choice a card asks of them) and during set-up (the seat choosing a Hero or a start).
    """

    game_name = "dobbers"
    action_types = ACTION_TYPES
    min_players, max_players = 1, 4
    default_names = ("Player 1", "Player 2", "Player 3", "Player 4")

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Parse an action; ``buy CARD`` without a square means the discard pile."""
        if isinstance(text, str):
            words = text.split()
            if words[:1] == ["buy"] and len(words) == 2:
                text = f"{text} -"
        return super().parse_action(text)

    # ------------------------------------------------------------ set-up
    def _setup(self) -> None:
        self._load_data()
        n = len(self.players)
        self.phase = "hero"
        self.pick_order = list(range(n))
        self.rng.shuffle(self.pick_order)
        self.pick_index = 0
        self.first = self.pick_order[0]
        self.heroes: list[str | None] = [None] * n
        self.position: list[str | None] = [None] * n
        self.trail: list[list[str]] = [[] for _ in range(n)]
        self.decks: list[list[str]] = [list(self.cards.starting) for _ in range(n)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.equipped: list[dict[str, str]] = [{} for _ in range(n)]
        self.forged: list[dict[str, str]] = [{} for _ in range(n)]
        self.tokens: list[list[str]] = [[] for _ in range(n)]
        self.token_supply = list(self.cards.tokens)
        self.adventure_deck = list(self.cards.adventure)
        self.adventure_row: list[str | None] = [None] * ADVENTURE_ROW
        self.location_deck = list(self.cards.locations)
        self.creature_deck = list(self.cards.creatures)
        self.location_row: list[str | None] = [None] * row_size(n)
        self.creature_row: list[str | None] = [None] * row_size(n)
        self.stacks: dict[str, list[list[Any]]] = {}
        self.destroyed: list[str] = []
        # Cards waiting to be shuffled in (Events, Solo cards) or left out of the game.
        self.set_aside: list[str] = list(self.cards.events) if self.options.get("events") else []
        if self.solo:
            self.set_aside += self.cards.solo
        self.resolved: list[str] = []
        self.turn_player = self.first
        self.round = 0
        self.turns = [0] * n
        self.turn = self._fresh_turn(None)
        self.challenge: dict[str, Any] | None = None
        self.queue: list[dict[str, Any]] = []
        self.pending: dict[str, Any] | None = None
        self.window: dict[str, Any] | None = None
        self.arrivals: list[int] = []
        self.final_turns: list[int] | None = None
        self.duel: dict[str, Any] | None = None
        self.winner: int | None = None
        self.end_reason: str | None = None
        order = listing([self.players[p] for p in self.pick_order])
        self.record("setup", f"Heroes are chosen in a random order: {order}."
                    if n > 1 else "Solo Play: choose your Hero.", order=self.pick_order)

    def _load_data(self) -> None:
        self.cards: CardSet = cards_from_option(self.options.get("cards"))
        self.board: Board = board_from_option(self.options.get("board"))
        for c in self.cards.add_location:
            if c["square"] not in self.board.encounters:
                raise DataFormatError(f"Add Location card {c['number']} names Encounter square "
                                      f"{c['square']}, which the board does not have")
            if c["start"] not in self.board.starts:
                raise DataFormatError(f"Add Location card {c['number']} names start "
                                      f"{c['start']!r}, which the board does not have")

    @property
    def solo(self) -> bool:
        """Solo Play Mode: one player against the Solo cards."""
        return len(self.players) == 1

    def _fresh_turn(self, player: int | None) -> dict[str, Any]:
        """A turn's pool: the Hero's own points, nothing used or played yet."""
        hero = self.cards.by_id[self.heroes[player]] if player is not None else {}
        return {"red": hero.get("red", 0), "blue": hero.get("blue", 0),
                "gold": hero.get("gold", 0), "influence": hero.get("influence", 0),
                "used": {}, "played": [], "held": [], "drawn": [], "bonus": [],
                "contrib": [], "discount": [],
                "first_shield": False, "power": False, "equipped_now": {}}

    @performs(HeroChoice)
    def _choose_hero(self, action: HeroChoice) -> None:
        p = self.pick_order[self.pick_index]
        hero = action.hero
        self.heroes[p] = hero
        self.record("hero", f"{says(self.players[p], 'choose')} {self.cards.name(hero)}: "
                    f"{self.cards[hero].get('text', '')}".rstrip(), player=p, hero=hero)
        self.pick_index += 1
        if self.pick_index < len(self.players):
            return
        self.pick_index = 0
        if self.solo:
            self._begin_play()
        else:
            self.phase = "start"

    @performs(StartChoice)
    def _choose_start(self, action: StartChoice) -> None:
        p = self.pick_order[self.pick_index]
        square = self.board.starts[action.letter]
        self.position[p] = square
        self.trail[p] = [square]
        self.record("start", f"{says(self.players[p], 'start')} on {self.board.label(square)}.",
                    player=p, square=square)
        self.pick_index += 1
        if self.pick_index == len(self.players):
            self._begin_play()

    def _begin_play(self) -> None:
        """Shuffle and deal everything (Setup 4-8, and the Solo set-up), then the first turn."""
        rng, n, cards = self.rng, len(self.players), self.cards
        if self.options.get("variant_b"):
            swap = cards.doc["variant_b"]
            old, new = swap["replace"], swap["with"]
            for p in range(n):
                if new in self.adventure_deck and old in self.decks[p]:
                    self.adventure_deck.remove(new)
                    self.decks[p].remove(old)
                    self.decks[p].append(new)
                    self.set_aside.append(old)
            self.record("setup", f"Variant B: a {cards.name(new)} from the Adventure deck "
                        f"replaces a {cards.name(old)} in every core deck.")
        for p in range(n):
            rng.shuffle(self.decks[p])
        rng.shuffle(self.location_deck)
        rng.shuffle(self.creature_deck)
        rng.shuffle(self.adventure_deck)
        if self.options.get("events"):
            events = self._take_aside("Event")
            self.adventure_deck = events_shuffled_in(self.adventure_deck, events, rng.shuffle)
            self.record("setup", f"{count(len(events), 'Event')} shuffled into the Adventure "
                        "deck, one in each part.")
        for i in range(len(self.location_row)):
            self.location_row[i] = self.location_deck.pop()
        if self.solo:
            self._solo_setup()
        else:
            for i in range(len(self.creature_row)):
                self.creature_row[i] = self.creature_deck.pop()
            if self.options.get("variant_a"):
                for card in cards.add_location[:4]:
                    self._add_location(card)
        self.phase = "main"
        for i in range(ADVENTURE_ROW):
            self._refill_adventure(i)
        if self.solo:
            self.adventure_deck = solo_shuffled_in(self.adventure_deck, self._take_aside("Solo"),
                                                   rng.shuffle)
            self.record("setup", f"The {len(cards.solo)} Solo cards are shuffled into the top "
                        "half of the Adventure deck.")
        for i, p in enumerate(self.turn_order_from(self.first)):
            self._draw(p, opening_hand(i, n))
        self._start_turn(self.first)
        self._run_queue()

    def _take_aside(self, kind: str) -> list[str]:
        """The set-aside cards of ``kind`` (Events, Solo cards), taken out of ``set_aside``."""
        taken = [c for c in self.set_aside if self.cards.type(c) == kind]
        for card in taken:
            self.set_aside.remove(card)
        return taken

    def _solo_setup(self) -> None:
        """Solo: six Locations seeded by the Add Location cards; only Creatures in the row."""
        add = list(self.cards.add_location)
        self.rng.shuffle(add)
        for card in add:
            self._add_location(card)
        start = self.board.starts[add[-1]["start"]]
        self.position[0], self.trail[0] = start, [start]
        self.record("start", f"The last Add Location card puts "
                    f"{possessive(self.players[0], capital=False)} meeple on "
                    f"{self.board.label(start)}.", player=0, square=start)
        self.set_aside += [c for c in self.location_row if c] + self.location_deck
        self.location_row, self.location_deck = [], []
        for i in range(len(self.creature_row)):
            self.creature_row[i] = self.creature_deck.pop()

    def _add_location(self, card: dict[str, Any]) -> None:
        index = card["row_position"] - 1
        square = self.board.encounters[card["square"]]
        location = self.location_row[index]
        if location is None or self.stacks.get(square):
            return
        self.location_row[index] = None
        self.stacks[square] = [[location, False]]
        self.record("setup", f"Add Location card {card['number']}: the Location in row "
                    f"position {card['row_position']}, {self.cards.name(location)}, goes art "
                    f"side up on {self.board.label(square)}.", square=square, card=location)
        self._refill_challenge(f"L{index + 1}")

    # ------------------------------------------------------------ turns
    def turn_order_from(self, player: int) -> list[int]:
        """Every player, in turn order, starting with ``player``."""
        n = len(self.players)
        return [(player + i) % n for i in range(n)]

    def _start_turn(self, player: int) -> None:
        self.turn_player = player
        self.turn = self._fresh_turn(player)
        name = self.players[player]
        if self.phase == "duel":
            self.record("turn", f"Duel: {says(name, 'add')} up red and gold.", player=player)
        elif self.solo:
            self.record("turn", f"Turn {self.turns[0] + 1}.", player=player)
        else:
            self.record("turn", f"{possessive(name)} turn.", player=player)

    @performs(End)
    def _end(self, action: End) -> None:
        if self.phase == "duel":
            self._end_duel_turn()
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """The Draw Phase: the hand and the cards still in play to the discard pile, then
        draw five."""
        p = self.turn_player
        self.discards[p] += self.hands[p] + self.turn["held"]
        self.hands[p] = []
        self.turn["held"] = []
        self._draw(p, points.hand_size(self.cards, self.heroes[p]), ending=True)
        self.turns[p] += 1
        self.turn = self._fresh_turn(None)
        items = [{"do": "_solo_between_turns", "p": p, "src": ""}] if self.solo else []
        self._push([*items, {"do": "_next_turn", "p": p, "src": ""}])

    def _next_turn(self, item: dict[str, Any]) -> None:
        """Queue step: the next player's turn (after every choice the Draw Phase left)."""
        if self.final_turns is not None:
            if self.final_turns:
                self._start_turn(self.final_turns.pop(0))
                return
            self._finish_race()
            return
        limit = self.options["round_limit"]
        if self.solo:
            if limit is not None and self.turns[0] >= limit:
                self._stop(f"{count(limit, 'turn')} played without reaching the Key")
                return
            self._start_turn(0)
            return
        nxt = (self.turn_player + 1) % len(self.players)
        if nxt == self.first:
            self.round += 1
            if limit is not None and self.round >= limit:
                self._stop(f"{count(limit, 'round')} played and nobody reached the Key")
                return
        self._start_turn(nxt)

    def _stop(self, why: str) -> None:
        self.end_reason = "round limit"
        self.record("over", f"The game stops: {why} (the engine's round limit).")

    def _finish_race(self) -> None:
        """DUEL: every other player has had one more turn; now the arrivals duel."""
        self.final_turns = None
        if len(self.arrivals) == 1:
            self.winner = self.arrivals[0]
            self.end_reason = "key"
            name = self.players[self.winner]
            self.record("win", f"Nobody else reached the Key: {says(name, 'be')} the Hero of "
                        "Dobberton!", player=self.winner)
            return
        self.phase = "duel"
        self.duel = {"order": list(self.arrivals), "at": 0, "totals": []}
        self.record("duel", f"DUEL between {listing([self.players[p] for p in self.arrivals])}!")
        self._start_turn(self.arrivals[0])

    def _end_duel_turn(self) -> None:
        assert self.duel is not None
        p = self.turn_player
        total = self.duel_total()
        self.duel["totals"].append(total)
        self.discards[p] += self.turn["held"]
        self.turn["held"] = []
        self.record("duel", f"{possessive(self.players[p])} duel total: {total}.", player=p,
                    total=total)
        self.duel["at"] += 1
        if self.duel["at"] < len(self.duel["order"]):
            self._start_turn(self.duel["order"][self.duel["at"]])
            return
        best = max(self.duel["totals"])
        self.winner = self.duel["order"][self.duel["totals"].index(best)]
        self.end_reason = "duel"
        self.record("win", f"{says(self.players[self.winner], 'win')} the duel with {best} "
                    "and the Key!", player=self.winner)

    # ------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        """Who acts now (None once the game is over): the player a question is for (a
        pending choice, an Outwit offer), the seat choosing in set-up, else the player
        whose turn it is (``turn_player``)."""
        if self.end_reason is not None:
            return None
        if self.pending is not None:
            return self.pending["player"]
        if self.window is not None:
            return self.window["asked"][self.window["at"]]
        if self.phase in ("hero", "start"):
            return self.pick_order[self.pick_index]
        return self.turn_player

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    def scores(self) -> tuple[int, ...]:
        """1 for the player who won the Key, 0 for the others (all 0 if nobody did)."""
        return tuple(int(p == self.winner) for p in range(len(self.players)))

    def text_board(self) -> str:
        """The position in text, for ``print(state)``: every way along the board to the Key
        with its shields, who stands where and the stacks (as this state shows them: a
        view's covered cards by their icons), the rows, each player's Hero, cards and
        tokens, and the points left this turn.

        >>> game = position(["You", "Bot"], heroes=["toby", "herb"], at="T3",
        ...                 stacks={"E2": ["castle_walls", "tree_golem"]})
        >>> print(game.view(0).text_board().splitlines()[1])
          A -2- T1 -2- E1 -1- T3(You) -3- E2[Castle Walls + Creature?, face down] -2- T4 -1- E3
        """
        board, cards = self.board, self.cards
        here: dict[str, list[str]] = {}
        for p, square in enumerate(self.position):
            if square is not None:
                here.setdefault(square, []).append(self.players[p])

        def square_text(sq: str) -> str:
            text = sq + (" KEY" if sq == board.key else "")
            if here.get(sq):
                text += f"({', '.join(here[sq])})"
            stack = self.stacks.get(sq)
            if stack:
                parts = [cards.name(c) if not c.startswith(HIDDEN) else c[1:].capitalize()
                         + "?" for c, _up in stack]
                face = "face up" if all(up for _c, up in stack) else "face down"
                text += f"[{' + '.join(parts)}, {face}]"
            return text

        lines = ["Ways to the Key (the shield between two squares is its cost):"]
        drawn: set[str] = set()
        for start in [*sorted(board.starts.values()), *sorted(here)]:
            if start in drawn:
                continue
            route, way = board.route_to_key(start), []
            for a, b in zip(route, route[1:], strict=False):
                if not way:
                    way.append(square_text(a))
                drawn.add(a)
                way.append(f"-{board.shield(a, b)}- {square_text(b)}")
                if b in drawn:
                    way[-1] += " ..."
                    break
                drawn.add(b)
            lines += _wrapped("  ", way or [square_text(start)], " ", "      ")
        offer = [f"{i + 1} {cards.name(c)} ({cards[c].get('cost', '-')})"
                 for i, c in enumerate(self.adventure_row) if c]
        lines += _wrapped(f"Adventure row ({len(self.adventure_deck)} in the deck): ",
                          offer or ["empty"], "; ", "    ")
        challenge_row = [f"{slot} {cards.name(self.row_card(slot))} "
                         f"({cards[self.row_card(slot)]['cost']})"
                         for slot in self.challenge_slots() if self.row_card(slot)]
        if challenge_row:
            lines += _wrapped("Challenge row (art side up): ", challenge_row, "; ", "    ")
        for p, name in enumerate(self.players):
            hero = cards.name(self.heroes[p]) if self.heroes[p] else "no Hero yet"
            gear = ", ".join(f"{slot} {cards.name(c)}" + (
                f" + {cards.name(self.forged[p][slot])}" if slot in self.forged[p] else "")
                for slot, c in self.equipped[p].items())
            tokens = ", ".join(self.token_label(t) for t in self.tokens[p])
            lines.append(f"{name} ({hero}): hand {len(self.hands[p])}, deck "
                         f"{len(self.decks[p])}, discard {len(self.discards[p])}"
                         + (f"; {gear}" if gear else "") + (f"; tokens {tokens}"
                                                            if tokens else ""))
        if self.phase in ("main", "duel") and not self.is_over:
            left = ", ".join(f"{n} {c}" for c, n in self.pool().items())
            lines.append(f"{possessive(self.players[self.turn_player])} turn: {left} left.")
        return "\n".join(lines)

    def pool(self) -> dict[str, int]:
        """The points the player whose turn it is has left this turn: red (universal), blue
        (Travel), gold (Challenge) and Influence.

        >>> game = position(heroes=["toby"], hand=[])
        >>> game.pool()
        {'red': 1, 'blue': 0, 'gold': 1, 'influence': 1}
        """
        return {c: self.turn[c] for c in points.POINTS}

    def solo_verdict(self) -> str | None:
        """Solo, once won: the rulebook's verdict for the number of turns."""
        if not (self.solo and self.winner == 0):
            return None
        return verdict(self.turns[0] + 1)

    # ------------------------------------------------------------ the rulebook, asked here
    # The position's answers to the rulebook's questions (points.py, challenge.py,
    # travel.py), for the engine, the scene and the app.
    def row_card(self, slot: str) -> str | None:
        row, index = self.challenge_row_of(slot)
        return row[index]

    def challenge_row_of(self, slot: str) -> tuple[list[str | None], int]:
        """The Challenge row list and index of a position ``L1``.. or ``C1``.."""
        row = self.location_row if slot[:1] == "L" else self.creature_row
        return row, int(slot[1:]) - 1

    def challenge_slots(self) -> list[str]:
        return ([f"L{i + 1}" for i in range(len(self.location_row))]
                + [f"C{i + 1}" for i in range(len(self.creature_row))])

    def open_encounter_squares(self) -> list[str]:
        """Encounter squares with no Location: where an acquired Location may go."""
        return [s for s in self.board.encounters.values() if not self.stacks.get(s)]

    def token_label(self, token: str) -> str:
        """``'+1 Action'``, ``'-2 Travel'``."""
        return points.token_label(self.cards, token)

    def penalty(self, player: int, kind: str) -> int:
        """The negative tokens of ``kind`` a Hero must overcome on the next attempt."""
        return points.penalty(self.cards, self.tokens[player], kind)

    def buy_cost(self, player: int, card: str) -> int:
        """Influence to acquire an Adventure card now (a Hero's discount, Influence tokens)."""
        ability = points.discount(self.cards, self.heroes[player], self.turn["discount"])
        return points.buy_cost(self.cards, card, ability,
                               penalty=self.penalty(player, "influence"))

    def item_types(self, player: int) -> set[str]:
        """The Item types a Hero counts as having actively equipped (for Locations)."""
        used = self.turn["used"].get("item") if player == self.turn_player else None
        return challenge.item_types(self.cards, self.heroes[player],
                                    self.equipped[player].get("item"), used)

    def stack_needs(self, player: int, square: str) -> int:
        """The Challenge points ``player`` needs to beat the stack on ``square`` now
        (:func:`.challenge.stack_needs` of its cards)."""
        return challenge.stack_needs(self.cards, [card for card, _ in self.stacks[square]],
                                     item_types=self.item_types(player),
                                     equipped=self.equipped[player],
                                     penalty=self.penalty(player, "challenge"))

    def immune_points(self, square: str) -> tuple[int, int]:
        """(red, gold) given this turn by Equipment the stack's Creature is immune to (in a
        view: as far as the face-up cards show)."""
        immune = challenge.immunities(self.cards, [card for card, _ in self.stacks[square]])
        return challenge.immune_points(immune, self.turn["contrib"])

    def challenge_points(self, square: str | None = None) -> tuple[int, int]:
        """(red, gold) of the turn's pool that count against the stack on ``square``."""
        red, gold = self.turn["red"], self.turn["gold"]
        if square is None:
            return red, gold
        return challenge.points_against(red, gold, self.immune_points(square))

    def travel_modifiers(self, player: int) -> tuple[int, int]:
        """What changes every shield now (:func:`.travel.travel_modifiers`)."""
        return travel.travel_modifiers(self.cards, self.heroes[player],
                                       first_shield_used=self.turn["first_shield"],
                                       tokens=self.tokens[player])

    def travel_cost(self, player: int, here: str, there: str) -> int:
        """Blue + red points a move costs: the shield, less the Hero's first-shield
        ability, plus negative Travel tokens."""
        return travel.travel_cost(self.board.shield(here, there), *self.travel_modifiers(player))

    def duel_total(self) -> int:
        """A duelist's red + gold (blue counts for nothing), less negative Challenge tokens."""
        return self.turn["red"] + self.turn["gold"] - self.penalty(self.turn_player, "challenge")

    # ------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        """The actions of the player to act; a player's view lists those its own player
        may take (the same list as the game's when that player is to act, else none)."""
        if self.rng is None and self.viewer != self.current_player:  # a view: not theirs
            return []
        # Computed once per position: a player asks for them, then apply checks against them.
        cached = self.__dict__.get("_legal")
        if cached is None:
            cached = self._legal = self._compute_legal()
        return list(cached)

    def _compute_legal(self, kind: type | None = None) -> list[Action]:
        """Every legal action, or (``kind``) at least every legal action of that type: what
        a check needs of an action nobody listed first (one parsed from a save's history)."""
        if self.phase == "hero":
            return [shared(HeroChoice, h) for h in self.cards.heroes if h not in self.heroes]
        if self.phase == "start":
            taken = set(self.position)
            return [shared(StartChoice, letter) for letter in sorted(self.board.starts)
                    if self.board.starts[letter] not in taken]
        if self.pending is not None:
            acts: list[Action] = [shared(Choose, z, c) for z, c in self.pending["options"]]
            if self.pending["optional"]:
                acts.append(_SKIP)
            return acts
        if self.window is not None:
            q = self.window["asked"][self.window["at"]]
            return [*(shared(Outwit, pay) for pay in self.outwit_payments(q)), _PASS]
        p = self.turn_player
        hand = sorted(set(self.hands[p]))
        acts = self._card_actions(p, hand) if kind is None or kind in _CARD_KINDS else []
        if self.phase == "duel":
            return [*acts, _END]
        if self.challenge is not None:
            return [*acts, _FIGHT]
        if kind is None or kind in _ACQUIRE_KINDS:
            acts += self._acquire_actions(p, hand)
        if kind is None or kind in _TRAVEL_KINDS:
            acts += self._travel_actions(p)
        acts.append(_END)
        return acts

    # The legal actions are worked out after every action (about 25,000 times in a random
    # 4-player game), so the three functions below read the card data from ``by_id``
    # directly, work out what every card or square has in common once (the Hero's ability,
    # the tokens, what each stack still takes), and look at the rarer parts (forging,
    # tokens, Destroy, arming) only when something could come of them.
    def _card_actions(self, p: int, hand: list[str]) -> list[Action]:
        """Playing, equipping, forging, using, tokens, the Hero's power and Destroy
        (``hand``: the different cards in the hand, sorted)."""
        acts: list[Action] = []
        cards, equipped, turn = self.cards, self.equipped[p], self.turn
        by_id = cards.by_id
        for card in hand:
            info = by_id[card]
            if info["type"] == "Effect":
                acts.append(shared(Play, card))
                continue
            acts.append(shared(Equip, card))
            if "forge" in info and equipped:
                forged = self.forged[p]
                acts += [shared(Forge, card, slot) for slot in SLOTS
                         if slot in equipped and slot not in forged]
        if equipped:
            used, may_draw = turn["used"], cards.may_draw
            for slot in SLOTS:
                card = equipped.get(slot)
                if card is None:
                    continue
                if slot not in used:
                    acts.append(_USE[slot])
                # an optional draw while in play, unless another card of its type was used
                if card in may_draw and slot not in turn["drawn"] \
                        and used.get(slot, card) == card:
                    acts.append(_DRAW[slot])
        if self.tokens[p]:
            acts += [shared(Token, t) for t in sorted(set(self.tokens[p]))
                     if cards.token_value(t) > 0]
        ability = by_id[self.heroes[p]].get("ability")
        if ability and ability["kind"] == "power" and not turn["power"]:
            acts.append(_POWER)
        held, now = turn["held"], turn["equipped_now"]
        if not cards.destroyers.isdisjoint(held) or not cards.destroyers.isdisjoint(
                now.values()):
            destroyable = {c for c in held if c in cards.destroyers}
            destroyable |= {c for s, c in now.items()
                            if equipped.get(s) == c and c in cards.destroyers}
            acts += [shared(Destroy, c) for c in sorted(destroyable)]
        return acts

    def _acquire_actions(self, p: int, hand: list[str]) -> list[Action]:
        """Acquiring from the rows, and arming a stack from the hand (``hand``: the
        different cards in the hand, sorted)."""
        cards, influence = self.cards, self.turn["influence"]
        by_id = cards.by_id
        extra = self.penalty(p, "influence") if self.tokens[p] else 0
        ability = points.discount(cards, self.heroes[p], self.turn["discount"])
        lowest = cards.cheapest - (ability["n"] if ability else 0) + extra
        if influence < lowest:  # most of the time: nothing to acquire (arming is free)
            return self._arm_actions(hand, None) if self.stacks else []
        acts: list[Action] = []
        # The stacks Equipment may still go under, with the types already under them
        # (challenge.stack_types of every stack at once), worked out when first needed.
        armable: list[tuple[str, list[str]]] | None = None
        for card, printed, kind in cards.offer(self.adventure_row):
            cost = printed if ability is None else points.discounted(printed, kind, ability)
            if cost + extra > influence:
                continue
            acts.append(shared(Buy, card))
            if kind != "Effect" and self.stacks:
                if armable is None:
                    armable = self._armable()
                acts += [shared(Buy, card, s) for s, types in armable if kind not in types]
        open_squares: tuple[str, ...] | None = None
        creature_squares: tuple[str, ...] | None = None
        for letter, row in (("L", self.location_row), ("C", self.creature_row)):
            for i, card in enumerate(row):
                if card is None or by_id[card]["cost"] + extra > influence:
                    continue
                if letter == "L":
                    if open_squares is None:
                        open_squares = tuple(self.open_encounter_squares())
                    squares = open_squares
                else:
                    if creature_squares is None:
                        creature_squares = tuple(s for s in sorted(self.stacks)
                                                 if challenge.takes_creature(self.stacks[s]))
                    squares = creature_squares
                acts += _placements(f"{letter}{i + 1}", squares)
        if self.stacks:
            acts += self._arm_actions(hand, armable)
        return acts

    def _arm_actions(self, hand: list[str],
                     armable: list[tuple[str, list[str]]] | None) -> list[Action]:
        """Equipment from the hand under a Location (free)."""
        if self.cards.equipment.isdisjoint(hand):
            return []
        if armable is None:
            armable = self._armable()
        by_id, acts = self.cards.by_id, []
        for card in hand:
            kind = by_id[card]["type"]
            if kind in EQUIPMENT_TYPES:
                acts += [shared(Arm, card, s) for s, types in armable if kind not in types]
        return acts

    def _armable(self) -> list[tuple[str, list[str]]]:
        """The squares Equipment may still go under, in order, with the types under them."""
        out = []
        for square in sorted(self.stacks):
            stack = self.stacks[square]
            if len(stack) < 2:  # a bare Location takes a Creature first
                continue
            types = challenge.stack_types(self.cards, [c for c, _ in stack])
            if types is not None:
                out.append((square, types))
        return out

    def _travel_actions(self, p: int) -> list[Action]:
        if p in self.arrivals:
            return []
        lower, extra = travel.travel_modifiers(  # the same for every move
            self.cards, self.heroes[p], first_shield_used=self.turn["first_shield"],
            tokens=self.tokens[p])
        # travel_cost <= blue + red, that is max(0, shield - lower) <= budget:
        budget = self.turn["blue"] + self.turn["red"] - extra
        if budget < 0:
            return []
        stacks, acts = self.stacks, []
        for there, shield in self.board.neighbours[self.position[p]].items():
            if shield - lower <= budget:
                acts.append(shared(Challenge if there in stacks else Move, there))
        return acts

    def outwit_payments(self, player: int) -> list[tuple[str, ...]]:
        """The ways ``player`` can pay for an Outwit now: an Outwit card and just enough
        Influence cards from the hand (no card could be left out)."""
        if self.window is None or self.cards.outwits.isdisjoint(self.hands[player]):
            return []  # (most of the time: no Outwit in the hand, nothing to work out)
        cards = self.cards
        cost = cards[self.window["card"]]["cost"] + self.penalty(player, "influence")
        hand = Counter(c for c in self.hands[player]
                       if cards.type(c) == "Effect" and cards.point(c, "influence"))
        kinds = sorted(hand)
        out: list[tuple[str, ...]] = []

        def pays(chosen: list[str]) -> bool:
            return (not cards.outwits.isdisjoint(chosen)
                    and sum(cards.point(c, "influence") for c in chosen) >= cost)

        def walk(i: int, chosen: list[str]) -> None:
            if i == len(kinds):
                if pays(chosen) and all(not pays(chosen[:j] + chosen[j + 1:])
                                        for j in range(len(chosen))):
                    out.append(tuple(chosen))
                return
            for k in range(hand[kinds[i]] + 1):
                walk(i + 1, chosen + [kinds[i]] * k)

        walk(0, [])
        return sorted(set(out))

    # ------------------------------------------------------------ checking
    def _check(self, action: Action) -> None:
        legal = self.__dict__.get("_legal")
        if legal is None:  # nobody asked (a save's history replayed): its kind's only
            legal = self._compute_legal(type(action))
        # An action chosen from legal_actions() is one of its shared instances: found by
        # identity, without comparing fields (as ``in`` does with every action before it).
        for each in legal:
            if each is action:
                return
        if action in legal:  # an equal action made elsewhere (parsed from text, say)
            return
        raise IllegalActionError(self._explain(action))

    def _explain(self, action: Action) -> str:  # noqa: C901 - one message per rule
        """Why ``action`` is illegal now, naming the rule."""
        v = action.verb
        who = self.players[self.current_player] if self.current_player is not None else "nobody"
        card = getattr(action, "card", None)
        if card is not None and v != "choose" and card not in self.cards:
            return f"{v}: there is no card {card!r}"
        if card is not None and v != "choose" and self.cards.type(card) == "Token":
            return (f"{v}: {card} is a token, not a card (a positive token is spent with "
                    f"'token {card}')")
        if card is not None and v != "choose" and self.cards.type(card) == "Hero":
            return f"{v}: {self.cards.name(card)} is a Hero, not a card to {v}"
        square = getattr(action, "square", None)
        if square is not None and square not in self.board.squares:
            return f"{v}: there is no square {square!r} on the board"
        slot = getattr(action, "slot", None)
        if slot is not None and slot not in SLOTS:
            return f"{v}: an equipment slot is weapon, armor or item, not {slot!r}"
        if self.phase == "hero":
            return (f"{v}: {says(who, 'choose')} a Hero first" if v != "hero" else
                    f"hero: {action.hero!r} is not a Hero still free to choose")  # type: ignore
        if self.phase == "start":
            return (f"{v}: {says(who, 'choose')} a start first" if v != "start" else
                    "start: each meeple goes on a different free start letter "
                    f"({', '.join(sorted(self.board.starts))})")
        if v in ("hero", "start"):
            return f"{v}: set-up is over"
        if self.pending is not None:  # the options may show a hand: they are not listed
            kind = self.pending["kind"].replace("_", " ")
            return (f"{v}: {says(who, 'must')} first answer the {kind} choice ('choose ...'"
                    + (" or 'skip')" if self.pending["optional"] else ")"))
        if self.window is not None:
            if v == "outwit":
                return ("outwit: needs an Outwit card and just enough Influence cards from the "
                        f"hand to pay {self.cards[self.window['card']]['cost']} Influence")
            return (f"{v}: {says(who, 'may')} now Outwit "
                    f"{possessive(self.players[self.window['from']], capital=False)} "
                    f"{self.cards.name(self.window['card'])} ('outwit ...') or pass")
        if v in ("choose", "skip"):
            return f"{v}: nothing is being asked now"
        if v in ("outwit", "pass"):
            return f"{v}: Outwit is played on an opponent's turn, right after they acquire a card"
        p = self.turn_player
        hand = self.hands[p]
        if v in ("play", "equip", "forge", "arm") and card not in hand:
            return f"{v}: {self.cards.name(card)} is not in {possessive(who, capital=False)} hand"
        if v == "play":
            return "play: only Effect cards are played; Equipment is equipped ('equip')"
        if v == "equip":
            return "equip: only Weapon, Armor and Item cards go on your Hero"
        if v == "forge":
            if "forge" not in self.cards[card]:
                return f"forge: {self.cards.name(card)} has no Forge bonus"
            if slot not in self.equipped[p]:
                return f"forge: no {slot} is equipped to forge under"
            return f"forge: the {slot} already has a Forge card (one per Equipment)"
        if v == "use":
            if slot not in self.equipped[p]:
                return f"use: no {slot} is equipped"
            return (f"use: a {slot} has been used this turn already (one use of each type a "
                    "turn; a replacement works next turn)")
        if v == "draw":
            card = self.equipped[p].get(slot)
            if card is None or card not in self.cards.may_draw:
                return f"draw: no {slot} equipped gives a draw at any time"
            if slot in self.turn["drawn"]:
                return f"draw: {self.cards.name(card)} gave its draw this turn (once per turn)"
            return (f"draw: another {slot} was used this turn ('as long as ... no other "
                    f"{slot.capitalize()} has been used by your Hero this turn')")
        if v == "token":
            if action.token not in self.tokens[p]:  # type: ignore[attr-defined]
                return f"token: {says(who, 'have')} no such token"
            return "token: negative tokens are overcome, not spent"
        if v == "power":
            return "power: the Hero has no power, or it was used this turn"
        if v == "destroy":
            return (f"destroy: {self.cards.name(card)} has no Destroy ability or was not played "
                    "this turn (a card in the discard pile cannot be destroyed)")
        if self.phase == "duel":
            return f"{v}: in a duel only cards count; 'end' when your total stands"
        if self.challenge is not None:
            if v in ("buy", "place", "move", "challenge", "end"):
                return (f"{v}: {says(who, 'be')} committed to the Challenge on "
                        f"{self.board.label(self.challenge['square'])}: play cards, then fight")
        if v == "fight":
            return "fight: no Challenge has been started (travel onto a stack with 'challenge')"
        if v == "buy":
            if card not in self.adventure_row:
                return f"buy: {self.cards.name(card)} is not in the Adventure row"
            cost = self.buy_cost(p, card)
            if cost > self.turn["influence"]:
                return (f"buy: {self.cards.name(card)} costs {cost} Influence; {says(who, 'have')} "
                        f"{self.turn['influence']}")
            return self._explain_stack(card, square)
        if v == "place":
            row = action.row  # type: ignore[attr-defined]
            if row not in self.challenge_slots() or self.row_card(row) is None:
                return f"place: no Challenge row card at {row!r} (L1.. Locations, C1.. Creatures)"
            cost = self.cards[self.row_card(row)]["cost"] + self.penalty(p, "influence")
            if cost > self.turn["influence"]:
                return (f"place: it costs {cost} Influence; {says(who, 'have')} "
                        f"{self.turn['influence']}")
            if row[0] == "L":
                return ("place: a Location goes on an open Encounter square (one without a "
                        "Location)")
            return "place: a Creature goes under a Location that has no cards under it"
        if v == "arm":
            return self._explain_stack(card, square)
        if v in ("move", "challenge"):
            here = self.position[p]
            if p in self.arrivals:
                return f"{v}: {says(who, 'have')} reached the Key"
            if square not in self.board.neighbours[here]:
                return f"{v}: {square} is not next to {here} (one square at a time)"
            if v == "move" and self.stacks.get(square):
                return (f"move: there is a Challenge stack on {self.board.label(square)}: "
                        f"'challenge {square}' commits to it")
            if v == "challenge" and not self.stacks.get(square):
                return f"challenge: there is no Challenge stack on {self.board.label(square)}"
            cost = self.travel_cost(p, here, square)
            return (f"{v}: the shield costs {cost} blue + red (negative Travel tokens "
                    f"included); {says(who, 'have')} {self.turn['blue'] + self.turn['red']}")
        return f"{action}: not a legal action now; {says(who, 'be')} to act"

    def _explain_stack(self, card: str, square: str | None) -> str:
        if not self.cards.is_equipment(card):
            return f"only Equipment goes under a Location; {self.cards.name(card)} is not"
        if square is None or not self.stacks.get(square):
            return "there is no Challenge stack on that square"
        return ("Equipment goes under a Location that has a Creature, within its capacity, and "
                "one card of each type")

    # ------------------------------------------------------------ performing
    def _perform(self, action: Action) -> None:
        self._legal = None
        super()._perform(action)  # the method marked @performs for the action's type
        self._run_queue()

    def shown_from_hand(self, what: str) -> None:
        """Cards of a hidden hand are shown to the other players (``what`` says which, in
        words completing "the other players have seen ..."): undo stops here, as after a
        draw (alone, nobody saw them)."""
        if len(self.players) > 1:
            self.mark_irreversible(f"the other players have seen {what}")

    @performs(Play)
    def _play(self, action: Play) -> None:
        p, card = self.turn_player, action.card
        self.shown_from_hand(self.cards.name(card))
        self.hands[p].remove(card)
        self.turn["played"].append(card)  # this turn's record (alignment bonuses)
        self.turn["held"].append(card)    # the card itself, in play until resolved
        info = self.cards.by_id[card]
        gives = self.cards.printed_points[card]
        for colour, n in gives.items():
            self.turn[colour] += n
        words = f": {points.describe_points(gives)}" if gives else ""
        self.record("play", f"{says(self.players[p], 'play')} {info['name']}{words}.", player=p,
                    card=card)
        self._push([*queued(info.get("effects"), p, card), *self._bonuses(p),
                    {"do": "_played_done", "p": p, "src": card}])

    def _played_done(self, item: dict[str, Any]) -> None:
        """Queue step: a played Effect card's effects are resolved: it goes to the discard
        pile, unless its Destroy ability is still open (it stays in play until it is
        destroyed or the turn ends)."""
        card, held = item["src"], self.turn["held"]
        if card in held and card not in self.cards.destroyers:
            held.remove(card)
            self.discards[item["p"]].append(card)

    @performs(Equip)
    def _equip(self, action: Equip) -> None:
        p, card = self.turn_player, action.card
        self.shown_from_hand(self.cards.name(card))
        slot = self.cards.type(card).lower()
        name = self.players[p]
        back = []
        if slot in self.equipped[p]:
            back.append(self.equipped[p].pop(slot))
            if slot in self.forged[p]:
                back.append(self.forged[p].pop(slot))
            self.hands[p] += back
        self.hands[p].remove(card)
        self.equipped[p][slot] = card
        self.turn["equipped_now"][slot] = card
        swapped = f", taking {listing([self.cards.name(c) for c in back])} back into the hand" \
            if back else ""
        self.record("equip", f"{says(name, 'equip')} {self.cards.name(card)}{swapped}.",
                    player=p, card=card)
        self._push(self._bonuses(p))

    @performs(Forge)
    def _forge(self, action: Forge) -> None:
        p, card, slot = self.turn_player, action.card, action.slot
        self.shown_from_hand(self.cards.name(card))
        self.hands[p].remove(card)
        self.forged[p][slot] = card
        host = self.equipped[p][slot]
        later = " (it counts from the next use)" if slot in self.turn["used"] else ""
        self.record("forge", f"{says(self.players[p], 'forge')} {self.cards.name(card)} under "
                    f"{self.cards.name(host)}{later}.", player=p, card=card)
        self._push(self._bonuses(p))

    @performs(Use)
    def _use(self, action: Use) -> None:
        self._use_slot(self.turn_player, action.slot)

    def _use_slot(self, p: int, slot: str) -> None:
        """The Equipment in ``slot`` gives its points, bonus and effects (once a turn)."""
        card = self.equipped[p][slot]
        forge = self.forged[p].get(slot)
        gives = points.use_points(self.cards, card, forge)
        for colour, n in gives.items():
            self.turn[colour] += n
        self.turn["used"][slot] = card
        self.turn["contrib"].append(points.contribution(self.cards, card, forge, gives))
        self.record("use", f"{says(self.players[p], 'use')} {self.cards.name(card)}: "
                    f"{points.describe_points(gives)}.", player=p, card=card)
        items = queued(self.cards.by_id[card].get("effects"), p, card)
        if forge is not None:
            items += queued(self.cards[forge]["forge"].get("effects"), p, card)
        self._push(items + self._bonuses(p))

    @performs(Draw)
    def _draw_with(self, action: Draw) -> None:
        """An Equipment card's optional draw ("at any time as long as it is in play"): it
        uses the card if it was not used yet this turn (its ability is its use)."""
        p, slot = self.turn_player, action.slot
        card = self.equipped[p][slot]
        if slot not in self.turn["used"]:
            self._use_slot(p, slot)
        self.turn["drawn"].append(slot)
        self._draw(p, self.cards.may_draw[card], source=card)

    @performs(Token)
    def _spend_token(self, action: Token) -> None:
        p, token = self.turn_player, action.token
        self.tokens[p].remove(token)
        self.token_supply.append(token)
        colour, n = points.token_points(self.cards, token)
        self.turn[colour] += n
        self.record("token", f"{says(self.players[p], 'spend')} a {self.token_label(token)} "
                    "token.", player=p)

    @performs(Power)
    def _power(self, action: Power) -> None:
        p = self.turn_player
        self.turn["power"] = True
        hero = self.heroes[p]
        self.record("power", f"{says(self.players[p], 'use')} "
                    f"{possessive(self.cards.name(hero))} power.", player=p)
        self._push(queued(self.cards[hero]["ability"]["effects"], p, hero))

    @performs(Destroy)
    def _destroy(self, action: Destroy) -> None:
        p, card = self.turn_player, action.card
        played, held = self.turn["played"], self.turn["held"]
        if card in held:
            held.remove(card)
            played[played.index(card)] = None  # out of play: no longer counts for bonuses
        else:
            slot = next(s for s, c in self.turn["equipped_now"].items()
                        if c == card and self.equipped[p].get(s) == card)
            del self.equipped[p][slot]
            if slot in self.forged[p]:
                self.destroyed.append(self.forged[p].pop(slot))
        self.destroyed.append(card)
        ability = self.cards[card]["destroy"]
        for colour, n in points.points_of(ability).items():
            self.turn[colour] += n
        self.record("destroy", f"{says(self.players[p], 'destroy')} {self.cards.name(card)} for "
                    "its Destroy ability.", player=p, card=card)
        self._push(queued(ability.get("effects"), p, card))

    def _bonuses(self, player: int) -> list[dict[str, Any]]:
        """Give every alignment bonus that has just come into play (its points now, logged);
        returns the queue items of their effects."""
        turn = self.turn
        played = turn["played"] if player == self.turn_player else None
        due = points.bonuses_due(self.cards, self.heroes[player], self.equipped[player],
                                 self.forged[player], turn["used"], played, turn["bonus"])
        items: list[dict[str, Any]] = []
        for key, card, shared_alignments in due:
            aligned = self.cards[card]["aligned"]
            turn["bonus"].append(key)
            gives = points.points_of(aligned)
            for colour, n in gives.items():
                turn[colour] += n
            if key.startswith("e"):
                slot = key[1:]
                turn["contrib"].append(points.contribution(
                    self.cards, self.equipped[player][slot], self.forged[player].get(slot),
                    gives))
            what = points.describe_points(gives) if gives else "its effect"
            self.record("bonus", f"{self.cards.name(card)}'s "
                        f"{listing(sorted(shared_alignments))} bonus: {what}.",
                        player=player, card=card)
            items += queued(aligned.get("effects"), player, card)
        return items

    # ------------------------------------------------------------ acquiring
    def _pay_influence(self, p: int, cost: int) -> None:
        self.turn["influence"] -= cost
        self._overcome(p, "influence")

    @performs(Buy)
    def _buy(self, action: Buy) -> None:
        p, card, square = self.turn_player, action.card, action.square
        cost = self.buy_cost(p, card)
        ability = points.discount(self.cards, self.heroes[p], self.turn["discount"])
        if points.discount_applies(ability, self.cards.type(card)):
            self.turn["discount"].append(ability["type"])  # once a turn per kind of card
        self._pay_influence(p, cost)
        slot = self.adventure_row.index(card)
        self.adventure_row[slot] = None
        name = self.players[p]
        if square is None:
            self.discards[p].append(card)
            self.record("buy", f"{says(name, 'acquire')} {self.cards.name(card)} for "
                        f"{cost} Influence.", player=p, card=card)
            if not self.solo:
                self._push([{"do": "_outwit_window", "p": p, "src": card}])
        else:  # covered in the stack: its icon shows, and only its buyer knows it
            stack = self.stacks[square]
            stack.insert(len(stack) - 1, [card, False])
            kind = self.cards.type(card)
            self.record("buy", f"{says(name, 'acquire')} a {kind} from the Adventure row for "
                        f"{cost} Influence and {verb_form(name, 'put')} it under the Location on "
                        f"{self.board.label(square)}.", player=p, square=square,
                        back=f"?{kind.lower()}")
            self.record("buy", f"That {kind} is {self.cards.name(card)}.", player=p,
                        square=square, card=card, visible_to=[p])
        self._refill_adventure(slot)

    @performs(Place)
    def _place(self, action: Place) -> None:
        p, row, square = self.turn_player, action.row, action.square
        card = self.row_card(row)
        assert card is not None
        cost = self.cards[card]["cost"] + self.penalty(p, "influence")
        self._pay_influence(p, cost)
        rows, index = self.challenge_row_of(row)
        rows[index] = None
        name = self.players[p]
        if row[0] == "L":  # its art, on top of the stack, shows everyone which it is
            self.stacks[square] = [[card, False]]
            self.record("place", f"{says(name, 'place')} {self.cards.name(card)} ({cost} "
                        f"Influence), art side up, on {self.board.label(square)}.", player=p,
                        square=square, card=card)
        else:  # covered by the Location: its icon shows, and only its placer knows it
            self.stacks[square].append([card, False])
            self.record("place", f"{says(name, 'place')} a Creature ({cost} Influence) under "
                        f"the Location on {self.board.label(square)}.", player=p,
                        square=square, back="?creature")
            self.record("place", f"That Creature is {self.cards.name(card)}.", player=p,
                        square=square, card=card, visible_to=[p])
        self._refill_challenge(row)

    @performs(Arm)
    def _arm(self, action: Arm) -> None:
        p, card, square = self.turn_player, action.card, action.square
        kind = self.cards.type(card)
        self.shown_from_hand(f"a {kind} go from the hand under a Location")
        self.hands[p].remove(card)
        stack = self.stacks[square]
        stack.insert(len(stack) - 1, [card, False])
        self.record("arm", f"{says(self.players[p], 'put')} a {kind} from "
                    f"{their(self.players[p])} hand under the Location on "
                    f"{self.board.label(square)}.", player=p, square=square,
                    back=f"?{kind.lower()}")
        # Only the player who put it there knows which card it is.
        self.record("arm", f"That {kind} is {self.cards.name(card)}.", player=p, square=square,
                    card=card, visible_to=[p])

    # ------------------------------------------------------------ Outwit
    def _outwit_window(self, item: dict[str, Any]) -> None:
        """Queue step: after an acquisition for the buyer's deck, ask the others in turn."""
        buyer, card = item["p"], item["src"]
        if self.end_reason is not None or card not in self.discards[buyer]:
            return
        asked = [q for q in self.turn_order_from(buyer)[1:] if self.hands[q]]
        if asked:
            self.window = {"card": card, "from": buyer, "asked": asked, "at": 0}

    @performs(Pass)
    def _pass(self, action: Pass) -> None:
        assert self.window is not None
        self.window["at"] += 1
        if self.window["at"] == len(self.window["asked"]):
            self.window = None

    @performs(Outwit)
    def _outwit(self, action: Outwit) -> None:
        assert self.window is not None
        q, payment = self.window["asked"][self.window["at"]], action.payment
        card, buyer = self.window["card"], self.window["from"]
        self.shown_from_hand(listing([self.cards.name(c) for c in payment]))
        cost = self.cards[card]["cost"] + self.penalty(q, "influence")
        for c in payment:
            self.hands[q].remove(c)
        self.discards[q] += payment
        self.discards[buyer].remove(card)
        self.discards[q].append(card)
        self._overcome(q, "influence")
        self.window = None
        self.record("outwit", f"{says(self.players[q], 'play')} "
                    f"{listing([self.cards.name(c) for c in payment])} ({cost} Influence) and "
                    f"{verb_form(self.players[q], 'outwit')} "
                    f"{objective(self.players[buyer])}: "
                    f"{self.cards.name(card)} goes to "
                    f"{possessive(self.players[q], capital=False)} discard pile.", player=q,
                    card=card)

    # ------------------------------------------------------------ travel
    def _overcome(self, player: int, kind: str) -> None:
        """An attempt of ``kind`` succeeded: its negative tokens go back to the supply."""
        if not self.tokens[player]:
            return
        spent = points.negative_tokens(self.cards, self.tokens[player], kind)
        if spent:
            for t in spent:
                self.tokens[player].remove(t)
            self.token_supply += spent
            self.record("token", f"{says(self.players[player], 'overcome')} the "
                        f"{listing([self.token_label(t) for t in spent])} "
                        f"{'token' if len(spent) == 1 else 'tokens'}, back to the supply.",
                        player=player)

    def _pay_travel(self, player: int, cost: int) -> None:
        self.turn["blue"], self.turn["red"] = travel.pay_travel(self.turn["blue"],
                                                                self.turn["red"], cost)
        self.turn["first_shield"] = True
        self._overcome(player, "travel")

    def _step(self, player: int, square: str) -> None:
        """Put the meeple on a neighbouring square; the trail remembers the way back."""
        trail = self.trail[player]
        if travel.steps_back(trail, square):
            trail.pop()
        else:
            trail.append(square)
        self.position[player] = square

    def move_back(self, player: int, n: int) -> None:
        """Move back ``n`` squares the way the Hero came (the square it stands on is 0).

        Nobody faces a Challenge when pushed back onto a stack."""
        trail = self.trail[player]
        steps = travel.back_steps(trail, n)
        del trail[len(trail) - steps:]
        self.position[player] = trail[-1]
        self.record("back", f"{says(self.players[player], 'move')} back "
                    f"{count(steps, 'square')} to {self.board.label(trail[-1])}.",
                    player=player, square=trail[-1])

    @performs(Move)
    def _move(self, action: Move) -> None:
        player, square = self.turn_player, action.square
        cost = self.travel_cost(player, self.position[player], square)
        self._pay_travel(player, cost)
        self._step(player, square)
        self.record("move", f"{says(self.players[player], 'travel')} to "
                    f"{self.board.label(square)} ({count(cost, 'point')}).", player=player,
                    square=square)
        if square == self.board.key:
            self._arrive(player)

    # ------------------------------------------------------------ challenges
    @performs(Challenge)
    def _begin_challenge(self, action: Challenge) -> None:
        player, square = self.turn_player, action.square
        here = self.position[player]
        cost = self.travel_cost(player, here, square)
        self._pay_travel(player, cost)
        stack = self.stacks[square]
        for entry in stack:
            entry[1] = True
        self.challenge = {"square": square, "from": here}
        self.mark_irreversible("the Challenge stack is face up")
        shown = [f"{self.cards.name(c)} ({self.cards[c]['ap']})" if "ap" in self.cards[c]
                 else f"{self.cards.name(c)}" for c, _ in stack]
        name = self.players[player]
        self.record("challenge", f"{says(name, 'pay')} {count(cost, 'point')} to travel and "
                    f"{verb_form(name, 'commit')} to the Challenge on "
                    f"{self.board.label(square)}: {listing(shown)}. "
                    f"{count(self.stack_needs(player, square), 'Challenge point')} needed.",
                    player=player, square=square, cards=[c for c, _ in stack])

    @performs(Fight)
    def _fight(self, action: Fight) -> None:
        """All or nothing: red + gold against the whole stack; equal or more wins."""
        assert self.challenge is not None
        player, square = self.turn_player, self.challenge["square"]
        need = self.stack_needs(player, square)
        red, gold = self.challenge_points(square)
        have = red + gold
        stack = self.stacks[square]
        location = stack[0][0]
        creature = next((c for c, _ in stack if self.cards.type(c) == "Creature"), None)
        name = self.players[player]
        self.challenge = None
        if have >= need:
            spent_red, spent_gold = challenge.victory_spends(gold, need)
            self.turn["red"] -= spent_red
            self.turn["gold"] -= spent_gold
            self._overcome(player, "challenge")
            self._step(player, square)
            self.record("victory", f"Victory! {says(name, 'bring')} {have} against {need} on "
                        f"{self.board.label(square)}.", player=player, square=square)
            items = queued(self.cards[location].get("victory"), player, location)
            if creature is not None:
                stack.remove([creature, True])
                self.destroyed.append(creature)
                items += queued(self.cards[creature].get("victory"), player, creature)
                self.record("destroy", f"{self.cards.name(creature)} goes to the Destroyed "
                            "pile.", player=player)
            items += queued(self.cards[location].get("results"), player, location)
            if self.options.get("extra_challenges", True):
                items += queued(self.cards[location].get("extra"), player, location)
            items += [{"do": "_loot_ask", "p": player, "src": c, "square": square}
                      for c, _ in stack[1:]]
            items.append({"do": "_victory_done", "p": player, "src": location,
                          "square": square})
        else:  # nothing is spent (RULE_NOTES): the Hero is moved back
            self._step(player, square)
            self.record("defeat", f"Defeat: {possessive(name, capital=False)} {have} against "
                        f"{need} on {self.board.label(square)}. The stack stays face up.",
                        player=player, square=square)
            items = queued(self.cards[location].get("defeat"), player, location)
            if creature is not None:
                items += queued(self.cards[creature].get("defeat"), player, creature)
            items.append({"do": "_defeat_done", "p": player, "src": location,
                          "square": square})
        self._push(items)

    def _loot_ask(self, item: dict[str, Any]) -> None:
        """Queue step: where a beaten stack's Equipment card goes (effects.ANSWERS)."""
        card = item["src"]
        self._ask(item["p"], "loot", [["hand", card], ["discard", card], ["destroy", card]],
                  False, card, square=item["square"])

    def _victory_done(self, item: dict[str, Any]) -> None:
        """Queue step: a Victory's consequences are over; on the Key, the Hero arrives."""
        if item["square"] == self.board.key:
            self._arrive(item["p"])

    def _defeat_done(self, item: dict[str, Any]) -> None:
        """Queue step: a Defeat never leaves the Hero on the stack (one back at least)."""
        if self.position[item["p"]] == item["square"]:
            self.move_back(item["p"], 1)

    def _arrive(self, player: int) -> None:
        name = self.players[player]
        if self.solo or not self.options.get("duel", False):
            self.winner = player
            self.end_reason = "key"
            turns = f" in {count(self.turns[0] + 1, 'turn')}" if self.solo else ""
            self.record("win", f"{says(name, 'reach')} the Key{turns}! "
                        f"{says(name, 'be')} the Hero of Dobberton!", player=player)
            return
        self.arrivals.append(player)
        if len(self.arrivals) == 1:
            self.final_turns = [p for p in self.turn_order_from(player) if p != player]
            self.record("arrive", f"{says(name, 'reach')} the Key first! DUEL: every other "
                        "player has one more turn to reach it too.", player=player)
        else:
            self.record("arrive", f"{says(name, 'reach')} the Key too: there will be a duel.",
                        player=player)

    # ------------------------------------------------------------ the queue
    # Every effect, and the engine's steps that must wait for the choices before them,
    # are items of ``queue``: a card effect's ``do`` is a verb of effects.VOCABULARY, an
    # engine step's (``_next_turn``, ...) a key of STEPS (below the class).
    def _push(self, items: list[dict[str, Any]]) -> None:
        """Queue ``items`` before everything already queued (they resolve first)."""
        self.queue[:0] = items

    def _run_queue(self) -> None:
        while self.queue and self.pending is None and self.window is None \
                and self.end_reason is None:
            item = self.queue.pop(0)
            if ("unless_item" in item or "if_item" in item) and not holds(self, item):
                continue
            step = STEPS.get(item["do"])
            if step is not None:
                step(self, item)
            else:
                VOCABULARY.perform(item, self)
        if self.end_reason is not None:
            self.queue.clear()
            self.pending = self.window = None

    def _ask(self, player: int, kind: str, options: list[list[str]],
             optional: bool, source: str, **extra: Any) -> None:
        """Stop the queue for ``player``'s choice among ``options`` ([zone, card] pairs)."""
        self.pending = {"player": player, "kind": kind, "options": options,
                        "optional": optional, "src": source, **extra}

    @performs(Choose)
    def _choose(self, action: Choose) -> None:
        """Carry out the answer to the pending question (already checked legal)."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        ANSWERS[pending["kind"]](self, pending, action.zone, action.card)

    @performs(Skip)
    def _skip(self, action: Skip) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        self.record("skip", f"{says(self.players[pending['player']], 'decline')} what "
                    f"{self.cards.name(pending['src'])} offers.", player=pending["player"])

    # ------------------------------------------------------------ cards on the move
    def _draw(self, player: int, n: int, ending: bool = False,
              source: str | None = None) -> int:
        """Draw ``n`` cards (reshuffling the discard pile when the deck runs out); ``ending``:
        the Draw Phase that ends a turn; ``source``: the card drawn with, named in the log."""
        deck, drawn = self.decks[player], []
        for _ in range(n):
            if not deck:
                if not self.discards[player]:
                    break
                deck[:] = self.discards[player]
                self.discards[player].clear()
                self.rng.shuffle(deck)
                self.record("shuffle", f"{says(self.players[player], 'shuffle')} "
                            f"{their(self.players[player])} discard pile "
                            f"into a new deck of {count(len(deck), 'card')}.", player=player)
            drawn.append(deck.pop())
        self.hands[player] += drawn
        name = self.players[player]
        if ending:
            self.record("end", f"{says(name, 'end')} the turn and "
                        f"{verb_form(name, 'draw')} {count(len(drawn), 'card')}.",
                        player=player)
        if drawn:
            self.mark_irreversible("a card was drawn")
            if not ending:
                with_card = f" with {self.cards.name(source)}" if source else ""
                self.record("draw", f"{says(name, 'draw')} {count(len(drawn), 'card')}"
                            f"{with_card}.", player=player, **({"card": source} if source
                                                               else {}))
            self.record("draw", f"{says(name, 'draw')} "
                        f"{listing([self.cards.name(c) for c in drawn])}.", player=player,
                        visible_to=[player], cards=drawn)
        return len(drawn)

    def _refill_adventure(self, slot: int) -> None:
        """Fill an empty Adventure row position from the deck; an Event or Solo card revealed
        there resolves at once (before anything else queued), after the cards revealed before
        it in the same cascade ("in the order that they are revealed"), and then leaves the
        row."""
        if self.adventure_row[slot] is not None or not self.adventure_deck:
            return
        card = self.adventure_deck.pop()
        self.adventure_row[slot] = card
        self.mark_irreversible("a new Adventure card was turned up")
        kind = self.cards.type(card)
        if kind in ("Event", "Solo"):
            self.record("reveal", f"{kind} card revealed in position {slot + 1} of the "
                        f"Adventure row: {self.cards.name(card)}. "
                        f"{self.cards[card].get('text', '')}".rstrip(), card=card, slot=slot)
            steps = self.cards[card]["effects" if kind == "Event" else "instructions"]
            items = [*queued(steps, self.turn_player, card, slot=slot, cascade=True),
                     {"do": "_leave_row", "slot": slot, "p": self.turn_player, "src": card,
                      "cascade": True}]
            queue, at = self.queue, 0
            while at < len(queue) and queue[at].get("cascade"):  # the cards revealed before
                at += 1
            queue[at:at] = items

    def _leave_row(self, item: dict[str, Any]) -> None:
        """Queue step: a resolved Event or Solo card leaves the Adventure row."""
        slot = item["slot"]
        card = self.adventure_row[slot]
        if card == item["src"]:
            self.adventure_row[slot] = None
            self.resolved.append(card)
            self._refill_adventure(slot)

    def _refill_challenge(self, slot: str) -> None:
        row, index = self.challenge_row_of(slot)
        deck = self.location_deck if slot.startswith("L") else self.creature_deck
        if row[index] is None and deck:
            row[index] = deck.pop()
            self.mark_irreversible("a new Challenge card was turned up")

    def _destroy_row_card(self, player: int | None, zone: str, slot: int | str) -> None:
        """Destroy the card in a position of the Adventure row (``slot``: 0-5, a position is
        a slot: of two copies of a card, the one there) or of a Challenge row (``L1``..)."""
        if zone == "adventure":
            assert isinstance(slot, int)
            card = self.adventure_row[slot]
            assert card is not None
            self.adventure_row[slot] = None
            self.destroyed.append(card)
            who = "" if player is None else f"{says(self.players[player], 'destroy')} "
            text = f"{who}{self.cards.name(card)} from the Adventure row" if who else \
                f"{self.cards.name(card)} is destroyed from the Adventure row"
            self.record("destroy", text[0].upper() + text[1:] + ".", player=player, card=card,
                        slot=slot)
            self._refill_adventure(slot)
            return
        assert isinstance(slot, str)
        row, index = self.challenge_row_of(slot)
        destroyed = row[index]
        row[index] = None
        self.destroyed.append(destroyed)
        self.mark_irreversible("a Challenge card was turned face up")
        self.record("destroy", f"{says(self.players[player], 'destroy')} "
                    f"{self.cards.name(destroyed)} from the Challenge row (now face up).",
                    player=player)
        self._refill_challenge(slot)

    def _solo_between_turns(self, item: dict[str, Any]) -> None:
        """Queue step, Solo: destroy one Adventure row card between turns (method A or B)."""
        done = self.turns[0]  # turns completed, this one included
        row = self.adventure_row
        if self.options.get("solo_method", "A") == "A":
            slot = (done - 1) % len(row)
            how = f"position {slot + 1} (method A)"
        else:
            cards = [(self.cards[c]["cost"], i) for i, c in enumerate(row) if c is not None]
            if not cards:
                return
            if done % 2 == 1:
                _, slot = min((-cost, i) for cost, i in cards)
                how = "the highest cost (method B, after an odd turn)"
            else:
                _, slot = min(cards)
                how = "the lowest cost (method B, after an even turn)"
        card = row[slot]
        if card is None:
            self.record("solo", f"Between turns: position {slot + 1} of the Adventure row is "
                        "empty; nothing is destroyed.")
            return
        self.record("solo", f"Between turns the forest takes {how}:")
        self._destroy_row_card(None, "adventure", slot)

    # ------------------------------------------------------------ checking a position
    #: The options ``new_game`` writes, every one of them in every game.
    OPTION_NAMES: ClassVar[tuple[str, ...]] = (
        "cards", "board", "duel", "variant_a", "variant_b", "extra_challenges", "events",
        "solo_method", "round_limit")

    @classmethod
    def check_options(cls, options: dict[str, Any], *, players: int | None = None) -> None:
        """Raise InvalidArgumentError naming the option if ``options`` are not ones
        :func:`new_game` writes: exactly its options, each of the kind and within the range
        ``new_game`` accepts; with ``players``, also the options that depend on the number
        of players (the 2-player variants, DUEL). ``new_game`` and loading a save both call
        it (a card set or board that is not the shipped one, or is not valid, raises
        DataFormatError).

        >>> DobbersState.check_options(dict(new_game(seed=1).options, round_limit=0))
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.InvalidArgumentError: round_limit must be a whole \
number from 1 to 1,000 (rounds before a game with no winner stops; or None), not 0
        """
        if not isinstance(options, dict):
            raise InvalidArgumentError(f"options must be a dict, not {shown(options)}")
        unknown = sorted(set(options) - set(cls.OPTION_NAMES), key=str)
        if unknown:
            raise InvalidArgumentError(f"{shown(unknown[0])} is not an option of Dobbers (its "
                                       f"options: {', '.join(cls.OPTION_NAMES)})")
        missing = [name for name in cls.OPTION_NAMES if name not in options]
        if missing:
            raise InvalidArgumentError(f"{missing[0]}: an option new_game always writes is "
                                       "missing")
        for name in ("duel", "variant_a", "variant_b", "extra_challenges", "events"):
            one_of(options[name], name, (True, False))
        one_of(options["solo_method"], "solo_method", ("A", "B"))
        if options["round_limit"] is not None:
            whole_number(options["round_limit"], "round_limit", minimum=1, maximum=1000,
                         why="rounds before a game with no winner stops; or None")
        cards_from_option(options["cards"])
        board_from_option(options["board"])
        if players is None:
            return
        for name in ("variant_a", "variant_b"):
            if options[name] and players != 2:
                raise InvalidArgumentError(f"{name}: the 2 Player Rule Variants are for 2 "
                                           f"players, not {players}")
        if options["duel"] and players == 1:
            raise InvalidArgumentError("duel: a DUEL needs at least 2 players")

    def check_position(self) -> None:
        """Raise SaveFormatError naming the field and why if this position is not one a game
        of Dobbers could reach: the same checks as a position built by :func:`position`,
        every seat, card, square and count real and in range, the invariants every action
        keeps (one Hero each, trails along the board's paths, the pieces all there). A
        player's view (what ``load_game`` of a view's save gives) may hide cards ("?").

        >>> game = position(heroes=["toby"])
        >>> game.turn_player = 7
        >>> game.check_position()
        Traceback (most recent call last):
        ...
        dungeoncraft_widgets.core.errors.SaveFormatError: saved Dobbers position: \
turn_player must be a whole number from 0 to 1 (a seat of this 2-player game), not 7
        """
        try:
            _PositionCheck(self).run()
        except InvalidArgumentError as exc:
            raise SaveFormatError(f"saved Dobbers position: {exc}") from None

    # ------------------------------------------------------------ save/load/views
    _FIELDS = ("phase", "pick_order", "pick_index", "first", "heroes", "position", "trail",
               "decks", "hands", "discards", "equipped", "forged", "tokens", "token_supply",
               "adventure_deck", "adventure_row", "location_deck", "location_row",
               "creature_deck", "creature_row", "stacks", "destroyed", "set_aside", "resolved",
               "turn_player", "round", "turns", "turn", "challenge", "queue", "pending", "window",
               "arrivals", "final_turns", "duel", "winner", "end_reason")
    # Views and copies are made at every bot decision: the position is plain data (copied
    # by core's clone); the card set, the board, the options and the names never change;
    # the legal actions and the odds' reading of a view (odds.py) are worked out again.
    data_fields = _FIELDS
    shared_fields = ("cards", "board", "options", "players")
    cache_fields = ("_legal", "_dcw_sight")

    def _dump(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self._FIELDS}

    #: The JSON Schema of what ``_dump`` returns (a save's ``start`` and ``current``).
    state_schema: ClassVar[dict[str, Any]] = {
        "type": "object", "required": list(_FIELDS), "additionalProperties": False,
        "properties": {
            "phase": {"enum": ["hero", "start", "main", "duel"]},
            "pick_order": _INTS, "pick_index": {"type": "integer", "minimum": 0},
            "first": {"type": "integer", "minimum": 0},
            "heroes": {"type": "array", "items": {"type": ["string", "null"]}},
            "position": {"type": "array", "items": {"type": ["string", "null"]}},
            "trail": {"type": "array", "items": _IDS},
            "decks": {"type": "array", "items": _IDS}, "hands": {"type": "array", "items": _IDS},
            "discards": {"type": "array", "items": _IDS},
            "equipped": {"type": "array", "items": _SLOT_MAP},
            "forged": {"type": "array", "items": _SLOT_MAP},
            "tokens": {"type": "array", "items": _IDS}, "token_supply": _IDS,
            "adventure_deck": _IDS, "location_deck": _IDS, "creature_deck": _IDS,
            "adventure_row": {"type": "array", "items": {"type": ["string", "null"]}},
            "location_row": {"type": "array", "items": {"type": ["string", "null"]}},
            "creature_row": {"type": "array", "items": {"type": ["string", "null"]}},
            "stacks": {"type": "object", "additionalProperties": {
                "type": "array", "minItems": 1, "items": {
                    "type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}],
                    "minItems": 2, "maxItems": 2}}},
            "destroyed": _IDS, "set_aside": _IDS, "resolved": _IDS,
            "turn_player": {"type": "integer", "minimum": 0},
            "round": {"type": "integer", "minimum": 0}, "turns": _INTS,
            "turn": {"type": "object", "required": ["red", "blue", "gold", "influence", "used",
                                                    "played", "held", "drawn", "bonus",
                                                    "contrib", "discount", "first_shield",
                                                    "power", "equipped_now"],
                     "properties": {"red": {"type": "integer"}, "blue": {"type": "integer"},
                                    "gold": {"type": "integer"}, "influence": {"type": "integer"},
                                    "used": _SLOT_MAP, "equipped_now": _SLOT_MAP,
                                    "played": {"type": "array", "items": {"type": ["string",
                                                                                  "null"]}},
                                    "held": _IDS, "drawn": _IDS,
                                    "bonus": _IDS, "discount": _IDS, "contrib": _CONTRIBUTIONS,
                                    "first_shield": {"type": "boolean"},
                                    "power": {"type": "boolean"}}},
            "challenge": {"type": ["object", "null"]},
            "queue": {"type": "array", "items": {"type": "object", "required": ["do"]}},
            "pending": {"type": ["object", "null"]}, "window": {"type": ["object", "null"]},
            "arrivals": _INTS, "final_turns": {"type": ["array", "null"], "items": {"type":
                                                                                   "integer"}},
            "duel": {"type": ["object", "null"]}, "winner": _OPT_INT,
            "end_reason": {"type": ["string", "null"]},
        },
    }

    def _restore(self, data: dict[str, Any]) -> None:
        self._legal = None
        self._load_data()
        for f in self._FIELDS:
            setattr(self, f, data[f])
        # Whatever a save holds is read in the game's words: the position is one a game
        # could reach (a view's: with its hidden parts), or refused naming the field.
        self.check_position()

    def _hide(self, player: int | None) -> None:
        cards = self.cards
        self.hands = [hand if p == player else [HIDDEN] * len(hand)
                      for p, hand in enumerate(self.hands)]
        self.decks = [sorted(deck) if p == player else [HIDDEN] * len(deck)
                      for p, deck in enumerate(self.decks)]
        for name in ("adventure_deck", "location_deck", "creature_deck", "set_aside"):
            setattr(self, name, [HIDDEN] * len(getattr(self, name)))
        # A face-down card shows its art, which names it (a row card, a Location on the
        # board); a card covered in a stack shows only its icon (RULE_NOTES).
        self.stacks = {square: [[card if up or i == 0 else cards.back(card), up]
                                for i, (card, up) in enumerate(stack)]
                       for square, stack in self.stacks.items()}
        if self.pending is not None:
            self.pending = dict(self.pending)
            if self.pending["player"] != player:
                self.pending["options"] = []
            if "card" in self.pending and self.pending.get("where") == "deck":
                self.pending["card"] = cards.back(self.pending["card"])
        self.queue = [dict(item) for item in self.queue]

    def hidden_zones(self, player: int | None) -> dict[str, list]:
        """The other players' hands and decks, the shared decks and the set-aside cards,
        every face-down card covered in a stack, and a face-down card from a deck in a
        pending choice (GameState.hidden_zones)."""
        zones: dict[str, list] = {}
        for p in range(len(self.hands)):
            if p != player:
                zones[f"hand {p}"] = list(self.hands[p])
                zones[f"deck {p}"] = list(self.decks[p])
        for name in ("adventure_deck", "location_deck", "creature_deck", "set_aside"):
            zones[name] = list(getattr(self, name))
        zones["covered"] = [card for _square, stack in sorted(self.stacks.items())
                            for i, (card, up) in enumerate(stack) if i and not up]
        if self.pending is not None and "card" in self.pending \
                and self.pending.get("where") == "deck":
            zones["pending"] = [self.pending["card"]]
        return zones

    def expected_components(self) -> Counter:
        """Every card and token this game was dealt (what ``components()`` must always count)."""
        c = self.cards
        out: Counter = Counter(c.adventure) + Counter(c.locations) + Counter(c.creatures)
        out += Counter(c.tokens)
        for _ in self.players:
            out += Counter(c.starting)
        if self.options.get("events"):
            out += Counter(c.events)
        if self.solo:
            out += Counter(c.solo)
        return out

    def components(self) -> Counter:
        out: Counter = Counter()
        for zones in (self.decks, self.hands, self.discards, self.tokens):
            for zone in zones:
                out.update(zone)
        for slots in (*self.equipped, *self.forged):
            out.update(slots.values())
        out.update(self.turn["held"])
        for zone in (self.token_supply, self.adventure_deck, self.location_deck,
                     self.creature_deck, self.destroyed, self.set_aside, self.resolved):
            out.update(zone)
        for row in (self.adventure_row, self.location_row, self.creature_row):
            out.update(c for c in row if c)
        for stack in self.stacks.values():
            out.update(card for card, _ in stack)
        return out

# ------------------------------------------------------------------ a loaded position's checks
@lru_cache(maxsize=64)
def _pool_bound(cards: CardSet, players: int) -> int:
    """More points than any turn can hold: everything every card of the game gives (its
    points, bonuses, Forge box, Destroy ability, the points its effects gain), twice for
    the cards a retrieve may bring back to be played again, the best Hero's and every
    positive token's."""
    def gives(value: Any) -> int:
        if isinstance(value, dict):
            return sum(v for k, v in value.items() if k in points.POINTS
                       and isinstance(v, int)) + sum(gives(v) for k, v in value.items()
                                                     if k not in points.POINTS)
        if isinstance(value, list):
            return sum(gives(v) for v in value)
        return 0

    physical = [*cards.adventure, *cards.locations, *cards.creatures,
                *(card for _ in range(players) for card in cards.starting)]
    each = [gives(cards[c]) for c in physical]
    retrieves = sum(1 for c in physical if '"retrieve"' in repr(cards[c]).replace("'", '"'))
    hero = max(gives(cards[h]) for h in cards.heroes)
    tokens = sum(max(0, cards.token_value(t)) for t in cards.tokens)
    return sum(each) + retrieves * max(each) + hero + tokens + 1


class _PositionCheck:
    """The checks of :meth:`DobbersState.check_position`, one method per part of the
    position; each raises InvalidArgumentError naming the field."""

    def __init__(self, state: DobbersState) -> None:
        self.s = state
        self.n = len(state.players)
        self.cards, self.board = state.cards, state.board
        self.view = state.rng is None  # a player's view: hidden cards are "?"

    def run(self) -> None:
        s = self.s
        try:
            type(s).check_options(s.options, players=self.n)
        except InvalidArgumentError as exc:
            raise InvalidArgumentError(f"options: {exc}") from None
        for f in ("heroes", "position", "trail", "decks", "hands", "discards", "equipped",
                  "forged", "tokens", "turns"):
            if len(getattr(s, f)) != self.n:
                raise InvalidArgumentError(f"{f} holds an entry per player ({self.n}), not "
                                           f"{len(getattr(s, f))}")
        self.setup()
        self.zones()
        self.board_part()
        self.turn_part()
        self.questions()
        self.ending()
        self.conservation()

    # -- helpers
    def seat(self, value: Any, name: str) -> int:
        return seat(self.n, value, name)

    def card(self, value: Any, name: str, kinds: tuple[str, ...], hidden: bool = False) -> None:
        """``value`` names a card of one of ``kinds`` (or, in a view, is hidden)."""
        if hidden and self.view and value == HIDDEN:
            return
        if not isinstance(value, str) or value not in self.cards \
                or self.cards.type(value) not in kinds:
            what = listing(list(kinds), "or")
            article = "an" if what[0] in "AEIOU" else "a"
            found = f" (a {self.cards.type(value)})" if isinstance(value, str) \
                and value in self.cards else ""
            raise InvalidArgumentError(f"{name} must be {article} {what} card of the card set, "
                                       f"not {shown(value)}{found}")

    def cards_of(self, zone: Any, name: str, kinds: tuple[str, ...],
                 hidden: bool = False) -> None:
        for i, value in enumerate(zone):
            self.card(value, f"{name}[{i}]", kinds, hidden)

    def square(self, value: Any, name: str) -> str:
        if not isinstance(value, str) or value not in self.board.squares:
            raise InvalidArgumentError(f"{name} must be a square of the board, not "
                                       f"{shown(value)}")
        return value

    # -- the parts
    def setup(self) -> None:
        s, n = self.s, self.n
        if sorted(s.pick_order) != list(range(n)):
            raise InvalidArgumentError(f"pick_order must be every seat once, not "
                                       f"{shown(s.pick_order)}")
        whole_number(s.pick_index, "pick_index", minimum=0,
                     maximum=n - 1 if s.phase in ("hero", "start") else n,
                     why="the seat choosing now, in pick_order")
        if s.first != s.pick_order[0]:
            raise InvalidArgumentError(f"first must be the first to choose a Hero "
                                       f"({s.pick_order[0]}), not {shown(s.first)}")
        chosen = s.pick_order[:s.pick_index] if s.phase == "hero" else s.pick_order
        for p, hero in enumerate(s.heroes):
            if p in chosen:
                self.card(hero, f"heroes[{p}]", ("Hero",))
            elif hero is not None:
                raise InvalidArgumentError(f"heroes[{p}]: {shown(hero)} before that seat has "
                                           "chosen (they choose in pick_order)")
        picked = [h for h in s.heroes if h is not None]
        if len(set(picked)) != len(picked):
            raise InvalidArgumentError(f"heroes: each Hero goes to one player, not "
                                       f"{shown(s.heroes)}")
        placed = [] if s.phase == "hero" else s.pick_order[:s.pick_index] \
            if s.phase == "start" else list(s.pick_order)
        for p, where in enumerate(s.position):
            if p not in placed:
                if where is not None or s.trail[p]:
                    raise InvalidArgumentError(f"position[{p}]: a meeple before that seat has "
                                               "chosen a start")
                continue
            self.square(where, f"position[{p}]")
            self.trail(p)
        self.seat(s.turn_player, "turn_player")

    def trail(self, p: int) -> None:
        s, board = self.s, self.board
        trail = s.trail[p]
        if not trail:
            raise InvalidArgumentError(f"trail[{p}] is empty: it begins at the meeple's start")
        for i, square in enumerate(trail):
            self.square(square, f"trail[{p}][{i}]")
        for i, (a, b) in enumerate(zip(trail, trail[1:], strict=False)):
            if b not in board.neighbours[a]:
                raise InvalidArgumentError(f"trail[{p}][{i + 1}]: {b} is not next to {a} (a "
                                           "trail goes along the board's paths)")
        if len(trail) > len(board.squares):
            raise InvalidArgumentError(f"trail[{p}] is longer than any way on the board")
        if trail[-1] != s.position[p]:
            raise InvalidArgumentError(f"trail[{p}] must end where the meeple stands "
                                       f"({s.position[p]}), not at {trail[-1]}")

    def zones(self) -> None:
        s = self.s
        deck_kinds = ("Effect", "Weapon", "Armor", "Item")
        for p in range(self.n):
            self.cards_of(s.decks[p], f"decks[{p}]", deck_kinds, hidden=True)
            self.cards_of(s.hands[p], f"hands[{p}]", deck_kinds, hidden=True)
            self.cards_of(s.discards[p], f"discards[{p}]", deck_kinds)
            self.cards_of(s.tokens[p], f"tokens[{p}]", ("Token",))
            for part in ("equipped", "forged"):
                for slot, card in getattr(s, part)[p].items():
                    self.card(card, f"{part}[{p}].{slot}", (slot.capitalize(),) if
                              part == "equipped" else EQUIPMENT_TYPES)
            for slot, card in s.forged[p].items():
                if slot not in s.equipped[p]:
                    raise InvalidArgumentError(f"forged[{p}].{slot}: a Forge card goes under an "
                                               f"equipped {slot}, and none is")
                if "forge" not in self.cards[card]:
                    raise InvalidArgumentError(f"forged[{p}].{slot}: {card} has no Forge bonus")
        self.cards_of(s.token_supply, "token_supply", ("Token",))
        self.cards_of(s.adventure_deck, "adventure_deck", (*deck_kinds, "Event", "Solo"),
                      hidden=True)
        self.cards_of(s.location_deck, "location_deck", ("Location",), hidden=True)
        self.cards_of(s.creature_deck, "creature_deck", ("Creature",), hidden=True)
        self.cards_of(s.set_aside, "set_aside", (*deck_kinds, "Event", "Solo", "Location"),
                      hidden=True)
        everything = ("Effect", "Weapon", "Armor", "Item", "Location", "Creature", "Event",
                      "Solo")
        self.cards_of(s.destroyed, "destroyed", everything)
        self.cards_of(s.resolved, "resolved", ("Event", "Solo"))
        if len(s.adventure_row) != ADVENTURE_ROW:
            raise InvalidArgumentError(f"adventure_row holds {ADVENTURE_ROW} positions, not "
                                       f"{len(s.adventure_row)}")
        for i, card in enumerate(s.adventure_row):
            if card is not None:
                self.card(card, f"adventure_row[{i}]", (*deck_kinds, "Event", "Solo"))
        size = row_size(self.n)
        for name, kind in (("location_row", "Location"), ("creature_row", "Creature")):
            row = getattr(s, name)
            sizes = (size, 0) if self.s.solo and kind == "Location" else (size,)
            if len(row) not in sizes:
                raise InvalidArgumentError(f"{name} holds {size} positions, not {len(row)}")
            for i, card in enumerate(row):
                if card is not None:
                    self.card(card, f"{name}[{i}]", (kind,))

    def board_part(self) -> None:
        s, cards = self.s, self.cards
        for square, stack in s.stacks.items():
            name = f"stacks.{square}"
            if not self.board.is_encounter(self.square(square, f"stacks key {square!r}")):
                raise InvalidArgumentError(f"{name}: a stack stands on an Encounter square")
            if not stack:
                continue
            self.card(stack[0][0], f"{name}[0]", ("Location",))
            kinds: list[str] = []
            for i, (card, up) in enumerate(stack[1:], 1):
                if self.view and not up and isinstance(card, str) and card in ICONS:
                    kind = card[1:].capitalize()
                else:
                    self.card(card, f"{name}[{i}]", ("Creature", *EQUIPMENT_TYPES))
                    kind = cards.type(card)
                if kind == "Creature" and i != len(stack) - 1:
                    raise InvalidArgumentError(f"{name}: the Creature is the last card of a "
                                               "stack (Equipment goes between it and the "
                                               "Location)")
                kinds.append(kind)
            equipment = [k for k in kinds if k != "Creature"]
            if len(set(equipment)) != len(equipment):
                raise InvalidArgumentError(f"{name}: one card of each Equipment type at most")
            if len(kinds) > cards[stack[0][0]]["capacity"]:
                raise InvalidArgumentError(f"{name}: more cards under {stack[0][0]} than its "
                                           f"capacity ({cards[stack[0][0]]['capacity']})")
        if s.challenge is not None:
            where = s.challenge.get("square") if isinstance(s.challenge, dict) else None
            if not s.stacks.get(where) or s.challenge.get("from") not in \
                    self.board.neighbours.get(where, {}):
                raise InvalidArgumentError(f"challenge must name a stack next to the square "
                                           f"the Hero came from, not {shown(s.challenge)}")

    def turn_part(self) -> None:
        s, cards = self.s, self.cards
        turn = s.turn
        bound = _pool_bound(cards, self.n)
        for colour in points.POINTS:
            whole_number(turn[colour], f"turn.{colour}", minimum=0, maximum=bound,
                         why="what every card of the game gives together, at most")
        for part in ("used", "equipped_now"):
            for slot, card in turn[part].items():
                self.card(card, f"turn.{part}.{slot}", (slot.capitalize(),))
        for i, card in enumerate(turn["played"]):
            if card is not None:
                self.card(card, f"turn.played[{i}]", ("Effect",))
        if Counter(turn["held"]) - Counter(turn["played"]):
            raise InvalidArgumentError("turn.held: a card in play was played this turn")
        for part in ("drawn",):
            if not set(turn[part]) <= set(SLOTS) or len(set(turn[part])) != len(turn[part]):
                raise InvalidArgumentError(f"turn.{part} must be equipment slots, once each")
        if not set(turn["discount"]) <= {"Effect", "Equipment"}:
            raise InvalidArgumentError("turn.discount names what a Hero's discount was used on")
        for flag in ("first_shield", "power"):
            one_of(turn[flag], f"turn.{flag}", (True, False))
        limit = s.options["round_limit"]
        whole_number(s.round, "round", minimum=0, maximum=0 if s.solo else limit,
                     why="the rounds played, under the round limit")
        for p, n in enumerate(s.turns):
            whole_number(n, f"turns[{p}]", minimum=0,
                         maximum=limit if s.solo else s.round + 2,
                         why="the turns played, as the rounds allow")

    def questions(self) -> None:
        s = self.s
        for i, item in enumerate(s.queue):
            verb = item.get("do")
            if verb not in STEPS and verb not in VOCABULARY:
                raise InvalidArgumentError(f"queue[{i}].do must be an effect or an engine "
                                           f"step, not {shown(verb)}")
            if "p" in item:
                self.seat(item["p"], f"queue[{i}].p")
        if s.pending is not None:
            pending = s.pending
            if not {"player", "kind", "options", "optional", "src"} <= set(pending):
                raise InvalidArgumentError("pending must say who is asked what (player, kind, "
                                           f"options, optional, src), not {shown(pending)}")
            self.seat(pending["player"], "pending.player")
            one_of(pending["kind"], "pending.kind", tuple(ANSWERS))
            one_of(pending["optional"], "pending.optional", (True, False))
            options = pending["options"]
            hidden = self.view and pending["player"] != s.viewer
            if not isinstance(options, list) or not (options or pending["optional"]
                                                     or hidden) or not all(
                    isinstance(o, list) and len(o) == 2 and all(isinstance(x, str) for x in o)
                    for o in options):
                raise InvalidArgumentError("pending.options must be [zone, card] pairs (one at "
                                           f"least, unless optional), not {shown(options)}")
            # a row position offered must be one there is (the soak: "choose challenge x")
            for zone, where in options:
                if zone == "challenge" and where not in s.challenge_slots() or \
                        zone == "adventure" and where not in [str(i + 1) for i in
                                                              range(len(s.adventure_row))]:
                    raise InvalidArgumentError(f"pending.options: {shown(where)} is not a "
                                               f"position of the {zone} row")
        if s.window is not None:
            window = s.window
            if not isinstance(window, dict) or not {"card", "from", "asked", "at"} <= set(window):
                raise InvalidArgumentError(f"window must say which card, from whom, who is "
                                           f"asked, not {shown(window)}")
            self.card(window["card"], "window.card", ("Effect", *EQUIPMENT_TYPES))
            self.seat(window["from"], "window.from")
            asked = window["asked"]
            if not isinstance(asked, list) or not asked or any(
                    not integer(q) or not 0 <= q < self.n or q == window["from"] for q in asked):
                raise InvalidArgumentError(f"window.asked must be the other seats asked, not "
                                           f"{shown(asked)}")
            whole_number(window["at"], "window.at", minimum=0, maximum=len(asked) - 1)
        if s.pending is not None and s.window is not None:
            raise InvalidArgumentError("pending and window: one question at a time")
        if s.phase in ("hero", "start") and (s.queue or s.pending or s.window or s.challenge):
            raise InvalidArgumentError(f"phase {s.phase}: nothing is queued or asked during "
                                       "set-up")

    def ending(self) -> None:
        s = self.s
        for i, p in enumerate(s.arrivals):
            self.seat(p, f"arrivals[{i}]")
            if s.position[p] != self.board.key:
                raise InvalidArgumentError(f"arrivals[{i}]: seat {p} is not on the Key")
        if len(set(s.arrivals)) != len(s.arrivals):
            raise InvalidArgumentError("arrivals: each Hero arrives once")
        if s.final_turns is not None:
            for i, p in enumerate(s.final_turns):
                self.seat(p, f"final_turns[{i}]")
        if s.winner is not None:
            self.seat(s.winner, "winner")
        one_of(s.end_reason, "end_reason", (None, "key", "duel", "round limit"))
        if (s.winner is not None) != (s.end_reason in ("key", "duel")):
            raise InvalidArgumentError("winner and end_reason: a game won by the Key or a duel "
                                       "has a winner, and only such a game")
        if s.phase == "duel" and not isinstance(s.duel, dict):
            raise InvalidArgumentError("duel: a duel in progress says its order and totals")

    def conservation(self) -> None:
        s = self.s
        have, want = s.components(), s.expected_components()
        if not self.view:
            if have != want:
                extra = sorted((have - want).elements())
                short = sorted((want - have).elements())
                raise InvalidArgumentError(
                    "the cards and tokens do not add up to the card set (a card is missing or "
                    "invented: " + ", ".join(filter(None, [
                        f"{len(extra)} more than dealt ({', '.join(extra[:3])})" if extra else "",
                        f"{len(short)} missing ({', '.join(short[:3])})" if short else ""]))
                    + ")")
            return
        shown_ids = Counter({c: k for c, k in have.items() if c in want})
        if shown_ids - want or sum(have.values()) != sum(want.values()):
            raise InvalidArgumentError("the cards and tokens do not add up to the card set (a "
                                       "card is missing or invented)")


#: The engine's own queue steps (an item whose ``do`` starts with ``_``): they wait in the
#: queue for every choice before them (DobbersState._run_queue).
STEPS: dict[str, Callable[[DobbersState, dict[str, Any]], None]] = {
    "_next_turn": DobbersState._next_turn,
    "_played_done": DobbersState._played_done,
    "_outwit_window": DobbersState._outwit_window,
    "_loot_ask": DobbersState._loot_ask,
    "_victory_done": DobbersState._victory_done,
    "_defeat_done": DobbersState._defeat_done,
    "_leave_row": DobbersState._leave_row,
    "_solo_between_turns": DobbersState._solo_between_turns,
}


# ------------------------------------------------------------------ new games
def new_game(players: int | Sequence[str] = 2, seed: int | None = None, *,
             cards: Any = None, board: Any = None, duel: bool = False,
             variant_a: bool = False, variant_b: bool = False, extra_challenges: bool = True,
             events: bool = False, solo_method: str = "A",
             round_limit: int | str | None = "default") -> DobbersState:
    """A new game for 1-4 players (1: Solo Play Mode), with the rulebook's options.

    ``cards``/``board``: an owner's data (a path or a dict, read and checked at once);
    ``duel``: the DUEL ending; ``variant_a``/``variant_b``: the 2-player variants;
    ``extra_challenges``: the tan boxes; ``events``: Event cards in the Adventure deck;
    ``solo_method``: ``"A"`` or ``"B"``, how a row card is destroyed between solo turns;
    ``round_limit``: the engine's safeguard (see ``RULE_NOTES``): by default
    :data:`DEFAULT_ROUND_LIMIT` rounds, or :data:`DEFAULT_SOLO_TURNS` turns solo.

    >>> game = new_game(1, seed=2, solo_method="B")
    >>> game.solo, game.options["solo_method"]
    (True, 'B')
    >>> new_game(3, variant_a=True)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: variant_a: the 2 Player Rule \
Variants are for 2 players, not 3
    """
    n = players if isinstance(players, int) and not isinstance(players, bool) else \
        len(players) if isinstance(players, (list, tuple)) else None
    if round_limit == "default":  # (a save keeps the number)
        round_limit = DEFAULT_SOLO_TURNS if n == 1 else DEFAULT_ROUND_LIMIT
    options: dict[str, Any] = {
        "cards": cards_option(load_cards(cards)), "board": board_option(load_board(board)),
        "duel": duel, "variant_a": variant_a, "variant_b": variant_b,
        "extra_challenges": extra_challenges, "events": events, "solo_method": solo_method,
        "round_limit": round_limit}
    DobbersState.check_options(options, players=n)  # the checks a save's options pass too
    return DobbersState(players, seed, **options)


# ------------------------------------------------------------------ positions for analysis
def position(players: int | Sequence[str] = 2, seed: int = 0, *,
             heroes: Sequence[str | None] = (), hand: Sequence[str] | None = None,
             equipped: dict[str, str] | None = None, forged: dict[str, str] | None = None,
             at: str | None = None, trail: Sequence[str] | None = None,
             stacks: dict[str, Sequence[str]] | None = None,
             adventure_row: Sequence[str] | None = None, tokens: Sequence[str] = (),
             deck: Sequence[str] | None = None, discard: Sequence[str] | None = None,
             challenge_row: Sequence[str] | None = None, **options: Any) -> DobbersState:
    """A game at the start of the first player's Main Phase, set up as asked.

    ``heroes`` by seat (None: the first free one); for the player to act: ``hand`` (card
    ids), ``equipped`` (``{"weapon": "silver_sword", ...}``), ``forged`` (a Forge card under
    an equipped slot), ``at`` (a square) with the ``trail`` that led there along the
    board's paths (default: the fewest paths from the start), ``tokens`` (from the supply);
    on the board ``stacks`` (``{"E2": ["castle_walls", "tree_golem"]}``, the Location
    first, all face down) and the ``adventure_row``. Every card is taken from where the
    shuffle put it, so the position is a real one: it passes
    :meth:`DobbersState.check_position` (what a loaded save passes), save/load and undo
    work, and everything else stays as the seed dealt it. Anything else is refused with an
    InvalidArgumentError naming it.

    A position typed in at a real table (:mod:`.calculator`) also sets, for the player to
    act, their ``deck`` (the cards still to draw, in that order) and ``discard`` pile: a
    starting card comes from their own starting deck (there is no 9th Bottle Cap), a bought
    card from the Adventure deck, and the starting cards left over were Destroyed (with
    ``deck`` None, they stay in the deck). ``challenge_row``: the Locations and Creatures
    showing in the Challenge row (by their art); the positions it leaves are empty. In a
    stack, a card may be an icon (``"?creature"``, ``"?weapon"``, ...): a face-down card
    nobody knows, for which a card of that type the player has not seen stands in (their
    view shows only its icon); and ``[card, True]`` is a card face up (as after a Defeat;
    or one the player knows, having put it there).

    >>> game = position(heroes=["toby", "herb"], hand=["helpful", "strength"],
    ...                 equipped={"weapon": "silver_sword"}, at="T3")
    >>> game.heroes[game.turn_player], game.hands[game.turn_player], game.position[game.turn_player]
    ('toby', ['helpful', 'strength'], 'T3')
    >>> game = position(heroes=["herb"], hand=["silver"], deck=["bottle_cap", "traveling_kit"],
    ...                 discard=["wooden_knife"], challenge_row=["dark_wood", "giant_rat"],
    ...                 stacks={"E2": ["castle_walls", "?creature"]})
    >>> p = game.turn_player
    >>> game.decks[p], game.location_row, game.view(p).stacks["E2"][1]
    (['bottle_cap', 'traveling_kit'], ['dark_wood', None, None], ['?creature', False])
    >>> position(deck=["bottle_cap"] * 9)
    Traceback (most recent call last):
    ...
    dungeoncraft_widgets.core.errors.InvalidArgumentError: deck: Player 1 has 8 Bottle Caps \
at most (the starting deck's), not 9
    """
    state = new_game(players, seed, **options)
    cards = state.cards
    heroes = sequence(heroes, "heroes", lambda h, name: h if h is None else one_of(
        h, name, cards.heroes), most=len(state.players))
    while state.phase == "hero":
        who = state.current_player
        wanted = heroes[who] if who < len(heroes) else None
        if wanted is None:  # the first free Hero no other seat asked for
            wanted = next(a.hero for a in state.legal_actions()  # type: ignore[attr-defined]
                          if a.hero not in heroes)
        elif wanted in state.heroes:
            raise InvalidArgumentError(f"heroes: {wanted!r} is chosen twice (one Hero each)")
        state.apply(HeroChoice(wanted))
    while state.phase == "start":
        state.apply(state.legal_actions()[0])
    state.queue.clear()
    p = state.turn_player

    def take(card: str) -> str:
        if not isinstance(card, str) or card not in cards or cards.type(card) in ("Hero",
                                                                                 "Token"):
            raise InvalidArgumentError(f"there is no card {shown(card)}")
        zones = [state.decks[p], state.discards[p], state.adventure_deck, state.location_deck,
                 state.creature_deck, state.set_aside, *state.decks, *state.discards,
                 *state.hands]
        for zone in zones:
            if card in zone:
                zone.remove(card)
                return card
        for row in (state.adventure_row, state.location_row, state.creature_row):
            if card in row:
                row[row.index(card)] = None
                return card
        raise InvalidArgumentError(f"no {cards.name(card)} is left to put in this position")

    def take_hidden(icon: str) -> str:
        """A stand-in for a face-down card nobody knows: one of that type still in a
        supply deck (never one the player sees)."""
        kind = icon[1:].capitalize()
        supply = state.creature_deck if kind == "Creature" else state.adventure_deck
        for i in range(len(supply) - 1, -1, -1):
            if cards.type(supply[i]) == kind:
                return supply.pop(i)
        raise InvalidArgumentError(f"stacks: no face-down {kind} is left to put there")

    def stack_card(entry: Any, name: str) -> list[Any]:
        if isinstance(entry, (list, tuple)) and len(entry) == 2 and entry[1] is True:
            return [take(entry[0]), True]
        if isinstance(entry, str) and entry in ICONS:
            return [take_hidden(entry), False]
        if not isinstance(entry, str):
            raise InvalidArgumentError(f"{name} must be a card id, an icon such as "
                                       f"'?creature' or [card, True], not {shown(entry)}")
        return [take(entry), False]

    if adventure_row is not None:
        if len(adventure_row) > ADVENTURE_ROW:
            raise InvalidArgumentError(f"adventure_row holds at most {ADVENTURE_ROW} cards")
        state.adventure_deck += [c for c in state.adventure_row if c]
        state.adventure_row = [None] * ADVENTURE_ROW
        state.adventure_row[:len(adventure_row)] = [take(c) for c in adventure_row]
    if challenge_row is not None:
        _set_challenge_row(state, challenge_row, take)
    if hand is not None:
        state.decks[p] += state.hands[p]
        state.hands[p] = []
        state.hands[p] = [take(c) for c in hand]
    for slot, card in (equipped or {}).items():
        one_of(slot, "equipped's slot", SLOTS)
        if card not in cards or cards.type(card).lower() != slot:
            raise InvalidArgumentError(f"equipped: {shown(card)} does not go in a {slot} slot")
        state.equipped[p][slot] = take(card)
    for slot, card in (forged or {}).items():
        one_of(slot, "forged's slot", SLOTS)
        if slot not in state.equipped[p]:
            raise InvalidArgumentError(f"forged: no {slot} is equipped to forge {shown(card)} "
                                       "under")
        if card not in cards or "forge" not in cards[card]:
            raise InvalidArgumentError(f"forged: {shown(card)} is not a card with a Forge bonus")
        state.forged[p][slot] = take(card)
    if deck is not None or discard is not None:
        _set_own_cards(state, p, deck, discard, take)
    for square, stack in (stacks or {}).items():
        if square not in state.board.squares or not state.board.is_encounter(square):
            raise InvalidArgumentError(f"stacks: {square!r} is not an Encounter square")
        for card, _up in state.stacks.pop(square, []):  # a stack set-up put there
            kind = cards.type(card)
            home = state.creature_deck if kind == "Creature" else state.adventure_deck \
                if kind != "Location" else state.set_aside if state.solo else \
                state.location_deck
            home.append(card)
        state.stacks[square] = [stack_card(c, f"stacks[{square!r}][{i}]")
                                for i, c in enumerate(sequence(stack, f"stacks[{square!r}]",
                                                               lambda c, _name: c, most=8))]
    for row, slot in ((state.location_row, "L"), (state.creature_row, "C")):
        for i, card in enumerate(row):
            if card is None and challenge_row is None:
                state._refill_challenge(f"{slot}{i + 1}")
    if at is not None:
        board = state.board
        if not isinstance(at, str) or at not in board.squares:
            raise InvalidArgumentError(f"at must be a square of the board, not {shown(at)}")
        way = list(sequence(trail, "trail", lambda sq, name: one_of(sq, name, board.squares),
                            most=4 * len(board.squares))) if trail else \
            travel.shortest_way(board.neighbours, state.trail[p][0], at)
        if way[-1] != at or any(b not in board.neighbours[a] for a, b in zip(way, way[1:],
                                                                            strict=False)):
            raise InvalidArgumentError(f"trail must go along the board's paths to {at}, not "
                                       f"{shown(way)}")
        state.trail[p] = way
        state.position[p] = at
    for i, token in enumerate(sequence(tokens, "tokens", lambda t, name: t, most=30)):
        if token not in state.token_supply:
            raise InvalidArgumentError(
                f"tokens[{i}] must be a token left in the supply "
                f"({alternatives(sorted(set(state.token_supply)))}), not {shown(token)}")
        state.token_supply.remove(token)
        state.tokens[p].append(token)
    state.turn = state._fresh_turn(p)
    state.log.clear()
    state._legal = None
    state.history, state.undo_floor, state.undo_reason = [], 0, ""
    _PositionCheck(state).run()  # what a loaded save's start must pass: this one does
    state._start = state._snapshot()
    return state


def _set_challenge_row(state: DobbersState, shown_cards: Sequence[str],
                       take: Callable[[str], str]) -> None:
    """The Challenge row as the player sees it: Locations in the L positions, Creatures
    in the C positions, in order; the positions left are empty (what was there goes back
    to its deck)."""
    cards = state.cards
    size = len(state.creature_row)
    shown_cards = sequence(shown_cards, "challenge_row", lambda c, _name: c, most=2 * size)
    state.location_deck += [c for c in state.location_row if c]
    state.creature_deck += [c for c in state.creature_row if c]
    rows = {"Location": state.location_row, "Creature": state.creature_row}
    for row in rows.values():
        row[:] = [None] * len(row)
    for i, card in enumerate(shown_cards):
        kind = cards.type(card) if isinstance(card, str) and card in cards else None
        if kind not in rows:
            raise InvalidArgumentError(f"challenge_row[{i}] must be a Location or a Creature, "
                                       f"not {shown(card)}")
        row = rows[kind]
        if None not in row:
            raise InvalidArgumentError(f"challenge_row: at most {len(row)} "
                                       f"{kind}s show in the row")
        row[row.index(None)] = take(card)


def _set_own_cards(state: DobbersState, p: int, deck: Sequence[str] | None,
                   discard: Sequence[str] | None, take: Callable[[str], str]) -> None:
    """Player ``p``'s deck and discard pile, as given: a starting card from their own
    starting deck, any other from the supply; own starting cards not asked for were
    Destroyed (with ``deck`` None they stay in the deck)."""
    cards, name = state.cards, state.players[p]
    own = Counter(state.decks[p]) + Counter(state.discards[p])
    state.decks[p], state.discards[p] = [], []
    starting = Counter(cards.starting)
    zones = {"deck": deck, "discard": discard}
    # built apart: ``take`` looks in the player's own piles, which must not hand back
    # a card this very call put there
    built: dict[str, list[str]] = {"deck": [], "discard": []}
    asked = Counter()
    for zone, wanted in zones.items():
        if wanted is None:
            continue
        wanted = sequence(wanted, zone, lambda c, _name: c, most=400)
        for i, card in enumerate(wanted):
            if not isinstance(card, str) or card not in cards or \
                    cards.type(card) not in ("Effect", *EQUIPMENT_TYPES):
                what = f"a {cards.type(card)}" if isinstance(card, str) and card in cards \
                    else None
                raise InvalidArgumentError(
                    f"{zone}[{i}]: {cards.name(card) + ' is ' + what if what else shown(card)}"
                    f"{'' if what else ' is no card'}: a deck holds Effect and Equipment "
                    "cards only")
            asked[card] += 1
            if card in starting and card not in cards.adventure:
                held = (Counter(state.hands[p]) + Counter(state.equipped[p].values())
                        + Counter(state.forged[p].values()))[card]
                if asked[card] + held > starting[card]:
                    raise InvalidArgumentError(
                        f"{zone}: {name} has {starting[card]} "
                        f"{cards.name(card) + 's' if starting[card] > 1 else cards.name(card)} "
                        f"at most (the starting deck's), not {asked[card] + held}")
            if own[card]:
                own[card] -= 1
            else:
                take(card)
            built[zone].append(card)
    state.decks[p], state.discards[p] = built["deck"], built["discard"]
    left = sorted((+own).elements())
    if deck is None:
        state.decks[p] = left + state.decks[p]
    else:
        state.destroyed += left  # Destroyed since (a Cull, a Destroy ability)
