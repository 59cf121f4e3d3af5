"""A :class:`~checkers.metric.Metric` as an ADK custom metric: the function an eval config names.

:func:`adk_metric` wraps a metric as the function an eval config names in ``custom_metrics``::

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
NOT_EVALUATED (ADK passes a case whose metric is NOT_EVALUATED); so does a case whose
``actual_invocations`` are not the list of invocations ADK's contract promises (None, a text, an
item that is no Invocation), and one whose FAILED result could not be built as usual (it then
gets a bare FAILED result). A case the metric could not
judge (:func:`checkers.metric.unjudgeable`) FAILS at every threshold and reports 0.0 on every
invocation, so that ``AgentEvaluator``, which recomputes the verdict from per-invocation scores,
agrees; the details file keeps every verdict as judged.

A case that turns on unscored results (the evaluator could not decide, and the case would pass if
they were met: :func:`checkers.metric.turns_on_unscored`) FAILS like any case the metric could
not judge, unless the criterion says ``"unscored": "not_evaluated"``. Then the metric reports
NOT_EVALUATED with no score on any invocation: ``adk eval`` counts the case as passed when another
metric passes it (as it does for any NOT_EVALUATED metric), while ``AgentEvaluator``, which means
the scores that are not None, has none and fails the metric as "not evaluated" (a score left on
the invocations that were scored would have let their mean pass it). The details file says which
happened (``"unscored": "failed"`` or ``"not_evaluated"``) and why (``unscored_reason``).

A model-judged metric (``Metric.judge_async`` set) makes :func:`adk_metric` return an async
function (ADK awaits it) that passes the criterion's options to the judge and records what the
judging cost (calls, tokens, seconds) in the details file. The whole judging of a case is
bounded by the criterion's ``case_timeout_s`` (:data:`checkers.metric.CASE_TIMEOUT_S` seconds by
default; 0 or less, NaN, an infinity or a text is a configuration error): a judge that hangs is
stopped there and the case is unscored with reason code ``judge_timeout``, so it FAILS (or is
NOT_EVALUATED under ``"unscored": "not_evaluated"``) with that reason in its details file,
rather than holding ``adk eval`` forever. Only a request to stop from outside (the evaluation's
task cancelled, a KeyboardInterrupt) still goes on up.

Each result ADK gets is also reported to the process's monitor (:mod:`checkers.monitoring`): an
OpenTelemetry ``gen_ai.evaluation.result`` event when a logger provider is configured or the
evaluation runs in a recording span, and Prometheus metrics in the file
``CHECKERS_PROMETHEUS_TEXTFILE`` names, when set. Reporting never raises nor changes the result.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any, TypeVar, cast

from google.adk.evaluation.eval_case import ConversationScenario, Invocation
from google.adk.evaluation.eval_metrics import EvalMetric, EvalStatus
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvaluationResult, PerInvocationResult
from pydantic import ValidationError

from checkers.adk.invocations import case_turns, resolve_case_scenario_id
from checkers.details import default_details_dir, write_details
from checkers.errors import ConfigError
from checkers.frozen import unvalidated
from checkers.metric import (
    EVALUATOR_ERROR,
    Judged,
    Metric,
    MetricOptions,
    case_score,
    check_threshold,
    describe,
    error_text,
    judge_turns,
    judge_turns_async,
    judging_failed,
    total_usage,
    turns_on_unscored,
    unscored_reason,
)
from checkers.monitoring import observe_case
from checkers.reasons import ReasonEntry, overall_entries, reason_entries
from checkers.results import Verdict

log = logging.getLogger(__name__)


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


def judge_invocations(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    threshold: float,
    conversation_scenario: ConversationScenario | None = None,
) -> list[Verdict]:
    """One verdict per invocation, each judged on the transcript up to that invocation; for a
    conversation-scoped metric, the verdict on the whole conversation, once per invocation
    (:func:`checkers.metric.judge_turns` on the case's turns, in the scenario it names). A case
    with a turn ending in two different final replies gets the failing verdict that says so on
    every invocation (:func:`checkers.adk.invocations.case_turns`)."""
    turns, problem = case_turns(invocations)
    scenario_id = problem or resolve_case_scenario_id(invocations, conversation_scenario)
    return judge_turns(metric, scenario_id, turns, threshold)


async def judge_invocations_async(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    threshold: float,
    options: MetricOptions,
    conversation_scenario: ConversationScenario | None = None,
) -> list[Judged]:
    """:func:`judge_invocations` for a model-judged metric, with the criterion's ``options``
    (:func:`checkers.metric.judge_turns_async`: the invocations are judged concurrently, all
    within ``options.case_timeout_s``)."""
    turns, problem = case_turns(invocations)
    scenario_id = problem or resolve_case_scenario_id(invocations, conversation_scenario)
    return await judge_turns_async(metric, scenario_id, turns, threshold, options)


def _status(passed: bool) -> EvalStatus:
    return EvalStatus.PASSED if passed else EvalStatus.FAILED


_RUBRIC_FIELDS = ("rubric_id", "rationale", "score")
_RUBRIC_SAMPLE = {"rubric_id": " Ana/diet ", "rationale": " fail (x): y ", "score": 0.0}
_RUBRIC_UNCHANGED = (
    tuple(RubricScore.model_fields) == _RUBRIC_FIELDS
    and RubricScore(**_RUBRIC_SAMPLE).__dict__
    == unvalidated(RubricScore, dict(_RUBRIC_SAMPLE), set(_RUBRIC_FIELDS)).__dict__
)
"""Whether ADK's RubricScore still has exactly the fields this module knows, and validating
keeps a sample's values as they are: only then are its instances built without validation
(:func:`_rubric_score`)."""


def _rubric_score(entry: ReasonEntry) -> RubricScore:
    """``RubricScore(rubric_id=..., rationale=..., score=...)`` of ``entry``, equal to it in
    every way, without validation when the values are of the fields' exact types (a text id and
    rationale, a float or no score, as entries hold them): a case builds several per invocation.
    Validated otherwise, or when ADK's model has changed."""
    rubric_id, rationale, score = entry.rubric_id, entry.rationale, entry.score
    if (
        _RUBRIC_UNCHANGED
        and type(rubric_id) is str
        and type(rationale) is str
        and (score is None or type(score) is float)
    ):
        values = {"rubric_id": rubric_id, "rationale": rationale, "score": score}
        # The set of _RUBRIC_FIELDS written out: a literal costs less than set(tuple).
        return unvalidated(RubricScore, values, {"rubric_id", "rationale", "score"})
    return RubricScore(rubric_id=rubric_id, rationale=rationale, score=score)


