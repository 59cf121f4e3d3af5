"""Repeated runs of an eval set on ADK's own eval service, in one process.

:func:`run_repeatedly` does what ``adk eval AGENT_DIR EVALSET --config_file_path FILE`` does (the
agent folder imported ADK's way, its ``App`` honoured, the config's custom metrics registered,
ADK's ``LocalEvalService`` inferring and evaluating, the eval history saved under
``AGENT_DIR/.adk/eval_history/``), but imports the agent once and runs the eval set ``runs``
times, each run under its own seed (:func:`checkers.adk.variation.run_seed`), so a varying
scripted agent behaves differently from run to run and identically for the same seed. Each run
saves its own ``*.evalset_result.json``, exactly as one ``adk eval`` does.

The config and eval set are loaded strictly first (:mod:`checkers.adk.eval_checks`): a mistake
is a ConfigError before anything runs.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, Iterator, Sequence
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
from google.adk.evaluation.eval_metrics import EvalMetric, EvalMetricResult, EvalStatus
from google.adk.evaluation.eval_result import EvalCaseResult, EvalSetResult
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.in_memory_eval_sets_manager import InMemoryEvalSetsManager
from google.adk.evaluation.local_eval_service import LocalEvalService
from google.adk.evaluation.local_eval_set_results_manager import LocalEvalSetResultsManager
from google.adk.evaluation.metric_evaluator_registry import register_custom_metrics_from_config
from google.adk.evaluation.simulation.user_simulator_provider import UserSimulatorProvider
from pydantic import ValidationError

from checkers.adk.eval_checks import check_eval_set, load_eval_config, load_eval_set
from checkers.adk.variation import run_seed, seeded
from checkers.errors import ConfigError, DataError
from checkers.run_stats import CASE_METRIC, MetricRun

__all__ = ["HISTORY_DIR", "EvalRun", "history_runs", "metric_runs", "run_repeatedly"]

HISTORY_DIR = Path(".adk") / "eval_history"
"""Where ADK keeps an agent folder's eval history (``AGENT_DIR/.adk/eval_history``)."""
_HISTORY_SUFFIX = ".evalset_result.json"


@dataclass(frozen=True)
class EvalRun:
    """One run of the eval set: its number (from 1), its seed, ADK's case results, and the eval
    history file ADK saved for it."""

    number: int
    seed: int | None
    """None for a run read back from its history file (the file does not record it)."""
    results: tuple[EvalCaseResult, ...]
    history: Path | None
    """None only if ADK saved no file (it saves one per run that produced a result)."""


def _agent_parts(agent_dir: Path) -> tuple[App | None, BaseAgent]:
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


def _history_files(directory: Path) -> set[Path]:
    return set(directory.glob(f"*{_HISTORY_SUFFIX}")) if directory.is_dir() else set()


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
    on_run: Callable[[EvalRun], None] | None = None,
) -> list[EvalRun]:
    """Run the eval set ``runs`` times on the agent in ``agent_dir`` (see the module docstring);
    run ``i`` under seed ``run_seed(seed, i)``. ``on_run`` is told of each run as it ends.

    Raises ConfigError for a bad agent folder, config or eval set, or ``runs < 1``.
    """
    if runs < 1:
        raise ConfigError(f"--runs must be at least 1, got {runs}; e.g. --runs 5")
    config = load_eval_config(config_path)
    eval_set = load_eval_set(eval_set_path)
    check_eval_set(eval_set)
    agent_dir = agent_dir.resolve()
    app, root_agent = _agent_parts(agent_dir)
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
        with seeded(run_seed(seed, number)) as this_seed:
            results = asyncio.run(_run_once(service, request, metrics))
        saved = sorted(_history_files(history_dir) - before, key=os.path.getmtime)
        run = EvalRun(number, this_seed, tuple(results), saved[-1] if saved else None)
        done.append(run)
        if on_run is not None:
            on_run(run)
    return done


