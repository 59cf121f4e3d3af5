"""Prometheus metrics of metric results (needs prometheus-client: ``pip install '.[monitoring]'``).

Every name starts ``checkers_``; counters get prometheus-client's ``_total`` suffix:

- ``checkers_evaluations_total{domain, metric, outcome, reason_code}``: metric results (one per
  case or recorded session and metric); ``outcome`` is ``pass``, ``fail`` or ``unscored`` (not
  passed because some requirement could not be judged), ``reason_code`` the case's
  (:attr:`~checkers.monitoring.records.EvaluationRecord.reason_code`; ``ok`` for a pass). The
  unscored share is ``outcome="unscored"`` over all of them.
- ``checkers_requirement_results_total{domain, metric, kind, outcome, reason_code}``: every
  requirement result of the verdict where the case ended (``outcome`` ``pass``, ``fail``,
  ``incomplete``, ``unscored``; an answer problem counts as kind and outcome ``problem``).
- ``checkers_evaluation_score{domain, metric}``: histogram of case scores.
- ``checkers_evaluator_errors_total{domain, metric, reason_code}``: results whose evaluator, not
  the agent, went wrong (``evaluator_error``, ``config_error``).
- ``checkers_dead_letters_total{domain}``: recorded sessions that could not be read.
- ``checkers_judge_calls_total{domain, metric}`` and ``checkers_judge_seconds{domain, metric}``
  (histogram, wall-clock seconds per case): where a model judge ran.
- ``checkers_telemetry_errors_total{sink}``: events or metrics that could not be emitted or
  written (``otel``, ``prometheus``, ``textfile``); swallowed, never a verdict changed.
- ``checkers_last_evaluation_timestamp_seconds{domain}``: when the last result was recorded.

Each :class:`PrometheusMetrics` holds its own registry (never prometheus-client's global one), so
two in one process do not clash.
"""

from __future__ import annotations

import time
from pathlib import Path
from threading import Thread
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import start_http_server, write_to_textfile

from checkers.monitoring.records import EvaluationRecord

SCORE_BUCKETS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99, 1.0)
"""Scores lie in [0, 1]; ``le="0.99"`` tells a perfect score from a near miss."""
JUDGE_SECONDS_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)


class PrometheusMetrics:
    """The metrics above in a registry of their own; :meth:`record` counts one result."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.evaluations = Counter(
            "checkers_evaluations",
            "Metric results (one per case or session and metric), by outcome and reason code.",
            ["domain", "metric", "outcome", "reason_code"],
            registry=registry,
        )
        self.requirements = Counter(
            "checkers_requirement_results",
            "Requirement results of the verdict where each case ended.",
            ["domain", "metric", "kind", "outcome", "reason_code"],
            registry=registry,
        )
        self.scores = Histogram(
            "checkers_evaluation_score",
            "Case scores in [0, 1].",
            ["domain", "metric"],
            buckets=SCORE_BUCKETS,
            registry=registry,
        )
        self.evaluator_errors = Counter(
            "checkers_evaluator_errors",
            "Results whose evaluator went wrong (evaluator_error, config_error).",
            ["domain", "metric", "reason_code"],
            registry=registry,
        )
        self.dead_letters = Counter(
            "checkers_dead_letters",
            "Recorded sessions that could not be read.",
            ["domain"],
            registry=registry,
        )
        self.judge_calls = Counter(
            "checkers_judge_calls",
            "Model-judge calls.",
            ["domain", "metric"],
            registry=registry,
        )
        self.judge_seconds = Histogram(
            "checkers_judge_seconds",
            "Wall-clock seconds a model judge took per case.",
            ["domain", "metric"],
            buckets=JUDGE_SECONDS_BUCKETS,
            registry=registry,
        )
        self.telemetry_errors = Counter(
            "checkers_telemetry_errors",
            "Events or metrics that could not be emitted or written (swallowed).",
            ["sink"],
            registry=registry,
        )
        self.last_evaluation = Gauge(
            "checkers_last_evaluation_timestamp_seconds",
            "Unix time of the last metric result recorded.",
            ["domain"],
            registry=registry,
        )

    def record(self, record: EvaluationRecord) -> None:
        """Count one metric result."""
        domain, metric = record.domain, record.metric
        self.evaluations.labels(domain, metric, record.label, record.reason_code).inc()
        for kind, outcome, code in record.requirements:
            self.requirements.labels(domain, metric, kind, outcome, code).inc()
        self.scores.labels(domain, metric).observe(record.score)
        if record.evaluator_error:
            self.evaluator_errors.labels(domain, metric, record.reason_code).inc()
        if record.judge_calls:
            self.judge_calls.labels(domain, metric).inc(record.judge_calls)
        if record.judge_seconds is not None:
            self.judge_seconds.labels(domain, metric).observe(record.judge_seconds)
        self.last_evaluation.labels(domain).set(time.time())

    def dead_letter(self, domain: str) -> None:
        """Count one recorded session of ``domain`` that could not be read."""
        self.dead_letters.labels(domain).inc()

    def telemetry_error(self, sink: str) -> None:
        """Count one event or write that failed in ``sink``."""
        self.telemetry_errors.labels(sink).inc()

    def value(self, name: str, labels: dict[str, str] | None = None) -> float | None:
        """The current value of sample ``name`` (``checkers_evaluations_total``) with exactly
        ``labels``, or None when there is none."""
        return self.registry.get_sample_value(name, labels or {})

    def serve(self, port: int, address: str = "127.0.0.1") -> tuple[WSGIServer, Thread]:
        """Serve ``/metrics`` on ``address:port`` (0: a free port; ``server.server_port`` says
        which) in a daemon thread; stop it with ``server.shutdown()``. Raises OSError when the
        port is taken."""
        return start_http_server(port, addr=address, registry=self.registry)

    def write_textfile(self, path: Path) -> None:
        """Write the metrics to ``path`` in the text format node_exporter's textfile collector
        reads, atomically (a temporary file beside it, renamed over it)."""
        write_to_textfile(str(path), self.registry)
