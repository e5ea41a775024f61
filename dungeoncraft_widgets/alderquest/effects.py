"""What cards do: the effect vocabulary of ``data/cards.json``, declared once.

Every Hero ability, minion trigger, Quarrel, legendary Quarrel and exalted effect is a
list of effects (``{"do": <verb>, ...}``, also written out in the data file's
``vocabulary``). Each verb is declared here once, with:

- the function that performs it (``perform(state, ctx, target, effect)``);
- where it may appear (:data:`PLACES`) and what its data takes (``n``, ``faction``,
  ``where``, ``which``): the card loader checks every card against them;
- the choices it offers (its targets, a pure function of the position: None when it
  needs no choice) and who chooses;
- its words, which the log and the app use.

The engine runs a list one effect at a time: an effect that needs a choice (a rune, a
minion, a space, a cell) asks the player who controls the card with a ``choose TARGET``
decision, or is done at once when there is a single possibility, or is skipped when
there is none.

The context of a list (``ctx``) says who controls it (``team``), where it comes from
(``kind``: hero, scheme, trap, trigger, legendary, exalted; ``source``) and, for a
minion's trigger or a fired Trap, the ``space`` and the ``minion`` or ``activator``.

>>> from dungeoncraft_widgets.alderquest import new_game
>>> game = new_game(seed=1)
>>> effect_targets(game, {"do": "enemy_draws_tiles"}, {"team": 0}) is None
True
>>> VOCABULARY.words({"do": "steal_held_rune"}), sorted(VOCABULARY)[:2]
('steal held rune', ['add_trap_to_pouch', 'collect_runes'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.effects import Vocabulary
from ..core.english import count
from .battlefield import Field, Minions, summon_space_ok
from .matching import swap_pairs

if TYPE_CHECKING:  # effects are performed on the game, which this module never imports
    from .rules import AlderQuestState

__all__ = ["PLACES", "SHAPES", "SUMMON_WHERE", "TRIGGERS", "VOCABULARY", "WHICH", "Shape",
           "effect_targets", "unroll", "victims"]

#: Where an effect list may stand, by the context kind the engine gives it.
PLACES = {"exalted": "exalted effect", "hero": "Hero ability", "trigger": "minion trigger",
          "scheme": "Scheme", "trap": "Trap", "legendary": "legendary Quarrel"}
EVERYWHERE = tuple(PLACES.values())
FACTION_CARDS = tuple(p for p in EVERYWHERE if p != "legendary Quarrel")  # they summon
#: Trigger kinds a minion's upgraded side may have (L342-347), and their printed words.
TRIGGERS = {"reveal": "Reveal", "move": "Move", "tribute": "Tribute",
            "squabble": "Squabble", "confront": "Confront", "destroyed": "Destroyed"}
SUMMON_WHERE = ("adjacent", "ally_tile", "front")
WHICH = ("activator", "activator_and_surrounding", "adjacent", "any")

Targets = Callable[["AlderQuestState", Mapping[str, Any], Mapping[str, Any]], "list[str] | None"]


@dataclass(frozen=True)
class Shape:
    """What a verb's data takes (``takes``: ``n`` is optional, the others required), the
    choices it offers (``targets(state, ctx, effect)``: None when it needs none) and who
    chooses them (``"team"``: the card's controller; ``"enemy"``: the other team)."""

    takes: tuple[str, ...]
    targets: Targets | None
    chosen_by: str = "team"


VOCABULARY = Vocabulary("AlderQuest")
#: verb -> its :class:`Shape`, filled by the same declaration as :data:`VOCABULARY`.
SHAPES: dict[str, Shape] = {}


def _said(words: str) -> Callable[[Mapping[str, Any]], str]:
    """An effect's words, with how many times when it repeats (``n``)."""
    def say(effect: Mapping[str, Any]) -> str:
        n = effect.get("n", 1)
        return f"{words} ({count(n, 'time')})" if n > 1 else words
    return say


def _effect(verb: str, *, takes: tuple[str, ...] = (), when: tuple[str, ...] = EVERYWHERE,
            targets: Targets | None = None, chosen_by: str = "team"
            ) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Declare ``verb`` once: :data:`VOCABULARY` gets the function performing it, where it
    may appear and its words (the verb's own, in plain words); :data:`SHAPES` what its
    data takes, its targets and who chooses them."""
    def declare(perform: Callable[..., None]) -> Callable[..., None]:
        VOCABULARY.effect(verb, when=when, words=_said(verb.replace("_", " ")))(perform)
        SHAPES[verb] = Shape(takes, targets, chosen_by)
        return perform
    return declare


def unroll(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Effects with ``n`` repeated, so each is done (or targeted) once:
    ``[{"do": "x", "n": 2}]`` -> two ``{"do": "x"}``.

    >>> unroll([{"do": "steal_held_rune", "n": 2}, {"do": "ready_hero"}])
    [{'do': 'steal_held_rune'}, {'do': 'steal_held_rune'}, {'do': 'ready_hero'}]
    """
    out = []
    for e in effects:
        single = {k: v for k, v in e.items() if k != "n"}
        out.extend(dict(single) for _ in range(e.get("n", 1)))
    return out


def effect_targets(state: AlderQuestState, effect: Mapping[str, Any],
                   ctx: Mapping[str, Any]) -> list[str] | None:
    """The choices ``effect`` offers in ``state`` (a game or a view; None: it needs no
    choice)."""
    targets = SHAPES[effect["do"]].targets
    return None if targets is None else targets(state, ctx, effect)


# ------------------------------------------------------------------ targets
def _enemy_minions(minions: Minions, team: int) -> list[str]:
    return sorted(mid for mid, m in minions.items()
                  if m["team"] != team and m["space"] is not None)


def _adjacent_to(field: Field, minions: Minions, ctx: Mapping[str, Any]) -> list[str]:
    """The spaces next to the trigger's minion or the trap's activator (where it stands
    now, else where it was)."""
    space = ctx.get("space")
    if ctx.get("activator") in minions:
        space = minions[ctx["activator"]]["space"] or space
    elif ctx.get("minion") in minions:
        space = minions[ctx["minion"]]["space"] or space
    if space is None:
        return []
    return field.adjacent(space)


def victims(field: Field, minions: Minions, effect: Mapping[str, Any],
            ctx: Mapping[str, Any], target: str | None) -> list[str]:
    """The minions a ``destroy_enemy`` or ``stun_enemy`` hits: the one chosen, else the
    trap's activator (with ``activator_and_surrounding``, every enemy minion on the 8
    ground spaces around it too).

    >>> from dungeoncraft_widgets.alderquest.data import load_boards
    >>> minions = {"T01": {"team": 0, "space": "b2"}, "T02": {"team": 0, "space": "c1"},
    ...            "T03": {"team": 0, "space": "d4"}, "H01": {"team": 1, "space": "a1"}}
    >>> victims(Field(load_boards()), minions, {"which": "activator_and_surrounding"},
    ...         {"team": 1, "activator": "T01"}, None)
    ['T01', 'T02']
    """
    if target is not None:
        return [target]
    activator = ctx.get("activator")
    if activator not in minions:
        return []
    out = [activator]
    if effect["which"] == "activator_and_surrounding":
        # "all surrounding": the 8 spaces around it, not only the adjacent 4 (which the
        # rulebook calls "adjacent" when it means them)
        around = set(field.surrounding(minions[activator]["space"]))
        out += sorted(mid for mid in _enemy_minions(minions, ctx["team"])
                      if minions[mid]["space"] in around and mid != activator)
    return out


def _runes_discarded(state: AlderQuestState, ctx: Mapping[str, Any],
                     effect: Mapping[str, Any]) -> list[str]:
    return sorted({r for r in state.rune_discard if len(r) == 1})


def _enemy_held(state: AlderQuestState, ctx: Mapping[str, Any],
                effect: Mapping[str, Any]) -> list[str]:
    return sorted(set(state.teams[1 - ctx["team"]]["held"]))


def _enemy_quarrels(state: AlderQuestState, ctx: Mapping[str, Any],
                    effect: Mapping[str, Any]) -> list[str]:
    return sorted(set(state.teams[1 - ctx["team"]]["quarrels"]))


def _summon_spaces(state: AlderQuestState, ctx: Mapping[str, Any],
                   effect: Mapping[str, Any]) -> list[str]:
    team, field = ctx["team"], state.field
    if not state.minion_decks[effect["faction"]]:
        return []
    where = effect["where"]
    if where == "adjacent":
        spaces = _adjacent_to(field, state.minions, ctx)
    elif where == "ally_tile":
        mine = "rb"[team]
        spaces = [s for s, tiles in state.tiles.items() if any(c[0] == mine for c, _ in tiles)]
    else:
        spaces = [field.front(team, h["column"]) for h in state.heroes.values()
                  if h["team"] == team]
    return sorted({s for s in spaces if summon_space_ok(field, state.minions, team, s)},
                  key=field.ground.index)


def _enemy_victims(state: AlderQuestState, ctx: Mapping[str, Any],
                   effect: Mapping[str, Any]) -> list[str] | None:
    which, minions = effect["which"], state.minions
    if which in ("activator", "activator_and_surrounding"):
        return None
    pool = _enemy_minions(minions, ctx["team"])
    if which == "adjacent":
        near = set(_adjacent_to(state.field, minions, ctx))
        pool = [mid for mid in pool if minions[mid]["space"] in near]
    if effect["do"] == "stun_enemy":
        pool = [mid for mid in pool if not minions[mid]["stunned"]]
    return pool


def _basic_allies(state: AlderQuestState, ctx: Mapping[str, Any],
                  effect: Mapping[str, Any]) -> list[str]:
    return sorted(mid for mid, m in state.minions.items()
                  if m["team"] == ctx["team"] and not m["upgraded"] and m["space"])


def _exhausted_allies(state: AlderQuestState, ctx: Mapping[str, Any],
                      effect: Mapping[str, Any]) -> list[str]:
    return sorted(mid for mid, m in state.minions.items()
                  if m["team"] == ctx["team"] and m["exhausted"] and m["space"]
                  and mid != ctx.get("minion"))


def _exhausted_heroes(state: AlderQuestState, ctx: Mapping[str, Any],
                      effect: Mapping[str, Any]) -> list[str]:
    slot = state.slot if state.slot_team(state.slot) == ctx["team"] else None
    return sorted(h for h, d in state.heroes.items()
                  if d["slot"] == slot and d["exhausted"] and h != ctx.get("hero"))


def _rune_pairs(state: AlderQuestState, ctx: Mapping[str, Any],
                effect: Mapping[str, Any]) -> list[str]:
    return list(swap_pairs(tuple(len(col) for col in state.board)))


def _board_cells(state: AlderQuestState, ctx: Mapping[str, Any],
                 effect: Mapping[str, Any]) -> list[str]:
    return [f"{chr(65 + c)}{r + 1}" for c, col in enumerate(state.board)
            for r in range(len(col))]


# ------------------------------------------------------------------ the vocabulary
@_effect("enemy_draws_tiles", takes=("n",))
def _enemy_draws_tiles(state: AlderQuestState, ctx: dict[str, Any], target: None,
                       effect: dict[str, Any]) -> None:
    state._draw_tile(1 - ctx["team"])


@_effect("draw_quarrels", takes=("n",))
def _draw_quarrels(state: AlderQuestState, ctx: dict[str, Any], target: None,
                   effect: dict[str, Any]) -> None:
    state._draw_quarrel(ctx["team"])


@_effect("collect_runes", takes=("n",), targets=_runes_discarded)
def _collect_runes(state: AlderQuestState, ctx: dict[str, Any], target: str,
                   effect: dict[str, Any]) -> None:
    team = ctx["team"]
    state.rune_discard.remove(target)
    state._hold(team, target)
    state.record("effect", f"{state.team_says(team, 'take')} a {state.faction_name(target)}"
                 " rune from the Rune Discard Pile.")


@_effect("destroy_held_rune", takes=("n",), targets=_enemy_held)
def _destroy_held_rune(state: AlderQuestState, ctx: dict[str, Any], target: str,
                       effect: dict[str, Any]) -> None:
    enemy = 1 - ctx["team"]
    state.teams[enemy]["held"].remove(target)
    state._to_rune_discard(target)
    state.record("effect", f"{state.team_possessive(enemy)} {state.faction_name(target)} "
                 "rune is destroyed.")


@_effect("steal_held_rune", takes=("n",), targets=_enemy_held)
def _steal_held_rune(state: AlderQuestState, ctx: dict[str, Any], target: str,
                     effect: dict[str, Any]) -> None:
    team, enemy = ctx["team"], 1 - ctx["team"]
    state.teams[enemy]["held"].remove(target)
    state._hold(team, target)
    state.record("effect", f"{state.team_says(team, 'steal')} "
                 f"{state.team_possessive(enemy, capital=False)} "
                 f"{state.faction_name(target)} rune.")


@_effect("enemy_discards_quarrel", takes=("n",), targets=_enemy_quarrels, chosen_by="enemy")
def _enemy_discards_quarrel(state: AlderQuestState, ctx: dict[str, Any], target: str,
                            effect: dict[str, Any]) -> None:
    state._discard_quarrel(1 - ctx["team"], target)


@_effect("add_trap_to_pouch", takes=("n",))
def _add_trap_to_pouch(state: AlderQuestState, ctx: dict[str, Any], target: None,
                       effect: dict[str, Any]) -> None:
    team = ctx["team"]
    mine = state.teams[team]
    if mine["traps"]:
        mine["traps"] -= 1
        trap = f"{'rb'[team]}t"
        state._to_pouch(team, trap)
        state.record("effect", f"{state.team_says(team, 'add')} a Trap tile to "
                     f"{state.team_possessive(team, capital=False)} pouch.",
                     team=team, tile=trap, to="pouch")
    else:
        state.record("effect", f"({state.team_possessive(team)} unused Trap tiles are "
                     "all in play: none is added.)")


@_effect("summon", takes=("faction", "where"), when=FACTION_CARDS, targets=_summon_spaces)
def _summon(state: AlderQuestState, ctx: dict[str, Any], target: str,
            effect: dict[str, Any]) -> None:
    state._summon(ctx["team"], effect["faction"], target)


@_effect("destroy_enemy", takes=("which",), targets=_enemy_victims)
def _destroy_enemy(state: AlderQuestState, ctx: dict[str, Any], target: str | None,
                   effect: dict[str, Any]) -> None:
    for mid in victims(state.field, state.minions, effect, ctx, target):
        state._destroy(mid, state.minions[mid]["space"])


@_effect("stun_enemy", takes=("which",), targets=_enemy_victims)
def _stun_enemy(state: AlderQuestState, ctx: dict[str, Any], target: str | None,
                effect: dict[str, Any]) -> None:
    for mid in victims(state.field, state.minions, effect, ctx, target):
        state.minions[mid].update(exhausted=True, stunned=True)
        if state.activation is not None and state.activation["minion"] == mid:
            state.activation = None  # a moving minion stops where it is
        state.record("effect", f"{state.minion_label(mid, capital=True)} is stunned: it will "
                     "not ready at its next Ready.", minion=mid)


@_effect("upgrade_ally", targets=_basic_allies)
def _upgrade_ally(state: AlderQuestState, ctx: dict[str, Any], target: str,
                  effect: dict[str, Any]) -> None:
    state._upgrade(target)


@_effect("ready_minion", takes=("n",), targets=_exhausted_allies)
def _ready_minion(state: AlderQuestState, ctx: dict[str, Any], target: str,
                  effect: dict[str, Any]) -> None:
    state.minions[target].update(exhausted=False, stunned=False)
    state.record("effect", f"{state.minion_label(target, capital=True)} is ready again.")


@_effect("ready_hero", targets=_exhausted_heroes)
def _ready_hero(state: AlderQuestState, ctx: dict[str, Any], target: str,
                effect: dict[str, Any]) -> None:
    state.heroes[target]["exhausted"] = False
    state.record("effect", f"{state.cards.heroes[target]['name']} is ready again.")


@_effect("drop_line", takes=("n",))
def _drop_line(state: AlderQuestState, ctx: dict[str, Any], target: None,
               effect: dict[str, Any]) -> None:
    state._board_move(ctx["team"], ("line",), "a new line drops")


@_effect("free_swap", takes=("n",), targets=_rune_pairs)
def _free_swap(state: AlderQuestState, ctx: dict[str, Any], target: str,
               effect: dict[str, Any]) -> None:
    state._board_move(ctx["team"], ("swap", *target.split(":")), f"runes {target} are swapped")


@_effect("destroy_board_rune", takes=("n",), targets=_board_cells)
def _destroy_board_rune(state: AlderQuestState, ctx: dict[str, Any], target: str,
                        effect: dict[str, Any]) -> None:
    state._board_move(ctx["team"], ("destroy", target), f"the rune at {target} is destroyed")
