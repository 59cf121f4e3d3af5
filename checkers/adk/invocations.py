"""What a checker reads from ADK invocations: the transcript, and which scenario the case names.

Tool calls of real runs live in ``InvocationEvents``, not in ``intermediate_data.tool_uses``, so
they are read through ADK's own ``get_all_tool_calls`` / ``get_all_tool_responses``, which handle
both shapes. Reading never raises on what the agent or a tool produced: the
:class:`~checkers.transcript.ToolCall` and :class:`~checkers.transcript.ToolResponse` models keep
any value (see :mod:`checkers.transcript`).

A turn that ends in two different final replies is refused, not judged by picking one
(:func:`reply_problem`: the rule of :mod:`checkers.events`, which the agents-cli reader
keeps too).

The scenario id is read from the channels :mod:`checkers.scenario_ref` describes: scenario
rubrics on the invocations, ``[scenario:<id>]`` tags in the user messages, and a simulated user's
starting prompt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from google.adk.evaluation.eval_case import (
    ConversationScenario,
    Invocation,
    InvocationEvents,
    get_all_tool_calls,
    get_all_tool_responses,
)
from google.genai import types as genai_types

from checkers.events import TurnReading
from checkers.results import AnswerProblem
from checkers.scenario_ref import named_scenario_id, rubric_scenario_id
from checkers.transcript import ToolCall, ToolResponse, Transcript, Turn, transcripts_of_turns

__all__ = [
    "case_turns",
    "content_text",
    "reply_problem",
    "resolve_case_scenario_id",
    "resolve_scenario_id",
    "rubric_scenario_ids",
    "transcript_up_to",
    "transcripts_up_to_each",
    "turn_of",
]


def content_text(content: genai_types.Content | None) -> str | None:
    """The visible text of a content (thought parts left out), or None when there is no content."""
    if content is None:
        return None
    parts = content.parts or []
    return "".join(p.text for p in parts if isinstance(p.text, str) and p.text and not p.thought)


# --- transcripts ------------------------------------------------------------------------------


def _field(item: Any, name: str) -> Any:
    # A record built without validation (``model_construct``) may hold plain dicts.
    return item.get(name) if isinstance(item, Mapping) else getattr(item, name, None)


def _made_in(invocation: Invocation) -> list[tuple[int, str | None]]:
    """For each tool call of the invocation, in ADK's order: the index of the event that made
    it and the visible text that event carried beside it. Empty when the invocation records no
    events (``IntermediateData`` lists the calls alone, so which were made at once is unknown)."""
    data = invocation.intermediate_data
    if not isinstance(data, InvocationEvents):
        return []
    made: list[tuple[int, str | None]] = []
    for number, event in enumerate(data.invocation_events):
        parts = (event.content.parts if event.content else None) or []
        text = content_text(event.content) or ""
        made += [(number, text.strip() or None) for p in parts if p.function_call]
    return made


def _tool_calls(invocation: Invocation) -> list[ToolCall]:
    calls = get_all_tool_calls(invocation.intermediate_data)
    made = _made_in(invocation)
    if len(made) != len(calls):
        made = []
    return [
        ToolCall(
            name=_field(c, "name") or "",
            args=_field(c, "args"),
            call_id=_field(c, "id"),
            message=made[n][0] if made else None,
            beside_text=made[n][1] if made else None,
        )
        for n, c in enumerate(calls)
    ]


def _tool_responses(invocation: Invocation) -> list[ToolResponse]:
    return [
        ToolResponse(
            name=_field(r, "name") or "", response=_field(r, "response"), call_id=_field(r, "id")
        )
        for r in get_all_tool_responses(invocation.intermediate_data)
    ]


def _agent_event(reading: TurnReading, content: genai_types.Content | None) -> None:
    """Feed one agent event's content to ``reading`` (ADK reads only events with parts)."""
    parts = (content.parts or []) if content is not None else []
    if not parts:
        return
    calls = [ToolCall(name=p.function_call.name or "") for p in parts if p.function_call]
    responses = [
        ToolResponse(name=p.function_response.name or "") for p in parts if p.function_response
    ]
    texts = [p for p in parts if isinstance(p.text, str) and p.text]
    visible = "".join(p.text or "" for p in texts if not p.thought)
    reading.agent_event(calls, responses, visible, "".join(p.text or "" for p in texts))


def _reading(invocation: Invocation) -> TurnReading:
    """The invocation's agent events read as :mod:`checkers.events` reads them (ADK gives the
    final response apart, so it is not among them)."""
    reading = TurnReading()
    data = invocation.intermediate_data
    if isinstance(data, InvocationEvents):
        for event in data.invocation_events:
            if (event.author or "").lower() != "user":
                _agent_event(reading, event.content)
    return reading


