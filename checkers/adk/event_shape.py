"""Whether ADK would load an event's stored JSON, answered without building ADK's ``Event``.

Validating an event as ADK's ``Event`` costs about 75 us of CPU (most of it in google-genai's
per-model "type mismatch" hook, which only ever warns), so reading a session from ADK's store
cost more than judging it. :func:`loads_as_event` first holds the JSON to the shapes ADK writes
for ordinary events (text, function calls and responses, usage counts, state deltas) and builds
no model when the event fits them; anything else (another field, a value of another type, a
``None``, an alias, a huge number) is validated by ADK itself, so the answer is ADK's own
wherever the shapes here do not settle it.

The shapes are a strict subset of what ADK accepts: every key is one of ``Event``'s fields (or a
nested model's), every value of exactly the type ADK declares for it, no ``None``, no coercion.
``tests/test_event_shape.py`` holds "fits the shapes => ADK loads it" on generated events, hostile
ones included, and this module checks a sample of every shape against ADK when imported: if this
ADK rejects it (a field renamed or retyped in another version), no event is taken on its shape.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from google.adk.events import Event
from google.genai import types

Shape = Callable[[Any], bool]
"""Whether a JSON value certainly has one shape."""

_INT_LIMIT = 2**63
"""Integers beyond a 64-bit word are left to ADK (pydantic reads big numbers its own way)."""


def _text(value: Any) -> bool:
    return type(value) is str


def _flag(value: Any) -> bool:
    return type(value) is bool


def _count(value: Any) -> bool:
    return type(value) is int and -_INT_LIMIT < value < _INT_LIMIT


def _seconds(value: Any) -> bool:
    if type(value) is float:
        return math.isfinite(value)
    return _count(value)


def _any_object(value: Any) -> bool:
    """A JSON object of any values (ADK's ``dict[str, Any]``: only its keys are checked)."""
    return type(value) is dict and all(type(key) is str for key in value)


def _empty_object(value: Any) -> bool:
    return type(value) is dict and not value


def _one_of(values: frozenset[str]) -> Shape:
    return lambda value: type(value) is str and value in values


def _list_of(item: Shape) -> Shape:
    return lambda value: type(value) is list and all(item(one) for one in value)


def _object_of(value_shape: Shape) -> Shape:
    return lambda value: (
        type(value) is dict
        and all(type(key) is str and value_shape(one) for key, one in value.items())
    )


def _object(fields: Mapping[str, Shape]) -> Shape:
    """An object whose every key is one of ``fields``, each value of its shape (keys may be
    missing: every field named here has a default in ADK)."""

    def fits(value: Any) -> bool:
        if type(value) is not dict:
            return False
        for key, one in value.items():
            shape = fields.get(key)
            if shape is None or not shape(one):
                return False
        return True

    return fits


_FUNCTION_CALL = _object({"id": _text, "name": _text, "args": _any_object})
_FUNCTION_RESPONSE = _object({"id": _text, "name": _text, "response": _any_object})
_PART = _object(
    {
        "text": _text,
        "thought": _flag,
        "function_call": _FUNCTION_CALL,
        "function_response": _FUNCTION_RESPONSE,
    }
)
_CONTENT = _object({"role": _text, "parts": _list_of(_PART)})
_USAGE = _object(
    dict.fromkeys(
        (
            "cached_content_token_count",
            "candidates_token_count",
            "prompt_token_count",
            "thoughts_token_count",
            "tool_use_prompt_token_count",
            "total_token_count",
        ),
        _count,
    )
)
_ACTIONS = _object(
    {
        "state_delta": _any_object,
        "artifact_delta": _object_of(_count),
        "requested_auth_configs": _empty_object,
        "requested_tool_confirmations": _empty_object,
        "skip_summarization": _flag,
        "transfer_to_agent": _text,
        "escalate": _flag,
        "end_of_agent": _flag,
    }
)
_EVENT = _object(
    {
        "id": _text,
        "invocation_id": _text,
        "author": _text,
        "timestamp": _seconds,
        "content": _CONTENT,
        "model_version": _text,
        "partial": _flag,
        "turn_complete": _flag,
        "finish_reason": _one_of(frozenset(reason.value for reason in types.FinishReason)),
        "error_code": _text,
        "error_message": _text,
        "interrupted": _flag,
        "custom_metadata": _any_object,
        "branch": _text,
        "usage_metadata": _USAGE,
        "actions": _ACTIONS,
        "node_info": _object({"path": _text}),
        "long_running_tool_ids": _list_of(_text),
    }
)

SAMPLES: tuple[dict[str, Any], ...] = (
    {
        "id": "e-1",
        "invocation_id": "i-1",
        "author": "agent",
        "timestamp": 1.5,
        "content": {
            "role": "model",
            "parts": [
                {"text": "hello", "thought": False},
                {"function_call": {"id": "c-1", "name": "f", "args": {"a": [1, None]}}},
                {"function_response": {"id": "c-1", "name": "f", "response": {"ok": True}}},
            ],
        },
        "model_version": "m",
        "partial": False,
        "turn_complete": True,
        "finish_reason": "STOP",
        "error_code": "E",
        "error_message": "e",
        "interrupted": False,
        "custom_metadata": {"k": {"v": 1}},
        "branch": "b",
        "usage_metadata": {
            "cached_content_token_count": 1,
            "candidates_token_count": 2,
            "prompt_token_count": 3,
            "thoughts_token_count": 4,
            "tool_use_prompt_token_count": 5,
            "total_token_count": 6,
        },
        "actions": {
            "state_delta": {"k": "v"},
            "artifact_delta": {"file": 1},
            "requested_auth_configs": {},
            "requested_tool_confirmations": {},
            "skip_summarization": True,
            "transfer_to_agent": "other",
            "escalate": False,
            "end_of_agent": True,
        },
        "node_info": {"path": "agent@1"},
        "long_running_tool_ids": ["c-1"],
    },
    {"id": "e-2", "invocation_id": "i-2", "author": "user", "timestamp": 2},
)
"""Events that use every shape above: ADK must load each of them, or no shape is trusted."""


def _adk_loads(event: Mapping[str, Any]) -> bool:
    try:
        Event.model_validate(event)
    except Exception:
        return False
    return True


SHAPES_TRUSTED = all(_EVENT(sample) and _adk_loads(sample) for sample in SAMPLES)
"""Whether this ADK loads every sample of the shapes (checked once, on import)."""


def fits_event_shapes(event: Any) -> bool:
    """Whether ``event`` (parsed JSON) has only the shapes this module knows ADK loads."""
    return SHAPES_TRUSTED and _EVENT(event)


def loads_as_event(event: Any) -> None:
    """Returns when ADK's ``Event`` loads ``event`` (parsed JSON); raises what ADK raises
    (a pydantic ValidationError, or a ValueError from its validators) when it does not. An
    event of the shapes above is not built at all; any other is validated by ADK."""
    if not fits_event_shapes(event):
        Event.model_validate(event)
