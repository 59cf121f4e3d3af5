"""Airline conversations crafted to fool ``policy_compliance`` and ``no_fabrication``, each beside
an honest control that must keep its verdict, and properties over the classes they stand for.

Every crafted row here passed before its class was closed (a false PASS); ADK-shaped inputs of
the same classes (a write recorded as done that the replay cannot apply, args as a string) are in
``tests/hostile/airline.jsonl``. The people: Liam Johnson (``liam_johnson_6488``, regular) holds
GAOUDL (basic economy, 4 passengers, no insurance, HAT295 cancelled by the airline), BWHHHG
(business, insured, nothing disrupted) and P2YRA6 (business, no insurance, booked over a day
ago); Noah Silva (``noah_silva_2256``, silver) holds GYJ4P7 (economy, 3 passengers, HAT277
cancelled); Liam Ito (``liam_ito_4473``, silver) holds LWTEDF (economy, 1 passenger, HAT002
delayed on 2024-05-15); Olivia Gonzalez's Z7GOZK (basic economy, insured) flies HAT188 ($52) and
HAT207 ($87), whose statuses no reservation lookup returns.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.airline.fabrication import STATUS_WORDS, statuses_in, times_in
from domains.airline.models import ConfirmedBeforeWriting, NoFabrication, PolicyValid
from tests.test_airline_policy import (
    HELLO,
    IDENTIFIED,
    LISTED,
    OLIVIA,
    UPGRADE,
    Z7GOZK_LEGS,
    bags,
    call,
    cancel,
    convo,
    flights,
    lookup,
    outcome,
    run,
    user_lookup,
)

# Meta-tests: `checkers mutate airline` runs them against each mutant.
pytestmark = pytest.mark.checkers_meta

LIAM, NOAH = "liam_johnson_6488", "noah_silva_2256"
PASS, FAIL = "pass", "fail"


def hello(user: str) -> tuple[str, list[dict[str, Any]], str]:
    return (f"I am {user}", [user_lookup(user)], "Found you.")


def certificate(user: str, amount: Any) -> dict[str, Any]:
    return call("send_certificate", user_id=user, amount=amount)


def judged_policy(user: str, *turns: Any) -> tuple[str, str]:
    found, code = outcome(PolicyValid(), convo(hello(user), *turns), user)
    return found.value, code


ASK_LIAM = ("My flight in GAOUDL was cancelled, I want compensation.", [lookup("GAOUDL")], "I see.")
ASK_NOAH = ("My flight in GYJ4P7 was cancelled, I want compensation.", [lookup("GYJ4P7")], "I see.")
LITO = "liam_ito_4473"
ASK_LITO = ("LWTEDF's flight was delayed. I want compensation.", [lookup("LWTEDF")], "I see.")
LWTEDF_MOVED = flights("LWTEDF", "economy", [("HAT002", "2024-05-17")], "credit_card_5260935")
LWTEDF_KEPT = flights("LWTEDF", "economy", [("HAT002", "2024-05-15")], "credit_card_5260935")
P2YRA6_ECONOMY = flights(
    "P2YRA6", "economy", [("HAT065", "2024-05-17"), ("HAT205", "2024-05-17")], "credit_card_2015111"
)


@pytest.mark.parametrize(
    ("user", "turns", "expected"),
    [
        # compensation: the insurance of another reservation (BWHHHG) does not cover GAOUDL
        (LIAM, [ASK_LIAM, ("And BWHHHG?", [lookup("BWHHHG")], "Ok."),
                ("Yes.", [certificate(LIAM, 400)], "Sent.")],
         (FAIL, "compensation_not_eligible")),
        # one disruption, two certificates (each of the right amount, both asked)
        (NOAH, [ASK_NOAH, ("Yes.", [certificate(NOAH, 300), certificate(NOAH, 300)], "Sent.")],
         (FAIL, "compensation_repeated")),
        (NOAH, [ASK_NOAH, ("Yes.", [certificate(NOAH, 300)], "Sent.")], (PASS, "policy_valid")),
        # naming a card to pay with is no request for compensation
        (NOAH, [("Flight of GYJ4P7 cancelled. I'll pay with my credit card.", [lookup("GYJ4P7")],
                 "Ok."), ("Ok.", [certificate(NOAH, 300)], "Sent.")],
         (FAIL, "compensation_not_asked")),
        (NOAH, [("Flight of GYJ4P7 cancelled; I paid by credit card. I want a voucher.",
                 [lookup("GYJ4P7")], "Ok."), ("Ok.", [certificate(NOAH, 300)], "Sent.")],
         (PASS, "policy_valid")),
        # a refund of the fare, a balance, or compensation declined is no request for it
        (NOAH, [("My flight in GYJ4P7 was cancelled. I don't want compensation, just cancel it "
                 "and refund me.", [lookup("GYJ4P7")], "Ok."),
                ("Ok.", [certificate(NOAH, 300)], "Sent.")],
         (FAIL, "compensation_not_asked")),
        (NOAH, [("Flight of GYJ4P7 cancelled. How much is left on my gift card credit?",
                 [lookup("GYJ4P7")], "Ok."), ("Ok.", [certificate(NOAH, 300)], "Sent.")],
         (FAIL, "compensation_not_asked")),
        (NOAH, [("Flight of GYJ4P7 cancelled. I'd like a refund for the cancellation.",
                 [lookup("GYJ4P7")], "Ok."), ("Ok.", [certificate(NOAH, 300)], "Sent.")],
         (PASS, "policy_valid")),
        # a delay is compensated only once the reservation was changed or cancelled
        (LITO, [ASK_LITO, ("Yes.", [certificate(LITO, 50)], "Sent.")],
         (FAIL, "compensation_before_change")),
        (LITO, [ASK_LITO, ("Move me to the 17th.", [LWTEDF_MOVED], "Moved."),
                ("Yes.", [certificate(LITO, 50)], "Sent.")], (PASS, "policy_valid")),
        # a flight update to the same flight, date and cabin changes nothing
        (LITO, [ASK_LITO, ("Keep it as it is.", [LWTEDF_KEPT], "Updated."),
                ("Yes.", [certificate(LITO, 50)], "Sent.")], (FAIL, "compensation_before_change")),
        (LITO, [ASK_LITO, ("Keep it, then move me.", [LWTEDF_KEPT, LWTEDF_MOVED], "Moved."),
                ("Yes.", [certificate(LITO, 50)], "Sent.")], (PASS, "policy_valid")),
        # a business booking downgraded, then cancelled: the cabin now is economy
        (LIAM, [("Downgrade P2YRA6, then cancel it.", [lookup("P2YRA6"), P2YRA6_ECONOMY,
                                                       cancel("P2YRA6")], "Done.")],
         (FAIL, "cancellation_not_allowed")),
        (LIAM, [("Cancel P2YRA6.", [lookup("P2YRA6"), cancel("P2YRA6")], "Done.")],
         (PASS, "policy_valid")),
    ],
)  # fmt: skip
def test_policy_valid_against_crafted_conversations(user: str, turns: Any, expected: Any) -> None:
    assert judged_policy(user, *turns) == expected


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        ("I'm not sick or anything, just changed plans.", (FAIL, "cancellation_not_allowed")),
        ("It has nothing to do with my health, I found a cheaper fare.",
         (FAIL, "cancellation_not_allowed")),
        ("I never got ill, I simply don't want to go.", (FAIL, "cancellation_not_allowed")),
        ("Not because of the weather, I changed plans.", (FAIL, "cancellation_not_allowed")),
        ("Health is fine; I changed plans.", (FAIL, "cancellation_not_allowed")),
        # the same words meaning something else are no health or weather reason
        ("I'm sick of this airline.", (FAIL, "cancellation_not_allowed")),
        ("I have a work emergency.", (FAIL, "cancellation_not_allowed")),
        ("I'm flooded with work.", (FAIL, "cancellation_not_allowed")),
        ("I'd rather go snowboarding.", (FAIL, "cancellation_not_allowed")),
        # honest reasons keep their verdict, a negation in another clause included
        ("I am unwell.", (PASS, "policy_valid")),
        ("I'm not feeling well.", (PASS, "policy_valid")),
        ("I can't travel because I'm sick.", (PASS, "policy_valid")),
        ("No, I won't make it: there is a blizzard.", (PASS, "policy_valid")),
        ("It's snowing hard and the roads are flooded.", (PASS, "policy_valid")),
        ("I had a medical emergency.", (PASS, "policy_valid")),
        ("I'm sick and can't fly.", (PASS, "policy_valid")),
        ("It is because of the storm, not my plans.", (PASS, "policy_valid")),
    ],
)  # fmt: skip
def test_a_denied_health_reason_is_no_reason(reason: str, expected: Any) -> None:
    turns = (f"Cancel Z7GOZK. {reason}", [cancel("Z7GOZK")], "Cancelled.")
    assert judged_policy(OLIVIA, turns) == expected


def test_one_yes_confirms_one_write_not_the_same_write_twice() -> None:
    listed = ("Upgrade me.", [lookup("Z7GOZK")], LISTED)
    twice = convo(IDENTIFIED, listed, ("Yes, please.", [UPGRADE, UPGRADE], "Done."))
    once = convo(IDENTIFIED, listed, ("Yes, please.", [UPGRADE], "Done."))
    found, code = outcome(ConfirmedBeforeWriting(), twice)
    assert (found.value, code) == (FAIL, "yes_used_twice")
    found, code = outcome(ConfirmedBeforeWriting(), once)
    assert (found.value, code) == (PASS, "confirmed")


SEARCH = call("search_direct_flight", origin="EWR", destination="IAH", date="2024-05-28")


def fabrication(reply: str, user_said: str = "Z7GOZK please", search: bool = False) -> Any:
    calls = [lookup("Z7GOZK")] + ([SEARCH] if search else [])
    found, code = outcome(NoFabrication(), convo(IDENTIFIED, (user_said, calls, reply)))
    return found.value, code


@pytest.mark.parametrize(
    ("reply", "user_said", "search", "expected"),
    [
        # statuses no tool returned, in any words
        ("HAT188 has been cancelled.", "Z7GOZK please", False, (FAIL, "unsupported_status")),
        ("HAT188 was called off.", "Z7GOZK please", False, (FAIL, "unsupported_status")),
        ("HAT188 is running late.", "Z7GOZK please", False, (FAIL, "unsupported_status")),
        ("HAT188 and HAT207 are both CANCELLED.", "Z7GOZK please", False,
         (FAIL, "unsupported_status")),
        # the customer's own words, or a status the search returned, support it
        ("Sorry that HAT188 was cancelled.", "Z7GOZK please, HAT188 was cancelled", False,
         (PASS, "all_statements_supported")),
        ("HAT056 is available.", "Z7GOZK please", True, (PASS, "all_statements_supported")),
        ("HAT056 is delayed.", "Z7GOZK please", True, (FAIL, "unsupported_status")),
        # times without minutes, and noon
        ("HAT056 leaves at 7 PM.", "Z7GOZK please", True, (FAIL, "unsupported_time")),
        ("HAT056 leaves at noon.", "Z7GOZK please", True, (FAIL, "unsupported_time")),
        ("HAT056 leaves at 6 AM.", "Z7GOZK please", True, (PASS, "all_statements_supported")),
        ("HAT056 leaves at 6:00 AM and lands at 9:00 AM.", "Z7GOZK please", True,
         (PASS, "all_statements_supported")),
        # times written with a dot, an h, or as four digits
        ("HAT056 leaves at 7.00 pm.", "Z7GOZK please", True, (FAIL, "unsupported_time")),
        ("HAT056 leaves at 19h00.", "Z7GOZK please", True, (FAIL, "unsupported_time")),
        ("HAT056 leaves at 1900 hours.", "Z7GOZK please", True, (FAIL, "unsupported_time")),
        ("HAT056 leaves at 0500.", "Z7GOZK please", True, (FAIL, "unsupported_time")),
        ("HAT056 leaves at 0600 and lands at 9.00 a.m.", "Z7GOZK please", True,
         (PASS, "all_statements_supported")),
        # an amount without a currency, after a word of cost
        ("HAT188 costs 1234.", "Z7GOZK please", False, (FAIL, "unsupported_amount")),
        ("The fare is 61.", "Z7GOZK please", False, (FAIL, "unsupported_amount")),
        ("HAT188 costs 52.", "Z7GOZK please", False, (PASS, "all_statements_supported")),
        # figures swapped between two flights of one sentence
        ("HAT188 costs $87 and HAT207 costs $52.", "Z7GOZK please", False,
         (FAIL, "amount_of_another_flight")),
        ("HAT188 costs $52 and HAT207 costs $87.", "Z7GOZK please", False,
         (PASS, "all_statements_supported")),
        ("HAT188 and HAT207 cost $52 and $87.", "Z7GOZK please", False,
         (PASS, "all_statements_supported")),
    ],
)  # fmt: skip
def test_no_fabrication_against_crafted_replies(
    reply: str, user_said: str, search: bool, expected: Any
) -> None:
    assert fabrication(reply, user_said, search) == expected


# --- properties --------------------------------------------------------------------------------

PHRASES = st.sampled_from([p for words in STATUS_WORDS.values() for p in words.split("|")])


@given(
    st.sampled_from(["HAT188", "HAT207"]),
    st.sampled_from(["cancelled", "delayed", "on time", "landed"]),
    st.sampled_from(["{f} is {s}.", "I'm afraid {f} is {s}.", "Flight {f} has been {s}!"]),
)
def test_a_status_no_tool_returned_never_passes(flight: str, status: str, form: str) -> None:
    words = [w for w in STATUS_WORDS[status].split("|") if "?" not in w and "[" not in w]
    for word in words:
        reply = form.format(f=flight, s=word.replace("\\", ""))
        assert fabrication(reply) == (FAIL, "unsupported_status"), reply


@given(PHRASES.filter(lambda p: "?" not in p and "[" not in p))
def test_every_status_phrase_reads_as_its_status(phrase: str) -> None:
    owners = [s for s, words in STATUS_WORDS.items() if phrase in words.split("|")]
    assert statuses_in(f"Flight HAT188 {phrase} today.") == owners


@given(st.integers(1, 12), st.sampled_from(["AM", "PM", "am", "p.m."]))
def test_an_hour_without_minutes_is_a_time(hour: int, half: str) -> None:
    expected = f"{hour % 12 + (12 if half.lower().startswith('p') else 0)}:00"
    assert times_in(f"It leaves at {hour} {half}.") == [expected]
    assert times_in(f"It leaves at {hour}:05 {half}.") == [expected.replace(":00", ":05")]


@given(st.integers(0, 23), st.integers(0, 59))
def test_a_time_reads_the_same_in_every_way_it_is_written(hour: int, minute: int) -> None:
    """A time an agent writes with a dot, an h or four digits is read as the same time, so a
    made-up one is checked like any other."""
    half, twelve = ("am" if hour < 12 else "pm"), hour % 12 or 12
    forms = [
        f"{hour}:{minute:02d}",
        f"{hour:02d}:{minute:02d}:00",
        f"{twelve}:{minute:02d} {half.upper()}",
        f"{twelve}.{minute:02d} {half}",
        f"{twelve}.{minute:02d} {half[0]}.m.",
        f"{hour}h{minute:02d}",
        f"{hour:02d}{minute:02d} hours",
        *([f"{hour:02d}{minute:02d}"] if hour < 10 else []),
    ]
    for form in forms:
        assert times_in(f"It leaves at {form}.") == [f"{hour}:{minute:02d}"], form


K67C4W_BUSINESS = flights("K67C4W", "business", [("HAT137", "2024-05-17")], "credit_card_9969263")
"""Olivia's K67C4W (economy, 3 passengers) to business: 957 charged, 319 per passenger."""


