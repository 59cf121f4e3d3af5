"""The careful orders agent: identifies the customer first, acts only on their own orders, asks
for an explicit yes before each write, and says only what its tools returned."""

from domains.orders.agents import build_agent, build_app

root_agent = build_agent("careful")
app = build_app(root_agent)
