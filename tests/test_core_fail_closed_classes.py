"""The core fails closed, by class: the four classes the 2026-12-06 core review found
(``tests/test_review_probes_core_1206.py``), each as a property over many forms. Every property
here was seen failing on the code before the fix.

1. Whatever judging raises that is no request to stop (an exception of any kind, one whose text
   cannot be read or runs to megabytes, a ``CancelledError`` the judge raised of its own) is a
   failing verdict with ``evaluator_error`` (or, where a session's judging itself raised, a
   dead letter): the ADK metric never raises into ADK, ``checkers score`` loses no session
   (read = judged + dead letters), and nothing passes.
2. Whatever ADK hands the metric as ``actual_invocations`` (None, a text, a number, a list
   holding something that is no ``Invocation``), the metric returns a result: PASSED only for a
   list or tuple of invocations that passes, FAILED otherwise; it never raises.
3. An eval config whose custom metric's ``code_config.name`` cannot be imported, however its
   import fails (a relative or empty part, a module raising any exception or not compiling), is a
   ConfigError naming the metric, never another exception out of the gate.
4. ``checkers score`` holds a metric's own ``default_threshold`` to (0, 1] like every other
   surface: outside it every session fails with ``config_error``; inside, a session passes
   exactly when its score reaches the threshold.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import itertools
import json
import math
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalStatus
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from checkers.adk.custom_metric import adk_metric
from checkers.adk.eval_checks import load_eval_config
from checkers.errors import ConfigError
from checkers.meta import meta_settings
from checkers.metric import Metric
from checkers.score import score_sessions
from domains.dining import metrics as dining_metrics
from tests.adk_helpers import eval_metric, invocation
from tests.test_review_probes_core_1206 import (
    HALF,
    NOBODY,
    _raising,
    _raising_async,
    _RaisingDomain,
    _session,
    _Sink,
    _Unreadable,
    offline,  # noqa: F401 (an autouse fixture: imported, it runs here too)
)

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

FEEDS_BOTH = '{"restaurant": "green", "time": "19:00"}'
"""The tiny scenario's plan on which every guest eats (passes)."""
EVERYONE = '{"restaurant": "r03", "time": "17:30"}'
"""story-six: every guest eats (score 1)."""
SETTINGS = settings(
    meta_settings("ci"),
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# --- 1. whatever judging raises ------------------------------------------------------------------


def _raisable(kind: str, message: str) -> BaseException:
    """One thing a judge may raise that is no request to stop, of ``kind``."""
    made: dict[str, Callable[[], BaseException]] = {
        "cancelled": lambda: asyncio.CancelledError(message),
        "value": lambda: ValueError(message),
        "runtime": lambda: RuntimeError(message * 1000),
        "key": lambda: KeyError(message),
        "unicode": lambda: UnicodeEncodeError("utf-8", message or "x", 0, 1, "surrogates"),
        "recursion": lambda: RecursionError(message),
        "unreadable": _Unreadable,
        "stop-iteration": lambda: StopIteration(message),
    }
    return made[kind]()


RAISED = st.builds(
    _raisable,
    st.sampled_from(
        [
            "cancelled",
            "value",
            "runtime",
            "key",
            "unicode",
            "recursion",
            "unreadable",
            "stop-iteration",
        ]
    ),
    st.text(alphabet=st.characters(codec=None, exclude_categories=["Cs"]) | st.just("\ud800")),
)


def _failing_load(real: Metric[Any], error: BaseException) -> Metric[Any]:
    """``real`` whose domain raises ``error`` loading any scenario."""

    class Loading(_RaisingDomain):
        def load_scenario(self, ref: str) -> Any:
            raise error

        def session_scenario(self, *args: Any, **kwargs: Any) -> Any:
            return self.real.session_scenario(*args, **kwargs)

    return dataclasses.replace(real, domain=Loading(real.domain, ValueError()))


@SETTINGS
@given(error=RAISED, where=st.sampled_from(["judge", "judge_async", "load"]))
def test_the_adk_metric_fails_whatever_judging_raises_and_never_raises(
    error: BaseException, where: str, tiny_ref: str
) -> None:
    if where == "judge_async" and isinstance(error, asyncio.CancelledError):
        # Python 3.10 cannot tell a task's cancellation from a judge's own CancelledError.
        assume(sys.version_info >= (3, 11))
    real = dining_metrics.EVERYONE_ATE
    if where == "judge":
        metric = dataclasses.replace(real, judge=_raising(error))
    elif where == "judge_async":
        metric = dataclasses.replace(real, judge_async=_raising_async(error))
    else:
        metric = _failing_load(real, error)
    function = adk_metric(metric)
    invs = [invocation(FEEDS_BOTH, scenario_rubric=tiny_ref)] * 2
    called = function(eval_metric(1.0, write_details=False), invs, None, None)
    result = asyncio.run(called) if asyncio.iscoroutine(called) else called
    assert result.overall_eval_status is EvalStatus.FAILED
    assert [r.score for r in result.per_invocation_results] == [0.0, 0.0]


@SETTINGS
@given(error=RAISED, where=st.sampled_from(["judge", "load", "session_scenario"]))
def test_checkers_score_loses_no_session_whatever_judging_raises(
    error: BaseException, where: str
) -> None:
    real = dining_metrics.EVERYONE_ATE
    if where == "judge":
        metric = dataclasses.replace(real, judge=_raising(error))
    elif where == "load":
        metric = _failing_load(real, error)
    else:
        metric = dataclasses.replace(real, domain=_RaisingDomain(real.domain, error))
    sink = _Sink()
    sessions = [_session("a", EVERYONE), _session("b", HALF), _session("c", EVERYONE)]
    summary = score_sessions([metric], sessions, [sink])
    assert summary.read == summary.judged + summary.dead_letters == 3
    assert len(sink.verdicts) + len(sink.dead) == 3
    assert not any(v.passed for v in sink.verdicts)
    for verdict in sink.verdicts:
        # A loader's ValueError (a NUL byte in the id, say) is an unknown scenario.
        codes = {p.code for p in verdict.verdict.problems}
        assert codes in ({"evaluator_error"}, {"unknown_scenario"})
    for letter in sink.dead:
        assert type(error).__name__ in letter.reason and len(letter.reason) <= 2100


# --- 2. whatever ADK hands the metric as its invocations ---------------------------------------


def _invocations(tiny_ref: str) -> st.SearchStrategy[Any]:
    good = st.just(invocation(FEEDS_BOTH, scenario_rubric=tiny_ref))
    other = st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=5),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.just(object()),
    )
    items = st.lists(st.one_of(good, good, other), max_size=4)
    return st.one_of(other, items, items.map(tuple))


