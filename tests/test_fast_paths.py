"""The short cuts judging takes for speed give what the long way gives, on generated inputs.

Each fast path is held to its slow twin: results built without validation equal validated ones
attribute by attribute; a score computed without a Fraction equals the Fraction's float; the
final word read from the reader's decoded plan equals the final word read from the text; ASCII
folded without translating equals the translated text, and any text folded run by run the text
folded character by character, and lowered without a substitution the substituted text; a plain
key its own key form; reason entries and ADK's rubric scores built without validation the usual
ones; a clock time read from the table the time written out; tool calls and responses built
from an event's JSON without validation equal validated ones, and so does a transcript of turns;
an event in ADK's usual shape read in one pass gives the turns (or the error) of the long way; a
dining plan's results judged once equal the plan judged afresh; the left-out patterns tried only
where a serving word stands find what ``finditer`` finds; a details table written without
escaping each cell equals the cell-by-cell one; a verdict line whose verdict pydantic's
serializer wrote parses to the line written the long way.
"""

from __future__ import annotations

import json
import re
import unicodedata
from types import MappingProxyType
from typing import Any

import pytest
from anyascii import anyascii
from google.adk.evaluation.eval_rubrics import RubricScore
from hypothesis import example, given
from hypothesis import strategies as st
from pydantic import ValidationError

from checkers.adk.custom_metric import _rubric_score
from checkers.answers import key_form, plain_key, read_json_object
from checkers.details import _md_cell, verdict_markdown
from checkers.events import EventsError, _plain_event, conversation_turns
from checkers.final_word import final_word, plan_span
from checkers.frozen import unvalidated
from checkers.plan_words import CAMEL
from checkers.reasons import ReasonEntry, _entry
from checkers.results import (
    Aggregation,
    AnswerProblem,
    Finding,
    Outcome,
    RequirementResult,
    SubjectResult,
    Verdict,
)
from checkers.score import SessionVerdict, _json_line, verdict_line
from checkers.sessions import RecordedSession
from checkers.text import (
    _ASCII_DROPPED,
    _SPACES,
    LOOKALIKES,
    _dropped,
    fold,
    fold_lower,
    matches_from,
    without_surrogates,
)
from checkers.transcript import ToolCall, ToolResponse, Transcript, Turn
from domains.dining import left_out as dining_left_out
from domains.dining.judge import PLAN_KEYS, _plan_subjects, judge_guests, plan_vocabulary
from domains.dining.models import _clock_text, clock
from domains.dining.scenarios import DINING
from tests.test_hostile_corpus import ROWS

texts = st.text(st.characters(codec="utf-8"), max_size=30)
outcomes = st.sampled_from(list(Outcome))
requirements = st.none() | st.dictionaries(st.text(max_size=8), st.integers() | texts, max_size=3)
results = st.builds(
    RequirementResult, texts, outcomes, texts, texts, requirements, st.just(())
) | st.builds(
    RequirementResult,
    texts,
    outcomes,
    texts,
    texts,
    requirements,
    st.lists(st.builds(Finding, texts, texts, texts), max_size=2).map(tuple),
)
result_tuples = st.lists(results, max_size=6).map(tuple)
subjects = st.builds(SubjectResult.of, texts, texts, result_tuples)
problems = st.lists(st.builds(AnswerProblem, code=texts, message=texts), max_size=2).map(tuple)
answers = st.none() | st.dictionaries(texts, st.integers() | texts | st.none(), max_size=4)


def same_model(fast: Any, slow: Any) -> None:
    """``fast`` and ``slow`` are the same model in every way a reader can see."""
    assert type(fast) is type(slow)
    assert fast == slow
    assert fast.__dict__ == slow.__dict__
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.__pydantic_extra__ == slow.__pydantic_extra__
    assert fast.__pydantic_private__ == slow.__pydantic_private__
    assert fast.model_dump_json(indent=2) == slow.model_dump_json(indent=2)
    assert repr(fast) == repr(slow)


@given(texts, texts, result_tuples)
def test_a_subject_built_without_validation_is_the_validated_one(
    subject_id: str, name: str, results: tuple[RequirementResult, ...]
) -> None:
    fast = SubjectResult.of(subject_id, name, results)
    slow = SubjectResult(subject_id=subject_id, name=name, results=results)
    same_model(fast, slow)
    assert fast.satisfied == slow.satisfied
    assert type(fast.model_validate_json(fast.model_dump_json())) is SubjectResult


