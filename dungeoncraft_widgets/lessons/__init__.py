"""What the lessons (``notebooks/probability_*.ipynb``) use besides the games.

- :func:`check` marks a student's answer; the expected answers are computed by the
  library when checked (:mod:`.definitions`), never written in a notebook.
- :mod:`.stats`: :class:`Estimate` (a simulated value with its standard error),
  :func:`independent_runs`, :func:`fisher_exact`, :func:`wilson_interval`.
- :mod:`.simulations`: samples from the games' real engines for the lessons.
- :mod:`.editions`: writes each lesson's student edition from the teacher's.
"""

from .check import CheckResult, check, exercises
from .stats import (
    Estimate,
    fisher_exact,
    independent_runs,
    proportion,
    sample_mean,
    wilson_interval,
)

__all__ = ["CheckResult", "Estimate", "check", "exercises", "fisher_exact", "independent_runs",
           "proportion", "sample_mean", "wilson_interval"]
