"""What cards do: the effect vocabulary of ``cards.json``, the questions effects ask, and
how each answer is carried out.

A card's effects, a Location's consequences, an Event's and a Solo card's instructions
are lists of ``{"do": VERB, ...}``. Each verb is declared once in :data:`VOCABULARY`:
the function that does it (on the game), where it may appear (on a ``card`` played, used
or Destroyed, a Hero's ``power``, a ``consequence`` of a Challenge, an ``event``, a
``solo`` card) and its words. The card data is checked against it (:mod:`.data`), the
engine performs through it and the app words effects with it.

The engine queues every effect as an item (the effect with the player ``p`` and the card
``src`` it comes from) on ``state.queue`` and performs them in order (see
:mod:`.rules`); any effect may carry ``unless_item``/``if_item`` (:func:`holds`). An
effect that needs a decision stops the queue with ``state.pending`` (its ``kind``, the
``options``); the ``choose`` action is carried out by the answer :data:`ANSWERS` holds for
that kind, and ``skip`` declines an optional one.

>>> from dungeoncraft_widgets.dobbers import load_cards
>>> cards = load_cards()
>>> VOCABULARY["back"].when
('consequence',)
>>> describe_effects(cards, [{"do": "draw", "n": 2}, {"do": "token", "token": "travel-1"}])
'draw 2 cards and take a -1 Travel token'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.effects import Vocabulary
from ..core.english import count, listing, objective, possessive, says, their
from .actions import SLOTS
from .challenge import applies, takes_creature, takes_equipment
from .points import describe_points, points_of, token_label

if TYPE_CHECKING:  # pragma: no cover
    from .data import CardSet
    from .rules import DobbersState

__all__ = ["ANSWERS", "VOCABULARY", "describe_effects", "holds", "queued"]

Item = dict[str, Any]

#: The effect vocabulary: verb -> what it does, where it may appear, its words.
VOCABULARY = Vocabulary("Dobbers")
#: How the ``choose`` action answers each kind of question (``state.pending["kind"]``):
#: kind -> ``answer(state, pending, zone, card)``.
ANSWERS: dict[str, Callable[[DobbersState, Item, str, str], None]] = {}


def answers(kind: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Declare the function that carries out the answer to a ``kind`` of question."""
    def declare(answer: Callable[..., None]) -> Callable[..., None]:
        ANSWERS[kind] = answer
        return answer
    return declare


def _verb(_cards: CardSet, effect: Mapping[str, Any]) -> str:
    return str(effect["do"]).replace("_", " ")


def describe_effects(cards: CardSet, effects: Sequence[Mapping[str, Any]]) -> str:
    """A list of effects in plain words (``'nothing'`` for none)."""
    return listing([VOCABULARY.words(e, cards) for e in effects]) or "nothing"


def queued(effects: Sequence[Mapping[str, Any]] | None, player: int, source: str,
           **extra: Any) -> list[Item]:
    """``effects`` as queue items: each with the player it is for and the card it comes
    from (and ``extra``).

    >>> queued([{"do": "draw", "n": 1}], 0, "rally")
    [{'do': 'draw', 'n': 1, 'p': 0, 'src': 'rally'}]
    """
    return [dict(e, p=player, src=source, **extra) for e in effects or ()]


def holds(state: DobbersState, item: Item) -> bool:
    """Whether a queued effect's Item condition holds (an Item that spares the Hero says
    so in the log)."""
    types = state.item_types(item.get("p", state.turn_player))
    if "unless_item" in item and item["unless_item"] in types:
        name = state.players[item["p"]]
        state.record("effect", f"{possessive(name)} {item['unless_item']} Item spares "
                     f"{objective(name)} that.", player=item["p"])
        return False
    return applies(item, types)


# ------------------------------------------------------------------ cards, powers
@VOCABULARY.effect("draw", when=("card", "power", "consequence", "event"),
                   words=lambda _cards, e: f"draw {count(e['n'], 'card')}")
def _draw(state: DobbersState, item: Item) -> None:
    """Draw ``n`` cards (an Event with ``who: all``: every player, in turn order)."""
    if item.get("who") == "all":
        for p in state.turn_order_from(state.turn_player):
            state._draw(p, item["n"])
        return
    state._draw(item["p"], item["n"])


@VOCABULARY.effect("may_draw", when=("card",),
                   words=lambda _cards, e: f"once a turn, at any time while it is in play, "
                                           f"you may draw {count(e['n'], 'card')}")
