"""Known answers for airline ``confirmed_before_writing`` (``domains/airline/confirmation.py``)
that a mutation run left unpinned: each conversation is one an honest reader can judge against
the bundled database, and each family pins one behaviour of the check (a first name beside a
passenger the write keeps, bag counts per passenger, what a listing says pays, what a question
after the listing asks, which clauses state the write's cost, a cost per passenger, the listing
in the turn of an earlier write). The comment on each case names the surviving mutant it
kills (operator and function).

The wrong verdicts the survivors and a review of the day showed are kept at the end
(:data:`CLOSED`), each with what an honest reader concludes: all are closed.
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers.conversation import replay_conversation
from checkers.results import Outcome
from domains.airline.checks import AirlineContext, checks
from domains.airline.data_files import bundled_database
from domains.airline.models import ConfirmedBeforeWriting, Database, Scenario
from domains.airline.service import SERVICE
from tests.test_airline_confirmation_probes import BOOK_TWO, PAX, booking
from tests.test_airline_policy import (
    BAG,
    BAG_LISTED,
    BOOKED,
    BOOKING,
    IDENTIFIED,
    LISTED,
    MOVE,
    OFFER,
    OLIVIA,
    UPGRADE,
    Turn,
    bags,
    convo,
    flights,
    judged,
    then,
    user_lookup,
)

pytestmark = pytest.mark.checkers_meta

PASS, FAIL = Outcome.PASS, Outcome.FAIL


def verdict(*turns: Turn, user: str = OLIVIA, hello: Turn = IDENTIFIED) -> tuple[Outcome, str]:
    """The outcome and reason code of ``confirmed_before_writing`` on the conversation."""
    found, code, _ = judged(ConfirmedBeforeWriting(), convo(hello, *turns), user)
    return found, code


def reason(*turns: Turn) -> str:
    """The reason ``confirmed_before_writing`` gives on Olivia's conversation."""
    return judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))[2]


def listed(listing: str, write: dict[str, Any]) -> list[Turn]:
    """The agent's ``listing``, then the customer's yes and ``write``."""
    return [("Go on.", [], listing), ("Yes.", [write], "Done.")]


# --- a first name beside a full name ----------------------------------------------------------
# PAX replaces Yara Lopez on K67C4W (Olivia Gonzalez, Mei Johansson, Yara Lopez) by Anna Smith;
# Olivia's saved passengers are Mei Johansson and Yara Lopez.
REPLACING = "On K67C4W I will replace passenger Yara Lopez with Anna Smith (born 1990-01-01)"


@pytest.mark.parametrize(
    "listing",
    [
        # kills ReplaceBinaryOperator_BitOr_BitXor#5 and _BitOr_Sub#5 in _named_beside (firsts):
        # Mei flies both before and after the write
        f"{REPLACING}; Olivia Gonzalez and Mei keep their seats. There is no charge. Shall I "
        "proceed?",
        # kills ReplaceBinaryOperator_Sub_BitXor#2 in _named_beside (firsts): Olivia is no saved
        # passenger, and flies
        f"{REPLACING}. The passengers will be Mei Johansson, Anna Smith and Olivia. There is no "
        "charge. Shall I proceed?",
    ],
    ids=["Olivia Gonzalez and Mei", "Anna Smith and Olivia"],
)
def test_a_first_name_beside_a_passenger_the_write_keeps_confirms(listing: str) -> None:
    assert verdict(*listed(listing, PAX)) == (PASS, "confirmed")


# --- bags of a booking ----------------------------------------------------------------------
TWO_BAGS = booking(total_baggages=2, nonfree_baggages=0)
FOR_OLIVIA = "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez"
PAID = "It costs $108, paid with your credit card. Shall I book it?"
# refused (a booking needs a passenger), but attempted: its listing is still judged
NO_ONE = booking(passengers=[], payment_methods=[], total_baggages=0, nonfree_baggages=0)


