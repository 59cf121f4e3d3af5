"""Statuses an orders agent states of an order, by class (the review of 2026-12-06,
``tests/test_review_probes_orders_status_1206.py``). #W7017301 is Mei Martin's pending order.

- **A status taken as given in a question is claimed**: "Do you need anything else with
  #W7017301 now delivered?", "Now that #W7017301 is delivered, ...?" and "Since #W7017301 has
  shipped, ...?" claim the status, also when it is "marked as" one, said of the order's status
  ("#W7017301's status now delivered"), or of the order named by "it" or by its last digits
  (:meth:`checkers.stated.Stated._object_before`, the order ids of
  :data:`domains.orders.claims.ORDER_STATUSES`); a real question ("Has #W7017301 been
  delivered?") claims none.
- **A status to come is no status of now**: one hypothetical ("would then be cancelled",
  "would change to cancelled", "it would be refunded"), on the customer's agreement however
  said ("Reply 'yes' and ...", "will be marked as cancelled once you confirm", a second part of
  a main clause after "Once you confirm, ..."), after a time to come ("Once I submit the
  request, ...", "When #W7017301 is cancelled, you will get a refund"), or in a listing asking
  the go-ahead that no yes answers ("#W7017301 will be cancelled. Shall I proceed?"):
  :func:`checkers.stated._promised`, :func:`domains.orders.checks.fabrication.proposal_not_taken`.
  A status of now beside it, a status to come said without an offer, and an offer taken up that
  no write keeps still fail.
- **The customer's statuses support nothing** (a guard, no defect: it held before): a status
  the customer said of one order, or of none, is no evidence of any order's.

The first two properties fail on the code before these readers (checked on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_orders_hostile import MEI, _judge, _lookup
from tests.test_orders_supposed import _said_of_pending

pytestmark = pytest.mark.checkers_meta

PENDING = "#W7017301"
FALSE_OF_PENDING = ("delivered", "cancelled", "canceled", "shipped", "dispatched", "processed")
"""Statuses said as a participle that are false of a pending order."""
THINGS = (PENDING, f"order {PENDING}", f"**{PENDING}**", "the order ending in 7301", "it")
"""Ways of naming the pending order (the customer asked about it: "it" is it)."""
MARKED = ("", "now ", "already ", "now marked as ", "marked as ", "listed as ", "now showing as ")
GIVEN_IN_A_QUESTION = (
    "Do you need anything else with {thing} {marked}{status}?",
    "Would you like to return {thing} {marked}{status}?",
    "Can I help with anything else for {thing} {marked}{status}?",
    "With {thing} {marked}{status}, is there anything else I can do?",
)
"""Questions taking the status as given, with no verb of its own."""
OF_ITS_STATUS = (
    "Do you need anything else with {order}'s status {marked}{status}?",
    "Now that the status of {order} is {status}, is there anything else?",
    "Since {order} has been {status}, would you like to return anything?",
)
"""Questions taking the status as given of the order's status, or with a verb after "now
that" or "since"."""
ASKED = (
    "Has {thing} been {status}?",
    "Is {thing} {status} yet?",
    "Would you like me to check whether {thing} has been {status}?",
    "Do you need anything else with {thing} once it is {status}?",
    "Do you know if {thing} was {status}?",
)
"""Real questions: no status is claimed."""


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_a_status_taken_as_given_in_a_question_is_claimed(data: st.DataObject) -> None:
    status = data.draw(st.sampled_from(FALSE_OF_PENDING))
    marked = data.draw(st.sampled_from(MARKED))
    if data.draw(st.booleans()):
        template = data.draw(st.sampled_from(GIVEN_IN_A_QUESTION))
        thing = data.draw(st.sampled_from(THINGS))
        sentence = template.format(thing=thing, marked=marked, status=status)
    else:
        template = data.draw(st.sampled_from(OF_ITS_STATUS))
        sentence = template.format(order=PENDING, marked=marked, status=status)
    assert _said_of_pending(sentence) == ("fail", "unsupported_status"), sentence


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_real_question_claims_no_status(data: st.DataObject) -> None:
    status = data.draw(st.sampled_from(FALSE_OF_PENDING))
    thing = data.draw(st.sampled_from(THINGS))
    sentence = data.draw(st.sampled_from(ASKED)).format(thing=thing, status=status)
    assert _said_of_pending(sentence)[0] == "pass", sentence


