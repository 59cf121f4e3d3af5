"""Hostile answers to the answer readers: several answers offered at once, and text built to crash.

The rule under test (issue 12, class 5 and the "plan and no-plan claim" item of class 9): an
answer that offers more than one plan or slot, in any textual form a reader accepts, a JSON object
with a duplicate key, or a non-finite number written any way never passes; the readers scan the
whole bounded text in linear time and never raise.
"""

from __future__ import annotations

import contextlib
import itertools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.answers import MAX_JSON_DEPTH, MAX_RESPONSE_CHARS, extract_json_object, scan_json
from checkers.results import AnswerProblem
from checkers.transcript import Transcript
from domains.dining.judge import (
    PLAN_KEYS,
    NoPlanClaim,
    judge_everyone_ate,
    read_answer,
    says_no_plan,
)
from domains.dining.scenarios import DINING
from domains.scheduling.answers import read_answer as read_slot
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.scenarios import SCHEDULING

STORY = DINING.load_scenario("story-six")
INFEASIBLE = DINING.load_scenario("no-plan-fits")
GOOD_PLANS = ({"restaurant": "r03", "time": "17:30"}, {"restaurant": "r20", "time": "19:00"})
"""Two different plans that each serve every guest of story-six on their own."""
NP6 = SCHEDULING.load_scenario("np-6")
NP6_SLOTS = (("Monday", "14:30", "15:30"), ("Monday", "15:00", "16:00"))
"""Two different slots that each work for everyone in np-6 on their own."""


def code(found: Any) -> str | None:
    return found.code if isinstance(found, AnswerProblem) else None


def plan_text(plan: dict[str, str]) -> str:
    return json.dumps(plan)


def test_each_plan_and_slot_passes_on_its_own() -> None:
    """The tests below are meaningful: picking either answer would pass."""
    for plan in GOOD_PLANS:
        assert judge_everyone_ate(STORY, Transcript(final_text=plan_text(plan)), 1.0).passed
    for day, start, end in NP6_SLOTS:
        text = f"Here is the proposed time: {day}, {start} - {end}"
        assert judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed


# --- the core reader ----------------------------------------------------------------------------

A, B = (plan_text(p) for p in GOOD_PLANS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"restaurant": "r01", "restaurant": "r03", "time": "17:30"}', "duplicate_key"),
        ('{"restaurant": "r03", "time": "17:30", "time": "19:00"}', "duplicate_key"),
        ('{"restaurant": "r03", "time": "17:30", "x": {"a": 1, "a": 1}}', "duplicate_key"),
        ('{"restaurant": "r03", "time": "17:30", "x": [{"k": 1, "k": 2}]}', "duplicate_key"),
        ('{"restaurant": "r03", "Restaurant": "r20", "time": "17:30"}', "duplicate_key"),
        ('{"restaurant": "r03", "restaurant\\u200b": "r20", "time": "17:30"}', "duplicate_key"),
        ('{"restaurant": "r03", "restaur\\u0430nt": "r20", "time": "17:30"}', "duplicate_key"),
        ('{"restaurant": "r03", "restaur\\u0061nt": "r20", "time": "17:30"}', "duplicate_key"),
        ('{"restaurant": "r03", "time": "17:30", "p": NaN}', "non_finite_number"),
        ('{"restaurant": "r03", "time": "17:30", "p": -Infinity}', "non_finite_number"),
        ('{"restaurant": "r03", "time": "17:30", "p": 1e999}', "non_finite_number"),
        ('{"restaurant": "r03", "time": "17:30", "p": -1e400}', "non_finite_number"),
        ('{"restaurant": "r03", "time": "17:30", "p": 1E+309}', "non_finite_number"),
        ('{"restaurant": "r03", "time": "17:30", "p": 12.5e99999999}', "non_finite_number"),
        ('{"restaurant": "r03", "time": "17:30", "p": [[[1e999]]]}', "non_finite_number"),
        ('{"restaurant": "r03", "time": "17:30", "p": ' + "9" * 5000 + "}", "number_too_large"),
        (A + "\n" + "{" * 2000 + B, "several_json_objects"),
        (A + "\n" + "{" * 20_000 + B, "several_json_objects"),
        (A + '\n{"a": [0, 0, 0' * 3000 + "\n" + B, "several_json_objects"),
        (A + '\n{"a": [0, ' * 3000 + "\n" + B, "nesting_too_deep"),
        (A + ' He said "hi {there}. ' + B, "several_json_objects"),
        (f"```json\n{A}\n```\n```json\n[{B}]\n```", "several_json_objects"),
        (f"```json\n[{B}]\n```\nor\n```json\n{A}\n```", "several_json_objects"),
        (f"{A} or any of [{A}, {B}]", "several_json_objects"),
        (f"{A} or [[{B}]]", "several_json_objects"),
        (f"[{A}, {B}]", "answer_not_object"),
        ('{"restaurant": "r03", "time": "17:30", "options": [' + B + "]}", "several_json_objects"),
        (
            '{"restaurant": "r03", "time": "17:30", "else": {"time": "19:00"}}',
            "several_json_objects",
        ),
        ('{"plan": ' + A + ', "backup": ' + B + "}", "several_json_objects"),
        ("[" * (MAX_RESPONSE_CHARS + 1), "response_too_large"),
        ("[" * 99_999, "nesting_too_deep"),
        ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "nesting_too_deep"),
        ('{"a":' * 10_000 + "1" + "}" * 10_000, "nesting_too_deep"),
        (A + "\n" + "[" * 5_000 + B + "]" * 5_000, "nesting_too_deep"),
    ],
    ids=lambda v: str(v)[:40] if isinstance(v, str) else None,
)
def test_several_answers_and_unreadable_json_are_problems(text: str, expected: str) -> None:
    assert code(extract_json_object(text, plan_keys=PLAN_KEYS)) == expected