@pytest.mark.parametrize(
    ("listing", "write"),
    [
        # kills NumberReplacer#40 (max(..., 2)) in missing_details: one passenger with 1 bag is no
        # booking of 2 bags
        (f"{FOR_OLIVIA} with 2 checked bags: Olivia with 1 checked bag. {PAID}", TWO_BAGS),
        # kills the same, and ReplaceComparisonOperator_NotEq_Gt#7 / _NotEq_GtE#7 (sum(said) >
        # bags) in missing_details: the 2 bags said are the fare's allowance, the booking's are 1
        (
            f"Your fare includes 2 free checked bags. {FOR_OLIVIA} with 1 checked bag. {PAID}",
            TWO_BAGS,
        ),
        # kills NumberReplacer#41 (max(..., 0)) in missing_details: a booking of no bags for no one
        (
            "Booking HAT056 from EWR to IAH on May 28 in economy with 1 checked bag. Shall I "
            "book it?",
            NO_ONE,
        ),
    ],
    ids=["one passenger, half the bags", "the allowance beside fewer bags", "bags of no one"],
)
def test_a_bag_count_other_than_the_bookings_is_no_listing_of_it(
    listing: str, write: dict[str, Any]
) -> None:
    assert verdict(*listed(listing, write)) == (FAIL, "details_not_listed")


def test_bag_counts_per_passenger_adding_up_to_the_total_confirm() -> None:
    # kills ReplaceComparisonOperator_NotEq_GtE#7 and _NotEq_IsNot#5 (sum(said) is not bags) in
    # missing_details: 2 + 1 is the booking's 3
    write = {**BOOK_TWO, "args": {**BOOK_TWO["args"], "total_baggages": 3, "nonfree_baggages": 0}}
    listing = (
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        "Gonzalez. Checked bags: 3 (Olivia 2 checked bags, Mei 1 checked bag). It costs $216, "
        "paid with your credit card. Shall I book it?"
    )
    assert verdict(*listed(listing, write)) == (PASS, "confirmed")


# --- what the listing says pays ---------------------------------------------------------------
# UPGRADE charges Olivia's credit card (a Mastercard ending 9475), not her gift card
UPGRADING = "Upgrading Z7GOZK to economy class on HAT188 and HAT207 costs $218, paid with"
HOLDS = "You have a Mastercard ending 9475 and a gift card. "


def test_the_reason_names_the_method_the_listing_says_pays() -> None:
    # kills NumberReplacer#42 and #43 (paying[1], paying[-1]) in missing_details
    found = reason(*listed(f"{HOLDS}{UPGRADING} your gift card. Shall I proceed?", UPGRADE))
    assert (
        "name the payment method credit_card_9969263 as what pays (their last word on what pays "
        "names the payment method gift_card_2200803)"
    ) in found


@pytest.mark.parametrize(
    "listing",
    [
        # kills NumberReplacer#45 (+ 39) in _paid_with: "gift card" ends 40 characters after "paid "
        f"{HOLDS}{UPGRADING} the whole balance of your gift card. Shall I proceed?",
        # kill ReplaceBinaryOperator_Add_BitOr#4 and _Add_BitXor#4 (m.end() | 40, ^ 40) in
        # _paid_with: wherever the words of paying stand, what follows them is read (a
        # greeting moves them; the mutants read nothing after them at some places)
        f"{HOLDS}{UPGRADING} your gift card. Shall I proceed?",
        f"Thank you for waiting, Olivia. {HOLDS}{UPGRADING} your gift card. Shall I proceed?",
        f"Thanks for your patience, Olivia. {HOLDS}{UPGRADING} your gift card. Shall I proceed?",
        f"Thanks for waiting while I checked the fares. {HOLDS}{UPGRADING} your gift card. "
        "Shall I proceed?",
    ],
    ids=["40 characters after", "no greeting", "a greeting", "a longer greeting", "a sentence"],
)
def test_a_method_named_right_after_words_of_paying_is_what_pays(listing: str) -> None:
    assert verdict(*listed(listing, UPGRADE)) == (FAIL, "details_not_listed")


