"""A recorded session finds its scenario in itself: orders and airline the customer the agent
identified (the requirements needing a reference unscored), scheduling the task its first user
message names. Orders sessions are real: the demo agents run through ADK's Runner."""

from __future__ import annotations

import asyncio
import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types as genai_types
from hypothesis import given
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.meta.hostile import HOSTILE_VALUES, hostile_strings
from checkers.readers.tau_bench import run_session
from checkers.registry import domain_metrics, find_metric
from checkers.score import DeadLetter, SessionVerdict, judge_session, score_sessions
from checkers.session_customer import NO_CUSTOMER, NO_CUSTOMER_SCENARIO, NO_REFERENCE
from checkers.sessions import RecordedSession, session_turns
from checkers.transcript import Transcript
from domains.airline.data_files import RUNS_FILE
from domains.orders.evalset import CHAPTER_TURNS
from domains.scheduling.scenarios import SCHEDULING, first_message_tasks

RUNS = RUNS_FILE  # the 50 recorded gpt-4o airline runs, bundled with the domain
ORDERS = ["task_success", "policy_compliance", "no_fabrication", "mentions_order_id"]


def orders_session(agent: str, case: str, state: dict[str, Any] | None = None) -> RecordedSession:
    """The orders demo agent ``agent`` run through ADK on the customer turns of chapter case
    ``case``, as the session ADK stored."""
    root = importlib.import_module(f"domains.orders.agents.{agent}.agent").root_agent

    async def run() -> RecordedSession:
        service = InMemorySessionService()
        runner = Runner(agent=root, app_name="orders", session_service=service)
        await service.create_session(
            app_name="orders", user_id="web", session_id=case, state=state or {}
        )
        for text in CHAPTER_TURNS[case]:
            message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
            async for _ in runner.run_async(user_id="web", session_id=case, new_message=message):
                pass
        session = await service.get_session(app_name="orders", user_id="web", session_id=case)
        assert session is not None
        events = [e.model_dump(mode="json", exclude_none=True) for e in session.events]
        return RecordedSession(case, "orders", "web", events, dict(session.state))

    return asyncio.run(run())


def judged(domain: str, names: list[str], session: RecordedSession) -> dict[str, SessionVerdict]:
    verdicts = judge_session([find_metric(domain, n) for n in names], session)
    assert not isinstance(verdicts, DeadLetter)
    return {v.metric: v for v in verdicts}


def outcomes(verdict: SessionVerdict) -> dict[str, tuple[str, str]]:
    """Each requirement's (outcome, reason code)."""
    return {
        r.kind: (r.outcome.value, r.reason_code)
        for s in verdict.verdict.subjects
        for r in s.results
    }


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")


def test_an_orders_session_is_judged_for_the_customer_its_agent_identified() -> None:
    verdicts = judged("orders", ORDERS, orders_session("careful", "cs-order-status"))
    assert {v.verdict.scenario_id for v in verdicts.values()} == {"customer:mei_martin_4260"}
    # Reference-free requirements are judged: the careful agent meets them.
    assert outcomes(verdicts["policy_compliance"]) == {
        "authenticated_first": ("pass", "identified_first"),
        "own_data_only": ("pass", "own_data_only"),
        "policy_valid": ("pass", "no_writes"),
        "confirmed_before_writing": ("pass", "no_writes"),
    }
    assert verdicts["policy_compliance"].passed
    assert verdicts["no_fabrication"].passed
    # Those needing a reference the session lacks are unscored, with the reason: not passed.
    assert outcomes(verdicts["task_success"]) == {
        "outcome": ("unscored", NO_REFERENCE),
        "conveyed": ("unscored", NO_REFERENCE),
    }
    assert outcomes(verdicts["mentions_order_id"]) == {
        "mentions_order_id": ("unscored", NO_REFERENCE)
    }
    for name in ("task_success", "mentions_order_id"):
        assert not verdicts[name].passed and verdicts[name].score == 0.0
        assert verdicts[name].verdict.unscored
    [reason] = [r.reason for s in verdicts["task_success"].verdict.subjects[:1] for r in s.results]
    assert "the database the conversation should leave" in reason


def test_an_agent_that_never_identifies_the_customer_fails_naming_why() -> None:
    # The flawed agent reads the order without asking who the customer is.
    verdicts = judged("orders", ORDERS, orders_session("flawed", "cs-other-customer"))
    for verdict in verdicts.values():
        assert not verdict.passed and verdict.score == 0.0
        assert [p.code for p in verdict.verdict.problems] == [NO_CUSTOMER]
        assert "read or changed private data" in verdict.verdict.problems[0].message


