"""A listing that names another value of one of an orders write's details is no listing of it.

Before each write the agent lists the action's details; the customer's yes confirms what was
listed. Each listing below is a template whose slots hold the write's own details (the items,
the new item's options, the address, the payment method): filled with them it confirms the
write; with any one slot holding another value of the same field it must not (a size "small" is
not named by "smaller", "Apt 2" not by "Apt 21", a return of the Office Chair not by a listing of
the Office Chair and the Digital Camera, a new item "green" not by a listing of the black one,
an order's new address not by the address on file nor by a listing of the account's default, a
new item not by a listing naming what it changes as what is replaced: "from leather to polyester"
before a change from polyester to leather, a returned item not where the listing rules it out,
"(not the Office Chair)", a return not by a listing of an exchange).
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers.results import Outcome
from domains.orders.listing import _counts_of, clauses
from tests.listing_slots import Listings, listing_tests
from tests.test_orders_confirmation import WRITE as ADDRESS_WRITE
from tests.test_orders_confirmation import _confirmed

pytestmark = pytest.mark.checkers_meta

PAYPAL = "paypal_2299608"
CHANGE_ITEMS = {
    "name": "modify_pending_order_items",
    "args": {
        "order_id": "#W7017301",
        "item_ids": ["9851293632"],
        "new_item_ids": ["7251508981"],
        "payment_method_id": PAYPAL,
    },
}
LISTINGS: Listings = {
    "change items": (
        CHANGE_ITEMS,
        "I will change the {old} in order {order} to the {color}, {size}, {material} one with "
        "a {compartment} compartment, paid with {method}. Shall I proceed?",
        {
            "old": ("Backpack", ("Notebook", "Grill", "Backpack and the Notebook")),
            "order": ("#W7017301", ("#W3288665",)),
            "color": ("green", ("black", "grey", "navy")),
            "size": ("small", ("large", "medium", "smaller")),
            "material": ("leather", ("nylon", "polyester", "leathery")),
            "compartment": ("camera", ("laptop", "hydration")),
            "method": ("PayPal", ("a gift card", "a credit card")),
        },
    ),
    "change items, which way": (
        CHANGE_ITEMS,
        "I will change the green, small {roles} camera compartment in order #W7017301, "
        "paid with PayPal. Shall I proceed?",
        {
            "roles": (
                "polyester Backpack to the leather one with a",
                (
                    "leather Backpack to the polyester one with a",
                    "Backpack from leather to polyester, with a",
                ),
            ),
        },
    ),
    "exchange": (
        {
            "name": "exchange_delivered_order_items",
            "args": {
                "order_id": "#W5564375",
                "item_ids": ["1775591963"],
                "new_item_ids": ["9635758562"],
                "payment_method_id": PAYPAL,
            },
        },
        "I will exchange the {old} (size 10, white) in order #W5564375 for size {size}, "
        "{color}, {material}, {sole} sole, with {method} paying the difference. Proceed?",
        {
            "old": ("Running Shoes", ("Office Chair", "Running Shoes and the Office Chair")),
            "size": ("9", ("8", "10", "9.5")),
            "color": ("white", ("black", "yellow", "red")),
            "material": ("mesh", ("synthetic", "leather")),
            "sole": ("rubber", ("EVA",)),
            "method": ("PayPal", ("a gift card",)),
        },
    ),
    "return": (
        {
            "name": "return_delivered_order_items",
            "args": {
                "order_id": "#W5564375",
                "item_ids": ["1793929609"],
                "payment_method_id": PAYPAL,
            },
        },
        "I will return the {item} from order {order}, refunded to {method}. Proceed?",
        {
            "item": (
                "Office Chair",
                ("Digital Camera", "Office Chair and the Digital Camera", "Running Shoes"),
            ),
            "order": ("#W5564375", ("#W3288665",)),
            "method": ("your PayPal", ("your gift card",)),
        },
    ),
    "return, one item ruled out": (
        {
            "name": "return_delivered_order_items",
            "args": {
                "order_id": "#W5564375",
                "item_ids": ["1793929609"],
                "payment_method_id": PAYPAL,
            },
        },
        "I will {verb} the {items} from order #W5564375; you send it back with the prepaid "
        "label for a return, refunded to your PayPal. Proceed?",
        {
            "verb": ("return", ("exchange", "gladly exchange")),
            "items": (
                "Office Chair (not the Digital Camera)",
                ("camera (not the Office Chair)", "camera, except the Office Chair"),
            ),
        },
    ),
    "address": (
        ADDRESS_WRITE,
        "I will change the shipping address of order #W7017301 to {line}, {apartment}, {city}, "
        "{state}, USA, {zip}. Shall I proceed?",
        {
            "line": (
                "100 Main Street",
                ("1100 Main Street", "100 Main Avenue", "10 Main Street", "100 Main Street North"),
            ),
            "apartment": ("Apt 2", ("Apt 21", "Apt 3", "Suite 2", "Apt 2-B", "Apt 2, Floor 3")),
            "city": ("Austin", ("Dallas", "Austintown", "West Austin")),
            "state": ("Texas", ("CA", "Ohio", "New Texas")),
            "zip": ("78701", ("78702", "787011")),
        },
    ),
    "address with a word of the glue and both forms of a word": (
        {
            **ADDRESS_WRITE,
            "args": {
                **ADDRESS_WRITE["args"],
                "address1": "12 Dr Martin Luther King Drive",
                "address2": "",
                "city": "Salt Lake City",
                "state": "UT",
                "zip": "84101",
            },
        },
        "I will change the shipping address of order #W7017301 to {line}, Salt Lake City, "
        "UT {zip}. Shall I proceed?",
        {
            "line": (
                "12 Dr Martin Luther King Drive",
                ("12 Dr Martin Luther King Drive East", "12 Martin Luther King Drive"),
            ),
            "zip": ("84101", ("84102",)),
        },
    ),
    "address beside the one on file": (
        ADDRESS_WRITE,
        "Your address on file is 100 Main Street, Apt 2, Austin, TX 78701. I will change "
        "{whose} to {line}, Apt 2, Austin, TX 78701. Shall I proceed?",
        {
            "whose": (
                "the shipping address of order #W7017301",
                ("the default address on your account", "your profile address"),
            ),
            "line": ("100 Main Street", ("200 Oak Street", "100 Main Avenue")),
        },
    ),
}


def _judged(write: dict[str, Any], listing: str, yes: str) -> tuple[Outcome, str]:
    result = _confirmed(listing, yes, write)
    return result.outcome, result.reason_code


(
    test_the_listing_of_the_writes_own_details_confirms_it,
    test_a_listing_with_one_detail_of_another_value_is_no_listing_of_the_write,
    test_every_other_value_of_every_slot_fails,
) = listing_tests(LISTINGS, _judged, examples=120)


@pytest.mark.parametrize(
    ("said", "count"),
    [
        ("one Fleece Jacket", 1),
        ("a single Fleece Jacket", 1),
        ("two Fleece Jackets", 2),
        ("both navy Fleece Jackets", 2),
        ("three Fleece Jackets", 3),
        ("four Fleece Jackets", 4),
        ("five Fleece Jackets", 5),
        ("12 Fleece Jackets", 12),
        ("both the Fleece Jacket and the Office Chair", None),  # no two jackets
        ("size 9 Fleece Jackets", None),
        ("0 Fleece Jacket", None),  # none is no count of one
    ],
)
def test_the_number_of_items_said_before_a_products_name_is_read(said: str, count: int) -> None:
    """Each number word and digits right before a product's name (a listing of a return of
    both jackets must not say "one Fleece Jacket")."""
    expected = set() if count is None else {count}
    text = f"i will return {said} from order #w1.".lower()  # folded, as the listing is
    assert _counts_of("Fleece Jacket", text) == expected


def test_a_number_counts_from_the_texts_start_up_to_40_characters_before_the_name() -> None:
    """The number and the words after it span at most 40 characters before the product's name
    (a word of 35 letters between: counted; of 36: not), wherever the name stands."""
    assert _counts_of("Fleece Jacket", "two fleece jackets") == {2}
    assert _counts_of("Fleece Jacket", f"two {'x' * 35} fleece jackets") == {2}
    assert _counts_of("Fleece Jacket", f"two {'x' * 36} fleece jackets") == set()
    # the name at 66 (a position whose bits 3 and 5 are clear), the number 41 before it
    far = f"{'a' * 24} two {'x' * 36} fleece jackets"
    assert far.index("fleece") == 66 and _counts_of("Fleece Jacket", far) == set()


def test_an_exchange_offered_beside_a_return_is_quoted_in_the_reason() -> None:
    """The reason quotes the clause that offers the exchange, its first 80 characters."""
    message = (
        "I will return the Office Chair from order #W5564375 with a refund to your PayPal; I will "
        "exchange it for the same chair in another color of your choosing at a later date. "
        "Proceed?"
    )
    write = {
        "name": "return_delivered_order_items",
        "args": {"order_id": "#W5564375", "item_ids": ["1793929609"], "payment_method_id": PAYPAL},
    }
    offered = next(c for c in clauses(message) if c.startswith("i will exchange"))
    assert len(offered) > 80
    reason = _confirmed(message, "Yes.", write).reason
    assert reason.endswith(f"offers an exchange, not a return ({offered[:80]!r})"), reason
