"""Over every bundled dining scenario a plan serves in full and every scheduling task: someone of
the group said to skip the plan, bail on it, sit it out, or marked absent after a colon or dash
(alone or in a roster) fails the plan; the same words of a dish, a course or a need do not.

Found passing (2026-12-07), each after a plan that serves everyone: "Ana is skipping.", "Ana
sits this one out.", "Ana is sitting this one out.", "Ana bails.", "Ana: skipping",
"Roster: - Ana: skipping - Björn: coming" (:func:`checkers.left_out.absent`,
:mod:`checkers.roster`). The property was seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_plan_struck_or_without import _dining, _dining_plan, _scheduling
from tests.test_roster import beside

ABSENT = (
    "{p} is skipping.",
    "{p}'s skipping this one.",
    "{p} will skip.",
    "{p} skips, sadly.",
    "{p} sits this one out.",
    "{p} is sitting this one out.",
    "{p} bails.",
    "{p} bailed on us.",
    "{p} is bailing, unfortunately.",
    "{p}: skipping",
    "{p} - out sick",
    "{p}: unavailable.",
    "Roster:\n- {p}: skipping\n- {q}: coming",
    "Headcount: {q} (in), {p} (can't make it)",
    "RSVP: {q} yes, {p} (late)",
)
"""Someone of the group ``{p}`` left out, beside another ``{q}``."""
HONEST = (
    "{p} is skipping dessert but loves the mains.",
    "{p}: happy with the choice.",
    "{p} - all set.",
    "{p} bailed us out by suggesting it.",
    "Roster:\n{everyone}",
)
"""Their honest twins: the same words of something else, or everyone in (``{everyone}``:
a line "- <name>: coming" for each)."""


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(ABSENT),
    st.sampled_from(HONEST),
    st.booleans(),
    st.booleans(),
)
def test_someone_said_to_skip_or_marked_absent_fails_the_plan(
    scenario_id: str, task_id: str, absent: str, honest: str, before: bool, dining: bool
) -> None:
    if dining:
        plan, _ = _dining_plan(scenario_id)
        names = [guest.name for guest in DINING.load_scenario(scenario_id).group.guests]
    else:
        plan = TASKS[task_id].golden or ""
        names = [participant.name for participant in TASKS[task_id].participants]
    who, other = names[-1], names[0]
    assume(who != other or "{q}" not in absent)  # a group of one has no one beside

    def judge(text: str) -> bool:
        return _dining(scenario_id, text) if dining else _scheduling(task_id, text)

    assert judge(plan), plan
    denied = beside(plan, absent.format(p=who, q=other), before)
    assert not judge(denied), denied
    everyone = "\n".join(f"- {name}: coming" for name in names)
    kept = beside(plan, honest.format(p=who, q=other, everyone=everyone), before)
    assert judge(kept), kept
