"""An attack on orders' listing rules, kept as data (``tests/probes/orders_listing.json``).

A helper wrote honest listings the way LLM agents confirm before a write (tables of the current
and new address, lists of fields, "from ... to", "so that ... is the new address", "swap in",
"instead of an exchange, I'll return ...") and listings that misstate the write. Every honest
one must confirm its write; the misstated ones that still pass are the known false passes, kept
so that a change closing one is seen (the list must then shrink) and none opens silently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.listing_slots import attack_tests
from tests.test_orders_confirmation_probes import judged

pytestmark = pytest.mark.checkers_meta

ATTACK = json.loads((Path(__file__).parent / "probes" / "orders_listing.json").read_text())


def _verdict(case: dict[str, Any]) -> str:
    return judged(case["listing"], case["write"], case["reply"], case["user"])[0]


(
    test_an_honest_listing_confirms_its_write,
    test_the_misstated_listings_that_pass_are_the_known_ones,
) = attack_tests(ATTACK, _verdict)
