"""``confirmed_before_writing``: each write follows the customer's explicit yes to the agent's
listing of that write.

Each check declares its reason codes with it (``reasons=``, collected in
:data:`~domains.orders.checks.context.REASONS`).
"""

from __future__ import annotations

from checkers import confirmation as core
from checkers import consent, questions
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import maker
from checkers.text import plural
from domains.orders import facts, listing, versions
from domains.orders.checks.context import OrdersContext, check_for
from domains.orders.conversation import CallRecord, Conversation, Message
from domains.orders.models import ConfirmedBeforeWriting
from domains.orders.service import WRITES


def _previous_reply(conversation: Conversation, turn: int) -> Message | None:
    earlier = [m for m in conversation.agent_messages if m.turn < turn]
    return earlier[-1] if earlier else None


_OTHER_ACTIONS = ("address", "cancel", "exchang", "payment", "return")
"""Words naming another write's action in a question ("Shall I change its shipping address?");
the generic ones ("change", "update", "charge") name no write in particular."""
_ALSO_OWN = {
    "exchange_delivered_order_items": ("return",),
    "modify_pending_order_items": ("exchang",),
}
"""Words a question may name a write by beside its own: an exchange returns the old item, and
agents call a change of a pending order's items an exchange."""


def another_question(message: str, call: CallRecord, reply: str = "") -> str | None:
    """The question ``message`` (the agent's, before the yes) ends with, when it asks something
    other than going ahead with ``call`` ("Before we do that, would you like me to check the
    camera as well?"), offers another action beside it ("Would you like to return the chair,
    or exchange it?") or asks about another action alone ("Shall I change its shipping
    address?" before a cancellation) or asks for another version of it ("... with refunding to a
    gift card?" before a refund to PayPal: :func:`domains.orders.versions.other_version`): a
    yes answers that question, not the listing before it (:mod:`checkers.questions`'s
    ``asks_something_else``, ``other_action_offered``, ``other_action_asked``). The customer's
    ``reply`` tells which question a yes answers when a courtesy one follows a request to go
    ahead (:func:`checkers.questions.last_question`)."""
    asked = questions.last_question(message, reply)
    if asked is None:
        return None
    stems = listing.RESTATES.get(call.name, ()) + _ALSO_OWN.get(call.name, ())
    named = call.arg("order_id") in facts.order_ids(asked)
    other = questions.asks_something_else(asked, stems, names_own=named, names_write=named)
    offered = questions.other_action_offered(asked, stems, _OTHER_ACTIONS)
    alone = questions.other_action_asked(asked, stems, _OTHER_ACTIONS)
    version = versions.other_version(asked, call)
    return asked if other or offered or alone or version else None


def _confirmation(conversation: Conversation, call: CallRecord) -> core.Finding:
    """Whether ``call`` was confirmed: PASS, FAIL or UNSCORED, with a reason code and sentence.

    The customer's yes is their last message since the last write that took effect that is a
    yes, with nothing after it but questions or information
    (:func:`checkers.confirmation.last_yes`: "Yes." then "Thanks a lot." confirms; "Yes." then
    "Actually, wait." does not), and the agent's message before it must list the write. A
    reply that is not consent fails (``no_explicit_yes``), whatever was listed; an ambiguous
    reply is unscored (``ambiguous_reply``) unless the listing already fails (a definite
    failure outranks an undecided one); a yes that names another order than the write's fails
    (``yes_to_another_order``).
    """
    start = core.window_start(conversation, call)
    stems = listing.RESTATES.get(call.name, ())
    message, reading = core.last_yes(conversation, call, start, stems)
    if message is None or reading is None:  # nothing said since the last write: no yes
        return core.not_consent(call, "", consent.classify("", stems), 80)
    said = message.text
    if reading.consent in (consent.Consent.REFUSAL, consent.Consent.NOT_CONSENT):
        return core.not_consent(call, said, reading, 80)
    reply = _previous_reply(conversation, message.turn)
    problem = "said nothing" if reply is None else listing.listing_problem(reply.text, call)
    if problem is not None:
        asked = reply.text[:100] if reply else "nothing"
        return (
            ResultOutcome.FAIL,
            "action_not_described",
            f"the customer said {said[:40]!r}, but the agent's previous reply ({asked!r}) did "
            f"not describe {call.label()}: it {problem}",
        )
    question = another_question(reply.text, call, said) if reply is not None else None
    if question is not None:
        return core.yes_to_a_question(call, said, question)
    order_id = call.arg("order_id")
    named = facts.order_ids(said)
    if order_id is not None and named and order_id not in named:
        return (
            ResultOutcome.FAIL,
            "yes_to_another_order",
            f"{call.label()} was made after the customer said yes to {', '.join(named)}, "
            f"not to {order_id}",
        )
    if reading.consent is consent.Consent.AMBIGUOUS:
        return core.undecided(call, said, reading)
    return ResultOutcome.PASS, "confirmed", ""


@check_for(
    ConfirmedBeforeWriting,
    reasons={
        "confirmed": "pass: every write followed the customer's explicit yes to its listing",
        "no_writes": "pass: the agent attempted no write",
        "no_explicit_yes": "fail: the customer's reply before a write was no explicit yes",
        "action_not_described": "fail: the agent's message before the yes did not list the write",
        "yes_to_another_order": "fail: the yes named another order than the write's",
        "yes_to_another_proposal": "fail: the agent's last question before the yes asked "
        "something other than going ahead with the write, or offered another action beside it",
        "ambiguous_reply": "unscored: whether the reply consents cannot be decided",
        "no_user_turns": "unscored: the transcript holds no customer message",
    },
)
def check_confirmed(req: ConfirmedBeforeWriting, ctx: OrdersContext) -> RequirementResult:
    """Each attempted write is in a turn opened by the customer's unconditional yes to the
    agent's listing of that write (see :func:`_confirmation`). The first failing write decides;
    else the first unscored one; else every write was confirmed."""
    make, conversation = maker(req), ctx.conversation
    writes = [c for c in conversation.calls if c.name in WRITES]
    if not conversation.has_user_turns:
        return core.no_user_turns(make)
    if not writes:
        return make(ResultOutcome.PASS, "no_writes", "the agent attempted no write")
    return core.decided(
        make,
        [_confirmation(conversation, call) for call in writes],
        f"every write ({plural(len(writes), 'write')}) followed the customer's explicit yes to "
        "the agent's listing of that write",
    )
