"""The meeting a scheduling agent put in a calendar, held against the slot its answer states.

Scheduling's :class:`~checkers.committed.CommitRule` (:data:`INVITES`). The domain's own tools
only look up (``get_meeting``, ``get_calendar``), but an agent may be given a calendar to write
to: a successful call to a tool whose name says it creates an event or sends an invite
(``create_event``, ``schedule_meeting``, ``send_invite``, ``add_calendar_event``) commits the
slot it names, ``delete_event`` / ``cancel_meeting`` takes it back, ``update_event`` /
``reschedule_meeting`` moves it. The stated slot must be the one in the calendar: the same day,
start and end, for every participant of the task. With no such call the stated slot is judged
alone, as before; an answer saying it sent invites or put the meeting in a calendar when no such
write stands never passes.

Each field is read from the call's response when it states it, else from its arguments:

- the day from ``day`` / ``weekday`` (a weekday in full), or from the date of ``date`` or of
  the start (``2026-12-07``, ``2026-12-07T14:30:00``);
- the start and end from ``start`` / ``start_time`` / ``startTime`` and ``end`` / ``end_time``
  / ``endTime`` (``14:30``, ``2:30 pm``, an ISO date-time, or Google Calendar's
  ``{"dateTime": ...}``); an end may be given as ``duration_minutes`` instead;
- who is invited from ``attendees`` / ``participants`` / ``invitees`` / ``guests`` (names,
  email addresses, or objects with a ``name`` or ``email``), compared with the task's names in
  any case (an address by its local part: ``thomas@example.com`` is Thomas).

A field that cannot be read makes the call ``commit_unreadable``: the answer never passes.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from checkers.committed import (
    LOOKUP_WORDS,
    CommitRule,
    Stated,
    claimed_not_committed,
    hold_to_commits,
    tool_named,
)
from checkers.results import AnswerProblem, Verdict
from checkers.text import fold, series
from checkers.transcript import Transcript, brief_json
from domains.scheduling.answers import ReadAnswer, clock_minutes, parse_day
from domains.scheduling.models import WEEKDAYS, Task, Weekday, clock


@dataclass(frozen=True)
class Invite:
    """A meeting on a day, from a start to an end, with the people invited: in a calendar, or
    stated in an answer (then with every participant)."""

    day: Weekday = field(metadata={"label": "day"})
    start: int = field(metadata={"label": "start"})
    """Minutes of the day."""
    end: int = field(metadata={"label": "end"})
    attendees: frozenset[str] = field(metadata={"label": "attendees"})
    """Names, folded and casefolded."""
    shown: tuple[str, ...] = field(default=(), compare=False)
    """The attendees as written, for reasons."""


def describe_invite(invite: Invite) -> str:
    """``"Monday 14:30-15:30 with Thomas, Dylan and Jerry"``."""
    names = list(invite.shown or sorted(invite.attendees))
    who = series(names) if names else "nobody"
    return f"{invite.day} {clock(invite.start)}-{clock(invite.end)} with {who}"


_DAY_KEYS = ("day", "weekday")
_DATE_KEYS = ("date",)
_START_KEYS = ("start", "start_time", "startTime", "begin", "from")
_END_KEYS = ("end", "end_time", "endTime", "until", "to")
_DURATION_KEYS = ("duration_minutes", "duration", "minutes")
ATTENDEE_KEYS = ("attendees", "participants", "invitees", "guests", "people")
"""Keys under which a calendar write lists whom it invites."""
_ISO = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})(?:[T ](?P<time>\d{1,2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?"
)


def _value(args: Mapping[str, Any], response: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    """The first of ``keys`` the response states, else the first the call's arguments state."""
    for source in (response, args):
        for key in keys:
            if source.get(key) is not None:
                return source[key]
    return None


