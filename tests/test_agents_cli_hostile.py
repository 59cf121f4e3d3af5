"""The agents-cli custom metric under hostile instances, and scored as ``adk eval`` scores.

Each reading rule is held against what ADK itself makes of the same events: the instance's turns
become ADK ``Event`` objects, ADK's own ``EvaluationGenerator.convert_events_to_eval_invocations``
turns them into invocations, and the ADK adapter's ``judge_invocations`` scores them; the
agents-cli metric must give the same score. Where ADK would pick one of several answers (two
final replies in one turn), or the instance is one ADK could not even load (a part that is not an
object, a text that is not a string), the agents-cli metric scores 0 with the reason instead.
"""

from __future__ import annotations

import asyncio
import copy
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.adk.evaluation.evaluation_generator import EvaluationGenerator
from google.adk.events import Event
from google.genai import types as genai_types
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.custom_metric import judge_invocations
from checkers.agents_cli import (
    MAX_EXPLANATION,
    MAX_TURNS,
    evaluate_instance,
)
from checkers.meta import meta_settings
from checkers.meta.hostile import HOSTILE_VALUES, deep_value, hostile_strings
from checkers.metric import Metric, case_score
from checkers.registry import domain_metrics, find_metric
from tests.test_agents_cli import _record, sdk_instance

ROOT = Path(__file__).resolve().parents[1]
EVERYONE_ATE = find_metric("dining", "everyone_ate")
MENU_FIRST = find_metric("dining", "menu_before_booking")
DINING = [m for m in domain_metrics("dining").values() if m.judge_async is None]
DETERMINISTIC = [
    m
    for domain in ("dining", "orders", "scheduling")
    for m in domain_metrics(domain).values()
    if m.judge_async is None
]
SECOND_PLAN = 'Booked Ember & Oak at 19:30.\n```json\n{"restaurant": "r01", "time": "19:30"}\n```'


class Story(tuple[dict[str, Any], dict[str, Any]]):
    """The two recorded instances, shown briefly (hypothesis prints a failing test's fixtures)."""

    def __repr__(self) -> str:
        return "<the story group's flawed and careful runs>"


@pytest.fixture(scope="module")
def story() -> Story:
    """The SDK's instances of the story group's flawed (rating_first) and careful runs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        flawed, careful = (asyncio.run(_record(a)) for a in ("rating_first", "careful"))
        return Story((sdk_instance(flawed), sdk_instance(careful)))


def _events(instance: dict[str, Any]) -> list[dict[str, Any]]:
    """The last turn's events of an instance (changed in place by the tests)."""
    events: list[dict[str, Any]] = instance["agent_data"]["turns"][-1]["events"]
    return events


def _without(instance: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in instance.items() if k not in keys}


def _text_event(text: str, author: str = "careful", **part: Any) -> dict[str, Any]:
    return {"author": author, "content": {"role": "model", "parts": [{"text": text, **part}]}}


def _user_event(text: str, author: str = "user") -> dict[str, Any]:
    return {"author": author, "content": {"role": "user", "parts": [{"text": text}]}}


def _score(metric: Metric[Any], instance: Any) -> tuple[float, str]:
    result = evaluate_instance(metric, instance)
    assert set(result) == {"score", "explanation"}
    json.dumps(result, ensure_ascii=False).encode("utf-8")  # no lone surrogate
    assert len(result["explanation"]) <= MAX_EXPLANATION
    return result["score"], result["explanation"]


# --- what ADK makes of the same events ----------------------------------------------------------


