"""End to end on real ADK: the dining agents through AgentEvaluator (the pytest gate) and the
``adk eval`` CLI, with real tools, offline scripted models and the project's custom metrics."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from checkers.adk.eval_checks import check_eval_set, load_eval_config, load_eval_set
from checkers.adk.gate import evaluate_gate
from checkers.errors import ConfigError
from checkers.evalset import render
from domains.dining.evalset import (
    EVALSET_FILE,
    INFEASIBLE_EVALSET_FILE,
    OUTAGE_EVALSET_FILE,
    build_eval_set,
    build_infeasible_eval_set,
    build_outage_eval_set,
)
from tests.adk_helpers import ADK_EVAL_FAILED_EXIT, run_adk_eval, set_offline_env

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "evalsets" / "dining" / "eval_config.json"
AGENTS = ROOT / "domains" / "dining" / "agents"


@pytest.fixture(autouse=True)
def details_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return set_offline_env(monkeypatch, tmp_path / "details")


def story_only(tmp_path: Path, runs_of: str = "story-six") -> Path:
    eval_set = json.loads(EVALSET_FILE.read_text())
    eval_set["eval_cases"] = [c for c in eval_set["eval_cases"] if c["eval_id"] == runs_of]
    path = tmp_path / "story.evalset.json"
    path.write_text(json.dumps(eval_set))
    return path


def test_committed_eval_sets_match_the_groups() -> None:
    assert EVALSET_FILE.read_text() == render(build_eval_set())
    assert INFEASIBLE_EVALSET_FILE.read_text() == render(build_infeasible_eval_set())
    assert OUTAGE_EVALSET_FILE.read_text() == render(build_outage_eval_set())
    assert len(json.loads(EVALSET_FILE.read_text())["eval_cases"]) >= 8


def test_careful_agent_passes_the_gate() -> None:
    evaluate_gate("domains.dining.agents.careful", EVALSET_FILE, CONFIG, num_runs=1)


def test_rating_first_agent_fails_the_gate_on_everyone_ate(details_in_tmp: Path) -> None:
    with pytest.raises(AssertionError, match="everyone_ate"):
        evaluate_gate("domains.dining.agents.rating_first", EVALSET_FILE, CONFIG, num_runs=1)
    story = [
        json.loads(p.read_text()) for p in details_in_tmp.glob("everyone_ate-*story-six*.json")
    ]
    assert [s["overall_score"] for s in story] == [0.5]


def test_two_runs_each_get_details_and_the_score_is_their_mean(
    tmp_path: Path, details_in_tmp: Path
) -> None:
    with pytest.raises(AssertionError, match="everyone_ate"):
        evaluate_gate(
            "domains.dining.agents.rating_first", story_only(tmp_path), CONFIG, num_runs=2
        )
    runs = [json.loads(p.read_text()) for p in details_in_tmp.glob("everyone_ate-*story-six*.json")]
    assert len(runs) == 2
    assert [r["overall_score"] for r in runs] == [0.5, 0.5]  # ADK's verdict: mean (0.5+0.5)/2


def test_careful_books_nothing_blind_during_a_menu_outage(details_in_tmp: Path) -> None:
    evaluate_gate("domains.dining.agents.careful_menu_outage", OUTAGE_EVALSET_FILE, CONFIG)
    (menu,) = [json.loads(p.read_text()) for p in details_in_tmp.glob("menu_before_booking-*.json")]
    answer = menu["invocations"][0]
    assert answer["subjects"][0]["results"][0]["reason_code"] == "preceded"


def test_menu_before_booking_fails_rating_first_during_the_outage(details_in_tmp: Path) -> None:
    with pytest.raises(AssertionError, match="menu_before_booking"):
        evaluate_gate("domains.dining.agents.rating_first_menu_outage", OUTAGE_EVALSET_FILE, CONFIG)


def test_a_case_without_scenario_is_refused_before_running(tmp_path: Path) -> None:
    eval_set = json.loads(story_only(tmp_path).read_text())
    eval_set["eval_cases"][0]["rubrics"] = []
    path = tmp_path / "no-scenario.evalset.json"
    path.write_text(json.dumps(eval_set))
    with pytest.raises(ConfigError, match=r"case\(s\) \['story-six'\] do not say which scenario"):
        check_eval_set(load_eval_set(path))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda c: c["custom_metrics"]["everyone_ate"]["code_config"].update(
                name="domains.dining.metrics.everyone_eats"
            ),
            "has no function 'everyone_eats'; names it defines: .*everyone_ate",
        ),
        (
            lambda c: c["custom_metrics"]["everyone_ate"]["code_config"].update(
                name="domains.dinning.metrics.everyone_ate"
            ),
            "cannot import module 'domains.dinning.metrics'",
        ),
        (
            lambda c: c["criteria"].pop("menu_before_booking"),
            r"custom metric\(s\) \['menu_before_booking'\] are not in criteria",
        ),
        (
            lambda c: c["criteria"].update(everyone_eats={"threshold": 1.0}),
            "criterion 'everyone_eats' is neither a built-in metric nor in custom_metrics",
        ),
    ],
    ids=["misspelled-function", "misspelled-module", "metric-not-in-criteria", "unknown-criterion"],
)
def test_misconfigured_eval_config_names_the_problem(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    config = json.loads(CONFIG.read_text())
    edit(config)
    path = tmp_path / "eval_config.json"
    path.write_text(json.dumps(config))
    with pytest.raises(ConfigError, match=message):
        load_eval_config(path)


def test_missing_config_file_is_an_error_not_the_default_criteria(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"eval config '.*missing\.json' does not exist"):
        evaluate_gate("domains.dining.agents.careful", EVALSET_FILE, tmp_path / "missing.json")


def adk_eval(agent: str, eval_set: Path, details: Path) -> subprocess.CompletedProcess[str]:
    return run_adk_eval(AGENTS / agent, eval_set, CONFIG, details, print_detailed_results=True)


@pytest.mark.slow
def test_adk_eval_cli_exit_codes_and_printed_scores(tmp_path: Path) -> None:
    flawed = adk_eval("rating_first", EVALSET_FILE, tmp_path / "flawed")
    careful = adk_eval("careful", EVALSET_FILE, tmp_path / "careful")
    cases = len(json.loads(EVALSET_FILE.read_text())["eval_cases"])
    assert flawed.returncode == ADK_EVAL_FAILED_EXIT, flawed.stdout[-2000:] + flawed.stderr[-2000:]
    assert f"Tests passed: 0\n  Tests failed: {cases}" in flawed.stdout
    story = flawed.stdout[flawed.stdout.index("Eval Id: story-six") :]
    assert re.search(r"Metric: everyone_ate, Status: FAILED, Score: 0\.5, Threshold: 1\.0", story)
    # ADK's own output says who was not served and why (the metric's rubric scores).
    story = story[: story.index("Invocation Details:")]
    assert re.search(r"Rubric: [^/\n]+/\w+, Score: 0\.0, Reasoning: fail \(\w+\): \S", story), story
    assert story.count("Reasoning: satisfied: every requirement of this guest is met") == 3
    for unmet in ("Ana/diet", "Björn/allergy", "José/availability"):
        assert f"Rubric: {unmet}, Score: 0.0, Reasoning: fail (" in story, unmet
    assert careful.returncode == 0, careful.stdout[-2000:] + careful.stderr[-2000:]
    assert f"Tests passed: {cases}\n  Tests failed: 0" in careful.stdout
    assert careful.stdout.count("Metric: everyone_ate, Status: PASSED, Score: 1.0") == cases


@pytest.mark.slow
def test_adk_eval_fails_an_agent_that_books_one_restaurant_and_announces_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # adk eval does not put the working directory on sys.path: name this checkout's root, so
    # its agents and metrics are the ones that run.
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    details = tmp_path / "details"
    done = adk_eval("books_another", story_only(tmp_path), details)
    assert done.returncode == ADK_EVAL_FAILED_EXIT, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Tests passed: 0" in done.stdout
    story = done.stdout[done.stdout.index("Eval Id: story-six") :]
    assert re.search(r"Metric: everyone_ate, Status: FAILED, Score: 0\.0", story)
    [json_file] = details.glob("everyone_ate-*story-six*.json")
    verdict = json.loads(json_file.read_text(encoding="utf-8"))["invocations"][-1]
    [problem] = verdict["problems"]
    assert problem["code"] == "committed_plan_differs"
    # The answer is careful's plan (Marigold at 19:00, which feeds all six); the table booked
    # is elsewhere, and that is what the guests are judged on.
    assert re.fullmatch(
        r"the agent booked r\d\d \([^)]+\) at 19:00 for 6 \(book_table, call #\d+, turn 1\), "
        r"but the answer says r19 \(Marigold\) at 19:00 for 6: restaurant differs; .+",
        problem["message"],
    ), problem["message"]
    assert verdict["answer"] == {"restaurant": "r19", "time": "19:00"}
    markdown = json_file.with_suffix(".md").read_text(encoding="utf-8")
    assert "committed_plan_differs" in markdown
    assert "but the answer says r19 (Marigold)" in markdown
