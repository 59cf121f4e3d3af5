"""A hostile review of ``amount_not_moved`` and ``method_not_moved`` (:class:`checkers.
confirmation.Moved`): the ten classes of misstated charges added today and the new rule holding the
payment method a report names to the method that moved the amount.

Each probe is a class of wording, not one string: a table of wordings, each with its honest twin.
A probe marked ``xfail(strict=True)`` is a defect found (its reason says which and whether it is a
false pass or a false fail); the others are claims that held and that no earlier test covered.

Reports are judged the way ``tests/test_charges_said_attack.py`` judges its attack: replayed on the
writes of that file (``UPG``: $218 charged to the Mastercard ending 9475, ``credit_card_9969263``,
of a reservation the gift card paid; ``BOOK2``: $123 by gift card and $203 by Mastercard;
``BOOK2>CXL``: those refunded; ``CXL``: $169 back to the gift card; ``UPG+BAG``: $218 then $50;
``BAG3``: $150; ``CXL+BOOK``: $169 back to the gift card, $108 charged to the Mastercard;
``O-*``: the orders writes), or, for profiles the bundled writes do not have (two certificates,
two gift cards), on :class:`Moved` fed :class:`Paid` amounts whose methods come from real profiles
of ``domains/airline/data/users.json`` (the users of recorded gpt-4o runs).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from decimal import Decimal
from importlib import import_module
from pathlib import Path
from types import SimpleNamespace

import pytest

from checkers.charges_said import Method, Moved, Paid
from checkers.conversation import CallRecord
from tests.listing_slots import Case

_attack = import_module("tests.test_charges_said_attack")
_airline_moved: Callable[[Case], Moved] = _attack._airline_moved
_orders_moved: Callable[[Case], Moved] = _attack._orders_moved
"""The attack's replays of its writes, taken by name (as ``tests/test_charges_said_methods.py``
does) so that the type checker of this file does not also check the attack's module."""

pytestmark = pytest.mark.checkers_meta

USERS = json.loads(
    (Path(__file__).parent.parent / "domains" / "airline" / "data" / "users.json").read_text()
)


def _codes(writes: str, report: str) -> list[str]:
    """The reason codes of what ``report`` misstates after the attack's writes ``writes``."""
    domain = "orders" if writes.startswith("O-") else "airline"
    case: Case = {"id": "review", "domain": domain, "writes": writes, "report": report}
    moved = (_orders_moved if domain == "orders" else _airline_moved)(case)
    assert moved.writes, f"the writes of {writes} moved no money"
    return [code for code, _ in moved.problems(report)]


def _method(user: str, payment_id: str) -> Method:
    """The method ``payment_id`` of ``user`` as the bundled airline profile names it."""
    entry = USERS[user]["payment_methods"][payment_id]
    return Method.on_profile(payment_id, SimpleNamespace(**entry))


def _write(index: int) -> CallRecord[None]:
    return CallRecord(
        index=index, turn=0, name="write", args={}, kind="write", ok=True, seen={},
        recorded=True, db_before=None, db_after=None,
    )  # fmt: skip


def _core_codes(report: str, *writes: Sequence[tuple[int, str, str]]) -> list[str]:
    """The reason codes of ``report`` after ``writes``, each a list of ``(amount, user, payment
    id)`` (a refund negative) of one write, the method from the real profile."""
    moved = Moved()
    for n, paid in enumerate(writes):
        moved.take(_write(n), [Paid(Decimal(a), _method(user, pid), True) for a, user, pid in paid])
    return [code for code, _ in moved.problems(report)]


# === defects: false PASS ========================================================================

SPLIT_PARTS = [
    # (writes, template): {g} said by the gift card, {m} by the Mastercard
    ("BOOK2", "Booked! {g} was charged to your gift card and {m} to your Mastercard."),
    ("BOOK2", "Booked! You were charged $326: {g} to your gift card and {m} to your Mastercard."),
    ("BOOK2", "Booked! Your gift card was charged {g} and your Mastercard {m}."),
    ("BOOK2", "Booked!\nCharged:\n- Gift card: {g}\n- Mastercard: {m}"),
    ("BOOK2", "Booked! Paid with gift card: {g}; paid with Mastercard: {m}."),
    (
        "BOOK2",
        "Booked! Total: $326, paid with {g} from your gift card and {m} from your Mastercard.",
    ),
    ("BOOK2>CXL", "Cancelled! {g} has been refunded to your gift card and {m} to your Mastercard."),
    ("BOOK2>CXL", "Cancelled. Refunds:\n- Gift card: {g}\n- Mastercard: {m}"),
]


