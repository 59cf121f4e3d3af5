"""Registers the dining metrics for ``adk web`` (imported by the demo agent package)."""

from __future__ import annotations

from checkers.adk.web_registration import register_web_metrics as _register
from domains.dining import metrics


def register_web_metrics() -> None:
    """Make every dining metric selectable in ``adk web``'s Eval tab."""
    _register(metrics.__name__, metrics.METRICS)
