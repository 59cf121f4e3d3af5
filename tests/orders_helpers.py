"""The orders database as the ``outcome`` check compares it, for tests that look inside it."""

from __future__ import annotations

from checkers import service_checks
from domains.orders.checks.outcome import TABLES
from domains.orders.data_files import bundled_database
from domains.orders.models import Database
from domains.orders.service import final_database

expected_database = service_checks.expected_databases(final_database, bundled_database)
"""The database the expected actions leave on a base, as ``outcome`` replays them."""


def database_differences(actual: Database, expected: Database) -> list[str]:
    """One line per record that differs, as ``outcome``'s reason lists them."""
    return service_checks.database_differences(actual, expected, TABLES)
