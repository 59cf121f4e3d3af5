"""What every scripted customer-service agent (orders, airline) does the same way.

A customer who asks for a human agent is handed off: :func:`hand_off` makes the service's
hand-off call (:data:`checkers.service.HANDOFF`) once this turn, then tells the customer::

    if request.name == HANDOFF:
        return hand_off(view, **request.kwargs)
"""

from __future__ import annotations

from typing import Any

from checkers.adk.scripted_model import RequestView, Step, call, say
from checkers.service import HANDOFF

__all__ = ["HANDED_OFF", "hand_off"]

HANDED_OFF = "I have transferred you to a human agent, who will help you shortly."
"""What the agent tells the customer once the hand-off call is made."""


def hand_off(view: RequestView, **args: Any) -> Step:
    """The next step of handing the customer to a human agent: the call
    ``transfer_to_human_agents(**args)`` unless this turn made it, then :data:`HANDED_OFF`
    (whatever the call answered: the customer is told, never left waiting for a retry)."""
    if not view.turn_called_with(HANDOFF, **args):
        return call(HANDOFF, **args)
    return say(HANDED_OFF)