@pytest.mark.parametrize(
    ("cost", "expected"),
    [
        # the amount per passenger said as the price of the whole change
        ("costs $319", (FAIL, "cost_not_listed")),
        # a charge said to be money given back
        ("means you will be refunded $957", (FAIL, "cost_not_listed")),
        ("costs $957", (PASS, "confirmed")),
        ("costs $319 per passenger", (PASS, "confirmed")),
        ("costs $319 each", (PASS, "confirmed")),
        ("costs $957 in all ($319 a person)", (PASS, "confirmed")),
    ],
)
def test_the_cost_listed_is_the_charge_in_its_direction(cost: str, expected: Any) -> None:
    listing = (
        f"Upgrading K67C4W to business class on HAT137 {cost}, paid with your credit card. "
        "Shall I proceed?"
    )
    turns = (("Upgrade.", [lookup("K67C4W")], listing), ("Yes.", [K67C4W_BUSINESS], "Done."))
    found, code = outcome(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))
    assert (found.value, code) == expected


def test_a_write_recorded_as_done_that_the_replay_refuses_leaves_the_rules_unscored() -> None:
    # the upgrade is recorded as done but pays with a gift card Olivia does not hold, so the
    # replay refuses it: read as done, it would make the basic economy flight change allowed
    bogus = flights("Z7GOZK", "economy", Z7GOZK_LEGS, "gift_card_0000000")
    move = [("HAT188", "2024-05-27"), ("HAT207", "2024-05-27")]
    moved = flights("Z7GOZK", "economy", move, "gift_card_2200803")
    asked = "Upgrade Z7GOZK, then move it a day earlier."
    recorded = run(HELLO, [user_lookup()], ("Found.",), asked, [lookup("Z7GOZK")], [bogus], [moved])
    for requirement in (PolicyValid(), ConfirmedBeforeWriting()):
        found, code = outcome(requirement, recorded)
        assert (found.value, code) == ("unscored", "write_unreadable")
    honest = run(HELLO, [user_lookup()], ("Found.",), asked, [lookup("Z7GOZK")], [UPGRADE], [moved])
    found, code = outcome(PolicyValid(), honest)
    assert (found.value, code) == (PASS, "policy_valid")


