"""``checkers check scheduling``: one answer against a bundled task or a task file, and batches
of benchmark rows, where the line reports NATURAL PLAN's exact-match verdict beside the
metric's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checkers.cli import main
from checkers.errors import DataError, ScenarioNotFound
from domains.scheduling.benchmark import batch_lines
from domains.scheduling.natural_plan import read_rows
from domains.scheduling.scenarios import SCHEDULING, TASKS_FILE, bundled_tasks

ROWS = {row["id"]: row for row in read_rows(TASKS_FILE)}
SIX = ROWS["calendar_scheduling_example_6"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_one_answer_names_who_cannot_attend(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "check",
        "scheduling",
        "--scenario",
        "np-6",
        "--answer",
        "Here is the proposed time: Monday, 9:00 - 10:00",
    )
    assert code == 0
    assert out.splitlines() == [
        "scenario np-6: everyone_can_attend = 0.6667 (2/3) threshold 1: FAILED; "
        "1 participant not satisfied: Jerry",
        'answer read: {"day": "Monday", "start": "9:00", "end": "10:00"}',
        "  Thomas: satisfied",
        "  Dylan: satisfied",
        "  Jerry: NOT satisfied",
        "    fail       busy [busy]: Jerry is busy on Monday 9:00-11:00; the meeting Monday "
        "9:00-10:00 overlaps it",
    ]


def test_check_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "check",
        "scheduling",
        "--scenario",
        "np-6",
        "--answer",
        "Monday, 3pm - 4pm",
        "--json",
    )
    verdict = json.loads(out)
    assert (code, verdict["score"], verdict["passed"], verdict["score_fraction"]) == (
        0,
        1.0,
        True,
        "1",
    )


@pytest.mark.parametrize("form", ["row", "task"])
def test_a_task_file_holds_a_benchmark_row_or_a_task(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content: Any = SIX if form == "row" else bundled_tasks()["np-6"].model_dump(mode="json")
    path = tmp_path / "task.json"
    path.write_text(json.dumps(content))
    assert SCHEDULING.load_scenario(str(path)) == bundled_tasks()["np-6"]
    code, out, _ = run(
        capsys,
        "check",
        "scheduling",
        "--scenario",
        str(path),
        "--answer",
        "Monday, 15:00 - 16:00",
    )
    assert (code, out.splitlines()[0]) == (
        0,
        "scenario np-6: everyone_can_attend = 1 (3/3) threshold 1: PASSED",
    )


def test_bad_task_files_are_errors_naming_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "task.json"
    path.write_text(json.dumps({"id": "t", "meeting": {}}))
    with pytest.raises(
        DataError,
        match=r"task.json: not a benchmark row \(no prompt_0shot or "
        r"prompt_5shot\) nor a task: meeting.duration_minutes: Field required",
    ):
        SCHEDULING.load_scenario(str(path))
    broken = dict(SIX, prompt_0shot=SIX["prompt_0shot"].replace("Find a time", "Find me a time"))
    path.write_text(json.dumps(broken))
    with pytest.raises(
        DataError,
        match=r"task np-6: cannot read \"Find me a time that works for "
        r"everyone's schedule and constraints\.\"; it is none of the sentence",
    ):
        SCHEDULING.load_scenario(str(path))
    with pytest.raises(ScenarioNotFound, match="does not exist"):
        SCHEDULING.load_scenario(str(tmp_path / "missing.json"))


def test_batch_reports_exact_match_beside_the_metric(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        {"id": "golden", "task": SIX, "answer": SIX["golden_plan"]},
        {
            "id": "other-valid",
            "task": SIX,
            "answer": "Here is the proposed time: Monday, 15:00 - 16:00",
        },
        {
            "id": "first-slot",
            "task": SIX,
            "answer": "Here is the proposed time: Monday, 9:00 - 10:00",
        },
        {"id": "by-id", "scenario": "np-6", "answer": "Monday, 14:30 - 15:30"},
        {
            "id": "bad-task",
            "task": {"id": "x", "prompt_0shot": "TASK: hi SOLUTION: "},
            "answer": "",
        },
        {"id": "bad-answer", "task": SIX, "answer": 42},
    ]
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    code, out, err = run(capsys, "check", "scheduling", "--batch", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2  # unusable lines make the exit code 2
    brief = [
        (r["id"], r.get("passed"), r.get("exact_match"), r.get("label"), r.get("agrees"))
        for r in rows[:4]
    ]
    assert brief == [
        ("golden", True, True, "several_valid_slots", True),
        ("other-valid", True, False, "several_valid_slots", False),
        ("first-slot", False, False, "several_valid_slots", True),
        ("by-id", True, None, None, None),
    ]
    assert rows[0]["task_id"] == "calendar_scheduling_example_6"
    assert rows[0]["valid_slots"] == 2
    assert rows[4]["error"].startswith("task x: the task must start with 'You need to schedule")
    assert rows[5]["error"] == '"answer" must be the agent\'s final text (a string) or null'
    assert err.splitlines() == [
        "judged 4: 3 passed, 1 failed; 2 unusable lines",
        "agreement with the reference verdict: 2/3 lines",
        "disagreements explained by a label: line 2 [several_valid_slots]",
        "labelled lines: several_valid_slots x3",
    ]


def test_batch_of_every_golden_answer_and_every_rejected_valid_slot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "slots.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in batch_lines(list(ROWS.values()))))
    code, out, err = run(capsys, "check", "scheduling", "--batch", str(path))
    assert code == 0
    assert len(out.splitlines()) == 310 + 114
    summary = err.splitlines()
    assert summary[0] == "judged 424: 424 passed, 0 failed; 0 unusable lines"
    assert summary[1] == "agreement with the reference verdict: 310/424 lines"
    assert "UNEXPLAINED" not in err
