"""Notes about the plan whose two halves the final-answer reader read only in one clause or one
sentence (2026-12-06), beside the honest and near-miss forms. The plans: dining Green Fork
(r03) at 17:30, scheduling Monday 14:30 - 15:30 (see
``tests/test_review_probes_planning_1205.py``).

- ``restriction_and_today_apart`` (a false PASS): a restriction to a weekday ("Green Fork is
  closed on Sundays") and the day said to be today ("Today is Sunday") in two sentences, or on
  two sides of the plan, or (scheduling) a restriction to the slot's own day ("That slot is
  blocked on Mondays" for a Monday slot): :func:`checkers.final_word._days_said` reads the
  days over the whole answer and the plan, for :func:`checkers.final_word._restriction_met`.
  A restriction to another day, or with no today said, is a reason and keeps the pass.
- ``crowd_advice_in_the_next_sentence`` (a false FAIL): the plan's place said to be busy, and
  the advice to come on time in the next sentence ("It gets busy. Arrive on time.", "Expect it
  to be busy; arriving on time helps."): :func:`checkers.final_word._crowd_advised`. Busy said
  of a time, a booking or a person, or trouble in the advice ("Come early and get on the
  waitlist"), still fails.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, dining, slot
from tests.test_review_probes_planning_1206 import after, after_slot, before

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- restriction_and_today_apart -------------------------------------------------------------

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
RESTRICTIONS = [
    "Green Fork is closed on {day}s",
    "The restaurant is shut on {day}s",
    "Green Fork doesn't open on {day}s",
    "They're fully booked on {day}s",
    "Note that Green Fork is closed on {day}s",
]
TODAYS = [
    "Today is {day}",
    "Today is a {day}",
    "It's {day} today",
    "Tonight is a {day}",
    "And today's {day}",
]
JOINS = [". ", ".\n", ".\n\n", "! "]


def _restriction(restriction: str, day: str) -> str:
    return restriction.format(day=day)


@SETTINGS
@given(
    restriction=st.sampled_from(RESTRICTIONS),
    today=st.sampled_from(TODAYS),
    day=st.sampled_from(DAYS),
    join=st.sampled_from(JOINS),
    today_first=st.booleans(),
)
def test_a_restriction_to_today_said_in_another_sentence_denies_the_plan(
    restriction: str, today: str, day: str, join: str, today_first: bool
) -> None:
    first, second = _restriction(restriction, day), today.format(day=day)
    if today_first:
        first, second = second, first
    text = f"{first}{join}{second}."
    assert not dining(after(text)), text


@SETTINGS
@given(
    restriction=st.sampled_from(RESTRICTIONS),
    today=st.sampled_from(TODAYS),
    day=st.sampled_from(DAYS),
)
def test_today_on_the_other_side_of_the_plan_still_counts(
    restriction: str, today: str, day: str
) -> None:
    said, limit = today.format(day=day), _restriction(restriction, day)
    text = f"{said}.\n\n{FENCED}\n\n{limit}."
    assert not dining(text), text
    if "Green Fork" in limit:
        # Before the plan a denial is read only in a clause naming the plan's own part.
        text = f"{limit}.\n\n{FENCED}\n\n{said}."
        assert not dining(text), text


@SETTINGS
@given(
    subject=st.sampled_from(["That slot", "The 14:30 slot", "That time", "It"]),
    state=st.sampled_from(["is blocked", "is unavailable", "is taken"]),
)
def test_a_restriction_to_the_slots_own_day_denies_it(subject: str, state: str) -> None:
    text = f"{subject} {state} on Mondays."
    assert not slot(after_slot(text)), text


@SETTINGS
@given(
    restriction=st.sampled_from(RESTRICTIONS),
    today=st.sampled_from(TODAYS),
    days=st.lists(st.sampled_from(DAYS), min_size=2, max_size=2, unique=True),
    join=st.sampled_from(JOINS),
)
def test_a_restriction_to_another_day_than_today_keeps_the_pass(
    restriction: str, today: str, days: list[str], join: str
) -> None:
    text = f"{_restriction(restriction, days[0])}{join}{today.format(day=days[1])}."
    assert dining(after(text)), text
    assert dining(before(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Green Fork is closed on Sundays; we're going on Saturday.",
        "Green Fork is closed on Mondays.",
        "Green Fork is closed on Sundays. We're going on Saturday.",
        "Today is Sunday, and Green Fork is open.",
        "Today is Sunday. Green Fork is open until 22:00.",
    ],
)
def test_honest_day_notes_keep_the_pass(text: str) -> None:
    assert dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    ["That slot is blocked on Tuesdays.", "The 14:30 slot is taken on Fridays."],
)
def test_a_restriction_to_another_day_than_the_slots_keeps_it(text: str) -> None:
    assert slot(after_slot(text)), text


# --- crowd_advice_in_the_next_sentence -------------------------------------------------------

CROWD = [
    "It gets busy",
    "They'll be busy",
    "Expect it to be busy",
    "Green Fork can get busy",
    "The restaurant is usually busy",
    "It tends to be busy at that hour",
]
NEXT_ADVICE = [
    "Arrive on time",
    "arriving on time helps",
    "Come a few minutes early",
    "I'd arrive 10 minutes early",
    "Booking ahead is a good idea",
    "Try to be on time",
    "Don't be late",
]
CUTS = [". ", "; ", ".\n", "! "]


@SETTINGS
@given(
    crowd=st.sampled_from(CROWD),
    cut=st.sampled_from(CUTS),
    advice=st.sampled_from(NEXT_ADVICE),
)
def test_a_crowd_note_with_advice_in_the_next_sentence_keeps_the_pass(
    crowd: str, cut: str, advice: str
) -> None:
    text = f"{crowd}{cut}{advice}."
    assert dining(after(text)), text
    assert dining(before(text)), text


@SETTINGS
@given(
    said=st.sampled_from(
        [
            "The 17:30 slot is busy",
            "Ana is busy at 17:30",
            "Our table is busy",
            "The booking is busy",
        ]
    ),
    cut=st.sampled_from(CUTS),
    advice=st.sampled_from(NEXT_ADVICE),
)
def test_busy_said_of_a_time_a_booking_or_a_guest_still_fails(
    said: str, cut: str, advice: str
) -> None:
    text = f"{said}{cut}{advice}."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "The 17:30 slot is busy. Arrive on time.",
        "It's busy. Come early and get on the waitlist.",
        "It's busy. Green Fork is fully booked, so come early.",
        "They're busy tonight. Honestly, try another place.",
        "It gets busy. The plan falls apart otherwise. Arrive on time.",
    ],
)
def test_crowd_near_misses_still_fail(text: str) -> None:
    assert not dining(after(text)), text


def test_busy_said_of_the_slot_still_fails_in_scheduling() -> None:
    assert not slot(after_slot("Dylan is busy at 14:30. Arrive early."))
    assert not slot(after_slot("The 14:30 slot is busy. Be on time."))
    assert not slot(after_slot("Monday is busy. Come early."))