def _moment(value: Any) -> tuple[str | None, int | None]:
    """A date (ISO text) and minutes of the day from a time or date-time as written."""
    if isinstance(value, Mapping):
        value = value.get("dateTime", value.get("date_time"))
    if not isinstance(value, str):
        return None, None
    iso = _ISO.fullmatch(value.strip().removesuffix("Z"))
    if iso is None:
        # an offset after the time (+01:00) says nothing of the day or clock asked for
        iso = _ISO.match(value.strip())
        if iso is None or not re.fullmatch(r"(?:Z|[+-]\d{2}:?\d{2})?", value.strip()[iso.end() :]):
            return None, clock_minutes(value)
    time = iso.group("time")
    return iso.group("date"), None if time is None else clock_minutes(time)


def _weekday(date: str | None) -> Weekday | None:
    if date is None:
        return None
    try:
        return WEEKDAYS[datetime.date.fromisoformat(date).weekday()]
    except ValueError:
        return None


def _attendees(value: Any) -> tuple[str, ...] | None:
    """The names a list of attendees gives (an object's ``name``, else ``email``), or None."""
    if not isinstance(value, list):
        return None
    names = []
    for item in value:
        if isinstance(item, Mapping):
            item = item.get("name", item.get("email", item.get("displayName")))
        if not isinstance(item, str) or not item.strip():
            return None
        names.append(item.strip())
    return tuple(names)


def _folded(name: str) -> str:
    """A name as compared: folded, casefolded; an email address by its local part
    (``thomas@example.com`` is ``thomas``)."""
    folded = fold(name).strip().casefold()
    return folded.split("@", 1)[0] if "@" in folded else folded


def read_invite(task: Task, args: Mapping[str, Any], response: Mapping[str, Any]) -> Invite | str:
    """The meeting a successful calendar write made, or a sentence saying why it cannot be read
    (see the module docstring)."""
    start_date, start = _moment(_value(args, response, _START_KEYS))
    end_date, end = _moment(_value(args, response, _END_KEYS))
    if start is None:
        return f"start {brief_json(_value(args, response, _START_KEYS))} is not a time"
    duration = _value(args, response, _DURATION_KEYS)
    if end is None and isinstance(duration, int) and not isinstance(duration, bool):
        end = start + duration
    if end is None:
        return f"end {brief_json(_value(args, response, _END_KEYS))} is not a time"
    said_day = _value(args, response, _DAY_KEYS)
    day: Weekday | AnswerProblem | None = None if said_day is None else parse_day(said_day)
    dated = _weekday(start_date or _moment(_value(args, response, _DATE_KEYS))[0])
    if isinstance(day, AnswerProblem):
        return f"day {brief_json(said_day)} is not a weekday"
    if day is not None and dated is not None and day != dated:
        return f"day {said_day!r} is not the weekday of its date ({dated})"
    day = day or dated
    if day is None:
        return "it names no day"
    if end_date is not None and start_date is not None and end_date != start_date:
        return f"it ends on another date ({end_date}) than it starts ({start_date})"
    names = _attendees(_value(args, response, ATTENDEE_KEYS))
    if names is None:
        shown = brief_json(_value(args, response, ATTENDEE_KEYS))
        return f"attendees {shown} is not a list of the people invited"
    return Invite(day, start, end, frozenset(map(_folded, names)), names)


_CALENDAR_NOUN = r"\b(?:event|meeting|invite|invitation|appointment|calendar)s?\b"
CALENDAR_WRITES = re.compile(
    rf"^(?!.*{LOOKUP_WORDS})(?:(?=.*\b(?:create|schedule|send|add|book|insert|make|set|post|invite"
    rf"|new)\b)(?=.*{_CALENDAR_NOUN})|(?=.*\b(?:schedule|invite)\b))"
)
"""Tools that put a meeting in a calendar, by their name in words: ``create_event``,
``schedule_meeting``, ``send_invite``, ``insert_calendar_event``; never a look-up
(``get_calendar``, ``list_events``)."""
CALENDAR_UNDOS = tool_named("cancel|delete|remove|decline|withdraw|revoke", _CALENDAR_NOUN)
"""Tools that take a meeting out of a calendar: ``delete_event``, ``cancel_meeting``."""
CALENDAR_CHANGES = tool_named("update|modify|change|move|reschedule|edit|patch", _CALENDAR_NOUN)
"""Tools that move a meeting: ``update_event``, ``reschedule_meeting``."""

