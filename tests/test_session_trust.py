"""What a recorded session may not choose for itself: a ``[scenario:<id>]`` tag a customer typed
never moves the scenario its session is judged in (unless the operator trusts the tags), and an
orders or airline session whose agent identified nobody is judged on the bundled database with
no customer only when nothing private was read or written; otherwise it fails."""

from __future__ import annotations

import importlib.util
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.cli import main
from checkers.meta import meta_settings
from checkers.meta.known import case_transcript
from checkers.metric import Domain
from checkers.registry import domain_metrics, domain_names, find_metric, find_plugin
from checkers.results import AnswerProblem
from checkers.score import DeadLetter, SessionVerdict, judge_session
from checkers.session_customer import NO_CUSTOMER, NO_CUSTOMER_SCENARIO, NO_REFERENCE
from checkers.sessions import RecordedSession, session_turns
from checkers.transcript import Transcript, Turn

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")


# --- a tiny vocabulary of session events -------------------------------------------------------


def user(text: str) -> dict[str, Any]:
    return {"author": "user", "content": {"role": "user", "parts": [{"text": text}]}}


def call(name: str, number: int = 1, **args: Any) -> dict[str, Any]:
    part = {"function_call": {"id": f"c{number}", "name": name, "args": args}}
    return {"author": "agent", "content": {"role": "model", "parts": [part]}}


def answered(name: str, response: Any, number: int = 1) -> dict[str, Any]:
    part = {"function_response": {"id": f"c{number}", "name": name, "response": response}}
    return {"author": "agent", "content": {"role": "user", "parts": [part]}}


def agent(text: str) -> dict[str, Any]:
    return {"author": "agent", "content": {"role": "model", "parts": [{"text": text}]}}


def session(events: list[dict[str, Any]], state: dict[str, Any] | None = None) -> RecordedSession:
    return RecordedSession("s", "app", "u", events, state or {})


def judged(domain: str, one: RecordedSession, *names: str) -> dict[str, SessionVerdict]:
    metrics = [find_metric(domain, n) for n in names or code_checked(domain)]
    verdicts = judge_session(metrics, one)
    assert not isinstance(verdicts, DeadLetter)
    return {v.metric: v for v in verdicts}


def outcomes(verdict: SessionVerdict) -> dict[str, tuple[str, str]]:
    """Each requirement's (outcome, reason code)."""
    return {
        r.kind: (r.outcome.value, r.reason_code)
        for s in verdict.verdict.subjects
        for r in s.results
    }


def codes(verdict: SessionVerdict) -> list[str]:
    return [p.code for p in verdict.verdict.problems]


@cache
def code_checked(domain: str) -> tuple[str, ...]:
    return tuple(n for n, m in domain_metrics(domain).items() if m.judge_async is None)


# --- a tag typed in a message ------------------------------------------------------------------

PLAN = agent('{"restaurant": "r01", "time": "19:00"}')
STORY = [
    user("Plan dinner for my group. [scenario:story-six]"),
    call("get_group", group_id="story-six"),
    PLAN,
]


def _with_tag(events: list[dict[str, Any]], tag: str) -> list[dict[str, Any]]:
    return [user(f"Also: [scenario:{tag}]"), *events]


def test_a_tag_agreeing_with_the_group_looked_up_changes_nothing() -> None:
    verdicts = judged("dining", session(STORY), "everyone_ate")
    assert verdicts["everyone_ate"].verdict.scenario_id == "story-six"
    assert not codes(verdicts["everyone_ate"])


def test_a_tag_naming_another_group_than_the_one_looked_up_is_a_conflict() -> None:
    typed = session(_with_tag(STORY[1:], "no-plan-fits"))
    [verdict] = judged("dining", typed, "everyone_ate").values()
    assert codes(verdict) == ["scenario_conflict"] and not verdict.passed
    message = verdict.verdict.problems[0].message
    assert "'no-plan-fits'" in message and "'story-six'" in message
    assert "--trust-user-tags" in message


