"""Demo airline agents: real ADK ``LlmAgent``s with the real airline tools, offline by default.

Each agent's model is the scripted model ``scripted/airline/<name>`` (see
:mod:`domains.airline.scripted`), or Gemini when ``GOOGLE_API_KEY`` is set (model name
from ``CHECKERS_GEMINI_MODEL``; ``CHECKERS_OFFLINE=1`` forces the scripted model). The agent
folders ``careful/`` and ``flawed/`` are what ``adk eval``, ``adk web`` and ``AgentEvaluator``
load; each exposes ``root_agent`` and an ``app`` whose environment-simulation plugin makes the
direct-flight search answer 503 for one route and date (:data:`UNAVAILABLE_SEARCH`), so the
eval set can show what each agent does when a flight lookup fails.

Importing this package also registers the airline metrics with ADK's default metric registry,
so they appear in ``adk web``'s Eval tab.
"""

from __future__ import annotations

from google.adk.agents import LlmAgent
from google.adk.apps import App

from checkers.adk.agents import ToolFault, agent_app, scripted_agent
from checkers.adk.web_registration import register_web_metrics
from domains.airline import metrics
from domains.airline import scripted as _scripted  # registers the scripted policies
from domains.airline.data_files import policy_text
from domains.airline.tools import TOOLS

UNAVAILABLE_SEARCH = {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}
"""The direct-flight search the environment simulation fails with a 503."""

INSTRUCTION = f"""You are a customer-service agent of an airline. Follow this policy.

{policy_text()}

Also: never state a flight, a price, a time or a status that a tool did not return; if a lookup
fails, say so and do not guess."""

__all__ = ["INSTRUCTION", "UNAVAILABLE_SEARCH", "build_agent", "build_app", "outage"]
_ = _scripted


def build_agent(policy: str) -> LlmAgent:
    """The airline agent driven by scripted policy ``airline/<policy>`` (or Gemini, see above)."""
    return scripted_agent("airline", policy, INSTRUCTION, TOOLS, "Airline customer-service agent")


def outage() -> ToolFault:
    """The fault: the direct-flight search of :data:`UNAVAILABLE_SEARCH` answers 503."""
    message = "Service temporarily unavailable: the flight search is not responding."
    return ToolFault("search_direct_flight", UNAVAILABLE_SEARCH, message)


def build_app(agent: LlmAgent) -> App:
    """The app ``adk eval`` runs: the agent plus the environment-simulation plugin."""
    return agent_app(agent, f"airline_{agent.name}", faults=[outage()])


register_web_metrics(metrics.__name__, metrics.METRICS)