@given(
    texts,
    texts,
    st.floats(0.01, 1.0),
    st.lists(subjects, max_size=5).map(tuple),
    answers,
    problems,
    st.lists(texts, max_size=2).map(tuple),
)
def test_a_verdict_built_without_validation_is_the_validated_one(
    metric: str,
    scenario_id: str,
    threshold: float,
    subjects: tuple[SubjectResult, ...],
    answer: dict[str, Any] | None,
    problems: tuple[AnswerProblem, ...],
    notes: tuple[str, ...],
) -> None:
    fast = Verdict.of(
        "dining",
        metric,
        scenario_id,
        threshold,
        subjects,
        answer=answer,
        problems=problems,
        notes=notes,
    )
    slow = Verdict(
        domain="dining",
        metric=metric,
        scenario_id=scenario_id,
        threshold=threshold,
        subjects=subjects,
        answer=answer,
        problems=problems,
        notes=notes,
    )
    same_model(fast, slow)
    for name in ("score", "passed", "satisfied_count", "unscored", "counted"):
        assert getattr(fast, name) == getattr(slow, name)
    assert fast.summary("guest") == slow.summary("guest")
    assert Verdict.model_validate_json(fast.model_dump_json()) == slow


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("threshold", 1),  # an int: validation makes it 1.0, which a dump shows
        ("subjects", [SubjectResult.of("a", "Ana", ())]),  # a list: validation makes a tuple
        ("notes", ["a note"]),
        ("answer", {1: "a key that is no string"}),
        ("problems", ("not a problem",)),
    ],
)
def test_a_verdict_of_other_types_is_validated_as_before(field: str, value: Any) -> None:
    values: dict[str, Any] = {
        "domain": "dining",
        "metric": "everyone_ate",
        "scenario_id": "s",
        "threshold": 1.0,
        "subjects": (),
        "answer": None,
        "problems": (),
        "notes": (),
        field: value,
    }
    positional = [values.pop(k) for k in ("domain", "metric", "scenario_id", "threshold")]
    positional.append(values.pop("subjects"))
    names = ("domain", "metric", "scenario_id", "threshold", "subjects")
    try:
        slow = Verdict(**dict(zip(names, positional, strict=True)), **values)
    except ValidationError:
        with pytest.raises(ValidationError):
            Verdict.of(*positional, **values)
        return
    same_model(Verdict.of(*positional, **values), slow)


def test_a_subject_with_a_wrong_value_is_still_refused() -> None:
    with pytest.raises(ValidationError):
        SubjectResult.of("a", 5, ())  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        SubjectResult.of("a", "Ana", ("not a result",))  # type: ignore[arg-type]


@given(texts, texts, texts, requirements)
def test_result_constructors_equal_the_dataclass(
    kind: str, code: str, reason: str, requirement: dict[str, Any] | None
) -> None:
    for make, outcome in (
        (RequirementResult.passed, Outcome.PASS),
        (RequirementResult.failed, Outcome.FAIL),
        (RequirementResult.incomplete, Outcome.INCOMPLETE),
        (RequirementResult.unscored, Outcome.UNSCORED),
    ):
        made = make(kind, code, reason, requirement=requirement)
        slow = RequirementResult(kind, outcome, code, reason, requirement)
        assert type(made) is RequirementResult
        assert made == slow
        assert repr(made) == repr(slow)
        assert made.findings == ()


@pytest.mark.parametrize("aggregation", list(Aggregation))
def test_the_score_is_the_float_of_its_fraction(aggregation: Aggregation) -> None:
    met = RequirementResult.passed("k", "ok", "met")
    unmet = RequirementResult.failed("k", "no", "not met")
    for counted in range(0, 41):
        for hits in range(0, counted + 1):
            people = tuple(
                SubjectResult.of(str(i), f"S{i}", (met if i < hits else unmet,))
                for i in range(counted)
            )
            verdict = Verdict(
                domain="d",
                metric="m",
                scenario_id="s",
                threshold=1.0,
                subjects=people,
                aggregation=aggregation,
            )
            assert verdict.score == float(verdict.score_fraction)


