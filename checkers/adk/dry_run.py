"""A scripted policy's conversation without ADK: the same decisions, tools run in process.

The meta-tests need, for many tasks, the conversation a policy-following agent has. The demo
agents already decide it (:mod:`checkers.adk.scripted_model` policies); :class:`DryRun` feeds a
policy the :class:`~checkers.adk.scripted_model.RequestView` ADK would build, runs each call it
asks for with ``execute`` (the domain's service on a database of its own), and records the
conversation as JSON (``{"turns": [{"user", "calls": [{"name", "args", "response",
"message"}], "agent"}]}``, what :func:`checkers.conversation.conversation_transcript` reads),
numbering the agent's messages so which calls were made together is recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from checkers.adk.scripted_model import Policy, PolicyError, RequestView
from checkers.transcript import ToolCall, ToolResponse

__all__ = ["DryRun", "Executor"]

Executor = Callable[[str, dict[str, Any]], dict[str, Any]]
"""Runs one tool call (name, arguments) and returns the response the tool would give."""


@dataclass
class DryRun:
    """One conversation between a customer (the caller) and ``policy``."""

    policy: Policy
    execute: Executor
    max_steps_per_turn: int = 50
    user_texts: list[str] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)
    responses: list[ToolResponse] = field(default_factory=list)
    turns: list[dict[str, Any]] = field(default_factory=list)
    messages: int = 0
    """The agent's messages so far (each step is one)."""

    def _view(self, turn_start: tuple[int, int], steps: int) -> RequestView:
        calls, responses = turn_start
        return RequestView(
            user_texts=tuple(self.user_texts),
            tool_calls=tuple(self.calls),
            tool_responses=tuple(self.responses),
            turn_tool_calls=tuple(self.calls[calls:]),
            turn_tool_responses=tuple(self.responses[responses:]),
            steps_this_turn=steps,
            system_instruction="",
            tool_names=(),
        )

    def say(self, user_text: str) -> str:
        """The customer says ``user_text``; the agent works until it answers. Returns its
        answer. Raises PolicyError when the policy never answers."""
        self.user_texts.append(user_text)
        start = (len(self.calls), len(self.responses))
        made: list[dict[str, Any]] = []
        for steps in range(self.max_steps_per_turn):
            step = self.policy(self._view(start, steps))
            message, self.messages = self.messages, self.messages + 1
            if step.text is not None:
                self.turns.append({"user": user_text, "calls": made, "agent": step.text})
                return step.text
            for planned in step.calls:
                call_id = f"dry-{len(self.calls)}"
                args = dict(planned.args)
                response = self.execute(planned.name, args)
                self.calls.append(ToolCall(name=planned.name, args=args, call_id=call_id))
                self.responses.append(
                    ToolResponse(name=planned.name, response=response, call_id=call_id)
                )
                made.append(
                    {"name": planned.name, "args": args, "response": response, "message": message}
                )
        raise PolicyError(
            f"the policy made {self.max_steps_per_turn} steps after {user_text[:80]!r} without "
            "answering; make it return say(...) once its work is done"
        )

    def conversation(self) -> dict[str, Any]:
        """The conversation so far, as JSON."""
        return {"turns": [dict(t) for t in self.turns]}
