"""A judge that hangs is bounded per case: the case is unscored (``judge_timeout``), never a wait
without end.

The whole judging of a case by a metric with an async judge (``Metric.judge_async``) is bounded
by the criterion option ``case_timeout_s`` (:data:`checkers.metric.CASE_TIMEOUT_S` by default):
through the ADK adapter (and so ``adk eval`` and the pytest gate) and through ``checkers score``
(a session's judging, with the metric's default options). On expiry the case is unscored with
reason code ``judge_timeout`` and a reason naming the bound: the ADK case FAILS (NOT_EVALUATED
under ``"unscored": "not_evaluated"``) and its details say so; a score run writes the session's
unscored verdict (sessions in = verdicts out + dead letters). A bound that is no finite number
greater than 0 is a configuration error naming the option and the fix. A request to stop from
outside (the task cancelled, a KeyboardInterrupt) still goes on up.

Each test that waits on a hanging judge is guarded (:data:`GUARD_S`): on code without the bound
it fails as hung instead of holding the suite forever.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import math
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from google.adk.evaluation.eval_metrics import EvalStatus
from google.adk.evaluation.evaluator import EvaluationResult
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.adk.custom_metric import adk_metric, read_options
from checkers.adk.eval_checks import load_eval_config
from checkers.errors import ConfigError
from checkers.meta import meta_settings
from checkers.metric import MIN_NOT_EVALUATED_BOUND_S, Judged, Metric, MetricOptions
from checkers.rubric.aggregate import UNSCORED_CODES
from checkers.rubric.judge import Judge, JudgeReply, JudgeRequest
from checkers.rubric.metric import rubric_metric
from checkers.rubric.run import run_sync
from checkers.score import ScoreSummary, score_sessions
from domains.dining import metrics as dining_metrics
from tests.adk_helpers import eval_metric, invocation
from tests.test_core_fail_closed_classes import EVERYONE, FEEDS_BOTH
from tests.test_review_probes_core_1206 import (
    HALF,
    _session,
    _Sink,
    offline,  # noqa: F401 (an autouse fixture: imported, it runs here too)
)
from tests.test_rubric_metric import POLITE, Desk, tone_task

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

T = TypeVar("T")

TINY_BOUND_S = 0.05
GUARD_S = 20.0
"""Seconds a test waits on a metric before calling it hung (a bound of 0.05 s ends it long
before)."""
SLACK_S = 5.0
"""Most seconds a case bounded at ``b`` may take past ``b`` (the cancelled judging's grace of a
second, and a loaded machine)."""
SETTINGS = settings(
    meta_settings("ci"),
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


async def _hangs(*_: object) -> Judged:
    """An async judge that never answers (it does honour a cancellation)."""
    await asyncio.sleep(3600)
    raise AssertionError("not reached")


def _answers_at_once(metric: Metric[Any]) -> Callable[..., Awaitable[Judged]]:
    """An async judge giving ``metric``'s own verdict without waiting."""

    async def judge(scenario: Any, transcript: Any, threshold: float, _: Any) -> Judged:
        return Judged(metric.judge(scenario, transcript, threshold), {"calls": 1})

    return judge


def _with_async_judge(
    judge_async: Callable[..., Awaitable[Judged]],
    options_model: type[MetricOptions] = MetricOptions,
) -> Metric[Any]:
    """``everyone_ate`` judged by ``judge_async``, whose synchronous entry point runs it to the
    end, as a rubric metric's does (what ``checkers score`` called before the bound)."""
    real = dining_metrics.EVERYONE_ATE

    def judge(scenario: Any, transcript: Any, threshold: float) -> Any:
        return run_sync(judge_async(scenario, transcript, threshold, options_model())).verdict

    return dataclasses.replace(
        real, judge=judge, judge_async=judge_async, options_model=options_model
    )


class _TinyBound(MetricOptions):
    """Options whose default bound is tiny: ``checkers score`` judges with default options."""

    case_timeout_s: float = TINY_BOUND_S


