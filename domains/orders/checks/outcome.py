"""``outcome``: the database the agent's calls leave is the one the expected actions leave
(:func:`checkers.service_checks.outcome_check`, the rule every customer-service domain shares:
each differing record listed, a write of unknown effect incomplete), over orders' tables.
"""

from __future__ import annotations

from checkers.service_checks import outcome_check
from domains.orders.checks.context import REASONS, checks
from domains.orders.data_files import bundled_database
from domains.orders.service import SERVICE

TABLES = (("users", "customer"), ("orders", "order"), ("products", "product"))
"""The database's collections, each with what one record is called in a reason."""

outcome_check(checks, REASONS, SERVICE, bundled_database, TABLES)
