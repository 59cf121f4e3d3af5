"""The tool-outcome model, held where mutation testing found it untested.

``checkers mutate airline --module checkers/tool_outcome.py`` changed each operator, number and
branch of :mod:`checkers.tool_outcome`; each change the model's own tests
(``tests/test_tool_outcome.py``) did not notice is held here by what the model must say of a
response a person reads the same way: which responses are failures, which are successes and
which cannot be read, which key decided it, and which writes are asked for but not made.
Marked ``checkers_meta``, so the mutation run tries every mutant against these tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.tool_outcome import ToolStatus, error_text, tool_outcome, write_not_done
from checkers.transcript import brief_json

pytestmark = pytest.mark.checkers_meta

FAILED, SUCCEEDED, UNKNOWN = ToolStatus.FAILED, ToolStatus.SUCCEEDED, ToolStatus.UNKNOWN


def _read(response: Any) -> tuple[ToolStatus, str]:
    outcome = tool_outcome(response)
    assert outcome.evidence, outcome
    return outcome.status, outcome.where


# --- an error key that holds no error ------------------------------------------------------------


@pytest.mark.parametrize(
    "response",
    [
        {"error": False},
        {"error": ""},
        {"error": []},
        {"error": {}},
        {"error": None, "error_message": ""},
        {"error_code": 0},
        {"error_code": "0"},
        {"errorCode": " OK "},
        {"error_code": "none"},
        {"error_type": "Success"},
    ],
)
def test_an_error_key_saying_no_error_is_a_success(response: dict[str, Any]) -> None:
    """An empty error, or a code by the "no error" convention (0, "OK", "none", "success"),
    says the call went well."""
    assert _read(response) == (SUCCEEDED, "")


@pytest.mark.parametrize(
    ("response", "where"),
    [
        ({"error": True}, "error"),
        ({"error": 1}, "error"),
        ({"error": ["card declined"]}, "error"),
        ({"error_code": 1}, "error_code"),
        ({"error_code": "E42"}, "error_code"),
        ({"errorMessage": "quota exceeded"}, "errorMessage"),
        ({"error_type": "ValueError"}, "error_type"),
        ({"error_details": "bad id"}, "error_details"),
        ({"error_code": "0", "error_message": "seat taken"}, "error_message"),
    ],
)
def test_an_error_key_holding_an_error_is_a_failure(response: dict[str, Any], where: str) -> None:
    assert _read(response) == (FAILED, where)


@given(
    st.sampled_from(["error", "error_code", "errorCode", "error_message", "exception"]),
    st.sampled_from([0, 0.0, -0.0]),
    st.dictionaries(st.sampled_from(["order_id", "status", "result"]), st.just("ok"), max_size=2),
)
def test_an_error_of_the_number_zero_in_any_spelling_is_no_error(
    key: str, zero: float, extras: dict[str, Any]
) -> None:
    """An error code 0 is the "no error" convention, written as JSON's 0 or 0.0 alike."""
    assert _read({**extras, key: zero}) == (SUCCEEDED, "")


@given(
    st.sampled_from(["error", "error_code", "errorCode"]),
    st.integers(1, 999) | st.floats(0.5, 999) | st.integers(-999, -1),
)
def test_an_error_of_a_nonzero_number_is_an_error(key: str, code: float) -> None:
    assert _read({key: code}) == (FAILED, key)


def test_a_failure_code_shows_its_message_and_no_other_key_does() -> None:
    """The evidence of a code names the message beside it; the message of an error that is
    itself the evidence is not repeated."""
    coded = tool_outcome({"errorCode": "E42", "errorMessage": "quota exceeded"})
    assert coded.evidence == 'errorCode="E42" ("quota exceeded")'
    plain = tool_outcome({"error": "locked", "error_message": "the seat is locked"})
    assert plain.evidence == 'error="locked"'
    bare = tool_outcome({"error_code": 503})
    assert bare.evidence == "error_code=503"


# --- success flags -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "response",
    [
        {"success": True},
        {"ok": " TRUE "},
        {"isError": "false"},
        {"is_error": False, "content": [{"type": "text", "text": "3 seats left"}]},
        {"success": None, "ok": None, "isError": None},
    ],
)
def test_a_flag_saying_success_is_a_success(response: dict[str, Any]) -> None:
    assert _read(response) == (SUCCEEDED, "")


