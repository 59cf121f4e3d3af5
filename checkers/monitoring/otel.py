"""``gen_ai.evaluation.result`` events on OpenTelemetry, one per metric result.

The event and its attributes follow OpenTelemetry's GenAI semantic conventions (the
``gen_ai.evaluation.result`` event: ``gen_ai.evaluation.name`` required,
``gen_ai.evaluation.score.value`` and ``gen_ai.evaluation.score.label`` when applicable,
``gen_ai.evaluation.explanation`` recommended, ``error.type`` when the evaluation ended in an
error), plus this project's own under ``checkers.*``: the domain, the reason code, the scenario.

An event goes out as a log record with ``event_name`` set (how the conventions define events)
through the logger provider, when one is configured, and as an event on the current span, when
that span is recording (a tracer provider is configured and the evaluation runs inside a span,
as ADK's eval service does): parented to the operation it judges, as the conventions ask.
With neither configured nothing is built. Only opentelemetry-api is needed (google-adk brings
it), and only to emit: without it, as in a core installed without google-adk, nothing is ever
configured and this module still imports. The application configures the SDK and its exporters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from checkers.monitoring.records import EvaluationRecord

if TYPE_CHECKING:
    from opentelemetry._logs import LoggerProvider
    from opentelemetry.trace import Span
    from opentelemetry.util.types import AttributeValue

EVENT_NAME = "gen_ai.evaluation.result"
EVALUATION_NAME = "gen_ai.evaluation.name"
SCORE_VALUE = "gen_ai.evaluation.score.value"
SCORE_LABEL = "gen_ai.evaluation.score.label"
EXPLANATION = "gen_ai.evaluation.explanation"
CONVERSATION_ID = "gen_ai.conversation.id"
ERROR_TYPE = "error.type"
DOMAIN = "checkers.domain"
REASON_CODE = "checkers.reason_code"
SCENARIO_ID = "checkers.scenario.id"
SCOPE = "checkers.monitoring"
"""The instrumentation scope the events are emitted under."""


def event_attributes(record: EvaluationRecord) -> dict[str, AttributeValue]:
    """The event's attributes for ``record``: the conventions' names, then the project's."""
    attributes: dict[str, AttributeValue] = {
        EVALUATION_NAME: record.metric,
        SCORE_VALUE: record.score,
        SCORE_LABEL: record.label,
        EXPLANATION: record.explanation,
        DOMAIN: record.domain,
        REASON_CODE: record.reason_code,
        SCENARIO_ID: record.scenario_id,
    }
    if record.conversation_id is not None:
        attributes[CONVERSATION_ID] = record.conversation_id
    if record.evaluator_error:
        attributes[ERROR_TYPE] = record.reason_code
    return attributes


@dataclass(frozen=True)
class _Api:
    """The parts of opentelemetry-api emitting needs."""

    current_span: Callable[[], Span]
    logger_provider: Callable[[], LoggerProvider]
    defaults: tuple[type, ...]
    """The API's own logger providers, which drop every record: not configured."""


@cache
def _api() -> _Api | None:
    """opentelemetry-api, or None when it is not installed."""
    try:
        from opentelemetry import trace
        from opentelemetry._logs import NoOpLoggerProvider, get_logger_provider
        from opentelemetry._logs._internal import ProxyLoggerProvider
    except ImportError:
        return None
    defaults = (NoOpLoggerProvider, ProxyLoggerProvider)
    return _Api(trace.get_current_span, get_logger_provider, defaults)


class EventEmitter:
    """Emits :data:`EVENT_NAME` events; by default through the global providers, as configured
    when an event is emitted (so an application may configure OpenTelemetry after import)."""

    def __init__(self, logger_provider: LoggerProvider | None = None) -> None:
        self._logger_provider = logger_provider

    def _targets(self) -> tuple[LoggerProvider | None, Span | None]:
        """The configured logger provider and the recording span, each None when absent."""
        api = _api()
        if api is None:
            return None, None
        logs = self._logger_provider or api.logger_provider()
        span = api.current_span()
        return (
            None if isinstance(logs, api.defaults) else logs,
            span if span.is_recording() else None,
        )

    def enabled(self) -> bool:
        """Whether an event emitted now would go anywhere: a logger provider is configured,
        or the current span is recording."""
        return self._targets() != (None, None)

    def emit(self, record: EvaluationRecord) -> None:
        """Emit ``record``'s event wherever telemetry is configured; raises whatever a
        processor raises (the caller, :class:`checkers.monitoring.Monitor`, swallows and counts
        it: an SDK's own processors already swallow their exporters' errors)."""
        logs, span = self._targets()
        if logs is None and span is None:
            return
        attributes = event_attributes(record)
        if span is not None:
            span.add_event(EVENT_NAME, attributes)
        if logs is not None:
            logs.get_logger(SCOPE).emit(event_name=EVENT_NAME, attributes=attributes)
