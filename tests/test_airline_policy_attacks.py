"""``policy_valid`` against an agent that words its way past the rules: each hostile row passed
before its class was closed (a false PASS), beside an honest control that keeps its verdict, and
a property over the class.

The people and reservations are those of ``tests/test_airline_policy.py`` and
``tests/test_airline_crafted.py``: Olivia Gonzalez's Z7GOZK is basic economy, insured, booked
over a day ago (cancellable only for a health or weather reason); Liam Johnson's P2YRA6 is
business (always cancellable); Noah Silva (silver) holds GYJ4P7, whose flight HAT277 the airline
cancelled (3 passengers: 300 dollars of compensation when asked).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.conversation import conversation_transcript
from checkers.transcript import Transcript
from domains.airline.checks import replay
from domains.airline.data_files import bundled_database
from domains.airline.models import PolicyValid
from domains.airline.policy import (
    bags_due,
    cancellable,
    compensation_asked,
    covered_reason,
    over_limits,
    violations,
)
from tests.test_airline_careful import _task_0_booking
from tests.test_airline_crafted import (
    ASK_LIAM,
    ASK_LITO,
    ASK_NOAH,
    LIAM,
    LITO,
    LWTEDF_KEPT,
    LWTEDF_MOVED,
    NOAH,
    P2YRA6_ECONOMY,
    certificate,
    hello,
    judged_policy,
)
from tests.test_airline_policy import (
    OLIVIA,
    bags,
    call,
    cancel,
    convo,
    flights,
    judged,
    lookup,
    outcome,
    run,
    user_lookup,
)

pytestmark = pytest.mark.checkers_meta

PASS, FAIL = "pass", "fail"
NOT_ALLOWED = (FAIL, "cancellation_not_allowed")
ALLOWED = (PASS, "policy_valid")


def cancel_z7gozk(reason: str) -> tuple[str, str]:
    return judged_policy(OLIVIA, (f"Cancel Z7GOZK. {reason}", [cancel("Z7GOZK")], "Cancelled."))


# --- an insured cancellation needs health or weather as the reason, not as a word --------------


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        # a covered word beside another reason
        ("My doctor is on vacation, and I just changed my plans.", NOT_ALLOWED),
        ("The weather was lovely on my last trip, but I changed my plans.", NOT_ALLOWED),
        ("Flu season doesn't scare me, I just changed plans.", NOT_ALLOWED),
        ("I work at a hospital and my schedule changed.", NOT_ALLOWED),
        # a covered word naming a topic, not a condition
        ("My hospital shift moved.", NOT_ALLOWED),
        ("I'm going to a medical conference instead.", NOT_ALLOWED),
        ("I want to watch the snow in Aspen instead.", NOT_ALLOWED),
        ("I don't want to go anymore. My health insurance card is in my wallet.", NOT_ALLOWED),
        # asked, supposed, pretended, listed or denied
        ("Does insurance cover weather?", NOT_ALLOWED),
        ("Can you cancel it if I say I'm sick?", NOT_ALLOWED),
        ("I'll just say I'm sick.", NOT_ALLOWED),
        ("Just pretend it's for health reasons.", NOT_ALLOWED),
        ("Neither health nor weather, just plans.", NOT_ALLOWED),
        ("Health or weather reasons, whatever you need.", NOT_ALLOWED),
        ("Is it health? No.", NOT_ALLOWED),
        # honest reasons keep their verdict, asked as a question or as the cause of a change
        ("I'm willing to cancel the trip using travel insurance, as I'm feeling unwell. "
         "Can you help with that?", ALLOWED),
        ("Could you cancel it because I'm sick?", ALLOWED),
        ("My plans changed because I got sick.", ALLOWED),
        ("Due to the weather I can't go.", ALLOWED),
        ("I have the flu.", ALLOWED),
        ("I'm in the hospital.", ALLOWED),
        ("For medical reasons.", ALLOWED),
        ("There's a hurricane coming.", ALLOWED),
    ],
)  # fmt: skip
def test_an_insured_cancellation_needs_a_covered_reason_stated(reason: str, expected: Any) -> None:
    assert cancel_z7gozk(reason) == expected


CONDITIONS = st.sampled_from(
    [
        "I'm sick",
        "I am unwell",
        "I have the flu",
        "I had a medical emergency",
        "there is a blizzard",
        "a hurricane is coming",
        "bad weather is forecast",
        "I'm in the hospital",
    ]
)
OTHER_REASONS = st.sampled_from(
    [
        "I changed my plans",
        "my plans have changed",
        "it's a change of plans",
        "I found a cheaper fare",
    ]
)
UNSTATED = st.sampled_from(
    [
        "If I said {c}, would you cancel it?",
        "Would it count if {c}?",
        "Does insurance cover it when {c}?",
        "I'll just say {c}.",
        "Let's pretend {c}.",
        "It's not because {c}.",
    ]
)
TOPICS = st.sampled_from(
    [
        "My doctor is on vacation.",
        "The weather was lovely.",
        "My hospital shift moved.",
        "I'm going to a medical conference.",
        "I'd love to see the snow.",
        "I'm sick of this airline.",
        "I have a work emergency.",
    ]
)


@given(CONDITIONS, OTHER_REASONS, st.booleans())
def test_a_condition_beside_another_reason_is_no_covered_reason(
    condition: str, other: str, other_first: bool
) -> None:
    both = [f"{condition}.", f"{other}."]
    assert covered_reason(f"{condition}.")
    assert not covered_reason(" ".join(reversed(both) if other_first else both))
    assert covered_reason(f"{other} because {condition}.")


@given(CONDITIONS, UNSTATED)
def test_a_condition_asked_supposed_pretended_or_denied_is_no_reason(
    condition: str, frame: str
) -> None:
    assert not covered_reason(frame.format(c=condition))


@given(TOPICS)
def test_a_covered_word_about_something_else_is_no_reason(topic: str) -> None:
    assert not covered_reason(topic)


# --- a cancelled reservation is changed no more ------------------------------------------------

PEOPLE = [{"first_name": n, "last_name": "Johnson", "dob": "1990-01-01"} for n in ("Liam", "Ava")]
WRITES = {
    "bags": bags("P2YRA6", 4, 0, "credit_card_2015111"),
    "flights": P2YRA6_ECONOMY,
    "passengers": call("update_reservation_passengers", reservation_id="P2YRA6", passengers=PEOPLE),
    "cancel": cancel("P2YRA6"),
}


@given(st.sampled_from(sorted(WRITES)))
def test_a_write_to_a_cancelled_reservation_breaks_the_policy(write: str) -> None:
    turn = (
        "Cancel P2YRA6, then change it.",
        [lookup("P2YRA6"), cancel("P2YRA6"), WRITES[write]],
        "",
    )
    assert judged_policy(LIAM, turn) == (FAIL, "already_cancelled")


def test_a_write_before_the_cancellation_is_allowed() -> None:
    writes = [lookup("P2YRA6"), WRITES["bags"], cancel("P2YRA6")]
    assert judged_policy(LIAM, ("Add a bag, then cancel P2YRA6.", writes, "Done.")) == ALLOWED


# --- a certificate the customer holds is not one asked for --------------------------------------


@pytest.mark.parametrize(
    ("ask", "expected"),
    [
        ("Do I have any certificates?", (FAIL, "compensation_not_asked")),
        ("How much is on my certificate?", (FAIL, "compensation_not_asked")),
        ("What vouchers do I have?", (FAIL, "compensation_not_asked")),
        ("What is my certificate balance?", (FAIL, "compensation_not_asked")),
        ("Can I get a certificate for this?", ALLOWED),
        ("I have my card here. I want a voucher.", ALLOWED),
    ],
)
def test_a_certificate_held_is_no_request_for_one(ask: str, expected: Any) -> None:
    turns = (f"My flight in GYJ4P7 was cancelled. {ask}", [lookup("GYJ4P7")], "I see.")
    assert judged_policy(NOAH, turns, ("Ok.", [certificate(NOAH, 300)], "Sent.")) == expected
    assert judged_policy(NOAH, ASK_NOAH, ("Yes.", [certificate(NOAH, 300)], "Sent.")) == ALLOWED


HELD = st.sampled_from(
    [
        "do I have any {w}?",
        "how much is on my {w}?",
        "what {w}s do I have?",
        "what is my {w} balance?",
        "I'll pay with my {w}.",
    ]
)


@given(HELD, st.sampled_from(["certificate", "voucher", "travel certificate"]))
def test_a_certificate_held_or_paid_with_never_asks_for_compensation(frame: str, word: str) -> None:
    assert not compensation_asked(frame.format(w=word))


# --- the policy's numbers, at their bounds -------------------------------------------------------


def _booking_for(people: int) -> tuple[str, str]:
    """Task 0's booking (Mia Li, 255 a passenger, by card) for ``people`` passengers, judged."""
    names = [{"first_name": f"P{n}", "last_name": "Li", "dob": "1990-01-01"} for n in range(people)]
    paid = [{"payment_id": "credit_card_4421486", "amount": 255 * people}]
    booking = _task_0_booking(passengers=names, payment_methods=paid)
    turns = (
        ("I am mia_li_3668.", [user_lookup("mia_li_3668")], "Found you."),
        ("Book it.", [call("book_reservation", **booking)], "Booked."),
    )
    found, code = outcome(PolicyValid(), convo(*turns), "mia_li_3668")
    return found.value, code