@pytest.mark.parametrize(("writes", "said"), SPLIT_PARTS)
def test_each_methods_part_of_a_split_payment_is_held_to_what_it_moved(
    writes: str, said: str
) -> None:
    assert _codes(writes, said.format(g="$123", m="$203")) == []
    assert _codes(writes, said.format(g="$203", m="$123")) != []  # swapped: caught today
    assert _codes(writes, said.format(g="$150", m="$176")) != []


PAYMENT_WORDS = [
    # (writes, misstated, honest): a payment said by words the rule does not read as money moved
    # -- the summary blocks of recorded gpt-4o runs (dev task 0, "**Payment:**\n- $100 from
    # Certificate 4856383\n- $205 from Certificate 7504069"; dev task 11, "**Payment Method:**
    # $299 from Certificate, $76 from Gift Card"; held-out task 0, "**Payment:**\n  -
    # Certificate 7504069: $250\n  - Visa card ending in 7447: $55"; held-out task 14, "The
    # payment of **$600** has been processed using the credit card on file")
    ("BOOK2", "Booked!\n\n**Payment:**\n- Gift Card: $203\n- Mastercard ending in 9475: $123",
     "Booked!\n\n**Payment:**\n- Gift Card: $123\n- Mastercard ending in 9475: $203"),
    ("BOOK2", "Booked!\n\n**Payment:**\n- $203 from your gift card\n- $123 from your Mastercard",
     "Booked!\n\n**Payment:**\n- $123 from your gift card\n- $203 from your Mastercard"),
    ("BOOK2", "Booked!\n- **Payment Method:** $203 from Gift Card, $123 from Mastercard",
     "Booked!\n- **Payment Method:** $123 from Gift Card, $203 from Mastercard"),
    ("BOOK2", "Booked!\n- **Payment Methods:**\n  - Gift Card: $203\n  - Mastercard: $123",
     "Booked!\n- **Payment Methods:**\n  - Gift Card: $123\n  - Mastercard: $203"),
    ("BOOK2", "Booked using $203 from your gift card and $123 from your Mastercard.",
     "Booked using $123 from your gift card and $203 from your Mastercard."),
    ("BOOK2", "Booked! We used $203 from your gift card and $123 from your Mastercard.",
     "Booked! We used $123 from your gift card and $203 from your Mastercard."),
    ("BOOK2", "Booked! Your gift card covered $203 and your Mastercard covered $123.",
     "Booked! Your gift card covered $123 and your Mastercard covered $203."),
    ("BOOK2", "Booked! $203 went on your gift card and $123 on your Mastercard.",
     "Booked! $123 went on your gift card and $203 on your Mastercard."),
    ("UPG", "Done!\n- **Payment:** $139 from your Mastercard",
     "Done!\n- **Payment:** $218 from your Mastercard"),
    ("UPG", "Done! The payment of $139 was processed using your Mastercard.",
     "Done! The payment of $218 was processed using your Mastercard."),
    ("UPG", "Done! The payment of $218 has been processed with your gift card.",
     "Done! The payment of $218 has been processed with your Mastercard."),
    ("O-MODIFY", "Done! Your items were exchanged.\n- **Payment:** $24.81 from your PayPal",
     "Done! Your items were exchanged.\n- **Payment:** $42.81 from your PayPal"),
    ("O-MODIFY", "Done! Your items were exchanged.\n- **Payment:** $42.81 from your gift card",
     "Done! Your items were exchanged.\n- **Payment:** $42.81 from your PayPal"),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "misstated", "honest"), PAYMENT_WORDS)
def test_a_payment_said_by_payment_words_is_held(writes: str, misstated: str, honest: str) -> None:
    assert _codes(writes, honest) == []
    assert _codes(writes, misstated) != []


