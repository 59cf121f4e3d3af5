"""A flight said of a reservation must be that reservation's (``no_fabrication``,
``domains/airline/fabrication.py``, ``flight_of_another_reservation``).

A customer with two reservations: a sentence naming one of them and a flight of the other
("Reservation Z7GOZK flies HAT001", HAT001 being K67C4W's) lends one booking's flight to the
other. It passed: the flight number had been returned, and nothing held it to the reservation
it was said of (a known limit until 2026-12-06). A flight a search or a flight lookup returned
may be proposed for the reservation ("I can move Z7GOZK to HAT001"), so it is left alone, as
is a flight the reservation held before a change.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.airline.checks import CallRecord
from domains.airline.data_files import bundled_database
from domains.airline.fabrication import Evidence
from tests.test_airline_binding import PROPERTY, problems

pytestmark = pytest.mark.checkers_meta

FORMS = (
    "Reservation {r} includes flight {f}.",
    "Your booking {r} is on {f}.",
    "In reservation {r}, you fly {f} on May 5.",
    "{r}: {f} from JFK to LAX, economy.",
    "I see {f} in your reservation {r}.",
)
"""How an agent says a flight is one reservation's."""

IDS = ("Z7GOZK", "K67C4W", "4WQ150", "MDCLV9", "3JA7XV", "PEP4E0")


def returned(reservation: dict[str, Any], name: str = "get_reservation_details") -> CallRecord:
    db = bundled_database()
    return CallRecord(1, 0, name, {}, None, True, reservation, True, db, db)


def reservation(rid: str, *numbers: str) -> dict[str, Any]:
    return {"reservation_id": rid, "flights": [{"flight_number": n} for n in numbers]}


def two_bookings(mine: str, other: str, a: str, b: str) -> Evidence:
    """Evidence once reservation ``mine`` (flight ``a``) and ``other`` (flight ``b``) were
    returned."""
    evidence = Evidence()
    evidence.take_call(returned(reservation(mine, a)))
    evidence.take_call(returned(reservation(other, b)))
    return evidence


ids = st.lists(st.sampled_from(IDS), min_size=2, max_size=2, unique=True)
flights = st.lists(st.integers(0, 999), min_size=2, max_size=2, unique=True).map(
    lambda ns: [f"HAT{n:03d}" for n in ns]
)


@PROPERTY
@given(pair=ids, numbers=flights, form=st.sampled_from(FORMS))
def test_a_flight_said_of_a_reservation_is_that_reservations(
    pair: list[str], numbers: list[str], form: str
) -> None:
    (mine, other), (a, b) = pair, numbers
    evidence = two_bookings(mine, other, a, b)
    assert problems(form.format(r=mine, f=a), evidence) == []
    assert problems(form.format(r=other, f=b), evidence) == []
    assert problems(form.format(r=mine, f=b), evidence) == ["flight_of_another_reservation"]
    assert problems(form.format(r=other, f=a), evidence) == ["flight_of_another_reservation"]


@PROPERTY
@given(pair=ids, numbers=flights, form=st.sampled_from(FORMS))
def test_a_flight_a_search_returned_may_be_said_with_any_reservation(
    pair: list[str], numbers: list[str], form: str
) -> None:
    """A proposal: "I can move Z7GOZK to HAT001" after a search returned HAT001."""
    (mine, other), (a, b) = pair, numbers
    evidence = two_bookings(mine, other, a, b)
    evidence.take_call(returned([{"flight_number": b, "status": "available"}], "search"))
    assert problems(form.format(r=mine, f=b), evidence) == []


def test_a_flight_the_reservation_held_before_a_change_is_its_own() -> None:
    evidence = two_bookings("Z7GOZK", "K67C4W", "HAT001", "HAT002")
    evidence.take_call(returned(reservation("Z7GOZK", "HAT003")))
    evidence.take_call(returned(reservation("K67C4W", "HAT001", "HAT002")))
    assert problems("Reservation Z7GOZK no longer includes HAT001.", evidence) == []


def test_a_sentence_naming_both_reservations_binds_no_flight_to_either() -> None:
    evidence = two_bookings("Z7GOZK", "K67C4W", "HAT001", "HAT002")
    said = "Z7GOZK flies HAT001 and K67C4W flies HAT002."
    assert problems(said, evidence) == []
