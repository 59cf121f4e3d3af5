"""The careful demo agent: checks every guest against menus and hours before booking."""

# Absolute import: `adk eval` loads this file as a top-level module named "agent".
from domains.dining.agents.careful import agent

root_agent = agent.root_agent
