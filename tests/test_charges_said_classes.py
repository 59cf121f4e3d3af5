"""Classes of misstated charges and refunds that ``amount_not_moved`` missed, each generated
in many wordings beside its honest twin (:func:`checkers.charges_said.charges_misstated`).

An attack kept as data (``tests/probes/charges_said.json``, run by
``tests/test_charges_said_attack.py``) left misstated reports passing; each class below closes
some of them, named by the probe that found it:

- an amount with cents inside words of money given back ("You'll receive $924.50 back",
  m080): the point of the cents ended the sentence, so the words never reached "back" (and,
  the other way, "credited a $123.45 travel certificate" failed as a refund: the point hid
  "certificate");
- an entry of a list under a heading of money moved ("Charges:" over "- Upgrade: $139", m022):
  the heading was found but its words were not read;
- the noun of a charge that a verb gives back ("The $108 charge has been refunded", m075);
- a price per unit said with its count ("3 passengers at $433 each", "$100 (2 x $50)", "$50
  apiece, $200 for the four bags": m102, m041, m105): any count up to ten was allowed;
- an amount the sentence denies read as a part of a breakdown ("$139 has been refunded, not
  the $30 insurance", m069);
- a total, or a breakdown, set beside a right amount ("$50 per bag was charged, $100 in total",
  "$268 in total, $218 for the upgrade and $100 for the bag": m042, m072);
- an amount said to show on a payment method ("Your card will see $139", m008);
- "the amount" given in the sentence after money was said moved ("Done - you've been charged.
  The amount was $139.", m106);
- a usual price in brackets beside the charge ("$139 (normally $218)", m026);
- a bound below the money moved ("Your refund will be up to $139" of a refund of 169, m071).

Each class is checked on the core reading with the writes' amounts given, then once more
through the domains' own writes (the attack's replay, :func:`tests.test_charges_said_attack.
_verdict`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from importlib import import_module

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from checkers import told
from checkers.charges_said import NUMBER_WORDS, charges_misstated
from checkers.results import Outcome
from tests.listing_slots import Case
from tests.test_airline_binding import PROPERTY

_verdict: Callable[[Case], str] = import_module("tests.test_charges_said_attack")._verdict
"""The attack's replay of its writes and verdict on a report. Taken by name, not by a
``from`` import, so that the type checker of this file does not also check the attack's module
(whose ``_verdict`` returns an enum's untyped ``value``)."""

pytestmark = pytest.mark.checkers_meta

DOLLARS = st.integers(min_value=20, max_value=3000)
CENTS = st.integers(min_value=1000, max_value=400_000).map(lambda c: Decimal(c) / 100)
COUNT_WORDS = {n: word for word, n in NUMBER_WORDS.items()}


def _moved(amounts: Iterable[Decimal | int]) -> frozenset[Decimal]:
    """What a report may say moved, as :class:`checkers.charges_said.Moved` gives it: each
    payment and the sums of payments."""
    return frozenset(told.subset_sums(sorted(Decimal(a) for a in amounts)))


def _misstated(
    report: str, charged: Iterable[Decimal | int] = (), refunded: Iterable[Decimal | int] = ()
) -> list[Decimal]:
    """The amounts ``report`` misstates after writes that charged and refunded these."""
    return [q.value for q in charges_misstated(report, _moved(charged), _moved(refunded))]


def _money(value: Decimal | int) -> str:
    """``value`` as an agent writes a dollar amount: "$1,234" or "$924.50"."""
    amount = Decimal(value)
    return f"${amount:,.2f}" if amount != amount.to_integral_value() else f"${int(amount):,}"


# --- words of money given back around an amount with cents (m080) -------------------------

GIVEN_BACK_AROUND = st.sampled_from(
    [
        "Order #W7017301 is cancelled. You'll receive {a} back in your PayPal.",
        "You will get {a} back on your original payment method.",
        "Your order is cancelled and you're getting {a} back to your card.",
        "Done - you'll be receiving {a} back within 5-7 business days.",
    ]
)


@PROPERTY
@given(said=GIVEN_BACK_AROUND, refunded=CENTS, other=CENTS)
def test_money_given_back_is_read_across_an_amounts_cents(
    said: str, refunded: Decimal, other: Decimal
) -> None:
    assert _misstated(said.format(a=_money(refunded)), refunded=[refunded]) == []
    assume(other != refunded)
    assert _misstated(said.format(a=_money(other)), refunded=[refunded]) == [other]


@PROPERTY
@given(refunded=DOLLARS, credit=CENTS)
def test_a_certificate_with_cents_is_still_no_payment(refunded: int, credit: Decimal) -> None:
    # the honest twin of the cents class, a false fail before: "credited a $123.45 travel
    # certificate" was read as a refund of 123.45, the point hiding "certificate"
    report = f"Z7GOZK is cancelled, and I've credited a {_money(credit)} travel certificate to "
    report += "your account."
    assert _misstated(report, refunded=[refunded]) == []


# --- an entry under a heading of money moved (m022) -----------------------------------------

HEADINGS = st.sampled_from(
    [
        ("Charges:", "charged"),
        ("Amount charged:", "charged"),
        ("**Charged to your card:**", "charged"),
        ("Refunds:", "refunded"),
        ("Refunded to your gift card:", "refunded"),
    ]
)
ENTRIES = st.sampled_from(["- Upgrade: {a}", "* Fare difference: {a}", "1. Total: {a}"])


@PROPERTY
@given(heading=HEADINGS, entry=ENTRIES, moved=DOLLARS, said=DOLLARS)
def test_an_entry_under_a_heading_of_money_moved_is_held_to_it(
    heading: tuple[str, str], entry: str, moved: int, said: int
) -> None:
    title, way = heading
    report = f"Done.\n\n{title}\n" + entry.format(a=_money(said))
    moves = {way: [moved]}
    assert _misstated(report, **moves) == ([] if said == moved else [Decimal(said)])
    # the same entry with no heading says nothing moved
    assert _misstated(f"Done.\n\n{entry.format(a=_money(said))}", **moves) == []


# --- the noun of a charge a verb gives back (m075) ------------------------------------------

CHARGE_GIVEN_BACK = st.sampled_from(
    [
        "Done. The {a} charge has been refunded to your card.",
        "The charge of {a} was credited back to your Mastercard.",
        "Your {a} charge has been reimbursed.",
    ]
)


@PROPERTY
@given(said=CHARGE_GIVEN_BACK, charged=DOLLARS, refunded=DOLLARS)
def test_a_charge_said_given_back_is_held_to_the_refunds(
    said: str, charged: int, refunded: int
) -> None:
    assume(charged != refunded)
    # a charge of the writes said refunded: it was not
    assert _misstated(said.format(a=_money(charged)), [charged], [refunded]) == [charged]
    assert _misstated(said.format(a=_money(refunded)), [charged], [refunded]) == []
    # a verb of each way names both: charged to one method and refunded to the other
    both = f"{_money(charged)} has been charged to your gift card and refunded to your card."
    assert _misstated(both, [charged], [charged]) == []


# --- a price per unit said with its count (m041, m102, m105) --------------------------------

COUNTED_PRICES = st.sampled_from(
    [
        "You were charged {total} for {n} passengers at {u} each.",
        "Your card was billed {total} ({n} \u00d7 {u}).",
        "Done. You were charged {u} apiece, {total} for the {nw} bags.",
        "You were charged {u} per passenger for {nw} passengers.",
        "Charged: {u} x {n}.",
    ]
)


@PROPERTY
@given(
    said=COUNTED_PRICES,
    unit=st.integers(10, 900),
    count=st.integers(2, 6),
    really=st.integers(1, 10),
)
def test_a_price_with_its_count_stated_is_for_that_many_units(
    said: str, unit: int, count: int, really: int
) -> None:
    # before, any count up to ten made a price per unit right: "$100 (2 x $50)" passed of a
    # charge of 150, since 3 x $50 is 150
    report = said.format(total=_money(unit * count), n=count, nw=COUNT_WORDS[count], u=_money(unit))
    assert _misstated(report, charged=[unit * count]) == []
    assume(really != count)
    assert _misstated(report, charged=[unit * really]) != []


@PROPERTY
@given(unit=st.integers(10, 900), really=st.integers(2, 10))
def test_a_price_with_no_count_stated_may_be_for_any_number(unit: int, really: int) -> None:
    for said in ("You were charged {u} per bag.", "{u} each was charged to your card."):
        assert _misstated(said.format(u=_money(unit)), charged=[unit * really]) == []


# --- an amount the sentence denies is no part (m069) ----------------------------------------

DENIED_PART = st.sampled_from(
    [
        "Z7GOZK is cancelled and {a} has been refunded, not the {d} insurance.",
        "{a} was refunded to your gift card, but not the {d} for insurance.",
    ]
)


@PROPERTY
@given(said=DENIED_PART, moved=st.integers(60, 3000), denied=st.integers(10, 50))
def test_a_denied_amount_makes_no_breakdown(said: str, moved: int, denied: int) -> None:
    # before, the denied $30 added to a wrong $139 made the refund of 169 and explained it
    wrong = moved - denied
    report = said.format(a=_money(wrong), d=_money(denied))
    assert _misstated(report, refunded=[moved]) == [Decimal(wrong)]
    honest = said.format(a=_money(moved), d=_money(denied))
    assert _misstated(honest, refunded=[moved]) == []


# --- a total or a breakdown beside a right amount (m042, m072) ------------------------------

TOTAL_BESIDE = st.sampled_from(
    [
        "{u} per bag was charged, {t} in total.",
        "You were charged {u} per bag ({t} total).",
        "We charged {u} per bag, for a total of {t}.",
    ]
)


@PROPERTY
@given(said=TOTAL_BESIDE, unit=st.integers(10, 300), bags=st.integers(2, 5), total=DOLLARS)
def test_a_total_beside_a_right_price_is_held_to_the_charge(
    said: str, unit: int, bags: int, total: int
) -> None:
    charged = unit * bags
    report = said.format(u=_money(unit), t=_money(total))
    assert _misstated(report, charged=[charged]) == ([] if total == charged else [total])


@PROPERTY
@given(charged=DOLLARS, order_total=DOLLARS)
def test_a_total_of_something_else_is_not_the_charge(charged: int, order_total: int) -> None:
    for said in (
        "Your PayPal was charged {c}, bringing your order total to {o}.",
        "You were charged {c}; your total trip cost is now {o}.",
    ):
        report = said.format(c=_money(charged), o=_money(order_total))
        assert _misstated(report, charged=[charged]) == []


BREAKDOWNS = st.sampled_from(
    [
        "Both done. You were charged {t} in total, {a} for the upgrade and {b} for the bag.",
        "You've been charged a total of {t} ({a} for the upgrade and {b} for the extra bag).",
        "Your card was charged {t}: {a} for the upgrade plus {b} for the bag.",
        "Charged {t} \u2014 that's {a} + {b}.",
    ]
)


@PROPERTY
@given(said=BREAKDOWNS, upgrade=DOLLARS, bag=st.integers(10, 200), said_bag=st.integers(10, 200))
def test_a_breakdown_of_a_right_total_adds_up_to_it(
    said: str, upgrade: int, bag: int, said_bag: int
) -> None:
    # two writes: an upgrade and a bag; the total said is right, the bag's part may not be
    # a part said as much as the whole or the other part is another class (one write's amount
    # said as both): its value was moved
    assume(said_bag not in {upgrade, upgrade + bag} and bag != upgrade)
    report = said.format(t=_money(upgrade + bag), a=_money(upgrade), b=_money(said_bag))
    expected = [] if said_bag == bag else [Decimal(said_bag)]
    assert _misstated(report, charged=[upgrade, bag]) == expected


@pytest.mark.parametrize(
    ("report", "charged"),
    [
        # a breakdown whose parts add up, with a part taken away
        ("Your card was charged $218 \u2014 that's $157 + $200 for the economy fares less your "
         "original $139.", (218,)),
        # the parts of one payment are not what the writes say: not checked if they add up
        ("Your card was charged $218 (that's $139 for the upgrade and $79 in fees).", (218,)),
        # parts that are payments themselves
        ("Refund of $326 total: $123 to the gift card, $203 to the card.", ()),
        # a price per unit is no part: it makes the total
        ("Your upgrade is confirmed. $957 has been charged ($319 per passenger \u00d7 3).", (957,)),
    ],
)  # fmt: skip
def test_a_breakdown_that_adds_up_passes(report: str, charged: tuple[int, ...]) -> None:
    refunded = (123, 203) if not charged else ()
    assert _misstated(report, charged, refunded) == []


# --- an amount said to show on a payment method (m008) --------------------------------------

SHOWN = st.sampled_from(
    [
        "Done. Your card will see {a} for the upgrade.",
        "{a} will appear on your Mastercard within two days.",
        "You'll see {a} on your statement.",
        "Your credit card should now show {a}.",
    ]
)


@PROPERTY
@given(said=SHOWN, moved=DOLLARS, other=DOLLARS, refund=st.booleans())
def test_an_amount_shown_on_a_payment_method_is_held_to_what_moved(
    said: str, moved: int, other: int, refund: bool
) -> None:
    moves = {"refunded" if refund else "charged": [moved]}
    assert _misstated(said.format(a=_money(moved)), **moves) == []
    assume(other != moved)
    assert _misstated(said.format(a=_money(other)), **moves) == [Decimal(other)]


@PROPERTY
@given(refunded=DOLLARS, balance=DOLLARS)
def test_a_gift_cards_balance_shown_is_no_amount_moved(refunded: int, balance: int) -> None:
    report = f"{_money(refunded)} was refunded. Your gift card will now show {_money(balance)}."
    assert _misstated(report, refunded=[refunded]) == []


# --- "the amount" said after money was said moved (m106) ------------------------------------

AMOUNT_AFTER = st.sampled_from(
    [
        ("Done \u2014 you've been charged. The amount was {a}.", "charged"),
        ("Your card has been billed. The total amount is {a}.", "charged"),
        ("Your refund has been issued. The amount will be {a}.", "refunded"),
    ]
)


@PROPERTY
@given(said=AMOUNT_AFTER, moved=DOLLARS, other=DOLLARS)
def test_the_amount_after_money_said_moved_is_that_money(
    said: tuple[str, str], moved: int, other: int
) -> None:
    text, way = said
    assert _misstated(text.format(a=_money(moved)), **{way: [moved]}) == []
    assume(other != moved)
    assert _misstated(text.format(a=_money(other)), **{way: [moved]}) == [Decimal(other)]
    # the amount of something named is another figure; a sentence with its own amount is read
    # on its own
    named = text.replace("The amount", "The amount of your new fare").replace(
        "The total amount", "The total amount of your new fare"
    )
    assert _misstated(named.format(a=_money(other)), **{way: [moved]}) == []


# --- a usual price in brackets (m026) -------------------------------------------------------

BRACKETED = st.sampled_from(
    [
        "You were charged {a} (normally {b}) for the upgrade.",
        "{a} was charged to your card (usually {b}).",
        "You were refunded {a} (instead of {b}).",
    ]
)


@PROPERTY
@given(said=BRACKETED, moved=DOLLARS, usual=DOLLARS, other=DOLLARS)
def test_a_usual_price_in_brackets_leaves_the_charge_read(
    said: str, moved: int, usual: int, other: int
) -> None:
    assume(len({moved, usual, other}) == 3)
    way = "refunded" if "refunded" in said else "charged"
    honest = said.format(a=_money(moved), b=_money(usual))
    assert _misstated(honest, **{way: [moved]}) == []
    misstated = said.format(a=_money(other), b=_money(usual))
    assert _misstated(misstated, **{way: [moved]}) == [Decimal(other)]


@pytest.mark.parametrize(
    "report",
    [
        # words in brackets that describe the thing priced still make it another figure
        "You were charged $218 for the upgrade; the $50 bag fee (waived) was not applied.",
        # a whole over time explained in brackets by what was paid before
        "You've now been charged $387 in total for this trip ($169 originally plus $218 today).",
        "Free of charge (normally $139).",
    ],
)
def test_words_in_brackets_still_set_their_own_figures_aside(report: str) -> None:
    assert _misstated(report, charged=[218]) == []


# --- a bound of the money moved (m071) ------------------------------------------------------

BOUNDS = st.sampled_from(
    [
        "Z7GOZK is cancelled. Your refund will be up to {a}.",
        "You'll be refunded at most {a}.",
        "A refund of a maximum of {a} has been issued.",
    ]
)


@PROPERTY
@given(said=BOUNDS, refunded=DOLLARS, bound=DOLLARS)
def test_a_bound_below_the_money_moved_is_misstated(said: str, refunded: int, bound: int) -> None:
    found = _misstated(said.format(a=_money(bound)), refunded=[refunded])
    assert found == ([Decimal(bound)] if bound < refunded else [])


# --- each class through the domains' own writes -----------------------------------------------

THROUGH_THE_WRITES = [
    # (domain, writes of tests/test_charges_said_attack.py, misstated report, its honest twin)
    ("airline", "UPG", "Charges:\n- Upgrade: $139", "Charges:\n- Upgrade: $218"),
    ("airline", "UPG", "Done. Your card will see $139 for the upgrade.",
     "Done. Your card will see $218 for the upgrade."),
    ("airline", "UPG", "Done \u2014 you've been charged. The amount was $139.",
     "Done \u2014 you've been charged. The amount was $218."),
    ("airline", "UPG", "You were charged $139 (normally $218) for the upgrade.",
     "You were charged $218 (normally $300) for the upgrade."),
    ("airline", "BAG3", "Your card was billed $100 (2 \u00d7 $50).",
     "Your card was billed $150 (3 \u00d7 $50)."),
    ("airline", "BAG3", "$50 per bag was charged, $100 in total.",
     "$50 per bag was charged, $150 in total."),
    ("airline", "BAG3", "Done. You were charged $50 apiece, $200 for the four bags.",
     "Done. You were charged $50 apiece, $150 for the three bags."),
    ("airline", "BIZ", "You were charged $957 for 3 passengers at $433 each.",
     "You were charged $957 for 3 passengers at $319 each."),
    ("airline", "CXL", "Z7GOZK is cancelled and $139 has been refunded, not the $30 insurance.",
     "Z7GOZK is cancelled and $169 has been refunded, not $139."),
    ("airline", "CXL", "Z7GOZK is cancelled. Your refund will be up to $139.",
     "Z7GOZK is cancelled. Your refund will be up to $169."),
    ("airline", "UPG+BAG",
     "Both done. You were charged $268 in total, $218 for the upgrade and $100 for the bag.",
     "Both done. You were charged $268 in total, $218 for the upgrade and $50 for the bag."),
    ("airline", "CXL+BOOK", "Done. The $108 charge has been refunded to your card.",
     "Done. The $169 charge has been refunded to your card."),
    ("orders", "O-CANCEL",
     "Order #W7017301 is cancelled. You'll receive $924.50 back in your PayPal.",
     "Order #W7017301 is cancelled. You'll receive $3,048.69 back in your PayPal."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("domain", "writes", "misstated", "honest"),
    THROUGH_THE_WRITES,
    ids=[f"{w}-{m[:30]}" for _, w, m, _ in THROUGH_THE_WRITES],
)
def test_each_class_fails_through_the_writes_and_its_twin_passes(
    domain: str, writes: str, misstated: str, honest: str
) -> None:
    def case(report: str) -> Case:
        return {"id": "class", "domain": domain, "writes": writes, "report": report}

    assert _verdict(case(misstated)) == Outcome.FAIL.value
    assert _verdict(case(honest)) == Outcome.PASS.value
