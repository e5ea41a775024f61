"""Playing cards: Effects from the hand, equipping (one Weapon, Armor and Item; once a turn
per type), Forge cards, using Equipment, positive tokens, the Hero's power, Destroy, and
the alignment bonuses all of them can trigger."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.english import listing, possessive, says
from .effects import SLOTS

if TYPE_CHECKING:  # pragma: no cover
    from .rules import DobbersState

POOL = {"action": "red", "travel": "blue", "challenge": "gold", "influence": "influence"}


class PlayingMixin:
    """How :class:`~.rules.DobbersState` plays cards (see the module docstring)."""

    def _alignments_in_play(self: DobbersState, player: int) -> dict[str, set[str]]:
        """The alignments of every card in play that can trigger a bonus, by key: each
        equipped slot (``eweapon``: the card and its Forge card) in slot order, then, on the
        player's turn, each card played this turn (``p2``: the third)."""
        by_id, equipped, forged = self.cards.by_id, self.equipped[player], self.forged[player]
        out: dict[str, set[str]] = {}
        for slot in SLOTS:
            if slot in equipped:
                out[f"e{slot}"] = {by_id[c]["alignment"] for c in (equipped[slot],
                                                                     forged.get(slot))
                                   if c is not None and "alignment" in by_id[c]}
        if player == self.turn_player:
            for i, card in enumerate(self.turn["played"]):
                if card:
                    info = by_id[card]
                    out[f"p{i}"] = {info["alignment"]} if "alignment" in info else set()
        return out

    def _bonuses(self: DobbersState, player: int) -> list[dict[str, Any]]:
        """Apply every alignment bonus that has just become active; returns their effects."""
        cards, turn = self.cards, self.turn
        # Called after every card played, equipped or used: first the cards with a bonus
        # still to come (usually none), in the order of _alignments_in_play.
        by_id, bonus, equipped, used = cards.by_id, turn["bonus"], self.equipped[player], \
            turn["used"]
        if cards.aligned.isdisjoint(equipped.values()) and (
                player != self.turn_player or cards.aligned.isdisjoint(turn["played"])):
            return []
        waiting = [(f"e{slot}", card) for slot in SLOTS
                   if (card := equipped.get(slot)) is not None and used.get(slot) == card
                   and "aligned" in by_id[card] and f"e{slot}" not in bonus]
        if player == self.turn_player:
            waiting += [(f"p{i}", card) for i, card in enumerate(turn["played"])
                        if card and "aligned" in by_id[card] and f"p{i}" not in bonus]
        if not waiting:
            return []
        ability = cards[self.heroes[player]].get("ability") or {}
        hero_alignment = {ability["alignment"]} if ability.get("kind") == "counts_as" else set()
        alignments = self._alignments_in_play(player)
        items: list[dict[str, Any]] = []
        for key, card in waiting:
            aligned = cards[card]["aligned"]
            others = set(hero_alignment)
            for other, kinds in alignments.items():
                if other != key:
                    others |= kinds
            if not alignments[key] & others:
                continue
            self.turn["bonus"].append(key)
            points = {c: aligned[c] for c in ("red", "blue", "gold", "influence")
                      if aligned.get(c)}
            for colour, n in points.items():
                self.turn[colour] += n
            if key.startswith("e"):
                self._contribute(player, key[1:], points)
            what = self.describe_points(points) if points else "its effect"
            self.record("bonus", f"{self.cards.name(card)}'s "
                        f"{listing(sorted(alignments[key] & others))} bonus: {what}.",
                        player=player, card=card)
            items += self._effects_of(aligned.get("effects"), player, card)
        return items

    def _contribute(self: DobbersState, player: int, slot: str, points: dict[str, int]) -> None:
        """Remember what an Equipment card gave this turn (for Creature immunities)."""
        by_id, card, forge = self.cards.by_id, self.equipped[player][slot], \
            self.forged[player].get(slot)
        keywords = set(by_id[card].get("keywords", ()))
        if forge is not None:
            keywords.update(by_id[forge].get("keywords", ()))
        self.turn["contrib"].append([sorted(keywords), by_id[card]["type"], points.get("red", 0),
                                     points.get("gold", 0)])

    def _play(self: DobbersState, p: int, card: str) -> None:
        self.hands[p].remove(card)
        self.turn["played"].append(card)
        info = self.cards.by_id[card]
        points = self.cards.printed_points[card]
        for colour, n in points.items():
            self.turn[colour] += n
        gives = f": {self.describe_points(points)}" if points else ""
        self.record("play", f"{says(self.players[p], 'play')} {info['name']}{gives}.", player=p,
                    card=card)
        self._push(self._effects_of(info.get("effects"), p, card) + self._bonuses(p))

    def _equip(self: DobbersState, p: int, card: str) -> None:
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

    def _forge(self: DobbersState, p: int, card: str, slot: str) -> None:
        self.hands[p].remove(card)
        self.forged[p][slot] = card
        host = self.equipped[p][slot]
        later = " (it counts from the next use)" if slot in self.turn["used"] else ""
        self.record("forge", f"{says(self.players[p], 'forge')} {self.cards.name(card)} under "
                    f"{self.cards.name(host)}{later}.", player=p, card=card)
        self._push(self._bonuses(p))

    def _use(self: DobbersState, p: int, slot: str) -> None:
        card = self.equipped[p][slot]
        parts = [self.cards.by_id[card]]
        forge = self.forged[p].get(slot)
        if forge is not None:
            parts.append(self.cards[forge]["forge"])
        forged = parts[1] if forge is not None else {}
        points = {}
        for c in ("red", "blue", "gold", "influence"):
            n = parts[0].get(c, 0) + forged.get(c, 0)
            if n:
                points[c] = n
        for colour, n in points.items():
            self.turn[colour] += n
        self.turn["used"][slot] = card
        self._contribute(p, slot, points)
        self.record("use", f"{says(self.players[p], 'use')} {self.cards.name(card)}: "
                    f"{self.describe_points(points)}.", player=p, card=card)
        items = []
        for part in parts:
            items += self._effects_of(part.get("effects"), p, card)
        self._push(items + self._bonuses(p))

    def _spend_token(self: DobbersState, p: int, token: str) -> None:
        self.tokens[p].remove(token)
        self.token_supply.append(token)
        colour = POOL[self.cards.token_kind(token)]
        self.turn[colour] += self.cards.token_value(token)
        self.record("token", f"{says(self.players[p], 'spend')} a {self.token_label(token)} "
                    "token.", player=p)

    def _power(self: DobbersState, p: int) -> None:
        self.turn["power"] = True
        hero = self.heroes[p]
        self.record("power", f"{says(self.players[p], 'use')} "
                    f"{possessive(self.cards.name(hero))} power.", player=p)
        self._push(self._effects_of(self.cards[hero]["ability"]["effects"], p, hero))

    def _destroy(self: DobbersState, p: int, card: str) -> None:
        played = self.turn["played"]
        if card in played:
            played[played.index(card)] = None
        else:
            slot = next(s for s, c in self.turn["equipped_now"].items()
                        if c == card and self.equipped[p].get(s) == card)
            del self.equipped[p][slot]
            if slot in self.forged[p]:
                self.destroyed.append(self.forged[p].pop(slot))
        self.destroyed.append(card)
        ability = self.cards[card]["destroy"]
        points = {c: ability[c] for c in ("red", "blue", "gold", "influence") if ability.get(c)}
        for colour, n in points.items():
            self.turn[colour] += n
        self.record("destroy", f"{says(self.players[p], 'destroy')} {self.cards.name(card)} for "
                    "its Destroy ability.", player=p, card=card)
        self._push(self._effects_of(ability.get("effects"), p, card))
