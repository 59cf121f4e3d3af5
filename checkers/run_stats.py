"""What repeated runs say: per case and metric a pass rate with its interval, pass^k and
flakiness; per requirement kind a failure rate. Pure: works on :class:`RunRecord` lists.

Every interval is Wilson's 95% (:func:`checkers.stats.wilson_interval`). A case's runs are
independent draws of the same agent, so its interval is sound; the per-kind rates count
requirement results, which within one run are not independent (one bad plan fails several
guests), so their intervals are narrower than the truth when runs are few.

A run the metric reported NOT_EVALUATED (:attr:`RunRecord.unscored`) is neither a pass nor a
failure: it is counted apart (``unscored``) and left out of every pass rate, interval and pass^k,
so a case that could not be judged neither lowers nor raises them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from checkers.results import Outcome
from checkers.run_records import RunRecord
from checkers.stats import mean_pass_hat_k, pass_hat_k, wilson_interval

__all__ = ["CaseStats", "KindStats", "MetricStats", "case_stats", "kind_stats", "metric_stats"]


@dataclass(frozen=True)
class CaseStats:
    """One case under one metric over its runs."""

    case: str
    metric: str
    runs: int
    """Judged runs (passed or failed): the pass rate's denominator."""
    passed: int
    interval: tuple[float, float]
    """Wilson 95% interval of the pass rate (``(0.0, 1.0)`` when no run was judged)."""
    pass_hat: tuple[float, ...]
    """Unbiased pass^k for k = 1 .. runs (``pass_hat[0]`` is the pass rate)."""
    unscored: int = 0
    """Runs the metric reported NOT_EVALUATED, not in ``runs``."""

    @property
    def rate(self) -> float | None:
        """The pass rate over the judged runs; None when every run was unscored."""
        return self.passed / self.runs if self.runs else None

    @property
    def flaky(self) -> bool:
        """Passed some runs, not all: the agent's behaviour on this case varies."""
        return 0 < self.passed < self.runs


@dataclass(frozen=True)
class MetricStats:
    """One metric over every case: pass^k averaged over the cases with at least k runs."""

    metric: str
    cases: int
    case_runs: int
    passed: int
    pass_hat: tuple[tuple[int, float, int], ...]
    """``(k, mean pass^k, cases with at least k runs)`` for k = 1 .. the most runs of a case."""
    flaky: int
    unscored: int = 0
    """Case-runs reported NOT_EVALUATED, not in ``case_runs``."""
    not_judged: int = 0
    """Cases every run of which was unscored: no pass rate, and in no pass^k."""


@dataclass(frozen=True)
class KindStats:
    """One requirement kind under one metric: how often its results were not met."""

    metric: str
    kind: str
    judged: int
    not_met: int
    interval: tuple[float, float]


def case_stats(records: Sequence[RunRecord]) -> list[CaseStats]:
    """Per case and metric (sorted by metric, then case): judged runs, passes, interval and
    pass^k over the judged runs, and the unscored runs apart."""
    outcomes: dict[tuple[str, str], list[bool]] = defaultdict(list)
    unscored: dict[tuple[str, str], int] = defaultdict(int)
    for record in records:
        key = (record.metric, record.case)
        if record.unscored:
            unscored[key] += 1
            outcomes.setdefault(key, [])
        else:
            outcomes[key].append(record.passed)
    found = []
    for (metric, case), passes in sorted(outcomes.items()):
        n, c = len(passes), sum(passes)
        found.append(
            CaseStats(
                case=case,
                metric=metric,
                runs=n,
                passed=c,
                interval=wilson_interval(c, n),
                pass_hat=tuple(pass_hat_k(c, n, k) for k in range(1, n + 1)),
                unscored=unscored[(metric, case)],
            )
        )
    return found


def metric_stats(cases: Sequence[CaseStats]) -> list[MetricStats]:
    """Per metric: cases, case-runs, passes, flaky cases and pass^k over the cases (tau-bench's
    figure: the mean of the cases' estimates, over those with at least k runs)."""
    by_metric: dict[str, list[CaseStats]] = defaultdict(list)
    for one in cases:
        by_metric[one.metric].append(one)
    found = []
    for metric, group in sorted(by_metric.items()):
        most = max(c.runs for c in group)
        hats = []
        for k in range(1, most + 1):
            counted = [(c.passed, c.runs) for c in group if c.runs >= k]
            hats.append((k, mean_pass_hat_k(counted, k), len(counted)))
        found.append(
            MetricStats(
                metric=metric,
                cases=len(group),
                case_runs=sum(c.runs for c in group),
                passed=sum(c.passed for c in group),
                pass_hat=tuple(hats),
                flaky=sum(c.flaky for c in group),
                unscored=sum(c.unscored for c in group),
                not_judged=sum(not c.runs for c in group),
            )
        )
    return found


def kind_stats(records: Sequence[RunRecord]) -> list[KindStats]:
    """Per metric and requirement kind: results judged, not met, and the interval of the rate.

    Only runs that list every requirement (details, score output) count: eval history names
    only what was not met, so it gives no denominator. Sorted by metric, then kind.
    """
    judged: dict[tuple[str, str], int] = defaultdict(int)
    not_met: dict[tuple[str, str], int] = defaultdict(int)
    for record in records:
        if not record.all_listed:
            continue
        for requirement in record.requirements:
            key = (record.metric, requirement.kind)
            judged[key] += 1
            not_met[key] += requirement.outcome is not Outcome.PASS
    return [
        KindStats(metric, kind, n, missed, wilson_interval(missed, n))
        for (metric, kind), n in sorted(judged.items())
        for missed in [not_met[(metric, kind)]]
    ]
