"""The flawed demo agent (see agent.py): proposes the first slot inside the work hours and
reads no calendar."""

# Absolute import: `adk eval` loads this file as a top-level module named "agent".
from domains.scheduling.agents.first_slot import agent

root_agent = agent.root_agent
app = agent.app
