"""Whether a recorded tool call succeeded: one model of tool outcomes for every rule and domain.

:func:`tool_outcome` reads any recorded tool response and says ``succeeded``, ``failed`` or
``unknown``, with the evidence (which key or text decided it). It knows the failure shapes ADK
2.13, its plugins and MCP record, and the project's own:

- ``{"error": ...}`` (non-empty): ADK's unknown-tool, missing-argument, argument-validation and
  rejected-confirmation payloads, an exception ADK's evaluation generator recorded, tau-bench's
  ``Error: ...`` observations, the dining and scheduling tools' refusals;
- ``{"error_code": 503, "error_message": ...}``: ADK's environment-simulation fault injection
  (``injected_http_error_code``) and the orders service; either key alone suffices;
- ``{"response_type": "ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN", "error_type": ...,
  "error_details": ...}``: ``ReflectAndRetryToolPlugin``'s payload for a tool that raised (or
  whose result it read as an error), on every retry and after the last;
- MCP ``CallToolResult`` dumps: ``isError`` (1.x spelling) or ``is_error`` (2.x) true; with it
  false or absent, the ``content`` text parts are read like any other error text;
- ``"exception"`` non-empty; ``"success"`` or ``"ok"`` false (or ``"no"``); a flag saying the
  thing asked for was not done (``confirmed``, ``reserved``, ``booked``, ``scheduled``,
  ``succeeded``, ``successful``; or one of them after the thing's name or a verb:
  ``booking_confirmed``, ``is_booked``, ``isReserved``) false; a ``"status"`` of error, failed,
  rejected, declined, unavailable, fully booked ... (:data:`FAILED_STATUSES`, any case); an
  HTTP status of 400-599 in ``status``, ``status_code``, ``statusCode``, ``http_status`` or
  ``code``;
- error text where a tool's text result goes (``result``, ``output``, ``message``, ``detail``,
  ``text``, MCP text parts): "Error: ...", "ValueError: ...", "Sorry, ...", a traceback,
  "HTTP 500", "404 Not Found", "order not found", "Unable to ...", "Unknown action ...", "no
  tables available", "fully booked" (:func:`error_text`);
- the same shapes one level down, in ``result`` or MCP ``structuredContent`` (tau-bench's
  observations are recorded as ``{"result": <parsed JSON>}``).

Unknown, never a success: a response that is not a JSON object with string keys (the
transcript's :data:`~checkers.transcript.UNREADABLE_RESPONSE` included), a success flag
(``success``, ``ok``, ``isError``) holding something other than a boolean or null, MCP content
that is not a list of parts, and nesting deeper than the model reads. Every other object is a
success, ``{}`` and ``{"status": "pending"}`` included: an order's status is not the call's.
Any failure signal outweighs every success signal (``{"status": "ok", "error": "x"}`` failed).
Never raises; linear in the size of the response's text.

A write is held to more: :func:`write_not_done` reads a response that succeeded as a call but
says the write is asked for, not made (a ``status`` of pending, queued, awaiting approval ...,
:data:`NOT_DONE_STATUSES`; "queued for approval" in its text), unless that state is the one the
write itself leaves (an order still pending after its address changed). Every caller that
holds a write to its response (:mod:`checkers.committed`,
:func:`checkers.conversation.replay_conversation`) reads both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from checkers.text import fold_lower
from checkers.transcript import UNREADABLE_RESPONSE, brief_json

__all__ = [
    "FAILED_STATUSES",
    "NOT_DONE_STATUSES",
    "REFLECT_AND_RETRY_RESPONSE_TYPE",
    "ToolOutcome",
    "ToolStatus",
    "error_text",
    "tool_outcome",
    "write_not_done",
]

REFLECT_AND_RETRY_RESPONSE_TYPE = "ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN"
"""``response_type`` of ADK's ``ReflectAndRetryToolPlugin`` failure payload (ADK 2.13,
``google.adk.plugins._reflect_retry_utils``)."""

FAILED_STATUSES = frozenset(
    {
        "error",
        "errored",
        "exception",
        "fail",
        "failed",
        "failure",
        "rejected",
        "refused",
        "denied",
        "forbidden",
        "unauthorized",
        "not_found",
        "not found",
        "timeout",
        "timed_out",
        "timed out",
        "invalid",
        "invalid_argument",
        "internal",
        "unavailable",
        "aborted",
        "declined",
        "unsuccessful",
        "not_available",
        "not available",
        "no_availability",
        "fully_booked",
        "fully booked",
        "sold_out",
        "sold out",
        "not_booked",
        "not booked",
    }
)
"""``status`` texts (lowered, trimmed) that say the call failed. Order and booking states
(pending, cancelled, delivered, booked) are not among them: they describe what was looked up."""


class ToolStatus(Enum):
    """What a tool response says about its call."""

    SUCCEEDED = "succeeded"
    FAILED = "failed"
    UNKNOWN = "unknown"
    """The response cannot be read as either; never counted as a success."""


@dataclass(frozen=True)
class ToolOutcome:
    """The outcome of one tool call as its recorded response shows it."""

    status: ToolStatus
    where: str
    """The key path that decided it (``"error_code"``, ``"result"``, ``"content[0].text"``);
    ``""`` for the response as a whole."""
    evidence: str
    """What decided it, for a reason: ``error_code=503 ("service down")``, or why it is unknown."""

    @property
    def succeeded(self) -> bool:
        """True only for a clear success."""
        return self.status is ToolStatus.SUCCEEDED

    @property
    def failed(self) -> bool:
        """True for a clear failure (an unknown outcome is not one)."""
        return self.status is ToolStatus.FAILED

    @property
    def unknown(self) -> bool:
        """True when the response could not be read as a success or a failure."""
        return self.status is ToolStatus.UNKNOWN


_SUCCESS = ToolOutcome(ToolStatus.SUCCEEDED, "", "no failure signal in the response")
_MAX_DEPTH = 3
"""How many wrappers (``result`` in ``result`` ...) the model reads into."""

# --- error text -------------------------------------------------------------------------------

_HTTP_REASONS = (
    "bad request|unauthorized|payment required|forbidden|not found|method not allowed|"
    "not acceptable|request timeout|conflict|gone|precondition failed|payload too large|"
    "unprocessable (?:entity|content)|too many requests|internal server error|not implemented|"
    "bad gateway|service unavailable|gateway timeout"
)
_ERROR_TEXT = re.compile(
    # At the start: the text is an error message.
    r"^\W{0,3}(?P<start>error\b|errors? (?:occurred|while)\b|exception\b|fatal\b|failed\b|"
    r"failure\b|traceback \(most recent call last\)|unknown (?:action|tool|function|command)\b|"
    r"not found\b|no such\b|unable to\b|could not\b|couldn'?t\b|cannot\b|can'?t\b|"
    r"permission denied\b|access denied\b|unauthori[sz]ed\b|forbidden\b|invalid\b|"
    r"timed out\b|time ?out\b|sorry\b|[a-z_][\w.]*(?:error|exception)\b:)"
    # Anywhere: an HTTP error status, or a thing that does not exist.
    rf"|(?P<http>\bhttp(?:/\d(?:\.\d)?)?\s*(?:error\s*)?:?\s*[45]\d\d\b|"
    rf"\b(?:status|error|response)(?: code)?\s*[:=]?\s*[45]\d\d\b|"
    rf"\b[45]\d\d\s*[-:]?\s*(?:{_HTTP_REASONS})\b)"
    r"|(?P<missing>\bnot found\b|\bdoes(?: not|n'?t) exist\b|"
    r"\btraceback \(most recent call last\))"
    # Anywhere: nothing left to give ("no tables available", "fully booked").
    r"|(?P<none_left>\bno (?:[a-z]+ ){0,2}?(?:available|left)\b|\bno availability\b|"
    r"\bfully booked\b|\bsold out\b)",
)


def error_text(text: str) -> str | None:
    """The words that make ``text`` an error message, or None when it does not read as one.

    Matched on the folded, lowered text (:func:`checkers.text.fold_lower`, so look-alike letters
    and zero-width characters hide nothing): an error opening ("Error: ...", "Failed to ...",
    "ValueError: ...", "Unknown action ...", "Unable to ...", "Sorry, ..."), an HTTP error
    status anywhere ("HTTP 500", "404 Not Found", "status code 503"), "not found" / "does not
    exist" anywhere, or nothing left to give anywhere ("no tables available", "no seats left",
    "no availability", "fully booked", "sold out"). Never raises.
    """
    found = _ERROR_TEXT.search(fold_lower(text).strip())
    return None if found is None else found.group(found.lastgroup or 0).strip()


# --- reading a response -----------------------------------------------------------------------

_FAILURE_KEYS = (
    "error",
    "error_code",
    "errorCode",
    "error_message",
    "errorMessage",
    "exception",
    "error_type",
    "error_details",
)
"""Keys whose non-empty value means the call failed, in the order evidence is taken from."""
_CODE_KEYS = frozenset({"error_code", "errorCode", "error_type"})
_HTTP_KEYS = ("status_code", "statusCode", "http_status", "httpStatus", "code", "status")
_FLAG_KEYS = {"success": True, "ok": True, "isError": False, "is_error": False}
"""Flag key: the value it has on a success."""
_DONE_KEYS = ("confirmed", "reserved", "booked", "scheduled", "succeeded", "successful")
"""Keys that say whether the thing the call was asked to do got done: false (or "false", "no")
is a failure ({"confirmed": false} is a booking not made); any other value says nothing, since
such a key may also hold a record's data (a time it was confirmed at)."""
_DONE_KEY = re.compile(
    r"(?:(?:is|was|has_been|booking|reservation|table|event|meeting|invite|appointment)_)?"
    rf"(?:{'|'.join(_DONE_KEYS)})"
)
"""A done flag under a name of its own (``booking_confirmed``, ``is_booked``, ``isReserved``,
``event_scheduled``; matched on the key in snake case): the thing booked, or the flag's verb,
before the done word. Other words before it name another thing's state (``email_confirmed`` of
a customer's record), and are not read."""
_CAMEL_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_TEXT_KEYS = ("result", "output", "message", "detail", "text")
_WRAPPER_KEYS = ("result", "structuredContent", "structured_content")


