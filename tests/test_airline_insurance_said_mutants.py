"""Listings of travel insurance that the mutants of :mod:`domains.airline.insurance_said` left
standing (mutation run of 2026-12-05), each a verdict on a realistic listing with its honest
twin:

- insurance said bought with the buying word opening the message ("With travel insurance,
  I'll book ..."): the words before insurance are read from the message's very start;
- the last message naming insurance is the word on it, at each place it names it: a re-listing
  that drops insurance after a proposal with it confirms a booking without it, and one that adds
  it after an offer misstates a booking without it (:func:`said_bought`); a re-listing buying it
  after one doing without confirms a booking buying it, and one doing without after a proposal
  buying it misstates that booking (:func:`said_declined`).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline import insurance_said
from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_policy import BOOKING, IDENTIFIED, convo, judged
from tests.test_review_probes_airline_1205 import BOOK_INS

pytestmark = pytest.mark.checkers_meta

PASS = Outcome.PASS
TRIP = "HAT056 (EWR → IAH) on May 28 in economy for Olivia Gonzalez"
CARD = "on your Mastercard ending 9475"
COST = {False: 108, True: 138}
"""The booking's total without and with travel insurance ($30)."""


def _write(insured: bool) -> dict[str, Any]:
    write: dict[str, Any] = BOOK_INS if insured else BOOKING
    return write


def _verdict(insured: bool, *listings: tuple[str, str]) -> Outcome:
    """The verdict on a booking (buying insurance or not) after the agent's listings, each after
    the customer's words, and the customer's yes."""
    write = _write(insured)
    turns = [(said, [], listing) for said, listing in listings]
    transcript = convo(IDENTIFIED, *turns, ("Yes.", [write], "Done."))
    found: Outcome = judged(ConfirmedBeforeWriting(), transcript)[0]
    return found


# --- the buying word opening the message -------------------------------------------------------

OPENING = ["With travel insurance", "Adding travel insurance", "Plus travel insurance"]


@pytest.mark.parametrize("lead", OPENING)
def test_insurance_said_bought_at_the_messages_start_misstates_a_booking_buying_none(
    lead: str,
) -> None:
    def listing(total: int) -> str:
        return f"{lead}, I'll book {TRIP}, for ${total} {CARD}. Shall I book it?"

    assert _verdict(False, ("Please book it.", listing(108))) is not PASS
    assert _verdict(True, ("Please book it.", listing(138))) is PASS  # the honest twin


# --- the last message naming insurance is the word on it ----------------------------------------


def _opening(said: str, insured: bool) -> str:
    """A listing opening with ``said`` about insurance (seven characters before "travel
    insurance" in each form, so that two of them name it at the same place)."""
    return (
        f"{said} travel insurance. I'll book {TRIP} for ${COST[insured]} {CARD}. Shall I book it?"
    )


def test_a_relisting_without_insurance_after_one_with_it_confirms_a_booking_without_it() -> None:
    with_it, without = _opening("Adding", True), _opening("OK, no", False)
    assert _verdict(False, ("Book it.", with_it), ("No insurance, please.", without)) is PASS
    assert _verdict(True, ("Book it.", with_it), ("No insurance, please.", without)) is not PASS


def test_a_listing_adding_insurance_after_an_offer_misstates_a_booking_without_it() -> None:
    offer = "Would you like to add travel insurance for $30 per passenger?"
    added = f"Okay! I'll book {TRIP} with travel insurance, for $108 {CARD}. Shall I book it?"
    assert _verdict(False, ("Book it.", offer), ("Yes, add it.", added)) is not PASS
    assert _verdict(False, ("Book it.", offer), ("No, thanks.", _opening("OK, no", False))) is PASS


@pytest.mark.parametrize("declined", ["not needed", "waived", "skipped"])
def test_a_relisting_buying_insurance_after_one_without_it_confirms_a_booking_buying_it(
    declined: str,
) -> None:
    without = f"Travel insurance: {declined}. I'll book {TRIP} for $108 {CARD}. Shall I book it?"
    bought = f"Travel insurance: yes ($30). I'll book {TRIP} for $138 {CARD}. Shall I book it?"
    assert _verdict(True, ("Book it.", without), ("Add insurance, please.", bought)) is PASS


@pytest.mark.parametrize("declined", ["not needed", "waived", "skipped"])
def test_a_relisting_without_insurance_after_one_buying_it_misstates_a_booking_buying_it(
    declined: str,
) -> None:
    bought = f"I'll book {TRIP} for $138 {CARD}, with travel insurance. Shall I book it?"
    without = f"Travel insurance: {declined}. I'll book {TRIP} for $138 {CARD}. Shall I book it?"
    assert _verdict(True, ("Book it.", bought), ("Skip the insurance.", without)) is not PASS
    assert _verdict(True, ("Book it.", without), ("Add insurance, please.", bought)) is PASS


