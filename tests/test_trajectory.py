"""Trajectory requirements: known answers per kind, argument matching, failed calls, invariants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from checkers.requirements import Requirement
from checkers.results import RESULT_ADAPTER, Outcome
from checkers.trajectory import (
    CalledAtLeast,
    CalledAtMost,
    CalledBefore,
    CalledInAnyOrder,
    CalledInOrder,
    Equals,
    NeverCalled,
    SameAs,
    ToolMatch,
    TrajectoryRequirement,
    check_trajectory,
    is_error_response,
    response_succeeded,
)
from checkers.transcript import ToolCall, ToolResponse, Transcript

OK: dict[str, Any] = {"status": "ok"}
NO_RESPONSE = None
Step = tuple[str, dict[str, Any]] | tuple[str, dict[str, Any], dict[str, Any] | None]


def transcript(*steps: Step, ids: bool = True) -> Transcript:
    """Tool calls in order; each gets response OK unless a third item gives one (None: none)."""
    calls, responses = [], []
    for index, step in enumerate(steps):
        name, args = step[0], step[1]
        response = step[2] if len(step) == 3 else OK
        call_id = f"c{index}" if ids else None
        calls.append(ToolCall(name=name, args=args, call_id=call_id))
        if response is not None:
            responses.append(ToolResponse(name=name, response=response, call_id=call_id))
    return Transcript(final_text="done", tool_calls=tuple(calls), tool_responses=tuple(responses))


def menu(rid: str, response: dict[str, Any] | None = OK) -> Step:
    return ("get_menu", {"restaurant_id": rid}, response)


def book(rid: str | None, response: dict[str, Any] | None = OK) -> Step:
    args: dict[str, Any] = {"people": 2}
    if rid is not None:
        args["restaurant_id"] = rid
    return ("book_table", args, response)


SEARCH: Step = ("search", {"cuisine": "thai"})
WEATHER: Step = ("get_weather", {"city": "Oslo"})

MENU_BEFORE_BOOKING = CalledBefore(
    first=ToolMatch(
        name="get_menu", args={"restaurant_id": SameAs("restaurant_id")}, succeeded=True
    ),
    then=ToolMatch(name="book_table"),
)


def verdict(requirement: Requirement, t: Transcript) -> tuple[str, str]:
    result = check_trajectory(requirement, t)
    return result.outcome.value, result.reason_code


# --- called_before --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        ((), ("pass", "then_never_called")),
        ((SEARCH, menu("r1")), ("pass", "then_never_called")),
        ((menu("r1"), book("r1")), ("pass", "preceded")),
        ((menu("r2"), menu("r1"), WEATHER, book("r1")), ("pass", "preceded")),
        ((menu("r1", {"error": "503"}), menu("r1"), book("r1")), ("pass", "preceded")),  # retry
        ((book("r1"),), ("fail", "not_preceded")),
        ((book("r1"), menu("r1")), ("fail", "not_preceded")),
        ((menu("r2"), book("r1")), ("fail", "not_preceded")),  # another restaurant's menu
        ((menu("r1"), book("r1"), book("r2")), ("fail", "not_preceded")),  # second booking
        ((menu("r1", {"error": "503"}), book("r1")), ("fail", "preceded_only_by_failed_call")),
        ((menu("r1", {"error_code": 503}), book("r1")), ("fail", "preceded_only_by_failed_call")),
        ((menu("r1", {"status": "error"}), book("r1")), ("fail", "preceded_only_by_failed_call")),
        ((menu("r1", NO_RESPONSE), book("r1")), ("incomplete", "response_missing")),
        ((menu("r1"), book(None)), ("incomplete", "reference_missing")),
        ((book(None), book("r2")), ("fail", "not_preceded")),  # a failure outweighs incomplete
    ],
)
def test_called_before_known_answers(steps: tuple[Step, ...], expected: tuple[str, str]) -> None:
    assert verdict(MENU_BEFORE_BOOKING, transcript(*steps)) == expected


def test_called_before_vacuous_pass_says_so() -> None:
    result = check_trajectory(MENU_BEFORE_BOOKING, transcript(SEARCH))
    assert result.reason == (
        "book_table was never called, so nothing had to come before it (vacuous pass)"
    )


def test_blind_booking_after_a_failed_menu_names_both_calls() -> None:
    result = check_trajectory(
        MENU_BEFORE_BOOKING, transcript(menu("r1", {"error": "503"}), book("r1"))
    )
    assert result.outcome is Outcome.FAIL
    assert result.reason == (
        'call #2 book_table(people=2, restaurant_id="r1") was preceded by '
        'get_menu(restaurant_id="r1") only at #1, which returned an error; it needs a successful '
        'get_menu(restaurant_id="r1") before it'
    )


def test_not_preceded_mentions_a_later_lookup() -> None:
    result = check_trajectory(MENU_BEFORE_BOOKING, transcript(book("r1"), menu("r1")))
    assert result.reason == (
        'call #1 book_table(people=2, restaurant_id="r1") was not preceded by a successful '
        'get_menu(restaurant_id="r1") (get_menu came only later, at #2)'
    )


def test_called_before_pass_names_the_positions() -> None:
    result = check_trajectory(MENU_BEFORE_BOOKING, transcript(menu("r1"), book("r1"), book("r1")))
    assert result.reason == (
        "every book_table call (#2, #3) was preceded by a successful "
        "get_menu(restaurant_id=<book_table's restaurant_id>)"
    )
    assert result.requirement == MENU_BEFORE_BOOKING.model_dump(mode="json")


def test_a_then_side_with_succeeded_ignores_failed_attempts() -> None:
    successful_booking = CalledBefore(
        first=ToolMatch(name="get_menu"), then=ToolMatch(name="book_table", succeeded=True)
    )
    failed_booking = transcript(book("r1", {"error": "no tables"}))
    assert verdict(successful_booking, failed_booking) == ("pass", "then_never_called")
    assert verdict(successful_booking, transcript(book("r1"))) == ("fail", "not_preceded")
    assert verdict(successful_booking, transcript(book("r1", NO_RESPONSE))) == (
        "incomplete",
        "response_missing",
    )


def test_without_succeeded_a_failed_first_call_counts() -> None:
    any_lookup = CalledBefore(first=ToolMatch(name="get_menu"), then=ToolMatch(name="book_table"))
    steps = (menu("r1", {"error": "503"}), book("r1"))
    assert verdict(any_lookup, transcript(*steps)) == ("pass", "preceded")


# --- never_called ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("requirement", "steps", "expected"),
    [
        (
            NeverCalled(tool=ToolMatch(name="book_table")),
            (SEARCH, menu("r1")),
            ("pass", "never_called"),
        ),
        (NeverCalled(tool=ToolMatch(name="book_table")), (book("r1"),), ("fail", "called")),
        (
            NeverCalled(tool=ToolMatch(name="book_table", args={"restaurant_id": "r2"})),
            (book("r1"),),
            ("pass", "never_called"),
        ),
        (
            NeverCalled(tool=ToolMatch(name="book_table", succeeded=True)),
            (book("r1", {"error": "full"}),),
            ("pass", "never_called"),
        ),
        (
            NeverCalled(tool=ToolMatch(name="book_table", succeeded=True)),
            (book("r1", NO_RESPONSE),),
            ("incomplete", "response_missing"),
        ),
    ],
)
def test_never_called_known_answers(
    requirement: NeverCalled, steps: tuple[Step, ...], expected: tuple[str, str]
) -> None:
    assert verdict(requirement, transcript(*steps)) == expected


def test_never_called_lists_every_offending_call() -> None:
    result = check_trajectory(
        NeverCalled(tool=ToolMatch(name="book_table")), transcript(book("r1"), SEARCH, book("r2"))
    )
    assert result.reason == (
        "book_table must never be called, but was: "
        'call #1 book_table(people=2, restaurant_id="r1"); '
        'call #3 book_table(people=2, restaurant_id="r2")'
    )


# --- called_in_order ------------------------------------------------------------------------

SEARCH_MENU_BOOK = CalledInOrder(
    steps=[ToolMatch(name="search"), ToolMatch(name="get_menu"), ToolMatch(name="book_table")]
)


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        ((SEARCH, menu("r1"), book("r1")), ("pass", "in_order")),
        ((SEARCH, WEATHER, menu("r1"), SEARCH, book("r1")), ("pass", "in_order")),
        ((menu("r1"), SEARCH, menu("r1"), book("r1")), ("pass", "in_order")),
        ((SEARCH, book("r1")), ("fail", "step_missing")),
        ((), ("fail", "step_missing")),
        ((SEARCH, book("r1"), menu("r1")), ("fail", "step_out_of_order")),
        ((menu("r1"), SEARCH, book("r1")), ("fail", "step_out_of_order")),
    ],
)
def test_called_in_order_known_answers(steps: tuple[Step, ...], expected: tuple[str, str]) -> None:
    assert verdict(SEARCH_MENU_BOOK, transcript(*steps)) == expected


def test_out_of_order_names_where_the_step_was() -> None:
    result = check_trajectory(SEARCH_MENU_BOOK, transcript(SEARCH, book("r1"), menu("r1")))
    assert result.reason == (
        "steps 1-2 were found at #1, #3, but step 3 book_table was called only at #2, not after "
        "#3; required order: search, get_menu, book_table"
    )


def test_each_step_needs_its_own_call() -> None:
    twice = CalledInOrder(steps=[ToolMatch(name="search"), ToolMatch(name="search")])
    assert verdict(twice, transcript(SEARCH)) == ("fail", "step_out_of_order")
    assert verdict(twice, transcript(SEARCH, SEARCH)) == ("pass", "in_order")


def test_in_order_with_an_unanswered_successful_step_is_incomplete() -> None:
    requirement = CalledInOrder(
        steps=[ToolMatch(name="get_menu", succeeded=True), ToolMatch(name="book_table")]
    )
    assert verdict(requirement, transcript(menu("r1", NO_RESPONSE), book("r1"))) == (
        "incomplete",
        "response_missing",
    )
    assert verdict(requirement, transcript(menu("r1", {"error": "x"}), book("r1"))) == (
        "fail",
        "step_missing",
    )


# --- called_in_any_order --------------------------------------------------------------------

MENU_AND_SEARCH = CalledInAnyOrder(
    tools=[ToolMatch(name="search"), ToolMatch(name="get_menu", succeeded=True)]
)


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        ((SEARCH, menu("r1")), ("pass", "all_called")),
        ((menu("r1"), WEATHER, SEARCH), ("pass", "all_called")),
        ((SEARCH,), ("fail", "missing")),
        ((), ("fail", "missing")),
        ((SEARCH, menu("r1", {"error": "503"})), ("fail", "missing")),
        ((SEARCH, menu("r1", NO_RESPONSE)), ("incomplete", "response_missing")),
    ],
)
def test_called_in_any_order_known_answers(
    steps: tuple[Step, ...], expected: tuple[str, str]
) -> None:
    assert verdict(MENU_AND_SEARCH, transcript(*steps)) == expected


def test_missing_lists_what_was_never_called() -> None:
    result = check_trajectory(MENU_AND_SEARCH, transcript(WEATHER))
    assert result.reason == "never called: search, a successful get_menu"


# --- called_at_least / called_at_most -------------------------------------------------------


@pytest.mark.parametrize(
    ("requirement", "count", "expected"),
    [
        (CalledAtLeast(tool=ToolMatch(name="get_menu"), times=2), 1, ("fail", "too_few_calls")),
        (CalledAtLeast(tool=ToolMatch(name="get_menu"), times=2), 2, ("pass", "enough_calls")),
        (CalledAtLeast(tool=ToolMatch(name="get_menu"), times=2), 3, ("pass", "enough_calls")),
        (CalledAtMost(tool=ToolMatch(name="get_menu"), times=0), 0, ("pass", "within_limit")),
        (CalledAtMost(tool=ToolMatch(name="get_menu"), times=2), 2, ("pass", "within_limit")),
        (CalledAtMost(tool=ToolMatch(name="get_menu"), times=2), 3, ("fail", "too_many_calls")),
    ],
)
def test_call_counts_known_answers(
    requirement: Requirement, count: int, expected: tuple[str, str]
) -> None:
    assert verdict(requirement, transcript(*[menu("r1")] * count, SEARCH)) == expected


def test_count_reasons_read_naturally() -> None:
    at_most_once = CalledAtMost(tool=ToolMatch(name="get_menu"), times=1)
    result = check_trajectory(at_most_once, transcript(menu("r1"), SEARCH, menu("r2")))
    assert result.reason == "get_menu was called 2 times, at most once allowed (at #1, #3)"


def test_counts_with_unanswered_calls_are_incomplete() -> None:
    tool = ToolMatch(name="get_menu", succeeded=True)
    steps = (menu("r1"), menu("r2", NO_RESPONSE))
    assert verdict(CalledAtLeast(tool=tool, times=2), transcript(*steps)) == (
        "incomplete",
        "response_missing",
    )
    assert verdict(CalledAtMost(tool=tool, times=1), transcript(*steps)) == (
        "incomplete",
        "response_missing",
    )


@pytest.mark.parametrize(
    ("requirement_type", "times", "outcome", "code", "limit"),
    [
        (CalledAtLeast, 1, "pass", "enough_calls", "at least once needed"),
        (CalledAtLeast, 2, "incomplete", "response_missing", "at least 2 times needed"),
        (CalledAtLeast, 3, "fail", "too_few_calls", "at least 3 times needed"),
        (CalledAtMost, 2, "pass", "within_limit", "at most 2 times allowed"),
        (CalledAtMost, 1, "incomplete", "response_missing", "at most once allowed"),
        (CalledAtMost, 0, "fail", "too_many_calls", "at most 0 times allowed"),
    ],
)
def test_count_reasons_for_every_outcome(
    requirement_type: type[CalledAtLeast | CalledAtMost],
    times: int,
    outcome: str,
    code: str,
    limit: str,
) -> None:
    """One answered and one unanswered call: the unanswered one decides only near the limit."""
    requirement = requirement_type(tool=ToolMatch(name="get_menu", succeeded=True), times=times)
    result = check_trajectory(requirement, transcript(menu("r1"), menu("r2", NO_RESPONSE)))
    assert (result.outcome.value, result.reason_code) == (outcome, code)
    # A verdict names the answered calls; an incomplete one, the calls that decide it.
    where = "; 1 more at #2 have no recorded response" if outcome == "incomplete" else " (at #1)"
    assert result.reason == f"a successful get_menu was called once, {limit}{where}"


def test_a_count_without_calls_names_no_positions() -> None:
    result = check_trajectory(CalledAtMost(tool=ToolMatch(name="search"), times=0), transcript())
    assert result.reason == "search was called 0 times, at most 0 times allowed"


# --- argument matching ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("constraint", "actual", "matches"),
    [
        ("r1", "r1", True),
        ("r1", "r2", False),
        (Equals("r1"), "r1", True),
        (2, 2, True),
        (2, 2.0, True),
        (1, True, False),  # JSON true is not the number 1
        (True, 1, False),
        (None, None, True),
        ([1, 2], [1, 2], True),
        ([1, 2], [2, 1], False),
        (Equals({"a": 1}), {"a": 1}, True),
        (Equals({"a": 1}), {"a": True}, False),
        (Equals({"a": 1}), {"a": 1, "b": 2}, False),
    ],
)
def test_argument_equality(constraint: Any, actual: Any, matches: bool) -> None:
    requirement = NeverCalled(tool=ToolMatch(name="f", args={"x": constraint}))
    outcome = check_trajectory(requirement, transcript(("f", {"x": actual}))).outcome
    assert outcome is (Outcome.FAIL if matches else Outcome.PASS)


def test_an_absent_argument_matches_nothing_not_even_none() -> None:
    requirement = NeverCalled(tool=ToolMatch(name="f", args={"x": None}))
    assert verdict(requirement, transcript(("f", {}))) == ("pass", "never_called")


def test_same_as_compares_with_the_then_calls_argument() -> None:
    requirement = CalledBefore(
        first=ToolMatch(name="get_menu", args={"restaurant_id": SameAs("venue")}),
        then=ToolMatch(name="book_table"),
    )
    booking = ("book_table", {"venue": "r7"})
    assert verdict(requirement, transcript(menu("r7"), booking)) == ("pass", "preceded")
    assert verdict(requirement, transcript(menu("r8"), booking)) == ("fail", "not_preceded")


def test_then_arguments_select_which_calls_need_a_predecessor() -> None:
    requirement = CalledBefore(
        first=ToolMatch(name="get_menu"),
        then=ToolMatch(name="book_table", args={"restaurant_id": "r2"}),
    )
    assert verdict(requirement, transcript(book("r1"))) == ("pass", "then_never_called")
    assert verdict(requirement, transcript(book("r2"))) == ("fail", "not_preceded")


def test_responses_pair_by_order_when_calls_have_no_ids() -> None:
    steps = (menu("r1", {"error": "503"}), menu("r1"), book("r1"))
    assert verdict(MENU_BEFORE_BOOKING, transcript(*steps, ids=False)) == ("pass", "preceded")
    failed_only = (menu("r1", {"error": "503"}), book("r1"))
    assert verdict(MENU_BEFORE_BOOKING, transcript(*failed_only, ids=False)) == (
        "fail",
        "preceded_only_by_failed_call",
    )


@pytest.mark.parametrize(
    ("response", "is_error"),
    [
        ({"error": "503 service unavailable"}, True),
        ({"error_code": 503, "error_message": "unavailable"}, True),  # ADK fault injection
        ({"status": "error"}, True),
        ({"status": "ERROR"}, True),
        ({"status": "ok", "error": None}, False),
        ({"error": ""}, False),
        ({"result": "error"}, True),  # a text result that is an error message (issue 13)
        ({"result": "booked"}, False),
        ({}, False),
        # Fail closed: anything not clearly a success is not one.
        ({"isError": True, "content": []}, True),  # MCP tool result
        ({"isError": False, "content": []}, False),
        ({"is_error": 1}, True),
        ({"exception": "TimeoutError"}, True),
        ({"success": False}, True),
        ({"ok": False}, True),
        ({"success": 0}, True),  # neither true nor false: unknown, never a success
        ({"success": True}, False),
        ({"status": " Failed "}, True),
        ({"status": "failure"}, True),
        ({"status": "fail"}, True),
        (None, True),
        ("ok", True),
        ([{"status": "ok"}], True),
        ({1: "ok"}, True),
        ({"_unreadable_response": "[1]"}, True),
    ],
)
def test_error_responses(response: Any, is_error: bool) -> None:
    assert is_error_response(response) is is_error
    assert response_succeeded(response) is not is_error


# --- models ---------------------------------------------------------------------------------


def test_same_as_outside_called_before_first_is_rejected() -> None:
    with pytest.raises(ValidationError) as caught:
        NeverCalled(tool=ToolMatch(name="get_menu", args={"restaurant_id": SameAs("id")}))
    assert caught.value.errors()[0]["msg"] == (
        "Value error, never_called.tool: restaurant_id=SameAs('id') refers to the `then` call of a "
        "called_before requirement and means nothing here; use a plain value such as "
        "{'restaurant_id': 'r1'}"
    )


@pytest.mark.parametrize(
    ("data", "place"),
    [
        ({"kind": "never_called", "tool": {"name": "f", "args": {"x": {"same_as": "x"}}}}, "tool"),
        (
            {
                "kind": "called_in_order",
                "steps": [{"name": "a"}, {"name": "f", "args": {"x": {"same_as": "x"}}}],
            },
            "steps[1]",
        ),
        (
            {
                "kind": "called_in_any_order",
                "tools": [{"name": "f", "args": {"x": {"same_as": "x"}}}],
            },
            "tools[0]",
        ),
        (
            {
                "kind": "called_at_least",
                "tool": {"name": "f", "args": {"x": {"same_as": "x"}}},
                "times": 1,
            },
            "tool",
        ),
        (
            {
                "kind": "called_at_most",
                "tool": {"name": "f", "args": {"x": {"same_as": "x"}}},
                "times": 1,
            },
            "tool",
        ),
    ],
    ids=lambda value: value["kind"] if isinstance(value, dict) else value,
)
def test_same_as_is_rejected_where_it_stands_in_every_other_kind(
    data: dict[str, Any], place: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        ADAPTER.validate_python(data)
    assert caught.value.errors()[0]["msg"].startswith(
        f"Value error, {data['kind']}.{place}: x=SameAs('x') refers to the `then` call"
    )


def test_same_as_in_then_is_rejected() -> None:
    with pytest.raises(ValidationError, match=r"called_before.then: x=SameAs\('x'\) would refer"):
        CalledBefore(first=ToolMatch(name="a"), then=ToolMatch(name="b", args={"x": SameAs("x")}))


def test_an_object_constraint_must_say_how_to_compare() -> None:
    with pytest.raises(ValidationError) as caught:
        ToolMatch(name="f", args={"x": {"a": 1}})
    assert caught.value.errors()[0]["msg"] == (
        "Value error, argument constraint {'a': 1} is an object: write {'equals': {'a': 1}} to "
        "compare with it, or {'same_as': 'restaurant_id'} to repeat an argument of the `then` "
        "call"
    )


def test_unknown_fields_and_bad_counts_are_rejected() -> None:
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        ToolMatch.model_validate({"name": "f", "succeded": True})
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        CalledAtLeast(tool=ToolMatch(name="f"), times=0)
    with pytest.raises(ValidationError, match="at least 1 item"):
        CalledInOrder(steps=[])


ADAPTER: TypeAdapter[TrajectoryRequirement] = TypeAdapter(TrajectoryRequirement)
EXAMPLES: list[Requirement] = [
    MENU_BEFORE_BOOKING,
    NeverCalled(tool=ToolMatch(name="cancel_order", args={"order_id": Equals({"id": 1})})),
    SEARCH_MENU_BOOK,
    MENU_AND_SEARCH,
    CalledAtLeast(tool=ToolMatch(name="get_menu", args={"restaurant_id": "r1"}), times=2),
    CalledAtMost(tool=ToolMatch(name="book_table"), times=1),
]


@pytest.mark.parametrize("requirement", EXAMPLES, ids=lambda r: r.kind)
def test_requirements_round_trip_through_json(requirement: Requirement) -> None:
    assert ADAPTER.validate_json(requirement.model_dump_json()) == requirement


def test_json_uses_plain_values_and_tagged_references() -> None:
    loaded = ADAPTER.validate_python(
        {
            "kind": "called_before",
            "first": {"name": "get_menu", "args": {"restaurant_id": {"same_as": "restaurant_id"}}},
            "then": {"name": "book_table", "args": {"people": 2}},
        }
    )
    assert isinstance(loaded, CalledBefore)
    assert loaded.first.args == {"restaurant_id": SameAs("restaurant_id")}
    assert loaded.then.args == {"people": Equals(2)}


def test_a_requirement_of_another_kind_has_no_trajectory_check() -> None:
    class Other(Requirement):
        kind: str = "other"

    with pytest.raises(LookupError, match="trajectory: no check registered for requirement kind"):
        check_trajectory(Other(), transcript())


# --- invariants -----------------------------------------------------------------------------

NAMES = ["search", "get_menu", "book_table"]
UNRELATED = ["get_weather", "log_event", "ping"]
RESPONSES: list[dict[str, Any] | None] = [OK, {"error": "503"}, {"error_code": 503}, None]

args_st = st.dictionaries(st.sampled_from(["restaurant_id"]), st.sampled_from(["r1", "r2"]))
step_st = st.tuples(st.sampled_from(NAMES), args_st, st.sampled_from(RESPONSES))
unrelated_st = st.tuples(
    st.sampled_from(UNRELATED),
    st.dictionaries(st.sampled_from(["restaurant_id", "city"]), st.sampled_from(["r1", "x"])),
    st.sampled_from(RESPONSES),
)


@st.composite
def tool_match_st(draw: st.DrawFn, references: bool = False) -> ToolMatch:
    arg: Any = draw(
        st.sampled_from(["r1", "r2", SameAs("restaurant_id")] if references else ["r1", "r2"])
    )
    args = draw(st.sampled_from([{}, {"restaurant_id": arg}]))
    return ToolMatch(name=draw(st.sampled_from(NAMES)), args=args, succeeded=draw(st.booleans()))


requirement_st: st.SearchStrategy[Requirement] = st.one_of(
    st.builds(CalledBefore, first=tool_match_st(references=True), then=tool_match_st()),
    st.builds(NeverCalled, tool=tool_match_st()),
    st.builds(CalledInOrder, steps=st.lists(tool_match_st(), min_size=1, max_size=3)),
    st.builds(CalledInAnyOrder, tools=st.lists(tool_match_st(), min_size=1, max_size=3)),
    st.builds(CalledAtLeast, tool=tool_match_st(), times=st.integers(1, 3)),
    st.builds(CalledAtMost, tool=tool_match_st(), times=st.integers(0, 2)),
)


@given(
    requirement=requirement_st,
    steps=st.lists(step_st, max_size=6),
    insertions=st.lists(st.tuples(st.integers(0, 10), unrelated_st), max_size=4),
    ids=st.booleans(),
)
def test_unrelated_tool_calls_never_change_the_verdict(
    requirement: Requirement,
    steps: list[Step],
    insertions: list[tuple[int, Step]],
    ids: bool,
) -> None:
    noisy = list(steps)
    for position, unrelated in insertions:
        noisy.insert(position % (len(noisy) + 1), unrelated)
    before = check_trajectory(requirement, transcript(*steps, ids=ids))
    after = check_trajectory(requirement, transcript(*noisy, ids=ids))
    assert (after.outcome, after.reason_code) == (before.outcome, before.reason_code)


@given(requirement=requirement_st, steps=st.lists(step_st, max_size=6))
def test_checks_are_deterministic_and_results_round_trip(
    requirement: Requirement, steps: list[Step]
) -> None:
    t = transcript(*steps)
    result = check_trajectory(requirement, t)
    assert check_trajectory(requirement, t) == result
    assert RESULT_ADAPTER.validate_json(RESULT_ADAPTER.dump_json(result)) == result
    assert ADAPTER.validate_python(result.requirement) == requirement
