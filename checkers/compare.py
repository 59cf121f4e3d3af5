"""Comparing two sets of runs (a baseline and a candidate) with tests, not impressions. Pure.

Runs are paired by case and run number (:mod:`checkers.run_records`). Per metric:

- McNemar's exact test on pass/fail (:func:`checkers.stats.mcnemar_exact`): only the pairs that
  disagree carry evidence; more pass->fail than fail->pass beyond chance is a regression.
- A paired bootstrap 95% interval on the mean score difference (candidate - baseline), seeded.
- Requirement flips: per case, subject and requirement kind, in how many runs it was not met
  before and after ("story-six: Ana's diet now fails in 3 of 5 runs (was 0 of 5)").
- A verdict: significant regression, significant improvement, or no significant difference, with
  the number of pairs a test would need to see the observed effect
  (:func:`checkers.stats.pairs_needed`: Connor's formula, raised until the exact test's power
  reaches 0.8).

With several metrics each is tested at ``alpha / metrics`` (Bonferroni), so that the chance of
calling any regression between two equal agents stays under ``alpha``. The verdict rests on
McNemar alone; the bootstrap interval is reported, not tested, so that two tests never double the
false alarms.

A pair's runs are assumed independent draws: run 2 of a case before and after share nothing but
the case. Under no difference every discordant pair is then a fair coin, whatever each case's own
pass rate, which is all the exact test needs.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from checkers.errors import ConfigError
from checkers.results import Outcome
from checkers.run_records import ANSWER, RunRecord
from checkers.stats import mcnemar_exact, paired_bootstrap_interval, pairs_needed
from checkers.text import plural

__all__ = [
    "Comparison",
    "Direction",
    "Flip",
    "MetricComparison",
    "compare_records",
    "decide",
]

ALPHA = 0.05
POWER = 0.8


class Direction(str, Enum):
    """What a comparison concluded."""

    REGRESSION = "significant regression"
    IMPROVEMENT = "significant improvement"
    NONE = "no significant difference"


def decide(lost: int, gained: int, alpha: float = ALPHA) -> tuple[Direction, float]:
    """The verdict and McNemar p-value for ``lost`` pass->fail and ``gained`` fail->pass pairs.

    Significant when the exact two-sided p-value is below ``alpha``; its direction is the side
    with more flips.
    """
    p_value = mcnemar_exact(lost, gained)
    if p_value >= alpha or lost == gained:
        return Direction.NONE, p_value
    return (Direction.REGRESSION if lost > gained else Direction.IMPROVEMENT), p_value


@dataclass(frozen=True)
class Flip:
    """A requirement of a case met in a different share of runs before and after."""

    case: str
    subject: str
    kind: str
    before: int
    """Runs of the baseline in which it was not met."""
    before_runs: int
    after: int
    """Runs of the candidate in which it was not met."""
    after_runs: int
    all_failed: bool
    """Every candidate (or, for an improvement, baseline) run that missed it failed it (rather
    than being incomplete or unscored)."""

    @property
    def change(self) -> float:
        """The change in the share of runs that missed it (positive: worse)."""
        return self.after / self.after_runs - self.before / self.before_runs

    def sentence(self) -> str:
        """``"story-six: Ana's diet now fails in 3 of 5 runs (was 0 of 5)"``."""
        what = (
            f"answer problem {self.kind.removeprefix('problem:')}"
            if self.subject == ANSWER
            else f"{self.subject}'s {self.kind}"
        )
        verb = "occurs" if self.subject == ANSWER else "fails" if self.all_failed else "is not met"
        return (
            f"{self.case}: {what} now {verb} in {self.after} of "
            f"{plural(self.after_runs, 'run')} (was {self.before} of {self.before_runs})"
        )


@dataclass(frozen=True)
class MetricComparison:
    """One metric's comparison."""

    metric: str
    pairs: int
    both_passed: int
    lost: int
    """Pairs that passed in the baseline and failed in the candidate."""
    gained: int
    """Pairs that failed in the baseline and passed in the candidate."""
    both_failed: int
    alpha: float
    """The level this metric was tested at (``alpha / metrics``)."""
    p_value: float
    direction: Direction
    mean_difference: float | None
    """Mean of candidate - baseline score over the pairs where both have a score."""
    interval: tuple[float, float] | None
    """Paired bootstrap 95% interval of ``mean_difference``."""
    scored_pairs: int
    pairs_needed: int | None
    """Pairs a test at ``alpha`` with power 0.8 needs to see the observed flip shares; None when
    nothing flipped, or flips went both ways equally."""
    cases: int
    unpaired_baseline: int
    unpaired_candidate: int
    flips: tuple[Flip, ...]

    @property
    def runs_needed(self) -> int | None:
        """:attr:`pairs_needed` as runs of each of the compared cases (rounded up)."""
        if self.pairs_needed is None or not self.cases:
            return None
        return math.ceil(self.pairs_needed / self.cases)


