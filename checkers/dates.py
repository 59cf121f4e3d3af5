"""Calendar dates in what people write and in what the data holds.

:func:`dates_in` reads a date however a message writes it ("2024-05-30", "May 30", "May 30th,
2024", "30 May", "the 30th of May", "05/30", "5/30/24": month first, as in the US, unless the
day cannot be a month and the year is said: "30/05/2024", "30.05.2024"), the year None where
it was not said; :func:`iso_days` reads the data's ISO dates and timestamps; :func:`among`
compares the two, a date said without its year standing for any year's.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable

Day = tuple[int | None, int, int]
"""A date as ``(year, month, day)``; the year None when it was not said."""

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_DAY = r"3[01]|[12]\d|0?[1-9]"
MAY_MODAL = r"(?<!\d )may(?!\s+\d)"
"""The modal "may" as a hedge word list writes it, not the month of a date ("May 28", "28 May"):
a fee "on May 28" is said, not a possibility."""
_DATE = re.compile(
    rf"\b(?P<y1>\d{{4}})-(?P<m1>1[0-2]|0?[1-9])-(?P<d1>{_DAY})\b"
    rf"|\b(?P<m2>{_MONTH})\.?\s+(?P<d2>{_DAY})(?:st|nd|rd|th)?\b(?!:\d)"
    rf"(?:,?\s+(?P<y2>\d{{4}})\b)?"
    rf"|\b(?P<d3>{_DAY})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m3>{_MONTH})\b"
    rf"(?:,?\s+(?P<y3>\d{{4}})\b)?"
    rf"|\b(?P<d5>3[01]|[12]\d|1[3-9])(?P<s5>[/.])(?P<m5>1[0-2]|0?[1-9])(?P=s5)(?P<y5>\d{{4}})\b"
    rf"|\b(?P<m4>1[0-2]|0?[1-9])/(?P<d4>{_DAY})(?:/(?P<y4>\d{{4}}|\d\d))?\b"
)
"""A date, each way written with its own groups: "2024-05-30"; "may 30", "may 30th, 2024"; "30
may", "30th of may"; day first only when the day cannot be a month and the year is said,
"30/05/2024", "30.05.2024"; "05/30", "5/30/24"."""
_ISO_DAY = re.compile(r"(\d{4})-(\d\d)-(\d\d)")


def _day_of(match: re.Match[str]) -> Day:
    """The date a :data:`_DATE` match names."""
    way = next(k for k in "12354" if match.group(f"d{k}"))
    year, month = match.group(f"y{way}"), match.group(f"m{way}")
    number = int(month) if month.isdigit() else _MONTHS.index(month[:3]) + 1
    full = int(year) + (2000 if len(year) == 2 else 0) if year else None
    return full, number, int(match.group(f"d{way}"))


def dates_in(said: str) -> list[tuple[int, Day]]:
    """``(start, date)`` for each date ``said`` (folded, lowered:
    :func:`checkers.text.fold_lower`) names, in order."""
    return [(m.start(), _day_of(m)) for m in _DATE.finditer(said)]


def iso_days(values: Iterable[object]) -> set[Day]:
    """The dates of the data's ``values`` that start with one ("2024-05-28",
    "2024-05-13T19:41:32"); others are left out."""
    return {
        (int(m.group(1)), int(m.group(2)), int(m.group(3)))
        for v in values
        if (m := _ISO_DAY.match(str(v)))
    }


def next_day(day: Day) -> Day:
    """The day after ``day`` (a date without its year is read in a leap year, so that no
    February 29 is lost)."""
    year, month, date = day
    if (year, month, date) == (datetime.MAXYEAR, 12, 31):
        return day  # no day after the calendar's last; never raises
    after = datetime.date(year or 2024, month, date) + datetime.timedelta(days=1)
    return (year and after.year, after.month, after.day)


def among(day: Day, known: set[Day]) -> bool:
    """Whether ``day`` is one of ``known``: a date said without its year is any year's."""
    year, month, date = day
    return any((year in (None, y), month, date) == (True, m, d) for y, m, d in known)
