"""Requirement checkers for constraint-based agents, as custom metrics for Google's ADK.

The public surface is small: requirement and result models, answer parsing, the metric adapter,
a domain's declaration (:class:`DomainPlugin`) and the registry that finds a domain's plugin and
metrics. Everything else is private to its module.

``import checkers`` needs no google-adk: the names that read or build ADK objects
(``adk_metric``, ``judge_invocations``, ``resolve_scenario_id``, ``transcript_up_to``, from
:mod:`checkers.adk`) are imported on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from checkers.answers import extract_json_object
from checkers.errors import CheckersError, ConfigError, DataError, ScenarioNotFound
from checkers.metric import BatchItem, Domain, Metric, MetricOptions, adk_functions
from checkers.plugin import DomainPlugin
from checkers.registry import domain_metrics, find_metric, find_plugin
from checkers.requirements import CheckRegistry, Requirement
from checkers.results import (
    RESULT_ADAPTER,
    Aggregation,
    AnswerProblem,
    Outcome,
    RequirementResult,
    SubjectResult,
    Verdict,
)
from checkers.transcript import ToolCall, ToolResponse, Transcript, Turn

if TYPE_CHECKING:
    from checkers.adk.custom_metric import adk_metric, judge_invocations
    from checkers.adk.invocations import resolve_scenario_id, transcript_up_to

# The public names that need google-adk, and the module of checkers.adk each comes from.
_ADK_NAMES = {
    "adk_metric": "checkers.adk.custom_metric",
    "judge_invocations": "checkers.adk.custom_metric",
    "resolve_scenario_id": "checkers.adk.invocations",
    "transcript_up_to": "checkers.adk.invocations",
}


def __getattr__(name: str) -> Any:
    # PEP 562: the ADK-facing names load google-adk only when someone uses one.
    if name in _ADK_NAMES:
        value = getattr(importlib.import_module(_ADK_NAMES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'checkers' has no attribute {name!r}")


__all__ = [
    "RESULT_ADAPTER",
    "Aggregation",
    "AnswerProblem",
    "BatchItem",
    "CheckRegistry",
    "CheckersError",
    "ConfigError",
    "DataError",
    "Domain",
    "DomainPlugin",
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
    "adk_functions",
    "adk_metric",
    "domain_metrics",
    "extract_json_object",
    "find_metric",
    "find_plugin",
    "judge_invocations",
    "resolve_scenario_id",
    "transcript_up_to",
]
