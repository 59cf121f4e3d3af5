"""The scripted customer that follows the conversation plan under ADK's user simulation
(the plan itself is written and read in :mod:`checkers.customer_plan`)::

    customer = plan_customer(lambda agent_text: "user id" in agent_text.lower())
    register_policy("airline/customer", customer)
"""

from __future__ import annotations

from collections.abc import Callable

from checkers.adk.scripted_model import RequestView, Step, say
from checkers.customer_plan import (
    CONFIRM_MARK,
    STOP,
    PlanPrompt,
    conversation_plan,
    next_message,
    read_prompt,
)

__all__ = [
    "CONFIRM_MARK",
    "STOP",
    "PlanPrompt",
    "conversation_plan",
    "next_message",
    "plan_customer",
    "read_prompt",
]


def plan_customer(asks_identity: Callable[[str], bool]) -> Callable[[RequestView], Step]:
    """A scripted customer following the plan in the user simulator's prompt
    (:func:`next_message`)."""

    def customer(view: RequestView) -> Step:
        prompt = read_prompt(view.latest_user_text)
        return say(STOP if prompt is None else next_message(prompt, asks_identity))

    return customer
