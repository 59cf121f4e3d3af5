"""What orders' ``no_fabrication`` and ``confirmed_before_writing`` read of money in a listing,
by class, after the second review of 2026-12-05
(:mod:`tests.test_review_probes_service_1205b`).

- **Paid before, moved now**: an amount said as paid before and also as what the write moves
  ("refund the $924.50 you paid", "the $3,822.06 you were originally charged will be
  refunded") is held to the write; said only as paid before ("you paid $924.50 for it") it is
  not.
- **Direction in other words**: comparisons ("$18.66 cheaper", "costs $4.24 more"), "save",
  "goes back", "cover", "**Balance due:**" say which way the amount moves; said the other way
  than the write moves it, it fails.
- **Direction with no amount**: "the price difference will be refunded", "no price
  difference, so nothing will be charged" of a write that charges fail; under a condition
  ("if it is cheaper, ...") they say nothing.
- **The original method named**: "your original payment method, the Mastercard ending in 8484"
  names the Mastercard too, which must be the method.
- **A new order total**: the order's total once the write changes its items is derived from
  tool data; any other total is not.

Each property fails on the code before these readers (checked on it).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from tests.test_review_probes_orders_1205 import (
    BACKPACK,
    CANCEL,
    CANCEL_S,
    EXCH_CHAIR,
    EXCH_SHOES,
    GRILL,
    MEI,
    RET_CHAIR,
    RET_S,
    SOFIA,
    Probe,
    verdicts,
)

pytestmark = pytest.mark.checkers_meta


def both(listing: str, write: dict[str, Any], user: str = MEI) -> tuple[str, str]:
    """``confirmed_before_writing`` and ``no_fabrication`` of the conversation: the customer
    identifies, the agent lists, the customer says yes, the agent makes ``write``."""
    return verdicts(Probe("property", listing, write, user))


def passes(listing: str, write: dict[str, Any], user: str = MEI) -> bool:
    """Whether ``no_fabrication`` passes the conversation (what the listing says of money; the
    listings here name the write loosely, which ``confirmed_before_writing`` reads apart)."""
    return both(listing, write, user)[1] == "pass"


# ----- paid before, moved now ------------------------------------------------------------------

CANCEL_PARTS = ["$924.50", "$193.38", "$1,902.67", "$28.14", "$1,117.88"]
"""Prices (and a sum) of #W7017301's items, none the $3,048.69 its cancellation refunds."""
PAID_AND_MOVED = [
    "I'll cancel order #W7017301 (reason: no longer needed) and refund the {a} you paid to "
    "your PayPal.",
    "I'll cancel order #W7017301 (no longer needed). You'll get back the {a} you paid, to your "
    "PayPal.",
    "I'll cancel order #W7017301 (no longer needed). The {a} you were originally charged will "
    "be refunded to your PayPal.",
    "I'll cancel order #W7017301 (no longer needed). The {a} that was paid will be refunded to "
    "your PayPal.",
    "I'll cancel order #W7017301 (no longer needed). The {a} you've already paid will be "
    "credited back to your PayPal.",
    "I'll cancel order #W7017301 (no longer needed), which was {a}; that amount will be "
    "refunded to your PayPal.",
]
PAID_ONLY = [
    "I'll cancel order #W7017301 (no longer needed). You paid {a} for the Grill, and the full "
    "$3,048.69 will be refunded to your PayPal.",
    "I'll cancel order #W7017301 (no longer needed). The Grill was {a}; $3,048.69 will be "
    "refunded to your PayPal.",
    "I'll cancel order #W7017301 (no longer needed). You were charged {a} for the items; "
    "$3,048.69 will be refunded to your PayPal.",
]


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from([*CANCEL_PARTS, "$3,048.69"]),
    st.sampled_from(PAID_AND_MOVED),
    st.sampled_from(["Shall I proceed?", "Proceed?", "Would you like me to go ahead?"]),
)
def test_an_amount_said_paid_before_and_moved_now_is_held_to_the_write(
    amount: str, said: str, question: str
) -> None:
    listing = f"{said.format(a=amount)} {question}"
    assert passes(listing, CANCEL) is (amount == "$3,048.69"), listing


@pytest.mark.parametrize("said", PAID_ONLY)
@pytest.mark.parametrize("amount", ["$924.50", "$3,048.69"])
def test_an_amount_said_only_as_paid_before_is_no_word_of_the_write(amount: str, said: str) -> None:
    listing = f"{said.format(a=amount)} Shall I proceed?"
    assert passes(listing, CANCEL), listing


