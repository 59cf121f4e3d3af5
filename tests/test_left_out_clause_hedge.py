"""A condition governs only its own clause, in both planning domains
(:func:`checkers.left_out.hedged`).

"If Jerry is running late, let me know" considers a case: no one is said to be late. But in
"If needed, Jerry will join late", "When you send it, Jerry will be a bit late" and "If you'd
like, I can send the invite; Jerry will be late" the condition is of another clause, and
someone is said to miss part of the slot. Until 2026-12-06 a condition anywhere before the
words in their sentence held them back, so those passed (false PASSES, scheduling's four
readers and dining's); "Jerry won't be at the meeting" and "Jerry can't make it tonight" were
no absence in scheduling either (``checkers.left_out.absent``, now with dining's closers).
Both properties were seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

CONDITIONS = (
    "If needed, ",
    "When you send it, ",
    "If you'd like, I can send the invite; ",
    "Once it's booked - ",
    "In case you wondered: ",
)
"""A condition of a clause before the words."""
SAID = (
    "{who} will be 10 minutes late",
    "{who} will join late",
    "{who} can't make it",
    "{who} won't be at the {event}",
    "{who} can't make it tonight",
    "{who} has to leave early",
)
"""Someone said to miss the plan or part of it."""
CONSIDERED = (
    "If {said}, let me know and I'll move it.",
    "In case {said}, just tell me.",
)
"""The same words as a case considered, in the condition's own clause."""
DOMAINS = {
    "dining": (lambda text: dining(f"{FENCED}\n\n{text}"), ("Ana", "José", "Mei"), "dinner"),
    "scheduling": (lambda text: slot(f"{SLOT}\n\n{text}"), ("Jerry", "Thomas", "Dylan"), "meeting"),
}


def words(form: str, who: str, event: str) -> str:
    return form.format(who=who, event=event)


@settings(max_examples=200, deadline=None)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    condition=st.sampled_from(CONDITIONS),
    form=st.sampled_from(SAID),
    at=st.integers(0, 2),
)
def test_a_condition_of_an_earlier_clause_holds_nothing_back(
    domain: str, condition: str, form: str, at: int
) -> None:
    judge, people, event = DOMAINS[domain]
    text = f"{condition}{words(form, people[at], event)}."
    assert not judge(text), text


@settings(max_examples=100, deadline=None)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    frame=st.sampled_from(CONSIDERED),
    form=st.sampled_from(SAID[:3]),
    at=st.integers(0, 2),
)
def test_the_words_as_a_case_considered_pass(domain: str, frame: str, form: str, at: int) -> None:
    judge, people, event = DOMAINS[domain]
    text = frame.format(said=words(form, people[at], event))
    assert judge(text), text


CLAIMS = (
    "there's no perfect option",
    "no {plan} works for everyone",
    "I couldn't find a {plan} that suits all of us",
    "it isn't possible to find a {plan} that suits everyone",
)
"""A claim that no plan suits everyone, as both planning domains read it
(:func:`checkers.left_out.claims_none_for_all`); ``{plan}`` is what the domain calls a plan."""
PLAN_NOUN = {"dining": "restaurant", "scheduling": "slot"}


@settings(max_examples=150, deadline=None)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    condition=st.sampled_from(CONDITIONS),
    claim=st.sampled_from(CLAIMS),
)
def test_a_condition_of_an_earlier_clause_does_not_hide_a_claim_of_no_plan(
    domain: str, condition: str, claim: str
) -> None:
    """A claim of no plan after a condition of an earlier clause is said: "If you'd like, I can
    book it; there's no perfect option" concedes the plan suits not everyone (the condition is
    of the offer). Until 2026-12-06 (afternoon) a condition anywhere
    before the claim in its sentence held it back, so both domains passed it."""
    judge, _, _ = DOMAINS[domain]
    text = f"{condition}{claim.format(plan=PLAN_NOUN[domain])}."
    assert not judge(text), text


@settings(max_examples=50, deadline=None)
@given(domain=st.sampled_from(sorted(DOMAINS)), claim=st.sampled_from(CLAIMS))
def test_a_claim_of_no_plan_as_a_case_considered_holds_nothing_back(
    domain: str, claim: str
) -> None:
    """In the condition's own clause the claim is a case considered, not said: "If it turns
    out no slot works for everyone, let me know." passes."""
    judge, _, _ = DOMAINS[domain]
    text = f"If it turns out {claim.format(plan=PLAN_NOUN[domain])}, let me know."
    assert judge(text), text
