"""A time range with am/pm on one side only, read as English reads it
(:func:`domains.scheduling.answers._shared_meridiem`).

"Here is the proposed time: Monday, 2:30 - 3:30 PM" was ``ambiguous_time`` by a documented
choice, so a common, honest 12-hour answer failed (a false fail the hostile review of
2026-12-06 left to the project). Now the bare side shares the other side's am/pm when the range
then ends after it starts within 12 hours, else takes the other one ("11:30 - 12:30 PM" is
11:30 - 12:30): for any range shorter than 12 hours this is the range meant, whichever side
carries the am/pm, and the bare time is the slot's own (no second slot). A range no reading
makes end after its start within 12 hours stays ``ambiguous_time``; a bare range stays 24-hour
as written ("2:30 - 3:30" is at night).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domains.scheduling.answers import read_answer


def twelve_hour(minutes: int) -> tuple[str, str]:
    """``minutes`` of the day as a 12-hour time without and with its am/pm."""
    hour, minute = divmod(minutes, 60)
    bare = f"{hour % 12 or 12}:{minute:02d}"
    return bare, f"{bare} {'PM' if hour >= 12 else 'AM'}"


@given(
    start=st.integers(0, 23 * 60),
    length=st.integers(15, 11 * 60 + 59),
    marked_end=st.booleans(),
    join=st.sampled_from((" - ", "-", " \u2013 ", " to ")),
)
def test_a_range_with_am_pm_on_one_side_is_the_range_meant(
    start: int, length: int, marked_end: bool, join: str
) -> None:
    end = start + length
    if end >= 24 * 60:
        return
    (start_bare, start_marked), (end_bare, end_marked) = twelve_hour(start), twelve_hour(end)
    written = f"{start_bare}{join}{end_marked}" if marked_end else f"{start_marked}{join}{end_bare}"
    found = read_answer(f"Here is the proposed time: Monday, {written}")
    assert (found.day, found.start, found.end, found.problems) == ("Monday", start, end, ()), (
        written
    )


def test_a_range_no_reading_makes_end_after_its_start_is_ambiguous() -> None:
    found = read_answer("Here is the proposed time: Monday, 5:00 - 5:00 PM")
    assert [p.code for p in found.problems] == ["ambiguous_time"]


def test_a_bare_range_is_24_hour_as_written() -> None:
    found = read_answer("Here is the proposed time: Monday, 2:30 - 3:30")
    assert (found.start, found.end) == (150, 210)
