"""What every orders check shares: the registry, the context a check reads, the decorator that
registers a check, and what several rule families read of a conversation."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from checkers import service_checks
from checkers.requirements import CheckRegistry, Req
from checkers.service_checks import ServiceCheck
from domains.orders import claims, facts
from domains.orders.conversation import Conversation, Message
from domains.orders.models import Scenario

checks: CheckRegistry[OrdersContext] = CheckRegistry("orders")


@dataclass(frozen=True)
class OrdersContext:
    """What a check may look at: the scenario and the replayed conversation."""

    scenario: Scenario
    conversation: Conversation


REASONS: dict[str, dict[str, str]] = {}
"""Per requirement kind, every reason code its check gives and when: declared with the check
(:func:`check_for`), so the meta-tests fail on a code not listed here."""


def check_for(
    requirement_type: type[Req], reasons: Mapping[str, str]
) -> Callable[[ServiceCheck[Req, OrdersContext]], ServiceCheck[Req, OrdersContext]]:
    """Decorator: register the function as the check of ``requirement_type``, which gives the
    reason codes ``reasons`` (code -> when), answering ``no_agent_turn`` (incomplete) before it
    runs when the agent neither called a tool nor said anything
    (:func:`checkers.service_checks.check_for`, as every customer-service domain does)."""
    return service_checks.check_for(checks, REASONS, requirement_type, reasons)


def agent_sentences(
    conversation: Conversation,
) -> Iterator[tuple[Message, str, list[claims.Bound]]]:
    """Every agent sentence, in order, with its status claims bound to the orders they are
    about (:class:`domains.orders.claims.Thread`, fed the customer's messages and the orders
    the calls were about, in the order they happened)."""
    thread = claims.Thread()
    # The order things happened in: per turn, the customer's words, the calls (in call order),
    # then the agent's reply. Sorting by turn alone keeps that order within a turn: sorted()
    # is stable, and the events are listed in it.
    heard = [(m.turn, m.text) for m in conversation.user_messages] + [
        (c.turn, c.arg("order_id") or "") for c in conversation.calls
    ]
    spoken = [(m.turn, m) for m in conversation.agent_messages]
    events: list[tuple[int, str | Message]] = [*heard, *spoken]
    for _, event in sorted(events, key=lambda e: e[0]):
        if isinstance(event, str):
            thread.hear(event)
            continue
        for sentence in facts.sentences(event.text):
            yield event, sentence, thread.bound(sentence)
