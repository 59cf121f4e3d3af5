"""Classes of misstated charges that need what the domain knows of each write beyond its payments
(:class:`checkers.charges_said.Terms`), and two that follow from a right amount: each class in
several wordings beside its honest twin, then a property that would have found it.

The attack kept as data (``tests/probes/charges_said.json``) left these passing:

- a price per unit whose multiple by some count is what moved, but not by the count of the unit
  it names ("You were charged $109 per passenger" of $218 for one passenger, m019; "$75 each for
  the bags" of $150 for three paid bags, m040): a price naming its units, given no count, is for
  the writes' own count of them;
- a part said for what one write paid for as a whole that is not that write's ("$238 for the
  upgrade and $30 for the bag" of $218 and $50, the review's probe; "$218 for the upgrade and
  the bag", m073; "that's $139 for the upgrade and $79 in fees" of an upgrade of $218, m104);
- a deduction taken from a right amount ("A refund of $169 was issued, minus a $30 fee", m062):
  the net is no refund made;
- an amount named the total of the writes just made in a sentence of its own ("Your total for
  this change was $139", m020).

Each is checked on the core reading with the writes' amounts and terms given, and the wordings
once more through the airline's own writes (the attack's replay,
:func:`tests.test_charges_said_attack._verdict`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from importlib import import_module

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from checkers.charges_said import Terms, charges_misstated
from checkers.results import Outcome
from domains.airline.fabrication import WRITE_NAMES
from tests.listing_slots import Case
from tests.test_airline_binding import PROPERTY

_verdict: Callable[[Case], str] = import_module("tests.test_charges_said_attack")._verdict
_moved: Callable[[Iterable[int]], frozenset[Decimal]] = import_module(
    "tests.test_charges_said_classes"
)._moved
"""The attack's replay of its writes and verdict on a report, and what a report may say moved
(each payment and the sums of payments), taken by name (as ``tests/test_charges_said_classes.py``
does) so that the type checker of this file does not also check their modules."""

pytestmark = pytest.mark.checkers_meta

UPGRADE = WRITE_NAMES["update_reservation_flights"]
BAGS = WRITE_NAMES["update_reservation_baggages"]
PRICES = st.integers(min_value=5, max_value=900)
COUNTS = st.integers(min_value=1, max_value=9)
DOLLARS = st.integers(min_value=20, max_value=3000)


def _misstated(
    report: str,
    charged: Iterable[int] = (),
    refunded: Iterable[int] = (),
    writes: Iterable[tuple[Terms, Iterable[int]]] = (),
) -> list[Decimal]:
    """The amounts ``report`` misstates after writes that charged and refunded these, each
    write's terms with its payments (a refund negative) in ``writes``."""
    terms = [(t, tuple(Decimal(p) for p in paid)) for t, paid in writes]
    found = charges_misstated(report, _moved(charged), _moved(refunded), terms)
    return [q.value for q in found]


def _counted(counts: Mapping[str, int], charged: int, names: str = "") -> tuple[Terms, list[int]]:
    """One write charging ``charged`` for these numbers of units of each kind."""
    return Terms({kind: frozenset({n}) for kind, n in counts.items()}, names), [charged]


def _replayed(writes: str, report: str) -> str:
    """The attack's verdict on ``report`` after its writes ``writes``."""
    return _verdict({"id": "units", "domain": "airline", "writes": writes, "report": report})


# --- a price per unit is for the count of the unit it names (m019, m040) ----------------------

PER_UNIT = [
    # (writes, misstated, honest): UPG is one passenger on two flights ($218), BIZ three
    # passengers on one flight ($957), BAG3 three bags paid for ($150)
    ("UPG", "Done. You were charged $109 per passenger.",
     "Done. You were charged $218 per passenger."),
    ("UPG", "Done. You were charged $109 per traveler.", "Done. You were charged $109 per flight."),
    ("UPG", "Done. Each passenger was charged $109.", "Done. You were charged $109 per segment."),
    ("UPG", "You were charged $218 per flight.", "You were charged $109 per passenger per flight."),
    ("BIZ", "You were charged $478.50 per passenger.", "You were charged $319 per passenger."),
    ("BIZ", "Your card was charged $957 per passenger.",
     "Your card was charged $319 per traveler."),
    ("BAG3", "We charged $75 each for the bags.", "We charged $50 each for the bags."),
    ("BAG3", "You were charged $75 per bag.", "You were charged $50 per bag."),
    ("BAG3", "Your card was billed $150 per checked bag.",
     "Your card was billed $50 per checked bag."),
]  # fmt: skip


