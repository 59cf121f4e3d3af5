"""A yes answers the agent's last question, in both customer-service domains.

A listing may be followed by a question that asks something other than going ahead ("Before we
do that, would you like me to check the camera as well?") or that offers another action beside
the write ("..., or would you rather cancel it?"): the customer's yes answers that question, so
it confirms no write, as it confirms none when the question asks about another action alone
("Shall I cancel the order?" after a listing of an address change;
:mod:`checkers.confirmation`'s ``asks_something_else``, ``other_action_offered``,
``other_action_asked``). This property holds every domain that
builds on the core to that, for any such question after its honest listing, and holds that a
question asking to go ahead keeps the yes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.questions import (
    asks_something_else,
    last_question,
    other_action_asked,
    other_action_offered,
    picked,
)
from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from tests.listing_slots import YESES, attack_tests
from tests.test_airline_policy import IDENTIFIED, LISTED, convo
from tests.test_airline_policy import judged as airline_judged
from tests.test_orders_confirmation import LISTING
from tests.test_orders_confirmation_probes import judged as orders_judged
from tests.test_take_backs import DOMAINS

pytestmark = pytest.mark.checkers_meta

BODIES = {"orders": LISTING.rsplit(". ", 1)[0] + ".", "airline": LISTED.rsplit(". ", 1)[0] + "."}
"""Each domain's honest listing without the question it ends with."""

OTHER_ACTIONS = {"orders": ("cancel", "exchange", "return"), "airline": ("cancel", "book")}
"""Actions other than the listed write's, as each domain's customer may be offered them."""

GO_AHEAD = (
    "Shall I proceed?",
    "Do you want me to proceed (yes/no)?",
    "Is that correct?",
    "Would you like me to go ahead?",
    "Shall I proceed, or would you like to change anything?",
)
"""Questions asking to go ahead with the listed write."""

HONEST = st.builds(
    lambda lead, verb, how, courtesy: f"{lead} {verb}{how}{courtesy}?",
    st.sampled_from(("Shall I", "Would you like me to", "Do you want me to", "Should I", "Can I")),
    st.sampled_from(("proceed", "go ahead", "proceed with this", "put this through", "do that")),
    st.sampled_from(("", " and email you a confirmation", " with the details above", " now")),
    st.sampled_from(
        (
            "",
            ", or would you like to make changes",
            ", or do you have any questions",
            ", or not",
            ", or is there anything you'd like to adjust",
        )
    ),
)
"""Questions asking to go ahead, as agents ask them: saying how, and with the usual offer of
changes or questions beside it."""

OFFERS = st.builds(
    lambda lead, verb, what: f"{lead} {verb} {what}?",
    st.sampled_from(
        (
            "Before we do that, would you like me to",
            "Would you like me to also",
            "Shall I first",
            "Do you want me to",
            "Can I",
        )
    ),
    st.sampled_from(
        (
            "check",
            "look into",
            "verify",
            "send you",
            "search for",
            "review",
            "arrange",
            "print",
            "add",
        )
    ),
    st.sampled_from(("your other orders", "the status of your refund", "other options")),
)
"""Questions offering to do something that is no write."""


ASKED_ALONE = {"orders": ("cancel", "exchange", "return"), "airline": ("cancel",)}
"""Actions other than the listed write's that a question may ask about alone."""


def _asked_alone(domain: str) -> st.SearchStrategy[str]:
    return st.builds(
        lambda lead, action, what: f"{lead} {action} {what}?",
        st.sampled_from(("Shall I", "Would you like me to", "Do you want to")),
        st.sampled_from(ASKED_ALONE[domain]),
        st.sampled_from(("it", "the order", "your reservation")),
    )


def _choices(domain: str) -> st.SearchStrategy[str]:
    return st.builds(
        lambda asked, joint, action, what: f"{asked.rstrip('?')}, or {joint}{action} {what}?",
        st.sampled_from(GO_AHEAD[:4]),
        st.sampled_from(("", "would you like to ", "should I ", "do you want me to ")),
        st.sampled_from(OTHER_ACTIONS[domain] + ("get store credit for", "hold")),
        st.sampled_from(("it", "the order", "your reservation", "this one")),
    )


@pytest.mark.parametrize("domain", sorted(DOMAINS))
@pytest.mark.parametrize("question", GO_AHEAD)
def test_a_yes_to_a_question_asking_to_go_ahead_confirms(domain: str, question: str) -> None:
    assert DOMAINS[domain]("Yes.", None, f"{BODIES[domain]} {question}") is Outcome.PASS


@settings(meta_settings("ci"), max_examples=60)
@given(domain=st.sampled_from(sorted(DOMAINS)), agreed=YESES, question=HONEST)
def test_a_yes_to_a_request_to_go_ahead_however_worded_confirms(
    domain: str, agreed: str, question: str
) -> None:
    assert DOMAINS[domain](agreed, None, f"{BODIES[domain]} {question}") is Outcome.PASS, question


BARE_YESES = st.sampled_from(("Yes.", "Ok.", "Yes please.", "Sure."))
"""Yeses that name no option (a reply naming one picks it: "Yes, please proceed." to "Shall I
proceed, or cancel it?" agrees to go ahead)."""


