"""The effects of Spells and Dungeon Effect cards, each declared once.

A card names its effect in its ``effect`` field (``data/cards.json``). :data:`VOCABULARY`
holds, per effect, the function that does it, where it may appear (on a ``"Spell"``, the
Hero's, or a ``"Dungeon Effect"``, the Guardian's), its words (what the app's button says)
and, here, whom it may target (:func:`targets`) and why a target is refused
(:func:`wrong_target`): the card loader checks every card against it, the engine lists,
refuses and performs through it, the app words it.

>>> from dungeoncraft_widgets.hero_vs_guardian import load_cards
>>> cards = load_cards()
>>> sorted(VOCABULARY)
['capture_frozen', 'freeze', 'level_or_unfreeze', 'next_retreat', 'next_roll']
>>> VOCABULARY.words(cards["T04"], None, None)   # Blessing
'the next roll +2'
>>> VOCABULARY["freeze"].when
('Dungeon Effect',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.effects import Vocabulary
from ..core.english import says

if TYPE_CHECKING:  # the effects act on the state; the state performs through them
    from .rules import HeroVsGuardianState

__all__ = ["EFFECT_TIMINGS", "PLACES", "VOCABULARY", "targets", "wrong_target"]

#: Where an effect may appear, by the card's ``kind``: a Spell (a Treasure card the Hero
#: plays) or a Dungeon Effect (a Dungeon card the Guardian plays).
PLACES = {"spell": "Spell", "effect": "Dungeon Effect"}

VOCABULARY = Vocabulary("Hero versus Guardian", key="effect")

Targets = Callable[["HeroVsGuardianState"], list]
Refusal = Callable[["HeroVsGuardianState", Mapping[str, Any]], "str | None"]
_TARGETS: dict[str, Targets] = {}
_REFUSALS: dict[str, Refusal] = {}
#: When each effect is played (a card's ``timing``): a change to "the next roll" only
#: during a Scout or Venture (Combat), the others between them (Non-Combat), where the
#: engine can perform them. The card loader holds every effect card to this.
EFFECT_TIMINGS: dict[str, tuple[str, ...]] = {}


def _no_target(state: HeroVsGuardianState) -> list[str | None]:
    return [None]


def _effect(verb: str, *, when: tuple[str, ...], timing: str, words: Callable[..., str],
            targets: Targets = _no_target,
            refusal: Refusal | None = None) -> Callable[[Callable[..., None]],
                                                        Callable[..., None]]:
    """Declare ``verb`` in :data:`VOCABULARY`, with its Timing, whom it targets and its
    refusal."""
    def declare(perform: Callable[..., None]) -> Callable[..., None]:
        VOCABULARY.effect(verb, when=when, words=words)(perform)
        EFFECT_TIMINGS[verb] = (timing,)
        _TARGETS[verb] = targets
        if refusal is not None:
            _REFUSALS[verb] = refusal
        return perform

    return declare


def targets(state: HeroVsGuardianState, card: Mapping[str, Any]) -> list[str | None]:
    """Whom the effect of ``card`` (a card's dict) may target now (``[None]``: no target).

    >>> from dungeoncraft_widgets.hero_vs_guardian import scout_venture_position
    >>> game = scout_venture_position("venture", ["A01"], ["D10"])
    >>> targets(game, game.cards["D31"]), targets(game, game.cards["T04"])  # Petrify, Blessing
    (['A01'], [None])
    """
    return _TARGETS[card["effect"]](state)


def wrong_target(state: HeroVsGuardianState, card: Mapping[str, Any]) -> str | None:
    """Why the effect of ``card`` cannot take the target asked for (None: no reason of its
    own; the engine then says it needs another target)."""
    refusal = _REFUSALS.get(card["effect"])
    return None if refusal is None else refusal(state, card)


def _name(view: Any, card: str) -> str:
    return view.cards.name(card)


# ------------------------------------------------------------------ the effects
def _in_play(state: HeroVsGuardianState) -> list[str | None]:
    return [a for party in state.party for a in party]


def _frozen(state: HeroVsGuardianState) -> list[str | None]:
    return [a for frozen in state.frozen for a in frozen]


@_effect("freeze", when=("Dungeon Effect",), timing="Non-Combat",
         words=lambda view, target, card: f"freeze {_name(view, target)}" if target
         else "freeze",
         targets=_in_play, refusal=lambda state, card: "Freeze an Adventurer in play")
def _freeze(state: HeroVsGuardianState, card: str, target: str | None, player: int,
            info: Mapping[str, Any]) -> None:
    """Petrify: the Adventurer is Frozen; its Treasure Items go back into the Market deck."""
    assert target is not None
    owner = state.owner_of(target)
    assert owner is not None
    state.party[owner].remove(target)
    state._strip(target, "market")
    state.frozen[owner].append(target)
    state.rng.shuffle(state.treasure_deck)
    state.record("play", f"{_plays(state, player, info)}: {state.name(target)} is Frozen; its "
                 "Treasure Items are shuffled into the Market deck.", player=player,
                 card=card, target=target)
    state.record("shuffle", "The Market deck is shuffled.", visible_to=(),
                 order=list(state.treasure_deck))


@_effect("capture_frozen", when=("Dungeon Effect",), timing="Non-Combat",
         words=lambda view, target, card: f"capture the Frozen {_name(view, target)}"
         if target else "",
         targets=_frozen,
         refusal=lambda state, card: f"{card['name']} captures a Frozen Adventurer")
def _capture_frozen(state: HeroVsGuardianState, card: str, target: str | None, player: int,
                    info: Mapping[str, Any]) -> None:
    """Dreadful Feeling: the Guardian captures a Frozen Adventurer."""
    assert target is not None
    state.record("play", f"{_plays(state, player, info)}.", player=player, card=card,
                 target=target)
    state._capture(target)


@_effect("next_roll", when=("Spell", "Dungeon Effect"), timing="Combat",
         words=lambda view, target, card: f"the next roll {card.get('amount', 0):+d}")
def _next_roll(state: HeroVsGuardianState, card: str, target: str | None, player: int,
               info: Mapping[str, Any]) -> None:
    """Blessing, Dark Omen: the next roll of this Scout or Venture is changed."""
    assert state.attempt is not None
    state.attempt["bonus"] += info["amount"]
    state.record("play", f"{_plays(state, player, info)}: the next roll is at "
                 f"{info['amount']:+d}.", player=player, card=card)


@_effect("next_retreat", when=("Spell", "Dungeon Effect"), timing="Combat",
         words=lambda view, target, card: f"the next Retreat roll {card.get('amount', 0):+d}")
def _next_retreat(state: HeroVsGuardianState, card: str, target: str | None, player: int,
                  info: Mapping[str, Any]) -> None:
    """Smoke Bomb: the next Retreat roll of this Venture is changed."""
    assert state.attempt is not None
    state.attempt["retreat_bonus"] += info["amount"]
    state.record("play", f"{_plays(state, player, info)}: the next Retreat roll is at "
                 f"{info['amount']:+d}.", player=player, card=card)


def _heroism_targets(state: HeroVsGuardianState) -> list[str | None]:
    in_play = _in_play(state) if state.level_supply > 0 else []
    return [*in_play, *_frozen(state)]


def _heroism_words(view: Any, target: str | None, card: Mapping[str, Any]) -> str:
    if target is None:
        return ""
    if any(target in frozen for frozen in view.frozen):
        return f"free {_name(view, target)}"
    return f"+1 Level on {_name(view, target)}"


@_effect("level_or_unfreeze", when=("Spell",), timing="Non-Combat", words=_heroism_words,
         targets=_heroism_targets,
         refusal=lambda state, card: "no Level Token is left (4 in the game)"
         if state.level_supply < 1 else None)
def _level_or_unfreeze(state: HeroVsGuardianState, card: str, target: str | None,
                       player: int, info: Mapping[str, Any]) -> None:
    """Heroism: a Frozen Adventurer is freed, or one in play gets a Level Token (+1)."""
    assert target is not None
    owner = state.owner_of(target)
    assert owner is not None
    plays = _plays(state, player, info)
    if target in state.frozen[owner]:
        state.frozen[owner].remove(target)
        state.party[owner].append(target)
        state.record("play", f"{plays}: {state.name(target)} is no longer Frozen.",
                     player=player, card=card, target=target)
    else:
        state.level_supply -= 1
        state.levels[target] = state.levels.get(target, 0) + 1
        state.record("play", f"{plays}: a Level Token on {state.name(target)} (+1 to its "
                     "Scout and Venture rolls).", player=player, card=card, target=target)


def _plays(state: HeroVsGuardianState, player: int, info: Mapping[str, Any]) -> str:
    """"You play Petrify": how every effect's log line begins."""
    return f"{says(state.players[player], 'play')} {info['name']}"
