"""A metric judging a generated scenario under a fixed id, as if a domain had bundled it.

The meta-tests generate scenarios that no eval set names: :func:`pinned` makes a copy of the
metric whose domain loads the generated scenario by :data:`PINNED_REF` (every other id through the
real domain), so a call that names a scenario only by id, as ADK's does, judges it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checkers.metric import BatchItem, Domain, Metric
from checkers.transcript import Transcript

PINNED_REF = "checkers-meta-generated"
"""The scenario id under which a pinned metric's domain hands out the generated scenario."""


class PinnedDomain(Domain[Any]):
    """``base`` with one more scenario: ``scenario`` under id ``ref``."""

    def __init__(self, base: Domain[Any], ref: str, scenario: Any) -> None:
        self.base = base
        self.ref = ref
        self.scenario = scenario
        self.name = base.name

    def scenario_ids(self) -> list[str]:
        return [self.ref, *self.base.scenario_ids()]

    def load_scenario(self, ref: str) -> Any:
        return self.scenario if ref == self.ref else self.base.load_scenario(ref)

    def parse_answer(self, answer: str | None) -> Transcript:
        return self.base.parse_answer(answer)

    def batch_item(self, row: dict[str, Any]) -> BatchItem[Any]:
        return self.base.batch_item(row)


def pinned(metric: Metric[Any], scenario: Any, ref: str = PINNED_REF) -> Metric[Any]:
    """``metric`` judging ``scenario`` when an invocation names ``ref``."""
    return replace(metric, domain=PinnedDomain(metric.domain, ref, scenario))
