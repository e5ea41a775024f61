"""A small mutation run: plant one known bug at a time in a copy of the package and see which
tests catch it (issue 31).

Each mutation replaces one exact piece of the library's source (it must occur exactly once,
so a refactor that moves the code makes the run fail loudly rather than test nothing), then
the quick tests of the files it names run against the copy. A mutation is caught when some
test fails; the report names every test that did.

    python benchmarks/mutations.py                # every mutation: the table (minutes)
    python benchmarks/mutations.py undo-floor     # only the mutations named

tests/test_mutations.py (slow) runs a few of them and asserts that each is caught by a test
whose name says what it guards.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutation:
    name: str
    what: str
    path: str                 # inside dungeoncraft_widgets/
    old: str
    new: str
    tests: tuple[str, ...]    # pytest arguments: files, or file::test, or "-k" expressions


CONFORMANCE = "tests/test_conformance.py"

MUTATIONS = (
    # ---------------------------------------------------------------- the table
    Mutation("tie-lost", "a tied Adventure Land battle is lost", "adventure_land/rules.py",
             'if self.fight_strength() >= f["strength"]:',
             'if self.fight_strength() > f["strength"]:',
             ("tests/test_adventure_land_rules.py",)),
    Mutation("batch-independent", "AlderQuest's trap chance treats one Set Tiles batch as "
             "independent tiles", "alderquest/odds.py",
             "        if not self.exact:\n            n = sum(len(self.stacks[s]) for s in spaces)"
             "\n            return self.p_no_trap(n)\n",
             "        if True:\n            out = sympy.Integer(1)\n            for s in spaces:\n"
             "                for p in self.stacks[s]:\n                    out *= 1 - p\n"
             "            return out\n",
             ("tests/test_alderquest_tile_odds.py", "tests/test_alderquest_graph.py")),
    Mutation("shield-cheaper", "every Dobbers shield costs 1 less", "dobbers/travel.py",
             "    return max(0, shield - lower) + extra",
             "    return max(0, shield - 1 - lower) + extra",
             ("tests/test_dobbers_rules.py",)),
    Mutation("opening-shown", "the Guardian's opening hand is not hidden in views",
             "hero_vs_guardian/rules.py",
             "            self.opening = [HIDDEN] * len(self.opening)\n", "",
             (CONFORMANCE, "tests/test_hero_vs_guardian_rules.py")),
    Mutation("scout-plus-one", "every Scout roll +1", "hero_vs_guardian/scout_venture.py",
             "    total += bonus\n", "    total += bonus + (roll == \"scout\")\n",
             ("tests/test_hero_vs_guardian_rules.py", "tests/test_scout_venture_odds.py")),
    Mutation("save-unfollowed", "a save loads though its position does not follow from its "
             "history", "core/engine.py",
             "if not same and written != canonical(doc):", "if False:",
             (CONFORMANCE, "tests/test_core_engine.py")),
    Mutation("undo-floor", "the undo floor one action too low", "core/engine.py",
             "self.undo_floor, self.undo_reason = len(history), reason",
             "self.undo_floor, self.undo_reason = len(history) - 1, reason",
             (CONFORMANCE, "tests/test_core_engine.py")),
    Mutation("apply-after-end", "apply no longer refuses actions after the game is over",
             "core/engine.py",
             '        if self.is_over:\n            raise IllegalActionError("the game is over")\n',
             "", (CONFORMANCE,)),
    Mutation("rng-undoable", "using the random generator no longer stops undo",
             "core/engine.py",
             "if reason is None and self.rng.state != rng_before:",
             "if reason is None and False:", (CONFORMANCE, "tests/test_alderquest_rules.py")),
    Mutation("pending-card-shown", "a face-down card in a pending Dobbers choice is shown in "
             "the view", "dobbers/rules.py",
             '                self.pending["card"] = cards.back(self.pending["card"])\n',
             "                pass\n", (CONFORMANCE, "tests/test_dobbers_rules.py")),
    Mutation("final-row-player-0", "every row of Adventure Land's final table shows player "
             "0's breakdown", "adventure_land/app.py",
             "score_breakdown(view, player).items()", "score_breakdown(view, 0).items()",
             ("tests/test_adventure_land_app.py",)),
    # ---------------------------------------------------------------- our own
    Mutation("da-hands-shown", "Dubious Alliance shows every hand to every player",
             "dubious_alliance/rules.py",
             "        self.hands = [h if p == player else [UNKNOWN] * len(h) for p, h in "
             "enumerate(self.hands)]\n", "", (CONFORMANCE,)),
    Mutation("da-draw-undoable", "a card drawn from the Dubious Alliance Draw deck may be "
             "taken back (its drawer has seen it)", "dubious_alliance/rules.py",
             '        self._final("a card was drawn from the Draw deck")\n', "",
             (CONFORMANCE, "tests/test_dubious_alliance_rules.py")),
    Mutation("aq-tiles-shown", "AlderQuest shows the enemy's face-down tiles",
             "alderquest/rules.py",
             "[[code if up or code[0] == mine else", "[[code if True or code[0] == mine else",
             (CONFORMANCE,)),
    Mutation("dobbers-decks-shown", "Dobbers shows every player's deck (sorted) to everyone",
             "dobbers/rules.py",
             "        self.decks = [sorted(deck) if p == player else [HIDDEN] * len(deck)\n",
             "        self.decks = [sorted(deck) if True else [HIDDEN] * len(deck)\n",
             (CONFORMANCE,)),
    Mutation("al-herbs-shown", "Adventure Land shows the herb stack in views",
             "adventure_land/rules.py",
             "        self.herb_stack = [UNKNOWN] * len(self.herb_stack)\n", "",
             (CONFORMANCE,)),
    Mutation("hvg-hand-dropped", "a Hero versus Guardian view drops a card of the Guardian's "
             "hand (one fewer hidden cards)", "hero_vs_guardian/rules.py",
             "            self.guardian_hand = [HIDDEN] * len(self.guardian_hand)\n",
             "            self.guardian_hand = [HIDDEN] * len(self.guardian_hand[1:])\n",
             (CONFORMANCE,)),
)

BY_NAME = {m.name: m for m in MUTATIONS}
FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


def planted(mutation: Mutation, where: Path) -> Path:
    """A copy of the package (and the tests) in ``where`` with ``mutation`` planted."""
    shutil.copytree(ROOT / "dungeoncraft_widgets", where / "dungeoncraft_widgets",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests", where / "tests", ignore=shutil.ignore_patterns(
        "__pycache__", "browser"))
    shutil.copy(ROOT / "pyproject.toml", where / "pyproject.toml")
    source = where / "dungeoncraft_widgets" / mutation.path
    text = source.read_text()
    found = text.count(mutation.old)
    if found != 1:
        raise AssertionError(f"{mutation.name}: the code to change occurs {found} times in "
                             f"{mutation.path}, not once (has it moved?)")
    source.write_text(text.replace(mutation.old, mutation.new))
    return where


def catchers(mutation: Mutation, tests: tuple[str, ...] | None = None,
             python: str = sys.executable) -> list[str]:
    """The tests (pytest node ids) that fail with ``mutation`` planted."""
    with tempfile.TemporaryDirectory(prefix=f"mutant-{mutation.name}-") as tmp:
        where = planted(mutation, Path(tmp))
        env = dict(os.environ, PYTHONPATH=str(where), PYTHONDONTWRITEBYTECODE="1")
        run = subprocess.run(
            [python, "-m", "pytest", "-q", "-rfE", "-o", "addopts=", "-p", "no:cacheprovider",
             "-m", "not slow and not browser and not notebook", *(tests or mutation.tests)],
            cwd=where, env=env, capture_output=True, text=True, timeout=1800)
        caught = FAILED.findall(run.stdout)
        if run.returncode not in (0, 1) or (run.returncode == 1) != bool(caught):
            raise AssertionError(f"{mutation.name}: pytest ended with {run.returncode}:\n"
                                 f"{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        return caught


def main(names: list[str]) -> int:
    chosen = [BY_NAME[n] for n in names] if names else list(MUTATIONS)
    missed = 0
    print("| planted bug | caught by |\n|---|---|")
    for mutation in chosen:
        caught = catchers(mutation)
        missed += not caught
        shown = ", ".join(f"`{c.split('::', 1)[-1]}`" for c in caught[:4])
        more = f" and {len(caught) - 4} more" if len(caught) > 4 else ""
        print(f"| {mutation.what} | {shown + more if caught else '**not caught**'} |",
              flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
