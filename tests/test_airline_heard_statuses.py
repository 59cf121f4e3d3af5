"""A flight status the customer said, bound to the flight it was said of (``no_fabrication``,
``domains/airline/fabrication.py``, :meth:`Evidence.take_heard`).

Where no tool returned a flight's status, what the customer said stands in: an agent may repeat
"your flight was cancelled" after the customer said so. A status the customer said of one
flight by number was taken as said of every flight, so "HAT207 has been cancelled" passed once
the customer had said "My flight HAT188 was cancelled" (a known limit until 2026-12-06). Now a
customer's sentence naming flights binds each status to the flights it is said of, as an
agent's sentence does. A status said of no flight by number stood in for any flight ("My
flight was cancelled" supported "HAT002 was delayed"; a known limit until 2026-12-06); now it
stands in for the one flight "my flight" can be (``tests/test_airline_unbound_claims.py``), and
an agent's sentence naming no flight may repeat it ("Your flight was cancelled").
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.airline.fabrication import STATUS_NOUNS, Evidence
from tests.test_airline_binding import PROPERTY, SAID, problems

pytestmark = pytest.mark.checkers_meta

CUSTOMER_FORMS = (
    "My flight {a} was {x}.",
    "Hi, flight {a} is {x}, what can I do?",
    "I'm booked on {a} and it is {x}.",
    "{a} is {x} according to the app.",
    "The app says {a} is {x}. Can you help me rebook?",
)
"""How a customer says a status of one flight by its number."""

UNNAMED_FORMS = (
    "My flight was {x}.",
    "Hi, my flight is {x}, what can I do?",
    "The app says my flight is {x}. Can you help me rebook?",
)
"""How a customer says a status of no flight by number."""

AGENT_FORMS = ("{f} is {x}.", "I see that {f} is {x}.", "Since {f} is {x}, I can help.")
"""How an agent repeats a status of one flight."""


def heard(text: str, *known: str) -> Evidence:
    """Evidence once the customer said ``text``, with flights ``known`` (no status of any
    returned by a tool)."""
    evidence = Evidence()
    for number in known:
        evidence.flight(number)
        evidence.ids.add(number)
    evidence.take_heard(text)
    return evidence


def words(status: str) -> list[str]:
    """Words saying ``status`` after "is" or "was" (not a noun: "a delay")."""
    return [
        w.removeprefix("is ")
        for w in SAID[status]
        if not w.startswith(("are ", "was ", "were ", "be ", "been ")) and w not in STATUS_NOUNS
    ]


flight_pairs = st.lists(st.integers(0, 999), min_size=2, max_size=2, unique=True).map(
    lambda ns: [f"HAT{n:03d}" for n in ns]
)
statuses = st.sampled_from(["cancelled", "delayed", "on time"])


@PROPERTY
@given(
    pair=flight_pairs,
    status=statuses,
    form=st.sampled_from(CUSTOMER_FORMS),
    reply=st.sampled_from(AGENT_FORMS),
    word=st.integers(0, 9),
)
def test_a_status_said_of_one_flight_supports_it_for_that_flight_alone(
    pair: list[str], status: str, form: str, reply: str, word: int
) -> None:
    mine, other = pair
    said = words(status)
    x = said[word % len(said)]
    evidence = heard(form.format(a=mine, x=x), mine, other)
    assert "unsupported_status" not in problems(reply.format(f=mine, x=x), evidence)
    assert "unsupported_status" in problems(reply.format(f=other, x=x), evidence)


@PROPERTY
@given(
    pair=flight_pairs,
    status=statuses,
    form=st.sampled_from(UNNAMED_FORMS),
    reply=st.sampled_from(AGENT_FORMS),
    word=st.integers(0, 9),
)
def test_a_status_said_of_no_flight_by_number_stands_in_for_no_flight_it_may_not_be(
    pair: list[str], status: str, form: str, reply: str, word: int
) -> None:
    """Nothing says which of two flights is the customer's: the status supports neither said
    by number, and still the agent's "your flight" repeating it."""
    said = words(status)
    x = said[word % len(said)]
    evidence = heard(form.format(x=x), *pair)
    for number in pair:
        assert "unsupported_status" in problems(reply.format(f=number, x=x), evidence)
    evidence.reservations["Z7GOZK"] = pair
    evidence.current = "Z7GOZK"
    assert problems(f"Your flight is {x}.", evidence) == []


@pytest.mark.parametrize(
    ("customer", "reply", "supported"),
    [
        ("HAT188 was cancelled and HAT207 is delayed.", "HAT207 is delayed.", True),
        ("HAT188 was cancelled and HAT207 is delayed.", "HAT207 is cancelled.", False),
        ("HAT188 was cancelled and HAT207 is delayed.", "HAT188 is cancelled.", True),
        # said of some of a list, or by contrast: of no flight it names
        ("One of HAT188 and HAT207 is delayed.", "HAT207 is delayed.", False),
        ("Unlike HAT207, HAT188 is on time.", "HAT207 is on time.", False),
        # the next sentence names no flight: of the one flight the customer named
        ("I'm on HAT188. My flight was cancelled!", "HAT207 is cancelled.", False),
        ("I'm on HAT188. My flight was cancelled!", "HAT188 is cancelled.", True),
    ],
)
def test_a_customers_sentence_is_bound_as_an_agents(
    customer: str, reply: str, supported: bool
) -> None:
    evidence = heard(customer, "HAT188", "HAT207")
    assert ("unsupported_status" not in problems(reply, evidence)) == supported
