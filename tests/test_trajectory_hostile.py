"""Trajectory rules on hostile transcripts: reused call ids, unreadable arguments and responses,
surrogates, deep nesting, huge numbers; and the linear CalledBefore against its definition."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from google.adk.evaluation.eval_case import IntermediateData, Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric, EvalStatus
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.custom_metric import adk_metric
from checkers.adk.invocations import transcripts_up_to_each, turn_of
from checkers.requirements import Requirement
from checkers.results import Outcome
from checkers.trajectory import (
    _YES_OR_MAYBE,
    CalledBefore,
    NeverCalled,
    ToolMatch,
    _called_before_verdict,
    _Path,
    _then_problem,
    _Verdict,
    check_trajectory,
)
from checkers.transcript import (
    UNREADABLE_ARGS,
    UNREADABLE_RESPONSE,
    ToolCall,
    ToolResponse,
    Transcript,
    Turn,
    brief_json,
    pair_responses,
    pair_turn,
)
from domains.dining.metrics import MENU_BEFORE_BOOKING, MENU_BEFORE_BOOKING_RULE
from domains.dining.scenarios import DINING
from tests.test_trajectory import requirement_st, tool_match_st

ROOT = Path(__file__).resolve().parents[1]
OK: dict[str, Any] = {"status": "ok"}
DOWN: dict[str, Any] = {"status": "error", "error": "menu service unavailable"}
MISSING = None

# One tool call of a turn: (name, restaurant id or args, response or None).
Call = tuple[str, Any, Any]


class Raw(NamedTuple):
    """Args given as they are (a string, a list, null), not as a restaurant id."""

    value: Any


def conversation(*turns: list[Call], ids: str = "per_turn") -> Transcript:
    """A transcript recorded turn by turn, as ADK invocations give it.

    ``ids``: ``per_turn`` numbers calls ``call_0``, ``call_1`` afresh in every turn (as some
    models do), ``unique`` numbers them across the conversation, ``none`` gives no ids, and
    ``same`` gives every call the id ``call_0``.
    """
    built: list[Turn] = []
    number = 0
    for calls in turns:
        made, answered = [], []
        for offset, (name, rid, response) in enumerate(calls):
            call_id = {
                "per_turn": f"call_{offset}",
                "unique": f"call_{number}",
                "none": None,
                "same": "call_0",
            }[ids]
            number += 1
            args = rid.value if isinstance(rid, Raw) else rid
            if isinstance(rid, str):
                args = {"restaurant_id": rid}
            made.append(ToolCall(name=name, args=args, call_id=call_id))
            if response is not None:
                answered.append(ToolResponse(name=name, response=response, call_id=call_id))
        built.append(Turn(user_text="hi", tool_calls=tuple(made), tool_responses=tuple(answered)))
    return Transcript(
        final_text="done",
        tool_calls=tuple(c for t in built for c in t.tool_calls),
        tool_responses=tuple(r for t in built for r in t.tool_responses),
        turns=tuple(built),
    )


def menu(rid: Any, response: Any = OK) -> Call:
    return ("get_menu", rid, response)


def book(rid: Any, response: Any = OK) -> Call:
    return ("book_table", rid, response)


def verdict(requirement: Requirement, transcript: Transcript) -> tuple[str, str]:
    result = check_trajectory(requirement, transcript)
    return result.outcome.value, result.reason_code


# --- class 8: call ids reused per turn ------------------------------------------------------


def test_a_failed_menu_stays_failed_when_a_later_turn_reuses_its_id() -> None:
    """The issue's example: get_menu(r01) fails in turn 1, get_menu(r02) succeeds in turn 2
    under the same id; pairing across the conversation made r01's menu a success."""
    transcript = conversation([menu("r01", DOWN)], [menu("r02"), book("r01")])
    result = check_trajectory(MENU_BEFORE_BOOKING_RULE, transcript)
    assert (result.outcome, result.reason_code) == (Outcome.FAIL, "preceded_only_by_failed_call")
    assert result.reason == (
        'call #3 book_table(restaurant_id="r01") was preceded by get_menu(restaurant_id="r01") '
        'only at #1, which returned an error; it needs a successful get_menu(restaurant_id="r01") '
        "before it"
    )


