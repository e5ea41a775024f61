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
           "SV_EXERCISE_4", "SV_EXERCISE_5", "SV_EXERCISE_6", "THINNED_DECK"]

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