def _rubric_scores(entries: Sequence[ReasonEntry]) -> list[RubricScore]:
    return [_rubric_score(e) for e in entries]


def _result(
    invocations: Sequence[Invocation],
    verdicts: Sequence[Verdict],
    threshold: float,
    not_evaluated: bool = False,
    noun: str = "subject",
) -> EvaluationResult:
    """ADK's result: NOT_EVALUATED with no scores when ``not_evaluated`` (a case that turns on
    unscored results, under the criterion option), else scores and statuses (see the module
    docstring). Either way each invocation's reasons ride along as its rubric scores, and the
    case's as the overall ones (:mod:`checkers.reasons`), so ADK's own output says who was not
    satisfied and why."""
    if not invocations:
        # Nothing to judge is not a pass: ADK would count NOT_EVALUATED as one.
        return EvaluationResult(overall_score=0.0, overall_eval_status=EvalStatus.FAILED)
    reasons = [reason_entries(v, noun) for v in verdicts]
    overall_reasons = _rubric_scores(overall_entries(reasons))
    if not_evaluated:
        # No score anywhere: ``AgentEvaluator`` means only the scores that are not None, so a
        # score left on any invocation could pass the case on the others.
        return EvaluationResult(
            overall_score=None,
            overall_eval_status=EvalStatus.NOT_EVALUATED,
            per_invocation_results=[
                PerInvocationResult(
                    actual_invocation=inv,
                    score=None,
                    eval_status=EvalStatus.NOT_EVALUATED,
                    rubric_scores=_rubric_scores(entries),
                )
                for inv, entries in zip(invocations, reasons, strict=True)
            ],
            overall_rubric_scores=overall_reasons,
        )
    score = case_score(verdicts, threshold)
    per_invocation = [
        PerInvocationResult(
            actual_invocation=inv,
            score=one,
            eval_status=_status(v.passed),
            rubric_scores=_rubric_scores(entries),
        )
        for inv, v, one, entries in zip(invocations, verdicts, score.scores, reasons, strict=True)
    ]
    return EvaluationResult(
        overall_score=score.overall,
        overall_eval_status=_status(score.passed),
        per_invocation_results=per_invocation,
        overall_rubric_scores=overall_reasons,
    )


