"""The pytest plugin ``checkers mutate`` loads (``-p checkers.meta.mutation_plugin``) in the
meta-test runs of its project copies.

Two jobs, both off unless asked for:

- under ``coverage run`` (the unmutated baseline), each test's lines are recorded under the test's
  node id as coverage's *context*, so the runner learns which meta-tests execute which lines;
- with ``--checkers-mutation-only=FILE`` (one node id per line), only those tests run, so a mutant
  is tried against the meta-tests that reach its line instead of all of them.
"""

from __future__ import annotations

import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ONLY_OPTION = "--checkers-mutation-only"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        ONLY_OPTION,
        default=None,
        help="run only the tests whose node ids this file lists, one per line (checkers mutate)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    listed = config.getoption("checkers_mutation_only")
    if not listed:
        return
    chosen = set(Path(listed).read_text(encoding="utf-8").splitlines())
    keep = [item for item in items if item.nodeid in chosen]
    # No listed test collected means the list is stale: running none would exit non-zero, which
    # cosmic-ray counts as a kill. Running every test instead can only cost time.
    if not keep:
        return
    dropped = [item for item in items if item.nodeid not in chosen]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    running = _running_coverage()
    if running is not None:
        running.switch_context(item.nodeid)
    yield
    if running is not None:
        running.switch_context("")


def _running_coverage() -> Any:
    """The coverage measurement this process runs under, if any (never imports coverage)."""
    module = sys.modules.get("coverage")
    return None if module is None else module.Coverage.current()
