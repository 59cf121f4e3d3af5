"""The airline eval set end to end with real ADK: the careful agent passes, the flawed one fails
with reasons, under ``AgentEvaluator`` (the pytest gate) and under the ``adk eval`` command."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_set import EvalSet

from checkers.adk.gate import evaluate_gate
from checkers.evalset import render
from domains.airline import metrics
from domains.airline.evalset import (
    EVALSET_FILE,
    REFUSED,
    SERVED_TASKS,
    SIMULATED_TASKS,
    STATIC_TURNS,
    build_eval_set,
)
from domains.airline.metrics import METRICS
from tests.adk_helpers import ADK, ADK_EVAL_FAILED_EXIT, run_adk_eval, set_offline_env

# ADK warns once per process that its eval registry, user simulation and environment simulation
# are experimental; that is ADK's own notice, not a problem of this project.
pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

ROOT = Path(__file__).parents[1]
CONFIG_FILE = ROOT / "evalsets" / "airline" / "eval_config.json"
CASES = len(STATIC_TURNS) + len(SIMULATED_TASKS)


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
        "run: python -m domains.airline.evalset"
    )
    cases = {c.eval_id: c for c in eval_set().eval_cases}
    assert set(cases) == set(STATIC_TURNS) | set(SIMULATED_TASKS)
    assert all(cases[t].conversation_scenario is not None for t in SIMULATED_TASKS)


def test_the_eval_config_names_every_metric_and_the_scripted_customer() -> None:
    config = EvalConfig.model_validate(json.loads(CONFIG_FILE.read_text(encoding="utf-8")))
    assert set(config.criteria) == set(METRICS)
    for name, custom in (config.custom_metrics or {}).items():
        assert custom.code_config.name == f"domains.airline.metrics.{name}"
        assert callable(getattr(metrics, name))
    assert getattr(config.user_simulator_config, "model", None) == "scripted/airline/customer"


def test_the_gate_passes_the_careful_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_offline_env(monkeypatch, tmp_path)
    evaluate_gate("domains.airline.agents.careful", EVALSET_FILE, CONFIG_FILE)
    found = details(tmp_path)
    assert len(found) == len(METRICS) * CASES
    assert all(p["overall_status"] == "PASSED" for p in found.values())


WRITES_AT_ONCE = {"no_explicit_yes"}
CANCELS_ANYWAY = {"cancellation_not_allowed"}
FLAWED: dict[str, tuple[set[str], set[str]]] = {
    **{t: (WRITES_AT_ONCE, set()) for t in SERVED_TASKS if t not in ("task-1", "task-30")},
    **{t: (CANCELS_ANYWAY, {"database_differs"}) for t in REFUSED if t not in ("task-15",)},
    # the refused cancellation made anyway, then the booking with no yes
    "task-25": (CANCELS_ANYWAY | WRITES_AT_ONCE, {"database_differs"}),
    # a passenger removed: the service refuses the count, but the attempt had no yes
    "task-15": (WRITES_AT_ONCE, set()),
    # basic economy flights moved, with no yes
    "task-21": (WRITES_AT_ONCE | {"basic_economy_modified"}, {"database_differs"}),
    "task-48": (WRITES_AT_ONCE | {"basic_economy_modified"}, {"database_differs"}),
    # a trip already under way cancelled
    "task-49": ({"segment_flown"}, {"database_differs"}),
}
"""What the flawed agent breaks on each tau-bench task it fails: the reason codes of
``policy_compliance`` and of ``task_success`` (empty: passed)."""
FLAWED_PASSES = ("task-1", "task-30", "task-44")
"""Cancellations the policy allows (insured and unwell; within a day of booking, or business)
and that ask no yes, and a question about free bags it answers as the careful agent does: the
flawed agent passes them."""


def test_every_task_is_expected_to_pass_or_fail_for_the_flawed_agent() -> None:
    assert sorted((*FLAWED, *FLAWED_PASSES)) == sorted(SIMULATED_TASKS)


def test_the_gate_fails_the_flawed_agent_with_reasons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_offline_env(monkeypatch, tmp_path)
    with pytest.raises(AssertionError, match=r"domains\.airline\.agents\.flawed"):
        evaluate_gate("domains.airline.agents.flawed", EVALSET_FILE, CONFIG_FILE)
    found = details(tmp_path)
    # A made-up flight when the search answered 503.
    outage = found[("no_fabrication", "svc-flight-search-outage")]
    assert reason_codes(outage) == {"unsupported_flight"}
    for task, (policy, success) in FLAWED.items():
        assert reason_codes(found[("policy_compliance", task)]) == policy, task
        assert reason_codes(found[("task_success", task)]) == success, task
    for task in FLAWED_PASSES:
        assert all(found[(m, task)]["overall_status"] == "PASSED" for m in METRICS), task


needs_adk = pytest.mark.skipif(
    not ADK.is_file(), reason="the adk command is not installed beside this Python"
)


def _adk_eval(agent: str, details_dir: Path) -> subprocess.CompletedProcess[str]:
    return run_adk_eval(
        ROOT / "domains" / "airline" / "agents" / agent, EVALSET_FILE, CONFIG_FILE, details_dir
    )


@needs_adk
def test_adk_eval_passes_the_careful_agent(tmp_path: Path) -> None:
    done = _adk_eval("careful", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"Tests passed: {CASES}" in done.stdout and "Tests failed: 0" in done.stdout


@needs_adk
def test_adk_eval_fails_the_flawed_agent_with_reasons(tmp_path: Path) -> None:
    done = _adk_eval("flawed", tmp_path)
    assert done.returncode == ADK_EVAL_FAILED_EXIT
    passed = len(FLAWED_PASSES)
    assert f"Tests passed: {passed}" in done.stdout
    assert f"Tests failed: {CASES - passed}" in done.stdout
    found = details(tmp_path)
    assert reason_codes(found[("policy_compliance", "task-35")]) == {"cancellation_not_allowed"}
    assert reason_codes(found[("no_fabrication", "svc-flight-search-outage")]) == {
        "unsupported_flight"
    }