def _guarded(awaitable: Awaitable[T]) -> T:
    """``awaitable``'s value, failing the test if it takes longer than :data:`GUARD_S`."""

    async def run() -> T:
        try:
            return await asyncio.wait_for(awaitable, GUARD_S)
        except (asyncio.TimeoutError, TimeoutError):  # the same class from Python 3.11
            pytest.fail(f"the metric hung: no result within {GUARD_S:g} s")

    return asyncio.run(run())


def _evaluate(metric: Metric[Any], ref: str, invocations: int = 2, **options: Any) -> Any:
    invs = [invocation(FEEDS_BOTH, scenario_rubric=ref)] * invocations
    return _guarded(adk_metric(metric)(eval_metric(1.0, **options), invs, None, None))


def _timed_out(result: EvaluationResult, seconds: float) -> None:
    """``result`` is a case unscored because its judging outlasted ``seconds``."""
    reasons = [r.rationale for r in result.overall_rubric_scores or []]
    assert any("judge_timeout" in r and f"case_timeout_s = {seconds:g} s" in r for r in reasons)


def _scored_in_thread(metric: Metric[Any], sessions: list[Any]) -> tuple[ScoreSummary, _Sink]:
    """``score_sessions`` on ``sessions``, failing the test if it has not ended within
    :data:`GUARD_S` (the thread of a run that hung is left behind, a daemon)."""
    sink = _Sink()
    outcome: list[ScoreSummary] = []
    worker = threading.Thread(
        target=lambda: outcome.append(score_sessions([metric], sessions, [sink])), daemon=True
    )
    worker.start()
    worker.join(GUARD_S)
    if worker.is_alive():
        pytest.fail(f"checkers score hung: no summary within {GUARD_S:g} s")
    return outcome[0], sink


# --- the ADK adapter -----------------------------------------------------------------------------


def test_a_hanging_async_judge_fails_the_adk_case_as_unscored_within_the_bound(
    tiny_ref: str, tmp_path: Path
) -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=_hangs)
    started = time.monotonic()
    result = _evaluate(metric, tiny_ref, case_timeout_s=TINY_BOUND_S, details_dir=str(tmp_path))
    assert time.monotonic() - started < TINY_BOUND_S + SLACK_S
    assert result.overall_eval_status is EvalStatus.FAILED
    assert result.overall_score == 0.0
    assert [r.score for r in result.per_invocation_results] == [0.0, 0.0]
    assert [r.eval_status for r in result.per_invocation_results] == [EvalStatus.FAILED] * 2
    _timed_out(result, TINY_BOUND_S)
    (details,) = tmp_path.glob("*.json")
    written = json.loads(details.read_text(encoding="utf-8"))
    assert written["overall_status"] == "FAILED"
    assert written["unscored"] == "failed"
    assert "[judge_timeout]" in written["unscored_reason"]
    assert f"case_timeout_s = {TINY_BOUND_S:g} s" in written["unscored_reason"]
    outcomes = {
        (r["outcome"], r["reason_code"])
        for verdict in written["invocations"]
        for subject in verdict["subjects"]
        for r in subject["results"]
    }
    assert outcomes == {("unscored", "judge_timeout")}


def test_a_hanging_judge_is_bounded_by_default_without_the_option(tiny_ref: str) -> None:
    """A criterion without ``case_timeout_s`` gets its metric's default bound (here tiny)."""
    metric = _with_async_judge(_hangs, _TinyBound)
    result = _evaluate(metric, tiny_ref, write_details=False)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert [r.score for r in result.per_invocation_results] == [0.0, 0.0]
    _timed_out(result, TINY_BOUND_S)


def test_a_hanging_judge_is_not_evaluated_when_the_criterion_opts_in(tiny_ref: str) -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=_hangs)
    bound = MIN_NOT_EVALUATED_BOUND_S  # the least a criterion reporting NOT_EVALUATED may give
    result = _evaluate(
        metric, tiny_ref, case_timeout_s=bound, unscored="not_evaluated", write_details=False
    )
    assert result.overall_eval_status is EvalStatus.NOT_EVALUATED
    assert result.overall_score is None
    assert [r.score for r in result.per_invocation_results] == [None, None]
    _timed_out(result, bound)


