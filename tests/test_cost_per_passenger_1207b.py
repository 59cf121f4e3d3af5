"""A listing that says the write's total "per passenger" (or each, a head, per traveler ...) for
a reservation of several passengers states another cost: ``confirmed_before_writing`` fails
with ``cost_not_listed`` (:func:`checkers.charges_said.cost_stated`). The amount per passenger
said so, and the total said alone or as a total, still state it.

Found by a hostile review (2026-12-07): "Upgrading K67C4W to business costs $957 per
passenger" before an upgrade of its three passengers costing 957 in all (2,871 as said) was
confirmed. The property was seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_policy import FAIL, IDENTIFIED, PASS, convo, flights, lookup, outcome

UPGRADE = flights("K67C4W", "business", [("HAT137", "2024-05-17")], "credit_card_9969263")
TOTAL, EACH = "$957", "$319"
"""K67C4W (three passengers, economy on HAT137 at 114) to business: 957 in all, 319 each."""
PER = (
    "per passenger",
    "per person",
    "each",
    "for each passenger",
    "/passenger",
    "a head",
    "per traveler",
    "per ticket",
    "apiece",
    "per seat",
)
AS_TOTAL = ("", " in total", " for all three passengers", " altogether")
OPENINGS = (
    "Upgrading K67C4W to business class on HAT137 costs {}, paid with your credit card. "
    "Shall I proceed?",
    "Here is the change: K67C4W, HAT137, economy to business. Cost: {}. Payment: your credit "
    "card. Do you confirm?",
    "I can upgrade K67C4W to business on HAT137 for {}, charged to your credit card. Proceed?",
)


def _confirmed(listing: str) -> object:
    turns = convo(
        IDENTIFIED, ("Upgrade K67C4W.", [lookup("K67C4W")], listing), ("Yes.", [UPGRADE], "Ok.")
    )
    return outcome(ConfirmedBeforeWriting(), turns)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(OPENINGS), st.sampled_from(PER), st.sampled_from(AS_TOTAL))
def test_the_total_said_per_passenger_is_not_the_cost_listed(
    opening: str, per: str, as_total: str
) -> None:
    spaced = per if per.startswith("/") else f" {per}"
    wrong = opening.format(f"{TOTAL}{spaced}")
    assert _confirmed(wrong) == (FAIL, "cost_not_listed"), wrong
    each = opening.format(f"{EACH}{spaced}")
    assert _confirmed(each) == (PASS, "confirmed"), each
    total = opening.format(f"{TOTAL}{as_total}")
    assert _confirmed(total) == (PASS, "confirmed"), total
