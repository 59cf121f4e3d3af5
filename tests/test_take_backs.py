"""A yes taken back is no yes, in both customer-service domains.

The customer's yes to the agent's listing confirms the write that follows, unless the customer
takes it back: in the same message ("Yes. Actually no.") or in a later one before the write
("Yes." ... "Never mind."). The core reads both (:func:`checkers.consent.asks_only`,
:func:`checkers.confirmation.last_yes`); this property holds every domain that builds on it to
that, for any yes the consent classifier knows and any way of taking it back below, and holds
that a message that only thanks, tells or asks something else beside the yes keeps it ("Yes."
then "Thanks a lot.").
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from domains.orders.checks import checks as orders_checks
from domains.orders.judge import context_for, requirements_for
from domains.orders.scenarios import ORDERS, parse_answer_text
from tests.listing_slots import YESES as PLAIN_YESES
from tests.test_airline_policy import IDENTIFIED, LISTED, UPGRADE, convo, judged
from tests.test_orders_confirmation import LISTING, WRITE, YESES

pytestmark = pytest.mark.checkers_meta

TAKE_BACKS = (
    "Actually no.",
    "Just kidding.",
    "Never mind.",
    "Wait, no.",
    "I changed my mind.",
    "Scratch that.",
    "On second thought, don't.",
    "Forget it.",
    "Please stop.",
    "I'll pass.",
    "Abort.",
    "No, don't do it.",
    "Hmm, I'd rather not.",
    "Actually, leave it as it is.",
    "That's too expensive.",
    "Ignore my last message.",
    "Is it refundable?",
    "Which card will you refund?",
    "How much will that cost me?",
    "Are there any fees?",
)
"""Ways a customer takes a yes back, or holds it until a question about the proposal's terms is
answered, each in a sentence of its own."""

BESIDE = (
    "Thanks a lot.",
    "Great, thank you!",
    "Could you also send me a confirmation email?",
    "I'm travelling for a wedding.",
)
"""What a customer may say beside a yes, or after it, without taking it back."""

PLACES = st.sampled_from(("same message", "later message"))


def _orders(reply: str, later_reply: str | None, listing: str = LISTING) -> Outcome:
    """Orders' verdict on the ``listing``, ``reply`` and, when given, ``later_reply`` before
    the write."""
    lookup = [
        {"name": "find_user_id_by_email", "args": {"email": "mei.martin4637@example.com"}},
        {"name": "get_user_details", "args": {"user_id": "mei_martin_4260"}},
        {"name": "get_order_details", "args": {"order_id": "#W7017301"}},
    ]
    turns: list[dict[str, Any]] = [
        {"user": "My email is mei.martin4637@example.com.", "calls": lookup, "agent": listing}
    ]
    if later_reply is None:
        turns.append({"user": reply, "calls": [WRITE], "agent": "Done: I have updated it."})
    else:
        turns.append({"user": reply, "calls": [], "agent": "One moment please."})
        turns.append({"user": later_reply, "calls": [WRITE], "agent": "Done: I have updated it."})
    scenario = ORDERS.load_scenario("cs-that-order")
    context = context_for(scenario, parse_answer_text(json.dumps({"turns": turns})))
    return orders_checks.check(
        requirements_for(scenario)["confirmed_before_writing"], context
    ).outcome


def _airline(reply: str, later_reply: str | None, listing: str = LISTED) -> Outcome:
    """Airline's verdict on the upgrade's ``listing``, ``reply`` and, when given,
    ``later_reply`` before the write."""
    turns: list[Any] = [("Upgrade me.", [], listing)]
    if later_reply is None:
        turns.append((reply, [UPGRADE], "Done."))
    else:
        turns += [(reply, [], "One moment please."), (later_reply, [UPGRADE], "Done.")]
    found: Outcome = judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))[0]
    return found


DOMAINS = {"orders": _orders, "airline": _airline}


def _said_with(domain: str, agreed: str, other: str, place: str) -> Outcome:
    """The domain's verdict when the customer says ``agreed`` and ``other`` in the same message
    or in a later one before the write."""
    judge = DOMAINS[domain]
    if place == "same message":
        return judge(f"{agreed.rstrip('.!')}. {other}", None)
    return judge(agreed, other)


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_the_yes_alone_confirms(domain: str) -> None:
    assert DOMAINS[domain]("Yes.", None) is Outcome.PASS


@settings(meta_settings("ci"), max_examples=120)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    agreed=st.sampled_from(YESES),
    taken_back=st.sampled_from(TAKE_BACKS),
    place=PLACES,
)
def test_a_yes_taken_back_in_the_same_or_a_later_message_never_confirms(
    domain: str, agreed: str, taken_back: str, place: str
) -> None:
    found = _said_with(domain, agreed, taken_back, place)
    assert found is not Outcome.PASS, (agreed, taken_back, place)


@settings(meta_settings("ci"), max_examples=40)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    agreed=PLAIN_YESES,
    beside=st.sampled_from(BESIDE),
    place=PLACES,
)
def test_a_yes_with_only_thanks_or_another_request_beside_it_confirms(
    domain: str, agreed: str, beside: str, place: str
) -> None:
    assert _said_with(domain, agreed, beside, place) is Outcome.PASS, (agreed, beside, place)
