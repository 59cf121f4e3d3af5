"""A listing that names another value of one of the write's details is no listing of it.

Before each write the policy names, the agent lists the action's details; the customer's yes
confirms what was listed. Each listing below is a template whose slots hold the write's own
details (flight, date, cabin, passenger, birth date, bag count, payment method): filled with
them it confirms the write; with any one slot holding another value of the same field it must
not (a flight HAT18 is not named by HAT188, a passenger "Ed Ara" not by "proceed" and "Yara",
the cabin economy not by "basic economy", a write adding 1 bag not by "adding 2 bags", May 30
is not May 28 (nor is 30/05/2024), a passenger born 1991-02-02 not by "born 1990-01-01", Mei
Gonzalez not by "Olivia Gonzalez and Mei Johansson").
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from checkers.text import fold_lower
from domains.airline.models import ConfirmedBeforeWriting
from domains.airline.passenger_names import NOT_NAMES as _NOT_NAMES
from tests.listing_slots import Listings, listing_tests
from tests.test_airline_confirmation_probes import BOOK_TWO, booking, pax
from tests.test_airline_policy import (
    BAG,
    BOOKING,
    IDENTIFIED,
    UPGRADE,
    convo,
    flights,
    judged,
    outcome,
)

pytestmark = pytest.mark.checkers_meta

LISTINGS: Listings = {
    "booking": (
        BOOKING,
        "Booking {flight} from EWR to IAH on {date} in {cabin} for {first} {last} (born {dob}) "
        "{bags} costs $108, paid with your {method}. Shall I book it?",
        {
            "bags": ("with no checked bags", ("with 2 checked bags", "with one checked bag")),
            "flight": ("HAT056", ("HAT166", "HAT05", "HAT0566")),
            "date": ("May 28", ("May 30", "2024-05-27", "29 May", "30/05/2024", "30.05.2024")),
            "dob": ("1988-06-13", ("1988-06-14", "June 13, 1989", "13/06/1987")),
            "cabin": ("economy", ("basic economy", "business", "Basic-Economy")),
            "first": ("Olivia", ("Mei", "Liv", "Oliviana")),
            "last": ("Gonzalez", ("Johansson", "Gonz")),
            "method": ("credit card", ("gift card", "certificate")),
        },
    ),
    "passengers": (
        pax("Anna", "Smith", "1990-01-01"),
        "On K67C4W I will replace passenger {removed} with {first} {last} (born {dob}). There "
        "is no charge. Shall I proceed?",
        {
            "removed": ("Yara Lopez", ("Mei Johansson", "Olivia Gonzalez")),
            "first": ("Anna", ("Ann", "Hanna", "Joanna")),
            "last": ("Smith", ("Smit", "Smithers")),
            "dob": ("1990-01-01", ("1991-02-02", "1990-01-02", "January 2, 1990")),
        },
    ),
    "bags": (
        BAG,
        "THY2DG: adding {count} checked bag costs $50, paid with your {method}. Shall I proceed?",
        {
            "count": ("1", ("2", "3", "two")),
            "method": ("credit card", ("gift card",)),
        },
    ),
    "bags, said as the new total": (
        BAG,
        "THY2DG: {total} costs $50, paid with your credit card. Shall I proceed?",
        {
            "total": (
                "adding 1 checked bag brings it to 2 checked bags in total",
                (
                    "adding 1 checked bag brings it to 3 checked bags in total",
                    "bringing it to 3 checked bags",
                    "one more bag, for a total of 4 bags",
                ),
            ),
        },
    ),
    "bags, a total after the allowance": (
        BAG,
        "Your fare includes 2 free checked bags. Adding 1 checked bag to THY2DG brings it to "
        "{total} checked bags in total, $50 on your credit card. Shall I proceed?",
        {"total": ("2", ("5", "3"))},
    ),
    "booking with two bags": (
        booking(total_baggages=2, nonfree_baggages=0),
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez {bags} costs "
        "$108, paid with your credit card. Shall I book it?",
        {"bags": ("with 2 checked bags", ("with 1 checked bag", "with 3 checked bags"))},
    ),
    "two passengers, a bag each": (
        {**BOOK_TWO, "args": {**BOOK_TWO["args"], "total_baggages": 2, "nonfree_baggages": 0}},
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        "Gonzalez with 2 checked bags: Olivia with {each} and Mei with {each}. It costs $216, "
        "paid with your credit card. Shall I book it?",
        {"each": ("1 checked bag", ("3 checked bags",))},
    ),
    "two passengers, their bags apart": (
        {**BOOK_TWO, "args": {**BOOK_TWO["args"], "total_baggages": 2, "nonfree_baggages": 0}},
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        "Gonzalez with 2 checked bags: Olivia with 1 checked bag and Mei with {mei}. It costs "
        "$216, paid with your credit card. Shall I book it?",
        {"mei": ("1 checked bag", ("0 checked bags",))},
    ),
    "bags, beside the count there is now": (
        BAG,
        "THY2DG has 1 checked bag now. {what}, $50 on your credit card. Shall I proceed?",
        {
            "what": (
                "I'll add 1 more checked bag",
                ("Each extra bag costs $50", "Extra bags can be added", "I'll add bags"),
            ),
        },
    ),
    "upgrade, beside another option's price": (
        UPGRADE,
        "Upgrading Z7GOZK to economy class on HAT188 and HAT207 costs ${cost} with your credit "
        "card (business would be $218, HAT056 $218). Shall I proceed?",
        {"cost": ("218", ("150", "318"))},
    ),
    "upgrade, what pays said apart": (
        UPGRADE,
        "You have a Mastercard ending 9475 and a gift card. Upgrading Z7GOZK to economy class on "
        "HAT188 and HAT207 costs $218, paid with your {method}. Shall I proceed?",
        {"method": ("Mastercard", ("gift card", "gift card instead"))},
    ),
    "upgrade": (
        UPGRADE,
        "Upgrading Z7GOZK to {cabin} class on HAT188 and HAT207 costs $218, paid with your "
        "{method}. Shall I proceed?",
        {
            "cabin": ("economy", ("business", "basic economy", "basic-economy")),
            "method": ("credit card", ("gift card", "certificate")),
        },
    ),
    "two-legs": (
        flights(
            "Z7GOZK",
            "basic_economy",
            [("HAT188", "2024-05-29"), ("HAT207", "2024-05-29")],
            "credit_card_9969263",
        ),
        "Moving Z7GOZK to HAT188 on {first_day} and HAT207 on {second_day}, basic economy, "
        "refund $34 to your credit card. Proceed?",
        {
            "first_day": ("May 29", ("May 30", "May 28", "2024-05-31")),
            "second_day": ("May 29", ("May 30", "May 28", "29/05/2023")),
        },
    ),
    "booking, beside its passenger": (
        BOOKING,
        "Booking HAT056 from EWR to IAH on May 28 in economy for {who} costs $108, paid with "
        "your credit card. Shall I book it?",
        {
            "who": (
                "Olivia Gonzalez",
                (
                    "Olivia Gonzalez and John Smith",
                    "John Smith & Olivia Gonzalez",
                    "you (Olivia Gonzalez) and Mei",
                    "**Olivia Gonzalez** and **Ana Lee**",
                ),
            )
        },
    ),
    "two-passengers": (
        BOOK_TWO,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and {name} "
        "costs $216, paid with your credit card. Shall I book it?",
        {"name": ("Mei Gonzalez", ("Mei Johansson", "Mei", "Olivia Mei"))},
    ),
}


def _judged(write: dict[str, Any], listing: str, yes: str) -> tuple[Outcome, str]:
    turns = [("Change it.", [], listing), (yes, [write], "Done.")]
    return outcome(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))  # type: ignore[no-any-return]


(
    test_the_listing_of_the_writes_own_details_confirms_it,
    test_a_listing_with_one_detail_of_another_value_is_no_listing_of_the_write,
    test_every_other_value_of_every_slot_fails,
) = listing_tests(LISTINGS, _judged, examples=80)


@settings(meta_settings("ci"), max_examples=60)
@given(day=st.dates(), number=st.sampled_from(["HAT056", "HAT082"]))
def test_a_booking_on_any_day_is_judged_without_raising(day: datetime.date, number: str) -> None:
    """Any calendar day (the first and last included; HAT082 lands the next day) in a booking
    and its listing gives a verdict, never an exception."""
    write = booking(flights=[{"flight_number": number, "date": day.isoformat()}])
    listing = f"Booking {number} on {day:%B} {day.day}, {day.year} in economy for Olivia Gonzalez."
    found, _ = _judged(write, listing + " Shall I book it?", "Yes.")
    assert found in (Outcome.PASS, Outcome.FAIL, Outcome.UNSCORED)


def _spaced(before: str, gap: int, after: str) -> str:
    """``before``, words of filler, then ``after``, so that ``after`` starts ``gap`` characters
    after the end of ``before`` (as the listing reader sees the text: folded, lowered)."""
    filler = " " + "x" * (gap - 2) + " "
    text = before + filler + after
    assert fold_lower(text).index(fold_lower(after)) - len(fold_lower(before)) == gap
    return text


SOLD = " It flies May 28 from EWR to IAH in economy for Olivia Gonzalez, $108 on your credit card."


@pytest.mark.parametrize(
    ("gap", "expected"),
    [(59, Outcome.FAIL), (60, Outcome.PASS)],
    ids=["inside", "outside"],
)
def test_a_date_is_read_as_a_flights_own_up_to_60_characters_after_it(
    gap: int, expected: Outcome
) -> None:
    """ "May 30" (6 characters) read as HAT056's day when it ends within 60 characters of the
    flight number, and not when it ends one character later: the write flies HAT056 on May 28
    (named in the next sentence, out of the flight's reach)."""
    listing = _spaced("Booking HAT056", gap, "May 30." + SOLD + " Shall I book it?")
    assert _judged(BOOKING, listing, "Yes.")[0] is expected


@pytest.mark.parametrize(
    ("gap", "expected"),
    [(40, Outcome.PASS), (41, Outcome.FAIL)],
    ids=["inside", "outside"],
)
def test_a_word_of_something_else_counts_up_to_40_characters_before_a_date(
    gap: int, expected: Outcome
) -> None:
    """ "created" starting 40 characters before "May 30" makes it the day a reservation was made,
    no day of HAT056; starting 41 before, it does not, and May 30 is read as HAT056's day."""
    before = "Booking HAT056 ("
    listing = _spaced(before + "created", gap - len("created"), "May 30)." + SOLD + " Shall I?")
    assert _judged(BOOKING, listing, "Yes.")[0] is expected


def test_a_misdated_flight_is_named_in_the_reason_with_the_first_other_day() -> None:
    """The reason names the flight and the first other day said right after it, the one a
    person reads first ("HAT056 on May 30 or May 31" before a write flying it on May 28)."""
    listing = (
        "Booking HAT056 on May 30 or May 31 from EWR to IAH. It departs May 28, in economy for "
        "Olivia Gonzalez, $108 on your credit card. Shall I book it?"
    )
    turns = [("Book it.", [], listing), ("Yes.", [BOOKING], "Done.")]
    found, code, reason = judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))
    assert (found, code) == (Outcome.FAIL, "details_not_listed")
    assert reason.endswith("they name flight HAT056 on 05-30, while it flies it on 2024-05-28")


