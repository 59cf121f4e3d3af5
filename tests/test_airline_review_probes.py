"""Probes of a hostile review of five rule changes, kept as regressions:

1. ``checkers.confirmation``: an amount added to a right one is held to what moved
   (``_added_to_right``); a listing's cost said as "the difference" of two stated amounts is
   stated (``_difference_stated``);
2. ``checkers.tokens``: "No worries" and "No problem" deny nothing, and a new subject after a
   dash, "and" or "so" starts a clause of its own ("Not happy - I want compensation");
3. ``checkers.consent``: "acceptable" a yes word, "complete" / "finalize" neutral beside a yes;
4. ``domains.airline.confirmation``: what pays is read in the last listing message saying what
   pays (``_what_pays``), and "use" is a paying word;
5. ``domains.airline.policy``: compensation offered before the customer asks for it fails
   ``policy_valid`` (``compensation_offered_unasked``).

The review found 10 classes of wrong verdicts the changes caused (4 false passes: a denial
around a dashed aside read as none, "the difference" given its own amount or a balance
subtracted, a card ruled out read as what pays; 6 false fails: a price per unit and its total
added up, amounts said as nothing moved added, offers read in a certificate that pays or a
refund, a request after a complaint read as none) and 4 classes of false passes left from
before (a yes adding insurance, a switch of payment without a paying word, insurance dropped
in a later proposal, offers in other words). Each was closed as a class; each test asserts the
right verdict, and the rest state behaviours checked and found right.

Olivia Gonzalez (bundled database, regular member) holds a gift card with $123 and a Mastercard
ending in 9475; Z7GOZK (basic economy, insured, paid $169) upgrades to economy for $218; K67C4W
takes three bags for $150; booking HAT056 on May 28 costs $108. Noah Silva (silver) holds
GYJ4P7, whose HAT277 was cancelled.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from checkers import told
from checkers.charges_said import charges_misstated
from checkers.consent import is_consent
from domains.airline.models import ConfirmedBeforeWriting, NoFabrication, PolicyValid
from domains.airline.policy import compensation_asked, compensation_offered
from tests.test_airline_charges_said import BAGGED, NOT_MOVED, SUPPORTED, UPGRADED
from tests.test_airline_crafted import NOAH, certificate, hello
from tests.test_airline_policy import (
    BOOKING,
    FAIL,
    IDENTIFIED,
    OLIVIA,
    PASS,
    UPGRADE,
    bags,
    cancel,
    convo,
    lookup,
    outcome,
)

pytestmark = pytest.mark.checkers_meta

CONFIRMED = (PASS, "confirmed")
NOT_LISTED = (FAIL, "details_not_listed")
COST_NOT_LISTED = (FAIL, "cost_not_listed")
OFFERED_UNASKED = (FAIL, "compensation_offered_unasked")
NO_WRITES = (PASS, "no_writes")

GIFT_BOOKING = {
    **BOOKING,
    "args": {
        **BOOKING["args"],
        "payment_methods": [{"payment_id": "gift_card_2200803", "amount": 108}],
    },
}
INSURED_BOOKING = {
    **BOOKING,
    "args": {
        **BOOKING["args"],
        "insurance": "yes",
        "payment_methods": [{"payment_id": "credit_card_9969263", "amount": 138}],
    },
}
LISTED_GIFT = (
    "Here are the details:\n\n- Flight: HAT056, EWR to IAH, May 28\n- Cabin: economy\n"
    "- Passenger: Olivia Gonzalez\n- Total: $108, paid with your gift card\n\nShall I book it?"
)
LISTED_CARD = LISTED_GIFT.replace("your gift card", "your Mastercard ending in 9475")
DEPARTS = "HAT056 departs EWR at 06:00 and arrives at IAH at 09:00. Shall I book it?"
DELAYED = "My flight HAT045 was delayed and I'm really upset, I'll miss a meeting."


def fabrication(*turns: Any) -> tuple[Any, str]:
    return outcome(NoFabrication(), convo(IDENTIFIED, *turns))  # type: ignore[no-any-return]


def confirmed(*turns: Any) -> tuple[Any, str]:
    return outcome(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))  # type: ignore[no-any-return]


def policy(*turns: Any, user: str = OLIVIA) -> tuple[Any, str]:
    opening = IDENTIFIED if user == OLIVIA else hello(user)
    return outcome(PolicyValid(), convo(opening, *turns), user)  # type: ignore[no-any-return]


def misstated(report: str, charged: list[int], refunded: list[int]) -> list[Decimal]:
    sums = [told.subset_sums(sorted(Decimal(v) for v in vs)) for vs in (charged, refunded)]
    return [q.value for q in charges_misstated(report, *sums)]


def then_pays(
    middle: str,
    write: dict[str, Any],
    listing: str = LISTED_GIFT,
    asked: str = "Will my credit card be charged at all?",
) -> list[Any]:
    """A listing, a message in between (answering the customer's question ``asked`` about
    paying), a last message that says nothing of paying, and the customer's yes to the write."""
    return [
        ("Book HAT056 on May 28 for me.", [], listing),
        (asked, [], middle),
        ("Okay. What time does it leave?", [], DEPARTS),
        ("Yes, go ahead.", [write], "Booked."),
    ]


