"""The careful demo agent: checks every guest against menus and hours before booking."""

from checkers.adk.agents import agent_app
from domains.dining.agents import build_agent

root_agent = build_agent("careful")
# An App, so ADK runs the agent with its app-level settings.
app = agent_app(root_agent)