@pytest.mark.parametrize("bound", [TINY_BOUND_S, 0.999, 1e-9])
def test_a_bound_too_short_to_judge_is_refused_when_unscored_is_not_evaluated(
    bound: float,
) -> None:
    """With unscored cases reported as NOT_EVALUATED (which adk eval passes on the case's other
    metrics), a bound no judge answers within would turn the gate off: a configuration error
    naming both options. The same bound with the default ``unscored`` fails closed instead."""
    with pytest.raises(ValueError, match=r"case_timeout_s .*not_evaluated"):
        MetricOptions(case_timeout_s=bound, unscored="not_evaluated")
    with pytest.raises(ConfigError, match=r"case_timeout_s .*not_evaluated.*at least 1 s"):
        read_options(eval_metric(1.0, case_timeout_s=bound, unscored="not_evaluated"))
    assert MetricOptions(case_timeout_s=bound).case_timeout_s == bound


def test_the_bound_ends_a_rubric_judge_before_its_own_per_call_timeout() -> None:
    """A model-judged requirement whose judge never answers: ``timeout_s`` (60 s a call) would
    leave it unscored only after a minute; the case's bound ends it first."""

    class Silent(Judge):
        identity = "silent"

        async def complete(self, request: JudgeRequest) -> JudgeReply:
            await asyncio.sleep(3600)
            raise AssertionError("not reached")

    metric = rubric_metric(
        "helpful_tone", Desk(), tone_task, "silent", judges=lambda _: Silent(), scope="conversation"
    )
    started = time.monotonic()
    result = _guarded(
        adk_metric(metric)(
            eval_metric(1.0, timeout_s=60, case_timeout_s=TINY_BOUND_S, write_details=False),
            POLITE,
            None,
            None,
        )
    )
    assert time.monotonic() - started < TINY_BOUND_S + SLACK_S
    assert result.overall_eval_status is EvalStatus.FAILED
    _timed_out(result, TINY_BOUND_S)


def test_a_judge_that_ignores_its_cancellation_does_not_hold_the_case(tiny_ref: str) -> None:
    """It is given a second's grace to finish cancelling, then left behind."""

    async def stubborn(*_: object) -> Judged:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            await asyncio.sleep(3)  # cleans up for longer than the grace
        raise AssertionError("not reached")

    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=stubborn)
    invs = [invocation(FEEDS_BOTH, scenario_rubric=tiny_ref)]

    async def timed() -> tuple[float, Any]:
        started = time.monotonic()
        result = await asyncio.wait_for(
            adk_metric(metric)(
                eval_metric(1.0, case_timeout_s=TINY_BOUND_S, write_details=False), invs
            ),
            GUARD_S,
        )
        return time.monotonic() - started, result

    took, result = asyncio.run(timed())
    assert took < 2.5
    assert result.overall_eval_status is EvalStatus.FAILED
    _timed_out(result, TINY_BOUND_S)


def test_control_a_judge_answering_in_time_is_unaffected(tiny_ref: str) -> None:
    real = dining_metrics.EVERYONE_ATE
    metric = dataclasses.replace(real, judge_async=_answers_at_once(real))
    bounded = _evaluate(metric, tiny_ref, case_timeout_s=TINY_BOUND_S, write_details=False)
    by_default = _evaluate(metric, tiny_ref, write_details=False)
    synchronous = adk_metric(real)(
        eval_metric(1.0, write_details=False),
        [invocation(FEEDS_BOTH, scenario_rubric=tiny_ref)] * 2,
    )
    for result in (bounded, by_default):
        assert result.overall_eval_status is EvalStatus.PASSED
        assert result.model_dump() == synchronous.model_dump()


def test_control_a_slow_judge_within_its_bound_is_waited_for(tiny_ref: str) -> None:
    real = dining_metrics.EVERYONE_ATE

    async def slow(*args: Any) -> Judged:
        await asyncio.sleep(0.2)
        return await _answers_at_once(real)(*args)

    metric = dataclasses.replace(real, judge_async=slow)
    result = _evaluate(metric, tiny_ref, case_timeout_s=5, write_details=False)
    assert result.overall_eval_status is EvalStatus.PASSED


