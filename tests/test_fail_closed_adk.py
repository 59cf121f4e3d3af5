"""Fail closed under the real ``adk eval``: an answer that used to crash the metric, and a metric
that crashes, both FAIL the case (ADK passes a case whose metric is NOT_EVALUATED)."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest

from domains.dining.evalset import EVALSET_FILE
from tests.adk_helpers import ADK_EVAL_FAILED_EXIT, ROOT, run_adk_eval

CONFIG = ROOT / "evalsets" / "dining" / "eval_config.json"
# The 3-of-6 plan, with a JSON-escaped lone surrogate that once crashed the details writer.
SURROGATE_ANSWER = r'Booked: {"restaurant": "r01", "time": "19:30", "note": "\ud800"}'


def _story_six(tmp_path: Path) -> Path:
    eval_set = json.loads(EVALSET_FILE.read_text())
    eval_set["eval_cases"] = [c for c in eval_set["eval_cases"] if c["eval_id"] == "story-six"]
    path = tmp_path / "story.evalset.json"
    path.write_text(json.dumps(eval_set))
    return path


def _saying_agent(tmp_path: Path, text: str) -> Path:
    """An agent directory whose scripted model answers every turn with ``text``."""
    agent_dir = tmp_path / "saying_agent"
    agent_dir.mkdir()
    (agent_dir / "__init__.py").write_text("from . import agent\n")
    (agent_dir / "agent.py").write_text(
        textwrap.dedent(
            f"""
            from google.adk.agents import LlmAgent
            from checkers.adk.scripted_model import register_policy, say, sequence

            register_policy("tests/saying", sequence(say({text!r})))
            root_agent = LlmAgent(name="saying", model="scripted/tests/saying")
            """
        )
    )
    return agent_dir


def _details_codes(details: Path) -> set[str]:
    codes: set[str] = set()
    for path in details.glob("*.json"):
        for verdict in json.loads(path.read_text(encoding="utf-8"))["invocations"]:
            codes |= {p["code"] for p in verdict["problems"]}
    return codes


@pytest.mark.slow
def test_an_answer_that_crashed_the_metric_now_fails_with_its_reasons(tmp_path: Path) -> None:
    details = tmp_path / "details"
    done = run_adk_eval(
        _saying_agent(tmp_path, SURROGATE_ANSWER), _story_six(tmp_path), CONFIG, details
    )
    assert done.returncode == ADK_EVAL_FAILED_EXIT, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Tests passed: 0" in done.stdout
    (json_file,) = details.glob("everyone_ate*.json")
    verdict = json.loads(json_file.read_text(encoding="utf-8"))["invocations"][0]
    assert verdict["score"] == 0.5
    assert {s["name"] for s in verdict["subjects"] if not s["satisfied"]} == {
        "Ana",
        "Björn",
        "José",
    }


@pytest.mark.slow
def test_a_metric_that_raises_fails_the_case_with_evaluator_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "eval_config.json"
    config.write_text(
        json.dumps(
            {
                "criteria": {"everyone_ate": 1.0},
                "custom_metrics": {
                    "everyone_ate": {"code_config": {"name": "tests.raising_metric.everyone_ate"}}
                },
            }
        )
    )
    # adk eval does not put the working directory on sys.path; the tests package is not
    # installed, so name the repository root.
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    details = tmp_path / "details"
    careful = ROOT / "domains" / "dining" / "agents" / "careful"
    done = run_adk_eval(careful, _story_six(tmp_path), config, details, print_detailed_results=True)
    assert done.returncode == ADK_EVAL_FAILED_EXIT, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Metric: everyone_ate, Status: FAILED, Score: 0.0" in done.stdout
    assert "NOT_EVALUATED" not in done.stdout
    assert _details_codes(details) == {"evaluator_error"}
