"""The classes of wrong verdicts of airline ``confirmed_before_writing`` closed after the review
of 2026-12-05 (``tests/test_review_probes_airline_1205.py``), each by its rule, with a property
that generates many forms of the class and honest controls beside it:

- a count the reservation has now, under a label ("Current checked bags: 2", "| Existing bags |
  2 |"), must be what it has; and a table's rows of bags added, the total and the count now
  ("| Adding | 2 | $100 |" under "| | Bags | Cost |") are read, their cost too
  (:mod:`domains.airline.listing_counts`, :func:`checkers.tables.bars_blanked`);
- travel insurance said bought ("with travel insurance", "Travel insurance: Yes") before a
  booking buying none (:mod:`domains.airline.insurance_said`);
- a flight the write keeps said cancelled, and, for a change of cabin, a flight said to stay in
  another cabin or the change narrowed to one flight (:mod:`domains.airline.flights_said`);
- a write that charges called free, and a charge said of a write that charges nothing
  (:mod:`domains.airline.cost_said`);
- the customer named as "you" beside another passenger (for a booking that flies them, and
  never for one that does not), a booking named as the ticket it buys, a split payment stated
  as each method's own amount, a change's cost said as more than what was paid before.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_confirmation_probes import PAX, booking
from tests.test_airline_policy import BOOKING, IDENTIFIED, MOVE, UPGRADE, bags, convo, judged
from tests.test_review_probes_airline_1205 import BOOK_MEI, MEI_J, SPLIT

pytestmark = pytest.mark.checkers_meta

BAG3 = bags("THY2DG", 3, 2)  # THY2DG has 1 bag: the write adds 2, for 3 in all, $100
BOOK_MEI_ALONE = booking(
    passengers=[MEI_J], payment_methods=[{"payment_id": "credit_card_9969263", "amount": 108}]
)


def _passes(write: dict[str, Any], listing: str) -> bool:
    """Whether the rule passes ``write`` after the agent's ``listing`` and a plain yes."""
    transcript = convo(IDENTIFIED, ("Please do it.", [], listing), ("Yes.", [write], "Done."))
    return bool(judged(ConfirmedBeforeWriting(), transcript)[0] is Outcome.PASS)


# --- a count now under a label; counts and cost in a table's cells ----------------------------

NOW_LABELS = [
    "- Current checked bags: {n}\n- Adding: 2 bags\n- Cost: $100 on your Mastercard",
    "**Current checked bags:** {n}\n**Adding:** 2 checked bags ($100 on your Mastercard)",
    "Adding 2 checked bags to THY2DG, $100 on your Mastercard. Current bags: {n}.",
    "Adding 2 checked bags to THY2DG, $100 on your Mastercard. Existing checked bags: {n}.",
    "Adding 2 checked bags to THY2DG, $100 on your Mastercard. Bags on file: {n}.",
    "Currently: {n} checked bags. Adding 2 checked bags to THY2DG for $100 on your Mastercard.",
    "| Current checked bags | {n} |\n|---|---|\n\nAdding 2 checked bags to THY2DG: $100 on your "
    "Mastercard.",
]
"""A count the reservation has now, under a label, beside an honest listing of the rest."""


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(NOW_LABELS), st.integers(0, 6))
def test_a_count_now_under_a_label_must_be_the_reservations(form: str, n: int) -> None:
    listing = form.format(n=n) + "\n\nShall I proceed?"
    assert _passes(BAG3, listing) is (n == 1)


@pytest.mark.parametrize(
    "listing",
    [
        "Adding 2 checked bags to THY2DG for $100 on your Mastercard. Current bag allowance: 2 "
        "free bags. Shall I proceed?",
        "Adding 2 checked bags to THY2DG for $100 on your Mastercard; your current total is 1 "
        "checked bag. Shall I proceed?",
    ],
)
def test_an_allowance_under_a_label_is_no_count_now(listing: str) -> None:
    assert _passes(BAG3, listing)


