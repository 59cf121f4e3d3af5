"""An amount said of one item of an order must be a price of that item, and an amount or long
number said of one order must not be another order's, in a sentence naming several items or
orders too (``domains/orders/checks/fabrication.py``, on the core :mod:`checkers.binding` that
airline binds flights' figures with).

Three false passes closed here: facts were bound to every order a sentence named, so "Order
#W7017301 cost $53.72 and order #W3288665 cost $3048.69" (swapped) and "The tracking number of
#W7017301 is <#W3288665's>" passed; an amount was bound to an item only when the sentence named
exactly one item, so "The grill costs $193.38 and the backpack costs $924.50" (the two prices
swapped) passed; and a sentence naming no order checked items only of orders an earlier agent
sentence had named, so "The grill costs $193.38." right after the lookup passed. Mei Martin's
pending #W7017301 holds a Grill ($924.50), a Backpack ($193.38), a Bicycle ($1902.67) and a
Notebook ($28.14), paid $3048.69; her processed #W3288665 was paid $53.72 and ships under
tracking number 101031430076.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.orders.data_files import bundled_database
from domains.orders.service import apply
from tests.test_orders_hostile import MEI, _judge

# Meta-tests: `checkers mutate orders` runs them against each mutant.
pytestmark = pytest.mark.checkers_meta

ORDER = "#W7017301"
PASSED, SWAPPED = ("pass", "all_statements_supported"), ("fail", "unsupported_amount")


@cache
def _prices() -> dict[str, Decimal]:
    items = bundled_database().orders[ORDER].items
    return {item.name.lower(): Decimal(str(item.price)) for item in items}


def _judged(reply: str) -> tuple[str, str]:
    response: Any = apply(bundled_database(), "get_order_details", {"order_id": ORDER}).value
    lookup = {"name": "get_order_details", "args": {"order_id": ORDER}, "response": response}
    user = f"My email is mei.martin4637@example.com. What did order {ORDER} cost?"
    answer = {"turns": [{"user": user, "calls": [MEI, lookup], "agent": reply}]}
    return _judge("cs-order-status", answer, "no_fabrication")


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("The grill costs $924.50 and the backpack costs $193.38.", PASSED),
        ("The grill costs $193.38 and the backpack costs $924.50.", SWAPPED),
        ("The grill costs $193.38.", SWAPPED),
        ("The grill is $193.38, the backpack $924.50.", SWAPPED),
        (f"Order {ORDER}: the backpack was $924.50 and the notebook $28.14.", SWAPPED),
        (f"Order {ORDER}: the backpack was $193.38 and the notebook $28.14.", PASSED),
        ("The grill and the backpack cost $193.38 and $924.50.", SWAPPED),
        ("The grill and the backpack cost $924.50 and $193.38.", PASSED),
        ("$193.38 for the grill and $924.50 for the backpack.", SWAPPED),
        ("$924.50 for the grill and $193.38 for the backpack.", PASSED),
        ("Your grill ($193.38) and backpack ($924.50) can be returned.", SWAPPED),
        ("Your grill ($924.50) and backpack ($193.38) can be returned.", PASSED),
        # said of one of them, true of one; said of both together, a total: not an item's price
        ("The grill or the backpack costs $193.38.", PASSED),
        ("The grill and the backpack total $1117.88.", PASSED),
        ("The  Grill   costs $193.38.", SWAPPED),
    ],
)
def test_an_amount_said_of_an_item_is_that_items_price(
    reply: str, expected: tuple[str, str]
) -> None:
    assert _judged(reply) == expected, reply


TEMPLATES = (
    "The {a} costs ${x} and the {b} costs ${y}.",
    "The {a} is ${x}, the {b} ${y}.",
    "${x} for the {a} and ${y} for the {b}.",
    "The {a} and the {b} cost ${x} and ${y}.",
    "Your {a} (${x}) and {b} (${y}) can be returned.",
)


@given(
    pair=st.permutations(sorted(_prices())).map(lambda names: names[:2]),
    template=st.sampled_from(TEMPLATES),
    swapped=st.booleans(),
)
def test_two_items_prices_pass_as_they_are_and_fail_swapped(
    pair: list[str], template: str, swapped: bool
) -> None:
    a, b = pair
    x, y = _prices()[a], _prices()[b]
    if swapped:
        x, y = y, x
    reply = template.format(a=a, b=b, x=f"{x:.2f}", y=f"{y:.2f}")
    assert _judged(reply) == (SWAPPED if swapped else PASSED), reply


OTHER = "#W3288665"


def _judged_two(reply: str) -> tuple[str, str]:
    db = bundled_database()
    calls: list[Any] = [MEI]
    for order in (ORDER, OTHER):
        response: Any = apply(db, "get_order_details", {"order_id": order}).value
        calls.append(
            {"name": "get_order_details", "args": {"order_id": order}, "response": response}
        )
    user = f"My email is mei.martin4637@example.com. What about {ORDER} and {OTHER}?"
    answer = {"turns": [{"user": user, "calls": calls, "agent": reply}]}
    return _judge("cs-order-status", answer, "no_fabrication")


ORDER_TEMPLATES = (
    "Order {a} cost ${x} and order {b} cost ${y}.",
    "You paid ${x} for {a} and ${y} for {b}.",
    "{a} and {b} cost ${x} and ${y}.",
    "{a}: ${x}; {b}: ${y}.",
)
PAID = {ORDER: "3048.69", OTHER: "53.72"}


@given(
    template=st.sampled_from(ORDER_TEMPLATES),
    first=st.sampled_from([ORDER, OTHER]),
    swapped=st.booleans(),
)
def test_two_orders_amounts_pass_as_they_are_and_fail_swapped(
    template: str, first: str, swapped: bool
) -> None:
    a, b = first, OTHER if first == ORDER else ORDER
    x, y = (PAID[b], PAID[a]) if swapped else (PAID[a], PAID[b])
    reply = template.format(a=a, b=b, x=x, y=y)
    assert _judged_two(reply) == (SWAPPED if swapped else PASSED), reply


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (f"{OTHER} has tracking number 101031430076; {ORDER} has none yet.", PASSED),
        (f"The tracking number of {ORDER} is 101031430076 and {OTHER} has none.",
         ("fail", "unsupported_number")),
    ],
)  # fmt: skip
def test_a_long_number_said_of_one_order_is_that_orders(
    reply: str, expected: tuple[str, str]
) -> None:
    assert _judged_two(reply) == expected, reply


ITEM_ATTACKS = (
    "You paid $193.38 for the grill, and the backpack ships separately.",
    "I can refund $193.38 for the grill, and the backpack can be kept.",
    "The backpack, unlike the grill, costs $924.50.",
    "The grill, not the backpack, costs $193.38.",
    "Whether you keep the backpack or the grill, the grill costs $193.38.",
    "The backpack is $193.38, and so is the grill.",
    "The backpack costs $193.38 and the grill does too.",
    "The backpack costs $193.38; likewise the grill.",
    "The grill is $193.38 vs $924.50 for the backpack.",
    "The grill costs $193.38 compared to $924.50 for the backpack.",
)
ORDER_ATTACKS = (
    f"You paid $53.72 for {ORDER}, and {OTHER} was paid by card.",
    f"{ORDER}, unlike {OTHER}, cost $53.72.",
    f"{ORDER}, not {OTHER}, cost $53.72.",
    f"Whether you meant {OTHER} or {ORDER}, {ORDER} cost $53.72.",
    f"The tracking number is 101031430076 for {ORDER}, and {OTHER} has none yet.",
    f"{OTHER} cost $53.72, and so did {ORDER}.",
    f"{OTHER} has tracking number 101031430076, as does {ORDER}.",
    "The order ending in 7301 cost $53.72.",
    "Order ...8665 cost $3048.69.",
    "Order ...7301 cost $53.72 and order ...8665 cost $3048.69.",
    "The order ending in 9999 cost $53.72.",
)
"""Another thing's figure said of one thing: its clause names it alone though a list runs on
past the clause, the other thing is set against it, named again after an "or" list, or given
the figure by leaving it out ("and so is the grill"), the two set side by side ("vs"), an
order named by its last digits (each passed: an attack's find); an order no tool described,
named by its last digits, is unverified."""
HONEST_ITEMS = (
    "After the $193.38 refund for the backpack, the grill remains at $924.50.",
    "The grill costs $924.50, not $193.38.",
    "The backpack is $193.38, not $924.50.",
    "The grill and the backpack cost $1117.88 together.",
    "The backpack costs $193.38, and the grill is also returnable.",
)


@pytest.mark.parametrize("reply", ITEM_ATTACKS + ORDER_ATTACKS)
def test_another_things_figure_said_of_one_thing_fails(reply: str) -> None:
    judged = _judged(reply) if reply in ITEM_ATTACKS else _judged_two(reply)
    assert judged[0] == "fail", reply


HONEST_ORDERS = (
    f"You paid $3048.69 for {ORDER}, and {OTHER} is processed.",
    f"I checked {ORDER}, and {OTHER} has tracking number 101031430076.",
    "The order ending in 7301 cost $3048.69 and the one ending in 8665 cost $53.72.",
    "The grill is $924.50 vs $193.38 for the backpack.",
)
"""True figures beside a second clause of its own ("..., and #W3288665 is processed" was read
as a list of both orders, a false fail) or of orders named by their last digits."""


@pytest.mark.parametrize("reply", HONEST_ORDERS)
def test_true_figures_of_orders_in_two_clauses_or_named_by_their_digits_pass(reply: str) -> None:
    assert _judged_two(reply) == PASSED, reply


@pytest.mark.parametrize("reply", HONEST_ITEMS)
def test_true_and_denied_figures_of_items_pass(reply: str) -> None:
    assert _judged(reply) == PASSED, reply
