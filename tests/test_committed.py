"""Did and said must agree: the committed-plan hook (checkers/committed.py) and dining's booking.

The core is shown on a toy domain (a plan is one item, committed by ``write``), then dining's
properties: a booking that differs from the stated plan never passes; a booking equal to it
gives the verdict of the plan alone; two bookings, an unknown outcome, a no-plan claim after a
booking never pass.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.committed import (
    CommitOutcome,
    CommitRule,
    Stated,
    commit_problems,
    hold_to_commits,
    read_commits,
)
from checkers.meta.known import case_transcript
from checkers.meta.profiles import meta_settings
from checkers.results import Verdict
from checkers.transcript import ToolCall, ToolResponse, Transcript
from domains.dining.booking import Booking, read_booking
from domains.dining.metrics import METRICS
from domains.dining.models import Scenario, clock
from domains.dining.scenarios import DINING
from domains.dining.solver import ScoredPlan, best_plans

FEW = settings(meta_settings("ci"), max_examples=80)

# --- the core, on a toy domain ----------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    name: str = field(metadata={"label": "item"})
    note: str = field(default="", compare=False)


def _read_item(scenario: None, args: Mapping[str, Any], response: Mapping[str, Any]) -> Item | str:
    value = response.get("item", args.get("item"))
    return Item(value) if isinstance(value, str) else f"item {value!r} is not a name"


TOY: CommitRule[None, Item] = CommitRule(
    tools=frozenset({"write"}), read=_read_item, describe=lambda i: i.name, did="wrote"
)
OK = {"status": "ok"}


def flat(*steps: tuple[str, dict[str, Any] | str, dict[str, Any] | None]) -> Transcript:
    """Calls in one turn, each ``(tool, args, response or None for no response)``."""
    calls = tuple(ToolCall(name=n, args=a, call_id=f"c{i}") for i, (n, a, _) in enumerate(steps))
    responses = tuple(
        ToolResponse(name=n, response=r, call_id=f"c{i}")
        for i, (n, _, r) in enumerate(steps)
        if r is not None
    )
    return Transcript(final_text="done", tool_calls=calls, tool_responses=responses)


def codes(transcript: Transcript, stated: Item | Stated) -> list[str]:
    return [p.code for p in commit_problems(TOY, read_commits(TOY, None, transcript), stated)]


@pytest.mark.parametrize(
    ("transcript", "stated", "expected"),
    [
        (flat(), Item("a"), []),
        (flat(("read", {}, OK)), Item("a"), []),
        (flat(("write", {"item": "a"}, OK)), Item("a"), []),
        (flat(("write", {"item": "a"}, OK)), Item("a", note="other note"), []),
        (flat(("write", {"item": "a"}, OK)), Item("b"), ["committed_plan_differs"]),
        (flat(("write", {"item": "a"}, {"item": "b"})), Item("a"), ["committed_plan_differs"]),
        (flat(("write", {"item": "a"}, None)), Item("a"), ["commit_outcome_unknown"]),
        (flat(("write", {"item": "a"}, {"error": "no"})), Item("a"), ["plan_not_committed"]),
        (flat(("write", {"item": "a"}, {"error": "no"})), Stated.NO_PLAN, []),
        (flat(("write", {"item": "a"}, {"error": "no"})), Stated.UNREAD, []),
        (
            flat(("write", {"item": "a"}, {"error": "no"}), ("write", {"item": "a"}, OK)),
            Item("a"),
            [],
        ),
        (flat(("write", {"item": 3}, OK)), Item("a"), ["commit_unreadable"]),
        (flat(("write", "item=a", OK)), Item("a"), ["commit_unreadable"]),
        (
            flat(("write", {"item": "a"}, OK), ("write", {"item": "a"}, OK)),
            Item("a"),
            ["several_committed_plans"],
        ),
        (flat(("write", {"item": "a"}, OK)), Stated.NO_PLAN, ["no_plan_but_committed"]),
        (flat(("write", {"item": "a"}, OK)), Stated.UNREAD, []),
    ],
)
def test_commit_findings(
    transcript: Transcript, stated: Item | Stated, expected: list[str]
) -> None:
    assert codes(transcript, stated) == expected


def test_calls_are_numbered_and_placed_in_their_turn_with_reused_ids() -> None:
    # call_0 in both turns: turn 2's response must not answer turn 1's write.
    transcript = case_transcript(
        {
            "earlier_turns": [{"calls": [{"name": "write", "args": {"item": "a"}}]}],
            "calls": [{"name": "write", "args": {"item": "b"}, "response": OK}],
            "answer_text": "b",
        }
    )
    commits = read_commits(TOY, None, transcript)
    assert [(c.position, c.turn, c.outcome) for c in commits] == [
        (1, 1, CommitOutcome.UNKNOWN),
        (2, 2, CommitOutcome.COMMITTED),
    ]
    [unknown] = commit_problems(TOY, commits, Item("b"))
    assert unknown.message == (
        "write, call #1, turn 1 got no response, so whether it wrote anything cannot be told; "
        "the answer cannot pass until the call's outcome is recorded"
    )


def test_a_differing_plan_is_judged_in_place_of_the_stated_one() -> None:
    stated = Verdict(domain="toy", metric="m", scenario_id="s", threshold=1.0, subjects=())
    booked = stated.model_copy(update={"scenario_id": "judged-as-committed"})
    held = hold_to_commits(
        TOY, None, flat(("write", {"item": "a"}, OK)), Item("b"), stated, lambda _: booked
    )
    assert held.scenario_id == "judged-as-committed"
    assert [p.code for p in held.problems] == ["committed_plan_differs"]
    assert held.problems[0].message == (
        "the agent wrote a (write, call #1), but the answer says b: item differs; "
        "state the plan that was committed"
    )
    assert held.notes == (
        "judged the plan the agent wrote, a (write, call #1), not the one its answer states",
    )
    unchanged = hold_to_commits(TOY, None, flat(), Item("b"), stated, lambda _: booked)
    assert unchanged is stated


# --- dining -----------------------------------------------------------------------------------

BOTH = ("everyone_ate", "everyone_ate_or_says_infeasible")


@cache
def scenario_of(scenario_id: str) -> Scenario:
    return DINING.load_scenario(scenario_id)


def test_the_brief_example_reads_as_a_person_would_say_it() -> None:
    scenario = scenario_of("story-six")
    transcript = case_transcript(
        {
            "calls": [
                {
                    "name": "book_table",
                    "args": {"restaurant_id": "r01", "time": "19:30", "party_size": 6},
                    "response": {"status": "confirmed"},
                }
            ],
            "answer_text": '{"restaurant": "r03", "time": "18:00"}',
        }
    )
    verdict = METRICS["everyone_ate"].judge(scenario, transcript, 1.0)
    assert not verdict.passed
    assert [p.message for p in verdict.problems] == [
        "the agent booked r01 (Ember & Oak) at 19:30 for 6 (book_table, call #1, turn 1), but the "
        "answer says r03 (Green Fork) at 18:00 for 6: restaurant and time differ; the plan an "
        "answer states must be the table booked, for the whole group"
    ]
    assert [s.name for s in verdict.unmet_subjects()] == ["Ana", "Björn", "José"]


GREEN = {"restaurant_id": "r03", "time": "17:30", "party_size": 6}
"""Green Fork at 17:30 for 6, as book_table's arguments."""


