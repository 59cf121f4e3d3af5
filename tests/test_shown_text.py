"""Everything the agent showed the user is read, wherever it sat: text beside a tool call and a
text-only message followed by more tool activity reach the user in ADK (every event is streamed
to them), so a status made up there is as said as one in the final reply.

Both readers are held to it: :mod:`checkers.events` (ADK's session store, agents-cli traces,
eval views) and :mod:`checkers.adk.invocations` (``adk eval``), on generated event sequences and
on every known answer of every domain that judges what the agent told the customer, with a
made-up claim put beside one of its calls or just before it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.invocations import turn_of
from checkers.conversation import conversation_transcript
from checkers.errors import ConfigError
from checkers.events import EventsError, turn_of_events
from checkers.meta import meta_settings
from checkers.meta.known import case_transcript
from checkers.metric import judge_turns
from checkers.registry import domain_metrics
from checkers.score import judge_session
from checkers.sessions import RecordedSession
from checkers.transcript import Turn
from tests.test_score_domains import CASES, DOMAINS, _session

# --- the readers -------------------------------------------------------------------------------

_WORDS = st.text(alphabet="abc .", min_size=0, max_size=6)


@st.composite
def agent_events(draw: st.DrawFn) -> list[dict[str, Any]]:
    """An agent's events in one turn: text alone, calls with or without text beside them, tool
    responses, thought text; every visible text unique, so where it went can be told."""
    events: list[dict[str, Any]] = []
    for number in range(draw(st.integers(0, 6))):
        shape = draw(st.sampled_from(["text", "call", "text+call", "calls", "response", "thought"]))
        said = f"said {number}: {draw(_WORDS)}"
        parts: list[dict[str, Any]] = []
        if shape in ("text", "text+call"):
            parts.append({"text": said})
        if shape == "thought":
            parts += [{"text": f"thinking {number}", "thought": True}, {"text": said}]
        if shape in ("call", "text+call", "calls", "thought"):
            calls = 2 if shape == "calls" else 1
            parts += [
                {"function_call": {"name": f"tool{number}_{i}", "args": {}}} for i in range(calls)
            ]
        if shape == "response":
            parts.append({"function_response": {"name": f"tool{number}", "response": {}}})
        role = "user" if shape == "response" else "model"
        events.append({"author": "agent", "content": {"role": role, "parts": parts}})
    return events


def _visible(event: dict[str, Any]) -> str:
    return "".join(
        p["text"] for p in event["content"]["parts"] if "text" in p and not p.get("thought")
    )


def _has_call(event: dict[str, Any]) -> bool:
    return any("function_call" in p for p in event["content"]["parts"])


def _read(events: list[dict[str, Any]]) -> Turn | None:
    user = {"author": "user", "content": {"role": "user", "parts": [{"text": "Hello."}]}}
    try:
        return turn_of_events([user, *events])
    except EventsError as error:
        assert error.code == "conflicting_replies"
        return None


def _shown(turn: Turn) -> list[str]:
    return [text for _, text in turn.interim_texts] + [turn.agent_text or ""]


@given(agent_events())
@meta_settings("ci")
def test_every_visible_text_of_a_session_is_read_where_it_was_said(
    events: list[dict[str, Any]],
) -> None:
    turn = _read(events)
    if turn is None:  # two final replies: the turn is refused, nothing is picked
        return
    shown = _shown(turn)
    calls_before = 0
    for event in events:
        text = _visible(event)
        if (text and _has_call(event)) or any(
            "function_response" in p for p in event["content"]["parts"]
        ):
            if text:
                assert (calls_before, text) in turn.interim_texts
        elif text:
            assert text in shown
        calls_before += sum(1 for p in event["content"]["parts"] if "function_call" in p)
    beside = {c.name: c.beside_text for c in turn.tool_calls}
    for event in filter(_has_call, events):
        for part in event["content"]["parts"]:
            if "function_call" in part:
                assert beside[part["function_call"]["name"]] == (_visible(event).strip() or None)


def _invocation(events: list[dict[str, Any]], final: str | None) -> Any:
    from google.adk.evaluation.eval_case import Invocation, InvocationEvent, InvocationEvents
    from google.genai import types

    built = [
        InvocationEvent(author=e["author"], content=types.Content.model_validate(e["content"]))
        for e in events
    ]
    return Invocation(
        user_content=types.Content(role="user", parts=[types.Part(text="Hello.")]),
        final_response=None
        if final is None
        else types.Content(role="model", parts=[types.Part(text=final)]),
        intermediate_data=InvocationEvents(invocation_events=built),
    )


@given(agent_events(), st.none() | st.just("Here is my answer."))
@meta_settings("ci")
def test_adk_eval_reads_what_the_session_store_reads(
    events: list[dict[str, Any]], final: str | None
) -> None:
    """``adk eval`` gives the final response apart from the invocation's events: the texts the
    agent showed before it are read there as they are read from the session store."""
    stored = _read(
        events
        + (
            []
            if final is None
            else [{"author": "agent", "content": {"role": "model", "parts": [{"text": final}]}}]
        )
    )
    if stored is None:
        return
    evaluated = turn_of(_invocation(events, final))
    assert [c.beside_text for c in evaluated.tool_calls] == [
        c.beside_text for c in stored.tool_calls
    ]
    assert _shown_set(evaluated) == _shown_set(stored)


def _shown_set(turn: Turn) -> set[str]:
    return {text.strip() for text in _shown(turn) if text.strip()}


# --- every domain that judges what the agent told the customer ---------------------------------

MADE_UP = {
    "orders": [
        "Good news: order #W0000001 has been delivered.",
        "Your refund of $12,345.67 is on its way.",
        "Order #W9999999 is pending; I can cancel it.",
    ],
    "airline": [
        "Flight HAT999 is on time and the fare is $1,234.56.",
        "Your reservation ZZ9ZZ9 is confirmed.",
        "Your gift card balance is $987.",
    ],
}
"""Claims no tool and no customer gave in any scenario (ids and amounts that exist nowhere in
the bundled data), per domain whose metrics include ``no_fabrication``."""


def _fabrication_domains() -> list[str]:
    return [d for d in DOMAINS if "no_fabrication" in domain_metrics(d)]


def test_every_domain_that_judges_fabrication_has_made_up_claims_here() -> None:
    assert set(MADE_UP) == set(_fabrication_domains())


def _honest(domain: str) -> list[tuple[str, tuple[Turn, ...]]]:
    metric = domain_metrics(domain)["no_fabrication"]
    found = []
    for case_domain, scenario, turns in CASES:
        if case_domain != domain or not any(t.tool_calls for t in turns):
            continue
        [judged] = judge_session([metric], _session(scenario, turns))  # type: ignore[misc]
        if judged.passed:
            found.append((scenario, turns))
    return found


HONEST = {domain: _honest(domain) for domain in MADE_UP}


@pytest.mark.parametrize("domain", sorted(MADE_UP))
def test_each_domain_has_honest_sessions_with_calls_to_plant_claims_in(domain: str) -> None:
    assert len(HONEST[domain]) >= 5


@st.composite
def planted(draw: st.DrawFn) -> tuple[str, str, list[dict[str, Any]]]:
    """(domain, scenario, events): an honest session's events with a made-up claim shown beside
    one of its calls, or in a message of its own just before that call."""
    domain = draw(st.sampled_from(sorted(MADE_UP)))
    scenario, turns = draw(st.sampled_from(HONEST[domain]))
    events = copy.deepcopy([dict(e) for e in _session(scenario, turns).events])
    where = draw(st.sampled_from([i for i, e in enumerate(events) if _has_call(e)]))
    claim = draw(st.sampled_from(MADE_UP[domain]))
    if draw(st.booleans()):
        events[where]["content"]["parts"].insert(0, {"text": claim})
    else:
        text = {"author": "agent", "content": {"role": "model", "parts": [{"text": claim}]}}
        events.insert(where, text)
    return domain, scenario, events


@given(planted())
@meta_settings("ci")
def test_a_claim_made_up_beside_a_call_fails_no_fabrication(
    given_session: tuple[str, str, list[dict[str, Any]]],
) -> None:
    domain, scenario, events = given_session
    metric = domain_metrics(domain)["no_fabrication"]
    session = RecordedSession("s", "app", "u", events, {"scenario": scenario})
    [judged] = judge_session([metric], session)  # type: ignore[misc]
    assert not judged.passed, judged.verdict
    turns = [turn_of(_invocation(e, f)) for e, f in _as_invocations(events)]
    assert not judge_turns(metric, scenario, turns, metric.default_threshold)[-1].passed


def _as_invocations(events: list[dict[str, Any]]) -> list[tuple[list[dict[str, Any]], str | None]]:
    """The session's turns as ``adk eval`` records them: each user message opens one, its last
    text-only agent event is the final response, given apart; the rest are its events."""
    turns: list[list[dict[str, Any]]] = []
    for event in events:
        if event["author"] == "user":
            turns.append([])
        else:
            turns[-1].append(event)
    made = []
    for agent in turns:
        last = next(
            (
                i
                for i in range(len(agent) - 1, -1, -1)
                if _visible(agent[i])
                and not _has_call(agent[i])
                and agent[i]["content"]["role"] == "model"
            ),
            None,
        )
        final = None if last is None else _visible(agent[last])
        made.append(([e for i, e in enumerate(agent) if i != last], final))
    return made


# --- the conversation JSON format -------------------------------------------------------------

LOOKUP = {"name": "get_order_status", "args": {"order_id": "#W1"}}


def test_text_shown_before_a_call_in_json_is_an_interim_text_there() -> None:
    """A call's ``shown`` is said before it (after the calls before it); ``beside_text`` is
    tau-bench's unseen text and stays on the call only."""
    conversation = {
        "turns": [
            {
                "user": "Where is #W1?",
                "calls": [
                    {**LOOKUP, "shown": "One moment."},
                    {**LOOKUP, "beside_text": "never seen"},
                    {**LOOKUP, "shown": "It is delivered."},
                ],
                "agent": "Anything else?",
            }
        ]
    }
    [turn] = conversation_transcript(conversation).turns
    assert turn.interim_texts == ((0, "One moment."), (2, "It is delivered."))
    assert [c.beside_text for c in turn.tool_calls] == [None, "never seen", None]
    assert turn.agent_text == "Anything else?"
    known = {"user": "Where is #W1?", "calls": conversation["turns"][0]["calls"]}
    [read] = case_transcript({**known, "answer_text": "Anything else?"}).turns
    assert read.interim_texts == turn.interim_texts