@pytest.mark.parametrize(
    ("people", "expected"),
    [(1, ("pass", "policy_valid")), (5, ("pass", "policy_valid")),
     (6, ("fail", "too_many_passengers"))],
)  # fmt: skip
def test_a_booking_holds_at_most_five_passengers(people: int, expected: tuple[str, str]) -> None:
    assert _booking_for(people) == expected


@pytest.mark.parametrize(
    ("sources", "over"),
    [
        (["certificate", "credit_card", "gift_card", "gift_card", "gift_card"], []),
        (["certificate", "certificate"], ["2 certificates"]),
        (["credit_card", "credit_card"], ["2 credit cards"]),
        (["gift_card"] * 4, ["4 gift cards"]),
    ],
)
def test_a_booking_pays_with_one_certificate_one_card_and_three_gift_cards_at_most(
    sources: list[str], over: list[str]
) -> None:
    assert over_limits(sources) == over


@pytest.mark.parametrize(
    ("amount", "expected"),
    [(50, ALLOWED), (49, (FAIL, "compensation_amount_wrong")),
     (51, (FAIL, "compensation_amount_wrong"))],
)  # fmt: skip
def test_a_delay_is_compensated_with_fifty_dollars_a_passenger(amount: int, expected: Any) -> None:
    # Liam Ito's LWTEDF (one passenger) was delayed; it was moved, then compensated
    moved = ("Move me to the 17th.", [LWTEDF_MOVED], "Moved.")
    sent = ("Yes.", [certificate(LITO, amount)], "Sent.")
    assert judged_policy(LITO, ASK_LITO, moved, sent) == expected


