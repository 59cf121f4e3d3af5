"""A scheduling answer that says its own slot breaks a participant's requirement.

Beside np-6's good slot (Monday 14:30 - 15:30, a one-hour meeting of Thomas, Dylan and Jerry),
"The slot is outside Jerry's work hours", "This cuts into Dylan's focus time", "Jerry would be
double-booked", "It is only 30 minutes long", "It's earlier than Dylan would like" or, before
the slot, "Monday doesn't work for Jerry" say the answer's own slot does not meet what the task
asks: the answer does not stand by one slot everyone can attend. Before, every such sentence
passed before the slot and most passed after it. Now each fails
(``plan_for_part_of_group`` when a participant is named, ``plan_negated`` or ``several_slots``
otherwise), read by :func:`domains.scheduling.answers._need_broken`.

A preference said broken ("a bit late in the day for Jerry", "earlier than Dylan would like")
fails too: in the task a participant's preference is a requirement the checks hold the slot
to, so an answer saying its slot breaks one says it is not a slot for everyone.

The same words said of another slot ("11:00 is outside Jerry's work hours, so I chose 14:30"),
denied ("Nobody is double-booked"), asked or put under a condition, or of another day
("Tuesday doesn't work for Jerry") pass before the slot as before.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from domains.scheduling import answers
from tests.test_declined_in_plain_words import PARTICIPANTS, judged

BREAKS = (
    "The slot is outside {p}'s work hours.",
    "That's past {p}'s working hours.",
    "It falls outside {p}'s working day.",
    "The slot isn't within {p}'s hours.",
    "It is not within {p}'s working hours.",
    "This isn't entirely inside {p}'s working day.",
    "This cuts into {p}'s focus time.",
    "It eats into {p}'s lunch break.",
    "The meeting overlaps with {p}'s lunch.",
    "14:30 clashes with {p}'s lunch.",
    "It conflicts with one of {p}'s meetings.",
    "This would clash with {p}'s focus block.",
    "{p} would be double-booked.",
    "It would double-book {p}.",
    "It's a bit late in the day for {p}.",
    "It's too early for {p}.",
    "It's earlier than {p} would like.",
    "This is later than {p} prefers.",
    "Monday doesn't work for {p}.",
    "It doesn't suit {p}.",
    "The slot doesn't meet {p}'s constraints.",
    "Unfortunately, it goes against {p}'s preference.",
)
"""Sentences saying the slot breaks a participant's ``{p}`` requirement."""
SHORT = (
    "It is only 30 minutes long.",
    "The slot is only 45 minutes.",
    "The slot is shorter than the hour requested.",
    "It's too short for the meeting.",
    "This window isn't long enough.",
)
"""Sentences saying the slot is shorter than the meeting."""
HONEST = (
    "11:00 is outside {p}'s work hours, so I chose 14:30.",
    "The slot is within everyone's work hours.",
    "It is within {p}'s working hours.",
    "Nobody is double-booked.",
    "{p} isn't double-booked.",
    "It doesn't clash with {p}'s lunch.",
    "It avoids {p}'s focus time.",
    "It's after {p}'s lunch.",
    "It starts after {p}'s last meeting.",
    "It ends before {p}'s working day ends.",
    "Tuesday doesn't work for {p}.",
    "Is it outside {p}'s work hours?",
    "If it ran past 17:00 it would be outside {p}'s work hours.",
    "{p} would be double-booked at 11:00, so I chose 14:30.",
    "A 30-minute slot at 10:00 was too short, so I chose 14:30.",
    "It's not too late for {p}.",
    "It isn't earlier than {p} would like.",
    "It is not outside anyone's work hours.",
    "Nothing overlaps with {p}'s lunch.",
    "Mornings don't work for {p}.",
    "It is a full hour long.",
    "It's just an hour.",
    "I made sure it's not during {p}'s lunch.",
    "It's late enough for {p}.",
    "The slot comes after {p}'s meetings are over.",
    "It's the only slot that doesn't overlap {p}'s meetings.",
    "This is only 30 minutes into {p}'s afternoon.",
    "It won't cut into anyone's focus time.",
)
"""Honest sentences about the same requirements: of another slot, denied, asked, under a
condition, of another day or part of it, or the slot's own length."""


@given(st.sampled_from(BREAKS), st.sampled_from(PARTICIPANTS), st.booleans())
def test_a_slot_said_to_break_a_participants_need_fails(
    said: str, person: str, after: bool
) -> None:
    passed, codes = judged("scheduling", said.format(p=person), after)
    assert not passed, (said, person, after)
    assert codes & {"plan_for_part_of_group", "plan_negated"}, (said, codes)


@given(st.sampled_from(SHORT), st.booleans())
def test_a_slot_said_to_be_shorter_than_the_meeting_fails(said: str, after: bool) -> None:
    passed, codes = judged("scheduling", said, after)
    assert not passed, (said, after)
    assert codes & {"plan_negated", "several_slots"}, (said, codes)


@given(st.sampled_from(HONEST), st.sampled_from(PARTICIPANTS))
def test_the_same_said_of_another_slot_denied_or_asked_passes_before_the_slot(
    said: str, person: str
) -> None:
    """Before the slot (after it, another time named is ``several_slots`` by rule 4)."""
    passed, codes = judged("scheduling", said.format(p=person), after=False)
    assert passed, (said, codes)


@given(
    st.sampled_from([s for s in HONEST if not re.search(r"\d|Tuesday", s)]),
    st.sampled_from(PARTICIPANTS),
)
def test_the_same_denied_or_asked_passes_after_the_slot(said: str, person: str) -> None:
    passed, codes = judged("scheduling", said.format(p=person), after=True)
    assert passed, (said, codes)


@settings(max_examples=150)
@given(st.data())
def test_every_text_a_need_pattern_finds_holds_one_of_its_cues(data: st.DataObject) -> None:
    """The cue words gate the patterns (:data:`domains.scheduling.answers._NEEDS`): every text
    a pattern finds holds one of them, lowered, so the reader may skip a sentence holding none."""
    need = data.draw(st.sampled_from(answers._NEEDS))
    pattern = need.pattern(PARTICIPANTS)
    text = data.draw(
        st.from_regex(pattern) | st.from_regex(pattern, alphabet=st.characters(codec="ascii"))
    )
    match = pattern.search(text)
    if match is not None:
        assert need.cued(match.group().lower()), (need.name, text)
