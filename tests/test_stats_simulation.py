"""Meta-tests of the statistics: simulated agents of known pass rate show that the intervals
cover, the pass^k estimator is unbiased, an agent compared with itself is rarely called a
regression, and a real regression is found as often as the sample-size formula promised.

Small sizes (1,000 simulated experiments each, a few seconds in all), seeded, so every run gives
the same figures; ``benchmarks/bench_stats.py`` prints them at larger sizes.
"""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from checkers.stats import mcnemar_power, pairs_needed
from checkers.stats_simulation import (
    comparison_rates,
    exact_wilson_coverage,
    flip_shares,
    pass_hat_means,
    wilson_coverage,
)

ROOT = Path(__file__).resolve().parents[1]
EXPERIMENTS = 1000
SE = math.sqrt(0.95 * 0.05 / EXPERIMENTS)
"""The standard error of a simulated coverage near 95% (0.0069)."""


@pytest.mark.parametrize("n", [5, 10, 20, 50])
def test_wilson_intervals_cover_agents_of_known_rate_in_at_least_93_percent(n: int) -> None:
    # Each experiment: a new agent whose pass rate is drawn from [0.05, 0.95], run n times.
    assert wilson_coverage(None, n, EXPERIMENTS, seed=n) >= 0.93


# Wilson's coverage at one fixed rate oscillates with n and p (Brown, Cai & DasGupta 2001): at
# n = 5 and p = 0.1 it is 0.919, at n = 10 and p = 0.05 it is 0.914. The simulation must agree
# with the exact binomial figure, and that figure stays above 0.9 on this grid.
@pytest.mark.parametrize("p", [0.1, 0.3, 0.5, 0.8, 0.95])
@pytest.mark.parametrize("n", [5, 10, 20, 50])
def test_wilson_coverage_at_a_fixed_rate_matches_the_exact_figure(p: float, n: int) -> None:
    exact = exact_wilson_coverage(p, n)
    simulated = wilson_coverage(p, n, EXPERIMENTS, seed=int(p * 100) + n)
    assert exact >= 0.9
    assert abs(simulated - exact) <= 4 * math.sqrt(exact * (1 - exact) / EXPERIMENTS) + 1e-9


@pytest.mark.parametrize(("p", "n"), [(0.6, 5), (0.9, 8), (0.3, 10)])
def test_pass_hat_k_is_unbiased_and_the_plug_in_is_not(p: float, n: int) -> None:
    for k, mean, error, plug_in in pass_hat_means(p, n, EXPERIMENTS, seed=n):
        # Within 4 standard errors of p**k (a false alarm once in ~16,000 checks).
        assert abs(mean - p**k) <= 4 * error + 1e-12, (k, mean, p**k)
        if k >= 2 and p < 0.9:
            # (c/n)**k overstates pass^k (by p(1-p)/n at k = 2): the test can tell them apart.
            assert plug_in - p**k > 2 * error, (k, plug_in, p**k)


# Ten cases of different difficulty, as an eval set has.
CASES = [0.3, 0.5, 0.7, 0.9, 0.95, 0.6, 0.8, 0.99, 0.4, 0.85]


@pytest.mark.parametrize("runs", [1, 5])
def test_an_agent_compared_with_itself_is_rarely_called_a_regression(runs: int) -> None:
    rates = comparison_rates(CASES, CASES, runs, EXPERIMENTS, seed=runs)
    assert rates.regression <= 0.05
    # Exactly: one case at a time has no closed form over mixed cases, but the pooled flip
    # shares give the false-alarm rate of the test to within the simulation's noise.
    exact = mcnemar_power(*flip_shares(CASES, CASES), len(CASES) * runs)
    assert abs(rates.regression - exact) <= 4 * math.sqrt(max(exact, 0.005) / EXPERIMENTS)
    assert rates.regression + rates.improvement <= 0.05  # two-sided: both errors together


def test_a_real_regression_is_found_with_the_promised_power() -> None:
    # A careful agent passing 90% of runs against one passing 70% (it skips a check now and
    # then): pass->fail in 0.9 * 0.3 = 27% of pairs, fail->pass in 0.1 * 0.7 = 7%.
    lost, gained = flip_shares([0.9], [0.7])
    # Connor's approximation asks for 65 pairs, where the exact test's power is only 0.765 (it
    # is conservative); the count raised until the exact power reaches 0.8 is 71.
    assert pairs_needed(lost, gained, exact=False) == 65
    needed = pairs_needed(lost, gained, alpha=0.05, power=0.8)
    assert needed == 71
    exact = mcnemar_power(lost, gained, needed)
    assert exact >= 0.8
    rates = comparison_rates([0.9], [0.7], needed, EXPERIMENTS, seed=7)
    # The simulated comparisons find the regression as often as promised (within 4 SE).
    assert abs(rates.regression - exact) <= 4 * math.sqrt(exact * (1 - exact) / EXPERIMENTS)
    assert rates.regression >= 0.8 - 4 * math.sqrt(0.8 * 0.2 / EXPERIMENTS)
    # Half the runs are not enough: the count is not padded.
    assert comparison_rates([0.9], [0.7], needed // 2, EXPERIMENTS, seed=8).regression < 0.65


def test_the_simulations_are_deterministic() -> None:
    assert wilson_coverage(0.5, 10, 200, seed=1) == wilson_coverage(0.5, 10, 200, seed=1)
    assert comparison_rates(CASES, CASES, 2, 100, seed=1) == comparison_rates(
        CASES, CASES, 2, 100, seed=1
    )


def test_the_benchmark_prints_every_figure_at_a_tiny_size(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_stats.py"), "--experiments", "20"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("regression found in") == 4
    assert re.search(r"n = +50: \d\.\d{4}", run.stdout)
    assert "an agent against itself (10 cases)" in run.stdout
