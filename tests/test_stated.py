"""The core reader of stated statuses (``checkers/stated.py``): one English for every domain.

Each template puts a status word in a clause that supposes, asks or offers it, or in one that
states it beside a condition word elsewhere; orders' and airline's readers
(:data:`domains.orders.claims.ORDER_STATUSES`, :data:`domains.airline.fabrication.
FLIGHT_STATUSES`) must read every template the same way, for their own things' names.
"""

from __future__ import annotations

import pytest

from checkers.stated import Stated
from checkers.text import fold_lower
from domains.airline.fabrication import FLIGHT_STATUSES
from domains.orders.claims import ORDER_STATUSES

READERS = {
    "orders": (ORDER_STATUSES, ("#W7017301", "your order", "the package")),
    "airline": (FLIGHT_STATUSES, ("HAT188", "your flight", "the segment")),
}
STATUSES = ("cancelled", "delayed", "delivered", "processed")
NOT_STATED = (
    "If {thing} was {status}, you can get a refund.",
    "Let me know whether {thing} was {status}.",
    "Once {thing} is {status}, I will tell you.",
    "Was {thing} {status}?",
    "{thing} could have been {status}.",
    "Should {thing} be {status}, call us.",
    "Please tell me which one was {status}.",
    "I can help if {thing} is {status} or on hold.",
    "Would you like {thing} {status}?",
    "Do you want me to have {thing} {status}?",
    "{thing} will be {status} once you confirm.",
    "If you confirm, {thing} will be {status}.",
    "Let me know whether {id} {status} yesterday.",
    "Has {id} {status}?",
    # wanted, promised, hedged, general, or reported inside a condition (false fails found by
    # the attack kept in tests/probes/stated.jsonl)
    "You want {thing} {status}, correct?",
    "I can get {thing} {status} for you.",
    "For {thing} to be {status}, I need your confirmation.",
    "{thing} will be {status} pending your confirmation.",
    "Please confirm, and {thing} will be {status}.",
    "{thing}'s going to be {status} once you confirm.",
    "After {thing} is {status}, you will hear from us.",
    "You can get a refund once {status}.",
    "So has {thing} been {status}?",
    "- Was {thing} {status}?",
    "Had {thing} been {status}, you could get a refund.",
    "I don't think {thing} was {status}.",
    "You said {thing} was {status}, but I see otherwise.",
    "If you notice {thing} was {status}, let me know.",
    "If {thing} is marked as {status}, let me know.",
    "Only {status} {noun}s can be changed.",
    "{thing} might well be {status}.",
    # the policy's possibilities (false fails found on tau-bench's recorded gpt-4o runs)
    "{thing} can only be {status} within 24 hours of booking.",
    "{thing} can always be {status}.",
    "Basic economy {noun}s can only be {status} if the airline agrees.",
)
STATED = (
    "If you're wondering, {thing} was {status}.",
    "If you're wondering {thing} was {status}.",
    "If you want to know, {thing} was {status}.",
    "{thing} was {status}, so I could help you.",
    "When I checked, {thing} was {status}.",
    "I can confirm that {thing} was {status}.",
    "Would you like a refund since {thing} was {status}?",
    "Let me know if you want help with your {status} {noun}.",
    "{thing} was {status}; let me know if you need anything.",
    "Why was {thing} {status}?",
    # forms an attack on the orders reader found read as supposed (false passes)
    "Did you realize {thing} was {status}?",
    "You can choose a refund as {thing} was {status}.",
    "Would you like to return {thing} (now {status})?",
    "What would you like to do with {status} {noun} {id}?",
    "Unless I am mistaken {thing} is {status}.",
    "Isn't it great that {thing} was {status}?",
    "When I last checked {thing} has been {status}.",
    "Could you look for {id} {status} yesterday?",
    "Would you like help with {id} now {status}?",
    "Would you like to return {id} we {status} on Monday?",
    "Can you check the {noun} you {status} last week?",
    "{thing} will be {status}.",
    "{thing} will be {status}, so if you want to rebook, tell me.",
    # stated though a question, a time or a condition word is near (false passes found by the
    # attack kept in tests/probes/stated.jsonl)
    "{thing} will be {status} after all.",
    "If you're wondering, {thing} will be {status}.",
    "When I ran the lookup {thing} is {status}.",
    "What day was {id} {status}?",
    "Was anything missing when {thing} was {status}?",
    "Did you receive {id} {status} on Monday?",
    "Shall I rebook **{id}** {status} this morning?",
    "Would you like help with the {noun} the airline {status}?",
    "Isn't it a relief that {thing} was {status}?",
    "Did you get the notification that {thing} was {status}?",
    "Would you like to rebook given {id} was {status}?",
)