def test_cached_values_are_computed_afresh_for_a_copy() -> None:
    met = RequirementResult.passed("k", "ok", "met")
    unmet = RequirementResult.failed("k", "no", "not met")
    verdict = Verdict.of("d", "m", "s", 1.0, (SubjectResult.of("a", "A", (met,)),))
    assert verdict.passed and verdict.score == 1.0
    broken = verdict.model_copy(update={"subjects": (SubjectResult.of("a", "A", (unmet,)),)})
    assert not broken.passed and broken.score == 0.0


@given(st.text(st.characters(max_codepoint=127)))
def test_ascii_folded_without_translating_is_the_translated_text(text: str) -> None:
    assert fold(text) == text.translate(_ASCII_DROPPED)


def _fold_char_by_char(text: str) -> str:
    """:func:`fold`'s long way: every character walked, the whole text transliterated."""
    sighted = without_surrogates(text).translate(LOOKALIKES)
    normal = unicodedata.normalize("NFKC", sighted).translate(LOOKALIKES)
    return anyascii("".join(c for c in normal if not _dropped(c)))


MIXED = st.text(
    st.characters(codec="utf-8")
    | st.sampled_from(
        ["\u200b", "\u00ad", "\u202e", "\ufeff", "\x00", "\x7f", "\n", "\t", "\u0435"]
    )
    | st.characters(max_codepoint=127),
    max_size=40,
)


@given(MIXED)
def test_text_folded_run_by_run_is_the_text_folded_char_by_char(text: str) -> None:
    assert fold(text) == _fold_char_by_char(text)


SPACED = st.text(
    st.sampled_from([" ", "\t", "\u00a0", "\n", "a", "B", "_", "1", "\u0435", "\u200b"]),
    max_size=12,
)
"""Keys and texts of spaces, tabs, letters, look-alikes and invisible characters."""


@given(MIXED | SPACED)
def test_text_folded_lower_without_substituting_is_the_substituted_text(text: str) -> None:
    assert fold_lower(text) == _SPACES.sub(" ", fold(text).lower())


@given(MIXED | SPACED | st.from_regex(r"[a-z_][a-z0-9_]*", fullmatch=True))
def test_a_plain_key_is_its_own_key_form(key: str) -> None:
    assert key_form(key) == fold_lower(key).strip()
    if plain_key(key):
        assert fold_lower(CAMEL.sub("_", key)) == key


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=6,
)
"""Any JSON value, as an event's fields may hold."""
_NAMES = texts | st.none() | st.integers() | st.just(["a"])


@given(
    _NAMES,
    _JSON | st.dictionaries(st.integers(), texts, max_size=2),
    _NAMES,
    st.none() | st.integers(0, 99),
    st.none() | texts,
)
def test_a_tool_call_built_without_validation_is_the_validated_one(
    name: Any, args: Any, call_id: Any, message: int | None, beside_text: str | None
) -> None:
    fast = ToolCall.of(name, args, call_id, message, beside_text)
    slow = ToolCall(name=name, args=args, call_id=call_id, message=message, beside_text=beside_text)
    same_model(fast, slow)
    assert fast.args is not args  # the model holds its own dict, not the event's


@given(_NAMES, _JSON | st.dictionaries(st.integers(), texts, max_size=2), _NAMES)
def test_a_tool_response_built_without_validation_is_the_validated_one(
    name: Any, response: Any, call_id: Any
) -> None:
    fast = ToolResponse.of(name, response, call_id)
    slow = ToolResponse(name=name, response=response, call_id=call_id)
    same_model(fast, slow)
    assert fast.outcome == slow.outcome
    assert fast.response is not response


_CALLS = st.builds(ToolCall.of, _NAMES, _JSON, _NAMES)
_RESPONSES = st.builds(ToolResponse.of, _NAMES, _JSON, _NAMES)
_TURNS = st.builds(
    Turn,
    user_text=st.none() | texts,
    earlier_user_texts=st.lists(texts, max_size=2).map(tuple),
    tool_calls=st.lists(_CALLS, max_size=3).map(tuple),
    tool_responses=st.lists(_RESPONSES, max_size=3).map(tuple),
    agent_text=st.none() | texts,
    interim_texts=st.lists(st.tuples(st.integers(0, 3), texts), max_size=2).map(tuple),
)


