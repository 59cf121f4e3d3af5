"""Judging every prefix of a conversation at once gives the verdicts judging each prefix gives.

``judge_invocations`` judges invocation ``i`` on the conversation up to it. A trajectory metric
does it in one pass (``Metric.judge_each``, :func:`checkers.trajectory.check_trajectory_each`),
so a conversation costs time linear in its length (``benchmarks/bench_trajectory.py`` prints the
figures); these properties pin that the shortcut changes no verdict, reason or note.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from google.adk.evaluation.eval_case import Invocation
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.custom_metric import judge_invocations
from checkers.requirements import Requirement
from checkers.results import Outcome
from checkers.trajectory import (
    CalledBefore,
    ToolMatch,
    _Path,
    check_trajectory,
    check_trajectory_each,
)
from checkers.transcript import Turn, transcripts_of_turns
from domains.dining.metrics import MENU_BEFORE_BOOKING
from tests.test_tool_outcome import failed_responses, unknown_responses
from tests.test_trajectory import requirement_st, tool_match_st
from tests.test_trajectory_hostile import (
    NAMES,
    RESPONSES,
    Raw,
    _called_before_by_definition,
    conversation,
    hostile_invocations,
)

response_st = st.sampled_from([*RESPONSES, ["ok"]]) | failed_responses() | unknown_responses()
call_st = st.tuples(
    st.sampled_from(NAMES),
    st.sampled_from(["r1", "r2"]) | st.sampled_from([{"people": 2}, Raw("r1"), Raw(None)]),
    response_st,
)
turns_st = st.lists(st.lists(call_st, max_size=4), min_size=1, max_size=6)


@given(first=tool_match_st(references=True), then=tool_match_st(), turns=turns_st)
def test_called_before_on_every_prefix_agrees_with_its_definition(
    first: ToolMatch, then: ToolMatch, turns: list[list[Any]]
) -> None:
    req = CalledBefore(first=first, then=then)
    whole = conversation(*turns)
    each = check_trajectory_each(req, whole.turns)
    for result, prefix in zip(each, transcripts_of_turns(whole.turns), strict=True):
        slow = _called_before_by_definition(req, _Path.of(prefix))
        if slow is None:
            assert result.outcome is Outcome.PASS
        else:
            assert (result.outcome, result.reason_code, result.reason) == slow
        assert result == check_trajectory(req, prefix)


@given(requirement=requirement_st, turns=turns_st)
def test_every_kind_on_every_prefix_agrees_with_judging_the_prefix(
    requirement: Requirement, turns: list[list[Any]]
) -> None:
    turned: tuple[Turn, ...] = conversation(*turns).turns
    assert check_trajectory_each(requirement, turned) == [
        check_trajectory(requirement, prefix) for prefix in transcripts_of_turns(turned)
    ]


PER_PREFIX = dataclasses.replace(MENU_BEFORE_BOOKING, judge_each=None)


@given(invocations=hostile_invocations())
def test_the_metric_gives_the_verdicts_of_judging_each_prefix(
    invocations: list[Invocation],
) -> None:
    assert judge_invocations(MENU_BEFORE_BOOKING, invocations, 1.0) == judge_invocations(
        PER_PREFIX, invocations, 1.0
    )


def _turns(count: int) -> tuple[Turn, ...]:
    calls = [("get_menu", "r1", {"status": "ok"}), ("book_table", "r1", {"status": "booked"})]
    return conversation(*([calls] * count)).turns


def test_judge_each_fails_closed() -> None:
    """An exception, or a verdict count that is not one per turn, fails every invocation."""

    def raising(*_: Any) -> Any:
        raise RuntimeError("boom")

    def too_few(*_: Any) -> list[Any]:
        return []

    turns = _turns(3)
    for broken in (raising, too_few):
        metric = dataclasses.replace(MENU_BEFORE_BOOKING, judge_each=broken)
        verdicts = metric.judge_each_ref("story-six", turns, 1.0)
        assert len(verdicts) == 3
        assert all(not v.passed and v.problems[0].code == "evaluator_error" for v in verdicts)
    unknown = MENU_BEFORE_BOOKING.judge_each_ref("no-such-scenario", turns, 1.0)
    assert [v.problems[0].code for v in unknown] == ["unknown_scenario"] * 3


def test_a_reason_names_at_most_ten_positions() -> None:
    req = CalledBefore(first=ToolMatch(name="get_menu"), then=ToolMatch(name="book_table"))
    results = check_trajectory_each(req, _turns(12))
    assert results[-1].reason == (
        "every book_table call (#2, #4, #6, #8, #10, #12, #14, #16, #18, #20 and 2 more) was "
        "preceded by get_menu"
    )
