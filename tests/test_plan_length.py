"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: a plan given another length than the one judged, or said to end or close inside it, is
another plan (dining's ``plan_other_length``, scheduling's ``several_slots``); its full length
said, or an end after it, is no other plan.

Found by a hostile review (2026-12-07): "Dinner runs 17:30 - 18:30.", ``"duration_minutes":
60`` and "Green Fork closes at 18:30." of a two-hour dinner from 17:30 passed (dining read no
length or end at all; only a closing before the start denied the plan), and so did a meeting's
JSON slot with ``"duration_minutes"`` other than its times. Each property was seen failing on
the code before (:mod:`checkers.plan_length`).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.plan_length import END_KEYS, minutes_of
from checkers.plan_length import LENGTH_KEYS as LENGTH_KEYS_READ
from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS, _plan
from tests.test_plan_struck_or_without import _dining, _scheduling
from tests.test_review_probes_planning_1205 import FENCED

STORY = DINING.load_scenario("story-six")


def _clock(minutes: int) -> str:
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def _minutes(clock: str) -> int:
    hour, minute = (int(part) for part in clock.split(":"))
    return hour * 60 + minute


def _dinner(scenario_id: str) -> tuple[str, str, int, int]:
    """The restaurant's id and name, the start and the length of a plan serving everyone."""
    scenario = DINING.load_scenario(scenario_id)
    restaurant, name, time = _plan(scenario)
    return restaurant, name, _minutes(time), scenario.group.duration_minutes


def _json(restaurant: str, start: int, extra: str = "") -> str:
    return f'```json\n{{"restaurant": "{restaurant}", "time": "{_clock(start)}"{extra}}}\n```'


LENGTH_KEYS = (
    ('"duration_minutes": {m}', 1),
    ('"duration": "{m} minutes"', 1),
    ('"length_minutes": {m}', 1),
    ('"duration_hours": {h}', 60),
    ('"duration": "{h} hours"', 60),
)
"""A length under a key of the plan's JSON, in minutes (1) or hours (60)."""
ENDED = (
    "{name} closes at {t}.",
    "Note that the kitchen closes at {t}.",
    "We have the table until {t}.",
    "They need the table back by {t}.",
    "Dinner runs {start} - {t}.",
    "Dinner: {start} \u2192 {t}.",
    "The reservation is {start} to {t}.",
    "Duration: {minutes} minutes",
    "It's a {minutes}-minute dinner.",
    "The table is ours for {minutes} minutes.",
    "Seating is limited to {minutes} minutes.",
    "Time: {start} \u2013 {t}",
    "They seat us for {minutes} minutes.",
    "It's a {minutes}-minute table.",
    "Timing: {start} - {t}",
)
"""The dinner said to end at ``{t}`` (``{minutes}`` after its ``{start}``)."""


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SERVED_IN_FULL), st.sampled_from(LENGTH_KEYS), st.data())
def test_a_dinner_given_a_shorter_length_in_its_json_fails_and_a_longer_one_does_not(
    scenario_id: str, key: tuple[str, int], data: st.DataObject
) -> None:
    restaurant, _, start, length = _dinner(scenario_id)
    form, unit = key
    if length % unit:
        return  # a length in hours only where the dinner is whole hours
    step = 60 if unit == 60 else 15
    other = data.draw(st.integers(1, 16).map(lambda n: n * step).filter(lambda m: m != length))
    said = _json(restaurant, start, ", " + form.format(m=other, h=other // unit))
    # A shorter dinner is another plan; a longer one holds the group's length.
    assert _dining(scenario_id, said) is (other > length), said
    right = _json(restaurant, start, ", " + form.format(m=length, h=length // unit))
    assert _dining(scenario_id, right), right


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SERVED_IN_FULL), st.data())
def test_a_dinner_given_another_end_in_its_json_fails_and_its_own_end_does_not(
    scenario_id: str, data: st.DataObject
) -> None:
    restaurant, _, start, length = _dinner(scenario_id)
    key = data.draw(st.sampled_from(('"end"', '"end_time"', '"until"')))
    early = start + data.draw(st.integers(1, length - 1))
    wrong = _json(restaurant, start, f', {key}: "{_clock(early)}"')
    assert not _dining(scenario_id, wrong), wrong
    right = _json(restaurant, start, f', {key}: "{_clock(start + length)}"')
    assert _dining(scenario_id, right), right


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SERVED_IN_FULL), st.sampled_from(ENDED), st.data())
def test_a_dinner_said_to_end_inside_it_fails_and_to_end_after_it_does_not(
    scenario_id: str, said: str, data: st.DataObject
) -> None:
    restaurant, name, start, length = _dinner(scenario_id)
    plan = _json(restaurant, start)
    inside = data.draw(st.integers(1, length - 1).filter(lambda m: m % 5 == 0 or m < 5))
    fill = {"name": name, "start": _clock(start)}
    wrong = f"{plan}\n\n" + said.format(t=_clock(start + inside), minutes=inside, **fill)
    assert not _dining(scenario_id, wrong), wrong
    if "{t}" in said and "{start}" not in said:
        after = data.draw(st.integers(length, length + 180))
        if start + after >= 24 * 60:
            return  # a closing after midnight reads as one before the start (the final word's)
        honest = said.format(t=_clock(start + after), minutes=after, **fill)
    else:
        honest = said.format(t=_clock(start + length), minutes=length, **fill)
    assert _dining(scenario_id, f"{plan}\n\n{honest}"), honest


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.sampled_from(LENGTH_KEYS[:3]), st.data())
def test_a_meeting_given_another_length_in_its_json_fails_and_its_own_does_not(
    task_id: str, key: tuple[str, int], data: st.DataObject
) -> None:
    task = TASKS[task_id]
    golden = task.golden or ""
    slot = golden.rpartition(": ")[2]
    day, _, times = slot.partition(", ")
    begin, _, end = times.partition(" - ")
    length = _minutes(end) - _minutes(begin)
    plan = f'{{"day": "{day}", "start": "{begin}", "end": "{end}"'
    other = data.draw(st.integers(1, 8).map(lambda n: n * 15).filter(lambda m: m != length))
    wrong = f"{plan}, {key[0].format(m=other)}}}"
    assert not _scheduling(task_id, wrong), wrong
    assert _scheduling(task_id, f"{plan}, {key[0].format(m=length)}}}"), plan


