"""Tools the demo agents call, over the bundled NATURAL PLAN tasks.

Plain functions with typed arguments and docstrings, so ADK wraps them as function tools. Each
returns a JSON-able dict with times as ``H:MM``; a bad argument gets ``{"status": "error",
"error": "..."}`` naming the problem, as a real calendar service would, never an exception into
the agent loop.
"""

from __future__ import annotations

from typing import Any

from domains.scheduling.models import AvoidDay, Busy, NotAfter, NotBefore, Participant, clock
from domains.scheduling.scenarios import bundled_tasks


def _unknown(task_id: str) -> dict[str, Any]:
    ids = list(bundled_tasks())
    return {
        "status": "error",
        "error": f"unknown task_id {task_id!r}; known ids look like {ids[0]}, {ids[1]} ... "
        f"{ids[-1]}",
    }


def get_meeting(task_id: str) -> dict[str, Any]:
    """Get the meeting to schedule for a task: the participants, the duration in minutes, the
    work hours, the days it may be on, and whether the group wants their earliest availability.
    """
    task = bundled_tasks().get(task_id)
    if task is None:
        return _unknown(task_id)
    meeting = task.meeting
    return {
        "status": "ok",
        "task_id": task.id,
        "participants": [p.name for p in task.participants],
        "duration_minutes": meeting.duration_minutes,
        "work_hours": {"start": clock(meeting.work_start), "end": clock(meeting.work_end)},
        "days": list(meeting.days),
        "earliest": meeting.earliest,
    }


def _calendar(participant: Participant) -> dict[str, Any]:
    busy: list[dict[str, str]] = []
    preferences: list[dict[str, str]] = []
    for req in participant.requirements:
        if isinstance(req, Busy):
            busy += [
                {"day": s.day, "start": clock(s.start), "end": clock(s.end)} for s in req.spans
            ]
        elif isinstance(req, AvoidDay):
            preferences.append({"kind": req.kind, "day": req.day, "said": req.said})
        elif isinstance(req, NotBefore | NotAfter):
            preferences.append(
                {"kind": req.kind, "day": req.day, "time": clock(req.time), "said": req.said}
            )
    return {"participant": participant.name, "busy": busy, "preferences": preferences}


def get_calendar(task_id: str, participant: str) -> dict[str, Any]:
    """Get one participant's calendar for a task: the times they are busy, per day, and their
    preferences (``avoid_day``: not that day; ``not_before``: that day, not before the time;
    ``not_after``: that day, not after the time)."""
    task = bundled_tasks().get(task_id)
    if task is None:
        return _unknown(task_id)
    found = next((p for p in task.participants if p.name == participant), None)
    if found is None:
        names = ", ".join(p.name for p in task.participants)
        return {
            "status": "error",
            "error": f"{participant!r} is not a participant of task {task_id}; they are: {names}",
        }
    return {"status": "ok", "task_id": task.id, **_calendar(found)}


TOOLS = [get_meeting, get_calendar]
