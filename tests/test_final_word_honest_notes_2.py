"""Honest notes after the plan that the final-answer readers failed (2026-12-06), beside the
near-miss forms that must still fail. The plans: dining Green Fork (r03) at 17:30, scheduling
Monday 14:30 - 15:30 (see ``tests/test_review_probes_planning_1205.py``).

- ``stop_after_the_plan``: when a place or a person stops doing something, at or after the
  plan's end (dining: its start, the only time it names), is a limit the plan keeps
  (:func:`checkers.final_word._stop_after_plan`, ``_Asides.stops_after`` in
  ``domains/scheduling/answers.py``, :data:`checkers.plan_words.STOP_EDGE`): "they stop taking
  reservations at 21:00", "last orders are at 21:30", "Dylan stops taking calls at 17:00".
  Before the plan's end the edge may say the plan cannot be had ("Dylan stops taking calls at
  15:00" for a meeting until 15:30, "they stop taking reservations at 17:00" for 17:30), and a
  time offered beside it ("..., so 20:00 works too") is another plan: both still fail.
- ``choice_after_a_mild_trade_off``: another plan put forward with a mild trade-off ("Umi is
  also great, though pricier") is turned from when the next sentence tells that the agent
  chose the stated plan ("; I went with Green Fork", ". So I picked Green Fork instead":
  :func:`checkers.final_word._chose_own_next`), as it already was in the same sentence ("...,
  so I chose Green Fork"). A choice of the other plan, one naming another plan's part, or one
  that goes on to offer ("..., but either works") keeps the second plan.
- ``busy_crowd_note``: the plan's place said to be busy in a sentence advising to come early
  or on time or to book ahead ("They'll be busy, so come early") is a crowd, no denial
  (:func:`checkers.final_word._crowd_note`); busy said of a time, a booking or a person, with
  no such advice, or beside another bad state ("..., so come early and get on the waitlist")
  still denies the plan.
- ``closing_time_in_12_hour_words``: a closing edge at a 12-hour time written with a space
  before its mark ("the kitchen closes at 10:30 pm") was read as the bare clock time (10:30)
  and denied a plan at 17:30 (:func:`checkers.final_word._mention_minutes`); and the plural
  "they close at 17:00" was no closing edge at all, so it passed (a false PASS, now the plan
  denied: :data:`checkers.plan_words.CLOSING_EDGE`).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import dining, slot
from tests.test_review_probes_planning_1206 import after, after_slot, before

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- stop_after_the_plan -----------------------------------------------------------------------

PLACE = ["They", "Green Fork", "The restaurant", "Green Fork (r03)", "Note that they"]
STOPS = [
    "stop taking reservations at",
    "stops taking reservations at",
    "stop taking bookings around",
    "stop accepting walk-ins at",
    "stop serving dinner at",
    "stops serving at",
    "stop seating guests at",
    "stop taking orders at",
]
LAST = ["Last orders are at", "Last seating is at", "Last call is at", "The last seating is at"]
TAILS = ["", ", so book soon", ", so there's no rush", ", so you'll have plenty of time"]
LATER = ["18:00", "19:30", "20:00", "21:00", "21:30", "22:00", "23:00", "9 pm", "10:30 pm"]
EARLIER = ["16:30", "17:00", "17:15", "5 pm", "4:30 pm"]
OFFERS = [", and 20:00 works too", ", but 19:00 would also work", ", so 20:00 is fine as well"]


@SETTINGS
@given(
    place=st.sampled_from(PLACE),
    stops=st.sampled_from(STOPS),
    time=st.sampled_from(LATER),
    tail=st.sampled_from(TAILS),
)
def test_a_place_stopping_after_the_plan_keeps_the_pass(
    place: str, stops: str, time: str, tail: str
) -> None:
    text = f"{place} {stops} {time}{tail}."
    assert dining(after(text)), text


@SETTINGS
@given(last=st.sampled_from(LAST), time=st.sampled_from(LATER), tail=st.sampled_from(TAILS))
def test_last_orders_after_the_plan_keep_the_pass(last: str, time: str, tail: str) -> None:
    text = f"{last} {time}{tail}."
    assert dining(after(text)), text


@SETTINGS
@given(
    place=st.sampled_from(PLACE),
    stops=st.sampled_from(STOPS),
    time=st.sampled_from(EARLIER),
)
def test_a_place_stopping_before_the_plan_still_fails(place: str, stops: str, time: str) -> None:
    text = f"{place} {stops} {time}."
    assert not dining(after(text)), text


@SETTINGS
@given(
    place=st.sampled_from(PLACE),
    stops=st.sampled_from(STOPS),
    time=st.sampled_from(LATER),
    offer=st.sampled_from(OFFERS),
)
def test_a_time_offered_beside_the_stop_still_fails(
    place: str, stops: str, time: str, offer: str
) -> None:
    text = f"{place} {stops} {time}{offer}."
    assert not dining(after(text)), text


PERSON = ["Dylan", "Jerry", "Thomas", "The office"]
PERSON_STOPS = [
    "stops taking calls at",
    "stops taking meetings at",
    "stops accepting invites at",
    "stops booking rooms at",
    "stops answering email at",
]
SLOT_LATER = ["15:30", "16:00", "16:30", "17:00", "5 pm", "5:30 pm"]
SLOT_EARLIER = ["14:00", "15:00", "15:15", "13:00", "2 pm", "3 pm"]


@SETTINGS
@given(
    person=st.sampled_from(PERSON),
    stops=st.sampled_from(PERSON_STOPS),
    time=st.sampled_from(SLOT_LATER),
    tail=st.sampled_from(["", ", so the slot fits", ", well after the meeting"]),
)
def test_someone_stopping_after_the_slot_keeps_the_pass(
    person: str, stops: str, time: str, tail: str
) -> None:
    text = f"{person} {stops} {time}{tail}."
    assert slot(after_slot(text)), text


@SETTINGS
@given(
    person=st.sampled_from(PERSON),
    stops=st.sampled_from(PERSON_STOPS),
    time=st.sampled_from(SLOT_EARLIER),
)
def test_someone_stopping_before_the_slot_ends_still_fails(
    person: str, stops: str, time: str
) -> None:
    """A meeting until 15:30 with someone who stops at 15:00: the answer says its slot does not
    hold (the brief's "Dylan stops taking calls at 14:00" is this side too)."""
    text = f"{person} {stops} {time}."
    assert not slot(after_slot(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "They stop taking reservations at 21:00, so book soon.",
        "Last orders are at 21:30.",
        "Green Fork stops serving dinner at 22:00.",
        "They stop taking walk-ins at 20:00, but you'll have a reservation.",
        "The kitchen closes at 22:00.",
    ],
)
def test_stop_controls(text: str) -> None:
    assert dining(after(text)), text
    assert dining(before(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "We could also stop by Umi Sushi Bar at 19:00.",
        "We'll stop at Green Fork at 19:00 instead.",
        "If you'd rather go later, they stop taking reservations at 21:00.",
        "Or come at 21:00, when they stop taking reservations.",
        "Umi Sushi Bar stops taking reservations at 21:00 and is also great.",
        "Green Fork stops seating at 17:00.",
    ],
)
def test_stop_near_misses_fail(text: str) -> None:
    assert not dining(after(text)), text


def test_scheduling_stop_controls() -> None:
    assert slot(after_slot("Dylan stops taking calls at 17:00."))
    assert slot(after_slot("Dylan stops taking calls at 15:30."))
    assert not slot(after_slot("Dylan stops taking calls at 14:00, so the slot is after that."))
    assert not slot(after_slot("Dylan stops taking calls at 17:00, so 16:00 works too."))


# --- choice_after_a_mild_trade_off -------------------------------------------------------------

OTHER = ["Umi Sushi Bar", "Marigold", "Umi Sushi Bar at 18:00", "Umi Sushi Bar (r06)"]
PRAISE = ["is also great", "is a good option too", "is lovely", "is also a solid choice"]
MILD = [
    "though pricier",
    "though a bit more expensive",
    "but pricier",
    "though louder",
    "though rated a bit lower",
]
CUTS = ["; ", ". ", ".\n\n"]
OPENERS = ["", "So ", "In the end, ", "Ultimately ", "That's why "]
CHOICES = ["I went with", "I chose", "I picked", "I've gone with", "we settled on", "I opted for"]
OWN = ["Green Fork", "Green Fork (r03)", "Green Fork at 17:30", "r03"]
ENDINGS = ["", " instead", " for the group"]


def _choice(opener: str, choice: str) -> str:
    said = f"{opener}{choice}" if opener else choice
    return said[0].upper() + said[1:]


@SETTINGS
@given(
    other=st.sampled_from(OTHER),
    praise=st.sampled_from(PRAISE),
    mild=st.sampled_from(MILD),
    cut=st.sampled_from(CUTS),
    opener=st.sampled_from(OPENERS),
    choice=st.sampled_from(CHOICES),
    own=st.sampled_from(OWN),
    ending=st.sampled_from(ENDINGS),
)
def test_the_choice_of_the_plan_after_a_mild_trade_off_keeps_the_pass(
    other: str,
    praise: str,
    mild: str,
    cut: str,
    opener: str,
    choice: str,
    own: str,
    ending: str,
) -> None:
    chose = _choice(opener, choice) if cut != "; " else f"{opener.lower()}{choice}"
    text = f"{other} {praise}, {mild}{cut}{chose} {own}{ending}."
    assert dining(after(text)), text


@SETTINGS
@given(
    other=st.sampled_from(OTHER),
    praise=st.sampled_from(PRAISE),
    mild=st.sampled_from(MILD),
    cut=st.sampled_from(CUTS),
    choice=st.sampled_from(CHOICES),
    tail=st.sampled_from(
        [
            "Umi Sushi Bar",
            "Green Fork, but either works",
            "Green Fork, but Umi at 18:00 works too",
            "Green Fork, but you could switch to Marigold",
            "Green Fork at 18:00",
            "Green Fork, though 19:00 would also be fine",
        ]
    ),
)
def test_a_choice_that_names_or_offers_another_plan_still_fails(
    other: str, praise: str, mild: str, cut: str, choice: str, tail: str
) -> None:
    text = f"{other} {praise}, {mild}{cut}{choice} {tail}."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Umi Sushi Bar is also great, though pricier.",
        "Umi Sushi Bar is also great, though pricier; I'd be happy to book it instead.",
        "Umi Sushi Bar is also great, though pricier; you might prefer it.",
        "Umi Sushi Bar is also great, though pricier. Either is fine. I went with Green Fork.",
        "Umi Sushi Bar is also great, though pricier. Ana loves it.",
    ],
)
def test_a_mild_trade_off_without_a_choice_still_fails(text: str) -> None:
    assert not dining(after(text)), text


