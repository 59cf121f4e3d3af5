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

Unscored runs (the metric reported NOT_EVALUATED: :attr:`RunRecord.unscored`) are neither passes
nor failures. The test, the score interval and the flips use the judged pairs only (both runs
judged); the unscored runs are counted per side and per case, and a case with no judged pair is
*not comparable*. An unscored run still had some outcome nobody saw, so a verdict stands only if
no outcome of the unscored runs could overturn it (:func:`robust_direction`): an improvement must
hold with every unscored baseline run a pass and every unscored candidate run a failure, a
regression with the reverse. When the unscored runs could hide a significant regression that the
judged pairs cannot show, or no pair is judged, the verdict is *inconclusive* (and ``checkers
compare`` exits 2): the gate fails closed, and no verdict is ever "better" from runs nobody
judged.
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
    "UnscoredCase",
    "compare_records",
    "decide",
    "robust_direction",
]

ALPHA = 0.05
POWER = 0.8


class Direction(str, Enum):
    """What a comparison concluded."""

    REGRESSION = "significant regression"
    IMPROVEMENT = "significant improvement"
    NONE = "no significant difference"
    INCONCLUSIVE = "inconclusive"
    """Unscored runs could hide a significant regression the judged pairs do not show (or no
    pair was judged): the gate must not pass it."""


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
class UnscoredCase:
    """A case some of whose paired runs were unscored (NOT_EVALUATED)."""

    case: str
    pairs: int
    """Its paired runs (judged or not)."""
    baseline: int
    """Its paired baseline runs that were unscored."""
    candidate: int
    """Its paired candidate runs that were unscored."""
    judged_pairs: int
    """Its pairs with both runs judged: what the test used."""

    @property
    def comparable(self) -> bool:
        """Some pair of it has both runs judged; else nothing about it can be compared."""
        return self.judged_pairs > 0

    def sentence(self) -> str:
        """``"c1: baseline 6 of 6 runs unscored, candidate 0 of 6 (not comparable)"``."""
        return (
            f"{self.case}: baseline {self.baseline} of {plural(self.pairs, 'run')} unscored, "
            f"candidate {self.candidate} of {self.pairs}"
            + ("" if self.comparable else " (not comparable)")
        )


@dataclass(frozen=True)
class MetricComparison:
    """One metric's comparison. The test's figures (``pairs`` .. ``both_failed``, the p-value,
    the score interval, the flips) count the judged pairs only: a pair with an unscored run is
    left out (``unscored_pairs``)."""

    metric: str
    pairs: int
    """Pairs with both runs judged."""
    both_passed: int
    lost: int
    """Pairs that passed in the baseline and failed in the candidate."""
    gained: int
    """Pairs that failed in the baseline and passed in the candidate."""
    both_failed: int
    alpha: float
    """The level this metric was tested at (``alpha / metrics``)."""
    p_value: float
    """McNemar's exact p over the judged pairs."""
    direction: Direction
    """The verdict no outcome of the unscored runs could overturn (:func:`robust_direction`)."""
    mean_difference: float | None
    """Mean of candidate - baseline score over the pairs where both have a score."""
    interval: tuple[float, float] | None
    """Paired bootstrap 95% interval of ``mean_difference``."""
    scored_pairs: int
    pairs_needed: int | None
    """Pairs a test at ``alpha`` with power 0.8 needs to see the observed flip shares; None when
    nothing flipped, or flips went both ways equally."""
    cases: int
    """Cases with a judged pair."""
    unpaired_baseline: int
    unpaired_candidate: int
    flips: tuple[Flip, ...]
    unscored_pairs: int = 0
    """Pairs left out of the test because a run of theirs was unscored."""
    unscored_baseline: int = 0
    """Paired baseline runs that were unscored."""
    unscored_candidate: int = 0
    """Paired candidate runs that were unscored."""
    unscored_cases: tuple[UnscoredCase, ...] = ()
    """The cases with an unscored paired run, by case."""
    reason: str = ""
    """Why the verdict is not the judged pairs' own, or is inconclusive; empty otherwise."""

    @property
    def runs_needed(self) -> int | None:
        """:attr:`pairs_needed` as runs of each of the compared cases (rounded up)."""
        if self.pairs_needed is None or not self.cases:
            return None
        return math.ceil(self.pairs_needed / self.cases)

    @property
    def not_comparable(self) -> tuple[str, ...]:
        """The cases with no judged pair (every pair has an unscored run)."""
        return tuple(c.case for c in self.unscored_cases if not c.comparable)


@dataclass(frozen=True)
class Comparison:
    """Every metric's comparison, and the overall verdict."""

    metrics: tuple[MetricComparison, ...]

    @property
    def direction(self) -> Direction:
        """A regression if any metric regressed significantly; else inconclusive if unscored
        runs could hide a regression in any; else an improvement if any improved; else no
        significant difference."""
        found = {m.direction for m in self.metrics}
        for direction in (Direction.REGRESSION, Direction.INCONCLUSIVE, Direction.IMPROVEMENT):
            if direction in found:
                return direction
        return Direction.NONE


Pair = tuple[RunRecord, RunRecord]


