"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: a plan whose own JSON, or a label after it, says it does not hold fails.

Found by a hostile review (2026-12-07): ``"feasible": false``, ``"available": false``,
``"works_for_everyone": false``, ``"status": "rejected"``, ``"excluded": ["Mei"]``,
``"not_attending": ["Mei"]`` in the plan's JSON, and "Feasible: no." or "Works for everyone:
false" after it, passed. Their honest twins pass: the same keys saying yes or holding nothing
(``"conflicts": "none"``, ``"excluded": []``), a plan's own details valued false
(``"outdoor_seating": false``), "Feasible: yes.". "booked": false is no denial (a plan not yet
booked is a plan, as "Not booked yet." is).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_needs_said_broken_anywhere import _GOLDEN as GOLDEN
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS, _plan

NOT_HOLDING: tuple[tuple[str, Any], ...] = (
    ("feasible", False),
    ("available", False),
    ("valid", "no"),
    ("works_for_everyone", False),
    ("worksForEveryone", "\u274c"),
    ("notAvailable", True),
    ("infeasible", True),
    ("status", "rejected"),
    ("status", "Fully booked"),
    ("conflicts", ["{p}'s calendar"]),
    ("excluded", ["{p}"]),
    ("not_attending", ["{p}"]),
    ("absent", "{p}"),
)
"""Keys of a plan's JSON, with values saying it does not hold (``{p}``: someone of the group)."""
HOLDING: tuple[tuple[str, Any], ...] = (
    ("feasible", True),
    ("available", "yes"),
    ("works_for_everyone", True),
    ("status", "confirmed"),
    ("conflicts", "none"),
    ("excluded", []),
    ("not_attending", []),
    ("booked", False),
    ("outdoor_seating", False),
    ("missing_info", False),
)
"""Their honest twins."""
LABELS_NO = ("Feasible: no.", "Works for everyone: false", "**Available:** \u274c", "Valid: x")
LABELS_YES = ("Feasible: yes.", "Works for everyone: true", "**Available:** \u2705")


def _filled(value: Any, who: str) -> Any:
    return json.loads(json.dumps(value).replace("{p}", who))


def _judged(dining: bool, scenario_id: str, task_id: str, extra: dict[str, Any], line: str) -> bool:
    """The verdict on a plan serving everyone, as JSON holding ``extra``, with ``line`` after."""
    if dining:
        scenario = DINING.load_scenario(scenario_id)
        restaurant, _, time = _plan(scenario)
        plan = {"restaurant": restaurant, "time": time, **extra}
        text = f"```json\n{json.dumps(plan, ensure_ascii=False)}\n```\n\n{line}"
        return judge_everyone_ate(scenario, Transcript(final_text=text), 1.0).passed
    task = TASKS[task_id]
    slot = GOLDEN.search(task.golden or "")
    assert slot is not None, task.golden
    plan = {"day": slot["day"], "start": slot["start"], "end": slot["end"], **extra}
    text = f"{json.dumps(plan, ensure_ascii=False)}\n\n{line}"
    return judge_everyone_can_attend(task, Transcript(final_text=text), 1.0).passed


def _someone(dining: bool, scenario_id: str, task_id: str) -> str:
    if dining:
        return DINING.load_scenario(scenario_id).group.guests[-1].name.split()[0]
    return TASKS[task_id].participants[-1].name


@settings(max_examples=120, deadline=None)
@given(
    st.booleans(),
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(NOT_HOLDING),
    st.sampled_from(HOLDING),
)
def test_a_key_of_the_plan_saying_it_does_not_hold_fails_and_its_twin_passes(
    dining: bool,
    scenario_id: str,
    task_id: str,
    not_holding: tuple[str, Any],
    holding: tuple[str, Any],
) -> None:
    who = _someone(dining, scenario_id, task_id)
    key, value = not_holding
    extra = {key: _filled(value, who)}
    assert not _judged(dining, scenario_id, task_id, extra, ""), extra
    key, value = holding
    extra = {key: _filled(value, who)}
    assert _judged(dining, scenario_id, task_id, extra, ""), extra


@settings(max_examples=80, deadline=None)
@given(
    st.booleans(),
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(LABELS_NO),
    st.sampled_from(LABELS_YES),
)
def test_a_label_after_the_plan_saying_it_does_not_hold_fails_and_its_twin_passes(
    dining: bool, scenario_id: str, task_id: str, no: str, yes: str
) -> None:
    assert not _judged(dining, scenario_id, task_id, {}, no), no
    assert _judged(dining, scenario_id, task_id, {}, yes), yes
