"""Dining reads "the plan is not for everyone" once: every form (a guest not coming, "works for
5 of the 6", "suits everyone except Raj", "this plan doesn't suit Ana", a guest late or making
do, a claim that no plan suits everyone) goes through one filter, stated or not
(``domains/dining/left_out.py``: ``_stated``), then one test of which plan it is said of
(``domains/dining/judge.py``: ``_not_for_everyone``).

Until 2026-12-06 the first forms were read apart, without the filter: "If José can't make it,
just let me know and I'll update the booking." failed as ``plan_for_part_of_group`` (a case
considered, no fact: a false FAIL of a common closing line), while "José can't make it
tonight." and "... anyway", "... after all", "José won't be at the dinner" passed (a guest's
not coming read only right before a stop: false PASSES). A condition governs only its own
clause: "If you'd like, I can book it now; José can't make it." still fails. Both properties
were seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, dining

GUESTS = ("Ana", "Björn", "José", "Zoë", "Mei", "Raj")
NOT_COMING = (
    "{who} can't make it",
    "{who} cannot come",
    "{who} won't be able to join us",
    "{who} isn't coming",
    "{who} is not joining us",
    "{who} won't be there",
    "{who} won't be at the dinner",
    "{who} is unable to attend",
)
"""A guest said not to come: the plan is for part of the group."""
CLOSERS = ("", " tonight", " anyway", " after all", " this time", " either", " today")
"""Words that may close the saying."""
PLAIN = (
    "{said}.",
    "Unfortunately, {said}.",
    "Just so you know, {said}, so it's five of you.",
    "If you'd like, I can book it now; {said}.",
    "If that suits you, I'll confirm. {said_up}.",
)
"""The saying stated (a condition before it governs an earlier clause or sentence): fails."""
CONSIDERED = (
    "If {said}, just let me know and I'll update the booking.",
    "If {said}, tell me and I'll change the reservation.",
    "In case {said}, I can adjust the party size.",
    "If it turns out that {said}, let me know.",
)
"""The saying as a case considered, in its own clause: no fact, passes."""
SERVES_SOME = (
    "it works for 5 of the 6",
    "Green Fork suits everyone except Raj",
    "this plan doesn't suit Ana",
    "the booking leaves out Mei",
)
"""The plan said to serve some of the group."""


def said(form: str, who: str, closer: str) -> str:
    return form.format(who=who) + closer


@settings(max_examples=300, deadline=None)
@given(
    form=st.sampled_from(NOT_COMING),
    who=st.sampled_from(GUESTS),
    closer=st.sampled_from(CLOSERS),
    frame=st.sampled_from(PLAIN),
)
def test_a_guest_said_not_to_come_fails(form: str, who: str, closer: str, frame: str) -> None:
    words = said(form, who, closer)
    text = frame.format(said=words, said_up=words[:1].upper() + words[1:])
    assert not dining(f"{FENCED}\n\n{text}"), text


@settings(max_examples=300, deadline=None)
@given(
    words=st.sampled_from(NOT_COMING).flatmap(
        lambda form: st.builds(said, st.just(form), st.sampled_from(GUESTS), st.just(""))
    )
    | st.sampled_from(SERVES_SOME),
    frame=st.sampled_from(CONSIDERED),
)
def test_the_same_as_a_case_considered_passes(words: str, frame: str) -> None:
    text = frame.format(said=words)
    assert dining(f"{FENCED}\n\n{text}"), text


@settings(max_examples=100, deadline=None)
@given(words=st.sampled_from(SERVES_SOME), frame=st.sampled_from(PLAIN[:4]))
def test_the_plan_said_to_serve_some_fails(words: str, frame: str) -> None:
    text = frame.format(said=words, said_up=words)
    text = text[:1].upper() + text[1:]
    assert not dining(f"{FENCED}\n\n{text}"), text


def test_a_guest_free_only_from_the_plans_time_is_no_guest_left_out() -> None:
    honest = (
        "José can't make it before 17:30, so 17:30 works for him.",
        "José can't make it to Umi in time, so I picked Green Fork.",
        "Does this work for 5 of the 6? No: it works for all six.",
    )
    for text in honest:
        assert dining(f"{FENCED}\n\n{text}"), text
