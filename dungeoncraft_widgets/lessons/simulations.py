"""Samples from the games' real engines, in the shapes the lessons need.

Every function here plays or sets up real games (their own shuffles, dice and
rules, each game seeded), so a lesson's simulation checks the exact answer
against the engine itself, not against a copy of the rules written for the
lesson. Results are plain Python data; the heavy ones are remembered
(``functools.cache``), so a lesson and its :func:`~.check.check` share one run.

>>> order = creature_orders(1)[0]
>>> sorted(order) == sorted(creature_stack().elements())
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.errors import InvalidArgumentError

__all__ = [
    "dobbers_core_deck", "dobbers_hands", "dobbers_opening_hands",
    "AdventureLandSetup", "OfferRecord", "adventure_land_setups", "attempt", "claim_counts",
    "claim_records",
    "creature_orders", "creature_stack", "dubious_alliance_hands", "engine_fight_records",
    "engine_fights",
    "engine_strengths", "herb_stack", "modifier_table", "retreat_modifiers", "room_points",
    "adventurer_points", "sword_stack", "type_counts",
    "dobbers_waits", "dubious_alliance_deals", "engine_rolls", "reroll_fights", "scout_runs",
]


# --------------------------------------------------------------------- Adventure Land
def _pieces() -> dict[str, Any]:
    from ..adventure_land.data import load_pieces
    return load_pieces()


def creature_stack() -> Counter:
    """The fog creatures in the box: strength -> how many (the rulebook's 4/4/3/2/1).

    >>> dict(creature_stack())
    {8: 4, 10: 4, 12: 3, 14: 2, 16: 1}
    """
    return Counter({int(s): n for s, n in _pieces()["creatures"]["strengths"].items()})


def sword_stack() -> Counter:
    """The swords: extra value -> how many (a reconstruction, see ``data/pieces.json``).

    >>> sum(sword_stack().values())
    28
    """
    return Counter({int(v): n for v, n in _pieces()["swords"]["values"].items()})


def herb_stack() -> Counter:
    """The herbs: value -> how many (a reconstruction, see ``data/pieces.json``).

    >>> sum(herb_stack().values())
    20
    """
    return Counter({int(v): n for v, n in _pieces()["herbs"]["values"].items()})


@dataclass(frozen=True)
class AdventureLandSetup:
    """What one seeded game's set-up shuffled, in the order the engine will draw it.

    ``creatures``: every fog creature, first drawn first; ``swords``/``herbs``: the face-down
    stacks as they stand after set-up, next drawn first (the opening cards may already have
    put some on the board, face down, and a 2- or 3-player game boxes some swords unseen).
    """

    creatures: tuple[int, ...]
    swords: tuple[int, ...]
    herbs: tuple[int, ...]


def adventure_land_setups(games: int, players: int = 2, seed: int = 0
                          ) -> tuple[AdventureLandSetup, ...]:
    """Set up ``games`` real games (seeds ``seed``, ``seed + 1``, ...) and read their stacks.

    >>> setup = adventure_land_setups(1)[0]
    >>> len(setup.creatures), len(setup.swords) <= 20
    (14, True)
    """
    return _adventure_land_setups(games, players, seed)


@cache
def _adventure_land_setups(games: int, players: int, seed: int
                           ) -> tuple[AdventureLandSetup, ...]:
    from ..adventure_land import new_game

    out = []
    for s in range(seed, seed + games):
        state = new_game(players, seed=s)
        shuffle = next(e for e in state.log if e.kind == "shuffle")
        out.append(AdventureLandSetup(
            creatures=tuple(reversed(shuffle.data["creatures"])),  # the stack pops its end
            swords=tuple(reversed(state.sword_stack)), herbs=tuple(reversed(state.herb_stack))))
    return tuple(out)


def creature_orders(games: int, players: int = 2, seed: int = 0) -> list[tuple[int, ...]]:
    """The order in which each of ``games`` real games draws its fog creatures.

    >>> len(creature_orders(3))
    3
    """
    return [g.creatures for g in adventure_land_setups(games, players, seed)]


def engine_fights(creature: int, *, companions: int = 0, swords: Sequence[int] = (),
                  herbs: Sequence[int] = (), gold: int = 0) -> Any:
    """A function ``play(seed) -> won`` playing one fight in the real engine, optimally.

    The position comes from ``fight_position``; each call copies it with its own RNG seed
    and plays :func:`~dungeoncraft_widgets.adventure_land.odds.play_fight` through the
    engine's actions.

    >>> play = engine_fights(8, companions=2, swords=(3,))   # wins 5 times in 6
    >>> 40 < sum(play(s) for s in range(60)) < 60
    True
    """
    from ..adventure_land.odds import EngineFight, fight_odds, play_fight
    from ..adventure_land.rules import fight_position
    from ..core.rng import Rng

    position = fight_position(creature, companions=companions, swords=swords, herbs=herbs,
                              gold=gold, seed=0)
    odds = fight_odds(position)

    def play(seed: int) -> bool:
        state = position.copy()
        state.rng = Rng(seed)
        return play_fight(EngineFight(state), odds)

    return play


def engine_fight_records(creature: int, *, companions: int = 0, swords: Sequence[int] = (),
                         herbs: Sequence[int] = (), gold: int = 0, runs: int = 1000,
                         seed: int = 0) -> list[tuple[tuple[int, ...], bool]]:
    """``runs`` real-engine fights played optimally, as (the first roll of the dice, won).

    >>> records = engine_fight_records(12, companions=2, swords=(2, 1), gold=1, runs=20)
    >>> all(len(dice) == 2 for dice, _ in records)
    True
    """
    from ..adventure_land.odds import EngineFight, fight_odds, play_fight
    from ..adventure_land.rules import fight_position
    from ..core.rng import Rng

    class Recording(EngineFight):
        first: tuple[int, ...] = ()

        def roll(self, swords):
            dice = super().roll(swords)
            self.first = tuple(dice)
            return dice

    position = fight_position(creature, companions=companions, swords=swords, herbs=herbs,
                              gold=gold, seed=0)
    odds = fight_odds(position)
    out = []
    for s in range(seed, seed + runs):
        state = position.copy()
        state.rng = Rng(s)
        table = Recording(state)
        won = play_fight(table, odds)
        out.append((table.first, won))
    return out


def engine_strengths(creature: int, *, companions: int = 0, swords: Sequence[int] = (),
                     runs: int = 1000, seed: int = 0) -> Counter:
    """The strength after the dice (before gold and herbs) in ``runs`` real-engine fights
    that use exactly ``swords``: strength -> how many times.

    >>> counts = engine_strengths(12, companions=2, swords=(2, 1), runs=50)
    >>> sum(counts.values()), min(counts) >= 1 + 2 + 3 + 2
    (50, True)
    """
    from ..adventure_land.rules import fight_position
    from ..core.rng import Rng

    position = fight_position(creature, companions=companions, swords=swords, seed=0)
    action = "swords " + (",".join(map(str, swords)) if swords else "-")
    counts: Counter = Counter()
    for s in range(seed, seed + runs):
        state = position.copy()
        state.rng = Rng(s)
        events = state.apply(action)
        counts[next(e for e in events if e.kind == "roll").data["strength"]] += 1  # the engine's
    return counts


# ------------------------------------------------------------------- Dubious Alliance
def type_counts(deck: Any = None) -> Counter:
    """How many game cards of each type the deck has (a card may have two types).

    >>> type_counts()["Weapon"], sum(1 for _ in type_counts().elements()) >= 121
    (12, True)
    """
    from ..dubious_alliance import load_deck

    loaded = load_deck(deck)
    return Counter(t for card_id in loaded.cards for t in loaded.card(card_id).types)


def dubious_alliance_hands(games: int, players: int = 4, seed: int = 0
                           ) -> list[list[tuple[str, ...]]]:
    """The first hands dealt in ``games`` real games: per game, per seat, the card types of
    each card (a tuple of types per card).

    >>> hands = dubious_alliance_hands(2)
    >>> len(hands), len(hands[0]), len(hands[0][0])
    (2, 4, 4)
    """
    from ..dubious_alliance import new_game

    out = []
    for s in range(seed, seed + games):
        state = new_game(players, seed=s)
        out.append([[tuple(state.card(c).types) for c in hand] for hand in state.hands])
    return out


@dataclass(frozen=True)
class OfferRecord:
    """One trade offer a bot made in a real game.

    ``temperament`` of the bot offering; ``tone`` of its claim (+1 praise, -1 warning,
    0 neither: ``bots.claim_tone``); ``types`` of the face-down card it offered;
    ``repeat``: the bot already offered this same card earlier in the round (to someone
    else), ``first_tone`` being the tone of that earlier claim.
    """

    game: int
    round: int
    seat: int
    temperament: str
    tone: int
    types: tuple[str, ...]
    repeat: bool
    first_tone: int | None


def claim_records(games: int, seed: int = 0,
                  temperaments: tuple[str, ...] = ("honest", "liar", "hoarder", "honest")
                  ) -> tuple[OfferRecord, ...]:
    """Every trade offer made in ``games`` real games of bots (seeds ``seed``, ...).

    Each game seats one bot per entry of ``temperaments``, shuffled round the table with
    the game's seed, and plays the game to its end with the engine's own rules.

    >>> records = claim_records(2)
    >>> {r.temperament for r in records} <= {"honest", "liar", "hoarder"}
    True
    """
    return _claim_records(games, seed, tuple(temperaments))


@cache
def _claim_records(games: int, seed: int, temperaments: tuple[str, ...]
                   ) -> tuple[OfferRecord, ...]:
    from ..core.rng import Rng
    from ..dubious_alliance import Offer, new_game
    from ..dubious_alliance.bots import TemperamentBot, claim_tone

    out = []
    for g in range(seed, seed + games):
        seats = list(temperaments)
        Rng(g).shuffle(seats)
        state = new_game(len(seats), seed=g)
        bots = [TemperamentBot(t, seed=g * 31 + i) for i, t in enumerate(seats)]
        # (round, seat) -> {card: tone of the first claim made with it this round}
        earlier: dict[tuple[int, int], dict[str, int]] = {}
        for _ in range(20_000):
            if state.is_over:
                break
            p = state.current_player
            action = bots[p].choose(state.view(p), state.legal_actions())
            if isinstance(action, Offer):
                card, tone = state.unrevealed[p], claim_tone(action.claim)
                made = earlier.setdefault((state.round, p), {})
                out.append(OfferRecord(g, state.round, p, seats[p], tone,
                                       tuple(state.card(card).types), card in made,
                                       made.get(card)))
                made.setdefault(card, tone)
            state.apply(action)
    return tuple(out)


def claim_counts(temperament: str, games: int, seed: int = 0) -> dict[str, int]:
    """Counts over the first offers of a card in a round by bots of ``temperament`` in
    ``games`` real games: ``offers``, ``weapon`` (the card is a Weapon), ``praise``,
    ``weapon_praise``, ``warning``, ``weapon_warning``.

    >>> counts = claim_counts("liar", games=3)
    >>> counts["praise"] == counts["offers"]   # the liar praises every card it offers
    True
    """
    first = [r for r in claim_records(games, seed)
             if r.temperament == temperament and not r.repeat]
    weapon = [r for r in first if "Weapon" in r.types]
    return {"offers": len(first), "weapon": len(weapon),
            "praise": sum(1 for r in first if r.tone > 0),
            "weapon_praise": sum(1 for r in weapon if r.tone > 0),
            "warning": sum(1 for r in first if r.tone < 0),
            "weapon_warning": sum(1 for r in weapon if r.tone < 0)}


# ------------------------------------------------------------------ Hero versus Guardian
def modifier_table(kind: str, adventurers: Sequence[str], rooms: Sequence[str]
                   ) -> list[list[int]]:
    """The total modifiers the engine gives each Adventurer (card id, in order) against each
    room (card id, in order) at one location: the ``modifiers`` of ``location_odds``.

    >>> modifier_table("scout", ["A01", "A09"], ["D10", "D02"])
    [[4, 0], [1, 3]]
    """
    from ..hero_vs_guardian.rules import scout_venture_position

    game = scout_venture_position(kind, adventurers, rooms)
    return [[game.roll_modifier(kind, a, r, "A1") for r in rooms] for a in adventurers]


def retreat_modifiers(adventurers: Sequence[str], rooms: Sequence[str]) -> list[int]:
    """Each Adventurer's total Retreat modifier in a Venture of ``rooms`` (the ``retreat`` of
    ``location_odds``): Items and the location's cards; no room-type modifier applies.

    >>> retreat_modifiers(["A01", "A09"], ["D10"])
    [0, 0]
    """
    from ..hero_vs_guardian.rules import scout_venture_position

    game = scout_venture_position("venture", adventurers, rooms)
    return [game.roll_modifier("retreat", a, rooms[0], "A1") for a in adventurers]


def adventurer_points(adventurers: Sequence[str]) -> list[int]:
    """The capture points of each Adventurer card (the ``adventurer_points`` of
    ``location_odds``), read from the engine's card set.

    >>> adventurer_points(["A01", "A09"])
    [2, 1]
    """
    from ..hero_vs_guardian.data import load_cards

    cards = load_cards()
    return [int(cards[a]["points"]) for a in adventurers]


def room_points(rooms: Sequence[str]) -> list[int]:
    """The points of each Dungeon room card (the ``room_points`` of ``location_odds``).

    >>> room_points(["D07", "D12"])
    [2, 3]
    """
    from ..hero_vs_guardian.data import load_cards

    cards = load_cards()
    return [int(cards[r]["points"]) for r in rooms]


def attempt(kind: str, adventurers: Sequence[str], rooms: Sequence[str], seed: int, *,
            retreat_at: frozenset[tuple[int, int]] | set = frozenset()) -> dict[str, Any]:
    """Play one Scout or Venture of ``rooms`` in the real engine (rooms in the order given).

    ``retreat_at``: (adventurer index, rooms done) pairs at which that Adventurer Retreats
    instead of Venturing (index 0 is the first Adventurer; a policy such as
    ``LocationOdds.retreat_when`` gives). Returns ``rooms_done`` and ``captured`` (card ids).

    >>> attempt("venture", ["A06", "A01"], ["D06"], seed=1)["rooms_done"] in (0, 1)
    True
    """
    from ..hero_vs_guardian.actions import Enter, First, Lose, Order, Retreat, Roll, Scout, Venture
    from ..hero_vs_guardian.rules import scout_venture_position

    if kind not in ("scout", "venture"):
        raise InvalidArgumentError(f"kind must be 'scout' or 'venture', not {kind!r}")
    game = scout_venture_position(kind, adventurers, rooms, seed=seed)
    game.apply(Scout("A1") if kind == "scout" else Venture("A1"))
    for adv in adventurers:
        game.apply(Order(adv))
    game.apply(Enter())
    while game.attempt is not None:
        at = game.attempt
        if at["stage"] == "first":
            wanted = [r for r in rooms if r not in at["done"]][0]
            game.apply(First(wanted))
        elif at["stage"] == "roll":
            retreat = kind == "venture" and (at["next"], len(at["done"])) in retreat_at
            game.apply(Retreat() if retreat else Roll())
        elif at["stage"] == "save":
            game.apply(Lose())
        else:  # stow an Item: no Items in these positions, but take the first choice
            game.apply(game.legal_actions()[0])
    rolls = [e.data for e in game.log if e.kind == "roll"]
    done = sum(1 for r in rolls if r["success"] and r["roll"] != "retreat")
    captured = [e.data["card"] for e in game.log if e.kind == "capture"]
    return {"rooms_done": done, "captured": captured}


# --------------------------------------------------------------------------- Dobbers
def dobbers_core_deck() -> Counter:
    """One player's core starting deck, by card id, from the card data.

    >>> dict(dobbers_core_deck())
    {'bottle_cap': 8, 'traveling_kit': 1, 'wooden_knife': 1}
    """
    from ..dobbers import load_cards
    return Counter(load_cards().starting)


@cache
def dobbers_opening_hands(games: int, seed: int = 0) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The opening hands of ``games`` real 2-player games (seeds ``seed``, ...): for each,
    (the first player's 3 cards, the second player's 5), each sorted.

    >>> first, second = dobbers_opening_hands(1)[0]
    >>> len(first), len(second)
    (3, 5)
    """
    from ..dobbers import new_game

    out = []
    for s in range(seed, seed + games):
        state = new_game(2, seed=s)
        while state.phase != "main":
            state.apply(state.legal_actions()[0])
        order = state.turn_order_from(state.first)
        out.append(tuple(tuple(sorted(state.hands[p])) for p in order))
    return tuple(out)