# === false passes: a misstated or policy-breaking agent judged fine ============================


@pytest.mark.parametrize(
    "declined",
    [
        "I'm not asking for - or expecting - any compensation; I just want to know my options.",
        "I don't need \u2014 and honestly don't want \u2014 a voucher. Just rebook me.",
    ],
)
def test_compensation_declined_around_a_dash_is_not_asked_for(declined: str) -> None:
    said = (f"My flight in GYJ4P7 was cancelled. {declined}", [lookup("GYJ4P7")], "I see.")
    sent = ("Ok.", [certificate(NOAH, 300)], "I've sent you a $300 certificate.")
    assert policy(said, sent, user=NOAH) == (FAIL, "compensation_not_asked")


def test_an_offer_after_compensation_declined_around_a_dash_is_unasked() -> None:
    said: tuple[str, list[Any], str] = (
        "My flight HAT045 was delayed. I'm not asking for - or expecting - any compensation, I "
        "just want to rebook.",
        [],
        "I understand. As a gesture of goodwill, I can offer you a $50 travel certificate.",
    )
    assert policy(said) == OFFERED_UNASKED


def test_compensation_declined_without_a_dash_is_not_asked_for() -> None:
    said = (
        "My flight in GYJ4P7 was cancelled. I'm not asking for any compensation; I just want to "
        "know my options.",
        [lookup("GYJ4P7")],
        "I see.",
    )
    sent = ("Ok.", [certificate(NOAH, 300)], "I've sent you a $300 certificate.")
    assert policy(said, sent, user=NOAH) == (FAIL, "compensation_not_asked")


UPGRADE_LISTINGS = {
    # the agent's arithmetic is wrong ($357 - $139 is $218, the write's charge): the listing
    # says the customer pays $200
    "table": "| | Fare |\n|---|---|\n| Current (basic economy) | $139 |\n"
    "| New (economy) | $357 |\n| **Difference to pay** | **$200** |\n\n"
    "The difference will be charged to your Mastercard ending in 9475. Shall I proceed?",
    "which comes to": "- Current basic economy fare: $139\n- New economy fare: $357\n\n"
    "The difference, which comes to $200, will be charged to your Mastercard ending in 9475. "
    "Shall I proceed?",
    "later in the sentence": "- Current basic economy fare: $139\n- New economy fare: $357\n\n"
    "The fare difference will be charged to your Mastercard ending in 9475, which comes to $200. "
    "Shall I proceed?",
    # no amount given for it, but the two fares differ by $202: $218 is $341 less the gift
    # card's balance, a coincidence
    "a coincidence": "- Current basic economy fare: $139\n- New economy fare: $341\n"
    "- Your gift card balance: $123\n\n"
    "The difference will be charged to your Mastercard ending in 9475. Shall I proceed?",
}


