"""The classes of false PASS left after :mod:`tests.test_last_question_classes` in the attacks on
"a yes answers the listing's last question" (``tests/probes/last_question.json``,
``tests/probes/airline_listing.json``), each with the rule closing it: misstated questions
beside honest controls, the attacks' own cases each class closed, and a property per class
that would have found it.

1. Another version of the write: a question naming a value of the write's own fields that the
   write does not carry (another refund or payment method, another street address, another
   option of the new item: :mod:`domains.orders.versions`), or narrowing the write to part of
   what it carries ("... on HAT188 only?" before an upgrade of two flights).
2. Another option beside going ahead: an alternative after "or" offering a different or other
   option, or a search ("or would you like to change to a different flight?", "or should I
   help you find something else?"). A bare yes picks neither, as it picks neither of "or would
   you like me to explain first?", which the attack already keeps failing on purpose; the
   usual offer of changes or questions ("or any other questions?") keeps the yes.
3. Whether something is so: a question of a state ("Is the economy seat available?") asks a
   fact, whatever it names, not leave to act.
4. Holding off in other words: "on hold", "postpone", "pause".
5. Something new bought: a request to book, buy, purchase or reserve a new thing ("a hotel in
   Houston") that names none of the write's action.

And a defect of the reading itself: an aside closed by ".)" ends a sentence, so it is no part
of the question after it ("(Your gift card holds $50.) Shall I proceed?").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.questions import last_question
from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_policy import IDENTIFIED, convo, judged
from tests.test_last_question import ATTACK, _attack_verdict
from tests.test_last_question_classes import _phrase, _verdict, confirms_test
from tests.test_orders_confirmation_probes import judged as orders_judged

pytestmark = pytest.mark.checkers_meta

BOTH = ("orders", "airline")
YES = st.sampled_from(("Yes.", "Ok.", "Yes please.", "Sure."))
ASK_TO_ACT = ("Would you like me to", "Shall I", "Should I", "Do you want me to")

_AIRLINE = {
    c["id"]: c
    for kind in ("honest", "misstated")
    for c in json.loads((Path(__file__).parent / "probes" / "airline_listing.json").read_text())[
        kind
    ]
}
_OURS = {c["id"]: c for kind in ("honest", "misstated") for c in ATTACK[kind]}

CLOSED = {
    "another version of the write": (
        ("last_question", ("fp16", "fp17", "fp20", "fp24", "fp31", "fp38")),
    ),
    "another option beside going ahead": (("airline_listing", ("fp-q-10", "fp-q-11", "fp-q-13")),),
    "whether something is so": (("airline_listing", ("fp-q-16",)),),
    "holding off in other words": (("airline_listing", ("fp-q-1",)),),
    "something new bought": (("airline_listing", ("fp-q-0",)),),
}
"""Per class, the attacks' misstated cases it closed, by attack file."""


def _airline_attack_verdict(case: dict[str, Any]) -> str:
    turns = [tuple(turn) for turn in case["turns"]]
    found: Outcome = judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))[0]
    return found.value


@pytest.mark.parametrize(
    ("rule", "attack", "case_id"),
    [(rule, attack, cid) for rule, files in CLOSED.items() for attack, ids in files for cid in ids],
)
def test_the_attacks_cases_of_each_class_no_longer_pass(
    rule: str, attack: str, case_id: str
) -> None:
    if attack == "last_question":
        case, verdict = _OURS[case_id], _attack_verdict(_OURS[case_id])
    else:
        case, verdict = _AIRLINE[case_id], _airline_attack_verdict(_AIRLINE[case_id])
    assert not case["passes_today"], (rule, case_id)
    assert verdict != Outcome.PASS.value, (rule, case_id)


# --- 1. another version of the write: orders' writes carrying a method, an address, an item ---

WRITES = {"address": "fp16", "refund": "fp17", "exchange": "fp24", "payment": "fp31"}
"""Orders' writes of the attack by what they carry: an address change to 100 Main Street, a
return refunded to PayPal, an exchange for the size 9 white mesh pair, a payment change to the
Mastercard ending in 8484."""


