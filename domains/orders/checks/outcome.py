"""``outcome``: the database the agent's calls leave is the one the expected actions leave
(:func:`checkers.service_checks.check_outcome`, the rule every customer-service domain shares:
each differing record listed, a write of unknown effect incomplete).

Each check declares its reason codes with it (``reasons=``, collected in
:data:`~domains.orders.checks.context.REASONS`).
"""

from __future__ import annotations

from checkers import service_checks
from checkers.results import RequirementResult
from domains.orders.checks.context import OrdersContext, check_for
from domains.orders.data_files import bundled_database
from domains.orders.models import Database, Outcome
from domains.orders.service import WRITES, final_database

TABLES = (("users", "customer"), ("orders", "order"), ("products", "product"))
"""The database's collections, each with what one record is called in a reason."""

expected_database = service_checks.expected_databases(final_database, bundled_database)
"""The database the expected actions leave on a base (cached for the bundled one)."""


def database_differences(actual: Database, expected: Database, limit: int = 4) -> list[str]:
    """One line per record that differs: ``order #W1: status is "pending", expected ...``
    (:func:`checkers.service_checks.database_differences` over :data:`TABLES`)."""
    return service_checks.database_differences(actual, expected, TABLES, limit)


@check_for(Outcome, reasons=service_checks.OUTCOME_REASONS)
def check_outcome(req: Outcome, ctx: OrdersContext) -> RequirementResult:
    """Replay the answer's calls and the expected actions; the two databases must be equal."""
    expected = expected_database(req.expected_actions, ctx.conversation.base)
    return service_checks.check_outcome(req, ctx.conversation, expected, TABLES, WRITES)
