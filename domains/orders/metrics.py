"""Orders metrics, as named in eval configs: ``domains.orders.metrics.<name>``.

Each judges the whole conversation once (``scope="conversation"``) and declares the aggregation
``requirements``: it scores the share of its requirements met (one subject per requirement, see
:mod:`domains.orders.judge`); each passes only at 1.0.

- ``task_success``: ``outcome`` (the database ends as the expected actions leave it) and
  ``conveyed`` (every required fact was told). On tau-bench trajectories it is tau-bench's reward.
- ``policy_compliance``: ``authenticated_first``, ``own_data_only``, ``policy_valid``,
  ``confirmed_before_writing`` (unscored without customer messages: a tau-bench trajectory's
  verdict does not pass, and its ADK case fails as unscored unless the criterion opts into
  ``"unscored": "not_evaluated"``).
- ``no_fabrication``: every order id, status, amount and tracking number stated came from a tool.
- ``mentions_order_id``: the replies name the orders the conversation is about (the ADK
  chapter's custom-metric exercise).
"""

from __future__ import annotations

from checkers.metric import adk_functions
from checkers.service_checks import kinds_metric
from domains.orders.judge import judge_kinds
from domains.orders.rubrics import HELPFUL_TONE
from domains.orders.scenarios import ORDERS

DESCRIPTIONS = {
    "task_success": "the database ends as the expected actions leave it and every required fact "
    "was told",
    "policy_compliance": "identified first, only the customer's own data, only writes the policy "
    "allows, each write confirmed by an explicit yes",
    "no_fabrication": "every order id, status, amount and tracking number stated came from a "
    "tool first",
    "mentions_order_id": "the agent's replies name the orders the conversation is about",
}
KINDS_JUDGED: dict[str, tuple[str, ...]] = {
    "task_success": ("outcome", "conveyed"),
    "policy_compliance": (
        "authenticated_first",
        "own_data_only",
        "policy_valid",
        "confirmed_before_writing",
    ),
    "no_fabrication": ("no_fabrication",),
    "mentions_order_id": ("mentions_order_id",),
}
"""The requirement kinds each code-checked metric judges, in the order it judges them."""
METRICS = {
    **{
        name: kinds_metric(name, ORDERS, kinds, DESCRIPTIONS[name], judge_kinds)
        for name, kinds in KINDS_JUDGED.items()
    },
    HELPFUL_TONE.name: HELPFUL_TONE,
}
NO_FABRICATION = METRICS["no_fabrication"]

# What eval configs name (domains.orders.metrics.<name>): ADK functions, built when ADK asks.
__getattr__ = adk_functions(METRICS, globals())