COUNTLESS = [
    # a price naming a unit of a kind the writes do not count may be for any count; one naming
    # none is for a count of some kind they do (tests/test_charges_said_before.py); a count the
    # report states is the one held (as before)
    ("UPG", "Done. You were charged $109 each."),
    ("BAG3", "You were charged $50 each."),
    ("UPG", "Done. You were charged $109 per night."),
    ("BIZ", "Charged: 3 \u00d7 $319 = $957"),
    ("BIZ", "You were charged $319 \u00d7 3."),
    ("BAG3", "Three bags added at $50 each — $150 charged to your Mastercard."),
]


@pytest.mark.parametrize(("writes", "honest"), COUNTLESS)
def test_a_price_per_unit_the_writes_do_not_count_may_be_for_any_count(
    writes: str, honest: str
) -> None:
    assert _replayed(writes, honest) == Outcome.PASS.value


UNIT_WORDS = st.sampled_from(
    [
        ("You were charged {p} per passenger.", "travellers"),
        ("Your card was charged {p} per traveler.", "travellers"),
        ("Each passenger was charged {p}.", "travellers"),
        ("We charged {p} each for the bags.", "bags"),
        ("You were charged {p} per checked bag.", "bags"),
        ("You were charged {p} per flight.", "segments"),
    ]
)


@PROPERTY
@given(said=UNIT_WORDS, price=PRICES, count=COUNTS, other=COUNTS, each=PRICES)
def test_a_price_per_unit_must_make_what_moved_by_the_count_of_its_unit(
    said: tuple[str, str], price: int, count: int, other: int, each: int
) -> None:
    # the write charged price x count for `count` units of the kind named; `other` units of
    # every other kind: a price per unit is right only multiplied by its own kind's count
    text, kind = said
    counts = {k: other for k in ("travellers", "bags", "segments")} | {kind: count}
    write = _counted(counts, price * count)
    assert _misstated(text.format(p=f"${price}"), charged=[price * count], writes=[write]) == []
    assume(each * count != price * count)
    found = _misstated(text.format(p=f"${each}"), charged=[price * count], writes=[write])
    assert found == [Decimal(each)]


@PROPERTY
@given(said=UNIT_WORDS, price=PRICES, count=COUNTS)
def test_without_the_writes_counts_a_price_per_unit_may_be_for_any_count(
    said: tuple[str, str], price: int, count: int
) -> None:
    # a domain that gives no counts keeps the reading of before: any count up to ten
    assert _misstated(said[0].format(p=f"${price}"), charged=[price * count]) == []


# --- a part said for one write is that write's (the review's probe, m073, m104) ----------------

PARTS = [
    # (writes, misstated, honest): UPG+BAG is an upgrade of $218 then a bag of $50
    ("UPG+BAG", "Both done. Your card was charged $218 for the upgrade and the bag.",
     "Both done. Your card was charged $268 for the upgrade and the bag."),
    ("UPG+BAG", "Both done. You were charged $238 for the upgrade and $30 for the bag.",
     "Both done. You were charged $218 for the upgrade and $50 for the bag."),
    ("UPG+BAG", "Both done.\nCharges:\n- Upgrade: $238\n- Bag: $30\n- Total: $268",
     "Both done.\nCharges:\n- Upgrade: $218\n- Bag: $50\n- Total: $268"),
    ("UPG+BAG", "Both done. You were charged $268 in total: $50 for the upgrade and $218 for "
     "the bag.", "Both done. You were charged $268 in total: $218 for the upgrade and $50 for "
     "the bag."),
    ("UPG", "Your card was charged $218 (that's $139 for the upgrade and $79 in fees).",
     "Your card was charged $218 (that's $157 + $200 for the economy fares less your original "
     "$139)."),
    ("UPG", "Your card was charged $218 (that's $139 for the upgrade and $79 in fees).",
     "Your card was charged $218 for the upgrade ($105 for HAT188 and $113 for HAT207)."),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "misstated", "honest"), PER_UNIT + PARTS)
def test_a_misstated_wording_fails_beside_its_honest_twin(
    writes: str, misstated: str, honest: str
) -> None:
    # a price per unit is for the writes' count of its unit; a part said for one write is held
    # to its payment
    assert _replayed(writes, honest) == Outcome.PASS.value
    assert _replayed(writes, misstated) == Outcome.FAIL.value


UNNAMED_PARTS = [
    # parts of one write's payment named by no write's words: how it splits the writes do not say
    ("BOOK2", "Booked. You were charged $326: $266 for the flights and $60 for insurance."),
    ("BOOK2", "You were charged $326 in total, which includes $216 for the flights, $60 for "
     "insurance and $50 for one extra bag."),
    ("UPG+BAG", "Your upgrade and bag are done: $218 for the upgrade and $50 for the bag were "
     "charged to your Mastercard, $268 in total."),
    ("UPG+BAG", "You've been charged a total of $268 ($218 for the upgrade and $50 for the extra "
     "bag)."),
    ("CXL+BOOK", "Done. You'll get $169 back for your cancellation, and $108 has been charged "
     "for the new booking."),
]  # fmt: skip


