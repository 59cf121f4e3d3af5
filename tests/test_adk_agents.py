"""The demo-agent builders: a scripted agent, its App with tool faults injected, and the choice
kit's solver agent, run for real through ADK's runner."""

from __future__ import annotations

import asyncio
from typing import Any

from google.adk.apps import App
from google.adk.runners import InMemoryRunner
from google.genai import types as genai_types

from checkers.adk.agents import ToolFault, agent_app, fault_config, scripted_agent
from checkers.adk.choice_agent import best_answer, choice_app, scenario_tool
from checkers.adk.scripted_model import RequestView, Step, call, register_policy, say
from checkers.scenarios import ScenarioStore, StoredDomain
from checkers.transcript import Transcript
from tests.test_kit import HOTEL, SCENARIO, Guest, Hotel, MinSize


def get_stock(item: str) -> dict[str, Any]:
    """How many of ``item`` are in stock."""
    return {"item": item, "count": 3}


@register_policy("agents_test/reader")
def reader(view: RequestView) -> Step:
    """Look up the item the user names, then repeat what the tool said."""
    if not view.turn_called("get_stock"):
        return call("get_stock", item=view.latest_user_text)
    return say(f"stock: {view.last_response('get_stock')}")


def final_text(app: App, text: str) -> str:
    """The final text of one user turn of ``app``, run by ADK's in-memory runner."""
    runner = InMemoryRunner(app=app)

    async def turn() -> str:
        session = await runner.session_service.create_session(app_name=app.name, user_id="u")
        message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
        final = ""
        async for event in runner.run_async(
            user_id="u", session_id=session.id, new_message=message
        ):
            if event.is_final_response() and event.content and event.content.parts:
                final = event.content.parts[0].text or ""
        return final

    return asyncio.run(turn())


def run(app_name: str, faults: list[ToolFault], text: str) -> str:
    """The final text of one turn of the reader agent in an App with ``faults``."""
    agent = scripted_agent("agents_test", "reader", "Report stock.", [get_stock], "Stock reader")
    return final_text(agent_app(agent, app_name, faults), text)


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


# --- the choice kit's solver agent (the toy hotel domain of tests/test_kit.py) ------------------

CROWDED = SCENARIO.model_copy(
    update={
        "id": "h2",
        "guests": (
            *SCENARIO.guests,
            Guest(id="g3", name="Bo", requirements=(MinSize(min_size=50),)),
        ),
    }
)
HOTELS = StoredDomain(
    "hotel",
    ScenarioStore(lambda v, _: Hotel.model_validate(v), lambda: {"h1": SCENARIO, "h2": CROWDED}),
    "guest",
)


def test_the_best_answer_names_the_plan_and_who_is_left_out() -> None:
    assert best_answer(HOTEL, SCENARIO, "guest") == (
        'Suite suits all 2 guests.\n```json\n{"room": "r2"}\n```'
    )
    assert best_answer(HOTEL, CROWDED, "guest") == (
        "Nothing suits everyone. The best, Suite, suits 2 of 3 guests; left out: Bo needs 50; "
        'Suite is 40.\n```json\n{"room": "r2"}\n```'
    )


def test_the_scenario_tool_answers_errors_as_a_service_would() -> None:
    get_scenario = scenario_tool(HOTELS)
    assert get_scenario("h1") == {"status": "ok", "scenario": SCENARIO.model_dump(mode="json")}
    assert get_scenario("h9") == {"status": "error", "error": "unknown id 'h9'; known: h1, h2"}


def test_the_solver_agent_answers_what_the_judge_passes(monkeypatch: Any) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")
    app = choice_app(HOTEL, HOTELS)
    assert app.name == "solver" and app.root_agent is not None
    assert app.root_agent.name == "solver"
    answer = final_text(app, "Please pick a room for everyone in group id: h1.")
    verdict = HOTEL.judge("everyone_fits")(SCENARIO, Transcript(final_text=answer), 1.0)
    assert verdict.passed, answer
    assert final_text(app, "Please pick a room for group id: h9.") == (
        "I could not read scenario h9: unknown id 'h9'; known: h1, h2"
    )
    assert final_text(app, "Pick a room, please.") == (
        "Which scenario is this for? Please tell me its id."
    )