@pytest.mark.parametrize(
    "text",
    [
        A,
        f"{A} and again {A}",
        f"```json\n{A}\n```\n\nSo: {A}",
        f"Footnote [1] and [2, 3]: {A}",
        "{" * 3000 + A,
        f'Ana said "hello. {A}',
        '{"restaurant": "r03", "time": "17:30", "note": "bring {} and [1, 2]"}',
        '{"restaurant": "r03", "time": "17:30", "why": "\\"quoted\\" {\\"restaurant\\": 1}"}',
        '{"restaurant": "r03", "time": "17:30", "same": {"restaurant": "r03", "time": "17:30"}}',
        '{"restaurant": "r03", "time": "17:30", "guests": [{"name": "Ana", "dish": "x"}]}',
        '{"restaurant": "r03", "time": "17:30", "p": 1e308, "n": -0.0, "i": ' + "9" * 300 + "}",
    ],
    ids=lambda v: v[:40],
)
def test_one_plan_is_still_read(text: str) -> None:
    found = extract_json_object(text, plan_keys=PLAN_KEYS)
    assert isinstance(found, dict), found
    assert (found["restaurant"], found["time"]) == ("r03", "17:30")


# --- the scan is linear -------------------------------------------------------------------------

ADVERSARIAL = {
    "open braces": "{",
    "open brackets": "[",
    "unclosed arrays": '{"a": [0, ',
    "strings holding braces": '{"a": "{"',
    "quotes": '"',
    "backslashes": '\\\\\\"',
    "broken nests": '{"a":{"a":{}1}1}',
    "keys": '{"k": {"k": ',
    "numbers": "[1e5, -0.5, ",
}


