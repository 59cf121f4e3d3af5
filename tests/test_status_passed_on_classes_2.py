"""A status passed on to a second order or flight by leaving it out, the second thing named any
way: the properties of the classes of ``tests/test_review_probes_status_passed_1206b.py``.

A reply states the first thing's status, then passes it on: "#W1 is processed. The one ending
in 7301 too.", "Same for order 7301.", "#W2, too.", "And #W2.", "Also #W2.", "#W2 likewise.",
"I believe #W2 is too.", "HAT188 was cancelled, and HAT207." The second thing is named by its
full id, by its last digits ("the order ending in 7301", "the one ending in 7301", "order
#7301", "order 7301", "order number 7301") or as a flight ("HAT207", "flight HAT207", "your
flight HAT207"). Each property draws the first sentence, the form passing the status on and
the naming, and holds the verdict to the truth of what is said (the data's statuses, written
out here, not read through the code under test).

Honest controls: a sentence of its own that ends in "too" or "as well" passes nothing on ("Let
me know if you need anything else for HAT207 too.", "I can look into #W2 as well."), nor does
one asking or supposing it ("Let me know if #W2 is too.", "#W2 too?"), nor "and ... too" after
a relative clause ("I looked at #W1, which is processed, and #W2 too.").

All six properties failed on the code before (seen, 2026-12-06): orders read no order named by
its last digits or "order 7301", nor ", too", "And #W2.", "likewise", "is the same",
"Unfortunately #W2 too", "(and #W2 too)", and passed a status on after a relative clause;
airline passed it on through any sentence ending in "too" or "as well", and read no "And
HAT207.", "Same for your flight HAT207", "HAT207, however, is not" nor "..., just like HAT207".
The last test holds the shared reader (:func:`checkers.passed_on.status_passed_on`) to a table
in a made-up domain, so that no one domain's words carry it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.passed_on import status_passed_on
from checkers.stated import Stated
from checkers.text import sentences
from domains.airline.fabrication import Before, sentence_problems
from tests.test_airline_binding import Flight, told
from tests.test_orders_status_passed_classes import FIRST, ORDERS, SAID_OF, TRUE_IN, Order
from tests.test_review_probes_orders_facts_1206 import MEI, YUSUF, Probe, verdict

pytestmark = pytest.mark.checkers_meta

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- orders ----------------------------------------------------------------------------------

ORDER_NAMINGS = (
    "{id}",
    "order {id}",
    "your order {id}",
    "the order ending in {last}",
    "the one ending in {last}",
    "order #{last}",
    "order {last}",
    "order number {last}",
)
"""Ways to name the second order: ``{id}`` its full id, ``{last}`` its last four digits (no
two orders of one customer share them)."""

PASSED_ON = (
    "Same for {b}.",
    "The same goes for {b}.",
    "{B} too.",
    "{B}, too.",
    "{B} as well.",
    "{B} likewise.",
    "And {b}.",
    "And {b} too.",
    "Also {b}.",
    "So {aux} {b}.",
    "{B} {aux} too.",
    "{B} {aux} as well.",
    "I believe {b} {aux} too.",
    "I can confirm {b} {aux} as well.",
    "{B} {aux} the same.",
    "{B} has the same status.",
    "{B} \u2014 same.",
    "As for {b}, same.",
    "Unfortunately {b} too.",
    "The same can be said of {b}.",
    "That's also the case for {b}.",
    "This is also true for {b}.",
    "Same deal with {b}.",
    "Same for the other one, {b}.",
)
"""The next sentence, passing the first one's status on to ``{b}``."""
IN_ONE = (
    "{first}, and {b} too.",
    "{first}, and {b}.",
    "{first}, and so {aux} {b}.",
    "{first}, same for {b}.",
    "{first} and {b} as well.",
    "{first} (and {b} too).",
    "{first}, just like {b}.",
)
"""The same, in the first sentence (``{first}`` without its stop)."""
HONEST = (
    "Let me know if you need anything else for {b} too.",
    "Let me know if you want me to check {b} too.",
    "I can look into {b} as well.",
    "Would you like me to check {b} too?",
    "Let me know if {b} {aux} too.",
    "{B} too?",
    "Please keep an eye on {b} too.",
    "You may want to review {b} as well.",
    "I have also pulled up {b}.",
    "I looked at {a}, which is {x}, and {b} too.",
    "I looked at {a}, which is {x}, and {b}.",
)
"""A next sentence of its own ending in "too" or "as well", or asking: nothing passed on."""


DENIALS = (
    "{B} isn't.",
    "{B} is not.",
    "But {b} hasn't.",
    "I'm afraid {b} isn't.",
    "{B}, on the other hand, is not.",
    "Not {b}, though.",
)
"""The next sentence, denying the first one's status of ``{b}``."""


class Named(NamedTuple):
    """Two orders of one customer, the second named as a reply names it."""

    a: Order
    b: Order
    b_named: str