@SETTINGS
@given(data=st.data())
def test_the_adk_metric_passes_only_invocations_that_pass_and_never_raises(
    data: st.DataObject, tiny_ref: str
) -> None:
    given_invocations = data.draw(_invocations(tiny_ref))
    result = dining_metrics.everyone_ate(
        eval_metric(1.0, write_details=False), given_invocations, None, None
    )
    judgeable = (
        isinstance(given_invocations, (list, tuple))
        and bool(given_invocations)
        and all(isinstance(one, Invocation) for one in given_invocations)
    )
    expected = EvalStatus.PASSED if judgeable else EvalStatus.FAILED
    assert result.overall_eval_status is expected
    if not judgeable:
        assert result.overall_score == 0.0


# --- 3. a custom metric whose import fails -------------------------------------------------------

_NUMBERS = itertools.count()

MODULE_SOURCES = st.sampled_from(
    [
        "raise RuntimeError('no settings')\n",
        "raise ValueError('bad value')\n",
        "raise ImportError('cannot import name x')\n",
        "raise KeyError('HOME')\n",
        "1 / 0\n",
        "import no_such_module_anywhere_x\n",
        "def everyone_ate(:\n",
        "\tdef everyone_ate(a, b, c, d):\n  pass\n",
        "def __getattr__(name):\n    raise ImportError(name)\n",
        "def __getattr__(name):\n    raise RuntimeError(name)\n",
    ]
)


@pytest.fixture(scope="module")
def module_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("modules")
    sys.path.insert(0, str(root))
    yield root
    sys.path.remove(str(root))
    for name in [m for m in sys.modules if m.startswith("probe_failing_")]:
        del sys.modules[name]


def _config(folder: Path, dotted: str) -> Path:
    path = folder / "eval_config.json"
    config = {
        "criteria": {"everyone_ate": {"threshold": 1.0}},
        "custom_metrics": {"everyone_ate": {"code_config": {"name": dotted}}},
    }
    path.write_text(json.dumps(config), encoding="utf-8")
    return path


@SETTINGS
@given(
    source=MODULE_SOURCES,
    template=st.sampled_from(
        ["{m}.everyone_ate", ".{m}.everyone_ate", "..{m}.everyone_ate", "{m}..everyone_ate"]
    ),
)
def test_a_metric_whose_import_fails_is_a_config_error_however_it_fails(
    source: str, template: str, module_root: Path
) -> None:
    name = f"probe_failing_{next(_NUMBERS)}"  # a new module each time: imports are cached
    (module_root / f"{name}.py").write_text(source, encoding="utf-8")
    importlib.invalidate_caches()
    with pytest.raises(ConfigError, match="everyone_ate"):
        load_eval_config(_config(module_root, template.format(m=name)))


# --- 4. checkers score and a metric's own threshold ----------------------------------------------

THRESHOLDS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 1e-300, 0.5, 1.0, 1.0000001, -1.0, math.inf, math.nan]),
)
SCORES = {EVERYONE: 1.0, HALF: 0.5, NOBODY: 0.0}


@SETTINGS
@given(threshold=THRESHOLDS, answer=st.sampled_from(sorted(SCORES)))
def test_checkers_score_passes_only_what_reaches_a_threshold_in_range(
    threshold: float, answer: str
) -> None:
    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, default_threshold=threshold)
    sink = _Sink()
    summary = score_sessions([metric], [_session("s", answer)], [sink])
    (one,) = sink.verdicts
    in_range = 0 < threshold <= 1
    assert one.passed == (in_range and SCORES[answer] >= threshold)
    assert summary.passed == {"everyone_ate": int(one.passed)}
    codes = {p.code for p in one.verdict.problems}
    assert codes == (set() if in_range else {"config_error"})
