"""The classes of wrong verdicts the 2026-12-06 review of what a reply says of several orders
found (``tests/test_review_probes_orders_facts_1206.py``), each as a property over many forms:

- a field under a heading naming one order is said of that order
  (:func:`checkers.headings.headed_things`): its status, amount and tracking number are held to
  that order's, and a status it tells is conveyed;
- an order joined to another's claim shares it ("along with", ", as well as", ", just like"),
  one set against it denies it (", not", "unlike", "rather than"), and neither takes the claim
  itself (:func:`domains.orders.claims.sentence_claims`);
- orders listed under a status label have that status (:func:`domains.orders.claims.labelled`);
- a "respectively" sentence pairs its statuses with its orders in order.

Every property was seen failing on the code before these classes were closed. Users and orders
are the tau-bench retail database's (Mei Martin and Yusuf Rossi, who has two orders of each of
two statuses).
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domains.orders.data_files import bundled_database
from tests.test_review_probes_orders_facts_1206 import MEI, YUSUF, Probe, verdict

pytestmark = pytest.mark.checkers_meta


@cache
def _orders(user: str) -> dict[str, tuple[str, str, str]]:
    """Each order of ``user``: (status, amount paid as "$1,234.56", tracking number or "")."""
    db = bundled_database()
    found = {}
    for order_id in db.users[user].orders:
        order = db.orders[order_id]
        paid = order.payment_history[0].amount
        tracking = order.fulfillments[0].tracking_id[0] if order.fulfillments else ""
        found[order_id] = (order.status, f"${paid:,.2f}", tracking)
    return found


HEADINGS = (
    "**Order {order}**",
    "### Order {order}",
    "Order {order}:",
    "**{order}**",
    "Summary for {order}:",
    "Here's what I found for order {order}:",
    "**Order {order}** (placed with PayPal)",
    "- **Order {order}**",
)
FIELD_MARKS = ("- ", "* ", "", "- **")


def _field(mark: str, label: str, value: str, indent: str) -> str:
    if mark.endswith("**"):
        return f"{indent}{mark}{label}:** {value}"
    return f"{indent}{mark}{label}: {value}"


def _section(heading: str, mark: str, order: str, fields: dict[str, str], numbered: int) -> str:
    """One order's heading over its fields; a numbered entry's fields indented below it."""
    head = heading.format(order=order)
    indent = ""
    if numbered:
        head, indent, mark = f"{numbered}. {head}", "   ", "- "
    lines = [head] + [_field(mark, label, value, indent) for label, value in fields.items()]
    return "\n".join(lines)


@settings(max_examples=60, deadline=None)
@given(
    heading=st.sampled_from(HEADINGS),
    mark=st.sampled_from(FIELD_MARKS),
    numbered=st.booleans(),
    orders=st.permutations(sorted(_orders(MEI))).map(lambda o: o[:2]),
    field=st.sampled_from(["Status", "Total", "Tracking"]),
    swapped=st.booleans(),
)
def test_a_field_under_an_orders_heading_is_said_of_that_order(
    heading: str, mark: str, numbered: bool, orders: list[str], field: str, swapped: bool
) -> None:
    """Two orders' sections, each heading over its status, total and tracking number; one
    field of the first said as the second order's value fails, as it is passes."""
    facts = _orders(MEI)
    sections = []
    for order in orders:
        status, total, tracking = facts[order]
        fields = {"Status": status.capitalize(), "Total": total}
        if tracking:
            fields["Tracking"] = tracking
        sections.append((order, fields))
    first, other = sections[0][1], facts[orders[1]]
    wrong = {"Status": other[0].capitalize(), "Total": other[1], "Tracking": other[2]}[field]
    if swapped and wrong:
        first[field] = wrong
    reply = "\n\n".join(
        _section(heading, mark, order, fields, index + 1 if numbered else 0)
        for index, (order, fields) in enumerate(sections)
    )
    expected = "fail" if swapped and wrong else "pass"
    assert verdict(Probe("", reply, expected)) == expected, reply


@settings(max_examples=30, deadline=None)
@given(
    heading=st.sampled_from(HEADINGS),
    mark=st.sampled_from(FIELD_MARKS),
    numbered=st.booleans(),
    order=st.sampled_from(sorted(_orders(MEI))),
)
def test_a_status_told_under_an_orders_heading_is_conveyed_of_that_order(
    heading: str, mark: str, numbered: bool, order: str
) -> None:
    """ "Status: Processed" under an order's heading tells that order is processed: conveyed
    when it is (the scenario's #W3288665), not when the heading names another order."""
    reply = _section(heading, mark, order, {"Status": "Processed"}, 1 if numbered else 0)
    expected = "pass" if _orders(MEI)[order][0] == "processed" else "fail"
    assert verdict(Probe("", reply, expected, kind="conveyed")) == expected, reply