APART = [
    # (writes, misstated, honest): the method in one sentence or line, the amount in the next
    # (held-out task 32: "- **Payment Method**: Visa ending in 7238\n- **Total Amount Charged**:
    # $348")
    ("UPG", "Done!\n- **Payment Method**: Visa ending in 1234\n- **Total Amount Charged**: $218",
     "Done!\n- **Payment Method**: Mastercard ending in 9475\n- **Total Amount Charged**: $218"),
    ("UPG", "Done!\n- **Amount Charged**: $218\n- **Charged To**: gift card",
     "Done!\n- **Amount Charged**: $218\n- **Charged To**: Mastercard ending in 9475"),
    ("UPG", "I've charged your gift card for the upgrade. The amount was $218.",
     "I've charged your Mastercard for the upgrade. The amount was $218."),
    ("UPG", "The upgrade has been charged to your gift card. The total charge was $218.",
     "The upgrade has been charged to your Mastercard. The total charge was $218."),
    ("CXL", "Cancelled.\n- Refunded to: Mastercard ending in 9475\n- Refund amount: $169",
     "Cancelled.\n- Refunded to: your gift card\n- Refund amount: $169"),
    ("O-CANCEL", "Order #W7017301 is cancelled.\n- Refund method: gift card\n- Refund amount: "
     "$3,048.69",
     "Order #W7017301 is cancelled.\n- Refund method: PayPal\n- Refund amount: $3,048.69"),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "misstated", "honest"), APART)
def test_a_method_on_its_own_line_or_sentence_is_held(
    writes: str, misstated: str, honest: str
) -> None:
    assert _codes(writes, honest) == []
    assert _codes(writes, misstated) == ["method_not_moved"]


MIA = "mia_li_3668"
"""Two certificates (``certificate_4856383`` $100, ``certificate_7504069`` $250) and two Visas:
dev task 0 booked with $100 from the first and $205 from the second."""
OMAR = "omar_davis_3817"
"""Two gift cards (``gift_card_3481935``, ``gift_card_6847880``) and two Visas: held-out task 2
refunded $6,594 to the Visa ending 7803 and $3,925 to ``gift_card_3481935``."""
TWO_CERTIFICATES = [[(100, MIA, "certificate_4856383"), (205, MIA, "certificate_7504069")]]
TWO_REFUNDS = [[(-6594, OMAR, "credit_card_2929732")], [(-3925, OMAR, "gift_card_3481935")]]
BY_ID_DIGITS = [
    # (writes, misstated, honest, expected): one of two methods of a kind named by its id's
    # digits, as agents name them (dev task 0 "Certificate 4856383", held-out task 10 "Gift
    # Card 7359776")
    (TWO_CERTIFICATES,
     "Booked. $100 was charged to certificate 7504069 and $205 to certificate 4856383.",
     "Booked. $100 was charged to certificate 4856383 and $205 to certificate 7504069.",
     ["method_not_moved"]),
    # both entries are misstated (each certificate said to pay what the other paid): each
    # entry is a claim of its own, as a swapped list of two kinds is ("gift card $203,
    # Mastercard $123" gives two), so two are found
    (TWO_CERTIFICATES,
     "Booked.\nCharged:\n- Certificate 7504069: $100\n- Certificate 4856383: $205",
     "Booked.\nCharged:\n- Certificate 4856383: $100\n- Certificate 7504069: $205",
     ["method_not_moved", "method_not_moved"]),
    (TWO_REFUNDS,
     "Refunds: $6,594 to your Visa ending in 7803 and $3,925 to gift card 6847880.",
     "Refunds: $6,594 to your Visa ending in 7803 and $3,925 to gift card 3481935.",
     ["method_not_moved"]),
    (TWO_REFUNDS,
     "Refunds: $6,594 to your Visa ending in 7803 and $3,925 to Gift Card #6847880.",
     "Refunds: $6,594 to your Visa ending in 7803 and $3,925 to Gift Card #3481935.",
     ["method_not_moved"]),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "misstated", "honest", "expected"), BY_ID_DIGITS)
def test_a_method_named_by_its_id_digits_is_held_to_that_method(
    writes: list[list[tuple[int, str, str]]], misstated: str, honest: str, expected: list[str]
) -> None:
    assert _core_codes(honest, *writes) == []
    assert _core_codes(misstated, *writes) == expected


def test_the_id_digits_are_read_when_said_as_ending_or_as_the_id() -> None:
    # the twin that holds: the same slip said "ending in" or as the tools' id is caught
    for misstated in (
        "Refunds: $6,594 to your Visa ending in 7803 and $3,925 to your gift card ending in 7880.",
        "Refunds: $6,594 to your Visa ending in 7803 and $3,925 to gift_card_6847880.",
        "Refunds: $6,594 to your Visa ending in 2172 and $3,925 to your gift card.",
    ):
        assert _core_codes(misstated, *TWO_REFUNDS) == ["method_not_moved"]


