"""The careful demo agent: checks every guest against menus and hours before booking."""

from domains.dining.agents import build_agent

root_agent = build_agent("careful")