def adk_score(metric: Metric[Any], instance: dict[str, Any], threshold: float = 1.0) -> float:
    """The ADK adapter's score of the conversation an instance records: its events as ADK
    events (one invocation per turn, the prompt as the user's message where no turn holds it),
    read into invocations by ADK, with the case's scenario as a scenario rubric."""
    events: list[Event] = []
    turns = instance["agent_data"]["turns"]
    prompt = instance.get("prompt")
    said = [
        e["content"] for t in turns for e in t["events"] if e.get("author", "").lower() == "user"
    ]
    for number, turn in enumerate(turns):
        invocation = f"inv-{number}"
        if number == len(turns) - 1 and prompt is not None and prompt not in said:
            asked = genai_types.Content.model_validate({**prompt, "role": "user"})
            events.append(Event(author="user", invocation_id=invocation, content=asked))
        for event in turn["events"]:
            held = event.get("content")
            content = None if held is None else genai_types.Content.model_validate(held)
            events.append(Event(author=event["author"], invocation_id=invocation, content=content))
    invocations = EvaluationGenerator.convert_events_to_eval_invocations(events)
    rubric = Rubric(
        rubric_id="scenario",
        rubric_content=RubricContent(text_property=f"scenario:{instance['scenario']}"),
    )
    for invocation_ in invocations:
        invocation_.rubrics = [rubric]
    return case_score(judge_invocations(metric, invocations, threshold), threshold).overall


def _agrees_with_adk(metric: Metric[Any], instance: dict[str, Any]) -> None:
    """The agents-cli score is ADK's adapter's (both refuse a turn of two final replies)."""
    score, explanation = _score(metric, instance)
    assert score == adk_score(metric, instance), explanation


def _multi_turn(story: tuple[dict[str, Any], dict[str, Any]], which: int) -> dict[str, Any]:
    """A two-turn case: the agent first asks back (no plan, no call), then runs as recorded."""
    instance = copy.deepcopy(story[which])
    first = {
        "events": [
            _user_event("Hi, can you help with a dinner? [scenario:story-six]"),
            _text_event("Sure: for how many people, and at what time?", author="model"),
        ]
    }
    last = instance["agent_data"]["turns"][-1]
    last["events"].insert(0, {"author": "user", "content": instance.pop("prompt")})
    instance["agent_data"]["turns"] = [first, last]
    return instance


@pytest.mark.parametrize("metric", DINING, ids=lambda m: m.name)
def test_recorded_runs_score_as_adk_scores_them(
    story: tuple[dict[str, Any], dict[str, Any]], metric: Metric[Any]
) -> None:
    for which in (0, 1):
        _agrees_with_adk(metric, story[which])
        _agrees_with_adk(metric, _multi_turn(story, which))
    # The careful run, spelled in camelCase as the platform's JSON may spell it: the same score.
    camel = json.loads(
        json.dumps(story[1])
        .replace('"function_call"', '"functionCall"')
        .replace('"function_response"', '"functionResponse"')
        .replace('"agent_data"', '"agentData"')
    )
    assert _score(metric, camel)[0] == _score(metric, story[1])[0] == 1.0


def _orders_instance(case: dict[str, Any]) -> dict[str, Any]:
    """An orders known answer (turns of user text, calls with responses, reply) as agents-cli
    records it."""
    turns = []
    for number, turn in enumerate(case["answer"]["turns"]):
        events: list[dict[str, Any]] = [_user_event(turn["user"])]
        for position, made in enumerate(turn["calls"]):
            call_id = f"c{number}-{position}"
            call = {"id": call_id, "name": made["name"], "args": made["args"]}
            events.append(
                {
                    "author": "agent",
                    "content": {"role": "model", "parts": [{"function_call": call}]},
                }
            )
            if "response" in made:
                answer = {"id": call_id, "name": made["name"], "response": made["response"]}
                events.append(
                    {
                        "author": "agent",
                        "content": {"role": "user", "parts": [{"function_response": answer}]},
                    }
                )
        if turn["agent"] is not None:
            events.append(_text_event(turn["agent"], author="agent"))
        turns.append({"events": events})
    return {"scenario": case["scenario"], "agent_data": {"turns": turns}}


ORDERS_CASES = [
    c
    for c in json.loads((ROOT / "domains/orders/known_answers.json").read_text(encoding="utf-8"))
    if isinstance(c["answer"], dict) and all(t["user"] is not None for t in c["answer"]["turns"])
]


