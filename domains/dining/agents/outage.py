"""Fault injection: the same demo agents, with ``get_menu`` failing for one restaurant.

ADK's environment simulation (a plugin on the ``App``) answers ``get_menu`` for the outage
restaurant with an HTTP 503 payload (``{"error_code": 503, "error_message": ...}``) instead of
running the tool; every other call runs the real tool. The careful agent must not book a
restaurant whose menu it could not read; ``menu_before_booking`` checks exactly that.
"""

from __future__ import annotations

from google.adk.apps import App
from google.adk.tools.environment_simulation.environment_simulation_config import (
    EnvironmentSimulationConfig,
)

from checkers.adk.agents import ToolFault, agent_app, fault_config
from domains.dining.agents import build_agent

OUTAGE_RESTAURANT = "r19"
"""Marigold: the careful agent's first choice for the story group, so the outage bites."""


def menu_outage(restaurant_id: str = OUTAGE_RESTAURANT) -> ToolFault:
    """The fault: get_menu(restaurant_id=<restaurant_id>) answers 503."""
    message = "menu service unavailable, try again later"
    return ToolFault("get_menu", {"restaurant_id": restaurant_id}, message)


def menu_outage_config(restaurant_id: str = OUTAGE_RESTAURANT) -> EnvironmentSimulationConfig:
    """get_menu(restaurant_id=<restaurant_id>) answers 503; everything else is real."""
    return fault_config([menu_outage(restaurant_id)])


def menu_outage_app(policy: str, app_name: str) -> App:
    """The ``policy`` demo agent in an App whose get_menu fails for the outage restaurant."""
    return agent_app(build_agent(policy), app_name, faults=[menu_outage()])
