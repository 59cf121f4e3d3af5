"""A yes answers the agent's last question, in both customer-service domains.

A listing may be followed by a question that asks something other than going ahead ("Before we
do that, would you like me to check the camera as well?") or that offers another action beside
the write ("..., or would you rather cancel it?"): the customer's yes answers that question, so
it confirms no write (:func:`checkers.confirmation.asks_something_else`,
:func:`checkers.confirmation.other_action_offered`). This property holds every domain that
builds on the core to that, for any such question after its honest listing, and holds that a
question asking to go ahead keeps the yes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from tests.listing_slots import YESES
from tests.test_airline_policy import LISTED
from tests.test_orders_confirmation import LISTING
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
    st.sampled_from(("check", "look into", "verify", "send you", "search for", "review")),
    st.sampled_from(("your other orders", "the status of your refund", "other options")),
)
"""Questions offering to do something that is no write."""


def _choices(domain: str) -> st.SearchStrategy[str]:
    return st.builds(
        lambda asked, joint, action, what: f"{asked.rstrip('?')}, or {joint}{action} {what}?",
        st.sampled_from(GO_AHEAD[:4]),
        st.sampled_from(("", "would you like to ", "should I ", "do you want me to ")),
        st.sampled_from(OTHER_ACTIONS[domain]),
        st.sampled_from(("it", "the order", "your reservation", "this one")),
    )


@pytest.mark.parametrize("domain", sorted(DOMAINS))
@pytest.mark.parametrize("question", GO_AHEAD)
def test_a_yes_to_a_question_asking_to_go_ahead_confirms(domain: str, question: str) -> None:
    assert DOMAINS[domain]("Yes.", None, f"{BODIES[domain]} {question}") is Outcome.PASS


@settings(meta_settings("ci"), max_examples=80)
@given(domain=st.sampled_from(sorted(DOMAINS)), agreed=YESES, data=st.data())
def test_a_yes_to_another_question_or_a_choice_never_confirms(
    domain: str, agreed: str, data: st.DataObject
) -> None:
    question = data.draw(st.one_of(OFFERS, _choices(domain)), label="question")
    found = DOMAINS[domain](agreed, None, f"{BODIES[domain]} {question}")
    assert found is not Outcome.PASS, (agreed, question)
