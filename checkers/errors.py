"""Errors for problems a person must fix: configuration, unknown scenarios, bad data files.

Each message says what went wrong, shows the offending value, and says how to fix it.
"""

from __future__ import annotations

import importlib
from typing import Any


class CheckersError(Exception):
    """Base of the errors this package raises on purpose."""


class ConfigError(CheckersError, ValueError):
    """A metric option, eval config or command-line argument is wrong."""


class ScenarioNotFound(CheckersError, LookupError):
    """A scenario id or path that names no scenario."""


class DataError(CheckersError, ValueError):
    """A scenario or catalog file that does not load (bad JSON, wrong fields, broken references)."""


def optional_module(name: str, needed_for: str, install: str) -> Any:
    """The module ``name`` of an optional dependency, imported now.

    Raises ConfigError saying what it is ``needed_for`` and how to ``install`` it when it is
    not installed."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        raise ConfigError(f"{needed_for} needs {name} ({install})") from error