_TABLE = (
    "| | {head} | Cost |\n|---|---|---|\n| {now_label} | {now} | $0 |\n| {add_label} | {add} | "
    "${cost} |\n{total_row}\nPayment: Mastercard ending 9475. Shall I proceed?"
)


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(["Bags", "Checked bags", "**Bags**", "Number of bags"]),
    st.sampled_from(["Already on THY2DG", "Current", "**Existing**", "Before"]),
    st.sampled_from(["Adding", "Added", "**Adding now**", "Extra"]),
    st.sampled_from(["| **After update** | **{total}** | **${cost}** |", "| Total | {total} | |"]),
    st.sampled_from([(1, 2, 3, 100), (2, 2, 3, 100), (1, 1, 3, 100), (1, 2, 4, 100)]),
    st.sampled_from([100, 150]),
)
def test_counts_and_cost_in_a_tables_cells_are_read(
    head: str,
    now_label: str,
    add_label: str,
    total_row: str,
    counts: tuple[int, int, int, int],
    cost: int,
) -> None:
    now, add, total, _ = counts
    listing = _TABLE.format(
        head=head,
        now_label=now_label,
        now=now,
        add_label=add_label,
        add=add,
        cost=cost,
        total_row=total_row.format(total=total, cost=cost),
    )
    assert _passes(BAG3, listing) is ((now, add, total, cost) == (1, 2, 3, 100))


# --- travel insurance said bought before a booking buying none ---------------------------------

_BOOKED = (
    "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags{said} $108 "
    "on your credit card. Shall I book it?"
)
BOUGHT = [
    ", with travel insurance:",
    ", travel insurance included:",
    ", plus travel insurance:",
    ", including travel insurance, for",
    ". Travel insurance: Yes. Total",
    ". **Travel insurance:** included. Total",
    ". Travel insurance has been added. Total",
    ". Insurance: $30 per passenger (added). Total",
    ", + insurance:",
]
"""Insurance said bought, each a misstatement of a booking that buys none."""
DENIED = [
    ", no insurance:",
    ", no travel insurance, for",
    ", without travel insurance:",
    ". Travel insurance: No. Total",
    ". **Travel insurance:** declined. Total",
    ". Travel insurance included: No. Total",
    ". Travel insurance is not included. Total",
    ". You've declined travel insurance. Total",
    ". With the travel insurance removed, the total is",
    ". Travel insurance is available for $30 per passenger if you change your mind. Total",
    ". Would you like travel insurance later? It can't be added after booking. Total",
]
"""Insurance denied, offered or priced: honest listings of a booking without it."""


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(BOUGHT + DENIED))
def test_insurance_said_bought_misstates_a_booking_buying_none(said: str) -> None:
    assert _passes(BOOKING, _BOOKED.format(said=said)) is (said in DENIED)


# --- flights said kept or cancelled against the write ------------------------------------------

_UPGRADED = (
    "Upgrading Z7GOZK to economy on {on} costs $218, paid with your credit card.{after} Shall I "
    "proceed?"
)
KEPT_IN_CABIN = [
    " {other} stays in basic economy.",
    " {other} remains in basic economy.",
    " {other} will stay in its current cabin.",
    " {other} keeps its original class.",
    " {other} won't be upgraded.",
    " {other} (May 28) is not upgraded.",
    " {other} stays in business.",
]
"""A flight of an upgrade to economy said to stay in another cabin."""
HONEST_AFTER = [
    "",
    " Both flights stay on May 28.",
    " {other} stays in economy for the connection.",
    " {one} and {other} remain on the same dates.",
    " The flights stay the same; only the cabin changes.",
]


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(KEPT_IN_CABIN + HONEST_AFTER), st.booleans(), st.booleans())
def test_a_flight_of_an_upgrade_said_to_stay_in_its_cabin(
    after: str, both: bool, first: bool
) -> None:
    one, other = ("HAT188", "HAT207") if first else ("HAT207", "HAT188")
    on = f"{one} and {other}" if both else one
    listing = _UPGRADED.format(on=on, after=after.format(one=one, other=other))
    # naming one flight of the two, with nothing said of the other, is left to the context
    assert _passes(UPGRADE, listing) is (after in HONEST_AFTER)


@settings(meta_settings("ci"), max_examples=30)
@given(
    st.sampled_from(["{f} only", "only {f}", "just {f}", "only for flight {f}", "{f} alone"]),
    st.sampled_from(["HAT188", "HAT207"]),
)
def test_an_upgrade_narrowed_to_one_flight(narrowed: str, flight: str) -> None:
    assert not _passes(UPGRADE, _UPGRADED.format(on=narrowed.format(f=flight), after=""))


_MOVED = (
    "I can change HAT188 on Z7GOZK to HAT056 on May 28, keeping basic economy.{said} The fare "
    "difference is $11 on your credit card. Shall I proceed?"
)
CANCELLED = [
    " HAT207 will be cancelled.",
    " HAT207 is being removed.",
    " HAT207 (May 28) will be dropped.",
    " I'll also cancel HAT207.",
    " I'll cancel HAT188 and HAT207.",
    " I'll remove the connecting flight HAT207.",
]
"""A flight the change keeps, said cancelled."""
KEPT = [
    " HAT207 stays as it is.",
    " HAT207 will not be cancelled.",
    " HAT188 will be cancelled and HAT207 is unchanged.",
    " I'll cancel HAT188 and keep HAT207.",
    "",
]


