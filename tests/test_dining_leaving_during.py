"""A guest or the whole group leaving inside the dinner's hours: the plan is not for all of it.

The story group's good plan is Green Fork (r03) at 17:30, and the group dines for two hours
(``duration_minutes``): 17:30 - 19:30. "Ana has to leave at 18:15", "The group leaves at 19:00"
or "Ana leaves work at 18:00" after it passed (each guest's requirements were met, and no reader
took leaving at a time for missing part of the dinner): either way a guest misses part of it,
so the answer is ``plan_for_part_of_group`` (:func:`domains.dining.left_out._leaving_during`).
Leaving at or before the start is as often setting out for the dinner, and at or after its end a
limit the plan keeps: both pass, as do a question and a case considered ("If Ana has to leave
at 18:00, ...").

A guest said to be late beside a time that is a limit of theirs ("Ana finishes at 18:00, so
she'll be a bit late") passed too: the time was read as another plan's, which the lateness was
then said of. A time after "finishes", "stops", "is free from", a few words on, is a limit.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.test_dining_left_out_classes import SETTINGS, _answer, _code
from tests.test_review_probes_planning_1205 import dining

START, END = 17 * 60 + 30, 19 * 60 + 30
"""The story plan's dinner: 17:30 to 19:30."""
SUBJECTS = {
    "Ana": "s",
    "José": "s",
    "She": "s",
    "The group": "s",
    "The whole party": "s",
    "Everyone": "s",
    "We": "",
    "We all": "",
}
"""Who leaves, and the ending a verb takes after them."""
LEAVES = (
    "leave{s} at {t}",
    "has to leave at {t}",
    "needs to leave by {t}",
    "will head home at {t}",
    "must be out by {t}",
    "leave{s} work at {t}",
    "'ll leave around {t}",
    "will leave the table at {t}",
)


def clock(minutes: int, twelve: bool) -> str:
    hour, minute = divmod(minutes, 60)
    if twelve:
        return f"{hour % 12 or 12}:{minute:02d} pm"
    return f"{hour}:{minute:02d}"


def leaving(subject: str, form: str, minutes: int, twelve: bool) -> str:
    ending = SUBJECTS[subject]
    verb = form.format(s=ending, t=clock(minutes, twelve))
    if not ending:  # "We has to" -> "We have to"
        verb = verb.replace("has to", "have to").replace("needs to", "need to")
    return f"{subject}{'' if verb.startswith(chr(39)) else ' '}{verb}."


@SETTINGS
@given(
    subject=st.sampled_from(sorted(SUBJECTS)),
    form=st.sampled_from(LEAVES),
    minutes=st.integers(START + 1, END - 1),
    twelve=st.booleans(),
    after=st.booleans(),
)
def test_leaving_inside_the_dinner_is_for_part_of_the_group(
    subject: str, form: str, minutes: int, twelve: bool, after: bool
) -> None:
    text = _answer(leaving(subject, form, minutes, twelve), after)
    assert not dining(text), text
    assert _code(text) == "plan_for_part_of_group", (text, _code(text))


@SETTINGS
@given(
    subject=st.sampled_from(sorted(SUBJECTS)),
    form=st.sampled_from(LEAVES),
    minutes=st.integers(END, 23 * 60),
    twelve=st.booleans(),
)
def test_leaving_at_or_after_the_end_passes(
    subject: str, form: str, minutes: int, twelve: bool
) -> None:
    text = _answer(leaving(subject, form, minutes, twelve), after=True)
    assert dining(text), (text, _code(text))


@SETTINGS
@given(
    subject=st.sampled_from(sorted(SUBJECTS)),
    form=st.sampled_from([f for f in LEAVES if "head home" not in f and "table" not in f]),
    minutes=st.integers(12 * 60, START),
)
def test_leaving_at_or_before_the_start_passes(subject: str, form: str, minutes: int) -> None:
    """Setting out for the dinner ("We leave at 17:00"). Heading home or leaving the table
    before the dinner starts the final word reads as another time offered (fails closed)."""
    text = _answer(leaving(subject, form, minutes, twelve=False), after=True)
    assert dining(text), (text, _code(text))


@SETTINGS
@given(
    lead=st.sampled_from(["If Ana has to leave at {t}, ", "Does Ana have to leave at {t}? "]),
    minutes=st.integers(START + 1, END - 1),
)
def test_leaving_asked_or_considered_passes(lead: str, minutes: int) -> None:
    text = _answer(lead.format(t=clock(minutes, twelve=False)) + "Green Fork is a good pick.", True)
    assert dining(text), (text, _code(text))


@SETTINGS
@given(
    name=st.sampled_from(["Ana", "Björn", "Mei"]),
    limit=st.sampled_from(
        ["finishes at", "finishes work at", "stops working at", "is free from", "wraps up at"]
    ),
    minutes=st.integers(START + 1, END - 1),
    late=st.sampled_from(["she'll be a bit late", "she will be 20 minutes late"]),
)
def test_late_beside_a_limit_of_the_guests_is_for_part_of_the_group(
    name: str, limit: str, minutes: int, late: str
) -> None:
    sentence = f"{name} {limit} {clock(minutes, twelve=False)}, so {late}."
    text = _answer(sentence, after=True)
    assert _code(text) == "plan_for_part_of_group", (text, _code(text))
