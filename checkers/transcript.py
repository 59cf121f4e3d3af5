"""What an agent did in a case, read from ADK invocations: its final text, tool calls, responses.

Tool calls of real runs live in ``InvocationEvents``, not in ``intermediate_data.tool_uses``, so
they are read through ADK's own ``get_all_tool_calls`` / ``get_all_tool_responses``, which handle
both shapes.
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


class Transcript(BaseModel):
    """The part of a conversation a checker judges.

    ``final_text`` is None when the agent gave no final response at all, and ``""`` when it gave
    one with no text.
    """

    model_config = ConfigDict(frozen=True)

    final_text: str | None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_responses: tuple[ToolResponse, ...] = ()
    user_texts: tuple[str, ...] = ()


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


def transcript_up_to(invocations: Sequence[Invocation], index: int) -> Transcript:
    """The transcript as of invocation ``index``: its final text, and every tool call and user
    message from the first invocation through that one (the path so far, across turns)."""
    seen = invocations[: index + 1]
    return Transcript(
        final_text=content_text(invocations[index].final_response),
        tool_calls=tuple(call for inv in seen for call in _tool_calls(inv)),
        tool_responses=tuple(resp for inv in seen for resp in _tool_responses(inv)),
        user_texts=tuple(content_text(inv.user_content) or "" for inv in seen),
    )