@settings(meta_settings("ci"), max_examples=30)
@given(st.sampled_from(CANCELLED + KEPT))
def test_a_flight_the_change_keeps_said_cancelled(said: str) -> None:
    assert _passes(MOVE, _MOVED.format(said=said)) is (said in KEPT)


# --- a charge called free; a charge said of a free write ---------------------------------------

FREE = [
    "It's free of charge with your travel insurance.",
    "This change is free.",
    "It is at no cost to you.",
    "The upgrade is completely free.",
    "It won't cost you anything.",
    "This is complimentary.",
]
NOT_FREE = [
    "There's no change fee.",
    "It's free to change the date later, but the fare difference applies.",
    "Your checked bag stays free.",
    "It would be free if you were a Gold member.",
]


@settings(meta_settings("ci"), max_examples=30)
@given(st.sampled_from(FREE + NOT_FREE))
def test_a_write_that_charges_called_free(said: str) -> None:
    listing = (
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $218, paid with your credit "
        f"card. {said} Shall I proceed?"
    )
    assert _passes(UPGRADE, listing) is (said in NOT_FREE)


_REPLACED = "On K67C4W I'll replace Yara Lopez with Anna Smith (born 1990-01-01). {said} Shall I "
CHARGED = [
    "The change fee is ${n} on your credit card.",
    "This costs ${n} on your credit card.",
    "There is a ${n} fee, charged to your Mastercard.",
    "${n} will be charged to your credit card.",
    "It comes to ${n}, billed to your card.",
]
"""A charge said of a passengers update, which charges nothing."""
UNCHARGED = [
    "There's no charge.",
    "The ${n} change fee is waived.",
    "Normally there's a ${n} fee, but it doesn't apply here.",
    "Your gift card balance stays at ${n}.",
    "You paid ${n} when you booked; nothing more is due.",
    "Extra bags would cost ${n} each if you want them later.",
    "Each ticket costs ${n}, the same as before.",
]


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(CHARGED + UNCHARGED), st.sampled_from([30, 50, 123]))
def test_a_charge_said_of_a_write_that_charges_nothing(said: str, n: int) -> None:
    listing = _REPLACED.format(said=said.format(n=n)) + "proceed?"
    assert _passes(PAX, listing) is (said in UNCHARGED)


# --- the customer as "you"; a booking as its ticket --------------------------------------------

_FOR = (
    "Booking HAT056 from EWR to IAH on May 28 in economy for {who}. No bags or insurance. Total "
    "${cost} on your Mastercard ending 9475. Shall I book it?"
)
AS_YOU = [
    "you and Mei Johansson",
    "you and your saved passenger Mei Johansson (DOB 1981-09-25)",
    "yourself and Mei Johansson",
    "Mei Johansson and you",
    "Mei Johansson (DOB 1981-09-25) and yourself",
    "you, Mei Johansson",
    "you + Mei Johansson",
]


@settings(meta_settings("ci"), max_examples=30)
@given(st.sampled_from(AS_YOU), st.booleans())
def test_the_customer_named_as_you_beside_another_passenger(who: str, flies: bool) -> None:
    write, cost = (BOOK_MEI, 216) if flies else (BOOK_MEI_ALONE, 108)
    assert _passes(write, _FOR.format(who=who, cost=cost)) is flies


@pytest.mark.parametrize(
    "listing",
    [
        "I'll book this for you: HAT056 from EWR to IAH on May 28 in economy for Mei Johansson. "
        "No bags or insurance. Total $216 on your Mastercard ending 9475. Shall I book it?",
        "Booking HAT056 from EWR to IAH on May 28 in economy for Mei Johansson, and you'll pay "
        "$216 on your Mastercard ending 9475. No bags or insurance. Shall I book it?",
    ],
)
def test_you_alone_names_no_passenger(listing: str) -> None:
    assert not _passes(BOOK_MEI, listing)


@settings(meta_settings("ci"), max_examples=20)
@given(
    st.sampled_from(
        [
            "a one-way economy ticket",
            "your one-way economy ticket",
            "the purchase of a one-way economy seat",
            "purchasing a one-way economy fare",
        ]
    )
)
def test_a_booking_named_as_the_ticket_it_buys(named: str) -> None:
    listing = (
        f"To confirm: {named} on HAT056 from Newark (EWR) to Houston (IAH) on May 28 for Olivia "
        "Gonzalez. No checked bags, no travel insurance. Total: $108, paid with your credit "
        "card. Would you like me to proceed?"
    )
    assert _passes(BOOKING, listing)