@pytest.mark.parametrize("case", ORDERS_CASES, ids=lambda c: c["id"])
def test_orders_conversations_score_as_adk_scores_them(case: dict[str, Any]) -> None:
    instance = _orders_instance(case)
    for metric in domain_metrics("orders").values():
        if metric.judge_async is None:
            _agrees_with_adk(metric, instance)


def test_scheduling_answers_score_as_adk_scores_them() -> None:
    cases = json.loads((ROOT / "domains/scheduling/known_answers.json").read_text("utf-8"))
    metric = find_metric("scheduling", "everyone_can_attend")
    for case in cases[:10]:
        instance = {
            "scenario": case["scenario"],
            "prompt": {"role": "user", "parts": [{"text": "When can we all meet?"}]},
            "agent_data": {"turns": [{"events": [_text_event(case["answer_text"], "model")]}]},
        }
        _agrees_with_adk(metric, instance)


# Events an agent, ADK or a hostile trace may add to a turn: each is read as ADK reads it.
EXTRA_EVENTS: dict[str, dict[str, Any]] = {
    "thought only": _text_event(SECOND_PLAN, thought=True),
    "chatter": _text_event("Anything else I can do?"),
    "second plan": _text_event(SECOND_PLAN),
    "same plan again": _text_event("PLAN"),
    "user thanks": _user_event("Thanks!"),
    "user says User": _user_event("Thanks!", author="User"),
    "empty parts": {"author": "careful", "content": {"role": "model", "parts": []}},
    "no content": {"author": "careful"},
    "empty text": _text_event(""),
    "model author": _text_event("Anything else?", author="model"),
    "text with a call": {
        "author": "careful",
        "content": {
            "role": "model",
            "parts": [
                {"text": SECOND_PLAN},
                {"function_call": {"id": "x1", "name": "find_restaurants", "args": {}}},
            ],
        },
    },
    "a response authored by the agent, role user": {
        "author": "careful",
        "content": {
            "role": "user",
            "parts": [
                {"function_response": {"id": "x1", "name": "find_restaurants", "response": {}}}
            ],
        },
    },
    "thought flag as text": _text_event(SECOND_PLAN, thought="false"),
    "thought flag as 1": _text_event("Hidden thought", thought=1),
}


EXTRA = st.lists(
    st.tuples(st.sampled_from(sorted(EXTRA_EVENTS)), st.integers(0, 10_000)), max_size=4
)
"""Events to add to a turn: which, and where (an index taken modulo the turn's length)."""


@given(which=st.sampled_from((0, 1)), turns=st.sampled_from((1, 2)), extra=EXTRA)
@meta_settings("ci")
def test_any_mix_of_events_scores_as_adk_scores_it(
    story: tuple[dict[str, Any], dict[str, Any]],
    which: int,
    turns: int,
    extra: list[tuple[str, int]],
) -> None:
    instance = copy.deepcopy(story[which]) if turns == 1 else _multi_turn(story, which)
    instance.pop("response", None)
    plan = _events(instance)[-1]["content"]["parts"][0]["text"]
    for name, where in extra:
        event = json.loads(json.dumps(EXTRA_EVENTS[name]).replace('"PLAN"', json.dumps(plan)))
        _events(instance).insert(where % (len(_events(instance)) + 1), event)
    for metric in (EVERYONE_ATE, MENU_FIRST):
        _agrees_with_adk(metric, instance)


# --- several answers: none is picked ------------------------------------------------------------


def _replace_last_reply(instance: dict[str, Any], *parts: Any) -> dict[str, Any]:
    changed = copy.deepcopy(instance)
    _events(changed)[-1]["content"]["parts"] += list(parts)
    changed.pop("response", None)
    return changed


TAGGED_TOOL_RESPONSE = {
    "content": {
        "role": "user",
        "parts": [
            {"text": "[scenario:story-six]"},
            {"function_response": {"name": "find_restaurants", "response": {}}},
        ],
    }
}
"""A tool's response with no author (role ``user``, as ADK records them) that names a scenario."""


