"""AlderQuest's actions: frozen dataclasses whose text parses back (``str(action)``).

- set-up: ``faction Thieves`` (Red first, L56), ``hero maggie`` (each seat its Heroes);
- Set Tiles: ``set r3 b2`` (a tile from the hand onto a space);
- Action Phase: ``drop T A`` (a revealed rune into column A), Hero actions ``swap lily``
  then ``choose B2:B3``, ``slide lily`` then ``choose B2:C2`` (the rune and the empty
  space), ``line lily``, ``summon clarence T``, ``use maggie`` then ``choose G`` for each
  rune paid; ``play QT01 T`` (a Quarrel and the rune paying it); minions ``move
  T01 b3`` (a space, ``^b3`` the canopy above b3, or an enemy Hero's id to confront it),
  ``stop`` (end the moving minion's activation), ``give T01 G06`` (pass an Acorn);
- Draw (once all three runes are dropped; the first of these ends the Action Phase):
  ``discard QG05`` (any number), then ``draw``, which ends the turn;
- decisions inside a step: ``reveal``/``dismiss`` an enemy tile, ``carry r2``/``leave``
  an Acorn, ``destroy``/``fire QG01`` (the trap's owner), ``dodge b2``/``stand`` (Judo),
  ``tribute A`` (the column for a tributed Acorn), ``trigger``/``decline`` (a minion's
  optional trigger), ``choose X`` (an effect's target), ``discard QB03`` (after a Hero
  Squabble).

>>> from ..core.actions import parse_action
>>> parse_action("move T01 ^b3", ACTION_TYPES), str(Drop("T", "A"))
(Move(minion='T01', to='^b3'), 'drop T A')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action

__all__ = ["ACTION_TYPES", "Carry", "Choose", "ChooseFaction", "ChooseHero", "Decline",
           "DestroyMinion", "Discard", "Dismiss", "Dodge", "Draw", "Drop", "DropLine", "Fire",
           "Give", "Leave", "Move", "Play", "Reveal", "SetTile", "Slide", "Stand", "Stop",
           "Summon", "Swap", "Tribute", "UseAbility", "UseTrigger"]


@dataclass(frozen=True)
class ChooseFaction(Action):
    """Set-up: take one faction (Red first, alternately, L56)."""
    verb = "faction"
    name: str


@dataclass(frozen=True)
class ChooseHero(Action):
    """Set-up: take one Hero of your factions for your next Hero column."""
    verb = "hero"
    hero: str


@dataclass(frozen=True)
class SetTile(Action):
    """Set Tiles: put a tile from your hand face down on a space (L70)."""
    verb = "set"
    tile: str
    space: str


@dataclass(frozen=True)
class Drop(Action):
    """Drop one of the revealed runes into a column (L78)."""
    verb = "drop"
    rune: str
    column: str


@dataclass(frozen=True)
class Swap(Action):
    """Hero action (0): switch two adjacent runes (L107); then ``choose A1:A2``."""
    verb = "swap"
    hero: str


@dataclass(frozen=True)
class Slide(Action):
    """Hero action (0): move a rune sideways into an empty space, where it falls (L108);
    then ``choose B2:C2`` (the rune, the empty space)."""
    verb = "slide"
    hero: str


@dataclass(frozen=True)
class DropLine(Action):
    """Hero action (0): drop a new line (L109)."""
    verb = "line"
    hero: str


@dataclass(frozen=True)
class Summon(Action):
    """Hero action (1 rune): summon a minion of that rune's faction in front (L110)."""
    verb = "summon"
    hero: str
    rune: str


@dataclass(frozen=True)
class UseAbility(Action):
    """Hero action (X runes of any faction): the Hero's ability (L111); then ``choose T``
    for each rune paid."""
    verb = "use"
    hero: str


@dataclass(frozen=True)
class Play(Action):
    """Play a Quarrel for one rune of its faction (a legendary: any rune, L217, L305)."""
    verb = "play"
    card: str
    rune: str


@dataclass(frozen=True)
class Move(Action):
    """Move a minion one step (a normal or special move) or confront an enemy Hero."""
    verb = "move"
    minion: str
    to: str


@dataclass(frozen=True)
class Stop(Action):
    """End the moving minion's activation before its moves are used up."""
    verb = "stop"


@dataclass(frozen=True)
class Give(Action):
    """Pass an enemy Acorn to an orthogonally adjacent ally minion (L170)."""
    verb = "give"
    giver: str
    taker: str


@dataclass(frozen=True)
class Discard(Action):
    """Discard a Quarrel: in the Draw phase (the first discard ends the Action Phase), or
    when a Hero Squabble asks it."""
    verb = "discard"
    card: str


@dataclass(frozen=True)
class Draw(Action):
    """End the Action Phase (all revealed runes dropped, L74) if it is not over, then draw
    a Quarrel if holding fewer than 3, and a tile; drawing ends the turn (L225)."""
    verb = "draw"


@dataclass(frozen=True)
class Reveal(Action):
    """Reveal the unrevealed enemy tile your minion moved onto (L158-166)."""
    verb = "reveal"


@dataclass(frozen=True)
class Dismiss(Action):
    """Dismiss it unseen into its owner's pouch (L160)."""
    verb = "dismiss"


@dataclass(frozen=True)
class Carry(Action):
    """Pick up a face-up enemy Acorn (L164)."""
    verb = "carry"
    tile: str


@dataclass(frozen=True)
class Leave(Action):
    """Leave the Acorn where it lies."""
    verb = "leave"


@dataclass(frozen=True)
class DestroyMinion(Action):
    """The trap's owner destroys the minion that revealed it (L235)."""
    verb = "destroy"


@dataclass(frozen=True)
class Fire(Action):
    """The trap's owner fires one of their armed Traps instead (L235)."""
    verb = "fire"
    card: str


@dataclass(frozen=True)
class Dodge(Action):
    """Judo: move the attacked minion to an adjacent space, evading the squabble (L210)."""
    verb = "dodge"
    space: str


@dataclass(frozen=True)
class Stand(Action):
    """Judo: do not dodge."""
    verb = "stand"


@dataclass(frozen=True)
class Tribute(Action):
    """Drop the tributed Acorn into a column (L180)."""
    verb = "tribute"
    column: str


@dataclass(frozen=True)
class UseTrigger(Action):
    """Use the minion's triggered ability (optional, L340)."""
    verb = "trigger"


@dataclass(frozen=True)
class Decline(Action):
    """Do not use it."""
    verb = "decline"


@dataclass(frozen=True)
class Choose(Action):
    """Choose the target an effect asks for."""
    verb = "choose"
    target: str


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseFaction, ChooseHero, SetTile, Drop, Swap, Slide, DropLine, Summon, UseAbility,
    Play, Move, Stop, Give, Discard, Draw, Reveal, Dismiss, Carry, Leave, DestroyMinion,
    Fire, Dodge, Stand, Tribute, UseTrigger, Decline, Choose)
