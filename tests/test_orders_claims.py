"""Status claims read from a sentence (``domains/orders/claims.py``): which status, and about
which orders. Known answers for each binding rule (a list of ids is one group, the claim's own
clause first, a status written as a label is about what follows it, the negation window), and
the truth table of the statuses a reader gets wrong most easily (a shipped order that was since
delivered, a refund due on a modified order, a negated status)."""

from __future__ import annotations

import pytest

from domains.orders.claims import (
    ORDER_STATES,
    VOCABULARY,
    Status,
    Thread,
    completion_claims,
    holds,
    sentence_claims,
)

# Marked so that `checkers mutate orders` runs these against each mutant of claims.py.
pytestmark = pytest.mark.checkers_meta

W1, W2, W3 = "#W1111111", "#W2222222", "#W3333333"

BOUND = [
    # A list of ids is one group; a claim about a group is about each of its orders.
    (f"{W1}, {W2} or {W3} will arrive soon.", [("in transit", (W1, W2, W3))]),
    (
        f"{W1} is delivered; {W2} and {W3} are pending.",
        [("delivered", (W1,)), ("pending", (W2, W3))],
    ),
    (
        f"{W1} and {W2} are pending, but {W3} was delivered.",
        [("pending", (W1, W2)), ("delivered", (W3,))],
    ),
    # The claim's own clause first, even when the sentence names an order before it.
    (
        f"Your order {W1} is pending; the delivered one is {W2}.",
        [("pending", (W1,)), ("delivered", (W2,))],
    ),
    # In one clause the order named before the claim is its subject.
    (
        f"Order {W1} was delivered before {W2} shipped.",
        [("delivered", (W1,)), ("shipped", (W2,))],
    ),
    # Outside the clause, the nearest order before it.
    (f"Order {W1} replaced order {W2}, which was delivered.", [("delivered", (W2,))]),
    (f"It was delivered, order {W1}.", [("delivered", (W1,))]),
    # A phrase that claims the negation directly.
    (f"Order {W1} is awaiting shipment.", [("not shipped yet", (W1,))]),
    # The claim's clause ends at the next break: an order named after it is not its subject.
    (f"{W1}: it was delivered, like {W2}, yesterday.", [("delivered", (W1,))]),
    (
        f"Your order {W1} is pending; the delivered one is {W2}, as you asked.",
        [("pending", (W1,)), ("delivered", (W2,))],
    ),
    # A list of ids is the subject of the clause it ends in, even across the list's commas.
    (f"{W1}, {W2} are delivered: see {W3}.", [("delivered", (W1, W2))]),
    # A status written as a label is about what follows it (negated from the sentence's start).
    (f"Not delivered: order {W1}.", [("not delivered", (W1,))]),
    (f"Delivered: {W1}, pending: {W2}.", [("delivered", (W1,)), ("pending", (W2,))]),
    # An order named by its last digits, and a sentence naming no order.
    ("The order ending in 8665 was delivered.", [("delivered", ("#W*8665",))]),
    ("It was delivered yesterday.", [("delivered", ())]),
]


@pytest.mark.parametrize(("sentence", "expected"), BOUND)
def test_each_claim_is_bound_to_the_orders_it_is_about(
    sentence: str, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    assert [(c.status, c.orders) for c in sentence_claims(sentence)] == expected


LONGEST_NEGATION = "no longer currently currently currently "
"""The longest run of words the reader takes as negating a status after it: a negation and three
fillers, 40 characters, the whole window the reader looks back over (which keeps it linear)."""


@pytest.mark.parametrize(
    "sentence",
    [
        f"{LONGEST_NEGATION}delivered",
        f"Order {W1} is {LONGEST_NEGATION}delivered.",
        f"Not delivered: order {W1}.",
    ],
)
def test_the_longest_negation_the_reader_knows_still_negates(sentence: str) -> None:
    assert [c.status for c in sentence_claims(sentence)] == ["not delivered"]


COMPLETIONS = [
    ("Your request has been completed.", ["your request has been completed"]),
    ("The order was not successfully cancelled.", []),
    ("Not successfully cancelled yet.", []),
    (f"The order was {LONGEST_NEGATION}successfully cancelled.", []),
    # A negated completion is skipped, and the reading goes on to the next one.
    (
        "It was not successfully cancelled, but I have updated the address.",
        ["i have updated"],
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), COMPLETIONS)
def test_a_completion_is_claimed_unless_negated(sentence: str, expected: list[str]) -> None:
    assert completion_claims(sentence) == expected


TRUTH = [
    # A shipped order that has since been delivered (or returned) was shipped.
    ("shipped", "in transit", True),
    ("shipped", "delivered", True),
    ("shipped", "return requested", True),
    ("shipped", "pending", False),
    ("delivered", "delivered", True),
    ("delivered", "in transit", False),
    # A refund is due on a cancelled order and on one whose items were modified.
    ("refund due", "cancelled", True),
    ("refund due", "pending (item modified)", True),
    ("refund due", "pending", False),
    # A negated claim is true exactly where its status is not.
    ("not delivered", "pending", True),
    ("not delivered", "delivered", False),
    ("no refund due", "pending", True),
    ("no refund due", "cancelled", False),
    # A refund transaction makes a refund due, and no claim of none.
    ("refund due", "refund", True),
    ("no refund due", "refund", False),
]


@pytest.mark.parametrize(("claim", "reported", "true"), TRUTH)
def test_a_claim_holds_in_the_states_that_make_it_true(
    claim: str, reported: str, true: bool
) -> None:
    assert holds(claim, reported) is true


def test_a_claim_holds_when_the_tool_reports_that_very_word() -> None:
    """Equal by value, not by identity: a state read from a tool's JSON is a new string."""
    reported = "".join(["ship", "ped"])
    assert holds("shipped", reported)
    assert not holds("shipped", "".join(["ordered"]))


@pytest.mark.parametrize("status", VOCABULARY, ids=lambda s: s.name)
def test_a_status_and_its_negation_split_the_states(status: Status) -> None:
    for state in ORDER_STATES:
        assert holds(status.name, state) != holds(status.negation, state), state


def test_a_claim_referring_back_is_about_the_last_orders_named() -> None:
    thread = Thread()
    thread.hear(f"Please check order {W1} and then order {W2}.")
    [bound] = thread.bound("It was delivered.")
    assert (bound.claim.status, bound.orders, bound.about_customer) == (
        "delivered",
        (W2,),
        False,
    )