@pytest.mark.parametrize(
    ("turns", "ids", "expected"),
    [
        # A later failure under the same id does not undo an earlier success.
        (([menu("r01")], [menu("r02", DOWN), book("r01")]), "per_turn", ("pass", "preceded")),
        # An unanswered call is not answered by another turn's response with its id.
        (([menu("r01", MISSING)], [menu("r01"), book("r01")]), "per_turn", ("pass", "preceded")),
        (
            ([menu("r01", MISSING)], [menu("r02"), book("r01")]),
            "per_turn",
            ("incomplete", "response_missing"),
        ),
        # Calls without ids pair by order within their turn only.
        (
            ([menu("r01", MISSING)], [menu("r02"), book("r01")]),
            "none",
            ("incomplete", "response_missing"),
        ),
        # The same id for every call: responses pair in order, in their turn.
        (
            ([menu("r01", DOWN), menu("r02"), book("r01")],),
            "same",
            ("fail", "preceded_only_by_failed_call"),
        ),
        (([menu("r01"), menu("r02", DOWN), book("r01")],), "same", ("pass", "preceded")),
    ],
)
def test_pairing_by_turn_known_answers(
    turns: tuple[list[Call], ...], ids: str, expected: tuple[str, str]
) -> None:
    assert verdict(MENU_BEFORE_BOOKING_RULE, conversation(*turns, ids=ids)) == expected


def test_a_response_answers_only_a_call_of_its_tool() -> None:
    calls = (ToolCall(name="get_menu", call_id="c1"), ToolCall(name="book_table", call_id="c1"))
    responses = (ToolResponse(name="book_table", response=OK, call_id="c1"),)
    assert pair_turn(calls, responses) == ([None, 0], [])


def test_pairing_takes_calls_in_order_and_lists_orphans() -> None:
    calls = tuple(ToolCall(name="f", call_id="x") for _ in range(2))
    responses = tuple(
        ToolResponse(name=n, response={"n": i}, call_id="x") for i, n in enumerate("ffg")
    )
    assert pair_turn(calls, responses) == ([0, 1], [2])
    # An empty id is no id.
    assert pair_turn((ToolCall(name="f", call_id=""),), (ToolResponse(name="f"),)) == ([0], [])


def test_orphan_responses_are_noted_in_the_verdict() -> None:
    transcript = conversation([menu("r01", MISSING)], [book("r01")])
    late = ToolResponse(name="get_menu", response=OK, call_id="call_0")
    second = transcript.turns[1].model_copy(
        update={"tool_responses": (late, *transcript.turns[1].tool_responses)}
    )
    transcript = transcript.model_copy(
        update={
            "turns": (transcript.turns[0], second),
            "tool_responses": (*transcript.turns[0].tool_responses, *second.tool_responses),
        }
    )
    assert pair_responses(transcript).responses == (None, second.tool_responses[1])
    judged = MENU_BEFORE_BOOKING.judge(DINING.load_scenario("story-six"), transcript, 1.0)
    assert judged.notes == (
        "1 tool response(s) answer no call of their turn (same id and tool name) and were "
        'ignored: "get_menu" (id "call_0", turn 2)',
    )
    assert judged.subjects[0].results[0].reason_code == "response_missing"


def test_turns_that_do_not_hold_the_calls_are_paired_as_one_turn() -> None:
    transcript = conversation([menu("r01")], [book("r01")])
    broken = transcript.model_copy(update={"turns": transcript.turns[:1]})
    pairing = pair_responses(broken)
    assert not pairing.by_turn
    assert pair_responses(transcript).by_turn


NAMES = ["get_menu", "book_table", "search"]
RESPONSES: list[Any] = [OK, DOWN, {"error_code": 503}, MISSING]
call_st = st.tuples(
    st.sampled_from(NAMES), st.sampled_from(["r1", "r2"]), st.sampled_from(RESPONSES)
)
turns_st = st.lists(st.lists(call_st, max_size=4), min_size=1, max_size=4)