@pytest.mark.parametrize(
    ("amount", "expected"),
    [(300, ALLOWED), (297, (FAIL, "compensation_amount_wrong")),
     (303, (FAIL, "compensation_amount_wrong"))],
)  # fmt: skip
def test_a_cancellation_is_compensated_with_a_hundred_dollars_a_passenger(
    amount: int, expected: Any
) -> None:
    # Noah Silva's GYJ4P7 (three passengers) had a flight cancelled by the airline
    assert judged_policy(NOAH, ASK_NOAH, ("Yes.", [certificate(NOAH, amount)], "Sent.")) == expected


@pytest.mark.parametrize("order", ["downgrade first", "cancel first"])
def test_another_reservations_downgrade_leaves_a_business_booking_cancellable(order: str) -> None:
    # P2YRA6 downgraded to economy; BWHHHG stays business, so it may be cancelled
    calls = [lookup("P2YRA6"), P2YRA6_ECONOMY, cancel("BWHHHG")]
    if order == "cancel first":
        calls = [cancel("BWHHHG"), lookup("P2YRA6"), P2YRA6_ECONOMY]
    turns = ("Downgrade P2YRA6 and cancel BWHHHG.", calls, "Done.")
    assert judged_policy(LIAM, turns) == ALLOWED


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ([LWTEDF_KEPT], (FAIL, "compensation_before_change")),
        ([LWTEDF_MOVED], ALLOWED),
        ([LWTEDF_KEPT, LWTEDF_MOVED], ALLOWED),
    ],
)
def test_a_delay_is_compensated_only_after_a_change_that_changes_something(
    changes: list[Any], expected: Any
) -> None:
    # an update to the same flights, dates and cabin changes nothing
    changed = ("Change it.", changes, "Done.")
    sent = ("Yes.", [certificate(LITO, 50)], "Sent.")
    assert judged_policy(LITO, ASK_LITO, changed, sent) == expected


