"""Listings of a new item's options that the mutants of :mod:`domains.orders.options` left
standing (mutation run of 2026-12-05), each a verdict on a realistic listing beside its
honest or misstated twin:

- an absent option named by its name in the singular ("no extra feature" for features
  "none"), as in the plural;
- a value counted in a unit whose plural takes "es" named before a noun ("14-inch" for a
  diameter of "14 inches"), as one whose plural takes "s" ("8-hour battery").
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_orders_confirmation_probes import W, judged
from tests.test_orders_listing_items_classes import OPTION_FRAMES, SLOTS, _changing, _option_listing

pytestmark = pytest.mark.checkers_meta


def _passes(write: dict[str, Any], user: str, listing: str) -> bool:
    return judged(listing, write, "Yes, please.", user)[0] == "pass"


# --- an absent option named in the singular ------------------------------------------------------

GRILL_PLAIN, GRILL_BURNER = "5946177616", "9724317332"
"""Gas portable grills: one with no features, one with a side burner."""


@pytest.mark.parametrize("frame", OPTION_FRAMES)
@pytest.mark.parametrize("said", ["no extra feature", "without any special feature"])
def test_an_absent_option_named_in_the_singular_names_the_new_item(frame: str, said: str) -> None:
    listing = _option_listing("Grill", frame, f"gas, portable, {said}", "")
    user = SLOTS["Grill"][3]
    assert _passes(_changing("Grill", GRILL_PLAIN), user, listing), listing
    assert not _passes(_changing("Grill", GRILL_BURNER), user, listing), listing  # a side burner


# --- a counted unit whose plural takes "es", before a noun ---------------------------------------

CLOCK_ORDER, CLOCK_ITEM, CLOCK_USER = "#W7613749", "6508153405", "olivia_silva_7273"
"""A pending order of a Wall Clock of 12 inches, white, analog, paid with PayPal."""
CLOCK_14_BLACK_ANALOG = "7791931443"


def _clock_change(new: str) -> dict[str, Any]:
    return W(
        "modify_pending_order_items",
        order_id=CLOCK_ORDER,
        item_ids=[CLOCK_ITEM],
        new_item_ids=[new],
        payment_method_id="paypal_9379149",
    )


@pytest.mark.parametrize(
    ("said", "confirms"),
    [
        ("the 14-inch black analog one", True),
        ("a 14 inch black analog clock", True),
        ("the 10-inch black analog one", False),  # another diameter
        ("the 14-inch black digital one", False),  # another type
    ],
)
def test_a_diameter_in_inches_named_before_a_noun_names_the_new_clock(
    said: str, confirms: bool
) -> None:
    listing = (
        f"I'll change the 12-inch white analog Wall Clock in order {CLOCK_ORDER} to {said}, "
        "with the $4.08 price difference paid with PayPal. Shall I proceed?"
    )
    assert _passes(_clock_change(CLOCK_14_BLACK_ANALOG), CLOCK_USER, listing) is confirms, listing
