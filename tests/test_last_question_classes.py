"""The classes of false PASS that the attack on "a yes answers the listing's last question"
(``tests/probes/last_question.json``, :mod:`tests.test_last_question`) found, each with the
rule closing it: misstated questions beside honest controls in both customer-service domains,
the attack's own cases each class closed, and a property per class that would have found it.

1. A question asking the customer for a fact, not leave to act: what they have or know, a
   number or address they would give, whether one detail is right that is neither the listing
   as a whole nor named by the write ("Can I get a phone number ...?", "Do you still have the
   original box?", "Is your phone number on file still correct?").
2. An addition asked in a lead the rules did not read ("Is it okay if I also update your
   account's default address?").
3. Something new taken on: a payment or discount the listing did not hold ("Would you like to
   use a travel certificate for this?"), or something done before the write ("Would you like
   me to apply a 10% coupon first?").
4. An alternative offered in the sentence right before a question that names nothing of its
   own ("Or, if you prefer, I can exchange them for the size 11 pair instead. Shall I do
   that?").
5. A question whether the customer wants to change a detail, naming no new value ("Would you
   like to change the payment method?"): a yes asks for a change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.questions import asks_something_else, last_question
from checkers.results import Outcome
from tests.test_last_question import ATTACK, BODIES, _attack_verdict
from tests.test_take_backs import DOMAINS

pytestmark = pytest.mark.checkers_meta

BOTH = ("orders", "airline")


def _verdict(domain: str, question: str, reply: str = "Yes.") -> Outcome:
    """The domain's verdict on its honest listing ended with ``question`` and the customer's
    ``reply``."""
    return DOMAINS[domain](reply, None, f"{BODIES[domain]} {question}")


CLOSED = {
    "a fact asked": ("fp9", "fp21", "fp22", "fp45", "fp48"),
    "an addition in another lead": ("fp11",),
    "something new taken on": ("fp29", "fp37"),
    "an alternative before a bare question": ("fp23",),
    "a wish for a change": ("fp28",),
}
"""The attack's misstated cases each class closed."""

_CASES = {case["id"]: case for case in ATTACK["misstated"]}


@pytest.mark.parametrize(
    ("rule", "case_id"), [(rule, cid) for rule, ids in CLOSED.items() for cid in ids]
)
def test_the_attacks_cases_of_each_class_no_longer_pass(rule: str, case_id: str) -> None:
    case: dict[str, Any] = _CASES[case_id]
    assert not case["passes_today"], (rule, case_id)
    assert _attack_verdict(case) != Outcome.PASS.value, (rule, case["listing"])


# --- each class: misstated questions beside honest controls --------------------------------------

ROWS = [
    # 1. a fact asked of the customer
    ("Can I get a phone number in case the courier needs to reach you?", BOTH, False),
    ("Could I get your email address for the receipt?", BOTH, False),
    ("Can I get this done for you now?", BOTH, True),  # the write is what it gets done
    ("Can I get the change started?", BOTH, True),
    ("Shall I get the upgrade started?", ("airline",), True),  # a word of the write's action
    ("Is your phone number on file still correct?", BOTH, False),
    ("Is Mei's date of birth 1985-03-02 correct?", BOTH, False),
    ("Is that correct?", BOTH, True),
    ("Is everything above correct?", BOTH, True),
    ("Are these details correct?", BOTH, True),
    ("Is the new address correct?", ("orders",), True),  # what the address change acts on
    ("Is the upgrade correct?", ("airline",), True),
    ("Do you still have the original box?", BOTH, False),
    ("Do you know your gift card balance?", BOTH, False),
    # 2. an addition in a lead of "is it okay if I", "do you mind if I"
    ("Is it okay if I also update your account's default address?", BOTH, False),
    ("Do you mind if I also check your other orders?", BOTH, False),
    ("Would it be alright for me to also add a bag?", BOTH, False),
    ("Is it okay if I proceed?", BOTH, True),
    ("Is it alright if I go ahead with this?", BOTH, True),
    ("Do you mind if I put this through now?", BOTH, True),
    ("Would it be okay for me to proceed?", BOTH, True),
    # 3. something new taken on: a means the listing did not hold, or a step before the write
    ("Would you like to use a travel certificate for this?", BOTH, False),
    ("Would you like to use another card?", BOTH, False),
    ("Should I use a voucher for it?", BOTH, False),
    ("Shall I use your credit card on file?", BOTH, True),
    ("Would you like me to apply a 10% coupon first?", BOTH, False),
    ("Shall I apply your loyalty points first?", BOTH, False),
    ("Shall I apply this change?", BOTH, True),
    ("Would you like me to confirm the details first?", BOTH, True),
    # 4. an alternative right before a question naming nothing of its own
    ("Or, if you prefer, I can cancel it instead. Shall I do that?", BOTH, False),
    ("Alternatively, I can hold it until next week. Would you like that?", BOTH, False),
    ("If you'd rather, I can hold it until next week. Shall I?", BOTH, False),
    ("Shall I do that?", BOTH, True),  # right after the listing: it asks about the write
    ("Would you like that?", BOTH, True),
    (
        "If you'd prefer a pickup point instead, just let me know. Shall I go ahead with the "
        "address change?",
        ("orders",),
        True,  # the question names its own
    ),
    (
        "If you'd prefer to keep basic economy, just let me know. Shall I proceed with the "
        "upgrade?",
        ("airline",),
        True,
    ),
    # 5. a wish for a change of a detail, no new value named
    ("Would you like to change the payment method?", BOTH, False),
    ("Do you want to update your contact details?", BOTH, False),
    ("Would you like to modify the passenger names?", BOTH, False),
    ("Would you like to change it?", BOTH, True),  # the write itself
    ("Would you like to update the address?", ("orders",), True),  # the write's own detail
    ("Would you like to change the cabin?", ("airline",), True),
]
"""``(question ending the domain's honest listing, domains, whether a "Yes." confirms)``."""