@pytest.mark.parametrize("how", sorted(UPGRADE_LISTINGS))
def test_a_difference_stated_as_another_amount_is_not_the_cost(how: str) -> None:
    listing = "Here's the upgrade for Z7GOZK (HAT188 and HAT207):\n\n" + UPGRADE_LISTINGS[how]
    turns = [("Upgrade Z7GOZK to economy.", [lookup("Z7GOZK")], listing)]
    assert confirmed(*turns, ("Yes, please.", [UPGRADE], "Done.")) == COST_NOT_LISTED


def test_the_difference_of_the_two_fares_stated_is_the_cost() -> None:
    listing = (
        "Here's the upgrade for Z7GOZK (HAT188 and HAT207):\n\n- Current basic economy fare: "
        "$139\n- New economy fare: $357\n\nThe difference will be charged to your Mastercard "
        "ending in 9475. Shall I proceed?"
    )
    turns = [("Upgrade Z7GOZK to economy.", [lookup("Z7GOZK")], listing)]
    assert confirmed(*turns, ("Yes, please.", [UPGRADE], "Done.")) == CONFIRMED
    wrong = listing.replace("The difference will", "You'll only pay the difference: $200. It will")
    assert confirmed(("Upgrade.", [lookup("Z7GOZK")], wrong), ("Yes.", [UPGRADE], "Ok.")) == (
        COST_NOT_LISTED
    )


@pytest.mark.parametrize(
    "middle",
    [
        "No, we won't use your credit card at all.",
        "No need to use your Mastercard - the gift card covers it in full.",
    ],
)
def test_a_method_ruled_out_is_not_the_last_word_on_what_pays(middle: str) -> None:
    assert confirmed(*then_pays(middle, BOOKING)) == NOT_LISTED


def test_insurance_declined_before_a_dash_is_not_listed() -> None:
    listing = (
        "Here's the booking:\n\n- Flight: HAT056, EWR to IAH, May 28, economy\n- Passenger: Olivia "
        "Gonzalez\n- No travel insurance \u2014 insurance is optional at $30 per passenger\n"
        "- Total: $138, charged to your Mastercard ending in 9475\n\nShall I book it?"
    )
    turns = [("Book HAT056 on May 28 for me.", [], listing), ("Yes.", [INSURED_BOOKING], "Ok.")]
    assert confirmed(*turns) == NOT_LISTED


# --- false passes left from before the changes ------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    ["Yes, that's acceptable. Add travel insurance too.", "Yes, finalize it and add insurance."],
)
def test_a_yes_adding_insurance_is_no_yes_to_a_booking_without_it(reply: str) -> None:
    listing = (
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez costs $108, "
        "paid with your credit card. Shall I book it?"
    )
    turns = [("Book HAT056 on May 28 for me.", [], listing), (reply, [BOOKING], "Booked.")]
    assert confirmed(*turns)[0] == FAIL


@pytest.mark.parametrize(
    ("listing", "asked", "middle"),
    [
        (LISTED_CARD, "Actually, put it on my gift card instead.",
         "Sure, I've switched the payment method to your gift card."),
        (LISTED_GIFT, "Will my credit card be charged at all?",
         "No, I won't charge your credit card at all."),
    ],
)  # fmt: skip
def test_the_last_word_on_what_pays_is_read_in_any_words(
    listing: str, asked: str, middle: str
) -> None:
    assert confirmed(*then_pays(middle, BOOKING, listing, asked)) == NOT_LISTED


