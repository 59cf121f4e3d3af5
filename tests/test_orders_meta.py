"""Generated meta-tests of the orders checkers: answers compliant by construction pass every
requirement; breaking one requirement fails exactly that one; invariants every check keeps."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from checkers.results import RESULT_ADAPTER, Aggregation, Outcome, RequirementResult
from domains.orders import facts, strategies
from domains.orders.checks import checks
from domains.orders.data_files import tau_tasks
from domains.orders.judge import context_for, judge_kinds, requirements_for
from domains.orders.metrics import METRICS
from domains.orders.models import OrdersRequirement, Scenario
from domains.orders.requests import parse_request, request_text
from domains.orders.scenarios import parse_answer_text
from domains.orders.service import WRITES

# Marked so that `checkers mutate orders` runs these properties against each mutant.
pytestmark = pytest.mark.checkers_meta

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = list(requirements_for(tau_tasks()["task-0"]))


def results(scenario: Scenario, answer: Any) -> dict[str, RequirementResult]:
    context = context_for(scenario, parse_answer_text(json.dumps(answer)))
    return {kind: checks.check(req, context) for kind, req in requirements_for(scenario).items()}


def failing(found: dict[str, RequirementResult]) -> dict[str, str]:
    return {
        k: f"{r.outcome.value} {r.reason_code}: {r.reason}"
        for k, r in found.items()
        if r.outcome is not Outcome.PASS
    }


@pytest.mark.parametrize("task_id", strategies.servable_tasks())
def test_a_compliant_conversation_meets_every_requirement(task_id: str) -> None:
    scenario = tau_tasks()[task_id]
    assert failing(results(scenario, strategies.compliant_conversation(scenario))) == {}


def test_most_tasks_are_servable_and_the_rest_are_explained() -> None:
    servable = strategies.servable_tasks()
    assert (
        len(servable) == 66
    )  # 115 tasks - 37 with facts to tell - 5 without writes - 7 unservable
    assert not set(servable) & set(strategies.UNSERVABLE)


@SETTINGS
@given(strategies.broken_answers())
def test_breaking_one_requirement_fails_exactly_that_one(
    drawn: tuple[Scenario, dict[str, Any], str],
) -> None:
    scenario, answer, kind = drawn
    assert set(failing(results(scenario, answer))) == {kind}
    assert results(scenario, answer)[kind].outcome is Outcome.FAIL


@SETTINGS
@given(strategies.tasks())
def test_without_customer_messages_confirmation_is_unscored_and_nothing_else_changes(
    scenario: Scenario,
) -> None:
    conversation = strategies.compliant_conversation(scenario)
    found = results(scenario, strategies.as_trajectory(conversation))
    assert failing(found) == {
        "confirmed_before_writing": "unscored no_user_turns: the answer records no customer "
        "messages, so whether the customer said yes cannot be judged (unscored)"
    }
    verdict = METRICS["policy_compliance"].judge(
        scenario, parse_answer_text(json.dumps(strategies.as_trajectory(conversation))), 1.0
    )
    # Unscored, never dropped: the verdict turns on it (the three others are met).
    assert (verdict.score, verdict.passed, verdict.unscored, verdict.undecided) == (
        0.75,
        False,
        True,
        True,
    )
    assert [s.subject_id for s, _ in verdict.unscored_results()] == ["confirmed_before_writing"]


@SETTINGS
@given(strategies.broken_answers(), st.data())
def test_public_reads_change_no_verdict(
    drawn: tuple[Scenario, dict[str, Any], str], data: st.DataObject
) -> None:
    scenario, answer, _ = drawn
    turn = data.draw(st.integers(0, len(answer["turns"]) - 1))
    read = data.draw(strategies.PUBLIC_READS)
    before = results(scenario, answer)
    after = results(scenario, strategies.add_public_read(answer, turn, read))
    assert {k: (r.outcome, r.reason_code) for k, r in after.items()} == {
        k: (r.outcome, r.reason_code) for k, r in before.items()
    }


@SETTINGS
@given(strategies.broken_answers())
def test_judging_is_deterministic_and_scores_are_exact_fractions(
    drawn: tuple[Scenario, dict[str, Any], str],
) -> None:
    scenario, answer, _ = drawn
    transcript = parse_answer_text(json.dumps(answer))
    for metric in METRICS.values():
        first, second = (metric.judge(scenario, transcript, 1.0) for _ in range(2))
        assert first == second
        assert 0.0 <= first.score <= 1.0
        # Each verdict carries its metric's declared aggregation; with one result per
        # requirement, the share of requirements met is the share of subjects satisfied.
        assert first.aggregation is metric.aggregation
        assert metric.aggregation is Aggregation.REQUIREMENTS or metric.name == "helpful_tone"
        assert first.score == first.satisfied_count / len(first.subjects)
        assert first.passed is (first.satisfied_count == len(first.subjects))


@SETTINGS
@given(strategies.broken_answers(), st.sampled_from(KINDS))
def test_adding_a_requirement_never_turns_a_fail_into_a_pass(
    drawn: tuple[Scenario, dict[str, Any], str],
    extra: str,
) -> None:
    """Scores are shares of requirements met (one subject per requirement), so adding a met
    requirement can raise the share; it can never make a failing verdict pass."""
    scenario, answer, _ = drawn
    transcript = parse_answer_text(json.dumps(answer))
    for name, kinds in (
        ("policy_compliance", ["authenticated_first", "own_data_only"]),
        ("task_success", ["outcome"]),
    ):
        base = judge_kinds(kinds, name, scenario, transcript, 1.0)
        more = judge_kinds([*kinds, extra], name, scenario, transcript, 1.0)
        assert more.passed <= base.passed


@SETTINGS
@given(strategies.broken_answers())
def test_requirements_and_results_survive_a_json_round_trip(
    drawn: tuple[Scenario, dict[str, Any], str],
) -> None:
    scenario, answer, _ = drawn
    adapter: TypeAdapter[Any] = TypeAdapter(OrdersRequirement)
    for requirement in requirements_for(scenario).values():
        assert adapter.validate_json(requirement.model_dump_json()) == requirement
    for result in results(scenario, answer).values():
        assert RESULT_ADAPTER.validate_json(RESULT_ADAPTER.dump_json(result)) == result


@pytest.mark.parametrize("task_id", list(tau_tasks()))
def test_every_gold_request_reads_back_as_the_same_call(task_id: str) -> None:
    for action in tau_tasks()[task_id].expected_actions:
        if action.name in WRITES or action.name == "transfer_to_human_agents":
            kwargs = {k: v for k, v in action.kwargs.items() if k != "user_id"}
            parsed = parse_request(request_text(action.name, kwargs))
            assert parsed is not None and (parsed.name, parsed.kwargs) == (action.name, kwargs)


@given(
    st.decimals(min_value=0, max_value=99999, places=2, allow_nan=False, allow_infinity=False),
    st.sampled_from(["{:.2f}", "${:,.2f}", "{:,}", "USD {:.2f}."]),
)
def test_numbers_are_read_by_value_however_they_are_written(value: Decimal, form: str) -> None:
    text = f"The total is {form.format(value)} today"
    assert value in facts.numbers(text)
    assert facts.as_number(form.format(value).removeprefix("USD ").rstrip(".")) == value


@SETTINGS
@given(strategies.tasks(), st.sampled_from([None, "Can you help me?"]))
def test_an_answer_with_nothing_in_it_is_incomplete_for_every_kind(
    scenario: Scenario, user: str | None
) -> None:
    found = results(scenario, {"turns": [{"user": user, "calls": [], "agent": None}]})
    assert {(r.outcome, r.reason_code) for r in found.values()} == {
        (Outcome.INCOMPLETE, "no_agent_turn")
    }
    for metric in METRICS.values():
        assert not metric.judge(scenario, parse_answer_text(json.dumps({"turns": []})), 1.0).passed


@SETTINGS
@given(strategies.tasks())
def test_a_write_whose_response_was_not_recorded_leaves_the_outcome_incomplete(
    scenario: Scenario,
) -> None:
    conversation = strategies.compliant_conversation(scenario)
    conversation["turns"][0]["calls"][0]["response"] = {"user_id": scenario.user_id}
    found = results(scenario, conversation)
    assert (found["outcome"].outcome, found["outcome"].reason_code) == (
        Outcome.INCOMPLETE,
        "write_response_missing",
    )
