"""``checkers.dates``: a date reads the same however a message writes it."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.dates import among, dates_in, iso_days, next_day
from checkers.text import fold_lower

pytestmark = pytest.mark.checkers_meta

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def writings(day: datetime.date) -> list[tuple[str, bool]]:
    """Ways of writing ``day``, each with whether it says the year."""
    name, d, m = MONTH_NAMES[day.month - 1], day.day, day.month
    nth = f"{d}{SUFFIX.get(d, 'th')}"
    return [
        (day.isoformat(), True),
        (f"{name} {d}", False),
        (f"{name[:3]}. {nth}, {day.year}", True),
        (f"{d} {name}", False),
        (f"the {nth} of {name} {day.year}", True),
        (f"{m:02d}/{d:02d}", False),
        (f"{m}/{d}/{day.year % 100:02d}", True),
        # day first only where the day cannot be a month, with the year
        *([(f"{d}/{m:02d}/{day.year}", True), (f"{d}.{m:02d}.{day.year}", True)] if d > 12 else []),
    ]


@given(st.dates(datetime.date(2000, 1, 1), datetime.date(2099, 12, 31)), st.data())
def test_a_date_reads_the_same_in_every_way_it_is_written(
    day: datetime.date, data: st.DataObject
) -> None:
    written, with_year = data.draw(st.sampled_from(writings(day)))
    found = dates_in(fold_lower(f"Your flight on {written} is booked."))
    assert [d for _, d in found] == [(day.year if with_year else None, day.month, day.day)]
    assert among(found[0][1], iso_days([f"{day.isoformat()}T10:00:00"]))
    other = iso_days([(day + datetime.timedelta(days=1)).isoformat()])
    assert not among(found[0][1], other)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("at 10:30 on May 3", [(None, 5, 3)]),
        ("May 3:00", []),  # a time, not a date
        ("2024-13-01", []),  # no thirteenth month
        ("March 32", []),
        ("from 2024-05-26 to 28 May", [(2024, 5, 26), (None, 5, 28)]),
        ("on 30/05/2024 or 30.05.2024", [(2024, 5, 30), (2024, 5, 30)]),
        ("on 05/06/2024", [(2024, 5, 6)]),  # month first where both could be a month
        ("30/05 and 30.05.24", []),  # day first without the year's four digits: not read
        ("30.05/2024", []),
    ],
)
def test_dates_in(text: str, expected: list[tuple[int | None, int, int]]) -> None:
    assert [d for _, d in dates_in(fold_lower(text))] == expected


def test_iso_days_reads_only_dates() -> None:
    assert iso_days(["2024-05-13T19:41:32", "n/a", None, 20240513]) == {(2024, 5, 13)}
    assert among((None, 5, 13), {(2023, 5, 13)}) and not among((2024, 5, 13), {(2023, 5, 13)})


@pytest.mark.parametrize(
    ("day", "after"),
    [
        ((2024, 5, 28), (2024, 5, 29)),
        ((2024, 5, 31), (2024, 6, 1)),
        ((2023, 12, 31), (2024, 1, 1)),
        ((2023, 2, 28), (2023, 3, 1)),
        ((None, 2, 28), (None, 2, 29)),  # a date without its year: February 29 is kept
        ((None, 12, 31), (None, 1, 1)),
        ((9999, 12, 31), (9999, 12, 31)),  # the calendar's last day: none after it, no raise
    ],
)
def test_next_day(day: tuple[int | None, int, int], after: tuple[int | None, int, int]) -> None:
    assert next_day(day) == after


@given(st.dates(), st.booleans())
def test_next_day_of_any_calendar_day_is_the_day_after_and_never_raises(
    day: datetime.date, year_said: bool
) -> None:
    """Every day from 0001-01-01 to 9999-12-31, with its year or without (read in a leap year):
    the day after, the calendar's last day kept as it is."""
    said = (day.year if year_said else None, day.month, day.day)
    found = next_day(said)
    if day == datetime.date.max and year_said:
        assert found == said
    else:
        after = datetime.date(day.year if year_said else 2024, day.month, day.day)
        after += datetime.timedelta(days=1)
        assert found == (after.year if year_said else None, after.month, after.day)
