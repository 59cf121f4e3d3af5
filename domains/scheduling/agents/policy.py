"""What the offline demo agents decide, step by step, from what their tools returned.

- ``scheduling/solver`` reads the meeting and every participant's calendar, finds every slot
  that works for everyone with :mod:`domains.scheduling.solver` (the domain's own checks), and
  proposes the earliest (the one the group wants when it asks for their earliest availability,
  and a valid one otherwise). When no slot works it says so and proposes nothing.
- ``scheduling/first_slot`` is flawed the obvious way: it reads the meeting, never a calendar,
  and proposes the first slot inside the work hours on the first allowed day.

Policies see only the conversation (user text, tool calls and responses), never the data files.
"""

from __future__ import annotations

import re
from typing import Any

from checkers.adk.scripted_model import RequestView, Step, call, parallel, register_policy, say
from checkers.requirements import Requirement
from domains.scheduling.answers import clock_minutes
from domains.scheduling.models import (
    AvoidDay,
    Busy,
    Meeting,
    NotAfter,
    NotBefore,
    Participant,
    Slot,
    Span,
    Task,
    clock,
)
from domains.scheduling.solver import valid_slots

_TASK_ID = re.compile(r"task id[:\s]+([A-Za-z0-9_-]+?)\.?(?:\s|$)", re.IGNORECASE)


def proposal(slot: Slot) -> str:
    """The benchmark's answer line for ``slot``."""
    return f"Here is the proposed time: {slot.text()}"


def _minutes(value: Any) -> int:
    found = clock_minutes(value) if isinstance(value, str) else None
    if found is None:
        raise ValueError(f"the calendar service returned {value!r}, not a H:MM time")
    return found


def meeting_of(response: dict[str, Any]) -> Meeting:
    """The meeting as ``get_meeting`` described it."""
    return Meeting(
        duration_minutes=response["duration_minutes"],
        work_start=_minutes(response["work_hours"]["start"]),
        work_end=_minutes(response["work_hours"]["end"]),
        days=tuple(response["days"]),
        earliest=bool(response["earliest"]),
    )


def participant_of(response: dict[str, Any]) -> Participant:
    """A participant as ``get_calendar`` described them."""
    spans = tuple(
        Span(day=b["day"], start=_minutes(b["start"]), end=_minutes(b["end"]))
        for b in response["busy"]
    )
    requirements: list[Requirement] = [Busy(spans=spans)]
    for pref in response["preferences"]:
        if pref["kind"] == "avoid_day":
            requirements.append(AvoidDay(day=pref["day"], said=pref["said"]))
        else:
            limit = NotBefore if pref["kind"] == "not_before" else NotAfter
            requirements.append(
                limit(day=pref["day"], time=_minutes(pref["time"]), said=pref["said"])
            )
    name = response["participant"]
    return Participant(id=name, name=name, requirements=tuple(requirements))


def _read_meeting(view: RequestView, task_id: str) -> dict[str, Any] | Step:
    """The ``get_meeting`` response of this turn, or the step that gets it (or gives up)."""
    if not view.turn_called("get_meeting"):
        return call("get_meeting", task_id=task_id)
    found = view.last_response("get_meeting") or {}
    if found.get("status") != "ok":
        return say(f"I could not read task {task_id}: {found.get('error')}")
    return found


def solver(view: RequestView) -> Step:
    """Read every calendar, then propose the earliest slot that works for everyone."""
    match = _TASK_ID.search(view.latest_user_text)
    if match is None:
        return say("Which task is this? Please tell me the task id.")
    task_id = match.group(1)
    meeting = _read_meeting(view, task_id)
    if isinstance(meeting, Step):
        return meeting
    if not view.turn_called("get_calendar"):
        return parallel(
            *(call("get_calendar", task_id=task_id, participant=p) for p in meeting["participants"])
        )
    calendars = [r for r in view.turn_tool_responses if r.name == "get_calendar"]
    failed = [r.response for r in calendars if r.response.get("status") != "ok"]
    if failed:
        return say(f"I could not read every calendar: {failed[0].get('error')}")
    task = Task(
        id=task_id,
        meeting=meeting_of(meeting),
        participants=tuple(participant_of(r.response) for r in calendars),
    )
    slots = valid_slots(task)
    if not slots:
        return say("No slot works for everyone, so I propose none.")
    chosen = slots[0]
    why = (
        "the earliest slot that works for everyone, as the group asked"
        if task.meeting.earliest
        else f"it works for everyone ({len(slots)} slots on the half-hour grid do)"
    )
    return say(f"I read all {len(calendars)} calendars; I chose {why}.\n{proposal(chosen)}")


register_policy("scheduling/solver", solver)


def first_slot(view: RequestView) -> Step:
    """Propose the first slot inside the work hours on the first allowed day; read no
    calendar."""
    match = _TASK_ID.search(view.latest_user_text)
    if match is None:
        return say("Which task is this? Please tell me the task id.")
    meeting = _read_meeting(view, match.group(1))
    if isinstance(meeting, Step):
        return meeting
    found = meeting_of(meeting)
    start = found.work_start
    slot = Slot(day=found.days[0], start=start, end=start + found.duration_minutes)
    return say(f"The work day starts at {clock(start)}, so let's start then.\n{proposal(slot)}")


register_policy("scheduling/first_slot", first_slot)
