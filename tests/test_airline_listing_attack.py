"""Two attacks on airline's listing rules, kept as data (``tests/probes/airline_listing.json``,
and ``airline_names.json`` on persons named beside the write's passengers).

A helper wrote honest listings the way LLM agents confirm airline writes (itemised costs,
allowances, the bags a reservation has now beside those added, what paid before, other options
the customer turned down, closing questions in many wordings) and listings that misstate the
write. Every honest one must confirm its write, but for those that fail closed on purpose; the
misstated ones that still pass must be exactly the known ones.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from tests.listing_slots import attack_tests
from tests.test_airline_policy import IDENTIFIED, convo, judged

pytestmark = pytest.mark.checkers_meta

_PROBES = Path(__file__).parent / "probes"
ATTACK = {
    kind: [
        case
        for name in ("airline_listing.json", "airline_names.json")
        for case in json.loads((_PROBES / name).read_text())[kind]
    ]
    for kind in ("honest", "misstated")
}


def _verdict(case: dict[str, Any]) -> str:
    turns = [tuple(turn) for turn in case["turns"]]
    found: Outcome = judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))[0]
    return found.value


(
    test_an_honest_listing_confirms_its_write,
    test_the_misstated_listings_that_pass_are_the_known_ones,
) = attack_tests(ATTACK, _verdict)
