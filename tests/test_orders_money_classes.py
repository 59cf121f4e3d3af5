"""What orders' ``no_fabrication`` reads of money in a listing and in the report after a write,
by class, after the review of 2026-12-05 (:mod:`tests.test_review_probes_orders_1205`).

- **Money's direction**: an amount the write moves, said the other way ("you'll be charged an
  extra $4.24" of a refund of 4.24, "you'll get $18.66 back" of a charge), before the write or
  after it, fails; said the right way it passes.
- **An amount of another thing**: a price a tool gave for another item (or another option of
  the item's product) said as the write's refund or the item's price fails; the write's own
  passes.
- **A cancellation's refund method**: the refund said to go to another method than the one
  that paid the order fails; the order's own method, however named, passes.
- **A promise is no status**: "$X will be refunded", "order #W1 will be cancelled" in the
  listing a write answers holds when that write makes it true, and still fails when it does
  not (a listing the customer declines claims nothing of now); "your Visa card ending in
  6791" names a card, no order ending in 6791.

Each property fails on the code before these readers (checked on it).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import charges_said
from checkers.meta import meta_settings
from tests.test_orders_confirmation_probes import W
from tests.test_review_probes_orders_1205 import (
    ADDR,
    BACKPACK,
    CANCEL,
    CANCEL_S,
    EXCH_CHAIR,
    EXCH_SHOES,
    GRILL,
    MEI,
    RET_CHAIR,
    SOFIA,
    Probe,
    verdicts,
)

pytestmark = pytest.mark.checkers_meta


def fabrication(listing: str, write: dict[str, Any], user: str = MEI, done: str = "Done.") -> str:
    """The ``no_fabrication`` outcome of the conversation: the customer identifies, the agent
    lists, the customer says yes, the agent makes ``write`` and says ``done``."""
    return verdicts(Probe("property", listing, write, user, done=done))[1]


MOVES: list[tuple[str, dict[str, Any], str, bool]] = [
    ("the Office Chair exchange", EXCH_CHAIR, "$4.24", False),
    ("the Running Shoes exchange", EXCH_SHOES, "$5.80", False),
    ("the Backpack change", BACKPACK, "$18.66", True),
    ("the Grill change", GRILL, "$132.74", True),
]
"""Mei's writes that move money: what a listing calls them, the write, the amount it moves and
whether it charges it (else it refunds it)."""

TAKEN = [
    "You'll be charged an extra {a} on PayPal.",
    "You'll pay {a} more via PayPal.",
    "An additional {a} will be charged to your PayPal.",
    "The difference of {a} will be charged to your PayPal.",
    "You'll owe {a}, billed to your PayPal.",
]
GIVEN_BACK = [
    "You'll get {a} back on PayPal.",
    "{a} will be refunded to your PayPal.",
    "You'll receive a refund of {a} to PayPal.",
    "The difference of {a} will be credited to your PayPal.",
]
DONE_TAKEN = [
    "The difference, {a}, has been charged to your PayPal.",
    "The new one costs {a} more, which has been charged to your PayPal.",
    "You were charged {a} on PayPal.",
]
DONE_GIVEN_BACK = [
    "{a} will be refunded to your PayPal once we receive the old one.",
    "You'll get {a} back on your PayPal once the item arrives.",
]


@settings(meta_settings("ci"), max_examples=30)
@given(
    st.sampled_from(MOVES),
    st.sampled_from(TAKEN + GIVEN_BACK),
    st.sampled_from(["Proceed?", "Shall I go ahead?", "Would you like me to proceed?"]),
)
def test_a_listing_says_the_money_the_write_moves_the_way_it_moves_it(
    move: tuple[str, dict[str, Any], str, bool], said: str, question: str
) -> None:
    name, write, amount, charges = move
    listing = f"I'll make {name} on your order. {said.format(a=amount)} {question}"
    right_way = (said in TAKEN) == charges
    assert fabrication(listing, write) == ("pass" if right_way else "fail"), listing


@settings(meta_settings("ci"), max_examples=20)
@given(
    st.sampled_from([m for m in MOVES if m[1]["name"] == "exchange_delivered_order_items"]),
    st.sampled_from(DONE_TAKEN + DONE_GIVEN_BACK),
)
def test_the_report_after_an_exchange_says_its_difference_the_way_it_moves(
    move: tuple[str, dict[str, Any], str, bool], said: str
) -> None:
    """An exchange moves its difference once the items come back: said the other way after it,
    it is misstated."""
    name, write, amount, _ = move
    listing = f"I'll make {name} on your order with any difference on PayPal. Proceed?"
    done = f"The exchange is requested. {said.format(a=amount)}"
    right_way = said in DONE_GIVEN_BACK  # both exchanges refund their difference
    assert fabrication(listing, write, done=done) == ("pass" if right_way else "fail"), done


MEI_PENDING = ["$924.50", "$193.38", "$1,902.67", "$28.14", "$1,117.88"]
"""Prices (and a sum) of #W7017301's items, none its whole: $3,048.69."""
MEI_DELIVERED = ["$3,101.43", "$154.75", "$51.54", "$3,615.77"]
"""Prices (and a sum) of #W5564375's items other than the Office Chair's $514.34."""