@pytest.mark.parametrize(
    ("response", "where"),
    [
        ({"ok": False}, "ok"),
        ({"is_error": True}, "is_error"),
        ({"isError": "True"}, "isError"),
        ({"success": "No"}, "success"),
    ],
)
def test_a_flag_saying_failure_is_a_failure(response: dict[str, Any], where: str) -> None:
    assert _read(response) == (FAILED, where)


def test_a_failed_flag_shows_the_first_text_part() -> None:
    outcome = tool_outcome(
        {
            "success": False,
            "content": [{"type": "image"}, "x", {"type": "text", "text": "no seat on HAT188"}],
        }
    )
    assert outcome.evidence == 'success=false ("no seat on HAT188")'


@pytest.mark.parametrize(
    ("response", "where"),
    [
        ({"success": "maybe", "error": "x"}, "error"),
        ({"ok": 1, "status": "failed"}, "status"),
        ({"ok": 1, "success": False}, "success"),
        ({"success": "maybe", "confirmed": False}, "confirmed"),
        ({"success": "maybe", "code": 503}, "code"),
        (
            {"ok": 1, "isError": False, "content": [{"type": "text", "text": "Error: x"}]},
            "content[0].text",
        ),
        ({"ok": 1, "result": "Error: x"}, "result"),
        ({"ok": 1, "result": {"error": "x"}}, "result.error"),
    ],
)
def test_a_failure_outweighs_an_unreadable_flag(response: dict[str, Any], where: str) -> None:
    """A flag that cannot be read makes the call unknown only when nothing says it failed."""
    assert _read(response) == (FAILED, where)


def test_the_first_unreadable_flag_is_the_one_named() -> None:
    assert _read({"success": "maybe", "ok": "perhaps"}) == (UNKNOWN, "success")
    assert _read({"ok": "perhaps", "isError": "yes"}) == (UNKNOWN, "ok")


# --- flags of a thing done -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "where"),
    [
        ({"confirmed": False}, "confirmed"),
        ({"booked": "No"}, "booked"),
        ({"reserved": " false "}, "reserved"),
        ({"scheduled": False, "time": "10:00"}, "scheduled"),
        ({"succeeded": "no"}, "succeeded"),
        ({"successful": False}, "successful"),
    ],
)
def test_a_thing_asked_for_and_not_done_is_a_failure(response: dict[str, Any], where: str) -> None:
    assert _read(response) == (FAILED, where)


@pytest.mark.parametrize(
    "response",
    [
        {"confirmed": True},
        {"confirmed": "2024-05-01T10:00:00"},
        {"booked": "yes"},
        {"reserved": None},
        {"reserved": 0, "available": 12},  # a count of seats, no flag
        {"booked": 0.0},
    ],
)
def test_a_thing_done_or_a_record_time_is_a_success(response: dict[str, Any]) -> None:
    assert _read(response) == (SUCCEEDED, "")


# --- statuses and HTTP codes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "status", "where"),
    [
        ({"status": "Error: card declined"}, FAILED, "status"),
        ({"status": "SOLD OUT"}, FAILED, "status"),
        ({"status": "confirmed"}, SUCCEEDED, ""),
        ({"status": 200}, SUCCEEDED, ""),
        ({"code": 400}, FAILED, "code"),
        ({"code": 599}, FAILED, "code"),
        ({"code": 399}, SUCCEEDED, ""),
        ({"code": 600}, SUCCEEDED, ""),
        ({"http_status": 404}, FAILED, "http_status"),
        ({"httpStatus": 500}, FAILED, "httpStatus"),
        ({"statusCode": " 503 "}, FAILED, "statusCode"),
        ({"status_code": "200"}, SUCCEEDED, ""),
        ({"code": True}, SUCCEEDED, ""),
        ({"code": "40000"}, SUCCEEDED, ""),
        ({"code": "00501"}, SUCCEEDED, ""),  # five digits: a zip code, no HTTP status
        ({"status_code": "0404"}, FAILED, "status_code"),  # the number 404, written with a 0
        ({"code": "4" * 5000}, SUCCEEDED, ""),
    ],
)
def test_statuses_and_http_codes(response: dict[str, Any], status: ToolStatus, where: str) -> None:
    """A status saying the call failed, or an HTTP status of 400-599, is a failure; a status
    of the record, a 2xx or 3xx code, or a number that is no HTTP status is not."""
    assert _read(response) == (status, where)


