"""Meta-tests of the scheduling checkers: how to build answers whose verdict is known.

``checkers meta scheduling`` runs them (as does pytest with ``--checkers-meta=scheduling``).
Every generated task is on a 15-minute grid (work hours, duration, busy spans, preference times
and answers are multiples of 15 minutes), so the oracle's grid of slots holds the earliest slot
that works for everyone exactly.

Per participant requirement kind (``busy``, ``avoid_day``, ``not_before``, ``not_after``) the
harness needs four things, kept together in :data:`KINDS`:

- ``any``: any valid requirement of the kind (JSON round trips, monotonicity);
- ``met_by(slot)`` / ``broken_by(slot)``: a requirement of the kind the slot meets / breaks
  (satisfying answers; answers that break exactly one requirement of one participant);
- ``holds(requirement, slot)``: the rule stated once more, plainly and apart from ``checks.py``:
  the oracle scores every slot of a generated task with it, so a wrong check disagrees with it.

The meeting's own rules are shared: every participant holds them through the one meeting, so
breaking one fails it for everyone and nothing else (score 0/n). ``allowed_day``: the answer's
day is dropped from the meeting's days; ``work_hours``: the hours move off the slot;
``duration``: the meeting gets longer than the answer; ``earliest``: a task whose answer works
for everyone, but is not the first slot that does, starts asking for the earliest one.

``earliest`` looks at every participant's requirements, so adding a requirement to a task that
asks for the earliest slot can remove the earlier slot that made an answer wrong: the score can
rise. So ``everyone_can_attend`` is described under two rows: on tasks without the earliest
instruction (every invariant, monotonicity included, also per requirement kind) and, as
``everyone_can_attend/earliest_tasks``, on tasks with it (every invariant but monotonicity,
exempt with its reason).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, get_args

from hypothesis import assume
from hypothesis import strategies as st
from pydantic import TypeAdapter

from checkers.meta.spec import Answer, Case, DomainMetaSpec, MetricMeta, Oracle, Violation
from checkers.meta.strategies import final_texts, prose
from checkers.requirements import Requirement
from checkers.transcript import Transcript
from domains.scheduling.checks import NEEDS, checks
from domains.scheduling.metrics import EVERYONE_CAN_ATTEND
from domains.scheduling.models import (
    WEEKDAYS,
    AllowedDay,
    AvoidDay,
    Busy,
    Duration,
    Earliest,
    Meeting,
    NotAfter,
    NotBefore,
    Participant,
    Said,
    SchedulingRequirement,
    Span,
    Task,
    Weekday,
    WorkHours,
    clock,
)

STEP = 15
"""The generated tasks' grid, in minutes."""
DAY = 24 * 60
WORK_WEEK: tuple[Weekday, ...] = WEEKDAYS[:5]
SAID: tuple[Said, ...] = get_args(Said)
NAMES = ("Ana", "Björn", "Zoë", "O'Brien", "Mary-Ann", "José", "Anne Marie", "Lin")
SHARED = ("allowed_day", "work_hours", "duration", "earliest")
EARLIEST_TASKS = "everyone_can_attend/earliest_tasks"
"""The share metric, described a second time for tasks that ask for the earliest slot."""
KNOWN_ANSWERS = Path(__file__).with_name("known_answers.json")
_REQUIREMENT: TypeAdapter[Requirement] = TypeAdapter(SchedulingRequirement)


@dataclass(frozen=True)
class At:
    """A slot: a day, a start and an end (a plain dataclass, cheap to build by the thousand in
    the oracle, unlike the validated :class:`~domains.scheduling.models.Slot`)."""

    day: Weekday
    start: int
    end: int

    def text(self) -> str:
        """``Monday, 14:30 - 15:30``."""
        return f"{self.day}, {clock(self.start)} - {clock(self.end)}"


_SAID = st.sampled_from(SAID)
_ANY_DAY = st.sampled_from(WEEKDAYS)