@pytest.mark.parametrize("shown", [["a list"], 3, {"text": "x"}, True])
def test_shown_text_that_is_not_text_is_refused_not_dropped(shown: Any) -> None:
    conversation = {"turns": [{"user": "Hi", "calls": [{**LOOKUP, "shown": shown}]}]}
    with pytest.raises(ConfigError) as raised:
        conversation_transcript(conversation)
    assert str(raised.value).startswith('turn 1, call 1: "shown" is the text the agent showed')
    with pytest.raises(ConfigError, match='call 1: "shown" is the text'):
        case_transcript({"user": "Hi", "calls": [{**LOOKUP, "shown": shown}]})


# --- ADK's older invocation shape ---------------------------------------------------------------


@pytest.mark.parametrize("author", ["status_helper", "user", "USER"])
def test_progress_messages_of_the_older_shape_are_said_before_every_call(author: str) -> None:
    """``IntermediateData`` keeps progress messages apart from the calls, so when they came is
    unknown: both ``adk eval``'s adapter and the eval-history reader read them as said before
    any tool answered, and as the agent's, whoever the pair names."""
    from google.adk.evaluation.eval_case import IntermediateData, Invocation
    from google.genai import types

    from checkers.events import conversation_turns
    from checkers.readers.eval_history import invocation_events

    claim = "Good news: order #W0000001 has been delivered."
    invocation = Invocation(
        user_content=types.Content(role="user", parts=[types.Part(text="Where is my order?")]),
        final_response=types.Content(role="model", parts=[types.Part(text="Anything else?")]),
        intermediate_data=IntermediateData(
            tool_uses=[types.FunctionCall(name="get_order_details", args={"order_id": "#W1"})],
            intermediate_responses=[(author, [types.Part(text=claim)])],
        ),
    )
    evaluated = turn_of(invocation)
    [recorded] = conversation_turns(invocation_events(invocation.model_dump(mode="json")))
    assert evaluated.interim_texts == recorded.interim_texts == ((0, claim),)
    assert recorded.user_text == "Where is my order?"
    assert recorded.agent_text == evaluated.agent_text == "Anything else?"


@pytest.mark.parametrize("progress", [[["helper"]], ["text"], [["helper", "not parts"]], {"a": 1}])
def test_an_unreadable_progress_message_makes_the_invocation_unreadable(progress: Any) -> None:
    from checkers.readers.eval_history import invocation_events

    invocation = {
        "user_content": {"role": "user", "parts": [{"text": "Hi."}]},
        "final_response": {"role": "model", "parts": [{"text": "Done."}]},
        "intermediate_data": {"tool_uses": [], "intermediate_responses": progress},
    }
    with pytest.raises(EventsError) as raised:
        invocation_events(invocation)
    assert raised.value.code == "unreadable_instance"