# --- MCP content and text results ----------------------------------------------------------------


@pytest.mark.parametrize(
    "response",
    [
        {"content": ["pasta", "salad"]},
        {"content": [{"question": "Can I cancel?", "text": "Unable to cancel after departure."}]},
        {"content": [{"type": "text", "text": "ok"}, {"text": "Sorry, no substitutions."}]},
    ],
)
def test_a_records_own_content_is_no_mcp_result(response: dict[str, Any]) -> None:
    """Only a list of typed parts is MCP content: a record's list under "content" (a menu's
    dishes, a FAQ's answers) is data the lookup returned, whatever its words."""
    assert _read(response) == (SUCCEEDED, "")


@pytest.mark.parametrize(
    ("response", "status", "where"),
    [
        ({"isError": False, "content": "Error: boom"}, FAILED, "content"),
        ({"isError": False, "content": "all seats confirmed"}, SUCCEEDED, ""),
        ({"isError": False, "content": None}, SUCCEEDED, ""),
        (
            {
                "isError": False,
                "content": [{"type": "image"}, {"type": "text", "text": "Error: x"}],
            },
            FAILED,
            "content[1].text",
        ),
        ({"isError": False, "content": [{"type": "text", "text": 5}]}, UNKNOWN, "content[0].text"),
        (
            {
                "content": [
                    {"type": "text", "text": "ok"},
                    {"type": "text", "text": "404 Not Found"},
                ]
            },
            FAILED,
            "content[1].text",
        ),
        ({"output": "Traceback (most recent call last):\n  ..."}, FAILED, "output"),
        ({"detail": "Not Found"}, FAILED, "detail"),
        ({"text": "Sorry, no flights on that date"}, FAILED, "text"),
        ({"message": "Booked: HAT188 on May 5"}, SUCCEEDED, ""),
    ],
)
def test_text_results(response: dict[str, Any], status: ToolStatus, where: str) -> None:
    assert _read(response) == (status, where)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("no tables available tonight", "no tables available"),
        ("Sorry: sold out", "sorry"),
        ("Flight HAT999 does not exist", "does not exist"),
        ("there is no availability", "no availability"),
        ("  Fatal: disk full", "fatal"),
    ],
)
def test_error_text_names_the_words_that_decided(text: str, words: str) -> None:
    assert error_text(text) == words


# --- wrappers ------------------------------------------------------------------------------------


def _wrapped(inner: Any, depth: int, key: str = "result") -> Any:
    for _ in range(depth):
        inner = {key: inner}
    return inner


@pytest.mark.parametrize("key", ["result", "structuredContent", "structured_content"])
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_failure_is_read_through_three_wrappers(key: str, depth: int) -> None:
    where = ".".join([key] * depth + ["error"])
    assert _read(_wrapped({"error": "x"}, depth, key)) == (FAILED, where)


def test_a_failure_deeper_than_the_model_reads_is_unknown_never_a_success() -> None:
    assert _read(_wrapped({"error": "x"}, 4)) == (UNKNOWN, "result.result.result.result")


@pytest.mark.parametrize(
    ("response", "status", "where"),
    [
        ({"result": {1: "x"}}, UNKNOWN, "result"),
        (
            {"result": {1: "x"}, "structuredContent": {"error": "x"}},
            FAILED,
            "structuredContent.error",
        ),
        ({"result": {"success": "maybe"}}, UNKNOWN, "result.success"),
        (
            {"result": {"success": "maybe"}, "structuredContent": {"error": "x"}},
            FAILED,
            "structuredContent.error",
        ),
        (
            {"result": {"success": "maybe"}, "structuredContent": {"ok": "perhaps"}},
            UNKNOWN,
            "result.success",
        ),
        ({"result": {"ok": True}, "structuredContent": {"status": "done"}}, SUCCEEDED, ""),
    ],
)
def test_wrapped_unknowns(response: dict[str, Any], status: ToolStatus, where: str) -> None:
    assert _read(response) == (status, where)


class _Raising(Mapping[str, Any]):
    """A mapping whose values cannot be read (a type ADK never builds)."""

    def __getitem__(self, key: str) -> Any:
        raise RuntimeError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(["status"])

    def __len__(self) -> int:
        return 1


def test_a_response_that_cannot_be_read_is_unknown_and_raises_nothing() -> None:
    assert _read(_Raising()) == (UNKNOWN, "")
    assert write_not_done(_Raising()) is None


