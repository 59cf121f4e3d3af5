"""The scheduling requirement kinds, each declared once beside its check.

Each declaration (a :class:`~checkers.kinds.RequirementKind` for what a participant holds, a
:class:`~checkers.plans.SharedKind` for the meeting's own rules, which every participant holds
through the one meeting) gives the kind's model, its check, its reason codes, the rule restated
plainly over a slot (``holds``: the oracle scores every slot with it) and how the meta-tests
build requirements a slot meets or breaks. :data:`PLANS` hands them to the kit
(:mod:`checkers.plans`), which derives the checks registry and the meta-tests.

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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, get_args

from checkers.kinds import KindExamples, RequirementKind, Strategies, composite
from checkers.plans import PlanDomain, SharedKind
from checkers.requirements import Requirement
from checkers.results import AnswerProblem, Outcome, RequirementResult
from checkers.text import series
from domains.scheduling.models import (
    SAID_AS_VERB,
    WEEKDAYS,
    AllowedDay,
    At,
    AvoidDay,
    Busy,
    Duration,
    Earliest,
    Meeting,
    NotAfter,
    NotBefore,
    Participant,
    Said,
    Slot,
    Span,
    Task,
    Weekday,
    WorkHours,
    clock,
    day_index,
)

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

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
    result = RequirementResult.passed if passed else RequirementResult.failed
    return result(req.kind, code, reason, requirement=req.as_json)


# --- how the meta-tests build requirements (hypothesis's strategies handed in) -----------------

STEP = 15
"""The generated tasks' grid, in minutes: work hours, durations, busy spans, preference times
and slots are multiples of it, so the oracle's grid of slots holds the earliest slot exactly."""
DAY = 24 * 60


