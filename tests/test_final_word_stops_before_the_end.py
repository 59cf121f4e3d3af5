"""A participant or the plan's place said to stop before the plan can be had, after a stated
plan (2026-12-06): false PASSes of the final-answer readers, beside the honest notes that keep
the pass. The plans: scheduling Monday 14:30 - 15:30, dining Green Fork (r03) at 17:30 (see
``tests/test_review_probes_planning_1205.py``).

- ``person_stops_before_the_end``: a participant who stops working, taking calls, leaves, logs
  off or is done for the day before the slot's end ("Jerry stops working at 14:00", "Jerry
  leaves the office at 15:00") cannot attend it. "stops" plus one word made a limit whatever
  the time (:data:`checkers.plan_words.STRONG_BOUND`), so the time passed as no other slot's.
  Now the slot is denied (``_someone_stops_early`` in ``domains/scheduling/answers.py``). A
  stop at or after the end keeps the pass, as does the end of someone's commitment before the
  slot ("Dylan's last call ends at 14:00": busy before, free at the slot) and the meeting's own
  end ("The meeting stops at 15:30").
- ``stop_at_the_slot_start``: the same stop at the slot's own start ("Dylan stops taking calls
  at 14:30") named only the slot's time, so nothing read it; now denied by the same reading.
- ``place_stops_at_the_plan_start``: the plan's place said to stop taking people at the plan's
  own start ("they stop taking reservations at 17:30" for 17:30) was read like the last seating
  at it; a stop, like a closing, now denies the plan (:func:`checkers.final_word._early_close`,
  the ``stop`` group of :data:`checkers.plan_words.CLOSING_EDGE`). "Last seating is at 17:30"
  still passes: the plan is that seating.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import dining, slot
from tests.test_review_probes_planning_1206 import after, after_slot

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PERSON = ["Jerry", "Dylan", "Thomas", "He", "She"]
ADVERBS = ["", " usually", " normally", " has to", " needs to"]
STOPS = [
    "stops working",
    "stop working",
    "stops taking calls",
    "stop taking meetings",
    "stops for the day",
    "stop",
    "finishes work",
    "finish work",
    "wraps up for the day",
    "leaves the office",
    "leave work",
    "logs off",
    "signs off for the day",
    "heads home",
]
BEFORE_THE_END = ["13:00", "14:00", "14:30", "15:00", "15:15", "2 pm", "3 pm", "2:30 pm"]
AT_OR_AFTER_THE_END = ["15:30", "16:00", "17:00", "18:00", "5 pm", "5:30 pm"]
TAILS = ["", " on Monday", ", so plan around that"]


def _conjugated(person: str, adverb: str, stops: str) -> str:
    """``stops`` in the form its subject takes: third person after a name or he/she, bare
    after a modal ("has to stop working")."""
    words = stops.split(" ", 1)
    verb, rest = words[0], words[1:]
    bare = verb[:-2] if verb.endswith(("shes", "ches")) else verb.rstrip("s")
    if verb in ("stop", "leave", "finish"):
        bare = verb
    if adverb.strip() in ("has to", "needs to"):
        form = bare
    else:
        form = bare + ("es" if bare.endswith(("sh", "ch")) else "s")
    return " ".join([f"{person}{adverb}", form, *rest])


@SETTINGS
@given(
    person=st.sampled_from(PERSON),
    adverb=st.sampled_from(ADVERBS),
    stops=st.sampled_from(STOPS),
    time=st.sampled_from(BEFORE_THE_END),
    tail=st.sampled_from(TAILS),
)
def test_a_person_stopping_before_the_slot_ends_fails(
    person: str, adverb: str, stops: str, time: str, tail: str
) -> None:
    text = f"{_conjugated(person, adverb, stops)} at {time}{tail}."
    assert not slot(after_slot(text)), text


@SETTINGS
@given(
    person=st.sampled_from(PERSON),
    adverb=st.sampled_from(ADVERBS),
    stops=st.sampled_from(STOPS),
    time=st.sampled_from(AT_OR_AFTER_THE_END),
    tail=st.sampled_from(TAILS),
)
def test_a_person_stopping_at_or_after_the_slot_end_keeps_the_pass(
    person: str, adverb: str, stops: str, time: str, tail: str
) -> None:
    text = f"{_conjugated(person, adverb, stops)} at {time}{tail}."
    assert slot(after_slot(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Jerry stops working at 14:00.",
        "Jerry finishes work at 14:00.",
        "Jerry leaves the office at 15:00.",
        "Dylan stops taking calls at 14:30.",
        "Jerry stops at 14:00.",
        "Jerry leaves at 15:00, so keep it short.",
        "Note: Dylan logs off at 3 pm.",
    ],
)
def test_probes_a_person_stopping_before_the_end(text: str) -> None:
    assert not slot(after_slot(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Jerry stops working at 17:00.",
        "Dylan's last call ends at 14:00.",
        "Dylan's last call ends at 14:00, so he is free for the whole slot.",
        "The meeting stops at 15:30.",
        "The meeting ends at 15:30.",
        "Jerry stops working at 15:30, right when the meeting ends.",
        "Jerry stops working at 14:00 on Fridays.",
        "Jerry stops working at 17:00 on Mondays.",
        "Jerry is busy until 14:00.",
        "Jerry stops by at 14:00 to set up the room.",
    ],
)
def test_honest_scheduling_controls(text: str) -> None:
    assert slot(after_slot(text)), text


PLACE = ["They", "Green Fork", "The restaurant", "Note that they"]
PLACE_STOPS = [
    "stop taking reservations at",
    "stops taking reservations at",
    "stop seating guests at",
    "stops serving at",
    "stop accepting walk-ins at",
]


@SETTINGS
@given(place=st.sampled_from(PLACE), stops=st.sampled_from(PLACE_STOPS))
def test_a_place_stopping_at_the_plan_start_fails(place: str, stops: str) -> None:
    if place in ("Green Fork", "The restaurant"):
        stops = stops.replace("stop ", "stops ", 1)
    text = f"{place} {stops} 17:30."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "They stop taking reservations at 21:00.",
        "Last seating is at 17:30.",
        "Last orders are at 21:30.",
        "Green Fork stops serving at 22:00, so there's no rush.",
    ],
)
def test_honest_dining_controls(text: str) -> None:
    assert dining(after(text)), text
