"""``checkers score`` judges a recorded session as ``checkers check`` judges the same conversation,
in every registered domain, and no event a session holds makes it raise.

The sessions are made from every domain's known answers (each conversation written out as the
events ADK's session store holds: a user event, the agent's calls, the tools' responses, its
reply), then changed by hypothesis: turns dropped or repeated, and hostile events (missing
fields, wrong types, lone surrogates, integers of thousands of digits, NaN) put anywhere.
"""

from __future__ import annotations

import copy
import importlib.util
import io
import itertools
import json
from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.cli import run_batch, verdict_json
from checkers.conversation import RUN_NOT_FINISHED
from checkers.data import read_jsonl
from checkers.events import EventsError
from checkers.meta import meta_settings
from checkers.meta.hostile import HOSTILE_VALUES, UNPRINTABLE_VALUES, hostile_strings
from checkers.meta.known import case_transcript
from checkers.metric import Metric, judge_turns
from checkers.readers.tau_bench import run_session
from checkers.registry import domain_metrics, domain_names, find_plugin
from checkers.scenario_ref import UNREADABLE_STATE_SCENARIO
from checkers.score import DeadLetter, judge_session
from checkers.session_customer import TASK_NOT_BUNDLED
from checkers.sessions import RecordedSession, session_turns
from checkers.transcript import ToolCall, Transcript, Turn
from domains.airline import data_files as airline_tasks
from domains.orders import data_files as orders_tasks

# --- every domain's code-checked metrics, and its known answers as conversations ---------------


@cache
def code_checked(domain: str) -> tuple[Metric[Any], ...]:
    """The domain's metrics that code judges (a model-judged one needs a judge to run)."""
    return tuple(m for m in domain_metrics(domain).values() if m.judge_async is None)


DOMAINS = [d for d in domain_names() if code_checked(d)]


def _known_answers(domain: str) -> list[dict[str, Any]]:
    spec = importlib.util.find_spec(find_plugin(domain).package)
    assert spec is not None and spec.origin is not None
    path = Path(spec.origin).with_name("known_answers.json")
    return list(json.loads(path.read_text(encoding="utf-8")))


def _transcript(domain: str, case: dict[str, Any]) -> Transcript:
    """A known answer's conversation as ``checkers check`` reads it."""
    if "answer" in case:
        answer = case["answer"]
        text = answer if isinstance(answer, str) else json.dumps(answer)
        return code_checked(domain)[0].domain.parse_answer(text)
    return case_transcript(case)


def _turns(transcript: Transcript) -> tuple[Turn, ...]:
    return transcript.turns or (Turn(user_text="", agent_text=transcript.final_text),)


def _call_groups(turn: Turn) -> list[tuple[list[ToolCall], str | None]]:
    """The turn's calls grouped by the agent message that made them (consecutive calls sharing a
    message number; a call without one alone), each group with the text written beside it."""
    groups: list[tuple[list[ToolCall], str | None]] = []
    for call in turn.tool_calls:
        if groups and call.message is not None and groups[-1][0][-1].message == call.message:
            groups[-1][0].append(call)
        else:
            groups.append(([call], call.beside_text))
    return groups


def _shown_before_groups(turn: Turn) -> list[list[str]]:
    """The turn's interim texts before each of its call groups (:func:`_call_groups`): a text
    said before a call inside a group is said before the group (the group is one message). A
    known answer shows text only before a call (``"shown"``): after the last one it would be a
    second reply."""
    groups = _call_groups(turn)
    shown: list[list[str]] = [[] for _ in groups]
    for before, text in turn.interim_texts:
        assert before < len(turn.tool_calls), (before, text)
        ends = itertools.accumulate(len(made) for made, _ in groups)
        shown[sum(1 for end in ends if end <= before)].append(text)
    return shown


def _says(agent: str, text: str) -> dict[str, Any]:
    return {"author": agent, "content": {"role": "model", "parts": [{"text": text}]}}


