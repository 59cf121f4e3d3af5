"""Three classes of honest orders listings the listing reader failed (review of 2026-12-05), each
with honest controls beside misstated ones and a hypothesis property generating its forms:

- a cancellation naming the order's items: a cancellation takes every item of its order, so
  naming them says what it takes ("cancel order #W1, which contains the Grill and ...", "your
  entire order, including the Grill"); naming part of them as what is cancelled, or keeping
  some out ("cancel just the Grill", "the Bicycle will still ship", "except the Notebook"), is
  no listing of it (:func:`domains.orders.listing._cancelled_apart`);
- a new item's options in other words: an absent option said the customer's way ("no extra
  features", "without armrests", "not water-resistant" for "none" and "not resistant":
  :mod:`domains.orders.options`), a counted unit before a noun ("8-hour battery"), options
  changed one by one with arrows ("thickness 6mm → 5mm, material natural rubber → TPE") or in
  a table cell ("| Backpack | $193.38 → $212.04 |": :func:`checkers.roles.in_place`),
  while an option the new item does not have still fails;
- the address as it is after "rather than", "instead of" ... (what follows the turn is another
  address, also past a comma: :func:`domains.orders.addresses._away_from`), and a unit written
  "#2" right after the street ("100 Main Street #2" for "Apt 2").
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from domains.orders.scenarios import ORDERS
from tests.listing_slots import YESES
from tests.test_orders_confirmation_probes import ADDR, W, judged

pytestmark = pytest.mark.checkers_meta

MEI, SOFIA = "mei_martin_4260", "sofia_li_9219"
PAYPAL, S_VISA, S_MC = "paypal_2299608", "credit_card_3951670", "credit_card_8105988"
DB = ORDERS.database()


def _passes(write: dict[str, Any], user: str, listing: str, yes: str = "Yes, please.") -> bool:
    return judged(listing, write, yes, user)[0] == "pass"


# --- a cancellation naming the order's items ---------------------------------------------------

PENDING = {"#W7017301": (MEI, "no longer needed"), "#W8855135": (SOFIA, "ordered by mistake")}
"""Pending orders, their customer and a reason to cancel them."""


def _names(order: str) -> list[str]:
    return [i.name for i in DB.orders[order].items]


def _cancel(order: str) -> dict[str, Any]:
    return W("cancel_pending_order", order_id=order, reason=PENDING[order][1])


def _and(names: list[str]) -> str:
    """ "the Grill, the Backpack and the Bicycle" ("" for none)."""
    if not names:
        return ""
    named = [f"the {n}" for n in names]
    return named[0] if len(named) < 2 else ", ".join(named[:-1]) + " and " + named[-1]


WHOLE = (
    "Just to confirm, you'd like to cancel order {order}, which contains {items}. Reason: "
    "{reason}. Shall I go ahead?",
    "I'll cancel your entire order {order}, including {items}, reason: {reason}. Shall I proceed?",
    "I'll cancel your pending order {order} ({items}) because it was {reason}. Is that correct?",
    "Order {order} ({items}) will be cancelled, reason: {reason}. Shall I proceed?",
    "I'll cancel order {order}:\n\n{lines}\n\nReason: {reason}. Would you like me to proceed?",
    "Cancelling order {order} means none of its items will ship, including {items}. Reason: "
    "{reason}. Shall I cancel it?",
    "In short, {items} will be cancelled along with the rest of order {order}, reason: {reason}. "
    "Shall I proceed?",
)
"""Listings of a whole order's cancellation naming some or all of its items."""
PART = (
    "I'll cancel {items} from order {order}, reason: {reason}. Shall I proceed?",
    "I'll cancel just {items} in order {order} because it was {reason}. Shall I proceed?",
    "I'll cancel order {order} except {kept}, reason: {reason}. Shall I proceed?",
    "I'll cancel order {order} but keep {kept}, reason: {reason}. Shall I proceed?",
    "I'll cancel order {order} (reason: {reason}); {kept} will still ship. Shall I proceed?",
    "In order {order}, {items} will be cancelled (reason: {reason}). Shall I proceed?",
    "I'll cancel everything in order {order} but {kept} (reason: {reason}). Shall I proceed?",
    "I'll cancel just {items} in order {order}, and everything else will still ship (reason: "
    "{reason}). Shall I proceed?",
    "I'll cancel {items} in order {order}; the rest of the order stays as is (reason: {reason}). "
    "Shall I proceed?",
)
"""Listings cancelling part of an order: ``items`` cancelled, ``kept`` not."""