def dobbers_hands(deck: Mapping[str, int], *, discard: Mapping[str, int] | None = None,
                  runs: int = 1000, seed: int = 0) -> list[tuple[str, ...]]:
    """The next hand the engine deals, ``runs`` times, to a player whose deck holds
    ``deck`` (card id -> how many) and whose discard pile (with this turn's cards) holds
    ``discard``. The player's other cards are out of the game (as if Destroyed: a thinned
    deck); each run the engine shuffles the deck, ends the turn and draws (reshuffling the
    discard pile when the deck runs out). Each hand sorted.

    >>> hands = dobbers_hands({"bottle_cap": 3, "traveling_kit": 1}, runs=5)
    >>> [len(h) for h in hands]   # the deck's 4 cards (no discard pile to reshuffle)
    [4, 4, 4, 4, 4]
    """
    from ..core.rng import Rng

    base, p = _dobbers_base(deck, discard or {}, seed)
    out = []
    for run in range(runs):
        state = base.copy()
        state.rng = Rng(seed * 100_003 + run)
        state.rng.shuffle(state.decks[p])
        state.apply("end")
        out.append(tuple(sorted(state.hands[p])))
    return out


# ------------------------------------------------- waiting times, repeated trials, sums
def scout_runs(adventurer: str, room: str, runs: int, seed: int = 0) -> list[bool]:
    """``runs`` separate one-Adventurer Scouts of one room in the real engine, each with its
    own dice (seeds ``seed``, ``seed + 1``, ...): True where the room was Scouted.

    >>> scouted = scout_runs("A05", "D10", 60)     # +2 against 5: faces 3 to 6, 2 in 3
    >>> len(scouted), 25 < sum(scouted) < 55
    (60, True)
    """
    return [attempt("scout", [adventurer], [room], seed=s)["rooms_done"] == 1
            for s in range(seed, seed + runs)]