def turn_events(turn: Turn, agent: str = "agent") -> list[dict[str, Any]]:
    """One turn as the events ADK's session store holds (``Event.model_dump(mode="json")``):
    the calls one message made in one event, with the text written beside them, and each text
    the agent showed before a call (:attr:`~checkers.transcript.Turn.interim_texts`) in an event
    of its own before it."""
    events: list[dict[str, Any]] = [
        {"author": "user", "content": {"role": "user", "parts": [{"text": turn.user_text or ""}]}}
    ]
    for (made, beside), before in zip(_call_groups(turn), _shown_before_groups(turn), strict=True):
        events += (_says(agent, text) for text in before)
        parts: list[dict[str, Any]] = [{"text": beside}] if beside else []
        parts += [
            {"function_call": {"id": c.call_id, "name": c.name, "args": c.args}} for c in made
        ]
        events.append({"author": agent, "content": {"role": "model", "parts": parts}})
    for response in turn.tool_responses:
        function_response = {
            "id": response.call_id,
            "name": response.name,
            "response": response.response,
        }
        events.append(
            {
                "author": agent,
                "content": {"role": "user", "parts": [{"function_response": function_response}]},
            }
        )
    if turn.agent_text is not None:
        events.append(_says(agent, turn.agent_text))
    return events


CASES = [
    (domain, case["scenario"], _turns(_transcript(domain, case)))
    for domain in DOMAINS
    for case in _known_answers(domain)
]
"""(domain, scenario id, turns) of every known answer of every domain."""
CASES_OF = {domain: [case for case in CASES if case[0] == domain] for domain in DOMAINS}
"""The known answers of each domain: properties draw a domain first, so that a domain with
few known answers (airline beside dining's 68) is drawn as often as any."""


def _session(scenario: str, turns: tuple[Turn, ...] | list[Turn]) -> RecordedSession:
    events = [e for turn in turns for e in turn_events(turn)]
    return RecordedSession("s", "app", "u", events, {"scenario": scenario})


def _what_check_gives(metric: Metric[Any], session: RecordedSession) -> Any:
    """What ``checkers check`` gives the conversation the session records: the last of
    :func:`checkers.metric.judge_turns`' verdicts, in the scenario the session names."""
    turns = session_turns(session.events)
    named = metric.domain.session_scenario(Transcript.from_turns(turns), session.state)
    return judge_turns(metric, named, turns, metric.default_threshold)[-1]


def _agrees(domain: str, session: RecordedSession) -> None:
    metrics = code_checked(domain)
    judged = judge_session(metrics, session)
    assert not isinstance(judged, DeadLetter), judged
    assert [j.metric for j in judged] == [m.name for m in metrics]
    for metric, one in zip(metrics, judged, strict=True):
        expected = _what_check_gives(metric, session)
        assert one.verdict == expected, (metric.name, one.verdict, expected)
        assert one.passed == (expected.passed and not expected.problems)


def test_every_domain_with_code_checked_metrics_has_known_answers_here() -> None:
    assert {"airline", "dining", "orders", "scheduling"} <= set(DOMAINS)
    assert {d for d, _, _ in CASES} == set(DOMAINS)


@pytest.mark.parametrize(
    ("domain", "scenario", "turns"), CASES, ids=[f"{d}-{i}" for i, (d, _, _) in enumerate(CASES)]
)
def test_a_known_answer_as_a_session_is_judged_as_checkers_check_judges_it(
    domain: str, scenario: str, turns: tuple[Turn, ...]
) -> None:
    session = _session(scenario, turns)
    if all(t.user_text is not None for t in turns):
        # The events hold the conversation whole: the session is the known answer itself, as
        # ADK's events record it (see _as_adk_records).
        assert tuple(session_turns(session.events)) == tuple(_as_adk_records(t) for t in turns)
    _agrees(domain, session)


def _as_adk_records(turn: Turn) -> Turn:
    """``turn`` as read back from ADK's events: a call's ``message`` is the number of its event
    in the turn (the user's is 1), a text shown before a call is shown before its group, and
    text beside a call was shown to the user, so it is also one of the turn's interim texts."""
    calls: list[ToolCall] = []
    interim: list[tuple[int, str]] = []
    number = 1
    for (made, beside), before in zip(_call_groups(turn), _shown_before_groups(turn), strict=True):
        interim += ((len(calls), text) for text in before)
        number += len(before) + 1
        text = beside.strip() if beside and beside.strip() else None
        if text is not None:
            interim.append((len(calls), beside or ""))
        calls += (c.model_copy(update={"message": number, "beside_text": text}) for c in made)
    return turn.model_copy(update={"tool_calls": tuple(calls), "interim_texts": tuple(interim)})


# --- the properties ----------------------------------------------------------------------------


@st.composite
def reshaped(draw: st.DrawFn) -> tuple[str, RecordedSession]:
    """A known answer's session (of a domain drawn first) with turns dropped, repeated or
    moved."""
    domain = draw(st.sampled_from(DOMAINS))
    _, scenario, turns = draw(st.sampled_from(CASES_OF[domain]))
    order = draw(st.lists(st.integers(0, len(turns) - 1), min_size=1, max_size=len(turns) + 2))
    return domain, _session(scenario, [turns[i] for i in order])