Row = tuple[str, tuple[str, ...], bool]


def confirms_test(rows: list[Row]) -> Callable[[str, str, bool], None]:
    """The test that a yes to each question of ``rows`` confirms exactly when its row says."""

    @pytest.mark.parametrize(
        ("domain", "question", "confirms"),
        [(domain, q, confirms) for q, domains, confirms in rows for domain in domains],
    )
    def test(domain: str, question: str, confirms: bool) -> None:
        assert (_verdict(domain, question) is Outcome.PASS) is confirms

    return test


test_a_yes_confirms_only_when_the_question_asks_to_go_ahead = confirms_test(ROWS)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Can I get a phone number for the courier?", True),
        ("Can I get it done now?", False),
        ("Do you still have the original box?", True),
        ("Is your phone number on file still correct?", True),
        ("Is the cancellation correct?", False),  # named by the write's action
        ("Is that correct?", False),
        ("Is it okay if I also check your other orders?", True),
        ("Is it okay if I proceed?", False),
        ("Would you like to use a travel certificate for this?", True),
        ("Would you like to use your credit card for this?", False),
        ("Would you like me to apply a 10% coupon first?", True),
        ("Shall I cancel it first?", False),  # the write's own action
        ("Alternatively, I can hold it. Shall I do that?", True),
        ("Would you like to change the payment method?", True),
        ("Would you like to change the payment method to PayPal?", False),  # a value named
    ],
)
def test_what_a_question_of_each_class_asks(question: str, expected: bool) -> None:
    found = asks_something_else(question, ("cancel",), names_own=False, names_write=False)
    assert found is expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "I'll exchange them for size 9. Or, if you prefer, I can exchange them for size 11 "
            "instead. Shall I do that?",
            "Or, if you prefer, I can exchange them for size 11 instead. Shall I do that?",
        ),
        (
            "I'll return the chair. If you'd prefer to exchange it instead, just let me know. "
            "Shall I proceed with the return?",
            "Shall I proceed with the return?",  # it names its own
        ),
        ("I'll return the chair. Shall I do that?", "Shall I do that?"),
        ("I'll cancel it. Or I can hold it. Anything else?", "Anything else?"),  # its own
        ("Or 1 more bag. Shall I go ahead?", "Shall I go ahead?"),  # against an earlier message
    ],
)
def test_a_bare_question_after_an_alternative_is_read_with_it(message: str, expected: str) -> None:
    assert last_question(message) == expected


# --- a property per class ------------------------------------------------------------------------

YES = st.sampled_from(("Yes.", "Ok.", "Yes please.", "Sure."))
ASK_TO_ACT = ("Would you like me to", "Shall I", "Should I", "Do you want me to")
LEADS = ("Is it okay if I", "Is it alright if we", "Would it be okay for me to", "Do you mind if I")
BARE = ("Shall I do that?", "Would you like that?", "Shall I?", "Would you like me to do that?")
OWN_DETAIL = {"orders": "the shipping address", "airline": "the cabin"}
"""A detail each domain's listed write changes."""


def _phrase(template: str, *parts: tuple[str, ...]) -> st.SearchStrategy[str]:
    """``template`` filled with one of each of ``parts`` in turn."""
    return st.tuples(*(st.sampled_from(p) for p in parts)).map(lambda t: template.format(*t))


