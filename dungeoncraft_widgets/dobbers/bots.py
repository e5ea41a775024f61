"""A bot for Dobbers that builds a deck and races (the random bot is ``core.bots.RandomBot``).

:class:`RaceBot`, seeing only ``state.view(seat)``:

- plays every card and uses every piece of Equipment (better Equipment from the hand goes
  on first, Forge cards under a host not yet used), spends its positive tokens;
- travels along the shortest way to the Key and takes on a Challenge stack when its
  red + gold after the shield reach what the stack is expected to need (known cards, the
  Location whose art is on top among them, at their value; a card covered in the stack at
  the average of the public card list for its kind);
- buys to a plan: Influence first while its deck is poor, then the best Equipment and
  Effects for points, favouring the alignment it already collects;
- blocks the leader: a Creature under a bare Location just ahead of an opponent closer to
  the Key (or right behind), and a Location on an open Encounter square ahead of them that
  it will not cross again itself (the FAQ's stack "under" your Hero);
- Outwits an opponent's purchase worth 4 Influence or more when it can pay.

>>> from dungeoncraft_widgets.core.bots import play_bots
>>> from dungeoncraft_widgets.dobbers import new_game
>>> game = new_game(2, seed=4)
>>> _ = play_bots(game, {0: RaceBot(seed=1), 1: RaceBot(seed=2)})
>>> game.is_over and game.winner is not None
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from statistics import mean

from ..core.actions import Action
from ..core.checks import game_state, seat, shown
from ..core.errors import InvalidArgumentError
from ..core.rng import Rng
from ..core.search import Budget, SearchBot, SearchGame, playable
from . import travel
from .actions import (
    Buy,
    Challenge,
    Choose,
    Destroy,
    Draw,
    End,
    Equip,
    Fight,
    Forge,
    HeroChoice,
    Move,
    Outwit,
    Pass,
    Place,
    Play,
    Power,
    Skip,
    StartChoice,
    Token,
    Use,
)
from .challenge import card_needs, takes_creature
from .data import HIDDEN, CardSet, card_set, deck_card, parse_back
from .odds import challenge_odds, stack_cases
from .rules import DobbersState
from .sight import is_card, stack_cards, unseen_cards

__all__ = ["SEARCH", "RaceBot", "card_value", "evaluate", "expected_need",
           "candidates", "playout", "sample_hidden", "search_bot", "worth_searching"]

HERO_PREFERENCE = ("toby", "brindle", "pip", "sorrel", "bramble", "marigold", "quill", "ash")
POINT_WEIGHT = {"red": 1.0, "gold": 0.8, "blue": 0.7, "influence": 0.9}


def card_value(cards: CardSet, card: str, alignments: Counter | None = None) -> float:
    """What a card is worth to a racer: its points, draws, and half its alignment bonus
    (all of it when the deck already holds that alignment).

    >>> from dungeoncraft_widgets.dobbers import load_cards
    >>> cards = load_cards()
    >>> card_value(cards, "silver_sword") > card_value(cards, "wooden_knife")
    True
    """
    info = card_set(cards)[deck_card(cards, card, "card")]
    value = sum(w * info.get(c, 0) for c, w in POINT_WEIGHT.items())
    value += sum(0.8 * e.get("n", 0) for e in info.get("effects", ()) if e["do"] == "draw")
    aligned = info.get("aligned")
    if aligned:
        bonus = sum(w * aligned.get(c, 0) for c, w in POINT_WEIGHT.items()) + 0.5
        share = 1.0 if alignments and alignments[info.get("alignment")] >= 2 else 0.5
        value += share * bonus
    if "forge" in info:
        value += 0.3 * sum(info["forge"].get(c, 0) for c in POINT_WEIGHT)
    if "destroy" in info:
        value += 0.5
    return value


@lru_cache(maxsize=8)
def _averages(cards: CardSet) -> dict[str, float]:
    """Average Action points of what a covered card may be (by its icon), from the public
    card list."""
    out: dict[str, float] = {}
    groups: dict[str, list[float]] = {}
    for card in cards.creatures:
        groups.setdefault("?creature", []).append(cards[card]["ap"])
    for card in cards.adventure:
        info = cards[card]
        if cards.is_equipment(card):
            groups.setdefault(f"?{info['type'].lower()}", []).append(
                info.get("red", 0) + info.get("gold", 0))
    for key, values in groups.items():
        out[key] = mean(values)
    return out


def expected_need(view: DobbersState, player: int, square: str) -> float:
    """The Challenge points ``player`` expects the stack on ``square`` to need, from what the
    view shows (the cards it names exactly, covered ones at their kind's average)."""
    seat(len(game_state(view, DobbersState, "view").players), player)
    if not isinstance(square, str) or not view.stacks.get(square):
        raise InvalidArgumentError(f"there is no Challenge stack on {shown(square)}")
    averages = _averages(view.cards)
    total = float(view.penalty(player, "challenge"))
    for card, _up in view.stacks[square]:
        if card.startswith(HIDDEN):
            total += averages.get(f"?{parse_back(card)['type'].lower()}", 0.0)
            continue
        total += card_needs(view.cards, card, item_types=view.item_types(player),
                            equipped=view.equipped[player])
    return total


def _usual(view: DobbersState, me: int, mine: list[str], colours: tuple[str, ...]) -> float:
    """What a turn of this bot usually brings in ``colours``: its Hero, its Equipment, and
    a hand of its deck's average card."""
    cards = view.cards
    fixed = sum(cards[view.heroes[me]].get(c, 0) for c in colours) + sum(
        cards[c].get(c2, 0) for c in view.equipped[me].values() for c2 in colours)
    return fixed + 5 * _average(view, me, mine, colours)


def _average(view: DobbersState, me: int, mine: list[str], colours: tuple[str, ...]) -> float:
    """The points in ``colours`` of the average card of this bot's deck (Equipment in it
    counts for nothing: it is equipped, not played)."""
    cards = view.cards
    loose = [c for c in mine if c not in view.equipped[me].values()]
    return sum(cards[c].get(c2, 0) for c in loose if cards[c]["type"] == "Effect"
               for c2 in colours) / max(1, len(loose))


def _hit(cards: CardSet, card: str, immune: frozenset[str]) -> bool:
    """Whether a stack immune to ``immune`` (keywords, Equipment types) takes nothing from
    ``card``."""
    info = cards[card]
    return info["type"] in immune or not immune.isdisjoint(info.get("keywords", ()))


def _gain(view: DobbersState, me: int, mine: list[str], card: str,
          colours: tuple[str, ...], immune: frozenset[str] = frozenset()) -> float:
    """What buying ``card`` adds to this bot's turns in ``colours``: an Effect, its points
    above its deck's average card (below it, it dilutes the deck); Equipment, its points
    above the best card of its type the bot has, none of them counted against a stack
    ``immune`` to it."""
    cards = view.cards

    def points(c: str) -> int:
        return 0 if _hit(cards, c, immune) else sum(cards[c].get(x, 0) for x in colours)

    kind = cards[card]["type"]
    if kind == "Effect":  # a card it draws brings an average card
        average = _average(view, me, mine, colours)
        draws = sum(e.get("n", 0) for e in cards[card].get("effects", ()) if e["do"] == "draw")
        return points(card) + (draws - 1) * average
    best = max((points(c) for c in mine if cards[c]["type"] == kind), default=0)
    return points(card) - best


class RaceBot:
    """Builds a deck and races to the Key; blocks the leader (see the module docstring)."""

    name = "Racer"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.waited: dict[str, int] = {}  # turns spent at a square without getting further
        self._turn_seen: tuple[int, int] | None = None
        # Held up at a square: the colours and the immunities of what stops it (_stuck).
        self.plan: tuple[tuple[str, ...], frozenset[str]] | None = None

    def choose(self, view: DobbersState, legal: Sequence[Action]) -> Action:
        me = view.viewer if view.viewer is not None else view.current_player
        assert me is not None
        kinds: dict[type, list[Action]] = {}
        for action in legal:
            kinds.setdefault(type(action), []).append(action)
        if HeroChoice in kinds:
            free = {a.hero: a for a in kinds[HeroChoice]}  # type: ignore[attr-defined]
            for hero in HERO_PREFERENCE:
                if hero in free:
                    return free[hero]
            return kinds[HeroChoice][0]
        if StartChoice in kinds:
            return kinds[StartChoice][0]
        if view.pending is not None:
            return self._answer(view, me, kinds)
        if Pass in kinds:
            return self._outwit(view, me, kinds)
        return self._turn(view, me, kinds, legal)

    # ------------------------------------------------------------ choices
    def _answer(self, view: DobbersState, me: int, kinds: dict[type, list[Action]]) -> Action:
        cards = view.cards
        kind = view.pending["kind"]
        options: list[Choose] = kinds.get(Choose, [])  # type: ignore[assignment]
        if kind == "cull":
            # thin the deck of its weakest starting cards, from the discard pile first
            junk = [o for o in options if o.card in cards.starting
                    and cards.type(o.card) == "Effect" and card_value(cards, o.card) < 1.0]
            junk.sort(key=lambda o: (card_value(cards, o.card), o.zone != "discard"))
            return junk[0] if junk else kinds[Skip][0]
        if kind == "destroy_row" and Skip in kinds:
            return kinds[Skip][0]
        if kind == "cull_draw":
            return options[0]
        if kind in ("retrieve",):
            return max(options, key=lambda o: card_value(cards, o.card))
        if kind == "discard":
            return min(options, key=lambda o: card_value(cards, o.card))
        if kind == "lose_equipment":
            return min(options, key=lambda o: card_value(cards, view.equipped[me][o.card]))
        if kind == "loot":
            card = options[0].card
            slot = cards.type(card).lower()
            current = view.equipped[me].get(slot)
            if current is None or card_value(cards, card) > card_value(cards, current):
                return next(o for o in options if o.zone == "hand")
            return next(o for o in options if o.zone == "discard")
        return options[0]

    def _outwit(self, view: DobbersState, me: int, kinds: dict[type, list[Action]]) -> Action:
        card = view.window["card"]
        if Outwit in kinds and view.cards[card]["cost"] >= 4:
            return kinds[Outwit][0]
        return kinds[Pass][0]

    # ------------------------------------------------------------ my turn
    def _turn(self, view: DobbersState, me: int, kinds: dict[type, list[Action]],
              legal: Sequence[Action]) -> Action:
        cards = view.cards
        if self._turn_seen != (me, view.turns[me]):  # a new turn: remember where it began
            self._turn_seen = (me, view.turns[me])
            here = view.position[me]
            self.waited = {here: self.waited.get(here, -1) + 1}
            self.plan = self._stuck(view, me, self._owned(view, me))
        immune = self.plan[1] if self.plan else frozenset()
        for equip in kinds.get(Equip, []):
            slot = cards.type(equip.card).lower()  # type: ignore[attr-defined]
            current = view.equipped[me].get(slot)
            if slot in view.turn["used"]:
                continue
            if current is None or (not _hit(cards, equip.card, immune)  # type: ignore
                                   and _hit(cards, current, immune)):
                return equip
            if _hit(cards, equip.card, immune) == _hit(cards, current, immune) and \
                    card_value(cards, equip.card) > card_value(cards, current) + 0.2:  # type: ignore
                return equip
        for forge in kinds.get(Forge, []):
            if forge.slot not in view.turn["used"]:  # type: ignore[attr-defined]
                return forge
        for kind in (Draw, Use, Play, Token, Power, Destroy):
            if kinds.get(kind):
                return kinds[kind][0]
        if Fight in kinds:
            return kinds[Fight][0]
        if view.phase == "duel":
            return kinds[End][0]
        step = self._travel(view, me, kinds)
        if step is not None:
            return step
        buy = self._acquire(view, me, kinds)
        if buy is not None:
            return buy
        return kinds[End][0]

    def _travel(self, view: DobbersState, me: int,
                kinds: dict[type, list[Action]]) -> Action | None:
        here = view.position[me]
        if here == view.board.key:
            return None
        ahead = view.board.route_to_key(here)[1]
        for move in kinds.get(Move, []):
            if move.square == ahead:  # type: ignore[attr-defined]
                return move
        for challenge in kinds.get(Challenge, []):
            if challenge.square != ahead:  # type: ignore[attr-defined]
                continue
            # The exact chance from what it has seen (its own stacks, the Solo cards' moves);
            # held up for turns, it takes a smaller chance (a Defeat costs no points).
            chance = challenge_odds(view, me, ahead).chance
            if chance >= max(Fraction(1, 6), Fraction(3, 5) - Fraction(3, 20) * self.waited.get(
                    here, 0)):
                return challenge
        return None

    def _stuck(self, view: DobbersState, me: int, mine: list[str]
               ) -> tuple[tuple[str, ...], frozenset[str]] | None:
        """What would get this bot past the square it has waited at for two turns or more
        (its plan changes): blue + red while its usual hand does not pay the shield ahead,
        then red + gold for the stack beyond it, with what that stack is most likely immune
        to (Equipment it takes nothing from); None when it is not held up."""
        here = view.position[me]
        if here == view.board.key or self.waited.get(here, 0) < 2:
            return None
        ahead = view.board.route_to_key(here)[1]
        if view.stacks.get(ahead) and _usual(view, me, mine, ("blue", "red")) >= \
                view.travel_cost(me, here, ahead):
            likely = max(stack_cases(view, me, ahead), key=lambda case: case.chance)
            return ("red", "gold"), likely.immune
        return ("blue", "red"), frozenset()

    def _short_of_challenge(self, view: DobbersState, me: int, mine: list[str]) -> bool:
        """Whether a stack on the way needs more than this deck usually brings."""
        cards = view.cards
        route = view.board.route_to_key(view.position[me])[1:8]
        need = max((expected_need(view, me, s) for s in route if view.stacks.get(s)),
                   default=0.0)
        hero = cards[view.heroes[me]]
        usual = hero.get("red", 0) + hero.get("gold", 0) + sum(
            cards[c].get("red", 0) + cards[c].get("gold", 0) for c in view.equipped[me].values())
        effects = [c for c in mine if cards[c]["type"] == "Effect"]
        if effects:
            usual += 5 * sum(cards[c].get("red", 0) + cards[c].get("gold", 0)
                             for c in effects) / len(mine)
        return need > usual

    def _short_of_travel(self, view: DobbersState, me: int) -> bool:
        """Whether the Hero's own and equipped points cannot cross the next shield."""
        here = view.position[me]
        if here == view.board.key:
            return False
        ahead = view.board.route_to_key(here)[1]
        cards = view.cards
        base = sum(cards[view.heroes[me]].get(c, 0) for c in ("red", "blue"))
        base += sum(cards[c].get("red", 0) + cards[c].get("blue", 0)
                    for c in view.equipped[me].values())
        return base + 1 < view.travel_cost(me, here, ahead)

    @staticmethod
    def _owned(view: DobbersState, me: int) -> list[str]:
        """Every card of this bot's deck: deck, hand, discard pile, in play, equipped."""
        cards = [*view.decks[me], *view.hands[me], *view.discards[me],
                 *view.equipped[me].values(), *view.forged[me].values()]
        if view.turn_player == me:
            cards += view.turn["held"]
        return [c for c in cards if c in view.cards]

    def _rivals(self, view: DobbersState, me: int) -> list[int]:
        """Opponents ahead of this bot, or right behind it."""
        mine = view.board.to_key[view.position[me]]
        return [p for p in range(len(view.players))
                if p != me and view.position[p] is not None
                and view.board.to_key[view.position[p]] <= mine + 3]

    def _acquire(self, view: DobbersState, me: int,
                 kinds: dict[type, list[Action]]) -> Action | None:
        cards = view.cards
        rivals = self._rivals(view, me)
        mine = self._owned(view, me)
        bought = sum(1 for c in mine if c not in cards.starting)
        if rivals and Place in kinds and bought >= 6:
            block = self._block(view, me, rivals, kinds[Place])  # type: ignore[arg-type]
            if block is not None:
                return block
        buys = [b for b in kinds.get(Buy, []) if b.square is None]  # type: ignore[attr-defined]
        if not buys:
            return None
        owned = Counter(cards[c].get("alignment") for c in mine)
        influence = sum(cards[c].get("influence", 0) for c in mine)
        rich = influence >= 14
        short = self._short_of_travel(view, me)
        weak = self._short_of_challenge(view, me, mine)
        stuck = self.plan

        def worth(action: Buy) -> float:
            card = action.card
            info = cards[card]
            if stuck is not None:  # held up: only what gets it past, above the deck's usual
                return _gain(view, me, mine, card, *stuck) * 2 + 0.1 * card_value(cards, card)
            value = card_value(cards, card, owned)
            if short:
                value += 0.7 * (info.get("red", 0) + info.get("blue", 0))
            if weak:
                value += 1.2 * (info.get("red", 0) + info.get("gold", 0))
            if not rich and not weak and info.get("influence", 0) >= 2 \
                    and info["type"] == "Effect":
                value += 1.5
            if cards.is_equipment(card):
                best = max((card_value(cards, c) for c in mine
                            if cards[c]["type"] == info["type"]), default=0.0)
                value = max(0.0, value - best) + 0.3
            return value

        best = max(buys, key=lambda b: (worth(b), cards[b.card]["cost"]))  # type: ignore
        return best if worth(best) >= 1.2 else None

    def _block(self, view: DobbersState, me: int, rivals: list[int],
               places: list[Place]) -> Place | None:
        """A Creature under a bare Location on a rival's way; a Location on an open square of
        their way that this bot will not cross again (its own square included)."""
        board = view.board
        mine = set(board.route_to_key(view.position[me])[1:])
        targets: list[str] = []
        for p in rivals:
            targets += board.route_to_key(view.position[p])[1:5]
        creature_spots = [s for s in targets if takes_creature(view.stacks.get(s))]
        location_spots = [s for s in targets if s not in mine and not view.stacks.get(s)
                          and board.is_encounter(s)]
        options = []
        for place in places:
            card = view.row_card(place.row)  # the row shows every card's art: its name
            spots = creature_spots if place.row[0] == "C" else location_spots
            if card is not None and place.square in spots:
                options.append((view.cards[card]["cost"], place))
        if not options:
            return None
        return max(options, key=lambda o: (o[0], o[1].square))[1]




# ------------------------------------------------------------------ the search bot's hooks
# What only Dobbers knows, for core.search's information-set MCTS: how to fill in what a
# seat cannot see, how good a position is, and a fast rule of thumb for playouts.

#: Card types that never go into a player's deck (they stay on the board or the rows).
_NOT_DECKABLE = frozenset({"Location", "Creature", "Event", "Solo"})


def _take(pool: Counter, allowed: Callable[[str], bool], n: int, rng: Rng) -> list[str]:
    """``n`` cards drawn at random from ``pool`` (taken out of it), those ``allowed`` first;
    when too few are allowed, any card of the pool makes up the number (the sample stays
    a full game of the right size even where a guess of the owner is off)."""
    chosen: list[str] = []
    for ok in (allowed, None):
        if len(chosen) == n:
            break
        flat = sorted(c for c, k in pool.items() if ok is None or ok(c) for _ in range(k))
        rng.shuffle(flat)
        for card in flat[:n - len(chosen)]:
            pool[card] -= 1
            chosen.append(card)
    pool += Counter()  # drop the zeros
    return chosen


def _owned_guess(view: DobbersState, q: int) -> Counter:
    """The cards player ``q`` is known to have taken into their deck, from what the view
    shows: the starting cards and every card the public log says they acquired (a buy to
    the discard pile, an Outwit), less what is in their zones that the view shows."""
    cards = view.cards
    owned = Counter(cards.starting)
    for event in view.log:
        data = event.data
        if data.get("player") != q or "square" in data:
            continue
        card = data.get("card")
        if event.kind in ("buy", "outwit") and isinstance(card, str) and is_card(cards, card):
            owned[card] += 1
    shown_zones = [*view.discards[q], *view.equipped[q].values(), *view.forged[q].values()]
    if view.turn_player == q:
        shown_zones += view.turn["held"]
    return owned - Counter(shown_zones)


def _options_again(state: DobbersState) -> None:
    """A pending question of another player shows no options in the view (they may name
    that player's hand): ask it again of the sampled cards, as the card's effect would."""
    pending = state.pending
    if pending is None or pending["options"]:
        return
    p, kind = pending["player"], pending["kind"]
    hand, discard = sorted(set(state.hands[p])), sorted(set(state.discards[p]))
    if kind == "discard":
        options = [["hand", c] for c in hand]
    elif kind == "cull":
        options = [["hand", c] for c in hand] + [["discard", c] for c in discard]
    elif kind == "retrieve":
        options = [["discard", c] for c in discard]
    elif kind == "cull_draw":
        options = [["draw", "1"]]
    elif kind == "choice":
        options = [["option", str(i + 1)] for i in range(len(pending["choices"]))]
    elif kind == "lose_equipment":
        options = [["slot", s] for s in ("weapon", "armor", "item") if s in state.equipped[p]]
    elif kind == "loot":
        card = pending.get("card") or pending["src"]
        options = [["hand", card], ["discard", card], ["destroy", card]]
    elif kind == "destroy_row":
        options = [["adventure", str(i + 1)] for i, c in enumerate(state.adventure_row) if c]
        options += [["challenge", s] for s in state.challenge_slots() if state.row_card(s)]
    else:
        return
    state.pending = {**pending, "options": options}


def sample_hidden(view: DobbersState, rng: Rng) -> DobbersState:
    """A full game that ``view`` (a player's view) could be: every card it does not show,
    drawn at random from the cards it cannot place, consistently with what it shows.

    What is hidden (``hidden_zones``): the other players' hands and decks, the order of
    the viewer's own deck, the Adventure, Location and Creature decks, the set-aside cards,
    cards covered in a stack (their icon shows: a ``?weapon`` is filled with a Weapon) and
    a face-down card from a deck in a pending question. The pool is :func:`.sight.
    unseen_cards` (the whole card set less every card the view shows and every covered
    card the log names to it, which go back where the log put them). Each opponent's hand
    and deck are filled first from the cards the public log says they acquired (and their
    starting cards) that are not showing, then at random from the unseen Adventure cards;
    the Location and Creature decks take the unseen Locations and Creatures, the
    Adventure deck the rest.

    What the sample ignores: cards an opponent showed from their hand (an Outwit's
    payment, a discard), looted into their hand, culled or lost, beyond what the zones now
    show; what an opponent's play says of their hand (what they did not buy, did not
    Outwit); and the order of anything (every order is equally likely).

    >>> from dungeoncraft_widgets.core.bots import play_bots
    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> game = new_game(2, seed=5)
    >>> _ = play_bots(game, {0: RaceBot(1), 1: RaceBot(2)}, max_actions=40)
    >>> view = game.view(0)
    >>> sample = sample_hidden(view, Rng(3))
    >>> sample.view(0)._dump() == view._dump(), len(sample.hands[1]) == len(game.hands[1])
    (True, True)
    """
    game_state(view, DobbersState, "view")
    me = view.viewer
    cards = view.cards
    state: DobbersState = view.copy()  # type: ignore[assignment]
    pool = unseen_cards(view)

    def of_back(back: str) -> Callable[[str], bool]:
        return lambda c: cards.type(c) not in ("Token", "Hero") and cards.back(c) == back

    for square in sorted(state.stacks):  # covered cards: named by the log, else by icon
        stack = state.stacks[square]
        known = stack_cards(view, square)
        for entry, seen in zip(stack, known, strict=True):
            if entry[0].startswith("?"):
                entry[0] = seen if is_card(cards, seen) else _take(pool, of_back(entry[0]),
                                                                   1, rng)[0]
    if state.pending is not None and str(state.pending.get("card", "")).startswith("?"):
        back = state.pending["card"]
        state.pending = {**state.pending, "card": _take(pool, of_back(back), 1, rng)[0]}
    for name, kind in (("location_deck", "Location"), ("creature_deck", "Creature")):
        setattr(state, name, _take(pool, lambda c, k=kind: cards.type(c) == k,
                                   len(getattr(state, name)), rng))
    state.set_aside = _take(pool, lambda c: cards.type(c) in ("Event", "Solo", "Location"),
                            len(state.set_aside), rng)
    if me is not None:
        rng.shuffle(state.decks[me])  # the view sorts it: any order
    others = [q for q in range(len(state.players)) if q != me]
    rng.shuffle(others)  # no opponent's guess is served before another's every time
    for q in others:
        size = len(state.hands[q]) + len(state.decks[q])
        guess = _owned_guess(view, q) & pool
        mine = _take(guess, lambda c: True, min(size, sum(guess.values())), rng)
        pool -= Counter(mine)
        mine += _take(pool, lambda c: cards.type(c) not in _NOT_DECKABLE,
                      size - len(mine), rng)
        rng.shuffle(mine)
        state.hands[q], state.decks[q] = mine[:len(state.hands[q])], mine[len(state.hands[q]):]
    state.adventure_deck = _take(pool, lambda c: cards.type(c) not in ("Location", "Creature"),
                                 len(state.adventure_deck), rng)
    _options_again(state)
    return playable(state, rng.next64() % 2**63)  # type: ignore[return-value]


def _strength(state: DobbersState, p: int) -> float:
    """How far player ``p`` is from winning, in moves (smaller is better): the moves left
    to the Key, less what the deck brings a turn (a turn's red + blue crosses shields)."""
    if p in state.arrivals:
        return -1.0
    square = state.position[p]
    if square is None:
        return 0.0
    cards = state.cards
    owned = [*state.decks[p], *state.hands[p], *state.discards[p]]
    if state.turn_player == p:
        owned += state.turn["held"]
    points = sum(cards.point(c, "red") + cards.point(c, "blue") + cards.point(c, "gold")
                 for c in owned if c in cards) / max(1, len(owned))
    fixed = sum(cards.point(c, "red") + cards.point(c, "gold")
                for c in state.equipped[p].values())
    return state.board.to_key[square] - 0.6 * points - 0.15 * fixed


def evaluate(state: DobbersState, seat_: int) -> float:
    """``seat_``'s chance of winning, in [0, 1]: on a finished game its result (1 for the
    winner of the Key, 0 for everyone else, and 0 for all when the round limit stopped the
    game with no winner); during play a softmax of every Hero's distance to the Key, less
    what their deck brings (cheap: no odds are worked out).

    >>> from dungeoncraft_widgets.core.bots import play_bots
    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> game = new_game(2, seed=4)
    >>> _ = play_bots(game, {0: RaceBot(seed=1), 1: RaceBot(seed=2)})
    >>> [evaluate(game, p) for p in range(2)] == [float(s) for s in game.scores()]
    True
    """
    if state.is_over:
        return float(state.winner == seat_)
    n = len(state.players)
    if n == 1:  # Solo: against the clock
        left = state.options.get("round_limit") or 60
        return max(0.0, min(1.0, 1.0 - (_strength(state, 0) * 1.5 + state.turns[0]) / left))
    strengths = [_strength(state, p) for p in range(n)]
    weights = [math.exp(-0.45 * (s - min(strengths))) for s in strengths]
    return weights[seat_] / sum(weights)


_PLAYOUT_BOT = RaceBot()


def _challenge_wins(state: DobbersState, me: int, square: str) -> bool:
    """Whether a Challenge on ``square`` now wins, in a full (sampled) game: the stack's
    cards are known there."""
    cost = state.travel_cost(me, state.position[me], square)
    blue, red = travel.pay_travel(state.turn["blue"], state.turn["red"], cost)
    red_after, gold = red, state.turn["gold"]
    immune_red, immune_gold = state.immune_points(square)
    have = max(0, red_after - immune_red) + max(0, gold - immune_gold)
    return have >= state.stack_needs(me, square)


def playout(state: DobbersState, legal: Sequence[Action], rng: Rng) -> Action:
    """The playouts' rule of thumb, on the sampled game itself: :class:`RaceBot`'s
    choices without its memory, and a Challenge taken only when the (sampled, so known)
    stack falls to the points in hand; it cannot stall: every turn plays its cards and
    ends, and a game stops at the round limit anyway.

    >>> from dungeoncraft_widgets.dobbers import new_game
    >>> game, rng = new_game(2, seed=4), Rng(1)
    >>> while not game.is_over: _ = game.apply(playout(game, game.legal_actions(), rng))
    >>> game.end_reason in ("key", "duel", "round limit")
    True
    """
    me = state.current_player
    assert me is not None
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    bot = _PLAYOUT_BOT
    if HeroChoice in kinds or StartChoice in kinds:
        return rng.choice(list(legal))  # a playout's Heroes and starts: any
    if state.pending is not None:
        return bot._answer(state, me, kinds)
    if Pass in kinds:
        return bot._outwit(state, me, kinds)
    cards = state.cards
    for equip in kinds.get(Equip, []):
        slot = cards.type(equip.card).lower()  # type: ignore[attr-defined]
        current = state.equipped[me].get(slot)
        if slot not in state.turn["used"] and (current is None or card_value(
                cards, equip.card) > card_value(cards, current) + 0.2):  # type: ignore
            return equip
    for forge in kinds.get(Forge, []):
        if forge.slot not in state.turn["used"]:  # type: ignore[attr-defined]
            return forge
    for kind in (Draw, Use, Play, Token, Power, Destroy, Fight):
        if kinds.get(kind):
            return kinds[kind][0]
    if state.phase == "duel":
        return kinds[End][0]
    here = state.position[me]
    if here != state.board.key:
        ahead = state.board.route_to_key(here)[1]
        for move in kinds.get(Move, []):
            if move.square == ahead:  # type: ignore[attr-defined]
                return move
        for challenge in kinds.get(Challenge, []):
            if challenge.square == ahead and _challenge_wins(state, me, ahead):  # type: ignore
                return challenge
    bot.plan = None
    buy = bot._acquire(state, me, kinds)
    return buy if buy is not None else kinds[End][0]


def odds(view: DobbersState, action: Action) -> str | None:
    """The exact chance of a Challenge from what the view knows (:func:`.odds.
    challenge_odds`), in the player's words; None for any other action.

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["herb"], stacks={"E2": ["castle_walls", "tree_golem"]})
    >>> odds(game.view(game.turn_player), Move("E1"))
    """
    if not isinstance(action, Challenge) or view.viewer is None:
        return None
    chance = challenge_odds(view, view.viewer, action.square).chance
    return f"{chance.numerator}/{chance.denominator} to beat the stack" \
        if chance not in (0, 1) else ("sure to beat the stack" if chance == 1
                                      else "no chance to beat the stack")


def worth_searching(view: DobbersState, legal: Sequence[Action]) -> list[Action]:
    """The actions worth a search: all but a second Equip of a slot this turn. The rules
    let a Hero swap Equipment back and forth for ever (each swap takes the other card back
    into the hand), and to a search every swap looks as good as the last: a bot choosing
    among them never ends its turn. Swapping twice in a turn gains nothing (a slot is used
    once a turn).

    >>> from dungeoncraft_widgets.dobbers import position
    >>> game = position(heroes=["herb"], hand=["wooden_knife", "silver_sword"])
    >>> p = game.turn_player
    >>> _ = game.apply("equip wooden_knife")
    >>> [str(a) for a in worth_searching(game.view(p), game.legal_actions())
    ...  if isinstance(a, Equip)]
    []
    """
    swapped = view.turn.get("equipped_now", {}) if view.phase == "main" else {}
    kept = [a for a in legal if not (isinstance(a, Equip)
                                     and view.cards.type(a.card).lower() in swapped)]
    return kept or list(legal)


#: What RaceBot does without a second thought: playing its cards and using its Equipment
#: (the points are free), answering questions, set-up. The search spends its time on the
#: race's decisions instead: where to go, whether to Challenge now, what to buy or place.
_ROUTINE = (HeroChoice, StartChoice, Equip, Forge, Draw, Use, Play, Token, Power, Destroy,
            Fight, Choose, Skip, Pass, Outwit)
#: At most this many purchases (and placements) are searched, the best by card value.
_WIDTH = 4


def candidates(view: DobbersState, legal: Sequence[Action], routine: Action) -> list[Action]:
    """The actions the search weighs against RaceBot's ``routine`` choice: a Challenge,
    the best few purchases and placements (by card value). Ending the turn early or
    walking away from the Key is never one of them (a turn's points do not keep)."""
    cards = view.cards
    keep: list[Action] = [routine]
    buys = sorted((a for a in legal if isinstance(a, Buy)),
                  key=lambda a: -card_value(cards, a.card))  # type: ignore[attr-defined]
    places = [a for a in legal if isinstance(a, Place)]
    for action in (*[a for a in legal if isinstance(a, Challenge)], *buys[:_WIDTH],
                   *places[:_WIDTH]):
        if action not in keep:
            keep.append(action)
    return keep


#: How much better (in the search's mean score) another action must do than RaceBot's
#: routine choice to be played instead: the playouts are few and noisy, and RaceBot's
#: choice is a good one.
_MARGIN = 0.06


def search_candidates(view: DobbersState, legal: Sequence[Action],
                      routine: Action | None) -> list[Action]:
    """What the search weighs (SearchGame.candidates): RaceBot's ``routine`` move alone
    when it is one of :data:`_ROUTINE` (played at once), else :func:`candidates` among the
    actions :func:`worth_searching`."""
    if routine is None or isinstance(routine, _ROUTINE):
        return [routine] if routine is not None else worth_searching(view, legal)
    return candidates(view, worth_searching(view, legal), routine)


SEARCH = SearchGame(
    name="dobbers", sample_hidden=sample_hidden, evaluate=evaluate, playout=playout,
    budgets={"easy": Budget(iterations=8, depth=40, heuristic=False, seconds=0.05,
                            trust=_MARGIN),
             "medium": Budget(iterations=30, depth=60, seconds=0.17, trust=_MARGIN),
             "hard": Budget(iterations=150, depth=80, seconds=0.85, trust=_MARGIN)},
    odds=odds, advisor=RaceBot, candidates=search_candidates)


def search_bot(level: str = "hard", seed: int = 0) -> SearchBot:
    """The search bot for Dobbers at ``level`` ("easy", "medium" or "hard"): RaceBot's
    routine moves at once, the race's decisions searched (:func:`search_candidates`)."""
    return SearchBot(SEARCH, level, seed)