def test_control_a_cancellation_from_outside_still_cancels_a_bounded_case(tiny_ref: str) -> None:
    seen: list[str] = []

    async def hangs_and_notes(*_: object) -> Judged:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            seen.append("judging cancelled")
            raise
        raise AssertionError("not reached")

    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=hangs_and_notes)
    invs = [invocation(FEEDS_BOTH, scenario_rubric=tiny_ref)]

    async def cancelled() -> None:
        task = asyncio.ensure_future(
            adk_metric(metric)(eval_metric(1.0, case_timeout_s=60, write_details=False), invs)
        )
        await asyncio.sleep(0.05)
        task.cancel()
        await task

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(cancelled())
    assert seen == ["judging cancelled"]


def test_control_a_keyboard_interrupt_in_an_async_judge_still_stops_the_run(
    tiny_ref: str,
) -> None:
    async def interrupted(*_: object) -> Judged:
        raise KeyboardInterrupt

    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=interrupted)
    with pytest.raises(KeyboardInterrupt):
        _evaluate(metric, tiny_ref, case_timeout_s=60, write_details=False)
    with pytest.raises(KeyboardInterrupt):
        score_sessions([_with_async_judge(interrupted)], [_session("a", HALF)], [_Sink()])


# --- checkers score ------------------------------------------------------------------------------


def test_checkers_score_gives_a_session_whose_judge_hangs_an_unscored_verdict() -> None:
    metric = _with_async_judge(_hangs, _TinyBound)
    sessions = [_session("a", HALF), _session("b", EVERYONE)]
    started = time.monotonic()
    summary, sink = _scored_in_thread(metric, sessions)
    assert time.monotonic() - started < 2 * (TINY_BOUND_S + SLACK_S)
    assert (summary.read, summary.judged, summary.dead_letters) == (2, 2, 0)
    assert summary.unscored == {"everyone_ate": 2}
    assert summary.passed == {"everyone_ate": 0}
    assert [v.session.session_id for v in sink.verdicts] == ["a", "b"]
    for one in sink.verdicts:
        assert not one.passed and one.score == 0.0
        assert one.verdict.unscored and not one.verdict.problems
        (reason,) = [r for _, r in one.verdict.unscored_results()]
        assert reason.reason_code == "judge_timeout"
        assert f"case_timeout_s = {TINY_BOUND_S:g} s" in reason.reason


def test_control_checkers_score_with_an_async_judge_answering_in_time_is_unaffected() -> None:
    real = dining_metrics.EVERYONE_ATE
    sessions = [_session("a", HALF), _session("b", EVERYONE)]
    bounded = _with_async_judge(_answers_at_once(real), _TinyBound)
    summary, sink = _scored_in_thread(bounded, sessions)
    plain = _Sink()
    score_sessions([real], sessions, [plain])
    assert (summary.judged, summary.passed) == (2, {"everyone_ate": 1})
    assert [v.verdict for v in sink.verdicts] == [v.verdict for v in plain.verdicts]
    assert [v.usage for v in sink.verdicts] == [{"calls": 1}, {"calls": 1}]


def test_the_default_bound_is_below_checkers_scores_worker_timeout() -> None:
    """A hung session must get its unscored verdict before its worker is taken for hung (and
    the session made a dead letter)."""
    from checkers.metric import CASE_TIMEOUT_S, JUDGE_TIMEOUT
    from checkers.score_parallel import CHUNK_TIMEOUT

    assert MetricOptions().case_timeout_s == CASE_TIMEOUT_S
    assert CHUNK_TIMEOUT is not None and 60 < CASE_TIMEOUT_S < CHUNK_TIMEOUT
    assert JUDGE_TIMEOUT in UNSCORED_CODES


# --- the option ----------------------------------------------------------------------------------

