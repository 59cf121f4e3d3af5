"""The careful agent, except that on some turns it acts as rating_first: it books the top-rated
restaurant open at the requested time without reading the group or any menu.

Which turns slip is drawn from the seed (``checkers eval --seed``, else ``$CHECKERS_SEED``, else
0; see :mod:`checkers.adk.variation`), so a run is reproducible and repeated runs differ. Change
the chance here; ``CHECKERS_SLIP_RATE`` overrides it without editing the file.
"""

from checkers.adk.agents import agent_app
from checkers.adk.variation import slip_rate
from domains.dining.agents import build_varying_agent

SLIP_RATE = slip_rate(default=0.3)
"""The chance per turn of slipping into rating_first."""

root_agent = build_varying_agent("sometimes_careless", "careful", {"rating_first": SLIP_RATE})
# An App, so ADK runs the agent with its app-level settings.
app = agent_app(root_agent)
