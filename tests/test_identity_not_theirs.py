"""A value the customer says is not theirs identifies no one: someone else's ("My wife's email
is X", "I'm calling for my friend X"), denied after it ("X is not my email"), asked about ("Is
X in your system?") or in a counterfactual ("If my email were X"). A lookup by it is a guess
(``id_not_from_customer``), in orders and in airline alike (both read the customer's words
through :func:`checkers.agent_conduct.values_given`).

Found by a hostile review (2026-12-07): each of these identified the customer; only a denial
before the value ("My email is not X") was read. The property was seen failing on the code
before.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_airline_id_from_customer import looked_up_after as airline_looked_up_after
from tests.test_airline_id_from_customer import verdict as airline_verdict
from tests.test_airline_policy import OLIVIA
from tests.test_orders_id_from_customer import EMAIL, GUESSED, PASSED, by_name, looked_up_after
from tests.test_orders_id_from_customer import verdict as orders_verdict

NOT_THEIRS = (
    "My {who}'s {noun} is {value}; can you check it?",
    "I'm asking for my {who}, their {noun} is {value}.",
    "I'm calling for my {who} {value}.",
    "My {who} is {value}. I'm helping out.",
    "{value} is not my {noun}.",
    "{value} isn't mine.",
    "Is {value} in your system?",
    "Is {value} a valid {noun}?",
    "If my {noun} were {value}, could you find me?",
    "Her {noun} is {value}.",
    "{value} is my {who}'s {noun}.",
    "{value} belongs to my {who}.",
    "Is there an account under {value}?",
    "Had my {noun} been {value}, would you find me?",
)
"""Frames saying ``{value}`` is no value of the customer's own."""
THEIRS = (
    "My {noun} is {value}.",
    "It's {value}, and my {who} needs help with an order too.",
    "{value} — that's my {noun}.",
    "My {noun} is {value}; my {who}'s account is separate.",
    "Sure: {value}",
    "My account's {noun} is {value}.",
    "My {noun} is {value}, the one on file.",
)
"""Frames giving ``{value}`` as the customer's own, someone else beside it."""
WHO = st.sampled_from(("wife", "friend", "husband", "mom", "neighbour", "colleague", "son"))


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(NOT_THEIRS), st.sampled_from(THEIRS), WHO, st.booleans())
def test_a_value_said_not_to_be_theirs_identifies_no_one_and_their_own_does(
    not_theirs: str, theirs: str, who: str, airline: bool
) -> None:
    value, noun = (OLIVIA, "user id") if airline else (EMAIL, "email")
    judge, looked_up = (
        (airline_verdict, airline_looked_up_after) if airline else (orders_verdict, looked_up_after)
    )
    said = not_theirs.format(who=who, noun=noun, value=value)
    assert judge(looked_up(said)) == GUESSED, said
    given_as_theirs = theirs.format(who=who, noun=noun, value=value)
    assert judge(looked_up(given_as_theirs)) == PASSED, given_as_theirs


@pytest.mark.parametrize(
    "said",
    [
        "My neighbour is Noah Brown, zip 80279. I'm his friend.",
        "If my name were Noah Brown, zip 80279, what would you find?",
    ],
)
def test_a_name_said_as_someone_elses_identifies_no_one(said: str) -> None:
    assert orders_verdict(looked_up_after(said, by_name())) == GUESSED
