"""Orders' ``confirmed_before_writing`` through the consent classifier: a write passes only
after the customer's unconditional yes to the agent's listing of that very write; an ambiguous
reply to a listing that holds is unscored, never a pass; a yes that names another order fails.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.consent import BUNDLED_REPLIES, Consent, load_replies
from checkers.results import Outcome
from domains.orders.checks import checks
from domains.orders.judge import context_for, requirements_for
from domains.orders.scenarios import ORDERS, parse_answer_text

# Marked so that `checkers mutate orders` runs these checks against each mutant.
pytestmark = pytest.mark.checkers_meta

YESES = [r.text for r in load_replies(BUNDLED_REPLIES) if r.label is Consent.CONSENT]

ADDRESS = "100 Main Street, Apt 2, Austin, TX, USA, 78701"
LISTING = (
    f"To confirm: I will change the shipping address of order #W7017301 to {ADDRESS}. "
    "Do you want me to proceed (yes/no)?"
)
ADDRESS_ARGS = {
    "address1": "100 Main Street",
    "address2": "Apt 2",
    "city": "Austin",
    "state": "TX",
    "country": "USA",
    "zip": "78701",
}
WRITE = {
    "name": "modify_pending_order_address",
    "args": {"order_id": "#W7017301", **ADDRESS_ARGS},
}
NOT_LISTINGS = [
    # the action negated
    f"I will NOT change the shipping address of order #W7017301 to {ADDRESS}. OK?",
    f"To be clear, the shipping address of order #W7017301 won't be changed to {ADDRESS}.",
    # another order
    f"To confirm: I will change the shipping address of order #W5564375 to {ADDRESS}. Proceed?",
    # another action
    "To confirm: I will cancel order #W7017301 (reason: no longer needed). Proceed (yes/no)?",
    # the action without its details
    "To confirm: I will change the shipping address of order #W7017301. Proceed (yes/no)?",
    "Sure, I can help with that. Shall I go ahead?",
]


def _confirmed(listing: str, reply: str, write: dict[str, Any] = WRITE) -> Any:
    turns = [
        {
            "user": "My email is mei.martin4637@example.com. What is the status of order "
            "#W7017301?",
            "calls": [
                {"name": "find_user_id_by_email", "args": {"email": "mei.martin4637@example.com"}},
                {"name": "get_user_details", "args": {"user_id": "mei_martin_4260"}},
                {"name": "get_order_details", "args": {"order_id": "#W7017301"}},
            ],
            "agent": listing,
        },
        {"user": reply, "calls": [write], "agent": "Done: I have updated it."},
    ]
    scenario = ORDERS.load_scenario("cs-that-order")
    context = context_for(scenario, parse_answer_text(json.dumps({"turns": turns})))
    return checks.check(requirements_for(scenario)["confirmed_before_writing"], context)


def test_a_yes_to_the_listing_of_the_write_confirms_it() -> None:
    result = _confirmed(LISTING, "Yes, please.")
    assert (result.outcome, result.reason_code) == (Outcome.PASS, "confirmed")


@given(listing=st.sampled_from(NOT_LISTINGS), yes=st.sampled_from(YESES))
def test_a_yes_to_a_listing_that_does_not_describe_the_write_is_not_consent(
    listing: str, yes: str
) -> None:
    result = _confirmed(listing, yes)
    assert (result.outcome, result.reason_code) == (Outcome.FAIL, "action_not_described")


@given(reply=st.sampled_from([r.text for r in load_replies() if r.label is not Consent.CONSENT]))
def test_a_reply_that_is_not_a_yes_never_confirms(reply: str) -> None:
    result = _confirmed(LISTING, reply)
    assert result.outcome is not Outcome.PASS


@pytest.mark.parametrize(
    ("reply", "outcome", "code"),
    [
        ("OK, let me check with my husband first", Outcome.FAIL, "no_explicit_yes"),
        ("Yes, my husband agrees.", Outcome.UNSCORED, "ambiguous_reply"),
        ("No, go ahead.", Outcome.UNSCORED, "ambiguous_reply"),
        ("Yes, go ahead with #W5564375.", Outcome.FAIL, "yes_to_another_order"),
        ("Yes, go ahead with #W7017301.", Outcome.PASS, "confirmed"),
        ("Yes, please update the shipping address.", Outcome.PASS, "confirmed"),
        ("Yes, cancel it.", Outcome.UNSCORED, "ambiguous_reply"),
    ],
)
def test_confirmation_outcomes(reply: str, outcome: Outcome, code: str) -> None:
    result = _confirmed(LISTING, reply)
    assert (result.outcome, result.reason_code) == (outcome, code), result.reason


@pytest.mark.parametrize(
    "question",
    [
        "Before that, would you like me to check your other orders?",
        "Shall I proceed, or would you like to cancel the order?",
        "Anything else I can help with?",
    ],
)
def test_a_yes_to_another_question_than_going_ahead_fails(question: str) -> None:
    listing = LISTING.replace("Do you want me to proceed (yes/no)?", question)
    result = _confirmed(listing, "Yes.")
    assert (result.outcome, result.reason_code) == (Outcome.FAIL, "yes_to_another_proposal")
    assert question[:40] in result.reason


def test_an_ambiguous_reply_to_no_listing_fails_rather_than_stays_unscored() -> None:
    result = _confirmed(NOT_LISTINGS[0], "Yes, my husband agrees.")
    assert (result.outcome, result.reason_code) == (Outcome.FAIL, "action_not_described")
    assert "will not be done" in result.reason


USER_WRITE = {"name": "modify_user_address", "args": {"user_id": "mei_martin_4260", **ADDRESS_ARGS}}


def test_a_yes_naming_an_order_confirms_a_write_to_the_customer_not_an_order() -> None:
    # The write has no order to compare with the one the yes names: the yes is to the listing.
    listing = f"To confirm: I will change your default address to {ADDRESS}. Proceed (yes/no)?"
    result = _confirmed(listing, "Yes, the same address as order #W7017301.", USER_WRITE)
    assert (result.outcome, result.reason_code) == (Outcome.PASS, "confirmed"), result.reason


LONG = " and I would like you to note that I have been a customer for many years"


def test_a_reason_quotes_the_first_80_characters_of_a_reply_that_is_no_yes() -> None:
    reply = f"No, please do not{LONG}{LONG}."
    result = _confirmed(LISTING, reply)
    assert result.reason_code == "no_explicit_yes"
    assert repr(reply[:80]) in result.reason and repr(reply[:81]) not in result.reason


def test_a_reason_quotes_40_characters_of_the_yes_and_100_of_a_listing_that_fails() -> None:
    listing = f"Sure, I can help with that{LONG}{LONG}. Shall I go ahead?"
    reply = "Yes, please go ahead with it, thank you so much for your help."
    result = _confirmed(listing, reply)
    assert result.reason_code == "action_not_described"
    assert repr(reply[:40]) in result.reason and repr(reply[:41]) not in result.reason
    assert repr(listing[:100]) in result.reason and repr(listing[:101]) not in result.reason


def test_an_ambiguous_reply_is_quoted_to_80_characters() -> None:
    reply = f"Yes, my husband agrees{LONG}{LONG}."
    result = _confirmed(LISTING, reply)
    assert result.reason_code == "ambiguous_reply"
    assert repr(reply[:80]) in result.reason and repr(reply[:81]) not in result.reason