@given(requirement=requirement_st, turns=turns_st)
def test_reusing_call_ids_per_turn_never_turns_a_failed_call_into_a_success(
    requirement: Requirement, turns: list[list[Call]]
) -> None:
    """Ids numbered afresh in every turn judge exactly as ids unique in the conversation: no
    failed (or unanswered) call borrows another turn's successful response."""
    unique = check_trajectory(requirement, conversation(*turns, ids="unique"))
    reused = check_trajectory(requirement, conversation(*turns, ids="per_turn"))
    assert (reused.outcome, reused.reason_code, reused.reason) == (
        unique.outcome,
        unique.reason_code,
        unique.reason,
    )


@given(turns=turns_st)
def test_the_menu_rule_never_passes_a_booking_whose_only_menu_failed(
    turns: list[list[Call]],
) -> None:
    """Whatever else happened, a booking of r9 after a failed get_menu(r9) (and no other
    r9 menu) never passes, with ids reused per turn or the same id everywhere."""
    failed = [*turns, [menu("r9", DOWN)], [book("r9")]]
    for ids in ("per_turn", "same", "none"):
        result = check_trajectory(MENU_BEFORE_BOOKING_RULE, conversation(*failed, ids=ids))
        assert result.outcome is not Outcome.PASS, (ids, result.reason)


ids_st = st.sampled_from(["a", "b", "", None])
any_call_st = st.builds(ToolCall, name=st.sampled_from("fg"), call_id=ids_st)
any_response_st = st.builds(
    ToolResponse, name=st.sampled_from("fgh"), response=st.just(OK), call_id=ids_st
)


@given(
    turns=st.lists(
        st.tuples(st.lists(any_call_st, max_size=5), st.lists(any_response_st, max_size=5)),
        max_size=4,
    ),
    consistent=st.booleans(),
)
def test_the_pairing_is_total_and_pairs_only_within_a_turn(
    turns: list[tuple[list[ToolCall], list[ToolResponse]]], consistent: bool
) -> None:
    """On any calls and responses: never raises; a response answers at most one call, of its
    own turn, with its id and tool name; every response is paired or listed as an orphan."""
    built = tuple(
        Turn(user_text=None, tool_calls=tuple(c), tool_responses=tuple(r)) for c, r in turns
    )
    transcript = Transcript(
        final_text=None,
        tool_calls=tuple(c for t in built for c in t.tool_calls),
        tool_responses=tuple(r for t in built for r in t.tool_responses),
        turns=built if consistent else built[:1],
    )
    pairing = pair_responses(transcript)
    assert len(pairing.responses) == len(transcript.tool_calls)
    answered = [r for r in pairing.responses if r is not None]
    assert len({id(r) for r in answered}) == len(answered)
    assert len(answered) + len(pairing.orphans) == len(transcript.tool_responses)
    turn_of_call = [n for n, t in enumerate(built) for _ in t.tool_calls]
    turn_of_response = {id(r): n for n, t in enumerate(built) for r in t.tool_responses}
    for index, (call, response) in enumerate(
        zip(transcript.tool_calls, pairing.responses, strict=True)
    ):
        if response is not None:
            assert (response.name, response.call_id or None) == (call.name, call.call_id or None)
            if pairing.by_turn:
                assert turn_of_response[id(response)] == turn_of_call[index]


# --- class 1 and 9: hostile values and shapes -----------------------------------------------

_SURROGATES = st.sampled_from(["\ud800", "\udfff", "a\udc00b", "r0\ud8001"])
_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    # Built when drawn: hypothesis cannot show a strategy holding an integer of 5,000 digits.
    | st.sampled_from([5000, 4400, 20]).map(lambda digits: -(10**digits))
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=5)
    | _SURROGATES
    | st.sampled_from(["r1", "r2"])
)
json_st = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)


def _deep(depth: int, leaf: Any = "r1") -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


deep_st = st.builds(_deep, st.sampled_from([50, 3_000]))
args_st: st.SearchStrategy[Any] = st.one_of(
    st.fixed_dictionaries({"restaurant_id": json_st | deep_st | st.sampled_from(["r1", "r2"])}),
    st.dictionaries(st.text(max_size=3) | _SURROGATES, json_st, max_size=3),
    json_st,  # any JSON value: a string, a list, a number, null
    st.dictionaries(st.integers(), st.none(), min_size=1, max_size=2),  # keys that are not text
)
response_st: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from([OK, DOWN]),
    st.dictionaries(st.text(max_size=6) | _SURROGATES, json_st, max_size=3),
    json_st,
)


