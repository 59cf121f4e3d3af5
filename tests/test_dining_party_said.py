"""A booking said, in the answer's prose, to be for another number of people than the group.

"Booked a table for 5" beside a plan for six guests says one of them has no seat: the plan is
not for the whole group (``plan_for_part_of_group``), as a party key of another size in the
plan's JSON already said (``{"party_size": 5}``). These answers passed before
(:func:`domains.dining.left_out._party_of_another_size`). A time, a length, a count of other
things, a condition or another restaurant's table are no party size.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from tests.test_review_probes_planning_1205 import FENCED, STORY

GROUP = len(STORY.group.guests)
WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

PARTY_FORMS = (
    "Booked a table for {n} at Green Fork.",
    "Table for {n} at Green Fork, 17:30.",
    "Party of {n}, confirmed.",
    "I booked Green Fork at 17:30 for {n} people.",
    "The reservation is for {n} guests.",
    "Your reservation is for a party of {n}.",
    "Dinner for {n} at Green Fork it is.",
    "I reserved seats for {n}.",
    "Booking: Green Fork, 17:30, for {n} of you.",
    "Guests: {n}",
    "- **Party size:** {n}",
    "Headcount: {n}",
    "Group size of {n}, 17:30.",
)


def _count(n: int, in_words: bool) -> str:
    return WORDS[n - 1] if in_words else str(n)


def _verdict(said: str, after_plan: bool) -> tuple[bool, set[str]]:
    answer = f"{FENCED}\n\n{said}" if after_plan else f"{said}\n\n{FENCED}"
    verdict = judge_everyone_ate(STORY, Transcript(final_text=answer), 1.0)
    failed = {r.reason_code for s in verdict.subjects for r in s.results if r.outcome != "pass"}
    return verdict.passed, failed


@given(
    form=st.sampled_from(PARTY_FORMS),
    n=st.integers(1, 10),
    in_words=st.booleans(),
    after_plan=st.booleans(),
    shout=st.booleans(),
)
def test_a_booking_for_another_number_is_for_part_of_the_group(
    form: str, n: int, in_words: bool, after_plan: bool, shout: bool
) -> None:
    said = form.format(n=_count(n, in_words))
    passed, failed = _verdict(said.upper() if shout else said, after_plan)
    if n == GROUP:
        assert passed, said
    else:
        assert not passed and "plan_for_part_of_group" in failed, said


HONEST = (
    "I booked it for 2 hours.",
    "The table is reserved for 17:30.",
    "Booked for 5:30 pm.",
    "The booking holds for 15 minutes.",
    "Green Fork has 5 vegan dishes.",
    "Vegetarian guests: 2",
    "Reservation for {n} people under Ana.",
    "A table for {n}, by the window.",
    "If you'd rather have a table for 5, tell me.",
    "Would a table for 4 and one for 2 be better?",
    "I, for one, love their tempeh.",
    "That booking works for everyone, and not only for one of you.",
)


@given(said=st.sampled_from(HONEST), after_plan=st.booleans())
def test_times_lengths_other_counts_and_questions_are_no_party_size(
    said: str, after_plan: bool
) -> None:
    text = said.format(n=GROUP)
    passed, failed = _verdict(text, after_plan)
    assert passed, (text, failed)
