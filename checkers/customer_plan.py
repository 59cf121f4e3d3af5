"""The conversation plan a scripted customer follows under ADK's user simulation, written and read
in one place.

An eval case with a ``conversation_scenario`` gives ADK's ``LlmBackedUserSimulator`` a plan;
the simulator puts it in its prompt (``# Conversation Plan ... # Conversation History ...``)
and asks its model for the customer's next message. With a scripted model
(:mod:`checkers.adk.scripted_model`) the customer is a policy that reads that prompt back.
:func:`conversation_plan` writes the plan (the task's instruction, who the customer is, their
requests in order, word for word) and :func:`read_prompt` reads it back, so a domain's
customer needs only its own words for "the agent asked who I am"
(:func:`checkers.adk.simulated_customer.plan_customer`). This module needs no google-adk: eval
sets are written without it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from checkers.service import HANDOFF, Action

__all__ = [
    "CONFIRM_MARK",
    "HANDOFF",
    "STOP",
    "PlanPrompt",
    "asked_for",
    "conversation_plan",
    "next_message",
    "read_prompt",
]

STOP = "</finished>"
"""ADK's user-simulator stop signal: the conversation is over."""
CONFIRM_MARK = "(yes/no)"
"""What an agent's message asking the customer to confirm an action contains; the scripted
customer answers it "Yes, please."."""
_PLAN = re.compile(r"# Conversation Plan\s*(.*?)\s*# Conversation History\s*(.*)", re.DOTALL)
_REQUEST_LINE = re.compile(r'^\s*\d+\.\s*"(.+)"\s*$', re.MULTILINE)
_IDENTITY = re.compile(r'When asked who you are, say: "(.+?)"')
_TURN = re.compile(r"\n\n(?=[A-Za-z_][\w-]*: )")


def asked_for(actions: Iterable[Action], writes: Collection[str]) -> list[Action]:
    """The actions of a task the customer asks for, in order: its ``writes`` (tool names) and
    the hand-off (:data:`HANDOFF`); its reads are the agent's own business."""
    return [a for a in actions if a.name in writes or a.name == HANDOFF]


def conversation_plan(instruction: str, identity: str, requests: Sequence[str]) -> str:
    """The user simulator's plan: the task's ``instruction``, the ``identity`` sentence to say
    when asked who they are, and ``requests`` in order, each in exactly those words."""
    numbered = "\n".join(f'{i}. "{text}"' for i, text in enumerate(requests, 1))
    return (
        f"{instruction}\n\n"
        f'When asked who you are, say: "{identity}"\n'
        "Make these requests one at a time, in this order, each in exactly these words, and "
        "make the next one only when the agent has finished with the previous one:\n"
        f"{numbered}\n"
        f'When the agent describes an action and asks you to confirm {CONFIRM_MARK}, answer "Yes, '
        'please.". When every request has been handled, end the conversation.'
    )


@dataclass(frozen=True)
class PlanPrompt:
    """The user simulator's prompt, read: the plan's parts and the conversation so far."""

    identity: str | None
    """The sentence to say when asked who they are (None when the plan has none)."""
    requests: tuple[str, ...]
    """The numbered, quoted requests, in order."""
    history: tuple[tuple[str, str], ...]
    """``(author, text)`` of each turn so far; the customer's author is ``user``."""

    @property
    def said(self) -> list[str]:
        """What the customer said so far."""
        return [text for author, text in self.history if author == "user"]

    @property
    def last_agent_text(self) -> str:
        """The agent's latest message ("" before it spoke)."""
        return next((text for author, text in reversed(self.history) if author != "user"), "")


def read_prompt(text: str) -> PlanPrompt | None:
    """The plan and history in a user-simulator prompt; None when ``text`` holds no plan."""
    match = _PLAN.search(text)
    if match is None:
        return None
    plan, history = match.group(1), match.group(2)
    identity = _IDENTITY.search(plan)
    turns = []
    for chunk in _TURN.split(history.strip()):
        author, _, said = chunk.partition(": ")
        if said:
            turns.append((author, said))
    return PlanPrompt(
        identity.group(1) if identity else None, tuple(_REQUEST_LINE.findall(plan)), tuple(turns)
    )


def next_message(
    prompt: PlanPrompt, asks_identity: Callable[[str], bool], confirm: str = "Yes, please."
) -> str:
    """What a customer following ``prompt``'s plan says next: who it is when the agent's last
    message asks (``asks_identity(text)``; twice at most, then it gives up), ``confirm`` to a
    message asking :data:`CONFIRM_MARK`, else its next request not yet made; :data:`STOP` after
    the last."""
    agent = prompt.last_agent_text
    if prompt.identity and asks_identity(agent):
        return STOP if prompt.said.count(prompt.identity) >= 2 else prompt.identity
    if CONFIRM_MARK in agent.lower():
        return confirm
    return next((r for r in prompt.requests if r not in prompt.said), STOP)