@pytest.mark.parametrize(
    ("args", "response", "expected"),
    [
        (GREEN, {}, ("r03", 1050, 6)),
        ({**GREEN, "restaurant_id": "green fork", "time": "17:30:00"}, {}, ("r03", 1050, 6)),
        ({**GREEN, "party_size": 6.0}, {}, ("r03", 1050, 6)),
        ({"restaurant_id": "r03"}, {"time": "17:30", "party_size": 6}, ("r03", 1050, 6)),
        (GREEN, {"restaurant_id": "r19"}, ("r19", 1050, 6)),
        ({**GREEN, "restaurant_id": "r999"}, {}, 'restaurant_id "r999" is not a restaurant of the '
         "catalog"),
        ({**GREEN, "time": "7pm"}, {}, 'time "7pm" is not a 24-hour HH:MM time'),
        ({**GREEN, "party_size": True}, {}, "party_size true is not a whole number of guests"),
        ({**GREEN, "party_size": None}, {}, "party_size null is not a whole number of guests"),
    ],
)  # fmt: skip
def test_read_booking(args: dict[str, Any], response: dict[str, Any], expected: Any) -> None:
    read = read_booking(scenario_of("story-six"), args, response)
    if isinstance(expected, str):
        assert read == expected
    else:
        assert isinstance(read, Booking)
        assert (read.restaurant_id, read.start, read.party_size) == expected