_WORD = st.from_regex(r"[A-Z][a-z]{2,8}", fullmatch=True).filter(
    lambda word: word.lower() not in {"olivia", "gonzalez", *_NOT_NAMES}
)
_FULL_NAMES = st.builds("{} {}".format, _WORD, _WORD)


def _listed_for(who: str, cost: str = "$108") -> str:
    """The listing of a booking of HAT056 on May 28 in economy for ``who``, costing ``cost``."""
    return (
        f"Booking HAT056 from EWR to IAH on May 28 in economy for {who} costs {cost}, paid with "
        "your credit card. Shall I book it?"
    )


@settings(meta_settings("ci"), max_examples=60)
@given(
    name=_FULL_NAMES, joined=st.sampled_from([" and ", " & ", " ** and ** "]), first=st.booleans()
)
def test_a_person_named_beside_the_passenger_whom_the_write_does_not_fly_is_no_listing(
    name: str, joined: str, first: bool
) -> None:
    """Anyone named in full with "and" beside a booking's passenger, whom the booking does not
    fly, makes the listing no listing of it ("for Olivia Gonzalez and John Smith" before a
    booking for Olivia alone)."""
    people = f"{name}{joined}Olivia Gonzalez" if first else f"Olivia Gonzalez{joined}{name}"
    listing = _listed_for(people)
    assert _judged(BOOKING, listing, "Yes.")[0] is not Outcome.PASS, listing


