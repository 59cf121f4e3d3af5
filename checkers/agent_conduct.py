"""How a customer-service agent acts, judged alike in every domain: whose data a call touches,
which calls touched private data before the customer was identified, and whether the agent made
one tool call at a time. A domain gives its tables and nouns; the rule is said once here."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from checkers.conversation import CallRecord, Conversation
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import Make
from checkers.text import and_more, cut, each_of, fold_lower


def owner_of(call: CallRecord[Any], records: str, key: str) -> str | None:
    """Whose data ``call`` touches: the ``user_id`` of the record its argument ``key`` names in
    table ``records`` of the database before it (``"reservations"``, ``"reservation_id"``),
    else its own ``user_id``; None when it names neither, or a record or user the database
    does not hold."""
    db, record_id = call.db_before, call.arg(key)
    if record_id is not None:
        record = getattr(db, records).get(record_id)
        return None if record is None else str(record.user_id)
    user_id = call.arg("user_id")
    return user_id if user_id is not None and user_id in db.users else None


_LETTER_GAP = r"[\s.,\-]{0,2}"
"""Between the characters of one part of an identifier: nothing ("olivia"), or what a customer
spelling it out puts there ("o-l-i-v-i-a", "O. L. I.", "2 3 0 5")."""
_PART_GAP = r"(?:[\s.,\-]*(?:\\?_|\bunderscore\b)[\s.,\-]*|[\s\-]+)"
"""Between the parts of an identifier: its underscore (markdown's ``\\_``, or the word
"underscore" of one spelling it out), or spaces or a dash in its place ("olivia gonzalez 2305")."""


@lru_cache(maxsize=1024)
def identifier_as_said(identifier: str) -> re.Pattern[str]:
    """The ways a customer writes ``identifier`` (``olivia_gonzalez_2305``), as a pattern over
    :func:`~checkers.text.fold_lower` text: as a whole token (not inside
    ``olivia_gonzalez_23051``), in any case, in quotes or with punctuation after it, its parts
    joined by underscores, spaces or dashes, each part written out or spelt letter by letter
    ("o-l-i-v-i-a underscore g-o-n-z-a-l-e-z underscore 2305")."""
    parts = re.findall(r"[^\W_]+", fold_lower(identifier))
    if not parts:
        return re.compile(r"(?!)")
    spelt = [_LETTER_GAP.join(map(re.escape, part)) for part in parts]
    return re.compile(
        r"(?<![a-z0-9])(?<![a-z0-9][_\-])"
        + _PART_GAP.join(spelt)
        + r"(?![a-z0-9])(?![_\-][a-z0-9])"
    )


def has_customer_words(conversation: Conversation[Any]) -> bool:
    """Whether the record carries something the customer said: a customer message that is not
    blank (an ADK session of actions alone still records an empty user turn; tau-bench's action
    lists record none)."""
    return any(m.text.strip() for m in conversation.user_messages)


def given_by_customer(conversation: Conversation[Any], identifier: str, position: int) -> bool:
    """Whether a customer message before call ``position`` gives ``identifier``, however
    written (:func:`identifier_as_said`); each message is read on its own, so parts in two
    messages give nothing."""
    pattern = identifier_as_said(identifier)
    return any(
        pattern.search(fold_lower(m.text)) is not None
        for m in conversation.user_messages
        if m.after_calls <= position
    )


def touched_early(
    conversation: Conversation[Any], first: int
) -> tuple[str, list[CallRecord[Any]], CallRecord[Any] | None] | None:
    """The private reads and writes (attempted, whatever their result) before call ``first``
    (where the customer was identified): ``(reason code, those calls, the first write among
    them)``, the code ``write_before_identification`` when one is a write, else
    ``read_before_identification``; None when there are none."""
    early = [
        c for c in conversation.calls if c.kind in ("private_read", "write") and c.index < first
    ]
    if not early:
        return None
    write = next((c for c in early if c.kind == "write"), None)
    code = "write_before_identification" if write else "read_before_identification"
    return code, early, write


def one_call_reasons(tools: str) -> dict[str, str]:
    """Every reason code of :func:`one_call_at_a_time`, and when it is given."""
    return {
        "one_at_a_time": "pass: each message made at most one call and said nothing beside it",
        "no_calls": f"pass: the agent made no call to {tools}",
        "calls_at_once": "fail: one message made several tool calls",
        "reply_beside_call": "fail: one message made a tool call and spoke to the customer",
        "calls_not_grouped": "unscored: the source does not record which message made which call",
    }


def one_call_at_a_time(
    make: Make, conversation: Conversation[Any], tools: str
) -> RequirementResult:
    """No message of the agent makes two tool calls, or a tool call and a reply (tau-bench's
    policies: "one tool call at a time ... not respond to the user simultaneously"). Text the
    agent wrote beside a call counts as a reply (ADK shows it to the customer beside the call;
    tau-bench never sends it). Unscored when the calls carry no message numbers (an ADK
    invocation that lists its calls without the events that made them). A call to a tool the
    service does not have (``tools`` names its own in reasons) is judged only beside a call to
    one of them: made alone, it is no call of the service (as every check leaves it out), but
    made in one message with another it is still a second call at once."""
    calls = [c for c in conversation.calls if c.kind is not None]
    if not calls:
        return make(ResultOutcome.PASS, "no_calls", f"the agent made no call to {tools}")
    if any(c.message is None for c in calls):
        return make(
            ResultOutcome.UNSCORED,
            "calls_not_grouped",
            "the transcript does not record which of the agent's messages made which call, so "
            "whether it made one call at a time cannot be judged (unscored)",
        )
    by_message: dict[tuple[int, int], list[CallRecord[Any]]] = {}
    for call in conversation.calls:  # an ADK turn numbers its events afresh: (turn, number)
        if call.message is not None:
            by_message.setdefault((call.turn, call.message), []).append(call)
    together = [
        f"message {number} made {len(made)} calls at once: "
        + ", ".join(f"#{c.index + 1} {c.name}" for c in made)
        for (_, number), made in by_message.items()
        if len(made) > 1 and any(c.kind is not None for c in made)
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
    calls_made = each_of(len(calls), "call", whose="the agent's")
    return make(
        ResultOutcome.PASS,
        "one_at_a_time",
        f"{calls_made} was made alone, with nothing said beside it",
    )
