"""The meta-tests' own generators for scheduling, held to the rules they stand for.

A meta-test proves a check only as far as its generators reach: a ``broken`` that never makes a
meeting end after the work hours leaves ``ends_after_work_hours`` unproven, and the mutation run
cannot tell it from a right one. So each kind's generator is checked against a brute-force
oracle on the 15-minute grid: wherever some grid variant breaks a slot with a failure code
(including slots at the very start and end of the day), the generator reaches that code too.
And the grid of candidate slots is exactly every slot that fits in the day.

Marked ``checkers_meta``, so ``checkers mutate scheduling`` runs these with the plugin's items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from checkers.kinds import RequirementKind
from checkers.plans import SharedKind
from checkers.requirements import Requirement
from domains.scheduling.checks import (
    ALLOWED_DAY,
    DAY,
    DURATION,
    NOT_AFTER,
    NOT_BEFORE,
    STEP,
    WORK_HOURS,
    SlotContext,
    checks,
    grid_slots,
    with_meeting,
)
from domains.scheduling.models import (
    WEEKDAYS,
    At,
    Meeting,
    NotAfter,
    NotBefore,
    Participant,
    Said,
    Task,
)

pytestmark = pytest.mark.checkers_meta

FIND = settings(max_examples=400, database=None, suppress_health_check=list(HealthCheck))
GRID = range(0, DAY + 1, STEP)

EDGE_STARTS = (0, STEP, 9 * 60, DAY - 3 * STEP, DAY - 2 * STEP)
"""Where a 15-minute slot is tried: the day's first two grid places, the middle, the last two
from which the day still leaves room after the slot, and (below) the very last."""


def slot_at(start: int, length: int = STEP, day: str = "Tuesday") -> At:
    return At(day, start, start + length)  # type: ignore[arg-type]


def edge_slots() -> list[At]:
    return [slot_at(start) for start in (*EDGE_STARTS, DAY - STEP)]


def task_around(slot: At) -> Task:
    """A task whose own rules the slot meets (the generators' starting point)."""
    meeting = Meeting(
        duration_minutes=slot.end - slot.start, work_start=0, work_end=DAY, days=(slot.day,)
    )
    return Task(id="t", meeting=meeting, participants=(Participant(id="p1", name="Ana"),))


def code_of(task: Task, requirement: Requirement, slot: At) -> str:
    context = SlotContext(task.participants[0], task, slot.day, slot.start, slot.end)
    return checks.check(requirement, context).reason_code


def fail_codes(reasons: dict[str, str]) -> set[str]:
    return {code for code, when in reasons.items() if when.startswith("fail")}


# --- brute force over the grid: every variant of a shared rule, every requirement -------------


def meetings_on_the_grid(task: Task) -> Iterator[Task]:
    """Every task differing from ``task`` in one shared rule, each value on the grid."""
    for start in GRID:
        for end in GRID:
            if start < end:
                yield with_meeting(task, work_start=start, work_end=end)
    for minutes in GRID[1:]:
        yield with_meeting(task, duration_minutes=minutes)
    for mask in range(1, 2 ** len(WEEKDAYS)):
        days = tuple(d for i, d in enumerate(WEEKDAYS) if mask >> i & 1)
        yield with_meeting(task, days=days)


Shared = SharedKind[Any, SlotContext, Task, At]
SHARED: list[Shared] = [ALLOWED_DAY, WORK_HOURS, DURATION]
"""The shared rules that declare a ``broken`` (earliest's violations are the domain's own)."""


def shared_codes_on_the_grid(slot: At, shared: Shared) -> set[str]:
    """The failure codes with which some grid variant of the shared rule breaks ``slot``."""
    return _codes_on_the_grid(slot, shared.name)


@cache
def _codes_on_the_grid(slot: At, name: str) -> set[str]:
    shared = next(kind for kind in SHARED if kind.name == name)
    task = task_around(slot)
    requirement = shared.model()
    return {
        code
        for variant in meetings_on_the_grid(task)
        if (code := code_of(variant, requirement, slot)) in fail_codes(dict(shared.reasons))
    }


@pytest.mark.parametrize("shared", SHARED, ids=lambda kind: kind.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_a_shared_rules_broken_reaches_every_failure_the_grid_allows(
    slot: At, shared: Shared
) -> None:
    assert shared.broken is not None
    breaking = shared.broken(st)
    task = task_around(slot)
    requirement = shared.model()
    possible = shared_codes_on_the_grid(slot, shared)
    assert possible  # every slot is broken by some variant (another day, another duration)
    for code in possible:

        def gives(variant: Task, code: str = code) -> bool:
            return code_of(variant, requirement, slot) == code

        assert gives(find(breaking(task, slot), gives, settings=FIND))


@pytest.mark.parametrize("shared", SHARED, ids=lambda kind: kind.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
@settings(max_examples=60, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_what_a_shared_rules_broken_makes_is_a_valid_task_the_slot_breaks(
    slot: At, shared: Shared, data: st.DataObject
) -> None:
    assert shared.broken is not None
    if not shared_codes_on_the_grid(slot, shared):
        return  # nothing on the grid breaks this slot: the harness never asks
    variant = data.draw(shared.broken(st)(task_around(slot), slot))
    assert Task.model_validate(variant.model_dump()) == variant
    code = code_of(variant, shared.model(), slot)
    assert code in fail_codes(dict(shared.reasons))


# --- the per-participant limits: broken at every edge the grid allows -------------------------


def limits_on_the_grid(slot: At, kind: type[NotBefore] | type[NotAfter]) -> set[int]:
    """The grid times at which a limit of ``kind`` on the slot's day is broken by it."""
    task = task_around(slot)
    return {
        time
        for time in GRID
        if code_of(task, kind(day=slot.day, time=time, said=get_args(Said)[0]), slot).startswith(
            ("starts_too", "ends_too")
        )
    }


@pytest.mark.parametrize("declared", [NOT_BEFORE, NOT_AFTER], ids=lambda k: k.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_a_limits_broken_by_reaches_the_nearest_and_farthest_breaking_time(
    slot: At, declared: RequirementKind[Any, SlotContext, At]
) -> None:
    breaking: Callable[[At], SearchStrategy[NotBefore | NotAfter]] = declared.examples(st).broken_by
    times = limits_on_the_grid(slot, declared.model)
    for time in (min(times), max(times)) if times else ():

        def at(req: NotBefore | NotAfter, time: int = time) -> bool:
            return req.time == time

        assert find(breaking(slot), at, settings=FIND).day == slot.day


# --- the oracle's candidates ------------------------------------------------------------------


@settings(max_examples=200, database=None)
@given(length=st.integers(1, DAY), days=st.lists(st.sampled_from(WEEKDAYS), unique=True))
def test_the_grid_of_slots_is_every_slot_that_fits_in_the_day(length: int, days: list[str]) -> None:
    meeting = Meeting(duration_minutes=length, work_start=0, work_end=DAY, days=("Monday",))
    task = Task(id="t", meeting=meeting, participants=(Participant(id="p1", name="Ana"),))
    expected = [
        At(day, start, start + length)  # type: ignore[arg-type]
        for day in days
        for start in range(0, DAY, STEP)
        if start + length <= DAY
    ]
    assert grid_slots(task, days) == expected  # type: ignore[arg-type]


@settings(max_examples=50, database=None)
@given(data=st.data())
def test_an_allowed_day_broken_takes_only_the_slots_day_away(data: st.DataObject) -> None:
    slot = slot_at(9 * 60)
    days = data.draw(st.lists(st.sampled_from(WEEKDAYS), min_size=1, unique=True))
    task = with_meeting(task_around(slot), days=tuple(dict.fromkeys([slot.day, *days])))
    assert ALLOWED_DAY.broken is not None
    variant = data.draw(ALLOWED_DAY.broken(st)(task, slot))
    others = tuple(d for d in task.meeting.days if d != slot.day)
    assert variant.meeting.days == others or (not others and slot.day not in variant.meeting.days)