def _booking_with(first: str, last: str) -> dict[str, Any]:
    """Olivia's booking of HAT056 for herself and one more passenger: $216."""
    passengers = [
        {"first_name": "Olivia", "last_name": "Gonzalez", "dob": "1988-06-13"},
        {"first_name": first, "last_name": last, "dob": "1981-09-25"},
    ]
    payment = [{"payment_id": "credit_card_9969263", "amount": 216}]
    return {
        **BOOKING,
        "args": {**BOOKING["args"], "passengers": passengers, "payment_methods": payment},
    }


@settings(meta_settings("ci"), max_examples=60)
@given(first=_WORD, last=_WORD, tag=_FULL_NAMES, title=st.sampled_from(["Ms.", "Mr", "Dr."]))
def test_the_passengers_named_together_by_any_names_confirm_a_booking_of_both(
    first: str, last: str, tag: str, title: str
) -> None:
    """A booking of Olivia Gonzalez and another passenger, whatever their name, is listed by
    naming both with "and": a capitalised word of the sentence before them ("Booking Ana Li and
    Olivia Gonzalez"), a title before a name or a tag in brackets after one ("Olivia Gonzalez
    (Account Holder) and Ana Li") or not."""
    write = _booking_with(first, last)
    both, trip = f"{first} {last}", "HAT056 from EWR to IAH on May 28 in economy"
    for listing in (
        f"Booking {trip} for Olivia Gonzalez and {both}",
        f"Booking {trip} for {both} & Olivia Gonzalez",
        f"Booking {both} and Olivia Gonzalez on {trip}",
        f"Booking {trip} for **Olivia Gonzalez** and **{both}**",
        f"Booking {trip} for Olivia Gonzalez ({tag}) and {title} {both}",
        f"Booking {trip} for {title} Olivia Gonzalez and {title} {both}",
    ):
        listing += " costs $216, paid with your credit card. Shall I book it?"
        assert _judged(write, listing, "Yes.") == (Outcome.PASS, "confirmed"), listing