@given(st.lists(_TURNS, min_size=1, max_size=3))
def test_a_transcript_of_turns_built_without_validation_is_the_validated_one(
    turns: list[Turn],
) -> None:
    fast = Transcript.from_turns(turns)
    slow = Transcript(
        final_text=turns[-1].agent_text,
        tool_calls=tuple(c for t in turns for c in t.tool_calls),
        tool_responses=tuple(r for t in turns for r in t.tool_responses),
        user_texts=tuple(t.user_text or "" for t in turns),
        turns=tuple(turns),
    )
    same_model(fast, slow)
    assert fast.pairing == slow.pairing


def test_no_model_built_without_validation_defines_its_own_new() -> None:
    """``unvalidated`` makes an instance with ``object.__new__``: sound only for a model that
    does not define ``__new__``, as none does (a subclass added later that did would be built
    wrongly)."""
    models = [RubricScore, SubjectResult, Verdict, ToolCall, ToolResponse, Transcript]
    assert all(model.__new__ is object.__new__ for model in models)
    built = unvalidated(ToolResponse, {"name": "n", "call_id": None, "response": {}}, {"name"})
    same_model(built, ToolResponse.model_construct({"name"}, name="n", call_id=None, response={}))


@given(texts, texts, st.none() | st.floats(allow_nan=False) | st.sampled_from([0.0, 1.0]))
def test_reason_entries_and_rubric_scores_built_without_validation_are_the_usual_ones(
    rubric_id: str, rationale: str, score: float | None
) -> None:
    fast, slow = _entry(rubric_id, rationale, score), ReasonEntry(rubric_id, rationale, score)
    assert type(fast) is ReasonEntry
    assert fast == slow and fast.__dict__ == slow.__dict__ and hash(fast) == hash(slow)
    expected = RubricScore(rubric_id=slow.rubric_id, rationale=slow.rationale, score=slow.score)
    same_model(_rubric_score(fast), expected)
    same_model(_rubric_score(slow), expected)
    assert _rubric_score(fast).model_dump(by_alias=True) == expected.model_dump(by_alias=True)


@given(st.integers(-5000, 9000))
def test_a_clock_read_from_the_table_is_the_clock_written_out(minutes: int) -> None:
    assert clock(minutes) == _clock_text(minutes)


# --- the final word from the reader's decoded plan ---------------------------------------------

STORY = DINING.load_scenario("story-six")
PLACES = [ref for r in STORY.restaurants[:6] for ref in (r.id, r.name)]
FRAGMENTS = [
    "Actually, skip dinner.",
    "We did NOT book {place}.",
    "{place} is fully booked.",
    "Alternatively, {place} at 18:30.",
    "Correction: 19:00.",
    "Enjoy!",
    "No plan satisfies everyone.",
    "or {place}",
    "If anyone is late, call us.",
    "Shall I cancel it?",
    "Make that 20:00.",
    "Here is the plan:",
    "\n",
    '{{"note": "{place} instead"}}',
    "[1, 2]",
    '"',
    "{{",
]
plan_values = st.fixed_dictionaries(
    {"restaurant": st.sampled_from(PLACES), "time": st.sampled_from(["17:30", "19:00"])},
    optional={
        "note": st.sampled_from(["window seat", "r04 is closed", "backup: r05", "booked", "ok"]),
        "dishes": st.lists(st.sampled_from(["Dal", "Naan", "scratch that"]), max_size=2),
        "backup": st.sampled_from(["", "r02", None]),
    },
)


@st.composite
def plan_texts(draw: st.DrawFn) -> str:
    """A final text with one plan object among fragments of prose (honest and not)."""
    plan = json.dumps(draw(plan_values))
    words = [
        f.format(place=draw(st.sampled_from(PLACES)))
        for f in draw(st.lists(st.sampled_from(FRAGMENTS), max_size=5))
    ]
    words.insert(
        draw(st.integers(0, len(words))), draw(st.sampled_from([plan, f"```json\n{plan}\n```"]))
    )
    return " ".join(words)