def _before_the_trace(instance: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(instance)
    _events(changed).insert(0, event)
    return changed


SEVERAL_ANSWERS: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    # A second plan hidden where a lenient reader would skip it.
    "a second plan in a part marked thought 'false'": (
        lambda c: _replace_last_reply(c, {"text": SECOND_PLAN, "thought": "false"}),
        "several_json_objects",
    ),
    "a second plan as a list text": (
        lambda c: _replace_last_reply(c, {"text": [SECOND_PLAN]}),
        "unreadable_instance",
    ),
    "a second plan as a bare string part": (
        lambda c: _replace_last_reply(c, SECOND_PLAN),
        "unreadable_instance",
    ),
    "a thought flag nobody can read": (
        lambda c: _replace_last_reply(c, {"text": SECOND_PLAN, "thought": "perhaps"}),
        "unreadable_instance",
    ),
    "a booking call written as a string": (
        lambda c: _replace_last_reply(c, {"function_call": "book_table(r01)"}),
        "unreadable_instance",
    ),
    # Two final replies in the trace, or a response beside it that says otherwise.
    "two final replies": (
        lambda c: {
            **c,
            "agent_data": {"turns": [{"events": [*_events(c), _text_event(SECOND_PLAN)]}]},
        },
        "conflicting_replies",
    ),
    "a response as plain text that differs": (
        lambda c: {**c, "response": SECOND_PLAN},
        "conflicting_response",
    ),
    "two response candidates": (
        lambda c: {
            **c,
            "responses": [
                {"response": c["response"]},
                {"response": {"parts": [{"text": SECOND_PLAN}]}},
            ],
        },
        "conflicting_response",
    ),
    "a model response with two candidates": (
        lambda c: {
            **c,
            "response": {
                "candidates": [
                    {"content": c["response"]},
                    {"content": {"parts": [{"text": SECOND_PLAN}]}},
                ]
            },
        },
        "conflicting_response",
    ),
    "two spellings of the trace that differ": (
        lambda c: {**c, "agentData": {"turns": [{"events": [_text_event(SECOND_PLAN)]}]}},
        "unreadable_instance",
    ),
    "a trace that is not an object": (
        lambda c: {**_without(c, "agent_data"), "agent_data": "turns"},
        "unreadable_instance",
    ),
    "intermediate events that differ from the trace": (
        lambda c: {
            **c,
            "intermediate_events": [
                {
                    "author": "careful",
                    "content": {"parts": [{"function_call": {"name": "book_table", "args": {}}}]},
                }
            ],
        },
        "conflicting_response",
    ),
    "no trace, two responses": (
        lambda c: {
            **_without(c, "agent_data"),
            "responses": [
                {"response": c["response"]},
                {"response": {"parts": [{"text": SECOND_PLAN}]}},
            ],
        },
        "conflicting_response",
    ),
    # Two scenarios named, through any channel of the user's or the case's.
    "another scenario in the camelCase starting prompt": (
        lambda c: {**c, "userScenario": {"startingPrompt": "[scenario:gluten-free-vegan]"}},
        "scenario_conflict",
    ),
    "a user scenario given as text": (
        lambda c: {**c, "user_scenario": "[scenario:gluten-free-vegan]"},
        "unreadable_instance",
    ),
    "a starting prompt given as a list": (
        lambda c: {**c, "user_scenario": {"starting_prompt": ["[scenario:gluten-free-vegan]"]}},
        "unreadable_instance",
    ),
    "another scenario in a plain-text prompt": (
        lambda c: {**c, "prompt": "[scenario:gluten-free-vegan] Plan our dinner."},
        "scenario_conflict",
    ),
    "another scenario in the camelCase history": (
        lambda c: {
            **_without(c, "agent_data"),
            "conversationHistory": [
                {"author": "user", "content": {"parts": [{"text": "[scenario:gluten-free-vegan]"}]}}
            ],
        },
        "scenario_conflict",
    ),
    # A scenario named only by the agent or a tool is not the case's.
    "a tag only in the agent's reply": (
        lambda c: _replace_last_reply(_without(c, "scenario"), {"text": " [scenario:story-six]"}),
        "no_scenario",
    ),
    "a tag only in an author-less tool response": (
        lambda c: _before_the_trace(_without(c, "scenario"), TAGGED_TOOL_RESPONSE),
        "no_scenario",
    ),
}


