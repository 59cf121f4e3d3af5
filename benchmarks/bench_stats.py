"""The statistics' meta-tests at a larger size: simulated agents of known pass rate.

Prints, for ``--experiments`` simulated experiments each (seeded: the same figures every run):

- Wilson 95% coverage for agents whose rate is drawn from [0.05, 0.95], per number of runs n;
- Wilson 95% coverage at fixed rates (simulated, and the exact binomial figure beside it);
- the mean pass^k estimate against p**k, and the plug-in (c/n)**k's, at one rate;
- how often the paired bootstrap interval covers the true mean score difference (at most
  1,000 experiments: each resamples 1,000 times);
- how often an agent compared with itself is called a significant regression (McNemar exact,
  alpha 0.05), and how often a real regression is found at the number of pairs
  :func:`checkers.stats.pairs_needed` asks for (the power it promised: 0.8), beside the exact
  power of the test at that size (:func:`checkers.stats.mcnemar_power`).

Run::

    .venv/bin/python benchmarks/bench_stats.py [--experiments 10000]
"""

from __future__ import annotations

import argparse

from checkers.stats import mcnemar_power, pairs_needed
from checkers.stats_simulation import (
    bootstrap_coverage,
    comparison_rates,
    exact_wilson_coverage,
    flip_shares,
    pass_hat_means,
    wilson_coverage,
)

RUNS = (5, 10, 20, 50)
RATES = (0.05, 0.1, 0.3, 0.5, 0.8, 0.9, 0.95)
CASES = (0.3, 0.5, 0.7, 0.9, 0.95, 0.6, 0.8, 0.99, 0.4, 0.85)
"""Ten cases of different difficulty (an agent's pass rate on each)."""
REGRESSIONS = ((0.9, 0.7), (0.95, 0.85), (0.8, 0.5), (0.99, 0.9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--experiments", type=int, default=10_000)
    experiments = parser.parse_args().experiments

    print(f"Wilson 95% coverage, {experiments:,} experiments each")
    print("  agents of random rate in [0.05, 0.95]:")
    for n in RUNS:
        print(f"    n = {n:>3}: {wilson_coverage(None, n, experiments, seed=n):.4f}")
    print("  fixed rate p: simulated (exact)")
    print("    " + "n \\ p".ljust(7) + "".join(f"{p:>17}" for p in RATES))
    for n in RUNS:
        cells = "".join(
            f"{wilson_coverage(p, n, experiments, seed=n + int(p * 100)):>9.4f} "
            f"({exact_wilson_coverage(p, n):.3f})"
            for p in RATES
        )
        print(f"    {n:<7}{cells}")

    p, n = 0.6, 5
    print(f"pass^k at p = {p}, n = {n} runs, {experiments:,} simulated cases")
    print("    k   p**k     mean pass^k (+- 2 SE)   mean plug-in (c/n)**k")
    for k, mean, error, plug_in in pass_hat_means(p, n, experiments, seed=1):
        print(f"    {k}   {p**k:.4f}   {mean:.4f} (+- {2 * error:.4f})      {plug_in:.4f}")

    print(f"an agent against itself ({len(CASES)} cases), {experiments:,} comparisons")
    for runs in (1, 5, 20):
        rates = comparison_rates(CASES, CASES, runs, experiments, seed=runs)
        print(
            f"    {runs:>2} runs per case: called a regression {rates.regression:.4f}, an "
            f"improvement {rates.improvement:.4f} (alpha 0.05, two-sided)"
        )

    few = min(experiments, 1000)
    print(f"paired bootstrap 95% interval of the mean score difference, {few:,} experiments")
    for pairs in (10, 30, 100):
        found = bootstrap_coverage(0.9, 0.7, pairs, few, seed=pairs)
        print(f"    {pairs:>3} pairs, rates 0.9 -> 0.7: covers the true -0.2 in {found:.4f}")

    print(f"a real regression at the pairs the formula asks for, {experiments:,} comparisons")
    for before, after in REGRESSIONS:
        lost, gained = flip_shares([before], [after])
        connor = pairs_needed(lost, gained, exact=False)
        needed = pairs_needed(lost, gained)
        assert needed is not None and connor is not None
        found = comparison_rates([before], [after], needed, experiments, seed=needed).regression
        exact = mcnemar_power(lost, gained, needed)
        print(
            f"    pass rate {before} -> {after}: {needed:>4} pairs (Connor: {connor:>4}, exact "
            f"power there {mcnemar_power(lost, gained, connor):.4f}), regression found in "
            f"{found:.4f} (exact power {exact:.4f}; promised 0.8)"
        )


if __name__ == "__main__":
    main()
