"""The careful airline agent: identifies the user first, acts only on their own reservations,
refuses what the policy forbids, lists each write with its cost and waits for an explicit yes,
and says only what its tools returned."""

from domains.airline.agents import build_agent, build_app

root_agent = build_agent("careful")
app = build_app(root_agent)
