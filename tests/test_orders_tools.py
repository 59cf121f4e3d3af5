"""The orders tools as an agent sees them: plain functions, each session with its own database,
errors answered the way a web service answers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from google.adk.agents import LlmAgent
from google.adk.runners import InMemoryRunner
from google.adk.tools.function_tool import FunctionTool
from google.genai import types as genai_types

from checkers.adk.scripted_model import RequestView, ScriptedLlm, Step, call, say
from domains.orders import tools
from domains.orders.tools import JOURNAL_KEY, TOOLS, journal, session_database


class FakeContext:
    """What the tools need from ADK's ToolContext: a session state."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {}


def test_identification_answers_the_user_id_or_a_404() -> None:
    context = FakeContext()
    assert tools.find_user_id_by_email("Mei.Martin4637@example.com", context) == {
        "user_id": "mei_martin_4260"
    }
    assert tools.find_user_id_by_name_zip("mei", "MARTIN", "32124", context) == {
        "user_id": "mei_martin_4260"
    }
    assert tools.find_user_id_by_email("nobody@example.com", context) == {
        "error_code": 404,
        "error_message": "no customer with email 'nobody@example.com'",
    }


@pytest.mark.parametrize(
    ("tool", "args", "message"),
    [
        (
            tools.get_order_details,
            {"order_id": "W2378156"},
            "order id 'W2378156' is malformed; order ids look like '#W0000000' (with the '#')",
        ),
        (
            tools.find_user_id_by_email,
            {"email": "mei at example"},
            "'mei at example' is not an email address such as 'name@example.com'",
        ),
        (
            tools.find_user_id_by_name_zip,
            {"first_name": "Mei", "last_name": "Martin", "zip": "3212"},
            "zip '3212' must be 5 digits, e.g. '19122'",
        ),
    ],
)
def test_malformed_arguments_are_a_400_that_says_how_to_fix_them(
    tool: Any, args: dict[str, Any], message: str
) -> None:
    assert tool(**args, tool_context=FakeContext()) == {"error_code": 400, "error_message": message}


def test_writes_go_to_the_session_journal_and_only_that_session_sees_them() -> None:
    mine, other = FakeContext(), FakeContext()
    result = tools.cancel_pending_order("#W7017301", "no longer needed", mine)
    assert result["status"] == "cancelled"
    assert journal(mine.state) == [
        {
            "name": "cancel_pending_order",
            "kwargs": {"order_id": "#W7017301", "reason": "no longer needed"},
        }
    ]
    assert tools.get_order_status("#W7017301", mine) == {
        "order_id": "#W7017301",
        "status": "cancelled",
    }
    assert tools.get_order_status("#W7017301", other) == {
        "order_id": "#W7017301",
        "status": "pending",
    }
    again = tools.cancel_pending_order("#W7017301", "no longer needed", mine)
    assert again["error_code"] == 409
    assert len(journal(mine.state)) == 1, "a refused write is not journalled"
    assert session_database(other).orders["#W7017301"].status == "pending"


def test_track_order_tells_where_the_parcels_are() -> None:
    context = FakeContext()
    assert tools.track_order("#W3288665", context) == {
        "order_id": "#W3288665",
        "order_status": "processed",
        "shipping_status": "in transit",
        "shipments": [{"tracking_id": ["101031430076"], "item_ids": ["4572024853"]}],
    }
    assert tools.track_order("#W7017301", context)["shipping_status"] == "not shipped yet"


def test_refund_policy_quotes_the_policy_sections() -> None:
    policy = tools.get_refund_policy("", FakeContext())["policy"]
    assert list(policy) == [
        "Cancel pending order",
        "Return delivered order",
        "Exchange delivered order",
    ]
    assert "5 to 7 business days" in policy["Cancel pending order"]
    assert list(tools.get_refund_policy("return", FakeContext())["policy"]) == [
        "Return delivered order"
    ]


def test_every_tool_has_a_description_and_no_context_parameter_in_its_schema() -> None:
    for function in TOOLS:
        declaration = FunctionTool(function)._get_declaration()
        assert declaration is not None and declaration.description, function.__name__
        schema = declaration.parameters_json_schema or {}
        assert "tool_context" not in (schema.get("properties") or {}), function.__name__


def test_tools_run_in_a_real_adk_agent_and_keep_state_across_turns() -> None:
    def policy(view: RequestView) -> Step:
        if view.latest_user_text == "cancel" and not view.turn_called("cancel_pending_order"):
            return call("cancel_pending_order", order_id="#W7017301", reason="no longer needed")
        if view.latest_user_text == "status" and not view.turn_called("get_order_status"):
            return call("get_order_status", order_id="#W7017301")
        return say(str(view.turn_tool_responses[-1].response.get("status")))

    agent = LlmAgent(name="t", model=ScriptedLlm(policy=policy), tools=list(TOOLS))

    async def run() -> list[str]:
        runner = InMemoryRunner(agent=agent, app_name="orders_test")
        session = await runner.session_service.create_session(app_name="orders_test", user_id="u")
        said = []
        for text in ("cancel", "status"):
            message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
            async for event in runner.run_async(
                user_id="u", session_id=session.id, new_message=message
            ):
                if event.is_final_response() and event.content and event.content.parts:
                    said.append(event.content.parts[0].text or "")
        stored = await runner.session_service.get_session(
            app_name="orders_test", user_id="u", session_id=session.id
        )
        assert stored is not None and len(stored.state[JOURNAL_KEY]) == 1
        return said

    assert asyncio.run(run()) == ["cancelled", "cancelled"]
