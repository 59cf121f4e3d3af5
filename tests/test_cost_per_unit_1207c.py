"""A listing that says the write's total per a unit the write has several of ("$100 per bag" of
two bags costing 100 in all, "$218 per flight" of an upgrade of two flights costing 218, "$100
each") states another cost, whatever the count of passengers; and one that says the total both
per such a unit and plainly contradicts itself: ``confirmed_before_writing`` fails with
``cost_not_listed`` (:func:`checkers.charges_said.cost_stated`, by the write's units of each
kind). The total said plainly, per a unit the write has one of ("$218 per passenger" of one
passenger, "$50 each" of one bag), and the total shared evenly said per unit ("$50 per bag" of
two bags, "$319 per passenger" of three) still state it.

Found by a hostile review (2026-12-07): "Adding 2 checked bags costs $100 per bag" before two
bags costing 100 in all was confirmed (only a count of passengers was read), and so was "$957 in
total, that is $957 per passenger" of three passengers (the plain total outweighed the per
passenger one). The properties were seen failing on the code before; "$50 per bag" of two bags
was a false fail there.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_policy import (
    FAIL,
    IDENTIFIED,
    PASS,
    UPGRADE,
    bags,
    convo,
    flights,
    lookup,
    outcome,
)

PAY = ", paid with your credit card. Shall I proceed?"
BAG_LISTING = "Adding {n} checked bag{s} to THY2DG costs {cost}" + PAY
UPGRADE_LISTING = "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs {cost}" + PAY
"""Z7GOZK: one passenger, two flights, 218 to economy. THY2DG: one passenger, two flights, one
free bag: each bag added costs 50."""
THREE_LISTING = "Upgrading K67C4W to business on HAT137 costs {cost}" + PAY
THREE = flights("K67C4W", "business", [("HAT137", "2024-05-17")], "credit_card_9969263")
"""K67C4W: three passengers on one flight, 957 in all to business, 319 each."""
PER_BAG = ("per bag", "a bag", "/bag", "each", "per checked bag", "apiece", "for each bag")
PER_FLIGHT = ("per flight", "per segment", "each", "per leg", "a flight", "/flight")
PER_PASSENGER = ("per passenger", "per person", "a head", "for each passenger", "per traveler")
PLAINLY = ("{cost}", "{cost} in total", "{cost} altogether", "a total of {cost}")


def _confirmed(reservation: str, listing: str, write: dict[str, Any]) -> object:
    turns = convo(
        IDENTIFIED, ("Change it.", [lookup(reservation)], listing), ("Yes.", [write], "Ok.")
    )
    return outcome(ConfirmedBeforeWriting(), turns)


def _per(amount: int, per: str) -> str:
    return f"${amount}{per if per.startswith('/') else ' ' + per}"


def _bags(n: int, cost: str) -> tuple[str, str, dict[str, Any]]:
    listing = BAG_LISTING.format(n=n, s="s" if n > 1 else "", cost=cost)
    return "THY2DG", listing, bags("THY2DG", 1 + n, n)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 3), st.sampled_from(PER_BAG), st.sampled_from(PER_PASSENGER))
def test_a_bag_writes_total_said_per_bag_of_several_is_not_the_cost(
    n: int, per_bag: str, per_passenger: str
) -> None:
    total = 50 * n
    assert _confirmed(*_bags(n, _per(total, per_bag))) == (FAIL, "cost_not_listed"), per_bag
    assert _confirmed(*_bags(n, _per(50, per_bag))) == (PASS, "confirmed"), per_bag
    assert _confirmed(*_bags(n, _per(total, per_passenger))) == (PASS, "confirmed")
    assert _confirmed(*_bags(1, _per(50, per_bag))) == (PASS, "confirmed"), per_bag


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PER_FLIGHT), st.sampled_from(PER_PASSENGER), st.sampled_from(PLAINLY))
def test_an_upgrades_total_said_per_flight_of_several_is_not_the_cost(
    per_flight: str, per_passenger: str, plainly: str
) -> None:
    def confirmed(cost: str) -> object:
        return _confirmed("Z7GOZK", UPGRADE_LISTING.format(cost=cost), UPGRADE)

    assert confirmed(_per(218, per_flight)) == (FAIL, "cost_not_listed"), per_flight
    assert confirmed(_per(218, per_passenger)) == (PASS, "confirmed"), per_passenger
    assert confirmed(plainly.format(cost="$218")) == (PASS, "confirmed"), plainly


BOTH = (
    "{plainly}, that is {per}",
    "{per} ({plainly})",
    "{per}. Total: {plainly}",
    "{plainly} - {per}",
)
"""The total said plainly and per unit in one listing."""


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(BOTH),
    st.sampled_from(PLAINLY),
    st.sampled_from(PER_PASSENGER),
    st.sampled_from(PER_BAG),
    st.sampled_from(PER_FLIGHT),
)
def test_the_total_said_both_per_unit_of_several_and_plainly_is_not_the_cost(
    both: str, plainly: str, per_passenger: str, per_bag: str, per_flight: str
) -> None:
    three = both.format(plainly=plainly.format(cost="$957"), per=_per(957, per_passenger))
    listing = THREE_LISTING.format(cost=three)
    assert _confirmed("K67C4W", listing, THREE) == (FAIL, "cost_not_listed"), listing
    two_bags = both.format(plainly=plainly.format(cost="$100"), per=_per(100, per_bag))
    assert _confirmed(*_bags(2, two_bags)) == (FAIL, "cost_not_listed"), two_bags
    two_flights = both.format(plainly=plainly.format(cost="$218"), per=_per(218, per_flight))
    listing = UPGRADE_LISTING.format(cost=two_flights)
    assert _confirmed("Z7GOZK", listing, UPGRADE) == (FAIL, "cost_not_listed"), listing
    # the total and what each unit pays of it agree
    agreeing = both.format(plainly=plainly.format(cost="$957"), per=_per(319, per_passenger))
    listing = THREE_LISTING.format(cost=agreeing)
    assert _confirmed("K67C4W", listing, THREE) == (PASS, "confirmed"), listing
    agreeing = both.format(plainly=plainly.format(cost="$100"), per=_per(50, per_bag))
    assert _confirmed(*_bags(2, agreeing)) == (PASS, "confirmed"), agreeing
