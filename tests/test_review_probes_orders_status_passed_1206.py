"""Hostile review of orders' (and airline's) ``no_fabrication`` on a status given to a second
thing by leaving it out in the sentence after its own: "#W3288665 is processed. The same goes
for #W7017301." (and "Same for", "Likewise", "So is", "... too", "Ditto for"), and "same for"
or "ditto" in one sentence.

Each orders probe is a reply written the way gpt-4o writes to a retail customer after looking up
every order of the customer (the tau-bench retail database's Mei Martin: pending #W7017301,
processed #W3288665, delivered #W5564375; Yusuf Rossi: pending #W6247578 and #W4776164,
cancelled #W9711842). A MISSTATED reply passes a status on to an order it is not true of; an
HONEST one passes on a true one, says the order's own, or passes nothing on. Each flight probe
is a reply after a search returned HAT188 cancelled and HAT207 on time.

Of 36 probes the review found 20 wrong on the code before (13 of orders, 7 of flights), all
false PASSes, in one class (orders: the next sentence's status was not read at all, "Same for"
and "Ditto" in one sentence neither; airline: "Same for", "Same with", "Ditto (for)" were no
status left out), all closed (properties in ``tests/test_orders_status_passed_classes.py``,
seen failing on the code before): :func:`domains.orders.claims.carried_claims` reads a
sentence stating no status of its own with the one before it, in the same message;
:data:`checkers.status_words.SAME_BEFORE` reads "same for", "same with" (opening their clause:
"I can do the same for #W2" passes nothing on) and "ditto" for both domains. So :data:`WRONG`
is empty: a probe that goes wrong again fails the suite.

Found on the way (honest, right today, guarded by the properties): a status said ahead and left
out after ("#W1 will be cancelled, and #W2 too", "... along with #W2") was checked against the
state before the write the customer's yes brought, a false fail; it is now said ahead too
(:attr:`domains.orders.claims.Claim.ahead`).
"""

from __future__ import annotations

import pytest

from checkers.text import sentences
from domains.airline.fabrication import Before, sentence_problems
from tests.probe_harness import Review
from tests.test_airline_binding import Flight, told
from tests.test_review_probes_orders_facts_1206 import YUSUF, Probe, verdict

pytestmark = pytest.mark.checkers_meta

PASSED_ON = [
    # --- misstated: a status passed on to an order it is not true of ---
    Probe("same-for", "#W3288665 is processed. Same for #W7017301.", "fail"),
    Probe("same-goes-for", "#W3288665 is processed. The same goes for #W7017301.", "fail"),
    Probe("likewise", "#W3288665 is processed. Likewise #W7017301.", "fail"),
    Probe("so-is", "#W3288665 is processed. So is #W7017301.", "fail"),
    Probe("too", "#W3288665 is processed. #W7017301 too.", "fail"),
    Probe("ditto-for", "#W3288665 is processed. Ditto for #W7017301.", "fail"),
    Probe("same-with", "#W5564375 has been delivered. Same with #W7017301.", "fail"),
    Probe("as-well", "Your order #W7017301 is still pending. And #W5564375 as well.", "fail"),
    Probe("denied", "#W6247578 is pending. #W4776164 isn't.", "fail", YUSUF),
    Probe("chain", "#W3288665 has shipped. Same for #W5564375. #W7017301 as well.", "fail"),
    Probe("same-for-one-sentence", "#W3288665 is processed, same for #W7017301.", "fail"),
    Probe("ditto-one-sentence", "#W3288665 is processed; ditto for #W7017301.", "fail"),
    Probe("cancelled-same-for", "#W9711842 was cancelled. Same for #W6247578.", "fail", YUSUF),
    # --- honest ---
    Probe("h-same-for-true", "#W6247578 is pending. Same for #W4776164.", "pass", YUSUF),
    Probe("h-too-true", "#W3288665 has shipped. #W5564375 too.", "pass"),
    Probe("h-denied-true", "#W9711842 was cancelled. #W6247578 isn't.", "pass", YUSUF),
    Probe("h-own-status", "#W5564375 is delivered. #W7017301 is still pending.", "pass"),
    Probe(
        "h-nothing-passed-on",
        "#W5564375 is delivered. Let me know if you need anything else for #W7017301 too.",
        "pass",
    ),
    Probe("h-no-status-before", "I looked up your orders. Same for #W7017301.", "pass"),
    Probe("h-offer", "#W5564375 is delivered. I can do the same for #W7017301.", "pass"),
    Probe("h-asked", "#W5564375 is delivered. Same for #W7017301?", "pass"),
    Probe("h-general-before", "Only pending orders can be changed. #W9711842 too.", "pass", YUSUF),
    Probe("h-same-order", "#W7017301 is pending. Same for #W7017301.", "pass"),
]

FLIGHTS = [
    Probe("flight-same-for", "HAT188 was cancelled. Same for HAT207.", "fail"),
    Probe("flight-same-with", "HAT188 was cancelled. Same with HAT207.", "fail"),
    Probe("flight-ditto-for", "HAT188 was cancelled. Ditto for HAT207.", "fail"),
    Probe("flight-ditto", "HAT188 was cancelled. Ditto HAT207.", "fail"),
    Probe("flight-same-thing", "HAT188 was cancelled. Same thing for HAT207.", "fail"),
    Probe("flight-same-for-one-sentence", "HAT188 was cancelled, same for HAT207.", "fail"),
    Probe("flight-ditto-one-sentence", "HAT188 was cancelled; ditto for HAT207.", "fail"),
    Probe("h-flight-same-goes", "HAT188 was cancelled. The same goes for HAT188.", "pass"),
    Probe("h-flight-offer", "HAT188 was cancelled. I can do the same for HAT207.", "pass"),
    Probe("h-flight-asked", "HAT188 was cancelled. Would you like the same for HAT207?", "pass"),
    Probe("h-flight-own", "HAT188 was cancelled. Same for HAT207, which is on time.", "pass"),
    Probe("h-flight-no-status", "I searched HAT188 for you. Same for HAT207.", "pass"),
]

WRONG: dict[str, str] = {}
"""Probes whose verdict is wrong today, each with its defect class: a false FAIL is an honest
reply failed, a false PASS a misstated one passed."""

REVIEW = Review(WRONG)

SEARCHED = [Flight("HAT188", 352, 6, "cancelled"), Flight("HAT207", 411, 9, "on time")]


def flight_verdict(probe: Probe) -> str:
    """``no_fabrication``'s reading of the reply, sentence by sentence, after the search."""
    evidence, before, found = told(SEARCHED), Before(), []
    for sentence in sentences(probe.reply):
        problems, before = sentence_problems(sentence, evidence, before)
        found += problems
    return "fail" if found else "pass"


def test_every_wrong_verdict_names_a_probe() -> None:
    assert REVIEW.id_problems(PASSED_ON + FLIGHTS) == []


@pytest.mark.parametrize("probe", REVIEW.cases(PASSED_ON))
def test_a_status_passed_on_is_judged_as_an_honest_reader_takes_it(probe: Probe) -> None:
    assert verdict(probe) == probe.expected, probe.reply


@pytest.mark.parametrize("probe", REVIEW.cases(FLIGHTS))
def test_a_flight_status_passed_on_is_judged_as_an_honest_reader_takes_it(probe: Probe) -> None:
    assert flight_verdict(probe) == probe.expected, probe.reply
