"""Two claims ``no_fabrication`` bound to nothing (``domains/airline/fabrication.py``), each a
known limit until 2026-12-06.

**A status the customer said of no flight.** "My flight was cancelled" stood in for any flight
no tool gave a status of, so after it "HAT188 was cancelled" and "HAT207 was cancelled" both
passed for a reservation of the two, as did a flight of no reservation of the customer's: with
two flights the customer's words do not say which was cancelled (a status they did not say,
"HAT207 was delayed", already failed). Now such a status supports that status of
the one flight "my flight" can be (:meth:`Evidence.customers_flight`): the only flight of the
reservations the conversation is about, or the only one of them the customer's words name (its
number, its date, its origin before its destination). An agent's sentence naming no flight
("Your flight was cancelled") may still repeat it.

**A reservation referred back to.** "Z7GOZK is a one-way trip. It flies HAT137." bound HAT137 to
no reservation, so a flight of another reservation said of Z7GOZK passed. Now a sentence naming
no reservation that opens with a word for one ("It", "This reservation", "That booking", "The
reservation") is of the reservation the sentence before named, when it named exactly one.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.airline.fabrication import Evidence
from domains.airline.models import NoFabrication
from domains.airline.service import AIRPORTS
from tests.test_airline_binding import PROPERTY, problems
from tests.test_airline_flight_of_reservation import IDS, returned
from tests.test_airline_heard_statuses import UNNAMED_FORMS, words
from tests.test_airline_policy import FAIL, IDENTIFIED, PASS, convo, lookup, outcome

pytestmark = pytest.mark.checkers_meta

MADE_UP = (FAIL, "unsupported_status")
OTHERS = (FAIL, "flight_of_another_reservation")
SUPPORTED = (PASS, "all_statements_supported")


def judged(*turns: tuple[str, list[Any], str]) -> Any:
    """The verdict of ``no_fabrication`` on Olivia's conversation (Z7GOZK flies HAT188 EWR-IAH
    and HAT207 IAH-EWR, both on 2024-05-28; K67C4W flies HAT137 LAS-MCO on 2024-05-17)."""
    return outcome(NoFabrication(), convo(IDENTIFIED, *turns))


# --- a status the customer said of no flight -----------------------------------------------------


@pytest.mark.parametrize(
    ("said", "looked_up", "reply", "expected"),
    [
        # one flight in the reservation: "my flight" is it
        ("My flight was cancelled, I need a refund.", "K67C4W",
         "Your flight HAT137 was cancelled, so you get a full refund.", SUPPORTED),
        ("My flight was cancelled, I need a refund.", "K67C4W",
         "HAT137 was delayed.", MADE_UP),
        # two flights: the customer's words say neither which was cancelled nor any delay
        ("My flight was cancelled, I need a refund.", "Z7GOZK",
         "I see HAT207 was delayed and HAT188 was cancelled.", MADE_UP),
        ("My flight was cancelled, I need a refund.", "Z7GOZK", "HAT188 was cancelled.", MADE_UP),
        # ... unless they name its route, or its number in another sentence
        ("My flight from EWR to IAH was cancelled.", "Z7GOZK",
         "HAT188 was cancelled.", SUPPORTED),
        ("My flight from Newark to Houston was cancelled.", "Z7GOZK",
         "HAT207 was cancelled.", MADE_UP),
        ("I fly HAT207 back. My flight was cancelled.", "Z7GOZK",
         "HAT207 was cancelled.", SUPPORTED),
        # the agent's "your flight" repeats what the customer said
        ("My flight was cancelled, I need a refund.", "Z7GOZK",
         "I'm sorry your flight was cancelled.", (PASS, "no_statements")),
        # "It" after a flight named is that flight
        ("My flight was cancelled, I need a refund.", "Z7GOZK",
         "HAT207 is your return. It was cancelled.", MADE_UP),
    ],
)  # fmt: skip
def test_a_status_of_no_flight_is_of_the_one_flight_it_can_be(
    said: str, looked_up: str, reply: str, expected: Any
) -> None:
    assert judged((said, [lookup(looked_up)], reply)) == expected


def test_the_reservation_the_customer_named_is_the_one_the_conversation_is_about() -> None:
    """Both of Olivia's reservations looked up: K67C4W, which the customer named, holds one."""
    said = "My flight was cancelled. It's reservation K67C4W."
    calls = [lookup("Z7GOZK"), lookup("K67C4W")]
    assert judged((said, calls, "HAT137 was cancelled.")) == SUPPORTED
    unnamed = "My flight was cancelled."
    assert judged((unnamed, calls, "HAT137 was cancelled.")) == MADE_UP