@given(reshaped())
@meta_settings("ci")
def test_any_reshaped_session_is_judged_as_checkers_check_judges_it(
    given_session: tuple[str, RecordedSession],
) -> None:
    domain, session = given_session
    _agrees(domain, session)


HOSTILE_PARTS = st.one_of(
    HOSTILE_VALUES,
    st.fixed_dictionaries({"text": HOSTILE_VALUES | hostile_strings()}),
    st.fixed_dictionaries({"text": hostile_strings(), "thought": HOSTILE_VALUES}),
    st.fixed_dictionaries(
        {
            "function_call": st.fixed_dictionaries(
                {"name": hostile_strings(), "args": HOSTILE_VALUES}
            )
        }
    ),
    st.fixed_dictionaries(
        {
            "function_response": st.fixed_dictionaries(
                {"name": hostile_strings(), "response": HOSTILE_VALUES | UNPRINTABLE_VALUES}
            )
        }
    ),
)
HOSTILE_EVENTS = HOSTILE_VALUES | st.fixed_dictionaries(
    {},
    optional={
        "author": st.sampled_from(["user", "USER", "agent"]) | HOSTILE_VALUES,
        "content": HOSTILE_VALUES
        | st.fixed_dictionaries(
            {},
            optional={
                "role": HOSTILE_VALUES,
                "parts": st.lists(HOSTILE_PARTS, max_size=3) | HOSTILE_VALUES,
            },
        ),
    },
)
"""Events a store may hold that no agent wrote: missing fields, wrong types, surrogates, huge
numbers, NaN, at any level (an event that is no object at all included)."""


@st.composite
def hostile_sessions(draw: st.DrawFn) -> tuple[str, RecordedSession]:
    """A known answer's session with hostile events put anywhere, or a field of one of its
    events replaced by a hostile value."""
    domain, session = draw(reshaped())
    events: list[Any] = copy.deepcopy(list(session.events))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(events)))
        if draw(st.booleans()) or not events:
            events.insert(where, draw(HOSTILE_EVENTS))
            continue
        event = events[min(where, len(events) - 1)]
        if isinstance(event, dict) and event:
            key = draw(st.sampled_from(sorted(event, key=str)))
            event[key] = draw(HOSTILE_VALUES)
    state = draw(st.just(session.state) | st.fixed_dictionaries({"scenario": HOSTILE_VALUES}))
    return domain, RecordedSession("s", "app", "u", events, state)


def _expected_codes(session: RecordedSession) -> set[str] | None:
    """The reason code every metric must fail a session with when its events cannot be read
    as a conversation, or None when they can."""
    try:
        session_turns(session.events)
    except EventsError as error:
        return {error.code}
    return None


@given(hostile_sessions())
@meta_settings("ci")
def test_hostile_events_give_the_verdict_of_their_conversation_never_an_exception(
    given_session: tuple[str, RecordedSession],
) -> None:
    """Property: whatever the events hold, ``judge_session`` raises nothing; a session whose
    events read as a conversation gets what ``checkers check`` gives that conversation, and one
    whose events do not fails every metric with the reader's reason, never passes."""
    domain, session = given_session
    judged = judge_session(code_checked(domain), session)
    if isinstance(judged, DeadLetter):
        assert not session.events
        return
    refused = _expected_codes(session)
    for metric, one in zip(code_checked(domain), judged, strict=True):
        json.dumps(one.as_json(), ensure_ascii=False).encode("utf-8")
        if refused is not None:
            assert {p.code for p in one.verdict.problems} == refused and not one.passed
            continue
        expected = _what_check_gives(metric, session)
        assert one.verdict == expected, (metric.name, one.verdict, expected)


@pytest.mark.parametrize("domain", DOMAINS)
@given(data=st.data())
@meta_settings("ci")
def test_a_state_scenario_of_any_json_type_never_passes_what_names_no_scenario(
    domain: str, data: st.DataObject
) -> None:
    """Property, in every domain (airline included): a session whose state names its scenario
    as anything but one id (a number, a list, an object, NaN, a huge int) fails every metric
    with ``scenario_not_an_id``, whatever its events; text that names no scenario of the domain
    never passes; a null scenario is no scenario (the domain finds its own)."""
    _, scenario, turns = data.draw(st.sampled_from(CASES_OF[domain]))
    named = data.draw(HOSTILE_VALUES | UNPRINTABLE_VALUES | st.sampled_from([None, scenario]))
    session = replace(_session(scenario, turns), state={"scenario": named})
    judged = judge_session(code_checked(domain), session)
    assert not isinstance(judged, DeadLetter)
    known = {scenario, *code_checked(domain)[0].domain.scenario_ids()}
    for one in judged:
        json.dumps(one.as_json(), ensure_ascii=False).encode("utf-8")
        if named is None:
            continue
        if not isinstance(named, str):
            assert [p.code for p in one.verdict.problems] == [UNREADABLE_STATE_SCENARIO]
            assert not one.passed and one.score == 0.0
        elif named not in known:
            assert not one.passed, (named, one.verdict)


