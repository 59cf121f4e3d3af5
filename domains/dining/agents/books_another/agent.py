"""A flawed demo agent: announces the careful plan, but books another restaurant."""

from checkers.adk.agents import agent_app
from domains.dining.agents import build_agent

root_agent = build_agent("books_another")
# An App, so ADK runs the agent with its app-level settings.
app = agent_app(root_agent)
