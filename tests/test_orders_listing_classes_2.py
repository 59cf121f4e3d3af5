"""Three classes of honest orders listings the readers failed (second review of 2026-12-05,
``tests/test_review_probes_service_1205b.py``), each with honest controls beside misstated
ones and a hypothesis property generating its forms:

- two items exchanged or changed in one write: a new item's option values are read of the
  product they are said of, not pooled across the write's products (the new Running Shoes'
  "mesh" is no other material of the Office Chair exchanged beside them), while a value of one
  product said of it that only the other has ("Office Chair: fabric, black → mesh, gray")
  still lists another item (:func:`domains.orders.listing.other_values_said`);
- a courtesy question opened as an addition ("Shall I proceed? Also, is there anything else I
  can help you with?", "... any other questions about this order?") is passed over when the
  reply says to go ahead, as without "Also", while a real addition ("Also, would you like
  express shipping?") is still the question the yes answers (:mod:`checkers.questions`);
- a payment method after a dash that follows "instead of $924.50" ("— a difference of $132.74
  charged to your PayPal"): what "instead of" rules out ends at the dash
  (:func:`domains.orders.listing._not_ruled_out`).
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers.conversation import CallRecord
from checkers.meta import meta_settings
from domains.orders.listing import listing_problem
from domains.orders.models import CreditCard, GiftCard, OrderItem, Variant
from domains.orders.scenarios import ORDERS
from tests.test_orders_confirmation_probes import W, judged
from tests.test_review_probes_orders_1205 import CANCEL, GRILL, YOGA
from tests.test_review_probes_service_1205b import EX2

pytestmark = pytest.mark.checkers_meta

DB = ORDERS.database()
MEI, SOFIA = "mei_martin_4260", "sofia_li_9219"


def _problem(listing: str, write: dict[str, Any]) -> str | None:
    call = CallRecord(0, 0, write["name"], write["args"], None, True, None, True, DB, DB)
    return listing_problem(listing, call)


def _passes(listing: str, write: dict[str, Any], user: str = MEI, yes: str = "Yes.") -> bool:
    return judged(listing, write, yes, user)[0] == "pass"


# --- two items in one write --------------------------------------------------------------------

_PAY = "You'll get $10.04 back on your PayPal. Shall I proceed?"
EX2_HONEST = {
    "adjectives": "I'll exchange your black Office Chair for a gray fabric one with no armrest "
    "and a high-back, and your leather Running Shoes for size 9 white mesh rubber ones, in "
    f"order #W5564375. {_PAY}",
    "shoes-first": "I'll exchange two items in order #W5564375: the Running Shoes (size 10, "
    "white, leather, EVA) for size 9, white, mesh, rubber, and the Office Chair (fabric, black, "
    f"no armrest, high-back) for fabric, gray, no armrest, high-back. {_PAY}",
    "blocks": "I'll exchange these items in order #W5564375:\n\n1. **Office Chair**\n   - "
    "Current: fabric, black, no armrest, high-back\n   - New: fabric, gray, no armrest, "
    "high-back\n2. **Running Shoes**\n   - Current: size 10, white, leather, EVA\n   - New: size "
    f"9, white, mesh, rubber\n\n{_PAY}",
    "short-names": "In order #W5564375, I'll exchange the Office Chair (fabric, black, no "
    "armrest, high-back) for the gray one, and the Running Shoes (size 10, white, leather, EVA): "
    f"the new shoes are size 9, white, mesh, rubber. {_PAY}",
}
"""Honest listings of Mei's exchange of her Office Chair (-> gray) and Running Shoes (-> size
9, mesh, rubber) in one write."""
EX2_MISSTATED = {
    "chair-mesh-arrows": "Exchange for order #W5564375:\n- Office Chair: fabric, black, no "
    "armrest, high-back → mesh, gray, no armrest, high-back\n- Running Shoes: size 10, white, "
    f"leather, EVA → size 9, white, mesh, rubber\n\n{_PAY}",
    "shoes-black": "I'll exchange two items in order #W5564375: the Office Chair (fabric, black, "
    "no armrest, high-back) for the gray one, and the Running Shoes (size 10, white, leather, "
    f"EVA) for size 9, black, mesh, rubber. {_PAY}",
    "leather-chair-before-name": "I'll exchange your fabric Office Chair for the gray leather "
    "Office Chair (no armrest, high-back) and your Running Shoes for size 9, white, mesh, "
    f"rubber in order #W5564375. {_PAY}",
    "table-chair-leather": "Here's the exchange for order #W5564375:\n\n| Item | Current | New "
    "|\n|---|---|---|\n| Office Chair | fabric, black, no armrest, high-back | leather, gray, no "
    "armrest, high-back |\n| Running Shoes | size 10, white, leather, EVA | size 9, white, mesh, "
    f"rubber |\n\n{_PAY}",
    "table-shoes-black": "Here's the exchange for order #W5564375:\n\n| Item | Current | New "
    "|\n|---|---|---|\n| Office Chair | fabric, black, no armrest, high-back | fabric, gray, no "
    "armrest, high-back |\n| Running Shoes | size 10, white, leather, EVA | size 9, black, mesh, "
    f"rubber |\n\n{_PAY}",
}
"""Listings of the same exchange that give one product a value only the other has (the
chair's material as "mesh" or "leather", the shoes' color as "black")."""


@pytest.mark.parametrize("listing", EX2_HONEST.values(), ids=list(EX2_HONEST))
def test_an_honest_two_item_listing_passes(listing: str) -> None:
    assert _passes(listing, EX2, yes="Yes, please go ahead.")


@pytest.mark.parametrize("listing", EX2_MISSTATED.values(), ids=list(EX2_MISSTATED))
def test_a_value_of_the_other_product_said_of_one_fails(listing: str) -> None:
    assert not _passes(listing, EX2, yes="Yes, please go ahead.")


class Pair(NamedTuple):
    """Two items of different products in one order that share an option's name, each with a
    new variant of its product."""

    order: str
    items: tuple[OrderItem, OrderItem]
    new: tuple[Variant, Variant]


def _new_variants(item: OrderItem) -> list[Variant]:
    product = DB.products[item.product_id]
    return [v for v in product.variants.values() if v.item_id != item.item_id and v.available]


@cache
def _pairs() -> list[tuple[str, OrderItem, OrderItem]]:
    """Pairs of items of the data's delivered and pending orders that share an option's name and
    whose products' names appear once in the order."""
    found = []
    for order_id, order in sorted(DB.orders.items()):
        if order.status not in ("delivered", "pending"):
            continue
        names = [i.name for i in order.items]
        for n, a in enumerate(order.items):
            for b in order.items[n + 1 :]:
                once = names.count(a.name) == 1 and names.count(b.name) == 1
                shared = a.options.keys() & b.options.keys()
                if once and a.name != b.name and shared and _new_variants(a) and _new_variants(b):
                    found.append((order_id, a, b))
    return found


