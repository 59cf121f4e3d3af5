"""An unscored case under the real ADK runners: the orders careful agent on one case, judged by
``task_success`` (which it passes) and the model-judged ``helpful_tone`` with a scripted judge that
times out or answers off its menu, so the evaluator cannot decide the tone.

By default the case FAILS, with the reason in the details file; with the criterion option
``"unscored": "not_evaluated"`` the metric is NOT_EVALUATED: ``adk eval`` then passes the case on
its other metric (ADK's rule for any NOT_EVALUATED metric, which is what opting in accepts),
while ``AgentEvaluator`` fails it as not evaluated, since no invocation carries a score.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from checkers.adk.gate import evaluate_gate
from checkers.rubric.cache import CACHE_ENV
from domains.orders.evalset import EVALSET_FILE
from tests.adk_helpers import ADK, ADK_EVAL_FAILED_EXIT, ROOT, run_adk_eval, set_offline_env

AGENT_DIR = ROOT / "domains" / "orders" / "agents" / "careful"
CASE = "cs-order-status"
TIMEOUT = {"judge": "scripted:timeout", "timeout_s": 0.05, "num_samples": 1}
OFF_MENU = {"judge": "scripted:off_menu", "num_samples": 1}
NOT_EVALUATED = {"unscored": "not_evaluated"}


@pytest.fixture
def details(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "judge-cache"))
    return set_offline_env(monkeypatch, tmp_path / "details")


def one_case(tmp_path: Path) -> Path:
    eval_set = json.loads(EVALSET_FILE.read_text(encoding="utf-8"))
    eval_set["eval_cases"] = [c for c in eval_set["eval_cases"] if c["eval_id"] == CASE]
    path = tmp_path / "one.evalset.json"
    path.write_text(json.dumps(eval_set), encoding="utf-8")
    return path


def config(tmp_path: Path, tone: dict[str, Any]) -> Path:
    """``task_success`` and ``helpful_tone`` (criterion ``tone``), the scripted customer."""
    shipped = json.loads(
        (ROOT / "evalsets" / "orders" / "eval_config_with_rubrics.json").read_text("utf-8")
    )
    kept = ("task_success", "helpful_tone")
    written = {
        "criteria": {
            "task_success": {"threshold": 1.0},
            "helpful_tone": {"threshold": 1.0, **tone},
        },
        "custom_metrics": {k: shipped["custom_metrics"][k] for k in kept},
        "user_simulator_config": shipped["user_simulator_config"],
    }
    path = tmp_path / "eval_config.json"
    path.write_text(json.dumps(written), encoding="utf-8")
    return path


def tone_details(directory: Path) -> dict[str, Any]:
    (found,) = directory.glob("helpful_tone*.json")
    payload: dict[str, Any] = json.loads(found.read_text(encoding="utf-8"))
    return payload


needs_adk = pytest.mark.skipif(
    not ADK.is_file(), reason="the adk command is not installed beside this Python"
)


@pytest.mark.slow
@needs_adk
def test_adk_eval_fails_a_case_whose_judge_timed_out_with_the_reason(
    tmp_path: Path, details: Path
) -> None:
    done = run_adk_eval(AGENT_DIR, one_case(tmp_path), config(tmp_path, TIMEOUT), details)
    assert done.returncode == ADK_EVAL_FAILED_EXIT, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Tests passed: 0" in done.stdout and "Tests failed: 1" in done.stdout
    tone = tone_details(details)
    assert (tone["overall_status"], tone["unscored"]) == ("FAILED", "failed")
    assert "[judge_timeout]" in tone["unscored_reason"]
    markdown = next(details.glob("helpful_tone*.md")).read_text(encoding="utf-8")
    assert "**Case FAILED as unscored: the evaluator could not decide: the agent rubric" in markdown


@pytest.mark.slow
@needs_adk
def test_adk_eval_reports_an_opted_in_case_not_evaluated(tmp_path: Path, details: Path) -> None:
    tone = {**OFF_MENU, **NOT_EVALUATED}
    done = run_adk_eval(
        AGENT_DIR,
        one_case(tmp_path),
        config(tmp_path, tone),
        details,
        print_detailed_results=True,
    )
    assert "Metric: helpful_tone, Status: NOT_EVALUATED, Score: None" in done.stdout
    # ADK's rule for a NOT_EVALUATED metric: the case passes on task_success.
    assert re.search(r"Metric: task_success, Status: PASSED", done.stdout)
    assert "Tests passed: 1" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]
    recorded = tone_details(details)
    assert (recorded["overall_status"], recorded["unscored"]) == ("NOT_EVALUATED", "not_evaluated")
    assert "[reply_off_menu]" in recorded["unscored_reason"]


def test_agent_evaluator_does_not_pass_an_opted_in_unscored_case(
    tmp_path: Path, details: Path
) -> None:
    tone = {**OFF_MENU, **NOT_EVALUATED}
    with pytest.raises(AssertionError, match=r"helpful_tone for .* was not evaluated"):
        evaluate_gate("domains.orders.agents.careful", one_case(tmp_path), config(tmp_path, tone))
    recorded = tone_details(details)
    assert (recorded["overall_status"], recorded["unscored"]) == ("NOT_EVALUATED", "not_evaluated")


def test_agent_evaluator_fails_an_unscored_case_by_default(tmp_path: Path, details: Path) -> None:
    with pytest.raises(AssertionError, match=r"helpful_tone for .* Failed"):
        evaluate_gate(
            "domains.orders.agents.careful", one_case(tmp_path), config(tmp_path, OFF_MENU)
        )
    assert tone_details(details)["unscored"] == "failed"
