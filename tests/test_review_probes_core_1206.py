"""Hostile review (2026-12-06) of the core plumbing: the ADK metric adapter
(``checkers/adk/custom_metric.py``), the eval-config checks (``checkers/adk/eval_checks.py``),
judging (``checkers/metric.py``) and the score pipeline (``checkers/score.py``).

The first rule: an evaluator fails closed. Whatever it is given, it never raises into ADK (nor
ends a score run with a traceback), never passes what it could not judge, and never picks one of
several answers. A probe in :data:`WRONG` is a strict expected failure (its reason says which
class it belongs to): it fails on the code it was written against and turns the suite red once
fixed, so that it is taken out of :data:`WRONG`. The other probes are controls that pass.

Covered already elsewhere and not repeated: thresholds 0, negative, NaN, infinite, text and true
on a criterion or in an eval config; misspelled criteria and metric paths; no invocation, no final
response, two final replies; unwritable, full and NUL-named details directories; hostile JSONL
lines, corrupt store rows, repeated session ids (``tests/test_metric_adapter.py``,
``tests/test_score_attack.py``, ``tests/test_hostile_sessions.py``,
``tests/test_review_probes_1205.py``).

Attacked and found right (controls below, or scratch runs): a criterion built without validation
holding a text, a list or None as its threshold; a final response of thought parts only, of a
function call only, with its text in ``inline_data`` or a code result, two texts in one; a
user-authored event among the agent's; a metric run 400 times from 16 threads at once on two
cases (every verdict as alone, every details file its own); a JSON line holding two objects, a
NUL byte, a disguised eval session id (``ADK-EVAL-SESSION-``, a leading space: judged, not
skipped); a dead-letter file on ``/dev/full`` (status 2 and a message); random mutations of
every reader's input (jsonl, tau-bench, bq-eval-view, adk-eval-history: 1,200 files, read = judged
+ dead letters every time, no traceback).

Wrong behaviours found: 12 probes in 4 classes, all closed the same day by class (the properties
in ``tests/test_core_fail_closed_classes.py``, each seen failing on the code before), so
:data:`WRONG` is empty:

- ``judge_raised_no_exception`` (4): a judge raising a ``CancelledError`` of its own (a library
  that leaks one from its own timeout; the running task is not being cancelled) raised it into
  ADK from the synchronous and the async metric, and ended ``checkers score`` with a traceback,
  losing every session after it; a domain raising an exception whose text cannot be read while a
  session was judged ended the run too (the dead letter's reason read it).
- ``adk_contract_broken`` (3): ``actual_invocations`` that are None, text, or a list holding
  something that is no ``Invocation`` raised into ADK from the adapter's own failure path
  (building the FAILED result raised again).
- ``metric_path_import_raises`` (3): a custom metric's ``code_config.name`` that is relative
  (``.metrics.everyone_ate``) or names a module raising at import (RuntimeError, SyntaxError)
  raised that exception out of :func:`load_eval_config` (and so out of the pytest gate), not a
  ConfigError naming the metric and the fix.
- ``score_default_threshold`` (2): ``checkers score`` judged with the metric's own
  ``default_threshold`` unchecked, where every other surface (ADK, ``checkers check``,
  agents-cli, export) refuses one outside (0, 1]: a metric declaring 0 or less passed a session
  in which no subject was satisfied.

Seen and left as they are (no probe: nothing is passed, and a change risks honest verdicts): a
production session whose id starts ``adk-eval-session-`` is skipped as eval traffic (counted in
the summary; ADK's own ids add a uuid4, but the suite's fixtures use short ones); a JSONL
session's events are read in list order even when their timestamps go backwards (an
honest ParallelAgent session exported from memory does that).

A judge that hangs, once bounded only by the rubric judges' own per-call timeout, is now bounded
per case (criterion option ``case_timeout_s``, 240 s by default): the adapter and ``checkers
score`` stop its judging there and report the case unscored (``judge_timeout``), FAILED by
default (``tests/test_judge_bound.py``); the ``hangs`` control below still shows a cancellation
from outside going on up.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_metrics import EvalStatus

from checkers.adk.custom_metric import adk_metric
from checkers.adk.eval_checks import load_eval_config
from checkers.errors import ConfigError
from checkers.metric import Domain, Judged, Metric
from checkers.score import DeadLetter, ScoreSummary, SessionVerdict, score_sessions
from checkers.sessions import RecordedSession
from domains.dining import metrics as dining_metrics
from tests.adk_helpers import eval_metric, invocation
from tests.probe_harness import Review

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

WRONG: dict[str, str] = {}
"""Classes of wrong behaviour still open, by name: why the probes marked with them fail."""
REVIEW = Review(WRONG)
wrong = REVIEW.while_open


FEEDS_BOTH = '{"restaurant": "green", "time": "19:00"}'
"""The tiny scenario's plan on which every guest eats (passes)."""


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")