@cache
@cache
def grid(st: Strategies, low: int, high: int) -> SearchStrategy[int]:
    """A multiple of :data:`STEP` in ``[low, high]`` (both multiples of it, ``low <= high``).

    Cached: building and validating a strategy costs more than drawing from it."""
    found: SearchStrategy[int] = st.integers(low // STEP, high // STEP).map(lambda k: k * STEP)
    return found


@cache
def day_but(st: Strategies, day: str) -> SearchStrategy[Weekday]:
    """A weekday other than ``day`` (cached, as :func:`grid`)."""
    found: SearchStrategy[Weekday] = st.sampled_from([d for d in WEEKDAYS if d != day])
    return found


def with_meeting(task: Task, **changes: Any) -> Task:
    """``task`` with its meeting's fields changed, validated as a loaded meeting is: a
    generator that builds an impossible meeting (work hours ending before they start, a
    meeting longer than a day) fails where it builds it instead of testing nothing."""
    meeting = Meeting.model_validate({**task.meeting.model_dump(), **changes})
    return task.model_copy(update={"meeting": meeting})


def grid_slots(task: Task, days: Iterable[Weekday] = WEEKDAYS) -> list[At]:
    """Every slot of the task's duration on the grid, on ``days`` (in their order)."""
    length = task.meeting.duration_minutes
    return [
        At(day, start, start + length) for day in days for start in range(0, DAY - length + 1, STEP)
    ]


def check_allowed_day(req: AllowedDay, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting is on one of the task's days."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    days = series(ctx.task.meeting.days, "or")
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


def _allowed_day_broken(st: Strategies) -> Callable[[Task, At], SearchStrategy[Task]]:
    @composite(st)
    def broken(draw: DrawFn, task: Task, slot: At) -> Task:
        days = tuple(d for d in task.meeting.days if d != slot.day)
        return with_meeting(task, days=days or (draw(day_but(st, slot.day)),))

    return broken


ALLOWED_DAY: SharedKind[AllowedDay, SlotContext, Task, At] = SharedKind(
    AllowedDay,
    check_allowed_day,
    reasons={
        "allowed_day": "pass: the meeting is on one of the task's days",
        "day_not_allowed": "fail: the meeting is on another day",
    },
    holds=lambda task: lambda slot: slot.day in task.meeting.days,
    broken=_allowed_day_broken,
)


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


def _work_hours_broken(st: Strategies) -> Callable[[Task, At], SearchStrategy[Task]]:
    @composite(st)
    def broken(draw: DrawFn, task: Task, slot: At) -> Task:
        sides = []
        if slot.end - STEP >= STEP:
            sides.append("ends_early")
        if slot.start + STEP <= DAY - STEP:
            sides.append("starts_late")
        if draw(st.sampled_from(sides)) == "ends_early":
            end = draw(grid(st, STEP, slot.end - STEP))
            return with_meeting(task, work_start=draw(grid(st, 0, end - STEP)), work_end=end)
        start = draw(grid(st, slot.start + STEP, DAY - STEP))
        return with_meeting(task, work_start=start, work_end=draw(grid(st, start + STEP, DAY)))

    return broken


WORK_HOURS: SharedKind[WorkHours, SlotContext, Task, At] = SharedKind(
    WorkHours,
    check_work_hours,
    reasons={
        "within_work_hours": "pass: the whole meeting lies inside the work hours",
        "starts_before_work_hours": "fail: the meeting starts before the work hours",
        "ends_after_work_hours": "fail: the meeting ends after the work hours",
    },
    holds=lambda task: (
        lambda slot: task.meeting.work_start <= slot.start and slot.end <= task.meeting.work_end
    ),
    broken=_work_hours_broken,
)


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


def _duration_broken(st: Strategies) -> Callable[[Task, At], SearchStrategy[Task]]:
    def broken(task: Task, slot: At) -> SearchStrategy[Task]:
        # The slot lasts the task's duration; a task asking for any other duration on the grid
        # (shorter, or longer up to a whole day) makes it too short or too long.
        length = task.meeting.duration_minutes
        other = grid(st, STEP, DAY).filter(lambda minutes: minutes != length)
        return other.map(lambda minutes: with_meeting(task, duration_minutes=minutes))

    return broken


DURATION: SharedKind[Duration, SlotContext, Task, At] = SharedKind(
    Duration,
    check_duration,
    reasons={
        "right_duration": "pass: the meeting lasts exactly the task's duration",
        "too_short": "fail: the meeting is shorter than the task's duration",
        "too_long": "fail: the meeting is longer than the task's duration",
    },
    holds=lambda task: lambda slot: slot.end - slot.start == task.meeting.duration_minutes,
    broken=_duration_broken,
)


def spans_text(spans: Iterable[Span]) -> str:
    """``9:00-11:00, 11:30-14:30`` (the day left out)."""
    return ", ".join(f"{clock(s.start)}-{clock(s.end)}" for s in spans)


def overlapping(spans: Iterable[Span], day: str, start: int, end: int) -> list[Span]:
    """The spans on ``day`` that share time with ``start``-``end`` (touching is not sharing)."""
    return [s for s in spans if s.day == day and s.start < end and start < s.end]


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


def busy_holds(req: Busy, slot: At) -> bool:
    """No span on the slot's day starts before the slot ends and ends after it starts."""
    for span in req.spans:
        if span.day == slot.day and span.start < slot.end and slot.start < span.end:
            return False
    return True


def _busy_examples(st: Strategies) -> KindExamples[Busy, At]:
    @composite(st)
    def clear_of(draw: DrawFn, slot: At) -> Span:
        """A busy span the slot does not overlap: another day, or that day before or after it."""
        places = ["other_day"]
        if slot.start >= STEP:
            places.append("before")
        if slot.end <= DAY - STEP:
            places.append("after")
        place = draw(st.sampled_from(places))
        if place == "before":
            start = draw(grid(st, 0, slot.start - STEP))
            return Span(day=slot.day, start=start, end=draw(grid(st, start + STEP, slot.start)))
        if place == "after":
            start = draw(grid(st, slot.end, DAY - STEP))
            return Span(day=slot.day, start=start, end=draw(grid(st, start + STEP, DAY)))
        start = draw(grid(st, 0, DAY - STEP))
        day = draw(day_but(st, slot.day))
        return Span(day=day, start=start, end=draw(grid(st, start + STEP, DAY)))

    @composite(st)
    def over(draw: DrawFn, slot: At) -> Span:
        """A busy span on the slot's day that shares time with it: any grid span that starts
        before the slot ends and ends after it starts."""
        start = draw(grid(st, 0, slot.end - STEP))
        end = draw(grid(st, max(start, slot.start) + STEP, DAY))
        return Span(day=slot.day, start=start, end=end)

    @composite(st)
    def any_span(draw: DrawFn) -> Span:
        start = draw(st.integers(0, DAY - 1))
        return Span(
            day=draw(st.sampled_from(WEEKDAYS)), start=start, end=draw(st.integers(start + 1, DAY))
        )

    @composite(st)
    def broken_by(draw: DrawFn, slot: At) -> Busy:
        spans = [*draw(st.lists(clear_of(slot), max_size=2)), draw(over(slot))]
        return Busy(spans=tuple(draw(st.permutations(spans))))

    return KindExamples(
        any=st.lists(any_span(), max_size=4).map(lambda spans: Busy(spans=tuple(spans))),
        met_by=lambda slot: st.lists(clear_of(slot), max_size=3).map(
            lambda spans: Busy(spans=tuple(spans))
        ),
        broken_by=broken_by,
    )


BUSY: RequirementKind[Busy, SlotContext, At] = RequirementKind(
    Busy,
    check_busy,
    reasons={
        "free": "pass: the meeting overlaps none of the participant's busy spans",
        "busy": "fail: the meeting overlaps a busy span",
    },
    holds=busy_holds,
    examples=_busy_examples,
)


def _says(req: AvoidDay | NotBefore | NotAfter, who: str) -> str:
    return f"{who} {SAID_AS_VERB[req.said]} on {req.day}"


def check_avoid_day(req: AvoidDay, ctx: SlotContext) -> RequirementResult:
    """Pass when the meeting is on another day."""
    if (found := _incomplete(req, ctx)) is not None:
        return found
    said = _says(req, ctx.participant.name)
    if ctx.day == req.day:
        return _result(req, False, "unwanted_day", f"{said}; the meeting is on {ctx.day}")
    return _result(req, True, "other_day", f"{said}; the meeting is on {ctx.day}")


def _avoid_day_examples(st: Strategies) -> KindExamples[AvoidDay, At]:
    said = st.sampled_from(get_args(Said))
    return KindExamples(
        any=st.builds(AvoidDay, day=st.sampled_from(WEEKDAYS), said=said),
        met_by=lambda slot: st.builds(AvoidDay, day=day_but(st, slot.day), said=said),
        broken_by=lambda slot: st.builds(AvoidDay, day=st.just(slot.day), said=said),
    )


AVOID_DAY: RequirementKind[AvoidDay, SlotContext, At] = RequirementKind(
    AvoidDay,
    check_avoid_day,
    reasons={
        "other_day": "pass: the meeting is on another day",
        "unwanted_day": "fail: the meeting is on the day the participant avoids",
    },
    holds=lambda req, slot: slot.day != req.day,
    examples=_avoid_day_examples,
)


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


def _limit_examples(
    kind: type[NotBefore] | type[NotAfter],
) -> Callable[[Strategies], KindExamples[Any, At]]:
    """``not_before``/``not_after`` examples: met on another day or at a time the slot
    respects; broken on the slot's day at a time it does not."""

    def examples(st: Strategies) -> KindExamples[Any, At]:
        said = st.sampled_from(get_args(Said))
        before = kind is NotBefore

        @composite(st)
        def met_by(draw: DrawFn, slot: At) -> Requirement:
            if draw(st.booleans()):
                day = draw(day_but(st, slot.day))
                return kind(day=day, time=draw(grid(st, 0, DAY)), said=draw(said))
            time = draw(grid(st, 0, slot.start) if before else grid(st, slot.end, DAY))
            return kind(day=slot.day, time=time, said=draw(said))

        @composite(st)
        def broken_by(draw: DrawFn, slot: At) -> Requirement:
            time = draw(
                grid(st, slot.start + STEP, DAY) if before else grid(st, 0, slot.end - STEP)
            )
            return kind(day=slot.day, time=time, said=draw(said))

        return KindExamples(
            any=st.builds(kind, day=st.sampled_from(WEEKDAYS), time=st.integers(0, DAY), said=said),
            met_by=met_by,
            broken_by=broken_by,
        )

    return examples


NOT_BEFORE: RequirementKind[NotBefore, SlotContext, At] = RequirementKind(
    NotBefore,
    check_not_before,
    reasons={
        "other_day": "pass: the meeting is on another day",
        "late_enough": "pass: the meeting starts at the time or later",
        "starts_too_early": "fail: the meeting starts before the time that day",
    },
    holds=lambda req, slot: slot.day != req.day or slot.start >= req.time,
    examples=_limit_examples(NotBefore),
)
NOT_AFTER: RequirementKind[NotAfter, SlotContext, At] = RequirementKind(
    NotAfter,
    check_not_after,
    reasons={
        "other_day": "pass: the meeting is on another day",
        "early_enough": "pass: the meeting ends by the time",
        "ends_too_late": "fail: the meeting ends after the time that day",
    },
    holds=lambda req, slot: slot.day != req.day or slot.end <= req.time,
    examples=_limit_examples(NotAfter),
)


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


def first_working(task: Task) -> At | None:
    """The first slot of the week on the grid that meets every rule but ``earliest`` for
    everyone, by the plain rules (the oracle's earliest slot)."""
    served = PLANS.served(task, skip=("earliest",))
    everyone = len(task.participants)
    return next((slot for slot in grid_slots(task) if served(slot) == everyone), None)


def _earliest_rule(task: Task) -> Callable[[At], bool]:
    first = first_working(task)
    return lambda slot: first is None or slot.order() <= first.order()


EARLIEST: SharedKind[Earliest, SlotContext, Task, At] = SharedKind(
    Earliest,
    check_earliest,
    reasons={
        "earliest": "pass: no slot that starts earlier in the week works for everyone",
        "no_slot_works": "pass: no slot works for everyone, so none is earlier",
        "not_earliest": "fail: a slot that starts earlier works for everyone",
    },
    holds=_earliest_rule,
    # Its violations (an answer that works but is not the first) are built in meta.py.
)


# --- the domain -------------------------------------------------------------------------------


def _worlds(st: Strategies) -> SearchStrategy[tuple[Meeting, At]]:
    """A meeting (no earliest instruction) and a slot that meets its own rules."""

    @composite(st)
    def worlds(draw: DrawFn) -> tuple[Meeting, At]:
        length = draw(grid(st, STEP, 240))
        work_start = draw(grid(st, 0, DAY - length))
        work_end = draw(grid(st, work_start + length, DAY))
        start = draw(grid(st, work_start, work_end - length))
        days = draw(st.lists(st.sampled_from(WEEKDAYS[:5]), min_size=1, max_size=5, unique=True))
        meeting = Meeting(
            duration_minutes=length, work_start=work_start, work_end=work_end, days=tuple(days)
        )
        return meeting, At(day=draw(st.sampled_from(days)), start=start, end=start + length)

    return worlds()


PLANS: PlanDomain[Task, Participant, At, SlotContext] = PlanDomain(
    name="scheduling",
    kinds=(BUSY, AVOID_DAY, NOT_BEFORE, NOT_AFTER),
    shared=(ALLOWED_DAY, WORK_HOURS, DURATION, EARLIEST),
    scenario_type=Task,
    subject_type=Participant,
    subjects_field="participants",
    fields=("day", "start", "end"),
    answer=lambda slot: {"day": slot.day, "start": clock(slot.start), "end": clock(slot.end)},
    plans=lambda task: grid_slots(task, WEEKDAYS[:6]),
    context=lambda task, participant, slot: SlotContext(
        participant, task, slot.day, slot.start, slot.end
    ),
    worlds=_worlds,
    build=lambda meeting, people: Task(id="generated", meeting=meeting, participants=people),
    requirements_of=requirements_of,
    needs=NEEDS,
)
"""The scheduling domain for the kit: its kinds, a slot as the plan, the 15-minute grid of
slots Monday to Saturday as every candidate (the oracle's), and generated meetings as worlds.
Answers are read by :mod:`domains.scheduling.answers` (text forms and parts of a slot too)."""
checks = PLANS.checks
