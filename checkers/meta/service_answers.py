"""Generated conversations of a customer-service domain (orders, airline), replayed on its tool
service: what every such domain's meta strategies do the same way.

A conversation is ``{"turns": [{"user", "calls": [{"name", "args"}], "agent"}, ...]}``
(:data:`~checkers.meta.conversations.Conversation`). :class:`ServiceAnswers` runs its calls in
order on the bundled database and writes what the service answered into it, in each recorded
form of :data:`~checkers.meta.conversations.FORMS`; the module's functions edit it (a call, a
read of public data added, each call its own agent message).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hypothesis import strategies as st

from checkers.conversation import conversation_transcript, trajectory_transcript
from checkers.meta.conversations import Conversation
from checkers.service import RESPOND, Action, Service, ServiceTask, Step
from checkers.service_tools import error_payload
from checkers.transcript import Transcript

__all__ = [
    "CALCULATIONS",
    "ServiceAnswers",
    "add_public_read",
    "calls_of",
    "how",
    "numbered",
    "outcome_evidence",
    "tool_call",
    "tool_response",
]

D = TypeVar("D")


def tool_call(name: str, **args: Any) -> dict[str, Any]:
    """A call of a generated conversation: ``{"name": name, "args": args}``."""
    return {"name": name, "args": args}


CALCULATIONS = st.builds(
    lambda a, b: tool_call("calculate", expression=f"{a} + {b}"),
    st.integers(0, 999),
    st.integers(0, 999),
)
"""A call of tau-bench's ``calculate`` tool, which every tau-bench domain has: a read of
public data."""


def outcome_evidence(
    writes: frozenset[str], target: str
) -> Callable[[ServiceTask, Conversation], tuple[tuple[str, ...], str]]:
    """What ``outcome``'s failing reason names when the last expected write is left out: that
    write's ``target`` argument (its record), else the task's customer."""

    def evidence(task: ServiceTask, broken: Conversation) -> tuple[tuple[str, ...], str]:
        last = [a for a in task.expected_actions if a.name in writes][-1]
        return (str(last.kwargs.get(target, task.user_id)),), "database_differs"

    return evidence


def calls_of(conversation: Conversation) -> list[dict[str, Any]]:
    """Every call of ``conversation``, in order (the dicts themselves, not copies)."""
    return [call for turn in conversation["turns"] for call in turn["calls"]]


def numbered(conversation: Conversation) -> Conversation:
    """``conversation`` with each call its own agent message, numbered in order (after calls
    were added); changed in place and returned."""
    for number, call in enumerate(calls_of(conversation)):
        call["message"] = number
    return conversation


def add_public_read(conversation: Conversation, turn: int, read: dict[str, Any]) -> Conversation:
    """A copy of ``conversation`` with ``read`` (a read of public data) made at the start of
    ``turn``."""
    changed = copy.deepcopy(conversation)
    changed["turns"][turn]["calls"].insert(0, copy.deepcopy(read))
    return changed


def how(text: str | None) -> str:
    """A breaker's docstring on one line: how it breaks the rule, for failure messages."""
    return " ".join((text or "").split())


def tool_response(step: Step[Any]) -> dict[str, Any]:
    """A step as the ADK tools answer it (:meth:`checkers.service_tools.SessionService.run`): a
    dict as it is, any other value as ``{"result": value}``, a refusal as ``{"error_code",
    "error_message"}``."""
    if not step.ok:
        return error_payload(step.error_code or 500, step.error or "unknown error")
    return step.value if isinstance(step.value, dict) else {"result": step.value}


@dataclass(frozen=True)
class ServiceAnswers(Generic[D]):
    """A domain's generated conversations replayed on its ``service``, from the ``bundled``
    database: each call's response written as ``response`` says, each trajectory observation
    (a value; a refusal is ``"Error: <message>"``) as ``observation`` says."""

    service: Service[D]
    bundled: Callable[[], D]
    response: Callable[[Step[D]], dict[str, Any]] = tool_response
    observation: Callable[[Any], str] = json.dumps

    def steps(self, conversation: Conversation) -> tuple[Step[D], ...]:
        """What the service did on each call of ``conversation``, in order."""
        actions = [Action(name=c["name"], kwargs=c["args"]) for c in calls_of(conversation)]
        return self.service.replay(self.bundled(), actions)

    def recorded(self, conversation: Conversation) -> Conversation:
        """A copy of ``conversation`` with every call's response recorded: what the service
        answers when the calls run in order on the bundled database."""
        changed = copy.deepcopy(conversation)
        for call, step in zip(calls_of(changed), self.steps(changed), strict=True):
            call["response"] = self.response(step)
        return changed

    def trajectory(self, conversation: Conversation) -> tuple[list[Action], list[Any]]:
        """The conversation as a tau-bench trajectory with its observations (None for
        ``respond``): no customer messages, and text beside a call is dropped, as tau-bench's
        agent never sends it."""
        actions: list[Action] = []
        for turn in conversation["turns"]:
            actions += [Action(name=c["name"], kwargs=c["args"]) for c in turn["calls"]]
            actions.append(Action(name=RESPOND, kwargs={"content": turn["agent"]}))
        steps = iter(self.service.replay(self.bundled(), actions))
        observations = [
            None if action.name == RESPOND else self._observed(next(steps)) for action in actions
        ]
        return actions, observations

    def _observed(self, step: Step[D]) -> str:
        return self.observation(step.value) if step.ok else f"Error: {step.error}"

    def recorded_as(self, conversation: Conversation, form: str) -> Transcript:
        """``conversation`` with every response recorded, as a transcript in ``form``
        (``"conversation"``, ``"trajectory"`` or ``"flat"``)."""
        if form == "trajectory":
            return trajectory_transcript(*self.trajectory(conversation))
        transcript = conversation_transcript(self.recorded(conversation))
        return transcript if form == "conversation" else transcript.model_copy(update={"turns": ()})

    def database_after(self, conversation: Conversation) -> D:
        """The database the conversation's calls leave."""
        steps = self.steps(conversation)
        return steps[-1].db_after if steps else self.bundled()

    def writes(self, conversation: Conversation) -> list[dict[str, Any]]:
        """The calls of ``conversation`` that are writes of the service, in order."""
        return [c for c in calls_of(conversation) if c["name"] in self.service.writes]

    def last_write_changes(self, task: ServiceTask) -> bool:
        """Whether the task's last expected write changes the database (so leaving it out is
        visible)."""
        db, changed = self.bundled(), False
        for action in task.expected_actions:
            step = self.service.apply(db, action.name, action.kwargs)
            if action.name in self.service.writes:
                changed = step.ok and step.db_after != db
            db = step.db_after
        return changed