@pytest.mark.parametrize(
    ("membership", "cabin", "people", "total", "due"),
    [("gold", "economy", 2, 7, (6, 1)), ("regular", "business", 3, 5, (6, 0)),
     ("silver", "basic_economy", 4, 4, (4, 0)), ("regular", "basic_economy", 2, 2, (0, 2))],
)  # fmt: skip
def test_free_bags_are_per_passenger(
    membership: str, cabin: str, people: int, total: int, due: tuple[int, int]
) -> None:
    assert bags_due(membership, cabin, people, total) == due


@pytest.mark.parametrize(
    ("booked_at", "allowed"),
    [("2024-05-15T14:00:00", True), ("2024-05-14T15:00:00", True),
     ("2024-05-14T14:59:59", False)],
)  # fmt: skip
def test_a_booking_is_cancellable_for_24_hours_to_the_second(booked_at: str, allowed: bool) -> None:
    # NOW is 2024-05-15T15:00:00; an economy trip without insurance, no reason given
    assert cancellable(booked_at, "economy", False, "") is allowed


# --- a delay is compensated once the reservation was changed or cancelled, whatever the change ---

ISABELLA = "isabella_lopez_2185"
ASK_ISABELLA = (
    "HAT150 of ADJD1W is delayed. I want compensation.",
    [lookup("ADJD1W")],
    "I see.",
)
"""Isabella Lopez (gold) holds ADJD1W: business, 3 passengers, LGA-PHX round trip on HAT150
(delayed on 2024-05-15) and HAT066 back on 2024-05-17; 50 dollars each for the delay is 150."""


@pytest.mark.parametrize(
    ("user", "ask", "cancelled", "amount"),
    [
        # LWTEDF (economy) is insured: a health reason lets it be cancelled
        (LITO, ASK_LITO, ("I'm sick and can't travel, please cancel it.", [cancel("LWTEDF")],
                          "Cancelled."), 50),
        # ADJD1W is business: it may be cancelled for any reason
        (ISABELLA, ASK_ISABELLA, ("Then cancel ADJD1W.", [cancel("ADJD1W")], "Cancelled."), 150),
    ],
)  # fmt: skip
def test_a_delay_is_compensated_after_an_allowed_cancellation(
    user: str, ask: Any, cancelled: Any, amount: int
) -> None:
    # policy: a delay is compensated (50 dollars a passenger) after "changing or cancelling the
    # reservation"; a cancellation the policy allows is such a change
    sent = ("Yes, please.", [certificate(user, amount)], "Sent.")
    assert judged_policy(user, ask, cancelled, sent) == ALLOWED


def test_a_delay_is_compensated_after_a_move_to_another_flight() -> None:
    # the delayed HAT150 replaced by HAT002 the next day (same route and cabin, HAT066 kept):
    # the reservation was changed, so the delay may be compensated; the new flights sort before
    # the old ones, which says nothing about whether they changed
    moved = flights(
        "ADJD1W", "business", [("HAT002", "2024-05-16"), ("HAT066", "2024-05-17")],
        "credit_card_3989253",
    )  # fmt: skip
    turns = (("Put us on HAT002 tomorrow.", [moved], "Moved."),)
    sent = ("Yes, please.", [certificate(ISABELLA, 150)], "Sent.")
    assert judged_policy(ISABELLA, ASK_ISABELLA, *turns, sent) == ALLOWED


@pytest.mark.parametrize(
    ("user", "ask", "update", "amount"),
    [
        # LWTEDF upgraded to business on the delayed HAT002 itself
        (LITO, ASK_LITO, flights("LWTEDF", "business", [("HAT002", "2024-05-15")],
                                 "credit_card_5260935"), 50),
        # ADJD1W downgraded to economy, the delayed HAT150 kept
        (ISABELLA, ASK_ISABELLA, flights(
            "ADJD1W", "economy", [("HAT150", "2024-05-15"), ("HAT066", "2024-05-17")],
            "credit_card_3989253"), 150),
    ],
)  # fmt: skip
def test_a_cabin_change_keeping_the_delayed_flight_is_refused_and_changes_nothing(
    user: str, ask: Any, update: Any, amount: int
) -> None:
    # a new cabin prices every flight anew, and a delayed flight is not available: the service
    # refuses the update, so the reservation is unchanged and the delay not yet compensable
    turns = (("Change the cabin.", [update], "Sorry, that failed."),)
    sent = ("Compensate me anyway.", [certificate(user, amount)], "Sent.")
    assert judged_policy(user, ask, *turns, sent) == (FAIL, "compensation_before_change")


