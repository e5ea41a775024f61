"""What cards do: the effect vocabulary of ``data/cards.json``, interpreted.

Every Hero ability, minion trigger, Quarrel, legendary Quarrel and exalted effect is a
list of effects (``{"do": <verb>, ...}``, documented in ``cards.EFFECTS`` and the data
file's ``vocabulary``). :class:`EffectRules` (mixed into the game state) runs such a list
one effect at a time; an effect that needs a choice (a rune, a minion, a space, a
cell) asks the player who controls the card with a ``choose TARGET`` decision, or does
it at once when there is a single possibility, or is skipped when there is none.

The context of a list (``ctx``) says who controls it (``team``), where it comes from
(``kind``: hero, scheme, trap, trigger, legendary, exalted; ``source``) and, for a
minion's trigger or a fired Trap, the ``space`` and the ``minion`` or ``activator``.

>>> from dungeoncraft_widgets.alderquest import new_game
>>> game = new_game(seed=1)
>>> game.effect_targets({"do": "enemy_draws_tiles"}, {"team": 0}) is None
True
"""

from __future__ import annotations

from typing import Any

from ..core.english import count

#: Trigger kinds a minion's upgraded side may have (L342-347).
TRIGGER_TEXT = {"reveal": "Reveal", "move": "Move", "tribute": "Tribute",
                "squabble": "Squabble", "confront": "Confront", "destroyed": "Destroyed"}


