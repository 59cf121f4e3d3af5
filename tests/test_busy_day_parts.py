"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: someone said to be busy for a part of the day the plan shares a minute with ("Jerry is
booked all afternoon", "Raj is busy this evening") is left out; a part of the day the plan
does not touch ("busy all morning" of an afternoon slot) leaves no one out.

Found by a hostile review (2026-12-07): "Jerry is booked all afternoon." passed beside the
14:30 slot, before it and after it: the busy reader read clock times only
(:data:`checkers.busy_spans.DAY_PARTS`). The property was seen failing on the code before.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.busy_spans import DAY_PARTS
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_plan_length import _dinner
from tests.test_roster import _group, _judge, beside

FORMS = (
    "{p} is booked all {part}.",
    "{p} is busy the whole {part}.",
    "{p} is in meetings all {part}.",
    "{p} is tied up this {part}.",
)
"""Someone busy for a part of the day ``{part}``."""


def _window(scenario_id: str, task_id: str, dining: bool) -> tuple[int, int]:
    """The plan's start and end, in minutes."""
    if dining:
        _, _, start, length = _dinner(scenario_id)
        return start, start + length
    slot = (TASKS[task_id].golden or "").rpartition(", ")[2]
    begin, _, end = slot.partition(" - ")
    return tuple(int(h) * 60 + int(m) for h, m in (t.split(":") for t in (begin, end)))  # type: ignore[return-value]


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(FORMS),
    st.sampled_from(sorted(set(DAY_PARTS) - {"tonight", "day"})),
    st.booleans(),
    st.booleans(),
    st.data(),
)
def test_busy_for_a_part_of_the_day_the_plan_touches_leaves_them_out(
    scenario_id: str,
    task_id: str,
    form: str,
    part: str,
    dining: bool,
    before: bool,
    data: st.DataObject,
) -> None:
    plan, names = _group(scenario_id, task_id, dining)
    who = data.draw(st.sampled_from(names))
    start, end = _window(scenario_id, task_id, dining)
    said = form.format(p=who, part=part)
    text = beside(plan, said, before)
    low, high = DAY_PARTS[part]
    touches = low < end and high > start
    assert _judge(scenario_id, task_id, dining, text) is not touches, (text, start, end)


def test_the_parts_of_the_day_cover_it_in_order() -> None:
    parts = [DAY_PARTS[p] for p in ("morning", "afternoon", "evening", "night")]
    assert all(a[1] == b[0] for a, b in itertools.pairwise(parts))
