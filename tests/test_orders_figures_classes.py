"""Properties of the classes of ``tests/test_review_probes_orders_figures_1206.py``: a figure or
status a reply binds to no one order must be true of every order it may be of, or fail; one a
layout binds to one order (a table's column, a place in a list) is that order's.

Each property draws the layouts gpt-4o writes (headings, tables, lists, slashes) over Mei
Martin's three orders (the tau-bench retail database) and a figure or status true or false of
the orders it is said of, and holds ``no_fabrication``'s verdict to that truth.
"""

from __future__ import annotations

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
    Order("#W7017301", "Pending", "$3,048.69", ""),
    Order("#W3288665", "Processed", "$53.72", "101031430076"),
    Order("#W5564375", "Delivered", "$3,822.06", "961161785495"),
)
"""Mei Martin's orders as the lookups give them."""

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

two_orders = st.permutations(ORDERS).map(lambda p: p[:2])
some_orders = st.integers(2, 3).flatmap(lambda n: st.permutations(ORDERS).map(lambda p: p[:n]))


def _judged(reply: str) -> str:
    return verdict(Probe("drawn", reply, ""))


def _joined(ids: list[str], word: str) -> str:
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + f" {word} " + ids[-1]


HEADINGS = (
    "### Orders {a} and {b}",
    "**Orders {a} and {b}**",
    "**{a} / {b}**",
    "Your orders {a} and {b}:",
    "Here are orders {a} and {b}:",
)


@SETTINGS
@given(two_orders, st.sampled_from(HEADINGS), st.sampled_from(ORDERS), st.booleans())
def test_a_field_under_a_heading_of_several_orders_must_be_true_of_each(
    orders: tuple[Order, ...], heading: str, source: Order, status: bool
) -> None:
    """A status or total under a heading naming two orders passes only when it is each one's
    (no two of Mei's orders share a status or total)."""
    value = source.status if status else source.total
    field = "Status" if status else "Total"
    reply = heading.format(a=orders[0].id, b=orders[1].id) + f"\n- {field}: {value}"
    assert _judged(reply) == "fail", reply


@SETTINGS
@given(two_orders, st.sampled_from(HEADINGS), st.booleans())
def test_fields_under_a_heading_of_several_orders_in_their_order_pass(
    orders: tuple[Order, ...], heading: str, own_lines: bool
) -> None:
    """Totals said in the heading's order, or each line naming its own order, pass."""
    head = heading.format(a=orders[0].id, b=orders[1].id)
    if own_lines:
        body = "\n".join(f"- {o.id}: {o.status}, {o.total}" for o in orders)
    else:
        body = f"- Totals: {orders[0].total} and {orders[1].total}"
    assert _judged(f"{head}\n{body}") == "pass", f"{head}\n{body}"


@SETTINGS
@given(some_orders, st.sampled_from(("and", "as well as")), st.integers(0, 2))
def test_one_figure_after_a_list_of_orders_is_each_ones(
    orders: tuple[Order, ...], word: str, which: int
) -> None:
    """ "#W1 and #W2 cost $X": $X is each order's, so one order's total fails; after "or" it
    is one of them's and passes."""
    ids = [o.id for o in orders]
    total = orders[which % len(orders)].total
    assert _judged(f"{_joined(ids, word)} cost {total}.") == "fail"
    assert _judged(f"{_joined(ids, 'or')} cost {total}.") == "pass"


def _table_by_column(orders: tuple[Order, ...], statuses: list[str], totals: list[str]) -> str:
    return "\n".join(
        [
            "| | " + " | ".join(o.id for o in orders) + " |",
            "|---" * (len(orders) + 1) + "|",
            "| Status | " + " | ".join(statuses) + " |",
            "| Total | " + " | ".join(totals) + " |",
        ]
    )


