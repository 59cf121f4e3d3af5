"""A flawed demo agent: announces the careful plan, but books another restaurant."""

# Absolute import: `adk eval` loads this file as a top-level module named "agent".
from domains.dining.agents.books_another import agent

root_agent = agent.root_agent
