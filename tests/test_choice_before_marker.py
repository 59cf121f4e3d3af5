"""Over every one of the 310 scheduling tasks: reasoning before the "proposed time:" marker that
leaves the user a choice of the slot and another time offers two slots (``several_slots``);
reasoning that names other times as busy or turned down does not.

Found passing (2026-12-07): "Either slot (14:30 or 15:00) is fine:" then "Here is the proposed
time: Monday, 14:30 - 15:30"; the reasoning before the marker was read only for a denial of the
slot (``domains/scheduling/answers.py``, ``_choice_before``). The property was seen failing on
the code before.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.test_busy_tables import _clock, _slot
from tests.test_needs_said_broken_anywhere import TASKS
from tests.test_plan_struck_or_without import _scheduling

CHOICES = (
    "Either slot ({a} or {b}) is fine:",
    "Both {a} and {b} work for everyone.",
    "{b} also works, but {a} is earlier.",
    "{a} or {b}: your call.",
    "Any of these work: {a}, {b}.",
    "Whichever you prefer, {a} or {b}.",
)
"""A choice of the slot's start ``{a}`` and another time ``{b}``."""
HONEST = (
    "Either way, {b} would be too late for {p}.",
    "Both {p} and {q} are free at {a}.",
    "I checked {b}, but {p} is busy then.",
    "Either {b} or later won't work for {p}.",
    "{a} works for everyone.",
)
"""Reasoning that names other times only as turned down, or the slot alone."""


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(CHOICES),
    st.sampled_from(HONEST),
    st.sampled_from((-90, -60, -30, 30, 60, 120)),
)
def test_a_choice_of_slots_before_the_marker_offers_two(
    task_id: str, choice: str, honest: str, shift: int
) -> None:
    golden = TASKS[task_id].golden or ""
    _, start, end = _slot(task_id)
    other = min(max(start + shift, 0), 23 * 60)
    assume(other not in (start, end))  # the slot's own end is read as the slot's
    names = [participant.name for participant in TASKS[task_id].participants]
    fill = {"a": _clock(start), "b": _clock(other), "p": names[0], "q": names[-1]}
    offered = f"{choice.format(**fill)}\n{golden}"
    assert not _scheduling(task_id, offered), offered
    reasoned = f"{honest.format(**fill)}\n{golden}"
    assert _scheduling(task_id, reasoned), reasoned
