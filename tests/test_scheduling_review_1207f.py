"""The classes of the 2026-12-07 late review of the scheduling judge
(``tests/test_review_probes_scheduling_1207f.py``), each held over every bundled scheduling
task (``TASKS``: its golden slot, which passes alone, and each of its participants), beside
its honest near-misses:

- a commitment's length from its start ("Thomas has a 90-minute call at 14:00") sharing a
  minute with the slot fails; one ending where the slot starts passes;
- part of the slot said by a length ("is busy for the first 15 minutes", "is only free for the
  first 15 minutes", "can give us 15 minutes") fails; the slot's whole length passes;
- a role set between a participant's name and what is said of them, or standing for the name
  once the answer gave it ("Jerry, our manager, is busy until 15:30", "Jerry is the manager.
  The manager is busy until 15:30") fails when busy in the slot, passes when up to its start;
- a time in words ("until a quarter to four"), a range from an hour alone to a twelve-hour end
  ("from 2 to 3:30") inside the slot fails; up to its start passes;
- the slot resting on a participant's change of calendar ("As long as Jerry reschedules his
  14:30 block, we're good.", "This assumes Jerry declines his 14:30 meeting.") fails;
- a participant's working hours that hold the slot ("Jerry's working hours are 9:00 - 17:00")
  pass; hours that leave part of it out fail;
- a busy label for one participant ("Busy for Jerry: 15:30 - 16:30") passes when its times
  miss the slot, fails when they share a minute with it.

The twelve-hour rule of :mod:`checkers.busy_spans`, said with
:data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`, and its fix of a range with am or pm on its
end only ("busy 4:00 - 5:00 pm" is 16:00 - 17:00, not 4:00 - 17:00) are held at the end.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.busy_spans import BUSY_SPAN, span_readings
from checkers.transcript import Transcript
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_needs_said_broken_anywhere import TASKS

_GOLDEN = re.compile(r"(?P<start>\d{1,2}:\d{2}) - (?P<end>\d{1,2}:\d{2})")
_HOUR_WORDS = ("twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_HOUR_WORDS += ("ten", "eleven")


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def _clock(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def _twelve(minutes: int) -> str:
    """``minutes`` in twelve-hour writing with no am or pm ("2:30")."""
    hour = minutes // 60 % 12 or 12
    return f"{hour}:{minutes % 60:02d}"


def _in_words(minutes: int) -> str:
    """``minutes`` (on a quarter hour) in words, as twelve-hour speech says it ("a quarter to
    four", "half past two", "three")."""
    hour, past = divmod(minutes, 60)
    if past == 45:
        return f"a quarter to {_HOUR_WORDS[(hour + 1) % 12]}"
    said = {0: "{}", 15: "a quarter past {}", 30: "half past {}"}[past]
    return said.format(_HOUR_WORDS[hour % 12])


def _judged(task_id: str, said: str) -> tuple[bool, str]:
    """Whether the task's golden answer with ``said`` after it passes; and the text."""
    text = f"{TASKS[task_id].golden}\n\n{said}"
    return judge_everyone_can_attend(TASKS[task_id], Transcript(final_text=text), 1.0).passed, text


def _slot(task_id: str) -> tuple[int, int]:
    golden = _GOLDEN.search(TASKS[task_id].golden or "")
    assert golden is not None, task_id
    return _minutes(golden["start"]), _minutes(golden["end"])


def _who(task_id: str, data: st.DataObject) -> str:
    return data.draw(st.sampled_from([p.name for p in TASKS[task_id].participants]))


ANY_TASK = st.sampled_from(sorted(TASKS))


# --- a commitment's length from its start --------------------------------------------------

LASTING = (
    "{p} has a {n}-minute call at {t}.",
    "{p} has a {n}-minute meeting starting at {t}.",
    "{p}'s {t} call runs for {n} minutes.",
    "{p} has a {n}-min sync at {t}.",
)


@settings(max_examples=40, deadline=None)
@given(task_id=ANY_TASK, data=st.data(), form=st.sampled_from(LASTING), ends_at_start=st.booleans())
def test_a_commitment_lasting_into_the_slot_fails_and_one_ending_at_its_start_passes(
    task_id: str, data: st.DataObject, form: str, ends_at_start: bool
) -> None:
    start, _ = _slot(task_id)
    lead = data.draw(st.sampled_from([15, 30, 60]))
    length = lead if ends_at_start else lead + data.draw(st.sampled_from([15, 30]))
    said = form.format(p=_who(task_id, data), n=length, t=_clock(start - lead))
    passed, text = _judged(task_id, said)
    assert passed is ends_at_start, (task_id, text)


# --- part of the slot by a length ----------------------------------------------------------

PART_TAKEN = (
    "{p} is busy for the first {n} minutes.",
    "{p} is only free for the first {n} minutes.",
    "{p} is free only for the last {n} minutes.",
    "{p} can give us {n} minutes.",
    "{p} will be in a meeting for the last {n} minutes.",
)
WHOLE_SLOT = ("{p} is free for the whole {n} minutes.", "{p} can give us {n} minutes.")


@settings(max_examples=40, deadline=None)
@given(task_id=ANY_TASK, data=st.data(), form=st.sampled_from(PART_TAKEN))
def test_part_of_the_slot_said_by_a_length_fails(
    task_id: str, data: st.DataObject, form: str
) -> None:
    start, end = _slot(task_id)
    part = data.draw(st.sampled_from([n for n in (10, 15, 20) if n < end - start]))
    passed, text = _judged(task_id, form.format(p=_who(task_id, data), n=part))
    assert not passed, (task_id, text)


@settings(max_examples=30, deadline=None)
@given(task_id=ANY_TASK, data=st.data(), form=st.sampled_from(WHOLE_SLOT))
def test_the_whole_slot_said_by_its_length_passes(
    task_id: str, data: st.DataObject, form: str
) -> None:
    start, end = _slot(task_id)
    passed, text = _judged(task_id, form.format(p=_who(task_id, data), n=end - start))
    assert passed, (task_id, text)


# --- a role for the name -------------------------------------------------------------------

ROLE_SAID = (
    "{p}, our {r}, is busy until {t}.",
    "{p} is the {r}. The {r} is busy until {t}.",
    "{p} ({r}) is on a call until {t}.",
)


@settings(max_examples=40, deadline=None)
@given(
    task_id=ANY_TASK,
    data=st.data(),
    form=st.sampled_from(ROLE_SAID),
    role=st.sampled_from(["manager", "team lead", "designer", "tech lead"]),
    busy_in_it=st.booleans(),
)
def test_a_participant_named_by_a_role_busy_in_the_slot_fails(
    task_id: str, data: st.DataObject, form: str, role: str, busy_in_it: bool
) -> None:
    start, end = _slot(task_id)
    said = form.format(p=_who(task_id, data), r=role, t=_clock(end if busy_in_it else start))
    passed, text = _judged(task_id, said)
    assert passed is not busy_in_it, (task_id, text)


# --- times in words and twelve-hour ends ---------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(task_id=ANY_TASK, data=st.data(), busy_in_it=st.booleans())
def test_busy_until_a_time_in_words_inside_the_slot_fails(
    task_id: str, data: st.DataObject, busy_in_it: bool
) -> None:
    start, end = _slot(task_id)
    quarters = [m for m in range(start + 1, end + 1) if m % 15 == 0]
    until = data.draw(st.sampled_from(quarters)) if busy_in_it else start - start % 15
    said = f"{_who(task_id, data)} is busy until {_in_words(until)}."
    passed, text = _judged(task_id, said)
    assert passed is not busy_in_it, (task_id, text)


@settings(max_examples=40, deadline=None)
@given(task_id=ANY_TASK, data=st.data(), busy_in_it=st.booleans())
def test_a_range_from_an_hour_alone_to_a_twelve_hour_end_is_read_in_either_half(
    task_id: str, data: st.DataObject, busy_in_it: bool
) -> None:
    """A range "from 2 to 3:30" of a slot 14:30 - 15:30 is 14:00 - 15:30 too; "from 12 to
    2:30" ends at its start."""
    start, end = _slot(task_id)
    opened = (start // 60 - (0 if busy_in_it else 2)) % 12 or 12
    closed = _twelve(end if busy_in_it else start)
    said = f"{_who(task_id, data)}: in a call from {opened} to {closed}."
    passed, text = _judged(task_id, said)
    assert passed is not busy_in_it, (task_id, text)


# --- the slot resting on a change of calendar ----------------------------------------------

RESTS_ON_A_CHANGE = (
    "As long as {p} reschedules their {t} block, we're good.",
    "This assumes {p} declines their {t} meeting.",
    "Provided {p} moves their call, this works.",
    "This depends on {p} moving their {t} call.",
)


@settings(max_examples=40, deadline=None)
@given(task_id=ANY_TASK, data=st.data(), form=st.sampled_from(RESTS_ON_A_CHANGE))
def test_the_slot_resting_on_a_change_of_calendar_fails(
    task_id: str, data: st.DataObject, form: str
) -> None:
    start, _ = _slot(task_id)
    passed, text = _judged(task_id, form.format(p=_who(task_id, data), t=_clock(start)))
    assert not passed, (task_id, text)


@pytest.mark.parametrize("said", ["As long as everyone shows up, we're good."])
def test_a_condition_on_no_change_passes(said: str) -> None:
    assert all(_judged(task_id, said)[0] for task_id in sorted(TASKS)[:10])


# --- working hours and busy labels ---------------------------------------------------------

WORKING_HOURS = (
    "{p}'s working hours are {a} - {b}.",
    "{p}'s working hours: {a}-{b}.",
    "{p}'s hours are {a} - {b}.",
    "{p}'s workday runs from {a} to {b}.",
    "Working hours for {p}: {a} - {b}.",
)


@settings(max_examples=50, deadline=None)
@given(task_id=ANY_TASK, data=st.data(), form=st.sampled_from(WORKING_HOURS), hold=st.booleans())
def test_working_hours_that_hold_the_slot_pass_and_those_leaving_it_out_fail(
    task_id: str, data: st.DataObject, form: str, hold: bool
) -> None:
    start, end = _slot(task_id)
    meeting = TASKS[task_id].meeting
    opened = min(meeting.work_start, start) if hold else start + 15
    closed = max(meeting.work_end, end)
    said = form.format(p=_who(task_id, data), a=_clock(opened), b=_clock(closed))
    passed, text = _judged(task_id, said)
    assert passed is hold, (task_id, text)


@settings(max_examples=40, deadline=None)
@given(
    task_id=ANY_TASK,
    data=st.data(),
    label=st.sampled_from(["Busy for", "Blocked for", "**Busy for", "Busy times for"]),
    over=st.booleans(),
)
def test_a_busy_label_for_a_participant_fails_only_when_its_times_meet_the_slot(
    task_id: str, data: st.DataObject, label: str, over: bool
) -> None:
    start, end = _slot(task_id)
    first = start if over else end
    colon = ":**" if label.startswith("**") else ":"
    said = f"{label} {_who(task_id, data)}{colon} {_clock(first)} - {_clock(first + 60)}."
    passed, text = _judged(task_id, said)
    assert passed is not over, (task_id, text)


# --- the twelve-hour rule of busy spans ----------------------------------------------------


@pytest.mark.parametrize(
    ("said", "readings"),
    [
        ("2:30 - 3:30", [(150, 210), (870, 930)]),  # the small hours are also the afternoon
        ("until 3:30", [(0, 210), (0, 930)]),
        ("11:30 - 1:30", [(690, 90), (690, 810)]),  # crosses noon
        ("9:00 - 10:00", [(540, 600)]),  # a morning's, as written
        ("4:00 - 5:00 pm", [(960, 1020)]),  # the end's pm is the start's too
        ("8:00 - 9:00 pm", [(1200, 1260)]),
        ("11:30 - 12:30 pm", [(690, 750)]),
        ("2:30 pm - 3:30", [(870, 930)]),
        ("9:00 am - 10:00", [(540, 600)]),
        ("from 2 to 3:30", [(120, 210), (840, 930)]),
        ("from noon to 3", [(720, 900)]),
        ("until a quarter to three", [(0, 165), (0, 885)]),
    ],
)
def test_busy_spans_read_twelve_hour_writing_once(
    said: str, readings: list[tuple[int, int]]
) -> None:
    span = BUSY_SPAN.match(said)
    assert span is not None and span.group() == said
    assert span_readings(span, bare=True) == readings
