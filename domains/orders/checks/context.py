"""What every orders check shares: the registry, the context a check reads, the decorator that
registers a check, and what several rule families read of a conversation."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial, wraps

from checkers.plans import kind_of
from checkers.requirements import CheckRegistry, Req, Requirement
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.tool_outcome import tool_outcome
from domains.orders import claims, facts
from domains.orders.conversation import CallRecord, Conversation, Message
from domains.orders.models import Scenario

checks: CheckRegistry[OrdersContext] = CheckRegistry("orders")


@dataclass(frozen=True)
class OrdersContext:
    """What a check may look at: the scenario and the replayed conversation."""

    scenario: Scenario
    conversation: Conversation


Make = Callable[[ResultOutcome, str, str], RequirementResult]
"""``make(outcome, reason_code, reason)``: a result of the requirement the maker was made for."""

OrdersCheck = Callable[[Req, OrdersContext], RequirementResult]
"""A check of one requirement kind: ``check(requirement, context) -> result``."""


def maker(requirement: Requirement) -> Make:
    """Results of ``requirement``, carrying its kind and its JSON dump."""
    return partial(RequirementResult, requirement.kind, requirement=requirement.as_json)


REASONS: dict[str, dict[str, str]] = {}
"""Per requirement kind, every reason code its check gives and when: declared with the check
(:func:`check_for`), so the meta-tests fail on a code not listed here."""
NO_AGENT_TURN = {
    "no_agent_turn": "incomplete: the agent neither called a tool of the service nor said anything"
}
NO_AGENT_MESSAGE = {"no_agent_message": "incomplete: the agent said nothing"}
"""For the kinds judged on what the agent said: it called tools but wrote no reply."""


def check_for(
    requirement_type: type[Req], reasons: Mapping[str, str]
) -> Callable[[OrdersCheck[Req]], OrdersCheck[Req]]:
    """Decorator: register the function as the check of ``requirement_type``, which gives the
    reason codes ``reasons`` (code -> when), answering ``no_agent_turn`` (incomplete) before it
    runs when the agent neither called a tool nor said anything.

    Every orders requirement judges what the agent did, so a conversation without an agent turn
    can be neither passed nor failed; deciding that here keeps each check from having to repeat
    it (and from forgetting to).
    """

    def decorate(judge: OrdersCheck[Req]) -> OrdersCheck[Req]:
        @wraps(judge)
        def check(req: Req, ctx: OrdersContext) -> RequirementResult:
            if ctx.conversation.empty:
                outside = ctx.conversation.outside_calls()
                called = f" (it called only {', '.join(outside)}, outside it)" if outside else ""
                return maker(req)(
                    ResultOutcome.INCOMPLETE,
                    "no_agent_turn",
                    f"the agent neither called a tool of the service{called} nor said anything, "
                    "so there is nothing to judge",
                )
            return judge(req, ctx)

        REASONS[kind_of(requirement_type)] = {**reasons, **NO_AGENT_TURN}
        return checks.register(requirement_type)(check)

    return decorate


def error_of(call: CallRecord) -> str:
    """What the agent saw for a failed call: the evidence the tool-outcome model found."""
    seen = call.seen
    if isinstance(seen, dict):
        message = seen.get("error_message") or seen.get("error")
        if message:
            return str(message)
        outcome = tool_outcome(seen)
        return str(seen) if outcome.succeeded else outcome.evidence
    return str(seen)


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