def final_word_both_ways(text: str) -> tuple[Any, Any] | None:
    """The final word on ``text``'s plan read again from the text, and from the reader's
    decoded value; None when the reader finds no one plan."""
    found, scan = read_json_object(text, plan_keys=PLAN_KEYS)
    if not isinstance(found, dict) or scan is None:
        return None
    span = plan_span(text, scan)
    if span is None or span not in scan.values:
        return None
    vocabulary = plan_vocabulary(found, STORY)
    return (
        final_word(text, span, vocabulary, found),
        final_word(text, span, vocabulary, found, scan.values[span]),
    )


@given(plan_texts())
def test_the_final_word_from_the_decoded_plan_is_the_final_word_from_the_text(text: str) -> None:
    both = final_word_both_ways(text)
    if both is not None:
        assert both[0] == both[1]


def test_the_final_word_from_the_decoded_plan_agrees_on_the_hostile_corpus() -> None:
    finals = [
        turn["final"]
        for row in ROWS
        for turn in row.get("invocations", [])
        if isinstance(turn.get("final"), str)
    ]
    compared = [both for text in finals if (both := final_word_both_ways(text)) is not None]
    assert len(compared) > 50
    assert all(slow == fast for slow, fast in compared)


# --- details tables ------------------------------------------------------------------------------

special_texts = st.text(st.sampled_from("ab |&<>\n\u00e9"), max_size=12)


def cell_by_cell_rows(verdict: Verdict) -> list[str]:
    """The table rows as written before the one-search short cut: every cell escaped."""
    rows = []
    for subject in verdict.subjects:
        mark = "satisfied" if subject.satisfied else "NOT satisfied"
        who = _md_cell(f"{subject.name} ({mark})")
        marks = {"pass": "pass", "fail": "**FAIL**", "incomplete": "*incomplete*"}
        marks["unscored"] = "*unscored*"
        rows += [
            f"| {who} | {r.kind} | {marks[r.outcome.value]} | {_md_cell(r.reason)} |"
            for r in subject.results
        ]
    return rows


@given(
    st.lists(
        st.builds(
            SubjectResult.of,
            st.just("id"),
            special_texts,
            st.lists(
                st.builds(RequirementResult.failed, st.just("diet"), st.just("x"), special_texts)
                | st.builds(
                    RequirementResult.passed, st.just("spice"), st.just("y"), special_texts
                ),
                max_size=3,
            ).map(tuple),
        ),
        min_size=1,
        max_size=4,
    ).map(tuple)
)
def test_a_table_written_in_one_search_is_the_table_escaped_cell_by_cell(
    subjects: tuple[SubjectResult, ...],
) -> None:
    verdict = Verdict.of("d", "m", "s", 1.0, subjects)
    written = verdict_markdown(verdict, "Invocation 1 of 1", "guest").split("\n")
    table = written[written.index("|---|---|---|---|") + 1 : -1]
    assert table == cell_by_cell_rows(verdict)


# --- checking every requirement in one call -----------------------------------------------------


def test_check_each_is_check_of_each_requirement() -> None:
    from domains.dining.checks import DiningContext, checks

    for guest in STORY.group.guests:
        for place in STORY.restaurants[:5]:
            ctx = DiningContext(guest, STORY.group, place, 19 * 60)
            each = checks.check_each(guest.requirements, ctx)
            assert each == [checks.check(r, ctx) for r in guest.requirements]


def test_check_each_refuses_a_kind_without_a_check_as_check_does() -> None:
    from typing import Literal

    from checkers.requirements import CheckRegistry, Requirement

    class Unchecked(Requirement):
        kind: Literal["unchecked"] = "unchecked"

    registry: CheckRegistry[None] = CheckRegistry("test")
    with pytest.raises(LookupError) as one:
        registry.check(Unchecked(), None)
    with pytest.raises(LookupError) as each:
        registry.check_each([Unchecked()], None)
    assert str(each.value) == str(one.value)
    assert "no check registered for requirement kind 'unchecked'" in str(one.value)


