"""A flawed demo agent: announces the careful plan, but books another restaurant."""

from google.adk.apps import App

from domains.dining.agents import build_agent

root_agent = build_agent("books_another")
# An App, so ADK runs the agent with its app-level settings (and no deprecated plugin path).
app = App(name="books_another", root_agent=root_agent)