def _user_says(text: str) -> dict[str, Any]:
    return {"author": "user", "content": {"role": "user", "parts": [{"text": text}]}}


def _agent_says(*parts: Any) -> dict[str, Any]:
    return {"author": "agent", "content": {"role": "model", "parts": list(parts)}}


ASKED = _user_says("[scenario:story-six] Plan our dinner.")
NOT_A_CONVERSATION: dict[str, tuple[list[Any], str]] = {
    "an event that is null": ([None, ASKED], "unreadable_instance"),
    "an event that is a text": ([ASKED, "not an event"], "unreadable_instance"),
    "a part that is a text": ([ASKED, _agent_says("a bare string part")], "unreadable_instance"),
    "two different final replies": (
        [
            ASKED,
            _agent_says({"text": '{"restaurant": "r01", "time": "19:30"}'}),
            _agent_says({"text": '{"restaurant": "r19", "time": "19:00"}'}),
        ],
        "conflicting_replies",
    ),
}


@pytest.mark.parametrize(
    ("events", "code"), NOT_A_CONVERSATION.values(), ids=list(NOT_A_CONVERSATION)
)
def test_events_that_are_no_conversation_fail_every_metric_with_the_reason(
    events: list[Any], code: str
) -> None:
    judged = judge_session(code_checked("dining"), RecordedSession("s", "app", "u", events))
    assert not isinstance(judged, DeadLetter)
    for one in judged:
        assert [p.code for p in one.verdict.problems] == [code] and not one.passed


# --- tau-bench recorded runs: `checkers score` and `checkers check --batch` ---------------------

RUN_DOMAINS = {"airline": airline_tasks.TASKS_FILE, "orders": orders_tasks.TASKS_FILE}
"""The domains that judge tau-bench's recorded runs (orders the retail ones), with the tasks
their runs name."""


@cache
def _task_rows(domain: str) -> dict[int, dict[str, Any]]:
    return {row["task_id"]: row for row in read_jsonl(RUN_DOMAINS[domain])}


def _observation(response: Mapping[str, Any]) -> str:
    """A recorded tool response as the text a tau-bench tool message holds."""
    if set(response) == {"result"}:
        value = response["result"]
        return value if isinstance(value, str) else json.dumps(value)
    if isinstance(response.get("error"), str):
        return f"Error: {response['error']}"
    return json.dumps(response)


def _tool_call(call: ToolCall) -> dict[str, Any]:
    return {
        "id": call.call_id,
        "type": "function",
        "function": {"name": call.name, "arguments": json.dumps(call.args)},
    }


BESIDE = {
    domain: st.none() | st.sampled_from(["", "  ", "One moment.", *claims])
    for domain, claims in {
        "airline": ["Flight HAT999 is on time and the fare is $1,234.56.", "Done, it is booked."],
        "orders": ["Good news: order #W0000001 has been delivered.", "Your refund is $12,345.67."],
    }.items()
}
"""Text an agent may write beside its tool calls: none, white space, a filler, claims no tool
gave (tau-bench never shows it to the customer)."""


@st.composite
def known_answer_traj(draw: st.DrawFn, domain: str) -> tuple[str, list[dict[str, Any]]]:
    """(scenario, traj): a known answer's conversation as tau-bench's chat messages, with text
    drawn beside each message of calls; a response left out stays out."""
    _, scenario, turns = draw(st.sampled_from(CASES_OF[domain]))
    traj: list[dict[str, Any]] = [{"role": "system", "content": "The policy."}]
    for turn in turns:
        if turn.user_text is not None:
            traj.append({"role": "user", "content": turn.user_text})
        for made, _ in _call_groups(turn):
            traj.append(
                {
                    "role": "assistant",
                    "content": draw(BESIDE[domain]),
                    "tool_calls": [_tool_call(c) for c in made],
                }
            )
        traj += (
            {
                "role": "tool",
                "tool_call_id": r.call_id,
                "name": r.name,
                "content": _observation(r.response),
            }
            for r in turn.tool_responses
        )
        if turn.agent_text is not None:
            traj.append({"role": "assistant", "content": turn.agent_text})
    return scenario, traj


