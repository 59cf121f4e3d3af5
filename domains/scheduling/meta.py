"""Meta-tests of the scheduling checkers: how to build answers whose verdict is known.

``checkers meta scheduling`` runs them (as does pytest with ``--checkers-meta=scheduling``).
Almost everything is derived by the kit (:mod:`checkers.meta.plans`) from the kinds'
declarations in :mod:`domains.scheduling.checks`: satisfying answers, one violation per
participant kind, the meeting's shared rules broken for everyone (score 0/n), random tasks, and
the oracle, which scores every slot of the 15-minute grid by the kinds' plain ``holds`` rules.
What is left here is scheduling's own:

- how an agent writes a slot (``spelled``; the benchmark's words, ``benchmark_words``) and
  values the judge must not guess at (``garbled``);
- the earliest rule: half the satisfying tasks ask for the earliest slot, whose answer is then
  the first slot that works; its violation is a task whose answer works for everyone, but is not
  the first slot that does, that starts asking for the earliest one.

``earliest`` looks at every participant's requirements, so adding a requirement to a task that
asks for the earliest slot can remove the earlier slot that made an answer wrong: the score can
rise. So ``everyone_can_attend`` is described under two rows: on tasks without the earliest
instruction (every invariant, monotonicity included, also per requirement kind) and, as
``everyone_can_attend/earliest_tasks``, on tasks with it (every invariant but monotonicity,
exempt with its reason).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from checkers.meta.plans import PlanMeta, plan_oracle
from checkers.meta.spec import Answer, DomainMetaSpec, MetricMeta, Oracle, Violation
from checkers.meta.strategies import final_texts, prose
from checkers.requirements import Requirement
from checkers.transcript import Transcript
from domains.scheduling.checks import (
    DAY,
    PLANS,
    STEP,
    first_working,
    grid,
    grid_slots,
    with_meeting,
)
from domains.scheduling.metrics import EVERYONE_CAN_ATTEND
from domains.scheduling.models import WEEKDAYS, At, Busy, Task, clock

NAMES = ("Ana", "Björn", "Zoë", "O'Brien", "Mary-Ann", "José", "Anne Marie", "Lin")
"""Participants' names, of any shape."""
EARLIEST_TASKS = "everyone_can_attend/earliest_tasks"
"""The share metric, described a second time for tasks that ask for the earliest slot."""
KNOWN_ANSWERS = Path(__file__).with_name("known_answers.json")


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


def asking_earliest(task: Task, slot: At) -> st.SearchStrategy[tuple[Task, At]]:
    """The task as built, or asking for the earliest slot with that slot as the answer."""

    def variant(asks: bool) -> tuple[Task, At]:
        if not asks:
            return task, slot
        first = first_working(task)
        assert first is not None  # ``slot`` works, so some slot does
        return with_meeting(task, earliest=True), first

    return st.booleans().map(variant)


def earliest_violations(meta: PlanMeta[Task, At]) -> st.SearchStrategy[Violation[Task]]:
    """A task whose answer works for everyone but is not the first slot that does, before and
    after it asks for the earliest slot."""

    @st.composite
    def broken(draw: st.DrawFn) -> Violation[Task]:
        task, _ = draw(meta.built)
        served = PLANS.served(task, skip=("earliest",))
        slots = grid_slots(task, task.meeting.days)
        working = sorted((s for s in slots if served(s) == len(task.participants)), key=At.order)
        assume(len(working) > 1)
        answer = draw(spelled(draw(st.sampled_from(working[1:]))))
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

    return broken()


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
    start = draw(grid(st, 0, DAY - task.meeting.duration_minutes))
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


def benchmark_words(answer: Answer) -> st.SearchStrategy[str]:
    """The answer in the benchmark's own words, as the reader also accepts it."""
    slot = f"{answer['day']}, {answer['start']} - {answer['end']}"
    return st.sampled_from((f"Here is the proposed time: {slot}", slot))


def reference_oracle(task: Task) -> Oracle:
    """Every slot of the 15-minute grid, Monday to Saturday, scored by the kinds' plain rules
    (the plugin names it)."""
    return plan_oracle(PLANS, task)


def meta_spec(min_subjects: int = 1, max_subjects: int = 6) -> DomainMetaSpec[Task]:
    """The meta spec, with ``min_subjects`` to ``max_subjects`` participants per task.

    Raises ValueError unless ``1 <= min_subjects <= max_subjects``.
    """
    meta = PlanMeta(
        PLANS,
        (min_subjects, max_subjects),
        per_subject=(0, 4),
        spell=spelled,
        garble=garbled,
        describe=describe,
        mentions=lambda slot: (slot.day,),
        names=NAMES,
        prefix="p",
        variant=asking_earliest,
    )

    def tasks(earliest: bool) -> st.SearchStrategy[Task]:
        return meta.any_scenarios.map(lambda task: with_meeting(task, earliest=earliest))

    either = {earliest: tasks(earliest) for earliest in (False, True)}

    kinds = tuple(sorted(PLANS.reasons))
    non_monotone = (
        "on tasks that ask for the earliest slot, adding a requirement can remove the earlier "
        "slot that made an answer wrong, so the score can rise (by design: 'earliest' is "
        "judged against everyone's requirements); monotonicity is checked on the other tasks"
    )
    return meta.spec(
        EVERYONE_CAN_ATTEND,
        KNOWN_ANSWERS if KNOWN_ANSWERS.is_file() else None,
        violations={"earliest": earliest_violations(meta)},
        scenarios=st.booleans().flatmap(either.__getitem__),
        metrics={
            EVERYONE_CAN_ATTEND.name: MetricMeta(
                EVERYONE_CAN_ATTEND, transcripts(either[False]), kinds
            ),
            EARLIEST_TASKS: MetricMeta(
                EVERYONE_CAN_ATTEND,
                transcripts(either[True]),
                kinds,
                exempt={"monotone": non_monotone},
            ),
        },
        text_forms=benchmark_words,
        oracle=reference_oracle,
    )