class EffectRules:
    """Running effect lists. Mixed into the game state (see the module docstring)."""

    cards: Any
    minions: dict[str, dict[str, Any]]
    heroes: dict[str, dict[str, Any]]
    teams: list[dict[str, Any]]
    rune_discard: list[str]
    board: list[list[str]]

    # ---------------------------------------------------------------- queueing
    def _run_effects(self, card: dict[str, Any], ctx: dict[str, Any]) -> None:
        from .data import unroll

        self._push({"kind": "effects", "effects": unroll(card["effects"]), "ctx": ctx})

    def _queue_trigger(self, mid: str, when: str, space: str | None,
                       team: int | None = None) -> None:
        """Offer ``mid``'s ``when`` trigger to its controller (always optional, L340).
        ``team`` is given for a minion already destroyed (it was upgraded)."""
        if team is None:
            m = self.minions.get(mid)
            if m is None or not m["upgraded"]:
                return
            team = m["team"]
        if any(t["when"] == when for t in self.cards.minions[mid]["triggers"]):
            self._ask({"kind": "trigger", "minion": mid, "when": when, "space": space,
                       "team": team}, team)

    def _use_trigger(self, frame: dict[str, Any], use: bool) -> None:
        mid, when = frame["minion"], frame["when"]
        trig = next(t for t in self.cards.minions[mid]["triggers"] if t["when"] == when)
        name = self.cards.minion_name(mid, True)
        if not use:
            self.record("trigger", f"{self.team_says(frame['team'], 'decline')} the "
                        f"{name}'s {TRIGGER_TEXT[when]} trigger.", minion=mid)
            return
        self.record("trigger", f"{TRIGGER_TEXT[when]}: the {name} ({mid}): {trig['text']}",
                    minion=mid)
        self._run_effects(trig, {"kind": "trigger", "team": frame["team"], "source": mid,
                                 "minion": mid, "space": frame["space"]})

    def _effects_step(self, frame: dict[str, Any]) -> None:
        effects, ctx = frame["effects"], frame["ctx"]
        effect, rest = effects[0], effects[1:]
        if rest:
            self._push({"kind": "effects", "effects": rest, "ctx": ctx})
        targets = self.effect_targets(effect, ctx)
        if targets is None:
            self._apply_effect(effect, ctx, None)
        elif not targets:
            self.record("effect", f"({_describe(effect)}: nothing to choose, so it does "
                        "nothing.)")
        elif len(targets) == 1:
            self._apply_effect(effect, ctx, targets[0])
        else:
            chooser = 1 - ctx["team"] if effect["do"] == "enemy_discards_quarrel" \
                else ctx["team"]
            self._ask({"kind": "target", "effect": effect, "ctx": ctx}, chooser)

    # ---------------------------------------------------------------- targets
    def _enemy_minions(self, team: int) -> list[str]:
        return sorted(mid for mid, m in self.minions.items()
                      if m["team"] != team and m["space"] is not None)

    def _adjacent_to(self, ctx: dict[str, Any]) -> list[str]:
        space = ctx.get("space")
        if ctx.get("activator") in self.minions:
            space = self.minions[ctx["activator"]]["space"] or space
        elif ctx.get("minion") in self.minions:
            space = self.minions[ctx["minion"]]["space"] or space
        if space is None:
            return []
        return self.field.adjacent(space)

    def effect_targets(self, effect: dict[str, Any], ctx: dict[str, Any]) -> list[str] | None:
        """The choices an effect offers now (None: it needs no choice)."""
        do, team = effect["do"], ctx["team"]
        enemy = 1 - team
        if do in ("enemy_draws_tiles", "draw_quarrels", "add_trap_to_pouch", "drop_line"):
            return None
        if do == "collect_runes":
            return sorted({r for r in self.rune_discard if len(r) == 1})
        if do in ("destroy_held_rune", "steal_held_rune"):
            return sorted(set(self.teams[enemy]["held"]))
        if do == "enemy_discards_quarrel":
            return sorted(set(self.teams[enemy]["quarrels"]))
        if do == "summon":
            if not self.minion_decks[effect["faction"]]:
                return []
            where = effect["where"]
            if where == "adjacent":
                spaces = self._adjacent_to(ctx)
            elif where == "ally_tile":
                mine = "rb"[team]
                spaces = [s for s, tiles in self.tiles.items() if any(c[0] == mine
                                                                      for c, _ in tiles)]
            else:
                spaces = [self.field.front(team, h["column"])
                          for h in self.heroes.values() if h["team"] == team]
            return sorted({s for s in spaces if self.summon_space_ok(team, s)},
                          key=self.field.ground.index)
        if do in ("destroy_enemy", "stun_enemy"):
            which = effect["which"]
            if which in ("activator", "activator_and_surrounding"):
                return None
            pool = self._enemy_minions(team)
            if which == "adjacent":
                near = set(self._adjacent_to(ctx))
                pool = [mid for mid in pool if self.minions[mid]["space"] in near]
            if do == "stun_enemy":
                pool = [mid for mid in pool if not self.minions[mid]["stunned"]]
            return pool
        if do == "upgrade_ally":
            return sorted(mid for mid, m in self.minions.items()
                          if m["team"] == team and not m["upgraded"] and m["space"])
        if do == "ready_minion":
            return sorted(mid for mid, m in self.minions.items()
                          if m["team"] == team and m["exhausted"] and m["space"]
                          and mid != ctx.get("minion"))
        if do == "ready_hero":
            slot = self.slot if self.slot_team(self.slot) == team else None
            return sorted(h for h, d in self.heroes.items()
                          if d["slot"] == slot and d["exhausted"] and h != ctx.get("hero"))
        if do == "free_swap":
            return self.swap_pairs()
        if do == "destroy_board_rune":
            return [f"{chr(65 + c)}{r + 1}" for c, col in enumerate(self.board)
                    for r in range(len(col))]
        raise ValueError(f"unknown effect {do!r}")  # the loader refuses these

    # ---------------------------------------------------------------- doing
    def _apply_effect(self, effect: dict[str, Any], ctx: dict[str, Any],
                      target: str | None) -> None:
        do, team = effect["do"], ctx["team"]
        enemy = 1 - team
        mine, theirs = self.teams[team], self.teams[enemy]
        if do == "enemy_draws_tiles":
            self._draw_tile(enemy)
        elif do == "draw_quarrels":
            self._draw_quarrel(team)
        elif do == "add_trap_to_pouch":
            if mine["traps"]:
                mine["traps"] -= 1
                trap = f"{'rb'[team]}t"
                self._to_pouch(team, trap)
                self.record("effect", f"{self.team_says(team, 'add')} a Trap tile to "
                            f"{self.team_possessive(team, capital=False)} pouch.",
                            team=team, tile=trap, to="pouch")
            else:
                self.record("effect", f"({self.team_possessive(team)} unused Trap tiles are "
                            "all in play: none is added.)")
        elif do == "drop_line":
            self._board_move(team, ("line",), "a new line drops")
        elif do == "collect_runes":
            self.rune_discard.remove(target)
            self._hold(team, target)
            self.record("effect", f"{self.team_says(team, 'take')} a {self.faction_name(target)}"
                        " rune from the Rune Discard Pile.")
        elif do == "destroy_held_rune":
            theirs["held"].remove(target)
            self._to_rune_discard(target)
            self.record("effect", f"{self.team_possessive(enemy)} {self.faction_name(target)} "
                        "rune is destroyed.")
        elif do == "steal_held_rune":
            theirs["held"].remove(target)
            self._hold(team, target)
            self.record("effect", f"{self.team_says(team, 'steal')} "
                        f"{self.team_possessive(enemy, capital=False)} "
                        f"{self.faction_name(target)} rune.")
        elif do == "enemy_discards_quarrel":
            self._discard_quarrel(enemy, target)
        elif do == "summon":
            self._summon(team, effect["faction"], target)
        elif do in ("destroy_enemy", "stun_enemy"):
            for mid in self._victims(effect, ctx, target):
                if do == "destroy_enemy":
                    self._destroy(mid, self.minions[mid]["space"])
                else:
                    self._stun(mid)
        elif do == "upgrade_ally":
            self._upgrade(target)
        elif do == "ready_minion":
            self.minions[target].update(exhausted=False, stunned=False)
            self.record("effect", f"{self.minion_label(target, capital=True)} is ready again.")
        elif do == "ready_hero":
            self.heroes[target]["exhausted"] = False
            self.record("effect", f"{self.cards.heroes[target]['name']} is ready again.")
        elif do == "free_swap":
            self._board_move(team, ("swap", *target.split(":")), f"runes {target} are swapped")
        elif do == "destroy_board_rune":
            self._board_move(team, ("destroy", target), f"the rune at {target} is destroyed")

    def _victims(self, effect: dict[str, Any], ctx: dict[str, Any],
                 target: str | None) -> list[str]:
        if target is not None:
            return [target]
        activator = ctx.get("activator")
        if activator not in self.minions:
            return []
        out = [activator]
        if effect["which"] == "activator_and_surrounding":
            # "all surrounding": the 8 spaces around it, not only the adjacent 4 (which the
            # rulebook calls "adjacent" when it means them)
            around = set(self.field.surrounding(self.minions[activator]["space"]))
            out += sorted(mid for mid in self._enemy_minions(ctx["team"])
                          if self.minions[mid]["space"] in around and mid != activator)
        return out

    def _stun(self, mid: str) -> None:
        self.minions[mid].update(exhausted=True, stunned=True)
        if self.activation is not None and self.activation["minion"] == mid:
            self.activation = None  # a moving minion stops where it is
        self.record("effect", f"{self.minion_label(mid, capital=True)} is stunned: it will "
                    "not ready at its next Ready.", minion=mid)


def _describe(effect: dict[str, Any]) -> str:
    words = effect["do"].replace("_", " ")
    return f"{words} ({count(effect['n'], 'time')})" if effect.get("n", 1) > 1 else words