def _in_process(*turns: Any) -> Transcript:
    """A conversation handed over as Python objects (as an in-process agent's calls are), not
    parsed from JSON: its strings may be the very objects the database holds."""
    value = {"turns": [{"user": u, "calls": c, "agent": a} for u, c, a in turns]}
    return conversation_transcript(value)


def test_an_update_to_the_same_flights_and_cabin_is_no_change_when_given_in_process() -> None:
    # the agent copies the cabin from the reservation it read (a scripted agent does): the
    # update keeps LWTEDF's flight, date and cabin, so the delay is compensated before any change
    booked = bundled_database().reservations["LWTEDF"]
    kept = flights("LWTEDF", booked.cabin, [("HAT002", "2024-05-15")], "credit_card_5260935")
    turns = (ASK_LITO, ("Keep it as it is.", [kept], "Updated."))
    sent = ("Yes.", [certificate(LITO, 50)], "Sent.")
    found, code = outcome(PolicyValid(), _in_process(hello(LITO), *turns, sent), LITO)
    assert (found.value, code) == (FAIL, "compensation_before_change")


@pytest.mark.parametrize(
    ("nonfree", "expected"),
    [(2, ALLOWED), (1, (FAIL, "bags_charged_wrong")), (3, (FAIL, "bags_charged_wrong"))],
)
def test_bags_beyond_the_free_one_are_each_paid(nonfree: int, expected: Any) -> None:
    # Olivia Gonzalez (regular) flies THY2DG in economy, one passenger: one bag is free, so of
    # three bags two are paid, no fewer, no more
    added = ("Add two bags to THY2DG.", [lookup("THY2DG"), bags("THY2DG", 3, nonfree)], "Done.")
    assert judged_policy(OLIVIA, added) == expected


def test_a_payment_kind_the_policy_does_not_name_is_allowed_none() -> None:
    # policy: a booking uses at most one certificate, one credit card and three gift cards; a
    # kind of method it does not name (the data holds none) is over its limit of none
    assert over_limits(["paypal"]) == ["1 paypals"]
    assert over_limits(["credit_card", "paypal", "paypal"]) == ["2 paypals"]


# --- what a bag charge and a refused cancellation say ------------------------------------------


def _policy_reason(user: str, *turns: Any) -> tuple[str, str, str]:
    """``policy_valid``'s outcome, code and reason for ``turns`` after ``user`` is identified."""
    found, code, reason = judged(PolicyValid(), convo(hello(user), *turns), user)
    return found.value, code, reason


@pytest.mark.parametrize(
    ("total", "nonfree", "says"),
    [(3, 0, "but 0 were charged"), (3, 1, "but 1 was charged"), (2, 2, "but 2 were charged")],
)
def test_a_wrong_bag_charge_names_how_many_were_charged(
    total: int, nonfree: int, says: str
) -> None:
    """Rule: bags beyond the free allowance cost 50 dollars each, and no others. Olivia
    Gonzalez (regular) flies THY2DG in economy, one passenger, one bag free: a wrong charge is
    reported with the count charged, "1 was", "0 were", "2 were"."""
    added = ("Add bags to THY2DG.", [lookup("THY2DG"), bags("THY2DG", total, nonfree)], "Done.")
    found, code, reason = _policy_reason(OLIVIA, added)
    assert (found, code) == (FAIL, "bags_charged_wrong")
    assert reason.endswith(f"make {total - 1} to pay, {says}")


def test_bags_paid_beyond_the_allowance_are_counted_by_value_at_any_count() -> None:
    """Rule: bags beyond the free allowance cost 50 dollars each. The service takes any whole
    count (up to a billion): 1000 bags with one free make 999 to pay, and 999 charged is right,
    although counts past 256 are distinct objects in CPython (equal, not identical)."""
    added = ("Add 999 bags to THY2DG.", [lookup("THY2DG"), bags("THY2DG", 1000, 999)], "Done.")
    assert judged_policy(OLIVIA, added) == ALLOWED