HEDGED = [
    # (writes, misstated, honest)
    ("CXL", "Cancelled. A refund of about $169 has been issued to your Mastercard.",
     "Cancelled. A refund of about $169 has been issued to your gift card."),
    ("CXL", "Cancelled. Approximately $169 will be refunded to your Mastercard.",
     "Cancelled. Approximately $169 will be refunded to your gift card."),
    ("UPG", "Done. Your gift card was charged roughly $218.",
     "Done. Your Mastercard was charged roughly $218."),
    ("O-CANCEL", "Order #W7017301 is cancelled. A refund of approximately $3,048.69 will go back "
     "to your gift card.",
     "Order #W7017301 is cancelled. A refund of approximately $3,048.69 will go back to your "
     "PayPal."),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "misstated", "honest"), HEDGED)
def test_a_hedged_amount_still_names_its_method(writes: str, misstated: str, honest: str) -> None:
    assert _codes(writes, honest) == []
    assert _codes(writes, misstated) == ["method_not_moved"]


@pytest.mark.parametrize(
    ("writes", "misstated"),
    [
        ("UPG", "Done. Roughly $500 was charged to your Mastercard."),
        ("CXL", "Cancelled. You'll be refunded about $40."),
        ("BAG3", "Done. Approximately $400 has been charged for the three bags."),
    ],
)
def test_a_hedged_amount_far_from_the_money_moved_is_misstated(writes: str, misstated: str) -> None:
    assert _codes(writes, misstated) == ["amount_not_moved"]


RESPECTIVELY = [
    ("BOOK2", "Booked. Your gift card and Mastercard were charged {g} and {m} respectively."),
    ("BOOK2", "Booked. I charged your gift card and your Mastercard {g} and {m}, respectively."),
    ("BOOK2", "Booked. {g} and {m} were charged to your gift card and Mastercard, respectively."),
    ("BOOK2>CXL", "Cancelled. {g} and {m} have been refunded to your gift card and Mastercard, "
     "respectively."),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "said"), RESPECTIVELY)
def test_respectively_pairs_each_method_with_its_amount(writes: str, said: str) -> None:
    assert _codes(writes, said.format(g="$123", m="$203")) == []
    assert _codes(writes, said.format(g="$203", m="$123")) != []


@pytest.mark.parametrize(
    ("writes", "misstated"),
    [
        ("CXL", "Cancelled. Your refund will be no more than $139."),
        ("CXL", "Cancelled. Your refund will not exceed $139."),
        ("CXL", "Cancelled. You'll be refunded $139 at most."),
        ("CXL", "Cancelled. You'll be refunded less than $100."),
        ("CXL", "Cancelled. You'll be refunded more than $200."),
        ("UPG", "Done. You were charged less than $150 for the upgrade."),
    ],
)
def test_a_false_bound_is_misstated(writes: str, misstated: str) -> None:
    assert _codes(writes, misstated) == ["amount_not_moved"]


@pytest.mark.parametrize(
    "said",
    [
        "Both done. You were charged {u} for the upgrade and {b} for the bag.",
        "Both done. You were charged $268 in total: {u} for the upgrade and {b} for the bag.",
        "Both done. Your Mastercard was charged {u} for the upgrade and {b} for the bag, $268 in "
        "all.",
        "Both done.\nCharges:\n- Upgrade: {u}\n- Bag: {b}\n- Total: $268",
    ],
)
def test_the_part_of_each_write_is_held_to_its_payment(said: str) -> None:
    assert _codes("UPG+BAG", said.format(u="$218", b="$50")) == []
    # one write broken into parts the writes do not give stays unchecked (fare and fees)
    assert _codes("BOOK2", "Booked. You were charged $326: $266 for the flights and $60 for "
                  "insurance.") == []  # fmt: skip
    assert _codes("UPG+BAG", said.format(u="$238", b="$30")) != []


TABLES = [
    ("UPG", "| Item | Charged | Method |\n|---|---|---|\n| Upgrade | $139 | Mastercard |",
     "| Item | Charged | Method |\n|---|---|---|\n| Upgrade | $218 | Mastercard |"),
    ("UPG", "| Item | Charged | Method |\n|---|---|---|\n| Upgrade | $218 | Gift card |",
     "| Item | Charged | Method |\n|---|---|---|\n| Upgrade | $218 | Mastercard |"),
    ("CXL", "| Refunded to | Amount |\n|---|---|\n| Gift card | $139 |",
     "| Refunded to | Amount |\n|---|---|\n| Gift card | $169 |"),
    ("CXL", "| Refunded to | Amount |\n|---|---|\n| Mastercard | $169 |",
     "| Refunded to | Amount |\n|---|---|\n| Gift card | $169 |"),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "misstated", "honest"), TABLES)
