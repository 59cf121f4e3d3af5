"""Airline metrics, as named in eval configs: ``domains.airline.metrics.<name>``.

Each judges the whole conversation once and scores the share of its requirement kinds met
(:data:`KINDS_JUDGED`, :func:`checkers.service_checks.kinds_metric`); each passes only at 1.0.
On tau-bench answers ``task_success`` is tau-bench's reward, but for the labelled differences
(:data:`domains.airline.scenarios.LABELS`).
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
