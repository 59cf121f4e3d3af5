"""One pure check per scheduling requirement kind.

Each check takes the requirement and a :class:`SlotContext` (the participant, the task, and the
parts of the proposed slot that could be read) and returns a
:class:`~checkers.results.RequirementResult`. Every kind reads fixed parts of the slot
(:data:`NEEDS`); when one of them is missing the result is ``incomplete`` with the answer's own
problem code, and nothing is assumed.

``earliest`` is the one check that looks beyond its participant: it passes when no slot that
starts earlier in the week (Monday first, then by start time) meets every other requirement of
every participant. So adding a requirement to a task can turn a "not earliest" answer into the
earliest one: the metric is not monotone on tasks that ask for the earliest slot (by design).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from checkers.requirements import CheckRegistry, Requirement
from checkers.results import AnswerProblem, Outcome, RequirementResult
from domains.scheduling.models import (
    SAID_AS_VERB,
    AllowedDay,
    AvoidDay,
    Busy,
    Duration,
    Earliest,
    NotAfter,
    NotBefore,
    Participant,
    Slot,
    Span,
    Task,
    Weekday,
    WorkHours,
    clock,
    day_index,
)

NEEDS: dict[str, tuple[str, ...]] = {
    "allowed_day": ("day",),
    "work_hours": ("start", "end"),
    "duration": ("start", "end"),
    "busy": ("day", "start", "end"),
    "avoid_day": ("day",),
    "not_before": ("day", "start"),
    "not_after": ("day", "end"),
    "earliest": ("day", "start"),
}
"""The parts of the slot each kind reads; without one of them its result is incomplete."""
WHAT: dict[str, str] = {
    "allowed_day": "meeting day",
    "work_hours": "work hours",
    "duration": "meeting length",
    "busy": "busy times",
    "avoid_day": "day preference",
    "not_before": "earliest start",
    "not_after": "latest end",
    "earliest": "wish for the earliest slot",
}
"""Each kind as a reason names it ("cannot judge Ana's busy times: ...")."""


@dataclass(frozen=True)
class SlotContext:
    """What a check may look at: the participant, the task, and the readable parts of the slot
    (each None when the answer did not give a usable value, with the problem beside it)."""

    participant: Participant
    task: Task
    day: Weekday | None
    start: int | None
    end: int | None
    day_problem: AnswerProblem | None = None
    start_problem: AnswerProblem | None = None
    end_problem: AnswerProblem | None = None

    def missing(self, parts: Iterable[str]) -> AnswerProblem | None:
        """The problem of the first of ``parts`` the slot lacks, or None when it has them all."""
        for part in parts:
            if getattr(self, part) is None:
                given = getattr(self, f"{part}_problem")
                return given or AnswerProblem(code=f"missing_{part}", message=f"no {part} given")
        return None

    def slot_text(self) -> str:
        """``Monday 14:30-15:30`` with ``?`` for parts that are missing."""
        start = clock(self.start) if self.start is not None else "?"
        end = clock(self.end) if self.end is not None else "?"
        return f"{self.day or '?'} {start}-{end}"


checks: CheckRegistry[SlotContext] = CheckRegistry("scheduling")


def _incomplete(req: Requirement, ctx: SlotContext) -> RequirementResult | None:
    """The incomplete result when a part ``req`` reads is missing, else None."""
    problem = ctx.missing(NEEDS[req.kind])
    if problem is None:
        return None
    return RequirementResult.incomplete(
        req.kind,
        problem.code,
        f"cannot judge {ctx.participant.name}'s {WHAT[req.kind]}: {problem.message}",
        requirement=req.as_json,
    )


def _result(req: Requirement, passed: bool, code: str, reason: str) -> RequirementResult:
    outcome = Outcome.PASS if passed else Outcome.FAIL
    return RequirementResult(
        kind=req.kind,
        outcome=outcome,
        reason_code=code,
        reason=reason,
        requirement=req.as_json,
    )


def _listing(words: list[str], joint: str = "or") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joint} {words[-1]}"


@checks.register(AllowedDay)
def check_allowed_day(req: AllowedDay, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting is on one of the task's days."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    days = _listing(list(ctx.task.meeting.days))
    if ctx.day in ctx.task.meeting.days:
        return _result(
            req, True, "allowed_day", f"the meeting may be on {days}; it is on {ctx.day}"
        )
    return _result(
        req,
        False,
        "day_not_allowed",
        f"the meeting may only be on {days}, not {ctx.day}, so it does not work for "
        f"{ctx.participant.name}",
    )


@checks.register(WorkHours)
def check_work_hours(req: WorkHours, ctx: SlotContext) -> RequirementResult:
    """Pass when the whole meeting lies inside the work hours."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    assert ctx.start is not None and ctx.end is not None  # _incomplete checked them
    meeting = ctx.task.meeting
    head = f"work hours are {meeting.hours_text()}; the meeting {ctx.slot_text()}"
    who = ctx.participant.name
    if ctx.start < meeting.work_start:
        return _result(
            req,
            False,
            "starts_before_work_hours",
            f"{head} starts before {clock(meeting.work_start)}, so it does not work for {who}",
        )
    if ctx.end > meeting.work_end:
        return _result(
            req,
            False,
            "ends_after_work_hours",
            f"{head} ends after {clock(meeting.work_end)}, so it does not work for {who}",
        )
    return _result(req, True, "within_work_hours", f"{head} is within them")


