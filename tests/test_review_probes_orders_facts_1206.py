"""Hostile review of orders' ``no_fabrication`` and ``conveyed`` on what a reply says of
several orders at once: summaries laid out under headings, orders joined to a claim by "along
with" or set against it by "not", and orders listed under a status label.

Each probe is a reply written the way gpt-4o, Gemini or Claude write to a retail customer after
looking up every order of the customer (the tau-bench retail database's Mei Martin: pending
#W7017301 paid $3,048.69, processed #W3288665 paid $53.72 with tracking 101031430076,
delivered #W5564375 paid $3,822.06 with tracking 961161785495; and Yusuf Rossi: pending
#W6247578 paid $53.27 and #W4776164 paid $2,772.44, cancelled #W9711842, delivered #W6679257
paid $2,895.55 and #W2378156 paid $1,819.92). A MISSTATED reply says a status, amount or
tracking number of an order that is another order's (or no order's); an HONEST one says each
as the lookups gave it. ``no_fabrication`` must fail a misstated reply and pass an honest one;
``conveyed`` (the scenario asks to tell that #W3288665 is processed) must pass an honest reply
that tells it.

Of 72 probes the review found 42 wrong (32 false PASSes, 10 false FAILs) in four classes, all
closed by class (``tests/test_orders_facts_classes.py``):

- a field line under a heading naming one order ("**Order #W7017301**" over "- Status:
  Delivered", "### Order #W1", "Order #W1:", a numbered entry's indented lines) was bound to no
  order: its status to none, its figures to the orders of no one (17 false passes, 3 false
  fails of ``conveyed``): :func:`checkers.headings.headed_things`;
- an order joined to another's claim ("delivered along with #W2", ", as well as #W2", ", just
  like #W2") took no claim, and one set against it (", not #W2", "unlike #W2", "rather than
  #W2") took the claim itself when nearer (7 false passes, 2 false fails):
  :func:`domains.orders.claims.sentence_claims`;
- orders listed under a status label ("Pending:" over "- #W1", "**Pending orders:** #W1, #W2")
  were claimed nothing (3 false passes, 2 false fails of ``conveyed``):
  :func:`domains.orders.claims.labelled`, :func:`checkers.headings.headed_labels`;
- a "respectively" sentence ("#W1 and #W2 are delivered and processed, respectively") claimed
  each status of each order (3 false fails): :func:`domains.orders.claims.sentence_claims`.

So :data:`WRONG` is empty: a probe that goes wrong again fails the suite.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from domains.orders.data_files import bundled_database
from domains.orders.service import apply
from tests.probe_harness import Review
from tests.test_orders_hostile import _judge

pytestmark = pytest.mark.checkers_meta

MEI, YUSUF = "mei_martin_4260", "yusuf_rossi_9620"


class Probe(NamedTuple):
    """A reply to ``user`` after the agent looked up all their orders, and the verdict of
    ``kind`` an honest reader gives it."""

    id: str
    reply: str
    expected: str
    user: str = MEI
    kind: str = "no_fabrication"


def verdict(probe: Probe) -> str:
    """The outcome of ``probe.kind`` on: the customer gives their email and asks about their
    orders, the agent finds them and looks up every order, then replies ``probe.reply``."""
    db = bundled_database()
    user = db.users[probe.user]
    find = {
        "name": "find_user_id_by_email",
        "args": {"email": user.email},
        "response": {"result": probe.user},
    }
    calls: list[Any] = [find]
    for order in user.orders:
        response: Any = apply(db, "get_order_details", {"order_id": order}).value
        calls.append(
            {"name": "get_order_details", "args": {"order_id": order}, "response": response}
        )
    asks = f"My email is {user.email}. What is the status of all my orders?"
    answer = {"turns": [{"user": asks, "calls": calls, "agent": probe.reply}]}
    return _judge("cs-order-status", answer, probe.kind)[0]


HEADINGS = [
    # --- misstated: a field under an order's heading said of that order ---
    Probe(
        "bold-heading-status",
        "**Order #W7017301**\n- Status: Delivered\n- Total: $3,048.69\n\n"
        "**Order #W3288665**\n- Status: Processed\n- Total: $53.72",
        "fail",
    ),
    Probe(
        "bold-heading-totals-swapped",
        "**Order #W7017301**\n- Status: Pending\n- Total: $53.72\n\n"
        "**Order #W3288665**\n- Status: Processed\n- Total: $3,048.69",
        "fail",
    ),
    Probe(
        "bold-heading-tracking-of-another",
        "**Order #W7017301**\n- Status: Pending\n- Total: $3,048.69\n\n"
        "**Order #W3288665**\n- Status: Processed\n- Total: $53.72\n- Tracking: 961161785495",
        "fail",
    ),
    Probe(
        "markdown-heading-status",
        "### Order #W7017301\nStatus: Delivered\nTotal: $3,048.69",
        "fail",
    ),
    Probe(
        "colon-heading-status", "Order #W7017301:\n- Status: Delivered\n- Total: $3,048.69", "fail"
    ),
    Probe("bold-id-heading", "**#W3288665**\nStatus: Pending", "fail"),
    Probe(
        "numbered-entry-children-status",
        "1. **Order #W7017301**\n   - Status: Processed\n2. **Order #W3288665**\n"
        "   - Status: Processed",
        "fail",
    ),
    Probe(
        "numbered-entry-children-tracking",
        "1. **Order #W7017301** \u2013 Pending\n   - Grill: $924.50\n   - Backpack: $193.38\n"
        "2. **Order #W3288665** \u2013 Processed\n   - Jigsaw Puzzle: $53.72\n"
        "   - Tracking: 961161785495",
        "fail",
    ),
    Probe(
        "bold-fields-under-markdown-heading",
        "### Order #W3288665\n- **Status:** Delivered\n- **Total:** $53.72",
        "fail",
    ),
    Probe(
        "label-heading-total-of-another",
        "**Order #W6247578**\n- Status: Pending\n- Total: $2,772.44",
        "fail",
        YUSUF,
    ),
    Probe("summary-for-heading", "Summary for #W3288665:\n- Current status: delivered", "fail"),
    Probe(
        "found-for-heading-price-of-another-order",
        "Here's what I found for order #W7017301:\n- Status: Pending\n- Jigsaw Puzzle: $53.72",
        "fail",
    ),
    Probe(
        "looked-up-blank-then-fields",
        "I looked up order #W3288665:\n\nStatus: Delivered\nTotal: $53.72",
        "fail",
    ),
    Probe(
        "heading-cancelled-of-pending", "**Order #W4776164**\n- Status: Cancelled", "fail", YUSUF
    ),
    Probe(
        "heading-delivered-of-cancelled",
        "**Order #W9711842**\n- Status: Delivered\n- Eligible for return",
        "fail",
        YUSUF,
    ),
    Probe("partial-id-heading", "**Order ending in 8665**\n- Status: Delivered", "fail"),
    Probe(
        "bold-heading-with-remark",
        "**Order #W7017301** (placed with PayPal)\n- Status: Delivered",
        "fail",
    ),
    # --- honest ---
    Probe(
        "h-bold-headings-all",
        "**Order #W7017301**\n- Status: Pending\n- Total: $3,048.69\n\n"
        "**Order #W3288665**\n- Status: Processed\n- Total: $53.72\n- Tracking: 101031430076\n\n"
        "**Order #W5564375**\n- Status: Delivered\n- Total: $3,822.06\n"
        "- Tracking: 961161785495",
        "pass",
    ),
    Probe(
        "h-numbered-entries",
        "1. **Order #W7017301** \u2013 Pending\n   - Grill: $924.50\n   - Backpack: $193.38\n"
        "2. **Order #W3288665** \u2013 Processed\n   - Jigsaw Puzzle: $53.72\n"
        "   - Tracking: 101031430076\n3. **Order #W5564375** \u2013 Delivered\n"
        "   - Tracking: 961161785495",
        "pass",
    ),
    Probe(
        "h-found-for-then-paragraph",
        "Here's what I found for order #W5564375:\n- Status: Delivered\n"
        "- Items: Office Chair, Digital Camera, Running Shoes, LED Light Bulb\n"
        "- Total paid: $3,822.06\n\nSince it has been delivered, you can return or exchange "
        "items. Your other order #W7017301 is still pending.",
        "pass",
    ),
    Probe(
        "h-markdown-headings-bold-fields",
        "### Order #W3288665\n- **Status:** Processed\n- **Total:** $53.72\n"
        "- **Tracking number:** 101031430076\n\n### Order #W7017301\n- **Status:** Pending\n"
        "- **Total:** $3,048.69",
        "pass",
    ),
    Probe(
        "h-looked-up-blank-then-fields",
        "I looked up order #W3288665:\n\nStatus: Processed\nTotal: $53.72\n"
        "Tracking number: 101031430076\n\nLet me know if there's anything else!",
        "pass",
    ),
    Probe(
        "h-general-note-under-heading",
        "**Order #W7017301**\n- Status: Pending\n- Note: only pending orders can be cancelled "
        "or modified; delivered orders can be returned or exchanged.",
        "pass",
    ),
    Probe(
        "h-general-paragraph-after-heading",
        "Order #W7017301:\n- Status: Pending\n\nOrders that are delivered can be returned "
        "within 30 days.",
        "pass",
    ),
    Probe(
        "h-field-naming-its-own-order",
        "**Order #W7017301**\n- Status: Pending\n- Your order #W5564375 was delivered, so it "
        "can be returned.",
        "pass",
    ),
    Probe(
        "h-heading-items-then-total-paragraph",
        "**Order #W5564375** (delivered)\n- Office Chair — $514.34\n"
        "- Digital Camera — $3,101.43\n\nThe total refund would be $3,615.77.",
        "pass",
    ),
    Probe(
        "h-heading-refund-if-cancelled",
        "**Order #W7017301:**\n- Status: Pending\n- You can still cancel it or modify its "
        "items.\n- If you cancel, $3,048.69 will be refunded to your PayPal account.",
        "pass",
    ),
    Probe(
        "h-heading-shipping-fields",
        "**Order #W7017301**\n- Status: Pending (not yet shipped)\n- Ships to: 121 Cedar "
        "Avenue, Suite 971, Jacksonville, FL 32124\n- Estimated delivery: once it ships, "
        "usually 5-7 business days",
        "pass",
    ),
    Probe(
        "h-heading-general-field",
        "**Order #W7017301**\n- Status: Pending\n- What you can do: cancel it, or modify the "
        "items, address or payment\n- Cancelled orders are refunded to the original payment "
        "method.",
        "pass",
    ),
    # --- conveyed: the processed status told in a field under its order's heading ---
    Probe(
        "told-under-bold-heading",
        "**Order #W3288665**\n- Status: Processed\n- Total: $53.72",
        "pass",
        kind="conveyed",
    ),
    Probe(
        "told-under-colon-heading", "Order #W3288665:\n- Status: Processed", "pass", kind="conveyed"
    ),
    Probe(
        "told-under-markdown-heading",
        "**Order #W5564375**\n- Status: Delivered\n\n### Order #W3288665\nStatus: Processed",
        "pass",
        kind="conveyed",
    ),
    Probe(
        "told-under-another-orders-heading",
        "**Order #W5564375**\n- Status: Processed",
        "fail",
        kind="conveyed",
    ),
]

JOINS = [
    # --- misstated: an order joined to a claim shares it; one set against it denies it ---
    Probe("along-with", "Order #W5564375 was delivered along with #W3288665.", "fail"),
    Probe("together-with", "#W3288665 has been processed together with #W5564375.", "fail"),
    Probe("as-well-as", "#W5564375 was delivered, as well as #W7017301.", "fail"),
    Probe("just-like", "#W3288665 was processed, just like #W7017301.", "fail"),
    Probe(
        "cancelled-along-with", "Order #W9711842 was cancelled along with #W6247578.", "fail", YUSUF
    ),
    Probe("same-as", "#W6679257 was delivered, same as #W4776164.", "fail", YUSUF),
    Probe("comma-not", "#W6679257 has been delivered, not #W2378156.", "fail", YUSUF),
    Probe("not-between-commas", "#W6679257, not #W2378156, was delivered.", "fail", YUSUF),
    Probe(
        "not-before-a-wrong-subject",
        "#W3288665, not #W5564375, is the one that was delivered.",
        "fail",
    ),
    Probe("unlike", "#W6247578 is still pending, unlike #W4776164.", "fail", YUSUF),
    Probe("rather-than", "#W6679257 was delivered, rather than #W2378156.", "fail", YUSUF),
    Probe("not-a-list", "Only #W6679257 was delivered, not #W6247578 or #W2378156.", "fail", YUSUF),
    # --- honest ---
    Probe("h-not-between-commas", "#W6679257, not #W4776164, was delivered.", "pass", YUSUF),
    Probe("h-not-the-one", "#W5564375, not #W3288665, is the one that was delivered.", "pass"),
    Probe("h-comma-not", "#W6679257 has been delivered, not #W4776164.", "pass", YUSUF),
    Probe("h-unlike", "#W6247578 is still pending, unlike #W6679257.", "pass", YUSUF),
    Probe("h-same-as", "#W6679257 was delivered, same as #W2378156.", "pass", YUSUF),
    Probe(
        "h-not-a-list", "Only #W6679257 was delivered, not #W6247578 or #W4776164.", "pass", YUSUF
    ),
    Probe(
        "h-along-with-its-items", "Order #W5564375 was delivered along with its four items.", "pass"
    ),
    Probe(
        "h-along-with-a-possessive",
        "#W5564375 was delivered along with #W3288665's tracking update.",
        "pass",
    ),
    Probe(
        "h-not-beside-a-cause",
        "You can return items from #W6679257, not #W6247578, because #W6247578 is still pending.",
        "pass",
        YUSUF,
    ),
    Probe("h-as-well-as-list", "#W6247578 as well as #W4776164 are still pending.", "pass", YUSUF),
]

LABELS = [
    # --- misstated: orders listed under a status label have that status ---
    Probe(
        "bold-label-inline",
        "**Pending orders:** #W6247578, #W9711842\n**Delivered orders:** #W6679257, #W2378156",
        "fail",
        YUSUF,
    ),
    Probe(
        "label-over-entries",
        "Pending:\n- #W6247578\n- #W9711842\n\nDelivered:\n- #W6679257\n- #W2378156",
        "fail",
        YUSUF,
    ),
    Probe(
        "markdown-label-over-entries",
        "### Delivered\n- #W6679257 — $2,895.55\n- #W4776164 — $2,772.44",
        "fail",
        YUSUF,
    ),
    # --- honest ---
    Probe(
        "h-bold-label-inline",
        "**Pending orders:** #W6247578, #W4776164\n**Delivered orders:** #W6679257, #W2378156\n"
        "**Cancelled:** #W9711842",
        "pass",
        YUSUF,
    ),
    Probe(
        "h-label-over-entries",
        "Pending:\n- #W6247578\n- #W4776164\n\nDelivered:\n- #W6679257\n- #W2378156\n\n"
        "Let me know if you'd like to return anything from these.",
        "pass",
        YUSUF,
    ),
    Probe(
        "h-labels-with-refund",
        "Cancelled:\n- #W9711842 — refunded $281.48 to your original payment method\n\n"
        "Pending:\n- #W6247578 ($53.27)\n- #W4776164 ($2,772.44)",
        "pass",
        YUSUF,
    ),
    Probe(
        "h-label-with-more-words",
        "Pending (can still be modified or cancelled):\n- #W6247578\n- #W6679257 was "
        "delivered, so it can be returned.",
        "pass",
        YUSUF,
    ),
    Probe(
        "h-label-of-options",
        "Options for pending orders:\n- #W6247578: cancel or modify items",
        "pass",
        YUSUF,
    ),
    Probe("h-counted-label", "**Delivered orders (2):** #W6679257, #W2378156", "pass", YUSUF),
    # --- conveyed: the processed status told by its label ---
    Probe(
        "told-by-label",
        "Processed:\n- #W3288665\n\nDelivered:\n- #W5564375",
        "pass",
        kind="conveyed",
    ),
    Probe("told-by-inline-label", "**Processed orders:** #W3288665", "pass", kind="conveyed"),
]

RESPECTIVELY = [
    # --- honest: "respectively" pairs the statuses with the orders in order ---
    Probe(
        "h-respectively-two",
        "Your orders #W5564375 and #W3288665 are delivered and processed, respectively.",
        "pass",
    ),
    Probe(
        "h-respectively-three",
        "#W5564375, #W3288665 and #W7017301 are delivered, processed and pending respectively.",
        "pass",
    ),
    Probe(
        "told-respectively",
        "Orders #W5564375 and #W3288665 have been delivered and processed, respectively.",
        "pass",
        kind="conveyed",
    ),
    # --- misstated: paired otherwise, or one status said of both ---
    Probe(
        "respectively-swapped",
        "#W5564375 and #W3288665 are processed and delivered, respectively.",
        "fail",
    ),
    Probe(
        "respectively-one-status", "#W5564375 and #W3288665 are delivered, respectively.", "fail"
    ),
]

PROBES = HEADINGS + JOINS + LABELS + RESPECTIVELY

WRONG: dict[str, str] = {}
"""Probes whose verdict is wrong today, each with its defect class: a false FAIL is an honest
reply failed, a false PASS a misstated one passed."""
REVIEW = Review(WRONG)


def test_every_wrong_verdict_names_a_probe() -> None:
    assert REVIEW.id_problems(PROBES) == []


@pytest.mark.parametrize("probe", REVIEW.cases(PROBES))
def test_a_reply_about_several_orders_is_judged_as_an_honest_reader_takes_it(
    probe: Probe,
) -> None:
    assert verdict(probe) == probe.expected, probe.reply
