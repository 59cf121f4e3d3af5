"""The solver demo agent: reads every calendar and proposes the earliest slot that works for
everyone."""

from checkers.adk.agents import agent_app
from domains.scheduling.agents import build_agent

root_agent = build_agent("solver")
# An App, so ADK runs the agent with its app-level settings.
app = agent_app(root_agent)
