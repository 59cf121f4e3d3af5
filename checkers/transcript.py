"""What an agent did in a case, read from ADK invocations: its final text, tool calls, responses.

Tool calls of real runs live in ``InvocationEvents``, not in ``intermediate_data.tool_uses``, so
they are read through ADK's own ``get_all_tool_calls`` / ``get_all_tool_responses``, which handle
both shapes.

A transcript also keeps the conversation turn by turn (:class:`Turn`: the user's message, the
calls the agent made for it, its reply), for checks that care about order across turns: "the
write came after the user said yes", "the status was looked up before the agent stated it".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.adk.evaluation.eval_case import (
    Invocation,
    get_all_tool_calls,
    get_all_tool_responses,
)
from google.genai import types as genai_types
from pydantic import BaseModel, ConfigDict, Field


class ToolCall(BaseModel):
    """One tool call the agent made, in the order it made them."""

    model_config = ConfigDict(frozen=True)

    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    call_id: str | None = None


class ToolResponse(BaseModel):
    """What a tool returned to the agent."""

    model_config = ConfigDict(frozen=True)

    name: str
    response: dict[str, Any] = Field(default_factory=dict)
    call_id: str | None = None


class Turn(BaseModel):
    """One turn of a conversation: what the user said, the tool calls the agent made for it (with
    their responses), and the agent's reply."""

    model_config = ConfigDict(frozen=True)

    user_text: str | None
    """The user's message; None when the record holds no user messages (a tool trajectory)."""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_responses: tuple[ToolResponse, ...] = ()
    agent_text: str | None = None
    """The agent's reply ending the turn; None when it gave none."""


class Transcript(BaseModel):
    """The part of a conversation a checker judges.

    ``final_text`` is None when the agent gave no final response at all, and ``""`` when it gave
    one with no text. ``turns`` holds the same conversation turn by turn, in order, when the
    source records it (ADK invocations do); it is empty for a transcript built from a final text
    alone, and its calls and responses, taken together, are ``tool_calls`` and ``tool_responses``.
    """

    model_config = ConfigDict(frozen=True)

    final_text: str | None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_responses: tuple[ToolResponse, ...] = ()
    user_texts: tuple[str, ...] = ()
    turns: tuple[Turn, ...] = ()


def content_text(content: genai_types.Content | None) -> str | None:
    """The visible text of a content (thought parts left out), or None when there is no content."""
    if content is None:
        return None
    parts = content.parts or []
    return "".join(p.text for p in parts if p.text and not p.thought)


def _tool_calls(invocation: Invocation) -> list[ToolCall]:
    return [
        ToolCall(name=c.name or "", args=dict(c.args or {}), call_id=c.id)
        for c in get_all_tool_calls(invocation.intermediate_data)
    ]


def _tool_responses(invocation: Invocation) -> list[ToolResponse]:
    return [
        ToolResponse(name=r.name or "", response=dict(r.response or {}), call_id=r.id)
        for r in get_all_tool_responses(invocation.intermediate_data)
    ]


def turn_of(invocation: Invocation) -> Turn:
    """One invocation as a turn: user message, tool calls and responses, final reply."""
    return Turn(
        user_text=content_text(invocation.user_content) or "",
        tool_calls=tuple(_tool_calls(invocation)),
        tool_responses=tuple(_tool_responses(invocation)),
        agent_text=content_text(invocation.final_response),
    )


def transcript_up_to(invocations: Sequence[Invocation], index: int) -> Transcript:
    """The transcript as of invocation ``index``: its final text, and every tool call and user
    message from the first invocation through that one (the path so far, across turns)."""
    return _transcript_of(tuple(turn_of(inv) for inv in invocations[: index + 1]))


def transcripts_up_to_each(invocations: Sequence[Invocation]) -> list[Transcript]:
    """``transcript_up_to(invocations, i)`` for every ``i``, reading each invocation once (a
    metric judges every prefix of a conversation; reading the turns again for each prefix would
    cost quadratic time in the conversation's length)."""
    turns = tuple(turn_of(inv) for inv in invocations)
    return [_transcript_of(turns[: i + 1]) for i in range(len(turns))]


def _transcript_of(turns: tuple[Turn, ...]) -> Transcript:
    return Transcript(
        final_text=turns[-1].agent_text,
        tool_calls=tuple(call for turn in turns for call in turn.tool_calls),
        tool_responses=tuple(resp for turn in turns for resp in turn.tool_responses),
        user_texts=tuple(turn.user_text or "" for turn in turns),
        turns=turns,
    )