STATUSES = ("cancelled", "delayed", "on time")
DATE_FORMS = ("May {d}", "2024-05-{d:02d}", "5/{d}", "the {d}th of May", "May {d}th")
ROUTE_FORMS = ("from {o} to {d}", "{o} to {d}", "{o} - {d}", "going from {o} to {d}")
NAMED_FORMS = (
    "My flight {w} was {x}.",
    "The flight {w} is {x}, what can I do?",
    "Hi, my flight {w} was {x}. Can you help?",
)
"""How a customer says a status of the flight its date or route names ({w})."""
AGENT_FORMS = ("{f} is {x}.", "I see that {f} was {x}.", "Since {f} is {x}, I can help.")


def reservation(rid: str, *legs: tuple[str, str, str, int]) -> dict[str, Any]:
    """A reservation record of ``legs``: (flight number, origin, destination, day of May)."""
    return {
        "reservation_id": rid,
        "flights": [
            {"flight_number": n, "origin": o, "destination": d, "date": f"2024-05-{day:02d}"}
            for n, o, d, day in legs
        ],
    }


def place(code: str, by_city: bool) -> str:
    return AIRPORTS[code] if by_city else code


numbers = st.lists(st.integers(0, 999), min_size=3, max_size=3, unique=True).map(
    lambda ns: [f"HAT{n:03d}" for n in ns]
)
airports = st.lists(st.sampled_from(sorted(AIRPORTS)), min_size=3, max_size=3, unique=True)
days = st.lists(st.integers(1, 28), min_size=2, max_size=2, unique=True)
TRIP = {"flights": numbers, "places": airports, "on": days, "status": st.sampled_from(STATUSES)}
"""Three flights, three airports, two days and the status the customer gave."""


@PROPERTY
@given(
    **TRIP,
    other=st.sampled_from(STATUSES),
    word=st.integers(0, 9),
    form=st.sampled_from(UNNAMED_FORMS),
    reply=st.sampled_from(AGENT_FORMS),
    rid=st.sampled_from(IDS),
    heard_first=st.booleans(),
)
def test_a_status_of_no_flight_supports_only_the_one_flight_it_can_be(
    flights: list[str],
    places: list[str],
    on: list[int],
    status: str,
    other: str,
    word: int,
    form: str,
    reply: str,
    rid: str,
    heard_first: bool,
) -> None:
    """Said of no flight: with one flight in the reservation, that status of it passes and
    another status does not, nor the status of a flight outside it; with two, neither flight
    may be said to have it (nor any other status), while "your flight" still may."""
    (a, b, outside), (x, y, z) = flights, places
    said = words(status)
    heard = form.format(x=said[word % len(said)])

    def evidence(*legs: tuple[str, str, str, int]) -> Evidence:
        """The customer's words, before or after the lookup and a search returning ``outside``
        (no status of any flight returned)."""
        found = Evidence()
        if heard_first:
            found.take_heard(heard)
        found.take_call(returned(reservation(rid, *legs)))
        found.take_call(returned([{"flight_number": outside, "origin": x}], "search"))
        if not heard_first:
            found.take_heard(heard)
        return found

    one = evidence((a, x, y, on[0]))
    assert problems(reply.format(f=a, x=status), one) == []
    if other != status:
        assert "unsupported_status" in problems(reply.format(f=a, x=other), one)
    assert "unsupported_status" in problems(reply.format(f=outside, x=status), one)
    two = evidence((a, x, y, on[0]), (b, y, z, on[1]))
    for number in (a, b):
        assert "unsupported_status" in problems(reply.format(f=number, x=status), two)
    swapped = "delayed" if status != "delayed" else "cancelled"
    both = f"I see {b} was {swapped} and {a} was {status}."
    assert "unsupported_status" in problems(both, two)
    assert problems(f"Your flight is {status}.", two) == []