@pytest.mark.parametrize(
    ("who", "first", "last"),
    [
        ("Olivia Gonzalez and Ana Garcia Lopez", "Ana", "Garcia Lopez"),
        ("Olivia Gonzalez and Mary Ann Smith", "Mary Ann", "Smith"),
        ("Jean Paul Sartre & Olivia Gonzalez", "Jean Paul", "Sartre"),
        ("Olivia Gonzalez and Jean-Luc Picard", "Jean-Luc", "Picard"),
    ],
)
def test_passengers_of_names_of_several_words_are_named_together(
    who: str, first: str, last: str
) -> None:
    listing = _listed_for(who, "$216")
    assert _judged(_booking_with(first, last), listing, "Yes.") == (Outcome.PASS, "confirmed")


@pytest.mark.parametrize(
    "who",
    [
        "Olivia Gonzalez and Trip Insurance",
        "Olivia Gonzalez and Priority Boarding",
        "**Olivia Gonzalez** and **No Checked Bags**",
        "you (Olivia Gonzalez) and Zero Checked Bags",
        "Olivia Gonzalez and Window Seat Selection",
    ],
)
def test_capitalised_things_beside_the_passenger_are_no_one(who: str) -> None:
    assert _judged(BOOKING, _listed_for(who), "Yes.") == (Outcome.PASS, "confirmed")


@pytest.mark.parametrize(
    "listing",
    [
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and John Smith "
        "Jr costs $108, paid with your credit card. Shall I book it?",
        "Booking John Smith and Olivia Gonzalez on HAT056 from EWR to IAH on May 28 in economy "
        "costs $108, paid with your credit card. Shall I book it?",
    ],
)
def test_the_reason_names_the_person_by_the_two_words_next_to_and(listing: str) -> None:
    turns = [("Change it.", [], listing), ("Yes.", [BOOKING], "Done.")]
    found = judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))
    assert found[1] == "details_not_listed"
    assert "they name passenger John Smith, while it does not fly them" in found[2], found[2]


def test_a_passenger_flown_is_named_by_first_name_beside_another() -> None:
    """Mei Gonzalez flies: "Olivia Gonzalez and Mei" names her, though a saved passenger not
    flown is a Mei too."""
    listing = (
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei. "
        "Passengers: Olivia Gonzalez, Mei Gonzalez. It costs $216, paid with your credit card. "
        "Shall I book it?"
    )
    assert _judged(BOOK_TWO, listing, "Yes.") == (Outcome.PASS, "confirmed")