def test_the_brief_choice_forms() -> None:
    assert dining(after("Umi is also great, though pricier; I went with Green Fork."))
    assert dining(after("Umi Sushi Bar is also great, though pricier. I went with Green Fork."))
    assert dining(before("Umi Sushi Bar is also great, though pricier; I went with Green Fork."))
    # In one sentence too, with a trade-off no list of drawbacks holds.
    assert dining(after("Umi Sushi Bar is also great, though louder, so I chose Green Fork."))
    assert not dining(after("Umi Sushi Bar is also great, though louder."))


# --- busy_crowd_note ---------------------------------------------------------------------------

CROWD = ["They", "It", "Green Fork", "The restaurant", "The place"]
BUSY = [
    "'ll be busy",
    " will be busy",
    " can get busy",
    " is usually busy",
    " gets busy on Fridays",
    " tends to be busy",
    " can be busy tonight",
]
ADVICE = [
    "so come early",
    "so arrive on time",
    "so come a few minutes early",
    "so I'd arrive 10 minutes early",
    "so booking ahead is a good idea",
    "so try to be on time",
    "so don't be late",
    "so show up a bit early",
]


def _busy(subject: str, busy: str) -> str:
    if busy.startswith("'") and subject not in {"They", "It"}:
        busy = " will" + busy[3:]
    return f"{subject}{busy}"


