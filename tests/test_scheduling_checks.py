"""The scheduling checks, one kind at a time: pass, fail and incomplete, with their exact
sentences; the earliest rule to the minute; the independent oracle against the checks on every
dev task; and the same verdicts through the ADK metric.

Marked ``checkers_meta``, so ``checkers mutate scheduling`` runs these with the plugin's items.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import find
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from checkers.results import AnswerProblem
from checkers.transcript import Transcript
from domains.scheduling.answers import ReadAnswer
from domains.scheduling.checks import (
    PLANS,
    SlotContext,
    candidate_starts,
    checks,
    day_but,
    earliest_slot,
    first_working,
    grid_slots,
    requirements_of,
    with_meeting,
)
from domains.scheduling.judge import judge_everyone_can_attend, judge_read
from domains.scheduling.metrics import METRICS, everyone_can_attend
from domains.scheduling.models import (
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
    Slot,
    Span,
    Task,
    WorkHours,
)
from domains.scheduling.scenarios import SCHEDULING, bundled_tasks
from domains.scheduling.solver import grid_minutes, solve, valid_slots
from tests.adk_helpers import eval_metric, invocation
from tests.isolation import TEST_EXTRAS, import_refusing

pytestmark = pytest.mark.checkers_meta

ANA_BUSY = Busy(
    spans=(Span(day="Monday", start=540, end=600), Span(day="Monday", start=720, end=780))
)
MEETING = Meeting(duration_minutes=60, work_start=540, work_end=1020, days=("Monday", "Tuesday"))


def task_of(*requirements: Any, earliest: bool = False) -> Task:
    ana = Participant(id="ana", name="Ana", requirements=requirements)
    bo = Participant(id="bo", name="Bo", requirements=(Busy(),))
    meeting = MEETING.model_copy(update={"earliest": earliest})
    return Task(id="t", meeting=meeting, participants=(ana, bo))


def ctx(
    day: Any = "Monday", start: int | None = 600, end: int | None = 660, *requirements: Any
) -> SlotContext:
    task = task_of(*requirements)
    return SlotContext(task.participants[0], task, day, start, end)


@pytest.mark.parametrize(
    ("requirement", "slot", "outcome", "code", "reason"),
    [
        (
            AllowedDay(),
            ("Tuesday", 600, 660),
            "pass",
            "allowed_day",
            "the meeting may be on Monday or Tuesday; it is on Tuesday",
        ),
        (
            AllowedDay(),
            ("Friday", 600, 660),
            "fail",
            "day_not_allowed",
            "the meeting may only be on Monday or Tuesday, not Friday, so it does not work for Ana",
        ),
        (
            WorkHours(),
            ("Monday", 540, 600),
            "pass",
            "within_work_hours",
            "work hours are 9:00 to 17:00; the meeting Monday 9:00-10:00 is within them",
        ),
        (
            WorkHours(),
            ("Monday", 510, 570),
            "fail",
            "starts_before_work_hours",
            "work hours are 9:00 to 17:00; the meeting Monday 8:30-9:30 starts before 9:00, so it "
            "does not work for Ana",
        ),
        (
            WorkHours(),
            ("Monday", 990, 1050),
            "fail",
            "ends_after_work_hours",
            "work hours are 9:00 to 17:00; the meeting Monday 16:30-17:30 ends after 17:00, so it "
            "does not work for Ana",
        ),
        (
            Duration(),
            ("Monday", 600, 660),
            "pass",
            "right_duration",
            "the meeting must last 60 minutes; Monday 10:00-11:00 lasts 60",
        ),
        (
            Duration(),
            ("Monday", 600, 630),
            "fail",
            "too_short",
            "the meeting must last 60 minutes; Monday 10:00-10:30 lasts 30, so it is not the "
            "meeting Ana is invited to",
        ),
        (
            Duration(),
            ("Monday", 600, 690),
            "fail",
            "too_long",
            "the meeting must last 60 minutes; Monday 10:00-11:30 lasts 90, so it is not the "
            "meeting Ana is invited to",
        ),
        (
            ANA_BUSY,
            ("Monday", 600, 660),
            "pass",
            "free",
            "Ana is free for Monday 10:00-11:00 (busy that day 9:00-10:00, 12:00-13:00)",
        ),
        (
            ANA_BUSY,
            ("Monday", 660, 720),
            "pass",
            "free",
            "Ana is free for Monday 11:00-12:00 (busy that day 9:00-10:00, 12:00-13:00)",
        ),
        (ANA_BUSY, ("Tuesday", 540, 600), "pass", "free", "Ana has nothing on Tuesday"),
        (
            ANA_BUSY,
            ("Monday", 570, 630),
            "fail",
            "busy",
            "Ana is busy on Monday 9:00-10:00; the meeting Monday 9:30-10:30 overlaps it",
        ),
        (
            ANA_BUSY,
            ("Monday", 570, 750),
            "fail",
            "busy",
            "Ana is busy on Monday 9:00-10:00, 12:00-13:00; the meeting Monday 9:30-12:30 "
            "overlaps them",
        ),
        (
            AvoidDay(day="Tuesday", said="do not want to meet"),
            ("Monday", 600, 660),
            "pass",
            "other_day",
            "Ana does not want to meet on Tuesday; the meeting is on Monday",
        ),
        (
            AvoidDay(day="Monday", said="would like to avoid more meetings"),
            ("Monday", 600, 660),
            "fail",
            "unwanted_day",
            "Ana would like to avoid meetings on Monday; the meeting is on Monday",
        ),
        (
            NotBefore(day="Monday", time=630, said="can not meet"),
            ("Monday", 630, 690),
            "pass",
            "late_enough",
            "Ana cannot meet on Monday before 10:30; the meeting starts at 10:30",
        ),
        (
            NotBefore(day="Monday", time=630, said="can not meet"),
            ("Monday", 600, 660),
            "fail",
            "starts_too_early",
            "Ana cannot meet on Monday before 10:30; the meeting starts at 10:00",
        ),
        (
            NotBefore(day="Monday", time=630),
            ("Tuesday", 540, 600),
            "pass",
            "other_day",
            "Ana would rather not meet on Monday before 10:30; the meeting is on Tuesday",
        ),
        (
            NotAfter(day="Monday", time=840, said="would rather not meet"),
            ("Monday", 780, 840),
            "pass",
            "early_enough",
            "Ana would rather not meet on Monday after 14:00; the meeting ends at 14:00",
        ),
        (
            NotAfter(day="Monday", time=840),
            ("Monday", 810, 870),
            "fail",
            "ends_too_late",
            "Ana would rather not meet on Monday after 14:00; the meeting ends at 14:30",
        ),
        (
            NotAfter(day="Tuesday", time=600),
            ("Monday", 810, 870),
            "pass",
            "other_day",
            "Ana would rather not meet on Tuesday after 10:00; the meeting is on Monday",
        ),
    ],
)
def test_check_sentences(
    requirement: Any, slot: tuple[Any, int, int], outcome: str, code: str, reason: str
) -> None:
    result = checks.check(requirement, ctx(*slot))
    assert (result.kind, result.outcome.value, result.reason_code, result.reason) == (
        requirement.kind,
        outcome,
        code,
        reason,
    )
    assert result.requirement == requirement.model_dump(mode="json")


@pytest.mark.parametrize(
    ("requirement", "missing", "code"),
    [
        (AllowedDay(), "day", "missing_day"),
        (WorkHours(), "start", "unparseable_start"),
        (WorkHours(), "end", "missing_end"),
        (Duration(), "end", "missing_end"),
        (ANA_BUSY, "day", "missing_day"),
        (ANA_BUSY, "end", "missing_end"),
        (AvoidDay(day="Monday"), "day", "missing_day"),
        (NotBefore(day="Monday", time=600), "start", "unparseable_start"),
        (NotAfter(day="Monday", time=600), "end", "missing_end"),
        (Earliest(), "day", "missing_day"),
        (Earliest(), "start", "unparseable_start"),
    ],
)
def test_a_part_the_kind_reads_is_missing_so_it_is_incomplete(
    requirement: Any, missing: str, code: str
) -> None:
    problem = AnswerProblem(code=code, message=f"no usable {missing}")
    parts: dict[str, Any] = {"day": "Monday", "start": 600, "end": 660}
    parts[missing] = None
    task = task_of(requirement)
    context = SlotContext(task.participants[0], task, **parts, **{f"{missing}_problem": problem})
    result = checks.check(requirement, context)
    what = {
        "allowed_day": "meeting day",
        "work_hours": "work hours",
        "duration": "meeting length",
        "busy": "busy times",
        "avoid_day": "day preference",
        "not_before": "earliest start",
        "not_after": "latest end",
        "earliest": "wish for the earliest slot",
    }[requirement.kind]
    assert (result.outcome.value, result.reason_code, result.reason) == (
        "incomplete",
        code,
        f"cannot judge Ana's {what}: no usable {missing}",
    )


def test_parts_a_kind_does_not_read_may_be_missing() -> None:
    context = ctx("Monday", None, None, ANA_BUSY)
    assert checks.check(AllowedDay(), context).outcome.value == "pass"
    assert checks.check(AvoidDay(day="Tuesday"), context).outcome.value == "pass"
    assert checks.check(NotAfter(day="Monday", time=600), ctx("Monday", 600, None)).reason_code == (
        "missing_end"
    )


def test_every_participant_holds_the_meetings_own_rules_and_earliest_when_asked() -> None:
    kinds = [r.kind for r in requirements_of(task_of(ANA_BUSY), task_of(ANA_BUSY).participants[0])]
    assert kinds == ["allowed_day", "work_hours", "duration", "busy"]
    asking = task_of(ANA_BUSY, earliest=True)
    kinds = [r.kind for r in requirements_of(asking, asking.participants[1])]
    assert kinds == ["allowed_day", "work_hours", "duration", "busy", "earliest"]


# --- earliest ---------------------------------------------------------------------------------


def test_the_earliest_slot_is_exact_to_the_minute() -> None:
    # Ana is busy 9:00-9:50 (off the half-hour grid): the earliest hour starts at 9:50.
    task = task_of(Busy(spans=(Span(day="Monday", start=540, end=590),)), earliest=True)
    assert earliest_slot(task) == Slot(day="Monday", start=590, end=650)
    assert candidate_starts(task, "Monday") == [540, 590]
    found = judge_everyone_can_attend(task, Transcript(final_text="Monday, 10:00 - 11:00"), 1.0)
    reasons = {r.reason for s in found.subjects for r in s.results if r.kind == "earliest"}
    assert reasons == {
        "Ana wants the group's earliest availability; Monday 9:50-10:50 works for everyone and "
        "starts before the meeting (Monday 10:00)",
        "Bo wants the group's earliest availability; Monday 9:50-10:50 works for everyone and "
        "starts before the meeting (Monday 10:00)",
    }
    assert judge_everyone_can_attend(
        task, Transcript(final_text="Monday, 9:50 - 10:50"), 1.0
    ).passed


def test_earliest_respects_preferences_and_goes_to_later_days() -> None:
    task = task_of(
        Busy(spans=(Span(day="Monday", start=540, end=900),)),
        NotAfter(day="Monday", time=960),
        earliest=True,
    )
    # Monday 15:00-16:00 ends by 16:00: the earliest. With "not after 15:30" it does not fit,
    # and Tuesday 9:00 is next.
    assert earliest_slot(task) == Slot(day="Monday", start=900, end=960)
    stricter = task_of(
        Busy(spans=(Span(day="Monday", start=540, end=900),)),
        NotAfter(day="Monday", time=930),
        earliest=True,
    )
    assert earliest_slot(stricter) == Slot(day="Tuesday", start=540, end=600)


def test_earliest_passes_when_no_slot_works() -> None:
    task = task_of(AvoidDay(day="Monday"), AvoidDay(day="Tuesday"), earliest=True)
    assert earliest_slot(task) is None
    result = checks.check(Earliest(), SlotContext(task.participants[1], task, "Monday", 540, 600))
    assert (result.outcome.value, result.reason_code, result.reason) == (
        "pass",
        "no_slot_works",
        "Bo wants the group's earliest availability; no slot works for everyone, so none is "
        "earlier",
    )


def test_an_answer_before_every_working_slot_fails_what_makes_it_so_not_earliest() -> None:
    task = task_of(ANA_BUSY, earliest=True)
    found = judge_everyone_can_attend(task, Transcript(final_text="Monday, 9:00 - 10:00"), 1.0)
    ana, bo = found.subjects
    assert [r.reason_code for r in ana.unmet()] == ["busy"]
    assert bo.satisfied and [r.reason_code for r in ana.results][-1] == "earliest"


# --- the oracle, the solver, the bundled tasks ------------------------------------------------


def test_the_independent_oracle_agrees_with_the_checks_on_every_dev_task() -> None:
    """Every slot on the half-hour grid around the work hours, on the allowed days and one
    other: the plain restatement of the rules (the kinds' ``holds``) serves exactly as many
    participants as the checks do."""
    disagreements = []
    for task in bundled_tasks().values():
        served_plainly = PLANS.served(task)
        meeting = task.meeting
        other = next(d for d in WEEKDAYS if d not in meeting.days)
        for day in (*meeting.days, other):
            for start in range(meeting.work_start - 30, meeting.work_end - 29, 30):
                end = start + meeting.duration_minutes
                read = ReadAnswer(day=day, start=start, end=end)
                served = judge_read(task, read, 1.0).satisfied_count
                expected = served_plainly(At(day, start, end))
                if served != expected:
                    disagreements.append((task.id, day, start, served, expected))
    assert disagreements == []


def test_the_solver_finds_every_valid_slot_on_the_tasks_grid() -> None:
    task = bundled_tasks()["np-6"]
    assert grid_minutes(task) == 30
    assert [s.text() for s in valid_slots(task)] == [
        "Monday, 14:30 - 15:30",
        "Monday, 15:00 - 16:00",
    ]
    assert solve(task) == valid_slots(task)[0]
    assert solve(task_of(AvoidDay(day="Monday"), AvoidDay(day="Tuesday"))) is None
    assert all(len(valid_slots(t)) == 1 for t in bundled_tasks().values() if t.meeting.earliest)


# --- through ADK ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "score", "status"),
    [
        ("Here is the proposed time: Monday, 15:00 - 16:00", 1.0, "PASSED"),
        ("Here is the proposed time: Monday, 9:00 - 10:00", 2 / 3, "FAILED"),
        ("Let's do 2:30pm - 3:30pm.", 0.0, "FAILED"),
        (None, 0.0, "FAILED"),
    ],
)
def test_the_adk_metric_gives_the_same_verdicts(
    answer: str | None, score: float, status: str, tmp_path: Any
) -> None:
    result = everyone_can_attend(
        eval_metric(1.0, details_dir=str(tmp_path)),
        [invocation(answer, "Task id: np-6.", scenario_rubric="np-6")],
        None,
        None,
    )
    assert result.overall_score == pytest.approx(score)
    assert result.overall_eval_status.name == status
    assert len(result.per_invocation_results) == 1
    written = list(tmp_path.glob("everyone_can_attend-*np-6*.md"))
    assert len(written) == 1


def test_the_adk_metric_names_the_fix_for_an_unknown_task() -> None:
    result = everyone_can_attend(
        eval_metric(1.0, write_details=False),
        [invocation("Monday, 9:00 - 10:00", scenario_rubric="np-99999")],
        None,
        None,
    )
    assert result.overall_eval_status.name == "FAILED"
    verdict = METRICS["everyone_can_attend"].judge_ref("np-99999", Transcript(final_text=""), 1.0)
    assert verdict.problems[0].code == "unknown_scenario"
    assert verdict.problems[0].message == (
        "scenario 'np-99999' not found in domains/scheduling/data/calendar_dev.jsonl; known ids: "
        "np-6, np-8 ... np-997 (310 tasks); or pass the path of a task JSON file"
    )
    assert SCHEDULING.scenario_ids()[:2] == ["np-6", "np-8"]


@pytest.mark.parametrize(
    ("days", "listed"),
    [
        (("Wednesday",), "Wednesday"),
        (("Monday", "Wednesday"), "Monday or Wednesday"),
        (("Monday", "Tuesday", "Wednesday", "Friday"), "Monday, Tuesday, Wednesday or Friday"),
    ],
)
def test_the_allowed_days_are_listed_in_full(days: tuple[str, ...], listed: str) -> None:
    task = task_of(AllowedDay())
    task = task.model_copy(update={"meeting": task.meeting.model_copy(update={"days": days})})
    result = checks.check(
        AllowedDay(), SlotContext(task.participants[0], task, "Wednesday", 600, 660)
    )
    assert result.reason == f"the meeting may be on {listed}; it is on Wednesday"


def test_busy_spans_on_other_days_are_not_listed_as_that_days() -> None:
    spans = (
        Span(day="Monday", start=540, end=600),
        Span(day="Tuesday", start=780, end=840),
        Span(day="Saturday", start=600, end=660),
    )
    result = checks.check(Busy(spans=spans), ctx("Monday", 660, 720, Busy(spans=spans)))
    assert result.reason == "Ana is free for Monday 11:00-12:00 (busy that day 9:00-10:00)"
    result = checks.check(Busy(spans=spans[1:]), ctx("Monday", 660, 720, Busy(spans=spans[1:])))
    assert result.reason == "Ana has nothing on Monday"
    result = checks.check(Busy(spans=spans), ctx("Tuesday", 600, 660, Busy(spans=spans)))
    assert result.reason == "Ana is free for Tuesday 10:00-11:00 (busy that day 13:00-14:00)"


def test_a_meeting_may_end_at_midnight() -> None:
    late = task_of(earliest=True)
    meeting = late.meeting.model_copy(update={"work_start": 23 * 60, "work_end": 24 * 60})
    late = late.model_copy(update={"meeting": meeting})
    assert earliest_slot(late) == Slot(day="Monday", start=23 * 60, end=24 * 60)


def test_a_long_meeting_of_the_right_length_passes() -> None:
    # Minutes past 256 are distinct int objects in CPython: lengths are compared by value.
    task = task_of(Duration())
    task = task.model_copy(
        update={"meeting": task.meeting.model_copy(update={"duration_minutes": 300})}
    )
    result = checks.check(Duration(), SlotContext(task.participants[0], task, "Monday", 540, 840))
    assert (result.outcome.value, result.reason_code) == ("pass", "right_duration")


def test_the_checks_load_without_the_test_extras() -> None:
    # Judging runs where only the package is installed: the meta-tests' strategies are handed
    # in, and hypothesis is imported for type checking only (also tests/test_adk_boundary.py).
    outcomes = import_refusing(TEST_EXTRAS, ["domains.scheduling.checks"])
    assert outcomes == {"domains.scheduling.checks": {"error": None, "refused": []}}


def test_the_oracle_tries_every_slot_of_the_day_up_to_midnight() -> None:
    # The only hour everyone works is the day's last: the oracle's grid must reach 24:00.
    task = with_meeting(task_of(earliest=True), work_start=23 * 60, work_end=24 * 60)
    assert first_working(task) == At(day="Monday", start=23 * 60, end=24 * 60)
    day = grid_slots(task, ["Tuesday"])
    assert (day[0].start, day[-1].end, len(day)) == (0, 24 * 60, (24 * 60 - 60) // 15 + 1)


@pytest.mark.parametrize("day", WEEKDAYS)
def test_another_day_is_any_weekday_but_the_one_given(day: Any) -> None:
    """The meta-tests' "another day" (a day-bound requirement broken, a slot moved off its day)
    reaches every other weekday, and never the day itself."""
    another = day_but(st, day)
    for other in WEEKDAYS:
        if other == day:
            with pytest.raises(NoSuchExample):
                find(another, lambda drawn: drawn == day)
        else:
            assert find(another, lambda drawn, wanted=other: drawn == wanted) == other
