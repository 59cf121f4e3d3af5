"""Repeated runs of an eval set on ADK's own eval service, in one process.

:func:`run_repeatedly` does what ``adk eval AGENT_DIR EVALSET --config_file_path FILE`` does (the
agent folder imported ADK's way, its ``App`` honoured, the config's custom metrics registered,
ADK's ``LocalEvalService`` inferring and evaluating, the eval history saved under
``AGENT_DIR/.adk/eval_history/``), but imports the agent once and runs the eval set ``runs``
times, each run under its own seed (:func:`checkers.adk.variation.run_seed`), so a varying
scripted agent behaves differently from run to run and identically for the same seed. Each run
saves its own ``*.evalset_result.json``, exactly as one ``adk eval`` does, and its checkers
metrics write their details files into a folder of the run's own, so that every requirement
judged in it can be read back (the eval history lists only those not met).

The config and eval set are loaded strictly first (:mod:`checkers.adk.eval_checks`): a mistake
is a ConfigError before anything runs.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from google.adk.agents.base_agent import BaseAgent
from google.adk.apps import App
from google.adk.cli import cli_eval
from google.adk.cli.utils import envs
from google.adk.evaluation.base_eval_service import (
    EvaluateConfig,
    EvaluateRequest,
    InferenceConfig,
    InferenceRequest,
)
from google.adk.evaluation.eval_config import EvalConfig, get_eval_metrics_from_config
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_result import EvalCaseResult
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.in_memory_eval_sets_manager import InMemoryEvalSetsManager
from google.adk.evaluation.local_eval_service import LocalEvalService
from google.adk.evaluation.local_eval_set_results_manager import LocalEvalSetResultsManager
from google.adk.evaluation.metric_evaluator_registry import register_custom_metrics_from_config
from google.adk.evaluation.simulation.user_simulator_provider import UserSimulatorProvider

from checkers.adk.eval_checks import check_eval_set, load_eval_config, load_eval_set
from checkers.adk.variation import run_seed, seeded
from checkers.details import DETAILS_DIR_ENV
from checkers.errors import ConfigError
from checkers.report.history import HISTORY_SUFFIX

__all__ = ["HISTORY_DIR", "EvalRun", "agent_parts", "run_repeatedly"]

HISTORY_DIR = Path(".adk") / "eval_history"
"""Where ADK keeps an agent folder's eval history (``AGENT_DIR/.adk/eval_history``)."""


@dataclass(frozen=True)
class EvalRun:
    """One run of the eval set: its number (from 1), its seed, ADK's case results, the eval
    history file ADK saved for it, and where its details files went."""

    number: int
    seed: int
    results: tuple[EvalCaseResult, ...]
    history: Path | None
    """None only if ADK saved no file (it saves one per run that produced a result)."""
    details: Path
    """The folder the run's checkers metrics were told to write their details files into
    (unless the eval config sets ``details_dir`` or turns ``write_details`` off)."""


def agent_parts(agent_dir: Path) -> tuple[App | None, BaseAgent]:
    """The agent folder's ``App`` (or None) and root agent, imported as ``adk eval`` does (its
    ``.env`` loaded first). Raises ConfigError for a folder that is no agent."""
    if not (agent_dir / "__init__.py").is_file():
        raise ConfigError(
            f"agent folder {str(agent_dir)!r} has no __init__.py; give the folder adk eval "
            "takes, e.g. domains/dining/agents/careful"
        )
    envs.load_dotenv_for_agent(agent_dir.name, str(agent_dir.parent))
    try:
        return asyncio.run(cli_eval.get_app_or_root_agent(str(agent_dir)))
    except (ImportError, ValueError) as error:  # ADK: ValueError when there is no root_agent
        raise ConfigError(
            f"cannot load the agent in {str(agent_dir)!r}: {type(error).__name__}: {error}; its "
            "__init__.py must import a module 'agent' that defines root_agent (or app), as for "
            "adk eval"
        ) from error