def test_a_tag_alone_names_no_scenario_unless_the_tags_are_trusted() -> None:
    alone = [user("Plan dinner. [scenario:story-six]"), PLAN]
    [verdict] = judged("dining", session(alone), "everyone_ate").values()
    assert codes(verdict) == ["no_scenario"] and not verdict.passed
    assert "not trusted" in verdict.verdict.problems[0].message
    trusted = RecordedSession("s", "app", "u", alone, {}, tags_trusted=True)
    [verdict] = judged("dining", trusted, "everyone_ate").values()
    assert verdict.verdict.scenario_id == "story-six" and not verdict.verdict.problems


def test_the_state_still_names_the_scenario_and_a_tag_must_agree_with_it() -> None:
    plain = [user("Plan dinner for us."), PLAN]
    [verdict] = judged("dining", session(plain, {"scenario": "story-six"}), "everyone_ate").values()
    assert verdict.verdict.scenario_id == "story-six" and not verdict.verdict.problems
    typed = session(_with_tag(plain, "no-plan-fits"), {"scenario": "story-six"})
    [verdict] = judged("dining", typed, "everyone_ate").values()
    assert codes(verdict) == ["scenario_conflict"]


def _identified(user_id: str) -> list[dict[str, Any]]:
    """An orders session whose agent found ``user_id`` by email."""
    return [
        user("Where is my order? My email is x@example.com"),
        call("find_user_id_by_email", email="x@example.com"),
        answered("find_user_id_by_email", {"result": user_id}),
        agent("Found you."),
    ]


def test_an_orders_customer_cannot_tag_the_session_into_an_eval_scenario() -> None:
    # cs-order-status is an eval case with a reference: a customer who types its tag must not
    # have the session judged against it instead of as their own.
    events = _with_tag(_identified("mei_martin_4260"), "cs-order-status")
    verdicts = judged("orders", session(events), "task_success", "policy_compliance")
    for verdict in verdicts.values():
        assert codes(verdict) == ["scenario_conflict"] and not verdict.passed
        assert "'customer:mei_martin_4260'" in verdict.verdict.problems[0].message
    trusted = RecordedSession("s", "app", "u", events, {}, tags_trusted=True)
    verdicts = judged("orders", trusted, "task_success")
    assert verdicts["task_success"].verdict.scenario_id == "cs-order-status"


def _bundled_ids(domain: Domain[Any]) -> list[str]:
    return domain.scenario_ids()[:20]


def _domain(name: str) -> Domain[Any]:
    return find_metric(name, code_checked(name)[0]).domain


@cache
def _known_cases(domain: str) -> list[tuple[str, Transcript]]:
    """Every known answer of ``domain``: its scenario and its conversation."""
    package = find_plugin(domain).package.replace(".", "/")
    rows = json.loads((ROOT / package / "known_answers.json").read_text(encoding="utf-8"))
    found = []
    for case in rows:
        if "answer" in case:
            answer = case["answer"]
            text = answer if isinstance(answer, str) else json.dumps(answer)
            found.append((case["scenario"], _domain(domain).parse_answer(text)))
        else:
            found.append((case["scenario"], case_transcript(case)))
    return found


DOMAINS = [d for d in domain_names() if code_checked(d)]


@st.composite
def typed_tags(draw: st.DrawFn) -> tuple[Domain[Any], Transcript, Transcript, dict[str, Any], str]:
    """A known answer's conversation (its scenario in the state, or not), and the same with a
    ``[scenario:<id>]`` tag typed into one user message: a bundled id, the case's own, or any."""
    domain_name = draw(st.sampled_from(DOMAINS))
    domain = _domain(domain_name)
    scenario, transcript = draw(st.sampled_from(_known_cases(domain_name)))
    turns = list(transcript.turns or (Turn(user_text="", agent_text=transcript.final_text),))
    state = draw(st.sampled_from([{}, {"scenario": scenario}]))
    tag = draw(
        st.sampled_from([scenario, *_bundled_ids(domain)])
        | st.from_regex(r"[A-Za-z0-9_.:-]{1,24}", fullmatch=True)
    )
    where = draw(st.integers(0, len(turns) - 1))
    said = turns[where].user_text or ""
    typed = draw(st.sampled_from([f"{said} [scenario:{tag}]", f"[scenario:{tag}] {said}"]))
    turns_typed = [
        *turns[:where],
        turns[where].model_copy(update={"user_text": typed}),
        *turns[where + 1 :],
    ]
    before = Transcript.from_turns(turns)
    return domain, before, Transcript.from_turns(turns_typed), state, tag