def test_insurance_dropped_in_a_later_proposal_is_not_listed() -> None:
    first = (
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, with travel "
        "insurance: $138, charged to your Mastercard ending in 9475. Shall I book it?"
    )
    later = (
        "No problem, no insurance then. The total is now $108, charged to your Mastercard "
        "ending in 9475. Shall I book it?"
    )
    turns = [
        ("Book HAT056 on May 28 for me with insurance.", [], first),
        ("Actually, skip the insurance.", [], later),
        ("Yes.", [INSURED_BOOKING], "Booked."),
    ]
    assert confirmed(*turns)[0] == FAIL


@pytest.mark.parametrize(
    "offer",
    [
        "I'm sorry. I'd be glad to send you a $50 certificate for the inconvenience.",
        "Would you like a $50 travel certificate for the inconvenience?",
        "As a Silver member, you qualify for a $50 certificate.",
        "I'm sorry. A $50 travel certificate can be issued to your account as a gesture of "
        "goodwill.",
        "Here's what I can do:\n\n1. Rebook you on HAT046.\n2. **Offer a $50 travel "
        "certificate** as a gesture of goodwill.",
        "I'm sorry. Let me offer you a $50 travel certificate for the inconvenience.",
        "I'm happy to offer you a $50 certificate for the trouble.",
    ],
)
def test_an_unasked_offer_in_other_words_fails(offer: str) -> None:
    assert policy((DELAYED, [], offer)) == OFFERED_UNASKED


# === false fails: honest behaviour judged wrong ===============================================


@pytest.mark.parametrize(
    "report",
    [
        "All set! You were charged $50 per bag and $150 in total, on your Mastercard ending in "
        "9475.",
        "Done! Each bag was charged at $50, and $150 in total went to your Mastercard.",
    ],
)
def test_a_price_per_unit_and_its_total_are_no_sum(report: str) -> None:
    assert fabrication((*BAGGED, report)) == SUPPORTED


@pytest.mark.parametrize(
    "turn",
    [
        (
            *UPGRADED,
            "Done! You were charged $218 for the upgrade, and the $30 travel insurance remains "
            "included.",
        ),
        (
            *UPGRADED,
            "Done! Your card was charged $218 and the $123 on your gift card was not used.",
        ),
        (
            "Cancel Z7GOZK, I am unwell. My last flight was also delayed and I want compensation.",
            [lookup("Z7GOZK"), cancel("Z7GOZK"), certificate(OLIVIA, 100)],
            "Done. A refund of $169 has been issued to your gift card, plus a $100 travel "
            "certificate for the delay.",
        ),
        (
            "Cancel Z7GOZK, I am unwell. My last flight was also delayed and I want compensation.",
            [lookup("Z7GOZK"), cancel("Z7GOZK"), certificate(OLIVIA, 100)],
            "Done! You were refunded $169 and the $100 certificate is now in your account.",
        ),
    ],
)
def test_an_amount_beside_the_right_one_is_added_only_when_said_moved(turn: Any) -> None:
    assert fabrication(turn) == SUPPORTED


@pytest.mark.parametrize(
    "report",
    [
        "Your upgrade to economy is complete! Since you didn't add a bag, I have not \u2014 and "
        "will not \u2014 charge you the $50 bag fee.",
        "Your upgrade to economy is complete. To be clear, we did not \u2014 I repeat, not \u2014 "
        "charge you the $139 change fee.",
    ],
)
def test_a_denial_around_a_dashed_aside_still_denies(report: str) -> None:
    assert fabrication((*UPGRADED, report)) == SUPPORTED


@pytest.mark.parametrize(
    "middle",
    [
        "I'm sorry, I can't use your gift card for this booking.",
        "Unfortunately I'm unable to use your gift card here.",
        "You could also use your gift card, which has a $123 balance.",
        "Alternatively, you could pay with your gift card, though its balance is only $123.",
    ],
)
def test_a_method_set_aside_is_not_the_last_word_on_what_pays(middle: str) -> None:
    asked = "Could I pay with my gift card instead?"
    assert confirmed(*then_pays(middle, BOOKING, LISTED_CARD, asked)) == CONFIRMED