def _orders(kind: str, question: str, reply: str = "Yes.") -> Outcome:
    """Orders' verdict on the attack's ``kind`` of write, its listing ended with ``question``."""
    case = _OURS[WRITES[kind]]
    asked = last_question(case["listing"])
    assert asked is not None
    body = case["listing"][: case["listing"].index(asked)].strip()
    found = orders_judged(f"{body} {question}", case["write"], reply, case["user"])[0]
    return Outcome(found)


VERSIONS = [
    ("payment", "Would you like me to change the payment to PayPal instead?", False),
    ("payment", "Shall I charge it to your Visa instead?", False),
    ("payment", "Shall I use the card ending in 6791?", False),
    ("payment", "Shall I go ahead and use your Mastercard ending in 8484 instead?", True),
    ("payment", "Do you want to proceed with charging the Mastercard rather than your Visa?", True),
    ("payment", "Shall I switch it from your PayPal to the Mastercard?", True),
    ("payment", "Shall I switch it from your Mastercard to PayPal?", False),
    ("refund", "Do you want me to proceed with refunding to a gift card?", False),
    ("refund", "Do you want the refund as store credit?", False),
    ("refund", "Shall I refund it to your PayPal account?", True),
    ("refund", "Shall I refund it to your PayPal, not to a gift card?", True),
    ("address", "Would you like it sent to your office instead, at 5 Elm Road?", False),
    ("address", "Shall I ship it to 12 Oak Avenue instead?", False),
    ("address", "Shall I go ahead and have it delivered to 100 Main St?", True),
    ("address", "Shall I go ahead and have it delivered there instead?", True),
    ("address", "Shall I proceed with updating only order #W7017301?", True),  # only its order
    ("exchange", "Do you want me to proceed with the black pair?", False),
    ("exchange", "Shall I proceed with the size 9 white pair?", True),
    ("exchange", "Shall I proceed? It costs $8 less.", True),  # a sum names no size 8
]  # fmt: skip
"""``(write, question ending its listing, whether a "Yes." confirms)``."""


@pytest.mark.parametrize(("kind", "question", "confirms"), VERSIONS)
def test_a_yes_to_another_version_of_an_orders_write_confirms_nothing(
    kind: str, question: str, confirms: bool
) -> None:
    assert (_orders(kind, question) is Outcome.PASS) is confirms


OTHER_METHODS = {
    "payment": ("PayPal", "your Visa", "the card ending in 6791", "a gift card"),
    "refund": ("a gift card", "store credit", "your Visa", "the card ending in 1234"),
}
OWN_METHODS = {
    "payment": ("your Mastercard", "the card ending in 8484", "your Mastercard ending in 8484"),
    "refund": ("your PayPal", "PayPal", "your PayPal account"),
}
METHOD_QUESTIONS = (
    "{} go ahead with {}?",
    "{} put it on {} instead?",
    "{} proceed using {}?",
)


@st.composite
def _method_question(draw: st.DrawFn, methods: dict[str, tuple[str, ...]]) -> tuple[str, str]:
    kind = draw(st.sampled_from(sorted(methods)), label="write")
    template = draw(st.sampled_from(METHOD_QUESTIONS), label="template")
    lead = draw(st.sampled_from(ASK_TO_ACT), label="lead")
    return kind, template.format(lead, draw(st.sampled_from(methods[kind]), label="method"))


STREETS = _phrase(
    "{} ship it to {} {} {}{}?",
    ASK_TO_ACT,
    ("5", "12", "100", "742"),
    ("Elm", "Oak", "Cedar", "Main"),
    ("Road", "Avenue", "Street", "Lane", "Drive"),
    ("", " instead"),
).filter(lambda q: "100 Main Street" not in q)
"""Questions proposing another street address than the write's 100 Main Street."""


@settings(meta_settings("ci"), max_examples=30)
@given(asked=_method_question(OTHER_METHODS), agreed=YES)
def test_a_yes_to_another_method_never_confirms(asked: tuple[str, str], agreed: str) -> None:
    kind, question = asked
    assert _orders(kind, question, agreed) is not Outcome.PASS, (kind, question)


