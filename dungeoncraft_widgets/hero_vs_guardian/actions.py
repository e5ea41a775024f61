"""The actions of Hero versus Guardian: small frozen dataclasses whose text parses back.

See :mod:`.rules` for when each is legal (the engine lists them as shared instances,
``core.actions.shared``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action


@dataclass(frozen=True)
class Place(Action):
    """Guardian set-up: put a starting room face down at an empty location."""
    verb = "place"
    card: str
    loc: str


@dataclass(frozen=True)
class Deal(Action):
    """Guardian set-up: place the remaining starting rooms at random."""
    verb = "deal"


@dataclass(frozen=True)
class Entry(Action):
    """Guardian set-up: an Entry Token on the outside edge (side) of an exterior location."""
    verb = "entry"
    loc: str
    side: str


@dataclass(frozen=True)
class Keep(Action):
    """Guardian set-up: keep one of the 5 drawn Dungeon cards (twice)."""
    verb = "keep"
    card: str


@dataclass(frozen=True)
class Recruit(Action):
    """Hero set-up: ``random`` (draw 3 Adventurers) or ``pick`` (choose 3 worth 2 points)."""
    verb = "recruit"
    method: str


@dataclass(frozen=True)
class Pick(Action):
    """Hero set-up (``recruit pick``): take this Adventurer worth 2 points from the deck."""
    verb = "pick"
    card: str


@dataclass(frozen=True)
class Pass(Action):
    """Let the opponent take one turn (never in answer to the Guardian's pass)."""
    verb = "pass"


@dataclass(frozen=True)
class End(Action):
    """Hero: end your turns for this round (1 unspent stone carries over)."""
    verb = "end"


@dataclass(frozen=True)
class Scout(Action):
    """Hero, 2 stones: Scout a location (its rooms are revealed; none is taken)."""
    verb = "scout"
    loc: str


@dataclass(frozen=True)
class Venture(Action):
    """Hero, 3 stones: Venture a location (rooms done go to the Hero's pile)."""
    verb = "venture"
    loc: str


@dataclass(frozen=True)
class Order(Action):
    """Put the next Order Token on an Adventurer."""
    verb = "order"
    adventurer: str


@dataclass(frozen=True)
class Enter(Action):
    """The Order Tokens are placed: the rooms are revealed."""
    verb = "enter"


@dataclass(frozen=True)
class First(Action):
    """Which room of a 2-room location is attempted first."""
    verb = "first"
    room: str


@dataclass(frozen=True)
class Roll(Action):
    """The next Adventurer in the order rolls to Scout or Venture the current room."""
    verb = "roll"


@dataclass(frozen=True)
class Retreat(Action):
    """In a Venture, from the 2nd Adventurer on: roll to Retreat (4+) instead."""
    verb = "retreat"


@dataclass(frozen=True)
class Continue(Action):
    """Guardian: let the announced roll happen without playing a Combat card."""
    verb = "continue"


@dataclass(frozen=True)
class Save(Action):
    """Sacrifice: capture this card (a Sacrifice Adventurer, or the victim's Armor) instead."""
    verb = "save"
    card: str


@dataclass(frozen=True)
class Lose(Action):
    """Let the Adventurer be captured."""
    verb = "lose"


@dataclass(frozen=True)
class Stow(Action):
    """A Cursed Item arrives on an Adventurer with 2 Items: this Item goes to the hand."""
    verb = "stow"
    item: str


@dataclass(frozen=True)
class Play(Action):
    """Play a card from hand (1 stone): Adventurer, Item onto an Adventurer, Spell, Effect."""
    verb = "play"
    card: str
    target: str | None = None


@dataclass(frozen=True)
class Cast(Action):
    """Play a Spell for 0 stones with an Adventurer's Spell Casting Power (once a round)."""
    verb = "cast"
    card: str
    caster: str
    target: str | None = None


@dataclass(frozen=True)
class Take(Action):
    """Hero, 1 stone: a face-up Tavern/Market card, or an Item back from an Adventurer."""
    verb = "take"
    card: str


@dataclass(frozen=True)
class Draw(Action):
    """1 stone: the top card of ``adventurers``, ``treasure`` (Hero) or ``dungeon`` (Guardian)."""
    verb = "draw"
    deck: str


@dataclass(frozen=True)
class Rebuild(Action):
    """Guardian, 1 stone: lift and rearrange rooms of unprotected locations."""
    verb = "rebuild"


@dataclass(frozen=True)
class Restock(Action):
    """Guardian, 1 stone: set rooms from his hand into the Dungeon."""
    verb = "restock"


@dataclass(frozen=True)
class Lift(Action):
    """Rebuild: pick up the rooms of a location to rearrange them."""
    verb = "lift"
    loc: str


@dataclass(frozen=True)
class Arrange(Action):
    """Rebuild: stop lifting, start putting the rooms back."""
    verb = "arrange"


@dataclass(frozen=True)
class SetRoom(Action):
    """Rebuild/Restock: put a room (lifted, or from hand) face down at a location."""
    verb = "set"
    card: str
    loc: str


@dataclass(frozen=True)
class Shift(Action):
    """Restock: move a room already in a restocked location to an adjacent location."""
    verb = "shift"
    card: str
    loc: str


@dataclass(frozen=True)
class Discard(Action):
    """Rebuild/Restock: remove a room from the Dungeon (half its points go to the Hero)."""
    verb = "discard"
    card: str


@dataclass(frozen=True)
class Done(Action):
    """Restock: finished."""
    verb = "done"


ACTION_TYPES: tuple[type[Action], ...] = (
    Place, Deal, Entry, Keep, Recruit, Pick, Pass, End, Scout, Venture, Order, Enter, First, Roll,
    Retreat, Continue, Save, Lose, Stow, Play, Cast, Take, Draw, Rebuild, Restock, Lift,
    Arrange, SetRoom, Shift, Discard, Done)