INVITES: CommitRule[Task, Invite] = CommitRule(
    tools=frozenset(),
    read=read_invite,
    describe=describe_invite,
    did="scheduled",
    fix="the slot an answer states must be the meeting put in the calendar, with everyone",
    named=CALENDAR_WRITES,
    undo=CALENDAR_UNDOS,
    change=CALENDAR_CHANGES,
    undid="cancelled",
)
"""A calendar write commits a scheduling slot."""


_I_HAVE = r"\bi(?:'ve| have)?(?: now| just| already| successfully)*"
_CALENDARS = r"(?:the|your|everyone'?s|their|each|all|our) (?:\w+ )?calendars?\b"
INVITE_CLAIMS = re.compile(
    rf"{_I_HAVE} (?:sent|emailed) (?:out )?(?:the |an? |your |calendar |meeting )*"
    r"(?:invites?|invitations?)\b"
    rf"|{_I_HAVE} (?:added|put|created|booked|scheduled|placed) (?:it|this|that|the meeting|"
    rf"the event|a meeting|an event|the slot)? ?(?:to|in|on|into) {_CALENDARS}"
    rf"|{_I_HAVE} (?:created|booked|scheduled|sent) (?:the |a |an )?(?:calendar )?"
    r"(?:event|invite)s?\b"
    r"|\b(?:invites?|invitations?)(?: for [^.!?\n]{0,40}?)? (?:has|have) been (?:sent|emailed)\b"
    r"|\b(?:invites?|invitations?) (?:is|are) (?:now )?(?:sent|out)\b"
    rf"|\b(?:is|are|has been|have been) (?:now )?(?:added|put) (?:to|in|on) {_CALENDARS}"
    r"|^\W*(?:calendar )?(?:invites?|invitations?) sent\b"
)
"""Sentences saying a meeting was put in a calendar or its invites sent (over folded
lower-case text): "I've sent the calendar invite", "Invites have been sent", "It has been added
to everyone's calendar". A slot stated as scheduled ("The meeting is scheduled for Monday") is
how answers propose one, and is not read as such a claim."""


def stated_invite(task: Task, read: ReadAnswer) -> Invite | Stated:
    """The meeting an answer's slot stands for, with every participant; UNREAD when a part of
    the slot cannot be read."""
    if isinstance(read.day, AnswerProblem) or not isinstance(read.start, int):
        return Stated.UNREAD
    if not isinstance(read.end, int):
        return Stated.UNREAD
    names = tuple(p.name for p in task.participants)
    return Invite(read.day, read.start, read.end, frozenset(map(_folded, names)), names)


def hold_to_invites(
    task: Task,
    transcript: Transcript,
    read: ReadAnswer,
    verdict: Verdict,
    judge_read: Callable[[ReadAnswer], Verdict],
) -> Verdict:
    """``verdict`` held to the meetings the agent put in a calendar
    (:func:`checkers.committed.hold_to_commits`); ``judge_read`` judges the slot of a calendar
    write that differs from the stated one."""

    def judge_committed(invite: Invite) -> Verdict:
        slot = ReadAnswer(day=invite.day, start=invite.start, end=invite.end, read=read.read)
        return judge_read(slot)

    stated = stated_invite(task, read)
    held = hold_to_commits(INVITES, task, transcript, stated, verdict, judge_committed)
    claim = claimed_not_committed(INVITES, transcript, INVITE_CLAIMS)
    if claim is None:
        return held
    return held.model_copy(update={"problems": (*held.problems, claim)})