@cache
def grid(low: int, high: int) -> st.SearchStrategy[int]:
    """A multiple of :data:`STEP` in ``[low, high]`` (both multiples of it, ``low <= high``).

    Cached: building and validating a strategy costs more than drawing from it."""
    return st.integers(low // STEP, high // STEP).map(lambda k: k * STEP)


def other_days(day: str) -> list[Weekday]:
    return [d for d in WEEKDAYS if d != day]


@cache
def any_day_but(day: str) -> st.SearchStrategy[Weekday]:
    """A weekday other than ``day`` (cached, as :func:`grid`)."""
    return st.sampled_from(other_days(day))


# --- spans and the per-participant kinds ---------------------------------------------------------


@st.composite
def spans_clear_of(draw: st.DrawFn, slot: At) -> Span:
    """A busy span the slot does not overlap: another day, or that day before or after it."""
    places = ["other_day"]
    if slot.start >= STEP:
        places.append("before")
    if slot.end <= DAY - STEP:
        places.append("after")
    place = draw(st.sampled_from(places))
    if place == "before":
        start = draw(grid(0, slot.start - STEP))
        return Span(day=slot.day, start=start, end=draw(grid(start + STEP, slot.start)))
    if place == "after":
        start = draw(grid(slot.end, DAY - STEP))
        return Span(day=slot.day, start=start, end=draw(grid(start + STEP, DAY)))
    start = draw(grid(0, DAY - STEP))
    day = draw(any_day_but(slot.day))
    return Span(day=day, start=start, end=draw(grid(start + STEP, DAY)))


@st.composite
def spans_over(draw: st.DrawFn, slot: At) -> Span:
    """A busy span on the slot's day that shares time with it."""
    start = draw(grid(max(0, slot.start - 120), slot.end - STEP))
    end = draw(grid(max(start, slot.start) + STEP, min(DAY, slot.end + 120)))
    return Span(day=slot.day, start=start, end=end)


@st.composite
def any_spans(draw: st.DrawFn) -> Span:
    start = draw(st.integers(0, DAY - 1))
    return Span(day=draw(_ANY_DAY), start=start, end=draw(st.integers(start + 1, DAY)))


@st.composite
def busy_met_by(draw: st.DrawFn, slot: At) -> Busy:
    return Busy(spans=tuple(draw(st.lists(spans_clear_of(slot), max_size=3))))


@st.composite
def busy_broken_by(draw: st.DrawFn, slot: At) -> Busy:
    clear = draw(st.lists(spans_clear_of(slot), max_size=2))
    spans = [*clear, draw(spans_over(slot))]
    return Busy(spans=tuple(draw(st.permutations(spans))))


def busy_holds(req: Busy, slot: At) -> bool:
    """No span on the slot's day starts before the slot ends and ends after it starts."""
    for span in req.spans:
        if span.day == slot.day and span.start < slot.end and slot.start < span.end:
            return False
    return True


@st.composite
def limit_met_by(draw: st.DrawFn, slot: At, kind: type[NotBefore | NotAfter]) -> Requirement:
    """``not_before``/``not_after`` the slot meets: another day, or a time it respects."""
    if draw(st.booleans()):
        day = draw(any_day_but(slot.day))
        return kind(day=day, time=draw(grid(0, DAY)), said=draw(_SAID))
    time = draw(grid(0, slot.start)) if kind is NotBefore else draw(grid(slot.end, DAY))
    return kind(day=slot.day, time=time, said=draw(_SAID))


@st.composite
def limit_broken_by(draw: st.DrawFn, slot: At, kind: type[NotBefore | NotAfter]) -> Requirement:
    time = (
        draw(grid(slot.start + STEP, DAY)) if kind is NotBefore else draw(grid(0, slot.end - STEP))
    )
    return kind(day=slot.day, time=time, said=draw(_SAID))


@dataclass(frozen=True)
class KindStrategies:
    """How the meta-tests build requirements of one kind (see the module docstring)."""

    any: st.SearchStrategy[Requirement]
    met_by: Callable[[At], st.SearchStrategy[Requirement]]
    broken_by: Callable[[At], st.SearchStrategy[Requirement]]
    holds: Callable[[Any, At], bool]


KINDS: dict[str, KindStrategies] = {
    "busy": KindStrategies(
        any=st.lists(any_spans(), max_size=4).map(lambda spans: Busy(spans=tuple(spans))),
        met_by=busy_met_by,
        broken_by=busy_broken_by,
        holds=busy_holds,
    ),
    "avoid_day": KindStrategies(
        any=st.builds(AvoidDay, day=_ANY_DAY, said=_SAID),
        met_by=lambda slot: st.builds(AvoidDay, day=any_day_but(slot.day), said=_SAID),
        broken_by=lambda slot: st.builds(AvoidDay, day=st.just(slot.day), said=_SAID),
        holds=lambda req, slot: slot.day != req.day,
    ),
    "not_before": KindStrategies(
        any=st.builds(NotBefore, day=_ANY_DAY, time=st.integers(0, DAY), said=_SAID),
        met_by=lambda slot: limit_met_by(slot, NotBefore),
        broken_by=lambda slot: limit_broken_by(slot, NotBefore),
        holds=lambda req, slot: slot.day != req.day or slot.start >= req.time,
    ),
    "not_after": KindStrategies(
        any=st.builds(NotAfter, day=_ANY_DAY, time=st.integers(0, DAY), said=_SAID),
        met_by=lambda slot: limit_met_by(slot, NotAfter),
        broken_by=lambda slot: limit_broken_by(slot, NotAfter),
        holds=lambda req, slot: slot.day != req.day or slot.end <= req.time,
    ),
}
"""The meta-tests' strategies per participant requirement kind; add an entry for every new
kind a participant can hold."""

_SOME_KINDS = st.lists(st.sampled_from(sorted(KINDS)), max_size=4)

SHARED_REQUIREMENTS: dict[str, st.SearchStrategy[Requirement]] = {
    "allowed_day": st.just(AllowedDay()),
    "work_hours": st.just(WorkHours()),
    "duration": st.just(Duration()),
    "earliest": st.just(Earliest()),
}


# --- the reference rules (the oracle) ---------------------------------------------------------


def frame_holds(meeting: Meeting, slot: At) -> bool:
    """The meeting's own rules: an allowed day, inside the work hours, the right length."""
    return (
        slot.day in meeting.days
        and meeting.work_start <= slot.start
        and slot.end <= meeting.work_end
        and slot.end - slot.start == meeting.duration_minutes
    )


def requirement_holds(meeting: Meeting, req: Requirement, slot: At) -> bool:
    """Whether ``slot`` meets ``req`` (``earliest`` excluded: it needs the whole task)."""
    if isinstance(req, AllowedDay):
        return slot.day in meeting.days
    if isinstance(req, WorkHours):
        return meeting.work_start <= slot.start and slot.end <= meeting.work_end
    if isinstance(req, Duration):
        return slot.end - slot.start == meeting.duration_minutes
    return KINDS[req.kind].holds(req, slot)


def works(task: Task, slot: At) -> bool:
    """The slot meets the meeting's rules and every participant's every requirement (but the
    earliest rule)."""
    return frame_holds(task.meeting, slot) and all(
        requirement_holds(task.meeting, req, slot)
        for participant in task.participants
        for req in participant.requirements
        if not isinstance(req, Earliest)
    )


def grid_slots(task: Task, days: Sequence[Weekday] = WEEKDAYS) -> list[At]:
    """Every slot of the task's duration on the grid, on ``days`` (Monday first)."""
    length = task.meeting.duration_minutes
    return [
        At(day=day, start=start, end=start + length)
        for day in days
        for start in range(0, DAY - length + 1, STEP)
    ]


def reference_earliest(task: Task) -> At | None:
    """The first slot of the week that works for everyone, or None."""
    return next((s for s in grid_slots(task) if works(task, s)), None)


def _order(slot: At) -> tuple[int, int]:
    return WEEKDAYS.index(slot.day), slot.start


def reference_served(task: Task, slot: At, first: At | None) -> int:
    """How many participants ``slot`` serves, by the rules stated plainly; ``first`` is the
    task's earliest working slot."""
    early_enough = first is None or _order(slot) <= _order(first)
    served = 0
    for participant in task.participants:
        ok = frame_holds(task.meeting, slot)
        wants_earliest = task.meeting.earliest
        for req in participant.requirements:
            if isinstance(req, Earliest):
                wants_earliest = True
            else:
                ok = ok and requirement_holds(task.meeting, req, slot)
        served += ok and (early_enough or not wants_earliest)
    return served


def reference_oracle(task: Task) -> Oracle:
    """Every slot of the task's duration on the grid, Monday to Saturday, scored plainly."""
    first = reference_earliest(task)
    total = len(task.participants)
    scores = {
        (s.day, clock(s.start), clock(s.end)): Fraction(reference_served(task, s, first), total)
        for s in grid_slots(task, WEEKDAYS[:6])
    }

    def score(answer: Answer) -> Fraction:
        return scores[(answer["day"], answer["start"], answer["end"])]

    answers = tuple({"day": d, "start": s, "end": e} for d, s, e in scores)
    return Oracle(best=max(scores.values()), answers=answers, score=score, subjects=total)


# --- tasks and answers ------------------------------------------------------------------------


def participant_name(index: int) -> str:
    """Distinct names of any shape: Ana, Björn, Zoë, O'Brien, Mary-Ann ... Ana 1, ..."""
    base = NAMES[index % len(NAMES)]
    return base if index < len(NAMES) else f"{base} {index // len(NAMES)}"


@st.composite
def worlds(draw: st.DrawFn) -> tuple[Meeting, At]:
    """A meeting (no earliest instruction) and a slot that meets its own rules."""
    length = draw(grid(STEP, 240))
    work_start = draw(grid(0, DAY - length))
    work_end = draw(grid(work_start + length, DAY))
    start = draw(grid(work_start, work_end - length))
    days = draw(st.lists(st.sampled_from(WORK_WEEK), min_size=1, max_size=5, unique=True))
    meeting = Meeting(
        duration_minutes=length, work_start=work_start, work_end=work_end, days=tuple(days)
    )
    return meeting, At(day=draw(st.sampled_from(days)), start=start, end=start + length)


@st.composite
def participants_met_by(draw: st.DrawFn, slot: At, index: int) -> Participant:
    """Participant ``p<index>`` with up to four requirements, every one met by ``slot``."""
    kinds = draw(_SOME_KINDS)
    requirements = tuple(draw(KINDS[kind].met_by(slot)) for kind in kinds)
    return Participant(id=f"p{index}", name=participant_name(index), requirements=requirements)


def with_meeting(task: Task, **changes: Any) -> Task:
    return task.model_copy(update={"meeting": task.meeting.model_copy(update=changes)})


def describe(task: Task, answer: Answer | None = None) -> str:
    """The task (and the answer) on one line, for failure messages."""

    def requirement(r: Requirement) -> str:
        if isinstance(r, Busy):
            return "busy " + (", ".join(s.text() for s in r.spans) or "never")
        values = [str(v) for k, v in r.model_dump(mode="json").items() if k not in ("kind", "said")]
        return " ".join([r.kind, *values])

    m = task.meeting
    people = "; ".join(
        f"{p.id} {p.name}: {', '.join(map(requirement, p.requirements)) or '-'}"
        for p in task.participants
    )
    head = (
        f"meeting {m.duration_minutes} min, {m.hours_text()}, on {'/'.join(m.days)}"
        f"{', earliest' if m.earliest else ''}"
    )
    return f"{f'answer {answer}; ' if answer else ''}{head}; participants [{people}]"


@st.composite
def spelled(draw: st.DrawFn, slot: At) -> Answer:
    """The slot as an agent writes it in JSON: the day in any case, times as ``9:00``,
    ``09:00`` or ``9:00am``."""
    day = draw(st.sampled_from((slot.day, slot.day.lower(), slot.day.upper())))
    style = draw(st.sampled_from(("plain", "padded", "meridiem")))

    def time(minutes: int) -> str:
        if style == "padded" or (style == "meridiem" and slot.end == DAY):
            return f"{minutes // 60:02d}:{minutes % 60:02d}"
        if style == "meridiem":
            hours = (minutes // 60) % 12 or 12
            return f"{hours}:{minutes % 60:02d}{'pm' if minutes >= 720 else 'am'}"
        return clock(minutes)

    return {"day": day, "start": time(slot.start), "end": time(slot.end)}


@st.composite
def built_tasks(draw: st.DrawFn, low: int, high: int) -> tuple[Task, At]:
    """A task (no earliest instruction) and a slot that works for every participant."""
    meeting, slot = draw(worlds())
    count = draw(st.integers(low, high))
    people = tuple(draw(participants_met_by(slot, i)) for i in range(count))
    return Task(id="generated", meeting=meeting, participants=people), slot


@st.composite
def satisfying_slots(
    draw: st.DrawFn, low: int, high: int, earliest: bool | None = None
) -> tuple[Task, At]:
    """A task and a slot that meets every requirement of every participant; when the task asks
    for the earliest slot (``earliest``; drawn when None), the slot is that one."""
    task, slot = draw(built_tasks(low, high))
    if earliest if earliest is not None else draw(st.booleans()):
        task = with_meeting(task, earliest=True)
        first = reference_earliest(task)
        assert first is not None  # ``slot`` works, so some slot does
        slot = first
    return task, slot


@st.composite
def satisfying_cases(draw: st.DrawFn, low: int, high: int) -> Case[Task]:
    """A task and an answer that meets every requirement of every participant."""
    task, slot = draw(satisfying_slots(low, high))
    answer = draw(spelled(slot))
    return Case(task, answer, describe(task, answer))


@st.composite
def participant_violations(draw: st.DrawFn, kind: str, low: int, high: int) -> Violation[Task]:
    """A satisfying case in which one participant gets one more requirement, of ``kind``, that
    the answer breaks (the earliest slot stays the answer's or later: adding a requirement only
    removes working slots)."""
    base, slot = draw(satisfying_slots(low, high))
    answer = draw(spelled(slot))
    target = draw(st.sampled_from(base.participants))
    broken = draw(KINDS[kind].broken_by(slot))
    task = add_requirement(base, target.id, broken)
    return Violation(
        base=base,
        scenario=task,
        answer=answer,
        subject_id=target.id,
        kind=kind,
        about=f"{target.name} ({target.id}) now also holds {broken.model_dump(mode='json')}; "
        + describe(task, answer),
        mentions=(target.name, slot.day),
    )


@st.composite
def broken_meetings(draw: st.DrawFn, kind: str, task: Task, slot: At) -> Task:
    """``task`` with its meeting changed so that ``slot`` breaks the shared rule ``kind``."""
    meeting = task.meeting
    if kind == "allowed_day":
        days = tuple(d for d in meeting.days if d != slot.day)
        return with_meeting(task, days=days or (draw(any_day_but(slot.day)),))
    if kind == "work_hours":
        sides = []
        if slot.end - STEP >= STEP:
            sides.append("ends_early")
        if slot.start + STEP <= DAY - STEP:
            sides.append("starts_late")
        if draw(st.sampled_from(sides)) == "ends_early":
            end = draw(grid(STEP, slot.end - STEP))
            return with_meeting(task, work_start=draw(grid(0, end - STEP)), work_end=end)
        start = draw(grid(slot.start + STEP, DAY - STEP))
        return with_meeting(task, work_start=start, work_end=draw(grid(start + STEP, DAY)))
    longer = draw(grid(meeting.duration_minutes + STEP, meeting.duration_minutes + 240))
    return with_meeting(task, duration_minutes=longer)


@st.composite
def shared_violations(draw: st.DrawFn, kind: str, low: int, high: int) -> Violation[Task]:
    """A satisfying case whose meeting changes so the answer breaks the shared rule ``kind``
    for everyone (on tasks without the earliest instruction, which the change could also
    break: an earlier slot can work on another day or in other hours)."""
    base, slot = draw(satisfying_slots(low, high, earliest=False))
    answer = draw(spelled(slot))
    task = draw(broken_meetings(kind, base, slot))
    target = base.participants[0]
    return Violation(
        base=base,
        scenario=task,
        answer=answer,
        subject_id=target.id,
        kind=kind,
        about=f"the meeting now breaks {kind}; " + describe(task, answer),
        shared=True,
        mentions=(target.name,),
    )


@st.composite
def earliest_violations(draw: st.DrawFn, low: int, high: int) -> Violation[Task]:
    """A task whose answer works for everyone but is not the first slot that does, before and
    after it asks for the earliest slot."""
    task, _ = draw(built_tasks(low, high))
    working = [s for s in grid_slots(task, task.meeting.days) if works(task, s)]
    working.sort(key=_order)
    assume(len(working) > 1)
    slot = draw(st.sampled_from(working[1:]))
    answer = draw(spelled(slot))
    asking = with_meeting(task, earliest=True)
    target = task.participants[0]
    return Violation(
        base=task,
        scenario=asking,
        answer=answer,
        subject_id=target.id,
        kind="earliest",
        about=f"{working[0].text()} works and is earlier; " + describe(asking, answer),
        shared=True,
        mentions=(target.name, working[0].day),
    )


def violations(kind: str, low: int, high: int) -> st.SearchStrategy[Violation[Task]]:
    """Answers that break exactly one requirement of ``kind`` (see the module docstring)."""
    if kind == "earliest":
        return earliest_violations(low, high)
    if kind in SHARED:
        return shared_violations(kind, low, high)
    return participant_violations(kind, low, high)


@st.composite
def random_tasks(draw: st.DrawFn, low: int, high: int) -> Task:
    """Participants whose requirements each fit or break a random slot: often no slot works."""
    meeting, _ = draw(worlds())
    people = []
    for index in range(draw(st.integers(low, high))):
        requirements = []
        for kind in draw(_SOME_KINDS):
            _, slot = draw(worlds())
            build = KINDS[kind].met_by if draw(st.booleans()) else KINDS[kind].broken_by
            requirements.append(draw(build(slot)))
        people.append(
            Participant(id=f"p{index}", name=participant_name(index), requirements=requirements)
        )
    return Task(id="generated", meeting=meeting, participants=tuple(people))


def any_tasks(low: int, high: int, earliest: bool | None = None) -> st.SearchStrategy[Task]:
    """Half built around a slot that works for everyone, half drawn at random; asking for the
    earliest slot when ``earliest`` says so (either, when None)."""
    built = built_tasks(low, high).map(lambda found: found[0])
    tasks = built | random_tasks(low, high)
    if earliest is None:
        return st.tuples(tasks, st.booleans()).map(lambda t: with_meeting(t[0], earliest=t[1]))
    return tasks.map(lambda task: with_meeting(task, earliest=earliest))


def garbled(field_name: str, value: Any) -> st.SearchStrategy[Any]:
    """Values of ``field_name`` the judge must not guess at."""
    if field_name == "day":
        return st.sampled_from(("Mon", "Someday", "tomorrow", "2024-06-03", f"{value}s", "Day 1"))
    bad = ("25:00", "9:75", "noon", "9", "9.30", "13pm", "T09:00", f"{value}:00")
    if field_name == "end":
        return st.sampled_from((*bad, "0:00"))  # an end at midnight is not after any start
    return st.sampled_from(bad)


@st.composite
def answer_texts(draw: st.DrawFn, task: Task) -> str | None:
    """A final text for ``task``: a slot in JSON or in the benchmark's words, a broken slot, or
    no answer at all."""
    day = draw(st.sampled_from(WEEKDAYS[:6]))
    start = draw(grid(0, DAY - task.meeting.duration_minutes))
    length = task.meeting.duration_minutes + draw(st.sampled_from((0, 0, 0, STEP, -STEP)))
    slot = At(day=day, start=start, end=min(start + max(length, STEP), DAY))
    how = draw(st.sampled_from(("json", "json", "text", "broken", "nothing")))
    if how == "text":
        return f"Here is the proposed time: {slot.text()}"
    answer = draw(spelled(slot))
    if how == "broken":
        field_name = draw(st.sampled_from(("day", "start", "end")))
        answer[field_name] = draw(garbled(field_name, answer[field_name]) | st.none())
    if how == "nothing":
        return draw(st.none() | prose())
    return draw(final_texts(answer))


@st.composite
def transcripts(draw: st.DrawFn, tasks: st.SearchStrategy[Task]) -> tuple[Task, Transcript]:
    task = draw(tasks)
    return task, Transcript(final_text=draw(answer_texts(task)))


# --- the spec -----------------------------------------------------------------------------------


def reorder_participants(task: Task, order: Sequence[int]) -> Task:
    """``task`` with its participants in the given order."""
    return task.model_copy(update={"participants": tuple(task.participants[i] for i in order)})


def add_requirement(task: Task, participant_id: str, requirement: Requirement) -> Task:
    """``task`` with ``requirement`` added to participant ``participant_id``."""
    people = tuple(
        p.model_copy(update={"requirements": (*p.requirements, requirement)})
        if p.id == participant_id
        else p
        for p in task.participants
    )
    return task.model_copy(update={"participants": people})


def load_requirement(value: Any) -> Requirement:
    """A requirement from its JSON, through the union of every kind."""
    return _REQUIREMENT.validate_python(value)


def meta_spec(min_subjects: int = 1, max_subjects: int = 6) -> DomainMetaSpec[Task]:
    """The meta spec, with ``min_subjects`` to ``max_subjects`` participants per task.

    Raises ValueError unless ``1 <= min_subjects <= max_subjects``.
    """
    if not 1 <= min_subjects <= max_subjects:
        raise ValueError(
            f"participants per task must satisfy 1 <= min <= max, got {min_subjects}..."
            f"{max_subjects}; e.g. meta_spec(2, 6)"
        )
    sizes = (min_subjects, max_subjects)
    kinds = tuple(sorted({*KINDS, *SHARED}))
    needs = {
        part: frozenset(kind for kind, parts in NEEDS.items() if part in parts)
        for part in ("day", "start", "end")
    }
    non_monotone = (
        "on tasks that ask for the earliest slot, adding a requirement can remove the earlier "
        "slot that made an answer wrong, so the score can rise (by design: 'earliest' is "
        "judged against everyone's requirements); monotonicity is checked on the other tasks"
    )
    return DomainMetaSpec(
        domain="scheduling",
        metric=EVERYONE_CAN_ATTEND,
        checks=checks,
        satisfying=satisfying_cases(*sizes),
        violations={kind: violations(kind, *sizes) for kind in kinds},
        required_fields=("day", "start", "end"),
        needs=needs,
        garble=garbled,
        scenarios=any_tasks(*sizes),
        subject_ids=lambda task: tuple(p.id for p in task.participants),
        reorder_subjects=reorder_participants,
        requirements={
            **{kind: KINDS[kind].any for kind in KINDS},
            **SHARED_REQUIREMENTS,
        },
        add_requirement=add_requirement,
        load_requirement=load_requirement,
        dump_scenario=lambda task: task.model_dump(mode="json"),
        load_scenario=Task.model_validate,
        metrics={
            EVERYONE_CAN_ATTEND.name: MetricMeta(
                EVERYONE_CAN_ATTEND, transcripts(any_tasks(*sizes, earliest=False)), kinds
            ),
            EARLIEST_TASKS: MetricMeta(
                EVERYONE_CAN_ATTEND,
                transcripts(any_tasks(*sizes, earliest=True)),
                kinds,
                exempt={"monotone": non_monotone},
            ),
        },
        shared_kinds=frozenset(SHARED),
        oracle=reference_oracle,
        known_answers=KNOWN_ANSWERS if KNOWN_ANSWERS.is_file() else None,
        subjects=sizes,
        text_forms=benchmark_words,
    )


def benchmark_words(answer: Answer) -> st.SearchStrategy[str]:
    """The answer in the benchmark's own words, as the reader also accepts it."""
    slot = f"{answer['day']}, {answer['start']} - {answer['end']}"
    return st.sampled_from((f"Here is the proposed time: {slot}", slot))