def _may_draw(state: DobbersState, item: Item) -> None:
    """An Equipment card's optional draw: not done when the card is used but by the
    ``draw`` action, at any time while the card is in play (see :class:`.actions.Draw`)."""


@VOCABULARY.effect("gain", when=("card", "power", "consequence"), words=_verb)
def _gain(state: DobbersState, item: Item) -> None:
    """Points for this turn (``red``, ``blue``, ``gold``, ``influence``)."""
    gained = points_of(item)
    for colour, n in gained.items():
        state.turn[colour] += n
    state.record("gain", f"{says(state.players[item['p']], 'gain')} {describe_points(gained)} "
                 f"from {state.cards.name(item['src'])}.", player=item["p"])


@VOCABULARY.effect("token", when=("card", "power", "consequence", "event"),
                   words=lambda cards, e: f"take a {token_label(cards, e['token'])} token")
def _token(state: DobbersState, item: Item) -> None:
    """Take a ``token`` from the supply (``who: all``: every player, in turn order)."""
    players = state.turn_order_from(state.turn_player) if item.get("who") == "all" \
        else [item["p"]]
    for p in players:
        _take_token(state, p, item["token"])


def _take_token(state: DobbersState, player: int, token: str) -> None:
    name = state.players[player]
    if token not in state.token_supply:
        state.record("token", f"No {token} token is left for {objective(name)}.",
                     player=player)
        return
    state.token_supply.remove(token)
    state.tokens[player].append(token)
    state.record("token", f"{says(name, 'take')} a {token_label(state.cards, token)} token.",
                 player=player)


@VOCABULARY.effect("cull", when=("card", "power"), words=_verb)
def _cull(state: DobbersState, item: Item) -> None:
    """May destroy a card from the hand or the discard pile, then draw one."""
    p = item["p"]
    options = [["hand", c] for c in sorted(set(state.hands[p]))]
    options += [["discard", c] for c in sorted(set(state.discards[p]))]
    if options:
        state._ask(p, "cull", options, True, item["src"])


