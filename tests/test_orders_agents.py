"""The orders eval set end to end with real ADK: the careful agent passes, the flawed one fails
with reasons, under ``AgentEvaluator`` (the pytest gate), under the ``adk eval`` command, and over
every tau-bench task played by ADK's user simulation."""

from __future__ import annotations

import asyncio
import importlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.agent_evaluator import AgentEvaluator
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.evaluation_generator import EvaluationGenerator

from checkers.adk.eval_checks import load_eval_config
from checkers.adk.invocations import transcript_up_to
from checkers.evalset import render
from domains.orders import metrics
from domains.orders.data_files import tau_tasks
from domains.orders.evalset import (
    CHAPTER_TURNS,
    CUSTOMER,
    EVALSET_FILE,
    SIMULATED_TASKS,
    build_eval_set,
)
from domains.orders.metrics import METRICS
from domains.orders.strategies import UNSERVABLE, servable_tasks
from tests.adk_helpers import ADK, run_adk_eval

# ADK warns once per process that its eval registry, user simulation and environment simulation
# are experimental; that is ADK's own notice, not a problem of this project.
pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

ROOT = Path(__file__).parents[1]
CONFIG_FILE = ROOT / "evalsets" / "orders" / "eval_config.json"


def eval_config() -> EvalConfig:
    return EvalConfig.model_validate(json.loads(CONFIG_FILE.read_text(encoding="utf-8")))


def eval_set() -> EvalSet:
    return EvalSet.model_validate_json(EVALSET_FILE.read_text(encoding="utf-8"))


