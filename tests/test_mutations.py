"""A few of benchmarks/mutations.py's planted bugs, each caught by a test that says what it
guards (the whole table: ``python benchmarks/mutations.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import mutations  # noqa: E402 - benchmarks/ is not a package

#: mutation -> (the tests it runs, a word the name of a catching test must hold)
SUBSET = {
    "rng-undoable": (("tests/test_conformance.py::test_the_opening_of_a_random_playout",),
                     "random_playout"),
    "apply-after-end": (("tests/test_conformance.py::test_after_the_end_every_action_is_refused",),
                        "after_the_end"),
    "pending-card-shown": (("tests/test_conformance.py::"
                            "test_a_face_down_card_in_a_pending_dobbers_choice_is_hidden_from_"
                            "every_view",), "hidden"),
    "opening-shown": (("tests/test_conformance.py::test_the_opening_of_a_random_playout",),
                      "random_playout"),
}


def test_every_mutation_still_applies_once():
    """Each planted bug's code is still there, once (else the run would test nothing)."""
    root = Path(mutations.__file__).resolve().parent.parent / "dungeoncraft_widgets"
    for m in mutations.MUTATIONS:
        assert (root / m.path).read_text().count(m.old) == 1, m.name
    assert len(mutations.MUTATIONS) >= len(SUBSET) + 12


@pytest.mark.slow  # a copy of the package and a pytest run per planted bug
@pytest.mark.parametrize("name", list(SUBSET))
def test_a_planted_bug_is_caught(name):
    tests, word = SUBSET[name]
    caught = mutations.catchers(mutations.BY_NAME[name], tests)
    assert caught, f"{name}: no test failed"
    assert any(word in c for c in caught), caught
