"""Domains, their metrics, and the adapter that turns a metric into an ADK custom metric.

A :class:`Domain` loads scenarios by id or path; a :class:`Metric` judges a transcript in a
scenario and returns a :class:`~checkers.results.Verdict`. :func:`adk_metric` wraps a metric as
the function an eval config names in ``custom_metrics``::

    "custom_metrics": {"everyone_ate": {"code_config": {
        "name": "domains.dining.metrics.everyone_ate"}}}

The wrapper keeps ADK's contract: exactly one result per invocation, never raises into ADK,
threshold from ``criterion.threshold``, options from the criterion's extra keys (an unknown key is
a configuration error that fails the case and names the key), overall score = mean of
per-invocation scores, status = ``score >= threshold``, so ``adk eval`` and ``AgentEvaluator``
agree.
"""

from __future__ import annotations

import logging
import statistics
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from google.adk.evaluation.eval_case import ConversationScenario, Invocation
from google.adk.evaluation.eval_metrics import EvalMetric, EvalStatus
from google.adk.evaluation.evaluator import EvaluationResult, PerInvocationResult
from pydantic import BaseModel, ConfigDict, ValidationError

from checkers.details import default_details_dir, write_details
from checkers.errors import CheckersError, ConfigError
from checkers.results import AnswerProblem, Verdict
from checkers.scenario_ref import resolve_scenario_id
from checkers.transcript import Transcript, transcript_up_to

log = logging.getLogger(__name__)

S = TypeVar("S")


class Domain(ABC, Generic[S]):
    """A domain: its scenarios (subjects, requirements, facts) and how to load them."""

    name: str

    @abstractmethod
    def scenario_ids(self) -> list[str]:
        """Ids of the scenarios bundled with the domain, in file order."""

    @abstractmethod
    def load_scenario(self, ref: str) -> S:
        """The scenario with id ``ref``, or loaded from the JSON file at path ``ref``.

        Raises ScenarioNotFound (naming the known ids) or DataError (naming the bad field).
        """


class MetricOptions(BaseModel):
    """Options a metric reads from the extra keys of its criterion in the eval config."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    details_dir: Path | None = None
    """Where details files go; default ``$CHECKERS_DETAILS_DIR`` or ``.checkers/details``."""
    write_details: bool = True
    """Set to false to skip writing details files."""


@dataclass(frozen=True)
class Metric(Generic[S]):
    """A named way of scoring a transcript in a scenario of one domain."""

    name: str
    domain: Domain[S]
    judge: Callable[[S, Transcript, float], Verdict]
    """Pure: ``(scenario, transcript, threshold) -> Verdict``; never raises on agent output."""
    default_threshold: float = 1.0
    description: str = ""

    def judge_ref(self, scenario_ref: str, transcript: Transcript, threshold: float) -> Verdict:
        """Load the scenario by id and judge; an unknown id becomes a failing verdict."""
        try:
            scenario = self.domain.load_scenario(scenario_ref)
        except CheckersError as error:
            return self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
        return self.judge(scenario, transcript, threshold)

    def problem_verdict(self, scenario_id: str, threshold: float, code: str, msg: str) -> Verdict:
        """A failing verdict for a case that could not be judged at all."""
        return Verdict(
            domain=self.domain.name,
            metric=self.name,
            scenario_id=scenario_id,
            threshold=threshold,
            subjects=(),
            problems=(AnswerProblem(code=code, message=msg),),
        )


def read_options(eval_metric: EvalMetric) -> tuple[float | None, MetricOptions]:
    """The threshold and options a criterion carries. Raises ConfigError for unknown keys."""
    criterion = eval_metric.criterion
    if criterion is None:
        return None, MetricOptions()
    extra = dict(criterion.model_extra or {})
    try:
        options = MetricOptions.model_validate(extra)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or '?'}: {e['msg']}" for e in error.errors()
        )
        allowed = ", ".join(MetricOptions.model_fields)
        raise ConfigError(
            f"criterion of metric {eval_metric.metric_name!r} has bad options ({problems}); "
            f"allowed extra keys are: threshold, {allowed}"
        ) from error
    return criterion.threshold, options


def _status(passed: bool) -> EvalStatus:
    return EvalStatus.PASSED if passed else EvalStatus.FAILED


def _result(
    invocations: Sequence[Invocation], verdicts: Sequence[Verdict], threshold: float
) -> EvaluationResult:
    per_invocation = [
        PerInvocationResult(actual_invocation=inv, score=v.score, eval_status=_status(v.passed))
        for inv, v in zip(invocations, verdicts)
    ]
    if not per_invocation:
        return EvaluationResult()
    overall = statistics.fmean(v.score for v in verdicts)
    return EvaluationResult(
        overall_score=overall,
        overall_eval_status=_status(overall >= threshold),
        per_invocation_results=per_invocation,
    )


def _config_failure(
    invocations: Sequence[Invocation], metric: Metric[Any], message: str
) -> EvaluationResult:
    log.error("%s: %s", metric.name, message)
    verdicts = [metric.problem_verdict("?", 1.0, "config_error", message) for _ in invocations]
    return _result(invocations, verdicts, 1.0)


def judge_invocations(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    threshold: float,
    conversation_scenario: ConversationScenario | None = None,
) -> list[Verdict]:
    """One verdict per invocation, each judged on the transcript up to that invocation."""
    verdicts = []
    for index, invocation in enumerate(invocations):
        scenario_id = resolve_scenario_id(invocation, conversation_scenario)
        if isinstance(scenario_id, AnswerProblem):
            verdicts.append(
                metric.problem_verdict("?", threshold, scenario_id.code, scenario_id.message)
            )
            continue
        transcript = transcript_up_to(invocations, index)
        verdicts.append(metric.judge_ref(scenario_id, transcript, threshold))
    return verdicts


def adk_metric(metric: Metric[Any]) -> Callable[..., EvaluationResult]:
    """The ADK custom-metric function for ``metric`` (see the module docstring)."""

    def evaluate(
        eval_metric: EvalMetric,
        actual_invocations: list[Invocation],
        expected_invocations: list[Invocation] | None = None,
        conversation_scenario: ConversationScenario | None = None,
    ) -> EvaluationResult:
        try:
            threshold, options = read_options(eval_metric)
        except ConfigError as error:
            return _config_failure(actual_invocations, metric, str(error))
        threshold = metric.default_threshold if threshold is None else threshold
        try:
            verdicts = judge_invocations(
                metric, actual_invocations, threshold, conversation_scenario
            )
        except Exception as error:  # a checker bug must not abort the whole eval run
            log.exception("%s crashed while judging", metric.name)
            return _config_failure(
                actual_invocations, metric, f"internal error {type(error).__name__}: {error}"
            )
        result = _result(actual_invocations, verdicts, threshold)
        if options.write_details:
            directory = options.details_dir or default_details_dir()
            overall = {
                "threshold": threshold,
                "overall_score": result.overall_score,
                "overall_status": result.overall_eval_status.name,
            }
            try:
                path = write_details(directory, metric.name, verdicts, overall)
                log.info("%s details: %s", metric.name, path)
            except OSError as error:
                log.error("%s: cannot write details into %s: %s", metric.name, directory, error)
        return result

    evaluate.__name__ = metric.name
    evaluate.__qualname__ = metric.name
    evaluate.__doc__ = f"ADK custom metric {metric.name!r}: {metric.description}"
    return evaluate
