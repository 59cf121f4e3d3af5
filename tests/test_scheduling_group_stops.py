"""The participants together stopping before the slot's end deny it
(``domains/scheduling/answers.py``, ``_STOPS_EARLY`` with ``_GROUP_SUBJECT``).

"The team leaves at 15:00" after a 14:30 - 15:30 slot passed (a known limit until 2026-12-06:
a stop was read only of a person named or "he"/"she"): the whole group said to be gone half an
hour before the slot ends. Now "the team", "the group", "our team" and "we" are subjects of a
stop as a participant is; a stop at or after the slot's end is a limit the slot keeps.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domains.scheduling.answers import read_answer

SLOT = "Here is the proposed time: Monday, 14:30 - 15:30"
SUBJECTS = {
    "The team": "s",
    "Our team": "s",
    "The whole group": "s",
    "The group": "s",
    "We": "",
}
"""A subject for the participants together, and the ending its verb takes."""
STOPS = ("leave{s}", "stop{s} working", "log{s} off", "head{s} home", "finish{es} work")


def said(subject: str, stop: str, minutes: int) -> str:
    ending = SUBJECTS[subject]
    verb = stop.format(s=ending, es="es" if ending else "")
    return f"{SLOT}\n\n{subject} {verb} at {minutes // 60}:{minutes % 60:02d}."


@given(
    subject=st.sampled_from(sorted(SUBJECTS)),
    stop=st.sampled_from(STOPS),
    minutes=st.sampled_from([14 * 60 + 30, 14 * 60 + 45, 15 * 60, 15 * 60 + 15]),
)
def test_the_group_stopping_before_the_end_denies_the_slot(
    subject: str, stop: str, minutes: int
) -> None:
    answer = said(subject, stop, minutes)
    assert read_answer(answer).problems, answer


@given(
    subject=st.sampled_from(sorted(SUBJECTS)),
    stop=st.sampled_from(STOPS),
    minutes=st.sampled_from([15 * 60 + 30, 16 * 60, 17 * 60, 17 * 60 + 30]),
)
def test_the_group_stopping_at_or_after_the_end_keeps_it(
    subject: str, stop: str, minutes: int
) -> None:
    answer = said(subject, stop, minutes)
    assert not read_answer(answer).problems, answer
