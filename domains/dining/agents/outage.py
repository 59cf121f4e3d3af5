"""Fault injection: the same demo agents, with ``get_menu`` failing for one restaurant.

ADK's environment simulation (a plugin on the ``App``) answers ``get_menu`` for the outage
restaurant with an HTTP 503 payload (``{"error_code": 503, "error_message": ...}``) instead of
running the tool; every other call runs the real tool. The careful agent must not book a
restaurant whose menu it could not read; ``menu_before_booking`` checks exactly that.
"""

from __future__ import annotations

from google.adk.apps import App
from google.adk.tools.environment_simulation import EnvironmentSimulationFactory
from google.adk.tools.environment_simulation.environment_simulation_config import (
    EnvironmentSimulationConfig,
    InjectedError,
    InjectionConfig,
    ToolSimulationConfig,
)

from domains.dining.agents import build_agent

OUTAGE_RESTAURANT = "r19"
"""Marigold: the careful agent's first choice for the story group, so the outage bites."""


def menu_outage_config(restaurant_id: str = OUTAGE_RESTAURANT) -> EnvironmentSimulationConfig:
    """get_menu(restaurant_id=<restaurant_id>) answers 503; everything else is real."""
    return EnvironmentSimulationConfig(
        tool_simulation_configs=[
            ToolSimulationConfig(
                tool_name="get_menu",
                injection_configs=[
                    InjectionConfig(
                        match_args={"restaurant_id": restaurant_id},
                        injected_error=InjectedError(
                            injected_http_error_code=503,
                            error_message="menu service unavailable, try again later",
                        ),
                    )
                ],
            )
        ]
    )


def menu_outage_app(policy: str, app_name: str) -> App:
    """The ``policy`` demo agent in an App whose get_menu fails for the outage restaurant."""
    return App(
        name=app_name,
        root_agent=build_agent(policy),
        plugins=[EnvironmentSimulationFactory.create_plugin(menu_outage_config())],
    )
