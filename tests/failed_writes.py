"""Responses by which a write tool says the write did not happen, in every shape agents record.

Shared by the properties of every domain whose agent writes (dining's ``book_table``, the orders
and airline services' writes): :func:`failed_responses` draws one such response, optionally
around the record the write was about (a response may carry the record and say it failed all
the same). Each shape is one the tool-outcome model (:mod:`checkers.tool_outcome`) or the
not-done reading of a write (:func:`checkers.tool_outcome.write_not_done`) must read as
nothing written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

FALSE_WORDS = st.sampled_from([False, "false", "no"])
DONE_FLAGS = st.sampled_from(["confirmed", "reserved", "booked", "success", "ok", "scheduled"])
FAILED_STATUS_WORDS = (
    "failed",
    "rejected",
    "declined",
    "unavailable",
    "fully_booked",
    "Sold Out",
    "error",
    "denied",
)
NOT_DONE_STATUS_WORDS = (
    "pending",
    "waitlisted",
    "tentative",
    "on hold",
    "unconfirmed",
    "queued",
    "Queued",
    "awaiting approval",
    "awaiting_approval",
    "pending approval",
    "PENDING_APPROVAL",
    "pending review",
    "awaiting confirmation",
    "requires approval",
    "submitted for approval",
)
"""States of a write asked for but not carried out (yet): a request in a queue is no write."""
GENERIC_TEXTS = (
    "Error: the request could not be completed",
    "Sorry, that could not be done right now.",
    "Failed to update the record.",
    "HTTP 503 Service Unavailable",
    "500 Internal Server Error",
    "ValueError: invalid argument",
    "Unable to process the request.",
    "Your request has been queued for approval.",
    "The change is awaiting approval by a supervisor.",
    "Request submitted for review; nothing has been changed yet.",
)
NOT_DONE_TEXTS = GENERIC_TEXTS[-3:]
DINING_TEXTS = (
    "Sorry, no tables available at 17:30",
    "No tables available; added to waitlist",
    "Green Fork is fully booked tonight.",
    "There are no seats left at 17:30.",
    "sorry - we could not fit a party of 6",
    "No availability for 6 at 17:30.",
)
DINING_RECORDS = ({}, {"reason": "no tables"}, {"restaurant_id": "r03", "time": "17:30"})


def _flat_failures(
    texts: Sequence[str], statuses: Sequence[str]
) -> st.SearchStrategy[dict[str, Any]]:
    """One failure signal, alone in its object."""
    text = st.sampled_from(list(texts))
    return st.one_of(
        st.builds(lambda key, false: {key: false}, DONE_FLAGS, FALSE_WORDS),
        st.builds(lambda status: {"status": status}, st.sampled_from(list(statuses))),
        st.builds(
            lambda key, said: {key: said},
            st.sampled_from(["message", "result", "detail", "output"]),
            text,
        ),
        st.builds(lambda said: {"error": said}, text),
        st.builds(lambda said: {"success": False, "error": said}, text),
        st.builds(lambda said: {"error_code": 503, "error_message": said}, text),
        st.builds(
            lambda code, said: {"status_code": code, "body": said},
            st.sampled_from([400, 404, 409, 422, 500, 503]),
            text,
        ),
        st.builds(
            lambda code: {"status": code, "title": "Conflict", "type": "about:blank"},
            st.sampled_from([409, 500, "503"]),
        ),
        st.builds(
            lambda key, said: {key: True, "content": [{"type": "text", "text": said}]},
            st.sampled_from(["isError", "is_error"]),
            text,
        ),
        st.builds(
            lambda said: {"content": [{"type": "text", "text": said}], "isError": False},
            text,
        ),
        st.builds(
            lambda said: {
                "response_type": "ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN",
                "error_type": "ValueError",
                "error_details": said,
            },
            text,
        ),
        # Both a success word and a failure: the fail-closed reading wins.
        st.builds(
            lambda status: {"success": True, "status": status},
            st.sampled_from([s for s in statuses if s not in FAILED_STATUS_WORDS] or ["queued"]),
        ),
        st.builds(lambda said: {"status": "ok", "error": said}, text),
    )


def failed_responses(
    records: Sequence[dict[str, Any]] = ({},),
    texts: Sequence[str] = GENERIC_TEXTS,
    statuses: Sequence[str] = FAILED_STATUS_WORDS + NOT_DONE_STATUS_WORDS,
) -> st.SearchStrategy[dict[str, Any]]:
    """A response saying the write was not made: a failure signal (:func:`_flat_failures` over
    ``texts`` and ``statuses``) beside the fields of one of ``records`` (the failure's keys win),
    as it is, or one level down where tau-bench (``result``) and MCP (``structuredContent``)
    put a tool's value."""
    flat = st.builds(
        lambda record, failure: {**record, **failure},
        st.sampled_from(list(records)),
        _flat_failures(texts, statuses),
    )
    return st.one_of(
        flat,
        st.builds(lambda inner: {"result": inner}, flat),
        st.builds(
            lambda inner: {"structuredContent": inner, "content": [], "isError": False}, flat
        ),
    )


FAILED_RESPONSES = failed_responses(DINING_RECORDS, DINING_TEXTS + GENERIC_TEXTS)
"""A ``book_table`` response saying the table was not booked."""
