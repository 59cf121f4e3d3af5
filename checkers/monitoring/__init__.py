"""Monitoring metric results: OpenTelemetry ``gen_ai.evaluation.result`` events and Prometheus
metrics, from the ADK metric adapter and ``checkers score``.

The core of it needs only opentelemetry-api (google-adk brings it); Prometheus metrics need the
``monitoring`` extra (prometheus-client), imported only when asked for. See
:mod:`checkers.monitoring.monitor` for how results are routed and why nothing here raises,
:mod:`checkers.monitoring.otel` for the event's attributes, and
:mod:`checkers.monitoring.prometheus` for the metric names. Alert rules over those metrics are in
``monitoring/alerts.yml``.
"""

from checkers.monitoring.monitor import (
    TEXTFILE_VARIABLE,
    Monitor,
    MonitoringSink,
    current_monitor,
    install_monitor,
    monitor_from_environment,
    observe_case,
    prometheus_metrics,
)
from checkers.monitoring.otel import EVENT_NAME, EventEmitter, event_attributes
from checkers.monitoring.records import EvaluationRecord, evaluation_record

__all__ = [
    "EVENT_NAME",
    "TEXTFILE_VARIABLE",
    "EvaluationRecord",
    "EventEmitter",
    "Monitor",
    "MonitoringSink",
    "current_monitor",
    "evaluation_record",
    "event_attributes",
    "install_monitor",
    "monitor_from_environment",
    "observe_case",
    "prometheus_metrics",
]
