"""The pytest plugin ``checkers mutate`` loads (``-p checkers.meta.mutation_plugin``) in the
meta-test runs of its project copies.

Three jobs, each off unless asked for:

- under ``coverage run`` (the unmutated baseline), each test's lines are recorded under the test's
  node id as coverage's *context*, so the runner learns which meta-tests execute which lines;
- with ``--checkers-mutation-only=FILE`` (one node id per line), only those tests run, so a mutant
  is tried against the meta-tests that reach its line instead of all of them, and they run in the
  file's order (the runner lists the quickest first, so that under ``-x`` a mutant dies at the
  cheapest test that kills it);
- with ``--checkers-mutation-timings=FILE`` (the baseline), each test's seconds (setup, call and
  teardown) are written to FILE as a JSON object keyed by node id, for that ordering.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ONLY_OPTION = "--checkers-mutation-only"
TIMINGS_OPTION = "--checkers-mutation-timings"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        ONLY_OPTION,
        default=None,
        help="run only the tests whose node ids this file lists, one per line, in its order "
        "(checkers mutate)",
    )
    parser.addoption(
        TIMINGS_OPTION,
        default=None,
        help="write each test's seconds to this file as JSON keyed by node id (checkers mutate)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    listed = config.getoption("checkers_mutation_only")
    if not listed:
        return
    order = {
        nodeid: index
        for index, nodeid in enumerate(Path(listed).read_text(encoding="utf-8").splitlines())
    }
    keep = sorted((item for item in items if item.nodeid in order), key=lambda i: order[i.nodeid])
    # No listed test collected means the list is stale: running none would exit non-zero, which
    # cosmic-ray counts as a kill. Running every test instead can only cost time.
    if not keep:
        return
    dropped = [item for item in items if item.nodeid not in order]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep


_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _seconds[report.nodeid] = _seconds.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    target = session.config.getoption("checkers_mutation_timings")
    if target:
        Path(target).write_text(json.dumps(_seconds, sort_keys=True), encoding="utf-8")


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