def _part_call(name: str, args: Any, call_id: str | None) -> types.FunctionCall:
    # A record loaded without validation can hold any args; build it as such.
    return types.FunctionCall.model_construct(name=name, args=args, id=call_id)


def _part_response(name: str, response: Any, call_id: str | None) -> types.FunctionResponse:
    return types.FunctionResponse.model_construct(name=name, response=response, id=call_id)


@st.composite
def hostile_invocations(draw: st.DrawFn) -> list[Invocation]:
    invocations = []
    for number in range(draw(st.integers(1, 3))):
        calls, responses = [], []
        for offset in range(draw(st.integers(0, 3))):
            name = draw(st.sampled_from(["get_menu", "book_table", "get\ud800menu"]))
            call_id = draw(st.sampled_from([f"call_{offset}", None, "c\udfff"]))
            calls.append(_part_call(name, draw(args_st), call_id))
            if draw(st.booleans()):
                responses.append(_part_response(name, draw(response_st), call_id))
        invocations.append(
            Invocation(
                invocation_id=f"inv-{number}",
                user_content=types.Content(role="user", parts=[types.Part(text="Book.")]),
                final_response=types.Content(role="model", parts=[types.Part(text="Done.")]),
                intermediate_data=IntermediateData.model_construct(
                    tool_uses=calls, tool_responses=responses, intermediate_responses=[]
                ),
                rubrics=[
                    Rubric(
                        rubric_id="scenario",
                        rubric_content=RubricContent(text_property="scenario:story-six"),
                    )
                ],
            )
        )
    return invocations


@given(invocations=hostile_invocations(), requirement=requirement_st)
def test_transcripts_are_built_from_any_args_or_response_shape_and_judged_without_raising(
    invocations: list[Invocation], requirement: Requirement
) -> None:
    """Any args or response (a string, a list, a number, null, surrogates, deep nesting, huge
    numbers) reads into a transcript and is judged; reasons are printable; unreadable values
    are flagged, never dropped."""
    transcripts = transcripts_up_to_each(invocations)
    last = transcripts[-1]
    for inv, turn in zip(invocations, last.turns, strict=True):
        for part, call in zip(inv.intermediate_data.tool_uses, turn.tool_calls, strict=True):  # type: ignore[union-attr]
            readable = part.args is None or (
                isinstance(part.args, dict) and all(isinstance(k, str) for k in part.args)
            )
            assert call.args_readable is readable
            assert readable or set(call.args) == {UNREADABLE_ARGS}
        for part_r, response in zip(
            inv.intermediate_data.tool_responses,  # type: ignore[union-attr]
            turn.tool_responses,
            strict=True,
        ):
            assert response.readable is (
                isinstance(part_r.response, dict)
                and all(isinstance(k, str) for k in part_r.response)
            )
    for rule in (requirement, MENU_BEFORE_BOOKING_RULE):
        result = check_trajectory(rule, last)
        result.reason.encode("utf-8")  # no lone surrogate reaches a reason
        assert len(result.reason) < 5_000


def _unreadable_variants(transcript: Transcript) -> list[Transcript]:
    """``transcript`` with one call's args, or one response, made unreadable (each in turn)."""
    variants = []
    for index, call in enumerate(transcript.tool_calls):
        calls = list(transcript.tool_calls)
        calls[index] = call.model_copy(update={"args": {UNREADABLE_ARGS: '"r1"'}})
        variants.append(transcript.model_copy(update={"tool_calls": tuple(calls), "turns": ()}))
    for index, response in enumerate(transcript.tool_responses):
        responses = list(transcript.tool_responses)
        responses[index] = response.model_copy(update={"response": {UNREADABLE_RESPONSE: "1"}})
        variants.append(
            transcript.model_copy(update={"tool_responses": tuple(responses), "turns": ()})
        )
    return variants


