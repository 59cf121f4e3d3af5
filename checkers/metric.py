"""Domains, their metrics, and the adapter that turns a metric into an ADK custom metric.

A :class:`Domain` loads scenarios by id or path, and reads the answers and batch lines of its
command line (``parse_answer``, ``batch_item``; the defaults read an answer as the agent's final
text and a batch line as ``{"scenario", "answer"}``). A :class:`Metric` judges a transcript in a
scenario and returns a :class:`~checkers.results.Verdict`, either per invocation (the transcript up
to each one) or once for the whole conversation (``scope="conversation"``). :func:`adk_metric`
wraps a metric as the function an eval config names in ``custom_metrics``::

    "custom_metrics": {"everyone_ate": {"code_config": {
        "name": "domains.dining.metrics.everyone_ate"}}}

The wrapper keeps ADK's contract: exactly one result per invocation, never raises into ADK,
threshold from ``criterion.threshold``, options from the criterion's extra keys (an unknown key is
a configuration error that fails the case and names the key), overall score = mean of
per-invocation scores, status = ``score >= threshold``, so ``adk eval`` and ``AgentEvaluator``
agree.

A metric with options of its own (a model judge's name, its number of samples) declares them as
a :class:`MetricOptions` subclass in ``Metric.options_model``; unknown keys are still rejected. A
model-judged metric sets ``Metric.judge_async``: :func:`adk_metric` then returns an async
function (ADK awaits it) that passes the criterion's options to the judge and records what the
judging cost (calls, tokens, seconds) in the details file.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from google.adk.evaluation.eval_case import ConversationScenario, Invocation
from google.adk.evaluation.eval_metrics import EvalMetric, EvalStatus
from google.adk.evaluation.evaluator import EvaluationResult, PerInvocationResult
from pydantic import BaseModel, ConfigDict, ValidationError

from checkers.details import default_details_dir, write_details
from checkers.errors import CheckersError, ConfigError
from checkers.results import AnswerProblem, Verdict
from checkers.scenario_ref import resolve_scenario_id
from checkers.transcript import Transcript, transcript_up_to, transcripts_up_to_each

log = logging.getLogger(__name__)

S = TypeVar("S")


@dataclass(frozen=True)
class BatchItem(Generic[S]):
    """One line of a batch file as its domain reads it: what to judge, and what to report."""

    scenario: str | S
    """A scenario id or path to load, or the scenario itself when the line carries it."""
    transcript: Transcript
    fields: dict[str, Any] = field(default_factory=dict)
    """Extra fields to print beside the verdict (e.g. a benchmark's task id)."""
    reference_passed: bool | None = None
    """Another judge's verdict on the same answer (e.g. a benchmark's official reward), if any;
    the command line reports how often the metric agrees with it."""
    label: str | None = None
    """Why the reference verdict may rightly differ from this metric's, when the data says so."""
    reference_metric: str | None = None
    """The metric the reference verdict is comparable with (None: any); another metric's verdict
    is printed beside it but not counted as agreeing or not."""


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

    def parse_answer(self, answer: str | None) -> Transcript:
        """The transcript of an answer given on the command line (``--answer``).

        The default reads it as the agent's final text. A domain whose answers are richer (a
        trajectory of tool calls) overrides this. Raises ConfigError for an unreadable answer.
        """
        return Transcript(final_text=answer)

    def batch_item(self, row: dict[str, Any]) -> BatchItem[S]:
        """Read one line of a batch file (already parsed JSON).

        The default reads ``{"id": ..., "scenario": "<id or path>", "answer": "<final text>"}``.
        Raises ConfigError naming what is wrong with the line.
        """
        if not isinstance(row.get("scenario"), str):
            raise ConfigError(
                'each line must be an object with a "scenario" id and an "answer" text'
            )
        answer = row.get("answer")
        if answer is not None and not isinstance(answer, str):
            raise ConfigError('"answer" must be the agent\'s final text (a string) or null')
        return BatchItem(scenario=row["scenario"], transcript=self.parse_answer(answer))


class MetricOptions(BaseModel):
    """Options a metric reads from the extra keys of its criterion in the eval config."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    details_dir: Path | None = None
    """Where details files go; default ``$CHECKERS_DETAILS_DIR`` or ``.checkers/details``."""
    write_details: bool = True
    """Set to false to skip writing details files."""


@dataclass(frozen=True)
class Judged:
    """A verdict and what producing it cost, as a model-judged metric returns it.

    ``usage`` holds figures such as ``{"judge": "gemini:gemini-2.5-flash", "calls": 3,
    "cached": 0, "input_tokens": 1200, "output_tokens": 90, "wall_seconds": 1.8}``; it goes into
    the details file, never into the verdict, so equal answers still get equal verdicts.
    """

    verdict: Verdict
    usage: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Metric(Generic[S]):
    """A named way of scoring a transcript in a scenario of one domain."""

    name: str
    domain: Domain[S]
    judge: Callable[[S, Transcript, float], Verdict]
    """Pure: ``(scenario, transcript, threshold) -> Verdict``; never raises on agent output."""
    default_threshold: float = 1.0
    description: str = ""
    scope: Literal["invocation", "conversation"] = "invocation"
    """``invocation``: each invocation is judged on the transcript up to it, and the case score
    is their mean. ``conversation``: the whole conversation is judged once (for requirements on
    where it ended up, such as "the order was cancelled"), and every invocation gets that
    verdict."""
    options_model: type[MetricOptions] = MetricOptions
    """The criterion keys this metric reads: :class:`MetricOptions` or a subclass adding the
    metric's own options (unknown keys are rejected either way)."""
    judge_async: Callable[[S, Transcript, float, Any], Awaitable[Judged]] | None = None
    """For model-judged metrics: ``(scenario, transcript, threshold, options) -> Judged``, with
    ``options`` an instance of ``options_model`` read from the criterion. When set,
    :func:`adk_metric` awaits it instead of calling ``judge`` (which stays the synchronous entry
    point of the command line, with default options)."""

    def judge_ref(
        self,
        scenario_ref: str,
        transcript: Transcript,
        threshold: float,
        load: Callable[[str], S] | None = None,
    ) -> Verdict:
        """Load the scenario by id (through ``load`` if given, e.g. a memo for one case) and
        judge; an unknown id becomes a failing verdict."""
        try:
            scenario = (load or self.domain.load_scenario)(scenario_ref)
        except CheckersError as error:
            return self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
        return self.judge(scenario, transcript, threshold)

    async def judge_ref_async(
        self, scenario_ref: str, transcript: Transcript, threshold: float, options: MetricOptions
    ) -> Judged:
        """Like :meth:`judge_ref`, through ``judge_async`` when the metric has one."""
        try:
            scenario = self.domain.load_scenario(scenario_ref)
        except CheckersError as error:
            problem = self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
            return Judged(problem)
        if self.judge_async is None:
            return Judged(self.judge(scenario, transcript, threshold))
        return await self.judge_async(scenario, transcript, threshold, options)

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


def read_options(
    eval_metric: EvalMetric, model: type[MetricOptions] = MetricOptions
) -> tuple[float | None, MetricOptions]:
    """The threshold and options (an instance of ``model``) a criterion carries.

    Raises ConfigError naming the bad key and the allowed ones for an unknown key or a bad value.
    """
    criterion = eval_metric.criterion
    if criterion is None:
        return None, model()
    extra = dict(criterion.model_extra or {})
    try:
        options = model.model_validate(extra)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or '?'}: {e['msg']}" for e in error.errors()
        )
        allowed = ", ".join(model.model_fields)
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
        for inv, v in zip(invocations, verdicts, strict=True)
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
    """One verdict per invocation, each judged on the transcript up to that invocation; for a
    conversation-scoped metric, the verdict on the whole conversation, once per invocation."""
    if metric.scope == "conversation" and invocations:
        whole = _judge_one(
            metric,
            invocations[-1],
            transcript_up_to(invocations, len(invocations) - 1),
            threshold,
            conversation_scenario,
        )
        return [whole] * len(invocations)
    # Every invocation of a case usually names the same scenario: read it once per case.
    load = cache(metric.domain.load_scenario)
    return [
        _judge_one(metric, invocation, transcript, threshold, conversation_scenario, load)
        for invocation, transcript in zip(
            invocations, transcripts_up_to_each(invocations), strict=True
        )
    ]


