"""An event taken on its shapes (:mod:`checkers.adk.event_shape`) is one ADK loads: on generated
events, hostile ones included, "fits the shapes" never holds where ADK's ``Event`` refuses; and
the events ADK writes for every domain's known answers do fit them, so the reader's fast path is
the one real sessions take."""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from google.adk.events import Event
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.adk.event_shape import SAMPLES, SHAPES_TRUSTED, fits_event_shapes, loads_as_event
from tests.score_corpus import domains, known_sessions


def _adk_loads(event: Any) -> bool:
    try:
        Event.model_validate(event)
    except Exception:
        return False
    return True


def _as_adk_stores(event: Any) -> dict[str, Any]:
    """What ADK's session store keeps of an event: its JSON dump without the unset fields."""
    dumped: dict[str, Any] = Event.model_validate(event).model_dump(mode="json", exclude_none=True)
    return dumped


@cache
def stored_events() -> tuple[dict[str, Any], ...]:
    """Every event of every domain's known answers, as ADK stores it."""
    return tuple(
        _as_adk_stores(event)
        for domain in domains()
        for session in known_sessions(domain)
        for event in session.events
    )


def test_this_adk_loads_every_sample_of_the_shapes() -> None:
    assert SHAPES_TRUSTED
    assert all(fits_event_shapes(sample) and _adk_loads(sample) for sample in SAMPLES)


def test_events_adk_stores_for_every_domain_fit_the_shapes() -> None:
    events = stored_events()
    assert len(events) > 500
    misfits = [e for e in events if not fits_event_shapes(e)]
    assert not misfits, json.dumps(misfits[0])[:2000]


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**63, -(2**63), 10**40])
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["\ud800", "STOP", "", "model"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=4) | st.integers(0, 3), inner, max_size=3)
    ),
    max_leaves=6,
)
"""Any JSON value, with the edges: a lone surrogate, numbers past 64 bits, NaN and infinity."""

_FIELD_NAMES = [
    "id",
    "text",
    "parts",
    "role",
    "args",
    "response",
    "name",
    "thought",
    "content",
    "actions",
    "state_delta",
    "artifact_delta",
    "node_info",
    "path",
    "timestamp",
    "invocationId",
    "functionCall",
    "function_call",
    "function_response",
    "finish_reason",
    "usage_metadata",
    "total_token_count",
    "long_running_tool_ids",
    "thought_signature",
    "inline_data",
    "requested_auth_configs",
    "escalate",
    "transfer_to_agent",
    "branch",
]
"""Fields of ADK's models, a few by their camelCase aliases."""
_CONVENIENCE_KEYS = ["message", "state", "route", "node_path"]
"""Keys ADK's ``Event`` routes to other fields before validating."""
_KEYS = st.sampled_from(_FIELD_NAMES + _CONVENIENCE_KEYS) | st.text(max_size=5)


def _places(value: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key or index) in a JSON value, the value itself first (as None)."""
    yield None, None
    stack = [value]
    while stack:
        current = stack.pop()
        items = current.items() if isinstance(current, dict) else enumerate(current)
        for key, inner in items:
            yield current, key
            if isinstance(inner, dict | list):
                stack.append(inner)


@st.composite
def mutated_events(draw: st.DrawFn) -> Any:
    """An event ADK loads (a sample, or one stored for a known answer) with one to four
    changes anywhere in it: a value replaced by any JSON value (or by a value from another
    place of the event), a key removed, a key added (a field name, an alias, a convenience
    key, any text)."""
    event: Any = copy.deepcopy(draw(st.sampled_from(SAMPLES + stored_events()[::7])))
    for _ in range(draw(st.integers(1, 4))):
        places = [p for p in _places(event) if p[0] is not None]
        if not places:
            break
        container, key = draw(st.sampled_from(places))
        change = draw(st.sampled_from(["replace", "remove", "add", "swap"]))
        if change == "replace":
            container[key] = draw(_JSON)
        elif change == "swap":
            other, other_key = draw(st.sampled_from(places))
            container[key] = copy.deepcopy(other[other_key])
        elif change == "remove" and isinstance(container, dict):
            del container[key]
        elif change == "remove":
            container.pop(key)
        elif isinstance(container, dict):
            container[draw(_KEYS)] = draw(_JSON)
        elif isinstance(container[key], dict):
            container[key][draw(_KEYS)] = draw(_JSON)
    return event


@settings(max_examples=1500, deadline=None)
@given(mutated_events())
def test_an_event_fitting_the_shapes_is_one_adk_loads(event: Any) -> None:
    if fits_event_shapes(event):
        assert _adk_loads(event), json.dumps(event, default=repr)[:2000]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_KEYS, _JSON, max_size=6) | _JSON)
def test_any_json_fitting_the_shapes_is_an_event_adk_loads(event: Any) -> None:
    if fits_event_shapes(event):
        assert _adk_loads(event)


@settings(max_examples=300, deadline=None)
@given(mutated_events())
def test_loads_as_event_raises_exactly_where_adk_refuses(event: Any) -> None:
    try:
        loads_as_event(event)
    except Exception:
        assert not _adk_loads(event)
    else:
        assert _adk_loads(event)


@pytest.mark.parametrize(
    "change",
    [
        {"content": None},  # None is left to ADK, whatever the field
        {"timestamp": True},
        {"timestamp": float("nan")},
        {"usage_metadata": {"total_token_count": 2**70}},
        {"finish_reason": "stop"},  # ADK reads it case-insensitively; the shapes do not
        {"invocationId": "i-1"},  # an alias
        {"message": "hello"},  # a convenience key ADK routes into content
        {"actions": {"artifact_delta": {"f": "1"}}},
        {"content": {"parts": [{"thought_signature": "AAAA"}]}},
        # a key that is not text (a Python caller's dict): ADK's dict[str, Any] refuses it
        {"content": {"parts": [{"function_call": {"name": "f", "args": {1: "x"}}}]}},
        {"actions": {"state_delta": {("a",): 1}}},
    ],
)
def test_values_the_shapes_leave_to_adk(change: dict[str, Any]) -> None:
    assert not fits_event_shapes({**SAMPLES[0], **change})


def test_no_event_is_taken_on_its_shapes_by_an_adk_that_refuses_a_sample(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another ADK version that renamed or retyped a field refuses a sample on import: then
    every event goes to ADK's own validation."""
    import checkers.adk.event_shape as shapes

    def refuse(data: Any, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("this ADK reads events otherwise")

    with monkeypatch.context() as patched:
        patched.setattr(Event, "model_validate", refuse)
        importlib.reload(shapes)
        assert not shapes.SHAPES_TRUSTED
        assert not shapes.fits_event_shapes(SAMPLES[1])
        with pytest.raises(ValueError, match="otherwise"):
            shapes.loads_as_event(SAMPLES[1])
    importlib.reload(shapes)
    assert shapes.SHAPES_TRUSTED