@given(requirement=requirement_st, turns=turns_st)
def test_unreadable_args_or_responses_never_make_a_rule_pass(
    requirement: Requirement, turns: list[list[Call]]
) -> None:
    """A rule that did not pass does not pass once a call's arguments or a response can no
    longer be read: what could not be read is never taken for what was needed."""
    transcript = conversation(*turns, ids="unique").model_copy(update={"turns": ()})
    before = check_trajectory(requirement, transcript)
    if before.outcome is Outcome.PASS:
        return
    for variant in _unreadable_variants(transcript):
        assert check_trajectory(requirement, variant).outcome is not Outcome.PASS


@pytest.mark.parametrize(
    ("args", "response", "expected"),
    [
        ("r01", OK, ("incomplete", "args_unreadable")),  # the booking's args are a string
        ({"restaurant_id": "r01"}, ["ok"], ("incomplete", "response_unreadable")),
        ({"restaurant_id": "r01"}, "ok", ("incomplete", "response_unreadable")),
        ({"restaurant_id": "r01"}, 7, ("incomplete", "response_unreadable")),
    ],
)
def test_unreadable_shapes_through_the_adk_metric_fail_the_case(
    args: Any, response: Any, expected: tuple[str, str], tmp_path: Path
) -> None:
    """A string for ``args`` (the issue's example) or a response that is not an object fails
    the case with the reason that names it, not an evaluator error."""
    menu_args = args if isinstance(args, dict) else {"restaurant_id": "r01"}
    calls = [
        _part_call("get_menu", menu_args, "c1"),
        _part_call("book_table", args, "c2"),
    ]
    responses = [_part_response("get_menu", response, "c1"), _part_response("book_table", OK, "c2")]
    invocation = Invocation(
        invocation_id="inv-0",
        user_content=types.Content(role="user", parts=[types.Part(text="Book.")]),
        intermediate_data=IntermediateData.model_construct(
            tool_uses=calls, tool_responses=responses, intermediate_responses=[]
        ),
        rubrics=[
            Rubric(
                rubric_id="scenario",
                rubric_content=RubricContent(text_property="scenario:story-six"),
            )
        ],
    )
    criterion = BaseCriterion(threshold=1.0, details_dir=str(tmp_path))
    result = adk_metric(MENU_BEFORE_BOOKING)(
        EvalMetric(metric_name="menu_before_booking", criterion=criterion), [invocation], None, None
    )
    assert result.overall_eval_status is EvalStatus.FAILED
    (details,) = [json.loads(p.read_text("utf-8")) for p in tmp_path.glob("*.json")]
    (judged,) = details["invocations"][0]["subjects"][0]["results"]
    assert (judged["outcome"], judged["reason_code"]) == expected


def test_reasons_name_unreadable_values() -> None:
    transcript = conversation([menu("r01"), book("r01")])
    booking = transcript.tool_calls[1].model_copy(update={"args": {UNREADABLE_ARGS: '"r01"'}})
    flat = transcript.model_copy(
        update={"tool_calls": (transcript.tool_calls[0], booking), "turns": ()}
    )
    assert check_trajectory(MENU_BEFORE_BOOKING_RULE, flat).reason == (
        'call #2 book_table(_unreadable_args="\\"r01\\"") has arguments that are not a JSON '
        "object, so it is unknown which get_menu call had to come before it"
    )
    unread = conversation([menu("r01", ["ok"]), book("r01")])
    assert check_trajectory(MENU_BEFORE_BOOKING_RULE, unread).reason == (
        'call #2 book_table(restaurant_id="r01") was preceded by get_menu at #1, but those calls '
        "have a response that is not a JSON object, so it is unknown whether they count"
    )
    never = NeverCalled(tool=ToolMatch(name="book_table", args={"restaurant_id": "r01"}))
    assert check_trajectory(never, flat).reason == (
        'call #2 book_table(_unreadable_args="\\"r01\\"") has arguments that are not a JSON '
        "object, so it is unknown whether it matches"
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("r0\ud8001", '"r0\\ud8001"'),
        ({"a": [1, 2.5, None, True]}, '{"a": [1, 2.5, null, true]}'),
        (10**5000, "<integer of about 5001 digits>"),
        (_deep(50_000), '[{"k": [{"k": [{"k": [...]}]}]}]'),
        ("x" * 100, '"' + "x" * 36 + "..."),
        (float("inf"), "Infinity"),
        (object(), "<object>"),
    ],
    ids=["surrogate", "object", "huge-int", "deep", "long-text", "infinity", "not-json"],
)
def test_brief_json_shows_any_value_briefly(value: Any, shown: str) -> None:
    assert brief_json(value) == shown