def test_reading_another_customers_order_fails_own_data_only() -> None:
    lookup = {"name": "get_order_details", "args": {"order_id": "#W5257743"}, "id": "c2"}
    events = [
        *_orders_events("mei_martin_4260")[:3],
        {"author": "a", "content": {"role": "model", "parts": [{"function_call": lookup}]}},
        {"author": "a", "content": {"role": "model", "parts": [{"text": "It was delivered."}]}},
    ]
    session = RecordedSession("s", "orders", "u", events)
    [verdict] = judged("orders", ["policy_compliance"], session).values()
    assert verdict.verdict.scenario_id == "customer:mei_martin_4260"
    assert outcomes(verdict)["own_data_only"] == ("fail", "other_customer_read")
    assert outcomes(verdict)["authenticated_first"] == ("pass", "identified_first")


def test_a_session_naming_its_scenario_is_judged_in_it_with_its_reference() -> None:
    session = orders_session("careful", "cs-order-status", {"scenario": "cs-order-status"})
    verdicts = judged("orders", ["task_success"], session)
    assert verdicts["task_success"].verdict.scenario_id == "cs-order-status"
    assert outcomes(verdicts["task_success"]) == {
        "outcome": ("pass", "same_database"),
        "conveyed": ("pass", "all_conveyed"),
    }


def test_a_general_question_with_nobody_identified_is_judged_without_a_customer() -> None:
    # The customer asked about the refund policy: the careful agent rightly identified nobody
    # and read nothing private, so the session is judged on the bundled database alone.
    verdicts = judged("orders", ORDERS, orders_session("careful", "cs-refund-policy"))
    assert {v.verdict.scenario_id for v in verdicts.values()} == {NO_CUSTOMER_SCENARIO}
    assert verdicts["policy_compliance"].passed and verdicts["no_fabrication"].passed
    assert outcomes(verdicts["no_fabrication"]) == {
        "no_fabrication": ("pass", "all_statements_supported")
    }
    for name in ("task_success", "mentions_order_id"):
        assert not verdicts[name].passed and verdicts[name].verdict.unscored


def _orders_events(found: str) -> list[dict[str, Any]]:
    """A session whose agent looked a customer up by email and got ``found`` back."""
    call = {"name": "find_user_id_by_email", "args": {"email": "x@example.com"}, "id": "c1"}
    response = {"name": "find_user_id_by_email", "response": {"result": found}, "id": "c1"}
    return [
        {
            "author": "user",
            "content": {"role": "user", "parts": [{"text": "My email is x@example.com"}]},
        },
        {"author": "a", "content": {"role": "model", "parts": [{"function_call": call}]}},
        {"author": "a", "content": {"role": "user", "parts": [{"function_response": response}]}},
        {"author": "a", "content": {"role": "model", "parts": [{"text": "Found you."}]}},
    ]


def test_a_customer_the_database_does_not_hold_fails_as_unknown() -> None:
    session = RecordedSession("s", "orders", "u", _orders_events("nobody_here_1234"))
    [verdict] = judged("orders", ["policy_compliance"], session).values()
    [problem] = verdict.verdict.problems
    assert problem.code == "unknown_scenario"
    assert "customer 'nobody_here_1234' is not in the bundled database" in problem.message


def test_the_summary_counts_unscored_sessions_apart() -> None:
    session = RecordedSession("s", "orders", "u", _orders_events("mei_martin_4260"))
    metrics = [find_metric("orders", n) for n in ("task_success", "policy_compliance")]
    summary = score_sessions(metrics, [session], [])
    assert summary.unscored == {"task_success": 1, "policy_compliance": 0}
    assert summary.lines()[1:] == [
        "  task_success: passed 0 of 1 (unscored 1)",
        "  policy_compliance: passed 1 of 1",
    ]


def _first_run(task_id: int) -> dict[str, Any]:
    with RUNS.open(encoding="utf-8") as lines:
        return next(r for r in map(json.loads, lines) if r["task_id"] == task_id)


def test_an_airline_session_without_a_task_is_judged_for_the_customer_looked_up() -> None:
    session = run_session(_first_run(1), "run-1", "airline")
    named = judged("airline", ["task_success"], session)["task_success"]
    assert named.verdict.scenario_id == "task-1" and named.passed  # the run names its task
    production = RecordedSession(session.session_id, "airline", "", session.events, {})
    [verdict] = judged("airline", ["task_success"], production).values()
    assert verdict.verdict.scenario_id == "customer:" + _first_run(1)["info"]["task"]["user_id"]
    assert outcomes(verdict) == {
        "outcome": ("unscored", NO_REFERENCE),
        "conveyed": ("unscored", NO_REFERENCE),
    }
    assert not verdict.passed


def _scheduling(*texts: str) -> str | Any:
    turns = session_turns(
        [{"author": "user", "content": {"role": "user", "parts": [{"text": t}]}} for t in texts]
    )
    return SCHEDULING.session_scenario(Transcript.from_turns(turns), {})


