"""The careful agent that, on some turns, books the top-rated restaurant blind (see agent.py)."""

# Absolute import: `adk eval` loads this file as a top-level module named "agent".
from domains.dining.agents.sometimes_careless import agent

root_agent = agent.root_agent
