"""End to end on real ADK: the scheduling agents (real tools over the NATURAL PLAN tasks,
offline scripted models) through AgentEvaluator (the pytest gate) and the ``adk eval`` CLI, judged
by ``everyone_can_attend``."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from checkers.adk.eval_checks import check_eval_set, load_eval_config, load_eval_set
from checkers.adk.gate import evaluate_gate
from checkers.adk.scripted_model import get_policy
from checkers.evalset import render
from domains.scheduling.agents.policy import meeting_of, participant_of
from domains.scheduling.evalset import CASES, CONFIG_FILE, EVALSET_FILE, build_eval_set
from domains.scheduling.scenarios import bundled_tasks
from domains.scheduling.tools import get_calendar, get_meeting
from tests.adk_helpers import run_adk_eval, set_offline_env

ROOT = Path(__file__).resolve().parents[1]
AGENTS = ROOT / "domains" / "scheduling" / "agents"


@pytest.fixture(autouse=True)
def details_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return set_offline_env(monkeypatch, tmp_path / "details")


def test_committed_eval_set_matches_the_data_and_loads() -> None:
    assert EVALSET_FILE.read_text(encoding="utf-8") == render(build_eval_set())
    eval_set = load_eval_set(EVALSET_FILE)
    check_eval_set(eval_set)
    assert [c.eval_id for c in eval_set.eval_cases] == list(CASES)
    config = load_eval_config(CONFIG_FILE)
    assert list(config.criteria) == ["everyone_can_attend"]


def test_the_cases_cover_days_people_preferences_and_earliest() -> None:
    tasks = [bundled_tasks()[c] for c in CASES]
    assert {len(t.meeting.days) for t in tasks} == {1, 2, 3, 4, 5}
    assert {len(t.participants) for t in tasks} >= {2, 3, 4, 5, 6, 7}
    kinds = {r.kind for t in tasks for p in t.participants for r in p.requirements}
    assert kinds == {"busy", "avoid_day", "not_before", "not_after"}
    assert sum(t.meeting.earliest for t in tasks) == 2


def test_tools_return_the_tasks_calendars() -> None:
    meeting = get_meeting("np-605")
    assert meeting == {
        "status": "ok",
        "task_id": "np-605",
        "participants": ["Jesse", "Kenneth"],
        "duration_minutes": 30,
        "work_hours": {"start": "9:00", "end": "17:00"},
        "days": ["Monday", "Tuesday"],
        "earliest": False,
    }
    jesse = get_calendar("np-605", "Jesse")
    assert jesse["busy"][:2] == [
        {"day": "Monday", "start": "13:00", "end": "13:30"},
        {"day": "Monday", "start": "15:30", "end": "16:00"},
    ]
    assert jesse["preferences"] == [
        {"kind": "avoid_day", "day": "Tuesday", "said": "would like to avoid more meetings"}
    ]
    kenneth = get_calendar("np-605", "Kenneth")["preferences"]
    assert kenneth == [
        {
            "kind": "not_after",
            "day": "Monday",
            "time": "12:00",
            "said": "would like to avoid more meetings",
        }
    ]
    assert get_calendar("np-605", "Zed") == {
        "status": "error",
        "error": "'Zed' is not a participant of task np-605; they are: Jesse, Kenneth",
    }
    assert get_meeting("np-0")["error"].startswith("unknown task_id 'np-0'; known ids look like")


def test_what_the_tools_say_rebuilds_the_task() -> None:
    task = bundled_tasks()["np-993"]
    assert meeting_of(get_meeting(task.id)) == task.meeting
    rebuilt = tuple(participant_of(get_calendar(task.id, p.name)) for p in task.participants)
    assert rebuilt == task.participants


def test_the_policies_are_registered() -> None:
    assert get_policy("scheduling/solver").__name__ == "solver"
    assert get_policy("scheduling/first_slot").__name__ == "first_slot"


def test_solver_agent_passes_the_gate() -> None:
    evaluate_gate("domains.scheduling.agents.solver", EVALSET_FILE, CONFIG_FILE, num_runs=1)


def test_first_slot_agent_fails_the_gate_and_the_details_say_why(details_in_tmp: Path) -> None:
    with pytest.raises(AssertionError, match="everyone_can_attend"):
        evaluate_gate("domains.scheduling.agents.first_slot", EVALSET_FILE, CONFIG_FILE)
    found = [json.loads(p.read_text()) for p in details_in_tmp.glob("everyone_can_attend-*.json")]
    scores = {d["scenario_id"]: d["overall_score"] for d in found}
    assert len(scores) == len(CASES)
    assert {n for n, s in scores.items() if s == 1.0} == {"np-276", "np-553", "np-993"}
    assert scores["np-6"] == pytest.approx(2 / 3)
    text = next(details_in_tmp.glob("everyone_can_attend-*_np-6-*.md")).read_text()
    assert "Jerry is busy on Monday 9:00-11:00; the meeting Monday 9:00-10:00 overlaps it" in text


def adk_eval(agent: str, details: Path) -> subprocess.CompletedProcess[str]:
    return run_adk_eval(
        AGENTS / agent, EVALSET_FILE, CONFIG_FILE, details, print_detailed_results=True
    )


@pytest.mark.slow
def test_adk_eval_cli_fails_first_slot_and_passes_solver(tmp_path: Path) -> None:
    flawed = adk_eval("first_slot", tmp_path / "flawed")
    solver = adk_eval("solver", tmp_path / "solver")
    cases = len(CASES)
    assert flawed.returncode == 1, flawed.stdout[-2000:] + flawed.stderr[-2000:]
    assert f"Tests passed: 3\n  Tests failed: {cases - 3}" in flawed.stdout
    six = flawed.stdout[flawed.stdout.index("Eval Id: np-6") :]
    assert re.search(
        r"Metric: everyone_can_attend, Status: FAILED, Score: 0\.666\d*, Threshold: 1\.0", six
    )
    assert solver.returncode == 0, solver.stdout[-2000:] + solver.stderr[-2000:]
    assert f"Tests passed: {cases}\n  Tests failed: 0" in solver.stdout
    assert solver.stdout.count("Metric: everyone_can_attend, Status: PASSED, Score: 1.0") == cases