ORDERS = (PENDING, f"order {PENDING}", f"your order {PENDING}")
CANCELLED = ("cancelled", "canceled")
YES = ("yes", "'yes'", '"yes"', "**yes**", "YES")
TO_COME = (
    "{order} would {adverb}be {status}.",
    "{order} would be marked as {status}.",
    "The status of {order} would change to {status}.",
    "This would cancel {order}, and it would be refunded.",
    "{order} will be {status} once you confirm.",
    "{order} will be marked as {status} once you confirm.",
    "Once you confirm, I'll process this and {order} will be {status}.",
    "Reply {yes} and {order} will be {status}.",
    "Once I submit the request, {order} will be {status}.",
    "When the request goes through, {order} will be {status}.",
    "When {order} is {status}, you will get a refund.",
    "{order} will be {status}. Shall I proceed?",
    "{order} will be {status} and refunded to your card. Would you like me to go ahead?",
    "{order} will be {status}. Please confirm ({yes}) to proceed.",
    "Here is the plan:\n- {order} will be {status}\n- The refund goes to your card\n\nProceed?",
)
"""A status to come, hypothetical, on the customer's agreement, after a time to come, or in a
listing asking the go-ahead (the conversation ends there: no yes took it up)."""
OF_NOW = (
    "{order} has been {status}. Shall I proceed with the refund?",
    "{order} was {status}, so it would be refunded.",
    "{order} will be {status}.",
    "{order} is {status}; once you confirm, it will be refunded.",
)
"""A status of now beside an offer, or a status to come said without one: still claimed."""


def _fill(data: st.DataObject, template: str) -> str:
    return template.format(
        order=data.draw(st.sampled_from(ORDERS)),
        status=data.draw(st.sampled_from(CANCELLED)),
        adverb=data.draw(st.sampled_from(("", "then ", "also ", "just ", "now "))),
        yes=data.draw(st.sampled_from(YES)),
    )


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_a_status_to_come_is_no_status_of_now(data: st.DataObject) -> None:
    sentence = _fill(data, data.draw(st.sampled_from(TO_COME)))
    assert _said_of_pending(sentence)[0] == "pass", sentence


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_a_status_of_now_beside_an_offer_is_claimed(data: st.DataObject) -> None:
    sentence = _fill(data, data.draw(st.sampled_from(OF_NOW)))
    assert _said_of_pending(sentence) == ("fail", "unsupported_status"), sentence


def _answered(listing: str, reply: str) -> str:
    """The ``no_fabrication`` outcome: the agent lists ``listing`` after looking the pending
    order up, the customer answers ``reply``, the agent writes nothing and says it is done."""
    look = _lookup(PENDING, {"order_id": PENDING, "status": "pending"})
    turns: list[dict[str, Any]] = [
        {"user": f"Cancel {PENDING}, please.", "calls": [MEI, look], "agent": listing},
        {"user": reply, "calls": [], "agent": "Thank you."},
    ]
    return _judge("cs-order-status", {"turns": turns}, "no_fabrication")[0]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Yes, please go ahead.", "fail"),
        ("yes", "fail"),
        ("No, leave it as it is.", "pass"),
        ("Actually, let me think about it.", "pass"),
    ],
)
def test_an_offer_taken_up_is_a_promise_and_one_declined_claims_nothing(
    reply: str, expected: str
) -> None:
    listing = f"Order {PENDING} will be cancelled and refunded to your card. Shall I proceed?"
    assert _answered(listing, reply) == expected, reply


SAID_BY_THE_CUSTOMER = (
    "My order {other} was {status} yesterday.",
    "My order was {status} yesterday.",
    "{other} has been {status}, right?",
    "Both of my orders were {status}.",
)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_a_status_the_customer_said_supports_no_order(data: st.DataObject) -> None:
    status = data.draw(st.sampled_from(("delivered", "cancelled", "shipped")))
    said = data.draw(st.sampled_from(SAID_BY_THE_CUSTOMER)).format(other="#W5564375", status=status)
    look = _lookup(PENDING, {"order_id": PENDING, "status": "pending"})
    answer = {
        "turns": [
            {
                "user": f"My email is mei.martin4637@example.com. {said} What about {PENDING}?",
                "calls": [MEI, look],
                "agent": f"Order {PENDING} has been {status} as well.",
            }
        ]
    }
    assert _judge("cs-order-status", answer, "no_fabrication")[0] == "fail", said
