"""Statistics of repeated runs: pass rates, pass^k, flaky cases, requirement kinds not met."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.run_stats import CASE_METRIC, MetricRun, kind_rates, mean_pass_k, pass_rates
from checkers.stats import wilson_interval


def runs(case: str, metric: str, statuses: str, *kinds: str) -> list[MetricRun]:
    """One record per letter of ``statuses`` (P passed, F failed, N not evaluated), run 1 on;
    each failed run did not meet ``kinds``."""
    names = {"P": "PASSED", "F": "FAILED", "N": "NOT_EVALUATED"}
    return [
        MetricRun(
            run=number,
            case=case,
            metric=metric,
            status=names[letter],
            not_met=frozenset(kinds) if letter == "F" else frozenset(),
        )
        for number, letter in enumerate(statuses, start=1)
    ]


RECORDS = (
    runs("story", "everyone_ate", "PPF", "diet")
    + runs("story", CASE_METRIC, "PPF")
    + runs("solo", "everyone_ate", "PPP")
    + runs("solo", CASE_METRIC, "PPP")
    + runs("night", "everyone_ate", "FFN", "availability", "diet")
    + runs("night", CASE_METRIC, "FFP")  # ADK passes a case whose only metric is not evaluated
)


@pytest.mark.parametrize(
    ("case", "metric", "passed", "flaky", "not_evaluated", "pass_3", "pass_2"),
    [
        ("night", "everyone_ate", 0, False, 1, 0.0, 0.0),
        ("night", CASE_METRIC, 1, True, 0, 0.0, 0.0),
        ("solo", "everyone_ate", 3, False, 0, 1.0, 1.0),
        ("story", "everyone_ate", 2, True, 0, 0.0, 1 / 3),  # C(2,2)/C(3,2)
        ("story", CASE_METRIC, 2, True, 0, 0.0, 1 / 3),
    ],
)
def test_pass_rates_per_case_and_metric(
    case: str,
    metric: str,
    passed: int,
    flaky: bool,
    not_evaluated: int,
    pass_3: float,
    pass_2: float,
) -> None:
    [rate] = [r for r in pass_rates(RECORDS, 3) if (r.case, r.metric) == (case, metric)]
    assert (rate.passed, rate.runs, rate.flaky, rate.not_evaluated) == (
        passed,
        3,
        flaky,
        not_evaluated,
    )
    assert (rate.low, rate.high) == wilson_interval(passed, 3)
    assert rate.pass_k == pass_3
    [rate_2] = [r for r in pass_rates(RECORDS, 2) if (r.case, r.metric) == (case, metric)]
    assert rate_2.pass_k == pytest.approx(pass_2)


def test_rows_are_sorted_by_case_with_the_cases_own_verdict_last() -> None:
    order = [(r.case, r.metric) for r in pass_rates(RECORDS, 1)]
    assert order == [
        ("night", "everyone_ate"),
        ("night", CASE_METRIC),
        ("solo", "everyone_ate"),
        ("solo", CASE_METRIC),
        ("story", "everyone_ate"),
        ("story", CASE_METRIC),
    ]


def test_pass_k_over_the_eval_set_is_the_mean_over_cases() -> None:
    rates = pass_rates(RECORDS, 1)
    assert mean_pass_k(rates, "everyone_ate", 1) == pytest.approx((0 + 1 + 2 / 3) / 3)
    assert mean_pass_k(rates, "everyone_ate", 2) == pytest.approx((0 + 1 + 1 / 3) / 3)
    assert mean_pass_k(rates, "everyone_ate", 4) is None  # no case has 4 runs
    assert mean_pass_k(rates, "no_such_metric", 1) is None


def test_a_case_with_fewer_runs_than_k_has_no_pass_k() -> None:
    [rate] = pass_rates(runs("c", "m", "PP"), 3)
    assert rate.pass_k is None and rate.k == 3


def test_k_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="k must be at least 1, got 0"):
        pass_rates(RECORDS, 0)


def test_kind_rates_count_case_runs_of_the_metric() -> None:
    found = {(k.metric, k.kind): k for k in kind_rates(RECORDS)}
    assert set(found) == {("everyone_ate", "diet"), ("everyone_ate", "availability")}
    diet, availability = found["everyone_ate", "diet"], found["everyone_ate", "availability"]
    assert (diet.not_met, diet.runs) == (3, 9)  # story run 3, night runs 1 and 2
    assert (availability.not_met, availability.runs) == (2, 9)
    assert (diet.low, diet.high) == wilson_interval(3, 9)
    assert [k.kind for k in kind_rates(RECORDS)] == ["diet", "availability"]  # highest first


def test_an_unscored_kind_counts_apart_unless_it_was_also_not_met() -> None:
    records = [
        MetricRun(1, "c", "m", "FAILED", unscored=frozenset({"diet", "spice"})),
        MetricRun(2, "c", "m", "FAILED", not_met=frozenset({"diet"}), unscored=frozenset({"diet"})),
    ]
    found = {k.kind: (k.not_met, k.unscored, k.runs) for k in kind_rates(records)}
    assert found == {"diet": (1, 1, 2), "spice": (0, 1, 2)}


outcomes = st.lists(st.sampled_from("PFN"), min_size=1, max_size=8)


@given(st.dictionaries(st.sampled_from(["a", "b", "c"]), outcomes, min_size=1))
def test_every_case_and_metric_gets_one_row_whose_counts_add_up(
    by_case: dict[str, str],
) -> None:
    records = [r for case, letters in by_case.items() for r in runs(case, "m", "".join(letters))]
    rates = pass_rates(records, 1)
    assert sorted(r.case for r in rates) == sorted(by_case)
    for rate in rates:
        letters = by_case[rate.case]
        assert (rate.passed, rate.runs) == (letters.count("P"), len(letters))
        assert rate.not_evaluated == letters.count("N")
        assert rate.flaky == (0 < rate.passed < rate.runs)
        assert rate.low <= rate.rate <= rate.high
        assert rate.pass_k == pytest.approx(rate.rate)  # pass^1 is the pass rate
