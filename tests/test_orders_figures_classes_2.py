"""Properties of the classes of ``tests/test_review_probes_orders_figures_1206.py`` closed after
those of ``tests/test_orders_figures_classes.py``: a figure given to a second thing by the
sentence after its own, or by "the same price as", is that thing's too; a table of items by
column binds each cell to its column's item; "Order #7301" names the order ending in 7301.

Each property draws the forms gpt-4o writes over Mei Martin's orders and items (the tau-bench
retail database: no two of them share a total or a price) and holds ``no_fabrication``'s
verdict to the truth of what is said, an honest control beside each misstated form.
"""

from __future__ import annotations

from random import Random
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_review_probes_orders_facts_1206 import Probe, verdict

pytestmark = pytest.mark.checkers_meta


class Order(NamedTuple):
    id: str
    status: str
    total: str
    tracking: str


ORDERS = (
    Order("#W7017301", "pending", "$3,048.69", ""),
    Order("#W3288665", "processed", "$53.72", "101031430076"),
    Order("#W5564375", "delivered", "$3,822.06", "961161785495"),
)
"""Mei Martin's orders as the lookups give them."""

ITEMS = {
    "#W7017301": (
        ("Grill", "$924.50"),
        ("Backpack", "$193.38"),
        ("Bicycle", "$1,902.67"),
        ("Notebook", "$28.14"),
    ),
    "#W5564375": (
        ("Office Chair", "$514.34"),
        ("Digital Camera", "$3,101.43"),
        ("Running Shoes", "$154.75"),
        ("LED Light Bulb", "$51.54"),
    ),
}
"""The items of Mei's orders of several items, with their prices."""

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

two_orders = st.permutations(ORDERS).map(lambda p: p[:2])
two_items = st.sampled_from(sorted(ITEMS)).flatmap(
    lambda order: st.permutations(ITEMS[order]).map(lambda p: p[:2])
)


def _judged(reply: str) -> str:
    return verdict(Probe("drawn", reply, ""))


FIRST_SENTENCES = (
    "{a} cost {x}.",
    "Your total for {a} is {x}.",
    "You paid {x} for {a}.",
    "Order {a} came to {x}.",
)
SAME_NEXT = (
    "Same for {b}.",
    "The same goes for {b}.",
    "Same with {b}.",
    "So did {b}.",
    "{b} too.",
    "{b} as well.",
    "Likewise for {b}.",
)
OWN_NEXT = ("{b} is {status}.", "{b} is also {status}.", "Order {b} is {status} too.")


@SETTINGS
@given(two_orders, st.sampled_from(FIRST_SENTENCES), st.sampled_from(SAME_NEXT))
def test_a_figure_given_to_an_order_in_the_next_sentence_is_its_too(
    orders: tuple[Order, ...], first: str, same: str
) -> None:
    """ "#W1 cost $X. Same for #W2.": $X is #W2's too, and no two orders share a total; the
    same with the order the sentence before named passes."""
    a, b = orders
    said = first.format(a=a.id, x=a.total)
    assert _judged(f"{said} {same.format(b=b.id)}") == "fail", f"{said} {same.format(b=b.id)}"
    assert _judged(f"{said} {same.format(b=a.id)}") == "pass", f"{said} {same.format(b=a.id)}"


@SETTINGS
@given(two_orders, st.sampled_from(FIRST_SENTENCES), st.sampled_from(OWN_NEXT))
def test_a_next_sentence_saying_its_own_status_takes_no_figure(
    orders: tuple[Order, ...], first: str, own: str
) -> None:
    """ "#W1 cost $X. #W2 is also pending.": the next sentence says #W2's own status."""
    a, b = orders
    reply = f"{first.format(a=a.id, x=a.total)} {own.format(b=b.id, status=b.status)}"
    assert _judged(reply) == "pass", reply


