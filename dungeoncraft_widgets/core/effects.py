"""A game's card-effect vocabulary, declared once: verb -> what it does, when it may run,
and how it reads.

Card data names effects by a verb (``{"do": "draw", "n": 2}``). A game that interprets
such data declares each verb in one place, with the function that performs it, where
or when it may appear, and the words an app shows for it; the data loader checks every
card against the same table, the engine performs through it and the app words it, so a
new effect is one entry (and its data), not three places to keep in step.

>>> VOCABULARY = Vocabulary("demo")
>>> @VOCABULARY.effect("draw", when=("card", "power"),
...                    words=lambda effect: f"draw {effect['n']} cards")
... def _draw(state, effect):
...     state.append(("drew", effect["n"]))
>>> table = []
>>> VOCABULARY.perform({"do": "draw", "n": 2}, table)
>>> table, VOCABULARY.words({"do": "draw", "n": 2})
([('drew', 2)], 'draw 2 cards')
>>> try:
...     VOCABULARY.check({"do": "draw", "n": 2}, "event", "cards.json: events[3]")
... except DataFormatError as error:
...     print(error)
cards.json: events[3]: the effect 'draw' may appear on a card or a power, not on an event
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .checks import alternatives
from .english import listing
from .errors import DataFormatError

__all__ = ["Effect", "Vocabulary"]


@dataclass(frozen=True)
class Effect:
    """One verb of a vocabulary: ``perform(..., effect)`` does it, ``when`` lists where
    (or when) it may appear, ``words(..., effect)`` says it in a few plain words."""

    verb: str
    perform: Callable[..., Any]
    when: tuple[str, ...]
    words: Callable[..., str]


class Vocabulary(Mapping[str, Effect]):
    """A game's effects by verb (a read-only mapping), filled by :meth:`effect`."""

    def __init__(self, game: str, key: str = "do") -> None:
        self.game, self.key = game, key
        self._effects: dict[str, Effect] = {}

    def effect(self, verb: str, *, when: tuple[str, ...],
               words: Callable[..., str]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Declare ``verb``: decorates the function that performs it."""
        if verb in self._effects:
            raise TypeError(f"{self.game}: the effect {verb!r} is declared twice")

        def declare(perform: Callable[..., Any]) -> Callable[..., Any]:
            self._effects[verb] = Effect(verb, perform, tuple(when), words)
            return perform

        return declare

    def __getitem__(self, verb: str) -> Effect:
        return self._effects[verb]

    def __iter__(self) -> Iterator[str]:
        return iter(self._effects)

    def __len__(self) -> int:
        return len(self._effects)

    def perform(self, effect: Mapping[str, Any], *args: Any) -> Any:
        """Do ``effect`` (its verb's function is called with ``*args`` then ``effect``)."""
        return self._effects[effect[self.key]].perform(*args, effect)

    def words(self, effect: Mapping[str, Any], *args: Any) -> str:
        """``effect`` in plain words (its verb's ``words`` with ``*args`` then ``effect``)."""
        return self._effects[effect[self.key]].words(*args, effect)

    def check(self, effect: Mapping[str, Any], place: str, where: str) -> Effect:
        """The declared effect of ``effect`` (card data), if its verb is known and may
        appear at ``place``; else a :class:`DataFormatError` naming ``where``."""
        verb = effect.get(self.key) if isinstance(effect, Mapping) else None
        declared = self._effects.get(verb) if isinstance(verb, str) else None
        if declared is None:
            raise DataFormatError(f"{where}: {verb!r} is not an effect of {self.game} (known: "
                                  f"{alternatives(sorted(self._effects))})")
        if place not in declared.when:
            places = listing([f"{_article(w)} {w}" for w in declared.when], "or")
            raise DataFormatError(f"{where}: the effect {verb!r} may appear on {places}, "
                                  f"not on {_article(place)} {place}")
        return declared


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"
