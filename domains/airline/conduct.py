"""Who the customer is, and how the agent acts: ``identified_first`` and ``one_call_at_a_time``.

Each check registers in :data:`domains.airline.checks.checks` with its reason codes (collected in
:data:`domains.airline.checks.REASONS`); calls are numbered 1-based in reasons ("call #3").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import check_for, maker, misspelled_calls
from checkers.text import and_more, cut, fold, plural
from domains.airline.checks import REASONS, AirlineContext, CallRecord, Conversation, checks
from domains.airline.models import Database, IdentifiedFirst, OneCallAtATime
from domains.airline.service import SERVICE

_USER_ID = re.compile(r"\b[a-z]+_[a-z]+_\d{3,5}\b")


def user_ids_said(text: str, db: Database) -> list[str]:
    """The user ids of ``db`` that ``text`` names (``mia_li_3668``), in order, once each."""
    found = _USER_ID.findall(fold(text).lower())
    return list(dict.fromkeys(u for u in found if u in db.users))


def owner_of(call: CallRecord) -> str | None:
    """Whose data ``call`` touches: the owner of its reservation, or its user id; None when it
    names neither, or names a reservation or user the database does not hold."""
    db, reservation_id = call.db_before, call.arg("reservation_id")
    if reservation_id is not None:
        reservation = db.reservations.get(reservation_id)
        return None if reservation is None else reservation.user_id
    user_id = call.arg("user_id")
    return user_id if user_id is not None and user_id in db.users else None


def obtained(conversation: Conversation) -> Iterator[tuple[int, str, str]]:
    """``(position, user id, how)`` for each user id the agent obtained, in order: the position
    is the call before which it was known (a customer's message before call ``position``, or
    the user lookup at ``position - 1``)."""
    for message in conversation.user_messages:
        for user_id in user_ids_said(message.text, conversation.base):
            yield message.after_calls, user_id, f"the customer said {user_id}"
    for call in conversation.calls:
        if call.kind == "identify" and call.ok and (user := call.arg("user_id")) is not None:
            yield call.index + 1, user, f"{call.label()} found it"


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
    before it; it must still be the customer's."""
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
    found = sorted(obtained(conversation))
    customer = req.user_id or (found[0][1] if found else None)
    first = min((p for p, u, _ in found if u == customer), default=len(conversation.calls) + 1)
    early = [
        c for c in conversation.calls if c.kind in ("private_read", "write") and c.index < first
    ]
    if early:
        writes = [c for c in early if c.kind == "write"]
        code = "write_before_identification" if writes else "read_before_identification"
        shown = writes[0] if writes else early[0]
        when = (
            f"before the user id {customer} was obtained"
            if customer is not None and first <= len(conversation.calls)
            else "and the customer's user id was never obtained"
        )
        return make(
            ResultOutcome.FAIL,
            code,
            f"{plural(len(early), 'call')} touched private data {when}; first: {shown.label()}",
        )
    others = [
        f"{c.label()} touched data of user {owner}, not of the customer {customer}"
        for c in conversation.calls
        if c.kind in _PRIVATE and (owner := owner_of(c)) is not None and owner != customer
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


@check_for(
    checks,
    REASONS,
    OneCallAtATime,
    {
        "one_at_a_time": "pass: each message made at most one call and said nothing beside it",
        "no_calls": "pass: the agent made no call to the airline's tools",
        "calls_at_once": "fail: one message made several tool calls",
        "reply_beside_call": "fail: one message made a tool call and spoke to the customer",
        "calls_not_grouped": "unscored: the source does not record which message made which call",
    },
)
def check_one_call_at_a_time(req: OneCallAtATime, ctx: AirlineContext) -> RequirementResult:
    """No message of the agent makes two tool calls, or a tool call and a reply (the policy:
    "one tool call at a time ... not respond to the user simultaneously"). Text the agent wrote
    beside a call counts as a reply (it was addressed to the customer: ADK shows it to them beside
    the call, tau-bench never sends it).
    Unscored when the calls carry no message numbers (an ADK invocation that lists its calls
    without the events that made them). Calls to tools the airline service does not have are
    not the policy's: they are left out, as every check leaves them out."""
    make = maker(req)
    calls = [c for c in ctx.conversation.calls if c.kind is not None]
    if not calls:
        return make(ResultOutcome.PASS, "no_calls", "the agent made no call to the airline's tools")
    if any(c.message is None for c in calls):
        return make(
            ResultOutcome.UNSCORED,
            "calls_not_grouped",
            "the transcript does not record which of the agent's messages made which call, so "
            "whether it made one call at a time cannot be judged (unscored)",
        )
    by_message: dict[tuple[int, int], list[CallRecord]] = {}
    for call in calls:  # an ADK turn numbers its events afresh: a message is (turn, number)
        by_message.setdefault((call.turn, call.message or 0), []).append(call)
    together = [
        f"message {number} made {len(made)} calls at once: "
        + ", ".join(f"#{c.index + 1} {c.name}" for c in made)
        for (_, number), made in by_message.items()
        if len(made) > 1
    ]
    if together:
        return make(ResultOutcome.FAIL, "calls_at_once", and_more(together, "message"))
    beside = [
        f"message {c.message} made {c.label()} and said {cut(c.beside_text or '', 80)!r}"
        for c in calls
        if c.beside_text
    ]
    if beside:
        return make(ResultOutcome.FAIL, "reply_beside_call", and_more(beside, "message"))
    return make(
        ResultOutcome.PASS,
        "one_at_a_time",
        f"each of the agent's {plural(len(calls), 'call')} was made alone, with nothing said "
        "beside it",
    )
