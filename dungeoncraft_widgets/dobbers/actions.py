"""The actions of Dobbers. ``str(action)`` parses back (``parse_action``).

Cards are named by their id (``play silver``); an equipment slot is ``weapon``,
``armor`` or ``item``; a square by its id (``E5``, ``T3``, ``A``); a Challenge row
card by its row position (``L2``: the second Location, ``C1``: the first Creature),
because its name is on its hidden side.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action

__all__ = [
    "ACTION_TYPES", "SLOTS", "Arm", "Buy", "Challenge", "Choose", "Destroy", "DobbersAction",
    "Draw", "End", "Equip", "Fight", "Forge", "HeroChoice", "Move", "Outwit", "Pass", "Place",
    "Play", "Power", "Skip", "StartChoice", "Token", "Use",
]


#: The equipment slots a Hero has, as actions name them (``use weapon``).
SLOTS = ("weapon", "armor", "item")


class DobbersAction(Action):
    """Base of this game's actions."""


@dataclass(frozen=True)
class HeroChoice(DobbersAction):
    """Set-up: take this Hero card (players choose in a random order)."""
    verb = "hero"
    hero: str


@dataclass(frozen=True)
class StartChoice(DobbersAction):
    """Set-up: put your meeple on the start with this letter (a different one each)."""
    verb = "start"
    letter: str


@dataclass(frozen=True)
class Play(DobbersAction):
    """Play an Effect card from the hand: its points now, its effects resolved."""
    verb = "play"
    card: str


@dataclass(frozen=True)
class Equip(DobbersAction):
    """Put an Equipment card from the hand on your Hero (a card of that type goes back to
    the hand)."""
    verb = "equip"
    card: str


@dataclass(frozen=True)
class Forge(DobbersAction):
    """Play a Forge card from the hand under the Equipment in ``slot``."""
    verb = "forge"
    card: str
    slot: str


@dataclass(frozen=True)
class Use(DobbersAction):
    """Use the Equipment in ``slot`` this turn: its points, bonus and abilities (once a
    turn per type)."""
    verb = "use"
    slot: str


@dataclass(frozen=True)
class Draw(DobbersAction):
    """Take the optional draw of the Equipment in ``slot`` (Bow & Arrow: "Once per turn, you
    may draw a card ... at any time as long as it is in play"); if it was not used yet this
    turn, this uses it too (its points and bonus), since its ability is its use."""
    verb = "draw"
    slot: str


@dataclass(frozen=True)
class Token(DobbersAction):
    """Spend a positive modifier token: its points for this turn only."""
    verb = "token"
    token: str


@dataclass(frozen=True)
class Power(DobbersAction):
    """Use your Hero's once-a-turn power."""
    verb = "power"


@dataclass(frozen=True)
class Destroy(DobbersAction):
    """Destroy a card played this turn for its Destroy ability."""
    verb = "destroy"
    card: str


@dataclass(frozen=True)
class Buy(DobbersAction):
    """Acquire a card from the Adventure row: to your discard pile, or (Equipment) under
    the Location on ``square``."""
    verb = "buy"
    card: str
    square: str | None = None


@dataclass(frozen=True)
class Place(DobbersAction):
    """Acquire the Challenge row card at ``row`` (L1.., C1..) and put it on ``square``."""
    verb = "place"
    row: str
    square: str


@dataclass(frozen=True)
class Arm(DobbersAction):
    """Play an Equipment card from the hand under the Location on ``square`` (free)."""
    verb = "arm"
    card: str
    square: str


@dataclass(frozen=True)
class Move(DobbersAction):
    """Travel to a neighbouring square with no Challenge stack."""
    verb = "move"
    square: str


@dataclass(frozen=True)
class Challenge(DobbersAction):
    """Travel onto a neighbouring square with a Challenge stack: commit and reveal it."""
    verb = "challenge"
    square: str


@dataclass(frozen=True)
class Fight(DobbersAction):
    """Compare your Challenge points with the revealed stack and face the consequences."""
    verb = "fight"


@dataclass(frozen=True)
class Choose(DobbersAction):
    """Answer the choice the rules or a card ask for (``choose hand rot``, ``choose
    option 2``, ``choose square E5``)."""
    verb = "choose"
    zone: str
    card: str


@dataclass(frozen=True)
class Skip(DobbersAction):
    """Decline an optional ability ("you may")."""
    verb = "skip"


@dataclass(frozen=True)
class Outwit(DobbersAction):
    """On an opponent's turn: play these cards (an Outwit among them) to take the card they
    just acquired."""
    verb = "outwit"
    payment: tuple[str, ...]


@dataclass(frozen=True)
class Pass(DobbersAction):
    """Let an opponent's acquisition stand (no Outwit)."""
    verb = "pass"


@dataclass(frozen=True)
class End(DobbersAction):
    """End the Main Phase: discard the hand and the played cards, draw 5 (in a duel: your
    total stands)."""
    verb = "end"


# The most frequent first: ``apply`` checks an action's class against them in this order.
ACTION_TYPES: tuple[type[Action], ...] = (
    Play, End, Use, Move, Pass, Equip, Buy, Place, Challenge, Fight, Choose, Skip, Outwit,
    Forge, Token, Power, Destroy, Arm, Draw, HeroChoice, StartChoice)

