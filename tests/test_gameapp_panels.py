"""The panels' shared pieces: numbers people type are read with errors that name the
field; a calculator greys out its last answer when an input is invalid; number fields
refuse or clamp, and say so; messages are in the error colour only for errors."""

from __future__ import annotations

import ipywidgets as w
import pytest

from dungeoncraft_widgets.core.errors import InvalidArgumentError
from dungeoncraft_widgets.widgets.board import BoardView
from dungeoncraft_widgets.widgets.panels import (
    LiveCalculator,
    NumberField,
    checked_number,
    message_label,
    parse_numbers,
)


@pytest.mark.parametrize(("value", "problem"), [
    (None, "dice: expected text such as '3, 5', not None"),
    (35, "dice: expected text such as '3, 5', not 35"),
    (["3"], "dice: expected text such as '3, 5', not ['3']"),
    ("3.5", "dice: '3.5' is not a whole number"),
    ("٣", "dice: '٣' is not a whole number"),            # not an ASCII digit
    ("1_000", "dice: '1_000' is not a whole number"),
    ("9" * 5000, "dice: '99999999999999999999…' is not a whole number"),
    ("7", "dice: 7 is above 6, the largest allowed"),
    ("2, 0", "dice: 0 is below 1, the smallest allowed"),
])
def test_parse_numbers_names_every_bad_input(value, problem):
    with pytest.raises(InvalidArgumentError) as info:
        parse_numbers(value, "dice", minimum=1, maximum=6)
    assert str(info.value) == problem


def test_parse_numbers_reads_what_people_type():
    assert parse_numbers(" 3,5 ;6  -2", "n") == (3, 5, 6, -2)
    assert parse_numbers("", "n") == ()


def test_checked_number_refuses_non_numbers_and_bools():
    assert checked_number(" 4 ", "gold") == 4
    for bad in (True, 2.0, "two", None):
        with pytest.raises(InvalidArgumentError, match="gold: .* is not a whole number"):
            checked_number(bad, "gold")


def test_number_field_refuses_or_clamps_and_says_so():
    herb = NumberField(3, description="Herb:", minimum=2, maximum=4)
    assert herb.tooltip == "a whole number from 2 to 4"
    assert herb.read() == (3, "")
    herb.value = 7
    with pytest.raises(InvalidArgumentError, match="herb: 7 is above 4, the largest allowed"):
        herb.read()
    creature = NumberField(12, description="Creature:", minimum=1, clamp=True)
    creature.value = -4
    assert creature.read() == (1, "creature: -4 is below 1, the smallest allowed, so 1 is used")
    with pytest.raises(InvalidArgumentError, match="minimum 5 is above maximum 2"):
        NumberField(3, description="X:", minimum=5, maximum=2)


class Odds(LiveCalculator):
    def __init__(self):
        super().__init__()
        self.creature = NumberField(12, description="Creature:", minimum=1, maximum=60,
                                    clamp=True)
        self.herbs = w.Text("3")
        self.answer = w.HTML()
        self.chart = BoardView()
        self.results = w.HBox([self.chart])
        self.children = [w.HBox([self.creature, self.herbs]), self.message, self.answer,
                         self.results]
        self.watch([self.creature, self.herbs])
        self.update()

    def compute(self):
        creature = self.number(self.creature)
        herbs = parse_numbers(self.herbs.value, "herbs", minimum=2, maximum=4)
        self.answer.value = f"{creature} against {sum(herbs)}"


def test_invalid_input_greys_out_the_last_answer_and_names_the_problem():
    calc = Odds()
    assert calc.answer.value == "12 against 3" and calc.message.value == ""
    calc.herbs.value = "7"
    assert calc.message.value == "✗ herbs: 7 is above 4, the largest allowed"
    assert "dcw-stale" in calc._dom_classes
    assert "dcw-result" in calc.answer._dom_classes
    assert "dcw-result" in calc.results._dom_classes, "a board is greyed through its box"
    assert "dcw-result" not in calc.herbs._dom_classes, "inputs are not greyed out"
    assert "dcw-error" in calc.message._dom_classes
    calc.herbs.value = "4"
    assert calc.answer.value == "12 against 4" and "dcw-stale" not in calc._dom_classes
    assert "dcw-error" not in calc.message._dom_classes


def test_a_clamping_field_says_what_it_used():
    calc = Odds()
    calc.creature.value = -4
    assert calc.creature.value == 1, "the field shows the value used"
    assert calc.answer.value == "1 against 3"
    assert calc.message.value == ("ℹ creature: -4 is below 1, the smallest allowed, "
                                  "so 1 is used.")
    assert "dcw-error" not in calc.message._dom_classes and "dcw-stale" not in calc._dom_classes


def test_message_colour_follows_what_it_says():
    label = message_label()
    label.value = "✗ move: never north"
    assert "dcw-error" in label._dom_classes
    label.value = "D2: 5 fields in reach"
    assert "dcw-error" not in label._dom_classes and "dcw-message" in label._dom_classes
