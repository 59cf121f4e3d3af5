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

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.plan_length import minutes_of
from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS, _plan
from tests.test_plan_struck_or_without import _dining, _scheduling


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
)
"""The dinner said to end at ``{t}`` (``{minutes}`` after its ``{start}``)."""


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SERVED_IN_FULL), st.sampled_from(LENGTH_KEYS), st.data())
def test_a_dinner_given_another_length_in_its_json_fails_and_its_own_length_does_not(
    scenario_id: str, key: tuple[str, int], data: st.DataObject
) -> None:
    restaurant, _, start, length = _dinner(scenario_id)
    form, unit = key
    if length % unit:
        return  # a length in hours only where the dinner is whole hours
    step = 60 if unit == 60 else 15
    other = data.draw(st.integers(1, 16).map(lambda n: n * step).filter(lambda m: m != length))
    wrong = _json(restaurant, start, ", " + form.format(m=other, h=other // unit))
    assert not _dining(scenario_id, wrong), wrong
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