@pytest.mark.parametrize(("writes", "honest"), UNNAMED_PARTS)
def test_parts_no_write_is_named_by_or_its_own_pass(writes: str, honest: str) -> None:
    assert _replayed(writes, honest) == Outcome.PASS.value


TWO_PARTS = st.sampled_from(
    [
        "Both done. You were charged {u} for the upgrade and {b} for the bag.",
        "Both done. You were charged {t} in total: {u} for the upgrade and {b} for the bag.",
        "Both done. Your card was charged {u} for the upgrade and {b} for the checked bag, {t} in "
        "all.",
        "Both done.\nCharges:\n- Upgrade: {u}\n- Bag: {b}\n- Total: {t}",
    ]
)


@PROPERTY
@given(said=TWO_PARTS, upgrade=DOLLARS, bag=DOLLARS, shift=st.integers(-200, 200))
def test_each_writes_part_is_its_own_payment(said: str, upgrade: int, bag: int, shift: int) -> None:
    # parts that add up to the writes' total but move money between them are misstated
    assume(upgrade != bag)
    writes = [(Terms(names=UPGRADE), [upgrade]), (Terms(names=BAGS), [bag])]
    total = upgrade + bag
    honest = said.format(u=f"${upgrade}", b=f"${bag}", t=f"${total}")
    assert _misstated(honest, charged=[upgrade, bag], writes=writes) == []
    u, b = upgrade + shift, bag - shift
    assume(shift != 0 and u > 0 and b > 0)
    moved = said.format(u=f"${u}", b=f"${b}", t=f"${total}")
    assert _misstated(moved, charged=[upgrade, bag], writes=writes) != []


@PROPERTY
@given(upgrade=DOLLARS, bag=DOLLARS)
def test_one_writes_amount_said_as_both_is_misstated(upgrade: int, bag: int) -> None:
    writes = [(Terms(names=UPGRADE), [upgrade]), (Terms(names=BAGS), [bag])]
    said = "Both done. Your card was charged {a} for the upgrade and the bag."
    both = _misstated(said.format(a=f"${upgrade + bag}"), charged=[upgrade, bag], writes=writes)
    assert both == []
    assume(upgrade != bag)
    one = _misstated(said.format(a=f"${upgrade}"), charged=[upgrade, bag], writes=writes)
    assert one == [Decimal(upgrade)]


# --- a deduction taken from a right amount (m062) ----------------------------------------------

DEDUCTED = st.sampled_from(
    [
        "A refund of {r} was issued, minus a {f} fee, so you'll get {n}.",
        "You'll be refunded {r}, less a {f} cancellation fee.",
        "{R} has been refunded to your gift card minus the {f} insurance.",
    ]
)


@PROPERTY
@given(said=DEDUCTED, refunded=DOLLARS, fee=st.integers(min_value=1, max_value=200))
def test_a_deduction_from_what_moved_is_misstated(said: str, refunded: int, fee: int) -> None:
    assume(fee < refunded)
    r = f"${refunded}"
    text = said.format(r=r, R=r, f=f"${fee}", n=f"${refunded - fee}")
    assert _misstated(text, refunded=[refunded]) == [Decimal(fee)]


@PROPERTY
@given(refunded=DOLLARS, charged=DOLLARS)
def test_a_net_of_two_amounts_moved_is_no_deduction(refunded: int, charged: int) -> None:
    assume(refunded > charged)
    net = f"${refunded - charged}"
    report = f"Your net refund is {net} (${refunded} refunded minus ${charged} charged)."
    assert _misstated(report, charged=[charged], refunded=[refunded]) == []


# --- an amount named the total of the writes (m020) --------------------------------------------

TOTALS = st.sampled_from(
    [
        "Done. Your card was charged {a}. Your total for this change was {t}.",
        "Done. Your card was charged {a}. The total for the upgrade is {t}.",
        "Done, {a} was charged. Today's total is {t}.",
    ]
)
OTHER_TOTALS = st.sampled_from(
    [
        "Done. Your card was charged {a}. Your new reservation total is {t}.",
        "Done. Your card was charged {a}. Your total trip cost is now {t}.",
        "Done. Your card was charged {a}, bringing your order total to {t}.",
    ]
)


@PROPERTY
@given(said=TOTALS, other=OTHER_TOTALS, charged=DOLLARS, total=DOLLARS)
def test_a_total_of_the_writes_is_what_they_moved(
    said: str, other: str, charged: int, total: int
) -> None:
    a = f"${charged}"
    assert _misstated(said.format(a=a, t=a), charged=[charged]) == []
    # a total of something else (the reservation, the trip) is another figure
    assert _misstated(other.format(a=a, t=f"${total}"), charged=[charged]) == []
    assume(total != charged)
    assert _misstated(said.format(a=a, t=f"${total}"), charged=[charged]) == [Decimal(total)]