@SETTINGS
@given(subject=st.sampled_from(CROWD), busy=st.sampled_from(BUSY), advice=st.sampled_from(ADVICE))
def test_a_busy_place_with_advice_to_come_early_keeps_the_pass(
    subject: str, busy: str, advice: str
) -> None:
    text = f"{_busy(subject, busy)}, {advice}."
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
    advice=st.sampled_from(ADVICE),
)
def test_busy_said_of_a_time_a_booking_or_a_guest_still_fails(said: str, advice: str) -> None:
    text = f"{said}, {advice}."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "They're busy tonight.",
        "They're busy, so book somewhere else.",
        "Green Fork is fully booked, so come early.",
        "It's busy, so come early and get on the waitlist.",
        "They'll be busy at 17:30, so arrive at 19:00 instead.",
    ],
)
def test_busy_near_misses_fail(text: str) -> None:
    assert not dining(after(text)), text


def test_busy_said_of_the_slot_still_fails_in_scheduling() -> None:
    assert not slot(after_slot("Dylan is busy at 14:30, so arrive early."))
    assert not slot(after_slot("The 14:30 slot is busy, so be on time."))
    assert not slot(after_slot("Monday is busy, so come early."))
    assert not slot(after_slot("They'll be busy then, so let's start earlier."))


