"""Requirement checkers for constraint-based agents, as custom metrics for Google's ADK.

The public surface is small: requirement and result models, answer parsing, the metric adapter,
and the registry that finds a domain's metrics. Everything else is private to its module.
"""

from checkers.answers import extract_json_object
from checkers.errors import CheckersError, ConfigError, DataError, ScenarioNotFound
from checkers.metric import (
    BatchItem,
    Domain,
    Metric,
    MetricOptions,
    adk_metric,
    judge_invocations,
)
from checkers.registry import domain_metrics, find_metric
from checkers.requirements import CheckRegistry, Requirement
from checkers.results import (
    RESULT_ADAPTER,
    AnswerProblem,
    Outcome,
    RequirementResult,
    SubjectResult,
    Verdict,
)
from checkers.scenario_ref import resolve_scenario_id
from checkers.transcript import ToolCall, ToolResponse, Transcript, Turn, transcript_up_to

__all__ = [
    "RESULT_ADAPTER",
    "AnswerProblem",
    "BatchItem",
    "CheckRegistry",
    "CheckersError",
    "ConfigError",
    "DataError",
    "Domain",
    "Metric",
    "MetricOptions",
    "Outcome",
    "Requirement",
    "RequirementResult",
    "ScenarioNotFound",
    "SubjectResult",
    "ToolCall",
    "ToolResponse",
    "Transcript",
    "Turn",
    "Verdict",
    "adk_metric",
    "domain_metrics",
    "extract_json_object",
    "find_metric",
    "judge_invocations",
    "resolve_scenario_id",
    "transcript_up_to",
]