@pytest.mark.parametrize("unit", ADVERSARIAL.values(), ids=list(ADVERSARIAL))
def test_the_scan_does_work_linear_in_the_text(unit: str) -> None:
    """By construction, counted: the work per character is bounded, and doubling the text at
    most doubles the work (a quadratic scan would quadruple it)."""
    steps = []
    for size in (10_000, 20_000, 40_000, 80_000):
        text = (unit * (size // len(unit) + 1))[:size]
        steps.append(scan_json(text).steps)
        assert steps[-1] <= 8 * size, (unit, size, steps[-1])
    for small, large in itertools.pairwise(steps):
        assert large <= 2.2 * small + 10


def test_a_plan_after_the_whole_text_of_stray_braces_is_found() -> None:
    filler = "{" * (MAX_RESPONSE_CHARS - 2 * len(A) - 10)
    assert code(extract_json_object(f"{A}\n{filler}\n{B}")) == "several_json_objects"


# --- the scan agrees with a brute-force reader --------------------------------------------------

_FRAGMENTS = st.sampled_from(
    [
        *("{", "}", "[", "]", '"', ":", ",", "\\", " ", "a", "1", "0", "-", ".", "e", "true"),
        *("NaN", '"k"', '"k":', "\n", "\x01", "{}", "[]", '{"k": 1}', "[1, 2]"),
    ]
)


def _brute_force_spans(text: str) -> list[tuple[int, int]]:
    """Every JSON object or array that decodes from some position, outermost only."""
    decoder = json.JSONDecoder()
    spans = []
    for start, char in enumerate(text):
        if char in "{[":
            with contextlib.suppress(ValueError):
                spans.append((start, decoder.raw_decode(text, start)[1]))
    return [s for s in spans if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in spans)]


@settings(max_examples=300, deadline=None)
@given(st.lists(_FRAGMENTS, max_size=40).map("".join))
def test_the_scan_finds_exactly_the_values_a_brute_force_reader_finds(text: str) -> None:
    scan = scan_json(text)
    assert scan.too_deep_at is None
    assert scan.spans == _brute_force_spans(text)


# --- dining: a plan and a no-plan claim at once -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "It is simply false that no plan satisfies everyone: book r04 at 18:00.",
            "plan_and_no_plan",
        ),
        ("It is simply false that no plan satisfies everyone.", "no_plan_claim_not_plain"),
        ("No plan satisfies everyone. Book r04 at 18:00 anyway.", "plan_and_no_plan"),
        ("No plan satisfies everyone; Zaytoun Halal Grill comes closest.", "plan_and_no_plan"),
        ("no plan satisfies everyone? Wrong, try r04.", "plan_and_no_plan"),
        ("no plan satisfies everyone?", "no_plan_claim_not_plain"),
        ("Who says no plan satisfies everyone", "no_plan_claim_not_plain"),
        ("No plan satisfies everyone except the one at 18:00.", "no_plan_claim_not_plain"),
        (f"No plan satisfies everyone, but try {B}", "plan_and_no_plan"),
        ('{"no_plan": true, "restaurant": "r04", "time": "18:00"}', "plan_and_no_plan"),
        ('{"no_plan": "yes", "restaurant": "r04", "time": "18:00"}', "plan_and_no_plan"),
        (
            '{"restaurant": "r04", "time": "18:00", "note": "no plan satisfies everyone"}',
            "plan_and_no_plan",
        ),
        ('{"no_plan": true} {"restaurant": "r04", "time": "18:00"}', "several_json_objects"),
        ('{"no_plan": true, "fallback": {"restaurant": "r04"}}', "several_json_objects"),
        ('{"no_plan": true, "reason": "try r04 at 18:00"}', "plan_and_no_plan"),
        (
            '{"no_plan": true} It is false that no plan satisfies everyone.',
            "no_plan_claim_not_plain",
        ),
        ("N\u043e plan satisfies every\u200bone; b\u043e\u043ek r04.", "plan_and_no_plan"),
    ],
    ids=lambda v: v[:40],
)
def test_a_plan_and_a_no_plan_claim_at_once_is_two_answers(text: str, expected: str) -> None:
    found = read_answer(text, INFEASIBLE)
    assert code(found) == expected, found
    assert says_no_plan(text, INFEASIBLE)[0] is False
    for scenario in (INFEASIBLE, STORY):
        assert not judge_everyone_ate(scenario, Transcript(final_text=text), 1.0).passed


