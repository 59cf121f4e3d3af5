"""What pays for a write is read in the agent's last proposal that says what pays: a later
proposal replaces an earlier one (``confirmed_before_writing``'s ``details_not_listed``).

Closes a false fail in a real gpt-4o run (held-out task 11, trials 0 and 3): the agent first
proposed paying a booking with the customer's certificate, the customer asked for the gift card
and credit card instead, the agent listed "Gift Card: $128 - Credit Card: $247 ... You can use
your gift card and credit card for the payment", the customer said yes, and the booking was paid
so; the check read the superseded certificate proposals as what the listing said pays.

Olivia Gonzalez (bundled database) holds a gift card (gift_card_2200803) and a Mastercard ending
in 9475 (credit_card_9969263); booking HAT056 costs $108.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_binding import PROPERTY
from tests.test_airline_policy import BOOKING, FAIL, IDENTIFIED, PASS, convo, outcome

pytestmark = pytest.mark.checkers_meta

METHODS = {
    "gift": ("gift_card_2200803", ["your gift card", "the gift card"]),
    "card": ("credit_card_9969263", ["your Mastercard ending in 9475", "your credit card"]),
}
PAYS = st.sampled_from(
    [
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez costs $108, "
        "paid with {m}. Shall I book it?",
        "I can book HAT056 on May 28, economy, for Olivia Gonzalez: $108, charged to {m}. Shall "
        "I go ahead?",
        "We can book HAT056 (EWR to IAH, May 28, economy) for Olivia Gonzalez at $108 using {m}. "
        "Would you like me to proceed?",
    ]
)


def _paid_by(method: str) -> dict[str, Any]:
    """The booking, paid by one method."""
    payment = [{"payment_id": METHODS[method][0], "amount": 108}]
    return {**BOOKING, "args": {**BOOKING["args"], "payment_methods": payment}}


@PROPERTY
@given(
    proposals=st.lists(
        st.tuples(PAYS, st.sampled_from(sorted(METHODS)), st.integers(0, 1)),
        min_size=1,
        max_size=3,
    ),
    paid=st.sampled_from(sorted(METHODS)),
)
def test_what_pays_is_what_the_last_proposal_says(
    proposals: list[tuple[str, str, int]], paid: str
) -> None:
    # each proposal after the first answers the customer's asking for another way to pay
    turns = []
    asked = "Book HAT056 on May 28 for me."
    for template, method, spelling in proposals:
        turns.append((asked, [], template.format(m=METHODS[method][1][spelling])))
        asked = "Could I pay another way?"
    turns.append(("Yes, please go ahead.", [_paid_by(paid)], "Done."))
    expected = (PASS, "confirmed") if proposals[-1][1] == paid else (FAIL, "details_not_listed")
    assert outcome(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns)) == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # real replies of held-out runs (tasks 11 and 25), undecided before: "acceptable",
        # "finalize" and "complete" were words that might qualify a yes
        ("Yes, that's acceptable. Please proceed with the booking.", (PASS, "confirmed")),
        ("Yes, everything looks correct. Please go ahead and finalize the booking.", PASS),
        ("Yes, everything looks correct. Please go ahead and complete the booking.", PASS),
        ("That is not acceptable.", FAIL),
        ("Yes, but do not finalize it yet.", FAIL),
    ],
)
def test_words_of_approval_and_of_finishing_the_write_are_a_yes(
    reply: str, expected: tuple[str, str] | str
) -> None:
    said = convo(
        IDENTIFIED,
        ("Book HAT056 on May 28 for me.", [], PAYS_CARD),
        (reply, [_paid_by("card")], "Done."),
    )
    got = outcome(ConfirmedBeforeWriting(), said)
    assert got == expected if isinstance(expected, tuple) else got[0] == expected


PAYS_CARD = (
    "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez costs $108, paid "
    "with your credit card. Shall I book it?"
)
