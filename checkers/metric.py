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

It fails closed. A threshold must be a finite number in (0, 1] (0 or less would pass anything);
any other is a configuration error that fails the case. Any exception while judging or writing
details becomes a FAILED result with reason code ``evaluator_error`` naming the exception, never
NOT_EVALUATED (ADK passes a case whose metric is NOT_EVALUATED). A case the metric could not
judge (no or unknown scenario, an evaluator error, a result the evaluator could not decide, or a
final answer with problems) FAILS at every threshold and reports 0.0 on every invocation, so
that ``AgentEvaluator``, which recomputes the verdict from per-invocation scores, agrees; the
details file keeps every verdict as judged.

A metric with options of its own (a model judge's name, its number of samples) declares them as
a :class:`MetricOptions` subclass in ``Metric.options_model``; unknown keys are still rejected. A
model-judged metric sets ``Metric.judge_async``: :func:`adk_metric` then returns an async
function (ADK awaits it) that passes the criterion's options to the judge and records what the
judging cost (calls, tokens, seconds) in the details file.
"""

from __future__ import annotations

import asyncio
import logging
import math
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
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from checkers.details import default_details_dir, write_details
from checkers.errors import CheckersError, ConfigError
from checkers.results import AnswerProblem, Verdict
from checkers.scenario_ref import resolve_case_scenario_id
from checkers.text import without_surrogates
from checkers.transcript import (
    Transcript,
    Turn,
    transcript_up_to,
    transcripts_up_to_each,
    turn_of,
)

log = logging.getLogger(__name__)

EVALUATOR_ERROR = "evaluator_error"
"""Reason code of a verdict whose judging raised: the case fails, with the exception named."""
CASE_LEVEL_PROBLEMS = frozenset(
    {
        "config_error",
        EVALUATOR_ERROR,
        "no_scenario",
        "empty_scenario_id",
        "scenario_conflict",
        "unknown_scenario",
    }
)
"""Answer-problem codes that make a whole case unjudgeable, whichever invocation has them."""


def describe(error: BaseException, limit: int = 500) -> str:
    """``"<ExceptionClass>: <message>"`` for a reason, bounded and always printable."""
    try:
        message = str(error)
    except Exception:  # a hostile __str__
        message = "<message could not be read>"
    if len(message) > limit:
        message = message[:limit] + f"... ({len(message):,} characters)"
    return without_surrogates(
        f"the evaluator raised {type(error).__name__}: {message}; the case fails until the "
        "cause is fixed (see the log for the traceback)"
    )


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
    subject_noun: str = "subject"
    """What the domain's subjects are, singular, for people ("guest", "participant"); the core
    says only "satisfied" or "not satisfied" of them."""

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
    """Options a metric reads from the extra keys of its criterion in the eval config.

    Numbers and switches are taken as JSON gives them, never coerced (``true`` is not 1, ``"no"``
    is not false): a typo in a config is an error naming the key, not a silent change of what is
    judged."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    details_dir: Path | None = None
    """Where details files go; default ``$CHECKERS_DETAILS_DIR`` or ``.checkers/details``."""
    write_details: bool = Field(default=True, strict=True)
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
    judge_each: Callable[[S, Sequence[Turn], float], list[Verdict]] | None = None
    """Optional, for ``scope="invocation"``: ``(scenario, turns, threshold) ->`` the verdict on
    each prefix ``turns[:i + 1]``, the same as ``judge`` on that prefix's transcript. A metric
    that can share work between prefixes sets it, so that judging a conversation takes time
    linear in its length rather than quadratic; :func:`judge_invocations` uses it when set."""

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
        except (CheckersError, ValueError, OSError) as error:  # ValueError: a NUL byte, say
            return self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
        except Exception as error:  # fail closed: see evaluator_error
            return self.evaluator_error(scenario_ref, threshold, error)
        try:
            return self.judge(scenario, transcript, threshold)
        except Exception as error:
            return self.evaluator_error(scenario_ref, threshold, error)

    def judge_each_ref(
        self,
        scenario_ref: str,
        turns: Sequence[Turn],
        threshold: float,
        load: Callable[[str], S] | None = None,
    ) -> list[Verdict]:
        """:meth:`judge_ref` on every prefix of ``turns`` at once, through ``judge_each``: one
        verdict per turn. A problem loading the scenario, an exception, or a verdict count that
        is not one per turn gives every turn the failing verdict that says so."""
        if self.judge_each is None:
            raise TypeError(f"metric {self.name!r} has no judge_each")
        try:
            scenario = (load or self.domain.load_scenario)(scenario_ref)
        except (CheckersError, ValueError, OSError) as error:
            problem = self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
            return [problem] * len(turns)
        except Exception as error:
            return [self.evaluator_error(scenario_ref, threshold, error)] * len(turns)
        try:
            verdicts = self.judge_each(scenario, turns, threshold)
            if len(verdicts) != len(turns):
                raise RuntimeError(
                    f"judge_each gave {len(verdicts)} verdicts for {len(turns)} turns"
                )
        except Exception as error:
            return [self.evaluator_error(scenario_ref, threshold, error)] * len(turns)
        return list(verdicts)

    async def judge_ref_async(
        self, scenario_ref: str, transcript: Transcript, threshold: float, options: MetricOptions
    ) -> Judged:
        """Like :meth:`judge_ref`, through ``judge_async`` when the metric has one."""
        try:
            scenario = self.domain.load_scenario(scenario_ref)
        except (CheckersError, ValueError, OSError) as error:
            problem = self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
            return Judged(problem)
        except Exception as error:
            return Judged(self.evaluator_error(scenario_ref, threshold, error))
        try:
            if self.judge_async is None:
                return Judged(self.judge(scenario, transcript, threshold))
            return await self.judge_async(scenario, transcript, threshold, options)
        except ConfigError:  # bad judge options: the adapter reports them as configuration
            raise
        except Exception as error:
            return Judged(self.evaluator_error(scenario_ref, threshold, error))

    def problem_verdict(self, scenario_id: str, threshold: float, code: str, msg: str) -> Verdict:
        """A failing verdict for a case that could not be judged at all."""
        return Verdict(
            domain=self.domain.name,
            metric=self.name,
            scenario_id=without_surrogates(scenario_id),
            threshold=threshold,
            subjects=(),
            problems=(AnswerProblem(code=code, message=without_surrogates(msg)),),
        )

    def evaluator_error(self, scenario_id: str, threshold: float, error: BaseException) -> Verdict:
        """The failing verdict for an exception raised while judging (reason ``evaluator_error``,
        naming the exception): the evaluator fails closed, never passes what it could not judge.
        """
        log.error("%s raised while judging %r", self.name, scenario_id, exc_info=error)
        return self.problem_verdict(scenario_id, threshold, EVALUATOR_ERROR, describe(error))


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


def unjudgeable(verdicts: Sequence[Verdict]) -> bool:
    """True when the case as a whole could not be judged (see the module docstring): a
    case-level problem or an unscored result in any verdict, or problems in the last one."""
    if not verdicts:
        return True
    if any(v.unscored or {p.code for p in v.problems} & CASE_LEVEL_PROBLEMS for v in verdicts):
        return True
    return bool(verdicts[-1].problems)


def _reported_score(verdict: Verdict, closed: bool) -> float:
    # A score ADK sees must agree with the status beside it: AgentEvaluator infers a metric's
    # direction from (score, status) pairs and recomputes the verdict from the scores.
    if closed or (not verdict.passed and verdict.score >= verdict.threshold):
        return 0.0
    return verdict.score


def _result(
    invocations: Sequence[Invocation], verdicts: Sequence[Verdict], threshold: float
) -> EvaluationResult:
    closed = unjudgeable(verdicts)
    scores = [_reported_score(v, closed) for v in verdicts]
    per_invocation = [
        PerInvocationResult(actual_invocation=inv, score=score, eval_status=_status(v.passed))
        for inv, v, score in zip(invocations, verdicts, scores, strict=True)
    ]
    if not per_invocation:
        # Nothing to judge is not a pass: ADK would count NOT_EVALUATED as one.
        return EvaluationResult(overall_score=0.0, overall_eval_status=EvalStatus.FAILED)
    overall = statistics.fmean(scores)
    return EvaluationResult(
        overall_score=overall,
        overall_eval_status=_status(not closed and overall >= threshold),
        per_invocation_results=per_invocation,
    )


def _config_failure(
    invocations: Sequence[Invocation],
    metric: Metric[Any],
    message: str,
    code: str = "config_error",
    options: MetricOptions | None = None,
) -> EvaluationResult:
    """The FAILED result of a case that could not be judged at all, with ``code`` and
    ``message`` in its details file (written when ``options`` allow; default options when the
    criterion's own could not be read)."""
    log.error("%s: %s", metric.name, message)
    verdicts = [metric.problem_verdict("?", 1.0, code, message) for _ in invocations]
    return _finish(metric, invocations, verdicts, 1.0, options or MetricOptions())


def judge_invocations(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    threshold: float,
    conversation_scenario: ConversationScenario | None = None,
) -> list[Verdict]:
    """One verdict per invocation, each judged on the transcript up to that invocation; for a
    conversation-scoped metric, the verdict on the whole conversation, once per invocation."""
    scenario_id = resolve_case_scenario_id(invocations, conversation_scenario)
    if isinstance(scenario_id, AnswerProblem):
        problem = metric.problem_verdict("?", threshold, scenario_id.code, scenario_id.message)
        return [problem] * len(invocations)
    if metric.scope == "conversation" and invocations:
        whole = metric.judge_ref(
            scenario_id, transcript_up_to(invocations, len(invocations) - 1), threshold
        )
        return [whole] * len(invocations)
    # Every invocation of a case names the same scenario: read it once per case.
    load = cache(metric.domain.load_scenario)
    if metric.judge_each is not None:
        turns = [turn_of(invocation) for invocation in invocations]
        return metric.judge_each_ref(scenario_id, turns, threshold, load)
    return [
        metric.judge_ref(scenario_id, transcript, threshold, load)
        for transcript in transcripts_up_to_each(invocations)
    ]


async def judge_invocations_async(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    threshold: float,
    options: MetricOptions,
    conversation_scenario: ConversationScenario | None = None,
) -> list[Judged]:
    """:func:`judge_invocations` for a model-judged metric: the invocations are judged
    concurrently (the judge bounds its own concurrent calls)."""
    scenario_id = resolve_case_scenario_id(invocations, conversation_scenario)
    if isinstance(scenario_id, AnswerProblem):
        problem = metric.problem_verdict("?", threshold, scenario_id.code, scenario_id.message)
        return [Judged(problem)] * len(invocations)
    if metric.scope == "conversation" and invocations:
        whole = await metric.judge_ref_async(
            scenario_id, transcript_up_to(invocations, len(invocations) - 1), threshold, options
        )
        return [whole] * len(invocations)
    return list(
        await asyncio.gather(
            *(
                metric.judge_ref_async(scenario_id, transcript, threshold, options)
                for transcript in transcripts_up_to_each(invocations)
            )
        )
    )


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
        path = write_details(directory, metric.name, written, overall, metric.domain.subject_noun)
        log.info("%s details: %s", metric.name, path)
    except Exception as error:
        # Fail closed: a verdict nobody can read back is not evidence of a pass.
        log.error("%s: cannot write details into %s: %s", metric.name, directory, error)
        message = (
            f"cannot write the details file into {str(directory)!r}: {describe(error)}; free "
            "space or fix the directory (criterion option details_dir), or set write_details "
            "to false"
        )
        failed = [
            metric.problem_verdict("?", threshold, EVALUATOR_ERROR, message) for _ in verdicts
        ]
        return _result(invocations, failed, threshold)
    return result


def _criterion_settings(
    metric: Metric[Any], eval_metric: EvalMetric
) -> tuple[float, MetricOptions]:
    """The criterion's threshold (the metric's default when it has none) and options.

    Raises ConfigError naming a bad option.
    """
    threshold, options = read_options(eval_metric, metric.options_model)
    return (metric.default_threshold if threshold is None else threshold), options


def check_threshold(threshold: object, where: str) -> float:
    """``threshold`` if it is a finite number in (0, 1]; else ConfigError naming ``where``.

    0 or less would pass every answer, even one that could not be judged; above 1 nothing
    could pass; NaN compares false with everything.
    """
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, (int, float))
        or not math.isfinite(threshold)
        or not 0 < threshold <= 1
    ):
        raise ConfigError(
            f"{where}: threshold {threshold!r} must be a finite number greater than 0 and at "
            "most 1 (the share of subjects that must be satisfied), e.g. 1.0"
        )
    return float(threshold)