def _history_paths(paths: Sequence[Path]) -> list[Path]:
    found = []
    for path in paths:
        if path.is_dir():
            here = sorted(path.rglob(f"*{_HISTORY_SUFFIX}"))
            if not here:
                raise ConfigError(
                    f"no *{_HISTORY_SUFFIX} files under {str(path)!r}; adk eval and checkers "
                    "eval write them into <agent folder>/.adk/eval_history/"
                )
            found += here
        elif path.is_file():
            found.append(path)
        else:
            raise ConfigError(
                f"eval history {str(path)!r} does not exist; give an eval-history folder "
                "(<agent folder>/.adk/eval_history) or *.evalset_result.json files"
            )
    return list(dict.fromkeys(found))


def _read_history(path: Path) -> EvalSetResult:
    """One eval-history file; DataError naming it when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, str):  # older ADK stored the JSON double-encoded
            data = json.loads(data)
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"cannot read eval history {str(path)!r}: {error}") from error
    except json.JSONDecodeError as error:
        raise DataError(
            f"eval history {str(path)!r} is not JSON ({error.msg} at line {error.lineno})"
        ) from error
    try:
        return EvalSetResult.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(map(str, first["loc"])) or "(top level)"
        raise DataError(
            f"{str(path)!r} is not an ADK eval-history file: {where}: {first['msg']}"
        ) from None


def history_runs(paths: Sequence[Path]) -> list[EvalRun]:
    """The runs saved in eval-history files (``paths``: files, or folders searched for them),
    oldest first, numbered from 1; their seeds are unknown (None).

    They must all be runs of one eval set: ConfigError naming the eval sets found otherwise, or
    when a path holds no history; DataError for a file that is not ADK's eval history.
    """
    results = sorted(
        ((_read_history(p), p) for p in _history_paths(paths)),
        key=lambda pair: (pair[0].creation_timestamp, str(pair[1])),
    )
    eval_sets = sorted({r.eval_set_id for r, _ in results})
    if len(eval_sets) > 1:
        raise ConfigError(
            f"the eval-history files hold runs of {len(eval_sets)} eval sets "
            f"({', '.join(eval_sets)}); the statistics are per eval set: give the files of one"
        )
    return [
        EvalRun(number, None, tuple(result.eval_case_results), path)
        for number, (result, path) in enumerate(results, start=1)
    ]


def _kinds(result: EvalMetricResult) -> tuple[frozenset[str], frozenset[str], bool]:
    """The requirement kinds not met and unscored in a checkers metric's result, read from its
    rubric scores (``"<subject>/<kind>"``; see :mod:`checkers.reasons`), and whether the list
    was cut short. Other metrics have none."""
    not_met: set[str] = set()
    unscored: set[str] = set()
    truncated = False
    entries = (result.details.rubric_scores if result.details else None) or []
    for entry in entries:
        subject, slash, kind = entry.rubric_id.rpartition("/")
        if entry.rubric_id == "more_not_met":
            truncated = True
        elif slash and subject != "answer" and entry.score is None:
            unscored.add(kind)
        elif slash and subject != "answer" and entry.score is not None and entry.score < 1.0:
            not_met.add(kind)
    return frozenset(not_met), frozenset(unscored), truncated


def _status(status: EvalStatus) -> str:
    return status.name


def metric_runs(run: int, results: Sequence[EvalCaseResult]) -> Iterator[MetricRun]:
    """One :class:`~checkers.run_stats.MetricRun` per case and metric of one run's results, and
    one per case for its final status (:data:`~checkers.run_stats.CASE_METRIC`). Informational
    metrics (ADK's token counts and durations) never pass or fail and are left out."""
    for case in results:
        for result in case.overall_eval_metric_results:
            if result.eval_status.name == "INFORMATIONAL":
                continue
            not_met, unscored, truncated = _kinds(result)
            yield MetricRun(
                run=run,
                case=case.eval_id,
                metric=result.metric_name,
                status=_status(result.eval_status),
                not_met=not_met,
                unscored=unscored,
                truncated=truncated,
            )
        yield MetricRun(
            run=run, case=case.eval_id, metric=CASE_METRIC, status=_status(case.final_eval_status)
        )