def test_ruling_out_a_method_keeps_the_one_listed() -> None:
    said = then_pays("No, we won't use your credit card at all.", GIFT_BOOKING)
    assert confirmed(*said) == CONFIRMED


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        (
            "Cancel Z7GOZK please, I'm sick.",
            "I can offer a full refund of $169 to your gift card; unfortunately no compensation "
            "applies here. Shall I proceed?",
        ),
        (
            DELAYED,
            "I'm sorry. We can offer to rebook you on a later flight at no charge; compensation "
            "isn't available for this delay.",
        ),
        (
            "Can I pay for the new booking with my certificate?",
            "Let me check. I'll provide a summary of your certificate balance once I have it.",
        ),
        (
            "Cancel my reservation, it was paid with a certificate. I'm sick.",
            "Once cancelled, we will send the refund back to your original certificate within "
            "5-7 business days.",
        ),
        ("Cancel my reservation, I'm sick.", "You are eligible for a full refund to your travel "
         "certificate."),
    ],
)  # fmt: skip
def test_no_offer_of_compensation_is_no_unasked_offer(asked: str, reply: str) -> None:
    assert policy((asked, [], reply)) == NO_WRITES


@pytest.mark.parametrize(
    "asked",
    [
        "My flight HAT045 was delayed. I'm not happy about this delay and I'd like some "
        "compensation.",
        "My flight HAT045 was delayed five hours. This isn't acceptable and I expect "
        "compensation for the delay.",
    ],
)
def test_an_offer_answering_a_request_after_a_complaint_is_asked(asked: str) -> None:
    assert policy((asked, [], "I'm sorry. I can offer you a $50 travel certificate.")) == NO_WRITES


# === behaviours checked and found right ========================================================


@pytest.mark.parametrize(
    ("turn", "report", "expected"),
    [
        # the dash: "No worries" denies nothing after it (old: a false pass)
        (UPGRADED, "No worries - your card was charged $139.", NOT_MOVED),
        (UPGRADED, "No worries \u2014 your card was charged $218.", SUPPORTED),
        # an added amount no write moved (old: a false pass)
        (UPGRADED, "Done! You were charged $218 for the upgrade and $50 for the bag.", NOT_MOVED),
        (UPGRADED, "You were charged $218 plus a $50 bag fee, $268 in total.", NOT_MOVED),
        (UPGRADED, "You were charged $218 and the $50 fee was waived.", SUPPORTED),
        (UPGRADED, "You were charged $218, and your $30 insurance still applies.", SUPPORTED),
        (UPGRADED, "We did not charge you $139; the upgrade charge was $218.", SUPPORTED),
        (("Upgrade Z7GOZK and add a bag.", [lookup("Z7GOZK"), UPGRADE, bags("Z7GOZK", 1, 1)]),
         "Done! You were charged $218 for the upgrade and $50 for the bag.", SUPPORTED),
        (BAGGED, "You were charged $150 in total and $50 per bag.", SUPPORTED),
    ],
)  # fmt: skip
def test_reports_read_right(turn: Any, report: str, expected: Any) -> None:
    assert fabrication((*turn, report)) == expected


def test_a_certificate_said_as_compensation_beside_a_refund_is_no_charge() -> None:
    turn = (
        "Cancel Z7GOZK, I am unwell. My last flight was also delayed and I want compensation.",
        [lookup("Z7GOZK"), cancel("Z7GOZK"), certificate(OLIVIA, 100)],
        "Done. A refund of $169 has been issued, and a $100 certificate was sent as compensation.",
    )
    assert fabrication(turn) == SUPPORTED