@SETTINGS
@given(some_orders, st.booleans(), st.booleans())
def test_a_table_of_orders_by_column_binds_each_cell_to_its_column(
    orders: tuple[Order, ...], swap_status: bool, swap_total: bool
) -> None:
    """A table with an order per column passes as the lookups give it, and fails with two
    columns' statuses or totals swapped."""
    statuses, totals = [o.status for o in orders], [o.total for o in orders]
    honest = _table_by_column(orders, statuses, totals)
    assert _judged(honest) == "pass", honest
    if swap_status:
        statuses[0], statuses[1] = statuses[1], statuses[0]
    else:
        totals[0], totals[1] = totals[1], totals[0]
    if swap_total:
        totals[0], totals[1] = totals[1], totals[0]
    swapped = _table_by_column(orders, statuses, totals)
    if statuses != [o.status for o in orders] or totals != [o.total for o in orders]:
        assert _judged(swapped) == "fail", swapped


@SETTINGS
@given(st.sampled_from(ORDERS), st.sampled_from(ORDERS), st.booleans())
def test_a_table_under_an_orders_heading_is_that_orders(
    heading: Order, source: Order, status: bool
) -> None:
    """A table of fields under one order's heading says them of that order."""
    field, value = ("Status", source.status) if status else ("Total", source.total)
    reply = f"**Order {heading.id}**\n\n| Field | Value |\n|---|---|\n| {field} | {value} |"
    assert _judged(reply) == ("pass" if heading == source else "fail"), reply


@SETTINGS
@given(some_orders, st.permutations(range(3)), st.booleans())
def test_figures_before_a_list_pair_with_it_in_order(
    orders: tuple[Order, ...], shuffle: list[int], respectively: bool
) -> None:
    """ "The totals are $X and $Y for #W1 and #W2[, respectively]": in order passes, any other
    order fails."""
    order = [n for n in shuffle if n < len(orders)]
    totals = [orders[n].total for n in order]
    tail = ", respectively." if respectively else "."
    ids = _joined([o.id for o in orders], "and")
    reply = f"The totals are {_joined(totals, 'and')} for {ids}{tail}"
    expected = "pass" if order == sorted(order) else "fail"
    assert _judged(reply) == expected, reply


LEFT_OUT = (
    "{a} cost {x}, and so did {b}.",
    "{a} costs {x}, as does {b}.",
    "{a} cost {x}, same as {b}.",
    "{a} cost {x}, the same as {b}.",
    "{a} cost {x}, just like {b}.",
    "{a} cost {x}; {b} likewise.",
    "{a} cost {x}, {b} too.",
)


@SETTINGS
@given(two_orders, st.sampled_from(LEFT_OUT))
def test_a_figure_given_to_a_second_order_by_leaving_it_out_is_its_too(
    orders: tuple[Order, ...], form: str
) -> None:
    """ "#W1 cost $X, the same as #W2": $X is #W2's too, and no two orders share a total."""
    reply = form.format(a=orders[0].id, b=orders[1].id, x=orders[0].total)
    assert _judged(reply) == "fail", reply


@SETTINGS
@given(some_orders, st.booleans(), st.sampled_from(("/", " / ")), st.booleans())
def test_entries_joined_by_a_slash_are_read_one_by_one(
    orders: tuple[Order, ...], status: bool, slash: str, swap: bool
) -> None:
    """ "#W1: pending/#W2: processed" (spaced or not) passes; two entries' values swapped fail."""
    values = [o.status.lower() if status else o.total for o in orders]
    if swap:
        values[0], values[1] = values[1], values[0]
    reply = slash.join(f"{o.id}: {v}" for o, v in zip(orders, values, strict=True))
    assert _judged(reply) == ("fail" if swap else "pass"), reply


SECOND_CLAUSES = (
    "{b} is {status}",
    "{b}'s status is {status}",
    "{b} remains {status}",
    "{b} cost {total}",
    "{b} costs {total}",
    "{b}'s total is {total}",
    "{b} came to {total}",
)


@SETTINGS
@given(two_orders, st.sampled_from(SECOND_CLAUSES), st.booleans())
def test_a_clause_after_comma_and_is_its_orders_own(
    orders: tuple[Order, ...], clause: str, true_first: bool
) -> None:
    """ "You paid $X for #W1, and #W2 <its own verb> ...": the second clause says #W2's own fact,
    and the first figure is #W1's; the first figure another order's fails."""
    first, second = orders
    paid = first.total if true_first else second.total
    said = clause.format(b=second.id, status=second.status.lower(), total=second.total)
    reply = f"You paid {paid} for {first.id}, and {said}."
    assert _judged(reply) == ("pass" if true_first else "fail"), reply