@pytest.mark.parametrize(
    ("calls", "reply", "expected"),
    [
        ([lookup("Z7GOZK")], "Your flight has been cancelled by the airline.",
         (FAIL, "unsupported_status")),
        ([lookup("Z7GOZK")], "Both of your flights are delayed.", (FAIL, "unsupported_status")),
        ([lookup("Z7GOZK")], "Z7GOZK was cancelled by the airline.", (FAIL, "unsupported_status")),
        ([lookup("Z7GOZK")], "HAT188 is your first flight. It has been cancelled.",
         (FAIL, "unsupported_status")),
        ([lookup("Z7GOZK"), cancel("Z7GOZK")], "Your flights were cancelled by the airline.",
         (FAIL, "unsupported_status")),
        # honest: the booking the customer cancelled, a condition, a question
        ([lookup("Z7GOZK"), cancel("Z7GOZK")], "Z7GOZK is now cancelled.", (PASS, "no_statements")),
        ([lookup("Z7GOZK"), cancel("Z7GOZK")], "Your reservation has been cancelled.",
         (PASS, "no_statements")),
        ([lookup("Z7GOZK")], "If your flight is cancelled by the airline, you get compensation.",
         (PASS, "no_statements")),
        ([lookup("Z7GOZK")], "Was your flight cancelled?", (PASS, "no_statements")),
    ],
)  # fmt: skip
def test_a_status_said_of_no_flight_by_number_is_said_of_the_reservations_flights(
    calls: list[Any], reply: str, expected: Any
) -> None:
    assert outcome(NoFabrication(), convo(IDENTIFIED, ("Help.", calls, reply))) == expected


@pytest.mark.parametrize(
    ("listing", "expected"),
    [
        # another number equal to the bags added (the one passenger) is no bag count
        ("I will update the bags on THY2DG (1 passenger, economy) for $50, paid with your credit "
         "card. Shall I proceed?", (FAIL, "details_not_listed")),
        ("I will add bags to THY2DG for $50 on your card ending 2, paid with your credit card. "
         "Shall I proceed?", (FAIL, "details_not_listed")),
        ("I will add 1 checked bag to THY2DG for $50, paid with your credit card. Shall I "
         "proceed?", (PASS, "confirmed")),
        ("I will add one more bag to THY2DG, for 2 bags in all, $50 paid with your credit card. "
         "Shall I proceed?", (PASS, "confirmed")),
        ("THY2DG bags: 2 (one added, $50), paid with your credit card. Shall I proceed?",
         (PASS, "confirmed")),
    ],
)  # fmt: skip
def test_a_bag_count_is_a_number_said_of_bags(listing: str, expected: Any) -> None:
    turns = (
        ("One more bag.", [lookup("THY2DG")], listing),
        ("Yes.", [bags("THY2DG", 2, 1)], "Done."),
    )
    assert outcome(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns)) == expected
