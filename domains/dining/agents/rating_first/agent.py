"""The flawed demo agent: books the top-rated open restaurant without checking anyone's needs."""

from google.adk.apps import App

from domains.dining.agents import build_agent

root_agent = build_agent("rating_first")
# An App, so ADK runs the agent with its app-level settings (and no deprecated plugin path).
app = App(name="rating_first", root_agent=root_agent)