def _inference_config(config: EvalConfig) -> InferenceConfig:
    live = config.live_model_config
    if live is not None:
        return InferenceConfig(use_live=True, live_timeout_seconds=live.timeout_seconds)
    return InferenceConfig()


@contextmanager
def _details_into(directory: Path) -> Iterator[Path]:
    """Within the block, checkers metrics write their details into ``directory`` (through
    ``$CHECKERS_DETAILS_DIR``, which they read at each call); the old value is restored after."""
    old = os.environ.get(DETAILS_DIR_ENV)
    os.environ[DETAILS_DIR_ENV] = str(directory)
    try:
        yield directory
    finally:
        if old is None:
            del os.environ[DETAILS_DIR_ENV]
        else:
            os.environ[DETAILS_DIR_ENV] = old


def _history_files(directory: Path) -> set[Path]:
    return set(directory.glob(f"*{HISTORY_SUFFIX}")) if directory.is_dir() else set()


async def _run_once(
    service: LocalEvalService, request: InferenceRequest, metrics: list[EvalMetric]
) -> list[EvalCaseResult]:
    # Both generators are read to the end, so ADK saves the run's history when evaluate ends.
    inferences = [r async for r in service.perform_inference(inference_request=request)]
    evaluate = EvaluateRequest(
        inference_results=inferences, evaluate_config=EvaluateConfig(eval_metrics=metrics)
    )
    return [r async for r in service.evaluate(evaluate_request=evaluate)]


def _eval_sets(app_name: str, eval_set: EvalSet) -> InMemoryEvalSetsManager:
    manager = InMemoryEvalSetsManager()
    manager.create_eval_set(app_name=app_name, eval_set_id=eval_set.eval_set_id)
    for case in eval_set.eval_cases:
        manager.add_eval_case(app_name=app_name, eval_set_id=eval_set.eval_set_id, eval_case=case)
    return manager


def run_repeatedly(
    agent_dir: Path,
    eval_set_path: Path,
    config_path: Path,
    runs: int,
    seed: int,
    details_dir: Path,
    on_run: Callable[[EvalRun], None] | None = None,
) -> list[EvalRun]:
    """Run the eval set ``runs`` times on the agent in ``agent_dir`` (see the module docstring);
    run ``i`` under seed ``run_seed(seed, i)``, its checkers metrics writing their details into
    ``details_dir/run-<i>``. ``on_run`` is told of each run as it ends.

    Raises ConfigError for a bad agent folder, config or eval set, or ``runs < 1``.
    """
    if runs < 1:
        raise ConfigError(f"--runs must be at least 1, got {runs}; e.g. --runs 5")
    config = load_eval_config(config_path)
    eval_set = load_eval_set(eval_set_path)
    check_eval_set(eval_set)
    agent_dir = agent_dir.resolve()
    app, root_agent = agent_parts(agent_dir)
    app_name = agent_dir.name
    service = LocalEvalService(
        root_agent=root_agent,
        eval_sets_manager=_eval_sets(app_name, eval_set),
        eval_set_results_manager=LocalEvalSetResultsManager(agents_dir=str(agent_dir.parent)),
        user_simulator_provider=UserSimulatorProvider(
            user_simulator_config=config.user_simulator_config
        ),
        metric_evaluator_registry=register_custom_metrics_from_config(config),
        app=app,
    )
    request = InferenceRequest(
        app_name=app_name,
        eval_set_id=eval_set.eval_set_id,
        inference_config=_inference_config(config),
    )
    metrics = get_eval_metrics_from_config(config)
    history_dir = agent_dir / HISTORY_DIR
    done = []
    for number in range(1, runs + 1):
        before = _history_files(history_dir)
        with (
            seeded(run_seed(seed, number)) as this_seed,
            _details_into(details_dir / f"run-{number}") as details,
        ):
            results = asyncio.run(_run_once(service, request, metrics))
        saved = sorted(_history_files(history_dir) - before, key=os.path.getmtime)
        run = EvalRun(number, this_seed, tuple(results), saved[-1] if saved else None, details)
        done.append(run)
        if on_run is not None:
            on_run(run)
    return done
