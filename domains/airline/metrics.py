"""Airline metrics, as named in eval configs: ``domains.airline.metrics.<name>``.

Each judges the whole conversation once (``scope="conversation"``) and scores the share of its
requirements met (aggregation ``requirements``, one subject per requirement, see
:mod:`domains.airline.judge`); each passes only at 1.0.

- ``task_success``: ``outcome`` (the database ends as the task's expected actions leave it,
  each differing record listed) and ``conveyed`` (every required output was said, numbers by
  value). On tau-bench answers it is tau-bench's reward, but for the labelled differences
  (:data:`domains.airline.scenarios.LABELS`).
"""

from __future__ import annotations

from checkers.metric import adk_functions
from checkers.service_checks import kinds_metric
from domains.airline.judge import judge_kinds
from domains.airline.scenarios import AIRLINE

KINDS_JUDGED: dict[str, tuple[str, ...]] = {"task_success": ("outcome", "conveyed")}
"""The requirement kinds each metric judges, in the order it judges them."""

TASK_SUCCESS = kinds_metric(
    "task_success",
    AIRLINE,
    KINDS_JUDGED["task_success"],
    "the database ends as the expected actions leave it and every required output was said",
    judge_kinds,
)
METRICS = {m.name: m for m in (TASK_SUCCESS,)}

# What eval configs name (domains.airline.metrics.<name>): ADK functions, built when ADK asks.
__getattr__ = adk_functions(METRICS, globals())
