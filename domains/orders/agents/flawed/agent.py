"""The flawed orders agent: skips identification, serves anyone's orders, and makes up a status
when an order lookup fails."""

from domains.orders.agents import build_agent, build_app

root_agent = build_agent("flawed")
app = build_app(root_agent)
