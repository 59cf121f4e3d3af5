"""Someone declining the plan in plain words, in both planning domains.

An answer that states a plan and says a guest or participant declined it ("Raj declined.",
"Jerry prefers not to come", "Raj has other plans tonight", "Jerry is a no") states a plan for
part of the group: ``plan_for_part_of_group`` in dining and in scheduling, the same words read
once by :func:`checkers.left_out.absent` (its ``_declined`` alternatives). Before they were read,
every such answer passed both domains (seen failing on the code before: 17 tails, 4 positions).
A dining guest making do or staying for part of the dinner in other words ("Zoë will have to
stick to the sides", "he'll only stay for drinks") is the dining reader's
(``domains/dining/left_out._LED``).

The honest twins (a decline of something else: "declined the wine pairing", "said no to the
tasting menu", "has other plans after dinner"; a preference: "would rather sit by the window")
pass.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.results import Outcome
from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_review_probes_planning_1205 import FENCED, NP6, SLOT, STORY

GUESTS = ("Ana", "Björn", "José", "Zoë", "Mei", "Raj")
PARTICIPANTS = ("Thomas", "Dylan", "Jerry")
DECLINES = (
    "prefers not to come",
    "would prefer not to attend",
    "would rather not join",
    "would rather skip this one",
    "'d rather skip it",
    "declined",
    "has declined",
    "opted out",
    "has dropped out",
    "bowed out",
    "pulled out",
    "backed out of it",
    "is passing on this one",
    "will pass",
    "is a no",
    "RSVP'd no",
    "said no",
    "doesn't want to come",
    "isn't interested",
    "has other plans",
    "will stay home",
)
"""Tails after a name that decline the plan, each ending its clause or naming the plan."""
CLOSERS = (".", ", sadly.", " after all.", ", so plan for the rest.", "")
"""What may end the clause. "tonight" only in dining: in scheduling it names another day than
the slot's, and a sentence about another day says nothing of the slot."""
HONEST = (
    "declined the wine pairing.",
    "said no to the tasting menu.",
    "has other plans after that, so the time suits.",
    "will pass the menu around.",
    "isn't interested in dessert.",
    "can't wait to join.",
    "prefers the window table.",
    "would rather sit by the window.",
    "opted for the tasting menu.",
    "never says no to good food.",
    "would rather not sit outside.",
)
"""Tails after a name that decline something else, or state a preference: no decline."""


def judged(domain: str, said: str, after: bool) -> tuple[bool, set[str]]:
    """Whether ``said`` beside the domain's good plan (after it or before it) passes, and the
    reason codes of what failed."""
    plan = FENCED if domain == "dining" else SLOT
    text = f"{plan}\n\n{said}" if after else f"{said}\n\n{plan}"
    if domain == "dining":
        verdict = judge_everyone_ate(STORY, Transcript(final_text=text), 1.0)
    else:
        verdict = judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0)
    failed = [r for s in verdict.subjects for r in s.results if r.outcome is not Outcome.PASS]
    return verdict.passed, {result.reason_code for result in failed}


@given(
    st.sampled_from(
        [("dining", name, closer) for name in GUESTS for closer in (*CLOSERS, " tonight.")]
        + [("scheduling", name, closer) for name in PARTICIPANTS for closer in CLOSERS]
    ),
    st.sampled_from(DECLINES),
    st.booleans(),
)
def test_someone_declining_fails_the_plan(
    who: tuple[str, str, str], decline: str, after: bool
) -> None:
    """Before the plan the decline is read as such; after it, some fail as a plan taken back
    ("Raj would rather skip this one" after the plan is ``plan_withdrawn``): a fail either way."""
    domain, name, closer = who
    passed, codes = judged(domain, f"{name} {decline}{closer}", after)
    assert not passed, (domain, name, decline, closer, after)
    if not after:
        assert "plan_for_part_of_group" in codes, (domain, name, decline, codes)


@pytest.mark.parametrize("tail", HONEST)
@pytest.mark.parametrize("after", [True, False])
def test_declining_something_else_passes_both(tail: str, after: bool) -> None:
    assert judged("dining", f"Raj {tail}", after)[0]
    assert judged("scheduling", f"Jerry {tail}", after)[0]


MAKING_DO = (
    "Zoë will have to stick to the sides.",
    "Zoë can stick to the salad.",
    "Raj says he'll only stay for drinks.",
    "Raj will just stay for dessert.",
)
"""A guest making do or there for part of the dinner, in words the reader did not hold."""
STAYING = (
    "Raj will stay for dessert too.",
    "Zoë will stick to the plan.",
    "Everyone will stay for coffee.",
)


@pytest.mark.parametrize("said", MAKING_DO)
@pytest.mark.parametrize("after", [True, False])
def test_a_guest_making_do_fails_the_dinner(said: str, after: bool) -> None:
    passed, codes = judged("dining", said, after)
    assert not passed and "plan_for_part_of_group" in codes, (said, codes)


@pytest.mark.parametrize("said", STAYING)
@pytest.mark.parametrize("after", [True, False])
def test_staying_on_passes_the_dinner(said: str, after: bool) -> None:
    assert judged("dining", said, after)[0], said
