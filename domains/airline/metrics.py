"""Airline metrics, as named in eval configs: ``domains.airline.metrics.<name>``.

Each judges the whole conversation once (``scope="conversation"``) and scores the share of its
requirements met (aggregation ``requirements``, one subject per requirement, see
:mod:`domains.airline.judge`); each passes only at 1.0.

- ``task_success``: ``outcome`` (the database ends as the task's expected actions leave it,
  each differing record listed) and ``conveyed`` (every required output was said, numbers by
  value). On tau-bench answers it is tau-bench's reward, but for the labelled differences
  (:data:`domains.airline.scenarios.LABELS`).
- ``policy_compliance``: ``identified_first``, ``confirmed_before_writing`` (unscored without
  customer messages), ``policy_valid``, ``one_call_at_a_time`` (unscored when the source does
  not record which message made which call).
- ``no_fabrication``: every fact stated came from a tool or the customer first.
"""

from __future__ import annotations

from checkers.metric import adk_functions
from checkers.service_checks import kinds_metric
from domains.airline.judge import judge_kinds
from domains.airline.scenarios import AIRLINE

DESCRIPTIONS = {
    "task_success": "the database ends as the expected actions leave it and every required "
    "output was said",
    "policy_compliance": "the user id obtained first and only their data touched, each write "
    "the policy names confirmed by a yes to its listing and cost, only writes the policy "
    "allows, one tool call at a time",
    "no_fabrication": "every flight, reservation id, amount, time and status stated came from a "
    "tool or the customer first, about the entity it is stated about",
}
KINDS_JUDGED: dict[str, tuple[str, ...]] = {
    "task_success": ("outcome", "conveyed"),
    "policy_compliance": (
        "identified_first",
        "confirmed_before_writing",
        "policy_valid",
        "one_call_at_a_time",
    ),
    "no_fabrication": ("no_fabrication",),
}
"""The requirement kinds each metric judges, in the order it judges them."""
METRICS = {
    name: kinds_metric(name, AIRLINE, kinds, DESCRIPTIONS[name], judge_kinds)
    for name, kinds in KINDS_JUDGED.items()
}
TASK_SUCCESS = METRICS["task_success"]

# What eval configs name (domains.airline.metrics.<name>): ADK functions, built when ADK asks.
__getattr__ = adk_functions(METRICS, globals())