@st.composite
def named_pairs(draw: st.DrawFn) -> Named:
    user = draw(st.sampled_from((MEI, YUSUF)))
    a, b = draw(st.permutations([o for o in ORDERS if o.user == user]))[:2]
    naming = draw(st.sampled_from(ORDER_NAMINGS))
    return Named(a, b, naming.format(id=b.id, last=b.id[-4:]))


def _order_reply(drawn: Named, first: tuple[str, str], form: str, word: str) -> str:
    template, aux = first
    opening = template.format(a=drawn.a.id, x=word)
    named = drawn.b_named
    second = form.format(
        a=drawn.a.id, x=word, b=named, B=_capital(named), aux=aux, first=opening.rstrip(".")
    )
    return second if "{first}" in form else f"{opening} {second}"


def _judged(reply: str, user: str) -> str:
    return verdict(Probe("drawn", reply, "", user))


@SETTINGS
@given(named_pairs(), st.sampled_from(FIRST), st.sampled_from(PASSED_ON + IN_ONE), st.data())
def test_an_order_status_passed_on_is_claimed_of_the_order_however_named(
    drawn: Named, first: tuple[str, str], form: str, data: st.DataObject
) -> None:
    """ "#W1 is processed. The one ending in 7301 too.": processed is claimed of #W7017301."""
    word = data.draw(st.sampled_from(SAID_OF[drawn.a.status]))
    reply = _order_reply(drawn, first, form, word)
    expected = "pass" if drawn.b.status in TRUE_IN[word] else "fail"
    assert _judged(reply, drawn.a.user) == expected, reply


@SETTINGS
@given(
    named_pairs(),
    st.sampled_from(FIRST),
    st.sampled_from(DENIALS),
    st.data(),
)
def test_an_order_status_denied_is_denied_of_the_order_however_named(
    drawn: Named, first: tuple[str, str], form: str, data: st.DataObject
) -> None:
    """ "#W1 is pending. Order 7301 isn't.": not pending, of #W7017301."""
    word = data.draw(st.sampled_from(SAID_OF[drawn.a.status]))
    reply = _order_reply(drawn, first, form, word)
    expected = "fail" if drawn.b.status in TRUE_IN[word] else "pass"
    assert _judged(reply, drawn.a.user) == expected, reply


@SETTINGS
@given(named_pairs(), st.sampled_from(FIRST), st.sampled_from(HONEST), st.data())
def test_a_next_sentence_of_its_own_passes_no_order_status_on(
    drawn: Named, first: tuple[str, str], form: str, data: st.DataObject
) -> None:
    word = data.draw(st.sampled_from(SAID_OF[drawn.a.status]))
    reply = _order_reply(drawn, first, form, word)
    assert _judged(reply, drawn.a.user) == "pass", reply


# --- flights ---------------------------------------------------------------------------------

WORDS = {
    "cancelled": ("cancelled", "called off"),
    "delayed": ("delayed", "running late"),
    "on time": ("on time", "on schedule"),
    "landed": ("landed",),
    "flying": ("in the air", "airborne"),
}
"""Words stating each flight status, that status alone."""
FLIGHT_NAMINGS = ("{n}", "flight {n}", "your flight {n}", "flight number {n}")
FLIGHT_FIRST = ("{a} is {x}.", "Flight {a} is {x}.", "I checked, and {a} is {x}.")
FLIGHT_PASSED_ON = (
    "Same for {b}.",
    "{B} too.",
    "{B}, too.",
    "{B} as well.",
    "{B} likewise.",
    "And {b}.",
    "And {b} too.",
    "Also {b}.",
    "So is {b}.",
    "{B} is too.",
    "I believe {b} is too.",
    "{B} is the same.",
    "{B} has the same status.",
    "{B} \u2014 same.",
    "Unfortunately {b} too.",
    "The same can be said of {b}.",
    "That's also the case for {b}.",
    "Same deal with {b}.",
    "{first}, just like {b}.",
    "{first}, along with {b}.",
    "{first} (and {b} too).",
    "{first}, and {b}.",
    "{first}, and {b} too.",
    "{first}, and so is {b}.",
)
FLIGHT_HONEST = (
    "Let me know if you need anything else for {b} too.",
    "Let me know if you'd like me to check {b} as well.",
    "I can check {b} too.",
    "I'll look up {b} too.",
    "Please keep an eye on {b} too!",
    "You may want to rebook {b} as well.",
    "Would you like me to rebook {b} too?",
    "Let me know if {b} is too.",
    "{B} too?",
    "I looked up {a}, which is {x}, and {b} too.",
    "I looked up {a}, which is {x}, and {b}.",
)


class Flights(NamedTuple):
    a: Flight
    b: Flight
    b_named: str
    word: str