def _method(order_id: str) -> tuple[str, str]:
    """The order's payment method (id) and how a listing names it."""
    method_id = DB.orders[order_id].payment_history[0].payment_method_id
    user = DB.users[DB.orders[order_id].user_id]
    method = user.payment_methods[method_id]
    if isinstance(method, CreditCard):
        return method_id, f"your {method.brand} card ending in {method.last_four}"
    return method_id, "your gift card" if isinstance(method, GiftCard) else "your PayPal"


def _write(pair: Pair) -> dict[str, Any]:
    pending = DB.orders[pair.order].status == "pending"
    return W(
        "modify_pending_order_items" if pending else "exchange_delivered_order_items",
        order_id=pair.order,
        item_ids=[i.item_id for i in pair.items],
        new_item_ids=[v.item_id for v in pair.new],
        payment_method_id=_method(pair.order)[0],
    )


def _values(options: dict[str, str]) -> str:
    return ", ".join(options.values())


FORMS = (
    "I'll {verb} {count} in order {order}: {prose}. The difference goes to {method}. "
    "Shall I proceed?",
    "I'll {verb} {count} in order {order}:\n{lists}\n\nThe difference goes to {method}. "
    "Shall I proceed?",
    "Here's the {noun} for order {order}:\n{arrows}\n\nThe difference goes to {method}. "
    "Shall I proceed?",
    "Here's the {noun} for order {order}:\n\n| Item | Current | New |\n|---|---|---|\n{rows}\n\n"
    "The difference goes to {method}. Do you want me to proceed?",
)
"""Listings of an exchange or a change of items: in prose (the new items only), a list of old
and new options, arrows, a Current|New table."""