def _done_flag(key: str) -> bool:
    """Whether ``key`` names a done flag (:data:`_DONE_KEY`), in any case or spelling
    (``isBooked``, ``Booking-Confirmed``)."""
    snake = _CAMEL_HUMP.sub("_", key.strip()).replace("-", "_").replace(" ", "_").lower()
    return len(snake) < 40 and _DONE_KEY.fullmatch(snake) is not None


def _shown(key: str, value: Any) -> str:
    return f"{key}={brief_json(value, limit=80)}"


def _empty(value: Any) -> bool:
    """No error: null, false, an empty text or container, or the number 0 (``0`` or ``0.0``:
    JSON does not tell them apart)."""
    if value is None or value is False or value == "":
        return True
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value == 0
    return isinstance(value, Mapping | list | tuple) and not value


def _http_error(value: Any) -> bool:
    """An HTTP error status (400-599) as a number or a text of digits."""
    if isinstance(value, bool):
        return False
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip()) if len(value.strip()) < 5 else 0
    return isinstance(value, int) and 400 <= value <= 599


def _flag(value: Any, on_success: bool) -> bool | None:
    """A success flag's value as a boolean; None when it is neither a boolean, null nor a
    ``"true"`` / ``"false"`` text (then the outcome is unknown). ``"no"`` is false for a flag
    that is true on a success (``{"success": "no"}``, as for a done flag): only a failure is
    read from a loose word, so ``"yes"``, and ``"no"`` for ``isError``, stay unknown."""
    if isinstance(value, bool):
        return value
    words = ("true", "false", "no") if on_success else ("true", "false")
    if isinstance(value, str) and value.strip().lower() in words:
        return value.strip().lower() == "true"
    return None