SCENARIOS = st.sampled_from(DINING.scenario_ids()).map(scenario_of)


@cache
def best_of(scenario_id: str) -> tuple[ScoredPlan, ...]:
    return tuple(best_plans(scenario_of(scenario_id))[1])


@st.composite
def stated_plans(draw: st.DrawFn, scenario: Scenario) -> Booking:
    """A plan for the whole group: half the time one of the best (which often passes alone, so
    only the booking can make it fail), else any restaurant at any minute."""
    best = best_of(scenario.id)
    if best and draw(st.booleans()):
        plan = draw(st.sampled_from(best))
        place, start = plan.restaurant, plan.start
    else:
        place = draw(st.sampled_from(scenario.restaurants))
        start = draw(st.integers(0, 24 * 60 - 1))
    return Booking(place.id, start, len(scenario.group.guests), place.name)


def answer_text(draw: st.DrawFn, scenario: Scenario, plan: Booking) -> str:
    place = scenario.restaurant(plan.restaurant_id)
    assert place is not None
    ref = draw(st.sampled_from((place.id, place.name)))
    body = json.dumps({"restaurant": ref, "time": clock(plan.start)}, ensure_ascii=False)
    return draw(st.sampled_from((body, f"Booked!\n```json\n{body}\n```")))


def booking_call(draw: st.DrawFn, scenario: Scenario, booked: Booking) -> dict[str, Any]:
    """A successful book_table call that booked ``booked``: the fields in the arguments and
    echoed by the response, or only in the arguments, or only in the response."""
    place = scenario.restaurant(booked.restaurant_id)
    assert place is not None
    fields = {
        "restaurant_id": draw(st.sampled_from((place.id, place.name))),
        "time": clock(booked.start),
        "party_size": draw(st.sampled_from((booked.party_size, float(booked.party_size)))),
    }
    where = draw(st.sampled_from(("args_and_echo", "args", "response")))
    args = {} if where == "response" else fields
    response = {"status": "confirmed", **({} if where == "args" else fields)}
    return {"name": "book_table", "args": args, "response": response}


def failed_call(draw: st.DrawFn, scenario: Scenario) -> dict[str, Any]:
    place = draw(st.sampled_from(scenario.restaurants))
    args = {"restaurant_id": place.id, "time": "03:00", "party_size": 2}
    body = draw(st.sampled_from(({"status": "error", "error": "closed"}, {"error_code": 503})))
    return {"name": "book_table", "args": args, "response": body}


@st.composite
def conversations(
    draw: st.DrawFn, scenario: Scenario, stated: Booking, bookings: list[Booking]
) -> dict[str, Any]:
    """A case whose answer states ``stated`` after ``bookings`` (each successful), maybe after
    failed bookings and menu lookups, over one or two turns."""
    calls: list[dict[str, Any]] = []
    if draw(st.booleans()):
        calls.append(failed_call(draw, scenario))
    for booked in bookings:
        calls.append(booking_call(draw, scenario, booked))
    if draw(st.booleans()):
        place = draw(st.sampled_from(scenario.restaurants))
        at = draw(st.integers(0, len(calls)))
        menu = {"name": "get_menu", "args": {"restaurant_id": place.id}, "response": {}}
        calls.insert(at, menu)
    case: dict[str, Any] = {"answer_text": answer_text(draw, scenario, stated)}
    split = draw(st.integers(0, len(calls)))
    if split and draw(st.booleans()):
        case["earlier_turns"] = [{"calls": calls[:split], "answer_text": case["answer_text"]}]
        calls = calls[split:]
    case["calls"] = calls
    return case


