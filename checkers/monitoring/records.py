"""What monitoring records of one metric result: pure, no dependency beyond the core.

An :class:`EvaluationRecord` is one metric's result on one case (an ADK eval case, a recorded
session), reduced to what telemetry and metrics carry: the score, a low-cardinality label
(``pass``, ``fail``, ``unscored``), the case's reason code, a sentence for people, and every
requirement result of the verdict where the case ended, as ``(kind, outcome, reason_code)``.
:func:`evaluation_record` builds one from the verdicts the metric gave the case's turns.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from checkers.metric import EVALUATOR_ERROR
from checkers.results import Outcome, Verdict

Label = Literal["pass", "fail", "unscored"]

PASSED_CODE = "ok"
"""The reason code of a case that passed."""
NOTHING_JUDGED = "nothing_judged"
"""The reason code of a case with no verdict, or a failing one that names no reason."""
ERROR_CODES = frozenset({EVALUATOR_ERROR, "config_error"})
"""Reason codes that mean the evaluator, not the agent, went wrong."""
EXPLANATION_LIMIT = 1000
"""Characters of the explanation kept: a 50-guest verdict's summary must not flood a log."""


@dataclass(frozen=True)
class EvaluationRecord:
    """One metric's result on one case, as monitoring reports it."""

    domain: str
    metric: str
    score: float
    """The case score every surface reports (:func:`checkers.metric.case_score`)."""
    label: Label
    """``pass``; ``unscored`` when it did not pass and some requirement could not be judged (the
    evaluator could not decide: neither a failure of the agent nor a pass); else ``fail``."""
    reason_code: str
    """``ok`` for a pass; else the first answer problem's code, the first unscored result's (for
    ``unscored``), or the first requirement not met's."""
    explanation: str
    """The verdict's one-line summary, bounded to :data:`EXPLANATION_LIMIT` characters."""
    scenario_id: str
    requirements: tuple[tuple[str, str, str], ...]
    """``(kind, outcome, reason_code)`` of every requirement result of the last verdict (where
    the case ended), and ``("problem", "problem", code)`` for each answer problem."""
    evaluator_error: bool
    """Some verdict carries an evaluator or configuration error (:data:`ERROR_CODES`)."""
    conversation_id: str | None = None
    """The recorded session's id, when the case is one."""
    judge_calls: int = 0
    """Model-judge calls made for this case (0 for a metric checked by code)."""
    judge_seconds: float | None = None
    """Wall-clock seconds the judge took for this case; None when no judge ran."""


def evaluation_record(
    verdicts: Sequence[Verdict],
    score: float,
    passed: bool,
    noun: str = "subject",
    conversation_id: str | None = None,
    usage: Mapping[str, Any] | None = None,
) -> EvaluationRecord:
    """The record of a case whose turns got ``verdicts`` (in order; at least one), scored
    ``score`` and ``passed`` as :func:`checkers.metric.case_score` says; ``noun`` names the
    domain's subjects in the explanation; ``usage`` is the judge's (``calls``,
    ``wall_seconds``), when one ran. Raises ValueError for no verdict."""
    if not verdicts:
        raise ValueError("a case with no verdict has no evaluation record; judge it first")
    last = verdicts[-1]
    unscored = any(v.unscored for v in verdicts)
    label: Label = "pass" if passed else ("unscored" if unscored else "fail")
    requirements = tuple(("problem", "problem", p.code) for p in last.problems) + tuple(
        (r.kind, r.outcome.value, r.reason_code) for s in last.subjects for r in s.results
    )
    calls, seconds = _judge_figures(usage or {})
    return EvaluationRecord(
        domain=last.domain,
        metric=last.metric,
        score=score,
        label=label,
        reason_code=case_reason_code(verdicts, label),
        explanation=_bounded(last.summary(noun)),
        scenario_id=last.scenario_id,
        requirements=requirements,
        evaluator_error=any(_has_error(v) for v in verdicts),
        conversation_id=conversation_id,
        judge_calls=calls,
        judge_seconds=seconds,
    )


def case_reason_code(verdicts: Sequence[Verdict], label: Label) -> str:
    """The one reason code a case's result is counted under (see
    :attr:`EvaluationRecord.reason_code`); the last verdict's reasons first, since it is where
    the case ended."""
    if label == "pass":
        return PASSED_CODE
    ordered = list(reversed(verdicts))
    for verdict in ordered:
        if verdict.problems:
            return verdict.problems[0].code
    wanted = {Outcome.UNSCORED} if label == "unscored" else {Outcome.FAIL, Outcome.INCOMPLETE}
    for outcomes in (wanted, {Outcome.FAIL, Outcome.INCOMPLETE, Outcome.UNSCORED}):
        for verdict in ordered:
            for subject in verdict.subjects:
                for result in subject.results:
                    if result.outcome in outcomes:
                        return result.reason_code
    return NOTHING_JUDGED


def _has_error(verdict: Verdict) -> bool:
    if any(p.code in ERROR_CODES for p in verdict.problems):
        return True
    return any(r.reason_code in ERROR_CODES for s in verdict.subjects for r in s.results)


def _judge_figures(usage: Mapping[str, Any]) -> tuple[int, float | None]:
    """``(calls, wall seconds)`` from a judge's usage figures; a value that is not a
    non-negative number counts as absent (usage is informational, never trusted to be typed)."""
    calls: Any = usage.get("calls")
    seconds: Any = usage.get("wall_seconds")
    good_calls = isinstance(calls, int) and not isinstance(calls, bool) and calls >= 0
    good_seconds = (
        isinstance(seconds, (int, float))
        and not isinstance(seconds, bool)
        and math.isfinite(seconds)
        and seconds >= 0
    )
    return (int(calls) if good_calls else 0), (float(seconds) if good_seconds else None)


def _bounded(text: str) -> str:
    if len(text) <= EXPLANATION_LIMIT:
        return text
    return text[: EXPLANATION_LIMIT - 1] + "…"
