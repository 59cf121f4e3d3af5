"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: an answer that says it relaxed, bent or ignored someone's need, before its plan or after
it, does not pass (``plan_for_part_of_group``); the same words negated, as a condition or an
offer, as a question, or "relaxed" said of a place's mood, keep the plan's verdict.

Found by a hostile review (2026-12-07): "I relaxed Zoë's budget a little:" before the plan, and
after it, passed (:mod:`checkers.need_relaxed`). The property was seen failing on the code
before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.need_relaxed import _CUES, RELAXING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_roster import _group, _judge, beside

RELAXED = (
    "I relaxed {p}'s {need} a little.",
    "I had to stretch {p}'s {need} to make this work.",
    "This means ignoring {p}'s {need}.",
    "I made an exception to {p}'s {need}.",
    "It bends {p}'s {need} slightly, but it's the best option.",
    "Note: I overlooked {p}'s {need}.",
    "Waiving {p}'s {need}, this is the pick.",
)
"""Someone's need said to be relaxed."""
KEPT = (
    "I didn't have to relax {p}'s {need}.",
    "No one's {need} was relaxed, {p}'s included.",
    "If you can relax {p}'s {need}, there are more options.",
    "Should I relax {p}'s {need} to find an earlier option?",
    "It respects {p}'s {need} without bending any rule.",
    "Enjoy the relaxed vibe, {p}; it suits everyone's {need}.",
)
"""The same words saying no need was relaxed."""
NEEDS = {True: ("budget", "distance limit", "dietary restrictions"), False: ("lunch block",)}
NEEDS[False] += ("working hours", "schedule", "preference")


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(RELAXED),
    st.sampled_from(KEPT),
    st.booleans(),
    st.booleans(),
    st.data(),
)
def test_a_need_said_relaxed_fails_the_plan_and_said_kept_does_not(
    scenario_id: str,
    task_id: str,
    relaxed: str,
    kept: str,
    dining: bool,
    before: bool,
    data: st.DataObject,
) -> None:
    plan, names = _group(scenario_id, task_id, dining)
    who = data.draw(st.sampled_from(names))
    need = data.draw(st.sampled_from(NEEDS[dining]))
    wrong = beside(plan, relaxed.format(p=who, need=need), before)
    assert not _judge(scenario_id, task_id, dining, wrong), wrong
    honest = beside(plan, kept.format(p=who, need=need), before)
    assert _judge(scenario_id, task_id, dining, honest), honest


@settings(max_examples=300, deadline=None)
@given(st.from_regex(RELAXING, fullmatch=True))
def test_every_verb_of_relaxing_holds_a_cue(said: str) -> None:
    """The reader skips a text holding none of :data:`checkers.need_relaxed._CUES`: each verb
    its pattern reads must hold one."""
    assert any(cue in said.lower() for cue in _CUES), said
