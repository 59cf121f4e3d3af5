"""The flawed demo agent: books the top-rated open restaurant without checking anyone's needs."""

from domains.dining.agents import build_agent

root_agent = build_agent("rating_first")
