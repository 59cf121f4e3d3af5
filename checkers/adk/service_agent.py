"""What every scripted customer-service agent (orders, airline) does the same way.

A policy reads the tool responses of the conversation: :func:`looked_up` is this turn's response
to a call, or the call to make first; :func:`ok` tells an answer from a refusal (or an injected
fault), whose words :func:`error_text` gives; :func:`latest_ok` is the latest answer of a tool
(the customer's profile)::

    order = looked_up(view, "get_order_details", order_id=order_id)
    if isinstance(order, Step):
        return order
    if not ok(order):
        return say(f"I could not look up order {order_id}: {error_text(order)}.")

A customer who asks for a human agent is handed off: :func:`hand_off` makes the service's
hand-off call (:data:`checkers.service.HANDOFF`) once this turn, then tells the customer::

    if request.name == HANDOFF:
        return hand_off(view, **request.kwargs)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checkers.adk.scripted_model import RequestView, Step, call, say
from checkers.service import HANDOFF
from checkers.trajectory import is_error_response

__all__ = ["HANDED_OFF", "error_text", "hand_off", "latest_ok", "looked_up", "ok"]

Response = dict[str, Any]
"""A tool's response as the conversation records it."""


def ok(response: Mapping[str, Any] | None) -> bool:
    """Whether ``response`` is an answer: there is one, and it is no error."""
    return response is not None and not is_error_response(response)


def error_text(response: Mapping[str, Any]) -> str:
    """What a refusal says (its ``error_message``, else its ``error``)."""
    return str(response.get("error_message") or response.get("error") or "unknown error")


def latest_ok(view: RequestView, name: str) -> Response | None:
    """The latest answer (:func:`ok`) tool ``name`` gave in the conversation, if any."""
    found = [r for r in view.responses(name) if ok(r)]
    return found[-1] if found else None


def looked_up(view: RequestView, name: str, /, **args: Any) -> Step | Response:
    """This turn's response to ``name(**args)``, or that call, to make first."""
    response = view.turn_response(name, **args)
    return call(name, **args) if response is None else response


HANDED_OFF = "I have transferred you to a human agent, who will help you shortly."
"""What the agent tells the customer once the hand-off call is made."""


def hand_off(view: RequestView, **args: Any) -> Step:
    """The next step of handing the customer to a human agent: the call
    ``transfer_to_human_agents(**args)`` unless this turn made it, then :data:`HANDED_OFF`
    (whatever the call answered: the customer is told, never left waiting for a retry)."""
    if not view.turn_called_with(HANDOFF, **args):
        return call(HANDOFF, **args)
    return say(HANDED_OFF)