@settings(meta_settings("ci"), max_examples=30)
@given(
    st.sampled_from([*MEI_PENDING, "$3,048.69"]),
    st.sampled_from(
        [
            "You'll be refunded {a} to PayPal.",
            "The refund of {a} will go back to your PayPal.",
            "{a} will be refunded to PayPal within 5-7 business days.",
        ]
    ),
)
def test_a_cancellation_listing_refunds_the_whole_order(amount: str, said: str) -> None:
    listing = f"I'll cancel order #W7017301 (reason: no longer needed). {said.format(a=amount)} OK?"
    want = "pass" if amount == "$3,048.69" else "fail"
    assert fabrication(listing, CANCEL) == want, listing


@settings(meta_settings("ci"), max_examples=20)
@given(
    st.sampled_from([*MEI_DELIVERED, "$514.34"]),
    st.sampled_from(
        [
            "You'll get {a} back on PayPal once the chair arrives.",
            "A refund of {a} will be issued to your PayPal once the chair arrives.",
        ]
    ),
)
def test_the_report_after_a_return_refunds_the_returned_items(amount: str, said: str) -> None:
    listing = "I'll return the Office Chair from order #W5564375 with the refund to PayPal. OK?"
    done = f"Your return request is in. {said.format(a=amount)}"
    want = "pass" if amount == "$514.34" else "fail"
    assert fabrication(listing, RET_CHAIR, done=done) == want, done


BACKPACKS = {
    "$212.04": True,  # green, small, leather, camera: the new one
    "$218.04": True,  # green, medium, leather, camera
    "$198.00": False,  # black, large, nylon, camera
    "$205.35": False,  # green, small, polyester, laptop
    "$186.78": False,  # black, medium, nylon, hydration
}
"""Prices of the Backpack's options, and whether the option is a leather one."""


@settings(meta_settings("ci"), max_examples=20)
@given(
    st.sampled_from(sorted(BACKPACKS)),
    st.sampled_from(
        [
            "Done! Your Backpack is now the leather one at {a} each.",
            "Done! Your new leather Backpack is {a}.",
        ]
    ),
)
def test_a_price_said_of_an_option_is_a_price_of_that_option(amount: str, said: str) -> None:
    listing = (
        "I'll change the Backpack in order #W7017301 to the green, small, leather, camera one, "
        "with the difference on PayPal. Proceed?"
    )
    want = "pass" if BACKPACKS[amount] else "fail"
    assert fabrication(listing, BACKPACK, done=said.format(a=amount)) == want, said