def _judge_one(
    metric: Metric[Any],
    invocation: Invocation,
    transcript: Transcript,
    threshold: float,
    conversation_scenario: ConversationScenario | None,
    load: Callable[[str], Any] | None = None,
) -> Verdict:
    """The verdict on ``transcript``, the conversation up to and including ``invocation``."""
    scenario_id = resolve_scenario_id(invocation, conversation_scenario)
    if isinstance(scenario_id, AnswerProblem):
        return metric.problem_verdict("?", threshold, scenario_id.code, scenario_id.message)
    return metric.judge_ref(scenario_id, transcript, threshold, load)


async def judge_invocations_async(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    threshold: float,
    options: MetricOptions,
    conversation_scenario: ConversationScenario | None = None,
) -> list[Judged]:
    """:func:`judge_invocations` for a model-judged metric: the invocations are judged
    concurrently (the judge bounds its own concurrent calls)."""
    if metric.scope == "conversation" and invocations:
        whole = await _judge_one_async(
            metric,
            invocations[-1],
            transcript_up_to(invocations, len(invocations) - 1),
            threshold,
            options,
            conversation_scenario,
        )
        return [whole] * len(invocations)
    return list(
        await asyncio.gather(
            *(
                _judge_one_async(
                    metric, invocation, transcript, threshold, options, conversation_scenario
                )
                for invocation, transcript in zip(
                    invocations, transcripts_up_to_each(invocations), strict=True
                )
            )
        )
    )


