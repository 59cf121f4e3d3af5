"""The solver demo agent: reads every calendar and proposes the earliest slot that works for
everyone."""

from google.adk.apps import App

from domains.scheduling.agents import build_agent

root_agent = build_agent("solver")
# An App, so ADK runs the agent with its app-level settings (plugins, for one).
app = App(name="solver", root_agent=root_agent)
