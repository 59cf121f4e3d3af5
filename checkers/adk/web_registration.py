"""Making a domain's metrics visible in ``adk web``'s Eval tab.

``adk web`` never reads an eval config: its metric list and its eval runs use ADK's process-wide
default metric registry, so a custom metric shows up only when code registers it there. An agent
package calls :func:`register_web_metrics` on import, and its metrics appear once ``adk web``
has loaded that agent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.metric_evaluator_registry import register_custom_metrics_from_config

from checkers.metric import Metric


def web_eval_config(module: str, metrics: Mapping[str, Metric[Any]]) -> EvalConfig:
    """An eval config naming every metric of ``module`` (``module.<name>``) at its default
    threshold; the same shape an eval config file uses."""
    return EvalConfig.model_validate(
        {
            "criteria": {name: {"threshold": m.default_threshold} for name, m in metrics.items()},
            "custom_metrics": {
                name: {"code_config": {"name": f"{module}.{name}"}, "description": m.description}
                for name, m in metrics.items()
            },
        }
    )


def register_web_metrics(module: str, metrics: Mapping[str, Metric[Any]]) -> None:
    """Register ``metrics`` (functions importable as ``module.<name>``) with ADK's default
    metric registry. Safe to call more than once."""
    register_custom_metrics_from_config(web_eval_config(module, metrics))