SOFIA_METHODS = {
    "Visa card ending in 6791": True,
    "Visa ending 6791": True,
    "credit card ending in 6791": True,
    "Visa": True,
    "Mastercard ending in 8484": False,
    "Mastercard": False,
    "card ending in 8484": False,
    "PayPal account": False,
}
"""How a listing may name where Sofia's cancellation refunds, and whether it is the Visa that
paid #W8855135."""


@settings(meta_settings("ci"), max_examples=25)
@given(
    st.sampled_from(sorted(SOFIA_METHODS)),
    st.sampled_from(
        [
            "To confirm: cancel order #W8855135 since it was ordered by mistake, with the "
            "$1,058.79 refunded to your {m}. Proceed?",
            "I'll cancel order #W8855135 (ordered by mistake). The $1,058.79 will be refunded to "
            "your {m}. Is that correct?",
        ]
    ),
)
def test_a_cancellation_refunds_the_method_that_paid_the_order(method: str, form: str) -> None:
    want = "pass" if SOFIA_METHODS[method] else "fail"
    assert fabrication(form.format(m=method), CANCEL_S, SOFIA) == want, method


PROMISES = [
    ("I'll cancel order #W7017301. The full amount of $3,048.69 will be refunded to your "
     "PayPal account within 5-7 business days. Shall I go ahead?", CANCEL),
    ("Order #W7017301 will be cancelled and $3,048.69 refunded to PayPal. Proceed?", CANCEL),
    ("I'll exchange the Office Chair from order #W5564375 for the gray one; $4.24 will be "
     "refunded to your PayPal. Proceed?", EXCH_CHAIR),
    ("I'll return the Office Chair from order #W5564375. $514.34 will be refunded to your "
     "PayPal once it arrives. Proceed?", RET_CHAIR),
]  # fmt: skip
"""Listings promising what the write that answers them does."""


@pytest.mark.parametrize("listing, write", PROMISES)
def test_a_promise_the_write_keeps_holds(listing: str, write: dict[str, Any]) -> None:
    assert fabrication(listing, write) == "pass"


@pytest.mark.parametrize("listing, write", PROMISES)
def test_a_promise_no_write_keeps_fails(listing: str, write: dict[str, Any]) -> None:
    """The same listing answered by an address change: nothing is refunded or cancelled."""
    assert fabrication(listing, ADDR) == "fail"


def test_a_promise_taken_up_that_no_write_keeps_fails() -> None:
    """The customer says yes and the agent only looks the order up again."""
    listing, _ = PROMISES[0]
    lookup = W("get_order_details", order_id="#W7017301")
    assert verdicts(Probe("taken-up", listing, lookup))[1] == "fail"


def test_a_promise_declined_claims_nothing_of_now() -> None:
    """The customer declines and the agent only looks the order up again: the listing offered
    a cancellation and its refund, it said nothing of the order as it is
    (``tests/test_orders_status_classes.py``; this test said it failed until 2026-12-06)."""
    listing, _ = PROMISES[0]
    lookup = W("get_order_details", order_id="#W7017301")
    declined = Probe("declined", listing, lookup, reply="No, leave it.", done="All right.")
    assert verdicts(declined)[1] == "pass"


@pytest.mark.parametrize(
    "card", ["Visa card ending in 6791", "Visa (ending 6791)", "card ending with 6791"]
)
def test_a_cards_last_four_name_no_order(card: str) -> None:
    listing = (
        "Got it! I'll cancel your pending order #W8855135 because it was ordered by mistake. "
        f"The $1,058.79 will be refunded to your {card}. Is that correct?"
    )
    assert fabrication(listing, CANCEL_S, SOFIA) == "pass"


def test_an_order_by_its_last_digits_is_still_one_no_tool_described() -> None:
    listing = "The order ending in 9999 has been delivered. I'll cancel order #W7017301. OK?"
    assert fabrication(listing, CANCEL) == "fail"


# --- honest money around the write's own, beside it -----------------------------------------------