def _verdicts(reader: Stated, template: str, thing: str, status: str, noun: str) -> list[bool]:
    lowered = fold_lower(template.format(thing=thing, id=thing, status=status, noun=noun))
    at = lowered.index(status)
    return reader.each(lowered, [(at, at + len(status))])


@pytest.mark.parametrize("template", NOT_STATED + STATED)
@pytest.mark.parametrize("domain", sorted(READERS))
def test_every_domain_reads_a_status_in_its_own_clause_alike(domain: str, template: str) -> None:
    """Every template, for every status word and every way of naming the thing (a form of an
    id takes the id), in both domains."""
    reader, things = READERS[domain]
    noun = "order" if domain == "orders" else "flight"
    for thing in things[:1] if "{id}" in template else things:
        for status in STATUSES:
            found = _verdicts(reader, template, thing, status, noun)
            assert found == [template in STATED], (domain, template, thing, status)


@pytest.mark.parametrize("domain", sorted(READERS))
def test_a_status_joined_to_a_supposed_one_is_supposed_and_to_a_stated_one_stated(
    domain: str,
) -> None:
    reader, _ = READERS[domain]
    for sentence, expected in (
        ("if it was delayed or cancelled, call us.", [False, False]),
        ("it was delayed, even cancelled.", [True, True]),
        ("if it was delayed, it was cancelled.", [False, True]),
    ):
        spans = [(sentence.index(w), sentence.index(w) + len(w)) for w in ("delayed", "cancelled")]
        assert reader.each(sentence, spans) == expected, sentence
    assert reader.each("", []) == []


JOINS = {"airline": ("hat188", "hat207"), "orders": ("#w7017301", "#w3288665")}
"""Two ids of each domain's things, as a lowered sentence writes them."""


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ("if {a} is delayed and {b} is cancelled, you get a voucher.", [False, False]),
        ("if {a} was delayed or it was cancelled, tell me.", [False, False]),
        ("{a} is delayed and {b} is cancelled.", [True, True]),
        # a comma, or another subject than a thing, ends the join: the second is read alone
        ("let me check whether {a} is delayed, and {b} is cancelled.", [False, True]),
        ("let me check whether {a} is delayed and i see it was cancelled.", [False, True]),
    ],
)
@pytest.mark.parametrize("domain", sorted(READERS))
def test_a_status_joined_with_its_own_thing_and_verb_is_read_as_the_one_before(
    domain: str, template: str, expected: list[bool]
) -> None:
    a, b = JOINS[domain]
    sentence = template.format(a=a, b=b)
    spans = [(sentence.index(w), sentence.index(w) + len(w)) for w in ("delayed", "cancelled")]
    assert READERS[domain][0].each(sentence, spans) == expected, sentence


@pytest.mark.parametrize(
    ("sentence", "phrase", "expected"),
    [
        ("once order #w7017301 has shipped, i can help.", "has shipped", False),
        ("when your flight is late, you get a voucher.", "is late", False),
        ("when i checked, your flight was late.", "was late", True),
        ("when order #w7017301 had shipped, i could not cancel it.", "shipped", True),
    ],
)
def test_a_phrase_holding_its_own_verb_is_read_by_that_verb(
    sentence: str, phrase: str, expected: bool
) -> None:
    """A domain's status phrase may hold its verb ("has shipped", "is late"): after "when" or
    "once", that verb says whether the status is a time that may come."""
    at = sentence.index(phrase)
    for reader, _ in READERS.values():
        assert reader.asserted(sentence, at, at + len(phrase)) is expected, sentence