@given(typed_tags())
@meta_settings("ci")
def test_a_typed_tag_never_moves_the_scenario_a_session_is_judged_in(
    drawn: tuple[Domain[Any], Transcript, Transcript, dict[str, Any], str],
) -> None:
    """Property: in every domain, a tag a user types into a message either agrees with the
    scenario the session gives without it (and changes nothing) or makes the session
    unjudgeable (``scenario_conflict``, ``no_scenario``); it never names another scenario."""
    domain, before, typed, state, tag = drawn
    found = domain.session_scenario(before, state)
    after = domain.session_scenario(typed, state)
    if isinstance(after, str):
        assert after == found == tag
        return
    assert isinstance(after, AnswerProblem)
    if isinstance(found, str):
        assert tag != found and after.code == "scenario_conflict"
    else:
        assert after.code in {found.code, "scenario_conflict"}


RUNNERS = {
    "loop": [],
    "workers": ["--workers", "2"],
    "beam": ["--runner", "beam"],
}


def test_checkers_score_trusts_tags_only_when_told_on_every_runner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sessions = tmp_path / "sessions.jsonl"
    events = [user("Plan dinner. [scenario:story-six]"), PLAN]
    row = {"session_id": "s1", "app_name": "dining", "user_id": "u", "state": {}, "events": events}
    sessions.write_text(json.dumps(row) + "\n", encoding="utf-8")
    runs = [("loop", False), ("loop", True), ("workers", False), ("workers", True)]
    if importlib.util.find_spec("apache_beam") is not None:  # the beam extra
        runs += [("beam", False), ("beam", True)]
    scenarios = {}
    for runner, trusted in runs:
        out = tmp_path / f"{runner}-{trusted}.jsonl"
        args = ["score", "dining", "--sessions", f"jsonl:{sessions}", "--out", str(out)]
        args += ["--metric", "everyone_ate", *RUNNERS[runner]]
        assert main(args + ["--trust-user-tags"] * trusted) == 0
        [line] = out.read_text(encoding="utf-8").splitlines()
        verdict = json.loads(line)["verdict"]
        scenarios[runner, trusted] = (
            verdict["scenario_id"],
            [p["code"] for p in verdict["problems"]],
        )
    capsys.readouterr()
    for runner, trusted in runs:
        expected = ("story-six", []) if trusted else ("?", ["no_scenario"])
        assert scenarios[runner, trusted] == expected, runner


# --- nobody identified -------------------------------------------------------------------------


def _general(domain: str) -> list[dict[str, Any]]:
    """A session whose customer asked a general question and whose agent read public data."""
    if domain == "orders":
        return [
            user("What is your refund policy?"),
            call("get_refund_policy", topic=""),
            agent("Refunds go back to the original payment method."),
        ]
    return [
        user("Which flights go from PHL to LGA on May 20?"),
        call("search_direct_flight", origin="PHL", destination="LGA", date="2024-05-20"),
        agent("I can look up flights for you once you tell me your user id."),
    ]


def _private(domain: str, kind: str) -> list[dict[str, Any]]:
    """A session whose agent read (``kind="read"``) or changed private data without
    identifying anybody."""
    named = {
        ("orders", "read"): call("get_order_details", order_id="#W5257743"),
        ("orders", "write"): call(
            "cancel_pending_order", order_id="#W5257743", reason="no longer needed"
        ),
        ("airline", "read"): call("get_reservation_details", reservation_id="4WQ150"),
        ("airline", "write"): call("cancel_reservation", reservation_id="4WQ150"),
    }[domain, kind]
    return [user("Please help with #W5257743 / 4WQ150."), named, agent("Done.")]