@dataclass(frozen=True)
class Comparison:
    """Every metric's comparison, and the overall verdict."""

    metrics: tuple[MetricComparison, ...]

    @property
    def direction(self) -> Direction:
        """A regression if any metric regressed significantly; else an improvement if any
        improved; else no significant difference."""
        found = {m.direction for m in self.metrics}
        for direction in (Direction.REGRESSION, Direction.IMPROVEMENT):
            if direction in found:
                return direction
        return Direction.NONE


def _flips(baseline: Sequence[RunRecord], candidate: Sequence[RunRecord]) -> tuple[Flip, ...]:
    """The requirements missed in a different number of runs before and after, per case;
    worse first, then by case."""
    runs: dict[tuple[int, str], int] = defaultdict(int)
    missed: dict[tuple[int, str, str, str], int] = defaultdict(int)
    failed: dict[tuple[int, str, str, str], int] = defaultdict(int)
    for side, records in enumerate((baseline, candidate)):
        for record in records:
            runs[(side, record.case)] += 1
            not_met = {(r.subject, r.kind): r for r in record.not_met()}
            for (subject, kind), requirement in not_met.items():
                missed[(side, record.case, subject, kind)] += 1
                failed[(side, record.case, subject, kind)] += requirement.outcome is Outcome.FAIL
    found = []
    for case, subject, kind in sorted({key[1:] for key in missed}):
        before, after = missed[(0, case, subject, kind)], missed[(1, case, subject, kind)]
        before_runs, after_runs = runs[(0, case)], runs[(1, case)]
        if before * after_runs == after * before_runs:
            continue
        side = 1 if after * before_runs > before * after_runs else 0
        all_failed = failed[(side, case, subject, kind)] == missed[(side, case, subject, kind)]
        found.append(Flip(case, subject, kind, before, before_runs, after, after_runs, all_failed))
    return tuple(sorted(found, key=lambda f: (-f.change, f.case, f.subject, f.kind)))


def _compare_metric(
    metric: str,
    baseline: Sequence[RunRecord],
    candidate: Sequence[RunRecord],
    alpha: float,
    seed: int,
) -> MetricComparison:
    before = {(r.case, r.run): r for r in baseline if r.metric == metric}
    after = {(r.case, r.run): r for r in candidate if r.metric == metric}
    keys = sorted(before.keys() & after.keys())
    pairs = [(before[k], after[k]) for k in keys]
    counts = {(b, a): 0 for b in (True, False) for a in (True, False)}
    for b, a in pairs:
        counts[(b.passed, a.passed)] += 1
    lost, gained = counts[(True, False)], counts[(False, True)]
    direction, p_value = decide(lost, gained, alpha)
    differences = [
        a.score - b.score for b, a in pairs if a.score is not None and b.score is not None
    ]
    interval = paired_bootstrap_interval(differences, seed=seed) if differences else None
    needed = pairs_needed(lost / len(pairs), gained / len(pairs), alpha=alpha, power=POWER)
    paired_cases = {k[0] for k in keys}
    return MetricComparison(
        metric=metric,
        pairs=len(pairs),
        both_passed=counts[(True, True)],
        lost=lost,
        gained=gained,
        both_failed=counts[(False, False)],
        alpha=alpha,
        p_value=p_value,
        direction=direction,
        mean_difference=sum(differences) / len(differences) if differences else None,
        interval=interval,
        scored_pairs=len(differences),
        pairs_needed=needed,
        cases=len(paired_cases),
        unpaired_baseline=len(before.keys() - after.keys()),
        unpaired_candidate=len(after.keys() - before.keys()),
        flips=_flips(
            [b for b, _ in pairs],
            [a for _, a in pairs],
        ),
    )


def _listed(values: set[str], limit: int = 6) -> str:
    shown = sorted(values)[:limit]
    more = f" and {len(values) - limit} more" if len(values) > limit else ""
    return ", ".join(shown) + more if shown else "none"


