"""Building real ADK evaluation objects for tests, and running the real ``adk eval`` command."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types


def text_content(text: str, role: str) -> types.Content:
    return types.Content(role=role, parts=[types.Part(text=text)])


def invocation(
    answer: str | None,
    user_text: str = "Plan our dinner.",
    scenario_rubric: str | None = None,
    invocation_id: str = "inv-1",
) -> Invocation:
    """An actual invocation with the agent's final text (None: no final response at all)."""
    rubrics = None
    if scenario_rubric is not None:
        rubrics = [
            Rubric(
                rubric_id="scenario",
                rubric_content=RubricContent(text_property=f"scenario:{scenario_rubric}"),
            )
        ]
    return Invocation(
        invocation_id=invocation_id,
        user_content=text_content(user_text, "user"),
        final_response=None if answer is None else text_content(answer, "model"),
        rubrics=rubrics,
    )


def eval_metric(threshold: float | None = 1.0, **extra: Any) -> EvalMetric:
    """The EvalMetric ADK passes a custom metric: the threshold lives on the criterion."""
    if threshold is None and not extra:
        return EvalMetric(metric_name="everyone_ate")
    criterion = BaseCriterion(threshold=1.0 if threshold is None else threshold, **extra)
    return EvalMetric(metric_name="everyone_ate", criterion=criterion)


ROOT = Path(__file__).resolve().parents[1]

ADK_VERSION = tuple(int(part) for part in version("google-adk").split(".")[:2])
"""The installed google-adk, as (major, minor): the suite also runs on the lowest release
pyproject.toml admits (``./dev test-adk-lowest``)."""
ADK_EVAL_FAILED_EXIT = 1 if ADK_VERSION >= (2, 13) else 0
"""What ``adk eval`` exits with when a case fails: 1 from google-adk 2.13; earlier releases exit
0 whatever the results, so there the pytest gate (or the printed summary) is the gate."""
ADK = Path(sys.executable).with_name("adk")
"""The ``adk`` command installed beside this Python (tests may skip when it is missing)."""


def offline_env(details_dir: Path) -> dict[str, str]:
    """Environment settings for running the project's agents and metrics under ADK in tests.

    Offline (scripted models even when an API key is set), with the metrics writing their
    details under ``details_dir`` instead of the repository.
    """
    return {"CHECKERS_DETAILS_DIR": str(details_dir), "CHECKERS_OFFLINE": "1"}


def set_offline_env(monkeypatch: pytest.MonkeyPatch, details_dir: Path) -> Path:
    """Apply :func:`offline_env` for the current test; returns ``details_dir``."""
    for name, value in offline_env(details_dir).items():
        monkeypatch.setenv(name, value)
    return details_dir


def run_adk_eval(
    agent_dir: Path,
    eval_set: Path,
    config: Path,
    details_dir: Path,
    *,
    print_detailed_results: bool = False,
) -> subprocess.CompletedProcess[str]:
    """Run ``adk eval`` on ``agent_dir`` from the repository root; return its exit code and text.

    Runs under :func:`offline_env`, with this checkout first on ``PYTHONPATH``. A failing eval
    is returned, not raised: tests assert on the exit code (1 when a case fails) and on what ADK
    printed. Times out after 5 minutes.
    """
    command = [str(ADK), "eval", str(agent_dir), str(eval_set), "--config_file_path", str(config)]
    if print_detailed_results:
        command.append("--print_detailed_results")
    env = {**os.environ, **offline_env(details_dir)}
    # The command imports this checkout's code, not what the virtualenv's editable install
    # points at (a git worktree sharing another checkout's .venv would run that one's agents).
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    return subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=False
    )
