"""A write the response says did not happen commits nothing, in every domain that writes.

The class: a write tool's response says the write was not made (a done-flag false, a failed or
not-done status such as ``"queued"`` or ``"awaiting approval"``, ``{"error": ...}``, an
"Error: ..." text, an HTTP error body, an MCP ``isError``, ADK's ReflectAndRetry payload, any
of these beside the record or one level down, and a response saying both), drawn by
:func:`tests.failed_writes.failed_responses`. Then:

- dining: the booking is not the plan made (the property is
  :func:`tests.test_planning_reader_classes.test_a_booking_the_response_says_was_not_made_commits_nothing`,
  over the same strategy);
- orders and airline: the database is not the one the write would leave (``task_success``
  does not pass), a reply after it saying the write is done does not pass ``no_fabrication``,
  and a retry of the same write that succeeds is judged as the first write (``policy_valid``
  does not call it a repeat);
- scheduling has no write tool (``get_meeting`` and ``get_calendar`` read): nothing to commit.

Honest controls: the writes as the service answers them (an order still ``"pending"`` after its
address changed included) pass every requirement, and a read whose record is pending or
awaiting something is a read that succeeded.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers.conversation import conversation_transcript
from checkers.meta.conversations import Conversation
from checkers.meta.service_answers import calls_of
from checkers.results import Verdict
from checkers.tool_outcome import tool_outcome, write_not_done
from domains.airline import strategies as airline
from domains.airline.judge import judge_kinds as airline_judge
from domains.airline.judge import requirements_for as airline_requirements
from domains.airline.service import WRITES as AIRLINE_WRITES
from domains.orders import strategies as orders
from domains.orders.judge import context_for as orders_context
from domains.orders.judge import judge_kinds as orders_judge
from domains.orders.judge import requirements_for as orders_requirements
from domains.orders.service import WRITES as ORDERS_WRITES
from domains.scheduling import tools as scheduling_tools
from tests.failed_writes import (
    FAILED_STATUS_WORDS,
    GENERIC_TEXTS,
    NOT_DONE_STATUS_WORDS,
    failed_responses,
)

SETTINGS = settings(max_examples=80, deadline=None)

Judge = Callable[..., Verdict]


class Domain:
    """What the properties need of a customer-service domain."""

    def __init__(
        self,
        name: str,
        scenarios: Callable[[], Any],
        compliant: Callable[[Any], Conversation],
        recorded: Callable[[Conversation], Conversation],
        judge: Judge,
        requirements: Callable[[Any], Any],
        writes: frozenset[str],
    ) -> None:
        self.name = name
        self.scenarios = scenarios
        self.compliant = compliant
        self.recorded = recorded
        self.judge = judge
        self.requirements = requirements
        self.writes = writes

    def verdict(self, scenario: Any, conversation: Conversation, kinds: tuple[str, ...]) -> Verdict:
        return self.judge(
            kinds, "failed-writes", scenario, conversation_transcript(conversation), 1.0
        )

    def outcomes(self, scenario: Any, conversation: Conversation) -> dict[str, str]:
        kinds = tuple(self.requirements(scenario))
        verdict = self.verdict(scenario, conversation, kinds)
        return {
            r.kind: f"{r.outcome.value} {r.reason_code}"
            for s in verdict.subjects
            for r in s.results
        }


ORDERS = Domain(
    "orders",
    orders.servable_scenarios,
    orders.compliant_conversation,
    orders.recorded,
    orders_judge,
    orders_requirements,
    ORDERS_WRITES,
)
AIRLINE = Domain(
    "airline",
    airline.servable_scenarios,
    airline.compliant_conversation,
    airline.recorded,
    airline_judge,
    airline_requirements,
    AIRLINE_WRITES,
)
DOMAINS = {"orders": ORDERS, "airline": AIRLINE}


def _write_scenarios(domain: Domain) -> list[Any]:
    return [
        s for s in domain.scenarios() if any(a.name in domain.writes for a in s.expected_actions)
    ]


def _write_positions(domain: Domain, conversation: Conversation) -> list[int]:
    return [i for i, c in enumerate(calls_of(conversation)) if c["name"] in domain.writes]


def _value(response: Any) -> Any:
    """The write's own value inside a recorded response (tau-bench's ``{"result": x}`` is x)."""
    if isinstance(response, dict) and set(response) == {"result"}:
        return response["result"]
    return response


def _own_status(response: Any) -> str | None:
    value = _value(response)
    status = value.get("status") if isinstance(value, dict) else None
    return status if isinstance(status, str) else None


def _failed_for(honest: Any) -> st.SearchStrategy[dict[str, Any]]:
    """A failed response to the write ``honest`` answered: around its record or alone, never
    with the state the write itself leaves (an order still pending after its address changed
    says nothing about the call)."""
    own = (_own_status(honest) or "").strip().casefold()
    statuses = [s for s in FAILED_STATUS_WORDS + NOT_DONE_STATUS_WORDS if s.casefold() != own]
    value = _value(honest)
    records = [{}, value] if isinstance(value, dict) else [{}]
    return failed_responses(records, GENERIC_TEXTS, statuses)


def _set_response(conversation: Conversation, position: int, response: Any) -> Conversation:
    changed = copy.deepcopy(conversation)
    calls_of(changed)[position]["response"] = response
    return changed


def _turn_of(conversation: Conversation, position: int) -> int:
    seen = 0
    for index, turn in enumerate(conversation["turns"]):
        seen += len(turn["calls"])
        if position < seen:
            return index
    raise AssertionError(position)


@pytest.fixture(scope="module", params=sorted(DOMAINS))
def domain(request: pytest.FixtureRequest) -> Domain:
    return DOMAINS[request.param]


# --- honest controls ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_every_write_as_the_service_answers_it_passes(name: str) -> None:
    domain = DOMAINS[name]
    for scenario in _write_scenarios(domain):
        conversation = domain.recorded(domain.compliant(scenario))
        outcomes = domain.outcomes(scenario, conversation)
        assert all(o.startswith("pass") for o in outcomes.values()), (scenario.id, outcomes)


@pytest.mark.parametrize(
    "response",
    [
        {"status": "pending", "order_id": "#W1"},
        {"result": {"order_id": "#W1", "status": "pending (item modified)"}},
        {"status": "awaiting approval", "ticket": "T-1"},
        {"result": "Your request is queued behind 3 others."},
    ],
)
def test_a_reads_pending_or_queued_record_is_a_read_that_succeeded(response: Any) -> None:
    """The not-done reading is for writes only: a read reports the record's state."""
    assert tool_outcome(response).succeeded, response


