"""Demo customer-service agents: real ADK ``LlmAgent``s with the real orders tools, offline by
default.

Each agent's model is the scripted model ``scripted/orders/<name>`` (see
:mod:`domains.orders.agents.policies`), or Gemini when ``GOOGLE_API_KEY`` is set (model name from
``CHECKERS_GEMINI_MODEL``; ``CHECKERS_OFFLINE=1`` forces the scripted model). The agent folders
``careful/`` and ``flawed/`` are what ``adk eval``, ``adk web`` and ``AgentEvaluator`` load; each
exposes ``root_agent`` and an ``app`` whose environment-simulation plugin makes the order service
answer 503 for one order (:data:`UNAVAILABLE_ORDER`), so the eval set can show what each agent
does when a lookup fails.

Importing this package also registers the orders metrics with ADK's default metric registry, so
they appear in ``adk web``'s Eval tab.
"""

from __future__ import annotations

from google.adk.agents import LlmAgent
from google.adk.apps import App

from checkers.adk.agents import ToolFault, agent_app, scripted_agent
from checkers.adk.web_registration import register_web_metrics
from domains.orders import metrics
from domains.orders.agents import policies as _policies  # registers the scripted policies
from domains.orders.data_files import policy_text
from domains.orders.tools import TOOLS

UNAVAILABLE_ORDER = "#W2768383"
"""The order whose status lookups (``get_order_status``) the environment simulation fails with
a 503 (an order of Emma Kim's)."""

INSTRUCTION = f"""You are a customer-service agent of an online retail store. Follow this policy.

{policy_text()}

Also: never state an order's status, an amount or a tracking number that a tool did not return;
if a lookup fails, say so and do not guess."""

__all__ = ["INSTRUCTION", "UNAVAILABLE_ORDER", "build_agent", "build_app", "outage"]
_ = _policies


def build_agent(policy: str) -> LlmAgent:
    """The orders agent driven by scripted policy ``orders/<policy>`` (or Gemini, see above)."""
    return scripted_agent("orders", policy, INSTRUCTION, TOOLS, "Customer-service agent")


def outage(order_id: str = UNAVAILABLE_ORDER) -> ToolFault:
    """The fault: ``get_order_status`` of ``order_id`` answers 503."""
    message = "Service temporarily unavailable: the order database is not responding."
    return ToolFault("get_order_status", {"order_id": order_id}, message)


def build_app(agent: LlmAgent) -> App:
    """The app ``adk eval`` runs: the agent plus the environment-simulation plugin."""
    return agent_app(agent, f"orders_{agent.name}", faults=[outage()])


register_web_metrics(metrics.__name__, metrics.METRICS)