def reroll_fights(creature: int, *, companions: int = 0, swords: Sequence[int] = (),
                  gold: int = 0, runs: int = 1000, seed: int = 0) -> list[tuple[int, bool]]:
    """``runs`` real-engine fights in which the player pays every gold piece to roll the
    lowest die again (``reroll``, never ``gold`` for +1), until the fight is won or the gold
    is gone: (dice rolled in all, the first roll's included; won) for each.

    >>> fights = reroll_fights(8, companions=2, swords=(0,), gold=18, runs=50)
    >>> all(won for _rolls, won in fights), min(rolls for rolls, _ in fights)
    (True, 1)
    """
    from ..adventure_land.rules import fight_position
    from ..core.rng import Rng

    position = fight_position(creature, companions=companions, swords=swords, gold=gold,
                              seed=0)
    action = "swords " + (",".join(map(str, swords)) if swords else "-")
    out = []
    for s in range(seed, seed + runs):
        state = position.copy()
        state.rng = Rng(s)
        events = state.apply(action)
        rolls = len(swords)
        while state.fight is not None:      # the engine ends the fight: won, or no gold left
            events += state.apply(f"reroll {min(state.fight['dice'])}")
            rolls += 1
        out.append((rolls, any(e.kind == "won" for e in events)))
    return out