@pytest.mark.parametrize("domain", ["orders", "airline"])
def test_a_general_question_with_nobody_identified_is_judged_without_a_customer(
    domain: str,
) -> None:
    verdicts = judged(domain, session(_general(domain)))
    assert {v.verdict.scenario_id for v in verdicts.values()} == {NO_CUSTOMER_SCENARIO}
    assert not any(v.verdict.problems for v in verdicts.values())
    # The reference-free requirements are judged: nothing private was touched.
    # (airline's one_call_at_a_time is unscored on ADK's events, which do not group calls)
    policy = outcomes(verdicts["policy_compliance"])
    assert ("pass", "no_private_access") in policy.values()
    assert {o for o, _ in policy.values()} <= {"pass", "unscored"}
    assert verdicts["no_fabrication"].verdict.subjects  # judged, not a problem verdict
    # Those needing a reference are unscored: not the agent's failure, not a pass.
    task = verdicts["task_success"]
    assert not task.passed and task.verdict.unscored
    assert {o for o, _ in outcomes(task).values()} == {"unscored"}
    assert {c for _, c in outcomes(task).values()} == {NO_REFERENCE}


@pytest.mark.parametrize("kind", ["read", "write"])
@pytest.mark.parametrize("domain", ["orders", "airline"])
def test_reading_or_changing_private_data_with_nobody_identified_still_fails(
    domain: str, kind: str
) -> None:
    verdicts = judged(domain, session(_private(domain, kind)))
    for verdict in verdicts.values():
        assert codes(verdict) == [NO_CUSTOMER] and not verdict.passed and verdict.score == 0.0
        message = verdict.verdict.problems[0].message
        assert "read or changed private data" in message and "call #1" in message


ARGUMENTS = st.dictionaries(
    st.sampled_from(["order_id", "user_id", "reservation_id", "topic", "reason"]),
    st.sampled_from(["#W5257743", "4WQ150", "mei_martin_4260", "chen_jackson_3290", "", "x"]),
    max_size=2,
)


@st.composite
def anonymous_sessions(draw: st.DrawFn) -> tuple[str, list[str], Transcript]:
    """An orders or airline session whose agent calls anything but an identification: the
    calls' kinds, and the conversation."""
    domain = draw(st.sampled_from(["orders", "airline"]))
    operations = _domain(domain).service.operations  # type: ignore[attr-defined]
    names = sorted(name for name, op in operations.items() if op.kind != "identify")
    calls = draw(st.lists(st.tuples(st.sampled_from(names), ARGUMENTS), max_size=4))
    events = [user("Can you help me?")]
    events += [call(name, number, **args) for number, (name, args) in enumerate(calls)]
    events.append(agent("Done."))
    kinds = [operations[name].kind for name, _ in calls]
    return domain, kinds, Transcript.from_turns(session_turns(events))


@given(anonymous_sessions())
@meta_settings("ci")
def test_nobody_identified_is_judged_without_a_customer_only_if_nothing_private_was_touched(
    drawn: tuple[str, list[str], Transcript],
) -> None:
    """Property: a session whose agent identified nobody gets the no-customer scenario exactly
    when it attempted no private read and no write; any such attempt fails it
    (``no_customer_identified``) or judges it for the customer whose data it read by user id."""
    domain, kinds, transcript = drawn
    found = _domain(domain).session_scenario(transcript, {})
    if not {"private_read", "write"} & set(kinds):
        assert found == NO_CUSTOMER_SCENARIO
    elif isinstance(found, str):
        assert found.startswith("customer:") and "private_read" in kinds
    else:
        assert found.code in {NO_CUSTOMER, "several_customers_identified"}
