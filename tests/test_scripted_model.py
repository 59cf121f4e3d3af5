"""The scripted model drives a real LlmAgent with real tools through ADK's own runner, offline."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from google.adk.agents import LlmAgent
from google.adk.agents.run_config import RunConfig, StreamingMode
from google.adk.apps import App
from google.adk.events.event import Event
from google.adk.models.registry import LLMRegistry
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.runners import InMemoryRunner
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext
from google.genai import types as genai_types

from checkers.adk.scripted_model import (
    PolicyError,
    RequestView,
    ScriptedLlm,
    Step,
    UnknownPolicy,
    call,
    get_policy,
    known_policies,
    model_for,
    parallel,
    register_policy,
    say,
    sequence,
)


class Kitchen:
    """Two real tools with side effects the tests can inspect."""

    def __init__(self, menu_error: bool = False) -> None:
        self.menu_lookups: list[str] = []
        self.bookings: list[tuple[str, int]] = []
        self.menu_error = menu_error

    def tools(self) -> list[Callable[..., dict[str, Any]]]:
        def get_menu(restaurant_id: str) -> dict[str, Any]:
            """The dishes a restaurant serves."""
            self.menu_lookups.append(restaurant_id)
            if self.menu_error:
                return {"error": "503 service unavailable"}
            return {"restaurant_id": restaurant_id, "dishes": ["pad thai", "green curry"]}

        def book_table(restaurant_id: str, people: int) -> dict[str, Any]:
            """Book a table for ``people`` at a restaurant."""
            self.bookings.append((restaurant_id, people))
            return {"status": "confirmed", "booking_id": f"B-{len(self.bookings)}"}

        return [get_menu, book_table]


VIEWS: list[RequestView] = []


@register_policy("test/booker")
def booker(view: RequestView) -> Step:
    """Look up the menu, book unless the lookup failed, then report what the tools said."""
    VIEWS.append(view)
    if not view.turn_called("get_menu"):
        return call("get_menu", restaurant_id="r1")
    menu = view.last_response("get_menu") or {}
    if "error" in menu:
        return say(f"Could not read the menu: {menu['error']}")
    if not view.turn_called("book_table"):
        return call("book_table", restaurant_id="r1", people=2)
    booking = view.last_response("book_table") or {}
    return say(f"Booked {booking['booking_id']}; dishes: {', '.join(menu['dishes'])}")


register_policy("test/boom", lambda view: {"not": "a step"}[view.latest_user_text])
register_policy("test/not-a-step", lambda view: "Booked.")
register_policy("test/forever", lambda view: call("get_menu", restaurant_id="r1"))
register_policy("test/two-steps", sequence(call("get_menu", restaurant_id="r1")))
register_policy(
    "test/parallel",
    sequence(
        parallel(call("get_menu", restaurant_id="r1"), call("get_menu", restaurant_id="r2")),
        say("Read two menus."),
    ),
)


def run_agent(
    agent: LlmAgent,
    messages: Sequence[str],
    plugins: Sequence[BasePlugin] = (),
    run_config: RunConfig | None = None,
) -> list[Event]:
    """Every event of a session in which the user says ``messages`` one after another."""

    async def go() -> list[Event]:
        app = App(name="t", root_agent=agent, plugins=list(plugins))
        async with InMemoryRunner(app=app) as runner:
            session = await runner.session_service.create_session(app_name="t", user_id="u")
            events = []
            for text in messages:
                message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
                async for event in runner.run_async(
                    user_id="u", session_id=session.id, new_message=message, run_config=run_config
                ):
                    events.append(event)
            return events

    return asyncio.run(go())


def agent_for(
    kitchen: Kitchen, model: str | ScriptedLlm = "scripted/test/booker", **kw: Any
) -> LlmAgent:
    return LlmAgent(name="planner", model=model, tools=kitchen.tools(), instruction="Book.", **kw)


def final_texts(events: Sequence[Event]) -> list[str]:
    return [
        "".join(p.text or "" for p in e.content.parts or [])
        for e in events
        if e.is_final_response() and e.content is not None
    ]


def function_calls(events: Sequence[Event]) -> list[genai_types.FunctionCall]:
    return [fc for e in events for fc in e.get_function_calls()]


def test_real_tools_run_and_the_final_text_uses_their_responses() -> None:
    kitchen = Kitchen()
    events = run_agent(agent_for(kitchen), ["Book r1 for two."])
    assert kitchen.menu_lookups == ["r1"]
    assert kitchen.bookings == [("r1", 2)]
    assert final_texts(events) == ["Booked B-1; dishes: pad thai, green curry"]
    assert [fc.name for fc in function_calls(events)] == ["get_menu", "book_table"]


def test_policy_sees_calls_responses_and_turn_boundaries() -> None:
    VIEWS.clear()
    run_agent(agent_for(Kitchen()), ["Book r1.", "Again, please."])
    assert [v.steps_this_turn for v in VIEWS] == [0, 1, 2, 0, 1, 2]
    after_menu = VIEWS[1]
    assert after_menu.user_texts == ("Book r1.",)
    assert [(c.name, c.args) for c in after_menu.tool_calls] == [
        ("get_menu", {"restaurant_id": "r1"})
    ]
    assert after_menu.responses("get_menu") == (
        {"restaurant_id": "r1", "dishes": ["pad thai", "green curry"]},
    )
    assert after_menu.tool_responses[0].call_id == after_menu.tool_calls[0].call_id
    assert after_menu.tool_names == ("get_menu", "book_table")
    assert after_menu.system_instruction.startswith("Book.")
    second_turn = VIEWS[3]
    assert second_turn.latest_user_text == "Again, please."
    assert second_turn.turn_tool_calls == ()
    assert second_turn.turn_tool_responses == ()
    assert [c.name for c in second_turn.tool_calls] == ["get_menu", "book_table"]
    assert second_turn.called("book_table") and not second_turn.turn_called("book_table")


def test_before_tool_callback_fires_for_every_call() -> None:
    seen: list[tuple[str, dict[str, Any]]] = []

    def before_tool(tool: BaseTool, args: dict[str, Any], tool_context: ToolContext) -> None:
        seen.append((tool.name, dict(args)))

    run_agent(agent_for(Kitchen(), before_tool_callback=before_tool), ["Book r1."])
    assert seen == [
        ("get_menu", {"restaurant_id": "r1"}),
        ("book_table", {"restaurant_id": "r1", "people": 2}),
    ]


def test_a_callback_can_inject_a_tool_failure_that_the_policy_sees() -> None:
    kitchen = Kitchen()

    def fail_menu(
        tool: BaseTool, args: dict[str, Any], tool_context: ToolContext
    ) -> dict[str, Any] | None:
        return {"error": "injected 503"} if tool.name == "get_menu" else None

    events = run_agent(agent_for(kitchen, before_tool_callback=fail_menu), ["Book r1."])
    assert kitchen.menu_lookups == []  # the callback answered instead of the tool
    assert kitchen.bookings == []
    assert final_texts(events) == ["Could not read the menu: injected 503"]


def test_a_tool_error_response_reaches_the_policy() -> None:
    kitchen = Kitchen(menu_error=True)
    events = run_agent(agent_for(kitchen), ["Book r1."])
    assert final_texts(events) == ["Could not read the menu: 503 service unavailable"]
    assert kitchen.bookings == []


def test_plugins_see_the_tool_calls() -> None:
    class Counter(BasePlugin):
        def __init__(self) -> None:
            super().__init__(name="counter")
            self.tools: list[str] = []

        async def before_tool_callback(
            self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
        ) -> dict[str, Any] | None:
            self.tools.append(tool.name)
            return None

    counter = Counter()
    run_agent(agent_for(Kitchen()), ["Book r1."], plugins=[counter])
    assert counter.tools == ["get_menu", "book_table"]


def test_function_calls_have_unique_ids_that_responses_echo() -> None:
    events = run_agent(agent_for(Kitchen()), ["Book r1.", "Again."])
    call_ids = [fc.id for fc in function_calls(events)]
    response_ids = [fr.id for e in events for fr in e.get_function_responses()]
    assert len(call_ids) == 4 and len(set(call_ids)) == 4
    assert all(i is not None and i.startswith("scripted-") for i in call_ids)
    assert response_ids == call_ids


def test_every_model_response_reports_token_usage() -> None:
    events = run_agent(agent_for(Kitchen()), ["Book r1."])
    usages = [e.usage_metadata for e in events if e.author == "planner" and e.usage_metadata]
    assert len(usages) == 3  # get_menu call, book_table call, final text
    for usage in usages:
        assert usage.prompt_token_count and usage.prompt_token_count > 0
        assert usage.candidates_token_count and usage.candidates_token_count > 0
        assert usage.total_token_count == usage.prompt_token_count + usage.candidates_token_count
    prompts = [u.prompt_token_count or 0 for u in usages]
    assert prompts == sorted(prompts)  # the conversation only grows


def test_parallel_calls_run_every_tool() -> None:
    kitchen = Kitchen()
    events = run_agent(agent_for(kitchen, model="scripted/test/parallel"), ["Menus?"])
    assert kitchen.menu_lookups == ["r1", "r2"]
    assert final_texts(events) == ["Read two menus."]


def test_sse_streaming_mode_works() -> None:
    kitchen = Kitchen()
    config = RunConfig(streaming_mode=StreamingMode.SSE)
    events = run_agent(agent_for(kitchen), ["Book r1."], run_config=config)
    assert kitchen.bookings == [("r1", 2)]
    assert final_texts(events)[-1].startswith("Booked B-1")


def test_an_instance_with_a_policy_runs_without_registration() -> None:
    kitchen = Kitchen()
    model = ScriptedLlm(policy=sequence(call("get_menu", restaurant_id="r9"), say("Done.")))
    events = run_agent(agent_for(kitchen, model=model), ["Menu?"])
    assert kitchen.menu_lookups == ["r9"]
    assert final_texts(events) == ["Done."]
    assert model.model == "scripted/inline"


@pytest.mark.parametrize("name", ["scripted/test/booker", "scripted:test/booker"])
def test_model_strings_resolve_through_adk_registry(name: str) -> None:
    model = LLMRegistry.new_llm(name)
    assert isinstance(model, ScriptedLlm)
    assert model.policy_name == "test/booker"
    assert model.policy is booker


def test_unknown_policy_names_the_known_ones() -> None:
    with pytest.raises(UnknownPolicy) as caught:
        ScriptedLlm(model="scripted/test/nope")
    known = ", ".join(known_policies())
    assert str(caught.value) == (
        f"no scripted policy named 'test/nope'; known policies: {known}. Register it before the "
        "agent runs, e.g. register_policy('test/nope', my_policy), in the agent's module"
    )
    assert "test/booker" in known


def test_unknown_policy_surfaces_from_an_agent_run() -> None:
    with pytest.raises(UnknownPolicy, match="no scripted policy named 'test/nope'"):
        run_agent(agent_for(Kitchen(), model="scripted/test/nope"), ["Hi."])


def test_a_policy_exception_surfaces_as_policy_error() -> None:
    with pytest.raises(PolicyError) as caught:
        run_agent(agent_for(Kitchen(), model="scripted/test/boom"), ["Hi."])
    assert str(caught.value) == (
        "scripted policy 'test/boom' raised KeyError: 'Hi.' (step 1 of the turn; "
        "tool calls this turn: none; latest user text: 'Hi.')"
    )
    assert isinstance(caught.value.__cause__, KeyError)


def test_a_policy_returning_a_non_step_is_an_error() -> None:
    with pytest.raises(PolicyError) as caught:
        run_agent(agent_for(Kitchen(), model="scripted/test/not-a-step"), ["Hi."])
    assert str(caught.value) == (
        "scripted policy 'test/not-a-step' returned 'Booked.' (str); a policy must return a "
        "Step, e.g. call('get_menu', restaurant_id='r1') or say('Booked.')"
    )


def test_a_policy_that_never_answers_stops_at_the_step_limit() -> None:
    kitchen = Kitchen()
    model = ScriptedLlm(model="scripted/test/forever", max_steps_per_turn=3)
    with pytest.raises(PolicyError) as caught:
        run_agent(agent_for(kitchen, model=model), ["Hi."])
    assert str(caught.value) == (
        "scripted policy 'test/forever' made 3 steps this turn without a final text "
        "(max_steps_per_turn=3); make it return say(...) once its work is done"
    )
    assert kitchen.menu_lookups == ["r1", "r1", "r1"]


def test_a_sequence_that_runs_out_says_how_to_fix_it() -> None:
    with pytest.raises(PolicyError) as caught:
        run_agent(agent_for(Kitchen(), model="scripted/test/two-steps"), ["Hi."])
    assert isinstance(caught.value.__cause__, IndexError)
    assert str(caught.value.__cause__) == (
        "the sequence has 1 steps but the model was called for step 2 this turn; "
        "end the sequence with say(...)"
    )


def test_steps_are_either_calls_or_text() -> None:
    with pytest.raises(ValueError, match=r"a Step is either tool calls or a final text"):
        Step()
    with pytest.raises(ValueError, match=r"parallel\(\.\.\.\) takes one or more call"):
        parallel(say("no"))
    assert call("lookup", name="x").calls[0].args == {"name": "x"}


def test_registering_a_different_policy_under_a_taken_name_fails() -> None:
    def other(view: RequestView) -> Step:
        return say("other")

    with pytest.raises(ValueError) as caught:
        register_policy("test/booker", other)
    assert str(caught.value) == (
        "policy 'test/booker' is already registered to booker; pick another name for "
        "test_registering_a_different_policy_under_a_taken_name_fails.<locals>.other"
    )
    assert get_policy("test/booker") is booker


def test_re_registering_the_same_function_replaces_it() -> None:
    assert register_policy("test/booker", booker) is booker
    first, again = sequence(say("v1")), sequence(say("v2"))
    register_policy("test/replaced", first)
    register_policy("test/replaced", again)  # same module and name: a reloaded module
    assert get_policy("test/replaced") is again


@pytest.mark.parametrize("name", ["", "scripted:x", "/x"])
def test_bad_policy_names_are_rejected(name: str) -> None:
    with pytest.raises(ValueError, match=r"bad policy name"):
        register_policy(name, booker)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "scripted/dining/careful"),
        ({"GOOGLE_API_KEY": "k"}, "gemini-2.5-flash"),
        ({"GOOGLE_API_KEY": "k", "CHECKERS_GEMINI_MODEL": "gemini-2.5-pro"}, "gemini-2.5-pro"),
        ({"GOOGLE_API_KEY": "k", "CHECKERS_OFFLINE": "1"}, "scripted/dining/careful"),
        ({"GOOGLE_API_KEY": "", "CHECKERS_OFFLINE": "0"}, "scripted/dining/careful"),
    ],
)
def test_model_for_picks_gemini_only_with_a_key(env: dict[str, str], expected: str) -> None:
    assert model_for("dining/careful", env) == expected