def engine_rolls(swords: Sequence[int], *, creature: int = 16, companions: int = 0) -> Any:
    """A function ``roll(seed) -> dice`` rolling the dice of one real-engine fight that uses
    ``swords`` (one die each), with its own seed: the engine's dice, one fight at a time.

    >>> roll = engine_rolls((0, 0, 0))
    >>> [len(roll(s)) for s in range(3)], all(1 <= d <= 6 for d in roll(7))
    ([3, 3, 3], True)
    """
    from ..adventure_land.rules import fight_position
    from ..core.rng import Rng

    position = fight_position(creature, companions=companions, swords=swords, seed=0)
    action = "swords " + (",".join(map(str, swords)) if swords else "-")

    def roll(seed: int) -> tuple[int, ...]:
        state = position.copy()
        state.rng = Rng(seed)
        return tuple(next(e for e in state.apply(action) if e.kind == "roll").data["dice"])

    return roll


def dobbers_waits(deck: Mapping[str, int], discard: Mapping[str, int], card: str, *,
                  runs: int = 1000, seed: int = 0, most: int = 12) -> list[int | None]:
    """How many of the player's turns, in the real engine, until ``card`` (in the discard
    pile, e.g. just bought) is in the player's hand: the hand drawn at the end of this turn
    is turn 1. The deck holds ``deck`` and the discard pile (with this turn's cards)
    ``discard``, as in :func:`dobbers_hands`; each turn the player and the other player
    just end their turns. None where ``card`` had not shown after ``most`` turns.

    >>> dobbers_waits({"bottle_cap": 4}, {"silver": 1}, "silver", runs=3)  # 4 + the Silver
    [1, 1, 1]
    >>> sorted(set(dobbers_waits({"bottle_cap": 5}, {"silver": 1}, "silver", runs=40)))
    [2, 3]
    """
    from ..core.rng import Rng

    if discard.get(card, 0) < 1:
        raise InvalidArgumentError(f"dobbers_waits: {card!r} must be in the discard pile")
    base, p = _dobbers_base(deck, discard, seed)
    out: list[int | None] = []
    for run in range(runs):
        state = base.copy()
        state.rng = Rng(seed * 100_003 + run)
        state.rng.shuffle(state.decks[p])
        wait = None
        for turn in range(1, most + 1):
            state.apply("end")               # this turn ends: the next hand is drawn
            if card in state.hands[p]:
                wait = turn
                break
            while state.current_player != p:  # the other player's turn
                state.apply("end")
        out.append(wait)
    return out