@pytest.mark.parametrize(
    ("response", "own"),
    [
        ({"order_id": "#W1", "status": "pending"}, "pending"),
        ({"result": {"order_id": "#W1", "status": "pending"}}, "pending"),
        ({"order_id": "#W1", "status": "return requested"}, "return requested"),
        ({"reservation_id": "HATHAT", "status": None}, None),
        ({"result": "Certificate certificate_1 added to user u with amount 150."}, None),
    ],
)
def test_a_write_reporting_the_state_it_leaves_is_done(response: Any, own: str | None) -> None:
    assert write_not_done(response, own) is None, response


@pytest.mark.parametrize(
    ("response", "status"),
    [
        ({"success": "no"}, "failed"),
        ({"ok": "No"}, "failed"),
        ({"success": "yes"}, "unknown"),
        ({"isError": "no"}, "unknown"),
    ],
)
def test_a_loose_no_is_read_only_as_a_failure(response: Any, status: str) -> None:
    """A success flag of "no" is a failure; a loose word is never read as a success."""
    assert tool_outcome(response).status.value == status, response


def test_scheduling_has_no_write_tool() -> None:
    """Nothing scheduling's agent calls commits anything: the class does not arise there."""
    tools = {name for name in vars(scheduling_tools) if name.startswith("get_")}
    assert tools == {"get_meeting", "get_calendar"}


# --- properties ---------------------------------------------------------------------------------


@SETTINGS
@given(data=st.data())
def test_a_failed_write_leaves_the_database_as_it_was(domain: Domain, data: st.DataObject) -> None:
    """The last write's response says it failed: the database is not the one the expected
    writes leave, so ``task_success`` does not pass."""
    scenario = data.draw(st.sampled_from(_write_scenarios(domain)), label="scenario")
    assume(
        orders.last_write_changes(scenario)
        if domain is ORDERS
        else airline.last_write_changes(scenario)
    )
    honest = domain.recorded(domain.compliant(scenario))
    position = _write_positions(domain, honest)[-1]
    response = data.draw(_failed_for(calls_of(honest)[position]["response"]), label="response")
    failed = _set_response(honest, position, response)
    verdict = domain.verdict(scenario, failed, ("outcome", "conveyed"))
    assert not verdict.passed, (scenario.id, calls_of(honest)[position]["name"], response)


@SETTINGS
@given(data=st.data())
def test_saying_a_failed_write_is_done_is_made_up(domain: Domain, data: st.DataObject) -> None:
    """The first write's response says it failed and the agent's reply says it is done: the
    conversation ends there, nothing was written, and ``no_fabrication`` does not pass."""
    scenario = data.draw(st.sampled_from(_write_scenarios(domain)), label="scenario")
    honest = domain.recorded(domain.compliant(scenario))
    position = _write_positions(domain, honest)[0]
    response = data.draw(_failed_for(calls_of(honest)[position]["response"]), label="response")
    failed = _set_response(honest, position, response)
    failed["turns"] = failed["turns"][: _turn_of(failed, position) + 1]
    verdict = domain.verdict(scenario, failed, ("no_fabrication",))
    assert not verdict.passed, (scenario.id, failed["turns"][-1]["agent"], response)