@pytest.mark.parametrize(
    "text",
    [
        "No plan satisfies everyone.",
        "I checked every restaurant and time: no plan satisfies everyone, sorry.",
        "NO PLAN  SATISFIES\nEVERYONE",
        "**No plan satisfies everyone.** Omar needs halal food and Lena is vegan.",
        '{"no_plan": true, "reason": "Omar and Lena cannot eat at the same place"}',
        "N\u043e plan satisfies every\u200bone.",
    ],
)
def test_a_plain_claim_is_still_read(text: str) -> None:
    assert isinstance(read_answer(text, INFEASIBLE), NoPlanClaim)
    assert says_no_plan(text, INFEASIBLE)[0] is True


def test_everyone_ate_reports_the_two_answers_problem() -> None:
    text = f"No plan satisfies everyone. {A}"
    verdict = judge_everyone_ate(STORY, Transcript(final_text=text), 1.0)
    assert not verdict.passed
    assert [p.code for p in verdict.problems] == ["plan_and_no_plan"]
    assert verdict.problems[0].message.startswith(
        "the answer says no plan satisfies everyone and also gives a plan (restaurant, time): "
        "that is two answers, and the checker will not pick one"
    )


# --- scheduling: several slots in any form ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Monday or Thursday, 14:30 - 15:30",
        "Thursday or Monday, 14:30 - 15:30",
        "Monday/Thursday, 14:30 - 15:30",
        "Monday|Tuesday, 14:30 - 15:30",
        "Monday & Tuesday, 14:30 - 15:30",
        "Monday, 14:30 - 15:30 or 15:00 - 16:00",
        "Monday, 14:30 - 15:30 / 15:00 - 16:00",
        "Monday between 14:30 and 15:30 or between 15:00 and 16:00",
        "Here is the proposed time: Monday, 14:30 - 15:30 or Monday, 15:00 - 16:00",
        "Here is the proposed time: Monday, 14:30 - 15:30 or Tuesday",
        "Here is the proposed time: Monday, 14:30 - 15:30 (or Tue)",
        "Here is the proposed time: Monday, 14:30 - 15:30.\nAlternatively, 15:00 works.",
        "Here is the proposed time: Monday, 14:30 - 15:30, else tomorrow at noon",
        "Monday, 14:30 - 15:30 or at 3pm",
        '{"day": "Monday", "day": "Tuesday", "start": "14:30", "end": "15:30"}',
        '{"day": "Monday", "start": "14:30", "start": "15:00", "end": "15:30"}',
        '{"day": "Monday", "start": "14:30", "end": "15:30", "or": "Tuesday"}',
        '{"day": "Monday", "start": "14:30", "end": "15:30", "alt": [{"start": "15:00"}]}',
        '{"day": "Monday", "start": "14:30", "end": "15:30"} or Monday, 15:00 - 16:00',
        '{"day": "Monday", "start": "14:30", "end": "15:30"}\n'
        + "{" * 2000
        + '{"day": "Monday", "start": "15:00", "end": "16:00"}',
        '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```\n```json\n'
        '[{"day": "Monday", "start": "15:00", "end": "16:00"}]\n```',
    ],
)
def test_several_slots_in_any_form_never_pass(text: str) -> None:
    found = read_slot(text)
    assert found.problems and found.problems[0].code in {
        "several_slots",
        "several_json_objects",
        "duplicate_key",
    }, found
    assert not judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed


@pytest.mark.parametrize(
    "text",
    [
        "Here is the proposed time: Monday, 14:30 - 15:30",
        "Tuesday is full. Here is the proposed time: Monday, 14:30 - 15:30",
        "Here is the proposed time: Monday, 2:30pm - 3:30pm (14:30 - 15:30).",
        "Monday, 14:30 - 15:30 works: Jerry is busy until 14:30.",
        '{"day": "MONDAY", "start": "2:30pm", "end": "3:30pm"}',
    ],
)
def test_one_slot_with_reasoning_around_it_still_passes(text: str) -> None:
    assert judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed


# --- properties ---------------------------------------------------------------------------------

_JOINS = st.sampled_from(
    [" or ", "/", " | ", ", or ", " (or ", " else ", ", alternatively ", " and ", "; ", "\n"]
)