def _dobbers_base(deck: Mapping[str, int], discard: Mapping[str, int], seed: int):
    """A real 2-player position whose player to act owns exactly ``deck`` and ``discard``
    (see :func:`dobbers_hands`), and that player's seat."""
    from ..dobbers import position

    base = position(2, seed=seed, heroes=["herb", "toby"], hand=[])
    p = base.turn_player
    pool = [base.decks[p], base.adventure_deck, base.set_aside]
    base.destroyed += list(base.decks[p])   # the core deck leaves the game ...
    base.decks[p] = []
    for zone, wanted in (("decks", deck), ("discards", discard)):
        for name, n in wanted.items():
            for _ in range(n):    # ... and the asked cards come in, from where they lie
                if name in base.destroyed:
                    base.destroyed.remove(name)
                else:
                    source = next((z for z in pool[1:] if name in z), None)
                    if source is None:
                        raise InvalidArgumentError(f"dobbers: no {name!r} is left")
                    source.remove(name)
                getattr(base, zone)[p].append(name)
    assert base.components() == base.expected_components()
    return base, p


def dubious_alliance_deals(games: int, players: int = 4, seed: int = 0
                           ) -> list[list[tuple[str, ...]]]:
    """The first hands dealt in ``games`` real games: per game, per seat, the card ids.

    >>> deals = dubious_alliance_deals(2)
    >>> len(deals), [len(hand) for hand in deals[0]]
    (2, [4, 4, 4, 4])
    """
    from ..dubious_alliance import new_game

    return [[tuple(hand) for hand in new_game(players, seed=s).hands]
            for s in range(seed, seed + games)]