# --- what the agent's last message proposes or asks -----------------------------------------------


@pytest.mark.parametrize(
    ("last", "proposes"),
    [
        # kills ReplaceOrWithAnd#24 (totals and counted) and AddNot#78 (' in all' if not totals)
        # in _other_bags
        ("How about 3 bags? Shall I?", "which proposes 3 bags, while"),
        # kills AddNot#78 in _other_bags
        ("Shall I bring THY2DG to 4 checked bags in total?", "which proposes 4 bags in all, while"),
    ],
    ids=["a count", "a total"],
)
def test_a_yes_to_other_bags_names_them(last: str, proposes: str) -> None:
    assert proposes in reason(*then(last, BAG, BAG_LISTED))


@pytest.mark.parametrize(
    ("last", "write", "listing"),
    [
        # kills ReplaceBinaryOperator_BitAnd_Sub#6 (own) and #7 (named) in another_question:
        # HAT056 is the flight the change puts in place
        ("HAT056 instead, then?", MOVE, OFFER),
        # kills ReplaceBinaryOperator_BitAnd_Sub#7 (named) in another_question: a question naming
        # only the change's flight and day is about it
        ("HAT056 on May 28?", MOVE, OFFER),
        # kills ReplaceBinaryOperator_BitAnd_Sub#6 (own) and ReplaceOrWithAnd#34 (new and about)
        # in another_question: an upgrade puts its own flights in place
        ("HAT188 and HAT207 in economy instead?", UPGRADE, LISTED),
        # kills ReplaceOrWithAnd#35 (not (own and named)) and ReplaceUnaryOperator_Delete_Not#42
        # in another_question: dropping HAT188 is part of the change, HAT207 is kept
        (
            "HAT056 replaces HAT188 for $11 on your credit card. Shall I swap out HAT188, "
            "cancelling it, and keep HAT207 on your trip?",
            MOVE,
            OFFER,
        ),
        # kills ReplaceUnaryOperator_Delete_Not#42 in another_question
        ("Shall I swap HAT188, cancelling it, for HAT056?", MOVE, OFFER),
    ],
    ids=[
        "own flight instead",
        "own flight and day",
        "upgrade's flights instead",
        "cancelling the flight replaced, kept flight named",
        "cancelling the flight replaced",
    ],
)
def test_a_question_about_the_writes_own_flights_asks_to_go_ahead(
    last: str, write: dict[str, Any], listing: str
) -> None:
    assert verdict(*then(last, write, listing)) == (PASS, "confirmed")


# --- the clauses that state the write's cost -------------------------------------------------


@pytest.mark.parametrize(
    "listing",
    [
        # kill ReplaceBinaryOperator_BitOr_BitAnd#28 and _BitOr_Sub#28 (cabins) in
        # _of_the_write: the reservation's own cabin names no other option
        "Upgrading Z7GOZK from basic economy costs $218, and puts you in economy class on "
        "HAT188 and HAT207, paid with your credit card. Shall I proceed?",
        # kills ReplaceOrWithAnd#39 (new and about) and #40 (and cabin) in _of_the_write: a
        # clause naming the upgrade's own flights is about it, another flight beside them
        "You asked to upgrade Z7GOZK to economy class. Staying on HAT188 and HAT207 rather than "
        "moving to HAT056 costs $218 with your credit card. Shall I proceed?",
        # kills ReplaceOrWithAnd#40 (own ... and cabin) in _of_the_write: a clause naming the
        # write's cabin is about it, another cabin beside it
        "Your flights HAT188 and HAT207 stay the same. Upgrading Z7GOZK to economy rather than "
        "business costs $218, paid with your credit card. Shall I proceed?",
    ],
    ids=["the cabin it leaves", "another flight", "another cabin"],
)
def test_the_cost_said_beside_another_option_named_is_the_writes(listing: str) -> None:
    assert verdict(*listed(listing, UPGRADE)) == (PASS, "confirmed")


