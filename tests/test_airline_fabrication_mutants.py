"""Airline's ``no_fabrication`` reading, held where mutation testing found it untested.

``checkers mutate airline --module domains/airline/fabrication.py`` changed each operator,
number and branch of the functions that decide a verdict (an amount, a time, a bound on a time,
a status said of a flight, of a group or of no flight by number); every change that no test
noticed is held here by what the reading must say of a sentence a person reads the same way,
through :func:`domains.airline.fabrication.sentence_problems` after a search returned a few
flights (:func:`tests.test_airline_binding.told`).
Marked ``checkers_meta``, so the mutation run tries every mutant against these tests.
"""

from __future__ import annotations

import pytest

from domains.airline.fabrication import Evidence, sentence_problems
from tests.test_airline_binding import Flight, problems, told
from tests.test_airline_flight_of_reservation import returned, two_bookings

pytestmark = pytest.mark.checkers_meta

SEARCHED = [
    Flight("HAT001", 100, 8, "on time"),
    Flight("HAT002", 500, 14, "delayed"),
    Flight("HAT003", 600, 21, "cancelled"),
]
"""A search's flights: HAT001 at $100 in economy, leaving at 08:00, on time; HAT002 at $500,
leaving at 14:00, delayed; HAT003 at $600, leaving at 21:00, cancelled. $500 is five of
HAT001's fares, $600 six (more passengers than one reservation may hold)."""


def found(reply: str) -> list[str]:
    """The reason codes of what ``reply`` states unsupported after the search."""
    return problems(reply, told(SEARCHED))


# --- amounts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "HAT001 is $500 for your party of five.",
        "Five passengers on HAT001 pay $500 in all.",
    ],
)
def test_a_flights_fare_for_five_passengers_is_its_own_not_anothers(reply: str) -> None:
    """Up to five passengers' fares are the flight's own amount, even when the same figure is
    another flight's fare."""
    assert found(reply) == []


def test_a_zero_fee_said_beside_a_cabin_is_no_fare_of_another_cabin() -> None:
    """$0 is nothing to pay, not a fare: said beside a cabin whose fare no tool returned, it
    says no other cabin's price."""
    assert found("Business class on HAT001 has no cancellation fee ($0).") == []


def test_six_fares_of_a_flight_are_no_fare_of_it() -> None:
    """No reservation holds six passengers, so $600 said of HAT001 is HAT003's fare lent to
    it, not six of HAT001's."""
    assert found("HAT001 is $600.") == ["amount_of_another_flight"]


def _reasons(reply: str, flights: list[Flight]) -> list[str]:
    """What ``reply`` states unsupported after a search returned ``flights``, as the reasons
    say it."""
    return [what for _, what in sentence_problems(reply, told(flights))[0]]


@pytest.mark.parametrize(
    ("sharing", "named"),
    [(3, "HAT002, HAT003, HAT004"), (4, "HAT002, HAT003, HAT004")],
)
def test_another_flights_fare_names_the_flights_it_is_a_fare_of(sharing: int, named: str) -> None:
    """The reason names each flight whose fare the amount is; of more than three, the first
    three, to keep a reason short."""
    flights = [Flight("HAT001", 120, 8, "on time")] + [
        Flight(f"HAT00{n}", 500, 8 + n, "delayed") for n in range(2, 2 + sharing)
    ]
    assert _reasons("HAT001 is $500.", flights) == [
        f"amount $500 is stated about flight HAT001, but it is a price of {named}"
    ]


# --- a flight said of a reservation --------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "Reservation Z7GOZK flies HAT001 and HAT002.",
        "Reservation Z7GOZK flies HAT002 and HAT001.",
    ],
)
def test_each_flight_said_of_a_reservation_is_held_to_it(reply: str) -> None:
    """Its own flight said first does not excuse another reservation's said after it."""
    evidence = two_bookings("Z7GOZK", "K67C4W", "HAT001", "HAT002")
    assert problems(reply, evidence) == ["flight_of_another_reservation"]


