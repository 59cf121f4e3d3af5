"""The month May is no hedge: readers that drop an amount, a count or a purchase said with
"may" ("the fee may be $50") read one dated "May 28" or "28 May" as said.

Found by mutation testing of ``domains/airline/insurance_said.py``: "I'll book HAT056 on May 28
... with travel insurance" passed for a booking with no insurance. The same word list sat in
``cost_said`` (a fee "on May 28" read as a possibility: a charge for a free write passed) and
``split_said``; all now read :data:`checkers.dates.MAY_MODAL`.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.dates import MAY_MODAL
from checkers.text import fold_lower
from domains.airline.cost_said import charge_said

DATES = ["May 28", "May 28th", "May 28, 2024", "28 May", "28 May 2024", "May 5"]
CHARGES = [
    "The change fee for the flight on {date} is $50 on your credit card.",
    "For your {date} flight, $50 will be charged to your credit card.",
    "Changing the {date} flight costs a $50 change fee.",
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CHARGES), st.sampled_from(DATES))
def test_a_charge_beside_a_date_in_may_is_said(frame: str, date: str) -> None:
    text = fold_lower(frame.format(date=date))
    assert charge_said(text) is not None, text
    assert charge_said(fold_lower(frame.format(date="June 28"))) is not None


@pytest.mark.parametrize(
    "text",
    [
        "A change fee may be $50 on your credit card.",
        "You may be charged $50 on your credit card.",
        "On May 28 you may be charged $50 on your credit card.",
    ],
)
def test_the_modal_may_still_hedges_a_charge(text: str) -> None:
    assert charge_said(fold_lower(text)) is None


@pytest.mark.parametrize("word", ["may", "May"])
def test_may_modal_reads_the_verb_and_not_the_month(word: str) -> None:
    modal = re.compile(rf"\b{MAY_MODAL}\b")
    for text in (f"it {word} cost", f"{word} be", "fee may apply"):
        assert modal.search(text.lower())
    for text in (f"on {word} 28", f"28 {word}", f"{word} 5th"):
        assert not modal.search(text.lower()), text