class _Sink:
    """A score sink that keeps what it is given."""

    def __init__(self) -> None:
        self.verdicts: list[SessionVerdict] = []
        self.dead: list[DeadLetter] = []

    def write(self, verdicts: Any) -> None:
        self.verdicts += verdicts

    def dead_letter(self, letter: DeadLetter) -> None:
        self.dead.append(letter)


def _user(text: str) -> dict[str, Any]:
    return {"author": "user", "content": {"role": "user", "parts": [{"text": text}]}}


def _agent(text: str) -> dict[str, Any]:
    return {"author": "agent", "content": {"role": "model", "parts": [{"text": text}]}}


def _session(session_id: str, answer: str, scenario: str = "story-six") -> RecordedSession:
    events = [_user("Please plan our dinner."), _agent(answer)]
    return RecordedSession(session_id, "dining", "u", events, {"scenario": scenario})


HALF = '{"restaurant": "r01", "time": "19:30"}'
"""story-six: three of six guests eat (score 0.5)."""
NOBODY = '{"restaurant": "r01", "time": "03:00"}'
"""story-six: a plan judged, on which no guest is satisfied (score 0)."""


def _scored(metric: Metric[Any], sessions: list[RecordedSession]) -> tuple[ScoreSummary, _Sink]:
    sink = _Sink()
    return score_sessions([metric], sessions, [sink]), sink


def _raising(error: BaseException) -> Callable[..., Any]:
    def judge(*_: object) -> Any:
        raise error

    return judge


def _raising_async(error: BaseException) -> Callable[..., Any]:
    async def judge(*_: object) -> Judged:
        raise error

    return judge


class _Unreadable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("this exception's text cannot be read")


# --- 1. whatever a judge raises is a failing verdict, never an escape -------------------------


@wrong("judge_raised_no_exception")
def test_a_synchronous_judge_raising_its_own_cancelled_error_fails_the_case(
    tiny_scenario_path: Path,
) -> None:
    metric = dataclasses.replace(
        dining_metrics.EVERYONE_ATE, judge=_raising(asyncio.CancelledError("its own"))
    )
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = adk_metric(metric)(eval_metric(1.0, write_details=False), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert [r.score for r in result.per_invocation_results] == [0.0]


@wrong("judge_raised_no_exception")
@pytest.mark.skipif(
    sys.version_info < (3, 11), reason="Python 3.10 cannot tell it from a task's cancellation"
)
def test_a_model_judge_raising_its_own_cancelled_error_fails_the_case(
    tiny_scenario_path: Path,
) -> None:
    metric = dataclasses.replace(
        dining_metrics.EVERYONE_ATE, judge_async=_raising_async(asyncio.CancelledError("own"))
    )
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    function = adk_metric(metric)
    result = asyncio.run(function(eval_metric(1.0, write_details=False), [inv], None, None))
    assert result.overall_eval_status is EvalStatus.FAILED


@wrong("judge_raised_no_exception")
def test_a_judge_raising_its_own_cancelled_error_loses_no_session_of_a_score_run() -> None:
    metric = dataclasses.replace(
        dining_metrics.EVERYONE_ATE, judge=_raising(asyncio.CancelledError("its own"))
    )
    summary, sink = _scored(metric, [_session("a", HALF), _session("b", HALF)])
    assert (summary.read, summary.judged, summary.dead_letters) == (2, 2, 0)
    assert not any(v.passed for v in sink.verdicts)
    assert {p.code for v in sink.verdicts for p in v.verdict.problems} == {"evaluator_error"}


class _RaisingDomain(Domain[Any]):
    """The dining domain, except that finding a session's scenario raises ``error``."""

    def __init__(self, real: Domain[Any], error: BaseException) -> None:
        self.real, self.error = real, error
        self.name, self.subject_noun = real.name, real.subject_noun

    def scenario_ids(self) -> list[str]:
        return self.real.scenario_ids()

    def load_scenario(self, ref: str) -> Any:
        return self.real.load_scenario(ref)

    def session_scenario(self, *_: Any, **__: Any) -> Any:
        raise self.error


@wrong("judge_raised_no_exception")
def test_an_exception_whose_text_cannot_be_read_is_a_dead_letter_not_the_end_of_the_run() -> None:
    real = dining_metrics.EVERYONE_ATE
    metric = dataclasses.replace(real, domain=_RaisingDomain(real.domain, _Unreadable()))
    summary, sink = _scored(metric, [_session("a", HALF), _session("b", HALF)])
    assert (summary.read, summary.dead_letters) == (2, 2)
    assert all("_Unreadable" in letter.reason for letter in sink.dead)


def test_control_a_real_cancellation_still_cancels_a_model_judged_case(
    tiny_scenario_path: Path,
) -> None:
    async def hangs(*_: object) -> Judged:
        await asyncio.sleep(3600)
        raise AssertionError("not reached")

    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge_async=hangs)
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))

    async def cancelled() -> None:
        task = asyncio.ensure_future(
            adk_metric(metric)(eval_metric(1.0, write_details=False), [inv], None, None)
        )
        await asyncio.sleep(0.05)
        task.cancel()
        await task

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(cancelled())


