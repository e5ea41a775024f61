"""What the lessons (``notebooks/probability_*.ipynb``) use besides the games.

- :func:`check` marks a student's answer against the lessons' key (salted digests: no
  answer is written anywhere a student can read it); :func:`exercises` lists them.
- :mod:`.givens`: the positions, decks and models the exercises are about.
- :mod:`.stats`: :class:`Estimate` (a simulated value with its standard error),
  :func:`independent_runs`, :func:`fisher_exact`, :func:`wilson_interval`.
- :mod:`.simulations`: samples from the games' real engines for the lessons.
- :mod:`.widgets`: the lessons' interactive pictures (a running mean, a sum of dice,
  a probability tree, a deck to thin, a tally of engine runs).
- :mod:`.editions`: writes each lesson's student edition from the teacher's (what
  ``nbgrader generate_assignment`` writes, without nbgrader).
- :mod:`.teacher`: the teacher's tooling (the answers, the key, nbgrader, the student
  site); not in the wheel, never imported by :func:`check`.
"""

from .check import CheckResult, check, exercises
from .stats import (
    Estimate,
    fisher_exact,
    independent_runs,
    proportion,
    sample_mean,
    sample_variance,
    wilson_interval,
)

__all__ = ["CheckResult", "Estimate", "check", "exercises", "fisher_exact", "independent_runs",
           "proportion", "sample_mean", "sample_variance", "wilson_interval"]
