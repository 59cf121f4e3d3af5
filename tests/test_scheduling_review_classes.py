"""Scheduling's own reading of a final answer: the classes the 2026-12-06 review closed
(``tests/test_review_probes_scheduling_1206.py``), each held by a property that generates many
forms of it, with honest controls and near forms. Every answer holds np-6's good slot (Monday
14:30 - 15:30), which passes alone.

- someone left out: after the slot (or before it, in a paragraph naming no other day or time),
  a participant who cannot attend, will miss it or part of it, will be late or leave early, or
  the slot said to suit only some ("Everyone except Jerry", "two of the three"), a clash
  admitted or a participant made optional ("Jerry has a conflict", "Jerry is optional"):
  ``plan_for_part_of_group``;
- a claim before the "proposed time" marker that no slot suits everyone ("No slot works for
  everyone, so here's the best compromise"): ``plan_and_no_plan``;
- a slot said to hold only if a participant changes their calendar: ``slot_on_a_condition``;
- another slot named by its place next to this one ("the next hour", "the slot after that")
  or a time in words no reader read ("from three to four", "a quarter to four"): another slot;
- the slot's end said as another slot's start ("Starting at 15:30 would also work"): another
  slot;
- the day apart from its range by markdown emphasis, a colon or a "Time:" field: one slot.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.scheduling.answers import read_answer
from tests.test_review_probes_planning_1205 import SLOT, slot

JSON_SLOT = '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```'
NAMES = st.sampled_from(("Jerry", "Dylan", "Thomas"))
SLOTS = st.sampled_from((SLOT, JSON_SLOT, "**Proposed time:** Monday, 14:30 - 15:30"))


def codes(text: str) -> list[str]:
    return [p.code for p in read_answer(text).problems]


# --- someone left out ---------------------------------------------------------------------------

LEFT_OUT_FORMS = (
    "{n} can't attend, but the other two can.",
    "{n} cannot make it.",
    "{n} won't be able to join.",
    "{n} isn't able to attend, unfortunately.",
    "{n} is not coming.",
    "{n} will have to miss this one.",
    "{n} will miss the first 15 minutes.",
    "{n} has to miss the start.",
    "{n} will be 15 minutes late.",
    "{n} will be a bit late.",
    "{n} can join a little late.",
    "{n} can only join late.",
    "{n} will have to leave early.",
    "{n} needs to step out 10 minutes early.",
    "{n} can only stay for the first half.",
    "{n} can only join for the last 20 minutes.",
    "Everyone except {n} is free then.",
    "Everyone but {n} can make it.",
    "All but {n} are available.",
    "It suits everybody apart from {n}.",
    "Two of the three participants are free then.",
    "This works for 2 out of 3 people.",
    "This works for most of the team.",
)
HONEST_NOTES = (
    "{n} might be a couple of minutes late.",
    "{n} may need to leave right at 15:30.",
    "No one is left out: all three are free.",
    "Everyone, including {n}, is free then.",
    "Everyone is free then except for {n}'s 16:00 meeting, which comes after.",
    "{n} can't meet before 14:30.",
    "{n} will miss the morning stand-up, but that's unrelated.",
    "If {n} can't make it, let me know.",
    "Let me know if that doesn't work for {n}.",
    "All three of them are free then.",
    "Any earlier and {n} can't make it.",
    "{n} would miss it if we met any earlier.",
    "{n} won't miss anything: the meeting ends before his next call.",
    "Nobody has to leave early.",
    "{n} will miss his lunch break, but he said that's fine.",
)


@given(SLOTS, st.sampled_from(LEFT_OUT_FORMS), NAMES)
def test_someone_left_out_after_the_slot_fails(plan: str, form: str, name: str) -> None:
    text = f"{plan}\n\n{form.format(n=name)}"
    assert "plan_for_part_of_group" in codes(text), text


@given(st.sampled_from(LEFT_OUT_FORMS), NAMES)
def test_someone_left_out_in_the_lead_in_fails(form: str, name: str) -> None:
    text = f"About the slot below: {form.format(n=name)}\n\n{SLOT}"
    assert not slot(text), text


@given(SLOTS, st.sampled_from(HONEST_NOTES), NAMES)
def test_honest_notes_about_a_participant_pass(plan: str, form: str, name: str) -> None:
    text = f"{plan}\n\n{form.format(n=name)}"
    assert slot(text), (text, codes(text))


@pytest.mark.parametrize(
    "text",
    [
        f"Monday, 9:00 - 10:00 is out: Jerry can't attend.\n\n{SLOT}",
        f"- 9:00 - 10:00: Jerry busy\n- Jerry can't attend that one\n\n{SLOT}",
        f"Option A (11:00 - 12:00): Dylan will be late.\n\n{SLOT}",
        f"Everyone except Jerry is free all day, so Jerry decides.\n\n{SLOT}",
        f"Two of the three participants have open calendars.\n\n{SLOT}",
        f"Jerry's calendar is the tightest: he can only join late in the afternoon.\n\n{SLOT}",
    ],
)
def test_who_misses_another_slot_in_the_reasoning_passes(text: str) -> None:
    assert slot(text), (text, codes(text))


CLASHES = (
    "{n} has a conflict, but he can probably move it.",
    "{n} has a small clash with it.",
    "{n} is double-booked.",
    "This slot overlaps slightly with {n}'s block.",
    "It clashes with {n}'s stand-up.",
    "The only catch: {n} is still in his 11:30-15:00 block at the start.",
    "{n} is the only one with a conflict.",
    "There is a minor overlap for {n}.",
    "Attendees: the others ({n} optional).",
    "{n} is optional for this one.",
    "{n} can be briefed afterwards.",
    "{n} is excused.",
)
NO_CLASHES = (
    "No one has a conflict then.",
    "Nobody has a clash with it.",
    "There's no clash with {n}'s 16:00 meeting.",
    "To avoid a clash with {n}'s block, it starts at 14:30.",
    "It doesn't overlap with {n}'s block.",
    "This avoids any overlap with {n}'s blocks.",
    "{n}'s one conflict ends at 14:30.",
    "{n} has a conflict at 16:00, so we end by 15:30.",
    "{n} has a conflict right after.",
    "{n}'s calendar shows a conflict-free afternoon.",
    "{n} is not required to prepare anything.",
    "{n} is busy in the morning but has no conflict in the afternoon.",
)


@given(SLOTS, st.sampled_from(CLASHES), NAMES)
def test_a_clash_or_absence_admitted_fails(plan: str, form: str, name: str) -> None:
    text = f"{plan}\n\n{form.format(n=name)}"
    assert {"plan_for_part_of_group", "plan_negated"} & set(codes(text)), text


@given(SLOTS, st.sampled_from(NO_CLASHES), NAMES)
def test_a_clash_denied_or_elsewhere_passes(plan: str, form: str, name: str) -> None:
    text = f"{plan}\n\n{form.format(n=name)}"
    assert slot(text), (text, codes(text))


# --- a claim before the marker ------------------------------------------------------------------

NO_SLOT_CLAIMS = (
    "No slot works for everyone, so here's the best compromise.",
    "There is no time that works for everyone.",
    "Unfortunately, there's no window where all three are free.",
    "I couldn't find a time when all three are free.",
    "I was unable to find a slot that suits everyone.",
    "It isn't possible to find a time that suits everyone.",
    "It is impossible to schedule a time for everybody.",
    "There's no perfect slot, but this is the closest:",
    "No ideal time exists; this is the best compromise.",
)
HONEST_LEAD_INS = (
    "I found a time that works for everyone.",
    "No other slot works for everyone.",
    "No earlier slot works for all three.",
    "There is no slot before 14:30 that works for everyone.",
    "No slot works in the morning.",
    "Nothing works before 14:30 because of Jerry.",
    "There's no conflict for anyone.",
    "Is there no slot that suits everyone? There is:",
    "I couldn't find any conflicts: everyone is free then.",
    "There are no time conflicts for everyone at 14:30.",
    "I couldn't find an earlier time that works for everyone.",
)


@given(st.sampled_from(NO_SLOT_CLAIMS), st.sampled_from(("", "After checking: ")))
def test_no_slot_claim_before_the_marker_fails(claim: str, lead: str) -> None:
    text = f"{lead}{claim}\n\n{SLOT}"
    assert "plan_and_no_plan" in codes(text), text


@given(st.sampled_from(HONEST_LEAD_INS))
def test_honest_lead_ins_pass(lead: str) -> None:
    text = f"{lead}\n\n{SLOT}"
    assert slot(text), (text, codes(text))


# --- a slot on a condition ----------------------------------------------------------------------

CONDITION_LEADS = ("provided", "provided that", "as long as", "only if", "but only if", "assuming")
CHANGES = (
    "can move his afternoon call",
    "agrees to shorten his block",
    "reschedules his afternoon sync",
    "is willing to skip the stand-up",
    "frees up the afternoon",
    "can push his call back",
)


@given(SLOTS, st.sampled_from(CONDITION_LEADS), NAMES, st.sampled_from(CHANGES))
def test_slot_on_someones_change_fails(plan: str, lead: str, name: str, change: str) -> None:
    text = f"{plan}\n\nThis holds {lead} {name} {change}."
    assert "slot_on_a_condition" in codes(text), text


@pytest.mark.parametrize(
    "note",
    [
        "This holds as long as nobody adds new meetings.",
        "Assuming the calendars are up to date, everyone is free.",
        "If Jerry's meeting moves, I can look again.",
        "Let me know if anyone needs to reschedule.",
    ],
)
def test_honest_conditions_pass(note: str) -> None:
    text = f"{SLOT}\n\n{note}"
    assert slot(text), (text, codes(text))


# --- another slot next to this one, a time in words ---------------------------------------------

RELATIVE = (
    "the following hour",
    "the next hour",
    "the next available slot",
    "the slot after that",
    "the slot right after this one",
    "the half hour after it",
    "the hour before it",
    "the previous slot",
)
OFFERED = ("is free for everyone as well", "works too", "would also do", "is also open")
WORDED_OTHER = (
    "from three to four",
    "between four and five",
    "at three pm",
    "at four p.m.",
    "at a quarter to four",
    "at half past four",
    "at a quarter past three",
    "at four-thirty",
    "at three forty-five",
)


@given(SLOTS, st.sampled_from(RELATIVE), st.sampled_from(OFFERED))
def test_another_slot_next_to_this_one_fails(plan: str, relative: str, offered: str) -> None:
    text = f"{plan}\n\nP.S. {relative.capitalize()} {offered}."
    assert not slot(text), text


@given(SLOTS, st.sampled_from(WORDED_OTHER), st.sampled_from(OFFERED))
def test_another_time_in_words_fails(plan: str, worded: str, offered: str) -> None:
    text = f"{plan}\n\nA meeting {worded} {offered}."
    assert not slot(text), text


@pytest.mark.parametrize(
    "note",
    [
        "Jerry is busy the following hour.",
        "Jerry is booked the hour after it.",
        "The following hour is blocked for Jerry.",
        "This is the next available slot after Jerry's block.",
        "That is half past two to half past three.",
        "The meeting runs from half past two until half past three.",
        "It starts at two-thirty.",
        "Two of the three busy blocks are before noon.",
    ],
)
def test_own_times_in_words_and_busy_neighbours_pass(note: str) -> None:
    text = f"{SLOT}\n\n{note}"
    assert slot(text), (text, codes(text))


# --- the end said as a start -------------------------------------------------------------------

END_AS_START = (
    "Starting at {t} would also work.",
    "A {t} start would be fine as well.",
    "We could also start at {t}.",
    "It could just as well begin at {t}.",
    "(Or kick off at {t}.)",
)
END_FORMS = ("15:30", "15:30 ")
"""24-hour forms; every other clock form of the end ("3:30 pm", "15h30", "half past three") is
held by ``tests/test_scheduling_named_subset.py``."""


@given(SLOTS, st.sampled_from(END_AS_START), st.sampled_from(END_FORMS))
def test_the_end_said_as_a_start_is_another_slot(plan: str, form: str, end: str) -> None:
    text = f"{plan}\n\n{form.format(t=end)}"
    assert not slot(text), text


@pytest.mark.parametrize(
    "note",
    [
        "Dylan's next call starts at 15:30.",
        "The meeting ends at 15:30.",
        "We start at 14:30 and finish at 15:30.",
        "Starting at 14:30, the meeting runs until 15:30.",
        "It starts at 14:30 and wraps up at 15:30.",
        "The 15:30 end leaves Jerry time before his 16:00 meeting.",
    ],
)
def test_the_end_said_as_an_end_passes(note: str) -> None:
    text = f"{SLOT}\n\n{note}"
    assert slot(text), (text, codes(text))


# --- the day apart from its range ---------------------------------------------------------------

LAYOUTS = (
    "**{d}**, {r}",
    "**{d}**, **{r}**",
    "{d}: {r}",
    "**{d}:** {r}",
    "*{d}*: {r}",
    "**Day:** {d}\n**Time:** {r}",
    "- Day: {d}\n- Time: {r}",
    "Day: {d}, Time: {r}",
    "**Day**: {d}  \n**When**: {r}",
)
RANGES = ("14:30 - 15:30", "14:30\u201315:30", "2:30 PM - 3:30 PM", "from 14:30 to 15:30")


@given(st.sampled_from(LAYOUTS), st.sampled_from(RANGES), st.sampled_from(("", "Proposed time: ")))
def test_day_apart_from_its_range_is_one_slot(layout: str, rng: str, marker: str) -> None:
    text = marker + layout.format(d="Monday", r=rng)
    assert slot(text), (text, codes(text))


@given(st.sampled_from(LAYOUTS))
def test_day_apart_from_two_ranges_is_no_slot(layout: str) -> None:
    text = layout.format(d="Monday", r="14:30 - 15:30 or 15:00 - 16:00")
    assert not slot(text), text


@given(st.sampled_from(LAYOUTS))
def test_day_apart_from_its_range_is_still_judged(layout: str) -> None:
    """The slot read is judged: Monday 9:00 - 10:00 clashes with Jerry."""
    text = layout.format(d="Monday", r="9:00 - 10:00")
    assert read_answer(text).read == {"day": "Monday", "start": "9:00", "end": "10:00"}, text
    assert not slot(text), text