# --- a write asked for, not made -----------------------------------------------------------------


@pytest.mark.parametrize(
    "response",
    [
        {"status": "PENDING_APPROVAL"},
        {"status": "on-hold"},
        {"status": "Waitlisted"},
        {"status": "pending"},
        {"status": "pending: awaiting review by an agent"},
        {"message": "Your change is queued for approval."},
        {"content": [{"type": "text", "text": "You were added to the waitlist."}]},
        {"content": ["x", {"type": "text", "text": "Awaiting confirmation."}]},
        {"result": {"status": "awaiting confirmation"}},
        {"structuredContent": {"output": "Submitted for review"}},
    ],
)
def test_a_write_waiting_for_someone_is_not_made(response: dict[str, Any]) -> None:
    assert write_not_done(response) is not None, response


@pytest.mark.parametrize(
    ("response", "carried"),
    [
        ({"status": "confirmed"}, None),
        ({"status": None}, None),
        ({"status": 3}, None),
        ({"status": "Pending"}, "pending"),
        ({"status": "PENDING"}, "Pending"),
        ({"result": {"status": "pending"}}, "pending"),
        ({"message": "Seat 3A booked"}, None),
    ],
)
def test_a_write_reporting_what_it_made_is_made(
    response: dict[str, Any], carried: str | None
) -> None:
    assert write_not_done(response, carried) is None, response


def test_a_write_left_in_another_not_made_state_than_its_own_is_not_made() -> None:
    """The state the write leaves excuses only itself: a change whose record stays pending,
    reported as waitlisted, is not made."""
    assert write_not_done({"status": "waitlisted"}, "pending") is not None


@pytest.mark.parametrize("response", [None, "queued", ["queued"], {1: "queued"}])
def test_a_write_response_that_is_no_object_says_nothing_of_being_made(response: Any) -> None:
    assert write_not_done(response) is None


@given(st.integers(0, 6), st.sampled_from(["result", "structuredContent", "structured_content"]))
def test_a_write_not_made_is_read_where_a_failure_is(depth: int, key: str) -> None:
    """:func:`write_not_done` reads as deep as :func:`tool_outcome` does: a queued write is
    found at every depth where an error would be."""
    failure_read = tool_outcome(_wrapped({"error": "x"}, depth, key)).failed
    queued_read = write_not_done(_wrapped({"status": "queued"}, depth, key)) is not None
    assert queued_read is failure_read
    assert failure_read is (depth <= 3)


def test_a_not_made_write_names_where_it_was_read() -> None:
    assert write_not_done({"result": {"status": "queued"}}) == (
        'result.status="queued" (the write is not made yet)'
    )
    assert write_not_done({"content": [{"type": "text", "text": "Queued for approval"}]}) == (
        "content[0].text=\"Queued for approval\" reads as not made yet ('queued')"
    )


# --- evidence ------------------------------------------------------------------------------------

LONG = "Error: " + "the seat map service did not answer in time " * 3
"""An error text longer than any evidence quotes."""


@pytest.mark.parametrize(
    ("response", "evidence"),
    [
        ({"error": LONG}, f"error={brief_json(LONG, limit=80)}"),
        ({"result": LONG}, f"result={brief_json(LONG, limit=80)} reads as an error ('error')"),
        (
            {"ok": False, "content": [{"type": "text", "text": LONG}]},
            f"ok=false ({brief_json(LONG, limit=80)})",
        ),
        (
            {"error_code": 503, "error_message": LONG},
            f"error_code=503 ({brief_json(LONG, limit=80)})",
        ),
        (
            {"isError": False, "content": [LONG]},
            f"content part {brief_json(LONG, limit=60)} is not an object",
        ),
        (
            {"isError": False, "content": [{"text": [LONG]}]},
            f"a text part holds {brief_json([LONG], limit=60)}",
        ),
        (
            {"_unreadable_response": LONG},
            f"the response {brief_json(LONG, limit=60)} is not a JSON object",
        ),
        ([LONG], f"the response {brief_json([LONG], limit=60)} is not a JSON object"),
    ],
)
def test_evidence_quotes_a_long_value_cut_short(response: Any, evidence: str) -> None:
    """A reason quotes what decided it cut to 80 characters (a value that could not be read
    as a part or as a response, to 60), as the project's reasons quote values."""
    assert tool_outcome(response).evidence == evidence
