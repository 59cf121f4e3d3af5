"""The rating-first agent while get_menu answers 503 for one restaurant (see ..outage)."""

# Absolute import: `adk eval` loads this file as a top-level module named "agent".
from domains.dining.agents.rating_first_menu_outage import agent

root_agent = agent.root_agent
