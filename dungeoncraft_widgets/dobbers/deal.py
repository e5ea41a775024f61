"""Set-up: Heroes chosen in a random order, the starts, shuffling and dealing the rows and
the opening hands, Events shuffled in, the 2-player variants and the Solo set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.english import count, possessive, says
from .effects import HAND_SIZE

if TYPE_CHECKING:  # pragma: no cover
    from .rules import DobbersState

ADVENTURE_ROW = 6


class SetupMixin:
    """Set-up rules of :class:`~.rules.DobbersState` (see the module docstring)."""

    def _choose_hero(self: DobbersState, hero: str) -> None:
        p = self.pick_order[self.pick_index]
        self.heroes[p] = hero
        self.record("hero", f"{says(self.players[p], 'choose')} {self.cards.name(hero)}: "
                    f"{self.cards[hero].get('text', '')}".rstrip(), player=p, hero=hero)
        self.pick_index += 1
        if self.pick_index < len(self.players):
            return
        self.pick_index = 0
        if self.solo:
            self._begin_play()
        else:
            self.phase = "start"

    def _choose_start(self: DobbersState, letter: str) -> None:
        p = self.pick_order[self.pick_index]
        square = self.board.starts[letter]
        self.position[p] = square
        self.trail[p] = [square]
        self.record("start", f"{says(self.players[p], 'start')} on {self.board.label(square)}.",
                    player=p, square=square)
        self.pick_index += 1
        if self.pick_index == len(self.players):
            self._begin_play()

    def _begin_play(self: DobbersState) -> None:
        """Shuffle and deal everything (Setup 4-8, and the Solo set-up), then the first turn."""
        rng, n = self.rng, len(self.players)
        if self.options.get("variant_b"):
            swap = self.cards.doc["variant_b"]
            old, new = swap["replace"], swap["with"]
            for p in range(n):
                if new in self.adventure_deck and old in self.decks[p]:
                    self.adventure_deck.remove(new)
                    self.decks[p].remove(old)
                    self.decks[p].append(new)
                    self.set_aside.append(old)
            self.record("setup", f"Variant B: a {self.cards.name(new)} from the Adventure deck "
                        f"replaces a {self.cards.name(old)} in every core deck.")
        for p in range(n):
            rng.shuffle(self.decks[p])
        rng.shuffle(self.location_deck)
        rng.shuffle(self.creature_deck)
        rng.shuffle(self.adventure_deck)
        if self.options.get("events"):
            self._shuffle_in_events()
        for i in range(len(self.location_row)):
            self.location_row[i] = self.location_deck.pop()
        if self.solo:
            self._solo_setup()
        else:
            for i in range(len(self.creature_row)):
                self.creature_row[i] = self.creature_deck.pop()
            if self.options.get("variant_a"):
                for card in self.cards.add_location[:4]:
                    self._add_location(card)
        self.phase = "main"
        for i in range(ADVENTURE_ROW):
            self._refill_adventure(i)
        if self.solo:
            self._shuffle_in_solo_cards()
        for i, p in enumerate(self.turn_order_from(self.first)):
            size = 3 if i == 0 else 4 if i == 1 and n >= 3 else HAND_SIZE
            self._draw(p, size)
        self._start_turn(self.first)
        self._run_queue()

    def _shuffle_in_events(self: DobbersState) -> None:
        """FAQ: cut the Adventure deck into as many equal parts as there are Events (8) and
        shuffle one Event into each."""
        events = [c for c in self.set_aside if self.cards.type(c) == "Event"]
        for event in events:
            self.set_aside.remove(event)
        self.rng.shuffle(events)
        deck, parts = self.adventure_deck, len(events)
        size = len(deck)
        out: list[str] = []
        for i, event in enumerate(events):
            part = deck[size * i // parts: size * (i + 1) // parts] + [event]
            self.rng.shuffle(part)
            out += part
        self.adventure_deck = out
        self.record("setup", f"{count(parts, 'Event')} shuffled into the Adventure deck, one "
                    "in each part.")

    def _solo_setup(self: DobbersState) -> None:
        """Solo: six Locations seeded by the Add Location cards; only Creatures in the row."""
        add = list(self.cards.add_location)
        self.rng.shuffle(add)
        for card in add:
            self._add_location(card)
        start = self.board.starts[add[-1]["start"]]
        self.position[0], self.trail[0] = start, [start]
        self.record("start", f"The last Add Location card puts "
                    f"{possessive(self.players[0], capital=False)} meeple on "
                    f"{self.board.label(start)}.", player=0, square=start)
        self.set_aside += [c for c in self.location_row if c] + self.location_deck
        self.location_row, self.location_deck = [], []
        for i in range(len(self.creature_row)):
            self.creature_row[i] = self.creature_deck.pop()

    def _add_location(self: DobbersState, card: dict[str, Any]) -> None:
        index = card["row_position"] - 1
        square = self.board.encounters[card["square"]]
        location = self.location_row[index]
        if location is None or self.stacks.get(square):
            return
        self.location_row[index] = None
        self.stacks[square] = [[location, False]]
        self.record("setup", f"Add Location card {card['number']}: the Location in row "
                    f"position {card['row_position']} goes face down on "
                    f"{self.board.label(square)}.", square=square)
        self._refill_challenge(f"L{index + 1}")

    def _shuffle_in_solo_cards(self: DobbersState) -> None:
        """Solo: the 18 Solo cards go into the top half of the Adventure deck."""
        deck = self.adventure_deck
        half = (len(deck) + 1) // 2
        solo = [c for c in self.set_aside if self.cards.type(c) == "Solo"]
        for card in solo:
            self.set_aside.remove(card)
        top = deck[len(deck) - half:] + solo
        self.rng.shuffle(top)
        self.adventure_deck = deck[:len(deck) - half] + top
        self.record("setup", f"The {len(self.cards.solo)} Solo cards are shuffled into the top "
                    "half of the Adventure deck.")