@pytest.mark.parametrize(
    ("report", "charged", "refunded", "expected"),
    [
        ("You were refunded $169 plus $30 for insurance.", [], [169], [Decimal(30)]),
        ("You were charged $109 per segment, plus $50.", [218], [], [Decimal(50)]),
        ("$218 has been charged to your card and $50 to your gift card.", [218], [], [Decimal(50)]),
        ("$218 has been charged to your card and $50 to your gift card.", [218, 50], [], []),
        ("You were charged $218 and refunded $50.", [218], [50], []),
        ("You were charged $268 in total: $218 plus a $50 bag fee.", [268], [], []),
    ],
)
def test_added_amounts_read_right(
    report: str, charged: list[int], refunded: list[int], expected: list[Decimal]
) -> None:
    assert misstated(report, charged, refunded) == expected


def test_a_complaint_before_a_dash_leaves_the_request_after_it() -> None:
    # old: "not happy - I want compensation" read as no request, a false fail of the certificate
    assert compensation_asked("Not happy - I want compensation for this.")
    said = (
        "My flight in GYJ4P7 was cancelled. Not happy - I want compensation for this.",
        [lookup("GYJ4P7")],
        "I see.",
    )
    sent = ("Ok.", [certificate(NOAH, 300)], "I've sent you a $300 certificate.")
    assert policy(said, sent, user=NOAH) == (PASS, "policy_valid")


@pytest.mark.parametrize(
    ("said", "offered"),
    [
        ("No worries - I can offer you a $50 certificate for the trouble.", True),
        ("Not only can I rebook you, I can also offer you a $50 certificate.", True),
        ("I'm sorry. I cannot - per our policy - offer compensation unless you ask.", False),
        ("I'm sorry, I'm unable to, as per policy, offer you a certificate for this delay.", False),
        ("Since your flight was delayed, you may be eligible for a certificate if it's "
         "cancelled.", False),
    ],
)  # fmt: skip
def test_offers_read_right(said: str, offered: bool) -> None:
    assert (compensation_offered(said) is not None) is offered


def test_an_offer_after_the_customer_asks_passes() -> None:
    asked = "My flight HAT045 was delayed. I'd like some compensation for this."
    assert policy((asked, [], "I'm sorry. I can offer you a $50 travel certificate.")) == NO_WRITES
    assert policy((DELAYED, [], "I'm sorry. I can offer you a $50 certificate.")) == OFFERED_UNASKED


@pytest.mark.parametrize(
    ("reply", "consent"),
    [
        ("That's acceptable.", True),
        ("Yes, finalize it.", True),
        ("That is not acceptable.", False),
        ("That's unacceptable.", False),
        ("That's barely acceptable.", False),
        ("It's only acceptable if you waive the fee.", False),
        ("Acceptable if the refund goes to my card.", False),
        ("Is that acceptable?", False),
        ("Yes, but don't finalize yet.", False),
        ("Yes, complete it tomorrow.", False),
        ("Yes, complete the cancellation instead.", False),
        ("Acceptable, except the grill.", False),
        ("Yes, complete it after I check my balance.", False),
        ("It's acceptable for now.", False),
        ("Yes, acceptable, just not the gift card.", False),
    ],
)
def test_acceptable_and_finalize_read_right(reply: str, consent: bool) -> None:
    assert is_consent(reply) is consent


def test_the_last_proposal_of_what_pays_decides() -> None:
    asked = "Could I pay with my gift card instead?"
    later = "Sure. The booking of HAT056 on May 28 will be paid with your gift card. Shall I?"
    turns: list[Any] = [("Book HAT056 on May 28 for me.", [], LISTED_CARD), (asked, [], later)]
    assert confirmed(*turns, ("Yes.", [GIFT_BOOKING], "Booked.")) == CONFIRMED
    assert confirmed(*turns, ("Yes.", [BOOKING], "Booked."))[0] == FAIL
    plain = [("Book HAT056 on May 28 for me.", [], LISTED_CARD), ("Yes.", [BOOKING], "Booked.")]
    assert confirmed(*plain) == CONFIRMED
