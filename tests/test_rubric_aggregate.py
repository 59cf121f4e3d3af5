"""Majority over samples, and the tie rule: only a strict majority of all samples decides."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.results import Outcome
from checkers.rubric.aggregate import SampleVerdict, majority

Y = SampleVerdict.scored("yes", "explained")
N = SampleVerdict.scored("no", "not explained")
T = SampleVerdict.unscored("judge_timeout", "no answer within 60 s")
OFF = SampleVerdict.unscored("reply_off_menu", "verdict 'pass' is off the menu")


@pytest.mark.parametrize(
    ("samples", "outcome", "code"),
    [
        ([Y], Outcome.PASS, "rubric_met"),
        ([N], Outcome.FAIL, "rubric_not_met"),
        ([T], Outcome.UNSCORED, "judge_timeout"),
        ([Y, Y, N], Outcome.PASS, "rubric_met"),  # 2 > 3/2
        ([Y, N, N], Outcome.FAIL, "rubric_not_met"),
        ([Y, Y, T], Outcome.PASS, "rubric_met"),  # unscored counts in n: 2 > 3/2 still
        ([Y, T, T], Outcome.UNSCORED, "judge_no_majority"),  # 1 yes is not > 3/2
        ([Y, N, T], Outcome.UNSCORED, "judge_no_majority"),
        ([Y, N], Outcome.UNSCORED, "judge_no_majority"),  # a tie is unscored, never met
        ([Y, Y, N, N], Outcome.UNSCORED, "judge_no_majority"),
        ([Y, Y, Y, N], Outcome.PASS, "rubric_met"),
        ([T, T, T], Outcome.UNSCORED, "judge_timeout"),  # one cause: its code
        ([T, OFF, T], Outcome.UNSCORED, "judge_no_majority"),  # mixed causes
    ],
    ids=lambda v: (
        "".join(s.verdict[0] if s.verdict else "u" for s in v) if isinstance(v, list) else str(v)
    ),
)
def test_strict_majority_of_all_samples(
    samples: list[SampleVerdict], outcome: Outcome, code: str
) -> None:
    decision = majority(samples)
    assert (decision.outcome, decision.code) == (outcome, code)
    assert decision.yes + decision.no + decision.unscored == len(samples)


def test_reasons_say_how_many_samples_and_why() -> None:
    assert majority([Y, Y, N]).reason == "the judge said yes in 2 of 3 samples: explained"
    assert majority([N]).reason == "the judge said no: not explained"
    assert majority([Y, N]).reason == (
        "no strict majority of 2 samples (1 yes, 1 no, 0 unscored); a tie or too few scored "
        "samples is unscored, never met"
    )
    assert majority([T, T]).reason == (
        "unscored (all 2 samples): no answer within 60 s; an unscored rubric never counts as met"
    )


def test_no_samples_is_an_error_that_says_what_to_do() -> None:
    with pytest.raises(ValueError, match=r"needs at least one sample; judge the rubric first"):
        majority([])


@given(st.lists(st.sampled_from([Y, N, T, OFF]), min_size=1, max_size=15))
def test_met_exactly_when_yes_is_a_strict_majority_of_all_samples(
    samples: list[SampleVerdict],
) -> None:
    yes = sum(s.verdict == "yes" for s in samples)
    no = sum(s.verdict == "no" for s in samples)
    outcome = majority(samples).outcome
    assert (outcome is Outcome.PASS) == (2 * yes > len(samples))
    assert (outcome is Outcome.FAIL) == (2 * no > len(samples))