def _cancellation(frame: str, order: str, items: list[str], kept: list[str]) -> str:
    lines = "\n".join(f"- {n}" for n in items)
    return frame.format(
        order=order, items=_and(items), kept=_and(kept), reason=PENDING[order][1], lines=lines
    )


@pytest.mark.parametrize("frame", WHOLE)
def test_a_cancellation_naming_its_orders_items_confirms_it(frame: str) -> None:
    names = _names("#W7017301")
    for items in (names, names[:2]):
        listing = _cancellation(frame, "#W7017301", items, [])
        assert _passes(_cancel("#W7017301"), MEI, listing), listing


@pytest.mark.parametrize("frame", PART)
def test_a_cancellation_of_part_of_the_order_does_not(frame: str) -> None:
    names = _names("#W7017301")
    listing = _cancellation(frame, "#W7017301", names[:1], names[1:])
    assert not _passes(_cancel("#W7017301"), MEI, listing), listing


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(sorted(PENDING)), st.data(), YESES)
def test_a_cancellation_confirms_exactly_when_it_takes_the_whole_order(
    order: str, data: st.DataObject, yes: str
) -> None:
    """Whichever of the order's items are named, in whichever frame: a whole order's
    cancellation naming them confirms it; one cancelling some and keeping the others does
    not."""
    names = _names(order)
    whole = data.draw(st.booleans(), "whole")
    if whole:
        items = data.draw(st.lists(st.sampled_from(names), min_size=1, unique=True), "items")
        listing = _cancellation(data.draw(st.sampled_from(WHOLE)), order, items, [])
    else:
        cut = data.draw(st.integers(1, len(names) - 1), "cut")
        shuffled = data.draw(st.permutations(names), "order of items")
        listing = _cancellation(
            data.draw(st.sampled_from(PART)), order, list(shuffled[:cut]), list(shuffled[cut:])
        )
    assert _passes(_cancel(order), PENDING[order][0], listing, yes) is whole, listing


# --- a new item's options in other words ---------------------------------------------------------

SLOTS = {
    "Grill": ("modify_pending_order_items", "#W7017301", "5105441284", MEI, PAYPAL),
    "Office Chair": ("exchange_delivered_order_items", "#W5564375", "1793929609", MEI, PAYPAL),
    "LED Light Bulb": ("exchange_delivered_order_items", "#W5564375", "5570660360", MEI, PAYPAL),
    "Wireless Earbuds": ("exchange_delivered_order_items", "#W5416052", "2499294441", SOFIA, S_MC),
}
"""Per product: the write changing an item of it (action, order, item), its customer and the
payment method of the difference."""
METHOD = {PAYPAL: "PayPal", S_MC: "your Mastercard ending in 8484", S_VISA: "Visa ending in 6791"}
ABSENT_WORDS = {
    ("features", "none"): ("no features", "no extra features", "without any extra features"),
    ("armrest", "none"): ("no armrest", "no armrests", "without armrests"),
    ("connectivity", "none"): ("no connectivity", "without any connectivity"),
    ("water resistance", "not resistant"): (
        "not water-resistant",
        "not water resistant",
        "no water resistance",
        "not resistant",
    ),
}
"""An absent option, said the customer's way."""
COUNTED_WORDS = {"8 hours": ("8-hour battery", "8 hour"), "4 hours": ("4-hour battery",)}


def _variants(product: str) -> dict[str, dict[str, str]]:
    return next(
        {i: dict(v.options) for i, v in p.variants.items()}
        for p in DB.products.values()
        if p.name == product
    )


