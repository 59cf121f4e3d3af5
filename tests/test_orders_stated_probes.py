"""The attack's orders sentences (:mod:`tests.stated_probes`): statuses of a pending order and
figures of items and orders, judged by ``no_fabrication`` end to end."""

from __future__ import annotations

from typing import Any

import pytest

from tests.stated_probes import probes
from tests.test_orders_bound_facts import _judged, _judged_two
from tests.test_orders_supposed import _said_of_pending

# Meta-tests: `checkers mutate orders` runs them against each mutant.
pytestmark = pytest.mark.checkers_meta

JUDGES = {"orders": _said_of_pending, "items": _judged, "two_orders": _judged_two}


@pytest.mark.parametrize("probe", probes(*JUDGES))
def test_a_sentence_is_judged_as_an_honest_reader_takes_it(probe: dict[str, Any]) -> None:
    outcome, code = JUDGES[probe["judge"]](probe["sentence"])
    assert outcome == probe["expected"], (probe["sentence"], code)
