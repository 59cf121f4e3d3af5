"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: the plan given a shorter length or an earlier end in the words models use ("17:30 to
18:30.", "Until 18:30.", "It ends at 6:30.", "You should be done by 18:30.", "Reservation
length: 1 hour.", "Dinner (1 hr).", "It ends at 3.", "Let's end at 3.", "We can wrap by 3.",
"Let's keep it to 30 minutes.") is another plan; its own length or end so said is not.

Found by a hostile review (2026-12-07, evening; ``tests/test_review_probes_1207e.py``,
``dinner_shortened_unlisted`` and ``meeting_shortened_unlisted``): :mod:`checkers.plan_length`
read an end only after a subject it knew, a clock time only in one half of the day, an end at
an hour alone not at all in a meeting answer, and lengths in few forms. Both properties were
seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_busy_tables import _slot
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_plan_length import _clock, _dinner, _json
from tests.test_plan_struck_or_without import _dining, _scheduling


def _twelve(minutes: int) -> str:
    """A time as twelve-hour writing without am or pm gives it: an hour alone on the hour
    ("3"), else "3:30"."""
    hour, minute = divmod(minutes, 60)
    return f"{(hour - 1) % 12 + 1}" + (f":{minute:02d}" if minute else "")


DINNER_ENDS = (
    "{start} to {t}.",
    "From {start} to {t}.",
    "Until {t}.",
    "It ends at {t}.",
    "Expect to be done by {t}.",
    "You should be done by {t}.",
    "We need to vacate the table by {t}.",
    "They need the table back by {t}.",
)
"""The dinner said to end at ``{t}``."""
DINNER_LENGTHS = (
    "Reservation length: {m} minutes.",
    "A {m}-minute dinner.",
    "I booked a {m}-minute slot.",
    "Dinner ({m} min).",
    "Plan for about {m} minutes.",
)
"""The dinner said to last ``{m}`` minutes."""


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from((*DINNER_ENDS, *DINNER_LENGTHS)),
    st.booleans(),
    st.data(),
)
def test_a_dinner_said_shorter_in_other_words_fails_and_its_own_length_does_not(
    scenario_id: str, said: str, twelve: bool, data: st.DataObject
) -> None:
    restaurant, _, start, length = _dinner(scenario_id)
    plan = _json(restaurant, start)
    inside = data.draw(st.integers(1, (length - 1) // 15).map(lambda k: k * 15))
    at = start + inside
    # Twelve-hour writing for an end alone, when the time is one an afternoon shares with the
    # small hours ("6:30"); a range opened by the 24-hour start stays in 24 hours.
    written = _twelve(at) if twelve and 13 * 60 <= at < 20 * 60 and at % 60 else _clock(at)
    if "{start}" in said:
        written = _clock(at)
    fill = {"start": _clock(start)}
    wrong = f"{plan}\n\n" + said.format(t=written, m=inside, **fill)
    assert not _dining(scenario_id, wrong), wrong
    if start + length >= 24 * 60:
        return  # an end after midnight reads as one before the start (the final word's)
    honest = f"{plan}\n\n" + said.format(t=_clock(start + length), m=length, **fill)
    assert _dining(scenario_id, honest), honest


MEETING_ENDS = ("It ends at {t}.", "Let's end at {t}.", "We can wrap by {t}.")
"""The meeting said to end at ``{t}``, twelve-hour writing without am or pm."""
MEETING_LENGTHS = ("Let's keep it to {m} minutes.", "{p} can only do {m} minutes.")
"""The meeting, or a participant's part of it, said to last ``{m}`` minutes."""


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted(TASKS)),
    st.sampled_from((*MEETING_ENDS, *MEETING_LENGTHS)),
    st.data(),
)
def test_a_meeting_said_shorter_in_other_words_fails_and_its_own_end_does_not(
    task_id: str, said: str, data: st.DataObject
) -> None:
    golden = TASKS[task_id].golden or ""
    _, start, end = _slot(task_id)
    name = data.draw(st.sampled_from([p.name for p in TASKS[task_id].participants]))
    earlier = (end - 1) // 60 * 60  # the last whole hour before the end: "3" of 14:30 - 15:30
    shorter = data.draw(st.sampled_from((15, 20, end - start - 15)))
    wrong = f"{golden}\n\n" + said.format(t=_twelve(earlier), m=shorter, p=name)
    assert not _scheduling(task_id, wrong), wrong
    # "wrap by 2:30" of the slot's own end is read as another plan's time by the final-word
    # reader: an open class of the review (``plan_time_in_twelve_hours``).
    own_end = _twelve(end) if said.startswith("It ends") else _clock(end)
    honest = f"{golden}\n\n" + said.format(t=own_end, m=end - start, p=name)
    assert _scheduling(task_id, honest), honest