async def _judge_one_async(
    metric: Metric[Any],
    invocation: Invocation,
    transcript: Transcript,
    threshold: float,
    options: MetricOptions,
    conversation_scenario: ConversationScenario | None,
) -> Judged:
    scenario_id = resolve_scenario_id(invocation, conversation_scenario)
    if isinstance(scenario_id, AnswerProblem):
        return Judged(metric.problem_verdict("?", threshold, scenario_id.code, scenario_id.message))
    return await metric.judge_ref_async(scenario_id, transcript, threshold, options)


def total_usage(usages: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Usage figures added up key by key; text values (the judge's name) are kept when they
    agree and listed when they differ."""
    total: dict[str, Any] = {}
    for usage in usages:
        for key, value in usage.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                total[key] = total.get(key, 0) + value
            elif key not in total:
                total[key] = value
            elif total[key] != value:
                known = total[key] if isinstance(total[key], list) else [total[key]]
                total[key] = known if value in known else [*known, value]
    return total


def _finish(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    verdicts: Sequence[Verdict],
    threshold: float,
    options: MetricOptions,
    usage: Sequence[Mapping[str, Any]] = (),
) -> EvaluationResult:
    """The result ADK gets, after writing the details file when the options ask for it."""
    result = _result(invocations, verdicts, threshold)
    if not options.write_details:
        return result
    directory = options.details_dir or default_details_dir()
    overall: dict[str, Any] = {
        "threshold": threshold,
        "overall_score": result.overall_score,
        "overall_status": result.overall_eval_status.name,
    }
    if usage:
        overall["judge_usage"] = total_usage(usage)
    # A conversation-scoped verdict is the same for every invocation: write it once.
    written = verdicts[-1:] if metric.scope == "conversation" else verdicts
    try:
        path = write_details(directory, metric.name, written, overall)
        log.info("%s details: %s", metric.name, path)
    except OSError as error:
        log.error("%s: cannot write details into %s: %s", metric.name, directory, error)
    return result


def _criterion_settings(
    metric: Metric[Any], eval_metric: EvalMetric
) -> tuple[float, MetricOptions]:
    """The criterion's threshold (the metric's default when it has none) and options.

    Raises ConfigError naming a bad option.
    """
    threshold, options = read_options(eval_metric, metric.options_model)
    return (metric.default_threshold if threshold is None else threshold), options


def _crashed(
    invocations: Sequence[Invocation], metric: Metric[Any], error: Exception
) -> EvaluationResult:
    log.exception("%s crashed while judging", metric.name)
    message = f"internal error {type(error).__name__}: {error}"
    return _config_failure(invocations, metric, message)


def adk_metric(metric: Metric[Any]) -> Callable[..., Any]:
    """The ADK custom-metric function for ``metric`` (see the module docstring): synchronous,
    or async (returning an awaitable EvaluationResult) when the metric has ``judge_async``."""
    if metric.judge_async is not None:
        return _adk_metric_async(metric)

    def evaluate(
        eval_metric: EvalMetric,
        actual_invocations: list[Invocation],
        expected_invocations: list[Invocation] | None = None,
        conversation_scenario: ConversationScenario | None = None,
    ) -> EvaluationResult:
        try:
            threshold, options = _criterion_settings(metric, eval_metric)
            verdicts = judge_invocations(
                metric, actual_invocations, threshold, conversation_scenario
            )
        except ConfigError as error:
            return _config_failure(actual_invocations, metric, str(error))
        except Exception as error:  # a checker bug must not abort the whole eval run
            return _crashed(actual_invocations, metric, error)
        return _finish(metric, actual_invocations, verdicts, threshold, options)

    return _named(evaluate, metric)


def _adk_metric_async(metric: Metric[Any]) -> Callable[..., Awaitable[EvaluationResult]]:
    async def evaluate(
        eval_metric: EvalMetric,
        actual_invocations: list[Invocation],
        expected_invocations: list[Invocation] | None = None,
        conversation_scenario: ConversationScenario | None = None,
    ) -> EvaluationResult:
        try:
            threshold, options = _criterion_settings(metric, eval_metric)
            judged = await judge_invocations_async(
                metric, actual_invocations, threshold, options, conversation_scenario
            )
        except ConfigError as error:  # bad options, or a judge they cannot build
            return _config_failure(actual_invocations, metric, str(error))
        except Exception as error:  # a checker bug must not abort the whole eval run
            return _crashed(actual_invocations, metric, error)
        counted = judged[-1:] if metric.scope == "conversation" else judged
        return _finish(
            metric,
            actual_invocations,
            [j.verdict for j in judged],
            threshold,
            options,
            [j.usage for j in counted if j.usage],
        )

    return _named(evaluate, metric)


F = TypeVar("F", bound=Callable[..., Any])


def _named(evaluate: F, metric: Metric[Any]) -> F:
    evaluate.__name__ = metric.name
    evaluate.__qualname__ = metric.name
    evaluate.__doc__ = f"ADK custom metric {metric.name!r}: {metric.description}"
    return evaluate