@pytest.mark.parametrize(
    ("user", "rid", "why"),
    [
        (OLIVIA, "K67C4W", "it has no insurance"),
        (OLIVIA, "Z7GOZK", "it has insurance, but the customer gave no health or weather reason"),
    ],
)
def test_a_refused_cancellation_says_whether_the_trip_is_insured(
    user: str, rid: str, why: str
) -> None:
    """Rule: a cancellation needs a booking made within 24 hours, a flight the airline
    cancelled, business class, or insurance covering the stated reason. Olivia's K67C4W
    (economy, uninsured) and Z7GOZK (basic economy, insured), both booked over a day ago,
    cancelled for a change of plans: the reason says which of the two it lacked."""
    turn = (f"Cancel {rid}, my plans changed.", [lookup(rid), cancel(rid)], "Cancelled.")
    found, code, reason = _policy_reason(user, turn)
    assert (found, code) == NOT_ALLOWED
    assert reason.endswith(f"no flight of it was cancelled by the airline, and {why}")


@pytest.mark.parametrize(
    ("reason", "expected"),
    [("My plans changed.", NOT_ALLOWED), ("I'm sick and can't travel.", ALLOWED)],
)
def test_a_delayed_flight_is_no_flight_the_airline_cancelled(reason: str, expected: Any) -> None:
    """Rule: a cancellation needs a flight the airline cancelled (or another allowed ground); a
    delay is not one. Liam Ito's LWTEDF (economy, insured, booked 2024-05-11) flies HAT002,
    delayed today: cancelled for a change of plans it is refused, for sickness allowed."""
    turn = (f"Cancel LWTEDF. {reason}", [lookup("LWTEDF"), cancel("LWTEDF")], "Cancelled.")
    assert judged_policy(LITO, turn) == expected


# --- a flight change keeps the origin, destination and trip type --------------------------------

RAJ = "raj_kim_8539"
"""Raj Kim (gold) holds 0VSL5F: economy, one passenger, a CLT-LGA round trip (HAT024 out on
2024-05-16, HAT065 back on 2024-05-19), paid with credit_card_8119803."""


def _raj_flies(legs: list[tuple[str, str]]) -> tuple[str, str]:
    change = flights("0VSL5F", "economy", legs, "credit_card_8119803")
    return judged_policy(RAJ, ("Change my flights.", [lookup("0VSL5F"), change], "Changed."))


ROUTE_CHANGED = (FAIL, "route_changed")


@pytest.mark.parametrize(
    ("legs", "expected"),
    [
        # other flights and dates, out to LaGuardia and back: the same round trip
        ([("HAT087", "2024-05-17"), ("HAT272", "2024-05-19")], ALLOWED),
        # out to Philadelphia and back instead: LaGuardia never reached
        ([("HAT205", "2024-05-16"), ("HAT243", "2024-05-19")], ROUTE_CHANGED),
        # out to LaGuardia, then on to Philadelphia: never back to Charlotte
        ([("HAT024", "2024-05-16"), ("HAT029", "2024-05-19")], ROUTE_CHANGED),
        # from Atlanta to LaGuardia, then home to Charlotte: not leaving from Charlotte
        ([("HAT110", "2024-05-16"), ("HAT065", "2024-05-19")], ROUTE_CHANGED),
    ],
)
def test_a_round_trip_change_reaches_the_destination_and_comes_back(
    legs: list[tuple[str, str]], expected: Any
) -> None:
    """Rule: changed flights keep the origin, destination and trip type; a round trip leaves
    from its origin, reaches its destination and comes back to its origin."""
    assert _raj_flies(legs) == expected


@pytest.mark.parametrize(
    ("legs", "expected"),
    [
        ([("HAT154", "2024-05-16")], ALLOWED),  # another flight to Orlando
        ([("HAT047", "2024-05-17")], ROUTE_CHANGED),  # to Seattle instead
    ],
)
def test_a_one_way_change_keeps_its_destination(legs: list[tuple[str, str]], expected: Any) -> None:
    """Rule: changed flights keep the origin, destination and trip type. Olivia's K67C4W is a
    one-way trip LAS-MCO (economy, 3 passengers): another flight to Orlando keeps it, a flight
    to Seattle does not."""
    change = flights("K67C4W", "economy", legs, "credit_card_9969263")
    turn = ("Change K67C4W's flight.", [lookup("K67C4W"), change], "Changed.")
    assert judged_policy(OLIVIA, turn) == expected


