"""Who the customer is, and how the agent acts: ``identified_first`` and ``one_call_at_a_time``.

Each check registers in :data:`domains.airline.checks.checks` with its reason codes (collected in
:data:`domains.airline.checks.REASONS`); calls are numbered 1-based in reasons ("call #3").
"""

from __future__ import annotations

from checkers import agent_conduct
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import check_for, maker, misspelled_calls
from checkers.text import and_more, fold, plural
from domains.airline.checks import REASONS, AirlineContext, CallRecord, Conversation, checks
from domains.airline.models import Database, IdentifiedFirst, OneCallAtATime
from domains.airline.requests import USER_ID
from domains.airline.service import SERVICE


def user_ids_said(text: str, db: Database) -> list[str]:
    """The user ids of ``db`` that ``text`` names (``mia_li_3668``), in order, once each."""
    found = USER_ID.findall(fold(text).lower())
    return list(dict.fromkeys(u for u in found if u in db.users))


def looked_up(call: CallRecord) -> str | None:
    """The user id a successful user lookup was made with; None for any other call."""
    return call.arg("user_id") if call.kind == "identify" and call.ok else None


_GIVEN_AS = {"user_id": agent_conduct.says_identifier}
"""How a customer gives the user lookup's identifying argument: the user id, however written."""


def identifying(conversation: Conversation, call: CallRecord) -> bool:
    """Whether ``call``, a successful user lookup, identifies the customer: where the record
    carries the customer's words, only when a customer message before it gave its user id
    (:func:`checkers.agent_conduct.lookup_from_customer`); an id the agent guessed (from the
    customer's name, a reservation) identifies no one. A record without the customer's words
    (tau-bench's action triples, a session of actions alone) cannot say where the id came from,
    and there the lookup identifies, as tau-bench scores it."""
    return looked_up(call) is not None and agent_conduct.lookup_from_customer(
        conversation, call, _GIVEN_AS
    )


def guessed_lookups(conversation: Conversation) -> list[CallRecord]:
    """The successful user lookups of an id no customer message gave before them (see
    :func:`identifying`), in call order."""
    return [
        call
        for call in conversation.calls
        if looked_up(call) is not None and not identifying(conversation, call)
    ]


def obtained(conversation: Conversation) -> list[tuple[int, str, str]]:
    """``(position, user id, how)`` for each user id the agent obtained, in the order it was
    obtained: the position is the call before which it was known (a customer's message before
    call ``position``, or the user lookup at ``position - 1`` that identified
    (:func:`identifying`), which came before a message at the same position). An id the agent
    said first and the customer repeated ("Yes, mia_li_3668") was proposed, not obtained (see
    :func:`checkers.agent_conduct.said_by_customer`)."""
    found = [
        (call.index + 1, user, f"{call.label()} found it")
        for call in conversation.calls
        if (user := looked_up(call)) is not None and identifying(conversation, call)
    ]
    for message in conversation.user_messages:
        for user_id in user_ids_said(message.text, conversation.base):
            # an id the agent said first was proposed: the customer's echo of it gives nothing
            says = agent_conduct.says_identifier(user_id)
            if agent_conduct.said_by_customer(conversation, says, message.after_calls):
                found.append((message.after_calls, user_id, f"the customer said {user_id}"))
    # sorted by position alone: the lookups listed first stay before a message at their position
    return sorted(found, key=lambda one: one[0])


_PRIVATE = ("private_read", "write", "identify")


@check_for(
    checks,
    REASONS,
    IdentifiedFirst,
    {
        "identified_first": "pass: the user id was obtained before any private read or write, and "
        "only that user's data was touched",
        "no_private_access": "pass: no private read or write, so no identification was needed",
        "read_before_identification": "fail: private data was read before a user id was obtained",
        "write_before_identification": "fail: a write was made before a user id was obtained",
        "id_not_from_customer": "fail: private data was read or written after the agent looked "
        "up a user id the customer never gave (a guess identifies no one)",
        "other_users_data": "fail: a profile or reservation of another user was read or changed",
        "call_misspelled": "unscored: a call recorded as done names a tool of the service in "
        "other case or spacing, so whose data it touched cannot be judged",
    },
)
def check_identified_first(req: IdentifiedFirst, ctx: AirlineContext) -> RequirementResult:
    """No private read or write (attempted, whatever its result) before a user id was obtained
    (said by the customer, or found by a user lookup the customer's id was given to), and no
    call touches a profile or reservation of anyone but the customer (the scenario's user, else
    the first user id obtained). A user lookup is itself the way to identify, so it needs no id
    before it; it must still be the customer's, and where the record carries the customer's
    words, of an id they gave (:func:`identifying`): when the first early call comes after a
    lookup of a guessed id, the code is ``id_not_from_customer``."""
    make, conversation = maker(req), ctx.conversation
    misspelled = misspelled_calls(conversation, SERVICE.operations)
    if misspelled:
        return make(
            ResultOutcome.UNSCORED,
            "call_misspelled",
            f"{misspelled[0].label()} is recorded as done, but the service has no tool of that "
            "exact name (only in other case or spacing), so whose data it touched cannot be "
            "judged (unscored)",
        )
    found = obtained(conversation)
    customer = req.user_id or (found[0][1] if found else None)
    first = min((p for p, u, _ in found if u == customer), default=len(conversation.calls) + 1)
    early = agent_conduct.touched_early(conversation, first)
    if early is not None:
        _, calls, write = early
        when = (
            f"before the user id {customer} was obtained"
            if customer is not None and first <= len(conversation.calls)
            else "and the customer's user id was never obtained"
        )
        touched = (
            f"{plural(len(calls), 'call')} touched private data {when}; first: "
            f"{(write or calls[0]).label()}"
        )
        guesses = [
            (
                guess,
                f"{guess.label()} looked up a user id no customer message before it gave (a "
                "guess), which identifies no one",
            )
            for guess in guessed_lookups(conversation)
        ]
        return agent_conduct.early_failure(make, early, touched, guesses)
    others = [
        f"{c.label()} touched data of user {owner}, not of the customer {customer}"
        for c in conversation.calls
        if c.kind in _PRIVATE
        and (owner := agent_conduct.owner_of(c, "reservations", "reservation_id")) is not None
        and owner != customer
    ]
    if others:
        return make(ResultOutcome.FAIL, "other_users_data", and_more(others, "call"))
    touching = [c for c in conversation.calls if c.kind in ("private_read", "write")]
    if not touching:
        return make(
            ResultOutcome.PASS,
            "no_private_access",
            "the agent read no reservation and wrote nothing, so no identification was needed",
        )
    how = next(h for p, u, h in found if u == customer and p == first)
    return make(
        ResultOutcome.PASS,
        "identified_first",
        f"{how} before any private read or write, and every call touched only {customer}'s data",
    )


@check_for(checks, REASONS, OneCallAtATime, agent_conduct.one_call_reasons("the airline's tools"))
def check_one_call_at_a_time(req: OneCallAtATime, ctx: AirlineContext) -> RequirementResult:
    """No message of the agent makes two tool calls, or a tool call and a reply
    (:func:`checkers.agent_conduct.one_call_at_a_time`)."""
    return agent_conduct.one_call_at_a_time(maker(req), ctx.conversation, "the airline's tools")
