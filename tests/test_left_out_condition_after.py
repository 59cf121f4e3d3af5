"""Someone missing the plan only in a case where the plan is not had, in both planning domains
(:data:`checkers.left_out.PLAN_OFF`, read after the words by
:func:`checkers.left_out.of_no_plan` and before them by :func:`checkers.left_out.hedged`).

"José will miss dinner if the booking fails, so I've confirmed it" says nothing of the plan
the answer gives: the case is one with no such plan. Until 2026-12-06 (night) it failed dining
as a plan for part of the group (a false FAIL, ``miss_under_a_late_condition`` in
``tests/test_review_probes_dining_1206e.py``), as did the same case said first ("If the booking
fails, José will miss dinner": a condition of an earlier clause was read as holding nothing
back), the same words of a slot ("Jerry will miss the meeting if the slot moves") and other
words of someone left out ("Jerry can be briefed later if the slot moves", "Jerry might miss
it if the slot moves", "Raj can join for dessert if the booking fails"). Both properties were
seen failing on the code before.

A case of the person ("if he can't leave work"), a case denied ("if we don't go elsewhere":
this plan) or one that reaches the plan ("if it's at six or later") is no such case: the words
are said of this plan, and fail it, as "If he can't leave work, José will miss it" always did.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers import left_out
from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

DOMAINS = {
    "dining": (dining, ("Ana", "José", "Mei"), "dinner"),
    "scheduling": (slot, ("Jerry", "Thomas", "Dylan"), "meeting"),
}
PLANS = {"dining": FENCED, "scheduling": SLOT}
PLAN_OFF = (
    "if the booking fails",
    "if the booking somehow fails",
    "should the booking fail",
    "if the reservation falls through",
    "if the reservation fell through",
    "if it gets cancelled",
    "if the {event} is canceled",
    "if they cancel",
    "in case the booking doesn't go through",
    "in the event that the booking isn't confirmed",
    "if we can't get the table",
    "if we don't get confirmed",
    "if the plan doesn't hold",
    "if it doesn't happen",
    "if our reservation is lost",
    "if the restaurant is full",
    "if the invite gets declined",
    "if the {event} is moved",
    "if the {event} gets pushed",
    "if the {event} is bumped",
    "if the plan changes",
    "if the {event} is rescheduled",
    "if it moves",
    "if it's any later",
    "if it were earlier",
    "if we go elsewhere",
    "if we book somewhere else",
    "if we pick another one instead",
    "only if the booking fails",
)
"""A case in which the plan is not had, each word of :data:`checkers.left_out.PLAN_OFF`."""
SAID = (
    "{who} will miss the {event}",
    "{who} will be a bit late",
    "{who} can't make it,",
    "{who} has to leave early",
    "{who} will sit this one out",
    "{who} can be briefed later",
)
"""Someone said to miss the plan or part of it (a comma where the words want one after)."""


def _sentence(said: str, case: str, first: bool) -> str:
    if first:
        return f"{case[0].upper()}{case[1:]}, {said.rstrip(',')}."
    return f"{said} {case}, so I've booked it."


READ_AFTER_THE_PLAN = ("isn't confirmed", "instead")
"""Cases whose words the answer's final word reads after the plan whatever this reader says
(:func:`checkers.final_word.final_word`: "isn't confirmed" as the plan negated, "instead" as
the plan corrected): tried before the plan only."""


@settings(max_examples=300, deadline=None)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    case=st.sampled_from(PLAN_OFF),
    said=st.sampled_from(SAID),
    at=st.integers(0, 2),
    first=st.booleans(),
    after_the_plan=st.booleans(),
)
def test_words_said_of_a_case_with_no_plan_pass(
    domain: str, case: str, said: str, at: int, first: bool, after_the_plan: bool
) -> None:
    judge, people, event = DOMAINS[domain]
    plan = PLANS[domain]
    words = said.format(who=people[at], event=event)
    sentence = _sentence(words, case.format(event=event), first)
    if after_the_plan:
        assume(not any(word in case for word in READ_AFTER_THE_PLAN))
        # "Should the booking fail, Jerry can't make it." after the plan: final_word reads
        # "can't make it" as the plan negated (its own hedges want "if").
        assume(not (first and case.startswith("should") and "can't" in said))
    text = f"{plan}\n\n{sentence}" if after_the_plan else f"{sentence}\n\n{plan}"
    assert judge(text), text


STILL_SAID = (
    "{who} will miss the {event}, so book without him.",
    "{who} will miss the {event} if he can't leave work, which he can't.",
    "{who} will miss the {event} if he can't leave work.",
    "{who} will miss the {event} if his train is late.",
    "{who} will miss the {event} unless he leaves work early.",
    "{who} will miss the {event} if we don't go elsewhere.",
    "{who} will miss the {event} if we do not move it.",
    "{who} will be late if it's at six or later.",
    "{who} will miss the {event} if we book it.",
    "If he can't leave work, {who} will miss the {event}.",
    "If the booking fails, I'll call you; {who} will be late.",
)
"""Someone missing this plan: said plainly, or in a case of theirs, or in a case denied or
reaching the plan."""


@settings(max_examples=120, deadline=None)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    form=st.sampled_from(STILL_SAID),
    at=st.integers(0, 2),
)
def test_words_said_of_this_plan_still_fail(domain: str, form: str, at: int) -> None:
    judge, people, event = DOMAINS[domain]
    said = form.format(who=people[at], event=event)
    text = f"{PLANS[domain]}\n\n{said}"
    assert not judge(text), text


def test_a_case_of_it_not_working_out_before_the_plan_passes() -> None:
    """("If it doesn't work out" after the plan is read as another plan by the answer's final
    word, :func:`checkers.final_word.final_word`, whatever this reader says.)"""
    said = "José will miss dinner if it doesn't work out, so I've booked it."
    assert dining(f"{said}\n\n{FENCED}"), said
    said = "Jerry will miss the meeting if it doesn't work out, so I've booked it."
    assert slot(f"{said}\n\n{SLOT}"), said


PLAN_OFF_WORDS = (
    *(f"{cond} the booking fails" for cond in ("if", "in case", "should", "in the event")),
    "in the event that the booking fails",
    *(f"if {det} booking fails" for det in ("our", "my", "this", "that", "your")),
    "if the 17:30 booking fails",
    *(f"if the {noun} fails" for noun in ("reservation", "plan", "table", "slot", "meeting")),
    *(f"if the {noun} fails" for noun in ("call", "dinner", "meal", "invite", "time")),
    *(f"if the {noun} fails" for noun in ("restaurant", "place", "venue")),
    *(f"if {who} cancel" for who in ("we", "I", "you", "they")),
    "if it's cancelled",
    "if we're bumped",
    "should it fail",
    "if it failed",
    "if it falls through",
    "if they fall through",
    "if it fell through",
    "if it's canceled",
    "if they move it",
    "if it's moved",
    "if it moves",
    "if it's pushed",
    "if we change it",
    "if it's changed",
    "if it changes",
    "if it's rescheduled",
    "if it's declined",
    "if the table is lost",
    "if it's full",
    *(
        f"if {it} {verb}"
        for it, verb in (
            ("it", "doesn't go through"),
            ("it", "doesn't go ahead"),
            ("I", "can't confirm"),
            ("it", "isn't confirmed"),
            ("it", "won't be confirmed"),
            ("it", "is not confirmed"),
            ("we", "cannot book"),
            ("it", "wasn't booked"),
            ("we", "can't reserve"),
            ("it", "isn't reserved"),
            ("we", "don't get the table"),
            ("it", "doesn't hold"),
            ("it", "doesn't happen"),
            ("it", "doesn't work out"),
            ("it", "were earlier"),
            ("it's", "any later"),
            ("we", "book instead"),
            ("we", "go elsewhere"),
            ("we", "go somewhere else"),
        )
    ),
)
"""Each word of :data:`checkers.left_out.PLAN_OFF`, said once with the plainest others."""
NOT_PLAN_OFF = (
    "if he can't leave work",
    "if his train is late",
    "if we don't go elsewhere",
    "if it never moves",
    "if it's no later",
    "if it's at six or later",
    "unless the booking fails",
)
"""Cases of this plan: the person's own, denied, reaching the plan, or turned by "unless"."""
PATTERN = left_out.absent(r"(?:Jerry|[Tt]hey)", "meeting")


@pytest.mark.parametrize("case", PLAN_OFF_WORDS)
def test_each_case_with_no_plan_holds_the_words_back(case: str) -> None:
    after = f"Jerry will miss the meeting {case}, so I kept it."
    said = PATTERN.search(after)
    assert said is not None and left_out.of_no_plan(after, said.end()), after
    first = f"{case[0].upper()}{case[1:]}, Jerry will miss the meeting."
    assert left_out.hedged(first, 0, first.index("Jerry")), first


@pytest.mark.parametrize("case", NOT_PLAN_OFF)
def test_a_case_of_this_plan_holds_nothing_back(case: str) -> None:
    after = f"Jerry will miss the meeting {case}, so I kept it."
    said = PATTERN.search(after)
    assert said is not None and not left_out.of_no_plan(after, said.end()), after
    first = f"{case[0].upper()}{case[1:]}, Jerry will miss the meeting."
    assert not left_out.hedged(first, 0, first.index("Jerry")), first