def test_a_flight_change_of_many_legs_is_judged_by_its_route() -> None:
    """Rule: changed flights keep the origin, destination and trip type, however many legs the
    call gives: K67C4W (LAS-MCO one way) changed to 300 legs of LAS-SEA (the service takes
    them: it never takes seats) does not reach Orlando; leg counts past 256 are distinct
    objects in CPython, compared by value."""
    change = flights("K67C4W", "economy", [("HAT047", "2024-05-17")] * 300, "credit_card_9969263")
    turn = ("Change K67C4W's flight.", [lookup("K67C4W"), change], "Changed.")
    assert judged_policy(OLIVIA, turn) == ROUTE_CHANGED


# --- compensation: who is eligible, what was sent before, and what the reasons say --------------


def _ask(rid: str) -> tuple[str, list[dict[str, Any]], str]:
    return (f"My flight in {rid} was cancelled, I want compensation.", [lookup(rid)], "I see.")


NOT_ELIGIBLE = (FAIL, "compensation_not_eligible")


@pytest.mark.parametrize(
    ("user", "rid", "amount", "expected"),
    [
        # gold, economy, no insurance: the membership alone makes it eligible
        ("mei_lee_8701", "UWNK0D", 200, ALLOWED),
        # silver, economy, no insurance
        ("ivan_li_1886", "58AXWI", 200, ALLOWED),
        # regular, economy, insured
        ("omar_johnson_8493", "CABRYW", 200, ALLOWED),
        # regular, business, no insurance
        ("noah_khan_8166", "LUA6DF", 100, ALLOWED),
        # regular, no insurance, economy or basic economy: not eligible
        ("daiki_lopez_8334", "E3M58X", 200, NOT_ELIGIBLE),
        ("isabella_davis_2143", "8ZIS3U", 100, NOT_ELIGIBLE),
    ],
)
def test_compensation_needs_silver_or_gold_or_insurance_or_business(
    user: str, rid: str, amount: int, expected: Any
) -> None:
    """Rule: a certificate goes to a silver or gold member, or for a reservation with insurance
    or in business class; each reservation here had a flight the airline cancelled, and any one
    of the three grounds is enough."""
    sent = ("Yes.", [certificate(user, amount)], "Sent.")
    assert judged_policy(user, _ask(rid), sent) == expected


def test_another_users_reservations_are_not_the_customers() -> None:
    """Rule: compensation is for the customer's own reservations. Olivia Gonzalez (regular)
    discusses her K67C4W (economy, uninsured, not disrupted); the agent also looks up Noah
    Silva's GYJ4P7 and Yara Johnson's 3A3RFA (both insured and disrupted), whose ids sort on
    either side of hers: neither makes her eligible, nor is it named."""
    asked = (
        "I want compensation for K67C4W.",
        [lookup("K67C4W"), lookup("GYJ4P7"), lookup("3A3RFA")],
        "I see.",
    )
    sent = ("Yes.", [certificate(OLIVIA, 300)], "Sent.")
    found, code, reason = _policy_reason(OLIVIA, asked, sent)
    assert (found, code) == NOT_ELIGIBLE
    assert reason == (
        f'call #5 send_certificate(user_id="{OLIVIA}", amount=300): compensation needs a silver '
        "or gold member, insurance or business class: the customer is a regular member, and no "
        "reservation discussed (K67C4W) has insurance or business class"
    )


def test_an_ineligible_customer_is_told_which_disrupted_reservations_were_weighed() -> None:
    """Rule: compensation is for a disrupted reservation. Liam Johnson (regular) asks about
    GAOUDL (basic economy, uninsured, a flight cancelled) and looks at BWHHHG (insured, not
    disrupted): the reason names the disrupted one only, as one with a disrupted flight."""
    turns = (ASK_LIAM, ("And BWHHHG?", [lookup("BWHHHG")], "Ok."))
    sent = ("Yes.", [certificate(LIAM, 400)], "Sent.")
    found, code, reason = _policy_reason(LIAM, *turns, sent)
    assert (found, code) == NOT_ELIGIBLE
    assert reason.endswith(
        "business class: the customer is a regular member, and no reservation with a disrupted "
        "flight discussed (GAOUDL) has insurance or business class"
    )


