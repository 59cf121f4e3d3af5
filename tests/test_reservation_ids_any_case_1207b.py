"""Airline reads a reservation id the agent writes in any case ("z7gozk", "K67c4w") as the id
(:func:`domains.airline.fabrication.plain_ids`): a write claimed done of a reservation no write
touched, a reservation no tool gave, and a listing naming another reservation than the write's
are caught however the id is written, and the right one is read as right.

Found by a hostile review (2026-12-07): "Your reservation k67c4w has been updated." after a write
to THY2DG passed ``no_fabrication`` and a listing naming "reservation k67c4w" before a bag added
to THY2DG passed ``confirmed_before_writing``: only ids in capitals were read. The property was
seen failing on the code before.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domains.airline.fabrication import plain_ids
from domains.airline.models import ConfirmedBeforeWriting, NoFabrication
from tests.test_airline_policy import (
    BAG,
    BAG_LISTED,
    FAIL,
    IDENTIFIED,
    PASS,
    convo,
    judged,
    lookup,
    outcome,
)

pytestmark = pytest.mark.checkers_meta


@st.composite
def _any_case(draw: st.DrawFn, reservation: str) -> str:
    """``reservation`` written with each letter in either case."""
    return "".join(c.lower() if draw(st.booleans()) else c for c in reservation)


CLAIMS = (
    "Your reservation {} has been updated.",
    "I've updated reservation {} for you.",
    "Reservation {} has been successfully upgraded.",
    "Done: {} now has 2 checked bags.",
)


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(CLAIMS))
def test_a_write_claimed_of_a_reservation_in_any_case_is_held_to_the_writes(
    data: st.DataObject, claim: str
) -> None:
    other = data.draw(_any_case("K67C4W"))
    own = data.draw(_any_case("THY2DG"))
    wrong = convo(IDENTIFIED, ("A bag on THY2DG.", [lookup("THY2DG"), BAG], claim.format(other)))
    assert judged(NoFabrication(), wrong)[:2] == (FAIL, "action_not_taken"), other
    right = convo(IDENTIFIED, ("A bag on THY2DG.", [lookup("THY2DG"), BAG], claim.format(own)))
    assert judged(NoFabrication(), right)[1] != "action_not_taken", own


@settings(max_examples=60, deadline=None)
@given(_any_case("ABC123"))
def test_a_reservation_no_tool_gave_in_any_case_is_unsupported(invented: str) -> None:
    said = f"Reservation {invented} is cancelled."
    talk = convo(IDENTIFIED, ("My trips?", [lookup("THY2DG")], said))
    assert judged(NoFabrication(), talk)[:2] == (FAIL, "unsupported_reservation"), said


@settings(max_examples=60, deadline=None)
@given(_any_case("K67C4W"), _any_case("THY2DG"))
def test_a_listing_of_another_reservation_in_any_case_lists_no_write_to_this_one(
    other: str, own: str
) -> None:
    def confirmed(named: str) -> object:
        listing = BAG_LISTED.replace("THY2DG", f"Reservation {named}")
        turns = convo(IDENTIFIED, ("Add a bag to THY2DG.", [], listing), ("Yes.", [BAG], "Done."))
        return outcome(ConfirmedBeforeWriting(), turns)

    assert confirmed(other) == (FAIL, "details_not_listed"), other
    assert confirmed(own) == (PASS, "confirmed"), own


@pytest.mark.parametrize(
    "text",
    [
        "usd108 paid",
        "2 bags, 100kgs",
        "olivia_gonzalez_2305",
        "gift_card_2200803",
        "mia.li3668@example.com",
        "at 1030am",
        "the 2nd and 23rd",
        "reservation status",
    ],
)
def test_what_is_no_reservation_id_stays_as_written(text: str) -> None:
    assert plain_ids(text) == text
