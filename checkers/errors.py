"""Errors for problems a person must fix: configuration, unknown scenarios, bad data files.

Each message says what went wrong, shows the offending value, and says how to fix it.
"""

from __future__ import annotations


class CheckersError(Exception):
    """Base of the errors this package raises on purpose."""


class ConfigError(CheckersError, ValueError):
    """A metric option, eval config or command-line argument is wrong."""


class ScenarioNotFound(CheckersError, LookupError):
    """A scenario id or path that names no scenario."""


class DataError(CheckersError, ValueError):
    """A scenario or catalog file that does not load (bad JSON, wrong fields, broken references)."""
