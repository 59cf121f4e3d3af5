"""The flawed demo agent: proposes the first slot inside the work hours and reads no calendar."""

from google.adk.apps import App

from domains.scheduling.agents import build_agent

root_agent = build_agent("first_slot")
# An App, so ADK runs the agent with its app-level settings (plugins, for one).
app = App(name="first_slot", root_agent=root_agent)