@st.composite
def differing(draw: st.DrawFn, scenario: Scenario, stated: Booking) -> Booking:
    """A booking that differs from ``stated`` in at least one of its fields."""
    changed = draw(
        st.sets(st.sampled_from(("restaurant", "time", "party")), min_size=1).filter(
            lambda c: "restaurant" not in c or len(scenario.restaurants) > 1
        )
    )
    place_id, name = stated.restaurant_id, stated.restaurant_name
    if "restaurant" in changed:
        other = draw(st.sampled_from([r for r in scenario.restaurants if r.id != place_id]))
        place_id, name = other.id, other.name
    start = stated.start
    if "time" in changed:
        start = draw(st.integers(0, 24 * 60 - 1).filter(lambda m: m != stated.start))
    size = stated.party_size
    if "party" in changed:
        size = draw(st.integers(1, 40).filter(lambda n: n != stated.party_size))
    return Booking(place_id, start, size, name)


@FEW
@given(data=st.data(), scenario=SCENARIOS, metric=st.sampled_from(BOTH))
def test_a_booking_that_differs_from_the_stated_plan_never_passes(
    data: st.DataObject, scenario: Scenario, metric: str
) -> None:
    stated = data.draw(stated_plans(scenario))
    booked = data.draw(differing(scenario, stated))
    case = data.draw(conversations(scenario, stated, [booked]))
    verdict = METRICS[metric].judge(scenario, case_transcript(case), 1.0)
    assert not verdict.passed
    assert "committed_plan_differs" in [p.code for p in verdict.problems]


@FEW
@given(data=st.data(), scenario=SCENARIOS, metric=st.sampled_from(BOTH))
def test_a_booking_equal_to_the_stated_plan_gets_the_plan_s_own_verdict(
    data: st.DataObject, scenario: Scenario, metric: str
) -> None:
    stated = data.draw(stated_plans(scenario))
    case = data.draw(conversations(scenario, stated, [stated]))
    judge = METRICS[metric].judge
    alone = judge(scenario, Transcript(final_text=case["answer_text"]), 1.0)
    assert judge(scenario, case_transcript(case), 1.0) == alone


@FEW
@given(data=st.data(), scenario=SCENARIOS, metric=st.sampled_from(BOTH))
def test_two_bookings_never_pass(data: st.DataObject, scenario: Scenario, metric: str) -> None:
    stated = data.draw(stated_plans(scenario))
    second = data.draw(st.sampled_from((stated,)) | differing(scenario, stated))
    case = data.draw(conversations(scenario, stated, data.draw(st.permutations([stated, second]))))
    verdict = METRICS[metric].judge(scenario, case_transcript(case), 1.0)
    assert not verdict.passed
    assert "several_committed_plans" in [p.code for p in verdict.problems]


@FEW
@given(data=st.data(), scenario=SCENARIOS, metric=st.sampled_from(BOTH))
def test_a_booking_without_a_readable_response_never_passes(
    data: st.DataObject, scenario: Scenario, metric: str
) -> None:
    stated = data.draw(stated_plans(scenario))
    case = data.draw(conversations(scenario, stated, [stated]))
    calls = [*(c for t in case.get("earlier_turns", []) for c in t["calls"]), *case["calls"]]
    booking = next(c for c in calls if c["response"].get("status") == "confirmed")
    if data.draw(st.booleans()):
        del booking["response"]
    else:
        booking["response"] = data.draw(st.sampled_from(("confirmed", ["ok"], None, 1)))
    verdict = METRICS[metric].judge(scenario, case_transcript(case), 1.0)
    assert not verdict.passed
    assert "commit_outcome_unknown" in [p.code for p in verdict.problems]


@FEW
@given(data=st.data(), metric=st.sampled_from(BOTH))
def test_saying_no_plan_fits_after_a_booking_never_passes(data: st.DataObject, metric: str) -> None:
    scenario = scenario_of("no-plan-fits")  # the claim alone is right here
    booked = data.draw(stated_plans(scenario))
    case = data.draw(conversations(scenario, booked, [booked]))
    case["answer_text"] = data.draw(
        st.sampled_from(("No plan satisfies everyone.", '{"no_plan": true}'))
    )
    verdict = METRICS[metric].judge(scenario, case_transcript(case), 1.0)
    assert not verdict.passed
    assert "no_plan_but_committed" in [p.code for p in verdict.problems]