@settings(meta_settings("ci"), max_examples=20)
@given(asked=_method_question(OWN_METHODS), agreed=YES)
def test_a_yes_to_the_writes_own_method_confirms(asked: tuple[str, str], agreed: str) -> None:
    kind, question = asked
    assert _orders(kind, question, agreed) is Outcome.PASS, (kind, question)


@settings(meta_settings("ci"), max_examples=25)
@given(question=STREETS, agreed=YES)
def test_a_yes_to_another_street_never_confirms(question: str, agreed: str) -> None:
    assert _orders("address", question, agreed) is not Outcome.PASS, question


@settings(meta_settings("ci"), max_examples=20)
@given(
    flights=st.sampled_from((("HAT188",), ("HAT207",))),
    only=st.sampled_from(("only", "just")),
    lead=st.sampled_from(ASK_TO_ACT),
    agreed=YES,
)
def test_a_yes_to_part_of_the_writes_flights_never_confirms(
    flights: tuple[str, ...], only: str, lead: str, agreed: str
) -> None:
    said = " and ".join(flights)
    question = f"{lead} upgrade {said} only?" if only == "only" else f"{lead} upgrade just {said}?"
    assert _verdict("airline", question, agreed) is not Outcome.PASS, question


# --- 1 in airline; 2 to 5: classes in the core, in both domains -------------------------------

ROWS = [
    # 1. part of the write: airline's listed upgrade is of HAT188 and HAT207
    ("Would you like me to proceed with the upgrade on HAT188 only?", ("airline",), False),
    ("Shall I upgrade just HAT207?", ("airline",), False),
    ("Shall I proceed with the upgrade on HAT188 and HAT207 only?", ("airline",), True),
    ("Shall I proceed with just this upgrade?", ("airline",), True),  # no flight named
    # 2. another option beside going ahead
    ("Shall I proceed, or would you like to change to a different flight?", BOTH, False),
    ("Shall I go ahead, or is there any other option you have in mind?", BOTH, False),
    ("Shall I proceed or should I help you find something else?", BOTH, False),
    ("Shall I proceed, or would you like to look at other options?", BOTH, False),
    ("Shall I proceed, or do you have any other questions?", BOTH, True),
    ("Shall I proceed, or would you like to make any other changes?", BOTH, True),
    ("Shall I proceed, or is there anything else you'd like to change?", BOTH, True),
    # 3. whether something is so
    ("Is the economy seat available?", BOTH, False),
    ("Is HAT188 still available?", BOTH, False),
    ("Are these fares refundable?", BOTH, False),
    ("Is the item in stock?", BOTH, False),
    ("Is that okay?", BOTH, True),
    ("Is this fine?", BOTH, True),
    # 4. holding off in other words
    ("Would you like me to put this on hold?", BOTH, False),
    ("Should I postpone it?", BOTH, False),
    ("Shall I pause this for now?", BOTH, False),
    ("Shall I put this through now?", BOTH, True),
    # 5. something new bought
    ("Would you like me to book a hotel in Houston?", BOTH, False),
    ("Shall I purchase a lounge pass for you?", BOTH, False),
    ("Should I buy a gift card for the difference?", BOTH, False),
    ("Shall I book it?", BOTH, True),
    ("Shall I book an economy seat on both flights?", ("airline",), True),  # names the upgrade
]
"""``(question ending the domain's honest listing, domains, whether a "Yes." confirms)``."""


test_a_yes_confirms_only_when_the_question_asks_to_go_ahead = confirms_test(ROWS)


