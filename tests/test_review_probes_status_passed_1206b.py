"""Hostile review (second round) of ``no_fabrication`` on a status passed on to a second order or
flight by leaving it out: the second thing named any way (its full id, its last digits, "order
7301", a flight with its noun), the words passing it on in any place, and sentences ending in
"too" that pass nothing on.

Each orders probe is a reply written the way gpt-4o writes to a retail customer after looking up
every order of the customer (the tau-bench retail database's Mei Martin: pending #W7017301,
processed #W3288665, delivered #W5564375; Yusuf Rossi: pending #W6247578 and #W4776164,
cancelled #W9711842). Each flight probe is a reply after a search returned HAT188 cancelled and
HAT207 on time (or, ``BOTH_DELAYED``, both delayed). A MISSTATED reply passes a status on to a
thing it is not true of (a false PASS when judged passing); an HONEST one passes on a true one,
says the thing's own, or passes nothing on (a false FAIL when judged failing).

Of 78 probes (54 misstated, 24 honest), 62 were wrong on the code before (51 false PASSes, 11
false FAILs), in these classes (properties in ``tests/test_status_passed_on_classes_2.py``,
each seen failing on the code before), closed in the shared reader
:func:`checkers.passed_on.status_passed_on`, which both domains call, but for the last two
still open:

- a sentence of its own ending in "too" or "as well" passed the status before on (airline: "Let
  me know if you need anything else for HAT207 too.", "I can check HAT207 too.", "Let me know if
  HAT207 was too."; both: "I looked up HAT188, which was cancelled, and HAT207 too.", "HAT188
  was cancelled. I've rebooked you, and HAT207 too."; 10 false FAILs): the thing must open its
  clause, or be the subject of its own auxiliary in a clause stated
  (:class:`checkers.stated.Stated`), and its clause must follow the status's;
- an order named by its last digits or "order 7301" took no status passed on ("The one ending
  in 7301 too.", "Same for order 7301."; :func:`domains.orders.claims.order_partials` reads
  "order 7301", and :func:`domains.orders.claims.carried_claims` any order naming);
- words passing it on not read: ", too", "And #W2.", "Also #W2.", "Plus #W2.", "#W2 likewise.",
  "#W2 is the same", "#W2 has the same status", "#W2 \u2014 same", "As for #W2, same.",
  "Unfortunately #W2 too.", "(and #W2 too)", "I believe #W2 is too.", "The same can be said
  of", "That's also the case for", "This is also true for", "Same deal with", "Same for the
  other one, #W2", "your connecting flight HAT207 too", "... as is #W2" in one clause;
  denials "#W2, on the other hand, is not.", "Not #W2, though."; airline's "..., just like
  HAT207", "along with", "as well as" (orders' words for a thing sharing a status, now
  :data:`checkers.status_words.SHARED_BEFORE` for both);
- "order 7301" read as an amount in a sentence about money ("Your order 7301 total is
  $3,048.69.", 1 false FAIL): after "order" digits name it (``domains.orders.facts``).

The last 2 false PASSes were closed the same evening (properties in
``tests/test_review_classes_xf_1206.py``, seen failing on the code before): bare digits after
"same for" ("Same for 7301.") now name an order by its last digits
(:func:`domains.orders.claims.order_partials`), and an order named by its last digits joins the
list of ids beside it ("#W7017301 and the one ending in 4375 too": one list). Left
(:data:`WRONG`): none.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from checkers.text import sentences
from domains.airline.fabrication import Before, sentence_problems
from tests.probe_harness import Review
from tests.test_airline_binding import Flight, told
from tests.test_review_probes_orders_facts_1206 import YUSUF, Probe, verdict

pytestmark = pytest.mark.checkers_meta

ORDERS = [
    # --- misstated: a status passed on to an order it is not true of (false PASS if passed) ---
    Probe("last-digits-one-too", "#W3288665 is processed. The one ending in 7301 too.", "fail"),
    Probe("order-digits-same-for", "#W3288665 is processed. Same for order 7301.", "fail"),
    Probe(
        "ending-in-same-for",
        "#W3288665 is processed. Same for the order ending in 7301.",
        "fail",
    ),
    Probe("comma-too", "#W3288665 is processed. #W7017301, too.", "fail"),
    Probe("and-alone", "#W3288665 is processed. And #W7017301.", "fail"),
    Probe("also-alone", "#W3288665 is processed. Also #W7017301.", "fail"),
    Probe("plus-alone", "#W3288665 has shipped. Plus #W7017301.", "fail"),
    Probe("hash-digits-too", "#W3288665 is processed. Order #7301 too.", "fail"),
    Probe("order-number-as-well", "#W3288665 is processed. Order number 7301 as well.", "fail"),
    Probe("likewise-after", "#W3288665 is processed. #W7017301 likewise.", "fail"),
    Probe("believe-is-too", "#W3288665 is processed. I believe #W7017301 is too.", "fail"),
    Probe("in-one-comma-and", "#W3288665 is processed, and #W7017301.", "fail"),
    Probe("in-one-as-is", "#W3288665 is processed as is #W7017301.", "fail"),
    Probe("denied-digits", "#W6247578 is pending. Order 6164 isn't.", "fail", YUSUF),
    Probe(
        "delivered-one-comma-too",
        "#W5564375 has been delivered. The one ending in 7301, too.",
        "fail",
    ),
    Probe(
        "cancelled-and-ending-in",
        "#W9711842 was cancelled. And the order ending in 7578.",
        "fail",
        YUSUF,
    ),
    Probe(
        "chain-last-digits",
        "#W3288665 has shipped. Same for #W5564375. The one ending in 7301 as well.",
        "fail",
    ),
    Probe("is-the-same", "#W3288665 is processed. #W7017301 is the same.", "fail"),
    Probe("has-same-status", "#W3288665 is processed. #W7017301 has the same status.", "fail"),
    Probe("dash-same", "#W3288665 is processed. #W7017301 \u2014 same.", "fail"),
    Probe("label-same", "**#W3288665**: processed\n**#W7017301**: same", "fail"),
    Probe("as-for-same", "#W3288665 is processed. As for #W7017301, same.", "fail"),
    Probe("adverb-too", "#W3288665 is processed. Unfortunately #W7017301 too.", "fail"),
    Probe("bracket-too", "#W3288665 is processed (and #W7017301 too).", "fail"),
    Probe("can-be-said", "#W3288665 is processed. The same can be said of #W7017301.", "fail"),
    Probe("also-the-case", "#W3288665 is processed. That's also the case for #W7017301.", "fail"),
    Probe("also-true", "#W3288665 is processed. This is also true for #W7017301.", "fail"),
    Probe("same-deal", "#W3288665 is processed. Same deal with #W7017301.", "fail"),
    Probe("appositive", "#W3288665 is processed. Same for the other one, #W7017301.", "fail"),
    Probe("other-order-too", "#W3288665 is processed. Your other order #W7017301 too.", "fail"),
    Probe(
        "denied-aside",
        "#W6247578 is pending. #W4776164, on the other hand, is not.",
        "fail",
        YUSUF,
    ),
    Probe("not-though", "#W6247578 is pending. Not #W4776164, though.", "fail", YUSUF),
    Probe(
        "both-list",
        "#W3288665 is processed. The same is true for both #W7017301 and #W5564375.",
        "fail",
    ),
    Probe("same-for-bare-digits", "#W3288665 is processed. Same for 7301.", "fail"),
    Probe(
        "list-id-and-last-digits",
        "#W3288665 has shipped. #W7017301 and the one ending in 4375 too.",
        "fail",
    ),
    # --- honest (false FAIL if failed) ---
    Probe(
        "h-check-too",
        "#W3288665 is processed. Let me know if you want me to check #W7017301 too.",
        "pass",
    ),
    Probe("h-if-is-too", "#W3288665 is processed. Let me know if #W7017301 is too.", "pass"),
    Probe(
        "h-own-after-same",
        "#W3288665 is processed. Same for #W7017301, which is still pending.",
        "pass",
    ),
    Probe("h-last-digits-true", "#W3288665 has shipped. The one ending in 4375 too.", "pass"),
    Probe("h-order-digits-true", "#W6247578 is pending. Same for order 6164.", "pass", YUSUF),
    Probe("h-and-true", "#W6247578 is pending. And #W4776164.", "pass", YUSUF),
    Probe("h-denied-digits-true", "#W9711842 was cancelled. Order 7578 wasn't.", "pass", YUSUF),
    Probe("h-order-digits-own", "#W3288665 is processed. Order 7301 is still pending.", "pass"),
    Probe("h-order-digits-total", "Your order 7301 total is $3,048.69.", "pass"),
    Probe(
        "h-relative-then-too",
        "I've checked #W3288665, which is processed, and #W7017301 too.",
        "pass",
    ),
    Probe(
        "h-relative-then-and",
        "I've checked #W3288665, which is processed, and #W7017301.",
        "pass",
    ),
    Probe(
        "h-other-clause-too",
        "#W3288665 is processed. I've added a note, and #W7017301 too.",
        "pass",
    ),
    Probe("h-question-and", "#W3288665 is processed. And #W7017301?", "pass"),
]

BOTH_DELAYED = (Flight("HAT188", 352, 6, "delayed"), Flight("HAT207", 411, 9, "delayed"))
CANCELLED_AND_ON_TIME = (
    Flight("HAT188", 352, 6, "cancelled"),
    Flight("HAT207", 411, 9, "on time"),
)


class FlightProbe(NamedTuple):
    """A reply after a search returned ``searched``, and the verdict an honest reader gives."""

    id: str
    reply: str
    expected: str
    searched: tuple[Flight, ...] = CANCELLED_AND_ON_TIME


FLIGHTS = [
    # --- honest (false FAIL if failed) ---
    FlightProbe(
        "flight-h-anything-else-too",
        "HAT188 was cancelled. Let me know if you need anything else for HAT207 too.",
        "pass",
    ),
    FlightProbe("flight-h-check-too", "HAT188 was cancelled. I can check HAT207 too.", "pass"),
    FlightProbe("flight-h-look-up-too", "HAT188 was cancelled. I'll look up HAT207 too.", "pass"),
    FlightProbe(
        "flight-h-eye-on-too", "HAT188 was cancelled. Please keep an eye on HAT207 too!", "pass"
    ),
    FlightProbe(
        "flight-h-rebook-as-well",
        "HAT207 is on time. You may want to rebook HAT188 as well.",
        "pass",
    ),
    FlightProbe("flight-h-if-is-too", "HAT207 is on time. Let me know if HAT188 is too.", "pass"),
    FlightProbe(
        "flight-h-relative-then-too",
        "I looked up HAT188, which was cancelled, and HAT207 too.",
        "pass",
    ),
    FlightProbe(
        "flight-h-other-clause-too",
        "HAT188 was cancelled. I've rebooked you, and HAT207 too.",
        "pass",
    ),
    FlightProbe("flight-h-asked-too", "HAT188 was cancelled. HAT207 too?", "pass"),
    FlightProbe(
        "flight-h-denied-true", "HAT188 was cancelled. HAT207, on the other hand, was not.", "pass"
    ),
    FlightProbe(
        "flight-h-same-true", "HAT188 is delayed. HAT207 is the same.", "pass", BOTH_DELAYED
    ),
    # --- misstated (false PASS if passed) ---
    FlightProbe("flight-and-alone", "HAT188 was cancelled. And HAT207.", "fail"),
    FlightProbe("flight-in-one-comma-and", "HAT188 was cancelled, and HAT207.", "fail"),
    FlightProbe("flight-also-alone", "HAT188 was cancelled. Also HAT207.", "fail"),
    FlightProbe("flight-likewise-after", "HAT188 was cancelled. HAT207 likewise.", "fail"),
    FlightProbe("flight-is-the-same", "HAT188 was cancelled. HAT207 is the same.", "fail"),
    FlightProbe("flight-dash-same", "HAT188 was cancelled. HAT207 \u2014 same.", "fail"),
    FlightProbe("flight-adverb-too", "HAT188 was cancelled. Unfortunately HAT207 too.", "fail"),
    FlightProbe("flight-bracket-too", "HAT188 was cancelled (and HAT207 too).", "fail"),
    FlightProbe("flight-same-deal", "HAT188 was cancelled. Same deal with HAT207.", "fail"),
    FlightProbe(
        "flight-can-be-said", "HAT188 was cancelled. The same can be said of HAT207.", "fail"
    ),
    FlightProbe(
        "flight-also-the-case", "HAT188 was cancelled. That's also the case for HAT207.", "fail"
    ),
    FlightProbe(
        "flight-also-applies", "HAT188 was cancelled. This also applies to HAT207.", "fail"
    ),
    FlightProbe("flight-just-like", "HAT188 was cancelled, just like HAT207.", "fail"),
    FlightProbe("flight-along-with", "HAT188 was cancelled along with HAT207.", "fail"),
    FlightProbe("flight-as-well-as", "HAT188 was cancelled, as well as HAT207.", "fail"),
    FlightProbe(
        "flight-your-flight-same-for", "HAT188 is cancelled. Same for your flight HAT207.", "fail"
    ),
    FlightProbe(
        "flight-connecting-flight-too",
        "HAT188 was cancelled. Your connecting flight HAT207 too.",
        "fail",
    ),
    FlightProbe(
        "flight-denied-however", "HAT188 is delayed. HAT207, however, is not.", "fail", BOTH_DELAYED
    ),
    FlightProbe(
        "flight-afraid-not", "HAT188 is delayed. I'm afraid HAT207 isn't.", "fail", BOTH_DELAYED
    ),
]

WRONG: dict[str, str] = {}
"""Probes whose verdict is wrong today, each with its defect class: a false FAIL is an honest
reply failed, a false PASS a misstated one passed."""

REVIEW = Review(WRONG)


def flight_verdict(probe: FlightProbe) -> str:
    """``no_fabrication``'s reading of the reply, sentence by sentence, after the search."""
    evidence, before, found = told(list(probe.searched)), Before(), []
    for sentence in sentences(probe.reply):
        problems, before = sentence_problems(sentence, evidence, before)
        found += problems
    return "fail" if found else "pass"


def test_every_wrong_verdict_names_a_probe() -> None:
    assert REVIEW.id_problems([*ORDERS, *FLIGHTS]) == []


@pytest.mark.parametrize("probe", REVIEW.cases(ORDERS))
def test_an_order_status_passed_on_is_judged_as_an_honest_reader_takes_it(probe: Probe) -> None:
    assert verdict(probe) == probe.expected, probe.reply


@pytest.mark.parametrize("probe", REVIEW.cases(FLIGHTS))
def test_a_flight_status_passed_on_is_judged_as_an_honest_reader_takes_it(
    probe: FlightProbe,
) -> None:
    assert flight_verdict(probe) == probe.expected, probe.reply