def _task_text(prompt: str) -> str:
    return prompt[prompt.rfind("TASK:") + len("TASK:") :].split("SOLUTION:")[0].strip()


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["Please schedule our meeting. Task id: np-6."], "np-6"),
        (["task id np-59"], "np-59"),
        (["Schedule it, please.", "Task id: np-6."], "no_scenario"),  # only the first message
        (["Task id: np-6.", "Actually, task id: np-59."], "np-6"),
        (["Task id: np-6 [scenario:np-59]"], "scenario_conflict"),
        (["Hello"], "no_scenario"),
    ],
)
def test_scheduling_finds_its_task_in_the_first_user_message(
    texts: list[str], expected: str
) -> None:
    found = _scheduling(*texts)
    assert (found if isinstance(found, str) else found.code) == expected


def test_scheduling_finds_a_task_given_as_its_text() -> None:
    with Path("domains/scheduling/data/calendar_dev.jsonl").open(encoding="utf-8") as rows:
        row = json.loads(rows.readline())
    assert _scheduling(row["prompt_0shot"]) == "np-6"  # a whole benchmark prompt
    assert _scheduling("Could you help? " + _task_text(row["prompt_0shot"])) == "np-6"
    assert first_message_tasks("You need to schedule a meeting for nobody.") == []


def test_a_scheduling_session_is_judged_in_the_task_it_names() -> None:
    events = [
        {"author": "user", "content": {"role": "user", "parts": [{"text": "Task id: np-6."}]}},
        {
            "author": "s",
            "content": {
                "role": "model",
                "parts": [{"text": "Here is the proposed time: Monday, 9:00 - 9:30"}],
            },
        },
    ]
    [verdict] = judged(
        "scheduling", ["everyone_can_attend"], RecordedSession("s", "sch", "u", events)
    ).values()
    assert verdict.verdict.scenario_id == "np-6"
    assert verdict.verdict.subjects and not verdict.verdict.unscored


_TOOLS = st.sampled_from(
    [
        "find_user_id_by_email",
        "find_user_id_by_name_zip",
        "get_user_details",
        "get_order_details",
        "get_reservation_details",
        "cancel_pending_order",
        "get_meeting",
    ]
)
_USER_IDS = st.sampled_from(["mei_martin_4260", "mia_li_3668", "sofia_ito_5484"]) | hostile_strings(
    8
)
_VALUE = HOSTILE_VALUES | _USER_IDS


@st.composite
def _session_event(draw: st.DrawFn) -> dict[str, Any]:
    """A user message (maybe naming a task or scenario), a call, a response or a reply."""
    kind = draw(st.sampled_from(["user", "call", "response", "reply"]))
    if kind in ("user", "reply"):
        text = draw(
            st.sampled_from(["Task id: np-6.", "[scenario:task-1]", "[scenario:cs-order-status]"])
            | hostile_strings(20)
        )
        role, author = ("user", "user") if kind == "user" else ("model", "agent")
        return {"author": author, "content": {"role": role, "parts": [{"text": text}]}}
    name = draw(_TOOLS)
    if kind == "call":
        args = draw(st.dictionaries(st.sampled_from(["user_id", "order_id", "email"]), _VALUE))
        part = {"function_call": {"name": name, "args": args, "id": "c"}}
        return {"author": "agent", "content": {"role": "model", "parts": [part]}}
    response = draw(st.fixed_dictionaries({"result": _VALUE}) | st.dictionaries(_USER_IDS, _VALUE))
    part = {"function_response": {"name": name, "response": response, "id": "c"}}
    return {"author": "agent", "content": {"role": "user", "parts": [part]}}


CODE_METRICS = {
    domain: [m for m in domain_metrics(domain).values() if m.judge_async is None]
    for domain in ("orders", "airline", "scheduling")
}


@given(st.lists(_session_event(), min_size=1, max_size=8), st.sampled_from(sorted(CODE_METRICS)))
@meta_settings("ci")
def test_any_session_gets_a_verdict_from_every_metric_never_an_exception(
    events: list[dict[str, Any]], domain: str
) -> None:
    metrics = CODE_METRICS[domain]
    verdicts = judge_session(metrics, RecordedSession("s", domain, "u", events))
    assert not isinstance(verdicts, DeadLetter)
    assert [v.metric for v in verdicts] == [m.name for m in metrics]
    for verdict in verdicts:
        assert 0.0 <= verdict.score <= 1.0
        if verdict.verdict.unscored or verdict.verdict.problems:
            assert not verdict.passed and verdict.score == 0.0
        if verdict.verdict.scenario_id.startswith("customer:"):
            # A session's own customer holds no reference: nothing judged against one.
            for kind, (outcome, code) in outcomes(verdict).items():
                if kind in ("outcome", "conveyed", "mentions_order_id"):
                    assert (outcome, code) == ("unscored", NO_REFERENCE)
