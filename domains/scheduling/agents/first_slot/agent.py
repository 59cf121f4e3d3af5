"""The flawed demo agent: proposes the first slot inside the work hours and reads no calendar."""

from checkers.adk.agents import agent_app
from domains.scheduling.agents import build_agent

root_agent = build_agent("first_slot")
# An App, so ADK runs the agent with its app-level settings.
app = agent_app(root_agent)