def test_a_flight_the_customer_named_may_be_proposed_for_a_reservation() -> None:
    """A flight no reservation holds is no other reservation's: "move Z7GOZK to HAT009", the
    flight the customer asked for, lends nothing of one booking to another."""
    evidence = two_bookings("Z7GOZK", "K67C4W", "HAT001", "HAT002")
    evidence.take_heard("Can I take HAT009 instead?")
    assert problems("I can move reservation Z7GOZK to HAT009, as you asked.", evidence) == []


# --- a time said as a bound ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("HAT001 departs after 8 AM.", ["unsupported_time"]),
        ("HAT001 departs later than 8 AM.", ["unsupported_time"]),
        ("HAT001 departs no earlier than 8 AM.", []),
        ("HAT001 departs before 8 AM.", ["unsupported_time"]),
        ("HAT001 departs earlier than 8 AM.", ["unsupported_time"]),
        ("HAT001 departs by 8 AM.", []),
        ("HAT001 departs no later than 8 AM.", []),
        ("HAT001 departs after 7:59 AM.", []),
        ("HAT001 departs before 8:01 AM.", []),
    ],
)
def test_a_bound_at_the_flights_own_time(reply: str, expected: list[str]) -> None:
    """HAT001 leaves at 08:00: "after" and "before" 8 AM exclude it, "no earlier than", "by"
    and "no later than" 8 AM include it."""
    assert found(reply) == expected


def _leaving_at(time: str) -> Evidence:
    """What the agent was told once a search returned HAT001 leaving at ``time``."""
    evidence = Evidence()
    record = {"flight_number": "HAT001", "scheduled_departure_time_est": f"{time}:00"}
    evidence.take_call(returned([record], "search_direct_flight"))
    return evidence


@pytest.mark.parametrize(
    ("time", "reply", "expected"),
    [
        ("06:45", "HAT001 departs after 6:30 AM.", []),
        ("06:45", "HAT001 departs before 6:30 AM.", ["unsupported_time"]),
        ("06:15", "HAT001 departs before 6:45 AM.", []),
        ("06:15", "HAT001 departs after 6:45 AM.", ["unsupported_time"]),
        ("13:50", "HAT001 departs after 1:45 PM.", []),
        ("14:00", "HAT001 departs before 1:59 PM.", ["unsupported_time"]),
    ],
)
def test_a_bound_within_the_hour_of_the_flights_time(
    time: str, reply: str, expected: list[str]
) -> None:
    """Minutes count as minutes of their hour: 06:45 is after 6:30 and not before it."""
    assert problems(reply, _leaving_at(time)) == expected


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("HAT001 departs after 8 AM.", "flight HAT001 has no departure time after 8:00"),
        (
            "HAT001 is scheduled after 8 AM.",
            "flight HAT001 has no departure or arrival time after 8:00",
        ),
    ],
)
def test_a_bound_no_time_meets_names_the_field_it_was_said_of(reply: str, reason: str) -> None:
    """The reason says which of the flight's times the bound was held to: the one its words
    name, else either."""
    assert _reasons(reply, SEARCHED) == [reason]


# --- a status said of a flight of a cancelled booking --------------------------------------------


def _booking_cancelled() -> Evidence:
    """What the agent was told once reservation Z7GOZK, flying HAT001, came back cancelled."""
    evidence = Evidence()
    cancelled = {
        "reservation_id": "Z7GOZK",
        "status": "cancelled",
        "flights": [{"flight_number": "HAT001"}],
    }
    evidence.take_call(returned(cancelled))
    return evidence


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Your reservation on HAT001 is cancelled.", []),
        ("Your booking for HAT001 has been cancelled.", []),
        ("HAT001 was cancelled by the airline.", ["unsupported_status"]),
    ],
)
def test_a_cancelled_booking_is_said_cancelled_only_as_a_booking(
    reply: str, expected: list[str]
) -> None:
    """The booking is cancelled, the flight is not: "your reservation on HAT001 is cancelled" is
    what the lookup said; "HAT001 was cancelled by the airline" is not."""
    assert problems(reply, _booking_cancelled()) == expected


def test_a_status_no_tool_returned_names_what_the_tools_returned() -> None:
    assert _reasons("HAT001 is delayed.", SEARCHED) == [
        "flight HAT001 is said to be 'delayed'; the tools returned on time"
    ]