@pytest.mark.parametrize("attack", sorted(SEVERAL_ANSWERS))
def test_several_answers_or_scenarios_score_zero_with_the_reason(
    story: tuple[dict[str, Any], dict[str, Any]], attack: str
) -> None:
    build, code = SEVERAL_ANSWERS[attack]
    careful = story[1]
    assert _score(EVERYONE_ATE, careful)[0] == 1.0
    score, explanation = _score(EVERYONE_ATE, build(copy.deepcopy(careful)))
    assert score == 0.0 and f"({code})" in explanation, explanation


def test_what_adk_reads_the_agents_cli_metric_reads(
    story: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    careful = story[1]
    # A user event authored "User" is the user's, as ADK reads it, not the agent's reply.
    thanked = copy.deepcopy(careful)
    _events(thanked).append(_user_event("thanks", author="User"))
    assert _score(EVERYONE_ATE, thanked)[0] == adk_score(EVERYONE_ATE, thanked) == 1.0
    # A plan said alongside a call is no final reply (ADK: no final response at all).
    calling = _replace_last_reply(
        careful, {"function_call": {"id": "z", "name": "find_restaurants", "args": {}}}
    )
    assert _score(EVERYONE_ATE, calling)[0] == adk_score(EVERYONE_ATE, calling) == 0.0
    # A plain-text prompt names the scenario like a content does.
    plain = {**_without(careful, "scenario"), "prompt": "[scenario:story-six] Plan our dinner."}
    assert _score(EVERYONE_ATE, plain)[0] == 1.0


# --- never raises, bounded, in reasonable time --------------------------------------------------


def _timed(metric: Metric[Any], instance: Any, seconds: float = 60.0) -> tuple[float, str]:
    start = time.monotonic()
    result = _score(metric, instance)
    assert time.monotonic() - start < seconds, metric.name
    return result


def test_ten_thousand_turns_fail_at_once_as_too_large(
    story: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    turn = copy.deepcopy(story[1]["agent_data"]["turns"][0])
    huge = {"scenario": "story-six", "agent_data": {"turns": [turn] * 10_000}}
    for metric in DETERMINISTIC:
        score, explanation = _timed(metric, huge, 10.0)
        assert score == 0.0 and "(instance_too_large)" in explanation
    # At the limit, a case is still judged, in reasonable time.
    small = {
        "scenario": "story-six",
        "agent_data": {
            "turns": [{"events": [_user_event("hi"), *turn["events"][-1:]]}] * MAX_TURNS
        },
    }
    assert _timed(EVERYONE_ATE, small)[0] == 1.0


def test_huge_texts_and_deep_nesting_score_zero_or_judge_in_time(
    story: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    big = "{" * 2_500_000 + "\ud800" * 10 + "x" * 2_500_000
    deep = deep_value(100_000)
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    careful = story[1]
    # The story group's scenario is no orders or scheduling one: those metrics score 0 on it.
    dining = {m.name for m in DINING}
    judged = {  # what each attack leaves judgeable: the careful plan still passes these
        "5 MB user message": dining,
        "5 MB text after the plan": {"menu_before_booking"},
        "deep response to a get_menu": {"menu_before_booking"},
    }
    attacks = {
        "5 MB user message": {**careful, "prompt": {"role": "user", "parts": [{"text": big}]}},
        "5 MB text after the plan": _replace_last_reply(careful, {"text": big}),
        "5 MB scenario id": {**careful, "scenario": big},
        "deep call arguments": _replace_last_reply(
            careful, {"function_call": {"name": "book_table", "args": deep}}
        ),
        "deep response to a get_menu": _replace_last_reply(
            careful, {"function_response": {"name": "get_menu", "response": deep}}
        ),
        "deep second spelling of the trace": {**careful, "agentData": deep},
        "deep response": {**careful, "response": nested},
        "deep event": {**careful, "agent_data": {"turns": [{"events": [nested]}]}},
    }
    for attack, instance in attacks.items():
        for metric in DETERMINISTIC:
            score, explanation = _timed(metric, instance)
            assert "(evaluator_error)" not in explanation, (attack, metric.name)
            expected = 1.0 if metric.name in judged.get(attack, ()) else 0.0
            assert score == expected, (attack, metric.name, explanation[:300])


def test_a_case_naming_thousands_of_scenarios_gets_a_bounded_reason(
    story: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    tags = " ".join(f"[scenario:s{k}\ud800]" for k in range(20_000))
    score, explanation = _score(EVERYONE_ATE, {**_without(story[1], "scenario"), "prompt": tags})
    assert score == 0.0 and "(scenario_conflict)" in explanation


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where a value sits in ``value`` (keys and list indexes; long lists by their first few)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:6]):
            found += _paths(inner, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copied = dict(value) if isinstance(value, dict) else list(value)
    copied[path[0]] = _replaced(value[path[0]], path[1:], new)
    return copied


def _users_text(instance: dict[str, Any], path: tuple[Any, ...]) -> bool:
    """Whether ``path`` is the case's scenario field, or a text of the prompt or of a user event."""
    if path in (("scenario",), ("prompt", "parts", 0, "text")):
        return True
    if len(path) != 9 or path[:2] != ("agent_data", "turns") or path[-1] != "text":
        return False
    event = instance["agent_data"]["turns"][path[2]]["events"][path[4]]
    return bool(event.get("author") == "user")


OTHER_TAG = "[scenario:np-6]"
HOSTILE = HOSTILE_VALUES | hostile_strings() | st.sampled_from([SECOND_PLAN, OTHER_TAG])


@given(
    metric=st.sampled_from(DETERMINISTIC),
    which=st.sampled_from((0, 1)),
    where=st.integers(0, 10_000),
    value=HOSTILE,
)
@meta_settings("ci")
def test_every_metric_on_any_instance_scores_in_bounds_and_never_raises(
    story: tuple[dict[str, Any], dict[str, Any]],
    metric: Metric[Any],
    which: int,
    where: int,
    value: Any,
) -> None:
    honest = _multi_turn(story, which)
    paths = _paths(honest)
    path = paths[where % len(paths)]
    instance = _replaced(honest, path, value)
    score, explanation = _score(metric, instance)
    assert isinstance(score, float) and 0.0 <= score <= 1.0
    assert explanation.startswith("PASSED" if score >= 1.0 else "FAILED")
    if value == OTHER_TAG and _users_text(honest, path) and metric.domain.name == "dining":
        # The user (or the case) named a second scenario beside the story group: never scored.
        assert score == 0.0, explanation
    if score > 0 and metric.domain.name == "dining":
        assert instance.get("scenario") == "story-six" or path[:5] != ("agent_data", "turns", 0)


def test_the_sdks_single_turn_shape_scores_as_the_trace(
    story: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    # The Agent Platform SDK's run of an agent gives the reply as text and every event but the
    # last again as intermediate_events; without agent_data, those events are the trace.
    for recorded in story:
        events = _events(recorded)
        shaped = {
            **recorded,
            "response": recorded["response"]["parts"][0]["text"],
            "intermediate_events": [
                {"event_id": str(n), "author": e["author"], "content": e["content"]}
                for n, e in enumerate(events[:-1])
            ],
        }
        for metric in (EVERYONE_ATE, MENU_FIRST):
            expected = _score(metric, recorded)[0]
            assert _score(metric, shaped)[0] == expected, metric.name
            assert _score(metric, _without(shaped, "agent_data"))[0] == expected, metric.name
