"""Someone declining the plan, or away or ill as things stand, in plain words, in both
planning domains.

An answer that states a plan and says a guest or participant declined it ("Raj declined.",
"Jerry prefers not to come", "Raj has other plans tonight", "Jerry is a no") states a plan for
part of the group: ``plan_for_part_of_group`` in dining and in scheduling, the same words read
once by :func:`checkers.left_out.absent` (its ``_declined`` alternatives). Before they were read,
every such answer passed both domains (seen failing on the code before: 17 tails, 4 positions).
Someone away or ill with no other time said ("Raj is out of town", "Jerry is on vacation this
week", "Mei is sick", "José has the flu", "Raj is stuck in Berlin") is read the same way
(``_AWAY_NOW``): before, every such answer passed both domains; "Raj is travelling but back by
17:00", "Jerry was sick last week", "He's away next week" and a time ruled out ("Mornings are
out") pass. A dining guest making do or staying for part of the dinner in other words ("Zoë
will have to stick to the sides", "he'll only stay for drinks") is the dining reader's
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


def assert_fails(domain: str, said: str, after: bool) -> None:
    """``said`` fails the plan: as a plan for part of the group before it; after it, some words
    are read first as the plan taken back or denied ("Raj would rather skip this one":
    ``plan_withdrawn``), a fail either way."""
    passed, codes = judged(domain, said, after)
    assert not passed, (domain, said, after)
    if not after:
        assert "plan_for_part_of_group" in codes, (domain, said, codes)


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
    domain, name, closer = who
    assert_fails(domain, f"{name} {decline}{closer}", after)


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


AWAY = (
    "is out",
    "is out of town",
    "is travelling",
    "is on vacation",
    "'s on leave",
    "is abroad",
    "is sick",
    "is out sick",
    "is unwell",
    "is in the hospital",
    "has the flu",
    "is down with a cold",
    "is at a conference",
    "is away",
    "will be away",
    "is stuck in Berlin",
    "is still in Tokyo",
    "is OOO",
    "is out of office",
)
"""Tails after a name that say the person is away or ill as things stand."""
AWAY_CLOSERS = (".", " this week.", " at the moment.", ", so book for the rest.", " today.")
NOT_AWAY = (
    "is travelling but back in time.",
    "was sick last week but is fine now.",
    "was away last week.",
    "is away from the office until 14:00.",
    "is back from vacation.",
    "is sick of pizza.",
    "is still in the mood for it.",
    "is out of the woods.",
    "isn't sick.",
)
"""Tails that say nothing of now: another time, a past state, a figure of speech."""


@given(
    st.sampled_from(
        [("dining", name) for name in GUESTS] + [("scheduling", name) for name in PARTICIPANTS]
    ),
    st.sampled_from(AWAY),
    st.sampled_from(AWAY_CLOSERS),
    st.booleans(),
)
def test_someone_away_fails_the_plan(
    who: tuple[str, str], away: str, closer: str, after: bool
) -> None:
    domain, name = who
    if domain == "scheduling" and closer == " today.":
        closer = "."  # "today" names a day in scheduling: see checkers.left_out._AWAY_ENDS
    space = "" if away.startswith("'") else " "
    assert_fails(domain, f"{name}{space}{away}{closer}", after)


@pytest.mark.parametrize("tail", NOT_AWAY)
@pytest.mark.parametrize("after", [True, False])
def test_away_at_another_time_passes_both(tail: str, after: bool) -> None:
    assert judged("dining", f"Raj {tail}", after)[0]
    assert judged("scheduling", f"Jerry {tail}", after)[0]


@pytest.mark.parametrize("said", ["Mornings are out.", "Lunch is out.", "Evenings are out."])
def test_a_time_ruled_out_is_no_one_away(said: str) -> None:
    assert judged("scheduling", said, True)[0] and judged("scheduling", said, False)[0]


UNSERVED = (
    "{n} will go hungry.",
    "The menu is mostly meat; {n} will manage.",
    "{n} will have to pay more than she wanted.",
    "It's a bit far for {n}, but worth it.",
    "It's too far for {n}, sadly.",
    "Nothing on the menu suits {n}.",
    "There's nothing {n} can eat.",
    "There's nothing for {n} to eat there.",
)
"""A dining guest said not to be served by the plan in words the reader did not hold: going
hungry or managing (making do), paying more than wanted or travelling too far (a limit passed),
nothing suiting them."""
SERVED = (
    "{n} will manage the booking.",
    "It's not too far for {n}.",
    "There's nothing for {n} to worry about.",
    "{n} lives far from here but has a car.",
    "{n} will love it; nothing to worry about.",
    "Other places were too far for {n}.",
    "The rest were over {n}'s budget.",
    "Ember & Oak is closer, though it is too far for {n} by bus.",
)
"""Honest: served, or the limit passed by other plans (the subject, or the back reference)."""


@given(st.sampled_from(GUESTS), st.sampled_from(UNSERVED), st.booleans())
def test_a_guest_not_served_in_other_words_fails_the_dinner(
    guest: str, form: str, after: bool
) -> None:
    assert_fails("dining", form.format(n=guest), after)


@pytest.mark.parametrize("form", SERVED)
@pytest.mark.parametrize("after", [True, False])
def test_a_guest_served_passes_the_dinner(form: str, after: bool) -> None:
    assert judged("dining", form.format(n="Mei"), after)[0], form


@pytest.mark.parametrize(
    "said",
    [
        "I first considered Umi. Mei will be a bit late.",
        "The rest of us will go ahead without Raj.",
    ],
)
def test_a_guest_left_out_after_another_plan_is_named_still_fails(said: str) -> None:
    """Only a limit passed with no subject of its own ("Too far for Mei.") is read of the plan
    named last before it; a guest's own words are the guest's, and the others going on without
    a guest leave that guest out. After the plan, the stated plan is the last one named."""
    assert not judged("dining", said, False)[0]
    assert not judged("dining", said.split(". ")[-1], True)[0]
