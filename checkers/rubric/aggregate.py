"""Majority vote over a judge's samples, with a tie rule that never lets doubt pass.

Each sample says ``yes``, ``no`` or nothing usable (unscored: a timeout, an error, a refusal, a
reply off the menu). With ``n`` samples requested:

- ``yes`` from a strict majority of all ``n`` samples (more than ``n / 2``) is met;
- ``no`` from a strict majority of all ``n`` samples is not met;
- anything else is unscored: a tie (1 yes, 1 no), or too few scored samples for a majority
  (1 yes and 2 timeouts out of 3). Unscored samples count in ``n``, so an unreliable judge
  cannot win a majority with the few samples it did answer. An unscored rubric never counts as
  met: its decision has outcome ``Outcome.UNSCORED`` (the evaluator could not decide), with the
  code of why (``judge_timeout``, ``judge_error``, ``judge_refused``, ``reply_*``, or
  ``judge_no_majority``; every one is in :data:`UNSCORED_CODES` or starts with ``reply_``).

The judge's reasons are text from a model: lone surrogates in them become U+FFFD here, so every
result built from them can be written as JSON and UTF-8.

So with ``n = 3``: yes/yes/no is met, yes/yes/timeout is met, yes/no/timeout is unscored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from checkers.results import Outcome
from checkers.text import without_surrogates

Vote = Literal["yes", "no"]
NO_MAJORITY = "judge_no_majority"
UNSCORED_CODES = frozenset({"judge_timeout", "judge_error", "judge_refused", NO_MAJORITY})
"""Codes of samples and decisions the judge left undecided, besides the parser's ``reply_*``."""


@dataclass(frozen=True)
class SampleVerdict:
    """What one judge sample said about one rubric.

    ``verdict`` is ``"yes"``, ``"no"``, or None when the sample is unscored; ``code`` is
    ``"judged"`` for a scored sample, else why it is unscored (``judge_timeout``,
    ``reply_off_menu`` ...); ``reason`` is the judge's sentence, or what went wrong.
    """

    verdict: Vote | None
    code: str
    reason: str

    @classmethod
    def scored(cls, verdict: Vote, reason: str) -> SampleVerdict:
        """A sample that said ``verdict`` for ``reason``."""
        return cls(verdict=verdict, code="judged", reason=without_surrogates(reason))

    @classmethod
    def unscored(cls, code: str, reason: str) -> SampleVerdict:
        """A sample that gave no usable verdict: ``code`` says why, ``reason`` in words."""
        return cls(verdict=None, code=code, reason=without_surrogates(reason))


@dataclass(frozen=True)
class Decision:
    """The outcome of one rubric over all its samples, with the counts it came from: ``PASS``,
    ``FAIL`` or ``UNSCORED`` (never ``INCOMPLETE``: the answer was there, the judge did not
    decide)."""

    outcome: Outcome
    code: str
    reason: str
    yes: int
    no: int
    unscored: int


def _said(verdict: Vote, count: int, total: int) -> str:
    return f"the judge said {verdict}" + (f" in {count} of {total} samples" if total > 1 else "")


def majority(samples: Sequence[SampleVerdict]) -> Decision:
    """The decision on one rubric from its samples (see the module docstring for the rule).

    Raises ValueError for an empty sequence: a rubric nobody judged has no decision.
    """
    total = len(samples)
    if not total:
        raise ValueError("majority() needs at least one sample; judge the rubric first")
    yes = [s for s in samples if s.verdict == "yes"]
    no = [s for s in samples if s.verdict == "no"]
    unscored = [s for s in samples if s.verdict is None]
    counts = {"yes": len(yes), "no": len(no), "unscored": len(unscored)}
    if 2 * len(yes) > total:
        reason = f"{_said('yes', len(yes), total)}: {yes[0].reason}"
        return Decision(Outcome.PASS, "rubric_met", reason, **counts)
    if 2 * len(no) > total:
        reason = f"{_said('no', len(no), total)}: {no[0].reason}"
        return Decision(Outcome.FAIL, "rubric_not_met", reason, **counts)
    codes = {s.code for s in unscored}
    if len(unscored) == total and len(codes) == 1:
        times = f" (all {total} samples)" if total > 1 else ""
        reason = f"unscored{times}: {unscored[0].reason}; an unscored rubric never counts as met"
        return Decision(Outcome.UNSCORED, unscored[0].code, reason, **counts)
    why = f"; first unscored: {unscored[0].reason}" if unscored else ""
    reason = (
        f"no strict majority of {total} samples ({len(yes)} yes, {len(no)} no, "
        f"{len(unscored)} unscored){why}; a tie or too few scored samples is unscored, never met"
    )
    return Decision(Outcome.UNSCORED, NO_MAJORITY, reason, **counts)