def test_control_a_keyboard_interrupt_in_a_judge_still_stops_the_run() -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge=_raising(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        _scored(metric, [_session("a", HALF)])


def test_control_a_judge_raising_an_exception_fails_the_case_as_before(
    tiny_scenario_path: Path,
) -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge=_raising(ValueError("bug")))
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = adk_metric(metric)(eval_metric(1.0, write_details=False), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED


# --- 2. what ADK's contract excludes still gets a FAILED result --------------------------------


@wrong("adk_contract_broken")
@pytest.mark.parametrize(
    "invocations", [None, "not invocations", ["no invocation"]], ids=["none", "text", "item"]
)
def test_invocations_adk_never_gives_fail_the_case_and_never_raise(invocations: Any) -> None:
    result = dining_metrics.everyone_ate(
        eval_metric(1.0, write_details=False), invocations, None, None
    )
    assert result.overall_eval_status is EvalStatus.FAILED
    assert result.overall_score == 0.0


def test_control_a_tuple_of_invocations_is_judged_as_a_list(tiny_scenario_path: Path) -> None:
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = dining_metrics.everyone_ate(eval_metric(1.0, write_details=False), (inv,), None, None)
    assert result.overall_eval_status is EvalStatus.PASSED


# --- 3. an eval config naming a metric that cannot be imported is a ConfigError ----------------


@pytest.fixture
def broken_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` holding modules that raise at import."""
    package = tmp_path / "probe_core_broken"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "raises.py").write_text("raise RuntimeError('configuration missing')\n")
    (package / "syntax.py").write_text("def everyone_ate(:\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("probe_core_broken")]:
        del sys.modules[name]


def _config(tmp_path: Path, dotted: str) -> Path:
    path = tmp_path / "eval_config.json"
    config = {
        "criteria": {"everyone_ate": {"threshold": 1.0}},
        "custom_metrics": {"everyone_ate": {"code_config": {"name": dotted}}},
    }
    path.write_text(json.dumps(config), encoding="utf-8")
    return path


@wrong("metric_path_import_raises")
@pytest.mark.parametrize(
    "dotted",
    [
        ".metrics.everyone_ate",
        "probe_core_broken.raises.everyone_ate",
        "probe_core_broken.syntax.everyone_ate",
    ],
    ids=["relative", "raises-at-import", "syntax-error"],
)
def test_a_metric_path_whose_import_raises_is_a_config_error_naming_it(
    dotted: str, broken_modules: Path, tmp_path: Path
) -> None:
    with pytest.raises(ConfigError, match="everyone_ate"):
        load_eval_config(_config(tmp_path, dotted))


def test_control_a_metric_path_of_a_missing_module_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot import module"):
        load_eval_config(_config(tmp_path, "domains.no_such_domain.metrics.everyone_ate"))


def test_control_the_dining_metric_path_loads(tmp_path: Path) -> None:
    config = load_eval_config(_config(tmp_path, "domains.dining.metrics.everyone_ate"))
    assert set(config.criteria) == {"everyone_ate"}


# --- 4. checkers score holds a metric's own threshold to (0, 1] ----------------------------------


@wrong("score_default_threshold")
@pytest.mark.parametrize(
    ("threshold", "answer"), [(0.0, NOBODY), (-1.0, HALF)], ids=["zero-nobody", "negative-half"]
)
def test_a_metric_whose_own_threshold_passes_anything_passes_no_session(
    threshold: float, answer: str
) -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, default_threshold=threshold)
    summary, sink = _scored(metric, [_session("a", answer)])
    assert summary.passed == {"everyone_ate": 0}
    assert [v.passed for v in sink.verdicts] == [False]
    assert {p.code for v in sink.verdicts for p in v.verdict.problems} == {"config_error"}


@pytest.mark.parametrize(
    ("threshold", "answer", "passed"),
    [(1.0, HALF, False), (0.5, HALF, True), (0.25, NOBODY, False)],
)
def test_control_a_threshold_in_range_judges_as_before(
    threshold: float, answer: str, passed: bool
) -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, default_threshold=threshold)
    _, sink = _scored(metric, [_session("a", answer)])
    assert [v.passed for v in sink.verdicts] == [passed]
    assert not [p for v in sink.verdicts for p in v.verdict.problems]


def test_every_open_class_has_a_probe() -> None:
    tests = [function for name, function in globals().items() if name.startswith("test_")]
    assert REVIEW.classes_probed(tests) == set(WRONG)