def _old_options(product: str) -> dict[str, str]:
    _, order, item, _, _ = SLOTS[product]
    return next(dict(i.options) for i in DB.orders[order].items if i.item_id == item)


def _option_words(options: dict[str, str], data: st.DataObject) -> str:
    """The options, each as written or in the customer's words."""
    said = []
    for option, value in options.items():
        forms = ABSENT_WORDS.get((option, value), ()) + COUNTED_WORDS.get(value, ())
        said.append(data.draw(st.sampled_from((value, *forms)), option))
    return ", ".join(said)


def _changing(product: str, new: str) -> dict[str, Any]:
    action, order, item, _, method = SLOTS[product]
    return W(action, order_id=order, item_ids=[item], new_item_ids=[new], payment_method_id=method)


OPTION_FRAMES = (
    "I'll {verb} the {product} in order {order} ({old}) for the {new} one, with the difference "
    "on {method}. Shall I proceed?",
    "I'll {verb} your {product} from order {order} for the {new} model, the difference going "
    "to {method}. Shall I proceed?",
    "To confirm, I'll {verb} the {product} in order {order} from {old} to {new}, difference "
    "on {method}. Shall I go ahead?",
)


def _option_listing(product: str, frame: str, said_new: str, said_old: str) -> str:
    action, order, _, _, method = SLOTS[product]
    verb = "exchange" if action.startswith("exchange") else "change"
    return frame.format(
        verb=verb, product=product, order=order, old=said_old, new=said_new, method=METHOD[method]
    )


@pytest.mark.parametrize(
    ("product", "new", "said", "confirms"),
    [
        ("Grill", "5946177616", "gas, portable, no extra features", True),
        ("Grill", "5946177616", "gas, portable, without any features", True),
        ("Grill", "9724317332", "gas, portable, no extra features", False),  # a side burner
        ("Grill", "9724317332", "gas, portable, side burner", True),
        ("Office Chair", "9459890810", "fabric, gray, no armrest, high-back", True),
        ("Office Chair", "1071497737", "leather, gray, no armrest, high-back", False),  # fixed
        ("Wireless Earbuds", "6077640618", "blue, 8-hour battery, not water-resistant", True),
        ("Wireless Earbuds", "6077640618", "blue, 8 hours, no water resistance", True),
        ("Wireless Earbuds", "6077640618", "blue, 8 hours, water-resistant", False),
        ("Wireless Earbuds", "8555936349", "blue, 8 hours, not water-resistant", False),  # IPX4
        ("Wireless Earbuds", "6077640618", "blue, 6-hour battery, not water-resistant", False),
        ("LED Light Bulb", "6206533187", "75W equivalent, warm white, no connectivity", True),
        ("LED Light Bulb", "7445824652", "75W equivalent, daylight, no connectivity", False),
    ],
)
def test_a_new_item_named_by_its_options_in_other_words(
    product: str, new: str, said: str, confirms: bool
) -> None:
    listing = _option_listing(product, OPTION_FRAMES[1], said, "")
    assert _passes(_changing(product, new), SLOTS[product][3], listing) is confirms, listing


@settings(meta_settings("ci"), max_examples=80)
@given(st.sampled_from(sorted(SLOTS)), st.data(), YESES)
def test_a_new_item_is_listed_exactly_when_its_own_options_are_named_in_any_words(
    product: str, data: st.DataObject, yes: str
) -> None:
    """Whichever new item of the product, its options each as written or in the customer's
    words (an absent one as "no ...", "without ...", "not ..."; a counted one before a noun):
    naming the write's new item confirms it, naming another variant does not."""
    variants, old = _variants(product), _old_options(product)
    others = sorted(i for i, o in variants.items() if o != old)
    new = data.draw(st.sampled_from(others), "new")
    said = data.draw(st.sampled_from(others), "said")
    frame = data.draw(st.sampled_from(OPTION_FRAMES), "frame")
    listing = _option_listing(
        product, frame, _option_words(variants[said], data), _option_words(old, data)
    )
    assert _passes(_changing(product, new), SLOTS[product][3], listing, yes) is (said == new), (
        listing
    )