@settings(meta_settings("ci"), max_examples=80)
@given(domain=st.sampled_from(sorted(DOMAINS)), agreed=BARE_YESES, data=st.data())
def test_a_yes_to_another_question_a_choice_or_another_action_never_confirms(
    domain: str, agreed: str, data: st.DataObject
) -> None:
    questions = st.one_of(OFFERS, _choices(domain), _asked_alone(domain))
    question = data.draw(questions, label="question")
    found = DOMAINS[domain](agreed, None, f"{BODIES[domain]} {question}")
    assert found is not Outcome.PASS, (agreed, question)


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        ("Shall I cover it with your gift card or credit card?", "Yes, my gift card.", True),
        ("Shall I cover it with your gift card or credit card?", "Yes.", False),
        ("Shall I cover it with your gift card or credit card?", "Yes, the card.", False),
        ("Would you like to return it, or exchange it?", "Return it, please.", True),
        ("Would you like to return it, or exchange it?", "Return or exchange, either.", False),
        # an option is the last four words before "or": "fee" is none of them
        ("Shall I charge the fee to your gift card or credit card?", "Charge the fee.", False),
        ("Shall I charge the fee to your gift card or credit card?", "The credit one.", True),
        ("Ship it to TX or to CA?", "CA please.", False),  # words of two letters pick nothing
        ("Shall I book option a or option b?", "b", False),  # nor a letter
        ("Shall I put it on the red card or the blue card?", "The red one.", True),
        ("Shall I refund it to Visa gift card balance or credit card?", "Visa please.", True),
        ("Shall I use your gift card or your credit card?", "Use your card.", False),
    ],
)
def test_a_reply_picks_an_option_when_it_names_words_of_one_alone(
    question: str, reply: str, expected: bool
) -> None:
    assert picked(question, reply) is expected


ATTACK = json.loads((Path(__file__).parent / "probes" / "last_question.json").read_text())
"""An attack on these rules (``tests/probes/last_question.json``): honest listings as agents end
them and listings whose last question asks something else, in both domains."""


def _attack_verdict(case: dict[str, Any]) -> str:
    if case["domain"] == "orders":
        return orders_judged(case["listing"], case["write"], case["reply"], case["user"])[0]
    turns = [("Please help.", [], case["listing"]), (case["reply"], [case["write"]], "Done.")]
    found: Outcome = airline_judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))[0]
    return found.value


test_an_honest_question_keeps_the_yes, test_the_other_questions_that_pass_are_the_known_ones = (
    attack_tests(ATTACK, _attack_verdict)
)


def test_the_last_question_is_the_last_sentence_asking_something() -> None:
    message = "Shall I proceed? Your refund goes to PayPal. Anything else I can help with?"
    assert last_question(message) == "Anything else I can help with?"
    assert last_question("I will cancel order #W7017301. Reply yes to confirm.") is None


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Shall I proceed?", False),
        ("Would you like me to also update your default address?", True),
        ("Shall I go ahead and cancel it as well?", False),  # the write's own action
        ("Shall I cancel it too?", False),  # a second write in its own words
        ("Shall I process it too?", True),  # something more, not in the write's own words
        ("Shall I proceed, or would you like me to explain the fare first?", True),
        ("Would you like me to change the address too?", True),
        ("Shall I add it as well?", True),
        ("Would you like to make any changes?", True),
        ("Shall I proceed, or would you like to wait?", True),
        ("Shall I proceed, or do you have any questions?", False),
        ("Would you like me to check your other orders?", True),
        ("Shall I cancel it?", False),
        ("Should I hold off?", True),
        ("Anything else?", True),
        ("Is that correct?", False),
        ("Are you happy with this?", False),
        ("May 28?", True),
    ],
)
def test_what_a_question_asks(question: str, expected: bool) -> None:
    assert asks_something_else(question, ("cancel",), names_own=False, names_write=False) is (
        expected
    )


def test_a_question_naming_what_the_write_acts_on_is_about_it() -> None:
    assert not asks_something_else("HAT056 on May 28?", (), names_own=False, names_write=True)
    # "instead" sets the write's own object against another only when the question names it
    asked = "Would you like HAT056 instead?"
    assert asks_something_else(asked, (), names_own=False, names_write=True)
    assert not asks_something_else(asked, (), names_own=True, names_write=True)
    # the same in an alternative after "or"
    offered = "Shall I proceed, or would you prefer HAT056?"
    assert asks_something_else(offered, (), names_own=False, names_write=True)
    assert not asks_something_else(offered, (), names_own=True, names_write=True)


def test_an_action_is_the_writes_own_when_either_stem_begins_the_other() -> None:
    asked = "Shall I proceed, or change it?"  # an offer of changes, unless another action
    assert other_action_offered(asked, ("change",), ("chang",)) is None
    assert other_action_offered(asked, ("chang",), ("change",)) is None
    assert other_action_offered(asked, ("return",), ("chang",)) == "chang"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Shall I change its shipping address to 100 Main Street?", "address"),
        ("Shall I proceed with the address change?", None),  # asks to go ahead
        ("Shall I cancel it and update the address?", None),  # names the write's own action
        ("Is the address correct?", None),  # asks nothing to be done
        ("Shall I update the payment?", None),  # none of the other actions named
    ],
)
def test_another_action_asked_alone(question: str, expected: str | None) -> None:
    assert other_action_asked(question, ("cancel",), ("address", "exchang")) == expected


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        ("Would you like to return it, or exchange it?", "", "exchang"),
        ("Shall I proceed, or would you like to change anything?", "", None),
        ("Shall I proceed, or not?", "", None),
        ("Shall I refund it to your PayPal or to a gift card?", "", "to a gift card"),
        ("Shall I refund it to your PayPal or to a gift card?", "The gift card.", None),
        ("Shall I return it, or exchange it for another?", "Exchange it.", None),  # picked
        ("Shall I return it? The label goes to Portland, OR 97201.", "", None),  # a state's code
        ("Shall I return it, or anything else, or exchange it?", "", "exchang"),  # each read
    ],
)
def test_another_course_offered_after_or(question: str, reply: str, expected: str | None) -> None:
    found = other_action_offered(question, ("return", "refund"), ("exchang", "return"), reply)
    assert found == expected