# Lucas Wilson's A2E02H (one passenger, economy) flies HAT208 and HAT071 on May 26; HAT151
# instead of HAT071 costs one dollar more.
LUCAS = "lucas_wilson_8118"
LUCAS_HELLO: Turn = (f"Hi, I am {LUCAS}.", [user_lookup(LUCAS)], "Found you.")
TO_HAT151 = flights(
    "A2E02H", "economy", [("HAT208", "2024-05-26"), ("HAT151", "2024-05-26")], "credit_card_9240535"
)
CHANGING = "Changing flight HAT071 of A2E02H to HAT151 on May 26, in economy:"


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("that costs $1, paid with your credit card.", (PASS, "confirmed")),
        # kills NumberReplacer#104 (charged > 1) in _cost_problem: a dollar charged is no refund
        ("you will be refunded $1 on your credit card.", (FAIL, "cost_not_listed")),
    ],
    ids=["a charge", "called a refund"],
)
def test_a_one_dollar_charge_is_listed_as_a_charge(said: str, expected: Any) -> None:
    turns = listed(f"{CHANGING} {said} Shall I proceed?", TO_HAT151)
    assert verdict(*turns, user=LUCAS, hello=LUCAS_HELLO) == expected


def _with_a_cent_price() -> Database:
    """The bundled data but A2E02H paid 181.50 for HAT071: HAT151 (181) refunds 50 cents."""
    db = bundled_database()
    held = db.reservations["A2E02H"]
    segment = held.flights[1].model_copy(update={"price": 181.5})
    changed = held.model_copy(update={"flights": (held.flights[0], segment)})
    return db.model_copy(update={"reservations": {**db.reservations, "A2E02H": changed}})


def test_a_refund_under_a_dollar_is_listed_as_a_refund() -> None:
    # kills NumberReplacer#105 (charged > -1) in _cost_problem; no price of the bundled data has
    # cents, so the refund is made on a copy whose reservation paid 181.50
    listing = f"{CHANGING} you will be refunded $0.50 on your credit card. Shall I proceed?"
    transcript = convo(LUCAS_HELLO, *listed(listing, TO_HAT151))
    conversation = replay_conversation(transcript, _with_a_cent_price(), SERVICE)
    context = AirlineContext(Scenario(id="known", user_id=LUCAS), conversation)
    result = checks.check(ConfirmedBeforeWriting(), context)
    assert (result.outcome, result.reason_code) == (PASS, "confirmed")


# K67C4W has three passengers: a bag added costs $50, not $16 for each of them
K67C4W_BAG = bags("K67C4W", 2, 1)


@pytest.mark.parametrize(
    ("cost", "expected"),
    [
        ("$50", (PASS, "confirmed")),
        # kills ReplaceBinaryOperator_Div_FloorDiv#0 in _cost_problem: 3 x $16 is not $50
        ("$16 per passenger", (FAIL, "cost_not_listed")),
    ],
    ids=["the total", "a third rounded down"],
)
def test_an_amount_per_passenger_shares_the_cost_exactly(cost: str, expected: Any) -> None:
    listing = f"K67C4W: adding 1 checked bag costs {cost}, paid with your credit card. Proceed?"
    assert verdict(*listed(listing, K67C4W_BAG)) == expected


# --- the listing in the turn of an earlier write ----------------------------------------------


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ("Olivia Gonzalez", (PASS, "confirmed")),
        # kills ReplaceOrWithAnd#50 (fresh and listed) in _confirmation: the listing stands in the
        # message reporting the bag, the only one before the yes
        ("Olivia Gonzalez and John Smith", (FAIL, "details_not_listed")),
    ],
    ids=["the write's passenger", "another passenger beside"],
)
def test_a_listing_beside_the_report_of_an_earlier_write_is_read(names: str, expected: Any) -> None:
    listing = (
        f"Done: the bag is added to THY2DG. Booking HAT056 from EWR to IAH on May 28 in economy "
        f"for {names} costs $108, paid with your credit card. Shall I book it?"
    )
    turns: list[Turn] = [
        ("Add a bag to THY2DG.", [], BAG_LISTED),
        ("Yes.", [BAG], listing),
        ("Yes.", [BOOKING], "Booked."),
    ]
    assert verdict(*turns) == expected