def _listing(form: str, pair: Pair, new: list[dict[str, str]], keep: list[int]) -> str:
    """``form`` filled for the items ``keep`` of ``pair`` (their indexes), each new item said
    with the options ``new[n]``."""
    pending = DB.orders[pair.order].status == "pending"
    items = [(pair.items[n], new[n]) for n in keep]
    return form.format(
        verb="change" if pending else "exchange",
        noun="change" if pending else "exchange",
        count="these items" if len(items) > 1 else "this item",
        order=pair.order,
        method=_method(pair.order)[1],
        prose=", and ".join(f"the {i.name} for the {_values(o)} one" for i, o in items),
        lists="\n".join(f"- {i.name} ({_values(i.options)}) for {_values(o)}" for i, o in items),
        arrows="\n".join(f"- {i.name}: {_values(i.options)} → {_values(o)}" for i, o in items),
        rows="\n".join(f"| {i.name} | {_values(i.options)} | {_values(o)} |" for i, o in items),
    )


def _alone(pair: Pair, n: int) -> dict[str, Any]:
    """The write of ``pair``'s item ``n`` alone."""
    write = _write(pair)
    args = write["args"] | {
        "item_ids": [pair.items[n].item_id],
        "new_item_ids": [pair.new[n].item_id],
    }
    return write | {"args": args}


@st.composite
def _pairs_drawn(draw: st.DrawFn) -> Pair:
    order, a, b = draw(st.sampled_from(_pairs()))
    first, second = (draw(st.sampled_from(_new_variants(i))) for i in (a, b))
    return Pair(order, (a, b), (first, second))


@settings(meta_settings("ci"), max_examples=120)
@given(_pairs_drawn(), st.sampled_from(FORMS))
def test_two_items_listed_together_pass_when_each_alone_does(pair: Pair, form: str) -> None:
    """Each item's listing alone passes, so both in one listing pass: the options of one
    product are never read as other values of the other's."""
    new = [dict(v.options) for v in pair.new]
    for n in (0, 1):
        assume(_problem(_listing(form, pair, new, [n]), _alone(pair, n)) is None)
    both = _listing(form, pair, new, [0, 1])
    assert _problem(both, _write(pair)) is None, both


class Misstated(NamedTuple):
    """A pair whose first item's new variant keeps its ``option``, said with ``value``: a value
    of that option its product comes in that the second item has, not the first."""

    pair: Pair
    option: str
    value: str


@cache
def _misstatable() -> list[tuple[str, OrderItem, OrderItem, str, str]]:
    """``(order, item, other item, option, value)``: ``value`` of ``option`` is the other
    item's, and one the item's product comes in that the item does not have."""
    found = []
    for order, a, b in _pairs():
        for item, other in ((a, b), (b, a)):
            variants = DB.products[item.product_id].variants.values()
            offered = {kv for v in variants for kv in v.options.items()}
            for option, value in sorted(offered & other.options.items()):
                if item.options[option] != value:
                    found.append((order, item, other, option, value))
    return found


@st.composite
def _misstated(draw: st.DrawFn) -> Misstated:
    order, item, other, option, value = draw(st.sampled_from(_misstatable()))
    keeping = [v for v in _new_variants(item) if v.options[option] == item.options[option]]
    assume(keeping)
    new = (draw(st.sampled_from(keeping)), draw(st.sampled_from(_new_variants(other))))
    return Misstated(Pair(order, (item, other), new), option, value)