# ----- direction in other words ----------------------------------------------------------------

MOVES: list[tuple[str, dict[str, Any], str, bool]] = [
    ("the Office Chair exchange", EXCH_CHAIR, "$4.24", False),
    ("the Running Shoes exchange", EXCH_SHOES, "$5.80", False),
    ("the Backpack change", BACKPACK, "$18.66", True),
    ("the Grill change", GRILL, "$132.74", True),
]
"""Mei's writes that move money: what a listing calls them, the write, the amount it moves and
whether it charges it (else it refunds it)."""
SUBJECTS = ["The new one", "It", "The new item", "That option"]
DEARER = ["is {a} more expensive", "costs {a} more", "is {a} pricier", "comes to {a} more"]
CHEAPER = ["is {a} cheaper", "costs {a} less", "is {a} less expensive", "is {a} lower in price"]
"""Comparisons of the new price with the old one: the dearer is charged, the cheaper refunded."""
TAKEN_TAILS = [
    ", which will be settled via your PayPal.",
    "; you'll need to cover that on your PayPal.",
    ", so the balance due goes on your PayPal.",
    ".",
]
GIVEN_TAILS = [
    ", and the difference goes back to your PayPal.",
    ", so you'll save that on your PayPal.",
    ".",
]
TAKEN_ALONE = [
    "**Balance due:** {a} (PayPal).",
    "You'll need to cover a {a} price difference with your PayPal.",
    "Amount due: {a}, on your PayPal.",
    "You'll owe {a}, settled via your PayPal.",
]
GIVEN_ALONE = [
    "You'll save {a}, which goes back to your PayPal.",
    "{a} comes back to your PayPal.",
    "You'll pay {a} less, through your PayPal.",
]


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(MOVES),
    st.sampled_from(SUBJECTS),
    st.booleans(),
    st.data(),
)
def test_a_comparison_says_which_way_the_difference_moves(
    move: tuple[str, dict[str, Any], str, bool], subject: str, dearer: bool, data: Any
) -> None:
    name, write, amount, charges = move
    compared = data.draw(st.sampled_from(DEARER if dearer else CHEAPER))
    tail = data.draw(st.sampled_from(TAKEN_TAILS if dearer else GIVEN_TAILS))
    listing = f"I'll make {name} on your order. {subject} {compared.format(a=amount)}{tail} OK?"
    assert passes(listing, write) is (dearer == charges), listing


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(MOVES), st.sampled_from(TAKEN_ALONE + GIVEN_ALONE))
def test_words_of_money_due_or_saved_say_which_way_it_moves(
    move: tuple[str, dict[str, Any], str, bool], said: str
) -> None:
    name, write, amount, charges = move
    listing = f"I'll make {name} on your order. {said.format(a=amount)} Shall I proceed?"
    assert passes(listing, write) is ((said in TAKEN_ALONE) == charges), listing


@pytest.mark.parametrize(
    "said",
    [
        "Your current one is {a} more than the new one, so the difference is yours.",
        "The new one is {a} less than what you paid, so you'll get {a} back on your PayPal.",
        "The price difference of {a} goes on your PayPal.",
    ],
)
def test_a_comparison_of_the_old_price_or_no_way_said_is_not_read(said: str) -> None:
    """A comparison whose subject is what the customer has goes the other way round and is not
    read; with no way said, the amount is not held to one."""
    listing = f"I'll make the Office Chair exchange on your order. {said.format(a='$4.24')} OK?"
    assert passes(listing, EXCH_CHAIR), listing


# ----- direction with no amount ----------------------------------------------------------------

UNSAID_TAKEN = [
    "The price difference will be charged to your PayPal.",
    "It's more expensive, so the difference will be charged to your PayPal.",
    "You'll need to pay the difference with your PayPal.",
]
UNSAID_GIVEN = [
    "The price difference will be refunded to your PayPal.",
    "It's cheaper, so you'll get the difference back on your PayPal.",
    "The difference goes back to your PayPal.",
]
DENIED_CHARGE = [
    "Nothing will be charged to your PayPal.",
    "There's no additional charge on your PayPal.",
    "You won't be charged anything.",
]
NO_DIFFERENCE = [
    "There's no price difference, so nothing will be charged to your PayPal.",
    "It costs the same, so there's no price difference.",
]


