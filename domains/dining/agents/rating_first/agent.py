"""The flawed demo agent: books the top-rated open restaurant without checking anyone's needs."""

from checkers.adk.agents import agent_app
from domains.dining.agents import build_agent

root_agent = build_agent("rating_first")
# An App, so ADK runs the agent with its app-level settings.
app = agent_app(root_agent)