@st.composite
def real_run_traj(draw: st.DrawFn) -> tuple[str, list[dict[str, Any]]]:
    """(scenario, traj): one of the 50 real gpt-4o airline runs, with the text beside each of
    its messages of calls drawn afresh."""
    run = draw(st.sampled_from(read_jsonl(airline_tasks.RUNS_FILE)))
    traj = copy.deepcopy(run["traj"])
    for message in traj:
        if message["role"] == "assistant" and message.get("tool_calls"):
            message["content"] = draw(BESIDE["airline"])
    return f"task-{run['task_id']}", traj


@st.composite
def recorded_runs(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """(domain, run): a tau-bench run line with text beside its calls: its task the scenario
    its conversation was written for when that is a tau-bench task, else any; the task it
    records in ``info`` the bundled one, the bundled one worded otherwise, another task under
    the same id (a run of another split), or none; finished (``reward_info``) or stopped at the
    step limit."""
    domain = draw(st.sampled_from(sorted(RUN_DOMAINS)))
    made = known_answer_traj(domain)
    scenario, traj = draw(made | real_run_traj() if domain == "airline" else made)
    tasks = _task_rows(domain)
    task_id = (
        int(scenario[5:]) if scenario.startswith("task-") else draw(st.sampled_from(list(tasks)))
    )
    recorded = draw(st.sampled_from(["bundled", "reworded", "another split", "none"]))
    task = {k: v for k, v in tasks[task_id].items() if k != "task_id"}
    if recorded == "reworded":
        task["instruction"] = "The same task, worded otherwise."
    elif recorded == "another split":  # same id, another task's customer, actions and outputs
        other = draw(st.sampled_from(sorted(set(tasks) - {task_id})))
        task = {k: v for k, v in tasks[other].items() if k != "task_id"}
    info: dict[str, Any] = {} if recorded == "none" else {"task": task}
    reward = draw(st.sampled_from([0.0, 1.0]))
    info["reward_info"] = draw(st.sampled_from([None, {"reward": reward}]))
    return domain, {"task_id": task_id, "trial": 0, "reward": reward, "info": info, "traj": traj}


def _batch_line(metric: Metric[Any], row: dict[str, Any]) -> dict[str, Any]:
    """What ``checkers check DOMAIN --batch`` writes for ``row``."""
    out = io.StringIO()
    run_batch(metric, io.StringIO(json.dumps(row) + "\n"), out, metric.default_threshold)
    [line] = out.getvalue().splitlines()
    return dict(json.loads(line))


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@given(recorded_runs())
@meta_settings("ci")
def test_a_recorded_run_gets_one_verdict_from_score_and_from_the_batch(
    given_run: tuple[str, dict[str, Any]],
) -> None:
    """Property, for tau-bench's runs (airline, and retail in orders), text written beside
    calls included: every code-checked metric gives a run the same verdict whether ``checkers
    score`` reads it (``tau-bench:RUNS.jsonl``) or ``checkers check --batch`` does; a run the
    score path cannot judge at all (no message) is passed by neither. One difference is
    allowed, failing closed: a run scored on another task than the bundled one of its id fails
    ``task_not_bundled`` in a score (a session is judged on a bundled scenario), where the batch
    judges it on the task it recorded."""
    domain, row = given_run
    metrics = code_checked(domain)
    judged = judge_session(metrics, run_session(row, "runs/task/trial-0", "tau-bench"))
    for number, metric in enumerate(metrics):
        line = _batch_line(metric, row)
        if isinstance(judged, DeadLetter):
            assert not line.get("passed"), line
            continue
        one = judged[number]
        if [p.code for p in one.verdict.problems] == [TASK_NOT_BUNDLED]:
            bundled = _task_rows(domain)[row["task_id"]]
            assert row["info"]["task"]["actions"] != bundled["actions"] or (
                row["info"]["task"]["user_id"] != bundled["user_id"]
                or row["info"]["task"]["outputs"] != bundled["outputs"]
            )
            assert not one.passed
            continue
        expected = _as_json(verdict_json(one.verdict))
        assert {k: line.get(k) for k in expected} == expected, metric.name
        assert line["passed"] == one.passed, metric.name
        if row["info"]["reward_info"] is None:
            assert [p.code for p in one.verdict.problems] == [RUN_NOT_FINISHED]
