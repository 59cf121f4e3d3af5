"""The hand-off step both scripted customer-service agents share, run by real ADK agents with
their real tools: a customer who asks for a human agent is handed off once and told so."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Sequence
from pathlib import Path

import pytest
from google.adk.apps import App
from google.adk.events.event import Event
from google.adk.runners import InMemoryRunner
from google.genai import types as genai_types

from checkers.adk.service_agent import HANDED_OFF
from checkers.service import HANDOFF
from tests.adk_helpers import set_offline_env

SUMMARY = "I want to talk about a refund."


@pytest.fixture(autouse=True)
def offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_offline_env(monkeypatch, tmp_path / "details")


def run(app: App, messages: Sequence[str]) -> list[Event]:
    """Every event of one session in which the customer says ``messages`` in turn."""

    async def go() -> list[Event]:
        async with InMemoryRunner(app=app) as runner:
            session = await runner.session_service.create_session(app_name=app.name, user_id="c")
            events = []
            for text in messages:
                message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
                async for event in runner.run_async(
                    user_id="c", session_id=session.id, new_message=message
                ):
                    events.append(event)
            return events

    return asyncio.run(go())


def calls_and_last_text(events: Sequence[Event]) -> tuple[list[tuple[str, dict[str, object]]], str]:
    calls = [(fc.name or "", dict(fc.args or {})) for e in events for fc in e.get_function_calls()]
    finals = [
        "".join(p.text or "" for p in e.content.parts or [])
        for e in events
        if e.is_final_response() and e.content is not None
    ]
    return calls, finals[-1]


@pytest.mark.parametrize(
    ("domain", "identity"),
    [
        ("airline", "Hi, my user id is olivia_gonzalez_2305."),
        ("orders", "Hi, my email is mei.martin4637@example.com."),
    ],
)
def test_the_careful_agent_hands_off_once_and_says_so(domain: str, identity: str) -> None:
    agents = importlib.import_module(f"domains.{domain}.agents")
    app = agents.build_app(agents.build_agent("careful"))
    events = run(app, [identity, f"Please transfer me to a human agent: {SUMMARY}"])
    calls, last = calls_and_last_text(events)
    assert [name for name, _ in calls].count(HANDOFF) == 1
    assert calls[-1] == (HANDOFF, {"summary": SUMMARY})
    assert last == HANDED_OFF


@pytest.mark.parametrize(
    ("domain", "request_text", "identity", "lookup"),
    [
        (
            "orders",
            "Please cancel order #W7017301 because it is no longer needed.",
            "My email is mei.martin4637@example.com.",
            ("get_order_details", {"order_id": "#W7017301"}),
        ),
        (
            "airline",
            "Please cancel reservation Z7GOZK.",
            "My user id is olivia_gonzalez_2305.",
            ("get_reservation_details", {"reservation_id": "Z7GOZK"}),
        ),
    ],
)
def test_a_request_waits_through_a_question_until_the_customer_says_who_they_are(
    domain: str, request_text: str, identity: str, lookup: tuple[str, dict[str, object]]
) -> None:
    """A customer who asks why before saying who they are still gets their request served: the
    careful agent looks it up once they have, rather than asking what it can help with."""
    agents = importlib.import_module(f"domains.{domain}.agents")
    app = agents.build_app(agents.build_agent("careful"))
    events = run(app, [request_text, "Why do you need that?", identity])
    calls, last = calls_and_last_text(events)
    assert lookup in calls, (calls, last)
    assert "how can i help" not in last.lower(), last
