"""Customer service on real retail data (tau-bench retail): models, tools, checks, metrics."""

from checkers.plugin import DomainPlugin

PLUGIN = DomainPlugin(
    name="orders",
    subject_noun="requirement",
    package=__name__,
    # The status vocabulary in claims.py and the listing reader (listing.py, with the roles of
    # its values in roles.py and the words of an address in addresses.py) decide as much as the
    # rules in checks/.
    mutate=("checks", "claims.py", "listing.py", "roles.py", "addresses.py"),
)
