"""The demo-agent builders: a scripted agent, and its App with tool faults injected, run for real
through ADK's runner."""

from __future__ import annotations

import asyncio
from typing import Any

from google.adk.runners import InMemoryRunner
from google.genai import types as genai_types

from checkers.adk.agents import ToolFault, agent_app, fault_config, scripted_agent
from checkers.adk.scripted_model import RequestView, Step, call, register_policy, say


def get_stock(item: str) -> dict[str, Any]:
    """How many of ``item`` are in stock."""
    return {"item": item, "count": 3}


@register_policy("agents_test/reader")
def reader(view: RequestView) -> Step:
    """Look up the item the user names, then repeat what the tool said."""
    if not view.turn_called("get_stock"):
        return call("get_stock", item=view.latest_user_text)
    return say(f"stock: {view.last_response('get_stock')}")


def run(app_name: str, faults: list[ToolFault], text: str) -> str:
    """The final text of one turn of the reader agent in an App with ``faults``."""
    agent = scripted_agent("agents_test", "reader", "Report stock.", [get_stock], "Stock reader")
    runner = InMemoryRunner(app=agent_app(agent, app_name, faults))

    async def turn() -> str:
        session = await runner.session_service.create_session(app_name=app_name, user_id="u")
        message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
        final = ""
        async for event in runner.run_async(
            user_id="u", session_id=session.id, new_message=message
        ):
            if event.is_final_response() and event.content and event.content.parts:
                final = event.content.parts[0].text or ""
        return final

    return asyncio.run(turn())


def test_a_scripted_agent_follows_its_domain_policy(monkeypatch: Any) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")
    agent = scripted_agent("agents_test", "reader", "Report stock.", [get_stock], "Stock reader")
    assert (agent.name, agent.model, agent.description) == (
        "reader",
        "scripted/agents_test/reader",
        "Stock reader (reader)",
    )
    app = agent_app(agent)
    assert (app.name, app.root_agent, app.plugins) == ("reader", agent, [])


def test_faults_are_grouped_by_tool_in_order() -> None:
    config = fault_config(
        [
            ToolFault("get_stock", {"item": "a"}, "down"),
            ToolFault("get_price", {"item": "b"}, "gone", status=404),
            ToolFault("get_stock", {"item": "c"}, "slow", status=504),
        ]
    )
    found = [
        (
            tool.tool_name,
            [
                (i.match_args, i.injected_error.injected_http_error_code)
                for i in tool.injection_configs
                if i.injected_error is not None
            ],
        )
        for tool in config.tool_simulation_configs
    ]
    assert found == [
        ("get_stock", [({"item": "a"}, 503), ({"item": "c"}, 504)]),
        ("get_price", [({"item": "b"}, 404)]),
    ]


def test_an_injected_fault_answers_instead_of_the_tool(monkeypatch: Any) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")
    fault = ToolFault("get_stock", {"item": "pears"}, "stock service unavailable")
    assert run("shop", [fault], "apples") == "stock: {'item': 'apples', 'count': 3}"
    assert run("shop", [fault], "pears") == (
        "stock: {'error_code': 503, 'error_message': 'stock service unavailable'}"
    )
