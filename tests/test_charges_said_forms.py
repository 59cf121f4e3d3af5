"""Forms of a charge's report that ``amount_not_moved`` and ``method_not_moved`` did not read
(:class:`checkers.charges_said.Moved`), each now held, found by the review of
``tests/test_review_probes_charges.py``:

- a card's last four said in other forms beside its brand ("that ends in 9475", "Mastercard
  9475." at a sentence's end, "(last 4: 9475)", "xxxx-xxxx-xxxx-9475", ", card number ending
  9475"): a wrong last four beside the right brand is the wrong card;
- a markdown table whose header says money moved ("| Item | Charged | Method |", "| Refunded
  to | Amount |"): each row's amount and method are held as a line of a summary is.

Each property says a misstated report fails and its honest twin passes.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from checkers.charges_said import Method
from tests.test_airline_binding import PROPERTY
from tests.test_charges_said_summaries import (
    KEYS,
    METHODS,
    WORDINGS,
    _codes,
    _money,
    _paid,
)

pytestmark = pytest.mark.checkers_meta

AMOUNTS = st.integers(20, 3000).map(Decimal)

LAST_FOUR_FORMS = [
    "Done. {a} has been charged to your {b} that ends in {d}.",
    "Done. {a} has been charged to your {b}, which ends with {d}.",
    "Done. {a} has been charged to your {b} {d}.",
    "Done. {a} has been charged to your {b} (last 4: {d}).",
    "Done. {a} has been charged to your {b} xxxx-xxxx-xxxx-{d}.",
    "Done. {a} has been charged to your {b} **** **** **** {d}.",
    "Done. {a} has been charged to your {b}, card number ending {d}.",
    "Done. Your {b} that ends in {d} was charged {a}.",
]
"""A card named by its brand ``b`` and its last four ``d``, in the forms agents write them."""
CARDS = {"mastercard": "Mastercard", "visa": "Visa"}
"""The credit cards of :data:`METHODS`, by the brand a report names them."""


def _not_the_cards_digits(digits: str, method: Method) -> bool:
    """Whether ``digits`` are neither ``method``'s last four nor its id's (either names it)."""
    return digits != method.last_four and not method.id.endswith(digits)


@PROPERTY
@given(
    said=st.sampled_from(LAST_FOUR_FORMS),
    card=st.sampled_from(sorted(CARDS)),
    amount=AMOUNTS,
    wrong=st.integers(0, 9999).map(lambda n: f"{n:04d}"),
)
def test_a_last_four_beside_the_brand_is_held_to_the_card(
    said: str, card: str, amount: Decimal, wrong: str
) -> None:
    method = METHODS[card]
    assume(_not_the_cards_digits(wrong, method))
    paid = _paid(amount, "charged", card)

    def report(digits: str) -> str:
        return said.format(a=_money(amount), b=CARDS[card], d=digits)

    assert _codes(report(method.last_four), paid) == []
    assert _codes(report(wrong), paid) == ["method_not_moved"]


@pytest.mark.parametrize(
    ("honest", "amount"),
    [
        # an amount right after the brand is money, not its digits
        ("Done. I've charged your Mastercard 1,234.50 dollars.", "1234.50"),
        ("Done. Your Mastercard was charged $2,024.", "2024"),
        # other numbers of four or more digits near the card name no card
        ("Done. $218 has been charged to your Mastercard. Order #W1234567 is updated.", "218"),
        ("Done. $218 has been charged to your Mastercard (billing zip 94105).", "218"),
        ("Done. $218 has been charged to your Mastercard for reservation 4WQ150.", "218"),
    ],
)
def test_other_numbers_beside_a_card_are_no_last_four(honest: str, amount: str) -> None:
    assert _codes(honest, _paid(Decimal(amount), "charged", "mastercard")) == []


TABLES = {
    "charged": [
        "Done!\n\n| Item | Charged | Method |\n|---|---|---|\n| Upgrade | {a} | {m} |",
        "Done!\n\n| Payment method | Amount charged |\n| --- | --- |\n| {m} | {a} |",
        "Done!\n\n| Reservation | Fare | Charged | Card |\n|:--|--:|--:|:--|\n"
        "| ABC123 | $999 | {a} | {m} |",
    ],
    "refunded": [
        "Cancelled.\n\n| Refunded to | Amount |\n|---|---|\n| {m} | {a} |",
        "Cancelled.\n\n| Refund | Method |\n|---|---|\n| {a} | {m} |",
    ],
}
"""Markdown tables whose header says money moved, one row of amount ``a`` by method ``m``
(beside a fare no header says moved)."""
TABLE_WAYS = sorted(TABLES)
NOT_CERTIFICATE = [k for k in KEYS if k != "certificate"]
"""A certificate said beside an amount with no verb of its own reads as one given as
compensation (:data:`checkers.charges_said._NO_PAYMENT`): the tables leave it out."""


@PROPERTY
@given(
    way=st.sampled_from(TABLE_WAYS),
    data=st.data(),
    amount=AMOUNTS,
    off=st.integers(7, 90),
    right=st.sampled_from(NOT_CERTIFICATE),
    wrong=st.sampled_from(NOT_CERTIFICATE),
)
def test_a_table_of_money_moved_is_held_row_by_row(
    way: str, data: st.DataObject, amount: Decimal, off: int, right: str, wrong: str
) -> None:
    assume(right != wrong and amount + off != 999)
    said = data.draw(st.sampled_from(TABLES[way]), label="table")
    paid = _paid(amount, way, right)
    name = data.draw(st.sampled_from(WORDINGS[right]), label="right")
    other = data.draw(st.sampled_from(WORDINGS[wrong]), label="wrong")
    assert _codes(said.format(a=_money(amount), m=name), paid) == []
    assert _codes(said.format(a=_money(amount), m=other), paid) == ["method_not_moved"]
    assert _codes(said.format(a=_money(amount + off), m=name), paid) == ["amount_not_moved"]


@given(amount=AMOUNTS, off=st.integers(7, 90))
def test_a_table_whose_header_says_no_money_moved_is_not_held(amount: Decimal, off: int) -> None:
    # a table of prices or fares says what things cost, not what the writes moved
    prices = "Done!\n\n| Flight | Fare |\n|---|---|\n| HAT188 | {a} |\n\nYour card was charged {c}."
    paid = _paid(amount, "charged", "mastercard")
    assert _codes(prices.format(a=_money(amount + off), c=_money(amount)), paid) == []