def _unscored_figures(verdicts: Sequence[Verdict], options: MetricOptions) -> dict[str, Any]:
    """What the details file says of a case that turns on unscored results: how it was
    reported (``failed`` as unscored, or ``not_evaluated``) and why."""
    reported = "not_evaluated" if options.unscored == "not_evaluated" else "failed"
    return {"unscored": reported, "unscored_reason": unscored_reason(verdicts)}


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


def _finish(
    metric: Metric[Any],
    invocations: Sequence[Invocation],
    verdicts: Sequence[Verdict],
    threshold: float,
    options: MetricOptions,
    usage: Sequence[Mapping[str, Any]] = (),
) -> EvaluationResult:
    """The result ADK gets, after writing the details file when the options ask for it."""
    turns = turns_on_unscored(verdicts, threshold)
    noun = metric.domain.subject_noun
    result = _result(invocations, verdicts, threshold, turns and options.unscored != "fail", noun)
    unscored = _unscored_figures(verdicts, options) if turns else {}
    if unscored:
        log.warning(
            "%s: case %s as unscored: %s",
            metric.name,
            unscored["unscored"],
            unscored["unscored_reason"],
        )
    judge_usage = total_usage(usage) if usage else {}
    if not options.write_details:
        return _observed(metric, verdicts, result, judge_usage)
    directory = options.details_dir or default_details_dir()
    overall: dict[str, Any] = {
        "threshold": threshold,
        "overall_score": result.overall_score,
        "overall_status": result.overall_eval_status.name,
        **unscored,
    }
    if judge_usage:
        overall["judge_usage"] = judge_usage
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
        failed_result = _result(invocations, failed, threshold, noun=noun)
        return _observed(metric, failed, failed_result, judge_usage)
    return _observed(metric, verdicts, result, judge_usage)


def _observed(
    metric: Metric[Any],
    verdicts: Sequence[Verdict],
    result: EvaluationResult,
    usage: Mapping[str, Any],
) -> EvaluationResult:
    """``result``, after reporting it to the process's monitor (OpenTelemetry events, and
    Prometheus metrics when configured: :mod:`checkers.monitoring`), which never raises nor
    changes it."""
    score = result.overall_score if result.overall_score is not None else 0.0
    passed = result.overall_eval_status is EvalStatus.PASSED
    observe_case(metric, verdicts, score, passed, usage)
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
    invocations: Sequence[Invocation],
    metric: Metric[Any],
    error: BaseException,
    options: MetricOptions | None,
) -> EvaluationResult:
    log.exception("%s crashed while judging", metric.name)
    return _config_failure(invocations, metric, describe(error), EVALUATOR_ERROR, options)


def adk_metric(metric: Metric[Any]) -> Callable[..., Any]:
    """The ADK custom-metric function for ``metric`` (see the module docstring): async (ADK
    awaits it) when the metric has ``judge_async``, else synchronous. Both run the one path,
    :func:`_evaluate`; the synchronous function runs it to the end at once, since judging
    without ``judge_async`` never waits."""
    if metric.judge_async is not None:

        async def evaluate_async(
            eval_metric: EvalMetric,
            actual_invocations: list[Invocation],
            expected_invocations: list[Invocation] | None = None,
            conversation_scenario: ConversationScenario | None = None,
        ) -> EvaluationResult:
            return await _evaluate(metric, eval_metric, actual_invocations, conversation_scenario)

        return _named(evaluate_async, metric)

    def evaluate(
        eval_metric: EvalMetric,
        actual_invocations: list[Invocation],
        expected_invocations: list[Invocation] | None = None,
        conversation_scenario: ConversationScenario | None = None,
    ) -> EvaluationResult:
        return _run_now(_evaluate(metric, eval_metric, actual_invocations, conversation_scenario))

    return _named(evaluate, metric)


