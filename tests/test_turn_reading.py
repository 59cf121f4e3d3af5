"""One turn, read the same way by every front door and as ADK reads it: the user's last message,
one final reply (two different ones fail the case, in ``adk eval`` as in agents-cli), and a
scenario tag in any message of the turn."""

from __future__ import annotations

from typing import Any

import pytest
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalMetric, EvalStatus
from google.adk.evaluation.evaluation_generator import EvaluationGenerator
from google.adk.events import Event
from google.genai import types as genai_types
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.custom_metric import adk_metric, judge_invocations
from checkers.adk.invocations import case_turns, reply_problem, turn_of
from checkers.agents_cli import evaluate_instance
from checkers.events import CONFLICTING_REPLIES, EventsError, scenario_texts, turn_of_events
from checkers.meta import meta_settings
from checkers.metric import case_score
from checkers.registry import find_metric

EVERYONE_ATE = find_metric("dining", "everyone_ate")
# "Plan:", not "Booked:": these turns call only get_group, and an answer saying it booked after
# calls that booked nothing is commit_claimed_not_made (tests/test_said_did_classes_1206.py).
GOOD = 'Plan: {"restaurant": "r19", "time": "19:00"}'  # all six of story-six satisfied
BAD = 'Plan: {"restaurant": "r01", "time": "19:30"}'  # three of six
ASK = "[scenario:story-six] Please plan dinner for our group of six."


# --- a tiny vocabulary of events, as JSON (what agents-cli and a session store hold) -----------


def user(text: str, author: str = "user") -> dict[str, Any]:
    return {"author": author, "content": {"role": "user", "parts": [{"text": text}]}}


def say(text: str, author: str = "planner", thought: bool = False) -> dict[str, Any]:
    part: dict[str, Any] = {"text": text, **({"thought": True} if thought else {})}
    return {"author": author, "content": {"role": "model", "parts": [part]}}


def call(name: str = "get_group", text: str | None = None) -> dict[str, Any]:
    parts: list[dict[str, Any]] = [{"text": text}] if text else []
    parts.append({"function_call": {"id": f"c-{name}", "name": name, "args": {}}})
    return {"author": "planner", "content": {"role": "model", "parts": parts}}


def answer(name: str = "get_group") -> dict[str, Any]:
    response = {"id": f"c-{name}", "name": name, "response": {"ok": True}}
    return {
        "author": "planner",
        "content": {"role": "user", "parts": [{"function_response": response}]},
    }


def adk_invocation(events: list[dict[str, Any]]) -> Invocation:
    """The invocation ADK's own reader makes of ``events`` (one invocation)."""
    adk_events = [
        Event(
            author=e["author"],
            invocation_id="inv-1",
            content=genai_types.Content.model_validate(e["content"]),
        )
        for e in events
    ]
    (invocation,) = EvaluationGenerator.convert_events_to_eval_invocations(adk_events)
    return invocation


def adk_result(events: list[dict[str, Any]]) -> tuple[EvalStatus, float | None]:
    function = adk_metric(EVERYONE_ATE)
    result = function(
        EvalMetric(
            metric_name="everyone_ate",
            threshold=1.0,
            criterion={"threshold": 1.0, "write_details": False},
        ),
        [adk_invocation(events)],
        None,
        None,
    )
    return result.overall_eval_status, result.overall_score


# --- one final reply ---------------------------------------------------------------------------

TWO_REPLIES = {
    "a sub-agent's plan, then the root's": [user(ASK), say(BAD, "planner"), say(GOOD, "root")],
    "the same agent answers twice": [user(ASK), say(BAD), say(GOOD)],
    "two answers after the last call": [user(ASK), call(), answer(), say(BAD), say(GOOD)],
}


@pytest.mark.parametrize("events", TWO_REPLIES.values(), ids=list(TWO_REPLIES))
def test_two_final_replies_fail_in_adk_eval_as_in_agents_cli(events: list[dict[str, Any]]) -> None:
    invocation = adk_invocation(events)
    assert turn_of(invocation).agent_text == GOOD  # what ADK alone would judge: a pass
    problem = reply_problem(invocation)
    assert problem is not None and problem.code == CONFLICTING_REPLIES
    assert "2 different final replies" in problem.message and "r01" in problem.message
    verdicts = judge_invocations(EVERYONE_ATE, [invocation], 1.0)
    assert [p.code for p in verdicts[0].problems] == [CONFLICTING_REPLIES]
    assert not case_score(verdicts, 1.0).passed
    assert adk_result(events) == (EvalStatus.FAILED, 0.0)
    with pytest.raises(EventsError) as refused:
        turn_of_events(events)
    assert refused.value.code == CONFLICTING_REPLIES
    instance = {"scenario": "story-six", "agent_data": {"turns": [{"events": events}]}}
    result = evaluate_instance(EVERYONE_ATE, instance)
    assert result["score"] == 0.0 and f"({CONFLICTING_REPLIES})" in result["explanation"]


