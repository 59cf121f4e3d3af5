"""Compensation offered before the customer asks for it breaks the policy (``policy_valid``'s
``compensation_offered_unasked``): "Do not proactively offer these unless the user complains
about the situation and explicitly asks for some compensation" (tau-bench's airline policy).

Before, only a certificate sent was held to the customer's asking; an offer alone passed. The
recorded gpt-4o runs hold 12 such offers (one dev run, eleven of the other recorded runs, six of
them scored 1.0 by tau-bench): "As a Gold member, you may be eligible for compensation. ... I can
offer a certificate as a gesture of goodwill" to a customer who only said the delay upset them.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.airline.models import PolicyValid
from domains.airline.policy import RULES, compensation_offered
from tests.test_airline_binding import PROPERTY
from tests.test_airline_policy import FAIL, IDENTIFIED, PASS, bags, convo, lookup, outcome

pytestmark = pytest.mark.checkers_meta

COMPLAINT = "My flight HAT045 was delayed and I'm really upset, I'll miss a meeting."
ASKING = "My flight HAT045 was delayed. I'd like some compensation for this."

OFFERS = [
    "{who} {can} offer you a certificate as a gesture of goodwill.",
    "{who} {can} also offer some compensation for the inconvenience.",
    "{who} {can} issue a $50 travel certificate for the delay.",
    "{who} {can} be happy to provide a voucher.",
    "Would you like me to proceed with issuing a $50 certificate for the delayed flight?",
    "As a Gold member, you are eligible for a compensation certificate of $50.",
    "Since you have travel insurance, you may be eligible for compensation.",
]
NOT_OFFERS = [
    "{who} {cannot} offer a certificate for this.",
    "Unfortunately, {who} {cannot} provide any compensation.",
    "You may be eligible for a certificate if the airline cancels the flight.",
    "The refund might be issued as a travel credit.",
    "Once you provide the amounts on your certificates, I can calculate the total.",
    "{who} {can} pay the rest with your travel certificate.",
]
SAID = st.sampled_from([(t, True) for t in OFFERS] + [(t, False) for t in NOT_OFFERS])


@PROPERTY
@given(
    said=SAID,
    who=st.sampled_from(["I", "We"]),
    can=st.sampled_from(["can", "could", "might", "will", "would"]),
    cannot=st.sampled_from(["cannot", "can't", "am unable to", "won't"]),
    asked=st.booleans(),
    later=st.booleans(),
)
def test_compensation_is_offered_only_after_the_customer_asks(
    said: tuple[str, bool], who: str, can: str, cannot: str, asked: bool, later: bool
) -> None:
    template, offered = said
    offer = template.format(who=who, can=can, cannot=cannot).replace("We am", "We are")
    assert (compensation_offered(offer) is not None) is offered
    # the offer in the agent's first reply, or after another turn; asked in the first message
    first = ASKING if asked else COMPLAINT
    turns = [(first, [], "I'm sorry to hear that. Let me look into it.")] if later else []
    turns.append((first if not later else "Thanks.", [], f"I see. {offer}"))
    expected = (
        (FAIL, "compensation_offered_unasked") if offered and not asked else (PASS, "no_writes")
    )
    assert outcome(PolicyValid(), convo(IDENTIFIED, *turns)) == expected


def test_an_offer_before_the_ask_fails_though_the_customer_asks_later() -> None:
    said = convo(
        IDENTIFIED,
        (COMPLAINT, [], "As a Gold member, you may be eligible for compensation."),
        (ASKING, [], "I can offer you a certificate of $50."),
    )
    assert outcome(PolicyValid(), said) == (FAIL, "compensation_offered_unasked")


def test_the_reason_quotes_the_offer() -> None:
    from tests.test_airline_policy import judged

    said = convo(IDENTIFIED, (COMPLAINT, [], "Sorry. I can offer you a $30 certificate."))
    _, code, reason = judged(PolicyValid(), said)
    assert code == "compensation_offered_unasked"
    assert "i can offer you a $30 certificate." in reason
    assert "before the customer asked for compensation" in reason


REMOVED = [bags("THY2DG", 0, 0)]
"""A write that breaks the policy: THY2DG's bag removed (``bags_removed``)."""


@pytest.mark.parametrize(
    ("turns", "first"),
    [
        # the offer, then the write: the offer is the first rule broken
        ([(COMPLAINT, [], "I can offer you a certificate."), ("One bag fewer.", REMOVED, "Ok.")],
         "compensation_offered_unasked"),
        # the write, then the offer in the reply after it: the write first
        ([("One bag fewer.", REMOVED, "Removed. I can offer you a $50 certificate.")],
         "bags_removed"),
        ([("One bag fewer.", REMOVED, "Removed."), (COMPLAINT, [], "I can offer a certificate.")],
         "bags_removed"),
    ],
)  # fmt: skip
def test_the_first_rule_broken_in_the_conversation_names_the_result(
    turns: list[tuple[str, list[dict[str, object]], str]], first: str
) -> None:
    from tests.test_airline_policy import judged

    outcome_, code, reason = judged(PolicyValid(), convo(IDENTIFIED, *turns))
    assert (outcome_, code) == (FAIL, first)
    other = ({"bags_removed", "compensation_offered_unasked"} - {first}).pop()
    # the reason names the first rule and counts the other
    assert RULES[first] in reason and RULES[other] not in reason
    assert reason.endswith("(and 1 more violation)")


def test_the_reason_quotes_the_first_160_characters_of_a_long_offer() -> None:
    from tests.test_airline_policy import judged

    offer = "I can offer you a $50 certificate " + "and my sincere apologies " * 8 + "today."
    said = convo(IDENTIFIED, (COMPLAINT, [], offer))
    reason = judged(PolicyValid(), said)[2]
    quoted = offer.lower()
    assert repr(quoted[:160]) in reason and quoted[:161] not in reason


def test_an_offer_said_as_not_possible_is_no_offer() -> None:
    assert compensation_offered("I don't think we can offer you a certificate for this.") is None
    assert compensation_offered("Sorry, I can't say I can offer a voucher.") is None
    assert compensation_offered("I can offer a summary of your certificate balance.") is None


OFFER = "I can offer you a $50 certificate."
LOOKUPS = [lookup(r) for r in ("Z7GOZK", "K67C4W", "THY2DG")]


def test_the_reason_names_the_turn_of_the_offer() -> None:
    from tests.test_airline_policy import judged

    turns = [(COMPLAINT, [], "I see."), ("And?", [], "Let me check."), ("Well?", [], OFFER)]
    reason = judged(PolicyValid(), convo(IDENTIFIED, *turns))[2]
    assert reason.startswith("turn 4: ")  # the greeting's turn, then these three


def test_an_offer_after_many_calls_comes_after_the_write_before_it() -> None:
    from tests.test_airline_policy import judged

    # the write is call #5 (the greeting's lookup and three reads before it); the offer is
    # said after it
    turns = [("Check my trips, then one bag fewer.", [*LOOKUPS, *REMOVED], f"Done. {OFFER}")]
    assert judged(PolicyValid(), convo(IDENTIFIED, *turns))[:2] == (FAIL, "bags_removed")