async def _evaluate(
    metric: Metric[Any],
    eval_metric: EvalMetric,
    invocations: object,
    conversation_scenario: ConversationScenario | None,
) -> EvaluationResult:
    """The result ADK gets for one case (:func:`_judged_case`); never raises, not even when
    building the FAILED result of a case that could not be judged raises in turn: the case then
    gets a bare FAILED result, with no score and no per-invocation results. Only a request to
    stop goes on up (:func:`checkers.metric.judging_failed`)."""
    try:
        return await _judged_case(metric, eval_metric, invocations, conversation_scenario)
    except BaseException as error:
        if not judging_failed(error):
            raise
        log.error("%s: the case FAILED unjudged: %s", metric.name, error_text(error))
        return EvaluationResult(overall_score=0.0, overall_eval_status=EvalStatus.FAILED)


def _adk_invocations(invocations: object) -> list[Invocation] | None:
    """``invocations`` as a list when they are what ADK's contract gives a custom metric (a list,
    or a tuple, of Invocation), else None: nothing else can be judged, nor carry a result."""
    if not isinstance(invocations, (list, tuple)):
        return None
    if not all(isinstance(one, Invocation) for one in invocations):
        return None
    return list(invocations)


def _not_invocations(metric: Metric[Any], invocations: object) -> EvaluationResult:
    """The FAILED result of a case whose ``actual_invocations`` are no list of invocations
    (:func:`_adk_invocations`): no per-invocation result (there is no invocation to hold one),
    and a details file saying what was given."""
    given = type(invocations).__name__
    if isinstance(invocations, (list, tuple)):
        kinds = sorted({type(one).__name__ for one in invocations})
        given = f"{given} of {', '.join(kinds)}"
    message = (
        f"ADK gave the metric {given} as the actual invocations, not a list of Invocation: "
        "nothing could be judged, so the case fails"
    )
    log.error("%s: %s", metric.name, message)
    problem = metric.problem_verdict("?", 1.0, EVALUATOR_ERROR, message)
    return _finish(metric, [], [problem], 1.0, MetricOptions())


async def _judged_case(
    metric: Metric[Any],
    eval_metric: EvalMetric,
    given: object,
    conversation_scenario: ConversationScenario | None,
) -> EvaluationResult:
    """The result ADK gets for one case: criterion read, invocations judged, details written;
    a case that cannot be judged (a bad criterion, a checker that raised, invocations that are
    not ADK's) FAILS with the reason."""
    invocations = _adk_invocations(given)
    if invocations is None:
        return _not_invocations(metric, given)
    options: MetricOptions | None = None
    try:
        threshold, options = _criterion_settings(metric, eval_metric)
        check_threshold(threshold, f"criterion of metric {eval_metric.metric_name!r}")
        if metric.judge_async is None:
            verdicts = judge_invocations(metric, invocations, threshold, conversation_scenario)
            return _finish(metric, invocations, verdicts, threshold, options)
        judged = await judge_invocations_async(
            metric, invocations, threshold, options, conversation_scenario
        )
        counted = judged[-1:] if metric.scope == "conversation" else judged
        usage = [j.usage for j in counted if j.usage]
        verdicts = [j.verdict for j in judged]
        return _finish(metric, invocations, verdicts, threshold, options, usage)
    except ConfigError as error:  # bad options, or a judge they cannot build
        return _config_failure(invocations, metric, str(error), options=options)
    except BaseException as error:  # a checker bug must not abort the run, nor pass the case
        if not judging_failed(error):
            raise
        return _crashed(invocations, metric, error, options)


T = TypeVar("T")


def _run_now(coroutine: Coroutine[Any, Any, T]) -> T:
    """The value of a coroutine that never waits (a metric without ``judge_async``), with no
    event loop: ADK may call the synchronous function from inside its own loop."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coroutine.close()
    raise RuntimeError("the synchronous metric path waited on something")


F = TypeVar("F", bound=Callable[..., Any])


def _named(evaluate: F, metric: Metric[Any]) -> F:
    # The criterion keys it reads, so that an eval config is checked before anything runs
    # (checkers.adk.eval_checks.load_eval_config).
    evaluate.options_model = metric.options_model  # type: ignore[attr-defined]
    evaluate.__name__ = metric.name
    evaluate.__qualname__ = metric.name
    evaluate.__doc__ = f"ADK custom metric {metric.name!r}: {metric.description}"
    return evaluate