SAID = {
    "pending": ("is still pending", "is pending"),
    "delivered": ("was delivered", "has been delivered"),
    "cancelled": ("was cancelled", "has been cancelled"),
}
SHARED = (
    "{a} {verb} along with {b}.",
    "{a} {verb}, as well as {b}.",
    "{a} {verb}, just like {b}.",
    "{a} {verb} together with {b}.",
    "{a} {verb}, same as {b}.",
    "{a}, along with {b}, {verb}.",
)
CONTRASTED = ("{a} {verb}, not {b}.", "{a}, not {b}, {verb}.", "{a} {verb}, unlike {b}.",
              "{a} {verb}, rather than {b}.", "{a} {verb}, but not {b}.",
              "{a}, rather than {b}, {verb}.")  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(
    a=st.sampled_from(sorted(_orders(YUSUF))),
    b=st.sampled_from(sorted(_orders(YUSUF))),
    shared=st.booleans(),
    data=st.data(),
)
def test_an_order_joined_to_a_claim_shares_it_and_one_set_against_it_denies_it(
    a: str, b: str, shared: bool, data: st.DataObject
) -> None:
    """ "A was delivered along with B" says B was delivered; "A, not B, was delivered" says B
    was not: true of A always, the reply passes when what it says of B is true."""
    facts = _orders(YUSUF)
    status = facts[a][0]
    if a == b or status not in SAID:
        return
    template = data.draw(st.sampled_from(SHARED if shared else CONTRASTED))
    verb = data.draw(st.sampled_from(SAID[status]))
    reply = template.format(a=a, b=b, verb=verb)
    true_of_b = (facts[b][0] == status) == shared
    expected = "pass" if true_of_b else "fail"
    assert verdict(Probe("", reply, expected, YUSUF)) == expected, reply


LABELS = ("{label}:\n{entries}", "**{label} orders:** {inline}", "### {label}\n{entries}",
          "**{label}:**\n{entries}", "{label} orders:\n{entries}")  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(
    layout=st.sampled_from(LABELS),
    status=st.sampled_from(["pending", "delivered"]),
    orders=st.lists(st.sampled_from(sorted(_orders(YUSUF))), min_size=1, max_size=3, unique=True),
    mark=st.sampled_from(["- ", "* ", "1. "]),
)
def test_orders_listed_under_a_status_label_have_that_status(
    layout: str, status: str, orders: list[str], mark: str
) -> None:
    """Orders listed under (or after) a label naming a status pass when each has it."""
    entries = "\n".join(f"{mark}{order}" for order in orders)
    reply = layout.format(label=status.capitalize(), entries=entries, inline=", ".join(orders))
    facts = _orders(YUSUF)
    expected = "pass" if all(facts[o][0] == status for o in orders) else "fail"
    assert verdict(Probe("", reply, expected, YUSUF)) == expected, reply


@settings(max_examples=40, deadline=None)
@given(orders=st.permutations(sorted(_orders(MEI))), size=st.sampled_from([2, 3]), data=st.data())
def test_a_respectively_sentence_pairs_statuses_with_orders_in_order(
    orders: list[str], size: int, data: st.DataObject
) -> None:
    """ "#W1 and #W2 are delivered and processed, respectively" says #W1 is delivered and #W2
    processed: it passes when each status is its order's, fails when any is another's."""
    facts = _orders(MEI)
    orders = orders[:size]
    statuses = data.draw(st.permutations([facts[o][0] for o in orders]))
    listed = f"{', '.join(orders[:-1])} and {orders[-1]}"
    said = f"{', '.join(statuses[:-1])} and {statuses[-1]}"
    reply = f"Your orders {listed} are {said}, respectively."
    expected = (
        "pass" if all(facts[o][0] == s for o, s in zip(orders, statuses, strict=True)) else "fail"
    )
    assert verdict(Probe("", reply, expected)) == expected, reply


@settings(max_examples=20, deadline=None)
@given(
    layout=st.sampled_from(LABELS),
    status=st.sampled_from(["processed", "delivered", "pending"]),
    mark=st.sampled_from(["- ", "* "]),
)
def test_a_status_told_by_its_label_is_conveyed(layout: str, status: str, mark: str) -> None:
    """#W3288665 listed under "Processed" tells it is processed; under another status not."""
    order = "#W3288665"
    reply = layout.format(label=status.capitalize(), entries=f"{mark}{order}", inline=order)
    expected = "pass" if status == "processed" else "fail"
    assert verdict(Probe("", reply, expected, kind="conveyed")) == expected, reply