def test_a_length_in_words_reads_as_minutes() -> None:
    said = ["90 minutes", "1.5 hours", "an hour and a half", "two hours", "45-minute", "1 hr"]
    assert [minutes_of(s) for s in said] == [90, 90, 90, 120, 45, 60]
    assert [minutes_of(s) for s in ("a", "1.2.3 hours", "six")] == [None, None, None]


NUMBERS = (
    st.floats()
    | st.sampled_from((1e308, -1e308, float("inf"), float("nan")))
    | st.integers(-(10**400), 10**400)
)
"""Any number, the ones whose minutes are no finite number drawn often."""
DIGITS = st.from_regex(r"[0-9]{1,500}(\.[0-9]{1,5})?", fullmatch=True) | st.integers(300, 600).map(
    lambda n: "9" * n
)
"""A length in digits, of any size, hundreds of digits often (a float of no finite value)."""


def _two_hours(key: str, value: object) -> bool:
    """Whether ``value`` under length key ``key`` says two hours (a bare number under a key
    naming no unit may be minutes or hours)."""
    if key not in LENGTH_KEYS_READ or isinstance(value, bool):
        return False
    if not isinstance(value, int | float):
        return False
    return value == (2 if "hour" in key else 120) or ("min" not in key and value in (2, 120))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(LENGTH_KEYS_READ + END_KEYS),
    NUMBERS | st.text(max_size=30) | st.none(),
    DIGITS,
)
def test_any_length_or_number_gets_a_verdict_and_no_shorter_dinner_passes(
    key: str, value: object, digits: str
) -> None:
    """Found by the review of these readers (2026-12-07): a 400-digit length in prose or as a
    string, or ``"duration_hours": 1e308``, raised OverflowError (rounding an infinity)."""
    keyed = json.dumps({"restaurant": "r03", "time": "17:30", key: value})
    said = f"{_json('r03', 17 * 60 + 30)}\nDuration: {digits} minutes"
    verdict = judge_everyone_ate(STORY, Transcript(final_text=keyed), 1.0)
    assert verdict.passed in (True, False), keyed
    if value is None or _two_hours(key, value):
        assert verdict.passed, keyed
    # A dinner may go on past its two hours, but not past a day.
    expected = 120 <= float(digits) <= 24 * 60
    assert judge_everyone_ate(STORY, Transcript(final_text=said), 1.0).passed is expected, said


