"""Building a domain's demo agents: a scripted ``LlmAgent``, and the ``App`` ``adk eval`` runs,
with tool faults injected when asked.

A domain's agent package says only what is its own (its instruction, its tools, its policies)::

    def build_agent(policy: str) -> LlmAgent:
        return scripted_agent("dining", policy, INSTRUCTION, TOOLS, "Dining planner")

    app = agent_app(build_agent("careful"), faults=[
        ToolFault("get_menu", {"restaurant_id": "r19"}, "menu service unavailable")])

The agent's model is the scripted policy ``<domain>/<policy>`` offline, or Gemini when a key is
configured (:func:`~checkers.adk.scripted_model.model_for`). A fault makes ADK's environment
simulation answer the matching tool call with an HTTP error payload (``{"error_code": 503,
"error_message": ...}``) instead of running the tool; every other call runs the real tool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.apps import App
from google.adk.tools.environment_simulation import EnvironmentSimulationFactory
from google.adk.tools.environment_simulation.environment_simulation_config import (
    EnvironmentSimulationConfig,
    InjectedError,
    InjectionConfig,
    ToolSimulationConfig,
)

from checkers.adk.scripted_model import model_for

__all__ = ["ToolFault", "agent_app", "fault_config", "scripted_agent"]


def scripted_agent(
    domain: str,
    policy: str,
    instruction: str,
    tools: Sequence[Any],
    description: str,
) -> LlmAgent:
    """The ``LlmAgent`` named ``policy`` whose model follows the scripted policy
    ``<domain>/<policy>`` (or Gemini, see the module docstring), with ``tools`` (functions or
    ADK tools).

    ``description`` says what the agent does; the policy's words are added
    (``"Dining planner (rating first)"``).
    """
    return LlmAgent(
        name=policy,
        model=model_for(f"{domain}/{policy}"),
        description=f"{description} ({policy.replace('_', ' ')})",
        instruction=instruction,
        tools=list(tools),
    )


@dataclass(frozen=True)
class ToolFault:
    """A tool call the environment simulation fails: every call of ``tool`` whose arguments
    include ``match_args`` answers HTTP ``status`` with ``message``."""

    tool: str
    match_args: Mapping[str, Any]
    message: str
    status: int = 503


def fault_config(faults: Sequence[ToolFault]) -> EnvironmentSimulationConfig:
    """ADK's environment-simulation config injecting ``faults``, grouped by tool in order."""
    by_tool: dict[str, list[InjectionConfig]] = {}
    for fault in faults:
        by_tool.setdefault(fault.tool, []).append(
            InjectionConfig(
                match_args=dict(fault.match_args),
                injected_error=InjectedError(
                    injected_http_error_code=fault.status, error_message=fault.message
                ),
            )
        )
    return EnvironmentSimulationConfig(
        tool_simulation_configs=[
            ToolSimulationConfig(tool_name=tool, injection_configs=injections)
            for tool, injections in by_tool.items()
        ]
    )


def agent_app(agent: LlmAgent, name: str | None = None, faults: Sequence[ToolFault] = ()) -> App:
    """The ``App`` ``adk eval`` runs ``agent`` in (named ``name``, default the agent's name),
    so ADK applies its app-level settings; with ``faults``, an environment-simulation plugin
    injects them."""
    plugins = [EnvironmentSimulationFactory.create_plugin(fault_config(faults))] if faults else []
    return App(name=name or agent.name, root_agent=agent, plugins=plugins)
