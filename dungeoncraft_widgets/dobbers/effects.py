"""What cards do: the effect vocabulary of ``cards.json``, the queue it runs on, the
choices it asks for, the rows' refills, Events and the Solo cards.

Every effect (a card's, a Location's consequence, an Event's, a Solo card's
instruction) becomes an item on ``state.queue``; :meth:`EffectsMixin._run_queue`
resolves them in order. An effect that needs a decision ("destroy one card from
your hand or discard pile", "choose between results", what to do with a beaten
stack's Equipment) stops the queue with ``state.pending``; the ``choose``/``skip``
actions answer it and the queue goes on. Items whose ``do`` starts with ``_`` are
the engine's own steps (the next turn, the end of a challenge, an Outwit window),
queued so that they wait for every choice before them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.english import count, listing, objective, possessive, says, their, verb_form

if TYPE_CHECKING:  # pragma: no cover
    from .rules import DobbersState

SLOTS = ("weapon", "armor", "item")
HAND_SIZE = 5
_POINT_WORDS = {"red": "red", "blue": "blue", "gold": "gold", "influence": "Influence"}


@lru_cache(maxsize=1024)
def _points_text(points: tuple[tuple[str, int], ...]) -> str:
    # Remembered: every card played or used is logged with the few sums cards give.
    return listing([f"{n} {_POINT_WORDS[c]}" for c, n in points if n]) or "nothing"


class EffectsMixin:
    """The effect interpreter of :class:`~.rules.DobbersState` (see the module docstring)."""

    # ------------------------------------------------------------ the queue
    def _push(self: DobbersState, items: list[dict[str, Any]]) -> None:
        """Queue ``items`` before everything already queued (they resolve first)."""
        self.queue[:0] = items

    def _effects_of(self: DobbersState, effects: Any, player: int, source: str,
                    **extra: Any) -> list[dict[str, Any]]:
        return [dict(e, p=player, src=source, **extra) for e in effects or ()]

    def _run_queue(self: DobbersState) -> None:
        while self.queue and self.pending is None and self.window is None \
                and self.end_reason is None:
            item = self.queue.pop(0)
            if not self._condition_holds(item):
                continue
            getattr(self, "_do_" + item["do"].lstrip("_"))(item)
        if self.end_reason is not None:
            self.queue.clear()
            self.pending = self.window = None

    def _condition_holds(self: DobbersState, item: dict[str, Any]) -> bool:
        if "unless_item" not in item and "if_item" not in item:  # most effects: no condition
            return True
        types = self.item_types(item.get("p", self.turn_player))
        if "unless_item" in item and item["unless_item"] in types:
            self.record("effect", f"{possessive(self.players[item['p']])} "
                        f"{item['unless_item']} Item spares {self._objective(item['p'])} that.",
                        player=item["p"])
            return False
        return not ("if_item" in item and item["if_item"] not in types)

    def _ask(self: DobbersState, player: int, kind: str, options: list[list[str]],
             optional: bool, source: str, **extra: Any) -> None:
        """Stop the queue for ``player``'s choice among ``options`` ([zone, card] pairs)."""
        self.pending = {"player": player, "kind": kind, "options": options,
                        "optional": optional, "src": source, **extra}

    # ------------------------------------------------------------ card effects
    def _do_draw(self: DobbersState, item: dict[str, Any]) -> None:
        if item.get("who") == "all":
            for p in self.turn_order_from(self.turn_player):
                self._draw(p, item["n"])
            return
        self._draw(item["p"], item["n"])

    def _do_gain(self: DobbersState, item: dict[str, Any]) -> None:
        gained = {c: item[c] for c in ("red", "blue", "gold", "influence") if item.get(c)}
        for colour, n in gained.items():
            self.turn[colour] += n
        self.record("gain", f"{says(self.players[item['p']], 'gain')} "
                    f"{self.describe_points(gained)} from {self.cards.name(item['src'])}.",
                    player=item["p"])

    def _do_token(self: DobbersState, item: dict[str, Any]) -> None:
        players = self.turn_order_from(self.turn_player) if item.get("who") == "all" \
            else [item["p"]]
        for p in players:
            self._take_token(p, item["token"])

    def _take_token(self: DobbersState, player: int, token: str) -> None:
        name = self.players[player]
        if token not in self.token_supply:
            self.record("token", f"No {token} token is left for {self._objective(player)}.",
                        player=player)
            return
        self.token_supply.remove(token)
        self.tokens[player].append(token)
        self.record("token", f"{says(name, 'take')} a {self.token_label(token)} token.",
                    player=player)

    def _do_cull(self: DobbersState, item: dict[str, Any]) -> None:
        p = item["p"]
        options = [["hand", c] for c in sorted(set(self.hands[p]))]
        options += [["discard", c] for c in sorted(set(self.discards[p]))]
        if options:
            self._ask(p, "cull", options, True, item["src"])

    def _do_destroy_row(self: DobbersState, item: dict[str, Any]) -> None:
        options = [["adventure", c] for c in sorted({c for c in self.adventure_row if c})]
        options += [["challenge", slot] for slot in self.challenge_slots() if self.row_card(slot)]
        if options:
            self._ask(item["p"], "destroy_row", options, True, item["src"])

    def _do_retrieve(self: DobbersState, item: dict[str, Any]) -> None:
        p = item["p"]
        options = [["discard", c] for c in sorted(set(self.discards[p]))]
        if options:
            self._ask(p, "retrieve", options, False, item["src"])

    def _do_outwit(self: DobbersState, item: dict[str, Any]) -> None:
        """Played on your own turn an Outwit gives only its Influence."""

    def _do_discard(self: DobbersState, item: dict[str, Any]) -> None:
        p = item["p"]
        if self.hands[p]:
            self._ask(p, "discard", [["hand", c] for c in sorted(set(self.hands[p]))], False,
                      item["src"], left=item["n"])

    def _do_lose_equipment(self: DobbersState, item: dict[str, Any]) -> None:
        p = item["p"]
        slots = [s for s in SLOTS if s in self.equipped[p]]
        if item["slot"] != "any":
            slots = [s for s in slots if s == item["slot"].lower()]
        if len(slots) == 1:
            self._lose_equipment(p, slots[0])
        elif slots:
            self._ask(p, "lose_equipment", [["slot", s] for s in slots], False, item["src"])

    def _lose_equipment(self: DobbersState, player: int, slot: str) -> None:
        """An equipped card (and the Forge card under it) goes to the discard pile."""
        lost = [self.equipped[player].pop(slot)]
        if slot in self.forged[player]:
            lost.append(self.forged[player].pop(slot))
        self.discards[player] += lost
        self.record("lose", f"{says(self.players[player], 'lose')} "
                    f"{listing([self.cards.name(c) for c in lost])} to the discard pile.",
                    player=player)

    def _do_choice(self: DobbersState, item: dict[str, Any]) -> None:
        options = [["option", str(i + 1)] for i in range(len(item["options"]))]
        self._ask(item["p"], "choice", options, False, item["src"], choices=item["options"])

    def _do_back(self: DobbersState, item: dict[str, Any]) -> None:
        self.move_back(item["p"], item["n"])

    # ------------------------------------------------------------ choices
    def _resolve_choice(self: DobbersState, zone: str, card: str) -> None:
        """Carry out the pending choice ``[zone, card]`` (already checked legal)."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        p, kind, name = pending["player"], pending["kind"], self.players[pending["player"]]
        if kind == "cull":
            (self.hands if zone == "hand" else self.discards)[p].remove(card)
            self.destroyed.append(card)
            self.record("destroy", f"{says(name, 'destroy')} {self.cards.name(card)} from "
                        f"{their(name)} {zone}.", player=p)
            self._draw(p, 1)
        elif kind == "destroy_row":
            self._destroy_row_card(p, zone, card)
        elif kind == "retrieve":
            self.discards[p].remove(card)
            self.hands[p].append(card)
            self.record("retrieve", f"{says(name, 'take')} {self.cards.name(card)} from the "
                        "discard pile into the hand.", player=p)
        elif kind == "discard":
            self.hands[p].remove(card)
            self.discards[p].append(card)
            self.record("discard", f"{says(name, 'discard')} {self.cards.name(card)}.", player=p)
            if pending["left"] > 1 and self.hands[p]:
                self._ask(p, "discard", [["hand", c] for c in sorted(set(self.hands[p]))],
                          False, pending["src"], left=pending["left"] - 1)
        elif kind == "lose_equipment":
            self._lose_equipment(p, card)
        elif kind == "choice":
            chosen = pending["choices"][int(card) - 1]
            self.record("choice", f"{says(name, 'choose')} option {card}.", player=p)
            self._push(self._effects_of(chosen, p, pending["src"]))
        elif kind == "loot":
            self._loot(p, zone, card, pending["square"])
        elif kind == "solo_target":
            self._take_for_solo(pending["where"])
            self._solo_place(pending["card"], card, pending["up"], pending["where"])

    def _skip_choice(self: DobbersState) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        self.record("skip", f"{says(self.players[pending['player']], 'decline')} what "
                    f"{self.cards.name(pending['src'])} offers.", player=pending["player"])

    def _destroy_row_card(self: DobbersState, player: int | None, zone: str, card: str) -> None:
        """Destroy an Adventure row card (by id) or a Challenge row card (by position)."""
        if zone == "adventure":
            slot = self.adventure_row.index(card)
            self.adventure_row[slot] = None
            self.destroyed.append(card)
            who = "" if player is None else f"{says(self.players[player], 'destroy')} "
            text = f"{who}{self.cards.name(card)} from the Adventure row" if who else \
                f"{self.cards.name(card)} is destroyed from the Adventure row"
            self.record("destroy", text[0].upper() + text[1:] + ".", player=player, card=card,
                        slot=slot)
            self._refill_adventure(slot)
            return
        row, index = self.challenge_row_of(card)
        destroyed = row[index]
        row[index] = None
        self.destroyed.append(destroyed)
        self.mark_irreversible("a Challenge card was turned face up")
        self.record("destroy", f"{says(self.players[player], 'destroy')} "
                    f"{self.cards.name(destroyed)} from the Challenge row (now face up).",
                    player=player)
        self._refill_challenge(card)

    # ------------------------------------------------------------ rows
    def _refill_adventure(self: DobbersState, slot: int) -> None:
        """Fill an empty Adventure row position from the deck; an Event or Solo card revealed
        there resolves at once (before anything already queued) and then leaves the row."""
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
            self._push([*self._effects_of(steps, self.turn_player, card, slot=slot),
                        {"do": "_leave_row", "slot": slot, "p": self.turn_player, "src": card}])

    def _do_leave_row(self: DobbersState, item: dict[str, Any]) -> None:
        slot = item["slot"]
        card = self.adventure_row[slot]
        if card == item["src"]:
            self.adventure_row[slot] = None
            self.resolved.append(card)
            self._refill_adventure(slot)

    def _refill_challenge(self: DobbersState, slot: str) -> None:
        row, index = self.challenge_row_of(slot)
        deck = self.location_deck if slot.startswith("L") else self.creature_deck
        if row[index] is None and deck:
            row[index] = deck.pop()
            self.mark_irreversible("a new Challenge card was turned up")

    # ------------------------------------------------------------ Events
    def _do_destroy_adventure(self: DobbersState, item: dict[str, Any]) -> None:
        for _ in range(item["n"]):
            cards = [(self.cards[c]["cost"], i) for i, c in enumerate(self.adventure_row)
                     if c is not None and self.cards.type(c) not in ("Event", "Solo")]
            if not cards:
                return
            if item["which"] == "cheapest":
                _, slot = min(cards)
            else:
                _, slot = min((-cost, i) for cost, i in cards)
            self._destroy_row_card(None, "adventure", self.adventure_row[slot])

    # ------------------------------------------------------------ Solo cards
    def _ahead(self: DobbersState) -> list[str]:
        """The squares between the solo Hero and the Key (nearest first, the Key last)."""
        return self.board.route_to_key(self.position[0])[1:]

    def _do_solo_creature(self: DobbersState, item: dict[str, Any]) -> None:
        if item["from"] == "row":
            index = item["slot"]
            if index >= len(self.creature_row) or self.creature_row[index] is None:
                return
            card, up, where = self.creature_row[index], False, f"C{index + 1}"
        else:
            if not self.creature_deck:
                return
            card, up, where = self.creature_deck[-1], False, "deck"
        targets = [s for s in self._ahead() if self.stack_takes_creature(s)]
        if not targets:  # "if you do find multiple possible resolutions ... you get to choose"
            targets = [s for s in self.board.squares if self.stack_takes_creature(s)]
            if len(targets) > 1:
                self._ask(0, "solo_target", [["square", s] for s in targets], False,
                          item["src"], card=card, up=up, where=where)
                return
        if targets:
            self._take_for_solo(where)
            self._solo_place(card, targets[0], up, where)

    def _take_for_solo(self: DobbersState, where: str) -> None:
        if where == "deck":
            self.creature_deck.pop()
        else:
            self.creature_row[int(where[1:]) - 1] = None
            self._refill_challenge(where)

    def _solo_place(self: DobbersState, card: str, square: str, up: bool,
                    where: str = "row") -> None:
        """Put ``card`` (from ``where``: a Challenge row position, ``"deck"``, or the
        Adventure ``"row"``) into the stack on ``square``. The log keeps what everyone saw
        of it: a named Equipment card, or a Creature's art side as it showed in the row."""
        kind = self.cards.type(card)
        stack = self.stacks[square]
        if kind == "Creature":
            stack.append([card, up])
            seen = {"back": "?creature" if where == "deck" else self.cards.back(card)}
        else:
            stack.insert(len(stack) - 1, [card, up])
            seen = {"card": card}
        what = "a Creature" if kind == "Creature" else self.cards.name(card)
        self.record("solo", f"The Solo card puts {what} under the Location on "
                    f"{self.board.label(square)}.", square=square, **seen)

    def _do_solo_arm(self: DobbersState, item: dict[str, Any]) -> None:
        slot = item["slot"]
        other = slot - 1 if item["side"] == "left" else slot + 1
        if other < 0 or other >= len(self.adventure_row):
            other = slot + 1 if other < 0 else slot - 1
        card = self.adventure_row[other] if 0 <= other < len(self.adventure_row) else None
        if card is None or self.cards.type(card) in ("Event", "Solo"):
            return
        kind = self.cards.type(card)
        targets = [s for s in self._ahead() if self.stack_takes_equipment(s, kind)] \
            if self.cards.is_equipment(card) else []
        if not targets:
            self._destroy_row_card(None, "adventure", card)
            return
        self.adventure_row[other] = None
        self._solo_place(card, targets[0], False)
        self._refill_adventure(other)

    def _do_solo_destroy(self: DobbersState, item: dict[str, Any]) -> None:
        slot = item["slot"]
        for side in item["sides"]:
            other = slot - 1 if side == "left" else slot + 1
            if 0 <= other < len(self.adventure_row):
                card = self.adventure_row[other]
                if card is not None and self.cards.type(card) not in ("Event", "Solo"):
                    self._destroy_row_card(None, "adventure", card)

    def _do_solo_between_turns(self: DobbersState, item: dict[str, Any]) -> None:
        """Solo: destroy one Adventure row card between turns (method A or B)."""
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
        self._destroy_row_card(None, "adventure", card)

    # ------------------------------------------------------------ helpers
    def describe_points(self: DobbersState, points: dict[str, int]) -> str:
        """``{"red": 2, "influence": 1}`` as ``'2 red and 1 Influence'``."""
        return _points_text(tuple(points.items()))

    def _objective(self: DobbersState, player: int) -> str:
        return objective(self.players[player])

    def _draw(self: DobbersState, player: int, n: int, ending: bool = False) -> int:
        """Draw ``n`` cards (reshuffling the discard pile when the deck runs out); ``ending``:
        the Draw Phase that ends a turn."""
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
                self.record("draw", f"{says(name, 'draw')} {count(len(drawn), 'card')}.",
                            player=player)
            self.record("draw", f"{says(name, 'draw')} "
                        f"{listing([self.cards.name(c) for c in drawn])}.", player=player,
                        visible_to=[player], cards=drawn)
        return len(drawn)