@st.composite
def two_plans_text(draw: st.DrawFn) -> str:
    """Two different good plans in one of the forms the dining reader reads."""
    first, second = draw(st.permutations(GOOD_PLANS))
    one, two = json.dumps(first), json.dumps(second)
    join = draw(_JOINS)
    form = draw(st.integers(0, 8))
    if form == 0:
        return f"{one}{join}{two}"
    if form == 1:
        return f"```json\n{one}\n```{join}```json\n[{two}]\n```"
    if form == 2:
        return f"{one}\n" + "{" * draw(st.integers(0, 5000)) + two
    if form == 3:
        return f"[{one}, {two}]{join}{one}"
    if form == 4:
        key = draw(st.sampled_from(["restaurant", "time"]))
        extra = json.dumps(key) + ": " + json.dumps(second[key])
        return one[:-1] + ", " + extra + "}"
    if form == 5:
        return one[:-1] + ', "alternatives": [' + two + "]}"
    if form == 6:
        return f"No plan satisfies everyone{join}{one}"
    if form == 7:
        return f'{one}{join}He said "{{" and {two}'
    return f'```\n{one}\n```\n\n{{"a": ["{join}", ' + two


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_plans_text())
def test_an_answer_offering_two_plans_never_passes(text: str) -> None:
    assert not judge_everyone_ate(STORY, Transcript(final_text=text), 1.0).passed
    assert not isinstance(read_answer(text, STORY), NoPlanClaim)


@st.composite
def two_slots_text(draw: st.DrawFn) -> str:
    """Two different slots (each valid alone, or a day the task does not allow) in one of the
    forms the scheduling reader reads."""
    (d1, s1, e1), (d2, s2, e2) = draw(st.permutations(NP6_SLOTS))
    d2 = draw(st.sampled_from([d2, "Tuesday", "Wednesday", "Thursday", "Friday", "Sunday"]))
    join = draw(_JOINS)
    marker = draw(st.sampled_from(["", "Here is the proposed time: "]))
    form = draw(st.integers(0, 6))
    if form == 0 and d1 != d2:
        return f"{marker}{d2}{join}{d1}, {s1} - {e1}"
    if form == 1:
        return f"{marker}{d1}, {s1} - {e1}{join}{s2} - {e2}"
    if form == 2:
        return f"{marker}{d1} between {s1} and {e1}{join}between {s2} and {e2}"
    if form == 3:
        return f"{marker}{d1}, {s1} - {e1}{join}{d2}, {s2} - {e2}"
    if form == 4:
        return json.dumps({"day": d1, "start": s1, "end": e1})[:-1] + f', "day": "{d2}"}}'
    if form == 5:
        one = json.dumps({"day": d1, "start": s1, "end": e1})
        two = json.dumps({"day": d2, "start": s2, "end": e2})
        return f"{one}\n" + "{" * draw(st.integers(0, 3000)) + f"{join}{two}"
    return f"{marker}{d1}, {s1} - {e1}{join}{d2 if d2 != d1 else s2}"


@settings(max_examples=120, deadline=None)
@given(two_slots_text())
def test_an_answer_offering_two_slots_never_passes(text: str) -> None:
    assert not judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed


_DEEP = st.builds(
    lambda unit, n, tail: unit * n + tail,
    st.sampled_from(["[", "{", '{"a":', "[{", '{"a":[', '"', "\\"]),
    st.integers(0, 20_000),
    st.text(max_size=20),
)
_HOSTILE_TEXT = (
    st.text(st.characters(codec=None, categories=None), max_size=300)
    | st.text(st.sampled_from('{}[]":,\\ \ud800\udfff\x00\u200b1eE-.NaInfity'), max_size=300)
    | _DEEP
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_HOSTILE_TEXT)
def test_the_readers_are_total(text: str) -> None:
    """Arbitrary text, lone surrogates, control characters and deep nesting: never a raise."""
    assert isinstance(extract_json_object(text, plan_keys=PLAN_KEYS), dict | AnswerProblem)
    assert isinstance(read_answer(text, STORY), dict | NoPlanClaim | AnswerProblem)
    assert read_slot(text) is not None
    judge_everyone_ate(INFEASIBLE, Transcript(final_text=text), 1.0)
    judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0)
