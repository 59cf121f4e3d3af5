"""What the agent must tell: ``conveyed`` (the task's facts) and ``mentions_order_id``.

Each check declares its reason codes with it (``reasons=``, collected in
:data:`~domains.orders.checks.context.REASONS`).
"""

from __future__ import annotations

from collections.abc import Iterable

from checkers import service_checks, tokens
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import NO_AGENT_MESSAGE, maker
from domains.orders import claims, facts
from domains.orders.checks.context import REASONS, OrdersContext, agent_sentences, check_for, checks
from domains.orders.conversation import Conversation
from domains.orders.models import MentionsOrderId


def said(fact: str, messages: Iterable[str]) -> bool:
    """Whether ``fact`` is told in ``messages`` (:func:`checkers.service_checks.said`), an order
    id by any spelling :func:`domains.orders.facts.order_ids` reads ("W3288665" and "#w3288665"
    tell "#W3288665")."""
    texts = list(messages)
    order_id = facts.as_order_id(fact)
    if order_id is not None:
        return any(order_id in facts.order_ids(text) for text in texts)
    return service_checks.said(fact, texts)


def _status_told(fact: str, conversation: Conversation) -> bool:
    """Whether a required status (``"processed"``) was told about an order it is true of.

    The phrase must be a claim of that status in some agent sentence about the customer's
    orders (a general statement such as "processed is a status" tells nothing), and every order
    the claim is about (bound in its sentence or referred back to, see
    :mod:`domains.orders.claims`; or listed under a label saying it, "Processed:" over "-
    #W1") must have that status in the database at that moment:
    "#W1 is pending and #W2 is processed", when #W1 is the processed one, does not tell that
    #W1 is processed.
    """
    (wanted,) = claims.statuses(fact)
    for message, sentence, bound, _ in agent_sentences(conversation):
        # the status may be said by the label the sentence is listed under ("Processed:")
        if not any(
            tokens.has_phrase(fact, s) for s in (sentence, *(b.claim.phrase for b in bound))
        ):
            continue
        db = (
            conversation.calls[message.after_calls - 1].db_after
            if message.after_calls
            else conversation.base
        )
        hedges = claims.hedged_claims(sentence)
        for said in bound:
            orders = [db.orders.get(o) for o in said.orders]
            if said.claim in hedges:
                continue  # "processed or delivered" tells neither
            if said.claim.status == wanted and all(
                o is not None and claims.holds(wanted, o.status) for o in orders
            ):
                return True
    return False


def _conveyed(fact: str, conversation: Conversation) -> bool:
    if facts.as_number(fact) is None and len(claims.statuses(fact)) == 1:
        return _status_told(fact, conversation)
    return said(fact, [m.text for m in conversation.agent_messages])


# every required fact told, a status about an order it is true of
service_checks.conveyed_check(checks, REASONS, _conveyed)


@check_for(
    MentionsOrderId,
    reasons={
        "order_id_mentioned": "pass: every order at stake is named in a reply",
        "no_order_at_stake": "pass: the conversation is about no particular order (vacuous)",
        "order_id_not_mentioned": "fail: an order at stake is never named",
        **NO_AGENT_MESSAGE,
    },
)
def check_mentions_order_id(req: MentionsOrderId, ctx: OrdersContext) -> RequirementResult:
    """Every order the conversation is about is named in at least one agent reply."""
    make, conversation = maker(req), ctx.conversation
    wanted = [facts.normal_order_id(o) for o in req.order_ids]
    if not wanted:
        return make(
            ResultOutcome.PASS,
            "no_order_at_stake",
            "the conversation is about no particular order (vacuous pass)",
        )
    if not conversation.agent_messages:
        return make(
            ResultOutcome.INCOMPLETE,
            "no_agent_message",
            f"the agent said nothing, so it named none of {', '.join(wanted)}",
        )
    named = {o for m in conversation.agent_messages for o in facts.order_ids(m.text)}
    missing = [o for o in wanted if o not in named]
    if missing:
        return make(
            ResultOutcome.FAIL,
            "order_id_not_mentioned",
            f"the agent's replies never name order {', '.join(missing)}",
        )
    return make(
        ResultOutcome.PASS,
        "order_id_mentioned",
        f"the agent's replies name order {', '.join(wanted)}",
    )
