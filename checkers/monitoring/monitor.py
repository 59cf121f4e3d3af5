"""Where metric results go for monitoring, failing closed: nothing here raises into a caller.

A :class:`Monitor` sends each :class:`~checkers.monitoring.records.EvaluationRecord` to
OpenTelemetry (:class:`~checkers.monitoring.otel.EventEmitter`: a ``gen_ai.evaluation.result``
event when telemetry is configured) and, when it has them, to Prometheus metrics
(:class:`~checkers.monitoring.prometheus.PrometheusMetrics`), rewriting a node_exporter
textfile when it has one (at most once a second while results come, and at the end). An error
in any of them is logged, counted (per sink in :attr:`Monitor.errors`, and in
``checkers_telemetry_errors_total``) and swallowed: monitoring never changes a verdict, nor
stops an evaluation.

The ADK metric adapter reports through the process's monitor (:func:`current_monitor`): by
default OpenTelemetry only, plus Prometheus metrics written to the file named by the
environment variable ``CHECKERS_PROMETHEUS_TEXTFILE`` when it is set (and once more as the
process exits); :func:`install_monitor` replaces it (an application serving its own metrics, a
test). ``checkers score`` builds its own from its options and reports through
:class:`MonitoringSink`.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checkers.monitoring.otel import EventEmitter
from checkers.monitoring.records import EvaluationRecord, evaluation_record
from checkers.results import Verdict

if TYPE_CHECKING:
    from checkers.metric import Metric
    from checkers.monitoring.prometheus import PrometheusMetrics
    from checkers.score import DeadLetter, SessionVerdict

log = logging.getLogger(__name__)

TEXTFILE_VARIABLE = "CHECKERS_PROMETHEUS_TEXTFILE"
"""Environment variable naming the textfile the ADK adapter's Prometheus metrics go to."""


class Monitor:
    """Sends metric results to OpenTelemetry and Prometheus; never raises (see the module)."""

    def __init__(
        self,
        events: EventEmitter | None = None,
        metrics: PrometheusMetrics | None = None,
        textfile: Path | None = None,
        textfile_every: float = 1.0,
    ) -> None:
        """``events``: the emitter (default: one on the global providers); ``metrics``: the
        Prometheus metrics to count into, if any; ``textfile``: where to write them (needs
        ``metrics``), after a batch when ``textfile_every`` seconds have passed since the last
        write (rewriting the whole file for each of 100,000 sessions would cost more than
        judging them), and on :meth:`flush` with ``force``."""
        self.events = events if events is not None else EventEmitter()
        self.metrics = metrics
        self.textfile = textfile
        self.textfile_every = textfile_every
        self._written_at: float | None = None
        self.errors: dict[str, int] = {}
        """Failures swallowed, per sink (``otel``, ``prometheus``, ``textfile``)."""

    def enabled(self) -> bool:
        """Whether a record observed now would go anywhere (so that callers build none when
        nothing is configured); never raises."""
        if self.metrics is not None:
            return True
        try:
            return self.events.enabled()
        except Exception as error:
            self.count_error("otel", error)
            return False

    def observe(self, records: Sequence[EvaluationRecord]) -> None:
        """Emit and count ``records``, then rewrite the textfile."""
        for record in records:
            self._guarded("otel", self.events.emit, record)
            if self.metrics is not None:
                self._guarded("prometheus", self.metrics.record, record)
        self.flush()

    def dead_letter(self, domain: str) -> None:
        """Count a recorded session of ``domain`` that could not be read."""
        if self.metrics is not None:
            self._guarded("prometheus", self.metrics.dead_letter, domain)
        self.flush()

    def flush(self, force: bool = False) -> None:
        """Rewrite the textfile, if any, with the metrics as they stand: when ``force``d, or
        when ``textfile_every`` seconds have passed since the last write (the first write is
        never put off)."""
        if self.metrics is None or self.textfile is None:
            return
        now = time.monotonic()
        due = self._written_at is None or now - self._written_at >= self.textfile_every
        if force or due:
            self._written_at = now
            self._guarded("textfile", self.metrics.write_textfile, self.textfile)

    def _guarded(self, sink: str, action: Any, argument: Any) -> None:
        try:
            action(argument)
        except Exception as error:  # monitoring must never fail an evaluation
            self.count_error(sink, error)

    def count_error(self, sink: str, error: BaseException) -> None:
        """Log and count a failure swallowed in ``sink``."""
        self.errors[sink] = self.errors.get(sink, 0) + 1
        # The first failure of a sink is worth a warning; a broken exporter would repeat it
        # for every result.
        level = logging.WARNING if self.errors[sink] == 1 else logging.DEBUG
        log.log(level, "monitoring: %s failed (%s: %s)", sink, type(error).__name__, error)
        if self.metrics is not None:
            # Nothing more can be done when counting fails too: the failure is logged.
            with contextlib.suppress(Exception):
                self.metrics.telemetry_error(sink)


