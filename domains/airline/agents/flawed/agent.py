"""The flawed airline agent: writes as soon as it is asked (no yes), checks no rule (it cancels
a non-refundable basic economy booking), and makes up a flight when a search fails."""

from domains.airline.agents import build_agent, build_app

root_agent = build_agent("flawed")
app = build_app(root_agent)
