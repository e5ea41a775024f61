"""What the lessons' exercises are about: the positions, decks and models they give.

Both editions of a lesson import these, so the notebook and the teacher's answers
(:mod:`.teacher`) speak of the same cards; nothing here is an answer.

>>> sum(DECK_WITH_SILVER.values()), HONEST_BOT.prior
(12, Fraction(3, 40))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["BOT_TEMPERAMENT_CHANCES", "CREATURES_MET", "DECK_WITH_SILVER", "FOG_EXERCISE_1",
           "FOG_EXERCISE_7", "HONEST_BOT", "LIAR_BOT", "ClaimModel", "RESHUFFLE",
           "RESHUFFLE_PILE", "SV_EXERCISE_1", "SV_EXERCISE_2", "SV_EXERCISE_3",
           "SV_EXERCISE_4", "SV_EXERCISE_5", "SV_EXERCISE_6", "THINNED_DECK",
           "RT_BINOMIAL", "RT_NEGATIVE_BINOMIAL", "RT_REROLL", "RT_REROLL_GOLD", "RT_SCOUT",
           "RT_WAIT_DECK", "RT_WAIT_DISCARD",
           "LT_CLOSE", "LT_FIGHT", "LT_FIGHTS", "LT_RISK", "LT_SIXES",
           "IE_DECK", "IE_THREE_TYPES", "IE_TWO_TYPES", "IE_WANTED"]

# ---------------------------------------------------------------- fog fights
#: Exercise 1: 1 companion, swords +2 and +1, a creature of 12, no gold or herbs.
FOG_EXERCISE_1 = {"creature": 12, "companions": 1, "swords": (2, 1)}
#: Exercise 7 (the house rule "a die may be rerolled once"): the dice, the gold, and what
#: the dice and gold must make (13 - 6).
FOG_EXERCISE_7 = {"dice": (2, 1), "gold": 3, "need": 7}

# ---------------------------------------------------------- Scout and Venture
#: (Adventurers in order, rooms in order): card ids of the shipped card set.
SV_EXERCISE_1 = (["A05"], ["D06"])                     # the Warrior Ventures the Goblin Warren
SV_EXERCISE_2 = (["A09", "A12", "A06"], ["D06"])       # +0, +1, +5 Venture one room
SV_EXERCISE_3 = (["A05", "A01", "A09"], ["D10", "D02"])  # Warrior, Cleric, Rogue Scout
SV_EXERCISE_4 = (["A12", "A08", "A05"], ["D09"])       # three Venture the Ogre Den
SV_EXERCISE_5 = (["A13"], ["D12"])                     # a Wizard alone at the Crypt
SV_EXERCISE_6 = (["A13", "A16", "A05"], ["D12"])       # who should Retreat?

# --------------------------------------------------------------- conditioning
#: The creatures met so far in the conditioning exercise (cond-1).
CREATURES_MET = (8, 10, 14)

# ---------------------------------------------------------------------- Bayes


@dataclass(frozen=True)
class ClaimModel:
    """A model of one bot temperament's first offer of a card in a round: the offered
    card is a Weapon with chance ``prior``; the bot praises it with chance
    ``praise_if_weapon`` if it is, ``praise_if_other`` if not. The numbers are round
    values near what the engine's bots do (the lesson measures them, with their
    standard errors); in the model they are exact, so its answers are too."""

    prior: Fraction
    praise_if_weapon: Fraction
    praise_if_other: Fraction


HONEST_BOT = ClaimModel(Fraction(3, 40), Fraction(3, 4), Fraction(9, 40))
LIAR_BOT = ClaimModel(Fraction(1, 10), Fraction(1), Fraction(1))
#: When Bot 3's temperament is not known: each of the three as likely.
BOT_TEMPERAMENT_CHANCES = {"honest": Fraction(1, 3), "liar": Fraction(1, 3),
                           "hoarder": Fraction(1, 3)}

# -------------------------------------------------------- deck building (Dobbers)
#: The deck of Exercise 2: the core deck and two Silver bought (Influence 2 each).
DECK_WITH_SILVER = {"bottle_cap": 8, "traveling_kit": 1, "wooden_knife": 1, "silver": 2}
#: Exercise 3: three Bottle Caps Destroyed from the core deck, and one Silver bought.
THINNED_DECK = {"bottle_cap": 5, "traveling_kit": 1, "wooden_knife": 1, "silver": 1}
#: Exercise 4: the deck holds 2 cards (Bottle Caps); the discard pile, with this turn's
#: cards, the 11 below: the Silver Sword just bought and the Traveling Kit among them.
RESHUFFLE = (2, 11)
RESHUFFLE_PILE = {"bottle_cap": 6, "traveling_kit": 1, "wooden_knife": 1, "helpful": 1,
                  "rot": 1, "silver_sword": 1}

# ------------------------------------------------ repeated trials (Scouts, rerolls, waits)
#: Exercises rt-1 and rt-3: the Warrior (A05) Scouts the Haunted Chapel (D10), each time on
#: a separate turn, with its own die.
RT_SCOUT = ("A05", "D10")
#: rt-1: how many separate Scouts, and how many of them must succeed (at least).
RT_BINOMIAL = {"scouts": 6, "at_least": 4}
#: rt-3: the Hero needs this many Scouted rooms; the question is about the Scout that
#: brings the last of them.
RT_NEGATIVE_BINOMIAL = {"needed": 3, "on_scout": 5}
#: rt-2: the fight (2 companions, one sword +1 against a creature of 10) and the gold pieces
#: the player has, every one of them paid for a reroll of the die until the fight is won.
RT_REROLL = {"creature": 10, "companions": 2, "swords": (1,)}
RT_REROLL_GOLD = 3
#: rt-4: one card (a Bottle Cap) left in the Dobbers deck; the discard pile, with this
#: turn's cards, holds these 11, among them the Silver just bought.
RT_WAIT_DECK = {"bottle_cap": 1}
RT_WAIT_DISCARD = {"bottle_cap": 7, "traveling_kit": 1, "wooden_knife": 1, "silver": 1,
                   "helpful": 1}

# ------------------------------------------- limit theorems (Adventure Land's dice)
#: lt-1 and lt-3: how close to 7/2 the mean of the rolled faces should be, and (lt-1) the
#: chance of missing it that Chebyshev's inequality must guarantee at most.
LT_CLOSE = Fraction(1, 10)
LT_RISK = Fraction(1, 20)
#: lt-2: how many engine dice (three swords in each of 2 fights), and how many sixes
#: among them (at least) the question asks about.
LT_SIXES = {"dice": 6, "at_least": 3}
#: lt-4: a fight (2 companions, swords +2 and +1 against 12) and how many times a
#: simulation plays it.
LT_FIGHT = {"creature": 12, "companions": 2, "swords": (2, 1)}
LT_FIGHTS = 400

# --------------------------------------------- inclusion-exclusion (Dobbers, Dubious Alliance)
#: ie-1: the deck (the core deck and two Silver, as ``DECK_WITH_SILVER``) and the cards a
#: hand of 5 must all hold (the Silver: at least one of the two).
IE_DECK = {"bottle_cap": 8, "traveling_kit": 1, "wooden_knife": 1, "silver": 2}
IE_WANTED = ("traveling_kit", "wooden_knife", "silver")
#: ie-2 to ie-4: card types of a Dubious Alliance first hand of 4 (a card may have two).
IE_TWO_TYPES = ("Item", "Event")
IE_THREE_TYPES = ("Item", "Event", "Magic")

# ------------------------------------------------------- Markov chains (lessons-b)
#: The Dobbers race of the Markov-chain lesson: (Hero, square), the core deck, nothing bought.
MC_RACE = ("brindle", "E9")
#: The AlderQuest minion that wanders at random: where Exercise 2 starts it, where
#: Exercise 3 starts it, and (start, canopy space) of Exercise 4.
MC_WALK_START = "a1"
MC_ACTIVATION_START = "b1"
MC_CLIMB = ("b1", "^c2")

__all__ += ["MC_ACTIVATION_START", "MC_CLIMB", "MC_RACE", "MC_WALK_START"]

# ------------------------------------------ confidence intervals and tests (lessons-b)
#: Exercise 1: a seat's chance under "the seats are fair" (4 players), and the largest
#: half-width wanted for the interval p̂ ± 2 SE.
CI_SAMPLE_SIZE = {"p": Fraction(1, 4), "half_width": Fraction(1, 30)}
#: Exercise 2: the batch size of the intervals whose coverage is asked.
CI_BATCH = 20
#: Exercises 3 and 4: a club's season of bot games, (wins, seats played) by temperament
#: and table size. A given data set, made up in the shape of the engine's rates (the
#: lesson measures those beside it).
CI_CLUB = {3: {"honest": (15, 40), "liar": (5, 10)},
           5: {"honest": (2, 10), "liar": (10, 40)}}

__all__ += ["CI_BATCH", "CI_CLUB", "CI_SAMPLE_SIZE"]
#: Exercise 5: a test's rule: "more than 1/4" when ``at_least`` of ``n`` runs succeed.
CI_RULE = {"n": 60, "at_least": 22}

__all__ += ["CI_RULE"]
