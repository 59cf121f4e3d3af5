"""Airline customer service on real data (tau-bench airline): models, tools, checks, metrics."""

from checkers.plugin import DomainPlugin

PLUGIN = DomainPlugin(
    name="airline",
    subject_noun="requirement",
    package=__name__,
    # The policy rules and the confirmation reading decide as much as the checks table.
    mutate=(
        "checks.py",
        "conduct.py",
        "confirmation.py",
        "policy.py",
        "fabrication.py",
        "listing_counts.py",
        "passenger_names.py",
        "split_said.py",
        "cost_said.py",
        "flights_said.py",
        "insurance_said.py",
    ),
)
