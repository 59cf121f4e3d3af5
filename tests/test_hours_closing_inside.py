"""Opening hours said of the plan's place that are open at the dinner's start but close inside
it ("Hours: 16:00\u201319:00." of a dinner from 17:30 to 19:30) cut the dinner short: dining's
``everyone_ate`` fails them as ``plan_other_length`` (:func:`checkers.plan_length.ended_otherwise`,
reading :data:`checkers.plan_words.OPEN_HOURS` with :func:`checkers.final_word.opening_hours`),
as it fails "Green Fork closes at 18:30"; hours closing at or after the dinner's end pass.

Found by review (2026-12-08): such hours passed (only hours shutting out the start failed).
The property was seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, _beside_plan, _plan

FORMS = (
    "Hours: {o}\u2013{c}.",
    "Opening hours: {o}-{c}.",
    "{r} is open {o} to {c}.",
    "Open daily {o}\u2013{c}.",
    "{r} is open from {o} until {c}.",
)


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _bounds(scenario_id: str) -> tuple[int, int]:
    """The dinner's start and end in minutes after midnight."""
    scenario = DINING.load_scenario(scenario_id)
    _, _, time = _plan(scenario)
    hours, minutes = map(int, time.split(":"))
    start = hours * 60 + minutes
    return start, start + scenario.group.duration_minutes


SAME_DAY = tuple(s for s in SERVED_IN_FULL if _bounds(s)[0] >= 60 and _bounds(s)[1] < 24 * 60)
"""Scenarios whose dinner starts after 01:00 and ends before midnight."""


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(SAME_DAY),
    st.sampled_from(FORMS),
    st.integers(0, 6),
    st.data(),
    st.booleans(),
)
def test_hours_closing_inside_the_dinner_cut_it_short(
    scenario_id: str, form: str, earlier: int, data: st.DataObject, after: bool
) -> None:
    scenario = DINING.load_scenario(scenario_id)
    start, end = _bounds(scenario_id)
    name = _plan(scenario)[1]
    opens = max(0, start - 60 * earlier)
    inside = data.draw(st.integers(start + 1, end - 1))
    said = form.format(o=_clock(opens), c=_clock(inside), r=name)
    verdict = _beside_plan(scenario, said, after)
    assert not verdict.passed, said
    assert "plan_other_length" in [p.code for p in verdict.problems], said
    late = data.draw(st.integers(end, 24 * 60 - 1))
    said = form.format(o=_clock(opens), c=_clock(late), r=name)
    verdict = _beside_plan(scenario, said, after)
    assert verdict.passed, (said, [p.code for p in verdict.problems])