@checks.register(Duration)
def check_duration(req: Duration, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting lasts exactly the task's duration."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    assert ctx.start is not None and ctx.end is not None
    wanted = ctx.task.meeting.duration_minutes
    lasts = ctx.end - ctx.start
    head = f"the meeting must last {wanted} minutes; {ctx.slot_text()} lasts {lasts}"
    if lasts == wanted:
        return _result(req, True, "right_duration", head)
    return _result(
        req,
        False,
        "too_short" if lasts < wanted else "too_long",
        f"{head}, so it is not the meeting {ctx.participant.name} is invited to",
    )


def spans_text(spans: Iterable[Span]) -> str:
    """``9:00-11:00, 11:30-14:30`` (the day left out)."""
    return ", ".join(f"{clock(s.start)}-{clock(s.end)}" for s in spans)


def overlapping(spans: Iterable[Span], day: str, start: int, end: int) -> list[Span]:
    """The spans on ``day`` that share time with ``start``-``end`` (touching is not sharing)."""
    return [s for s in spans if s.day == day and s.start < end and start < s.end]


@checks.register(Busy)
def check_busy(req: Busy, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting overlaps none of the participant's busy spans."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    assert ctx.day is not None and ctx.start is not None and ctx.end is not None
    who = ctx.participant.name
    clashes = overlapping(req.spans, ctx.day, ctx.start, ctx.end)
    if clashes:
        return _result(
            req,
            False,
            "busy",
            f"{who} is busy on {ctx.day} {spans_text(clashes)}; the meeting "
            f"{ctx.slot_text()} overlaps {'it' if len(clashes) == 1 else 'them'}",
        )
    that_day = [s for s in req.spans if s.day == ctx.day]
    if not that_day:
        return _result(req, True, "free", f"{who} has nothing on {ctx.day}")
    return _result(
        req,
        True,
        "free",
        f"{who} is free for {ctx.slot_text()} (busy that day {spans_text(that_day)})",
    )


def _says(req: AvoidDay | NotBefore | NotAfter, who: str) -> str:
    return f"{who} {SAID_AS_VERB[req.said]} on {req.day}"


@checks.register(AvoidDay)
def check_avoid_day(req: AvoidDay, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting is on another day."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    said = _says(req, ctx.participant.name)
    if ctx.day == req.day:
        return _result(req, False, "unwanted_day", f"{said}; the meeting is on {ctx.day}")
    return _result(req, True, "other_day", f"{said}; the meeting is on {ctx.day}")


@checks.register(NotBefore)
def check_not_before(req: NotBefore, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting is on another day, or starts at ``time`` or later."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    assert ctx.start is not None
    said = f"{_says(req, ctx.participant.name)} before {clock(req.time)}"
    if ctx.day != req.day:
        return _result(req, True, "other_day", f"{said}; the meeting is on {ctx.day}")
    if ctx.start < req.time:
        return _result(
            req, False, "starts_too_early", f"{said}; the meeting starts at {clock(ctx.start)}"
        )
    return _result(req, True, "late_enough", f"{said}; the meeting starts at {clock(ctx.start)}")


@checks.register(NotAfter)
def check_not_after(req: NotAfter, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting is on another day, or ends by ``time``."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    assert ctx.end is not None
    said = f"{_says(req, ctx.participant.name)} after {clock(req.time)}"
    if ctx.day != req.day:
        return _result(req, True, "other_day", f"{said}; the meeting is on {ctx.day}")
    if ctx.end > req.time:
        return _result(req, False, "ends_too_late", f"{said}; the meeting ends at {clock(ctx.end)}")
    return _result(req, True, "early_enough", f"{said}; the meeting ends at {clock(ctx.end)}")


# --- earliest ---------------------------------------------------------------------------------


def implicit_requirements(task: Task) -> tuple[Requirement, ...]:
    """The meeting's own rules, held by every participant (``earliest`` only when asked)."""
    rules: tuple[Requirement, ...] = (AllowedDay(), WorkHours(), Duration())
    return (*rules, Earliest()) if task.meeting.earliest else rules


def requirements_of(task: Task, participant: Participant) -> tuple[Requirement, ...]:
    """Everything ``participant`` is judged on, in report order: the meeting's day, hours and
    duration, their own requirements, then the earliest rule when the task asks for it."""
    implicit = implicit_requirements(task)
    earliest = implicit[3:]
    return (*implicit[:3], *participant.requirements, *earliest)


def works_for_everyone(task: Task, day: Weekday, start: int) -> bool:
    """Whether the meeting at ``day`` ``start`` (of the task's duration) meets every
    requirement of every participant other than ``earliest``."""
    end = start + task.meeting.duration_minutes
    for participant in task.participants:
        ctx = SlotContext(participant, task, day, start, end)
        for req in requirements_of(task, participant):
            if isinstance(req, Earliest):
                continue
            if checks.check(req, ctx).outcome is not Outcome.PASS:
                return False
    return True


def candidate_starts(task: Task, day: Weekday) -> list[int]:
    """Starts that can begin a run of slots that work for everyone on ``day``: the start of the
    work hours, the end of every busy span, and every "not before" time that day. The earliest
    slot that works on a day, if any, starts at one of them (every other rule only bounds the
    start from above)."""
    found = {task.meeting.work_start}
    for participant in task.participants:
        for req in participant.requirements:
            if isinstance(req, Busy):
                found.update(s.end for s in req.spans if s.day == day)
            elif isinstance(req, NotBefore) and req.day == day:
                found.add(req.time)
    return sorted(found)


@lru_cache(maxsize=512)
def earliest_slot(task: Task) -> Slot | None:
    """The earliest slot in the week that meets every requirement of every participant other
    than ``earliest`` (exact to the minute), or None when no slot does. Cached per task."""
    duration = task.meeting.duration_minutes
    for day in sorted(task.meeting.days, key=day_index):
        for start in candidate_starts(task, day):
            if start + duration <= 24 * 60 and works_for_everyone(task, day, start):
                return Slot(day=day, start=start, end=start + duration)
    return None


@checks.register(Earliest)
def check_earliest(req: Earliest, ctx: SlotContext) -> RequirementResult:
    """Pass when no slot that starts earlier in the week works for everyone."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    assert ctx.day is not None and ctx.start is not None
    who = ctx.participant.name
    first = earliest_slot(ctx.task)
    head = f"{who} wants the group's earliest availability"
    if first is None:
        return _result(
            req, True, "no_slot_works", f"{head}; no slot works for everyone, so none is earlier"
        )
    shown = f"{first.day} {clock(first.start)}-{clock(first.end)}"
    if (day_index(first.day), first.start) < (day_index(ctx.day), ctx.start):
        return _result(
            req,
            False,
            "not_earliest",
            f"{head}; {shown} works for everyone and starts before the meeting "
            f"({ctx.day} {clock(ctx.start)})",
        )
    return _result(
        req, True, "earliest", f"{head}; {shown} is the earliest slot that works for everyone"
    )
