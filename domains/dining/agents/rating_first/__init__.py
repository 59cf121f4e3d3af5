"""The flawed demo agent: books the top-rated open restaurant without checking anyone's needs."""

# Absolute import: `adk eval` loads this file as a top-level module named "agent".
from domains.dining.agents.rating_first import agent

root_agent = agent.root_agent