@SETTINGS
@given(data=st.data())
def test_a_failed_write_retried_is_one_write(domain: Domain, data: st.DataObject) -> None:
    """The first write fails and the agent makes it again at once, which succeeds: the
    database is the expected one and no policy rule reads the failed call as a write made."""
    scenario = data.draw(st.sampled_from(_write_scenarios(domain)), label="scenario")
    honest = domain.recorded(domain.compliant(scenario))
    position = _write_positions(domain, honest)[0]
    response = data.draw(_failed_for(calls_of(honest)[position]["response"]), label="response")
    retried = copy.deepcopy(honest)
    turn = retried["turns"][_turn_of(retried, position)]
    index = next(i for i, c in enumerate(turn["calls"]) if c["name"] in domain.writes)
    turn["calls"].insert(index, copy.deepcopy(turn["calls"][index]))
    retried = _set_response(retried, position, response)
    outcomes = domain.outcomes(scenario, retried)
    assert outcomes["outcome"].startswith("pass"), (scenario.id, response, outcomes)
    assert outcomes["policy_valid"].startswith("pass"), (scenario.id, response, outcomes)


# --- airline: what a reply says was done ----------------------------------------------------------

TASK_1 = next(s for s in AIRLINE.scenarios() if s.id == "task-1")


def _airline_reply(said: str, write: bool = False) -> Verdict:
    """The airline ``no_fabrication`` verdict on ``said`` after task 1's customer is identified
    and reservation Z7GOZK read (and cancelled, with ``write``)."""
    calls = [
        {"name": "get_user_details", "args": {"user_id": str(TASK_1.user_id)}},
        {"name": "get_reservation_details", "args": {"reservation_id": "Z7GOZK"}},
    ]
    if write:
        calls.append({"name": "cancel_reservation", "args": {"reservation_id": "Z7GOZK"}})
    conversation = {"turns": [{"user": f"My user id is {TASK_1.user_id}.", "calls": calls}]}
    conversation["turns"][0]["agent"] = said
    return AIRLINE.verdict(TASK_1, AIRLINE.recorded(conversation), ("no_fabrication",))


@pytest.mark.parametrize(
    "said",
    [
        "Your reservation Z7GOZK is booked in economy.",
        "I have not updated your reservation yet.",
        "Once you confirm, I'll update reservation Z7GOZK.",
        "Would you like me to change the flights of Z7GOZK?",
        "The reservation Z7GOZK has not been modified.",
        "I've checked reservation Z7GOZK for you.",
    ],
)
def test_a_reply_that_claims_no_write_needs_none(said: str) -> None:
    verdict = _airline_reply(said)
    codes = {r.reason_code for s in verdict.subjects for r in s.results}
    assert "action_not_taken" not in codes, (said, codes)


@pytest.mark.parametrize(
    "said",
    [
        "Done: reservation Z7GOZK is updated.",
        "I've updated reservation Z7GOZK.",
        "Your reservation has been successfully rebooked.",
        "All set! Your booking is confirmed.",
        "I have added 2 checked bags to Z7GOZK.",
        "Your flights are now changed.",
    ],
)
def test_a_reply_that_claims_a_write_needs_one(said: str) -> None:
    verdict = _airline_reply(said)
    codes = {r.reason_code for s in verdict.subjects for r in s.results}
    assert codes == {"action_not_taken"}, (said, codes)
    after_write = _airline_reply(said, write=True)
    done = {r.reason_code for s in after_write.subjects for r in s.results}
    assert "action_not_taken" not in done, (said, done)


@pytest.mark.parametrize("status", ["pending", "queued", "awaiting approval", "on hold"])
def test_a_read_reporting_a_not_done_state_succeeded_in_the_replay(status: str) -> None:
    """A lookup's record may be pending or queued: the call that read it succeeded."""
    scenario = _write_scenarios(ORDERS)[0]
    honest = ORDERS.recorded(ORDERS.compliant(scenario))
    position = next(i for i, c in enumerate(calls_of(honest)) if c["name"] == "get_order_details")
    record = dict(_value(calls_of(honest)[position]["response"]), status=status)
    changed = _set_response(honest, position, {"result": record})
    context = orders_context(scenario, conversation_transcript(changed))
    assert context.conversation.calls[position].ok, status
