"""A suggestion put as a negative question offers the plan it names
(:data:`checkers.plan_words.NEGATIVE_SUGGESTION`).

"Why not Umi at 18:00?", "Why don't we try 18:00?", "Wouldn't 18:00 be nicer?", "Isn't 18:00
better?", "Couldn't we do 18:00?" and "Don't you think 18:00 is better?" ask the user to agree
with another plan: beside the stated one, the answer offers two. Until 2026-12-06 (afternoon)
the question's own "not" was read as a rejection of what followed it, so all of them passed
dining, before the stated plan and after it (false PASSES); the property below was seen failing
on that code. A negative question whose other words rule the plan out ("Isn't 19:30 too late
for José?", "Why not Ember & Oak? It has nothing vegetarian for Ana.") still passes.

Scheduling reads the same questions after its slot as another slot offered ("Wouldn't 16:00 be
nicer?", "Why not Tuesday at 10:00?" after np-6's Monday 14:30 - 15:30): it did on the code of
2026-12-06 (evening) by hand, untested until then; the scheduling property below holds it. A
question answered busy right after it ("Why not 16:00? Jerry is busy then.") offers nothing.
Before the slot's marker a question is reasoning, which scheduling does not read.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

OPENERS = (
    "Why not {part}?",
    "Why not just go with {part}?",
    "Why don't we try {part}?",
    "Why can't we do {part}?",
    "Why wouldn't {part} work?",
    "Wouldn't {part} be nicer?",
    "Isn't {part} better?",
    "Couldn't we do {part}?",
    "Can't we do {part}?",
    "Don't you think {part} is better?",
    "Won't {part} suit everyone?",
    "Should we not go with {part}?",
    "And why not {part} too?",
    "Or, why not {part}?",
)
"""A suggestion of ``{part}`` put as a negative question."""
PARTS = ("18:00", "Umi at 18:00", "Umi Sushi Bar", "Marigold at 18:00", "r06 at 18:00")
"""Another plan of story-six, or a part of one (Green Fork at 17:30 is the stated plan)."""


@settings(max_examples=200, deadline=None)
@given(opener=st.sampled_from(OPENERS), part=st.sampled_from(PARTS), after=st.booleans())
def test_a_negative_question_suggesting_another_plan_offers_it(
    opener: str, part: str, after: bool
) -> None:
    question = opener.format(part=part)
    text = f"{FENCED}\n\n{question}" if after else f"{question}\n\n{FENCED}"
    assert not dining(text), text


@pytest.mark.parametrize(
    "said",
    [
        "Isn't 19:30 too late for José?",
        "Wouldn't Umi be too far for Mei?",
        "Why not Ember & Oak? It has nothing vegetarian for Ana.",
        "Not 19:30, since José leaves at 21:00.",
        "Isn't it great that Green Fork works for everyone?",
        "Why not try the vegan tasting menu?",
        "Wouldn't it be nice to arrive a bit early?",
    ],
)
@pytest.mark.parametrize("after", [True, False])
def test_a_negative_question_that_rules_the_plan_out_or_names_none_passes(
    said: str, after: bool
) -> None:
    text = f"{FENCED}\n\n{said}" if after else f"{said}\n\n{FENCED}"
    assert dining(text), text


SLOT_PARTS = (
    "16:00",
    "16:00 - 17:00",
    "15:00",
    "9:30",
    "Tuesday",
    "Tuesday at 10:00",
    "Thursday, 14:30 - 15:30",
    "3 pm",
    "a 15:30 start",
)
"""Another slot of np-6, or part of one (Monday 14:30 - 15:30 is the stated slot)."""


@settings(max_examples=200, deadline=None)
@given(opener=st.sampled_from(OPENERS), part=st.sampled_from(SLOT_PARTS))
def test_a_negative_question_suggesting_another_slot_offers_it(opener: str, part: str) -> None:
    question = opener.format(part=part)
    text = f"{SLOT}\n\n{question}"
    assert not slot(text), text


@pytest.mark.parametrize(
    "said",
    [
        "Why not start at 15:30?",
        "Why not just start at 15:30?",
        "How about starting at 15:30?",
        "Wouldn't starting at 15:30 be nicer?",
        "Couldn't we start at 15:30 instead?",
    ],
)
def test_a_suggested_start_at_the_slots_end_offers_the_next_slot(said: str) -> None:
    """The slot's end suggested as a start names the slot after it. Until 2026-12-06
    (evening) only a sentence opening with the start word or a subject ("Starting at 15:30
    would also work", "we could start at 15:30") was read so: "Why not start at 15:30?",
    "How about starting at 15:30?" and "Wouldn't starting at 15:30 be nicer?" passed (false
    PASSES, seen on that code)."""
    text = f"{SLOT}\n\n{said}"
    assert not slot(text), text


@pytest.mark.parametrize(
    "said",
    [
        "Why not 16:00? Jerry is busy then.",
        "Why not 9:00? Jerry is busy until 11:00.",
        "Isn't it great that everyone is free then?",
        "Wouldn't it be nice to have an agenda?",
    ],
)
def test_a_negative_question_answered_busy_or_naming_no_slot_passes(said: str) -> None:
    text = f"{SLOT}\n\n{said}"
    assert slot(text), text