@st.composite
def flight_pairs(draw: st.DrawFn) -> Flights:
    a_status, b_status = draw(st.sampled_from(sorted(WORDS))), draw(st.sampled_from(sorted(WORDS)))
    naming = draw(st.sampled_from(FLIGHT_NAMINGS))
    return Flights(
        Flight("HAT188", 352, 6, a_status),
        Flight("HAT207", 411, 9, b_status),
        naming.format(n="HAT207"),
        draw(st.sampled_from(WORDS[a_status])),
    )


def _flight_reply(drawn: Flights, first: str, form: str) -> str:
    opening = first.format(a=drawn.a.number, x=drawn.word)
    named = drawn.b_named
    second = form.format(
        a=drawn.a.number, x=drawn.word, b=named, B=_capital(named), first=opening.rstrip(".")
    )
    return second if "{first}" in form else f"{opening} {second}"


def _flight_problems(reply: str, drawn: Flights) -> list[str]:
    evidence, before, codes = told([drawn.a, drawn.b]), Before(), []
    for sentence in sentences(reply):
        found, before = sentence_problems(sentence, evidence, before)
        codes += [code for code, _ in found]
    return codes


@SETTINGS
@given(flight_pairs(), st.sampled_from(FLIGHT_FIRST), st.sampled_from(FLIGHT_PASSED_ON))
def test_a_flight_status_passed_on_is_said_of_the_flight(
    drawn: Flights, first: str, form: str
) -> None:
    """ "HAT188 was cancelled. And HAT207.": cancelled is said of HAT207."""
    reply = _flight_reply(drawn, first, form)
    assert (_flight_problems(reply, drawn) == []) == (drawn.a.status == drawn.b.status), reply


@SETTINGS
@given(
    flight_pairs(),
    st.sampled_from(FLIGHT_FIRST),
    st.sampled_from((*DENIALS[:4], "{B}, however, is not.")),
)
def test_a_flight_status_denied_is_denied_of_the_flight(
    drawn: Flights, first: str, form: str
) -> None:
    reply = _flight_reply(drawn, first, form)
    assert (_flight_problems(reply, drawn) == []) == (drawn.a.status != drawn.b.status), reply


@SETTINGS
@given(flight_pairs(), st.sampled_from(FLIGHT_FIRST), st.sampled_from(FLIGHT_HONEST))
def test_a_sentence_of_its_own_passes_no_flight_status_on(
    drawn: Flights, first: str, form: str
) -> None:
    """ "HAT188 was cancelled. Let me know if you need anything else for HAT207 too.": nothing
    is said of HAT207."""
    reply = _flight_reply(drawn, first, form)
    assert _flight_problems(reply, drawn) == [], reply


# --- the core, for any domain ----------------------------------------------------------------

THINGS = Stated(ids=r"x\d{3}", nouns=r"things?|parcels?")
"""A made-up domain: things named ``x123`` or "the thing", to hold the core to no one domain."""

CORE = [
    # (lowered text, whether the status before is passed on to the last id: same, denied, none)
    ("x100 is lost. x200 too.", "same"),
    ("x100 is lost. x200, too.", "same"),
    ("x100 is lost. and x200.", "same"),
    ("x100 is lost. also the thing x200.", "same"),
    ("x100 is lost. same for the other one, x200.", "same"),
    ("x100 is lost. i believe x200 is too.", "same"),
    ("x100 is lost. x200 is the same.", "same"),
    ("x100: lost. x200: same as above.", "same"),
    ("x100 is lost. that goes for x200 too.", "same"),
    ("x100 is lost. it goes to x200's owner.", "none"),
    ("x100 is lost. unfortunately, x200 as well.", "same"),
    ("x100 is lost (and x200 too).", "same"),
    ("x100 is lost, just like x200.", "same"),
    ("x100 is lost. x200, on the other hand, is not.", "denied"),
    ("x100 is lost. not x200, though.", "denied"),
    ("x100 is lost. let me know if you need anything else for x200 too.", "none"),
    ("x100 is lost. i'll check x200 too.", "none"),
    ("x100 is lost. let me know if x200 is too.", "none"),
    ("x100 is lost. x200 too?", "none"),
    ("x100 is lost. same for x200?", "none"),
    ("i found x100, which is lost, and x200 too.", "none"),
    ("x100 is lost. i've filed a claim, and x200 too.", "none"),
    ("x100 is lost. x200.", "none"),
    ("x100 is lost along with x200's label.", "none"),
]


@pytest.mark.parametrize(("text", "expected"), CORE)
def test_the_core_reads_a_status_passed_on_in_any_domain(text: str, expected: str) -> None:
    """:func:`checkers.passed_on.status_passed_on` on the last id, the status ("lost") said in
    the first clause."""
    last = list(re.finditer(r"x\d{3}", text))[-1]
    since = text.index("lost") + len("lost")
    passed = status_passed_on(THINGS, text, last.start(), last.end(), since)
    found = "none" if passed is None else "denied" if passed.denied else "same"
    assert found == expected, text