@pytest.mark.parametrize(
    ("first", "then", "expected"),
    [
        (_deep(50_000), _deep(50_000), ("pass", "preceded")),
        (_deep(50_000), _deep(50_001), ("fail", "not_preceded")),
        (10**6000, 10**6000, ("pass", "preceded")),
        (10**6000, 10**6000 + 1, ("fail", "not_preceded")),
        (2.0, 2, ("pass", "preceded")),
        (True, 1, ("fail", "not_preceded")),
        (float("nan"), float("nan"), ("fail", "not_preceded")),  # NaN equals nothing
        (float("inf"), float("inf"), ("pass", "preceded")),
        ({"b": 1, "a": [1]}, {"a": [1], "b": 1}, ("pass", "preceded")),
        ("r0\ud8001", "r0\ud8001", ("pass", "preceded")),
    ],
    ids=[
        "deep-same",
        "deep-other",
        "huge-same",
        "huge-other",
        "float-int",
        "bool-int",
        "nan",
        "inf",
        "key-order",
        "surrogate",
    ],
)
def test_same_as_compares_any_values_without_raising(
    first: Any, then: Any, expected: tuple[str, str]
) -> None:
    transcript = conversation(
        [("get_menu", {"restaurant_id": first}, OK), ("book_table", {"restaurant_id": then}, OK)]
    )
    result = check_trajectory(MENU_BEFORE_BOOKING_RULE, transcript)
    assert (result.outcome.value, result.reason_code) == expected
    result.reason.encode("utf-8")


# --- the linear CalledBefore against its definition -----------------------------------------


def _called_before_by_definition(req: CalledBefore, path: _Path) -> _Verdict | None:
    """The quadratic definition: judge every `then` call; a failure outweighs the rest."""
    then_calls = path.positions(req.then, _YES_OR_MAYBE)
    problems = [p for i in then_calls if (p := _then_problem(req, path, i)) is not None]
    failures = [p for p in problems if p[0] is Outcome.FAIL]
    return (failures or problems)[0] if problems else None


mixed_call_st = st.tuples(
    st.sampled_from(NAMES),
    st.sampled_from(["r1", "r2"])
    | st.sampled_from([{"people": 2}, Raw("r1"), Raw([1]), Raw(None), Raw({1: "r1"})]),
    st.sampled_from([*RESPONSES, ["ok"]]),
)


@given(
    first=tool_match_st(references=True),
    then=tool_match_st(),
    turns=st.lists(st.lists(mixed_call_st, max_size=4), min_size=1, max_size=4),
)
def test_linear_called_before_agrees_with_its_definition(
    first: ToolMatch, then: ToolMatch, turns: list[list[Call]]
) -> None:
    req = CalledBefore(first=first, then=then)
    path = _Path.of(conversation(*turns))
    fast = _called_before_verdict(req, path)
    slow = _called_before_by_definition(req, path)
    if slow is None:
        assert fast[0] is Outcome.PASS
    else:
        assert fast == slow


def test_the_benchmark_runs(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_trajectory.py"), "--turns", "2", "4"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split() == [
        "turns",
        "rule",
        "us/turn",
        "metric",
        "us/turn",
        "per-prefix",
        "us/turn",
    ]
    assert [line.split()[0] for line in lines[1:]] == ["2", "4"]


def test_turn_of_reads_a_string_args_record() -> None:
    """The issue's example: ``args`` given as a string no longer crashes reading a turn."""
    invocation = Invocation(
        invocation_id="inv",
        user_content=types.Content(role="user", parts=[types.Part(text="Book.")]),
        intermediate_data=IntermediateData.model_construct(
            tool_uses=[_part_call("book_table", '{"restaurant_id": "r01"}', "c1")],
            tool_responses=[],
            intermediate_responses=[],
        ),
    )
    (call,) = turn_of(invocation).tool_calls
    assert call.args == {UNREADABLE_ARGS: '"{\\"restaurant_id\\": \\"r01\\"}"'}
    assert not call.args_readable