def _at(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def _failed(where: str, evidence: str) -> ToolOutcome:
    return ToolOutcome(ToolStatus.FAILED, where, evidence)


def _unknown(where: str, evidence: str) -> ToolOutcome:
    return ToolOutcome(ToolStatus.UNKNOWN, where, evidence)


def _text_outcome(where: str, text: str) -> ToolOutcome | None:
    words = error_text(text)
    if words is None:
        return None
    return _failed(where, f"{where}={brief_json(text, limit=80)} reads as an error ({words!r})")


def _first_text(body: Mapping[str, Any]) -> str:
    """`` ("the first MCP text part")`` for evidence, or ``""``."""
    content = body.get("content")
    if isinstance(content, list):
        for part in content:
            if isinstance(part, Mapping) and isinstance(part.get("text"), str):
                return f" ({brief_json(part['text'], limit=80)})"
    return ""


def _signals(body: Mapping[str, Any], prefix: str) -> ToolOutcome | None:
    """The first failure signal among ``body``'s keys, else an unknown, else None."""
    if body.get("response_type") == REFLECT_AND_RETRY_RESPONSE_TYPE:
        return _failed(
            _at(prefix, "response_type"),
            f"ADK's ReflectAndRetryToolPlugin recorded a failure: "
            f"{_shown('error_type', body.get('error_type'))}, "
            f"{_shown('error_details', body.get('error_details'))}",
        )
    for key in _FAILURE_KEYS:
        if key in body and not _empty(body[key]):
            code = body[key]
            # A numeric error code of 0 or a text "0"/"OK" is the convention for "no error".
            if (
                key in _CODE_KEYS
                and isinstance(code, str)
                and code.strip().lower()
                in (
                    "0",
                    "ok",
                    "none",
                    "success",
                )
            ):
                continue
            shown = _shown(key, code)
            message = body.get("error_message", body.get("errorMessage"))
            if key in _CODE_KEYS and message is not None:
                shown += f" ({brief_json(message, limit=80)})"
            return _failed(_at(prefix, key), shown)
    unknown: ToolOutcome | None = None
    for key, on_success in _FLAG_KEYS.items():
        if key not in body or body[key] is None:
            continue
        value = _flag(body[key], on_success)
        if value is None:
            unknown = unknown or _unknown(
                _at(prefix, key),
                f"{_shown(key, body[key])} is neither true nor false, so the call may have failed",
            )
        elif value is not on_success:
            return _failed(_at(prefix, key), _shown(key, body[key]) + _first_text(body))
    for key in (*_DONE_KEYS, *(k for k in body if k not in _DONE_KEYS and _done_flag(k))):
        value = body.get(key)
        if value is False or (isinstance(value, str) and value.strip().lower() in ("false", "no")):
            return _failed(_at(prefix, key), _shown(key, value) + _first_text(body))
    status = body.get("status")
    if isinstance(status, str) and (
        fold_lower(status).strip() in FAILED_STATUSES or error_text(status) is not None
    ):
        return _failed(_at(prefix, "status"), _shown("status", status))
    for key in _HTTP_KEYS:
        if key in body and _http_error(body[key]):
            return _failed(_at(prefix, key), f"{_shown(key, body[key])} (an HTTP error status)")
    return unknown


def _content_outcome(content: Any, prefix: str) -> ToolOutcome | None:
    """MCP ``content`` parts: a failure when a text part reads as an error; unknown when the
    parts cannot be read."""
    where = _at(prefix, "content")
    if content is None:
        return None
    if isinstance(content, str):
        return _text_outcome(where, content)
    if not isinstance(content, list):
        return _unknown(where, f"{_shown('content', content)} is not a list of content parts")
    for index, part in enumerate(content):
        at = f"{where}[{index}]"
        if not isinstance(part, Mapping):
            return _unknown(at, f"content part {brief_json(part, limit=60)} is not an object")
        text = part.get("text")
        if text is None:
            continue
        if not isinstance(text, str):
            return _unknown(f"{at}.text", f"a text part holds {brief_json(text, limit=60)}")
        found = _text_outcome(f"{at}.text", text)
        if found is not None:
            return found
    return None


def _is_mcp_result(body: Mapping[str, Any]) -> bool:
    """Whether ``body`` is an MCP ``CallToolResult`` dump: it has ``isError`` / ``is_error``, or
    its ``content`` is a non-empty list of typed parts (``{"type": "text", "text": ...}``)."""
    if "isError" in body or "is_error" in body:
        return True
    content = body.get("content")
    return (
        isinstance(content, list)
        and bool(content)
        and all(isinstance(part, Mapping) and "type" in part for part in content)
    )


def _object_outcome(body: Mapping[str, Any], prefix: str, depth: int) -> ToolOutcome:
    found = _signals(body, prefix)
    if found is not None and found.failed:
        return found
    unknown = found
    if _is_mcp_result(body):
        from_content = _content_outcome(body.get("content"), prefix)
        if from_content is not None and from_content.failed:
            return from_content
        unknown = unknown or from_content
    for key in _TEXT_KEYS:
        value = body.get(key)
        if isinstance(value, str) and (from_text := _text_outcome(_at(prefix, key), value)):
            return from_text
    for key in _WRAPPER_KEYS:
        inner = body.get(key)
        if isinstance(inner, Mapping):
            where = _at(prefix, key)
            if depth >= _MAX_DEPTH:
                unknown = unknown or _unknown(where, "the response is nested too deep to read")
            elif not all(isinstance(k, str) for k in inner):
                unknown = unknown or _unknown(where, "an object with keys that are not text")
            else:
                nested = _object_outcome(inner, where, depth + 1)
                if nested.failed:
                    return nested
                if nested.unknown:
                    unknown = unknown or nested
    return unknown or _SUCCESS


def tool_outcome(response: object) -> ToolOutcome:
    """The outcome of the call that ``response`` answers (see the module docstring).

    ``response`` is the recorded response itself (a ``ToolResponse.response``, a
    ``FunctionResponse.response``), any value. Never raises.
    """
    if not isinstance(response, Mapping):
        return _unknown("", f"the response {brief_json(response, limit=60)} is not a JSON object")
    try:
        return _mapping_outcome(response)
    except Exception as error:
        # A mapping type ADK never builds may raise on any access, a look-up by key or
        # iterating its keys included; the check must still answer.
        return _unknown("", f"the response could not be read ({type(error).__name__})")


def _mapping_outcome(response: Mapping[Any, Any]) -> ToolOutcome:
    if UNREADABLE_RESPONSE in response:
        return _unknown(
            "",
            f"the response {brief_json(response[UNREADABLE_RESPONSE], limit=60)} is not a "
            "JSON object",
        )
    if not all(isinstance(key, str) for key in response):
        return _unknown("", "the response has keys that are not text")
    return _object_outcome(response, "", 0)


# --- a write asked for, not made ----------------------------------------------------------------

NOT_DONE_STATUSES = frozenset(
    {
        "pending",
        "waitlisted",
        "waitlist",
        "queued",
        "tentative",
        "on hold",
        "held",
        "requested",
        "processing",
        "in progress",
        "unconfirmed",
        "not confirmed",
        "awaiting approval",
        "awaiting confirmation",
        "awaiting review",
        "pending approval",
        "pending confirmation",
        "pending review",
        "requires approval",
        "requires confirmation",
        "needs approval",
        "submitted for approval",
        "submitted for review",
    }
)
"""``status`` texts (folded, lowered, ``_`` and ``-`` read as spaces) by which a write says it is
asked for but not made yet. Looking something up, such a status is the record's state and the
call succeeded; writing, it is a write not made: a table on a waitlist is no table, a
cancellation awaiting approval cancels nothing."""

_NOT_DONE_TEXT = re.compile(
    r"\b(?:queued|waitlisted|on (?:the|a) waitlist|added to (?:the |a )?waitlist|"
    r"(?:awaiting|pending|requires?|needs?|submitted for) (?:approval|confirmation|review))\b"
)
"""Words in a write's text result that say it waits for someone (a queue, an approval) and so
is not made; ``queued`` and ``awaiting approval`` are never a made write's own report."""
_NOT_MADE_TEXT = re.compile(
    r"\b(?:(?:could|can|was|were|is|are|has|have|did)(?: ?not|n'?t)|cannot|unable to|failed to)"
    r"\s+(?:been\s+|be\s+)?(?:book(?:ed)?|reserved?|confirm(?:ed)?|scheduled?|make|made|"
    r"placed?|created?|send|sent|completed?|secured?)\b"
    r"|\bno (?:table|reservation|booking|seat|slot|event|invite|meeting)s? "
    r"(?:could|was|were|is|are|has|have)\b"
)
"""Words in a write's text result that say the thing asked for was not made ("No table could be
reserved", "We could not confirm your table", "Your table was not booked"): the call answered,
the write did not happen."""
_NOT_DONE_FLAGS = {
    "waitlisted": True,
    "on_waitlist": True,
    "queued": True,
    "pending": True,
    "available": False,
}
"""A write's flags that say it is not made: on a waitlist, in a queue, not available. Looking
something up, they are what was looked up (a table not available at 19:00)."""
_STATUS_SEPARATORS = re.compile(r"[\s_-]+")


def _status_words(status: str) -> str:
    """A status as :data:`NOT_DONE_STATUSES` spells it: ``"PENDING_APPROVAL"`` is
    ``"pending approval"``."""
    return _STATUS_SEPARATORS.sub(" ", fold_lower(status)).strip()


def _not_done_status(status: Any, carried: str) -> bool:
    if not isinstance(status, str):
        return False
    words = _status_words(status)
    if words == carried:
        return False
    return words in NOT_DONE_STATUSES or _NOT_DONE_TEXT.search(words) is not None


def _not_done_in(body: Mapping[str, Any], prefix: str, carried: str, depth: int) -> str | None:
    status = body.get("status")
    if _not_done_status(status, carried):
        return f"{_shown(_at(prefix, 'status'), status)} (the write is not made yet)"
    texts = [(key, body.get(key)) for key in _TEXT_KEYS]
    content = body.get("content")
    if isinstance(content, list):
        texts += [
            (f"content[{n}].text", part.get("text"))
            for n, part in enumerate(content)
            if isinstance(part, Mapping)
        ]
    for key, on_not_done in _NOT_DONE_FLAGS.items():
        if body.get(key) is on_not_done:
            return f"{_shown(_at(prefix, key), on_not_done)} (the write is not made)"
    for key, text in texts:
        if not isinstance(text, str):
            continue
        folded = fold_lower(text)
        if found := _NOT_DONE_TEXT.search(folded):
            return f"{_shown(_at(prefix, key), text)} reads as not made yet ({found.group()!r})"
        if found := _NOT_MADE_TEXT.search(folded):
            return f"{_shown(_at(prefix, key), text)} reads as not made ({found.group()!r})"
    if depth >= _MAX_DEPTH:
        return None
    for key in _WRAPPER_KEYS:
        inner = body.get(key)
        if isinstance(inner, Mapping):
            found_inner = _not_done_in(inner, _at(prefix, key), carried, depth + 1)
            if found_inner is not None:
                return found_inner
    return None


def write_not_done(response: object, carried: str | None = None) -> str | None:
    """Why a write's ``response`` says the write is asked for but not made, or None.

    Read where :func:`tool_outcome` reads (the response, then ``result`` and MCP
    ``structuredContent`` one level down at a time): a ``status`` among
    :data:`NOT_DONE_STATUSES` (any case, ``_`` or ``-`` for spaces: ``"PENDING_APPROVAL"``), a
    flag saying so (``"waitlisted": true``, ``"available": false``), or a text result that says
    it waits in a queue or for an approval ("queued for approval", "awaiting confirmation",
    "added to the waitlist") or was not made ("No table could be reserved", "We could not
    confirm your table"). ``carried`` is the status the write's own
    record holds once it is made, when the caller knows it (a replay's): a response reporting
    that status reports the record's state, not the call's (``"pending"`` for an order whose
    address was changed). Call it only for a response :func:`tool_outcome` reads as a success,
    and only for a write: a read reports its record's state. Never raises.
    """
    if not isinstance(response, Mapping):
        return None
    own = _status_words(carried) if isinstance(carried, str) else ""
    try:
        if not all(isinstance(k, str) for k in response):
            return None
        return _not_done_in(response, "", own, 0)
    except Exception:
        # A mapping type ADK never builds may raise on access: read as no evidence; the
        # tool-outcome model already reads such a response as unknown.
        return None