@answers("cull")
def _culled(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    """The card is destroyed; then the player *may* draw ("When doing this, you may draw a
    card from your personal deck"): asked."""
    p = pending["player"]
    name = state.players[p]
    if zone == "hand":
        state.shown_from_hand(state.cards.name(card))
    (state.hands if zone == "hand" else state.discards)[p].remove(card)
    state.destroyed.append(card)
    state.record("destroy", f"{says(name, 'destroy')} {state.cards.name(card)} from "
                 f"{their(name)} {zone}.", player=p)
    if state.decks[p] or state.discards[p]:
        state._ask(p, "cull_draw", [["draw", "1"]], True, pending["src"])


@answers("cull_draw")
def _cull_drew(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    state._draw(pending["player"], int(card))


@VOCABULARY.effect("destroy_row", when=("card", "power"), words=_verb)
def _destroy_row(state: DobbersState, item: Item) -> None:
    """May destroy a card of the Adventure row or of a Challenge row (either named by its
    position: ``choose adventure 3``, ``choose challenge L1``)."""
    options = [["adventure", str(i + 1)] for i, c in enumerate(state.adventure_row) if c]
    options += [["challenge", slot] for slot in state.challenge_slots()
                if state.row_card(slot)]
    if options:
        state._ask(item["p"], "destroy_row", options, True, item["src"])


@answers("destroy_row")
def _row_destroyed(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    state._destroy_row_card(pending["player"], zone,
                            int(card) - 1 if zone == "adventure" else card)


@VOCABULARY.effect("retrieve", when=("card", "power"), words=_verb)
def _retrieve(state: DobbersState, item: Item) -> None:
    """A card of the discard pile back into the hand."""
    p = item["p"]
    options = [["discard", c] for c in sorted(set(state.discards[p]))]
    if options:
        state._ask(p, "retrieve", options, False, item["src"])


@answers("retrieve")
def _retrieved(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    p = pending["player"]
    state.discards[p].remove(card)
    state.hands[p].append(card)
    state.record("retrieve", f"{says(state.players[p], 'take')} {state.cards.name(card)} from "
                 "the discard pile into the hand.", player=p)


@VOCABULARY.effect("outwit", when=("card",), words=_verb)
def _outwit(state: DobbersState, item: Item) -> None:
    """Played on an opponent's turn (the ``outwit`` action); on your own turn an Outwit
    gives only its Influence."""


# ------------------------------------------------------------------ consequences
@VOCABULARY.effect("back", when=("consequence",),
                   words=lambda _cards, e: f"move back {count(e['n'], 'square')}")
def _back(state: DobbersState, item: Item) -> None:
    """Move back ``n`` squares the way the Hero came."""
    state.move_back(item["p"], item["n"])


@VOCABULARY.effect("discard", when=("consequence",),
                   words=lambda _cards, e: f"discard {count(e['n'], 'card')}")
def _discard(state: DobbersState, item: Item) -> None:
    """Discard ``n`` cards of the hand, one at a time."""
    p = item["p"]
    if state.hands[p]:
        state._ask(p, "discard", [["hand", c] for c in sorted(set(state.hands[p]))], False,
                   item["src"], left=item["n"])


@answers("discard")
def _discarded(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    p = pending["player"]
    state.shown_from_hand(state.cards.name(card))
    state.hands[p].remove(card)
    state.discards[p].append(card)
    state.record("discard", f"{says(state.players[p], 'discard')} {state.cards.name(card)}.",
                 player=p)
    if pending["left"] > 1 and state.hands[p]:
        state._ask(p, "discard", [["hand", c] for c in sorted(set(state.hands[p]))], False,
                   pending["src"], left=pending["left"] - 1)


@VOCABULARY.effect("lose_equipment", when=("consequence",),
                   words=lambda _cards, _e: "lose a piece of Equipment")
def _lose(state: DobbersState, item: Item) -> None:
    """An equipped card (of the ``slot`` named, or ``any``) goes to the discard pile."""
    p = item["p"]
    slots = [s for s in SLOTS if s in state.equipped[p]]
    if item["slot"] != "any":
        slots = [s for s in slots if s == item["slot"].lower()]
    if len(slots) == 1:
        _lose_equipment(state, p, slots[0])
    elif slots:
        state._ask(p, "lose_equipment", [["slot", s] for s in slots], False, item["src"])


@answers("lose_equipment")
def _lost(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    _lose_equipment(state, pending["player"], card)


def _lose_equipment(state: DobbersState, player: int, slot: str) -> None:
    """An equipped card (and the Forge card under it) goes to the discard pile."""
    lost = [state.equipped[player].pop(slot)]
    if slot in state.forged[player]:
        lost.append(state.forged[player].pop(slot))
    state.discards[player] += lost
    state.record("lose", f"{says(state.players[player], 'lose')} "
                 f"{listing([state.cards.name(c) for c in lost])} to the discard pile.",
                 player=player)


@VOCABULARY.effect("choice", when=("consequence",), words=_verb)
def _choice(state: DobbersState, item: Item) -> None:
    """One of the ``options`` (each a list of effects), chosen by the player."""
    options = [["option", str(i + 1)] for i in range(len(item["options"]))]
    state._ask(item["p"], "choice", options, False, item["src"], choices=item["options"])


@answers("choice")
def _chosen(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    p = pending["player"]
    state.record("choice", f"{says(state.players[p], 'choose')} option {card}.", player=p)
    state._push(queued(pending["choices"][int(card) - 1], p, pending["src"]))


@answers("loot")
def _looted(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    """A beaten stack's Equipment (asked after a Victory): into the hand, the discard
    pile, or Destroyed."""
    p, name = pending["player"], state.players[pending["player"]]
    stack = state.stacks[pending["square"]]
    stack.remove(next(e for e in stack[1:] if e[0] == card))
    {"hand": state.hands[p], "discard": state.discards[p],
     "destroy": state.destroyed}[zone].append(card)
    where = {"hand": f"into {their(name)} hand", "discard": f"onto {their(name)} discard pile",
             "destroy": "to the Destroyed pile"}[zone]
    state.record("loot", f"{says(name, 'put')} {state.cards.name(card)} {where}.", player=p)


# ------------------------------------------------------------------ Events
@VOCABULARY.effect("destroy_adventure", when=("event",), words=_verb)
def _destroy_adventure(state: DobbersState, item: Item) -> None:
    """Destroy the ``n`` cheapest (or costliest) Adventure row cards, the leftmost first."""
    row = state.adventure_row
    for _ in range(item["n"]):
        cards = [(state.cards[c]["cost"], i) for i, c in enumerate(row)
                 if c is not None and state.cards.type(c) not in ("Event", "Solo")]
        if not cards:
            return
        if item["which"] == "cheapest":
            _, slot = min(cards)
        else:
            _, slot = min((-cost, i) for cost, i in cards)
        state._destroy_row_card(None, "adventure", slot)


# ------------------------------------------------------------------ Solo cards
def _ahead(state: DobbersState) -> list[str]:
    """The squares between the solo Hero and the Key (nearest first, the Key last)."""
    return state.board.route_to_key(state.position[0])[1:]


def _cards_of(stack: Sequence[Sequence[Any]] | None) -> list[str]:
    return [card for card, _up in stack or ()]


@VOCABULARY.effect("solo_creature", when=("solo",), words=_verb)
def _solo_creature(state: DobbersState, item: Item) -> None:
    """A Creature (``from`` the row position ``slot``, or the deck) under the first bare
    Location ahead of the Hero (anywhere else: the player chooses)."""
    if item["from"] == "row":
        index = item["slot"]
        if index >= len(state.creature_row) or state.creature_row[index] is None:
            return
        card, up, where = state.creature_row[index], False, f"C{index + 1}"
    else:
        if not state.creature_deck:
            return
        card, up, where = state.creature_deck[-1], False, "deck"
    targets = [s for s in _ahead(state) if takes_creature(state.stacks.get(s))]
    if not targets:  # "if you do find multiple possible resolutions ... you get to choose"
        targets = [s for s in state.board.squares if takes_creature(state.stacks.get(s))]
        if len(targets) > 1:
            state._ask(0, "solo_target", [["square", s] for s in targets], False, item["src"],
                       card=card, up=up, where=where)
            return
    if targets:
        _take_for_solo(state, where)
        _solo_place(state, card, targets[0], up, where)


@answers("solo_target")
def _solo_target(state: DobbersState, pending: Item, zone: str, card: str) -> None:
    _take_for_solo(state, pending["where"])
    _solo_place(state, pending["card"], card, pending["up"], pending["where"])


def _take_for_solo(state: DobbersState, where: str) -> None:
    if where == "deck":
        state.creature_deck.pop()
    else:
        state.creature_row[int(where[1:]) - 1] = None
        state._refill_challenge(where)


def _solo_place(state: DobbersState, card: str, square: str, up: bool,
                where: str = "row") -> None:
    """Put ``card`` (from ``where``: a Challenge row position, ``"deck"``, or the
    Adventure ``"row"``) into the stack on ``square``. Covered there, it shows its icon;
    the solo player, who moved it from a row, knows which card it is; a Creature from the
    deck nobody knows."""
    kind = state.cards.type(card)
    stack = state.stacks[square]
    if kind == "Creature":
        stack.append([card, up])
    else:
        stack.insert(len(stack) - 1, [card, up])
    icon = f"?{kind.lower()}"
    unseen = " unseen" if where == "deck" else ""
    state.record("solo", f"The Solo card puts a {kind}{unseen} under the Location on "
                 f"{state.board.label(square)}.", square=square, back=icon)
    if where != "deck":
        state.record("solo", f"That {kind} is {state.cards.name(card)}.", square=square,
                     card=card, visible_to=[0])


@VOCABULARY.effect("solo_arm", when=("solo",), words=_verb)
def _solo_arm(state: DobbersState, item: Item) -> None:
    """The Equipment beside the Solo card (``side``) under the first Location ahead that
    takes it; any other card there is destroyed."""
    row, slot = state.adventure_row, item["slot"]
    other = slot - 1 if item["side"] == "left" else slot + 1
    if other < 0 or other >= len(row):
        other = slot + 1 if other < 0 else slot - 1
    card = row[other] if 0 <= other < len(row) else None
    if card is None or state.cards.type(card) in ("Event", "Solo"):
        return
    kind = state.cards.type(card)
    targets = [s for s in _ahead(state)
               if takes_equipment(state.cards, _cards_of(state.stacks.get(s)), kind)] \
        if state.cards.is_equipment(card) else []
    if not targets:
        state._destroy_row_card(None, "adventure", other)
        return
    row[other] = None
    _solo_place(state, card, targets[0], False)
    state._refill_adventure(other)


@VOCABULARY.effect("solo_destroy", when=("solo",), words=_verb)
def _solo_destroy(state: DobbersState, item: Item) -> None:
    """Destroy the Adventure cards beside the Solo card (``sides``)."""
    row, slot = state.adventure_row, item["slot"]
    for side in item["sides"]:
        other = slot - 1 if side == "left" else slot + 1
        if 0 <= other < len(row):
            card = row[other]
            if card is not None and state.cards.type(card) not in ("Event", "Solo"):
                state._destroy_row_card(None, "adventure", other)
