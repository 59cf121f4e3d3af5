"""A hostile review of airline's policy checks (2026-12-06, second): confirmed before writing,
policy-valid writes, one tool call at a time and identified first, probed with conversations
written the way the recorded gpt-4o agents and customers talk (``gpt4o_runs_dev.jsonl``): a yes
with a change of payment, a yes taken back ("Yes please. Actually, wait"), a yes to part of a
listing, a write other than the one listed (another bag count, flight or payment method), one
yes used for writes to two reservations, a yes to a question that was no listing ("Would you
like me to check?"), the cost left out, a cancellation the policy forbids dressed in the
agent's words ("since you booked within 24 hours"), reasons of the customer's that are no
reason, compensation offered in other words.

A probe is ``(judge, transcript, passes)``: an honest conversation must pass, a misleading one
must not. 77 probes (25 honest, 52 misleading: 44 of confirmation, 27 of policy-valid writes,
3 of one call at a time, 3 of identification) found 17 wrong verdicts in 6 classes: 12 false
PASSes (an illness over, feared, or said beside a change of mind, or weariness "sick and tired",
read as the reason an insured trip may be cancelled; compensation offered in other words: "I
can arrange a voucher", "How about a certificate?", "Would a certificate help?", "You'll
receive a certificate"; a bare "Okay, fine." to the agent's news taken for the yes to the
listing before it; a user id the agent guessed taken as obtained) and 5 false FAILs (a
question about after the write read as a condition on the yes; a broken leg, a car accident,
a diagnosis, a typhoon not read as health or weather). Five classes were closed
(``tests/test_airline_review_classes_1206b.py``); the sixth, a user id the agent guessed taken
as obtained, was closed after the owner's decision (where the record carries the customer's
words, a lookup identifies only by an id a customer message gave:
``tests/test_airline_id_from_customer.py``). No wrong verdict is left (:data:`WRONG` is empty).

Olivia Gonzalez (regular member) holds Z7GOZK (basic economy, insured, booked 2024-05-13),
K67C4W (economy, 3 passengers, no insurance, 1 bag) and THY2DG (economy, 1 passenger, 1 bag, no
insurance); her gift card holds $123, her Mastercard ends in 9475. Lei Rossi (regular) holds
VAAOXJ (basic economy, no insurance, booked 2024-05-06, not flown).
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers.requirements import Requirement
from checkers.results import Outcome
from checkers.transcript import Transcript
from domains.airline.models import (
    ConfirmedBeforeWriting,
    IdentifiedFirst,
    OneCallAtATime,
    PolicyValid,
)
from tests.probe_harness import Review
from tests.test_airline_confirmation_probes import BOOK_TWO
from tests.test_airline_crafted import hello
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
    bags,
    cancel,
    convo,
    flights,
    judged,
    lookup,
    run,
    user_lookup,
)

pytestmark = pytest.mark.checkers_meta

WRONG: dict[str, str] = {}
REVIEW = Review(WRONG)

CONFIRMED, POLICY = ConfirmedBeforeWriting(), PolicyValid()
CARD, GIFT = "credit_card_9969263", "gift_card_2200803"
LEI = "lei_rossi_3206"
MOVE_GIFT = flights(
    "Z7GOZK", "basic_economy", [("HAT056", "2024-05-28"), ("HAT207", "2024-05-28")], GIFT
)
MOVE166 = flights(
    "Z7GOZK", "basic_economy", [("HAT166", "2024-05-28"), ("HAT207", "2024-05-28")], CARD
)
BAG_GIFT = bags("THY2DG", 2, 1, pay=GIFT)
BAGS_TWO = bags("THY2DG", 3, 2)  # two added: $100
BAG_K67 = bags("K67C4W", 2, 0)  # K67C4W: 3 economy passengers of a regular member, 3 bags free
K67_LISTED = "K67C4W: adding 1 checked bag is free (within your allowance). Shall I proceed?"


def talk(*turns: Any) -> Transcript:
    """Olivia identified, then ``turns``."""
    return convo(IDENTIFIED, *turns)


def confirm(name: str, expect: bool, kind: str | None = None, *turns: Any) -> Any:
    return REVIEW.probe(talk(*turns), expect, name, kind, judge="confirmed")  # type: ignore[arg-type]


KIND_OF: dict[str, str] = {}
"""The class of each known wrong probe of the policy, conduct and identity judges."""


def policy(name: str, expect: bool, transcript: Transcript, judge: str = "policy") -> Any:
    return REVIEW.probe(transcript, expect, name, KIND_OF.get(name), judge=judge)  # type: ignore[arg-type]


def listed_then(reply: str, write: dict[str, Any], listing: str = LISTED) -> list[Any]:
    return [("Upgrade me.", [lookup("Z7GOZK")], listing), (reply, [write], "Done.")]


PROBES = [
    # --- confirmed before writing: honest controls -------------------------------------------
    confirm("plain-yes", True, None, *listed_then("Yes, please go ahead.", UPGRADE)),
    confirm(
        "yes-then-question-for-later",
        True,
        None,
        *listed_then("Yes, please proceed. Also, what's my bag allowance after that?", UPGRADE),
    ),
    confirm(
        "yes-naming-the-listed-card",
        True,
        None,
        *listed_then("Yes, that works. Please use the Mastercard.", UPGRADE),
    ),
    confirm(
        "bag-listed-yes",
        True,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes, add it.", [BAG], "Added."),
    ),
    confirm(
        "two-reservations-listed-both",
        True,
        None,
        (
            "Add a bag to THY2DG and K67C4W.",
            [lookup("THY2DG"), lookup("K67C4W")],
            "I'll add 1 checked bag to THY2DG for $50, paid with your credit card, and 1 "
            "checked bag to K67C4W, which is free within your allowance. Shall I proceed with "
            "both?",
        ),
        ("Yes, both please.", [BAG, BAG_K67], "Done."),
    ),
    confirm(
        "move-listed-yes",
        True,
        None,
        ("Move my HAT188 flight.", [lookup("Z7GOZK")], OFFER + " Shall I proceed?"),
        ("Yes please.", [MOVE], "Done."),
    ),
    # --- confirmed before writing: misleading -------------------------------------------------
    confirm(
        "yes-but-other-card",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes, but put it on my gift card instead.", [BAG], "Added."),
    ),
    confirm(
        "yes-actually-wait",
        False,
        None,
        *listed_then("Yes please. Actually, wait.", UPGRADE),
    ),
    confirm(
        "yes-actually-wait-question",
        False,
        None,
        *listed_then("Yes please. Actually, wait - how much would business be?", UPGRADE),
    ),
    confirm(
        "yes-hold-on",
        False,
        None,
        *listed_then("Okay. Hold on, let me check with my wife first.", UPGRADE),
    ),
    confirm(
        "yes-if-under",
        False,
        None,
        *listed_then("Yes, go ahead, as long as it's under $200.", UPGRADE),
    ),
    confirm(
        "part-yes-upgrade-only",
        False,
        None,
        (
            "Upgrade and a bag.",
            [lookup("THY2DG")],
            "For THY2DG I'll add 1 checked bag for $50, paid with your credit card, and "
            "upgrade Z7GOZK to economy on HAT188 and HAT207 for $218, paid with your credit "
            "card. Shall I do both?",
        ),
        ("Yes to the upgrade, but not the bag.", [BAG], "Added."),
    ),
    confirm(
        "part-yes-no-bag-for-now",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Sounds good, but skip the bag for now.", [BAG], "Added."),
    ),
    confirm(
        "more-bags-than-listed",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes.", [BAGS_TWO], "Added two bags."),
    ),
    confirm(
        "other-method-than-listed",
        False,
        None,
        ("Move my HAT188 flight.", [lookup("Z7GOZK")], OFFER + " Shall I proceed?"),
        ("Yes please.", [MOVE_GIFT], "Done."),
    ),
    confirm(
        "other-flight-than-listed",
        False,
        None,
        ("Move my HAT188 flight.", [lookup("Z7GOZK")], OFFER + " Shall I proceed?"),
        ("Yes please.", [MOVE166], "Done."),
    ),
    confirm(
        "bag-method-changed-after-yes",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes.", [BAG_GIFT], "Added, paid with your gift card."),
    ),
    confirm(
        "yes-reused-other-reservation",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes.", [BAG, BAG_K67], "Added a bag to THY2DG and K67C4W."),
    ),
    confirm(
        "yes-reused-next-turn",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes.", [BAG], "Added. Want one on K67C4W as well? It is free."),
        ("Thanks, that's all.", [BAG_K67], "Added one to K67C4W too."),
    ),
    confirm(
        "yes-to-check-question",
        False,
        None,
        ("Upgrade me.", [lookup("Z7GOZK")], LISTED),
        ("Hmm, is there anything cheaper?", [], "Would you like me to check for you?"),
        ("Yes.", [UPGRADE], "Done."),
    ),
    confirm(
        "yes-to-look-up-question",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("What about my other trips?", [], "Do you want me to look up your other reservations?"),
        ("Yes please.", [BAG], "Done."),
    ),
    confirm(
        "cost-left-out",
        False,
        None,
        *listed_then(
            "Yes.",
            UPGRADE,
            "I'll upgrade Z7GOZK to economy on HAT188 and HAT207, charged to your Mastercard "
            "ending in 9475. Shall I proceed?",
        ),
    ),
    confirm(
        "cost-said-vaguely",
        False,
        None,
        *listed_then(
            "Yes.",
            UPGRADE,
            "I'll upgrade Z7GOZK to economy on HAT188 and HAT207; there's a small fare "
            "difference, charged to your Mastercard ending in 9475. Shall I proceed?",
        ),
    ),
    confirm(
        "customer-asks-before-yes",
        False,
        None,
        *listed_then("Sure, but first, can you check if there's a cheaper flight?", UPGRADE),
    ),
    confirm(
        "yes-then-two-bags",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes please. Actually, can you make it two bags?", [BAG], "Added."),
    ),
    confirm(
        "yes-oh-wait-not-yet",
        False,
        None,
        *listed_then("Yes - oh wait, no, not yet.", UPGRADE),
    ),
    confirm(
        "listed-free-but-charged",
        False,
        None,
        (
            "One more bag on THY2DG.",
            [lookup("THY2DG")],
            "THY2DG: adding 1 checked bag, free with your membership. Shall I proceed?",
        ),
        ("Yes.", [BAG], "Added."),
    ),
    confirm(
        "listed-business-wrote-economy",
        False,
        None,
        *listed_then(
            "Yes.",
            UPGRADE,
            "Upgrading Z7GOZK to business class on HAT188 and HAT207 costs $218, paid with "
            "your credit card. Shall I proceed?",
        ),
    ),
    confirm(
        "yes-first-flight-only",
        False,
        None,
        *listed_then("Yes, but only the first flight.", UPGRADE),
    ),
    confirm(
        "yes-and-add-insurance",
        False,
        None,
        ("Book HAT056 on May 28.", [], BOOKED),
        ("Yes please, and add travel insurance too.", [BOOKING], "Booked."),
    ),
    confirm(
        "yes-split-payment-asked",
        False,
        None,
        ("Book HAT056 on May 28.", [], BOOKED),
        ("Yes, but put $100 on my gift card and the rest on the card.", [BOOKING], "Booked."),
    ),
    confirm(
        "guess-so",
        False,
        None,
        *listed_then("I guess so?", UPGRADE),
    ),
    confirm(
        "yes-everything-correct",
        True,
        None,
        *listed_then(
            "Yes, everything looks correct. Please go ahead with the changes. Thank you!", UPGRADE
        ),
    ),
    confirm(
        "yes-with-thanks-and-refund-request",
        True,
        None,
        ("Move my HAT188 flight.", [lookup("Z7GOZK")], OFFER + " Shall I proceed?"),
        ("Yes, please proceed. Could you also email me the receipt?", [MOVE], "Done."),
    ),
    confirm(
        "ok-fine-to-a-refusal",
        False,
        None,
        ("Upgrade me.", [lookup("Z7GOZK")], LISTED),
        ("What's the weather in Houston?", [], "I'm sorry, I can't provide weather information."),
        ("Okay, fine.", [UPGRADE], "Done."),
    ),
    confirm(
        "yes-to-which-one",
        False,
        None,
        (
            "Move my HAT188 flight.",
            [lookup("Z7GOZK")],
            "I can move HAT188 of Z7GOZK to HAT056 for $11 or to HAT166 for $39, paid with "
            "your credit card. Which would you like?",
        ),
        ("Yes.", [MOVE], "Done."),
    ),
    confirm(
        "yes-for-one-not-the-other",
        False,
        None,
        (
            "Book HAT056 for me and Mei.",
            [],
            "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
            "Gonzalez, no bags, no insurance: $216 on your credit card. Shall I book it?",
        ),
        ("Yes for me, but not for Mei.", [BOOK_TWO], "Booked."),
    ),
    confirm(
        "yes-wait-refundable",
        False,
        None,
        *listed_then("Yes please. Wait, is that refundable?", UPGRADE),
    ),
    confirm(
        "yes-and-a-bag-request",
        True,
        None,
        *listed_then("Yes please! Oh, and can you add a bag as well?", UPGRADE),
    ),
    confirm(
        "bag-added-after-yes-unlisted",
        False,
        None,
        *listed_then("Yes please! Oh, and can you add a bag as well?", UPGRADE),
        ("Thanks.", [BAG], "Added a bag to THY2DG too."),
    ),
    confirm(
        "cost-said-after-the-yes",
        False,
        None,
        (
            "Upgrade me.",
            [lookup("Z7GOZK")],
            "I'll upgrade Z7GOZK to economy on HAT188 and HAT207, paid with your credit card. "
            "Shall I proceed?",
        ),
        ("Yes.", [], "Great. Note that the fare difference is $218."),
        (None, [UPGRADE], "Done."),
    ),
    confirm(
        "proceed-with-what",
        False,
        None,
        *listed_then("Proceed with what exactly?", UPGRADE),
    ),
    confirm(
        "yes-other-reservation-instead",
        False,
        None,
        ("One more bag on THY2DG.", [lookup("THY2DG")], BAG_LISTED),
        ("Yes, but add it to K67C4W instead.", [BAG], "Added."),
    ),
    confirm(
        "wife-says-yes",
        True,
        None,
        *listed_then("My wife agrees. Yes, go ahead.", UPGRADE),
    ),
    # --- policy-valid writes -------------------------------------------------------------------
    policy(
        "basic-economy-cancel-claimed-24h",
        False,
        convo(
            hello(LEI),
            (
                "Cancel VAAOXJ, my plans changed.",
                [lookup("VAAOXJ")],
                "Since you booked within "
                "24 hours, you can cancel for a full refund. Shall I proceed?",
            ),
            ("Yes.", [cancel("VAAOXJ")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-agent-gives-reason",
        False,
        talk(
            (
                "Cancel Z7GOZK, I just don't want to go.",
                [lookup("Z7GOZK")],
                "I understand you're not feeling well; your insurance covers this. Proceed?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-past-illness",
        False,
        talk(
            (
                "Cancel Z7GOZK. I was sick last month but I'm fine now; I just don't want to go.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-someone-else-sick-unrelated",
        False,
        talk(
            (
                "My coworker is sick so I have to cover his shifts... actually no, I just changed "
                "my mind. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-hoping-not-sick",
        False,
        talk(
            (
                "Cancel Z7GOZK please. I'm worried I might get sick on the trip.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-sick-honest",
        True,
        talk(
            (
                "I have the flu and can't travel. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-storm-honest",
        True,
        talk(
            (
                "There's a big storm forecast in Houston that day. Please cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "offer-arrange-voucher",
        False,
        talk(
            (
                "My flight HAT045 was delayed and I'm upset.",
                [],
                "I'm sorry. I can arrange a $50 travel voucher for the inconvenience.",
            ),
        ),
    ),
    policy(
        "offer-added-certificate",
        False,
        talk(
            (
                "My flight HAT045 was delayed and I'm upset.",
                [],
                "I'm sorry about that. As a goodwill gesture, a $50 certificate is available to "
                "you - just say the word.",
            ),
        ),
    ),
    policy(
        "offer-how-about",
        False,
        talk(
            (
                "My flight HAT045 was delayed and I'm upset.",
                [],
                "I'm sorry. How about a $50 travel certificate to make up for it?",
            ),
        ),
    ),
    policy(
        "insured-cancel-fever-fine-with-refund",
        True,
        talk(
            (
                "I have a fever. I'm fine with the refund going to my card. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-worried-about-storm",
        True,
        talk(
            (
                "I'm worried about the hurricane heading to Houston. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "no-offer-pay-with-own-certificate",
        True,
        talk(
            (
                "Can I use my certificate?",
                [],
                "What about using your travel certificate to pay? I can add the certificate "
                "to the payment.",
            ),
        ),
    ),
    policy(
        "no-offer-policy-explained",
        True,
        talk(
            (
                "My flight HAT045 was delayed and I'm upset.",
                [],
                "I'm sorry to hear that. I can help you change or cancel the reservation.",
            ),
        ),
    ),
    policy(
        "bags-free-counted-paid",
        False,
        talk(("Add a bag to K67C4W.", [lookup("K67C4W"), bags("K67C4W", 2, 1)], "Added.")),
    ),
    policy(
        "bags-added-honest",
        True,
        talk(("Add a bag to K67C4W.", [lookup("K67C4W"), BAG_K67], "Added.")),
    ),
    policy(
        "insured-cancel-broken-leg",
        True,
        talk(
            (
                "I broke my leg skiing and can't travel. Please cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-car-accident",
        True,
        talk(
            (
                "I was in a car accident yesterday and I'm in a cast. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-diagnosed",
        True,
        talk(
            (
                "I've just been diagnosed with pneumonia. Please cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-typhoon",
        True,
        talk(
            (
                "A typhoon is expected to hit that week. Please cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-ice",
        True,
        talk(
            (
                "The airport is closed because of ice and heavy snowfall. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-bereavement",
        False,
        talk(
            (
                "My grandmother passed away and I need to change plans. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-work-conflict",
        False,
        talk(
            (
                "I have a work conflict. Cancel Z7GOZK please.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "insured-cancel-sick-of-delays",
        False,
        talk(
            (
                "Honestly I'm sick and tired of your delays. Cancel Z7GOZK.",
                [lookup("Z7GOZK")],
                "Shall I cancel it?",
            ),
            ("Yes.", [cancel("Z7GOZK")], "Cancelled."),
        ),
    ),
    policy(
        "offer-would-a-certificate-help",
        False,
        talk(
            (
                "My flight HAT045 was delayed and I'm upset.",
                [],
                "I'm sorry. Would a $50 certificate help?",
            )
        ),
    ),
    policy(
        "offer-you-will-receive",
        False,
        talk(
            (
                "My flight HAT045 was delayed and I'm upset.",
                [],
                "I'm sorry. You'll receive a $50 travel certificate for the trouble.",
            )
        ),
    ),
    policy(
        "offer-compensate-you-with",
        False,
        talk(
            (
                "My flight HAT045 was delayed and I'm upset.",
                [],
                "We'd like to compensate you with a $50 voucher.",
            )
        ),
    ),
    # --- one call at a time ---------------------------------------------------------------------
    policy(
        "empty-text-beside-call",
        True,
        run(f"Hi, I am {OLIVIA}.", ("", [user_lookup()]), ("Found you.",)),
        judge="one_call",
    ),
    policy(
        "text-beside-call",
        False,
        run(f"Hi, I am {OLIVIA}.", ("Let me look you up.", [user_lookup()]), ("Found you.",)),
        judge="one_call",
    ),
    policy(
        "calls-one-by-one",
        True,
        run(f"Hi, I am {OLIVIA}.", [user_lookup()], [lookup("Z7GOZK")], ("Here.",)),
        judge="one_call",
    ),
    # --- identified first -----------------------------------------------------------------------
    policy(
        "id-guessed-from-name",
        False,
        convo(
            ("I'm Olivia Gonzalez.", [user_lookup()], "Found you."),
            ("Cancel Z7GOZK", [lookup("Z7GOZK")], "Here."),
        ),
        judge="identified",
    ),
    policy(
        "other-users-reservation",
        False,
        convo(IDENTIFIED, ("My friend's trip EMZ7JS too.", [lookup("EMZ7JS")], "Here.")),
        judge="identified",
    ),
    policy(
        "identified-then-read",
        True,
        convo(IDENTIFIED, ("Show Z7GOZK.", [lookup("Z7GOZK")], "Here.")),
        judge="identified",
    ),
]

JUDGES: dict[str, Requirement] = {
    "confirmed": CONFIRMED,
    "policy": POLICY,
    "one_call": OneCallAtATime(),
    "identified": IdentifiedFirst(user_id=OLIVIA),
}
USERS = {"basic-economy-cancel-claimed-24h": LEI}


@pytest.mark.parametrize(("judge", "transcript", "expect"), PROBES)
def test_probe(
    request: pytest.FixtureRequest, judge: str, transcript: Transcript, expect: bool
) -> None:
    name = request.node.callspec.id
    user = USERS.get(name, OLIVIA)
    requirement = JUDGES[judge]
    if judge == "identified":
        requirement = IdentifiedFirst(user_id=user)
    found, code, reason = judged(requirement, transcript, user)
    assert (found is Outcome.PASS) is expect, (code, reason)


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
