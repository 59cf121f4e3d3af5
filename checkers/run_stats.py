"""What repeated runs of an eval set say: per case and metric a pass rate with its interval,
pass^k, the flaky cases, and how often each requirement kind was not met.

The input is one :class:`MetricRun` per run, case and metric (read from ADK's eval results by
:func:`checkers.adk.repeat.metric_runs`); everything here is pure arithmetic over them, with the
statistics of :mod:`checkers.stats`. How each outcome counts:

- a metric *passes* in a run only when ADK says PASSED; FAILED and NOT_EVALUATED are not passes
  (a result nobody could judge is not evidence of a pass), and NOT_EVALUATED runs are counted
  apart so a reader sees them;
- a requirement kind *was not met* in a run when some requirement of that kind failed or was
  incomplete for some subject; *unscored* when the evaluator could not decide one and none
  failed. Its rate is over the runs of every case the metric judged (the eval history names
  only the requirements not met, so runs without the kind count as runs where it was met).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from checkers.stats import mean_pass_hat_k, pass_hat_k, wilson_interval

__all__ = [
    "CASE_METRIC",
    "KindRate",
    "MetricRun",
    "PassRate",
    "kind_rates",
    "mean_pass_k",
    "pass_rates",
]

CASE_METRIC = "(case)"
"""The metric name under which a case's own final status (ADK's verdict) is counted."""


@dataclass(frozen=True)
class MetricRun:
    """One metric's result on one case in one run."""

    run: int
    """The run's number, from 1."""
    case: str
    """The eval case id."""
    metric: str
    """The metric's name, or :data:`CASE_METRIC` for the case's final status."""
    status: str
    """ADK's status name: PASSED, FAILED or NOT_EVALUATED."""
    not_met: frozenset[str] = frozenset()
    """Requirement kinds some subject failed or did not complete in this run."""
    unscored: frozenset[str] = frozenset()
    """Requirement kinds the evaluator could not decide for some subject in this run."""
    truncated: bool = False
    """The result listed only the first requirements not met (a count stands for the rest)."""

    @property
    def passed(self) -> bool:
        """Whether ADK said PASSED."""
        return self.status == "PASSED"


@dataclass(frozen=True)
class PassRate:
    """How often one metric passed one case over the runs."""

    case: str
    metric: str
    passed: int
    runs: int
    not_evaluated: int
    """Runs with status NOT_EVALUATED (counted as not passed)."""
    low: float
    """Lower bound of the Wilson 95% interval of the pass rate."""
    high: float
    """Upper bound of the Wilson 95% interval of the pass rate."""
    pass_k: float | None
    """The unbiased pass^k for ``k`` (None when the case has fewer than ``k`` runs)."""
    k: int

    @property
    def rate(self) -> float:
        """The observed pass rate, passed / runs."""
        return self.passed / self.runs

    @property
    def flaky(self) -> bool:
        """Passed in some runs but not in all."""
        return 0 < self.passed < self.runs


@dataclass(frozen=True)
class KindRate:
    """How often one requirement kind was not met, over the case runs one metric judged."""

    metric: str
    kind: str
    not_met: int
    """Case runs where some requirement of the kind failed or was incomplete."""
    unscored: int
    """Case runs where one was unscored and none was not met."""
    runs: int
    """Case runs the metric judged (every case, every run)."""
    low: float
    """Lower bound of the Wilson 95% interval of the rate not met."""
    high: float
    """Upper bound of the Wilson 95% interval of the rate not met."""

    @property
    def rate(self) -> float:
        """The observed rate not met, not_met / runs."""
        return self.not_met / self.runs


def _by_case_metric(records: Iterable[MetricRun]) -> dict[tuple[str, str], list[MetricRun]]:
    grouped: dict[tuple[str, str], list[MetricRun]] = defaultdict(list)
    for record in records:
        grouped[(record.case, record.metric)].append(record)
    return grouped


def pass_rates(records: Iterable[MetricRun], k: int) -> list[PassRate]:
    """One :class:`PassRate` per case and metric, sorted by case then metric (the case's own
    status last), with pass^``k`` where the case has at least ``k`` runs. Raises ValueError for
    ``k < 1``."""
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k!r}: pass^k is the chance k runs all pass")
    rates = []
    for (case, metric), runs in _by_case_metric(records).items():
        passed, n = sum(r.passed for r in runs), len(runs)
        low, high = wilson_interval(passed, n)
        rates.append(
            PassRate(
                case=case,
                metric=metric,
                passed=passed,
                runs=n,
                not_evaluated=sum(r.status == "NOT_EVALUATED" for r in runs),
                low=low,
                high=high,
                pass_k=pass_hat_k(passed, n, k) if k <= n else None,
                k=k,
            )
        )
    return sorted(rates, key=lambda r: (r.case, r.metric == CASE_METRIC, r.metric))


def mean_pass_k(rates: Sequence[PassRate], metric: str, k: int) -> float | None:
    """pass^``k`` of ``metric`` over the eval set: the mean over its cases (tau-bench's figure),
    or None when the metric has no case or some case has fewer than ``k`` runs."""
    counts = [(r.passed, r.runs) for r in rates if r.metric == metric]
    if not counts or any(n < k for _, n in counts):
        return None
    return mean_pass_hat_k(counts, k)


def kind_rates(records: Iterable[MetricRun]) -> list[KindRate]:
    """Per metric and requirement kind, how often the kind was not met (see the module
    docstring), sorted by metric then by rate, highest first. Kinds never reported not met or
    unscored do not appear."""
    runs_of: dict[str, int] = defaultdict(int)
    not_met: dict[tuple[str, str], int] = defaultdict(int)
    unscored: dict[tuple[str, str], int] = defaultdict(int)
    for record in records:
        if record.metric == CASE_METRIC:
            continue
        runs_of[record.metric] += 1
        for kind in record.not_met:
            not_met[(record.metric, kind)] += 1
        for kind in record.unscored - record.not_met:
            unscored[(record.metric, kind)] += 1
    rates = []
    for metric, kind in set(not_met) | set(unscored):
        n, bad = runs_of[metric], not_met[(metric, kind)]
        low, high = wilson_interval(bad, n)
        rates.append(KindRate(metric, kind, bad, unscored[(metric, kind)], n, low, high))
    return sorted(rates, key=lambda r: (r.metric, -r.not_met, -r.unscored, r.kind))
