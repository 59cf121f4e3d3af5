"""The solver demo agent (see agent.py): reads every calendar, proposes the earliest slot that
works for everyone."""

# Absolute import: `adk eval` loads this file as a top-level module named "agent".
from domains.scheduling.agents.solver import agent

root_agent = agent.root_agent
app = agent.app