# --- closing_time_in_12_hour_words -------------------------------------------------------------
# A 12-hour time written with a space before its mark ("10:30 pm") was read as its bare clock
# time (10:30) when said after a closing edge, so "the kitchen closes at 10:30 pm" denied a plan
# at 17:30 (:func:`checkers.final_word._mention_minutes`).

CLOSING = ["The kitchen closes at", "They close at", "Last seating is at", "They stop seating at"]
PM_LATER = ["9:00 pm", "10:30 pm", "9:30 p.m.", "11:00 PM", "8:45 pm"]
PM_EARLIER = ["5:00 pm", "4:30 pm", "5:15 p.m.", "3:00 PM"]


@SETTINGS
@given(closing=st.sampled_from(CLOSING), time=st.sampled_from(PM_LATER))
def test_a_12_hour_closing_after_the_plan_keeps_the_pass(closing: str, time: str) -> None:
    text = f"{closing} {time}."
    assert dining(after(text)), text


@SETTINGS
@given(closing=st.sampled_from(CLOSING), time=st.sampled_from(PM_EARLIER))
def test_a_12_hour_closing_before_the_plan_still_fails(closing: str, time: str) -> None:
    text = f"{closing} {time}."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    ["They close at 17:00.", "They close at 5 pm tonight.", "Note that they close at 17:00."],
)
def test_a_plural_close_before_the_plan_denies_it(text: str) -> None:
    assert not dining(after(text)), text


def test_a_plural_close_after_the_plan_keeps_the_pass() -> None:
    assert dining(after("They close at 22:00, so there's no rush."))
    assert dining(after("They close at 10 pm."))


@pytest.mark.parametrize(
    ("window", "honest"),
    [
        ("Green Fork only has tables from 7:30 pm.", False),
        ("Green Fork has tables from 6:00 pm.", False),
        ("Green Fork has tables from 5:00 pm.", True),
        ("Green Fork has tables from 5:30 pm.", True),
    ],
)
def test_a_window_edge_in_12_hour_words_is_read_in_its_half_of_the_day(
    window: str, honest: bool
) -> None:
    """A window from a later time than the plan's 17:30, written with "pm" after it, denies
    the plan (once read as 07:30, it passed); an edge at or before 17:30 is why it works."""
    assert dining(after(window)) is honest, window