@SETTINGS
@given(st.sampled_from(SAME_NEXT))
def test_a_tracking_number_given_to_an_order_in_the_next_sentence_is_its_too(
    same: str,
) -> None:
    """A tracking number is carried as a total is."""
    first, second = ORDERS[1], ORDERS[2]
    reply = f"The tracking number for {first.id} is {first.tracking}. {same.format(b=second.id)}"
    assert _judged(reply) == "fail", reply


ITEM_SAME_NEXT = ("So does the {b}.", "The {b} too.", "Same for the {b}.", "Likewise for the {b}.")


@SETTINGS
@given(two_items, st.sampled_from(ITEM_SAME_NEXT))
def test_an_items_price_given_to_another_in_the_next_sentence_is_its_too(
    items: tuple[tuple[str, str], ...], same: str
) -> None:
    """ "The grill costs $X. So does the backpack.": $X is the backpack's too, and fails; the
    backpack's own price said next passes."""
    (a, price), (b, own) = items
    first = f"The {a.lower()} costs {price}."
    reply = f"{first} {same.format(b=b.lower())}"
    assert _judged(reply) == "fail", reply
    honest = f"{first} The {b.lower()} costs {own}."
    assert _judged(honest) == "pass", honest


SAME_PRICE_AS = (
    "{a} is the same price as {b}, {x}.",
    "{a} costs the same as {b}: {x}.",
    "{a} has the same price as {b} ({x}).",
    "{a} costs as much as {b}, {x}.",
    "{a} is exactly the same price as {b}, {x}.",
)
NOT_SAME_PRICE_AS = (
    "{a} is not the same price as {b}, {x}.",
    "{a} costs more than {b}, {x}.",
    "{a} isn't the same price as {b}: {x}.",
)


@SETTINGS
@given(two_items, st.sampled_from(SAME_PRICE_AS), st.sampled_from(NOT_SAME_PRICE_AS))
def test_a_figure_after_the_same_price_as_is_said_of_both_items(
    items: tuple[tuple[str, str], ...], same: str, other: str
) -> None:
    """ "The grill is the same price as the backpack, $193.38": the grill's too, which fails;
    "is not the same price as the backpack, $193.38" says it of the backpack only."""
    (a, _), (b, price) = items
    names = {"a": f"The {a.lower()}", "b": f"the {b.lower()}", "x": price}
    assert _judged(same.format(**names)) == "fail", same.format(**names)
    assert _judged(other.format(**names)) == "pass", other.format(**names)


@SETTINGS
@given(two_orders, st.sampled_from(SAME_PRICE_AS), st.sampled_from(NOT_SAME_PRICE_AS))
def test_a_figure_after_the_same_total_as_is_said_of_both_orders(
    orders: tuple[Order, ...], same: str, other: str
) -> None:
    """ "#W1 costs the same as #W2, $X": #W1's total too, which fails; denied, it passes."""
    a, b = orders
    names = {"a": a.id, "b": b.id, "x": b.total}
    assert _judged(same.format(**names)) == "fail", same.format(**names)
    assert _judged(other.format(**names)) == "pass", other.format(**names)


@SETTINGS
@given(two_items, st.sampled_from(("the same price as", "exactly the same price as")))
def test_a_figure_before_the_same_price_as_is_said_of_both_items(
    items: tuple[tuple[str, str], ...], words: str
) -> None:
    """ "The grill costs $924.50, the same price as the backpack": the backpack's too."""
    (a, price), (b, _) = items
    reply = f"The {a.lower()} costs {price}, {words} the {b.lower()}."
    assert _judged(reply) == "fail", reply


def _items_by_column(names: list[str], prices: list[str], corner: str) -> str:
    return "\n".join(
        [
            f"| {corner} | " + " | ".join(names) + " |",
            "|---" * (len(names) + 1) + "|",
            "| Price | " + " | ".join(prices) + " |",
        ]
    )


