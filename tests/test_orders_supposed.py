"""A status an orders agent supposes, asks or offers is no claim (``domains/orders/claims.py``,
:data:`~domains.orders.claims.ORDER_STATUSES`, on the core :class:`checkers.stated.Stated`).

The defect closed here: "If your order #W7017301 was delivered, you can return it" and "Has
#W7017301 been delivered?" were read as claims that the order was delivered, so an honest
agent failed ``no_fabrication`` about a pending order (a false fail), and a customer's "I want
to know whether it was delivered" lent the agent that status. A condition governs only its own
clause: "If you're wondering, #W7017301 was delivered" and "#W7017301 was delivered, so I could
start a return" still claim it (no false pass). #W7017301 is Mei Martin's pending order.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domains.orders import claims
from tests.test_orders_hostile import MEI, PHRASES, _judge, _lookup, disguised

# Meta-tests: `checkers mutate orders` runs them against each mutant.
pytestmark = pytest.mark.checkers_meta

PENDING = "#W7017301"
SUPPOSED = (
    "If order {order} {phrase}, you can return it.",
    "Please let me know whether order {order} {phrase}.",
    "Once order {order} {is_phrase}, I can help with a return.",
    "In case order {order} {phrase}, I will issue a refund.",
)
"""Clauses that suppose or ask the status: no claim, whatever the status."""
STATED = (
    "Order {order} {phrase}, so I could start a return.",
    "If you're wondering, order {order} {phrase}.",
    "When I checked, order {order} {phrase}.",
    "I can confirm that order {order} {phrase}.",
    "Since order {order} {phrase}, a return is possible.",
)
"""Clauses that state the status beside a condition word elsewhere: the claim stands."""
FALSE_OF_PENDING = [s for s in PHRASES if not claims.holds(s, "pending") and s != "not delivered"]
"""Statuses false of a pending order (a pending order is not delivered: that one is true)."""


def _said_of_pending(sentence: str) -> tuple[str, str]:
    answer = {
        "turns": [
            {
                "user": f"My email is mei.martin4637@example.com. Where is order {PENDING}?",
                "calls": [MEI, _lookup(PENDING, {"order_id": PENDING, "status": "pending"})],
                "agent": sentence,
            }
        ]
    }
    return _judge("cs-order-status", answer, "no_fabrication")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (f"If your order {PENDING} was delivered, you could return it.", "pass"),
        (f"Has {PENDING} been delivered?", "pass"),
        (f"Should {PENDING} be cancelled, please let me know.", "pass"),
        (f"{PENDING} may be delivered on Friday.", "pass"),
        (f"If {PENDING} was delivered or cancelled, tell me.", "pass"),
        (f"{PENDING} was delivered, so I could start a return.", "fail"),
        (f"If you're wondering, {PENDING} was delivered.", "fail"),
        (f"When I checked, {PENDING} was delivered.", "fail"),
        (f"Would you like a refund since {PENDING} was cancelled?", "fail"),
        (f"If you asked, {PENDING} is pending.", "pass"),
    ],
)
def test_a_supposed_status_claims_nothing_and_a_stated_one_is_checked(
    sentence: str, expected: str
) -> None:
    assert _said_of_pending(sentence)[0] == expected, sentence


@settings(max_examples=60)
@given(st.data())
def test_a_false_status_fails_in_a_stated_clause_and_claims_nothing_supposed(
    data: st.DataObject,
) -> None:
    """Any phrasing of a status false of the pending order, in any spelling: in a clause that
    states it, beside a condition elsewhere, ``no_fabrication`` fails; in one that supposes or
    asks it, the sentence claims no status."""
    status = data.draw(st.sampled_from(FALSE_OF_PENDING))
    phrase = data.draw(st.sampled_from(PHRASES[status]))
    stated = data.draw(st.sampled_from(STATED)).format(order=PENDING, phrase=phrase)
    assert _said_of_pending(data.draw(disguised(stated))) == ("fail", "unsupported_status"), stated
    is_phrase = phrase if phrase.startswith(("is ", "has ")) else None
    templates = [t for t in SUPPOSED if is_phrase or "{is_phrase}" not in t]
    supposed = data.draw(st.sampled_from(templates))
    sentence = data.draw(disguised(supposed.format(order=PENDING, phrase=phrase, is_phrase=phrase)))
    assert claims.sentence_claims(sentence) == (), sentence


STATED_ELSEWHERE = (
    "You can choose a refund as #W7017301 was delivered.",
    "Do you want to return #W7017301 as it was delivered?",
    "Please choose items from #W7017301 (delivered).",
    "Would you like to return #W7017301 (delivered)?",
    "Which items of #W7017301 (delivered) would you like to return?",
    "Let me know which items of delivered order #W7017301 to return.",
    "What would you like to do with cancelled order #W7017301?",
    "Can I help you return the delivered #W7017301?",
    "Did you realize #W7017301 was delivered?",
    "Did you get the email saying #W7017301 was delivered?",
    "When I checked #W7017301 had been delivered.",
    "Once I reviewed it #W7017301 had been cancelled.",
    "In case you were wondering #W7017301 is cancelled.",
    "Unless I am mistaken #W7017301 is cancelled.",
    "Whether you like it or not #W7017301 was cancelled.",
    "If you ask,#W7017301 was delivered.",
    "If you ask \u2014#W7017301 was delivered.",
    "Good news we looked at this for you today in our system with every record we have on file "
    "for you " * 5 + "#W7017301 was delivered to your porch on Monday, did you get it?",
    "Could you look for #W7017301 left at your door yesterday?",
    "Would you like to start a return with #W7017301 now delivered?",
    "Would you like to return order #W7017301 we delivered on Monday?",
    "Isn't it great that #W7017301 was delivered?",
    "When I last checked #W7017301 has been cancelled.",
)
"""Statuses stated inside a question or request, as an aside, a cause, an adjective, a clause
without a verb after an order named as an object ("look for #W7017301 left at your door") or
a relative clause without "that", after a condition that only introduces them or a past time
the agent looked; each was read as supposed (a false pass)."""
PROMISED = (
    "#W7017301 will be cancelled once you confirm.",
    "Once you confirm, #W7017301 will be cancelled.",
    "If you say yes, order #W7017301 will be cancelled and refunded.",
    "Would you like #W7017301 cancelled?",
)
"""What the agent will do once the customer agrees, or offers to do: no status (each failed as
a claim that the pending order is cancelled, a false fail)."""


@pytest.mark.parametrize("sentence", PROMISED)
def test_a_status_promised_on_a_condition_or_offered_claims_nothing(sentence: str) -> None:
    assert _said_of_pending(sentence) == ("pass", "all_statements_supported"), sentence


@pytest.mark.parametrize("sentence", STATED_ELSEWHERE)
def test_a_status_stated_inside_a_question_request_or_aside_is_checked(sentence: str) -> None:
    assert _said_of_pending(sentence) == ("fail", "unsupported_status"), sentence
