"""What cards do: the instruction vocabulary of ``data/cards.json``, declared once.

A card's instructions are ``{"when": W, "do": VERB, ...}``: ``when`` is where the
instruction acts (``reveal``: when the card is Resolved; ``gain``: every time it joins
the Active cards; ``respond``: a May power used on a Revealed card being Resolved;
``trading``: a May power used once a round of Trading). Each verb is declared once in
:data:`VOCABULARY` (a :class:`core.effects.Vocabulary`) with the function that performs
it, the places it may appear and its words, and in :data:`TERMS` with what a schema
cannot say (the fields it takes, whether it reaches only its holder's own cards). The
deck loader checks every card against them (:mod:`.data`), the engine performs through
``VOCABULARY.perform`` and the scene and the app word instructions through
:func:`effect_text` and ``VOCABULARY.words``.

>>> from .data import load_deck
>>> deck = load_deck()
>>> effect_text(deck.cards["brawl"])
'The Player on your left Discards their most recent Weapon card.'
>>> from dataclasses import replace
>>> effect_text(replace(deck.cards["smoky_forge"], text=""))   # a card without printed text
'When gained: Draw until a Weapon.'
>>> VOCABULARY.words(deck.cards["protection_scroll"].powers("respond")[0][1], "Cave Troll")
'Discard Cave Troll'
>>> named_seats(4, 3, "others")
[0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.effects import Vocabulary
from ..core.english import objective, possessive, says, verb_form
from .actions import DrawPower, Force
from .active import latest
from .trading import LEVEL_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from ..core import Action
    from .data import Card, Deck, PlayerCard
    from .rules import DubiousAllianceState

__all__ = ["PLACES", "TERMS", "VOCABULARY", "WHEN_WORDS", "WHO", "WHO_WORDS", "WHOSE",
           "Moment", "Terms", "effect_text", "may_respond", "named_seats"]

#: Where an instruction may stand (its ``when``), in the words a refusal uses.
PLACES = {"reveal": "reveal instruction", "gain": "gain instruction",
          "respond": "respond power", "trading": "trading power"}
#: How an instruction made from data (a card without printed text) begins, by ``when``.
WHEN_WORDS = {"reveal": "When Revealed", "gain": "When gained",
              "respond": "May, on a Revealed card", "trading": "May, once a round of Trading"}
#: The fields every power of a ``when`` takes, whatever its verb (a reveal or gain
#: instruction takes its verb's own fields instead: :attr:`Terms.fields`).
POWER_FIELDS = {"respond": frozenset({"whose", "filter", "cost"}),
                "trading": frozenset({"if_prestige_at_least"})}
WHO = ("self", "left", "right", "others", "all")
WHO_WORDS = {"self": "you", "left": "the player on your left", "right": "the player on your "
             "right", "others": "every other player", "all": "every player"}
WHOSE = ("any", "own", "other")

VOCABULARY = Vocabulary("Dubious Alliance")


@dataclass(frozen=True)
class Terms:
    """What one verb may say, beyond its name: ``fields`` a reveal or gain instruction of
    it may carry (``needs``: those it must); ``holder_only(ins)``: it reaches nothing but
    its holder's own Active cards and Trade Tracker (so the odds can follow it);
    ``holder_discards(deck, active, ins)``: the holder's Active card it Discards (None:
    none); ``on_own``: a respond power of it may act on its user's own Revealed card;
    ``action``: the action type a trading power of it is used with."""

    fields: frozenset[str]
    needs: frozenset[str]
    holder_only: Callable[[dict[str, Any]], bool]
    holder_discards: Callable[[Deck, Sequence[str], dict[str, Any]], str | None]
    on_own: bool
    action: type[Action] | None


#: Each verb's :class:`Terms`, declared with it.
TERMS: dict[str, Terms] = {}


@dataclass(frozen=True)
class Moment:
    """Where an instruction is carried out: for ``actor``, from ``source`` (the card or
    Player card it is on); ``entry``: the Revealed card in question (the one being
    Resolved, which a reveal instruction leaves alone and a respond power acts on; None
    for a drawn or gained card); ``target``: the seat a forced trade is with."""

    actor: int
    source: str | None = None
    entry: dict[str, Any] | None = None
    target: int | None = None


def _verb(verb: str, *, when: tuple[str, ...], words: Callable[..., str],
          fields: tuple[str, ...] = (), needs: tuple[str, ...] = (),
          holder_only: Callable[[dict[str, Any]], bool] = lambda ins: False,
          holder_discards: Callable[..., str | None] = lambda deck, active, ins: None,
          on_own: bool = True, action: type[Action] | None = None
          ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare ``verb`` (decorates the function that performs it): ``words(on, ins)`` says
    it, ``on`` being the name of the card it acts on (None: in general)."""
    TERMS[verb] = Terms(frozenset(fields) | frozenset(needs), frozenset(needs), holder_only,
                        holder_discards, on_own, action)
    return VOCABULARY.effect(verb, when=tuple(PLACES[w] for w in when), words=words)


