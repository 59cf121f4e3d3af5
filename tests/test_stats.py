"""The estimators and tests of checkers.stats: known answers with their arithmetic, and the
properties every input keeps (bounds, symmetry, monotonicity)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.stats import (
    EXACT_SEARCH_LIMIT,
    mcnemar_exact,
    mcnemar_power,
    mean_pass_hat_k,
    paired_bootstrap_interval,
    pairs_needed,
    pass_hat_k,
    wilson_interval,
)


@st.composite
def counts(draw: st.DrawFn, most: int = 200) -> tuple[int, int]:
    """``(successes, n)`` with ``0 <= successes <= n``."""
    n = draw(st.integers(0, most))
    return draw(st.integers(0, n)), n


# Known answers (Wilson 1927; values as R's prop.test(correct=FALSE) and statsmodels'
# proportion_confint(method="wilson") give them).
WILSON = [
    (3, 5, (0.2307, 0.8824)),
    (0, 5, (0.0, 0.4345)),  # 1 - 1 / (1 + 1.96**2 / 5) = 0.4345
    (5, 5, (0.5655, 1.0)),
    (8, 10, (0.4902, 0.9433)),
    (50, 100, (0.4038, 0.5962)),
]


@pytest.mark.parametrize(("successes", "n", "expected"), WILSON)
def test_wilson_known_answers(successes: int, n: int, expected: tuple[float, float]) -> None:
    low, high = wilson_interval(successes, n)
    assert (round(low, 4), round(high, 4)) == expected


def test_wilson_of_no_runs_knows_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("successes", "n", "message"),
    [(6, 5, "need 0 <= successes <= n, got successes=6, n=5"), (-1, 5, "successes=-1")],
)
def test_wilson_refuses_impossible_counts(successes: int, n: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        wilson_interval(successes, n)


@given(counts())
def test_wilson_holds_the_observed_rate_inside_zero_one(pair: tuple[int, int]) -> None:
    successes, n = pair
    low, high = wilson_interval(successes, n)
    assert 0.0 <= low <= high <= 1.0
    if n:
        assert low <= successes / n <= high


@given(counts())
def test_wilson_is_symmetric_in_passes_and_failures(pair: tuple[int, int]) -> None:
    successes, n = pair
    low, high = wilson_interval(successes, n)
    flipped_low, flipped_high = wilson_interval(n - successes, n)
    assert math.isclose(low, 1 - flipped_high, abs_tol=1e-12)
    assert math.isclose(high, 1 - flipped_low, abs_tol=1e-12)


@given(counts(most=100).filter(lambda c: c[0] < c[1]))
def test_wilson_moves_up_with_one_more_pass(pair: tuple[int, int]) -> None:
    successes, n = pair
    low, high = wilson_interval(successes, n)
    more_low, more_high = wilson_interval(successes + 1, n)
    assert more_low > low and more_high >= high


@given(st.integers(1, 100), st.data())
def test_wilson_narrows_with_more_runs_at_the_same_rate(n: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, n))
    low, high = wilson_interval(successes, n)
    low4, high4 = wilson_interval(4 * successes, 4 * n)
    assert high4 - low4 < high - low


# pass^k: C(c, k) / C(n, k), tau-bench's estimator.
PASS_HAT = [
    (3, 5, 1, 0.6),  # 3/5
    (3, 5, 2, 0.3),  # C(3,2)/C(5,2) = 3/10
    (3, 5, 3, 0.1),  # 1/10
    (3, 5, 4, 0.0),  # fewer passes than k
    (5, 5, 5, 1.0),
    (4, 8, 2, 6 / 28),  # C(4,2)/C(8,2)
]


@pytest.mark.parametrize(("c", "n", "k", "expected"), PASS_HAT)
def test_pass_hat_k_known_answers(c: int, n: int, k: int, expected: float) -> None:
    assert pass_hat_k(c, n, k) == pytest.approx(expected)


def test_mean_pass_hat_k_averages_over_cases() -> None:
    assert mean_pass_hat_k([(3, 5), (5, 5)], 2) == pytest.approx((0.3 + 1.0) / 2)
    with pytest.raises(ValueError, match="pass\\^k of no cases is undefined"):
        mean_pass_hat_k([], 1)


@pytest.mark.parametrize("k", [0, 6])
def test_pass_hat_k_needs_k_between_one_and_n(k: int) -> None:
    with pytest.raises(
        ValueError, match=f"k must be between 1 and the number of runs n=5, got k={k}"
    ):
        pass_hat_k(3, 5, k)


@given(counts(most=60).filter(lambda c: c[1] > 0), st.data())
def test_pass_hat_k_bounds_and_monotonicity(pair: tuple[int, int], data: st.DataObject) -> None:
    c, n = pair
    k = data.draw(st.integers(1, n))
    hat = pass_hat_k(c, n, k)
    assert 0.0 <= hat <= 1.0
    assert pass_hat_k(c, n, 1) == pytest.approx(c / n)
    if k < n:
        assert pass_hat_k(c, n, k + 1) <= hat  # k+1 runs all passing is no likelier
    if c < n:
        assert pass_hat_k(c + 1, n, k) >= hat
    # Never above the plug-in (c/n)**k (Jensen): the plug-in overstates pass^k.
    assert hat <= (c / n) ** k + 1e-12


# McNemar's exact test: two-sided binomial on the discordant pairs.
MCNEMAR = [
    (0, 0, 1.0),
    (8, 1, 0.0390625),  # 2 * (1 + 9) / 2**9 = 20/512
    (5, 5, 1.0),  # min(1, 2 * P(X <= 5), X ~ Bin(10, 1/2))
    (6, 0, 0.03125),  # 2 / 2**6
    (5, 0, 0.0625),  # 2 / 2**5: five flips one way are not yet significant
]


@pytest.mark.parametrize(("lost", "gained", "expected"), MCNEMAR)
def test_mcnemar_known_answers(lost: int, gained: int, expected: float) -> None:
    assert mcnemar_exact(lost, gained) == pytest.approx(expected)


def test_mcnemar_agrees_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for lost, gained in [(8, 1), (12, 5), (30, 18), (3, 0), (40, 40)]:
        expected = stats.binomtest(min(lost, gained), lost + gained).pvalue
        assert mcnemar_exact(lost, gained) == pytest.approx(expected)


@given(st.integers(0, 300), st.integers(0, 300))
def test_mcnemar_is_a_symmetric_probability(lost: int, gained: int) -> None:
    p_value = mcnemar_exact(lost, gained)
    assert 0.0 < p_value <= 1.0
    assert p_value == mcnemar_exact(gained, lost)


@given(st.integers(0, 200), st.integers(0, 200))
def test_mcnemar_falls_as_flips_pile_up_on_one_side(lost: int, gained: int) -> None:
    if lost >= gained:
        assert mcnemar_exact(lost + 1, gained) <= mcnemar_exact(lost, gained)


def test_mcnemar_refuses_negative_counts() -> None:
    with pytest.raises(ValueError, match="got lost=-1, gained=2"):
        mcnemar_exact(-1, 2)


# The paired bootstrap.
def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    differences = [0.0, -0.5, 0.0, -1.0, 0.0, -0.5, 0.0, 0.0, -1.0, 0.0]
    once = paired_bootstrap_interval(differences, seed=3)
    assert once == paired_bootstrap_interval(differences, seed=3)
    assert once[0] < sum(differences) / len(differences) < once[1] <= 0.0


@given(st.lists(st.floats(-1, 1), min_size=1, max_size=30), st.integers(0, 2**32))
def test_bootstrap_bounds_and_symmetry(differences: list[float], seed: int) -> None:
    low, high = paired_bootstrap_interval(differences, resamples=200, seed=seed)
    assert min(differences) <= low <= high <= max(differences)
    negated = paired_bootstrap_interval([-d for d in differences], resamples=200, seed=seed)
    assert negated == (-high, -low)


@pytest.mark.parametrize(
    ("differences", "options", "message"),
    [
        ([], {}, "needs at least one paired difference"),
        ([float("nan")], {}, "must be finite numbers"),
        ([0.1], {"confidence": 1.0}, "confidence must be between 0 and 1"),
        ([0.1], {"resamples": 0}, "resamples must be at least 1"),
    ],
)
def test_bootstrap_refuses_what_it_cannot_use(
    differences: list[float], options: dict[str, float], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        paired_bootstrap_interval(differences, **options)  # type: ignore[arg-type]


# Sample size for McNemar (Connor 1987).
def test_pairs_needed_known_answer() -> None:
    # psi = 0.34, delta = 0.2: (1.95996 * sqrt(0.34) + 0.84162 * sqrt(0.34 - 0.04))**2 / 0.04
    # = (1.14284 + 0.46097)**2 / 0.04 = 64.3
    assert pairs_needed(0.27, 0.07, exact=False) == 65
    # The exact test's power there is 0.765; it first reaches 0.8 at 71 pairs.
    assert mcnemar_power(0.27, 0.07, 65) == pytest.approx(0.765, abs=0.001)
    assert pairs_needed(0.27, 0.07) == 71
    assert mcnemar_power(0.27, 0.07, 70) < 0.8 <= mcnemar_power(0.27, 0.07, 71)


def test_pairs_needed_of_no_effect_is_none() -> None:
    assert pairs_needed(0.1, 0.1) is None
    assert pairs_needed(0.0, 0.0) is None


@given(st.floats(0.01, 0.5), st.floats(0.0, 0.4))
def test_pairs_needed_is_symmetric_and_falls_with_the_effect(lost: float, gained: float) -> None:
    if lost == gained:
        return
    needed = pairs_needed(lost, gained, exact=False)
    assert needed is not None and needed >= 1
    assert needed == pairs_needed(gained, lost, exact=False)
    if gained < lost and lost + 0.05 + gained <= 1:
        bigger = pairs_needed(lost + 0.05, gained, exact=False)
        assert bigger is not None and bigger <= needed


def test_pairs_needed_refuses_shares_that_are_not() -> None:
    with pytest.raises(ValueError, match="flip shares add up to more than 1"):
        pairs_needed(0.7, 0.6)
    with pytest.raises(ValueError, match="lost_share must be a share between 0 and 1"):
        pairs_needed(1.5, 0.0)


@given(st.floats(0.0, 1.0), st.integers(1, 40), st.data())
def test_pass_hat_k_expectation_is_exactly_p_to_the_k(
    p: float, n: int, data: st.DataObject
) -> None:
    # Unbiased for every p, n and k: the binomial expectation of C(c,k)/C(n,k) is p**k.
    k = data.draw(st.integers(1, n))
    expectation = math.fsum(
        math.comb(n, c) * p**c * (1 - p) ** (n - c) * pass_hat_k(c, n, k) for c in range(n + 1)
    )
    assert expectation == pytest.approx(p**k, abs=1e-9)


MCNEMAR_POWER = [
    (1.0, 0.0, 5, 0.0),  # five flips one way give p = 0.0625: never significant
    (1.0, 0.0, 6, 1.0),  # six give 0.03125: always
    (0.0, 0.0, 50, 0.0),  # nothing flips
    (0.0, 0.3, 50, 0.0),  # only improvements: never a regression
]


@pytest.mark.parametrize(("lost", "gained", "pairs", "expected"), MCNEMAR_POWER)
def test_mcnemar_power_known_answers(
    lost: float, gained: float, pairs: int, expected: float
) -> None:
    assert mcnemar_power(lost, gained, pairs) == pytest.approx(expected)


@given(st.floats(0.0, 0.5), st.floats(0.0, 0.5), st.integers(0, 40))
def test_mcnemar_power_is_a_probability_larger_for_the_bigger_loss(
    lost: float, gained: float, pairs: int
) -> None:
    power = mcnemar_power(lost, gained, pairs)
    assert 0.0 <= power <= 1.0
    if lost <= gained:
        assert power <= 0.05 / 2 + 1e-9  # no real regression: at most the test's level


@settings(max_examples=30)
@given(st.floats(0.05, 0.6), st.floats(0.0, 0.3))
def test_pairs_needed_exact_reaches_the_power_from_connors_start(
    lost: float, gained: float
) -> None:
    if abs(lost - gained) < 0.05:
        return
    needed = pairs_needed(lost, gained)
    connor = pairs_needed(lost, gained, exact=False)
    assert needed is not None and connor is not None and needed >= connor
    if connor <= EXACT_SEARCH_LIMIT:
        larger, smaller = max(lost, gained), min(lost, gained)
        assert mcnemar_power(larger, smaller, needed) >= 0.8
    assert needed == pairs_needed(gained, lost)
