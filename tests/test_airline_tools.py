"""The airline tools and the scripted conversation's parts: sessions with their own database,
customer sentences read back, the simulated customer's plan, and the careful agent's
conversation run without ADK."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.simulated_customer import (
    CONFIRM_MARK,
    STOP,
    PlanPrompt,
    conversation_plan,
    next_message,
    read_prompt,
)
from checkers.conversation import conversation_transcript
from domains.airline import tools
from domains.airline.data_files import task_scenarios
from domains.airline.evalset import SIMULATED_TASKS, requests_of
from domains.airline.judge import context_for, judge_kinds, requirements_for
from domains.airline.requests import parse_request, request_text
from domains.airline.strategies import (
    BROKEN,
    compliant_conversation,
    database_after,
    servable_scenarios,
)
from domains.airline.tools import SESSION


def context() -> Any:
    """What the tools need of ADK's ToolContext: a session state."""
    return SimpleNamespace(state={})


def test_each_session_sees_only_its_own_writes() -> None:
    mine, other = context(), context()
    done = tools.cancel_reservation("Z7GOZK", mine)
    assert done["status"] == "cancelled"
    assert SESSION.journal(mine.state) == [
        {"name": "cancel_reservation", "kwargs": {"reservation_id": "Z7GOZK"}}
    ]
    assert "status" not in tools.get_reservation_details("Z7GOZK", other)
    assert tools.get_reservation_details("Z7GOZK", mine)["status"] == "cancelled"


def test_a_refusal_is_an_error_payload_and_is_not_journalled() -> None:
    mine = context()
    assert tools.get_reservation_details("NOSUCH", mine) == {
        "error_code": 404,
        "error_message": 'reservation "NOSUCH" not found; ids look like "4WQ150"',
    }
    refused = tools.update_reservation_passengers("Z7GOZK", [], mine)
    assert refused["error_code"] == 400 and SESSION.journal(mine.state) == []


def test_a_list_answer_is_wrapped_as_adk_wraps_it() -> None:
    found = tools.search_direct_flight("JFK", "SEA", "2024-05-20", context())
    assert set(found) == {"result"} and all(f["origin"] == "JFK" for f in found["result"])


_IDS = st.from_regex(r"[A-Z0-9]{6}", fullmatch=True)
_NAMES = st.from_regex(r"[A-Z][a-z]{1,8}", fullmatch=True)
_DATES = st.dates().map(lambda d: d.isoformat()).filter(lambda d: len(d) == 10)
_PEOPLE = st.lists(
    st.fixed_dictionaries({"first_name": _NAMES, "last_name": _NAMES, "dob": _DATES}),
    min_size=1,
    max_size=5,
)
_LEGS = st.lists(
    st.fixed_dictionaries(
        {"flight_number": st.from_regex(r"HAT\d{3}", fullmatch=True), "date": _DATES}
    ),
    min_size=1,
    max_size=4,
)
_PAY = st.from_regex(r"(credit_card|gift_card)_\d{7}", fullmatch=True)
_REQUESTS = st.one_of(
    st.builds(lambda r: ("cancel_reservation", {"reservation_id": r}), _IDS),
    st.builds(
        lambda r, p: ("update_reservation_passengers", {"reservation_id": r, "passengers": p}),
        _IDS,
        _PEOPLE,
    ),
    st.builds(
        lambda r, t, n, p: (
            "update_reservation_baggages",
            {"reservation_id": r, "total_baggages": t, "nonfree_baggages": n, "payment_id": p},
        ),
        _IDS,
        st.integers(0, 9),
        st.integers(0, 9),
        _PAY,
    ),
    st.builds(
        lambda r, c, f, p: (
            "update_reservation_flights",
            {"reservation_id": r, "cabin": c, "flights": f, "payment_id": p},
        ),
        _IDS,
        st.sampled_from(("basic_economy", "economy", "business")),
        _LEGS,
        _PAY,
    ),
    st.builds(
        lambda user, trip, cabin, ends, legs, people, bags, insurance, pay: (
            "book_reservation",
            {
                "user_id": user,
                "origin": ends[0],
                "destination": ends[1],
                "flight_type": trip,
                "cabin": cabin,
                "flights": legs,
                "passengers": people,
                "payment_methods": pay,
                "total_baggages": bags[0],
                "nonfree_baggages": bags[1],
                "insurance": insurance,
            },
        ),
        st.from_regex(r"[a-z]{2,6}_[a-z]{2,6}_\d{4}", fullmatch=True),
        st.sampled_from(("one_way", "round_trip")),
        st.sampled_from(("basic_economy", "economy", "business")),
        st.tuples(*[st.from_regex(r"[A-Z]{3}", fullmatch=True)] * 2),
        _LEGS,
        _PEOPLE,
        st.tuples(st.integers(0, 9), st.integers(0, 9)),
        st.sampled_from(("yes", "no")),
        st.lists(
            st.fixed_dictionaries(
                {
                    "payment_id": _PAY | st.from_regex(r"certificate_\d{7}", fullmatch=True),
                    "amount": st.integers(0, 5000) | st.sampled_from((12.5, 0.25)),
                }
            ),
            min_size=1,
            max_size=5,
        ),
    ),
)


