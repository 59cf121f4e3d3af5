"""A suggestion put as a negative question offers the plan it names
(:data:`checkers.plan_words.NEGATIVE_SUGGESTION`).

"Why not Umi at 18:00?", "Why don't we try 18:00?", "Wouldn't 18:00 be nicer?", "Isn't 18:00
better?", "Couldn't we do 18:00?" and "Don't you think 18:00 is better?" ask the user to agree
with another plan: beside the stated one, the answer offers two. Until 2026-12-06 (afternoon)
the question's own "not" was read as a rejection of what followed it, so all of them passed
dining, before the stated plan and after it (false PASSES); the property below was seen failing
on that code. A negative question whose other words rule the plan out ("Isn't 19:30 too late
for José?", "Why not Ember & Oak? It has nothing vegetarian for Ana.") still passes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, dining

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