# --- the month May is no hedge ("may") ----------------------------------------------------------

DATED = [
    "I'll book HAT056 (EWR → IAH) on May {day} in economy for Olivia Gonzalez {said}, for ${total} "
    "{card}. Shall I book it?",
    "Booking HAT056 on May {day}, 2024, economy, Olivia Gonzalez, {said}: ${total} {card}. Shall I "
    "book it?",
    "I'll book the May {day} flight HAT056 in economy for Olivia Gonzalez {said} for ${total} "
    "{card}. Shall I book it?",
]
"""Listings dating the flight (May 28) in the clause that says insurance is bought."""
DAYS = ["28", "28th", "28, 2024"]
BOUGHT_WORDS = ["with travel insurance", "plus travel insurance", "including travel insurance"]


@pytest.mark.parametrize("frame", DATED)
def test_a_flight_in_may_with_insurance_misstates_a_booking_buying_none(frame: str) -> None:
    said = "with travel insurance"
    listing = frame.format(day="28", said=said, total=108, card=CARD)
    assert _verdict(False, ("Please book it.", listing)) is not PASS
    honest = frame.format(day="28", said=said, total=138, card=CARD)
    assert _verdict(True, ("Please book it.", honest)) is PASS


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(DATED), st.sampled_from(DAYS), st.sampled_from(BOUGHT_WORDS), st.booleans())
def test_insurance_said_bought_beside_a_may_date_is_read_bought(
    frame: str, day: str, said: str, insured: bool
) -> None:
    """Whichever spelling of the day in May, listing form and buying words: insurance said
    bought in the clause of the date confirms a booking buying it and misstates one buying
    none."""
    listing = frame.format(day=day, said=said, total=COST[insured], card=CARD)
    assert (_verdict(insured, ("Please book it.", listing)) is PASS) is insured, listing


# --- a "no" of another item before "with travel insurance" ------------------------------------

NO_OTHER_THEN_WITH = [
    "I'll book {trip}, no checked bags with travel insurance, for ${total} {card}. Shall I "
    "book it?",
    "I'll book {trip} with no checked bags and with travel insurance, for ${total} {card}. Shall I "
    "book it?",
]
"""Insurance said bought after a "no" that denies the bags. The "no" once reached insurance
too (:func:`checkers.tokens.denied_before`), both ways: a booking buying it was said to do
without it, and one buying none passed, not said to buy it."""


@pytest.mark.parametrize("frame", NO_OTHER_THEN_WITH)
@pytest.mark.parametrize("insured", [True, False])
def test_a_no_of_the_bags_before_with_travel_insurance_denies_no_insurance(
    frame: str, insured: bool
) -> None:
    listing = frame.format(trip=TRIP, total=COST[insured], card=CARD)
    assert (_verdict(insured, ("Please book it.", listing)) is PASS) is insured, listing


OTHER_ITEMS = ["checked bags", "bags", "extra baggage", "seat selection", "meal", "added bags"]
JOINS = [" with ", ", with ", " and with ", ", including ", " plus ", " with the "]


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(["no", "without"]),
    st.sampled_from(OTHER_ITEMS),
    st.sampled_from(JOINS),
    st.booleans(),
)
def test_a_no_of_another_item_leaves_insurance_bought(
    denial: str, item: str, join: str, insured: bool
) -> None:
    """Whatever other item a "no" or "without" denies and whatever joins the next item, travel
    insurance put in after it by a preposition is said bought: it confirms a booking buying it
    and misstates one buying none."""
    listing = (
        f"I'll book {TRIP}, {denial} {item}{join}travel insurance, for ${COST[insured]} {CARD}. "
        "Shall I book it?"
    )
    assert (_verdict(insured, ("Please book it.", listing)) is PASS) is insured, listing


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(
        [
            "I'll book {trip} with no checked bags and no travel insurance",
            "I'll book {trip}, no checked bags and without travel insurance",
            "I'll book {trip}, but not with travel insurance",
            "I'll book {trip} without bags or travel insurance",
        ]
    ),
    st.booleans(),
)
def test_a_denial_reaching_insurance_still_denies_it(frame: str, insured: bool) -> None:
    """A "no" of insurance itself, a negation of the verb or of the preposition, or a "no"
    naming both items still says the booking does without insurance: it confirms a booking
    buying none and misstates one buying it."""
    listing = frame.format(trip=TRIP) + f", for ${COST[insured]} {CARD}. Shall I book it?"
    assert (_verdict(insured, ("Please book it.", listing)) is PASS) is not insured, listing


def test_a_negation_before_the_other_items_no_still_reaches_insurance() -> None:
    """A negation of the verb before the other item's "no" denies what follows it too."""
    said = "we never sell fares with no bags with travel insurance"
    assert not insurance_said.said_bought([said])
    assert insurance_said.said_declined([said])
    assert insurance_said.said_bought(["we sell fares with no bags with travel insurance"])