def details(directory: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """Details files by (metric, scenario id)."""
    found = {}
    for path in directory.glob("*.json"):
        payload = json.loads(path.read_text(encoding="utf-8"))
        found[(payload["metric"], payload["scenario_id"])] = payload
    return found


def reason_codes(payload: dict[str, Any]) -> set[str]:
    [verdict] = payload["invocations"]
    return {
        r["reason_code"]
        for s in verdict["subjects"]
        for r in s["results"]
        if r["outcome"] != "pass"
    }


def test_the_committed_eval_set_is_current() -> None:
    assert EVALSET_FILE.read_text(encoding="utf-8") == render(build_eval_set()), (
        "run: python -m domains.orders.evalset"
    )
    cases = {c.eval_id: c for c in eval_set().eval_cases}
    assert set(cases) == set(CHAPTER_TURNS) | set(SIMULATED_TASKS)
    assert all(cases[t].conversation_scenario is not None for t in SIMULATED_TASKS)


DETERMINISTIC = {name for name, m in METRICS.items() if m.judge_async is None}
"""Code-checked metrics; the model-judged helpful_tone is in eval_config_with_rubrics.json."""


def test_the_eval_config_names_every_metric_and_the_scripted_customer() -> None:
    config = eval_config()
    assert set(config.criteria) == DETERMINISTIC
    with_rubrics = load_eval_config(ROOT / "evalsets" / "orders" / "eval_config_with_rubrics.json")
    assert set(with_rubrics.criteria) == set(METRICS)
    for name, custom in (config.custom_metrics or {}).items():
        assert custom.code_config.name == f"domains.orders.metrics.{name}"
        assert callable(getattr(metrics, name))
    assert config.user_simulator_config is not None
    assert getattr(config.user_simulator_config, "model", None) == "scripted/orders/customer"


def _evaluate(agent: str) -> None:
    asyncio.run(
        AgentEvaluator.evaluate_eval_set(
            f"domains.orders.agents.{agent}",
            eval_set(),
            eval_config=eval_config(),
            num_runs=1,
            print_detailed_results=False,
        )
    )


def test_agent_evaluator_passes_the_careful_agent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHECKERS_DETAILS_DIR", str(tmp_path))
    _evaluate("careful")
    found = details(tmp_path)
    assert len(found) == len(DETERMINISTIC) * len(eval_set().eval_cases)
    assert all(p["overall_status"] == "PASSED" for p in found.values())


def test_agent_evaluator_fails_the_flawed_agent_with_reasons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHECKERS_DETAILS_DIR", str(tmp_path))
    with pytest.raises(AssertionError, match=r"no_fabrication for domains\.orders\.agents\.flawed"):
        _evaluate("flawed")
    found = details(tmp_path)
    outage = found[("no_fabrication", "cs-order-status-outage")]
    assert outage["overall_status"] == "FAILED"
    assert reason_codes(outage) == {"claim_about_failed_lookup"}
    [verdict] = outage["invocations"]
    [reason] = [r["reason"] for s in verdict["subjects"] for r in s["results"]]
    assert "whose lookup failed" in reason and "Service temporarily unavailable" in reason
    assert reason_codes(found[("no_fabrication", "cs-order-missing")]) == {
        "claim_about_failed_lookup"
    }
    assert reason_codes(found[("no_fabrication", "cs-where-is-my-stuff")]) == {"unsupported_status"}
    assert reason_codes(found[("policy_compliance", "cs-other-customer")]) == {
        "read_before_identification",
        "other_customer_read",
    }
    assert reason_codes(found[("policy_compliance", "task-0")]) == {"write_before_identification"}
    # The flawed agent still gets the task done: tau-bench's reward would pass it.
    assert found[("task_success", "task-0")]["overall_status"] == "PASSED"
    assert found[("task_success", "cs-that-order")]["overall_status"] == "PASSED"


def _simulate(agent: str, task_ids: list[str]) -> dict[str, dict[str, bool]]:
    """Each task played by ADK's user simulation; metric -> passed, per task."""
    importlib.import_module(f"domains.orders.agents.{agent}")  # registers the scripted models
    cases = [CUSTOMER.case(tau_tasks()[t]) for t in task_ids]
    generated = asyncio.run(
        EvaluationGenerator.generate_responses(
            EvalSet.model_validate({"eval_set_id": "sweep", "eval_cases": cases}),
            f"domains.orders.agents.{agent}",
            repeat_num=1,
            user_simulator_config=eval_config().user_simulator_config,
        )
    )
    verdicts = {}
    for responses in generated:
        invocations = responses.responses[0]
        transcript = transcript_up_to(invocations, len(invocations) - 1)
        scenario = tau_tasks()[responses.eval_case.eval_id]
        verdicts[scenario.id] = {
            name: metric.judge(scenario, transcript, 1.0).passed for name, metric in METRICS.items()
        }
    return verdicts


def test_the_careful_agent_serves_every_servable_task_under_user_simulation() -> None:
    tasks = servable_tasks() + sorted(UNSERVABLE)
    verdicts = _simulate("careful", tasks)
    for task in servable_tasks():
        assert all(verdicts[task].values()), (task, verdicts[task])
    for task in UNSERVABLE:  # it refuses what the policy forbids, so its writes stay valid
        assert verdicts[task]["policy_compliance"] and verdicts[task]["no_fabrication"], task


def test_the_flawed_agent_gets_tasks_done_but_never_identifies_anyone() -> None:
    verdicts = _simulate("flawed", servable_tasks()[:12])
    assert all(v["task_success"] for v in verdicts.values())
    assert not any(v["policy_compliance"] for v in verdicts.values())


def _adk_eval(agent: str, details_dir: Path) -> subprocess.CompletedProcess[str]:
    return run_adk_eval(
        ROOT / "domains" / "orders" / "agents" / agent, EVALSET_FILE, CONFIG_FILE, details_dir
    )


needs_adk = pytest.mark.skipif(
    not ADK.is_file(), reason="the adk command is not installed beside this Python"
)


@needs_adk
def test_adk_eval_passes_the_careful_agent(tmp_path: Path) -> None:
    done = _adk_eval("careful", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Tests passed: 12" in done.stdout and "Tests failed: 0" in done.stdout


@needs_adk
def test_adk_eval_fails_the_flawed_agent_with_reasons(tmp_path: Path) -> None:
    done = _adk_eval("flawed", tmp_path)
    assert done.returncode == 1, "adk eval exits 1 when a case fails"
    assert "Tests passed: 1" in done.stdout and "Tests failed: 11" in done.stdout
    found = details(tmp_path)
    assert reason_codes(found[("no_fabrication", "cs-order-status-outage")]) == {
        "claim_about_failed_lookup"
    }
    assert found[("task_success", "cs-refund-policy")]["overall_status"] == "PASSED"