@PROPERTY
@given(
    **TRIP,
    by=st.sampled_from(("date", "route", "route by city")),
    date_form=st.sampled_from(DATE_FORMS),
    route_form=st.sampled_from(ROUTE_FORMS),
    form=st.sampled_from(NAMED_FORMS),
    reply=st.sampled_from(AGENT_FORMS),
    which=st.integers(0, 1),
)
def test_a_status_of_the_flight_the_customers_words_name_supports_it_alone(
    flights: list[str],
    places: list[str],
    on: list[int],
    status: str,
    by: str,
    date_form: str,
    route_form: str,
    form: str,
    reply: str,
    which: int,
) -> None:
    """Of two flights, the one whose date or route (origin before destination) the customer
    named has the status said; the other does not."""
    (a, b, _), (x, y, z) = flights, places
    legs = [(a, x, y, on[0]), (b, y, z, on[1])]
    _, origin, destination, day = legs[which]
    if by == "date":
        w = "on " + date_form.format(d=day)
    else:
        city = by == "route by city"
        w = route_form.format(o=place(origin, city), d=place(destination, city))
    evidence = Evidence()
    evidence.take_call(returned(reservation("Z7GOZK", *legs)))
    evidence.take_heard(form.format(w=w, x=words(status)[0]))
    mine, theirs = legs[which][0], legs[1 - which][0]
    assert problems(reply.format(f=mine, x=status), evidence) == []
    assert "unsupported_status" in problems(reply.format(f=theirs, x=status), evidence)


# --- a reservation referred back to --------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Z7GOZK is a one-way trip. It flies HAT137.", OTHERS),
        ("Z7GOZK is a one-way trip. It flies HAT188.", SUPPORTED),
        ("Reservation K67C4W is one way. This reservation includes HAT207.", OTHERS),
        ("Your booking Z7GOZK is in economy. That booking is on HAT137 from LAS.", OTHERS),
        # each sentence after refers back to the same reservation
        ("Z7GOZK is a one-way trip. It flies HAT188. It also flies HAT137.", OTHERS),
        # two reservations named before: "It" says neither
        ("You hold Z7GOZK and K67C4W. It flies HAT137.", SUPPORTED),
        # not opening with a word for the reservation
        ("Z7GOZK is a one-way trip. Flight HAT137 is on May 17.", SUPPORTED),
    ],
)
def test_a_sentence_referring_back_is_of_the_reservation_named_before(
    reply: str, expected: Any
) -> None:
    calls = [lookup("Z7GOZK"), lookup("K67C4W")]
    assert judged(("Show me my bookings.", calls, reply)) == expected


OPENERS = (
    "{r} is a round trip.",
    "I found your reservation {r}.",
    "Your booking {r} is in economy class.",
    "Reservation {r}: 2 passengers.",
)
"""A sentence naming one reservation and no flight."""
REFERRING = (
    "It flies {f}.",
    "It includes flight {f} on May 5.",
    "This reservation is on {f}.",
    "That booking has {f} from JFK.",
    "The reservation includes {f}.",
    "It's {f} from JFK to LAX.",
    "Its flight is {f}.",
)
"""A next sentence referring back to it, naming a flight."""


@PROPERTY
@given(
    pair=st.lists(st.sampled_from(IDS), min_size=2, max_size=2, unique=True),
    flights=numbers,
    opener=st.sampled_from(OPENERS),
    then=st.sampled_from(REFERRING),
)
def test_a_flight_said_of_the_reservation_referred_back_to_is_its_own(
    pair: list[str], flights: list[str], opener: str, then: str
) -> None:
    """Its own flight passes, a flight of another reservation does not, nor does one a search
    returned become another's (a proposal: "It can fly HAT..." passes)."""
    (mine, other), (a, b, found) = pair, flights
    evidence = Evidence()
    evidence.take_call(returned({"reservation_id": mine, "flights": [{"flight_number": a}]}))
    evidence.take_call(returned({"reservation_id": other, "flights": [{"flight_number": b}]}))
    evidence.take_call(returned([{"flight_number": found, "status": "available"}], "search"))
    first = opener.format(r=mine)
    assert problems(f"{first} {then.format(f=a)}", evidence) == []
    assert problems(f"{first} {then.format(f=found)}", evidence) == []
    assert problems(f"{first} {then.format(f=b)}", evidence) == ["flight_of_another_reservation"]
    two = f"{opener.format(r=mine)} {opener.format(r=other)}"
    assert problems(f"{two} {then.format(f=b)}", evidence) == []


def test_an_amount_said_of_the_reservation_referred_back_to_is_its_own() -> None:
    """The same binding holds an amount: "It cost $500" of Z7GOZK is not K67C4W's $500."""
    evidence = Evidence()
    for rid, number, paid in (("Z7GOZK", "HAT001", 303), ("K67C4W", "HAT002", 500)):
        record = {
            "reservation_id": rid,
            "flights": [{"flight_number": number}],
            "payment_history": [{"payment_id": "credit_card_1", "amount": paid}],
        }
        evidence.take_call(returned(record))
    assert problems("Z7GOZK is a round trip. It cost $303.", evidence) == []
    assert problems("Z7GOZK is a round trip. It cost $500.", evidence) == [
        "amount_of_another_reservation"
    ]
