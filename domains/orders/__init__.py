"""Customer service on real retail data (tau-bench retail): models, tools, checks, metrics."""

from checkers.plugin import DomainPlugin

PLUGIN = DomainPlugin(
    name="orders",
    subject_noun="requirement",
    package=__name__,
    # The status vocabulary in claims.py and the listing reader (listing.py, with the words of
    # an address in addresses.py, an item's option values in options.py; the roles of its
    # values are the core's, checkers/roles.py) decide as much as the rules in checks/.
    mutate=("checks", "claims.py", "listing.py", "addresses.py", "options.py"),
)