def prometheus_metrics() -> PrometheusMetrics:
    """New Prometheus metrics; raises ConfigError when prometheus-client is missing, saying how
    to install it."""
    from checkers.errors import ConfigError

    try:
        from checkers.monitoring.prometheus import PrometheusMetrics
    except ImportError as error:
        raise ConfigError(
            f"Prometheus metrics need prometheus-client ({error}); install it with "
            "pip install 'adk-requirement-checkers[monitoring]' (or pip install -e "
            "'.[monitoring]' in a clone)"
        ) from error
    return PrometheusMetrics()


def monitor_from_environment(environ: Mapping[str, str] | None = None) -> Monitor:
    """The adapter's monitor: OpenTelemetry events, plus Prometheus metrics written to the
    file :data:`TEXTFILE_VARIABLE` names, when set. A file that cannot be used (prometheus-client
    missing) is logged and counted in ``errors["textfile"]``, never raised."""
    environ = os.environ if environ is None else environ
    path = environ.get(TEXTFILE_VARIABLE, "").strip()
    if not path:
        return Monitor()
    try:
        metrics = prometheus_metrics()
    except Exception as error:
        monitor = Monitor()
        monitor.count_error("textfile", error)
        return monitor
    monitor = Monitor(metrics=metrics, textfile=Path(path))
    # The adapter has no end of run to write at: the process's exit is it.
    atexit.register(monitor.flush, True)
    return monitor


_current: Monitor | None = None


def current_monitor() -> Monitor:
    """The process's monitor (built from the environment on first use)."""
    global _current
    if _current is None:
        _current = monitor_from_environment()
    return _current


def install_monitor(monitor: Monitor | None) -> Monitor | None:
    """Make ``monitor`` the process's monitor (None: build it from the environment again on
    next use); returns the one it replaces."""
    global _current
    previous, _current = _current, monitor
    return previous


def observe_case(
    metric: Metric[Any],
    verdicts: Sequence[Verdict],
    score: float,
    passed: bool,
    usage: Mapping[str, Any] | None = None,
) -> None:
    """Report one ADK eval case's result through :func:`current_monitor`; never raises."""
    try:
        monitor = current_monitor()
        if not verdicts or not monitor.enabled():
            return
        noun = metric.domain.subject_noun
        record = evaluation_record(verdicts, score, passed, noun, usage=usage)
        monitor.observe([record])
    except Exception:  # a record that cannot be built must not fail the case
        log.exception("monitoring: could not report %s", metric.name)


class MonitoringSink:
    """A ``checkers score`` sink (:class:`checkers.score.Sink`) reporting each verdict to a
    monitor: one record per session and metric, with the session's id as the conversation."""

    def __init__(self, monitor: Monitor, domain: str, noun: str = "subject") -> None:
        self.monitor = monitor
        self.domain = domain
        self.noun = noun

    def write(self, verdicts: Sequence[SessionVerdict]) -> None:
        try:
            records = [
                evaluation_record(
                    [one.verdict],
                    one.score,
                    one.passed,
                    self.noun,
                    one.session.session_id,
                    one.usage,
                )
                for one in verdicts
            ]
        except Exception as error:
            self.monitor.count_error("records", error)
            return
        self.monitor.observe(records)

    def dead_letter(self, letter: DeadLetter) -> None:
        self.monitor.dead_letter(self.domain)
