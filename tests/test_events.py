"""A recorded session's events are read as agents-cli's metric reads a trace
(:mod:`checkers.events`), and what cannot be read fails the session with its reason code: it was
loaded, so it is no dead letter, and it never passes."""

from __future__ import annotations

from typing import Any

import pytest

from checkers.events import MAX_EVENTS, conversation_turns, turn_of_events
from checkers.registry import find_metric
from checkers.score import judge_session, score_sessions
from checkers.sessions import RecordedSession

EVERYONE_ATE = find_metric("dining", "everyone_ate")
PLAN = 'Booked Ember & Oak at 19:30.\n```json\n{"restaurant": "r01", "time": "19:30"}\n```'


def user(text: Any) -> dict[str, Any]:
    return {"author": "user", "content": {"role": "user", "parts": [{"text": text}]}}


def agent(*parts: Any) -> dict[str, Any]:
    return {"author": "careful", "content": {"role": "model", "parts": list(parts)}}


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"function_call": {"name": name, "args": args, "id": name}}


def response(name: str, value: Any) -> dict[str, Any]:
    return {
        "author": "careful",
        "content": {
            "role": "user",
            "parts": [{"function_response": {"name": name, "response": value, "id": name}}],
        },
    }


GROUP = [user("Dinner, group id: story-six."), agent(call("get_group", group_id="story-six"))]


@pytest.mark.parametrize(
    ("events", "code"),
    [
        (
            [*GROUP, agent({"text": PLAN}), agent({"text": "Or Smokehouse 21 instead."})],
            "conflicting_replies",
        ),
        ([*GROUP, agent("not a part")], "unreadable_instance"),
        ([*GROUP, agent({"text": 3})], "unreadable_instance"),
        ([*GROUP, agent({"text": PLAN, "thought": "maybe"})], "unreadable_instance"),
        (
            [*GROUP, agent({"function_call": {"name": "x"}, "functionCall": {"name": "y"}})],
            "unreadable_instance",
        ),
        ([*GROUP, ["not", "an", "event"]], "unreadable_instance"),
        ([*GROUP, *[agent() for _ in range(MAX_EVENTS)]], "instance_too_large"),
    ],
    ids=[
        "two replies",
        "a part",
        "a text",
        "a thought flag",
        "two spellings",
        "an event",
        "too many events",
    ],
)
def test_a_session_that_cannot_be_read_fails_with_the_reason(events: list[Any], code: str) -> None:
    session = RecordedSession("s", "dining", "u", events)
    [verdict] = judge_session([EVERYONE_ATE], session)  # type: ignore[misc]
    assert [p.code for p in verdict.verdict.problems] == [code]
    assert not verdict.passed and verdict.score == 0.0
    summary = score_sessions([EVERYONE_ATE], [session], [])
    assert (summary.judged, summary.dead_letters) == (1, 0)


def test_a_readable_session_passes_and_splits_at_each_user_message() -> None:
    menu = response("get_menu", {"status": "ok"})
    events = [
        *GROUP,
        response("get_group", {"status": "ok"}),
        agent({"text": "Let me check.", "thought": True}, call("get_menu", restaurant_id="r01")),
        menu,
        agent({"text": "Shall I book Ember & Oak?"}),
        user("Yes please."),
        agent({"functionCall": {"name": "book_table", "args": {}, "id": "b"}}),
        agent({"text": PLAN}),
    ]
    turns = conversation_turns(events)
    assert [t.user_text for t in turns] == ["Dinner, group id: story-six.", "Yes please."]
    assert [t.agent_text for t in turns] == ["Shall I book Ember & Oak?", PLAN]
    assert [c.name for c in turns[0].tool_calls] == ["get_group", "get_menu"]
    # Each turn is read exactly as agents-cli's metric reads a turn of a trace.
    assert turns == [turn_of_events(events[:6]), turn_of_events(events[6:])]
