"""Scout, Venture and Retreat: how the Hero's Adventurers enter a location, roll by roll.

The rulebook's sections *Scout*, *Venture (Mapping a Location)*, *Retreat (During a
Venture)* and the Powers used on the way (*Sacrifice*, *Cursed Item*). A mixin of
:class:`.rules.HeroVsGuardianState`: the attempt under way is ``state.attempt`` (a dict,
saved with the game).
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from ..core.english import count, says
from .actions import (
    Continue,
    Enter,
    First,
    Lose,
    Order,
    Retreat,
    Roll,
    Save,
    Scout,
    Stow,
    Venture,
    made,
)
from .dungeon import (
    COST,
    MAX_ITEMS,
    ORDER_TOKENS,
    TARGET,
)


class ScoutVentureRules:
    """Legal actions, refusals and resolution of a Scout or Venture (see the module)."""

    attempt: dict[str, Any] | None

    def _attempt_actions(self) -> list[Action]:
        at = self.attempt
        assert at is not None
        stage = at["stage"]
        h = self.active
        if stage == "order":
            acts: list[Action] = []
            if len(at["order"]) < ORDER_TOKENS:
                acts += [made(Order, a) for a in self.party[h] if a not in at["order"]]
            if at["order"] and (at["kind"] != "scout" or len(at["order"]) >= len(
                    self.grid[at["loc"]])):
                acts.append(Enter())
            return acts
        if stage == "first":
            return [First(r) for r in self._first_choices()]
        if stage == "roll":
            acts = [Roll()]
            if at["kind"] == "venture" and at["next"] >= 1:
                acts.append(Retreat())
            acts += self._hero_plays("Combat", self.hero_stones)
            return acts
        if stage == "window":
            return [Continue(), *self._guardian_plays("Combat")]
        if stage == "stow":
            adv = at["victim_stow"]
            return [Stow(i) for i in self.items.get(adv, ()) if not self.cards.is_cursed(i)]
        if stage == "save":
            return [Lose(), *(Save(x) for x in self._save_options(at["victim"]))]
        raise AssertionError(stage)

    def _first_choices(self) -> list[str]:
        at = self.attempt
        assert at is not None
        rooms = [r for r in self.grid[at["loc"]] if r not in at["done"]]
        if at["kind"] == "venture" and len(rooms) > 1:
            rooms = [r for r in rooms if r != self.cards.vault]
        return rooms

    def _save_options(self, victim: str) -> list[str]:
        """Cards that may be captured in place of ``victim``: an Adventurer in play with
        Sacrifice (not when ``victim`` is itself standing in for another), or an Item with
        Sacrifice (Armor) that ``victim`` wears."""
        armor = [i for i in self.items.get(victim, ())
                 if not self.cards.is_cursed(i) and "Sacrifice" in self.cards.powers(i)]
        if self.attempt is not None and self.attempt.get("stand_in"):
            return armor  # "if that Cleric has Armor, you can use the Armor to save that Cleric"
        h = self.active
        others = [a for a in self.party[h] if a != victim and "Sacrifice" in self.cards.powers(a)]
        return others + armor

    def _explain_attempt(self, action: Action) -> str:
        at = self.attempt
        assert at is not None
        v = action.verb
        stage = at["stage"]
        if v == "first" and action.room == self.cards.vault and at["kind"] == "venture" \
                and len(self.grid[at["loc"]]) > 1:  # type: ignore[attr-defined]
            return ("first: the Treasure Vault is never Ventured first while another room "
                    "shares its location")
        if stage == "order":
            if v == "order":
                if len(at["order"]) >= ORDER_TOKENS:
                    return "order: there are only 4 Order Tokens"
                if action.adventurer in at["order"]:  # type: ignore[attr-defined]
                    return "order: one Order Token per Adventurer"
                return "order: only your Adventurers in play (not Frozen) can enter"
            if v == "enter":
                if not at["order"]:
                    return "enter: place at least one Order Token first"
                return ("enter: Scouting needs at least as many Adventurers as there are "
                        f"rooms ({len(self.grid[at['loc']])})")
            return f"{v}: place the Order Tokens, then 'enter'"
        if stage == "first":
            if v == "first":
                return ("first: the Treasure Vault is never Ventured first while another room "
                        "shares its location" if action.room == self.cards.vault  # type: ignore
                        else "first: that room is not at this location")
            return f"{v}: the {at['chooser']} first chooses which room comes first"
        if stage == "roll":
            if v == "retreat":
                if at["kind"] != "venture":
                    return "retreat: only during a Venture"
                return "retreat: only after the 1st Adventurer in the order has rolled"
            if v in ("play", "cast"):
                if v == "play" and self.hero_stones < 1:
                    return "play: costs 1 Action Stone; you have none"
                return self._explain_play(action, self.hands[self.active], "Combat")
            return (f"{v}: during a Scout/Venture only Combat cards, a roll or a Retreat may be "
                    "played")
        if stage == "window":
            if v == "play":
                if self.guardian_stones < 1:
                    return "play: costs 1 Action Stone; the Guardian has none"
                return self._explain_play(action, self.guardian_hand, "Combat")
            return f"{v}: the Guardian may play a Combat card now, or 'continue'"
        if stage == "stow":
            if v == "stow" and self.cards.is_cursed(action.item):  # type: ignore[attr-defined]
                return "stow: a Hero can't pick up a Cursed Item"
            return ("stow: the Adventurer already holds 2 Items; choose one (not Cursed) to "
                    "return to your hand")
        if stage == "save":
            if v == "save" and at.get("stand_in"):
                return (f"save: {self.name(at['victim'])} stands in for "
                        f"{self.name(at['stand_in'])}; only Armor it wears can save it now")
            if v == "save":
                return ("save: Sacrifice - an Adventurer with Sacrifice, or Armor worn by the "
                        "captured Adventurer, may be captured in its place")
            return f"{v}: an Adventurer is about to be captured: 'save CARD' or 'lose'"
        return f"{v}: not legal now"

    def _spend_hero(self, n: int) -> None:
        self.hero_stones -= n

    def _do_scout(self, a: Scout) -> None:
        self._begin_attempt("scout", a.loc)

    def _do_venture(self, a: Venture) -> None:
        self._begin_attempt("venture", a.loc)

    def _begin_attempt(self, kind: str, loc: str) -> None:
        self._spend_hero(COST[kind])
        self.attempt = {"kind": kind, "loc": loc, "order": [], "next": 0, "stage": "order",
                        "done": [], "revealed": [], "current": None, "bonus": 0,
                        "retreat_bonus": 0, "chooser": "hero", "pending": None,
                        "victim": None, "stand_in": None, "victim_stow": None, "cursed": None,
                        "capture": False, "captured": [], "rolls": []}
        word = "Scout" if kind == "scout" else "Venture"
        self.record(kind, f"{says(self.players[self.active], 'will')} {word} {loc} "
                    f"({count(len(self.grid[loc]), 'room')}).", player=self.active, loc=loc)

    def _do_order(self, a: Order) -> None:
        at = self.attempt
        assert at is not None
        at["order"].append(a.adventurer)
        self.record("order", f"Order Token {len(at['order'])} on {self.name(a.adventurer)}.",
                    player=self.active)

    def _do_enter(self, a: Enter) -> None:
        at = self.attempt
        assert at is not None
        rooms = self.grid[at["loc"]]
        at["revealed"] = list(rooms)  # a token needs every one of these done (RULE_NOTES)
        hidden = [r for r in rooms if r not in self.face_up]
        self.face_up.extend(hidden)
        if hidden:
            self.mark_irreversible(f"the rooms at {at['loc']} have been revealed")
        self.record("reveal", f"At {at['loc']}: " + (", ".join(map(self.name, rooms)) or
                                                      "no room") + ".", loc=at["loc"],
                    cards=list(rooms))
        if len(rooms) > 1:
            scouted = self.tokens.get(at["loc"]) == "scout"
            at["chooser"] = "hero" if at["kind"] == "scout" or scouted else "guardian"
        self._next_room()

    def _next_room(self) -> None:
        """Choose the current room (or end the attempt when none is left)."""
        at = self.attempt
        assert at is not None
        left = [r for r in self.grid[at["loc"]] if r not in at["done"]]
        if not left:
            self._end_attempt()
            return
        if at["current"] in left:
            at["stage"] = "roll"
            return
        choices = self._first_choices()
        if len(choices) == 1:
            at["current"] = choices[0]
            at["stage"] = "roll"
        else:
            at["stage"] = "first"

    def _do_first(self, a: First) -> None:
        at = self.attempt
        assert at is not None
        at["current"] = a.room
        chooser = self.guardian if at["chooser"] == "guardian" else self.active
        self.record("first", f"{self.name(a.room)} is attempted first.", player=chooser,
                    room=a.room)
        at["stage"] = "roll"

    def _do_roll(self, a: Roll) -> None:
        self._announce(self.attempt["kind"])  # type: ignore[index]

    def _do_retreat(self, a: Retreat) -> None:
        self._announce("retreat")

    def _announce(self, roll: str) -> None:
        at = self.attempt
        assert at is not None
        at["pending"] = roll
        if self._guardian_plays("Combat"):
            at["stage"] = "window"
        else:
            self._resolve_roll()

    def _do_continue(self, a: Continue) -> None:
        self._resolve_roll()

    def _resolve_roll(self) -> None:
        at = self.attempt
        assert at is not None
        roll = at["pending"]
        adv = at["order"][at["next"]]
        at["next"] += 1
        room = at["current"]
        loc = at["loc"]
        modifier = self.roll_modifier(roll, adv, room, loc)
        at["bonus"] = 0
        if roll == "retreat":
            at["retreat_bonus"] = 0
        die = self.rng.randint(1, 6)
        total = die + modifier
        target = TARGET[roll]
        success = die != 1 and total >= target
        # Scout: captured only on a failed natural 1; Venture/Retreat: any failed roll,
        # except a natural 1 the modifier would have made a success.
        if roll == "scout":
            capture = die == 1 and total < target
        else:
            capture = not success and not (die == 1 and total >= target)
        word = {"scout": "Scout", "venture": "Venture", "retreat": "Retreat"}[roll]
        result = "succeeds" if success else ("fails and is captured" if capture else "fails")
        self.record("roll", f"{self.name(adv)} rolls {die} {modifier:+d} = {total} to {word} "
                    f"{self.name(room)} (needs {target}+): {result}.", player=self.active,
                    die=die, modifier=modifier, total=total, roll=roll, adventurer=adv,
                    room=room, success=success)
        at["rolls"].append([roll, adv, room, die, total, success])
        if success:
            if roll == "retreat":
                self.record("retreat", "The Venture ends in a successful Retreat.",
                            player=self.active)
                self._end_attempt()
                return
            at["done"].append(room)
            at["current"] = None
            if roll == "venture":
                self.grid[loc].remove(room)
                self._remove_face_up(room)
                self.ventured[self.active].append(room)
                if room == self.cards.vault:
                    # Never Ventured first, so every room here is Ventured now: Map it first.
                    if self._all_done():
                        self._place_token(loc, "map")
                    self.record("end", f"{says(self.players[self.active], 'venture')} the "
                                "Treasure Vault: the game ends.", player=self.active)
                    self.attempt = None
                    self._end_game("vault")
                    return
            self._continue_attempt()
            return
        at["capture"] = capture
        at["victim"] = adv
        if self.cards.is_cursed(room):  # "fails any roll versus a Cursed Item": Retreat too
            items = self.items.get(adv, [])
            if len(items) < MAX_ITEMS:
                self._attach_cursed(adv, room)
            elif any(not self.cards.is_cursed(i) for i in items):
                at["stage"] = "stow"
                at["victim_stow"] = adv
                at["cursed"] = room
                return
        self._after_failure()

    def _attach_cursed(self, adv: str, room: str) -> None:
        at = self.attempt
        assert at is not None
        self.grid[at["loc"]].remove(room)
        self._remove_face_up(room)
        self.items.setdefault(adv, []).append(room)
        if at["current"] == room:
            at["current"] = None
        self.record("cursed", f"{self.name(room)} attaches itself to {self.name(adv)}.",
                    player=self.active, adventurer=adv, card=room)

    def _do_stow(self, a: Stow) -> None:
        at = self.attempt
        assert at is not None
        adv = at["victim_stow"]
        self.items[adv].remove(a.item)
        self.hands[self.active].append(a.item)
        self.record("stow", f"{self.name(a.item)} goes back to the hand.", player=self.active,
                    card=a.item)
        self._attach_cursed(adv, at["cursed"])
        at["victim_stow"] = None
        at["cursed"] = None
        self._after_failure()

    def _after_failure(self) -> None:
        at = self.attempt
        assert at is not None
        if at["capture"]:
            if self._save_options(at["victim"]):
                at["stage"] = "save"
                return
            self._capture(at["victim"])
        self._finish_failure()

    def _finish_failure(self) -> None:
        at = self.attempt
        assert at is not None
        at["capture"] = False
        at["victim"] = None
        at["stand_in"] = None
        if at["pending"] == "retreat":
            at["pending"] = None
        self._continue_attempt()

    def _do_save(self, a: Save) -> None:
        at = self.attempt
        assert at is not None
        victim = at["victim"]
        self.record("sacrifice", f"{self.name(a.card)} is captured in place of "
                    f"{self.name(victim)}.", player=self.active, card=a.card, victim=victim)
        if a.card in self.items.get(victim, ()):  # Armor: saves only its wearer
            self.items[victim].remove(a.card)
            self.captured.append(a.card)
        else:  # an Adventurer with Sacrifice stands in; its own Armor may still save it
            at["stand_in"] = victim
            at["victim"] = a.card
            if self._save_options(a.card):
                return  # asked again: the stand-in's Armor, or lose the stand-in
            self._capture(a.card)
        self._finish_failure()

    def _do_lose(self, a: Lose) -> None:
        at = self.attempt
        assert at is not None
        self._capture(at["victim"])
        self._finish_failure()

    def _continue_attempt(self) -> None:
        at = self.attempt
        assert at is not None
        left = [r for r in self.grid[at["loc"]] if r not in at["done"]]
        if not left:
            self._end_attempt()
            return
        if at["next"] >= len(at["order"]):
            self._end_attempt()
            return
        self._next_room()

    def _all_done(self) -> bool:
        """Has this attempt Scouted/Ventured every room revealed at the location? (A Cursed
        Item that left with an Adventurer was failed against, not done: RULE_NOTES.)"""
        at = self.attempt
        assert at is not None
        return all(r in at["done"] for r in at["revealed"])

    def _place_token(self, loc: str, token: str) -> None:
        if loc not in self.tokens:
            self.token_supply -= 1
        self.tokens[loc] = token  # a Map Token replaces a Scout Token

    def _end_attempt(self) -> None:
        at = self.attempt
        assert at is not None
        loc = at["loc"]
        rooms = self.grid[loc]
        done = self._all_done() and not (at["kind"] == "venture" and rooms)
        if at["kind"] == "scout" and done:
            self._place_token(loc, "scout")
            self.record("scouted", f"{loc} is Scouted: its rooms stay face up.", loc=loc)
        elif at["kind"] == "scout":
            for r in rooms:
                self._remove_face_up(r)
            self.record("scout", f"The Scout of {loc} ends; its rooms go face down.", loc=loc)
        elif done:
            self._place_token(loc, "map")
            self.record("mapped", f"{loc} is Mapped.", loc=loc)
        else:
            if self.tokens.get(loc) != "scout":
                for r in rooms:
                    self._remove_face_up(r)
            self.record("venture", f"The Venture of {loc} ends; {count(len(rooms), 'room')} "
                        f"{'remains' if len(rooms) == 1 else 'remain'}.", loc=loc)
        self.attempt = None
        self._after_hero_action()