MEETING_ENDS = (
    "The meeting will end at {t}.",
    "The call ends at {t}.",
    "We'll wrap up by {t}.",
    "We have the room for {minutes} minutes.",
    "It ends at {t}.",
    "It'll end by {t}.",
)
"""The meeting said to end at ``{t}``, or its room had for ``{minutes}``: found passing
(2026-12-07, "The meeting will end at 15:00" of a slot to 15:30; later the same day, "It
ends at 15:00" right after the slot, "it" the meeting)."""


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.sampled_from(MEETING_ENDS), st.data())
def test_a_meeting_said_to_end_inside_its_slot_fails_and_at_its_end_does_not(
    task_id: str, said: str, data: st.DataObject
) -> None:
    task = TASKS[task_id]
    golden = task.golden or ""
    begin, _, end = golden.rpartition(", ")[2].partition(" - ")
    start, length = _minutes(begin), _minutes(end) - _minutes(begin)
    inside = data.draw(st.integers(1, length - 1))
    wrong = f"{golden}\n" + said.format(t=_clock(start + inside), minutes=inside)
    assert not _scheduling(task_id, wrong), wrong
    honest = said.format(t=end, minutes=length)
    assert _scheduling(task_id, f"{golden}\n{honest}"), honest
    later = data.draw(st.integers(length + 1, length + 240))
    if start + later < 24 * 60:
        by = f"We need to be done by {_clock(start + later)}, so this works."
        assert _scheduling(task_id, f"{golden}\n{by}"), by
        at = f"The meeting ends at {_clock(start + later)}."
        assert not _scheduling(task_id, f"{golden}\n{at}"), at
        # "it" after another sentence may be anything: "Jerry has a call. It ends at 14:00."
        other = f"{golden}\nJerry has a call at {begin}. It ends at {_clock(start + inside)}."
        assert _scheduling(task_id, other) is _scheduling(
            task_id, f"{golden}\nJerry has a call at {begin}."
        ), other


ENDED_MORE = ("Dinner 5:30 - 6:30 pm.", "Dinner: 5:30 to 6:15 pm.")
"""Ends a review of this reader found passing (2026-12-07): a range in twelve hours."""
KEYS_MORE = ('"endTime": "18:30"', '"durationMinutes": 90', '"End Time": "18:00"')
"""Keys in other cases and spacing."""
NOT_ITS_END = (
    "Happy hour at Green Fork ends at 18:00.",
    "They hold the table until 17:45 if you're late.",
    "The reservation takes about 5 minutes to confirm.",
    "Parking near Green Fork ends at 18:00.",
    "Last orders are at 21:30.",
    "Dinner 5:30 - 7:30 pm.",
    "Dinner runs 5:30 - 8 pm.",
    "Last orders at 18:45.",
    "The kitchen stops serving at 18:45.",
    "They'll hold the table for 15 minutes.",
    "We have the table for three hours.",
    "Reservation for 6 people; please arrive 10 minutes early.",
)
"""What it failed: something else at the plan's place ending, a table held for the late, a
booking's minutes, the full dinner or a longer one in twelve hours; and last orders or a
kitchen that stops serving inside the dinner, which leave it going (as
``tests/test_final_word_honest_notes_2.py`` holds)."""


@pytest.mark.parametrize("said", ENDED_MORE)
def test_more_ends_inside_the_dinner(said: str) -> None:
    assert not judge_everyone_ate(STORY, Transcript(final_text=f"{FENCED}\n{said}"), 1.0).passed


@pytest.mark.parametrize("key", KEYS_MORE)
def test_a_length_key_in_any_case_or_spacing(key: str) -> None:
    text = _json("r03", 17 * 60 + 30, f", {key}")
    assert not judge_everyone_ate(STORY, Transcript(final_text=text), 1.0).passed


@pytest.mark.parametrize("said", NOT_ITS_END)
def test_ends_of_other_things_are_not_the_dinners(said: str) -> None:
    assert judge_everyone_ate(STORY, Transcript(final_text=f"{FENCED}\n{said}"), 1.0).passed


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(LENGTH_KEYS_READ),
    NUMBERS | st.text(max_size=30),
    DIGITS,
)
def test_any_length_beside_a_meeting_gets_a_verdict_and_only_its_own_passes(
    key: str, value: object, digits: str
) -> None:
    """The same for scheduling, which reads a length key of its JSON slot and a length said
    after its slot through the same module: never a raise, and only the slot's own hour."""
    task = TASKS["np-6"]
    slot = {"day": "Monday", "start": "14:30", "end": "15:30", key: value}
    keyed = judge_everyone_can_attend(task, Transcript(final_text=json.dumps(slot)), 1.0)
    assert keyed.passed in (True, False), slot
    said = f"{task.golden}\nDuration: {digits} minutes"
    verdict = judge_everyone_can_attend(task, Transcript(final_text=said), 1.0)
    assert verdict.passed is (float(digits) == 60), said