def named_seats(players: int, actor: int, who: str) -> list[int]:
    """The seats an instruction's ``who`` names, seen from ``actor`` (others in turn
    from ``actor``'s left).

    >>> named_seats(3, 0, "all"), named_seats(3, 0, "right")
    ([0, 1, 2], [2])
    """
    if who == "self":
        return [actor]
    if who == "left":
        return [(actor + 1) % players]
    if who == "right":
        return [(actor - 1) % players]
    others = [(actor + i) % players for i in range(1, players)]
    return others if who == "others" else [actor, *others]


def may_respond(ins: dict[str, Any], card: Card | PlayerCard, holder: int, player: int) -> bool:
    """Whether ``player`` may use the respond power ``ins`` on ``card``, the Revealed card
    ``holder`` is Resolving ('may use one of their Active Cards with special instructions
    to assist or hinder a Player who is resolving their Revealed Card'), within the
    power's own terms: whose card (``whose``) and which cards (``filter``).

    >>> from .data import load_deck
    >>> deck = load_deck()
    >>> pool = deck.cards["healing_pool"].powers("respond")[0][1]   # own, negative Survival
    >>> troll = deck.cards["cave_troll"]
    >>> may_respond(pool, troll, holder=1, player=1), may_respond(pool, troll, holder=0, player=1)
    (True, False)
    """
    if holder == player and not TERMS[ins["do"]].on_own:
        return False
    whose = ins.get("whose", "any")
    if (whose == "own" and holder != player) or (whose == "other" and holder == player):
        return False
    flt = ins.get("filter", {})
    if flt.get("negative_survival") and not (card.survival or 0) < 0:
        return False
    return not ("type" in flt and flt["type"] not in card.types)


def effect_text(card: Card | PlayerCard) -> str:
    """What a card does, in words: its printed text, or words made from its instructions.

    >>> from .data import load_deck
    >>> effect_text(load_deck().cards["cave_troll"])
    ''
    """
    if card.text:
        return card.text
    return " ".join(f"{WHEN_WORDS[ins['when']]}: {VOCABULARY.words(ins, None)}."
                    for ins in card.instructions)


def _pending_or_resolved(entry: dict[str, Any]) -> bool:
    return entry["status"] in ("pending", "resolved")


# ------------------------------------------------------------------ the verbs
@_verb("draw", when=("reveal", "gain", "trading"), fields=("type",), action=DrawPower,
       words=lambda on, ins: f"Draw{' until a ' + ins['type'] if ins.get('type') else ''}")
def _draw(state: DubiousAllianceState, at: Moment, ins: dict[str, Any]) -> None:
    # "continue to Draw and Discard until the condition is met"; a trading Draw has no type.
    state._draw_resolve(at.actor, ins.get("type"))


@_verb("discard_active", when=("reveal", "gain"), fields=("who", "type"),
       holder_only=lambda ins: ins.get("who", "self") == "self",
       holder_discards=lambda deck, active, ins: latest(deck, active, ins.get("type"))
       if ins.get("who", "self") in ("self", "all") else None,
       words=lambda on, ins: f"{WHO_WORDS[ins.get('who', 'self')]} Discard the latest "
                             f"{ins.get('type') or 'Active'} card")