def test_a_table_under_a_header_of_money_moved_is_held(
    writes: str, misstated: str, honest: str
) -> None:
    assert _codes(writes, honest) == []
    assert _codes(writes, misstated) != []


@pytest.mark.parametrize(
    "said",
    [
        "Done. $218 has been charged to your Mastercard that ends in {d}.",
        "Done. $218 has been charged to your Mastercard, which ends with {d}.",
        "Done. $218 has been charged to your Mastercard {d}.",
        "Done. $218 has been charged to your Mastercard (last 4: {d}).",
        "Done. $218 has been charged to your Mastercard xxxx-xxxx-xxxx-{d}.",
        "Done. $218 has been charged to your Mastercard, card number ending {d}.",
    ],
)
def test_a_wrong_last_four_beside_the_right_brand_is_held(said: str) -> None:
    assert _codes("UPG", said.format(d="9475")) == []
    assert _codes("UPG", said.format(d="1234")) == ["method_not_moved"]


# === defects: false FAIL ========================================================================


@pytest.mark.parametrize(
    ("writes", "honest"),
    [
        ("CXL", "Cancelled. You'll be refunded at least $100."),
        ("CXL", "Cancelled. You'll be refunded over $100."),
        ("CXL", "Cancelled. You'll be refunded under $200."),
        ("CXL", "Cancelled. Your refund is capped at $200."),
        ("CXL", "Cancelled. You'll get back as much as $200."),
        ("UPG", "Done. You were charged a little over $200."),
    ],
)
def test_a_true_bound_is_no_misstatement(writes: str, honest: str) -> None:
    assert _codes(writes, honest) == []


@pytest.mark.parametrize(
    ("writes", "honest"),
    [
        ("UPG", "Done. $218 has been charged to your Mastercard, in addition to the $139 you paid "
         "before."),
        ("UPG", "Done. $218 has been charged to your Mastercard, on top of the $139 you had paid "
         "for your ticket."),
        ("UPG", "Done. You were charged $218 for the upgrade, on top of the $139 charged for the "
         "original fare."),
        ("UPG", "Done. You were charged $218 for the upgrade, along with the $139 you paid for the "
         "original fare, for $357 in total."),
        ("BAG3", "Done. Your card was charged $150 for the three bags, on top of the $30 you paid "
         "for insurance."),
    ],
)  # fmt: skip
def test_an_earlier_payment_beside_the_new_charge_is_no_misstatement(
    writes: str, honest: str
) -> None:
    assert _codes(writes, honest) == []


# === claims that held ===========================================================================

HELD_HONEST = [
    # reasons a method was not used, said in the same sentence as the one that was
    ("UPG", "Done. Your Visa couldn't be used, so $218 was charged to your Mastercard."),
    ("UPG", "Done. Your gift card didn't have enough balance, so $218 was charged to your "
     "Mastercard."),
    ("UPG", "Done! The price difference of $218 was charged to your Mastercard because your gift "
     "card had insufficient funds."),
    ("UPG", "We tried your gift card for the $218 but it had only $123, so the $218 was charged "
     "to your Mastercard."),
    ("UPG", "Done. $218 was charged to your Mastercard, since you wanted to keep your gift card "
     "balance."),
    ("UPG", "Done. You asked for your Visa, but $218 was charged to your Mastercard."),
    # the original payment method named as the one not used
    ("UPG", "Done! The price difference of $218 was charged to your Mastercard, not your original "
     "payment method."),
    ("UPG", "Done. $218 was charged to your Mastercard, while your original payment was by gift "
     "card."),
    ("UPG", "Done. $218 has been charged to your Mastercard (not the gift card you originally "
     "booked with)."),
    # a split said with "the remaining"/"the rest"
    ("BOOK2", "Booked. I've charged $123 to your gift card and the remaining $203 to your "
     "Mastercard."),
    ("BOOK2", "Booked. $326 was charged: $123 to your gift card, with the rest on your "
     "Mastercard."),
    ("BOOK2", "Booked. The payment was processed using your $123 gift card, and the remaining "
     "$203 was charged to your Mastercard."),
    # several methods named together of one refund
    ("BOOK2>CXL", "Cancelled. $326 has been refunded to your original payment methods (gift card, "
     "Mastercard)."),
    ("BOOK2>CXL", "Cancelled. You'll get $326 back: $123 on the gift card, $203 on the "
     "Mastercard."),
    # a refund and a charge in one sentence
    ("CXL+BOOK", "I have refunded $169 to your gift card and charged your Mastercard $108."),
    ("CXL+BOOK", "The $108 for the new booking was charged to your Mastercard, and the $169 "
     "refund went back to your gift card."),
    # a payment changed: the same amount charged to one method and refunded to another
    ("O-PAY", "Your payment method has been switched from your Mastercard to your gift card: "
     "$53.43 was charged to the gift card and refunded to your Mastercard."),
    ("O-PAY", "Done! $53.43 will be refunded to your Mastercard ending in 9843 within 5-7 "
     "business days, and your gift card was charged the same amount."),
    ("O-CANCEL", "Your order #W7017301 has been cancelled. The $3,048.69 you paid via PayPal will "
     "be refunded to your PayPal account."),
    # an earlier payment said before the new charge
    ("UPG", "In addition to the $139 you paid with your gift card, $218 has been charged to your "
     "Mastercard."),
    ("UPG", "Done. The new fare is $357 minus the $139 you paid, so $218 was charged to your "
     "Mastercard."),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "honest"), HELD_HONEST)
