"""The lessons' samplers of the real engines (lessons/simulations.py) for waiting times and
repeated trials: each run is the engine's own, reproducible from its seed."""

from __future__ import annotations

import pytest

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.lessons.simulations import (
    dobbers_waits,
    dubious_alliance_deals,
    engine_rolls,
    reroll_fights,
    scout_runs,
)


def test_the_samplers_repeat_themselves_from_their_seeds():
    assert scout_runs("A05", "D10", 20, seed=3) == scout_runs("A05", "D10", 20, seed=3)
    roll = engine_rolls((0, 0))
    assert roll(5) == roll(5) and len(roll(5)) == 2
    assert dubious_alliance_deals(2, seed=1) == dubious_alliance_deals(2, seed=1)


def test_a_reroll_fight_without_gold_is_one_roll_and_ends():
    fights = reroll_fights(16, swords=(0,), gold=0, runs=10)
    assert fights == [(1, False)] * 10          # 16 is out of reach of one die


def test_dobbers_waits_needs_the_card_in_the_discard_pile():
    with pytest.raises(InvalidArgumentError, match="discard pile"):
        dobbers_waits({"bottle_cap": 4}, {}, "silver", runs=1)
    waits = dobbers_waits({"bottle_cap": 8}, {"silver": 1}, "silver", runs=30)
    assert set(waits) <= {1, 2, 3} and 1 not in waits   # 8 caps: the Silver is reshuffled
