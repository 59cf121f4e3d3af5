"""Answers and transcripts for the invariants of dining's metrics (meta-tests): plans as agents
write them, garbled ones, claims that no plan works, and tool calls around a booking."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from checkers.meta.strategies import final_texts, prose
from checkers.transcript import ToolCall, ToolResponse, Transcript
from domains.dining.booking import BOOK_TABLE, Booking
from domains.dining.examples import SLOT
from domains.dining.judge import read_answer, stated_plan
from domains.dining.models import DAY, Scenario, clock

NO_PLAN_TEXTS = (
    "No plan satisfies everyone.",
    "I checked every restaurant and time: no plan satisfies everyone, sorry.",
    "NO PLAN  SATISFIES\nEVERYONE",
    '{"no_plan": true}',
    '```json\n{"no_plan": true, "reason": "nobody serves everyone"}\n```',
)


@st.composite
def garbled(draw: st.DrawFn, field_name: str, value: Any) -> Any:
    """A restaurant no catalog holds, or a time the checker must not guess at."""
    if field_name == "restaurant":
        return draw(st.sampled_from((f"not {value}", f"{value}??", "r999", "the usual place")))
    return draw(
        st.sampled_from(("7pm", "19h00", "25:00", "19:60", "24:00", "7:00", "19:00:30", "tonight"))
        | st.just(f"{value}Z")
        | st.just(f"T{value}")
    )


@st.composite
def answer_texts(draw: st.DrawFn, scenario: Scenario) -> str | None:
    """A final text for ``scenario``: a grid plan (by id or name), a broken plan, a claim that no
    plan works, or no answer at all."""
    place = draw(st.sampled_from(scenario.restaurants))
    time = clock(draw(st.integers(0, DAY // SLOT - 1)) * SLOT)
    answer: dict[str, Any] = {
        "restaurant": draw(st.sampled_from((place.id, place.name))),
        "time": time,
    }
    kind = draw(st.sampled_from(("plan", "plan", "plan", "broken", "no_plan", "nothing")))
    if kind == "broken":
        field_name = draw(st.sampled_from(("restaurant", "time")))
        answer[field_name] = draw(garbled(field_name, answer[field_name]) | st.none())
    if kind == "no_plan":
        return draw(st.sampled_from(NO_PLAN_TEXTS))
    if kind == "nothing":
        return draw(st.none() | prose())
    return draw(final_texts(answer))


@st.composite
def plan_transcripts(
    draw: st.DrawFn, scenarios: st.SearchStrategy[Scenario]
) -> tuple[Scenario, Transcript]:
    """A final text (:func:`answer_texts`); when it states a plan, one time in three after a
    successful ``book_table`` of exactly that plan for the whole group, which must leave the
    verdict as it is (see :mod:`domains.dining.booking`)."""
    scenario = draw(scenarios)
    text = draw(answer_texts(scenario))
    stated = stated_plan(scenario, read_answer(text, scenario))
    if not isinstance(stated, Booking) or draw(st.integers(0, 2)):
        return scenario, Transcript(final_text=text)
    args = {
        "restaurant_id": stated.restaurant_id,
        "time": clock(stated.start),
        "party_size": stated.party_size,
    }
    call = ToolCall(name=BOOK_TABLE, args=args, call_id="book-1")
    response = ToolResponse(
        name=BOOK_TABLE, response={"status": "confirmed", **args}, call_id="book-1"
    )
    return scenario, Transcript(final_text=text, tool_calls=(call,), tool_responses=(response,))


@st.composite
def booking_transcripts(
    draw: st.DrawFn, scenarios: st.SearchStrategy[Scenario]
) -> tuple[Scenario, Transcript]:
    """Calls to ``get_menu``, ``book_table`` and ``find_restaurants`` in any order, with
    successful, failed or missing responses, with or without call ids."""
    scenario = draw(scenarios)
    ids = [r.id for r in scenario.restaurants] + ["r999"]
    calls, responses = [], []
    for index in range(draw(st.integers(0, 5))):
        name = draw(st.sampled_from(("get_menu", "book_table", "find_restaurants")))
        args = {"restaurant_id": draw(st.sampled_from(ids))} if name != "find_restaurants" else {}
        call_id = draw(st.sampled_from((f"c{index}", None)))
        calls.append(ToolCall(name=name, args=args, call_id=call_id))
        outcome = draw(st.sampled_from(("ok", "error", "missing")))
        if outcome != "missing":
            body = {"status": "ok"} if outcome == "ok" else {"status": "error", "error": "no"}
            responses.append(ToolResponse(name=name, response=body, call_id=call_id))
    text = draw(answer_texts(scenario))
    return scenario, Transcript(
        final_text=text, tool_calls=tuple(calls), tool_responses=tuple(responses)
    )