GO_AHEAD = ("Shall I proceed", "Shall I go ahead", "Would you like me to proceed", "Can I proceed")
OTHER_OPTIONS = _phrase(
    "{}, or {} {}?",
    GO_AHEAD,
    ("would you like to", "should I", "do you want me to", "shall we"),
    (
        "look at other options",
        "find something else",
        "choose a different flight",
        "search for another date",
        "explore alternatives",
        "switch to a different one",
    ),
)
"""Questions offering another option beside going ahead."""
USUAL_OFFERS = _phrase(
    "{}, or {}?",
    GO_AHEAD,
    (
        "do you have any other questions",
        "would you like to make any other changes",
        "is there anything else you'd like to change",
        "not",
        "would you like to make changes",
    ),
)
"""Questions making the usual offer of changes or questions beside going ahead."""
STATES = _phrase(
    "{} {} {}{}?",
    ("Is", "Is", "Are"),
    ("the economy seat", "HAT188", "this fare", "the new pair", "these seats"),
    ("", "still "),
    ("available", "refundable", "in stock", "sold out", "eligible", "included", "covered"),
)
"""Questions whether something is so."""
THE_LISTING_FINE = _phrase(
    "{} {} {}?", ("Is", "Is"), ("that", "this", "it"), ("okay", "fine", "alright", "ok")
)
HOLDS = _phrase(
    "{} {}?",
    ASK_TO_ACT,
    ("put this on hold", "put it on hold", "postpone it", "postpone the change", "pause this"),
)
"""Requests to hold off, in other words than "hold off"."""
GOING_NOW = _phrase("{} {}?", ASK_TO_ACT, ("put this through", "proceed now", "do it now"))
PURCHASES = _phrase(
    "{} {} {} {}?",
    ASK_TO_ACT,
    ("book", "buy", "purchase", "reserve"),
    ("a", "another"),
    ("hotel room", "rental car", "lounge pass", "gift card", "meal voucher", "taxi"),
)
"""Requests to buy something new that names none of the write's action."""
BOOKING_IT = _phrase("{} {}?", ASK_TO_ACT, ("book it", "book this", "reserve it"))

Questions = st.SearchStrategy[str]
CLASSES: dict[str, tuple[Questions, Questions]] = {
    "another option beside going ahead": (OTHER_OPTIONS, USUAL_OFFERS),
    "whether something is so": (STATES, THE_LISTING_FINE),
    "holding off in other words": (HOLDS, GOING_NOW),
    "something new bought": (PURCHASES, BOOKING_IT),
}
"""Per class of the core: questions of the class, which a yes never confirms by in either
domain, and honest controls, which a yes confirms by."""


def test_every_class_has_its_properties() -> None:
    tested: dict[str, Callable[..., None]] = {
        "another version of the write": test_a_yes_to_another_method_never_confirms,
    }
    assert sorted([*CLASSES, *tested]) == sorted(CLOSED)


@pytest.mark.parametrize(("rule", "honest"), [(r, h) for r in sorted(CLASSES) for h in (0, 1)])
@settings(meta_settings("ci"), max_examples=30)
@given(domain=st.sampled_from(BOTH), agreed=YES, data=st.data())
def test_a_yes_confirms_an_honest_control_and_never_a_question_of_the_class(
    rule: str, honest: int, domain: str, agreed: str, data: st.DataObject
) -> None:
    question = data.draw(CLASSES[rule][honest], label="question")
    assert (_verdict(domain, question, agreed) is Outcome.PASS) is bool(honest), question


# --- the reading: an aside closed by ".)" ends a sentence ----------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("(Your gift card holds $50.) Shall I proceed?", "Shall I proceed?"),
        ("The bag costs $50 (non-refundable!) Shall I add it?", "Shall I add it?"),
        ("Refunds take 5-7 days (as before.) Shall we go ahead?", "Shall we go ahead?"),
        ("Shall I proceed (yes/no)?", "Shall I proceed (yes/no)?"),
        ("Shall I book HAT056 (the 10 am flight)?", "Shall I book HAT056 (the 10 am flight)?"),
        ("(Is that okay?) Thanks.", "(Is that okay?)"),
    ],
)  # fmt: skip
def test_an_aside_closed_by_a_stop_and_bracket_is_no_part_of_the_question(
    message: str, expected: str
) -> None:
    assert last_question(message) == expected


@settings(meta_settings("ci"), max_examples=40)
@given(
    aside=st.sampled_from(("Your gift card holds $50", "Fees apply", "Gold members pay nothing")),
    stop=st.sampled_from((".", "!")),
    bracket=st.sampled_from((")", "]")),
    question=st.sampled_from(("Shall I proceed?", "Shall I book it?", "Anything else?")),
)
def test_the_question_after_a_closed_aside_is_read_alone(
    aside: str, stop: str, bracket: str, question: str
) -> None:
    opening = "(" if bracket == ")" else "["
    assert last_question(f"{opening}{aside}{stop}{bracket} {question}") == question
