"""The attack's airline sentences (:mod:`tests.stated_probes`): whether the airline reader
(:data:`domains.airline.fabrication.FLIGHT_STATUSES`) reads a flight status as stated."""

from __future__ import annotations

from typing import Any

import pytest

from checkers.text import fold_lower
from domains.airline.fabrication import _STATUS, FLIGHT_STATUSES
from tests.stated_probes import probes

# Meta-tests: `checkers mutate airline` runs them against each mutant.
pytestmark = pytest.mark.checkers_meta


@pytest.mark.parametrize("probe", probes("airline"))
def test_a_flight_status_is_read_as_an_honest_reader_takes_it(probe: dict[str, Any]) -> None:
    lowered = fold_lower(probe["sentence"])
    found = list(_STATUS.finditer(lowered))
    verdicts = FLIGHT_STATUSES.each(lowered, [m.span() for m in found])
    said = [
        stated for m, stated in zip(found, verdicts, strict=True) if m.group(0) == probe["word"]
    ]
    assert said, f"no status {probe['word']!r} read in {probe['sentence']!r}"
    assert ("stated" if said[0] else "not") == probe["expected"], probe["sentence"]