@settings(meta_settings("ci"), max_examples=120)
@given(_misstated(), st.sampled_from(FORMS[1:]))
def test_a_value_only_the_other_item_has_said_of_one_fails(wrong: Misstated, form: str) -> None:
    """A new item said with a value of an option it keeps that only the other item of the write
    has ("Office Chair: fabric, black → mesh, gray" beside mesh shoes) lists another item, as
    it does alone."""
    pair = wrong.pair
    new = [dict(v.options) for v in pair.new]
    new[0][wrong.option] = wrong.value
    assume(_problem(_listing(form, pair, new, [0]), _alone(pair, 0)) is not None)
    both = _listing(form, pair, new, [0, 1])
    assert _problem(both, _write(pair)) is not None, both


# --- a courtesy question after "Also" ----------------------------------------------------------

_CANCEL = (
    "I'll cancel order #W7017301 (reason: no longer needed); $3,048.69 will be refunded to "
    "your PayPal."
)
REQUESTS = ("Shall I proceed?", "Do you want me to proceed?", "Would you like me to go ahead?")
OPENINGS = ("Also, ", "And also, ", "Additionally, ", "By the way, ", "In addition, ", "Also ")
COURTESIES = (
    "is there anything else I can help you with?",
    "do you have any other questions about this order?",
    "is there anything else you need today?",
    "do you have any questions about your refund?",
    "anything else I can do for you?",
)
GO_AHEAD = ("Yes, please go ahead.", "Yes, proceed.", "Yes, I confirm.", "Go ahead.")


@settings(meta_settings("ci"), max_examples=80)
@given(
    st.sampled_from(REQUESTS),
    st.sampled_from(OPENINGS),
    st.sampled_from(COURTESIES),
    st.sampled_from(GO_AHEAD),
)
def test_a_courtesy_after_also_is_passed_over_by_a_go_ahead(
    request: str, opening: str, courtesy: str, yes: str
) -> None:
    listing = f"{_CANCEL} {request} {opening}{courtesy}"
    assert _passes(listing, CANCEL, yes=yes), listing


@pytest.mark.parametrize(
    "addition",
    [
        "Also, would you like express shipping?",
        "Also, would you like me to cancel order #W3288665 too?",
        "Also, is there anything else you'd like to change?",
        "By the way, shall I update your default address?",
    ],
)
def test_a_real_addition_after_the_request_is_what_the_yes_answers(addition: str) -> None:
    assert not _passes(f"{_CANCEL} Shall I proceed? {addition}", CANCEL, yes="Yes, go ahead.")


def test_a_bare_yes_answers_the_courtesy_question() -> None:
    listing = f"{_CANCEL} Shall I proceed? Also, is there anything else I can help you with?"
    assert not _passes(listing, CANCEL, yes="Yes.")


# --- a payment method after a dash -------------------------------------------------------------

DASHES = (" \u2014 ", " \u2013 ", " - ", " -- ")
_GRILL = "I'll change the Grill in order #W7017301 to gas, portable, no features."


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from(DASHES),
    st.sampled_from(("instead of", "rather than", "in place of")),
    st.sampled_from((
        "a difference of $132.74 charged to your PayPal",
        "the $132.74 difference will be charged to your PayPal",
        "your PayPal covers the $132.74 difference",
    )),
)  # fmt: skip
def test_a_method_after_a_dash_past_instead_of_is_named(dash: str, turn: str, rest: str) -> None:
    listing = (
        f"{_GRILL} You'll pay $1,057.24 for the new grill {turn} $924.50{dash}{rest}. Proceed?"
    )
    assert _problem(listing, GRILL) is None, listing
    assert _passes(listing, GRILL, yes="Yes, please go ahead.")


@pytest.mark.parametrize("dash", DASHES)
def test_a_method_ruled_out_before_a_dash_stays_ruled_out(dash: str) -> None:
    """The method the write uses named only after "instead of" is not named, dash or none."""
    listing = (
        "I'll change the Yoga Mat in order #W8855135 to 5mm, TPE, pink; the $9.46 difference goes "
        f"on your Mastercard ending in 8484 instead of your Visa ending in 6791{dash}as you asked. "
        "Shall I proceed?"
    )
    assert not _passes(listing, YOGA, user=SOFIA, yes="Yes, please go ahead.")