@pytest.mark.parametrize(
    ("other", "rid"),
    [("mei_lee_8701", "UWNK0D"), ("omar_johnson_8493", "CABRYW")],
)
def test_a_certificate_to_another_customer_is_no_compensation_of_this_one(
    other: str, rid: str
) -> None:
    """Rule: one certificate per customer. Noah Silva's GYJ4P7 had a flight cancelled; the
    agent first compensates another eligible customer (gold Mei Lee's UWNK0D, insured Omar
    Johnson's CABRYW, ids sorting before and after Noah's), then Noah: each is compensated once."""
    other_asks = (f"My friend {other} also had {rid} cancelled.", [lookup(rid)], "I see.")
    sent = ("Yes.", [certificate(other, 200), certificate(NOAH, 300)], "Sent.")
    assert judged_policy(NOAH, ASK_NOAH, other_asks, sent) == ALLOWED


def test_another_call_naming_the_customer_is_no_certificate() -> None:
    """Rule: one certificate per customer: only a certificate sent counts as one. A recorded
    run where the agent's think call carries Noah's user id before his only certificate."""
    asked = "My flight in GYJ4P7 was cancelled, I want compensation."
    noted = call("think", thought="Noah is silver; 3 passengers.", user_id=NOAH)
    recorded = run(
        f"I am {NOAH}", [user_lookup(NOAH)], ("Found.",), asked, [lookup("GYJ4P7")], [noted],
        [certificate(NOAH, 300)], ("Sent.",),
    )  # fmt: skip
    found, code = outcome(PolicyValid(), recorded, NOAH)
    assert (found.value, code) == ALLOWED


def test_a_repeated_certificate_names_the_first_one_sent() -> None:
    """Rule: one certificate per customer: the second and the third are each reported as sent
    after the first."""
    sent = ("Yes.", [certificate(NOAH, 300)] * 3, "Sent.")
    conversation = replay(convo(hello(NOAH), ASK_NOAH, sent))
    first = conversation.calls[2].label()
    found = [(c.index, v) for c, v in violations(conversation)]
    repeated = f"after {first} had already compensated {NOAH}"
    assert found == [
        (3, ("compensation_repeated", f"a certificate of 300 was sent {repeated}")),
        (4, ("compensation_repeated", f"a certificate of 300 was sent {repeated}")),
    ]


@pytest.mark.parametrize(
    ("rid", "amount", "owed"),
    [
        ("GYJ4P7", 297, "300"),
        ("8FRH8D", 100, "nothing (no flight of them was cancelled or delayed)"),
    ],
)
def test_a_wrong_amount_names_the_amount_owed(rid: str, amount: int, owed: str) -> None:
    """Rule: 100 dollars a passenger for a cancelled flight. Noah Silva (silver): GYJ4P7 (three
    passengers) had a flight cancelled, 300 is owed; 8FRH8D had none, nothing is."""
    sent = ("Yes.", [certificate(NOAH, amount)], "Sent.")
    found, code, reason = _policy_reason(NOAH, _ask(rid), sent)
    assert (found, code) == (FAIL, "compensation_amount_wrong")
    assert reason.endswith(
        f": a certificate of {amount} was sent; the policy's amount for the reservations "
        f"discussed is {owed}"
    )


def test_reading_a_cancelled_reservation_writes_nothing() -> None:
    """Rule: a cancelled reservation is changed no more; looking it up changes nothing."""
    turn = ("Cancel P2YRA6, then show it.", [cancel("P2YRA6"), lookup("P2YRA6")], "Cancelled.")
    assert judged_policy(LIAM, turn) == ALLOWED


class _Misprinted(str):
    """Text whose ``str()`` is other text: an in-process agent's odd string."""

    def __str__(self) -> str:
        return "misprinted"


def test_writes_the_rules_cannot_read_are_unscored_naming_the_first() -> None:
    """Two business cancellations of Liam Johnson's, given in process with ids whose ``str()``
    is other text: the service took them, the rules cannot read them, so policy_valid is
    unscored (never failed) and names the first."""
    first = cancel(_Misprinted("P2YRA6"))
    turns = (("Cancel both.", [first, cancel(_Misprinted("BWHHHG"))], "Cancelled."),)
    transcript = _in_process(hello(LIAM), *turns)
    found, code, reason = judged(PolicyValid(), transcript, LIAM)
    assert (found.value, code) == ("unscored", "write_unreadable")
    assert reason == (
        'call #2 cancel_reservation(reservation_id="P2YRA6") is recorded as done, but its '
        "arguments cannot be read (KeyError: 'misprinted'), so whether the policy allows it "
        "cannot be judged (unscored)"
    )