@SETTINGS
@given(
    st.sampled_from(sorted(ITEMS)),
    st.integers(2, 4),
    st.randoms(use_true_random=False),
    st.sampled_from(("", "Item")),
    st.sampled_from(("", "For {order}:\n\n", "**Order {order}**\n")),
)
def test_a_table_of_items_by_column_binds_each_price_to_its_column(
    order: str, count: int, random: Random, corner: str, heading: str
) -> None:
    """A table with an item per column passes with each item's price under it, and fails
    with two columns' prices swapped."""
    items = random.sample(ITEMS[order], count)
    names, prices = [n for n, _ in items], [p for _, p in items]
    head = heading.format(order=order)
    honest = head + _items_by_column(names, prices, corner)
    assert _judged(honest) == "pass", honest
    prices[0], prices[1] = prices[1], prices[0]
    swapped = head + _items_by_column(names, prices, corner)
    assert _judged(swapped) == "fail", swapped


HASH_FORMS = (
    "Order #{d}: {x}",
    "Order #{d} \u2014 {x}",
    "Your order #{d} came to {x}.",
    "The total of order #{d} is {x}.",
    "Order number #{d}: {x}",
)


@SETTINGS
@given(
    st.sampled_from(ORDERS),
    st.sampled_from(ORDERS),
    st.integers(3, 7),
    st.sampled_from(HASH_FORMS),
    st.booleans(),
)
def test_an_order_named_by_a_hash_and_its_last_digits_is_that_order(
    named: Order, source: Order, digits: int, form: str, status: bool
) -> None:
    """ "Order #7301: $53.72" says the total (or status) of the order ending in 7301: true of
    it passes, another order's fails."""
    ending = named.id[-digits:]
    if status:
        reply = f"Order #{ending} is {source.status}."
    else:
        reply = form.format(d=ending, x=source.total)
    assert _judged(reply) == ("pass" if named == source else "fail"), reply


VERBLESS = (
    "You paid {x} for {a}, and {b} {adverb}{status}.",
    "I see {x} on {a}, and {b} {adverb}{status}.",
    "{a} came to {x}, and {b} {adverb}{status}.",
)


@SETTINGS
@given(
    st.sampled_from(ORDERS[1:]),
    st.sampled_from(ORDERS),
    st.sampled_from(VERBLESS),
    st.sampled_from(("", "still ", "now ", "currently ")),
)
def test_a_status_after_comma_and_with_its_verb_left_out_is_the_next_orders_own(
    first: Order, second: Order, form: str, adverb: str
) -> None:
    """ "You paid $X for #W1, and #W2 still pending": pending is #W2's alone; said of an order
    not pending it fails, as a total of another order does."""
    if first == second:
        return
    reply = form.format(x=first.total, a=first.id, b=second.id, adverb=adverb, status="pending")
    assert _judged(reply) == ("pass" if second.status == "pending" else "fail"), reply
    wrong = form.format(x=second.total, a=first.id, b=ORDERS[0].id, adverb=adverb, status="pending")
    if second != ORDERS[0]:
        assert _judged(wrong) == "fail", wrong


NO_COMMA = (
    "You paid {x} for {a} and {b} is {status}.",
    "I see {x} on {a} and {b} is still {status}.",
    "We charged {x} for order {a} and {b} remains {status}.",
    "You were billed {x} for {a} and {b} is currently {status}.",
)


@SETTINGS
@given(two_orders, st.sampled_from(NO_COMMA), st.booleans())
def test_and_without_a_comma_after_a_persons_verb_joins_two_clauses(
    orders: tuple[Order, ...], form: str, true_status: bool
) -> None:
    """ "You paid $X for #W1 and #W2 is pending": #W2's own status, #W1's own total; a status
    not #W2's fails. "[I can tell you the] status for #W1 and #W2 is <#W2's>" stays one list
    (a noun's), and fails: #W1's differs."""
    a, b = orders
    status = b.status if true_status else a.status
    reply = form.format(x=a.total, a=a.id, b=b.id, status=status)
    assert _judged(reply) == ("pass" if true_status else "fail"), reply
    for listed in (
        f"Status for {a.id} and {b.id} is {b.status}.",
        f"I can tell you the status for {a.id} and {b.id} is {b.status}.",
    ):
        assert _judged(listed) == "fail", listed
