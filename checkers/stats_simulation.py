"""Simulated agents of known pass probability, to prove :mod:`checkers.stats` and the verdicts of
:mod:`checkers.compare` (the meta-tests in ``tests/test_stats_simulation.py`` at a small size,
``benchmarks/bench_stats.py`` at a larger one). Seeded and deterministic.

An agent here is a pass probability per case; a run of it is one Bernoulli draw per case. Nothing
about an agent but that probability matters to the statistics, which is what lets a simulation
check them against the truth.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from checkers.compare import ALPHA, Direction, decide
from checkers.stats import paired_bootstrap_interval, pass_hat_k, wilson_interval

__all__ = [
    "Rates",
    "bootstrap_coverage",
    "comparison_rates",
    "exact_wilson_coverage",
    "flip_shares",
    "pass_hat_means",
    "wilson_coverage",
]


def _passes(rng: random.Random, p: float, n: int) -> int:
    return sum(rng.random() < p for _ in range(n))


def wilson_coverage(p: float | None, n: int, experiments: int, seed: int) -> float:
    """The share of ``experiments`` in which the Wilson 95% interval of ``n`` runs covers the true
    pass rate: of one agent of rate ``p``, or, when ``p`` is None, each experiment of a new agent
    whose rate is drawn uniformly from [0.05, 0.95]."""
    rng = random.Random(seed)
    covered = 0
    for _ in range(experiments):
        rate = rng.uniform(0.05, 0.95) if p is None else p
        low, high = wilson_interval(_passes(rng, rate, n), n)
        covered += low <= rate <= high
    return covered / experiments


def exact_wilson_coverage(p: float, n: int) -> float:
    """The Wilson interval's true coverage at rate ``p`` and ``n`` runs: the binomial probability
    of the pass counts whose interval holds ``p`` (what :func:`wilson_coverage` estimates)."""
    total = 0.0
    for s in range(n + 1):
        low, high = wilson_interval(s, n)
        if low <= p <= high:
            total += math.comb(n, s) * p**s * (1 - p) ** (n - s)
    return total


@dataclass(frozen=True)
class Rates:
    """How often simulated comparisons came out each way."""

    regression: float
    improvement: float
    comparisons: int


def comparison_rates(
    baseline: Sequence[float],
    candidate: Sequence[float],
    runs: int,
    comparisons: int,
    seed: int,
    alpha: float = ALPHA,
) -> Rates:
    """Simulate ``comparisons`` A/B comparisons: each case ``i`` run ``runs`` times by an agent of
    pass rate ``baseline[i]`` and by one of ``candidate[i]``, runs paired by case and number,
    judged by :func:`checkers.compare.decide` at ``alpha``; the share called each way."""
    if len(baseline) != len(candidate):
        raise ValueError("give one baseline and one candidate rate per case")
    rng = random.Random(seed)
    calls = {Direction.REGRESSION: 0, Direction.IMPROVEMENT: 0, Direction.NONE: 0}
    for _ in range(comparisons):
        lost = gained = 0
        for p, q in zip(baseline, candidate, strict=True):
            for _ in range(runs):
                before, after = rng.random() < p, rng.random() < q
                lost += before and not after
                gained += after and not before
        calls[decide(lost, gained, alpha)[0]] += 1
    return Rates(
        calls[Direction.REGRESSION] / comparisons,
        calls[Direction.IMPROVEMENT] / comparisons,
        comparisons,
    )


def flip_shares(baseline: Sequence[float], candidate: Sequence[float]) -> tuple[float, float]:
    """The expected shares of pairs that flip pass->fail and fail->pass, for independent runs of
    agents with these per-case rates (the arguments :func:`checkers.stats.pairs_needed` takes)."""
    cases = len(baseline)
    lost = sum(p * (1 - q) for p, q in zip(baseline, candidate, strict=True)) / cases
    gained = sum((1 - p) * q for p, q in zip(baseline, candidate, strict=True)) / cases
    return lost, gained


def pass_hat_means(
    p: float, n: int, experiments: int, seed: int
) -> list[tuple[int, float, float, float]]:
    """For k = 1 .. n: ``(k, mean pass^k estimate, its standard error, mean of the plug-in
    (c/n)**k)`` over ``experiments`` simulated cases of ``n`` runs at rate ``p``; an unbiased
    estimator's mean lands near p**k, the plug-in's does not.

    The standard error is the true one (the estimator's exact binomial variance over
    ``experiments``), not the sample's: for a small p**k most draws are 0 and the sample's
    spread understates it.
    """
    rng = random.Random(seed)
    counts = [_passes(rng, p, n) for _ in range(experiments)]
    weights = [math.comb(n, c) * p**c * (1 - p) ** (n - c) for c in range(n + 1)]
    found = []
    for k in range(1, n + 1):
        mean = math.fsum(pass_hat_k(c, n, k) for c in counts) / experiments
        second = math.fsum(w * pass_hat_k(c, n, k) ** 2 for c, w in enumerate(weights))
        error = math.sqrt(max(0.0, second - p ** (2 * k)) / experiments)
        plug_in = math.fsum((c / n) ** k for c in counts) / experiments
        found.append((k, mean, error, plug_in))
    return found


def bootstrap_coverage(
    baseline: float, candidate: float, pairs: int, experiments: int, seed: int
) -> float:
    """The share of ``experiments`` in which the paired bootstrap 95% interval of the mean score
    difference covers the true one (``candidate - baseline``), for ``pairs`` pairs of 0/1 scores
    from agents of these pass rates (1,000 resamples each)."""
    rng = random.Random(seed)
    truth = candidate - baseline
    covered = 0
    for experiment in range(experiments):
        differences = [
            float(rng.random() < candidate) - float(rng.random() < baseline) for _ in range(pairs)
        ]
        low, high = paired_bootstrap_interval(differences, resamples=1000, seed=experiment)
        covered += low <= truth <= high
    return covered / experiments
