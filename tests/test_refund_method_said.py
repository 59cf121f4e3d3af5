"""A refund said to go to a payment method with no amount is held to the methods the refund went
to (``method_not_moved``: :func:`checkers.charges_said.refund_methods_misstated`).

Found passing (2026-12-07, a helper's review of orders and airline): after cancelling a
reservation paid by gift card, "The refund will go to your credit card." passed
``no_fabrication``: a method was held only when an amount stood beside it. The property was seen
failing on the code before.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.test_airline_binding import PROPERTY
from tests.test_charges_said_methods import AMOUNTS, KEYS, WORDINGS, _codes, _paid

pytestmark = pytest.mark.checkers_meta

SAID = (
    "The refund will go to your {m}.",
    "Your refund has been sent to your {m}.",
    "It'll be credited back to your {m}.",
    "Your reservation is cancelled and the money is on its way back to your {m}.",
    "Refund method: {m}",
    "You'll be reimbursed on your {m} within 5-7 business days.",
)
"""A refund's method said with no amount (``{m}``)."""
NO_CLAIM = (
    "If you cancel, the refund would go to your {m}.",
    "Refunds usually go to your {m}.",
    "Would you like the refund to go to your {m}?",
    "The refund goes to your {r}, not your {m}.",
)
"""Words naming a method ``{m}`` that no refund went to, claiming nothing of it (``{r}``: the
method the refund went to)."""


@PROPERTY
@given(
    said=st.sampled_from(SAID),
    no_claim=st.sampled_from(NO_CLAIM),
    amount=AMOUNTS,
    right=st.sampled_from(KEYS),
    wrong=st.sampled_from(KEYS),
    data=st.data(),
)
def test_a_refunds_method_said_with_no_amount_is_the_one_refunded(
    said: str, no_claim: str, amount: Decimal, right: str, wrong: str, data: st.DataObject
) -> None:
    assume(right != wrong)
    refund = _paid(amount, "refunded", right)
    right_words = data.draw(st.sampled_from(WORDINGS[right]))
    wrong_words = data.draw(st.sampled_from(WORDINGS[wrong]))
    assert _codes(said.format(m=right_words), refund) == []
    assert _codes(said.format(m=wrong_words), refund) == ["method_not_moved"]
    assert _codes(no_claim.format(m=wrong_words, r=right_words), refund) == []
    # a charge, no refund: where a refund would go is not held
    assert _codes(said.format(m=wrong_words), _paid(amount, "charged", right)) == []
