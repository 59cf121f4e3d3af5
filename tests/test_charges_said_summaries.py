"""Payment summaries held to the money the writes moved (``amount_not_moved``,
``method_not_moved``: :class:`checkers.charges_said.Moved`, reading words of
:mod:`checkers.charges_summary`).

The review ``tests/test_review_probes_charges.py`` found classes of what real agents write after
a charge that passed misstated; each is generated here in many wordings, misstated beside its
honest twin:

- a payment said by words that are no verb of charging: "**Payment:**" over "- Gift Card:
  $128", "**Payment Method:** $299 from Certificate", "the payment of $600 was processed using
  your credit card", "$203 from your gift card", "your gift card covered $123" (the summaries
  of recorded gpt-4o runs);
- a split payment whose wrong parts add up to the total ("$150 to your gift card and $176 to
  your Mastercard" of $123 and $203): each part tied to a method is held to what it moved;
- a method and an amount on separate lines of one summary block, or in consecutive sentences
  ("- **Payment Method**: Visa ending in 7238" over "- **Total Amount Charged**: $348");
- a gift card or certificate named by its id's digits ("Certificate 7504069");
- an earlier payment said beside the new charge ("in addition to the $139 you paid before"):
  another figure, no part of the charge;
- a hedged amount still names its method; "respectively" pairs methods and amounts in order.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from importlib import import_module

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from checkers.charges_said import Method, Moved, Paid
from tests.test_airline_binding import PROPERTY

_methods = import_module("tests.test_charges_said_methods")
METHODS: dict[str, Method] = _methods.METHODS
WORDINGS: dict[str, list[str]] = _methods.WORDINGS
_money: Callable[[Decimal], str] = _methods._money
_paid: Callable[..., Paid] = _methods._paid
_codes: Callable[..., list[str]] = _methods._codes
"""The helpers of ``tests/test_charges_said_methods.py`` (its profile of one method of each kind
and two credit cards, how agents name each, a payment with its method, the reason codes of a
report after one write), taken by name so that the type checker of this file does not check
that module too."""

pytestmark = pytest.mark.checkers_meta

KEYS = sorted(METHODS)
PARTS = st.integers(20, 900)

SUMMARIES = [
    "Booked!\n\n**Payment:**\n- {m1}: {x}\n- {m2}: {y}",
    "Booked!\n\n**Payment:**\n- {x} from your {m1}\n- {y} from your {m2}",
    "Booked!\n- **Payment Method:** {x} from {m1}, {y} from {m2}",
    "Booked!\n- **Payment Methods:**\n  - {m1}: {x}\n  - {m2}: {y}",
    "Booked!\n- **Payment**: {x} from {m1}, {y} from {m2}",
    "Booked using {x} from your {m1} and {y} from your {m2}.",
    "Booked! We used {x} from your {m1} and {y} from your {m2}.",
    "Booked! Your {m1} covered {x} and your {m2} covered {y}.",
    "Booked! {x} went on your {m1} and {y} on your {m2}.",
    "Booked!\nCharged:\n- {m1}: {x}\n- {m2}: {y}",
    "Booked! {x} was charged to your {m1} and {y} to your {m2}.",
    "Booked! You were charged {sum}: {x} to your {m1} and {y} to your {m2}.",
    "Booked! Your {m1} was charged {x} and your {m2} {y}.",
    "Booked! Your {m1} and {m2} were charged {x} and {y} respectively.",
]
"""Summaries of a payment split over two methods: ``x`` by ``m1``, ``y`` by ``m2``."""

NOT_CERTIFICATE = [k for k in KEYS if k != "certificate"]
"""A certificate said beside a payment with no verb of its own reads as one given as
compensation (:data:`checkers.charges_said._NO_PAYMENT`): the split wordings leave it out."""


@PROPERTY
@given(
    said=st.sampled_from(SUMMARIES),
    x=PARTS,
    y=PARTS,
    first=st.sampled_from(NOT_CERTIFICATE),
    second=st.sampled_from(NOT_CERTIFICATE),
    shift=st.integers(1, 15),
    data=st.data(),
)
def test_each_part_of_a_split_payment_summary_is_its_methods(
    said: str, x: int, y: int, first: str, second: str, shift: int, data: st.DataObject
) -> None:
    assume(x != y and first != second and x - shift != y + shift)
    paid = [_paid(Decimal(x), "charged", first), _paid(Decimal(y), "charged", second)]
    m1 = data.draw(st.sampled_from(WORDINGS[first]), label="m1")
    m2 = data.draw(st.sampled_from(WORDINGS[second]), label="m2")

    def report(a: int, b: int, one: str = m1, two: str = m2) -> str:
        total = _money(Decimal(x + y))
        return said.format(m1=one, m2=two, x=_money(Decimal(a)), y=_money(Decimal(b)), sum=total)

    assert _codes(report(x, y), *paid) == []
    # the methods swapped, or wrong parts that still add up to the total, are misstated
    assert _codes(report(x, y, m2, m1), *paid) != []
    assert _codes(report(x - shift, y + shift), *paid) != []


ONE_PAYMENT = [
    "Done!\n- **Payment:** {a} from your {m}",
    "Done! The payment of {a} was processed using your {m}.",
    "Done! The payment of {a} has been processed with your {m}.",
    "Done!\n\n**Payment:**\n- {m}: {a}",
    "Done!\n- **Payment Method**: {m}\n- **Total Amount Charged**: {a}",
    "Done!\n- **Amount Charged**: {a}\n- **Charged To**: {m}",
    "I've charged your {m} for the upgrade. The amount was {a}.",
    "The upgrade has been charged to your {m}. The total charge was {a}.",
    "Done. Your {m} was charged roughly {a}.",
]
"""Reports of one payment by one method, in the wordings of a summary."""


@PROPERTY
@given(
    said=st.sampled_from(ONE_PAYMENT),
    amount=st.integers(20, 3000).map(Decimal),
    off=st.integers(7, 90),
    right=st.sampled_from(KEYS),
    wrong=st.sampled_from(KEYS),
    data=st.data(),
)
def test_one_payment_summary_is_held_to_its_amount_and_method(
    said: str, amount: Decimal, off: int, right: str, wrong: str, data: st.DataObject
) -> None:
    assume(right != wrong)
    paid = _paid(amount, "charged", right)
    name = data.draw(st.sampled_from(WORDINGS[right]), label="right")
    other = data.draw(st.sampled_from(WORDINGS[wrong]), label="wrong")
    assert _codes(said.format(a=_money(amount), m=name), paid) == []
    assert _codes(said.format(a=_money(amount), m=other), paid) == ["method_not_moved"]
    if "roughly" not in said:  # a hedged amount is no exact claim of the figure
        assert _codes(said.format(a=_money(amount + off), m=name), paid) == ["amount_not_moved"]


REFUND_APART = [
    "Cancelled.\n- Refunded to: {m}\n- Refund amount: {a}",
    "Cancelled.\n- Refund method: {m}\n- Refund amount: {a}",
    "Cancelled. A refund of about {a} has been issued to your {m}.",
]


@PROPERTY
@given(
    said=st.sampled_from(REFUND_APART),
    amount=st.integers(20, 3000).map(Decimal),
    right=st.sampled_from(KEYS),
    wrong=st.sampled_from(KEYS),
    data=st.data(),
)
def test_a_refund_summary_names_the_method_refunded(
    said: str, amount: Decimal, right: str, wrong: str, data: st.DataObject
) -> None:
    assume(right != wrong)
    # "issued to your certificate" reads as a certificate given as compensation, no refund
    assume("issued" not in said or "certificate" not in (right, wrong))
    paid = _paid(amount, "refunded", right)
    name = data.draw(st.sampled_from(WORDINGS[right]), label="right")
    other = data.draw(st.sampled_from(WORDINGS[wrong]), label="wrong")
    assert _codes(said.format(a=_money(amount), m=name), paid) == []
    assert _codes(said.format(a=_money(amount), m=other), paid) == ["method_not_moved"]


BY_DIGITS = [
    "Booked. {x} was charged to {k} {i} and {y} to your Visa.",
    "Booked.\n**Payment:**\n- {K} {i}: {x}\n- Visa: {y}",
    "Booked.\n- **Payment**: {x} from {K} #{i}, {y} from your Visa",
]
"""Reports naming a gift card or certificate by the digits of its id."""


@PROPERTY
@given(
    said=st.sampled_from(BY_DIGITS),
    kind=st.sampled_from(["gift_card", "certificate"]),
    mine=st.integers(1_000_000, 9_999_999),
    theirs=st.integers(1_000_000, 9_999_999),
    x=PARTS,
    y=PARTS,
)
def test_a_method_named_by_its_id_digits_is_that_method(
    said: str, kind: str, mine: int, theirs: int, x: int, y: int
) -> None:
    assume(mine != theirs and x != y)
    assume(not ("charged to {k}" in said and kind == "certificate"))
    word = kind.replace("_", " ")
    method = Method(f"{kind}_{mine}", word)
    paid = [Paid(Decimal(x), method, True), _paid(Decimal(y), "charged", "visa")]

    def report(digits: int) -> str:
        amounts = {"x": _money(Decimal(x)), "y": _money(Decimal(y))}
        return said.format(k=word, K=word.title(), i=digits, **amounts)

    assert _codes(report(mine), *paid) == []
    assert _codes(report(theirs), *paid) == ["method_not_moved"]


EARLIER = [
    "Done. {a} has been charged to your Mastercard, in addition to the {b} you paid before.",
    "Done. {a} has been charged to your Mastercard, on top of the {b} you had paid for your "
    "ticket.",
    "Done. You were charged {a} for the upgrade, on top of the {b} charged for the original fare.",
    "Done. You were charged {a} for the upgrade, along with the {b} you paid for the original "
    "fare, for {t} in total.",
    "Done. Your card was charged {a}, on top of the {b} you previously paid.",
]
"""Reports of a new charge beside what was paid before it."""


@PROPERTY
@given(said=st.sampled_from(EARLIER), amount=st.integers(20, 3000), before=st.integers(20, 3000))
def test_an_earlier_payment_beside_the_charge_is_another_figure(
    said: str, amount: int, before: int
) -> None:
    assume(amount != before)
    paid = _paid(Decimal(amount), "charged", "mastercard")

    def report(a: int) -> str:
        money = {"b": _money(Decimal(before)), "t": _money(Decimal(a + before))}
        return said.format(a=_money(Decimal(a)), **money)

    assert _codes(report(amount), paid) == []
    assert "amount_not_moved" in _codes(report(amount + 11), paid)


HONEST_RUNS = [
    # recorded gpt-4o reports (dev task 0, dev task 11, held-out tasks 0, 11, 32), each with the
    # payments its write made: (amount, method) of the profile
    (
        "**Payment:**\n- $100 from Certificate 4856383\n- $205 from Certificate 7504069",
        [(100, Method("certificate_4856383", "certificate")),
         (205, Method("certificate_7504069", "certificate"))],
    ),
    (
        "- **Total Cost:** $375\n- **Payment Method:** $299 from Certificate, $76 from Gift Card\n"
        "- **Remaining Certificate Balance:** $201",
        [(299, Method("certificate_8998287", "certificate")),
         (76, Method("gift_card_8516878", "gift card"))],
    ),
    (
        "- **Payment Method:** Certificate (Amount used: $375)",
        [(375, Method("certificate_8998287", "certificate"))],
    ),
    (
        "- **Payment:**\n  - Certificate 7504069: $250\n  - Visa card ending in 7447: $55",
        [(250, Method("certificate_7504069", "certificate")),
         (55, Method("credit_card_4421486", "credit card", "visa", "7447"))],
    ),
    (
        "- **Payment Methods:**\n  - Gift Card: $128\n  - Credit Card: $247",
        [(128, Method("gift_card_8516878", "gift card")),
         (247, Method("credit_card_3563913", "credit card", "mastercard", "6710"))],
    ),
    (
        "- **Payment Method**: Visa ending in 7238\n- **Total Amount Charged**: $348",
        [(348, Method("credit_card_4196779", "credit card", "visa", "7238"))],
    ),
    (
        "- **Total Price:** $348\n- **Payment Method:** Travel Certificate ($500) - "
        "certificate_8045380",
        [(348, Method("certificate_8045380", "certificate"))],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("report", "payments"), HONEST_RUNS)
def test_recorded_honest_summaries_pass(report: str, payments: list[tuple[int, Method]]) -> None:
    paid = [Paid(Decimal(a), method, None) for a, method in payments]
    moved = Moved()
    moved.take(_methods.WRITE, paid)
    assert moved.problems(report) == []