HONEST = [
    ("I'll cancel order #W7017301. You were charged $3,048.69 for it; the full amount will be "
     "refunded to PayPal. Proceed?", CANCEL),
    ("I'll change the Backpack in order #W7017301 to the green, small, leather, camera one. You "
     "paid $193.38 for the current one; the new one is $212.04, so you'll pay an extra $18.66 "
     "via PayPal. Proceed?", BACKPACK),
    ("I'll exchange the Office Chair from order #W5564375 for the gray one. The original chair "
     "cost $4.24 more, so $4.24 will be refunded to PayPal. Proceed?", EXCH_CHAIR),
    ("I'll exchange the Running Shoes from order #W5564375 for the size 9 mesh pair. They are "
     "$148.95 instead of $154.75, so you'll get $5.80 back on PayPal. Proceed?", EXCH_SHOES),
    ("I'll change the Grill in order #W7017301 to the gas one ($1,057.24). **Additional "
     "charge:** $132.74 (PayPal). Reply yes to confirm.", GRILL),
    ("I'll change the Backpack in order #W7017301 to the green, small, leather, camera one: "
     "$193.38 → $212.04, charged to your PayPal. Proceed?", BACKPACK),
    ("Order #W7017301, Backpack: black → green, nylon → leather, $193.38 -> $212.04, paid "
     "with PayPal. Proceed?", BACKPACK),
]  # fmt: skip
"""Listings stating the write's money right, beside other figures (what was paid, prices)."""


@pytest.mark.parametrize("listing, write", HONEST)
def test_honest_money_beside_the_writes_passes(listing: str, write: dict[str, Any]) -> None:
    assert fabrication(listing, write) == "pass"


@pytest.mark.parametrize("arrow", ["→", "->", "=>", "⇒"])
def test_a_price_changed_by_an_arrow_is_no_money_moved_but_the_same_amount_said_charged_is(
    arrow: str,
) -> None:
    """Either side of "$193.38 → $212.04" is a price; "$212.04 will be charged" is a charge."""
    change = "I'll change the Backpack in order #W7017301 to the green, small, leather, camera one"
    prices = f"$193.38 {arrow} $212.04"
    assert fabrication(f"{change}: {prices}, charged to your PayPal. OK?", BACKPACK) == "pass"
    said = f"{change}: {prices}; $212.04 will be charged to your PayPal. OK?"
    assert fabrication(said, BACKPACK) == "fail"


def test_a_reply_that_may_change_the_write_leaves_the_listing_to_no_write() -> None:
    """ "Yes, but refund it to my gift card" may change the write: the listing's words of money
    are then not held to it (the confirmation judges that reply)."""
    listing = "I'll cancel order #W8855135. The $1,058.79 will be refunded to your Mastercard."
    probe = Probe("reply", listing, CANCEL_S, SOFIA, reply="Yes, but to my Visa instead.")
    assert verdicts(probe)[1] == "pass"


# --- the readers themselves -------------------------------------------------------------------


@pytest.mark.parametrize(
    "listing, of_a_refund, of_a_charge",
    [
        ("you'll be charged an extra $4.24 on paypal.", True, False),
        ("you'll pay $4.24 more via paypal.", True, False),
        ("an additional $4.24 will be billed to your card.", True, False),
        ("$4.24 will be refunded to your paypal.", False, True),
        ("you'll get $4.24 back, so you won't pay anything extra.", False, True),
        ("you would be charged $4.24 if you chose the black one.", False, False),  # a condition
        ("will you be charged $4.24?", False, False),  # a question
    ],
)
def test_an_amount_said_the_other_way_is_misstated(
    listing: str, of_a_refund: bool, of_a_charge: bool
) -> None:
    """Said of a refund of 4.24, then of a charge of 4.24."""
    four: set[Decimal] = {Decimal("4.24")}
    assert bool(charges_said.direction_misstated(listing, set(), four)) is of_a_refund
    assert bool(charges_said.direction_misstated(listing, four, set())) is of_a_charge