def _discard_active(state: DubiousAllianceState, at: Moment, ins: dict[str, Any]) -> None:
    want = ins.get("type")
    for q in named_seats(state.n, at.actor, ins.get("who", "self")):
        pick = latest(state.deck_data, state.active[q], want)
        if pick is None:
            state.record("ignored", f"{says(state._p(q), 'have')} no "
                         f"{want or 'Active'} card to Discard.", player=q)
            continue
        state.active[q].remove(pick)
        state.discard.append(pick)
        state.record("discard", f"{says(state._p(q), 'Discard')} {state._name(pick)}.",
                     player=q, card=pick)


@_verb("take_revealed", when=("reveal", "gain", "respond"), needs=("from",), on_own=False,
       words=lambda on, ins: f"take {on}" if on else
       f"take a Revealed card ({ins.get('from', 'this one')})")
def _take_revealed(state: DubiousAllianceState, at: Moment, ins: dict[str, Any]) -> None:
    if ins["when"] == "respond":  # the Revealed card being Resolved: it is Resolved later
        entry, name = at.entry, state._p(at.actor)
        state.record("use", f"{says(name, 'use')} {state.power_name(at.source)} and "
                     f"{verb_form(name, 'take')} {state._name(entry['card'])} from "
                     f"{objective(state._p(entry['holder']))}.",
                     player=at.actor, source=at.source, card=entry["card"])
        entry["holder"] = at.actor
        state.window = None  # by its new holder
        return
    q = state.left(at.actor) if ins["from"] == "left" else state.right(at.actor)
    target = next((e for e in state.revealed if e["holder"] == q and e is not at.entry
                   and _pending_or_resolved(e)), None)
    if target is None:
        state.record("ignored", f"{says(state._p(q), 'have')} no Revealed card to take.")
        return
    target["holder"] = at.actor
    state.record("take", f"{says(state._p(at.actor), 'take')} {state._name(target['card'])} "
                 f"from {objective(state._p(q))}.", player=at.actor, card=target["card"],
                 source=q)


@_verb("discard_revealed", when=("reveal", "gain", "respond"), fields=("who",),
       words=lambda on, ins: f"Discard {on or 'a Revealed card'}")
def _discard_revealed(state: DubiousAllianceState, at: Moment, ins: dict[str, Any]) -> None:
    if ins["when"] == "respond":  # the Revealed card being Resolved
        entry, name = at.entry, state._p(at.actor)
        entry["status"] = "gone"
        state.discard.append(entry["card"])
        state.record("use", f"{says(name, 'use')} {state.power_name(at.source)}: "
                     f"{state._name(entry['card'])} is Discarded.", player=at.actor,
                     source=at.source, card=entry["card"])
        state.window = None
        return
    for q in named_seats(state.n, at.actor, ins.get("who", "others")):
        for e in state.revealed:
            if e["holder"] == q and e is not at.entry and _pending_or_resolved(e):
                e["status"] = "gone"
                state.discard.append(e["card"])
                state.record("discard", f"{possessive(state._p(q))} Revealed "
                             f"{state._name(e['card'])} is Discarded.", player=q, card=e["card"])


@_verb("tracker", when=("reveal", "gain"), fields=("who",), needs=("level",),
       holder_only=lambda ins: True,  # a Trade Tracker changes no Survival or Prestige
       words=lambda on, ins: f"Trade Tracker to {LEVEL_NAMES.get(ins.get('level'), '?')}")
def _tracker(state: DubiousAllianceState, at: Moment, ins: dict[str, Any]) -> None:
    for q in named_seats(state.n, at.actor, ins.get("who", "self")):
        state.tracker[q] = ins["level"]
        state.record("tracker", f"{possessive(state._p(q))} Trade Tracker turns to "
                     f"{LEVEL_NAMES[ins['level']]}.", player=q, level=ins["level"])


@_verb("force_trade", when=("trading",), action=Force, words=lambda on, ins: "force a Trade")
def _force_trade(state: DubiousAllianceState, at: Moment, ins: dict[str, Any]) -> None:
    state._swap(at.actor, at.target)
