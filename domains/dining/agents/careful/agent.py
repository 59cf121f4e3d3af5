"""The careful demo agent: checks every guest against menus and hours before booking."""

from google.adk.apps import App

from domains.dining.agents import build_agent

root_agent = build_agent("careful")
# An App, so ADK runs the agent with its app-level settings (and no deprecated plugin path).
app = App(name="careful", root_agent=root_agent)