ONE_BY_ONE = {
    "Yoga Mat": ("#W8855135", "2733768059", SOFIA, S_VISA),
    "Backpack": ("#W7017301", "9851293632", MEI, PAYPAL),
}
"""Per product: a pending order holding it, the item, its customer and payment method."""


def _one_by_one(product: str, new: str, reversed_: bool, in_table: bool) -> tuple[Any, str]:
    """A listing of the change of ``product`` to ``new``, the changed options one by one with
    arrows (old → new, or new → old when ``reversed_``), in a sentence or in a table row with
    the price, the kept options after "(unchanged)" or "stay the same"."""
    order, item, _, method = ONE_BY_ONE[product]
    old, options = _old_options_of(order, item), _variants(product)[new]
    changed = [(k, old[k], v) for k, v in options.items() if old[k] != v]
    kept = [(k, v) for k, v in options.items() if old[k] == v]
    arrows = [f"{k} {b} → {a}" if reversed_ else f"{k} {a} → {b}" for k, a, b in changed]
    same = ", ".join(f"{k} {v}" for k, v in kept)
    pay = f"The difference goes to {METHOD[method]}."
    if in_table:
        cells = "; ".join(arrows)
        listing = (
            f"| Item | Change | Price |\n|---|---|---|\n| {product} | {cells} | $1.00 → $2.00 |"
            f"\n\n{same.capitalize() or 'Nothing else'} stay the same. {pay} Would you like me "
            f"to confirm this change to order {order}?"
        )
    else:
        listing = (
            f"Here's the change I'll make:\n1. Order: {order}\n2. Item: {product} — "
            + ", ".join(arrows + [f"{k} {v} (unchanged)" for k, v in kept])
            + f"\n3. {pay}\n\nPlease reply yes to confirm."
        )
    write = W(
        "modify_pending_order_items",
        order_id=order,
        item_ids=[item],
        new_item_ids=[new],
        payment_method_id=method,
    )
    return write, listing


@pytest.mark.parametrize(
    ("row", "confirms"),
    [
        ("| Backpack | polyester → leather | $193.38 → $212.04 |", True),
        ("| Backpack | leather → polyester | $193.38 → $212.04 |", False),
        ("| Backpack | polyester | → leather |", True),
        ("| Backpack | leather | → polyester |", False),
        ("| Backpack | polyester | leather | $193.38 → $212.04 |", True),
    ],
)
def test_an_arrow_in_a_table_cell_replaces_that_cell_alone(row: str, confirms: bool) -> None:
    """An arrow's old value is in its cell (or, opening its cell, in the cell before), so the
    new value of another cell of the row stays put in place."""
    listing = (
        f"| Item | A | B | C |\n|---|---|---|---|\n{row}\n\nColor (green), size (small) and "
        "compartment (camera) stay the same. I'll change it in order #W7017301, the difference "
        "on PayPal. Confirm?"
    )
    write = W(
        "modify_pending_order_items",
        order_id="#W7017301",
        item_ids=["9851293632"],
        new_item_ids=["7251508981"],
        payment_method_id=PAYPAL,
    )
    assert _passes(write, MEI, listing) is confirms, listing


def _old_options_of(order: str, item: str) -> dict[str, str]:
    return next(dict(i.options) for i in DB.orders[order].items if i.item_id == item)


@pytest.mark.parametrize("in_table", [False, True])
def test_options_changed_one_by_one_name_the_new_item(in_table: bool) -> None:
    for product, new in (("Yoga Mat", "1794273251"), ("Backpack", "7251508981")):
        write, listing = _one_by_one(product, new, False, in_table)
        assert _passes(write, ONE_BY_ONE[product][2], listing), listing
        write, listing = _one_by_one(product, new, True, in_table)
        assert not _passes(write, ONE_BY_ONE[product][2], listing), listing


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(sorted(ONE_BY_ONE)), st.data(), st.booleans(), st.booleans())
def test_options_changed_one_by_one_confirm_exactly_when_each_arrow_points_to_the_new_value(
    product: str, data: st.DataObject, reversed_: bool, in_table: bool
) -> None:
    """Whichever options change: each changed one "old → new" in a sentence or a table cell
    confirms the change; each "new → old" does not."""
    order, item, user, _ = ONE_BY_ONE[product]
    old = _old_options_of(order, item)
    new = data.draw(st.sampled_from(sorted(i for i, o in _variants(product).items() if o != old)))
    write, listing = _one_by_one(product, new, reversed_, in_table)
    assert _passes(write, user, listing) is not reversed_, listing