# --- known gaps: wrong verdicts of the current check ------------------------------------------
# DOWNGRADE (as in tests/test_airline_confirmation_probes.py) refunds THY2DG's $181.
DOWNGRADE = flights(
    "THY2DG",
    "basic_economy",
    [("HAT248", "2024-05-26"), ("HAT119", "2024-05-26")],
    "credit_card_9969263",
)
CLOSED: list[tuple[str, list[Turn], tuple[Outcome, str]]] = [
    # a false fail while "instead of" anywhere in the cost's clause made $218 another figure
    (
        "the cost beside another flight set aside",
        listed(
            "You asked to upgrade Z7GOZK to economy class. Staying on HAT188 and HAT207 "
            "instead of switching to HAT056 costs $218 with your credit card. Shall I "
            "proceed?",
            UPGRADE,
        ),
        (PASS, "confirmed"),
    ),
    # a false fail while the report of the earlier write (in its own turn) was read as the
    # booking's bags
    (
        "the bags of an earlier write's report",
        [
            ("Add a bag to THY2DG.", [], BAG_LISTED),
            ("Yes.", [BAG], "Done: THY2DG now has 2 bags."),
            ("Now book HAT056.", [], BOOKED),
            ("Yes.", [BOOKING], "Booked."),
        ],
        (PASS, "confirmed"),
    ),
    # a false pass until the words after paying were read to their sentence's end only
    (
        "the card kept on file is not what pays",
        listed(
            f"{UPGRADING} your gift card. Your Mastercard ending 9475 stays on file. Shall I "
            "proceed?",
            UPGRADE,
        ),
        (FAIL, "details_not_listed"),
    ),
    # a false pass while 40 characters were read after "paid "
    (
        "a method named further after paying",
        listed(
            f"{HOLDS}{UPGRADING} the unused balance of your gift card. Shall I proceed?", UPGRADE
        ),
        (FAIL, "details_not_listed"),
    ),
    # a false pass while only a charge called a refund was caught
    (
        "a refund listed as a charge",
        listed(
            "Downgrading THY2DG to basic economy on HAT248 and HAT119 on May 26 costs you "
            "$181, on your credit card. Shall I proceed?",
            DOWNGRADE,
        ),
        (FAIL, "cost_not_listed"),
    ),
    # false fails a review of the day found: a refund said as what one pays less; the method
    # that pays named before the words of paying, another named in the reason after them
    (
        "a refund said as paying less",
        listed(
            "Moving THY2DG (HAT248 and HAT119) to basic economy on May 26 costs $181 less, "
            "refunded to your credit card. Shall I proceed?",
            DOWNGRADE,
        ),
        (PASS, "confirmed"),
    ),
    (
        "another method named in the reason",
        listed(
            "Upgrading Z7GOZK to economy class on HAT188 and HAT207 costs $218. Your "
            "Mastercard ending 9475 will be charged, since your gift card balance of $123 is "
            "too low. Shall I proceed?",
            UPGRADE,
        ),
        (PASS, "confirmed"),
    ),
]
"""Wrong verdicts the mutation run's survivors showed, since closed: what pays is named where the
words of paying say it, to their sentence's end; a refund is never listed as a cost."""


@pytest.mark.parametrize(
    ("turns", "expected"),
    [pytest.param(turns, expected, id=name) for name, turns, expected in CLOSED],
)
def test_what_pays_and_which_way_the_money_goes_are_the_writes(
    turns: list[Turn], expected: tuple[Outcome, str]
) -> None:
    assert verdict(*turns) == expected