_HOSTILE_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([5000, -4400, 20]).map(
        lambda digits: (-1 if digits < 0 else 1) * 10 ** abs(digits)
    )
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["\ud800", "NaN", "Infinity", "é 名"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
"""JSON values an agent or a scenario may put in a verdict, with what strict JSON cannot hold
as it is: non-finite numbers, integers longer than a JSON reader takes, lone surrogates."""


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@given(
    texts,
    st.lists(subjects, max_size=3).map(tuple),
    st.none() | st.dictionaries(st.text(max_size=4), _HOSTILE_JSON, max_size=3),
    st.floats(0, 1),
    st.sampled_from([0, 0, 0, 100, 5000]),
    st.sampled_from([1.0, 0.5]) | st.floats(),
)
def test_a_verdict_line_by_the_serializer_is_the_line_written_the_long_way(
    session_id: str,
    subjects: tuple[SubjectResult, ...],
    answer: dict[str, Any] | None,
    score: float,
    depth: int,
    threshold: float,
) -> None:
    if answer is not None and depth:
        answer["deep"] = _deep(depth)
    verdict = Verdict.of("dining", "everyone_ate", "s", threshold, subjects, answer=answer)
    one = SessionVerdict(
        RecordedSession(session_id, "dining", "u", ()), "everyone_ate", verdict, score, False
    )
    fast, slow = verdict_line(one), _json_line(one.as_json())

    def refuse(constant: str) -> None:
        raise AssertionError(f"not strict JSON: {constant}")

    assert json.loads(fast, parse_constant=refuse) == json.loads(slow, parse_constant=refuse)
    assert "\n" not in fast
    fast.encode("utf-8")  # no lone surrogate


# --- reading a session's events ------------------------------------------------------------------

_PARTS = st.one_of(
    st.fixed_dictionaries(
        {"text": texts},
        optional={"thought": st.sampled_from([True, False, None, "false", 1, 2])},
    ),
    st.fixed_dictionaries(
        {
            "function_call": st.none()
            | st.fixed_dictionaries({"name": _NAMES, "args": _JSON, "id": _NAMES})
            | st.just("a call")
        }
    ),
    st.fixed_dictionaries(
        {
            "function_response": st.none()
            | st.fixed_dictionaries({"name": _NAMES, "response": _JSON, "id": _NAMES})
        }
    ),
    st.fixed_dictionaries({"functionCall": st.fixed_dictionaries({"name": _NAMES})}),
    st.sampled_from([{"text": 5}, {}, "not a part"]),
)
_CONTENTS = (
    st.none()
    | texts
    | st.fixed_dictionaries(
        {},
        optional={
            "role": st.sampled_from(["user", "model"]),
            "parts": st.none() | st.lists(_PARTS, max_size=3) | st.just("parts"),
        },
    )
)
_EVENTS = st.fixed_dictionaries(
    {},
    optional={
        "author": st.sampled_from(["user", "USER", "agent", "", None, 3]),
        "content": _CONTENTS,
    },
)

_PLAIN_PARTS = st.one_of(
    st.fixed_dictionaries({"text": texts}, optional={"thought": st.sampled_from([True, False])}),
    st.fixed_dictionaries(
        {"function_call": st.fixed_dictionaries({"name": _NAMES, "args": _JSON, "id": _NAMES})}
    ),
    st.fixed_dictionaries(
        {"function_response": st.fixed_dictionaries({"name": _NAMES, "response": _JSON})}
    ),
)
_PLAIN_EVENTS = st.fixed_dictionaries(
    {
        "author": st.sampled_from(["user", "agent"]),
        "content": st.fixed_dictionaries({"parts": st.lists(_PLAIN_PARTS, max_size=3)}),
    }
)
"""Events in ADK's usual shape, read in one pass (the others are mostly read the long way)."""


def _turns_or_error(events: list[Any]) -> Any:
    try:
        return conversation_turns(events)
    except EventsError as error:
        return error.code, str(error)


@given(st.lists(_PLAIN_EVENTS | _EVENTS | st.just(5), max_size=6))
def test_events_read_in_one_pass_are_read_as_the_long_way_reads_them(events: list[Any]) -> None:
    """The one-pass reading of an event in ADK's usual shape (:func:`_plain_event`) gives the
    turns, or the error, that the long way gives: an event that is a mapping but no dict is
    read the long way."""
    long_way = [MappingProxyType(e) if isinstance(e, dict) else e for e in events]
    assert _turns_or_error(events) == _turns_or_error(long_way)


def test_an_event_in_the_usual_shape_is_read_in_one_pass() -> None:
    event = {
        "author": "agent",
        "content": {"parts": [{"text": "Looking."}, {"function_call": {"name": "f", "id": "1"}}]},
    }
    assert _plain_event(event) == (2, False, "Looking.", "Looking.", [{"name": "f", "id": "1"}], [])
    assert _plain_event({**event, "author": ""}) is None  # whose it is: read the long way


# --- judging a dining plan -----------------------------------------------------------------------


@given(st.sampled_from(sorted(DINING.scenario_ids())), st.data())
def test_a_plan_judged_once_is_the_plan_judged_afresh(
    scenario_id: str, data: st.DataObject
) -> None:
    scenario = DINING.load_scenario(scenario_id)
    place = data.draw(st.sampled_from(scenario.restaurants))
    minute = data.draw(st.integers(0, 24 * 60 - 1))
    remembered = _plan_subjects(scenario, place, minute)
    assert remembered == judge_guests(scenario, place, minute)
    assert _plan_subjects(scenario, place, minute) is remembered


_SAID = st.sampled_from(
    ["works", "suits", "fits", "okay", "ok", "look", "good", "fine", "for", "5", "five", "of",
     "out of", "the", "6", "/", "everyone", "all", "except", "but", "raj", "xworks", "é"]
)  # fmt: skip
_SEPARATORS = st.sampled_from([" ", "  ", "\n", "", ", "])


@given(st.lists(st.tuples(_SAID, _SEPARATORS), max_size=12) | st.lists(st.tuples(texts, texts)))
def test_the_left_out_patterns_tried_at_serving_words_find_what_finditer_finds(
    said: list[tuple[str, str]],
) -> None:
    folded = fold("".join(word + separator for word, separator in said)).casefold()
    starts = dining_left_out._serving_words(folded)
    for pattern in (dining_left_out._SERVES_SOME, dining_left_out._SERVES_ALL_BUT):
        fast = [m.span() for m in matches_from(pattern, folded, starts)]
        assert fast == [m.span() for m in pattern.finditer(folded)]


_GUEST_SAID = st.sampled_from(
    ["ana", "raj", "björn", "he", "she", "hehe", "shea", "banana", "ana's", "will", "be", "late",
     "can't", "make", "it", "join", "for", "dessert", "just", "have", "a", "side", "salad",
     "skip", "the", "cheese", "course", "is", "optional", "only", "option", "sit", "this", "one",
     "out", "arrive", "after", "everyone", "else", "'ll", "miss", "eat", "beforehand", "x",
     "lopez", "helen", "he-man", "-man", "only", "option", "is", "jo"]
)  # fmt: skip


_GROUPS = st.sampled_from(
    [("ana", "raj", "björn"), ("ana lopez", "björn", "ana", "raj"), ("helen", "he-man", "raj"),
     ("jo will", "jo", "raj")]
)  # fmt: skip


@given(
    st.lists(st.tuples(_GUEST_SAID, _SEPARATORS), max_size=14) | st.lists(st.tuples(texts, texts)),
    _GROUPS,
)
@example(
    [("jo", " "), ("will", " "), ("join", " "), ("for", " "), ("dessert", "")], ("jo will", "jo")
)
def test_the_guest_led_words_tried_after_each_guest_find_what_finditer_finds(
    said: list[tuple[str, str]], names: tuple[str, ...]
) -> None:
    """Each tail of ``_LED`` tried after the guests read at each guest start finds what the
    whole pattern, the guest alternation then the tail, finds: with names that start where
    another does ("ana" and "ana lopez", "he" and "he-man") too."""
    folded = fold("".join(word + separator for word, separator in said)).casefold()
    names = tuple(sorted(names, key=len, reverse=True))
    guests = dining_left_out._guests(names)
    starts = dining_left_out._guest_starts(guests.start, folded)
    alternation = "|".join(names)
    leaders = {
        "guest": dining_left_out._guest(alternation),
        "person": dining_left_out._person(alternation),
        "owner": rf"(?<!\w)(?:{alternation})'s",
        "name": rf"(?<!\w)(?:{alternation})",
    }
    for led in (*dining_left_out._LED, dining_left_out._NAME_ABSENT):
        lead = leaders[led.leader]
        whole = re.compile(rf"{lead}(?:{led.tail.pattern})")
        fast = dining_left_out._led_spans(led, guests, folded, starts)
        assert [m.span() for m in fast] == [m.span() for m in whole.finditer(folded)]
