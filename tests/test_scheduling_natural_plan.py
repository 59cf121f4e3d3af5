"""The NATURAL PLAN importer: every dev task reads, every golden plan passes, the grammar reads
the forms it documents (names of any shape, 5-shot prompts, continuations) and quotes anything
else in a clear error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from checkers.transcript import Transcript
from domains.scheduling.benchmark import exact_match, measure
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.models import AvoidDay, Busy, NotAfter, NotBefore, Span, Task
from domains.scheduling.natural_plan import (
    TaskTextError,
    import_row,
    parse_duration,
    parse_task,
    read_rows,
    split_names,
    task_text,
)
from domains.scheduling.scenarios import TASKS_FILE, bundled_tasks

ROOT = Path(__file__).resolve().parents[1]
SHARED_FILE = ROOT.parent / "shared" / "data" / "natural_plan" / "calendar_dev.jsonl"
ROWS = read_rows(TASKS_FILE)

HEAD = (
    "You are an expert at scheduling meetings. You are given a few constraints on the existing "
    "schedule of each participant, the meeting duration, and possibly some preferences on the "
    "meeting time. Note there exists a solution that works with existing schedule of every "
    "participant. Here are a few example tasks and solutions:\n\n"
)


def prompt(body: str, solution: str = "") -> str:
    """A 0-shot prompt around a task body (the lines after ``TASK:``)."""
    return f"{HEAD}TASK: {body}\nSOLUTION: {solution}"


def body(*sentences: str, request: str | None = None) -> str:
    first = request or (
        "You need to schedule a meeting for Ann, Bo and Cy for one hour between the work hours "
        "of 9:00 to 17:00 on Monday. "
    )
    return (
        first
        + "\n\nHere are the existing schedules for everyone during the day: \n"
        + (
            "\n".join(sentences)
            + "\n\nFind a time that works for everyone's schedule and constraints. "
        )
    )


CALENDARS = (
    "Ann is busy on Monday during 9:00 to 10:00; ",
    "Bo's calendar is wide open the entire day.",
    "Cyhas no meetings the whole day.",
)


def read(*sentences: str, request: str | None = None) -> Task:
    return parse_task(prompt(body(*sentences, request=request)), "t")


# --- the benchmark's own tasks ---------------------------------------------------------------


def test_every_dev_task_reads() -> None:
    tasks = [import_row(row) for row in ROWS]
    assert len(tasks) == 310
    assert [t.id for t in tasks][:3] == ["np-6", "np-8", "np-12"]
    assert len({t.id for t in tasks}) == 310
    assert sum(t.meeting.earliest for t in tasks) == 55


def test_bundled_copy_is_the_shared_benchmark_file() -> None:
    if not SHARED_FILE.is_file():
        pytest.skip(f"{SHARED_FILE} is not present")
    assert TASKS_FILE.read_bytes() == SHARED_FILE.read_bytes()


def test_the_golden_plan_passes_on_every_dev_task() -> None:
    failures = []
    for task in bundled_tasks().values():
        assert task.golden is not None
        verdict = judge_everyone_can_attend(task, Transcript(final_text=task.golden), 1.0)
        if not verdict.passed:
            failures.append(f"{task.id}: {verdict.summary()}")
    assert failures == []


def test_measurement_counts_valid_slots_exact_match_rejects() -> None:
    found = measure(list(bundled_tasks().values()))
    assert (found.tasks, found.golden_passed, found.earliest_tasks) == (310, 310, 55)
    assert len(found.alternatives) == 59
    assert sum(len(a.rejected) for a in found.alternatives) == 114
    # No task that asks for the earliest slot has an alternative: exactly one slot is right.
    assert not [a for a in found.alternatives if a.task.meeting.earliest]
    first = found.alternatives[0]
    assert (first.task.id, first.golden, [s.text() for s in first.rejected]) == (
        "np-6",
        "Here is the proposed time: Monday, 14:30 - 15:30",
        ["Monday, 15:00 - 16:00"],
    )


def test_every_busy_span_and_preference_of_the_text_is_read() -> None:
    """Counted independently of the grammar: each 'H:MM to H:MM' but the work hours is a busy
    span, and each preference sentence or continuation is one requirement."""
    for row in ROWS:
        text = task_text(row["prompt_0shot"])
        task = import_row(row)
        spans = sum(
            len(r.spans) for p in task.participants for r in p.requirements if isinstance(r, Busy)
        )
        assert spans == len(re.findall(r"\d:\d\d to \d", text)) - 1, row["id"]
        limits = sum(
            isinstance(r, AvoidDay | NotBefore | NotAfter)
            for p in task.participants
            for r in p.requirements
        )
        tail = text.split("\n\n")[-1]
        sentences = [s for s in tail.replace("\n", " ").split(". ") if s.strip()]
        said = [s for s in sentences if "meet" in s and "availability" not in s]
        continuations = [s for s in sentences if s.split(" ")[0].endswith("day")]
        assert limits == len(said) + len(continuations), row["id"]


def test_a_dev_task_reads_to_the_model() -> None:
    row = next(r for r in ROWS if r["id"] == "calendar_scheduling_example_993")
    task = import_row(row)
    assert task.meeting.model_dump() == {
        "duration_minutes": 60,
        "work_start": 540,
        "work_end": 1020,
        "days": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"),
        "earliest": True,
    }
    nancy = task.participants[1]
    assert nancy.name == "Nancy"
    assert nancy.requirements[1:] == (
        AvoidDay(day="Tuesday", said="would rather not meet"),
        AvoidDay(day="Friday", said="would rather not meet"),
    )
    assert task.source == "calendar_scheduling_example_993"
    assert task.golden == "Here is the proposed time: Monday, 9:00 - 10:00"


# --- the grammar ------------------------------------------------------------------------------


def test_calendar_forms_and_their_meaning() -> None:
    task = read(
        "Ann has blocked their calendar on Monday during 9:00 to 10:00, 12:30 to 13:00; ",
        "Bo has meetings on Monday during 11:00 to 11:30; ",
        "Cy is free the entire day.",
    )
    spans = [r.spans for p in task.participants for r in p.requirements if isinstance(r, Busy)]
    assert spans == [
        (Span(day="Monday", start=540, end=600), Span(day="Monday", start=750, end=780)),
        (Span(day="Monday", start=660, end=690),),
        (),
    ]
    assert task.meeting.duration_minutes == 60
    assert task.meeting.days == ("Monday",)


def test_multi_day_calendars_and_free_weeks() -> None:
    request = (
        "You need to schedule a meeting for Ann and Bo for half an hour between the work hours "
        "of 9:00 to 17:00 on either Monday, Tuesday or Wednesday. "
    )
    task = read(
        "Ann is busy on Monday during 9:00 to 9:30, 10:00 to 11:00, Wednesday during 16:00 to "
        "17:00; ",
        "Bo's calendar is wide open the entire week.",
        request=request,
    )
    assert task.meeting.days == ("Monday", "Tuesday", "Wednesday")
    busy = task.participants[0].requirements[0]
    assert isinstance(busy, Busy)
    assert [s.text() for s in busy.spans] == [
        "Monday 9:00-9:30",
        "Monday 10:00-11:00",
        "Wednesday 16:00-17:00",
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Ann can not meet on Monday before 10:30.",
            [NotBefore(day="Monday", time=630, said="can not meet")],
        ),
        (
            "Ann cannot meet on Monday after 15:00.",
            [NotAfter(day="Monday", time=900, said="can not meet")],
        ),
        (
            "Ann would rather not meet on Monday after 14:00.",
            [NotAfter(day="Monday", time=840, said="would rather not meet")],
        ),
        (
            "Ann would like to avoid more meetings on Monday before 14:30.",
            [NotBefore(day="Monday", time=870, said="would like to avoid more meetings")],
        ),
        (
            "Ann do not want to meet on Monday.",
            [AvoidDay(day="Monday", said="do not want to meet")],
        ),
        (
            "Ann does not want to meet on Monday.",
            [AvoidDay(day="Monday", said="do not want to meet")],
        ),
        (
            "Ann do not want to meet on Monday. Tuesday after 15:30. Wednesday.",
            [
                AvoidDay(day="Monday", said="do not want to meet"),
                NotAfter(day="Tuesday", time=930, said="do not want to meet"),
                AvoidDay(day="Wednesday", said="do not want to meet"),
            ],
        ),
    ],
)
def test_preference_forms(sentence: str, expected: list[Any]) -> None:
    task = read(*CALENDARS, sentence)
    assert list(task.participants[0].requirements[1:]) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "The group would like to meet at their earlist availability.",
        "You would like to schedule the meeting at their earlist availability.",
        "The group would like to meet at their earliest availability.",
        "Bo would like to schedule the meeting at their earlist availability.",
    ],
)
def test_earliest_forms(sentence: str) -> None:
    assert read(*CALENDARS, sentence).meeting.earliest
    assert not read(*CALENDARS).meeting.earliest


def test_continuation_keeps_the_person_of_the_sentence_before_it() -> None:
    task = read(
        *CALENDARS,
        "Ann would rather not meet on Monday. Bo can not meet on Monday after 12:00. Monday "
        "before 10:00.",
    )
    assert task.participants[1].requirements[1:] == (
        NotAfter(day="Monday", time=720, said="can not meet"),
        NotBefore(day="Monday", time=600, said="can not meet"),
    )


@pytest.mark.parametrize(
    "names",
    [
        ["Mary-Ann", "O'Brien", "José"],
        ["Anne Marie", "Ann", "Anna"],
        ["Zoë", "Jean-Luc", "D'Angelo"],
    ],
)
def test_names_of_any_shape(names: list[str]) -> None:
    first, second, third = names
    request = (
        f"You need to schedule a meeting for {first}, {second} and {third} for half an hour "
        "between the work hours of 9:00 to 17:00 on Monday. "
    )
    task = read(
        f"{first} is busy on Monday during 9:00 to 10:00; ",
        f"{second}'s calendar is wide open the entire day.",
        f"{third}has no meetings the whole day.",
        f"{second} would rather not meet on Monday after 16:00.",
        request=request,
    )
    assert [p.name for p in task.participants] == names
    assert task.participants[1].requirements[1:] == (
        NotAfter(day="Monday", time=960, said="would rather not meet"),
    )


def test_the_last_task_of_a_five_shot_prompt_is_the_task() -> None:
    example = body(*CALENDARS).replace("Ann", "Xena")
    task_body = body(*CALENDARS, "The group would like to meet at their earlist availability.")
    five_shot = (
        f"{HEAD}TASK: {example}\nSOLUTION: Here is the proposed time: Monday, 10:00 - 11:00 \n\n"
        f"TASK: {task_body}\nSOLUTION: "
    )
    task = parse_task(five_shot, "t")
    assert [p.name for p in task.participants] == ["Ann", "Bo", "Cy"]
    assert task.meeting.earliest


def test_a_row_with_only_a_five_shot_prompt_reads() -> None:
    row = {"id": "calendar_scheduling_example_7", "prompt_5shot": prompt(body(*CALENDARS))}
    assert import_row(row).id == "np-7"


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("half an hour", 30),
        ("one hour", 60),
        ("an hour", 60),
        ("an hour and a half", 90),
        ("one and a half hours", 90),
        ("two hours", 120),
        ("90 minutes", 90),
        ("forty-five minutes", 45),
        ("one hours", None),
        ("two hour", None),
        ("a while", None),
        ("0 minutes", None),
    ],
)
def test_durations(text: str, minutes: int | None) -> None:
    assert parse_duration(text) == minutes


def test_name_lists() -> None:
    assert split_names("A, B and C") == ["A", "B", "C"]
    assert split_names("A, B, and C") == ["A", "B", "C"]
    assert split_names("A and B") == ["A", "B"]
    assert split_names("A") == ["A"]


# --- errors quote the text --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentences", "message"),
    [
        (
            (*CALENDARS, "Ann prefers mornings."),
            "task t: cannot read 'Ann prefers mornings.'; it is none of the sentence forms of a "
            "calendar task (participants: Ann, Bo, Cy; see domains/scheduling/natural_plan.py)",
        ),
        (
            (*CALENDARS, "Dan would rather not meet on Monday."),
            "task t: cannot read 'Dan would rather not meet on Monday.'; it is none of the "
            "sentence forms of a calendar task (participants: Ann, Bo, Cy; see "
            "domains/scheduling/natural_plan.py)",
        ),
        (
            (*CALENDARS, "Monday after 15:00."),
            "task t: 'Monday after 15:00.' continues a preference, but no preference sentence "
            "comes right before it",
        ),
        (CALENDARS[:2], "task t: no calendar is given for Cy"),
        ((*CALENDARS, "Bo is free the entire day."), "task t: Bo's calendar is given twice"),
        (
            ("Ann is busy on Monday during 10:00 to 9:00; ", *CALENDARS[1:]),
            "task t: busy span '10:00 to 9:00' on Monday ends before it starts in "
            "'Ann is busy on Monday during 10:00 to 9:00;'",
        ),
        (
            ("Ann is busy on Monday during 9:00 to 25:00; ", *CALENDARS[1:]),
            "task t: time '25:00' is not a clock time (H:MM, up to 24:00) in "
            "'Ann is busy on Monday during 9:00 to 25:00;'",
        ),
        (
            ("Ann is busy on Someday during 9:00 to 10:00; ", *CALENDARS[1:]),
            "task t: cannot read 'Ann is busy on Someday during 9:00 to 10:00;'; it is none of "
            "the sentence forms of a calendar task (participants: Ann, Bo, Cy; see "
            "domains/scheduling/natural_plan.py)",
        ),
    ],
)
def test_unreadable_text_is_an_error_quoting_it(sentences: tuple[str, ...], message: str) -> None:
    with pytest.raises(TaskTextError) as raised:
        read(*sentences)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("request_text", "message"),
    [
        (
            "Please book a meeting for Ann, Bo and Cy tomorrow. ",
            "task t: the task must start with 'You need to schedule a meeting for <names> for "
            "<duration> between the work hours of <H:MM> to <H:MM> on <days>.'; it starts "
            "'Please book a meeting for Ann, Bo and Cy tomorrow.'",
        ),
        (
            "You need to schedule a meeting for Ann, Bo and Cy for a while between the work hours "
            "of 9:00 to 17:00 on Monday. ",
            "task t: cannot read the meeting duration 'a while'; write e.g. 'half an hour', "
            "'one hour' or '90 minutes'",
        ),
        (
            "You need to schedule a meeting for Ann, Bo and Cy for one hour between the work hours "
            "of 9:00 to 17:00 on Funday. ",
            "task t: cannot read the meeting days 'Funday'; write e.g. 'Monday' or 'either "
            "Monday, Tuesday or Wednesday'",
        ),
        (
            "You need to schedule a meeting for Ann, Bo and Ann for one hour between the work "
            "hours of 9:00 to 17:00 on Monday. ",
            "task t: participants ['Ann'] are listed twice in 'Ann, Bo and Ann'",
        ),
        (
            "You need to schedule a meeting for Ann, 42 and Cy for one hour between the work "
            "hours of 9:00 to 17:00 on Monday. ",
            "task t: participant name '42' in 'Ann, 42 and Cy' is not a name (a name starts with "
            "a letter and holds letters, spaces, hyphens, apostrophes or dots)",
        ),
        (
            "You need to schedule a meeting for Ann, Bo and Cy for one hour between the work hours "
            "of 17:00 to 9:00 on Monday. ",
            "task t: the work hours end before they start in 'You need to schedule a meeting for "
            "Ann, Bo and Cy for one hour between the work hours of 17:00 to 9:00 on Monday.'",
        ),
    ],
)
def test_an_unreadable_request_is_an_error_quoting_it(request_text: str, message: str) -> None:
    with pytest.raises(TaskTextError) as raised:
        read(*CALENDARS, request=request_text)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no task here", "task t: the prompt has no 'TASK:'; it starts 'no task here'"),
        (
            f"{HEAD}TASK: {body(*CALENDARS)}",
            "task t: the last TASK: has no 'SOLUTION:' line after it",
        ),
        (
            prompt(body(*CALENDARS), solution="Here is the proposed time: Monday, 10:00 - 11:00"),
            "task t: the last TASK: is already solved ('Here is the proposed time: Monday, 10:00 "
            "- 11:00'); the task to solve ends with an empty 'SOLUTION:'",
        ),
    ],
)
def test_prompts_without_a_task_to_solve(text: str, message: str) -> None:
    with pytest.raises(TaskTextError) as raised:
        parse_task(text, "t")
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ([], "a benchmark row must be a JSON object with 'id' and 'prompt_0shot', not list"),
        (
            {"prompt_0shot": "x"},
            "the benchmark row has no 'id' (e.g. 'calendar_scheduling_example_6')",
        ),
        (
            {"id": "calendar_scheduling_example_1"},
            "task calendar_scheduling_example_1: the row has no prompt text (expected one of "
            "prompt_0shot, prompt_5shot)",
        ),
    ],
)
def test_bad_rows(row: Any, message: str) -> None:
    with pytest.raises(TaskTextError) as raised:
        import_row(row)
    assert str(raised.value) == message


def test_exact_match_is_the_benchmarks_scorer() -> None:
    golden = "Here is the proposed time: Monday, 14:30 - 15:30 "
    assert exact_match("Monday, 14:30 - 15:30", golden)
    assert exact_match("blah Monday, 14:30 - 15:30 and Tuesday, 9:00 - 9:30", golden)
    assert not exact_match("Monday, 2:30pm - 3:30pm", golden)  # not the benchmark's format
    assert not exact_match("Monday, 15:00 - 16:00", golden)
    # The benchmark reads any minutes but :30 as :00.
    assert exact_match("Monday, 14:45 - 15:15", "Monday, 14:00 - 15:00")


def test_every_dev_task_reads_the_same_behind_five_solved_examples() -> None:
    """The benchmark's 5-shot prompts put solved tasks before the one to solve; built here from
    the dev tasks themselves, each reads exactly as its 0-shot prompt does."""
    rows = list(ROWS)
    for index, row in enumerate(rows):
        examples = [rows[(index + k) % len(rows)] for k in range(1, 6)]
        shots = "".join(
            "TASK:" + task_text(e["prompt_0shot"]) + "SOLUTION: " + e["golden_plan"] + "\n\n"
            for e in examples
        )
        five_shot = f"{HEAD}{shots}TASK:{task_text(row['prompt_0shot'])}SOLUTION: "
        assert parse_task(five_shot, "t") == parse_task(row["prompt_0shot"], "t"), row["id"]
