"""Airline customer service on real data (tau-bench airline): models, tools, checks, metrics."""

from checkers.plugin import DomainPlugin

PLUGIN = DomainPlugin(
    name="airline",
    subject_noun="requirement",
    package=__name__,
    meta_spec=None,
    agents=None,
)