@settings(meta_settings("ci"), max_examples=50)
@given(
    st.sampled_from(MOVES),
    st.sampled_from(UNSAID_TAKEN + UNSAID_GIVEN + DENIED_CHARGE + NO_DIFFERENCE),
)
def test_the_way_money_moves_said_with_no_amount_is_the_writes(
    move: tuple[str, dict[str, Any], str, bool], said: str
) -> None:
    name, write, _, charges = move
    listing = f"I'll make {name} on your order. {said} Shall I proceed?"
    right = (
        (said in UNSAID_TAKEN and charges)
        or (said in UNSAID_GIVEN and not charges)
        or (said in DENIED_CHARGE and not charges)
    )
    assert passes(listing, write) is bool(right), listing


@pytest.mark.parametrize(
    "said",
    [
        "If the new one is cheaper, the difference will be refunded to your PayPal.",
        "Any price difference will be refunded or charged to your PayPal.",
        "There's no charge for the exchange itself; the $18.66 difference goes on your PayPal.",
        "The $18.66 price difference will be charged to your PayPal; nothing will be refunded.",
    ],
)
def test_a_condition_or_a_right_amount_beside_leaves_the_listing_honest(said: str) -> None:
    listing = f"I'll make the Backpack change on your order. {said} Shall I proceed?"
    assert passes(listing, BACKPACK), listing


# ----- the original method named ---------------------------------------------------------------

SOFIA_VISA = ["Visa ending in 6791", "Visa card ending 6791", "credit card ending in 6791"]
SOFIA_MC = ["Mastercard ending in 8484", "Mastercard", "card ending in 8484", "PayPal account"]
SET_OFF = ["your original payment method, the {m}", "the original card — your {m}"]


@settings(meta_settings("ci"), max_examples=30)
@given(st.sampled_from(SOFIA_VISA + SOFIA_MC), st.sampled_from(SET_OFF))
def test_the_method_named_beside_the_original_is_the_original(name: str, set_off: str) -> None:
    """Sofia's #W8855135 was paid by her Visa ending 6791, which its cancellation refunds."""
    listing = (
        "I'll cancel order #W8855135 (ordered by mistake). The $1,058.79 will be refunded to "
        f"{set_off.format(m=name)}. Shall I proceed?"
    )
    assert passes(listing, CANCEL_S, SOFIA) is (name in SOFIA_VISA), listing


@pytest.mark.parametrize(
    ("name", "right"),
    [("Mastercard ending in 8484", True), ("Visa ending in 6791", False), ("", True)],
)
def test_a_return_to_the_original_method_names_it(name: str, right: bool) -> None:
    """Sofia's #W5416052 was paid by her Mastercard ending 8484, which the return refunds: the
    listing names no amount, so the write's method alone is read."""
    named = f", the {name}" if name else ""
    listing = (
        "I'll return the Pet Bed and Cycling Helmet from order #W5416052, with the refund to "
        f"your original payment method{named}. Shall I proceed?"
    )
    assert both(listing, RET_S, SOFIA)[0] == ("pass" if right else "fail"), listing


# ----- a new order total -----------------------------------------------------------------------

NEW_TOTALS = [(BACKPACK, Decimal("3067.35")), (GRILL, Decimal("3181.43"))]
"""#W7017301's total ($3,048.69) once the Backpack ($193.38 -> $212.04) or the Grill ($924.50 ->
$1,057.24) is changed."""
TOTAL_SAID = [
    "The difference will be charged to your PayPal, bringing your new order total to {t}.",
    "\n- New order total: {t}\n",
    "Your order total will increase from $3,048.69 to {t}, with the difference on PayPal.",
]


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from(NEW_TOTALS),
    st.sampled_from(TOTAL_SAID),
    st.sampled_from([Decimal(0), Decimal("0.01"), Decimal("-1.00"), Decimal("10.00")]),
)
def test_the_order_total_after_the_change_is_derived(
    change: tuple[dict[str, Any], Decimal], said: str, off: Decimal
) -> None:
    write, total = change
    item = "Backpack" if write is BACKPACK else "Grill"
    listing = (
        f"I'll change the {item} in order #W7017301 to the new option. "
        f"{said.format(t=f'${total + off:,.2f}')} Shall I proceed?"
    )
    assert both(listing, write)[1] == ("pass" if off == 0 else "fail"), listing


def test_the_new_total_of_a_return_is_still_a_sum_of_items() -> None:
    """After a return the order's total left is a sum of the items kept (derived before)."""
    listing = (
        "I'll return the Office Chair from order #W5564375; $514.34 will be refunded to your "
        "PayPal, and the items you keep come to $3,307.72. Shall I proceed?"
    )
    assert both(listing, RET_CHAIR)[1] == "pass", listing