def compare_records(
    baseline: Sequence[RunRecord],
    candidate: Sequence[RunRecord],
    metrics: Sequence[str] = (),
    *,
    alpha: float = ALPHA,
    seed: int = 0,
) -> Comparison:
    """Compare ``candidate`` runs against ``baseline`` runs, metric by metric.

    ``metrics`` chooses the metrics (default: every metric either side reports). Raises
    ConfigError when a chosen metric is missing from a side (by default: any metric one side
    does not report), when the sides share no metric, when a metric has no case and run on both
    sides (nothing to pair), when the candidate has no run of a case the baseline ran, when a
    pair's runs were not judged alike (at another threshold, on a case of another eval set), or
    when one run is on both sides, naming what each side has.
    """
    _refuse_shared_runs(baseline, candidate)
    have_before = {r.metric for r in baseline}
    have_after = {r.metric for r in candidate}
    # Every metric of either side by default: a metric the candidate no longer reports (its
    # config dropped the one it regressed on) must not fall out of the comparison unseen.
    chosen = list(dict.fromkeys(metrics)) or sorted(have_before | have_after)
    if not have_before & have_after and not metrics:
        raise ConfigError(
            f"the baseline and the candidate share no metric: baseline has "
            f"{_listed(have_before)}, candidate has {_listed(have_after)}"
        )
    for metric in chosen:
        for side, have in (("baseline", have_before), ("candidate", have_after)):
            if metric not in have:
                hint = "" if metrics else "; name the metrics both report with --metric"
                raise ConfigError(
                    f"the {side} has no results of metric {metric!r}; its metrics: "
                    f"{_listed(have)}{hint}"
                )
    compared = []
    for metric in chosen:
        before = {(r.case, r.run): r for r in baseline if r.metric == metric}
        after = {(r.case, r.run): r for r in candidate if r.metric == metric}
        if not before.keys() & after.keys():
            raise ConfigError(
                f"metric {metric!r}: no case and run is in both the baseline and the candidate, "
                f"so nothing can be paired; baseline cases: {_listed({c for c, _ in before})}; "
                f"candidate cases: {_listed({c for c, _ in after})}"
            )
        _refuse_missing_cases(metric, {c for c, _ in before}, {c for c, _ in after})
        _refuse_unlike_pairs(metric, before, after)
        compared.append(_compare_metric(metric, baseline, candidate, alpha / len(chosen), seed))
    return Comparison(tuple(compared))


def _refuse_shared_runs(baseline: Sequence[RunRecord], candidate: Sequence[RunRecord]) -> None:
    """Raise ConfigError when one run (:attr:`RunRecord.run_id`) is on both sides, as when the
    candidate's folder holds the baseline's: the run paired with itself agrees with itself, and
    the candidate's own runs, numbered after it, go unpaired, so a regression is hidden."""
    before = {r.run_id: r for r in baseline if r.run_id}
    for record in candidate:
        shared = before.get(record.run_id) if record.run_id else None
        if shared is not None:
            raise ConfigError(
                f"the run {record.run_id!r} is in both the baseline ({shared.source}) and the "
                f"candidate ({record.source}): a run compared with itself hides any difference; "
                "give two separate sets of runs (not a folder holding the other side's)"
            )


def _refuse_missing_cases(metric: str, baseline: set[str], candidate: set[str]) -> None:
    """Raise ConfigError when the candidate has no run of a case the baseline ran: a case the
    candidate did not run (its inference crashed, it was left out of the eval set) is a
    regression the pairs cannot see, so "no significant difference" would hide it. Cases only
    the candidate ran are reported as unpaired: they hide nothing the baseline showed."""
    missing = baseline - candidate
    if missing:
        raise ConfigError(
            f"metric {metric!r}: the candidate has no run of {plural(len(missing), 'case')} the "
            f"baseline ran ({_listed(missing)}); a case left out could hide a regression, so "
            "the runs are not compared: run every baseline case in the candidate too (the same "
            "eval set), or give a baseline of only the cases both ran"
        )


def _refuse_unlike_pairs(
    metric: str,
    baseline: dict[tuple[str, int], RunRecord],
    candidate: dict[tuple[str, int], RunRecord],
) -> None:
    """Raise ConfigError for the first pair whose two runs were not judged alike, where both
    sources say: at different thresholds (a pass at 0.5 is no pass at 1.0, so a laxer candidate
    hides a regression and a stricter one shows a false one), or on cases of different eval
    sets that share an id (two tasks, not one case run twice)."""
    for key in sorted(baseline.keys() & candidate.keys()):
        before, after = baseline[key], candidate[key]
        case, run = key
        if before.eval_set and after.eval_set and before.eval_set != after.eval_set:
            raise ConfigError(
                f"case {case!r} is from eval set {before.eval_set!r} in the baseline and from "
                f"eval set {after.eval_set!r} in the candidate: one id, two tasks, so its runs "
                "cannot be paired; compare runs of the same eval set"
            )
        low, high = before.threshold, after.threshold
        if low is not None and high is not None and not math.isclose(low, high):
            raise ConfigError(
                f"metric {metric!r} judged case {case!r} (run {run}) at threshold {low:g} in the "
                f"baseline and at {high:g} in the candidate: a pass at one threshold is not a "
                "pass at the other, so pass and fail cannot be compared; rerun one side with the "
                "other's eval config (the same criterion threshold)"
            )


def effect_line(one: MetricComparison) -> str:
    """What it would take to see the observed effect, for a metric with no significant result."""
    if one.pairs_needed is None:
        return (
            "no pair flipped one way more than the other: no number of runs would show a difference"
        )
    return (
        f"seeing this effect ({plural(one.lost, 'pass->fail pair')}, "
        f"{plural(one.gained, 'fail->pass pair')} in {one.pairs}) at alpha {one.alpha:.3g} with "
        f"power {POWER} would need about {one.pairs_needed:,} pairs "
        f"({one.runs_needed:,} runs of each of {plural(one.cases, 'case')}; Connor's formula, "
        "raised to the exact test's power)"
    )
