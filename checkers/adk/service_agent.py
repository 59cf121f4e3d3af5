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

or, in one step, with what to say when the call is refused (:func:`answer`)::

    order = answer(view, lambda error: f"I could not look up order {order_id}: {error}.",
                   "get_order_details", order_id=order_id)

:func:`ok_calls` are the calls of a tool that were answered, with their answers (the lookups
that identified the customer); :func:`pending` is the request the customer is waiting on, and
:func:`consented` the request a customer's yes agrees to;
:func:`calculated` is an amount worked out by the service's ``calculate`` tool, so an agent
states no amount a tool did not give (:func:`amount_text`).

A customer who asks for a human agent is handed off: :func:`hand_off` makes the service's
hand-off call (:data:`checkers.service.HANDOFF`) once this turn, then tells the customer::

    if request.name == HANDOFF:
        return hand_off(view, **request.kwargs)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, TypeVar

from checkers.adk.scripted_model import RequestView, Step, call, say
from checkers.consent import is_consent
from checkers.service import HANDOFF
from checkers.text import fold
from checkers.trajectory import is_error_response

__all__ = [
    "HANDED_OFF",
    "amount_text",
    "answer",
    "calculated",
    "consented",
    "error_text",
    "hand_off",
    "latest_ok",
    "looked_up",
    "ok",
    "ok_calls",
    "pending",
]

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


def answer(
    view: RequestView, refused: Callable[[str], str], name: str, /, **args: Any
) -> Step | Response:
    """This turn's answer (:func:`ok`) to ``name(**args)``, or the step to take first: that
    call, or, when it was refused, saying ``refused(words)`` (the refusal's :func:`error_text`)."""
    response = looked_up(view, name, **args)
    if isinstance(response, Step) or ok(response):
        return response
    return say(refused(error_text(response)))


def ok_calls(view: RequestView, name: str) -> list[tuple[Mapping[str, Any], Response]]:
    """``(arguments, answer)`` of each call of tool ``name`` in the conversation that was
    answered (:func:`ok`), oldest first."""
    answers = {r.call_id: r.response for r in view.tool_responses}
    return [
        (c.args, answers[c.call_id])
        for c in view.tool_calls
        if c.name == name and ok(answers.get(c.call_id))
    ]


def amount_text(value: Any) -> str:
    """An amount as a tool gave it, without a spurious ``.0``: ``100.0`` is ``"100"``, ``12.50``
    is ``"12.5"``."""
    text = f"{Decimal(str(value)):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def calculated(view: RequestView, arithmetic: str, refused: Callable[[str], str]) -> Step | str:
    """``arithmetic`` worked out by the ``calculate`` tool (:func:`amount_text` of its result),
    or the step to take first: that call, or, when it was refused, saying ``refused(words)``."""
    computed = answer(view, refused, "calculate", expression=arithmetic)
    return computed if isinstance(computed, Step) else amount_text(computed["result"])


_R = TypeVar("_R")


def consented(view: RequestView, parse: Callable[[str], _R | None]) -> _R | None:
    """What the customer's latest message agrees to when it is a yes
    (:func:`checkers.consent.is_consent`): ``parse`` of the message before it; None when the
    latest message is no yes or nothing came before it."""
    if len(view.user_texts) < 2 or not is_consent(view.latest_user_text):
        return None
    return parse(view.user_texts[-2])


def pending(
    view: RequestView, parse: Callable[[str], _R | None], identifies: Callable[[str], object]
) -> _R | None:
    """The customer's latest request (``parse`` of a message): this message's, or, when this one
    only says who they are (``identifies`` of it is not None), the one before it still waiting.
    Stepping back, a question that asks for nothing ("why do you need my email?") is stepped
    over too: the request before it is still waiting once the customer has said who they are."""
    for back, text in enumerate(reversed(view.user_texts)):
        found = parse(text)
        if found is not None:
            return found
        if identifies(text) is None and not (back and _asks(text)):
            return None
    return None


def _asks(text: str) -> bool:
    """Whether ``text`` ends in a question mark (in any script's spelling)."""
    return fold(text).rstrip().endswith("?")


HANDED_OFF = "I have transferred you to a human agent, who will help you shortly."
"""What the agent tells the customer once the hand-off call is made."""


def hand_off(view: RequestView, **args: Any) -> Step:
    """The next step of handing the customer to a human agent: the call
    ``transfer_to_human_agents(**args)`` unless this turn made it, then :data:`HANDED_OFF`
    (whatever the call answered: the customer is told, never left waiting for a retry)."""
    if not view.turn_called_with(HANDOFF, **args):
        return call(HANDOFF, **args)
    return say(HANDED_OFF)
