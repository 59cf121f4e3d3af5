"""The classes of airline listings judged wrongly in the second hostile review of 2026-12-05
(``tests/test_review_probes_service_1205b.py``), closed by their rules, each with honest
controls and a property generating many forms of the class:

- a booking that buys travel insurance must not be listed as doing without it, in any common
  words ("Travel insurance: not needed / none / skipped", "insurance waived", "| Travel
  insurance | No |"), as one that buys none must not be listed as buying it
  (:func:`domains.airline.insurance_said.said_declined`);
- a flight change must not be listed the other way round: its new flight said as the one
  replaced, or the one it drops as the new one ("HAT056 → HAT188", "from HAT056 to HAT188",
  "Current flight: HAT056" before a change from HAT188 to HAT056:
  :func:`domains.airline.flights_said.said_reversed`);
- a bag count said to change "from 1 to 3" or "1 → 3" states the reservation's count now and its
  total once the write is done (:mod:`domains.airline.listing_counts`);
- a denial stays in its own table cell and line: "| Travel insurance | No |" denies no payment
  method of a later row, and "| Checked bags | 1 (free) |" makes no later total free
  (:func:`checkers.tokens.denied_before`,
  :func:`checkers.tables.bars_blanked`).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_policy import BOOKING, IDENTIFIED, MOVE, bags, convo, flights, judged
from tests.test_review_probes_airline_1205 import BOOK_INS

pytestmark = pytest.mark.checkers_meta

PASS = Outcome.PASS
CARD = "credit_card_9969263"
BAG3 = bags("THY2DG", 3, 2)  # THY2DG has 1 bag: the write adds 2, for 3 in all, $100
BOOK_BAG = BOOKING | {"args": BOOKING["args"] | {"total_baggages": 1}}  # 1 free bag


def _verdict(write: dict[str, Any], listing: str) -> Outcome:
    """The verdict on ``write`` after the agent's ``listing`` and the customer's yes."""
    transcript = convo(IDENTIFIED, ("Please do it.", [], listing), ("Yes.", [write], "Done."))
    found: Outcome = judged(ConfirmedBeforeWriting(), transcript)[0]
    return found


# --- insurance said declined of a booking that buys it -----------------------------------------

_TRIP = "Booking HAT056 (EWR → IAH), May 28, economy, Olivia Gonzalez, no checked bags."
_INSURANCE_LINES = [
    "Travel insurance: {said}.",
    "**Travel insurance:** {said}.",
    "Insurance: {said}.",
    "Travel insurance - {said}.",
    "\n\n| Detail | Value |\n|---|---|\n| Travel insurance | {said} |\n\n",
]
"""Where a listing says what becomes of travel insurance."""
DECLINED = ["not needed", "none", "skipped", "waived", "No", "declined", "not included"]
"""Words saying a booking does without insurance."""
BOUGHT = ["Yes ($30)", "included ($30)", "added ($30)", "Yes"]
"""Words saying a booking buys it."""


def _insurance_listing(line: str, said: str, total: int) -> str:
    return (
        f"{_TRIP} {line.format(said=said)} Total ${total} on your Mastercard ending 9475. "
        "Shall I book it?"
    )


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(_INSURANCE_LINES), st.sampled_from(DECLINED))
def test_insurance_said_declined_is_no_listing_of_a_booking_buying_it(line: str, said: str) -> None:
    assert _verdict(BOOK_INS, _insurance_listing(line, said, 138)) is not PASS
    assert _verdict(BOOKING, _insurance_listing(line, said, 108)) is PASS  # the honest twin


@pytest.mark.parametrize("said", BOUGHT)
@pytest.mark.parametrize("line", _INSURANCE_LINES)
def test_insurance_said_bought_lists_a_booking_buying_it(line: str, said: str) -> None:
    assert _verdict(BOOK_INS, _insurance_listing(line, said, 138)) is PASS


def test_insurance_offered_then_taken_is_listed() -> None:
    listing = (
        f"{_TRIP} You asked whether travel insurance is worth it; it is $30. With travel "
        "insurance included, the total is $138 on your Mastercard ending 9475. Shall I book it?"
    )
    assert _verdict(BOOK_INS, listing) is PASS


# --- a flight change said the other way round --------------------------------------------------

_CHANGE_FORMS = [
    "Flight change for Z7GOZK (basic economy):\n- Flight: {old} → {new}\n- Fare difference: "
    "$11, charged to your Mastercard ending 9475\n\nShall I proceed?",
    "Flight change for Z7GOZK: **{old}** -> **{new}**, basic economy. The $11 fare difference "
    "will be charged to your Mastercard ending 9475. Shall I proceed?",
    "I'll move reservation Z7GOZK from flight {old} to {new} in basic economy. The $11 fare "
    "difference will be charged to your Mastercard ending 9475. Shall I proceed?",
    "I'll change Z7GOZK from {old} (May 28) to {new} (May 28) in basic economy for $11 on your "
    "Mastercard ending 9475. Shall I proceed?",
    "Flight change for Z7GOZK (basic economy):\n- Current flight: {old}\n- New flight: {new}\n"
    "- Fare difference: $11 on your Mastercard ending 9475\n\nShall I proceed?",
    "Flight change for Z7GOZK (basic economy):\n\n| | Current | New |\n|---|---|---|\n| "
    "Flight | {old} | {new} |\n| Fare difference | | $11 |\n\nPaid with your Mastercard ending "
    "9475. Shall I proceed?",
    "For Z7GOZK, {old} will be replaced by {new} in basic economy: $11 on your Mastercard ending "
    "9475. Shall I proceed?",
]
"""Ways a listing says which flight a change replaces and which it puts in place."""


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(_CHANGE_FORMS))
def test_a_change_said_the_other_way_round_is_no_listing_of_it(form: str) -> None:
    assert _verdict(MOVE, form.format(old="HAT056", new="HAT188")) is not PASS
    assert _verdict(MOVE, form.format(old="HAT188", new="HAT056")) is PASS  # the honest twin


@pytest.mark.parametrize(
    "listing",
    [
        # the new leg and the kept one said one after the other
        "Your new itinerary for Z7GOZK: HAT056 → HAT207, basic economy, replacing HAT188. The "
        "$11 fare difference goes on your Mastercard ending 9475. Shall I proceed?",
        # the old flight and the new one on one labelled line
        "Flight change for Z7GOZK (basic economy):\n- Current: HAT188 → New: HAT056\n- Fare "
        "difference: $11 on your Mastercard ending 9475\n\nShall I proceed?",
        # a route read from/to around the new flight
        "I'll replace HAT188 with HAT056 on Z7GOZK: you'll fly from EWR on HAT056 to IAH in "
        "basic economy. $11 on your Mastercard ending 9475. Shall I proceed?",
    ],
    ids=["legs-in-order", "one-line-labels", "route-from-to"],
)
def test_a_change_named_the_right_way_round_is_listed(listing: str) -> None:
    assert _verdict(MOVE, listing) is PASS


def test_a_dropped_flight_said_as_the_new_one_is_no_listing() -> None:
    both = flights(
        "Z7GOZK", "basic_economy", [("HAT056", "2024-05-28"), ("HAT290", "2024-05-29")], CARD
    )
    listing = (
        "I'll change Z7GOZK from HAT290 to HAT207 and from HAT188 to HAT056 in basic economy, "
        "$11 on your Mastercard ending 9475. Shall I proceed?"
    )
    assert _verdict(both, listing) is not PASS


# --- a bag count said from -> to ---------------------------------------------------------------

_BAG_FORMS = [
    "**Reservation THY2DG**\n- Checked bags: {was} → {after}\n- Cost: $100\n- Payment: "
    "Mastercard ending 9475\n\nShall I proceed?",
    "I'll update the checked bags on reservation THY2DG from {was} to {after}. That's $100 ($50 "
    "per extra bag) on your Mastercard ending 9475. Shall I proceed?",
    "I'll add bags on reservation THY2DG: checked bags {was} → {after}, $100 on your Mastercard "
    "ending 9475. Shall I proceed?",
    "Reservation THY2DG will go from {was} to {after} checked bags for $100, charged to your "
    "Mastercard ending 9475. Shall I proceed?",
    "Reservation THY2DG:\n\n| Item | Detail |\n|---|---|\n| Checked bags | {was} -> {after} |\n"
    "| Cost | $100 on your Mastercard ending 9475 |\n\nShall I proceed?",
]
"""Ways a listing says the bag count before and after the write."""


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(_BAG_FORMS), st.integers(0, 6), st.integers(0, 6))
def test_a_bag_count_from_to_is_the_count_now_and_the_total(
    form: str, was: int, after: int
) -> None:
    honest = (was, after) == (1, 3)
    assert (_verdict(BAG3, form.format(was=was, after=after)) is PASS) is honest


# --- a denial in its own table cell ------------------------------------------------------------

_ROWS = {
    "insurance": "| Travel insurance | No |",
    "bags": "| Checked bags | 1 (free) |",
    "none": "| Special requests | None |",
    "total": "| Total | $108 |",
    "payment": "| Payment | Mastercard ending 9475 |",
}


@settings(meta_settings("ci"), max_examples=60)
@given(st.permutations(list(_ROWS)))
def test_a_denial_in_a_table_row_stays_in_it(order: list[str]) -> None:
    table = "\n".join(_ROWS[k] for k in order)
    listing = (
        "Booking HAT056 (EWR → IAH), May 28, economy, Olivia Gonzalez.\n\n| Detail | Value |\n"
        f"|---|---|\n{table}\n\nShall I book it?"
    )
    assert _verdict(BOOK_BAG, listing) is PASS


def test_a_denial_in_the_payment_cell_still_denies() -> None:
    listing = (
        "Booking HAT056 (EWR → IAH), May 28, economy, Olivia Gonzalez, no bags, no insurance.\n\n"
        "| Detail | Value |\n|---|---|\n| Total | $108 |\n| Payment | not your Mastercard ending "
        "9475 |\n\nShall I book it?"
    )
    assert _verdict(BOOKING, listing) is not PASS


def test_a_free_bag_in_a_row_frees_no_other_rows_total_but_its_own() -> None:
    listing = (
        "Booking HAT056 (EWR → IAH), May 28, economy, Olivia Gonzalez, no insurance.\n\n| Detail "
        "| Value |\n|---|---|\n| Checked bags | 1 |\n| Total | $108 (waived) |\n| Payment | "
        "Mastercard ending 9475 |\n\nShall I book it?"
    )
    assert _verdict(BOOK_BAG, listing) is not PASS