ONE_REPLY = {
    "a progress message before the call": [
        user(ASK),
        say("Let me look."),
        call(),
        answer(),
        say(GOOD),
    ],
    "a plan said beside a call": [user(ASK), call(text=BAD), answer(), say(GOOD)],
    "the same reply twice, spaced differently": [user(ASK), say(GOOD), say(f"  {GOOD}\n")],
    "a thought before the reply": [user(ASK), say(BAD, thought=True), say(GOOD)],
}


@pytest.mark.parametrize("events", ONE_REPLY.values(), ids=list(ONE_REPLY))
def test_one_final_reply_is_judged_as_adk_judges_it(events: list[dict[str, Any]]) -> None:
    invocation = adk_invocation(events)
    assert reply_problem(invocation) is None
    assert adk_result(events) == (EvalStatus.PASSED, 1.0)
    assert turn_of_events(events).agent_text == turn_of(invocation).agent_text


def test_a_case_with_one_turn_of_two_replies_fails_on_every_invocation() -> None:
    first = adk_invocation([user(ASK), say(BAD), say(GOOD)])
    second = adk_invocation([user("Thanks!"), say(GOOD)])
    turns, problem = case_turns([first, second])
    assert len(turns) == 2 and problem is not None
    verdicts = judge_invocations(EVERYONE_ATE, [first, second], 1.0)
    assert [v.problems[0].code for v in verdicts] == [CONFLICTING_REPLIES] * 2


# --- the user's message ------------------------------------------------------------------------


def test_of_several_user_messages_the_last_is_judged_as_adk_keeps_it() -> None:
    events = [user("[scenario:story-six] hello"), user("Plan dinner for six."), say(GOOD)]
    turn = turn_of_events(events)
    assert turn.user_text == turn_of(adk_invocation(events)).user_text == "Plan dinner for six."
    assert turn.earlier_user_texts == ("[scenario:story-six] hello",)
    # The earlier message still names the scenario.
    assert scenario_texts([turn]) == ["[scenario:story-six] hello", "Plan dinner for six."]
    result = evaluate_instance(EVERYONE_ATE, {"agent_data": {"turns": [{"events": events}]}})
    assert result["score"] == 1.0


def test_a_second_scenario_in_an_earlier_message_fails_the_case() -> None:
    events = [user("[scenario:gluten-free-vegan] hi"), user(ASK), say(GOOD)]
    result = evaluate_instance(EVERYONE_ATE, {"agent_data": {"turns": [{"events": events}]}})
    assert result["score"] == 0.0 and "scenario_conflict" in result["explanation"]
    assert "gluten-free-vegan" in result["explanation"]


def test_a_prompt_beside_a_recorded_message_is_an_earlier_message() -> None:
    events = [user("Plan dinner for six."), say(GOOD)]
    instance = {"prompt": "[scenario:story-six] hi", "agent_data": {"turns": [{"events": events}]}}
    assert evaluate_instance(EVERYONE_ATE, instance)["score"] == 1.0
    other = {**instance, "scenario": "gluten-free-vegan"}
    assert "scenario_conflict" in evaluate_instance(EVERYONE_ATE, other)["explanation"]


# --- the property: the agents-cli reading of any turn is ADK's reading -------------------------

STEPS: dict[str, dict[str, Any]] = {
    "user asks": user(ASK),
    "user thanks": user("Thanks!"),
    "user says User": user("Is it booked?", author="User"),
    "good plan": say(GOOD),
    "bad plan": say(BAD, "root"),
    "chatter": say("Anything else?", "root"),
    "good plan, spaced": say(f" {GOOD} "),
    "thought": say(BAD, thought=True),
    "call": call(),
    "call with text": call("get_menu", text=BAD),
    "response": answer(),
}


@given(st.lists(st.sampled_from(sorted(STEPS)), min_size=1, max_size=8))
@meta_settings("ci")
def test_any_turn_reads_as_adk_reads_it(names: list[str]) -> None:
    """Property: for any sequence of events in one turn, the event-JSON reader and the ADK
    adapter (over ADK's own reading of the same events) agree on the user's message, the calls
    and responses, the reply, and whether the turn gives two different final replies."""
    events = [STEPS[name] for name in names]
    invocation = adk_invocation(events)
    adk_turn = turn_of(invocation)
    problem = reply_problem(invocation)
    try:
        turn = turn_of_events(events)
    except EventsError as error:
        assert error.code == CONFLICTING_REPLIES
        assert problem is not None and problem.code == CONFLICTING_REPLIES
        return
    assert problem is None
    assert turn.user_text == adk_turn.user_text
    assert turn.agent_text == adk_turn.agent_text
    assert [c.name for c in turn.tool_calls] == [c.name for c in adk_turn.tool_calls]
    assert [r.name for r in turn.tool_responses] == [r.name for r in adk_turn.tool_responses]