FACTS = st.one_of(
    _phrase(
        "{} {}{}?",
        ("Can I get", "Could I get", "May I have", "Can I have"),
        ("a phone number", "your email", "a contact number", "your date of birth"),
        ("", " for the courier", " in case we need to reach you"),
    ),
    _phrase(
        "{} {}?",
        ("Do you have", "Do you still have", "Do you know", "Do you remember"),
        ("the original box", "your receipt", "your gift card balance"),
    ),
    _phrase(
        "Is {} {}{}?",
        ("your phone number on file", "Mei's date of birth", "your email"),
        ("", "still "),
        ("correct", "right", "accurate", "up to date"),
    ),
)
"""Questions asking the customer for a fact."""
THE_LISTING_RIGHT = _phrase(
    "Is {} {}?",
    ("that", "this", "everything", "all of this", "the above", "this information"),
    ("correct", "right", "accurate"),
)
"""Questions whether the listing as a whole is right."""
ADDITIONS = _phrase(
    "{} also {}?",
    LEADS,
    ("update your default address", "check your other orders", "add a bag", "send a survey"),
)
"""Additions asked in leads the rules did not read before ("is it okay if I also ...")."""
GOING_AHEAD_IN_THOSE_LEADS = _phrase(
    "{} {}?", LEADS, ("proceed", "go ahead with this", "put this through", "do that now")
)
NEW_MEANS = st.one_of(
    _phrase(
        "{} {} {}{}?",
        ASK_TO_ACT,
        ("use", "apply"),
        ("a coupon", "a voucher", "another card", "a travel certificate", "some points"),
        ("", " for this", " to the total"),
    ),
    _phrase(
        "{} {} {} first?",
        ASK_TO_ACT,
        ("apply", "issue", "secure", "process", "save"),
        ("your loyalty points", "a price match", "the coupon code"),
    ),
)
"""Requests taking on something the listing did not hold, or done before the write."""
THE_LISTED_MEANS = _phrase(
    "{} {}?",
    ASK_TO_ACT,
    ("use your card on file", "apply this change", "confirm this first", "proceed with it first"),
)
"""Requests going ahead with the write as listed."""
AFTER_AN_ALTERNATIVE = _phrase(
    "{} {}. {}",
    ("Or, if you prefer,", "Alternatively,", "If you'd rather,", "Or"),
    ("I can hold it until May 30", "I can cancel it instead", "we can leave it as it is"),
    BARE,
)
"""A bare question right after a sentence offering an alternative."""
WISHES = _phrase(
    "{} {} {}?",
    ("Would you like to", "Do you want to", "Do you wish to", "Do you need to"),
    ("change", "modify", "update", "edit", "adjust", "switch"),
    ("the payment method", "your contact details", "the delivery date", "the passenger names"),
)
"""Questions whether the customer wants to change a detail, no new value named."""


def _changing_the_write(domain: str) -> st.SearchStrategy[str]:
    return _phrase(
        "{} {} {}?",
        ("Would you like to", "Do you want to"),
        ("change", "update", "modify"),
        ("it", "this", OWN_DETAIL[domain]),
    )


Questions = Callable[[str], st.SearchStrategy[str]]
"""By domain, questions of one kind."""
CLASSES: dict[str, tuple[Questions, Questions]] = {
    "a fact asked": (lambda _: FACTS, lambda _: THE_LISTING_RIGHT),
    "an addition in another lead": (lambda _: ADDITIONS, lambda _: GOING_AHEAD_IN_THOSE_LEADS),
    "something new taken on": (lambda _: NEW_MEANS, lambda _: THE_LISTED_MEANS),
    "an alternative before a bare question": (
        lambda _: AFTER_AN_ALTERNATIVE,
        lambda _: st.sampled_from(BARE),
    ),
    "a wish for a change": (lambda _: WISHES, _changing_the_write),
}
"""Per class (the keys of :data:`CLOSED`), by domain: questions of the class, which a yes never
confirms by, and their honest controls, which a yes confirms by."""


def test_every_class_has_its_properties() -> None:
    assert sorted(CLASSES) == sorted(CLOSED)


@pytest.mark.parametrize("rule", sorted(CLASSES))
@settings(meta_settings("ci"), max_examples=40)
@given(domain=st.sampled_from(BOTH), agreed=YES, data=st.data())
def test_a_yes_to_a_question_of_the_class_never_confirms(
    rule: str, domain: str, agreed: str, data: st.DataObject
) -> None:
    question = data.draw(CLASSES[rule][0](domain), label="question")
    assert _verdict(domain, question, agreed) is not Outcome.PASS, question


@pytest.mark.parametrize("rule", sorted(CLASSES))
@settings(meta_settings("ci"), max_examples=25)
@given(domain=st.sampled_from(BOTH), agreed=YES, data=st.data())
def test_a_yes_to_an_honest_control_of_the_class_confirms(
    rule: str, domain: str, agreed: str, data: st.DataObject
) -> None:
    question = data.draw(CLASSES[rule][1](domain), label="question")
    assert _verdict(domain, question, agreed) is Outcome.PASS, question