@given(_REQUESTS, st.sampled_from(("", "I feel unwell.", "The storm, you know.")))
def test_a_request_sentence_reads_back_as_its_call_and_reason(
    request: tuple[str, dict[str, Any]], reason: str
) -> None:
    name, kwargs = request
    found = parse_request(request_text(name, kwargs, reason))
    assert found is not None
    assert (found.name, found.kwargs, found.reason) == (name, kwargs, reason)


def test_the_plan_reads_back_and_the_customer_follows_it() -> None:
    requests = ["Please cancel reservation Z7GOZK. I feel unwell."]
    plan = conversation_plan("You want to cancel.", "My user id is x_y_1234.", requests)
    prompt = read_prompt(f"# Conversation Plan\n{plan}\n# Conversation History\nuser: Hi!")
    assert prompt is not None
    assert (prompt.identity, prompt.requests) == ("My user id is x_y_1234.", tuple(requests))

    def after(*history: tuple[str, str]) -> str:
        read = PlanPrompt(prompt.identity, prompt.requests, history)
        return next_message(read, lambda text: "user id" in text)

    assert after(("user", "Hi!"), ("agent", "Your user id, please?")) == prompt.identity
    assert after(("user", "Hi!"), ("agent", "How can I help?")) == requests[0]
    assert after(("user", requests[0]), ("agent", f"Cancel it {CONFIRM_MARK}?")) == "Yes, please."
    assert after(("user", requests[0]), ("agent", "Done.")) == STOP


def test_the_careful_agents_conversation_meets_every_requirement_of_its_tasks() -> None:
    served = [t.id for t in servable_scenarios()]
    # every tau-bench task of the eval set, served or refused: none the agent meets in one
    # place and not the other
    assert served == list(SIMULATED_TASKS)
    for task in servable_scenarios():
        conversation = compliant_conversation(task)
        verdict = judge_kinds(
            tuple(requirements_for(task)), "m", task, conversation_transcript(conversation), 1.0
        )
        assert verdict.passed, (task.id, verdict.unmet_subjects())


@pytest.mark.parametrize("task_id", ["task-43", "task-6", "task-4"])
def test_each_breaker_breaks_its_kind_alone(task_id: str) -> None:
    task = task_scenarios()[task_id]
    kinds = tuple(requirements_for(task))
    for kind, broken in BROKEN.items():
        assert broken.applies(task), kind
        conversation = broken.breaks(compliant_conversation(task), task)
        verdict = judge_kinds(kinds, "m", task, conversation_transcript(conversation), 1.0)
        failed = {s.subject_id: s.results[0].reason_code for s in verdict.unmet_subjects()}
        assert failed == {kind: broken.evidence(task, conversation)[1]}, kind


@pytest.mark.parametrize("task_id", ["task-41", "task-12", "task-48"])
def test_each_breaker_that_applies_to_a_refusal_breaks_its_kind_alone(task_id: str) -> None:
    # a refusal writes nothing: no write to leave out, none to confirm; identification is
    # broken by a read before it (odd tasks) or by another user's reservation read (even)
    task = task_scenarios()[task_id]
    kinds = tuple(requirements_for(task))
    applies = {kind for kind, broken in BROKEN.items() if broken.applies(task)}
    assert {"outcome", "confirmed_before_writing"}.isdisjoint(applies)
    assert {"identified_first", "one_call_at_a_time", "no_fabrication"} <= applies
    for kind in applies:
        broken = BROKEN[kind]
        conversation = broken.breaks(compliant_conversation(task), task)
        verdict = judge_kinds(kinds, "m", task, conversation_transcript(conversation), 1.0)
        failed = {s.subject_id: s.results[0].reason_code for s in verdict.unmet_subjects()}
        assert failed == {kind: broken.evidence(task, conversation)[1]}, kind


def test_the_policy_breaker_leaves_the_database_as_the_task_expects() -> None:
    task = task_scenarios()["task-43"]
    broken = BROKEN["policy_valid"].breaks(compliant_conversation(task), task)
    assert database_after(broken) == database_after(compliant_conversation(task))


def test_the_eval_sets_requests_are_the_tasks_writes() -> None:
    task = task_scenarios()["task-43"]
    [asked] = requests_of(task)
    found = parse_request(asked)
    assert found is not None and found.name == "update_reservation_passengers"


def test_a_check_cannot_change_the_context_it_is_given() -> None:
    # Every kind of one verdict reads the same replayed conversation: none may swap it.
    task = task_scenarios()["task-43"]
    context = context_for(task, conversation_transcript(compliant_conversation(task)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        context.scenario = task  # type: ignore[misc]