INVALID_BOUNDS = st.one_of(
    st.floats(max_value=0.0),
    st.integers(max_value=0),
    st.sampled_from([math.nan, math.inf, -math.inf, True, False, None, 10**400, -(10**400)]),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=2),
)
"""Bounds that cannot end a judging: 0 or less, NaN, infinities, an integer too large for a
float, a bool, a text (``"5"`` too), null, a list."""
VALID_BOUNDS = st.one_of(
    st.floats(min_value=1e-9, max_value=1e300, allow_nan=False, allow_infinity=False),
    st.integers(min_value=1, max_value=10**300),
)
AMPLE_BOUNDS = st.one_of(
    st.floats(min_value=1.0, max_value=1e300, allow_nan=False, allow_infinity=False),
    st.integers(min_value=1, max_value=10**300),
)
"""Valid bounds that leave a judge answering at once the time to do so."""
TINY_BOUNDS = st.floats(min_value=0.001, max_value=TINY_BOUND_S)


@SETTINGS
@given(bound=INVALID_BOUNDS)
def test_a_bound_that_cannot_end_judging_is_a_config_error_never_an_open_gate(
    bound: Any, tiny_ref: str
) -> None:
    with pytest.raises(ConfigError, match=r"case_timeout_s .* must be a finite number of seconds"):
        read_options(eval_metric(1.0, case_timeout_s=bound))
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=_hangs)
    result = _evaluate(metric, tiny_ref, invocations=1, case_timeout_s=bound, write_details=False)
    assert result.overall_eval_status is EvalStatus.FAILED
    (problem,) = [r for r in result.overall_rubric_scores if "config_error" in r.rationale]
    assert "case_timeout_s" in problem.rationale and "greater than 0" in problem.rationale


@SETTINGS
@given(bound=VALID_BOUNDS)
def test_a_valid_bound_is_read_as_given(bound: float) -> None:
    _, options = read_options(eval_metric(1.0, case_timeout_s=bound))
    assert options.case_timeout_s == float(bound)


@SETTINGS
@given(bound=AMPLE_BOUNDS)
def test_a_judge_answering_within_its_bound_passes_whatever_the_bound(
    bound: float, tiny_ref: str
) -> None:
    real = dining_metrics.EVERYONE_ATE
    metric = dataclasses.replace(real, judge_async=_answers_at_once(real))
    result = _evaluate(metric, tiny_ref, invocations=1, case_timeout_s=bound, write_details=False)
    assert result.overall_eval_status is EvalStatus.PASSED


@SETTINGS
@given(bound=TINY_BOUNDS, invocations=st.integers(min_value=1, max_value=3))
def test_a_valid_bound_is_honoured_by_a_judge_that_hangs(
    bound: float, invocations: int, tiny_ref: str
) -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=_hangs)
    started = time.monotonic()
    result = _evaluate(metric, tiny_ref, invocations, case_timeout_s=bound, write_details=False)
    took = time.monotonic() - started
    assert bound <= took < bound + SLACK_S
    assert result.overall_eval_status is EvalStatus.FAILED
    assert [r.score for r in result.per_invocation_results] == [0.0] * invocations
    _timed_out(result, bound)


def test_an_eval_config_with_a_bad_bound_is_refused_before_anything_runs(tmp_path: Path) -> None:
    path = tmp_path / "eval_config.json"
    for bound in (0, -5, 0.0, "300", None, True):
        config = {
            "criteria": {"everyone_ate": {"threshold": 1.0, "case_timeout_s": bound}},
            "custom_metrics": {
                "everyone_ate": {"code_config": {"name": "domains.dining.metrics.everyone_ate"}}
            },
        }
        path.write_text(json.dumps(config), encoding="utf-8")
        with pytest.raises(ConfigError, match=r"case_timeout_s .* greater than 0.*e\.g\. 240"):
            load_eval_config(path)
    config["criteria"]["everyone_ate"]["case_timeout_s"] = 90  # type: ignore[index]
    path.write_text(json.dumps(config), encoding="utf-8")
    assert load_eval_config(path).criteria["everyone_ate"] is not None