def _interim_texts(invocation: Invocation, reading: TurnReading) -> tuple[tuple[int, str], ...]:
    """What the agent showed the user before its final response (:attr:`Turn.interim_texts`):
    from the invocation's events, or, in the older ``IntermediateData`` shape, its progress
    messages (``intermediate_responses``), which do not say when they came: they are placed
    before every call, the strictest reading (nothing a tool said was known yet)."""
    data = invocation.intermediate_data
    if isinstance(data, InvocationEvents):
        final = (content_text(invocation.final_response) or "").strip()
        return (*reading.interim, *(r for r in reading.replies if r[1].strip() != final))
    if data is None:
        return ()
    said = (
        "".join(p.text for p in parts or [] if isinstance(p.text, str) and not p.thought)
        for _, parts in data.intermediate_responses
    )
    return tuple((0, text) for text in said if text.strip())


def reply_problem(invocation: Invocation) -> AnswerProblem | None:
    """Why the invocation cannot be judged, or None: two different final replies after its last
    tool call or response (:mod:`checkers.events`, the rule the agents-cli reader keeps).

    ADK gives the invocation's final response apart from its events (its event is left there
    without content), and keeps every other agent event: an earlier final reply, of another
    agent or the same, is one of them. In the older ``IntermediateData`` shape the order of
    calls and texts is lost and its ``intermediate_responses`` are progress messages by
    definition, so only the final response counts there."""
    return _reply_problem(invocation, _reading(invocation))


def _reply_problem(invocation: Invocation, reading: TurnReading) -> AnswerProblem | None:
    """:func:`reply_problem` on the invocation's events already read (``reading``, which the
    final response is then added to)."""
    final = invocation.final_response
    if final is not None and not any(
        p.function_call or p.function_response for p in final.parts or []
    ):
        reading.reply(content_text(final) or "")
    problem = reading.problem()
    return None if problem is None else AnswerProblem(code=problem.code, message=str(problem))


def case_turns(invocations: Sequence[Invocation]) -> tuple[list[Turn], AnswerProblem | None]:
    """Each invocation as a turn (:func:`turn_of`), and the first reason the case cannot be
    judged (:func:`reply_problem`), or None. A case with such a turn fails as a whole, as the
    agents-cli reader fails it: judging its other turns would pass a case that gave two
    answers."""
    turns: list[Turn] = []
    problem: AnswerProblem | None = None
    for invocation in invocations:
        # Each invocation's events are read once, for its turn and then for its problem (which
        # adds the final response to the reading: the turn is taken before).
        reading = _reading(invocation)
        turns.append(_turn(invocation, reading))
        problem = problem or _reply_problem(invocation, reading)
    return turns, problem


def turn_of(invocation: Invocation) -> Turn:
    """One invocation as a turn: user message, tool calls and responses, what the agent showed
    the user on the way (text beside its calls, progress messages), final reply."""
    return _turn(invocation, _reading(invocation))


def _turn(invocation: Invocation, reading: TurnReading) -> Turn:
    """:func:`turn_of` with the invocation's events already read (``reading``)."""
    return Turn(
        user_text=content_text(invocation.user_content) or "",
        tool_calls=tuple(_tool_calls(invocation)),
        tool_responses=tuple(_tool_responses(invocation)),
        agent_text=content_text(invocation.final_response),
        interim_texts=_interim_texts(invocation, reading),
    )


def transcript_up_to(invocations: Sequence[Invocation], index: int) -> Transcript:
    """The transcript as of invocation ``index``: its final text, and every tool call and user
    message from the first invocation through that one (the path so far, across turns)."""
    return Transcript.from_turns([turn_of(inv) for inv in invocations[: index + 1]])


def transcripts_up_to_each(invocations: Sequence[Invocation]) -> list[Transcript]:
    """``transcript_up_to(invocations, i)`` for every ``i``, reading each invocation once (a
    metric judges every prefix of a conversation; reading the turns again for each prefix would
    cost quadratic time in the conversation's length)."""
    return transcripts_of_turns([turn_of(inv) for inv in invocations])


# --- the scenario a case names ----------------------------------------------------------------


def rubric_scenario_ids(invocation: Invocation) -> list[str]:
    """Scenario ids named by ``scenario:<id>`` rubrics on the invocation, in order, deduplicated."""
    found = (rubric_scenario_id(r.rubric_content.text_property) for r in invocation.rubrics or [])
    return list(dict.fromkeys(i for i in found if i is not None))


def resolve_scenario_id(
    invocation: Invocation, conversation_scenario: ConversationScenario | None = None
) -> str | AnswerProblem:
    """The scenario id this invocation is judged against, or the problem that prevents it."""
    return resolve_case_scenario_id([invocation], conversation_scenario)


def resolve_case_scenario_id(
    invocations: Sequence[Invocation], conversation_scenario: ConversationScenario | None = None
) -> str | AnswerProblem:
    """The one scenario id a case's invocations name, or the problem that prevents it (none
    named, an empty id, or several different ids anywhere in the case: see
    :func:`checkers.scenario_ref.named_scenario_id`)."""
    texts = [content_text(inv.user_content) or "" for inv in invocations]
    if conversation_scenario is not None:
        texts.append(conversation_scenario.starting_prompt)
    return named_scenario_id([i for inv in invocations for i in rubric_scenario_ids(inv)], texts)