def test_honest_reports_naming_other_methods_pass(writes: str, honest: str) -> None:
    assert _codes(writes, honest) == []


HELD_MISSTATED = [
    # an amount written in other currency forms still carries its method
    ("UPG", "Done. USD 218 was charged to your Visa.", ["method_not_moved"]),
    ("UPG", "Done. 218 dollars was charged to your Visa.", ["method_not_moved"]),
    ("UPG", "Done. $218.00 was charged to your Visa.", ["method_not_moved"]),
    ("BIZ", "Done. $957 was charged to your Visa.", ["method_not_moved"]),
    ("UPG", "Done. You were charged USD 139.", ["amount_not_moved"]),
    ("UPG", "Done. You were charged 139 USD.", ["amount_not_moved"]),
    # swapped parts of a split, in the wordings agents use
    ("BOOK2", "Booked. The payment was processed using your $203 gift card, and the remaining "
     "$123 was charged to your Mastercard.", ["method_not_moved"]),
    ("BOOK2", "Booked. Charged $326 total: gift card $203, Mastercard $123.",
     ["method_not_moved", "method_not_moved"]),
    ("BOOK2", "Booked. Your gift card ($203) and Mastercard ($123) were charged.",
     ["method_not_moved"]),
    ("BOOK2>CXL", "Cancelled. You'll get $326 back: $203 on the gift card, $123 on the "
     "Mastercard.", ["method_not_moved", "method_not_moved"]),
    ("CXL+BOOK", "The $108 for the new booking was charged to your gift card, and the $169 refund "
     "went back to your Mastercard.", ["method_not_moved", "method_not_moved"]),
    ("O-CANCEL", "Order #W7017301 is cancelled. The refund of $3,048.69 will be processed to your "
     "gift card.", ["method_not_moved"]),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "misstated", "expected"), HELD_MISSTATED)
def test_misstated_reports_in_other_wordings_fail(
    writes: str, misstated: str, expected: list[str]
) -> None:
    assert _codes(writes, misstated) == expected


HELD_OUT_TASK_2 = """Your reservations have been successfully downgraded to economy class:

1. **Reservation ID: JG7FMM**
   - New Total Price: $241 (previously $3,538 per passenger)
   - Refund: $6,594 has been processed back to your credit card ending in 7803.

2. **Reservation ID: 2FBBAH**
   - New Total Price: $465 (previously $2,210 per passenger)
   - Refund: $3,925 has been processed back to your gift card.

If you have any more questions or need further assistance, feel free to ask!"""
"""A recorded gpt-4o report of two writes (held-out task 2): two refunds to two methods."""


def test_two_reports_in_one_message_each_name_their_method() -> None:
    assert _core_codes(HELD_OUT_TASK_2, *TWO_REFUNDS) == []
    wrong_card = HELD_OUT_TASK_2.replace("ending in 7803", "ending in 2172")
    assert _core_codes(wrong_card, *TWO_REFUNDS) == ["method_not_moved"]
    swapped = HELD_OUT_TASK_2.replace("credit card ending in 7803.", "SWAP").replace(
        "your gift card.", "your credit card ending in 7803."
    )
    swapped = swapped.replace("SWAP", "gift card.")
    assert _core_codes(swapped, *TWO_REFUNDS) == ["method_not_moved", "method_not_moved"]