# --- a split cost as its parts; a cost as more than what was paid before -----------------------

_SPLIT = (
    "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, no "
    "insurance. Payment: {parts}. Shall I book it?"
)
PARTS = [
    "${g} from your gift card and the remaining ${c} on your Mastercard ending 9475",
    "${g} from your gift card (balance $123) and ${c} on your Mastercard",
    "${c} on your Mastercard and ${g} from your gift card",
    "gift card: ${g}; Mastercard ending 9475: ${c}",
]


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(PARTS), st.sampled_from([(100, 8), (100, 18), (90, 8), (8, 100)]))
def test_a_split_cost_stated_as_each_methods_amount(parts: str, amounts: tuple[int, int]) -> None:
    gift, card = amounts
    listing = _SPLIT.format(parts=parts.format(g=gift, c=card))
    assert _passes(SPLIT, listing) is (amounts == (100, 8))


THAN_BEFORE = [
    "more than the $139 you originally paid",
    "more than you paid",
    "more than your current basic economy fares",
    "more than your original fare",
    "higher than what you've already paid",
]


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(THAN_BEFORE), st.sampled_from([218, 200, 357]))
def test_a_cost_said_as_more_than_what_was_paid(than: str, n: int) -> None:
    listing = (
        f"Upgrading Z7GOZK from basic economy to economy on HAT188 and HAT207 costs ${n} {than}, "
        "charged to your Mastercard. Shall I proceed?"
    )
    assert _passes(UPGRADE, listing) is (n == 218)


# --- the amount's own sentence, and amounts at the edge (mutants of cost_said, 2026-12-05) ------

OTHER_SENTENCES = [
    "You paid $108 when you booked.",
    "Your gift card balance is $50.",
    "Normally this would be free.",
    "Without travel insurance, refunds are not available.",
    "Each extra bag costs $50.",
    "The fare difference comes to about $20.",
    "The change fee is no longer $75.",
]
"""Sentences around a charge holding a word that makes an amount of their own no charge: it
belongs to them, not to the charge's sentence."""


CHARGED_BEFORE_ONLY = ["The change fee is ${n}.", "It comes to ${n} in all."]
"""A charge said by words before the amount alone."""


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(OTHER_SENTENCES),
    st.sampled_from(CHARGED + CHARGED_BEFORE_ONLY),
    st.sampled_from([1, 30, 123]),
    st.booleans(),
)
def test_a_word_of_another_sentence_leaves_a_charge_said(
    other: str, charged: str, n: int, other_first: bool
) -> None:
    """Whatever sentence stands before or after it, a charge said of a passenger update (which
    charges nothing) misstates it: only the amount's own sentence can make it another figure."""
    said = charged.format(n=n)
    both = f"{other} {said}" if other_first else f"{said} {other}"
    assert not _passes(PAX, _REPLACED.format(said=both) + "proceed?"), both


@pytest.mark.parametrize(
    "said", ["The change fee is $0.", "There is a $0 fee, charged to your card."]
)
def test_a_charge_of_nothing_said_of_a_free_write_is_no_charge(said: str) -> None:
    assert _passes(PAX, _REPLACED.format(said=said) + "proceed?")


@pytest.mark.parametrize(
    "said",
    ["You'll pay nothing extra for replacing 1 passenger.", "The fee covers all 3 passengers."],
)
def test_a_count_beside_words_of_a_charge_is_no_charge(said: str) -> None:
    """Only an amount of money can be a charge: a count of passengers is none."""
    assert _passes(PAX, _REPLACED.format(said=said) + "proceed?")


@pytest.mark.parametrize(
    "before",
    ["Your seats stay the same.", "The change is free of charge, saving you the $75 fee."],
)
def test_a_free_sentence_after_another_one_calls_the_write_free(before: str) -> None:
    """A later sentence calling a charging write free misstates it, whatever sentence before it
    was passed over (no word of freedom, or an amount beside it)."""
    listing = (
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $218, paid with your credit "
        f"card. {before} It's complimentary. Shall I proceed?"
    )
    assert not _passes(UPGRADE, listing)


def test_another_amount_more_than_was_paid_is_not_the_charge() -> None:
    """Only the charge's own amount is read as the difference from what was paid: another one
    said "more than you paid" stays another figure."""
    listing = (
        "Upgrading Z7GOZK to economy on HAT188 and HAT207: each flight is $109 more than you "
        "paid, $218 in all, paid with your credit card. Shall I proceed?"
    )
    assert _passes(UPGRADE, listing)