def _flip_counts(pairs: Sequence[Pair], baseline_as: bool, candidate_as: bool) -> tuple[int, int]:
    """``(lost, gained)`` over ``pairs`` with every unscored baseline run read as a pass when
    ``baseline_as`` (else a failure), and every unscored candidate run as ``candidate_as``."""
    lost = gained = 0
    for before, after in pairs:
        was = baseline_as if before.unscored else before.passed
        now = candidate_as if after.unscored else after.passed
        lost += was and not now
        gained += now and not was
    return lost, gained


def _had(pairs: Sequence[Pair], baseline_as: bool, candidate_as: bool) -> str:
    """``"had the baseline's 6 unscored runs passed and the candidate's 2 failed"``."""
    word = {True: "passed", False: "failed"}
    parts = []
    for side, count, outcome in (
        ("baseline", sum(b.unscored for b, _ in pairs), baseline_as),
        ("candidate", sum(a.unscored for _, a in pairs), candidate_as),
    ):
        if count:
            parts.append(f"the {side}'s {plural(count, 'unscored run')} {word[outcome]}")
    return "had " + " and ".join(parts)


def robust_direction(
    judged: Direction, judged_p: float, pairs: Sequence[Pair], alpha: float
) -> tuple[Direction, str]:
    """The verdict no outcome of the unscored runs in ``pairs`` could overturn, and why it is
    not ``judged`` (the judged pairs' own verdict, at ``judged_p``) when it is not.

    An improvement stands only if it holds with every unscored baseline run a pass and every
    unscored candidate run a failure (the least improvement they allow); a regression only if it
    holds with the reverse. Else, if the unscored runs could make a significant regression (the
    first reading), the verdict is :attr:`Direction.INCONCLUSIVE`, as it is when no pair has
    both runs judged; otherwise no significant difference. Reading every unscored run the
    least favourable way never raises a p-value's evidence, so an equal candidate is called
    better (or worse) no more often than if every run had been judged.
    """
    if not any(b.unscored or a.unscored for b, a in pairs):
        return judged, ""
    worst, worst_p = decide(*_flip_counts(pairs, True, False), alpha)
    best, best_p = decide(*_flip_counts(pairs, False, True), alpha)
    against_gain, against_loss = _had(pairs, True, False), _had(pairs, False, True)
    if judged is Direction.REGRESSION and best is Direction.REGRESSION:
        return judged, ""
    if judged is Direction.IMPROVEMENT and worst is Direction.IMPROVEMENT:
        return judged, ""
    if not any(not b.unscored and not a.unscored for b, a in pairs):
        return Direction.INCONCLUSIVE, "no pair has both runs judged: nothing was compared"
    if judged is Direction.REGRESSION:
        return Direction.INCONCLUSIVE, (
            f"the judged pairs show a regression (p = {judged_p:.4g}), but it would not hold "
            f"{against_loss} (p = {best_p:.4g}); nor can it be ruled out"
        )
    if worst is Direction.REGRESSION:
        return Direction.INCONCLUSIVE, (
            f"a regression cannot be ruled out: {against_gain}, the candidate would be a "
            f"significant regression (p = {worst_p:.4g})"
        )
    if judged is Direction.IMPROVEMENT:
        return Direction.NONE, (
            f"the judged pairs alone show an improvement (p = {judged_p:.4g}), but it would "
            f"not hold {against_gain} (p = {worst_p:.4g})"
        )
    return Direction.NONE, ""


def _unscored_cases(pairs: Sequence[Pair]) -> tuple[UnscoredCase, ...]:
    """Per case with an unscored paired run: its pairs, unscored runs per side, judged pairs."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for before, after in pairs:
        held = counts[before.case]
        held[0] += 1
        held[1] += before.unscored
        held[2] += after.unscored
        held[3] += not before.unscored and not after.unscored
    return tuple(
        UnscoredCase(case, *held) for case, held in sorted(counts.items()) if held[1] or held[2]
    )


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
    every_pair = [(before[k], after[k]) for k in keys]
    # The test sees only what was judged on both sides: an unscored run is no pass or failure.
    pairs = [(b, a) for b, a in every_pair if not b.unscored and not a.unscored]
    counts = {(b, a): 0 for b in (True, False) for a in (True, False)}
    for b, a in pairs:
        counts[(b.passed, a.passed)] += 1
    lost, gained = counts[(True, False)], counts[(False, True)]
    judged, p_value = decide(lost, gained, alpha)
    direction, reason = robust_direction(judged, p_value, every_pair, alpha)
    differences = [
        a.score - b.score for b, a in pairs if a.score is not None and b.score is not None
    ]
    interval = paired_bootstrap_interval(differences, seed=seed) if differences else None
    needed = (
        pairs_needed(lost / len(pairs), gained / len(pairs), alpha=alpha, power=POWER)
        if pairs
        else None
    )
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
        cases=len({b.case for b, _ in pairs}),
        unpaired_baseline=len(before.keys() - after.keys()),
        unpaired_candidate=len(after.keys() - before.keys()),
        flips=_flips(
            [b for b, _ in pairs],
            [a for _, a in pairs],
        ),
        unscored_pairs=len(every_pair) - len(pairs),
        unscored_baseline=sum(b.unscored for b, _ in every_pair),
        unscored_candidate=sum(a.unscored for _, a in every_pair),
        unscored_cases=_unscored_cases(every_pair),
        reason=reason,
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
    when one run is on both sides, naming what each side has. Unscored runs are compared as the
    module says: left out of the test, counted, and read against any verdict they could overturn.
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
