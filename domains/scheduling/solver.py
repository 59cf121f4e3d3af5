"""Every slot that works for everyone, found exhaustively on the task's own time grid.

A slot works when every participant's every requirement passes (see
:mod:`domains.scheduling.judge`). The starts that work on a day form runs whose ends are the
task's own times: the start of the work hours, the end of a busy span or a "not before" time (a
run begins there), the end of the work hours, the start of a busy span or a "not after" time,
less the duration (a run ends there). So every run begins and ends on the grid of the greatest
common divisor of all the task's times and its duration (30 minutes for every NATURAL PLAN
task), and the slots on that grid are all the slots there are, up to the minutes between them.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from math import gcd

from domains.scheduling.answers import ReadAnswer
from domains.scheduling.judge import judge_read
from domains.scheduling.models import Busy, NotAfter, NotBefore, Slot, Task, day_index


def task_times(task: Task) -> list[int]:
    """Every time the task states, in minutes: work hours, duration, busy spans, limits."""
    meeting = task.meeting
    times = [meeting.work_start, meeting.work_end, meeting.duration_minutes]
    for participant in task.participants:
        for req in participant.requirements:
            if isinstance(req, Busy):
                times += [t for s in req.spans for t in (s.start, s.end)]
            elif isinstance(req, NotBefore | NotAfter):
                times.append(req.time)
    return times


def grid_minutes(task: Task) -> int:
    """The task's time grid: the greatest common divisor of its times (at least 1 minute)."""
    return max(reduce(gcd, task_times(task), 0), 1)


def slot_passes(task: Task, slot: Slot) -> bool:
    """Whether ``slot`` meets every requirement of every participant."""
    read = ReadAnswer(day=slot.day, start=slot.start, end=slot.end)
    return judge_read(task, read, threshold=1.0).passed


@lru_cache(maxsize=512)
def valid_slots(task: Task) -> tuple[Slot, ...]:
    """Every slot on the task's grid that works for everyone, earliest first (Monday first,
    then by start). Cached per task."""
    meeting = task.meeting
    step = grid_minutes(task)
    found = []
    for day in sorted(meeting.days, key=day_index):
        start = meeting.work_start
        while start + meeting.duration_minutes <= meeting.work_end:
            slot = Slot(day=day, start=start, end=start + meeting.duration_minutes)
            if slot_passes(task, slot):
                found.append(slot)
            start += step
    return tuple(found)


def solve(task: Task) -> Slot | None:
    """The earliest slot that works for everyone, or None when none does."""
    slots = valid_slots(task)
    return slots[0] if slots else None