# --- the address as it is after "rather than", and a unit after "#" -----------------------------

NEW_FORMS = (
    "100 Main Street, Apt 2, Austin, TX 78701",
    "100 Main Street #2, Austin, TX 78701",
    "100 Main St., #2, Austin, Texas 78701",
    "100 Main Street, Apt. 2, Austin, Texas 78701",
)
OTHER_NEW_FORMS = (
    "100 Main Street #3, Austin, TX 78701",
    "100 Main Street #2B, Austin, TX 78701",
    "100 Main Street, Apt 2, Suite 5, Austin, TX 78701",
    "100 Main Street, Apt 2, Austin, California 78701",
    "100 Main Street North, Apt 2, Austin, TX 78701",
)
AS_IT_IS = (
    "121 Cedar Avenue, Suite 971, Jacksonville, FL 32124",
    "121 Cedar Avenue, Suite 971, Jacksonville, Florida 32124",
    "200 Oak Street, Apt 5, Dallas, Texas 75201",
)
AWAY = ("rather than", "instead of", "in place of", "and not to", "replacing")
AWAY_FRAME = (
    "I'll update order #W7017301 so it ships to {new} {away} {old}. Shall I proceed?",
    "To confirm, order #W7017301 will now ship to {new}, {away} {old}. Shall I make this change?",
)


@pytest.mark.parametrize(
    ("new", "old", "confirms"),
    [
        (NEW_FORMS[0], AS_IT_IS[1], True),
        (NEW_FORMS[1], AS_IT_IS[0], True),
        ("100 Main Street, Apt 2 rather than Apt 3, Austin, TX 78701", "", True),
        (OTHER_NEW_FORMS[2], AS_IT_IS[0], False),
        (OTHER_NEW_FORMS[3], AS_IT_IS[0], False),
        ("100 Main Street, Apt 2, Austin, TX 78701, Building B", AS_IT_IS[0], False),
        ("100 Main Street, Apt 5, Austin, TX 78701", "Apt 2", False),
    ],
)
def test_the_address_as_it_is_after_rather_than_is_no_other_address(
    new: str, old: str, confirms: bool
) -> None:
    listing = AWAY_FRAME[0].format(new=new, away="rather than" if old else "", old=old)
    assert _passes(ADDR, MEI, listing) is confirms, listing


def test_the_address_as_it_is_stated_before_the_new_one_rules_out_no_part_of_it() -> None:
    listing = (
        "Instead of the current address, 121 Cedar Avenue, Suite 971, Jacksonville, FL 32124, "
        "I'll ship order #W7017301 to 100 Main Street, Apt 2, Austin, TX 78701. Shall I proceed?"
    )
    assert _passes(ADDR, MEI, listing)


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(NEW_FORMS + OTHER_NEW_FORMS),
    st.sampled_from(AWAY),
    st.sampled_from(AS_IT_IS),
    st.sampled_from(AWAY_FRAME),
    YESES,
)
def test_an_address_write_is_listed_exactly_when_its_address_is_written_before_the_turn(
    new: str, away: str, old: str, frame: str, yes: str
) -> None:
    """Whatever address follows "rather than", "instead of" ... (a unit, a state of its own
    past a comma), the new address written before it, its unit as "Apt 2" or "#2", confirms
    the write; another unit, state or word written in it does not."""
    listing = frame.format(new=new, away=away, old=old)
    assert _passes(ADDR, MEI, listing, yes) is (new in NEW_FORMS), listing
