"""The actions of Dubious Alliance: frozen dataclasses that parse back from their text.

>>> from dungeoncraft_widgets.core.actions import parse_action
>>> parse_action("offer 2 a safe place to rest", ACTION_TYPES)
Offer(to=2, claim='a safe place to rest')
>>> str(Force("throne_room", 1))
'force throne_room 1'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action

__all__ = ["ACTION_TYPES", "Accept", "Decline", "Done", "DrawPower", "Force", "Offer", "Pass",
           "SetCard", "Use"]


@dataclass(frozen=True)
class SetCard(Action):
    """Set a card of your hand face down as your Unrevealed card."""

    verb = "set"
    card: str


@dataclass(frozen=True)
class Offer(Action):
    """Offer to trade Unrevealed cards with player ``to``; ``claim`` is free text."""

    verb = "offer"
    to: int
    claim: str = ""


@dataclass(frozen=True)
class Accept(Action):
    """Accept the trade you are offered."""

    verb = "accept"


@dataclass(frozen=True)
class Decline(Action):
    """Decline the trade you are offered (not on Must Trade before your first trade)."""

    verb = "decline"


@dataclass(frozen=True)
class Force(Action):
    """Use SOURCE's trading power to force a trade of Unrevealed cards with ``target``."""

    verb = "force"
    source: str
    target: int


@dataclass(frozen=True)
class DrawPower(Action):
    """Use SOURCE's trading power to Draw a card (Resolved and added to Active cards)."""

    verb = "draw"
    source: str


@dataclass(frozen=True)
class Done(Action):
    """Declare Done ("Tusks up"): no more trades for you this round of Trading."""

    verb = "done"


@dataclass(frozen=True)
class Use(Action):
    """Use SOURCE's respond power on the Revealed card being Resolved."""

    verb = "use"
    source: str


@dataclass(frozen=True)
class Pass(Action):
    """Use no power on the Revealed card being Resolved."""

    verb = "pass"


ACTION_TYPES = (SetCard, Offer, Accept, Decline, Force, DrawPower, Done, Use, Pass)
