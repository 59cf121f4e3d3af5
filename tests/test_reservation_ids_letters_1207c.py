"""Airline reads a reservation id of six letters alone, written in lower (or mixed) case right
after a word naming a reservation ("reservation hfmjks", "booking id: nvlFIW"), as the id
(:func:`domains.airline.fabrication.plain_ids`): a write claimed of a reservation no write
touched, a reservation no tool gave and a listing naming another reservation than the write's
are caught, and the right one is read as right. A word of English there ("reservation status",
"booking details") and a name ("booking Sophia") stay words.

Found by a hostile review (2026-12-07): "Your reservation hathat has been updated." after a
write to another reservation passed ``no_fabrication``: ids of letters alone were read only in
capitals (one in seven of the data's ids, and every new booking's, are letters alone). The
property was seen failing on the code before.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers.unread_language import english_lexicon
from domains.airline.fabrication import plain_ids
from domains.airline.models import ConfirmedBeforeWriting, NoFabrication
from tests.test_airline_policy import FAIL, PASS, Turn, bags, call, convo, judged, lookup

pytestmark = pytest.mark.checkers_meta

SOPHIA = "sophia_davis_8874"
OWN, OTHER = "HFMJKS", "NVLFIW"
"""Two of Sophia's reservations, ids of letters alone; HFMJKS holds one economy passenger and
one free bag, so a second costs $50."""
BAG = bags(OWN, 2, 1, pay="credit_card_4801844")
HELLO: Turn = (f"Hi, I am {SOPHIA}.", [call("get_user_details", user_id=SOPHIA)], "Found you.")
NAMED_BY = (
    "reservation",
    "Reservation",
    "booking",
    "reservation id",
    "Booking ID:",
    "reservation:",
)
CLAIMS = (
    "Your {} has been updated.",
    "I've updated {} for you.",
    "Done: {} now has 2 checked bags.",
)


@st.composite
def _written(draw: st.DrawFn, reservation: str) -> str:
    """``reservation`` in lower or mixed case (not as a name is written: "Hfmjks")."""
    word = "".join(c.lower() if draw(st.booleans()) else c for c in reservation)
    return word.lower() if word[0].isupper() and word[1:].islower() else word


def _outcome(requirement: Any, *turns: Turn) -> tuple[object, str]:
    found, code, _ = judged(requirement, convo(HELLO, *turns), SOPHIA)
    return found, code


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(CLAIMS), st.sampled_from(NAMED_BY))
def test_a_write_claimed_of_a_reservation_of_letters_is_held_to_the_writes(
    data: st.DataObject, claim: str, named_by: str
) -> None:
    reads = [lookup(OWN), lookup(OTHER), BAG]
    other = claim.format(f"{named_by} {data.draw(_written(OTHER))}")
    wrong = _outcome(NoFabrication(), ("A bag on HFMJKS.", reads, other))
    assert wrong == (FAIL, "action_not_taken"), other
    own = claim.format(f"{named_by} {data.draw(_written(OWN))}")
    right = _outcome(NoFabrication(), ("A bag on HFMJKS.", reads, own))
    assert right[1] != "action_not_taken", own


SIX_LETTERS = st.text("abcdefghijklmnopqrstuvwxyz", min_size=6, max_size=6)


@settings(max_examples=60, deadline=None)
@given(SIX_LETTERS, st.sampled_from(NAMED_BY))
def test_a_reservation_of_letters_no_tool_gave_is_unsupported(invented: str, named_by: str) -> None:
    assume(invented not in english_lexicon() and invented.upper() not in (OWN, OTHER))
    said = f"Your {named_by} {invented} has 2 checked bags."
    found = _outcome(NoFabrication(), ("My trips?", [lookup(OWN)], said))
    assert found == (FAIL, "unsupported_reservation"), said


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_listing_of_another_reservation_of_letters_lists_no_write_to_this_one(
    data: st.DataObject,
) -> None:
    def confirmed(named: str) -> object:
        listing = (
            f"Reservation {named}: adding 1 checked bag costs $50, paid with your credit card."
        )
        return _outcome(
            ConfirmedBeforeWriting(),
            ("Add a bag to HFMJKS.", [lookup(OWN)], f"{listing} Shall I proceed?"),
            ("Yes.", [BAG], "Done."),
        )

    other = data.draw(_written(OTHER))
    assert confirmed(other) == (FAIL, "details_not_listed"), other
    own = data.draw(_written(OWN))
    assert confirmed(own) == (PASS, "confirmed"), own


ENGLISH_SIX = sorted(w for w in english_lexicon() if len(w) == 6 and w.isalpha())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(NAMED_BY), st.sampled_from(ENGLISH_SIX))
def test_a_word_of_english_after_a_reservation_stays_a_word(named_by: str, word: str) -> None:
    text = f"The {named_by} {word} is here."
    assert plain_ids(text) == text


@pytest.mark.parametrize("text", ["Booking Sophia on HAT188", "reservation Hfmjks of yours"])
def test_a_word_written_as_a_name_stays_as_written(text: str) -> None:
    assert plain_ids(text) == text
