"""Running one property under hypothesis, and the failure messages every meta-test shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta.stats import MetaStats
from checkers.metric import Metric
from checkers.results import Outcome, Verdict
from checkers.transcript import Transcript

T = TypeVar("T")

Runner = Callable[[settings, MetaStats], None]
"""A meta-test: run it under hypothesis settings, counting what it saw into the stats."""


class MetaFailure(AssertionError):
    """A checker broke a meta-test; the message names the case, what was expected and what came."""


def fail(message: str) -> NoReturn:
    """Raise :class:`MetaFailure` with ``message``."""
    raise MetaFailure(message)


def run_property(
    name: str, strategy: st.SearchStrategy[T], body: Callable[[T], None], config: settings
) -> None:
    """Run ``body`` on examples of ``strategy`` under ``config``.

    On failure hypothesis shrinks to a minimal example and re-raises its error, with a note
    ``Falsifying example: <name>(example=...)``.
    """

    def prop(example: T) -> None:
        body(example)

    prop.__name__ = prop.__qualname__ = name
    config(given(example=strategy)(prop))()


def make_runner(
    check_id: str, strategy: st.SearchStrategy[T], body: Callable[[T, MetaStats], None]
) -> Runner:
    """A :data:`Runner` that runs ``body`` on examples of ``strategy``; counts each example
    that ran to the end under ``check_id`` in the stats."""
    name = "".join(c if c.isalnum() else "_" for c in check_id).strip("_")

    def run(config: settings, stats: MetaStats) -> None:
        def counted(example: T) -> None:
            body(example, stats)
            stats.examples[check_id] += 1

        run_property(name, strategy, counted, config)

    return run


def judge(
    metric: Metric[Any], scenario: Any, text: str | None, threshold: float | None = None
) -> Verdict:
    """``metric``'s verdict on a final text with no tool calls."""
    chosen = metric.default_threshold if threshold is None else threshold
    return metric.judge(scenario, Transcript(final_text=text), chosen)


def outline(verdict: Verdict) -> str:
    """The verdict in one line: score, problems, and each subject's results that did not pass."""
    parts = [
        f"{verdict.metric} scored {verdict.satisfied_count}/{len(verdict.subjects)} "
        f"(passed={verdict.passed})"
    ]
    parts += [f"problem {p.code}" for p in verdict.problems]
    for subject in verdict.subjects:
        unmet = ", ".join(f"{r.kind} {r.outcome.value} [{r.reason_code}]" for r in subject.unmet())
        parts.append(f"{subject.name} ({subject.subject_id}): {unmet or 'all pass'}")
    return "; ".join(parts)


def unmet_kinds(verdict: Verdict, subject_id: str) -> set[str]:
    """Kinds of the results of ``subject_id`` that did not pass."""
    for subject in verdict.subjects:
        if subject.subject_id == subject_id:
            return {r.kind for r in subject.unmet()}
    fail(f"no subject {subject_id!r} in the verdict; {outline(verdict)}")


def has_outcome(verdict: Verdict, outcome: Outcome) -> bool:
    return any(r.outcome is outcome for s in verdict.subjects for r in s.results)


def comparable(verdict: Verdict) -> tuple[Any, ...]:
    """What must not change when only irrelevant parts of a case change: score, verdict, problem
    codes, and each subject's results as (kind, outcome, reason code), by subject id."""
    subjects = sorted(
        (s.subject_id, tuple((r.kind, r.outcome.value, r.reason_code) for r in s.results))
        for s in verdict.subjects
    )
    return (
        verdict.score_fraction,
        verdict.passed,
        tuple(p.code for p in verdict.problems),
        tuple(subjects),
    )