def _crashed(
    invocations: Sequence[Invocation],
    metric: Metric[Any],
    error: Exception,
    options: MetricOptions | None,
) -> EvaluationResult:
    log.exception("%s crashed while judging", metric.name)
    return _config_failure(invocations, metric, describe(error), EVALUATOR_ERROR, options)


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
        options: MetricOptions | None = None
        try:
            threshold, options = _criterion_settings(metric, eval_metric)
            check_threshold(threshold, f"criterion of metric {eval_metric.metric_name!r}")
            verdicts = judge_invocations(
                metric, actual_invocations, threshold, conversation_scenario
            )
            return _finish(metric, actual_invocations, verdicts, threshold, options)
        except ConfigError as error:
            return _config_failure(actual_invocations, metric, str(error), options=options)
        except Exception as error:  # a checker bug must not abort the run, nor pass the case
            return _crashed(actual_invocations, metric, error, options)

    return _named(evaluate, metric)


def _adk_metric_async(metric: Metric[Any]) -> Callable[..., Awaitable[EvaluationResult]]:
    async def evaluate(
        eval_metric: EvalMetric,
        actual_invocations: list[Invocation],
        expected_invocations: list[Invocation] | None = None,
        conversation_scenario: ConversationScenario | None = None,
    ) -> EvaluationResult:
        options: MetricOptions | None = None
        try:
            threshold, options = _criterion_settings(metric, eval_metric)
            check_threshold(threshold, f"criterion of metric {eval_metric.metric_name!r}")
            judged = await judge_invocations_async(
                metric, actual_invocations, threshold, options, conversation_scenario
            )
            counted = judged[-1:] if metric.scope == "conversation" else judged
            return _finish(
                metric,
                actual_invocations,
                [j.verdict for j in judged],
                threshold,
                options,
                [j.usage for j in counted if j.usage],
            )
        except ConfigError as error:  # bad options, or a judge they cannot build
            return _config_failure(actual_invocations, metric, str(error), options=options)
        except Exception as error:  # a checker bug must not abort the run, nor pass the case
            return _crashed(actual_invocations, metric, error, options)

    return _named(evaluate, metric)


F = TypeVar("F", bound=Callable[..., Any])


def _named(evaluate: F, metric: Metric[Any]) -> F:
    evaluate.__name__ = metric.name
    evaluate.__qualname__ = metric.name
    evaluate.__doc__ = f"ADK custom metric {metric.name!r}: {metric.description}"
    return evaluate
