"""Travel and Challenges: shields, Challenge stacks, all-or-nothing fights, Victory,
Results and Defeat, moving back, reaching the Key and the DUEL.

A Challenge stack is a list of ``[card, face_up]`` pairs on an Encounter square:
the Location first, then Equipment, the Creature last (the rulebook plays
Equipment "between the Location and the Creature cards").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.english import count, listing, possessive, says, their, verb_form

if TYPE_CHECKING:  # pragma: no cover
    from .rules import DobbersState


class ChallengeMixin:
    """Travel and Challenge rules of :class:`~.rules.DobbersState`."""

    # ------------------------------------------------------------ stacks
    def stack_takes_creature(self: DobbersState, square: str) -> bool:
        """A Creature goes under a Location that has no cards under it."""
        stack = self.stacks.get(square)
        return bool(stack) and len(stack) == 1

    def stack_takes_equipment(self: DobbersState, square: str, kind: str) -> bool:
        """Equipment goes under a Location with a Creature, within its capacity, one of each
        type."""
        types = self._stack_types(square)
        return types is not None and kind not in types

    def _stack_types(self: DobbersState, square: str) -> list[str] | None:
        """The types of the cards under the Location on ``square`` if Equipment may still go
        there (a Creature is there and the capacity is not reached), else None."""
        stack = self.stacks.get(square)
        if not stack or len(stack) < 2:
            return None
        by_id = self.cards.by_id
        if len(stack) - 1 >= by_id[stack[0][0]]["capacity"]:  # full
            return None
        types = [by_id[card]["type"] for card, _ in stack[1:]]
        return types if "Creature" in types else None

    def open_encounter_squares(self: DobbersState) -> list[str]:
        """Encounter squares with no Location: where an acquired Location may go."""
        return [s for s in self.board.encounters.values() if not self.stacks.get(s)]

    def item_types(self: DobbersState, player: int) -> set[str]:
        """The Item types a Hero counts as having actively equipped (for Locations)."""
        out = set()
        hero = self.heroes[player]
        if hero is not None:
            ability = self.cards[hero].get("ability") or {}
            if ability.get("kind") == "item_type":
                out.add(ability["item_type"])
        item = self.equipped[player].get("item")
        if item is not None and item in self.cards:
            used = self.turn["used"].get("item") if player == self.turn_player else None
            if used is None or used == item:  # not swapped in after another Item was used
                out.add(self.cards[item]["item_type"])
        return out

    def penalty(self: DobbersState, player: int, kind: str) -> int:
        """The negative tokens of ``kind`` a Hero must overcome on the next attempt."""
        if not self.tokens[player]:  # the usual case, asked before every move and purchase
            return 0
        return sum(-self.cards.token_value(t) for t in self.tokens[player]
                   if self.cards.token_kind(t) == kind and self.cards.token_value(t) < 0)

    def _overcome(self: DobbersState, player: int, kind: str) -> None:
        if not self.tokens[player]:
            return
        spent = [t for t in self.tokens[player]
                 if self.cards.token_kind(t) == kind and self.cards.token_value(t) < 0]
        if spent:
            for t in spent:
                self.tokens[player].remove(t)
            self.token_supply += spent
            self.record("token", f"{says(self.players[player], 'overcome')} the "
                        f"{listing([self.token_label(t) for t in spent])} "
                        f"{'token' if len(spent) == 1 else 'tokens'}, back to the supply.",
                        player=player)

    def stack_needs(self: DobbersState, player: int, square: str) -> int:
        """The Challenge points ``player`` needs to beat the stack on ``square`` now: the
        Location (lowered by a matching Item), the Creature with its bonus, the Equipment
        with their alignment bonuses inside the stack, and negative Challenge tokens."""
        stack = self.stacks[square]
        location = self.cards[stack[0][0]]
        total = location["ap"]
        if location.get("item_type") in self.item_types(player):
            total = location["item_ap"]
        cards = [card for card, _ in stack]
        for i, card in enumerate(cards[1:], start=1):
            info = self.cards[card]
            if info["type"] == "Creature":
                total += info["ap"]
                bonus = info.get("bonus")
                if bonus and bonus["if_no"].lower() not in self.equipped[player]:
                    total += bonus["ap"]
                continue
            total += info.get("red", 0) + info.get("gold", 0)
            aligned = info.get("aligned")
            if aligned and any(self.cards[other].get("alignment") == info.get("alignment")
                               for j, other in enumerate(cards) if j != i):
                total += aligned.get("red", 0) + aligned.get("gold", 0)
        return total + self.penalty(player, "challenge")

    def immune_points(self: DobbersState, square: str) -> tuple[int, int]:
        """(red, gold) given this turn by Equipment the stack's Creature is immune to (in a
        view: as far as the face-up cards show)."""
        immune: set[str] = set()
        for card, _ in self.stacks[square]:
            if card in self.cards:  # a face-down card in a view is only its back
                immune.update(self.cards[card].get("immune_to", ()))
        red = gold = 0
        for keywords, kind, r, g in self.turn["contrib"]:
            if immune & set(keywords) or kind in immune:
                red, gold = red + r, gold + g
        return red, gold

    def challenge_points(self: DobbersState, square: str | None = None) -> tuple[int, int]:
        """(red, gold) of the turn's pool that count against the stack on ``square``."""
        red, gold = self.turn["red"], self.turn["gold"]
        if square is not None:
            immune_red, immune_gold = self.immune_points(square)
            red, gold = red - min(red, immune_red), gold - min(gold, immune_gold)
        return red, gold

    # ------------------------------------------------------------ travel
    def travel_cost(self: DobbersState, player: int, here: str, there: str) -> int:
        """Blue + red points a move costs: the shield, less the Hero's first-shield
        ability, plus negative Travel tokens."""
        lower, extra = self.travel_modifiers(player)
        return max(0, self.board.shield(here, there) - lower) + extra

    def travel_modifiers(self: DobbersState, player: int) -> tuple[int, int]:
        """What changes every shield now: (taken off by the Hero's first-shield ability,
        added by negative Travel tokens). The same for every move, so the legal moves
        work it out once."""
        ability = self.cards.by_id[self.heroes[player]].get("ability")
        lower = ability["n"] if ability and ability["kind"] == "first_shield" \
            and not self.turn["first_shield"] else 0
        return lower, self.penalty(player, "travel") if self.tokens[player] else 0

    def _pay_travel(self: DobbersState, player: int, cost: int) -> None:
        blue = min(self.turn["blue"], cost)
        self.turn["blue"] -= blue
        self.turn["red"] -= cost - blue
        self.turn["first_shield"] = True
        self._overcome(player, "travel")

    def _step(self: DobbersState, player: int, square: str) -> None:
        """Put the meeple on a neighbouring square; the trail remembers the way back."""
        trail = self.trail[player]
        if len(trail) >= 2 and trail[-2] == square:
            trail.pop()
        else:
            trail.append(square)
        self.position[player] = square

    def move_back(self: DobbersState, player: int, n: int) -> None:
        """Move back ``n`` squares the way the Hero came (the square it stands on is 0).

        Nobody faces a Challenge when pushed back onto a stack."""
        trail = self.trail[player]
        steps = min(n, len(trail) - 1)
        del trail[len(trail) - steps:]
        self.position[player] = trail[-1]
        self.record("back", f"{says(self.players[player], 'move')} back "
                    f"{count(steps, 'square')} to {self.board.label(trail[-1])}.",
                    player=player, square=trail[-1])

    def _do_move(self: DobbersState, player: int, square: str) -> None:
        here = self.position[player]
        cost = self.travel_cost(player, here, square)
        self._pay_travel(player, cost)
        self._step(player, square)
        self.record("move", f"{says(self.players[player], 'travel')} to "
                    f"{self.board.label(square)} ({count(cost, 'point')}).", player=player,
                    square=square)
        if square == self.board.key:
            self._arrive(player)

    # ------------------------------------------------------------ challenges
    def _begin_challenge(self: DobbersState, player: int, square: str) -> None:
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

    def _fight(self: DobbersState, player: int) -> None:
        """All or nothing: red + gold against the whole stack; equal or more wins."""
        assert self.challenge is not None
        square = self.challenge["square"]
        need = self.stack_needs(player, square)
        red, gold = self.challenge_points(square)
        have = red + gold
        stack = self.stacks[square]
        location = stack[0][0]
        creature = next((c for c, _ in stack if self.cards.type(c) == "Creature"), None)
        name = self.players[player]
        self.challenge = None
        if have >= need:
            spend_gold = min(gold, need)
            self.turn["gold"] -= spend_gold
            self.turn["red"] -= need - spend_gold
            self._overcome(player, "challenge")
            self._step(player, square)
            self.record("victory", f"Victory! {says(name, 'bring')} {have} against {need} on "
                        f"{self.board.label(square)}.", player=player, square=square)
            items = self._effects_of(self.cards[location].get("victory"), player, location)
            if creature is not None:
                stack.remove([creature, True])
                self.destroyed.append(creature)
                items += self._effects_of(self.cards[creature].get("victory"), player, creature)
                self.record("destroy", f"{self.cards.name(creature)} goes to the Destroyed "
                            "pile.", player=player)
            items += self._effects_of(self.cards[location].get("results"), player, location)
            if self.options.get("extra_challenges", True):
                items += self._effects_of(self.cards[location].get("extra"), player, location)
            items += [{"do": "_loot_ask", "p": player, "src": c, "square": square}
                      for c, _ in stack[1:]]
            items.append({"do": "_victory_done", "p": player, "src": location,
                          "square": square})
        else:
            self.turn["red"] = self.turn["gold"] = 0
            self._step(player, square)
            self.record("defeat", f"Defeat: {possessive(name, capital=False)} {have} against "
                        f"{need} on {self.board.label(square)}. The stack stays face up.",
                        player=player, square=square)
            items = self._effects_of(self.cards[location].get("defeat"), player, location)
            if creature is not None:
                items += self._effects_of(self.cards[creature].get("defeat"), player, creature)
            items.append({"do": "_defeat_done", "p": player, "src": location,
                          "square": square})
        self._push(items)

    def _do_loot_ask(self: DobbersState, item: dict[str, Any]) -> None:
        card = item["src"]
        self._ask(item["p"], "loot", [["hand", card], ["discard", card], ["destroy", card]],
                  False, card, square=item["square"])

    def _loot(self: DobbersState, player: int, zone: str, card: str, square: str) -> None:
        """A beaten stack's Equipment: into the hand, the discard pile, or Destroyed."""
        stack = self.stacks[square]
        entry = next(e for e in stack[1:] if e[0] == card)
        stack.remove(entry)
        {"hand": self.hands[player], "discard": self.discards[player],
         "destroy": self.destroyed}[zone].append(card)
        where = {"hand": f"into {their(self.players[player])} hand",
                 "discard": f"onto {their(self.players[player])} discard "
                            "pile", "destroy": "to the Destroyed pile"}[zone]
        self.record("loot", f"{says(self.players[player], 'put')} {self.cards.name(card)} "
                    f"{where}.", player=player)

    def _do_victory_done(self: DobbersState, item: dict[str, Any]) -> None:
        if item["square"] == self.board.key:
            self._arrive(item["p"])

    def _do_defeat_done(self: DobbersState, item: dict[str, Any]) -> None:
        if self.position[item["p"]] == item["square"]:
            self.move_back(item["p"], 1)

    # ------------------------------------------------------------ the Key
    def _arrive(self: DobbersState, player: int) -> None:
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

    def duel_total(self: DobbersState) -> int:
        """A duelist's red + gold (blue counts for nothing), less negative Challenge tokens."""
        return self.turn["red"] + self.turn["gold"] - self.penalty(self.turn_player, "challenge")
