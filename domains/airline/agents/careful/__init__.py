"""The careful airline agent (see agent.py). ``adk eval`` loads this file as a module named
``agent``, so the import is absolute."""

from domains.airline.agents.careful import agent

root_agent = agent.root_agent
app = agent.app
