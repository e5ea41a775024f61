"""The actions of Adventure Land: small frozen dataclasses whose text parses back.

A turn's moves are ``move FROM TO`` and ``end``; a battle's decisions are ``swords 3,0``
(``swords -`` for none), ``gold``, ``reroll 2``, ``herb 4`` and ``give-up``. See
:mod:`.rules` for when each is legal.

>>> from dungeoncraft_widgets.core.actions import parse_action
>>> parse_action("move row:3 J3", ACTION_TYPES), parse_action("swords -", ACTION_TYPES)
(Move(origin='row:3', to='J3'), Swords(values=()))
>>> str(Swords((2, 0))), END is shared(End)
('swords 2,0', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action, shared

__all__ = ["ACTION_TYPES", "END", "GIVE_UP", "GOLD", "End", "GiveUp", "Gold", "Herb", "Move",
           "Reroll", "Swords"]


@dataclass(frozen=True)
class Move(Action):
    """Move the current player's adventurer at ``origin`` (a field or a start lane) to ``to``."""

    verb = "move"
    origin: str
    to: str


@dataclass(frozen=True)
class End(Action):
    """Stop moving: the turn passes on."""

    verb = "end"


@dataclass(frozen=True)
class Swords(Action):
    """Before the dice: use the swords with these extra values (at most 3; ``-`` for none)."""

    verb = "swords"
    values: tuple[int, ...]


@dataclass(frozen=True)
class Gold(Action):
    """Put back a gold piece for +1 combat strength."""

    verb = "gold"


@dataclass(frozen=True)
class Reroll(Action):
    """Put back a gold piece to roll again one die now showing ``die``."""

    verb = "reroll"
    die: int


@dataclass(frozen=True)
class Herb(Action):
    """Use a herb with this value."""

    verb = "herb"
    value: int


@dataclass(frozen=True)
class GiveUp(Action):
    """Give up the battle (nothing more is contributed; the battle is lost)."""

    verb = "give-up"


#: Every action type, in the order the rulebook meets them (a turn's moves, then a battle's).
ACTION_TYPES: tuple[type[Action], ...] = (Move, End, Swords, Gold, Reroll, Herb, GiveUp)

END = shared(End)
GOLD = shared(Gold)
GIVE_UP = shared(GiveUp)
